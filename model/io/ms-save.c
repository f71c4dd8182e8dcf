/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one way Mapsmith writes a user's file:
 *
 *   1. check the file on disk is still the one that was opened, follow a
 *      symlink to the file it names, and refuse a read-only or immutable
 *      file unless told to overwrite it,
 *   2. write a temporary file beside the target
 *      (.{name}.mapsmith-new.{pid}.{ticks}, flock()ed while we live, with
 *      the owner, group and mode of the file it replaces), hashing every
 *      byte on the way,
 *   3. fsync it and read it back from the disk (each part dropped from the
 *      page cache first, by a thread that follows the writer:
 *      ms-save-read-back.c), comparing the hash with what was meant to be
 *      written,
 *   4. check again that nobody replaced the original meanwhile,
 *   5. rename() over the target (atomic on POSIX), fsync the folder.
 *
 * Steps 1-3 are _ms_save_entry_prepare(); a transaction of several files
 * (ms-save-transaction.c) prepares them all before it renames any.  Any
 * failure removes the temporary file and leaves the original as it was;
 * the GError says which step failed.  The game server's own saver deletes
 * the original before moving its temp file into place; we never do.
 */
#define G_LOG_DOMAIN "ms-save"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-large-buffer.h"
#include "ms-save-private.h"

#include <nettle/sha2.h>

#define BUFFER_SIZE (1024 * 1024)

/* SHA-256 of what is written and of what reads back, through nettle: it
 * uses the CPU's SHA instructions, ~10× GChecksum's plain C, which was the
 * single-threaded tail of a large PNG export. */
typedef struct
{
  struct sha256_ctx ctx;
} Digest;

static void
digest_init (Digest *d)
{
  sha256_init (&d->ctx);
}

static void
digest_update (Digest       *d,
               const guint8 *data,
               gsize         length)
{
  sha256_update (&d->ctx, length, data);
}

static void
digest_clear (Digest *d)
{
  (void) d;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Digest, digest_clear)

char *
_ms_save_sha256_hex (struct sha256_ctx *ctx)
{
  guint8 bytes[SHA256_DIGEST_SIZE];
  char *hex = g_malloc (2 * SHA256_DIGEST_SIZE + 1);

  sha256_digest (ctx, sizeof bytes, bytes);
  for (guint i = 0; i < sizeof bytes; i++)
    g_snprintf (hex + 2 * i, 3, "%02x", bytes[i]);
  return hex;
}

/* The hex digest (newly allocated). */
static char *
digest_finish (Digest *d)
{
  return _ms_save_sha256_hex (&d->ctx);
}

struct _MsSaveStream
{
  int           fd;
  const char   *display_path;
  Digest       *digest;
  guint8       *buffer;
  gsize         buffered;
  guint64       written;
  guint64       flushed;  /* of them, handed to write () */
  MsSaveReadBack *read_back;
  GCancellable *cancellable;
};

G_DEFINE_QUARK (ms-save-error-quark, ms_save_error)

static MsSaveFault injected_fault;

void
_ms_save_inject_fault_for_testing (MsSaveFault fault)
{
  injected_fault = fault;
}

MsSaveFault
_ms_save_get_fault (void)
{
  return injected_fault;
}

void
_ms_save_crash_point (const char *step)
{
  static gint reached;
  static gint crash_at = -1;
  gint n;

  if (g_atomic_int_get (&crash_at) < 0)
    {
      const char *env = g_getenv ("MAPSMITH_SAVE_CRASH_AT");
      g_atomic_int_set (&crash_at, env != NULL ? (gint) g_ascii_strtoll (env, NULL, 10) : 0);
    }
  n = g_atomic_int_add (&reached, 1) + 1;
  if (crash_at > 0 && n == crash_at)
    {
      g_printerr ("mapsmith: killed at save step %d (%s), as MAPSMITH_SAVE_CRASH_AT asked\n", n, step);
      raise (SIGKILL);
    }
}

