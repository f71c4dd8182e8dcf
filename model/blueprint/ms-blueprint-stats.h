/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "ms-blueprint.h"
#include "ms-profile.h"

G_BEGIN_DECLS

/* One blueprint's figures for comparing seeds (`mapsmith-cli stats`, the
 * seed gallery): the names and definitions of issue #38, in one place, so
 * that JSON, CSV and the gallery's table show the same numbers.
 *
 * A row is a list of figures in a fixed order, each named by a dotted key
 * ("land_pct", "height.p5", "biome_pct.3", "towns.by_tier.0"): a part of
 * digits is an array index.  The list has the same keys for every file
 * read with the same profile, so CSV columns line up; a file that could
 * not be read has its error and null figures. */
typedef enum
{
  MS_STAT_NULL,
  MS_STAT_INT,
  MS_STAT_DOUBLE,
  MS_STAT_STRING,
} MsStatKind;

typedef struct
{
  char       *key;
  MsStatKind  kind;
  gint64      i;
  double      d;
  char       *s;
} MsStat;

typedef struct _MsBlueprintStats MsBlueprintStats;

typedef enum
{
  MS_STATS_DEFAULT = 0,
  MS_STATS_AUDIT = 1 << 0,   /* run the audit for audit.errors/warnings (else null) */
  MS_STATS_OVERVIEW = 1 << 1, /* keep the summary's overview (the gallery's thumbnail) */
} MsStatsFlags;

/* Measures @path in one fused pass (ms_blueprint_summarize_path_full ()).
 * @metres_per_pixel: a pixel's size for coastline_m and roads_m; 0 for
 * 8192 m a world (8192 / map_size).  A file that cannot be read gives
 * stats with its error (the reader's message: file, section, offset);
 * NULL only when @cancellable was cancelled, with @error set. */
MsBlueprintStats *ms_blueprint_stats_measure    (const char        *path,
                                                 MsProfile         *profile,
                                                 double             metres_per_pixel,
                                                 MsStatsFlags       flags,
                                                 GCancellable      *cancellable,
                                                 GError           **error);
void              ms_blueprint_stats_free       (MsBlueprintStats  *stats);

/* Fills audit.errors and audit.warnings of stats measured without
 * MS_STATS_AUDIT (the gallery shows the other figures first): the file is
 * opened again.  Nothing to do for an error row. */
gboolean          ms_blueprint_stats_audit      (MsBlueprintStats  *stats,
                                                 MsProfile         *profile,
                                                 GCancellable      *cancellable,
                                                 GError           **error);

/* Sets audit.errors and audit.warnings (an audit run elsewhere: the
 * gallery's worker audits, the main thread owns the row). */
void              ms_blueprint_stats_set_audit  (MsBlueprintStats  *stats,
                                                 guint              errors,
                                                 guint              warnings);

/* The hypsometric curve in raw heights (MsBlueprintSummary.hypsometric:
 * entry i the height at or above which i % of the area lies), or NULL for
 * a file without finite heights. */
const double     *ms_blueprint_stats_get_curve  (MsBlueprintStats  *stats,
                                                 guint             *n_entries);

/* MS_STATS_OVERVIEW: MsBlueprintSummary's overview_means (row-major over
 * cells of @cell × @cell pixels, @width × @height of them) and their
 * counts; NULL for an error row or without the flag. */
const float      *ms_blueprint_stats_get_overview (MsBlueprintStats *stats,
                                                   guint            *cell,
                                                   guint            *width,
                                                   guint            *height,
                                                   const guint32   **counts);

/* The row's figures in order, "file" first. */
guint             ms_blueprint_stats_get_n_fields (MsBlueprintStats *stats);
const MsStat     *ms_blueprint_stats_get_field  (MsBlueprintStats  *stats,
                                                 guint              index);
/* The keys of every row read with @profile, in order. */
GStrv             ms_blueprint_stats_get_keys   (MsProfile         *profile);
/* The key a filter's name stands for: a key itself, a short name ("land",
 * "lakes", "p50", "coast", "errors"; see the .c), or a biome's or town
 * tier's name in lower case with underscores for spaces ("snowy_peaks");
 * NULL for a name that is none of these.  Case does not matter. */
char             *ms_blueprint_stats_resolve_name (MsProfile       *profile,
                                                   const char      *name);

/* NULL when the file was read. */
const char       *ms_blueprint_stats_get_error  (MsBlueprintStats  *stats);
/* The figure named @key, or NULL for a key the row does not have. */
const MsStat     *ms_blueprint_stats_lookup     (MsBlueprintStats  *stats,
                                                 const char        *key);

/* One JSON object (`stats --json` prints one a line): the dotted keys
 * nested; an error row's groups (height, biome_pct, …) are null. */
JsonNode         *ms_blueprint_stats_to_json    (MsBlueprintStats  *stats);
/* The CSV header for rows read with @profile (the keys, comma-separated,
 * no newline), and one row under it (RFC 4180 quoting; null is empty). */
char             *ms_blueprint_stats_csv_header (MsProfile         *profile);
char             *ms_blueprint_stats_to_csv     (MsBlueprintStats  *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsBlueprintStats, ms_blueprint_stats_free)

G_END_DECLS
