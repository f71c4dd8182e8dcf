/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Several files replaced as one edit.  A zone's save writes control and
 * plants (say); after a crash, a full disk or a failed rename at any
 * instant, the next open must see all of the edit or none of it.
 *
 *   prepare  every new file is written and verified beside its target
 *            (ms-save.c), flock()ed; nothing is replaced yet
 *   link     each target gets a hard link .{name}.mapsmith-old.{pid}.{ticks},
 *            so the replaced bytes survive until the edit is whole
 *   record   an intent record (a GKeyFile, written atomically) lists every
 *            target, temporary file, old link, size and SHA-256
 *   rename   each temporary file over its target
 *   finish   the record is removed, then the old links
 *
 * Recovery (at the next open) reads the record.  While a temporary file
 * still exists, its rename has not happened; once gone, it has.  So the
 * edit can be finished by renaming the rest, after checking each one's
 * SHA-256.  If that is impossible (a temporary file lost or damaged, a
 * rename refused), the record is renamed to {record}.rollback and every
 * renamed target gets its old link renamed back.  Both directions only
 * ever rename or remove, so running them again after a second crash is
 * safe.  A save that failed while running rolls back the same way, at once.
 */
#define G_LOG_DOMAIN "ms-save"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-save-private.h"

#define RECORD_GROUP "Save"
#define ROLLBACK_SUFFIX ".rollback"

struct _MsSaveTransaction
{
  char      *record_path;   /* nullable: a single file needs none */
  GPtrArray *entries;       /* MsSaveEntry */
  gboolean   committed;
};

MsSaveTransaction *
ms_save_transaction_new (const char *record_path)
{
  MsSaveTransaction *self = g_new0 (MsSaveTransaction, 1);

  self->record_path = g_strdup (record_path);
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) _ms_save_entry_free);
  return self;
}

void
ms_save_transaction_free (MsSaveTransaction *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->entries);
  g_free (self->record_path);
  g_free (self);
}

/**
 * ms_save_transaction_add:
 *
 * Writes and verifies the new contents of @path (see ms_save_file() for
 * @opened_as and @flags); nothing is replaced until commit.
 */
gboolean
ms_save_transaction_add (MsSaveTransaction  *self,
                         const char         *path,
                         const MsFileStamp  *opened_as,
                         MsSaveFlags         flags,
                         MsSaveWriteFunc     write_func,
                         gpointer            user_data,
                         GCancellable       *cancellable,
                         GError            **error)
{
  MsSaveEntry *entry;

  g_return_val_if_fail (self != NULL && !self->committed, FALSE);
  g_return_val_if_fail (path != NULL && write_func != NULL, FALSE);

  entry = _ms_save_entry_prepare (path, opened_as, flags, write_func, user_data, cancellable, error);
  if (entry == NULL)
    return FALSE;
  g_ptr_array_add (self->entries, entry);
  return TRUE;
}

guint
ms_save_transaction_get_n_files (MsSaveTransaction *self)
{
  return self->entries->len;
}

static gboolean
path_exists (const char *path)
{
  struct stat st;
  return lstat (path, &st) == 0;
}

/* @last_of_several: the last rename of a multi-file commit */
static gboolean
rename_entry (MsSaveEntry  *entry,
              gboolean      last_of_several,
              GError      **error)
{
  MsSaveFault fault = _ms_save_get_fault ();

  if (fault == MS_SAVE_FAULT_RENAME)
    return _ms_save_set_errno_error (error, EXDEV, entry->display, "replacing the original");
  if (fault == MS_SAVE_FAULT_RENAME_LAST && last_of_several)
    return _ms_save_set_errno_error (error, EPERM, entry->display, "replacing the original");
  if (g_rename (entry->temp, entry->target) != 0)
    return _ms_save_set_errno_error (error, errno, entry->display, "replacing the original");
  entry->renamed = TRUE;
  return TRUE;
}

static gboolean
link_old (MsSaveEntry *entry)
{
  for (gint64 ticks = g_get_real_time (); ; ticks++)
    {
      g_autofree char *old = _ms_save_companion_path (entry->target, "old", ticks);

      if (link (entry->target, old) == 0)
        {
          entry->old = g_steal_pointer (&old);
          return TRUE;
        }
      if (errno != EEXIST)
        return FALSE;
    }
}

