/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Zone audit: a zone's layers checked against what the game server assumes
 * of them (docs/ZONE_LAYERS.md, docs/ZONE_LAYERS_NOTES.md) but never verifies, and
 * against the mistakes tools make writing them.  Pure functions over the
 * model; the findings are MsAuditFinding (ms-audit-finding.h) so the CLI
 * and the app's findings list treat them as the blueprint's.
 *
 * Locations are tiles (x, y), ROW-MAJOR: the first offending tile is the
 * first in the order index = y * width + x.
 */
#pragma once

#include "ms-audit-finding.h"
#include "ms-zone.h"
#include "ms-zone-region.h"

G_BEGIN_DECLS

/* The stable check ids, in the order findings are reported. */
#define MS_ZONE_AUDIT_ALTITUDE_TRANSPOSED      "altitude-transposed"
#define MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED    "altitude-slope-packed"
#define MS_ZONE_AUDIT_PLANT_NOT_ALLOWED        "plant-not-allowed"
#define MS_ZONE_AUDIT_PLANT_ON_BLOCKED         "plant-on-blocked"
#define MS_ZONE_AUDIT_TERRAFORM_PROTECTED      "terraform-protected-not-terraformable"
#define MS_ZONE_AUDIT_BLEND_RANGE              "blend-range"
#define MS_ZONE_AUDIT_ALTITUDE_OUTSIDE_BARRIER "altitude-outside-barrier"
#define MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS     "control-unknown-bits"
#define MS_ZONE_AUDIT_PLANT_TYPE_UNKNOWN       "plant-type-unknown"
#define MS_ZONE_AUDIT_BLOCKS_HEIGHT_NO_FLAG    "blocks-height-without-flag"

/* Control bits no TerrainControlFlags name: 32 and 2048..32768. */
#define MS_ZONE_CONTROL_UNKNOWN_BITS 0xf820u

/* The two whole-layer statistics, thresholds and all (see ms-zone-audit.c):
 *
 * altitude-transposed: r = |corr (A, M)| and r_t = |corr (A_t, M)|, where A
 * is the altitude as the server reads it, A_t the same bytes read x-outer
 * (tile (x, y) at index x * height + y) and M a reference mask from the
 * other layers — the Island blocking flag when it covers 0.5 %..99.5 % of
 * the tiles, else "any NonNaturally blocking flag or any control bit".  A
 * finding when r_t >= 0.5 and r_t > r + 0.15.
 *
 * altitude-slope-packed: over interior tiles whose raw altitude differs from
 * a 4-neighbour's, eta² — the share of the variance of the low 5 bits
 * (raw & 31) explained by grouping the tiles by the server's slope of
 * raw >> 5.  A finding when eta² >= 0.5 over at least 1000 such tiles. */
typedef struct
{
  gboolean transposed_checked;
  double   corr_read;         /* r */
  double   corr_transposed;   /* r_t */
  gboolean packed_checked;
  double   packed_eta2;
  guint64  packed_tiles;
} MsZoneAuditStats;

/* Whether the zone is terraformable is the server database's, not in any
 * layer file.  ZONE_LAYERS.md says only terraformable zones ship
 * altitude_blend, so AUTO takes the blend file's presence for it; YES and
 * NO are for a folder known to lack it or hold a stray one (the CLI's
 * --terraformable). */
typedef enum
{
  MS_ZONE_AUDIT_TERRAFORMABLE_AUTO,
  MS_ZONE_AUDIT_TERRAFORMABLE_YES,
  MS_ZONE_AUDIT_TERRAFORMABLE_NO,
} MsZoneAuditTerraformable;

typedef struct
{
  MsZoneAuditTerraformable terraformable;
} MsZoneAuditOptions;

/* MsAuditFinding*, one per check that found something, in check order;
 * each with its count of offending tiles and the first
 * MS_AUDIT_MAX_LOCATIONS of them, row-major (x, y) in scan order
 * y * width + x — except altitude-transposed, a whole-layer finding with
 * neither.  @options: nullable (all AUTO).  @stats: nullable, receives the
 * two statistics.  Fails only when cancelled. */
GPtrArray           *ms_zone_audit             (MsZone                   *zone,
                                                const MsZoneAuditOptions *options,
                                                MsZoneAuditStats         *stats,
                                                GCancellable             *cancellable,
                                                GError                  **error);
/* The tiles ms_zone_audit () finds offending @check (row-major spans),
 * by the same test tile by tile: all of them, where a finding lists the
 * first MS_AUDIT_MAX_LOCATIONS.  Empty for a whole-layer check
 * (altitude-transposed) or an unknown id.  (The two checks a whole-layer
 * statistic gates, altitude-slope-packed and blend-range, give their tiles
 * whether or not the statistic made them a finding.)  NULL only when
 * cancelled. */
MsZoneRegion        *ms_zone_audit_get_region  (MsZone                   *zone,
                                                const MsZoneAuditOptions *options,
                                                const char               *check,
                                                GCancellable             *cancellable,
                                                GError                  **error);
/* The tiles of @check in @zone that are not in @before, the same zone
 * before an edit (its files as they were, opened again): the tiles the
 * edit made offend.  Same sizes. */
MsZoneRegion        *ms_zone_audit_get_added_region (MsZone                   *zone,
                                                     MsZone                   *before,
                                                     const MsZoneAuditOptions *options,
                                                     const char               *check,
                                                     GCancellable             *cancellable,
                                                     GError                  **error);

/* A finding an edit added, or whose offending tiles it made more. */
typedef struct
{
  const char      *check;      /* static, as MsAuditFinding's */
  MsAuditSeverity  severity;
  guint64          before;     /* its tiles before the edit; 0: not found then */
  guint64          after;      /* ... and after; 0 for a whole-layer finding */
} MsZoneAuditChange;

/* The findings of @after (an audit after an edit) that @before (the audit
 * before it) lacks or counts fewer tiles of, in @after's order
 * (MsZoneAuditChange); empty when the edit added none.  Either may be NULL
 * (no findings). */
GArray              *ms_zone_audit_compare     (GPtrArray                *before,
                                                GPtrArray                *after);
/* "error plant-not-allowed: 898 tiles" (", 10 before" when it grew), for
 * the CLI's stderr and the app's question before a save. */
char                *ms_zone_audit_describe_change (const MsZoneAuditChange *change);

/* Every check id, %NULL-terminated. */
const char * const  *ms_zone_audit_get_checks  (void);

G_END_DECLS
