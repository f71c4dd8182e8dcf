/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window's files in a real display (app/ms-window.c, the
 * loading in ms-window-tasks.c): opening files off the main thread with
 * the first picture made, errors and cancelling, recent files, the File
 * page, the placeholder for a broken file, a file changed on disk, the
 * welcome banner and the crash-recovery offer at start.
 */
#include "config.h"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ms-banner.h"
#include "ms-demo-zone.h"
#include "ms-minimap.h"
#include "ms-recovery-dialog.h"
#include "ms-test-display.h"
#include "ms-test-window.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-window.h"

static MsApplication *app;

/* What the map view's pyramid held as the window set the map. */
typedef struct
{
  gboolean set;
  gboolean top_cached;
  guint    n_cached;
} OverviewSeen;

static void
note_overview (MsMapView    *view,
               GParamSpec   *pspec,
               OverviewSeen *seen)
{
  MsBlueprintPyramid *pyramid = ms_map_view_get_pyramid (view);
  g_autoptr(MsBlueprintTile) top = NULL;
  MsTileKey key = { 0, 0, 0 };

  if (pyramid == NULL)
    return;
  key.level = ms_blueprint_pyramid_get_top_level (pyramid);
  top = ms_blueprint_pyramid_lookup (pyramid, &key);
  seen->set = TRUE;
  seen->top_cached = top != NULL;
  seen->n_cached = ms_blueprint_pyramid_get_cached_tiles (pyramid);
}

/* How many colours @texture has right of column @x0 (a blank or
 * placeholder image: one). */
static guint
count_colours_from (GdkTexture *texture,
                    int         x0)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) w * h);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  gdk_texture_download (texture, (guchar *) pixels, (gsize) w * 4);
  for (int y = 0; y < h; y++)
    for (int x = x0; x < w; x++)
      g_hash_table_add (seen, GUINT_TO_POINTER (pixels[(gsize) y * w + x]));
  return g_hash_table_size (seen);
}

static guint
count_colours (GdkTexture *texture)
{
  return count_colours_from (texture, 0);
}

static MsMinimap *
window_minimap (MsWindow *window)
{
  return MS_MINIMAP (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_MINIMAP));
}

/* A file opens with its first picture made: the loader makes the map
 * view's top tile, and with it the two levels under it (1024²: levels
 * 0 to 2, 16 + 4 + 1 tiles), before the window sets the map.  Without
 * that, the view would only then ask for the top, on a worker.  The
 * minimap shows the map from the same moment, not a blank box until its
 * own render (issue #36, point 16). */
