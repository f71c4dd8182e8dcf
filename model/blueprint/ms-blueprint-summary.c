/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One fused pass over the grids, column by column (the file's own order) in
 * bands on every core, so the pages of the mapping are read once, in place
 * and sequentially.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>

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
} Band;

typedef struct
{
  MsBlueprint   *bp;
  guint          n;
  guint          band_width;
  gboolean       has_water;
  Band          *bands;
  double        *column_sums;   /* one per column x */
  GCancellable  *cancellable;
} SummaryJob;

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
  gboolean paired = FALSE;
  MsColumnWindow hw, bw, ww;
  guint8 *windows;

  ms_height_range_init (&band->range);
  if (job->has_water)
    band->seen = g_new0 (guint8, 65536);
  if (g_cancellable_is_cancelled (job->cancellable))
    return;

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

      if (job->has_water)
        {
          const guint8 *w = ms_column_window_get (&ww, x, x1);

          if (w == NULL)
            {
              if (ids == NULL)
                ids = g_new (guint16, n);
              ms_blueprint_sample_column (job->bp, x, 0, 1, n, NULL, ids, NULL);
              w = (const guint8 *) ids;
            }
          band->water_pixels += ms_scan_water_ids (w, n, band->seen);
        }
    }
}

/* Returns how many biome ordinals were beyond the profile's. */
static guint64
summarize_grids (MsBlueprint        *bp,
                 MsBlueprintSummary *s,
                 GCancellable       *cancellable)
{
  guint64 out_of_range = 0;
  guint n = ms_blueprint_get_map_size (bp);
  guint n_bands;
  g_autofree Band *bands = NULL;
  g_autofree double *column_sums = g_new (double, n);
  g_autofree guint8 *seen = NULL;
  SummaryJob job = { bp, n, 0, ms_blueprint_has_water (bp), NULL, column_sums, cancellable };
  MsHeightRange range;
  double sum = 0.0;

  /* A few bands per processor balance the load; ≤ 2²⁵ pixels a band keeps
   * the u32 biome counts from overflowing. */
  job.band_width = MAX (1u, MIN (n / (4 * ms_parallel_get_n_workers ()), (1u << 25) / n));
  n_bands = (n + job.band_width - 1) / job.band_width;
  bands = job.bands = g_new0 (Band, n_bands);
  ms_parallel_for (n_bands, summarize_band, &job);

  ms_height_range_init (&range);
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
    }
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
  return out_of_range;
}

MsBlueprintSummary *
ms_blueprint_summarize (MsBlueprint   *bp,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(MsBlueprintSummary) s = g_new0 (MsBlueprintSummary, 1);
  MsProfile *profile = ms_blueprint_get_profile (bp);
  const MsTown *towns;
  guint64 out_of_range;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);

  s->n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  s->biome_counts = g_new0 (guint64, s->n_biomes);
  out_of_range = summarize_grids (bp, s, cancellable);
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
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_path_unchecked (path, profile, error);
  g_autoptr(MsBlueprintSummary) summary = NULL;

  if (bp == NULL)
    return NULL;
  summary = ms_blueprint_summarize (bp, cancellable, error);
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
