/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A blocking "for each index" over one process-wide GThreadPool.
 */
#define G_LOG_DOMAIN "ms-parallel"

#include "config.h"

#include "ms-parallel.h"

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
  Batch *batch;
  guint  index;
} Item;

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
    g_once_init_leave (&n_workers, MAX (1u, g_get_num_processors ()));
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
      g_once_init_leave (&pool, p);
    }
  return pool;
}

void
ms_parallel_for (guint          n,
                 MsParallelFunc func,
                 gpointer       user_data)
{
  g_autofree Item *items = NULL;
  Batch batch = { func, user_data };

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

  for (guint i = 0; i < n; i++)
    {
      items[i].batch = &batch;
      items[i].index = i;
      g_thread_pool_push (get_pool (), &items[i], NULL);
    }

  g_mutex_lock (&batch.lock);
  while (batch.remaining > 0)
    g_cond_wait (&batch.done, &batch.lock);
  g_mutex_unlock (&batch.lock);

  g_mutex_clear (&batch.lock);
  g_cond_clear (&batch.done);
}

typedef struct
{
  gpointer data;
  gsize    size;
} Scratch;

static void
scratch_free (gpointer data)
{
  Scratch *scratch = data;

  for (guint i = 0; i < MS_N_SCRATCH_SLOTS; i++)
    g_free (scratch[i].data);
  g_free (scratch);
}

static GPrivate thread_scratch = G_PRIVATE_INIT (scratch_free);

gpointer
ms_parallel_scratch (MsScratchSlot slot,
                     gsize         size)
{
  Scratch *scratch = g_private_get (&thread_scratch);

  g_return_val_if_fail (slot < MS_N_SCRATCH_SLOTS, NULL);

  if (scratch == NULL)
    {
      scratch = g_new0 (Scratch, MS_N_SCRATCH_SLOTS);
      g_private_set (&thread_scratch, scratch);
    }
  if (scratch[slot].size < size)
    {
      g_free (scratch[slot].data);
      scratch[slot].data = g_malloc (size);
      scratch[slot].size = size;
    }
  return scratch[slot].data;
}
