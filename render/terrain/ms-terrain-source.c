/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-source"

#include "config.h"

#include <math.h>

#include "ms-terrain-source.h"
#include "ms-tile-lru.h"

/* Heights and colours of a 256² tile are 512 KiB: 64 MiB holds the ~120
 * tiles a view of any map needs around the eye, at every level. */
#define CACHE_BUDGET (64u << 20)

MsTerrainTile *
ms_terrain_tile_new (const MsTileKey *key,
                     guint            width,
                     guint            height)
{
  MsTerrainTile *tile = g_new0 (MsTerrainTile, 1);

  tile->key = *key;
  tile->width = width;
  tile->height = height;
  tile->heights = g_new (float, (gsize) (width + 2) * (height + 2));
  tile->colours = g_new0 (guint32, (gsize) width * height);
  tile->ref_count = 1;
  return tile;
}

MsTerrainTile *
ms_terrain_tile_ref (MsTerrainTile *tile)
{
  g_atomic_int_inc (&tile->ref_count);
  return tile;
}

void
ms_terrain_tile_unref (MsTerrainTile *tile)
{
  if (!g_atomic_int_dec_and_test (&tile->ref_count))
    return;
  g_free (tile->heights);
  g_free (tile->colours);
  g_free (tile);
}

gsize
ms_terrain_tile_get_bytes (const MsTerrainTile *tile)
{
  return sizeof *tile + (gsize) (tile->width + 2) * (tile->height + 2) * sizeof (float) +
         (gsize) tile->width * tile->height * sizeof (guint32);
}

static inline float
tile_h (const MsTerrainTile *t,
        int                  gx,
        int                  gy)
{
  gx = CLAMP (gx, 0, (int) t->width + 1);
  gy = CLAMP (gy, 0, (int) t->height + 1);
  return t->heights[(gsize) gy * (t->width + 2) + gx];
}

void
ms_terrain_tile_finish (MsTerrainTile *tile,
                        guint          map_width,
                        guint          map_height)
{
  guint gw = tile->width + 2, gh = tile->height + 2;
  float lo = INFINITY, hi = -INFINITY;

  for (gsize i = 0; i < (gsize) gw * gh; i++)
    if (isfinite (tile->heights[i]))
      {
        lo = MIN (lo, tile->heights[i]);
        hi = MAX (hi, tile->heights[i]);
      }
  if (!isfinite (lo))
    lo = hi = 0.0f;

  /* Own cells without data sit at the lowest height; the apron beyond the
   * map repeats the edge, so the mesh ends in a wall of no height. */
  for (guint gy = 1; gy <= tile->height; gy++)
    for (guint gx = 1; gx <= tile->width; gx++)
      if (!isfinite (tile->heights[(gsize) gy * gw + gx]))
        tile->heights[(gsize) gy * gw + gx] = lo;
  for (guint gy = 0; gy < gh; gy++)
    for (guint gx = 0; gx < gw; gx++)
      if (!isfinite (tile->heights[(gsize) gy * gw + gx]))
        tile->heights[(gsize) gy * gw + gx] =
          tile->heights[(gsize) CLAMP (gy, 1, tile->height) * gw + CLAMP (gx, 1, tile->width)];
  (void) map_width;
  (void) map_height;

  tile->min = lo;
  tile->max = hi;
  for (guint by = 0; by < MS_TERRAIN_TILE_BLOCKS; by++)
    for (guint bx = 0; bx < MS_TERRAIN_TILE_BLOCKS; bx++)
      {
        float blo = INFINITY, bhi = -INFINITY;
        guint n = MS_TILE_SIZE / MS_TERRAIN_TILE_BLOCKS;

        /* The node's vertices reach one cell past its block, into the
         * apron at the tile's edge. */
        for (guint cy = by * n; cy <= by * n + n; cy++)
          for (guint cx = bx * n; cx <= bx * n + n; cx++)
            {
              float h = tile_h (tile, (int) cx + 1, (int) cy + 1);
              blo = MIN (blo, h);
              bhi = MAX (bhi, h);
            }
        tile->node_min[by * MS_TERRAIN_TILE_BLOCKS + bx] = blo;
        tile->node_max[by * MS_TERRAIN_TILE_BLOCKS + bx] = bhi;
      }
}

