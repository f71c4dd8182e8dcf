/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What `mapsmith-cli … --json` prints, one function per model struct
 * (ms-cli-json.c).  Each returns a new node; ms_cli_print_json () prints
 * one and frees it.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "ms-blueprint.h"
#include "ms-blueprint-audit.h"
#include "ms-blueprint-diff.h"
#include "ms-blueprint-summary.h"
#include "ms-path-profile.h"
#include "ms-terrain-analysis.h"
#include "ms-zone.h"
#include "ms-zone-directory.h"
#include "ms-zone-journal.h"

G_BEGIN_DECLS

/* What `zone info` counts over every tile (row-major). */
typedef struct
{
  guint64 control[16];  /* tiles per control bit */
  guint64 blocks[8];    /* tiles per blocking bit */
  guint64 live;         /* tiles with a plant */
  guint   spawn_min, spawn_max;
  guint64 spawn_sum, spawn_zero;
  guint   alt_min, alt_max;
} MsCliZoneStats;

void      ms_cli_print_json          (JsonNode                 *root);  /* (transfer full) */

/* JsonBuilder members; a double that is NaN or infinite becomes null. */
void      ms_cli_json_add_double     (JsonBuilder              *builder,
                                      const char               *key,
                                      double                    value);
void      ms_cli_json_add_int        (JsonBuilder              *builder,
                                      const char               *key,
                                      gint64                    value);
void      ms_cli_json_add_string     (JsonBuilder              *builder,
                                      const char               *key,
                                      const char               *value);

JsonNode *ms_cli_json_blueprint_info (MsBlueprint              *blueprint,
                                      const MsBlueprintSummary *summary);
JsonNode *ms_cli_json_terrain_analysis (const MsTerrainAnalysis *analysis);
/* Audit findings (MsAuditFinding*), of a blueprint or a zone. */
JsonNode *ms_cli_json_audit          (GPtrArray                *findings);
JsonNode *ms_cli_json_diff           (MsBlueprint              *a,
                                      MsBlueprint              *b,
                                      const MsBlueprintDiff    *diff);
JsonNode *ms_cli_json_zone_info      (MsZone                   *zone,
                                      const MsCliZoneStats     *stats);
/* MsZoneDirEntry* */
JsonNode *ms_cli_json_zone_list      (GPtrArray                *entries);
JsonNode *ms_cli_json_journal        (const MsZoneJournalInfo  *info);
/* MsZoneJournalInfo* */
JsonNode *ms_cli_json_journal_list   (GPtrArray                *infos);
/* `profile` and `zone profile`; @zone adds each sample's server slope. */
JsonNode *ms_cli_json_path_profile   (const MsPathProfile      *profile,
                                      double                    step,
                                      gboolean                  zone);

G_END_DECLS
