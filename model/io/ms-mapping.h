/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Who the file on disk was when it was opened: a later save compares this
 * with what is on disk then, because another program (the game server, a
 * generator) may have replaced the file in the meantime. */
typedef struct
{
  gboolean exists;
  guint64  device;
  guint64  inode;
  guint64  size;
  gint64   mtime_ns;
} MsFileStamp;

gboolean ms_file_stamp_read  (MsFileStamp       *stamp,
                              const char        *path,
                              GError           **error);
gboolean ms_file_stamp_equal (const MsFileStamp *a,
                              const MsFileStamp *b);

#define MS_MAPPING_ERROR (ms_mapping_error_quark ())
typedef enum
{
  MS_MAPPING_ERROR_CHANGED_ON_DISK,  /* the file shrank under the mapping while it was read */
} MsMappingError;
GQuark ms_mapping_error_quark (void);

#define MS_TYPE_MAPPING (ms_mapping_get_type ())
G_DECLARE_FINAL_TYPE (MsMapping, ms_mapping, MS, MAPPING, GObject)

MsMapping         *ms_mapping_new_for_path  (const char  *path,
                                             GError     **error);
MsMapping         *ms_mapping_new_for_bytes (GBytes      *bytes,
                                             const char  *display_name);
const char        *ms_mapping_get_path      (MsMapping   *self);
const char        *ms_mapping_get_display_name (MsMapping *self);
const guint8      *ms_mapping_get_data      (MsMapping   *self);
gsize              ms_mapping_get_length    (MsMapping   *self);
GBytes            *ms_mapping_get_bytes     (MsMapping   *self);
const MsFileStamp *ms_mapping_get_stamp     (MsMapping   *self);
gboolean           ms_mapping_is_file       (MsMapping   *self);
const guint8      *ms_mapping_view          (MsMapping   *self,
                                             goffset      offset,
                                             gsize        length,
                                             GError     **error);

/* Copies a range of the mapped file with pread () (see ms-mapping.c). */
gboolean           ms_mapping_read          (MsMapping   *self,
                                             goffset      offset,
                                             gpointer     out,
                                             gsize        length,
                                             GError     **error);
/* A file that shrinks while mapped (truncated, rewritten in place) would
 * kill the process with SIGBUS on the next read of a lost page.  Every file
 * mapping is guarded: such a read sees zeros instead and marks the mapping,
 * and these turn the mark into an error.  Call ms_mapping_check () after
 * reading and before trusting (or saving) what was read. */
gboolean           ms_mapping_is_intact     (MsMapping   *self);
gboolean           ms_mapping_check         (MsMapping   *self,
                                             GError     **error);
/* Has any mapping of this process lost pages?  For a command-line tool's
 * last check before it reports success; names the first such file. */
gboolean           ms_mapping_check_all     (GError     **error);

G_END_DECLS
