/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Profiles along a path (ms-path-profile.h), against numbers worked out
 * here: 256² blueprints written by the test-side encoder — a tilted plane
 * h = x / 1024 + y / 2048 raw (every height exact in f32, and a plane is
 * exactly its own bilinear), a flat map crossed by a lake, roads of two
 * tiers and a town — and a copy of the real zone 71, whose heights and
 * server slope the test reads from the altitude file itself.
 *
 * Blueprint coordinates: x the outer index (file order x * 256 + y); pixel
 * (x, y) centred on (x, y).  One pixel is 8192 / 256 = 32 m.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ms-path-profile.h"
#include "ms-test-util.h"
#include "ms-test-zone.h"

#define N 256
#define MPP (8192.0 / N)
#define A (1.0 / 1024)
#define B (1.0 / 2048)

static float
plane (guint x, guint y)
{
  return (float) (A * x + B * y);
}

static MsBlueprint *
open_bytes (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp = ms_blueprint_new_for_bytes (bytes, "profile.dat", NULL, &error);

  g_assert_no_error (error);
  return bp;
}

static MsBlueprint *
open_plane (void)
{
  g_autoptr(GBytes) bytes = ms_test_v2_heights (N, plane, 4);

  return open_bytes (bytes);
}

static MsPathProfile *
profile_of (MsBlueprint  *bp,
            const double *points,
            guint         n_points,
            double        step,
            double        mpp)
{
  g_autoptr(GError) error = NULL;
  MsPathProfile *profile = ms_path_profile_new_for_blueprint (bp, points, n_points, step, mpp, &error);

  g_assert_no_error (error);
  g_assert_nonnull (profile);
  return profile;
}

/* One segment (10, 20) → (40, 60), 50 px long (a 3-4-5 triangle ×10): at
 * step 1 the samples are k = 0 … 49 px along it and the end, 51 in all, at
 * (10 + 0.6k, 20 + 0.8k); the height rises 0.6 / 1024 + 0.8 / 2048 raw a
 * pixel of path, everywhere. */
static void
test_plane_segment (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double path[] = { 10, 20, 40, 60 };
  g_autoptr(MsPathProfile) p = profile_of (bp, path, 2, 1.0, 0);
  double rise_per_px = 0.6 * A + 0.8 * B;
  double slope_pct = rise_per_px * 251.0 / MPP * 100.0;
  double h0 = A * 10 + B * 20, h1 = A * 40 + B * 60;

  g_assert_cmpuint (p->n_samples, ==, 51);
  g_assert_cmpfloat_with_epsilon (p->metres_per_pixel, 32.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->length_m, 50 * 32.0, 1e-9);
  for (guint k = 0; k < 51; k++)
    {
      const MsPathSample *s = &p->samples[k];
      double x = 10 + 0.6 * k, y = 20 + 0.8 * k;

      g_assert_cmpfloat_with_epsilon (s->distance_m, k * 32.0, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->x, x, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->y, y, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->height, A * x + B * y, 1e-12);
      g_assert_cmpfloat_with_epsilon (s->height_m, (A * x + B * y) * 251.0, 1e-9);
      /* The first sample repeats the first interval's slope. */
      g_assert_cmpfloat_with_epsilon (s->slope_pct, slope_pct, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->slope_deg, atan (slope_pct / 100) * 180 / G_PI, 1e-9);
      g_assert_cmpuint (s->crosses, ==, 0);  /* Grassland, no roads, no towns */
    }
  g_assert_cmpfloat_with_epsilon (p->ascent_m, (h1 - h0) * 251.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->descent_m, 0.0, 1e-12);
}

/* The same segment backwards descends what it climbed; with
 * --metres-per-pixel 1 distances are in pixels. */
