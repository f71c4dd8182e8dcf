/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The terrain analysis on hand-made 256² blueprints (the format's smallest)
 * whose answers the test works out itself: a cone's slope from a Horn
 * formula written out here and from the cone's own gradient, a bowl's
 * volume, a tilted plane's accumulation, two basins either side of a
 * ridge; and on random terrain the fill against a Planchon–Darboux
 * relaxation, the directions against the filled surface, accumulation and
 * basins against following every pixel's path.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-terrain-analysis.h"
#include "ms-test-util.h"

#define N       256
#define CELLS   ((gsize) N * N)
#define LAND    4      /* Grassland in the default profile */
#define OCEAN   0
#define LAKE    1
#define MPP     (8192.0 / N)   /* the default metres per pixel */

typedef struct
{
  float   h[CELLS];      /* X-outer: (x, y) at x * N + y */
  guint8  biome[CELLS];
  guint16 water[CELLS];
  gboolean wbid;         /* write WBID */
} Terrain;

static Terrain *
terrain_new (gboolean wbid)
{
  Terrain *t = g_new0 (Terrain, 1);

  memset (t->biome, LAND, sizeof t->biome);
  t->wbid = wbid;
  return t;
}

static gsize
at (guint x,
    guint y)
{
  return (gsize) x * N + y;
}

static void
set_water (Terrain *t,
           guint    x,
           guint    y,
           guint16  id)
{
  t->water[at (x, y)] = id;
  t->biome[at (x, y)] = id == 1 ? OCEAN : LAKE;
}

static MsBlueprint *
terrain_open (const Terrain *t)
{
  g_autoptr(GBytes) bytes = ms_test_v2_grids (N, t->h, t->biome, t->wbid ? t->water : NULL);
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp = ms_blueprint_new_for_bytes (bytes, "terrain.dat", profile, &error);

  g_assert_no_error (error);
  return bp;
}

static MsTerrainAnalysis *
analyse (const Terrain *t,
         guint          max_size)
{
  g_autoptr(MsBlueprint) bp = terrain_open (t);
  g_autoptr(GError) error = NULL;
  MsTerrainAnalysis *a = ms_terrain_analysis_new (bp, 0, max_size, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

static gboolean
on_edge (guint x,
         guint y)
{
  return x == 0 || y == 0 || x == N - 1 || y == N - 1;
}

/* What every analysis must hold whatever the map. */
static void
assert_consistent (const MsTerrainAnalysis *a)
{
  g_assert_cmpuint (a->drains_to_ocean + a->drains_to_lakes + a->drains_to_nowhere, ==, a->land_pixels);
  for (guint b = 1; b < a->n_basins; b++)
    g_assert_cmpuint (a->basins[b - 1].area_pixels, >=, a->basins[b].area_pixels);
  for (guint b = 0; b < a->n_basins; b++)
    g_assert_cmpfloat_with_epsilon (a->basins[b].area_km2,
                                    a->basins[b].area_pixels * a->metres_per_pixel * a->metres_per_pixel / 1e6,
                                    1e-9);
}

/* ------------------------------------------------------------ slope -- */

/* gdaldem's Horn, written out with its own names: a b c / d e f / g h i,
 * rows along y (top first), columns along x; a neighbour off the map
 * takes the centre's height (-compute_edges). */
static double
horn_reference (const float *heights,
                guint        x,
                guint        y,
                double       metres_per_pixel)
{
  double win[9];
  double dzdx, dzdy;

  for (int row = 0; row < 3; row++)
    for (int col = 0; col < 3; col++)
      {
        int nx = (int) x + col - 1, ny = (int) y + row - 1;
        gboolean inside = nx >= 0 && ny >= 0 && nx < N && ny < N;

        win[row * 3 + col] = (inside ? heights[at (nx, ny)] : heights[at (x, y)]) * 251.0;
      }
  dzdx = ((win[2] + 2 * win[5] + win[8]) - (win[0] + 2 * win[3] + win[6])) / (8 * metres_per_pixel);
  dzdy = ((win[6] + 2 * win[7] + win[8]) - (win[0] + 2 * win[1] + win[2])) / (8 * metres_per_pixel);
  return atan (sqrt (dzdx * dzdx + dzdy * dzdy)) * 180.0 / G_PI;
}

#define CONE_FALL 0.004   /* raw a pixel */

static double
cone_radius (guint x,
             guint y)
{
  return hypot (x - 127.5, y - 127.5);
}

static Terrain *
make_cone (void)
{
  Terrain *t = terrain_new (TRUE);

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      t->h[at (x, y)] = (float) (2.0 - CONE_FALL * cone_radius (x, y));
  return t;
}

static void
test_cone_slope (void)
{
  g_autofree Terrain *t = make_cone ();
  g_autoptr(MsBlueprint) bp = terrain_open (t);
  g_autofree float *slope = g_new (float, CELLS);
  g_autofree float *tile = g_new (float, 10 * 12);
  g_autofree float *corner = g_new (float, 3 * 4);
  double expected = atan (CONE_FALL * 251.0 / MPP) * 180.0 / G_PI;
  guint checked = 0;

  ms_terrain_slope_read (bp, 0, 0, N, N, 0, slope);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        double r = cone_radius (x, y);

        g_assert_cmpfloat_with_epsilon (slope[at (x, y)], horn_reference (t->h, x, y, MPP), 1e-4);
        /* Away from the apex and the edges the cone's own gradient,
         * within Horn's smoothing of its curvature. */
        if (r >= 10 && !on_edge (x, y))
          {
            g_assert_cmpfloat (fabs (tan (slope[at (x, y)] * G_PI / 180) / tan (expected * G_PI / 180) - 1), <, 0.01);
            checked++;
          }
      }
  g_assert_cmpuint (checked, >, 40000);

  /* A tile reads its margin from the map: the same slopes. */
  ms_terrain_slope_read (bp, 100, 37, 10, 12, 0, tile);
  for (guint x = 0; x < 10; x++)
    for (guint y = 0; y < 12; y++)
      g_assert_cmpfloat (tile[x * 12 + y], ==, slope[at (100 + x, 37 + y)]);
  ms_terrain_slope_read (bp, N - 3, N - 4, 3, 4, 0, corner);
  for (guint x = 0; x < 3; x++)
    for (guint y = 0; y < 4; y++)
      g_assert_cmpfloat (corner[x * 4 + y], ==, slope[at (N - 3 + x, N - 4 + y)]);

  /* Another pixel size: metres per pixel divides the gradient. */
  ms_terrain_slope_read (bp, 60, 60, 1, 1, 2.0, tile);
  g_assert_cmpfloat_with_epsilon (tile[0], horn_reference (t->h, 60, 60, 2.0), 1e-4);
}

static void
test_slope_window (void)
{
  /* A 3 × 3 window, its middle pixel: a plane rising 1 raw a pixel in
   * y is atan (251 / 251) = 45° at 251 m a pixel; non-finite neighbours
   * take the centre's height.  X-outer: (x, y) at x * 3 + y. */
  const float plane[9] = { 0, 1, 2, 0, 1, 2, 0, 1, 2 };
  const float holes[9] = { 0, NAN, 2, 0, 1, INFINITY, 0, 1, 2 };
  float out[9];

  ms_terrain_slope (plane, 3, 3, 1, 1, 1, 1, 251.0, out);
  g_assert_cmpfloat_with_epsilon (out[0], 45.0, 1e-4);
  /* gx = 0; gy = ((2 + 2·1 + 2) − (0 + 2·0 + 0)) / 8 = 0.75. */
  ms_terrain_slope (holes, 3, 3, 1, 1, 1, 1, 251.0, out);
  g_assert_cmpfloat_with_epsilon (out[0], atan (0.75) * 180 / G_PI, 1e-4);
  ms_terrain_slope (holes, 3, 3, 0, 0, 3, 3, 251.0, out);
  g_assert_true (isnan (out[0 * 3 + 1]));   /* (0, 1), the NaN itself */
  g_assert_true (isnan (out[1 * 3 + 2]));   /* (1, 2), the infinity */
  g_assert_false (isnan (out[0 * 3 + 0]));
}

/* The cone drains off the map's edge everywhere, with nothing to fill. */
static void
test_cone_drainage (void)
{
  g_autofree Terrain *t = make_cone ();
  g_autoptr(MsTerrainAnalysis) a = analyse (t, 0);

  assert_consistent (a);
  g_assert_cmpuint (a->depressions, ==, 0);
  g_assert_cmpfloat (a->depression_volume_m3, ==, 0);
  g_assert_cmpuint (a->land_pixels, ==, CELLS);
  g_assert_cmpuint (a->drains_to_ocean, ==, CELLS);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      g_assert_cmpuint (a->flow[at (x, y)], ==, on_edge (x, y) ? MS_FLOW_OFF_MAP : a->flow[at (x, y)] & 7);
}

/* ------------------------------------------------------------- bowl -- */

#define BOWL_RADIUS 20.0
#define BOWL_DEPTH  2.0

static void
test_bowl (void)
{
  g_autofree Terrain *t = terrain_new (TRUE);
  g_autoptr(MsTerrainAnalysis) a = NULL;
  double volume = 0, analytic;
  guint64 raised = 0;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        double r = hypot (x - 128.0, y - 128.0);

        t->h[at (x, y)] = r < BOWL_RADIUS ? (float) (10.0 - BOWL_DEPTH * (1 - r * r / (BOWL_RADIUS * BOWL_RADIUS)))
                                           : 10.0f;
      }
  a = analyse (t, 0);
  assert_consistent (a);

  for (gsize i = 0; i < CELLS; i++)
    {
      /* Filled to the level plain around it: 10. */
      float depth = (10.0f - t->h[i]) * 251.0f;

      g_assert_cmpfloat (a->fill_depth[i], ==, depth);
      volume += depth;
      raised += depth > 0;
    }
  g_assert_cmpuint (raised, >, 1000);
  g_assert_cmpuint (a->depressions, ==, 1);
  volume *= MPP * MPP;
  g_assert_cmpfloat_with_epsilon (a->depression_volume_m3 / volume, 1.0, 1e-6);
  /* A paraboloid: half its cylinder. */
  analytic = G_PI * BOWL_RADIUS * BOWL_RADIUS * BOWL_DEPTH / 2 * 251.0 * MPP * MPP;
  g_assert_cmpfloat_with_epsilon (a->depression_volume_m3 / analytic, 1.0, 0.02);
  /* The filled bowl and the plain drain off the edge. */
  g_assert_cmpuint (a->drains_to_ocean, ==, CELLS);
  g_assert_cmpuint (a->drains_to_nowhere, ==, 0);
}

/* --------------------------------------------------- tilted plane -- */

/* A plane falling to x = 0. */
static Terrain *
make_plane (gboolean wbid)
{
  Terrain *t = terrain_new (wbid);

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      t->h[at (x, y)] = 0.5f + 0.001f * x;
  return t;
}

static void
test_tilted_plane (void)
{
  g_autofree Terrain *t = make_plane (TRUE);
  g_autoptr(MsTerrainAnalysis) a = analyse (t, 0);

  assert_consistent (a);

  g_assert_cmpuint (a->size, ==, N);
  g_assert_cmpuint (a->factor, ==, 1);
  g_assert_cmpuint (a->level, ==, 0);
  g_assert_cmpfloat (a->metres_per_pixel, ==, MPP);
  g_assert_cmpuint (a->depressions, ==, 0);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        gsize i = at (x, y);

        if (on_edge (x, y))
          {
            g_assert_cmpuint (a->flow[i], ==, MS_FLOW_OFF_MAP);
            /* The low edge takes its row but the high edge's pixel, which
             * drains off its own side; the other edge pixels only
             * themselves. */
            g_assert_cmpuint (a->accumulation[i], ==, x == 0 && y > 0 && y < N - 1 ? N - 1 : 1);
          }
        else
          {
            g_assert_cmpint (ms_flow_dx[a->flow[i]], ==, -1);
            g_assert_cmpint (ms_flow_dy[a->flow[i]], ==, 0);
            g_assert_cmpuint (a->accumulation[i], ==, N - 1 - x);
          }
      }
  /* Twenty basins of a row each, at the low edge, the first first. */
  g_assert_cmpuint (a->n_basins, ==, MS_TERRAIN_N_BASINS);
  for (guint b = 0; b < MS_TERRAIN_N_BASINS; b++)
    {
      g_assert_cmpuint (a->basins[b].area_pixels, ==, N - 1);
      g_assert_cmpfloat_with_epsilon (a->basins[b].area_km2, (N - 1) * MPP * MPP / 1e6, 1e-12);
      g_assert_cmpuint (a->basins[b].kind, ==, MS_BASIN_EDGE);
      g_assert_cmpuint (a->basins[b].x, ==, 0);
      g_assert_cmpuint (a->basins[b].y, ==, b + 1);
    }
}

