/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bench/zone-stroke's hook: MAPSMITH_BENCH_PAINT=FILE makes the first zone
 * window that shows a whole picture replay strokes through its own tools,
 * one step per frame of the zone view's GdkFrameClock, and write the frame
 * intervals and each dab's latency to FILE (key value lines).  Nothing
 * happens without the variable.  The pan/zoom replay of any tile view
 * (widgets/ms-tile-view-replay.c, MAPSMITH_BENCH_REPLAY) is its model.
 *
 * The input goes in as the view's "tile-pressed", "tile-motion" and
 * "tile-released" (what its drag gesture emits), so each dab takes the
 * tools' own path: MsZoneToolController makes the segment's region, the
 * window applies the paint target inside the stroke's undo step, the
 * pyramid patches and invalidates the tiles, the view asks for them again.
 * Phases, each after the view settled (a whole picture, nothing pending):
 *   1. fit: a brush stroke of N_DABS dabs, one a frame, across the zone;
 *   2. fit: a rectangle drag, pressed, N_RECT motions, released;
 *   3. 1:1 (zoom 1, centred): a brush stroke of N_DABS dabs across the
 *      visible part.
 *
 * A dab is applied between frames, after the paint of frame F - 1, where
 * a press, a release, or motion while the frame clock is idle is handled.
 * It is shown in frame S, the first frame whose paint drew the view with
 * every tile the dab touched at the level drawn up to date (the view holds
 * it and no edit made it stale since), checked after each paint and
 * before the next dab, so "up to date" includes that dab.  Its latency is
 * S - F + 1 frames: 1 when the next frame showed it.  GDK delivers motion
 * that queued during a frame at the next frame's flush-events phase; a
 * dab applied there cannot have its tiles asked for (in an idle) before
 * that frame's paint, so such a dab shows at least a frame later than measured
 * here, and this check could not tell it (the next dab stales the tiles
 * before the paint that would show it).
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>

#include "ms-bench-report.h"
#include "ms-zone-window-private.h"

#define N_DABS        120
#define N_RECT        60
/* A phase starts once the view settled, or after this many frames. */
#define SETTLE_FRAMES 600

typedef enum { PHASE_FIT_BRUSH, PHASE_FIT_RECT, PHASE_ACTUAL_BRUSH, N_PHASES } PhaseKind;

static const char *const phase_names[N_PHASES] = { "fit_brush", "fit_rect", "actual_brush" };

typedef struct
{
  guint64 applied;     /* frame counter */
  guint64 shown;       /* 0: not yet */
  gboolean unchanged;  /* every tile still held just after: nothing to see */
  double x0, y0, x1, y1;
} Dab;

typedef struct
{
  GArray  *intervals;  /* double ms */
  GArray  *dabs;       /* Dab */
  double   zoom;
  guint    level;
  double   ax, ay, bx, by;  /* the stroke or rectangle, zone tiles */
} Phase;

typedef struct
{
  MsZoneWindow  *window;
  char          *path;
  guint          phase;
  gboolean       prepared;
  gboolean       running;
  gboolean       done;
  guint          step;
  guint          settle;
  guint          timeouts;   /* settles given up after SETTLE_FRAMES */
  gint64         last_time;
  guint64        drawn;      /* the view's stats.frames after the last paint */
  GdkFrameClock *clock;
  gulong         after_paint_id;
  Phase          phases[N_PHASES];
} Replay;

static gboolean claimed;

static void
replay_free (gpointer data)
{
  Replay *replay = data;

  if (replay->clock != NULL)
    {
      g_signal_handler_disconnect (replay->clock, replay->after_paint_id);
      g_object_unref (replay->clock);
    }
  for (guint i = 0; i < N_PHASES; i++)
    {
      g_clear_pointer (&replay->phases[i].intervals, g_array_unref);
      g_clear_pointer (&replay->phases[i].dabs, g_array_unref);
    }
  g_free (replay->path);
  g_free (replay);
}

static MsTileView *
tile_view (Replay *replay)
{
  return MS_TILE_VIEW (replay->window->view);
}

