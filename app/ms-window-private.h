/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsWindow spans files, as gnome-text-editor's EditorWindow does:
 *   ms-window.c          the object, the layer panel, banners, the file's
 *                        state (changed on disk), the recent menu;
 *   ms-window-actions.c  one callback per win.* action, and drops;
 *   ms-window-tasks.c    work off the main thread: loading, the audit,
 *                        PNG export, the second map of a comparison;
 *   ms-window-picks.c    the sidebar lists and findings shown on the map;
 *   ms-window-terrain.c  the 3D view in place of the map view (an
 *                        MsTerrainSwitch, shared with the zone window).
 * Functions shared between them start with _ms_window_.
 */
#pragma once

#include "ms-banner.h"
#include "ms-findings-list.h"
#include "ms-map-legend.h"
#include "ms-minimap.h"
#include "ms-pixel-inspector.h"
#include "ms-road-list.h"
#include "ms-ruler-overlay.h"
#include "ms-scale-bar.h"
#include "ms-terrain-pane.h"
#include "ms-terrain-switch.h"
#include "ms-town-list.h"
#include "ms-water-body-list.h"
#include "ms-window.h"

G_BEGIN_DECLS

struct _MsWindow
{
  GtkApplicationWindow  parent_instance;

  GSettings            *settings;
  GtkRecentManager     *recent;
  MsBlueprint          *blueprint;
  GFile                *file;          /* NULL for the demo */
  GCancellable         *load_cancellable;
  guint                 pulse_id;
  gint                 *load_permille;   /* the current load's, or NULL */
  char                 *error;
  char                 *info;          /* the confirmation banner's text, or NULL */
  char                 *changed;       /* the changed-on-disk banner's text, or NULL */
  GFileMonitor         *monitor;       /* on self->file */
  gulong                after_paint_id;
  GdkFrameClock        *frame_clock;   /* after_paint_id's */
  guint                 exports;       /* running */
  gboolean              welcome_dismissed;
  GPtrArray            *findings;      /* MsAuditFinding*, NULL while auditing */
  GCancellable         *audit_cancellable;
  gulong                analysis_wait_id;       /* map view's notify::picture-complete */
  guint                 analysis_timeout_id;    /* ... or this, whichever comes first */
  MsTerrainSwitch       terrain;         /* win.view-3d */

  /* Template widgets */
  MsBanner             *error_banner;
  MsBanner             *changed_banner;
  MsBanner             *info_banner;
  MsBanner             *loading_banner;
  MsBanner             *welcome_banner;
  GtkWidget            *banner_scroller;
  GtkProgressBar       *loading_progress;
  GtkPaned             *sidebar_paned;
  GtkWidget            *sidebar;
  GtkWidget            *layer_controls;
  GtkStack             *view_stack;
  GtkLabel             *placeholder_title;
  GtkLabel             *placeholder_error;
  GtkOverlay           *map_overlay;
  GtkListBox           *layer_list;
  MsMapLegend          *legend;  /* under layer_list, made in ms-window.c */
  GtkDropDown          *ramp_dropdown;
  GtkScale             *azimuth_scale;
  GtkScale             *altitude_scale;
  GtkTextView          *metadata_view;
  MsMapView            *map_view;
  MsPixelInspector     *inspector;
  GMenu                *recent_submenu;
  MsWaterBodyList      *water_list;
  MsTownList           *town_list;
  MsRoadList           *road_list;
  MsMinimap            *minimap;
  MsFindingsList       *findings_list;
  MsScaleBar           *scale_bar;
  MsRulerOverlay       *ruler;
  MsProfilePane        *profile_pane;   /* under the map: the ruler's path as a profile */
  GtkStack             *dimension_stack;  /* "2d": map_view, "3d": terrain_pane */
  MsTerrainPane        *terrain_pane;
};

/* ms-window.c */
void        _ms_window_show_error          (MsWindow     *self,
                                            const char   *message);
void        _ms_window_show_info           (MsWindow     *self,
                                            const char   *message);
void        _ms_window_hide_error          (MsWindow     *self);
void        _ms_window_hide_info           (MsWindow     *self);
void        _ms_window_dismiss_welcome     (MsWindow     *self);
/* FALSE when a read found the file shrunk under its mapping (the banner
 * then says so). */
gboolean    _ms_window_check_mapping       (MsWindow     *self);
/* @pyramid: (nullable): one made for @blueprint as it loaded (its top
 * tile made), else the map view makes its own. */
void        _ms_window_set_blueprint       (MsWindow           *self,
                                            MsBlueprint        *blueprint,
                                            MsBlueprintPyramid *pyramid,
                                            GFile              *file);
void        _ms_window_show_open_error     (MsWindow     *self,
                                            GFile        *file,
                                            const char   *message);
void        _ms_window_add_recent          (MsWindow     *self,
                                            GFile        *file);
void        _ms_window_update_metres_per_pixel (MsWindow *self);

/* ms-window-actions.c */
void        _ms_window_class_add_actions   (GtkWidgetClass *widget_class);
void        _ms_window_add_drop_target     (MsWindow     *self);

/* ms-window-tasks.c */
/* @what: the whole sentence shown while busy, or NULL when done. */
void        _ms_window_set_loading         (MsWindow     *self,
                                            const char   *what);
void        _ms_window_cancel_load         (MsWindow     *self);
/* The profile the settings name, or NULL with @error set. */
MsProfile  *_ms_window_load_profile        (MsWindow     *self,
                                            GError      **error);
void        _ms_window_start_audit         (MsWindow     *self);
void        _ms_window_schedule_analysis   (MsWindow     *self);
/* Loads @file on a worker, then opens a comparison of the map shown now
 * against it. */
void        _ms_window_compare_with        (MsWindow     *self,
                                            GFile        *file);
/* The PNG size the export of @what at @resolution would have. */
void        _ms_window_export_size         (MsWindow     *self,
                                            const char   *what,
                                            const char   *resolution,
                                            guint        *width,
                                            guint        *height);
void        _ms_window_tasks_dispose       (MsWindow     *self);

/* ms-window-browse.c: the ruler, and Page Up/Down through the folder */
void        _ms_window_class_add_browse    (GtkWidgetClass *widget_class);
void        _ms_window_init_browse         (MsWindow     *self);

/* ms-window-picks.c */
void        _ms_window_init_picks          (MsWindow     *self);

/* ms-window-terrain.c */
void        _ms_window_init_terrain        (MsWindow     *self);
/* After the map view's blueprint changed. */
void        _ms_window_update_terrain      (MsWindow     *self);
/* After the map view's style changed. */
void        _ms_window_update_terrain_style (MsWindow    *self);
void        _ms_window_terrain_dispose     (MsWindow     *self);

G_END_DECLS
