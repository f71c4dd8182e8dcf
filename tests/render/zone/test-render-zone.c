/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU zone renderer.  Zones are written by the test's own byte writer;
 * expected pixels come from those raw bytes through the colour model's
 * functions (which are the definition of a colour), from hand-worked ramp
 * values and shading, and from the notes' slope formula written again here
 * — never from the renderer itself.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "ms-colour.h"
#include "ms-demo-zone.h"
#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-renderer.h"

/* ------------------------------------------------------------- helpers -- */

/* One layer file as raw bytes, row-major, little-endian (docs/ZONE_LAYERS.md). */
static void
write_layer (const char   *dir,
             const char   *layer,
             guint         zone_id,
             const guint8 *bytes,
             gsize         length)
{
  g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layer, zone_id);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, (const char *) bytes, (gssize) length, &error));
  g_assert_no_error (error);
}

static void
put_u16 (guint8  *layer,
         gsize    index,
         guint16  v)
{
  layer[2 * index] = v & 0xff;
  layer[2 * index + 1] = v >> 8;
}

static MsZone *
open_zone (const char *dir,
           guint       id,
           guint       w,
           guint       h)
{
  g_autoptr(GError) error = NULL;
  MsZone *zone = ms_zone_new_for_dir (dir, id, w, h, NULL, &error);

  g_assert_no_error (error);
  return zone;
}

static guint32
pixel (cairo_surface_t *s,
       guint            col,
       guint            row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  return ((const guint32 *) (gconstpointer) (data + (gsize) row * cairo_image_surface_get_stride (s)))[col];
}

