/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The difference image of two blueprints as a tile pyramid over their
 * comparison grid (the larger map's), so a view can zoom and pan it like a
 * map: the same tile levels and keys as MsBlueprintPyramid over a map of the
 * grid's size.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-blueprint.h"
#include "ms-tile.h"

G_BEGIN_DECLS

/* One tile: ms_diff_render_tile()'s ARGB32 image.  Immutable; reference
 * counted. */
typedef struct
{
  MsTileKey        key;
  cairo_surface_t *surface;
  gint             ref_count;
} MsDiffTile;

MsDiffTile *ms_diff_tile_ref   (MsDiffTile *tile);
void        ms_diff_tile_unref (MsDiffTile *tile);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsDiffTile, ms_diff_tile_unref)

#define MS_TYPE_DIFF_PYRAMID (ms_diff_pyramid_get_type ())
G_DECLARE_FINAL_TYPE (MsDiffPyramid, ms_diff_pyramid, MS, DIFF_PYRAMID, GObject)

/* @scale as ms_diff_render()'s. */
MsDiffPyramid *ms_diff_pyramid_new             (MsBlueprint         *a,
                                                MsBlueprint         *b,
                                                double               scale);
guint          ms_diff_pyramid_get_grid_size   (MsDiffPyramid       *self);
/* The coarsest level: the whole grid in one tile. */
guint          ms_diff_pyramid_get_top_level   (MsDiffPyramid       *self);
void           ms_diff_pyramid_get_tile_grid   (MsDiffPyramid       *self,
                                                guint                level,
                                                guint               *n_tiles_x,
                                                guint               *n_tiles_y);
/* Draws the tile on a worker thread; the callback runs in the caller's
 * main context.  Tiles are not cached here: the view keeps what it drew. */
void           ms_diff_pyramid_get_tile_async  (MsDiffPyramid       *self,
                                                const MsTileKey     *key,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
MsDiffTile    *ms_diff_pyramid_get_tile_finish (MsDiffPyramid       *self,
                                                GAsyncResult        *result,
                                                GError             **error);

G_END_DECLS
