/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's files: saving (never over a layer the game server
 * rewrote behind our back without asking), the backup before a zone's
 * first save, masks in and out, the unsaved-edit journal, the watch on the
 * layer files, reloading, the question before a save that adds audit
 * findings, and the question before closing unsaved.
 */
#define G_LOG_DOMAIN "ms-zone-window"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ms-settings.h"
#include "ms-zone-audit.h"
#include "ms-zone-backup.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-mask.h"
#include "ms-zone-window-private.h"

/* -------------------------------------------------------- disk changes --- */

/* The first layer file that is no longer the one opened or last saved:
 * its mapping lost pages (*broken), or another program replaced or
 * rewrote it. */
static gboolean
find_disk_change (MsZoneWindow *self,
                  MsZoneLayer  *layer,
                  gboolean     *broken,
                  gboolean      stamps)
{
  if (self->zone == NULL)
    return FALSE;
  *broken = TRUE;
  if (!ms_zone_check_layers (self->zone, layer, NULL))
    return TRUE;
  *broken = FALSE;
  for (guint l = 0; stamps && l < MS_ZONE_N_LAYERS; l++)
    {
      MsFileStamp now;

      if (!ms_zone_has_layer (self->zone, l))
        continue;
      if (!ms_file_stamp_read (&now, ms_zone_get_layer_path (self->zone, l), NULL) ||
          !ms_file_stamp_equal (&now, ms_zone_get_layer_stamp (self->zone, l)))
        {
          *layer = l;
          return TRUE;
        }
    }
  return FALSE;
}

/* What Reload does with the unsaved edits, the same words in every banner
 * that offers it.  Reload journals them first and the reopened zone offers
 * the journal back; a file that lost pages cannot be journalled, so then
 * only a journal written before brings edits back. */
static void
append_reload_sentence (MsZoneWindow *self,
                        GString      *msg,
                        gboolean      broken)
{
  g_autofree char *journal = ms_zone_journal_default_path (self->zone);

  g_string_append_c (msg, ' ');
  if (!ms_zone_is_dirty (self->zone))
    g_string_append (msg, _("Reload to see it as it is now."));
  else if (self->autosave != NULL && !broken)
    g_string_append (msg, _("Reload opens the files as they are now and offers your unsaved edits back."));
  else if (g_file_test (journal, G_FILE_TEST_EXISTS))
    g_string_append (msg, _("Reload opens the files as they are now and offers back the unsaved edits "
                            "last journalled; any made since are lost."));
  else
    g_string_append (msg, _("Reload opens the files as they are now; the unsaved edits are lost."));
  /* Overwriting a file that shrank would write what could not be read. */
  if (ms_zone_is_dirty (self->zone) && !broken)
    g_string_append_printf (msg, " %s", _("Overwrite replaces the files with the edited zone."));
}

static void
show_disk_banner (MsZoneWindow *self,
                  MsZoneLayer   layer,
                  gboolean      broken,
                  const char   *prefix)
{
  g_autofree char *name = g_path_get_basename (ms_zone_get_layer_path (self->zone, layer));
  GString *msg = g_string_new (prefix);

  if (prefix != NULL)
    g_string_append_c (msg, ' ');
  g_string_append_printf (msg, _("%s changed on disk."), name);
  if (broken)
    g_string_append_printf (msg, " %s",
                            _("It shrank while open: saving is refused, so that nothing read from it "
                              "since is written back."));
  append_reload_sentence (self, msg, broken);
  _ms_zone_window_show_banner (self, msg->str, TRUE);
  g_string_free (msg, TRUE);
  self->disk_notice = (int) layer + 1;
  self->disk_notice_broken = broken;
  if (!ms_file_stamp_read (&self->disk_notice_stamp, ms_zone_get_layer_path (self->zone, layer), NULL))
    self->disk_notice_stamp = (MsFileStamp) { 0, };
  self->disk_broken = broken;
  /* Overwriting would write what could not be read. */
  gtk_widget_set_visible (self->overwrite_button, !broken);
  _ms_zone_window_update_state (self);
}

