/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fused, parallel whole-grid summary against a plain loop over the
 * values the test itself wrote: heights with NaN and infinities at random
 * places, biomes, water ids, on odd sizes that leave remainders for the
 * vector loops and several column bands for the threads. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ms-blueprint.h"
#include "ms-blueprint-summary.h"
#include "ms-grid-scan.h"
#include "ms-profile.h"
#include "ms-test-util.h"

typedef struct
{
  guint    size;
  float   *heights;   /* x * size + y */
  guint8  *biomes;
  guint16 *water;
} Grids;

static void
grids_clear (Grids *g)
{
  g_free (g->heights);
  g_free (g->biomes);
  g_free (g->water);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Grids, grids_clear)

static GBytes *
make_file_full (Grids *g, guint size, guint32 seed, guint n_biomes, gboolean with_water)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  gsize n = (gsize) size * size;

  g->size = size;
  g->heights = g_new (float, n);
  g->biomes = g_new (guint8, n);
  g->water = g_new (guint16, n);
  for (gsize i = 0; i < n; i++)
    {
      double r = g_rand_double (rand);

      if (r < 0.01)
        g->heights[i] = NAN;
      else if (r < 0.015)
        g->heights[i] = (r < 0.0125) ? INFINITY : -INFINITY;
      else
        g->heights[i] = (float) g_rand_double_range (rand, -0.5, 1.7);
      g->biomes[i] = (guint8) g_rand_int_range (rand, 0, (gint32) n_biomes);
      /* Runs of one id, as real water has, and some lone pixels. */
      g->water[i] = (i > 0 && g_rand_double (rand) < 0.8)
                      ? g->water[i - 1]
                      : (guint16) (g_rand_double (rand) < 0.5 ? 0 : g_rand_int_range (rand, 1, 700));
    }

  ms_test_put_v2_head (out, 7, size);
  for (gsize i = 0; i < n; i++)
    ms_test_put_f32 (p, g->heights[i]);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  g_byte_array_append (p, g->biomes, (guint) n);
  ms_test_put_section (out, "BIOM", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (gsize i = 0; i < n && with_water; i++)
    ms_test_put_u16 (p, g->water[i]);
  if (with_water)
    ms_test_put_section (out, "WBID", p->data, p->len);

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static GBytes *
make_file (Grids *g, guint size, guint32 seed, guint n_biomes)
{
  return make_file_full (g, size, seed, n_biomes, TRUE);
}

static int
compare_floats (gconstpointer a,
                gconstpointer b)
{
  float x = *(const float *) a, y = *(const float *) b;

  return (x > y) - (x < y);
}

/* Class of pixel i for the coast, as the test sees the rules: with WBID,
 * 0 land, 1 ocean, else lake; without, the default profile's biomes
 * (0 Ocean, 1 Lake, the rest land). */
static int
pixel_class (const Grids *g,
             gboolean     with_water,
             gsize        i)
{
  guint v = with_water ? g->water[i] : g->biomes[i];

  return v == 0 ? (with_water ? 0 : 1) : v == 1 ? (with_water ? 1 : 2) : (with_water ? 2 : 0);
}

/* The stats figures (MS_SUMMARY_PERCENTILES | MS_SUMMARY_COAST) against
 * a sort and a loop over every neighbour pair, with and without WBID, in
 * memory and from a file. */
static void
check_full (gconstpointer data)
{
  guint size = GPOINTER_TO_UINT (data) & 0xffff;
  gboolean with_water = (GPOINTER_TO_UINT (data) >> 16) == 0;
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  g_auto(Grids) grids = { 0 };
  g_autoptr(GBytes) bytes = make_file_full (&grids, size, size * 31u + with_water, n_biomes, with_water);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "full.dat", profile, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "full.dat", NULL);
  g_autoptr(MsBlueprint) from_file = NULL;
  gsize n = (gsize) size * size, n_finite = 0;
  g_autofree float *sorted = g_new (float, n);
  guint64 ocean = 0, pairs = 0;
  const double pcts[] = { 5, 50, 95 };

  g_assert_no_error (error);
  for (gsize i = 0; i < n; i++)
    if (isfinite (grids.heights[i]))
      sorted[n_finite++] = grids.heights[i];
  qsort (sorted, n_finite, sizeof (float), compare_floats);
  /* Every pair once: (x, y)–(x, y + 1) and (x, y)–(x + 1, y), X outer. */
  for (guint x = 0; x < size; x++)
    for (guint y = 0; y < size; y++)
      {
        gsize i = (gsize) x * size + y;
        int c = pixel_class (&grids, with_water, i);

        ocean += c == 1;
        if (y + 1 < size)
          {
            int d = pixel_class (&grids, with_water, i + 1);
            pairs += (c == 0 && d == 1) || (c == 1 && d == 0);
          }
        if (x + 1 < size)
          {
            int d = pixel_class (&grids, with_water, i + size);
            pairs += (c == 0 && d == 1) || (c == 1 && d == 0);
          }
      }
  g_assert_cmpuint (pairs, >, 0);

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                      NULL));
  from_file = ms_blueprint_new_for_path (path, profile, &error);
  g_assert_no_error (error);
  for (guint which = 0; which < 2; which++)
    {
      g_autoptr(MsBlueprintSummary) s =
        ms_blueprint_summarize_full (which == 0 ? bp : from_file, MS_SUMMARY_PERCENTILES | MS_SUMMARY_COAST,
                                     NULL, &error);

      g_assert_no_error (error);
      g_assert_true (s->has_percentiles);
      for (guint k = 0; k < G_N_ELEMENTS (pcts); k++)
        {
          /* Nearest rank: the ⌈p n / 100⌉-th smallest, counting from 1. */
          gsize rank = (gsize) ceil (pcts[k] * (double) n_finite / 100.0);

          g_assert_cmpfloat (s->height_percentiles[k], ==, sorted[MAX (rank, 1) - 1]);
        }
      /* The curve: entry i within a bin (1/128 of the height) below the
       * ⌈i n / 100⌉-th largest height, the ends exact. */
      g_assert_cmpfloat (s->hypsometric[0], ==, sorted[n_finite - 1]);
      g_assert_cmpfloat (s->hypsometric[100], ==, sorted[0]);
      for (guint i = 1; i < 100; i++)
        {
          gsize want = MAX ((i * n_finite + 99) / 100, 1);
          double exact = sorted[n_finite - want];

          g_assert_cmpfloat (s->hypsometric[i], <=, exact);
          g_assert_cmpfloat (exact - s->hypsometric[i], <=, fabs (exact) / 64.0 + 1e-30);
          g_assert_cmpfloat (s->hypsometric[i], <=, s->hypsometric[i - 1]);
        }
      g_assert_true (s->has_ocean);
      g_assert_true (s->has_coast);
      g_assert_cmpuint (s->ocean_pixels, ==, ocean);
      g_assert_cmpuint (s->coast_pairs, ==, pairs);
    }
  ms_test_remove_tree (dir);
}

