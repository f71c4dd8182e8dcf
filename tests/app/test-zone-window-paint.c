/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's paint targets in a real window under Xvfb
 * (app/ms-zone-window.c), driven by real pointer and key events (xdotool,
 * XTEST): paint a rectangle and a brush stroke, undo, redo and save, then
 * check the saved files byte by byte against tiles worked out here from
 * the fitted viewport's screen-to-tile mapping and the brush geometry;
 * fill by rule; spawn set, add and smooth, and a flag cleared.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-test-zone-window.h"
#include "ms-zone-region.h"

/* Distance from (px, py) to the segment a-b, the brush's own geometry
 * worked out again here. */
static double
segment_distance (double px, double py, double ax, double ay, double bx, double by)
{
  double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;

  t = CLAMP (t, 0.0, 1.0);
  return hypot (ax + t * dx - px, ay + t * dy - py);
}

static void
test_paint_undo_redo_save (MsTestPainter *f,
                           gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  g_autofree gboolean *in_rect = g_new0 (gboolean, SIZE * SIZE);
  g_autofree gboolean *in_stroke = g_new0 (gboolean, SIZE * SIZE);
  g_auto(GStrv) history = NULL;
  guint position, n_rect = 0, n_stroke = 0;
  MsTestSpot a, b, s0, s1, s2;
  const guint8 *orig_control;
  gsize orig_len;

  g_assert_true (bpt == 1 || bpt == 2);
  orig_control = g_bytes_get_data (f->original[1], &orig_len);
  g_assert_cmpuint (orig_len, ==, (gsize) SIZE * SIZE * bpt);

  /* A rectangle, dragged from its bottom-right corner to its top-left: both
   * corner tiles are in. */
  ms_test_key ("r");
  g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, "rect");
  a = ms_test_spot (f, 140.5, 95.5);
  b = ms_test_spot (f, 60.5, 40.5);
  ms_test_move_to (f, &a);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  ms_test_move_to (f, &b);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
  for (guint y = MIN (a.ty, b.ty); y <= MAX (a.ty, b.ty); y++)
    for (guint x = MIN (a.tx, b.tx); x <= MAX (a.tx, b.tx); x++)
      {
        in_rect[y * SIZE + x] = TRUE;
        n_rect++;
      }
  g_assert_cmpuint (n_rect, ==, (a.tx - b.tx + 1) * (a.ty - b.ty + 1));

  /* A round brush stroke of 5 tiles along a straight line (so dropped
   * motion events could not bend it): centred on tile centres. */
  ms_test_key ("b");
  g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, "brush");
  ms_zone_window_set_brush_size (f->window, 5);
  s0 = ms_test_spot (f, 300.5, 200.5);
  s1 = ms_test_spot (f, 320.5, 210.5);
  s2 = ms_test_spot (f, 340.5, 220.5);
  g_assert_cmpint ((int) s1.tx * 2, ==, (int) s0.tx + (int) s2.tx);
  g_assert_cmpint ((int) s1.ty * 2, ==, (int) s0.ty + (int) s2.ty);
  ms_test_move_to (f, &s0);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  ms_test_move_to (f, &s1);
  ms_test_move_to (f, &s2);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      if (segment_distance (x + 0.5, y + 0.5, s0.tx + 0.5, s0.ty + 0.5, s2.tx + 0.5, s2.ty + 0.5) <= 2.5)
        {
          in_stroke[y * SIZE + x] = TRUE;
          n_stroke++;
        }
  /* A 5-wide swept disc: at least the line's length times 5. */
  g_assert_cmpuint (n_stroke, >=, 5 * 40);

  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (g_strv_length (history), ==, 2);
  g_assert_cmpuint (position, ==, 2);
  {
    g_autofree char *r = g_strdup_printf ("Rectangle: set AntiPlant (%u tiles)", n_rect);
    g_autofree char *s = g_strdup_printf ("Brush: set AntiPlant (%u tiles)", n_stroke);

    g_assert_cmpstr (history[0], ==, r);
    g_assert_cmpstr (history[1], ==, s);
  }
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• "));

  /* Undo takes the stroke back, redo brings it again. */
  ms_test_key ("ctrl+z");
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      if (in_stroke[y * SIZE + x] && !in_rect[y * SIZE + x])
        g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                          bpt == 2 ? (guint) (orig_control[2 * (y * SIZE + x)] |
                                              orig_control[2 * (y * SIZE + x) + 1] << 8)
                                   : orig_control[y * SIZE + x]);
  ms_test_key ("ctrl+shift+z");
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 2);

  /* Save; the control file is the original with AntiPlant at exactly the
   * tiles worked out above, and no other file changed. */
  ms_test_key ("ctrl+s");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  /* The first save backs the layers up and says where (test_backups). */
  g_assert_true (g_str_has_prefix (ms_zone_window_get_banner (f->window), "Saved. Backed up to "));
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• "));
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autoptr(GBytes) now = ms_test_read_layer (f, i);
      gsize len;
      const guint8 *got = g_bytes_get_data (now, &len);

      if (i != 1)
        {
          g_assert_true (g_bytes_equal (now, f->original[i]));
          continue;
        }
      g_assert_cmpuint (len, ==, orig_len);
      for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
        {
          gboolean painted = in_rect[t] || in_stroke[t];

          /* AntiPlant is bit 0: in the first byte of either form. */
          if (got[t * bpt] != (orig_control[t * bpt] | (painted ? ANTI : 0)))
            g_error ("control tile x %u, y %u: %u, expected %u", (guint) (t % SIZE), (guint) (t / SIZE),
                     got[t * bpt], orig_control[t * bpt] | (painted ? ANTI : 0));
          if (bpt == 2)
            g_assert_cmpuint (got[t * 2 + 1], ==, orig_control[t * 2 + 1]);
        }
    }
}

