/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the v2 and v1 blueprint readers: any input must give
 * a blueprint or a GError, never a crash, a hang or a sanitizer report.  A
 * parsed blueprint is then walked through every accessor.
 */
#include "config.h"

#include "ms-blueprint.h"
#include "ms-blueprint-summary.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "fuzz", NULL, &error);
  g_autoptr(MsBlueprintSummary) summary = NULL;
  guint n;

  if (bp == NULL)
    {
      g_assert (error != NULL && error->message != NULL);
      return 0;
    }

  n = ms_blueprint_get_map_size (bp);
  summary = ms_blueprint_summarize (bp, NULL, NULL);
  g_assert (summary != NULL);
  (void) ms_blueprint_get_height (bp, n - 1, n - 1);
  (void) ms_blueprint_get_biome (bp, n - 1, 0);
  (void) ms_blueprint_get_water_id (bp, 0, n - 1);
  (void) ms_blueprint_get_water_surface (bp, n / 2, n / 2);
  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    for (guint i = 0; i < ms_blueprint_get_n_paths (bp, t); i++)
      {
        guint n_points;
        const MsPoint *pts = ms_blueprint_get_path (bp, t, i, &n_points);
        if (n_points > 0)
          (void) pts[n_points - 1].x;
      }
  return 0;
}