/* Whether every tile at @level under @dab is up to date in the view. */
static gboolean
dab_held (MsTileView *view,
          const Dab  *dab,
          guint       level)
{
  double side = ldexp (MS_TILE_SIZE, (int) level), w, h;
  int tx0, ty0, tx1, ty1;

  ms_tile_view_get_map_size (view, &w, &h);
  tx0 = (int) floor (MAX (dab->x0, 0) / side);
  ty0 = (int) floor (MAX (dab->y0, 0) / side);
  tx1 = (int) floor (MIN (dab->x1, w - 1) / side);
  ty1 = (int) floor (MIN (dab->y1, h - 1) / side);
  for (int ty = ty0; ty <= ty1; ty++)
    for (int tx = tx0; tx <= tx1; tx++)
      {
        MsTileKey key = { level, (guint) tx, (guint) ty };

        if (!ms_tile_view_holds_tile (view, &key))
          return FALSE;
      }
  return TRUE;
}

static gboolean
all_shown (Replay *replay)
{
  for (guint p = 0; p < N_PHASES; p++)
    {
      GArray *dabs = replay->phases[p].dabs;

      for (guint i = 0; i < dabs->len; i++)
        {
          Dab *dab = &g_array_index (dabs, Dab, i);

          if (!dab->unchanged && dab->shown == 0)
            return FALSE;
        }
    }
  return TRUE;
}

static void
write_report (Replay *replay)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));
  MsTileView *view = tile_view (replay);

  for (guint p = 0; p < N_PHASES; p++)
    {
      Phase *phase = &replay->phases[p];
      g_autoptr(GArray) lags = g_array_new (FALSE, FALSE, sizeof (double));
      guint unchanged = 0, not_shown = 0, next_frame = 0;
      const char *name = phase_names[p];
      g_autofree char *prefix = g_strconcat (name, ".", NULL);

      g_array_append_vals (all, phase->intervals->data, phase->intervals->len);
      for (guint i = 0; i < phase->dabs->len; i++)
        {
          const Dab *dab = &g_array_index (phase->dabs, Dab, i);
          double lag;

          if (dab->unchanged)
            unchanged++;
          else if (dab->shown == 0)
            not_shown++;
          else
            {
              lag = (double) (dab->shown - dab->applied + 1);
              next_frame += lag <= 1;
              g_array_append_val (lags, lag);
            }
        }
      g_string_append_printf (out, "%s.frames %u\n", name, phase->intervals->len);
      ms_bench_report_append_spread (out, prefix, "ms", phase->intervals);
      g_string_append_printf (out, "%s.zoom %.4f\n%s.level %u\n%s.from %.0f,%.0f\n%s.to %.0f,%.0f\n"
                              "%s.dabs %u\n%s.dabs_unchanged %u\n%s.dabs_not_shown %u\n"
                              "%s.dabs_next_frame %u\n",
                              name, phase->zoom, name, phase->level, name, phase->ax, phase->ay,
                              name, phase->bx, phase->by, name, phase->dabs->len, name, unchanged,
                              name, not_shown, name, next_frame);
      ms_bench_report_append_spread (out, prefix, "lag", lags);
    }
  g_string_append_printf (out, "frames %u\n", all->len);
  ms_bench_report_append_spread (out, "all.", "ms", all);
  g_string_append_printf (out, "settle_timeouts %u\n", replay->timeouts);
  g_string_append_printf (out, "brush_size %u\nusing_gl %d\nview_width %d\nview_height %d\n",
                          ms_zone_window_get_brush_size (replay->window),
                          ms_tile_view_get_using_gl (view),
                          gtk_widget_get_width (GTK_WIDGET (view)),
                          gtk_widget_get_height (GTK_WIDGET (view)));
  if (!g_file_set_contents (replay->path, out->str, (gssize) out->len, NULL))
    g_warning ("Could not write %s", replay->path);
}

/* Sets the phase's view and its line (a stroke's ends, a rectangle's
 * corners). */
