/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone composite, the overlays layer of the CPU zone renderer
 * (render/zone/ms-zone-renderer.c): spawn, slope, plants, plant-allowed,
 * blocks and control over the map or the grey relief, each with its
 * opacity and flags; and the overlays' names.  Expected pixels are worked
 * out by hand from the byte colours, and from a second, plain
 * implementation of the composite over the raw bytes.
 */
#include "config.h"

#include <math.h>

#include "ms-test-zone-render.h"

static cairo_surface_t *
render_overlays (MsZone         *zone,
                 MsZoneStyle    *style,
                 MsZoneOverlays  overlays)
{
  style->layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  style->overlays = overlays;
  return ms_test_render_zone (zone, style, NULL, 0, MS_TEST_OVERLAY_N, MS_TEST_OVERLAY_N);
}

/* Every value worked out by hand from the byte colours, rounded with
 * v · 255 + 0.5 truncated. */
static void
test_overlays_hand_worked (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree MsTestOverlayZone *z = g_new (MsTestOverlayZone, 1);
  g_autoptr(MsZone) zone = NULL;
  MsZoneStyle style;
  cairo_surface_t *s;

  ms_test_write_overlay_zone (dir, z);
  zone = ms_test_open_zone (dir, MS_TEST_OVERLAY_ID, MS_TEST_OVERLAY_N, MS_TEST_OVERLAY_N);
  ms_zone_style_init (&style);
  g_assert_cmpint (style.overlays, ==, MS_ZONE_OVERLAY_CONTROL);
  g_assert_true (style.tint_altitude);
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    g_assert_cmpfloat (style.overlay_opacities[i], ==, 0.65f);

  /* Nothing on: the map's terrain.  A flat zone without water spans its
   * one height (lo = the height, hi = lo + 8), so t = 0: #629450
   * (98, 148, 80). */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_NONE);
  for (guint y = 0; y < MS_TEST_OVERLAY_N; y++)
    for (guint x = 0; x < MS_TEST_OVERLAY_N; x++)
      g_assert_cmphex (ms_test_pixel (s, x, y), ==, 0xff629450);
  cairo_surface_destroy (s);

  /* Control only.  AntiPlant #e15759 (225, 87, 89) at 0.65 over the tint:
   * 98 + 127 × 0.65 = 180.55, 148 − 61 × 0.65 = 108.35, 80 + 9 × 0.65 =
   * 85.85.  Then Highway #f28e2b (242, 142, 43) over that: 180.55 + 61.45 ×
   * 0.65 = 220.49, 108.35 + 33.65 × 0.65 = 130.22, 85.85 − 42.85 × 0.65 =
   * 58 — lowest bit first. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xffb56c56);
  g_assert_cmphex (ms_test_pixel (s, 8, 7), ==, 0xffdc823a);
  g_assert_cmphex (ms_test_pixel (s, 5, 4), ==, 0xff629450);   /* blocks: not shown */
  g_assert_cmphex (ms_test_pixel (s, 7, 6), ==, 0xff629450);   /* plants: not shown */
  cairo_surface_destroy (s);

  /* Only Highway shown: 98 + 144 × 0.65 = 191.6, 148 − 6 × 0.65 = 144.1,
   * 80 − 37 × 0.65 = 55.95; AntiPlant's tile is bare. */
  style.control_flags = 128;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xff629450);
  g_assert_cmphex (ms_test_pixel (s, 8, 7), ==, 0xffc09038);
  cairo_surface_destroy (s);
  style.control_flags = G_MAXUINT16;

  /* The control opacity alone, 0.35: 98 + 127 × 0.35 = 142.45,
   * 148 − 61 × 0.35 = 126.65, 80 + 9 × 0.35 = 83.15. */
  style.overlay_opacities[5] = 0.35f;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xff8e7f53);
  cairo_surface_destroy (s);
  style.overlay_opacities[5] = 0.65f;

  /* Grey relief under it: #b8b8b8 and AntiPlant, as the control view. */
  style.tint_altitude = FALSE;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xffd3797a);
  g_assert_cmphex (ms_test_pixel (s, 0, 0), ==, 0xffb8b8b8);
  cairo_surface_destroy (s);
  style.tint_altitude = TRUE;

  /* Blocks: Obstacle #c62828 (198, 40, 40): 98 + 100 × 0.65 = 163,
   * 148 − 108 × 0.65 = 77.8, 80 − 40 × 0.65 = 54.  Island hidden. */
  style.blocking_flags = 1;
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_BLOCKS);
  g_assert_cmphex (ms_test_pixel (s, 5, 4), ==, 0xffa34e36);
  g_assert_cmphex (ms_test_pixel (s, 9, 4), ==, 0xff629450);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xff629450);
  cairo_surface_destroy (s);
  style.blocking_flags = G_MAXUINT8;

  /* Plants: PineTree #2e7d32 (46, 125, 50): 98 − 52 × 0.65 = 64.2,
   * 148 − 23 × 0.65 = 133.05, 80 − 30 × 0.65 = 60.5 (which float rounding
   * takes down); no ground types. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_PLANTS);
  g_assert_cmphex (ms_test_pixel (s, 7, 6) & 0xfffffffe, ==, 0xff40853c);
  g_assert_cmphex (ms_test_pixel (s, 6, 7), ==, 0xff629450);
  cairo_surface_destroy (s);

  /* Plant-allowed #3cb44b (60, 180, 75): 98 − 38 × 0.65 = 73.3,
   * 148 + 32 × 0.65 = 168.8, 80 − 5 × 0.65 = 76.75; Roaming forbids. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_PLANT_ALLOWED);
  g_assert_cmphex (ms_test_pixel (s, 0, 0), ==, 0xff49a94d);
  g_assert_cmphex (ms_test_pixel (s, 2, 1), ==, 0xff629450);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xff629450);   /* AntiPlant forbids too */
  cairo_surface_destroy (s);

  /* Spawn 128, #4cb050 (76, 176, 80): 98 − 22 × 0.65 = 83.7,
   * 148 + 28 × 0.65 = 166.2, 80 + 0 × 0.65 = 80. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_SPAWN);
  g_assert_cmphex (ms_test_pixel (s, 3, 3), ==, 0xff54a650);
  cairo_surface_destroy (s);

  /* Slope 0 on flat ground, #e8f5e0 (232, 245, 224): 98 + 134 × 0.65 =
   * 185.1, 148 + 97 × 0.65 = 211.05, 80 + 144 × 0.65 = 173.6. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_SLOPE);
  g_assert_cmphex (ms_test_pixel (s, 3, 3), ==, 0xffb9d3ae);
  cairo_surface_destroy (s);

  /* Spawn then control on one tile: 83.7 + 141.3 × 0.65 = 175.55,
   * 166.2 − 79.2 × 0.65 = 114.72, 80 + 9 × 0.65 = 85.85. */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xffb07356);
  cairo_surface_destroy (s);
  ms_test_remove_tree (dir);
}

