/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one JSON writer for the model's structs: what `--json` prints for
 * every command.  Flat runs of members are one add_members () call with
 * a format of keys and types, so each struct's members are written in one
 * place and every number goes through the same NaN rule.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "ms-cli-json.h"
#include "ms-zone-layer.h"

void
ms_cli_json_add_double (JsonBuilder *b,
                        const char  *key,
                        double       value)
{
  json_builder_set_member_name (b, key);
  /* JSON has no NaN or infinity. */
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
ms_cli_json_add_int (JsonBuilder *b,
                     const char  *key,
                     gint64       value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, value);
}

void
ms_cli_json_add_string (JsonBuilder *b,
                        const char  *key,
                        const char  *value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_string_value (b, value);
}

static void
add_boolean (JsonBuilder *b,
             const char  *key,
             gboolean     value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, value);
}

/* Members from @format, words "KEY:TYPE" with GVariant's type letters (i
 * int, u guint, x gint64, t guint64, d double, s string, b gboolean), then
 * one value a word; float values arrive as double. */
static void
add_members_valist (JsonBuilder *b,
                    const char  *format,
                    va_list      args)
{
  g_auto(GStrv) words = g_strsplit (format, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *colon = strchr (words[i], ':');

      g_assert (colon != NULL && colon[1] != '\0' && colon[2] == '\0');
      *colon = '\0';
      switch (colon[1])
        {
        case 'i':
          ms_cli_json_add_int (b, words[i], va_arg (args, int));
          break;
        case 'u':
          ms_cli_json_add_int (b, words[i], va_arg (args, guint));
          break;
        case 'x':
          ms_cli_json_add_int (b, words[i], va_arg (args, gint64));
          break;
        case 't':
          ms_cli_json_add_int (b, words[i], (gint64) va_arg (args, guint64));
          break;
        case 'd':
          ms_cli_json_add_double (b, words[i], va_arg (args, double));
          break;
        case 's':
          ms_cli_json_add_string (b, words[i], va_arg (args, const char *));
          break;
        case 'b':
          add_boolean (b, words[i], va_arg (args, gboolean));
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

static void
add_members (JsonBuilder *b,
             const char  *format,
             ...)
{
  va_list args;

  va_start (args, format);
  add_members_valist (b, format, args);
  va_end (args);
}

/* "key": { members }, as add_members (). */
static void
add_object (JsonBuilder *b,
            const char  *key,
            const char  *format,
            ...)
{
  va_list args;

  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  va_start (args, format);
  add_members_valist (b, format, args);
  va_end (args);
  json_builder_end_object (b);
}

/* Sets @key and says whether its value follows, or was written as null. */
static gboolean
begin_member (JsonBuilder *b,
              const char  *key,
              gboolean     present)
{
  json_builder_set_member_name (b, key);
  if (!present)
    json_builder_add_null_value (b);
  return present;
}

/* "key": [counts], from guint or guint64 elements. */
static void
add_counts (JsonBuilder   *b,
            const char    *key,
            gconstpointer  values,
            gsize          element_size,
            guint          n)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, element_size == sizeof (guint64)
                                   ? (gint64) ((const guint64 *) values)[i]
                                   : (gint64) ((const guint *) values)[i]);
  json_builder_end_array (b);
}

#define ADD_COUNTS(b, key, values, n) add_counts ((b), (key), (values), sizeof *(values), (n))

static void
add_params (JsonBuilder *b,
            const char  *key,
            MsBlueprint *bp)
{
  const MsBlueprintParams *p = ms_blueprint_get_params (bp);

  if (!begin_member (b, key, p != NULL))
    return;
  json_builder_begin_object (b);
  add_members (b, "world_seed:i map_size:i crater_radius:d density_multiplier:d "
               "impact_center_x:d impact_center_y:d generated_utc:s generator_git_hash:s",
               p->world_seed, p->map_size, p->crater_radius, p->density_multiplier,
               p->impact_center_x, p->impact_center_y, p->generated_utc, p->generator_git_hash);
  add_boolean (b, "sentinel", ms_blueprint_params_is_sentinel (p));
  json_builder_end_object (b);
}

static void
add_curve (JsonBuilder *b,
           MsBlueprint *bp)
{
  const MsTerrainCurve *c = ms_blueprint_get_curve (bp);

  if (!begin_member (b, "curve", c != NULL))
    return;
  json_builder_begin_object (b);
  ms_cli_json_add_int (b, "version", c->version);
  json_builder_set_member_name (b, "knots");
  json_builder_begin_array (b);
  /* Knots are numbers always: a broken one reads 0, not null. */
  for (guint i = 0; i < G_N_ELEMENTS (c->knots); i++)
    json_builder_add_double_value (b, isfinite (c->knots[i]) ? c->knots[i] : 0.0);
  json_builder_end_array (b);
  add_members (b, "spike_max:d sea:d orange_ceil:d red_ceil:d bench_lo:d bench_hi:d "
               "peak_cap:d tail_slope:d",
               c->spike_max, c->sea, c->orange_ceil, c->red_ceil, c->bench_lo, c->bench_hi,
               c->peak_cap, c->tail_slope);
  json_builder_end_object (b);
}

/* `info --json`: the header, sections, summary figures and warnings. */
JsonNode *
ms_cli_json_blueprint_info (MsBlueprint              *bp,
                            const MsBlueprintSummary *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const MsSectionInfo *sections;
  const char * const *warnings;
  guint n_sections;

  json_builder_begin_object (b);
  ms_cli_json_add_string (b, "format", ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2 ? "v2" : "v1");
  ms_cli_json_add_int (b, "version", ms_blueprint_get_version (bp));
  ms_cli_json_add_int (b, "map_size", ms_blueprint_get_map_size (bp));
  add_params (b, "params", bp);

  json_builder_set_member_name (b, "sections");
  json_builder_begin_array (b);
  sections = ms_blueprint_get_sections (bp, &n_sections);
  for (guint i = 0; i < n_sections; i++)
    {
      char tag[5];

      ms_section_tag_to_string (sections[i].tag, tag);
      json_builder_begin_object (b);
      ms_cli_json_add_string (b, "tag", tag);
      add_members (b, "offset:x length:t", (gint64) sections[i].offset, sections[i].length);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  add_object (b, "height", "min:d max:d mean:d", s->height_min, s->height_max, s->height_mean);
  ADD_COUNTS (b, "biome_counts", s->biome_counts, s->n_biomes);

  json_builder_set_member_name (b, "towns");
  json_builder_begin_object (b);
  add_members (b, "count:u highway_nodes:u", s->n_towns, s->n_highway_nodes);
  ADD_COUNTS (b, "by_tier", s->towns_by_tier, s->n_tiers);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "roads");
  json_builder_begin_object (b);
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    add_object (b, ms_road_tier_to_key (tier), "paths:u points:t",
                s->roads[tier].paths, s->roads[tier].points);
  json_builder_end_object (b);

  if (begin_member (b, "water", s->has_water))
    {
      json_builder_begin_object (b);
      add_members (b, "bodies:u lakes:u water_pixels:t",
                   s->water_bodies, s->water_lakes, s->water_pixels);
      json_builder_end_object (b);
    }

  add_curve (b, bp);

  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (warnings = ms_blueprint_get_warnings (bp); *warnings; warnings++)
    json_builder_add_string_value (b, *warnings);
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* A count of B's and A's, or null where the map lacks the section. */
static void
add_count_or_null (JsonBuilder *b,
                   const char  *key,
                   gboolean     present,
                   guint        value)
{
  if (begin_member (b, key, present))
    json_builder_add_int_value (b, value);
}

static void
add_heights (JsonBuilder         *b,
             const char          *key,
             const MsDiffHeights *h)
{
  add_object (b, key, "min:d max:d mean:d finite:t", h->min, h->max, h->mean, h->finite);
}

static void
add_roads (JsonBuilder       *b,
           const char        *key,
           const MsDiffRoads *r)
{
  add_object (b, key, "paths:u points:t length:d length_own:d length_m:d",
              r->paths, r->points, r->length, r->length_own, r->length_m);
}

/* `diff --json`: B − A, and both maps' figures. */
JsonNode *
ms_cli_json_diff (MsBlueprint           *a,
                  MsBlueprint           *b,
                  const MsBlueprintDiff *d)
{
  g_autoptr(JsonBuilder) j = json_builder_new ();

  json_builder_begin_object (j);
  add_object (j, "map_size", "a:u b:u", d->size_a, d->size_b);
  add_members (j, "grid_size:u normalised:b metres_per_pixel:d",
               d->grid_size, d->normalised, d->metres_per_pixel);

  json_builder_set_member_name (j, "height");
  json_builder_begin_object (j);
  add_members (j, "min:d max:d mean_abs:d rms:d compared:t skipped:t",
               d->height_min, d->height_max, d->height_mean_abs, d->height_rms,
               d->height_compared, d->height_skipped);
  add_heights (j, "a", &d->heights_a);
  add_heights (j, "b", &d->heights_b);
  json_builder_end_object (j);

  json_builder_set_member_name (j, "biome_counts");
  json_builder_begin_object (j);
  ADD_COUNTS (j, "a", d->biome_counts_a, d->n_biomes);
  ADD_COUNTS (j, "b", d->biome_counts_b, d->n_biomes);
  json_builder_end_object (j);

  ms_cli_json_add_int (j, "biome_changed", (gint64) d->biome_changed);
  json_builder_set_member_name (j, "biome_transitions");
  json_builder_begin_array (j);
  for (guint from = 0; from < d->n_biomes; from++)
    {
      const guint64 *row = &d->biome_transitions[(gsize) from * d->n_biomes];

      json_builder_begin_array (j);
      for (guint to = 0; to < d->n_biomes; to++)
        json_builder_add_int_value (j, (gint64) row[to]);
      json_builder_end_array (j);
    }
  json_builder_end_array (j);

  json_builder_set_member_name (j, "water");
  json_builder_begin_object (j);
  add_count_or_null (j, "bodies_a", d->has_water_a, d->bodies_a);
  add_count_or_null (j, "bodies_b", d->has_water_b, d->bodies_b);
  add_count_or_null (j, "lakes_a", d->has_water_a, d->lakes_a);
  add_count_or_null (j, "lakes_b", d->has_water_b, d->lakes_b);
  add_members (j, "gained:t lost:t pixels_a:t pixels_b:t",
               d->water_gained, d->water_lost, d->water_a, d->water_b);
  json_builder_end_object (j);

  json_builder_set_member_name (j, "towns");
  json_builder_begin_object (j);
  ADD_COUNTS (j, "a", d->towns_a, d->n_tiers);
  ADD_COUNTS (j, "b", d->towns_b, d->n_tiers);
  json_builder_end_object (j);

  json_builder_set_member_name (j, "roads");
  json_builder_begin_object (j);
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      json_builder_set_member_name (j, ms_road_tier_to_key (tier));
      json_builder_begin_object (j);
      add_roads (j, "a", &d->roads_a[tier]);
      add_roads (j, "b", &d->roads_b[tier]);
      json_builder_end_object (j);
    }
  json_builder_end_object (j);

  json_builder_set_member_name (j, "params");
  json_builder_begin_object (j);
  add_params (j, "a", a);
  add_params (j, "b", b);
  json_builder_end_object (j);

  json_builder_end_object (j);
  return json_builder_get_root (j);
}

static const char *
basin_kind_to_string (MsBasinKind kind)
{
  static const char *names[] = { "ocean", "edge", "lake" };

  return names[kind];
}

/* `analyze --json`.  Areas and outlets in map pixels: on a pyramid level
 * an analysed pixel is factor² of them, its outlet the block's centre. */
JsonNode *
ms_cli_json_terrain_analysis (const MsTerrainAnalysis *a)
{
  g_autoptr(JsonBuilder) j = json_builder_new ();
  double land = (double) a->land_pixels;
  guint k = a->factor;

  json_builder_begin_object (j);
  add_members (j, "map_size:u size:u level:u factor:u metres_per_pixel:d",
               a->map_size, a->size, a->level, k, a->metres_per_pixel / k);
  add_members (j, "depressions:t depression_volume_m3:d land_pixels:t",
               a->depressions, a->depression_volume_m3, a->land_pixels * k * k);
  /* Percent of land; null for a map without land (0 / 0). */
  add_members (j, "drains_to_ocean_pct:d drains_to_lakes_pct:d drains_to_nowhere_pct:d",
               100.0 * (double) a->drains_to_ocean / land, 100.0 * (double) a->drains_to_lakes / land,
               100.0 * (double) a->drains_to_nowhere / land);
  json_builder_set_member_name (j, "basins");
  json_builder_begin_array (j);
  for (guint i = 0; i < a->n_basins; i++)
    {
      const MsBasin *basin = &a->basins[i];
      guint x, y;

      ms_terrain_analysis_to_map (a, basin->x, basin->y, &x, &y);
      json_builder_begin_object (j);
      add_members (j, "area_pixels:t area_km2:d kind:s",
                   basin->area_pixels * k * k, basin->area_km2, basin_kind_to_string (basin->kind));
      add_object (j, "outlet", "x:u y:u", x, y);
      if (basin->kind == MS_BASIN_LAKE && basin->water_id != 0)
        ms_cli_json_add_int (j, "water_id", basin->water_id);
      json_builder_end_object (j);
    }
  json_builder_end_array (j);
  add_object (j, "seconds", "load:d fill:d directions:d accumulation:d basins:d",
              a->seconds_load, a->seconds_fill, a->seconds_directions, a->seconds_accumulation,
              a->seconds_basins);
  json_builder_end_object (j);
  return json_builder_get_root (j);
}

/* `audit --json` and `zone audit --json`. */
JsonNode *
ms_cli_json_audit (GPtrArray *findings)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint i = 0; i < findings->len; i++)
    {
      const MsAuditFinding *f = g_ptr_array_index (findings, i);

      json_builder_begin_object (b);
      ms_cli_json_add_string (b, "severity", ms_audit_severity_to_string (f->severity));
      add_members (b, "check:s message:s", f->check, f->message);
      if (begin_member (b, "x", f->has_location))
        json_builder_add_int_value (b, f->x);
      if (begin_member (b, "y", f->has_location))
        json_builder_add_int_value (b, f->y);
      ms_cli_json_add_int (b, "count", (gint64) f->count);
      if (f->n_locations > 0)
        {
          json_builder_set_member_name (b, "locations");
          json_builder_begin_array (b);
          for (guint k = 0; k < f->n_locations; k++)
            {
              json_builder_begin_array (b);
              json_builder_add_int_value (b, f->locations[k].x);
              json_builder_add_int_value (b, f->locations[k].y);
              json_builder_end_array (b);
            }
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  ms_cli_json_add_int (b, "errors", ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR));
  ms_cli_json_add_int (b, "warnings", ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* Tiles per flag, by the flag's name; null without the layer. */
static void
add_flag_counts (JsonBuilder          *b,
                 const char           *key,
                 gboolean              present,
                 const MsZoneFlagInfo *flags,
                 guint                 n_flags,
                 const guint64        *per_bit)
{
  if (!begin_member (b, key, present))
    return;
  json_builder_begin_object (b);
  for (guint i = 0; i < n_flags; i++)
    ms_cli_json_add_int (b, flags[i].name, (gint64) per_bit[g_bit_nth_lsf (flags[i].bit, -1)]);
  json_builder_end_object (b);
}

/* `zone info --json`: the layers and what collect_stats () counted. */
JsonNode *
ms_cli_json_zone_info (MsZone               *zone,
                       const MsCliZoneStats *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const MsZoneFlagInfo *flags;
  guint n_flags;
  guint64 tiles = (guint64) ms_zone_get_width (zone) * ms_zone_get_height (zone);

  json_builder_begin_object (b);
  ms_cli_json_add_int (b, "zone", ms_zone_get_id (zone));
  ms_cli_json_add_int (b, "width", ms_zone_get_width (zone));
  ms_cli_json_add_int (b, "height", ms_zone_get_height (zone));
  add_boolean (b, "terraformable", ms_zone_is_terraformable (zone));

  json_builder_set_member_name (b, "layers");
  json_builder_begin_object (b);
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      if (!ms_zone_has_layer (zone, l))
        continue;
      json_builder_set_member_name (b, ms_zone_layer_get_name (l));
      json_builder_begin_object (b);
      ms_cli_json_add_string (b, "path", ms_zone_get_layer_path (zone, l));
      ms_cli_json_add_int (b, "bytes_per_tile", ms_zone_get_file_bytes_per_tile (zone, l));
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  flags = ms_zone_control_flags (&n_flags);
  add_flag_counts (b, "control_counts", ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL),
                   flags, n_flags, s->control);
  flags = ms_zone_blocking_flags (&n_flags);
  add_flag_counts (b, "blocks_counts", ms_zone_has_layer (zone, MS_ZONE_LAYER_BLOCKS),
                   flags, n_flags, s->blocks);

  if (begin_member (b, "plants", ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS)))
    {
      json_builder_begin_object (b);
      ms_cli_json_add_int (b, "live", (gint64) s->live);
      json_builder_end_object (b);
    }

  if (begin_member (b, "spawn", ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS)))
    {
      json_builder_begin_object (b);
      add_members (b, "min:u max:u", s->spawn_min, s->spawn_max);
      json_builder_set_member_name (b, "mean");
      json_builder_add_double_value (b, (double) s->spawn_sum / (double) tiles);
      ms_cli_json_add_int (b, "zero", (gint64) s->spawn_zero);
      json_builder_end_object (b);
    }

  if (begin_member (b, "altitude", ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE)))
    {
      json_builder_begin_object (b);
      /* height: the server's, raw >> 5. */
      add_members (b, "min:u max:u height_min:u height_max:u",
                   s->alt_min, s->alt_max, s->alt_min >> 5, s->alt_max >> 5);
      json_builder_end_object (b);
    }

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* "key": [layer names], for a mask of 1 << MsZoneLayer. */
static void
add_layer_names (JsonBuilder *b,
                 const char  *key,
                 guint        layers)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    if (layers & (1u << l))
      json_builder_add_string_value (b, ms_zone_layer_get_name (l));
  json_builder_end_array (b);
}