static void
test_plane_reverse (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double path[] = { 40, 60, 10, 20 };
  g_autoptr(MsPathProfile) p = profile_of (bp, path, 2, 1.0, 1.0);
  double rise_per_px = 0.6 * A + 0.8 * B;

  g_assert_cmpuint (p->n_samples, ==, 51);
  g_assert_cmpfloat_with_epsilon (p->length_m, 50.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->samples[50].distance_m, 50.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->samples[7].slope_pct, -rise_per_px * 251.0 * 100.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->ascent_m, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->descent_m, 50 * rise_per_px * 251.0, 1e-9);
}

/* Steps that do not divide the segment: the last interval is shorter. */
static void
test_steps (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double path[] = { 10, 20, 40, 60 };
  /* 50 / 2.5 = 20 intervals: 21 samples; 50 / 3: 0, 3, … 48, then 50. */
  g_autoptr(MsPathProfile) even = profile_of (bp, path, 2, 2.5, 1.0);
  g_autoptr(MsPathProfile) odd = profile_of (bp, path, 2, 3.0, 1.0);
  /* A step longer than the path: the two ends. */
  g_autoptr(MsPathProfile) ends = profile_of (bp, path, 2, 80.0, 1.0);

  g_assert_cmpuint (even->n_samples, ==, 21);
  for (guint k = 0; k < 21; k++)
    g_assert_cmpfloat_with_epsilon (even->samples[k].distance_m, 2.5 * k, 1e-9);
  g_assert_cmpuint (odd->n_samples, ==, 18);
  for (guint k = 0; k < 17; k++)
    g_assert_cmpfloat_with_epsilon (odd->samples[k].distance_m, 3.0 * k, 1e-9);
  g_assert_cmpfloat_with_epsilon (odd->samples[17].distance_m, 50.0, 1e-9);
  g_assert_cmpfloat (odd->samples[17].x, ==, 40.0);
  g_assert_cmpfloat (odd->samples[17].y, ==, 60.0);
  g_assert_cmpuint (ends->n_samples, ==, 2);
  g_assert_cmpfloat_with_epsilon (ends->samples[1].distance_m, 50.0, 1e-9);
}

/* A rounding error past a whole step is not a sample of its own, nor a
 * 10⁻⁷ px segment at the end: 0 … 9 and the end, 11 samples each, and no
 * slope over a vanishing run. */
static void
test_near_end (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double over[] = { 10, 20, 10, 30 + 1e-9 };
  const double tail[] = { 10, 20, 10, 30, 10, 30 + 1e-7 };
  g_autoptr(MsPathProfile) a = profile_of (bp, over, 2, 1.0, 1.0);
  g_autoptr(MsPathProfile) b = profile_of (bp, tail, 3, 1.0, 1.0);

  g_assert_cmpuint (a->n_samples, ==, 11);
  g_assert_cmpfloat_with_epsilon (a->samples[9].distance_m, 9, 1e-12);
  g_assert_cmpuint (b->n_samples, ==, 11);
  g_assert_cmpfloat (b->samples[10].y, ==, 30 + 1e-7);
  g_assert_cmpfloat_with_epsilon (b->samples[10].distance_m, 10 + 1e-7, 1e-12);
  /* One pixel along y: B raw over 1 m. */
  g_assert_cmpfloat_with_epsilon (b->samples[9].slope_pct, B * 251 * 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->samples[10].slope_pct, B * 251 * 100, 1e-6);
}

/* Joins: (10, 20) → (13, 24) is 5 px, (13, 24) → (13, 24) adds nothing,
 * (13, 24) → (13, 30) is 6 px.  At step 2 each segment restarts at its
 * start: 0, 2, 4 on the first, the vertex at 5, then 7, 9 and the end at
 * 11 — seven samples, every vertex one of them. */
