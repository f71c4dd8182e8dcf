/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's files in a real window under Xvfb
 * (app/ms-zone-window-save.c): a layer rewritten on disk is never
 * overwritten silently (asked, overwritten or reloaded), a layer replaced
 * behind the window's back is said at once, masks out and in, the backup
 * before a zone's first save (or none, when turned off), and the question
 * before a save that adds zone audit findings.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ms-settings.h"
#include "ms-test-zone-window.h"
#include "ms-wire.h"
#include "ms-zone-backup.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-mask.h"

static MsApplication *app;

static void
test_changed_on_disk (MsTestPainter *f,
                      gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };
  g_autofree guint8 *server = NULL;
  gsize len;
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);

  /* The game server saves the control layer meanwhile: tile (0, 0) gets
   * TerraformProtected. */
  server = g_bytes_unref_to_data (g_bytes_ref (f->original[1]), &len);
  server[0] |= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));

  /* Saving asks; the server's file stays as the server wrote it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_true (ms_zone_window_has_conflict (f->window));
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_nonnull (strstr (ms_zone_window_get_banner (f->window), "Reload"));
  g_assert_true (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = ms_test_read_layer (f, 1);
    g_autoptr(GBytes) expected = g_bytes_new (server, len);

    g_assert_true (g_bytes_equal (now, expected));
  }

  /* Closing with unsaved edits asks too, and keeps the window. */
  gtk_window_close (GTK_WINDOW (f->window));
  ms_test_run_for (100);
  g_assert_true (ms_zone_window_is_asking_to_close (f->window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  /* Overwrite: the edited zone, read from the files as first opened. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.overwrite", NULL));
  g_assert_false (ms_zone_window_has_conflict (f->window));
  g_assert_false (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = ms_test_read_layer (f, 1);
    const guint8 *got = g_bytes_get_data (now, NULL);
    const guint8 *orig = g_bytes_get_data (f->original[1], NULL);

    g_assert_cmpuint (got[0], ==, orig[0]);
    for (guint y = 10; y < 14; y++)
      for (guint x = 10; x < 14; x++)
        {
          gsize t = (gsize) y * SIZE + x;
          guint16 v = bpt == 2 ? (guint16) (got[2 * t] | got[2 * t + 1] << 8) : got[t];
          guint16 o = bpt == 2 ? (guint16) (orig[2 * t] | orig[2 * t + 1] << 8) : orig[t];

          g_assert_cmpuint (v, ==, o | (bpt == 2 ? MS_ZONE_CONTROL_HIGHWAY : 0));
        }
  }

  /* Reload after another conflict: the files as they are, no history. */
  op.kind = MS_ZONE_OP_CLEAR_FLAG;
  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_true (ms_zone_window_has_conflict (f->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  g_assert_false (ms_zone_window_has_conflict (f->window));
  zone = ms_zone_window_get_zone (f->window);
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_cmpuint (ms_zone_get_control (zone, 0, 0) & MS_ZONE_CONTROL_TERRAFORM_PROTECTED, !=, 0);
}

static void
test_masks (MsTestPainter *f,
            gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  g_autofree char *anti_path = g_build_filename (f->dir, "anti.png", NULL);
  g_autofree char *allowed_path = g_build_filename (f->dir, "allowed.png", NULL);
  g_autofree char *in_path = g_build_filename (f->dir, "in.png", NULL);
  g_autofree char *small_path = g_build_filename (f->dir, "small.png", NULL);
  g_autoptr(GFile) anti_file = g_file_new_for_path (anti_path);
  g_autoptr(GFile) allowed_file = g_file_new_for_path (allowed_path);
  g_autoptr(GFile) in_file = g_file_new_for_path (in_path);
  g_autoptr(GFile) small_file = g_file_new_for_path (small_path);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) history = NULL;
  guint position, n_set = 0, n_anti = 0;
  const guint16 not_allowed = MS_ZONE_CONTROL_ANTI_PLANT | 64 | 128 | 256 | 8 | 16;

  /* Export: one grey pixel per tile, 255 exactly where the file's control
   * value has the bit (or, for plant-allowed, none of the forbidding
   * bits). */
  g_assert_true (ms_zone_window_export_mask (f->window, ANTI, anti_file, &error));
  g_assert_no_error (error);
  g_assert_true (ms_zone_window_export_mask (f->window, 0, allowed_file, &error));
  g_assert_no_error (error);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (k == 0 ? anti_path : allowed_path, &error);
      g_autofree guint8 *pixels = g_malloc ((gsize) SIZE * SIZE * 4);

      g_assert_no_error (error);
      g_assert_cmpint (gdk_texture_get_width (texture), ==, SIZE);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, SIZE);
      gdk_texture_download (texture, pixels, SIZE * 4);
      for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
        {
          guint16 c = ms_test_control_at (control, bpt, t);
          gboolean on = k == 0 ? (c & ANTI) != 0 : (c & not_allowed) == 0;

          /* BGRA in memory; grey, so every channel alike. */
          g_assert_cmpuint (pixels[4 * t], ==, on ? 255 : 0);
          g_assert_cmpuint (pixels[4 * t + 1], ==, on ? 255 : 0);
          if (k == 0 && on)
            n_anti++;
        }
    }
  g_assert_cmpuint (n_anti, >, 0);

  /* Import: a white disc on black sets TerraformProtected there, as one
   * step named for it; undo takes it back. */
  {
    cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
    cairo_t *cr = cairo_create (mask);
    const guint8 *px;
    int stride;

    cairo_set_source_rgb (cr, 0, 0, 0);
    cairo_paint (cr);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_rectangle (cr, 100, 120, 37, 21);
    cairo_fill (cr);
    cairo_destroy (cr);
    cairo_surface_flush (mask);
    g_assert_cmpint (cairo_surface_write_to_png (mask, in_path), ==, CAIRO_STATUS_SUCCESS);
    px = cairo_image_surface_get_data (mask);
    stride = cairo_image_surface_get_stride (mask);
    g_assert_true (ms_zone_window_import_mask (f->window, MS_ZONE_CONTROL_TERRAFORM_PROTECTED, TRUE, in_file,
                                               &error));
    g_assert_no_error (error);
    for (guint y = 0; y < SIZE; y++)
      for (guint x = 0; x < SIZE; x++)
        {
          gboolean on = px[(gsize) y * stride + 4 * x] != 0;
          guint16 c = ms_test_control_at (control, bpt, (gsize) y * SIZE + x);

          n_set += on;
          g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                            on ? c | MS_ZONE_CONTROL_TERRAFORM_PROTECTED : c);
        }
    cairo_surface_destroy (mask);
  }
  g_assert_cmpuint (n_set, ==, 37 * 21);
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  {
    g_autofree char *name = g_strdup_printf ("Import mask: set TerraformProtected (%u tiles)", n_set);

    g_assert_cmpstr (history[0], ==, name);
  }
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• "));

  /* Clearing with the AntiPlant mask just exported clears it everywhere. */
  g_assert_true (ms_zone_window_import_mask (f->window, ANTI, FALSE, anti_file, &error));
  g_assert_no_error (error);
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE) & ANTI, ==, 0);
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 2);
  {
    g_autofree char *name = g_strdup_printf ("Import mask: clear AntiPlant (%u tiles)", n_anti);

    g_assert_cmpstr (history[1], ==, name);
  }
  ms_test_key ("ctrl+z");
  ms_test_key ("ctrl+z");
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE), ==, ms_test_control_at (control, bpt, t));

  /* A mask of the wrong size is refused and changes nothing. */
  {
    cairo_surface_t *small = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE / 2, SIZE);

    g_assert_cmpint (cairo_surface_write_to_png (small, small_path), ==, CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy (small);
  }
  g_assert_false (ms_zone_window_import_mask (f->window, ANTI, TRUE, small_file, &error));
  g_assert_error (error, MS_ZONE_MASK_ERROR, MS_ZONE_MASK_ERROR_SIZE_MISMATCH);
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 0);
}