/* The same plane without WBID, its three low columns the Ocean biome:
 * each row enters the ocean at x = 2. */
static void
test_ocean_biome (void)
{
  g_autofree Terrain *t = make_plane (FALSE);
  g_autoptr(MsTerrainAnalysis) a = NULL;

  for (guint x = 0; x < 3; x++)
    for (guint y = 0; y < N; y++)
      t->biome[at (x, y)] = OCEAN;
  a = analyse (t, 0);
  assert_consistent (a);
  g_assert_cmpuint (a->land_pixels, ==, CELLS - 3 * N);
  g_assert_cmpuint (a->drains_to_ocean, ==, a->land_pixels);
  for (guint y = 0; y < N; y++)
    {
      g_assert_cmpuint (a->flow[at (2, y)], ==, MS_FLOW_OCEAN);
      /* x = 3 … N − 2 of the inner rows; the high edge drains itself. */
      g_assert_cmpuint (a->accumulation[at (2, y)], ==, y > 0 && y < N - 1 ? N - 4 : 0);
    }
  g_assert_cmpuint (a->basins[0].kind, ==, MS_BASIN_OCEAN);
  g_assert_cmpuint (a->basins[0].x, ==, 2);
  g_assert_cmpuint (a->basins[0].y, ==, 1);
  g_assert_cmpuint (a->basins[0].area_pixels, ==, N - 4);
}

