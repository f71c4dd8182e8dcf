/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over MsTownRow items, each column sortable.  TOWN is a
 * small table already parsed, so the rows are built at once.
 */
#define G_LOG_DOMAIN "ms-town-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-list-frame.h"
#include "ms-town-list.h"

struct _MsTownList
{
  GtkWidget           parent_instance;

  MsListFrame         list;
};

enum
{
  SIGNAL_TOWN_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsTownList, ms_town_list, GTK_TYPE_WIDGET)

void
ms_town_list_set_blueprint (MsTownList  *self,
                            MsBlueprint *blueprint)
{
  const MsTown *towns;
  MsProfile *profile;
  guint n_towns, n_tiers;
  g_autoptr(GPtrArray) rows = NULL;

  g_return_if_fail (MS_IS_TOWN_LIST (self));

  ms_list_frame_clear (&self->list);
  if (blueprint == NULL)
    return;

  profile = ms_blueprint_get_profile (blueprint);
  n_tiers = ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS);
  towns = ms_blueprint_get_towns (blueprint, &n_towns);
  rows = g_ptr_array_new_full (n_towns, g_object_unref);
  for (guint i = 0; i < n_towns; i++)
    {
      g_autofree char *unknown = NULL;
      const char *tier_name;

      /* The reader checks tiers against the profile; this guards a
       * profile swapped underneath. */
      if (towns[i].tier < n_tiers)
        tier_name = ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, towns[i].tier);
      else
        tier_name = unknown = g_strdup_printf (_("Tier %u"), towns[i].tier);
      g_ptr_array_add (rows, ms_town_row_new (i, &towns[i], tier_name));
    }
  /* One splice, one items-changed: cheap even for thousands of towns. */
  g_list_store_splice (self->list.store, 0, 0, rows->pdata, rows->len);
}

GListModel *
ms_town_list_get_model (MsTownList *self)
{
  g_return_val_if_fail (MS_IS_TOWN_LIST (self), NULL);
  return G_LIST_MODEL (self->list.selection);
}

void
ms_town_list_select (MsTownList *self,
                     guint       position)
{
  g_return_if_fail (MS_IS_TOWN_LIST (self));
  gtk_single_selection_set_selected (self->list.selection, position);
}

gboolean
ms_town_list_sort_by (MsTownList  *self,
                      const char  *property,
                      GtkSortType  order)
{
  g_return_val_if_fail (MS_IS_TOWN_LIST (self), FALSE);
  return ms_list_frame_sort_by (&self->list, property, order);
}

static void
ms_town_list_dispose (GObject *object)
{
  MsTownList *self = MS_TOWN_LIST (object);

  ms_list_frame_dispose (&self->list);

  G_OBJECT_CLASS (ms_town_list_parent_class)->dispose (object);
}

static void
ms_town_list_class_init (MsTownListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_town_list_dispose;

  signals[SIGNAL_TOWN_SELECTED] =
    g_signal_new ("town-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, MS_TYPE_TOWN_ROW);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ms_town_list_init (MsTownList *self)
{
  const char *where = _("File coordinates: x is the outer index, y the inner one");
  ms_list_frame_init (&self->list, GTK_WIDGET (self), MS_TYPE_TOWN_ROW, signals[SIGNAL_TOWN_SELECTED]);

  /* Tiers sort by rank, not by name; highway nodes by the flag. */
  ms_list_columns_add (self->list.column_view, MS_TYPE_TOWN_ROW, "#", "index", NULL, 0,
                       _("The town's place in the file"));
  ms_list_columns_add (self->list.column_view, MS_TYPE_TOWN_ROW, _("Tier"), "tier-name", "tier", 0, NULL);
  ms_list_columns_add (self->list.column_view, MS_TYPE_TOWN_ROW, "x", "x", NULL, 1, where);
  ms_list_columns_add (self->list.column_view, MS_TYPE_TOWN_ROW, "y", "y", NULL, 1, where);
  ms_list_columns_add (self->list.column_view, MS_TYPE_TOWN_ROW, _("Highway"), "highway", "highway-node", 0,
                       _("Whether the town is a node of the highway network"));
}

GtkWidget *
ms_town_list_new (void)
{
  return g_object_new (MS_TYPE_TOWN_LIST, NULL);
}
