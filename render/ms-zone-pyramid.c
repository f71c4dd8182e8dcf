/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level-of-detail pyramid of a zone, shaped like the blueprint one:
 * tiles are reduced straight from the zone (ms_zone_cell_reduce (), the
 * reduction of the CPU image, so GL and CPU agree cell for cell) on worker
 * threads and kept least-recently-used under a byte budget.  Unlike a
 * blueprint a zone changes: the pyramid follows the zone's "changed"
 * signal and says which tiles an edit touched; a cached tile is patched
 * where a small edit fell (a brush dab re-reads a few cells per level, not
 * the zone under a coarse tile), a tile a large edit covers is dropped and
 * made again.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>

#include "ms-parallel.h"
#include "ms-zone-pyramid.h"
#include "ms-tile-lru.h"

struct _MsZonePyramid
{
  GObject           parent_instance;

  MsZone           *zone;
  MsZoneCellFields  fields;
  guint             top_level;

  GMutex            lock;
  MsTileLru        *tiles;        /* MsZoneTile* */
  /* Changes so far, and for each tile key the change that last touched it:
   * a tile begun before that change is out of date when it is done. */
  guint64           serial;
  GHashTable       *touched;      /* packed key -> guint64 serial */
};

enum
{
  SIGNAL_TILES_INVALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsZonePyramid, ms_zone_pyramid, G_TYPE_OBJECT)

MsZoneTile *
ms_zone_tile_ref (MsZoneTile *tile)
{
  g_atomic_int_inc (&tile->ref_count);
  return tile;
}

void
ms_zone_tile_unref (MsZoneTile *tile)
{
  if (!g_atomic_int_dec_and_test (&tile->ref_count))
    return;
  g_free (tile->cells);
  g_free (tile);
}

gsize
ms_zone_tile_get_bytes (const MsZoneTile *tile)
{
  return sizeof *tile + (gsize) tile->grid_width * tile->grid_height * sizeof (MsZoneCell);
}

static void
ms_zone_pyramid_finalize (GObject *object)
{
  MsZonePyramid *self = MS_ZONE_PYRAMID (object);

  ms_tile_lru_free (self->tiles);
  g_hash_table_destroy (self->touched);
  g_mutex_clear (&self->lock);
  g_clear_object (&self->zone);

  G_OBJECT_CLASS (ms_zone_pyramid_parent_class)->finalize (object);
}

