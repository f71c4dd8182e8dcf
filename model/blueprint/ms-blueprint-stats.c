/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The seed-comparison figures of issue #38, worked out from one fused
 * summary pass (ms-blueprint-summary.c) and written as one list of named
 * figures, so that `stats --json`, `stats --csv` and the gallery read the
 * same numbers from the same place.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint-audit.h"
#include "ms-blueprint-stats.h"
#include "ms-blueprint-summary.h"

struct _MsBlueprintStats
{
  GArray *fields;   /* MsStat */
  char   *error;
  double *curve;    /* MS_SUMMARY_N_CURVE raw heights, or NULL */
  float   *overview_means;   /* MS_STATS_OVERVIEW */
  guint32 *overview_counts;
  guint    overview_cell, overview_width, overview_height;
};

static void
stat_clear (MsStat *stat)
{
  g_free (stat->key);
  g_free (stat->s);
}

void
ms_blueprint_stats_free (MsBlueprintStats *stats)
{
  if (stats == NULL)
    return;
  g_array_unref (stats->fields);
  g_free (stats->error);
  g_free (stats->curve);
  g_free (stats->overview_means);
  g_free (stats->overview_counts);
  g_free (stats);
}

static MsBlueprintStats *
stats_new (void)
{
  MsBlueprintStats *stats = g_new0 (MsBlueprintStats, 1);

  stats->fields = g_array_new (FALSE, TRUE, sizeof (MsStat));
  g_array_set_clear_func (stats->fields, (GDestroyNotify) stat_clear);
  return stats;
}

/* Figures in order; @known FALSE (or a non-finite double) adds a null. */
static MsStat *
add (MsBlueprintStats *stats,
     MsStatKind        kind,
     const char       *key)
{
  MsStat stat = { 0 };

  stat.key = g_strdup (key);
  stat.kind = kind;
  g_array_append_val (stats->fields, stat);
  return &g_array_index (stats->fields, MsStat, stats->fields->len - 1);
}

static void
add_double (MsBlueprintStats *stats,
            gboolean          known,
            double            value,
            const char       *key)
{
  MsStat *stat = add (stats, known && isfinite (value) ? MS_STAT_DOUBLE : MS_STAT_NULL, key);

  stat->d = value;
}

static void
add_int (MsBlueprintStats *stats,
         gboolean          known,
         gint64            value,
         const char       *key)
{
  MsStat *stat = add (stats, known ? MS_STAT_INT : MS_STAT_NULL, key);

  stat->i = value;
}

/* The figures of one file, or their keys with nulls where @s is NULL (an
 * error row, and the CSV header). */
