/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The least-recently-used cache behind every pyramid and GL renderer:
 * which entries a budget frees and in which order, that a lookup makes an
 * entry young and a peek does not, and that the pinned key (a pyramid's
 * top tile) outlives any stream of inserts, even through a budget too
 * small for two entries, as do the entries a frame uses (a view's visible
 * tiles) until the next.  Expected survivors are worked by hand.
 */
#include "config.h"

#include "ms-tile-lru.h"

static GPtrArray *freed;

static void
note_freed (gpointer value)
{
  g_ptr_array_add (freed, value);
}

/* Values are the tile's x + 1 (never NULL), each 10 bytes. */
static void
insert (MsTileLru *lru,
        guint      level,
        guint      tx)
{
  MsTileKey key = { level, tx, 0 };

  ms_tile_lru_insert (lru, &key, GUINT_TO_POINTER (tx + 1), 10);
}

static gboolean
has (MsTileLru *lru,
     guint      level,
     guint      tx)
{
  MsTileKey key = { level, tx, 0 };

  return ms_tile_lru_contains (lru, &key);
}

static void
test_budget_order (void)
{
  MsTileLru *lru;
  MsTileKey key0 = { 0, 0, 0 }, key1 = { 0, 1, 0 };

  freed = g_ptr_array_new ();
  lru = ms_tile_lru_new (30, note_freed);
  insert (lru, 0, 0);
  insert (lru, 0, 1);
  insert (lru, 0, 2);
  g_assert_cmpuint (ms_tile_lru_get_length (lru), ==, 3);
  g_assert_cmpuint (ms_tile_lru_get_bytes (lru), ==, 30);

  /* 0 is used again; peeking at 1 does not make it young: 1 goes next. */
  g_assert_cmpuint (GPOINTER_TO_UINT (ms_tile_lru_lookup (lru, &key0)), ==, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (ms_tile_lru_peek (lru, &key1)), ==, 2);
  insert (lru, 0, 3);
  g_assert_false (has (lru, 0, 1));
  g_assert_true (has (lru, 0, 0) && has (lru, 0, 2) && has (lru, 0, 3));
  g_assert_cmpuint (freed->len, ==, 1);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 0)), ==, 2);

  /* Then 2, then 0, oldest first. */
  insert (lru, 0, 4);
  insert (lru, 0, 5);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 1)), ==, 3);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 2)), ==, 1);
  g_assert_cmpuint (ms_tile_lru_get_bytes (lru), ==, 30);

  /* Replacing frees the old value and keeps the bytes right. */
  insert (lru, 0, 5);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 3)), ==, 6);
  g_assert_cmpuint (ms_tile_lru_get_length (lru), ==, 3);
  g_assert_cmpuint (ms_tile_lru_get_bytes (lru), ==, 30);

  ms_tile_lru_free (lru);
  g_assert_cmpuint (freed->len, ==, 7);
  g_ptr_array_unref (freed);
}

/* A stream of young entries through a small budget: the pinned one, never
 * looked up again, stays; everything else goes oldest first. */
static void
test_pin (void)
{
  MsTileLru *lru;
  MsTileKey top = { 5, 0, 0 };

  freed = g_ptr_array_new ();
  lru = ms_tile_lru_new (30, note_freed);
  /* Pinned before it is there, as a renderer pins its top at once. */
  ms_tile_lru_pin (lru, &top);
  insert (lru, 5, 0);
  for (guint i = 0; i < 16; i++)
    insert (lru, 0, i);
  g_assert_true (has (lru, 5, 0));
  /* The top and the two youngest fill the budget of three. */
  g_assert_true (has (lru, 0, 15) && has (lru, 0, 14));
  g_assert_cmpuint (ms_tile_lru_get_length (lru), ==, 3);
  g_assert_cmpuint (freed->len, ==, 14);
  for (guint i = 0; i < freed->len; i++)
    g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, i)), ==, i + 1);

  /* A budget under two entries: the pinned and the newest both stay. */
  ms_tile_lru_free (lru);
  lru = ms_tile_lru_new (15, note_freed);
  ms_tile_lru_pin (lru, &top);
  insert (lru, 5, 0);
  insert (lru, 0, 7);
  insert (lru, 0, 8);
  g_assert_true (has (lru, 5, 0) && has (lru, 0, 8));
  g_assert_false (has (lru, 0, 7));
  g_assert_cmpuint (ms_tile_lru_get_bytes (lru), ==, 20);

  /* Unpinned, it is the oldest and goes first. */
  ms_tile_lru_pin (lru, NULL);
  insert (lru, 0, 9);
  g_assert_false (has (lru, 5, 0));
  g_assert_true (has (lru, 0, 9));

  /* Removing a pinned key still frees it. */
  ms_tile_lru_pin (lru, &top);
  insert (lru, 5, 0);
  g_assert_true (ms_tile_lru_remove (lru, &top));
  g_assert_false (has (lru, 5, 0));

  ms_tile_lru_free (lru);
  g_ptr_array_unref (freed);
}

/* A frame of six entries through a budget of three: none of them goes
 * while the frame lasts, whatever arrives; the next frame's use frees the
 * ones it no longer looks up, oldest first. */
static void
test_in_use (void)
{
  MsTileLru *lru;

  freed = g_ptr_array_new ();
  lru = ms_tile_lru_new (30, note_freed);
  /* Without a use begun, age alone: the budget holds. */
  for (guint i = 0; i < 6; i++)
    insert (lru, 0, i);
  g_assert_cmpuint (ms_tile_lru_get_length (lru), ==, 3);
  g_assert_cmpuint (freed->len, ==, 3);

  /* A frame looks up 3, 4, 5; 6, 7 and 8 arrive for it. */
  ms_tile_lru_begin_use (lru);
  for (guint i = 3; i < 6; i++)
    g_assert_nonnull (ms_tile_lru_lookup (lru, &(MsTileKey) { 0, i, 0 }));
  for (guint i = 6; i < 9; i++)
    insert (lru, 0, i);
  /* All six stay, over the budget; a peek is no use. */
  for (guint i = 3; i < 9; i++)
    g_assert_true (has (lru, 0, i));
  g_assert_cmpuint (ms_tile_lru_get_bytes (lru), ==, 60);
  g_assert_cmpuint (freed->len, ==, 3);

  /* The next frame looks up 5 and 8 alone: the next insert frees the
   * others, oldest first (3, 4, 6, 7), down to the budget. */
  ms_tile_lru_begin_use (lru);
  g_assert_nonnull (ms_tile_lru_peek (lru, &(MsTileKey) { 0, 3, 0 }));
  g_assert_nonnull (ms_tile_lru_lookup (lru, &(MsTileKey) { 0, 5, 0 }));
  g_assert_nonnull (ms_tile_lru_lookup (lru, &(MsTileKey) { 0, 8, 0 }));
  insert (lru, 0, 9);
  g_assert_true (has (lru, 0, 5) && has (lru, 0, 8) && has (lru, 0, 9));
  g_assert_cmpuint (ms_tile_lru_get_length (lru), ==, 3);
  g_assert_cmpuint (freed->len, ==, 7);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 3)), ==, 4);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 4)), ==, 5);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 5)), ==, 7);
  g_assert_cmpuint (GPOINTER_TO_UINT (g_ptr_array_index (freed, 6)), ==, 8);

  ms_tile_lru_free (lru);
  g_ptr_array_unref (freed);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tile-lru/budget-order", test_budget_order);
  g_test_add_func ("/tile-lru/pin", test_pin);
  g_test_add_func ("/tile-lru/in-use", test_in_use);
  return g_test_run ();
}