/* -------------------------------------------------------- two basins -- */

/* Two round lakes (WBID 2 and 3) whose slopes meet in a ridge midway,
 * at x = 127.5: each takes the inner land on its side. */
static void
test_two_basins (void)
{
  g_autofree Terrain *t = terrain_new (TRUE);
  g_autoptr(MsTerrainAnalysis) a = NULL;
  const double ax = 64, bx = 191, cy = 128;
  guint64 left = 0, right = 0, edge = 0;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        double da = hypot (x - ax, y - cy), db = hypot (x - bx, y - cy);

        /* The edge higher still: nothing inside drains off it. */
        t->h[at (x, y)] = (float) (1.0 + 0.01 * MIN (da, db) + (on_edge (x, y) ? 0.05 : 0));
        if (da <= 5)
          set_water (t, x, y, 2);
        else if (db <= 5)
          set_water (t, x, y, 3);
        else if (on_edge (x, y))
          edge++;
        else if (x <= 127)
          left++;
        else
          right++;
      }
  a = analyse (t, 0);
  assert_consistent (a);

  g_assert_cmpuint (a->depressions, ==, 0);
  g_assert_cmpuint (a->land_pixels, ==, left + right + edge);
  g_assert_cmpuint (a->drains_to_lakes, ==, left + right);
  g_assert_cmpuint (a->drains_to_ocean, ==, edge);
  g_assert_cmpuint (a->drains_to_nowhere, ==, 0);
  g_assert_cmpuint (left, ==, right);

  g_assert_cmpuint (a->n_basins, ==, MS_TERRAIN_N_BASINS);
  for (guint b = 0; b < 2; b++)
    {
      const MsBasin *basin = &a->basins[b];
      /* Equal areas: the lower outlet index, the left lake, first. */
      guint16 id = b == 0 ? 2 : 3;

      g_assert_cmpuint (basin->kind, ==, MS_BASIN_LAKE);
      g_assert_cmpuint (basin->water_id, ==, id);
      g_assert_cmpuint (basin->area_pixels, ==, left);
      g_assert_cmpuint (t->water[at (basin->x, basin->y)], ==, id);
    }
  for (guint b = 2; b < a->n_basins; b++)
    {
      g_assert_cmpuint (a->basins[b].kind, ==, MS_BASIN_EDGE);
      g_assert_cmpuint (a->basins[b].area_pixels, ==, 1);
    }
}

