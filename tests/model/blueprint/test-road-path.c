/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The road path helpers the road list and its highlight use: length,
 * pixel bounds and the pixels a path runs through, against hand-worked
 * values.  File coordinates: x outer, y inner; pixel index x * size + y.
 */
#include "config.h"

#include <math.h>

#include "ms-blueprint-summary.h"

static void
test_length (void)
{
  /* A 3-4-5 triangle's hypotenuse, then 6 straight down. */
  const MsPoint path[] = { { 0, 0 }, { 3, 4 }, { 3, 10 } };

  g_assert_cmpfloat_with_epsilon (ms_road_path_length (path, 3), 11.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (ms_road_path_length (path, 2), 5.0, 1e-12);
  g_assert_cmpfloat (ms_road_path_length (path, 1), ==, 0.0);
  g_assert_cmpfloat (ms_road_path_length (NULL, 0), ==, 0.0);
}

static void
test_bounds (void)
{
  const MsPoint path[] = { { 1.5f, 2.25f }, { 4.75f, 0.5f }, { 2.0f, 7.9f } };
  const MsPoint outside[] = { { -3.0f, 2.0f }, { 10.5f, 9.0f } };
  const MsPoint with_nan[] = { { NAN, 1.0f }, { 5.5f, 6.5f }, { 3.0f, INFINITY } };
  const MsPoint all_nan[] = { { NAN, NAN } };
  MsPathBounds b;

  /* x floors 1, 4, 2: 1..4; y floors 2, 0, 7: 0..7. */
  g_assert_true (ms_road_path_bounds (path, 3, 16, &b));
  g_assert_cmpuint (b.x, ==, 1);
  g_assert_cmpuint (b.y, ==, 0);
  g_assert_cmpuint (b.width, ==, 4);
  g_assert_cmpuint (b.height, ==, 8);

  /* Clamped to an 8 × 8 map: x 0..7, y 2..7. */
  g_assert_true (ms_road_path_bounds (outside, 2, 8, &b));
  g_assert_cmpuint (b.x, ==, 0);
  g_assert_cmpuint (b.y, ==, 2);
  g_assert_cmpuint (b.width, ==, 8);
  g_assert_cmpuint (b.height, ==, 6);

  /* Only (5.5, 6.5) is finite. */
  g_assert_true (ms_road_path_bounds (with_nan, 3, 16, &b));
  g_assert_cmpuint (b.x, ==, 5);
  g_assert_cmpuint (b.y, ==, 6);
  g_assert_cmpuint (b.width, ==, 1);
  g_assert_cmpuint (b.height, ==, 1);

  g_assert_false (ms_road_path_bounds (all_nan, 1, 16, &b));
  g_assert_cmpuint (b.width, ==, 0);
  g_assert_false (ms_road_path_bounds (NULL, 0, 16, &b));
}

static void
assert_pixels (GArray        *pixels,
               const guint32 *expected,
               guint          n)
{
  g_assert_cmpuint (pixels->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (g_array_index (pixels, guint32, i), ==, expected[i]);
}

static void
test_pixels (void)
{
  /* On a 10 × 10 map pixel (x, y) is x * 10 + y. */
  const MsPoint along_x[] = { { 0.5f, 0.5f }, { 3.5f, 0.5f } };
  const guint32 along_x_px[] = { 0, 10, 20, 30 };
  const MsPoint along_y[] = { { 2.5f, 1.5f }, { 2.5f, 4.5f } };
  const guint32 along_y_px[] = { 21, 22, 23, 24 };
  const MsPoint diagonal[] = { { 0.5f, 0.5f }, { 2.5f, 2.5f } };
  const guint32 diagonal_px[] = { 0, 11, 22 };
  /* There and back: each pixel once, sorted. */
  const MsPoint back[] = { { 2.5f, 0.5f }, { 0.5f, 0.5f }, { 2.5f, 0.5f } };
  const guint32 back_px[] = { 0, 10, 20 };
  const MsPoint single[] = { { 7.2f, 3.9f } };
  const guint32 single_px[] = { 73 };
  /* Past the edge: clamped into the last column. */
  const MsPoint off_map[] = { { 8.5f, 9.5f }, { 12.0f, 9.5f } };
  const guint32 off_map_px[] = { 89, 99 };
  g_autoptr(GArray) a = ms_road_path_pixels (along_x, 2, 10);
  g_autoptr(GArray) b = ms_road_path_pixels (along_y, 2, 10);
  g_autoptr(GArray) c = ms_road_path_pixels (diagonal, 2, 10);
  g_autoptr(GArray) d = ms_road_path_pixels (back, 3, 10);
  g_autoptr(GArray) e = ms_road_path_pixels (single, 1, 10);
  g_autoptr(GArray) f = ms_road_path_pixels (off_map, 2, 10);
  g_autoptr(GArray) g = ms_road_path_pixels (NULL, 0, 10);

  assert_pixels (a, along_x_px, G_N_ELEMENTS (along_x_px));
  assert_pixels (b, along_y_px, G_N_ELEMENTS (along_y_px));
  assert_pixels (c, diagonal_px, G_N_ELEMENTS (diagonal_px));
  assert_pixels (d, back_px, G_N_ELEMENTS (back_px));
  assert_pixels (e, single_px, G_N_ELEMENTS (single_px));
  assert_pixels (f, off_map_px, G_N_ELEMENTS (off_map_px));
  g_assert_cmpuint (g->len, ==, 0);
}

/* A long wandering path: every vertex's pixel is in the set, and every
 * pixel in the set is within a pixel's diagonal of some segment. */
static double
distance_to_segment (double px, double py, const MsPoint *a, const MsPoint *b)
{
  double dx = b->x - a->x, dy = b->y - a->y, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - a->x) * dx + (py - a->y) * dy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (px - (a->x + t * dx), py - (a->y + t * dy));
}

static void
test_pixels_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const guint size = 64;
  MsPoint path[40];
  g_autoptr(GArray) pixels = NULL;
  g_autoptr(GHashTable) set = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (path); i++)
    path[i] = (MsPoint) { (float) g_rand_double_range (rand, 0, size), (float) g_rand_double_range (rand, 0, size) };
  pixels = ms_road_path_pixels (path, G_N_ELEMENTS (path), size);
  for (guint i = 0; i < pixels->len; i++)
    {
      guint32 index = g_array_index (pixels, guint32, i);
      double cx = index / size + 0.5, cy = index % size + 0.5, best = G_MAXDOUBLE;

      if (i > 0)
        g_assert_cmpuint (index, >, g_array_index (pixels, guint32, i - 1));
      for (guint k = 0; k + 1 < G_N_ELEMENTS (path); k++)
        best = MIN (best, distance_to_segment (cx, cy, &path[k], &path[k + 1]));
      g_assert_cmpfloat (best, <=, M_SQRT1_2 + 1e-6);
      g_hash_table_add (set, GUINT_TO_POINTER (index + 1));
    }
  for (guint k = 0; k < G_N_ELEMENTS (path); k++)
    {
      guint32 index = (guint32) path[k].x * size + (guint32) path[k].y;
      g_assert_true (g_hash_table_contains (set, GUINT_TO_POINTER (index + 1)));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/road-path/length", test_length);
  g_test_add_func ("/road-path/bounds", test_bounds);
  g_test_add_func ("/road-path/pixels", test_pixels);
  g_test_add_func ("/road-path/pixels-random", test_pixels_random);
  return g_test_run ();
}
