/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The profile pane in real windows: the ruler's points in, the samples
 * counted by hand, heights against the test's own bilinear (blueprint) or
 * the altitude file's bytes (zone), the server's slope check worked here
 * from ZONE_LAYERS_NOTES on a copy of the real zone 0071, the marker and
 * highlight both ways, and the CSV export byte for byte against
 * `mapsmith-cli profile --csv`.
 */
#include "config.h"

#include <math.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ms-settings.h"
#include "ms-profile-export.h"
#include "ms-test-app.h"
#include "ms-test-display.h"
#include "ms-test-zone-window.h"
#include "ms-window.h"
#include "ms-zone-window.h"

#define MAP_SIZE 512
#define TITLE    "profile-test"

static gboolean
not_loading (gpointer data)
{
  MsWindow *window = data;

  return !ms_window_is_loading (window) && ms_map_view_get_blueprint (ms_window_get_map_view (window)) != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (ms_window_get_map_view (window)));
}

static gboolean
profile_made (gpointer data)
{
  return ms_profile_pane_get_profile (data) != NULL;
}

/* The plot laid out with its profile: it has an area to draw in. */
static gboolean
plot_drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && ms_profile_plot_get_plot_area (data, NULL, NULL, NULL, NULL);
}

typedef struct
{
  char     *message;
  gboolean  failed;
} Done;

static Done done;

static void
on_exported (GtkWindow  *window,
             const char *message,
             gboolean    failed)
{
  done.message = g_strdup (message);
  done.failed = failed;
}

static gboolean
exported (gpointer data)
{
  return done.message != NULL;
}

/* @format of the pane written to @path through the app's export. */
static void
export_to (GtkWindow     *window,
           MsProfilePane *pane,
           const char    *format,
           const char    *path)
{
  g_clear_pointer (&done.message, g_free);
  ms_profile_export_to_path (window, pane, format, path, on_exported);
  ms_test_iterate_until (exported, NULL, "the export");
  g_assert_false (done.failed);
  g_assert_nonnull (strstr (done.message, path));
}

/* The height of a 512² blueprint at (x, y), pixels centred, bilinear
 * between the four centres round it, clamped at the edges — worked here. */
static double
bilinear (MsBlueprint *bp,
          double       x,
          double       y)
{
  int x0 = (int) floor (x), y0 = (int) floor (y);
  double tx = x - x0, ty = y - y0;
  int x1 = MIN (x0 + 1, MAP_SIZE - 1), y1 = MIN (y0 + 1, MAP_SIZE - 1);

  return (ms_blueprint_get_height (bp, x0, y0) * (1 - tx) + ms_blueprint_get_height (bp, x1, y0) * tx) * (1 - ty) +
         (ms_blueprint_get_height (bp, x0, y1) * (1 - tx) + ms_blueprint_get_height (bp, x1, y1) * tx) * ty;
}

