/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli audit and diff: thin wrappers over ms_blueprint_audit(),
 * ms_blueprint_diff() and ms_diff_render().
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <math.h>

#include "ms-blueprint-audit.h"
#include "ms-blueprint-diff.h"
#include "ms-cli.h"
#include "ms-diff-renderer.h"
#include "ms-png-writer.h"

/* ------------------------------------------------------------------ audit -- */

JsonNode *
ms_cli_build_audit_json (GPtrArray *findings)
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
      ms_cli_json_add_string (b, "check", f->check);
      ms_cli_json_add_string (b, "message", f->message);
      json_builder_set_member_name (b, "x");
      if (f->has_location)
        json_builder_add_int_value (b, f->x);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "y");
      if (f->has_location)
        json_builder_add_int_value (b, f->y);
      else
        json_builder_add_null_value (b);
      ms_cli_json_add_int (b, "count", (gint64) f->count);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  ms_cli_json_add_int (b, "errors", ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR));
  ms_cli_json_add_int (b, "warnings", ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* One line per finding on stdout, the summary on stderr. */
void
ms_cli_print_audit_text (GPtrArray  *findings,
                         const char *what)
{
  guint errors = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR);
  guint warnings = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING);

  for (guint i = 0; i < findings->len; i++)
    {
      const MsAuditFinding *f = g_ptr_array_index (findings, i);

      if (f->has_location)
        g_print ("%s %s (%u, %u) %" G_GUINT64_FORMAT ": %s\n",
                 ms_audit_severity_to_string (f->severity), f->check, f->x, f->y,
                 f->count, f->message);
      else
        g_print ("%s %s %" G_GUINT64_FORMAT ": %s\n",
                 ms_audit_severity_to_string (f->severity), f->check, f->count,
                 f->message);
    }
  g_printerr ("%s: %u error%s, %u warning%s\n", what, errors, errors == 1 ? "" : "s",
              warnings, warnings == 1 ? "" : "s");
}

int
ms_cli_audit (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context =
    g_option_context_new ("FILE — check a blueprint against the format's invariants");
  g_autoptr(MsProfile) profile = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *profile_path = NULL;
  gboolean json = FALSE;
  int exit_code = MS_CLI_EXIT_OK;
  guint errors;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_FILENAME, &profile_path, "Game profile naming biomes and town tiers", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { NULL }
  };

  g_option_context_set_description (context,
    "Exit status: 0 no error finding, 3 error findings, 1 invalid file, 2 usage or I/O error.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 2)
    return ms_cli_usage_error (context, "audit needs exactly one FILE");

  if ((profile = ms_cli_load_profile (profile_path, &exit_code)) == NULL)
    return exit_code;

  bp = ms_blueprint_new_for_path (argv[1], profile, &error);
  if (bp == NULL)
    return ms_cli_fail (error);

  findings = ms_blueprint_audit (bp, NULL, &error);
  if (findings == NULL)
    return ms_cli_fail (error);

  errors = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR);
  if (json)
    {
      g_autoptr(JsonNode) root = ms_cli_build_audit_json (findings);
      ms_cli_print_json (root);
    }
  else
    {
      g_autofree char *display = g_filename_display_name (argv[1]);

      ms_cli_print_audit_text (findings, display);
    }

  return errors > 0 ? MS_CLI_EXIT_FINDINGS : MS_CLI_EXIT_OK;
}

/* ------------------------------------------------------------------- diff -- */

static void
add_params (JsonBuilder *b,
            const char  *key,
            MsBlueprint *bp)
{
  const MsBlueprintParams *p = ms_blueprint_get_params (bp);

  json_builder_set_member_name (b, key);
  if (p == NULL)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  ms_cli_json_add_int (b, "world_seed", p->world_seed);
  ms_cli_json_add_int (b, "map_size", p->map_size);
  ms_cli_json_add_double (b, "crater_radius", p->crater_radius);
  ms_cli_json_add_double (b, "density_multiplier", p->density_multiplier);
  ms_cli_json_add_double (b, "impact_center_x", p->impact_center_x);
  ms_cli_json_add_double (b, "impact_center_y", p->impact_center_y);
  ms_cli_json_add_string (b, "generated_utc", p->generated_utc);
  ms_cli_json_add_string (b, "generator_git_hash", p->generator_git_hash);
  json_builder_set_member_name (b, "sentinel");
  json_builder_add_boolean_value (b, ms_blueprint_params_is_sentinel (p));
  json_builder_end_object (b);
}

static void
add_tiers (JsonBuilder *b,
           const char  *key,
           const guint *by_tier,
           guint        n_tiers)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < n_tiers; i++)
    json_builder_add_int_value (b, by_tier[i]);
  json_builder_end_array (b);
}

static void
add_roads (JsonBuilder       *b,
           const char        *key,
           const MsDiffRoads *r)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  ms_cli_json_add_int (b, "paths", r->paths);
  ms_cli_json_add_int (b, "points", (gint64) r->points);
  ms_cli_json_add_double (b, "length", r->length);
  ms_cli_json_add_double (b, "length_own", r->length_own);
  ms_cli_json_add_double (b, "length_m", r->length_m);
  json_builder_end_object (b);
}

