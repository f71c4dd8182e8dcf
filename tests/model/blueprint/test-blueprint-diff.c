/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ms_blueprint_diff() against figures the test computes itself: a straight
 * pass over the raw bytes of both files (sections found by the test's own
 * walk), and a hand-worked pair of different sizes built by the test's own
 * encoder.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint.h"
#include "ms-blueprint-diff.h"
#include "ms-diff-sampler.h"
#include "ms-demo-blueprint.h"
#include "ms-test-util.h"

#define N_BIOMES 12   /* data/default.profile */
#define N_TIERS  4

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static float
get_f32 (const guint8 *p)
{
  guint32 u = get_u32 (p);
  float f;
  memcpy (&f, &u, 4);
  return f;
}

static guint
get_u16 (const guint8 *p)
{
  return p[0] | p[1] << 8;
}

/* ------------------------------------------------------- raw-byte reading -- */

typedef struct
{
  guint         n;
  const guint8 *hgts;     /* payloads */
  const guint8 *biom;
  const guint8 *wbid;
  const guint8 *town;
  const guint8 *roads[4];
} Raw;

static void
raw_open (GBytes *bytes,
          Raw    *r)
{
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  g_autoptr(GArray) sections = ms_test_walk_sections (data, g_bytes_get_size (bytes));
  const char *road_tags[] = { "RDHW", "RDBR", "RDRG", "RDTL" };

  r->n = get_u32 (data + ms_test_find (sections, "PRMS")->offset + 12 + 4);
  r->hgts = data + ms_test_find (sections, "HGTS")->offset + 12;
  r->biom = data + ms_test_find (sections, "BIOM")->offset + 12;
  r->wbid = data + ms_test_find (sections, "WBID")->offset + 12;
  r->town = data + ms_test_find (sections, "TOWN")->offset + 12;
  for (guint t = 0; t < 4; t++)
    r->roads[t] = data + ms_test_find (sections, road_tags[t])->offset + 12;
}

typedef struct
{
  double  min, max, sum_abs, sum_sq;
  guint64 compared;
  guint64 changed;
  guint64 transitions[N_BIOMES][N_BIOMES];
  guint64 gained, lost;
  guint   bodies[2], lakes[2];
  guint   towns[2][N_TIERS];
  guint   paths[2][4];
  guint64 points[2][4];
  double  length_own[2][4];
  guint64 biome_counts[2][N_BIOMES];   /* grid pixels */
  guint64 water[2];
  double  hmin[2], hmax[2], hsum[2];
} Expected;

static void
expect_from_raw (const Raw *a,
                 const Raw *b,
                 Expected  *e)
{
  guint g = MAX (a->n, b->n);
  const Raw *raws[2] = { a, b };

  memset (e, 0, sizeof *e);
  e->min = INFINITY;
  e->max = -INFINITY;
  e->hmin[0] = e->hmin[1] = INFINITY;
  e->hmax[0] = e->hmax[1] = -INFINITY;

  /* Nearest samples, as the diff documents: (x * n / g, y * n / g). */
  for (guint x = 0; x < g; x++)
    for (guint y = 0; y < g; y++)
      {
        gsize ia = (gsize) (x * a->n / g) * a->n + y * a->n / g;
        gsize ib = (gsize) (x * b->n / g) * b->n + y * b->n / g;
        double delta = (double) get_f32 (b->hgts + 4 * ib) - (double) get_f32 (a->hgts + 4 * ia);
        guint from = a->biom[ia], to = b->biom[ib];
        gboolean wa = get_u16 (a->wbid + 2 * ia) != 0, wb = get_u16 (b->wbid + 2 * ib) != 0;

        e->min = MIN (e->min, delta);
        e->max = MAX (e->max, delta);
        e->sum_abs += fabs (delta);
        e->sum_sq += delta * delta;
        e->compared++;
        if (from != to)
          {
            e->changed++;
            e->transitions[from][to]++;
          }
        e->gained += !wa && wb;
        e->lost += wa && !wb;
        e->biome_counts[0][from]++;
        e->biome_counts[1][to]++;
        e->water[0] += wa;
        e->water[1] += wb;
        for (guint m = 0; m < 2; m++)
          {
            double h = get_f32 ((m == 0 ? a->hgts + 4 * ia : b->hgts + 4 * ib));

            e->hmin[m] = MIN (e->hmin[m], h);
            e->hmax[m] = MAX (e->hmax[m], h);
            e->hsum[m] += h;
          }
      }

  for (guint m = 0; m < 2; m++)
    {
      const Raw *r = raws[m];
      g_autofree gboolean *seen = g_new0 (gboolean, 65536);
      gsize pos = 4;

      for (gsize i = 0; i < (gsize) r->n * r->n; i++)
        {
          guint id = get_u16 (r->wbid + 2 * i);
          if (id != 0 && !seen[id])
            {
              seen[id] = TRUE;
              e->bodies[m]++;
              e->lakes[m] += id >= 2;
            }
        }

      for (guint i = 0; i < get_u32 (r->town); i++)
        e->towns[m][r->town[4 + 10 * i + 8]]++;

      for (guint t = 0; t < 4; t++)
        {
          const guint8 *p = r->roads[t];

          pos = 4;
          e->paths[m][t] = get_u32 (p);
          for (guint path = 0; path < e->paths[m][t]; path++)
            {
              guint k = get_u32 (p + pos);

              e->points[m][t] += k;
              for (guint j = 1; j < k; j++)
                {
                  const guint8 *q = p + pos + 4 + 8 * j;
                  e->length_own[m][t] += hypot ((double) get_f32 (q) - get_f32 (q - 8),
                                                (double) get_f32 (q + 4) - get_f32 (q - 4));
                }
              pos += 4 + 8 * (gsize) k;
            }
        }
    }
}

