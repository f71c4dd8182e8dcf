/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Copies of the layer files a save is about to replace.
 */
#pragma once

#include <gio/gio.h>

#include "ms-zone.h"

G_BEGIN_DECLS

/* g_get_user_data_dir ()/mapsmith/backups */
char     *ms_zone_backup_default_root (void);
/* Copies each dirty layer's file as it is on disk now (not as it was
 * opened: the server may have saved it since, and a forced save would lose
 * that) to {backup_root}/{zone folder name}-{id:0000}/{local time
 * YYYYMMDD-HHMMSS[-N]}/{layer file}, each through ms-save.  Meant for once
 * per session, before its first save.  backup_root: nullable, the default.
 * Returns the folder made, or NULL with no error when no dirty layer has a
 * file to copy. */
char     *ms_zone_backup_layers       (MsZone        *zone,
                                       const char    *backup_root,
                                       GCancellable  *cancellable,
                                       GError       **error);

G_END_DECLS
