/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-tile.h"

G_BEGIN_DECLS

/* Values by tile key, least recently used first out once their bytes pass a
 * budget: the cache of every pyramid and every GL renderer.  Not locked —
 * callers that share one across threads hold their own lock. */
typedef struct _MsTileLru MsTileLru;

MsTileLru *ms_tile_lru_new        (gsize            budget,
                                   GDestroyNotify   free_value);
void       ms_tile_lru_free       (MsTileLru       *lru);
/* The value, marked recently used; NULL when absent. */
gpointer   ms_tile_lru_lookup     (MsTileLru       *lru,
                                   const MsTileKey *key);
/* The value without marking it used; NULL when absent. */
gpointer   ms_tile_lru_peek       (MsTileLru       *lru,
                                   const MsTileKey *key);
gboolean   ms_tile_lru_contains   (MsTileLru       *lru,
                                   const MsTileKey *key);
/* Adds (or replaces) the value as the most recent, then frees the least
 * recent ones beyond the budget — never the one just added, nor the pinned
 * one, nor one in use (see below): so the bytes may pass the budget by
 * what those hold. */
void       ms_tile_lru_insert     (MsTileLru       *lru,
                                   const MsTileKey *key,
                                   gpointer         value,
                                   gsize            bytes);
/* The one key (NULL: none) that eviction passes over however cold it is,
 * present yet or not: a pyramid's top tile, which stands in wherever
 * nothing finer is loaded but which a view of fine tiles never uses.
 * Removing or clearing still frees it. */
void       ms_tile_lru_pin        (MsTileLru       *lru,
                                   const MsTileKey *key);
/* A new use (a frame) begins: from now until the next call, the entries
 * looked up or added are in use, and eviction passes over them, as over
 * the pinned one.  A view calls it before it looks up the tiles a frame
 * draws, so the tiles that arrive for that view never evict one it shows:
 * a visible set larger than the budget makes the cache pass its budget,
 * not ask again for tiles it has just evicted, for ever.  A cache that
 * never calls it (a pyramid, shared by threads) evicts by age alone. */
void       ms_tile_lru_begin_use  (MsTileLru       *lru);
gboolean   ms_tile_lru_remove     (MsTileLru       *lru,
                                   const MsTileKey *key);
void       ms_tile_lru_clear      (MsTileLru       *lru);
guint      ms_tile_lru_get_length (MsTileLru       *lru);
gsize      ms_tile_lru_get_bytes  (MsTileLru       *lru);

G_END_DECLS
