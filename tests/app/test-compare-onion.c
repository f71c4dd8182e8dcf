/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The comparison window's onion skin (widgets/ms-blend-view.c, the "onion"
 * mode): at opacity t each pixel is A + t · (B − A) of what A alone and B
 * alone draw there, the blend worked here from the view's own pictures at
 * 0 and 1; the scale by the keyboard, held B, the readout, the minimap,
 * and the view kept across every mode, Alt+4 and Alt+5 real keys.  Run
 * with GL and on the CPU fallback.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 * MS_TEST_SCREENSHOT_DIR=dir saves `import -window root` shots there.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-test-compare.h"

/* What rounding to 8 bits may add to an exact blend: one step for the
 * picture blended, one for the opacity GSK stores (cairo's alpha has 8
 * bits too). */
#define BLEND_TOLERANCE 2.0

/* A pixel pair counts as differing where some channel of A and B is this
 * far apart: well clear of the tolerance, so a blend is told from either. */
#define DIFFER 24

static guint32 *
capture (MsBlendView *view)
{
  ms_test_settle (ms_test_blend_drawn, view, 200, "the onion skin to draw");
  return ms_test_capture (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)),
                          gtk_widget_get_height (GTK_WIDGET (view)));
}

static guint
channel (guint32 pixel,
         guint   shift)
{
  return (pixel >> shift) & 0xff;
}

/* Is (i, j) under the label's row or the minimap (2 px around it), whose
 * bounds are @label and @minimap? */
static gboolean
covered (const graphene_rect_t *label,
         const graphene_rect_t *minimap,
         int                    i,
         int                    j)
{
  return j <= label->origin.y + label->size.height + 2 ||
         (i >= minimap->origin.x - 2 && i <= minimap->origin.x + minimap->size.width + 2 &&
          j <= minimap->origin.y + minimap->size.height + 2);
}

/* Every pixel of @mix where A and B differ is A + t · (B − A) within the
 * tolerance, in each colour channel; the pixels checked. */
static guint
assert_blend (MsBlendView   *view,
              const guint32 *alone_a,
              const guint32 *alone_b,
              const guint32 *mix,
              double         t)
{
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  graphene_rect_t label, minimap;
  double worst = 0;
  guint n = 0;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ms_blend_view_get_label (view)), GTK_WIDGET (view), &label));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ms_blend_view_get_minimap (view)), GTK_WIDGET (view), &minimap));
  for (int j = 0; j < h; j++)
    for (int i = 0; i < w; i++)
      {
        gsize k = (gsize) j * w + i;
        gboolean differ = FALSE;

        if (covered (&label, &minimap, i, j))
          continue;
        for (guint shift = 0; shift <= 16; shift += 8)
          differ |= abs ((int) channel (alone_a[k], shift) - (int) channel (alone_b[k], shift)) >= DIFFER;
        if (!differ)
          continue;
        for (guint shift = 0; shift <= 16; shift += 8)
          {
            double a = channel (alone_a[k], shift), b = channel (alone_b[k], shift);
            double err = fabs (channel (mix[k], shift) - (a + t * (b - a)));

            if (err > BLEND_TOLERANCE)
              g_error ("at (%d, %d) channel %u: A %.0f, B %.0f, drawn %u at t = %.2f, not %.2f",
                       i, j, shift / 8, a, b, channel (mix[k], shift), t, a + t * (b - a));
            worst = MAX (worst, err);
          }
        n++;
      }
  g_test_message ("t = %.2f: %u pixels where A and B differ, worst error %.2f", t, n, worst);
  return n;
}

static void
set_opacity (GtkAdjustment *adjustment,
             MsBlendView   *view,
             double         t)
{
  gtk_adjustment_set_value (adjustment, t);
  g_assert_cmpfloat (ms_blend_view_get_opacity (view), ==, t);
  g_assert_cmpfloat (ms_blend_view_get_drawn_opacity (view), ==, t);
}

static gboolean
has_focus (gpointer data)
{
  return gtk_widget_has_focus (data);
}

static gboolean
drawn_b (gpointer data)
{
  return ms_blend_view_get_drawn_opacity (data) == 1.0;
}

static gboolean
drawn_half_and_more (gpointer data)
{
  return ms_blend_view_get_drawn_opacity (data) == 0.55;
}

