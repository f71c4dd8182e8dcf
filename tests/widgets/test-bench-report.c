/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The benchmarks' spread report: median (upper middle), nearest-rank p95,
 * max and mean of hand-worked series.
 */
#include "config.h"

#include <glib.h>

#include "ms-bench-report.h"

static GArray *
series (const double *v,
        guint         n)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (double));

  g_array_append_vals (a, v, n);
  return a;
}

static void
test_twenty (void)
{
  /* 1..20 shuffled: median is the 11th (index 10), p95 the 19th
   * (ceil (20 × 0.95) = 19), max 20, mean 10.5. */
  const double v[] = { 7, 20, 3, 12, 1, 18, 5, 14, 9, 16, 2, 19, 11, 4, 17, 6, 13, 8, 15, 10 };
  g_autoptr(GArray) a = series (v, G_N_ELEMENTS (v));
  g_autoptr(GString) out = g_string_new (NULL);

  ms_bench_report_append_spread (out, "paint_", "ms", a);
  g_assert_cmpstr (out->str, ==,
                   "paint_median_ms 11.00\npaint_p95_ms 19.00\npaint_max_ms 20.00\npaint_mean_ms 10.50\n");
}

static void
test_small (void)
{
  /* Three values: ceil (2.85) = 3, so p95 is the worst; one value is all
   * four; none writes nothing. */
  const double v[] = { 16.5, 50, 33.25 };
  const double one[] = { 4 };
  g_autoptr(GArray) a = series (v, 3);
  g_autoptr(GArray) b = series (one, 1);
  g_autoptr(GArray) c = series (NULL, 0);
  g_autoptr(GString) out = g_string_new (NULL);

  ms_bench_report_append_spread (out, "fit.", "frames", a);
  g_assert_cmpstr (out->str, ==, "fit.median_frames 33.25\nfit.p95_frames 50.00\n"
                                 "fit.max_frames 50.00\nfit.mean_frames 33.25\n");
  g_string_truncate (out, 0);
  ms_bench_report_append_spread (out, "", "ms", b);
  g_assert_cmpstr (out->str, ==, "median_ms 4.00\np95_ms 4.00\nmax_ms 4.00\nmean_ms 4.00\n");
  g_string_truncate (out, 0);
  ms_bench_report_append_spread (out, "", "ms", c);
  g_assert_cmpstr (out->str, ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench-report/twenty", test_twenty);
  g_test_add_func ("/bench-report/small", test_small);
  return g_test_run ();
}