/* Hand-worked: 256² of heights 0, 1, …, 255 by column (x), so every
 * height has 256 pixels: p5 is the ⌈0.05 × 65536⌉ = 3277th smallest,
 * height 12 (heights 0…11 fill 3072, 12 reaches 3328); p50 the 32768th,
 * height 127 (0…127 fill exactly 32768); p95 the 62260th, height 243
 * (0…242 fill 62208, 243 reaches 62464).  Ocean the left half by WBID
 * (x < 128), a lake (id 2) at x = 200: the coast is the 256 pairs
 * across x = 127 | 128; the lake's edges are not coast. */
static void
check_hand_worked (void)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintSummary) s = NULL;
  g_autoptr(GError) error = NULL;

  ms_test_put_v2_head (out, 7, 256);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      ms_test_put_f32 (p, (float) x);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      g_byte_array_append (p, (const guint8[]) { x < 128 ? 0 : x == 200 ? 1 : 4 }, 1);
  ms_test_put_section (out, "BIOM", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      ms_test_put_u16 (p, x < 128 ? 1 : x == 200 ? 2 : 0);
  ms_test_put_section (out, "WBID", p->data, p->len);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&out));
  bp = ms_blueprint_new_for_bytes (bytes, "hand.dat", NULL, &error);
  g_assert_no_error (error);
  s = ms_blueprint_summarize_full (bp, MS_SUMMARY_PERCENTILES | MS_SUMMARY_COAST, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (s->height_percentiles[0], ==, 12);
  g_assert_cmpfloat (s->height_percentiles[1], ==, 127);
  g_assert_cmpfloat (s->height_percentiles[2], ==, 243);
  /* The sampled guess reads every second column from x = 1, odd heights
   * only: it puts p5 at 13, another top than 12's, so p5 took the second
   * pass while p50 (127, odd) came from the first: both ways are used. */
  g_assert_cmpuint (s->percentile_passes, ==, 2);
  g_assert_cmpuint (s->ocean_pixels, ==, 128 * 256);
  g_assert_cmpuint (s->coast_pairs, ==, 256);
  /* The hypsometric curve: 256 − h columns (256 pixels each) lie at or
   * above height h, so entry i is the largest h with (256 − h) × 256 ≥
   * ⌈i × 65536 / 100⌉; every integer below 256 is a bin's lower edge. */
  g_assert_cmpfloat (s->hypsometric[0], ==, 255);
  g_assert_cmpfloat (s->hypsometric[1], ==, 253);    /* ⌈655.36⌉ = 656 → 3 columns */
  g_assert_cmpfloat (s->hypsometric[10], ==, 230);   /* 6554 → 26 columns */
  g_assert_cmpfloat (s->hypsometric[50], ==, 128);   /* 32768 → 128 columns */
  g_assert_cmpfloat (s->hypsometric[99], ==, 2);     /* 64881 → 254 columns */
  g_assert_cmpfloat (s->hypsometric[100], ==, 0);
  /* The basic summary leaves them out. */
  ms_blueprint_summary_free (g_steal_pointer (&s));
  s = ms_blueprint_summarize (bp, NULL, &error);
  g_assert_false (s->has_percentiles);
  g_assert_false (s->has_coast);
}

