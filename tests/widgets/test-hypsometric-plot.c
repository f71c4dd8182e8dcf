/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsHypsometricPlot in a real window (Xvfb), read back as pixels.  The
 * plot area and its height range come from the widget; where a height
 * lands is worked out here: y = top + height × (y_max - h) / (y_max - y_min).
 * The axis ranges are worked by hand: a step of 1, 2 or 5 × 10^n, the
 * smallest at least a fifth of the data's span, and its multiples just
 * outside the data.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-hypsometric-plot.h"
#include "ms-test-display.h"

#define PLOT_WIDTH  600
#define PLOT_HEIGHT 400
#define N_SAMPLES   11   /* shares 0, 10, …, 100 % */

typedef struct
{
  GtkWidget *window;
  GtkWidget *plot;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->plot = ms_hypsometric_plot_new ();
  gtk_widget_set_size_request (fixture->plot, PLOT_WIDTH, PLOT_HEIGHT);
  gtk_widget_set_halign (fixture->plot, GTK_ALIGN_START);
  gtk_widget_set_valign (fixture->plot, GTK_ALIGN_START);

  fixture->window = gtk_window_new ();
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

/* Heights falling in a straight line from @top at 0 % to @bottom at 100 %. */
static void
add_line (Fixture    *fixture,
          const char *label,
          double      top,
          double      bottom)
{
  double heights[N_SAMPLES];

  for (guint i = 0; i < N_SAMPLES; i++)
    heights[i] = top + (bottom - top) * i / (N_SAMPLES - 1);
  ms_hypsometric_plot_add_curve (MS_HYPSOMETRIC_PLOT (fixture->plot), label, heights, N_SAMPLES);
}

static guint32 *
capture (Fixture *fixture)
{
  /* Let the new content reach a frame first. */
  ms_test_run_for (100);
  return ms_test_capture (fixture->plot, PLOT_WIDTH, PLOT_HEIGHT);
}

/* Is the (premultiplied) pixel @p, opaque, series colour @series? */
static gboolean
is_series (guint32 p,
           guint   series)
{
  GdkRGBA c;
  int r, g, b;

  ms_hypsometric_plot_get_series_colour (series, &c);
  r = (int) round (c.red * 255);
  g = (int) round (c.green * 255);
  b = (int) round (c.blue * 255);
  return (p >> 24) >= 0xf0 && ABS ((int) ((p >> 16) & 0xff) - r) <= 24 &&
         ABS ((int) ((p >> 8) & 0xff) - g) <= 24 && ABS ((int) (p & 0xff) - b) <= 24;
}

/* The rows of column @x where series @series is drawn: their count, the
 * first and the last (-1 when none). */
static guint
find_in_column (const guint32 *pixels,
                int            x,
                guint          series,
                int           *first,
                int           *last)
{
  guint n = 0;

  *first = *last = -1;
  for (int y = 0; y < PLOT_HEIGHT; y++)
    if (is_series (pixels[y * PLOT_WIDTH + x], series))
      {
        if (*first < 0)
          *first = y;
        *last = y;
        n++;
      }
  return n;
}

typedef struct
{
  double lo, hi;
  double step, axis_min, axis_max;
} AxisCase;

static const AxisCase axis_cases[] = {
  /* 2200 / 5 = 440: 500. */
  { 100, 2300, 500, 0, 2500 },
  /* 75 / 5 = 15: 20. */
  { 12, 87, 20, 0, 100 },
  /* 550 / 5 = 110: 200; -130 rounds out to -200. */
  { -130, 420, 200, -200, 600 },
  /* 8848 / 5 = 1769.6: 2000. */
  { 0, 8848, 2000, 0, 10000 },
  /* Ends on multiples stay: 1000 / 5 = 200. */
  { 1000, 2000, 200, 1000, 2000 },
  /* Flat: a metre about it, steps of at least 1 m. */
  { 100, 100, 1, 99, 101 },
};

static void
test_axis (gconstpointer data)
{
  const AxisCase *c = data;
  double axis_min = NAN, axis_max = NAN;
  double step = ms_hypsometric_plot_choose_axis (c->lo, c->hi, &axis_min, &axis_max);

  g_assert_cmpfloat (step, ==, c->step);
  g_assert_cmpfloat (axis_min, ==, c->axis_min);
  g_assert_cmpfloat (axis_max, ==, c->axis_max);
}

static void
test_empty (Fixture       *fixture,
            gconstpointer  data)
{
  MsHypsometricPlot *plot = MS_HYPSOMETRIC_PLOT (fixture->plot);
  g_autofree guint32 *pixels = NULL;
  guint text = 0, coloured = 0;

  g_assert_cmpuint (ms_hypsometric_plot_get_n_curves (plot), ==, 0);
  g_assert_false (ms_hypsometric_plot_get_plot_area (plot, NULL, NULL, NULL));
  pixels = capture (fixture);

  /* The hint, in the middle band only: no axes, no curves. */
  for (int y = 0; y < PLOT_HEIGHT; y++)
    for (int x = 0; x < PLOT_WIDTH; x++)
      {
        guint32 p = pixels[y * PLOT_WIDTH + x];

        if (p >> 24 == 0)
          continue;
        if (ABS (y - PLOT_HEIGHT / 2) < 20)
          text++;
        else
          coloured++;
      }
  g_assert_cmpuint (text, >, 100);
  g_assert_cmpuint (coloured, ==, 0);
}

static void
test_curves (Fixture       *fixture,
             gconstpointer  data)
{
  MsHypsometricPlot *plot = MS_HYPSOMETRIC_PLOT (fixture->plot);
  static const double shares[] = { 0.2, 0.4, 0.7 };
  g_autofree guint32 *pixels = NULL;
  graphene_rect_t area;
  double y_min, y_max;

  /* Series 0 from 2000 to 0 m, series 1 the same 300 m higher: 0 … 2300 m
   * makes an axis of 0 … 2500 m. */
  add_line (fixture, "low", 2000, 0);
  add_line (fixture, "high", 2300, 300);
  g_assert_cmpuint (ms_hypsometric_plot_get_n_curves (plot), ==, 2);
  g_assert_true (ms_hypsometric_plot_get_plot_area (plot, &area, &y_min, &y_max));
  g_assert_cmpfloat (y_min, ==, 0);
  g_assert_cmpfloat (y_max, ==, 2500);
  g_assert_cmpfloat (area.origin.x, >, 0);
  g_assert_cmpfloat (area.origin.y, >=, 0);
  g_assert_cmpfloat (area.origin.x + area.size.width, <, PLOT_WIDTH);
  g_assert_cmpfloat (area.origin.y + area.size.height, <, PLOT_HEIGHT);
  /* Room for the plot beside the margins and the legend. */
  g_assert_cmpfloat (area.size.width, >, PLOT_WIDTH / 3);
  g_assert_cmpfloat (area.size.height, >, PLOT_HEIGHT / 2);

  pixels = capture (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (shares); i++)
    {
      int x = (int) floor (area.origin.x + area.size.width * shares[i]);
      double low = 2000 * (1 - shares[i]), high = low + 300;
      double y_low = area.origin.y + area.size.height * (y_max - low) / (y_max - y_min);
      double y_high = area.origin.y + area.size.height * (y_max - high) / (y_max - y_min);
      int first, last;

      g_test_message ("share %g: low at y %.2f, high at y %.2f (column %d)", shares[i], y_low,
                      y_high, x);
      /* A 2 px line through the point: its colour within a pixel of it, and
       * nowhere else in the column. */
      g_assert_cmpuint (find_in_column (pixels, x, 0, &first, &last), >, 0);
      g_assert_cmpfloat (first, >=, floor (y_low) - 2);
      g_assert_cmpfloat (last, <=, floor (y_low) + 2);
      g_assert_cmpuint (find_in_column (pixels, x, 1, &first, &last), >, 0);
      g_assert_cmpfloat (first, >=, floor (y_high) - 2);
      g_assert_cmpfloat (last, <=, floor (y_high) + 2);
      /* The higher curve draws above the lower one. */
      g_assert_cmpfloat (y_high, <, y_low - 10);
    }

  /* Cleared: no curve left to draw. */
  ms_hypsometric_plot_clear (plot);
  g_assert_cmpuint (ms_hypsometric_plot_get_n_curves (plot), ==, 0);
  g_assert_false (ms_hypsometric_plot_get_plot_area (plot, NULL, NULL, NULL));
  g_clear_pointer (&pixels, g_free);
  pixels = capture (fixture);
  for (int x = 0; x < PLOT_WIDTH; x++)
    {
      int first, last;

      g_assert_cmpuint (find_in_column (pixels, x, 0, &first, &last), ==, 0);
      g_assert_cmpuint (find_in_column (pixels, x, 1, &first, &last), ==, 0);
    }
}

/* Below the plot area (the legend's place), rows holding series @series:
 * how many separate runs of them, and where the first starts. */
static guint
count_runs (const guint32         *pixels,
            const graphene_rect_t *area,
            guint                  series,
            int                   *start)
{
  int below = (int) ceil (area->origin.y + area->size.height) + 4;
  gboolean in_run = FALSE;
  guint runs = 0;

  *start = -1;
  for (int y = below; y < PLOT_HEIGHT; y++)
    {
      gboolean found = FALSE;

      for (int x = 0; x < PLOT_WIDTH && !found; x++)
        found = is_series (pixels[y * PLOT_WIDTH + x], series);
      if (found && !in_run)
        {
          if (runs == 0)
            *start = y;
          runs++;
        }
      in_run = found;
    }
  return runs;
}

static void
test_legend (Fixture       *fixture,
             gconstpointer  data)
{
  MsHypsometricPlot *plot = MS_HYPSOMETRIC_PLOT (fixture->plot);
  g_autofree guint32 *pixels = NULL;
  graphene_rect_t area;
  int previous = -1;

  add_line (fixture, "Seed 1", 900, 100);
  add_line (fixture, "Seed 2", 1200, 50);
  add_line (fixture, "Seed 3", 400, 0);
  g_assert_true (ms_hypsometric_plot_get_plot_area (plot, &area, NULL, NULL));
  pixels = capture (fixture);

  /* One swatch a curve, in the order they came, top down … */
  for (guint i = 0; i < 3; i++)
    {
      int start;

      g_assert_cmpuint (count_runs (pixels, &area, i, &start), ==, 1);
      g_assert_cmpint (start, >, previous);
      previous = start;
    }
  /* … and none for a fourth. */
  {
    int start;

    g_assert_cmpuint (count_runs (pixels, &area, 3, &start), ==, 0);
  }
}

/* WCAG relative luminance of an sRGB colour. */
static double
luminance (double r,
           double g,
           double b)
{
  double c[3] = { r, g, b };

  for (guint i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

static double
contrast (double l1,
          double l2)
{
  return (MAX (l1, l2) + 0.05) / (MIN (l1, l2) + 0.05);
}

static void
test_palette (void)
{
  double dark = luminance (0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0);
  GdkRGBA first, c;
  guint period = 0;

  /* The palette cycles, with at least 8 colours. */
  ms_hypsometric_plot_get_series_colour (0, &first);
  for (guint i = 1; i < 64 && period == 0; i++)
    {
      ms_hypsometric_plot_get_series_colour (i, &c);
      if (gdk_rgba_equal (&c, &first))
        period = i;
    }
  g_assert_cmpuint (period, >=, 8);
  for (guint i = 0; i < period; i++)
    {
      GdkRGBA again;

      ms_hypsometric_plot_get_series_colour (i, &c);
      ms_hypsometric_plot_get_series_colour (i + period, &again);
      g_assert_true (gdk_rgba_equal (&c, &again));
      g_assert_cmpfloat (c.alpha, ==, 1);

      /* Readable on a white and on Adwaita's dark background (3:1, the
       * WCAG figure for graphics). */
      g_assert_cmpfloat (contrast (luminance (c.red, c.green, c.blue), 1.0), >=, 3.0);
      g_assert_cmpfloat (contrast (luminance (c.red, c.green, c.blue), dark), >=, 3.0);

      /* Unlike each other. */
      for (guint j = 0; j < i; j++)
        {
          GdkRGBA d;
          double distance;

          ms_hypsometric_plot_get_series_colour (j, &d);
          distance = fabs (c.red - d.red) + fabs (c.green - d.green) + fabs (c.blue - d.blue);
          g_assert_cmpfloat (distance, >, 0.25);
        }
    }
}

static void
test_size_and_role (void)
{
  GtkWidget *plot = g_object_ref_sink (ms_hypsometric_plot_new ());
  double heights[N_SAMPLES];
  int minimum, natural;

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (plot)), ==,
                   GTK_ACCESSIBLE_ROLE_IMG);

  gtk_widget_measure (plot, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, >=, 320);
  g_assert_cmpint (natural, >=, minimum);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, >=, 200);
  g_assert_cmpint (natural, >=, minimum);

  /* Twenty curves: the legend beside the plot needs more height than that. */
  for (guint i = 0; i < N_SAMPLES; i++)
    heights[i] = 100.0 * (N_SAMPLES - i);
  for (guint i = 0; i < 20; i++)
    ms_hypsometric_plot_add_curve (MS_HYPSOMETRIC_PLOT (plot), "Seed", heights, N_SAMPLES);
  gtk_widget_measure (plot, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, >, 20 * 10);
  g_object_unref (plot);
}

int
main (int argc, char **argv)
{
  /* Labels in C: the tests count pixels, not words, but keep them the same. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (axis_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/hypsometric-plot/axis/%g-%g", axis_cases[i].lo,
                                               axis_cases[i].hi);

      g_test_add_data_func (path, &axis_cases[i], test_axis);
    }
  g_test_add_func ("/hypsometric-plot/palette", test_palette);
  g_test_add_func ("/hypsometric-plot/size-and-role", test_size_and_role);
  g_test_add ("/hypsometric-plot/empty", Fixture, NULL, fixture_set_up, test_empty,
              fixture_tear_down);
  g_test_add ("/hypsometric-plot/curves", Fixture, NULL, fixture_set_up, test_curves,
              fixture_tear_down);
  g_test_add ("/hypsometric-plot/legend", Fixture, NULL, fixture_set_up, test_legend,
              fixture_tear_down);
  return g_test_run ();
}
