/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One fused pass over the grids, column by column (the file's own order) in
 * bands on every core, so the pages of the mapping are read once, in place
 * and sequentially.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint-private.h"
#include "ms-blueprint-summary.h"
#include "ms-grid-scan.h"
#include "ms-parallel.h"

void
ms_blueprint_summary_free (MsBlueprintSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->biome_counts);
  g_free (summary->towns_by_tier);
  g_free (summary->overview_means);
  g_free (summary->overview_counts);
  g_free (summary);
}

/* One band of columns of the fused pass: heights, biomes and water ids are
 * each read once, in place where the file allows (ms_blueprint_peek_column),
 * in the file's own order.  Bands are independent; the caller merges them. */
typedef struct
{
  MsHeightRange  range;
  guint32        biomes[256];
  guint64        water_pixels;
  guint64        ocean_pixels;  /* MS_SUMMARY_COAST */
  guint64        coast_pairs;
} Band;

/* The big tables a band adds to, one set per band at work rather than one
 * per band: counts add up in any order, and fresh megabytes for each of
 * many bands cost more in page faults than filling them.  u32 counts hold
 * a 32768² map's 2³⁰ pixels. */
typedef struct
{
  guint8        *seen;          /* 65536 water ids, or NULL without WBID */
  guint32       *tops;          /* MS_SUMMARY_PERCENTILES: 2 × 65536 key counts */
  guint32       *low;           /* and n_guessed × 65536 low-bit counts */
} Tables;

/* A pixel's class for the coastline: a pair is coast when its two
 * classes OR to LAND | OCEAN. */
enum
{
  CLASS_LAND = 1,
  CLASS_OCEAN = 2,
  CLASS_LAKE = 4,
};

typedef struct
{
  MsBlueprint   *bp;
  guint          n;
  guint          band_width;
  gboolean       has_water;
  MsSummaryFlags flags;
  guint16        guessed[MS_SUMMARY_N_PERCENTILES];  /* guess_percentile_tops () */
  guint          n_guessed;
  guint8         biome_class[256];  /* without WBID: each biome's class */
  Band          *bands;
  GMutex         tables_lock;
  GPtrArray     *tables;        /* every Tables made */
  GPtrArray     *idle_tables;   /* those no band holds now */
  double        *column_sums;   /* one per column x */
  guint          overview_cell; /* MS_SUMMARY_OVERVIEW, else 0 */
  guint          overview_height;
  float         *overview_means;
  guint32       *overview_counts;
  GCancellable  *cancellable;
} SummaryJob;

/* Adds column @h's finite heights to the cells' sums and counts: cell cy
 * takes rows [cy · k, (cy + 1) · k). */
static void
overview_add_column (const guint8 *h,
                     guint         n,
                     guint         k,
                     double       *sums,
                     guint32      *counts)
{
  for (guint y0 = 0, cy = 0; y0 < n; y0 += k, cy++)
    {
      guint y1 = MIN (y0 + k, n);
      float sum = 0.0f;
      guint count = 0;

      for (guint y = y0; y < y1; y++)
        {
          float v;
          gboolean finite;

          memcpy (&v, h + (gsize) y * sizeof (float), sizeof v);
          /* v − v is 0 for a finite v, NaN for inf and NaN. */
          finite = v - v == 0.0f;
          sum += finite ? v : 0.0f;
          count += finite;
        }
      sums[cy] += sum;
      counts[cy] += count;
    }
}

/* Classes of a column of biomes into @out (files without WBID; with
 * WBID, ms_scan_coast_ids () reads the ids themselves). */
static void
classify_column (SummaryJob   *job,
                 const guint8 *biomes,
                 guint8       *out)
{
  for (guint y = 0; y < job->n; y++)
    out[y] = job->biome_class[biomes[y]];
}

/* Ocean pixels of @column, and its coast pairs: down the column, and
 * across to @previous (the column x − 1, or NULL at x = 0). */
static void
count_coast (const guint8 *column,
             const guint8 *previous,
             guint         n,
             Band         *band)
{
  guint64 ocean = 0, pairs = 0;

  for (guint y = 0; y < n; y++)
    {
      ocean += column[y] == CLASS_OCEAN;
      if (y + 1 < n)
        pairs += (column[y] | column[y + 1]) == (CLASS_LAND | CLASS_OCEAN);
      if (previous != NULL)
        pairs += (column[y] | previous[y]) == (CLASS_LAND | CLASS_OCEAN);
    }
  band->ocean_pixels += ocean;
  band->coast_pairs += pairs;
}

