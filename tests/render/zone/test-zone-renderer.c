/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU zone renderer (render/zone/ms-zone-renderer.c) one layer at a
 * time: spawn, control, blocks, plants, plant-allowed and slope, 1:1 and
 * downsampled (the block means of ms-zone-cell.c), regions and errors; and
 * the zone ramps of the colour model (render/core/ms-colour.c) they are
 * coloured with.  The map layer is test-zone-map.c's, the composite
 * test-zone-overlays.c's, `mapsmith-cli zone render` test-zone-render-cli.c's.
 *
 * Zones are written by the test's own byte writer (ms-test-zone-render.h);
 * expected pixels come from those raw bytes through the colour model's
 * functions (which are the definition of a colour), from hand-worked ramp
 * values and shading, and from the notes' slope formula written again here
 * — never from the renderer itself.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-demo-zone.h"
#include "ms-test-zone-render.h"

/* -------------------------------------------------------- colour model -- */

static void
test_ramps_hand_worked (void)
{
  /* Spawn: sterile has its own colour; the ramp's stops are byte colours. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (0)), ==, 0xffe6e6e6);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (1)), ==, 0xff1a2a80);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (128)), ==, 0xff4cb050);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (255)), ==, 0xffd7191c);
  /* 80 is a quarter of the way from 64 (#1f8fd0) to 128 (#4cb050):
   * 31 + 45/4 = 42.25, 143 + 33/4 = 151.25, 208 - 128/4 = 176. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (80)), ==, 0xff2a97b0);
  /* A block mean just above 0 still holds a chance: the cold end. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (0.25f)), ==, 0xff1a2a80);
  for (guint v = 1; v < 256; v++)
    g_assert_cmphex (ms_test_argb (ms_colour_zone_spawn (v)), !=, 0xffe6e6e6);

  /* Slope: pale to mid green below 16, a jump to yellow at 16. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_slope (0)), ==, 0xffe8f5e0);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_slope (15)), ==, 0xff5aa05a);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_slope (15.9f)), ==, 0xff5aa05a);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_slope (16)), ==, 0xffffe04a);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_slope (255)), ==, 0xff4a0a18);
  g_assert_cmpint (MS_ZONE_SLOPE_PASS_LIMIT, ==, 16);

  /* Ten distinct flag colours, none of them the relief grey. */
  {
    static const guint bits[] = { 0, 1, 2, 3, 4, 6, 7, 8, 9, 10 };
    for (guint i = 0; i < G_N_ELEMENTS (bits); i++)
      {
        g_assert_cmphex (ms_test_argb (ms_colour_zone_control (bits[i])), !=, 0xffb8b8b8);
        g_assert_cmphex (ms_test_argb (ms_colour_zone_control (bits[i])), !=, 0xffff00ff);
        for (guint j = 0; j < i; j++)
          g_assert_cmphex (ms_test_argb (ms_colour_zone_control (bits[i])), !=,
                           ms_test_argb (ms_colour_zone_control (bits[j])));
      }
    g_assert_cmphex (ms_test_argb (ms_colour_zone_control (0)), ==, 0xffe15759);  /* AntiPlant */
    g_assert_cmphex (ms_test_argb (ms_colour_zone_control (5)), ==, 0xffff00ff);  /* unused */
    for (guint i = 0; i < 4; i++)
      for (guint j = 0; j < i; j++)
        g_assert_cmphex (ms_test_argb (ms_colour_zone_blocking (i)), !=,
                         ms_test_argb (ms_colour_zone_blocking (j)));
  }

  /* Zone heights: the ramp's ends. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_height (0)), ==, 0xff5a7f4a);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_height (1600)), ==, 0xffffffff);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_height (2047)), ==, 0xffffffff);

  /* The map's land ramp runs over t 0..1, clamped; NaN is its start. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_land (0.0f)), ==, 0xff629450);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_land (-3.0f)), ==, 0xff629450);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_land (NAN)), ==, 0xff629450);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_land (1.0f)), ==, 0xffe2ded6);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_land (7.0f)), ==, 0xffe2ded6);
  /* Water by depth: 10 is half way from 4 (#6ab2da) to 16 (#347ebc):
   * (106 + 52) / 2 = 79, (178 + 126) / 2 = 152, (218 + 188) / 2 = 203. */
  g_assert_cmphex (ms_test_argb (ms_colour_zone_water (0.0f)), ==, 0xffa6d8ea);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_water (10.0f)), ==, 0xff4f98cb);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_water (48.0f)), ==, 0xff1a4686);
  g_assert_cmphex (ms_test_argb (ms_colour_zone_water (55.0f)), ==, 0xff1a4686);
  /* The map draws roads, pads and three kinds of block, nothing else. */
  for (guint bit = 0; bit < 16; bit++)
    g_assert_cmpint (ms_colour_zone_map_control (bit).opacity > 0.0f, ==,
                     bit == 3 || bit == 4 || bit == 7 || bit == 8);
  for (guint bit = 0; bit < 8; bit++)
    g_assert_cmpint (ms_colour_zone_map_blocking (bit).opacity > 0.0f, ==,
                     bit == 0 || bit == 2 || bit == 3);
}

