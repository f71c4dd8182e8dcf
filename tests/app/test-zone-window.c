/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter in a real window under Xvfb, driven by real pointer and
 * key events (xdotool, XTEST): paint a rectangle and a brush stroke, undo,
 * redo and save, then check the saved files byte by byte against tiles
 * worked out here from the fitted viewport's screen-to-tile mapping and the
 * brush geometry.  Also: a layer rewritten on disk is never overwritten
 * silently, keys switch tools, the hover readout, and that the GL path
 * re-uploads only the tiles an edit touched.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <sys/wait.h>

#include <fcntl.h>
#include <math.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ms-application.h"
#include "ms-demo-zone.h"
#include "ms-settings.h"
#include "ms-zone-backup.h"
#include "ms-zone-mask.h"
#include "ms-zone-renderer.h"
#include "ms-test-display.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-window.h"

#define ZONE_ID   42
#define SIZE      MS_DEMO_ZONE_DEFAULT_SIZE
#define ANTI      MS_ZONE_CONTROL_ANTI_PLANT

static MsApplication *app;

static const char *const layer_files[] = {
  "blocks.0042.bin", "control.0042.bin", "plants.0042.bin", "altitude.0042.bin",
  "altitude_blend.0042.bin", "altitude_original.0042.bin",
};

static gboolean
drawn (gpointer data)
{
  MsZoneView *view = ms_zone_window_get_view (data);

  return gtk_widget_get_mapped (GTK_WIDGET (view)) && ms_tile_view_get_n_pending (MS_TILE_VIEW (view)) == 0;
}

static void
settle (MsZoneWindow *window)
{
  ms_test_settle (drawn, window, 300, "the zone to draw");
}

typedef struct
{
  char         *dir;
  MsZoneWindow *window;
  char         *window_id;
  GBytes       *original[G_N_ELEMENTS (layer_files)];
  double        origin_x, origin_y;   /* the view's (0, 0) in X window pixels */
} Fixture;

static void open_in_fixture (Fixture *f, guint id);

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  g_assert_true (ms_demo_zone_write (f->dir, ZONE_ID, SIZE, TRUE, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, layer_files[i], NULL);
      char *contents;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      f->original[i] = g_bytes_new_take (contents, length);
    }

  open_in_fixture (f, ZONE_ID);
}

/* Opens zone @id of f->dir in the fixture's window, finds its X window and
 * focuses its view. */
static void
open_in_fixture (Fixture *f,
                 guint    id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *zone_name = g_strdup_printf ("Zone %u", id);

  f->window = ms_zone_window_new (GTK_APPLICATION (app));
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  g_assert_true (ms_zone_window_open (f->window, f->dir, id, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
  settle (f->window);

  /* The title names the zone; a unique one finds the X window. */
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), zone_name));
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));
  title = g_path_get_basename (f->dir);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), title));
  /* A name of its own, only to find the X window by. */
  gtk_window_set_title (GTK_WINDOW (f->window), "zone-window-test");
  ms_test_run_for (200);
  f->window_id = ms_test_x_window_id ("zone-window-test");
  ms_test_widget_to_surface (GTK_WIDGET (ms_zone_window_get_view (f->window)), 0, 0,
                             &f->origin_x, &f->origin_y);
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (ms_zone_window_get_view (f->window)));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  GSettings *settings = ms_application_get_settings (app);
  const char *keys[] = { MS_SETTINGS_ZONE_OVERLAYS, MS_SETTINGS_ZONE_CONTROL_FLAGS,
                         MS_SETTINGS_ZONE_BLOCKING_FLAGS, MS_SETTINGS_ZONE_TINT_ALTITUDE,
                         MS_SETTINGS_ZONE_OVERLAY_OPACITIES, MS_SETTINGS_ZONE_LIGHT_AZIMUTH,
                         MS_SETTINGS_ZONE_BACKUPS };

  /* Each test opens on the defaults, whatever the last one chose. */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
  /* A test may have closed the window itself. */
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  ms_test_run_for (50);
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    g_bytes_unref (f->original[i]);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->window_id);
}

/* The X pixel nearest tile point (x, y), and the tile that pixel is in, by
 * the viewport's mapping. */
typedef struct
{
  char   sx[16], sy[16];
  guint  tx, ty;
  double mx, my;   /* the tile point the view reports for that pixel */
} Spot;

static Spot
spot (Fixture *f,
      double   x,
      double   y)
{
  MsViewport *vp = ms_zone_view_get_viewport (ms_zone_window_get_view (f->window));
  double wx, wy, mx, my;
  int px, py;
  Spot s;

  ms_viewport_map_to_screen (vp, x, y, &wx, &wy);
  px = (int) lround (f->origin_x + wx);
  py = (int) lround (f->origin_y + wy);
  g_snprintf (s.sx, sizeof s.sx, "%d", px);
  g_snprintf (s.sy, sizeof s.sy, "%d", py);
  ms_viewport_screen_to_map (vp, px - f->origin_x, py - f->origin_y, &mx, &my);
  s.tx = (guint) floor (mx);
  s.ty = (guint) floor (my);
  s.mx = mx;
  s.my = my;
  return s;
}

static void
move_to (Fixture *f, const Spot *s)
{
  ms_test_xdotool ("mousemove", "--window", f->window_id, s->sx, s->sy, NULL);
  ms_test_run_for (150);
}

static void
key (const char *keys)
{
  ms_test_xdotool ("key", keys, NULL);
  ms_test_run_for (200);
}

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

static GBytes *
read_layer_named (Fixture *f, const char *name)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  return g_bytes_new_take (contents, length);
}

static GBytes *
read_layer (Fixture *f, guint i)
{
  return read_layer_named (f, layer_files[i]);
}

/* ------------------------------------------------------------ helpers --- */

static guint16
control_at (const guint8 *control, guint bpt, gsize t)
{
  return bpt == 2 ? (guint16) (control[2 * t] | control[2 * t + 1] << 8) : control[t];
}

/* The paint target's row in the dropdown: set/clear of each control flag,
 * then spawn set, add, subtract, smooth. */
static void
set_target (Fixture *f, guint row)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ms_test_get_named (GTK_WIDGET (f->window), "paint-target")), row);
  ms_test_run_for (50);
}

static guint
spawn_row (guint which)
{
  guint n_flags;

  ms_zone_control_flags (&n_flags);
  return 2 * n_flags + which;
}

/* Drags a rectangle with the real pointer from the tile point (x0, y0) to
 * (x1, y1); the tiles it covers, both corners in, by the viewport's
 * mapping. */
static void
drag_rect (Fixture *f,
           double   x0,
           double   y0,
           double   x1,
           double   y1,
           guint    out[4])
{
  Spot a = spot (f, x0, y0), b = spot (f, x1, y1);

  key ("r");
  move_to (f, &a);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  move_to (f, &b);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
  out[0] = MIN (a.tx, b.tx);
  out[1] = MIN (a.ty, b.ty);
  out[2] = MAX (a.tx, b.tx) + 1;
  out[3] = MAX (a.ty, b.ty) + 1;
}

static gboolean
in_box (const guint box[4], guint x, guint y)
{
  return x >= box[0] && x < box[2] && y >= box[1] && y < box[3];
}

