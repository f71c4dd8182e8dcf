/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-list-columns.h"

G_BEGIN_DECLS

/* The scaffolding the row lists share: a GListStore of the rows, sorted by
 * the column view's own sorter (so a header click sorts), behind a single
 * selection (no autoselect, can unselect), in a scrolled window that is
 * the owner's only child (give the owner a GtkBinLayout).  Picking a new
 * row emits @signal_id on the owner with the row; a re-sort that moves the
 * selected row, which notifies too, is no new pick.  Embed it in the
 * owner's instance struct: the selection handler holds its address. */
typedef struct
{
  GtkWidget          *owner;
  guint               signal_id;
  GtkWidget          *scrolled;
  GtkColumnView      *column_view;  /* add columns with ms_list_columns_add () */
  GListStore         *store;
  GtkSingleSelection *selection;    /* the column view holds it */
  gpointer            emitted;      /* the row last announced; compared, never dereferenced */
} MsListFrame;

void     ms_list_frame_init    (MsListFrame *frame,
                                GtkWidget   *owner,
                                GType        item_type,
                                guint        signal_id);
/* Empties the store and forgets the last pick. */
void     ms_list_frame_clear   (MsListFrame *frame);
/* For the owner's dispose: quiet (tearing the view down re-sorts), then
 * unparented and freed. */
void     ms_list_frame_dispose (MsListFrame *frame);
/* Sorts as a click on the column showing @property does; FALSE if there is
 * no such column. */
gboolean ms_list_frame_sort_by (MsListFrame *frame,
                                const char  *property,
                                GtkSortType  order);

G_END_DECLS
