/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli render: the CPU renderer to PNG.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <stdlib.h>

#include "ms-blueprint-renderer.h"
#include "ms-cli.h"
#include "ms-enum.h"
#include "ms-png-writer.h"
#include "ms-render-enums.h"

/**
 * ms_cli_image_parse:
 *
 * --region (which GOption cannot take), then the options as
 * ms_cli_args_parse (); -o is required.
 */
gboolean
ms_cli_image_parse (MsCliImage *image,
                    MsCliArgs  *args,
                    int         n_args,
                    const char *wrong_args)
{
  g_autofree char *message = NULL;

  if (!ms_cli_take_region (&args->argc, args->argv, &image->region, &image->have_region, &message))
    args->exit_code = ms_cli_usage_error (args->context, "%s", message);
  else if (!ms_cli_args_parse (args, n_args, wrong_args))
    return FALSE;
  else if (image->output == NULL)
    args->exit_code = ms_cli_usage_error (args->context, "render needs -o OUT.png");
  else
    return TRUE;
  return FALSE;
}

/* The region inside @width × @height (@what: "map" or "zone"). */
gboolean
ms_cli_image_check_region (const MsCliImage *image,
                           guint             width,
                           guint             height,
                           const char       *what)
{
  const MsRect *r = &image->region;

  if (r->width == 0 || r->height == 0 || r->x >= width || r->y >= height ||
      r->width > width - r->x || r->height > height - r->y)
    {
      ms_cli_usage_error (NULL, "the region %u %u %u %u is not inside the %u×%u %s",
                          r->x, r->y, r->width, r->height, width, height, what);
      return FALSE;
    }
  return TRUE;
}

gboolean
ms_cli_image_save (MsCliImage  *image,
                   GError     **error)
{
  return ms_png_save (image->surface, image->output, NULL, error);
}

void
ms_cli_image_clear (MsCliImage *image)
{
  g_clear_pointer (&image->output, g_free);
  g_clear_pointer (&image->surface, cairo_surface_destroy);
}