static void
test_paint_undo_redo_save (Fixture       *f,
                           gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  g_autofree gboolean *in_rect = g_new0 (gboolean, SIZE * SIZE);
  g_autofree gboolean *in_stroke = g_new0 (gboolean, SIZE * SIZE);
  g_auto(GStrv) history = NULL;
  guint position, n_rect = 0, n_stroke = 0;
  Spot a, b, s0, s1, s2;
  const guint8 *orig_control;
  gsize orig_len;

  g_assert_true (bpt == 1 || bpt == 2);
  orig_control = g_bytes_get_data (f->original[1], &orig_len);
  g_assert_cmpuint (orig_len, ==, (gsize) SIZE * SIZE * bpt);

  /* A rectangle, dragged from its bottom-right corner to its top-left: both
   * corner tiles are in. */
  key ("r");
  g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, "rect");
  a = spot (f, 140.5, 95.5);
  b = spot (f, 60.5, 40.5);
  move_to (f, &a);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  move_to (f, &b);
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
  key ("b");
  g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, "brush");
  ms_zone_window_set_brush_size (f->window, 5);
  s0 = spot (f, 300.5, 200.5);
  s1 = spot (f, 320.5, 210.5);
  s2 = spot (f, 340.5, 220.5);
  g_assert_cmpint ((int) s1.tx * 2, ==, (int) s0.tx + (int) s2.tx);
  g_assert_cmpint ((int) s1.ty * 2, ==, (int) s0.ty + (int) s2.ty);
  move_to (f, &s0);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  move_to (f, &s1);
  move_to (f, &s2);
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
  key ("ctrl+z");
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
  key ("ctrl+shift+z");
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 2);

  /* Save; the control file is the original with AntiPlant at exactly the
   * tiles worked out above, and no other file changed. */
  key ("ctrl+s");
  /* The first save backs the layers up and says where (test_backups). */
  g_assert_true (g_str_has_prefix (ms_zone_window_get_banner (f->window), "Saved. Backed up to "));
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• "));
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    {
      g_autoptr(GBytes) now = read_layer (f, i);
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
test_changed_on_disk (Fixture       *f,
                      gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };
  g_autofree guint8 *server = NULL;
  gsize len;
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);

  /* The game server saves the control layer meanwhile: tile (0, 0) gets
   * TerraformProtected. */
  server = g_bytes_unref_to_data (g_bytes_ref (f->original[1]), &len);
  server[0] |= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));

  /* Saving asks; the server's file stays as the server wrote it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_assert_true (ms_zone_window_has_conflict (f->window));
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_nonnull (strstr (ms_zone_window_get_banner (f->window), "Reload"));
  g_assert_true (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = read_layer (f, 1);
    g_autoptr(GBytes) expected = g_bytes_new (server, len);

    g_assert_true (g_bytes_equal (now, expected));
  }

  /* Closing with unsaved edits asks too, and keeps the window. */
  gtk_window_close (GTK_WINDOW (f->window));
  ms_test_run_for (100);
  g_assert_true (ms_zone_window_is_asking_to_close (f->window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  /* Overwrite: the edited zone, read from the files as first opened. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.overwrite", NULL));
  g_assert_false (ms_zone_window_has_conflict (f->window));
  g_assert_false (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = read_layer (f, 1);
    const guint8 *got = g_bytes_get_data (now, NULL);
    const guint8 *orig = g_bytes_get_data (f->original[1], NULL);

    g_assert_cmpuint (got[0], ==, orig[0]);
    for (guint y = 10; y < 14; y++)
      for (guint x = 10; x < 14; x++)
        {
          gsize t = (gsize) y * SIZE + x;
          guint16 v = bpt == 2 ? (guint16) (got[2 * t] | got[2 * t + 1] << 8) : got[t];
          guint16 o = bpt == 2 ? (guint16) (orig[2 * t] | orig[2 * t + 1] << 8) : orig[t];

          g_assert_cmpuint (v, ==, o | (bpt == 2 ? MS_ZONE_CONTROL_HIGHWAY : 0));
        }
  }

  /* Reload after another conflict: the files as they are, no history. */
  op.kind = MS_ZONE_OP_CLEAR_FLAG;
  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_assert_true (ms_zone_window_has_conflict (f->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  g_assert_false (ms_zone_window_has_conflict (f->window));
  zone = ms_zone_window_get_zone (f->window);
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_cmpuint (ms_zone_get_control (zone, 0, 0) & MS_ZONE_CONTROL_TERRAFORM_PROTECTED, !=, 0);
}

static void
test_keys_switch_tools (Fixture       *f,
                        gconstpointer  data)
{
  static const struct { const char *key; const char *tool; } cases[] = {
    { "r", "rect" }, { "p", "polygon" }, { "f", "flood" }, { "b", "brush" },
  };
  guint size;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      key (cases[i].key);
      g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, cases[i].tool);
    }

  ms_zone_window_set_brush_size (f->window, 10);
  key ("bracketright");
  size = ms_zone_window_get_brush_size (f->window);
  g_assert_cmpuint (size, ==, 12);     /* ceil (10 * 1.2) */
  key ("bracketleft");
  g_assert_cmpuint (ms_zone_window_get_brush_size (f->window), ==, 10);   /* floor (12 / 1.2) */
  ms_zone_window_set_brush_size (f->window, 1);
  key ("bracketleft");
  g_assert_cmpuint (ms_zone_window_get_brush_size (f->window), ==, 1);

  /* A polygon by clicks, closed with Enter: one step. */
  {
    g_auto(GStrv) history = NULL;
    Spot p[3] = { spot (f, 200.5, 300.5), spot (f, 260.5, 300.5), spot (f, 230.5, 350.5) };
    guint position;

    key ("p");
    for (guint i = 0; i < 3; i++)
      {
        move_to (f, &p[i]);
        ms_test_xdotool ("click", "1", NULL);
        ms_test_run_for (400);   /* past the double-click time */
      }
    key ("Return");
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
    Spot p[3] = { spot (f, 300.5, 300.5), spot (f, 360.5, 300.5), spot (f, 330.5, 350.5) };
    guint position;

    g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 330, 316) & ANTI, ==, 0);
    move_to (f, &p[0]);
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
test_hover_readout (Fixture       *f,
                    gconstpointer  data)
{
  Spot s = spot (f, 123.5, 77.5);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  const guint8 *plants = g_bytes_get_data (f->original[2], NULL);
  const guint8 *altitude = g_bytes_get_data (f->original[3], NULL);
  guint bpt = ms_zone_get_file_bytes_per_tile (ms_zone_window_get_zone (f->window), MS_ZONE_LAYER_CONTROL);
  const char *text;
  gsize t;
  guint16 c, alt;
  g_autofree char *where = NULL;
  g_autofree char *alt_text = NULL;
  g_autofree char *spawn_text = NULL;

  move_to (f, &s);
  ms_test_run_for (200);
  text = ms_zone_window_get_hover_text (f->window);
  g_assert_nonnull (text);

  t = (gsize) s.ty * SIZE + s.tx;
  where = g_strdup_printf ("x %u, y %u (row-major)", s.tx, s.ty);
  g_assert_true (g_str_has_prefix (text, where));
  c = bpt == 2 ? (guint16) (control[2 * t] | control[2 * t + 1] << 8) : control[t];
  {
    g_autofree char *hex = g_strdup_printf ("Control 0x%04x", c);
    g_assert_nonnull (strstr (text, hex));
  }
  if (c & MS_ZONE_CONTROL_ANTI_PLANT)
    g_assert_nonnull (strstr (text, "AntiPlant"));
  if (c & MS_ZONE_CONTROL_TERRAFORM_PROTECTED)
    g_assert_nonnull (strstr (text, " TerraformProtected"));
  alt = (guint16) (altitude[2 * t] | altitude[2 * t + 1] << 8);
  alt_text = g_strdup_printf ("Altitude %u raw, height %u (raw >> 5)", alt, alt >> 5);
  g_assert_nonnull (strstr (text, alt_text));
  spawn_text = g_strdup_printf ("Spawn %u (", plants[7 * t + MS_ZONE_PLANT_SPAWN]);
  g_assert_nonnull (strstr (text, spawn_text));
  {
    static const char *const grounds[] = { "Darkrocks", "LowlandA", "LowlandB", "MidlandA", "MidlandB",
                                           "HighlandA", "HighlandB", "Lightrocks", "Sand" };
    guint g = plants[7 * t + MS_ZONE_PLANT_GROUND_TYPE];

    if (g < G_N_ELEMENTS (grounds))
      {
        g_autofree char *gt = g_strdup_printf ("Ground %s (%u)", grounds[g], g);
        g_assert_nonnull (strstr (text, gt));
      }
  }
  /* The demo zone is terraformable: the barrier is shown. */
  g_assert_nonnull (strstr (text, "Terraform barrier "));
}

static void
test_gl_uploads_only_touched (Fixture       *f,
                              gconstpointer  data)
{
  MsZoneView *view = ms_zone_window_get_view (f->window);
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) dab = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, ANTI, 0, 0 };
  guint64 before;
  guint level, span, bx0, by0, bx1, by1, n_tiles;

  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (view)), ==, expect_gl);
  if (!expect_gl)
    {
      g_assert_nonnull (ms_tile_view_get_renderer_problem (MS_TILE_VIEW (view)));
      g_assert_cmpuint (ms_tile_view_get_n_gl_uploads (MS_TILE_VIEW (view)), ==, 0);
      return;
    }

  /* A dab across the boundary between two 256-cell tiles. */
  level = ms_tile_view_get_level (MS_TILE_VIEW (view));
  span = 256u << level;
  before = ms_tile_view_get_n_gl_uploads (MS_TILE_VIEW (view));
  g_assert_cmpuint (before, >, 0);
  dab = ms_zone_region_new_stamp (SIZE, SIZE, MS_ZONE_BRUSH_ROUND, 256.0, 100.5, 3.0);
  g_assert_true (ms_zone_region_get_bounds (dab, &bx0, &by0, &bx1, &by1));
  n_tiles = ((bx1 - 1) / span - bx0 / span + 1) * ((by1 - 1) / span - by0 / span + 1);
  g_assert_cmpuint (n_tiles, ==, level == 0 ? 2 : 1);
  g_assert_true (ms_zone_apply (ms_zone_window_get_zone (f->window), &op, dab, &error));
  g_assert_no_error (error);
  ms_test_run_for (100);
  settle (f->window);
  g_assert_cmpuint (ms_tile_view_get_n_gl_uploads (MS_TILE_VIEW (view)) - before, ==, n_tiles);
}

/* ----------------------------------------------------------- overlays --- */

/* The view at one pixel per tile against ms_render_zone () of the view's
 * style over the same tiles: pixels further apart than 3 in a channel. */
