/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What zones a layers folder holds: the server's {layer}.{id:0000}.bin
 * files grouped by zone id, each zone sized by the same rules as
 * ms_zone_new_for_dir().  Sizes are tiles; no coordinates here.
 */
#pragma once

#include <gio/gio.h>

#include "ms-zone-layer.h"

G_BEGIN_DECLS

typedef struct
{
  guint     id;
  guint     layers;         /* 1 << MsZoneLayer for each layer file present */
  guint     width;          /* 0 when the zone does not open (see problem) */
  guint     height;
  gboolean  terraformable;  /* as ms_zone_is_terraformable (): a blend file exists */
  char     *problem;        /* nullable: why the zone does not open, e.g. sizes disagree */
} MsZoneDirEntry;

void            ms_zone_dir_entry_free         (MsZoneDirEntry  *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsZoneDirEntry, ms_zone_dir_entry_free)

/* TRUE for a name the server would load, e.g. "plants.0042.bin" or
 * "control.12345.bin": the id zero-padded to 4 digits and no more
 * (Zone.CreateTerrainDataFilename's {id:0000}).  "plants.42.bin" and temp
 * files ("plants.0042.tmp123.bin") are not layer files. */
gboolean        ms_zone_parse_layer_filename   (const char      *basename,
                                                MsZoneLayer     *out_layer,
                                                guint           *out_id);

/* The ids of the zones with at least one layer file in @dir, ascending
 * (guint), without opening any; NULL with @error when the folder cannot be
 * read. */
GArray         *ms_zone_directory_list_ids     (const char      *dir,
                                                GError         **error);

/* The folders directly inside @dir that hold layer files themselves, by
 * name as a file manager sorts them ("b9" before "b10"): where to look when
 * @dir is the folder of a game's zone folders (zones/0070/, zones/0071/).
 * Empty when there are none; NULL with @error when @dir cannot be read. */
GStrv           ms_zone_directory_find_zone_folders (const char  *dir,
                                                     GError     **error);

/* MsZoneDirEntry, sorted by id.  A zone that does not open is listed with
 * its problem; only an unreadable folder fails the scan. */
GPtrArray      *ms_zone_directory_scan         (const char      *dir,
                                                GCancellable    *cancellable,
                                                GError         **error);
/* The same on a worker thread: folders may be on slow disks. */
void            ms_zone_directory_scan_async   (const char          *dir,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
GPtrArray      *ms_zone_directory_scan_finish  (GAsyncResult    *result,
                                                GError         **error);

G_END_DECLS
