/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What ms-save.c (one file) and ms-save-transaction.c (a set) share, and
 * the hooks tests use to fail or kill a save at any step.
 */
#pragma once

#include <nettle/sha2.h>

#include "ms-save.h"

G_BEGIN_DECLS

typedef enum
{
  MS_SAVE_FAULT_NONE,
  MS_SAVE_FAULT_WRITE,        /* write() fails with ENOSPC half-way */
  MS_SAVE_FAULT_FSYNC,        /* fsync() of the temporary file fails with EIO */
  MS_SAVE_FAULT_VERIFY,       /* the read-back sees its first byte flipped */
  MS_SAVE_FAULT_VERIFY_END,   /* the read-back sees the file's last byte flipped */
  MS_SAVE_FAULT_RENAME,       /* rename() fails with EXDEV */
  MS_SAVE_FAULT_RENAME_LAST,  /* the last rename of a transaction fails with EPERM */
} MsSaveFault;

void _ms_save_inject_fault_for_testing (MsSaveFault fault);
MsSaveFault _ms_save_get_fault (void);

/* A point where a crash must leave the files recoverable.  With
 * MAPSMITH_SAVE_CRASH_AT=N in the environment the Nth point reached in the
 * process kills it with SIGKILL, so tests can stop a save at every step. */
void _ms_save_crash_point (const char *step);

/* One file of a save, written and verified, not yet in place. */
typedef struct
{
  char        *path;       /* as the caller named it */
  char        *target;     /* what is replaced: @path with symlinks followed */
  char        *display;    /* @path for messages */
  char        *temp;       /* the verified new contents, beside @target */
  char        *old;        /* a hard link to the replaced file while committing */
  int          fd;         /* @temp, open and flock()ed so no cleaner takes it */
  guint64      size;
  char        *digest;     /* SHA-256 of the new contents, hex */
  gboolean     had_original;
  gboolean     renamed;
  gboolean     have_stamp;
  MsFileStamp  opened_as;
  MsSaveFlags  flags;
} MsSaveEntry;

MsSaveEntry *_ms_save_entry_prepare   (const char         *path,
                                       const MsFileStamp  *opened_as,
                                       MsSaveFlags         flags,
                                       MsSaveWriteFunc     write_func,
                                       gpointer            user_data,
                                       GCancellable       *cancellable,
                                       GError            **error);
/* Removes the temporary file unless it was renamed into place. */
void         _ms_save_entry_free      (MsSaveEntry        *entry);
gboolean     _ms_save_entry_check_unchanged (MsSaveEntry *entry,
                                             GError     **error);
gboolean     _ms_save_sync_folder_of  (const char         *path,
                                       const char         *display,
                                       GError            **error);
gboolean     _ms_save_set_errno_error (GError            **error,
                                       int                 saved_errno,
                                       const char         *display,
                                       const char         *step);
/* "new" or "old" companions of @target: .{name}.mapsmith-{kind}.{pid}.{ticks} */
char        *_ms_save_companion_path  (const char         *target,
                                       const char         *kind,
                                       gint64              ticks);
/* SHA-256 and size of a file's bytes as read from the disk. */
gboolean     _ms_save_digest_file     (const char         *path,
                                       const char         *display,
                                       char              **out_digest,
                                       guint64            *out_size,
                                       GCancellable       *cancellable,
                                       GError            **error);

/* The hex SHA-256 of what @ctx took (newly allocated). */
char        *_ms_save_sha256_hex      (struct sha256_ctx  *ctx);

/* A temporary file read back from the disk by a thread that follows its
 * writer (ms-save-read-back.c): advance () after each part written and
 * handed to writeback, finish () after the fsync. */
typedef struct _MsSaveReadBack MsSaveReadBack;

MsSaveReadBack *_ms_save_read_back_start   (const char      *path,
                                            const char      *display,
                                            int              write_fd,
                                            GCancellable    *cancellable);
void            _ms_save_read_back_advance (MsSaveReadBack  *read_back,
                                            guint64          flushed);
/* Reads what is left; the digest and size of all that was read. */
gboolean        _ms_save_read_back_finish  (MsSaveReadBack  *read_back,
                                            char           **out_digest,
                                            guint64         *out_size,
                                            GError         **error);
/* Stops the reader where it is, if it still runs. */
void            _ms_save_read_back_free    (MsSaveReadBack  *read_back);
/* FALSE: as when the system refuses a thread, finish () reads it all. */
void            _ms_save_read_back_use_thread_for_testing (gboolean use_thread);

G_END_DECLS
