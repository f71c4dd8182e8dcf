/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PNG export through libpng, not cairo_surface_write_to_png(): cairo offers
 * no compression setting, and at its defaults (zlib level 6, all five
 * adaptive filters, an alpha channel that is always opaque) encoding a 2048²
 * map took longer than rendering it.  Maps (8-bit RGB) and masks (8-bit
 * grey) are written with the Sub filter at zlib level 1: about 10 % larger
 * than level 6, several times faster.  The bytes go through the atomic,
 * verified save path.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <png.h>
#include <setjmp.h>

#include "ms-png-writer.h"
#include "ms-save.h"

#define PNG_ZLIB_LEVEL 1

typedef struct
{
  MsSaveStream *stream;
  GError       *error;
} PngSink;

static void
write_data (png_structp png,
            png_bytep   data,
            png_size_t  length)
{
  PngSink *sink = png_get_io_ptr (png);

  if (sink->error == NULL && !ms_save_stream_write (sink->stream, data, length, &sink->error))
    png_error (png, "write failed");
}

static void
flush_data (png_structp png)
{
}

static void
on_png_error (png_structp     png,
              png_const_charp message)
{
  PngSink *sink = png_get_error_ptr (png);

  if (sink->error == NULL)
    g_set_error (&sink->error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not encode the PNG: %s", message);
  png_longjmp (png, 1);
}

static void
on_png_warning (png_structp     png,
                png_const_charp message)
{
  g_debug ("libpng: %s", message);
}

typedef struct
{
  guint         width;
  guint         height;
  MsPngColour   colour;
  MsPngRowFunc  fill_row;
  gpointer      user_data;
} PngJob;

static gboolean
write_png (MsSaveStream  *stream,
           gpointer       user_data,
           GError       **error)
{
  PngJob *job = user_data;
  PngSink sink = { stream, NULL };
  guint channels = job->colour == MS_PNG_RGB ? 3 : 1;
  guint8 *volatile row = g_malloc ((gsize) job->width * channels);
  png_structp png;
  png_infop info;

  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &sink, on_png_error, on_png_warning);
  info = png ? png_create_info_struct (png) : NULL;
  if (info == NULL)
    {
      png_destroy_write_struct (&png, NULL);
      g_free (row);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "Could not start a PNG encoder");
      return FALSE;
    }

  if (setjmp (png_jmpbuf (png)))
    {
      png_destroy_write_struct (&png, &info);
      g_free (row);
      g_propagate_error (error, sink.error);
      return FALSE;
    }

  png_set_write_fn (png, &sink, write_data, flush_data);
  png_set_IHDR (png, info, job->width, job->height, 8,
                job->colour == MS_PNG_RGB ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_GRAY,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level (png, PNG_ZLIB_LEVEL);
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_write_info (png, info);

  for (guint y = 0; y < job->height; y++)
    {
      job->fill_row (y, row, job->user_data);
      png_write_row (png, row);
    }
  png_write_end (png, info);
  png_destroy_write_struct (&png, &info);
  g_free (row);

  return TRUE;
}

gboolean
ms_png_save_rows (const char    *path,
                  guint          width,
                  guint          height,
                  MsPngColour    colour,
                  MsPngRowFunc   fill_row,
                  gpointer       user_data,
                  GCancellable  *cancellable,
                  GError       **error)
{
  PngJob job = { width, height, colour, fill_row, user_data };

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (fill_row != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  return ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_png, &job, cancellable, error);
}

/* The surfaces we render are opaque, so premultiplied ARGB is plain RGB. */
static void
surface_row_to_rgb (guint     y,
                    guint8   *out,
                    gpointer  user_data)
{
  cairo_surface_t *surface = user_data;
  int width = cairo_image_surface_get_width (surface);
  const guint8 *data = cairo_image_surface_get_data (surface) +
                       (gsize) y * cairo_image_surface_get_stride (surface);
  const guint32 *in = (const guint32 *) (gconstpointer) data;

  for (int i = 0; i < width; i++)
    {
      out[3 * i + 0] = (in[i] >> 16) & 0xff;
      out[3 * i + 1] = (in[i] >> 8) & 0xff;
      out[3 * i + 2] = in[i] & 0xff;
    }
}

gboolean
ms_png_save (cairo_surface_t  *surface,
             const char       *path,
             GCancellable     *cancellable,
             GError          **error)
{
  g_return_val_if_fail (surface != NULL, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 ||
                        cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  cairo_surface_flush (surface);
  return ms_png_save_rows (path, cairo_image_surface_get_width (surface),
                           cairo_image_surface_get_height (surface), MS_PNG_RGB,
                           surface_row_to_rgb, surface, cancellable, error);
}