/* ---------------------------------------------------------------- spawn -- */

/* A w×h zone with only a plants layer: random spawn, a sterile stripe. */
static void
test_spawn_exact (void)
{
  const guint w = 100, h = 70;  /* not square: a transposition cannot pass */
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = ms_test_write_spawn_zone (dir, 5, w, h);
  g_autoptr(MsZone) zone = ms_test_open_zone (dir, 5, w, h);
  MsZoneStyle style;
  cairo_surface_t *s;

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  s = ms_test_render_zone (zone, &style, NULL, 0, w, h);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      g_assert_cmphex (ms_test_pixel (s, x, y), ==,
                       ms_test_argb (ms_colour_zone_spawn (plants[7 * (y * w + x) + 3])));
  for (guint x = 0; x < w; x++)
    g_assert_cmphex (ms_test_pixel (s, x, 2), ==, 0xffe6e6e6);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

static void
test_orientation (void)
{
  const guint w = 40, h = 24;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = g_malloc0 (w * h * 7);
  g_autofree guint8 *control = g_malloc0 (w * h * 2);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;

  for (guint i = 0; i < w * h; i++)
    plants[7 * i + 3] = 1;
  /* Tile (x=10, y=3): index y * width + x. */
  plants[7 * (3 * w + 10) + 3] = 255;
  ms_test_set_u16 (control, 3 * w + 10, 1);  /* AntiPlant */
  ms_test_write_layer (dir, "plants", 9, plants, w * h * 7);
  ms_test_write_layer (dir, "control", 9, control, w * h * 2);
  zone = ms_test_open_zone (dir, 9, w, h);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  s = ms_test_render_zone (zone, &style, NULL, 0, w, h);
  g_assert_cmphex (ms_test_pixel (s, 10, 3), ==, 0xffd7191c);   /* column 10, row 3: hot */
  g_assert_cmphex (ms_test_pixel (s, 3, 10), ==, 0xff1a2a80);   /* the transpose: cold */
  g_assert_cmphex (ms_test_pixel (s, 11, 3), ==, 0xff1a2a80);
  g_assert_cmphex (ms_test_pixel (s, 10, 4), ==, 0xff1a2a80);
  cairo_surface_destroy (s);

  style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
  s = ms_test_render_zone (zone, &style, NULL, 0, w, h);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      if (x == 10 && y == 3)
        g_assert_cmphex (ms_test_pixel (s, x, y), !=, 0xffb8b8b8);
      else
        g_assert_cmphex (ms_test_pixel (s, x, y), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* -------------------------------------------------------------- control -- */

static void
test_control_over_relief (void)
{
  const guint n = 32;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *control = g_malloc0 (n * n * 2);
  g_autofree guint8 *altitude = g_malloc0 (n * n * 2);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;
  MsRgb grey, anti;
  double shade, k;
  guint32 anti_px;

  ms_test_set_u16 (control, 5 * n + 6, 1);            /* (6, 5): AntiPlant only */
  ms_test_set_u16 (control, 7 * n + 8, 1 | 128);      /* (8, 7): AntiPlant | Highway */
  ms_test_set_u16 (control, 9 * n + 9, 128);          /* (9, 9): Highway only */
  ms_test_write_layer (dir, "control", 4, control, n * n * 2);
  zone = ms_test_open_zone (dir, 4, n, n);

  /* No altitude: flat ground, so the relief is its grey, #b8b8b8, and
   * AntiPlant (#e15759) at 0.65 over it is 184 + 41 × 0.65 = 210.65,
   * 184 − 97 × 0.65 = 120.95, 184 − 95 × 0.65 = 122.25. */
  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
  g_assert_cmpfloat (style.overlay_opacity, ==, 0.65f);
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  anti_px = ms_test_pixel (s, 6, 5);
  g_assert_cmphex (anti_px, ==, 0xffd3797a);
  g_assert_cmphex (ms_test_pixel (s, 0, 0), ==, 0xffb8b8b8);
  g_assert_cmphex (ms_test_pixel (s, 7, 5), ==, 0xffb8b8b8);
  g_assert_cmphex (ms_test_pixel (s, 8, 7), ==,
                   ms_test_argb (
                     ms_colour_mix (ms_colour_mix (ms_colour_from_bytes (0xb8, 0xb8, 0xb8),
                                                   ms_colour_zone_control (0), 0.65f),
                                    ms_colour_zone_control (7), 0.65f)));
  cairo_surface_destroy (s);

  /* Only the selected flags show. */
  style.flags = 128;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xffb8b8b8);
  g_assert_cmphex (ms_test_pixel (s, 9, 9), ==,
                   ms_test_argb (ms_colour_mix (ms_colour_from_bytes (0xb8, 0xb8, 0xb8),
                                                ms_colour_zone_control (7), 0.65f)));
  cairo_surface_destroy (s);
  style.flags = G_MAXUINT16;

  /* A plane rising 2 height units (64 raw) per tile towards +x.  Light
   * from 315°, 45°, towards it (−0.5, −0.5, 0.70711):
   *   shade = (2 × 0.5 + 0.70711) / sqrt (2² + 1) = 0.76344
   *   grey  = 184 × (0.2 + 0.8 × shade / 0.70711) = 184 × 1.06372 = 195.7 */
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      ms_test_set_u16 (altitude, y * n + x, (guint16) (2000 + 64 * x));
  ms_test_write_layer (dir, "altitude", 4, altitude, n * n * 2);
  g_clear_object (&zone);
  zone = ms_test_open_zone (dir, 4, n, n);

  g_assert_cmpfloat (style.exaggeration, ==, 0.25f);
  g_assert_cmpfloat (style.shade_strength, ==, 0.6f);
  style.exaggeration = 1.0f;
  style.shade_strength = 0.8f;
  shade = (2.0 * 0.5 + sqrt (0.5)) / sqrt (5.0);
  k = 0.2 + 0.8 * shade / sqrt (0.5);
  g_assert_cmpint ((int) (184 * k + 0.5), ==, 196);
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  /* Interior tiles (the edge ones see half the gradient). */
  g_assert_cmphex (ms_test_pixel (s, 20, 20), ==, 0xffc4c4c4);
  g_assert_cmphex (ms_test_pixel (s, 3, 12), ==, 0xffc4c4c4);
  grey = ms_colour_zone_relief (&style.light, (float) shade, 0.8f);
  anti = ms_colour_mix (grey, ms_colour_zone_control (0), 0.65f);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, ms_test_argb (anti));
  g_assert_cmphex (ms_test_pixel (s, 6, 5), !=, anti_px);
  cairo_surface_destroy (s);

  /* Shading strength 0: flat colours again, whatever the relief. */
  style.shade_strength = 0.0f;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xffd3797a);
  for (guint y = 0; y < n; y += 3)
    for (guint x = 0; x < n; x += 5)
      if (ms_zone_get_control (zone, x, y) == 0)
        g_assert_cmphex (ms_test_pixel (s, x, y), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* Blocks, plants, plant-allowed and altitude over flat ground. */
static void
test_other_layers_flat (void)
{
  const guint n = 16;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *control = g_malloc0 (n * n * 2);
  g_autofree guint8 *blocks = g_malloc0 (n * n * 2);
  g_autofree guint8 *plants = g_malloc0 (n * n * 7);
  g_autofree guint8 *altitude = g_malloc0 (n * n * 2);
  g_autoptr(MsZone) zone = NULL;
  MsRgb grey = ms_colour_from_bytes (0xb8, 0xb8, 0xb8);
  MsZoneStyle style;
  cairo_surface_t *s;

  ms_test_set_u16 (control, 1 * n + 2, 64);    /* (2, 1): Roaming, no plants */
  ms_test_set_u16 (control, 1 * n + 3, 2);     /* (3, 1): TerraformProtected, plants allowed */
  blocks[2 * (4 * n + 5)] = 1;         /* (5, 4): Obstacle */
  blocks[2 * (4 * n + 6)] = 8;         /* (6, 4): Island */
  for (guint i = 0; i < n * n; i++)
    plants[7 * i + 6] = 8;             /* Sand, #e3d3a0 */
  plants[7 * (6 * n + 7)] = 3;         /* (7, 6): PineTree, #2e7d32 */
  for (guint i = 0; i < n * n; i++)
    ms_test_set_u16 (altitude, i, 400 * 32);   /* height 400, flat: the map's #629450 */
  ms_test_write_layer (dir, "control", 2, control, n * n * 2);
  ms_test_write_layer (dir, "blocks", 2, blocks, n * n * 2);
  ms_test_write_layer (dir, "plants", 2, plants, n * n * 7);
  ms_test_write_layer (dir, "altitude", 2, altitude, n * n * 2);
  zone = ms_test_open_zone (dir, 2, n, n);
  ms_zone_style_init (&style);

  style.layer = MS_ZONE_RENDER_LAYER_BLOCKS;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (ms_test_pixel (s, 5, 4), ==,
                   ms_test_argb (ms_colour_mix (grey, ms_colour_zone_blocking (0), 0.65f)));
  g_assert_cmphex (ms_test_pixel (s, 6, 4), ==,
                   ms_test_argb (ms_colour_mix (grey, ms_colour_zone_blocking (3), 0.65f)));
  g_assert_cmphex (ms_test_pixel (s, 4, 5), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);

  style.layer = MS_ZONE_RENDER_LAYER_PLANT_ALLOWED;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (ms_test_pixel (s, 2, 1), ==, 0xffb8b8b8);
  g_assert_cmphex (ms_test_pixel (s, 3, 1), ==,
                   ms_test_argb (ms_colour_mix (grey, ms_colour_zone_plant_allowed (), 0.65f)));
  g_assert_cmphex (ms_test_pixel (s, 0, 0), ==,
                   ms_test_argb (ms_colour_mix (grey, ms_colour_zone_plant_allowed (), 0.65f)));
  cairo_surface_destroy (s);

  /* Plants at full strength; empty tiles show the ground over the relief. */
  style.layer = MS_ZONE_RENDER_LAYER_PLANTS;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (ms_test_pixel (s, 7, 6), ==, 0xff2e7d32);
  g_assert_cmphex (ms_test_pixel (s, 6, 7), ==,
                   ms_test_argb (ms_colour_mix (grey, ms_colour_from_bytes (0xe3, 0xd3, 0xa0),
                                                0.65f)));
  cairo_surface_destroy (s);
  /* Downsampled 4×, the one plant still shows in its block. */
  s = ms_test_render_zone (zone, &style, NULL, 4, 4, 4);
  g_assert_cmphex (ms_test_pixel (s, 1, 1), ==, 0xff2e7d32);
  g_assert_cmphex (ms_test_pixel (s, 2, 2), !=, 0xff2e7d32);
  cairo_surface_destroy (s);

  /* The map: flat and dry, so the span starts at its one height (t = 0,
   * #629450); Obstacle #8e1e1e (142, 30, 30) at 0.7 over it: 98 + 44 × 0.7 =
   * 128.8, 148 − 118 × 0.7 = 65.4, 80 − 50 × 0.7 = 45; Island on land
   * #506696 (80, 102, 150) at 0.55: 98 − 18 × 0.55 = 88.1, 148 − 46 × 0.55
   * = 122.7, 80 + 70 × 0.55 = 118.5 (float rounding may take it to 118);
   * Roaming and TerraformProtected are not drawn. */
  style.layer = MS_ZONE_RENDER_LAYER_ALTITUDE;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (ms_test_pixel (s, 9, 9), ==, 0xff629450);
  g_assert_cmphex (ms_test_pixel (s, 5, 4), ==, 0xff81412d);
  g_assert_cmphex (ms_test_pixel (s, 6, 4) & 0xfffffffe, ==, 0xff587b76);
  g_assert_cmphex (ms_test_pixel (s, 2, 1), ==, 0xff629450);
  g_assert_cmphex (ms_test_pixel (s, 3, 1), ==, 0xff629450);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* ---------------------------------------------------------------- slope -- */

/* The notes' slope, written from the text, over a plain row-major array. */
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
test_slope_exact (void)
{
  const int w = 150, h = 90;   /* several chunks, not whole ones */
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint16 *alt = g_new (guint16, w * h);
  g_autofree guint8 *bytes = g_malloc (w * h * 2);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;
  guint pass = 0, fail = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        /* Gentle slopes, ramps near the threshold and cliffs. */
        int v = 20000 + 32 * ((x * y) % 7) + (x > 100 ? 32 * 3 * x : 0);
        if ((x + 3 * y) % 37 == 0)
          v = g_test_rand_int_range (0, 65536);
        alt[y * w + x] = (guint16) CLAMP (v, 0, 65535);
        ms_test_set_u16 (bytes, (gsize) y * w + x, alt[y * w + x]);
      }
  ms_test_write_layer (dir, "altitude", 11, bytes, w * h * 2);
  zone = ms_test_open_zone (dir, 11, w, h);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SLOPE;
  s = ms_test_render_zone (zone, &style, NULL, 0, w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int slope = ref_slope (alt, w, h, x, y);
        g_assert_cmphex (ms_test_pixel (s, x, y), ==, ms_test_argb (ms_colour_zone_slope (slope)));
        if (slope < 16)
          pass++;
        else
          fail++;
      }
  g_assert_cmpuint (pass, >, 100);
  g_assert_cmpuint (fail, >, 100);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* ---------------------------------------------------------- downsampling -- */

static void
test_downsample (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = g_malloc0 (64 * 64 * 7);
  g_autoptr(MsZone) demo = NULL, zone = NULL;
  g_autoptr(GError) error = NULL;
  MsRect strip = { 0, 100, 512, 100 };
  MsRect partial = { 0, 0, 62, 64 };
  MsZoneStyle style;
  cairo_surface_t *s;

  g_assert_true (ms_demo_zone_write (dir, 42, 512, FALSE, &error));
  g_assert_no_error (error);
  demo = ms_test_open_zone (dir, 42, 0, 0);
  g_assert_cmpuint (ms_zone_get_width (demo), ==, 512);
  ms_zone_style_init (&style);
  for (guint l = 0; l < MS_N_ZONE_RENDER_LAYERS; l++)
    {
      style.layer = l;
      cairo_surface_destroy (ms_test_render_zone (demo, &style, NULL, 128, 128, 128));
    }
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  cairo_surface_destroy (ms_test_render_zone (demo, &style, &strip, 128, 128, 25));
  /* 512 / 100 rounds up to k = 6, and 512 / 6 up to 86. */
  cairo_surface_destroy (ms_test_render_zone (demo, &style, NULL, 100, 86, 86));

  /* A checkerboard of spawn 0 and 200: each 4×4 block's mean is 100,
   * 36/64 = 0.5625 of the way from 64 (#1f8fd0) to 128 (#4cb050):
   * 31 + 45 × 0.5625 = 56.3, 143 + 33 × 0.5625 = 161.6, 208 − 128 × 0.5625 = 136.
   * Sampling one tile would give sterile white or the colour of 200. */
  for (guint y = 0; y < 64; y++)
    for (guint x = 0; x < 64; x++)
      plants[7 * (y * 64 + x) + 3] = (x + y) % 2 ? 200 : 0;
  ms_test_write_layer (dir, "plants", 8, plants, 64 * 64 * 7);
  zone = ms_test_open_zone (dir, 8, 64, 64);
  s = ms_test_render_zone (zone, &style, NULL, 16, 16, 16);
  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 16; x++)
      g_assert_cmphex (ms_test_pixel (s, x, y), ==, 0xff38a288);
  cairo_surface_destroy (s);

  /* A partial last block is the mean of the tiles it has: 62 = 15 × 4 + 2,
   * columns 60..61 of the checkerboard still average 100. */
  s = ms_test_render_zone (zone, &style, &partial, 16, 16, 16);
  g_assert_cmphex (ms_test_pixel (s, 15, 7), ==, 0xff38a288);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

static void
test_region_and_errors (void)
{
  const guint w = 60, h = 50;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = ms_test_write_spawn_zone (dir, 6, w, h);
  g_autoptr(MsZone) zone = ms_test_open_zone (dir, 6, w, h);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MsRect region = { 10, 3, 20, 7 };
  MsRect outside = { 50, 0, 11, 5 };
  MsRect empty = { 0, 0, 0, 5 };
  MsZoneStyle style;
  cairo_surface_t *s;

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  s = ms_test_render_zone (zone, &style, &region, 0, 20, 7);
  for (guint j = 0; j < 7; j++)
    for (guint i = 0; i < 20; i++)
      g_assert_cmphex (ms_test_pixel (s, i, j), ==,
                       ms_test_argb (ms_colour_zone_spawn (
                                       plants[7 * ((3 + j) * w + 10 + i) + 3])));
  cairo_surface_destroy (s);

  g_assert_null (ms_render_zone (zone, &style, &outside, 0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (ms_render_zone (zone, &style, &empty, 0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* The zone has no control or altitude layer. */
  style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
  g_assert_null (ms_render_zone (zone, &style, NULL, 0, NULL, &error));
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  g_clear_error (&error);
  style.layer = MS_ZONE_RENDER_LAYER_SLOPE;
  g_assert_null (ms_render_zone (zone, &style, NULL, 0, NULL, &error));
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  g_clear_error (&error);

  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  g_cancellable_cancel (cancellable);
  g_assert_null (ms_render_zone (zone, &style, NULL, 0, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  {
    MsZoneRenderLayer layer;
    for (guint l = 0; l < MS_N_ZONE_RENDER_LAYERS; l++)
      {
        g_assert_true (ms_zone_render_layer_from_string (ms_zone_render_layer_to_string (l), &layer));
        g_assert_cmpint (layer, ==, l);
      }
    g_assert_true (ms_zone_render_layer_from_string ("plant-allowed", &layer));
    g_assert_cmpint (layer, ==, MS_ZONE_RENDER_LAYER_PLANT_ALLOWED);
    g_assert_false (ms_zone_render_layer_from_string ("heights", &layer));
  }
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/zone/ramps-hand-worked", test_ramps_hand_worked);
  g_test_add_func ("/render/zone/spawn-exact", test_spawn_exact);
  g_test_add_func ("/render/zone/orientation", test_orientation);
  g_test_add_func ("/render/zone/control-over-relief", test_control_over_relief);
  g_test_add_func ("/render/zone/other-layers-flat", test_other_layers_flat);
  g_test_add_func ("/render/zone/slope-exact", test_slope_exact);
  g_test_add_func ("/render/zone/downsample", test_downsample);
  g_test_add_func ("/render/zone/region-and-errors", test_region_and_errors);
  return g_test_run ();
}
