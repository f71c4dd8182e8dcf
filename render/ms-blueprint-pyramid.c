/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level-of-detail pyramid of a blueprint.  Tiles are reduced straight
 * from the mapping (MsBlueprintGrid, the same reduction the CPU image uses,
 * so GL and CPU output agree cell for cell), on worker threads, and kept in
 * a least-recently-used cache under a byte budget.  Nothing ever needs the
 * whole map, and no tile is larger than (256 + 2)² cells, whatever the map's
 * size or the GPU's texture limit.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include "ms-blueprint-pyramid.h"
#include "ms-tile-lru.h"

struct _MsBlueprintPyramid
{
  GObject      parent_instance;

  MsBlueprint *blueprint;
  guint        top_level;

  GMutex       lock;        /* guards tiles: workers make tiles too */
  MsTileLru   *tiles;       /* MsBlueprintTile* */
};

G_DEFINE_FINAL_TYPE (MsBlueprintPyramid, ms_blueprint_pyramid, G_TYPE_OBJECT)

MsBlueprintTile *
ms_blueprint_tile_ref (MsBlueprintTile *tile)
{
  g_atomic_int_inc (&tile->ref_count);
  return tile;
}

void
ms_blueprint_tile_unref (MsBlueprintTile *tile)
{
  if (!g_atomic_int_dec_and_test (&tile->ref_count))
    return;
  g_free (tile->grid.heights);
  g_free (tile->grid.biomes);
  g_free (tile->grid.water_ids);
  g_free (tile->grid.surfaces);
  g_free (tile);
}

gsize
ms_blueprint_tile_get_bytes (const MsBlueprintTile *tile)
{
  return sizeof *tile + (gsize) tile->grid.width * tile->grid.height * (4 + 1 + 2 + 2);
}

static void
ms_blueprint_pyramid_finalize (GObject *object)
{
  MsBlueprintPyramid *self = MS_BLUEPRINT_PYRAMID (object);

  ms_tile_lru_free (self->tiles);
  g_mutex_clear (&self->lock);
  g_clear_object (&self->blueprint);

  G_OBJECT_CLASS (ms_blueprint_pyramid_parent_class)->finalize (object);
}

static void
ms_blueprint_pyramid_class_init (MsBlueprintPyramidClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_blueprint_pyramid_finalize;
}

static void
ms_blueprint_pyramid_init (MsBlueprintPyramid *self)
{
  g_mutex_init (&self->lock);

}

MsBlueprintPyramid *
ms_blueprint_pyramid_new (MsBlueprint *blueprint,
                          gsize        budget_bytes)
{
  MsBlueprintPyramid *self;
  guint n;

  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), NULL);

  self = g_object_new (MS_TYPE_BLUEPRINT_PYRAMID, NULL);
  self->blueprint = g_object_ref (blueprint);
  self->tiles = ms_tile_lru_new (budget_bytes, (GDestroyNotify) ms_blueprint_tile_unref);

  n = ms_blueprint_get_map_size (blueprint);
  while (((guint64) MS_TILE_SIZE << self->top_level) < n)
    self->top_level++;

  return self;
}

MsBlueprint *
ms_blueprint_pyramid_get_blueprint (MsBlueprintPyramid *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (self), NULL);
  return self->blueprint;
}

guint
ms_blueprint_pyramid_get_top_level (MsBlueprintPyramid *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (self), 0);
  return self->top_level;
}

void
ms_blueprint_pyramid_get_tile_grid (MsBlueprintPyramid *self,
                                    guint               level,
                                    guint              *n_tiles_x,
                                    guint              *n_tiles_y)
{
  guint64 n = ms_blueprint_get_map_size (self->blueprint);
  guint64 span = (guint64) MS_TILE_SIZE << level;

  *n_tiles_x = *n_tiles_y = (guint) ((n + span - 1) / span);
}

MsBlueprintTile *
ms_blueprint_pyramid_lookup (MsBlueprintPyramid *self,
                             const MsTileKey    *key)
{
  MsBlueprintTile *tile;

  g_mutex_lock (&self->lock);
  tile = ms_tile_lru_lookup (self->tiles, key);
  if (tile != NULL)
    ms_blueprint_tile_ref (tile);
  g_mutex_unlock (&self->lock);

  return tile;
}

