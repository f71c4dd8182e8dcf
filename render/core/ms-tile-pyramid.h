/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-tile.h"

G_BEGIN_DECLS

/* What the levels of a pyramid have done since the last reset: the tiles
 * made (from the source at level 0, from the level below above it, or
 * patched after an edit) and how many tiles of the level below they read. */
typedef struct
{
  guint64 made;
  guint64 made_direct;        /* of them, from the source (make_direct) */
  guint64 children_read;
  guint   max_children_read;  /* the most one tile of this level read */
} MsTilePyramidLevelStats;

#define MS_TILE_PYRAMID_MAX_LEVELS 24

/* A tile to make: for make_from_children, children[2 · j + i] is tile
 * (2 · tx + i, 2 · ty + j) of the level below, NULL beyond the map (and
 * all NULL for make_base and make_direct); serial is the change serial the
 * job began at (see ms_tile_pyramid_offer ()). */
typedef struct
{
  MsTileKey     key;
  gpointer      children[4];
  GCancellable *cancellable;
  guint64       serial;
} MsTileJob;

/* The level-of-detail pyramid both the blueprint and the zone views draw
 * from, as GEGL's zoom handler builds one: a level-0 tile is made from the
 * source, a tile of level L ≥ 1 from the four tiles of level L − 1 under
 * it, which are fetched from the cache or made the same way.  So no tile
 * above level 0 reads the source's pixels (but for what a subclass says it
 * reads itself, such as an apron), and the reductions must be associative.
 *
 * The base class owns the tile grid, the lock, the least-recently-used
 * cache under a byte budget, the change serials that tell a tile an edit
 * overtook, and the _async/_finish pair; subclasses make tiles.  Tiles are
 * opaque here, reference counted through the class's tile_ref/tile_unref. */
#define MS_TYPE_TILE_PYRAMID (ms_tile_pyramid_get_type ())
G_DECLARE_DERIVABLE_TYPE (MsTilePyramid, ms_tile_pyramid, MS, TILE_PYRAMID, GObject)

struct _MsTilePyramidClass
{
  GObjectClass parent_class;

  gpointer (*tile_ref)           (gpointer         tile);
  void     (*tile_unref)         (gpointer         tile);
  gsize    (*tile_get_bytes)     (gconstpointer    tile);
  /* Optional: stamps a tile with the change serial it was begun at. */
  void     (*tile_set_serial)    (gpointer         tile,
                                  guint64          serial);
  /* Level 0, from the source; any thread. */
  gpointer (*make_base)          (MsTilePyramid   *self,
                                  const MsTileJob *job,
                                  GError         **error);
  /* Level job->key.level ≥ 1 from job->children. */
  gpointer (*make_from_children) (MsTilePyramid   *self,
                                  const MsTileJob *job,
                                  GError         **error);
  /* Optional: level ≥ 1 straight from the source, used when not all of its
   * children are cached.  Making the four (and theirs, down to level 0)
   * one by one only to reduce them would make the first overview of a big
   * map wait on every level-0 tile; a direct reduction reads the same
   * pixels once.  It may make tiles under its own in the same pass and
   * hand them to ms_tile_pyramid_offer (). */
  gpointer (*make_direct)        (MsTilePyramid   *self,
                                  const MsTileJob *job,
                                  GError         **error);

  gpointer padding[7];
};

guint    ms_tile_pyramid_get_top_level    (MsTilePyramid   *self);
void     ms_tile_pyramid_get_extent       (MsTilePyramid   *self,
                                           guint           *width,
                                           guint           *height);
void     ms_tile_pyramid_get_tile_grid    (MsTilePyramid   *self,
                                           guint            level,
                                           guint           *n_tiles_x,
                                           guint           *n_tiles_y);
/* The number of own cells of tile @key along x and y. */
void     ms_tile_pyramid_get_tile_size    (MsTilePyramid   *self,
                                           const MsTileKey *key,
                                           guint           *width,
                                           guint           *height);
gboolean ms_tile_pyramid_check_key        (MsTilePyramid   *self,
                                           const MsTileKey *key,
                                           GError         **error);
/* A cached tile (a new reference), or NULL; marks it recently used. */
gpointer ms_tile_pyramid_lookup           (MsTilePyramid   *self,
                                           const MsTileKey *key);
