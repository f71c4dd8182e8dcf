/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Blueprint subcommands: info, validate, convert, demo.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <math.h>

#include "ms-blueprint.h"
#include "ms-blueprint-summary.h"
#include "ms-blueprint-writer.h"
#include "ms-cli.h"
#include "ms-cli-json.h"
#include "ms-demo-blueprint.h"
#include "ms-save.h"

static void
print_info_text (MsBlueprint        *bp,
                 MsBlueprintSummary *s)
{
  MsProfile *profile = ms_blueprint_get_profile (bp);
  const MsBlueprintParams *p = ms_blueprint_get_params (bp);
  const MsTerrainCurve *curve = ms_blueprint_get_curve (bp);
  const MsSectionInfo *sections;
  const char * const *warnings;
  guint n = ms_blueprint_get_map_size (bp);
  guint n_sections;

  g_print ("%s\n", ms_mapping_get_display_name (ms_blueprint_get_mapping (bp)));
  g_print ("  format        %s (version %u)\n",
           ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2 ? "v2" : "v1 (legacy)",
           ms_blueprint_get_version (bp));
  g_print ("  map size      %u × %u (X outer, Y inner)\n", n, n);
  if (p != NULL)
    {
      g_print ("  world seed    %d%s\n", p->world_seed,
               ms_blueprint_params_is_sentinel (p) ? " (sentinel: re-encoded file)" : "");
      g_print ("  crater        radius %g, centre (%g, %g)\n",
               p->crater_radius, p->impact_center_x, p->impact_center_y);
      g_print ("  density       %g\n", p->density_multiplier);
      g_print ("  generated     %s by %s\n", p->generated_utc,
               *p->generator_git_hash ? p->generator_git_hash : "(no hash)");
    }

  sections = ms_blueprint_get_sections (bp, &n_sections);
  if (n_sections > 0)
    {
      g_print ("  sections\n");
      for (guint i = 0; i < n_sections; i++)
        {
          char tag[5];
          ms_section_tag_to_string (sections[i].tag, tag);
          g_print ("    %s  offset %12" G_GOFFSET_FORMAT "  length %12" G_GUINT64_FORMAT "%s\n",
                   tag, sections[i].offset, sections[i].length,
                   sections[i].known ? "" : "  (unknown, skipped)");
        }
    }

  g_print ("  height        min %.6g, max %.6g, mean %.6g (raw; 1 raw = 251 m)\n",
           s->height_min, s->height_max, s->height_mean);
  if (s->nonfinite_heights > 0)
    g_print ("                %" G_GUINT64_FORMAT " heights are NaN or infinite\n",
             s->nonfinite_heights);

  g_print ("  biomes\n");
  for (guint i = 0; i < s->n_biomes; i++)
    if (s->biome_counts[i] > 0)
      g_print ("    %2u %-14s %12" G_GUINT64_FORMAT "  %5.1f %%\n", i,
               ms_profile_get_label (profile, MS_PROFILE_BIOMES, i), s->biome_counts[i],
               100.0 * (double) s->biome_counts[i] / ((double) n * n));

  g_print ("  towns         %u (%u highway nodes)\n", s->n_towns, s->n_highway_nodes);
  for (guint i = 0; i < s->n_tiers; i++)
    g_print ("    %-16s %u\n", ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, i),
             s->towns_by_tier[i]);

  g_print ("  roads\n");
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    g_print ("    %-16s %u paths, %" G_GUINT64_FORMAT " points, %.0f px long\n",
             ms_road_tier_to_key (tier), s->roads[tier].paths, s->roads[tier].points,
             s->roads[tier].length);

  if (s->has_water)
    g_print ("  water         %u bodies (%u lakes), %" G_GUINT64_FORMAT " pixels\n",
             s->water_bodies, s->water_lakes, s->water_pixels);
  else
    g_print ("  water         no WBID section\n");

  if (curve != NULL)
    g_print ("  terrain curve version %u, spike max %g, sea %g\n",
             curve->version, curve->spike_max, curve->sea);

  for (warnings = ms_blueprint_get_warnings (bp); *warnings; warnings++)
    g_print ("  warning: %s\n", *warnings);
}

