/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter window spans four files, split by concern the way
 * gnome-text-editor splits its window: ms-zone-window.c (construction,
 * layout, targets, history, properties), -actions.c (one callback per
 * action), -save.c (saving, backups, masks, the journal and the layer
 * files' watch), -terrain.c (the 3D view).  They share this struct; functions one file gives the
 * others start with _ms_zone_window_.
 */
#pragma once

#include "ms-banner.h"
#include "ms-ruler-overlay.h"
#include "ms-save.h"
#include "ms-terrain-pane.h"
#include "ms-terrain-switch.h"
#include "ms-zone-history-list.h"
#include "ms-zone-autosave.h"
#include "ms-zone-checks-panel.h"
#include "ms-zone-overlays-panel.h"
#include "ms-zone-tool-controller.h"
#include "ms-zone-window.h"

G_BEGIN_DECLS

struct _MsZoneWindow
{
  GtkApplicationWindow  parent_instance;
  GSettings            *settings;   /* the window's own, once it has an application */

  MsZoneView      *view;
  MsRulerOverlay  *ruler;
  MsProfilePane   *profile_pane;     /* under the map: the ruler's path as a profile */
  GtkStack        *dimension_stack;  /* "2d": view, "3d": terrain_pane */
  MsTerrainPane   *terrain_pane;
  MsTerrainSwitch  terrain;          /* win.view-3d */
  MsBanner        *banner;
  GtkWidget       *reload_button;
  GtkWidget       *overwrite_button;
  GtkWidget       *recover_button;
  GtkWidget       *discard_journal_button;
  GtkDropDown     *target_dropdown;
  GtkWidget       *value_box;
  GtkSpinButton   *value_spin;
  GtkLabel        *chance_label;
  GtkDropDown     *shape_dropdown;
  GtkSpinButton   *size_spin;
  MsZoneOverlaysPanel *overlays_panel;
  /* What the paint target turned on that the user had not: off again with
   * that target, and never stored in the settings. */
  MsZoneOverlays   target_overlays;
  guint16          target_flags;
  GtkStack        *side_stack;
  GtkWidget       *side_panel;       /* win.sidebar-visible, F9 */
  MsZoneHistoryList *history_list;
  GtkLabel        *hover_label;
  GtkWidget       *save_button;

  MsZone          *zone;
  char            *dir;
  char            *demo_dir;        /* the demo's scratch folder: titled as the demo, not by it */
  guint            zone_id;
  gboolean         conflict;

  /* The tools' state machine: strokes, shapes and the selection. */
  MsZoneToolController *tools;

  /* Each layer file is watched: another program rewriting or truncating
   * it while open is said at once, not at the next save. */
  GPtrArray       *monitors;        /* GFileMonitor */
  guint            disk_check_id;
  guint            disk_poll_id;
  int              disk_notice;     /* the layer said changed (+1), 0: none */
  gboolean         disk_notice_broken;  /* ... and its mapping had lost pages */
  MsFileStamp      disk_notice_stamp;   /* ... and the file as it was then */
  gboolean         disk_broken;     /* the banner is about lost pages */
  gboolean         close_confirmed;
  GtkWidget       *close_dialog;
  GtkWidget       *save_dialog;     /* asks before a save that adds audit findings */
  gboolean         switching;       /* close_dialog asks before opening switch_to */
  guint            switch_to;

  /* Unsaved edits go to a journal (crash recovery).  A journal found when
   * the zone opens waits in pending_journal until the user recovers or
   * discards it; only then does autosave start, since it would replace it. */
  MsZoneAutosave  *autosave;
  char            *pending_journal;

  GPtrArray       *history;         /* char*: step names */
  guint            position;        /* steps applied */
  guint            saved_position;  /* the steps the files hold; G_MAXUINT: none */

  gboolean         hovering;
  guint            hover_x, hover_y;
  char            *hover_text;

  GtkWidget       *rule_dialog;
  GtkNativeDialog *mask_chooser;

  /* "{dir}/{id}" of each zone backed up before its first save, for the
   * window's lifetime: a reload is the same zone. */
  GHashTable      *backed_up;

  /* The Checks page and its audit (ms-zone-window-checks.c). */
  MsZoneChecksPanel *checks_panel;
  GCancellable    *checks_cancellable;
  guint            checks_timeout_id;
  guint            checks_polls;
  GCancellable    *checks_region_cancellable;  /* finding every tile of ... */
  const char      *checks_region_check;        /* ... this check (static) */
};

/* ms-zone-window.c */
void       _ms_zone_window_show_banner        (MsZoneWindow    *self,
                                               const char      *message,
                                               gboolean         conflict);
void       _ms_zone_window_show_info          (MsZoneWindow    *self,
                                               const char      *message);
void       _ms_zone_window_hide_banner        (MsZoneWindow    *self);
void       _ms_zone_window_update_state       (MsZoneWindow    *self);
GSettings *_ms_zone_window_get_settings       (MsZoneWindow    *self);
gboolean   _ms_zone_window_apply_region       (MsZoneWindow    *self,
                                               MsZoneRegion    *region);
void       _ms_zone_window_record_step        (MsZoneWindow    *self,
                                               const char      *tool_name,
                                               guint64          n_tiles);
void       _ms_zone_window_record_named_step  (MsZoneWindow    *self,
                                               const char      *tool_name,
                                               const char      *target,
                                               guint64          n_tiles);
void       _ms_zone_window_go_to_step         (MsZoneWindow    *self,
                                               guint            position);
/* The readout at zone point (x, y) (x the column), as for the pointer
 * over the zone view there; _end_hover () clears it. */
void       _ms_zone_window_hover              (MsZoneWindow    *self,
                                               double           x,
                                               double           y);
void       _ms_zone_window_end_hover          (MsZoneWindow    *self);

/* ms-zone-window-actions.c */
void       _ms_zone_window_class_add_actions  (GtkWidgetClass  *widget_class);
void       _ms_zone_window_add_shape_keys     (MsZoneWindow    *self);

/* ms-zone-window-browse.c: the ruler, and Page Up/Down through the folder */
void       _ms_zone_window_class_add_browse   (GtkWidgetClass  *widget_class);
void       _ms_zone_window_init_browse        (MsZoneWindow    *self);
/* Leaves the zone (its edits asked about already) for zone @zone_id of
 * the same folder. */
void       _ms_zone_window_switch_zone        (MsZoneWindow    *self,
                                               guint            zone_id);

/* ms-zone-window-save.c */
void       _ms_zone_window_check_disk         (MsZoneWindow    *self,
                                               gboolean         stamps);
void       _ms_zone_window_watch_layers       (MsZoneWindow    *self);
void       _ms_zone_window_unwatch_layers     (MsZoneWindow    *self);
gboolean   _ms_zone_window_save               (MsZoneWindow    *self,
                                               MsZoneSaveFlags  flags);
void       _ms_zone_window_reload             (MsZoneWindow    *self);
gboolean   _ms_zone_window_ask_before_close   (MsZoneWindow    *self);
void       _ms_zone_window_open_mask_chooser  (MsZoneWindow    *self,
                                               gboolean         exporting);
/* The journal of the zone just opened: offered when one is left, else
 * autosave starts. */
void       _ms_zone_window_start_journal      (MsZoneWindow    *self);
void       _ms_zone_window_start_autosave     (MsZoneWindow    *self);
void       _ms_zone_window_stop_autosave      (MsZoneWindow    *self);
gboolean   _ms_zone_window_recover_journal    (MsZoneWindow    *self,
                                               const char      *path,
                                               GError         **error);

/* ms-zone-window-checks.c */
void       _ms_zone_window_checks_init        (MsZoneWindow    *self);
void       _ms_zone_window_checks_set_zone    (MsZoneWindow    *self);
void       _ms_zone_window_checks_dispose     (MsZoneWindow    *self);
/* ms-zone-window-replay.c: bench/zone-stroke's replay, with
 * MAPSMITH_BENCH_PAINT=FILE only */
void       _ms_zone_window_replay_attach      (MsZoneWindow    *self);
/* ms-zone-window-terrain.c */
void       _ms_zone_window_init_terrain       (MsZoneWindow    *self);
/* After the zone view's zone changed. */
void       _ms_zone_window_update_terrain     (MsZoneWindow    *self);
/* After the zone view's style changed. */
void       _ms_zone_window_update_terrain_style (MsZoneWindow  *self);
void       _ms_zone_window_terrain_dispose    (MsZoneWindow    *self);

G_END_DECLS
