/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The store, selection and scrolled window around a row list's column
 * view, with the rule that only a new pick is announced.
 */
#define G_LOG_DOMAIN "ms-list-frame"

#include "config.h"

#include "ms-list-frame.h"

static void
on_selected (GtkSingleSelection *selection,
             GParamSpec         *pspec,
             MsListFrame        *frame)
{
  gpointer row = gtk_single_selection_get_selected_item (selection);

  /* Sorting moves the selected row and notifies; that is no new pick. */
  if (row == frame->emitted)
    return;
  frame->emitted = row;
  if (row != NULL)
    g_signal_emit (frame->owner, frame->signal_id, 0, row);
}

void
ms_list_frame_init (MsListFrame *frame,
                    GtkWidget   *owner,
                    GType        item_type,
                    guint        signal_id)
{
  GtkSortListModel *sorted;

  g_return_if_fail (GTK_IS_WIDGET (owner));

  frame->owner = owner;
  frame->signal_id = signal_id;
  frame->emitted = NULL;
  frame->store = g_list_store_new (item_type);
  frame->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (frame->store)),
                                    g_object_ref (gtk_column_view_get_sorter (frame->column_view)));
  frame->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (frame->selection, FALSE);
  gtk_single_selection_set_can_unselect (frame->selection, TRUE);
  gtk_column_view_set_model (frame->column_view, GTK_SELECTION_MODEL (frame->selection));
  g_object_unref (frame->selection);  /* the column view holds it */
  g_signal_connect (frame->selection, "notify::selected", G_CALLBACK (on_selected), frame);

  frame->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (frame->scrolled), GTK_WIDGET (frame->column_view));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (frame->scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (frame->scrolled, TRUE);
  gtk_widget_set_parent (frame->scrolled, owner);
}

void
ms_list_frame_clear (MsListFrame *frame)
{
  g_list_store_remove_all (frame->store);
  frame->emitted = NULL;
}

void
ms_list_frame_dispose (MsListFrame *frame)
{
  if (frame->scrolled != NULL)
    g_signal_handlers_disconnect_by_func (frame->selection, on_selected, frame);
  g_clear_pointer (&frame->scrolled, gtk_widget_unparent);
  g_clear_object (&frame->store);
}

gboolean
ms_list_frame_sort_by (MsListFrame *frame,
                       const char  *property,
                       GtkSortType  order)
{
  GtkColumnViewColumn *column = ms_list_columns_find (frame->column_view, property);

  if (column == NULL)
    return FALSE;
  gtk_column_view_sort_by_column (frame->column_view, column, order);
  return TRUE;
}