static void
add_heights (JsonBuilder         *b,
             const char          *key,
             const MsDiffHeights *h)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  ms_cli_json_add_double (b, "min", h->min);
  ms_cli_json_add_double (b, "max", h->max);
  ms_cli_json_add_double (b, "mean", h->mean);
  ms_cli_json_add_int (b, "finite", (gint64) h->finite);
  json_builder_end_object (b);
}

static void
add_counts (JsonBuilder   *b,
            const char    *key,
            const guint64 *counts,
            guint          n)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_int_value (b, (gint64) counts[i]);
  json_builder_end_array (b);
}

static void
add_count_or_null (JsonBuilder *b,
                   const char  *key,
                   gboolean     present,
                   gint64       value)
{
  json_builder_set_member_name (b, key);
  if (present)
    json_builder_add_int_value (b, value);
  else
    json_builder_add_null_value (b);
}

static JsonNode *
build_diff_json (MsBlueprint     *a,
                 MsBlueprint     *b,
                 MsBlueprintDiff *d)
{
  g_autoptr(JsonBuilder) j = json_builder_new ();

  json_builder_begin_object (j);
  json_builder_set_member_name (j, "map_size");
  json_builder_begin_object (j);
  ms_cli_json_add_int (j, "a", d->size_a);
  ms_cli_json_add_int (j, "b", d->size_b);
  json_builder_end_object (j);
  ms_cli_json_add_int (j, "grid_size", d->grid_size);
  json_builder_set_member_name (j, "normalised");
  json_builder_add_boolean_value (j, d->normalised);
  ms_cli_json_add_double (j, "metres_per_pixel", d->metres_per_pixel);

  json_builder_set_member_name (j, "height");
  json_builder_begin_object (j);
  ms_cli_json_add_double (j, "min", d->height_min);
  ms_cli_json_add_double (j, "max", d->height_max);
  ms_cli_json_add_double (j, "mean_abs", d->height_mean_abs);
  ms_cli_json_add_double (j, "rms", d->height_rms);
  ms_cli_json_add_int (j, "compared", (gint64) d->height_compared);
  ms_cli_json_add_int (j, "skipped", (gint64) d->height_skipped);
  add_heights (j, "a", &d->heights_a);
  add_heights (j, "b", &d->heights_b);
  json_builder_end_object (j);

  json_builder_set_member_name (j, "biome_counts");
  json_builder_begin_object (j);
  add_counts (j, "a", d->biome_counts_a, d->n_biomes);
  add_counts (j, "b", d->biome_counts_b, d->n_biomes);
  json_builder_end_object (j);

  ms_cli_json_add_int (j, "biome_changed", (gint64) d->biome_changed);
  json_builder_set_member_name (j, "biome_transitions");
  json_builder_begin_array (j);
  for (guint from = 0; from < d->n_biomes; from++)
    {
      json_builder_begin_array (j);
      for (guint to = 0; to < d->n_biomes; to++)
        json_builder_add_int_value (j, (gint64) d->biome_transitions[(gsize) from * d->n_biomes + to]);
      json_builder_end_array (j);
    }
  json_builder_end_array (j);

  json_builder_set_member_name (j, "water");
  json_builder_begin_object (j);
  add_count_or_null (j, "bodies_a", d->has_water_a, d->bodies_a);
  add_count_or_null (j, "bodies_b", d->has_water_b, d->bodies_b);
  add_count_or_null (j, "lakes_a", d->has_water_a, d->lakes_a);
  add_count_or_null (j, "lakes_b", d->has_water_b, d->lakes_b);
  ms_cli_json_add_int (j, "gained", (gint64) d->water_gained);
  ms_cli_json_add_int (j, "lost", (gint64) d->water_lost);
  ms_cli_json_add_int (j, "pixels_a", (gint64) d->water_a);
  ms_cli_json_add_int (j, "pixels_b", (gint64) d->water_b);
  json_builder_end_object (j);

  json_builder_set_member_name (j, "towns");
  json_builder_begin_object (j);
  add_tiers (j, "a", d->towns_a, d->n_tiers);
  add_tiers (j, "b", d->towns_b, d->n_tiers);
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

static void
print_diff_text (MsBlueprint     *a,
                 MsBlueprint     *b,
                 MsBlueprintDiff *d)
{
  MsProfile *profile = ms_blueprint_get_profile (a);
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  guint n_tiers = ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS);

  g_print ("A  %s (%u × %u)\n", ms_mapping_get_display_name (ms_blueprint_get_mapping (a)),
           d->size_a, d->size_a);
  g_print ("B  %s (%u × %u)\n", ms_mapping_get_display_name (ms_blueprint_get_mapping (b)),
           d->size_b, d->size_b);
  if (d->normalised)
    g_print ("   sizes differ: compared on the %u × %u grid, nearest samples\n",
             d->grid_size, d->grid_size);

  g_print ("  height B − A   min %.6g, max %.6g, mean |Δ| %.6g, rms %.6g (raw)\n",
           d->height_min, d->height_max, d->height_mean_abs, d->height_rms);
  if (d->height_skipped > 0)
    g_print ("                 %" G_GUINT64_FORMAT " pixels skipped (NaN or infinite)\n",
             d->height_skipped);
  g_print ("  biome changed  %" G_GUINT64_FORMAT " pixels (%.2f %%)\n", d->biome_changed,
           100.0 * (double) d->biome_changed / (double) d->pixels);
  for (guint from = 0; from < d->n_biomes; from++)
    for (guint to = 0; to < d->n_biomes; to++)
      {
        guint64 n = d->biome_transitions[(gsize) from * d->n_biomes + to];

        if (n > 0)
          g_print ("    %-14s → %-14s %12" G_GUINT64_FORMAT "\n",
                   from < n_biomes ? ms_profile_get_label (profile, MS_PROFILE_BIOMES, from) : "?",
                   to < n_biomes ? ms_profile_get_label (profile, MS_PROFILE_BIOMES, to) : "?",
                   n);
      }

  g_print ("  water          A %u bodies (%u lakes), B %u bodies (%u lakes); "
           "%" G_GUINT64_FORMAT " pixels gained, %" G_GUINT64_FORMAT " lost\n",
           d->bodies_a, d->lakes_a, d->bodies_b, d->lakes_b, d->water_gained, d->water_lost);

  g_print ("  towns\n");
  for (guint i = 0; i < d->n_tiers; i++)
    g_print ("    %-16s %u → %u\n",
             i < n_tiers ? ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, i) : "?",
             d->towns_a[i], d->towns_b[i]);

  g_print ("  roads          (paths, points, length in metres: a world spans %g m)\n",
           MS_DIFF_WORLD_SPAN);
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    g_print ("    %-16s %u, %" G_GUINT64_FORMAT ", %.0f m → %u, %" G_GUINT64_FORMAT ", %.0f m\n",
             ms_road_tier_to_key (tier), d->roads_a[tier].paths, d->roads_a[tier].points,
             d->roads_a[tier].length_m, d->roads_b[tier].paths, d->roads_b[tier].points,
             d->roads_b[tier].length_m);
}

