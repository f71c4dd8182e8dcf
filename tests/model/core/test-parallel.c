/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The worker pool: every index runs once, and ms_parallel_for_background ()
 * items wait while ms_parallel_for () items are queued, even ones queued
 * after them.
 */
#include "config.h"

#include <string.h>

#include "ms-parallel.h"

#define N_ITEMS 8

typedef struct
{
  GMutex   lock;
  GCond    changed;
  gboolean open;        /* the gate the blockers wait at */
  guint    n_blocked;
  GString *order;       /* 'f' or 'b' as each item starts */
  guint    runs[2][N_ITEMS];
} Gate;

static Gate gate;

static void
blocker (guint    index,
         gpointer user_data)
{
  g_mutex_lock (&gate.lock);
  gate.n_blocked++;
  g_cond_broadcast (&gate.changed);
  while (!gate.open)
    g_cond_wait (&gate.changed, &gate.lock);
  g_mutex_unlock (&gate.lock);
}

static void
record (guint    index,
        gpointer user_data)
{
  gboolean background = GPOINTER_TO_INT (user_data);

  g_mutex_lock (&gate.lock);
  g_string_append_c (gate.order, background ? 'b' : 'f');
  gate.runs[background][index]++;
  g_mutex_unlock (&gate.lock);
}

static gpointer
block_all (gpointer data)
{
  ms_parallel_for (ms_parallel_get_n_workers (), blocker, NULL);
  return NULL;
}

static gpointer
run_background (gpointer data)
{
  ms_parallel_for_background (N_ITEMS, record, GINT_TO_POINTER (TRUE));
  return NULL;
}

static gpointer
run_foreground (gpointer data)
{
  ms_parallel_for (N_ITEMS, record, GINT_TO_POINTER (FALSE));
  return NULL;
}

static void
wait_for_queued (guint n)
{
  for (guint i = 0; i < 10000 && _ms_parallel_get_n_queued_for_testing () < n; i++)
    g_usleep (1000);
  g_assert_cmpuint (_ms_parallel_get_n_queued_for_testing (), ==, n);
}

static void
test_background_waits (void)
{
  guint n_workers = ms_parallel_get_n_workers ();
  GThread *blocking, *background, *foreground;
  const char *first_b;
  guint late_f = 0;

  /* main () asked for two workers: with one, every loop runs in its
   * caller's thread and there is no queue to order. */
  g_assert_cmpuint (n_workers, ==, 2);

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.changed);
  gate.order = g_string_new (NULL);

  /* Every worker held at the gate, then background items queued before
   * foreground ones. */
  blocking = g_thread_new ("blocking", block_all, NULL);
  g_mutex_lock (&gate.lock);
  while (gate.n_blocked < n_workers)
    g_cond_wait (&gate.changed, &gate.lock);
  g_mutex_unlock (&gate.lock);
  background = g_thread_new ("background", run_background, NULL);
  wait_for_queued (N_ITEMS);
  foreground = g_thread_new ("foreground", run_foreground, NULL);
  wait_for_queued (2 * N_ITEMS);

  g_mutex_lock (&gate.lock);
  gate.open = TRUE;
  g_cond_broadcast (&gate.changed);
  g_mutex_unlock (&gate.lock);
  g_thread_join (blocking);
  g_thread_join (background);
  g_thread_join (foreground);

  for (guint i = 0; i < N_ITEMS; i++)
    {
      g_assert_cmpuint (gate.runs[0][i], ==, 1);
      g_assert_cmpuint (gate.runs[1][i], ==, 1);
    }
  /* Every foreground item was taken before the first background one; one
   * taken just before may record itself just after, on another worker. */
  g_test_message ("order: %s", gate.order->str);
  first_b = strchr (gate.order->str, 'b');
  g_assert_nonnull (first_b);
  for (const char *c = first_b; *c != '\0'; c++)
    late_f += *c == 'f';
  g_assert_cmpuint (late_f, <=, n_workers - 1);

  g_string_free (gate.order, TRUE);
  g_cond_clear (&gate.changed);
  g_mutex_clear (&gate.lock);
}

int
main (int argc, char *argv[])
{
  /* Two workers on any machine, one processor or many. */
  g_setenv ("MAPSMITH_WORKERS", "2", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/parallel/background-waits", test_background_waits);
  return g_test_run ();
}