static cairo_surface_t *
render (MsZone            *zone,
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

static guint32
argb (MsRgb c)
{
  return ms_colour_to_argb32 (c);
}

/* -------------------------------------------------------- colour model -- */

static void
test_ramps_hand_worked (void)
{
  /* Spawn: sterile has its own colour; the ramp's stops are byte colours. */
  g_assert_cmphex (argb (ms_colour_zone_spawn (0)), ==, 0xffe6e6e6);
  g_assert_cmphex (argb (ms_colour_zone_spawn (1)), ==, 0xff1a2a80);
  g_assert_cmphex (argb (ms_colour_zone_spawn (128)), ==, 0xff4cb050);
  g_assert_cmphex (argb (ms_colour_zone_spawn (255)), ==, 0xffd7191c);
  /* 80 is a quarter of the way from 64 (#1f8fd0) to 128 (#4cb050):
   * 31 + 45/4 = 42.25, 143 + 33/4 = 151.25, 208 - 128/4 = 176. */
  g_assert_cmphex (argb (ms_colour_zone_spawn (80)), ==, 0xff2a97b0);
  /* A block mean just above 0 still holds a chance: the cold end. */
  g_assert_cmphex (argb (ms_colour_zone_spawn (0.25f)), ==, 0xff1a2a80);
  for (guint v = 1; v < 256; v++)
    g_assert_cmphex (argb (ms_colour_zone_spawn (v)), !=, 0xffe6e6e6);

  /* Slope: pale to mid green below 16, a jump to yellow at 16. */
  g_assert_cmphex (argb (ms_colour_zone_slope (0)), ==, 0xffe8f5e0);
  g_assert_cmphex (argb (ms_colour_zone_slope (15)), ==, 0xff5aa05a);
  g_assert_cmphex (argb (ms_colour_zone_slope (15.9f)), ==, 0xff5aa05a);
  g_assert_cmphex (argb (ms_colour_zone_slope (16)), ==, 0xffffe04a);
  g_assert_cmphex (argb (ms_colour_zone_slope (255)), ==, 0xff4a0a18);
  g_assert_cmpint (MS_ZONE_SLOPE_PASS_LIMIT, ==, 16);

  /* Ten distinct flag colours, none of them the relief grey. */
  {
    static const guint bits[] = { 0, 1, 2, 3, 4, 6, 7, 8, 9, 10 };
    for (guint i = 0; i < G_N_ELEMENTS (bits); i++)
      {
        g_assert_cmphex (argb (ms_colour_zone_control (bits[i])), !=, 0xffb8b8b8);
        g_assert_cmphex (argb (ms_colour_zone_control (bits[i])), !=, 0xffff00ff);
        for (guint j = 0; j < i; j++)
          g_assert_cmphex (argb (ms_colour_zone_control (bits[i])), !=,
                           argb (ms_colour_zone_control (bits[j])));
      }
    g_assert_cmphex (argb (ms_colour_zone_control (0)), ==, 0xffe15759);  /* AntiPlant */
    g_assert_cmphex (argb (ms_colour_zone_control (5)), ==, 0xffff00ff);  /* unused */
    for (guint i = 0; i < 4; i++)
      for (guint j = 0; j < i; j++)
        g_assert_cmphex (argb (ms_colour_zone_blocking (i)), !=, argb (ms_colour_zone_blocking (j)));
  }

  /* Zone heights: the ramp's ends. */
  g_assert_cmphex (argb (ms_colour_zone_height (0)), ==, 0xff5a7f4a);
  g_assert_cmphex (argb (ms_colour_zone_height (1600)), ==, 0xffffffff);
  g_assert_cmphex (argb (ms_colour_zone_height (2047)), ==, 0xffffffff);

  /* The map's land ramp runs over t 0..1, clamped; NaN is its start. */
  g_assert_cmphex (argb (ms_colour_zone_land (0.0f)), ==, 0xff629450);
  g_assert_cmphex (argb (ms_colour_zone_land (-3.0f)), ==, 0xff629450);
  g_assert_cmphex (argb (ms_colour_zone_land (NAN)), ==, 0xff629450);
  g_assert_cmphex (argb (ms_colour_zone_land (1.0f)), ==, 0xffe2ded6);
  g_assert_cmphex (argb (ms_colour_zone_land (7.0f)), ==, 0xffe2ded6);
  /* Water by depth: 10 is half way from 4 (#6ab2da) to 16 (#347ebc):
   * (106 + 52) / 2 = 79, (178 + 126) / 2 = 152, (218 + 188) / 2 = 203. */
  g_assert_cmphex (argb (ms_colour_zone_water (0.0f)), ==, 0xffa6d8ea);
  g_assert_cmphex (argb (ms_colour_zone_water (10.0f)), ==, 0xff4f98cb);
  g_assert_cmphex (argb (ms_colour_zone_water (48.0f)), ==, 0xff1a4686);
  g_assert_cmphex (argb (ms_colour_zone_water (55.0f)), ==, 0xff1a4686);
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
static guint8 *
write_spawn_zone (const char *dir,
                  guint       id,
                  guint       w,
                  guint       h)
{
  guint8 *plants = g_malloc0 ((gsize) w * h * 7);

  for (guint i = 0; i < w * h; i++)
    plants[7 * i + 3] = (guint8) g_test_rand_int_range (0, 256);
  for (guint x = 0; x < w; x++)
    plants[7 * (2 * w + x) + 3] = 0;  /* row 2 sterile */
  write_layer (dir, "plants", id, plants, (gsize) w * h * 7);
  return plants;
}

static void
test_spawn_exact (void)
{
  const guint w = 100, h = 70;  /* not square: a transposition cannot pass */
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = write_spawn_zone (dir, 5, w, h);
  g_autoptr(MsZone) zone = open_zone (dir, 5, w, h);
  MsZoneStyle style;
  cairo_surface_t *s;

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  s = render (zone, &style, NULL, 0, w, h);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      g_assert_cmphex (pixel (s, x, y), ==,
                       argb (ms_colour_zone_spawn (plants[7 * (y * w + x) + 3])));
  for (guint x = 0; x < w; x++)
    g_assert_cmphex (pixel (s, x, 2), ==, 0xffe6e6e6);
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
  put_u16 (control, 3 * w + 10, 1);  /* AntiPlant */
  write_layer (dir, "plants", 9, plants, w * h * 7);
  write_layer (dir, "control", 9, control, w * h * 2);
  zone = open_zone (dir, 9, w, h);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  s = render (zone, &style, NULL, 0, w, h);
  g_assert_cmphex (pixel (s, 10, 3), ==, 0xffd7191c);   /* column 10, row 3: hot */
  g_assert_cmphex (pixel (s, 3, 10), ==, 0xff1a2a80);   /* the transpose: cold */
  g_assert_cmphex (pixel (s, 11, 3), ==, 0xff1a2a80);
  g_assert_cmphex (pixel (s, 10, 4), ==, 0xff1a2a80);
  cairo_surface_destroy (s);

  style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
  s = render (zone, &style, NULL, 0, w, h);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      if (x == 10 && y == 3)
        g_assert_cmphex (pixel (s, x, y), !=, 0xffb8b8b8);
      else
        g_assert_cmphex (pixel (s, x, y), ==, 0xffb8b8b8);
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

  put_u16 (control, 5 * n + 6, 1);            /* (6, 5): AntiPlant only */
  put_u16 (control, 7 * n + 8, 1 | 128);      /* (8, 7): AntiPlant | Highway */
  put_u16 (control, 9 * n + 9, 128);          /* (9, 9): Highway only */
  write_layer (dir, "control", 4, control, n * n * 2);
  zone = open_zone (dir, 4, n, n);

  /* No altitude: flat ground, so the relief is its grey, #b8b8b8, and
   * AntiPlant (#e15759) at 0.65 over it is 184 + 41 × 0.65 = 210.65,
   * 184 − 97 × 0.65 = 120.95, 184 − 95 × 0.65 = 122.25. */
  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
  g_assert_cmpfloat (style.overlay_opacity, ==, 0.65f);
  s = render (zone, &style, NULL, 0, n, n);
  anti_px = pixel (s, 6, 5);
  g_assert_cmphex (anti_px, ==, 0xffd3797a);
  g_assert_cmphex (pixel (s, 0, 0), ==, 0xffb8b8b8);
  g_assert_cmphex (pixel (s, 7, 5), ==, 0xffb8b8b8);
  g_assert_cmphex (pixel (s, 8, 7), ==,
                   argb (ms_colour_mix (ms_colour_mix (ms_colour_from_bytes (0xb8, 0xb8, 0xb8),
                                                       ms_colour_zone_control (0), 0.65f),
                                        ms_colour_zone_control (7), 0.65f)));
  cairo_surface_destroy (s);

  /* Only the selected flags show. */
  style.flags = 128;
  s = render (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xffb8b8b8);
  g_assert_cmphex (pixel (s, 9, 9), ==, argb (ms_colour_mix (ms_colour_from_bytes (0xb8, 0xb8, 0xb8),
                                                             ms_colour_zone_control (7), 0.65f)));
  cairo_surface_destroy (s);
  style.flags = G_MAXUINT16;

  /* A plane rising 2 height units (64 raw) per tile towards +x.  Light
   * from 315°, 45°, towards it (−0.5, −0.5, 0.70711):
   *   shade = (2 × 0.5 + 0.70711) / sqrt (2² + 1) = 0.76344
   *   grey  = 184 × (0.2 + 0.8 × shade / 0.70711) = 184 × 1.06372 = 195.7 */
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      put_u16 (altitude, y * n + x, (guint16) (2000 + 64 * x));
  write_layer (dir, "altitude", 4, altitude, n * n * 2);
  g_clear_object (&zone);
  zone = open_zone (dir, 4, n, n);

  g_assert_cmpfloat (style.exaggeration, ==, 0.25f);
  g_assert_cmpfloat (style.shade_strength, ==, 0.6f);
  style.exaggeration = 1.0f;
  style.shade_strength = 0.8f;
  shade = (2.0 * 0.5 + sqrt (0.5)) / sqrt (5.0);
  k = 0.2 + 0.8 * shade / sqrt (0.5);
  g_assert_cmpint ((int) (184 * k + 0.5), ==, 196);
  s = render (zone, &style, NULL, 0, n, n);
  /* Interior tiles (the edge ones see half the gradient). */
  g_assert_cmphex (pixel (s, 20, 20), ==, 0xffc4c4c4);
  g_assert_cmphex (pixel (s, 3, 12), ==, 0xffc4c4c4);
  grey = ms_colour_zone_relief (&style.light, (float) shade, 0.8f);
  anti = ms_colour_mix (grey, ms_colour_zone_control (0), 0.65f);
  g_assert_cmphex (pixel (s, 6, 5), ==, argb (anti));
  g_assert_cmphex (pixel (s, 6, 5), !=, anti_px);
  cairo_surface_destroy (s);

  /* Shading strength 0: flat colours again, whatever the relief. */
  style.shade_strength = 0.0f;
  s = render (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xffd3797a);
  for (guint y = 0; y < n; y += 3)
    for (guint x = 0; x < n; x += 5)
      if (ms_zone_get_control (zone, x, y) == 0)
        g_assert_cmphex (pixel (s, x, y), ==, 0xffb8b8b8);
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

  put_u16 (control, 1 * n + 2, 64);    /* (2, 1): Roaming, no plants */
  put_u16 (control, 1 * n + 3, 2);     /* (3, 1): TerraformProtected, plants allowed */
  blocks[2 * (4 * n + 5)] = 1;         /* (5, 4): Obstacle */
  blocks[2 * (4 * n + 6)] = 8;         /* (6, 4): Island */
  for (guint i = 0; i < n * n; i++)
    plants[7 * i + 6] = 8;             /* Sand, #e3d3a0 */
  plants[7 * (6 * n + 7)] = 3;         /* (7, 6): PineTree, #2e7d32 */
  for (guint i = 0; i < n * n; i++)
    put_u16 (altitude, i, 400 * 32);   /* height 400, flat: the map's #629450 */
  write_layer (dir, "control", 2, control, n * n * 2);
  write_layer (dir, "blocks", 2, blocks, n * n * 2);
  write_layer (dir, "plants", 2, plants, n * n * 7);
  write_layer (dir, "altitude", 2, altitude, n * n * 2);
  zone = open_zone (dir, 2, n, n);
  ms_zone_style_init (&style);

  style.layer = MS_ZONE_RENDER_LAYER_BLOCKS;
  s = render (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (pixel (s, 5, 4), ==,
                   argb (ms_colour_mix (grey, ms_colour_zone_blocking (0), 0.65f)));
  g_assert_cmphex (pixel (s, 6, 4), ==,
                   argb (ms_colour_mix (grey, ms_colour_zone_blocking (3), 0.65f)));
  g_assert_cmphex (pixel (s, 4, 5), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);

  style.layer = MS_ZONE_RENDER_LAYER_PLANT_ALLOWED;
  s = render (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (pixel (s, 2, 1), ==, 0xffb8b8b8);
  g_assert_cmphex (pixel (s, 3, 1), ==,
                   argb (ms_colour_mix (grey, ms_colour_zone_plant_allowed (), 0.65f)));
  g_assert_cmphex (pixel (s, 0, 0), ==,
                   argb (ms_colour_mix (grey, ms_colour_zone_plant_allowed (), 0.65f)));
  cairo_surface_destroy (s);

  /* Plants at full strength; empty tiles show the ground over the relief. */
  style.layer = MS_ZONE_RENDER_LAYER_PLANTS;
  s = render (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (pixel (s, 7, 6), ==, 0xff2e7d32);
  g_assert_cmphex (pixel (s, 6, 7), ==,
                   argb (ms_colour_mix (grey, ms_colour_from_bytes (0xe3, 0xd3, 0xa0), 0.65f)));
  cairo_surface_destroy (s);
  /* Downsampled 4×, the one plant still shows in its block. */
  s = render (zone, &style, NULL, 4, 4, 4);
  g_assert_cmphex (pixel (s, 1, 1), ==, 0xff2e7d32);
  g_assert_cmphex (pixel (s, 2, 2), !=, 0xff2e7d32);
  cairo_surface_destroy (s);

  /* The map: flat and dry, so the span starts at its one height (t = 0,
   * #629450); Obstacle #8e1e1e (142, 30, 30) at 0.7 over it: 98 + 44 × 0.7 =
   * 128.8, 148 − 118 × 0.7 = 65.4, 80 − 50 × 0.7 = 45; Island on land
   * #506696 (80, 102, 150) at 0.55: 98 − 18 × 0.55 = 88.1, 148 − 46 × 0.55
   * = 122.7, 80 + 70 × 0.55 = 118.5 (float rounding may take it to 118);
   * Roaming and TerraformProtected are not drawn. */
  style.layer = MS_ZONE_RENDER_LAYER_ALTITUDE;
  s = render (zone, &style, NULL, 0, n, n);
  g_assert_cmphex (pixel (s, 9, 9), ==, 0xff629450);
  g_assert_cmphex (pixel (s, 5, 4), ==, 0xff81412d);
  g_assert_cmphex (pixel (s, 6, 4) & 0xfffffffe, ==, 0xff587b76);
  g_assert_cmphex (pixel (s, 2, 1), ==, 0xff629450);
  g_assert_cmphex (pixel (s, 3, 1), ==, 0xff629450);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* ------------------------------------------------------------------ map -- */

#define MAP_N 20
#define MAP_ID 9

/* The map's formula (docs/ZONE_MAP.md) written again over raw bytes. */
static MsRgb
reference_map (float  lo,
               float  hi,
               guint  raw,
               guint  control,
               guint  blocking)
{
  float h = raw / 32.0f;
  MsRgb c;

  if (h < 55.0f)
    {
      c = ms_colour_zone_water (55.0f - h);
      blocking &= ~8u;   /* Island is the sea's own */
    }
  else
    {
      float coast = 1.0f - (h - 55.0f) / 1.5f;

      c = ms_colour_zone_land ((h - lo) / (hi - lo));
      c = ms_colour_mix (c, ms_colour_zone_coast (), coast < 0.0f ? 0.0f : coast > 1.0f ? 1.0f : coast);
    }
  for (guint bit = 0; bit < 8; bit++)
    if (blocking & (1u << bit))
      c = ms_colour_mix (c, ms_colour_zone_map_blocking (bit).colour, ms_colour_zone_map_blocking (bit).opacity);
  for (guint bit = 0; bit < 16; bit++)
    if (control & (1u << bit))
      c = ms_colour_mix (c, ms_colour_zone_map_control (bit).colour, ms_colour_zone_map_control (bit).opacity);
  return c;
}

static int
cmp_u16 (gconstpointer a,
         gconstpointer b)
{
  return (int) *(const guint16 *) a - (int) *(const guint16 *) b;
}

/* A shore: altitude 1000 + 100·x raw, so columns 0..7 lie under the water
 * line (1760 raw, height 55) and 8 (height 56.25) on the beach; roads,
 * pads and blocks on land and on water.  Flat colours (strength 0) against
 * the formula; then the default shading leaves water alone and shades land. */
static void
test_map_hand_worked (void)
{
  const guint n = MAP_N;
  g_autofree char *dir = ms_test_make_tmpdir ();
  guint8 control[MAP_N * MAP_N * 2] = { 0 }, blocks[MAP_N * MAP_N * 2] = { 0 };
  guint8 altitude[MAP_N * MAP_N * 2];
  guint16 land[MAP_N * MAP_N];
  guint n_land = 0;
  g_autoptr(MsZone) zone = NULL;
  MsZoneHeightSpan span;
  MsZoneStyle style;
  cairo_surface_t *flat, *shaded;
  float hi;

  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint raw = 1000 + 100 * x;

        put_u16 (altitude, y * n + x, (guint16) raw);
        if (raw >= 1760)
          land[n_land++] = (guint16) raw;
      }
  put_u16 (control, 3 * n + 12, 128);       /* Highway */
  put_u16 (control, 3 * n + 14, 8);         /* ConcreteA */
  put_u16 (control, 3 * n + 16, 16);        /* ConcreteB */
  put_u16 (control, 5 * n + 12, 256);       /* PBSHighway */
  put_u16 (control, 5 * n + 14, 8 | 128);   /* a pad under a road */
  put_u16 (control, 10 * n + 2, 128);       /* Highway over water */
  put_u16 (control, 10 * n + 15, 1 | 2);    /* AntiPlant, TerraformProtected: not on the map */
  blocks[2 * (8 * n + 10)] = 1;             /* Obstacle */
  blocks[2 * (8 * n + 11)] = 8;             /* Island on land */
  blocks[2 * (8 * n + 3)] = 8;              /* Island in the sea */
  blocks[2 * (8 * n + 13)] = 4;             /* Decor */
  blocks[2 * (8 * n + 9)] = 1 | 8;          /* Obstacle and Island */
  write_layer (dir, "control", MAP_ID, control, sizeof control);
  write_layer (dir, "blocks", MAP_ID, blocks, sizeof blocks);
  write_layer (dir, "altitude", MAP_ID, altitude, sizeof altitude);
  zone = open_zone (dir, MAP_ID, n, n);

  /* The span: water, so from the water line; up to the 99.5th percentile
   * of the land tiles, by sorting them. */
  qsort (land, n_land, sizeof land[0], cmp_u16);
  hi = land[(guint) (0.995 * (n_land - 1))] / 32.0f;
  g_assert_cmpfloat (hi, ==, 2900 / 32.0f);
  g_assert_true (ms_zone_get_height_span (zone, &span));
  g_assert_true (span.has_water);
  g_assert_cmpfloat (span.lo, ==, 55.0f);
  g_assert_cmpfloat (span.hi, ==, hi);

  ms_zone_style_init (&style);
  g_assert_cmpint (style.layer, ==, MS_ZONE_RENDER_LAYER_ALTITUDE);
  style.shade_strength = 0.0f;
  flat = render (zone, &style, NULL, 0, n, n);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        gsize i = (gsize) y * n + x;

        g_assert_cmphex (pixel (flat, x, y), ==,
                         argb (reference_map (55.0f, hi, 1000 + 100 * x,
                                              control[2 * i] | control[2 * i + 1] << 8, blocks[2 * i])));
      }
  /* Anchors by hand: the top of the span is the ramp's end, #e2ded6; the
   * sea at depth 55 − 1000 / 32 = 23.75 is blue (blue above red). */
  g_assert_cmphex (pixel (flat, 19, 0), ==, 0xffe2ded6);
  g_assert_cmpuint (pixel (flat, 0, 0) & 0xff, >, (pixel (flat, 0, 0) >> 16) & 0xff);
  /* The sea's Island is the bare sea; on land it is a tint. */
  g_assert_cmphex (pixel (flat, 3, 8), ==, pixel (flat, 3, 7));
  g_assert_cmphex (pixel (flat, 11, 8), !=, pixel (flat, 11, 7));
  /* Roads are dark: under a third of full brightness in every channel. */
  g_assert_cmpuint ((pixel (flat, 12, 3) >> 16) & 0xff, <, 85);
  g_assert_cmpuint ((pixel (flat, 2, 10) >> 16) & 0xff, <, 85);
  /* The four marks and the blocks all differ. */
  {
    guint32 marks[] = { pixel (flat, 12, 3), pixel (flat, 14, 3), pixel (flat, 16, 3),
                        pixel (flat, 12, 5), pixel (flat, 10, 8), pixel (flat, 13, 8) };

    for (guint a = 0; a < G_N_ELEMENTS (marks); a++)
      for (guint b = 0; b < a; b++)
        g_assert_cmphex (marks[a], !=, marks[b]);
  }

  /* Shaded: water is flat, land shaded (it rises eastwards, so it faces
   * west, towards the north-west light, and brightens). */
  ms_zone_style_init (&style);
  shaded = render (zone, &style, NULL, 0, n, n);
  for (guint y = 1; y + 1 < n; y++)
    for (guint x = 1; x + 1 < n; x++)
      if (1000 + 100 * (x + 1) < 1760)
        g_assert_cmphex (pixel (shaded, x, y), ==, pixel (flat, x, y));
  g_assert_cmpuint ((pixel (shaded, 15, 15) >> 8) & 0xff, >, (pixel (flat, 15, 15) >> 8) & 0xff);
  cairo_surface_destroy (shaded);
  cairo_surface_destroy (flat);
  ms_test_remove_tree (dir);
}

/* Spans by hand: a dry zone starts at its 0.5th percentile; a flat one
 * keeps the minimum span; without altitude there is none. */
static void
test_map_span (void)
{
  const guint n = 20;
  g_autofree char *dir = ms_test_make_tmpdir ();
  guint8 altitude[20 * 20 * 2], control[20 * 20 * 2] = { 0 };
  MsZoneHeightSpan span;

  /* 400 tiles 2000 + 10·i raw: the 0.5th is index 1 (2010), the 99.5th
   * index 397 (5970). */
  for (guint i = 0; i < n * n; i++)
    put_u16 (altitude, i, (guint16) (2000 + 10 * ((i * 7) % (n * n))));
  write_layer (dir, "altitude", 5, altitude, sizeof altitude);
  {
    g_autoptr(MsZone) zone = open_zone (dir, 5, n, n);

    g_assert_true (ms_zone_get_height_span (zone, &span));
    g_assert_false (span.has_water);
    g_assert_cmpfloat (span.lo, ==, 2010 / 32.0f);
    g_assert_cmpfloat (span.hi, ==, 5970 / 32.0f);
  }
  for (guint i = 0; i < n * n; i++)
    put_u16 (altitude, i, 3200);
  write_layer (dir, "altitude", 6, altitude, sizeof altitude);
  {
    g_autoptr(MsZone) zone = open_zone (dir, 6, n, n);

    g_assert_true (ms_zone_get_height_span (zone, &span));
    g_assert_cmpfloat (span.lo, ==, 100.0f);
    g_assert_cmpfloat (span.hi, ==, 108.0f);
  }
  write_layer (dir, "control", 8, control, sizeof control);
  {
    g_autoptr(MsZone) zone = open_zone (dir, 8, n, n);

    g_assert_false (ms_zone_get_height_span (zone, &span));
    g_assert_false (span.has_water);
  }
  ms_test_remove_tree (dir);
}

/* ------------------------------------------------------------- overlays -- */

#define OVL_N 16
#define OVL_ID 3

/* A flat 16×16 zone at height 400 (dry and flat, the map's first stop,
 * #629450, so the base is exact) with one thing per overlay on its own tile, and spawn 128 and
 * slope 0 everywhere.  Row-major: tile (x, y) is index y * 16 + x. */
typedef struct
{
  guint8 control[OVL_N * OVL_N * 2];
  guint8 blocks[OVL_N * OVL_N * 2];
  guint8 plants[OVL_N * OVL_N * 7];
  guint8 altitude[OVL_N * OVL_N * 2];
} OverlayZone;

static void
write_overlay_zone (const char  *dir,
                    OverlayZone *z)
{
  const guint n = OVL_N;

  memset (z, 0, sizeof *z);
  put_u16 (z->control, 5 * n + 6, 1);          /* (6, 5): AntiPlant only */
  put_u16 (z->control, 7 * n + 8, 1 | 128);    /* (8, 7): AntiPlant | Highway */
  put_u16 (z->control, 1 * n + 2, 64);         /* (2, 1): Roaming, no plants */
  z->blocks[2 * (4 * n + 5)] = 1;              /* (5, 4): Obstacle */
  z->blocks[2 * (4 * n + 9)] = 8;              /* (9, 4): Island */
  for (guint i = 0; i < n * n; i++)
    {
      z->plants[7 * i + 3] = 128;              /* spawn 128: #4cb050 */
      z->plants[7 * i + 6] = 8;                /* Sand, which the composite never shows */
      put_u16 (z->altitude, i, 400 * 32);
    }
  z->plants[7 * (6 * n + 7)] = 3;              /* (7, 6): PineTree, #2e7d32 */
  write_layer (dir, "control", OVL_ID, z->control, sizeof z->control);
  write_layer (dir, "blocks", OVL_ID, z->blocks, sizeof z->blocks);
  write_layer (dir, "plants", OVL_ID, z->plants, sizeof z->plants);
  write_layer (dir, "altitude", OVL_ID, z->altitude, sizeof z->altitude);
}

static cairo_surface_t *
render_overlays (MsZone         *zone,
                 MsZoneStyle    *style,
                 MsZoneOverlays  overlays)
{
  style->layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  style->overlays = overlays;
  return render (zone, style, NULL, 0, OVL_N, OVL_N);
}

/* Every value worked out by hand from the byte colours, rounded with
 * v · 255 + 0.5 truncated. */
static void
test_overlays_hand_worked (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree OverlayZone *z = g_new (OverlayZone, 1);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;

  write_overlay_zone (dir, z);
  zone = open_zone (dir, OVL_ID, OVL_N, OVL_N);
  ms_zone_style_init (&style);
  g_assert_cmpint (style.overlays, ==, MS_ZONE_OVERLAY_CONTROL);
  g_assert_true (style.tint_altitude);
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    g_assert_cmpfloat (style.overlay_opacities[i], ==, 0.65f);

  /* Nothing on: the map's terrain.  A flat zone without water spans its
   * one height (lo = the height, hi = lo + 8), so t = 0: #629450
   * (98, 148, 80). */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_NONE);
  for (guint y = 0; y < OVL_N; y++)
    for (guint x = 0; x < OVL_N; x++)
      g_assert_cmphex (pixel (s, x, y), ==, 0xff629450);
  cairo_surface_destroy (s);

  /* Control only.  AntiPlant #e15759 (225, 87, 89) at 0.65 over the tint:
   * 98 + 127 × 0.65 = 180.55, 148 − 61 × 0.65 = 108.35, 80 + 9 × 0.65 =
   * 85.85.  Then Highway #f28e2b (242, 142, 43) over that: 180.55 + 61.45 ×
   * 0.65 = 220.49, 108.35 + 33.65 × 0.65 = 130.22, 85.85 − 42.85 × 0.65 =
   * 58 — lowest bit first. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xffb56c56);
  g_assert_cmphex (pixel (s, 8, 7), ==, 0xffdc823a);
  g_assert_cmphex (pixel (s, 5, 4), ==, 0xff629450);   /* blocks: not shown */
  g_assert_cmphex (pixel (s, 7, 6), ==, 0xff629450);   /* plants: not shown */
  cairo_surface_destroy (s);

  /* Only Highway shown: 98 + 144 × 0.65 = 191.6, 148 − 6 × 0.65 = 144.1,
   * 80 − 37 × 0.65 = 55.95; AntiPlant's tile is bare. */
  style.control_flags = 128;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xff629450);
  g_assert_cmphex (pixel (s, 8, 7), ==, 0xffc09038);
  cairo_surface_destroy (s);
  style.control_flags = G_MAXUINT16;

  /* The control opacity alone, 0.35: 98 + 127 × 0.35 = 142.45,
   * 148 − 61 × 0.35 = 126.65, 80 + 9 × 0.35 = 83.15. */
  style.overlay_opacities[5] = 0.35f;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xff8e7f53);
  cairo_surface_destroy (s);
  style.overlay_opacities[5] = 0.65f;

  /* Grey relief under it: #b8b8b8 and AntiPlant, as the control view. */
  style.tint_altitude = FALSE;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xffd3797a);
  g_assert_cmphex (pixel (s, 0, 0), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);
  style.tint_altitude = TRUE;

  /* Blocks: Obstacle #c62828 (198, 40, 40): 98 + 100 × 0.65 = 163,
   * 148 − 108 × 0.65 = 77.8, 80 − 40 × 0.65 = 54.  Island hidden. */
  style.blocking_flags = 1;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_BLOCKS);
  g_assert_cmphex (pixel (s, 5, 4), ==, 0xffa34e36);
  g_assert_cmphex (pixel (s, 9, 4), ==, 0xff629450);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xff629450);
  cairo_surface_destroy (s);
  style.blocking_flags = G_MAXUINT8;

  /* Plants: PineTree #2e7d32 (46, 125, 50): 98 − 52 × 0.65 = 64.2,
   * 148 − 23 × 0.65 = 133.05, 80 − 30 × 0.65 = 60.5 (which float rounding
   * takes down); no ground types. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_PLANTS);
  g_assert_cmphex (pixel (s, 7, 6) & 0xfffffffe, ==, 0xff40853c);
  g_assert_cmphex (pixel (s, 6, 7), ==, 0xff629450);
  cairo_surface_destroy (s);

  /* Plant-allowed #3cb44b (60, 180, 75): 98 − 38 × 0.65 = 73.3,
   * 148 + 32 × 0.65 = 168.8, 80 − 5 × 0.65 = 76.75; Roaming forbids. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_PLANT_ALLOWED);
  g_assert_cmphex (pixel (s, 0, 0), ==, 0xff49a94d);
  g_assert_cmphex (pixel (s, 2, 1), ==, 0xff629450);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xff629450);   /* AntiPlant forbids too */
  cairo_surface_destroy (s);

  /* Spawn 128, #4cb050 (76, 176, 80): 98 − 22 × 0.65 = 83.7,
   * 148 + 28 × 0.65 = 166.2, 80 + 0 × 0.65 = 80. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_SPAWN);
  g_assert_cmphex (pixel (s, 3, 3), ==, 0xff54a650);
  cairo_surface_destroy (s);

  /* Slope 0 on flat ground, #e8f5e0 (232, 245, 224): 98 + 134 × 0.65 =
   * 185.1, 148 + 97 × 0.65 = 211.05, 80 + 144 × 0.65 = 173.6. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_SLOPE);
  g_assert_cmphex (pixel (s, 3, 3), ==, 0xffb9d3ae);
  cairo_surface_destroy (s);

  /* Spawn then control on one tile: 83.7 + 141.3 × 0.65 = 175.55,
   * 166.2 − 79.2 × 0.65 = 114.72, 80 + 9 × 0.65 = 85.85. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xffb07356);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* A second, plain implementation of the composite over the raw bytes of
 * the flat zone (no shading, 1:1), from the colour model's functions. */
