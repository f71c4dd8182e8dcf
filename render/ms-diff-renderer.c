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

cairo_surface_t *
ms_diff_render (MsBlueprint   *a,
                MsBlueprint   *b,
                double         scale,
                guint          max_size,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(MsDiffSampler) sampler = NULL;
  g_autofree float *ha = NULL, *hb = NULL;
  g_autofree guint8 *flags = NULL;
  g_autofree Block *blocks = NULL;
  cairo_surface_t *surface;
  guint8 *data;
  int stride;
  guint grid, k, side;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);

  if (max_size == 0)
    max_size = MS_DIFF_IMAGE_MAX_SIZE;
  sampler = ms_diff_sampler_new (a, b);
  grid = ms_diff_sampler_get_size (sampler);
  k = (grid + max_size - 1) / max_size;
  side = (grid + k - 1) / k;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) side, (int) side);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "Could not make a %u × %u image: %s",
                   side, side, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);

  ha = g_new (float, grid);
  hb = g_new (float, grid);
  flags = g_new (guint8, grid);
  blocks = g_new0 (Block, side);

  for (guint x = 0; x < grid; x++)
    {
      guint column = x / k;

      if (x % 64 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          cairo_surface_destroy (surface);
          return NULL;
        }

      ms_diff_sampler_read_column (sampler, x, ha, hb, flags, NULL, NULL, NULL, NULL);
      for (guint y = 0; y < grid; y++)
        {
          Block *block = &blocks[y / k];

          if (isfinite (ha[y]) && isfinite (hb[y]))
            {
              block->sum += (double) hb[y] - (double) ha[y];
              block->finite++;
            }
          block->biome += (flags[y] & MS_DIFF_BIOME_CHANGED) != 0;
          block->gained += (flags[y] & MS_DIFF_WATER_GAINED) != 0;
          block->lost += (flags[y] & MS_DIFF_WATER_LOST) != 0;
        }

      /* The last grid column of this image column: emit it. */
      if ((x + 1) % k == 0 || x + 1 == grid)
        {
          for (guint row = 0; row < side; row++)
            {
              const Block *block = &blocks[row];
              MsRgb c = ms_diff_colour (column, row,
                                        block->finite ? block->sum / (double) block->finite : 0.0,
                                        block->finite > 0, scale, block->biome > 0,
                                        block->gained, block->lost);
              guint32 *pixel = (guint32 *) (gpointer) (data + (gsize) row * (gsize) stride) + column;

              *pixel = ms_colour_to_argb32 (c);
            }
          memset (blocks, 0, sizeof (Block) * side);
        }
    }

  cairo_surface_mark_dirty (surface);
  return surface;
}
