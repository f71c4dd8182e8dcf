/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One instance per user: `mapsmith FILE` while Mapsmith runs opens FILE in
 * a new window of the running instance.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-application.h"
#include "ms-recovery-dialog.h"
#include "ms-settings.h"
#include "ms-window.h"

struct _MsApplication
{
  GtkApplication  parent_instance;

  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (MsApplication, ms_application, GTK_TYPE_APPLICATION)

static MsWindow *
new_window (MsApplication *self)
{
  return ms_window_new (self);
}

static void
ms_application_activate (GApplication *app)
{
  MsWindow *window = new_window (MS_APPLICATION (app));

  /* No file: the embedded demo, so there is always a map to look at. */
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));

  /* zsafe: offer the unsaved zone edits a crash left behind (once per run).
   * Integrator: connect its "recover" to open the zone window and apply the
   * journal (see ms-recovery-dialog.h). */
  ms_recovery_dialog_offer (GTK_APPLICATION (app), GTK_WINDOW (window));
}

static void
ms_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      MsWindow *window = new_window (MS_APPLICATION (app));

      ms_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  /* Close each window so it can save its size; then the app quits. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *developers[] = { "Mapsmith developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Mapsmith"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("View and check generated world blueprints and edit zone layers"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", developers,
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
};

static void
ms_application_startup (GApplication *app)
{
  MsApplication *self = MS_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *export_accels[] = { "<Control>e", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *new_accels[] = { "<Control>n", NULL };

  G_APPLICATION_CLASS (ms_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.export('view')", export_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-window", new_accels);

  self->settings = g_settings_new (MS_SETTINGS_SCHEMA);

  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
}

static void
ms_application_shutdown (GApplication *app)
{
  MsApplication *self = MS_APPLICATION (app);

  g_clear_object (&self->settings);
  G_APPLICATION_CLASS (ms_application_parent_class)->shutdown (app);
}

static void
ms_application_class_init (MsApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = ms_application_activate;
  app_class->open = ms_application_open;
  app_class->startup = ms_application_startup;
  app_class->shutdown = ms_application_shutdown;
}

static void
ms_application_init (MsApplication *self)
{
}

MsApplication *
ms_application_new (void)
{
  return g_object_new (MS_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}

GSettings *
ms_application_get_settings (MsApplication *self)
{
  g_return_val_if_fail (MS_IS_APPLICATION (self), NULL);
  return self->settings;
}

void
ms_application_add_recent (MsApplication *self,
                           GFile         *file)
{
  g_auto(GStrv) old = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) recent = NULL;
  g_autofree char *uri = g_file_get_uri (file);
  guint n = 1;

  g_return_if_fail (MS_IS_APPLICATION (self));

  old = g_settings_get_strv (self->settings, MS_SETTINGS_RECENT_FILES);
  g_strv_builder_add (builder, uri);
  for (guint i = 0; old[i] != NULL && n < MS_RECENT_FILES_MAX; i++)
    if (g_strcmp0 (old[i], uri) != 0)
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  recent = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, MS_SETTINGS_RECENT_FILES, (const char * const *) recent);
}
