/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-map-view.h"
#include "ms-profile-pane.h"
#include "ms-ruler-overlay.h"

G_BEGIN_DECLS

#define MS_TYPE_WINDOW (ms_window_get_type ())
G_DECLARE_FINAL_TYPE (MsWindow, ms_window, MS, WINDOW, GtkApplicationWindow)

MsWindow    *ms_window_new            (GtkApplication *application);
void         ms_window_open_file      (MsWindow      *self,
                                       GFile         *file);
void         ms_window_open_demo      (MsWindow      *self);
MsBlueprint *ms_window_get_blueprint  (MsWindow      *self);
MsMapView   *ms_window_get_map_view   (MsWindow      *self);
gboolean     ms_window_is_loading     (MsWindow      *self);
/* The hover inspector's text for file pixel (x, y), X outer: what
 * ms_blueprint_describe_pixel () says of the map shown; NULL with none. */
char        *ms_window_describe_pixel (MsWindow      *self,
                                       guint          x,
                                       guint          y);
const char  *ms_window_get_error      (MsWindow      *self);
/* The confirmation banner's text (an export's path and size), or NULL. */
const char  *ms_window_get_info       (MsWindow      *self);
/* The "changed on disk" banner's text, or NULL while the file is as opened. */
const char  *ms_window_get_changed    (MsWindow      *self);
/* Writes a PNG of @what ("view" or "map") at @resolution ("screen": the
 * view's pixels; "map": one pixel per map pixel) on a worker, as the Export
 * actions do once their dialog answered; the info banner confirms it. */
void         ms_window_export_png     (MsWindow      *self,
                                       const char    *what,
                                       const char    *resolution,
                                       GFile         *file);
gboolean     ms_window_is_exporting   (MsWindow      *self);
/* The file name Export offers: the map file's, its extension .png
 * (MapData_Seed_21.dat: MapData_Seed_21.png); the demo's seed for the
 * demo (Demo_Seed_42.png). */
char        *ms_window_suggest_export_name (MsWindow  *self);
/* Is the minimap on screen (shown, and room for it)? */
gboolean     ms_window_minimap_is_shown (MsWindow    *self);
GtkWidget   *ms_window_get_water_list (MsWindow      *self);
/* The Places page's lists: an MsTownList and an MsRoadList. */
GtkWidget   *ms_window_get_town_list  (MsWindow      *self);
GtkWidget   *ms_window_get_road_list  (MsWindow      *self);
GtkWidget   *ms_window_get_findings_list (MsWindow   *self);
gboolean     ms_window_is_auditing    (MsWindow      *self);

/* The Open Recent submenu: one item per file, labelled with its name. */
GMenuModel   *ms_window_get_recent_menu (MsWindow *self);
/* Installs the actions @next and @previous (no parameter) on a window
 * class, with Page Down and Page Up: the viewer's and the zone painter's
 * way through a folder. */
void         ms_window_class_add_page_actions (GtkWidgetClass              *widget_class,
                                               const char                  *next,
                                               const char                  *previous,
                                               GtkWidgetActionActivateFunc  activate);
/* The ruler over the map (win.ruler). */
MsRulerOverlay *ms_window_get_ruler     (MsWindow *self);
/* The profile pane under the map (win.profile). */
MsProfilePane  *ms_window_get_profile_pane (MsWindow *self);

G_END_DECLS
