/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A modal dialog that lists the zones of a layers folder (scanned on a
 * worker thread) and lets the user choose one.  Zones that do not open are
 * listed greyed, with the reason, and cannot be chosen.
 *
 * A folder with no zones but folders of zones inside (zones/0070/,
 * zones/0071/) says so and offers those folders; Other Folder… chooses
 * another.
 *
 * Use: ms_zone_picker_new (), connect "zone-chosen", gtk_window_present ().
 * The dialog destroys itself after "zone-chosen" and when closed (Cancel,
 * Escape), which also cancels a scan in progress.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MS_TYPE_ZONE_PICKER (ms_zone_picker_get_type ())
G_DECLARE_FINAL_TYPE (MsZonePicker, ms_zone_picker, MS, ZONE_PICKER, GtkWindow)

/* parent: nullable; the dialog is modal and transient for it.  The scan
 * starts at once.
 *
 * MsZonePicker::zone-chosen (const char *dir, guint zone_id): the user
 * chose an openable zone (double-click, Enter or Open); @dir is the folder
 * as given. */
MsZonePicker *ms_zone_picker_new        (GtkWindow    *parent,
                                         const char   *dir);
/* Lists the zones of @dir instead (a folder chosen with Other Folder…, or
 * one of the zone folders offered inside a folder of them). */
void          ms_zone_picker_set_dir    (MsZonePicker *self,
                                         const char   *dir);
const char   *ms_zone_picker_get_dir    (MsZonePicker *self);
/* TRUE until the scan (and the look one level down) has finished, or failed. */
gboolean      ms_zone_picker_is_loading (MsZonePicker *self);
/* The zones listed, as MsZoneDirEntry (ms-zone-directory.h), by id;
 * NULL while loading or after a failed scan. */
GPtrArray    *ms_zone_picker_get_entries (MsZonePicker *self);

G_END_DECLS
