/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sampler's state, for ms-blueprint-diff.c, which counts each map's
 * water by the same rule as the flags.
 */
#pragma once

#include "ms-diff-sampler.h"

G_BEGIN_DECLS

/* One map's side of the sampler: its column last read. */
typedef struct
{
  MsBlueprint *bp;
  guint        size;
  gboolean     has_wbid;
  gboolean     water_biome[256];
  guint       *coord;       /* grid coordinate → own coordinate */
  guint        column;      /* own column in the buffers, NO_COLUMN (ms-diff-sampler.c) for none */
  guint        row0;        /* own rows [row0, row1) of it are loaded */
  guint        row1;
  float       *heights;
  guint8      *biomes;
  guint16     *ids;
} MsDiffSide;

struct _MsDiffSampler
{
  guint      grid;
  MsDiffSide a;
  MsDiffSide b;
};

/* Whether a pixel of @side's map with @biome and @water_id is water: WBID
 * ≠ 0, or a water biome of the map's profile when the map has no WBID. */
static inline gboolean
ms_diff_side_is_water (const MsDiffSide *side,
                       guint8            biome,
                       guint16           water_id)
{
  return side->has_wbid ? water_id != 0 : side->water_biome[biome];
}

G_END_DECLS
