/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "ms-blueprint.h"
#include "ms-blueprint-summary.h"

G_BEGIN_DECLS

/* One road path as a list item.  Properties: "tier" (MsRoadTier) and
 * "tier-name" (translated), "index" (the path's place in its tier's
 * section), "points", "length" (map pixels), "metres", "bounds" (text:
 * x0–x1, y0–y1 in file coordinates, x outer / y inner) and "area" (the
 * bounds' pixel count, what the bounds column sorts by). */
#define MS_TYPE_ROAD_ROW (ms_road_row_get_type ())
G_DECLARE_FINAL_TYPE (MsRoadRow, ms_road_row, MS, ROAD_ROW, GObject)

MsRoadRow          *ms_road_row_new        (MsRoadTier          tier,
                                            guint               index,
                                            guint               n_points,
                                            double              length,
                                            const MsPathBounds *bounds,
                                            double              metres_per_pixel);
MsRoadTier          ms_road_row_get_tier   (MsRoadRow *self);
guint               ms_road_row_get_index  (MsRoadRow *self);
double              ms_road_row_get_length (MsRoadRow *self);
const MsPathBounds *ms_road_row_get_bounds (MsRoadRow *self);
/* The tier's name for people, translated. */
const char         *ms_road_tier_get_label (MsRoadTier tier);

G_END_DECLS
