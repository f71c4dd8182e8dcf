/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A made-up zone so the painter and the tests have something to open on a
 * machine with no game data: relief with a peak and a valley, roads and
 * protected areas in the control layer, and a smooth spawn field with a few
 * live plants.  Deterministic for a given size.
 */
#define G_LOG_DOMAIN "ms-demo-zone"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

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

/* Demo zones are scratch copies: those left from earlier days go when a
 * new one is made, so the cache does not grow with every try.  A day is
 * long enough that no window of this session still has one open. */
#define DEMO_ZONE_KEEP_SECONDS (24 * 60 * 60)

static void
prune_old_demo_zones (const char *parent)
{
  g_autoptr(GDir) d = g_dir_open (parent, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (parent, name, NULL);
      GStatBuf st;

      if (!g_str_has_prefix (name, "demo-zone-") || g_stat (path, &st) != 0 || !S_ISDIR (st.st_mode) ||
          now - (gint64) st.st_mtime < DEMO_ZONE_KEEP_SECONDS)
        continue;
      {
        g_autoptr(GDir) files = g_dir_open (path, 0, NULL);
        const char *file;

        while (files != NULL && (file = g_dir_read_name (files)) != NULL)
          {
            g_autofree char *child = g_build_filename (path, file, NULL);

            if (g_unlink (child) != 0)
              g_debug ("Could not remove %s: %s", child, g_strerror (errno));
          }
      }
      if (g_rmdir (path) != 0)
        g_debug ("Could not remove %s: %s", path, g_strerror (errno));
    }
}

/**
 * ms_demo_zone_write_scratch:
 *
 * Writes the demo zone (terraformable, MS_DEMO_ZONE_DEFAULT_SIZE) to a
 * fresh folder under the user's cache folder, so that saving it works.
 *
 * Returns: (transfer full): the folder, or %NULL with @error set
 */
char *
ms_demo_zone_write_scratch (guint    zone_id,
                            GError **error)
{
  g_autofree char *parent = g_build_filename (g_get_user_cache_dir (), "mapsmith", NULL);
  g_autofree char *dir = NULL;

  if (g_mkdir_with_parents (parent, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not make %s: %s"), parent,
                   g_strerror (saved));
      return NULL;
    }
  prune_old_demo_zones (parent);
  dir = g_build_filename (parent, "demo-zone-XXXXXX", NULL);
  if (g_mkdtemp (dir) == NULL)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not make %s: %s"), dir,
                   g_strerror (saved));
      return NULL;
    }
  if (!ms_demo_zone_write (dir, zone_id, MS_DEMO_ZONE_DEFAULT_SIZE, TRUE, error))
    return NULL;
  return g_steal_pointer (&dir);
}
