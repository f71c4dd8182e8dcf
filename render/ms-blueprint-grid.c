/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads a rectangle of the blueprint once, column by column — the file's own
 * order — in bands of columns on the worker pool.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <string.h>

#include <math.h>

#include "ms-blueprint-grid.h"
#include "ms-parallel.h"

typedef struct
{
  MsBlueprint     *bp;
  MsBlueprintGrid *grid;
  guint            band_width;
  GCancellable    *cancellable;
} Job;

/* The in-map source range [*a, *b) of cell c along one axis. */
static gboolean
cell_range (gint64  origin,
            guint   k,
            guint   c,
            guint   n,
            guint  *a,
            guint  *b)
{
  gint64 lo = origin + (gint64) c * k, hi = lo + k;

  lo = MAX (lo, 0);
  hi = MIN (hi, (gint64) n);
  if (lo >= hi)
    return FALSE;
  *a = (guint) lo;
  *b = (guint) hi;
  return TRUE;
}

/* A float that may sit at any address (HGTS payloads are not 4-aligned). */
typedef float unaligned_float __attribute__ ((aligned (1)));

typedef struct
{
  guint8  *biomes;
  guint16 *ids;
  guint16 *levels;
} Samples;

/* Biome and water of column @cx's cells, sampled at the centre of each
 * cell's in-map part (x = @sx; G_MAXUINT when the column is off the map).
 * Whole cells form a run sampled with one strided read. */
static void
sample_centres (Job     *job,
                guint    cx,
                guint    sx,
                Samples *s)
{
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  guint first = G_MAXUINT, last = 0;

  for (guint cy = 0; cy < g->height; cy++)
    {
      guint a, b;

      s->biomes[cy] = 0;
      s->ids[cy] = 0;
      s->levels[cy] = 0;
      if (sx == G_MAXUINT || !cell_range (g->y0, g->k, cy, n, &a, &b))
        continue;
      if (b - a == g->k)
        {
          first = MIN (first, cy);
          last = cy;
          continue;
        }
      ms_blueprint_sample_column (job->bp, sx, a + (b - a) / 2, 1, 1,
                                  &s->biomes[cy], &s->ids[cy], &s->levels[cy]);
    }

  if (first != G_MAXUINT)
    {
      guint y0 = (guint) (g->y0 + (gint64) first * g->k) + g->k / 2;
      guint count = last - first + 1;
      const guint8 *bio = ms_blueprint_peek_column (job->bp, MS_GRID_BIOMES, sx);
      const guint8 *wid = ms_blueprint_peek_column (job->bp, MS_GRID_WATER_IDS, sx);
      const guint8 *wsf = ms_blueprint_peek_column (job->bp, MS_GRID_WATER_SURFACE, sx);

      /* In place when the file allows it: no copy of the column. */
      if (bio != NULL && wid != NULL && wsf != NULL)
        for (guint i = 0; i < count; i++)
          {
            gsize y = (gsize) y0 + (gsize) i * g->k;
            s->biomes[first + i] = bio[y];
            memcpy (&s->ids[first + i], wid + 2 * y, 2);
            memcpy (&s->levels[first + i], wsf + 2 * y, 2);
          }
      else
        ms_blueprint_sample_column (job->bp, sx, y0, g->k, count, &s->biomes[first],
                                    &s->ids[first], &s->levels[first]);
    }

  for (guint cy = 0; cy < g->height; cy++)
    {
      gsize o = (gsize) cy * g->width + cx;

      if (g->biomes) g->biomes[o] = s->biomes[cy];
      if (g->water_ids) g->water_ids[o] = s->ids[cy];
      if (g->surfaces) g->surfaces[o] = s->levels[cy];
    }
}

