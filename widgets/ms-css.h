/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Where the widgets' templates and style sheets are (ms-widgets.gresource.xml). */
#define MS_WIDGETS_RESOURCE_PATH "/io/github/mapsmith/Mapsmith/widgets/"

/* The one way Mapsmith loads CSS: every style sheet is a resource file
 * beside the widget or window it styles, added to @display at
 * GTK_STYLE_PROVIDER_PRIORITY_APPLICATION (the user's gtk.css still wins)
 * the first time anything asks for it there.  Widgets ask in their init,
 * so they look the same in the app and in their tests; the app asks for
 * its own style.css at startup. */
void ms_css_ensure (GdkDisplay *display,
                    const char *resource_path);

G_END_DECLS