/* A second, plain implementation of the composite over the raw bytes of
 * the flat zone (no shading, 1:1), from the colour model's functions. */
static guint32
reference_overlays (const MsTestOverlayZone *z,
                    MsProfile         *profile,
                    const MsZoneStyle *style,
                    guint              x,
                    guint              y)
{
  gsize i = (gsize) y * MS_TEST_OVERLAY_N + x;
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
  return ms_test_argb (c);
}

/* Every one of the 64 overlay sets against the reference, with unequal
 * opacities; and toggling one overlay off changes exactly the tiles it
 * had something on. */
static void
test_overlays_every_set (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree MsTestOverlayZone *z = g_new (MsTestOverlayZone, 1);
  g_autoptr(MsZone) zone = NULL;
  cairo_surface_t *all, *without;
  MsZoneStyle style;

  ms_test_write_overlay_zone (dir, z);
  zone = ms_test_open_zone (dir, MS_TEST_OVERLAY_ID, MS_TEST_OVERLAY_N, MS_TEST_OVERLAY_N);
  ms_zone_style_init (&style);
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    style.overlay_opacities[i] = 0.2f + 0.13f * i;
  style.control_flags = 1 | 128;

  for (guint set = 0; set <= MS_ZONE_OVERLAY_ALL; set++)
    {
      cairo_surface_t *s = render_overlays (zone, &style, set);

      for (guint y = 0; y < MS_TEST_OVERLAY_N; y++)
        for (guint x = 0; x < MS_TEST_OVERLAY_N; x++)
          if (ms_test_pixel (s, x, y) !=
              reference_overlays (z, ms_zone_get_profile (zone), &style, x, y))
            g_error ("overlays %#x at (%u, %u): %08x, the reference %08x", set, x, y,
                     ms_test_pixel (s, x, y),
                     reference_overlays (z, ms_zone_get_profile (zone), &style, x, y));
      cairo_surface_destroy (s);
    }

  /* Control off: only its two flagged tiles change (Roaming is not shown). */
  all = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL);
  without = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL & ~MS_ZONE_OVERLAY_CONTROL);
  for (guint y = 0; y < MS_TEST_OVERLAY_N; y++)
    for (guint x = 0; x < MS_TEST_OVERLAY_N; x++)
      {
        gboolean flagged = (x == 6 && y == 5) || (x == 8 && y == 7);

        g_assert_true ((ms_test_pixel (all, x, y) != ms_test_pixel (without, x, y)) == flagged);
      }
  cairo_surface_destroy (without);
  /* Blocks off: its two tiles. */
  without = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL & ~MS_ZONE_OVERLAY_BLOCKS);
  for (guint y = 0; y < MS_TEST_OVERLAY_N; y++)
    for (guint x = 0; x < MS_TEST_OVERLAY_N; x++)
      g_assert_true ((ms_test_pixel (all, x, y) != ms_test_pixel (without, x, y)) ==
                     ((x == 5 || x == 9) && y == 4));
  cairo_surface_destroy (without);
  cairo_surface_destroy (all);
  ms_test_remove_tree (dir);
}

