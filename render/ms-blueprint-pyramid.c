/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level-of-detail pyramid of a blueprint, an MsTilePyramid.  A level-0
 * tile is reduced from the mapping (MsBlueprintGrid, k = 1).  A tile above,
 * when the four tiles under it are cached (the view zooms out over what it
 * has shown), takes each of its own cells' height from the four cells under
 * it: their means weighed by how many finite
 * pixels each holds, so NaN holes and the map's ragged edge average as a
 * direct reduction would.  What the tiles below cannot give is read from
 * the mapping, and none of it grows with k²: the biome and water samples
 * (one pixel a cell, at its centre, the same rule as every other renderer)
 * and the one-cell apron around the tile (so shading across tile edges is
 * seamless), 4 · 258 cells.  Without them (the first overview of a map)
 * it is one reduction of its area from the mapping, as fast as reading it,
 * rather than every tile below made first.  Nothing ever needs the whole map at once, and
 * no tile is larger than (256 + 2)² cells, whatever the map's size or the
 * GPU's texture limit.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>

#include "ms-blueprint-pyramid.h"

struct _MsBlueprintPyramid
{
  MsTilePyramid  parent_instance;

  MsBlueprint   *blueprint;  /* the base's source */
};

G_DEFINE_FINAL_TYPE (MsBlueprintPyramid, ms_blueprint_pyramid, MS_TYPE_TILE_PYRAMID)

static void
tile_clear (gpointer data)
{
  MsBlueprintTile *tile = data;

  g_free (tile->grid.heights);
  g_free (tile->grid.biomes);
  g_free (tile->grid.water_ids);
  g_free (tile->grid.surfaces);
  g_free (tile->counts);
}

gsize
ms_blueprint_tile_get_bytes (const MsBlueprintTile *tile)
{
  gsize per_cell = 4 + 1 + 2 + 2 + (tile->counts != NULL ? 4 : 0);
  return sizeof *tile + (gsize) tile->grid.width * tile->grid.height * per_cell;
}

MS_TILE_PYRAMID_DEFINE_TYPED (MsBlueprintPyramid, ms_blueprint_pyramid, MsBlueprintTile, ms_blueprint_tile,
                              tile_clear)

/* The tile's geometry and arrays, contents not yet filled. */
static MsBlueprintTile *
tile_new (MsBlueprintPyramid *self,
          const MsTileKey    *key)
{
  MsBlueprintTile *tile = g_atomic_rc_box_new0 (MsBlueprintTile);
  guint64 span = (guint64) MS_TILE_SIZE << key->level;
  gsize cells;

  tile->key = *key;
  tile->grid.k = 1u << key->level;
  ms_tile_pyramid_get_tile_size (MS_TILE_PYRAMID (self), key, &tile->width, &tile->height);
  tile->grid.x0 = (gint64) (key->tx * span) - tile->grid.k;
  tile->grid.y0 = (gint64) (key->ty * span) - tile->grid.k;
  tile->grid.width = tile->width + 2;
  tile->grid.height = tile->height + 2;
  cells = (gsize) tile->grid.width * tile->grid.height;
  tile->grid.heights = g_new (float, cells);
  tile->grid.biomes = g_new (guint8, cells);
  tile->grid.water_ids = g_new (guint16, cells);
  tile->grid.surfaces = g_new (guint16, cells);
  if (key->level > 0)
    tile->counts = g_new0 (guint32, cells);
  return tile;
}

/* One reduction of the tile's area from the mapping; above level 0 the
 * counts are kept for the level above. */
static gpointer
reduce_tile (MsTilePyramid    *pyramid,
             const MsTileJob  *job,
             GError          **error)
{
  MsBlueprintPyramid *self = MS_BLUEPRINT_PYRAMID (pyramid);
  MsBlueprintTile *tile = tile_new (self, &job->key);
  GCancellable *cancellable = job->cancellable;

  tile->grid.counts = tile->counts;
  ms_blueprint_grid_reduce (self->blueprint, &tile->grid, cancellable);
  tile->grid.counts = NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      ms_blueprint_tile_unref (tile);
      return NULL;
    }
  return tile;
}

/* Adds the finite pixels under own cell (cx, cy) of a child, and their sum. */
static inline void
add_child_cell (const MsBlueprintTile *child,
                guint                  cx,
                guint                  cy,
                double                *sum,
                guint64               *count)
{
  gsize o = (gsize) (cy + 1) * child->grid.width + (cx + 1);
  float h = child->grid.heights[o];
  guint32 n = child->counts != NULL ? child->counts[o] : (isfinite (h) ? 1 : 0);

  if (n > 0)
    {
      *sum += (double) h * n;
      *count += n;
    }
}

