/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsZoneToolController on a zone view in a real window under Xvfb, driven
 * by real presses, drags and clicks (xdotool, XTEST), and through its API
 * where that is its contract (Enter and Esc are the window's keys for
 * close_polygon () and cancel ()).  The tiles each tool must touch are
 * worked out here by hand.
 *
 * The zone is 40 × 30 tiles, all control 0 but a block x 5..14, y 5..9 of
 * SyndicateArea (a flood stops at its edge).  Shown fitted in a 500 × 300
 * view, a tile is 10 × 10 pixels and the zone starts 50 pixels in:
 *
 *   pixel (px, py) is tile point ((px − 50) / 10, py / 10)
 *
 * The owner's "apply" here sets AntiPlant, so a tile was touched when its
 * control reads AntiPlant.  Tiles are ROW-MAJOR (index = y * width + x).
 * Fill by rule, the ruler and the brush-size keys are the zone window's,
 * not this controller's (tests/app/test-zone-window.c).
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-test-display.h"
#include "ms-zone-edit.h"
#include "ms-zone-tool-controller.h"

#define ZONE_ID   9
#define W         40
#define H         30
#define VIEW_W    500
#define VIEW_H    300
#define ANTI      MS_ZONE_CONTROL_ANTI_PLANT
#define BLOCK     MS_ZONE_CONTROL_SYNDICATE_AREA
#define TITLE     "zone-tool-controller-test"

typedef struct
{
  char                 *dir;
  guint16               control[W * H];   /* as written */
  MsZone               *zone;
  GtkWidget            *window;
  MsZoneView           *view;
  MsZoneToolController *tools;
  char                 *window_id;

  guint                 applies;
  guint                 steps;
  char                 *step_name;
  guint64               step_tiles;
  guint                 failures;
  MsTestInputCount      input;
} Fixture;

static gboolean
in_block (guint x,
          guint y)
{
  return x >= 5 && x <= 14 && y >= 5 && y <= 9;
}

static gboolean
on_apply (MsZoneToolController *tools,
          MsZoneRegion         *region,
          Fixture              *f)
{
  MsZoneOp op = { .kind = MS_ZONE_OP_SET_FLAG, .mask = ANTI };
  g_autoptr(GError) error = NULL;

  f->applies++;
  g_assert_true (ms_zone_apply (f->zone, &op, region, &error));
  g_assert_no_error (error);
  return TRUE;
}

static void
on_step_done (MsZoneToolController *tools,
              const char           *name,
              guint64               n_tiles,
              Fixture              *f)
{
  f->steps++;
  g_free (f->step_name);
  f->step_name = g_strdup (name);
  f->step_tiles = n_tiles;
}

/* No shape here is one that cannot be made. */
static void
on_failed (MsZoneToolController *tools,
           const char           *message,
           Fixture              *f)
{
  g_test_message ("failed: %s", message);
  f->failures++;
}

