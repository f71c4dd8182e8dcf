/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exporting the profile: the bytes from the pane (ms_path_profile_to_csv
 * (), as `mapsmith-cli profile --csv` prints, or the plot drawn by cairo),
 * then ms_save_bytes () on a worker, as the gallery's table export does.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-profile-export.h"
#include "ms-save.h"

typedef struct
{
  char                *path;
  GBytes              *bytes;
  MsProfileExportDone  done;
} Export;

static void
export_free (gpointer data)
{
  Export *e = data;

  g_free (e->path);
  g_clear_pointer (&e->bytes, g_bytes_unref);
  g_free (e);
}

static void
save_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Export *e = task_data;
  GError *error = NULL;

  if (ms_save_bytes (e->path, NULL, MS_SAVE_FLAGS_NONE, e->bytes, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
saved (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  Export *e = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *size = g_format_size (g_bytes_get_size (e->bytes));

      /* Translators: the profile's export saved: the path and its size */
      message = g_strdup_printf (_("Saved the profile as %s (%s)"), e->path, size);
    }
  else
    message = g_strdup_printf (_("Could not save the profile as %s: %s"), e->path, error->message);
  e->done (GTK_WINDOW (source), message, error != NULL);
}

void
ms_profile_export_to_path (GtkWindow           *window,
                           MsProfilePane       *pane,
                           const char          *format,
                           const char          *path,
                           MsProfileExportDone  done)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  GBytes *bytes;
  Export *e;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (MS_IS_PROFILE_PANE (pane));
  g_return_if_fail (path != NULL && done != NULL);

  bytes = ms_profile_pane_serialize (pane, format, &error);
  if (bytes == NULL)
    {
      done (window, error->message, TRUE);
      return;
    }
  e = g_new0 (Export, 1);
  e->path = g_strdup (path);
  e->bytes = bytes;
  e->done = done;
  task = g_task_new (window, NULL, saved, NULL);
  g_task_set_source_tag (task, ms_profile_export_to_path);
  g_task_set_task_data (task, e, export_free);
  g_task_run_in_thread (task, save_in_thread);
}

static void
on_response (GtkNativeDialog *dialog,
             int              response,
             GtkWindow       *window)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      Export *asked = g_object_get_data (G_OBJECT (dialog), "ms-asked");

      ms_profile_export_to_path (window, g_object_get_data (G_OBJECT (dialog), "ms-pane"),
                                 g_object_get_data (G_OBJECT (dialog), "ms-format"), path, asked->done);
    }
  g_object_unref (dialog);
}

void
ms_profile_export_ask (GtkWindow           *window,
                       MsProfilePane       *pane,
                       const char          *format,
                       const char          *base,
                       MsProfileExportDone  done)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *upper = NULL;
  GtkFileChooserNative *dialog;
  /* Only its callback: a function pointer does not go in object data. */
  Export *asked = g_new0 (Export, 1);

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (MS_IS_PROFILE_PANE (pane));

  asked->done = done;
  if (ms_profile_pane_get_profile (pane) == NULL)
    {
      done (window, _("There is no profile to export: draw a path with the ruler first."), TRUE);
      export_free (asked);
      return;
    }
  upper = g_ascii_strup (format, -1);
  /* Translators: a file dialog's title; %s is CSV, PNG or SVG */
  title = g_strdup_printf (_("Export the Profile as %s"), upper);
  dialog = gtk_file_chooser_native_new (title, window, GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                        _("_Cancel"));
  name = ms_profile_pane_suggest_name (pane, base, format);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_object_set_data_full (G_OBJECT (dialog), "ms-format", g_strdup (format), g_free);
  g_object_set_data_full (G_OBJECT (dialog), "ms-pane", g_object_ref (pane), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "ms-asked", asked, export_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), window, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
