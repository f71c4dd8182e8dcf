/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Helpers for the display tests (a real window under Xvfb): finding
 * widgets in a window's tree, a widget's pixels as its renderer draws
 * them, and real pointer clicks on a widget.  Main-loop waits and xdotool
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

G_END_DECLS
