/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Tiles of MS_TILE_SIZE² cells, shared by every pyramid and view.  At level
 * L a cell is 2^L × 2^L map pixels, so tile (tx, ty) of level L covers map
 * x in [tx · 256 · 2^L, (tx + 1) · 256 · 2^L), likewise y. */
#define MS_TILE_SIZE 256

typedef struct
{
  guint level;
  guint tx, ty;
} MsTileKey;

/* One integer per key, for hash tables (tx, ty < 2^24). */
static inline guint64
ms_tile_key_pack (const MsTileKey *key)
{
  return (guint64) key->level << 48 | (guint64) key->tx << 24 | key->ty;
}

guint ms_tile_level_for_zoom (guint   top_level,
                              double  zoom);
void  ms_tile_visible_range  (guint   n_tiles_x,
                              guint   n_tiles_y,
                              guint   level,
                              double  map_x0,
                              double  map_y0,
                              double  map_x1,
                              double  map_y1,
                              guint  *tx0,
                              guint  *ty0,
                              guint  *tx1,
                              guint  *ty1);

G_END_DECLS