static void
add_nullable_string (JsonBuilder *b,
                     const char  *key,
                     const char  *value)
{
  if (begin_member (b, key, value != NULL))
    json_builder_add_string_value (b, value);
}

/* `zone list --json`: one object per zone of the folder. */
JsonNode *
ms_cli_json_zone_list (GPtrArray *entries)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i++)
    {
      const MsZoneDirEntry *e = g_ptr_array_index (entries, i);

      json_builder_begin_object (b);
      add_members (b, "zone:u width:u height:u terraformable:b",
                   e->id, e->width, e->height, e->terraformable);
      add_layer_names (b, "layers", e->layers);
      add_nullable_string (b, "problem", e->problem);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

/* `zone journal list --json`. */
JsonNode *
ms_cli_json_journal_list (GPtrArray *infos)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < infos->len; i++)
    json_builder_add_value (b, ms_cli_json_journal (g_ptr_array_index (infos, i)));
  json_builder_end_array (b);
  return json_builder_get_root (b);
}

/* `zone journal show --json`; a journal that could not be read has only
 * its path and the problem. */
JsonNode *
ms_cli_json_journal (const MsZoneJournalInfo *info)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  ms_cli_json_add_string (b, "path", info->path);
  if (info->problem != NULL)
    ms_cli_json_add_string (b, "problem", info->problem);
  else
    {
      g_autoptr(GDateTime) time = g_date_time_new_from_unix_utc (info->time_us / G_USEC_PER_SEC);
      g_autofree char *iso = time != NULL ? g_date_time_format_iso8601 (time) : NULL;

      add_members (b, "dir:s zone:u width:u height:u time:s tiles:t changed_on_disk:b",
                   info->dir, info->zone_id, info->width, info->height, iso, info->n_tiles,
                   info->changed_on_disk);
      add_layer_names (b, "layers", info->layers);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* Pretty-printed, and freed. */
JsonNode *
ms_cli_json_path_profile (const MsPathProfile *profile,
                          double               step,
                          gboolean             zone)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; i < profile->n_samples; i++)
    {
      const MsPathSample *s = &profile->samples[i];

      json_builder_begin_object (b);
      add_members (b, "distance_m:d x:d y:d height:d height_m:d slope_pct:d slope_deg:d",
                   s->distance_m, s->x, s->y, s->height, s->height_m, s->slope_pct, s->slope_deg);
      json_builder_set_member_name (b, "crosses");
      json_builder_begin_array (b);
      for (guint bit = 0; bit < MS_PATH_N_CROSSES; bit++)
        if (s->crosses & (1u << bit))
          json_builder_add_string_value (b, ms_path_crosses_to_string (1u << bit));
      json_builder_end_array (b);
      if (zone)
        add_members (b, "server_slope:u slope_fails:b",
                     s->server_slope, (s->crosses & MS_PATH_CROSSES_SLOPE_FAIL) != 0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_members (b, "length_m:d ascent_m:d descent_m:d metres_per_pixel:d step:d n_samples:u",
               profile->length_m, profile->ascent_m, profile->descent_m, profile->metres_per_pixel,
               step, profile->n_samples);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

void
ms_cli_print_json (JsonNode *root)
{
  g_autoptr(JsonNode) owned = root;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}
