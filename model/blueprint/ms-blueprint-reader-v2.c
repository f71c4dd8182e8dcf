/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The v2 and v1 blueprint readers (docs/BLUEPRINT_FORMAT.md).  Both walk the file
 * once, validate every rule of the spec, decode the small sections and leave
 * each pixel grid as a view into the mapping.
 *
 * Every error names the file, the section and the byte offset it applies to,
 * so that "which byte is wrong" is never a question for the user.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include "ms-blueprint-private.h"
#include "ms-grid-scan.h"
#include "ms-parallel.h"
#include "ms-wire.h"

typedef struct
{
  MsBlueprint  *bp;
  const char   *name;      /* display name of the file, for messages */
  const guint8 *data;
  gsize         length;
  /* The section being parsed, for messages; tag 0 outside any section. */
  guint32       tag;
  goffset       section_offset;
  /* The one pass over a whole grid (the biome check) reports and stops. */
  MsProgressFunc progress;
  gpointer       progress_data;
  GCancellable  *cancellable;
  /* The biome check on the pool's idle time (ms_blueprint_check_biomes ()). */
  gboolean       background;
} Parser;

static void set_error (Parser     *p,
                       GError    **error,
                       int         code,
                       goffset     offset,
                       const char *format,
                       ...) G_GNUC_PRINTF (5, 6);

static void
set_error (Parser     *p,
           GError    **error,
           int         code,
           goffset     offset,
           const char *format,
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

/* A field read past the end of its section: the section is shorter than its
 * own contents say. */
static gboolean
field_overrun (Parser        *p,
               MsWireReader  *r,
               const char    *field,
               GError       **error)
{
  set_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, ms_wire_reader_offset (r),
             "%s runs past the section's declared length of %" G_GSIZE_FORMAT " bytes",
             field, r->length);
  return FALSE;
}

static gboolean
expect_consumed (Parser        *p,
                 MsWireReader  *r,
                 GError       **error)
{
  if (ms_wire_reader_remaining (r) == 0)
    return TRUE;

  set_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, ms_wire_reader_offset (r),
             "the section declares %" G_GSIZE_FORMAT " bytes but its contents end after %"
             G_GSIZE_FORMAT " (%" G_GSIZE_FORMAT " bytes left over)",
             r->length, r->pos, ms_wire_reader_remaining (r));
  return FALSE;
}

static gboolean
check_map_size (Parser   *p,
                gint32    map_size,
                goffset   offset,
                GError  **error)
{
  if (map_size >= MS_BLUEPRINT_MIN_SIZE && map_size <= MS_BLUEPRINT_MAX_SIZE)
    return TRUE;

  set_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
             "MapSize %d is outside the allowed range %d..%d",
             map_size, MS_BLUEPRINT_MIN_SIZE, MS_BLUEPRINT_MAX_SIZE);
  return FALSE;
}

static gboolean
read_string (Parser        *p,
             MsWireReader  *r,
             const char    *field,
             char         **out,
             GError       **error)
{
  goffset offset = ms_wire_reader_offset (r);
  gboolean valid_utf8 = TRUE;

  switch (ms_wire_read_dotnet_string (r, out, &valid_utf8))
    {
    case MS_WIRE_STRING_OK:
      if (!valid_utf8)
        _ms_blueprint_add_warning (p->bp, "%s at offset %" G_GOFFSET_FORMAT
                                   " is not valid UTF-8; invalid bytes were replaced",
                                   field, offset);
      return TRUE;

    case MS_WIRE_STRING_TRUNCATED:
      return field_overrun (p, r, field, error);

    case MS_WIRE_STRING_BAD_PREFIX:
    default:
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
                 "%s has an invalid 7-bit length prefix", field);
      return FALSE;
    }
}

/* ------------------------------------------------------------------ v2 --- */