static guint
count_unlike_cpu (Fixture *f, guint32 **shown_out)
{
  MsZoneView *view = ms_zone_window_get_view (f->window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  int width = gtk_widget_get_width (GTK_WIDGET (view)), height = gtk_widget_get_height (GTK_WIDGET (view));
  g_autofree guint32 *shown = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *cpu;
  double x0, y0;
  guint bad;
  MsRect region;

  ms_viewport_screen_to_map (vp, 0, 0, &x0, &y0);
  g_assert_cmpfloat (x0, ==, floor (x0));
  g_assert_cmpfloat (y0, ==, floor (y0));
  shown = ms_test_capture (GTK_WIDGET (view), width, height);
  region.x = (guint) MAX (x0, 0);
  region.y = (guint) MAX (y0, 0);
  region.width = (guint) MIN ((double) SIZE, x0 + width) - region.x;
  region.height = (guint) MIN ((double) SIZE, y0 + height) - region.y;
  g_assert_cmpuint (region.width, >=, 256);
  g_assert_cmpuint (region.height, >=, 256);
  cpu = ms_render_zone (ms_zone_window_get_zone (f->window), ms_zone_view_get_style (view), &region, 0, NULL,
                        &error);
  g_assert_no_error (error);
  bad = ms_test_count_unlike (cpu, region.width, region.height, shown, width, (int) (region.x - x0),
                              (int) (region.y - y0), 3);
  cairo_surface_destroy (cpu);
  if (shown_out != NULL)
    *shown_out = g_steal_pointer (&shown);
  return bad;
}

static void
test_overlays (Fixture       *f,
               gconstpointer  data)
{
  MsZoneView *view = ms_zone_window_get_view (f->window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  const MsZoneStyle *style = ms_zone_view_get_style (view);
  GtkWidget *spawn = ms_test_get_named (GTK_WIDGET (f->window), "overlay-spawn-visible");
  GSettings *settings = ms_application_get_settings (app);
  g_autofree guint32 *before = NULL;
  g_autofree guint32 *after = NULL;
  g_autofree char *names = NULL;
  int width = gtk_widget_get_width (GTK_WIDGET (view)), height = gtk_widget_get_height (GTK_WIDGET (view));
  guint changed = 0;

  /* Opened on the overlays composite: every control flag over the tinted
   * altitude, nothing else. */
  g_assert_cmpint (style->layer, ==, MS_ZONE_RENDER_LAYER_OVERLAYS);
  g_assert_cmpint (style->overlays, ==, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmpuint (style->control_flags, ==, G_MAXUINT16);
  g_assert_true (style->tint_altitude);

  /* One tile per pixel, the zone's top-left tile at a whole pixel. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "zone-view.zoom-actual", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (vp), ==, 1.0);
  ms_viewport_set_centre (vp, SIZE / 2 + (width % 2) * 0.5, SIZE / 2 + (height % 2) * 0.5);
  settle (f->window);
  g_assert_cmpuint (count_unlike_cpu (f, &before), <=, (guint) (width * height / 100));

  /* The View page, then a real click on the spawn heat toggle. */
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_ancestor (spawn, GTK_TYPE_STACK)), "view");
  ms_test_run_for (200);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));
  ms_test_click_widget (spawn, f->window_id, 1);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));
  style = ms_zone_view_get_style (view);
  g_assert_cmpint (style->overlays, ==, MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
  g_assert_cmpint (style->layer, ==, MS_ZONE_RENDER_LAYER_OVERLAYS);
  settle (f->window);

  /* The pixels follow: like the CPU image of the new style, and unlike the
   * old screen almost everywhere (spawn heat covers every tile). */
  g_assert_cmpuint (count_unlike_cpu (f, &after), <=, (guint) (width * height / 100));
  for (gsize i = 0; i < (gsize) width * height; i++)
    if ((before[i] & 0xffffff) != (after[i] & 0xffffff))
      changed++;
  g_assert_cmpuint (changed, >=, (guint) (width * height / 2));

  /* And the settings keep it for the next window. */
  names = g_settings_get_string (settings, MS_SETTINGS_ZONE_OVERLAYS);
  g_assert_cmpstr (names, ==, "spawn,control");
  {
    MsZoneWindow *second = ms_zone_window_new (GTK_APPLICATION (app));

    g_assert_cmpint (ms_zone_view_get_style (ms_zone_window_get_view (second))->overlays, ==,
                     MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
    gtk_window_destroy (GTK_WINDOW (second));
  }
}

/* -------------------------------------------------------- primary menu --- */

static void
collect_actions (GMenuModel *model, GPtrArray *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (out, g_steal_pointer (&action));
      if (section != NULL)
        collect_actions (section, out);
    }
}

static void
test_primary_menu (Fixture       *f,
                   gconstpointer  data)
{
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (f->window));
  GtkWidget *button = ms_test_find_type (titlebar, GTK_TYPE_MENU_BUTTON);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  const char *expected[] = { "app.open-zone-folder", "app.open-demo-zone",
                             "win.ruler", "win.next-zone", "win.previous-zone", "zone.export-mask",
                             "zone.import-mask", "win.zone-backups", "win.show-help-overlay", "app.about" };

  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (button)), ==, "open-menu-symbolic");
  collect_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), actions);
  g_assert_cmpuint (actions->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (g_ptr_array_index (actions, i), ==, expected[i]);
  /* Each one resolves from the window. */
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "open-zone-folder"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "open-demo-zone"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "about"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (f->window), "show-help-overlay"));

  /* The tool buttons have the app's own icons, found in the icon theme. */
  {
    GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (f->window)));
    const char *icons[] = { "ms-tool-brush-symbolic", "ms-tool-rectangle-symbolic", "ms-tool-polygon-symbolic",
                            "ms-tool-flood-symbolic", "ms-tool-rule-symbolic" };

    for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
      g_assert_true (gtk_icon_theme_has_icon (theme, icons[i]));
  }
}

/* --------------------------------------------------------------- masks --- */

static void
test_masks (Fixture       *f,
            gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  g_autofree char *anti_path = g_build_filename (f->dir, "anti.png", NULL);
  g_autofree char *allowed_path = g_build_filename (f->dir, "allowed.png", NULL);
  g_autofree char *in_path = g_build_filename (f->dir, "in.png", NULL);
  g_autofree char *small_path = g_build_filename (f->dir, "small.png", NULL);
  g_autoptr(GFile) anti_file = g_file_new_for_path (anti_path);
  g_autoptr(GFile) allowed_file = g_file_new_for_path (allowed_path);
  g_autoptr(GFile) in_file = g_file_new_for_path (in_path);
  g_autoptr(GFile) small_file = g_file_new_for_path (small_path);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) history = NULL;
  guint position, n_set = 0, n_anti = 0;
  const guint16 not_allowed = MS_ZONE_CONTROL_ANTI_PLANT | 64 | 128 | 256 | 8 | 16;

  /* Export: one grey pixel per tile, 255 exactly where the file's control
   * value has the bit (or, for plant-allowed, none of the forbidding
   * bits). */
  g_assert_true (ms_zone_window_export_mask (f->window, ANTI, anti_file, &error));
  g_assert_no_error (error);
  g_assert_true (ms_zone_window_export_mask (f->window, 0, allowed_file, &error));
  g_assert_no_error (error);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (k == 0 ? anti_path : allowed_path, &error);
      g_autofree guint8 *pixels = g_malloc ((gsize) SIZE * SIZE * 4);

      g_assert_no_error (error);
      g_assert_cmpint (gdk_texture_get_width (texture), ==, SIZE);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, SIZE);
      gdk_texture_download (texture, pixels, SIZE * 4);
      for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
        {
          guint16 c = control_at (control, bpt, t);
          gboolean on = k == 0 ? (c & ANTI) != 0 : (c & not_allowed) == 0;

          /* BGRA in memory; grey, so every channel alike. */
          g_assert_cmpuint (pixels[4 * t], ==, on ? 255 : 0);
          g_assert_cmpuint (pixels[4 * t + 1], ==, on ? 255 : 0);
          if (k == 0 && on)
            n_anti++;
        }
    }
  g_assert_cmpuint (n_anti, >, 0);

  /* Import: a white disc on black sets TerraformProtected there, as one
   * step named for it; undo takes it back. */
  {
    cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE, SIZE);
    cairo_t *cr = cairo_create (mask);
    const guint8 *px;
    int stride;

    cairo_set_source_rgb (cr, 0, 0, 0);
    cairo_paint (cr);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_rectangle (cr, 100, 120, 37, 21);
    cairo_fill (cr);
    cairo_destroy (cr);
    cairo_surface_flush (mask);
    g_assert_cmpint (cairo_surface_write_to_png (mask, in_path), ==, CAIRO_STATUS_SUCCESS);
    px = cairo_image_surface_get_data (mask);
    stride = cairo_image_surface_get_stride (mask);
    g_assert_true (ms_zone_window_import_mask (f->window, MS_ZONE_CONTROL_TERRAFORM_PROTECTED, TRUE, in_file,
                                               &error));
    g_assert_no_error (error);
    for (guint y = 0; y < SIZE; y++)
      for (guint x = 0; x < SIZE; x++)
        {
          gboolean on = px[(gsize) y * stride + 4 * x] != 0;
          guint16 c = control_at (control, bpt, (gsize) y * SIZE + x);

          n_set += on;
          g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                            on ? c | MS_ZONE_CONTROL_TERRAFORM_PROTECTED : c);
        }
    cairo_surface_destroy (mask);
  }
  g_assert_cmpuint (n_set, ==, 37 * 21);
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  {
    g_autofree char *name = g_strdup_printf ("Import mask: set TerraformProtected (%u tiles)", n_set);

    g_assert_cmpstr (history[0], ==, name);
  }
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• "));

  /* Clearing with the AntiPlant mask just exported clears it everywhere. */
  g_assert_true (ms_zone_window_import_mask (f->window, ANTI, FALSE, anti_file, &error));
  g_assert_no_error (error);
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE) & ANTI, ==, 0);
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 2);
  {
    g_autofree char *name = g_strdup_printf ("Import mask: clear AntiPlant (%u tiles)", n_anti);

    g_assert_cmpstr (history[1], ==, name);
  }
  key ("ctrl+z");
  key ("ctrl+z");
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE), ==, control_at (control, bpt, t));

  /* A mask of the wrong size is refused and changes nothing. */
  {
    cairo_surface_t *small = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SIZE / 2, SIZE);

    g_assert_cmpint (cairo_surface_write_to_png (small, small_path), ==, CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy (small);
  }
  g_assert_false (ms_zone_window_import_mask (f->window, ANTI, TRUE, small_file, &error));
  g_assert_error (error, MS_ZONE_MASK_ERROR, MS_ZONE_MASK_ERROR_SIZE_MISMATCH);
  g_strfreev (g_steal_pointer (&history));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 0);
}