static void
ms_zone_pyramid_class_init (MsZonePyramidClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_zone_pyramid_finalize;

  /**
   * MsZonePyramid::tiles-invalidated:
   * @keys: (element-type MsTileKey): every tile, at every level, whose
   *   contents an edit changed, whether the pyramid had it cached or not
   *
   * Emitted on the thread that edited the zone, after the cached tiles are
   * gone, so a handler that asks for them gets new ones.
   */
  signals[SIGNAL_TILES_INVALIDATED] =
    g_signal_new ("tiles-invalidated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);
}

static void
ms_zone_pyramid_init (MsZonePyramid *self)
{
  g_mutex_init (&self->lock);
  self->touched = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

/* The tiles at one level whose cells [c0, c1] (inclusive) are their own
 * cells, or with @apron also their apron cells. */
static void
tile_range (guint     c0,
            guint     c1,
            gboolean  apron,
            guint     n_tiles,
            guint    *t0,
            guint    *t1)
{
  if (apron)
    {
      c0 = c0 > 0 ? c0 - 1 : 0;
      c1 = c1 + 1;
    }
  *t0 = c0 / MS_TILE_SIZE;
  *t1 = MIN (c1 / MS_TILE_SIZE, n_tiles - 1);
}

static void reduce_cell (MsZone     *zone,
                         MsZoneTile *t,
                         guint       gx,
                         guint       gy);

/* The grid cells of @t, [*c0, *c1] along one axis, whose zone tiles meet
 * [z0, z1); FALSE when none do. */
static gboolean
cell_range (gint64  origin,
            guint   k,
            guint   n_cells,
            gint64  z0,
            gint64  z1,
            guint  *c0,
            guint  *c1)
{
  gint64 a = (z0 - origin) / (gint64) k, b = (z1 - 1 - origin) / (gint64) k;

  if (z1 - 1 < origin || b < 0 || a >= (gint64) n_cells)
    return FALSE;
  *c0 = (guint) MAX (a, 0);
  *c1 = (guint) MIN (b, (gint64) n_cells - 1);
  return TRUE;
}

/* Zone tiles an edit may make one tile re-read before it is dropped and
 * made again on a worker: a brush dab is patched into the cached tiles
 * at every level at once, a fill of half the zone is not. */
#define PATCH_BUDGET_TILES (64 * 64 * 16)

/* A copy of @old with the cells over the changed zone tiles [x0, x1) ×
 * [y0, y1) reduced again, or NULL when that is not much cheaper than making
 * the tile anew.  Runs on the editing thread, which may read the zone. */
static MsZoneTile *
patch_tile (MsZonePyramid    *self,
            const MsZoneTile *old,
            gint64            x0,
            gint64            y0,
            gint64            x1,
            gint64            y1)
{
  MsZoneTile *tile;
  guint gx0, gx1, gy0, gy1;
  guint64 n_cells, n_grid = (guint64) old->grid_width * old->grid_height;

  if (!cell_range (old->x0, old->k, old->grid_width, x0, x1, &gx0, &gx1) ||
      !cell_range (old->y0, old->k, old->grid_height, y0, y1, &gy0, &gy1))
    return NULL;
  n_cells = (guint64) (gx1 - gx0 + 1) * (gy1 - gy0 + 1);
  if (n_cells * old->k * old->k > PATCH_BUDGET_TILES || n_cells * 4 > n_grid)
    return NULL;

  tile = g_memdup2 (old, sizeof *old);
  tile->ref_count = 1;
  tile->cells = g_memdup2 (old->cells, n_grid * sizeof (MsZoneCell));
  for (guint gy = gy0; gy <= gy1; gy++)
    for (guint gx = gx0; gx <= gx1; gx++)
      reduce_cell (self->zone, tile, gx, gy);
  return tile;
}

static void
on_zone_changed (MsZone        *zone,
                 guint          layer,
                 guint          x,
                 guint          y,
                 guint          width,
                 guint          height,
                 MsZonePyramid *self)
{
  g_autoptr(GArray) keys = NULL;
  MsZoneCellFields fields = ms_zone_cell_fields_of_layer ((MsZoneLayer) layer) & self->fields;
  guint x1 = x + width, y1 = y + height;
  /* A tile's slope reads the tiles to its right and below. */
  guint sx0 = (fields & MS_ZONE_CELL_SLOPE) && x > 0 ? x - 1 : x;
  guint sy0 = (fields & MS_ZONE_CELL_SLOPE) && y > 0 ? y - 1 : y;

  if (fields == 0 || width == 0 || height == 0)
    return;

  keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));

  g_mutex_lock (&self->lock);
  self->serial++;
  for (guint level = 0; level <= self->top_level; level++)
    {
      guint nx, ny, tx0, ty0, tx1, ty1;

      ms_zone_pyramid_get_tile_grid (self, level, &nx, &ny);
      tile_range (sx0 >> level, (x1 - 1) >> level, FALSE, nx, &tx0, &tx1);
      tile_range (sy0 >> level, (y1 - 1) >> level, FALSE, ny, &ty0, &ty1);
      if (fields & MS_ZONE_CELL_HEIGHT)
        {
          guint ax0, ay0, ax1, ay1;

          /* Neighbours shade with these heights through their apron. */
          tile_range (x >> level, (x1 - 1) >> level, TRUE, nx, &ax0, &ax1);
          tile_range (y >> level, (y1 - 1) >> level, TRUE, ny, &ay0, &ay1);
          tx0 = MIN (tx0, ax0);
          ty0 = MIN (ty0, ay0);
          tx1 = MAX (tx1, ax1);
          ty1 = MAX (ty1, ay1);
        }

      for (guint ty = ty0; ty <= ty1; ty++)
        for (guint tx = tx0; tx <= tx1; tx++)
          {
            MsTileKey key = { level, tx, ty };
            guint64 packed = ms_tile_key_pack (&key);
            MsZoneTile *old = ms_tile_lru_lookup (self->tiles, &key);
            MsZoneTile *patched = old != NULL ? patch_tile (self, old, sx0, sy0, x1, y1) : NULL;

            /* A cached tile is patched where the edit fell, so the view
             * gets it back at once; else it is made again on request. */
            ms_tile_lru_remove (self->tiles, &key);
            if (patched != NULL)
              {
                patched->serial = self->serial;
                ms_tile_lru_insert (self->tiles, &patched->key, patched, ms_zone_tile_get_bytes (patched));
              }
            g_hash_table_insert (self->touched, g_memdup2 (&packed, sizeof packed),
                                 g_memdup2 (&self->serial, sizeof self->serial));
            g_array_append_val (keys, key);
          }
    }
  g_mutex_unlock (&self->lock);

  g_signal_emit (self, signals[SIGNAL_TILES_INVALIDATED], 0, keys);
}