/* Per field, per worker: 256 KiB of columns read at a time. */
#define SUMMARY_WINDOW_BYTES ((gsize) 256 << 10)

static void
tables_free (Tables *t)
{
  g_free (t->seen);
  g_free (t->tops);
  g_free (t->low);
  g_free (t);
}

static Tables *
take_tables (SummaryJob *job)
{
  Tables *t;

  g_mutex_lock (&job->tables_lock);
  if (job->idle_tables->len > 0)
    t = g_ptr_array_steal_index_fast (job->idle_tables, job->idle_tables->len - 1);
  else
    {
      t = g_new0 (Tables, 1);
      if (job->has_water)
        t->seen = g_new0 (guint8, 65536);
      if (job->flags & MS_SUMMARY_PERCENTILES)
        t->tops = g_new0 (guint32, 2 * 65536);
      if (job->n_guessed > 0)
        t->low = g_new0 (guint32, (gsize) job->n_guessed * 65536);
      g_ptr_array_add (job->tables, t);
    }
  g_mutex_unlock (&job->tables_lock);
  return t;
}

static void
give_tables (SummaryJob *job,
             Tables     *t)
{
  g_mutex_lock (&job->tables_lock);
  g_ptr_array_add (job->idle_tables, t);
  g_mutex_unlock (&job->tables_lock);
}

