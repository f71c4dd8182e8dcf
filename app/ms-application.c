/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One instance per user: `mapsmith FILE` while Mapsmith runs opens FILE in
 * a new window of the running instance.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ms-application.h"
#include "ms-gallery-window.h"
#include "ms-css.h"
#include "ms-recovery-dialog.h"
#include "ms-zone-directory.h"
#include "ms-zone-picker.h"
#include "ms-settings.h"
#include "ms-window.h"
#include "ms-zone-window.h"

struct _MsApplication
{
  GtkApplication  parent_instance;

  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (MsApplication, ms_application, GTK_TYPE_APPLICATION)

static MsWindow *
new_window (MsApplication *self)
{
  return ms_window_new (GTK_APPLICATION (self));
}

static void present_zone_error (GtkApplication *app,
                                const GError   *error);

static void
on_recover (MsRecoveryDialog *dialog,
            const char       *journal,
            const char       *dir,
            guint             zone_id,
            gpointer          user_data)
{
  GtkApplication *app = user_data;
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (app);

  if (!ms_zone_window_open_recovered (window, dir, zone_id, journal, &error))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      present_zone_error (app, error);
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
}

/* The unsaved zone edits a crash left behind, offered once per run. */
static void
offer_recovery (GtkApplication *app,
                GtkWindow      *parent)
{
  MsRecoveryDialog *dialog = ms_recovery_dialog_offer (app, parent);

  if (dialog != NULL)
    g_signal_connect_object (dialog, "recover", G_CALLBACK (on_recover), app, 0);
}

static void
ms_application_activate (GApplication *app)
{
  MsWindow *window = new_window (MS_APPLICATION (app));

  /* No file: the embedded demo, so there is always a map to look at. */
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));

  offer_recovery (GTK_APPLICATION (app), GTK_WINDOW (window));
}