float
ms_terrain_tile_sample (const MsTerrainTile *tile,
                        double               map_x,
                        double               map_y)
{
  double k = ldexp (1.0, (int) tile->key.level);
  /* Continuous grid coordinates: cell centres at integers, apron at 0. */
  double gx = map_x / k - (double) tile->key.tx * MS_TILE_SIZE - 0.5 + 1.0;
  double gy = map_y / k - (double) tile->key.ty * MS_TILE_SIZE - 0.5 + 1.0;
  double fx, fy;
  int ix, iy;

  gx = CLAMP (gx, 0.0, (double) tile->width + 1);
  gy = CLAMP (gy, 0.0, (double) tile->height + 1);
  ix = (int) floor (gx);
  iy = (int) floor (gy);
  fx = gx - ix;
  fy = gy - iy;
  return (float) ((tile_h (tile, ix, iy) * (1 - fx) + tile_h (tile, ix + 1, iy) * fx) * (1 - fy) +
                  (tile_h (tile, ix, iy + 1) * (1 - fx) + tile_h (tile, ix + 1, iy + 1) * fx) * fy);
}

typedef struct
{
  guint          width, height, top_level;
  double         metres_per_pixel;
  GMutex         lock;
  MsTileLru     *cache;
  MsTerrainTile *top;  /* kept out of the LRU: every bound falls back to it */
  guint64        generation;  /* invalidations so far */
  MsTerrainContours contours;
} MsTerrainSourcePrivate;

G_DEFINE_TYPE_WITH_PRIVATE (MsTerrainSource, ms_terrain_source, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
make_tile_thread (GTask        *task,
                  gpointer      source,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  GError *error = NULL;
  MsTerrainTile *tile = MS_TERRAIN_SOURCE_GET_CLASS (source)->make_tile (source, task_data,
                                                                           cancellable, &error);

  if (tile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tile, (GDestroyNotify) ms_terrain_tile_unref);
}

static void
real_make_tile_async (MsTerrainSource     *self,
                      const MsTileKey     *key,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, real_make_tile_async);
  g_task_set_task_data (task, g_memdup2 (key, sizeof *key), g_free);
  g_task_run_in_thread (task, make_tile_thread);
}

static MsTerrainTile *
real_make_tile_finish (MsTerrainSource *self,
                       GAsyncResult    *result,
                       GError         **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
ms_terrain_source_finalize (GObject *object)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (MS_TERRAIN_SOURCE (object));

  g_clear_pointer (&priv->cache, ms_tile_lru_free);
  g_clear_pointer (&priv->top, ms_terrain_tile_unref);
  g_mutex_clear (&priv->lock);
  G_OBJECT_CLASS (ms_terrain_source_parent_class)->finalize (object);
}

