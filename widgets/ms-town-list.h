/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-town-row.h"

G_BEGIN_DECLS

/* How far around a picked town the map shows, in map pixels each way. */
#define MS_TOWN_LIST_NEIGHBOURHOOD 64

/* The blueprint's towns in a sortable table (index, tier, x, y, highway
 * node; x and y are file coordinates, x the outer index and y the inner
 * one); emits ::town-selected with the MsTownRow the user picks. */
#define MS_TYPE_TOWN_LIST (ms_town_list_get_type ())
G_DECLARE_FINAL_TYPE (MsTownList, ms_town_list, MS, TOWN_LIST, GtkWidget)

GtkWidget  *ms_town_list_new           (void);
void        ms_town_list_set_blueprint (MsTownList  *self,
                                        MsBlueprint *blueprint);
/* The rows as shown: sorted, a GtkSingleSelection of MsTownRow. */
GListModel *ms_town_list_get_model     (MsTownList  *self);
void        ms_town_list_select        (MsTownList  *self,
                                        guint        position);
/* Sorts as a click on the column showing @property does ("index",
 * "tier-name", "x", "y", "highway"); FALSE if there is no such column. */
gboolean    ms_town_list_sort_by       (MsTownList  *self,
                                        const char  *property,
                                        GtkSortType  order);

G_END_DECLS
