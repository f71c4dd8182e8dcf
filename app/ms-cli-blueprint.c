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
#include "ms-demo-blueprint.h"
#include "ms-save.h"

static void
add_params (JsonBuilder       *b,
            MsBlueprint       *bp)
{
  const MsBlueprintParams *p = ms_blueprint_get_params (bp);

  json_builder_set_member_name (b, "params");
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
add_curve (JsonBuilder *b,
           MsBlueprint *bp)
{
  const MsTerrainCurve *c = ms_blueprint_get_curve (bp);

  json_builder_set_member_name (b, "curve");
  if (c == NULL)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  ms_cli_json_add_int (b, "version", c->version);
  json_builder_set_member_name (b, "knots");
  json_builder_begin_array (b);
  for (guint i = 0; i < 4; i++)
    json_builder_add_double_value (b, isfinite (c->knots[i]) ? c->knots[i] : 0.0);
  json_builder_end_array (b);
  ms_cli_json_add_double (b, "spike_max", c->spike_max);
  ms_cli_json_add_double (b, "sea", c->sea);
  ms_cli_json_add_double (b, "orange_ceil", c->orange_ceil);
  ms_cli_json_add_double (b, "red_ceil", c->red_ceil);
  ms_cli_json_add_double (b, "bench_lo", c->bench_lo);
  ms_cli_json_add_double (b, "bench_hi", c->bench_hi);
  ms_cli_json_add_double (b, "peak_cap", c->peak_cap);
  ms_cli_json_add_double (b, "tail_slope", c->tail_slope);
  json_builder_end_object (b);
}

static JsonNode *
build_info_json (MsBlueprint        *bp,
                 MsBlueprintSummary *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const MsSectionInfo *sections;
  const char * const *warnings;
  guint n_sections;

  json_builder_begin_object (b);
  ms_cli_json_add_string (b, "format", ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2 ? "v2" : "v1");
  ms_cli_json_add_int (b, "version", ms_blueprint_get_version (bp));
  ms_cli_json_add_int (b, "map_size", ms_blueprint_get_map_size (bp));
  add_params (b, bp);

  json_builder_set_member_name (b, "sections");
  json_builder_begin_array (b);
  sections = ms_blueprint_get_sections (bp, &n_sections);
  for (guint i = 0; i < n_sections; i++)
    {
      char tag[5];

      ms_section_tag_to_string (sections[i].tag, tag);
      json_builder_begin_object (b);
      ms_cli_json_add_string (b, "tag", tag);
      ms_cli_json_add_int (b, "offset", sections[i].offset);
      ms_cli_json_add_int (b, "length", (gint64) sections[i].length);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "height");
  json_builder_begin_object (b);
  ms_cli_json_add_double (b, "min", s->height_min);
  ms_cli_json_add_double (b, "max", s->height_max);
  ms_cli_json_add_double (b, "mean", s->height_mean);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "biome_counts");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->n_biomes; i++)
    json_builder_add_int_value (b, (gint64) s->biome_counts[i]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "towns");
  json_builder_begin_object (b);
  ms_cli_json_add_int (b, "count", s->n_towns);
  ms_cli_json_add_int (b, "highway_nodes", s->n_highway_nodes);
  json_builder_set_member_name (b, "by_tier");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->n_tiers; i++)
    json_builder_add_int_value (b, s->towns_by_tier[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "roads");
  json_builder_begin_object (b);
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      json_builder_set_member_name (b, ms_road_tier_to_key (tier));
      json_builder_begin_object (b);
      ms_cli_json_add_int (b, "paths", s->roads[tier].paths);
      ms_cli_json_add_int (b, "points", (gint64) s->roads[tier].points);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "water");
  if (!s->has_water)
    {
      json_builder_add_null_value (b);
    }
  else
    {
      json_builder_begin_object (b);
      ms_cli_json_add_int (b, "bodies", s->water_bodies);
      ms_cli_json_add_int (b, "lakes", s->water_lakes);
      ms_cli_json_add_int (b, "water_pixels", (gint64) s->water_pixels);
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
ms_cli_info (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE — describe a blueprint");
  g_autoptr(MsProfile) profile = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *profile_path = NULL;
  gboolean json = FALSE, demo = FALSE;
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_FILENAME, &profile_path, "Game profile naming biomes and town tiers", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
    { "demo", 0, 0, G_OPTION_ARG_NONE, &demo, "Describe the built-in demo map instead of a file", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != (demo ? 1 : 2))
    return ms_cli_usage_error (context, demo ? "--demo takes no FILE" : "info needs exactly one FILE");

  if ((profile = ms_cli_load_profile (profile_path, &exit_code)) == NULL)
    return exit_code;

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
      summary = ms_blueprint_summarize_path (argv[1], profile, &bp, NULL, &error);
      if (summary == NULL)
        return ms_cli_fail (error);
    }
  if (bp == NULL)
    return ms_cli_fail (error);

  if (summary == NULL)
    summary = ms_blueprint_summarize (bp, NULL, &error);
  if (summary == NULL)
    return ms_cli_fail (error);

  if (json)
    {
      g_autoptr(JsonNode) root = build_info_json (bp, summary);
      ms_cli_print_json (root);
    }
  else
    {
      print_info_text (bp, summary);
    }

  return MS_CLI_EXIT_OK;
}

