/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer's win.* actions, one callback each, installed on the class by
 * _ms_window_class_add_actions (); the file dialogs they open (GTK 4.8 has
 * no GtkFileDialog); files dropped on the window.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-application.h"
#include "ms-blueprint-renderer.h"
#include "ms-gallery-window.h"
#include "ms-settings.h"
#include "ms-window-private.h"

static void
dismiss_info_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  _ms_window_hide_info (MS_WINDOW (widget));
}

static void
dismiss_error_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  _ms_window_hide_error (MS_WINDOW (widget));
}

static void
dismiss_welcome_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  _ms_window_dismiss_welcome (MS_WINDOW (widget));
}

/* A preset sets the four per-cell layers but the contours as the single-layer views of old
 * drew them; roads and towns keep their rows' choices. */
static void
layer_preset_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  MsBlueprintStyle style;
  MsLayerState stack[MS_N_STACK_LAYERS];

  ms_blueprint_style_init (&style);
  if (!ms_blueprint_layer_from_string (g_variant_get_string (parameter, NULL), &style.layer) ||
      style.layer == MS_BLUEPRINT_LAYER_CUSTOM)
    return;
  ms_blueprint_style_get_stack (&style, stack);

  for (guint i = 0; i < MS_N_STACK_CELL_LAYERS; i++)
    {
      /* Contours are no part of any preset: they keep their row's choice. */
      if (i == MS_STACK_CONTOURS)
        continue;
      g_settings_set_boolean (self->settings, ms_settings_layer_visible_key (i), stack[i].visible);
      g_settings_set_double (self->settings, ms_settings_layer_opacity_key (i), stack[i].opacity);
    }
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  if (self->file != NULL)
    ms_window_open_file (self, self->file);
}

static void
on_open_response (GtkNativeDialog *dialog,
                  int              response,
                  MsWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);
          MsWindow *target = self;

          /* The first file replaces this window's map; others get windows. */
          if (i > 0)
            {
              target = ms_window_new (gtk_window_get_application (GTK_WINDOW (self)));
              gtk_window_present (GTK_WINDOW (target));
            }
          ms_window_open_file (target, file);
        }
    }
  g_object_unref (dialog);
}

static void
add_blueprint_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) blueprints = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (blueprints, _("Blueprints"));
  gtk_file_filter_add_pattern (blueprints, "*.dat");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, blueprints);
  gtk_file_chooser_add_filter (chooser, all);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GtkFileChooserNative *dialog;

  /* GTK 4.8 has no GtkFileDialog. */
  dialog = gtk_file_chooser_native_new (_("Open a Blueprint"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  add_blueprint_filters (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  ms_window_open_file (MS_WINDOW (widget), file);
}

static void
open_demo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ms_window_open_demo (MS_WINDOW (widget));
}

static void
new_window_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MsWindow *window = ms_window_new (gtk_window_get_application (GTK_WINDOW (widget)));

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_compare_response (GtkNativeDialog *dialog,
                     int              response,
                     MsWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      _ms_window_compare_with (self, file);
    }
  g_object_unref (dialog);
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GtkFileChooserNative *dialog;

  if (MS_WINDOW (widget)->blueprint == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Compare With"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Compare"), _("_Cancel"));
  add_blueprint_filters (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_compare_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    MsWindow        *self)
{
  const char *what = g_object_get_data (G_OBJECT (dialog), "export-what");

  if (response == GTK_RESPONSE_ACCEPT && what != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      const char *resolution = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "resolution");

      ms_window_export_png (self, what, resolution != NULL ? resolution : "map", file);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  const char *what = g_variant_get_string (parameter, NULL);
  GtkFileChooserNative *dialog;
  gboolean view = g_strcmp0 (what, "view") == 0;

  if (self->blueprint == NULL)
    return;

  dialog = gtk_file_chooser_native_new (view ? _("Export the View as PNG") : _("Export the Whole Map as PNG"),
                                        GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  {
    g_autofree char *name = ms_window_suggest_export_name (self);

    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  }
  {
    g_autoptr(GtkFileFilter) png = gtk_file_filter_new ();

    gtk_file_filter_set_name (png, _("PNG Images"));
    gtk_file_filter_add_mime_type (png, "image/png");
    gtk_file_filter_add_pattern (png, "*.png");
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), png);
  }
  if (view)
    {
      /* The view's pixels or the map's: both sizes named, so a 75 × 64
       * image from a zoomed-in view is a choice, not a surprise. */
      guint sw, sh, mw, mh;
      g_autofree char *screen_label = NULL;
      g_autofree char *map_label = NULL;

      _ms_window_export_size (self, "view", "screen", &sw, &sh);
      _ms_window_export_size (self, "view", "map", &mw, &mh);
      screen_label = g_strdup_printf (_("As on screen, %u × %u pixels"), sw, sh);
      map_label = g_strdup_printf (_("One pixel per map pixel, %u × %u pixels"), mw, mh);
      {
        const char *ids[] = { "screen", "map", NULL };
        const char *labels[] = { screen_label, map_label, NULL };

        gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "resolution", _("Size"), ids, labels);
        gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "resolution", "screen");
      }
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data_full (G_OBJECT (dialog), "export-what", g_strdup (what), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_profile_response (GtkNativeDialog *dialog,
                     int              response,
                     MsWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;
      g_autoptr(MsProfile) profile = ms_profile_new_for_path (path, &error);

      /* Check it now, so a bad profile never becomes the setting. */
      if (profile == NULL)
        _ms_window_show_error (self, error->message);
      else
        {
          g_settings_set_string (self->settings, MS_SETTINGS_PROFILE_PATH, path);
          if (self->file != NULL)
            ms_window_open_file (self, self->file);
        }
    }
  g_object_unref (dialog);
}

