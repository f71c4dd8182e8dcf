/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-grid.h"
#include "ms-tile.h"
#include "ms-tile-pyramid.h"

G_BEGIN_DECLS


/* One tile: a grid with a one-cell apron on every side, so that shading
 * across tile edges is seamless.  Its own cells are grid cells
 * (1 .. width, 1 .. height); width and height are below MS_TILE_SIZE only at
 * the map's right and bottom edges.  Above level 0, counts holds how many
 * finite map pixels each cell's height is the mean of, so the level above
 * can weigh the four cells it reduces (NULL at level 0: a cell is one
 * pixel).  Immutable once made; reference counted (a g_atomic_rc_box). */
typedef struct
{
  MsTileKey        key;
  guint            width, height;
  MsBlueprintGrid  grid;
  guint32         *counts;
  GBytes          *storage;  /* nullable: the arrays' memory, shared with other tiles */
} MsBlueprintTile;


#define MS_TYPE_BLUEPRINT_PYRAMID (ms_blueprint_pyramid_get_type ())
G_DECLARE_FINAL_TYPE (MsBlueprintPyramid, ms_blueprint_pyramid, MS, BLUEPRINT_PYRAMID, MsTilePyramid)

MsBlueprintPyramid *ms_blueprint_pyramid_new          (MsBlueprint        *blueprint,
                                                       gsize               budget_bytes);
MsBlueprint        *ms_blueprint_pyramid_get_blueprint (MsBlueprintPyramid *self);
/* _get_top_level (the coarsest level: the whole map in one tile),
 * _get_tile_grid, _get_tile_size, _lookup (a cached tile, or NULL; marks it
 * recently used), _get_tile (computed now if not cached; any thread),
 * _get_tile_async/_finish (on a worker thread; the callback runs in the
 * caller's main context), _get_cached_bytes, _get_cached_tiles. */
MS_TILE_PYRAMID_DECLARE_TYPED (MsBlueprintPyramid, ms_blueprint_pyramid, MsBlueprintTile, ms_blueprint_tile);

G_END_DECLS
