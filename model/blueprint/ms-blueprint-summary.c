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
  guint8        *seen;          /* 65536 water ids, or NULL without WBID */
  guint32       *tops;          /* MS_SUMMARY_PERCENTILES: 65536 key counts */
  guint64        ocean_pixels;  /* MS_SUMMARY_COAST */
  guint64        coast_pairs;
} Band;

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
  guint8         biome_class[256];  /* without WBID: each biome's class */
  Band          *bands;
  double        *column_sums;   /* one per column x */
  GCancellable  *cancellable;
} SummaryJob;

/* Classes of column @x into @out, from its water ids (host order, maybe
 * unaligned) with WBID, else from its biomes. */
static void
classify_column (SummaryJob   *job,
                 const guint8 *water,
                 const guint8 *biomes,
                 guint8       *out)
{
  guint n = job->n;

  if (job->has_water)
    for (guint y = 0; y < n; y++)
      {
        guint16 id;

        memcpy (&id, water + 2 * y, sizeof id);
        out[y] = id == 0 ? CLASS_LAND : id == 1 ? CLASS_OCEAN : CLASS_LAKE;
      }
  else
    for (guint y = 0; y < n; y++)
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
summarize_band (guint    index,
                gpointer user_data)
{
  static MsScratchSlot windows_slot;
  SummaryJob *job = user_data;
  Band *band = &job->bands[index];
  guint n = job->n;
  guint x0 = index * job->band_width, x1 = MIN (x0 + job->band_width, n);
  g_autofree float *heights = NULL;
  g_autofree guint8 *biomes = NULL;
  g_autofree guint16 *ids = NULL;
  g_autofree guint8 *classes = NULL;  /* MS_SUMMARY_COAST: this column's and the last */
  gboolean paired = FALSE;
  gboolean coast = (job->flags & MS_SUMMARY_COAST) != 0;
  MsColumnWindow hw, bw, ww;
  guint8 *windows;

  ms_height_range_init (&band->range);
  if (job->has_water)
    band->seen = g_new0 (guint8, 65536);
  if (job->flags & MS_SUMMARY_PERCENTILES)
    band->tops = g_new0 (guint32, 65536);
  if (g_cancellable_is_cancelled (job->cancellable))
    return;
  if (coast)
    {
      classes = g_new (guint8, 2 * (gsize) n);
      /* The column before the band, for the pairs across its edge. */
      if (x0 > 0)
        {
          g_autofree guint8 *before = g_new (guint8, 2 * (gsize) n);

          if (job->has_water)
            ms_blueprint_sample_column (job->bp, x0 - 1, 0, 1, n, NULL, (guint16 *) before, NULL);
          else
            ms_blueprint_read_biomes (job->bp, x0 - 1, 0, n, before);
          classify_column (job, before, before, classes + ((x0 - 1) & 1) * (gsize) n);
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
      if (band->tops != NULL)
        ms_scan_height_keys (h, n, band->tops);

      {
        const guint8 *w = NULL;

        if (job->has_water)
          {
            w = ms_column_window_get (&ww, x, x1);
            if (w == NULL)
              {
                if (ids == NULL)
                  ids = g_new (guint16, n);
                ms_blueprint_sample_column (job->bp, x, 0, 1, n, NULL, ids, NULL);
                w = (const guint8 *) ids;
              }
            band->water_pixels += ms_scan_water_ids (w, n, band->seen);
          }
        if (coast)
          {
            /* Columns alternate between the two halves by parity. */
            guint8 *column = classes + (x & 1) * (gsize) n;

            classify_column (job, w, b, column);
            count_coast (column, x > 0 ? classes + ((x - 1) & 1) * (gsize) n : NULL, n, band);
          }
      }
    }
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

/* The nearest-rank percentiles (the smallest height with at least @pct %
 * of the finite heights at or below it) from the merged @tops counts and
 * one more pass over the heights for the wanted top halves. */
static void
find_percentiles (MsBlueprint        *bp,
                  guint               band_width,
                  guint               n_bands,
                  const guint32      *tops,
                  MsBlueprintSummary *s,
                  GCancellable       *cancellable)
{
  static const double pcts[MS_SUMMARY_N_PERCENTILES] = { 5, 50, 95 };
  guint64 ranks[MS_SUMMARY_N_PERCENTILES];
  guint16 wanted_top[MS_SUMMARY_N_PERCENTILES];
  guint64 below_top[MS_SUMMARY_N_PERCENTILES];   /* keys under that top */
  guint16 distinct[MS_SUMMARY_N_PERCENTILES];
  guint n_distinct = 0;
  g_autofree guint32 **counts = g_new0 (guint32 *, n_bands);
  LowJob job = { bp, ms_blueprint_get_map_size (bp), band_width, distinct, 0, counts, cancellable };
  guint64 seen = 0;
  guint p = 0;

  for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
    {
      /* Rank r (from 1): the r-th smallest is the smallest h with
       * count (≤ h) ≥ r = ⌈pct × F / 100⌉, at least 1.  In integers: a
       * double would round 5 % of 2³² heights. */
      guint64 f = s->finite_heights;
      guint64 num = (guint64) pcts[i] * f;

      ranks[i] = MAX ((guint64) 1, (num + 99) / 100);
      s->height_percentiles[i] = NAN;
    }
  if (s->finite_heights == 0)
    return;
  for (guint top = 0; top < 65536 && p < MS_SUMMARY_N_PERCENTILES; top++)
    {
      while (p < MS_SUMMARY_N_PERCENTILES && seen + tops[top] >= ranks[p])
        {
          wanted_top[p] = (guint16) top;
          below_top[p] = seen;
          if (n_distinct == 0 || distinct[n_distinct - 1] != top)
            distinct[n_distinct++] = (guint16) top;
          p++;
        }
      seen += tops[top];
    }
  g_assert (p == MS_SUMMARY_N_PERCENTILES);

  job.n_tops = n_distinct;
  ms_parallel_for (n_bands, percentile_band, &job);
  if (g_cancellable_is_cancelled (cancellable))
    {
      for (guint i = 0; i < n_bands; i++)
        g_free (counts[i]);
      return;
    }
  for (guint i = 1; i < n_bands; i++)
    {
      for (gsize k = 0; k < (gsize) n_distinct * 65536; k++)
        counts[0][k] += counts[i][k];
      g_free (counts[i]);
    }
  for (guint i = 0; i < MS_SUMMARY_N_PERCENTILES; i++)
    {
      guint t = 0;
      guint64 c = below_top[i];

      while (distinct[t] != wanted_top[i])
        t++;
      for (guint low = 0; low < 65536; low++)
        {
          c += counts[0][t * 65536 + low];
          if (c >= ranks[i])
            {
              s->height_percentiles[i] = ms_height_from_key (((guint32) wanted_top[i] << 16) | low);
              break;
            }
        }
    }
  g_free (counts[0]);
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
  SummaryJob job = { bp, n, 0, ms_blueprint_has_water (bp), flags, { 0 }, NULL, column_sums, cancellable };
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
  n_bands = (n + job.band_width - 1) / job.band_width;
  bands = job.bands = g_new0 (Band, n_bands);
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
      if (band->seen != NULL)
        {
          s->water_pixels += band->water_pixels;
          for (guint id = 1; id < 65536; id++)
            seen[id] |= band->seen[id];
          g_free (band->seen);
        }
      if (band->tops != NULL)
        {
          for (guint k = 0; k < 65536; k++)
            tops[k] += band->tops[k];
          g_free (band->tops);
        }
      s->ocean_pixels += band->ocean_pixels;
      s->coast_pairs += band->coast_pairs;
    }
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
  if (tops != NULL && !g_cancellable_is_cancelled (cancellable))
    find_percentiles (bp, job.band_width, n_bands, tops, s, cancellable);
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
