/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-renderer.h"
#include "ms-map-marks.h"
#include "ms-tile-view.h"
#include "ms-viewport.h"

G_BEGIN_DECLS

#define MS_TYPE_MAP_VIEW (ms_map_view_get_type ())
G_DECLARE_FINAL_TYPE (MsMapView, ms_map_view, MS, MAP_VIEW, MsTileView)

GtkWidget              *ms_map_view_new             (void);
void                    ms_map_view_set_blueprint   (MsMapView              *self,
                                                     MsBlueprint            *blueprint);
/* The pyramid a map view draws @blueprint from (the view's tile budget).
 * Any thread: a loader can make its top tile while the window is still
 * coming up, and hand it to ms_map_view_set_pyramid (). */
MsBlueprintPyramid     *ms_map_view_create_pyramid  (MsBlueprint            *blueprint);
/* Shows @pyramid's blueprint, drawn from @pyramid and what it has cached. */
void                    ms_map_view_set_pyramid     (MsMapView              *self,
                                                     MsBlueprintPyramid     *pyramid);
MsBlueprint            *ms_map_view_get_blueprint   (MsMapView              *self);
/* The pyramid the view draws from (NULL without a blueprint, or while it
 * shows a difference): the 3D view streams its heights from the same tiles. */
MsBlueprintPyramid     *ms_map_view_get_pyramid     (MsMapView              *self);
/* The B − A difference of @a and @b instead of a blueprint (see the .c). */
void                    ms_map_view_set_difference  (MsMapView              *self,
                                                     MsBlueprint            *a,
                                                     MsBlueprint            *b,
                                                     double                  scale);
gboolean                ms_map_view_get_showing_difference (MsMapView       *self);
MsViewport             *ms_map_view_get_viewport    (MsMapView              *self);
void                    ms_map_view_set_style       (MsMapView              *self,
                                                     const MsBlueprintStyle *style);
const MsBlueprintStyle *ms_map_view_get_style       (MsMapView              *self);
/* Outlines a rectangle of the map (file coordinates); NULL removes it. */
void                    ms_map_view_set_highlight   (MsMapView              *self,
                                                     const MsRect           *rect);
gboolean                ms_map_view_get_highlight   (MsMapView              *self,
                                                     MsRect                 *rect);
/* Tints the map pixels @func marks (file coordinates) while at most about a
 * million map pixels are in view; NULL removes the marks. */
void                    ms_map_view_set_marks       (MsMapView              *self,
                                                     MsMapViewMarkFunc       func,
                                                     gpointer                user_data,
                                                     GDestroyNotify          destroy);
/* With the marks, a line through @points (file coordinates) at every zoom;
 * ms_map_view_set_marks () removes it. */
void                    ms_map_view_set_marks_path  (MsMapView              *self,
                                                     const MsPoint          *points,
                                                     guint                   n_points);
/* The marks as last drawn: a cairo A8 surface whose pixel (i, j) is map
 * pixel (x0 + i, y0 + j), or NULL. For tests. */
cairo_surface_t        *ms_map_view_get_marks_surface (MsMapView            *self,
                                                       guint                *x0,
                                                       guint                *y0);

G_END_DECLS
