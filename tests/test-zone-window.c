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

#include <math.h>
#include <gtk/gtk.h>

#include "ms-application.h"
#include "ms-demo-zone.h"
#include "ms-test-util.h"
#include "ms-zone-edit.h"
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
on_timeout (gpointer user_data)
{
  g_error ("Timed out waiting for %s", (const char *) user_data);
  return G_SOURCE_REMOVE;
}

static void
iterate_until (gboolean (*done) (gpointer), gpointer data, const char *what)
{
  guint watchdog = g_timeout_add_seconds (60, on_timeout, (gpointer) what);

  while (!done (data))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_source_remove (watchdog);
}

static void
run_for (int ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
drawn (gpointer data)
{
  MsZoneView *view = ms_zone_window_get_view (data);

  return gtk_widget_get_mapped (GTK_WIDGET (view)) && ms_zone_view_get_pending_tiles (view) == 0;
}

static void
settle (MsZoneWindow *window)
{
  iterate_until (drawn, window, "the zone to draw");
  run_for (300);
  iterate_until (drawn, window, "the zone to draw");
}

static void
xdotool (const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;
  int status;

  g_ptr_array_add (argv, g_strdup ("xdotool"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

typedef struct
{
  char         *dir;
  MsZoneWindow *window;
  char         *window_id;
  GBytes       *original[G_N_ELEMENTS (layer_files)];
  double        origin_x, origin_y;   /* the view's (0, 0) in X window pixels */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *title = NULL;
  graphene_point_t at;
  double tx, ty;

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

  f->window = ms_zone_window_new (GTK_APPLICATION (app));
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  g_assert_true (ms_zone_window_open (f->window, f->dir, ZONE_ID, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
  settle (f->window);

  /* The title names the zone; a unique one finds the X window. */
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "Zone 42"));
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));
  title = g_path_get_basename (f->dir);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), title));
  /* A name of its own, only to find the X window by. */
  gtk_window_set_title (GTK_WINDOW (f->window), "zone-window-test");
  run_for (200);
  {
    g_autofree char *cmd = g_strdup ("xdotool search --name ^zone-window-test$");

    g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, NULL, NULL));
  }
  f->window_id = g_strstrip (g_strdup (out));
  if (strchr (f->window_id, '\n'))
    *strchr (f->window_id, '\n') = '\0';
  g_assert_cmpstr (f->window_id, !=, "");

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (ms_zone_window_get_view (f->window)),
                                           GTK_WIDGET (f->window), &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_native_get_surface_transform (GTK_NATIVE (f->window), &tx, &ty);
  f->origin_x = at.x + tx;
  f->origin_y = at.y + ty;
  xdotool ("windowfocus", "--sync", f->window_id, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (ms_zone_window_get_view (f->window)));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  run_for (50);
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
  return s;
}

static void
move_to (Fixture *f, const Spot *s)
{
  xdotool ("mousemove", "--window", f->window_id, s->sx, s->sy, NULL);
  run_for (150);
}

static void
key (const char *keys)
{
  xdotool ("key", keys, NULL);
  run_for (200);
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
read_layer (Fixture *f, guint i)
{
  g_autofree char *path = g_build_filename (f->dir, layer_files[i], NULL);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  return g_bytes_new_take (contents, length);
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
  xdotool ("mousedown", "1", NULL);
  run_for (100);
  move_to (f, &b);
  xdotool ("mouseup", "1", NULL);
  run_for (300);
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
  xdotool ("mousedown", "1", NULL);
  run_for (100);
  move_to (f, &s1);
  move_to (f, &s2);
  xdotool ("mouseup", "1", NULL);
  run_for (300);
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
  run_for (100);
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
        xdotool ("click", "1", NULL);
        run_for (400);   /* past the double-click time */
      }
    key ("Return");
    history = ms_zone_window_dup_history (f->window, &position);
    g_assert_cmpuint (position, ==, 1);
    g_assert_true (g_str_has_prefix (history[0], "Polygon: set AntiPlant ("));
    /* The triangle's centroid is inside. */
    g_assert_cmpuint (ms_zone_get_control (ms_zone_window_get_zone (f->window), 230, 316) & ANTI, !=, 0);
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
  run_for (200);
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

  g_assert_cmpint (ms_zone_view_get_using_gl (view), ==, expect_gl);
  if (!expect_gl)
    {
      g_assert_nonnull (ms_zone_view_get_renderer_problem (view));
      g_assert_cmpuint (ms_zone_view_get_n_uploads (view), ==, 0);
      return;
    }

  /* A dab across the boundary between two 256-cell tiles. */
  level = ms_zone_view_get_level (view);
  span = 256u << level;
  before = ms_zone_view_get_n_uploads (view);
  g_assert_cmpuint (before, >, 0);
  dab = ms_zone_region_new_stamp (SIZE, SIZE, MS_ZONE_BRUSH_ROUND, 256.0, 100.5, 3.0);
  g_assert_true (ms_zone_region_get_bounds (dab, &bx0, &by0, &bx1, &by1));
  n_tiles = ((bx1 - 1) / span - bx0 / span + 1) * ((by1 - 1) / span - by0 / span + 1);
  g_assert_cmpuint (n_tiles, ==, level == 0 ? 2 : 1);
  g_assert_true (ms_zone_apply (ms_zone_window_get_zone (f->window), &op, dab, &error));
  g_assert_no_error (error);
  run_for (100);
  settle (f->window);
  g_assert_cmpuint (ms_zone_view_get_n_uploads (view) - before, ==, n_tiles);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

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
  status = g_test_run ();
  g_object_unref (app);
  return status;
}