/* ----------------------------------------------------------- random -- */

static Terrain *
make_random (guint32 seed)
{
  Terrain *t = terrain_new (TRUE);
  GRand *rand = g_rand_new_with_seed (seed);

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        /* Noise on a gentle rise, so that the fill has basins of every
         * size to make: the sea to the west, two lakes. */
        t->h[at (x, y)] = (float) (0.002 * x + 0.3 * g_rand_double (rand));
        if (x < 8)
          set_water (t, x, y, 1);
        else if (hypot (x - 120.0, y - 130.0) < 7)
          set_water (t, x, y, 2);
        else if (hypot (x - 200.0, y - 60.0) < 4)
          set_water (t, x, y, 3);
      }
  g_rand_free (rand);
  return t;
}

static gboolean
is_outlet (const Terrain *t,
           guint          x,
           guint          y)
{
  return t->water[at (x, y)] != 0 || on_edge (x, y);
}

/* Planchon and Darboux's fill, the slow way: from +inf everywhere but the
 * outlets, each pixel lowered to the higher of its height and its lowest
 * neighbour's level, sweeping back and forth until nothing moves. */
static float *
reference_fill (const Terrain *t)
{
  float *w = g_new (float, CELLS);
  gboolean moved = TRUE;
  guint sweeps = 0;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      w[at (x, y)] = is_outlet (t, x, y) ? t->h[at (x, y)] : INFINITY;
  while (moved)
    {
      moved = FALSE;
      for (guint k = 0; k < CELLS; k++)
        {
          gsize i = sweeps % 2 == 0 ? k : CELLS - 1 - k;
          guint x = i / N, y = i % N;
          float lowest = INFINITY, level;

          if (is_outlet (t, x, y))
            continue;
          for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++)
              if (dx != 0 || dy != 0)
                lowest = MIN (lowest, w[at (x + dx, y + dy)]);
          level = MAX (t->h[i], lowest);
          if (level < w[i])
            {
              w[i] = level;
              moved = TRUE;
            }
        }
      sweeps++;
    }
  return w;
}