MsZonePyramid *
ms_zone_pyramid_new (MsZone *zone,
                     gsize   budget_bytes)
{
  MsZonePyramid *self;
  guint n;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  self = g_object_new (MS_TYPE_ZONE_PYRAMID, NULL);
  self->zone = g_object_ref (zone);
  self->tiles = ms_tile_lru_new (budget_bytes, (GDestroyNotify) ms_zone_tile_unref);
  self->fields = ms_zone_cell_fields_for_zone (zone);

  n = MAX (ms_zone_get_width (zone), ms_zone_get_height (zone));
  while (((guint64) MS_TILE_SIZE << self->top_level) < n)
    self->top_level++;

  g_signal_connect_object (zone, "changed", G_CALLBACK (on_zone_changed), self, 0);
  return self;
}

MsZone *
ms_zone_pyramid_get_zone (MsZonePyramid *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), NULL);
  return self->zone;
}

MsZoneCellFields
ms_zone_pyramid_get_fields (MsZonePyramid *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), 0);
  return self->fields;
}

guint
ms_zone_pyramid_get_top_level (MsZonePyramid *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), 0);
  return self->top_level;
}

void
ms_zone_pyramid_get_tile_grid (MsZonePyramid *self,
                               guint          level,
                               guint         *n_tiles_x,
                               guint         *n_tiles_y)
{
  guint64 span = (guint64) MS_TILE_SIZE << level;

  *n_tiles_x = (guint) ((ms_zone_get_width (self->zone) + span - 1) / span);
  *n_tiles_y = (guint) ((ms_zone_get_height (self->zone) + span - 1) / span);
}

void
ms_zone_pyramid_get_tile_size (MsZonePyramid   *self,
                               const MsTileKey *key,
                               guint           *width,
                               guint           *height)
{
  guint64 k = (guint64) 1 << key->level;
  guint64 span = MS_TILE_SIZE * k;
  guint64 zw = ms_zone_get_width (self->zone), zh = ms_zone_get_height (self->zone);

  *width = (guint) MIN ((guint64) MS_TILE_SIZE, (zw - key->tx * span + k - 1) / k);
  *height = (guint) MIN ((guint64) MS_TILE_SIZE, (zh - key->ty * span + k - 1) / k);
}

MsZoneTile *
ms_zone_pyramid_lookup (MsZonePyramid   *self,
                        const MsTileKey *key)
{
  MsZoneTile *tile;

  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), NULL);

  g_mutex_lock (&self->lock);
  tile = ms_tile_lru_lookup (self->tiles, key);
  if (tile != NULL)
    ms_zone_tile_ref (tile);
  g_mutex_unlock (&self->lock);

  return tile;
}