static MsBlueprintDiff *
diff_bytes (GBytes *a,
            GBytes *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) ba = ms_blueprint_new_for_bytes (a, "a.dat", NULL, &error);
  g_autoptr(MsBlueprint) bb = NULL;
  MsBlueprintDiff *d;

  g_assert_no_error (error);
  bb = ms_blueprint_new_for_bytes (b, "b.dat", NULL, &error);
  g_assert_no_error (error);
  d = ms_blueprint_diff (ba, bb, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (d);
  return d;
}

static GBytes *
demo (guint size, gint32 seed)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = ms_demo_blueprint_generate (size, seed, &error);

  g_assert_no_error (error);
  return bytes;
}

static void
test_self (void)
{
  g_autoptr(GBytes) bytes = demo (256, 42);
  g_autoptr(MsBlueprintDiff) d = diff_bytes (bytes, bytes);

  g_assert_false (d->normalised);
  g_assert_cmpuint (d->grid_size, ==, 256);
  g_assert_cmpuint (d->height_compared, ==, 256 * 256);
  g_assert_cmpuint (d->height_skipped, ==, 0);
  g_assert_cmpfloat (d->height_min, ==, 0.0);
  g_assert_cmpfloat (d->height_max, ==, 0.0);
  g_assert_cmpfloat (d->height_mean_abs, ==, 0.0);
  g_assert_cmpfloat (d->height_rms, ==, 0.0);
  g_assert_cmpuint (d->biome_changed, ==, 0);
  g_assert_cmpuint (d->n_biomes, ==, N_BIOMES);
  for (guint i = 0; i < N_BIOMES * N_BIOMES; i++)
    g_assert_cmpuint (d->biome_transitions[i], ==, 0);
  g_assert_cmpuint (d->water_gained, ==, 0);
  g_assert_cmpuint (d->water_lost, ==, 0);
  g_assert_cmpuint (d->bodies_a, ==, d->bodies_b);
  g_assert_cmpuint (d->lakes_a, ==, d->lakes_b);
  g_assert_cmpuint (d->bodies_a, >, 0);
  g_assert_cmpuint (d->n_tiers, ==, N_TIERS);
  for (guint t = 0; t < N_TIERS; t++)
    g_assert_cmpuint (d->towns_a[t], ==, d->towns_b[t]);
  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    {
      g_assert_cmpuint (d->roads_a[t].paths, ==, d->roads_b[t].paths);
      g_assert_cmpuint (d->roads_a[t].points, ==, d->roads_b[t].points);
      g_assert_cmpfloat (d->roads_a[t].length, ==, d->roads_b[t].length);
      g_assert_cmpfloat (d->roads_a[t].length, ==, d->roads_a[t].length_own);
    }
}