/* 8-connected regions of raised pixels, by a breadth-first labelling. */
static guint
count_raised_regions (const Terrain *t,
                      const float   *w)
{
  g_autofree gboolean *seen = g_new0 (gboolean, CELLS);
  g_autoptr(GQueue) queue = g_queue_new ();
  guint regions = 0;

  for (gsize s = 0; s < CELLS; s++)
    {
      if (!(w[s] > t->h[s]) || seen[s])
        continue;
      regions++;
      seen[s] = TRUE;
      g_queue_push_tail (queue, GSIZE_TO_POINTER (s));
      while (!g_queue_is_empty (queue))
        {
          gsize i = GPOINTER_TO_SIZE (g_queue_pop_head (queue));

          for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++)
              {
                gint64 nx = (gint64) (i / N) + dx, ny = (gint64) (i % N) + dy;
                gsize j = (gsize) nx * N + (gsize) ny;

                if (nx < 0 || ny < 0 || nx >= N || ny >= N || seen[j] || !(w[j] > t->h[j]))
                  continue;
                seen[j] = TRUE;
                g_queue_push_tail (queue, GSIZE_TO_POINTER (j));
              }
        }
    }
  return regions;
}

static void
test_random_fill (gconstpointer data)
{
  g_autofree Terrain *t = make_random (GPOINTER_TO_UINT (data));
  g_autofree float *w = reference_fill (t);
  g_autoptr(MsTerrainAnalysis) a = analyse (t, 0);
  double volume = 0;

  assert_consistent (a);
  for (gsize i = 0; i < CELLS; i++)
    {
      float depth = w[i] > t->h[i] ? (w[i] - t->h[i]) * 251.0f : 0.0f;

      g_assert_cmpfloat (a->fill_depth[i], ==, depth);
      volume += depth;
    }
  g_assert_cmpuint (a->depressions, ==, count_raised_regions (t, w));
  g_assert_cmpuint (a->depressions, >, 100);
  g_assert_cmpfloat_with_epsilon (a->depression_volume_m3 / (volume * MPP * MPP), 1.0, 1e-6);
}