static gboolean
drawn (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->view)) &&
         ms_tile_view_get_n_pending (MS_TILE_VIEW (f->view)) == 0 &&
         gtk_widget_get_width (GTK_WIDGET (f->view)) == VIEW_W;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  guint8 bytes[W * H * 2];
  g_autofree guint8 *plants = g_malloc0 (W * H * 7);
  g_autoptr(GError) error = NULL;
  MsViewport *vp;
  double cx, cy;

  f->dir = ms_test_make_tmpdir ();
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        guint i = y * W + x;

        f->control[i] = in_block (x, y) ? BLOCK : 0;
        bytes[2 * i] = f->control[i] & 0xff;          /* little-endian */
        bytes[2 * i + 1] = f->control[i] >> 8;
      }
  ms_test_put_file (f->dir, "control.0009.bin", bytes, sizeof bytes);
  ms_test_put_file (f->dir, "plants.0009.bin", plants, W * H * 7);
  f->zone = ms_zone_new_for_dir (f->dir, ZONE_ID, W, H, NULL, &error);
  g_assert_no_error (error);

  f->window = gtk_window_new ();
  f->view = MS_ZONE_VIEW (ms_zone_view_new ());
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), VIEW_W, VIEW_H);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  gtk_window_set_title (GTK_WINDOW (f->window), TITLE);
  ms_zone_view_set_zone (f->view, f->zone);
  f->tools = ms_zone_tool_controller_new (f->view);
  ms_zone_tool_controller_set_zone (f->tools, f->zone);
  g_signal_connect (f->tools, "apply", G_CALLBACK (on_apply), f);
  g_signal_connect (f->tools, "step-done", G_CALLBACK (on_step_done), f);
  g_signal_connect (f->tools, "failed", G_CALLBACK (on_failed), f);
  ms_test_input_count_attach (f->window, &f->input);
  gtk_window_present (GTK_WINDOW (f->window));
  ms_test_settle (drawn, f, 200, "the zone view to draw");
  f->window_id = ms_test_x_window_id (TITLE);
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  ms_test_park_pointer (&f->input, f->window_id);

  /* The mapping the expectations assume: fitted, min (500 / 40, 300 / 30)
   * = 10 pixels a tile, the zone's middle (20, 15) in the view's. */
  vp = ms_zone_view_get_viewport (f->view);
  ms_viewport_get_centre (vp, &cx, &cy);
  g_assert_cmpfloat (ms_viewport_get_zoom (vp), ==, 10.0);
  g_assert_cmpfloat (cx, ==, 20.0);
  g_assert_cmpfloat (cy, ==, 15.0);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->view)), ==, VIEW_H);
  g_assert_false (ms_zone_can_undo (f->zone));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_cmpuint (f->failures, ==, 0);
  g_clear_object (&f->tools);
  gtk_window_destroy (GTK_WINDOW (f->window));
  ms_test_run_for (50);
  g_clear_object (&f->zone);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->window_id);
  g_free (f->step_name);
}

/* -------------------------------------------------------------- input --- */

static void
move_to (Fixture *f,
         int      px,
         int      py)
{
  ms_test_move_pointer (&f->input, f->window_id, GTK_WIDGET (f->view), px, py);
}

static void
press (Fixture    *f,
       const char *button)
{
  ms_test_press_button (&f->input, button);
}

static void
release (Fixture    *f,
         const char *button)
{
  ms_test_release_button (&f->input, button);
}

/* A click at pixel (px, py), then past the double-click time. */
static void
click_at (Fixture *f,
          int      px,
          int      py)
{
  move_to (f, px, py);
  press (f, "1");
  release (f, "1");
  ms_test_run_for (400);
}

/* -------------------------------------------------------------- checks --- */

/* Every tile: AntiPlant where @touched says, its control as written
 * otherwise. */
static void
assert_touched (Fixture        *f,
                const gboolean *touched)
{
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        guint i = y * W + x;
        guint16 want = touched[i] ? f->control[i] | ANTI : f->control[i];

        if (ms_zone_get_control (f->zone, x, y) != want)
          g_error ("tile (%u, %u) reads 0x%x, not 0x%x", x, y, ms_zone_get_control (f->zone, x, y), want);
      }
}

static guint
count (const gboolean *touched)
{
  guint n = 0;

  for (guint i = 0; i < W * H; i++)
    n += touched[i] != 0;
  return n;
}

/* @n_steps undo steps, and the zone as written after them. */
static void
assert_undo_steps (Fixture *f,
                   guint    n_steps)
{
  gboolean none[W * H] = { 0 };
  guint n = 0;

  while (ms_zone_undo (f->zone))
    n++;
  g_assert_cmpuint (n, ==, n_steps);
  assert_touched (f, none);
}

