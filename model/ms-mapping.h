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

G_END_DECLS
