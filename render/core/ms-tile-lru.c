/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ms-tile-lru.h"

typedef struct
{
  guint64  key;
  gpointer value;
  gsize    bytes;
  guint64  use;     /* the use that last looked it up or added it */
} Entry;

struct _MsTileLru
{
  GHashTable     *links;   /* packed key -> GList link in order */
  GQueue          order;   /* Entry*, most recent at the head */
  gsize           bytes;
  gsize           budget;
  GDestroyNotify  free_value;
  gboolean        has_pin;
  guint64         pin;     /* packed key eviction skips */
  guint64         use;     /* the current use; 0: uses are not kept */
};

MsTileLru *
ms_tile_lru_new (gsize          budget,
                 GDestroyNotify free_value)
{
  MsTileLru *lru = g_new0 (MsTileLru, 1);

  lru->links = g_hash_table_new (g_int64_hash, g_int64_equal);
  lru->budget = budget;
  lru->free_value = free_value;
  return lru;
}

static void
drop_link (MsTileLru *lru,
           GList     *link)
{
  Entry *entry = link->data;

  g_hash_table_remove (lru->links, &entry->key);
  g_queue_delete_link (&lru->order, link);
  lru->bytes -= entry->bytes;
  if (lru->free_value != NULL)
    lru->free_value (entry->value);
  g_free (entry);
}

static gboolean
in_use (MsTileLru   *lru,
        const Entry *entry)
{
  return lru->use != 0 && entry->use == lru->use;
}

void
ms_tile_lru_clear (MsTileLru *lru)
{
  while (lru->order.tail != NULL)
    drop_link (lru, lru->order.tail);
}

void
ms_tile_lru_free (MsTileLru *lru)
{
  if (lru == NULL)
    return;
  ms_tile_lru_clear (lru);
  g_hash_table_destroy (lru->links);
  g_free (lru);
}

gpointer
ms_tile_lru_lookup (MsTileLru       *lru,
                    const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);
  GList *link = g_hash_table_lookup (lru->links, &packed);

  if (link == NULL)
    return NULL;
  g_queue_unlink (&lru->order, link);
  g_queue_push_head_link (&lru->order, link);
  ((Entry *) link->data)->use = lru->use;
  return ((Entry *) link->data)->value;
}

gpointer
ms_tile_lru_peek (MsTileLru       *lru,
                  const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);
  GList *link = g_hash_table_lookup (lru->links, &packed);

  return link != NULL ? ((Entry *) link->data)->value : NULL;
}

gboolean
ms_tile_lru_contains (MsTileLru       *lru,
                      const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);
  return g_hash_table_contains (lru->links, &packed);
}

void
ms_tile_lru_insert (MsTileLru       *lru,
                    const MsTileKey *key,
                    gpointer         value,
                    gsize            bytes)
{
  guint64 packed = ms_tile_key_pack (key);
  GList *old = g_hash_table_lookup (lru->links, &packed);
  Entry *entry;

  if (old != NULL)
    drop_link (lru, old);

  entry = g_new (Entry, 1);
  entry->key = packed;
  entry->value = value;
  entry->bytes = bytes;
  entry->use = lru->use;
  g_queue_push_head (&lru->order, entry);
  g_hash_table_insert (lru->links, &entry->key, lru->order.head);
  lru->bytes += bytes;

  /* Oldest first, past the pinned entry and those in use, never the one
   * just added. */
  for (GList *link = lru->order.tail; lru->bytes > lru->budget && link != lru->order.head;)
    {
      GList *newer = link->prev;
      Entry *old_entry = link->data;

      if ((!lru->has_pin || old_entry->key != lru->pin) && !in_use (lru, old_entry))
        drop_link (lru, link);
      link = newer;
    }
}

void
ms_tile_lru_begin_use (MsTileLru *lru)
{
  lru->use++;
}

void
ms_tile_lru_pin (MsTileLru       *lru,
                 const MsTileKey *key)
{
  lru->has_pin = key != NULL;
  lru->pin = key != NULL ? ms_tile_key_pack (key) : 0;
}

gboolean
ms_tile_lru_remove (MsTileLru       *lru,
                    const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);
  GList *link = g_hash_table_lookup (lru->links, &packed);

  if (link == NULL)
    return FALSE;
  drop_link (lru, link);
  return TRUE;
}

guint
ms_tile_lru_get_length (MsTileLru *lru)
{
  return lru->order.length;
}

gsize
ms_tile_lru_get_bytes (MsTileLru *lru)
{
  return lru->bytes;
}