static gboolean
parse_prms (Parser        *p,
            MsWireReader  *r,
            GError       **error)
{
  MsBlueprintParams *params = &p->bp->params;
  goffset size_offset;

  if (!ms_wire_read_i32 (r, &params->world_seed))
    return field_overrun (p, r, "WorldSeed", error);

  size_offset = ms_wire_reader_offset (r);
  if (!ms_wire_read_i32 (r, &params->map_size))
    return field_overrun (p, r, "MapSize", error);
  /* The size bound comes before anything is sized from MapSize. */
  if (!check_map_size (p, params->map_size, size_offset, error))
    return FALSE;
  p->bp->map_size = (guint) params->map_size;

  if (!ms_wire_read_f32 (r, &params->crater_radius))
    return field_overrun (p, r, "CraterRadius", error);
  if (!ms_wire_read_f32 (r, &params->density_multiplier))
    return field_overrun (p, r, "DensityMultiplier", error);
  if (!ms_wire_read_f32 (r, &params->impact_center_x))
    return field_overrun (p, r, "ImpactCenterX", error);
  if (!ms_wire_read_f32 (r, &params->impact_center_y))
    return field_overrun (p, r, "ImpactCenterY", error);
  if (!read_string (p, r, "GeneratedUtc", &params->generated_utc, error))
    return FALSE;
  if (!read_string (p, r, "GeneratorGitHash", &params->generator_git_hash, error))
    return FALSE;

  return expect_consumed (p, r, error);
}

static gboolean
parse_grid (Parser        *p,
            MsWireReader  *r,
            guint          bytes_per_pixel,
            MsGridView    *view,
            GError       **error)
{
  guint64 expected = (guint64) bytes_per_pixel * p->bp->map_size * p->bp->map_size;

  if (r->length != expected)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, r->base_offset - 8,
                 "length must be %u·MapSize² = %" G_GUINT64_FORMAT " bytes for MapSize %u, "
                 "but is %" G_GSIZE_FORMAT, bytes_per_pixel, expected, p->bp->map_size, r->length);
      return FALSE;
    }

  view->base = r->data;
  view->stride = bytes_per_pixel;
  return TRUE;
}

static gboolean
read_count (Parser        *p,
            MsWireReader  *r,
            const char    *what,
            gsize          min_bytes_each,
            gint32        *count,
            GError       **error)
{
  goffset offset = ms_wire_reader_offset (r);

  if (!ms_wire_read_i32 (r, count))
    return field_overrun (p, r, what, error);
  if (*count < 0)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset, "%s %d is negative", what, *count);
      return FALSE;
    }
  /* Cheap plausibility before anything is allocated from the count. */
  if ((guint64) *count * min_bytes_each > ms_wire_reader_remaining (r))
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, offset,
                 "%s %d needs at least %" G_GUINT64_FORMAT " bytes but the section has %"
                 G_GSIZE_FORMAT " left", what, *count, (guint64) *count * min_bytes_each,
                 ms_wire_reader_remaining (r));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_table_length (Parser        *p,
                    MsWireReader  *r,
                    const char    *what,
                    gint32         count,
                    gsize          bytes_each,
                    GError       **error)
{
  guint64 needed = (guint64) count * bytes_each;

  if (ms_wire_reader_remaining (r) == needed)
    return TRUE;

  set_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, r->base_offset - 8,
             "%d %s of %" G_GSIZE_FORMAT " bytes need %" G_GUINT64_FORMAT
             " bytes after the count, but the section leaves %" G_GSIZE_FORMAT,
             count, what, bytes_each, needed, ms_wire_reader_remaining (r));
  return FALSE;
}

static gboolean
check_town_tier (Parser   *p,
                 guint     index,
                 gint64    tier,
                 goffset   offset,
                 GError  **error)
{
  guint n_tiers = ms_profile_get_count (p->bp->profile, MS_PROFILE_TOWN_TIERS);

  if (tier >= 0 && tier < n_tiers)
    return TRUE;

  set_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
             "town %u has tier ordinal %" G_GINT64_FORMAT ", but the profile “%s” knows %u tiers",
             index, tier, ms_profile_get_name (p->bp->profile), n_tiers);
  return FALSE;
}