static GPtrArray *
list_dir (const char *path)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  return names;
}

static void
test_backups (MsTestPainter *f,
              gconstpointer  data)
{
  g_autofree char *base = g_path_get_basename (f->dir);
  g_autofree char *zone_backups = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autofree char *run_dir = NULL;
  g_autofree char *root = ms_zone_backup_default_root ();
  guint box[4];
  int view_width;

  /* The test's own data folder (tests/meson.build). */
  g_assert_true (g_str_has_prefix (root, g_getenv ("XDG_DATA_HOME")));
  zone_backups = g_strdup_printf ("%s/%s-%04u", root, base, ZONE_ID);
  g_assert_false (g_file_test (zone_backups, G_FILE_TEST_EXISTS));

  /* A change to the control and the plants layers, then Ctrl+S. */
  view_width = gtk_widget_get_width (GTK_WIDGET (ms_zone_window_get_view (f->window)));
  ms_test_drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  ms_test_set_target (f, ms_test_spawn_row (0));
  /* The side panel keeps its width: the view, and so the tiles under the
   * pointer, stay where they were. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (ms_zone_window_get_view (f->window))), ==, view_width);
  ms_test_drag_rect (f, 50.5, 20.5, 60.5, 30.5, box);
  ms_test_key ("ctrl+s");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  runs = list_dir (zone_backups);
  g_assert_cmpuint (runs->len, ==, 1);
  {
    g_autofree char *expected = g_strdup_printf ("Saved. Backed up to %s/%s", zone_backups,
                                                 (char *) g_ptr_array_index (runs, 0));

    g_assert_cmpstr (ms_zone_window_get_banner (f->window), ==, expected);
  }

  /* The original bytes of exactly the layers saved. */
  run_dir = g_build_filename (zone_backups, g_ptr_array_index (runs, 0), NULL);
  files = list_dir (run_dir);
  g_assert_cmpuint (files->len, ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autofree char *path = g_build_filename (run_dir, ms_test_layer_files[i], NULL);
      char *contents;
      gsize length;
      g_autoptr(GBytes) copy = NULL;

      if (i != 1 && i != 2)
        {
          g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
          continue;
        }
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      copy = g_bytes_new_take (contents, length);
      g_assert_true (g_bytes_equal (copy, f->original[i]));
    }

  /* A second save of the zone backs up nothing more. */
  ms_test_set_target (f, 0);
  ms_test_drag_rect (f, 20.5, 60.5, 40.5, 70.5, box);
  ms_test_key ("ctrl+s");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_null (ms_zone_window_get_banner (f->window));
  g_ptr_array_unref (runs);
  runs = list_dir (zone_backups);
  g_assert_cmpuint (runs->len, ==, 1);
}