/* One apron strip (a row or column of cells just outside the tile's own)
 * reduced from the mapping into the tile's grid at (gx, gy), @w × @h cells. */
static void
reduce_apron (MsBlueprintPyramid *self,
              MsBlueprintTile    *tile,
              guint               gx,
              guint               gy,
              guint               w,
              guint               h,
              GCancellable       *cancellable)
{
  MsBlueprintGrid strip = { 0, };

  strip.k = tile->grid.k;
  strip.x0 = tile->grid.x0 + (gint64) gx * strip.k;
  strip.y0 = tile->grid.y0 + (gint64) gy * strip.k;
  strip.width = w;
  strip.height = h;
  strip.heights = g_new (float, (gsize) w * h);
  ms_blueprint_grid_reduce (self->blueprint, &strip, cancellable);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      tile->grid.heights[(gsize) (gy + y) * tile->grid.width + gx + x] = strip.heights[(gsize) y * w + x];
  g_free (strip.heights);
}

static gpointer
make_from_children (MsTilePyramid    *pyramid,
                    const MsTileJob  *job,
                    GError          **error)
{
  MsBlueprintPyramid *self = MS_BLUEPRINT_PYRAMID (pyramid);
  MsBlueprintTile *tile = tile_new (self, &job->key);
  MsBlueprintGrid *g = &tile->grid;
  GCancellable *cancellable = job->cancellable;

  /* Own cell (x, y) is own cells (2x, 2y) … (2x + 1, 2y + 1) of the child
   * that holds them: children[2 · j + i] is tile (2 · tx + i, 2 · ty + j). */
  for (guint y = 0; y < tile->height; y++)
    for (guint x = 0; x < tile->width; x++)
      {
        const MsBlueprintTile *child = job->children[(x >= MS_TILE_SIZE / 2) + 2 * (y >= MS_TILE_SIZE / 2)];
        guint cx = (2 * x) % MS_TILE_SIZE, cy = (2 * y) % MS_TILE_SIZE;
        gsize o = (gsize) (y + 1) * g->width + (x + 1);
        double sum = 0.0;
        guint64 count = 0;

        for (guint j = 0; child != NULL && j < 2; j++)
          for (guint i = 0; i < 2; i++)
            if (cx + i < child->width && cy + j < child->height)
              add_child_cell (child, cx + i, cy + j, &sum, &count);
        g->heights[o] = count > 0 ? (float) (sum / (double) count) : NAN;
        tile->counts[o] = (guint32) count;
      }

  /* The apron: top and bottom rows, then the left and right columns. */
  reduce_apron (self, tile, 0, 0, g->width, 1, cancellable);
  reduce_apron (self, tile, 0, g->height - 1, g->width, 1, cancellable);
  reduce_apron (self, tile, 0, 1, 1, g->height - 2, cancellable);
  reduce_apron (self, tile, g->width - 1, 1, 1, g->height - 2, cancellable);
  ms_blueprint_grid_sample (self->blueprint, g, cancellable);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      ms_blueprint_tile_unref (tile);
      return NULL;
    }
  return tile;
}

static void
ms_blueprint_pyramid_class_init (MsBlueprintPyramidClass *klass)
{
  MsTilePyramidClass *pyramid_class = MS_TILE_PYRAMID_CLASS (klass);

  ms_blueprint_pyramid_class_set_tile_funcs (pyramid_class);
  /* Level 0, and a level above when its children are not at hand. */
  pyramid_class->make_base = reduce_tile;
  pyramid_class->make_from_children = make_from_children;
  pyramid_class->make_direct = reduce_tile;
}

static void
ms_blueprint_pyramid_init (MsBlueprintPyramid *self)
{
}

MsBlueprintPyramid *
ms_blueprint_pyramid_new (MsBlueprint *blueprint,
                          gsize        budget_bytes)
{
  MsBlueprintPyramid *self;
  guint n;

  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), NULL);

  self = g_object_new (MS_TYPE_BLUEPRINT_PYRAMID, NULL);
  self->blueprint = blueprint;
  ms_tile_pyramid_set_source (MS_TILE_PYRAMID (self), G_OBJECT (blueprint));
  n = ms_blueprint_get_map_size (blueprint);
  ms_tile_pyramid_set_extent (MS_TILE_PYRAMID (self), n, n, budget_bytes);
  return self;
}

MsBlueprint *
ms_blueprint_pyramid_get_blueprint (MsBlueprintPyramid *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (self), NULL);
  return self->blueprint;
}
