/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The seed gallery (app/ms-gallery-window.c) on five 256² blueprints made
 * here, whose land share and lake count are worked out from how they are
 * made, and one truncated file: cards and rows fill in, sorting and the
 * typed filter change the order and the count, two selected seeds draw
 * two curves and two bars and open Compare, the export's rows, a folder
 * opened as a gallery, and closing the window mid-read leaves no worker.
 *
 * File i: heights x (X outer, Y inner); ocean (WBID 1, Ocean biome) where
 * x < ocean[i]; lakes[i] one-pixel lakes (WBID 2, 3, …) at x = 250,
 * y = 0, 2, 4, …; Grassland elsewhere.
 */
#include "config.h"

#include <math.h>

#include "ms-compare-window.h"
#include "ms-biome-bars.h"
#include "ms-gallery-window.h"
#include "ms-hypsometric-plot.h"
#include "ms-test-app.h"
#include "ms-test-display.h"
#include "ms-window.h"
#include "ms-test-util.h"

#define N 256
#define N_FILES 5

static const guint ocean_columns[N_FILES] = { 10, 200, 64, 128, 30 };
static const guint n_lakes[N_FILES] = { 4, 0, 3, 1, 5 };

static double
expected_land (guint i)
{
  return 100.0 * (N * N - ocean_columns[i] * N - n_lakes[i]) / (N * N);
}

static guint16
water_at (guint i, guint x, guint y)
{
  if (x < ocean_columns[i])
    return 1;
  if (x == 250 && y % 2 == 0 && y / 2 < n_lakes[i])
    return (guint16) (2 + y / 2);
  return 0;
}

static char *
write_file (const char *dir,
            guint       i)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autofree char *name = g_strdup_printf ("MapData_Seed_%u.dat", 100 + i);
  char *path = g_build_filename (dir, name, NULL);

  ms_test_put_v2_head (out, (gint32) (100 + i), N);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_f32 (p, (float) x);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        guint16 w = water_at (i, x, y);

        ms_test_put_u8 (p, w == 1 ? 0 : w >= 2 ? 1 : 4);
      }
  ms_test_put_section (out, "BIOM", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_u16 (p, water_at (i, x, y));
  ms_test_put_section (out, "WBID", p->data, p->len);
  g_assert_true (g_file_set_contents (path, (const char *) out->data, out->len, NULL));
  return path;
}

/* The five files and a truncated one ("MapData_Seed_999.dat"). */
static GPtrArray *
make_folder (const char *dir)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *bad = g_build_filename (dir, "MapData_Seed_999.dat", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  for (guint i = 0; i < N_FILES; i++)
    {
      g_autofree char *path = write_file (dir, i);

      g_ptr_array_add (files, g_file_new_for_path (path));
      if (i == 0)
        g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    }
  g_assert_true (g_file_set_contents (bad, contents, (gssize) (length / 2), NULL));
  g_ptr_array_add (files, g_file_new_for_path (bad));
  return files;
}

static gboolean
loader_done (gpointer data)
{
  return !ms_gallery_loader_is_running (ms_gallery_window_get_loader (data));
}

static MsGalleryItem *
row (MsGalleryWindow *window,
     guint            position)
{
  GListModel *model = G_LIST_MODEL (ms_gallery_window_get_selection (window));
  MsGalleryItem *item = g_list_model_get_item (model, position);

  g_object_unref (item);  /* the model keeps it */
  return item;
}

/* Which file a row is: its index in make_folder ()'s order, 5 for the bad one. */
static guint
file_index (MsGalleryItem *item)
{
  guint seed = 0;

  g_assert_cmpint (sscanf (ms_gallery_item_get_name (item), "MapData_Seed_%u.dat", &seed), ==, 1);
  return seed == 999 ? N_FILES : seed - 100;
}

static MsGalleryWindow *
open_gallery (const char *dir)
{
  g_autoptr(GPtrArray) files = make_folder (dir);
  MsGalleryWindow *window = ms_gallery_window_new (GTK_APPLICATION (ms_test_app ()), files, "test");

  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (loader_done, window, "the gallery's reading");
  ms_test_run_for (200);
  return window;
}

