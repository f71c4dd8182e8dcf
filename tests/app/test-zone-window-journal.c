/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's unsaved edits in a real window under Xvfb
 * (app/ms-zone-window-save.c): the journal a window that went away leaves,
 * offered, recovered or discarded when the zone opens again; the question
 * before closing unsaved; a layer file truncated while open (issue #13);
 * and a save killed half-way, finished or undone when the zone opens.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <sys/wait.h>

#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ms-test-zone-window.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"

static MsApplication *app;

static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The control value the window should show after setting AntiPlant on @box
 * over the file's original bytes. */
static guint16
expected_control (MsTestPainter *f, const guint box[4], guint x, guint y)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  guint16 c = ms_test_control_at (g_bytes_get_data (f->original[1], NULL), bpt, (gsize) y * SIZE + x);

  return ms_test_in_box (box, x, y) ? c | ANTI : c;
}

static void
assert_zone_shows (MsTestPainter *f, const guint box[4], gboolean edited)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  static const guint none[4] = { 0, 0, 0, 0 };

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                        expected_control (f, edited ? box : none, x, y));
}

/* A window that goes away without saving (a crash, a killed session)
 * leaves its edits in a journal; opening the zone again offers them. */
static MsZoneWindow *
reopen (MsTestPainter *f)
{
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open (window, f->dir, ZONE_ID, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_painter_settle (window);
  return window;
}

static void
test_journal_recover (MsTestPainter *f,
                      gconstpointer  data)
{
  g_autofree char *journal = ms_zone_journal_default_path (ms_zone_window_get_zone (f->window));
  g_auto(GStrv) history = NULL;
  guint box[4], position;

  g_assert_true (g_str_has_prefix (journal, g_get_user_state_dir ()));
  g_assert_false (file_exists (journal));
  ms_test_drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  ms_test_iterate_until (file_exists, journal, "the journal of the unsaved edit");

  /* Gone without asking: the journal stays. */
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_true (file_exists (journal));
  f->window = reopen (f);

  /* Offered, not applied: the zone shows the files until Recover. */
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_nonnull (strstr (ms_zone_window_get_banner (f->window), "unsaved edits"));
  assert_zone_shows (f, box, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.recover", NULL));
  assert_zone_shows (f, box, TRUE);
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  g_assert_true (g_str_has_prefix (history[0], "Recovered"));
  {
    g_autofree char *count = g_strdup_printf ("(%u tiles)", (box[2] - box[0]) * (box[3] - box[1]));

    g_assert_nonnull (strstr (history[0], count));
  }

  /* One step: undo shows the files again, redo the edits. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.undo", NULL));
  assert_zone_shows (f, box, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.redo", NULL));

  /* Saving writes them and the journal goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_false (file_exists (journal));
  {
    g_autoptr(GBytes) saved = ms_test_read_layer (f, 1);
    MsZone *zone = ms_zone_window_get_zone (f->window);
    guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);

    for (guint y = 0; y < SIZE; y++)
      for (guint x = 0; x < SIZE; x++)
        g_assert_cmpuint (ms_test_control_at (g_bytes_get_data (saved, NULL), bpt, (gsize) y * SIZE + x), ==,
                          expected_control (f, box, x, y));
  }
}

/* Discard in the unsaved-changes question closes the window: the dialog
 * goes before its parent (no critical, which this suite makes fatal), the
 * window is finalised and the files are untouched. */
static void
test_close_discard (MsTestPainter *f,
                    gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };
  GtkWindow *dialog;
  GtkWidget *discard;
  gpointer weak_dialog;

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);
  gtk_window_close (GTK_WINDOW (f->window));
  ms_test_run_for (100);
  dialog = ms_zone_window_get_close_dialog (f->window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  discard = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  g_assert_nonnull (discard);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (discard)), ==, "_Discard");

  weak_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak_dialog);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  /* A button's activation clicks it after a 250 ms press. */
  g_assert_true (gtk_widget_activate (discard));
  ms_test_iterate_until_within (10, ms_test_painter_gone, f, "the window to close");
  g_assert_null (f->window);
  if (weak_dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (weak_dialog), &weak_dialog);
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autoptr(GBytes) now = ms_test_read_layer (f, i);

      g_assert_true (g_bytes_equal (now, f->original[i]));
    }
}

static gboolean
close_dialog_gone (gpointer data)
{
  return ms_zone_window_get_close_dialog (MS_ZONE_WINDOW (data)) == NULL;
}

/* Cancel keeps the window and its edits; asking again works. */
static void
test_close_cancel (MsTestPainter *f,
                   gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  for (guint round = 0; round < 2; round++)
    {
      GtkWindow *dialog;

      gtk_window_close (GTK_WINDOW (f->window));
      ms_test_run_for (100);
      dialog = ms_zone_window_get_close_dialog (f->window);
      g_assert_nonnull (dialog);
      g_assert_true (gtk_widget_activate (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                              GTK_RESPONSE_CANCEL)));
      /* A button's activation clicks it after a 250 ms press (longer
       * under a sanitizer on a busy machine). */
      ms_test_iterate_until (close_dialog_gone, f->window, "the close dialog to go");
      g_assert_null (ms_zone_window_get_close_dialog (f->window));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
      g_assert_true (ms_zone_is_dirty (zone));
    }
}

