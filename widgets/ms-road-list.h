/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-road-row.h"

G_BEGIN_DECLS

/* The blueprint's road paths in a sortable table, one row per path of each
 * tier (tier, index, points, length in map pixels and metres, bounds in
 * file coordinates, x outer / y inner); emits ::road-selected with the
 * MsRoadRow the user picks. */
#define MS_TYPE_ROAD_LIST (ms_road_list_get_type ())
G_DECLARE_FINAL_TYPE (MsRoadList, ms_road_list, MS, ROAD_LIST, GtkWidget)

GtkWidget  *ms_road_list_new           (void);
void        ms_road_list_set_blueprint (MsRoadList  *self,
                                        MsBlueprint *blueprint);
/* The rows as shown: sorted, a GtkSingleSelection of MsRoadRow. */
GListModel *ms_road_list_get_model     (MsRoadList  *self);
void        ms_road_list_select        (MsRoadList  *self,
                                        guint        position);
/* The scale of the metres column, as the window's scale bar has it
 * (ms_scale_bar_metres_per_map_pixel_for()); 0 until set. */
void        ms_road_list_set_metres_per_pixel (MsRoadList *self,
                                               double      metres);
double      ms_road_list_get_metres_per_pixel (MsRoadList *self);
/* Sorts as a click on the column showing @property does ("tier-name",
 * "index", "points", "length", "metres", "bounds"); FALSE if there is no
 * such column. */
gboolean    ms_road_list_sort_by       (MsRoadList  *self,
                                        const char  *property,
                                        GtkSortType  order);

G_END_DECLS