/* The selection is exactly the tiles of @touched, as sorted row spans. */
static void
assert_selection (Fixture        *f,
                  const gboolean *touched)
{
  gboolean seen[W * H] = { 0 };
  guint n;
  const MsZoneSpan *spans = ms_zone_tool_controller_get_selection (f->tools, &n);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (spans[i].x0, <, spans[i].x1);
      g_assert_cmpuint (spans[i].x1, <=, W);
      g_assert_cmpuint (spans[i].y, <, H);
      if (i > 0)
        g_assert_cmpuint (spans[i].y, >, spans[i - 1].y);
      for (guint x = spans[i].x0; x < spans[i].x1; x++)
        seen[spans[i].y * W + x] = TRUE;
    }
  for (guint i = 0; i < W * H; i++)
    g_assert_cmpint (seen[i], ==, touched[i]);
}

/* -------------------------------------------------------------- tests --- */

/* Each tool shows where it acts: the brush its footprint, the others the
 * tile under the pointer.  Unknown names and the current tool change
 * nothing. */
static void
test_tools (Fixture       *f,
            gconstpointer  data)
{
  static const struct { const char *tool; MsZoneViewOutline outline; } cases[] = {
    { "rect", MS_ZONE_VIEW_OUTLINE_TILE }, { "polygon", MS_ZONE_VIEW_OUTLINE_TILE },
    { "flood", MS_ZONE_VIEW_OUTLINE_TILE }, { "brush", MS_ZONE_VIEW_OUTLINE_BRUSH },
  };

  g_assert_cmpstr (ms_zone_tool_controller_get_tool (f->tools), ==, "brush");
  g_assert_false (ms_zone_tool_controller_set_tool (f->tools, "brush"));
  g_assert_false (ms_zone_tool_controller_set_tool (f->tools, "lasso"));
  g_assert_false (ms_zone_tool_controller_set_tool (f->tools, NULL));
  g_assert_cmpstr (ms_zone_tool_controller_get_tool (f->tools), ==, "brush");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ms_zone_view_set_outline (f->view, MS_ZONE_VIEW_OUTLINE_NONE, NULL, 0);
      g_assert_true (ms_zone_tool_controller_set_tool (f->tools, cases[i].tool));
      g_assert_cmpstr (ms_zone_tool_controller_get_tool (f->tools), ==, cases[i].tool);
      g_assert_cmpint (ms_zone_view_get_outline (f->view), ==, cases[i].outline);
    }
}

/* A round brush 1 tile across, pressed at (5.3, 5.6), dragged to
 * (12.7, 5.4): stamps centred on tile centres (5.5, 5.5) and (12.5, 5.5),
 * radius 0.5, joined: row 5 from x 5 to 12, the rows beside it a whole
 * tile off.  Painted while the button is down; one undo step. */
static void
test_brush_stroke (Fixture       *f,
                   gconstpointer  data)
{
  gboolean touched[W * H] = { 0 };

  for (guint x = 5; x <= 12; x++)
    touched[5 * W + x] = TRUE;
  ms_zone_tool_controller_set_brush (f->tools, MS_ZONE_BRUSH_ROUND, 1);
  move_to (f, 103, 56);
  press (f, "1");
  g_assert_true (ms_zone_tool_controller_is_painting (f->tools));
  g_assert_cmpuint (ms_zone_get_control (f->zone, 5, 5) & ANTI, ==, ANTI);
  g_assert_cmpuint (ms_zone_get_control (f->zone, 12, 5) & ANTI, ==, 0);
  move_to (f, 177, 54);
  /* Painted already, before the release. */
  assert_touched (f, touched);
  g_assert_cmpuint (f->steps, ==, 0);
  release (f, "1");
  g_assert_false (ms_zone_tool_controller_is_painting (f->tools));
  assert_touched (f, touched);
  g_assert_cmpuint (f->steps, ==, 1);
  g_assert_cmpstr (f->step_name, ==, "Brush");
  g_assert_cmpuint (f->step_tiles, ==, 8);
  assert_undo_steps (f, 1);
}

/* Clicks (no drag) with brushes of other shapes and sizes, each a step:
 * odd sizes centre on the tile, even ones on its nearest corner. */