static void
summarize_band (guint    index,
                gpointer user_data)
{
  static MsScratchSlot windows_slot;
  SummaryJob *job = user_data;
  Band *band = &job->bands[index];
  Tables *tables;
  guint n = job->n;
  guint x0 = index * job->band_width, x1 = MIN (x0 + job->band_width, n);
  g_autofree float *heights = NULL;
  g_autofree guint8 *biomes = NULL;
  g_autofree guint16 *ids = NULL;
  g_autofree guint8 *classes = NULL;  /* MS_SUMMARY_COAST: this column's and the last */
  const guint8 *previous_ids = NULL;  /* with WBID: column x − 1's ids */
  gboolean paired = FALSE;
  gboolean coast = (job->flags & MS_SUMMARY_COAST) != 0;
  MsColumnWindow hw, bw, ww;
  guint8 *windows;
  g_autofree double *cell_sums = NULL;     /* MS_SUMMARY_OVERVIEW: this cell column's */
  g_autofree guint32 *cell_counts = NULL;

  ms_height_range_init (&band->range);
  if (job->overview_cell > 0)
    {
      cell_sums = g_new0 (double, job->overview_height);
      cell_counts = g_new0 (guint32, job->overview_height);
    }
  if (g_cancellable_is_cancelled (job->cancellable))
    return;
  tables = take_tables (job);
  if (coast)
    {
      /* With WBID: the last column's ids (the window may have moved on);
       * without: the two columns' classes, alternating by parity. */
      classes = g_new (guint8, 2 * (gsize) n);
      /* The column before the band, for the pairs across its edge. */
      if (x0 > 0)
        {
          if (job->has_water)
            {
              ms_blueprint_sample_column (job->bp, x0 - 1, 0, 1, n, NULL, (guint16 *) classes, NULL);
              previous_ids = classes;
            }
          else
            {
              g_autofree guint8 *before = g_new (guint8, n);

              ms_blueprint_read_biomes (job->bp, x0 - 1, 0, n, before);
              classify_column (job, before, classes + ((x0 - 1) & 1) * (gsize) n);
            }
        }
    }

  /* Copies a few columns at a time rather than faulting the mapping in
   * (see ms_blueprint_copy_columns ()). */
  windows = ms_parallel_scratch (&windows_slot, 3 * SUMMARY_WINDOW_BYTES);
  ms_column_window_init (&hw, job->bp, MS_GRID_HEIGHTS, windows, SUMMARY_WINDOW_BYTES);
  ms_column_window_init (&bw, job->bp, MS_GRID_BIOMES, windows + SUMMARY_WINDOW_BYTES, SUMMARY_WINDOW_BYTES);
  ms_column_window_init (&ww, job->bp, MS_GRID_WATER_IDS, windows + 2 * SUMMARY_WINDOW_BYTES,
                         SUMMARY_WINDOW_BYTES);

  for (guint x = x0; x < x1; x++)
    {
      const guint8 *h = ms_column_window_get (&hw, x, x1);
      const guint8 *b = ms_column_window_get (&bw, x, x1);
      /* The next column, when it is at hand without another read. */
      const guint8 *next = h != NULL && !paired && x + 1 < x1 &&
                           (hw.max_columns == 0 || ms_column_window_has (&hw, x + 1))
                           ? ms_column_window_get (&hw, x + 1, x1) : NULL;

      /* v1 files and big-endian hosts: through the copying accessors. */
      if (h == NULL)
        {
          if (heights == NULL)
            heights = g_new (float, n);
          ms_blueprint_read_heights (job->bp, x, 0, n, heights);
          h = (const guint8 *) heights;
        }
      if (b == NULL)
        {
          if (biomes == NULL)
            biomes = g_new (guint8, n);
          ms_blueprint_read_biomes (job->bp, x, 0, n, biomes);
          b = biomes;
        }
      /* Each column's own sum, added in column order afterwards, keeps
       * the mean independent of how the columns were shared out. */
      if (paired)
        paired = FALSE;  /* summed with the column before */
      else if (next != NULL)
        {
          /* Two columns at once in place: the same sums, twice the overlap. */
          ms_scan_heights_pair (h, next, n, &band->range, &job->column_sums[x], &job->column_sums[x + 1]);
          paired = TRUE;
        }
      else
        job->column_sums[x] = ms_scan_heights (h, n, &band->range);
      ms_scan_histogram_u8 (b, n, band->biomes);
      if (cell_sums != NULL)
        {
          guint k = job->overview_cell, cx = x / k;

          overview_add_column (h, n, k, cell_sums, cell_counts);
          /* The cell column's last map column: its means.  Bands start
           * on cell columns, so a cell column is one band's. */
          if ((x + 1) % k == 0 || x + 1 == n)
            {
              guint width = (n + k - 1) / k;

              for (guint cy = 0; cy < job->overview_height; cy++)
                {
                  gsize o = (gsize) cy * width + cx;

                  job->overview_counts[o] = cell_counts[cy];
                  job->overview_means[o] = cell_counts[cy] > 0 ? (float) (cell_sums[cy] / cell_counts[cy]) : NAN;
                  cell_sums[cy] = 0;
                  cell_counts[cy] = 0;
                }
            }
        }
      if (tables->tops != NULL)
        ms_scan_height_keys (h, n, tables->tops, job->guessed, job->n_guessed, tables->low);

      {
        const guint8 *w = NULL;

        if (job->has_water)
          {
            /* The coast wants the last column's ids: kept where the
             * window is about to read over them. */
            if (coast && x > x0 && previous_ids != classes && ww.max_columns > 0 && !ms_column_window_has (&ww, x))
              {
                memcpy (classes, previous_ids, 2 * (gsize) n);
                previous_ids = classes;
              }
            w = ms_column_window_get (&ww, x, x1);
            if (w == NULL)
              {
                if (ids == NULL)
                  ids = g_new (guint16, n);
                ms_blueprint_sample_column (job->bp, x, 0, 1, n, NULL, ids, NULL);
                w = (const guint8 *) ids;
              }
            band->water_pixels += ms_scan_water_ids (w, n, tables->seen);
          }
        if (coast && job->has_water)
          {
            ms_scan_coast_ids (w, x > 0 ? previous_ids : NULL, n, &band->ocean_pixels, &band->coast_pairs);
            /* Copied ids (v1, big-endian hosts) are written over by the
             * next column. */
            if (w == (const guint8 *) ids)
              {
                memcpy (classes, w, 2 * (gsize) n);
                previous_ids = classes;
              }
            else
              previous_ids = w;
          }
        else if (coast)
          {
            guint8 *column = classes + (x & 1) * (gsize) n;

            classify_column (job, b, column);
            count_coast (column, x > 0 ? classes + ((x - 1) & 1) * (gsize) n : NULL, n, band);
          }
      }
    }
  give_tables (job, tables);
}

/* The second, narrow pass of MS_SUMMARY_PERCENTILES: the low 16 bits of
 * the keys whose top 16 bits hold a wanted rank. */
typedef struct
{
  MsBlueprint   *bp;
  guint          n;
  guint          band_width;
  const guint16 *tops;
  guint          n_tops;
  guint32      **counts;        /* per band: n_tops × 65536 */
  GCancellable  *cancellable;
} LowJob;

