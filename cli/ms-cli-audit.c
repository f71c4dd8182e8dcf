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
#include "ms-cli-json.h"
#include "ms-diff-renderer.h"
#include "ms-png-writer.h"

/* ------------------------------------------------------------------ audit -- */

/* As JSON, or one line per finding on stdout and the summary on stderr;
 * returns the exit status, 3 with error findings. */
int
ms_cli_report_audit (GPtrArray  *findings,
                     gboolean    json,
                     const char *what)
{
  guint errors = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR);
  guint warnings = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING);

  if (json)
    {
      ms_cli_print_json (ms_cli_json_audit (findings));
      return errors > 0 ? MS_CLI_EXIT_FINDINGS : MS_CLI_EXIT_OK;
    }
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
      /* The first few after the first, indented under it. */
      if (f->n_locations > 1)
        {
          g_autoptr(GString) at = g_string_new ("  also at");

          for (guint k = 1; k < f->n_locations; k++)
            g_string_append_printf (at, " (%u, %u)", f->locations[k].x, f->locations[k].y);
          if (f->count > f->n_locations)
            g_string_append (at, " …");
          g_print ("%s\n", at->str);
        }
    }
  g_printerr ("%s: %u error%s, %u warning%s\n", what, errors, errors == 1 ? "" : "s",
              warnings, warnings == 1 ? "" : "s");
  return errors > 0 ? MS_CLI_EXIT_FINDINGS : MS_CLI_EXIT_OK;
}

int
ms_cli_audit (MsCliArgs *args)
{
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    MS_CLI_OPTION_JSON (args, "Print one JSON object"),
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE — check a blueprint against the format's invariants", NULL,
                    "Exit status: 0 no error finding, 3 error findings, 1 invalid file, 2 usage or I/O error.");
  if (!ms_cli_args_parse (args, 1, "audit needs exactly one FILE") ||
      (bp = ms_cli_args_open_blueprint (args, args->argv[1])) == NULL)
    return args->exit_code;

  findings = ms_blueprint_audit (bp, NULL, &error);
  if (findings == NULL)
    return ms_cli_fail (error);
  display = g_filename_display_name (args->argv[1]);
  return ms_cli_report_audit (findings, args->json, display);
}

/* ------------------------------------------------------------------- diff -- */

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
ms_cli_diff (MsCliArgs *args)
{
  g_autoptr(MsBlueprint) a = NULL;
  g_autoptr(MsBlueprint) b = NULL;
  g_autoptr(MsBlueprintDiff) diff = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  int max_size = MS_DIFF_IMAGE_MAX_SIZE;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    MS_CLI_OPTION_JSON (args, "Print one JSON object"),
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write the difference image (PNG)", "OUT.png" },
    { "max-size", 0, 0, G_OPTION_ARG_INT, &max_size, "Largest image side, 1 to 4096 (default 4096)", "N" },
    { NULL }
  };

  ms_cli_args_init (args, entries, "A B — measure what changed from blueprint A to blueprint B", NULL,
                    "Exit status: 0 success, 1 invalid input file, 2 usage or I/O error.");
  if (!ms_cli_args_parse (args, 2, "diff needs two files, A and B"))
    return args->exit_code;
  if (max_size < 1 || max_size > MS_DIFF_IMAGE_MAX_SIZE)
    return ms_cli_usage_error (args->context, "--max-size must be between 1 and %d", MS_DIFF_IMAGE_MAX_SIZE);
  if ((a = ms_cli_args_open_blueprint (args, args->argv[1])) == NULL ||
      (b = ms_cli_args_open_blueprint (args, args->argv[2])) == NULL)
    return args->exit_code;

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
        return ms_cli_io_error (error);
    }

  if (args->json)
    ms_cli_print_json (ms_cli_json_diff (a, b, diff));
  else
    print_diff_text (a, b, diff);
  return MS_CLI_EXIT_OK;
}