static void
insert_locked (MsBlueprintPyramid *self,
               MsBlueprintTile    *tile)
{
  if (ms_tile_lru_contains (self->tiles, &tile->key))
    return;  /* another thread made it first */
  ms_tile_lru_insert (self->tiles, &tile->key, ms_blueprint_tile_ref (tile),
                      ms_blueprint_tile_get_bytes (tile));
}

MsBlueprintTile *
ms_blueprint_pyramid_get_tile (MsBlueprintPyramid  *self,
                               const MsTileKey     *key,
                               GCancellable        *cancellable,
                               GError             **error)
{
  g_autoptr(MsBlueprintTile) tile = NULL;
  guint n = ms_blueprint_get_map_size (self->blueprint);
  guint nx, ny;
  gsize cells;
  guint64 span;

  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (self), NULL);

  ms_blueprint_pyramid_get_tile_grid (self, key->level, &nx, &ny);
  if (key->level > self->top_level || key->tx >= nx || key->ty >= ny)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "There is no tile %u/%u/%u", key->level, key->tx, key->ty);
      return NULL;
    }

  tile = ms_blueprint_pyramid_lookup (self, key);
  if (tile != NULL)
    return g_steal_pointer (&tile);

  tile = g_new0 (MsBlueprintTile, 1);
  tile->ref_count = 1;
  tile->key = *key;
  tile->grid.k = 1u << key->level;
  span = (guint64) MS_TILE_SIZE << key->level;
  tile->width = (guint) MIN ((guint64) MS_TILE_SIZE,
                             (n - key->tx * span + tile->grid.k - 1) / tile->grid.k);
  tile->height = (guint) MIN ((guint64) MS_TILE_SIZE,
                              (n - key->ty * span + tile->grid.k - 1) / tile->grid.k);
  tile->grid.x0 = (gint64) (key->tx * span) - tile->grid.k;
  tile->grid.y0 = (gint64) (key->ty * span) - tile->grid.k;
  tile->grid.width = tile->width + 2;
  tile->grid.height = tile->height + 2;
  cells = (gsize) tile->grid.width * tile->grid.height;
  tile->grid.heights = g_new (float, cells);
  tile->grid.biomes = g_new (guint8, cells);
  tile->grid.water_ids = g_new (guint16, cells);
  tile->grid.surfaces = g_new (guint16, cells);

  ms_blueprint_grid_reduce (self->blueprint, &tile->grid, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  g_mutex_lock (&self->lock);
  insert_locked (self, tile);
  g_mutex_unlock (&self->lock);

  return g_steal_pointer (&tile);
}

static void
get_tile_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  MsBlueprintTile *tile = ms_blueprint_pyramid_get_tile (source_object, task_data, cancellable, &error);

  if (tile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tile, (GDestroyNotify) ms_blueprint_tile_unref);
}

void
ms_blueprint_pyramid_get_tile_async (MsBlueprintPyramid  *self,
                                     const MsTileKey     *key,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MS_IS_BLUEPRINT_PYRAMID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ms_blueprint_pyramid_get_tile_async);
  g_task_set_task_data (task, g_memdup2 (key, sizeof *key), g_free);
  g_task_run_in_thread (task, get_tile_thread);
}

MsBlueprintTile *
ms_blueprint_pyramid_get_tile_finish (MsBlueprintPyramid  *self,
                                      GAsyncResult        *result,
                                      GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gsize
ms_blueprint_pyramid_get_cached_bytes (MsBlueprintPyramid *self)
{
  gsize bytes;

  g_mutex_lock (&self->lock);
  bytes = ms_tile_lru_get_bytes (self->tiles);
  g_mutex_unlock (&self->lock);
  return bytes;
}

guint
ms_blueprint_pyramid_get_cached_tiles (MsBlueprintPyramid *self)
{
  guint n;

  g_mutex_lock (&self->lock);
  n = ms_tile_lru_get_length (self->tiles);
  g_mutex_unlock (&self->lock);
  return n;
}