static void
test_cards (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  MsGalleryWindow *window = open_gallery (dir);
  GListModel *model = G_LIST_MODEL (ms_gallery_window_get_selection (window));
  MsGalleryLoader *loader = ms_gallery_window_get_loader (window);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_FILES + 1);
  g_assert_cmpuint (ms_gallery_loader_get_n_measured (loader), ==, N_FILES + 1);
  g_assert_cmpuint (ms_gallery_loader_get_n_audited (loader), ==, N_FILES + 1);
  for (guint r = 0; r < N_FILES + 1; r++)
    {
      MsGalleryItem *item = row (window, r);
      guint i = file_index (item);

      if (i == N_FILES)
        {
          /* The reader's message names the file. */
          g_assert_nonnull (ms_gallery_item_get_error (item));
          g_assert_nonnull (strstr (ms_gallery_item_get_error (item), "MapData_Seed_999.dat"));
          g_assert_null (ms_gallery_item_get_thumbnail (item));
          continue;
        }
      g_assert_null (ms_gallery_item_get_error (item));
      /* A 256² map's top tile is the whole map, a cell a pixel. */
      g_assert_nonnull (ms_gallery_item_get_thumbnail (item));
      g_assert_cmpint (gdk_texture_get_width (ms_gallery_item_get_thumbnail (item)), ==, N);
      g_assert_nonnull (ms_gallery_item_get_stats (item));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static guint
key_of (MsGalleryWindow *window, MsGalleryItem *item, const char *key)
{
  const MsStat *stat = ms_blueprint_stats_lookup (ms_gallery_item_get_stats (item), key);

  g_assert_nonnull (stat);
  return (guint) stat->i;
}

static void
test_sort_and_filter (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  MsGalleryWindow *window = open_gallery (dir);
  GListModel *model = G_LIST_MODEL (ms_gallery_window_get_selection (window));
  GtkColumnView *view = ms_gallery_window_get_column_view (window);
  GtkEntry *entry = ms_gallery_window_get_filter_entry (window);
  guint expected = 0;

  /* Land descending: each measured row's land at most the one before. */
  gtk_column_view_sort_by_column (view, ms_gallery_window_get_column (window, "land_pct"), GTK_SORT_DESCENDING);
  ms_test_run_for (50);
  {
    double last = INFINITY;
    guint seen = 0;

    for (guint r = 0; r < g_list_model_get_n_items (model); r++)
      {
        guint i = file_index (row (window, r));

        if (i == N_FILES)
          continue;
        g_assert_cmpfloat (expected_land (i), <=, last);
        g_assert_cmpfloat_with_epsilon (ms_blueprint_stats_lookup (ms_gallery_item_get_stats (row (window, r)),
                                                                   "land_pct")->d, expected_land (i), 1e-9);
        last = expected_land (i);
        seen++;
      }
    g_assert_cmpuint (seen, ==, N_FILES);
  }
  /* Lakes ascending: the files' lake counts in order. */
  gtk_column_view_sort_by_column (view, ms_gallery_window_get_column (window, "lakes"), GTK_SORT_ASCENDING);
  ms_test_run_for (50);
  {
    static const guint by_lakes[] = { 1, 3, 2, 0, 4 };   /* lakes 0, 1, 3, 4, 5 */

    for (guint r = 0; r < N_FILES; r++)
      {
        g_assert_cmpuint (file_index (row (window, r)), ==, by_lakes[r]);
        g_assert_cmpuint (key_of (window, row (window, r), "lakes"), ==, n_lakes[by_lakes[r]]);
      }
  }

  /* The example: the files with land > 40 % and at least 3 lakes. */
  for (guint i = 0; i < N_FILES; i++)
    expected += expected_land (i) > 40 && n_lakes[i] >= 3;
  g_assert_cmpuint (expected, ==, 3);
  gtk_editable_set_text (GTK_EDITABLE (entry), "land > 40 and lakes >= 3");
  ms_test_run_for (50);
  g_assert_null (ms_gallery_window_get_filter_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected);
  for (guint r = 0; r < expected; r++)
    {
      guint i = file_index (row (window, r));

      g_assert_true (expected_land (i) > 40 && n_lakes[i] >= 3);
    }
  /* Half a filter (typed on) keeps the last good one and says what is
   * wrong. */
  {
    int end = (int) strlen (gtk_editable_get_text (GTK_EDITABLE (entry)));

    gtk_editable_insert_text (GTK_EDITABLE (entry), " and", -1, &end);
  }
  ms_test_run_for (50);
  g_assert_nonnull (ms_gallery_window_get_filter_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected);
  gtk_editable_set_text (GTK_EDITABLE (entry), "lnd > 3");
  ms_test_run_for (50);
  g_assert_nonnull (strstr (ms_gallery_window_get_filter_error (window), "lnd"));
  /* A biome by name: Grassland is land less the lakes' biome (Lake). */
  gtk_editable_set_text (GTK_EDITABLE (entry), "grassland < 60");
  ms_test_run_for (50);
  g_assert_null (ms_gallery_window_get_filter_error (window));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);   /* 200 and 128 ocean columns */
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  ms_test_run_for (50);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_FILES + 1);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static MsCompareWindow *
find_compare (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (ms_test_app ())); l != NULL; l = l->next)
    if (MS_IS_COMPARE_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
compare_open (gpointer data)
{
  return find_compare () != NULL;
}

static void
test_selection (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  MsGalleryWindow *window = open_gallery (dir);
  GtkSelectionModel *selection = ms_gallery_window_get_selection (window);
  MsCompareWindow *compare;

  gtk_column_view_sort_by_column (ms_gallery_window_get_column_view (window),
                                  ms_gallery_window_get_column (window, "name"), GTK_SORT_ASCENDING);
  ms_test_run_for (50);
  g_assert_cmpuint (file_index (row (window, 0)), ==, 0);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare-selected", NULL) &&
                  find_compare () != NULL);
  gtk_selection_model_select_item (selection, 0, TRUE);
  gtk_selection_model_select_item (selection, 2, FALSE);
  ms_test_run_for (50);
  g_assert_cmpuint (ms_hypsometric_plot_get_n_curves (MS_HYPSOMETRIC_PLOT (ms_gallery_window_get_plot (window))), ==, 2);
  g_assert_cmpuint (ms_biome_bars_get_n_rows (MS_BIOME_BARS (ms_gallery_window_get_bars (window))), ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare-selected", NULL));
  ms_test_iterate_until (compare_open, NULL, "the comparison window");
  compare = find_compare ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (compare)), ==,
                   "MapData_Seed_100.dat vs MapData_Seed_102.dat — Mapsmith");
  gtk_window_destroy (GTK_WINDOW (compare));

  /* A third seed: Compare takes two. */
  gtk_selection_model_select_item (selection, 1, FALSE);
  ms_test_run_for (50);
  g_assert_cmpuint (ms_hypsometric_plot_get_n_curves (MS_HYPSOMETRIC_PLOT (ms_gallery_window_get_plot (window))), ==, 3);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare-selected", NULL) &&
                  find_compare () != NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static void
