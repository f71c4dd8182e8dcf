/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The shared machinery of the blueprint and zone pyramids: the tile grid,
 * the cache, the change serials, and building a tile from the four below
 * it (GEGL's gegl-tile-handler-zoom.c), recursively down to level 0.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include "ms-tile-lru.h"
#include "ms-tile-pyramid.h"

typedef struct
{
  GObject    *source;
  guint       width, height;   /* level-0 cells */
  guint       top_level;

  GMutex      lock;            /* guards everything below: workers make tiles too */
  MsTileLru  *tiles;
  /* Changes so far, and for each tile key the change that last touched it:
   * a tile begun before that change is out of date when it is done. */
  guint64     serial;
  GHashTable *touched;         /* packed key -> guint64 serial */
  MsTilePyramidLevelStats stats[MS_TILE_PYRAMID_MAX_LEVELS];
} MsTilePyramidPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MsTilePyramid, ms_tile_pyramid, G_TYPE_OBJECT)

#define PRIV(self) ((MsTilePyramidPrivate *) ms_tile_pyramid_get_instance_private (self))

static void
ms_tile_pyramid_finalize (GObject *object)
{
  MsTilePyramidPrivate *priv = PRIV (MS_TILE_PYRAMID (object));

  ms_tile_lru_free (priv->tiles);
  g_hash_table_destroy (priv->touched);
  g_mutex_clear (&priv->lock);
  g_clear_object (&priv->source);

  G_OBJECT_CLASS (ms_tile_pyramid_parent_class)->finalize (object);
}

static void
ms_tile_pyramid_class_init (MsTilePyramidClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_tile_pyramid_finalize;
}

static void
ms_tile_pyramid_init (MsTilePyramid *self)
{
  MsTilePyramidPrivate *priv = PRIV (self);

  g_mutex_init (&priv->lock);
  priv->touched = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

void
ms_tile_pyramid_set_extent (MsTilePyramid *self,
                            guint          width,
                            guint          height,
                            gsize          budget_bytes)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  guint n = MAX (width, height);

  g_return_if_fail (MS_IS_TILE_PYRAMID (self));
  g_return_if_fail (priv->tiles == NULL);

  priv->width = width;
  priv->height = height;
  priv->tiles = ms_tile_lru_new (budget_bytes, (GDestroyNotify) MS_TILE_PYRAMID_GET_CLASS (self)->tile_unref);
  priv->top_level = 0;
  while (((guint64) MS_TILE_SIZE << priv->top_level) < n)
    priv->top_level++;
  g_return_if_fail (priv->top_level < MS_TILE_PYRAMID_MAX_LEVELS);
}

void
ms_tile_pyramid_set_source (MsTilePyramid *self,
                            GObject       *source)
{
  g_return_if_fail (MS_IS_TILE_PYRAMID (self));
  g_return_if_fail (G_IS_OBJECT (source));
  g_set_object (&PRIV (self)->source, source);
}

GObject *
ms_tile_pyramid_get_source (MsTilePyramid *self)
{
  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), NULL);
  return PRIV (self)->source;
}

guint
ms_tile_pyramid_get_top_level (MsTilePyramid *self)
{
  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), 0);
  return PRIV (self)->top_level;
}

void
ms_tile_pyramid_get_extent (MsTilePyramid *self,
                            guint         *width,
                            guint         *height)
{
  *width = PRIV (self)->width;
  *height = PRIV (self)->height;
}

void
ms_tile_pyramid_get_tile_grid (MsTilePyramid *self,
                               guint          level,
                               guint         *n_tiles_x,
                               guint         *n_tiles_y)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  guint64 span = (guint64) MS_TILE_SIZE << level;

  *n_tiles_x = (guint) ((priv->width + span - 1) / span);
  *n_tiles_y = (guint) ((priv->height + span - 1) / span);
}