/* Says a change once: the same file in the same state is not shown again
 * after the banner was dismissed; another change of it is. */
void
_ms_zone_window_check_disk (MsZoneWindow *self,
                            gboolean      stamps)
{
  MsZoneLayer layer;
  MsFileStamp now = { 0, };
  gboolean broken;

  if (!find_disk_change (self, &layer, &broken, stamps))
    return;
  ms_file_stamp_read (&now, ms_zone_get_layer_path (self->zone, layer), NULL);
  if (self->disk_notice == (int) layer + 1 && (self->disk_notice_broken || !broken) &&
      ms_file_stamp_equal (&now, &self->disk_notice_stamp))
    return;
  show_disk_banner (self, layer, broken, NULL);
}

static gboolean
on_disk_check (gpointer user_data)
{
  MsZoneWindow *self = user_data;

  self->disk_check_id = 0;
  _ms_zone_window_check_disk (self, TRUE);
  return G_SOURCE_REMOVE;
}

static void
on_layer_file_changed (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       MsZoneWindow      *self)
{
  /* A burst of events (write, truncate, rename) is one look. */
  if (self->disk_check_id == 0)
    self->disk_check_id = g_timeout_add (100, on_disk_check, self);
}

/* Where no file monitor reaches (a network share), and for pages a worker
 * thread found lost: a look every few seconds, a stat per layer. */
static gboolean
on_disk_poll (gpointer user_data)
{
  _ms_zone_window_check_disk (user_data, TRUE);
  return G_SOURCE_CONTINUE;
}

void
_ms_zone_window_watch_layers (MsZoneWindow *self)
{
  g_ptr_array_set_size (self->monitors, 0);
  g_clear_handle_id (&self->disk_check_id, g_source_remove);
  if (self->disk_poll_id == 0)
    self->disk_poll_id = g_timeout_add_seconds (2, on_disk_poll, self);
  self->disk_notice = 0;
  self->disk_notice_broken = FALSE;
  self->disk_broken = FALSE;
  for (guint l = 0; self->zone != NULL && l < MS_ZONE_N_LAYERS; l++)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      GFileMonitor *monitor;

      if (!ms_zone_has_layer (self->zone, l))
        continue;
      file = g_file_new_for_path (ms_zone_get_layer_path (self->zone, l));
      monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
      if (monitor == NULL)
        {
          /* The stamps are still compared at each save and journal write. */
          g_debug ("Cannot watch %s: %s", ms_zone_get_layer_path (self->zone, l), error->message);
          continue;
        }
      g_signal_connect_object (monitor, "changed", G_CALLBACK (on_layer_file_changed), self, 0);
      g_ptr_array_add (self->monitors, monitor);
    }
}

void
_ms_zone_window_unwatch_layers (MsZoneWindow *self)
{
  g_clear_handle_id (&self->disk_check_id, g_source_remove);
  g_clear_handle_id (&self->disk_poll_id, g_source_remove);
  if (self->monitors != NULL)
    for (guint i = 0; i < self->monitors->len; i++)
      g_file_monitor_cancel (g_ptr_array_index (self->monitors, i));
  g_clear_pointer (&self->monitors, g_ptr_array_unref);
}

/* ------------------------------------------------------------ journal --- */

static void
on_autosave_error (MsZoneWindow *self)
{
  const GError *error = ms_zone_autosave_get_error (self->autosave);

  if (error != NULL && g_error_matches (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK))
    _ms_zone_window_check_disk (self, TRUE);
  else if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Unsaved edits cannot be kept for crash recovery: %s"),
                                                  error->message);
      _ms_zone_window_show_banner (self, message, FALSE);
    }
}

/* The journals this run of the app wrote: a window's autosave writes to its
 * zone's journal from when it starts, so a journal found at one of these
 * paths (after a reload, or a window gone without asking) holds edits of
 * this session, not of an earlier one. */
static GHashTable *session_journals;

