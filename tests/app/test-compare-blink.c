/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The comparison window's blink (widgets/ms-blend-view.c, the "blink"
 * mode): A and B in turn, each shown for half a period of the rate the
 * spin button sets, each turn the very picture of that map alone; B while
 * the B key is held (real keys), and not from the rate's text field; the
 * timer gone whenever the view is not on screen and once the window is
 * closed; not started unasked with animations off; the readout.  Run with
 * GL and on the CPU fallback.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 * MS_TEST_SCREENSHOT_DIR=dir saves `import -window root` shots there.
 */
#include "config.h"

#include "ms-test-compare.h"

typedef struct
{
  guint    changes;
  gint64   last;          /* µs, of the last change */
  gint64   shortest;      /* µs between two changes, G_MAXINT64 before two */
} Changes;

static void
on_drawn (MsBlendView *view,
          GParamSpec  *pspec,
          Changes     *changes)
{
  gint64 now = g_get_monotonic_time ();

  if (changes->changes > 0)
    changes->shortest = MIN (changes->shortest, now - changes->last);
  changes->last = now;
  changes->changes++;
}

static void
watch (MsBlendView *view,
       Changes     *changes)
{
  *changes = (Changes) { 0, 0, G_MAXINT64 };
  g_signal_connect (view, "notify::drawn-opacity", G_CALLBACK (on_drawn), changes);
}

static gboolean
drawn_a (gpointer data)
{
  return ms_blend_view_get_drawn_opacity (data) == 0.0;
}

static gboolean
drawn_b (gpointer data)
{
  return ms_blend_view_get_drawn_opacity (data) == 1.0;
}

static guint32 *
capture (MsBlendView *view)
{
  return ms_test_capture (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)),
                          gtk_widget_get_height (GTK_WIDGET (view)));
}

/* The blink's timer, if one is attached to the main context. */
static GSource *
blink_timer (MsBlendView *view)
{
  GSource *source = g_main_context_find_source_by_user_data (NULL, view);

  if (source != NULL)
    g_assert_cmpstr (g_source_get_name (source), ==, "[mapsmith] blink");
  return source;
}

static void
set_animations (gboolean enabled)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", enabled, NULL);
}

static MsCompareWindow *
open_blink (MsBlueprint *a,
            MsBlueprint *b)
{
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsBlendView *view = ms_compare_window_get_blink_view (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "blink"));
  ms_test_settle (ms_test_blend_drawn, view, 200, "the blink view");
  return window;
}

/* ---------------------------------------------------------- alternates --- */