static void
percentile_band (guint    index,
                 gpointer user_data)
{
  static MsScratchSlot window_slot;
  LowJob *job = user_data;
  guint n = job->n;
  guint x0 = index * job->band_width, x1 = MIN (x0 + job->band_width, n);
  g_autofree float *heights = NULL;
  guint32 *counts = job->counts[index] = g_new0 (guint32, (gsize) job->n_tops * 65536);
  MsColumnWindow hw;

  if (g_cancellable_is_cancelled (job->cancellable))
    return;
  ms_column_window_init (&hw, job->bp, MS_GRID_HEIGHTS,
                         ms_parallel_scratch (&window_slot, SUMMARY_WINDOW_BYTES), SUMMARY_WINDOW_BYTES);
  for (guint x = x0; x < x1; x++)
    {
      const guint8 *h = ms_column_window_get (&hw, x, x1);

      if (h == NULL)
        {
          if (heights == NULL)
            heights = g_new (float, n);
          ms_blueprint_read_heights (job->bp, x, 0, n, heights);
          h = (const guint8 *) heights;
        }
      ms_scan_height_keys_within (h, n, job->tops, job->n_tops, counts);
    }
}

/* Rank r (from 1) of each percentile among @f finite heights: the r-th
 * smallest is the smallest h with count (≤ h) ≥ r = ⌈pct × f / 100⌉, at
 * least 1.  In integers: a double would round 5 % of 2³² heights. */
static void
percentile_ranks (guint64 f,
                  guint64 ranks[MS_SUMMARY_N_PERCENTILES])
{
  static const guint pcts[MS_SUMMARY_N_PERCENTILES] = { 5, 50, 95 };

  for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
    ranks[i] = MAX ((guint64) 1, (pcts[i] * f + 99) / 100);
}

/* The top (key >> 16) holding each rank in @tops (65536 counts), and how
 * many finite keys lie below it; returns the finite count. */
static guint64
locate_ranks (const guint32 *tops,
              const guint64  ranks[MS_SUMMARY_N_PERCENTILES],
              guint16        top_of[MS_SUMMARY_N_PERCENTILES],
              guint64        below[MS_SUMMARY_N_PERCENTILES])
{
  guint64 seen = 0;
  guint p = 0;

  /* Only the finite heights' bins (the scan counts every value). */
  for (guint top = MS_HEIGHT_TOP_FIRST_FINITE; top <= MS_HEIGHT_TOP_LAST_FINITE; top++)
    {
      while (p < MS_SUMMARY_N_PERCENTILES && seen + tops[top] >= ranks[p])
        {
          top_of[p] = (guint16) top;
          below[p] = seen;
          p++;
        }
      seen += tops[top];
    }
  return seen;
}

/* Adds @top to @set (at most MS_SUMMARY_N_PERCENTILES) unless there;
 * returns its place. */
static guint
add_top (guint16 *set,
         guint   *n_set,
         guint16  top)
{
  for (guint t = 0; t < *n_set; t++)
    if (set[t] == top)
      return t;
  set[*n_set] = top;
  return (*n_set)++;
}

typedef struct
{
  MsBlueprint *bp;
  guint        step;
  guint        n_items;
  guint32    **counts;   /* per item: 2 × 65536 */
} GuessJob;

static void
guess_item (guint    index,
            gpointer user_data)
{
  GuessJob *job = user_data;
  guint n = ms_blueprint_get_map_size (job->bp);
  g_autofree float *column = g_new (float, n);
  guint32 *counts = job->counts[index] = g_new0 (guint32, 2 * 65536);

  for (guint x = job->step / 2 + index * job->step; x < n; x += job->n_items * job->step)
    {
      ms_blueprint_read_heights (job->bp, x, 0, n, column);
      ms_scan_height_keys ((const guint8 *) column, n, counts, NULL, 0, NULL);
    }
}

/* Where the percentiles probably lie, from 128 columns spread over the
 * map (fewer were seen to miss on the demo): the main pass counts the
 * low bits of keys in these tops as it goes, so only a guess that missed
 * needs another pass over HGTS.  Returns how many distinct tops @guess
 * holds.  (Counting the tops beside each guess too saved that pass on 4
 * of 23 bench maps but cost every map more in the main pass than the
 * pass costs those 4: the keys in the wanted tops are what the main
 * pass's histogram spends its time on.) */