static void
ms_terrain_source_class_init (MsTerrainSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_terrain_source_finalize;
  klass->make_tile_async = real_make_tile_async;
  klass->make_tile_finish = real_make_tile_finish;

  /**
   * MsTerrainSource::changed:
   *
   * The heights or colours changed; every tile made before is stale.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ms_terrain_source_init (MsTerrainSource *self)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  g_mutex_init (&priv->lock);
  priv->cache = ms_tile_lru_new (CACHE_BUDGET, (GDestroyNotify) ms_terrain_tile_unref);
  priv->metres_per_pixel = 1.0;
}

void
ms_terrain_source_set_extent (MsTerrainSource *self,
                              guint            width,
                              guint            height,
                              double           metres_per_pixel)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  guint top = 0;

  while (((guint64) MS_TILE_SIZE << top) < MAX (width, height))
    top++;
  priv->width = width;
  priv->height = height;
  priv->top_level = top;
  priv->metres_per_pixel = metres_per_pixel;
}

void
ms_terrain_source_set_contours (MsTerrainSource         *self,
                                const MsTerrainContours *contours)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  g_return_if_fail (MS_IS_TERRAIN_SOURCE (self));
  g_return_if_fail (contours != NULL);

  priv->contours = *contours;
}

void
ms_terrain_source_get_contours (MsTerrainSource   *self,
                                MsTerrainContours *contours)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  g_return_if_fail (MS_IS_TERRAIN_SOURCE (self));
  *contours = priv->contours;
}

void
ms_terrain_source_get_extent (MsTerrainSource *self,
                              guint           *width,
                              guint           *height)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  *width = priv->width;
  *height = priv->height;
}

guint
ms_terrain_source_get_top_level (MsTerrainSource *self)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  return priv->top_level;
}

double
ms_terrain_source_get_metres_per_pixel (MsTerrainSource *self)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  return priv->metres_per_pixel;
}

void
ms_terrain_source_get_tile_grid (MsTerrainSource *self,
                                 guint            level,
                                 guint           *n_tiles_x,
                                 guint           *n_tiles_y)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  guint64 span = (guint64) MS_TILE_SIZE << level;

  *n_tiles_x = (guint) ((priv->width + span - 1) / span);
  *n_tiles_y = (guint) ((priv->height + span - 1) / span);
}

static MsTerrainTile *
lookup_locked (MsTerrainSourcePrivate *priv,
               const MsTileKey        *key)
{
  MsTerrainTile *tile;

  if (priv->top != NULL && key->level == priv->top_level)
    return key->tx == 0 && key->ty == 0 ? ms_terrain_tile_ref (priv->top) : NULL;
  tile = ms_tile_lru_lookup (priv->cache, key);
  return tile != NULL ? ms_terrain_tile_ref (tile) : NULL;
}

MsTerrainTile *
ms_terrain_source_lookup (MsTerrainSource *self,
                          const MsTileKey *key)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&priv->lock);

  return lookup_locked (priv, key);
}

/* Caches @tile unless an invalidation came after @generation, when it was
 * begun: then it shows what is no longer so.  FALSE when stale. */
static gboolean
store (MsTerrainSource *self,
       MsTerrainTile   *tile,
       guint64          generation)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&priv->lock);

  if (generation != priv->generation)
    return FALSE;
  if (tile->key.level == priv->top_level)
    {
      g_clear_pointer (&priv->top, ms_terrain_tile_unref);
      priv->top = ms_terrain_tile_ref (tile);
    }
  else
    ms_tile_lru_insert (priv->cache, &tile->key, ms_terrain_tile_ref (tile),
                        ms_terrain_tile_get_bytes (tile));
  return TRUE;
}

static guint64
get_generation (MsTerrainSource *self)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&priv->lock);

  return priv->generation;
}

MsTerrainTile *
ms_terrain_source_get_tile (MsTerrainSource *self,
                            const MsTileKey *key,
                            GCancellable    *cancellable,
                            GError         **error)
{
  MsTerrainTile *tile;
  guint64 generation;

  g_return_val_if_fail (MS_IS_TERRAIN_SOURCE (self), NULL);

  tile = ms_terrain_source_lookup (self, key);
  if (tile != NULL)
    return tile;
  generation = get_generation (self);
  tile = MS_TERRAIN_SOURCE_GET_CLASS (self)->make_tile (self, key, cancellable, error);
  if (tile != NULL)
    store (self, tile, generation);
  return tile;
}

