/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Offers the autosave journals (ms-zone-journal.h) a crash left behind:
 * which zone, when, how many tiles, and whether the layer files changed
 * on disk since.  Recover hands a journal to the caller, Discard deletes
 * it after a confirmation, Later closes and keeps them all for next time.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MS_TYPE_RECOVERY_DIALOG (ms_recovery_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MsRecoveryDialog, ms_recovery_dialog, MS, RECOVERY_DIALOG, GtkWindow)

/* journals: MsZoneJournalInfo, as from ms_zone_journal_list (); a ref is
 * taken.  parent: nullable; the dialog is modal and transient for it.
 *
 * MsRecoveryDialog::recover (const char *journal_path, const char *dir,
 * guint zone_id): open the zone in @dir, call ms_zone_journal_apply ()
 * with @journal_path (one undoable step) and attach an MsZoneAutosave,
 * which takes the journal over.  The journal is left on disk; its row
 * leaves the list, and the dialog closes when the list is empty. */
MsRecoveryDialog *ms_recovery_dialog_new       (GtkWindow        *parent,
                                                GPtrArray        *journals);
/* At startup: lists the journals and presents a dialog when there are
 * any; returns it (owned by GTK, destroyed when closed) so the caller can
 * connect "recover", else NULL.  Once per @app: later calls return NULL. */
MsRecoveryDialog *ms_recovery_dialog_offer     (GtkApplication   *app,
                                                GtkWindow        *parent);
/* The journals still listed, MsZoneJournalInfo in list order. */
GPtrArray        *ms_recovery_dialog_get_journals (MsRecoveryDialog *self);

G_END_DECLS