static void
choose_profile_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Game Profile"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_profile_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
reset_profile_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  g_settings_set_string (self->settings, MS_SETTINGS_PROFILE_PATH, "");
  if (self->file != NULL)
    ms_window_open_file (self, self->file);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  /* The header bar is outside the map view, where its map.* actions live. */
  gtk_widget_activate_action (GTK_WIDGET (MS_WINDOW (widget)->map_view), "map.zoom-fit", NULL);
}

static void
cancel_load_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  _ms_window_cancel_load (MS_WINDOW (widget));
}

/* One file replaces this window's map; several files, or a folder of
 * blueprints, open as a seed gallery. */
static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         MsWindow      *self)
{
  GSList *files = g_value_get_boxed (value);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (files != NULL && files->next == NULL &&
      g_file_query_file_type (files->data, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
    {
      g_autoptr(GPtrArray) blueprints = ms_gallery_list_folder (files->data, NULL);
      g_autofree char *name = g_file_get_basename (files->data);

      if (blueprints == NULL || blueprints->len == 0)
        return FALSE;
      ms_application_open_gallery (app, blueprints, name);
      return TRUE;
    }
  if (files != NULL && files->next != NULL)
    {
      g_autoptr(GPtrArray) blueprints = g_ptr_array_new_with_free_func (g_object_unref);

      for (GSList *l = files; l != NULL; l = l->next)
        g_ptr_array_add (blueprints, g_object_ref (l->data));
      ms_application_open_gallery (app, blueprints, _("Dropped Files"));
      return TRUE;
    }

  for (GSList *l = files; l != NULL; l = l->next)
    {
      MsWindow *window = self;

      if (l != files)
        {
          window = ms_window_new (gtk_window_get_application (GTK_WINDOW (self)));
          gtk_window_present (GTK_WINDOW (window));
        }
      ms_window_open_file (window, l->data);
    }
  return files != NULL;
}

void
_ms_window_add_drop_target (MsWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

void
_ms_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-demo", NULL, open_demo_action);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, compare_action);
  gtk_widget_class_install_action (widget_class, "win.new-window", NULL, new_window_action);
  gtk_widget_class_install_action (widget_class, "win.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.layer-preset", "s", layer_preset_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_load_action);
  gtk_widget_class_install_action (widget_class, "win.dismiss-error", NULL, dismiss_error_action);
  gtk_widget_class_install_action (widget_class, "win.dismiss-info", NULL, dismiss_info_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.dismiss-welcome", NULL, dismiss_welcome_action);
  gtk_widget_class_install_action (widget_class, "win.choose-profile", NULL, choose_profile_action);
  gtk_widget_class_install_action (widget_class, "win.reset-profile", NULL, reset_profile_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_fit_action);
  /* Disabled on purpose: the "No Recent Files" placeholder. */
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
  /* win.sidebar-visible is the setting's own action (see init); its F9,
   * as in other GNOME apps' sidebars, is the application's accelerator. */
  /* win.view-3d is a stateful action of the window's own (see
   * ms-window-terrain.c): activating it toggles its state. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F3, 0, "win.view-3d", NULL);
}
