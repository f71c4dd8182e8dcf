/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view of one file's bytes.  Files are memory-mapped, so opening
 * even a 4 GiB blueprint costs address space, not heap; pages are read in by
 * the kernel as views touch them.  In-memory data (the embedded demo, the
 * fuzzer's inputs) goes through the same object so readers have one path.
 *
 * A mapped file that shrinks (truncate, "cat > file", a server rewriting in
 * place) turns every read of a page past its new end into SIGBUS, which
 * would kill the process wherever the read happens: a hover readout, a
 * worker thread making tiles, the autosave timer.  Rather than a
 * sigsetjmp() around every pixel accessor, one process-wide SIGBUS handler
 * looks the faulting address up in a lock-free table of live mappings; when
 * it falls in one, it maps a zero-filled anonymous page over the lost page
 * (mmap with MAP_FIXED is a plain system call, safe in a handler), marks the
 * mapping and returns, so the read retries and sees zeros.  Any other SIGBUS
 * goes to the previous handler or kills the process as before.  Readers then
 * ask ms_mapping_check () before trusting what they read.  Unmapping the
 * whole range later removes the anonymous pages too.
 */
#define G_LOG_DOMAIN "ms-mapping"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-mapping.h"

struct _MsMapping
{
  GObject      parent_instance;

  GBytes      *bytes;
  char        *path;          /* NULL for in-memory data */
  char        *display_name;
  MsFileStamp  stamp;
  int          guard;         /* slot in guard_slots, or -1 */
  int          fd;            /* the mapped file, for ms_mapping_read (); or -1 */
};

G_DEFINE_FINAL_TYPE (MsMapping, ms_mapping, G_TYPE_OBJECT)
G_DEFINE_QUARK (ms-mapping-error-quark, ms_mapping_error)

/* The guarded mappings.  A slot is FREE, CLAIMED (being filled or
 * emptied by its owner) or LIVE (the handler may use it).  The handler
 * only reads start and length of LIVE slots and sets changed; owners
 * publish a slot's range before making it LIVE and take LIVE away before
 * the range is unmapped.  More live mappings than slots are read into
 * memory instead of mapped (see ms_mapping_new_for_path ()). */
enum { GUARD_FREE, GUARD_CLAIMED, GUARD_LIVE };
#define N_GUARD_SLOTS 1024

typedef struct
{
  gint      state;
  gint      changed;
  guintptr  start;
  gsize     length;
  char     *name;     /* under damaged_lock; the handler never reads it */
} GuardSlot;

static GuardSlot        guard_slots[N_GUARD_SLOTS];
static gint             guard_high;           /* slots [0, high) were ever used */
static guintptr         guard_page_size;
static struct sigaction guard_previous;
/* Names of mappings that lost pages and are gone, for ms_mapping_check_all () */
static GMutex           damaged_lock;
static GPtrArray       *damaged_gone;

static void
on_sigbus (int        sig,
           siginfo_t *info,
           void      *context)
{
  int saved_errno = errno;
  guintptr addr = (guintptr) info->si_addr;
  gint high = g_atomic_int_get (&guard_high);

  /* Only a fault from a real access (not kill -BUS) has an address. */
  if (info->si_code > 0)
    for (gint i = 0; i < high; i++)
      {
        GuardSlot *slot = &guard_slots[i];

        if (g_atomic_int_get (&slot->state) == GUARD_LIVE &&
            addr - slot->start < slot->length)
          {
            void *page = (void *) (addr & ~(guard_page_size - 1));

            if (mmap (page, guard_page_size, PROT_READ,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED)
              {
                g_atomic_int_set (&slot->changed, TRUE);
                errno = saved_errno;
                return;
              }
          }
      }

  if ((guard_previous.sa_flags & SA_SIGINFO) && guard_previous.sa_sigaction != NULL)
    {
      guard_previous.sa_sigaction (sig, info, context);
      return;
    }
  if (guard_previous.sa_handler != SIG_DFL && guard_previous.sa_handler != SIG_IGN &&
      guard_previous.sa_handler != NULL)
    {
      guard_previous.sa_handler (sig);
      return;
    }
  /* Not ours: die of it as we would have without the handler. */
  signal (SIGBUS, SIG_DFL);
  raise (SIGBUS);
}

static void
guard_install_once (void)
{
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      struct sigaction action = { 0, };

      guard_page_size = (guintptr) sysconf (_SC_PAGESIZE);
      action.sa_sigaction = on_sigbus;
      action.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
      sigemptyset (&action.sa_mask);
      if (sigaction (SIGBUS, &action, &guard_previous) != 0)
        g_warning ("Could not install the SIGBUS handler: %s", g_strerror (errno));
      g_once_init_leave (&installed, 1);
    }
}

/* Returns the slot, or -1 when every slot is taken. */
static int
guard_register (const void *data,
                gsize       length,
                const char *name)
{
  guard_install_once ();

  for (int i = 0; i < N_GUARD_SLOTS; i++)
    {
      GuardSlot *slot = &guard_slots[i];
      gint high;

      if (!g_atomic_int_compare_and_exchange (&slot->state, GUARD_FREE, GUARD_CLAIMED))
        continue;
      slot->start = (guintptr) data;
      slot->length = length;
      g_mutex_lock (&damaged_lock);
      slot->name = g_strdup (name);
      g_mutex_unlock (&damaged_lock);
      g_atomic_int_set (&slot->changed, FALSE);
      do
        high = g_atomic_int_get (&guard_high);
      while (high <= i && !g_atomic_int_compare_and_exchange (&guard_high, high, i + 1));
      g_atomic_int_set (&slot->state, GUARD_LIVE);
      return i;
    }
  return -1;
}

static void
guard_unregister (int slot_index)
{
  GuardSlot *slot = &guard_slots[slot_index];

  g_atomic_int_set (&slot->state, GUARD_CLAIMED);
  slot->start = 0;
  slot->length = 0;
  g_mutex_lock (&damaged_lock);
  g_clear_pointer (&slot->name, g_free);
  g_mutex_unlock (&damaged_lock);
  g_atomic_int_set (&slot->state, GUARD_FREE);
}

static void
stamp_from_stat (MsFileStamp       *stamp,
                 const struct stat *st)
{
  stamp->exists = TRUE;
  stamp->device = (guint64) st->st_dev;
  stamp->inode = (guint64) st->st_ino;
  stamp->size = (guint64) st->st_size;
  stamp->mtime_ns = (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

gboolean
ms_file_stamp_read (MsFileStamp  *stamp,
                    const char   *path,
                    GError      **error)
{
  struct stat st;

  memset (stamp, 0, sizeof *stamp);
  if (stat (path, &st) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT)
        return TRUE;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not inspect “%s”: %s", path, g_strerror (saved_errno));
      return FALSE;
    }

  stamp_from_stat (stamp, &st);
  return TRUE;
}

gboolean
ms_file_stamp_equal (const MsFileStamp *a,
                     const MsFileStamp *b)
{
  if (a->exists != b->exists)
    return FALSE;
  if (!a->exists)
    return TRUE;
  return a->device == b->device && a->inode == b->inode &&
         a->size == b->size && a->mtime_ns == b->mtime_ns;
}

static void
ms_mapping_finalize (GObject *object)
{
  MsMapping *self = MS_MAPPING (object);

  if (self->guard >= 0 && !ms_mapping_is_intact (self))
    {
      g_mutex_lock (&damaged_lock);
      if (damaged_gone == NULL)
        damaged_gone = g_ptr_array_new ();
      /* Kept for the process's life: a handful of names at most. */
      g_ptr_array_add (damaged_gone, g_strdup (self->display_name));
      g_mutex_unlock (&damaged_lock);
    }
  /* Unguard before the bytes (and so the mapping) go. */
  if (self->guard >= 0)
    guard_unregister (self->guard);
  self->guard = -1;
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->display_name, g_free);

  G_OBJECT_CLASS (ms_mapping_parent_class)->finalize (object);
}

static void
ms_mapping_class_init (MsMappingClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_mapping_finalize;
}

static void
ms_mapping_init (MsMapping *self)
{
  self->guard = -1;
  self->fd = -1;
}

static gboolean
set_open_error (GError     **error,
                GIOErrorEnum code,
                const char  *path,
                const char  *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, code, "Could not open “%s”: %s", display, reason);
  return FALSE;
}