/* A zone window shows what failed to open in place of an empty view. */
static void
present_zone_error (GtkApplication *app,
                    const GError   *error)
{
  GtkWidget *dialog = gtk_message_dialog_new (gtk_application_get_active_window (app), GTK_DIALOG_MODAL,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                              _("Could not open the zone"));

  gtk_window_set_application (GTK_WINDOW (dialog), app);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_zone (GtkApplication *app,
           const char     *dir,
           guint           zone_id)
{
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (app);

  if (!ms_zone_window_open (window, dir, zone_id, &error))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      present_zone_error (app, error);
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
}

static void pick_zone (GtkApplication *app,
                       const char     *dir);

void
ms_application_open_gallery (GtkApplication *app,
                             GPtrArray      *files,
                             const char     *title)
{
  MsGalleryWindow *gallery;

  g_return_if_fail (GTK_IS_APPLICATION (app));

  gallery = ms_gallery_window_new (app, files, title);
  gtk_window_present (GTK_WINDOW (gallery));
}

/* A folder of blueprints opens as a seed gallery; any other folder is a
 * server's zone folder, whose zones the picker lists. */
static void
open_folder (GtkApplication *app,
             GFile          *folder)
{
  g_autoptr(GPtrArray) blueprints = ms_gallery_list_folder (folder, NULL);
  g_autofree char *path = g_file_get_path (folder);

  if (blueprints != NULL && blueprints->len > 0)
    {
      g_autofree char *name = g_file_get_basename (folder);

      ms_application_open_gallery (app, blueprints, name);
      return;
    }
  if (path != NULL)
    pick_zone (app, path);
}

static void
ms_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *base = g_file_get_basename (files[i]);
      g_autofree char *path = g_file_get_path (files[i]);
      MsWindow *window;
      MsZoneLayer layer;
      guint zone_id;

      /* A folder of blueprints is a gallery, another a zone folder. */
      if (path != NULL && g_file_query_file_type (files[i], G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
        {
          open_folder (GTK_APPLICATION (app), files[i]);
          continue;
        }

      /* "{layer}.{id:0000}.bin" is a zone layer: the painter opens its zone. */
      if (path != NULL && ms_zone_parse_layer_filename (base, &layer, &zone_id))
        {
          g_autofree char *dir = g_path_get_dirname (path);

          open_zone (GTK_APPLICATION (app), dir, zone_id);
          continue;
        }
      window = new_window (MS_APPLICATION (app));
      ms_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* `mapsmith --zone DIR ZONEID`: GOption takes one value per option, so the
 * pair is read here and sent as app.open-zone, which a running instance
 * receives like any remote action.  `--zone DIR` alone (or followed by
 * another option) lists the folder's zones to choose from: app.pick-zone. */
static gboolean
ms_application_local_command_line (GApplication   *app,
                                   char         ***arguments,
                                   int            *exit_status)
{
  char **argv = *arguments;

  for (guint i = 1; argv[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *dir = NULL;
      const char *dir_arg, *id_arg;
      guint64 id;

      if (g_str_equal (argv[i], "--"))
        break;
      /* Both spellings GOption's --help suggests: --zone DIR and --zone=DIR. */
      if (g_str_equal (argv[i], "--zone"))
        {
          dir_arg = argv[i + 1];
          id_arg = dir_arg != NULL ? argv[i + 2] : NULL;
        }
      else if (g_str_has_prefix (argv[i], "--zone="))
        {
          dir_arg = argv[i] + strlen ("--zone=");
          id_arg = argv[i + 1];
        }
      else
        continue;

      if (dir_arg != NULL && *dir_arg != '\0' && (id_arg == NULL || id_arg[0] == '-'))
        {
          if (!g_application_register (app, NULL, &error))
            {
              g_printerr ("%s\n", error->message);
              *exit_status = 1;
              return TRUE;
            }
          dir = g_canonicalize_filename (dir_arg, NULL);
          g_action_group_activate_action (G_ACTION_GROUP (app), "pick-zone", g_variant_new_string (dir));
          *exit_status = 0;
          return TRUE;
        }
      if (dir_arg == NULL || *dir_arg == '\0' || id_arg == NULL ||
          !g_ascii_string_to_unsigned (id_arg, 10, 0, G_MAXUINT, &id, NULL))
        {
          g_printerr (_("Usage: %s --zone DIR [ZONEID]\n"), g_get_prgname ());
          *exit_status = 2;
          return TRUE;
        }
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          *exit_status = 1;
          return TRUE;
        }
      dir = g_canonicalize_filename (dir_arg, NULL);
      g_action_group_activate_action (G_ACTION_GROUP (app), "open-zone", g_variant_new ("(su)", dir, (guint) id));
      *exit_status = 0;
      return TRUE;
    }
  return G_APPLICATION_CLASS (ms_application_parent_class)->local_command_line (app, arguments, exit_status);
}

static void
open_zone_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  const char *dir;
  guint zone_id;

  g_variant_get (parameter, "(&su)", &dir, &zone_id);
  open_zone (GTK_APPLICATION (user_data), dir, zone_id);
}

static void
open_demo_zone_activated (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (user_data));

  if (!ms_zone_window_open_demo (window, &error))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      present_zone_error (GTK_APPLICATION (user_data), error);
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_zone_chosen (MsZonePicker *picker,
                const char   *dir,
                guint         zone_id,
                gpointer      user_data)
{
  open_zone (GTK_APPLICATION (user_data), dir, zone_id);
}

/* Lists the folder's zones (layers, size, terraformable, problems) and
 * opens the one chosen. */
static void
pick_zone (GtkApplication *app,
           const char     *dir)
{
  MsZonePicker *picker = ms_zone_picker_new (gtk_application_get_active_window (app), dir);

  gtk_window_set_application (GTK_WINDOW (picker), app);
  g_signal_connect_object (picker, "zone-chosen", G_CALLBACK (on_zone_chosen), app, 0);
  gtk_window_present (GTK_WINDOW (picker));
}

static void
pick_zone_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  pick_zone (GTK_APPLICATION (user_data), g_variant_get_string (parameter, NULL));
}

/* A folder chooser whose answer goes to @chosen (a zone folder's picker,
 * a folder of seeds' gallery). */
typedef void (*FolderChosen) (GtkApplication *app,
                              GFile          *folder);

static void
on_folder_chosen (GtkNativeDialog *chooser,
                  int              response,
                  gpointer         user_data)
{
  GtkApplication *app = user_data;
  FolderChosen chosen = g_object_get_data (G_OBJECT (chooser), "ms-chosen");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (folder != NULL)
        chosen (app, folder);
    }
  g_object_unref (chooser);
  g_application_release (G_APPLICATION (app));
}

