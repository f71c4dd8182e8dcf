/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The blueprint reader (docs/BLUEPRINT_FORMAT.md): the dispatch on the
 * first byte to the v2 reader (ms-blueprint-reader-v2.c) or the v1 reader
 * (ms-blueprint-reader-v1.c), and what both use: the error messages, the
 * MapSize and town tier checks, the road blocks, and the biome range check.
 *
 * Every error names the file, the section and the byte offset it applies to,
 * so that "which byte is wrong" is never a question for the user.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include "ms-blueprint-reader-private.h"
#include "ms-grid-scan.h"
#include "ms-parallel.h"

void
_ms_blueprint_parser_error (MsBlueprintParser  *p,
                            GError            **error,
                            int                 code,
                            goffset             offset,
                            const char         *format,
                            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (p->tag != 0)
    {
      char tag[5];
      ms_section_tag_to_string (p->tag, tag);
      g_set_error (error, MS_BLUEPRINT_ERROR, code,
                   "%s: section %s (at offset %" G_GOFFSET_FORMAT "), offset %" G_GOFFSET_FORMAT
                   ": %s", p->name, tag, p->section_offset, offset, message);
    }
  else
    {
      g_set_error (error, MS_BLUEPRINT_ERROR, code,
                   "%s: offset %" G_GOFFSET_FORMAT ": %s", p->name, offset, message);
    }
}

gboolean
_ms_blueprint_parser_check_map_size (MsBlueprintParser  *p,
                                     gint32              map_size,
                                     goffset             offset,
                                     GError            **error)
{
  if (map_size >= MS_BLUEPRINT_MIN_SIZE && map_size <= MS_BLUEPRINT_MAX_SIZE)
    return TRUE;

  _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
                              "MapSize %d is outside the allowed range %d..%d",
                              map_size, MS_BLUEPRINT_MIN_SIZE, MS_BLUEPRINT_MAX_SIZE);
  return FALSE;
}

gboolean
_ms_blueprint_parser_check_town_tier (MsBlueprintParser  *p,
                                      guint               index,
                                      gint64              tier,
                                      goffset             offset,
                                      GError            **error)
{
  guint n_tiers = ms_profile_get_count (p->bp->profile, MS_PROFILE_TOWN_TIERS);

  if (tier >= 0 && tier < n_tiers)
    return TRUE;

  _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
                              "town %u has tier ordinal %" G_GINT64_FORMAT
                              ", but the profile “%s” knows %u tiers",
                              index, tier, ms_profile_get_name (p->bp->profile), n_tiers);
  return FALSE;
}

gboolean
_ms_blueprint_parser_read_roads (MsBlueprintParser  *p,
                                 MsWireReader       *r,
                                 MsRoadTier          tier,
                                 MsRoadCountFunc     read_count,
                                 GError            **error)
{
  g_autoptr(GArray) starts = NULL;
  g_autoptr(GArray) points = NULL;
  gint32 n_paths;

  if (!read_count (p, r, tier, -1, 0, &n_paths, error))
    return FALSE;

  starts = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint) n_paths + 1);
  points = g_array_new (FALSE, FALSE, sizeof (MsPoint));
  for (gint32 i = 0; i < n_paths; i++)
    {
      guint start = points->len;
      gint32 n_points;

      g_array_append_val (starts, start);
      if (!read_count (p, r, tier, i, points->len, &n_points, error))
        return FALSE;
      g_array_set_size (points, points->len + (guint) n_points);
      for (gint32 j = 0; j < n_points; j++)
        {
          MsPoint *pt = &g_array_index (points, MsPoint, start + (guint) j);
          ms_wire_read_f32 (r, &pt->x);
          ms_wire_read_f32 (r, &pt->y);
        }
    }

  {
    guint end = points->len;
    g_array_append_val (starts, end);
  }
  p->bp->road_starts[tier] = g_steal_pointer (&starts);
  p->bp->road_points[tier] = g_steal_pointer (&points);
  return TRUE;
}

/* Pixels checked between progress reports and cancellation checks: a
 * quarter of the map, between 4 and 16 Mi pixels of u8 biomes (a few
 * milliseconds from the page cache on two cores).  Each round costs a
 * wake-up of the workers: with 4 Mi rounds a 16K open took 21-22 ms, with
 * 16 Mi rounds 18-19 ms (bench/README.md, seventh round). */
#define CHECK_ROUND_MIN_PIXELS ((gsize) 4 << 20)
#define CHECK_ROUND_MAX_PIXELS ((gsize) 16 << 20)
/* The pixels a worker takes at a time, into a read buffer that stays in its
 * L2 cache while it is scanned. */
#define BIOME_READ_BYTES ((gsize) 256 << 10)