/* Each direction against the filled surface: the steepest strictly lower
 * neighbour's drop (diagonals over √2), or where none is lower, toward one
 * as high; every path ends at an outlet, and counting the pixels each
 * path passes gives the accumulation, the basins and the shares. */
static void
test_random_flow (gconstpointer data)
{
  g_autofree Terrain *t = make_random (GPOINTER_TO_UINT (data));
  g_autofree float *w = reference_fill (t);
  g_autoptr(MsTerrainAnalysis) a = analyse (t, 0);
  g_autofree guint32 *acc = g_new0 (guint32, CELLS);
  g_autofree guint64 *into = g_new0 (guint64, CELLS);   /* land ending at each outlet pixel */
  guint64 lake_area[4] = { 0, }, ocean = 0, lakes = 0;
  GArray *basins = g_array_new (FALSE, FALSE, sizeof (MsBasin));
  g_autofree gsize *where = NULL;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        gsize i = at (x, y);
        guint d = a->flow[i];
        double best = 0, chosen;

        if (t->water[i] == 1)
          g_assert_cmpuint (d, ==, MS_FLOW_OCEAN);
        else if (t->water[i] != 0)
          g_assert_cmpuint (d, ==, MS_FLOW_LAKE);
        else if (on_edge (x, y))
          g_assert_cmpuint (d, ==, MS_FLOW_OFF_MAP);
        if (is_outlet (t, x, y))
          continue;
        g_assert_cmpuint (d, <, 8);
        for (guint e = 0; e < 8; e++)
          best = MAX (best, (w[i] - w[at (x + ms_flow_dx[e], y + ms_flow_dy[e])]) / ((e & 1) ? G_SQRT2 : 1));
        chosen = (w[i] - w[at (x + ms_flow_dx[d], y + ms_flow_dy[d])]) / ((d & 1) ? G_SQRT2 : 1);
        if (best > 0)
          g_assert_cmpfloat (chosen, >=, best * (1 - 1e-5));
        else
          g_assert_cmpfloat (chosen, ==, 0);
      }

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        guint px = x, py = y;
        guint steps = 0;

        if (t->water[at (x, y)] != 0)
          continue;
        /* Every pixel on the way counts this one, and so does the outlet
         * it enters. */
        for (;;)
          {
            gsize i = at (px, py);
            guint d = a->flow[i];

            acc[i]++;
            if (d >= 8)
              break;
            px += ms_flow_dx[d];
            py += ms_flow_dy[d];
            g_assert_cmpuint (++steps, <, CELLS);
          }
        into[at (px, py)]++;
      }
  for (gsize i = 0; i < CELLS; i++)
    {
      MsBasin basin = { into[i], 0, i / N, i % N, MS_BASIN_EDGE, 0 };

      g_assert_cmpuint (a->accumulation[i], ==, acc[i]);
      if (into[i] == 0)
        continue;
      if (t->water[i] > 1)
        {
          lakes += into[i];
          lake_area[t->water[i]] += into[i];
          continue;
        }
      ocean += into[i];
      basin.kind = t->water[i] == 1 ? MS_BASIN_OCEAN : MS_BASIN_EDGE;
      g_array_append_val (basins, basin);
    }
  g_assert_cmpuint (a->drains_to_ocean, ==, ocean);
  g_assert_cmpuint (a->drains_to_lakes, ==, lakes);
  g_assert_cmpuint (a->drains_to_nowhere, ==, 0);
  g_assert_cmpuint (a->land_pixels, ==, ocean + lakes);

  /* A lake's basin at the lake pixel most of it enters (the first such). */
  for (guint16 id = 2; id <= 3; id++)
    {
      MsBasin basin = { lake_area[id], 0, 0, 0, MS_BASIN_LAKE, id };
      guint64 most = 0;

      for (gsize i = 0; i < CELLS; i++)
        if (t->water[i] == id && into[i] > most)
          {
            most = into[i];
            basin.x = i / N;
            basin.y = i % N;
          }
      g_assert_cmpuint (most, >, 0);
      g_array_append_val (basins, basin);
    }
  /* Largest first, then by outlet index (insertion sort: few). */
  where = g_new (gsize, basins->len);
  for (guint b = 0; b < basins->len; b++)
    where[b] = at (g_array_index (basins, MsBasin, b).x, g_array_index (basins, MsBasin, b).y);
  for (guint b = 1; b < basins->len; b++)
    for (guint c = b; c > 0; c--)
      {
        MsBasin *p = &g_array_index (basins, MsBasin, c - 1), *q = &g_array_index (basins, MsBasin, c);
        gboolean after = p->area_pixels < q->area_pixels ||
                         (p->area_pixels == q->area_pixels && where[c - 1] > where[c]);
        MsBasin swap = *p;
        gsize swap_where = where[c - 1];

        if (!after)
          break;
        *p = *q;
        *q = swap;
        where[c - 1] = where[c];
        where[c] = swap_where;
      }
  g_assert_cmpuint (a->n_basins, ==, MIN (basins->len, MS_TERRAIN_N_BASINS));
  for (guint b = 0; b < a->n_basins; b++)
    {
      const MsBasin *e = &g_array_index (basins, MsBasin, b);

      g_assert_cmpuint (a->basins[b].area_pixels, ==, e->area_pixels);
      g_assert_cmpuint (a->basins[b].kind, ==, e->kind);
      g_assert_cmpuint (a->basins[b].water_id, ==, e->water_id);
      g_assert_cmpuint (a->basins[b].x, ==, e->x);
      g_assert_cmpuint (a->basins[b].y, ==, e->y);
    }
  g_array_unref (basins);
}