void
ms_tile_pyramid_get_tile_size (MsTilePyramid   *self,
                               const MsTileKey *key,
                               guint           *width,
                               guint           *height)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  guint64 k = (guint64) 1 << key->level;
  guint64 span = MS_TILE_SIZE * k;

  *width = (guint) MIN ((guint64) MS_TILE_SIZE, (priv->width - key->tx * span + k - 1) / k);
  *height = (guint) MIN ((guint64) MS_TILE_SIZE, (priv->height - key->ty * span + k - 1) / k);
}

static gboolean
key_exists (MsTilePyramid   *self,
            const MsTileKey *key)
{
  guint nx, ny;

  if (key->level > PRIV (self)->top_level)
    return FALSE;
  ms_tile_pyramid_get_tile_grid (self, key->level, &nx, &ny);
  return key->tx < nx && key->ty < ny;
}

gboolean
ms_tile_pyramid_check_key (MsTilePyramid    *self,
                           const MsTileKey  *key,
                           GError          **error)
{
  if (key_exists (self, key))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               "There is no tile %u/%u/%u", key->level, key->tx, key->ty);
  return FALSE;
}

gpointer
ms_tile_pyramid_lookup (MsTilePyramid   *self,
                        const MsTileKey *key)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  gpointer tile;

  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), NULL);

  g_mutex_lock (&priv->lock);
  tile = ms_tile_lru_lookup (priv->tiles, key);
  if (tile != NULL)
    MS_TILE_PYRAMID_GET_CLASS (self)->tile_ref (tile);
  g_mutex_unlock (&priv->lock);
  return tile;
}

static gboolean
is_stale_locked (MsTilePyramidPrivate *priv,
                 const MsTileKey      *key,
                 guint64               serial)
{
  guint64 packed = ms_tile_key_pack (key);
  const guint64 *touched = g_hash_table_lookup (priv->touched, &packed);

  return touched != NULL && *touched > serial;
}

static void
count_made_locked (MsTilePyramidPrivate *priv,
                   guint                 level)
{
  priv->stats[level].made++;
}

void
ms_tile_pyramid_note_read_locked (MsTilePyramid *self,
                                  guint          level,
                                  guint          n_children)
{
  MsTilePyramidLevelStats *s = &PRIV (self)->stats[level];

  s->children_read += n_children;
  s->max_children_read = MAX (s->max_children_read, n_children);
}

/* Are all the tiles under @key that exist in the cache? */
static gboolean
children_cached (MsTilePyramid   *self,
                 const MsTileKey *key)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  gboolean all = TRUE;

  g_mutex_lock (&priv->lock);
  for (guint c = 0; c < 4 && all; c++)
    {
      MsTileKey child = { key->level - 1, 2 * key->tx + (c & 1), 2 * key->ty + (c >> 1) };
      all = !key_exists (self, &child) || ms_tile_lru_contains (priv->tiles, &child);
    }
  g_mutex_unlock (&priv->lock);
  return all;
}

/* Tile @key made once: from the source, or from its children, each got
 * through get_tile () and so from the cache where it is there. */
static gpointer
make_tile (MsTilePyramid    *self,
           const MsTileKey  *key,
           guint64           serial,
           GCancellable     *cancellable,
           GError          **error)
{
  MsTilePyramidClass *klass = MS_TILE_PYRAMID_GET_CLASS (self);
  MsTileJob job = { *key, { NULL, NULL, NULL, NULL }, cancellable, serial };
  gpointer tile = NULL;
  guint n_children = 0;

  if (key->level == 0)
    return klass->make_base (self, &job, error);

  if (klass->make_direct != NULL && !children_cached (self, key))
    {
      tile = klass->make_direct (self, &job, error);
      if (tile != NULL)
        {
          g_mutex_lock (&PRIV (self)->lock);
          PRIV (self)->stats[key->level].made_direct++;
          g_mutex_unlock (&PRIV (self)->lock);
        }
      return tile;
    }

  for (guint c = 0; c < 4; c++)
    {
      MsTileKey child = { key->level - 1, 2 * key->tx + (c & 1), 2 * key->ty + (c >> 1) };

      if (!key_exists (self, &child))
        continue;
      job.children[c] = ms_tile_pyramid_get_tile (self, &child, cancellable, error);
      if (job.children[c] == NULL)
        goto out;
      n_children++;
    }

  g_mutex_lock (&PRIV (self)->lock);
  ms_tile_pyramid_note_read_locked (self, key->level, n_children);
  g_mutex_unlock (&PRIV (self)->lock);
  tile = klass->make_from_children (self, &job, error);

out:
  for (guint c = 0; c < 4; c++)
    if (job.children[c] != NULL)
      klass->tile_unref (job.children[c]);
  return tile;
}