test_export (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  MsGalleryWindow *window = open_gallery (dir);
  g_autoptr(GBytes) csv = NULL, json = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  int land = -1, lakes = -1, error = -1;

  gtk_editable_set_text (GTK_EDITABLE (ms_gallery_window_get_filter_entry (window)), "lakes >= 1");
  ms_test_run_for (50);
  csv = ms_gallery_window_serialize (window, MS_GALLERY_FORMAT_CSV);
  lines = g_strsplit (g_bytes_get_data (csv, NULL), "\n", -1);
  /* The header, a row for each of the 4 files with lakes, the end. */
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 4 + 1);
  g_assert_cmpstr (lines[5], ==, "");
  header = g_strsplit (lines[0], ",", -1);
  for (int c = 0; header[c] != NULL; c++)
    {
      if (g_str_equal (header[c], "land_pct"))
        land = c;
      if (g_str_equal (header[c], "lakes"))
        lakes = c;
      if (g_str_equal (header[c], "error"))
        error = c;
    }
  g_assert_cmpint (land, >, 0);
  g_assert_cmpint (lakes, >, 0);
  for (guint r = 1; r <= 4; r++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[r], ",", -1);
      g_autofree char *base = g_path_get_basename (cells[0]);
      guint seed = 0, i;

      g_assert_cmpint (sscanf (base, "MapData_Seed_%u.dat", &seed), ==, 1);
      i = seed - 100;
      g_assert_cmpstr (cells[error], ==, "");
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[land], NULL), expected_land (i), 1e-9);
      g_assert_cmpuint ((guint) g_ascii_strtoull (cells[lakes], NULL, 10), ==, n_lakes[i]);
    }
  json = ms_gallery_window_serialize (window, MS_GALLERY_FORMAT_JSON_LINES);
  {
    g_auto(GStrv) objects = g_strsplit (g_bytes_get_data (json, NULL), "\n", -1);

    g_assert_cmpuint (g_strv_length (objects), ==, 4 + 1);
    for (guint r = 0; r < 4; r++)
      g_assert_nonnull (strstr (objects[r], "\"land_pct\""));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static gboolean
gallery_open (gpointer data)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (ms_test_app ())); l != NULL; l = l->next)
    if (MS_IS_GALLERY_WINDOW (l->data))
      return TRUE;
  return FALSE;
}