static void
test_file_opens_with_overview (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_11.dat", NULL);
  g_autoptr(GBytes) bytes = ms_test_write_demo (path, 1024, 11);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  OverviewSeen seen = { FALSE, };
  MsWindow *window = ms_test_window_new ();

  g_signal_connect (ms_window_get_map_view (window), "notify::blueprint", G_CALLBACK (note_overview), &seen);
  gtk_window_present (GTK_WINDOW (window));
  ms_window_open_file (window, file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the file to open");
  g_assert_true (seen.set);
  g_assert_true (seen.top_cached);
  g_assert_cmpuint (seen.n_cached, ==, 21);
  g_assert_true (ms_minimap_get_blueprint (window_minimap (window)) == ms_window_get_blueprint (window));
  g_assert_nonnull (ms_minimap_get_texture (window_minimap (window)));
  /* The island: sea, beaches, land and hills, not one colour. */
  g_assert_cmpuint (count_colours (ms_minimap_get_texture (window_minimap (window))), >, 50);
  ms_test_window_settle (window);

  g_signal_handlers_disconnect_by_data (ms_window_get_map_view (window), &seen);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_open_file_and_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *good = g_build_filename (dir, "MapData_Seed_9.dat", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) good_file = NULL;
  g_autoptr(GFile) bad_file = NULL;
  g_autoptr(GtkRecentInfo) recent = NULL;
  g_autofree char *uri = NULL;
  MsWindow *window = ms_test_window_new ();
  MsBlueprint *demo;

  bytes = ms_test_write_demo (good, 256, 9);
  g_assert_true (g_file_set_contents (bad, g_bytes_get_data (bytes, NULL), 1000, NULL));
  good_file = g_file_new_for_path (good);
  bad_file = g_file_new_for_path (bad);

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  demo = ms_window_get_blueprint (window);

  /* Cancelled: nothing changes. */
  ms_window_open_file (window, good_file);
  g_assert_true (ms_window_is_loading (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL));
  g_assert_false (ms_window_is_loading (window));
  g_assert_true (ms_window_get_blueprint (window) == demo);

  ms_window_open_file (window, good_file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the file to open");
  g_assert_cmpuint (ms_blueprint_get_map_size (ms_window_get_blueprint (window)), ==, 256);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "MapData_Seed_9.dat — Mapsmith");
  /* In the desktop's recent files (a private XDG_DATA_HOME here), as ours. */
  uri = g_file_get_uri (good_file);
  recent = gtk_recent_manager_lookup_item (gtk_recent_manager_get_default (), uri, NULL);
  g_assert_nonnull (recent);
  g_assert_true (gtk_recent_info_has_application (recent, g_get_application_name ()));
  g_assert_null (ms_window_get_error (window));
  /* Open Recent names the file, its underscores doubled (not mnemonics). */
  {
    g_autofree char *label = NULL;

    g_assert_true (g_menu_model_get_item_attribute (ms_window_get_recent_menu (window), 0,
                                                    G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_cmpstr (label, ==, "MapData__Seed__9.dat");
  }

  /* A broken file: a banner naming the file and where it breaks; the map
   * that was open stays. */
  ms_window_open_file (window, bad_file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the broken file");
  g_assert_nonnull (ms_window_get_error (window));
  g_assert_nonnull (strstr (ms_window_get_error (window), "broken.dat"));
  g_assert_nonnull (strstr (ms_window_get_error (window), "offset"));
  g_assert_cmpuint (ms_blueprint_get_map_size (ms_window_get_blueprint (window)), ==, 256);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
  g_assert_null (ms_window_get_error (window));

  /* Its error goes when the next file is opened (issue #36, point 16). */
  ms_window_open_file (window, bad_file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the broken file again");
  g_assert_nonnull (ms_window_get_error (window));
  ms_window_open_file (window, good_file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the good file again");
  g_assert_null (ms_window_get_error (window));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static gboolean
zone_window_open (gpointer data)
{
  for (GList *l = gtk_application_get_windows (data); l != NULL; l = l->next)
    if (MS_IS_ZONE_WINDOW (l->data) && gtk_widget_get_mapped (l->data))
      return TRUE;
  return FALSE;
}

/* Over the demo map a welcome banner leads to the zone painter; it goes
 * when a file is opened. */
static void
test_welcome (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_3.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GFile) file = NULL;
  MsWindow *window = ms_test_window_new ();
  GtkWidget *demo_zone, *revealer;
  g_autofree char *old_demo = NULL;
  g_autofree char *new_demo = NULL;
  g_autofree char *old_file = NULL;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  demo_zone = ms_test_find_action_button (GTK_WIDGET (window), "app.open-demo-zone");
  g_assert_nonnull (demo_zone);
  revealer = gtk_widget_get_ancestor (demo_zone, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  ms_test_iterate_until (ms_test_revealer_settled, revealer, "the welcome banner");
  g_assert_true (gtk_widget_is_drawable (demo_zone));
  g_assert_nonnull (ms_test_find_action_button (revealer, "app.open-zone-folder"));
  g_assert_nonnull (ms_test_find_action_button (revealer, "win.open"));

  /* Demo zones of earlier days are scratch: opening a new one removes
   * them, and leaves a recent one alone. */
  {
    g_autofree char *parent = g_build_filename (g_get_user_cache_dir (), "mapsmith", NULL);

    old_demo = g_build_filename (parent, "demo-zone-OLD123", NULL);
    new_demo = g_build_filename (parent, "demo-zone-NEW123", NULL);
    old_file = g_build_filename (old_demo, "control.0042.bin", NULL);
    g_assert_cmpint (g_mkdir_with_parents (old_demo, 0700), ==, 0);
    g_assert_cmpint (g_mkdir_with_parents (new_demo, 0700), ==, 0);
    g_assert_true (g_file_set_contents (old_file, "x", 1, NULL));
    {
      struct utimbuf two_days_ago = { time (NULL) - 2 * 24 * 3600, time (NULL) - 2 * 24 * 3600 };

      g_assert_cmpint (g_utime (old_demo, &two_days_ago), ==, 0);
    }
  }

  /* The demo zone opens in the painter. */
  g_assert_false (zone_window_open (app));
  g_assert_true (gtk_widget_activate (demo_zone));
  ms_test_iterate_until (zone_window_open, app, "the demo zone's window");
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MS_IS_ZONE_WINDOW (l->data))
      {
        MsZone *zone = ms_zone_window_get_zone (l->data);

        g_assert_nonnull (zone);
        g_assert_true (ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL));
        g_assert_true (g_str_has_prefix (ms_zone_get_layer_path (zone, MS_ZONE_LAYER_CONTROL),
                                         g_get_user_cache_dir ()));
        gtk_window_destroy (l->data);
        break;
      }
  g_assert_false (g_file_test (old_demo, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (new_demo, G_FILE_TEST_IS_DIR));

  /* A real file replaces the demo, and the banner goes. */
  bytes = ms_test_write_demo (path, 256, 3);
  file = g_file_new_for_path (path);
  ms_window_open_file (window, file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the file to open");
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  /* Dismissed, it stays away even over the demo. */
  ms_window_open_demo (window);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-welcome", NULL));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  ms_window_open_demo (window);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* After a crash the app offers the journalled zone edits when it starts;
 * Recover opens the painter with them applied (the app's own wiring). */
static void
test_crash_recovery (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *journal = NULL;
  g_autoptr(GError) error = NULL;
  MsZoneOp roaming = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ROAMING, 0, 0.0 };
  g_autoptr(GList) before = NULL;
  MsRecoveryDialog *dialog = NULL;
  MsZoneWindow *painter = NULL;
  guint16 original[6][10];

  /* A session that painted Roaming on x 2..11, y 4..9 and died unsaved. */
  {
    g_autoptr(MsZone) zone = NULL;
    g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (64, 64, 2, 4, 10, 6);

    g_assert_true (ms_demo_zone_write (dir, 5, 64, FALSE, &error));
    g_assert_no_error (error);
    zone = ms_zone_new_for_dir (dir, 5, 0, 0, NULL, &error);
    g_assert_no_error (error);
    for (guint y = 4; y < 10; y++)
      for (guint x = 2; x < 12; x++)
        original[y - 4][x - 2] = ms_zone_get_control (zone, x, y);
    g_assert_true (ms_zone_apply (zone, &roaming, rect, &error));
    journal = ms_zone_journal_default_path (zone);
    g_assert_true (g_str_has_prefix (journal, g_get_user_state_dir ()));
    g_assert_true (ms_zone_journal_write (zone, journal, NULL, &error));
    g_assert_no_error (error);
  }

  before = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_application_activate (G_APPLICATION (app));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MS_IS_RECOVERY_DIALOG (l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  g_assert_cmpuint (ms_recovery_dialog_get_journals (dialog)->len, ==, 1);

  g_signal_emit_by_name (dialog, "recover", journal, dir, 5u);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MS_IS_ZONE_WINDOW (l->data))
      painter = l->data;
  g_assert_nonnull (painter);
  {
    MsZone *zone = ms_zone_window_get_zone (painter);

    g_assert_cmpuint (ms_zone_get_id (zone), ==, 5);
    g_assert_true (ms_zone_is_dirty (zone));
    for (guint y = 0; y < 64; y++)
      for (guint x = 0; x < 64; x++)
        if (x >= 2 && x < 12 && y >= 4 && y < 10)
          g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                            original[y - 4][x - 2] | MS_ZONE_CONTROL_ROAMING);
  }

  /* Everything activate and Recover opened goes again. */
  {
    g_autoptr(GList) now = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

    for (GList *l = now; l != NULL; l = l->next)
      if (g_list_find (before, l->data) == NULL)
        gtk_window_destroy (l->data);
  }
  ms_test_remove_tree (dir);
}

/* The File page: the figures `mapsmith-cli info` prints, the path and the
 * size; and taking the focus selects none of it. */
static void
test_file_page (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_9.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  MsWindow *window = ms_test_window_new ();
  GtkWidget *details, *stack;
  GtkTextBuffer *buffer;
  const MsBlueprintParams *p;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  GStatBuf st;

  bytes = ms_test_write_demo (path, 256, 9);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  file = g_file_new_for_path (path);
  ms_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_window_not_loading, window, "the file to open");

  details = ms_test_get_named (GTK_WIDGET (window), "file-details");
  g_assert_true (GTK_IS_TEXT_VIEW (details));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (details));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  p = ms_blueprint_get_params (ms_window_get_blueprint (window));
  g_assert_nonnull (p);
  {
    g_autofree char *size = g_strdup_printf ("(%" G_GUINT64_FORMAT " bytes)", (guint64) st.st_size);
    g_autofree char *crater = g_strdup_printf ("Crater radius %g, impact centre (%g, %g)", p->crater_radius,
                                               p->impact_center_x, p->impact_center_y);
    g_autofree char *density = g_strdup_printf ("Density multiplier %g", p->density_multiplier);
    g_autofree char *hash = g_strdup_printf ("Generator %s", p->generator_git_hash);

    g_assert_true (g_str_has_prefix (text, path));
    g_assert_nonnull (strstr (text, size));
    g_assert_nonnull (strstr (text, crater));
    g_assert_nonnull (strstr (text, density));
    g_assert_cmpstr (p->generator_git_hash, !=, "");
    g_assert_nonnull (strstr (text, hash));
  }

  /* Show the page and move the focus into it, as a click on its tab and
   * Tab would: nothing is selected. */
  stack = gtk_widget_get_ancestor (details, GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "file");
  ms_test_run_for (100);
  g_assert_true (gtk_widget_grab_focus (details));
  ms_test_run_for (100);
  g_assert_true (gtk_widget_has_focus (details));
  g_assert_false (gtk_text_buffer_get_has_selection (buffer));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* A broken file opened into a window with no map (from the shell): a
 * placeholder with Open… and the error, and the layer controls off. */
static void
test_broken_file_placeholder (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *good = g_build_filename (dir, "MapData_Seed_9.dat", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GFile) good_file = NULL;
  g_autoptr(GFile) bad_file = NULL;
  MsWindow *window = ms_test_window_new ();
  GtkWidget *placeholder, *open, *check;
  gboolean found_error = FALSE;

  bytes = ms_test_write_demo (good, 256, 9);
  g_assert_true (g_file_set_contents (bad, g_bytes_get_data (bytes, NULL), 1000, NULL));
  good_file = g_file_new_for_path (good);
  bad_file = g_file_new_for_path (bad);

  /* As MsApplication's open does: a new window, the file, no demo. */
  ms_window_open_file (window, bad_file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_window_not_loading, window, "the broken file");
  ms_test_run_for (200);
  g_assert_null (ms_window_get_blueprint (window));
  g_assert_nonnull (ms_window_get_error (window));

  placeholder = ms_test_get_named (GTK_WIDGET (window), "placeholder");
  g_assert_true (gtk_widget_get_mapped (placeholder));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (ms_window_get_map_view (window))));
  open = ms_test_find_action_button (placeholder, "win.open");
  g_assert_nonnull (open);
  g_assert_true (gtk_widget_is_sensitive (open));
  for (GtkWidget *w = gtk_widget_get_first_child (placeholder); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w) &&
        strstr (gtk_label_get_text (GTK_LABEL (w)), ms_window_get_error (window)) != NULL &&
        strstr (gtk_label_get_text (GTK_LABEL (w)), "broken.dat") != NULL)
      found_error = TRUE;
  g_assert_true (found_error);

  check = ms_test_find_named (GTK_WIDGET (window), "layer-height-visible");
  g_assert_false (gtk_widget_is_sensitive (check));
  ms_test_screenshot ("window-broken-file.png", 300);
  g_assert_false (gtk_widget_is_sensitive (ms_test_find_action_button (GTK_WIDGET (window), "win.zoom-fit")));

  /* A good file: the map, the controls on. */
  ms_window_open_file (window, good_file);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the good file");
  ms_test_window_settle (window);
  g_assert_false (gtk_widget_get_mapped (placeholder));
  g_assert_true (gtk_widget_is_sensitive (check));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* -------------------------------------------------- changed on disk (13) --- */

static gboolean
changed_shown (gpointer data)
{
  return ms_window_get_changed (data) != NULL;
}

static gboolean
minimap_rendered (gpointer data)
{
  MsMinimap *minimap = window_minimap (data);

  return ms_minimap_get_texture (minimap) != NULL && !ms_minimap_is_overview (minimap);
}

typedef struct
{
  MsWindow   *window;
  GdkTexture *before;
} MinimapWait;

/* Has the window's minimap an image other than the one it had before? */
static gboolean
minimap_replaced (gpointer data)
{
  MinimapWait *wait = data;
  GdkTexture *texture = ms_minimap_get_texture (window_minimap (wait->window));

  return texture != NULL && texture != wait->before;
}

/* A 2048² blueprint truncated in place while open: hovering and drawing
 * read zeros, not a SIGBUS; a banner names the file, in one line, and the
 * minimap shows what is left (nothing); written back, Reload shows the map
 * again. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_77.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) sections = NULL;
  g_autofree char *window_id = NULL;
  MsWindow *window = ms_test_window_new ();
  MsMapView *view;
  GtkWidget *reload, *revealer;
  g_autoptr(GdkTexture) old_minimap = NULL;
  const guint n = 2048;
  const guint hx = 1500, hy = 700;
  float height;
  int fd;

  bytes = ms_test_write_demo (path, n, 77);
  sections = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  {
    const guint8 *h = (const guint8 *) g_bytes_get_data (bytes, NULL) + ms_test_find (sections, "HGTS")->offset +
                      12 + 4 * ((gsize) hx * n + hy);
    height = ms_test_read_f32 (h);
  }
  file = g_file_new_for_path (path);

  ms_window_open_file (window, file);
  gtk_window_set_title (GTK_WINDOW (window), "changed-test");
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_window_not_loading, window, "the big file");
  ms_test_window_settle (window);
  gtk_window_set_title (GTK_WINDOW (window), "changed-test");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("changed-test");
  g_assert_null (ms_window_get_changed (window));
  view = ms_window_get_map_view (window);
  /* The minimap's own render of the whole map. */
  ms_test_iterate_until (minimap_rendered, window, "the minimap");
  old_minimap = g_object_ref (ms_minimap_get_texture (window_minimap (window)));
  g_assert_cmpuint (count_colours (old_minimap), >, 50);

  /* Cut it to 1000 bytes in place: the mapping's pages past that go. */
  fd = g_open (path, O_RDWR, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 1000), ==, 0);
  g_assert_true (g_close (fd, NULL));

  /* The pointer over the map (a hover readout), a readout of a pixel far
   * past the cut, and a pan and zoom that draw new tiles. */
  {
    double sx, sy;
    char x[32], y[32];

    ms_test_widget_to_surface (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                               gtk_widget_get_height (GTK_WIDGET (view)) / 2.0, &sx, &sy);
    g_snprintf (x, sizeof x, "%d", (int) sx);
    g_snprintf (y, sizeof y, "%d", (int) sy);
    ms_test_xdotool ("mousemove", "--window", window_id, x, y, NULL);
    ms_test_run_for (150);
    g_snprintf (x, sizeof x, "%d", (int) sx + 7);
    ms_test_xdotool ("mousemove", "--window", window_id, x, y, NULL);
    ms_test_run_for (150);
  }
  g_free (ms_window_describe_pixel (window, hx, hy));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.pan", "(ii)", 300, 200));
  ms_test_window_settle (window);
  ms_test_iterate_until_within (10, changed_shown, window, "the changed-on-disk banner");
  g_assert_nonnull (strstr (ms_window_get_changed (window), "MapData_Seed_77.dat"));
  g_assert_nonnull (strstr (ms_window_get_changed (window), "changed on disk"));
  /* The readouts read past the cut (zeros, through the guard), and the
   * banner says the map is incomplete, not merely out of date. */
  g_assert_false (ms_mapping_is_intact (ms_blueprint_get_mapping (ms_window_get_blueprint (window))));
  g_assert_nonnull (strstr (ms_window_get_changed (window), "parts of the map shown are gone"));
  {
    g_autofree char *sizes = g_strdup_printf ("now 1000 bytes, it was %" G_GSIZE_FORMAT, g_bytes_get_size (bytes));

    g_assert_nonnull (strstr (ms_window_get_changed (window), sizes));
  }
  reload = ms_test_find_action_button (GTK_WIDGET (window), "win.reload");
  g_assert_nonnull (reload);
  revealer = gtk_widget_get_ancestor (reload, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  /* One line: no second line saying it again. */
  {
    MsBanner *banner = MS_BANNER (gtk_widget_get_ancestor (reload, MS_TYPE_BANNER));
    const char *details = ms_banner_get_details (banner);

    g_assert_cmpstr (ms_banner_get_title (banner), ==, ms_window_get_changed (window));
    g_assert_true (details == NULL || details[0] == '\0');
  }
  /* The minimap shows what the file holds now, as new tiles do: of the
   * heights only the first 224 of column x 0 are left in its 1000 bytes
   * (the file is X-outer), so beyond the image's first column (map x
   * 0 .. 7) and the next (shaded against it), one colour. */
  {
    MinimapWait wait = { window, old_minimap };

    ms_test_iterate_until (minimap_replaced, &wait, "the minimap drawn again");
  }
  g_assert_cmpuint (count_colours_from (ms_minimap_get_texture (window_minimap (window)), 2), ==, 1);
  ms_test_iterate_until (ms_test_revealer_settled, revealer, "the banner");
  g_assert_true (gtk_widget_get_mapped (reload));
  ms_test_screenshot ("window-changed-on-disk.png", 300);
  /* The window stays, with its map view. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));

  /* Written back whole, Reload (a real click) shows the map again. */
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  ms_test_click_widget (reload, window_id, 1);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the reload");
  ms_test_window_settle (window);
  g_assert_null (ms_window_get_error (window));
  g_assert_null (ms_window_get_changed (window));
  ms_test_iterate_until (ms_test_revealer_settled, revealer, "the banner to go");
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  g_assert_true (ms_mapping_is_intact (ms_blueprint_get_mapping (ms_window_get_blueprint (window))));
  {
    g_autofree char *text = ms_window_describe_pixel (window, hx, hy);
    g_autofree char *expected = g_strdup_printf ("height %.4f raw", height);

    g_assert_nonnull (strstr (text, expected));
  }
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_cmpuint (ms_tile_view_get_n_pending (MS_TILE_VIEW (view)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  app = ms_test_window_start (&argc, &argv);
  g_test_add_func ("/window/open-file-and-errors", test_open_file_and_errors);
  g_test_add_func ("/window/file-opens-with-overview", test_file_opens_with_overview);
  g_test_add_func ("/window/welcome", test_welcome);
  g_test_add_func ("/window/crash-recovery", test_crash_recovery);
  g_test_add_func ("/window/file-page", test_file_page);
  g_test_add_func ("/window/broken-file-placeholder", test_broken_file_placeholder);
  g_test_add_func ("/window/changed-on-disk", test_changed_on_disk);
  return ms_test_app_run ();
}