static gboolean
parse_town (Parser        *p,
            MsWireReader  *r,
            GError       **error)
{
  guint odd_flags = 0;
  gint32 count;

  if (!read_count (p, r, "town count", 10, &count, error))
    return FALSE;
  if (!check_table_length (p, r, "towns", count, 10, error))
    return FALSE;

  p->bp->towns = g_array_sized_new (FALSE, TRUE, sizeof (MsTown), (guint) count);
  for (gint32 i = 0; i < count; i++)
    {
      MsTown town;
      guint8 tier = 0, flag = 0;
      goffset tier_offset;

      ms_wire_read_f32 (r, &town.x);
      ms_wire_read_f32 (r, &town.y);
      tier_offset = ms_wire_reader_offset (r);
      ms_wire_read_u8 (r, &tier);
      ms_wire_read_u8 (r, &flag);
      if (!check_town_tier (p, (guint) i, tier, tier_offset, error))
        return FALSE;
      if (flag > 1)
        odd_flags++;
      town.tier = tier;
      town.highway_node = flag != 0;
      g_array_append_val (p->bp->towns, town);
    }

  if (odd_flags > 0)
    _ms_blueprint_add_warning (p->bp, "TOWN: %u towns have an isHighwayNode byte other than 0 or 1 "
                               "(read as true)", odd_flags);

  return expect_consumed (p, r, error);
}

static gboolean
parse_tcrv (Parser        *p,
            MsWireReader  *r,
            GError       **error)
{
  MsTerrainCurve *c = &p->bp->curve;

  if (r->length != MS_TERRAIN_CURVE_SIZE)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, r->base_offset - 8,
                 "length must be %d bytes, but is %" G_GSIZE_FORMAT,
                 MS_TERRAIN_CURVE_SIZE, r->length);
      return FALSE;
    }

  ms_wire_read_u16 (r, &c->version);
  for (guint i = 0; i < 4; i++)
    ms_wire_read_f32 (r, &c->knots[i]);
  ms_wire_read_f32 (r, &c->spike_max);
  ms_wire_read_f32 (r, &c->sea);
  ms_wire_read_f32 (r, &c->orange_ceil);
  ms_wire_read_f32 (r, &c->red_ceil);
  ms_wire_read_f32 (r, &c->bench_lo);
  ms_wire_read_f32 (r, &c->bench_hi);
  ms_wire_read_f32 (r, &c->peak_cap);
  ms_wire_read_f32 (r, &c->tail_slope);
  p->bp->has_curve = TRUE;

  return expect_consumed (p, r, error);
}

static gboolean
parse_wbtb (Parser        *p,
            MsWireReader  *r,
            GError       **error)
{
  guint odd_values = 0;
  gint32 count;

  if (!read_count (p, r, "water body count", 20, &count, error))
    return FALSE;
  if (!check_table_length (p, r, "water bodies", count, 20, error))
    return FALSE;

  p->bp->water_bodies = g_array_sized_new (FALSE, TRUE, sizeof (MsWaterBody), (guint) count);
  for (gint32 i = 0; i < count; i++)
    {
      MsWaterBody body;

      ms_wire_read_u16 (r, &body.id);
      ms_wire_read_u8 (r, &body.type);
      ms_wire_read_u8 (r, &body.salinity);
      ms_wire_read_f32 (r, &body.surface_level);
      ms_wire_read_i32 (r, &body.pixel_count);
      ms_wire_read_f32 (r, &body.centroid_x);
      ms_wire_read_f32 (r, &body.centroid_y);
      if (body.type > MS_WATER_TYPE_LAKE || body.salinity > 1)
        odd_values++;
      g_array_append_val (p->bp->water_bodies, body);
    }

  if (odd_values > 0)
    _ms_blueprint_add_warning (p->bp, "WBTB: %u water bodies have a type or salinity other than "
                               "0 or 1", odd_values);

  return expect_consumed (p, r, error);
}

