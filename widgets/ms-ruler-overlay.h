/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-viewport.h"

G_BEGIN_DECLS

/* The ruler: a layer over a map view, the size of the view, that follows
 * its MsViewport as the scale bar does.  While :active it is shown and
 * takes the pointer: a click adds a point, a double-click (or Enter)
 * closes the polygon, Backspace removes the last point, Esc clears; a drag
 * pans and the wheel zooms the viewport, so nothing under it (a zone
 * painter's tools) sees the pointer.  For the keyboard: Space adds the
 * point at the view's centre, which a cross marks; the arrows pan and + -
 * zoom.  A label says the length, the area once closed and, with a tile
 * grid set, how many tiles have their centre inside (ms-measure.h).
 * Points are map coordinates (MsViewport's axes); switching :active off
 * clears them.
 *
 * For a profile along the path: ::changed when the points change (added,
 * removed, closed, cleared); ::path-hovered (double along) with the
 * pointer within a few pixels of the path, @along the path's length in
 * map pixels from the first point to the pointer's foot on it (-1 when it
 * moves away or leaves); and a marker, a ring at a map point, that the
 * profile's highlight puts on the path. */
#define MS_TYPE_RULER_OVERLAY (ms_ruler_overlay_get_type ())
G_DECLARE_FINAL_TYPE (MsRulerOverlay, ms_ruler_overlay, MS, RULER_OVERLAY, GtkWidget)

GtkWidget    *ms_ruler_overlay_new                      (void);
/* Set once; the overlay's pan and zoom drive it. */
void          ms_ruler_overlay_set_viewport             (MsRulerOverlay *self,
                                                         MsViewport     *viewport);
MsViewport   *ms_ruler_overlay_get_viewport             (MsRulerOverlay *self);
void          ms_ruler_overlay_set_metres_per_map_pixel (MsRulerOverlay *self,
                                                         double          metres);
double        ms_ruler_overlay_get_metres_per_map_pixel (MsRulerOverlay *self);
/* The tiles counted inside a closed polygon: a @width × @height grid of
 * map pixels from (0, 0); 0 × 0 (the default) counts none and shows no
 * count. */
void          ms_ruler_overlay_set_tile_grid            (MsRulerOverlay *self,
                                                         guint           width,
                                                         guint           height);
void          ms_ruler_overlay_set_active               (MsRulerOverlay *self,
                                                         gboolean        active);
gboolean      ms_ruler_overlay_get_active               (MsRulerOverlay *self);

/* A point after the last, in map coordinates; after a closed polygon it
 * starts a new measurement. */
void          ms_ruler_overlay_add_point                (MsRulerOverlay *self,
                                                         double          x,
                                                         double          y);
/* FALSE when there was nothing to do. */
gboolean      ms_ruler_overlay_remove_last_point        (MsRulerOverlay *self);
/* Closes the polygon: FALSE with fewer than three points. */
gboolean      ms_ruler_overlay_close                    (MsRulerOverlay *self);
gboolean      ms_ruler_overlay_clear                    (MsRulerOverlay *self);
/* (x, y) pairs, *n_points of them. */
const double *ms_ruler_overlay_get_points               (MsRulerOverlay *self,
                                                         guint          *n_points);
gboolean      ms_ruler_overlay_get_closed               (MsRulerOverlay *self);
/* Metres along the points (round the polygon once closed); the area in m²
 * (0 while open); the tiles inside (0 while open or with no grid). */
double        ms_ruler_overlay_get_length               (MsRulerOverlay *self);
double        ms_ruler_overlay_get_area                 (MsRulerOverlay *self);
guint64       ms_ruler_overlay_get_tile_count           (MsRulerOverlay *self);
/* What the label shows now. */
const char   *ms_ruler_overlay_get_text                 (MsRulerOverlay *self);

/* The marker's map point; NaN hides it. */
void          ms_ruler_overlay_set_marker               (MsRulerOverlay *self,
                                                         double          x,
                                                         double          y);
gboolean      ms_ruler_overlay_get_marker               (MsRulerOverlay *self,
                                                         double         *x,
                                                         double         *y);
/* How far along the path (map pixels, round the polygon once closed) the
 * screen point (@sx, @sy) is, when it lies within @tolerance screen pixels
 * of it; else -1.  What ::path-hovered says for the pointer. */
double        ms_ruler_overlay_path_position            (MsRulerOverlay *self,
                                                         double          sx,
                                                         double          sy,
                                                         double          tolerance);

/* "850.0 m", "12.35 km"; "420 m²", "1.234 km²"; free with g_free (). */
char         *ms_ruler_format_length                    (double          metres);
char         *ms_ruler_format_area                      (double          square_metres);

/* Adds the stateful action "win.ruler", bound to @self's :active, to
 * @window, with the key M. */
void          ms_ruler_overlay_add_window_action        (MsRulerOverlay       *self,
                                                         GtkApplicationWindow *window);

G_END_DECLS
