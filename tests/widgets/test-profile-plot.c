/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsProfilePlot in a real window (Xvfb), read back as pixels.  The plot
 * area and its ranges come from the widget; where a distance or a height
 * lands is worked out here: x = left + width × d / x_max, y = top +
 * height × (y_max - h) / (y_max - y_min).  The series are made here by
 * hand: a tent 100 m → 500 m → 100 m over 1 km, a sample every 10 m.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-chart.h"
#include "ms-profile-plot.h"
#include "ms-test-display.h"

#define PLOT_WIDTH  700
#define PLOT_HEIGHT 400
#define N           101          /* 0, 10, …, 1000 m */
#define TITLE       "profile-plot-test"

typedef struct
{
  GtkWidget *window;
  GtkWidget *plot;
  double     distance[N], height[N], slope[N];
  guint      crosses[N];
  double     hovered_distance;
  int        hovered_sample;
  guint      hovers;
} Fixture;

static void
on_hovered (MsProfilePlot *plot,
            double         distance,
            int            sample,
            Fixture       *fixture)
{
  fixture->hovered_distance = distance;
  fixture->hovered_sample = sample;
  fixture->hovers++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  for (guint i = 0; i < N; i++)
    {
      fixture->distance[i] = 10.0 * i;
      /* Up 8 m every 10 m to 500 m at 500 m, then down: 80 %, -80 %. */
      fixture->height[i] = i <= 50 ? 100 + 8.0 * i : 500 - 8.0 * (i - 50);
      fixture->slope[i] = i == 0 || i <= 50 ? 80.0 : -80.0;
      /* Water on samples 10 … 20 (100 … 200 m), a trail at 700 m. */
      fixture->crosses[i] = (i >= 10 && i <= 20 ? MS_PATH_CROSSES_WATER : 0) |
                            (i == 70 ? MS_PATH_CROSSES_ROAD_TRAIL : 0);
    }
  fixture->hovered_sample = -2;

  fixture->plot = ms_profile_plot_new ();
  gtk_widget_set_size_request (fixture->plot, PLOT_WIDTH, PLOT_HEIGHT);
  gtk_widget_set_halign (fixture->plot, GTK_ALIGN_START);
  gtk_widget_set_valign (fixture->plot, GTK_ALIGN_START);
  g_signal_connect (fixture->plot, "hovered", G_CALLBACK (on_hovered), fixture);

  fixture->window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (fixture->window), TITLE);
  gtk_window_set_decorated (GTK_WINDOW (fixture->window), FALSE);
  gtk_window_set_child (GTK_WINDOW (fixture->window), fixture->plot);
  gtk_window_present (GTK_WINDOW (fixture->window));
  ms_test_iterate_until (ms_test_widget_mapped, fixture->plot, "the plot to show");
  ms_test_run_for (100);
  g_assert_cmpint (gtk_widget_get_width (fixture->plot), ==, PLOT_WIDTH);
  g_assert_cmpint (gtk_widget_get_height (fixture->plot), ==, PLOT_HEIGHT);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
}

static MsProfilePlot *
plot_of (Fixture *fixture)
{
  return MS_PROFILE_PLOT (fixture->plot);
}

static guint32 *
capture (Fixture *fixture)
{
  ms_test_run_for (100);
  return ms_test_capture (fixture->plot, PLOT_WIDTH, PLOT_HEIGHT);
}

/* Is the (premultiplied) pixel @p opaque and within 24 of @c? */
static gboolean
is_colour (guint32        p,
           const GdkRGBA *c)
{
  return (p >> 24) >= 0xf0 && ABS ((int) ((p >> 16) & 0xff) - (int) round (c->red * 255)) <= 24 &&
         ABS ((int) ((p >> 8) & 0xff) - (int) round (c->green * 255)) <= 24 &&
         ABS ((int) (p & 0xff) - (int) round (c->blue * 255)) <= 24;
}

static double
x_for (const graphene_rect_t *area,
       double                 x_max,
       double                 metres)
{
  return area->origin.x + area->size.width * metres / x_max;
}

static double
y_for (const graphene_rect_t *area,
       double                 y_min,
       double                 y_max,
       double                 metres)
{
  return area->origin.y + area->size.height * (y_max - metres) / (y_max - y_min);
}

