/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the comparison grid, column by column: each map's column is
 * read once (the smaller map's columns are reused for the grid columns that
 * sample them), so both files are read sequentially, once.  Memory: a few
 * columns and 65536-entry id tables, whatever the maps' sizes.
 */
#define G_LOG_DOMAIN "ms-diff"

#include "config.h"

#include <math.h>

#include "ms-blueprint-diff.h"
#include "ms-diff-sampler.h"
#include "ms-diff-sampler-private.h"

void
ms_blueprint_diff_free (MsBlueprintDiff *diff)
{
  if (diff == NULL)
    return;
  g_free (diff->biome_transitions);
  g_free (diff->biome_counts_a);
  g_free (diff->biome_counts_b);
  g_free (diff->towns_a);
  g_free (diff->towns_b);
  g_free (diff);
}

static void
count_towns (MsBlueprint *bp,
             guint       *by_tier,
             guint        n_tiers)
{
  guint n;
  const MsTown *towns = ms_blueprint_get_towns (bp, &n);

  /* The reader range-checked tiers against the map's own profile. */
  for (guint i = 0; i < n; i++)
    if (towns[i].tier < n_tiers)
      by_tier[towns[i].tier]++;
}

static void
measure_roads (MsBlueprint *bp,
               guint        grid,
               MsDiffRoads  roads[MS_N_ROAD_TIERS])
{
  double scale = (double) grid / (double) ms_blueprint_get_map_size (bp);

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      MsDiffRoads *r = &roads[tier];

      r->paths = ms_blueprint_get_n_paths (bp, tier);
      for (guint i = 0; i < r->paths; i++)
        {
          guint n_points;
          const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

          r->points += n_points;
          for (guint k = 1; k < n_points; k++)
            r->length_own += hypot ((double) pts[k].x - pts[k - 1].x,
                                    (double) pts[k].y - pts[k - 1].y);
        }
      r->length = r->length_own * scale;
      r->length_m = r->length_own * MS_DIFF_WORLD_SPAN / (double) ms_blueprint_get_map_size (bp);
    }
}

typedef struct
{
  guint64 finite;
  double  sum;
  double  lo;
  double  hi;
} HeightSums;

#define HEIGHT_SUMS_INIT { 0, 0.0, INFINITY, -INFINITY }

static void
height_sums_add (HeightSums  *s,
                 const float *h,
                 guint        n)
{
  double column = 0.0;

  /* Summed by column first, as the Δ sums, so rounding stays small. */
  for (guint y = 0; y < n; y++)
    if (isfinite (h[y]))
      {
        s->lo = MIN (s->lo, (double) h[y]);
        s->hi = MAX (s->hi, (double) h[y]);
        column += h[y];
        s->finite++;
      }
  s->sum += column;
}

static void
height_sums_finish (const HeightSums *s,
                    MsDiffHeights    *out)
{
  out->finite = s->finite;
  if (s->finite == 0)
    {
      out->min = out->max = out->mean = NAN;
      return;
    }
  out->min = s->lo;
  out->max = s->hi;
  out->mean = s->sum / (double) s->finite;
}

static guint
profile_count (MsBlueprint   *a,
               MsBlueprint   *b,
               MsProfileEnum  kind)
{
  return MAX (ms_profile_get_count (ms_blueprint_get_profile (a), kind),
              ms_profile_get_count (ms_blueprint_get_profile (b), kind));
}

/**
 * ms_blueprint_diff:
 *
 * Compares @b against @a (deltas are B − A) on the larger map's grid; see
 * MsDiffSampler for the normalisation when the sizes differ.
 *
 * Returns: (transfer full): the figures, or %NULL with @error set when
 * cancelled.
 */