static void
test_backups_off (MsTestPainter *f,
                  gconstpointer  data)
{
  g_autofree char *base = g_path_get_basename (f->dir);
  g_autofree char *root = ms_zone_backup_default_root ();
  g_autofree char *zone_backups = g_strdup_printf ("%s/%s-%04u", root, base, ZONE_ID);
  guint box[4];

  /* Off through the menu's check item, which is the key. */
  g_assert_true (g_settings_get_boolean (ms_application_get_settings (app), MS_SETTINGS_ZONE_BACKUPS));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.zone-backups", NULL));
  g_assert_false (g_settings_get_boolean (ms_application_get_settings (app), MS_SETTINGS_ZONE_BACKUPS));
  ms_test_drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  ms_test_key ("ctrl+s");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_null (ms_zone_window_get_banner (f->window));
  g_assert_false (g_file_test (zone_backups, G_FILE_TEST_EXISTS));
}

/* A read-only layer file: the save is refused with nothing written, and
 * the banner offers Overwrite, the forced save its message speaks of,
 * which then replaces the file with the edited zone (keeping its mode). */
static void
test_read_only (MsTestPainter *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  g_autoptr(GBytes) after = NULL;
  GtkWidget *overwrite;
  GStatBuf st;
  guint box[4];

  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  ms_test_drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_nonnull (strstr (ms_zone_window_get_banner (f->window), "read-only"));
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autoptr(GBytes) now = ms_test_read_layer (f, i);

      g_assert_true (g_bytes_equal (now, f->original[i]));
    }
  overwrite = ms_test_find_named (GTK_WIDGET (f->window), "overwrite-button");
  g_assert_nonnull (overwrite);
  g_assert_true (gtk_widget_get_visible (overwrite));
  g_assert_true (gtk_widget_is_sensitive (overwrite));

  g_signal_emit_by_name (overwrite, "clicked");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  ms_test_run_for (100);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  after = ms_test_read_layer_named (f, "control.0042.bin");
  g_assert_false (g_bytes_equal (after, f->original[1]));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0444);
}

/* Issue #13: a layer file replaced behind the window's back is said at
 * once, without a save or a hover; dismissed, it is not said again. */
