/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The v2 blueprint reader (docs/BLUEPRINT_FORMAT.md): tagged sections, each
 * checked against its declared length.  It walks the file once, validates
 * every rule of the spec, decodes the small sections and leaves each pixel
 * grid as a view into the mapping.  What it shares with the v1 reader is in
 * ms-blueprint-reader.c.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include "ms-blueprint-reader-private.h"

/* A field read past the end of its section: the section is shorter than its
 * own contents say. */
static gboolean
field_overrun (MsBlueprintParser  *p,
               MsWireReader       *r,
               const char         *field,
               GError            **error)
{
  _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, ms_wire_reader_offset (r),
                              "%s runs past the section's declared length of %" G_GSIZE_FORMAT
                              " bytes", field, r->length);
  return FALSE;
}

static gboolean
expect_consumed (MsBlueprintParser  *p,
                 MsWireReader       *r,
                 GError            **error)
{
  if (ms_wire_reader_remaining (r) == 0)
    return TRUE;

  _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, ms_wire_reader_offset (r),
                              "the section declares %" G_GSIZE_FORMAT " bytes but its contents "
                              "end after %" G_GSIZE_FORMAT " (%" G_GSIZE_FORMAT " bytes left over)",
                              r->length, r->pos, ms_wire_reader_remaining (r));
  return FALSE;
}

static gboolean
read_string (MsBlueprintParser  *p,
             MsWireReader       *r,
             const char         *field,
             char              **out,
             GError            **error)
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
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
                                  "%s has an invalid 7-bit length prefix", field);
      return FALSE;
    }
}

static gboolean
parse_prms (MsBlueprintParser  *p,
            MsWireReader       *r,
            GError            **error)
{
  MsBlueprintParams *params = &p->bp->params;
  goffset size_offset;

  if (!ms_wire_read_i32 (r, &params->world_seed))
    return field_overrun (p, r, "WorldSeed", error);

  size_offset = ms_wire_reader_offset (r);
  if (!ms_wire_read_i32 (r, &params->map_size))
    return field_overrun (p, r, "MapSize", error);
  /* The size bound comes before anything is sized from MapSize. */
  if (!_ms_blueprint_parser_check_map_size (p, params->map_size, size_offset, error))
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
parse_grid (MsBlueprintParser  *p,
            MsWireReader       *r,
            guint               bytes_per_pixel,
            MsGridView         *view,
            GError            **error)
{
  guint64 expected = (guint64) bytes_per_pixel * p->bp->map_size * p->bp->map_size;

  if (r->length != expected)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, r->base_offset - 8,
                                  "length must be %u·MapSize² = %" G_GUINT64_FORMAT
                                  " bytes for MapSize %u, but is %" G_GSIZE_FORMAT,
                                  bytes_per_pixel, expected, p->bp->map_size, r->length);
      return FALSE;
    }

  view->base = r->data;
  view->stride = bytes_per_pixel;
  return TRUE;
}

static gboolean
read_count (MsBlueprintParser  *p,
            MsWireReader       *r,
            const char         *what,
            gsize               min_bytes_each,
            gint32             *count,
            GError            **error)
{
  goffset offset = ms_wire_reader_offset (r);

  if (!ms_wire_read_i32 (r, count))
    return field_overrun (p, r, what, error);
  if (*count < 0)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, offset,
                                  "%s %d is negative", what, *count);
      return FALSE;
    }
  /* Cheap plausibility before anything is allocated from the count. */
  if ((guint64) *count * min_bytes_each > ms_wire_reader_remaining (r))
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, offset,
                                  "%s %d needs at least %" G_GUINT64_FORMAT
                                  " bytes but the section has %" G_GSIZE_FORMAT " left",
                                  what, *count, (guint64) *count * min_bytes_each,
                                  ms_wire_reader_remaining (r));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_table_length (MsBlueprintParser  *p,
                    MsWireReader       *r,
                    const char         *what,
                    gint32              count,
                    gsize               bytes_each,
                    GError            **error)
{
  guint64 needed = (guint64) count * bytes_each;

  if (ms_wire_reader_remaining (r) == needed)
    return TRUE;

  _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, r->base_offset - 8,
                              "%d %s of %" G_GSIZE_FORMAT " bytes need %" G_GUINT64_FORMAT
                              " bytes after the count, but the section leaves %" G_GSIZE_FORMAT,
                              count, what, bytes_each, needed, ms_wire_reader_remaining (r));
  return FALSE;
}

