/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Frame times of the 3D view (MsTerrainView) in a real window: the time to
 * the first complete picture; then FRAMES frames of the same camera
 * redrawn (the draw alone: every tile is there); then FRAMES frames of an
 * animation driven by the frame clock (each frame orbits 1.5° and, in its
 * second half, flies in towards the ground, so tiles stream in while it
 * runs).  It reports the intervals between frames drawn — what a user
 * dragging sees.  bench/terrain-frames runs it under Xvfb with Mesa, and
 * bench/pan-zoom on its maps, in a window of the same size as the app's.
 *
 *   bench-terrain-frames [--window WxH] [--orbit-only] zone DIR ZONEID [FRAMES]
 *   bench-terrain-frames [--window WxH] [--orbit-only] blueprint FILE [FRAMES]
 *
 * The window is 1200x800 unless told (the app's default size).
 */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "ms-blueprint-pyramid.h"
#include "ms-terrain-blueprint-source.h"
#include "ms-terrain-view.h"
#include "ms-terrain-zone-source.h"
#include "ms-zone-pyramid.h"

typedef struct
{
  MsTerrainView *view;
  GArray        *stamps;   /* gint64 µs, one per frame drawn */
  guint          frames;
  guint          step;
  guint64        last_frames;
  double         fly_in;   /* distance factor a frame in the second half */
  gboolean       done;
  gboolean       moving;
} Run;

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       user_data)
{
  Run *run = user_data;
  MsTerrainCamera camera = *ms_terrain_view_get_camera (run->view);
  gint64 now = g_get_monotonic_time ();
  guint64 drawn = ms_terrain_view_get_n_frames (run->view);

  /* Only frames the view drew count: a tick with no new picture is not a
   * frame the user saw. */
  if (drawn != run->last_frames)
    {
      g_array_append_val (run->stamps, now);
      run->last_frames = drawn;
    }
  if (run->step >= run->frames)
    {
      run->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  if (run->moving)
    {
      camera.yaw_deg += 1.5;
      if (run->step >= run->frames / 2)
        camera.distance *= run->fly_in;
    }
  ms_terrain_view_set_camera (run->view, &camera);
  run->step++;
  return G_SOURCE_CONTINUE;
}

/* With $BENCH_SHOT set, the view as its renderer draws it, as a PNG there. */
static void
save_shot (GtkWidget  *view,
           const char *name)
{
  const char *dir = g_getenv ("BENCH_SHOT");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  int w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (view);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (view)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_build_filename (dir, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static int
compare (gconstpointer a,
         gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsTerrainSource) source = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZonePyramid) zone_pyramid = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintPyramid) bp_pyramid = NULL;
  g_autoptr(GArray) intervals = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GOptionContext) options = g_option_context_new ("zone DIR ZONEID [FRAMES] | blueprint FILE [FRAMES]");
  g_autofree char *window_size = NULL;
  gboolean orbit_only = FALSE;
  GOptionEntry entries[] = {
    { "window", 0, 0, G_OPTION_ARG_STRING, &window_size, "Window size (1200x800)", "WxH" },
    { "orbit-only", 0, 0, G_OPTION_ARG_NONE, &orbit_only, "Only the orbit and fly-in phase", NULL },
    { NULL }
  };
  Run run = { 0 };
  GtkWidget *window, *view;
  gint64 t0, first = 0;
  guint max_nodes = 0;
  int frames_arg, width = 1200, height = 800;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (window_size != NULL && sscanf (window_size, "%dx%d", &width, &height) != 2)
    {
      g_printerr ("--window wants WxH, not %s\n", window_size);
      return 2;
    }
  gtk_init ();
  if (argc >= 4 && g_str_equal (argv[1], "zone"))
    {
      zone = ms_zone_new_for_dir (argv[2], (guint) atoi (argv[3]), 0, 0, NULL, &error);
      if (zone == NULL)
        g_error ("%s", error->message);
      zone_pyramid = ms_zone_pyramid_new (zone, 256 << 20);
      source = ms_terrain_zone_source_new (zone_pyramid, NULL);
      frames_arg = 4;
    }
  else if (argc >= 3 && g_str_equal (argv[1], "blueprint"))
    {
      bp = ms_blueprint_new_for_path (argv[2], NULL, &error);
      if (bp == NULL)
        g_error ("%s", error->message);
      bp_pyramid = ms_blueprint_pyramid_new (bp, 256 << 20);
      source = ms_terrain_blueprint_source_new (bp_pyramid, NULL);
      frames_arg = 3;
    }
  else
    {
      g_printerr ("usage: %s zone DIR ZONEID [FRAMES] | blueprint FILE [FRAMES]\n", argv[0]);
      return 2;
    }
  run.frames = argc > frames_arg ? (guint) atoi (argv[frames_arg]) : 240;
  /* The second half flies in to 0.16 of the distance whatever FRAMES is
   * (0.985 a frame over 240 frames, as before it was a parameter). */
  run.fly_in = pow (0.16, 1.0 / MAX (1, run.frames - run.frames / 2));
  run.stamps = g_array_new (FALSE, FALSE, sizeof (gint64));

  window = gtk_window_new ();
  view = ms_terrain_view_new ();
  run.view = MS_TERRAIN_VIEW (view);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), view);
  t0 = g_get_monotonic_time ();
  ms_terrain_view_set_source (run.view, source);
  if (bp != NULL)
    ms_terrain_view_set_exaggeration (run.view, 3.0);
  gtk_window_present (GTK_WINDOW (window));

  while (!ms_terrain_view_is_complete (run.view))
    {
      g_main_context_iteration (NULL, TRUE);
      if (g_get_monotonic_time () - t0 > 120 * G_USEC_PER_SEC)
        g_error ("no complete picture after 120 s");
    }
  first = g_get_monotonic_time () - t0;

  g_print ("%s\tfirst complete picture %.2f s\tGL %s\twindow %dx%d\n", argv[frames_arg - 1], first / 1e6,
           ms_terrain_view_get_using_gl (run.view) ? "yes" : "no", gtk_widget_get_width (view),
           gtk_widget_get_height (view));
  for (guint phase = orbit_only ? 1 : 0; phase < 2; phase++)
    {
      run.moving = phase == 1;
      run.done = FALSE;
      run.step = 0;
      max_nodes = 0;
      g_array_set_size (run.stamps, 0);
      g_array_set_size (intervals, 0);
      run.last_frames = ms_terrain_view_get_n_frames (run.view);
      gtk_widget_add_tick_callback (view, tick, &run, NULL);
      while (!run.done)
        {
          g_main_context_iteration (NULL, TRUE);
          max_nodes = MAX (max_nodes, ms_terrain_view_get_n_nodes (run.view));
        }

      for (guint i = 1; i < run.stamps->len; i++)
        {
          double ms = (g_array_index (run.stamps, gint64, i) - g_array_index (run.stamps, gint64, i - 1)) / 1000.0;
          g_array_append_val (intervals, ms);
        }
      g_array_sort (intervals, compare);
      if (intervals->len == 0)
        g_error ("no frames");
      g_print ("  %-22s frames %u\tmedian %.1f ms\tp95 %.1f ms\tmax %.1f ms\tnodes ≤ %u\n",
               run.moving ? "orbit and fly-in" : "redraw, same camera", intervals->len,
               g_array_index (intervals, double, intervals->len / 2),
               /* Nearest rank, as widgets/ms-tile-view-replay.c. */
               g_array_index (intervals, double,
                              MIN (intervals->len - 1, (guint) ceil (intervals->len * 0.95) - 1)),
               g_array_index (intervals, double, intervals->len - 1), max_nodes);
    }
  /* The end of the fly-in, once its tiles are in. */
  while (!ms_terrain_view_is_complete (run.view))
    g_main_context_iteration (NULL, TRUE);
  save_shot (view, bp != NULL ? "terrain-frames-blueprint.png" : "terrain-frames-zone.png");
  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (run.stamps);
  return 0;
}