static guint32
reference_overlays (const OverlayZone *z,
                    MsProfile         *profile,
                    const MsZoneStyle *style,
                    guint              x,
                    guint              y)
{
  gsize i = (gsize) y * OVL_N + x;
  guint control = z->control[2 * i] | z->control[2 * i + 1] << 8;
  guint blocking = z->blocks[2 * i];
  guint plant = z->plants[7 * i];
  gboolean allowed = (control & (1 | 8 | 16 | 64 | 128 | 256)) == 0;
  const float *a = style->overlay_opacities;
  /* Flat, no water: the land ramp's first stop (ms_zone_map_colour ()). */
  MsRgb c = ms_colour_zone_land (0.0f);

  if (style->overlays & MS_ZONE_OVERLAY_SPAWN)
    c = ms_colour_mix (c, ms_colour_zone_spawn (z->plants[7 * i + 3]), a[0]);
  if (style->overlays & MS_ZONE_OVERLAY_SLOPE)
    c = ms_colour_mix (c, ms_colour_zone_slope (0), a[1]);
  if ((style->overlays & MS_ZONE_OVERLAY_PLANTS) && plant != 0)
    {
      const MsProfileEntry *e = ms_profile_get_entry (profile, MS_PROFILE_PLANT_TYPES, plant);
      c = ms_colour_mix (c, ms_colour_from_bytes (e->red, e->green, e->blue), a[2]);
    }
  if ((style->overlays & MS_ZONE_OVERLAY_PLANT_ALLOWED) && allowed)
    c = ms_colour_mix (c, ms_colour_zone_plant_allowed (), a[3]);
  for (guint bit = 0; bit < 8; bit++)
    if ((style->overlays & MS_ZONE_OVERLAY_BLOCKS) && (blocking & style->blocking_flags & (1u << bit)))
      c = ms_colour_mix (c, ms_colour_zone_blocking (bit), a[4]);
  for (guint bit = 0; bit < 16; bit++)
    if ((style->overlays & MS_ZONE_OVERLAY_CONTROL) && (control & style->control_flags & (1u << bit)))
      c = ms_colour_mix (c, ms_colour_zone_control (bit), a[5]);
  return argb (c);
}