/* ------------------------------------------------------------- backups --- */

static GPtrArray *
list_dir (const char *path)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  return names;
}

static void
test_backups (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *base = g_path_get_basename (f->dir);
  g_autofree char *zone_backups = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autofree char *run_dir = NULL;
  g_autofree char *root = ms_zone_backup_default_root ();
  guint box[4];
  int view_width;

  /* The test's own data folder (tests/meson.build). */
  g_assert_true (g_str_has_prefix (root, g_getenv ("XDG_DATA_HOME")));
  zone_backups = g_strdup_printf ("%s/%s-%04u", root, base, ZONE_ID);
  g_assert_false (g_file_test (zone_backups, G_FILE_TEST_EXISTS));

  /* A change to the control and the plants layers, then Ctrl+S. */
  view_width = gtk_widget_get_width (GTK_WIDGET (ms_zone_window_get_view (f->window)));
  drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  set_target (f, spawn_row (0));
  /* The side panel keeps its width: the view, and so the tiles under the
   * pointer, stay where they were. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (ms_zone_window_get_view (f->window))), ==, view_width);
  drag_rect (f, 50.5, 20.5, 60.5, 30.5, box);
  key ("ctrl+s");
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  runs = list_dir (zone_backups);
  g_assert_cmpuint (runs->len, ==, 1);
  {
    g_autofree char *expected = g_strdup_printf ("Saved. Backed up to %s/%s", zone_backups,
                                                 (char *) g_ptr_array_index (runs, 0));

    g_assert_cmpstr (ms_zone_window_get_banner (f->window), ==, expected);
  }

  /* The original bytes of exactly the layers saved. */
  run_dir = g_build_filename (zone_backups, g_ptr_array_index (runs, 0), NULL);
  files = list_dir (run_dir);
  g_assert_cmpuint (files->len, ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    {
      g_autofree char *path = g_build_filename (run_dir, layer_files[i], NULL);
      char *contents;
      gsize length;
      g_autoptr(GBytes) copy = NULL;

      if (i != 1 && i != 2)
        {
          g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
          continue;
        }
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      copy = g_bytes_new_take (contents, length);
      g_assert_true (g_bytes_equal (copy, f->original[i]));
    }

  /* A second save of the zone backs up nothing more. */
  set_target (f, 0);
  drag_rect (f, 20.5, 60.5, 40.5, 70.5, box);
  key ("ctrl+s");
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_null (ms_zone_window_get_banner (f->window));
  g_ptr_array_unref (runs);
  runs = list_dir (zone_backups);
  g_assert_cmpuint (runs->len, ==, 1);
}

static void
test_backups_off (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *base = g_path_get_basename (f->dir);
  g_autofree char *root = ms_zone_backup_default_root ();
  g_autofree char *zone_backups = g_strdup_printf ("%s/%s-%04u", root, base, ZONE_ID);
  guint box[4];

  /* Off through the menu's check item, which is the key. */
  g_assert_true (g_settings_get_boolean (ms_application_get_settings (app), MS_SETTINGS_ZONE_BACKUPS));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.zone-backups", NULL));
  g_assert_false (g_settings_get_boolean (ms_application_get_settings (app), MS_SETTINGS_ZONE_BACKUPS));
  drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  key ("ctrl+s");
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_null (ms_zone_window_get_banner (f->window));
  g_assert_false (g_file_test (zone_backups, G_FILE_TEST_EXISTS));
}

/* --------------------------------------------------------------- fills --- */

static void
test_flood_fill (Fixture       *f,
                 gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  g_autofree gboolean *in = g_new0 (gboolean, SIZE * SIZE);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) history = NULL;
  Spot s = spot (f, 150.5, 150.5);
  guint seed = s.ty * SIZE + s.tx, n = 0, position;
  guint16 value = control_at (control, bpt, seed);

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
        if (!in[next[j]] && control_at (control, bpt, next[j]) == value)
          {
            in[next[j]] = TRUE;
            g_array_append_val (queue, next[j]);
          }
    }
  /* Not the whole zone: the demo's flags fence it. */
  g_assert_cmpuint (n, <, SIZE * SIZE);
  g_assert_cmpuint (n, >, 1);

  key ("f");
  g_assert_cmpstr (ms_zone_window_get_tool (f->window), ==, "flood");
  move_to (f, &s);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (300);
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    {
      guint16 c = control_at (control, bpt, t);

      g_assert_cmpuint (ms_zone_get_control (zone, t % SIZE, t / SIZE), ==, in[t] ? c | ANTI : c);
    }
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  {
    g_autofree char *name = g_strdup_printf ("Flood fill: set AntiPlant (%u tiles)", n);

    g_assert_cmpstr (history[0], ==, name);
  }
}

static GtkWidget *
find_rule_dialog (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (w) == GTK_WINDOW (f->window) &&
          ms_test_find_named (GTK_WIDGET (w), "rule-apply") != NULL)
        return GTK_WIDGET (w);
    }
  return NULL;
}

static void
test_fill_by_rule (Fixture       *f,
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
  set_target (f, 1);
  drag_rect (f, 100.5, 100.5, 300.5, 250.5, box);

  /* Spawn > 100, counted here over the plants file's bytes. */
  set_target (f, 0);
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    if (plants[7 * t + MS_ZONE_PLANT_SPAWN] > 100)
      {
        n++;
        n_inside += in_box (box, t % SIZE, t / SIZE);
      }
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, SIZE * SIZE);
  g_assert_cmpuint (n_inside, >, 0);
  g_assert_cmpuint (n_inside, <, n);

  key ("g");
  dialog = find_rule_dialog (f);
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
  g_assert_null (find_rule_dialog (f));
  for (gsize t = 0; t < (gsize) SIZE * SIZE; t++)
    {
      guint16 c = control_at (control, bpt, t);
      gboolean hit = plants[7 * t + MS_ZONE_PLANT_SPAWN] > 100;

      if (in_box (box, t % SIZE, t / SIZE))
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

/* --------------------------------------------------------------- spawn --- */

static void
test_spawn_and_clear (Fixture       *f,
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
  set_target (f, spawn_row (0));
  gtk_spin_button_set_value (value, 200);
  ms_test_run_for (50);
  label = g_strdup_printf ("%.1f %% chance per attempt", 200 * 100.0 / 256.0);
  g_assert_cmpstr (gtk_label_get_text (chance), ==, label);
  g_assert_cmpstr (gtk_label_get_text (chance), ==, "78.1 % chance per attempt");
  drag_rect (f, 20.5, 20.5, 60.5, 50.5, set_box);

  /* Add 100: clamped at 255. */
  set_target (f, spawn_row (1));
  gtk_spin_button_set_value (value, 100);
  ms_test_run_for (50);
  drag_rect (f, 20.5, 80.5, 60.5, 120.5, add_box);

  /* Smooth, far from both. */
  set_target (f, spawn_row (3));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (value)) && gtk_widget_is_drawable (GTK_WIDGET (value)));
  drag_rect (f, 200.5, 300.5, 260.5, 340.5, smooth_box);

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        gsize t = (gsize) y * SIZE + x;
        guint orig = plants[7 * t + MS_ZONE_PLANT_SPAWN], expected = orig;

        if (in_box (set_box, x, y))
          expected = 200;
        else if (in_box (add_box, x, y))
          expected = MIN (orig + 100, 255);
        else if (in_box (smooth_box, x, y))
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
        guint16 c = control_at (control, bpt, (gsize) y * SIZE + x);

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
  set_target (f, 2 * row + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_zone_window_get_view (f->window)), "zone-view.zoom-fit",
                                             NULL));
  settle (f->window);
  drag_rect (f, 0.5, 0.5, SIZE - 0.5, SIZE - 0.5, clear_box);
  g_assert_cmpuint (clear_box[2] - clear_box[0], ==, SIZE);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint16 c = control_at (control, bpt, (gsize) y * SIZE + x);

        g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                          in_box (clear_box, x, y) ? (guint16) (c & ~(1u << best)) : c);
      }
}

static void
test_ctrl_scroll_brush_size (Fixture       *f,
                             gconstpointer  data)
{
  Spot s = spot (f, 200.5, 200.5);
  double zoom = ms_viewport_get_zoom (ms_zone_view_get_viewport (ms_zone_window_get_view (f->window)));

  key ("b");
  ms_zone_window_set_brush_size (f->window, 10);
  move_to (f, &s);
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

/* ---------------------------------------------------------------- dirty --- */

static gboolean
title_dirty (Fixture *f)
{
  return g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "• ");
}

static void
test_dirty_follows_history (Fixture       *f,
                            gconstpointer  data)
{
  guint box[4];

  drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  g_assert_true (title_dirty (f));
  key ("ctrl+z");
  g_assert_false (title_dirty (f));
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  key ("ctrl+shift+z");
  g_assert_true (title_dirty (f));
  key ("ctrl+s");
  g_assert_false (title_dirty (f));

  /* A step past the save, undone: back at the saved state, clean. */
  drag_rect (f, 20.5, 60.5, 40.5, 70.5, box);
  g_assert_true (title_dirty (f));
  key ("ctrl+z");
  g_assert_false (title_dirty (f));
  /* Undone past the save: the files hold the step, so it is dirty again. */
  key ("ctrl+z");
  g_assert_true (title_dirty (f));
}

static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The control value the window should show after setting AntiPlant on @box
 * over the file's original bytes. */
static guint16
expected_control (Fixture *f, const guint box[4], guint x, guint y)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  guint16 c = control_at (g_bytes_get_data (f->original[1], NULL), bpt, (gsize) y * SIZE + x);

  return in_box (box, x, y) ? c | ANTI : c;
}

