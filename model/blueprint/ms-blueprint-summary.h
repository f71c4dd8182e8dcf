/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-blueprint.h"
#include "ms-road-path.h"

G_BEGIN_DECLS

typedef struct
{
  guint   paths;
  guint64 points;
  double  length;   /* sum of segment lengths, in pixels */
} MsRoadSummary;

/* What a summary computes beyond `info`'s figures (`stats`, the gallery). */
typedef enum
{
  MS_SUMMARY_BASIC = 0,
  MS_SUMMARY_PERCENTILES = 1 << 0,
  MS_SUMMARY_COAST = 1 << 1,
  MS_SUMMARY_OVERVIEW = 1 << 2,
} MsSummaryFlags;

/* MS_SUMMARY_OVERVIEW's cells are at most this many a side: the render
 * pyramid's tile size, whose top tile they are. */
#define MS_SUMMARY_OVERVIEW_CELLS 256

#define MS_SUMMARY_N_PERCENTILES 3   /* 5, 50, 95 */
#define MS_SUMMARY_N_CURVE 101       /* 0 %, 1 %, … 100 % of the area above */

/* Figures over a whole blueprint, shared by `info`, `stats`, the app's
 * metadata panel and the comparison table. */
typedef struct
{
  guint64        finite_heights;
  guint64        nonfinite_heights;
  double         height_min;     /* over finite heights; NAN if there are none */
  double         height_max;
  double         height_mean;

  guint          n_biomes;       /* the profile's count */
  guint64       *biome_counts;   /* n_biomes entries */

  guint          n_towns;
  guint          n_highway_nodes;
  guint          n_tiers;        /* the profile's count */
  guint         *towns_by_tier;  /* n_tiers entries */

  MsRoadSummary  roads[MS_N_ROAD_TIERS];

  gboolean       has_water;      /* WBID present */
  guint          water_bodies;   /* distinct nonzero ids in WBID */
  guint          water_lakes;    /* distinct ids >= 2 */
  guint64        water_pixels;

  /* MS_SUMMARY_PERCENTILES: the 5th, 50th and 95th nearest-rank
   * percentiles of the finite heights (the smallest h with at least N %
   * of them ≤ h); NAN without finite heights. */
  gboolean       has_percentiles;
  double         height_percentiles[MS_SUMMARY_N_PERCENTILES];
  guint          percentile_passes;  /* over HGTS: 1, or 2 when the sampled guess missed */
  /* The hypsometric curve, also with MS_SUMMARY_PERCENTILES: entry i is
   * the height at or above which i % of the finite heights lie (entry 0 the
   * maximum, entry 100 the minimum), read off the main pass's histogram of
   * the heights' top 16 key bits, so to within 1/128 of the height (the
   * lower edge of its bin, clamped to the range); NAN without heights. */
  double         hypsometric[MS_SUMMARY_N_CURVE];

  /* WBID present, or the profile names an ocean biome. */
  gboolean       has_ocean;
  /* MS_SUMMARY_COAST, where has_ocean: pixels of the ocean (WBID 1, or the
   * ocean biome without WBID), and 4-neighbour pairs of one ocean pixel
   * and one land pixel (land: WBID 0, or a biome that is not water). */
  gboolean       has_coast;
  guint64        ocean_pixels;
  guint64        coast_pairs;

  /* MS_SUMMARY_OVERVIEW: the map in cells of overview_cell × overview_cell
   * pixels, the smallest power of two that leaves at most
   * MS_SUMMARY_OVERVIEW_CELLS a side (the render pyramid's top level): each
   * cell the mean of its finite heights (NAN without) and how many there
   * are, row-major over cells (index cy × overview_width + cx).  The
   * gallery's thumbnail, made in the same pass as the figures. */
  guint          overview_cell;
  guint          overview_width, overview_height;
  float         *overview_means;
  guint32       *overview_counts;
} MsBlueprintSummary;

/* The bounding box of each water body in WBID, in file coordinates:
 * index = id; width 0 for ids that do not occur. */
typedef struct
{
  guint   x, y, width, height;
  guint64 pixels;
} MsWaterBodyBounds;

GArray             *ms_blueprint_water_body_bounds (MsBlueprint      *blueprint,
                                                    GCancellable     *cancellable,
                                                    GError          **error);

MsBlueprintSummary *ms_blueprint_summarize       (MsBlueprint        *blueprint,
                                                  GCancellable       *cancellable,
                                                  GError            **error);
MsBlueprintSummary *ms_blueprint_summarize_full  (MsBlueprint        *blueprint,
                                                  MsSummaryFlags      flags,
                                                  GCancellable       *cancellable,
                                                  GError            **error);
void                ms_blueprint_summary_free    (MsBlueprintSummary *summary);
/* Opens and summarises in one pass over each grid (see the .c). */
MsBlueprintSummary *ms_blueprint_summarize_path  (const char         *path,
                                                  MsProfile          *profile,
                                                  MsBlueprint       **out_blueprint,
                                                  GCancellable       *cancellable,
                                                  GError            **error);

MsBlueprintSummary *ms_blueprint_summarize_path_full (const char       *path,
                                                      MsProfile        *profile,
                                                      MsSummaryFlags    flags,
                                                      MsBlueprint     **out_blueprint,
                                                      GCancellable     *cancellable,
                                                      GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsBlueprintSummary, ms_blueprint_summary_free)

G_END_DECLS
