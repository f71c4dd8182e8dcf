/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsBiomeBars in a real window (Xvfb): hits and pixels at points worked
 * out by hand from each bar's rectangle, the key, and the tooltip under
 * the real pointer.  The rows:
 *
 *   A: 25 % Ocean, 75 % Desert        Ocean over [0, ¼) of the bar, Desert over [¼, 1)
 *   B: 50 % Ocean, 50 % Forest        the edge at ½
 *   C: 10 % each of the three         30 % in all: each a third of the bar
 *   D: nothing                        a frame only; never a hit
 *
 * Snow is a biome no row has: it has no swatch in the key.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-biome-bars.h"
#include "ms-test-display.h"

#define BARS_WIDTH 500
#define TITLE      "biome-bars-test"

enum { OCEAN, FOREST, DESERT, SNOW, N_BIOMES };

static const char *const names[N_BIOMES] = { "Ocean", "Forest", "Desert", "Snow" };
/* Whole bytes, so a pixel can be compared exactly. */
static const guint8 bytes[N_BIOMES][3] = {
  { 0x20, 0x40, 0x80 }, { 0x30, 0x90, 0x30 }, { 0xe0, 0xb0, 0x70 }, { 0xf2, 0xf4, 0xf7 },
};

typedef struct
{
  GtkWidget *window;
  GtkWidget *bars;
  guint32   *pixels;
  int        height;
} Fixture;

static void
add_rows (MsBiomeBars *bars)
{
  static const double a[] = { 25, 0, 75 };
  static const double b[] = { 50, 50 };
  static const double c[] = { 10, 10, 10, 0 };

  ms_biome_bars_add_row (bars, "A", a, G_N_ELEMENTS (a));
  ms_biome_bars_add_row (bars, "B", b, G_N_ELEMENTS (b));
  ms_biome_bars_add_row (bars, "C", c, G_N_ELEMENTS (c));
  ms_biome_bars_add_row (bars, "D", NULL, 0);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  GdkRGBA colours[N_BIOMES];

  for (guint i = 0; i < N_BIOMES; i++)
    colours[i] = (GdkRGBA) { bytes[i][0] / 255.f, bytes[i][1] / 255.f, bytes[i][2] / 255.f, 1.f };

  fixture->bars = ms_biome_bars_new ();
  ms_biome_bars_set_biomes (MS_BIOME_BARS (fixture->bars), N_BIOMES, names, colours);
  add_rows (MS_BIOME_BARS (fixture->bars));
  gtk_widget_set_size_request (fixture->bars, BARS_WIDTH, -1);
  gtk_widget_set_halign (fixture->bars, GTK_ALIGN_START);
  gtk_widget_set_valign (fixture->bars, GTK_ALIGN_START);

  fixture->window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (fixture->window), TITLE);
  gtk_window_set_decorated (GTK_WINDOW (fixture->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 600, 300);
  gtk_window_set_child (GTK_WINDOW (fixture->window), fixture->bars);
  gtk_window_present (GTK_WINDOW (fixture->window));
  ms_test_iterate_until (ms_test_widget_mapped, fixture->bars, "the bars to show");
  ms_test_run_for (150);
  g_assert_cmpint (gtk_widget_get_width (fixture->bars), ==, BARS_WIDTH);
  fixture->height = gtk_widget_get_height (fixture->bars);
  fixture->pixels = ms_test_capture (fixture->bars, BARS_WIDTH, fixture->height);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_free (fixture->pixels);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
}

static guint32
pixel (Fixture *fixture,
       double   x,
       double   y)
{
  g_assert_cmpfloat (x, >=, 0);
  g_assert_cmpfloat (x, <, BARS_WIDTH);
  g_assert_cmpfloat (y, >=, 0);
  g_assert_cmpfloat (y, <, fixture->height);
  return fixture->pixels[(int) floor (y) * BARS_WIDTH + (int) floor (x)];
}

static gboolean
is_biome (guint32 p,
          guint   biome)
{
  return p >> 24 == 0xff && ABS ((int) ((p >> 16) & 0xff) - bytes[biome][0]) <= 1 &&
         ABS ((int) ((p >> 8) & 0xff) - bytes[biome][1]) <= 1 &&
         ABS ((int) (p & 0xff) - bytes[biome][2]) <= 1;
}

typedef struct
{
  guint  row;
  double along;   /* share of the bar's width from its left end */
  guint  biome;
} HitCase;

