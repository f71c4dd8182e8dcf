/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list's model is a GtkStringList of the zone ids, in the order of the
 * scan's entries, so a row's position is its entry's index: no item class
 * is needed for a list that is never sorted or filtered.
 */
#define G_LOG_DOMAIN "ms-zone-picker"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-list-columns.h"
#include "ms-zone-directory.h"
#include "ms-zone-picker.h"
#include "ms-window-fit.h"

struct _MsZonePicker
{
  GtkWindow           parent_instance;

  GtkColumnView      *column_view;
  GtkStack           *stack;
  GtkSpinner         *spinner;
  GtkLabel           *folder_label;
  GtkLabel           *message_title;
  GtkLabel           *message_detail;
  GtkFlowBox         *folders_box;
  GtkNativeDialog    *folder_chooser;

  char               *dir;
  GCancellable       *cancellable;
  GPtrArray          *entries;      /* MsZoneDirEntry; NULL until scanned */
  GtkSingleSelection *selection;
};

G_DEFINE_FINAL_TYPE (MsZonePicker, ms_zone_picker, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_ZONE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum
{
  COLUMN_ID,
  COLUMN_LAYERS,
  COLUMN_SIZE,
  COLUMN_TERRAFORMABLE,
  COLUMN_PROBLEM,
} Column;

/* The test and the CSS find a column's labels by these. */
static const char *column_classes[] = {
  "zone-id", "zone-layers", "zone-size", "zone-terraformable", "zone-problem",
};

/* Short names, in MsZoneLayer order.  They are file name parts the server
 * uses, not words, so they are not translated. */
static const char *layer_short_names[MS_ZONE_N_LAYERS] = {
  [MS_ZONE_LAYER_BLOCKS] = "blocks",
  [MS_ZONE_LAYER_CONTROL] = "control",
  [MS_ZONE_LAYER_PLANTS] = "plants",
  [MS_ZONE_LAYER_ALTITUDE] = "altitude",
  [MS_ZONE_LAYER_ALTITUDE_BLEND] = "blend",
  [MS_ZONE_LAYER_ALTITUDE_ORIGINAL] = "original",
};

static MsZoneDirEntry *
entry_at (MsZonePicker *self,
          guint         position)
{
  if (self->entries == NULL || position >= self->entries->len)
    return NULL;
  return g_ptr_array_index (self->entries, position);
}

static char *
column_text (const MsZoneDirEntry *entry,
             Column                column)
{
  switch (column)
    {
    case COLUMN_ID:
      return g_strdup_printf ("%04u", entry->id);
    case COLUMN_LAYERS:
      {
        g_autoptr(GString) s = g_string_new (NULL);

        for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
          if (entry->layers & (1u << l))
            g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", layer_short_names[l]);
        return g_string_free (g_steal_pointer (&s), FALSE);
      }
    case COLUMN_SIZE:
      if (entry->width == 0)
        return g_strdup ("—");
      /* Translators: a zone's width × height in tiles */
      return g_strdup_printf (_("%u × %u"), entry->width, entry->height);
    case COLUMN_TERRAFORMABLE:
      return g_strdup (entry->terraformable ? _("Yes") : _("No"));
    case COLUMN_PROBLEM:
      return g_strdup (entry->problem != NULL ? entry->problem : "");
    default:
      g_assert_not_reached ();
    }
}

static void
setup_cell (GtkLabel *label,
            int       column)
{
  gtk_label_set_xalign (label, column == COLUMN_ID ? 1.0f : 0.0f);
  if (column == COLUMN_PROBLEM)
    {
      /* One line per row; the whole reason is in the tooltip. */
      gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (label, 24);
      gtk_widget_add_css_class (GTK_WIDGET (label), "error");
    }
  gtk_widget_add_css_class (GTK_WIDGET (label), column_classes[column]);
}

static void
bind_cell (gpointer  owner,
           GtkLabel *label,
           guint     position,
           int       column)
{
  MsZoneDirEntry *entry = entry_at (owner, position);
  g_autofree char *text = NULL;

  if (entry == NULL)
    return;
  text = column_text (entry, column);
  gtk_label_set_text (label, text);
  if (column == COLUMN_PROBLEM)
    gtk_widget_set_tooltip_text (GTK_WIDGET (label), entry->problem);
  /* Greyed, but the reason stays readable. */
  gtk_widget_set_sensitive (GTK_WIDGET (label), entry->problem == NULL || column == COLUMN_PROBLEM);
}

static void
add_column (MsZonePicker *self,
            const char   *title,
            Column        column,
            gboolean      expand)
{
  ms_list_columns_add_positional (self->column_view, title, column, expand, setup_cell, bind_cell,
                                  self);
}

static MsZoneDirEntry *
selected_entry (MsZonePicker *self)
{
  if (self->selection == NULL)
    return NULL;
  return entry_at (self, gtk_single_selection_get_selected (self->selection));
}

static void
update_open_action (MsZonePicker *self)
{
  MsZoneDirEntry *entry = selected_entry (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "picker.open",
                                 entry != NULL && entry->problem == NULL);
}

static void
choose (MsZonePicker *self,
        guint         position)
{
  MsZoneDirEntry *entry = entry_at (self, position);

  if (entry == NULL || entry->problem != NULL)
    return;
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_ZONE_CHOSEN], 0, self->dir, entry->id);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
on_activate (MsZonePicker  *self,
             guint          position,
             GtkColumnView *view)
{
  choose (self, position);
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MsZonePicker *self = MS_ZONE_PICKER (widget);

  if (self->selection != NULL)
    choose (self, gtk_single_selection_get_selected (self->selection));
}

