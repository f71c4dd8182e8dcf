/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-water-body-row.h"

G_BEGIN_DECLS

/* The blueprint's water bodies in a sortable table; emits ::body-selected
 * with the MsWaterBodyRow the user picks. */
#define MS_TYPE_WATER_BODY_LIST (ms_water_body_list_get_type ())
G_DECLARE_FINAL_TYPE (MsWaterBodyList, ms_water_body_list, MS, WATER_BODY_LIST, GtkWidget)

GtkWidget  *ms_water_body_list_new           (void);
/* Fills the table on a worker thread (WBID is scanned for extents). */
void        ms_water_body_list_set_blueprint (MsWaterBodyList *self,
                                              MsBlueprint     *blueprint);
GListModel *ms_water_body_list_get_model     (MsWaterBodyList *self);
void        ms_water_body_list_select        (MsWaterBodyList *self,
                                              guint            position);
gboolean    ms_water_body_list_is_loading    (MsWaterBodyList *self);

G_END_DECLS