static guint
guess_percentile_tops (MsBlueprint *bp,
                       guint16      guess[MS_SUMMARY_N_PERCENTILES])
{
  guint n = ms_blueprint_get_map_size (bp), n_guess = 0;
  guint n_items = ms_parallel_get_n_workers ();
  g_autofree guint32 **tables = g_new0 (guint32 *, n_items);
  GuessJob job = { bp, MAX (1u, n / 128), n_items, tables };
  guint32 *counts;
  guint64 f = 0, ranks[MS_SUMMARY_N_PERCENTILES], below[MS_SUMMARY_N_PERCENTILES];
  guint16 top_of[MS_SUMMARY_N_PERCENTILES];

  ms_parallel_for (n_items, guess_item, &job);
  counts = tables[0];
  for (guint k = 0; k < 65536; k++)
    {
      counts[k] += counts[65536 + k];
      for (guint t = 1; t < n_items; t++)
        counts[k] += tables[t][k] + tables[t][65536 + k];
      if (k >= MS_HEIGHT_TOP_FIRST_FINITE && k <= MS_HEIGHT_TOP_LAST_FINITE)
        f += counts[k];
    }
  for (guint t = 1; t < n_items; t++)
    g_free (tables[t]);
  if (f > 0)
    {
      percentile_ranks (f, ranks);
      locate_ranks (counts, ranks, top_of, below);
      for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
        add_top (guess, &n_guess, top_of[i]);
    }
  g_free (counts);
  return n_guess;
}

/* The nearest-rank percentiles (the smallest height with at least N % of
 * the finite heights at or below it) from the merged @tops counts, the
 * low bits the main pass counted in the guessed tops, and, for a
 * percentile whose top was not guessed, one more pass over HGTS. */
static void
find_percentiles (MsBlueprint        *bp,
                  guint               band_width,
                  guint               n_bands,
                  const guint32      *tops,
                  const guint16      *guessed,
                  guint               n_guessed,
                  const guint32      *guessed_counts,
                  MsBlueprintSummary *s,
                  GCancellable       *cancellable)
{
  guint64 ranks[MS_SUMMARY_N_PERCENTILES], below[MS_SUMMARY_N_PERCENTILES];
  guint16 top_of[MS_SUMMARY_N_PERCENTILES];
  guint16 missing[MS_SUMMARY_N_PERCENTILES];
  guint n_missing = 0;
  g_autofree guint32 **counts = g_new0 (guint32 *, n_bands);
  LowJob job = { bp, ms_blueprint_get_map_size (bp), band_width, missing, 0, counts, cancellable };

  for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
    s->height_percentiles[i] = NAN;
  if (s->finite_heights == 0)
    return;
  percentile_ranks (s->finite_heights, ranks);
  locate_ranks (tops, ranks, top_of, below);

  for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
    {
      gboolean found = FALSE;

      for (guint t = 0; t < n_guessed; t++)
        found |= guessed[t] == top_of[i];
      if (!found)
        add_top (missing, &n_missing, top_of[i]);
    }
  s->percentile_passes = 1 + (n_missing > 0);
  if (n_missing > 0)
    {
      job.n_tops = n_missing;
      ms_parallel_for (n_bands, percentile_band, &job);
      for (guint i = 1; i < n_bands; i++)
        {
          for (gsize k = 0; k < (gsize) n_missing * 65536; k++)
            counts[0][k] += counts[i][k];
          g_clear_pointer (&counts[i], g_free);
        }
      if (g_cancellable_is_cancelled (cancellable))
        {
          g_free (counts[0]);
          return;
        }
    }

  for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
    {
      const guint32 *low = NULL;
      guint64 c = below[i];

      for (guint t = 0; t < n_guessed && low == NULL; t++)
        if (guessed[t] == top_of[i])
          low = guessed_counts + (gsize) t * 65536;
      for (guint t = 0; t < n_missing && low == NULL; t++)
        if (missing[t] == top_of[i])
          low = counts[0] + (gsize) t * 65536;
      g_assert (low != NULL);
      for (guint k = 0; k < 65536; k++)
        {
          c += low[k];
          if (c >= ranks[i])
            {
              s->height_percentiles[i] = ms_height_from_key (((guint32) top_of[i] << 16) | k);
              break;
            }
        }
    }
  g_free (counts[0]);
}


/* Entry i: the smallest height of the bin where the count from the top
 * reaches i % of @s's finite heights; the ends exact. */
