/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D view in a real window: the real zone 0070 and a demo blueprint
 * are drawn (not empty, not one colour), real keys move the camera, and
 * the point picked under the centre is the orbit target.  Runs with GL
 * and, with GDK_DEBUG=gl-disable, on the CPU renderer
 * (MAPSMITH_TEST_EXPECT_GL says which it must end up using).
 */
#include "config.h"

#include <math.h>

#include "ms-blueprint-pyramid.h"
#include "ms-demo-blueprint.h"
#include "ms-terrain-blueprint-source.h"
#include "ms-terrain-view.h"
#include "ms-terrain-zone-source.h"
#include "ms-test-display.h"
#include "ms-zone-pyramid.h"

#define W 640
#define H 480

typedef struct
{
  GtkWidget *window;
  GtkWidget *view;
  char      *window_id;
} Fixture;

static gboolean
complete (gpointer data)
{
  return ms_terrain_view_is_complete (MS_TERRAIN_VIEW (data));
}

static void
open_view (Fixture *f, MsTerrainSource *source, const char *title)
{
  f->window = gtk_window_new ();
  f->view = ms_terrain_view_new ();
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), W, H);
  gtk_window_set_title (GTK_WINDOW (f->window), title);
  gtk_window_set_child (GTK_WINDOW (f->window), f->view);
  ms_terrain_view_set_source (MS_TERRAIN_VIEW (f->view), source);
  gtk_window_present (GTK_WINDOW (f->window));
  ms_test_iterate_until_stable (complete, f->view, 300, "the terrain view's tiles");
  g_assert_cmpint (gtk_widget_get_width (f->view), ==, W);
  g_assert_cmpint (gtk_widget_get_height (f->view), ==, H);
  f->window_id = ms_test_x_window_id (title);
}

static void
close_view (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_free (f->window_id);
  ms_test_run_for (50);
}

/* The picture: not one colour, mostly terrain in the middle, sky at the
 * top corners (the map's far edge is below them). */
static void
check_picture (GtkWidget *view, const char *png)
{
  g_autofree guint32 *shown = ms_test_capture (view, W, H);
  g_autoptr(GHashTable) colours = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint sky = 0;

  for (gsize i = 0; i < (gsize) W * H; i++)
    {
      g_hash_table_add (colours, GUINT_TO_POINTER (shown[i] & 0xffffff));
      sky += (shown[i] & 0xffffff) == 0xb8c8d8;
    }
  if (g_getenv ("MS_TEST_SCREENSHOT_DIR") != NULL)
    {
      cairo_surface_t *s = cairo_image_surface_create_for_data ((guchar *) shown, CAIRO_FORMAT_ARGB32,
                                                                W, H, W * 4);
      g_autofree char *path = g_build_filename (g_getenv ("MS_TEST_SCREENSHOT_DIR"), png, NULL);
      cairo_surface_write_to_png (s, path);
      cairo_surface_destroy (s);
    }
  g_assert_cmpuint (g_hash_table_size (colours), >, 200);
  g_assert_cmpuint (sky, >, 0);
  g_assert_cmpuint (sky, <, W * H / 2);
  g_assert_cmphex (shown[(H / 2) * W + W / 2] & 0xffffff, !=, 0xb8c8d8);
  g_assert_cmphex (shown[2 * W + 2] & 0xffffff, ==, 0xb8c8d8);
}

static void
check_centre_pick (MsTerrainView *view)
{
  const MsTerrainCamera *c = ms_terrain_view_get_camera (view);
  double x, y;
  float metres;

  g_assert_true (ms_terrain_view_pick (view, W / 2.0, H / 2.0, &x, &y, &metres));
  /* Within half a map pixel: the march steps half a unit, then bisects. */
  g_assert_cmpfloat (fabs (x - c->target[0]), <, 0.5);
  g_assert_cmpfloat (fabs (y - c->target[2]), <, 0.5);
}

typedef struct
{
  guint  n;
  double x, y;
} Motion;

static void
on_map_motion (MsTerrainView *view, double x, double y, Motion *m)
{
  m->n++;
  m->x = x;
  m->y = y;
}

static gboolean
moved (gpointer data)
{
  return ((Motion *) data)->n > 0;
}

/* The real pointer over the view's centre: "map-motion" reports the map
 * point there, which is the target (seen from above). */
static void
check_readout (Fixture *f)
{
  const MsTerrainCamera *c = ms_terrain_view_get_camera (MS_TERRAIN_VIEW (f->view));
  Motion m = { 0 };
  double sx, sy;
  g_autofree char *xs = NULL, *ys = NULL;
  gulong id = g_signal_connect (f->view, "map-motion", G_CALLBACK (on_map_motion), &m);

  ms_test_widget_to_surface (f->view, W / 2.0, H / 2.0, &sx, &sy);
  xs = g_strdup_printf ("%d", (int) sx);
  ys = g_strdup_printf ("%d", (int) sy);
  ms_test_xdotool ("mousemove", "--window", f->window_id, xs, ys, NULL);
  ms_test_iterate_until_within (10, moved, &m, "map-motion");
  /* The pointer lands on a whole pixel: within a pixel's footprint. */
  g_assert_cmpfloat (fabs (m.x - c->target[0]), <, 2.0);
  g_assert_cmpfloat (fabs (m.y - c->target[2]), <, 2.0);
  g_signal_handler_disconnect (f->view, id);
}