/* Keys order as floats do, and come back to the same bits. */
static void
check_height_keys (void)
{
  const float v[] = { -INFINITY, -1e30f, -2.5f, -1e-40f, -0.0f, 0.0f, 1e-40f, 0.25f, 1.0f, 3e38f, INFINITY };

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    {
      float back = ms_height_from_key (ms_height_key (v[i]));

      g_assert_cmpmem (&back, sizeof back, &v[i], sizeof v[i]);
      if (i > 0)
        g_assert_cmpuint (ms_height_key (v[i - 1]), <, ms_height_key (v[i]));
    }
}

static void
check_size (gconstpointer data)
{
  guint size = GPOINTER_TO_UINT (data);
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  g_auto(Grids) grids = { 0 };
  g_autoptr(GBytes) bytes = make_file (&grids, size, size * 7919u, n_biomes);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "summary.dat", profile, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "summary.dat", NULL);
  MsBlueprint *from_file = NULL;
  MsBlueprintSummary *s;
  gsize n = (gsize) size * size;
  guint64 finite = 0, nonfinite = 0, wet = 0, *counts = g_new0 (guint64, n_biomes);
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  g_autofree gboolean *seen = g_new0 (gboolean, 65536);
  guint bodies = 0, lakes = 0;

  g_assert_no_error (error);
  for (gsize i = 0; i < n; i++)
    {
      float h = grids.heights[i];

      if (isfinite (h))
        {
          finite++;
          lo = MIN (lo, h);
          hi = MAX (hi, h);
          sum += h;
        }
      else
        nonfinite++;
      counts[grids.biomes[i]]++;
      if (grids.water[i] != 0)
        {
          wet++;
          if (!seen[grids.water[i]])
            {
              seen[grids.water[i]] = TRUE;
              bodies++;
              lakes += grids.water[i] >= 2;
            }
        }
    }

  /* In memory, and from a file, whose columns the scan copies with
   * pread () a few at a time (ms_column_window_get ()). */
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                      NULL));
  from_file = ms_blueprint_new_for_path (path, profile, &error);
  g_assert_no_error (error);
  for (guint which = 0; which < 2; which++)
    {
      s = ms_blueprint_summarize (which == 0 ? bp : from_file, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (s->finite_heights, ==, finite);
      g_assert_cmpuint (s->nonfinite_heights, ==, nonfinite);
      g_assert_cmpfloat (s->height_min, ==, lo);
      g_assert_cmpfloat (s->height_max, ==, hi);
      g_assert_cmpfloat_with_epsilon (s->height_mean, sum / (double) finite, 1e-9);
      g_assert_cmpuint (s->n_biomes, ==, n_biomes);
      for (guint b = 0; b < n_biomes; b++)
        g_assert_cmpuint (s->biome_counts[b], ==, counts[b]);
      g_assert_true (s->has_water);
      g_assert_cmpuint (s->water_pixels, ==, wet);
      g_assert_cmpuint (s->water_bodies, ==, bodies);
      g_assert_cmpuint (s->water_lakes, ==, lakes);
      ms_blueprint_summary_free (s);
    }
  g_free (counts);
  g_clear_object (&from_file);
  ms_test_remove_tree (dir);
}