static gsize
find_bad_biome (const guint8 *base,
                gsize         stride,
                guint         width,
                gsize         start,
                gsize         end,
                guint         n_biomes)
{
  if (width == 1)
    {
      /* The vector max scan is cheap; only on failure look for the pixel. */
      if (ms_scan_max_u8 (base + start, end - start) < n_biomes)
        return G_MAXSIZE;
      for (gsize i = start; i < end; i++)
        if (base[i] >= n_biomes)
          return i;
      g_assert_not_reached ();
    }

  for (gsize i = start; i < end; i++)
    if (ms_wire_peek_u32 (base + i * stride) >= n_biomes)
      return i;
  return G_MAXSIZE;
}

typedef struct
{
  MsMapping    *mapping;  /* read with pread when it is a file (below) */
  const guint8 *base;
  gsize         stride;
  guint         width;
  guint         n_biomes;
  gsize         start;    /* the round's pixels: [start, end) */
  gsize         end;
  gint          next;     /* the next piece of the round a worker takes */
  gint          bad_piece; /* the first piece found to hold a bad pixel */
  gsize        *found;    /* per item: its first bad pixel, or G_MAXSIZE */
  /* An item a piece (in the background, so each item is short and the
   * pool's other work goes first), instead of a worker's loop over them. */
  gboolean      one_piece;
} BiomeCheck;

/* Workers take the round's pieces in order, as they come free, so neither
 * waits on the other's share.  The first bad pixel is still the one a
 * single pass would report: every piece before a bad one was taken before
 * it and is scanned to its end. */
static void
check_biome_part (guint    index,
                  gpointer user_data)
{
  BiomeCheck *c = user_data;
  gboolean copy = c->width == 1 && ms_mapping_is_file (c->mapping);
  static MsScratchSlot biome_check_slot;
  guint8 *buffer = copy ? ms_parallel_scratch (&biome_check_slot, BIOME_READ_BYTES) : NULL;

  c->found[index] = G_MAXSIZE;
  do
    {
      gint piece = g_atomic_int_add (&c->next, 1);
      gsize start = c->start + (gsize) piece * BIOME_READ_BYTES;
      gsize end, len;
      gint bad_piece;

      if (start >= c->end || piece > g_atomic_int_get (&c->bad_piece))
        return;
      end = MIN (c->end, start + BIOME_READ_BYTES);
      len = end - start;

      /* A file's u8 biomes are copied and scanned in the copy: mapping
       * page-cache pages in costs more than copying them on these machines
       * (bench/README.md, fourth round).  Only a piece that holds a bad
       * ordinal, or a copy that fails, is looked at again in place; the
       * mapping's guard covers that. */
      if (copy)
        {
          goffset offset = c->base + start - ms_mapping_get_data (c->mapping);

          if (ms_mapping_read (c->mapping, offset, buffer, len, NULL) &&
              ms_scan_max_u8 (buffer, len) < c->n_biomes)
            continue;
        }
      c->found[index] = find_bad_biome (c->base, c->stride, c->width, start, end, c->n_biomes);
      if (c->found[index] == G_MAXSIZE)
        continue;
      /* Pieces past this one need not be read. */
      do
        bad_piece = g_atomic_int_get (&c->bad_piece);
      while (piece < bad_piece && !g_atomic_int_compare_and_exchange (&c->bad_piece, bad_piece, piece));
      return;
    }
  while (!c->one_piece);
}

/* Biome ordinals are range-checked at parse time, turning enum drift into a
 * loud failure instead of silent reinterpretation.  This reads the whole
 * biome grid, the only part of opening that grows with the map's area, so it
 * reports progress and can be cancelled. */