static gboolean
journal_of_this_session (const char *path)
{
  return session_journals != NULL && g_hash_table_contains (session_journals, path);
}

void
_ms_zone_window_stop_autosave (MsZoneWindow *self)
{
  if (self->autosave != NULL)
    g_signal_handlers_disconnect_by_data (self->autosave, self);
  g_clear_object (&self->autosave);
}

void
_ms_zone_window_start_autosave (MsZoneWindow *self)
{
  g_clear_pointer (&self->pending_journal, g_free);
  _ms_zone_window_stop_autosave (self);
  self->autosave = ms_zone_autosave_new (self->zone, NULL);
  g_signal_connect_object (self->autosave, "notify::error", G_CALLBACK (on_autosave_error), self,
                           G_CONNECT_SWAPPED);
  if (session_journals == NULL)
    session_journals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (session_journals, ms_zone_journal_default_path (self->zone));
}

/* Re-applies @path's edits to the open zone as one undo step. */
gboolean
_ms_zone_window_recover_journal (MsZoneWindow  *self,
                                 const char    *path,
                                 GError       **error)
{
  g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (path, error);

  if (info == NULL || !ms_zone_journal_apply (self->zone, path, error))
    return FALSE;
  _ms_zone_window_record_named_step (self, _("Recovered"),
                                     journal_of_this_session (path)
                                       ? _("unsaved edits from earlier in this session")
                                       : _("unsaved edits of an earlier session"),
                                     info->n_tiles);
  return TRUE;
}

/* A zone whose journal outlived its window (a crash, a killed session, a
 * reload): say so before anything replaces it. */
static void
offer_pending_journal (MsZoneWindow *self,
                       const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (path, &error);
  g_autofree char *message = NULL;

  if (info == NULL)
    {
      message = g_strdup_printf (journal_of_this_session (path)
                                   ? _("Unsaved edits from earlier in this session cannot be read: %s")
                                   : _("Unsaved edits of an earlier session cannot be read: %s"),
                                 error->message);
    }
  else
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (info->time_us / G_USEC_PER_SEC);
      /* "%c" pads the day ("Mon Dec  7"); "%-d" does not. */
      g_autofree char *time = g_date_time_format (when, "%a %b %-d %Y, %H:%M");

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "This zone has unsaved edits from %s (%u tile).",
                                              "This zone has unsaved edits from %s (%u tiles).",
                                              (gulong) info->n_tiles),
                                 time, (guint) info->n_tiles);
      if (info->changed_on_disk)
        {
          g_autofree char *more = g_strconcat (message, " ",
                                               _("The layer files changed since: recovering mixes their new contents with the old edits."),
                                               NULL);
          g_free (message);
          message = g_steal_pointer (&more);
        }
    }
  self->pending_journal = g_strdup (path);
  _ms_zone_window_show_banner (self, message, FALSE);
  gtk_widget_set_visible (self->recover_button, info != NULL);
  gtk_widget_set_visible (self->discard_journal_button, TRUE);
  /* Edits waiting for an answer, not a failure. */
  ms_banner_set_style (self->banner, MS_BANNER_WARNING);
}

void
_ms_zone_window_start_journal (MsZoneWindow *self)
{
  g_autofree char *journal = ms_zone_journal_default_path (self->zone);

  g_clear_pointer (&self->pending_journal, g_free);
  _ms_zone_window_stop_autosave (self);
  if (g_file_test (journal, G_FILE_TEST_EXISTS))
    offer_pending_journal (self, journal);
  else
    _ms_zone_window_start_autosave (self);
}

/* ---------------------------------------------------------------- save --- */

/* Before a zone's first save in this window, when the settings ask for it:
 * a copy of each layer file the save replaces.  FALSE, with the banner
 * shown, when the copy failed: then nothing is saved. */
