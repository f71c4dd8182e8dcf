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
  MS_SAVE_ERROR_READ_ONLY,        /* the file is read-only, or would lose its owner */
  MS_SAVE_ERROR_RECOVERY,         /* an interrupted save could not be finished or undone */
} MsSaveError;
GQuark ms_save_error_quark (void);

typedef enum
{
  MS_SAVE_FLAGS_NONE              = 0,
  MS_SAVE_FLAGS_OVERWRITE_CHANGED = 1 << 0,  /* replace the file even if it changed on disk */
  /* replace a read-only file, or one whose owner cannot be kept */
  MS_SAVE_FLAGS_OVERWRITE_READ_ONLY = 1 << 1,
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

/* One file, replaced atomically: a transaction of one. */
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
/* .{name}.mapsmith-new.{pid}.{ticks} beside the file @path resolves to. */
char    *ms_save_temp_path_for      (const char        *path,
                                     gint64             ticks);

/* Several files replaced as one edit (ms-save-transaction.c).  Each
 * ms_save_transaction_add() writes and verifies one new file beside its
 * target; commit replaces them all under an intent record at
 * @record_path, so that after a crash at any instant
 * ms_save_transaction_recover() either finishes or undoes the whole set.
 * Freeing an uncommitted transaction removes its temporary files. */
typedef struct _MsSaveTransaction MsSaveTransaction;

MsSaveTransaction *ms_save_transaction_new     (const char        *record_path);
void               ms_save_transaction_free    (MsSaveTransaction *self);
gboolean           ms_save_transaction_add     (MsSaveTransaction *self,
                                                const char        *path,
                                                const MsFileStamp *opened_as,
                                                MsSaveFlags        flags,
                                                MsSaveWriteFunc    write_func,
                                                gpointer           user_data,
                                                GCancellable      *cancellable,
                                                GError           **error);
guint              ms_save_transaction_get_n_files (MsSaveTransaction *self);
gboolean           ms_save_transaction_commit  (MsSaveTransaction *self,
                                                GError           **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsSaveTransaction, ms_save_transaction_free)

/* Finishes or undoes the save that @record_path records, if any.
 * @out_note: (nullable): receives what was done, for people, or %NULL when
 * there was nothing to do. */
gboolean           ms_save_transaction_recover (const char        *record_path,
                                                char             **out_note,
                                                GError           **error);
/* Removes this program's temporary files and replaced-file links of @path
 * left by a save that died (their process is gone); returns how many. */
guint              ms_save_remove_stale_files  (const char        *path);

G_END_DECLS