static void
test_watched (MsTestPainter *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *server = NULL;
  const char *banner;
  gsize len;

  g_assert_null (ms_zone_window_get_banner (f->window));
  server = g_bytes_unref_to_data (g_bytes_ref (f->original[1]), &len);
  server[0] ^= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  ms_test_run_for (700);
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_true (g_str_has_prefix (banner, "control.0042.bin changed on disk."));
  g_assert_nonnull (strstr (banner, "Reload to see it"));
  g_assert_true (ms_zone_window_has_conflict (f->window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.dismiss-banner", NULL));
  ms_test_run_for (2500);
  g_assert_null (ms_zone_window_get_banner (f->window));

  /* Changed again: said again, and Reload shows the file as it is now. */
  server[0] ^= MS_ZONE_CONTROL_ANTI_PLANT;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  ms_test_run_for (700);
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 0, 0), ==,
                    (guint) (server[0] | (ms_zone_get_file_bytes_per_tile (ms_zone_window_get_zone (f->window),
                                                                           MS_ZONE_LAYER_CONTROL) == 2
                                          ? server[1] << 8 : 0)));
  ms_test_run_for (2500);
  g_assert_null (ms_zone_window_get_banner (f->window));
}

/* The zone view fitted to its size as it is now: the whole zone, the
 * zoom the smaller ratio, centred. */
static void
assert_fitted (MsTestPainter *f)
{
  GtkWidget *view = GTK_WIDGET (ms_zone_window_get_view (f->window));
  MsViewport *vp = ms_zone_view_get_viewport (ms_zone_window_get_view (f->window));
  double w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);
  double cx, cy;

  g_test_message ("view %g × %g, zoom %g", w, h, ms_viewport_get_zoom (vp));
  g_assert_true (ms_viewport_get_fitted (vp));
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (vp), MIN (w, h) / SIZE, 1e-9);
  ms_viewport_get_centre (vp, &cx, &cy);
  g_assert_cmpfloat (cx, ==, SIZE / 2.0);
  g_assert_cmpfloat (cy, ==, SIZE / 2.0);
}

/* Issue #36, point 10: a Reload (the server rewrote a layer) shows the
 * zone fitted, also after the user zoomed in, and it stays fitted: the
 * window's next size fits it again.  (The banners float over the map:
 * they leave the view's size alone.) */
static void
test_fit_kept (MsTestPainter *f,
               gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (ms_zone_window_get_view (f->window));
  MsViewport *vp = ms_zone_view_get_viewport (ms_zone_window_get_view (f->window));
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *server = NULL;
  gsize len;

  assert_fitted (f);

  /* Wider (no window manager here: X takes the size as asked), and
   * fitted anew by Fit: the height now sets the zoom. */
  ms_test_xdotool ("windowsize", f->window_id, "1200", "640", NULL);
  ms_test_painter_settle (f->window);
  g_assert_true (gtk_widget_activate_action (view, "zone-view.zoom-fit", NULL));
  assert_fitted (f);

  /* Zoomed in; the server saves the control layer; Reload. */
  g_assert_true (gtk_widget_activate_action (view, "zone-view.zoom-in", NULL));
  g_assert_false (ms_viewport_get_fitted (vp));
  server = g_bytes_unref_to_data (g_bytes_ref (f->original[1]), &len);
  server[0] ^= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  ms_test_run_for (700);
  g_assert_true (ms_zone_window_has_conflict (f->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  ms_test_painter_settle (f->window);
  assert_fitted (f);

  /* Still fitted after it: the window's next size fits it again. */
  ms_test_xdotool ("windowsize", f->window_id, "1000", "700", NULL);
  ms_test_painter_settle (f->window);
  assert_fitted (f);
}

static gboolean
banner_shown (gpointer window)
{
  return ms_zone_window_get_banner (window) != NULL;
}

static guint
count_words (const char *text, const char *word)
{
  guint n = 0;

  for (const char *p = strstr (text, word); p != NULL; p = strstr (p + 1, word))
    n++;
  return n;
}

/* Issue #36: a file changed on disk is said in one wording, true each
 * time: the watch's banner and the refused save's say the same, that
 * Reload offers the unsaved edits back (which it does), never that they
 * are lost; recovered, they are named as edits of this session. */
static void
test_changed_on_disk_wording (MsTestPainter *f,
                              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  g_autofree char *watched = NULL;
  g_autofree char *expected = NULL;
  g_autofree guint8 *server = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) history = NULL;
  const char *banner;
  guint box[4], position;
  gsize len;

  ms_test_drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));

  /* The game server saves the control layer meanwhile. */
  server = g_bytes_unref_to_data (g_bytes_ref (f->original[1]), &len);
  server[0] ^= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  ms_test_iterate_until (banner_shown, f->window, "the banner of the file changed on disk");
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  watched = g_strdup (banner);
  g_assert_true (g_str_has_prefix (watched, "control.0042.bin changed on disk."));
  g_assert_nonnull (strstr (watched, "offers your unsaved edits back"));
  g_assert_null (strstr (watched, "lost"));

  /* The save refused: the same words after "Not saved:", the server named
   * at most once. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  g_assert_true (ms_zone_window_has_conflict (f->window));
  expected = g_strconcat ("Not saved: ", watched, NULL);
  g_assert_cmpstr (ms_zone_window_get_banner (f->window), ==, expected);
  g_assert_cmpuint (count_words (expected, "server"), <=, 1);

  /* Reload offers them back, as it said; recovered, they are this
   * session's. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "unsaved edits"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.recover", NULL));
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  g_assert_true (g_str_has_prefix (history[0], "Recovered: unsaved edits from earlier in this session ("));
}

/* A journal left by an earlier run of the app (written here by the model,
 * dated Monday 7 December 2026, 06:03 local time): the banner gives the
 * date without padding, and the recovered row says it is of an earlier
 * session. */