static void
test_fill_by_rule (MsTestPainter *f,
                   gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  const guint8 *plants = g_bytes_get_data (f->original[2], NULL);
  GtkWidget *dialog;
  guint n = 0, n_inside = 0, box[4];
  g_autofree char *count_text = NULL;
  g_autofree char *inside_text = NULL;
  g_auto(GStrv) history = NULL;
  guint position;

  /* A selection first: a rectangle that clears AntiPlant. */
  ms_test_set_target (f, 1);
  ms_test_drag_rect (f, 100.5, 100.5, 300.5, 250.5, box);

  /* Spawn > 100, counted here over the plants file's bytes. */
  ms_test_set_target (f, 0);
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    if (plants[7 * t + MS_ZONE_PLANT_SPAWN] > 100)
      {
        n++;
        n_inside += ms_test_in_box (box, t % SIZE, t / SIZE);
      }
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, SIZE * SIZE);
  g_assert_cmpuint (n_inside, >, 0);
  g_assert_cmpuint (n_inside, <, n);

  ms_test_key ("g");
  dialog = ms_test_find_rule_dialog (f);
  g_assert_nonnull (dialog);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ms_test_find_named (dialog, "rule-layer")), MS_ZONE_RULE_SPAWN);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ms_test_find_named (dialog, "rule-comparison")), MS_ZONE_CMP_GT);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (ms_test_find_named (dialog, "rule-value")), 100);
  count_text = g_strdup_printf ("%u tiles will change", n);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ms_test_find_named (dialog, "rule-count"))), ==, count_text);
  /* Only inside the selection: the preview follows. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (ms_test_find_named (dialog, "rule-inside")), TRUE);
  inside_text = g_strdup_printf ("%u tiles will change", n_inside);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ms_test_find_named (dialog, "rule-count"))), ==, inside_text);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (ms_test_find_named (dialog, "rule-inside")), FALSE);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (ms_test_find_named (dialog, "rule-count"))), ==, count_text);

  g_signal_emit_by_name (ms_test_find_named (dialog, "rule-apply"), "clicked");
  ms_test_run_for (200);
  g_assert_null (ms_test_find_rule_dialog (f));
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    {
      guint16 c = ms_test_control_at (control, bpt, t);
      gboolean hit = plants[7 * t + MS_ZONE_PLANT_SPAWN] > 100;

      if (ms_test_in_box (box, t % SIZE, t / SIZE))
        c &= (guint16) ~ANTI;
      g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE), ==, hit ? c | ANTI : c);
    }
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 2);
  {
    g_autofree char *name = g_strdup_printf ("Fill by rule: set AntiPlant (%u tiles)", n);

    g_assert_cmpstr (history[1], ==, name);
  }
}

static void
test_spawn_and_clear (MsTestPainter *f,
                      gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  const guint8 *plants = g_bytes_get_data (f->original[2], NULL);
  GtkLabel *chance = GTK_LABEL (ms_test_get_named (GTK_WIDGET (f->window), "spawn-chance"));
  GtkSpinButton *value = GTK_SPIN_BUTTON (ms_test_get_named (GTK_WIDGET (f->window), "spawn-value"));
  guint set_box[4], add_box[4], smooth_box[4], clear_box[4];
  g_autofree char *label = NULL;
  guint n_flags, bit_counts[16] = { 0 }, best = 0, row;
  const MsZoneFlagInfo *flags = ms_zone_control_flags (&n_flags);

  /* Set: the picker shows the per-attempt chance, value / 256. */
  ms_test_set_target (f, ms_test_spawn_row (0));
  gtk_spin_button_set_value (value, 200);
  ms_test_run_for (50);
  label = g_strdup_printf ("%.1f %% chance per attempt", 200 * 100.0 / 256.0);
  g_assert_cmpstr (gtk_label_get_text (chance), ==, label);
  g_assert_cmpstr (gtk_label_get_text (chance), ==, "78.1 % chance per attempt");
  ms_test_drag_rect (f, 20.5, 20.5, 60.5, 50.5, set_box);

  /* Add 100: clamped at 255. */
  ms_test_set_target (f, ms_test_spawn_row (1));
  gtk_spin_button_set_value (value, 100);
  ms_test_run_for (50);
  ms_test_drag_rect (f, 20.5, 80.5, 60.5, 120.5, add_box);

  /* Smooth, far from both. */
  ms_test_set_target (f, ms_test_spawn_row (3));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (value)) && gtk_widget_is_drawable (GTK_WIDGET (value)));
  ms_test_drag_rect (f, 200.5, 300.5, 260.5, 340.5, smooth_box);

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        gsize t = (gsize) y * SIZE + x;
        guint orig = plants[7 * t + MS_ZONE_PLANT_SPAWN], expected = orig;

        if (ms_test_in_box (set_box, x, y))
          expected = 200;
        else if (ms_test_in_box (add_box, x, y))
          expected = MIN (orig + 100, 255);
        else if (ms_test_in_box (smooth_box, x, y))
          {
            guint sum = 0, n = 0;

            /* The mean of the 3x3 neighbourhood in the zone, of the values
             * before the step, rounded half up. */
            for (int dy = -1; dy <= 1; dy++)
              for (int dx = -1; dx <= 1; dx++)
                {
                  int nx = (int) x + dx, ny = (int) y + dy;

                  if (nx < 0 || ny < 0 || nx >= SIZE || ny >= SIZE)
                    continue;
                  sum += plants[7 * ((gsize) ny * SIZE + nx) + MS_ZONE_PLANT_SPAWN];
                  n++;
                }
            expected = (guint) floor ((double) sum / n + 0.5);
          }
        if (ms_zone_get_spawn (zone, x, y) != expected)
          g_error ("spawn at x %u, y %u: %u, expected %u", x, y, ms_zone_get_spawn (zone, x, y), expected);
      }

  /* Clearing: the flag most common in a rectangle across the demo's flag
   * regions, cleared there and nowhere else. */
  clear_box[0] = 0;
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint16 c = ms_test_control_at (control, bpt, (gsize) y * SIZE + x);

        for (guint b = 0; b < 16; b++)
          bit_counts[b] += (c >> b) & 1;
      }
  for (guint b = 1; b < 16; b++)
    if (bit_counts[b] > bit_counts[best])
      best = b;
  g_assert_cmpuint (bit_counts[best], >, 0);
  for (row = 0; row < n_flags && flags[row].bit != (1u << best); row++)
    ;
  g_assert_cmpuint (row, <, n_flags);
  ms_test_set_target (f, 2 * row + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_zone_window_get_view (f->window)), "zone-view.zoom-fit",
                                             NULL));
  ms_test_painter_settle (f->window);
  ms_test_drag_rect (f, 0.5, 0.5, SIZE - 0.5, SIZE - 0.5, clear_box);
  g_assert_cmpuint (clear_box[2] - clear_box[0], ==, SIZE);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint16 c = ms_test_control_at (control, bpt, (gsize) y * SIZE + x);

        g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                          ms_test_in_box (clear_box, x, y) ? (guint16) (c & ~(1u << best)) : c);
      }
}

int
main (int argc, char **argv)
{
  ms_test_painter_start (&argc, &argv);
  ms_test_painter_add ("/zone-window/paint-undo-redo-save", test_paint_undo_redo_save);
  ms_test_painter_add ("/zone-window/fill-by-rule", test_fill_by_rule);
  ms_test_painter_add ("/zone-window/spawn-and-clear", test_spawn_and_clear);
  return ms_test_app_run ();
}
