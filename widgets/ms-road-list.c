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
#include "ms-list-frame.h"
#include "ms-road-list.h"

struct _MsRoadList
{
  GtkWidget           parent_instance;

  MsListFrame         list;
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
fill (MsRoadList *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint map_size;

  ms_list_frame_clear (&self->list);
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
  g_list_store_splice (self->list.store, 0, 0, rows->pdata, rows->len);
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
  return G_LIST_MODEL (self->list.selection);
}

void
ms_road_list_select (MsRoadList *self,
                     guint       position)
{
  g_return_if_fail (MS_IS_ROAD_LIST (self));
  gtk_single_selection_set_selected (self->list.selection, position);
}

gboolean
ms_road_list_sort_by (MsRoadList  *self,
                      const char  *property,
                      GtkSortType  order)
{
  g_return_val_if_fail (MS_IS_ROAD_LIST (self), FALSE);
  return ms_list_frame_sort_by (&self->list, property, order);
}

static void
ms_road_list_dispose (GObject *object)
{
  MsRoadList *self = MS_ROAD_LIST (object);

  ms_list_frame_dispose (&self->list);
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
  GtkColumnViewColumn *bounds;

  ms_list_frame_init (&self->list, GTK_WIDGET (self), MS_TYPE_ROAD_ROW, signals[SIGNAL_ROAD_SELECTED]);

  /* Tiers sort by rank, not by name; bounds by the area they cover. */
  ms_list_columns_add (self->list.column_view, MS_TYPE_ROAD_ROW, _("Tier"), "tier-name", "tier", 0, NULL);
  ms_list_columns_add (self->list.column_view, MS_TYPE_ROAD_ROW, "#", "index", NULL, 0,
                       _("The path's place in its tier's section"));
  ms_list_columns_add (self->list.column_view, MS_TYPE_ROAD_ROW, _("Points"), "points", NULL, 0, NULL);
  ms_list_columns_add (self->list.column_view, MS_TYPE_ROAD_ROW, _("px"), "length", NULL, 0,
                       _("Length in map pixels"));
  ms_list_columns_add (self->list.column_view, MS_TYPE_ROAD_ROW, _("m"), "metres", NULL, 0,
                       _("Length in metres, at the scale bar's metres per map pixel"));
  bounds = ms_list_columns_add (self->list.column_view, MS_TYPE_ROAD_ROW, _("Bounds"), "bounds", "area", 0,
                                _("The pixels the path spans, x0–x1, y0–y1 (file coordinates: x is the "
                                  "outer index, y the inner one); sorts by area"));
  /* The widest column, and the last: in a sidebar it was cut off at the
   * edge, readable only by scrolling sideways.  It takes the room left. */
  ms_list_columns_ellipsize (bounds);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->list.scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
}

GtkWidget *
ms_road_list_new (void)
{
  return g_object_new (MS_TYPE_ROAD_LIST, NULL);
}
