/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The label columns of every column view: a signal factory per column
 * making a label per cell.  The row lists bind each label to one property
 * of the row object and sort each column by a property expression, so
 * clicking a header sorts like the numbers read; the app's dialogs fill
 * the labels themselves from the row's position.
 */
#define G_LOG_DOMAIN "ms-list-columns"

#include "config.h"

#include "ms-list-columns.h"

/* Appends a resizable column whose cells are labels: @setup shapes a fresh
 * one and @bind fills it, both called with @data, which the column frees
 * with @free_data. */
static GtkColumnViewColumn *
add_label_column (GtkColumnView  *view,
                  const char     *title,
                  GCallback       setup,
                  GCallback       bind,
                  gpointer        data,
                  GDestroyNotify  free_data)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", setup, data);
  g_signal_connect (factory, "bind", bind, data);
  g_object_set_data_full (G_OBJECT (factory), "ms-column", data, free_data);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (view, column);
  g_object_unref (column);
  return column;  /* the view holds it */
}

/* ------------------------------------------------------ property columns --- */

typedef struct
{
  char    *property;
  guint    decimals;
  char    *tooltip;
  gboolean numeric;
  gboolean ellipsize;   /* ms_list_columns_ellipsize () */
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
  if (column->ellipsize)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (column->tooltip != NULL && !column->ellipsize)
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
  /* What the ellipsis hides, then what the column means. */
  if (column->ellipsize)
    {
      g_autofree char *tooltip = column->tooltip != NULL ? g_strdup_printf ("%s\n%s", text, column->tooltip)
                                                         : g_strdup (text);

      gtk_widget_set_tooltip_text (gtk_list_item_get_child (item), tooltip);
    }
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

  expression = gtk_property_expression_new (item_type, NULL, sort_property);
  if (is_numeric (sorted->value_type))
    sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
  else
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));

  column = add_label_column (view, title, G_CALLBACK (setup_label), G_CALLBACK (bind_label),
                             data, column_free);
  g_object_set_data_full (G_OBJECT (column), "ms-property", g_strdup (property), g_free);
  gtk_column_view_column_set_sorter (column, sorter);
  g_object_unref (sorter);
  return column;
}

void
ms_list_columns_ellipsize (GtkColumnViewColumn *column)
{
  GtkListItemFactory *factory;
  Column *data;

  g_return_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column));
  factory = gtk_column_view_column_get_factory (column);
  data = factory != NULL ? g_object_get_data (G_OBJECT (factory), "ms-column") : NULL;
  g_return_if_fail (data != NULL && g_object_get_data (G_OBJECT (column), "ms-property") != NULL);
  data->ellipsize = TRUE;
  gtk_column_view_column_set_expand (column, TRUE);
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

/* ---------------------------------------------------- positional columns --- */

typedef struct
{
  MsListColumnsSetup setup;
  MsListColumnsBind  bind;
  gpointer           owner;
  int                column;
} Positional;

static void
setup_positional (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  Positional               *column)
{
  GtkWidget *label = gtk_label_new (NULL);

  column->setup (GTK_LABEL (label), column->column);
  gtk_list_item_set_child (item, label);
}

static void
bind_positional (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 Positional               *column)
{
  column->bind (column->owner, GTK_LABEL (gtk_list_item_get_child (item)),
                gtk_list_item_get_position (item), column->column);
}

void
ms_list_columns_add_positional (GtkColumnView      *view,
                                const char         *title,
                                int                 column,
                                gboolean            expand,
                                MsListColumnsSetup  setup,
                                MsListColumnsBind   bind,
                                gpointer            owner)
{
  GtkColumnViewColumn *col;
  Positional *data;

  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));
  g_return_if_fail (setup != NULL && bind != NULL);

  data = g_new0 (Positional, 1);
  data->setup = setup;
  data->bind = bind;
  data->owner = owner;
  data->column = column;
  col = add_label_column (view, title, G_CALLBACK (setup_positional), G_CALLBACK (bind_positional),
                          data, g_free);
  gtk_column_view_column_set_expand (col, expand);
}

void
ms_list_columns_release (GtkColumnView       *view,
                         GtkSingleSelection **selection)
{
  if (view != NULL)
    gtk_column_view_set_model (view, NULL);
  g_clear_object (selection);
}