/* Why open () failed, said truly: a dangling symlink is not "missing". */
static void
set_open_errno_error (GError     **error,
                      const char  *path,
                      int          saved_errno)
{
  struct stat lst;

  if (saved_errno == ENOENT && lstat (path, &lst) == 0 && S_ISLNK (lst.st_mode))
    {
      g_autofree char *target = g_file_read_link (path, NULL);
      g_autofree char *reason = g_strdup_printf ("it is a symbolic link to “%s”, which does "
                                                 "not exist", target ? target : "?");
      set_open_error (error, G_IO_ERROR_NOT_FOUND, path, reason);
      return;
    }
  set_open_error (error, g_io_error_from_errno (saved_errno), path, g_strerror (saved_errno));
}

/* Reads a regular file we could not guard into memory. */
static GBytes *
read_fd (int          fd,
         gsize        length,
         const char  *path,
         GError     **error)
{
  g_autofree guint8 *data = g_malloc (MAX (length, 1));
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = pread (fd, data + done, length - done, (off_t) done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;
          set_open_error (error, g_io_error_from_errno (saved_errno), path,
                          g_strerror (saved_errno));
          return NULL;
        }
      if (n == 0)
        {
          g_autofree char *display = g_filename_display_name (path);
          g_set_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK,
                       "%s changed on disk while it was being read (now %" G_GSIZE_FORMAT
                       " bytes)", display, done);
          return NULL;
        }
      done += (gsize) n;
    }
  return g_bytes_new_take (g_steal_pointer (&data), length);
}