static void
check_against_raw (guint size_a, gint32 seed_a,
                   guint size_b, gint32 seed_b)
{
  g_autoptr(GBytes) a = demo (size_a, seed_a);
  g_autoptr(GBytes) b = demo (size_b, seed_b);
  g_autoptr(MsBlueprintDiff) d = diff_bytes (a, b);
  g_autofree Expected *e = g_new (Expected, 1);
  Raw ra, rb;
  guint g = MAX (size_a, size_b);

  raw_open (a, &ra);
  raw_open (b, &rb);
  expect_from_raw (&ra, &rb, e);

  g_assert_cmpuint (d->size_a, ==, size_a);
  g_assert_cmpuint (d->size_b, ==, size_b);
  g_assert_cmpuint (d->grid_size, ==, g);
  g_assert_true (d->normalised == (size_a != size_b));
  g_assert_cmpuint (d->pixels, ==, (guint64) g * g);

  g_assert_cmpuint (d->height_compared, ==, e->compared);
  g_assert_cmpfloat (d->height_min, ==, e->min);
  g_assert_cmpfloat (d->height_max, ==, e->max);
  g_assert_cmpfloat_with_epsilon (d->height_mean_abs, e->sum_abs / e->compared, 1e-9);
  g_assert_cmpfloat_with_epsilon (d->height_rms, sqrt (e->sum_sq / e->compared), 1e-9);
  g_assert_cmpfloat (d->height_mean_abs, >, 0.0);

  g_assert_cmpuint (d->biome_changed, ==, e->changed);
  g_assert_cmpuint (d->biome_changed, >, 0);
  for (guint from = 0; from < N_BIOMES; from++)
    for (guint to = 0; to < N_BIOMES; to++)
      g_assert_cmpuint (d->biome_transitions[from * N_BIOMES + to], ==, e->transitions[from][to]);

  g_assert_true (d->has_water_a && d->has_water_b);
  g_assert_cmpuint (d->water_gained, ==, e->gained);
  g_assert_cmpuint (d->water_lost, ==, e->lost);
  g_assert_cmpuint (d->bodies_a, ==, e->bodies[0]);
  g_assert_cmpuint (d->bodies_b, ==, e->bodies[1]);
  g_assert_cmpuint (d->lakes_a, ==, e->lakes[0]);
  g_assert_cmpuint (d->lakes_b, ==, e->lakes[1]);

  for (guint t = 0; t < N_TIERS; t++)
    {
      g_assert_cmpuint (d->towns_a[t], ==, e->towns[0][t]);
      g_assert_cmpuint (d->towns_b[t], ==, e->towns[1][t]);
    }

  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    {
      g_assert_cmpuint (d->roads_a[t].paths, ==, e->paths[0][t]);
      g_assert_cmpuint (d->roads_b[t].paths, ==, e->paths[1][t]);
      g_assert_cmpuint (d->roads_a[t].points, ==, e->points[0][t]);
      g_assert_cmpuint (d->roads_b[t].points, ==, e->points[1][t]);
      g_assert_cmpfloat_with_epsilon (d->roads_a[t].length_own, e->length_own[0][t], 1e-6);
      g_assert_cmpfloat_with_epsilon (d->roads_b[t].length_own, e->length_own[1][t], 1e-6);
      g_assert_cmpfloat_with_epsilon (d->roads_a[t].length,
                                      e->length_own[0][t] * g / size_a, 1e-6);
      g_assert_cmpfloat_with_epsilon (d->roads_b[t].length,
                                      e->length_own[1][t] * g / size_b, 1e-6);
      /* 8192 m a world, whatever its size. */
      g_assert_cmpfloat_with_epsilon (d->roads_a[t].length_m, e->length_own[0][t] * 8192.0 / size_a, 1e-6);
      g_assert_cmpfloat_with_epsilon (d->roads_b[t].length_m, e->length_own[1][t] * 8192.0 / size_b, 1e-6);
    }

  g_assert_cmpfloat (d->metres_per_pixel, ==, 8192.0 / g);
  for (guint i = 0; i < N_BIOMES; i++)
    {
      g_assert_cmpuint (d->biome_counts_a[i], ==, e->biome_counts[0][i]);
      g_assert_cmpuint (d->biome_counts_b[i], ==, e->biome_counts[1][i]);
    }
  g_assert_cmpuint (d->water_a, ==, e->water[0]);
  g_assert_cmpuint (d->water_b, ==, e->water[1]);
  g_assert_cmpint ((gint64) d->water_b - (gint64) d->water_a, ==, (gint64) d->water_gained - (gint64) d->water_lost);
  g_assert_cmpuint (d->heights_a.finite, ==, (guint64) g * g);
  g_assert_cmpfloat (d->heights_a.min, ==, e->hmin[0]);
  g_assert_cmpfloat (d->heights_a.max, ==, e->hmax[0]);
  g_assert_cmpfloat (d->heights_b.min, ==, e->hmin[1]);
  g_assert_cmpfloat (d->heights_b.max, ==, e->hmax[1]);
  g_assert_cmpfloat_with_epsilon (d->heights_a.mean, e->hsum[0] / ((double) g * g), 1e-9);
  g_assert_cmpfloat_with_epsilon (d->heights_b.mean, e->hsum[1] / ((double) g * g), 1e-9);
}