static void
test_joins (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double path[] = { 10, 20, 13, 24, 13, 24, 13, 30 };
  g_autoptr(MsPathProfile) p = profile_of (bp, path, 4, 2.0, 0);
  const double px[] = { 0, 2, 4, 5, 7, 9, 11 };
  const double xs[] = { 10, 11.2, 12.4, 13, 13, 13, 13 };
  const double ys[] = { 20, 21.6, 23.2, 24, 26, 28, 30 };

  g_assert_cmpuint (p->n_samples, ==, 7);
  for (guint k = 0; k < 7; k++)
    {
      const MsPathSample *s = &p->samples[k];

      g_assert_cmpfloat_with_epsilon (s->distance_m, px[k] * MPP, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->x, xs[k], 1e-9);
      g_assert_cmpfloat_with_epsilon (s->y, ys[k], 1e-9);
      g_assert_cmpfloat_with_epsilon (s->height, A * xs[k] + B * ys[k], 1e-12);
      if (k > 0)
        {
          /* Rise over run between this sample and the last, in metres. */
          double rise = (A * xs[k] + B * ys[k] - A * xs[k - 1] - B * ys[k - 1]) * 251.0;
          double run = (px[k] - px[k - 1]) * MPP;

          g_assert_cmpfloat_with_epsilon (s->slope_pct, rise / run * 100, 1e-9);
        }
    }
  /* Along y only the slope is B × 251 / 32 × 100 %. */
  g_assert_cmpfloat_with_epsilon (p->samples[5].slope_pct, B * 251.0 / MPP * 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->length_m, 11 * MPP, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->ascent_m, (A * 3 + B * 10) * 251.0, 1e-9);
}

/* Within half a pixel of the edge the outside neighbours are the edge's
 * own pixels: at x = -0.5 the height is column 0's, at x = 255.4 column
 * 255's. */
static void
test_edges (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double path[] = { -0.5, 100, 255.4, 100.5, 255.4, -0.5 };
  g_autoptr(MsPathProfile) p = profile_of (bp, path, 3, 1000.0, 0);

  g_assert_cmpuint (p->n_samples, ==, 3);
  g_assert_cmpfloat_with_epsilon (p->samples[0].height, B * 100, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->samples[1].height, A * 255 + B * 100.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (p->samples[2].height, A * 255, 1e-12);
}

static void
assert_path_error (MsBlueprint  *bp,
                   const double *points,
                   guint         n_points,
                   double        step,
                   gint          code,
                   const char   *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsPathProfile) p = ms_path_profile_new_for_blueprint (bp, points, n_points, step, 0, &error);

  g_assert_null (p);
  g_assert_error (error, MS_PATH_PROFILE_ERROR, code);
  g_assert_nonnull (strstr (error->message, words));
}

static void
test_bad_paths (void)
{
  g_autoptr(MsBlueprint) bp = open_plane ();
  const double off_left[] = { 0, 0, -0.6, 0 };
  const double off_right[] = { 0, 0, 10, 255.5 };
  const double nan_point[] = { 0, 0, NAN, 3 };
  const double same[] = { 5, 5, 5, 5 };
  const double ok[] = { 0, 0, 10, 10 };
  const struct { const char *text; const char *words; } bad[] = {
    { "1,2,3", "odd count" },
    { "1,2", "1 point" },
    { "", "0 points" },
    { "1,2,x,4", "number 3, “x”" },
    { "1,2,3,4e", "number 4" },
    { "1,2,inf,4", "number 3" },
  };

  assert_path_error (bp, off_left, 2, 1, MS_PATH_PROFILE_ERROR_BAD_PATH, "point 2 (-0.6, 0) is off");
  assert_path_error (bp, off_right, 2, 1, MS_PATH_PROFILE_ERROR_BAD_PATH, "point 2 (10, 255.5) is off");
  assert_path_error (bp, nan_point, 2, 1, MS_PATH_PROFILE_ERROR_BAD_PATH, "point 2");
  assert_path_error (bp, same, 2, 1, MS_PATH_PROFILE_ERROR_BAD_PATH, "no length");
  assert_path_error (bp, ok, 1, 1, MS_PATH_PROFILE_ERROR_BAD_PATH, "1 point");
  assert_path_error (bp, ok, 2, 0, MS_PATH_PROFILE_ERROR_BAD_STEP, "positive");
  assert_path_error (bp, ok, 2, 1e-7, MS_PATH_PROFILE_ERROR_BAD_STEP, "samples");

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      guint n = 0;
      g_autofree double *points = ms_path_profile_parse_points (bad[i].text, &n, &error);

      g_assert_null (points);
      g_assert_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH);
      g_assert_nonnull (strstr (error->message, bad[i].words));
    }
  {
    g_autoptr(GError) error = NULL;
    guint n = 0;
    g_autofree double *points = ms_path_profile_parse_points (" 1.5, -0.25,3,4 ", &n, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, 2);
    g_assert_cmpfloat (points[0], ==, 1.5);
    g_assert_cmpfloat (points[1], ==, -0.25);
    g_assert_cmpfloat (points[3], ==, 4);
  }
}