MsBlueprintDiff *
ms_blueprint_diff (MsBlueprint   *a,
                   MsBlueprint   *b,
                   GCancellable  *cancellable,
                   GError       **error)
{
  g_autoptr(MsBlueprintDiff) d = NULL;
  g_autoptr(MsDiffSampler) sampler = NULL;
  g_autofree float *ha = NULL, *hb = NULL;
  g_autofree guint8 *flags = NULL, *ba = NULL, *bb = NULL;
  g_autofree guint16 *ia = NULL, *ib = NULL;
  g_autofree guint8 *seen_a = NULL, *seen_b = NULL;
  double sum_abs = 0.0, sum_sq = 0.0, lo = INFINITY, hi = -INFINITY;
  HeightSums hs_a = HEIGHT_SUMS_INIT, hs_b = HEIGHT_SUMS_INIT;
  guint g;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  sampler = ms_diff_sampler_new (a, b);
  g = ms_diff_sampler_get_size (sampler);

  d = g_new0 (MsBlueprintDiff, 1);
  d->size_a = ms_blueprint_get_map_size (a);
  d->size_b = ms_blueprint_get_map_size (b);
  d->grid_size = g;
  d->normalised = d->size_a != d->size_b;
  d->pixels = (guint64) g * g;
  d->metres_per_pixel = MS_DIFF_WORLD_SPAN / (double) g;
  d->n_biomes = profile_count (a, b, MS_PROFILE_BIOMES);
  d->biome_transitions = g_new0 (guint64, (gsize) d->n_biomes * d->n_biomes);
  d->biome_counts_a = g_new0 (guint64, d->n_biomes);
  d->biome_counts_b = g_new0 (guint64, d->n_biomes);
  d->has_water_a = ms_blueprint_has_water (a);
  d->has_water_b = ms_blueprint_has_water (b);

  ha = g_new (float, g);
  hb = g_new (float, g);
  flags = g_new (guint8, g);
  ba = g_new (guint8, g);
  bb = g_new (guint8, g);
  ia = g_new (guint16, g);
  ib = g_new (guint16, g);
  seen_a = g_new0 (guint8, 65536);
  seen_b = g_new0 (guint8, 65536);

  for (guint x = 0; x < g; x++)
    {
      double column_abs = 0.0, column_sq = 0.0;

      if (x % 64 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;

      ms_diff_sampler_read_column (sampler, x, ha, hb, flags, ba, bb, ia, ib);
      height_sums_add (&hs_a, ha, g);
      height_sums_add (&hs_b, hb, g);
      for (guint y = 0; y < g; y++)
        {
          if (isfinite (ha[y]) && isfinite (hb[y]))
            {
              double delta = (double) hb[y] - (double) ha[y];

              lo = MIN (lo, delta);
              hi = MAX (hi, delta);
              column_abs += fabs (delta);
              column_sq += delta * delta;
              d->height_compared++;
            }
          else
            {
              d->height_skipped++;
            }

          if (flags[y] & MS_DIFF_BIOME_CHANGED)
            {
              d->biome_changed++;
              /* Each map's reader kept its ordinals below its profile's count. */
              if (ba[y] < d->n_biomes && bb[y] < d->n_biomes)
                d->biome_transitions[(gsize) ba[y] * d->n_biomes + bb[y]]++;
            }
          if (ba[y] < d->n_biomes)
            d->biome_counts_a[ba[y]]++;
          if (bb[y] < d->n_biomes)
            d->biome_counts_b[bb[y]]++;
          if (flags[y] & MS_DIFF_WATER_GAINED)
            d->water_gained++;
          if (flags[y] & MS_DIFF_WATER_LOST)
            d->water_lost++;
          /* The sampled pixels' own water, as the flags judged it. */
          d->water_a += ms_diff_side_is_water (&sampler->a, ba[y], ia[y]);
          d->water_b += ms_diff_side_is_water (&sampler->b, bb[y], ib[y]);
          seen_a[ia[y]] = 1;
          seen_b[ib[y]] = 1;
        }
      sum_abs += column_abs;
      sum_sq += column_sq;
    }

  if (d->height_compared > 0)
    {
      d->height_min = lo;
      d->height_max = hi;
      d->height_mean_abs = sum_abs / (double) d->height_compared;
      d->height_rms = sqrt (sum_sq / (double) d->height_compared);
    }
  else
    {
      d->height_min = d->height_max = d->height_mean_abs = d->height_rms = NAN;
    }

  height_sums_finish (&hs_a, &d->heights_a);
  height_sums_finish (&hs_b, &d->heights_b);

  /* Every pixel of the smaller map is some grid pixel's nearest sample, so
   * the ids seen are all the ids there are. */
  for (guint id = 1; id < 65536; id++)
    {
      d->bodies_a += seen_a[id];
      d->bodies_b += seen_b[id];
      if (id >= 2)
        {
          d->lakes_a += seen_a[id];
          d->lakes_b += seen_b[id];
        }
    }

  d->n_tiers = profile_count (a, b, MS_PROFILE_TOWN_TIERS);
  d->towns_a = g_new0 (guint, d->n_tiers);
  d->towns_b = g_new0 (guint, d->n_tiers);
  count_towns (a, d->towns_a, d->n_tiers);
  count_towns (b, d->towns_b, d->n_tiers);

  measure_roads (a, g, d->roads_a);
  measure_roads (b, g, d->roads_b);

  return g_steal_pointer (&d);
}