/* Every one of the 64 overlay sets against the reference, with unequal
 * opacities; and toggling one overlay off changes exactly the tiles it
 * had something on. */
static void
test_overlays_every_set (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree OverlayZone *z = g_new (OverlayZone, 1);
  g_autoptr(MsZone) zone = NULL;
  cairo_surface_t *all, *without;
  MsZoneStyle style;

  write_overlay_zone (dir, z);
  zone = open_zone (dir, OVL_ID, OVL_N, OVL_N);
  ms_zone_style_init (&style);
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    style.overlay_opacities[i] = 0.2f + 0.13f * i;
  style.control_flags = 1 | 128;

  for (guint set = 0; set <= MS_ZONE_OVERLAY_ALL; set++)
    {
      cairo_surface_t *s = render_overlays (zone, &style, set);

      for (guint y = 0; y < OVL_N; y++)
        for (guint x = 0; x < OVL_N; x++)
          if (pixel (s, x, y) != reference_overlays (z, ms_zone_get_profile (zone), &style, x, y))
            g_error ("overlays %#x at (%u, %u): %08x, the reference %08x", set, x, y,
                     pixel (s, x, y),
                     reference_overlays (z, ms_zone_get_profile (zone), &style, x, y));
      cairo_surface_destroy (s);
    }

  /* Control off: only its two flagged tiles change (Roaming is not shown). */
  all = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL);
  without = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL & ~MS_ZONE_OVERLAY_CONTROL);
  for (guint y = 0; y < OVL_N; y++)
    for (guint x = 0; x < OVL_N; x++)
      {
        gboolean flagged = (x == 6 && y == 5) || (x == 8 && y == 7);

        g_assert_true ((pixel (all, x, y) != pixel (without, x, y)) == flagged);
      }
  cairo_surface_destroy (without);
  /* Blocks off: its two tiles. */
  without = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL & ~MS_ZONE_OVERLAY_BLOCKS);
  for (guint y = 0; y < OVL_N; y++)
    for (guint x = 0; x < OVL_N; x++)
      g_assert_true ((pixel (all, x, y) != pixel (without, x, y)) ==
                     ((x == 5 || x == 9) && y == 4));
  cairo_surface_destroy (without);
  cairo_surface_destroy (all);
  ms_test_remove_tree (dir);
}

