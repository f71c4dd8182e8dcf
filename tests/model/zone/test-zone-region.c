/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-test-util.h"
#include "ms-zone-region.h"

#define W 90
#define H 70

/* Spans sorted, disjoint and non-touching, and equal to expect[] (row-major). */
static void
assert_region (MsZoneRegion   *region,
               const gboolean *expect)
{
  guint n;
  const MsZoneSpan *s = ms_zone_region_get_spans (region, &n);
  guint64 count = 0;

  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (s[i].x0, <, s[i].x1);
      g_assert_cmpuint (s[i].x1, <=, W);
      g_assert_cmpuint (s[i].y, <, H);
      if (i > 0)
        g_assert_true (s[i].y > s[i - 1].y || s[i].x0 > s[i - 1].x1);
    }
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        g_assert_cmpint (ms_zone_region_contains (region, x, y), ==, expect[y * W + x]);
        count += expect[y * W + x];
      }
  g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, count);
}

static void
test_rect (void)
{
  gboolean expect[W * H];
  g_autoptr(MsZoneRegion) r = ms_zone_region_new_rect (W, H, -5, 10, 20, 100);
  g_autoptr(MsZoneRegion) empty = ms_zone_region_new_rect (W, H, 5, 5, 0, 10);
  guint x0, y0, x1, y1;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      expect[y * W + x] = x >= -5 && x < 15 && y >= 10 && y < 110;
  assert_region (r, expect);
  g_assert_true (ms_zone_region_get_bounds (r, &x0, &y0, &x1, &y1));
  g_assert_cmpuint (x0, ==, 0);
  g_assert_cmpuint (y0, ==, 10);
  g_assert_cmpuint (x1, ==, 15);
  g_assert_cmpuint (y1, ==, H);
  g_assert_cmpuint (ms_zone_region_count_tiles (empty), ==, 0);
  g_assert_false (ms_zone_region_get_bounds (empty, &x0, &y0, &x1, &y1));
}

/* W. Randolph Franklin's point-in-polygon test, even-odd. */
static gboolean
pnpoly (const double *xy, guint n, double px, double py)
{
  gboolean c = FALSE;

  for (guint i = 0, j = n - 1; i < n; j = i++)
    {
      double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
      if (((yi > py) != (yj > py)) && (px < (xj - xi) * (py - yi) / (yj - yi) + xi))
        c = !c;
    }
  return c;
}

static void
test_polygon (void)
{
  gboolean expect[W * H];
  g_autoptr(GError) error = NULL;

  for (guint round = 0; round < 200; round++)
    {
      guint n = 3 + round % 6;
      double xy[16];
      g_autoptr(MsZoneRegion) r = NULL;

      for (guint i = 0; i < 2 * n; i++)
        {
          /* Integers (as the CLI gives), halves (on tile centres) and
           * arbitrary values, some outside the zone. */
          double v = g_test_rand_double_range (-20, (i % 2 ? H : W) + 20);
          xy[i] = round % 3 == 0 ? floor (v) : round % 3 == 1 ? floor (v) + 0.5 : v;
        }
      r = ms_zone_region_new_polygon (W, H, xy, n, &error);
      g_assert_no_error (error);
      for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
          expect[y * W + x] = pnpoly (xy, n, x + 0.5, y + 0.5);
      assert_region (r, expect);
    }

  {
    double two[4] = { 0, 0, 5, 5 };
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_polygon (W, H, two, 2, &error);
    g_assert_null (r);
    g_assert_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID);
  }
}

static double
seg_dist2 (double px, double py, double ax, double ay, double bx, double by)
{
  double dx = bx - ax, dy = by - ay, t = 0;

  if (dx != 0 || dy != 0)
    t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return (ax + t * dx - px) * (ax + t * dx - px) + (ay + t * dy - py) * (ay + t * dy - py);
}

static void
test_brush (void)
{
  gboolean expect[W * H];

  /* Round stamp: centre within r. */
  {
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_stamp (W, H, MS_ZONE_BRUSH_ROUND, 10.3, 20.7, 4.2);
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        expect[y * W + x] = (x + 0.5 - 10.3) * (x + 0.5 - 10.3) +
                            (y + 0.5 - 20.7) * (y + 0.5 - 20.7) <= 4.2 * 4.2;
    assert_region (r, expect);
  }
  /* Square stamp at the edge, clipped. */
  {
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_stamp (W, H, MS_ZONE_BRUSH_SQUARE, 1, 68, 3);
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        expect[y * W + x] = fabs (x + 0.5 - 1) <= 3 && fabs (y + 0.5 - 68) <= 3;
    assert_region (r, expect);
  }
  /* Round stroke: within r of the polyline. */
  {
    double pts[] = { 5, 5, 40, 12, 60, 50, 20, 60 };
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_stroke (W, H, MS_ZONE_BRUSH_ROUND, pts, 4, 2.5);
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        {
          gboolean in = FALSE;
          for (int s = 0; s < 3; s++)
            in |= seg_dist2 (x + 0.5, y + 0.5, pts[2 * s], pts[2 * s + 1],
                             pts[2 * s + 2], pts[2 * s + 3]) <= 2.5 * 2.5;
          expect[y * W + x] = in;
        }
    assert_region (r, expect);
  }
  /* Square stroke along an axis is a rectangle. */
  {
    double pts[] = { 10, 30.5, 50, 30.5 };
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_stroke (W, H, MS_ZONE_BRUSH_SQUARE, pts, 2, 2);
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        expect[y * W + x] = x + 0.5 >= 8 && x + 0.5 <= 52 && y + 0.5 >= 28.5 && y + 0.5 <= 32.5;
    assert_region (r, expect);
  }
}