int
ms_cli_info (MsCliArgs *args)
{
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  gboolean demo = FALSE;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    MS_CLI_OPTION_JSON (args, "Print one JSON object"),
    { "demo", 0, 0, G_OPTION_ARG_NONE, &demo, "Describe the built-in demo map instead of a file", NULL },
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE — describe a blueprint", NULL, NULL);
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;
  if (args->argc != (demo ? 1 : 2))
    return ms_cli_usage_error (args->context, demo ? "--demo takes no FILE" : "info needs exactly one FILE");
  if (!ms_cli_args_load_profile (args))
    return args->exit_code;

  if (demo)
    {
      g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MS_DEMO_BLUEPRINT_DEFAULT_SIZE,
                                                            MS_DEMO_BLUEPRINT_DEFAULT_SEED, &error);
      /* The demo's ordinals are the placeholder profile's. */
      if (bytes != NULL)
        bp = ms_blueprint_new_for_bytes (bytes, "built-in demo", NULL, &error);
    }
  else
    {
      /* One pass over each grid: the open's biome check rides on the
       * summary's histogram. */
      summary = ms_blueprint_summarize_path (args->argv[1], args->profile, &bp, NULL, &error);
    }
  if (bp == NULL || (summary == NULL && (summary = ms_blueprint_summarize (bp, NULL, &error)) == NULL))
    return ms_cli_fail (error);

  if (args->json)
    ms_cli_print_json (ms_cli_json_blueprint_info (bp, summary));
  else
    print_info_text (bp, summary);
  return MS_CLI_EXIT_OK;
}

int
ms_cli_validate (MsCliArgs *args)
{
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE… — check blueprints", NULL, NULL);
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;
  if (args->argc < 2)
    return ms_cli_usage_error (args->context, "validate needs at least one FILE");
  if (!ms_cli_args_load_profile (args))
    return args->exit_code;

  for (int i = 1; i < args->argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_path (args->argv[i], args->profile, &error);
      g_autofree char *display = g_filename_display_name (args->argv[i]);
      guint n_sections = 0;

      if (bp == NULL)
        {
          int code = ms_cli_exit_code_for_error (error);

          g_printerr ("%s\n", error->message);
          exit_code = MAX (exit_code, code);
          continue;
        }

      ms_blueprint_get_sections (bp, &n_sections);
      ms_cli_print_warnings (bp, display);
      if (ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2)
        g_print ("%s: valid v2 blueprint, MapSize %u, %u sections\n", display,
                 ms_blueprint_get_map_size (bp), n_sections);
      else
        g_print ("%s: valid v1 blueprint (legacy), MapSize %u\n", display,
                 ms_blueprint_get_map_size (bp));
    }

  return exit_code;
}

int
ms_cli_convert (MsCliArgs *args)
{
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    { NULL }
  };

  ms_cli_args_init (args, entries, "IN OUT — write IN as a canonical v2 blueprint", NULL, NULL);
  if (!ms_cli_args_parse (args, 2, "convert needs IN and OUT") ||
      (bp = ms_cli_args_open_blueprint (args, args->argv[1])) == NULL)
    return args->exit_code;

  ms_cli_print_warnings (bp, ms_mapping_get_display_name (ms_blueprint_get_mapping (bp)));
  if (!ms_blueprint_save_v2 (bp, args->argv[2], NULL, MS_SAVE_FLAGS_NONE, NULL, &error))
    return ms_cli_io_error (error);
  return MS_CLI_EXIT_OK;
}

int
ms_cli_demo (MsCliArgs *args)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  int size = MS_DEMO_BLUEPRINT_DEFAULT_SIZE;
  int seed = MS_DEMO_BLUEPRINT_DEFAULT_SEED;
  GOptionEntry entries[] = {
    { "size", 's', 0, G_OPTION_ARG_INT, &size, "MapSize, 256 to 8192 (default 512)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "World seed (default 42)", "S" },
    { NULL }
  };

  ms_cli_args_init (args, entries, "OUT.dat — write the demo island blueprint", NULL, NULL);
  if (!ms_cli_args_parse (args, 1, "demo needs exactly one OUT file"))
    return args->exit_code;
  if (size < MS_BLUEPRINT_MIN_SIZE || size > MS_DEMO_BLUEPRINT_MAX_SIZE)
    return ms_cli_usage_error (args->context, "--size must be between %d and %d",
                               MS_BLUEPRINT_MIN_SIZE, MS_DEMO_BLUEPRINT_MAX_SIZE);

  bytes = ms_demo_blueprint_generate ((guint) size, seed, &error);
  if (bytes == NULL || !ms_save_bytes (args->argv[1], NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error))
    return ms_cli_io_error (error);
  return MS_CLI_EXIT_OK;
}