static GBytes *
record_bytes (MsSaveTransaction *self)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *data = NULL;
  gsize length;

  g_key_file_set_integer (kf, RECORD_GROUP, "Version", 1);
  g_key_file_set_string (kf, RECORD_GROUP, "Time", when);
  g_key_file_set_integer (kf, RECORD_GROUP, "Pid", (gint) getpid ());
  g_key_file_set_integer (kf, RECORD_GROUP, "Files", (gint) self->entries->len);
  for (guint i = 0; i < self->entries->len; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);
      g_autofree char *group = g_strdup_printf ("File %u", i);

      g_key_file_set_string (kf, group, "Target", e->target);
      g_key_file_set_string (kf, group, "Temporary", e->temp);
      g_key_file_set_string (kf, group, "Old", e->old != NULL ? e->old : "");
      g_key_file_set_uint64 (kf, group, "Size", e->size);
      g_key_file_set_string (kf, group, "SHA256", e->digest);
    }
  data = g_key_file_to_data (kf, &length, NULL);
  return g_bytes_new_take (g_steal_pointer (&data), length);
}

static char *
list_names (GPtrArray *entries)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *base = g_path_get_basename (e->path);

      if (i > 0)
        g_string_append (s, i + 1 == entries->len ? " and " : ", ");
      g_string_append (s, base);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* After a rename failed mid-commit: put every renamed file back. */
static gboolean
roll_back (MsSaveTransaction  *self,
           const char         *marker,
           GError            **error)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < self->entries->len; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);

      if (!e->renamed)
        continue;
      if (e->old != NULL ? g_rename (e->old, e->target) == 0 : g_unlink (e->target) == 0)
        {
          g_clear_pointer (&e->old, g_free);
          e->renamed = FALSE;
          g_clear_pointer (&e->temp, g_free);  /* consumed by the rename */
          _ms_save_crash_point ("one file put back");
          continue;
        }
      if (ok)
        _ms_save_set_errno_error (error, errno, e->display, "putting back the original");
      ok = FALSE;
    }
  for (guint i = 0; i < self->entries->len; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);
      (void) _ms_save_sync_folder_of (e->target, e->display, NULL);
    }
  if (ok && marker != NULL)
    {
      g_unlink (marker);
      (void) _ms_save_sync_folder_of (marker, marker, NULL);
    }
  return ok;
}

/**
 * ms_save_transaction_commit:
 *
 * Puts every added file in place as one edit (see the top of this file).
 * On failure every target is as it was, or — if even putting back failed —
 * the intent record stays for ms_save_transaction_recover() and the error
 * says so.
 */
gboolean
ms_save_transaction_commit (MsSaveTransaction  *self,
                            GError            **error)
{
  g_autofree char *marker = NULL;
  g_autoptr(GError) local_error = NULL;
  guint n;

  g_return_val_if_fail (self != NULL && !self->committed, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  n = self->entries->len;
  g_return_val_if_fail (n <= 1 || self->record_path != NULL, FALSE);

  /* Step 4: nobody replaced any original while we wrote. */
  for (guint i = 0; i < n; i++)
    if (!_ms_save_entry_check_unchanged (g_ptr_array_index (self->entries, i), error))
      return FALSE;

  /* One rename is atomic by itself: no record, whatever was asked. */
  if (n == 1)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, 0);

      if (!rename_entry (e, FALSE, error))
        return FALSE;
      _ms_save_crash_point ("renamed");
      self->committed = TRUE;
      return _ms_save_sync_folder_of (e->target, e->display, error);
    }
  if (n == 0)
    {
      self->committed = TRUE;
      return TRUE;
    }

  for (guint i = 0; i < n; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);

      /* Without a link (a file system that has none) this file cannot be
       * put back; finishing the edit is still possible. */
      if (e->had_original && !link_old (e))
        g_debug ("no hard link beside %s: %s", e->target, g_strerror (errno));
      if (!_ms_save_sync_folder_of (e->target, e->display, error))
        return FALSE;
    }
  _ms_save_crash_point ("old files linked");

  {
    g_autoptr(GBytes) record = record_bytes (self);
    if (!ms_save_bytes (self->record_path, NULL, MS_SAVE_FLAGS_NONE, record, NULL, error))
      return FALSE;
  }
  _ms_save_crash_point ("intent recorded");

  for (guint i = 0; i < n; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);

      if (!rename_entry (e, i + 1 == n, &local_error))
        goto roll_back;
      _ms_save_crash_point ("one file renamed");
    }
  for (guint i = 0; i < n; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);
      if (!_ms_save_sync_folder_of (e->target, e->display, error))
        return FALSE;  /* in place; the record finishes nothing more */
    }
  _ms_save_crash_point ("all renamed");

  if (g_unlink (self->record_path) != 0)
    g_warning ("could not remove the intent record %s: %s", self->record_path, g_strerror (errno));
  (void) _ms_save_sync_folder_of (self->record_path, self->record_path, NULL);
  _ms_save_crash_point ("intent removed");
  self->committed = TRUE;
  for (guint i = 0; i < n; i++)
    {
      MsSaveEntry *e = g_ptr_array_index (self->entries, i);
      if (e->old != NULL)
        g_unlink (e->old);
      g_clear_pointer (&e->old, g_free);
    }
  return TRUE;

