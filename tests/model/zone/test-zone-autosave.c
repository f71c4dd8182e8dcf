/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The autosave journal in a real main loop with short intervals: when it
 * writes, what it writes, when it removes the journal, and failures.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "ms-demo-zone.h"
#include "ms-test-zone.h"
#include "ms-zone-autosave.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"

/* Not multiples of 64: partial chunks at the edges. */
#define W 150
#define H 100
#define N (W * H)

typedef struct
{
  char    *dir;
  char    *path;    /* the journal */
  MsZone  *zone;
} Fixture;

static MsZone *
open_zone (const char *dir)
{
  return ms_test_open_zone (dir, 5, W, H);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *zeros = g_malloc0 (N * 7);

  f->dir = ms_test_make_tmpdir ();
  ms_test_put_file (f->dir, "control.0005.bin", zeros, N * 2);
  ms_test_put_file (f->dir, "plants.0005.bin", zeros, N * 7);
  f->path = g_build_filename (f->dir, "state", "zone.mszj", NULL);
  f->zone = open_zone (f->dir);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->zone);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

/* Runs the main loop until @path exists (or not); returns the ms it took. */
static gint64
wait_for_file (const char *path,
               gboolean    exists)
{
  gint64 start = g_get_monotonic_time ();
  guint watchdog = ms_test_add_watchdog (20, path);

  while (g_file_test (path, G_FILE_TEST_EXISTS) != exists)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (watchdog);
  return (g_get_monotonic_time () - start) / 1000;
}

/* Roaming (64) over rect (20, 10) 120×70 of control: 8400 tiles; spawn 7
 * over rect (100, 60) 50×40 of plants: 2000 tiles.  Files are zeros, so
 * every one of those tiles differs from disk. */
#define EDIT_TILES (120 * 70 + 50 * 40)

static void
edit (MsZone *zone)
{
  g_autoptr(MsZoneRegion) a = ms_zone_region_new_rect (W, H, 20, 10, 120, 70);
  g_autoptr(MsZoneRegion) b = ms_zone_region_new_rect (W, H, 100, 60, 50, 40);
  MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 64, 0, 0 };
  MsZoneOp spawn = { MS_ZONE_OP_SET_SPAWN, 0, 7, 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_zone_apply (zone, &set, a, &error));
  g_assert_true (ms_zone_apply (zone, &spawn, b, &error));
  g_assert_no_error (error);
}

/* Every tile of @zone against the hand-worked result of edit (). */
static void
assert_edited (MsZone *zone)
{
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        guint16 control = (x >= 20 && x < 140 && y >= 10 && y < 80) ? 64 : 0;
        guint8 spawn = (x >= 100 && y >= 60) ? 7 : 0;

        if (ms_zone_get_control (zone, x, y) != control || ms_zone_get_spawn (zone, x, y) != spawn)
          g_error ("tile (%u, %u) is not as edited", x, y);
      }
}

static void
test_debounced_write (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, f->path);
  g_autoptr(MsZoneJournalInfo) info = NULL;
  g_autoptr(MsZone) fresh = NULL;
  g_autoptr(GError) error = NULL;
  gint64 waited;

  g_assert_cmpstr (ms_zone_autosave_get_path (autosave), ==, f->path);
  ms_zone_autosave_set_intervals (autosave, 150, 10000);
  g_assert_false (ms_zone_autosave_is_pending (autosave));
  edit (f->zone);
  g_assert_true (ms_zone_autosave_is_pending (autosave));
  /* Not at once: only after the debounce. */
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  waited = wait_for_file (f->path, TRUE);
  g_assert_cmpint (waited, >=, 140);
  g_assert_false (ms_zone_autosave_is_pending (autosave));
  g_assert_null (ms_zone_autosave_get_error (autosave));

  info = ms_zone_journal_read_info (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (info->zone_id, ==, 5);
  g_assert_cmpuint (info->n_tiles, ==, EDIT_TILES);
  g_assert_cmpuint (info->layers, ==, (1u << MS_ZONE_LAYER_CONTROL) | (1u << MS_ZONE_LAYER_PLANTS));

  fresh = open_zone (f->dir);
  g_assert_true (ms_zone_journal_apply (fresh, f->path, &error));
  g_assert_no_error (error);
  assert_edited (fresh);
}

