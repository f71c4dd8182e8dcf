/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-viewport.h"

static void
test_fit_and_transform (void)
{
  g_autoptr(MsViewport) v = ms_viewport_new ();
  double sx, sy, mx, my, cx, cy;

  ms_viewport_set_map_size (v, 1000, 500);
  ms_viewport_set_size (v, 400, 300);
  ms_viewport_fit (v);
  /* 400 / 1000 = 0.4 < 300 / 500 = 0.6. */
  g_assert_cmpfloat (ms_viewport_get_zoom (v), ==, 0.4);
  ms_viewport_get_centre (v, &cx, &cy);
  g_assert_cmpfloat (cx, ==, 500);
  g_assert_cmpfloat (cy, ==, 250);

  /* Map (0, 0) is 500 × 0.4 = 200 left of the screen centre (200, 150). */
  ms_viewport_map_to_screen (v, 0, 0, &sx, &sy);
  g_assert_cmpfloat (sx, ==, 0);
  g_assert_cmpfloat (sy, ==, 50);
  ms_viewport_screen_to_map (v, 400, 250, &mx, &my);
  g_assert_cmpfloat (mx, ==, 1000);
  g_assert_cmpfloat (my, ==, 500);
}

static void
test_zoom_at_keeps_point (void)
{
  g_autoptr(MsViewport) v = ms_viewport_new ();
  double before_x, before_y, after_x, after_y;

  ms_viewport_set_map_size (v, 4096, 4096);
  ms_viewport_set_size (v, 800, 600);
  ms_viewport_fit (v);
  ms_viewport_screen_to_map (v, 123, 456, &before_x, &before_y);
  ms_viewport_zoom_at (v, 3.0, 123, 456);
  ms_viewport_screen_to_map (v, 123, 456, &after_x, &after_y);
  g_assert_cmpfloat_with_epsilon (after_x, before_x, 1e-9);
  g_assert_cmpfloat_with_epsilon (after_y, before_y, 1e-9);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (v), 3.0 * 600.0 / 4096.0, 1e-12);
}

static void
test_pan_and_limits (void)
{
  g_autoptr(MsViewport) v = ms_viewport_new ();
  double cx, cy;

  ms_viewport_set_map_size (v, 512, 512);
  ms_viewport_set_size (v, 512, 512);
  ms_viewport_fit (v);
  ms_viewport_set_zoom (v, 2.0);
  /* Dragging the map 100 px right moves the centre 50 map px left. */
  ms_viewport_pan (v, 100, -40);
  ms_viewport_get_centre (v, &cx, &cy);
  g_assert_cmpfloat (cx, ==, 206);
  g_assert_cmpfloat (cy, ==, 276);

  /* The centre never leaves the map; zoom stays within its bounds. */
  ms_viewport_pan (v, 1e6, 1e6);
  ms_viewport_get_centre (v, &cx, &cy);
  g_assert_cmpfloat (cx, ==, 0);
  g_assert_cmpfloat (cy, ==, 0);
  ms_viewport_set_zoom (v, 1e6);
  g_assert_cmpfloat (ms_viewport_get_zoom (v), ==, ms_viewport_get_max_zoom (v));
  ms_viewport_set_zoom (v, 1e-9);
  g_assert_cmpfloat (ms_viewport_get_zoom (v), ==, 0.25);
}

static void
count_fitted (GObject    *object,
              GParamSpec *pspec,
              guint      *n)
{
  (*n)++;
}

/* Fitted is a state: a new size or map size fits again, until a zoom, a
 * pan or a centre set elsewhere; a size that fits the same keeps it. */
static void
test_fitted_kept (void)
{
  g_autoptr(MsViewport) v = ms_viewport_new ();
  guint n = 0;
  double cx, cy;

  g_signal_connect (v, "notify::fitted", G_CALLBACK (count_fitted), &n);
  ms_viewport_set_map_size (v, 1000, 500);
  ms_viewport_set_size (v, 400, 300);
  g_assert_false (ms_viewport_get_fitted (v));
  ms_viewport_fit (v);
  g_assert_true (ms_viewport_get_fitted (v));
  g_assert_cmpuint (n, ==, 1);

  /* 800 × 300: 300 / 500 = 0.6 < 0.8. */
  ms_viewport_set_size (v, 800, 300);
  g_assert_true (ms_viewport_get_fitted (v));
  g_assert_cmpfloat (ms_viewport_get_zoom (v), ==, 0.6);
  /* A map of 2000 × 500: 800 / 2000 = 0.4, centred on it. */
  ms_viewport_set_map_size (v, 2000, 500);
  g_assert_cmpfloat (ms_viewport_get_zoom (v), ==, 0.4);
  ms_viewport_get_centre (v, &cx, &cy);
  g_assert_cmpfloat (cx, ==, 1000);
  g_assert_cmpfloat (cy, ==, 250);
  g_assert_cmpuint (n, ==, 1);

  /* A zoom ends it; the next size keeps the user's zoom. */
  ms_viewport_zoom_at (v, 2.0, 100, 100);
  g_assert_false (ms_viewport_get_fitted (v));
  ms_viewport_set_size (v, 400, 300);
  g_assert_cmpfloat (ms_viewport_get_zoom (v), ==, 0.8);
  g_assert_cmpuint (n, ==, 2);

  /* So does a pan, and a centre set by a linked view. */
  ms_viewport_fit (v);
  ms_viewport_pan (v, 10, 0);
  g_assert_false (ms_viewport_get_fitted (v));
  ms_viewport_fit (v);
  ms_viewport_set_centre (v, 10, 10);
  g_assert_false (ms_viewport_get_fitted (v));
  /* Setting what it already is changes nothing. */
  ms_viewport_fit (v);
  ms_viewport_set_zoom (v, ms_viewport_get_zoom (v));
  ms_viewport_get_centre (v, &cx, &cy);
  ms_viewport_set_centre (v, cx, cy);
  g_assert_true (ms_viewport_get_fitted (v));
  g_assert_cmpuint (n, ==, 7);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/viewport/fit-and-transform", test_fit_and_transform);
  g_test_add_func ("/viewport/fitted-kept", test_fitted_kept);
  g_test_add_func ("/viewport/zoom-at-keeps-point", test_zoom_at_keeps_point);
  g_test_add_func ("/viewport/pan-and-limits", test_pan_and_limits);
  return g_test_run ();
}