int
ms_cli_validate (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE… — check blueprints");
  g_autoptr(MsProfile) profile = NULL;
  g_autofree char *profile_path = NULL;
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_FILENAME, &profile_path, "Game profile naming biomes and town tiers", "FILE" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc < 2)
    return ms_cli_usage_error (context, "validate needs at least one FILE");

  if ((profile = ms_cli_load_profile (profile_path, &exit_code)) == NULL)
    return exit_code;

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_path (argv[i], profile, &error);
      g_autofree char *display = g_filename_display_name (argv[i]);
      const char * const *warnings;
      guint n_sections = 0;

      if (bp == NULL)
        {
          int code = ms_cli_exit_code_for_error (error);

          g_printerr ("%s\n", error->message);
          exit_code = MAX (exit_code, code);
          continue;
        }

      ms_blueprint_get_sections (bp, &n_sections);
      for (warnings = ms_blueprint_get_warnings (bp); *warnings; warnings++)
        g_printerr ("%s: warning: %s\n", display, *warnings);
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
ms_cli_convert (int    argc,
                char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("IN OUT — write IN as a canonical v2 blueprint");
  g_autoptr(MsProfile) profile = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *profile_path = NULL;
  const char * const *warnings;
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_FILENAME, &profile_path, "Game profile naming biomes and town tiers", "FILE" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 3)
    return ms_cli_usage_error (context, "convert needs IN and OUT");

  if ((profile = ms_cli_load_profile (profile_path, &exit_code)) == NULL)
    return exit_code;

  bp = ms_blueprint_new_for_path (argv[1], profile, &error);
  if (bp == NULL)
    return ms_cli_fail (error);

  for (warnings = ms_blueprint_get_warnings (bp); *warnings; warnings++)
    g_printerr ("%s: warning: %s\n", ms_mapping_get_display_name (ms_blueprint_get_mapping (bp)),
                *warnings);

  if (!ms_blueprint_save_v2 (bp, argv[2], NULL, MS_SAVE_FLAGS_NONE, NULL, &error))
    {
      g_printerr ("mapsmith-cli: %s\n", error->message);
      return MS_CLI_EXIT_USAGE;
    }

  return MS_CLI_EXIT_OK;
}

int
ms_cli_demo (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("OUT.dat — write the demo island blueprint");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  int size = MS_DEMO_BLUEPRINT_DEFAULT_SIZE;
  int seed = MS_DEMO_BLUEPRINT_DEFAULT_SEED;
  int exit_code = MS_CLI_EXIT_OK;
  GOptionEntry entries[] = {
    { "size", 's', 0, G_OPTION_ARG_INT, &size, "MapSize, 256 to 8192 (default 512)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "World seed (default 42)", "S" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 2)
    return ms_cli_usage_error (context, "demo needs exactly one OUT file");
  if (size < MS_BLUEPRINT_MIN_SIZE || size > MS_DEMO_BLUEPRINT_MAX_SIZE)
    return ms_cli_usage_error (context, "--size must be between %d and %d", MS_BLUEPRINT_MIN_SIZE, MS_DEMO_BLUEPRINT_MAX_SIZE);

  bytes = ms_demo_blueprint_generate ((guint) size, seed, &error);
  if (bytes == NULL || !ms_save_bytes (argv[1], NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error))
    {
      g_printerr ("mapsmith-cli: %s\n", error->message);
      return MS_CLI_EXIT_USAGE;
    }

  return MS_CLI_EXIT_OK;
}