static void
show_message (MsZonePicker *self,
              const char   *title,
              const char   *detail)
{
  gtk_label_set_text (self->message_title, title);
  gtk_label_set_text (self->message_detail, detail);
  gtk_stack_set_visible_child_name (self->stack, "message");
}

static void
on_folder_clicked (GtkButton    *button,
                   MsZonePicker *self)
{
  g_autofree char *dir = g_build_filename (self->dir, gtk_button_get_label (button), NULL);

  ms_zone_picker_set_dir (self, dir);
}

/* A folder of zone folders (zones/0070/, zones/0071/): the zones are one
 * level down, and each folder holding some is a button that opens it. */
static void
show_no_zones (MsZonePicker *self,
               GStrv         folders)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->folders_box))) != NULL)
    gtk_flow_box_remove (self->folders_box, child);
  if (folders == NULL || folders[0] == NULL)
    {
      show_message (self, _("No zones in this folder"),
                    _("Zone layers are files named like “plants.0042.bin” or "
                      "“control.0042.bin”. Choose the folder the game server keeps them in."));
      return;
    }
  for (guint i = 0; folders[i] != NULL; i++)
    {
      GtkWidget *button = gtk_button_new_with_label (folders[i]);

      gtk_widget_add_css_class (button, "zone-folder");
      g_signal_connect (button, "clicked", G_CALLBACK (on_folder_clicked), self);
      gtk_flow_box_append (self->folders_box, button);
    }
  show_message (self, _("The zones are one folder down"),
                g_dngettext (GETTEXT_PACKAGE, "This folder holds no zone itself; the folder below does.",
                             "This folder holds no zone itself; these folders below do.",
                             g_strv_length (folders)));
}

static void
find_folders_thread (GTask        *task,
                     gpointer      source,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  GError *error = NULL;
  GStrv folders = ms_zone_directory_find_zone_folders (task_data, &error);

  if (folders == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, folders, (GDestroyNotify) g_strfreev);
}

static void
find_folders_done (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) folders = g_task_propagate_pointer (G_TASK (result), &error);
  MsZonePicker *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = MS_ZONE_PICKER (source);
  gtk_spinner_stop (self->spinner);
  g_clear_object (&self->cancellable);
  show_no_zones (self, folders);
}

/* Reads every folder inside: off the main thread, as the scan is. */
static void
find_zone_folders (MsZonePicker *self)
{
  g_autoptr(GTask) task = g_task_new (self, self->cancellable, find_folders_done, NULL);

  g_task_set_source_tag (task, find_zone_folders);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, g_strdup (self->dir), g_free);
  g_task_run_in_thread (task, find_folders_thread);
}

static void
scan_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = ms_zone_directory_scan_finish (result, &error);
  g_autoptr(GtkStringList) ids = NULL;
  MsZonePicker *self;
  guint first_openable = GTK_INVALID_LIST_POSITION;

  /* Cancelled in dispose: the picker is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = MS_ZONE_PICKER (user_data);
  if (entries != NULL && entries->len == 0)
    {
      /* Still looking: one level down. */
      self->entries = g_steal_pointer (&entries);
      find_zone_folders (self);
      return;
    }
  gtk_spinner_stop (self->spinner);
  g_clear_object (&self->cancellable);

  if (entries == NULL)
    {
      show_message (self, _("Could not read the folder"), error->message);
      return;
    }
  self->entries = g_steal_pointer (&entries);
  ids = gtk_string_list_new (NULL);
  for (guint i = 0; i < self->entries->len; i++)
    {
      MsZoneDirEntry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *id = g_strdup_printf ("%u", entry->id);

      gtk_string_list_append (ids, id);
      if (entry->problem == NULL && first_openable == GTK_INVALID_LIST_POSITION)
        first_openable = i;
    }
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_steal_pointer (&ids)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, first_openable);
  g_signal_connect_swapped (self->selection, "notify::selected",
                            G_CALLBACK (update_open_action), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  gtk_stack_set_visible_child_name (self->stack, "list");
  update_open_action (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
on_folder_chosen (GtkNativeDialog *chooser,
                  int              response,
                  MsZonePicker    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *dir = folder != NULL ? g_file_get_path (folder) : NULL;

      if (dir != NULL)
        ms_zone_picker_set_dir (self, dir);
    }
  if (self->folder_chooser == chooser)
    g_clear_object (&self->folder_chooser);
}

static void
choose_folder_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MsZonePicker *self = MS_ZONE_PICKER (widget);
  g_autoptr(GFile) current = NULL;

  if (self->folder_chooser != NULL)
    return;
  self->folder_chooser = GTK_NATIVE_DIALOG (
    gtk_file_chooser_native_new (_("Open a Zone Folder"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                 _("_Open"), _("_Cancel")));
  current = g_file_new_for_path (self->dir);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->folder_chooser), current, NULL);
  g_signal_connect (self->folder_chooser, "response", G_CALLBACK (on_folder_chosen), self);
  gtk_native_dialog_show (self->folder_chooser);
}

