/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-gl-fallback.h"
#include "ms-gl-renderer.h"        /* MsGlView */
#include "ms-tile-view-queue.h"
#include "ms-view-gestures.h"
#include "ms-viewport.h"

G_BEGIN_DECLS

/* What the map view and the zone view do alike around their tiles: each
 * @view is the widget and @viewport its MsViewport; @gl_area the view's
 * GtkGLArea child, or NULL once it fell back to the CPU.  Map coordinates
 * are the viewport's: blueprint pixels or zone tiles. */

/* Focusable, expanding, clipped: the views' common widget settings. */
void      ms_tile_view_init_widget      (GtkWidget   *view);
/* The view in device pixels, as the GL renderers want it. */
MsGlView  ms_tile_view_current_view     (GtkWidget   *view,
                                         MsViewport  *viewport);
/* The map point at the view's top-left corner and at its bottom-right. */
void      ms_tile_view_get_visible      (GtkWidget   *view,
                                         MsViewport  *viewport,
                                         double      *x0,
                                         double      *y0,
                                         double      *x1,
                                         double      *y1);
/* A new map of @width × @height, fitted into the view. */
void      ms_tile_view_show_map         (GtkWidget   *view,
                                         MsViewport  *viewport,
                                         double       width,
                                         double       height);
/* The viewport moved or the picture changed: draw again. */
void      ms_tile_view_redraw           (GtkWidget   *view,
                                         GtkWidget   *gl_area);
/* For size_allocate: sizes the viewport (fitting a map shown before the
 * view had a real size, when @has_map) and the GL area. */
void      ms_tile_view_allocate         (GtkWidget   *view,
                                         MsViewport  *viewport,
                                         gboolean     has_map,
                                         GtkWidget   *gl_area,
                                         int          width,
                                         int          height,
                                         int          baseline);
/* The views' background over the whole view. */
void      ms_tile_view_snapshot_background (GtkWidget   *view,
                                            GtkSnapshot *snapshot);
/* That background's colour, for images that show what a view shows. */
void      ms_tile_view_get_background      (GdkRGBA     *rgba);
/* A cairo context over the whole view whose user space is map
 * coordinates; the caller destroys it. */
cairo_t  *ms_tile_view_append_map_cairo (GtkWidget   *view,
                                         MsViewport  *viewport,
                                         GtkSnapshot *snapshot);
/* Makes @gl_area's context current; FALSE if it is not realized or has
 * failed. */
gboolean  ms_tile_view_gl_make_current  (GtkWidget   *gl_area);
/* Makes *@gl for @view and connects its "fell-back" (swapped) and its
 * area's "realize", "unrealize" and "render" to the view's handlers, with
 * @view as their data; returns the area. */
GtkWidget *ms_tile_view_add_gl          (GtkWidget     *view,
                                         MsGlFallback **gl,
                                         GCallback      on_fell_back,
                                         GCallback      on_realize,
                                         GCallback      on_unrealize,
                                         GCallback      on_render);
/* For "realize": makes the context current; FALSE, after asking @gl to
 * fall back, if GTK could not make one. */
gboolean  ms_tile_view_gl_realize_ok    (GtkGLArea     *area,
                                         MsGlFallback  *gl);
/* For the view's dispose: cancels and drops the tile queue, stops and
 * drops the gestures, removes the GL area and drops the fallback. */
void      ms_tile_view_dispose_parts    (MsTileViewQueue **tiles,
                                         MsViewGestures  **gestures,
                                         MsGlFallback    **gl,
                                         GtkWidget       **gl_area);
/* Clears the GL framebuffer to the views' background. */
void      ms_tile_view_gl_clear         (void);

G_END_DECLS
