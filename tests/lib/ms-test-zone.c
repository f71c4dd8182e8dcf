/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "ms-test-zone.h"

#define N (MS_TEST_ZONE_WIDTH * MS_TEST_ZONE_HEIGHT)

MsZone *
ms_test_open_zone (const char *dir,
                   guint       id,
                   guint       width,
                   guint       height)
{
  g_autoptr(GError) error = NULL;
  MsZone *zone = ms_zone_new_for_dir (dir, id, width, height, NULL, &error);

  g_assert_no_error (error);
  return zone;
}

void
ms_test_zone_fixture_set_up (MsTestZoneFixture *f,
                             gconstpointer      data)
{
  f->dir = ms_test_make_tmpdir ();
  f->control = g_malloc (N * 2);
  f->plants = g_malloc (N * 7);
  for (int i = 0; i < N * 2; i++)
    f->control[i] = (guint8) g_test_rand_int_range (0, 256) & (i % 2 ? 0x07 : 0xff);
  for (int i = 0; i < N * 7; i++)
    f->plants[i] = (guint8) g_test_rand_int_range (0, 256);
  ms_test_put_file (f->dir, "control.0009.bin", f->control, N * 2);
  ms_test_put_file (f->dir, "plants.0009.bin", f->plants, N * 7);
  f->zone = ms_test_open_zone (f->dir, MS_TEST_ZONE_ID, MS_TEST_ZONE_WIDTH, MS_TEST_ZONE_HEIGHT);
}

void
ms_test_zone_fixture_tear_down (MsTestZoneFixture *f,
                                gconstpointer      data)
{
  g_clear_object (&f->zone);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->control);
  g_free (f->plants);
}

void
ms_test_assert_zone_layers (MsZone       *zone,
                            const guint8 *control,
                            const guint8 *plants)
{
  guint width = ms_zone_get_width (zone), height = ms_zone_get_height (zone);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        gsize i = (gsize) y * width + x;
        guint8 c[2], p[7];

        ms_zone_read_tile (zone, MS_ZONE_LAYER_CONTROL, x, y, c);
        ms_zone_read_tile (zone, MS_ZONE_LAYER_PLANTS, x, y, p);
        if (memcmp (c, control + 2 * i, 2) != 0 || memcmp (p, plants + 7 * i, 7) != 0)
          g_error ("tile (%u, %u) differs", x, y);
      }
}