static void
assert_zone_shows (Fixture *f, const guint box[4], gboolean edited)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  static const guint none[4] = { 0, 0, 0, 0 };

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                        expected_control (f, edited ? box : none, x, y));
}

/* A window that goes away without saving (a crash, a killed session)
 * leaves its edits in a journal; opening the zone again offers them. */
static MsZoneWindow *
reopen (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (app));

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open (window, f->dir, ZONE_ID, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  settle (window);
  return window;
}

static void
test_journal_recover (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *journal = ms_zone_journal_default_path (ms_zone_window_get_zone (f->window));
  g_auto(GStrv) history = NULL;
  guint box[4], position;

  g_assert_true (g_str_has_prefix (journal, g_get_user_state_dir ()));
  g_assert_false (file_exists (journal));
  drag_rect (f, 20.5, 20.5, 40.5, 30.5, box);
  ms_test_iterate_until (file_exists, journal, "the journal of the unsaved edit");

  /* Gone without asking: the journal stays. */
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_true (file_exists (journal));
  f->window = reopen (f);

  /* Offered, not applied: the zone shows the files until Recover. */
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_nonnull (strstr (ms_zone_window_get_banner (f->window), "unsaved edits"));
  assert_zone_shows (f, box, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.recover", NULL));
  assert_zone_shows (f, box, TRUE);
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  g_assert_true (g_str_has_prefix (history[0], "Recovered"));
  {
    g_autofree char *count = g_strdup_printf ("(%u tiles)", (box[2] - box[0]) * (box[3] - box[1]));

    g_assert_nonnull (strstr (history[0], count));
  }

  /* One step: undo shows the files again, redo the edits. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.undo", NULL));
  assert_zone_shows (f, box, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.redo", NULL));

  /* Saving writes them and the journal goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_assert_false (file_exists (journal));
  {
    g_autoptr(GBytes) saved = read_layer (f, 1);
    MsZone *zone = ms_zone_window_get_zone (f->window);
    guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);

    for (guint y = 0; y < SIZE; y++)
      for (guint x = 0; x < SIZE; x++)
        g_assert_cmpuint (control_at (g_bytes_get_data (saved, NULL), bpt, (gsize) y * SIZE + x), ==,
                          expected_control (f, box, x, y));
  }
}

static gboolean
window_gone (gpointer data)
{
  Fixture *f = data;

  return f->window == NULL;
}

/* Discard in the unsaved-changes question closes the window: the dialog
 * goes before its parent (no critical, which this suite makes fatal), the
 * window is finalised and the files are untouched. */
static void
test_close_discard (Fixture       *f,
                    gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };
  GtkWindow *dialog;
  GtkWidget *discard;
  gpointer weak_dialog;

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);
  gtk_window_close (GTK_WINDOW (f->window));
  ms_test_run_for (100);
  dialog = ms_zone_window_get_close_dialog (f->window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  discard = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  g_assert_nonnull (discard);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (discard)), ==, "_Discard");

  weak_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak_dialog);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  /* A button's activation clicks it after a 250 ms press. */
  g_assert_true (gtk_widget_activate (discard));
  ms_test_iterate_until_within (10, window_gone, f, "the window to close");
  g_assert_null (f->window);
  if (weak_dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (weak_dialog), &weak_dialog);
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    {
      g_autoptr(GBytes) now = read_layer (f, i);

      g_assert_true (g_bytes_equal (now, f->original[i]));
    }
}

/* Cancel keeps the window and its edits; asking again works. */
static void
test_close_cancel (Fixture       *f,
                   gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  for (guint round = 0; round < 2; round++)
    {
      GtkWindow *dialog;

      gtk_window_close (GTK_WINDOW (f->window));
      ms_test_run_for (100);
      dialog = ms_zone_window_get_close_dialog (f->window);
      g_assert_nonnull (dialog);
      g_assert_true (gtk_widget_activate (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                              GTK_RESPONSE_CANCEL)));
      /* A button's activation clicks it after a 250 ms press. */
      ms_test_run_for (400);
      g_assert_null (ms_zone_window_get_close_dialog (f->window));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
      g_assert_true (ms_zone_is_dirty (zone));
    }
}

static void
test_journal_discard (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *journal = ms_zone_journal_default_path (ms_zone_window_get_zone (f->window));
  g_autofree char *copy = g_build_filename (f->dir, "kept.journal", NULL);
  g_autoptr(GError) error = NULL;
  MsZoneWindow *other;
  guint box[4];

  drag_rect (f, 50.5, 50.5, 60.5, 55.5, box);
  ms_test_iterate_until (file_exists, journal, "the journal of the unsaved edit");
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = reopen (f);

  /* Kept aside for the recovery dialog's path below. */
  {
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (journal, &contents, &length, NULL));
    g_assert_true (g_file_set_contents (copy, contents, (gssize) length, NULL));
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.discard-journal", NULL));
  g_assert_false (file_exists (journal));
  g_assert_null (ms_zone_window_get_banner (f->window));
  assert_zone_shows (f, box, FALSE);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));

  /* The recovery dialog's path: open and apply in one go. */
  other = ms_zone_window_new (GTK_APPLICATION (app));
  g_assert_true (ms_zone_window_open_recovered (other, f->dir, ZONE_ID, copy, &error));
  g_assert_no_error (error);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (other), x, y), ==,
                        expected_control (f, box, x, y));
  g_assert_true (ms_zone_is_dirty (ms_zone_window_get_zone (other)));
  gtk_window_destroy (GTK_WINDOW (other));
}

/* Even-odd, at the tile's centre: the rule of ms_zone_region_new_polygon,
 * written again here. */
static gboolean
centre_in_polygon (const Spot *v, guint n, guint x, guint y)
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
test_lasso (Fixture       *f,
            gconstpointer  data)
{
  Spot v[5] = { spot (f, 100.5, 100.5), spot (f, 160.5, 104.5), spot (f, 170.5, 150.5),
                spot (f, 130.5, 170.5), spot (f, 96.5, 140.5) };
  MsZone *zone = ms_zone_window_get_zone (f->window);
  guint bpt = ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  g_auto(GStrv) history = NULL;
  g_autofree char *count = NULL;
  guint position, n_inside = 0;

  key ("p");
  move_to (f, &v[0]);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  for (guint i = 1; i < G_N_ELEMENTS (v); i++)
    move_to (f, &v[i]);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);

  history = ms_zone_window_dup_history (f->window, &position);
  g_assert_cmpuint (position, ==, 1);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint16 was = control_at (control, bpt, (gsize) y * SIZE + x);
        gboolean inside = centre_in_polygon (v, G_N_ELEMENTS (v), x, y);

        n_inside += inside;
        g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==, inside ? was | ANTI : was);
      }
  g_assert_cmpuint (n_inside, >, 2000);
  count = g_strdup_printf ("Polygon: set AntiPlant (%u tiles)", n_inside);
  g_assert_cmpstr (history[0], ==, count);
}


/* The zone's control layer as it reads now. */
static guint16 *
snapshot_control (MsZone *zone)
{
  guint16 *c = g_new (guint16, (gsize) SIZE * SIZE);

  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      c[(gsize) y * SIZE + x] = ms_zone_get_control (zone, x, y);
  return c;
}

static gboolean
same_control (const guint16 *a, const guint16 *b)
{
  return memcmp (a, b, (gsize) SIZE * SIZE * sizeof *a) == 0;
}

/* Issue #16.2: the app once vanished on a second Ctrl+Z after brush,
 * rectangle and flood fill.  The whole cycle with real input, run in the
 * ASan build too: each undo and redo lands on the state before or after
 * its step, and closing with Discard leaves the files and no journal. */
static void
test_tool_undo_close_cycle (Fixture       *f,
                            gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autofree char *journal = ms_zone_journal_default_path (zone);
  g_autofree guint16 *opened = snapshot_control (zone);
  g_autofree guint16 *after_brush = NULL, *after_rect = NULL, *after_flood = NULL, *now = NULL;
  guint box[4], position;
  Spot s0 = spot (f, 100.5, 300.5), s1 = spot (f, 130.5, 310.5), flood = spot (f, 400.5, 120.5);
  GtkWindow *dialog;
  GtkWidget *discard;

  key ("b");
  ms_zone_window_set_brush_size (f->window, 7);
  move_to (f, &s0);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  move_to (f, &s1);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
  after_brush = snapshot_control (zone);
  g_assert_false (same_control (after_brush, opened));
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty) & ANTI, !=, 0);

  drag_rect (f, 200.5, 200.5, 260.5, 240.5, box);
  after_rect = snapshot_control (zone);
  g_assert_false (same_control (after_rect, after_brush));
  g_assert_cmpuint (ms_zone_get_control (zone, box[0], box[1]) & ANTI, !=, 0);

  key ("f");
  move_to (f, &flood);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (300);
  after_flood = snapshot_control (zone);
  g_assert_false (same_control (after_flood, after_rect));
  g_strfreev (ms_zone_window_dup_history (f->window, &position));
  g_assert_cmpuint (position, ==, 3);

  /* Past the autosave's delay, so the journal holds the three steps. */
  ms_test_run_for (2500);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));

  key ("ctrl+z");
  now = snapshot_control (zone);
  g_assert_true (same_control (now, after_rect));
  g_clear_pointer (&now, g_free);
  key ("ctrl+z");
  now = snapshot_control (zone);
  g_assert_true (same_control (now, after_brush));
  g_clear_pointer (&now, g_free);
  g_strfreev (ms_zone_window_dup_history (f->window, &position));
  g_assert_cmpuint (position, ==, 1);
  /* Hover and draw over the undone tiles, then redo one. */
  move_to (f, &s1);
  settle (f->window);
  key ("ctrl+shift+z");
  now = snapshot_control (zone);
  g_assert_true (same_control (now, after_rect));
  g_strfreev (ms_zone_window_dup_history (f->window, &position));
  g_assert_cmpuint (position, ==, 2);
  settle (f->window);
  ms_test_run_for (2500);

  gtk_window_close (GTK_WINDOW (f->window));
  ms_test_run_for (100);
  dialog = ms_zone_window_get_close_dialog (f->window);
  g_assert_nonnull (dialog);
  discard = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  g_object_add_weak_pointer (G_OBJECT (f->window), (gpointer *) &f->window);
  g_assert_true (gtk_widget_activate (discard));
  ms_test_iterate_until_within (10, window_gone, f, "the window to close");
  g_assert_null (f->window);
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    {
      g_autoptr(GBytes) bytes = read_layer (f, i);

      g_assert_true (g_bytes_equal (bytes, f->original[i]));
    }
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* ------------------------------------------------------------ details --- */

