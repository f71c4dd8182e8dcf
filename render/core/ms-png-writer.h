/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-save.h"

G_BEGIN_DECLS

typedef enum
{
  MS_PNG_GREY,  /* one byte a pixel */
  MS_PNG_RGB,   /* three */
} MsPngColour;

/* Fills @row, image row @y, with width pixels of the image's colour type.
 * Called from worker threads, several rows at once (each call its own row). */
typedef void (*MsPngRowFunc) (guint     y,
                              guint8   *row,
                              gpointer  user_data);

/* Opaque ARGB32 pixels (cairo's, or a renderer's row) as the RGB bytes of
 * an MS_PNG_RGB row. */
void ms_png_argb_to_rgb (const guint32 *argb,
                         guint          width,
                         guint8        *rgb);

/* Encodes an image row by row, through the atomic, verified save path. */
gboolean ms_png_save_rows (const char    *path,
                           guint          width,
                           guint          height,
                           MsPngColour    colour,
                           MsPngRowFunc   fill_row,
                           gpointer       user_data,
                           GCancellable  *cancellable,
                           GError       **error);

/* ms_png_save_rows () as a file of @transaction: written and verified
 * now, in its place only when the transaction commits. */
gboolean ms_png_add_rows (MsSaveTransaction *transaction,
                          const char        *path,
                          guint              width,
                          guint              height,
                          MsPngColour        colour,
                          MsPngRowFunc       fill_row,
                          gpointer           user_data,
                          GCancellable      *cancellable,
                          GError           **error);

/* Encodes @surface as PNG (cairo's encoder) through the atomic, verified
 * save path. */
gboolean ms_png_save (cairo_surface_t  *surface,
                      const char       *path,
                      GCancellable     *cancellable,
                      GError          **error);

G_END_DECLS