static gboolean
back_up (MsZoneWindow  *self,
         char         **folder)
{
  GSettings *settings = _ms_zone_window_get_settings (self);
  g_autofree char *key = g_strdup_printf ("%s/%u", self->dir, self->zone_id);
  g_autoptr(GError) error = NULL;

  *folder = NULL;
  if (g_hash_table_contains (self->backed_up, key) ||
      (settings != NULL && !g_settings_get_boolean (settings, MS_SETTINGS_ZONE_BACKUPS)))
    return TRUE;
  *folder = ms_zone_backup_layers (self->zone, NULL, NULL, &error);
  if (*folder == NULL && error != NULL)
    {
      g_autofree char *msg =
        g_strdup_printf (_("Not saved: could not back up the layers first: %s. Turn backups off in the "
                           "settings to save without them."), error->message);
      _ms_zone_window_show_banner (self, msg, FALSE);
      return FALSE;
    }
  /* Nothing to copy yet (no changed layer has a file) is not a backup. */
  if (*folder != NULL)
    g_hash_table_add (self->backed_up, g_steal_pointer (&key));
  return TRUE;
}

/* The save itself, asked about or not. */
static gboolean
write_zone (MsZoneWindow    *self,
            MsZoneSaveFlags  flags)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = NULL;

  if (!back_up (self, &backup))
    return FALSE;
  if (!ms_zone_save (self->zone, flags, warnings, NULL, &error))
    {
      MsZoneLayer layer;
      gboolean broken;

      /* A file that shrank under its mapping, or one rewritten since it
       * was opened (the game server saves on a timer): said as the watch
       * on the files says it, with what Reload and Overwrite do. */
      if ((g_error_matches (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK) ||
           g_error_matches (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK)) &&
          find_disk_change (self, &layer, &broken, TRUE))
        show_disk_banner (self, layer, broken, _("Not saved:"));
      else if (g_error_matches (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK))
        {
          g_autoptr(GString) msg = g_string_new (NULL);

          g_string_printf (msg, _("Not saved: %s."), error->message);
          append_reload_sentence (self, msg, FALSE);
          _ms_zone_window_show_banner (self, msg->str, TRUE);
        }
      else if (g_error_matches (error, MS_SAVE_ERROR, MS_SAVE_ERROR_READ_ONLY))
        {
          /* The message says a forced save replaces the file: Overwrite is
           * that save, so it is offered here; Reload is not the answer. */
          g_autofree char *msg =
            g_strdup_printf (_("Not saved: %s. Overwrite saves the edited zone over it anyway."), error->message);

          _ms_zone_window_show_banner (self, msg, TRUE);
          gtk_widget_set_visible (self->reload_button, FALSE);
        }
      else
        {
          g_autofree char *msg = g_strdup_printf (_("Could not save the zone: %s"), error->message);
          _ms_zone_window_show_banner (self, msg, FALSE);
        }
      return FALSE;
    }

  self->saved_position = self->position;
  if (warnings->len > 0)
    {
      g_autofree char *text = NULL;

      g_ptr_array_add (warnings, NULL);
      text = g_strjoinv ("\n", (char **) warnings->pdata);
      _ms_zone_window_show_banner (self, text, FALSE);
    }
  else if (backup != NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("Saved. Backed up to %s"), backup);

      _ms_zone_window_show_info (self, msg);
    }
  else
    _ms_zone_window_hide_banner (self);
  return TRUE;
}

/* ------------------------------------------- findings the save adds --- */

/* What follows a save the findings question held up. */
typedef enum
{
  THEN_NOTHING,
  THEN_CLOSE,
  THEN_SWITCH,
} SaveThen;

static void finish_close (MsZoneWindow *self,
                          gboolean      switching);

/* The question's state, on the dialog. */
typedef struct
{
  MsZoneWindow    *window;
  MsZoneSaveFlags  flags;
  SaveThen         then;
  MsZoneRegion    *fix;   /* plants to clear, or NULL: no fix offered */
} SaveQuestion;

static void
save_question_free (SaveQuestion *q)
{
  g_clear_pointer (&q->fix, ms_zone_region_unref);
  g_free (q);
}