static void
reduce_band (guint    band,
             gpointer user_data)
{
  Job *job = user_data;
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  guint c0 = band * job->band_width, c1 = MIN (c0 + job->band_width, g->width);
  guint ya = 0, yb = 0;
  gboolean any_rows = FALSE;
  g_autofree float *copy = NULL;
  g_autofree double *sum = g_new (double, g->height);
  g_autofree guint *count = g_new (guint, g->height);
  g_autofree guint8 *biomes = g_new (guint8, g->height);
  g_autofree guint16 *ids = g_new (guint16, g->height);
  g_autofree guint16 *levels = g_new (guint16, g->height);
  Samples samples_storage = { biomes, ids, levels }, *samples = &samples_storage;

  if (g_cancellable_is_cancelled (job->cancellable))
    return;

  /* The in-map rows of the whole grid. */
  for (guint cy = 0; cy < g->height; cy++)
    {
      guint a, b;
      if (cell_range (g->y0, g->k, cy, n, &a, &b))
        {
          if (!any_rows)
            ya = a;
          yb = b;
          any_rows = TRUE;
        }
    }
  if (any_rows)
    copy = g_new (float, yb - ya);

  for (guint cx = c0; cx < c1; cx++)
    {
      guint xa, xb;
      gboolean in_map = any_rows && cell_range (g->x0, g->k, cx, n, &xa, &xb);

      memset (sum, 0, sizeof (double) * g->height);
      memset (count, 0, sizeof (guint) * g->height);

      for (guint x = in_map ? xa : 0; in_map && x < xb; x++)
        {
          const guint8 *in_place = ms_blueprint_peek_column (job->bp, MS_GRID_HEIGHTS, x);
          const unaligned_float *column;

          /* v2 on a little-endian host: read the mapping itself. */
          if (in_place != NULL)
            column = (const unaligned_float *) (gconstpointer) (in_place + (gsize) ya * 4);
          else
            {
              ms_blueprint_read_heights (job->bp, x, ya, yb - ya, copy);
              column = copy;
            }
          for (guint cy = 0; cy < g->height; cy++)
            {
              guint a, b;
              float block = 0.0f;
              guint finite = 0;

              if (!cell_range (g->y0, g->k, cy, n, &a, &b))
                continue;
              /* Heights are nearly always finite: sum without a branch, and
               * only when that gives NaN or infinity skip the bad ones. */
              for (guint i = a - ya; i < b - ya; i++)
                block += column[i];
              if (isfinite (block))
                {
                  finite = b - a;
                }
              else
                {
                  block = 0.0f;
                  for (guint i = a - ya; i < b - ya; i++)
                    if (isfinite (column[i]))
                      {
                        block += column[i];
                        finite++;
                      }
                }
              sum[cy] += block;
              count[cy] += finite;
            }
        }

      for (guint cy = 0; cy < g->height; cy++)
        g->heights[(gsize) cy * g->width + cx] = count[cy] ? (float) (sum[cy] / count[cy]) : NAN;
      if (g->counts != NULL)
        for (guint cy = 0; cy < g->height; cy++)
          g->counts[(gsize) cy * g->width + cx] = count[cy];

      if (g->biomes != NULL || g->water_ids != NULL || g->surfaces != NULL)
        sample_centres (job, cx, in_map ? xa + (xb - xa) / 2 : G_MAXUINT, samples);
    }
}

static void
sample_band (guint    band,
             gpointer user_data)
{
  Job *job = user_data;
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  guint c0 = band * job->band_width, c1 = MIN (c0 + job->band_width, g->width);
  g_autofree guint8 *biomes = g_new (guint8, g->height);
  g_autofree guint16 *ids = g_new (guint16, g->height);
  g_autofree guint16 *levels = g_new (guint16, g->height);
  Samples samples = { biomes, ids, levels };

  if (g_cancellable_is_cancelled (job->cancellable))
    return;
  for (guint cx = c0; cx < c1; cx++)
    {
      guint xa, xb;
      gboolean in_map = cell_range (g->x0, g->k, cx, n, &xa, &xb);

      sample_centres (job, cx, in_map ? xa + (xb - xa) / 2 : G_MAXUINT, &samples);
    }
}

/**
 * ms_blueprint_grid_sample:
 *
 * Fills only the biome and water samples of @grid (one read a cell, at its
 * centre, whatever k), leaving its heights alone: a pyramid tile above
 * level 0 takes its heights from the tiles below and samples the rest.
 */
void
ms_blueprint_grid_sample (MsBlueprint     *bp,
                          MsBlueprintGrid *grid,
                          GCancellable    *cancellable)
{
  Job job = { bp, grid, 0, cancellable };

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (grid->k > 0 && grid->biomes && grid->water_ids && grid->surfaces);

  job.band_width = 32;
  ms_parallel_for ((grid->width + job.band_width - 1) / job.band_width, sample_band, &job);
}

void
ms_blueprint_grid_reduce (MsBlueprint     *bp,
                          MsBlueprintGrid *grid,
                          GCancellable    *cancellable)
{
  Job job = { bp, grid, 0, cancellable };

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (grid->k > 0 && grid->heights != NULL);

  /* Bands of about 64 source columns keep each worker on contiguous runs. */
  job.band_width = MAX (1u, 64u / grid->k);
  ms_parallel_for ((grid->width + job.band_width - 1) / job.band_width, reduce_band, &job);
}