/* The crossings map: flat 0.25 raw; a lake (WBID 2, Lake biome 1) on the
 * columns x = 100 … 104; a highway along x = 150.25, a branch along x =
 * 120.5, a trail from (160, 40) to (160, 60); a town at (180, 50).  With
 * @with_water FALSE there is no WBID: the Lake biome says where water is. */
static MsBlueprint *
open_crossings (gboolean with_water)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  const float roads[3][4] = {
    { 150.25f, 0, 150.25f, 255 }, { 120.5f, 0, 120.5f, 255 }, { 160, 40, 160, 60 },
  };
  const char *tags[4] = { "RDHW", "RDBR", "RDRG", "RDTL" };
  /* Highway, branch, none rugged, trail. */
  const int road_of_tag[4] = { 0, 1, -1, 2 };

#define LAKE(x) ((x) >= 100 && (x) <= 104)
#define FLUSH(tag) G_STMT_START { ms_test_put_section (file, tag, p->data, p->len); g_byte_array_set_size (p, 0); } G_STMT_END
  ms_test_put_v2_head (file, 3, N);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_f32 (p, 0.25f);
  FLUSH ("HGTS");
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_u8 (p, LAKE (x) ? 1 : 4);
  FLUSH ("BIOM");
  ms_test_put_u32 (p, 1);
  ms_test_put_f32 (p, 180); ms_test_put_f32 (p, 50); ms_test_put_u8 (p, 0); ms_test_put_u8 (p, 0);
  FLUSH ("TOWN");
  if (with_water)
    {
      for (guint x = 0; x < N; x++)
        for (guint y = 0; y < N; y++)
          ms_test_put_u16 (p, LAKE (x) ? 2 : 0);
      FLUSH ("WBID");
      ms_test_put_u32 (p, 1);
      ms_test_put_u16 (p, 2); ms_test_put_u8 (p, 1); ms_test_put_u8 (p, 0);
      ms_test_put_f32 (p, 0.3f); ms_test_put_u32 (p, 5 * N); ms_test_put_f32 (p, 102); ms_test_put_f32 (p, 127.5f);
      FLUSH ("WBTB");
      for (guint x = 0; x < N; x++)
        for (guint y = 0; y < N; y++)
          ms_test_put_u16 (p, LAKE (x) ? 9831 : 0);
      FLUSH ("WSRF");
    }
  for (guint t = 0; t < 4; t++)
    {
      ms_test_put_u32 (p, road_of_tag[t] < 0 ? 0 : 1);
      if (road_of_tag[t] >= 0)
        {
          ms_test_put_u32 (p, 2);
          for (guint k = 0; k < 4; k++)
            ms_test_put_f32 (p, roads[road_of_tag[t]][k]);
        }
      FLUSH (tags[t]);
    }
#undef FLUSH
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&file));
  return open_bytes (bytes);
}

/* Along y = 50 from x = 90 to 200, a sample at every whole x: water where
 * the nearest column is 100 … 104; a road where its x lies in (x − 1, x]
 * — the highway's 150.25 at 151, the branch's 120.5 at 121, the trail's
 * 160 at 160 only (its end exactly on a sample counts once); the town at
 * 180. */