static void
test_alternates (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 42, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 7, NULL);
  MsCompareWindow *window;
  MsBlendView *view;
  GtkToggleButton *button;
  g_autofree guint32 *alone_a = NULL;
  g_autofree guint32 *alone_b = NULL;
  g_autofree char *id = NULL;
  gsize bytes;
  guint differ = 0;
  Changes changes;

  set_animations (TRUE);
  window = open_blink (a, b);
  view = ms_compare_window_get_blink_view (window);
  button = ms_compare_window_get_blink_button (window);
  ms_test_blend_assert_renderer (view);
  bytes = (gsize) gtk_widget_get_width (GTK_WIDGET (view)) * gtk_widget_get_height (GTK_WIDGET (view)) * 4;

  /* Blinking from the start at 1 Hz, animations on. */
  g_assert_true (gtk_toggle_button_get_active (button));
  g_assert_true (ms_blend_view_get_blinking (view));
  g_assert_cmpfloat (gtk_spin_button_get_value (ms_compare_window_get_blink_rate (window)), ==, 1.0);
  g_assert_nonnull (blink_timer (view));

  /* The two pictures: stopped (A), and B held. */
  gtk_toggle_button_set_active (button, FALSE);
  g_assert_false (ms_blend_view_get_blinking (view));
  g_assert_null (blink_timer (view));
  g_assert_cmpfloat (ms_blend_view_get_drawn_opacity (view), ==, 0.0);
  g_assert_cmpstr (gtk_label_get_text (ms_blend_view_get_label (view)), ==, "A: Seed 42");
  ms_test_settle (ms_test_blend_drawn, view, 200, "A");
  alone_a = capture (view);
  ms_blend_view_set_held (view, TRUE);
  g_assert_cmpstr (gtk_label_get_text (ms_blend_view_get_label (view)), ==, "B: Seed 7");
  ms_test_settle (ms_test_blend_drawn, view, 200, "B");
  alone_b = capture (view);
  ms_blend_view_set_held (view, FALSE);
  for (gsize k = 0; k < bytes / 4; k++)
    differ += alone_a[k] != alone_b[k];
  g_assert_cmpuint (differ, >, bytes / 40);

  /* 2 Hz: a turn every 250 ms, never sooner; each turn the picture of its
   * map alone, label included. */
  gtk_spin_button_set_value (ms_compare_window_get_blink_rate (window), 2.0);
  g_assert_cmpfloat (ms_blend_view_get_rate (view), ==, 2.0);
  watch (view, &changes);
  gtk_toggle_button_set_active (button, TRUE);
  for (guint turn = 0; turn < 4; turn++)
    {
      g_autofree guint32 *shown = NULL;
      gboolean b_turn = turn % 2 == 0;

      ms_test_iterate_until_within (5, b_turn ? drawn_b : drawn_a, view, "the next turn");
      shown = capture (view);
      g_assert_cmpmem (shown, bytes, b_turn ? alone_b : alone_a, bytes);
    }
  g_assert_cmpuint (changes.changes, >=, 4);
  g_test_message ("shortest turn %" G_GINT64_FORMAT " µs", changes.shortest);
  /* GLib counts each turn from the main loop's time of the last dispatch,
   * a little before the handler that noted it ran. */
  g_assert_cmpint (changes.shortest, >=, 240000);
  ms_test_screenshot ("compare-blink.png", 0);

  /* B held through several turns: B all along; let go, the turns again. */
  gtk_window_set_title (GTK_WINDOW (window), "blink-test");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("blink-test");
  ms_test_xdotool ("windowfocus", "--sync", id, "keydown", "b", NULL);
  ms_test_iterate_until (drawn_b, view, "B held");
  changes.changes = 0;
  ms_test_run_for (700);
  g_assert_cmpuint (changes.changes, ==, 0);
  g_assert_true (ms_blend_view_get_held (view));
  ms_test_xdotool ("keyup", "b", NULL);
  ms_test_iterate_until_within (5, drawn_a, view, "A again");
  ms_test_iterate_until_within (5, drawn_b, view, "B's next turn");

  /* Stopped, B held and let go by real keys: B, then A; the pictures of
   * each alone. */
  gtk_toggle_button_set_active (button, FALSE);
  ms_test_xdotool ("keydown", "b", NULL);
  ms_test_iterate_until (drawn_b, view, "B held");
  {
    g_autofree guint32 *held = capture (view);

    g_assert_cmpmem (held, bytes, alone_b, bytes);
  }
  ms_test_xdotool ("keyup", "b", NULL);
  ms_test_iterate_until (drawn_a, view, "B let go");
  {
    g_autofree guint32 *released = capture (view);

    g_assert_cmpmem (released, bytes, alone_a, bytes);
  }

  /* In the rate's text field B is a letter, not the key that holds B. */
  gtk_widget_grab_focus (GTK_WIDGET (ms_compare_window_get_blink_rate (window)));
  ms_test_run_for (100);
  ms_test_xdotool ("keydown", "b", NULL);
  ms_test_run_for (300);
  g_assert_false (ms_blend_view_get_held (view));
  g_assert_cmpfloat (ms_blend_view_get_drawn_opacity (view), ==, 0.0);
  ms_test_xdotool ("keyup", "b", NULL);

  g_signal_handlers_disconnect_by_func (view, on_drawn, &changes);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* --------------------------------------------------------- timer stops --- */

