/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-mapping.h"

G_BEGIN_DECLS

#define MS_SAVE_ERROR (ms_save_error_quark ())
typedef enum
{
  MS_SAVE_ERROR_CHANGED_ON_DISK,  /* the file is not the one that was opened */
  MS_SAVE_ERROR_VERIFY_FAILED,    /* what was read back is not what was written */
} MsSaveError;
GQuark ms_save_error_quark (void);

typedef enum
{
  MS_SAVE_FLAGS_NONE              = 0,
  MS_SAVE_FLAGS_OVERWRITE_CHANGED = 1 << 0,  /* replace the file even if it changed on disk */
} MsSaveFlags;

typedef struct _MsSaveStream MsSaveStream;

typedef gboolean (*MsSaveWriteFunc) (MsSaveStream  *stream,
                                     gpointer       user_data,
                                     GError       **error);

gboolean ms_save_stream_write       (MsSaveStream      *stream,
                                     const void        *data,
                                     gsize              length,
                                     GError           **error);
guint64  ms_save_stream_get_written (MsSaveStream      *stream);

gboolean ms_save_file               (const char        *path,
                                     const MsFileStamp *opened_as,
                                     MsSaveFlags        flags,
                                     MsSaveWriteFunc    write_func,
                                     gpointer           user_data,
                                     GCancellable      *cancellable,
                                     GError           **error);
gboolean ms_save_bytes              (const char        *path,
                                     const MsFileStamp *opened_as,
                                     MsSaveFlags        flags,
                                     GBytes            *bytes,
                                     GCancellable      *cancellable,
                                     GError           **error);
char    *ms_save_temp_path_for      (const char        *path,
                                     gint64             ticks);

G_END_DECLS