gpointer
ms_tile_pyramid_get_tile (MsTilePyramid    *self,
                          const MsTileKey  *key,
                          GCancellable     *cancellable,
                          GError          **error)
{
  MsTilePyramidClass *klass;
  MsTilePyramidPrivate *priv;

  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ms_tile_pyramid_check_key (self, key, error))
    return NULL;

  klass = MS_TILE_PYRAMID_GET_CLASS (self);
  priv = PRIV (self);
  for (;;)
    {
      gpointer tile = ms_tile_pyramid_lookup (self, key);
      guint64 start;
      gboolean stale;

      if (tile != NULL)
        return tile;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;

      g_mutex_lock (&priv->lock);
      start = priv->serial;
      g_mutex_unlock (&priv->lock);

      tile = make_tile (self, key, start, cancellable, error);
      if (tile == NULL)
        return NULL;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          klass->tile_unref (tile);
          return NULL;
        }
      if (klass->tile_set_serial != NULL)
        klass->tile_set_serial (tile, start);

      g_mutex_lock (&priv->lock);
      stale = is_stale_locked (priv, key, start);
      if (!stale && !ms_tile_lru_contains (priv->tiles, key))  /* else another thread made it first */
        {
          ms_tile_lru_insert (priv->tiles, key, klass->tile_ref (tile), klass->tile_get_bytes (tile));
          count_made_locked (priv, key->level);
        }
      g_mutex_unlock (&priv->lock);

      /* An edit overtook it: made again, never cached. */
      if (!stale)
        return tile;
      klass->tile_unref (tile);
    }
}

void
ms_tile_pyramid_offer (MsTilePyramid   *self,
                       const MsTileJob *job,
                       const MsTileKey *key,
                       gpointer         tile,
                       gboolean         direct)
{
  MsTilePyramidClass *klass;
  MsTilePyramidPrivate *priv;

  g_return_if_fail (MS_IS_TILE_PYRAMID (self));
  g_return_if_fail (key_exists (self, key));

  klass = MS_TILE_PYRAMID_GET_CLASS (self);
  priv = PRIV (self);
  if (klass->tile_set_serial != NULL)
    klass->tile_set_serial (tile, job->serial);
  g_mutex_lock (&priv->lock);
  if (!is_stale_locked (priv, key, job->serial) && !ms_tile_lru_contains (priv->tiles, key))
    {
      ms_tile_lru_insert (priv->tiles, key, klass->tile_ref (tile), klass->tile_get_bytes (tile));
      count_made_locked (priv, key->level);
      if (direct)
        priv->stats[key->level].made_direct++;
    }
  g_mutex_unlock (&priv->lock);
}

static void
get_tile_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  gpointer tile = ms_tile_pyramid_get_tile (source_object, task_data, cancellable, &error);

  if (tile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tile,
                           (GDestroyNotify) MS_TILE_PYRAMID_GET_CLASS (source_object)->tile_unref);
}