static void
test_brush_shapes (Fixture       *f,
                   gconstpointer  data)
{
  gboolean touched[W * H] = { 0 };

  /* Square 3 at (20.2, 10.7): tile centre (20.5, 10.5) ± 1.5 per axis,
   * x 19..21, y 9..11. */
  ms_zone_tool_controller_set_brush (f->tools, MS_ZONE_BRUSH_SQUARE, 3);
  click_at (f, 252, 107);
  for (guint y = 9; y <= 11; y++)
    for (guint x = 19; x <= 21; x++)
      touched[y * W + x] = TRUE;
  assert_touched (f, touched);
  g_assert_cmpuint (f->step_tiles, ==, 9);

  /* Round 5 at (30.5, 20.5): tiles whose centre is within 2.5, that is
   * dx² + dy² ≤ 6.25: the 5 × 5 square but its four corners (8 > 6.25). */
  ms_zone_tool_controller_set_brush (f->tools, MS_ZONE_BRUSH_ROUND, 5);
  click_at (f, 355, 205);
  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      if (abs (dx) + abs (dy) < 4)
        touched[(20 + dy) * W + 30 + dx] = TRUE;
  assert_touched (f, touched);
  g_assert_cmpuint (f->step_tiles, ==, 21);

  /* Square 2 at (10.2, 20.3): its nearest corner (10, 20) ± 1, x 9..10,
   * y 19..20. */
  ms_zone_tool_controller_set_brush (f->tools, MS_ZONE_BRUSH_SQUARE, 2);
  click_at (f, 152, 203);
  for (guint y = 19; y <= 20; y++)
    for (guint x = 9; x <= 10; x++)
      touched[y * W + x] = TRUE;
  assert_touched (f, touched);
  g_assert_cmpuint (f->step_tiles, ==, 4);
  g_assert_cmpuint (f->steps, ==, 3);
  assert_undo_steps (f, 3);
}

/* A rectangle dragged from (7.5, 2.5) up-left to (3.2, 4.8): both corner
 * tiles and all between, x 3..7, y 2..4, applied on the release as one
 * step, and left as the selection. */
static void
test_rect (Fixture       *f,
           gconstpointer  data)
{
  gboolean touched[W * H] = { 0 };
  guint n_spans;

  for (guint y = 2; y <= 4; y++)
    for (guint x = 3; x <= 7; x++)
      touched[y * W + x] = TRUE;
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "rect"));
  move_to (f, 125, 25);
  press (f, "1");
  move_to (f, 82, 48);
  g_assert_true (ms_zone_tool_controller_has_shape (f->tools));
  g_assert_cmpint (ms_zone_view_get_outline (f->view), ==, MS_ZONE_VIEW_OUTLINE_RECT);
  g_assert_cmpuint (f->applies, ==, 0);
  release (f, "1");

  assert_touched (f, touched);
  g_assert_cmpuint (f->applies, ==, 1);
  g_assert_cmpuint (f->steps, ==, 1);
  g_assert_cmpstr (f->step_name, ==, "Rectangle");
  g_assert_cmpuint (f->step_tiles, ==, 15);
  g_assert_false (ms_zone_tool_controller_has_shape (f->tools));
  g_assert_cmpint (ms_zone_view_get_outline (f->view), ==, MS_ZONE_VIEW_OUTLINE_TILE);
  assert_selection (f, touched);
  /* A new zone drops the selection. */
  ms_zone_tool_controller_set_zone (f->tools, f->zone);
  ms_zone_tool_controller_get_selection (f->tools, &n_spans);
  g_assert_cmpuint (n_spans, ==, 0);
  assert_undo_steps (f, 1);
}

/* The triangle (2, 2), (12.3, 2), (2, 12.3): a tile is inside when its
 * centre is, so x ≥ 2, y ≥ 2 and (x + ½) + (y + ½) < 14.3, x + y ≤ 13:
 * 10 + 9 + … + 1 = 55 tiles. */
static const int triangle[3][2] = { { 70, 20 }, { 173, 20 }, { 70, 123 } };

