/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "ms-blueprint.h"
#include "ms-blueprint-summary.h"

G_BEGIN_DECLS

/* One water body as a list item: the WBTB row (when there is one) and the
 * body's extent in WBID. */
#define MS_TYPE_WATER_BODY_ROW (ms_water_body_row_get_type ())
G_DECLARE_FINAL_TYPE (MsWaterBodyRow, ms_water_body_row, MS, WATER_BODY_ROW, GObject)

MsWaterBodyRow *ms_water_body_row_new        (guint                    id,
                                              const MsWaterBody       *table_row,
                                              const MsWaterBodyBounds *bounds);
guint           ms_water_body_row_get_id     (MsWaterBodyRow *self);
const MsWaterBodyBounds *ms_water_body_row_get_bounds (MsWaterBodyRow *self);

G_END_DECLS