static const HitCase hits[] = {
  { 0, 0.10, OCEAN }, { 0, 0.20, OCEAN }, { 0, 0.30, DESERT }, { 0, 0.50, DESERT },
  { 0, 0.99, DESERT },
  { 1, 0.01, OCEAN }, { 1, 0.45, OCEAN }, { 1, 0.55, FOREST }, { 1, 0.95, FOREST },
  { 2, 0.05, OCEAN }, { 2, 0.30, OCEAN }, { 2, 0.37, FOREST }, { 2, 0.63, FOREST },
  { 2, 0.70, DESERT }, { 2, 0.97, DESERT },
};

static void
test_hit (Fixture       *fixture,
          gconstpointer  data)
{
  MsBiomeBars *bars = MS_BIOME_BARS (fixture->bars);
  graphene_rect_t area[4];
  guint row, biome;

  g_assert_cmpuint (ms_biome_bars_get_n_rows (bars), ==, 4);
  for (guint r = 0; r < 4; r++)
    {
      g_assert_true (ms_biome_bars_get_bar_area (bars, r, &area[r]));
      g_assert_cmpfloat (area[r].origin.x + area[r].size.width, <=, BARS_WIDTH);
      g_assert_cmpfloat (area[r].size.width, >, BARS_WIDTH / 2);
      g_assert_cmpfloat (area[r].size.height, >, 4);
    }
  g_assert_false (ms_biome_bars_get_bar_area (bars, 4, &area[0]));
  /* One under the other, aligned, the label on their left. */
  for (guint r = 1; r < 4; r++)
    {
      g_assert_cmpfloat (area[r].origin.x, ==, area[0].origin.x);
      g_assert_cmpfloat (area[r].size.width, ==, area[0].size.width);
      g_assert_cmpfloat (area[r].origin.y, >=, area[r - 1].origin.y + area[r - 1].size.height);
    }
  g_assert_cmpfloat (area[0].origin.x, >, 8);

  for (guint i = 0; i < G_N_ELEMENTS (hits); i++)
    {
      const HitCase *h = &hits[i];
      double x = area[h->row].origin.x + h->along * area[h->row].size.width;
      double y = area[h->row].origin.y + area[h->row].size.height / 2;

      g_test_message ("row %u at %g of the bar: (%.1f, %.1f)", h->row, h->along, x, y);
      row = biome = G_MAXUINT;
      g_assert_true (ms_biome_bars_hit (bars, x, y, &row, &biome));
      g_assert_cmpuint (row, ==, h->row);
      g_assert_cmpuint (biome, ==, h->biome);
      /* Drawn in that biome's colour, to the top and bottom rows of the bar. */
      g_assert_true (is_biome (pixel (fixture, x, y), h->biome));
      g_assert_true (is_biome (pixel (fixture, x, area[h->row].origin.y), h->biome));
      g_assert_true (is_biome (pixel (fixture, x,
                                      area[h->row].origin.y + area[h->row].size.height - 1),
                               h->biome));
    }

  /* Off the segments: the labels, between bars, past either end, row D. */
  g_assert_false (ms_biome_bars_hit (bars, 4, area[0].origin.y + 5, &row, &biome));
  g_assert_false (ms_biome_bars_hit (bars, area[0].origin.x - 1, area[0].origin.y + 5, NULL, NULL));
  g_assert_false (ms_biome_bars_hit (bars, area[0].origin.x + area[0].size.width + 0.5,
                                     area[0].origin.y + 5, NULL, NULL));
  g_assert_false (ms_biome_bars_hit (bars, area[0].origin.x + 10,
                                     (area[0].origin.y + area[0].size.height +
                                      area[1].origin.y) / 2,
                                     NULL, NULL));
  g_assert_false (ms_biome_bars_hit (bars, area[0].origin.x + 10, area[0].origin.y - 1,
                                     NULL, NULL));
  for (double along = 0.05; along < 1; along += 0.1)
    g_assert_false (ms_biome_bars_hit (bars, area[3].origin.x + along * area[3].size.width,
                                       area[3].origin.y + area[3].size.height / 2, NULL, NULL));
  /* Row D's bar is empty: no biome's colour in it. */
  for (guint b = 0; b < N_BIOMES; b++)
    g_assert_false (is_biome (pixel (fixture, area[3].origin.x + area[3].size.width / 2,
                                     area[3].origin.y + area[3].size.height / 2), b));
}