static void
choose_folder (GtkApplication *app,
               const char     *title,
               FolderChosen    chosen)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (title, gtk_application_get_active_window (app),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Open"), _("_Cancel"));

  /* The chooser may outlive every window: keep the app until it answers. */
  g_application_hold (G_APPLICATION (app));
  g_object_set_data (G_OBJECT (chooser), "ms-chosen", chosen);
  g_signal_connect (chooser, "response", G_CALLBACK (on_folder_chosen), app);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
pick_zone_in (GtkApplication *app,
              GFile          *folder)
{
  g_autofree char *dir = g_file_get_path (folder);

  if (dir != NULL)
    pick_zone (app, dir);
}

static void
open_zone_folder_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  choose_folder (GTK_APPLICATION (user_data), _("Open a Zone Folder"), pick_zone_in);
}

static void
open_seed_folder_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  choose_folder (GTK_APPLICATION (user_data), _("Open a Folder of Blueprints"), open_folder);
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
  { "open-zone", open_zone_activated, "(su)" },
  { "open-zone-folder", open_zone_folder_activated },
  { "open-seed-folder", open_seed_folder_activated },
  { "pick-zone", pick_zone_activated, "s" },
  { "open-demo-zone", open_demo_zone_activated },
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
  static const char *seed_folder_accels[] = { "<Control><Shift>o", NULL };
  /* Every window's side panel (the viewer's sidebar, the painter's panel,
   * the comparison's figures): an accelerator, so the menus name it. */
  static const char *sidebar_accels[] = { "F9", NULL };

  G_APPLICATION_CLASS (ms_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.export('view')", export_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.new-window", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.open-seed-folder", seed_folder_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.sidebar-visible", sidebar_accels);

  self->settings = g_settings_new (MS_SETTINGS_SCHEMA);

  ms_css_ensure (gdk_display_get_default (), RESOURCE_PREFIX "/style.css");
}

/* GTK 4.8's shortcuts window shows some keys by their X names ("Page_Down",
 * untranslated in English): its key caps read with spaces instead. */
static void
relabel_key_caps (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_SHORTCUT_LABEL) != NULL)
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      if (strchr (text, '_') != NULL)
        {
          g_autofree char *spaced = g_strdelimit (g_strdup (text), "_", ' ');

          gtk_label_set_text (GTK_LABEL (widget), spaced);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    relabel_key_caps (child);
}

static void
ms_application_window_added (GtkApplication *application,
                             GtkWindow      *window)
{
  GtkShortcutsWindow *overlay;

  /* GtkApplication gives each window its help-overlay.ui here. */
  GTK_APPLICATION_CLASS (ms_application_parent_class)->window_added (application, window);
  if (!GTK_IS_APPLICATION_WINDOW (window))
    return;
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  if (overlay != NULL)
    relabel_key_caps (GTK_WIDGET (overlay));
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
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  app_class->activate = ms_application_activate;
  app_class->open = ms_application_open;
  app_class->local_command_line = ms_application_local_command_line;
  app_class->startup = ms_application_startup;
  app_class->shutdown = ms_application_shutdown;
  gtk_app_class->window_added = ms_application_window_added;
}

static void
ms_application_init (MsApplication *self)
{
  /* Listed in --help; ms_application_local_command_line () reads it. */
  const GOptionEntry entries[] = {
    { "zone", 0, 0, G_OPTION_ARG_FILENAME, NULL, N_("Open zone ZONEID of the server folder DIR in the zone painter "
                                                       "(without ZONEID: choose from the folder's zones)"),
      N_("DIR [ZONEID]") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
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
