/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Counts repeated presses (double, triple clicks) from the events' own
 * times, for the views whose double click closes a shape.
 *
 * GtkGestureClick's own n_press is not enough on GTK 4.8: a press that
 * starts a new count because it is too far from the last one leaves the
 * gesture without a current button, so the second press of a double click
 * that follows a click elsewhere within the double-click time counts as a
 * first press again.  Its count also runs on a main-loop timer, which a busy
 * loop fires late or early relative to the queued events.  Event times come
 * from the display server and do not depend on how busy the app is. */
typedef struct
{
  guint32 time;     /* of the last press, in the events' milliseconds */
  double  x, y;     /* where it was, in the widget's coordinates */
  guint   n_press;  /* 0 before the first press */
} MsClickCount;

/* The press at (@x, @y) at @time: 1 for a first press, 2, 3, … when it
 * repeats the one before within @max_time ms and @max_distance pixels on
 * each axis.  A @time of 0 (a synthesized event) always counts 1. */
guint ms_click_count_press        (MsClickCount       *count,
                                   guint32             time,
                                   double              x,
                                   double              y,
                                   guint               max_time,
                                   guint               max_distance);
/* The same for the event @controller is handling, with the widget's
 * GtkSettings' gtk-double-click-time and gtk-double-click-distance. */
guint ms_click_count_press_event  (MsClickCount       *count,
                                   GtkEventController *controller,
                                   double              x,
                                   double              y);
void  ms_click_count_reset        (MsClickCount       *count);

G_END_DECLS