static void
add_figures (MsBlueprintStats         *stats,
             MsProfile                *profile,
             MsBlueprint              *bp,
             const MsBlueprintSummary *s,
             double                    metres_per_pixel,
             GPtrArray                *findings)
{
  static const char * const height_keys[] = { "min", "max", "mean", "p5", "p50", "p95" };
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  guint n_tiers = ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS);
  gboolean ok = s != NULL;
  double pixels = 0, water = 0, ocean = 0, heights[6] = { 0 };
  gboolean heights_known = FALSE;

  if (ok)
    {
      guint n = ms_blueprint_get_map_size (bp);

      pixels = (double) n * n;
      if (metres_per_pixel <= 0)
        metres_per_pixel = MS_BLUEPRINT_WORLD_SPAN / n;
      /* Water: WBID ≠ 0, or in a file without WBID the profile's water
       * biomes; ocean likewise WBID = 1 or the ocean biome. */
      if (s->has_water)
        {
          water = (double) s->water_pixels;
          ocean = (double) s->ocean_pixels;
        }
      else
        for (guint b = 0; b < s->n_biomes; b++)
          {
            if (ms_profile_is_water_biome (profile, b))
              water += (double) s->biome_counts[b];
            if (ms_profile_is_ocean_biome (profile, b))
              ocean += (double) s->biome_counts[b];
          }
      heights_known = s->finite_heights > 0;
      heights[0] = s->height_min;
      heights[1] = s->height_max;
      heights[2] = s->height_mean;
      for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
        heights[3 + i] = s->height_percentiles[i];
    }

  add_double (stats, ok && metres_per_pixel > 0, metres_per_pixel, "metres_per_pixel");
  add_double (stats, ok, 100.0 * (pixels - water) / MAX (pixels, 1), "land_pct");
  add_double (stats, ok, 100.0 * water / MAX (pixels, 1), "water_pct");
  add_int (stats, ok && s->has_ocean, (gint64) ocean, "ocean_pixels");
  add_int (stats, ok && s->has_ocean, (gint64) (water - ocean), "lake_pixels");
  add_int (stats, ok && s->has_water, ok ? s->water_lakes : 0, "lakes");
  for (guint unit = 0; unit < 2; unit++)
    for (guint i = 0; i < G_N_ELEMENTS (height_keys); i++)
      {
        g_autofree char *key = g_strdup_printf ("%s.%s", unit == 0 ? "height" : "height_m", height_keys[i]);

        add_double (stats, heights_known, heights[i] * (unit == 0 ? 1.0 : MS_BLUEPRINT_METRES_PER_RAW), key);
      }
  add_double (stats, heights_known && heights[1] > heights[0],
              (heights[2] - heights[0]) / (heights[1] - heights[0]), "hypsometric_integral");
  add_double (stats, ok && s->has_coast, ok ? (double) s->coast_pairs * metres_per_pixel : 0, "coastline_m");
  for (guint b = 0; b < n_biomes; b++)
    {
      g_autofree char *key = g_strdup_printf ("biome_pct.%u", b);

      add_double (stats, ok, ok ? 100.0 * (double) s->biome_counts[b] / pixels : 0, key);
    }
  for (guint t = 0; t < n_tiers; t++)
    {
      g_autofree char *key = g_strdup_printf ("towns.by_tier.%u", t);

      add_int (stats, ok, ok ? s->towns_by_tier[t] : 0, key);
    }
  add_int (stats, ok, ok ? s->n_highway_nodes : 0, "towns.highway_nodes");
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      g_autofree char *key = g_strdup_printf ("roads_m.%s", ms_road_tier_to_key (tier));

      add_double (stats, ok, ok ? s->roads[tier].length * metres_per_pixel : 0, key);
    }
  add_int (stats, ok && findings != NULL,
           findings != NULL ? ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR) : 0, "audit.errors");
  add_int (stats, ok && findings != NULL,
           findings != NULL ? ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING) : 0, "audit.warnings");
}

MsBlueprintStats *
ms_blueprint_stats_measure (const char    *path,
                            MsProfile     *profile,
                            double         metres_per_pixel,
                            MsStatsFlags   flags,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autoptr(MsBlueprintStats) stats = stats_new ();
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintSummary) summary = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(MsProfile) fallback = NULL;
  const MsBlueprintParams *params = NULL;
  MsStat *stat;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (profile == NULL || MS_IS_PROFILE (profile), NULL);

  if (profile == NULL)
    profile = fallback = ms_profile_new_default ();
  summary = ms_blueprint_summarize_path_full (path, profile,
                                              MS_SUMMARY_PERCENTILES | MS_SUMMARY_COAST |
                                              ((flags & MS_STATS_OVERVIEW) ? MS_SUMMARY_OVERVIEW : 0),
                                              &bp, cancellable, &local_error);
  if (summary != NULL && (flags & MS_STATS_AUDIT))
    {
      findings = ms_blueprint_audit (bp, cancellable, &local_error);
      if (findings == NULL)
        g_clear_pointer (&summary, ms_blueprint_summary_free);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  if (summary == NULL)
    stats->error = g_strdup (local_error->message);
  else
    params = ms_blueprint_get_params (bp);

  stat = add (stats, MS_STAT_STRING, "file");
  stat->s = g_strdup (path);
  add_int (stats, params != NULL, params != NULL ? params->world_seed : 0, "seed");
  add_int (stats, summary != NULL, summary != NULL ? ms_blueprint_get_map_size (bp) : 0, "map_size");
  stat = add (stats, stats->error != NULL ? MS_STAT_STRING : MS_STAT_NULL, "error");
  stat->s = g_strdup (stats->error);
  add_figures (stats, profile, bp, summary, metres_per_pixel, findings);
  if (summary != NULL && summary->finite_heights > 0)
    stats->curve = g_memdup2 (summary->hypsometric, sizeof summary->hypsometric);
  if (summary != NULL && summary->overview_means != NULL)
    {
      stats->overview_means = g_steal_pointer (&summary->overview_means);
      stats->overview_counts = g_steal_pointer (&summary->overview_counts);
      stats->overview_cell = summary->overview_cell;
      stats->overview_width = summary->overview_width;
      stats->overview_height = summary->overview_height;
    }
  return g_steal_pointer (&stats);
}