roll_back:
  {
    g_autofree char *names = list_names (self->entries);
    g_autoptr(GError) back_error = NULL;

    marker = g_strconcat (self->record_path, ROLLBACK_SUFFIX, NULL);
    /* A rename needs no free space, unlike rewriting the record. */
    if (g_rename (self->record_path, marker) != 0)
      {
        g_set_error (error, local_error->domain, local_error->code,
                     "%s; the edit of %s is half-applied and could not be undone (%s): the next "
                     "open of the zone finishes or undoes it", local_error->message, names,
                     g_strerror (errno));
        for (guint i = 0; i < n; i++)
          {
            /* Keep what recovery needs. */
            MsSaveEntry *e = g_ptr_array_index (self->entries, i);
            g_clear_pointer (&e->old, g_free);
            e->renamed = TRUE;
          }
        return FALSE;
      }
    (void) _ms_save_sync_folder_of (marker, marker, NULL);
    _ms_save_crash_point ("rollback recorded");

    if (!roll_back (self, marker, &back_error))
      {
        g_set_error (error, local_error->domain, local_error->code,
                     "%s; undoing the rest failed too (%s): the next open of the zone undoes it",
                     local_error->message, back_error->message);
        for (guint i = 0; i < n; i++)
          {
            MsSaveEntry *e = g_ptr_array_index (self->entries, i);
            g_clear_pointer (&e->old, g_free);
            e->renamed = TRUE;
          }
        return FALSE;
      }
    g_set_error (error, local_error->domain, local_error->code,
                 "%s; nothing was saved: %s are as they were", local_error->message, names);
    return FALSE;
  }
}

/* ------------------------------------------------------------ recovery -- */

typedef struct
{
  char    *target;
  char    *temp;
  char    *old;      /* NULL: the target did not exist before */
  guint64  size;
  char    *digest;
} RecordEntry;

static void
record_entry_clear (RecordEntry *e)
{
  g_free (e->target);
  g_free (e->temp);
  g_free (e->old);
  g_free (e->digest);
}