static gboolean
parse_roads (Parser        *p,
             MsWireReader  *r,
             MsRoadTier     tier,
             GError       **error)
{
  g_autoptr(GArray) starts = NULL;
  g_autoptr(GArray) points = NULL;
  gint32 n_paths;

  if (!read_count (p, r, "path count", 4, &n_paths, error))
    return FALSE;

  starts = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint) n_paths + 1);
  points = g_array_new (FALSE, FALSE, sizeof (MsPoint));

  for (gint32 i = 0; i < n_paths; i++)
    {
      guint start = points->len;
      gint32 n_points;

      g_array_append_val (starts, start);
      if (!read_count (p, r, "point count", 8, &n_points, error))
        return FALSE;
      if ((guint64) points->len + (guint64) n_points > G_MAXUINT32 / 2)
        {
          set_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, ms_wire_reader_offset (r),
                     "more road points than Mapsmith can hold");
          return FALSE;
        }
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

  return expect_consumed (p, r, error);
}

static gboolean
parse_v2_section (Parser        *p,
                  MsWireReader  *r,
                  gboolean      *known,
                  GError       **error)
{
  *known = TRUE;

  switch (p->tag)
    {
    case MS_SECTION_PRMS:
      return parse_prms (p, r, error);
    case MS_SECTION_HGTS:
      return parse_grid (p, r, 4, &p->bp->heights, error);
    case MS_SECTION_BIOM:
      p->bp->biome_width = 1;
      return parse_grid (p, r, 1, &p->bp->biomes, error);
    case MS_SECTION_TOWN:
      return parse_town (p, r, error);
    case MS_SECTION_TCRV:
      return parse_tcrv (p, r, error);
    case MS_SECTION_WBID:
      return parse_grid (p, r, 2, &p->bp->water_ids, error);
    case MS_SECTION_WBTB:
      return parse_wbtb (p, r, error);
    case MS_SECTION_WSRF:
      return parse_grid (p, r, 2, &p->bp->water_surface, error);
    case MS_SECTION_RDHW:
      return parse_roads (p, r, MS_ROAD_HIGHWAY, error);
    case MS_SECTION_RDBR:
      return parse_roads (p, r, MS_ROAD_BRANCH, error);
    case MS_SECTION_RDRG:
      return parse_roads (p, r, MS_ROAD_RUGGED, error);
    case MS_SECTION_RDTL:
      return parse_roads (p, r, MS_ROAD_TRAIL, error);
    default:
      *known = FALSE;
      return TRUE;
    }
}

/* Biome ordinals are range-checked at parse time, turning enum drift into a
 * loud failure instead of silent reinterpretation. */
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
  guint8 *buffer = copy ? ms_parallel_scratch (MS_SCRATCH_BIOME_CHECK, BIOME_READ_BYTES) : NULL;

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
static gboolean
check_biomes (Parser   *p,
              GError  **error)
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

    set_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, at - p->data,
               "pixel (x=%" G_GSIZE_FORMAT ", y=%" G_GSIZE_FORMAT ") has biome ordinal %"
               G_GINT64_FORMAT ", but the profile “%s” knows %u biomes",
               bad / bp->map_size, bad % bp->map_size, value,
               ms_profile_get_name (bp->profile), n_biomes);
  }
  return FALSE;
}

