/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D view's camera and CDLOD selection.  Expected values are worked by
 * hand from the geometry in the comments, never read back from the code.
 */
#include "config.h"

#include <math.h>

#include "ms-terrain-camera.h"
#include "ms-terrain-lod.h"

#define EPS 1e-9

/* Target (100, 0, 100), yaw 0, pitch 45°, distance 10√2: the eye is 10
 * south (+z) and 10 up, at (100, 10, 110).  A 90° field of view and a
 * square viewport make the screen's edges 45° off the forward axis. */
static void
camera_45 (MsTerrainCamera *c)
{
  *c = (MsTerrainCamera) {
    .target = { 100.0, 0.0, 100.0 }, .yaw_deg = 0.0, .pitch_deg = 45.0,
    .distance = 10.0 * G_SQRT2, .fov_deg = 90.0, .aspect = 1.0,
  };
  ms_terrain_camera_normalize (c, 512.0);
}

static void
test_eye (void)
{
  MsTerrainCamera c;
  double eye[3], r[3], u[3], f[3];

  camera_45 (&c);
  ms_terrain_camera_get_eye (&c, eye);
  g_assert_cmpfloat_with_epsilon (eye[0], 100.0, EPS);
  g_assert_cmpfloat_with_epsilon (eye[1], 10.0, EPS);
  g_assert_cmpfloat_with_epsilon (eye[2], 110.0, EPS);

  ms_terrain_camera_get_basis (&c, r, u, f);
  /* Looking north (−z) and down; east (+x) is to the right. */
  g_assert_cmpfloat_with_epsilon (f[0], 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (f[1], -G_SQRT2 / 2, EPS);
  g_assert_cmpfloat_with_epsilon (f[2], -G_SQRT2 / 2, EPS);
  g_assert_cmpfloat_with_epsilon (r[0], 1.0, EPS);
  g_assert_cmpfloat_with_epsilon (u[1], G_SQRT2 / 2, EPS);
  g_assert_cmpfloat_with_epsilon (u[2], -G_SQRT2 / 2, EPS);

  /* Yaw 90° looks east: the eye moves west of the target. */
  c.yaw_deg = 90.0;
  ms_terrain_camera_get_eye (&c, eye);
  g_assert_cmpfloat_with_epsilon (eye[0], 90.0, EPS);
  g_assert_cmpfloat_with_epsilon (eye[2], 100.0, EPS);
}

static void
test_project (void)
{
  MsTerrainCamera c;
  double sx, sy;
  const double target[3] = { 100.0, 0.0, 100.0 };
  /* Straight below the eye: 45° below the forward axis, the bottom edge. */
  const double below[3] = { 100.0, 0.0, 110.0 };
  /* North-east of the target on the ground: right of and above the centre. */
  const double ne[3] = { 105.0, 0.0, 95.0 };
  const double behind[3] = { 100.0, 10.0, 130.0 };

  camera_45 (&c);
  g_assert_true (ms_terrain_camera_project (&c, target, 640, 480, &sx, &sy));
  g_assert_cmpfloat_with_epsilon (sx, 320.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (sy, 240.0, 1e-6);
  g_assert_true (ms_terrain_camera_project (&c, below, 640, 480, &sx, &sy));
  g_assert_cmpfloat_with_epsilon (sx, 320.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (sy, 480.0, 1e-6);
  g_assert_true (ms_terrain_camera_project (&c, ne, 640, 480, &sx, &sy));
  g_assert_cmpfloat (sx, >, 320.0);
  g_assert_cmpfloat (sy, <, 240.0);
  g_assert_false (ms_terrain_camera_project (&c, behind, 640, 480, &sx, &sy));
}

static gboolean
flat (double x, double y, double *h, gpointer data)
{
  double *level = data;

  if (x < 0 || y < 0 || x > 512 || y > 512)
    return FALSE;
  *h = *level;
  return TRUE;
}

static void
test_pick (void)
{
  MsTerrainCamera c;
  double level = 0.0, w[3];

  camera_45 (&c);
  /* The screen's centre hits the orbit target on a flat map. */
  g_assert_true (ms_terrain_camera_pick (&c, 320, 240, 640, 480, 0, 0, 0.5, flat, &level, w));
  g_assert_cmpfloat_with_epsilon (w[0], 100.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (w[2], 100.0, 1e-6);
  /* The bottom edge's centre looks straight down: the point below the eye. */
  g_assert_true (ms_terrain_camera_pick (&c, 320, 480, 640, 480, 0, 0, 0.5, flat, &level, w));
  g_assert_cmpfloat_with_epsilon (w[0], 100.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (w[2], 110.0, 1e-6);
  /* The top edge's centre is 45° above the forward axis: the horizon. */
  g_assert_false (ms_terrain_camera_pick (&c, 320, 0, 640, 480, 0, 0, 0.5, flat, &level, w));

  /* Any orbit: target on a plane at y = 7, yaw 30°, pitch 60°. */
  level = 7.0;
  c.target[0] = 300; c.target[1] = 7; c.target[2] = 200;
  c.yaw_deg = 30; c.pitch_deg = 60; c.distance = 80; c.aspect = 4.0 / 3.0;
  ms_terrain_camera_normalize (&c, 512.0);
  g_assert_true (ms_terrain_camera_pick (&c, 320, 240, 640, 480, 0, 20, 0.5, flat, &level, w));
  g_assert_cmpfloat_with_epsilon (w[0], 300.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (w[1], 7.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (w[2], 200.0, 1e-6);
}

static void
test_frustum (void)
{
  MsTerrainCamera c;
  MsTerrainFrustum f;
  const double at_target[2][3] = { { 95, -1, 95 }, { 105, 1, 105 } };
  /* South of the eye (z 120..130): behind it. */
  const double behind[2][3] = { { 95, -1, 120 }, { 105, 1, 130 } };
  /* 400 east of the target, 5 north: 45° of field cannot reach it. */
  const double east[2][3] = { { 500, -1, 90 }, { 510, 1, 100 } };
  /* Far beyond the far plane (distance + 3 · 512). */
  const double far[2][3] = { { 95, -1, -5000 }, { 105, 1, -4990 } };
  /* Spanning the whole map: partly inside, so kept. */
  const double all[2][3] = { { 0, -1, 0 }, { 512, 1, 512 } };

  camera_45 (&c);
  ms_terrain_frustum_init (&f, &c);
  g_assert_true (ms_terrain_frustum_box_visible (&f, at_target[0], at_target[1]));
  g_assert_false (ms_terrain_frustum_box_visible (&f, behind[0], behind[1]));
  g_assert_false (ms_terrain_frustum_box_visible (&f, east[0], east[1]));
  g_assert_false (ms_terrain_frustum_box_visible (&f, far[0], far[1]));
  g_assert_true (ms_terrain_frustum_box_visible (&f, all[0], all[1]));
}

static void
flat_bounds (guint x0, guint y0, guint size, double *min_y, double *max_y, gpointer data)
{
  *min_y = 0.0;
  *max_y = 1.0;
}

static void
test_lod_ranges (void)
{
  MsTerrainLodParams p = { 512, 512, 100.0, 0.5, flat_bounds, NULL };
  double r[MS_TERRAIN_MAX_LODS];
  GArray *nodes;
  const double eye[3] = { 0, 5, 0 };

  ms_terrain_lod_ranges (&p, r);
  g_assert_cmpfloat (r[0], ==, 100.0);
  g_assert_cmpfloat (r[1], ==, 200.0);
  g_assert_cmpfloat (r[2], ==, 400.0);
  g_assert_cmpfloat (r[5], ==, 3200.0);

  /* One root of 32 · 2^(n−1) pixels covers the map. */
  g_assert_cmpuint (ms_terrain_lod_count (32, 32), ==, 1);
  g_assert_cmpuint (ms_terrain_lod_count (512, 512), ==, 5);
  g_assert_cmpuint (ms_terrain_lod_count (513, 100), ==, 6);
  g_assert_cmpuint (ms_terrain_lod_count (8192, 8192), ==, 9);

  /* Morphing of LOD 1: from 100 + (200 − 100) · 0.5 = 150 to 200. */
  nodes = ms_terrain_lod_select (&p, eye, NULL);
  for (guint i = 0; i < nodes->len; i++)
    {
      MsTerrainNode *n = &g_array_index (nodes, MsTerrainNode, i);
      if (n->lod != 1)
        continue;
      g_assert_cmpfloat (n->morph_start, ==, 150.0);
      g_assert_cmpfloat (n->morph_end, ==, 200.0);
      g_assert_cmpfloat (ms_terrain_node_morph (n, 175.0), ==, 0.5);
      g_assert_cmpfloat (ms_terrain_node_morph (n, 120.0), ==, 0.0);
      g_assert_cmpfloat (ms_terrain_node_morph (n, 250.0), ==, 1.0);
    }
  g_array_unref (nodes);
}

/* Paints each node's area into a count per map pixel. */
static guint8 *
coverage (const MsTerrainLodParams *p, GArray *nodes)
{
  guint8 *count = g_new0 (guint8, (gsize) p->map_width * p->map_height);

  for (guint i = 0; i < nodes->len; i++)
    {
      MsTerrainNode *n = &g_array_index (nodes, MsTerrainNode, i);

      /* A quarter is half a node of its LOD; a whole node the full one. */
      g_assert_cmpuint (n->size, ==, n->quarter ? MS_TERRAIN_MESH << n->lod >> 1
                                                : MS_TERRAIN_MESH << n->lod);
      for (guint y = n->y; y < MIN (n->y + n->size, p->map_height); y++)
        for (guint x = n->x; x < MIN (n->x + n->size, p->map_width); x++)
          count[(gsize) y * p->map_width + x]++;
    }
  return count;
}

static void
test_lod_cover (void)
{
  /* Not square and not a power of two: the root hangs over two edges. */
  MsTerrainLodParams p = { 480, 352, 40.0, 0.6, flat_bounds, NULL };
  const double eyes[][3] = { { 0, 5, 0 }, { 240, 30, 176 }, { 479, 2, 351 }, { -300, 100, 900 } };

  for (guint e = 0; e < G_N_ELEMENTS (eyes); e++)
    {
      GArray *nodes = ms_terrain_lod_select (&p, eyes[e], NULL);
      g_autofree guint8 *count = coverage (&p, nodes);
      double r[MS_TERRAIN_MAX_LODS];

      for (gsize i = 0; i < (gsize) p.map_width * p.map_height; i++)
        if (count[i] != 1)
          g_error ("eye %u: map pixel (%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT ") covered %u times",
                   e, i % p.map_width, i / p.map_width, count[i]);

      ms_terrain_lod_ranges (&p, r);
      for (guint i = 0; i < nodes->len; i++)
        {
          MsTerrainNode *n = &g_array_index (nodes, MsTerrainNode, i);
          /* Nothing drawn starts beyond the map. */
          g_assert_cmpuint (n->x, <, p.map_width);
          g_assert_cmpuint (n->y, <, p.map_height);
          /* A node within the finer range would have been split (the eye
           * at a corner on the ground: the nearest node is finest). */
          if (e == 0 && n->x == 0 && n->y == 0)
            g_assert_cmpuint (n->lod, ==, 0);
        }
      g_array_unref (nodes);
    }

  /* Far away, one root node covers all: 32 · 2^4 = 512 ≥ 480. */
  {
    const double far[3] = { 240, 1e6, 176 };
    GArray *nodes = ms_terrain_lod_select (&p, far, NULL);
    g_assert_cmpuint (nodes->len, ==, 1);
    g_assert_cmpuint (g_array_index (nodes, MsTerrainNode, 0).lod, ==, 4);
    g_array_unref (nodes);
  }
}

static void
test_lod_cull (void)
{
  MsTerrainLodParams p = { 512, 512, 20.0, 0.5, flat_bounds, NULL };
  MsTerrainCamera c;
  MsTerrainFrustum f;
  double eye[3];
  GArray *nodes;
  g_autofree guint8 *count = NULL;
  gsize covered = 0;

  camera_45 (&c);
  ms_terrain_frustum_init (&f, &c);
  ms_terrain_camera_get_eye (&c, eye);
  nodes = ms_terrain_lod_select (&p, eye, &f);
  count = coverage (&p, nodes);
  for (gsize i = 0; i < 512 * 512; i++)
    {
      g_assert_cmpuint (count[i], <=, 1);
      covered += count[i];
    }
  /* The target's pixel is drawn; the map's south-east corner, behind and
   * east of the eye, is not (south of z = 110 + 10 = 120 is behind it). */
  g_assert_cmpuint (count[100 * 512 + 100], ==, 1);
  g_assert_cmpuint (count[511 * 512 + 511], ==, 0);
  g_assert_cmpuint (count[200 * 512 + 100], ==, 0);
  g_assert_cmpuint (covered, <, 512 * 512);
  g_array_unref (nodes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/terrain/camera/eye", test_eye);
  g_test_add_func ("/terrain/camera/project", test_project);
  g_test_add_func ("/terrain/camera/pick", test_pick);
  g_test_add_func ("/terrain/camera/frustum", test_frustum);
  g_test_add_func ("/terrain/lod/ranges", test_lod_ranges);
  g_test_add_func ("/terrain/lod/cover", test_lod_cover);
  g_test_add_func ("/terrain/lod/cull", test_lod_cull);
  return g_test_run ();
}
