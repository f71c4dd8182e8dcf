/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list columns of the app's dialogs: a signal factory per column whose
 * setup and bind go to the dialog's own two functions, with the column and
 * the row's position, so the dialogs keep only what they show.
 */
#define G_LOG_DOMAIN "ms-dialog-list"

#include "config.h"

#include "ms-dialog-list.h"

typedef struct
{
  MsDialogListSetup setup;
  MsDialogListBind  bind;
  gpointer          owner;
  int               column;
} Column;

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            Column                   *column)
{
  GtkWidget *label = gtk_label_new (NULL);

  column->setup (GTK_LABEL (label), column->column);
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           Column                   *column)
{
  column->bind (column->owner, GTK_LABEL (gtk_list_item_get_child (item)),
                gtk_list_item_get_position (item), column->column);
}

void
ms_dialog_list_add_column (GtkColumnView     *view,
                           const char        *title,
                           int                column,
                           gboolean           expand,
                           MsDialogListSetup  setup,
                           MsDialogListBind   bind,
                           gpointer           owner)
{
  GtkListItemFactory *factory;
  GtkColumnViewColumn *col;
  Column *data;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (setup != NULL && bind != NULL);

  data = g_new0 (Column, 1);
  data->setup = setup;
  data->bind = bind;
  data->owner = owner;
  data->column = column;

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), data);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), data);
  g_object_set_data_full (G_OBJECT (factory), "ms-column", data, g_free);
  col = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (col, expand);
  gtk_column_view_column_set_resizable (col, TRUE);
  gtk_column_view_append_column (view, col);
  g_object_unref (col);
}

void
ms_dialog_list_release (GtkColumnView       *view,
                        GtkSingleSelection **selection)
{
  if (view != NULL)
    gtk_column_view_set_model (view, NULL);
  g_clear_object (selection);
}
