/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the 3D view draws, per pyramid tile: heights and the 2D view's
 * colours.  Subclasses adapt a blueprint or a zone pyramid; the view, the
 * CPU renderer and the picking ask only this, one tile of one level at a
 * time, so no map ever has its whole height grid in one place.
 */
#pragma once

#include <math.h>

#include <gio/gio.h>

#include "ms-terrain-camera.h"
#include "ms-terrain-lod.h"
#include "ms-tile.h"

G_BEGIN_DECLS

/* A 256² tile (MsTileKey, ms-tile.h) of level L: cells of 2^L × 2^L map
 * pixels, row-major in the 2D view's order (index = row · stride + column,
 * column = map x, row = map y) whatever the file's own order.
 *
 * heights has a one-cell apron: (width + 2) × (height + 2) values, own cell
 * (cx, cy) at (cy + 1) · (width + 2) + cx + 1, in metres (zones: height
 * units, altitude / 32), never NaN (no-data cells take the tile's lowest
 * height); beyond the map's edge the apron repeats the edge.  colours are
 * the own cells' ARGB32, exactly the 2D view's.  min and max cover the
 * apron too; node_min/node_max the 8 × 8 blocks of 32² cells (one CDLOD
 * node of LOD L each, ms-terrain-lod.h). */
#define MS_TERRAIN_TILE_BLOCKS 8

typedef struct
{
  MsTileKey  key;
  guint      width, height;
  float     *heights;
  guint32   *colours;
  float      min, max;
  float      node_min[MS_TERRAIN_TILE_BLOCKS * MS_TERRAIN_TILE_BLOCKS];
  float      node_max[MS_TERRAIN_TILE_BLOCKS * MS_TERRAIN_TILE_BLOCKS];
  gint       ref_count;
} MsTerrainTile;

/* Allocates the arrays; the caller fills them, then calls _finish_tile. */
MsTerrainTile *ms_terrain_tile_new       (const MsTileKey *key,
                                          guint            width,
                                          guint            height);
/* Fills NaN heights and the edge apron, and works out the bounds. */
void           ms_terrain_tile_finish    (MsTerrainTile   *tile,
                                          guint            map_width,
                                          guint            map_height);
MsTerrainTile *ms_terrain_tile_ref       (MsTerrainTile   *tile);
void           ms_terrain_tile_unref     (MsTerrainTile   *tile);
gsize          ms_terrain_tile_get_bytes (const MsTerrainTile *tile);
/* The height at map point (@map_x, @map_y) (map pixels, continuous: pixel
 * x covers [x, x + 1)), bilinear between cell centres. */
float          ms_terrain_tile_sample    (const MsTerrainTile *tile,
                                          double           map_x,
                                          double           map_y);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsTerrainTile, ms_terrain_tile_unref)

#define MS_TYPE_TERRAIN_SOURCE (ms_terrain_source_get_type ())
G_DECLARE_DERIVABLE_TYPE (MsTerrainSource, ms_terrain_source, MS, TERRAIN_SOURCE, GObject)

struct _MsTerrainSourceClass
{
  GObjectClass parent_class;