int
ms_cli_render (MsCliArgs *args)
{
  g_auto(MsCliImage) image = { 0, };
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *layer_name = NULL;
  g_autofree char *overlay_names = NULL;
  g_autofree char *stack_text = NULL;
  g_autofree char *ramp_name = NULL;
  MsBlueprintStyle style;
  double azimuth = 315, altitude = 45, exaggeration = 1, metres_per_pixel = 0;
  gboolean multidirectional = FALSE;
  guint n;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    MS_CLI_OPTION_OUTPUT (&image),
    { "layer", 'l', 0, G_OPTION_ARG_STRING, &layer_name, "height, hillshade, biome, water or composite (default)", "LAYER" },
    { "overlays", 0, 0, G_OPTION_ARG_STRING, &overlay_names, "Vector overlays: towns,roads", "LIST" },
    { "layers", 0, 0, G_OPTION_ARG_STRING, &stack_text,
      "The layer stack instead of --layer/--overlays, e.g. height,hillshade:0.6,water:0.8,contours:10,roads,towns",
      "LIST" },
    { "max-size", 0, 0, G_OPTION_ARG_INT, &image.max_size, "Largest side of the image; the map is averaged down to fit", "N" },
    { "ramp", 0, 0, G_OPTION_ARG_STRING, &ramp_name, "Height colour ramp: terrain (default) or grey", "RAMP" },
    { "azimuth", 0, 0, G_OPTION_ARG_DOUBLE, &azimuth, "Light direction, degrees clockwise from the top (315)", "DEG" },
    { "altitude", 0, 0, G_OPTION_ARG_DOUBLE, &altitude, "Light altitude above the horizon, degrees (45)", "DEG" },
    { "multidirectional", 0, 0, G_OPTION_ARG_NONE, &multidirectional,
      "Light the hillshade from 225°, 270°, 315° and 360° as gdaldem -multidirectional does", NULL },
    { "exaggeration", 0, 0, G_OPTION_ARG_DOUBLE, &exaggeration, "Vertical exaggeration for shading (1)", "F" },
    { "metres-per-pixel", 0, 0, G_OPTION_ARG_DOUBLE, &metres_per_pixel, "Horizontal size of a map pixel (default 8192 / MapSize)", "M" },
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE -o OUT.png — render a blueprint", NULL,
    "--region X Y W H renders only that rectangle of file coordinates\n"
    "(X along the first index, Y along the second).  Image column = X, row = Y.\n"
    "\n"
    "--layers lists the layers to show, each with an optional opacity 0..1\n"
    "after a colon (default 1); layers not listed are hidden.  They stack in a\n"
    "fixed order, bottom to top: height, biome, slope, hillshade, water, contours,\n"
    "roads, towns.  slope colours the ground by its slope in degrees (Horn's\n"
    "method, as gdaldem; with --max-size, at the resolution drawn).\n"
    "contours:INTERVAL[:OPACITY] draws a line every INTERVAL metres above\n"
    "sea level (opacity 0.7 unless given), one pixel wide, e.g. contours:10 or\n"
    "contours:25:1.  hillshade[:OPACITY]:multi (or --multidirectional) lights the\n"
    "relief from four azimuths, weighted by the slope's aspect, as gdaldem\n"
    "-multidirectional does; --azimuth is then ignored.\n"
    "Hillshade shades what is under it, or over nothing is a grey relief; where\n"
    "nothing is shown the image is light grey (#d8d8d8).  Each --layer is a\n"
    "preset over the stack: height, biome and hillshade alone at 1;\n"
    "water = hillshade:0.35,water:0.85; composite (the default) =\n"
    "height,hillshade:0.8,water:0.85.");
  if (!ms_cli_image_parse (&image, args, 1, "render needs exactly one FILE"))
    return args->exit_code;

  ms_blueprint_style_init (&style);
  if (layer_name != NULL && !ms_blueprint_layer_from_string (layer_name, &style.layer))
    return ms_cli_usage_error (args->context, "unknown layer “%s”", layer_name);
  if (overlay_names != NULL)
    {
      guint overlays;

      if (!ms_flags_from_nicks (MS_TYPE_OVERLAYS, overlay_names, &overlays, NULL))
        return ms_cli_usage_error (args->context, "unknown overlay in “%s” (towns, roads)", overlay_names);
      style.overlays = (MsOverlays) overlays;
    }
  if (stack_text != NULL)
    {
      if (layer_name != NULL || overlay_names != NULL)
        return ms_cli_usage_error (args->context, "--layers replaces --layer and --overlays: give one or the other");
      if (!ms_blueprint_style_parse_stack (&style, stack_text, &error))
        return ms_cli_usage_error (args->context, "%s", error->message);
    }
  if (ramp_name != NULL)
    {
      int ramp;

      /* "gray" too, as Americans spell it. */
      if (!ms_enum_from_nick (MS_TYPE_RAMP, g_str_equal (ramp_name, "gray") ? "grey" : ramp_name, &ramp))
        return ms_cli_usage_error (args->context, "unknown ramp “%s” (terrain, grey)", ramp_name);
      style.ramp = (MsRamp) ramp;
    }
  if (image.max_size < 0 || altitude <= 0 || altitude > 90 || exaggeration <= 0 || metres_per_pixel < 0)
    return ms_cli_usage_error (args->context, "--max-size, --altitude (0..90], --exaggeration and "
                                        "--metres-per-pixel must be positive");
  /* The stack may have asked for multidirectional light already. */
  multidirectional = multidirectional || style.light.multidirectional;
  ms_light_init (&style.light, (float) azimuth, (float) altitude);
  style.light.multidirectional = multidirectional;
  style.exaggeration = (float) exaggeration;
  style.metres_per_pixel = (float) metres_per_pixel;

  /* The biome check runs beside the encoding (ms_render_blueprint_to_png ()). */
  if ((bp = ms_cli_args_open_blueprint_unchecked (args, args->argv[1])) == NULL)
    return args->exit_code;

  n = ms_blueprint_get_map_size (bp);
  if (!image.have_region)
    image.region = (MsRect) { 0, 0, n, n };
  if (!ms_cli_image_check_region (&image, n, n, "map"))
    return MS_CLI_EXIT_USAGE;

  /* Straight to the file, strip by strip; refused when the file shrank
   * while it was read (its lost pixels would be zeros, not the map). */
  if (!ms_render_blueprint_to_png (bp, &style, &image.region, (guint) image.max_size, image.output,
                                   NULL, &error))
    return ms_cli_fail (error);
  return MS_CLI_EXIT_OK;
}
