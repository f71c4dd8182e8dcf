/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over MsRoadRow items, one per path of every road tier,
 * each column sortable.  The paths are parsed already; lengths and bounds
 * are one pass over their points, so the rows are built at once.
 */
#define G_LOG_DOMAIN "ms-road-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-blueprint-summary.h"
#include "ms-list-columns.h"
#include "ms-road-list.h"

struct _MsRoadList
{
  GtkWidget           parent_instance;

  GtkWidget          *scrolled;
  GtkColumnView      *column_view;
  GListStore         *store;
  GtkSingleSelection *selection;
  gpointer            emitted;       /* the row last announced; compared, never dereferenced */
  MsBlueprint        *blueprint;
  double              metres_per_pixel;
};

enum
{
  SIGNAL_ROAD_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsRoadList, ms_road_list, GTK_TYPE_WIDGET)

static void
on_selected (GtkSingleSelection *selection,
             GParamSpec         *pspec,
             MsRoadList         *self)
{
  gpointer row = gtk_single_selection_get_selected_item (selection);

  /* Sorting moves the selected row and notifies; that is no new pick. */
  if (row == self->emitted)
    return;
  self->emitted = row;
  if (row != NULL)
    g_signal_emit (self, signals[SIGNAL_ROAD_SELECTED], 0, row);
}

static void
fill (MsRoadList *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint map_size;

  g_list_store_remove_all (self->store);
  self->emitted = NULL;
  if (self->blueprint == NULL)
    return;

  map_size = ms_blueprint_get_map_size (self->blueprint);
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      guint n_paths = ms_blueprint_get_n_paths (self->blueprint, tier);

      for (guint i = 0; i < n_paths; i++)
        {
          guint n_points;
          const MsPoint *points = ms_blueprint_get_path (self->blueprint, tier, i, &n_points);
          MsPathBounds bounds;

          ms_road_path_bounds (points, n_points, map_size, &bounds);
          g_ptr_array_add (rows, ms_road_row_new (tier, i, n_points, ms_road_path_length (points, n_points),
                                                  &bounds, self->metres_per_pixel));
        }
    }
  /* One splice, one items-changed: cheap even for thousands of paths. */
  g_list_store_splice (self->store, 0, 0, rows->pdata, rows->len);
}

void
ms_road_list_set_blueprint (MsRoadList  *self,
                            MsBlueprint *blueprint)
{
  g_return_if_fail (MS_IS_ROAD_LIST (self));
  g_return_if_fail (blueprint == NULL || MS_IS_BLUEPRINT (blueprint));

  g_set_object (&self->blueprint, blueprint);
  fill (self);
}

void
ms_road_list_set_metres_per_pixel (MsRoadList *self,
                                   double      metres)
{
  g_return_if_fail (MS_IS_ROAD_LIST (self));

  if (metres == self->metres_per_pixel)
    return;
  self->metres_per_pixel = metres;
  /* Rows are immutable; new ones redraw the metres column. */
  fill (self);
}

double
ms_road_list_get_metres_per_pixel (MsRoadList *self)
{
  g_return_val_if_fail (MS_IS_ROAD_LIST (self), 0.0);
  return self->metres_per_pixel;
}

GListModel *
ms_road_list_get_model (MsRoadList *self)
{
  g_return_val_if_fail (MS_IS_ROAD_LIST (self), NULL);
  return G_LIST_MODEL (self->selection);
}

void
ms_road_list_select (MsRoadList *self,
                     guint       position)
{
  g_return_if_fail (MS_IS_ROAD_LIST (self));
  gtk_single_selection_set_selected (self->selection, position);
}

gboolean
ms_road_list_sort_by (MsRoadList  *self,
                      const char  *property,
                      GtkSortType  order)
{
  GtkColumnViewColumn *column;

  g_return_val_if_fail (MS_IS_ROAD_LIST (self), FALSE);

  column = ms_list_columns_find (self->column_view, property);
  if (column == NULL)
    return FALSE;
  gtk_column_view_sort_by_column (self->column_view, column, order);
  return TRUE;
}

static void
ms_road_list_dispose (GObject *object)
{
  MsRoadList *self = MS_ROAD_LIST (object);

  /* Tearing the column view down re-sorts; nobody is listening by then. */
  if (self->scrolled != NULL)
    g_signal_handlers_disconnect_by_func (self->selection, on_selected, self);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->store);
  g_clear_object (&self->blueprint);

  G_OBJECT_CLASS (ms_road_list_parent_class)->dispose (object);
}

static void
ms_road_list_class_init (MsRoadListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_road_list_dispose;

  signals[SIGNAL_ROAD_SELECTED] =
    g_signal_new ("road-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, MS_TYPE_ROAD_ROW);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ms_road_list_init (MsRoadList *self)
{
  GtkSortListModel *sorted;

  self->store = g_list_store_new (MS_TYPE_ROAD_ROW);
  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);  /* the column view holds it */
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selected), self);

  /* Tiers sort by rank, not by name; bounds by the area they cover. */
  ms_list_columns_add (self->column_view, MS_TYPE_ROAD_ROW, _("Tier"), "tier-name", "tier", 0, NULL);
  ms_list_columns_add (self->column_view, MS_TYPE_ROAD_ROW, "#", "index", NULL, 0,
                       _("The path's place in its tier's section"));
  ms_list_columns_add (self->column_view, MS_TYPE_ROAD_ROW, _("Points"), "points", NULL, 0, NULL);
  ms_list_columns_add (self->column_view, MS_TYPE_ROAD_ROW, _("px"), "length", NULL, 0,
                       _("Length in map pixels"));
  ms_list_columns_add (self->column_view, MS_TYPE_ROAD_ROW, _("m"), "metres", NULL, 0,
                       _("Length in metres, at the scale bar's metres per map pixel"));
  ms_list_columns_add (self->column_view, MS_TYPE_ROAD_ROW, _("Bounds"), "bounds", "area", 0,
                       _("The pixels the path spans, x0–x1, y0–y1 (file coordinates: x is the outer "
                         "index, y the inner one); sorts by area"));

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->column_view));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

GtkWidget *
ms_road_list_new (void)
{
  return g_object_new (MS_TYPE_ROAD_LIST, NULL);
}
