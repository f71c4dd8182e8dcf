/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Journals a zone's unsaved edits (ms-zone-journal.h) while it is edited,
 * so that a crash loses at most a few seconds of painting.  After each
 * MsZone::changed a write is scheduled: debounce-ms after the last change,
 * and no later than max-interval-ms after the first unjournaled one, so
 * continuous painting is journaled too.  When the zone matches its files
 * again (saved, or undone back to what is on disk) the journal is removed.
 *
 * Main thread (the zone's editing thread) only: the writes run in timeouts
 * of the thread-default main context at creation.  No coordinates here.
 */
#pragma once

#include <gio/gio.h>

#include "ms-zone.h"

G_BEGIN_DECLS

#define MS_ZONE_AUTOSAVE_DEFAULT_DEBOUNCE_MS     2000
#define MS_ZONE_AUTOSAVE_DEFAULT_MAX_INTERVAL_MS 30000

#define MS_TYPE_ZONE_AUTOSAVE (ms_zone_autosave_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneAutosave, ms_zone_autosave, MS, ZONE_AUTOSAVE, GObject)

/* path: nullable, ms_zone_journal_default_path (zone).  A journal already
 * at @path is taken over: the first write replaces it, so offer recovery
 * (ms-recovery-dialog.h) before attaching an autosave to that zone.
 * Disposing the autosave writes a pending journal first and otherwise
 * leaves the journal where it is (closing with unsaved edits keeps them
 * recoverable; call _discard () for a deliberate "Discard"). */
MsZoneAutosave *ms_zone_autosave_new           (MsZone          *zone,
                                                const char      *path);
MsZone         *ms_zone_autosave_get_zone      (MsZoneAutosave  *self);
const char     *ms_zone_autosave_get_path      (MsZoneAutosave  *self);
/* Milliseconds; both > 0.  For tests and settings; applies to the next change. */
void            ms_zone_autosave_set_intervals (MsZoneAutosave  *self,
                                                guint            debounce_ms,
                                                guint            max_interval_ms);
/* A write scheduled and not yet done. */
gboolean        ms_zone_autosave_is_pending    (MsZoneAutosave  *self);
/* Writes the journal now (or removes it when nothing differs from the
 * files).  Fails while a step (brush stroke) is open. */
gboolean        ms_zone_autosave_flush         (MsZoneAutosave  *self,
                                                GError         **error);
/* Removes the journal and cancels a pending write; a later change
 * journals again.  A journal already gone is not an error. */
gboolean        ms_zone_autosave_discard       (MsZoneAutosave  *self,
                                                GError         **error);
/* The last scheduled write's failure, NULL after a success; notify::error
 * says when it changes.  Failures never stop later tries. */
const GError   *ms_zone_autosave_get_error     (MsZoneAutosave  *self);

G_END_DECLS