  /* Makes the tile; on the thread the subclass documents. */
  MsTerrainTile *(*make_tile)        (MsTerrainSource     *self,
                                      const MsTileKey     *key,
                                      GCancellable        *cancellable,
                                      GError             **error);
  /* Optional: by default make_tile runs on a GTask worker thread. */
  void           (*make_tile_async)  (MsTerrainSource     *self,
                                      const MsTileKey     *key,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
  MsTerrainTile *(*make_tile_finish) (MsTerrainSource     *self,
                                      GAsyncResult        *result,
                                      GError             **error);

  gpointer padding[6];
};

/* The map in map pixels (blueprint pixels or zone tiles). */
void           ms_terrain_source_get_extent     (MsTerrainSource  *self,
                                                 guint            *width,
                                                 guint            *height);
guint          ms_terrain_source_get_top_level  (MsTerrainSource  *self);
/* The horizontal size of one map pixel in the heights' unit. */
double         ms_terrain_source_get_metres_per_pixel (MsTerrainSource *self);
void           ms_terrain_source_get_tile_grid  (MsTerrainSource  *self,
                                                 guint             level,
                                                 guint            *n_tiles_x,
                                                 guint            *n_tiles_y);
/* A cached tile (new reference) or NULL. */
MsTerrainTile *ms_terrain_source_lookup         (MsTerrainSource  *self,
                                                 const MsTileKey  *key);
/* Made now unless cached (the zone source: on the main thread only). */
MsTerrainTile *ms_terrain_source_get_tile       (MsTerrainSource  *self,
                                                 const MsTileKey  *key,
                                                 GCancellable     *cancellable,
                                                 GError          **error);
/* Fails with G_IO_ERROR_CANCELLED, too, when an invalidation overtook the
 * tile: ask again. */
void           ms_terrain_source_get_tile_async (MsTerrainSource     *self,
                                                 const MsTileKey     *key,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
MsTerrainTile *ms_terrain_source_get_tile_finish (MsTerrainSource *self,
                                                  GAsyncResult    *result,
                                                  GError         **error);
/* The bounds of map pixels [x0, x0 + size)² at @level, in metres, from the
 * finest cached tile at or above @level that holds (x0, y0) — the top
 * tile's once it is cached, else FALSE. */
gboolean       ms_terrain_source_get_bounds     (MsTerrainSource  *self,
                                                 guint             level,
                                                 guint             x0,
                                                 guint             y0,
                                                 guint             size,
                                                 float            *min,
                                                 float            *max);
/* The height at a map point from the finest cached tile holding it;
 * FALSE outside the map or when none is cached. */
gboolean       ms_terrain_source_height_at      (MsTerrainSource  *self,
                                                 double            map_x,
                                                 double            map_y,
                                                 float            *metres);
/* The finest cached tile at or above @level holding map pixel (x, y). */
MsTerrainTile *ms_terrain_source_lookup_cover   (MsTerrainSource  *self,
                                                 guint             level,
                                                 guint             x,
                                                 guint             y);
/* Drops every cached tile and emits "changed": the subclass's data (or
 * colours) changed. */
void           ms_terrain_source_invalidate     (MsTerrainSource  *self);

/* The scene the view and the CPU renderer draw, in ms-terrain-camera.h's
 * world (heights × @exaggeration / metres per pixel).  Node selection with
 * bounds from the cached tiles (unknown bounds are wide, never culled);
 * LOD 0 reaches as far as keeps a mesh quad about @pixels_per_quad screen
 * pixels tall at the end of every LOD's range on a viewport
 * @viewport_height pixels tall. */
GArray        *ms_terrain_source_select         (MsTerrainSource       *self,
                                                 const MsTerrainCamera *camera,
                                                 double                 exaggeration,
                                                 double                 viewport_height,
                                                 double                 pixels_per_quad);
/* The key of the tile a node's heights come from (the level of its LOD),
 * and of the one its colours come from: MS_TERRAIN_COLOUR_LODS levels
 * finer, so a mesh quad shows 4 × 4 cells of the 2D view's colours, not
 * one.  Both tiles hold the whole node. */
#define MS_TERRAIN_COLOUR_LODS 2
void           ms_terrain_source_node_key       (MsTerrainSource       *self,
                                                 const MsTerrainNode   *node,
                                                 MsTileKey             *key);
void           ms_terrain_source_node_colour_key (MsTerrainSource      *self,
                                                  const MsTerrainNode  *node,
                                                  MsTileKey            *key);
/* The map point (map pixels) and height (metres) under screen pixel
 * (@sx, @sy) of a @width × @height viewport, from the cached tiles. */
gboolean       ms_terrain_source_pick           (MsTerrainSource       *self,
                                                 const MsTerrainCamera *camera,
                                                 double                 exaggeration,
                                                 double                 sx,
                                                 double                 sy,
                                                 double                 width,
                                                 double                 height,
                                                 double                *map_x,
                                                 double                *map_y,
                                                 float                 *metres);

/* The contour lines the renderers draw over the colours: one every
 * @interval (in the heights' unit) above @offset, at @opacity; an interval
 * or opacity of 0 draws none.  They are drawn from the surface's own
 * height, about one screen pixel wide at any distance (a line in the
 * colours would be a cell wide: thick and stepped close up), and fade out
 * where they would crowd into a smear.  None at @offset itself: that is
 * the sea, which the 3D view shows as its flat surface, so the line would
 * be the coast, drawn on the water one cell's step out. */
typedef struct
{
  float interval;
  float offset;
  float opacity;
} MsTerrainContours;

/* Redrawing is the caller's to ask for (a subclass sets them with the
 * style it invalidates for). */
void           ms_terrain_source_set_contours   (MsTerrainSource          *self,
                                                 const MsTerrainContours  *contours);
void           ms_terrain_source_get_contours   (MsTerrainSource          *self,
                                                 MsTerrainContours        *contours);

/* How much of the line colour a pixel takes: @band is the height in
 * intervals above the offset, @per_pixel how much it changes from one
 * screen pixel to the next (fwidth () in GLSL).  A line one pixel wide,
 * anti-aliased, centred on each whole band; none on flat ground; faded
 * out where lines come closer than 4 pixels and gone at 2.  terrain.frag
 * has the same function. */
static inline float
ms_terrain_contour_alpha (float band,
                          float per_pixel,
                          float opacity)
{
  float level = floorf (band + 0.5f), d;

  /* Flat (a lake's surface on a level), at or below the sea, or not a
   * number: no line. */
  if (!(per_pixel > 1e-4f) || !(level >= 1.0f))
    return 0.0f;
  d = fabsf (band - level) / per_pixel;  /* pixels to the level */
  return opacity * CLAMP (1.0f - d, 0.0f, 1.0f) * CLAMP (2.0f - 4.0f * per_pixel, 0.0f, 1.0f);
}

/* For subclasses, once, at construction. */
void           ms_terrain_source_set_extent     (MsTerrainSource  *self,
                                                 guint             width,
                                                 guint             height,
                                                 double            metres_per_pixel);

G_END_DECLS
