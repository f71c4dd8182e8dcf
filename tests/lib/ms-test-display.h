/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Helpers for the display tests (a real window under Xvfb): finding
 * widgets in a window's tree, a widget's pixels as its renderer draws
 * them, real pointer clicks on a widget, and real input that a test
 * waits for by counting the events its window received.  Main-loop waits and xdotool
 * itself are GLib-only and live in ms-test-util.h.
 */
#pragma once

#include <gtk/gtk.h>

#include "ms-test-util.h"

G_BEGIN_DECLS

/* Depth first from @root (itself included), or NULL. */
GtkWidget  *ms_test_find_named           (GtkWidget   *root,
                                          const char  *name);
/* The same, with the name from a format; fails the test when none. */
GtkWidget  *ms_test_get_named            (GtkWidget   *root,
                                          const char  *format,
                                          ...) G_GNUC_PRINTF (2, 3);
/* The first widget under @root (itself included) of @type, or NULL. */
GtkWidget  *ms_test_find_type            (GtkWidget   *root,
                                          GType        type);
/* As an MsTestDoneFunc: is the widget @data mapped? */
gboolean    ms_test_widget_mapped        (gpointer     data);
/* As an MsTestDoneFunc: has the GtkRevealer @data finished showing or
 * hiding its child? */
gboolean    ms_test_revealer_settled     (gpointer     data);
/* The first GtkButton under @root whose action is @action, or NULL. */
GtkWidget  *ms_test_find_action_button   (GtkWidget   *root,
                                          const char  *action);

/* @widget drawn at @width × @height by its native's renderer: rows of
 * 0xAARRGGBB words (premultiplied), top row first; g_free it. */
guint32    *ms_test_capture              (GtkWidget   *widget,
                                          int          width,
                                          int          height);

/* Pixels of the first @width × @height of @image (ARGB32) that differ by
 * more than @tolerance in some colour channel from @shown (@shown_width
 * words a row, as ms_test_capture gives), where @image's (0, 0) lies at
 * (@x, @y) of @shown. */
guint       ms_test_count_unlike         (cairo_surface_t *image,
                                          guint        width,
                                          guint        height,
                                          const guint32 *shown,
                                          int          shown_width,
                                          int          x,
                                          int          y,
                                          guint        tolerance);

/* Point (@x, @y) of @widget in the pixels of its native's X window: the
 * surface transform counts (client-side decorations add margins). */
void        ms_test_widget_to_surface    (GtkWidget   *widget,
                                          double       x,
                                          double       y,
                                          double      *surface_x,
                                          double      *surface_y);
/* Moves the real pointer over the middle of @widget, in the X window
 * @window_id that shows it, and clicks button 1 @n_clicks times (80 ms
 * apart); the main loop runs 150 ms after the move and 300 ms after the
 * clicks. */
void        ms_test_click_widget         (GtkWidget   *widget,
                                          const char  *window_id,
                                          guint        n_clicks);

/* The input events a window has received, counted by a capture-phase
 * controller on it, so that a test waits for the events it sent instead
 * of for a time: once a count has grown, every controller in the window
 * has handled that event (a busy machine delays events, never reorders
 * them).  Motions are merged before delivery, so only the last position
 * is kept, in the X window's pixels (as xdotool's --window gives them). */
typedef struct
{
  guint   presses;         /* mouse buttons */
  guint   releases;
  guint   scrolls;
  guint   keys;            /* presses of keys other than modifiers */
  double  x, y;            /* where the pointer last moved, -1 before */
} MsTestInputCount;

void        ms_test_input_count_attach   (GtkWidget        *window,
                                          MsTestInputCount *count);
/* Runs the main loop until *@counter is at least @value; fails after 20 s. */
void        ms_test_wait_count           (const guint      *counter,
                                          guint             value,
                                          const char       *what);
/* Until the pointer was last seen at X window pixel (@x, @y). */
void        ms_test_wait_pointer         (MsTestInputCount *count,
                                          int               x,
                                          int               y);
/* The real pointer to point (@x, @y) of @widget, which must fall on a
 * whole pixel of the X window @window_id and differ from where the pointer
 * is (or no motion would come), until the window has the motion. */
void        ms_test_move_pointer         (MsTestInputCount *count,
                                          const char       *window_id,
                                          GtkWidget        *widget,
                                          int               x,
                                          int               y);
/* Every mouse button and Ctrl up, then the real pointer to pixel (1, 1)
 * of the X window @window_id by way of (2, 2), so that a motion comes
 * wherever it was: a start the counts know. */
void        ms_test_park_pointer         (MsTestInputCount *count,
                                          const char       *window_id);
/* xdotool mousedown / mouseup @button ("1", "2", …), until the window has
 * the event. */
void        ms_test_press_button         (MsTestInputCount *count,
                                          const char       *button);
void        ms_test_release_button       (MsTestInputCount *count,
                                          const char       *button);

G_END_DECLS