/* The history row holding the saved-state marker, or -1. */
static int
saved_row (Fixture *f)
{
  GtkWidget *list = ms_test_find_type (GTK_WIDGET (f->window), GTK_TYPE_LIST_BOX);
  int found = -1, i = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row), i++)
    if (ms_test_find_named (row, "saved-marker") != NULL)
      {
        g_assert_cmpint (found, ==, -1);
        found = i;
      }
  return found;
}

/* Every history label shows its whole name: wrapped, never ellipsized,
 * given at least the height its text needs at its width. */
static void
assert_history_whole (Fixture *f)
{
  GtkWidget *list = ms_test_find_type (GTK_WIDGET (f->window), GTK_TYPE_LIST_BOX);
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = ms_test_find_type (row, GTK_TYPE_LABEL);
      int min;

      g_assert_nonnull (label);
      g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));
      g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
      gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &min, NULL, NULL, NULL);
      g_assert_cmpint (gtk_widget_get_height (label), >=, min);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, gtk_label_get_text (GTK_LABEL (label)));
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

/* Issue #16.11: Save only when there is something to save; history names
 * whole and the saved state marked; the banner over the map, not pushing
 * it; no brush outline for fill-by-rule; the polygon's rubber band; Fit
 * clickable when fitted. */
static void
test_details (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *save = ms_test_get_named (GTK_WIDGET (f->window), "save-button");
  GtkWidget *fit = ms_test_get_named (GTK_WIDGET (f->window), "fit-button");
  MsZoneView *view = ms_zone_window_get_view (f->window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  double fitted = ms_viewport_get_zoom (vp), lx, ly, px, py;
  graphene_point_t before, after;
  int height;
  guint box[4];
  Spot a, b, c;

  g_settings_set_boolean (ms_application_get_settings (app), MS_SETTINGS_ZONE_BACKUPS, TRUE);

  /* Nothing to save yet. */
  g_assert_false (gtk_widget_is_sensitive (save));
  g_assert_false (gtk_widget_has_css_class (save, "suggested-action"));
  g_assert_cmpint (saved_row (f), ==, 0);

  /* Fit is live at fit zoom, and fits again after a zoom. */
  g_assert_true (gtk_widget_is_sensitive (fit));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "zone-view.zoom-in", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (vp), >, fitted * 1.1);
  g_assert_true (gtk_widget_is_sensitive (fit));
  g_signal_emit_by_name (fit, "clicked");
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (vp), fitted, 1e-12);
  ms_test_run_for (100);

  /* A step: Save is suggested and live. */
  drag_rect (f, 20.5, 20.5, 300.5, 30.5, box);
  g_assert_true (gtk_widget_is_sensitive (save));
  g_assert_true (gtk_widget_has_css_class (save, "suggested-action"));
  ms_test_run_for (100);
  assert_history_whole (f);

  /* Saving shows a banner (where the backup went) over the map: the view
   * keeps its place and size. */
  g_assert_null (ms_zone_window_get_banner (f->window));
  height = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (f->window), &GRAPHENE_POINT_INIT (0, 0),
                                           &before));
  g_signal_emit_by_name (save, "clicked");
  ms_test_run_for (600);
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_true (g_str_has_prefix (ms_zone_window_get_banner (f->window), "Saved."));
  g_assert_true (gtk_widget_get_child_visible (gtk_revealer_get_child (
    GTK_REVEALER (ms_test_find_type (GTK_WIDGET (f->window), GTK_TYPE_REVEALER)))));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, height);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (f->window), &GRAPHENE_POINT_INIT (0, 0),
                                           &after));
  g_assert_cmpfloat (after.y, ==, before.y);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_false (gtk_widget_is_sensitive (save));
  g_assert_cmpint (saved_row (f), ==, 1);

  /* Undone: something to save again; the files still hold step 1. */
  key ("ctrl+z");
  g_assert_true (gtk_widget_is_sensitive (save));
  g_assert_cmpint (saved_row (f), ==, 1);
  /* A new step replaces the saved one: no row is the files any more. */
  drag_rect (f, 20.5, 60.5, 40.5, 70.5, box);
  g_assert_cmpint (saved_row (f), ==, -1);
  assert_history_whole (f);

  /* Fill by rule: no tool outline while its dialog is open. */
  key ("b");
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_BRUSH);
  key ("g");
  g_assert_nonnull (find_rule_dialog (f));
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_NONE);
  gtk_window_destroy (GTK_WINDOW (find_rule_dialog (f)));
  ms_test_run_for (100);
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_BRUSH);

  /* Polygon: after two corners, an edge runs from the last to the pointer. */
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  key ("p");
  a = spot (f, 100.5, 100.5);
  b = spot (f, 200.5, 120.5);
  c = spot (f, 160.5, 220.5);
  move_to (f, &a);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (100);
  g_assert_true (ms_zone_view_get_rubber_band (view, &lx, &ly, &px, &py));
  move_to (f, &b);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (100);
  move_to (f, &c);
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_POLYGON);
  g_assert_true (ms_zone_view_get_rubber_band (view, &lx, &ly, &px, &py));
  /* Event coordinates come as floats: within a hundredth of a tile. */
  g_assert_cmpfloat_with_epsilon (lx, b.mx, 1e-2);
  g_assert_cmpfloat_with_epsilon (ly, b.my, 1e-2);
  g_assert_cmpfloat_with_epsilon (px, c.mx, 1e-2);
  g_assert_cmpfloat_with_epsilon (py, c.my, 1e-2);
  /* ... and it is on screen: the light line over the dark one, near the
   * middle of that edge. */
  {
    int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
    g_autofree guint32 *shown = NULL;
    double mx, my;
    gboolean light = FALSE;

    settle (f->window);
    shown = ms_test_capture (GTK_WIDGET (view), w, h);
    ms_viewport_map_to_screen (vp, (b.mx + c.mx) / 2, (b.my + c.my) / 2, &mx, &my);
    for (int dy = -2; dy <= 2; dy++)
      for (int dx = -2; dx <= 2; dx++)
        {
          guint32 p = shown[(gsize) ((int) my + dy) * w + (int) mx + dx];

          light |= ((p >> 16) & 0xff) > 220 && ((p >> 8) & 0xff) > 220 && (p & 0xff) > 220;
        }
    g_assert_true (light);
  }
  key ("Escape");
  g_assert_false (ms_zone_view_get_rubber_band (view, &lx, &ly, &px, &py));
}

/* ------------------------------------------------------------ layout --- */

static graphene_rect_t
bounds_in_window (GtkWidget *widget, GtkWidget *window)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &r));
  return r;
}

/* Issue #16.7: at the painter's smallest size, and at 800×600, the Tile
 * readout does not cover the paint target; both panels scroll instead. */
static void
test_small_window (Fixture       *f,
                   gconstpointer  data)
{
  const int sizes[][2] = { { 1, 1 }, { 800, 600 } };
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *target = ms_test_get_named (window, "paint-target");
  GtkWidget *tile = ms_test_get_named (window, "tile-panel");

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      graphene_rect_t t, p, page, shown;
      GtkWidget *scroller = gtk_widget_get_ancestor (target, GTK_TYPE_SCROLLED_WINDOW);
      int min_w, min_h;

      char w[16], h[16];

      gtk_widget_measure (window, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
      gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
      /* No window manager here: X takes any size, so ask for the smallest
       * one GTK allows, or 800×600. */
      g_snprintf (w, sizeof w, "%d", MAX (min_w, sizes[i][0]));
      g_snprintf (h, sizeof h, "%d", MAX (min_h, sizes[i][1]));
      gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[i][0], sizes[i][1]);
      ms_test_xdotool ("windowsize", f->window_id, w, h, NULL);
      settle (f->window);
      ms_test_run_for (300);
      g_test_message ("window %d×%d, minimum %d×%d", gtk_widget_get_width (window), gtk_widget_get_height (window),
                      min_w, min_h);
      if (i == 1)
        g_assert_cmpint (gtk_widget_get_height (window), <=, 600);

      t = bounds_in_window (target, window);
      p = bounds_in_window (tile, window);
      page = bounds_in_window (scroller, window);
      g_test_message ("target y %g..%g, page y %g..%g, tile y %g..%g", t.origin.y, t.origin.y + t.size.height,
                      page.origin.y, page.origin.y + page.size.height, p.origin.y, p.origin.y + p.size.height);
      /* The target lies wholly in its page's visible part, above the Tile
       * panel. */
      g_assert_true (graphene_rect_intersection (&t, &page, &shown));
      g_assert_cmpfloat (shown.size.height, >=, t.size.height - 0.5);
      g_assert_cmpfloat (t.origin.y + t.size.height, <=, p.origin.y);
      g_assert_false (graphene_rect_intersection (&t, &p, NULL));
      /* The whole window fits the screen it was given. */
      g_assert_cmpint (gtk_widget_get_height (window), <=, MAX (min_h, sizes[i][1]));
    }
}

