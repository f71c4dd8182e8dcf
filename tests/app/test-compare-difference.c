/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The comparison window's difference view (widgets/ms-map-view-difference.c)
 * and readout (ms_compare_window_describe_point ()): the difference image
 * for a hand-made change, drawn crisp when zoomed, driven by the map's own
 * actions; what the readout says under a real pointer, and for two maps of
 * different sizes.
 *
 * MS_TEST_SCREENSHOT_DIR=dir saves `import -window root` shots there.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-test-compare.h"

/* ---------------------------------------------------------- difference --- */

/* The colour drawn over map point (@mx, @my) of @view, as 0xRRGGBB. */
static guint32
drawn_at (MsMapView *view,
          double     mx,
          double     my)
{
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  g_autofree guint32 *pixels = NULL;
  double sx, sy;

  ms_test_settle (ms_test_diff_drawn, view, 200, "the difference view to draw");
  pixels = ms_test_capture (GTK_WIDGET (view), w, h);
  ms_viewport_map_to_screen (ms_map_view_get_viewport (view), mx, my, &sx, &sy);
  g_assert_cmpfloat (sx, >=, 0);
  g_assert_cmpfloat (sy, >=, 0);
  g_assert_cmpfloat (sx, <, w);
  g_assert_cmpfloat (sy, <, h);
  return pixels[(gsize) floor (sy) * w + (gsize) floor (sx)] & 0xffffff;
}

static void
test_difference (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_block (FALSE);
  g_autoptr(MsBlueprint) b = ms_test_compare_block (TRUE);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsMapView *view = ms_compare_window_get_diff_view (window);
  MsViewport *viewport = ms_map_view_get_viewport (view);
  g_autofree char *mode = NULL;
  g_autofree char *window_id = NULL;
  double zoom, cx, cy;
  const char *text;

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "a vs b — Mapsmith");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "difference"));
  g_object_get (window, "mode", &mode, NULL);
  g_assert_cmpstr (mode, ==, "difference");
  ms_test_settle (ms_test_diff_drawn, view, 200, "the difference view");

  /* The legend's colours by hand (as tests/render/diff/test-render-diff.c): +0.5 at
   * full scale 0.5 is "higher" (0.85, 0.12, 0.10) → d9 1f 1a; water gained
   * (0, 0.9, 0.9) → 00 e6 e6; no change is white.  x right, y down. */
  g_assert_cmphex (drawn_at (view, 15.5, 25.5), ==, 0xd91f1a);
  g_assert_cmphex (drawn_at (view, 30.5, 200.5), ==, 0x00e6e6);
  g_assert_cmphex (drawn_at (view, 100.5, 100.5), ==, 0xffffff);
  g_assert_cmphex (drawn_at (view, 25.5, 15.5), ==, 0xffffff);

  /* A real map view: the zoom action zooms it, the pan action pans it. */
  zoom = ms_viewport_get_zoom (viewport);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.zoom-in", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), >, zoom * 1.2);
  ms_viewport_set_zoom (viewport, 8.0);
  ms_viewport_set_centre (viewport, 40, 25);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.pan", "(ii)", 64, 0));
  ms_viewport_get_centre (viewport, &cx, &cy);
  /* 64 screen px at 8 per map pixel: the map moved right, the centre 8 left. */
  g_assert_cmpfloat_with_epsilon (cx, 32, 1e-9);
  g_assert_cmpfloat_with_epsilon (cy, 25, 1e-9);
  /* At 8× each changed pixel is an 8 px square with a crisp edge: 1.6
   * screen px either side of x = 20 are the block's red and plain white. */
  g_assert_cmphex (drawn_at (view, 15.5, 25.5), ==, 0xd91f1a);
  g_assert_cmphex (drawn_at (view, 19.8, 25.5), ==, 0xd91f1a);
  g_assert_cmphex (drawn_at (view, 20.2, 25.5), ==, 0xffffff);

  /* The readout under a real pointer: A 0.5, B 1.0, B − A +0.5 (= 125.5 m,
   * "126" rounded half to even). */
  gtk_window_set_title (GTK_WINDOW (window), "difference-test");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("difference-test");
  ms_test_compare_assert_block_readout (window, window_id, view);
  ms_viewport_set_centre (viewport, 30, 200);
  ms_test_run_for (100);
  ms_test_compare_point_at (window_id, view, 30.5, 200.5);
  text = gtk_label_get_text (ms_compare_window_get_readout (window));
  g_assert_nonnull (strstr (text, "B (30, 200) 0.5000 raw = 126 m, Lake"));
  g_assert_nonnull (strstr (text, "B − A +0.0000 raw = +0 m, biome changed, water gained"));

  /* Side by side has the readout too, over either map. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "side-by-side"));
  ms_test_iterate_until (ms_test_compare_ready, window, "side by side");
  ms_test_run_for (200);
  ms_test_compare_point_at (window_id, ms_compare_window_get_view_b (window), 30.5, 200.5);
  text = gtk_label_get_text (ms_compare_window_get_readout (window));
  g_assert_nonnull (strstr (text, "A (30, 200) 0.5000 raw = 126 m, Grassland"));
  g_assert_nonnull (strstr (text, "water gained"));

  ms_test_screenshot ("compare-difference.png", 500);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Two sizes: each map's pixel at a world point is its own ⌊u · size⌋. */
static void
test_readout_two_sizes (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_tiny (256);
  g_autoptr(MsBlueprint) b = ms_test_compare_tiny (512);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  g_autofree char *left = ms_compare_window_describe_point (window, 3.5 / 512, 100.5 / 512);
  g_autofree char *right = ms_compare_window_describe_point (window, 300.5 / 512, 7.5 / 512);
  g_autofree char *mid = ms_compare_window_describe_point (window, 10.5 / 512, 0.5 / 512);

  /* Grid (3, 100): A's (1, 50) and B's (3, 100), both Lake at 0.25 / 0.5. */
  g_assert_cmpstr (left, ==, "A (1, 50) 0.2500 raw = 63 m, Lake   B (3, 100) 0.5000 raw = 126 m, Lake"
                             "\nB − A +0.2500 raw = +63 m");
  /* Grid (300, 7): both Grassland at 0.25. */
  g_assert_cmpstr (right, ==, "A (150, 3) 0.2500 raw = 63 m, Grassland   B (300, 7) 0.2500 raw = 63 m, Grassland"
                              "\nB − A +0.0000 raw = +0 m");
  /* Grid (10, 0): A's Lake (x 5 < 8) against B's Grassland (x 10 >= 8). */
  g_assert_cmpstr (mid, ==, "A (5, 0) 0.2500 raw = 63 m, Lake   B (10, 0) 0.5000 raw = 126 m, Grassland"
                            "\nB − A +0.2500 raw = +63 m, biome changed, water lost");
  g_assert_null (ms_compare_window_describe_point (window, 1.0, 0.5));
  g_assert_null (ms_compare_window_describe_point (window, -0.01, 0.5));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_DATA_HOME", NULL);
  g_test_add_func ("/compare-window/difference", test_difference);
  g_test_add_func ("/compare-window/readout-two-sizes", test_readout_two_sizes);
  return ms_test_app_run ();
}
