/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list's model is a GtkStringList of journal paths kept in step with
 * the journals array, so a row's position is its journal's index.  Discard
 * asks in a banner inside the dialog rather than in a second dialog (GTK
 * 4.8 has no GtkAlertDialog; GtkMessageDialog is deprecated after it).
 */
#define G_LOG_DOMAIN "ms-recovery-dialog"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ms-list-columns.h"
#include "ms-recovery-dialog.h"
#include "ms-zone-journal.h"

struct _MsRecoveryDialog
{
  GtkWindow           parent_instance;

  GtkColumnView      *column_view;
  GtkRevealer        *confirm_revealer;
  GtkLabel           *confirm_label;
  GtkRevealer        *error_revealer;
  GtkLabel           *error_label;
  GtkLabel           *detail_label;

  GPtrArray          *journals;    /* MsZoneJournalInfo */
  GtkStringList      *paths;       /* the model: one path per journal */
  GtkSingleSelection *selection;
};

G_DEFINE_FINAL_TYPE (MsRecoveryDialog, ms_recovery_dialog, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_RECOVER,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum
{
  COLUMN_ZONE,
  COLUMN_TIME,
  COLUMN_TILES,
  COLUMN_NOTE,
} Column;

static const char *column_classes[] = {
  "journal-zone", "journal-time", "journal-tiles", "journal-note",
};

static MsZoneJournalInfo *
journal_at (MsRecoveryDialog *self,
            guint             position)
{
  if (position >= self->journals->len)
    return NULL;
  return g_ptr_array_index (self->journals, position);
}

static MsZoneJournalInfo *
selected_journal (MsRecoveryDialog *self)
{
  return journal_at (self, gtk_single_selection_get_selected (self->selection));
}

static char *
column_text (const MsZoneJournalInfo *info,
             Column                   column)
{
  switch (column)
    {
    case COLUMN_ZONE:
      {
        g_autofree char *base = NULL;

        if (info->dir == NULL)
          {
            g_autofree char *name = g_path_get_basename (info->path);
            return g_filename_display_name (name);
          }
        base = g_path_get_basename (info->dir);
        /* Translators: a zone's folder name and its id, e.g. “layers — zone 0042” */
        return g_strdup_printf (_("%s — zone %04u"), base, info->zone_id);
      }
    case COLUMN_TIME:
      {
        g_autoptr(GDateTime) utc = NULL;
        g_autoptr(GDateTime) local = NULL;

        if (info->problem != NULL)
          return g_strdup ("");
        utc = g_date_time_new_from_unix_utc (info->time_us / G_USEC_PER_SEC);
        if (utc == NULL)
          return g_strdup ("?");
        local = g_date_time_to_local (utc);
        /* ISO 8601: "%x" is ambiguous (12/03/26 is which day?). */
        return g_date_time_format (local, "%Y-%m-%d %H:%M:%S");
      }
    case COLUMN_TILES:
      if (info->problem != NULL)
        return g_strdup ("");
      return g_strdup_printf ("%" G_GUINT64_FORMAT, info->n_tiles);
    case COLUMN_NOTE:
      if (info->problem != NULL)
        return g_strdup (_("Cannot be read"));
      if (info->changed_on_disk)
        return g_strdup (_("Layer files changed since"));
      return g_strdup ("");
    default:
      g_assert_not_reached ();
    }
}

static void
setup_cell (GtkLabel *label,
            int       column)
{
  gtk_label_set_xalign (label, column == COLUMN_TILES ? 1.0f : 0.0f);
  gtk_label_set_ellipsize (label, column == COLUMN_ZONE ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_NONE);
  if (column == COLUMN_NOTE)
    gtk_widget_add_css_class (GTK_WIDGET (label), "error");
  gtk_widget_add_css_class (GTK_WIDGET (label), column_classes[column]);
}

static void
bind_cell (gpointer  owner,
           GtkLabel *label,
           guint     position,
           int       column)
{
  MsZoneJournalInfo *info = journal_at (owner, position);
  g_autofree char *text = NULL;

  if (info == NULL)
    return;
  text = column_text (info, column);
  gtk_label_set_text (label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), info->dir != NULL ? info->dir : info->path);
}

static void
add_column (MsRecoveryDialog *self,
            const char       *title,
            Column            column,
            gboolean          expand)
{
  ms_list_columns_add_positional (self->column_view, title, column, expand, setup_cell, bind_cell,
                                  self);
}