/* ---------------------------------------------------- odd cases -- */

/* A ring of NaN round a 3 × 3 patch: the ring and the patch drain
 * nowhere; the rest of a flat map drains off the edge. */
static void
test_nowhere (void)
{
  g_autofree Terrain *t = terrain_new (TRUE);
  g_autoptr(MsTerrainAnalysis) a = NULL;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        gboolean ring = x >= 5 && x <= 9 && y >= 5 && y <= 9 && (x == 5 || x == 9 || y == 5 || y == 9);

        t->h[at (x, y)] = ring ? NAN : 1.0f;
      }
  a = analyse (t, 0);
  assert_consistent (a);
  g_assert_cmpuint (a->land_pixels, ==, CELLS);
  g_assert_cmpuint (a->drains_to_nowhere, ==, 25);
  g_assert_cmpuint (a->drains_to_ocean, ==, CELLS - 25);
  for (guint x = 5; x <= 9; x++)
    for (guint y = 5; y <= 9; y++)
      {
        g_assert_cmpuint (a->flow[at (x, y)], ==, MS_FLOW_NOWHERE);
        g_assert_cmpuint (a->accumulation[at (x, y)], ==, 1);
        g_assert_cmpfloat (a->fill_depth[at (x, y)], ==, 0);
      }
}

/* All sea: nothing to drain, no basin, nothing filled. */
static void
test_no_land (void)
{
  g_autofree Terrain *t = make_plane (TRUE);
  g_autoptr(MsTerrainAnalysis) a = NULL;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      set_water (t, x, y, 1);
  a = analyse (t, 0);
  g_assert_cmpuint (a->land_pixels, ==, 0);
  g_assert_cmpuint (a->drains_to_ocean + a->drains_to_lakes + a->drains_to_nowhere, ==, 0);
  g_assert_cmpuint (a->n_basins, ==, 0);
  g_assert_cmpuint (a->depressions, ==, 0);
  for (gsize i = 0; i < CELLS; i++)
    {
      g_assert_cmpuint (a->flow[i], ==, MS_FLOW_OCEAN);
      g_assert_cmpuint (a->accumulation[i], ==, 0);
    }
}

/* Analysed on a level: 4 × 4 blocks of a plane, the ocean where most of
 * a block is (a tie stays land): each inner row of 14 land blocks enters
 * the ocean in block column 0. */