static gboolean
parse_town (MsBlueprintParser  *p,
            MsWireReader       *r,
            GError            **error)
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
      if (!_ms_blueprint_parser_check_town_tier (p, (guint) i, tier, tier_offset, error))
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
parse_tcrv (MsBlueprintParser  *p,
            MsWireReader       *r,
            GError            **error)
{
  MsTerrainCurve *c = &p->bp->curve;

  if (r->length != MS_TERRAIN_CURVE_SIZE)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_LENGTH, r->base_offset - 8,
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
parse_wbtb (MsBlueprintParser  *p,
            MsWireReader       *r,
            GError            **error)
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
read_road_count (MsBlueprintParser  *p,
                 MsWireReader       *r,
                 MsRoadTier          tier,
                 gint32              path,
                 guint               n_points,
                 gint32             *count,
                 GError            **error)
{
  if (path < 0)
    return read_count (p, r, "path count", 4, count, error);

  if (!read_count (p, r, "point count", 8, count, error))
    return FALSE;
  if ((guint64) n_points + (guint64) *count > G_MAXUINT32 / 2)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_VALUE, ms_wire_reader_offset (r),
                                  "more road points than Mapsmith can hold");
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_roads (MsBlueprintParser  *p,
             MsWireReader       *r,
             MsRoadTier          tier,
             GError            **error)
{
  return _ms_blueprint_parser_read_roads (p, r, tier, read_road_count, error) &&
         expect_consumed (p, r, error);
}
static gboolean
parse_v2_section (MsBlueprintParser  *p,
                  MsWireReader       *r,
                  gboolean           *known,
                  GError            **error)
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

gboolean
_ms_blueprint_parse_v2 (MsBlueprintParser  *p,
                        GError            **error)
{
  MsBlueprint *bp = p->bp;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  static const guint32 mandatory[] = { MS_SECTION_PRMS, MS_SECTION_HGTS, MS_SECTION_BIOM };
  gsize pos;

  if (p->length < 4 || ms_wire_peek_u32 (p->data) != MS_BLUEPRINT_V2_MAGIC)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_BAD_MAGIC, 0,
                                  "the file starts with 'I' but not with the v2 magic “ISLA”");
      return FALSE;
    }
  if (p->length < 8)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, 4,
                                  "the file ends inside the format version field");
      return FALSE;
    }

  bp->format = MS_BLUEPRINT_FORMAT_V2;
  bp->version = ms_wire_peek_u32 (p->data + 4);
  if (bp->version != MS_BLUEPRINT_V2_VERSION)
    {
      _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_UNSUPPORTED_VERSION, 4,
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
          _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, (goffset) pos,
                                      "a section header needs %d bytes but only %" G_GSIZE_FORMAT
                                      " remain", MS_SECTION_HEADER_SIZE, remaining);
          return FALSE;
        }

      info.tag = ms_wire_peek_u32 (p->data + pos);
      info.offset = (goffset) pos;
      info.length = ms_wire_peek_u64 (p->data + pos + 4);
      ms_section_tag_to_string (info.tag, tag_name);

      /* Compare against what remains; never add to a u64 from the file. */
      if (info.length > remaining - MS_SECTION_HEADER_SIZE)
        {
          _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_TRUNCATED, (goffset) pos + 4,
                                      "section %s declares %" G_GUINT64_FORMAT " bytes but only %"
                                      G_GSIZE_FORMAT " remain in the file", tag_name, info.length,
                                      remaining - MS_SECTION_HEADER_SIZE);
          return FALSE;
        }

      if (bp->sections->len == 0 && info.tag != MS_SECTION_PRMS)
        {
          _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_SECTION_ORDER, (goffset) pos,
                                      "the first section is %s, but PRMS must come first",
                                      tag_name);
          return FALSE;
        }

      if (g_hash_table_lookup_extended (seen, GUINT_TO_POINTER (info.tag), NULL, &first_offset))
        {
          _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_DUPLICATE_SECTION, (goffset) pos,
                                      "section %s appears a second time (first at offset %"
                                      G_GSIZE_FORMAT ")", tag_name,
                                      GPOINTER_TO_SIZE (first_offset));
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
        _ms_blueprint_parser_error (p, error, MS_BLUEPRINT_ERROR_MISSING_SECTION,
                                    (goffset) p->length, "the mandatory section %s is missing",
                                    tag_name);
        return FALSE;
      }

  /* Name the BIOM section in a range error. */
  p->tag = MS_SECTION_BIOM;
  p->section_offset = ms_blueprint_find_section (bp, MS_SECTION_BIOM)->offset;
  if (bp->defer_biome_check && bp->biome_width == 1)
    bp->biomes_unchecked = TRUE;
  else if (!_ms_blueprint_parser_check_biomes (p, error))
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