static gboolean
no_workers (gpointer data)
{
  return ms_gallery_loader_get_n_workers () == 0;
}

static gboolean
first_card (gpointer data)
{
  return ms_gallery_loader_get_n_measured (data) > 0;
}

static void
test_folder_and_close (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GPtrArray) files = make_folder (dir);
  g_autoptr(GPtrArray) many = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GPtrArray) listed = ms_gallery_list_folder (folder, NULL);
  g_autoptr(MsGalleryLoader) loader = NULL;
  MsGalleryWindow *window = NULL;

  /* The folder's .dat files, by name. */
  g_assert_cmpuint (listed->len, ==, N_FILES + 1);
  {
    g_autofree char *first = g_file_get_basename (listed->pdata[0]);
    g_autofree char *last = g_file_get_basename (listed->pdata[N_FILES]);

    g_assert_cmpstr (first, ==, "MapData_Seed_100.dat");
    g_assert_cmpstr (last, ==, "MapData_Seed_999.dat");
  }
  /* `mapsmith DIR` with blueprints in DIR opens the gallery (the test's
   * application does not take files from the command line: its handler
   * directly). */
  G_APPLICATION_GET_CLASS (ms_test_app ())->open (G_APPLICATION (ms_test_app ()), (GFile *[]) { folder }, 1, "");
  ms_test_iterate_until (gallery_open, NULL, "the gallery of a folder");
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (ms_test_app ())); l != NULL; l = l->next)
    if (MS_IS_GALLERY_WINDOW (l->data))
      window = l->data;
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (ms_gallery_window_get_selection (window))), ==,
                    N_FILES + 1);
  gtk_window_destroy (GTK_WINDOW (window));

  /* Closing the window mid-read stops the worker. */
  for (guint k = 0; k < 200; k++)
    g_ptr_array_add (many, g_object_ref (files->pdata[k % N_FILES]));
  window = ms_gallery_window_new (GTK_APPLICATION (ms_test_app ()), many, "many");
  loader = g_object_ref (ms_gallery_window_get_loader (window));
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (first_card, loader, "the first card");
  g_assert_cmpuint (ms_gallery_loader_get_n_workers (), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_iterate_until_within (10, no_workers, NULL, "the worker to stop");
  g_assert_cmpuint (ms_gallery_loader_get_n_measured (loader), <, 200);
  ms_test_remove_tree (dir);
}

