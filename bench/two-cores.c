/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How fast two cores run at once, against each alone: the same fixed
 * integer loop pinned to each core, then to both together.  On the shared
 * virtual machines these benchmarks run on, the second core has run 15-35 %
 * slower while the first was busy, which a render on both cores pays and a
 * single-threaded peer (numpy) does not: bench/run prints this beside its
 * table so a run can be read for what the machine was doing.
 */
#include <glib.h>
#include <sched.h>
#include <stdio.h>

static gint64
spin_on (int cpu)
{
  cpu_set_t set;
  volatile guint64 x = 0;
  gint64 start;

  CPU_ZERO (&set);
  CPU_SET (cpu, &set);
  if (sched_setaffinity (0, sizeof set, &set) != 0)
    return -1;
  start = g_get_monotonic_time ();
  for (guint64 i = 0; i < 200000000u; i++)
    x += i * i;
  return g_get_monotonic_time () - start;
}

static gpointer
spin_thread (gpointer data)
{
  return GSIZE_TO_POINTER ((gsize) spin_on (GPOINTER_TO_INT (data)));
}

int
main (void)
{
  gint64 alone[2], together[2];
  GThread *threads[2];

  if (g_get_num_processors () < 2)
    {
      printf ("one core only\n");
      return 0;
    }
  for (int cpu = 0; cpu < 2; cpu++)
    alone[cpu] = spin_on (cpu);
  for (int cpu = 0; cpu < 2; cpu++)
    threads[cpu] = g_thread_new ("spin", spin_thread, GINT_TO_POINTER (cpu));
  for (int cpu = 0; cpu < 2; cpu++)
    together[cpu] = (gint64) GPOINTER_TO_SIZE (g_thread_join (threads[cpu]));
  if (alone[0] <= 0 || alone[1] <= 0 || together[0] <= 0 || together[1] <= 0)
    {
      printf ("cores 0 and 1 could not be pinned\n");
      return 0;
    }
  /* The slower core's speed together, against its own alone. */
  printf ("two cores at once run at %.2f of their speed alone (cores 0 and 1: %.0f and %.0f ms alone, "
          "%.0f and %.0f ms together)\n",
          MIN ((double) alone[0] / together[0], (double) alone[1] / together[1]),
          alone[0] / 1e3, alone[1] / 1e3, together[0] / 1e3, together[1] / 1e3);
  return 0;
}
