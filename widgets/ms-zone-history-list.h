/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The zone painter's undo history: "Opened" and then one row per step,
 * the applied ones selected up to the current, the undone ones faded, and
 * a marker on the state the files on disk hold.  Choosing a row emits
 * "step-chosen" (guint position: how many steps should be applied). */
#define MS_TYPE_ZONE_HISTORY_LIST (ms_zone_history_list_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneHistoryList, ms_zone_history_list, MS, ZONE_HISTORY_LIST, GtkWidget)

GtkWidget *ms_zone_history_list_new       (void);
/* @names: the steps' names, oldest first (n_names of them); @position:
 * how many are applied; @saved_position: the state on disk (G_MAXUINT:
 * none of these).  Rebuilds the rows without emitting "step-chosen". */
void       ms_zone_history_list_set_steps (MsZoneHistoryList  *self,
                                           const char *const  *names,
                                           guint               n_names,
                                           guint               position,
                                           guint               saved_position);

G_END_DECLS