static void
test_blend (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 42, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 7, NULL);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsBlendView *view = ms_compare_window_get_onion_view (window);
  GtkWidget *scale = GTK_WIDGET (ms_compare_window_get_onion_scale (window));
  GtkAdjustment *adjustment = gtk_range_get_adjustment (GTK_RANGE (scale));
  GtkLabel *label = ms_blend_view_get_label (view);
  GtkLabel *value = GTK_LABEL (ms_test_get_named (GTK_WIDGET (window), "onion-value"));
  g_autofree guint32 *alone_a = NULL;
  g_autofree guint32 *alone_b = NULL;
  g_autofree char *mode = NULL;
  g_autofree char *id = NULL;
  int w, h;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "onion"));
  g_object_get (window, "mode", &mode, NULL);
  g_assert_cmpstr (mode, ==, "onion");
  ms_test_iterate_until (ms_test_blend_drawn, view, "the onion skin");
  ms_test_blend_assert_renderer (view);
  w = gtk_widget_get_width (GTK_WIDGET (view));
  h = gtk_widget_get_height (GTK_WIDGET (view));

  /* Half at first, and the scale, the label and the view agree. */
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 0.5);
  g_assert_cmpfloat (ms_blend_view_get_drawn_opacity (view), ==, 0.5);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "B: Seed 7 at 50 % over A: Seed 42");
  g_assert_cmpstr (gtk_label_get_text (value), ==, "50 %");

  /* The two ends: A alone, B alone. */
  set_opacity (adjustment, view, 0.0);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "A: Seed 42");
  alone_a = capture (view);
  set_opacity (adjustment, view, 1.0);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "B: Seed 7");
  alone_b = capture (view);

  /* Between them, the blend of the two; on much of the view (two seeds'
   * islands), so the check is not vacuous. */
  for (guint step = 0; step < 3; step++)
    {
      const double ts[] = { 0.5, 0.25, 0.8 };
      g_autofree guint32 *mix = NULL;

      set_opacity (adjustment, view, ts[step]);
      mix = capture (view);
      g_assert_cmpuint (assert_blend (view, alone_a, alone_b, mix, ts[step]), >, (guint) (w * h / 10));
    }
  g_assert_cmpstr (gtk_label_get_text (label), ==, "B: Seed 7 at 80 % over A: Seed 42");
  ms_test_screenshot ("compare-onion.png", 300);

  /* The keyboard: Alt+O is the scale's mnemonic, Right its step. */
  gtk_adjustment_set_value (adjustment, 0.5);
  gtk_window_set_title (GTK_WINDOW (window), "onion-test");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("onion-test");
  gtk_widget_grab_focus (GTK_WIDGET (ms_compare_window_get_link_button (window)));
  ms_test_xdotool ("windowfocus", "--sync", id, "key", "alt+o", NULL);
  ms_test_iterate_until (has_focus, scale, "the scale focused by Alt+O");
  ms_test_xdotool ("key", "Right", NULL);
  ms_test_iterate_until (drawn_half_and_more, view, "Right to step the opacity");
  g_assert_cmpfloat_with_epsilon (ms_blend_view_get_opacity (view), 0.55, 1e-12);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "B: Seed 7 at 55 % over A: Seed 42");
  g_assert_cmpstr (gtk_label_get_text (value), ==, "55 %");

  /* B held, even with the focus on the scale, shows B alone: the very
   * picture of opacity 1; let go, the blend again. */
  ms_test_xdotool ("keydown", "b", NULL);
  ms_test_iterate_until (drawn_b, view, "B held");
  {
    g_autofree guint32 *held = capture (view);

    g_assert_cmpmem (held, (gsize) w * h * 4, alone_b, (gsize) w * h * 4);
  }
  g_assert_cmpfloat_with_epsilon (ms_blend_view_get_opacity (view), 0.55, 1e-12);
  ms_test_xdotool ("keyup", "b", NULL);
  ms_test_iterate_until (drawn_half_and_more, view, "B let go");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------ readout --- */

static void
test_readout (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_block (FALSE);
  g_autoptr(MsBlueprint) b = ms_test_compare_block (TRUE);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsBlendView *view = ms_compare_window_get_onion_view (window);
  g_autofree char *id = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "onion"));
  ms_test_settle (ms_test_blend_drawn, view, 200, "the onion skin");
  gtk_window_set_title (GTK_WINDOW (window), "onion-readout");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("onion-readout");
  ms_test_compare_assert_block_readout (window, id, ms_blend_view_get_view_a (view));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------- the view across the modes --- */

static gboolean
mode_is (MsCompareWindow *window,
         const char      *expected)
{
  g_autofree char *mode = NULL;

  g_object_get (window, "mode", &mode, NULL);
  return g_strcmp0 (mode, expected) == 0;
}

static gboolean
mode_is_onion (gpointer data)
{
  return mode_is (data, "onion");
}

static gboolean
mode_is_blink (gpointer data)
{
  return mode_is (data, "blink");
}