const float *
ms_blueprint_stats_get_overview (MsBlueprintStats  *stats,
                                 guint             *cell,
                                 guint             *width,
                                 guint             *height,
                                 const guint32    **counts)
{
  g_return_val_if_fail (stats != NULL, NULL);

  if (cell != NULL)
    *cell = stats->overview_cell;
  if (width != NULL)
    *width = stats->overview_width;
  if (height != NULL)
    *height = stats->overview_height;
  if (counts != NULL)
    *counts = stats->overview_counts;
  return stats->overview_means;
}

const double *
ms_blueprint_stats_get_curve (MsBlueprintStats *stats,
                              guint            *n_entries)
{
  g_return_val_if_fail (stats != NULL, NULL);

  if (n_entries != NULL)
    *n_entries = stats->curve != NULL ? MS_SUMMARY_N_CURVE : 0;
  return stats->curve;
}

void
ms_blueprint_stats_set_audit (MsBlueprintStats *stats,
                              guint             errors,
                              guint             warnings)
{
  MsStat *e, *w;

  g_return_if_fail (stats != NULL);

  e = (MsStat *) ms_blueprint_stats_lookup (stats, "audit.errors");
  w = (MsStat *) ms_blueprint_stats_lookup (stats, "audit.warnings");
  if (stats->error != NULL || e == NULL || w == NULL)
    return;
  e->kind = w->kind = MS_STAT_INT;
  e->i = errors;
  w->i = warnings;
}

gboolean
ms_blueprint_stats_audit (MsBlueprintStats  *stats,
                          MsProfile         *profile,
                          GCancellable      *cancellable,
                          GError           **error)
{
  const MsStat *file;
  guint errors, warnings;

  g_return_val_if_fail (stats != NULL, FALSE);
  g_return_val_if_fail (MS_IS_PROFILE (profile), FALSE);

  /* An error row has nothing to audit. */
  file = ms_blueprint_stats_lookup (stats, "file");
  if (stats->error != NULL || file == NULL)
    return TRUE;
  if (!ms_blueprint_audit_counts (file->s, profile, &errors, &warnings, cancellable, error))
    return FALSE;
  ms_blueprint_stats_set_audit (stats, errors, warnings);
  return TRUE;
}

guint
ms_blueprint_stats_get_n_fields (MsBlueprintStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0);
  return stats->fields->len;
}

const MsStat *
ms_blueprint_stats_get_field (MsBlueprintStats *stats,
                              guint             index)
{
  g_return_val_if_fail (stats != NULL, NULL);
  g_return_val_if_fail (index < stats->fields->len, NULL);
  return &g_array_index (stats->fields, MsStat, index);
}

GStrv
ms_blueprint_stats_get_keys (MsProfile *profile)
{
  g_autoptr(MsBlueprintStats) stats = stats_new ();
  g_autoptr(GStrvBuilder) keys = g_strv_builder_new ();

  g_return_val_if_fail (MS_IS_PROFILE (profile), NULL);

  g_strv_builder_add_many (keys, "file", "seed", "map_size", "error", NULL);
  add_figures (stats, profile, NULL, NULL, 0, NULL);
  for (guint i = 0; i < stats->fields->len; i++)
    g_strv_builder_add (keys, g_array_index (stats->fields, MsStat, i).key);
  return g_strv_builder_end (keys);
}

