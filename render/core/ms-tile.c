/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-tile.h"

/**
 * ms_tile_level_for_zoom:
 * @zoom: screen pixels per map pixel
 *
 * The finest level whose cells are still at least a screen pixel.
 */
guint
ms_tile_level_for_zoom (guint  top_level,
                        double zoom)
{
  guint level = 0;

  while (level < top_level && ldexp (1.0, (int) level + 1) * zoom <= 1.0 + 1e-9)
    level++;
  return level;
}

/* The tiles of @level that meet the map rectangle [x0, x1) × [y0, y1):
 * [tx0, tx1) × [ty0, ty1), clamped to the pyramid. */
void
ms_tile_visible_range (guint   n_tiles_x,
                       guint   n_tiles_y,
                       guint   level,
                       double  x0,
                       double  y0,
                       double  x1,
                       double  y1,
                       guint  *tx0,
                       guint  *ty0,
                       guint  *tx1,
                       guint  *ty1)
{
  double span = ldexp ((double) MS_TILE_SIZE, (int) level);

  *tx0 = (guint) CLAMP (floor (x0 / span), 0, (double) n_tiles_x);
  *ty0 = (guint) CLAMP (floor (y0 / span), 0, (double) n_tiles_y);
  *tx1 = (guint) CLAMP (ceil (x1 / span), 0, (double) n_tiles_x);
  *ty1 = (guint) CLAMP (ceil (y1 / span), 0, (double) n_tiles_y);
}