/* The biome check at open trusts this scan: its largest byte, at every
 * position of the vector body and of the scalar tail, against a plain max. */
static void
check_max_u8 (void)
{
  guint8 data[150];
  /* 128 above 127: a signed maximum would get it wrong. */
  const guint8 peaks[] = { 200, 128, 255, 1 };

  for (gsize n = 0; n <= sizeof data; n++)
    for (gsize at = 0; at < MAX (n, 1); at++)
      {
        guint8 expected = 0;

        for (gsize i = 0; i < n; i++)
          data[i] = (guint8) (i % 7 == 3 ? 127 : i % 7);
        if (n > 0)
          data[at] = peaks[(n + at) % G_N_ELEMENTS (peaks)];
        for (gsize i = 0; i < n; i++)
          expected = MAX (expected, data[i]);
        g_assert_cmpuint (ms_scan_max_u8 (data, n), ==, expected);
      }
}

/* The histogram's run path: runs of one byte of every length 1…40 (so runs
 * start, end and change inside and across its 16-byte blocks), added to
 * counts already there, against counting one by one. */
static void
check_histogram_runs (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  guint8 data[3000];

  for (guint trial = 0; trial < 200; trial++)
    {
      gsize n = (gsize) g_rand_int_range (rand, 0, sizeof data + 1);
      guint32 counts[256], expected[256];

      for (gsize i = 0; i < n;)
        {
          guint8 v = (guint8) g_rand_int_range (rand, 0, 6);
          gsize len = (gsize) g_rand_int_range (rand, 1, 41);

          if (trial % 4 == 0)
            len = 16 * (gsize) g_rand_int_range (rand, 1, 5);  /* runs on block edges */
          for (gsize j = 0; j < len && i < n; j++)
            data[i++] = v;
        }
      for (guint v = 0; v < 256; v++)
        counts[v] = expected[v] = v;
      for (gsize i = 0; i < n; i++)
        expected[data[i]]++;
      ms_scan_histogram_u8 (data, n, counts);
      for (guint v = 0; v < 256; v++)
        g_assert_cmpuint (counts[v], ==, expected[v]);
    }
}

/* The height scan's lanes: one NaN or infinity in every position (each
 * lane, the scalar tail), zeros of both signs, negative and positive
 * values, against a plain loop.  Quarters and halves add exactly in any
 * order, so the sum must be equal too. */