/* Issue #13: a layer file replaced behind the window's back is said at
 * once, without a save or a hover; dismissed, it is not said again. */
static void
test_watched (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "control.0042.bin", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *server = NULL;
  const char *banner;
  gsize len;

  g_assert_null (ms_zone_window_get_banner (f->window));
  server = g_bytes_unref_to_data (g_bytes_ref (f->original[1]), &len);
  server[0] ^= MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  ms_test_run_for (700);
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_true (g_str_has_prefix (banner, "control.0042.bin changed on disk."));
  g_assert_nonnull (strstr (banner, "Reload to see it"));
  g_assert_true (ms_zone_window_has_conflict (f->window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.dismiss-banner", NULL));
  ms_test_run_for (2500);
  g_assert_null (ms_zone_window_get_banner (f->window));

  /* Changed again: said again, and Reload shows the file as it is now. */
  server[0] ^= MS_ZONE_CONTROL_ANTI_PLANT;
  g_assert_true (g_file_set_contents (path, (const char *) server, (gssize) len, &error));
  ms_test_run_for (700);
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 0, 0), ==,
                    (guint) (server[0] | (ms_zone_get_file_bytes_per_tile (ms_zone_window_get_zone (f->window),
                                                                           MS_ZONE_LAYER_CONTROL) == 2
                                          ? server[1] << 8 : 0)));
  ms_test_run_for (2500);
  g_assert_null (ms_zone_window_get_banner (f->window));
}

/* ------------------------------------------------------ lost pages --- */

#define REAL_ID   71
#define REAL_SIZE 256

/* A copy of the real zone 71 (tests/data/zones/0071), 256²; f->original[]
 * holds its control file in [1], empty bytes elsewhere. */
static void
fixture_set_up_real (Fixture       *f,
                     gconstpointer  data)
{
  const char *names[] = { "altitude.0071.bin", "blocks.0071.bin", "control.0071.bin", "plants.0071.bin" };
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  for (guint i = 0; i < G_N_ELEMENTS (layer_files); i++)
    f->original[i] = g_bytes_new (NULL, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_test_build_filename (G_TEST_DIST, "data", "zones", "0071", names[i], NULL);
      char *contents;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, &error));
      g_assert_no_error (error);
      ms_test_put_file (f->dir, names[i], contents, length);
      if (g_str_has_prefix (names[i], "control"))
        {
          g_bytes_unref (f->original[1]);
          f->original[1] = g_bytes_new_take (contents, length);
        }
      else
        g_free (contents);
    }
  g_assert_cmpuint (g_bytes_get_size (f->original[1]), ==, REAL_SIZE * REAL_SIZE * 2);
  open_in_fixture (f, REAL_ID);
}

static guint16
original_control (Fixture *f, guint x, guint y)
{
  const guint8 *c = g_bytes_get_data (f->original[1], NULL);
  gsize t = (gsize) y * REAL_SIZE + x;

  return (guint16) (c[2 * t] | c[2 * t + 1] << 8);
}

static void
stroke (Fixture *f, double x0, double y0, double x1, double y1)
{
  Spot a = spot (f, x0, y0), b = spot (f, x1, y1);

  move_to (f, &a);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  move_to (f, &b);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
}

static guint64
journal_tiles (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (path, &error);

  g_assert_no_error (error);
  return info->n_tiles;
}

static goffset
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_size;
}

/* Issue #13: the control file is truncated in place while the zone is
 * open and edited.  The process survives hovering, painting and the
 * journal timer over the lost pages; the banner names the file; Save
 * refuses (even forced) and writes nothing; the journal written before
 * stays; Reload after the file is back opens it and offers the edits. */
static void
test_lost_pages (Fixture       *f,
                 gconstpointer  data)
{
  MsZone *zone = ms_zone_window_get_zone (f->window);
  g_autofree char *control = g_build_filename (f->dir, "control.0071.bin", NULL);
  g_autofree char *journal = ms_zone_journal_default_path (zone);
  g_autoptr(GError) error = NULL;
  const char *banner;
  guint64 journalled;
  Spot s0;
  int fd;

  g_assert_cmpuint (ms_zone_get_width (zone), ==, REAL_SIZE);
  key ("b");
  ms_zone_window_set_brush_size (f->window, 5);
  s0 = spot (f, 40.5, 60.5);
  stroke (f, 40.5, 60.5, 70.5, 60.5);
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty), ==, original_control (f, s0.tx, s0.ty) | ANTI);
  /* Past the journal's delay: the stroke is kept for recovery. */
  ms_test_run_for (2600);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  journalled = journal_tiles (journal);
  g_assert_cmpuint (journalled, >, 0);

  /* The game server (say) truncates the file in place: rows past the first
   * thousand bytes are gone from under the mapping. */
  fd = g_open (control, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 1000), ==, 0);
  close (fd);

  /* Hover and paint over lost pages, and wait out the journal timer. */
  {
    Spot h = spot (f, 120.5, 150.5);

    move_to (f, &h);
    stroke (f, 120.5, 150.5, 150.5, 160.5);
    ms_test_run_for (2600);
  }
  g_assert_false (ms_zone_check_layer (zone, MS_ZONE_LAYER_CONTROL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_true (ms_zone_check_layer (zone, MS_ZONE_LAYER_PLANTS, NULL));
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "control.0071.bin changed on disk"));
  g_assert_nonnull (strstr (banner, "kept for recovery"));
  /* The journal is the one written before, not one read from zeros. */
  g_assert_cmpuint (journal_tiles (journal), ==, journalled);

  /* Save refuses, naming the file; forced too; nothing is written. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_true (g_str_has_prefix (banner, "Not saved: control.0071.bin"));
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_cmpint (file_size (control), ==, 1000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.overwrite", NULL));
  g_assert_cmpint (file_size (control), ==, 1000);
  g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_FORCE, NULL, NULL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "control.0071.bin"));
  g_clear_error (&error);
  g_assert_cmpint (file_size (control), ==, 1000);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  /* The file comes back; Reload opens it and offers the journalled edits. */
  g_assert_true (g_file_set_contents (control, g_bytes_get_data (f->original[1], NULL),
                                      (gssize) g_bytes_get_size (f->original[1]), &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.reload", NULL));
  zone = ms_zone_window_get_zone (f->window);
  g_assert_true (ms_zone_check_layers (zone, NULL, NULL));
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty), ==, original_control (f, s0.tx, s0.ty));
  g_assert_cmpuint (ms_zone_get_control (zone, 130, 155), ==, original_control (f, 130, 155));
  banner = ms_zone_window_get_banner (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "unsaved edits"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.recover", NULL));
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_cmpuint (ms_zone_get_control (zone, s0.tx, s0.ty), ==, original_control (f, s0.tx, s0.ty) | ANTI);
  /* The second stroke was made over lost pages: not journalled. */
  g_assert_cmpuint (ms_zone_get_control (zone, 130, 155), ==, original_control (f, 130, 155));
  settle (f->window);
  ms_test_run_for (300);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "zone.save", NULL));
  g_assert_false (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) now = read_layer_named (f, "control.0071.bin");
    const guint8 *c = g_bytes_get_data (now, NULL);
    gsize t = (gsize) s0.ty * REAL_SIZE + s0.tx;

    g_assert_cmpuint (g_bytes_get_size (now), ==, REAL_SIZE * REAL_SIZE * 2);
    g_assert_cmpuint ((guint16) (c[2 * t] | c[2 * t + 1] << 8), ==, original_control (f, s0.tx, s0.ty) | ANTI);
  }
}

/* ---------------------------------------------------------------- seams --- */

#define BIG 2048