static MsZone *
zone_with_control (const char *dir, const guint16 *control)
{
  g_autofree char *path = g_build_filename (dir, "control.0001.bin", NULL);
  g_autofree guint8 *b = g_malloc (W * H * 2);
  g_autoptr(GError) error = NULL;
  MsZone *zone;

  for (int i = 0; i < W * H; i++)
    {
      b[2 * i] = control[i] & 0xff;
      b[2 * i + 1] = control[i] >> 8;
    }
  g_assert_true (g_file_set_contents (path, (const char *) b, W * H * 2, NULL));
  zone = ms_zone_new_for_dir (dir, 1, W, H, NULL, &error);
  g_assert_no_error (error);
  return zone;
}

static void
test_flood (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint16 *control = g_new (guint16, W * H);
  gboolean expect[W * H];
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  /* Few values so regions are large and winding. */
  for (int i = 0; i < W * H; i++)
    control[i] = g_test_rand_int_range (0, 100) < 60 ? 0 : 0x100;
  zone = zone_with_control (dir, control);

  for (guint round = 0; round < 20; round++)
    {
      guint sx = g_test_rand_int_range (0, W), sy = g_test_rand_int_range (0, H);
      g_autoptr(MsZoneRegion) r = ms_zone_region_new_flood (zone, sx, sy, &error);
      g_autofree int *queue = g_new (int, W * H);
      int head = 0, tail = 0;

      g_assert_no_error (error);
      /* Breadth-first over 4-neighbours with the seed's value. */
      memset (expect, 0, sizeof expect);
      expect[sy * W + sx] = TRUE;
      queue[tail++] = sy * W + sx;
      while (head < tail)
        {
          int i = queue[head++], x = i % W, y = i / W;
          int nb[4][2] = { { x - 1, y }, { x + 1, y }, { x, y - 1 }, { x, y + 1 } };
          for (int k = 0; k < 4; k++)
            {
              int nx = nb[k][0], ny = nb[k][1];
              if (nx < 0 || ny < 0 || nx >= W || ny >= H)
                continue;
              if (!expect[ny * W + nx] && control[ny * W + nx] == control[sy * W + sx])
                {
                  expect[ny * W + nx] = TRUE;
                  queue[tail++] = ny * W + nx;
                }
            }
        }
      assert_region (r, expect);
    }

  {
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_flood (zone, W, 0, &error);
    g_assert_null (r);
    g_assert_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID);
  }
  ms_test_remove_tree (dir);
}

static void
test_rule (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint16 *control = g_new (guint16, W * H);
  gboolean expect[W * H];
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < W * H; i++)
    control[i] = (guint16) g_test_rand_int_range (0, 2048);
  zone = zone_with_control (dir, control);

  for (int cmp = MS_ZONE_CMP_LT; cmp <= MS_ZONE_CMP_NE; cmp++)
    {
      g_autoptr(MsZoneRegion) r = ms_zone_region_new_rule (zone, MS_ZONE_RULE_CONTROL, cmp, 1000, &error);
      g_assert_no_error (error);
      for (int i = 0; i < W * H; i++)
        {
          int v = control[i];
          expect[i] = cmp == MS_ZONE_CMP_LT ? v < 1000 : cmp == MS_ZONE_CMP_LE ? v <= 1000 :
                      cmp == MS_ZONE_CMP_GT ? v > 1000 : cmp == MS_ZONE_CMP_GE ? v >= 1000 :
                      cmp == MS_ZONE_CMP_EQ ? v == 1000 : v != 1000;
        }
      assert_region (r, expect);
    }
  {
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_rule (zone, MS_ZONE_RULE_FLAG, MS_ZONE_CMP_EQ,
                                                         64 | 1, &error);
    g_assert_no_error (error);
    for (int i = 0; i < W * H; i++)
      expect[i] = (control[i] & 65) == 65;
    assert_region (r, expect);
  }
  {
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_rule (zone, MS_ZONE_RULE_SLOPE, MS_ZONE_CMP_GT,
                                                         40, &error);
    g_assert_null (r);
    g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  }
  ms_test_remove_tree (dir);
}

static void
test_from_spans (void)
{
  /* Unsorted, overlapping, touching, and partly outside a 20x10 zone. */
  MsZoneSpan in[] = {
    { 3, 5, 9 }, { 1, 0, 4 }, { 3, 2, 6 }, { 3, 9, 11 }, { 12, 0, 5 }, { 2, 15, 40 }, { 4, 7, 7 },
  };
  g_autoptr(MsZoneRegion) r = ms_zone_region_new_from_spans (20, 10, in, G_N_ELEMENTS (in));
  const MsZoneSpan *s;
  guint n;

  s = ms_zone_region_get_spans (r, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (s[0].y, ==, 1);
  g_assert_cmpuint (s[0].x0, ==, 0);
  g_assert_cmpuint (s[0].x1, ==, 4);
  g_assert_cmpuint (s[1].y, ==, 2);
  g_assert_cmpuint (s[1].x0, ==, 15);
  g_assert_cmpuint (s[1].x1, ==, 20);
  g_assert_cmpuint (s[2].y, ==, 3);
  g_assert_cmpuint (s[2].x0, ==, 2);
  g_assert_cmpuint (s[2].x1, ==, 11);
  g_assert_cmpuint (ms_zone_region_count_tiles (r), ==, 4 + 5 + 9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone/region/rect", test_rect);
  g_test_add_func ("/zone/region/polygon", test_polygon);
  g_test_add_func ("/zone/region/brush", test_brush);
  g_test_add_func ("/zone/region/flood", test_flood);
  g_test_add_func ("/zone/region/rule", test_rule);
  g_test_add_func ("/zone/region/from-spans", test_from_spans);
  return g_test_run ();
}