static void
test_undo_to_clean_removes (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, f->path);

  ms_zone_autosave_set_intervals (autosave, 50, 10000);
  edit (f->zone);
  wait_for_file (f->path, TRUE);

  /* Back to what the files hold. */
  g_assert_true (ms_zone_undo (f->zone));
  g_assert_true (ms_zone_undo (f->zone));
  g_assert_false (ms_zone_is_dirty (f->zone));
  wait_for_file (f->path, FALSE);
  g_assert_null (ms_zone_autosave_get_error (autosave));

  /* Redo makes it unsaved again. */
  g_assert_true (ms_zone_redo (f->zone));
  wait_for_file (f->path, TRUE);
}

/* Two steps that cancel out: the history is away from the saved state, but
 * no tile differs from the files, so there is nothing to keep. */
static void
test_cancelling_edits_remove (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, f->path);
  g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (W, H, 20, 10, 120, 70);
  MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 64, 0, 0 };
  MsZoneOp clear = { MS_ZONE_OP_CLEAR_FLAG, 64, 0, 0 };
  g_autoptr(GError) error = NULL;

  ms_zone_autosave_set_intervals (autosave, 50, 10000);
  g_assert_true (ms_zone_apply (f->zone, &set, rect, &error));
  wait_for_file (f->path, TRUE);
  g_assert_true (ms_zone_apply (f->zone, &clear, rect, &error));
  g_assert_true (ms_zone_is_dirty (f->zone));
  wait_for_file (f->path, FALSE);
  g_assert_null (ms_zone_autosave_get_error (autosave));
}

static void
test_save_removes (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, f->path);
  g_autoptr(GError) error = NULL;

  ms_zone_autosave_set_intervals (autosave, 50, 10000);
  edit (f->zone);
  wait_for_file (f->path, TRUE);

  /* Removed by the save itself, not by a later timer. */
  g_assert_true (ms_zone_save (f->zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_false (ms_zone_autosave_is_pending (autosave));

  /* An edit saved before its debounce ran leaves nothing behind either. */
  {
    g_autoptr(MsZoneRegion) r = ms_zone_region_new_rect (W, H, 0, 0, 3, 3);
    MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 2, 0, 0 };

    g_assert_true (ms_zone_apply (f->zone, &set, r, &error));
    g_assert_true (ms_zone_save (f->zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
    g_assert_no_error (error);
    ms_test_run_for (150);
    g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));

    /* Undoing past the save is unsaved again: journaled. */
    g_assert_true (ms_zone_undo (f->zone));
    wait_for_file (f->path, TRUE);
  }
}

typedef struct
{
  MsZone *zone;
  guint   n;
} Painter;

static gboolean
paint_one (gpointer user_data)
{
  Painter *p = user_data;
  g_autoptr(MsZoneRegion) r = ms_zone_region_new_rect (W, H, p->n % W, 0, 1, H);
  MsZoneOp op = { MS_ZONE_OP_ADD_SPAWN, 0, 1, 0 };

  g_assert_true (ms_zone_apply (p->zone, &op, r, NULL));
  p->n++;
  return G_SOURCE_CONTINUE;
}

/* An edit every 40 ms keeps restarting a 300 ms debounce; the 600 ms cap
 * writes anyway, while the painting goes on. */
static void
test_continuous_edits (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, f->path);
  Painter painter = { f->zone, 0 };
  guint painting;
  gint64 waited;

  ms_zone_autosave_set_intervals (autosave, 300, 600);
  paint_one (&painter);
  painting = g_timeout_add (40, paint_one, &painter);
  waited = wait_for_file (f->path, TRUE);
  g_source_remove (painting);
  g_assert_cmpint (waited, >=, 550);
  g_assert_cmpint (waited, <, 1500);
  /* The debounce alone would never have fired: edits were 40 ms apart. */
  g_assert_cmpuint (painter.n, >=, 10);

  /* And the cap applies again to the next run of edits. */
  g_assert_cmpint (g_remove (f->path), ==, 0);
  painting = g_timeout_add (40, paint_one, &painter);
  waited = wait_for_file (f->path, TRUE);
  g_source_remove (painting);
  g_assert_cmpint (waited, <, 1500);
}

/* A brush stroke open when the timer fires is journaled once it ends. */
static void
test_open_step_waits (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, f->path);
  g_autoptr(GError) error = NULL;

  ms_zone_autosave_set_intervals (autosave, 30, 60);
  ms_zone_begin_step (f->zone);
  edit (f->zone);
  ms_test_run_for (200);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_false (ms_zone_autosave_flush (autosave, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  ms_zone_end_step (f->zone);
  wait_for_file (f->path, TRUE);
}

static void
on_notify_error (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(guint *) user_data)++;
}

