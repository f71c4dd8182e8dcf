/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The label columns the row lists share: each cell a label bound to one
 * property of the row object, each column sorted by a property expression,
 * so clicking a header sorts like the numbers read; and the store,
 * selection and scrolled window around them (MsListFrame).
 */
#define G_LOG_DOMAIN "ms-list-columns"

#include "config.h"

#include "ms-list-columns.h"

typedef struct
{
  char    *property;
  guint    decimals;
  char    *tooltip;
  gboolean numeric;
} Column;

static void
column_free (gpointer data)
{
  Column *column = data;

  g_free (column->property);
  g_free (column->tooltip);
  g_free (column);
}

static void
setup_label (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             Column                   *column)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column->numeric ? 1.0f : 0.0f);
  if (column->tooltip != NULL)
    gtk_widget_set_tooltip_text (label, column->tooltip);
  gtk_list_item_set_child (item, label);
}

static void
bind_label (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            Column                   *column)
{
  GObject *row = gtk_list_item_get_item (item);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (row), column->property);
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *text = NULL;

  g_value_init (&value, pspec->value_type);
  g_object_get_property (row, column->property, &value);
  if (G_VALUE_HOLDS_STRING (&value))
    text = g_value_dup_string (&value);
  else if (G_VALUE_HOLDS_DOUBLE (&value))
    text = g_strdup_printf ("%.*f", (int) column->decimals, g_value_get_double (&value));
  else if (G_VALUE_HOLDS_UINT64 (&value))
    text = g_strdup_printf ("%" G_GUINT64_FORMAT, g_value_get_uint64 (&value));
  else if (G_VALUE_HOLDS_INT (&value))
    text = g_strdup_printf ("%d", g_value_get_int (&value));
  else
    text = g_strdup_printf ("%u", g_value_get_uint (&value));
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static gboolean
is_numeric (GType type)
{
  return type == G_TYPE_UINT || type == G_TYPE_INT || type == G_TYPE_UINT64 ||
         type == G_TYPE_INT64 || type == G_TYPE_DOUBLE || type == G_TYPE_FLOAT ||
         type == G_TYPE_BOOLEAN;
}

GtkColumnViewColumn *
ms_list_columns_add (GtkColumnView *view,
                     GType          item_type,
                     const char    *title,
                     const char    *property,
                     const char    *sort_property,
                     guint          decimals,
                     const char    *tooltip)
{
  g_autoptr(GTypeClass) klass = NULL;
  GtkListItemFactory *factory;
  GtkColumnViewColumn *column;
  GtkSorter *sorter;
  GtkExpression *expression;
  GParamSpec *shown, *sorted;
  Column *data;

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view), NULL);
  g_return_val_if_fail (property != NULL, NULL);

  klass = g_type_class_ref (item_type);
  sort_property = sort_property != NULL ? sort_property : property;
  shown = g_object_class_find_property (G_OBJECT_CLASS (klass), property);
  sorted = g_object_class_find_property (G_OBJECT_CLASS (klass), sort_property);
  g_return_val_if_fail (shown != NULL && sorted != NULL, NULL);

  data = g_new0 (Column, 1);
  data->property = g_strdup (property);
  data->decimals = decimals;
  data->tooltip = g_strdup (tooltip);
  data->numeric = is_numeric (shown->value_type) && shown->value_type != G_TYPE_BOOLEAN;

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_label), data);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label), data);
  g_object_set_data_full (G_OBJECT (factory), "ms-column", data, column_free);

  expression = gtk_property_expression_new (item_type, NULL, sort_property);
  if (is_numeric (sorted->value_type))
    sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
  else
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));

  column = gtk_column_view_column_new (title, factory);
  g_object_set_data_full (G_OBJECT (column), "ms-property", g_strdup (property), g_free);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (view, column);
  g_object_unref (sorter);
  g_object_unref (column);
  return column;
}

GtkColumnViewColumn *
ms_list_columns_find (GtkColumnView *view,
                      const char    *property)
{
  GListModel *columns;

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (view), NULL);

  columns = gtk_column_view_get_columns (view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "ms-property"), property) == 0)
        return column;  /* the view holds it */
    }
  return NULL;
}

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