static void
triangle_tiles (gboolean *touched)
{
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      touched[y * W + x] = x >= 2 && y >= 2 && x + y <= 13;
  g_assert_cmpuint (count (touched), ==, 55);
}

/* @closed: no polygon left under way. */
static void
assert_triangle_applied (Fixture  *f,
                         gboolean  closed)
{
  gboolean touched[W * H];

  triangle_tiles (touched);
  assert_touched (f, touched);
  g_assert_cmpuint (f->applies, ==, 1);
  g_assert_cmpuint (f->steps, ==, 1);
  g_assert_cmpstr (f->step_name, ==, "Polygon");
  g_assert_cmpuint (f->step_tiles, ==, 55);
  if (closed)
    {
      g_assert_false (ms_zone_tool_controller_has_polygon (f->tools));
      g_assert_cmpint (ms_zone_view_get_outline (f->view), ==, MS_ZONE_VIEW_OUTLINE_TILE);
    }
  assert_selection (f, touched);
  assert_undo_steps (f, 1);
}

/* Corners by clicks, drawn as they come with a rubber band to the pointer;
 * close_polygon () (the window's Enter) applies them. */
static void
test_polygon_clicks (Fixture       *f,
                     gconstpointer  data)
{
  double x0, y0, x1, y1;

  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "polygon"));
  /* The first corner shows at once, before the pointer moves on. */
  click_at (f, triangle[0][0], triangle[0][1]);
  g_assert_cmpint (ms_zone_view_get_outline (f->view), ==, MS_ZONE_VIEW_OUTLINE_POLYGON);
  for (guint i = 1; i < 3; i++)
    click_at (f, triangle[i][0], triangle[i][1]);
  g_assert_true (ms_zone_tool_controller_has_polygon (f->tools));
  g_assert_cmpuint (f->applies, ==, 0);
  /* From the last corner, (2, 12.3), to the pointer at (10, 15). */
  move_to (f, 150, 150);
  g_assert_true (ms_zone_view_get_rubber_band (f->view, &x0, &y0, &x1, &y1));
  g_assert_cmpfloat_with_epsilon (x0, 2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (y0, 12.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (x1, 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (y1, 15.0, 1e-9);

  ms_zone_tool_controller_close_polygon (f->tools);
  assert_triangle_applied (f, TRUE);
}

/* A double click on the last corner closes it, right after the click on
 * the one before (one xdotool run, as a user's hand does). */
static void
test_polygon_double_click (Fixture       *f,
                           gconstpointer  data)
{
  char sx[2][16], sy[2][16];
  guint releases;

  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "polygon"));
  click_at (f, triangle[0][0], triangle[0][1]);
  for (guint i = 0; i < 2; i++)
    {
      double x, y;

      ms_test_widget_to_surface (GTK_WIDGET (f->view), triangle[i + 1][0], triangle[i + 1][1], &x, &y);
      g_snprintf (sx[i], sizeof sx[i], "%d", (int) round (x));
      g_snprintf (sy[i], sizeof sy[i], "%d", (int) round (y));
    }
  releases = f->input.releases;
  ms_test_xdotool ("mousemove", "--window", f->window_id, sx[0], sy[0], "click", "1",
                   "mousemove", "--window", f->window_id, sx[1], sy[1],
                   "click", "--repeat", "2", "--delay", "80", "1", NULL);
  ms_test_wait_count (&f->input.releases, releases + 3, "the three clicks");
  /* The double click's second press reaches the controller twice, as
   * tile-pressed n_press 2 (closing the polygon) and then from the view's
   * drag gesture as n_press 1: that one must not start a new polygon. */
  assert_triangle_applied (f, TRUE);
}

/* The polygon tool dragged: a lasso, a corner wherever the pointer went,
 * closed when the button comes up. */