static void
test_journal_discard (MsTestPainter *f,
                      gconstpointer  data)
{
  g_autofree char *journal = ms_zone_journal_default_path (ms_zone_window_get_zone (f->window));
  g_autofree char *copy = g_build_filename (f->dir, "kept.journal", NULL);
  g_autoptr(GError) error = NULL;
  MsZoneWindow *other;
  guint box[4];

  ms_test_drag_rect (f, 50.5, 50.5, 60.5, 55.5, box);
  ms_test_iterate_until (file_exists, journal, "the journal of the unsaved edit");
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = reopen (f);

  /* Kept aside for the recovery dialog's path below. */
  {
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (journal, &contents, &length, NULL));
    g_assert_true (g_file_set_contents (copy, contents, (gssize) length, NULL));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.discard-journal", NULL));
  g_assert_false (file_exists (journal));
  g_assert_null (ms_zone_window_get_banner (f->window));
  assert_zone_shows (f, box, FALSE);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));

  /* The recovery dialog's path: open and apply in one go. */
  other = ms_zone_window_new (GTK_APPLICATION (app));
  g_assert_true (ms_zone_window_open_recovered (other, f->dir, ZONE_ID, copy, &error));
  g_assert_no_error (error);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (other), x, y), ==,
                        expected_control (f, box, x, y));
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (other)));
  gtk_window_destroy (GTK_WINDOW (other));
}

#define REAL_ID   71
#define REAL_SIZE 256

/* A copy of the real zone 71 (tests/data/zones/0071), 256²; f->original[]
 * holds its control file in [1], empty bytes elsewhere. */
static void
fixture_set_up_real (MsTestPainter *f,
                     gconstpointer  data)
{
  const char *names[] = { "altitude.0071.bin", "blocks.0071.bin", "control.0071.bin", "plants.0071.bin" };
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    f->original[i] = g_bytes_new (NULL, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_test_build_filename (G_TEST_DIST, "data", "zones", "0071", names[i], NULL);
      char *contents;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, &error));
      g_assert_no_error (error);
      ms_test_put_file (f->dir, names[i], contents, length);
      if (g_str_has_prefix (names[i], "control"))
        {
          g_bytes_unref (f->original[1]);
          f->original[1] = g_bytes_new_take (contents, length);
        }
      else
        g_free (contents);
    }
  g_assert_cmpuint (g_bytes_get_size (f->original[1]), ==, REAL_SIZE * REAL_SIZE * 2);
  ms_test_painter_open (f, REAL_ID);
}

static guint16
original_control (MsTestPainter *f, guint x, guint y)
{
  const guint8 *c = g_bytes_get_data (f->original[1], NULL);
  gsize t = (gsize) y * REAL_SIZE + x;

  return (guint16) (c[2 * t] | c[2 * t + 1] << 8);
}

static void
stroke (MsTestPainter *f, double x0, double y0, double x1, double y1)
{
  MsTestSpot a = ms_test_spot (f, x0, y0), b = ms_test_spot (f, x1, y1);

  ms_test_drag (f, &a, &b);
}

static guint64
journal_tiles (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (path, &error);

  g_assert_no_error (error);
  return info->n_tiles;
}

static goffset
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_size;
}

/* Issue #13: the control file is truncated in place while the zone is
 * open and edited.  The process survives hovering, painting and the
 * journal timer over the lost pages; the banner names the file; Save
 * refuses (even forced) and writes nothing; the journal written before
 * stays; Reload after the file is back opens it and offers the edits. */