static gboolean
parse_v2 (Parser   *p,
          GError  **error)
{
  MsBlueprint *bp = p->bp;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  static const guint32 mandatory[] = { MS_SECTION_PRMS, MS_SECTION_HGTS, MS_SECTION_BIOM };
  gsize pos;

  if (p->length < 4 || ms_wire_peek_u32 (p->data) != MS_BLUEPRINT_V2_MAGIC)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_MAGIC, 0,
                 "the file starts with 'I' but not with the v2 magic “ISLA”");
      return FALSE;
    }
  if (p->length < 8)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, 4,
                 "the file ends inside the format version field");
      return FALSE;
    }

  bp->format = MS_BLUEPRINT_FORMAT_V2;
  bp->version = ms_wire_peek_u32 (p->data + 4);
  if (bp->version != MS_BLUEPRINT_V2_VERSION)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_UNSUPPORTED_VERSION, 4,
                 "format version %u is not supported (expected %d)",
                 bp->version, MS_BLUEPRINT_V2_VERSION);
      return FALSE;
    }

  pos = 8;
  while (pos < p->length)
    {
      MsSectionInfo info = { 0, };
      MsWireReader r;
      gsize remaining = p->length - pos;
      gpointer first_offset;
      char tag_name[5];

      if (remaining < MS_SECTION_HEADER_SIZE)
        {
          set_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, (goffset) pos,
                     "a section header needs %d bytes but only %" G_GSIZE_FORMAT " remain",
                     MS_SECTION_HEADER_SIZE, remaining);
          return FALSE;
        }

      info.tag = ms_wire_peek_u32 (p->data + pos);
      info.offset = (goffset) pos;
      info.length = ms_wire_peek_u64 (p->data + pos + 4);
      ms_section_tag_to_string (info.tag, tag_name);

      /* Compare against what remains; never add to a u64 from the file. */
      if (info.length > remaining - MS_SECTION_HEADER_SIZE)
        {
          set_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, (goffset) pos + 4,
                     "section %s declares %" G_GUINT64_FORMAT " bytes but only %" G_GSIZE_FORMAT
                     " remain in the file", tag_name, info.length,
                     remaining - MS_SECTION_HEADER_SIZE);
          return FALSE;
        }

      if (bp->sections->len == 0 && info.tag != MS_SECTION_PRMS)
        {
          set_error (p, error, MS_BLUEPRINT_ERROR_SECTION_ORDER, (goffset) pos,
                     "the first section is %s, but PRMS must come first", tag_name);
          return FALSE;
        }

      if (g_hash_table_lookup_extended (seen, GUINT_TO_POINTER (info.tag), NULL, &first_offset))
        {
          set_error (p, error, MS_BLUEPRINT_ERROR_DUPLICATE_SECTION, (goffset) pos,
                     "section %s appears a second time (first at offset %" G_GSIZE_FORMAT ")",
                     tag_name, GPOINTER_TO_SIZE (first_offset));
          return FALSE;
        }
      g_hash_table_insert (seen, GUINT_TO_POINTER (info.tag), GSIZE_TO_POINTER (pos));

      p->tag = info.tag;
      p->section_offset = info.offset;
      ms_wire_reader_init (&r, p->data + pos + MS_SECTION_HEADER_SIZE, (gsize) info.length,
                           (goffset) pos + MS_SECTION_HEADER_SIZE);
      if (!parse_v2_section (p, &r, &info.known, error))
        return FALSE;
      p->tag = 0;

      if (!info.known)
        _ms_blueprint_add_warning (bp, "skipped unknown section %s (%" G_GUINT64_FORMAT
                                   " bytes at offset %" G_GOFFSET_FORMAT ")",
                                   tag_name, info.length, info.offset);

      g_array_append_val (bp->sections, info);
      pos += MS_SECTION_HEADER_SIZE + (gsize) info.length;
    }

  for (guint i = 0; i < G_N_ELEMENTS (mandatory); i++)
    if (!g_hash_table_contains (seen, GUINT_TO_POINTER (mandatory[i])))
      {
        char tag_name[5];
        ms_section_tag_to_string (mandatory[i], tag_name);
        set_error (p, error, MS_BLUEPRINT_ERROR_MISSING_SECTION, (goffset) p->length,
                   "the mandatory section %s is missing", tag_name);
        return FALSE;
      }

  /* Name the BIOM section in a range error. */
  p->tag = MS_SECTION_BIOM;
  p->section_offset = ms_blueprint_find_section (bp, MS_SECTION_BIOM)->offset;
  if (bp->defer_biome_check && bp->biome_width == 1)
    bp->biomes_unchecked = TRUE;
  else if (!check_biomes (p, error))
    return FALSE;
  p->tag = 0;

  if (bp->towns == NULL)
    _ms_blueprint_add_warning (bp, "no TOWN section: the map has no towns");
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    if (bp->road_starts[tier] == NULL)
      {
        char tag_name[5];
        ms_section_tag_to_string (ms_road_tier_to_section (tier), tag_name);
        _ms_blueprint_add_warning (bp, "no %s section: the %s road tier is empty",
                                   tag_name, ms_road_tier_to_key (tier));
      }
  if (bp->water_ids.base == NULL && (bp->water_surface.base != NULL || bp->water_bodies != NULL))
    _ms_blueprint_add_warning (bp, "WSRF or WBTB is present without the WBID section "
                               "it is paired with");

  return TRUE;
}