gboolean
_ms_save_set_errno_error (GError     **error,
                          int          saved_errno,
                          const char  *path,
                          const char  *step)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "Could not save “%s”: %s failed: %s", path, step, g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         length,
           int          *out_errno)
{
  while (length > 0)
    {
      ssize_t n;

      if (injected_fault == MS_SAVE_FAULT_WRITE)
        {
          *out_errno = ENOSPC;
          return FALSE;
        }

      n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          *out_errno = errno;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static gboolean
stream_flush (MsSaveStream  *stream,
              GError       **error)
{
  int saved_errno = 0;

  if (stream->buffered == 0)
    return TRUE;

  if (g_cancellable_set_error_if_cancelled (stream->cancellable, error))
    return FALSE;

  if (!write_all (stream->fd, stream->buffer, stream->buffered, &saved_errno))
    return _ms_save_set_errno_error (error, saved_errno, stream->display_path,
                            "writing the temporary file");
  /* Start writing this part to the disk now, while the rest is made, so the
   * fsync at the end waits for the last part only: a 6 MB PNG's fsync went
   * from 8.5 to 5.5 ms.  A hint; the fsync reports any error. */
  (void) sync_file_range (stream->fd, (off64_t) stream->flushed, (off64_t) stream->buffered,
                          SYNC_FILE_RANGE_WRITE);
  stream->flushed += stream->buffered;
  stream->buffered = 0;
  if (stream->read_back != NULL)
    _ms_save_read_back_advance (stream->read_back, stream->flushed);
  return TRUE;
}

gboolean
ms_save_stream_write (MsSaveStream  *stream,
                      const void    *data,
                      gsize          length,
                      GError       **error)
{
  const guint8 *p = data;

  g_return_val_if_fail (stream != NULL, FALSE);

  digest_update (stream->digest, p, length);
  stream->written += length;

  while (length > 0)
    {
      gsize n = MIN (length, BUFFER_SIZE - stream->buffered);

      memcpy (stream->buffer + stream->buffered, p, n);
      stream->buffered += n;
      p += n;
      length -= n;
      if (stream->buffered == BUFFER_SIZE && !stream_flush (stream, error))
        return FALSE;
    }
  return TRUE;
}

guint64
ms_save_stream_get_written (MsSaveStream *stream)
{
  return stream->written;
}

char *
_ms_save_companion_path (const char *target,
                         const char *kind,
                         gint64      ticks)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = NULL;

  /* Hidden, and unlike the game server's {layer}.{id}.tmp<ticks>.bin, so
   * the stale-file cleaner can never take a file of the server's. */
  name = g_strdup_printf (".%s.mapsmith-%s.%d.%" G_GINT64_FORMAT, base, kind, (int) getpid (), ticks);
  return g_build_filename (dir, name, NULL);
}

char *
ms_save_temp_path_for (const char *path,
                       gint64      ticks)
{
  return _ms_save_companion_path (path, "new", ticks);
}

static gboolean
check_unchanged (const char         *path,
                 const char         *display_path,
                 const MsFileStamp  *opened_as,
                 MsSaveFlags         flags,
                 GError            **error)
{
  MsFileStamp now;

  if (opened_as == NULL || (flags & MS_SAVE_FLAGS_OVERWRITE_CHANGED))
    return TRUE;

  if (!ms_file_stamp_read (&now, path, error))
    return FALSE;

  if (ms_file_stamp_equal (&now, opened_as))
    return TRUE;

  g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK,
               "Could not save “%s”: the file %s since it was opened (another program may "
               "have saved it); reload it, or choose to overwrite",
               display_path, now.exists ? "changed on disk" : "was removed");
  return FALSE;
}

gboolean
_ms_save_entry_check_unchanged (MsSaveEntry  *entry,
                                GError      **error)
{
  return check_unchanged (entry->path, entry->display, entry->have_stamp ? &entry->opened_as : NULL,
                          entry->flags, error);
}