static void
test_earlier_session (MsTestPainter *f,
                      gconstpointer  data)
{
  const guint id = ZONE_ID + 1;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZoneRegion) rect = NULL;
  g_autoptr(GDateTime) when = g_date_time_new_local (2026, 12, 7, 6, 3, 0);
  g_autofree char *journal = NULL;
  g_autofree guint8 *bytes = NULL;
  g_auto(GStrv) history = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ROAMING, 0, 0 };
  MsZoneWindow *window;
  const char *banner;
  guint position;
  gsize len, digest_len = 32;

  g_assert_true (ms_demo_zone_write (f->dir, id, 64, FALSE, &error));
  zone = ms_zone_new_for_dir (f->dir, id, 0, 0, NULL, &error);
  g_assert_no_error (error);
  rect = ms_zone_region_new_rect (64, 64, 2, 4, 10, 6);
  g_assert_true (ms_zone_apply (zone, &op, rect, &error));
  journal = ms_zone_journal_default_path (zone);
  g_assert_true (ms_zone_journal_write (zone, journal, NULL, &error));
  g_assert_no_error (error);

  /* Its time (after the 8-byte signature) set back, the SHA-256 of all
   * before the last 32 bytes written again. */
  g_assert_true (g_file_get_contents (journal, (char **) &bytes, &len, &error));
  g_assert_cmpuint (len, >, 16 + 32);
  ms_wire_poke_u64 (bytes + 8, (guint64) g_date_time_to_unix (when) * G_USEC_PER_SEC);
  {
    g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

    g_checksum_update (sum, bytes, (gssize) (len - 32));
    g_checksum_get_digest (sum, bytes + len - 32, &digest_len);
  }
  g_assert_true (g_file_set_contents (journal, (const char *) bytes, (gssize) len, &error));

  window = ms_zone_window_new (GTK_APPLICATION (app));
  g_assert_true (ms_zone_window_open (window, f->dir, id, &error));
  g_assert_no_error (error);
  banner = ms_zone_window_get_banner (window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "unsaved edits from Mon Dec 7 2026, 06:03 ("));
  g_assert_null (strstr (banner, "  "));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "zone.recover", NULL));
  history = ms_zone_window_dup_history (window, &position);
  g_assert_cmpuint (position, ==, 1);
  g_assert_true (g_str_has_prefix (history[0], "Recovered: unsaved edits of an earlier session ("));
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (journal);
}

/* Control bits that forbid plants (docs/ZONE_LAYERS.md), as numbers. */
#define NO_PLANT_BITS (1 | 8 | 16 | 64 | 128 | 256)

static char *
save_question_text (MsTestPainter *f)
{
  GtkWindow *dialog = ms_zone_window_get_save_dialog (f->window);
  char *text = NULL;

  g_assert_nonnull (dialog);
  g_object_get (dialog, "secondary-text", &text, NULL);
  return text;
}

/* AntiPlant imported over every plant-allowed tile (the mask
 * import): saving asks first, naming plant-not-allowed and the tiles with
 * live plants it adds (counted here from the original bytes).  Cancel
 * writes nothing; the fix clears exactly those plants as one undo step and
 * saves; undone and saved anyway, the files have them again. */