static char *
describe_change (const MsZoneAuditChange *c)
{
  g_autofree char *after = g_strdup_printf ("%" G_GUINT64_FORMAT, c->after);
  g_autofree char *before = g_strdup_printf ("%" G_GUINT64_FORMAT, c->before);
  const char *severity = c->severity == MS_AUDIT_SEVERITY_ERROR ? _("error") : _("warning");

  if (c->after == 0)
    /* Translators: a check id, then error or warning; about a whole layer. */
    return g_strdup_printf (_("%s (%s, the whole layer)"), c->check, severity);
  if (c->before == 0)
    /* Translators: a check id, error or warning, a number of tiles. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%s): %s tile", "%s (%s): %s tiles",
                                         (gulong) MIN (c->after, G_MAXULONG)), c->check, severity, after);
  /* Translators: a check id, error or warning, tiles now, tiles before. */
  return g_strdup_printf (_("%s (%s): %s tiles, %s before"), c->check, severity, after, before);
}

/* Clears the plants the edit left on plant-forbidding tiles: one edit
 * step, undone as any other. */
static void
clear_added_plants (MsZoneWindow *self,
                    MsZoneRegion *region)
{
  MsZoneOp op = { MS_ZONE_OP_CLEAR_PLANT, 0, 0, 0 };
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ms_zone_tool_controller_end_stroke (self->tools);
  ms_zone_begin_step (self->zone);
  ok = ms_zone_apply (self->zone, &op, region, &error);
  ms_zone_end_step (self->zone);
  if (!ok)
    {
      _ms_zone_window_show_banner (self, error->message, FALSE);
      return;
    }
  _ms_zone_window_record_named_step (self, _("Clear plants"), _("where plants are not allowed"),
                                     ms_zone_region_count_tiles (region));
}

static void
on_save_question_response (GtkDialog    *dialog,
                           int           response,
                           SaveQuestion *q)
{
  MsZoneWindow *self = q->window;
  MsZoneSaveFlags flags = q->flags;
  SaveThen then = q->then;
  g_autoptr(MsZoneRegion) fix = q->fix != NULL ? ms_zone_region_ref (q->fix) : NULL;

  /* As the close question: cut the dialog's tie to the window first. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  self->save_dialog = NULL;
  if (response == MS_ZONE_WINDOW_SAVE_FIX && fix != NULL)
    clear_added_plants (self, fix);
  else if (response != MS_ZONE_WINDOW_SAVE_ANYWAY)
    return;
  if (!write_zone (self, flags))
    return;
  _ms_zone_window_update_state (self);
  if (then != THEN_NOTHING)
    finish_close (self, then == THEN_SWITCH);
}

/* TRUE when the save must wait for the question: it adds findings.  The
 * audit of the edited zone against that of its files as they are (as
 * opened, or as last saved), opened afresh; files that cannot be opened
 * leave the save itself to say why. */
static gboolean
ask_about_findings (MsZoneWindow    *self,
                    MsZoneSaveFlags  flags,
                    SaveThen         then)
{
  g_autoptr(MsZone) disk = NULL;
  g_autoptr(GPtrArray) before = NULL, after = NULL;
  g_autoptr(GArray) changes = NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  SaveQuestion *q;
  GtkWidget *dialog;

  if (self->save_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->save_dialog));
      return TRUE;
    }
  disk = ms_zone_new_for_dir (self->dir, self->zone_id, ms_zone_get_width (self->zone),
                              ms_zone_get_height (self->zone), ms_zone_get_profile (self->zone), NULL);
  if (disk == NULL)
    return FALSE;
  before = ms_zone_audit (disk, NULL, NULL, NULL, NULL);
  after = ms_zone_audit (self->zone, NULL, NULL, NULL, NULL);
  changes = ms_zone_audit_compare (before, after);
  if (changes->len == 0)
    return FALSE;

  q = g_new0 (SaveQuestion, 1);
  q->window = self;
  q->flags = flags;
  q->then = then;
  for (guint i = 0; i < changes->len; i++)
    {
      const MsZoneAuditChange *c = &g_array_index (changes, MsZoneAuditChange, i);
      g_autofree char *line = describe_change (c);

      g_string_append_printf (list, "\n• %s", line);
      if (g_str_equal (c->check, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED))
        q->fix = ms_zone_audit_get_added_region (self->zone, disk, NULL, c->check, NULL, NULL);
    }
  if (q->fix != NULL && ms_zone_region_count_tiles (q->fix) == 0)
    g_clear_pointer (&q->fix, ms_zone_region_unref);

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   _("Saving adds audit findings to zone %u"), self->zone_id);
  if (q->fix != NULL)
    {
      g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, ms_zone_region_count_tiles (q->fix));

      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
        _("The edit adds what the zone audit (the Checks page) finds and the game server does not "
          "expect:%s\n\nClear Plants and Save removes the live plants from the %s tiles the edit made "
          "plant-forbidden, as one step that Undo takes back."), list->str, n);
    }
  else
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
      _("The edit adds what the zone audit (the Checks page) finds and the game server does not "
        "expect:%s"), list->str);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), MS_ZONE_WINDOW_SAVE_CANCEL,
                          _("Save _Anyway"), MS_ZONE_WINDOW_SAVE_ANYWAY, NULL);
  if (q->fix != NULL)
    {
      gtk_dialog_add_button (GTK_DIALOG (dialog), _("C_lear Plants and Save"), MS_ZONE_WINDOW_SAVE_FIX);
      gtk_dialog_set_default_response (GTK_DIALOG (dialog), MS_ZONE_WINDOW_SAVE_FIX);
    }
  else
    gtk_dialog_set_default_response (GTK_DIALOG (dialog), MS_ZONE_WINDOW_SAVE_CANCEL);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_save_question_response), q,
                         (GClosureNotify) (void (*) (void)) save_question_free, 0);
  self->save_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