/* Below the last bar: how many rows hold biome @biome's colour. */
static guint
key_rows (Fixture *fixture,
          guint    biome)
{
  graphene_rect_t last;
  guint n = 0;

  g_assert_true (ms_biome_bars_get_bar_area (MS_BIOME_BARS (fixture->bars), 3, &last));
  for (int y = (int) (last.origin.y + last.size.height) + 2; y < fixture->height; y++)
    for (int x = 0; x < BARS_WIDTH; x++)
      if (is_biome (fixture->pixels[y * BARS_WIDTH + x], biome))
        {
          n++;
          break;
        }
  return n;
}

static void
test_key (Fixture       *fixture,
          gconstpointer  data)
{
  /* A swatch for each biome some row has, none for Snow. */
  g_assert_cmpuint (key_rows (fixture, OCEAN), >=, 8);
  g_assert_cmpuint (key_rows (fixture, FOREST), >=, 8);
  g_assert_cmpuint (key_rows (fixture, DESERT), >=, 8);
  g_assert_cmpuint (key_rows (fixture, SNOW), ==, 0);
}

static void
test_clear (Fixture       *fixture,
            gconstpointer  data)
{
  MsBiomeBars *bars = MS_BIOME_BARS (fixture->bars);
  graphene_rect_t area;
  int minimum, natural;

  g_assert_true (ms_biome_bars_get_bar_area (bars, 0, &area));
  ms_biome_bars_clear (bars);
  g_assert_cmpuint (ms_biome_bars_get_n_rows (bars), ==, 0);
  g_assert_false (ms_biome_bars_get_bar_area (bars, 0, &area));
  g_assert_false (ms_biome_bars_hit (bars, area.origin.x + 10, area.origin.y + 5, NULL, NULL));
  /* Shorter with only its hint to show. */
  gtk_widget_measure (fixture->bars, GTK_ORIENTATION_VERTICAL, BARS_WIDTH, &minimum, &natural,
                      NULL, NULL);
  g_assert_cmpint (minimum, <, fixture->height);
  g_assert_cmpint (minimum, >, 0);

  /* The rows come back the same. */
  add_rows (bars);
  g_assert_true (ms_biome_bars_hit (bars, area.origin.x + 0.5 * area.size.width,
                                    area.origin.y + 5, NULL, NULL));
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (fixture->bars)), ==,
                   GTK_ACCESSIBLE_ROLE_IMG);
}

/* A mapped GtkLabel under @root showing @text: the tooltip's, which GTK
 * parents to the window. */
static gboolean
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_label (child, text))
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWidget  *window;
  const char *text;
} TooltipWait;

static gboolean
tooltip_shows (gpointer data)
{
  TooltipWait *wait = data;

  return find_label (wait->window, wait->text);
}

static void
test_tooltip (Fixture       *fixture,
              gconstpointer  data)
{
  static const struct { guint row; double along; const char *text; } points[] = {
    { 0, 0.5, "Desert: 75.0 %" },
    { 0, 0.1, "Ocean: 25.0 %" },
    { 2, 0.5, "Forest: 10.0 %" },
  };
  MsTestInputCount count = { 0, .x = -1, .y = -1 };
  g_autofree char *window_id = ms_test_x_window_id (TITLE);

  ms_test_input_count_attach (fixture->window, &count);
  ms_test_park_pointer (&count, window_id);
  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      TooltipWait wait = { fixture->window, points[i].text };
      graphene_rect_t area;

      int x, y;

      g_assert_true (ms_biome_bars_get_bar_area (MS_BIOME_BARS (fixture->bars), points[i].row,
                                                 &area));
      x = (int) round (area.origin.x + points[i].along * area.size.width);
      y = (int) round (area.origin.y + area.size.height / 2);
      /* Leaving a segment hides its tooltip (GTK's tip area); a hand moves
       * on within the next one, and the next motion asks again. */
      ms_test_move_pointer (&count, window_id, fixture->bars, x, y);
      ms_test_move_pointer (&count, window_id, fixture->bars, x + 1, y);
      ms_test_iterate_until_within (10, tooltip_shows, &wait, points[i].text);
    }
}

int
main (int argc, char **argv)
{
  /* The tooltips are checked in English, with a full stop. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/biome-bars/hit", Fixture, NULL, fixture_set_up, test_hit, fixture_tear_down);
  g_test_add ("/biome-bars/key", Fixture, NULL, fixture_set_up, test_key, fixture_tear_down);
  g_test_add ("/biome-bars/clear", Fixture, NULL, fixture_set_up, test_clear, fixture_tear_down);
  g_test_add ("/biome-bars/tooltip", Fixture, NULL, fixture_set_up, test_tooltip,
              fixture_tear_down);
  return g_test_run ();
}