static void
test_lost_pages (MsTestPainter *f,
                 gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autofree char *control = g_build_filename (f->dir, "control.0071.bin", NULL);
  g_autofree char *journal = ms_zone_journal_default_path (zone);
  g_autoptr(GError) error = NULL;
  const char *banner;
  guint64 journalled;
  MsTestSpot s0;
  int fd;

  g_assert_cmpuint (ms_zone_get_width (zone), ==, REAL_SIZE);
  ms_test_key ("b");
  ms_zone_window_set_brush_size (f->window, 5);
  s0 = ms_test_spot (f, 40.5, 60.5);
  stroke (f, 40.5, 60.5, 70.5, 60.5);
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty), ==, original_control (f, s0.tx, s0.ty) | ANTI);
  /* Past the journal's delay: the stroke is kept for recovery. */
  ms_test_run_for (2600);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  journalled = journal_tiles (journal);
  g_assert_cmpuint (journalled, >, 0);

  /* The game server (say) truncates the file in place: rows past the first
   * thousand bytes are gone from under the mapping. */
  fd = g_open (control, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 1000), ==, 0);
  close (fd);

  /* Hover and paint over lost pages, and wait out the journal timer. */
  {
    MsTestSpot h = ms_test_spot (f, 120.5, 150.5);

    ms_test_move_to (f, &h);
    stroke (f, 120.5, 150.5, 150.5, 160.5);
    ms_test_run_for (2600);
  }
  g_assert_false (ms_zone_check_layer (zone, MS_ZONE_LAYER_CONTROL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_true (ms_zone_check_layer (zone, MS_ZONE_LAYER_PLANTS, NULL));
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "control.0071.bin changed on disk"));
  g_assert_nonnull (strstr (banner, "offers back the unsaved edits last journalled"));
  /* The journal is the one written before, not one read from zeros. */
  g_assert_cmpuint (journal_tiles (journal), ==, journalled);

  /* Save refuses, naming the file; forced too; nothing is written. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_true (g_str_has_prefix (banner, "Not saved: control.0071.bin"));
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_cmpint (file_size (control), ==, 1000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.overwrite", NULL));
  g_assert_cmpint (file_size (control), ==, 1000);
  g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_FORCE, NULL, NULL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "control.0071.bin"));
  g_clear_error (&error);
  g_assert_cmpint (file_size (control), ==, 1000);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  /* The file comes back; Reload opens it and offers the journalled edits. */
  g_assert_true (g_file_set_contents (control, g_bytes_get_data (f->original[1], NULL),
                                      (gssize) g_bytes_get_size (f->original[1]), &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  zone = ms_zone_window_get_zone (f->window);
  g_assert_true (ms_zone_check_layers (zone, NULL, NULL));
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty), ==, original_control (f, s0.tx, s0.ty));
  g_assert_cmpuint (ms_zone_get_control (zone, 130, 155), ==, original_control (f, 130, 155));
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "unsaved edits"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.recover", NULL));
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty), ==, original_control (f, s0.tx, s0.ty) | ANTI);
  /* The second stroke was made over lost pages: not journalled. */
  g_assert_cmpuint (ms_zone_get_control (zone, 130, 155), ==, original_control (f, 130, 155));
  ms_test_painter_settle (f->window);
  ms_test_run_for (300);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_false (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = ms_test_read_layer_named (f, "control.0071.bin");
    const guint8 *c = g_bytes_get_data (now, NULL);
    gsize t = (gsize) s0.ty * REAL_SIZE + s0.tx;

    g_assert_cmpuint (g_bytes_get_size (now), ==, REAL_SIZE * REAL_SIZE * 2);
    g_assert_cmpuint ((guint16) (c[2 * t] | c[2 * t + 1] << 8), ==, original_control (f, s0.tx, s0.ty) | ANTI);
  }
}

/* A save of control and plants killed after its intent record was written
 * (mapsmith-cli, MAPSMITH_SAVE_CRASH_AT): the next window on the zone
 * finishes or undoes it before showing it, and says so. */
static void
test_interrupted_save (MsTestPainter *f,
                       gconstpointer  data)
{
  g_autofree char *record = g_build_filename (f->dir, ".mapsmith-save.0071.intent", NULL);
  g_autoptr(GError) error = NULL;
  MsZoneWindow *second;
  const char *banner;
  gboolean made = FALSE;

  for (int n = 1; n <= 30 && !made; n++)
    {
      g_autofree char *at = g_strdup_printf ("%d", n);
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "MAPSMITH_SAVE_CRASH_AT", at, TRUE);
      const char *argv[] = { g_getenv ("MAPSMITH_CLI"), "zone", "edit", f->dir, "71",
                             "set AntiPlant rect 0 0 20 20", "spawn 9 rect 0 0 20 20", NULL };
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDOUT_TO_DEV_NULL |
                                   G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_false (WIFEXITED (status));  /* killed before the save ended */
      made = g_file_test (record, G_FILE_TEST_EXISTS);
    }
  g_assert_true (made);

  second = ms_zone_window_new (GTK_APPLICATION (app));
  g_assert_true (ms_zone_window_open (second, f->dir, REAL_ID, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (second));
  ms_test_painter_settle (second);
  banner = ms_zone_window_get_banner (second);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "control.0071.bin and plants.0071.bin"));
  g_assert_true (strstr (banner, "was finished") != NULL || strstr (banner, "was undone") != NULL);
  g_assert_false (g_file_test (record, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (second));
}

int
main (int argc, char **argv)
{
  app = ms_test_painter_start (&argc, &argv);
  ms_test_painter_add ("/zone-window/journal-recover", test_journal_recover);
  ms_test_painter_add ("/zone-window/journal-discard", test_journal_discard);
  ms_test_painter_add ("/zone-window/close-discard", test_close_discard);
  ms_test_painter_add ("/zone-window/close-cancel", test_close_cancel);
  g_test_add ("/zone-window/lost-pages", MsTestPainter, NULL, fixture_set_up_real, test_lost_pages,
              ms_test_painter_tear_down);
  g_test_add ("/zone-window/interrupted-save", MsTestPainter, NULL, fixture_set_up_real, test_interrupted_save,
              ms_test_painter_tear_down);
  return ms_test_app_run ();
}