/* ------------------------------------------------------------------ v1 --- */

static gboolean
truncated_v1 (Parser        *p,
              MsWireReader  *r,
              const char    *what,
              GError       **error)
{
  set_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, ms_wire_reader_offset (r),
             "the file ends inside %s", what);
  return FALSE;
}

static gboolean
parse_v1_roads (Parser        *p,
                MsWireReader  *r,
                MsRoadTier     tier,
                GError       **error)
{
  g_autoptr(GArray) starts = NULL;
  g_autoptr(GArray) points = NULL;
  goffset offset = ms_wire_reader_offset (r);
  gint32 n_paths;

  if (!ms_wire_read_i32 (r, &n_paths))
    return truncated_v1 (p, r, "a road block's path count", error);
  if (n_paths < 0 || (guint64) n_paths * 4 > ms_wire_reader_remaining (r))
    {
      set_error (p, error, n_paths < 0 ? MS_BLUEPRINT_ERROR_BAD_VALUE : MS_BLUEPRINT_ERROR_TRUNCATED,
                 offset, "%s road path count %d does not fit the file",
                 ms_road_tier_to_key (tier), n_paths);
      return FALSE;
    }

  starts = g_array_sized_new (FALSE, FALSE, sizeof (guint), (guint) n_paths + 1);
  points = g_array_new (FALSE, FALSE, sizeof (MsPoint));
  for (gint32 i = 0; i < n_paths; i++)
    {
      guint start = points->len;
      gint32 n_points;

      offset = ms_wire_reader_offset (r);
      g_array_append_val (starts, start);
      if (!ms_wire_read_i32 (r, &n_points))
        return truncated_v1 (p, r, "a road path's point count", error);
      if (n_points < 0 || (guint64) n_points * 8 > ms_wire_reader_remaining (r) ||
          (guint64) points->len + (guint64) n_points > G_MAXUINT32 / 2)
        {
          set_error (p, error,
                     n_points < 0 ? MS_BLUEPRINT_ERROR_BAD_VALUE : MS_BLUEPRINT_ERROR_TRUNCATED,
                     offset, "%s road path %d has point count %d, which does not fit the file",
                     ms_road_tier_to_key (tier), i, n_points);
          return FALSE;
        }
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

static gboolean
parse_v1 (Parser   *p,
          GError  **error)
{
  MsBlueprint *bp = p->bp;
  g_autofree char *header = NULL;
  MsWireReader r;
  goffset offset;
  guint64 grid_bytes;
  gint32 map_size, n_towns;

  ms_wire_reader_init (&r, p->data, p->length, 0);
  switch (ms_wire_read_dotnet_string (&r, &header, NULL))
    {
    case MS_WIRE_STRING_TRUNCATED:
      return truncated_v1 (p, &r, "the “ISLA_V1” header", error);
    case MS_WIRE_STRING_OK:
      break;
    case MS_WIRE_STRING_BAD_PREFIX:
    default:
      g_clear_pointer (&header, g_free);
      break;
    }
  if (g_strcmp0 (header, MS_BLUEPRINT_V1_HEADER) != 0)
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_BAD_MAGIC, 0,
                 "the file starts with 0x07 but not with the v1 header “ISLA_V1”");
      return FALSE;
    }

  bp->format = MS_BLUEPRINT_FORMAT_V1;
  bp->version = 1;
  _ms_blueprint_add_warning (bp, "legacy v1 blueprint: the format is deprecated and its "
                             "fallback is scheduled for removal; convert it to v2");

  offset = ms_wire_reader_offset (&r);
  if (!ms_wire_read_i32 (&r, &map_size))
    return truncated_v1 (p, &r, "MapSize", error);
  if (!check_map_size (p, map_size, offset, error))
    return FALSE;
  bp->map_size = (guint) map_size;

  grid_bytes = (guint64) 8 * bp->map_size * bp->map_size;
  if (grid_bytes > ms_wire_reader_remaining (&r))
    {
      set_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, ms_wire_reader_offset (&r),
                 "the height/biome grid needs 8·MapSize² = %" G_GUINT64_FORMAT
                 " bytes for MapSize %d, but only %" G_GSIZE_FORMAT " remain",
                 grid_bytes, map_size, ms_wire_reader_remaining (&r));
      return FALSE;
    }

  /* Interleaved (f32 height, i32 biome) records: two strided views. */
  bp->heights.base = r.data + r.pos;
  bp->heights.stride = 8;
  bp->biomes.base = r.data + r.pos + 4;
  bp->biomes.stride = 8;
  bp->biome_width = 4;
  r.pos += (gsize) grid_bytes;

  if (!check_biomes (p, error))
    return FALSE;

  offset = ms_wire_reader_offset (&r);
  if (!ms_wire_read_i32 (&r, &n_towns))
    return truncated_v1 (p, &r, "the town count", error);
  if (n_towns < 0 || (guint64) n_towns * 12 > ms_wire_reader_remaining (&r))
    {
      set_error (p, error, n_towns < 0 ? MS_BLUEPRINT_ERROR_BAD_VALUE : MS_BLUEPRINT_ERROR_TRUNCATED,
                 offset, "town count %d does not fit the file", n_towns);
      return FALSE;
    }

  bp->towns = g_array_sized_new (FALSE, TRUE, sizeof (MsTown), (guint) n_towns);
  for (gint32 i = 0; i < n_towns; i++)
    {
      MsTown town = { 0, };
      gint32 tier = 0;

      ms_wire_read_f32 (&r, &town.x);
      ms_wire_read_f32 (&r, &town.y);
      offset = ms_wire_reader_offset (&r);
      ms_wire_read_i32 (&r, &tier);
      if (!check_town_tier (p, (guint) i, tier, offset, error))
        return FALSE;
      town.tier = (guint8) tier;
      g_array_append_val (bp->towns, town);
    }

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    if (!parse_v1_roads (p, &r, tier, error))
      return FALSE;

  if (ms_wire_reader_remaining (&r) > 0)
    _ms_blueprint_add_warning (bp, "%" G_GSIZE_FORMAT " bytes after the Trail road block "
                               "(offset %" G_GOFFSET_FORMAT ") were ignored",
                               ms_wire_reader_remaining (&r), ms_wire_reader_offset (&r));
  return TRUE;
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