static void
ms_zone_picker_dispose (GObject *object)
{
  MsZonePicker *self = MS_ZONE_PICKER (object);

  if (self->folder_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->folder_chooser);
      g_clear_object (&self->folder_chooser);
    }

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  ms_list_columns_release (self->column_view, &self->selection);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_ZONE_PICKER);

  G_OBJECT_CLASS (ms_zone_picker_parent_class)->dispose (object);
}

static void
ms_zone_picker_finalize (GObject *object)
{
  MsZonePicker *self = MS_ZONE_PICKER (object);

  g_free (self->dir);
  g_clear_pointer (&self->entries, g_ptr_array_unref);

  G_OBJECT_CLASS (ms_zone_picker_parent_class)->finalize (object);
}

static void
ms_zone_picker_class_init (MsZonePickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_zone_picker_dispose;
  object_class->finalize = ms_zone_picker_finalize;

  /**
   * MsZonePicker::zone-chosen:
   * @dir: the folder, as given to ms_zone_picker_new ()
   * @zone_id: the zone chosen; it opened when the folder was scanned
   */
  signals[SIGNAL_ZONE_CHOSEN] =
    g_signal_new ("zone-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-zone-picker.ui");
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, column_view);
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, stack);
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, spinner);
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, folder_label);
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, message_title);
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, message_detail);
  gtk_widget_class_bind_template_child (widget_class, MsZonePicker, folders_box);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);

  gtk_widget_class_install_action (widget_class, "picker.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "picker.choose-folder", NULL, choose_folder_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ms_zone_picker_init (MsZonePicker *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  add_column (self, _("Zone"), COLUMN_ID, FALSE);
  add_column (self, _("Layers"), COLUMN_LAYERS, FALSE);
  add_column (self, _("Size"), COLUMN_SIZE, FALSE);
  add_column (self, _("Terraformable"), COLUMN_TERRAFORMABLE, FALSE);
  add_column (self, _("Problem"), COLUMN_PROBLEM, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "picker.open", FALSE);
}

MsZonePicker *
ms_zone_picker_new (GtkWindow  *parent,
                    const char *dir)
{
  MsZonePicker *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (dir != NULL, NULL);

  self = g_object_new (MS_TYPE_ZONE_PICKER, "transient-for", parent, NULL);
  ms_window_fit_default_size (GTK_WINDOW (self), 860, 420);
  ms_zone_picker_set_dir (self, dir);
  return self;
}

void
ms_zone_picker_set_dir (MsZonePicker *self,
                        const char   *dir)
{
  g_autofree char *display = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (MS_IS_ZONE_PICKER (self));
  g_return_if_fail (dir != NULL);

  /* What the last folder showed goes, and a scan of it still running. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  ms_list_columns_release (self->column_view, &self->selection);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "picker.open", FALSE);

  g_free (self->dir);
  self->dir = g_strdup (dir);
  display = g_filename_display_name (dir);
  /* Translators: %s is a folder */
  text = g_strdup_printf (_("Zones in %s"), display);
  gtk_label_set_text (self->folder_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->folder_label), display);

  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  ms_zone_directory_scan_async (dir, self->cancellable, scan_done, self);
}

const char *
ms_zone_picker_get_dir (MsZonePicker *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PICKER (self), NULL);
  return self->dir;
}

gboolean
ms_zone_picker_is_loading (MsZonePicker *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PICKER (self), FALSE);
  return self->cancellable != NULL;
}

GPtrArray *
ms_zone_picker_get_entries (MsZonePicker *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PICKER (self), NULL);
  return self->entries;
}