static void
insert_locked (MsZonePyramid *self,
               MsZoneTile    *tile)
{
  if (ms_tile_lru_contains (self->tiles, &tile->key))
    return;  /* another thread made it first */
  ms_tile_lru_insert (self->tiles, &tile->key, ms_zone_tile_ref (tile), ms_zone_tile_get_bytes (tile));
}

typedef struct
{
  MsZonePyramid *self;
  MsZoneTile    *tile;
  guint          band_rows;
  GCancellable  *cancellable;
} Reduce;

/* Grid cell (gx, gy) of @t from the zone: apron cells carry only the height
 * their neighbours shade with. */
static void
reduce_cell (MsZone     *zone,
             MsZoneTile *t,
             guint       gx,
             guint       gy)
{
  gint64 zw = ms_zone_get_width (zone), zh = ms_zone_get_height (zone);
  MsZoneCell *cell = &t->cells[(gsize) gy * t->grid_width + gx];
  gint64 x0 = MAX (t->x0 + (gint64) gx * t->k, 0), y0 = MAX (t->y0 + (gint64) gy * t->k, 0);
  gint64 x1 = MIN (t->x0 + (gint64) (gx + 1) * t->k, zw);
  gint64 y1 = MIN (t->y0 + (gint64) (gy + 1) * t->k, zh);
  gboolean apron = gx == 0 || gy == 0 || gx == t->grid_width - 1 || gy == t->grid_height - 1;
  MsZoneCellFields fields = apron ? t->fields & MS_ZONE_CELL_HEIGHT : t->fields;

  cell->height = NAN;
  if (x0 < x1 && y0 < y1 && fields != 0)
    ms_zone_cell_reduce (zone, fields, (guint) x0, (guint) y0, (guint) x1, (guint) y1, cell);
}

static void
reduce_band (guint    band,
             gpointer user_data)
{
  Reduce *r = user_data;
  MsZoneTile *t = r->tile;
  guint gy0 = band * r->band_rows, gy1 = MIN (gy0 + r->band_rows, t->grid_height);

  if (g_cancellable_is_cancelled (r->cancellable))
    return;

  for (guint gy = gy0; gy < gy1; gy++)
    for (guint gx = 0; gx < t->grid_width; gx++)
      reduce_cell (r->self->zone, t, gx, gy);
}

/* Makes tile @key from the zone.  *stale: an edit overtook it. */
static MsZoneTile *
make_tile (MsZonePyramid   *self,
           const MsTileKey *key,
           GCancellable    *cancellable,
           gboolean        *stale)
{
  g_autoptr(MsZoneTile) tile = g_new0 (MsZoneTile, 1);
  guint64 packed = ms_tile_key_pack (key), start;
  guint64 span = (guint64) MS_TILE_SIZE << key->level;
  const guint64 *touched;
  Reduce r;

  g_mutex_lock (&self->lock);
  start = self->serial;
  g_mutex_unlock (&self->lock);

  tile->ref_count = 1;
  tile->key = *key;
  tile->serial = start;
  tile->k = 1u << key->level;
  tile->fields = self->fields;
  ms_zone_pyramid_get_tile_size (self, key, &tile->width, &tile->height);
  tile->x0 = (gint64) (key->tx * span) - tile->k;
  tile->y0 = (gint64) (key->ty * span) - tile->k;
  tile->grid_width = tile->width + 2;
  tile->grid_height = tile->height + 2;
  tile->cells = g_new0 (MsZoneCell, (gsize) tile->grid_width * tile->grid_height);

  /* Bands of cell rows: each reads whole rows of zone tiles, in file order.
   * A coarse tile covers much of the zone, so it uses every processor. */
  r.self = self;
  r.tile = tile;
  r.cancellable = cancellable;
  r.band_rows = MAX (1u, MIN (64u, tile->grid_height / (2 * g_get_num_processors ()) + 1));
  ms_parallel_for ((tile->grid_height + r.band_rows - 1) / r.band_rows, reduce_band, &r);
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;

  g_mutex_lock (&self->lock);
  touched = g_hash_table_lookup (self->touched, &packed);
  *stale = touched != NULL && *touched > start;  /* ms_zone_pyramid_is_current () */
  if (!*stale)
    insert_locked (self, tile);
  g_mutex_unlock (&self->lock);

  return g_steal_pointer (&tile);
}