static void
got_tile (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  MsTerrainSource *self = MS_TERRAIN_SOURCE (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  MsTerrainTile *tile = MS_TERRAIN_SOURCE_GET_CLASS (self)->make_tile_finish (self, result, &error);

  if (tile == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (!store (self, tile, GPOINTER_TO_SIZE (g_task_get_task_data (task)) /* generation */))
    {
      ms_terrain_tile_unref (tile);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               "The terrain changed while the tile was made");
      return;
    }
  g_task_return_pointer (task, tile, (GDestroyNotify) ms_terrain_tile_unref);
}

void
ms_terrain_source_get_tile_async (MsTerrainSource     *self,
                                  const MsTileKey     *key,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  MsTerrainTile *tile = ms_terrain_source_lookup (self, key);

  g_task_set_source_tag (task, ms_terrain_source_get_tile_async);
  g_task_set_task_data (task, GSIZE_TO_POINTER ((gsize) get_generation (self)), NULL);
  if (tile != NULL)
    {
      g_task_return_pointer (task, tile, (GDestroyNotify) ms_terrain_tile_unref);
      return;
    }
  MS_TERRAIN_SOURCE_GET_CLASS (self)->make_tile_async (self, key, cancellable, got_tile,
                                                       g_steal_pointer (&task));
}

MsTerrainTile *
ms_terrain_source_get_tile_finish (MsTerrainSource *self,
                                   GAsyncResult    *result,
                                   GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

MsTerrainTile *
ms_terrain_source_lookup_cover (MsTerrainSource *self,
                                guint            level,
                                guint            x,
                                guint            y)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&priv->lock);

  for (guint l = MIN (level, priv->top_level); l <= priv->top_level; l++)
    {
      MsTileKey key = { l, x / (MS_TILE_SIZE << l), y / (MS_TILE_SIZE << l) };
      MsTerrainTile *tile = lookup_locked (priv, &key);

      if (tile != NULL)
        return tile;
    }
  return NULL;
}

gboolean
ms_terrain_source_get_bounds (MsTerrainSource *self,
                              guint            level,
                              guint            x0,
                              guint            y0,
                              guint            size,
                              float           *min,
                              float           *max)
{
  g_autoptr(MsTerrainTile) tile = ms_terrain_source_lookup_cover (self, level, x0, y0);
  guint l, block_span;

  if (tile == NULL)
    return FALSE;
  l = tile->key.level;
  block_span = (MS_TILE_SIZE / MS_TERRAIN_TILE_BLOCKS) << l;
  if (size <= block_span)
    {
      guint bx = (x0 - tile->key.tx * (MS_TILE_SIZE << l)) / block_span;
      guint by = (y0 - tile->key.ty * (MS_TILE_SIZE << l)) / block_span;

      *min = tile->node_min[by * MS_TERRAIN_TILE_BLOCKS + bx];
      *max = tile->node_max[by * MS_TERRAIN_TILE_BLOCKS + bx];
    }
  else
    {
      *min = tile->min;
      *max = tile->max;
    }
  return TRUE;
}

gboolean
ms_terrain_source_height_at (MsTerrainSource *self,
                             double           map_x,
                             double           map_y,
                             float           *metres)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  g_autoptr(MsTerrainTile) tile = NULL;

  if (!(map_x >= 0.0 && map_y >= 0.0 && map_x < priv->width && map_y < priv->height))
    return FALSE;
  tile = ms_terrain_source_lookup_cover (self, 0, (guint) map_x, (guint) map_y);
  if (tile == NULL)
    return FALSE;
  *metres = ms_terrain_tile_sample (tile, map_x, map_y);
  return TRUE;
}

void
ms_terrain_source_invalidate (MsTerrainSource *self)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);

  g_mutex_lock (&priv->lock);
  priv->generation++;
  ms_tile_lru_clear (priv->cache);
  g_clear_pointer (&priv->top, ms_terrain_tile_unref);
  g_mutex_unlock (&priv->lock);
  g_signal_emit (self, signals[CHANGED], 0);
}

typedef struct
{
  MsTerrainSource *self;
  double           scale;  /* metres to world y */
} Scene;