static void
test_viewer (void)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *file = g_build_filename (dir, "MapData_Seed_7.dat", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "profile.csv", NULL);
  g_autofree char *png_path = g_build_filename (dir, "profile.png", NULL);
  g_autofree char *csv = NULL, *png = NULL, *window_id = NULL;
  g_auto(MsTestRun) run = { 0 };
  g_autoptr(GFile) gfile = g_file_new_for_path (file);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  MsWindow *window;
  MsRulerOverlay *ruler;
  MsProfilePane *pane;
  MsProfilePlot *plot;
  MsBlueprint *bp;
  const MsPathProfile *profile;
  double mx, my;
  gsize length;

  ms_test_run_cli (&run, "demo", "-s", "512", file, NULL);
  g_assert_cmpint (run.status, ==, 0);

  g_settings_set_int (settings, MS_SETTINGS_WINDOW_WIDTH, 1000);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_HEIGHT, 760);
  window = ms_window_new (GTK_APPLICATION (ms_test_app ()));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  ms_window_open_file (window, gfile);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (not_loading, window, "the map to show");
  ruler = ms_window_get_ruler (window);
  pane = ms_window_get_profile_pane (window);
  plot = ms_profile_pane_get_plot (pane);
  bp = ms_map_view_get_blueprint (ms_window_get_map_view (window));
  g_assert_cmpuint (ms_blueprint_get_map_size (bp), ==, MAP_SIZE);

  /* Off at first; on, it shows under the map and turns the ruler on. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pane)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.profile", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane)));
  g_assert_true (ms_ruler_overlay_get_active (ruler));
  g_assert_null (ms_profile_pane_get_profile (pane));

  /* A path of 40 px along x at y = 199.75 (ruler: 200.25, half a pixel
   * on), from x = 100.25: step 1, so 41 samples, 16 m apart (8192 m over
   * 512 px), each a quarter and three quarters between centres. */
  ms_ruler_overlay_add_point (ruler, 100.75, 200.25);
  ms_ruler_overlay_add_point (ruler, 140.75, 200.25);
  ms_test_iterate_until (profile_made, pane, "the profile");
  profile = ms_profile_pane_get_profile (pane);
  g_assert_cmpuint (profile->n_samples, ==, 41);
  g_assert_cmpfloat (profile->length_m, ==, 640.0);
  for (guint k = 0; k <= 40; k += 10)
    {
      const MsPathSample *s = &profile->samples[k];
      double h = bilinear (bp, 100.25 + k, 199.75);

      g_assert_cmpfloat_with_epsilon (s->x, 100.25 + k, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->y, 199.75, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->distance_m, 16.0 * k, 1e-9);
      g_assert_cmpfloat_with_epsilon (s->height, h, 1e-9 * MAX (1, fabs (h)));
      g_assert_cmpfloat_with_epsilon (s->height_m, h * 251.0, 1e-6 * MAX (1, fabs (h * 251)));
    }
  g_assert_cmpuint (ms_profile_plot_get_n_series (plot), ==, 1);
  ms_test_iterate_until (plot_drawn, plot, "the plot to show");
  {
    double x_max;

    g_assert_true (ms_profile_plot_get_plot_area (plot, NULL, &x_max, NULL, NULL));
    g_assert_cmpfloat (x_max, ==, 640.0);
  }
  g_assert_nonnull (strstr (ms_profile_pane_get_summary (pane), "41 samples"));

  /* The plot hovered at sample 10 rings its point on the map. */
  g_signal_emit_by_name (plot, "hovered", 160.0, 10);
  g_assert_true (ms_ruler_overlay_get_marker (ruler, &mx, &my));
  g_assert_cmpfloat_with_epsilon (mx, 110.75, 1e-9);
  g_assert_cmpfloat_with_epsilon (my, 200.25, 1e-9);
  g_signal_emit_by_name (plot, "hovered", NAN, -1);
  g_assert_false (ms_ruler_overlay_get_marker (ruler, NULL, NULL));

  /* The real pointer over the path, at the screen pixel of map (120.75,
   * 200.25): the plot highlights the distance to the foot of it. */
  {
    MsViewport *viewport = ms_map_view_get_viewport (ms_window_get_map_view (window));
    MsTestInputCount count = { 0 };
    double sx, sy, fx, fy;

    gtk_window_set_title (GTK_WINDOW (window), TITLE);
    ms_test_run_for (200);
    window_id = ms_test_x_window_id (TITLE);
    ms_test_input_count_attach (GTK_WIDGET (window), &count);
    ms_test_park_pointer (&count, window_id);
    ms_viewport_map_to_screen (viewport, 120.75, 200.25, &sx, &sy);
    sx = round (sx);
    sy = round (sy);
    ms_test_move_pointer (&count, window_id, GTK_WIDGET (ruler), (int) sx, (int) sy);
    ms_viewport_screen_to_map (viewport, sx, sy, &fx, &fy);
    /* The foot on a horizontal path is the pointer's x (to within the
     * single-precision translations the event goes through). */
    g_assert_cmpfloat_with_epsilon (ms_profile_plot_get_highlight (plot), (fx - 100.75) * 16.0, 0.01);
    ms_test_screenshot ("profile-viewer.png", 200);
  }

  /* The CSV export, byte for byte what the CLI prints for the same path. */
  export_to (GTK_WINDOW (window), pane, "csv", csv_path);
  g_assert_true (g_file_get_contents (csv_path, &csv, &length, NULL));
  ms_test_run_clear (&run);
  ms_test_run_cli (&run, "profile", file, "--path", "100.25,199.75,140.25,199.75", "--csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (csv, ==, run.out);
  g_assert_true (g_str_has_prefix (csv, "distance_m,x,y,height,height_m,slope_pct,slope_deg,crosses\n"));

  /* The PNG: an image of the plot, at least 800 × 300. */
  export_to (GTK_WINDOW (window), pane, "png", png_path);
  texture = gdk_texture_new_from_filename (png_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >=, 800);
  g_assert_cmpint (gdk_texture_get_height (texture), >=, 300);

  /* A closed polygon goes round: 3-4-5 triangle of 30 × 40 px, 120 px
   * round at step 1: 30 + 40 + 50 intervals, one more sample. */
  ms_ruler_overlay_clear (ruler);
  ms_ruler_overlay_add_point (ruler, 100.5, 100.5);
  ms_ruler_overlay_add_point (ruler, 130.5, 100.5);
  ms_ruler_overlay_add_point (ruler, 130.5, 140.5);
  g_assert_true (ms_ruler_overlay_close (ruler));
  ms_test_iterate_until (profile_made, pane, "the polygon's profile");
  profile = ms_profile_pane_get_profile (pane);
  g_assert_cmpuint (profile->n_samples, ==, 121);
  g_assert_cmpfloat_with_epsilon (profile->length_m, 120.0 * 16.0, 1e-9);

  /* A point off the map: no profile, and it says which. */
  ms_ruler_overlay_add_point (ruler, 10.5, 10.5);
  ms_ruler_overlay_add_point (ruler, -20.0, 10.5);
  ms_test_run_for (100);
  g_assert_null (ms_profile_pane_get_profile (pane));
  g_assert_cmpuint (ms_profile_plot_get_n_series (plot), ==, 0);
  g_assert_nonnull (strstr (ms_profile_pane_get_summary (pane), "Point 2"));

  /* The ruler off hides the pane. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ruler", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pane)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_pointer (&done.message, g_free);
  ms_test_remove_tree (dir);
}

/* The server's slope of tile (x, y) of a @w × @h zone from raw >> 5
 * heights (ZONE_LAYERS_NOTES: a, b, c, d the tile and its neighbours right,
 * down-right and down, clamped; e … h the midpoints, h from d and e as the
 * server writes it; i the mean; 2 Σ |i − v|, at most 255). */
static int
server_slope (const guint16 *alt,
              guint          w,
              guint          h,
              guint          x,
              guint          y)
{
  guint x1 = MIN (x + 1, w - 1), y1 = MIN (y + 1, h - 1);
  int a = alt[y * w + x] >> 5, b = alt[y * w + x1] >> 5, c = alt[y1 * w + x1] >> 5, d = alt[y1 * w + x] >> 5;
  int e = (a + b) >> 1, f = (b + c) >> 1, g = (c + d) >> 1, hh = (d + e) >> 1, i = (a + b + c + d) >> 2;
  int v[] = { a, b, c, d, e, f, g, hh }, s = 0;

  for (guint k = 0; k < G_N_ELEMENTS (v); k++)
    s += ABS (i - v[k]);
  return MIN (2 * s, 255);
}

static void
test_zone (void)
{
  MsTestPainter f = { 0 };
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "zones", "0071", NULL);
  g_autofree char *alt_path = NULL, *alt_bytes = NULL;
  g_autofree guint16 *alt = NULL;
  g_autofree guint32 *pixels = NULL;
  const char *layers[] = { "altitude", "blocks", "control", "plants" };
  MsRulerOverlay *ruler;
  MsProfilePane *pane;
  MsProfilePlot *plot;
  const MsPathProfile *profile;
  GdkRGBA fail_colour = { 0xc0 / 255.0, 0x1c / 255.0, 0x28 / 255.0, 1 };
  graphene_rect_t area, lane;
  double x_max;
  guint fails = 0, first_fail = 0;
  gsize length;
  int pw, ph;

  /* A copy: the painter may write journals beside it, never the shared
   * files. */
  f.dir = ms_test_make_tmpdir ();
  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.0071.bin", layers[i]);
      g_autofree char *from = g_build_filename (src, name, NULL);
      g_autofree char *bytes = NULL;

      g_assert_true (g_file_get_contents (from, &bytes, &length, NULL));
      ms_test_put_file (f.dir, name, bytes, length);
    }
  alt_path = g_build_filename (f.dir, "altitude.0071.bin", NULL);
  g_assert_true (g_file_get_contents (alt_path, &alt_bytes, &length, NULL));
  g_assert_cmpuint (length, ==, 256 * 256 * 2);
  alt = g_new (guint16, 256 * 256);
  for (guint i = 0; i < 256 * 256; i++)
    alt[i] = (guint16) ((guint8) alt_bytes[2 * i] | (guint8) alt_bytes[2 * i + 1] << 8);

  ms_test_painter_open (&f, 71);
  ruler = ms_zone_window_get_ruler (f.window);
  pane = ms_zone_window_get_profile_pane (f.window);
  plot = ms_profile_pane_get_plot (pane);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.profile", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (pane)));

  /* Row 128 from column 10 to 245, on the tile centres: 236 samples, a
   * metre apart, each height its tile's raw >> 5. */
  ms_ruler_overlay_add_point (ruler, 10.5, 128.5);
  ms_ruler_overlay_add_point (ruler, 245.5, 128.5);
  ms_test_iterate_until (profile_made, pane, "the zone's profile");
  profile = ms_profile_pane_get_profile (pane);
  g_assert_cmpuint (profile->n_samples, ==, 236);
  for (guint k = 0; k < profile->n_samples; k++)
    {
      const MsPathSample *s = &profile->samples[k];
      guint x = 10 + k;
      gboolean fails_here = server_slope (alt, 256, 256, x, 128) >= 16;

      g_assert_cmpfloat_with_epsilon (s->distance_m, (double) k, 1e-9);
      /* x = 10 + 235 × k / 235 may miss the centre by a rounding error. */
      g_assert_cmpfloat_with_epsilon (s->height_m, (double) (alt[128 * 256 + x] >> 5), 1e-6);
      g_assert_cmpint (!!(s->crosses & MS_PATH_CROSSES_SLOPE_FAIL), ==, fails_here);
      g_assert_cmpint (!!(s->crosses & MS_PATH_CROSSES_WATER), ==, (alt[128 * 256 + x] >> 5) < 55);
      if (fails_here && fails++ == 0)
        first_fail = k;
    }
  /* The real zone has failing tiles on this row. */
  g_assert_cmpuint (fails, >, 0);

  /* The lane marks the first failing sample in the failure's red. */
  ms_test_iterate_until (plot_drawn, plot, "the plot to show");
  ms_test_run_for (200);
  pw = gtk_widget_get_width (GTK_WIDGET (plot));
  ph = gtk_widget_get_height (GTK_WIDGET (plot));
  g_assert_true (ms_profile_plot_get_plot_area (plot, &area, &x_max, NULL, NULL));
  g_assert_cmpfloat (x_max, ==, 235.0);
  g_assert_true (ms_profile_plot_get_lane (plot, MS_PATH_CROSSES_SLOPE_FAIL, &lane));
  pixels = ms_test_capture (GTK_WIDGET (plot), pw, ph);
  {
    int x = (int) round (area.origin.x + area.size.width * first_fail / x_max);
    int y = (int) (lane.origin.y + lane.size.height / 2);
    guint32 p = pixels[y * pw + x];

    g_assert_cmpint (ABS ((int) ((p >> 16) & 0xff) - (int) round (fail_colour.red * 255)), <=, 24);
    g_assert_cmpint (ABS ((int) ((p >> 8) & 0xff) - (int) round (fail_colour.green * 255)), <=, 24);
    g_assert_cmpint (ABS ((int) (p & 0xff) - (int) round (fail_colour.blue * 255)), <=, 24);
  }
  ms_test_screenshot ("profile-zone.png", 200);

  gtk_window_destroy (GTK_WINDOW (f.window));
  ms_test_run_for (50);
  ms_test_remove_tree (f.dir);
  g_free (f.dir);
  g_free (f.window_id);
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", NULL);
  g_test_add_func ("/profile-pane/viewer", test_viewer);
  g_test_add_func ("/profile-pane/zone", test_zone);
  return g_test_run ();
}
