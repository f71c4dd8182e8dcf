/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "ms-test-util.h"
#include "ms-zone.h"

static void
put_u16_file (const char *dir, const char *name, const guint16 *v, gsize n)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree guint8 *b = g_malloc (n * 2);

  for (gsize i = 0; i < n; i++)
    {
      b[2 * i] = v[i] & 0xff;
      b[2 * i + 1] = v[i] >> 8;
    }
  g_assert_true (g_file_set_contents (path, (const char *) b, (gssize) (n * 2), NULL));
}

/* The notes' slope, written from the text, reading a plain row-major array. */
static int
ref_slope (const guint16 *alt, int w, int h, int x, int y)
{
  int x1 = x + 1 < w ? x + 1 : w - 1, y1 = y + 1 < h ? y + 1 : h - 1;
  int a = alt[y * w + x] >> 5, b = alt[y * w + x1] >> 5;
  int c = alt[y1 * w + x1] >> 5, d = alt[y1 * w + x] >> 5;
  int e = (a + b) >> 1, f = (b + c) >> 1, g = (c + d) >> 1, hh = (d + e) >> 1;
  int i = (a + b + c + d) >> 2;
  int s = 2 * (abs (i - a) + abs (i - b) + abs (i - c) + abs (i - d) +
               abs (i - e) + abs (i - f) + abs (i - g) + abs (i - hh));
  return s > 255 ? 255 : s;
}

static void
test_slope_and_barrier (void)
{
  const int w = 130, h = 70;   /* not a multiple of the chunk size */
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint16 *alt = g_new (guint16, w * h);
  g_autofree guint16 *blend = g_new (guint16, w * h);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;

  for (int i = 0; i < w * h; i++)
    {
      /* Gentle slopes and cliffs both. */
      alt[i] = (guint16) (i % 7 == 0 ? g_test_rand_int_range (0, 65536)
                                     : 20000 + g_test_rand_int_range (0, 200));
      blend[i] = (guint16) (i % 5 == 0 ? 0 : i % 5 == 1 ? 65535 : g_test_rand_int_range (0, 65536));
    }
  put_u16_file (dir, "altitude.0003.bin", alt, w * h);
  zone = ms_zone_new_for_dir (dir, 3, w, h, NULL, &error);
  g_assert_no_error (error);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      g_assert_cmpint (ms_zone_get_slope (zone, x, y), ==, ref_slope (alt, w, h, x, y));
  {
    guint16 lo, hi;
    g_assert_false (ms_zone_get_barrier (zone, 0, 0, &lo, &hi));
  }
  g_clear_object (&zone);

  put_u16_file (dir, "altitude_blend.0003.bin", blend, w * h);
  zone = ms_zone_new_for_dir (dir, 3, w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ms_zone_is_terraformable (zone));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double t = blend[y * w + x] / 65535.0;
        double orig = alt[y * w + x];
        guint16 mn = (guint16) (1850 + (orig - 1850) * t);
        guint16 mx = (guint16) (30000 + (orig - 30000) * t);
        guint16 lo, hi;

        if (orig < mn) mn = (guint16) orig;
        if (orig > mx) mx = (guint16) orig;
        g_assert_true (ms_zone_get_barrier (zone, x, y, &lo, &hi));
        g_assert_cmpuint (lo, ==, mn);
        g_assert_cmpuint (hi, ==, mx);
        if (blend[y * w + x] == 0)
          {
            g_assert_cmpuint (lo, ==, MIN (1850, alt[y * w + x]));
            g_assert_cmpuint (hi, ==, MAX (30000, alt[y * w + x]));
          }
        if (blend[y * w + x] == 65535)
          {
            g_assert_cmpuint (lo, ==, alt[y * w + x]);
            g_assert_cmpuint (hi, ==, alt[y * w + x]);
          }
      }
  ms_test_remove_tree (dir);
}

static void
test_plant_allowed (void)
{
  const int w = 64, h = 32;   /* 2048 tiles: every value of the 11 low bits */
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint16 *control = g_new (guint16, w * h);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;

  for (int i = 0; i < w * h; i++)
    control[i] = (guint16) i;
  put_u16_file (dir, "control.0004.bin", control, w * h);
  zone = ms_zone_new_for_dir (dir, 4, w, h, NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < w * h; i++)
    {
      /* !(AntiPlant || Roaming || Highway || PBSHighway || ConcreteA || ConcreteB) */
      gboolean expect = !((i & 1) || (i & 64) || (i & 128) || (i & 256) || (i & 8) || (i & 16));
      g_assert_cmpint (ms_zone_is_plant_allowed (zone, i % w, i / w), ==, expect);
    }
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone/derived/slope-and-barrier", test_slope_and_barrier);
  g_test_add_func ("/zone/derived/plant-allowed", test_plant_allowed);
  return g_test_run ();
}