static void
show_error (MsRecoveryDialog *self,
            const char       *message)
{
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

static void
update_selection (MsRecoveryDialog *self)
{
  MsZoneJournalInfo *info = selected_journal (self);
  g_autoptr(GString) detail = g_string_new (NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "recovery.recover",
                                 info != NULL && info->problem == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "recovery.discard", info != NULL);
  gtk_revealer_set_reveal_child (self->confirm_revealer, FALSE);

  if (info == NULL)
    ;
  else if (info->problem != NULL)
    g_string_append_printf (detail, _("This journal cannot be recovered: %s"), info->problem);
  else
    {
      g_autofree char *dir = g_filename_display_name (info->dir);

      g_string_append_printf (detail, _("Zone %u (%u × %u tiles) in %s."),
                              info->zone_id, info->width, info->height, dir);
      if (info->changed_on_disk)
        {
          g_string_append_c (detail, '\n');
          g_string_append (detail, _("Warning: the layer files changed on disk after these edits "
                                     "were journaled (the game server may have saved them). "
                                     "Recovering writes the edited tiles over the new files and "
                                     "mixes the two states."));
        }
    }
  gtk_label_set_text (self->detail_label, detail->str);
}

static void
remove_row (MsRecoveryDialog *self,
            guint             position)
{
  g_ptr_array_remove_index (self->journals, position);
  gtk_string_list_remove (self->paths, position);
  if (self->journals->len == 0)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (gtk_single_selection_get_selected (self->selection) == GTK_INVALID_LIST_POSITION)
    gtk_single_selection_set_selected (self->selection, MIN (position, self->journals->len - 1));
  update_selection (self);
}

static void
recover (MsRecoveryDialog *self,
         guint             position)
{
  MsZoneJournalInfo *info = journal_at (self, position);
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;

  if (info == NULL || info->problem != NULL)
    return;
  /* The handler may open windows, even re-enter the main loop. */
  path = g_strdup (info->path);
  dir = g_strdup (info->dir);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_RECOVER], 0, path, dir, info->zone_id);
  position = GTK_INVALID_LIST_POSITION;
  for (guint i = 0; i < self->journals->len; i++)
    if (g_strcmp0 (((MsZoneJournalInfo *) g_ptr_array_index (self->journals, i))->path, path) == 0)
      position = i;
  if (position != GTK_INVALID_LIST_POSITION)
    remove_row (self, position);
  g_object_unref (self);
}

static void
on_activate (MsRecoveryDialog *self,
             guint             position,
             GtkColumnView    *view)
{
  recover (self, position);
}

static void
recover_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MsRecoveryDialog *self = MS_RECOVERY_DIALOG (widget);

  recover (self, gtk_single_selection_get_selected (self->selection));
}

static void
discard_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MsRecoveryDialog *self = MS_RECOVERY_DIALOG (widget);
  MsZoneJournalInfo *info = selected_journal (self);
  g_autofree char *text = NULL;

  if (info == NULL)
    return;
  if (info->problem != NULL)
    text = g_strdup (_("Delete this unreadable journal?"));
  else
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, info->n_tiles);

      /* Translators: %s is a number of tiles, %u a zone id */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Delete the unsaved edit of %s tile of zone %u? "
                                           "This cannot be undone.",
                                           "Delete the unsaved edits of %s tiles of zone %u? "
                                           "This cannot be undone.",
                                           (gulong) MIN (info->n_tiles, G_MAXULONG)),
                              count, info->zone_id);
    }
  gtk_label_set_text (self->confirm_label, text);
  gtk_revealer_set_reveal_child (self->confirm_revealer, TRUE);
}

static void
cancel_discard_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  MsRecoveryDialog *self = MS_RECOVERY_DIALOG (widget);

  gtk_revealer_set_reveal_child (self->confirm_revealer, FALSE);
}

static void
confirm_discard_activated (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MsRecoveryDialog *self = MS_RECOVERY_DIALOG (widget);
  guint position = gtk_single_selection_get_selected (self->selection);
  MsZoneJournalInfo *info = journal_at (self, position);

  gtk_revealer_set_reveal_child (self->confirm_revealer, FALSE);
  if (info == NULL)
    return;
  if (g_remove (info->path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (info->path);
      g_autofree char *message = g_strdup_printf (_("Could not delete “%s”: %s"),
                                                  display, g_strerror (saved_errno));
      show_error (self, message);
      return;
    }
  show_error (self, NULL);
  remove_row (self, position);
}

static void
ms_recovery_dialog_dispose (GObject *object)
{
  MsRecoveryDialog *self = MS_RECOVERY_DIALOG (object);

  ms_list_columns_release (self->column_view, &self->selection);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_RECOVERY_DIALOG);

  G_OBJECT_CLASS (ms_recovery_dialog_parent_class)->dispose (object);
}

