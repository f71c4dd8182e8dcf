/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-zone.h"
#include "ms-zone-region.h"
#include "ms-zone-view.h"

G_BEGIN_DECLS

/* The zone painter's tools: pointer input on an MsZoneView turned into
 * MsZoneRegions, one undo step per stroke or shape.  The brush paints
 * segment by segment while the button is down; the rectangle and polygon
 * (clicks, or a drag for a lasso) apply when they close and become the
 * selection; flood shows the fill from the tile clicked, tinted, and applies
 * it on Enter (ms_zone_tool_controller_apply_flood ()) or a click inside it
 * (Esc, another tool or an edit drops it).  What a region does to the
 * zone is the owner's ("apply"), and so is the step's name ("step-done").
 * Tile coordinates are ROW-MAJOR (tile (x, y) is element y * width + x).
 *
 * Signals:
 *   apply (MsZoneRegion *region) -> gboolean: apply the current target to
 *     @region inside the open step; FALSE when it failed (said by the owner).
 *   step-done (const char *tool_name, guint64 n_tiles): a step ended.
 *   failed (const char *message): a shape could not be made.
 *   flood-preview (guint64 n_tiles): a flood fill is shown, waiting to be
 *     applied; 0: none is any more. */
#define MS_TYPE_ZONE_TOOL_CONTROLLER (ms_zone_tool_controller_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneToolController, ms_zone_tool_controller, MS, ZONE_TOOL_CONTROLLER, GObject)

MsZoneToolController *ms_zone_tool_controller_new           (MsZoneView           *view);
/* Drops every shape under way (a stroke in progress is not ended). */
void                  ms_zone_tool_controller_set_zone      (MsZoneToolController *self,
                                                             MsZone               *zone);
/* "brush", "rect", "polygon" or "flood"; FALSE (nothing changes) for any
 * other name or the current one. */
gboolean              ms_zone_tool_controller_set_tool      (MsZoneToolController *self,
                                                             const char           *tool);
const char           *ms_zone_tool_controller_get_tool      (MsZoneToolController *self);
void                  ms_zone_tool_controller_set_brush     (MsZoneToolController *self,
                                                             MsZoneBrushShape      shape,
                                                             guint                 size);
/* Ends the brush stroke under way, if any, as its step. */
void                  ms_zone_tool_controller_end_stroke    (MsZoneToolController *self);
/* Drops a rectangle or polygon under way; the tool's outline back. */
void                  ms_zone_tool_controller_cancel        (MsZoneToolController *self);
/* Applies the polygon so far (fewer than three corners: drops it). */
void                  ms_zone_tool_controller_close_polygon (MsZoneToolController *self);
gboolean              ms_zone_tool_controller_is_painting   (MsZoneToolController *self);
/* The flood fill shown, as one step; nothing when none is. */
void                  ms_zone_tool_controller_apply_flood   (MsZoneToolController *self);
gboolean              ms_zone_tool_controller_has_flood     (MsZoneToolController *self);
/* A polygon has corners, a rectangle is being dragged, or a flood fill
 * waits. */
gboolean              ms_zone_tool_controller_has_shape     (MsZoneToolController *self);
gboolean              ms_zone_tool_controller_has_polygon   (MsZoneToolController *self);
/* The last rectangle or polygon applied, as row spans (n_spans 0: none). */
const MsZoneSpan     *ms_zone_tool_controller_get_selection (MsZoneToolController *self,
                                                             guint                *n_spans);

G_END_DECLS