static void
check_crossings (gboolean with_water)
{
  g_autoptr(MsBlueprint) bp = open_crossings (with_water);
  const double path[] = { 90, 50, 200, 50 };
  g_autoptr(MsPathProfile) p = profile_of (bp, path, 2, 1.0, 0);
  const struct { double x; guint flag; } roads[] = {
    { 150.25, MS_PATH_CROSSES_ROAD_HIGHWAY }, { 120.5, MS_PATH_CROSSES_ROAD_BRANCH },
    { 160, MS_PATH_CROSSES_ROAD_TRAIL },
  };

  g_assert_cmpuint (p->n_samples, ==, 111);
  for (guint k = 0; k < p->n_samples; k++)
    {
      double x = 90 + k;
      guint expected = 0;

      if (LAKE ((guint) x))
        expected |= MS_PATH_CROSSES_WATER;
      for (guint r = 0; r < G_N_ELEMENTS (roads); r++)
        if (k > 0 && roads[r].x > x - 1 && roads[r].x <= x)
          expected |= roads[r].flag;
      if (x == 180)
        expected |= MS_PATH_CROSSES_TOWN;
      g_assert_cmpfloat_with_epsilon (p->samples[k].x, x, 1e-9);
      g_assert_cmpfloat_with_epsilon (p->samples[k].height_m, 0.25 * 251.0, 1e-9);
      g_assert_cmpuint (p->samples[k].crosses, ==, expected);
    }
  /* Flat: no slope, no climb. */
  g_assert_cmpfloat (p->ascent_m, ==, 0);
  g_assert_cmpfloat (p->descent_m, ==, 0);
  g_assert_cmpfloat (p->samples[40].slope_pct, ==, 0);
}

static void
test_crossings (void)
{
  check_crossings (TRUE);
}

static void
test_crossings_biome (void)
{
  check_crossings (FALSE);
}

/* A path that starts on the highway crosses it at its first sample only;
 * one that runs along the trail meets it at every sample of its length;
 * one that ends half a pixel from the town's pixel centre reaches it (the
 * nearest pixel rounds halves up) and one 0.6 px away does not. */
static void
test_crossing_ends (void)
{
  g_autoptr(MsBlueprint) bp = open_crossings (TRUE);
  const double start[] = { 150.25, 80, 155.25, 80 };
  const double along[] = { 160, 45, 160, 55 };
  const double town_half[] = { 176, 50, 179.5, 50 };
  const double town_far[] = { 176, 50, 179.4, 50.1 };
  g_autoptr(MsPathProfile) a = profile_of (bp, start, 2, 1.0, 0);
  g_autoptr(MsPathProfile) b = profile_of (bp, along, 2, 1.0, 0);
  g_autoptr(MsPathProfile) c = profile_of (bp, town_half, 2, 1.0, 0);
  g_autoptr(MsPathProfile) d = profile_of (bp, town_far, 2, 1.0, 0);

  g_assert_cmpuint (a->n_samples, ==, 6);
  g_assert_cmpuint (a->samples[0].crosses, ==, MS_PATH_CROSSES_ROAD_HIGHWAY);
  for (guint k = 1; k < a->n_samples; k++)
    g_assert_cmpuint (a->samples[k].crosses, ==, 0);
  g_assert_cmpuint (b->n_samples, ==, 11);
  for (guint k = 0; k < b->n_samples; k++)
    g_assert_cmpuint (b->samples[k].crosses, ==, MS_PATH_CROSSES_ROAD_TRAIL);
  g_assert_cmpuint (c->samples[c->n_samples - 1].crosses, ==, MS_PATH_CROSSES_TOWN);
  g_assert_cmpuint (d->samples[d->n_samples - 1].crosses, ==, 0);
}

/* ------------------------------------------------------------------ zone -- */

/* The test's own reading of zone 71's altitude (row-major, little-endian
 * u16) as the server's heights, raw >> 5, clamped at the edges. */
typedef struct
{
  guint16 *h;
  guint    side;
} Heights;

