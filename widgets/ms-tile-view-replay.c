/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bench/pan-zoom's hook: MAPSMITH_BENCH_REPLAY=FILE makes the first tile
 * view that shows a whole picture replay a fixed pan and zoom, one step
 * per frame of its GdkFrameClock, and write the frame intervals, how long
 * each frame took to draw (from the step, in the frame's update phase, to
 * its after-paint: layout, snapshot, GL and GSK's rendering, the swap) and
 * the view's counters to FILE (key value lines) when done.  Nothing
 * happens without the variable.
 *
 * The path, in map units of an N² map, one step per frame:
 *   1. 240 frames at 1:1 from (0.1 N, 0.5 N) to (0.9 N, 0.5 N);
 *   2. 120 frames zooming out by 1/1.03 a frame, then 120 back in;
 *   3. 240 frames at 1/4 from (0.9 N, 0.1 N) to (0.1 N, 0.9 N).
 */
#define G_LOG_DOMAIN "ms-tile-view"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "ms-bench-report.h"
#include "ms-tile-view-replay.h"

#define N_PAN   240
#define N_ZOOM  120

typedef struct
{
  char    *path;
  gboolean started;
  guint    step;
  gint64   last_time;
  GArray  *intervals;   /* double ms */
  MsBenchPaints paints;
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
write_report (MsTileView *view,
              Replay     *replay)
{
  g_autoptr(GString) out = g_string_new (NULL);
  MsTileViewStats stats;

  ms_tile_view_get_stats (view, &stats);
  g_string_append_printf (out, "frames %u\n", replay->intervals->len);
  ms_bench_report_append_spread (out, "", "ms", replay->intervals);
  ms_bench_report_append_spread (out, "paint_", "ms", replay->paints.paints);
  g_string_append_printf (out, "drawn_frames %" G_GUINT64_FORMAT "\nhole_frames %" G_GUINT64_FORMAT "\n"
                          "standin_frames %" G_GUINT64_FORMAT "\nrequests %" G_GUINT64_FORMAT "\n"
                          "requests_in_frame %" G_GUINT64_FORMAT "\n",
                          stats.frames, stats.hole_frames, stats.standin_frames, stats.requests,
                          stats.requests_in_frame);
  /* bench/pan-zoom sets its floor's window to the app's; this is the part
   * of it the view covers. */
  g_string_append_printf (out, "view_width %d\nview_height %d\n", gtk_widget_get_width (GTK_WIDGET (view)),
                          gtk_widget_get_height (GTK_WIDGET (view)));
  /* Issue #37: how often the colour model ran (tiles coloured, quads shaded
   * per pixel) and what the GL textures hold at the end. */
  if (ms_tile_view_get_gl_renderer (view) != NULL)
    {
      MsGlTileRenderer *gl = ms_tile_view_get_gl_renderer (view);

      g_string_append_printf (out, "gl_colourings %" G_GUINT64_FORMAT "\ngl_shaded_quads %" G_GUINT64_FORMAT "\n"
                              "gl_textures %u\ngl_texture_bytes %" G_GSIZE_FORMAT "\n",
                              ms_gl_tile_renderer_get_n_colourings (gl),
                              ms_gl_tile_renderer_get_n_shaded_quads (gl),
                              ms_gl_tile_renderer_get_n_textures (gl),
                              ms_gl_tile_renderer_get_texture_bytes (gl));
    }
  if (!g_file_set_contents (replay->path, out->str, (gssize) out->len, NULL))
    g_warning ("Could not write %s", replay->path);
}

/* The viewport for step @i; FALSE past the end. */
static gboolean
place (MsViewport *vp,
       guint       i,
       double      n)
{
  double f;

  if (i < N_PAN)
    {
      f = (double) i / (N_PAN - 1);
      ms_viewport_set_zoom (vp, 1.0);
      ms_viewport_set_centre (vp, n * (0.1 + 0.8 * f), n * 0.5);
      return TRUE;
    }
  i -= N_PAN;
  if (i < 2 * N_ZOOM)
    {
      guint k = i < N_ZOOM ? i : 2 * N_ZOOM - 1 - i;

      /* The viewport stops at its smallest zoom. */
      ms_viewport_set_zoom (vp, pow (1.03, -(double) k));
      return TRUE;
    }
  i -= 2 * N_ZOOM;
  if (i < N_PAN)
    {
      f = (double) i / (N_PAN - 1);
      ms_viewport_set_zoom (vp, 0.25);
      ms_viewport_set_centre (vp, n * (0.9 - 0.8 * f), n * (0.1 + 0.8 * f));
      return TRUE;
    }
  return FALSE;
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  MsTileView *view = MS_TILE_VIEW (widget);
  Replay *replay = data;
  MsViewport *vp = ms_tile_view_get_viewport (view);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double width, height;

  ms_tile_view_get_map_size (view, &width, &height);
  if (!replay->started)
    {
      MsTileViewStats stats;

      /* The first view on screen with a whole picture; one view only.
       * Nothing pending is not enough: before the GL renderer is made
       * nothing has been asked for yet. */
      if (claimed)
        return G_SOURCE_REMOVE;
      ms_tile_view_get_stats (view, &stats);
      if (width <= 0 || ms_tile_view_get_n_pending (view) > 0 || stats.whole_frames == 0)
        return G_SOURCE_CONTINUE;
      claimed = TRUE;
      replay->started = TRUE;
      ms_tile_view_reset_stats (view);
      replay->last_time = now;
      ms_bench_paints_watch (&replay->paints, clock);
    }
  else
    {
      double ms = (double) (now - replay->last_time) / 1000.0;

      g_array_append_val (replay->intervals, ms);
      replay->last_time = now;
    }

  if (place (vp, replay->step++, width))
    {
      ms_bench_paints_step (&replay->paints);
      return G_SOURCE_CONTINUE;
    }
  write_report (view, replay);
  return G_SOURCE_REMOVE;
}

void
ms_tile_view_replay_attach (MsTileView *view)
{
  const char *path = g_getenv ("MAPSMITH_BENCH_REPLAY");
  Replay *replay;

  if (path == NULL)
    return;
  replay = g_new0 (Replay, 1);
  replay->path = g_strdup (path);
  replay->intervals = g_array_new (FALSE, FALSE, sizeof (double));
  ms_bench_paints_init (&replay->paints);
  gtk_widget_add_tick_callback (GTK_WIDGET (view), tick, replay, replay_free);
}
