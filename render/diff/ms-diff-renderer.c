/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the comparison grid, column by column, through the same
 * MsDiffSampler the figures use, so the image and the numbers agree.  Only
 * one image column of block accumulators is held; the image is the output.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>

#include "ms-diff-renderer.h"
#include "ms-diff-sampler.h"
#include "ms-tile.h"

static const MsRgb no_change = { 1.0f, 1.0f, 1.0f };
static const MsRgb lower = { 0.13f, 0.30f, 0.85f };
static const MsRgb higher = { 0.85f, 0.12f, 0.10f };
static const MsRgb no_height = { 0.5f, 0.5f, 0.5f };
static const MsRgb biome_hatch = { 0.75f, 0.0f, 0.75f };
static const MsRgb gained = { 0.0f, 0.9f, 0.9f };
static const MsRgb lost = { 1.0f, 0.55f, 0.0f };

MsRgb
ms_diff_colour (guint    column,
                guint    row,
                double   mean_delta,
                gboolean has_delta,
                double   scale,
                gboolean biome_changed,
                guint64  water_gained,
                guint64  water_lost)
{
  double t;

  if (water_gained > 0 || water_lost > 0)
    return water_gained >= water_lost ? gained : lost;

  /* Hatching rather than a tint keeps the height colours readable where
   * most biomes changed (two different seeds). */
  if (biome_changed && (column + row) % 4 == 0)
    return biome_hatch;

  if (!has_delta)
    return no_height;

  t = scale > 0.0 && isfinite (scale) ? mean_delta / scale : 0.0;
  t = CLAMP (t, -1.0, 1.0);
  return t < 0.0 ? ms_colour_mix (no_change, lower, (float) -t)
                 : ms_colour_mix (no_change, higher, (float) t);
}

typedef struct
{
  double  sum;
  guint64 finite;
  guint64 biome;
  guint64 gained;
  guint64 lost;
} Block;

/* Image columns [0, @cols) × rows [0, @rows) of @k×k blocks from grid pixel
 * (@gx0, @gy0) on, into @data; the hatching's phase is that of image pixel
 * (@col0, @row0), so tiles of one level join up. */
static gboolean
render_region (MsDiffSampler  *sampler,
               double          scale,
               guint           gx0,
               guint           gy0,
               guint           k,
               guint           cols,
               guint           rows,
               guint           col0,
               guint           row0,
               guint8         *data,
               gsize           stride,
               GCancellable   *cancellable,
               GError        **error)
{
  guint grid = ms_diff_sampler_get_size (sampler);
  guint gy1 = (guint) MIN ((guint64) gy0 + (guint64) rows * k, grid);
  guint n = gy1 - gy0;
  g_autofree float *ha = g_new (float, n);
  g_autofree float *hb = g_new (float, n);
  g_autofree guint8 *flags = g_new (guint8, n);
  g_autofree Block *blocks = g_new0 (Block, rows);

  for (guint column = 0; column < cols; column++)
    {
      guint x0 = gx0 + column * k, x1 = (guint) MIN ((guint64) x0 + k, grid);

      for (guint x = x0; x < x1; x++)
        {
          if (x % 64 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;

          ms_diff_sampler_read_rows (sampler, x, gy0, n, ha, hb, flags, NULL, NULL, NULL, NULL);
          for (guint i = 0; i < n; i++)
            {
              Block *block = &blocks[i / k];

              if (isfinite (ha[i]) && isfinite (hb[i]))
                {
                  block->sum += (double) hb[i] - (double) ha[i];
                  block->finite++;
                }
              block->biome += (flags[i] & MS_DIFF_BIOME_CHANGED) != 0;
              block->gained += (flags[i] & MS_DIFF_WATER_GAINED) != 0;
              block->lost += (flags[i] & MS_DIFF_WATER_LOST) != 0;
            }
        }

      for (guint row = 0; row < rows; row++)
        {
          const Block *block = &blocks[row];
          MsRgb c = ms_diff_colour (col0 + column, row0 + row,
                                    block->finite ? block->sum / (double) block->finite : 0.0,
                                    block->finite > 0, scale, block->biome > 0,
                                    block->gained, block->lost);
          guint32 *pixel = (guint32 *) (gpointer) (data + (gsize) row * stride) + column;

          *pixel = ms_colour_to_argb32 (c);
        }
      memset (blocks, 0, sizeof (Block) * rows);
    }
  return TRUE;
}

static cairo_surface_t *
new_surface (guint    width,
             guint    height,
             GError **error)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "Could not make a %u × %u image: %s",
                   width, height, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  return surface;
}

static cairo_surface_t *
render (MsDiffSampler  *sampler,
        double          scale,
        guint           gx0,
        guint           gy0,
        guint           k,
        guint           cols,
        guint           rows,
        guint           col0,
        guint           row0,
        GCancellable   *cancellable,
        GError        **error)
{
  cairo_surface_t *surface = new_surface (cols, rows, error);

  if (surface == NULL)
    return NULL;
  if (!render_region (sampler, scale, gx0, gy0, k, cols, rows, col0, row0,
                      cairo_image_surface_get_data (surface),
                      (gsize) cairo_image_surface_get_stride (surface), cancellable, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

cairo_surface_t *
ms_diff_render (MsBlueprint   *a,
                MsBlueprint   *b,
                double         scale,
                guint          max_size,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(MsDiffSampler) sampler = NULL;
  guint grid, k, side;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);

  if (max_size == 0)
    max_size = MS_DIFF_IMAGE_MAX_SIZE;
  sampler = ms_diff_sampler_new (a, b);
  grid = ms_diff_sampler_get_size (sampler);
  k = (grid + max_size - 1) / max_size;
  side = (grid + k - 1) / k;

  return render (sampler, scale, 0, 0, k, side, side, 0, 0, cancellable, error);
}

cairo_surface_t *
ms_diff_render_tile (MsBlueprint   *a,
                     MsBlueprint   *b,
                     double         scale,
                     guint          level,
                     guint          tx,
                     guint          ty,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(MsDiffSampler) sampler = NULL;
  guint64 k = (guint64) 1 << level, span = (guint64) MS_TILE_SIZE << level;
  guint grid, side, cols, rows;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);
  g_return_val_if_fail (level < 24, NULL);

  sampler = ms_diff_sampler_new (a, b);
  grid = ms_diff_sampler_get_size (sampler);
  if ((guint64) tx * span >= grid || (guint64) ty * span >= grid)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "There is no difference tile %u/%u/%u", level, tx, ty);
      return NULL;
    }
  side = (guint) ((grid + k - 1) / k);
  cols = MIN (MS_TILE_SIZE, side - tx * MS_TILE_SIZE);
  rows = MIN (MS_TILE_SIZE, side - ty * MS_TILE_SIZE);

  return render (sampler, scale, (guint) (tx * span), (guint) (ty * span), (guint) k, cols, rows,
                 tx * MS_TILE_SIZE, ty * MS_TILE_SIZE, cancellable, error);
}