/* The file a save replaces: @path itself, or what its symlinks name. */
static char *
resolve_target (const char  *path,
                const char  *display,
                GError     **error)
{
  struct stat st;
  char *resolved;

  if (lstat (path, &st) != 0 || !S_ISLNK (st.st_mode))
    return g_strdup (path);

  resolved = realpath (path, NULL);
  if (resolved == NULL)
    {
      int saved_errno = errno;
      g_autofree char *link = g_file_read_link (path, NULL);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not save “%s”: it is a symbolic link to “%s”, which cannot be "
                   "followed: %s", display, link != NULL ? link : "?", g_strerror (saved_errno));
      return NULL;
    }
  {
    char *result = g_strdup (resolved);
    free (resolved);
    return result;
  }
}

static gboolean
is_read_only (const struct stat *st,
              const char        *target)
{
  /* root may write anything; a file nobody may write is still meant to stay. */
  if (geteuid () == 0)
    return (st->st_mode & 0222) == 0;
  return faccessat (AT_FDCWD, target, W_OK, AT_EACCESS) != 0 && errno == EACCES;
}

static gboolean
is_immutable (const char *target,
              guint      *out_flags)
{
  int fd = g_open (target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0);
  int attrs = 0;
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = ioctl (fd, FS_IOC_GETFLAGS, &attrs) == 0;
  close (fd);
  *out_flags = (guint) attrs;
  return ok && (attrs & (FS_IMMUTABLE_FL | FS_APPEND_FL)) != 0;
}

static gboolean
check_replaceable (const char         *target,
                   const char         *display,
                   const struct stat  *st,
                   MsSaveFlags         flags,
                   GError            **error)
{
  guint attrs = 0;

  if (!S_ISREG (st->st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   "Could not save “%s”: it is not a regular file", display);
      return FALSE;
    }
  if (is_immutable (target, &attrs))
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_READ_ONLY,
                   "Could not save “%s”: the file is %s (chattr); nothing was written",
                   display, (attrs & FS_IMMUTABLE_FL) ? "immutable" : "append-only");
      return FALSE;
    }
  if (!(flags & MS_SAVE_FLAGS_OVERWRITE_READ_ONLY) && is_read_only (st, target))
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_READ_ONLY,
                   "Could not save “%s”: the file is read-only (mode %04o); nothing was "
                   "written — force the save to replace it anyway",
                   display, (guint) (st->st_mode & 07777));
      return FALSE;
    }
  return TRUE;
}

/* The new file gets the owner, group and mode of the one it replaces, as
 * g_file_replace() does: the server's user must keep its access. */
static gboolean
copy_ownership (int                fd,
                const char        *display,
                const struct stat *original,
                MsSaveFlags        flags,
                GError           **error)
{
  struct stat now;

  if (fstat (fd, &now) != 0)
    return _ms_save_set_errno_error (error, errno, display, "inspecting the temporary file");

  if ((now.st_uid != original->st_uid || now.st_gid != original->st_gid) &&
      fchown (fd, original->st_uid, original->st_gid) != 0)
    {
      int saved_errno = errno;

      /* Not ours to give away: try keeping at least the group. */
      if (now.st_gid != original->st_gid)
        (void) fchown (fd, (uid_t) -1, original->st_gid);
      if (!(flags & MS_SAVE_FLAGS_OVERWRITE_READ_ONLY))
        {
          g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_READ_ONLY,
                       "Could not save “%s”: it belongs to user %u, group %u, and a new file "
                       "cannot be given to them (%s); nothing was written — save as that user, "
                       "or force the save to make the file yours",
                       display, (guint) original->st_uid, (guint) original->st_gid,
                       g_strerror (saved_errno));
          return FALSE;
        }
    }
  if (fchmod (fd, original->st_mode & 07777) != 0)
    return _ms_save_set_errno_error (error, errno, display, "setting the mode of the temporary file");
  return TRUE;
}

