/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read-only view of one file's bytes.  Files are memory-mapped, so opening
 * even a 4 GiB blueprint costs address space, not heap; pages are read in by
 * the kernel as views touch them.  In-memory data (the embedded demo, the
 * fuzzer's inputs) goes through the same object so readers have one path.
 */
#define G_LOG_DOMAIN "ms-mapping"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
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
};

G_DEFINE_FINAL_TYPE (MsMapping, ms_mapping, G_TYPE_OBJECT)

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
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  fd = g_open (path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not open “%s”: %s", path, g_strerror (saved_errno));
      return NULL;
    }

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   "Could not open “%s”: %s", path,
                   saved_errno ? g_strerror (saved_errno) : "not a regular file");
      close (fd);
      return NULL;
    }

  mapped = g_mapped_file_new_from_fd (fd, FALSE, error);
  close (fd);
  if (mapped == NULL)
    {
      g_prefix_error (error, "Could not map “%s”: ", path);
      return NULL;
    }

  self = g_object_new (MS_TYPE_MAPPING, NULL);
  self->bytes = g_mapped_file_get_bytes (mapped);
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
