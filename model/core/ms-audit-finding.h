/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Findings: what the blueprint audit (ms-blueprint-audit.h) and the zone
 * audit (ms-zone-audit.h) report, so that the CLI and the app's findings
 * lists treat both alike, and the running of either in a thread.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  MS_AUDIT_SEVERITY_WARNING,
  MS_AUDIT_SEVERITY_ERROR,
} MsAuditSeverity;

/* How many offending locations a finding lists beyond its count. */
#define MS_AUDIT_MAX_LOCATIONS 16

typedef struct
{
  guint x, y;
} MsAuditLocation;

typedef struct
{
  MsAuditSeverity  severity;
  const char      *check;        /* one of the MS_AUDIT_* ids (static) */
  char            *message;
  gboolean         has_location;
  guint            x;
  guint            y;
  guint64          count;
  /* The first n_locations offending locations in scan order, locations[0]
   * being (x, y); 0 where the check lists only (x, y) (the blueprint's). */
  guint            n_locations;
  MsAuditLocation  locations[MS_AUDIT_MAX_LOCATIONS];
} MsAuditFinding;

void                 ms_audit_finding_free         (MsAuditFinding  *finding);
const char          *ms_audit_severity_to_string   (MsAuditSeverity  severity);
guint                ms_audit_count_severity       (GPtrArray       *findings,
                                                    MsAuditSeverity  severity);

/* An audit of @subject: MsAuditFinding*, or NULL and @error. */
typedef GPtrArray *(*MsAuditFunc) (gpointer       subject,
                                   GCancellable  *cancellable,
                                   GError       **error);

/* Runs @func on @subject (a GObject, kept until done) in a thread; the
 * windows audit so as a file opens.  @source_object: the callback's. */
void                 ms_audit_run_async            (gpointer              source_object,
                                                    gpointer              subject,
                                                    MsAuditFunc           func,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
/* (transfer full): the findings, or NULL and @error (G_IO_ERROR_CANCELLED
 * when cancelled). */
GPtrArray           *ms_audit_run_finish           (GAsyncResult         *result,
                                                    GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsAuditFinding, ms_audit_finding_free)

G_END_DECLS
