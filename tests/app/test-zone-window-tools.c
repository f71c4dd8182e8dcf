/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's tools in a real window under Xvfb, driven by real
 * pointer and key events (xdotool, XTEST), as app/ms-zone-window-actions.c
 * binds them: keys switch tools and size the brush (Ctrl+scroll too), a
 * polygon by clicks and as a lasso, and a flood fill; each checked tile by
 * tile against regions worked out here.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-test-zone-window.h"

static void
test_keys_switch_tools (MsTestPainter *f,
                        gconstpointer  data)
{
  static const struct { const char *key; const char *tool; } cases[] = {
    { "r", "rect" }, { "p", "polygon" }, { "f", "flood" }, { "b", "brush" },
  };
  guint size;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ms_test_key (cases[i].key);
      g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, cases[i].tool);
    }

  ms_zone_window_set_brush_size (f->window, 10);
  ms_test_key ("bracketright");
  size = ms_zone_window_get_brush_size (f->window);
  g_assert_cmpuint (size, ==, 12);     /* ceil (10 * 1.2) */
  ms_test_key ("bracketleft");
  g_assert_cmpuint (ms_zone_window_get_brush_size (f->window), ==, 10);   /* floor (12 / 1.2) */
  ms_zone_window_set_brush_size (f->window, 1);
  ms_test_key ("bracketleft");
  g_assert_cmpuint (ms_zone_window_get_brush_size (f->window), ==, 1);

  /* A polygon by clicks, closed with Enter: one step. */
  {
    g_auto(GStrv) history = NULL;
    MsTestSpot p[3] = { ms_test_spot (f, 200.5, 300.5), ms_test_spot (f, 260.5, 300.5),
                        ms_test_spot (f, 230.5, 350.5) };
    guint position;

    ms_test_key ("p");
    for (guint i = 0; i < 3; i++)
      {
        ms_test_move_to (f, &p[i]);
        ms_test_xdotool ("click", "1", NULL);
        ms_test_run_for (400);   /* past the double-click time */
      }
    ms_test_key ("Return");
    history = ms_zone_window_dup_history (f->window, &position);
    g_assert_cmpuint (position, ==, 1);
    g_assert_true (g_str_has_prefix (history[0], "Polygon: set AntiPlant ("));
    /* The triangle's centroid is inside. */
    g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 230, 316) & ANTI, !=, 0);
  }

  /* Closed with a double click on the last corner, which follows the
   * click on the one before at once (one xdotool run): GTK 4.8's gesture
   * alone would count that double click as two single presses. */
  {
    g_auto(GStrv) history = NULL;
    MsTestSpot p[3] = { ms_test_spot (f, 300.5, 300.5), ms_test_spot (f, 360.5, 300.5),
                        ms_test_spot (f, 330.5, 350.5) };
    guint position;

    g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 330, 316) & ANTI, ==, 0);
    ms_test_move_to (f, &p[0]);
    ms_test_xdotool ("click", "1", NULL);
    ms_test_run_for (400);
    ms_test_xdotool ("mousemove", "--window", f->window_id, p[1].sx, p[1].sy, "click", "1",
                     "mousemove", "--window", f->window_id, p[2].sx, p[2].sy,
                     "click", "--repeat", "2", "--delay", "80", "1", NULL);
    ms_test_run_for (500);
    history = ms_zone_window_dup_history (f->window, &position);
    g_assert_cmpuint (position, ==, 2);
    g_assert_true (g_str_has_prefix (history[1], "Polygon: set AntiPlant ("));
    g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 330, 316) & ANTI, !=, 0);
  }
}

static void
test_flood_fill (MsTestPainter *f,
                 gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  g_autofree gboolean *in = g_new0 (gboolean, SIZE * SIZE);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) history = NULL;
  MsTestSpot s = ms_test_spot (f, 150.5, 150.5);
  guint seed = s.ty * SIZE + s.tx, n = 0, position;
  guint16 value = ms_test_control_at (control, bpt, seed);

  /* The 4-connected tiles of the seed's control value, by a BFS over the
   * file's bytes. */
  in[seed] = TRUE;
  g_array_append_val (queue, seed);
  for (guint head = 0; head < queue->len; head++)
    {
      guint t = g_array_index (queue, guint, head), x = t % SIZE, y = t / SIZE;
      guint next[4];
      guint k = 0;

      n++;
      if (x > 0) next[k++] = t - 1;
      if (x + 1 < SIZE) next[k++] = t + 1;
      if (y > 0) next[k++] = t - SIZE;
      if (y + 1 < SIZE) next[k++] = t + SIZE;
      for (guint j = 0; j < k; j++)
        if (!in[next[j]] && ms_test_control_at (control, bpt, next[j]) == value)
          {
            in[next[j]] = TRUE;
            g_array_append_val (queue, next[j]);
          }
    }
  /* Not the whole zone: the demo's flags fence it. */
  g_assert_cmpuint (n, <, SIZE * SIZE);
  g_assert_cmpuint (n, >, 1);

  ms_test_key ("f");
  g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, "flood");
  ms_test_move_to (f, &s);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (300);

  /* Issue #36: shown with its count, written only on Enter; Esc drops it. */
  {
    g_autofree char *count = g_strdup_printf ("Flood fill: %u tiles, tinted.", n);

    g_assert_false (ms_zone_is_dirty (zone));
    g_assert_nonnull (ms_zone_window_get_banner (f->window));
    g_assert_true (g_str_has_prefix (ms_zone_window_get_banner (f->window), count));
    ms_test_key ("Escape");
    g_assert_null (ms_zone_window_get_banner (f->window));
    g_assert_false (ms_zone_is_dirty (zone));
    g_strfreev (ms_zone_window_dup_history (f->window, &position));
    g_assert_cmpuint (position, ==, 0);
    ms_test_xdotool ("click", "1", NULL);
    ms_test_run_for (300);
    g_assert_true (g_str_has_prefix (ms_zone_window_get_banner (f->window), count));
    g_assert_false (ms_zone_is_dirty (zone));
    ms_test_key ("Return");
    g_assert_null (ms_zone_window_get_banner (f->window));
  }
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    {
      guint16 c = ms_test_control_at (control, bpt, t);

      g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE), ==, in[t] ? c | ANTI : c);
    }
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  {
    g_autofree char *name = g_strdup_printf ("Flood fill: set AntiPlant (%u tiles)", n);

    g_assert_cmpstr (history[0], ==, name);
  }
}

