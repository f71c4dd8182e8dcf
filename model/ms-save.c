/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one way Mapsmith writes a user's file:
 *
 *   1. check the file on disk is still the one that was opened,
 *   2. write a temporary file beside it ({stem}.tmp<ticks>{.ext}), hashing
 *      every byte on the way,
 *   3. fsync it, drop it from the page cache and read it back, comparing the
 *      hash with what was meant to be written,
 *   4. check again that nobody replaced the original meanwhile,
 *   5. rename() over the original (atomic on POSIX), fsync the folder.
 *
 * Any failure removes the temporary file and leaves the original as it was;
 * the GError says which step failed.  The game server's own saver deletes the
 * original before moving its temp file into place; we never do.
 */
#define G_LOG_DOMAIN "ms-save"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-save-private.h"

#define BUFFER_SIZE (1024 * 1024)

struct _MsSaveStream
{
  int           fd;
  const char   *display_path;
  GChecksum    *checksum;
  guint8       *buffer;
  gsize         buffered;
  guint64       written;
  GCancellable *cancellable;
};

G_DEFINE_QUARK (ms-save-error-quark, ms_save_error)

static MsSaveFault injected_fault;

void
_ms_save_inject_fault_for_testing (MsSaveFault fault)
{
  injected_fault = fault;
}

static gboolean
set_errno_error (GError     **error,
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
    return set_errno_error (error, saved_errno, stream->display_path,
                            "writing the temporary file");
  stream->buffered = 0;
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

  g_checksum_update (stream->checksum, p, (gssize) length);
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
ms_save_temp_path_for (const char *path,
                       gint64      ticks)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = NULL;
  const char *dot = strrchr (base, '.');

  /* control.0042.bin -> control.0042.tmp<ticks>.bin, like the game server. */
  if (dot != NULL && dot != base)
    name = g_strdup_printf ("%.*s.tmp%" G_GINT64_FORMAT "%s", (int) (dot - base), base, ticks, dot);
  else
    name = g_strdup_printf ("%s.tmp%" G_GINT64_FORMAT, base, ticks);

  return g_build_filename (dir, name, NULL);
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

static gboolean
verify_temp (const char    *temp_path,
             const char    *display_path,
             const char    *expected_digest,
             guint64        expected_size,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guint8 *buffer = g_malloc (BUFFER_SIZE);
  guint64 total = 0;
  int fd;

  fd = g_open (temp_path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return set_errno_error (error, errno, display_path, "reopening the temporary file to verify it");

  for (;;)
    {
      ssize_t n = read (fd, buffer, BUFFER_SIZE);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;
          close (fd);
          return set_errno_error (error, saved_errno, display_path,
                                  "reading back the temporary file");
        }
      if (n == 0)
        break;
      if (injected_fault == MS_SAVE_FAULT_VERIFY && total == 0)
        buffer[0] ^= 0xff;
      g_checksum_update (checksum, buffer, n);
      total += (guint64) n;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          close (fd);
          return FALSE;
        }
    }
  close (fd);

  if (total != expected_size || g_strcmp0 (g_checksum_get_string (checksum), expected_digest) != 0)
    {
      g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_VERIFY_FAILED,
                   "Could not save “%s”: the written file did not read back as written "
                   "(%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " bytes, checksum %s); "
                   "the original is untouched",
                   display_path, total, expected_size,
                   g_checksum_get_string (checksum));
      return FALSE;
    }
  return TRUE;
}

static gboolean
sync_folder (const char  *path,
             const char  *display_path,
             GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  int saved_errno;

  if (fd < 0)
    return set_errno_error (error, errno, display_path, "opening the folder to flush it");
  if (fsync (fd) != 0 && errno != EINVAL)
    {
      saved_errno = errno;
      close (fd);
      return set_errno_error (error, saved_errno, display_path,
                              "flushing the folder after the rename");
    }
  close (fd);
  return TRUE;
}

/**
 * ms_save_file:
 * @path: the file to write (created if missing)
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
  g_autofree char *display_path = NULL;
  g_autofree char *temp_path = NULL;
  g_autofree guint8 *buffer = NULL;
  g_autoptr(GChecksum) checksum = NULL;
  g_autofree char *digest = NULL;
  MsSaveStream stream = { 0, };
  struct stat original;
  gboolean have_original;
  mode_t mode = 0666;
  gint64 ticks;
  int fd = -1;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (write_func != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display_path = g_filename_display_name (path);

  if (!check_unchanged (path, display_path, opened_as, flags, error))
    return FALSE;

  have_original = stat (path, &original) == 0;
  if (have_original && !S_ISREG (original.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   "Could not save “%s”: it is not a regular file", display_path);
      return FALSE;
    }

  for (ticks = g_get_real_time (); ; ticks++)
    {
      g_free (temp_path);
      temp_path = ms_save_temp_path_for (path, ticks);
      fd = g_open (temp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
      if (fd >= 0 || errno != EEXIST)
        break;
    }
  if (fd < 0)
    return set_errno_error (error, errno, display_path,
                            "creating a temporary file in the same folder");

  /* Keep the permissions of the file we replace. */
  if (have_original)
    (void) fchmod (fd, original.st_mode & 07777);

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  buffer = g_malloc (BUFFER_SIZE);
  stream.fd = fd;
  stream.display_path = display_path;
  stream.checksum = checksum;
  stream.buffer = buffer;
  stream.cancellable = cancellable;

  if (!write_func (&stream, user_data, error) || !stream_flush (&stream, error))
    goto fail;

  if (injected_fault == MS_SAVE_FAULT_FSYNC)
    {
      set_errno_error (error, EIO, display_path, "flushing the temporary file to disk");
      goto fail;
    }
  if (fsync (fd) != 0)
    {
      set_errno_error (error, errno, display_path, "flushing the temporary file to disk");
      goto fail;
    }
  /* Read back from the disk, not from the cache we just wrote. */
  (void) posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
  if (close (fd) != 0)
    {
      fd = -1;
      set_errno_error (error, errno, display_path, "closing the temporary file");
      goto fail;
    }
  fd = -1;

  digest = g_strdup (g_checksum_get_string (checksum));
  if (!verify_temp (temp_path, display_path, digest, stream.written, cancellable, error))
    goto fail;

  if (!check_unchanged (path, display_path, opened_as, flags, error))
    goto fail;

  if (injected_fault == MS_SAVE_FAULT_RENAME)
    {
      set_errno_error (error, EXDEV, display_path, "replacing the original");
      goto fail;
    }
  if (g_rename (temp_path, path) != 0)
    {
      set_errno_error (error, errno, display_path, "replacing the original");
      goto fail;
    }

  return sync_folder (path, display_path, error);

fail:
  if (fd >= 0)
    close (fd);
  g_unlink (temp_path);
  return FALSE;
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
