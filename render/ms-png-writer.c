/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include "ms-png-writer.h"
#include "ms-save.h"

typedef struct
{
  MsSaveStream *stream;
  GError       *error;
} PngSink;

static cairo_status_t
write_chunk (void                *closure,
             const unsigned char *data,
             unsigned int         length)
{
  PngSink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!ms_save_stream_write (sink->stream, data, length, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
write_png (MsSaveStream  *stream,
           gpointer       user_data,
           GError       **error)
{
  PngSink sink = { stream, NULL };
  cairo_status_t status;

  status = cairo_surface_write_to_png_stream (user_data, write_chunk, &sink);
  if (sink.error != NULL)
    {
      g_propagate_error (error, sink.error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not encode the PNG: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

gboolean
ms_png_save (cairo_surface_t  *surface,
             const char       *path,
             GCancellable     *cancellable,
             GError          **error)
{
  g_return_val_if_fail (surface != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_png, surface, cancellable, error);
}