static void
prepare (Replay *replay)
{
  MsTileView *view = tile_view (replay);
  MsViewport *vp = ms_tile_view_get_viewport (view);
  Phase *phase = &replay->phases[replay->phase];
  double w, h, x0, y0, x1, y1;

  ms_tile_view_get_map_size (view, &w, &h);
  switch ((PhaseKind) replay->phase)
    {
    case PHASE_FIT_BRUSH:
      ms_viewport_fit (vp);
      phase->ax = 0.1 * w, phase->ay = 0.3 * h, phase->bx = 0.9 * w, phase->by = 0.7 * h;
      break;
    case PHASE_FIT_RECT:
      ms_viewport_fit (vp);
      phase->ax = 0.2 * w, phase->ay = 0.6 * h, phase->bx = 0.6 * w, phase->by = 0.9 * h;
      break;
    case PHASE_ACTUAL_BRUSH:
    case N_PHASES:
    default:
      ms_viewport_set_zoom (vp, 1.0);
      ms_viewport_set_centre (vp, 0.5 * w, 0.5 * h);
      ms_tile_view_get_visible (view, &x0, &y0, &x1, &y1);
      x0 = MAX (x0, 0), y0 = MAX (y0, 0), x1 = MIN (x1, w), y1 = MIN (y1, h);
      phase->ax = x0 + 0.1 * (x1 - x0), phase->ay = y0 + 0.3 * (y1 - y0);
      phase->bx = x0 + 0.9 * (x1 - x0), phase->by = y0 + 0.7 * (y1 - y0);
      break;
    }
  g_object_set (replay->window, "tool", replay->phase == PHASE_FIT_RECT ? "rect" : "brush", NULL);
  ms_tile_view_reset_stats (view);
  replay->drawn = 0;
  /* A whole frame after the reset, even where nothing moved. */
  ms_tile_view_queue_update (view);
}

/* Records a dab over (x0, y0)-(x1, y1) just applied, for frame @counter. */
static void
add_dab (Replay  *replay,
         guint64  counter,
         double   x0,
         double   y0,
         double   x1,
         double   y1)
{
  MsTileView *view = tile_view (replay);
  Dab dab = { counter, 0, FALSE, MIN (x0, x1), MIN (y0, y1), MAX (x0, x1), MAX (y0, y1) };

  /* An edit invalidates its tiles at once; one that changed nothing
   * leaves them held, and no frame could show it. */
  dab.unchanged = dab_held (view, &dab, ms_tile_view_get_level (view));
  g_array_append_val (replay->phases[replay->phase].dabs, dab);
}

/* Step @i of the current phase, for frame @counter; FALSE past its end. */
static gboolean
play (Replay  *replay,
      guint    i,
      guint64  counter)
{
  Phase *phase = &replay->phases[replay->phase];
  MsZoneView *view = replay->window->view;
  guint n = replay->phase == PHASE_FIT_RECT ? N_RECT : N_DABS;
  double f = (double) i / (n - 1);
  double x = phase->ax + f * (phase->bx - phase->ax), y = phase->ay + f * (phase->by - phase->ay);
  /* The brush's reach, with a tile for the slope its neighbours read. */
  double r = ms_zone_window_get_brush_size (replay->window) / 2.0 + 2;

  if (i >= n)
    return FALSE;
  if (i == 0)
    g_signal_emit_by_name (view, "tile-pressed", x, y, 1);
  else if (i < n - 1)
    g_signal_emit_by_name (view, "tile-motion", x, y);
  else
    g_signal_emit_by_name (view, "tile-released", x, y);

  if (replay->phase == PHASE_FIT_RECT)
    {
      /* The rectangle applies when released. */
      if (i == n - 1)
        add_dab (replay, counter, phase->ax - 2, phase->ay - 2, x + 2, y + 2);
    }
  else
    {
      double px = i == 0 ? x : phase->ax + (double) (i - 1) / (n - 1) * (phase->bx - phase->ax);
      double py = i == 0 ? y : phase->ay + (double) (i - 1) / (n - 1) * (phase->by - phase->ay);

      add_dab (replay, counter, MIN (px, x) - r, MIN (py, y) - r, MAX (px, x) + r, MAX (py, y) + r);
    }
  return TRUE;
}

/* Between frames (after a paint, where input that came between frames
 * is handled): the next step of the replay, for frame @next.  FALSE once
 * the report is written. */