/* Over shaded relief: the plane of test-zone-renderer.c's
 * control-over-relief (2 height
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

  ms_test_set_u16 (control, 5 * n + 6, 1);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      ms_test_set_u16 (altitude, y * n + x, (guint16) (2000 + 64 * x));
  ms_test_write_layer (dir, "control", 4, control, n * n * 2);
  ms_test_write_layer (dir, "altitude", 4, altitude, n * n * 2);
  zone = ms_test_open_zone (dir, 4, n, n);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  style.exaggeration = 1.0f;
  style.shade_strength = 0.8f;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  /* All land (2000 raw is above the water line, 1760): the span runs from
   * the 0.5th percentile, column 0 (2000 / 32 = 62.5), to the 99.5th,
   * column 31 (3984 / 32 = 124.5). */
  tint = ms_colour_zone_land ((height - 62.5f) / (124.5f - 62.5f));
  tint = (MsRgb) { tint.r * (float) k, tint.g * (float) k, tint.b * (float) k };
  anti = ms_colour_mix (tint, ms_colour_zone_control (0), 0.65f);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, ms_test_argb (anti));
  g_assert_cmphex (ms_test_pixel (s, 6, 6), ==, ms_test_argb (tint));
  cairo_surface_destroy (s);

  /* Grey relief: the control view's pixel exactly. */
  style.tint_altitude = FALSE;
  s = ms_test_render_zone (zone, &style, NULL, 0, n, n);
  {
    cairo_surface_t *view;

    style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
    view = ms_test_render_zone (zone, &style, NULL, 0, n, n);
    for (guint y = 0; y < n; y++)
      for (guint x = 0; x < n; x++)
        g_assert_cmphex (ms_test_pixel (s, x, y), ==, ms_test_pixel (view, x, y));
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

  ms_test_set_u16 (control, 5 * n + 6, 1);
  ms_test_set_u16 (control, 1 * n + 2, 64);
  ms_test_write_layer (dir, "control", 4, control, n * n * 2);
  zone = ms_test_open_zone (dir, 4, n, n);

  ms_zone_style_init (&style);
  g_assert_true (style.tint_altitude);
  style.overlay_opacities[3] = 0.0f;  /* plant-allowed on, but invisible */
  s = render_overlays (zone, &style, MS_ZONE_OVERLAY_ALL);
  g_assert_cmphex (ms_test_pixel (s, 6, 5), ==, 0xffd3797a);
  g_assert_cmphex (ms_test_pixel (s, 2, 1), ==,
                   ms_test_argb (ms_colour_mix (ms_colour_from_bytes (0xb8, 0xb8, 0xb8),
                                                ms_colour_zone_control (6), 0.65f)));
  g_assert_cmphex (ms_test_pixel (s, 0, 0), ==, 0xffb8b8b8);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/zone/overlays-hand-worked", test_overlays_hand_worked);
  g_test_add_func ("/render/zone/overlays-every-set", test_overlays_every_set);
  g_test_add_func ("/render/zone/overlays-shaded", test_overlays_shaded);
  g_test_add_func ("/render/zone/overlays-missing-layers", test_overlays_missing_layers);
  g_test_add_func ("/render/zone/overlay-names", test_overlay_names);
  return g_test_run ();
}
