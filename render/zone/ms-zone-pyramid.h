/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-tile.h"
#include "ms-tile-pyramid.h"
#include "ms-zone.h"
#include "ms-zone-cell.h"

G_BEGIN_DECLS

/* What the level above needs of an own cell to reduce it exactly: the
 * integer sums behind the cell's means (a zone side is at most 65535, so a
 * cell holds at most 256² tiles and every sum fits 32 bits) and where its
 * first live plant is.  Sums add and the first plant is the smallest
 * row-major index, so four cells combine into what one reduction of their
 * whole block gives, float for float. */
typedef struct
{
  guint32 altitude;   /* sum of the raw altitudes */
  guint32 spawn;      /* sum of the spawn bytes */
  guint32 slope;      /* sum of the server slopes */
  guint32 allowed;    /* number of plant-allowed tiles */
  guint32 plant_at;   /* row-major zone index of the first live plant; G_MAXUINT32: none */
} MsZoneCellSums;

/* One tile of a zone: at level L a cell is a 2^L × 2^L block of zone tiles
 * (clipped to the zone), and tile (tx, ty) holds cells
 * [tx · 256, tx · 256 + width) along x, likewise along y, plus a one-cell
 * apron on every side so that shading across tile edges is seamless.
 *
 * cells[gy * grid_width + gx] is grid cell (gx, gy); the tile's own cells
 * are 1 .. width, 1 .. height.  Own cells carry every field of @fields;
 * apron cells only their height (the one thing a neighbour reads), NaN
 * beyond the zone's edge.  sums[y * width + x] is own cell (x, y) (without
 * the apron), for the level above.  Immutable once made; reference
 * counted (a g_atomic_rc_box). */
typedef struct
{
  MsTileKey         key;
  guint             width, height;
  guint             k;                      /* zone tiles per cell side */
  gint64            x0, y0;                 /* zone tile of grid cell (0, 0) */
  guint             grid_width, grid_height;
  MsZoneCellFields  fields;
  MsZoneCell       *cells;
  MsZoneCellSums   *sums;
  guint64           serial;                 /* the zone changes it has seen */
} MsZoneTile;


#define MS_TYPE_ZONE_PYRAMID (ms_zone_pyramid_get_type ())
G_DECLARE_FINAL_TYPE (MsZonePyramid, ms_zone_pyramid, MS, ZONE_PYRAMID, MsTilePyramid)

/* An MsTilePyramid: a level-0 tile is read from the zone's layers, a tile
 * above from the four tiles under it (see ms-zone-pyramid.c for each
 * field's reduction).
 *
 * The pyramid listens to the zone's "changed" signal: it patches or drops
 * the cached tiles an edit, undo or redo affected, at every level, and
 * emits "tiles-invalidated" (GArray of MsTileKey) listing every tile key,
 * cached or not, whose contents changed — a view holds copies the pyramid
 * may already have evicted.  A tile is affected when one of its own cells
 * covers a changed tile; for altitude changes also when its apron does
 * (heights shade the neighbours) and when a tile's slope reads a changed
 * one (the tile to the left and above).  The other fields are not in the
 * apron, so a control, blocks or plants edit leaves the neighbours alone.
 * A small edit (a brush dab) patches the level-0 tile under it from the
 * zone and each cached ancestor from the patched tile below, so it makes
 * one tile per level; a large one drops them, to be made again on request.
 *
 * Reading the zone is safe from any thread while one thread edits
 * (ms-zone-derived.c); a tile an edit overtook is made again, never
 * cached. */
MsZonePyramid    *ms_zone_pyramid_new              (MsZone          *zone,
                                                    gsize            budget_bytes);
MsZone           *ms_zone_pyramid_get_zone         (MsZonePyramid   *self);
/* The fields the tiles carry: every field the zone's layers provide
 * (ms_zone_cell_fields_for_zone ()), whatever is shown.  So one pyramid
 * serves every view and every MsZoneOverlays set: toggling overlays, or
 * switching views, needs no new pyramid and no new tiles.  (A zone's layer
 * set is fixed when it is opened.) */
MsZoneCellFields  ms_zone_pyramid_get_fields       (MsZonePyramid   *self);
/* _get_top_level (the coarsest level: the whole zone in one tile),
 * _get_tile_grid, _get_tile_size (the number of own cells of a tile along x
 * and y), _lookup (a cached tile, or NULL; marks it recently used),
 * _get_tile, _get_tile_async/_finish, _get_cached_bytes, _get_cached_tiles:
 * see MsTilePyramid. */
MS_TILE_PYRAMID_DECLARE_TYPED (MsZonePyramid, ms_zone_pyramid, MsZoneTile, ms_zone_tile);
/* FALSE once an edit changed what @tile shows: a tile asked for before an
 * edit may arrive after "tiles-invalidated" announced its replacement. */
gboolean          ms_zone_pyramid_is_current       (MsZonePyramid   *self,
                                                    const MsZoneTile *tile);

G_END_DECLS
