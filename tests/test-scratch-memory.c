/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The render loops' scratch memory: large buffers come zeroed and whole
 * (every byte writable, sizes on both sides of the mapped threshold), and a
 * worker's scratch is its own — each thread of the pool keeps its buffer
 * from item to item, never sees another thread's, and a slot never shares
 * its buffer with another slot.
 */
#include "config.h"

#include <string.h>

#include "ms-large-buffer.h"
#include "ms-parallel.h"

static void
test_large_buffer_zeroed (void)
{
  const gsize sizes[] = { 1, 4096, (1 << 20) - 1, 1 << 20, (5 << 20) + 3 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      guint8 *data = ms_large_buffer_alloc (sizes[i]);

      g_assert_nonnull (data);
      for (gsize j = 0; j < sizes[i]; j++)
        if (data[j] != 0)
          g_error ("byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " is %u", j, sizes[i], data[j]);
      memset (data, 0xa5, sizes[i]);
      ms_large_buffer_free (data, sizes[i]);
    }
  ms_large_buffer_free (NULL, 1 << 20);
}

#define N_ITEMS 64
#define ITEM_BYTES 4096

typedef struct
{
  GMutex    lock;
  GHashTable *buffer_of_thread;   /* GThread* -> the slot's buffer */
  gboolean  ok;
} Seen;

static void
use_scratch (guint    index,
             gpointer user_data)
{
  Seen *seen = user_data;
  guint8 *grid = ms_parallel_scratch (MS_SCRATCH_GRID_BAND, ITEM_BYTES);
  guint8 *png = ms_parallel_scratch (MS_SCRATCH_PNG_STRIP, ITEM_BYTES);
  gpointer before;

  /* Fill with this item's value, yield, and find it unchanged: no other
   * thread wrote into this thread's buffer meanwhile. */
  memset (grid, (int) index, ITEM_BYTES);
  memset (png, (int) (255 - index), ITEM_BYTES);
  g_usleep (200);
  g_mutex_lock (&seen->lock);
  for (guint i = 0; i < ITEM_BYTES; i++)
    if (grid[i] != (guint8) index || png[i] != (guint8) (255 - index))
      seen->ok = FALSE;
  if (grid == png)
    seen->ok = FALSE;
  before = g_hash_table_lookup (seen->buffer_of_thread, g_thread_self ());
  if (before != NULL && before != grid)
    seen->ok = FALSE;   /* not grown, so it must be the one it had */
  g_hash_table_insert (seen->buffer_of_thread, g_thread_self (), grid);
  g_mutex_unlock (&seen->lock);
}

static void
test_scratch_per_thread (void)
{
  Seen seen = { .ok = TRUE };
  GHashTableIter iter;
  gpointer a, b;
  GList *buffers = NULL;

  g_mutex_init (&seen.lock);
  seen.buffer_of_thread = g_hash_table_new (NULL, NULL);
  ms_parallel_for (N_ITEMS, use_scratch, &seen);
  g_assert_true (seen.ok);

  /* Different threads, different buffers. */
  g_hash_table_iter_init (&iter, seen.buffer_of_thread);
  while (g_hash_table_iter_next (&iter, &a, &b))
    {
      g_assert_null (g_list_find (buffers, b));
      buffers = g_list_prepend (buffers, b);
    }
  g_assert_cmpuint (g_list_length (buffers), >=, 1);
  g_list_free (buffers);
  g_hash_table_unref (seen.buffer_of_thread);
  g_mutex_clear (&seen.lock);

  /* Asked for more, a slot grows and keeps the size. */
  {
    guint8 *big = ms_parallel_scratch (MS_SCRATCH_GRID_BAND, 3 << 20);

    memset (big, 1, 3 << 20);
    g_assert_true (ms_parallel_scratch (MS_SCRATCH_GRID_BAND, 100) == big);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scratch-memory/large-buffer-zeroed", test_large_buffer_zeroed);
  g_test_add_func ("/scratch-memory/per-thread", test_scratch_per_thread);
  return g_test_run ();
}