static gboolean
save_or_ask (MsZoneWindow    *self,
             MsZoneSaveFlags  flags,
             SaveThen         then)
{
  if (ask_about_findings (self, flags, then))
    return FALSE;
  return write_zone (self, flags);
}

/* FALSE when not saved: it failed (the banner says why) or waits for the
 * question about the audit findings it would add. */
gboolean
_ms_zone_window_save (MsZoneWindow    *self,
                      MsZoneSaveFlags  flags)
{
  return save_or_ask (self, flags, THEN_NOTHING);
}

/**
 * ms_zone_window_get_save_dialog:
 *
 * Returns: (transfer none) (nullable): the question before a save that
 * adds audit findings, while it is asked.
 */
GtkWindow *
ms_zone_window_get_save_dialog (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->save_dialog != NULL ? GTK_WINDOW (self->save_dialog) : NULL;
}

/* --------------------------------------------------------------- masks --- */

static const char *
control_flag_name (guint16 bit)
{
  guint n_flags;
  const MsZoneFlagInfo *flags = ms_zone_control_flags (&n_flags);

  for (guint i = 0; i < n_flags; i++)
    if (flags[i].bit == bit)
      return flags[i].name;
  return NULL;
}

static char *
local_path (GFile   *file,
            GError **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("%s is not a local file"), uri);
    }
  return path;
}

gboolean
ms_zone_window_export_mask (MsZoneWindow *self,
                            guint16       mask,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->zone == NULL)
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND, _("No zone is open"));
      return FALSE;
    }
  if ((path = local_path (file, error)) == NULL)
    return FALSE;
  if (mask == 0)
    return ms_zone_mask_export_plant_allowed (self->zone, path, NULL, error);
  return ms_zone_mask_export_flag (self->zone, mask, path, NULL, error);
}

