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
 * seamless), 4 · 258 cells.
 *
 * Without them (the first overview of a map) a tile is one reduction of
 * its area from the mapping, as fast as reading it, rather than every tile
 * below made first.  The top tile's pass reduces the map at the level two
 * below it, the level a window shows a fresh map at, and the top and the
 * level under it are made from those cells as from cached tiles: all
 * twenty-one tiles come from one read of the map, where the top alone and
 * then the view's sixteen tiles read it twice, the second time in many
 * short reads.  Nothing ever needs the whole map at once, and no tile is
 * larger than (256 + 2)² cells, whatever the map's size or the GPU's
 * texture limit.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint-pyramid.h"
#include "ms-large-buffer.h"

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

  if (tile->storage != NULL)
    {
      g_bytes_unref (tile->storage);
      return;
    }
  g_free (tile->grid.heights);
  g_free (tile->grid.biomes);
  g_free (tile->grid.water_ids);
  g_free (tile->grid.surfaces);
  g_free (tile->counts);
}

/* The bytes of a tile's arrays at @level with @cells cells. */
static gsize
tile_array_bytes (guint level,
                  gsize cells)
{
  return cells * (4 + 1 + 2 + 2 + (level > 0 ? 4 : 0));
}

gsize
ms_blueprint_tile_get_bytes (const MsBlueprintTile *tile)
{
  return sizeof *tile + tile_array_bytes (tile->key.level, (gsize) tile->grid.width * tile->grid.height);
}

MS_TILE_PYRAMID_DEFINE_TYPED (MsBlueprintPyramid, ms_blueprint_pyramid, MsBlueprintTile, ms_blueprint_tile,
                              tile_clear)

/* The tile's geometry, its arrays not yet allocated. */
static MsBlueprintTile *
tile_new_empty (MsBlueprintPyramid *self,
                const MsTileKey    *key)
{
  MsBlueprintTile *tile = g_atomic_rc_box_new0 (MsBlueprintTile);
  guint64 span = (guint64) MS_TILE_SIZE << key->level;

  tile->key = *key;
  tile->grid.k = 1u << key->level;
  ms_tile_pyramid_get_tile_size (MS_TILE_PYRAMID (self), key, &tile->width, &tile->height);
  tile->grid.x0 = (gint64) (key->tx * span) - tile->grid.k;
  tile->grid.y0 = (gint64) (key->ty * span) - tile->grid.k;
  tile->grid.width = tile->width + 2;
  tile->grid.height = tile->height + 2;
  return tile;
}

/* The tile's geometry and arrays, contents not yet filled. */
static MsBlueprintTile *
tile_new (MsBlueprintPyramid *self,
          const MsTileKey    *key)
{
  MsBlueprintTile *tile = tile_new_empty (self, key);
  gsize cells = (gsize) tile->grid.width * tile->grid.height;

  tile->grid.heights = g_new (float, cells);
  tile->grid.biomes = g_new (guint8, cells);
  tile->grid.water_ids = g_new (guint16, cells);
  tile->grid.surfaces = g_new (guint16, cells);
  if (key->level > 0)
    tile->counts = g_new0 (guint32, cells);
  return tile;
}

/* The tile's arrays carved from @storage at *@offset (moved past them),
 * 64-byte aligned, the widest first; the tile keeps @storage. */
