/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bench/pan-zoom's 3D run: MAPSMITH_BENCH_ORBIT=FILE makes the app open
 * its maps in 3D (app/ms-terrain-switch.c) and the first 3D view with a
 * complete picture orbit and fly in, one step per frame of its
 * GdkFrameClock, for the same number of frames as the flat replay
 * (widgets/ms-tile-view-replay.c; MAPSMITH_BENCH_ORBIT_FRAMES=N for
 * another count) and the same path as
 * bench-terrain-frames --orbit-only: 1.5° of yaw a frame, and in the
 * second half the distance times 0.16 in all.  It writes, as key value
 * lines, the intervals between frames the view drew (median, p95, max,
 * mean) and how long each took to draw (from the step, in the update
 * phase, to the frame's after-paint).
 *
 * Inside the app window, so that the flat view's replay is compared with
 * a 3D view that pays for the same window around it: the header bar, the
 * side panel and GTK's drawing of the whole window each frame.
 */
#define G_LOG_DOMAIN "ms-terrain-view"

#include "config.h"

#include <math.h>

#include "ms-bench-report.h"
#include "ms-terrain-view-replay.h"

/* As ms-tile-view-replay.c's path, unless MAPSMITH_BENCH_ORBIT_FRAMES
 * says (bench/zone-stroke: as many as its replay). */
#define DEFAULT_STEPS 720

typedef struct
{
  char          *path;
  gboolean       started;
  guint          step;
  guint64        last_frames;
  gint64         last_time;
  guint          n_steps;
  double         fly_in;
  GArray        *intervals;   /* double ms, between frames drawn */
  MsBenchPaints  paints;
  guint          max_nodes;
} Replay;

static gboolean claimed;

static void
replay_free (gpointer data)
{
  Replay *replay = data;

  ms_bench_paints_clear (&replay->paints);
  g_free (replay->path);
  g_array_unref (replay->intervals);
  g_free (replay);
}

static void
write_report (MsTerrainView *view,
              Replay        *replay)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_string_append_printf (out, "frames %u\n", replay->intervals->len);
  ms_bench_report_append_spread (out, "", "ms", replay->intervals);
  ms_bench_report_append_spread (out, "paint_", "ms", replay->paints.paints);
  g_string_append_printf (out, "max_nodes %u\nusing_gl %d\nview_width %d\nview_height %d\n",
                          replay->max_nodes, ms_terrain_view_get_using_gl (view),
                          gtk_widget_get_width (GTK_WIDGET (view)),
                          gtk_widget_get_height (GTK_WIDGET (view)));
  if (!g_file_set_contents (replay->path, out->str, (gssize) out->len, NULL))
    g_warning ("Could not write %s", replay->path);
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  MsTerrainView *view = MS_TERRAIN_VIEW (widget);
  Replay *replay = data;
  MsTerrainCamera camera;
  guint64 drawn = ms_terrain_view_get_n_frames (view);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (!replay->started)
    {
      if (claimed)
        return G_SOURCE_REMOVE;
      if (!gtk_widget_get_mapped (widget) || !ms_terrain_view_is_complete (view))
        return G_SOURCE_CONTINUE;
      claimed = TRUE;
      replay->started = TRUE;
      replay->last_frames = drawn;
      replay->last_time = now;
      ms_bench_paints_watch (&replay->paints, clock);
    }
  else if (drawn != replay->last_frames)
    {
      /* Only frames the view drew count: a tick with no new picture is
       * not a frame the user saw (as bench-terrain-frames). */
      double ms = (double) (now - replay->last_time) / 1000.0;

      g_array_append_val (replay->intervals, ms);
      replay->last_frames = drawn;
      replay->last_time = now;
    }
  replay->max_nodes = MAX (replay->max_nodes, ms_terrain_view_get_n_nodes (view));

  if (replay->step >= replay->n_steps)
    {
      write_report (view, replay);
      return G_SOURCE_REMOVE;
    }
  camera = *ms_terrain_view_get_camera (view);
  camera.yaw_deg += 1.5;
  if (replay->step >= replay->n_steps / 2)
    camera.distance *= replay->fly_in;
  ms_terrain_view_set_camera (view, &camera);
  replay->step++;
  ms_bench_paints_step (&replay->paints);
  return G_SOURCE_CONTINUE;
}

void
ms_terrain_view_replay_attach (MsTerrainView *view)
{
  const char *path = g_getenv ("MAPSMITH_BENCH_ORBIT");
  const char *frames = g_getenv ("MAPSMITH_BENCH_ORBIT_FRAMES");
  Replay *replay;

  if (path == NULL)
    return;
  replay = g_new0 (Replay, 1);
  replay->path = g_strdup (path);
  replay->n_steps = frames != NULL ? CLAMP ((guint) g_ascii_strtoull (frames, NULL, 10), 2, 100000) : DEFAULT_STEPS;
  replay->fly_in = pow (0.16, 1.0 / (replay->n_steps - replay->n_steps / 2));
  replay->intervals = g_array_new (FALSE, FALSE, sizeof (double));
  ms_bench_paints_init (&replay->paints);
  gtk_widget_add_tick_callback (GTK_WIDGET (view), tick, replay, replay_free);
}