static void
check_view (Fixture *f, guint map_size)
{
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  MsTerrainView *view = MS_TERRAIN_VIEW (f->view);
  MsTerrainCamera before;
  guint64 frames;
  double ground;

  g_assert_cmpint (ms_terrain_view_get_using_gl (view), ==, expect_gl);
  if (!expect_gl)
    g_assert_nonnull (ms_terrain_view_get_gl_problem (view));

  /* Reset: looking north at the map's centre. */
  before = *ms_terrain_view_get_camera (view);
  g_assert_cmpfloat (before.target[0], ==, map_size / 2.0);
  g_assert_cmpfloat (before.target[2], ==, map_size / 2.0);
  g_assert_cmpfloat (before.yaw_deg, ==, 0.0);
  g_assert_cmpfloat (before.pitch_deg, ==, 45.0);

  /* Steeply down, so that no hill between the eye and the target can hide
   * it: the centre picks the target. */
  g_assert_true (gtk_widget_activate_action (f->view, "terrain.orbit", "(dd)", 0.0, 40.0));
  ms_test_iterate_until_stable (complete, f->view, 300, "the terrain from above");
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_camera (view)->pitch_deg, 85.0, 1e-9);
  check_centre_pick (view);
  check_readout (f);

  /* Real keys: Right orbits 15°, Down tilts −5°, - zooms out by 1.25,
   * Home resets. */
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  gtk_widget_grab_focus (f->view);
  ms_test_run_for (100);
  frames = ms_terrain_view_get_n_frames (view);
  ms_test_xdotool ("key", "Right", "Down", "minus", NULL);
  ms_test_iterate_until_stable (complete, f->view, 300, "the terrain after keys");
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_camera (view)->yaw_deg, 15.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_camera (view)->pitch_deg, 80.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_camera (view)->distance, before.distance * 1.25, 1e-6);
  g_assert_cmpuint (ms_terrain_view_get_n_frames (view), >, frames);
  check_centre_pick (view);

  /* Panning moves the target, and the centre still picks it. */
  g_assert_true (gtk_widget_activate_action (f->view, "terrain.pan", "(dd)", 0.1, 0.05));
  g_assert_cmpfloat (fabs (ms_terrain_view_get_camera (view)->target[0] - before.target[0]), >, 1.0);
  ms_test_iterate_until_stable (complete, f->view, 300, "the terrain after a pan");
  check_centre_pick (view);

  ms_test_xdotool ("key", "Home", NULL);
  ms_test_run_for (200);
  g_assert_cmpfloat (ms_terrain_view_get_camera (view)->yaw_deg, ==, 0.0);
  g_assert_cmpfloat (ms_terrain_view_get_camera (view)->distance, ==, before.distance);

  /* Exaggeration keeps the target on the ground, twice as high. */
  g_assert_true (gtk_widget_activate_action (f->view, "terrain.orbit", "(dd)", 0.0, 40.0));
  ground = ms_terrain_view_get_camera (view)->target[1];
  ms_terrain_view_set_exaggeration (view, 2.0 * ms_terrain_view_get_exaggeration (view));
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_camera (view)->target[1], 2.0 * ground, 1e-6);
  ms_test_iterate_until_stable (complete, f->view, 300, "the exaggerated terrain");
  check_centre_pick (view);
}

static void
test_real_zone (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "zones", "0070", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = ms_zone_new_for_dir (dir, 70, 0, 0, NULL, &error);
  g_autoptr(MsZonePyramid) pyramid = NULL;
  g_autoptr(MsTerrainSource) source = NULL;
  Fixture f = { 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, 512);
  pyramid = ms_zone_pyramid_new (zone, 64 << 20);
  source = ms_terrain_zone_source_new (pyramid, NULL);
  open_view (&f, source, "terrain-zone-test");
  check_picture (f.view, "terrain-view-zone.png");
  check_view (&f, 512);
  close_view (&f);
}

static void
test_demo_blueprint (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (1024, 42, &error);
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintPyramid) pyramid = NULL;
  g_autoptr(MsTerrainSource) source = NULL;
  Fixture f = { 0 };

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);
  pyramid = ms_blueprint_pyramid_new (bp, 128 << 20);
  source = ms_terrain_blueprint_source_new (pyramid, NULL);
  open_view (&f, source, "terrain-blueprint-test");
  ms_terrain_view_set_exaggeration (MS_TERRAIN_VIEW (f.view), 3.0);
  ms_test_iterate_until_stable (complete, f.view, 300, "the exaggerated blueprint");
  check_picture (f.view, "terrain-view-blueprint.png");
  ms_terrain_view_set_exaggeration (MS_TERRAIN_VIEW (f.view), 1.0);
  check_view (&f, 1024);
  close_view (&f);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/terrain-view/real-zone-0070", test_real_zone);
  g_test_add_func ("/terrain-view/demo-blueprint", test_demo_blueprint);
  return g_test_run ();
}