static void
hypsometric_curve (const guint32      *tops,
                   MsBlueprintSummary *s)
{
  guint64 f = s->finite_heights, above = 0;
  /* Non-finite keys' tops are ≥ 0xff80 (+inf, NaN) or ≤ 0x007f. */
  guint k = 0xff80;

  for (guint i = 0; i < MS_SUMMARY_N_CURVE; i++)
    s->hypsometric[i] = NAN;
  if (f == 0)
    return;
  for (guint i = 1; i + 1 < MS_SUMMARY_N_CURVE; i++)
    {
      /* At least ⌈i × f / 100⌉ heights at or above it. */
      guint64 want = MAX ((i * f + (MS_SUMMARY_N_CURVE - 2)) / (MS_SUMMARY_N_CURVE - 1), 1);
      float h;

      while (above < want && k > 0x0080)
        above += tops[--k];
      h = ms_height_from_key ((guint32) k << 16);
      s->hypsometric[i] = CLAMP ((double) h, s->height_min, s->height_max);
    }
  s->hypsometric[0] = s->height_max;
  s->hypsometric[MS_SUMMARY_N_CURVE - 1] = s->height_min;
}

/* Returns how many biome ordinals were beyond the profile's. */
static guint64
summarize_grids (MsBlueprint        *bp,
                 MsSummaryFlags      flags,
                 MsBlueprintSummary *s,
                 GCancellable       *cancellable)
{
  guint64 out_of_range = 0;
  guint n = ms_blueprint_get_map_size (bp);
  guint n_bands;
  g_autofree Band *bands = NULL;
  g_autofree double *column_sums = g_new (double, n);
  g_autofree guint8 *seen = NULL;
  g_autofree guint32 *tops = NULL;
  g_autofree guint32 *guessed_counts = NULL;
  SummaryJob job = {
    .bp = bp, .n = n, .has_water = ms_blueprint_has_water (bp), .flags = flags,
    .column_sums = column_sums, .cancellable = cancellable,
  };
  MsProfile *profile = ms_blueprint_get_profile (bp);
  MsHeightRange range;
  double sum = 0.0;

  /* Without WBID the coast comes from the profile's ocean biome; a
   * profile without one has no ocean to measure. */
  s->has_ocean = job.has_water;
  for (guint b = 0; b < 256; b++)
    {
      gboolean ocean = ms_profile_is_ocean_biome (profile, b);

      job.biome_class[b] = ocean ? CLASS_OCEAN : ms_profile_is_water_biome (profile, b) ? CLASS_LAKE : CLASS_LAND;
      s->has_ocean |= ocean;
    }
  if (!s->has_ocean)
    job.flags &= ~MS_SUMMARY_COAST;

  /* A few bands per processor balance the load; ≤ 2²⁵ pixels a band keeps
   * the u32 biome counts from overflowing. */
  job.band_width = MAX (1u, MIN (n / (4 * ms_parallel_get_n_workers ()), (1u << 25) / n));
  if (flags & MS_SUMMARY_OVERVIEW)
    {
      guint k = 1;

      while ((guint64) MS_SUMMARY_OVERVIEW_CELLS * k < n)
        k *= 2;
      job.overview_cell = s->overview_cell = k;
      s->overview_width = (n + k - 1) / k;
      job.overview_height = s->overview_height = (n + k - 1) / k;
      job.overview_means = s->overview_means = g_new (float, (gsize) s->overview_width * s->overview_height);
      job.overview_counts = s->overview_counts = g_new (guint32, (gsize) s->overview_width * s->overview_height);
      /* Whole cell columns a band (a few more pixels than 2²⁵ at most:
       * the biome counts are u32). */
      job.band_width = (job.band_width + k - 1) / k * k;
    }
  n_bands = (n + job.band_width - 1) / job.band_width;
  bands = job.bands = g_new0 (Band, n_bands);
  g_mutex_init (&job.tables_lock);
  job.tables = g_ptr_array_new_with_free_func ((GDestroyNotify) tables_free);
  job.idle_tables = g_ptr_array_new ();
  if (job.flags & MS_SUMMARY_PERCENTILES)
    {
      job.n_guessed = guess_percentile_tops (bp, job.guessed);
      guessed_counts = g_new0 (guint32, (gsize) MAX (job.n_guessed, 1) * 65536);
    }
  ms_parallel_for (n_bands, summarize_band, &job);

  ms_height_range_init (&range);
  if (job.flags & MS_SUMMARY_PERCENTILES)
    tops = g_new0 (guint32, 65536);
  s->has_water = job.has_water;
  if (s->has_water)
    seen = g_new0 (guint8, 65536);
  for (guint i = 0; i < n_bands; i++)
    {
      Band *band = &bands[i];

      range.finite += band->range.finite;
      range.nonfinite += band->range.nonfinite;
      range.lo = MIN (range.lo, band->range.lo);
      range.hi = MAX (range.hi, band->range.hi);
      /* The reader rejected ordinals >= n_biomes. */
      for (guint b = 0; b < 256; b++)
        if (b < s->n_biomes)
          s->biome_counts[b] += band->biomes[b];
        else
          out_of_range += band->biomes[b];
      s->water_pixels += band->water_pixels;
      s->ocean_pixels += band->ocean_pixels;
      s->coast_pairs += band->coast_pairs;
    }
  for (guint i = 0; i < job.tables->len; i++)
    {
      Tables *t = g_ptr_array_index (job.tables, i);

      for (guint id = 1; t->seen != NULL && id < 65536; id++)
        seen[id] |= t->seen[id];
      for (guint k = 0; t->tops != NULL && k < 65536; k++)
        tops[k] += t->tops[k] + t->tops[65536 + k];
      for (gsize k = 0; t->low != NULL && k < (gsize) job.n_guessed * 65536; k++)
        guessed_counts[k] += t->low[k];
    }
  g_ptr_array_unref (job.idle_tables);
  g_ptr_array_unref (job.tables);
  g_mutex_clear (&job.tables_lock);
  s->has_coast = (job.flags & MS_SUMMARY_COAST) != 0;
  for (guint x = 0; x < n; x++)
    sum += column_sums[x];

  s->finite_heights = range.finite;
  s->nonfinite_heights = range.nonfinite;
  if (s->finite_heights > 0)
    {
      s->height_min = range.lo;
      s->height_max = range.hi;
      s->height_mean = sum / (double) s->finite_heights;
    }
  else
    {
      s->height_min = s->height_max = s->height_mean = NAN;
    }

  for (guint id = 1; seen != NULL && id < 65536; id++)
    if (seen[id])
      {
        s->water_bodies++;
        if (id >= 2)
          s->water_lakes++;
      }

  s->has_percentiles = tops != NULL;
  if (tops != NULL)
    hypsometric_curve (tops, s);
  if (tops != NULL && !g_cancellable_is_cancelled (cancellable))
    find_percentiles (bp, job.band_width, n_bands, tops, job.guessed, job.n_guessed, guessed_counts, s,
                      cancellable);
  return out_of_range;
}

