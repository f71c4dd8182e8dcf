/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* What part of a map is on screen, shared by a map view, its minimap and
 * linked comparison views.  Map coordinates are the file's: for blueprints
 * x is the first (outer) index and y the second; for zones x is the column
 * and y the row.  Screen x grows right, y down; the map's x runs along the
 * screen's x. */
#define MS_TYPE_VIEWPORT (ms_viewport_get_type ())
G_DECLARE_FINAL_TYPE (MsViewport, ms_viewport, MS, VIEWPORT, GObject)

MsViewport *ms_viewport_new             (void);
/* The map's size in map pixels: bounds the centre and the zoom. */
void        ms_viewport_set_map_size    (MsViewport *self,
                                         double      width,
                                         double      height);
void        ms_viewport_set_size        (MsViewport *self,
                                         double      width,
                                         double      height);
double      ms_viewport_get_width       (MsViewport *self);
double      ms_viewport_get_height      (MsViewport *self);
/* Screen pixels per map pixel. */
double      ms_viewport_get_zoom        (MsViewport *self);
void        ms_viewport_set_zoom        (MsViewport *self,
                                         double      zoom);
double      ms_viewport_get_min_zoom    (MsViewport *self);
double      ms_viewport_get_max_zoom    (MsViewport *self);
void        ms_viewport_get_centre      (MsViewport *self,
                                         double     *x,
                                         double     *y);
void        ms_viewport_set_centre      (MsViewport *self,
                                         double      x,
                                         double      y);
void        ms_viewport_map_to_screen   (MsViewport *self,
                                         double      map_x,
                                         double      map_y,
                                         double     *screen_x,
                                         double     *screen_y);
void        ms_viewport_screen_to_map   (MsViewport *self,
                                         double      screen_x,
                                         double      screen_y,
                                         double     *map_x,
                                         double     *map_y);
/* Zoom by @factor keeping the map point under (screen_x, screen_y) fixed. */
void        ms_viewport_zoom_at         (MsViewport *self,
                                         double      factor,
                                         double      screen_x,
                                         double      screen_y);
/* Move the map by a screen distance. */
void        ms_viewport_pan             (MsViewport *self,
                                         double      dx,
                                         double      dy);
/* Shows the whole map, and keeps showing it (a new size or map size fits
 * it again) until the zoom or the centre is set otherwise. */
void        ms_viewport_fit             (MsViewport *self);
gboolean    ms_viewport_get_fitted      (MsViewport *self);
/* Show the map rectangle (x, y, width, height) whole, with a margin. */
void        ms_viewport_fit_rect        (MsViewport *self,
                                         double      x,
                                         double      y,
                                         double      width,
                                         double      height);

G_END_DECLS
