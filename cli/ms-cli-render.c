/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli render: the CPU renderer to PNG.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <stdlib.h>

#include "ms-blueprint-renderer.h"
#include "ms-cli.h"
#include "ms-png-writer.h"

static gboolean
parse_overlays (const char  *text,
                MsOverlays  *overlays)
{
  g_auto(GStrv) names = g_strsplit (text, ",", -1);

  *overlays = MS_OVERLAY_NONE;
  for (guint i = 0; names[i]; i++)
    {
      if (g_str_equal (names[i], "towns"))
        *overlays |= MS_OVERLAY_TOWNS;
      else if (g_str_equal (names[i], "roads"))
        *overlays |= MS_OVERLAY_ROADS;
      else if (names[i][0] != '\0')
        return FALSE;
    }
  return TRUE;
}

int
ms_cli_render (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE -o OUT.png — render a blueprint");
  g_autoptr(MsProfile) profile = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *profile_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *layer_name = NULL;
  g_autofree char *overlay_names = NULL;
  g_autofree char *stack_text = NULL;
  g_autofree char *ramp_name = NULL;
  g_autofree char *message = NULL;
  cairo_surface_t *surface;
  MsBlueprintStyle style;
  MsRect region = { 0, };
  gboolean have_region = FALSE;
  double azimuth = 315, altitude = 45, exaggeration = 1, metres_per_pixel = 0;
  int max_size = 0;
  int exit_code = MS_CLI_EXIT_OK;
  guint n;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_FILENAME, &profile_path, "Game profile naming biomes and town tiers", "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "The PNG to write", "OUT.png" },
    { "layer", 'l', 0, G_OPTION_ARG_STRING, &layer_name, "height, hillshade, biome, water or composite (default)", "LAYER" },
    { "overlays", 0, 0, G_OPTION_ARG_STRING, &overlay_names, "Vector overlays: towns,roads", "LIST" },
    { "layers", 0, 0, G_OPTION_ARG_STRING, &stack_text,
      "The layer stack instead of --layer/--overlays, e.g. height,hillshade:0.6,water:0.8,roads,towns", "LIST" },
    { "max-size", 0, 0, G_OPTION_ARG_INT, &max_size, "Largest side of the image; the map is averaged down to fit", "N" },
    { "ramp", 0, 0, G_OPTION_ARG_STRING, &ramp_name, "Height colour ramp: terrain (default) or grey", "RAMP" },
    { "azimuth", 0, 0, G_OPTION_ARG_DOUBLE, &azimuth, "Light direction, degrees clockwise from the top (315)", "DEG" },
    { "altitude", 0, 0, G_OPTION_ARG_DOUBLE, &altitude, "Light altitude above the horizon, degrees (45)", "DEG" },
    { "exaggeration", 0, 0, G_OPTION_ARG_DOUBLE, &exaggeration, "Vertical exaggeration for shading (1)", "F" },
    { "metres-per-pixel", 0, 0, G_OPTION_ARG_DOUBLE, &metres_per_pixel, "Horizontal size of a map pixel (default 8192 / MapSize)", "M" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
    "--region X Y W H renders only that rectangle of file coordinates\n"
    "(X along the first index, Y along the second).  Image column = X, row = Y.\n"
    "\n"
    "--layers lists the layers to show, each with an optional opacity 0..1\n"
    "after a colon (default 1); layers not listed are hidden.  They stack in a\n"
    "fixed order, bottom to top: height, biome, hillshade, water, roads, towns.\n"
    "Hillshade shades what is under it, or over nothing is a grey relief; where\n"
    "nothing is shown the image is light grey (#d8d8d8).  Each --layer is a\n"
    "preset over the stack: height, biome and hillshade alone at 1;\n"
    "water = hillshade:0.35,water:0.85; composite (the default) =\n"
    "height,hillshade:0.8,water:0.85.");
  if (!ms_cli_take_region (&argc, argv, &region, &have_region, &message))
    return ms_cli_usage_error (context, "%s", message);
  if (!ms_cli_parse_options (context, &argc, &argv, &exit_code))
    return exit_code;
  if (argc != 2)
    return ms_cli_usage_error (context, "render needs exactly one FILE");
  if (output == NULL)
    return ms_cli_usage_error (context, "render needs -o OUT.png");

  ms_blueprint_style_init (&style);
  if (layer_name != NULL && !ms_blueprint_layer_from_string (layer_name, &style.layer))
    return ms_cli_usage_error (context, "unknown layer “%s”", layer_name);
  if (overlay_names != NULL && !parse_overlays (overlay_names, &style.overlays))
    return ms_cli_usage_error (context, "unknown overlay in “%s” (towns, roads)", overlay_names);
  if (stack_text != NULL)
    {
      if (layer_name != NULL || overlay_names != NULL)
        return ms_cli_usage_error (context, "--layers replaces --layer and --overlays: give one or the other");
      if (!ms_blueprint_style_parse_stack (&style, stack_text, &error))
        return ms_cli_usage_error (context, "%s", error->message);
    }
  if (ramp_name != NULL)
    {
      if (g_str_equal (ramp_name, "terrain"))
        style.ramp = MS_RAMP_TERRAIN;
      else if (g_str_equal (ramp_name, "grey") || g_str_equal (ramp_name, "gray"))
        style.ramp = MS_RAMP_GREY;
      else
        return ms_cli_usage_error (context, "unknown ramp “%s” (terrain, grey)", ramp_name);
    }
  if (max_size < 0 || altitude <= 0 || altitude > 90 || exaggeration <= 0 || metres_per_pixel < 0)
    return ms_cli_usage_error (context, "--max-size, --altitude (0..90], --exaggeration and "
                                        "--metres-per-pixel must be positive");
  ms_light_init (&style.light, (float) azimuth, (float) altitude);
  style.exaggeration = (float) exaggeration;
  style.metres_per_pixel = (float) metres_per_pixel;

  if ((profile = ms_cli_load_profile (profile_path, &exit_code)) == NULL)
    return exit_code;

  bp = ms_blueprint_new_for_path (argv[1], profile, &error);
  if (bp == NULL)
    return ms_cli_fail (error);

  n = ms_blueprint_get_map_size (bp);
  if (!have_region)
    region = (MsRect) { 0, 0, n, n };
  if (region.width == 0 || region.height == 0 || region.x >= n || region.y >= n ||
      region.width > n - region.x || region.height > n - region.y)
    return ms_cli_usage_error (NULL, "the region %u %u %u %u is not inside the %u×%u map",
                               region.x, region.y, region.width, region.height, n, n);

  surface = ms_render_blueprint (bp, &style, &region, (guint) max_size, NULL, &error);
  if (surface == NULL)
    return ms_cli_fail (error);
  /* Pixels read from a file that shrank meanwhile are zeros, not the map. */
  if (!ms_mapping_check (ms_blueprint_get_mapping (bp), &error))
    {
      cairo_surface_destroy (surface);
      return ms_cli_fail (error);
    }

  if (!ms_png_save (surface, output, NULL, &error))
    {
      cairo_surface_destroy (surface);
      return ms_cli_fail (error);
    }
  cairo_surface_destroy (surface);
  return MS_CLI_EXIT_OK;
}
