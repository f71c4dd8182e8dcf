/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ruler and Page Down / Page Up in real windows: figures the label
 * shows against hand-worked ones, real clicks that add points (and never
 * paint a zone), the folder's blueprints in natural order and its zones by
 * id, the unsaved-edits question before another zone opens.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-test-app.h"
#include "ms-demo-blueprint.h"
#include "ms-demo-zone.h"
#include "ms-settings.h"
#include "ms-test-display.h"
#include "ms-window.h"
#include "ms-zone-edit.h"
#include "ms-zone-window.h"

static gboolean
not_loading (gpointer data)
{
  return !ms_window_is_loading (data) && gtk_widget_get_mapped (GTK_WIDGET (ms_window_get_map_view (data))) &&
         ms_viewport_get_width (ms_map_view_get_viewport (ms_window_get_map_view (data))) > 1;
}

static MsWindow *
new_window (void)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  MsWindow *window;

  g_settings_set_int (settings, MS_SETTINGS_WINDOW_WIDTH, 1000);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_HEIGHT, 700);
  window = ms_window_new (GTK_APPLICATION (ms_test_app ()));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  return window;
}

/* Clicks @n times at (@x, @y) of @widget, with the real pointer. */
static void
click_at (GtkWidget  *widget,
          const char *window_id,
          double      x,
          double      y,
          guint       n)
{
  double sx, sy;
  g_autofree char *px = NULL, *py = NULL, *count = g_strdup_printf ("%u", n);

  ms_test_widget_to_surface (widget, x, y, &sx, &sy);
  px = g_strdup_printf ("%d", (int) round (sx));
  py = g_strdup_printf ("%d", (int) round (sy));
  ms_test_xdotool ("mousemove", "--window", window_id, px, py, NULL);
  ms_test_run_for (150);
  ms_test_xdotool ("click", "--repeat", count, "--delay", "80", "1", NULL);
  ms_test_run_for (300);
}

