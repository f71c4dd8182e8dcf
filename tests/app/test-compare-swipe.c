/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The swipe view (widgets/ms-swipe-view.c) in the comparison window: the
 * divider's clip by its API and by its key action, the two maps following
 * each other normalised, what is drawn either side of the divider, and
 * the labels that name the maps there.
 *
 * MS_TEST_SCREENSHOT_DIR=dir saves `import -window root` shots there.
 */
#include "config.h"

#include <math.h>

#include "ms-test-compare.h"

/* --------------------------------------------------------------- swipe --- */

static guint32 *
capture (GtkWidget *widget, int width, int height)
{
  ms_test_settle (ms_test_swipe_drawn, widget, 200, "the swipe view to draw");
  return ms_test_capture (widget, width, height);
}

/* Is the label of A (or of B) on screen: it has room on its side? */
static gboolean
label_shown (MsSwipeView *swipe,
             gboolean     b)
{
  return gtk_widget_get_child_visible (GTK_WIDGET (ms_swipe_view_get_label (swipe, b)));
}

static void
test_swipe (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (512, 42, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 7, NULL);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsSwipeView *swipe = ms_compare_window_get_swipe_view (window);
  g_autofree guint32 *all_a = NULL;
  g_autofree guint32 *all_b = NULL;
  g_autofree guint32 *split = NULL;
  graphene_rect_t clip;
  int w, h, x, label_bottom;
  guint differ = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "swipe"));
  ms_test_iterate_until (ms_test_swipe_drawn, swipe, "the swipe view");
  w = gtk_widget_get_width (GTK_WIDGET (swipe));
  h = gtk_widget_get_height (GTK_WIDGET (swipe));
  /* Below the labels' boxes. */
  {
    graphene_rect_t r;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ms_swipe_view_get_label (swipe, FALSE)),
                                              GTK_WIDGET (swipe), &r));
    label_bottom = (int) ceil (r.origin.y + r.size.height) + 1;
    g_assert_cmpint (label_bottom, >, 10);
  }

  /* The divider's API moves the clip: B right of round (position × w). */
  g_assert_cmpfloat (ms_swipe_view_get_position (swipe), ==, 0.5);
  ms_swipe_view_set_position (swipe, 0.25);
  ms_swipe_view_get_clip (swipe, &clip);
  x = (int) round (0.25 * w);
  g_assert_cmpfloat (clip.origin.x, ==, x);
  g_assert_cmpfloat (clip.origin.y, ==, 0);
  g_assert_cmpfloat (clip.size.width, ==, w - x);
  g_assert_cmpfloat (clip.size.height, ==, h);

  /* Right (the key's action) moves it by 5 % of the width; the ends clamp. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (swipe), "swipe.move", "d", 0.05));
  g_assert_cmpfloat_with_epsilon (ms_swipe_view_get_position (swipe), 0.30, 1e-12);
  ms_swipe_view_get_clip (swipe, &clip);
  g_assert_cmpfloat (clip.origin.x, ==, round (0.30 * w));
  ms_swipe_view_set_position (swipe, 1.5);
  ms_swipe_view_get_clip (swipe, &clip);
  g_assert_cmpfloat (clip.size.width, ==, 0);

  /* The two views show the same world area: B follows A normalised. */
  ms_viewport_set_zoom (ms_map_view_get_viewport (ms_swipe_view_get_view_a (swipe)), 2.0);
  ms_viewport_set_centre (ms_map_view_get_viewport (ms_swipe_view_get_view_a (swipe)), 256, 256);
  ms_test_assert_view (ms_swipe_view_get_view_b (swipe), 4.0, 128, 128);
  ms_viewport_set_zoom (ms_map_view_get_viewport (ms_swipe_view_get_view_a (swipe)), 0.5);

  /* What is drawn: all A at 1, all B at 0, and at 0.5 A left of the
   * divider and B right of it (the divider's own few pixels aside, and
   * the labels' rows at the top). */
  all_a = capture (GTK_WIDGET (swipe), w, h);
  g_assert_false (label_shown (swipe, TRUE));
  ms_swipe_view_set_position (swipe, 0.0);
  all_b = capture (GTK_WIDGET (swipe), w, h);
  g_assert_false (label_shown (swipe, FALSE));
  ms_swipe_view_set_position (swipe, 0.5);
  split = capture (GTK_WIDGET (swipe), w, h);
  x = (int) round (0.5 * w);
  for (int j = label_bottom; j < h; j++)
    for (int i = 0; i < w; i++)
      {
        gsize k = (gsize) j * w + i;

        if (abs (i - x) <= 8)
          continue;
        g_assert_cmphex (split[k], ==, i < x ? all_a[k] : all_b[k]);
        differ += all_a[k] != all_b[k];
      }
  /* Two different seeds: the comparison above was not vacuous. */
  g_assert_cmpuint (differ, >, (guint) (w * h / 10));

  /* The labels name the maps on their own sides of the divider, and are
   * drawn there: A's box over A's map, B's over B's. */
  g_assert_cmpstr (gtk_label_get_text (ms_swipe_view_get_label (swipe, FALSE)), ==, "A: Seed 42");
  g_assert_cmpstr (gtk_label_get_text (ms_swipe_view_get_label (swipe, TRUE)), ==, "B: Seed 7");
  for (guint side = 0; side < 2; side++)
    {
      graphene_rect_t r;
      guint changed = 0, n = 0;

      g_assert_true (label_shown (swipe, side));
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ms_swipe_view_get_label (swipe, side)),
                                                GTK_WIDGET (swipe), &r));
      if (side)
        g_assert_cmpfloat (r.origin.x, >=, x + 8);
      else
        g_assert_cmpfloat (r.origin.x + r.size.width, <=, x - 8);
      g_assert_cmpfloat (r.origin.y + r.size.height, <=, label_bottom);
      for (int j = (int) r.origin.y; j < (int) (r.origin.y + r.size.height); j++)
        for (int i = (int) r.origin.x; i < (int) (r.origin.x + r.size.width); i++)
          {
            gsize k = (gsize) j * w + i;

            changed += split[k] != (side ? all_b[k] : all_a[k]);
            n++;
          }
      g_assert_cmpuint (changed, >, n / 2);
    }

  ms_test_screenshot ("compare-swipe.png", 500);

  /* A long name where its side is narrow: shortened to fit, not hidden
   * nor over the divider. */
  ms_swipe_view_set_names (swipe, "MapData_Seed_1234567_with_a_long_name.dat", "B");
  ms_swipe_view_set_position (swipe, 160.0 / w);
  ms_test_run_for (100);
  {
    GtkWidget *label = GTK_WIDGET (ms_swipe_view_get_label (swipe, FALSE));
    graphene_rect_t r;
    int natural;

    gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
    g_assert_cmpint (natural, >, 160);
    g_assert_true (label_shown (swipe, FALSE));
    g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (swipe), &r));
    g_assert_cmpfloat (r.origin.x, >=, 0);
    g_assert_cmpfloat (r.origin.x + r.size.width, <=, round (160.0 / w * w) - 8);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_DATA_HOME", NULL);
  g_test_add_func ("/compare-window/swipe", test_swipe);
  return ms_test_app_run ();
}