/* What a person types for a figure, lower case, with spaces and dashes as
 * underscores ("Snowy Peaks" → "snowy_peaks"). */
static char *
name_of_label (const char *label)
{
  g_autofree char *down = g_utf8_strdown (label, -1);

  g_strdelimit (down, " -", '_');
  return g_steal_pointer (&down);
}

char *
ms_blueprint_stats_resolve_name (MsProfile  *profile,
                                 const char *name)
{
  /* Short names for the figures people filter by most. */
  static const struct { const char *name, *key; } aliases[] = {
    { "land", "land_pct" }, { "water", "water_pct" },
    { "ocean", "ocean_pixels" }, { "lake", "lake_pixels" },
    { "size", "map_size" },
    { "min", "height.min" }, { "max", "height.max" }, { "mean", "height.mean" },
    { "p5", "height.p5" }, { "p50", "height.p50" }, { "p95", "height.p95" },
    { "median", "height.p50" },
    { "min_m", "height_m.min" }, { "max_m", "height_m.max" }, { "mean_m", "height_m.mean" },
    { "p5_m", "height_m.p5" }, { "p50_m", "height_m.p50" }, { "p95_m", "height_m.p95" },
    { "hi", "hypsometric_integral" }, { "hypsometric", "hypsometric_integral" },
    { "coast", "coastline_m" }, { "coastline", "coastline_m" },
    { "highway_nodes", "towns.highway_nodes" },
    { "highway", "roads_m.highway" }, { "branch", "roads_m.branch" },
    { "rugged", "roads_m.rugged" }, { "trail", "roads_m.trail" },
    { "errors", "audit.errors" }, { "warnings", "audit.warnings" },
  };
  g_auto(GStrv) keys = NULL;
  g_autofree char *down = NULL;

  g_return_val_if_fail (MS_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  down = g_ascii_strdown (name, -1);
  keys = ms_blueprint_stats_get_keys (profile);
  if (g_strv_contains ((const char * const *) keys, down))
    return g_steal_pointer (&down);
  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_str_equal (down, aliases[i].name))
      return g_strdup (aliases[i].key);
  /* A biome by its name, and a town tier by its name. */
  for (guint b = 0; b < ms_profile_get_count (profile, MS_PROFILE_BIOMES); b++)
    {
      g_autofree char *label = name_of_label (ms_profile_get_entry (profile, MS_PROFILE_BIOMES, b)->name);

      if (g_str_equal (down, label))
        return g_strdup_printf ("biome_pct.%u", b);
    }
  for (guint t = 0; t < ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS); t++)
    {
      g_autofree char *label = name_of_label (ms_profile_get_entry (profile, MS_PROFILE_TOWN_TIERS, t)->name);

      if (g_str_equal (down, label))
        return g_strdup_printf ("towns.by_tier.%u", t);
    }
  return NULL;
}

const char *
ms_blueprint_stats_get_error (MsBlueprintStats *stats)
{
  g_return_val_if_fail (stats != NULL, NULL);
  return stats->error;
}

const MsStat *
ms_blueprint_stats_lookup (MsBlueprintStats *stats,
                           const char       *key)
{
  g_return_val_if_fail (stats != NULL && key != NULL, NULL);
  for (guint i = 0; i < stats->fields->len; i++)
    {
      const MsStat *stat = &g_array_index (stats->fields, MsStat, i);

      if (g_str_equal (stat->key, key))
        return stat;
    }
  return NULL;
}

static gboolean
is_index (const char *part)
{
  if (*part == '\0')
    return FALSE;
  for (; *part; part++)
    if (!g_ascii_isdigit (*part))
      return FALSE;
  return TRUE;
}

static void
add_value (JsonBuilder  *b,
           const MsStat *stat)
{
  switch (stat->kind)
    {
    case MS_STAT_INT:
      json_builder_add_int_value (b, stat->i);
      break;
    case MS_STAT_DOUBLE:
      json_builder_add_double_value (b, stat->d);
      break;
    case MS_STAT_STRING:
      json_builder_add_string_value (b, stat->s);
      break;
    case MS_STAT_NULL:
    default:
      json_builder_add_null_value (b);
      break;
    }
}