static gboolean
check_key (MsZonePyramid    *self,
           const MsTileKey  *key,
           GError          **error)
{
  guint nx, ny;

  ms_zone_pyramid_get_tile_grid (self, MIN (key->level, self->top_level), &nx, &ny);
  if (key->level > self->top_level || key->tx >= nx || key->ty >= ny)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "There is no zone tile %u/%u/%u", key->level, key->tx, key->ty);
      return FALSE;
    }
  return TRUE;
}

static MsZoneTile *
get_tile (MsZonePyramid    *self,
          const MsTileKey  *key,
          GCancellable     *cancellable,
          GError          **error)
{
  for (;;)
    {
      g_autoptr(MsZoneTile) tile = ms_zone_pyramid_lookup (self, key);
      gboolean stale = FALSE;

      if (tile != NULL)
        return g_steal_pointer (&tile);

      tile = make_tile (self, key, cancellable, &stale);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (!stale)
        return g_steal_pointer (&tile);
    }
}

MsZoneTile *
ms_zone_pyramid_get_tile (MsZonePyramid    *self,
                          const MsTileKey  *key,
                          GCancellable     *cancellable,
                          GError          **error)
{
  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_key (self, key, error))
    return NULL;
  return get_tile (self, key, cancellable, error);
}

static void
get_tile_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GError *error = NULL;
  MsZoneTile *tile = get_tile (source_object, task_data, cancellable, &error);

  if (tile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tile, (GDestroyNotify) ms_zone_tile_unref);
}

void
ms_zone_pyramid_get_tile_async (MsZonePyramid       *self,
                                const MsTileKey     *key,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (MS_IS_ZONE_PYRAMID (self));
  g_return_if_fail (key != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ms_zone_pyramid_get_tile_async);
  if (!check_key (self, key, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_set_task_data (task, g_memdup2 (key, sizeof *key), g_free);
  g_task_run_in_thread (task, get_tile_thread);
}

MsZoneTile *
ms_zone_pyramid_get_tile_finish (MsZonePyramid  *self,
                                 GAsyncResult   *result,
                                 GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
ms_zone_pyramid_is_current (MsZonePyramid    *self,
                            const MsZoneTile *tile)
{
  guint64 packed;
  const guint64 *touched;
  gboolean current;

  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), FALSE);
  g_return_val_if_fail (tile != NULL, FALSE);

  packed = ms_tile_key_pack (&tile->key);
  g_mutex_lock (&self->lock);
  touched = g_hash_table_lookup (self->touched, &packed);
  current = touched == NULL || *touched <= tile->serial;
  g_mutex_unlock (&self->lock);
  return current;
}

gsize
ms_zone_pyramid_get_cached_bytes (MsZonePyramid *self)
{
  gsize bytes;

  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), 0);

  g_mutex_lock (&self->lock);
  bytes = ms_tile_lru_get_bytes (self->tiles);
  g_mutex_unlock (&self->lock);
  return bytes;
}

guint
ms_zone_pyramid_get_cached_tiles (MsZonePyramid *self)
{
  guint n;

  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), 0);

  g_mutex_lock (&self->lock);
  n = ms_tile_lru_get_length (self->tiles);
  g_mutex_unlock (&self->lock);
  return n;
}