gboolean
_ms_save_digest_file (const char    *path,
                      const char    *display,
                      char         **out_digest,
                      guint64       *out_size,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_auto(Digest) checksum = { 0, };
  g_autofree guint8 *buffer = g_malloc (BUFFER_SIZE);
  guint64 total = 0;
  int fd;

  digest_init (&checksum);

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    return _ms_save_set_errno_error (error, errno, display, "reopening the temporary file to verify it");

  for (;;)
    {
      ssize_t n = read (fd, buffer, BUFFER_SIZE);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;
          close (fd);
          return _ms_save_set_errno_error (error, saved_errno, display,
                                           "reading back the temporary file");
        }
      if (n == 0)
        break;
      if (injected_fault == MS_SAVE_FAULT_VERIFY && total == 0)
        buffer[0] ^= 0xff;
      digest_update (&checksum, buffer, (gsize) n);
      total += (guint64) n;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          close (fd);
          return FALSE;
        }
    }
  close (fd);
  *out_digest = digest_finish (&checksum);
  *out_size = total;
  return TRUE;
}

gboolean
_ms_save_sync_folder_of (const char  *path,
                         const char  *display_path,
                         GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  int saved_errno;

  if (fd < 0)
    return _ms_save_set_errno_error (error, errno, display_path, "opening the folder to flush it");
  if (fsync (fd) != 0 && errno != EINVAL)
    {
      saved_errno = errno;
      close (fd);
      return _ms_save_set_errno_error (error, saved_errno, display_path,
                                       "flushing the folder after the rename");
    }
  close (fd);
  return TRUE;
}

void
_ms_save_entry_free (MsSaveEntry *entry)
{
  if (entry == NULL)
    return;
  if (entry->temp != NULL && !entry->renamed)
    g_unlink (entry->temp);
  if (entry->old != NULL)
    g_unlink (entry->old);
  if (entry->fd >= 0)
    close (entry->fd);
  g_free (entry->path);
  g_free (entry->target);
  g_free (entry->display);
  g_free (entry->temp);
  g_free (entry->old);
  g_free (entry->digest);
  g_free (entry);
}

/* Steps 1-3: a verified new file beside the target, not yet in place. */
MsSaveEntry *
_ms_save_entry_prepare (const char         *path,
                        const MsFileStamp  *opened_as,
                        MsSaveFlags         flags,
                        MsSaveWriteFunc     write_func,
                        gpointer            user_data,
                        GCancellable       *cancellable,
                        GError            **error)
{
  MsSaveEntry *entry = g_new0 (MsSaveEntry, 1);
  guint8 *buffer = NULL;
  g_auto(Digest) checksum = { 0, };
  g_autofree char *digest = NULL;
  MsSaveStream stream = { 0, };
  MsSaveReadBack *read_back = NULL;
  struct stat original;
  guint64 size = 0;
  gint64 ticks;

  entry->fd = -1;
  entry->path = g_strdup (path);
  entry->display = g_filename_display_name (path);
  entry->flags = flags;
  if (opened_as != NULL)
    {
      entry->have_stamp = TRUE;
      entry->opened_as = *opened_as;
    }

  if (!_ms_save_entry_check_unchanged (entry, error))
    goto fail;

  entry->target = resolve_target (path, entry->display, error);
  if (entry->target == NULL)
    goto fail;

  entry->had_original = stat (entry->target, &original) == 0;
  if (entry->had_original && !check_replaceable (entry->target, entry->display, &original, flags, error))
    goto fail;

  for (ticks = g_get_real_time (); ; ticks++)
    {
      g_free (entry->temp);
      entry->temp = _ms_save_companion_path (entry->target, "new", ticks);
      /* 0600 until it has the replaced file's owner and mode. */
      entry->fd = g_open (entry->temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                          entry->had_original ? 0600 : 0666);
      if (entry->fd >= 0 || errno != EEXIST)
        break;
    }
  if (entry->fd < 0)
    {
      _ms_save_set_errno_error (error, errno, entry->display,
                                "creating a temporary file in the same folder");
      g_clear_pointer (&entry->temp, g_free);
      goto fail;
    }
  /* Held until the end: the stale-file cleaner leaves a locked file alone. */
  (void) flock (entry->fd, LOCK_EX | LOCK_NB);

  if (entry->had_original && !copy_ownership (entry->fd, entry->display, &original, flags, error))
    goto fail;

  digest_init (&checksum);
  /* In huge pages where the kernel has them: a megabyte of small ones is
   * 256 page faults, 2.5 ms of a 6 MB PNG's save in a virtual machine. */
  buffer = ms_large_buffer_alloc (BUFFER_SIZE);
  if (buffer == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "Could not save “%s”: not enough memory", entry->display);
      goto fail;
    }
  stream.fd = entry->fd;
  stream.display_path = entry->display;
  stream.digest = &checksum;
  stream.buffer = buffer;
  stream.cancellable = cancellable;
  /* Reads each written megabyte back from the disk while the rest is
   * made (ms-save-read-back.c). */
  read_back = _ms_save_read_back_start (entry->temp, entry->display, entry->fd, cancellable);
  stream.read_back = read_back;

  if (!write_func (&stream, user_data, error) || !stream_flush (&stream, error))
    goto fail;
  _ms_save_crash_point ("temporary file written");

  if (injected_fault == MS_SAVE_FAULT_FSYNC)
    {
      _ms_save_set_errno_error (error, EIO, entry->display, "flushing the temporary file to disk");
      goto fail;
    }
  if (fsync (entry->fd) != 0)
    {
      _ms_save_set_errno_error (error, errno, entry->display, "flushing the temporary file to disk");
      goto fail;
    }

  entry->size = stream.written;
  entry->digest = digest_finish (&checksum);
  if (!_ms_save_read_back_finish (read_back, &digest, &size, error))
    goto fail;
  g_clear_pointer (&read_back, _ms_save_read_back_free);
  if (size != entry->size || g_strcmp0 (digest, entry->digest) != 0)
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_VERIFY_FAILED,
                   "Could not save “%s”: the written file did not read back as written "
                   "(%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " bytes, checksum %s); "
                   "the original is untouched",
                   entry->display, size, entry->size, digest);
      goto fail;
    }
  _ms_save_crash_point ("temporary file verified");
  ms_large_buffer_free (buffer, BUFFER_SIZE);
  return entry;