MsBlueprintSummary *
ms_blueprint_summarize (MsBlueprint   *bp,
                        GCancellable  *cancellable,
                        GError       **error)
{
  return ms_blueprint_summarize_full (bp, MS_SUMMARY_BASIC, cancellable, error);
}

/**
 * ms_blueprint_summarize_full:
 * @flags: the figures beyond `info`'s (each costs time in the same pass;
 *   the percentiles a second pass over HGTS for a few key ranges)
 */
MsBlueprintSummary *
ms_blueprint_summarize_full (MsBlueprint    *bp,
                             MsSummaryFlags  flags,
                             GCancellable   *cancellable,
                             GError        **error)
{
  g_autoptr(MsBlueprintSummary) s = g_new0 (MsBlueprintSummary, 1);
  MsProfile *profile = ms_blueprint_get_profile (bp);
  const MsTown *towns;
  guint64 out_of_range;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);

  s->n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  s->biome_counts = g_new0 (guint64, s->n_biomes);
  out_of_range = summarize_grids (bp, flags, s, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  /* The open's range check, folded into the histogram: only a file that
   * fails it is read again, for the first bad pixel the error names. */
  if (bp->biomes_unchecked)
    {
      if (out_of_range > 0)
        {
          if (!ms_blueprint_check_biomes (bp, FALSE, cancellable, error))
            return NULL;
          g_set_error (error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE,
                       "%s: biome ordinals beyond the profile's were counted but not found again",
                       ms_mapping_get_display_name (ms_blueprint_get_mapping (bp)));
          return NULL;
        }
      bp->biomes_unchecked = FALSE;
    }

  s->n_tiers = ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS);
  s->towns_by_tier = g_new0 (guint, s->n_tiers);
  towns = ms_blueprint_get_towns (bp, &s->n_towns);
  for (guint i = 0; i < s->n_towns; i++)
    {
      s->towns_by_tier[towns[i].tier]++;
      if (towns[i].highway_node)
        s->n_highway_nodes++;
    }

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      MsRoadSummary *r = &s->roads[tier];

      r->paths = ms_blueprint_get_n_paths (bp, tier);
      for (guint i = 0; i < r->paths; i++)
        {
          guint n_points;
          const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

          r->points += n_points;
          r->length += ms_road_path_length (pts, n_points);
        }
    }

  return g_steal_pointer (&s);
}