/* A cell of row @position in the table (a label its factory made). */
static GtkWidget *
find_cell (GtkWidget *widget,
           guint      position)
{
  GtkListItem *list_item = g_object_get_data (G_OBJECT (widget), "ms-list-item");

  if (list_item != NULL && gtk_list_item_get_item (list_item) != NULL &&
      gtk_list_item_get_position (list_item) == position && gtk_widget_get_mapped (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_cell (child, position);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
ctrl_click_row (MsGalleryWindow *window,
                const char      *window_id,
                guint            position)
{
  GtkWidget *cell = find_cell (GTK_WIDGET (ms_gallery_window_get_column_view (window)), position);

  g_assert_nonnull (cell);
  ms_test_xdotool ("keydown", "ctrl", NULL);
  ms_test_click_widget (cell, window_id, 1);
  ms_test_xdotool ("keyup", "ctrl", NULL);
  ms_test_run_for (100);
}

/* Ctrl+click adds a row of the table to the selection and takes it out
 * again, with the real pointer (GTK 4.8's column view alone undid it). */
static void
test_table_ctrl_click (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  MsGalleryWindow *window = open_gallery (dir);
  GtkSelectionModel *selection = ms_gallery_window_get_selection (window);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (ms_gallery_window_get_column_view (window)),
                                              GTK_TYPE_STACK);
  g_autofree char *window_id = NULL;

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "table");
  ms_test_iterate_until (ms_test_widget_mapped, ms_gallery_window_get_column_view (window), "the table");
  ms_test_run_for (300);
  /* A plain title for xdotool's search, as the other window tests. */
  gtk_window_set_title (GTK_WINDOW (window), "gallery-ctrl-click");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("gallery-ctrl-click");
  gtk_selection_model_select_item (selection, 0, TRUE);
  ctrl_click_row (window, window_id, 2);
  ctrl_click_row (window, window_id, 3);
  g_assert_true (gtk_selection_model_is_selected (selection, 0));
  g_assert_false (gtk_selection_model_is_selected (selection, 1));
  g_assert_true (gtk_selection_model_is_selected (selection, 2));
  g_assert_true (gtk_selection_model_is_selected (selection, 3));
  ctrl_click_row (window, window_id, 0);
  g_assert_false (gtk_selection_model_is_selected (selection, 0));
  g_assert_true (gtk_selection_model_is_selected (selection, 2));
  g_assert_cmpuint (ms_hypsometric_plot_get_n_curves (MS_HYPSOMETRIC_PLOT (ms_gallery_window_get_plot (window))), ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static MsGalleryWindow *
find_gallery (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (ms_test_app ())); l != NULL; l = l->next)
    if (MS_IS_GALLERY_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* Drops @files (GFile, NULL-terminated) on @window's drop target, as GTK
 * does once the drag ends over it. */
static gboolean
drop_files (GtkWidget *window,
            GFile    **files)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);
  GSList *list = NULL;
  GValue value = G_VALUE_INIT;
  gboolean handled = FALSE;

  for (guint i = 0; files[i] != NULL; i++)
    list = g_slist_append (list, files[i]);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, list);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        g_signal_emit_by_name (controller, "drop", &value, 10.0, 10.0, &handled);
    }
  g_value_unset (&value);
  g_slist_free (list);
  return handled;
}

/* Several files, or a folder of blueprints, dropped on a viewer window
 * open a gallery of them. */
static void
test_drop (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GPtrArray) files = make_folder (dir);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  MsWindow *viewer = ms_window_new (GTK_APPLICATION (ms_test_app ()));
  MsGalleryWindow *gallery;

  gtk_window_present (GTK_WINDOW (viewer));
  ms_test_run_for (100);
  g_assert_true (drop_files (GTK_WIDGET (viewer), (GFile *[]) { files->pdata[0], files->pdata[2], NULL }));
  ms_test_iterate_until (gallery_open, NULL, "the gallery of the dropped files");
  gallery = find_gallery ();
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (ms_gallery_window_get_selection (gallery))), ==, 2);
  ms_test_iterate_until (loader_done, gallery, "the gallery's reading");
  gtk_window_destroy (GTK_WINDOW (gallery));

  g_assert_true (drop_files (GTK_WIDGET (viewer), (GFile *[]) { folder, NULL }));
  ms_test_iterate_until (gallery_open, NULL, "the gallery of the dropped folder");
  gallery = find_gallery ();
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (ms_gallery_window_get_selection (gallery))), ==,
                    N_FILES + 1);
  ms_test_iterate_until (loader_done, gallery, "the gallery's reading");
  gtk_window_destroy (GTK_WINDOW (gallery));
  gtk_window_destroy (GTK_WINDOW (viewer));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_DATA_HOME", NULL);
  g_test_add_func ("/gallery/cards", test_cards);
  g_test_add_func ("/gallery/sort-and-filter", test_sort_and_filter);
  g_test_add_func ("/gallery/selection-and-compare", test_selection);
  g_test_add_func ("/gallery/export", test_export);
  g_test_add_func ("/gallery/table-ctrl-click", test_table_ctrl_click);
  g_test_add_func ("/gallery/folder-and-close", test_folder_and_close);
  g_test_add_func ("/gallery/drop", test_drop);
  return ms_test_app_run ();
}
