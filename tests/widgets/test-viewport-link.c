/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsViewportLink: two viewports on maps of 512 and 256 pixels following
 * each other, every expected zoom and centre worked by hand (B's map is
 * half A's: B's zoom is twice A's, its centre half A's).
 */
#include "config.h"

#include "ms-viewport-link.h"

typedef struct
{
  MsViewport     *a;
  MsViewport     *b;
  MsViewportLink *link;
} Fixture;

static MsViewport *
viewport (double map_size)
{
  MsViewport *v = ms_viewport_new ();

  ms_viewport_set_map_size (v, map_size, map_size);
  ms_viewport_set_size (v, 400, 300);
  ms_viewport_set_zoom (v, 1.0);
  ms_viewport_set_centre (v, 10, 10);
  return v;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->a = viewport (512);
  f->b = viewport (256);
  f->link = ms_viewport_link_new (f->a, f->b);
  ms_viewport_link_set_map_sizes (f->link, 512, 256);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->link);
  g_clear_object (&f->a);
  g_clear_object (&f->b);
}

static void
assert_view (MsViewport *v,
             double      zoom,
             double      cx,
             double      cy)
{
  double x, y;

  ms_viewport_get_centre (v, &x, &y);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (v), zoom, 1e-12);
  g_assert_cmpfloat_with_epsilon (x, cx, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, cy, 1e-9);
}

static void
test_both_ways (Fixture       *f,
                gconstpointer  data)
{
  ms_viewport_set_zoom (f->a, 2.0);
  ms_viewport_set_centre (f->a, 100, 200);
  assert_view (f->b, 4.0, 50, 100);

  /* And back: B's (60, 80) is A's (120, 160), B's zoom 3 A's 1.5. */
  ms_viewport_set_centre (f->b, 60, 80);
  ms_viewport_set_zoom (f->b, 3.0);
  assert_view (f->a, 1.5, 120, 160);
  assert_view (f->b, 3.0, 60, 80);
}

static void
count (gpointer  object,
       GParamSpec *pspec,
       guint      *n)
{
  (*n)++;
}

static void
test_no_echo (Fixture       *f,
              gconstpointer  data)
{
  guint zoom_a = 0, zoom_b = 0;

  g_signal_connect (f->a, "notify::zoom", G_CALLBACK (count), &zoom_a);
  g_signal_connect (f->b, "notify::zoom", G_CALLBACK (count), &zoom_b);
  /* B following must not move A again: one notification each. */
  ms_viewport_set_zoom (f->a, 2.5);
  g_assert_cmpuint (zoom_a, ==, 1);
  g_assert_cmpuint (zoom_b, ==, 1);
  assert_view (f->b, 5.0, 5, 5);
}

static void
test_disabled (Fixture       *f,
               gconstpointer  data)
{
  ms_viewport_link_set_enabled (f->link, FALSE);
  ms_viewport_set_zoom (f->a, 2.0);
  ms_viewport_set_centre (f->a, 100, 200);
  ms_viewport_link_follow_a (f->link);
  assert_view (f->b, 1.0, 10, 10);

  /* Enabling moves nothing by itself; following A brings B over. */
  ms_viewport_link_set_enabled (f->link, TRUE);
  assert_view (f->b, 1.0, 10, 10);
  ms_viewport_link_follow_a (f->link);
  assert_view (f->b, 4.0, 50, 100);
}

static void
test_unknown_size (Fixture       *f,
                   gconstpointer  data)
{
  ms_viewport_link_set_map_sizes (f->link, 512, 0);
  ms_viewport_set_centre (f->a, 100, 200);
  ms_viewport_set_centre (f->b, 30, 40);
  assert_view (f->a, 1.0, 100, 200);
  assert_view (f->b, 1.0, 30, 40);

  /* Equal sizes: the same zoom and centre. */
  ms_viewport_link_set_map_sizes (f->link, 256, 256);
  ms_viewport_set_centre (f->b, 70, 90);
  assert_view (f->a, 1.0, 70, 90);
}

static void
test_released (Fixture       *f,
               gconstpointer  data)
{
  g_clear_object (&f->link);
  ms_viewport_set_centre (f->a, 100, 200);
  assert_view (f->b, 1.0, 10, 10);
}

static void
test_show_same (void)
{
  g_autoptr(MsViewport) from = viewport (1000);
  g_autoptr(MsViewport) to = viewport (4000);

  ms_viewport_set_zoom (from, 0.8);
  ms_viewport_set_centre (from, 250, 750);
  ms_viewport_show_same (to, from, 4.0);
  assert_view (to, 0.2, 1000, 3000);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/viewport-link/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("both-ways", test_both_ways);
  ADD ("no-echo", test_no_echo);
  ADD ("disabled", test_disabled);
  ADD ("unknown-size", test_unknown_size);
  ADD ("released", test_released);
#undef ADD
  g_test_add_func ("/viewport-link/show-same", test_show_same);

  return g_test_run ();
}