void
ms_tile_pyramid_get_tile_async (MsTilePyramid       *self,
                                const MsTileKey     *key,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (MS_IS_TILE_PYRAMID (self));
  g_return_if_fail (key != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ms_tile_pyramid_get_tile_async);
  if (!ms_tile_pyramid_check_key (self, key, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, g_memdup2 (key, sizeof *key), g_free);
  g_task_run_in_thread (task, get_tile_thread);
}

gpointer
ms_tile_pyramid_get_tile_finish (MsTilePyramid  *self,
                                 GAsyncResult   *result,
                                 GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
ms_tile_pyramid_is_current (MsTilePyramid   *self,
                            const MsTileKey *key,
                            guint64          serial)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  gboolean current;

  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), FALSE);

  g_mutex_lock (&priv->lock);
  current = !is_stale_locked (priv, key, serial);
  g_mutex_unlock (&priv->lock);
  return current;
}

gsize
ms_tile_pyramid_get_cached_bytes (MsTilePyramid *self)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  gsize bytes;

  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), 0);

  g_mutex_lock (&priv->lock);
  bytes = ms_tile_lru_get_bytes (priv->tiles);
  g_mutex_unlock (&priv->lock);
  return bytes;
}

guint
ms_tile_pyramid_get_cached_tiles (MsTilePyramid *self)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  guint n;

  g_return_val_if_fail (MS_IS_TILE_PYRAMID (self), 0);

  g_mutex_lock (&priv->lock);
  n = ms_tile_lru_get_length (priv->tiles);
  g_mutex_unlock (&priv->lock);
  return n;
}

void
ms_tile_pyramid_get_level_stats (MsTilePyramid           *self,
                                 guint                    level,
                                 MsTilePyramidLevelStats *stats)
{
  MsTilePyramidPrivate *priv = PRIV (self);

  g_return_if_fail (MS_IS_TILE_PYRAMID (self));
  g_return_if_fail (level < MS_TILE_PYRAMID_MAX_LEVELS);

  g_mutex_lock (&priv->lock);
  *stats = priv->stats[level];
  g_mutex_unlock (&priv->lock);
}

void
ms_tile_pyramid_reset_stats (MsTilePyramid *self)
{
  MsTilePyramidPrivate *priv = PRIV (self);

  g_return_if_fail (MS_IS_TILE_PYRAMID (self));

  g_mutex_lock (&priv->lock);
  memset (priv->stats, 0, sizeof priv->stats);
  g_mutex_unlock (&priv->lock);
}

guint64
ms_tile_pyramid_begin_change (MsTilePyramid *self)
{
  MsTilePyramidPrivate *priv = PRIV (self);

  g_mutex_lock (&priv->lock);
  return ++priv->serial;
}

gpointer
ms_tile_pyramid_take_locked (MsTilePyramid   *self,
                             const MsTileKey *key)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  gpointer tile = ms_tile_lru_peek (priv->tiles, key);

  if (tile == NULL)
    return NULL;
  MS_TILE_PYRAMID_GET_CLASS (self)->tile_ref (tile);
  ms_tile_lru_remove (priv->tiles, key);
  return tile;
}

void
ms_tile_pyramid_put_locked (MsTilePyramid   *self,
                            const MsTileKey *key,
                            gpointer         tile)
{
  MsTilePyramidPrivate *priv = PRIV (self);

  ms_tile_lru_insert (priv->tiles, key, tile, MS_TILE_PYRAMID_GET_CLASS (self)->tile_get_bytes (tile));
  count_made_locked (priv, key->level);
}

gpointer
ms_tile_pyramid_peek_locked (MsTilePyramid   *self,
                             const MsTileKey *key)
{
  return ms_tile_lru_peek (PRIV (self)->tiles, key);
}

void
ms_tile_pyramid_touch_locked (MsTilePyramid   *self,
                              const MsTileKey *key)
{
  MsTilePyramidPrivate *priv = PRIV (self);
  guint64 packed = ms_tile_key_pack (key);

  g_hash_table_insert (priv->touched, g_memdup2 (&packed, sizeof packed),
                       g_memdup2 (&priv->serial, sizeof priv->serial));
}

void
ms_tile_pyramid_end_change (MsTilePyramid *self)
{
  g_mutex_unlock (&PRIV (self)->lock);
}