static void
test_polygon_lasso (Fixture       *f,
                    gconstpointer  data)
{
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "polygon"));
  move_to (f, triangle[0][0], triangle[0][1]);
  press (f, "1");
  move_to (f, triangle[1][0], triangle[1][1]);
  move_to (f, triangle[2][0], triangle[2][1]);
  g_assert_cmpuint (f->applies, ==, 0);
  release (f, "1");
  assert_triangle_applied (f, TRUE);
}

/* cancel () (the window's Esc) drops the corners; closing fewer than three
 * drops them too; a tool change drops them.  Nothing is applied. */
static void
test_polygon_dropped (Fixture       *f,
                      gconstpointer  data)
{
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "polygon"));
  for (guint i = 0; i < 3; i++)
    click_at (f, triangle[i][0], triangle[i][1]);
  g_assert_true (ms_zone_tool_controller_has_shape (f->tools));
  ms_zone_tool_controller_cancel (f->tools);
  g_assert_false (ms_zone_tool_controller_has_polygon (f->tools));
  g_assert_false (ms_zone_tool_controller_has_shape (f->tools));
  g_assert_cmpint (ms_zone_view_get_outline (f->view), ==, MS_ZONE_VIEW_OUTLINE_TILE);

  for (guint i = 0; i < 2; i++)
    click_at (f, triangle[i][0], triangle[i][1]);
  ms_zone_tool_controller_close_polygon (f->tools);
  g_assert_false (ms_zone_tool_controller_has_polygon (f->tools));

  for (guint i = 0; i < 3; i++)
    click_at (f, triangle[i][0], triangle[i][1]);
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "flood"));
  g_assert_false (ms_zone_tool_controller_has_polygon (f->tools));

  g_assert_cmpuint (f->applies, ==, 0);
  g_assert_cmpuint (f->steps, ==, 0);
  g_assert_false (ms_zone_can_undo (f->zone));
}

static guint64 flood_shown;

static void
on_flood_preview (MsZoneToolController *tools,
                  guint64               n_tiles,
                  gpointer              data)
{
  flood_shown = n_tiles;
}

/* A flood from (7, 7) shows the SyndicateArea block it is in (x 5..14,
 * y 5..9, 50 tiles), writing nothing; a click inside it applies it as one
 * step.  Then one from (0, 0) shows the rest, whose control is still 0
 * (1200 − 50), applied by apply_flood () (Enter); one dropped by cancel ()
 * (Esc) writes nothing; clicks beside the zone fill nothing. */
static void
test_flood (Fixture       *f,
            gconstpointer  data)
{
  gboolean touched[W * H] = { 0 };

  g_signal_connect (f->tools, "flood-preview", G_CALLBACK (on_flood_preview), NULL);
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "flood"));
  click_at (f, 125, 75);
  assert_touched (f, touched);
  g_assert_cmpuint (f->applies, ==, 0);
  g_assert_true (ms_zone_tool_controller_has_flood (f->tools));
  g_assert_true (ms_zone_tool_controller_has_shape (f->tools));
  g_assert_cmpuint (flood_shown, ==, 50);
  g_assert_false (ms_zone_can_undo (f->zone));

  /* Another tile of the block, not a double click: applies it. */
  click_at (f, 160, 80);
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      touched[y * W + x] = in_block (x, y);
  assert_touched (f, touched);
  g_assert_false (ms_zone_tool_controller_has_flood (f->tools));
  g_assert_cmpuint (flood_shown, ==, 0);
  g_assert_cmpuint (f->steps, ==, 1);
  g_assert_cmpstr (f->step_name, ==, "Flood fill");
  g_assert_cmpuint (f->step_tiles, ==, 50);

  click_at (f, 55, 5);
  assert_touched (f, touched);
  g_assert_cmpuint (flood_shown, ==, 1150);
  ms_zone_tool_controller_apply_flood (f->tools);
  for (guint i = 0; i < W * H; i++)
    touched[i] = TRUE;
  assert_touched (f, touched);
  g_assert_cmpuint (f->steps, ==, 2);
  g_assert_cmpuint (f->step_tiles, ==, 1150);

  /* Shown, then dropped: nothing written. */
  click_at (f, 65, 5);
  g_assert_cmpuint (flood_shown, ==, 1150);
  ms_zone_tool_controller_cancel (f->tools);
  g_assert_cmpuint (flood_shown, ==, 0);
  g_assert_false (ms_zone_tool_controller_has_flood (f->tools));

  /* Pixels 20 and 480: tile x −3 and 43. */
  click_at (f, 20, 150);
  click_at (f, 480, 150);
  g_assert_cmpuint (f->applies, ==, 2);
  g_assert_cmpuint (f->steps, ==, 2);
  assert_undo_steps (f, 2);
}

