/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A blocking "for each index" over one process-wide GThreadPool.
 */
#define G_LOG_DOMAIN "ms-parallel"

#include "config.h"

#include <string.h>

#include "ms-parallel.h"

#include "ms-large-buffer.h"

typedef struct
{
  MsParallelFunc func;
  gpointer       user_data;
  GMutex         lock;
  GCond          done;
  guint          remaining;
} Batch;

typedef struct
{
  Batch  *batch;
  guint   index;
  /* Lower first: 0 for ms_parallel_for (), 1 for the background's; then
   * in the order pushed, so every loop's items are taken in index order. */
  guint   priority;
  gsize   sequence;
} Item;

static gint
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const Item *x = a, *y = b;

  if (x->priority != y->priority)
    return x->priority < y->priority ? -1 : 1;
  return x->sequence < y->sequence ? -1 : x->sequence > y->sequence;
}

static void
run_item (gpointer data,
          gpointer pool_data)
{
  Item *item = data;
  Batch *batch = item->batch;

  batch->func (item->index, batch->user_data);

  g_mutex_lock (&batch->lock);
  if (--batch->remaining == 0)
    g_cond_signal (&batch->done);
  g_mutex_unlock (&batch->lock);
}

guint
ms_parallel_get_n_workers (void)
{
  static gsize n_workers;

  if (g_once_init_enter (&n_workers))
    {
      const char *asked = g_getenv ("MAPSMITH_WORKERS");
      guint64 n = 0;

      /* MAPSMITH_WORKERS=N overrides the count (benchmarks, and tests
       * that need a queue whatever the machine). */
      if (asked == NULL || !g_ascii_string_to_unsigned (asked, 10, 1, 256, &n, NULL))
        n = g_get_num_processors ();
      g_once_init_leave (&n_workers, MAX (1u, (gsize) n));
    }
  return (guint) n_workers;
}

static GThreadPool *
get_pool (void)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    {
      GThreadPool *p = g_thread_pool_new (run_item, NULL, (gint) ms_parallel_get_n_workers (),
                                          FALSE, NULL);

      g_thread_pool_set_sort_function (p, compare_items, NULL);
      g_once_init_leave (&pool, p);
    }
  return pool;
}

static void
parallel_for (guint          n,
              guint          priority,
              MsParallelFunc func,
              gpointer       user_data)
{
  static gsize pushed;
  g_autofree Item *items = NULL;
  Batch batch = { func, user_data };
  GThreadPool *pool;

  if (n == 0)
    return;
  if (n == 1 || ms_parallel_get_n_workers () == 1)
    {
      for (guint i = 0; i < n; i++)
        func (i, user_data);
      return;
    }

  g_mutex_init (&batch.lock);
  g_cond_init (&batch.done);
  batch.remaining = n;
  items = g_new (Item, n);
  pool = get_pool ();

  for (guint i = 0; i < n; i++)
    {
      items[i].batch = &batch;
      items[i].index = i;
      items[i].priority = priority;
      items[i].sequence = (gsize) g_atomic_pointer_add (&pushed, 1);
      g_thread_pool_push (pool, &items[i], NULL);
    }

  g_mutex_lock (&batch.lock);
  while (batch.remaining > 0)
    g_cond_wait (&batch.done, &batch.lock);
  g_mutex_unlock (&batch.lock);

  g_mutex_clear (&batch.lock);
  g_cond_clear (&batch.done);
}

void
ms_parallel_for (guint          n,
                 MsParallelFunc func,
                 gpointer       user_data)
{
  parallel_for (n, 0, func, user_data);
}

void
ms_parallel_for_background (guint          n,
                            MsParallelFunc func,
                            gpointer       user_data)
{
  parallel_for (n, 1, func, user_data);
}

/* A thread's scratch lives in chunks of whole huge pages, mapped with
 * ms_large_buffer_alloc (), each slot carved from the chunk in use: a 4 KiB
 * page fault costs about 10 µs in the virtual machines we measure on (a
 * render's 1 MiB column buffer alone took 2.5 ms of faults, a 2 MiB huge
 * page 0.16 ms), and a worker's slots together are a few megabytes. */
#define CHUNK_BYTES ((gsize) 2 << 20)