static void
test_modes_keep_view (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 7, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (512, 42, NULL);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsBlendView *onion = ms_compare_window_get_onion_view (window);
  MsBlendView *blink = ms_compare_window_get_blink_view (window);
  MsMapView *diff = ms_compare_window_get_diff_view (window);
  MsMinimap *minimap = ms_blend_view_get_minimap (onion);
  MsViewport *va = ms_map_view_get_viewport (ms_compare_window_get_view_a (window));
  g_autofree char *id = NULL;
  graphene_rect_t area;

  /* A minimap renders nothing for a mode never shown. */
  g_assert_null (ms_minimap_get_blueprint (minimap));
  g_assert_null (ms_minimap_get_blueprint (ms_blend_view_get_minimap (blink)));

  /* Zoomed in side by side; then Alt+4, a real key. */
  ms_viewport_set_zoom (va, 3.0);
  ms_viewport_set_centre (va, 60, 70);
  gtk_window_set_title (GTK_WINDOW (window), "onion-modes");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("onion-modes");
  ms_test_xdotool ("windowfocus", "--sync", id, "key", "alt+4", NULL);
  ms_test_iterate_until (mode_is_onion, window, "Alt+4 to show the onion skin");
  ms_test_settle (ms_test_blend_drawn, onion, 200, "the onion skin");
  ms_test_assert_view (ms_blend_view_get_view_a (onion), 3.0, 60, 70);
  /* B (512) under it: twice the centre, half the zoom. */
  ms_test_assert_view (ms_blend_view_get_view_b (onion), 1.5, 120, 140);

  /* Its minimap: A's, outlining A's view; a click there moves both maps
   * (a quarter across and three down A's 256: (64, 192), B's (128, 384)). */
  g_assert_true (ms_minimap_get_blueprint (minimap) == a);
  g_assert_true (ms_minimap_get_viewport (minimap) == ms_map_view_get_viewport (ms_blend_view_get_view_a (onion)));
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (minimap)));
  g_assert_true (ms_minimap_get_map_area (minimap, &area));
  ms_minimap_move_to (minimap, area.origin.x + 0.25 * area.size.width, area.origin.y + 0.75 * area.size.height);
  ms_test_assert_view (ms_blend_view_get_view_a (onion), 3.0, 64, 192);
  ms_test_assert_view (ms_blend_view_get_view_b (onion), 1.5, 128, 384);

  /* Onion skin to blink (Alt+5): the same. */
  ms_viewport_set_zoom (ms_map_view_get_viewport (ms_blend_view_get_view_a (onion)), 4.0);
  ms_viewport_set_centre (ms_map_view_get_viewport (ms_blend_view_get_view_a (onion)), 100, 50);
  ms_test_xdotool ("key", "alt+5", NULL);
  ms_test_iterate_until (mode_is_blink, window, "Alt+5 to show the blink");
  ms_test_settle (ms_test_blend_drawn, blink, 200, "the blink");
  ms_test_assert_view (ms_blend_view_get_view_a (blink), 4.0, 100, 50);
  ms_test_assert_view (ms_blend_view_get_view_b (blink), 2.0, 200, 100);
  g_assert_true (ms_minimap_get_blueprint (ms_blend_view_get_minimap (blink)) == a);

  /* Blink to difference (the grid is B's 512) and back to the onion skin. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "difference"));
  ms_test_settle (ms_test_diff_drawn, diff, 200, "the difference view");
  ms_test_assert_view (diff, 2.0, 200, 100);
  ms_viewport_set_centre (ms_map_view_get_viewport (diff), 300, 200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "onion"));
  ms_test_settle (ms_test_blend_drawn, onion, 200, "the onion skin");
  ms_test_assert_view (ms_blend_view_get_view_a (onion), 4.0, 150, 100);
  ms_test_assert_view (ms_blend_view_get_view_b (onion), 2.0, 300, 200);

  /* And to swipe and side by side. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "swipe"));
  ms_test_settle (ms_test_swipe_drawn, ms_compare_window_get_swipe_view (window), 200, "the swipe view");
  ms_test_assert_view (ms_swipe_view_get_view_a (ms_compare_window_get_swipe_view (window)), 4.0, 150, 100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "side-by-side"));
  ms_test_iterate_until (ms_test_compare_ready, window, "side by side");
  ms_test_run_for (200);
  ms_test_assert_view (ms_compare_window_get_view_a (window), 4.0, 150, 100);
  ms_test_assert_view (ms_compare_window_get_view_b (window), 2.0, 300, 200);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_DATA_HOME", NULL);
  g_test_add_func ("/compare-onion/blend", test_blend);
  g_test_add_func ("/compare-onion/readout", test_readout);
  g_test_add_func ("/compare-onion/modes-keep-view", test_modes_keep_view);
  return ms_test_app_run ();
}