static guint
tile_h (const Heights *z, int x, int y)
{
  x = CLAMP (x, 0, (int) z->side - 1);
  y = CLAMP (y, 0, (int) z->side - 1);
  return z->h[y * z->side + x];
}

/* docs/ZONE_LAYERS_NOTES.md, "Slope", word for word. */
static guint
notes_slope (const Heights *z, int x, int y)
{
  guint a = tile_h (z, x, y), b = tile_h (z, x + 1, y), c = tile_h (z, x + 1, y + 1), d = tile_h (z, x, y + 1);
  guint e = (a + b) >> 1, f = (b + c) >> 1, g = (c + d) >> 1, h = (d + e) >> 1, i = (a + b + c + d) >> 2;
  guint v[8] = { a, b, c, d, e, f, g, h };
  guint sum = 0;

  for (guint k = 0; k < 8; k++)
    sum += (guint) abs ((int) i - (int) v[k]);
  return MIN (2 * sum, 255);
}

static double
zone_bilinear (const Heights *z, double x, double y)
{
  int x0 = (int) floor (x), y0 = (int) floor (y);
  double tx = x - x0, ty = y - y0;

  return tile_h (z, x0, y0) * (1 - tx) * (1 - ty) + tile_h (z, x0 + 1, y0) * tx * (1 - ty) +
         tile_h (z, x0, y0 + 1) * (1 - tx) * ty + tile_h (z, x0 + 1, y0 + 1) * tx * ty;
}

/* Row y = 128 of zone 71 runs from the sea (heights under 55 west of
 * x ≈ 104) over the island's ridge; its tile (110, 128) has the server
 * slope 36 (the notes' formula, here), so fails the check.  The path runs
 * (5.5, 128) → (120.25, 128) → (200.7, 140.3) at step 0.75. */
