/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Diff: what changed between two blueprints (two seeds, two generator
 * versions), as figures for the CLI and the app's comparison table.  The
 * grid they are counted on, which the difference image colours, is
 * ms-diff-sampler.h's.
 */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* A world spans MS_BLUEPRINT_WORLD_SPAN at any MapSize, so a length in
 * metres is the same whichever map's pixels it was measured in. */
#define MS_DIFF_WORLD_SPAN MS_BLUEPRINT_WORLD_SPAN

typedef struct
{
  guint   paths;
  guint64 points;
  double  length;       /* sum of segment lengths in comparison-grid pixels */
  double  length_own;   /* … in the map's own pixels (equal unless normalised) */
  double  length_m;     /* … in metres: length_own × MS_DIFF_WORLD_SPAN / size */
} MsDiffRoads;

/* One map's heights over the comparison grid (raw units), finite ones only;
 * NAN when there are none. */
typedef struct
{
  guint64 finite;
  double  min;
  double  max;
  double  mean;
} MsDiffHeights;

typedef struct
{
  guint        size_a;
  guint        size_b;
  guint        grid_size;          /* MAX (size_a, size_b) */
  gboolean     normalised;         /* the sizes differ: nearest-sample comparison */
  guint64      pixels;             /* grid_size² */
  double       metres_per_pixel;   /* of the grid: MS_DIFF_WORLD_SPAN / grid_size */

  MsDiffHeights heights_a;
  MsDiffHeights heights_b;

  /* B − A over the grid pixels where both heights are finite (raw units);
   * NAN when there are none. */
  guint64      height_compared;
  guint64      height_skipped;     /* either height NaN or infinite */
  double       height_min;
  double       height_max;
  double       height_mean_abs;
  double       height_rms;

  guint        n_biomes;           /* MAX of the two profiles' counts */
  guint64      biome_changed;
  /* n_biomes × n_biomes grid pixels, [from * n_biomes + to], A's biome to
   * B's; only changes, so the diagonal is 0 and the sum is biome_changed. */
  guint64     *biome_transitions;
  /* n_biomes grid pixels each: how much of the grid each biome covers in
   * A and in B, so B − A is what changed into it less what changed out. */
  guint64     *biome_counts_a;
  guint64     *biome_counts_b;

  gboolean     has_water_a;        /* WBID present */
  gboolean     has_water_b;
  guint        bodies_a;           /* distinct nonzero WBID ids */
  guint        bodies_b;
  guint        lakes_a;            /* distinct ids >= 2 */
  guint        lakes_b;
  guint64      water_gained;       /* grid pixels */
  guint64      water_lost;
  /* Grid pixels that are water ("water" as MsDiffSampler reads it):
   * water_b − water_a = water_gained − water_lost. */
  guint64      water_a;
  guint64      water_b;

  guint        n_tiers;            /* MAX of the two profiles' counts */
  guint       *towns_a;            /* n_tiers entries */
  guint       *towns_b;

  MsDiffRoads  roads_a[MS_N_ROAD_TIERS];
  MsDiffRoads  roads_b[MS_N_ROAD_TIERS];
} MsBlueprintDiff;

MsBlueprintDiff *ms_blueprint_diff      (MsBlueprint      *a,
                                         MsBlueprint      *b,
                                         GCancellable     *cancellable,
                                         GError          **error);
void             ms_blueprint_diff_free (MsBlueprintDiff  *diff);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsBlueprintDiff, ms_blueprint_diff_free)

G_END_DECLS