static void
check_height_lanes (void)
{
  float h[37];
  const float bad[] = { NAN, INFINITY, -INFINITY };

  /* Set 0 mixes signs and zeros; 1 is all ≥ 1 and 2 all ≤ -1, where a bad
   * value taken as 0.0 would become the minimum or the maximum. */
  for (guint c = 0; c < 3 * G_N_ELEMENTS (h); c++)
    for (guint b = 0; b < G_N_ELEMENTS (bad); b++)
      {
        guint set = c / G_N_ELEMENTS (h), at = c % G_N_ELEMENTS (h);
        MsHeightRange range;
        double sum, expected_sum = 0.0;
        float lo = INFINITY, hi = -INFINITY;

        for (guint i = 0; i < G_N_ELEMENTS (h); i++)
          h[i] = set == 1 ? 1.0f + (float) i * 0.5f
                 : set == 2 ? -1.0f - (float) i * 0.25f
                 : (i % 5 == 0) ? 0.0f : (i % 5 == 1) ? -0.0f : (float) i * ((i % 2) ? -0.25f : 0.5f);
        h[at] = bad[b];
        ms_height_range_init (&range);
        sum = ms_scan_heights ((const guint8 *) h, G_N_ELEMENTS (h), &range);
        for (guint i = 0; i < G_N_ELEMENTS (h); i++)
          if (isfinite (h[i]))
            {
              lo = MIN (lo, h[i]);
              hi = MAX (hi, h[i]);
              expected_sum += h[i];
            }
        g_assert_cmpuint (range.finite, ==, G_N_ELEMENTS (h) - 1);
        g_assert_cmpuint (range.nonfinite, ==, 1);
        g_assert_cmpfloat (range.lo, ==, lo);
        g_assert_cmpfloat (range.hi, ==, hi);
        g_assert_cmpfloat (sum, ==, expected_sum);
      }
}

/* Columns without a bad value take a shorter path, and a pair of columns
 * falls back to the careful one when either has one: a clean column alone,
 * and paired with a clean one and with one that has a NaN in each place,
 * against plain loops. */
static void
check_height_pairs (void)
{
  float clean[37], other[37];

  for (guint i = 0; i < G_N_ELEMENTS (clean); i++)
    {
      clean[i] = (i % 7 == 0) ? -0.0f : (float) i * ((i % 2) ? -0.75f : 0.5f);
      other[i] = 3.0f + (float) i * 0.25f;
    }
  for (gint at = -1; at < (gint) G_N_ELEMENTS (other); at++)
    {
      float b[G_N_ELEMENTS (other)];
      MsHeightRange range;
      double sum_a, sum_b, want_a = 0.0, want_b = 0.0;
      float lo = INFINITY, hi = -INFINITY;
      guint64 finite = 0;

      memcpy (b, other, sizeof b);
      if (at >= 0)
        b[at] = NAN;
      for (guint i = 0; i < G_N_ELEMENTS (b); i++)
        {
          lo = MIN (lo, clean[i]);
          hi = MAX (hi, clean[i]);
          want_a += clean[i];
          finite++;
          if (isfinite (b[i]))
            {
              lo = MIN (lo, b[i]);
              hi = MAX (hi, b[i]);
              want_b += b[i];
              finite++;
            }
        }
      ms_height_range_init (&range);
      ms_scan_heights_pair ((const guint8 *) clean, (const guint8 *) b, G_N_ELEMENTS (b), &range, &sum_a, &sum_b);
      g_assert_cmpuint (range.finite, ==, finite);
      g_assert_cmpuint (range.nonfinite, ==, at >= 0 ? 1 : 0);
      g_assert_cmpfloat (range.lo, ==, lo);
      g_assert_cmpfloat (range.hi, ==, hi);
      g_assert_cmpfloat (sum_a, ==, want_a);
      g_assert_cmpfloat (sum_b, ==, want_b);
      /* The clean column alone, the same figures. */
      ms_height_range_init (&range);
      g_assert_cmpfloat (ms_scan_heights ((const guint8 *) clean, G_N_ELEMENTS (clean), &range), ==, sum_a);
      g_assert_cmpuint (range.nonfinite, ==, 0);
      g_assert_cmpuint (range.finite, ==, G_N_ELEMENTS (clean));
    }
}

/* info's one-pass path: the open's biome check folded into the summary.
 * The same figures as opening then summarising, and for a file with a bad
 * ordinal the very error the open gives (the first bad pixel, x-outer). */