/* Over shaded relief: the plane of test_control_over_relief (2 height
 * units per tile towards +x, shade 0.76344 for the default light), with
 * exaggeration 1 and strength 0.8: k = 0.2 + 0.8 × shade / sin 45°. */
static void
test_overlays_shaded (void)
{
  const guint n = 32;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *control = g_malloc0 (n * n * 2);
  g_autofree guint8 *altitude = g_malloc0 (n * n * 2);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;
  double shade = (2.0 * 0.5 + sqrt (0.5)) / sqrt (5.0);
  double k = 0.2 + 0.8 * shade / sqrt (0.5);
  float height = (2000.0f + 64.0f * 6) / 32.0f;   /* tile (6, 5) */
  MsRgb tint, anti;

  put_u16 (control, 5 * n + 6, 1);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      put_u16 (altitude, y * n + x, (guint16) (2000 + 64 * x));
  write_layer (dir, "control", 4, control, n * n * 2);
  write_layer (dir, "altitude", 4, altitude, n * n * 2);
  zone = open_zone (dir, 4, n, n);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  style.exaggeration = 1.0f;
  style.shade_strength = 0.8f;
  s = render (zone, &style, NULL, 0, n, n);
  /* All land (2000 raw is above the water line, 1760): the span runs from
   * the 0.5th percentile, column 0 (2000 / 32 = 62.5), to the 99.5th,
   * column 31 (3984 / 32 = 124.5). */
  tint = ms_colour_zone_land ((height - 62.5f) / (124.5f - 62.5f));
  tint = (MsRgb) { tint.r * (float) k, tint.g * (float) k, tint.b * (float) k };
  anti = ms_colour_mix (tint, ms_colour_zone_control (0), 0.65f);
  g_assert_cmphex (pixel (s, 6, 5), ==, argb (anti));
  g_assert_cmphex (pixel (s, 6, 6), ==, argb (tint));
  cairo_surface_destroy (s);

  /* Grey relief: the control view's pixel exactly. */
  style.tint_altitude = FALSE;
  s = render (zone, &style, NULL, 0, n, n);
  {
    cairo_surface_t *view;

    style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
    view = render (zone, &style, NULL, 0, n, n);
    for (guint y = 0; y < n; y++)
      for (guint x = 0; x < n; x++)
        g_assert_cmphex (pixel (s, x, y), ==, pixel (view, x, y));
    cairo_surface_destroy (view);
  }
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* A zone with only a control layer: no error, flat grey under the flags,
 * the other overlays left out. */
static void
test_overlays_missing_layers (void)
{
  const guint n = 16;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *control = g_malloc0 (n * n * 2);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;

  put_u16 (control, 5 * n + 6, 1);
  put_u16 (control, 1 * n + 2, 64);
  write_layer (dir, "control", 4, control, n * n * 2);
  zone = open_zone (dir, 4, n, n);

  ms_zone_style_init (&style);
  g_assert_true (style.tint_altitude);
  style.overlay_opacities[3] = 0.0f;  /* plant-allowed on, but invisible */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL);
  g_assert_cmphex (pixel (s, 6, 5), ==, 0xffd3797a);
  g_assert_cmphex (pixel (s, 2, 1), ==,
                   argb (ms_colour_mix (ms_colour_from_bytes (0xb8, 0xb8, 0xb8),
                                        ms_colour_zone_control (6), 0.65f)));
  g_assert_cmphex (pixel (s, 0, 0), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

static void
test_overlay_names (void)
{
  MsZoneOverlays overlays = MS_ZONE_OVERLAY_ALL;
  g_autofree char *bad = NULL;

  g_assert_cmpstr (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_SPAWN), ==, "spawn");
  g_assert_cmpstr (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_PLANT_ALLOWED), ==, "plant-allowed");
  g_assert_cmpstr (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_CONTROL), ==, "control");
  g_assert_null (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN));
  g_assert_null (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_NONE));

  g_assert_true (ms_zone_overlays_from_string ("spawn, control,,blocks", &overlays, &bad));
  g_assert_cmphex (overlays, ==, 0x01 | 0x20 | 0x10);
  g_assert_true (ms_zone_overlays_from_string ("", &overlays, &bad));
  g_assert_cmphex (overlays, ==, 0);
  g_assert_true (ms_zone_overlays_from_string ("slope,plants,plant-allowed", &overlays, NULL));
  g_assert_cmphex (overlays, ==, 0x02 | 0x04 | 0x08);
  g_assert_false (ms_zone_overlays_from_string ("spawn,heights", &overlays, &bad));
  g_assert_cmpstr (bad, ==, "heights");
  g_assert_cmphex (overlays, ==, 0x02 | 0x04 | 0x08);  /* untouched on failure */
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
        put_u16 (bytes, (gsize) y * w + x, alt[y * w + x]);
      }
  write_layer (dir, "altitude", 11, bytes, w * h * 2);
  zone = open_zone (dir, 11, w, h);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SLOPE;
  s = render (zone, &style, NULL, 0, w, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        int slope = ref_slope (alt, w, h, x, y);
        g_assert_cmphex (pixel (s, x, y), ==, argb (ms_colour_zone_slope (slope)));
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
  demo = open_zone (dir, 42, 0, 0);
  g_assert_cmpuint (ms_zone_get_width (demo), ==, 512);
  ms_zone_style_init (&style);
  for (guint l = 0; l < MS_N_ZONE_RENDER_LAYERS; l++)
    {
      style.layer = l;
      cairo_surface_destroy (render (demo, &style, NULL, 128, 128, 128));
    }
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  cairo_surface_destroy (render (demo, &style, &strip, 128, 128, 25));
  /* 512 / 100 rounds up to k = 6, and 512 / 6 up to 86. */
  cairo_surface_destroy (render (demo, &style, NULL, 100, 86, 86));

  /* A checkerboard of spawn 0 and 200: each 4×4 block's mean is 100,
   * 36/64 = 0.5625 of the way from 64 (#1f8fd0) to 128 (#4cb050):
   * 31 + 45 × 0.5625 = 56.3, 143 + 33 × 0.5625 = 161.6, 208 − 128 × 0.5625 = 136.
   * Sampling one tile would give sterile white or the colour of 200. */
  for (guint y = 0; y < 64; y++)
    for (guint x = 0; x < 64; x++)
      plants[7 * (y * 64 + x) + 3] = (x + y) % 2 ? 200 : 0;
  write_layer (dir, "plants", 8, plants, 64 * 64 * 7);
  zone = open_zone (dir, 8, 64, 64);
  s = render (zone, &style, NULL, 16, 16, 16);
  for (guint y = 0; y < 16; y++)
    for (guint x = 0; x < 16; x++)
      g_assert_cmphex (pixel (s, x, y), ==, 0xff38a288);
  cairo_surface_destroy (s);

  /* A partial last block is the mean of the tiles it has: 62 = 15 × 4 + 2,
   * columns 60..61 of the checkerboard still average 100. */
  s = render (zone, &style, &partial, 16, 16, 16);
  g_assert_cmphex (pixel (s, 15, 7), ==, 0xff38a288);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

static void
test_region_and_errors (void)
{
  const guint w = 60, h = 50;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = write_spawn_zone (dir, 6, w, h);
  g_autoptr(MsZone) zone = open_zone (dir, 6, w, h);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MsRect region = { 10, 3, 20, 7 };
  MsRect outside = { 50, 0, 11, 5 };
  MsRect empty = { 0, 0, 0, 5 };
  MsZoneStyle style;
  cairo_surface_t *s;

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  s = render (zone, &style, &region, 0, 20, 7);
  for (guint j = 0; j < 7; j++)
    for (guint i = 0; i < 20; i++)
      g_assert_cmphex (pixel (s, i, j), ==,
                       argb (ms_colour_zone_spawn (plants[7 * ((3 + j) * w + 10 + i) + 3])));
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

/* ------------------------------------------------------------------ CLI -- */

static int
run_cli (const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MAPSMITH_CLI"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static cairo_surface_t *
load_png (const char *path,
          guint       expect_w,
          guint       expect_h)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, expect_w);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, expect_h);
  return s;
}

