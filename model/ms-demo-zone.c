/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A made-up zone so the painter and the tests have something to open on a
 * machine with no game data: relief with a peak and a valley, roads and
 * protected areas in the control layer, and a smooth spawn field with a few
 * live plants.  Deterministic for a given size.
 */
#define G_LOG_DOMAIN "ms-demo-zone"

#include "config.h"

#include <math.h>

#include "ms-demo-zone.h"
#include "ms-save.h"
#include "ms-wire.h"
#include "ms-zone.h"

static double
demo_height (double u,
             double v)
{
  double h = 500 + 250 * sin (2 * G_PI * u * 2) * cos (2 * G_PI * v * 1.5);

  h += 900 * exp (-((u - 0.7) * (u - 0.7) + (v - 0.3) * (v - 0.3)) / 0.01);
  h -= 300 * exp (-((u - 0.3) * (u - 0.3) + (v - 0.7) * (v - 0.7)) / 0.02);
  return CLAMP (h, 0, 2047);
}

static guint16
demo_control (guint x,
              guint y,
              guint n)
{
  double u = (x + 0.5) / n, v = (y + 0.5) / n;
  guint16 c = 0;

  if (u >= 0.1 && u < 0.3 && v >= 0.1 && v < 0.3)
    c |= MS_ZONE_CONTROL_ANTI_PLANT;
  if (fabs (v - 0.5) * n < 2)
    c |= MS_ZONE_CONTROL_HIGHWAY;
  if (fabs (u - 0.5) * n < 2)
    c |= MS_ZONE_CONTROL_PBS_HIGHWAY;
  if ((u - 0.25) * (u - 0.25) + (v - 0.75) * (v - 0.75) < 0.01)
    c |= MS_ZONE_CONTROL_ROAMING;
  if (u >= 0.6 && u < 0.9 && v >= 0.6 && v < 0.9)
    c |= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  if (u >= 0.9 && v < 0.1)
    c |= MS_ZONE_CONTROL_NPC_RESTRICTED | MS_ZONE_CONTROL_SYNDICATE_AREA;
  if (u >= 0.4 && u < 0.45 && v >= 0.05 && v < 0.15)
    c |= MS_ZONE_CONTROL_CONCRETE_A;
  return c;
}

static guint8
demo_spawn (guint x,
            guint y,
            guint n)
{
  double u = (x + 0.5) / n, v = (y + 0.5) / n;
  double s = 131 + 110 * sin (2 * G_PI * u * 3) * sin (2 * G_PI * v * 2);

  if (u > 0.85 && v > 0.85)
    return 0;  /* a sterile corner */
  return (guint8) CLAMP (s, 0, 255);
}

static gboolean
demo_has_plant (guint x,
                guint y,
                guint n)
{
  return demo_spawn (x, y, n) > 180 &&
         (demo_control (x, y, n) & MS_ZONE_CONTROL_NO_PLANTS) == 0 &&
         (x * 31 + y * 17) % 23 == 0;
}

GBytes *
ms_demo_zone_generate_layer (MsZoneLayer layer,
                             guint       n)
{
  guint bpt = ms_zone_layer_get_bytes_per_tile (layer);
  gsize size = (gsize) n * n * bpt;
  guint8 *data = g_malloc0 (size);

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint8 *p = data + ((gsize) y * n + x) * bpt;  /* row-major */
        double u = (x + 0.5) / n, v = (y + 0.5) / n;
        double h = demo_height (u, v);
        gboolean plant = demo_has_plant (x, y, n);

        switch (layer)
          {
          case MS_ZONE_LAYER_BLOCKS:
            if (plant)
              {
                p[0] = MS_ZONE_BLOCKING_PLANT;
                p[1] = 3;
              }
            if ((x / 8 + y / 8) % 29 == 0 && h > 700)
              {
                p[0] |= MS_ZONE_BLOCKING_OBSTACLE;
                p[1] = MAX (p[1], 10);
              }
            if (u > 0.05 && u < 0.07)
              p[0] |= MS_ZONE_BLOCKING_DECOR;
            break;
          case MS_ZONE_LAYER_CONTROL:
            ms_wire_poke_u16 (p, demo_control (x, y, n));
            break;
          case MS_ZONE_LAYER_PLANTS:
            if (plant)
              {
                p[MS_ZONE_PLANT_TYPE] = 1 + (x * 7 + y) % 19;
                p[MS_ZONE_PLANT_STATE] = (x + y) % 5;
                p[MS_ZONE_PLANT_TIME] = (x * 3 + y) % 200;
                p[MS_ZONE_PLANT_HEALTH] = 100;
                p[MS_ZONE_PLANT_MATERIAL] = (x ^ y) & 0x3f;
              }
            p[MS_ZONE_PLANT_SPAWN] = demo_spawn (x, y, n);
            p[MS_ZONE_PLANT_GROUND_TYPE] = (guint8) MIN (h / 150, 8);
            break;
          case MS_ZONE_LAYER_ALTITUDE:
          case MS_ZONE_LAYER_ALTITUDE_ORIGINAL:
            ms_wire_poke_u16 (p, (guint16) (h * 32));
            break;
          case MS_ZONE_LAYER_ALTITUDE_BLEND:
            ms_wire_poke_u16 (p, (guint16) CLAMP (65535 * (1.5 - 3 * hypot (u - 0.5, v - 0.5)),
                                                  0, 65535));
            break;
          default:
            g_assert_not_reached ();
          }
      }
  return g_bytes_new_take (data, size);
}

gboolean
ms_demo_zone_write (const char  *dir,
                    guint        zone_id,
                    guint        size,
                    gboolean     terraformable,
                    GError     **error)
{
  guint n_layers = terraformable ? MS_ZONE_N_LAYERS : MS_ZONE_LAYER_ALTITUDE + 1;

  g_return_val_if_fail (dir != NULL, FALSE);
  g_return_val_if_fail (size > 0 && size <= 16384, FALSE);

  for (guint l = 0; l < n_layers; l++)
    {
      g_autoptr(GBytes) bytes = ms_demo_zone_generate_layer (l, size);
      g_autofree char *name = ms_zone_layer_filename (l, zone_id);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (!ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, error))
        return FALSE;
    }
  return TRUE;
}
