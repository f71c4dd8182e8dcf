/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over MsWaterBodyRow items, each column sortable.  The
 * extents come from one pass over WBID on a worker thread.
 */
#define G_LOG_DOMAIN "ms-water-body-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-blueprint-summary.h"
#include "ms-list-frame.h"
#include "ms-water-body-list.h"

struct _MsWaterBodyList
{
  GtkWidget           parent_instance;

  MsListFrame         list;
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
      g_list_store_append (self->list.store, item);
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
  ms_list_frame_clear (&self->list);
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
  return G_LIST_MODEL (self->list.selection);
}

void
ms_water_body_list_select (MsWaterBodyList *self,
                           guint            position)
{
  g_return_if_fail (MS_IS_WATER_BODY_LIST (self));
  gtk_single_selection_set_selected (self->list.selection, position);
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
  ms_list_frame_dispose (&self->list);

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
  GtkColumnView *view;

  ms_list_frame_init (&self->list, GTK_WIDGET (self), MS_TYPE_WATER_BODY_ROW, signals[SIGNAL_BODY_SELECTED]);
  view = self->list.column_view;
  ms_list_columns_add (view, MS_TYPE_WATER_BODY_ROW, _("Id"), "id", NULL, 0, NULL);
  ms_list_columns_add (view, MS_TYPE_WATER_BODY_ROW, _("Kind"), "kind", NULL, 0, NULL);
  ms_list_columns_add (view, MS_TYPE_WATER_BODY_ROW, _("Salinity"), "salinity", NULL, 0, NULL);
  ms_list_columns_add (view, MS_TYPE_WATER_BODY_ROW, _("Surface"), "surface", NULL, 4, NULL);
  ms_list_columns_add (view, MS_TYPE_WATER_BODY_ROW, _("Pixels"), "pixels", NULL, 0, NULL);
}

GtkWidget *
ms_water_body_list_new (void)
{
  return g_object_new (MS_TYPE_WATER_BODY_LIST, NULL);
}
