/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli stats: one row of seed-comparison figures per blueprint
 * (ms-blueprint-stats.h), as a text table, JSON Lines or CSV, for batches
 * that a tool such as GNU parallel splits across machines.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <stdio.h>

#include "ms-blueprint-stats.h"
#include "ms-cli.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The files to measure: each FILE as given, and a DIR's *.dat files
 * (not recursive) in name order. */
static GPtrArray *
collect_inputs (MsCliArgs  *args,
                GError    **error)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);

  for (int i = 1; i < args->argc; i++)
    {
      const char *arg = args->argv[i];

      if (g_file_test (arg, G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) dir = g_dir_open (arg, 0, error);
          g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
          const char *name;

          if (dir == NULL)
            return NULL;
          while ((name = g_dir_read_name (dir)) != NULL)
            if (g_str_has_suffix (name, ".dat"))
              g_ptr_array_add (found, g_build_filename (arg, name, NULL));
          g_ptr_array_sort (found, compare_names);
          g_ptr_array_extend_and_steal (inputs, g_steal_pointer (&found));
        }
      else
        g_ptr_array_add (inputs, g_strdup (arg));
    }
  return g_steal_pointer (&inputs);
}

static void
print_json_line (MsBlueprintStats *stats)
{
  g_autoptr(JsonNode) root = ms_blueprint_stats_to_json (stats);
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
}

static void
print_value (const MsStat *stat,
             int           width,
             int           decimals)
{
  if (stat == NULL || stat->kind == MS_STAT_NULL)
    g_print ("%*s", width, "—");
  else if (stat->kind == MS_STAT_INT)
    g_print ("%*" G_GINT64_FORMAT, width, stat->i);
  else if (stat->kind == MS_STAT_DOUBLE)
    g_print ("%*.*f", width, decimals, stat->d);
  else
    g_print ("%*s", width, stat->s);
}

static void
print_text_row (MsBlueprintStats *stats)
{
  const MsStat *file = ms_blueprint_stats_lookup (stats, "file");
  g_autofree char *name = g_path_get_basename (file->s);
  const MsStat *coast = ms_blueprint_stats_lookup (stats, "coastline_m");

  if (ms_blueprint_stats_get_error (stats) != NULL)
    {
      g_print ("%-28s  error: %s\n", name, ms_blueprint_stats_get_error (stats));
      return;
    }
  g_print ("%-28s", name);
  print_value (ms_blueprint_stats_lookup (stats, "seed"), 12, 0);
  print_value (ms_blueprint_stats_lookup (stats, "map_size"), 7, 0);
  print_value (ms_blueprint_stats_lookup (stats, "land_pct"), 7, 1);
  print_value (ms_blueprint_stats_lookup (stats, "water_pct"), 7, 1);
  print_value (ms_blueprint_stats_lookup (stats, "lakes"), 6, 0);
  if (coast->kind == MS_STAT_DOUBLE)
    g_print ("%10.1f", coast->d / 1000.0);
  else
    g_print ("%10s", "—");
  print_value (ms_blueprint_stats_lookup (stats, "height.p50"), 9, 4);
  print_value (ms_blueprint_stats_lookup (stats, "hypsometric_integral"), 7, 3);
  print_value (ms_blueprint_stats_lookup (stats, "audit.errors"), 5, 0);
  print_value (ms_blueprint_stats_lookup (stats, "audit.warnings"), 5, 0);
  g_print ("\n");
}

int
ms_cli_stats (MsCliArgs *args)
{
  g_autoptr(GPtrArray) inputs = NULL;
  g_autoptr(GError) error = NULL;
  gboolean csv = FALSE, no_audit = FALSE;
  double metres_per_pixel = 0;
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    MS_CLI_OPTION_JSON (args, "One JSON object a line (JSON Lines)"),
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, "CSV with a header line", NULL },
    { "metres-per-pixel", 0, 0, G_OPTION_ARG_DOUBLE, &metres_per_pixel,
      "Horizontal size of a map pixel for coastline_m and roads_m (default 8192 / MapSize)", "M" },
    { "no-audit", 0, 0, G_OPTION_ARG_NONE, &no_audit, "Leave out the audit (audit.errors/warnings are null)", NULL },
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE… | DIR — figures to compare seeds by, one row a blueprint",
                    NULL,
                    "A DIR stands for its *.dat files.  A file that cannot be read gives a row with its\n"
                    "error and the exit status 1 at the end; the others are still measured.");
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;
  if (args->argc < 2)
    return ms_cli_usage_error (args->context, "stats needs at least one FILE or DIR");
  if (args->json && csv)
    return ms_cli_usage_error (args->context, "--json and --csv exclude each other");
  if (metres_per_pixel < 0)
    return ms_cli_usage_error (args->context, "--metres-per-pixel must be positive");
  if (!ms_cli_args_load_profile (args))
    return args->exit_code;
  inputs = collect_inputs (args, &error);
  if (inputs == NULL)
    return ms_cli_fail (error);

  if (csv)
    {
      g_autofree char *header = ms_blueprint_stats_csv_header (args->profile);

      g_print ("%s\n", header);
    }
  else if (!args->json)
    g_print ("%-28s%12s%7s%7s%7s%6s%10s%9s%7s%5s%5s\n", "file", "seed", "size", "land%", "water%",
             "lakes", "coast km", "h p50", "HI", "err", "warn");

  for (guint i = 0; i < inputs->len; i++)
    {
      g_autoptr(MsBlueprintStats) stats =
        ms_blueprint_stats_measure (inputs->pdata[i], args->profile, metres_per_pixel,
                                    no_audit ? MS_STATS_DEFAULT : MS_STATS_AUDIT, NULL, &error);

      if (ms_blueprint_stats_get_error (stats) != NULL)
        exit_code = MS_CLI_EXIT_INVALID;
      if (args->json)
        print_json_line (stats);
      else if (csv)
        {
          g_autofree char *row = ms_blueprint_stats_to_csv (stats);

          g_print ("%s\n", row);
        }
      else
        print_text_row (stats);
      /* Rows come out as they are measured, for a pipe. */
      fflush (stdout);
    }
  return exit_code;
}