/**
 * ms_mapping_new_for_path:
 *
 * Maps @path read-only.  The stamp is taken from the same open file
 * descriptor that is mapped, so it describes exactly the bytes we see.
 */
MsMapping *
ms_mapping_new_for_path (const char  *path,
                         GError     **error)
{
  g_autoptr(MsMapping) self = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GBytes) bytes = NULL;
  struct stat st;
  int guard = -1;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
   * writer before fstat () could refuse it.  It changes nothing for a
   * regular file. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);
  if (fd < 0)
    {
      set_open_errno_error (error, path, errno);
      return NULL;
    }

  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;
      set_open_error (error, g_io_error_from_errno (saved_errno), path, g_strerror (saved_errno));
      close (fd);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      gboolean dir = S_ISDIR (st.st_mode);

      set_open_error (error, dir ? G_IO_ERROR_IS_DIRECTORY : G_IO_ERROR_NOT_REGULAR_FILE, path,
                      dir ? "it is a directory" : "it is not a regular file");
      close (fd);
      return NULL;
    }

  if (st.st_size > 0)
    {
      g_autofree char *display = g_filename_display_name (path);

      mapped = g_mapped_file_new_from_fd (fd, FALSE, error);
      if (mapped == NULL)
        {
          g_prefix_error (error, "Could not map “%s”: ", display);
          close (fd);
          return NULL;
        }
      bytes = g_mapped_file_get_bytes (mapped);
      guard = guard_register (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), display);
      if (guard < 0)
        {
          /* No slot left to guard it: a copy cannot fault. */
          g_clear_pointer (&bytes, g_bytes_unref);
          bytes = read_fd (fd, (gsize) st.st_size, path, error);
          if (bytes == NULL)
            {
              close (fd);
              return NULL;
            }
        }
    }
  else
    bytes = g_bytes_new (NULL, 0);

  self = g_object_new (MS_TYPE_MAPPING, NULL);
  self->bytes = g_steal_pointer (&bytes);
  self->guard = guard;
  /* Kept: ms_mapping_read () reads the very file that is mapped, even once
   * the path names another. */
  self->fd = fd;
  self->path = g_strdup (path);
  self->display_name = g_filename_display_name (path);
  stamp_from_stat (&self->stamp, &st);

  return g_steal_pointer (&self);
}

MsMapping *
ms_mapping_new_for_bytes (GBytes     *bytes,
                          const char *display_name)
{
  MsMapping *self;

  g_return_val_if_fail (bytes != NULL, NULL);

  self = g_object_new (MS_TYPE_MAPPING, NULL);
  self->bytes = g_bytes_ref (bytes);
  self->display_name = g_strdup (display_name ? display_name : "(memory)");
  return self;
}

const char *
ms_mapping_get_path (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), NULL);
  return self->path;
}

const char *
ms_mapping_get_display_name (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), NULL);
  return self->display_name;
}

const guint8 *
ms_mapping_get_data (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), NULL);
  return g_bytes_get_data (self->bytes, NULL);
}

gsize
ms_mapping_get_length (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), 0);
  return g_bytes_get_size (self->bytes);
}

GBytes *
ms_mapping_get_bytes (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), NULL);
  return self->bytes;
}

const MsFileStamp *
ms_mapping_get_stamp (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), NULL);
  return &self->stamp;
}

gboolean
ms_mapping_is_file (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), FALSE);
  return self->path != NULL;
}

/**
 * ms_mapping_view:
 *
 * Returns a pointer to @length bytes at @offset, or %NULL with an error when
 * the range leaves the mapping.  The check is written so that huge values
 * cannot overflow.
 */
const guint8 *
ms_mapping_view (MsMapping  *self,
                 goffset     offset,
                 gsize       length,
                 GError    **error)
{
  gsize size;

  g_return_val_if_fail (MS_IS_MAPPING (self), NULL);

  size = g_bytes_get_size (self->bytes);
  if (offset < 0 || (guint64) offset > size || length > size - (gsize) offset)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: %" G_GSIZE_FORMAT " bytes at offset %" G_GOFFSET_FORMAT
                   " run past the end of the file (%" G_GSIZE_FORMAT " bytes)",
                   self->display_name, length, offset, size);
      return NULL;
    }

  return (const guint8 *) g_bytes_get_data (self->bytes, NULL) + offset;
}

