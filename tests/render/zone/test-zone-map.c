/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone map, the altitude layer of the CPU zone renderer
 * (render/zone/ms-zone-renderer.c, docs/ZONE_MAP.md): land, coast and
 * sea by height over the zone's height span (ms_zone_get_height_span ()),
 * roads, pads and blocks over them, shading on land only.  Expected pixels
 * come from the map's formula written again here over the raw bytes, and
 * from spans worked out by sorting the heights.
 */
#include "config.h"

#include <stdlib.h>

#include "ms-test-zone-render.h"

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

        ms_test_set_u16 (altitude, y * n + x, (guint16) raw);
        if (raw >= 1760)
          land[n_land++] = (guint16) raw;
      }
  ms_test_set_u16 (control, 3 * n + 12, 128);       /* Highway */
  ms_test_set_u16 (control, 3 * n + 14, 8);         /* ConcreteA */
  ms_test_set_u16 (control, 3 * n + 16, 16);        /* ConcreteB */
  ms_test_set_u16 (control, 5 * n + 12, 256);       /* PBSHighway */
  ms_test_set_u16 (control, 5 * n + 14, 8 | 128);   /* a pad under a road */
  ms_test_set_u16 (control, 10 * n + 2, 128);       /* Highway over water */
  ms_test_set_u16 (control, 10 * n + 15, 1 | 2);    /* AntiPlant, TerraformProtected: not on the map */
  blocks[2 * (8 * n + 10)] = 1;             /* Obstacle */
  blocks[2 * (8 * n + 11)] = 8;             /* Island on land */
  blocks[2 * (8 * n + 3)] = 8;              /* Island in the sea */
  blocks[2 * (8 * n + 13)] = 4;             /* Decor */
  blocks[2 * (8 * n + 9)] = 1 | 8;          /* Obstacle and Island */
  ms_test_write_layer (dir, "control", MAP_ID, control, sizeof control);
  ms_test_write_layer (dir, "blocks", MAP_ID, blocks, sizeof blocks);
  ms_test_write_layer (dir, "altitude", MAP_ID, altitude, sizeof altitude);
  zone = ms_test_open_zone (dir, MAP_ID, n, n);

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
  flat = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        gsize i = (gsize) y * n + x;

        g_assert_cmphex (ms_test_pixel (flat, x, y), ==,
                         ms_test_argb (reference_map (55.0f, hi, 1000 + 100 * x,
                                                      control[2 * i] | control[2 * i + 1] << 8,
                                                      blocks[2 * i])));
      }
  /* Anchors by hand: the top of the span is the ramp's end, #e2ded6; the
   * sea at depth 55 − 1000 / 32 = 23.75 is blue (blue above red). */
  g_assert_cmphex (ms_test_pixel (flat, 19, 0), ==, 0xffe2ded6);
  g_assert_cmpuint (ms_test_pixel (flat, 0, 0) & 0xff, >,
                    (ms_test_pixel (flat, 0, 0) >> 16) & 0xff);
  /* The sea's Island is the bare sea; on land it is a tint. */
  g_assert_cmphex (ms_test_pixel (flat, 3, 8), ==, ms_test_pixel (flat, 3, 7));
  g_assert_cmphex (ms_test_pixel (flat, 11, 8), !=, ms_test_pixel (flat, 11, 7));
  /* Roads are dark: under a third of full brightness in every channel. */
  g_assert_cmpuint ((ms_test_pixel (flat, 12, 3) >> 16) & 0xff, <, 85);
  g_assert_cmpuint ((ms_test_pixel (flat, 2, 10) >> 16) & 0xff, <, 85);
  /* The four marks and the blocks all differ. */
  {
    guint32 marks[] = { ms_test_pixel (flat, 12, 3), ms_test_pixel (flat, 14, 3),
                        ms_test_pixel (flat, 16, 3), ms_test_pixel (flat, 12, 5),
                        ms_test_pixel (flat, 10, 8), ms_test_pixel (flat, 13, 8) };

    for (guint a = 0; a < G_N_ELEMENTS (marks); a++)
      for (guint b = 0; b < a; b++)
        g_assert_cmphex (marks[a], !=, marks[b]);
  }

  /* Shaded: water is flat, land shaded (it rises eastwards, so it faces
   * west, towards the north-west light, and brightens). */
  ms_zone_style_init (&style);
  shaded = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  for (guint y = 1; y + 1 < n; y++)
    for (guint x = 1; x + 1 < n; x++)
      if (1000 + 100 * (x + 1) < 1760)
        g_assert_cmphex (ms_test_pixel (shaded, x, y), ==, ms_test_pixel (flat, x, y));
  g_assert_cmpuint ((ms_test_pixel (shaded, 15, 15) >> 8) & 0xff, >,
                    (ms_test_pixel (flat, 15, 15) >> 8) & 0xff);
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
    ms_test_set_u16 (altitude, i, (guint16) (2000 + 10 * ((i * 7) % (n * n))));
  ms_test_write_layer (dir, "altitude", 5, altitude, sizeof altitude);
  {
    g_autoptr(MsZone) zone = ms_test_open_zone (dir, 5, n, n);

    g_assert_true (ms_zone_get_height_span (zone, &span));
    g_assert_false (span.has_water);
    g_assert_cmpfloat (span.lo, ==, 2010 / 32.0f);
    g_assert_cmpfloat (span.hi, ==, 5970 / 32.0f);
  }
  for (guint i = 0; i < n * n; i++)
    ms_test_set_u16 (altitude, i, 3200);
  ms_test_write_layer (dir, "altitude", 6, altitude, sizeof altitude);
  {
    g_autoptr(MsZone) zone = ms_test_open_zone (dir, 6, n, n);

    g_assert_true (ms_zone_get_height_span (zone, &span));
    g_assert_cmpfloat (span.lo, ==, 100.0f);
    g_assert_cmpfloat (span.hi, ==, 108.0f);
  }
  ms_test_write_layer (dir, "control", 8, control, sizeof control);
  {
    g_autoptr(MsZone) zone = ms_test_open_zone (dir, 8, n, n);

    g_assert_false (ms_zone_get_height_span (zone, &span));
    g_assert_false (span.has_water);
  }
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/zone/map-hand-worked", test_map_hand_worked);
  g_test_add_func ("/render/zone/map-span", test_map_span);
  return g_test_run ();
}