static void
on_finalized (gpointer  data,
              GObject  *where_the_object_was)
{
  *(gboolean *) data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static void
test_timer_stops (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 42, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 7, NULL);
  MsCompareWindow *window;
  MsBlendView *view;
  gboolean finalized = FALSE;
  Changes changes;

  set_animations (TRUE);
  window = open_blink (a, b);
  view = ms_compare_window_get_blink_view (window);
  gtk_spin_button_set_value (ms_compare_window_get_blink_rate (window), 3.0);
  g_assert_nonnull (blink_timer (view));
  watch (view, &changes);

  /* Another mode: no timer, no turns (a 3 Hz turn is 167 ms). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "side-by-side"));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_null (blink_timer (view));
  changes.changes = 0;
  ms_test_run_for (600);
  g_assert_cmpuint (changes.changes, ==, 0);
  g_assert_true (ms_blend_view_get_blinking (view));

  /* Back: it blinks again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "blink"));
  ms_test_iterate_until (ms_test_widget_mapped, view, "the blink shown again");
  g_assert_nonnull (blink_timer (view));
  ms_test_run_for (600);
  g_assert_cmpuint (changes.changes, >=, 2);

  /* The window hidden: none. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  g_assert_null (blink_timer (view));
  changes.changes = 0;
  ms_test_run_for (600);
  g_assert_cmpuint (changes.changes, ==, 0);

  /* Closed: the view goes, and no timer is left to call into it. */
  g_signal_handlers_disconnect_by_func (view, on_drawn, &changes);
  g_object_weak_ref (G_OBJECT (view), on_finalized, &finalized);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_widget_mapped, view, "the window shown again");
  g_assert_nonnull (blink_timer (view));
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_iterate_until (is_true, &finalized, "the blink view finalized");
  g_assert_null (blink_timer (view));
  ms_test_run_for (600);
}

/* ------------------------------------------------------ animations off --- */

static void
test_animations_off (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 42, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 7, NULL);
  MsCompareWindow *window;
  MsBlendView *view;
  GtkToggleButton *button;

  /* Not started unasked: A, and no timer. */
  set_animations (FALSE);
  window = open_blink (a, b);
  view = ms_compare_window_get_blink_view (window);
  button = ms_compare_window_get_blink_button (window);
  g_assert_false (gtk_toggle_button_get_active (button));
  g_assert_false (ms_blend_view_get_blinking (view));
  g_assert_null (blink_timer (view));
  g_assert_cmpfloat (ms_blend_view_get_drawn_opacity (view), ==, 0.0);

  /* Asked for, it blinks all the same. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (ms_blend_view_get_blinking (view));
  g_assert_nonnull (blink_timer (view));
  ms_test_iterate_until_within (5, drawn_b, view, "B's turn");

  gtk_window_destroy (GTK_WINDOW (window));
  set_animations (TRUE);
}

/* ------------------------------------------------------------ readout --- */

static void
test_readout (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_block (FALSE);
  g_autoptr(MsBlueprint) b = ms_test_compare_block (TRUE);
  MsCompareWindow *window = open_blink (a, b);
  MsBlendView *view = ms_compare_window_get_blink_view (window);
  g_autofree char *id = NULL;

  gtk_window_set_title (GTK_WINDOW (window), "blink-readout");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("blink-readout");
  /* A, B and B − A whichever map the blink shows. */
  ms_test_compare_assert_block_readout (window, id, ms_blend_view_get_view_a (view));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_DATA_HOME", NULL);
  g_test_add_func ("/compare-blink/alternates", test_alternates);
  g_test_add_func ("/compare-blink/timer-stops", test_timer_stops);
  g_test_add_func ("/compare-blink/animations-off", test_animations_off);
  g_test_add_func ("/compare-blink/readout", test_readout);
  return ms_test_app_run ();
}
