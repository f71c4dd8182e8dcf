/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-tile-view.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-outline.h"
#include "ms-view-gestures.h"
#include "ms-viewport.h"
#include "ms-zone.h"
#include "ms-zone-region.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

#define MS_TYPE_ZONE_VIEW (ms_zone_view_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneView, ms_zone_view, MS, ZONE_VIEW, MsTileView)

/* A zone drawn from its tile pyramid, with OpenGL when it can and with the
 * CPU renderer when it cannot.  Coordinates in the API and in the signals
 * are zone tiles, ROW-MAJOR (tile (x, y) is element y * width + x); a point
 * (x, y) lies in tile (floor (x), floor (y)).
 *
 * The primary button is the tools': "tile-pressed" (x, y, n_press),
 * "tile-motion" (x, y) for every pointer move, "tile-released" (x, y).
 * The middle button pans; the wheel zooms; Ctrl+wheel goes to the
 * gestures' "ctrl-scroll". */
GtkWidget         *ms_zone_view_new               (void);
/* Fits the view to the zone. */
void               ms_zone_view_set_zone          (MsZoneView        *self,
                                                   MsZone            *zone);
MsZone            *ms_zone_view_get_zone          (MsZoneView        *self);
/* The pyramid the view draws from, or NULL: the 3D view shares its tiles. */
MsZonePyramid     *ms_zone_view_get_pyramid       (MsZoneView        *self);
MsViewport        *ms_zone_view_get_viewport      (MsZoneView        *self);
void               ms_zone_view_set_style         (MsZoneView        *self,
                                                   const MsZoneStyle *style);
const MsZoneStyle *ms_zone_view_get_style         (MsZoneView        *self);
/* Work not yet on screen (tiles requested, stale, or a CPU frame due);
 * 0 when the view shows the zone as it is. */

/* Brush outline: diameter @size tiles, centred where the pointer is
 * (ms_zone_view_brush_centre ()). */
void               ms_zone_view_set_brush         (MsZoneView        *self,
                                                   MsZoneBrushShape   shape,
                                                   guint              size);
/* Where a brush of @size is centred for a pointer at tile point (x, y):
 * tile centres for odd sizes, tile corners for even ones, so a stamp
 * covers exactly @size tiles across. */
void               ms_zone_view_brush_centre      (guint              size,
                                                   double             x,
                                                   double             y,
                                                   double            *cx,
                                                   double            *cy);
/* points: n_points (x, y) pairs in tiles (see MsZoneViewOutline). */
void               ms_zone_view_set_outline       (MsZoneView        *self,
                                                   MsZoneViewOutline  kind,
                                                   const double      *points,
                                                   guint              n_points);
MsZoneViewOutline  ms_zone_view_get_outline       (MsZoneView        *self);
/* The polygon's rubber band, from its last vertex to the pointer, in
 * tiles: FALSE when none is drawn (no vertex yet, or the pointer is out). */
gboolean           ms_zone_view_get_rubber_band   (MsZoneView        *self,
                                                   double            *x0,
                                                   double            *y0,
                                                   double            *x1,
                                                   double            *y1);
/* Tints the tiles of these row spans (a fill's preview, sorted by row);
 * NULL removes it. */
void               ms_zone_view_set_preview       (MsZoneView        *self,
                                                   const MsZoneSpan  *spans,
                                                   guint              n_spans);
/* The tinted spans, or NULL; also the Checks page's chosen finding's. */
const MsZoneSpan  *ms_zone_view_get_preview       (MsZoneView        *self,
                                                   guint             *n_spans);
/* Outlines tiles x..x+width-1, y..y+height-1 (row-major; a few pixels at
 * least, so one tile stays visible zoomed out), above the tools' marks;
 * width 0 removes it.  The Checks page's chosen finding. */
void               ms_zone_view_set_highlight     (MsZoneView        *self,
                                                   guint              x,
                                                   guint              y,
                                                   guint              width,
                                                   guint              height);
gboolean           ms_zone_view_get_highlight     (MsZoneView        *self,
                                                   guint             *x,
                                                   guint             *y,
                                                   guint             *width,
                                                   guint             *height);

G_END_DECLS