static void
ms_recovery_dialog_finalize (GObject *object)
{
  MsRecoveryDialog *self = MS_RECOVERY_DIALOG (object);

  g_clear_pointer (&self->journals, g_ptr_array_unref);

  G_OBJECT_CLASS (ms_recovery_dialog_parent_class)->finalize (object);
}

static void
ms_recovery_dialog_class_init (MsRecoveryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_recovery_dialog_dispose;
  object_class->finalize = ms_recovery_dialog_finalize;

  /**
   * MsRecoveryDialog::recover:
   * @journal_path: the journal to apply
   * @dir: the zone's folder, as the journal records it (absolute)
   * @zone_id: the zone
   */
  signals[SIGNAL_RECOVER] =
    g_signal_new ("recover", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ms-recovery-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MsRecoveryDialog, column_view);
  gtk_widget_class_bind_template_child (widget_class, MsRecoveryDialog, confirm_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsRecoveryDialog, confirm_label);
  gtk_widget_class_bind_template_child (widget_class, MsRecoveryDialog, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsRecoveryDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, MsRecoveryDialog, detail_label);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);

  gtk_widget_class_install_action (widget_class, "recovery.recover", NULL, recover_activated);
  gtk_widget_class_install_action (widget_class, "recovery.discard", NULL, discard_activated);
  gtk_widget_class_install_action (widget_class, "recovery.confirm-discard", NULL,
                                   confirm_discard_activated);
  gtk_widget_class_install_action (widget_class, "recovery.cancel-discard", NULL,
                                   cancel_discard_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ms_recovery_dialog_init (MsRecoveryDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  add_column (self, _("Zone"), COLUMN_ZONE, TRUE);
  add_column (self, _("Journaled"), COLUMN_TIME, FALSE);
  add_column (self, _("Tiles Changed"), COLUMN_TILES, FALSE);
  add_column (self, _("Note"), COLUMN_NOTE, TRUE);
}

MsRecoveryDialog *
ms_recovery_dialog_new (GtkWindow *parent,
                        GPtrArray *journals)
{
  MsRecoveryDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (journals != NULL, NULL);

  self = g_object_new (MS_TYPE_RECOVERY_DIALOG, "transient-for", parent, NULL);
  /* A copy of the array (not the infos): rows leave it, the caller's stays. */
  self->journals = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_zone_journal_info_free);
  self->paths = gtk_string_list_new (NULL);
  for (guint i = 0; i < journals->len; i++)
    {
      const MsZoneJournalInfo *src = g_ptr_array_index (journals, i);
      MsZoneJournalInfo *info = g_memdup2 (src, sizeof *src);

      info->path = g_strdup (src->path);
      info->dir = g_strdup (src->dir);
      info->problem = g_strdup (src->problem);
      g_ptr_array_add (self->journals, info);
      gtk_string_list_append (self->paths, info->path);
    }
  self->selection = gtk_single_selection_new (G_LIST_MODEL (self->paths));
  gtk_single_selection_set_autoselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "notify::selected",
                            G_CALLBACK (update_selection), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  update_selection (self);
  return self;
}

MsRecoveryDialog *
ms_recovery_dialog_offer (GtkApplication *app,
                          GtkWindow      *parent)
{
  g_autoptr(GPtrArray) journals = NULL;
  g_autoptr(GError) error = NULL;
  MsRecoveryDialog *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);

  if (g_object_get_data (G_OBJECT (app), "ms-recovery-offered") != NULL)
    return NULL;
  g_object_set_data (G_OBJECT (app), "ms-recovery-offered", GINT_TO_POINTER (TRUE));

  journals = ms_zone_journal_list (&error);
  if (journals == NULL)
    {
      g_message ("Could not look for unsaved zone edits: %s", error->message);
      return NULL;
    }
  if (journals->len == 0)
    return NULL;
  self = ms_recovery_dialog_new (parent, journals);
  gtk_window_set_application (GTK_WINDOW (self), app);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

GPtrArray *
ms_recovery_dialog_get_journals (MsRecoveryDialog *self)
{
  g_return_val_if_fail (MS_IS_RECOVERY_DIALOG (self), NULL);
  return self->journals;
}