static void
test_cli (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *out = g_build_filename (dir, "out.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad", NULL);
  g_autofree char *bad_file = g_build_filename (bad, "control.0003.bin", NULL);
  g_autofree guint8 *plants = NULL;
  cairo_surface_t *s;

  g_assert_cmpint (run_cli ("zone", "demo", dir, "42", "--size", "256", NULL), ==, 0);
  for (guint l = 0; l < MS_N_ZONE_RENDER_LAYERS; l++)
    {
      g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer",
                                ms_zone_render_layer_to_string (l), "--max-size", "64", NULL), ==, 0);
      cairo_surface_destroy (load_png (out, 64, 64));
    }
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "control",
                            "--flags", "AntiPlant,TerraformProtected", NULL), ==, 0);
  cairo_surface_destroy (load_png (out, 256, 256));
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "blocks",
                            "--flags", "Obstacle", "--region", "10", "3", "20", "7", NULL), ==, 0);
  cairo_surface_destroy (load_png (out, 20, 7));

  /* The composite: --flags are its control flags; hand-worked as in
   * test_overlays_hand_worked () (AntiPlant at 0.65 over #b8b8b8). */
  {
    g_autofree OverlayZone *z = g_new (OverlayZone, 1);

    write_overlay_zone (dir, z);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--overlays", "control,blocks",
                              "--flags", "AntiPlant", "--grey-relief", NULL), ==, 0);
    s = load_png (out, 16, 16);
    g_assert_cmphex (pixel (s, 6, 5) & 0xffffff, ==, 0xd3797a);
    g_assert_cmphex (pixel (s, 8, 7) & 0xffffff, ==, 0xd3797a);   /* Highway hidden */
    g_assert_cmphex (pixel (s, 0, 0) & 0xffffff, ==, 0xb8b8b8);
    g_assert_cmphex (pixel (s, 5, 4) & 0xffffff, !=, 0xb8b8b8);   /* blocks on */
    cairo_surface_destroy (s);
    /* --opacity reaches every overlay: spawn 128 at 0.5 over #629450 is
     * 98 − 11 = 87, 148 + 14 = 162, 80 + 0 = 80. */
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--overlays", "spawn", "--opacity", "0.5",
                              NULL), ==, 0);
    s = load_png (out, 16, 16);
    g_assert_cmphex (pixel (s, 3, 3) & 0xffffff, ==, 0x57a250);
    cairo_surface_destroy (s);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--overlays", "control,roads", NULL), ==, 2);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--flags", "Obstacle", NULL), ==, 2);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "control", "--overlays", "control", NULL), ==, 2);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--grey-relief", NULL), ==, 2);
  }

  /* 1:1 spawn through PNG (RGB) against the raw bytes of a file of our own. */
  plants = write_spawn_zone (dir, 5, 48, 48);
  g_assert_cmpint (run_cli ("zone", "render", "--size", "48x48", dir, "5", "-o", out,
                            "--layer", "spawn", "--region=4,5,30,20", NULL), ==, 0);
  s = load_png (out, 30, 20);
  for (guint j = 0; j < 20; j++)
    for (guint i = 0; i < 30; i++)
      g_assert_cmphex (pixel (s, i, j) & 0xffffff, ==,
                       argb (ms_colour_zone_spawn (plants[7 * ((5 + j) * 48 + 4 + i) + 3])) & 0xffffff);
  cairo_surface_destroy (s);

  /* Usage and I/O: 2. */
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "heights", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "control",
                            "--flags", "AntiPlant,Bogus", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "spawn",
                            "--flags", "AntiPlant", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--region", "250", "0", "7", "1",
                            NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--region", "1", "2", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--max-size", "-1", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "99", "-o", out, NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", "/nonexistent", "42", "-o", out, NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", "/nonexistent/out.png", NULL), ==, 2);

  /* Invalid input: 1 (a file fitting no zone; a layer the zone lacks). */
  g_assert_cmpint (g_mkdir (bad, 0700), ==, 0);
  g_assert_true (g_file_set_contents (bad_file, "abc", 3, NULL));
  g_assert_cmpint (run_cli ("zone", "render", bad, "3", "-o", out, NULL), ==, 1);
  g_assert_cmpint (run_cli ("zone", "render", "--size", "48x48", dir, "5", "-o", out,
                            "--layer", "control", NULL), ==, 1);
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
  g_test_add_func ("/render/zone/map-hand-worked", test_map_hand_worked);
  g_test_add_func ("/render/zone/map-span", test_map_span);
  g_test_add_func ("/render/zone/overlays-hand-worked", test_overlays_hand_worked);
  g_test_add_func ("/render/zone/overlays-every-set", test_overlays_every_set);
  g_test_add_func ("/render/zone/overlays-shaded", test_overlays_shaded);
  g_test_add_func ("/render/zone/overlays-missing-layers", test_overlays_missing_layers);
  g_test_add_func ("/render/zone/overlay-names", test_overlay_names);
  g_test_add_func ("/render/zone/slope-exact", test_slope_exact);
  g_test_add_func ("/render/zone/downsample", test_downsample);
  g_test_add_func ("/render/zone/region-and-errors", test_region_and_errors);
  g_test_add_func ("/render/zone/cli", test_cli);
  return g_test_run ();
}
