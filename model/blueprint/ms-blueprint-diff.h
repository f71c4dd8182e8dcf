/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Diff: what changed between two blueprints (two seeds, two generator
 * versions), as figures for the CLI and the app's comparison table, and as
 * per-pixel columns for the difference image.
 */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* --------------------------------------------------------------- sampling --
 * Both maps are compared on one grid: the larger map's (so no pixel of
 * either is skipped).  When the sizes differ, map M's pixel for grid pixel
 * (x, y) is the nearest sample (x * size_M / grid, y * size_M / grid),
 * rounded down; the larger map's is (x, y) itself. */

typedef enum
{
  MS_DIFF_BIOME_CHANGED = 1 << 0,
  MS_DIFF_WATER_GAINED  = 1 << 1,   /* dry in A, water in B */
  MS_DIFF_WATER_LOST    = 1 << 2,   /* water in A, dry in B */
} MsDiffFlags;

typedef struct _MsDiffSampler MsDiffSampler;

MsDiffSampler *ms_diff_sampler_new          (MsBlueprint    *a,
                                             MsBlueprint    *b);
void           ms_diff_sampler_free         (MsDiffSampler  *sampler);
guint          ms_diff_sampler_get_size     (MsDiffSampler  *sampler);
/* Grid column @x, all grid_size pixels of each field asked for (NULL: not
 * wanted): the two heights (raw units), @flags MsDiffFlags, the two biome
 * ordinals and water ids.
 * "Water" is WBID ≠ 0, or a water biome of the map's profile when the map
 * has no WBID.  Columns are cheapest read in increasing x. */
void           ms_diff_sampler_read_column  (MsDiffSampler  *sampler,
                                             guint           x,
                                             float          *height_a,
                                             float          *height_b,
                                             guint8         *flags,
                                             guint8         *biome_a,
                                             guint8         *biome_b,
                                             guint16        *water_id_a,
                                             guint16        *water_id_b);

/* The same for grid rows [@y0, @y0 + @n) of column @x only: @n entries
 * each, so a tile reads only its part of the maps. */
void           ms_diff_sampler_read_rows    (MsDiffSampler  *sampler,
                                             guint           x,
                                             guint           y0,
                                             guint           n,
                                             float          *height_a,
                                             float          *height_b,
                                             guint8         *flags,
                                             guint8         *biome_a,
                                             guint8         *biome_b,
                                             guint16        *water_id_a,
                                             guint16        *water_id_b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsDiffSampler, ms_diff_sampler_free)

/* ---------------------------------------------------------------- figures -- */

/* The spec gives no horizontal scale; as render/'s MS_DEFAULT_WORLD_SPAN
 * (a test keeps them equal), a world spans 8192 m at any MapSize, so a
 * length in metres is the same whichever map's pixels it was measured in. */
#define MS_DIFF_WORLD_SPAN 8192.0

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