static MsBlueprintTile *
tile_new_in (MsBlueprintPyramid *self,
             const MsTileKey    *key,
             GBytes             *storage,
             gsize              *offset)
{
  MsBlueprintTile *tile = tile_new_empty (self, key);
  gsize cells = (gsize) tile->grid.width * tile->grid.height;
  guint8 *base = (guint8 *) g_bytes_get_data (storage, NULL) + *offset;
  gsize o = 0;

#define CARVE(size) (o += ((size) + 63) / 64 * 64, base + o - ((size) + 63) / 64 * 64)
  tile->grid.heights = (float *) (gpointer) CARVE (cells * 4);
  if (key->level > 0)
    tile->counts = (guint32 *) (gpointer) CARVE (cells * 4);
  tile->grid.water_ids = (guint16 *) (gpointer) CARVE (cells * 2);
  tile->grid.surfaces = (guint16 *) (gpointer) CARVE (cells * 2);
  tile->grid.biomes = CARVE (cells);
#undef CARVE
  g_assert (*offset + o <= g_bytes_get_size (storage));
  *offset += o;
  tile->storage = g_bytes_ref (storage);
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

/* The top tile's pass makes this many levels under it as well. */
#define TOP_PASS_DEPTH 2

/* Tile @key from the cells of @block, a reduction at a finer or the same
 * level that covers the tile's grid, apron included: each cell the mean of
 * the f × f block cells under it, weighed by their counts, as
 * make_from_children () does; at f = 1 a copy, samples too. */
static MsBlueprintTile *
tile_from_block (MsBlueprintPyramid    *self,
                 const MsTileKey       *key,
                 const MsBlueprintGrid *block,
                 GBytes                *storage,
                 gsize                 *offset)
{
  MsBlueprintTile *tile = tile_new_in (self, key, storage, offset);
  MsBlueprintGrid *g = &tile->grid;
  guint f = g->k / block->k;
  gsize ox = (gsize) ((g->x0 - block->x0) / block->k);
  gsize oy = (gsize) ((g->y0 - block->y0) / block->k);

  g_assert (g->x0 >= block->x0 && g->y0 >= block->y0);
  g_assert (ox + (gsize) g->width * f <= block->width && oy + (gsize) g->height * f <= block->height);

  for (guint cy = 0; cy < g->height; cy++)
    {
      gsize o = (gsize) cy * g->width;

      if (f == 1)
        {
          gsize b = (oy + cy) * block->width + ox;

          memcpy (g->heights + o, block->heights + b, g->width * sizeof (float));
          memcpy (g->biomes + o, block->biomes + b, g->width);
          memcpy (g->water_ids + o, block->water_ids + b, g->width * sizeof (guint16));
          memcpy (g->surfaces + o, block->surfaces + b, g->width * sizeof (guint16));
          if (tile->counts != NULL)
            memcpy (tile->counts + o, block->counts + b, g->width * sizeof (guint32));
          continue;
        }
      for (guint cx = 0; cx < g->width; cx++)
        {
          double sum = 0.0;
          guint64 count = 0;

          for (guint j = 0; j < f; j++)
            {
              gsize b = (oy + (gsize) cy * f + j) * block->width + ox + (gsize) cx * f;

              for (guint i = 0; i < f; i++)
                if (block->counts[b + i] > 0)
                  {
                    sum += (double) block->heights[b + i] * block->counts[b + i];
                    count += block->counts[b + i];
                  }
            }
          g->heights[o + cx] = count > 0 ? (float) (sum / (double) count) : NAN;
          tile->counts[o + cx] = (guint32) count;
        }
    }
  return tile;
}

/* The top tile and the TOP_PASS_DEPTH levels under it from one reduction
 * of the map at the lowest of them; the tiles under the top are offered to
 * the cache.  The block and the tiles live in huge pages (a tile's own
 * arrays would cost some 200 page faults of 10 µs each on the machines we
 * measure on): the tiles share one buffer, given back with the last. */
static gpointer
make_top_pass (MsBlueprintPyramid  *self,
               const MsTileJob     *job,
               GError             **error)
{
  MsTilePyramid *pyramid = MS_TILE_PYRAMID (self);
  const MsTileKey *key = &job->key;
  guint f = 1u << TOP_PASS_DEPTH, width, height;
  guint64 span = (guint64) MS_TILE_SIZE << key->level;
  MsBlueprintGrid block = { 0, };
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  g_autoptr(GBytes) block_bytes = NULL;
  g_autoptr(GBytes) storage = NULL;
  MsBlueprintTile *top = NULL;
  gsize cells, tile_bytes = 0, offset = 0;
  guint8 *buffer;

  /* The top's area and its one-cell apron, at the lowest level's cells:
   * five arrays in one buffer, the widest first. */
  ms_tile_pyramid_get_tile_size (pyramid, key, &width, &height);
  block.k = 1u << (key->level - TOP_PASS_DEPTH);
  block.x0 = (gint64) (key->tx * span) - (gint64) f * block.k;
  block.y0 = (gint64) (key->ty * span) - (gint64) f * block.k;
  block.width = f * (width + 2);
  block.height = f * (height + 2);
  cells = (gsize) block.width * block.height;

  /* The tiles, from the lowest level up, so a tile is cached before its
   * parent and the top comes last. */
  for (guint d = TOP_PASS_DEPTH + 1; d-- > 0;)
    {
      guint level = key->level - d, nx, ny;

      ms_tile_pyramid_get_tile_grid (pyramid, level, &nx, &ny);
      for (guint ty = key->ty << d; ty < MIN ((key->ty + 1) << d, ny); ty++)
        for (guint tx = key->tx << d; tx < MIN ((key->tx + 1) << d, nx); tx++)
          {
            MsTileKey under = { level, tx, ty };
            guint w, h;

            ms_tile_pyramid_get_tile_size (pyramid, &under, &w, &h);
            tile_bytes += tile_array_bytes (level, (gsize) (w + 2) * (h + 2)) + 5 * 64;
            g_array_append_val (keys, under);
          }
    }

  block_bytes = ms_large_buffer_new_bytes (cells * (sizeof (float) + sizeof (guint32) + 2 * sizeof (guint16) + 1));
  storage = ms_large_buffer_new_bytes (tile_bytes);
  if (block_bytes == NULL || storage == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "Not enough memory for the map's overview (%" G_GSIZE_FORMAT " MiB)",
                   (cells * 13 + tile_bytes) >> 20);
      return NULL;
    }
  buffer = (guint8 *) g_bytes_get_data (block_bytes, NULL);
  block.heights = (float *) (gpointer) buffer;
  block.counts = (guint32 *) (gpointer) (buffer + cells * 4);
  block.water_ids = (guint16 *) (gpointer) (buffer + cells * 8);
  block.surfaces = (guint16 *) (gpointer) (buffer + cells * 10);
  block.biomes = buffer + cells * 12;
  ms_blueprint_grid_reduce (self->blueprint, &block, job->cancellable);

  for (guint i = 0; i < keys->len && !g_cancellable_is_cancelled (job->cancellable); i++)
    {
      const MsTileKey *under = &g_array_index (keys, MsTileKey, i);
      MsBlueprintTile *tile = tile_from_block (self, under, &block, storage, &offset);

      /* Above the block's level the samples are at the tile's own
       * cells' centres. */
      if (under->level > key->level - TOP_PASS_DEPTH)
        ms_blueprint_grid_sample (self->blueprint, &tile->grid, job->cancellable);
      /* A tile sampled in part is never cached. */
      if (g_cancellable_is_cancelled (job->cancellable))
        ms_blueprint_tile_unref (tile);
      else if (i + 1 == keys->len)
        top = tile;
      else
        {
          ms_tile_pyramid_offer (pyramid, job, under, tile, under->level == key->level - TOP_PASS_DEPTH);
          ms_blueprint_tile_unref (tile);
        }
    }

  if (g_cancellable_set_error_if_cancelled (job->cancellable, error))
    {
      g_clear_pointer (&top, ms_blueprint_tile_unref);
      return NULL;
    }
  return top;
}

/* A tile whose children are not cached: the top with the levels under it
 * (the view shows a fresh map at one of them), any other tile alone, for
 * a view that zooms into tiles it has not shown needs only those. */
static gpointer
make_direct (MsTilePyramid    *pyramid,
             const MsTileJob  *job,
             GError          **error)
{
  if (job->key.level >= TOP_PASS_DEPTH && job->key.level == ms_tile_pyramid_get_top_level (pyramid))
    return make_top_pass (MS_BLUEPRINT_PYRAMID (pyramid), job, error);
  return reduce_tile (pyramid, job, error);
}

static void
ms_blueprint_pyramid_class_init (MsBlueprintPyramidClass *klass)
{
  MsTilePyramidClass *pyramid_class = MS_TILE_PYRAMID_CLASS (klass);

  ms_blueprint_pyramid_class_set_tile_funcs (pyramid_class);
  /* Level 0, and a level above when its children are not at hand. */
  pyramid_class->make_base = reduce_tile;
  pyramid_class->make_from_children = make_from_children;
  pyramid_class->make_direct = make_direct;
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