static void
check_summarize_path (void)
{
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  g_auto(Grids) grids = { 0 };
  g_autoptr(GBytes) bytes = make_file (&grids, 301, 4242, n_biomes);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "fused.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) open_error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprint) fused_bp = NULL;
  g_autoptr(MsBlueprintSummary) s = NULL;
  g_autoptr(MsBlueprintSummary) fused = NULL;
  gsize biom = 0, size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  g_autofree guint8 *bad = g_memdup2 (data, size);

  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) size, &error));
  bp = ms_blueprint_new_for_path (path, profile, &error);
  g_assert_no_error (error);
  s = ms_blueprint_summarize (bp, NULL, &error);
  g_assert_no_error (error);
  fused = ms_blueprint_summarize_path (path, profile, &fused_bp, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fused_bp);
  g_assert_cmpuint (fused->finite_heights, ==, s->finite_heights);
  g_assert_cmpuint (fused->nonfinite_heights, ==, s->nonfinite_heights);
  g_assert_cmpfloat (fused->height_min, ==, s->height_min);
  g_assert_cmpfloat (fused->height_max, ==, s->height_max);
  g_assert_cmpfloat (fused->height_mean, ==, s->height_mean);
  for (guint b = 0; b < n_biomes; b++)
    g_assert_cmpuint (fused->biome_counts[b], ==, s->biome_counts[b]);
  g_assert_cmpuint (fused->water_pixels, ==, s->water_pixels);
  g_assert_cmpuint (fused->water_bodies, ==, s->water_bodies);

  /* Two bad ordinals; the one at the lower x * size + y is named. */
  for (gsize i = 0; i + 4 <= size; i++)
    if (memcmp (data + i, "BIOM", 4) == 0)
      {
        biom = i + 12;
        break;
      }
  g_assert_cmpuint (biom, >, 0);
  bad[biom + 200 * 301 + 17] = 250;
  bad[biom + 3 * 301 + 299] = (guint8) n_biomes;
  g_assert_true (g_file_set_contents (path, (const char *) bad, (gssize) size, &error));
  g_clear_object (&bp);
  bp = ms_blueprint_new_for_path (path, profile, &open_error);
  g_assert_null (bp);
  g_assert_error (open_error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (open_error->message, "pixel (x=3, y=299)"));
  g_clear_object (&fused_bp);
  g_clear_pointer (&fused, ms_blueprint_summary_free);
  fused = ms_blueprint_summarize_path (path, profile, &fused_bp, NULL, &error);
  g_assert_null (fused);
  g_assert_null (fused_bp);
  g_assert_error (error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==, open_error->message);
  ms_test_remove_tree (dir);
}

/* The open's range check reads a file's biomes a piece (256 KiB) at a
 * time, each worker taking the next piece as it comes free: bad ordinals
 * past the first piece, in neighbouring pieces (taken by the two workers at
 * once) or far apart, are found, and the first in file order (x * size + y)
 * is the one named, as from the same bytes in memory, and as by the check
 * of an unchecked open run later in the background. */
