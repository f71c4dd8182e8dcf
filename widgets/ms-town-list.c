/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over MsTownRow items, each column sortable.  TOWN is a
 * small table already parsed, so the rows are built at once.
 */
#define G_LOG_DOMAIN "ms-town-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-list-columns.h"
#include "ms-town-list.h"

struct _MsTownList
{
  GtkWidget           parent_instance;

  GtkWidget          *scrolled;
  GtkColumnView      *column_view;
  GListStore         *store;
  GtkSingleSelection *selection;
  gpointer            emitted;       /* the row last announced; compared, never dereferenced */
};

enum
{
  SIGNAL_TOWN_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsTownList, ms_town_list, GTK_TYPE_WIDGET)

static void
on_selected (GtkSingleSelection *selection,
             GParamSpec         *pspec,
             MsTownList         *self)
{
  gpointer row = gtk_single_selection_get_selected_item (selection);

  /* Sorting moves the selected row and notifies; that is no new pick. */
  if (row == self->emitted)
    return;
  self->emitted = row;
  if (row != NULL)
    g_signal_emit (self, signals[SIGNAL_TOWN_SELECTED], 0, row);
}

void
ms_town_list_set_blueprint (MsTownList  *self,
                            MsBlueprint *blueprint)
{
  const MsTown *towns;
  MsProfile *profile;
  guint n_towns, n_tiers;
  g_autoptr(GPtrArray) rows = NULL;

  g_return_if_fail (MS_IS_TOWN_LIST (self));

  g_list_store_remove_all (self->store);
  self->emitted = NULL;
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
  g_list_store_splice (self->store, 0, 0, rows->pdata, rows->len);
}

GListModel *
ms_town_list_get_model (MsTownList *self)
{
  g_return_val_if_fail (MS_IS_TOWN_LIST (self), NULL);
  return G_LIST_MODEL (self->selection);
}

void
ms_town_list_select (MsTownList *self,
                     guint       position)
{
  g_return_if_fail (MS_IS_TOWN_LIST (self));
  gtk_single_selection_set_selected (self->selection, position);
}

gboolean
ms_town_list_sort_by (MsTownList  *self,
                      const char  *property,
                      GtkSortType  order)
{
  GtkColumnViewColumn *column;

  g_return_val_if_fail (MS_IS_TOWN_LIST (self), FALSE);

  column = ms_list_columns_find (self->column_view, property);
  if (column == NULL)
    return FALSE;
  gtk_column_view_sort_by_column (self->column_view, column, order);
  return TRUE;
}

static void
ms_town_list_dispose (GObject *object)
{
  MsTownList *self = MS_TOWN_LIST (object);

  /* Tearing the column view down re-sorts; nobody is listening by then. */
  if (self->scrolled != NULL)
    g_signal_handlers_disconnect_by_func (self->selection, on_selected, self);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_object (&self->store);

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
  GtkSortListModel *sorted;

  self->store = g_list_store_new (MS_TYPE_TOWN_ROW);
  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_object_unref (self->selection);  /* the column view holds it */
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selected), self);

  /* Tiers sort by rank, not by name; highway nodes by the flag. */
  ms_list_columns_add (self->column_view, MS_TYPE_TOWN_ROW, "#", "index", NULL, 0,
                       _("The town's place in the file"));
  ms_list_columns_add (self->column_view, MS_TYPE_TOWN_ROW, _("Tier"), "tier-name", "tier", 0, NULL);
  ms_list_columns_add (self->column_view, MS_TYPE_TOWN_ROW, "x", "x", NULL, 1, where);
  ms_list_columns_add (self->column_view, MS_TYPE_TOWN_ROW, "y", "y", NULL, 1, where);
  ms_list_columns_add (self->column_view, MS_TYPE_TOWN_ROW, _("Highway"), "highway", "highway-node", 0,
                       _("Whether the town is a node of the highway network"));

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->column_view));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

GtkWidget *
ms_town_list_new (void)
{
  return g_object_new (MS_TYPE_TOWN_LIST, NULL);
}