int
ms_cli_diff (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context =
    g_option_context_new ("A B — measure what changed from blueprint A to blueprint B");
  g_autoptr(MsProfile) profile = NULL;
  g_autoptr(MsBlueprint) a = NULL;
  g_autoptr(MsBlueprint) b = NULL;
  g_autoptr(MsBlueprintDiff) diff = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *profile_path = NULL;
  g_autofree char *output = NULL;
  gboolean json = FALSE;
  int max_size = MS_DIFF_IMAGE_MAX_SIZE;
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_FILENAME, &profile_path, "Game profile naming biomes and town tiers", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write the difference image (PNG)", "OUT.png" },
    { "max-size", 0, 0, G_OPTION_ARG_INT, &max_size, "Largest image side, 1 to 4096 (default 4096)", "N" },
    { NULL }
  };

  g_option_context_set_description (context,
    "Exit status: 0 success, 1 invalid input file, 2 usage or I/O error.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 3)
    return ms_cli_usage_error (context, "diff needs two files, A and B");
  if (max_size < 1 || max_size > MS_DIFF_IMAGE_MAX_SIZE)
    return ms_cli_usage_error (context, "--max-size must be between 1 and %d", MS_DIFF_IMAGE_MAX_SIZE);

  if ((profile = ms_cli_load_profile (profile_path, &exit_code)) == NULL)
    return exit_code;

  a = ms_blueprint_new_for_path (argv[1], profile, &error);
  if (a == NULL)
    return ms_cli_fail (error);
  b = ms_blueprint_new_for_path (argv[2], profile, &error);
  if (b == NULL)
    return ms_cli_fail (error);

  diff = ms_blueprint_diff (a, b, NULL, &error);
  if (diff == NULL)
    return ms_cli_fail (error);

  if (output != NULL)
    {
      double scale = diff->height_compared > 0
        ? MAX (fabs (diff->height_min), fabs (diff->height_max)) : 0.0;
      cairo_surface_t *surface = ms_diff_render (a, b, scale, (guint) max_size, NULL, &error);
      gboolean saved = surface != NULL && ms_png_save (surface, output, NULL, &error);

      g_clear_pointer (&surface, cairo_surface_destroy);
      if (!saved)
        {
          g_printerr ("mapsmith-cli: %s\n", error->message);
          return MS_CLI_EXIT_USAGE;
        }
    }

  if (json)
    {
      g_autoptr(JsonNode) root = build_diff_json (a, b, diff);
      ms_cli_print_json (root);
    }
  else
    {
      print_diff_text (a, b, diff);
    }

  return MS_CLI_EXIT_OK;
}