static void
check_biome_check_buffers (void)
{
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  const guint size = 1100;   /* 1 210 000 pixels: four pieces and a part */
  const gsize piece = 256 << 10;
  g_auto(Grids) grids = { 0 };
  g_autoptr(GBytes) bytes = make_file (&grids, size, 77, n_biomes);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "buffers.dat", NULL);
  gsize biom, length = 0;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  g_autoptr(GArray) walked = ms_test_walk_sections (data, length);
  static const struct { gsize first, second; } pairs[] = {
    { 400017, 1000003 },
    { 256 * 1024 + 3, 2 * 256 * 1024 + 9 },   /* neighbouring pieces */
    { 2 * 256 * 1024 - 1, 2 * 256 * 1024 },   /* either side of a piece's end */
    { 5, 1100 * 1100 - 1 },                   /* the first and the last pixel's pieces */
  };

  /* The payload, after the section's 12-byte header. */
  biom = ms_test_find (walked, "BIOM")->offset + 12;
  g_assert_cmpuint (pairs[1].first / piece + 1, ==, pairs[1].second / piece);

  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    for (guint round = 0; round < 3; round++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(GError) memory_error = NULL;
        g_autoptr(GError) background_error = NULL;
        g_autoptr(GBytes) in_memory = NULL;
        g_autoptr(MsBlueprint) bp = NULL;
        g_autoptr(MsBlueprint) from_memory = NULL;
        g_autoptr(MsBlueprint) unchecked = NULL;
        g_autofree char *expected = NULL;
        g_autofree guint8 *bad = g_memdup2 (data, length);
        gsize first = pairs[p].first, second = pairs[p].second;
        gsize named = round == 0 ? first : second;

        /* Round 0: both bad; 1: only the second; 2: none. */
        if (round == 0)
          bad[biom + first] = (guint8) n_biomes;
        if (round < 2)
          bad[biom + second] = 255;
        g_assert_true (g_file_set_contents (path, (const char *) bad, (gssize) length, &error));
        bp = ms_blueprint_new_for_path (path, profile, &error);
        in_memory = g_bytes_new (bad, length);
        from_memory = ms_blueprint_new_for_bytes (in_memory, "buffers.dat", profile, &memory_error);
        /* And opened unchecked, checked later on the pool's idle time: an
         * item a piece instead of a worker's loop. */
        unchecked = ms_blueprint_new_for_path_unchecked (path, profile, &background_error);
        g_assert_no_error (background_error);
        g_assert_false (ms_blueprint_get_biomes_checked (unchecked));
        g_assert_cmpint (ms_blueprint_check_biomes (unchecked, TRUE, NULL, &background_error), ==, round == 2);
        g_assert_cmpint (ms_blueprint_get_biomes_checked (unchecked), ==, round == 2);
        if (round == 2)
          {
            g_assert_no_error (error);
            g_assert_no_error (memory_error);
            g_assert_no_error (background_error);
            g_assert_nonnull (bp);
            continue;
          }
        g_assert_null (bp);
        g_assert_error (error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
        expected = g_strdup_printf ("offset %" G_GSIZE_FORMAT ": pixel (x=%" G_GSIZE_FORMAT ", y=%" G_GSIZE_FORMAT
                                    ") has biome ordinal %u", biom + named, named / size, named % size,
                                    round == 0 ? n_biomes : 255);
        g_assert_nonnull (strstr (error->message, expected));
        g_assert_error (memory_error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
        g_assert_nonnull (strstr (memory_error->message, expected));
        g_assert_error (background_error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
        g_assert_cmpstr (background_error->message, ==, error->message);
      }
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  static const guint sizes[] = { 256, 257, 301, 1029, 2051 };  /* MapSize starts at 256 */

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *path = g_strdup_printf ("/blueprint/summary/against-plain-loop/%u", sizes[i]);
      g_test_add_data_func (path, GUINT_TO_POINTER (sizes[i]), check_size);
    }
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint water = 0; water < 2; water++)
      {
        g_autofree char *path = g_strdup_printf ("/blueprint/summary/percentiles-and-coast/%s/%u",
                                                 water == 0 ? "wbid" : "biomes", sizes[i]);
        g_test_add_data_func (path, GUINT_TO_POINTER (sizes[i] | (water << 16)), check_full);
      }
  g_test_add_func ("/blueprint/summary/percentiles-and-coast/hand-worked", check_hand_worked);
  g_test_add_func ("/blueprint/summary/height-keys", check_height_keys);
  g_test_add_func ("/blueprint/summary/max-scan", check_max_u8);
  g_test_add_func ("/blueprint/summary/fused-open", check_summarize_path);
  g_test_add_func ("/blueprint/summary/biome-check-buffers", check_biome_check_buffers);
  g_test_add_func ("/blueprint/summary/histogram-runs", check_histogram_runs);
  g_test_add_func ("/blueprint/summary/height-lanes", check_height_lanes);
  g_test_add_func ("/blueprint/summary/height-pairs", check_height_pairs);
  return g_test_run ();
}
