/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One spread report for the replays that bench/ reads (key value lines),
 * so that every benchmark's median and p95 mean the same thing.
 */
#include "config.h"

#include <math.h>

#include "ms-bench-report.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
ms_bench_report_append_spread (GString    *out,
                               const char *prefix,
                               const char *unit,
                               GArray     *values)
{
  guint n;
  double sum = 0;

  g_return_if_fail (out != NULL && prefix != NULL && unit != NULL && values != NULL);

  n = values->len;
  if (n == 0)
    return;
  g_array_sort (values, compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += g_array_index (values, double, i);
  g_string_append_printf (out, "%smedian_%s %.2f\n%sp95_%s %.2f\n%smax_%s %.2f\n%smean_%s %.2f\n",
                          prefix, unit, g_array_index (values, double, n / 2),
                          prefix, unit, g_array_index (values, double, MIN (n - 1, (guint) ceil (n * 0.95) - 1)),
                          prefix, unit, g_array_index (values, double, n - 1),
                          prefix, unit, sum / n);
}

void
ms_bench_paints_init (MsBenchPaints *paints)
{
  *paints = (MsBenchPaints) { NULL, 0, 0, g_array_new (FALSE, FALSE, sizeof (double)) };
}

static void
on_after_paint (GdkFrameClock *clock,
                MsBenchPaints *paints)
{
  if (paints->step_time != 0)
    {
      double ms = (double) (g_get_monotonic_time () - paints->step_time) / 1000.0;

      g_array_append_val (paints->paints, ms);
    }
  paints->step_time = 0;
}

void
ms_bench_paints_watch (MsBenchPaints *paints,
                       GdkFrameClock *clock)
{
  g_return_if_fail (paints->clock == NULL);

  paints->clock = g_object_ref (clock);
  paints->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), paints);
}

void
ms_bench_paints_step (MsBenchPaints *paints)
{
  paints->step_time = g_get_monotonic_time ();
}

void
ms_bench_paints_clear (MsBenchPaints *paints)
{
  if (paints->clock != NULL)
    g_clear_signal_handler (&paints->paint_id, paints->clock);
  g_clear_object (&paints->clock);
  g_clear_pointer (&paints->paints, g_array_unref);
}
