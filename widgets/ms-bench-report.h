/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The benchmarks' replays (bench/pan-zoom, bench/zone-stroke) report a
 * spread of values (GArray of double) the same way: sorts @values and
 * appends "<prefix>median_<unit> V", p95 (nearest rank), max and mean
 * lines to @out.  Nothing for an empty array. */
void ms_bench_report_append_spread (GString    *out,
                                    const char *prefix,
                                    const char *unit,
                                    GArray     *values);

/* How long each frame took to draw after a replay's step: from
 * ms_bench_paints_step () (in the frame clock's update phase) to the
 * frame's after-paint (layout, snapshot, GL and GSK's rendering, the
 * swap), in @paints (double ms). */
typedef struct
{
  GdkFrameClock *clock;      /* held while paint_id is connected */
  gulong         paint_id;
  gint64         step_time;  /* monotonic µs of the last step, 0 after its paint */
  GArray        *paints;
} MsBenchPaints;

void ms_bench_paints_init  (MsBenchPaints *paints);
/* Starts timing the frames of @clock. */
void ms_bench_paints_watch (MsBenchPaints *paints,
                            GdkFrameClock *clock);
/* A step was made now: the next after-paint ends its frame. */
void ms_bench_paints_step  (MsBenchPaints *paints);
void ms_bench_paints_clear (MsBenchPaints *paints);

G_END_DECLS
