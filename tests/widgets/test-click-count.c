/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsClickCount: presses counted from the events' own times and places,
 * against hand-worked series (GTK's defaults: 400 ms, 5 pixels).
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-click-count.h"

#define T 400
#define D 5

static void
test_series (void)
{
  MsClickCount c = { 0 };

  g_assert_cmpuint (ms_click_count_press (&c, 1000, 10, 10, T, D), ==, 1);
  /* 80 ms later, one pixel away: a double click, then a triple. */
  g_assert_cmpuint (ms_click_count_press (&c, 1080, 11, 10, T, D), ==, 2);
  g_assert_cmpuint (ms_click_count_press (&c, 1160, 10, 11, T, D), ==, 3);
  /* 400 ms is still in time (GTK's timer fires after it); 401 is not. */
  g_assert_cmpuint (ms_click_count_press (&c, 1560, 10, 10, T, D), ==, 4);
  g_assert_cmpuint (ms_click_count_press (&c, 1961, 10, 10, T, D), ==, 1);
}

static void
test_distance (void)
{
  MsClickCount c = { 0 };

  g_assert_cmpuint (ms_click_count_press (&c, 1000, 10, 10, T, D), ==, 1);
  /* 5 pixels on one axis is too far: a first press at the new place. */
  g_assert_cmpuint (ms_click_count_press (&c, 1050, 15, 10, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 1100, 15, 14.5, T, D), ==, 2);
  /* Measured from the series' first press, not the last one: 4 + 4 px of
   * drift is 8 from where it began. */
  g_assert_cmpuint (ms_click_count_press (&c, 1150, 19, 10, T, D), ==, 3);
  g_assert_cmpuint (ms_click_count_press (&c, 1200, 23, 10, T, D), ==, 1);
}

/* The case GTK 4.8's gesture miscounts: a click, then at once a double
 * click somewhere else.  The second place starts a series of its own. */
static void
test_click_then_double_click_elsewhere (void)
{
  MsClickCount c = { 0 };

  g_assert_cmpuint (ms_click_count_press (&c, 5000, 100, 100, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 5030, 300, 100, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 5110, 300, 100, T, D), ==, 2);
}

static void
test_clock_wraps (void)
{
  MsClickCount c = { 0 };

  /* The server's 32-bit millisecond clock wraps after 49.7 days:
   * 0xffffff00 to 0x10 is 272 ms. */
  g_assert_cmpuint (ms_click_count_press (&c, 0xffffff00u, 0, 0, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 0x10u, 0, 0, T, D), ==, 2);
  /* Going back in time is a huge unsigned difference: a new series. */
  g_assert_cmpuint (ms_click_count_press (&c, 0x08u, 0, 0, T, D), ==, 1);
}

static void
test_no_time (void)
{
  MsClickCount c = { 0 };

  /* Synthesized events carry no time: never counted as a repeat. */
  g_assert_cmpuint (ms_click_count_press (&c, 0, 0, 0, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 0, 0, 0, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 100, 0, 0, T, D), ==, 1);
  g_assert_cmpuint (ms_click_count_press (&c, 150, 0, 0, T, D), ==, 2);
  ms_click_count_reset (&c);
  g_assert_cmpuint (ms_click_count_press (&c, 200, 0, 0, T, D), ==, 1);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/click-count/series", test_series);
  g_test_add_func ("/click-count/distance", test_distance);
  g_test_add_func ("/click-count/click-then-double-click-elsewhere", test_click_then_double_click_elsewhere);
  g_test_add_func ("/click-count/clock-wraps", test_clock_wraps);
  g_test_add_func ("/click-count/no-time", test_no_time);

  return g_test_run ();
}
