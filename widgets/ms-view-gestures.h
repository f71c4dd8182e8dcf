/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-viewport.h"

G_BEGIN_DECLS

/* The pan, zoom, kinetic and pinch handling the map views share: attached
 * to a widget, it drives an MsViewport from the widget's pointer, wheel and
 * touch events (libshumate's model).
 *
 * pan_button: the mouse button that pans (0: any), so a view whose primary
 * button paints can pan with the middle one.  A scroll with Ctrl held
 * emits "ctrl-scroll" (dy) first; a handler that returns TRUE keeps it from
 * zooming. */
#define MS_TYPE_VIEW_GESTURES (ms_view_gestures_get_type ())
G_DECLARE_FINAL_TYPE (MsViewGestures, ms_view_gestures, MS, VIEW_GESTURES, GObject)

#define MS_VIEW_ZOOM_STEP 1.25

/* Adds its controllers to @widget; holds neither @widget nor its own
 * lifetime beyond the widget's (the widget keeps the returned reference). */
MsViewGestures *ms_view_gestures_new         (GtkWidget      *widget,
                                              MsViewport     *viewport,
                                              guint           pan_button);
void            ms_view_gestures_stop_kinetic (MsViewGestures *self);
/* "zoom-in", "zoom-out", "zoom-fit", "zoom-actual" around the widget's
 * centre; "pan" with an "(ii)" screen distance.  For the views' actions. */
void            ms_view_gestures_activate    (MsViewGestures *self,
                                              const char     *what,
                                              GVariant       *parameter);

/* The zoom keys of ms_view_gestures_install_actions () on @window too, for
 * @view's "@prefix.zoom-…" actions: they work wherever the focus is in
 * the window (a check box in the sidebar), except in a text entry. */
void            ms_view_gestures_add_window_shortcuts (GtkWidget  *window,
                                                       GtkWidget  *view,
                                                       const char *prefix);
/* Installs "@prefix.zoom-in", "…zoom-out", "…zoom-fit", "…zoom-actual" and
 * "…pan" (ii) on a view class, with their keys (+ = -, Ctrl+0, 1, arrows);
 * @activate finds the view's gestures and calls ms_view_gestures_activate ()
 * with the name after the dot. */
void            ms_view_gestures_install_actions (GtkWidgetClass              *widget_class,
                                                  const char                  *prefix,
                                                  GtkWidgetActionActivateFunc  activate);

G_END_DECLS