/* The largest channel difference of two ARGB words. */
static guint
pixel_difference (guint32 a, guint32 b)
{
  guint d = 0;

  for (guint shift = 0; shift < 24; shift += 8)
    d = MAX (d, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
  return d;
}

/* Every pixel of the zone's picture, a border of 2 pixels left out, against
 * the colour at its centre; on a uniform zone any line where tiles meet
 * stands out.  Returns how many differ, the boundary lines named. */
static guint
count_seams (MsZoneWindow *window)
{
  MsZoneView *view = ms_zone_window_get_view (window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  g_autofree guint32 *shown = ms_test_capture (GTK_WIDGET (view), w, h);
  double sx0, sy0, sx1, sy1;
  int x0, y0, x1, y1;
  guint32 centre;
  guint bad = 0;

  ms_viewport_map_to_screen (vp, 0, 0, &sx0, &sy0);
  ms_viewport_map_to_screen (vp, BIG, BIG, &sx1, &sy1);
  x0 = MAX ((int) ceil (sx0) + 2, 0);
  y0 = MAX ((int) ceil (sy0) + 2, 0);
  x1 = MIN ((int) floor (sx1) - 2, w);
  y1 = MIN ((int) floor (sy1) - 2, h);
  g_assert_cmpint (x1 - x0, >, 100);
  g_assert_cmpint (y1 - y0, >, 100);
  centre = shown[(gsize) ((y0 + y1) / 2) * w + (x0 + x1) / 2];
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (pixel_difference (shown[(gsize) y * w + x], centre) > 2)
        {
          double mx, my;

          if (bad++ < 5)
            {
              ms_viewport_screen_to_map (vp, x + 0.5, y + 0.5, &mx, &my);
              g_test_message ("pixel (%d, %d), tile (%.1f, %.1f): %06x, not %06x", x, y, mx, my,
                              shown[(gsize) y * w + x] & 0xffffff, centre & 0xffffff);
            }
        }
  /* Each row and column at a tile boundary against its neighbours. */
  for (guint b = 256; b < BIG; b += 256)
    {
      double bx, by;
      int px, py;

      ms_viewport_map_to_screen (vp, b, b, &bx, &by);
      px = (int) floor (bx);
      py = (int) floor (by);
      for (int d = -1; d <= 0; d++)
        {
          if (px + d - 2 >= x0 && px + d + 2 < x1)
            for (int y = y0; y < y1; y++)
              bad += pixel_difference (shown[(gsize) y * w + px + d],
                                                  shown[(gsize) y * w + px + d - 2]) > 2;
          if (py + d - 2 >= y0 && py + d + 2 < y1)
            for (int x = x0; x < x1; x++)
              bad += pixel_difference (shown[(gsize) (py + d) * w + x],
                                                  shown[(gsize) (py + d - 2) * w + x]) > 2;
        }
    }
  return bad;
}

/* Issue #16: at fit zoom a 2048² zone showed 1-pixel dark lines where
 * tiles meet.  A uniform zone (one height, one control flag everywhere)
 * must show as one colour at that zoom and at others that put tile edges
 * between pixels. */
static void
test_no_seams (void)
{
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *altitude = g_malloc ((gsize) BIG * BIG * 2);
  g_autofree guint8 *control = g_malloc ((gsize) BIG * BIG * 2);
  g_autoptr(GError) error = NULL;
  /* Fit, then views that showed a seam before the fix (found by a sweep
   * of zooms and centres under llvmpipe). */
  const struct { double zoom, cx, cy; } views[] = {
    { 0, 0, 0 }, { 0.272, BIG / 2 + 0.519, BIG / 2 + 0.873 }, { 0.46, BIG / 2 + 8.65, BIG / 2 + 14.55 },
    { 0.3071, BIG / 2 + 0.37, BIG / 2 + 0.61 }, { 0.6183, BIG / 2 + 0.37, BIG / 2 + 0.61 },
  };
  MsZoneWindow *window;
  MsViewport *vp;
  char name[32];

  for (gsize i = 0; i < (gsize) BIG * BIG; i++)
    {
      guint16 raw = 700u << 5;

      altitude[2 * i] = raw & 0xff;
      altitude[2 * i + 1] = raw >> 8;
      control[2 * i] = ANTI;
      control[2 * i + 1] = 0;
    }
  g_snprintf (name, sizeof name, "altitude.%04u.bin", ZONE_ID);
  ms_test_put_file (dir, name, altitude, (gsize) BIG * BIG * 2);
  g_snprintf (name, sizeof name, "control.%04u.bin", ZONE_ID);
  ms_test_put_file (dir, name, control, (gsize) BIG * BIG * 2);

  window = ms_zone_window_new (GTK_APPLICATION (app));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open (window, dir, ZONE_ID, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (ms_zone_window_get_zone (window)), ==, BIG);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_settle (drawn, window, 300, "the big zone to draw");
  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (ms_zone_window_get_view (window))), ==, expect_gl);
  vp = ms_zone_view_get_viewport (ms_zone_window_get_view (window));

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      if (views[i].zoom > 0)
        {
          ms_viewport_set_zoom (vp, views[i].zoom);
          ms_viewport_set_centre (vp, views[i].cx, views[i].cy);
          ms_test_settle (drawn, window, 300, "the big zone to draw");
        }
      g_test_message ("zoom %g", ms_viewport_get_zoom (vp));
      g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (vp), i == 0 ? ms_viewport_get_zoom (vp) : views[i].zoom,
                                      1e-9);
      /* Fitted, the whole zone is smaller than a screen pixel per tile. */
      if (i == 0)
        g_assert_cmpfloat (ms_viewport_get_zoom (vp), <, 0.5);
      g_assert_cmpuint (count_seams (window), ==, 0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
  ms_test_remove_tree (dir);
}

/* A save of control and plants killed after its intent record was written
 * (mapsmith-cli, MAPSMITH_SAVE_CRASH_AT): the next window on the zone
 * finishes or undoes it before showing it, and says so. */
static void
test_interrupted_save (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *record = g_build_filename (f->dir, ".mapsmith-save.0071.intent", NULL);
  g_autoptr(GError) error = NULL;
  MsZoneWindow *second;
  const char *banner;
  gboolean made = FALSE;

  for (int n = 1; n <= 30 && !made; n++)
    {
      g_autofree char *at = g_strdup_printf ("%d", n);
      g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "MAPSMITH_SAVE_CRASH_AT", at, TRUE);
      const char *argv[] = { g_getenv ("MAPSMITH_CLI"), "zone", "edit", f->dir, "71",
                             "set AntiPlant rect 0 0 20 20", "spawn 9 rect 0 0 20 20", NULL };
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDOUT_TO_DEV_NULL |
                                   G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_false (WIFEXITED (status));  /* killed before the save ended */
      made = g_file_test (record, G_FILE_TEST_EXISTS);
    }
  g_assert_true (made);

  second = ms_zone_window_new (GTK_APPLICATION (app));
  g_assert_true (ms_zone_window_open (second, f->dir, REAL_ID, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (second));
  settle (second);
  banner = ms_zone_window_get_banner (second);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "control.0071.bin and plants.0071.bin"));
  g_assert_true (strstr (banner, "was finished") != NULL || strstr (banner, "was undone") != NULL);
  g_assert_false (g_file_test (record, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (second));
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  /* Unsaved-edit journals go under the state folder: a private one. */
  g_autofree char *state = ms_test_make_tmpdir ();
  int status;

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  app = ms_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_test_add ("/zone-window/paint-undo-redo-save", Fixture, NULL, fixture_set_up, test_paint_undo_redo_save,
              fixture_tear_down);
  g_test_add ("/zone-window/changed-on-disk", Fixture, NULL, fixture_set_up, test_changed_on_disk,
              fixture_tear_down);
  g_test_add ("/zone-window/keys-switch-tools", Fixture, NULL, fixture_set_up, test_keys_switch_tools,
              fixture_tear_down);
  g_test_add ("/zone-window/hover-readout", Fixture, NULL, fixture_set_up, test_hover_readout,
              fixture_tear_down);
  g_test_add ("/zone-window/gl-uploads-only-touched", Fixture, NULL, fixture_set_up,
              test_gl_uploads_only_touched, fixture_tear_down);
  g_test_add ("/zone-window/overlays", Fixture, NULL, fixture_set_up, test_overlays, fixture_tear_down);
  g_test_add ("/zone-window/primary-menu", Fixture, NULL, fixture_set_up, test_primary_menu, fixture_tear_down);
  g_test_add ("/zone-window/masks", Fixture, NULL, fixture_set_up, test_masks, fixture_tear_down);
  g_test_add ("/zone-window/backups", Fixture, NULL, fixture_set_up, test_backups, fixture_tear_down);
  g_test_add ("/zone-window/backups-off", Fixture, NULL, fixture_set_up, test_backups_off, fixture_tear_down);
  g_test_add ("/zone-window/flood-fill", Fixture, NULL, fixture_set_up, test_flood_fill, fixture_tear_down);
  g_test_add ("/zone-window/fill-by-rule", Fixture, NULL, fixture_set_up, test_fill_by_rule, fixture_tear_down);
  g_test_add ("/zone-window/spawn-and-clear", Fixture, NULL, fixture_set_up, test_spawn_and_clear, fixture_tear_down);
  g_test_add ("/zone-window/ctrl-scroll-brush-size", Fixture, NULL, fixture_set_up, test_ctrl_scroll_brush_size, fixture_tear_down);
  g_test_add ("/zone-window/dirty-follows-history", Fixture, NULL, fixture_set_up, test_dirty_follows_history, fixture_tear_down);
  g_test_add ("/zone-window/lasso", Fixture, NULL, fixture_set_up, test_lasso, fixture_tear_down);
  g_test_add ("/zone-window/journal-recover", Fixture, NULL, fixture_set_up, test_journal_recover,
              fixture_tear_down);
  g_test_add ("/zone-window/journal-discard", Fixture, NULL, fixture_set_up, test_journal_discard,
              fixture_tear_down);
  g_test_add ("/zone-window/close-discard", Fixture, NULL, fixture_set_up, test_close_discard,
              fixture_tear_down);
  g_test_add ("/zone-window/close-cancel", Fixture, NULL, fixture_set_up, test_close_cancel,
              fixture_tear_down);
  g_test_add ("/zone-window/tool-undo-close-cycle", Fixture, NULL, fixture_set_up, test_tool_undo_close_cycle,
              fixture_tear_down);
  g_test_add ("/zone-window/lost-pages", Fixture, NULL, fixture_set_up_real, test_lost_pages, fixture_tear_down);
  g_test_add ("/zone-window/details", Fixture, NULL, fixture_set_up, test_details, fixture_tear_down);
  g_test_add ("/zone-window/small-window", Fixture, NULL, fixture_set_up, test_small_window, fixture_tear_down);
  g_test_add ("/zone-window/watched", Fixture, NULL, fixture_set_up, test_watched, fixture_tear_down);
  g_test_add ("/zone-window/interrupted-save", Fixture, NULL, fixture_set_up_real, test_interrupted_save,
              fixture_tear_down);
  g_test_add_func ("/zone-window/no-seams", test_no_seams);
  status = g_test_run ();
  g_object_unref (app);
  ms_test_remove_tree (state);
  return status;
}