static gboolean
read_record (const char  *path,
             GArray      *entries,
             char       **out_time,
             GError     **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = g_filename_display_name (path);
  gint n;

  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local_error))
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_RECOVERY,
                   "The record of an interrupted save “%s” cannot be read: %s", display,
                   local_error->message);
      return FALSE;
    }
  n = g_key_file_get_integer (kf, RECORD_GROUP, "Files", &local_error);
  if (local_error != NULL || n < 1 || n > 64 ||
      g_key_file_get_integer (kf, RECORD_GROUP, "Version", NULL) != 1)
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_RECOVERY,
                   "The record of an interrupted save “%s” is not one this version writes "
                   "(section [Save]: Version 1 and Files 1..64 expected)", display);
      return FALSE;
    }
  *out_time = g_key_file_get_string (kf, RECORD_GROUP, "Time", NULL);
  for (gint i = 0; i < n; i++)
    {
      g_autofree char *group = g_strdup_printf ("File %d", i);
      RecordEntry e = { 0, };
      gboolean bad;

      e.target = g_key_file_get_string (kf, group, "Target", NULL);
      e.temp = g_key_file_get_string (kf, group, "Temporary", NULL);
      e.old = g_key_file_get_string (kf, group, "Old", NULL);
      e.digest = g_key_file_get_string (kf, group, "SHA256", NULL);
      e.size = g_key_file_get_uint64 (kf, group, "Size", &local_error);
      bad = e.target == NULL || e.temp == NULL || e.old == NULL || e.digest == NULL ||
            local_error != NULL || !g_path_is_absolute (e.target) || !g_path_is_absolute (e.temp) ||
            (e.old[0] != '\0' && !g_path_is_absolute (e.old));
      if (!bad && e.old[0] == '\0')
        g_clear_pointer (&e.old, g_free);
      g_array_append_val (entries, e);
      if (bad)
        {
          g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_RECOVERY,
                       "The record of an interrupted save “%s” is damaged (section [%s])",
                       display, group);
          return FALSE;
        }
    }
  return TRUE;
}

static char *
record_names (GArray *entries)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_array_index (entries, RecordEntry, i).target);

      if (i > 0)
        g_string_append (s, i + 1 == entries->len ? " and " : ", ");
      g_string_append (s, base);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
sync_all (GArray *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const char *target = g_array_index (entries, RecordEntry, i).target;
      (void) _ms_save_sync_folder_of (target, target, NULL);
    }
}

/* Finish the edit: every temporary file still there must be intact. */
static gboolean
roll_forward (GArray *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      RecordEntry *e = &g_array_index (entries, RecordEntry, i);
      g_autofree char *digest = NULL;
      guint64 size = 0;

      if (!path_exists (e->temp))
        continue;  /* already renamed */
      if (!_ms_save_digest_file (e->temp, e->temp, &digest, &size, NULL, NULL) ||
          size != e->size || g_strcmp0 (digest, e->digest) != 0)
        return FALSE;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      RecordEntry *e = &g_array_index (entries, RecordEntry, i);

      if (path_exists (e->temp) && g_rename (e->temp, e->target) != 0)
        return FALSE;  /* the ones renamed so far are undone by the rollback */
    }
  sync_all (entries);
  return TRUE;
}

static gboolean
roll_back_recorded (GArray   *entries,
                    GError  **error)
{
  for (guint i = 0; i < entries->len; i++)
    {
      RecordEntry *e = &g_array_index (entries, RecordEntry, i);
      g_autofree char *display = g_filename_display_name (e->target);

      if (path_exists (e->temp))
        {
          /* Never renamed: drop the link first, so a second run sees the
           * temporary file and does not rename the link back. */
          if (e->old != NULL)
            g_unlink (e->old);
          g_unlink (e->temp);
          continue;
        }
      if (e->old == NULL)
        {
          if (g_unlink (e->target) != 0 && errno != ENOENT)
            return _ms_save_set_errno_error (error, errno, display, "removing a file the save created");
          continue;
        }
      if (path_exists (e->old) && g_rename (e->old, e->target) != 0)
        return _ms_save_set_errno_error (error, errno, display, "putting back the original");
    }
  sync_all (entries);
  return TRUE;
}

/**
 * ms_save_transaction_recover:
 * @record_path: where ms_save_transaction_new() was told to keep its record
 *
 * Finishes the interrupted save @record_path records, or undoes it when it
 * cannot be finished.  Nothing to do is success with a %NULL note.
 */