gboolean
_ms_blueprint_parser_check_biomes (MsBlueprintParser  *p,
                                   GError            **error)
{
  MsBlueprint *bp = p->bp;
  guint n_biomes = ms_profile_get_count (bp->profile, MS_PROFILE_BIOMES);
  gsize n_pixels = (gsize) bp->map_size * bp->map_size;
  const guint8 *base = bp->biomes.base;
  gsize stride = bp->biomes.stride;
  gsize bad = G_MAXSIZE;
  guint n_workers = ms_parallel_get_n_workers ();
  gsize round = CLAMP (n_pixels / 4, CHECK_ROUND_MIN_PIXELS, CHECK_ROUND_MAX_PIXELS);
  guint max_pieces = (guint) ((round + BIOME_READ_BYTES - 1) / BIOME_READ_BYTES);
  g_autofree gsize *found = g_new (gsize, MAX (n_workers, max_pieces));
  BiomeCheck check = { bp->mapping, base, stride, bp->biome_width, n_biomes, 0, 0, 0, G_MAXINT, found,
                       p->background };

  /* Each round (a progress report, a look at Cancel) is shared among the
   * cores. */
  for (gsize start = 0; start < n_pixels && bad == G_MAXSIZE; start += round)
    {
      gsize end = MIN (n_pixels, start + round);
      guint n_items = p->background ? (guint) ((end - start + BIOME_READ_BYTES - 1) / BIOME_READ_BYTES)
                                    : n_workers;

      if (g_cancellable_set_error_if_cancelled (p->cancellable, error))
        return FALSE;
      check.start = start;
      check.end = end;
      check.next = 0;
      if (p->background)
        ms_parallel_for_background (n_items, check_biome_part, &check);
      else
        ms_parallel_for (n_items, check_biome_part, &check);
      /* The first bad pixel, as a single pass would report it. */
      for (guint i = 0; i < n_items; i++)
        bad = MIN (bad, found[i]);
      if (p->progress != NULL)
        p->progress ((double) end / n_pixels, p->progress_data);
    }

  if (bad == G_MAXSIZE)
    return TRUE;

  {
    const guint8 *at = base + bad * stride;
    gint64 value = bp->biome_width == 1 ? *at : (gint64) ms_wire_peek_i32 (at);

    _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, at - p->data,
                                "pixel (x=%" G_GSIZE_FORMAT ", y=%" G_GSIZE_FORMAT
                                ") has biome ordinal %" G_GINT64_FORMAT
                                ", but the profile “%s” knows %u biomes",
                                bad / bp->map_size, bad % bp->map_size, value,
                                ms_profile_get_name (bp->profile), n_biomes);
  }
  return FALSE;
}

/* ------------------------------------------------------------ dispatch --- */

static void
check_file_name (MsBlueprint *bp)
{
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *basename = NULL;
  const char *path = ms_mapping_get_path (bp->mapping);

  if (path == NULL || bp->format != MS_BLUEPRINT_FORMAT_V2 || bp->params.world_seed == 0)
    return;

  basename = g_path_get_basename (path);
  regex = g_regex_new ("^MapData_Seed_(-?[0-9]+)(_v1)?\\.dat$", G_REGEX_OPTIMIZE, 0, NULL);
  if (g_regex_match (regex, basename, 0, &match))
    {
      g_autofree char *digits = g_match_info_fetch (match, 1);
      gint64 seed = g_ascii_strtoll (digits, NULL, 10);

      if (seed != bp->params.world_seed)
        _ms_blueprint_add_warning (bp, "the file name says seed %s but PRMS says WorldSeed %d",
                                   digits, bp->params.world_seed);
    }
}

static MsBlueprintParser
parser_for (MsBlueprint    *self,
            MsProgressFunc  progress,
            gpointer        progress_data,
            GCancellable   *cancellable)
{
  return (MsBlueprintParser) {
    .bp = self,
    .name = ms_mapping_get_display_name (self->mapping),
    .data = ms_mapping_get_data (self->mapping),
    .length = ms_mapping_get_length (self->mapping),
    .progress = progress,
    .progress_data = progress_data,
    .cancellable = cancellable,
  };
}

gboolean
ms_blueprint_check_biomes (MsBlueprint   *self,
                           gboolean       background,
                           GCancellable  *cancellable,
                           GError       **error)
{
  MsBlueprintParser p;

  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);

  if (!self->biomes_unchecked)
    return TRUE;
  p = parser_for (self, NULL, NULL, cancellable);
  p.background = background;
  /* Named as _ms_blueprint_parse_v2 () names it. */
  p.tag = MS_SECTION_BIOM;
  p.section_offset = ms_blueprint_find_section (self, MS_SECTION_BIOM)->offset;
  if (!_ms_blueprint_parser_check_biomes (&p, error))
    return FALSE;
  self->biomes_unchecked = FALSE;
  return TRUE;
}

gboolean
_ms_blueprint_parse (MsBlueprint     *self,
                     MsProgressFunc   progress,
                     gpointer         progress_data,
                     GCancellable    *cancellable,
                     GError         **error)
{
  MsBlueprintParser p = parser_for (self, progress, progress_data, cancellable);
  gboolean ok;

  if (p.length == 0)
    {
      _ms_blueprint_parser_error (&p, error, MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT, 0,
                                  "the file is empty");
      return FALSE;
    }

  switch (p.data[0])
    {
    case 'I':
      ok = _ms_blueprint_parse_v2 (&p, error);
      break;
    case 0x07:
      ok = _ms_blueprint_parse_v1 (&p, error);
      break;
    default:
      _ms_blueprint_parser_error (&p, error, MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT, 0,
                                  "not a blueprint: the first byte is 0x%02x, expected 0x49 "
                                  "('I', v2) or 0x07 (v1)", p.data[0]);
      return FALSE;
    }

  if (ok)
    check_file_name (self);
  return ok;
}