static void
test_unwritable (Fixture *f, gconstpointer data)
{
  g_autofree char *blocker = g_build_filename (f->dir, "not-a-folder", NULL);
  g_autofree char *path = g_build_filename (blocker, "journal", "zone.mszj", NULL);
  g_autoptr(MsZoneAutosave) autosave = NULL;
  g_autoptr(GError) error = NULL;
  guint notified = 0;

  /* A file where the journal's folder should be: no folder can be made,
   * whoever runs the test (root ignores permissions). */
  g_assert_true (g_file_set_contents (blocker, "x", 1, NULL));
  autosave = ms_zone_autosave_new (f->zone, path);
  g_signal_connect (autosave, "notify::error", G_CALLBACK (on_notify_error), &notified);
  ms_zone_autosave_set_intervals (autosave, 30, 1000);
  edit (f->zone);
  {
    guint watchdog = ms_test_add_watchdog (20, "the error");

    while (ms_zone_autosave_get_error (autosave) == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_source_remove (watchdog);
  }
  g_assert_cmpuint (notified, ==, 1);
  g_assert_error (ms_zone_autosave_get_error (autosave), G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_assert_false (ms_zone_autosave_is_pending (autosave));

  g_assert_false (ms_zone_autosave_flush (autosave, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* The zone is untouched, and once the folder can be made, it works. */
  assert_edited (f->zone);
  g_assert_cmpint (g_remove (blocker), ==, 0);
  g_assert_true (ms_zone_autosave_flush (autosave, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_default_path_flush_discard (Fixture *f, gconstpointer data)
{
  g_autoptr(MsZoneAutosave) autosave = ms_zone_autosave_new (f->zone, NULL);
  g_autofree char *expected = ms_zone_journal_default_path (f->zone);
  g_autofree char *folder = g_build_filename (g_get_user_state_dir (), "mapsmith", "journal", NULL);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  const char *path = ms_zone_autosave_get_path (autosave);

  g_assert_cmpstr (path, ==, expected);
  g_assert_true (g_str_has_prefix (path, folder));

  /* Flush: at once, no main loop. */
  edit (f->zone);
  g_assert_true (ms_zone_autosave_flush (autosave, &error));
  g_assert_no_error (error);
  g_assert_false (ms_zone_autosave_is_pending (autosave));
  list = ms_zone_journal_list (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpstr (((MsZoneJournalInfo *) list->pdata[0])->path, ==, path);
  g_assert_cmpuint (((MsZoneJournalInfo *) list->pdata[0])->n_tiles, ==, EDIT_TILES);

  /* Discard: gone, and a pending write is cancelled with it. */
  ms_zone_autosave_set_intervals (autosave, 30, 60);
  g_assert_true (ms_zone_undo (f->zone));
  g_assert_true (ms_zone_autosave_is_pending (autosave));
  g_assert_true (ms_zone_autosave_discard (autosave, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (ms_zone_autosave_is_pending (autosave));
  ms_test_run_for (150);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  /* Already gone: not an error. */
  g_assert_true (ms_zone_autosave_discard (autosave, &error));
  g_assert_no_error (error);
}

/* Closing with a write pending writes it: the last edits stay recoverable. */
static void
test_dispose_writes_pending (Fixture *f, gconstpointer data)
{
  MsZoneAutosave *autosave = ms_zone_autosave_new (f->zone, f->path);
  g_autoptr(MsZoneJournalInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  ms_zone_autosave_set_intervals (autosave, 60000, 60000);
  edit (f->zone);
  g_object_unref (autosave);
  info = ms_zone_journal_read_info (f->path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (info->n_tiles, ==, EDIT_TILES);
  /* Nothing left connected: more edits write nothing. */
  g_assert_cmpint (g_remove (f->path), ==, 0);
  g_assert_true (ms_zone_undo (f->zone));
  ms_test_run_for (100);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  g_autofree char *state = ms_test_make_tmpdir ();
  int status;

  /* Before GLib caches the user folders. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/zone-autosave/debounced-write", test_debounced_write);
  ADD ("/zone-autosave/undo-to-clean-removes", test_undo_to_clean_removes);
  ADD ("/zone-autosave/cancelling-edits-remove", test_cancelling_edits_remove);
  ADD ("/zone-autosave/save-removes", test_save_removes);
  ADD ("/zone-autosave/continuous-edits", test_continuous_edits);
  ADD ("/zone-autosave/open-step-waits", test_open_step_waits);
  ADD ("/zone-autosave/unwritable", test_unwritable);
  ADD ("/zone-autosave/default-path-flush-discard", test_default_path_flush_discard);
  ADD ("/zone-autosave/dispose-writes-pending", test_dispose_writes_pending);
#undef ADD

  status = g_test_run ();
  ms_test_remove_tree (state);
  return status;
}