static void
test_ctrl_scroll_brush_size (MsTestPainter *f,
                             gconstpointer  data)
{
  MsTestSpot s = ms_test_spot (f, 200.5, 200.5);
  double zoom = ms_viewport_get_zoom (ms_zone_view_get_viewport (ms_zone_window_get_view (f->window)));

  ms_test_key ("b");
  ms_zone_window_set_brush_size (f->window, 10);
  ms_test_move_to (f, &s);
  ms_test_xdotool ("keydown", "ctrl", NULL);
  ms_test_xdotool ("click", "4", NULL);
  ms_test_xdotool ("keyup", "ctrl", NULL);
  ms_test_run_for (200);
  g_assert_cmpuint (ms_zone_window_get_brush_size (f->window), ==, 12);   /* ceil (10 * 1.2) */
  ms_test_xdotool ("keydown", "ctrl", NULL);
  ms_test_xdotool ("click", "5", NULL);
  ms_test_xdotool ("keyup", "ctrl", NULL);
  ms_test_run_for (200);
  g_assert_cmpuint (ms_zone_window_get_brush_size (f->window), ==, 10);   /* floor (12 / 1.2) */
  /* The wheel with Ctrl sized the brush and did not zoom. */
  g_assert_cmpfloat (ms_viewport_get_zoom (ms_zone_view_get_viewport (ms_zone_window_get_view (f->window))), ==,
                     zoom);
}

/* Even-odd, at the tile's centre: the rule of ms_zone_region_new_polygon,
 * written again here. */
static gboolean
centre_in_polygon (const MsTestSpot *v, guint n, guint x, guint y)
{
  double px = x + 0.5, py = y + 0.5;
  gboolean inside = FALSE;

  for (guint i = 0, j = n - 1; i < n; j = i++)
    if ((v[i].my > py) != (v[j].my > py) &&
        px < (v[j].mx - v[i].mx) * (py - v[i].my) / (v[j].my - v[i].my) + v[i].mx)
      inside = !inside;
  return inside;
}

/* The polygon tool dragged: a freehand lasso, a corner wherever the pointer
 * went, closed when the button comes up. */
static void
test_lasso (MsTestPainter *f,
            gconstpointer  data)
{
  MsTestSpot v[5] = { ms_test_spot (f, 100.5, 100.5), ms_test_spot (f, 160.5, 104.5),
                      ms_test_spot (f, 170.5, 150.5), ms_test_spot (f, 130.5, 170.5),
                      ms_test_spot (f, 96.5, 140.5) };
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  g_auto(GStrv) history = NULL;
  g_autofree char *count = NULL;
  guint position, n_inside = 0;

  ms_test_key ("p");
  ms_test_move_to (f, &v[0]);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  for (guint i = 1; i < G_N_ELEMENTS (v); i++)
    ms_test_move_to (f, &v[i]);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);

  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint16 was = ms_test_control_at (control, bpt, (gsize) y * SIZE + x);
        gboolean inside = centre_in_polygon (v, G_N_ELEMENTS (v), x, y);

        n_inside += inside;
        g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==, inside ? was | ANTI : was);
      }
  g_assert_cmpuint (n_inside, >, 2000);
  count = g_strdup_printf ("Polygon: set AntiPlant (%u tiles)", n_inside);
  g_assert_cmpstr (history[0], ==, count);
}

int
main (int argc, char **argv)
{
  ms_test_painter_start (&argc, &argv);
  ms_test_painter_add ("/zone-window/keys-switch-tools", test_keys_switch_tools);
  ms_test_painter_add ("/zone-window/flood-fill", test_flood_fill);
  ms_test_painter_add ("/zone-window/ctrl-scroll-brush-size", test_ctrl_scroll_brush_size);
  ms_test_painter_add ("/zone-window/lasso", test_lasso);
  return ms_test_app_run ();
}