static gboolean
advance (Replay        *replay,
         GdkFrameClock *clock,
         guint64        next)
{
  MsTileView *view = tile_view (replay);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  MsTileViewStats stats;

  if (!replay->running)
    {
      /* Between phases: the last one's dabs on screen, then the next
       * phase's view drawn whole, before its first step. */
      ms_tile_view_get_stats (view, &stats);
      if (ms_tile_view_get_n_pending (view) > 0 || stats.whole_frames == 0 || !all_shown (replay))
        {
          if (replay->settle++ < SETTLE_FRAMES)
            return TRUE;
          replay->timeouts++;
        }
      if (replay->phase == N_PHASES)
        {
          write_report (replay);
          return FALSE;
        }
      if (!replay->prepared)
        {
          prepare (replay);
          replay->prepared = TRUE;
          replay->settle = 0;
          return TRUE;
        }
      replay->running = TRUE;
      replay->step = 0;
      replay->phases[replay->phase].zoom = ms_viewport_get_zoom (ms_tile_view_get_viewport (view));
      replay->phases[replay->phase].level = ms_tile_view_get_level (view);
    }
  else
    {
      double ms = (double) (now - replay->last_time) / 1000.0;

      g_array_append_val (replay->phases[replay->phase].intervals, ms);
    }
  replay->last_time = now;

  if (!play (replay, replay->step++, next))
    {
      replay->running = FALSE;
      replay->prepared = FALSE;
      replay->settle = 0;
      replay->phase++;
      g_object_set (replay->window, "tool", "brush", NULL);
    }
  return TRUE;
}

/* After each paint: which dabs the frame showed, then the next step.  A
 * dab counts as shown once a frame drew every tile it touched up to date:
 * the check comes before the next dab, so "up to date" includes it.  When
 * a later dab touched the same tiles before they were drawn, the earlier
 * one is counted when they are (at most its true latency plus the later
 * one's). */
static void
on_after_paint (GdkFrameClock *clock,
                Replay        *replay)
{
  MsTileView *view = tile_view (replay);
  guint64 counter = (guint64) gdk_frame_clock_get_frame_counter (clock);
  guint level = ms_tile_view_get_level (view);
  MsTileViewStats stats;

  ms_tile_view_get_stats (view, &stats);
  /* Only a frame that drew the view can show a dab. */
  if (stats.frames != replay->drawn)
    {
      replay->drawn = stats.frames;
      for (guint p = 0; p < N_PHASES; p++)
        {
          GArray *dabs = replay->phases[p].dabs;

          for (guint i = 0; i < dabs->len; i++)
            {
              Dab *dab = &g_array_index (dabs, Dab, i);

              if (!dab->unchanged && dab->shown == 0 && dab_held (view, dab, level))
                dab->shown = counter;
            }
        }
    }
  if (!replay->done && !advance (replay, clock, counter + 1))
    replay->done = TRUE;
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  Replay *replay = data;
  double w, h;

  /* Keeps the frame clock running; the replay is in after-paint. */
  if (replay->done)
    return G_SOURCE_REMOVE;
  ms_tile_view_get_map_size (tile_view (replay), &w, &h);
  if (w > 0 && replay->clock == NULL)
    {
      /* One window only. */
      if (claimed)
        return G_SOURCE_REMOVE;
      claimed = TRUE;
      replay->clock = g_object_ref (clock);
      replay->after_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), replay);
    }
  return G_SOURCE_CONTINUE;
}

void
_ms_zone_window_replay_attach (MsZoneWindow *self)
{
  const char *path = g_getenv ("MAPSMITH_BENCH_PAINT");
  Replay *replay;

  if (path == NULL)
    return;
  replay = g_new0 (Replay, 1);
  replay->window = self;
  replay->path = g_strdup (path);
  for (guint i = 0; i < N_PHASES; i++)
    {
      replay->phases[i].intervals = g_array_new (FALSE, FALSE, sizeof (double));
      replay->phases[i].dabs = g_array_new (FALSE, FALSE, sizeof (Dab));
    }
  gtk_widget_add_tick_callback (GTK_WIDGET (self->view), tick, replay, replay_free);
}
