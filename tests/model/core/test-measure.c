/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ruler's geometry against hand-worked figures, and its tile count
 * against a brute-force loop over every tile centre.
 */
#include "config.h"

#include <math.h>

#include "ms-measure.h"

static void
test_length (void)
{
  /* The 3-4-5 right triangle: legs 3 and 4, hypotenuse 5. */
  const double tri[] = { 0, 0, 3, 0, 3, 4 };
  const double one[] = { 7, 7 };

  g_assert_cmpfloat (ms_measure_length (tri, 2, FALSE), ==, 3.0);
  g_assert_cmpfloat (ms_measure_length (tri, 3, FALSE), ==, 7.0);
  g_assert_cmpfloat (ms_measure_length (tri, 3, TRUE), ==, 12.0);
  /* The hypotenuse alone, either way round. */
  g_assert_cmpfloat (ms_measure_length (tri + 2, 2, FALSE), ==, 4.0);
  {
    const double hyp[] = { 0, 0, 3, 4 };
    g_assert_cmpfloat (ms_measure_length (hyp, 2, FALSE), ==, 5.0);
    g_assert_cmpfloat (ms_measure_length (hyp, 2, TRUE), ==, 5.0);  /* two points: no closing segment */
  }
  g_assert_cmpfloat (ms_measure_length (one, 1, TRUE), ==, 0.0);
  g_assert_cmpfloat (ms_measure_length (NULL, 0, FALSE), ==, 0.0);
}

static void
test_area (void)
{
  const double tri[] = { 0, 0, 3, 0, 3, 4 };                     /* 3 × 4 / 2 = 6 */
  const double unit[] = { 5, 5, 6, 5, 6, 6, 5, 6 };              /* 1 */
  const double unit_cw[] = { 5, 5, 5, 6, 6, 6, 6, 5 };           /* the same, the other way */
  /* An L: the 3 × 3 square less its top-right 2 × 2 = 9 - 4 = 5. */
  const double ell[] = { 0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3 };
  /* An arrowhead: (0,0) (4,2) (0,4) (1,2): triangle 0,0-4,2-0,4 is 8, less
   * the notch 0,0-1,2-0,4: 4 × 1 / 2 = 2, so 6. */
  const double arrow[] = { 0, 0, 4, 2, 0, 4, 1, 2 };
  /* Far from the origin: 1 m² still 1. */
  const double far[] = { 1e7, 1e7, 1e7 + 1, 1e7, 1e7 + 1, 1e7 + 1, 1e7, 1e7 + 1 };

  g_assert_cmpfloat (ms_measure_area (tri, 3), ==, 6.0);
  g_assert_cmpfloat (ms_measure_area (unit, 4), ==, 1.0);
  g_assert_cmpfloat (ms_measure_area (unit_cw, 4), ==, 1.0);
  g_assert_cmpfloat (ms_measure_area (ell, 6), ==, 5.0);
  g_assert_cmpfloat (ms_measure_area (arrow, 4), ==, 6.0);
  g_assert_cmpfloat (ms_measure_area (far, 4), ==, 1.0);
  g_assert_cmpfloat (ms_measure_area (tri, 2), ==, 0.0);
  /* The L's perimeter: 3 + 1 + 2 + 2 + 1 + 3 = 12. */
  g_assert_cmpfloat (ms_measure_length (ell, 6, TRUE), ==, 12.0);
}

/* The classic crossing test (W. R. Franklin's pnpoly), point by point. */
static gboolean
inside (const double *p,
        guint         n,
        double        x,
        double        y)
{
  gboolean in = FALSE;

  for (guint i = 0, j = n - 1; i < n; j = i++)
    if ((p[2 * i + 1] > y) != (p[2 * j + 1] > y) &&
        x < (p[2 * j] - p[2 * i]) * (y - p[2 * i + 1]) / (p[2 * j + 1] - p[2 * i + 1]) + p[2 * i])
      in = !in;
  return in;
}

static guint64
brute_count (const double *p,
             guint         n,
             guint         width,
             guint         height)
{
  guint64 count = 0;

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      count += inside (p, n, x + 0.5, y + 0.5);
  return count;
}