static Parser
parser_for (MsBlueprint    *self,
            MsProgressFunc  progress,
            gpointer        progress_data,
            GCancellable   *cancellable)
{
  return (Parser) {
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
  Parser p;

  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);

  if (!self->biomes_unchecked)
    return TRUE;
  p = parser_for (self, NULL, NULL, cancellable);
  p.background = background;
  /* Named as parse_v2 () names it. */
  p.tag = MS_SECTION_BIOM;
  p.section_offset = ms_blueprint_find_section (self, MS_SECTION_BIOM)->offset;
  if (!check_biomes (&p, error))
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
  Parser p = parser_for (self, progress, progress_data, cancellable);
  gboolean ok;

  if (p.length == 0)
    {
      set_error (&p, error, MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT, 0, "the file is empty");
      return FALSE;
    }

  switch (p.data[0])
    {
    case 'I':
      ok = parse_v2 (&p, error);
      break;
    case 0x07:
      ok = parse_v1 (&p, error);
      break;
    default:
      set_error (&p, error, MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT, 0,
                 "not a blueprint: the first byte is 0x%02x, expected 0x49 ('I', v2) "
                 "or 0x07 (v1)", p.data[0]);
      return FALSE;
    }

  if (ok)
    check_file_name (self);
  return ok;
}
