/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window's PNG export in a real display (the task in
 * app/ms-window-tasks.c, its file dialog in ms-window-actions.c): Export
 * View at screen and at map resolution, against the view and the CPU
 * renderer, zoomed in and out, with its confirmation banner; the name it
 * offers, and the banner gone when another file opens.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-blueprint-renderer.h"
#include "ms-test-display.h"
#include "ms-test-window.h"

/* ------------------------------------------------------ issue 16 points --- */

static gboolean
not_exporting (gpointer data)
{
  return !ms_window_is_exporting (data);
}

static guint32
png_pixel (cairo_surface_t *png, int x, int y)
{
  cairo_surface_flush (png);
  return *(const guint32 *) (cairo_image_surface_get_data (png) + (gsize) y * cairo_image_surface_get_stride (png) +
                             (gsize) x * 4);
}

/* Does a GtkDropDown under @root list @label? */
static gboolean
drop_down_offers (GtkWidget  *root,
                  const char *label)
{
  if (GTK_IS_DROP_DOWN (root))
    {
      GListModel *items = gtk_drop_down_get_model (GTK_DROP_DOWN (root));

      for (guint i = 0; items != NULL && i < g_list_model_get_n_items (items); i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (items, i);

          if (GTK_IS_STRING_OBJECT (item) &&
              g_strcmp0 (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), label) == 0)
            return TRUE;
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (drop_down_offers (c, label))
      return TRUE;
  return FALSE;
}

/* The map region in view, from its corners: [x0, x1) × [y0, y1) widened
 * to whole pixels. */
static void
region_in_view (MsViewport *viewport,
                guint      *rx,
                guint      *ry,
                guint      *rw,
                guint      *rh)
{
  double x0, y0, x1, y1;

  ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
  ms_viewport_screen_to_map (viewport, ms_viewport_get_width (viewport), ms_viewport_get_height (viewport),
                             &x1, &y1);
  g_assert_cmpfloat (x0, >, 0);
  g_assert_cmpfloat (y0, >, 0);
  g_assert_cmpfloat (x1, <, 512);
  g_assert_cmpfloat (y1, <, 512);
  *rx = (guint) floor (x0);
  *ry = (guint) floor (y0);
  *rw = (guint) ceil (x1) - *rx;
  *rh = (guint) ceil (y1) - *ry;
}

/* Export View, zoomed in: at screen resolution the view's size, with the
 * map pixels as the view shows them; at map resolution one pixel per map
 * pixel of the region in view; both confirmed with path and size. */
static void
test_export_view_sizes (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *screen_path = g_build_filename (dir, "screen.png", NULL);
  g_autofree char *map_path = g_build_filename (dir, "map.png", NULL);
  g_autoptr(GFile) screen_file = g_file_new_for_path (screen_path);
  g_autoptr(GFile) map_file = g_file_new_for_path (map_path);
  MsWindow *window = ms_test_window_new ();
  MsViewport *viewport;
  cairo_surface_t *screen, *map;
  double vw, vh, sx, sy, cx, cy;
  guint rx, ry, rw, rh, px, py;
  g_autofree char *expected = NULL;
  GtkWidget *dismiss, *info_revealer;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  viewport = ms_map_view_get_viewport (ms_window_get_map_view (window));
  for (guint i = 0; i < 12; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_window_get_map_view (window)), "map.zoom-in", NULL));
  ms_test_window_settle (window);
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), >, 4.0);

  /* The map pixel at the middle of the view, and where the view shows
   * its centre, as the screen export will have them. */
  vw = ms_viewport_get_width (viewport);
  vh = ms_viewport_get_height (viewport);
  ms_viewport_get_centre (viewport, &cx, &cy);
  px = (guint) floor (cx);
  py = (guint) floor (cy);
  ms_viewport_map_to_screen (viewport, px + 0.5, py + 0.5, &sx, &sy);
  region_in_view (viewport, &rx, &ry, &rw, &rh);
  g_assert_cmpuint (rw, <, vw / 4);

  /* The action's dialog offers both sizes, named, the screen's first. */
  {
    GtkWidget *chooser = NULL;
    g_autofree char *title = NULL;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", "s", "view"));
    ms_test_run_for (200);
    for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
      {
        g_autoptr(GObject) toplevel = g_list_model_get_item (gtk_window_get_toplevels (), i);

        if (GTK_IS_FILE_CHOOSER_DIALOG (toplevel))
          chooser = GTK_WIDGET (toplevel);
      }
    g_assert_nonnull (chooser);
    g_assert_cmpstr (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "resolution"), ==, "screen");
    /* Named after the map (the demo's seed is 42), not "map.png". */
    {
      g_autofree char *name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));

      g_assert_cmpstr (name, ==, "Demo_Seed_42.png");
    }
    title = g_strdup_printf ("As on screen, %d × %d pixels", (int) round (vw), (int) round (vh));
    /* The choice is a drop-down of the labels. */
    g_assert_true (drop_down_offers (chooser, title));
    gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
    ms_test_run_for (100);
  }

  ms_window_export_png (window, "view", "screen", screen_file);
  g_assert_true (ms_window_is_exporting (window));
  ms_test_iterate_until (not_exporting, window, "the screen export");
  g_assert_null (ms_window_get_error (window));
  expected = g_strdup_printf ("Saved %s, %d × %d pixels", screen_path, (int) round (vw), (int) round (vh));
  g_assert_cmpstr (ms_window_get_info (window), ==, expected);
  g_clear_pointer (&expected, g_free);

  /* The confirmation is on screen, with its Dismiss; the banner takes
   * height from the view, so what is in view is worked out again. */
  dismiss = ms_test_find_action_button (GTK_WIDGET (window), "win.dismiss-info");
  g_assert_nonnull (dismiss);
  info_revealer = gtk_widget_get_ancestor (dismiss, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (info_revealer)));
  ms_test_iterate_until (ms_test_revealer_settled, info_revealer, "the confirmation");
  ms_test_window_settle (window);
  g_assert_true (gtk_widget_get_mapped (dismiss));

  screen = cairo_image_surface_create_from_png (screen_path);
  g_assert_cmpint (cairo_surface_status (screen), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (screen), ==, (int) round (vw));
  g_assert_cmpint (cairo_image_surface_get_height (screen), ==, (int) round (vh));

  region_in_view (viewport, &rx, &ry, &rw, &rh);
  g_assert_cmpuint (px, >=, rx);
  g_assert_cmpuint (py, >=, ry);
  g_assert_cmpuint (px, <, rx + rw);
  g_assert_cmpuint (py, <, ry + rh);
  ms_window_export_png (window, "view", "map", map_file);
  ms_test_iterate_until (not_exporting, window, "the map export");
  expected = g_strdup_printf ("Saved %s, %u × %u pixels", map_path, rw, rh);
  g_assert_cmpstr (ms_window_get_info (window), ==, expected);
  ms_test_screenshot ("window-exported.png", 300);

  map = cairo_image_surface_create_from_png (map_path);
  g_assert_cmpint (cairo_surface_status (map), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (map), ==, (int) rw);
  g_assert_cmpint (cairo_image_surface_get_height (map), ==, (int) rh);

  /* That map pixel, in both: the screen image shows it where the view did. */
  g_assert_cmphex (png_pixel (screen, (int) sx, (int) sy), ==, png_pixel (map, (int) (px - rx), (int) (py - ry)));
  /* The map export is the renderer's image of that region in the view's
   * style, every pixel (the export streams its rows to the file). */
  {
    MsRect region = { rx, ry, rw, rh };
    g_autoptr(GError) error = NULL;
    cairo_surface_t *rendered = ms_render_blueprint (ms_window_get_blueprint (window),
                                                     ms_map_view_get_style (ms_window_get_map_view (window)),
                                                     &region, MAX (rw, rh), NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpint (cairo_image_surface_get_width (rendered), ==, (int) rw);
    g_assert_cmpint (cairo_image_surface_get_height (rendered), ==, (int) rh);
    for (guint y = 0; y < rh; y++)
      for (guint x = 0; x < rw; x++)
        g_assert_cmphex (png_pixel (map, (int) x, (int) y) & 0xffffff, ==,
                         png_pixel (rendered, (int) x, (int) y) & 0xffffff);
    cairo_surface_destroy (rendered);
  }
  cairo_surface_destroy (screen);
  cairo_surface_destroy (map);

  /* Zoomed out past the map's size: still the view's size, the map in
   * its middle and the margins around it as the view draws them. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-info", NULL));
  g_assert_null (ms_window_get_info (window));
  ms_test_iterate_until (ms_test_revealer_settled, info_revealer, "the confirmation to go");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_window_get_map_view (window)), "map.zoom-out", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_window_get_map_view (window)), "map.zoom-out", NULL));
  ms_test_window_settle (window);
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), <, 1.0);
  vw = ms_viewport_get_width (viewport);
  vh = ms_viewport_get_height (viewport);
  ms_window_export_png (window, "view", "screen", screen_file);
  ms_test_iterate_until (not_exporting, window, "the zoomed-out export");
  screen = cairo_image_surface_create_from_png (screen_path);
  g_assert_cmpint (cairo_image_surface_get_width (screen), ==, (int) round (vw));
  g_assert_cmpint (cairo_image_surface_get_height (screen), ==, (int) round (vh));
  {
    g_autofree guint32 *shown = NULL;
    guint32 corner = png_pixel (screen, 0, 0), middle = png_pixel (screen, (int) (vw / 2), (int) (vh / 2));
    double mx, my;

    ms_viewport_map_to_screen (viewport, 0, 0, &mx, &my);

    g_assert_cmpfloat (mx, >, 2);
    g_assert_cmpfloat (my, >, 2);
    shown = ms_test_capture (GTK_WIDGET (ms_window_get_map_view (window)), (int) vw, (int) vh);
    for (guint c = 0; c < 24; c += 8)
      g_assert_cmpint (ABS ((int) ((corner >> c) & 0xff) - (int) ((shown[0] >> c) & 0xff)), <=, 2);
    /* The map's middle is land or water, not the background. */
    g_assert_cmphex (middle, !=, corner);
  }
  cairo_surface_destroy (screen);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* Export offers the map's own name, and its "Saved …" banner goes when
 * another file opens (issue #36, point 16). */
static void
test_export_name_and_banner (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *first_path = g_build_filename (dir, "MapData_Seed_21.dat", NULL);
  g_autofree char *second_path = g_build_filename (dir, "MapData_Seed_5.v2.dat", NULL);
  g_autofree char *png_path = g_build_filename (dir, "MapData_Seed_21.png", NULL);
  g_autoptr(GFile) first = g_file_new_for_path (first_path);
  g_autoptr(GFile) second = g_file_new_for_path (second_path);
  g_autoptr(GFile) png = g_file_new_for_path (png_path);
  g_autoptr(GBytes) first_bytes = ms_test_write_demo (first_path, 256, 21);
  g_autoptr(GBytes) second_bytes = ms_test_write_demo (second_path, 256, 5);
  MsWindow *window = ms_test_window_new ();
  g_autofree char *name = NULL;
  GtkWidget *dismiss, *info_revealer;

  ms_window_open_file (window, first);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_window_not_loading, window, "the first file");
  name = ms_window_suggest_export_name (window);
  g_assert_cmpstr (name, ==, "MapData_Seed_21.png");

  ms_window_export_png (window, "map", "map", png);
  ms_test_iterate_until (not_exporting, window, "the export");
  g_assert_nonnull (ms_window_get_info (window));
  g_assert_true (g_str_has_prefix (ms_window_get_info (window), "Saved "));
  dismiss = ms_test_find_action_button (GTK_WIDGET (window), "win.dismiss-info");
  info_revealer = gtk_widget_get_ancestor (dismiss, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (info_revealer)));

  /* Another file: the confirmation was the first map's. */
  ms_window_open_file (window, second);
  ms_test_iterate_until (ms_test_window_not_loading, window, "the second file");
  g_assert_null (ms_window_get_info (window));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (info_revealer)));
  g_clear_pointer (&name, g_free);
  /* Only the last extension goes. */
  name = ms_window_suggest_export_name (window);
  g_assert_cmpstr (name, ==, "MapData_Seed_5.v2.png");

  /* And the demo is named after its seed. */
  ms_window_open_demo (window);
  g_clear_pointer (&name, g_free);
  name = ms_window_suggest_export_name (window);
  g_assert_cmpstr (name, ==, "Demo_Seed_42.png");

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_window_start (&argc, &argv);
  g_test_add_func ("/window/export-view-sizes", test_export_view_sizes);
  g_test_add_func ("/window/export-name-and-banner", test_export_name_and_banner);
  return ms_test_app_run ();
}
