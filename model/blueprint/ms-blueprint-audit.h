/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Audit: a blueprint checked against the invariants docs/BLUEPRINT_FORMAT.md
 * states but the reader does not enforce (they hold "by construction" in the
 * generator, so a file that breaks one was made by a broken generator).
 */
#pragma once

#include "ms-audit-finding.h"
#include "ms-blueprint.h"

G_BEGIN_DECLS

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
/* Every check id, in the order findings are reported; %NULL-terminated. */
const char * const  *ms_audit_get_checks           (void);

GPtrArray           *ms_blueprint_audit            (MsBlueprint     *blueprint,
                                                    GCancellable    *cancellable,
                                                    GError         **error);
/* Opens @path and audits it: how many findings are errors and warnings
 * (the `stats` row's audit.errors and audit.warnings). */
gboolean             ms_blueprint_audit_counts     (const char      *path,
                                                    MsProfile       *profile,
                                                    guint           *errors,
                                                    guint           *warnings,
                                                    GCancellable    *cancellable,
                                                    GError         **error);
/* Whether pixel (x, y) is one the finding is about, for showing it: the
 * pixel-wise checks test the pixel itself; the water-table, id-order and
 * connectivity checks mark the water body at the finding's location.
 * Checks about points or fields mark no pixel. */
gboolean             ms_audit_finding_marks_pixel  (MsBlueprint          *blueprint,
                                                    const MsAuditFinding *finding,
                                                    guint                 x,
                                                    guint                 y);

/* For the tests: the audit without its fast path for quiet blocks of
 * pixels (TRUE again after), whose findings must be the same. */
void _ms_blueprint_audit_set_quiet_blocks (gboolean enabled);

G_END_DECLS