static void
test_tiles_hand (void)
{
  /* Tile corners: the square (2,2)-(5,4) holds the 3 × 2 tiles x 2..4, y 2..3. */
  const double rect[] = { 2, 2, 5, 2, 5, 4, 2, 4 };
  /* Through tile centres: (0.5,0.5)-(3.5,0.5)-(3.5,2.5)-(0.5,2.5).  Half-open
   * spans take the left and top edges' centres, not the right and bottom:
   * x 0..2 and y 0..1, 6 tiles. */
  const double on_centres[] = { 0.5, 0.5, 3.5, 0.5, 3.5, 2.5, 0.5, 2.5 };
  /* The L from test_area, at tile corners: its 5 tiles. */
  const double ell[] = { 0, 0, 3, 0, 3, 1, 1, 1, 1, 3, 0, 3 };
  /* Half off the grid's left and top: only the 2 × 2 inside count. */
  const double off[] = { -2, -2, 2, -2, 2, 2, -2, 2 };
  /* A sliver between centres: no centre inside. */
  const double thin[] = { 1.6, 0, 1.9, 0, 1.9, 10, 1.6, 10 };

  g_assert_cmpuint (ms_measure_count_tiles (rect, 4, 10, 10), ==, 6);
  g_assert_cmpuint (ms_measure_count_tiles (on_centres, 4, 10, 10), ==, 6);
  g_assert_cmpuint (ms_measure_count_tiles (ell, 6, 10, 10), ==, 5);
  g_assert_cmpuint (ms_measure_count_tiles (off, 4, 10, 10), ==, 4);
  g_assert_cmpuint (ms_measure_count_tiles (thin, 4, 10, 10), ==, 0);
  g_assert_cmpuint (ms_measure_count_tiles (rect, 2, 10, 10), ==, 0);
  g_assert_cmpuint (ms_measure_count_tiles (rect, 4, 0, 10), ==, 0);
  /* The whole 4 × 3 grid and more around it. */
  {
    const double all[] = { -1, -1, 5, -1, 5, 4, -1, 4 };
    g_assert_cmpuint (ms_measure_count_tiles (all, 4, 4, 3), ==, 12);
  }
}

static void
test_tiles_brute (void)
{
  const double concave[] = { 1.3, 1.1, 30.2, 4.7, 12.5, 12.0, 28.9, 27.6, 3.4, 22.2, 9.9, 13.3 };
  /* A star that crosses itself: even-odd leaves its centre pentagon out. */
  const double star[] = { 16, 1, 25.4, 30, 0.8, 12, 31.2, 12, 6.6, 30 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);

  g_assert_cmpuint (ms_measure_count_tiles (concave, 6, 32, 32), ==, brute_count (concave, 6, 32, 32));
  g_assert_cmpuint (ms_measure_count_tiles (star, 5, 32, 32), ==, brute_count (star, 5, 32, 32));
  g_assert_cmpuint (brute_count (star, 5, 32, 32), >, 0);
  /* Random polygons, some off the grid's edges, on a grid that is not square. */
  for (guint trial = 0; trial < 200; trial++)
    {
      double p[2 * 9];
      guint n = g_rand_int_range (rand, 3, 10);

      for (guint i = 0; i < n; i++)
        {
          p[2 * i] = g_rand_double_range (rand, -5, 45);
          p[2 * i + 1] = g_rand_double_range (rand, -5, 25);
          /* Now and then on a tile centre or corner, where ties are. */
          if (trial % 3 == 0)
            {
              p[2 * i] = floor (p[2 * i]) + (trial % 2 ? 0.5 : 0.0);
              p[2 * i + 1] = floor (p[2 * i + 1]) + (trial % 2 ? 0.5 : 0.0);
            }
        }
      g_assert_cmpuint (ms_measure_count_tiles (p, n, 40, 20), ==, brute_count (p, n, 40, 20));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/measure/length", test_length);
  g_test_add_func ("/measure/area", test_area);
  g_test_add_func ("/measure/tiles-hand", test_tiles_hand);
  g_test_add_func ("/measure/tiles-brute", test_tiles_brute);
  return g_test_run ();
}