static void
node_bounds (guint    x0,
             guint    y0,
             guint    size,
             double  *min_y,
             double  *max_y,
             gpointer user_data)
{
  Scene *scene = user_data;
  guint lod = 0;
  float lo, hi;

  while (((guint) MS_TERRAIN_MESH << lod) < size)
    lod++;
  if (!ms_terrain_source_get_bounds (scene->self, lod, x0, y0, size, &lo, &hi))
    {
      /* Nothing known yet: never culled for its height. */
      *min_y = -1e7;
      *max_y = 1e7;
      return;
    }
  *min_y = lo * scene->scale;
  *max_y = hi * scene->scale;
}

GArray *
ms_terrain_source_select (MsTerrainSource       *self,
                          const MsTerrainCamera *camera,
                          double                 exaggeration,
                          double                 viewport_height,
                          double                 pixels_per_quad)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  Scene scene = { self, exaggeration / priv->metres_per_pixel };
  MsTerrainLodParams params = {
    .map_width = priv->width, .map_height = priv->height,
    /* A quad 2^l wide at distance range[l] = r0 · 2^l spans
     * H / (2 r0 tan(fov / 2)) pixels, the same at every LOD. */
    .lod0_range = MAX (viewport_height / (2.0 * tan (camera->fov_deg * G_PI / 360.0) *
                                          MAX (pixels_per_quad, 0.25)),
                       4.0 * MS_TERRAIN_MESH),
    .morph_ratio = 0.7,
    .bounds = node_bounds,
    .bounds_data = &scene,
  };
  MsTerrainFrustum frustum;
  double eye[3];

  ms_terrain_frustum_init (&frustum, camera);
  ms_terrain_camera_get_eye (camera, eye);
  return ms_terrain_lod_select (&params, eye, &frustum);
}

void
ms_terrain_source_node_key (MsTerrainSource     *self,
                            const MsTerrainNode *node,
                            MsTileKey           *key)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  guint level = MIN (node->lod, priv->top_level);

  key->level = level;
  key->tx = node->x / (MS_TILE_SIZE << level);
  key->ty = node->y / (MS_TILE_SIZE << level);
}

void
ms_terrain_source_node_colour_key (MsTerrainSource     *self,
                                   const MsTerrainNode *node,
                                   MsTileKey           *key)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  guint level = MIN (node->lod > MS_TERRAIN_COLOUR_LODS ? node->lod - MS_TERRAIN_COLOUR_LODS : 0,
                     priv->top_level);

  key->level = level;
  key->tx = node->x / (MS_TILE_SIZE << level);
  key->ty = node->y / (MS_TILE_SIZE << level);
}

static gboolean
pick_height (double   map_x,
             double   map_y,
             double  *world_y,
             gpointer user_data)
{
  Scene *scene = user_data;
  float metres;

  if (!ms_terrain_source_height_at (scene->self, map_x, map_y, &metres))
    return FALSE;
  *world_y = metres * scene->scale;
  return TRUE;
}

gboolean
ms_terrain_source_pick (MsTerrainSource       *self,
                        const MsTerrainCamera *camera,
                        double                 exaggeration,
                        double                 sx,
                        double                 sy,
                        double                 width,
                        double                 height,
                        double                *map_x,
                        double                *map_y,
                        float                 *metres)
{
  MsTerrainSourcePrivate *priv = ms_terrain_source_get_instance_private (self);
  Scene scene = { self, exaggeration / priv->metres_per_pixel };
  float lo = 0.0f, hi = 0.0f;
  double world[3];

  {
    g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&priv->lock);
    if (priv->top == NULL)
      return FALSE;
    lo = priv->top->min;
    hi = priv->top->max;
  }
  /* The top tile's means may miss a peak by a little: a margin. */
  if (!ms_terrain_camera_pick (camera, sx, sy, width, height,
                               lo * scene.scale - 1.0, hi * scene.scale * 1.25 + 1.0, 0.5,
                               pick_height, &scene, world))
    return FALSE;
  *map_x = CLAMP (world[0], 0.0, priv->width - 1e-6);
  *map_y = CLAMP (world[2], 0.0, priv->height - 1e-6);
  return ms_terrain_source_height_at (self, *map_x, *map_y, metres);
}