typedef struct
{
  guint8 *data;
  gsize   size;
  gsize   used;
  /* Slots in the chunk: unmapped when the last leaves it (a slot leaves
   * when it grows) and it is not the chunk being filled. */
  guint   n_slots;
} Chunk;

typedef struct
{
  gpointer data;
  gsize    size;
  Chunk   *chunk;
} Slot;

typedef struct
{
  Slot  *slots;     /* by slot number, as many as this thread has used */
  guint  n_slots;
  Chunk *filling;
} Scratch;

/* Of all threads' chunks. */
static gsize scratch_size;

static void
chunk_free (Chunk *chunk)
{
  g_atomic_pointer_add (&scratch_size, -(gssize) chunk->size);
  ms_large_buffer_free (chunk->data, chunk->size);
  g_free (chunk);
}

static void
slot_leave (Scratch *scratch,
            Slot    *slot)
{
  Chunk *chunk = slot->chunk;

  *slot = (Slot) { NULL, 0, NULL };
  if (chunk != NULL && --chunk->n_slots == 0 && chunk != scratch->filling)
    chunk_free (chunk);
}

static void
scratch_free (gpointer data)
{
  Scratch *scratch = data;

  for (guint i = 0; i < scratch->n_slots; i++)
    slot_leave (scratch, &scratch->slots[i]);
  if (scratch->filling != NULL)
    chunk_free (scratch->filling);
  g_free (scratch->slots);
  g_free (scratch);
}

static GPrivate thread_scratch = G_PRIVATE_INIT (scratch_free);

/* @slot's number, given on its first use, the next of a count shared by all
 * slots: once given, g_once_init_enter () is an atomic load, no lock. */
static inline guint
slot_number (MsScratchSlot *slot)
{
  static gint n_numbered;

  if (g_once_init_enter (&slot->number))
    g_once_init_leave (&slot->number, (gsize) g_atomic_int_add (&n_numbered, 1) + 1);
  return (guint) (slot->number - 1);
}

gpointer
ms_parallel_scratch (MsScratchSlot *slot,
                     gsize          size)
{
  Scratch *scratch = g_private_get (&thread_scratch);
  Slot *s;
  Chunk *chunk;
  guint number;

  g_return_val_if_fail (slot != NULL, NULL);

  number = slot_number (slot);
  if (scratch == NULL)
    {
      scratch = g_new0 (Scratch, 1);
      g_private_set (&thread_scratch, scratch);
    }
  if (number >= scratch->n_slots)
    {
      /* The records grow to cover this number (slots are few, one a kind
       * of loop); the buffers they point to stay where they are. */
      guint n = MAX (number + 1, 8u);

      scratch->slots = g_renew (Slot, scratch->slots, n);
      memset (scratch->slots + scratch->n_slots, 0, (n - scratch->n_slots) * sizeof (Slot));
      scratch->n_slots = n;
    }
  s = &scratch->slots[number];
  if (s->size >= size)
    return s->data;

  slot_leave (scratch, s);
  /* Cache lines apart, so two slots never share one. */
  size = MAX ((size + 63) & ~(gsize) 63, 64);
  chunk = scratch->filling;
  if (chunk == NULL || chunk->size - chunk->used < size)
    {
      gsize chunk_size = (size + CHUNK_BYTES - 1) / CHUNK_BYTES * CHUNK_BYTES;

      if (chunk != NULL && chunk->n_slots == 0)
        chunk_free (chunk);
      chunk = g_new0 (Chunk, 1);
      chunk->data = ms_large_buffer_alloc (chunk_size);
      if (chunk->data == NULL)
        g_error ("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, chunk_size);
      chunk->size = chunk_size;
      g_atomic_pointer_add (&scratch_size, chunk_size);
      scratch->filling = chunk;
    }
  *s = (Slot) { chunk->data + chunk->used, size, chunk };
  chunk->used += size;
  chunk->n_slots++;
  return s->data;
}

gsize
ms_parallel_get_scratch_size (void)
{
  return (gsize) g_atomic_pointer_get (&scratch_size);
}

guint
_ms_parallel_get_n_queued_for_testing (void)
{
  return g_thread_pool_unprocessed (get_pool ());
}
