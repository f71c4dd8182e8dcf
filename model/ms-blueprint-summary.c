/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over each grid, column by column (the file's own order), so the
 * pages of the mapping are read once and sequentially.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>

#include "ms-blueprint-summary.h"

void
ms_blueprint_summary_free (MsBlueprintSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->biome_counts);
  g_free (summary->towns_by_tier);
  g_free (summary);
}

static void
summarize_heights (MsBlueprint        *bp,
                   MsBlueprintSummary *s,
                   float              *column)
{
  guint n = ms_blueprint_get_map_size (bp);
  double sum = 0.0;
  float lo = INFINITY, hi = -INFINITY;

  for (guint x = 0; x < n; x++)
    {
      double column_sum = 0.0;

      ms_blueprint_read_heights (bp, x, 0, n, column);
      for (guint y = 0; y < n; y++)
        {
          float h = column[y];
          if (!isfinite (h))
            {
              s->nonfinite_heights++;
              continue;
            }
          lo = MIN (lo, h);
          hi = MAX (hi, h);
          column_sum += h;
          s->finite_heights++;
        }
      sum += column_sum;
    }

  if (s->finite_heights > 0)
    {
      s->height_min = lo;
      s->height_max = hi;
      s->height_mean = sum / (double) s->finite_heights;
    }
  else
    {
      s->height_min = s->height_max = s->height_mean = NAN;
    }
}

MsBlueprintSummary *
ms_blueprint_summarize (MsBlueprint   *bp,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(MsBlueprintSummary) s = g_new0 (MsBlueprintSummary, 1);
  MsProfile *profile = ms_blueprint_get_profile (bp);
  guint n = ms_blueprint_get_map_size (bp);
  g_autofree float *heights = g_new (float, n);
  g_autofree guint8 *biomes = g_new (guint8, n);
  const MsTown *towns;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);

  summarize_heights (bp, s, heights);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  s->n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);
  s->biome_counts = g_new0 (guint64, s->n_biomes);
  for (guint x = 0; x < n; x++)
    {
      ms_blueprint_read_biomes (bp, x, 0, n, biomes);
      /* The reader rejected ordinals >= n_biomes. */
      for (guint y = 0; y < n; y++)
        s->biome_counts[biomes[y]]++;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

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
          for (guint k = 1; k < n_points; k++)
            r->length += hypot ((double) pts[k].x - pts[k - 1].x, (double) pts[k].y - pts[k - 1].y);
        }
    }

  s->has_water = ms_blueprint_has_water (bp);
  if (s->has_water)
    {
      g_autofree guint8 *seen = g_new0 (guint8, 65536);
      g_autofree guint16 *ids = g_new (guint16, n);

      for (guint x = 0; x < n; x++)
        {
          ms_blueprint_sample_column (bp, x, 0, 1, n, NULL, ids, NULL);
          for (guint y = 0; y < n; y++)
            {
              guint16 id = ids[y];

              if (id == 0)
                continue;
              s->water_pixels++;
              if (!seen[id])
                {
                  seen[id] = 1;
                  s->water_bodies++;
                  if (id >= 2)
                    s->water_lakes++;
                }
            }
        }
    }

  return g_steal_pointer (&s);
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