gboolean
ms_zone_window_import_mask (MsZoneWindow *self,
                            guint16       flag,
                            gboolean      set,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  MsZoneOp op = { set ? MS_ZONE_OP_SET_FLAG : MS_ZONE_OP_CLEAR_FLAG, flag, 0, 0 };
  const char *name;
  guint64 n;
  gboolean ok;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (flag != 0, FALSE);

  if (self->zone == NULL)
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND, _("No zone is open"));
      return FALSE;
    }
  ms_zone_tool_controller_end_stroke (self->tools);
  if ((path = local_path (file, error)) == NULL)
    return FALSE;
  region = ms_zone_mask_import (path, ms_zone_get_width (self->zone), ms_zone_get_height (self->zone), error);
  if (region == NULL)
    return FALSE;

  n = ms_zone_region_count_tiles (region);
  ms_zone_begin_step (self->zone);
  ok = ms_zone_apply (self->zone, &op, region, error);
  ms_zone_end_step (self->zone);
  if (!ok)
    return FALSE;
  name = control_flag_name (flag);
  if (name != NULL)
    target = g_strdup_printf (set ? _("set %s") : _("clear %s"), name);
  else
    target = g_strdup_printf (set ? _("set flags 0x%04x") : _("clear flags 0x%04x"), flag);
  _ms_zone_window_record_named_step (self, _("Import mask"), target, n);
  return TRUE;
}

/* The choices' ids: a control flag by its bit number, or plant-allowed. */
static void
add_flag_choice (GtkFileChooser *chooser,
                 const char     *id,
                 const char     *label,
                 gboolean        with_plant_allowed)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  guint n_flags;
  const MsZoneFlagInfo *flags = ms_zone_control_flags (&n_flags);

  for (guint i = 0; i < n_flags; i++)
    {
      g_ptr_array_add (ids, g_strdup_printf ("%d", g_bit_nth_lsf (flags[i].bit, -1)));
      g_ptr_array_add (labels, g_strdup (flags[i].name));
    }
  if (with_plant_allowed)
    {
      g_ptr_array_add (ids, g_strdup ("plant-allowed"));
      g_ptr_array_add (labels, g_strdup (_("Plant allowed")));
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (chooser, id, label, (const char **) ids->pdata, (const char **) labels->pdata);
  gtk_file_chooser_set_choice (chooser, id, "0");
}

static guint16
chosen_mask (GtkFileChooser *chooser,
             const char     *id)
{
  const char *value = gtk_file_chooser_get_choice (chooser, id);
  guint64 bit;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, 15, &bit, NULL))
    return 0;
  return (guint16) (1u << bit);
}

static void
on_mask_chooser_response (GtkNativeDialog *chooser,
                          int              response,
                          MsZoneWindow    *self)
{
  gboolean exporting = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE;
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL && self->zone != NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      if (exporting)
        {
          if (ms_zone_window_export_mask (self, chosen_mask (GTK_FILE_CHOOSER (chooser), "layer"), file, &error))
            {
              g_autofree char *msg = g_strdup_printf (_("Exported the mask to %s"), name);
              _ms_zone_window_show_info (self, msg);
            }
        }
      else
        {
          const char *mode = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "mode");
          guint16 flag = chosen_mask (GTK_FILE_CHOOSER (chooser), "flag");

          if (flag != 0 &&
              ms_zone_window_import_mask (self, flag, g_strcmp0 (mode, "clear") != 0, file, &error))
            _ms_zone_window_hide_banner (self);
        }
      if (error != NULL)
        {
          g_autofree char *msg = g_strdup_printf (exporting ? _("Could not export the mask %s: %s")
                                                            : _("Could not import the mask %s: %s"),
                                                  name, error->message);
          _ms_zone_window_show_banner (self, msg, FALSE);
        }
    }
  if (self->mask_chooser == chooser)
    g_clear_object (&self->mask_chooser);
}