static void
test_two_seeds (void)
{
  check_against_raw (256, 42, 256, 7);
}

static void
test_two_sizes_raw (void)
{
  check_against_raw (512, 42, 256, 7);
  /* A ratio that is not a whole number, the smaller map first. */
  check_against_raw (256, 7, 384, 42);
}

/* ------------------------------------------------------- hand-worked pair -- */

typedef struct
{
  guint    n;
  float   *h;
  guint8  *biome;
  guint16 *wbid;
  guint    towns, town_tier;
  float    road[4];   /* one highway segment x0 y0 x1 y1 */
} Map;

static GBytes *
encode (const Map *m)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  gsize pixels = (gsize) m->n * m->n;

  g_byte_array_append (out, (const guint8 *) "ISLA", 4);
  ms_test_put_u32 (out, 2);
  ms_test_put_u32 (p, 77);
  ms_test_put_u32 (p, m->n);
  for (guint i = 0; i < 4; i++)
    ms_test_put_f32 (p, 1.0f);
  ms_test_put_string (p, "2026-01-01T00:00:00Z");
  ms_test_put_string (p, "");
  ms_test_put_section (out, "PRMS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (gsize i = 0; i < pixels; i++)
    ms_test_put_f32 (p, m->h[i]);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_section (out, "BIOM", m->biome, pixels);
  ms_test_put_u32 (p, m->towns);
  for (guint i = 0; i < m->towns; i++)
    {
      ms_test_put_f32 (p, 50.0f + i);
      ms_test_put_f32 (p, 60.0f);
      ms_test_put_u8 (p, (guint8) m->town_tier);
      ms_test_put_u8 (p, 0);
    }
  ms_test_put_section (out, "TOWN", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (gsize i = 0; i < pixels; i++)
    ms_test_put_u16 (p, m->wbid[i]);
  ms_test_put_section (out, "WBID", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, 1);
  ms_test_put_u32 (p, 2);
  for (guint i = 0; i < 4; i++)
    ms_test_put_f32 (p, m->road[i]);
  ms_test_put_section (out, "RDHW", p->data, p->len);
  /* No other road sections: empty tiers, with reader warnings. */
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static void
map_init (Map *m, guint n)
{
  m->n = n;
  m->h = g_new0 (float, n * n);
  m->biome = g_new0 (guint8, n * n);
  m->wbid = g_new0 (guint16, n * n);
}

static void
map_clear (Map *m)
{
  g_free (m->h);
  g_free (m->biome);
  g_free (m->wbid);
}

/* A (256): height 0; ocean (id 1, biome 0) at x < 8, Dirt (3) elsewhere;
 * one Hamlet; a highway (0, 0)–(30, 40), 50 px long.
 * B (512): height 0.5 at x < 256, else 0; ocean at x < 20; a lake (id 2,
 * biome 1) at (300, 300), (301, 300); elsewhere Grassland (4) at y < 100,
 * Dirt above; two Towns; a highway (0, 0)–(3, 4), 5 px long.
 * On B's grid A's pixel for (x, y) is (x / 2, y / 2), so A's ocean covers
 * x < 16. */
static void
build_pair (GBytes **a,
            GBytes **b)
{
  Map ma, mb;

  map_init (&ma, 256);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      {
        ma.biome[x * 256 + y] = x < 8 ? 0 : 3;
        ma.wbid[x * 256 + y] = x < 8 ? 1 : 0;
      }
  ma.towns = 1;
  ma.town_tier = 0;
  ma.road[0] = 0; ma.road[1] = 0; ma.road[2] = 30; ma.road[3] = 40;

  map_init (&mb, 512);
  for (guint x = 0; x < 512; x++)
    for (guint y = 0; y < 512; y++)
      {
        gsize i = (gsize) x * 512 + y;
        gboolean lake = (x == 300 || x == 301) && y == 300;

        mb.h[i] = x < 256 ? 0.5f : 0.0f;
        mb.wbid[i] = x < 20 ? 1 : lake ? 2 : 0;
        mb.biome[i] = x < 20 ? 0 : lake ? 1 : y < 100 ? 4 : 3;
      }
  mb.towns = 2;
  mb.town_tier = 2;
  mb.road[0] = 0; mb.road[1] = 0; mb.road[2] = 3; mb.road[3] = 4;

  *a = encode (&ma);
  *b = encode (&mb);
  map_clear (&ma);
  map_clear (&mb);
}

static void
test_two_sizes_hand_worked (void)
{
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;
  g_autoptr(MsBlueprintDiff) d = NULL;
  g_autoptr(MsBlueprintDiff) r = NULL;

  build_pair (&a, &b);
  d = diff_bytes (a, b);

  g_assert_true (d->normalised);
  g_assert_cmpuint (d->size_a, ==, 256);
  g_assert_cmpuint (d->size_b, ==, 512);
  g_assert_cmpuint (d->grid_size, ==, 512);
  g_assert_cmpuint (d->height_compared, ==, 512 * 512);
  /* Δ = 0.5 on half the grid, 0 on the other half. */
  g_assert_cmpfloat (d->height_min, ==, 0.0);
  g_assert_cmpfloat (d->height_max, ==, 0.5);
  g_assert_cmpfloat (d->height_mean_abs, ==, 0.25);
  g_assert_cmpfloat_with_epsilon (d->height_rms, sqrt (0.125), 1e-12);

  /* x 16..19: Dirt → Ocean (4 × 512); x >= 20, y < 100: Dirt → Grassland
   * (492 × 100); the lake: Dirt → Lake (2). */
  g_assert_cmpuint (d->biome_transitions[3 * N_BIOMES + 0], ==, 2048);
  g_assert_cmpuint (d->biome_transitions[3 * N_BIOMES + 4], ==, 49200);
  g_assert_cmpuint (d->biome_transitions[3 * N_BIOMES + 1], ==, 2);
  g_assert_cmpuint (d->biome_changed, ==, 2048 + 49200 + 2);

  g_assert_cmpuint (d->water_gained, ==, 2048 + 2);
  g_assert_cmpuint (d->water_lost, ==, 0);
  g_assert_cmpuint (d->bodies_a, ==, 1);
  g_assert_cmpuint (d->lakes_a, ==, 0);
  g_assert_cmpuint (d->bodies_b, ==, 2);
  g_assert_cmpuint (d->lakes_b, ==, 1);

  g_assert_cmpuint (d->towns_a[0], ==, 1);
  g_assert_cmpuint (d->towns_b[2], ==, 2);
  g_assert_cmpuint (d->towns_a[2] + d->towns_b[0], ==, 0);

  /* A's 50 own pixels are 100 of the 512 grid's. */
  g_assert_cmpuint (d->roads_a[MS_ROAD_HIGHWAY].paths, ==, 1);
  g_assert_cmpuint (d->roads_a[MS_ROAD_HIGHWAY].points, ==, 2);
  g_assert_cmpfloat (d->roads_a[MS_ROAD_HIGHWAY].length_own, ==, 50.0);
  g_assert_cmpfloat (d->roads_a[MS_ROAD_HIGHWAY].length, ==, 100.0);
  g_assert_cmpfloat (d->roads_b[MS_ROAD_HIGHWAY].length_own, ==, 5.0);
  g_assert_cmpfloat (d->roads_b[MS_ROAD_HIGHWAY].length, ==, 5.0);
  g_assert_cmpuint (d->roads_b[MS_ROAD_TRAIL].paths, ==, 0);
  /* In metres: A's 50 px at 32 m (8192 / 256) = 1600 m; B's 5 px at 16 m
   * = 80 m, so B − A is a decrease, whichever pixels it was counted in. */
  g_assert_cmpfloat (d->roads_a[MS_ROAD_HIGHWAY].length_m, ==, 1600.0);
  g_assert_cmpfloat (d->roads_b[MS_ROAD_HIGHWAY].length_m, ==, 80.0);
  g_assert_cmpfloat (d->metres_per_pixel, ==, 16.0);

  /* On the 512 grid A is ocean at x < 16 (16 × 512 = 8192), Dirt
   * elsewhere (496 × 512 = 253952); B ocean at x < 20 (10240), the lake's
   * 2, Grassland at x >= 20, y < 100 (492 × 100 = 49200), Dirt the rest. */
  g_assert_cmpuint (d->biome_counts_a[0], ==, 8192);
  g_assert_cmpuint (d->biome_counts_a[3], ==, 253952);
  g_assert_cmpuint (d->biome_counts_a[4], ==, 0);
  g_assert_cmpuint (d->biome_counts_b[0], ==, 10240);
  g_assert_cmpuint (d->biome_counts_b[1], ==, 2);
  g_assert_cmpuint (d->biome_counts_b[4], ==, 49200);
  g_assert_cmpuint (d->biome_counts_b[3], ==, 512 * 512 - 10240 - 2 - 49200);
  /* Water: A's 8192 grid pixels, B's 10240 + 2: +2050 = gained − lost. */
  g_assert_cmpuint (d->water_a, ==, 8192);
  g_assert_cmpuint (d->water_b, ==, 10242);
  /* Heights over the grid: A all 0; B 0.5 on half, so mean 0.25. */
  g_assert_cmpfloat (d->heights_a.min, ==, 0.0);
  g_assert_cmpfloat (d->heights_a.max, ==, 0.0);
  g_assert_cmpfloat (d->heights_a.mean, ==, 0.0);
  g_assert_cmpfloat (d->heights_b.max, ==, 0.5);
  g_assert_cmpfloat (d->heights_b.mean, ==, 0.25);

  /* The other way round: the larger map still drives, every sign flips. */
  r = diff_bytes (b, a);
  g_assert_true (r->normalised);
  g_assert_cmpuint (r->grid_size, ==, 512);
  g_assert_cmpfloat (r->height_min, ==, -0.5);
  g_assert_cmpfloat (r->height_max, ==, 0.0);
  g_assert_cmpfloat (r->height_mean_abs, ==, 0.25);
  g_assert_cmpuint (r->water_gained, ==, 0);
  g_assert_cmpuint (r->water_lost, ==, 2050);
  g_assert_cmpuint (r->biome_transitions[0 * N_BIOMES + 3], ==, 2048);
  g_assert_cmpuint (r->biome_transitions[4 * N_BIOMES + 3], ==, 49200);
  g_assert_cmpuint (r->biome_transitions[1 * N_BIOMES + 3], ==, 2);
  g_assert_cmpfloat (r->roads_b[MS_ROAD_HIGHWAY].length, ==, 100.0);
}

static void
test_sampler (void)
{
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) ba = NULL;
  g_autoptr(MsBlueprint) bb = NULL;
  g_autoptr(MsDiffSampler) s = NULL;
  float ha[512], hb[512];
  guint8 flags[512];

  build_pair (&a, &b);
  ba = ms_blueprint_new_for_bytes (a, "a.dat", NULL, &error);
  g_assert_no_error (error);
  bb = ms_blueprint_new_for_bytes (b, "b.dat", NULL, &error);
  g_assert_no_error (error);
  s = ms_diff_sampler_new (ba, bb);
  g_assert_cmpuint (ms_diff_sampler_get_size (s), ==, 512);

  /* Grid column 17: A's column 8 (land), B's 17 (ocean). */
  ms_diff_sampler_read_column (s, 17, ha, hb, flags, NULL, NULL, NULL, NULL);
  g_assert_cmpfloat (ha[0], ==, 0.0f);
  g_assert_cmpfloat (hb[0], ==, 0.5f);
  g_assert_cmpuint (flags[5], ==, MS_DIFF_BIOME_CHANGED | MS_DIFF_WATER_GAINED);
  /* Grid column 15: both ocean. */
  ms_diff_sampler_read_column (s, 15, NULL, NULL, flags, NULL, NULL, NULL, NULL);
  g_assert_cmpuint (flags[5], ==, 0);
}

static void
test_cancelled (void)
{
  g_autoptr(GBytes) bytes = demo (256, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "a.dat", NULL, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(MsBlueprintDiff) d = NULL;

  g_cancellable_cancel (cancellable);
  d = ms_blueprint_diff (bp, bp, cancellable, &error);
  g_assert_null (d);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/diff/self", test_self);
  g_test_add_func ("/diff/two-seeds", test_two_seeds);
  g_test_add_func ("/diff/two-sizes-raw", test_two_sizes_raw);
  g_test_add_func ("/diff/two-sizes-hand-worked", test_two_sizes_hand_worked);
  g_test_add_func ("/diff/sampler", test_sampler);
  g_test_add_func ("/diff/cancelled", test_cancelled);

  return g_test_run ();
}
