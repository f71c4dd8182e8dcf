/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "ms-test-zone-render.h"

void
ms_test_write_layer (const char   *dir,
                     const char   *layer,
                     guint         zone_id,
                     const guint8 *bytes,
                     gsize         length)
{
  g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layer, zone_id);

  ms_test_put_file (dir, name, bytes, length);
}

void
ms_test_set_u16 (guint8  *layer,
                 gsize    index,
                 guint16  v)
{
  layer[2 * index] = v & 0xff;
  layer[2 * index + 1] = v >> 8;
}

guint32
ms_test_pixel (cairo_surface_t *s,
               guint            col,
               guint            row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  return ((const guint32 *) (gconstpointer) (data + (gsize) row * cairo_image_surface_get_stride (s)))[col];
}

cairo_surface_t *
ms_test_render_zone (MsZone            *zone,
                     const MsZoneStyle *style,
                     const MsRect      *region,
                     guint              max_size,
                     guint              expect_w,
                     guint              expect_h)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s = ms_render_zone (zone, style, region, max_size, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, expect_w);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, expect_h);
  return s;
}

guint32
ms_test_argb (MsRgb c)
{
  return ms_colour_to_argb32 (c);
}

guint8 *
ms_test_write_spawn_zone (const char *dir,
                          guint       id,
                          guint       w,
                          guint       h)
{
  guint8 *plants = g_malloc0 ((gsize) w * h * 7);

  for (guint i = 0; i < w * h; i++)
    plants[7 * i + 3] = (guint8) g_test_rand_int_range (0, 256);
  for (guint x = 0; x < w; x++)
    plants[7 * (2 * w + x) + 3] = 0;  /* row 2 sterile */
  ms_test_write_layer (dir, "plants", id, plants, (gsize) w * h * 7);
  return plants;
}

void
ms_test_write_overlay_zone (const char        *dir,
                            MsTestOverlayZone *z)
{
  const guint n = MS_TEST_OVERLAY_N;

  memset (z, 0, sizeof *z);
  ms_test_set_u16 (z->control, 5 * n + 6, 1);          /* (6, 5): AntiPlant only */
  ms_test_set_u16 (z->control, 7 * n + 8, 1 | 128);    /* (8, 7): AntiPlant | Highway */
  ms_test_set_u16 (z->control, 1 * n + 2, 64);         /* (2, 1): Roaming, no plants */
  z->blocks[2 * (4 * n + 5)] = 1;                      /* (5, 4): Obstacle */
  z->blocks[2 * (4 * n + 9)] = 8;                      /* (9, 4): Island */
  for (guint i = 0; i < n * n; i++)
    {
      z->plants[7 * i + 3] = 128;                      /* spawn 128: #4cb050 */
      z->plants[7 * i + 6] = 8;                        /* Sand, which the composite never shows */
      ms_test_set_u16 (z->altitude, i, 400 * 32);
    }
  z->plants[7 * (6 * n + 7)] = 3;                      /* (7, 6): PineTree, #2e7d32 */
  ms_test_write_layer (dir, "control", MS_TEST_OVERLAY_ID, z->control, sizeof z->control);
  ms_test_write_layer (dir, "blocks", MS_TEST_OVERLAY_ID, z->blocks, sizeof z->blocks);
  ms_test_write_layer (dir, "plants", MS_TEST_OVERLAY_ID, z->plants, sizeof z->plants);
  ms_test_write_layer (dir, "altitude", MS_TEST_OVERLAY_ID, z->altitude, sizeof z->altitude);
}