static void
test_viewer_figures (void)
{
  MsWindow *window = new_window ();
  MsRulerOverlay *ruler = ms_window_get_ruler (window);
  /* A world is 8192 m across at any size (BLUEPRINT_FORMAT gives none;
   * MS_DEFAULT_WORLD_SPAN): 16 m a pixel at 512. */
  double mpp = 8192.0 / MS_DEMO_BLUEPRINT_DEFAULT_SIZE;
  guint n;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (not_loading, window, "the demo to show");
  g_assert_cmpfloat (mpp, ==, 16.0);
  g_assert_cmpfloat (ms_ruler_overlay_get_metres_per_map_pixel (ruler), ==, mpp);

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ruler)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ruler", NULL));
  g_assert_true (ms_ruler_overlay_get_active (ruler));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (ruler)));

  /* The 3-4-5 triangle, 30 × 40 × 50 map pixels: legs 480 m and 640 m,
   * hypotenuse 800 m; area 480 × 640 / 2 = 153 600 m². */
  ms_ruler_overlay_add_point (ruler, 100, 100);
  ms_ruler_overlay_add_point (ruler, 130, 100);
  g_assert_cmpstr (ms_ruler_overlay_get_text (ruler), ==, "Distance: 480.0 m");
  ms_ruler_overlay_add_point (ruler, 130, 140);
  g_assert_cmpstr (ms_ruler_overlay_get_text (ruler), ==, "Distance: 1.12 km");
  g_assert_true (ms_ruler_overlay_close (ruler));
  g_assert_cmpfloat (ms_ruler_overlay_get_area (ruler), ==, 153600.0);
  g_assert_cmpstr (ms_ruler_overlay_get_text (ruler), ==, "Area: 153600 m² · Perimeter: 1.92 km");

  /* Backspace reopens, then drops points; Esc clears. */
  g_assert_true (ms_ruler_overlay_remove_last_point (ruler));
  g_assert_cmpstr (ms_ruler_overlay_get_text (ruler), ==, "Distance: 1.12 km");
  g_assert_true (ms_ruler_overlay_remove_last_point (ruler));
  ms_ruler_overlay_get_points (ruler, &n);
  g_assert_cmpuint (n, ==, 2);

  /* Real clicks: three points, a double-click on the fourth closes.  The
   * points are where the pointer was, through the viewport. */
  {
    g_autofree char *id = NULL;
    GtkWidget *w = GTK_WIDGET (ruler);
    MsViewport *viewport = ms_map_view_get_viewport (ms_window_get_map_view (window));
    double cx, cy, screen[8], expected[8];
    const double *points;

    gtk_window_set_title (GTK_WINDOW (window), "ruler-test");
    ms_test_run_for (200);   /* shown: now it has its size */
    cx = gtk_widget_get_width (w) / 2.0;
    cy = gtk_widget_get_height (w) / 2.0;
    g_assert_cmpfloat (cx, >, 150);
    g_assert_cmpfloat (cy, >, 100);
    {
      const double corners[] = { cx - 120, cy - 60, cx + 80, cy - 60, cx + 80, cy + 90, cx - 120, cy + 90 };
      memcpy (screen, corners, sizeof screen);
    }
    id = ms_test_x_window_id ("ruler-test");
    g_assert_true (ms_ruler_overlay_clear (ruler));
    for (guint i = 0; i < 4; i++)
      {
        click_at (w, id, screen[2 * i], screen[2 * i + 1], i == 3 ? 2 : 1);
        ms_viewport_screen_to_map (viewport, screen[2 * i], screen[2 * i + 1], &expected[2 * i], &expected[2 * i + 1]);
      }
    points = ms_ruler_overlay_get_points (ruler, &n);
    g_assert_cmpuint (n, ==, 4);
    g_assert_true (ms_ruler_overlay_get_closed (ruler));
    for (guint i = 0; i < 8; i++)
      g_assert_cmpfloat_with_epsilon (points[i], expected[i], 1.0 / ms_viewport_get_zoom (viewport));
    /* A 200 × 150 screen-pixel rectangle: 700 px round, 30 000 px². */
    {
      double zoom = ms_viewport_get_zoom (viewport);
      double perimeter = 700.0 / zoom * mpp, area = 30000.0 / (zoom * zoom) * mpp * mpp;
      g_autofree char *text = NULL;

      g_assert_cmpfloat (fabs (ms_ruler_overlay_get_length (ruler) - perimeter), <, 4.0 / zoom * mpp);
      g_assert_cmpfloat (fabs (ms_ruler_overlay_get_area (ruler) - area) / area, <, 0.03);
      text = g_strdup_printf ("Area: %.3f km² · Perimeter: %.2f km", ms_ruler_overlay_get_area (ruler) / 1e6,
                              ms_ruler_overlay_get_length (ruler) / 1000.0);
      g_assert_cmpstr (ms_ruler_overlay_get_text (ruler), ==, text);
    }
    ms_test_screenshot ("ruler-viewer.png", 200);
    /* Esc and Backspace as keys on the focused ruler. */
    ms_test_xdotool ("key", "--window", id, "BackSpace", NULL);
    ms_test_run_for (200);
    g_assert_false (ms_ruler_overlay_get_closed (ruler));
    ms_test_xdotool ("key", "--window", id, "Escape", NULL);
    ms_test_run_for (200);
    ms_ruler_overlay_get_points (ruler, &n);
    g_assert_cmpuint (n, ==, 0);

    /* A click, then at once a double click elsewhere, in one xdotool run
     * so both come within the double-click time: the third corner, then
     * the fourth, closed.  GTK 4.8's click gesture counted the double
     * click's second press as a first one here (ms-click-count.h). */
    {
      double sx[2], sy[2];
      g_autofree char *x0 = NULL, *y0 = NULL, *x1 = NULL, *y1 = NULL;

      ms_ruler_overlay_add_point (ruler, 10, 10);
      ms_ruler_overlay_add_point (ruler, 20, 10);
      ms_test_widget_to_surface (w, screen[4], screen[5], &sx[0], &sy[0]);
      ms_test_widget_to_surface (w, screen[6], screen[7], &sx[1], &sy[1]);
      x0 = g_strdup_printf ("%d", (int) round (sx[0]));
      y0 = g_strdup_printf ("%d", (int) round (sy[0]));
      x1 = g_strdup_printf ("%d", (int) round (sx[1]));
      y1 = g_strdup_printf ("%d", (int) round (sy[1]));
      ms_test_xdotool ("mousemove", "--window", id, x0, y0, "click", "1",
                       "mousemove", "--window", id, x1, y1, "click", "--repeat", "2", "--delay", "80", "1", NULL);
      ms_test_run_for (500);
      ms_ruler_overlay_get_points (ruler, &n);
      g_assert_cmpuint (n, ==, 4);
      g_assert_true (ms_ruler_overlay_get_closed (ruler));
      g_assert_true (ms_ruler_overlay_clear (ruler));
    }
  }

  /* Off: hidden and cleared. */
  ms_ruler_overlay_add_point (ruler, 1, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ruler", NULL));
  g_assert_false (ms_ruler_overlay_get_active (ruler));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ruler)));
  ms_ruler_overlay_get_points (ruler, &n);
  g_assert_cmpuint (n, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
window_file_name (MsWindow *window)
{
  const char *title = gtk_window_get_title (GTK_WINDOW (window));

  return g_strndup (title, strstr (title, " — ") - title);
}

static void
test_viewer_pages_folder (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  /* Natural order 1, 2, 10 (bytewise it would be 1, 10, 2); the text file
   * is no blueprint, the one with an upper-case extension is. */
  const char *names[] = { "map_10.dat", "map_1.dat", "map_2.dat", "map_3.DAT" };
  const char *order[] = { "map_1.dat", "map_2.dat", "map_3.DAT", "map_10.dat" };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 9, &error);
  g_autofree char *first = g_build_filename (dir, "map_1.dat", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (first);
  MsWindow *window = new_window ();

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    ms_test_put_file (dir, names[i], g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  ms_test_put_file (dir, "map_15.txt", "not a map", 9);

  gtk_window_present (GTK_WINDOW (window));
  ms_window_open_file (window, file);
  ms_test_iterate_until (not_loading, window, "the first map");
  for (guint i = 1; i < G_N_ELEMENTS (order); i++)
    {
      g_autofree char *name = NULL;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-file", NULL));
      ms_test_iterate_until (not_loading, window, "the next map");
      name = window_file_name (window);
      g_assert_cmpstr (name, ==, order[i]);
    }
  /* The end: it stays, and says so. */
  g_assert_null (ms_window_get_info (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-file", NULL));
  g_assert_false (ms_window_is_loading (window));
  g_assert_nonnull (strstr (ms_window_get_info (window), "last blueprint"));
  {
    g_autofree char *name = window_file_name (window);
    g_assert_cmpstr (name, ==, "map_10.dat");
  }
  /* Page Up, the real key. */
  {
    g_autofree char *id = NULL;
    g_autofree char *name = NULL;

    gtk_window_set_title (GTK_WINDOW (window), "pages-test");
    ms_test_run_for (200);
    id = ms_test_x_window_id ("pages-test");
    gtk_widget_grab_focus (GTK_WIDGET (ms_window_get_map_view (window)));
    ms_test_xdotool ("windowfocus", "--sync", id, "key", "Page_Up", NULL);
    ms_test_run_for (300);
    ms_test_iterate_until (not_loading, window, "the previous map");
    name = window_file_name (window);
    g_assert_cmpstr (name, ==, "map_3.DAT");
  }
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static void
test_zone_ruler_and_pages (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (ms_test_app ()));
  MsRulerOverlay *ruler = ms_zone_window_get_ruler (window);
  GtkWindow *dialog;
  guint n;

  for (guint id = 3; id <= 40; id += id == 3 ? 9 : 28)   /* 3, 12, 40 */
    {
      g_assert_true (ms_demo_zone_write (dir, id, 64, FALSE, &error));
      g_assert_no_error (error);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 650);
  g_assert_true (ms_zone_window_open (window, dir, 12, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_run_for (500);

  /* Tiles are 1 m: a rectangle on tile corners (10,10)-(20,15) is 50 m²,
   * 30 m round, and holds the 10 × 5 tiles x 10..19, y 10..14. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ruler", NULL));
  ms_ruler_overlay_add_point (ruler, 10, 10);
  ms_ruler_overlay_add_point (ruler, 20, 10);
  ms_ruler_overlay_add_point (ruler, 20, 15);
  ms_ruler_overlay_add_point (ruler, 10, 15);
  g_assert_true (ms_ruler_overlay_close (ruler));
  g_assert_cmpuint (ms_ruler_overlay_get_tile_count (ruler), ==, 50);
  g_assert_cmpstr (ms_ruler_overlay_get_text (ruler), ==, "Area: 50 m² · Perimeter: 30.0 m · 50 tiles");
  ms_test_screenshot ("ruler-zone.png", 200);
  /* A triangle through tile centres (0.5,0.5) (8.5,0.5) (0.5,8.5): rows
   * y = 0..7 hold 8 - y centres (the half-open span drops the hypotenuse's
   * own), 8 + 7 + … + 1 = 36; area 32 m². */
  ms_ruler_overlay_add_point (ruler, 0.5, 0.5);
  ms_ruler_overlay_add_point (ruler, 8.5, 0.5);
  ms_ruler_overlay_add_point (ruler, 0.5, 8.5);
  g_assert_true (ms_ruler_overlay_close (ruler));
  g_assert_cmpfloat (ms_ruler_overlay_get_area (ruler), ==, 32.0);
  g_assert_cmpuint (ms_ruler_overlay_get_tile_count (ruler), ==, 36);

  /* A real click with the brush chosen: a point, no paint. */
  g_assert_cmpstr (ms_zone_window_get_tool (window), ==, "brush");
  ms_ruler_overlay_clear (ruler);
  gtk_window_set_title (GTK_WINDOW (window), "zone-ruler-test");
  ms_test_run_for (200);
  {
    g_autofree char *id = ms_test_x_window_id ("zone-ruler-test");
    ms_test_click_widget (GTK_WIDGET (ruler), id, 1);
  }
  ms_ruler_overlay_get_points (ruler, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (window)));

  /* Next and previous zone id; the ends stay. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-zone", NULL));
  g_assert_cmpuint (ms_zone_window_get_zone_id (window), ==, 40);
  ms_ruler_overlay_get_points (ruler, &n);
  g_assert_cmpuint (n, ==, 0);   /* the old zone's points are gone */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-zone", NULL));
  g_assert_cmpuint (ms_zone_window_get_zone_id (window), ==, 40);
  g_assert_nonnull (strstr (ms_zone_window_get_banner (window), "last zone"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-zone", NULL));
  g_assert_cmpuint (ms_zone_window_get_zone_id (window), ==, 12);

  /* Unsaved edits: the question first; Cancel stays, Discard goes on. */
  {
    MsZone *zone = ms_zone_window_get_zone (window);
    g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (64, 64, 1, 1, 3, 3);
    MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };

    g_assert_true (ms_zone_apply (zone, &op, region, &error));
    g_assert_no_error (error);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-zone", NULL));
  ms_test_run_for (100);
  dialog = ms_zone_window_get_close_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpuint (ms_zone_window_get_zone_id (window), ==, 12);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  ms_test_run_for (100);
  g_assert_null (ms_zone_window_get_close_dialog (window));
  g_assert_cmpuint (ms_zone_window_get_zone_id (window), ==, 12);
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-zone", NULL));
  ms_test_run_for (100);
  dialog = ms_zone_window_get_close_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  ms_test_run_for (100);
  g_assert_cmpuint (ms_zone_window_get_zone_id (window), ==, 3);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (100);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", NULL);

  g_test_add_func ("/ruler/viewer-figures", test_viewer_figures);
  g_test_add_func ("/ruler/viewer-pages-folder", test_viewer_pages_folder);
  g_test_add_func ("/ruler/zone-ruler-and-pages", test_zone_ruler_and_pages);
  return ms_test_app_run ();
}
