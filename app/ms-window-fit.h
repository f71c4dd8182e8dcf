/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Windows that open within the screen: every window of the app asks for
 * its default size through here, so a size saved on a larger screen, or
 * a default chosen for one, never opens a window past the work area; and
 * side panels that can be hidden to give the map the width.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The work area of the monitor @window will most likely open on (its
 * transient parent's, else the application's active window's, else the
 * display's first): X11's _NET_WORKAREA where there is one, else the
 * monitor's geometry.  FALSE when there is no monitor. */
gboolean ms_window_get_work_area    (GtkWindow    *window,
                                     GdkRectangle *area);
/* gtk_window_set_default_size () with @width × @height clamped to that
 * work area. */
void     ms_window_fit_default_size (GtkWindow    *window,
                                     int           width,
                                     int           height);
/* win.sidebar-visible on @window: shows and hides @panel, so that on a
 * small screen the map can have the width (issue #36, point 15).  The
 * window's class binds F9 to it, as the viewer does for its sidebar. */
void     ms_window_add_sidebar_action (GtkWindow  *window,
                                       GtkWidget  *panel);

G_END_DECLS
