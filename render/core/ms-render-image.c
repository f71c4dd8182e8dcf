/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The image around a CPU render: made in huge pages, filled a band of rows
 * at a time on the worker pool, handed back or dropped when cancelled.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include "ms-large-buffer.h"
#include "ms-parallel.h"
#include "ms-render-image.h"

typedef struct
{
  guint            n_rows;
  guint            band_rows;
  MsRenderRowFunc  func;
  gpointer         user_data;
  GCancellable    *cancellable;
} Bands;

static void
render_band (guint    band,
             gpointer user_data)
{
  Bands *b = user_data;
  guint r0 = band * b->band_rows, r1 = MIN (r0 + b->band_rows, b->n_rows);

  if (g_cancellable_is_cancelled (b->cancellable))
    return;
  for (guint row = r0; row < r1; row++)
    b->func (row, b->user_data);
}

void
ms_render_rows (guint            n_rows,
                MsRenderRowFunc  func,
                gpointer         user_data,
                GCancellable    *cancellable)
{
  /* A few bands per core balance the load; 64 rows at most. */
  Bands b = { n_rows, MAX (1u, MIN (64u, n_rows / (4 * ms_parallel_get_n_workers ()) + 1)),
              func, user_data, cancellable };

  ms_parallel_for ((n_rows + b.band_rows - 1) / b.band_rows, render_band, &b);
}

/* An image's pixels, in a large buffer (huge pages: fewer faults). */
typedef struct
{
  gpointer data;
  gsize    size;
} ImagePixels;

static cairo_user_data_key_t image_pixels_key;

static void
image_pixels_free (gpointer user_data)
{
  ImagePixels *pixels = user_data;

  ms_large_buffer_free (pixels->data, pixels->size);
  g_free (pixels);
}

gboolean
ms_render_check_image_size (guint    width,
                            guint    height,
                            GError **error)
{
  if (width > 32767 || height > 32767)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "A %u×%u image is larger than an image can be (32767 pixels a side); "
                   "give a smaller --max-size or a region", width, height);
      return FALSE;
    }
  return TRUE;
}

cairo_surface_t *
ms_render_image_new (guint    width,
                     guint    height,
                     GError **error)
{
  cairo_surface_t *surface;
  ImagePixels *pixels;
  int stride;

  if (!ms_render_check_image_size (width, height, error))
    return NULL;
  stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, (int) width);
  pixels = g_new (ImagePixels, 1);
  pixels->size = (gsize) stride * height;
  pixels->data = ms_large_buffer_alloc (pixels->size);
  if (pixels->data == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "Not enough memory for a %u×%u image", width, height);
      g_free (pixels);
      return NULL;
    }
  surface = cairo_image_surface_create_for_data (pixels->data, CAIRO_FORMAT_ARGB32, (int) width,
                                                 (int) height, stride);
  if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    cairo_surface_set_user_data (surface, &image_pixels_key, pixels, image_pixels_free);
  else
    image_pixels_free (pixels);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not create a %u×%u image: %s",
                   width, height, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  return surface;
}

cairo_surface_t *
ms_render_image_finish (cairo_surface_t *surface,
                        GCancellable    *cancellable,
                        GError         **error)
{
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

gboolean
ms_render_check_region (guint        x,
                        guint        y,
                        guint        width,
                        guint        height,
                        guint        size_x,
                        guint        size_y,
                        const char  *what,
                        GError     **error)
{
  if (width == 0 || height == 0 || x >= size_x || y >= size_y ||
      width > size_x - x || height > size_y - y)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "The region %u,%u %u×%u is not inside the %u×%u %s",
                   x, y, width, height, size_x, size_y, what);
      return FALSE;
    }
  return TRUE;
}

guint
ms_render_downsample_factor (guint width,
                             guint height,
                             guint max_size)
{
  guint longest = MAX (width, height);

  if (max_size == 0 || longest <= max_size)
    return 1;
  return (longest + max_size - 1) / max_size;
}
