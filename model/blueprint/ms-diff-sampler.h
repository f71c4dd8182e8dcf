/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two blueprints read side by side on one comparison grid, column by
 * column: what the diff's figures count (ms-blueprint-diff.h) and what the
 * difference image colours (render/diff).
 */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* Both maps are compared on one grid: the larger map's (so no pixel of
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

G_END_DECLS