static void
test_zone (void)
{
  g_autofree char *dir = ms_test_make_live_zone_folder ();
  g_autofree char *alt_path = g_build_filename (dir, "altitude.0071.bin", NULL);
  g_autofree guint8 *bytes = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsPathProfile) p = NULL;
  g_autoptr(GError) error = NULL;
  const double path[] = { 5.5, 128, 120.25, 128, 200.7, 140.3 };
  const double step = 0.75;
  Heights z = { NULL, 256 };
  gsize length = 0;
  guint n = 0, water = 0, fails = 0;
  gboolean found_110 = FALSE;
  double ascent = 0, descent = 0, done = 0;

  g_assert_true (g_file_get_contents (alt_path, (char **) &bytes, &length, NULL));
  g_assert_cmpuint (length, ==, 256 * 256 * 2);
  z.h = g_new (guint16, 256 * 256);
  for (guint i = 0; i < 256 * 256; i++)
    z.h[i] = (guint16) ((bytes[2 * i] | bytes[2 * i + 1] << 8) >> 5);
  g_assert_cmpuint (notes_slope (&z, 110, 128), ==, 36);

  zone = ms_test_open_zone (dir, 71, 0, 0);
  p = ms_path_profile_new_for_zone (zone, path, 3, step, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (p->metres_per_pixel, ==, 1.0);

  for (guint seg = 0; seg < 2; seg++)
    {
      double ax = path[2 * seg], ay = path[2 * seg + 1];
      double dx = path[2 * seg + 2] - ax, dy = path[2 * seg + 3] - ay;
      double l = sqrt (dx * dx + dy * dy);

      /* k · step strictly before the segment's end, then the next segment. */
      for (guint k = 0; k * step < l - 1e-9; k++, n++)
        {
          const MsPathSample *s = &p->samples[n];
          double x = ax + dx * k * step / l, y = ay + dy * k * step / l;
          int nx = (int) floor (x + 0.5), ny = (int) floor (y + 0.5);
          guint slope = notes_slope (&z, nx, ny);
          gboolean wet = tile_h (&z, nx, ny) < 55;

          g_assert_cmpuint (n, <, p->n_samples);
          g_assert_cmpfloat_with_epsilon (s->distance_m, done + k * step, 1e-9);
          g_assert_cmpfloat_with_epsilon (s->x, x, 1e-9);
          g_assert_cmpfloat_with_epsilon (s->y, y, 1e-9);
          g_assert_cmpfloat_with_epsilon (s->height, zone_bilinear (&z, x, y), 1e-9);
          g_assert_cmpfloat (s->height_m, ==, s->height);
          g_assert_cmpuint (s->server_slope, ==, slope);
          g_assert_cmpuint (!!(s->crosses & MS_PATH_CROSSES_SLOPE_FAIL), ==, slope >= 16);
          g_assert_cmpuint (!!(s->crosses & MS_PATH_CROSSES_WATER), ==, wet);
          fails += slope >= 16;
          water += wet;
          if (nx == 110 && ny == 128)
            {
              found_110 = TRUE;
              g_assert_cmpuint (s->crosses & MS_PATH_CROSSES_SLOPE_FAIL, !=, 0);
            }
          if (n > 0)
            {
              double rise = s->height - zone_bilinear (&z, p->samples[n - 1].x, p->samples[n - 1].y);

              g_assert_cmpfloat_with_epsilon (s->slope_pct, rise / (s->distance_m - p->samples[n - 1].distance_m) * 100, 1e-9);
              ascent += MAX (rise, 0);
              descent += MAX (-rise, 0);
            }
        }
      done += l;
    }
  /* The last point. */
  g_assert_cmpuint (p->n_samples, ==, n + 1);
  g_assert_cmpfloat (p->samples[n].x, ==, 200.7);
  g_assert_cmpfloat_with_epsilon (p->samples[n].distance_m, done, 1e-9);
  g_assert_cmpfloat_with_epsilon (p->length_m, done, 1e-9);
  {
    double rise = zone_bilinear (&z, 200.7, 140.3) - zone_bilinear (&z, p->samples[n - 1].x, p->samples[n - 1].y);

    ascent += MAX (rise, 0);
    descent += MAX (-rise, 0);
  }
  g_assert_cmpfloat_with_epsilon (p->ascent_m, ascent, 1e-6);
  g_assert_cmpfloat_with_epsilon (p->descent_m, descent, 1e-6);
  /* The path does cross the sea and fail the check, and tile (110, 128). */
  g_assert_true (found_110);
  g_assert_cmpuint (water, >, 10);
  g_assert_cmpuint (fails, >, 10);

  g_free (z.h);
  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

/* A zone without altitude has no profile. */
static void
test_zone_no_altitude (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *control = g_malloc0 (256 * 256 * 2);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsPathProfile) p = NULL;
  g_autoptr(GError) error = NULL;
  const double path[] = { 0, 0, 10, 10 };

  ms_test_put_file (dir, "control.0005.bin", control, 256 * 256 * 2);
  zone = ms_test_open_zone (dir, 5, 256, 256);
  p = ms_path_profile_new_for_zone (zone, path, 2, 1, &error);
  g_assert_null (p);
  g_assert_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_NO_LAYER);
  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/path-profile/plane/segment", test_plane_segment);
  g_test_add_func ("/path-profile/plane/reverse", test_plane_reverse);
  g_test_add_func ("/path-profile/plane/steps", test_steps);
  g_test_add_func ("/path-profile/plane/near-end", test_near_end);
  g_test_add_func ("/path-profile/plane/joins", test_joins);
  g_test_add_func ("/path-profile/plane/edges", test_edges);
  g_test_add_func ("/path-profile/bad-paths", test_bad_paths);
  g_test_add_func ("/path-profile/crossings", test_crossings);
  g_test_add_func ("/path-profile/crossings-biome", test_crossings_biome);
  g_test_add_func ("/path-profile/crossing-ends", test_crossing_ends);
  g_test_add_func ("/path-profile/zone/71", test_zone);
  g_test_add_func ("/path-profile/zone/no-altitude", test_zone_no_altitude);
  return g_test_run ();
}