fail:
  /* Before the temporary file's descriptor closes: the reader uses it. */
  g_clear_pointer (&read_back, _ms_save_read_back_free);
  ms_large_buffer_free (buffer, BUFFER_SIZE);
  _ms_save_entry_free (entry);
  return NULL;
}

/**
 * ms_save_file:
 * @path: the file to write (created if missing); a symlink is followed and
 *   the file it names is replaced
 * @opened_as: (nullable): the stamp of @path when it was opened; a save is
 *   refused if the file on disk no longer matches it, unless @flags has
 *   %MS_SAVE_FLAGS_OVERWRITE_CHANGED.  %NULL writes without that check.
 * @write_func: produces the new contents through ms_save_stream_write()
 *
 * Replaces @path atomically with verified contents (see the top of this file).
 */
gboolean
ms_save_file (const char         *path,
              const MsFileStamp  *opened_as,
              MsSaveFlags         flags,
              MsSaveWriteFunc     write_func,
              gpointer            user_data,
              GCancellable       *cancellable,
              GError            **error)
{
  g_autoptr(MsSaveTransaction) transaction = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (write_func != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* One rename is atomic by itself: no intent record. */
  transaction = ms_save_transaction_new (NULL);
  return ms_save_transaction_add (transaction, path, opened_as, flags, write_func, user_data,
                                  cancellable, error) &&
         ms_save_transaction_commit (transaction, error);
}

static gboolean
write_bytes (MsSaveStream  *stream,
             gpointer       user_data,
             GError       **error)
{
  gsize length;
  const void *data = g_bytes_get_data (user_data, &length);

  return ms_save_stream_write (stream, data, length, error);
}

gboolean
ms_save_bytes (const char         *path,
               const MsFileStamp  *opened_as,
               MsSaveFlags         flags,
               GBytes             *bytes,
               GCancellable       *cancellable,
               GError            **error)
{
  g_return_val_if_fail (bytes != NULL, FALSE);
  return ms_save_file (path, opened_as, flags, write_bytes, bytes, cancellable, error);
}