static void
test_slope_classes (void)
{
  /* The limits by hand: below 5, 15, 30, 60 %, in absolute value. */
  static const struct { double pct; guint cls; } cases[] = {
    { 0, 0 }, { 4.99, 0 }, { -4.99, 0 }, { 5, 1 }, { -14.9, 1 }, { 15, 2 }, { 29.9, 2 },
    { -30, 3 }, { 59.9, 3 }, { 60, 4 }, { -1000, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpuint (ms_profile_plot_slope_class (cases[i].pct), ==, cases[i].cls);
}

static void
test_empty (Fixture       *fixture,
            gconstpointer  data)
{
  MsProfilePlot *plot = plot_of (fixture);

  g_assert_cmpuint (ms_profile_plot_get_n_series (plot), ==, 0);
  g_assert_false (ms_profile_plot_get_plot_area (plot, NULL, NULL, NULL, NULL));
  g_assert_cmpfloat (ms_profile_plot_get_drawn_exaggeration (plot), ==, 0);
  g_assert_cmpint (ms_profile_plot_get_highlight_sample (plot), ==, -1);
  g_assert_cmpstr (ms_profile_plot_get_readout (plot), ==, "");
}

/* The line where the mapping puts it: in the column of a distance, the
 * series' colour at the row of its height, and not 8 px above or below. */
static void
test_mapping (Fixture       *fixture,
              gconstpointer  data)
{
  MsProfilePlot *plot = plot_of (fixture);
  GdkRGBA colour = { 0.8, 0.1, 0.6, 1 };
  static const guint samples[] = { 5, 25, 50, 75, 95 };
  g_autofree guint32 *pixels = NULL;
  graphene_rect_t area;
  double x_max, y_min, y_max;

  g_assert_cmpuint (ms_profile_plot_add_series (plot, "tent", &colour, fixture->distance, fixture->height, NULL,
                                                NULL, N), ==, 0);
  g_assert_true (ms_profile_plot_get_plot_area (plot, &area, &x_max, &y_min, &y_max));
  /* The distance axis ends at the path's length; the heights 100 … 500 m
   * fit inside the height axis. */
  g_assert_cmpfloat (x_max, ==, 1000.0);
  g_assert_cmpfloat (y_min, <=, 100.0);
  g_assert_cmpfloat (y_max, >=, 500.0);
  g_assert_cmpfloat (y_max - y_min, <, 2 * 400.0);
  g_assert_cmpfloat (area.origin.x, >, 0);
  g_assert_cmpfloat (area.origin.x + area.size.width, <, PLOT_WIDTH);
  g_assert_cmpfloat (area.origin.y + area.size.height, <, PLOT_HEIGHT);
  g_assert_cmpfloat (area.size.width, >, PLOT_WIDTH / 2);
  g_assert_cmpfloat (area.size.height, >, PLOT_HEIGHT / 3);

  pixels = capture (fixture);
  for (guint k = 0; k < G_N_ELEMENTS (samples); k++)
    {
      guint i = samples[k];
      int x = (int) round (x_for (&area, x_max, fixture->distance[i]));
      int y = (int) round (y_for (&area, y_min, y_max, fixture->height[i]));
      gboolean near = FALSE;

      /* A 2 px line: one of the rows round the point. */
      for (int dy = -2; dy <= 2; dy++)
        near |= is_colour (pixels[(y + dy) * PLOT_WIDTH + x], &colour);
      g_assert_true (near);
      g_assert_false (is_colour (pixels[(y - 8) * PLOT_WIDTH + x], &colour));
      g_assert_false (is_colour (pixels[(y + 8) * PLOT_WIDTH + x], &colour));
    }
}

/* At an exaggeration of 3 a metre up is three times a metre along, the
 * heights centred; 0 fits them again. */
static void
test_exaggeration (Fixture       *fixture,
                   gconstpointer  data)
{
  MsProfilePlot *plot = plot_of (fixture);
  graphene_rect_t area;
  double x_max, y_min, y_max;

  ms_profile_plot_add_series (plot, "tent", NULL, fixture->distance, fixture->height, NULL, NULL, N);
  ms_profile_plot_set_exaggeration (plot, 3.0);
  g_assert_true (ms_profile_plot_get_plot_area (plot, &area, &x_max, &y_min, &y_max));
  g_assert_cmpfloat_with_epsilon ((area.size.height / (y_max - y_min)) / (area.size.width / x_max), 3.0, 1e-9);
  g_assert_cmpfloat_with_epsilon ((y_min + y_max) / 2, 300.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ms_profile_plot_get_drawn_exaggeration (plot), 3.0, 1e-9);

  ms_profile_plot_set_exaggeration (plot, 0);
  g_assert_true (ms_profile_plot_get_plot_area (plot, &area, &x_max, &y_min, &y_max));
  g_assert_cmpfloat_with_epsilon (ms_profile_plot_get_drawn_exaggeration (plot),
                                  (area.size.height / (y_max - y_min)) / (area.size.width / 1000.0), 1e-9);
}

/* The real pointer at the column of 300 m: sample 30, its readout; Left,
 * Right, Home and End move it a sample or to an end. */
static void
test_hover_and_keys (Fixture       *fixture,
                     gconstpointer  data)
{
  MsProfilePlot *plot = plot_of (fixture);
  g_autofree char *window_id = ms_test_x_window_id (TITLE);
  MsTestInputCount count = { 0 };
  graphene_rect_t area;
  double x_max;
  int x;

  ms_profile_plot_add_series (plot, "tent", NULL, fixture->distance, fixture->height, fixture->slope,
                              fixture->crosses, N);
  g_assert_true (ms_profile_plot_get_plot_area (plot, &area, &x_max, NULL, NULL));
  ms_test_input_count_attach (fixture->window, &count);
  ms_test_park_pointer (&count, window_id);

  /* 302 m rounds to the sample at 300 m. */
  x = (int) round (x_for (&area, x_max, 302.0));
  ms_test_move_pointer (&count, window_id, fixture->plot, x, PLOT_HEIGHT / 2);
  g_assert_cmpint (fixture->hovered_sample, ==, 30);
  g_assert_cmpfloat (fixture->hovered_distance, ==, 300.0);
  g_assert_cmpint (ms_profile_plot_get_highlight_sample (plot), ==, 30);
  /* 100 + 8 × 30 = 340 m, up 80 % = atan (0.8) = 38.7°. */
  g_assert_cmpstr (ms_profile_plot_get_readout (plot), ==, "300.0 m · 340.0 m · slope 80.0 % (38.7°)");

  /* Into the water: 150 m. */
  x = (int) round (x_for (&area, x_max, 150.0));
  ms_test_move_pointer (&count, window_id, fixture->plot, x, PLOT_HEIGHT / 2);
  g_assert_cmpint (fixture->hovered_sample, ==, 15);
  g_assert_cmpstr (ms_profile_plot_get_readout (plot), ==, "150.0 m · 220.0 m · slope 80.0 % (38.7°) · Water");

  gtk_widget_grab_focus (fixture->plot);
  g_assert_true (gtk_widget_has_focus (fixture->plot));
  ms_test_xdotool ("key", "--window", window_id, "Right", NULL);
  ms_test_wait_count (&count.keys, 1, "Right");
  g_assert_cmpint (fixture->hovered_sample, ==, 16);
  ms_test_xdotool ("key", "--window", window_id, "Left", "Left", NULL);
  ms_test_wait_count (&count.keys, 3, "Left Left");
  g_assert_cmpint (fixture->hovered_sample, ==, 14);
  g_assert_cmpfloat (fixture->hovered_distance, ==, 140.0);
  ms_test_xdotool ("key", "--window", window_id, "shift+Right", NULL);
  ms_test_wait_count (&count.keys, 4, "Shift+Right");
  /* A twentieth of 101 samples: 5. */
  g_assert_cmpint (fixture->hovered_sample, ==, 19);
  ms_test_xdotool ("key", "--window", window_id, "End", NULL);
  ms_test_wait_count (&count.keys, 5, "End");
  g_assert_cmpint (fixture->hovered_sample, ==, N - 1);
  ms_test_xdotool ("key", "--window", window_id, "Right", NULL);
  ms_test_wait_count (&count.keys, 6, "Right at the end");
  g_assert_cmpint (fixture->hovered_sample, ==, N - 1);
  ms_test_xdotool ("key", "--window", window_id, "Home", NULL);
  ms_test_wait_count (&count.keys, 7, "Home");
  g_assert_cmpint (fixture->hovered_sample, ==, 0);

  /* From outside: no signal, the highlight moves. */
  fixture->hovers = 0;
  ms_profile_plot_set_highlight (plot, 996.0);
  g_assert_cmpint (ms_profile_plot_get_highlight_sample (plot), ==, 100);
  g_assert_cmpuint (fixture->hovers, ==, 0);
  ms_profile_plot_set_highlight (plot, NAN);
  g_assert_cmpint (ms_profile_plot_get_highlight_sample (plot), ==, -1);
}

/* The water lane coloured over 100 … 200 m and not at 500 m; the trail's
 * lane at 700 m; no lane for what is not crossed.  The band under the
 * line in the 80 % class's colour. */
static void
test_lanes_and_band (Fixture       *fixture,
                     gconstpointer  data)
{
  MsProfilePlot *plot = plot_of (fixture);
  g_autofree guint32 *pixels = NULL;
  graphene_rect_t area, water, trail;
  double x_max, y_min, y_max;
  GdkRGBA water_colour = { 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0, 1 };
  GdkRGBA band;
  int y;

  ms_profile_plot_add_series (plot, "tent", NULL, fixture->distance, fixture->height, fixture->slope,
                              fixture->crosses, N);
  g_assert_true (ms_profile_plot_get_plot_area (plot, &area, &x_max, &y_min, &y_max));
  g_assert_true (ms_profile_plot_get_lane (plot, MS_PATH_CROSSES_WATER, &water));
  g_assert_true (ms_profile_plot_get_lane (plot, MS_PATH_CROSSES_ROAD_TRAIL, &trail));
  g_assert_false (ms_profile_plot_get_lane (plot, MS_PATH_CROSSES_TOWN, NULL));
  g_assert_false (ms_profile_plot_get_lane (plot, MS_PATH_CROSSES_SLOPE_FAIL, NULL));
  /* Lanes above the plot, water first. */
  g_assert_cmpfloat (water.origin.y + water.size.height, <=, trail.origin.y);
  g_assert_cmpfloat (trail.origin.y + trail.size.height, <=, area.origin.y);

  pixels = capture (fixture);
  y = (int) (water.origin.y + water.size.height / 2);
  g_assert_true (is_colour (pixels[y * PLOT_WIDTH + (int) round (x_for (&area, x_max, 150))], &water_colour));
  g_assert_true (is_colour (pixels[y * PLOT_WIDTH + (int) round (x_for (&area, x_max, 110))], &water_colour));
  g_assert_false (is_colour (pixels[y * PLOT_WIDTH + (int) round (x_for (&area, x_max, 500))], &water_colour));
  g_assert_false (is_colour (pixels[y * PLOT_WIDTH + (int) round (x_for (&area, x_max, 80))], &water_colour));
  y = (int) (trail.origin.y + trail.size.height / 2);
  g_assert_cmpuint (pixels[y * PLOT_WIDTH + (int) round (x_for (&area, x_max, 700))], !=,
                    pixels[y * PLOT_WIDTH + (int) round (x_for (&area, x_max, 600))]);

  /* Under the line at 250 m (225 m up… 300 m), 10 px above the axis: the
   * ≥ 60 % class, faded over the window's background. */
  ms_profile_plot_get_slope_colour (ms_profile_plot_slope_class (80.0), &band);
  {
    int bx = (int) round (x_for (&area, x_max, 250)), by = (int) (area.origin.y + area.size.height - 10);
    guint32 p = pixels[by * PLOT_WIDTH + bx], above = pixels[(int) area.origin.y * PLOT_WIDTH + bx + 1];
    int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

    /* Purple: red and blue over green, unlike the plain background. */
    g_assert_cmpint (band.red * 255, >, band.green * 255);
    g_assert_cmpint (r - g, >, 20);
    g_assert_cmpint (b - g, >, 20);
    g_assert_cmpuint (p, !=, above);
  }
}

static void
test_series_and_export (Fixture       *fixture,
                        gconstpointer  data)
{
  MsProfilePlot *plot = plot_of (fixture);
  double higher[N];
  g_autoptr(GBytes) png = NULL, svg = NULL;
  g_autoptr(GError) error = NULL;
  GdkRGBA expected;
  g_autoptr(GdkTexture) texture = NULL;

  for (guint i = 0; i < N; i++)
    higher[i] = fixture->height[i] + 50;
  ms_profile_plot_add_series (plot, "A", NULL, fixture->distance, fixture->height, fixture->slope, NULL, N);
  g_assert_cmpuint (ms_profile_plot_add_series (plot, "B", NULL, fixture->distance, higher, NULL, NULL, N), ==, 1);
  g_assert_cmpuint (ms_profile_plot_get_n_series (plot), ==, 2);
  ms_chart_get_series_colour (1, &expected);

  /* Both heights in the readout, each with its label. */
  ms_profile_plot_set_highlight (plot, 500);
  g_assert_cmpstr (ms_profile_plot_get_readout (plot), ==, "500.0 m · A 500.0 m · B 550.0 m · slope 80.0 % (38.7°)");

  png = ms_profile_plot_export (plot, "png", 900, 360, &error);
  g_assert_no_error (error);
  texture = gdk_texture_new_from_bytes (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 900);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 360);
  svg = ms_profile_plot_export (plot, "svg", 900, 360, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (svg, NULL), "<?xml"));

  ms_profile_plot_clear (plot);
  g_assert_null (ms_profile_plot_export (plot, "png", 900, 360, &error));
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/profile-plot/slope-classes", test_slope_classes);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/profile-plot/empty", test_empty);
  ADD ("/profile-plot/mapping", test_mapping);
  ADD ("/profile-plot/exaggeration", test_exaggeration);
  ADD ("/profile-plot/hover-and-keys", test_hover_and_keys);
  ADD ("/profile-plot/lanes-and-band", test_lanes_and_band);
  ADD ("/profile-plot/series-and-export", test_series_and_export);
#undef ADD
  return g_test_run ();
}
