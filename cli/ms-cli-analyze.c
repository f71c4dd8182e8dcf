/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli analyze: where water would go on a blueprint
 * (ms-terrain-analysis.h): its depressions, the shares of land draining
 * to the ocean, to lakes and to nowhere, and the largest basins.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <math.h>

#include "ms-cli.h"
#include "ms-cli-json.h"
#include "ms-terrain-analysis.h"

static const char *
basin_kind_words (MsBasinKind kind)
{
  static const char *words[] = { "the ocean", "off the edge", "a lake" };

  return words[kind];
}

static void
print_text (const MsTerrainAnalysis *a,
            const char              *display)
{
  double land = (double) a->land_pixels;
  guint k = a->factor;

  g_print ("%s: %u × %u", display, a->map_size, a->map_size);
  if (k == 1)
    g_print (", analysed at full size, %g m a pixel\n", a->metres_per_pixel);
  else
    g_print (", analysed on level %u (%u × %u, each pixel the mean of %u × %u), %g m a pixel\n",
             a->level, a->size, a->size, k, k, a->metres_per_pixel);
  g_print ("depressions      %" G_GUINT64_FORMAT ", %.6g m³ to fill\n", a->depressions,
           a->depression_volume_m3);
  if (a->land_pixels > 0)
    g_print ("land drains to   the ocean %.2f %%, lakes %.2f %%, nowhere %.2f %%\n",
             100.0 * (double) a->drains_to_ocean / land, 100.0 * (double) a->drains_to_lakes / land,
             100.0 * (double) a->drains_to_nowhere / land);
  else
    g_print ("land drains to   (no land)\n");
  if (a->n_basins > 0)
    g_print ("basins           %12s %12s  %-14s %s\n", "km²", "pixels", "outlet", "into");
  for (guint i = 0; i < a->n_basins; i++)
    {
      const MsBasin *b = &a->basins[i];
      g_autofree char *outlet = NULL;
      guint x, y;

      ms_terrain_analysis_to_map (a, b->x, b->y, &x, &y);
      outlet = g_strdup_printf ("(%u, %u)", x, y);
      g_print ("  %2u             %12.4f %12" G_GUINT64_FORMAT "  %-14s %s", i + 1, b->area_km2,
               b->area_pixels * k * k, outlet, basin_kind_words (b->kind));
      if (b->kind == MS_BASIN_LAKE && b->water_id != 0)
        g_print (" %u", b->water_id);
      g_print ("\n");
    }
  g_print ("seconds          load %.3f, fill %.3f, directions %.3f, accumulation %.3f, basins %.3f\n",
           a->seconds_load, a->seconds_fill, a->seconds_directions, a->seconds_accumulation,
           a->seconds_basins);
}

int
ms_cli_analyze (MsCliArgs *args)
{
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsTerrainAnalysis) analysis = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  double metres_per_pixel = 0;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    MS_CLI_OPTION_JSON (args, "Print one JSON object"),
    { "metres-per-pixel", 0, 0, G_OPTION_ARG_DOUBLE, &metres_per_pixel,
      "Horizontal size of a map pixel (default 8192 / MapSize)", "M" },
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE — depressions, drainage and basins of a blueprint", NULL,
                    "A priority-flood fill from the outlets (the map's edge, the ocean, lakes),\n"
                    "D8 flow over the filled surface and its accumulation.  Maps larger than\n"
                    "8192² are analysed on their 8192² pyramid level.");
  if (!ms_cli_args_parse (args, 1, "analyze needs exactly one FILE"))
    return args->exit_code;
  if (!(metres_per_pixel >= 0) || !isfinite (metres_per_pixel))
    return ms_cli_usage_error (args->context, "--metres-per-pixel must be a positive number");
  if ((bp = ms_cli_args_open_blueprint (args, args->argv[1])) == NULL)
    return args->exit_code;

  analysis = ms_terrain_analysis_new (bp, metres_per_pixel, 0, NULL, NULL, NULL, &error);
  if (analysis == NULL)
    return ms_cli_fail (error);
  if (args->json)
    ms_cli_print_json (ms_cli_json_terrain_analysis (analysis));
  else
    {
      display = g_filename_display_name (args->argv[1]);
      print_text (analysis, display);
    }
  return MS_CLI_EXIT_OK;
}
