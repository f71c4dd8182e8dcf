/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's history in a real window under Xvfb
 * (app/ms-zone-window.c, undo and redo in ms-zone-window-actions.c),
 * driven by real pointer and key events (xdotool, XTEST): the title's
 * unsaved mark follows undo, redo and save; brush, rectangle and flood
 * fill undone and redone onto the states before and after each step, then
 * closed with Discard (issue #16.2).
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-test-zone-window.h"
#include "ms-zone-journal.h"

static MsApplication *app;

static gboolean
title_dirty (MsTestPainter *f)
{
  return g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• ");
}

static void
test_dirty_follows_history (MsTestPainter *f,
                            gconstpointer  data)
{
  guint box[4];

  ms_test_drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  g_assert_true (title_dirty (f));
  ms_test_key ("ctrl+z");
  g_assert_false (title_dirty (f));
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  ms_test_key ("ctrl+shift+z");
  g_assert_true (title_dirty (f));
  ms_test_key ("ctrl+s");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_false (title_dirty (f));

  /* A step past the save, undone: back at the saved state, clean. */
  ms_test_drag_rect (f, 20.5, 60.5, 40.5, 70.5, box);
  g_assert_true (title_dirty (f));
  ms_test_key ("ctrl+z");
  g_assert_false (title_dirty (f));
  /* Undone past the save: the files hold the step, so it is dirty again. */
  ms_test_key ("ctrl+z");
  g_assert_true (title_dirty (f));
}

/* The zone's control layer as it reads now. */
static guint16 *
snapshot_control (MsZone *zone)
{
  guint16 *c = g_new (guint16, (gsize) SIZE * SIZE);

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      c[(gsize) y * SIZE + x] = ms_zone_get_control (zone, x, y);
  return c;
}

static gboolean
same_control (const guint16 *a, const guint16 *b)
{
  return memcmp (a, b, (gsize) SIZE * SIZE * sizeof *a) == 0;
}

/* Issue #16.2: the app once vanished on a second Ctrl+Z after brush,
 * rectangle and flood fill.  The whole cycle with real input, run in the
 * ASan build too: each undo and redo lands on the state before or after
 * its step, and closing with Discard leaves the files and no journal. */
static void
test_tool_undo_close_cycle (MsTestPainter *f,
                            gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autofree char *journal = ms_zone_journal_default_path (zone);
  g_autofree guint16 *opened = snapshot_control (zone);
  g_autofree guint16 *after_brush = NULL, *after_rect = NULL, *after_flood = NULL, *now = NULL;
  guint box[4], position;
  MsTestSpot s0 = ms_test_spot (f, 100.5, 300.5), s1 = ms_test_spot (f, 130.5, 310.5);
  MsTestSpot flood = ms_test_spot (f, 400.5, 120.5);
  GtkWindow *dialog;
  GtkWidget *discard;

  ms_test_key ("b");
  ms_zone_window_set_brush_size (f->window, 7);
  ms_test_move_to (f, &s0);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  ms_test_move_to (f, &s1);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
  after_brush = snapshot_control (zone);
  g_assert_false (same_control (after_brush, opened));
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty) & ANTI, !=, 0);

  ms_test_drag_rect (f, 200.5, 200.5, 260.5, 240.5, box);
  after_rect = snapshot_control (zone);
  g_assert_false (same_control (after_rect, after_brush));
  g_assert_cmpuint (ms_zone_get_control (zone, box[0], box[1]) & ANTI, !=, 0);

  ms_test_key ("f");
  ms_test_move_to (f, &flood);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (300);
  ms_test_key ("Return");
  after_flood = snapshot_control (zone);
  g_assert_false (same_control (after_flood, after_rect));
  g_strfreev (ms_zone_window_dup_history (f->window, &position));
  g_assert_cmpuint (position, ==, 3);

  /* Past the autosave's delay, so the journal holds the three steps. */
  ms_test_run_for (2500);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));

  ms_test_key ("ctrl+z");
  now = snapshot_control (zone);
  g_assert_true (same_control (now, after_rect));
  g_clear_pointer (&now, g_free);
  ms_test_key ("ctrl+z");
  now = snapshot_control (zone);
  g_assert_true (same_control (now, after_brush));
  g_clear_pointer (&now, g_free);
  g_strfreev (ms_zone_window_dup_history (f->window, &position));
  g_assert_cmpuint (position, ==, 1);
  /* Hover and draw over the undone tiles, then redo one. */
  ms_test_move_to (f, &s1);
  ms_test_painter_settle (f->window);
  ms_test_key ("ctrl+shift+z");
  now = snapshot_control (zone);
  g_assert_true (same_control (now, after_rect));
  g_strfreev (ms_zone_window_dup_history (f->window, &position));
  g_assert_cmpuint (position, ==, 2);
  ms_test_painter_settle (f->window);
  ms_test_run_for (2500);

  gtk_window_close (GTK_WINDOW (f->window));
  ms_test_run_for (100);
  dialog = ms_zone_window_get_close_dialog (f->window);
  g_assert_nonnull (dialog);
  discard = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  g_assert_true (gtk_widget_activate (discard));
  ms_test_iterate_until_within (10, ms_test_painter_gone, f, "the window to close");
  g_assert_null (f->window);
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autoptr(GBytes) bytes = ms_test_read_layer (f, i);

      g_assert_true (g_bytes_equal (bytes, f->original[i]));
    }
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  app = ms_test_painter_start (&argc, &argv);
  ms_test_painter_add ("/zone-window/dirty-follows-history", test_dirty_follows_history);
  ms_test_painter_add ("/zone-window/tool-undo-close-cycle", test_tool_undo_close_cycle);
  return ms_test_app_run ();
}