/* The tile, made now (with what it needs below it) if not cached. */
gpointer ms_tile_pyramid_get_tile         (MsTilePyramid   *self,
                                           const MsTileKey *key,
                                           GCancellable    *cancellable,
                                           GError         **error);
/* The same on a worker thread; the callback runs in the caller's context. */
void     ms_tile_pyramid_get_tile_async   (MsTilePyramid       *self,
                                           const MsTileKey     *key,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gpointer ms_tile_pyramid_get_tile_finish  (MsTilePyramid   *self,
                                           GAsyncResult    *result,
                                           GError         **error);
/* For make_direct: @tile, of @key, made along with @job's own tile, is
 * cached (with a reference of its own) and counted as made, from the
 * source when @direct; unless it is cached already or a change since the
 * job began touched it. */
void     ms_tile_pyramid_offer            (MsTilePyramid   *self,
                                           const MsTileJob *job,
                                           const MsTileKey *key,
                                           gpointer         tile,
                                           gboolean         direct);
/* FALSE once a change touched @key after @serial (the tile's own). */
gboolean ms_tile_pyramid_is_current       (MsTilePyramid   *self,
                                           const MsTileKey *key,
                                           guint64          serial);
gsize    ms_tile_pyramid_get_cached_bytes (MsTilePyramid   *self);
guint    ms_tile_pyramid_get_cached_tiles (MsTilePyramid   *self);

/* Counters for tests and benchmarks. */
void     ms_tile_pyramid_get_level_stats  (MsTilePyramid           *self,
                                           guint                    level,
                                           MsTilePyramidLevelStats *stats);
void     ms_tile_pyramid_reset_stats      (MsTilePyramid           *self);

/* The object the tiles are made from (a blueprint, a zone). */
GObject *ms_tile_pyramid_get_source       (MsTilePyramid   *self);

/* For subclasses: @source is kept for the pyramid's life. */
void     ms_tile_pyramid_set_extent       (MsTilePyramid   *self,
                                           guint            width,
                                           guint            height,
                                           gsize            budget_bytes);
void     ms_tile_pyramid_set_source       (MsTilePyramid   *self,
                                           GObject         *source);
/* A change: takes the lock and returns the new serial.  Until
 * _end_change () the subclass may take, replace and touch tiles. */
guint64  ms_tile_pyramid_begin_change     (MsTilePyramid   *self);
/* The cached tile of @key removed from the cache (the cache's reference
 * handed over), or NULL. */
gpointer ms_tile_pyramid_take_locked      (MsTilePyramid   *self,
                                           const MsTileKey *key);
/* Caches @tile (reference taken over) under @key, counted as made. */
void     ms_tile_pyramid_put_locked       (MsTilePyramid   *self,
                                           const MsTileKey *key,
                                           gpointer         tile);
/* A cached tile without touching its place in the cache (no reference). */
gpointer ms_tile_pyramid_peek_locked      (MsTilePyramid   *self,
                                           const MsTileKey *key);
/* Marks @key changed by this change: tiles begun before it are stale. */
void     ms_tile_pyramid_touch_locked     (MsTilePyramid   *self,
                                           const MsTileKey *key);
void     ms_tile_pyramid_note_read_locked (MsTilePyramid   *self,
                                           guint            level,
                                           guint            n_children);
void     ms_tile_pyramid_end_change       (MsTilePyramid   *self);

/* The typed face of a subclass whose tiles are @Tile: what the views and
 * GL renderers call, each forwarding to the ms_tile_pyramid_ function of the
 * same name; and tile_prefix##_ref, _unref, _get_bytes (the subclass defines
 * the last) with a g_autoptr cleanup.  _DECLARE in the subclass's header,
 * after G_DECLARE_FINAL_TYPE; _DEFINE in its file.
 *
 * _DEFINE also makes the tiles reference counted (g_atomic_rc_box: a tile
 * is allocated with g_atomic_rc_box_new0 () or _dup ()), defining
 * tile_prefix##_ref and tile_prefix##_unref, which calls @tile_clear on the
 * last reference, and t_n##_class_set_tile_funcs () for the class_init. */
#define MS_TILE_PYRAMID_DECLARE_TYPED(TN, t_n, Tile, tile_prefix)                             \
  Tile     *tile_prefix##_ref       (Tile *tile);                                            \
  void      tile_prefix##_unref     (Tile *tile);                                            \
  gsize     tile_prefix##_get_bytes (const Tile *tile);                                      \
  G_DEFINE_AUTOPTR_CLEANUP_FUNC (Tile, tile_prefix##_unref)                                  \
  guint     t_n##_get_top_level    (TN *self);                                               \
  void      t_n##_get_tile_grid    (TN *self, guint level, guint *n_tiles_x, guint *n_tiles_y); \
  void      t_n##_get_tile_size    (TN *self, const MsTileKey *key, guint *width, guint *height); \
  Tile     *t_n##_lookup           (TN *self, const MsTileKey *key);                         \
  Tile     *t_n##_get_tile         (TN *self, const MsTileKey *key, GCancellable *cancellable, \
                                    GError **error);                                          \
  void      t_n##_get_tile_async   (TN *self, const MsTileKey *key, GCancellable *cancellable, \
                                    GAsyncReadyCallback callback, gpointer user_data);       \
  Tile     *t_n##_get_tile_finish  (TN *self, GAsyncResult *result, GError **error);         \
  gsize     t_n##_get_cached_bytes (TN *self);                                               \
  guint     t_n##_get_cached_tiles (TN *self)