/**
 * ms_blueprint_summarize_path:
 * @out_blueprint: (out) (optional): the blueprint the figures are of
 *
 * Opens @path and summarises it in one pass over each grid: the range check
 * of the biomes that opening a file makes (a whole pass over BIOM) is done by
 * the summary's biome histogram instead, with the same error for a file that
 * fails it.  What `mapsmith-cli info` runs.
 */
MsBlueprintSummary *
ms_blueprint_summarize_path (const char    *path,
                             MsProfile     *profile,
                             MsBlueprint  **out_blueprint,
                             GCancellable  *cancellable,
                             GError       **error)
{
  return ms_blueprint_summarize_path_full (path, profile, MS_SUMMARY_BASIC, out_blueprint, cancellable, error);
}

MsBlueprintSummary *
ms_blueprint_summarize_path_full (const char      *path,
                                  MsProfile       *profile,
                                  MsSummaryFlags   flags,
                                  MsBlueprint    **out_blueprint,
                                  GCancellable    *cancellable,
                                  GError         **error)
{
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_path_unchecked (path, profile, error);
  g_autoptr(MsBlueprintSummary) summary = NULL;

  if (bp == NULL)
    return NULL;
  summary = ms_blueprint_summarize_full (bp, flags, cancellable, error);
  if (summary == NULL)
    return NULL;
  /* As at open: a file that shrank meanwhile read zeros. */
  if (!ms_mapping_check (ms_blueprint_get_mapping (bp), error))
    return NULL;
  g_assert (!bp->biomes_unchecked);
  if (out_blueprint != NULL)
    *out_blueprint = g_steal_pointer (&bp);
  return g_steal_pointer (&summary);
}

/**
 * ms_blueprint_water_body_bounds:
 *
 * One pass over WBID, column by column.  Returns an array of
 * MsWaterBodyBounds indexed by body id (65536 entries at most, so the
 * memory does not depend on the map's size), or an empty array without WBID.
 */
GArray *
ms_blueprint_water_body_bounds (MsBlueprint   *bp,
                                GCancellable  *cancellable,
                                GError       **error)
{
  g_autoptr(GArray) bounds = g_array_new (FALSE, TRUE, sizeof (MsWaterBodyBounds));
  g_autofree guint *x1 = NULL, *y1 = NULL;
  g_autofree guint16 *ids = NULL;
  guint n, max_id = 0;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);

  if (!ms_blueprint_has_water (bp))
    return g_steal_pointer (&bounds);

  n = ms_blueprint_get_map_size (bp);
  g_array_set_size (bounds, 65536);
  x1 = g_new0 (guint, 65536);
  y1 = g_new0 (guint, 65536);
  ids = g_new (guint16, n);

  for (guint x = 0; x < n; x++)
    {
      if (x % 256 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      ms_blueprint_sample_column (bp, x, 0, 1, n, NULL, ids, NULL);
      for (guint y = 0; y < n; y++)
        {
          guint16 id = ids[y];
          MsWaterBodyBounds *b;

          if (id == 0)
            continue;
          b = &g_array_index (bounds, MsWaterBodyBounds, id);
          if (b->pixels == 0)
            {
              b->x = x;
              b->y = y;
              x1[id] = x;
              y1[id] = y;
            }
          b->x = MIN (b->x, x);
          b->y = MIN (b->y, y);
          x1[id] = MAX (x1[id], x);
          y1[id] = MAX (y1[id], y);
          b->pixels++;
          max_id = MAX (max_id, id);
        }
    }

  for (guint id = 1; id <= max_id; id++)
    {
      MsWaterBodyBounds *b = &g_array_index (bounds, MsWaterBodyBounds, id);
      if (b->pixels > 0)
        {
          b->width = x1[id] - b->x + 1;
          b->height = y1[id] - b->y + 1;
        }
    }
  g_array_set_size (bounds, max_id + 1);
  return g_steal_pointer (&bounds);
}