static void
test_save_question (MsTestPainter *f,
                    gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  const guint8 *plants = g_bytes_get_data (f->original[2], NULL);
  g_autofree char *mask_path = g_build_filename (f->dir, "allowed.png", NULL);
  g_autoptr(GFile) mask = g_file_new_for_path (mask_path);
  g_autoptr(GError) error = NULL;
  g_autofree gboolean *made = g_new0 (gboolean, (gsize) SIZE * SIZE);
  g_autofree char *text = NULL, *count = NULL;
  g_auto(GStrv) history = NULL;
  guint64 n_made = 0;
  guint position, steps;

  /* The tiles the import makes offend: a live plant where plants grew. */
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    {
      made[t] = plants[7 * t] != 0 && (ms_test_control_at (control, bpt, t) & NO_PLANT_BITS) == 0;
      n_made += made[t];
    }
  g_assert_cmpuint (n_made, >, 0);

  g_assert_true (ms_zone_window_export_mask (f->window, 0, mask, &error));
  g_assert_true (ms_zone_window_import_mask (f->window, ANTI, TRUE, mask, &error));
  g_assert_no_error (error);
  g_strfreev (ms_zone_window_dup_history (f->window, &steps));

  /* Saving asks; nothing is written until it is answered. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  text = save_question_text (f);
  count = g_strdup_printf ("plant-not-allowed (error): %" G_GUINT64_FORMAT " tiles", n_made);
  g_assert_nonnull (strstr (text, count));
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autoptr(GBytes) now = ms_test_read_layer (f, i);

      g_assert_true (g_bytes_equal (now, f->original[i]));
    }
  /* Cancel: still nothing written, the edits kept. */
  g_assert_true (ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_CANCEL));
  g_assert_null (ms_zone_window_get_save_dialog (f->window));
  g_assert_true (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = ms_test_read_layer (f, 1);

    g_assert_true (g_bytes_equal (now, f->original[1]));
  }

  /* The fix: the plants on exactly those tiles go, one step, then saved. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_assert_true (ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_FIX));
  g_assert_null (ms_zone_window_get_save_dialog (f->window));
  g_assert_false (ms_zone_is_dirty (zone));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, steps + 1);
  g_assert_cmpuint (g_strv_length (history), ==, steps + 1);
  {
    g_autoptr(GBytes) now = ms_test_read_layer (f, 2);
    const guint8 *p = g_bytes_get_data (now, NULL);

    for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
      {
        g_assert_cmpuint (p[7 * t], ==, made[t] ? 0 : plants[7 * t]);
        /* The baked spawn chance and the ground stay. */
        g_assert_cmpuint (p[7 * t + 3], ==, plants[7 * t + 3]);
        g_assert_cmpuint (p[7 * t + 6], ==, plants[7 * t + 6]);
      }
  }

  /* Undone, the plants are back; the files have none there now, so the
   * save asks again; saved anyway, they are in the files. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.undo", NULL));
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_clear_pointer (&text, g_free);
  text = save_question_text (f);
  g_assert_nonnull (strstr (text, count));
  g_assert_true (ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY));
  g_assert_false (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = ms_test_read_layer (f, 2);

    g_assert_true (g_bytes_equal (now, f->original[2]));
  }
  /* Nothing more to add: the next save does not ask. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_assert_null (ms_zone_window_get_save_dialog (f->window));
}

int
main (int argc, char **argv)
{
  app = ms_test_painter_start (&argc, &argv);
  ms_test_painter_add ("/zone-window/changed-on-disk", test_changed_on_disk);
  ms_test_painter_add ("/zone-window/masks", test_masks);
  ms_test_painter_add ("/zone-window/backups", test_backups);
  ms_test_painter_add ("/zone-window/backups-off", test_backups_off);
  ms_test_painter_add ("/zone-window/watched", test_watched);
  ms_test_painter_add ("/zone-window/fit-kept", test_fit_kept);
  ms_test_painter_add ("/zone-window/changed-on-disk-wording", test_changed_on_disk_wording);
  ms_test_painter_add ("/zone-window/earlier-session", test_earlier_session);
  ms_test_painter_add ("/zone-window/save-question", test_save_question);
  ms_test_painter_add ("/zone-window/read-only", test_read_only);
  return ms_test_app_run ();
}