void
_ms_zone_window_open_mask_chooser (MsZoneWindow *self,
                                   gboolean      exporting)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooser *chooser;

  if (self->zone == NULL)
    return;
  if (self->mask_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->mask_chooser);
      g_clear_object (&self->mask_chooser);
    }
  self->mask_chooser = GTK_NATIVE_DIALOG (
    gtk_file_chooser_native_new (exporting ? _("Export a Mask") : _("Import a Mask"), GTK_WINDOW (self),
                                 exporting ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 exporting ? _("_Export") : _("_Import"), _("_Cancel")));
  chooser = GTK_FILE_CHOOSER (self->mask_chooser);
  gtk_file_filter_set_name (filter, _("PNG images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_chooser_add_filter (chooser, filter);
  if (exporting)
    {
      g_autofree char *name = g_strdup_printf ("mask.%04u.png", self->zone_id);

      /* One pixel per tile, 255 where the tile has it. */
      add_flag_choice (chooser, "layer", _("Tiles with"), TRUE);
      gtk_file_chooser_set_current_name (chooser, name);
    }
  else
    {
      const char *modes[] = { "set", "clear", NULL };
      const char *mode_labels[] = { N_("Set it"), N_("Clear it"), NULL };
      const char *translated[] = { _(mode_labels[0]), _(mode_labels[1]), NULL };

      /* Where the mask pixel is not black (nor transparent). */
      add_flag_choice (chooser, "flag", _("Flag"), FALSE);
      gtk_file_chooser_add_choice (chooser, "mode", _("Where the mask is set"), modes, translated);
      gtk_file_chooser_set_choice (chooser, "mode", "set");
    }
  g_signal_connect (self->mask_chooser, "response", G_CALLBACK (on_mask_chooser_response), self);
  gtk_native_dialog_show (self->mask_chooser);
}

void
_ms_zone_window_reload (MsZoneWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_strdup (self->dir);

  ms_zone_tool_controller_end_stroke (self->tools);
  /* Unsaved edits stay recoverable: journalled now while every layer can
   * still be read (one that cannot keeps the journal written before), and
   * the reopened zone offers them. */
  if (self->autosave != NULL)
    {
      if (!ms_zone_is_dirty (self->zone))
        ms_zone_autosave_discard (self->autosave, NULL);
      else if (!ms_zone_autosave_flush (self->autosave, &error))
        {
          g_debug ("Journal before reload: %s", error->message);
          g_clear_error (&error);
        }
      _ms_zone_window_stop_autosave (self);
    }

  if (!ms_zone_window_open (self, dir, self->zone_id, &error))
    _ms_zone_window_show_banner (self, error->message, FALSE);
}

/* -------------------------------------------------------------- close --- */

static void
on_close_response (GtkDialog    *dialog,
                   int           response,
                   MsZoneWindow *self)
{
  /* The response's emission holds the dialog past this window's own
   * destruction below: cut its tie to the parent now, or its finalisation
   * disconnects from a freed window. */
  gboolean switching = self->switching;

  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  self->close_dialog = NULL;
  self->switching = FALSE;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      /* A save that asks about findings closes once answered. */
      if (!save_or_ask (self, MS_ZONE_SAVE_FLAGS_NONE, switching ? THEN_SWITCH : THEN_CLOSE))
        return;
    }
  else if (response != GTK_RESPONSE_REJECT)
    return;
  else if (self->autosave != NULL)
    ms_zone_autosave_discard (self->autosave, NULL);
  finish_close (self, switching);
}

/* Saved or discarded: the window closes, or opens the other zone. */
static void
finish_close (MsZoneWindow *self,
              gboolean      switching)
{
  if (switching)
    {
      _ms_zone_window_switch_zone (self, self->switch_to);
      return;
    }
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* TRUE when the window must not close yet: the question is asked. */
gboolean
_ms_zone_window_ask_before_close (MsZoneWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  GtkWidget *dialog;

  if (self->close_confirmed || self->zone == NULL || !ms_zone_is_dirty (self->zone))
    return FALSE;
  if (self->close_dialog != NULL)
    return TRUE;

  if (self->switching)
    {
      dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                       GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                       _("Save the changes to zone %u before opening zone %u?"),
                                       self->zone_id, self->switch_to);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                _("Unsaved edits are lost when another zone opens."));
    }
  else
    {
      dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                       GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                       _("Save the changes to zone %u before closing?"), self->zone_id);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                _("Unsaved edits are lost when the window closes."));
    }
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  self->close_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

