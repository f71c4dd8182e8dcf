/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Step 3 of a save (ms-save.c): the temporary file read back from the disk
 * and hashed, by a thread of its own that follows the writer.  Each
 * megabyte is read once its writeback has finished (the writer started it
 * with sync_file_range ()), after it is dropped from the page cache, so
 * every byte still comes from the disk, as when the whole file was read
 * after the fsync; what the writer wrote last is read after the fsync.  A
 * large file's read-back no longer waits until the end: converting the 8K
 * blueprint (600 MB) went from 2.87 to 1.75 s (bench/README.md, seventh
 * round).
 */
#define G_LOG_DOMAIN "ms-save"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-save-private.h"

#define PART_SIZE ((guint64) 1024 * 1024)
/* Read a quarter part at a time: the first read into a fresh megabyte took
 * this thread 4 ms of a core (its page faults, dear in a virtual machine),
 * and the hash reads the buffer while it is still in the L2 cache. */
#define READ_SIZE ((gsize) 256 * 1024)

static gboolean no_thread;

void
_ms_save_read_back_use_thread_for_testing (gboolean use_thread)
{
  no_thread = !use_thread;
}

struct _MsSaveReadBack
{
  GThread           *thread;
  GMutex             lock;
  GCond              changed;
  /* Under the lock: */
  guint64            flushed;   /* written and handed to writeback */
  gboolean           finished;  /* flushed is the file's size, and it was fsynced */
  gboolean           stop;      /* the save failed: read no further */
  gboolean           ended;     /* the file ended before what was flushed */

  gboolean           inline_reader; /* no thread: finish () reads */
  /* The reader's own until it is joined: */
  char              *path;
  char              *display;
  int                write_fd;  /* the writer's: for sync_file_range () and fadvise () */
  int                fd;        /* a descriptor of our own, opened by @path */
  GCancellable      *cancellable;
  struct sha256_ctx  digest;
  guint64            verified;  /* read back so far */
  guint8            *buffer;
  int                saved_errno;
  const char        *failed_step;
  gboolean           cancelled;
};

/* Reads [verified, verified + length) back from the disk, or to the end of
 * the file when @to_end.  FALSE on an error (saved_errno and failed_step
 * say which). */
static gboolean
read_part (MsSaveReadBack *self,
           guint64         length,
           gboolean        to_end)
{
  guint64 done = 0;

  if (!to_end)
    {
      /* Waits for the writeback the writer started (usually long done),
       * then drops the part, so the read below goes to the disk. */
      (void) sync_file_range (self->write_fd, (off64_t) self->verified, (off64_t) length,
                              SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                              SYNC_FILE_RANGE_WAIT_AFTER);
      (void) posix_fadvise (self->write_fd, (off_t) self->verified, (off_t) length, POSIX_FADV_DONTNEED);
    }
  else
    (void) posix_fadvise (self->write_fd, (off_t) self->verified, 0, POSIX_FADV_DONTNEED);

  while (to_end || done < length)
    {
      gsize want = to_end ? READ_SIZE : (gsize) MIN (length - done, READ_SIZE);
      ssize_t n = pread (self->fd, self->buffer, want, (off_t) self->verified);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          self->saved_errno = errno;
          self->failed_step = "reading back the temporary file";
          return FALSE;
        }
      /* A file shorter than what was written: the size check says so. */
      if (n == 0)
        {
          self->ended = TRUE;
          return TRUE;
        }
      if (self->verified == 0 && _ms_save_get_fault () == MS_SAVE_FAULT_VERIFY)
        self->buffer[0] ^= 0xff;
      if (to_end && self->verified + (guint64) n >= self->flushed &&
          _ms_save_get_fault () == MS_SAVE_FAULT_VERIFY_END)
        self->buffer[n - 1] ^= 0xff;
      sha256_update (&self->digest, (gsize) n, self->buffer);
      self->verified += (guint64) n;
      done += (guint64) n;
    }
  return TRUE;
}

static gpointer
read_back_thread (gpointer data)
{
  MsSaveReadBack *self = data;

  self->fd = g_open (self->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (self->fd < 0)
    {
      self->saved_errno = errno;
      self->failed_step = "reopening the temporary file to verify it";
      return NULL;
    }
  (void) posix_fadvise (self->fd, 0, 0, POSIX_FADV_SEQUENTIAL);

  for (;;)
    {
      gboolean finished;

      g_mutex_lock (&self->lock);
      while (!self->stop && !self->finished && (self->ended || self->flushed < self->verified + PART_SIZE))
        g_cond_wait (&self->changed, &self->lock);
      finished = self->finished;
      if (self->stop)
        {
          g_mutex_unlock (&self->lock);
          return NULL;
        }
      g_mutex_unlock (&self->lock);

      if (g_cancellable_is_cancelled (self->cancellable))
        {
          self->cancelled = TRUE;
          return NULL;
        }
      /* Whole parts while the writer goes on; the rest, to the end of the
       * file, once it has been fsynced. */
      if (finished)
        {
          (void) read_part (self, 0, TRUE);
          return NULL;
        }
      if (!read_part (self, PART_SIZE, FALSE))
        return NULL;
    }
}

MsSaveReadBack *
_ms_save_read_back_start (const char   *path,
                          const char   *display,
                          int           write_fd,
                          GCancellable *cancellable)
{
  MsSaveReadBack *self = g_new0 (MsSaveReadBack, 1);

  g_mutex_init (&self->lock);
  g_cond_init (&self->changed);
  self->path = g_strdup (path);
  self->display = g_strdup (display);
  self->write_fd = write_fd;
  self->fd = -1;
  self->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  self->buffer = g_malloc (READ_SIZE);
  sha256_init (&self->digest);
  /* Without a thread (the system refused one), finish () reads it all. */
  if (!no_thread)
    self->thread = g_thread_try_new ("save-read-back", read_back_thread, self, NULL);
  self->inline_reader = self->thread == NULL;
  return self;
}

void
_ms_save_read_back_advance (MsSaveReadBack *self,
                            guint64         flushed)
{
  g_mutex_lock (&self->lock);
  self->flushed = flushed;
  g_cond_signal (&self->changed);
  g_mutex_unlock (&self->lock);
}

static void
join (MsSaveReadBack *self,
      gboolean        finished)
{
  if (self->thread == NULL)
    return;
  g_mutex_lock (&self->lock);
  if (finished)
    self->finished = TRUE;
  else
    self->stop = TRUE;
  g_cond_signal (&self->changed);
  g_mutex_unlock (&self->lock);
  g_thread_join (g_steal_pointer (&self->thread));
}

gboolean
_ms_save_read_back_finish (MsSaveReadBack  *self,
                           char           **out_digest,
                           guint64         *out_size,
                           GError         **error)
{
  join (self, TRUE);
  if (self->inline_reader)
    {
      self->finished = TRUE;
      self->inline_reader = FALSE;
      read_back_thread (self);
    }
  if (self->cancelled)
    return !g_cancellable_set_error_if_cancelled (self->cancellable, error);
  if (self->failed_step != NULL)
    return _ms_save_set_errno_error (error, self->saved_errno, self->display, self->failed_step);
  *out_digest = _ms_save_sha256_hex (&self->digest);
  *out_size = self->verified;
  return TRUE;
}

void
_ms_save_read_back_free (MsSaveReadBack *self)
{
  if (self == NULL)
    return;
  join (self, FALSE);
  if (self->fd >= 0)
    close (self->fd);
  g_clear_object (&self->cancellable);
  g_free (self->buffer);
  g_free (self->path);
  g_free (self->display);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->changed);
  g_free (self);
}
