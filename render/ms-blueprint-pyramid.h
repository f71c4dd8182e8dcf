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
 * pixel).  Immutable once made; reference counted. */
typedef struct
{
  MsTileKey        key;
  guint            width, height;
  MsBlueprintGrid  grid;
  guint32         *counts;
  gint             ref_count;
} MsBlueprintTile;

MsBlueprintTile *ms_blueprint_tile_ref   (MsBlueprintTile *tile);
void             ms_blueprint_tile_unref (MsBlueprintTile *tile);
gsize            ms_blueprint_tile_get_bytes (const MsBlueprintTile *tile);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsBlueprintTile, ms_blueprint_tile_unref)

#define MS_TYPE_BLUEPRINT_PYRAMID (ms_blueprint_pyramid_get_type ())
G_DECLARE_FINAL_TYPE (MsBlueprintPyramid, ms_blueprint_pyramid, MS, BLUEPRINT_PYRAMID, MsTilePyramid)

MsBlueprintPyramid *ms_blueprint_pyramid_new          (MsBlueprint        *blueprint,
                                                       gsize               budget_bytes);
MsBlueprint        *ms_blueprint_pyramid_get_blueprint (MsBlueprintPyramid *self);
/* The coarsest level: the whole map in one tile. */
guint               ms_blueprint_pyramid_get_top_level (MsBlueprintPyramid *self);
void                ms_blueprint_pyramid_get_tile_grid (MsBlueprintPyramid *self,
                                                        guint               level,
                                                        guint              *n_tiles_x,
                                                        guint              *n_tiles_y);
/* A cached tile, or NULL; marks it recently used. */
MsBlueprintTile    *ms_blueprint_pyramid_lookup        (MsBlueprintPyramid *self,
                                                        const MsTileKey    *key);
/* The tile, computed now if not cached (any thread). */
MsBlueprintTile    *ms_blueprint_pyramid_get_tile      (MsBlueprintPyramid *self,
                                                        const MsTileKey    *key,
                                                        GCancellable       *cancellable,
                                                        GError            **error);
/* Computes the tile on a worker thread; the callback runs in the caller's
 * main context. */
void                ms_blueprint_pyramid_get_tile_async  (MsBlueprintPyramid  *self,
                                                          const MsTileKey     *key,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
MsBlueprintTile    *ms_blueprint_pyramid_get_tile_finish (MsBlueprintPyramid  *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);
gsize               ms_blueprint_pyramid_get_cached_bytes (MsBlueprintPyramid *self);
guint               ms_blueprint_pyramid_get_cached_tiles (MsBlueprintPyramid *self);

G_END_DECLS
