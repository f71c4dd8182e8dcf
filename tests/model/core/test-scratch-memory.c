/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The render loops' scratch memory: large buffers come zeroed and whole
 * (every byte writable, sizes on both sides of the mapped threshold), and a
 * worker's scratch is its own — each thread of the pool keeps its buffer
 * from item to item, never sees another thread's, and a slot never shares
 * its buffer with another slot, however the slots grow in the huge pages
 * they share, and the slots the loops define for themselves get numbers of
 * their own, however many threads first use them at once.
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
#ifdef G_OS_UNIX
      /* Mapped ones start on a huge page, or they would get none. */
      if (sizes[i] >= 1 << 20)
        g_assert_cmpuint ((guintptr) data % (2 << 20), ==, 0);
#endif
      for (gsize j = 0; j < sizes[i]; j++)
        if (data[j] != 0)
          g_error ("byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " is %u", j, sizes[i], data[j]);
      memset (data, 0xa5, sizes[i]);
      ms_large_buffer_free (data, sizes[i]);
    }
  ms_large_buffer_free (NULL, 1 << 20);
}

/* As GBytes: the size asked for, zeroed, on a huge page when mapped, and
 * writable by its owners (ASan catches a wrong size or a double free). */
static void
test_large_buffer_bytes (void)
{
  const gsize sizes[] = { 4096, (3 << 20) + 5 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GBytes) bytes = ms_large_buffer_new_bytes (sizes[i]);
      GBytes *second = g_bytes_ref (bytes);
      gsize size;
      guint8 *data = (guint8 *) g_bytes_get_data (bytes, &size);

      g_assert_cmpuint (size, ==, sizes[i]);
#ifdef G_OS_UNIX
      if (sizes[i] >= 1 << 20)
        g_assert_cmpuint ((guintptr) data % (2 << 20), ==, 0);
#endif
      g_assert_cmpuint (data[0], ==, 0);
      g_assert_cmpuint (data[size - 1], ==, 0);
      memset (data, 0x5a, size);
      g_bytes_unref (second);
      g_assert_cmpuint (data[size - 1], ==, 0x5a);
    }
}

#define N_ITEMS 64
#define ITEM_BYTES 4096

typedef struct
{
  GMutex    lock;
  GHashTable *buffer_of_thread;   /* GThread* -> the slot's buffer */
  gboolean  ok;
} Seen;

/* Two loops' slots, first used by the pool's threads together. */
static MsScratchSlot grid_slot, png_slot;

static void
use_scratch (guint    index,
             gpointer user_data)
{
  Seen *seen = user_data;
  guint8 *grid = ms_parallel_scratch (&grid_slot, ITEM_BYTES);
  guint8 *png = ms_parallel_scratch (&png_slot, ITEM_BYTES);
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
    guint8 *big = ms_parallel_scratch (&grid_slot, 3 << 20);

    memset (big, 1, 3 << 20);
    g_assert_true (ms_parallel_scratch (&grid_slot, 100) == big);
  }
}

/* Each slot's bytes are its own: filled with the slot's pattern, they stay
 * so while the other slots grow (and move) around them. */
static void
check_slot (const guint8 *data,
            gsize         size,
            guint8        pattern)
{
  for (gsize i = 0; i < size; i++)
    if (data[i] != pattern)
      g_error ("byte %" G_GSIZE_FORMAT " of a %" G_GSIZE_FORMAT "-byte slot is %u, not %u",
               i, size, data[i], pattern);
}

#define N_SLOTS 8

static MsScratchSlot slots[N_SLOTS];

static void
test_scratch_slots_apart (void)
{
  /* Sizes across the huge page (2 MiB) and across the chunks they fill. */
  gsize sizes[N_SLOTS] = { 100, 300 << 10, 1 << 20, 700 << 10, 64, (5 << 20) + 1, 4096, 1 };
  guint8 *data[N_SLOTS];
  gsize before = ms_parallel_get_scratch_size ();

  for (guint s = 0; s < N_SLOTS; s++)
    {
      data[s] = ms_parallel_scratch (&slots[s], sizes[s]);
      /* A cache line apart at least: two threads' loops never share one. */
      g_assert_cmpuint ((guintptr) data[s] % 64, ==, 0);
      memset (data[s], 0x10 + s, sizes[s]);
    }
  for (guint s = 0; s < N_SLOTS; s++)
    check_slot (data[s], sizes[s], 0x10 + s);

  /* Grow each slot in turn, by small steps and by large ones; the others
   * keep their bytes, and the chunks left empty are given back (the
   * total stays within a few huge pages of what the slots hold). */
  for (guint round = 0; round < 40; round++)
    {
      guint s = round % N_SLOTS;
      gsize live = 0;

      sizes[s] += round % 3 == 0 ? (gsize) 1 << 20 : 4096;
      data[s] = ms_parallel_scratch (&slots[s], sizes[s]);
      memset (data[s], 0x40 + round, sizes[s]);
      for (guint t = 0; t < N_SLOTS; t++)
        {
          check_slot (data[t], sizes[t], t == s ? 0x40 + round : data[t][0]);
          live += sizes[t];
        }
      /* At worst a chunk a slot, each at most its slot rounded up to
       * whole huge pages, and the chunk being filled. */
      g_assert_cmpuint (ms_parallel_get_scratch_size () - before, <=,
                        live + (N_SLOTS + 1) * ((gsize) 2 << 20));
    }

  /* Asked for no more than it has, a slot stays where it is. */
  for (guint s = 0; s < N_SLOTS; s++)
    g_assert_true (ms_parallel_scratch (&slots[s], sizes[s] / 2) == data[s]);
}

/* More slots than a thread first makes room for, first used by the pool's
 * threads at once, each item taking them in its own order: each slot is
 * numbered once, on its own, so no two share a buffer in any thread. */
#define N_RACED 24
#define RACED_BYTES 256

static MsScratchSlot raced[N_RACED];

static void
use_raced_slots (guint    index,
                 gpointer user_data)
{
  gint *bad = user_data;
  guint8 *data[N_RACED];

  for (guint i = 0; i < N_RACED; i++)
    {
      guint s = (i + index) % N_RACED;

      data[s] = ms_parallel_scratch (&raced[s], RACED_BYTES);
      memset (data[s], (int) s, RACED_BYTES);
    }
  for (guint s = 0; s < N_RACED; s++)
    for (guint j = 0; j < RACED_BYTES; j++)
      if (data[s][j] != s)
        g_atomic_int_inc (bad);
}

static void
test_scratch_slots_numbered (void)
{
  gint bad = 0;

  ms_parallel_for (N_ITEMS, use_raced_slots, &bad);
  g_assert_cmpint (g_atomic_int_get (&bad), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scratch-memory/large-buffer-zeroed", test_large_buffer_zeroed);
  g_test_add_func ("/scratch-memory/large-buffer-bytes", test_large_buffer_bytes);
  g_test_add_func ("/scratch-memory/per-thread", test_scratch_per_thread);
  g_test_add_func ("/scratch-memory/slots-apart", test_scratch_slots_apart);
  g_test_add_func ("/scratch-memory/slots-numbered", test_scratch_slots_numbered);
  return g_test_run ();
}