gboolean
ms_save_transaction_recover (const char  *record_path,
                             char       **out_note,
                             GError     **error)
{
  g_autofree char *marker = g_strconcat (record_path, ROLLBACK_SUFFIX, NULL);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (RecordEntry));
  g_autoptr(GError) local_error = NULL;
  g_autofree char *when = NULL;
  g_autofree char *names = NULL;
  g_autofree char *display = g_filename_display_name (record_path);
  gboolean rolling_back;
  gboolean completed = FALSE;

  g_return_val_if_fail (record_path != NULL, FALSE);
  if (out_note != NULL)
    *out_note = NULL;
  g_array_set_clear_func (entries, (GDestroyNotify) record_entry_clear);

  rolling_back = path_exists (marker);
  if (!rolling_back && !path_exists (record_path))
    return TRUE;

  if (!read_record (rolling_back ? marker : record_path, entries, &when, error))
    return FALSE;
  names = record_names (entries);

  if (!rolling_back)
    {
      if (roll_forward (entries))
        completed = TRUE;
      else if (g_rename (record_path, marker) != 0)
        {
          g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_RECOVERY,
                       "An interrupted save of %s (record “%s”) could be neither finished nor "
                       "undone: %s", names, display, g_strerror (errno));
          return FALSE;
        }
      else
        (void) _ms_save_sync_folder_of (marker, marker, NULL);
    }
  if (!completed && !roll_back_recorded (entries, &local_error))
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_RECOVERY,
                   "An interrupted save of %s (record “%s”) could not be undone: %s",
                   names, display, local_error->message);
      return FALSE;
    }

  g_unlink (completed ? record_path : marker);
  (void) _ms_save_sync_folder_of (record_path, display, NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      RecordEntry *e = &g_array_index (entries, RecordEntry, i);
      if (e->old != NULL)
        g_unlink (e->old);
    }

  if (out_note != NULL)
    *out_note = completed ?
      g_strdup_printf ("A save of %s interrupted at %s was finished: the files hold the whole edit",
                       names, when != NULL ? when : "an unknown time") :
      g_strdup_printf ("A save of %s interrupted at %s could not be finished and was undone: "
                       "the files are as they were before it",
                       names, when != NULL ? when : "an unknown time");
  return TRUE;
}

/* ------------------------------------------------------- stale files -- */

static gboolean
parse_companion (const char  *rest,
                 const char **out_kind,
                 pid_t       *out_pid)
{
  const char *p;
  char *end;
  gint64 pid;

  if (g_str_has_prefix (rest, "new."))
    *out_kind = "new";
  else if (g_str_has_prefix (rest, "old."))
    *out_kind = "old";
  else
    return FALSE;
  p = rest + 4;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  pid = g_ascii_strtoll (p, &end, 10);
  if (*end != '.' || pid <= 0 || pid > G_MAXINT32 || !g_ascii_isdigit (end[1]))
    return FALSE;
  for (p = end + 1; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  *out_pid = (pid_t) pid;
  return TRUE;
}

static gboolean
process_alive (pid_t pid)
{
  return pid == getpid () || kill (pid, 0) == 0 || errno == EPERM;
}

/**
 * ms_save_remove_stale_files:
 * @path: a file this program may have saved (a symlink is followed)
 *
 * Removes .{name}.mapsmith-new.* files no live save holds (their flock()
 * is free) and .{name}.mapsmith-old.* links whose process is gone.  Run it
 * after ms_save_transaction_recover(), which may still need them.
 */
guint
ms_save_remove_stale_files (const char *path)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint removed = 0;
  char *resolved;

  g_return_val_if_fail (path != NULL, 0);

  resolved = realpath (path, NULL);
  target = g_strdup (resolved != NULL ? resolved : path);
  free (resolved);
  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  prefix = g_strdup_printf (".%s.mapsmith-", base);

  d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *full = NULL;
      const char *kind;
      struct stat st;
      pid_t pid;

      if (!g_str_has_prefix (name, prefix) || !parse_companion (name + strlen (prefix), &kind, &pid))
        continue;
      full = g_build_filename (dir, name, NULL);
      if (lstat (full, &st) != 0 || !S_ISREG (st.st_mode))
        continue;

      if (g_str_equal (kind, "new"))
        {
          int fd = g_open (full, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0);
          gboolean free_lock;

          if (fd < 0)
            continue;
          free_lock = flock (fd, LOCK_EX | LOCK_NB) == 0;
          if (free_lock && g_unlink (full) == 0)
            removed++;
          close (fd);
        }
      else if (!process_alive (pid) && g_unlink (full) == 0)
        removed++;
    }
  return removed;
}