/* Ends the innermost open object or array. */
static void
close_container (JsonBuilder *b,
                 GPtrArray   *open,
                 GArray      *arrays)
{
  if (g_array_index (arrays, gboolean, arrays->len - 1))
    json_builder_end_array (b);
  else
    json_builder_end_object (b);
  g_ptr_array_set_size (open, open->len - 1);
  g_array_set_size (arrays, arrays->len - 1);
}

JsonNode *
ms_blueprint_stats_to_json (MsBlueprintStats *stats)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_free);  /* the open containers' parts */
  g_autoptr(GArray) arrays = g_array_new (FALSE, FALSE, sizeof (gboolean));  /* each one an array? */
  const char *last_group = NULL;

  g_return_val_if_fail (stats != NULL, NULL);

  json_builder_begin_object (b);
  for (guint i = 0; i < stats->fields->len; i++)
    {
      const MsStat *stat = &g_array_index (stats->fields, MsStat, i);
      g_auto(GStrv) parts = g_strsplit (stat->key, ".", -1);
      guint n_parts = g_strv_length (parts), common = 0;

      /* An error row's groups are null as a whole. */
      if (stats->error != NULL && n_parts > 1)
        {
          if (g_strcmp0 (last_group, parts[0]) != 0)
            {
              json_builder_set_member_name (b, parts[0]);
              json_builder_add_null_value (b);
            }
          last_group = g_intern_string (parts[0]);
          continue;
        }

      while (common < open->len && common + 1 < n_parts && g_str_equal (open->pdata[common], parts[common]))
        common++;
      while (open->len > common)
        close_container (b, open, arrays);
      for (guint k = common; k < n_parts; k++)
        {
          gboolean in_array = arrays->len > 0 && g_array_index (arrays, gboolean, arrays->len - 1);

          /* Array elements come in index order, so their index is
           * their place. */
          if (!in_array)
            json_builder_set_member_name (b, parts[k]);
          if (k + 1 == n_parts)
            add_value (b, stat);
          else
            {
              gboolean array = is_index (parts[k + 1]);

              if (array)
                json_builder_begin_array (b);
              else
                json_builder_begin_object (b);
              g_ptr_array_add (open, g_strdup (parts[k]));
              g_array_append_val (arrays, array);
            }
        }
    }
  while (open->len > 0)
    close_container (b, open, arrays);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
ms_blueprint_stats_csv_header (MsProfile *profile)
{
  g_auto(GStrv) keys = NULL;

  g_return_val_if_fail (MS_IS_PROFILE (profile), NULL);

  keys = ms_blueprint_stats_get_keys (profile);
  return g_strjoinv (",", keys);
}

/* The shortest of %.15g and %.17g that reads back as @value. */
static void
append_double (GString *out,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.15g", value);
  if (g_ascii_strtod (buf, NULL) != value)
    g_ascii_formatd (buf, sizeof buf, "%.17g", value);
  g_string_append (out, buf);
}

char *
ms_blueprint_stats_to_csv (MsBlueprintStats *stats)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (stats != NULL, NULL);

  for (guint i = 0; i < stats->fields->len; i++)
    {
      const MsStat *stat = &g_array_index (stats->fields, MsStat, i);

      if (i > 0)
        g_string_append_c (out, ',');
      switch (stat->kind)
        {
        case MS_STAT_INT:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, stat->i);
          break;
        case MS_STAT_DOUBLE:
          append_double (out, stat->d);
          break;
        case MS_STAT_STRING:
          /* RFC 4180: quoted when it holds a comma, a quote or a line
           * break, quotes doubled. */
          if (strpbrk (stat->s, ",\"\r\n") != NULL)
            {
              g_string_append_c (out, '"');
              for (const char *c = stat->s; *c; c++)
                {
                  if (*c == '"')
                    g_string_append_c (out, '"');
                  g_string_append_c (out, *c);
                }
              g_string_append_c (out, '"');
            }
          else
            g_string_append (out, stat->s);
          break;
        case MS_STAT_NULL:
        default:
          break;
        }
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}
