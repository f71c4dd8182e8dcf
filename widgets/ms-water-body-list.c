/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over MsWaterBodyRow items, each column sortable.  The
 * extents come from one pass over WBID on a worker thread.
 */
#define G_LOG_DOMAIN "ms-water-body-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-blueprint-summary.h"
#include "ms-water-body-list.h"

struct _MsWaterBodyList
{
  GtkWidget           parent_instance;

  GtkWidget          *scrolled;
  GtkColumnView      *column_view;
  GListStore         *store;
  GtkSingleSelection *selection;
  GCancellable       *cancellable;
};

enum
{
  SIGNAL_BODY_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsWaterBodyList, ms_water_body_list, GTK_TYPE_WIDGET)

static void
setup_label (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  gtk_list_item_set_child (item, label);
}

static void
bind_label (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            const char               *property)
{
  GObject *row = gtk_list_item_get_item (item);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (row), property);
  g_auto(GValue) value = G_VALUE_INIT;
  g_autofree char *text = NULL;

  g_value_init (&value, pspec->value_type);
  g_object_get_property (row, property, &value);
  if (G_VALUE_HOLDS_STRING (&value))
    text = g_value_dup_string (&value);
  else if (G_VALUE_HOLDS_DOUBLE (&value))
    text = g_strdup_printf ("%.4f", g_value_get_double (&value));
  else if (G_VALUE_HOLDS_UINT64 (&value))
    text = g_strdup_printf ("%" G_GUINT64_FORMAT, g_value_get_uint64 (&value));
  else
    text = g_strdup_printf ("%u", g_value_get_uint (&value));
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

static void
add_column (MsWaterBodyList *self,
            const char      *title,
            const char      *property,
            gboolean         numeric)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;
  GtkSorter *sorter;
  GtkExpression *expression;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label), GINT_TO_POINTER (numeric));
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_label), g_strdup (property),
                         (GClosureNotify) (void (*) (void)) g_free, 0);

  expression = gtk_property_expression_new (MS_TYPE_WATER_BODY_ROW, NULL, property);
  if (numeric)
    sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
  else
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));

  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (sorter);
  g_object_unref (column);
}

static void
on_selected (GtkSingleSelection *selection,
             GParamSpec         *pspec,
             MsWaterBodyList    *self)
{
  gpointer row = gtk_single_selection_get_selected_item (selection);

  if (row != NULL)
    g_signal_emit (self, signals[SIGNAL_BODY_SELECTED], 0, row);
}

static void
fill_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  MsBlueprint *bp = task_data;
  GError *error = NULL;
  GArray *bounds = ms_blueprint_water_body_bounds (bp, cancellable, &error);

  if (bounds == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, bounds, (GDestroyNotify) g_array_unref);
}

static void
fill_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  MsWaterBodyList *self = MS_WATER_BODY_LIST (source);
  MsBlueprint *bp = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) bounds = g_task_propagate_pointer (G_TASK (result), &error);
  const MsWaterBody *table;
  guint n_table;

  if (bounds == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not list the water bodies: %s", error->message);
      return;
    }
  g_clear_object (&self->cancellable);

  table = ms_blueprint_get_water_bodies (bp, &n_table);
  for (guint id = 1; id < bounds->len; id++)
    {
      const MsWaterBodyBounds *b = &g_array_index (bounds, MsWaterBodyBounds, id);
      const MsWaterBody *row = NULL;
      g_autoptr(MsWaterBodyRow) item = NULL;

      if (b->pixels == 0)
        continue;
      for (guint i = 0; i < n_table; i++)
        if (table[i].id == id)
          row = &table[i];
      item = ms_water_body_row_new (id, row, b);
      g_list_store_append (self->store, item);
    }
}

void
ms_water_body_list_set_blueprint (MsWaterBodyList *self,
                                  MsBlueprint     *blueprint)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MS_IS_WATER_BODY_LIST (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_list_store_remove_all (self->store);
  if (blueprint == NULL)
    return;

  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, fill_done, NULL);
  g_task_set_task_data (task, g_object_ref (blueprint), g_object_unref);
  g_task_run_in_thread (task, fill_thread);
}

GListModel *
ms_water_body_list_get_model (MsWaterBodyList *self)
{
  g_return_val_if_fail (MS_IS_WATER_BODY_LIST (self), NULL);
  return G_LIST_MODEL (self->selection);
}

void
ms_water_body_list_select (MsWaterBodyList *self,
                           guint            position)
{
  g_return_if_fail (MS_IS_WATER_BODY_LIST (self));
  gtk_single_selection_set_selected (self->selection, position);
}

gboolean
ms_water_body_list_is_loading (MsWaterBodyList *self)
{
  g_return_val_if_fail (MS_IS_WATER_BODY_LIST (self), FALSE);
  return self->cancellable != NULL;
}

static void
ms_water_body_list_dispose (GObject *object)
{
  MsWaterBodyList *self = MS_WATER_BODY_LIST (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (ms_water_body_list_parent_class)->dispose (object);
}

static void
ms_water_body_list_class_init (MsWaterBodyListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_water_body_list_dispose;

  signals[SIGNAL_BODY_SELECTED] =
    g_signal_new ("body-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, MS_TYPE_WATER_BODY_ROW);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ms_water_body_list_init (MsWaterBodyList *self)
{
  GtkSortListModel *sorted;

  self->store = g_list_store_new (MS_TYPE_WATER_BODY_ROW);
  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);  /* the column view holds it */
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selected), self);

  add_column (self, _("Id"), "id", TRUE);
  add_column (self, _("Kind"), "kind", FALSE);
  add_column (self, _("Salinity"), "salinity", FALSE);
  add_column (self, _("Surface"), "surface", TRUE);
  add_column (self, _("Pixels"), "pixels", TRUE);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->column_view));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

GtkWidget *
ms_water_body_list_new (void)
{
  return g_object_new (MS_TYPE_WATER_BODY_LIST, NULL);
}