#define MS_TILE_PYRAMID_DEFINE_TYPED(TN, t_n, Tile, tile_prefix, tile_clear)                 \
  Tile *tile_prefix##_ref (Tile *tile) { return g_atomic_rc_box_acquire (tile); }           \
  void tile_prefix##_unref (Tile *tile) { g_atomic_rc_box_release_full (tile, tile_clear); } \
  static void t_n##_tile_unref (gpointer tile) { tile_prefix##_unref (tile); }              \
  static gsize t_n##_tile_get_bytes (gconstpointer tile) { return tile_prefix##_get_bytes (tile); } \
  static void t_n##_class_set_tile_funcs (MsTilePyramidClass *klass)                        \
  {                                                                                          \
    klass->tile_ref = g_atomic_rc_box_acquire;                                               \
    klass->tile_unref = t_n##_tile_unref;                                                    \
    klass->tile_get_bytes = t_n##_tile_get_bytes;                                            \
  }                                                                                          \
  guint t_n##_get_top_level (TN *self)                                                       \
  { return ms_tile_pyramid_get_top_level (MS_TILE_PYRAMID (self)); }                         \
  void t_n##_get_tile_grid (TN *self, guint level, guint *n_tiles_x, guint *n_tiles_y)      \
  { ms_tile_pyramid_get_tile_grid (MS_TILE_PYRAMID (self), level, n_tiles_x, n_tiles_y); }   \
  void t_n##_get_tile_size (TN *self, const MsTileKey *key, guint *width, guint *height)     \
  { ms_tile_pyramid_get_tile_size (MS_TILE_PYRAMID (self), key, width, height); }            \
  Tile *t_n##_lookup (TN *self, const MsTileKey *key)                                        \
  { return ms_tile_pyramid_lookup (MS_TILE_PYRAMID (self), key); }                           \
  Tile *t_n##_get_tile (TN *self, const MsTileKey *key, GCancellable *cancellable, GError **error) \
  { return ms_tile_pyramid_get_tile (MS_TILE_PYRAMID (self), key, cancellable, error); }     \
  void t_n##_get_tile_async (TN *self, const MsTileKey *key, GCancellable *cancellable,     \
                             GAsyncReadyCallback callback, gpointer user_data)               \
  { ms_tile_pyramid_get_tile_async (MS_TILE_PYRAMID (self), key, cancellable, callback, user_data); } \
  Tile *t_n##_get_tile_finish (TN *self, GAsyncResult *result, GError **error)               \
  { return ms_tile_pyramid_get_tile_finish (MS_TILE_PYRAMID (self), result, error); }        \
  gsize t_n##_get_cached_bytes (TN *self)                                                    \
  { return ms_tile_pyramid_get_cached_bytes (MS_TILE_PYRAMID (self)); }                      \
  guint t_n##_get_cached_tiles (TN *self)                                                    \
  { return ms_tile_pyramid_get_cached_tiles (MS_TILE_PYRAMID (self)); }

G_END_DECLS
