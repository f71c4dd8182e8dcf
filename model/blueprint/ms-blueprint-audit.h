/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Audit: a blueprint checked against the invariants docs/BLUEPRINT_FORMAT.md
 * states but the reader does not enforce (they hold "by construction" in the
 * generator, so a file that breaks one was made by a broken generator).
 */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

typedef enum
{
  MS_AUDIT_SEVERITY_WARNING,
  MS_AUDIT_SEVERITY_ERROR,
} MsAuditSeverity;

/* The stable check ids. */
#define MS_AUDIT_WATER_BIOME_MISMATCH   "water-biome-mismatch"
#define MS_AUDIT_WATER_SURFACE_MISMATCH "water-surface-mismatch"
#define MS_AUDIT_WATER_TABLE_MISMATCH   "water-table-mismatch"
#define MS_AUDIT_WATER_ID_ORDER         "water-id-order"
#define MS_AUDIT_WATER_CONNECTIVITY     "water-connectivity"
#define MS_AUDIT_HEIGHT_NONFINITE       "height-nonfinite"
#define MS_AUDIT_TOWN_OUT_OF_BOUNDS     "town-out-of-bounds"
#define MS_AUDIT_ROAD_OUT_OF_BOUNDS     "road-out-of-bounds"
#define MS_AUDIT_SEED_FILENAME_MISMATCH "seed-filename-mismatch"
#define MS_AUDIT_CURVE_PARAMS           "curve-params"

/* A check reports at most one finding, summing every offence: @count is the
 * number of offending pixels (towns or road points for the two
 * out-of-bounds checks, whose points lie off the map and so have no
 * location), and (@x, @y) the first offending pixel in scan order (X outer,
 * Y inner), in file coordinates. */
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
/* Every check id, in the order findings are reported; %NULL-terminated. */
const char * const  *ms_audit_get_checks           (void);

GPtrArray           *ms_blueprint_audit            (MsBlueprint     *blueprint,
                                                    GCancellable    *cancellable,
                                                    GError         **error);
guint                ms_audit_count_severity       (GPtrArray       *findings,
                                                    MsAuditSeverity  severity);
/* Whether pixel (x, y) is one the finding is about, for showing it: the
 * pixel-wise checks test the pixel itself; the water-table, id-order and
 * connectivity checks mark the water body at the finding's location.
 * Checks about points or fields mark no pixel. */
gboolean             ms_audit_finding_marks_pixel  (MsBlueprint          *blueprint,
                                                    const MsAuditFinding *finding,
                                                    guint                 x,
                                                    guint                 y);

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