/**
 * ms_mapping_read:
 * @out: (out caller-allocates): @length bytes
 *
 * Copies bytes [@offset, @offset + @length) of the mapped file into @out
 * with pread () from the file that was mapped (the same inode, whatever
 * the path names now), or from memory for mappings of bytes.  A bulk pass
 * that reads the file once in order (a render's reduction) copies faster
 * than it can fault the mapping's pages in, one by one, on these machines
 * (bench/README.md, fourth round).  FALSE when the range is not inside
 * the mapping, or the file is now shorter (%MS_MAPPING_ERROR_CHANGED_ON_DISK):
 * read through the mapping then, whose guard turns lost pages into zeros
 * and marks it for ms_mapping_check ().
 */
gboolean
ms_mapping_read (MsMapping  *self,
                 goffset     offset,
                 gpointer    out,
                 gsize       length,
                 GError    **error)
{
  gsize size, done = 0;

  g_return_val_if_fail (MS_IS_MAPPING (self), FALSE);
  g_return_val_if_fail (out != NULL || length == 0, FALSE);

  size = g_bytes_get_size (self->bytes);
  if (offset < 0 || (guint64) offset > size || length > size - (gsize) offset)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: bytes %" G_GINT64_FORMAT " to %" G_GUINT64_FORMAT " are beyond its %"
                   G_GSIZE_FORMAT " bytes", self->display_name, (gint64) offset,
                   (guint64) offset + length, size);
      return FALSE;
    }
  if (self->fd < 0 || self->guard < 0)
    {
      /* Bytes in memory (or a copy made at open): nothing can fault. */
      memcpy (out, (const guint8 *) g_bytes_get_data (self->bytes, NULL) + offset, length);
      return TRUE;
    }

  while (done < length)
    {
      ssize_t n = pread (self->fd, (guint8 *) out + done, length - done, (off_t) offset + (off_t) done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "Could not read %s: %s",
                       self->display_name, g_strerror (saved_errno));
          return FALSE;
        }
      if (n == 0)
        {
          struct stat st;

          g_set_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK,
                       "%s changed on disk while it was being read (now %" G_GUINT64_FORMAT " bytes)",
                       self->display_name,
                       fstat (self->fd, &st) == 0 ? (guint64) st.st_size : (guint64) offset + done);
          return FALSE;
        }
      done += (gsize) n;
    }
  return TRUE;
}

/**
 * ms_mapping_is_intact:
 *
 * %FALSE once a read of the mapping found a page the file no longer has
 * (it shrank under us): what was read there is zeros, not the file.
 */
gboolean
ms_mapping_is_intact (MsMapping *self)
{
  g_return_val_if_fail (MS_IS_MAPPING (self), FALSE);
  return self->guard < 0 || !g_atomic_int_get (&guard_slots[self->guard].changed);
}

/**
 * ms_mapping_check:
 *
 * Turns a lost page into an error naming the file and its size now.
 */
gboolean
ms_mapping_check (MsMapping  *self,
                  GError    **error)
{
  struct stat st;
  g_autofree char *now = NULL;

  g_return_val_if_fail (MS_IS_MAPPING (self), FALSE);

  if (ms_mapping_is_intact (self))
    return TRUE;

  if (stat (self->path, &st) == 0)
    now = g_strdup_printf ("now %" G_GUINT64_FORMAT " bytes, was %" G_GSIZE_FORMAT,
                           (guint64) st.st_size, g_bytes_get_size (self->bytes));
  else
    now = g_strdup_printf ("now %s", g_strerror (errno));
  g_set_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK,
               "%s changed on disk while it was being read (%s); reload it",
               self->display_name, now);
  return FALSE;
}

gboolean
ms_mapping_check_all (GError **error)
{
  gint high = g_atomic_int_get (&guard_high);

  g_mutex_lock (&damaged_lock);
  if (damaged_gone != NULL && damaged_gone->len > 0)
    {
      g_set_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK,
                   "%s changed on disk while it was being read",
                   (const char *) g_ptr_array_index (damaged_gone, 0));
      g_mutex_unlock (&damaged_lock);
      return FALSE;
    }
  for (gint i = 0; i < high; i++)
    if (g_atomic_int_get (&guard_slots[i].state) == GUARD_LIVE &&
        g_atomic_int_get (&guard_slots[i].changed))
      {
        g_set_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK,
                     "%s changed on disk while it was being read",
                     guard_slots[i].name ? guard_slots[i].name : "A file");
        g_mutex_unlock (&damaged_lock);
        return FALSE;
      }
  g_mutex_unlock (&damaged_lock);
  return TRUE;
}
