/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* One road path, as the lists and the map's highlight see it.  Points and
 * pixels are in file coordinates: x is the outer index, y the inner one. */
typedef struct
{
  guint x, y, width, height;
} MsPathBounds;

/* The sum of the path's segment lengths, in map pixels (0 for fewer than
 * two points). */
double   ms_road_path_length  (const MsPoint *points,
                               guint          n_points);
/* The whole pixels the points fall in, clamped to a @map_size square;
 * FALSE (and @bounds zeroed) when no point is finite. */
gboolean ms_road_path_bounds  (const MsPoint *points,
                               guint          n_points,
                               guint          map_size,
                               MsPathBounds  *bounds);
/* The pixels the path runs through, sampled every half pixel along each
 * segment and clamped to the map: sorted, distinct indices
 * x * map_size + y (X outer, Y inner), as guint32. */
GArray  *ms_road_path_pixels  (const MsPoint *points,
                               guint          n_points,
                               guint          map_size);

G_END_DECLS
