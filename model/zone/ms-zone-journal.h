/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A journal of a zone's unsaved edits, written now and then so that a
 * crash loses nothing: every tile whose edited value differs from the
 * layer file on disk, by 64x64 chunk, with the stamp of each layer file it
 * was taken against.  Tiles are ROW-MAJOR (tile (x, y) is y * width + x).
 *
 * The file (little-endian, version 1):
 *
 *   "MSZJRNL1"                 8 bytes
 *   u64 time                   µs since 1970-01-01 UTC
 *   u32 zone id, u32 width, u32 height
 *   u32 D, D bytes             the zone's absolute folder, no NUL
 *   u32 L, then L layer records, one per layer edited since its last save:
 *     u8 layer (MsZoneLayer), u8 file exists,
 *     u64 device, u64 inode, u64 size, i64 mtime_ns   (MsFileStamp)
 *     u32 C, then C chunk records, by increasing chunk index:
 *       u32 chunk              row-major over the zone's 64x64 chunks
 *       512 bytes              bit i (byte i / 8, bit i % 8) set: tile
 *                              (i % 64, i / 64) of the chunk is journaled
 *       n × bytes per tile     those tiles' values, in bit order (control
 *                              always 2 bytes, as held in memory)
 *   32 bytes                   SHA-256 of every byte before it
 */
#pragma once

#include <gio/gio.h>

#include "ms-zone.h"

G_BEGIN_DECLS

#define MS_ZONE_JOURNAL_ERROR (ms_zone_journal_error_quark ())
typedef enum
{
  MS_ZONE_JOURNAL_ERROR_CORRUPT,   /* not a journal, truncated, or a bad checksum */
  MS_ZONE_JOURNAL_ERROR_MISMATCH,  /* the journal is of another zone or size */
} MsZoneJournalError;
GQuark ms_zone_journal_error_quark (void);

typedef struct
{
  char     *path;             /* of the journal */
  char     *dir;              /* the zone's folder; NULL when problem is set */
  guint     zone_id;
  guint     width;
  guint     height;
  gint64    time_us;          /* when it was written, µs since the Unix epoch */
  guint     layers;           /* 1 << MsZoneLayer per layer with journaled tiles */
  guint64   n_tiles;          /* over all layers */
  gboolean  changed_on_disk;  /* a layer with tiles is no longer the file they were taken against */
  char     *problem;          /* ms_zone_journal_list () only: why it could not be read */
} MsZoneJournalInfo;

void               ms_zone_journal_info_free    (MsZoneJournalInfo  *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsZoneJournalInfo, ms_zone_journal_info_free)

/* Editing thread only.  Writes through ms-save (atomic, verified).
 * @n_tiles: nullable, receives the count of tiles journalled. */
gboolean           ms_zone_journal_write        (MsZone             *zone,
                                                 const char         *path,
                                                 guint64            *n_tiles,
                                                 GError            **error);
MsZoneJournalInfo *ms_zone_journal_read_info    (const char         *path,
                                                 GError            **error);
/* Writes the journal's tiles into @zone as one undo step, so the recovered
 * state is dirty and undoable.  @zone must have the journal's id, size
 * and folder (compared canonically, symlinks resolved; a journal's folder
 * is always absolute and canonical).  Checks everything before it changes
 * anything.  Does not refuse files changed on disk: each tile is written
 * over whatever the file now holds, and info's changed_on_disk lets the
 * caller ask first. */
gboolean           ms_zone_journal_apply        (MsZone             *zone,
                                                 const char         *path,
                                                 GError            **error);
/* g_get_user_state_dir ()/mapsmith/journal/{folder name}-{id:0000}-{hash of
 * the absolute folder}.mszj */
char              *ms_zone_journal_default_path (MsZone             *zone);
/* The journal folder's *.mszj as MsZoneJournalInfo, sorted by path; a
 * journal that cannot be read is listed with its problem. */
GPtrArray         *ms_zone_journal_list         (GError            **error);

G_END_DECLS
