/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The legacy v1 blueprint reader (docs/BLUEPRINT_FORMAT.md): positional and
 * untagged, so each field is checked against what is left of the file.  The
 * height/biome grid stays a pair of strided views into the mapping.  What it
 * shares with the v2 reader is in ms-blueprint-reader.c.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include "ms-blueprint-reader-private.h"

static gboolean
truncated_v1 (MsBlueprintParser  *p,
              MsWireReader       *r,
              const char         *what,
              GError            **error)
{
  _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, ms_wire_reader_offset (r),
                              "the file ends inside %s", what);
  return FALSE;
}

/* A count that does not fit the file: negative, or more than the file
 * holds (so the file was cut short). */
static int
misfit_code (gint32 count)
{
  return count < 0 ? MS_BLUEPRINT_ERROR_BAD_VALUE : MS_BLUEPRINT_ERROR_TRUNCATED;
}

/* v1 road blocks have no length: a count is checked against what is left
 * of the file. */
static gboolean
read_road_count (MsBlueprintParser  *p,
                 MsWireReader       *r,
                 MsRoadTier          tier,
                 gint32              path,
                 guint               n_points,
                 gint32             *count,
                 GError            **error)
{
  goffset offset = ms_wire_reader_offset (r);

  if (path < 0)
    {
      if (!ms_wire_read_i32 (r, count))
        return truncated_v1 (p, r, "a road block's path count", error);
      if (*count >= 0 && (guint64) *count * 4 <= ms_wire_reader_remaining (r))
        return TRUE;
      _ms_blueprint_parser_error (p, error, misfit_code (*count), offset,
                                  "%s road path count %d does not fit the file",
                                  ms_road_tier_to_key (tier), *count);
      return FALSE;
    }

  if (!ms_wire_read_i32 (r, count))
    return truncated_v1 (p, r, "a road path's point count", error);
  if (*count >= 0 && (guint64) *count * 8 <= ms_wire_reader_remaining (r) &&
      (guint64) n_points + (guint64) *count <= G_MAXUINT32 / 2)
    return TRUE;
  _ms_blueprint_parser_error (p, error, misfit_code (*count), offset,
                              "%s road path %d has point count %d, which does not fit the file",
                              ms_road_tier_to_key (tier), path, *count);
  return FALSE;
}

gboolean
_ms_blueprint_parse_v1 (MsBlueprintParser  *p,
                        GError            **error)
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
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_MAGIC, 0,
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
  if (!_ms_blueprint_parser_check_map_size (p, map_size, offset, error))
    return FALSE;
  bp->map_size = (guint) map_size;

  grid_bytes = (guint64) 8 * bp->map_size * bp->map_size;
  if (grid_bytes > ms_wire_reader_remaining (&r))
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED,
                                  ms_wire_reader_offset (&r),
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

  if (!_ms_blueprint_parser_check_biomes (p, error))
    return FALSE;

  offset = ms_wire_reader_offset (&r);
  if (!ms_wire_read_i32 (&r, &n_towns))
    return truncated_v1 (p, &r, "the town count", error);
  if (n_towns < 0 || (guint64) n_towns * 12 > ms_wire_reader_remaining (&r))
    {
      _ms_blueprint_parser_error (p, error, misfit_code (n_towns), offset,
                                  "town count %d does not fit the file", n_towns);
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
      if (!_ms_blueprint_parser_check_town_tier (p, (guint) i, tier, offset, error))
        return FALSE;
      town.tier = (guint8) tier;
      g_array_append_val (bp->towns, town);
    }

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    if (!_ms_blueprint_parser_read_roads (p, &r, tier, read_road_count, error))
      return FALSE;

  if (ms_wire_reader_remaining (&r) > 0)
    _ms_blueprint_add_warning (bp, "%" G_GSIZE_FORMAT " bytes after the Trail road block "
                               "(offset %" G_GOFFSET_FORMAT ") were ignored",
                               ms_wire_reader_remaining (&r), ms_wire_reader_offset (&r));
  return TRUE;
}