static void
test_level (void)
{
  g_autofree Terrain *t = make_plane (TRUE);
  g_autoptr(MsTerrainAnalysis) a = NULL;
  guint mx, my;

  for (guint x = 0; x < 6; x++)
    for (guint y = 0; y < N; y++)
      set_water (t, x, y, 1);
  a = analyse (t, 64);
  assert_consistent (a);
  g_assert_cmpuint (a->factor, ==, 4);
  g_assert_cmpuint (a->level, ==, 2);
  g_assert_cmpuint (a->size, ==, 64);
  g_assert_cmpfloat (a->metres_per_pixel, ==, 4 * MPP);
  g_assert_cmpuint (a->land_pixels, ==, 63 * 64);
  for (guint y = 0; y < 64; y++)
    {
      g_assert_cmpuint (a->flow[0 * 64 + y], ==, MS_FLOW_OCEAN);
      g_assert_cmpuint (a->flow[1 * 64 + y], !=, MS_FLOW_OCEAN);
      g_assert_cmpuint (a->accumulation[0 * 64 + y], ==, y > 0 && y < 63 ? 62 : 0);
    }
  g_assert_cmpuint (a->basins[0].area_pixels, ==, 62);
  g_assert_cmpfloat_with_epsilon (a->basins[0].area_km2, 62 * 16 * MPP * MPP / 1e6, 1e-12);
  ms_terrain_analysis_to_map (a, a->basins[0].x, a->basins[0].y, &mx, &my);
  g_assert_cmpuint (mx, ==, 2);
  g_assert_cmpuint (my, ==, 6);
}

static void
record_progress (double   fraction,
                 gpointer user_data)
{
  g_array_append_val ((GArray *) user_data, fraction);
}

/* Cancels once the heights are read, before the fill. */
static void
cancel_after_load (double   fraction,
                   gpointer user_data)
{
  if (fraction > 0)
    g_cancellable_cancel (user_data);
}

static void
test_progress_and_cancel (void)
{
  g_autofree Terrain *t = make_random (7);
  g_autoptr(MsBlueprint) bp = terrain_open (t);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsTerrainAnalysis) a = ms_terrain_analysis_new (bp, 0, 0, record_progress, seen, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (seen->len, >=, 4);
  for (guint i = 1; i < seen->len; i++)
    g_assert_cmpfloat (g_array_index (seen, double, i), >=, g_array_index (seen, double, i - 1));
  g_assert_cmpfloat (g_array_index (seen, double, seen->len - 1), ==, 1.0);

  g_assert_null (ms_terrain_analysis_new (bp, 0, 0, cancel_after_load, cancellable, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  /* Cancelled before it began. */
  g_assert_null (ms_terrain_analysis_new (bp, 0, 0, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/terrain-analysis/slope/cone", test_cone_slope);
  g_test_add_func ("/terrain-analysis/slope/window", test_slope_window);
  g_test_add_func ("/terrain-analysis/cone", test_cone_drainage);
  g_test_add_func ("/terrain-analysis/bowl", test_bowl);
  g_test_add_func ("/terrain-analysis/tilted-plane", test_tilted_plane);
  g_test_add_func ("/terrain-analysis/ocean-biome", test_ocean_biome);
  g_test_add_func ("/terrain-analysis/two-basins", test_two_basins);
  for (guint seed = 1; seed <= 3; seed++)
    {
      g_autofree char *fill = g_strdup_printf ("/terrain-analysis/random/%u/fill", seed);
      g_autofree char *flow = g_strdup_printf ("/terrain-analysis/random/%u/flow", seed);

      g_test_add_data_func (fill, GUINT_TO_POINTER (seed), test_random_fill);
      g_test_add_data_func (flow, GUINT_TO_POINTER (seed), test_random_flow);
    }
  g_test_add_func ("/terrain-analysis/nowhere", test_nowhere);
  g_test_add_func ("/terrain-analysis/no-land", test_no_land);
  g_test_add_func ("/terrain-analysis/level", test_level);
  g_test_add_func ("/terrain-analysis/progress-and-cancel", test_progress_and_cancel);
  return g_test_run ();
}
