/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* What every CPU renderer does around its pixels: the image it fills (its
 * size checked, its pixels in huge pages), the rows filled in bands on the
 * worker pool, the region asked for checked against the map, and how much
 * it is reduced to fit a size. */

/* A rectangle of map pixels in the map's own coordinates: for blueprints
 * x along the file's first (outer) index and y along the inner one, for
 * zones x the column and y the row. */
typedef struct
{
  guint x, y, width, height;
} MsRect;

/* The smallest whole factor k for which @width × @height reduced k × k to
 * one pixel fits @max_size on its longer side; 1 for @max_size 0. */
guint ms_render_downsample_factor (guint width,
                                   guint height,
                                   guint max_size);

/* Fills the rows of an image: @func (row, user_data) for each row
 * 0 <= row < @n_rows, in bands of rows on the worker pool, each band
 * skipped once @cancellable is cancelled. */
typedef void (*MsRenderRowFunc) (guint    row,
                                 gpointer user_data);

void  ms_render_rows (guint              n_rows,
                      MsRenderRowFunc    func,
                      gpointer           user_data,
                      GCancellable      *cancellable);

/* Whether an image of @width × @height can be made (cairo's limit of
 * 32767 pixels a side); else an error that says what to do. */
gboolean ms_render_check_image_size (guint    width,
                                     guint    height,
                                     GError **error);
/* A cleared ARGB32 image for a renderer to fill, or NULL with @error when
 * it is larger than an image can be or cannot be made. */
cairo_surface_t *ms_render_image_new (guint    width,
                                      guint    height,
                                      GError **error);

/* @surface, marked dirty, or NULL (the surface destroyed) with @error when
 * @cancellable was cancelled while it was filled. */
cairo_surface_t *ms_render_image_finish (cairo_surface_t *surface,
                                         GCancellable    *cancellable,
                                         GError         **error);

/* Whether @x, @y, @width × @height lies inside @size_x × @size_y; else an
 * error naming @what ("map", "zone"). */
gboolean ms_render_check_region (guint        x,
                                 guint        y,
                                 guint        width,
                                 guint        height,
                                 guint        size_x,
                                 guint        size_y,
                                 const char  *what,
                                 GError     **error);

G_END_DECLS
