/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-map-view.h"

G_BEGIN_DECLS

/* The hover readout over a map view: while the pointer is over the view it
 * shows what ms_blueprint_describe_pixel () says of the blueprint pixel
 * under it, and hides when the pointer leaves or there is nothing there
 * (outside the map, or a file that shrank under its mapping, whose reads
 * are zeros).  Meant as an overlay child above the view; it takes no
 * pointer events.  "pixel-read" follows every read of the blueprint, so a
 * window can check its mapping then. */
#define MS_TYPE_PIXEL_INSPECTOR (ms_pixel_inspector_get_type ())
G_DECLARE_FINAL_TYPE (MsPixelInspector, ms_pixel_inspector, MS, PIXEL_INSPECTOR, GtkWidget)

GtkWidget  *ms_pixel_inspector_new      (void);
void        ms_pixel_inspector_set_view (MsPixelInspector *self,
                                         MsMapView        *view);
MsMapView  *ms_pixel_inspector_get_view (MsPixelInspector *self);
/* Shows the view's blueprint pixel at map point (mx, my) (file
 * coordinates: mx the outer index), as for the pointer there: another
 * view of the same map (the 3D one) uses it for its picked point. */
void        ms_pixel_inspector_show_at  (MsPixelInspector *self,
                                         double            mx,
                                         double            my);
void        ms_pixel_inspector_clear    (MsPixelInspector *self);
/* What it shows, or NULL while hidden. */
const char *ms_pixel_inspector_get_text (MsPixelInspector *self);

G_END_DECLS