/* The middle button pans the view under every tool and paints nothing. */
static void
test_middle_button_pans (Fixture       *f,
                         gconstpointer  data)
{
  MsViewport *vp = ms_zone_view_get_viewport (f->view);
  double cx, cy;

  move_to (f, 200, 150);
  press (f, "2");
  move_to (f, 260, 180);
  ms_test_run_for (300);       /* no speed left to glide on */
  release (f, "2");
  /* 60, 30 pixels at 10 a tile. */
  ms_viewport_get_centre (vp, &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, 14.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (cy, 12.0, 1e-9);
  g_assert_false (ms_zone_tool_controller_is_painting (f->tools));
  g_assert_cmpuint (f->applies, ==, 0);
  g_assert_cmpuint (f->steps, ==, 0);
  g_assert_false (ms_zone_can_undo (f->zone));
}

/* A tool change in the middle of a stroke ends it as its step; the
 * release then adds nothing.  Without a zone, presses do nothing. */
static void
test_tool_change_ends_stroke (Fixture       *f,
                              gconstpointer  data)
{
  gboolean touched[W * H] = { 0 };

  /* (5.3, 20.6) to (9.2, 20.1): row 20, x 5..9. */
  for (guint x = 5; x <= 9; x++)
    touched[20 * W + x] = TRUE;
  move_to (f, 103, 206);
  press (f, "1");
  move_to (f, 142, 201);
  g_assert_true (ms_zone_tool_controller_is_painting (f->tools));
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "rect"));
  g_assert_false (ms_zone_tool_controller_is_painting (f->tools));
  g_assert_cmpuint (f->steps, ==, 1);
  g_assert_cmpstr (f->step_name, ==, "Brush");
  g_assert_cmpuint (f->step_tiles, ==, 5);
  move_to (f, 200, 250);
  release (f, "1");
  assert_touched (f, touched);
  g_assert_cmpuint (f->steps, ==, 1);
  g_assert_false (ms_zone_tool_controller_has_shape (f->tools));

  ms_zone_tool_controller_set_zone (f->tools, NULL);
  move_to (f, 300, 100);
  press (f, "1");
  g_assert_false (ms_zone_tool_controller_has_shape (f->tools));
  release (f, "1");
  g_assert_true (ms_zone_tool_controller_set_tool (f->tools, "brush"));
  move_to (f, 310, 110);
  press (f, "1");
  g_assert_false (ms_zone_tool_controller_is_painting (f->tools));
  release (f, "1");
  g_assert_cmpuint (f->applies, ==, 2);
  g_assert_cmpuint (f->steps, ==, 1);
  assert_undo_steps (f, 1);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add ("/zone-tool-controller/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("tools", test_tools);
  ADD ("brush-stroke", test_brush_stroke);
  ADD ("brush-shapes", test_brush_shapes);
  ADD ("rect", test_rect);
  ADD ("polygon-clicks", test_polygon_clicks);
  ADD ("polygon-double-click", test_polygon_double_click);
  ADD ("polygon-lasso", test_polygon_lasso);
  ADD ("polygon-dropped", test_polygon_dropped);
  ADD ("flood", test_flood);
  ADD ("middle-button-pans", test_middle_button_pans);
  ADD ("tool-change-ends-stroke", test_tool_change_ends_stroke);
#undef ADD
  return g_test_run ();
}
