/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows are rebuilt whole at every change: a history is a few dozen
 * steps, and every row's look depends on the position and the saved state.
 */
#define G_LOG_DOMAIN "ms-zone-history-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-zone-history-list.h"

struct _MsZoneHistoryList
{
  GtkWidget   parent_instance;

  GtkListBox *list;
  gboolean    rebuilding;
};

G_DEFINE_FINAL_TYPE (MsZoneHistoryList, ms_zone_history_list, GTK_TYPE_WIDGET)

enum { SIGNAL_STEP_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static GtkWidget *
make_row (const char *name,
          gboolean    saved,
          gboolean    opened,
          gboolean    undone)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (name);

  /* Whole names, wrapped: the counts at their ends are what tells steps
   * apart. */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (label, name);
  gtk_box_append (GTK_BOX (row), label);
  /* The state the files on disk hold. */
  if (saved)
    {
      GtkWidget *marker = gtk_image_new_from_icon_name ("document-save-symbolic");

      gtk_widget_set_name (marker, "saved-marker");
      gtk_widget_set_tooltip_text (marker, opened ? _("As opened: the files on disk")
                                                  : _("Saved: the files on disk"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (marker), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Saved"), -1);
      gtk_widget_set_valign (marker, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (row), marker);
    }
  /* Steps undone but still redoable look faded. */
  if (undone)
    gtk_widget_add_css_class (label, "dim-label");
  return row;
}

void
ms_zone_history_list_set_steps (MsZoneHistoryList *self,
                                const char *const *names,
                                guint              n_names,
                                guint              position,
                                guint              saved_position)
{
  GtkWidget *child;

  g_return_if_fail (MS_IS_ZONE_HISTORY_LIST (self));
  g_return_if_fail (names != NULL || n_names == 0);

  self->rebuilding = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i <= n_names; i++)
    gtk_list_box_append (self->list, make_row (i == 0 ? _("Opened") : names[i - 1], i == saved_position,
                                               i == 0, i > position));
  gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, (int) position));
  self->rebuilding = FALSE;
}

static void
on_row_selected (GtkListBox        *box,
                 GtkListBoxRow     *row,
                 MsZoneHistoryList *self)
{
  if (self->rebuilding || row == NULL)
    return;
  g_signal_emit (self, signals[SIGNAL_STEP_CHOSEN], 0, (guint) gtk_list_box_row_get_index (row));
}

static void
ms_zone_history_list_dispose (GObject *object)
{
  MsZoneHistoryList *self = MS_ZONE_HISTORY_LIST (object);

  g_clear_pointer ((GtkWidget **) &self->list, gtk_widget_unparent);

  G_OBJECT_CLASS (ms_zone_history_list_parent_class)->dispose (object);
}

static void
ms_zone_history_list_class_init (MsZoneHistoryListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_zone_history_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_STEP_CHOSEN] =
    g_signal_new ("step-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ms_zone_history_list_init (MsZoneHistoryList *self)
{
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_widget_set_parent (GTK_WIDGET (self->list), GTK_WIDGET (self));
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
}

GtkWidget *
ms_zone_history_list_new (void)
{
  return g_object_new (MS_TYPE_ZONE_HISTORY_LIST, NULL);
}
