/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-profile-pane.h"
#include "ms-ruler-overlay.h"
#include "ms-zone.h"
#include "ms-zone-checks-panel.h"
#include "ms-zone-view.h"

G_BEGIN_DECLS

/* The zone painter: one zone of a server's zone folder, its layers shown
 * over the altitude, painted with a brush, rectangles, polygons, flood and
 * rule fills through the zone edit engine; every stroke one undo step.
 * Tile coordinates are ROW-MAJOR (tile (x, y) is element y * width + x). */
#define MS_TYPE_ZONE_WINDOW (ms_zone_window_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneWindow, ms_zone_window, MS, ZONE_WINDOW, GtkApplicationWindow)

MsZoneWindow *ms_zone_window_new             (GtkApplication *app);
/* Opens zone @zone_id of the folder @dir (every layer present there). */
gboolean      ms_zone_window_open            (MsZoneWindow   *self,
                                              const char     *dir,
                                              guint           zone_id,
                                              GError        **error);
/* Opens the zone and puts an unsaved-edit journal's edits back as one undo
 * step (crash recovery). */
gboolean      ms_zone_window_open_recovered  (MsZoneWindow   *self,
                                              const char     *dir,
                                              guint           zone_id,
                                              const char     *journal,
                                              GError        **error);
/* Writes the demo zone to a fresh folder under the user's cache folder
 * and opens it there, so that saving works. */
gboolean      ms_zone_window_open_demo       (MsZoneWindow   *self,
                                              GError        **error);
MsZone       *ms_zone_window_get_zone        (MsZoneWindow   *self);
MsZoneView   *ms_zone_window_get_view        (MsZoneWindow   *self);
/* "brush", "rect", "polygon" or "flood". */
const char   *ms_zone_window_get_tool        (MsZoneWindow   *self);
guint         ms_zone_window_get_brush_size  (MsZoneWindow   *self);
void          ms_zone_window_set_brush_size  (MsZoneWindow   *self,
                                              guint           size);
/* The hover readout's text for tile (x, y), row-major; NULL outside. */
char         *ms_zone_window_describe_tile   (MsZoneWindow   *self,
                                              guint           x,
                                              guint           y);
/* What the side panel's readout shows now. */
const char   *ms_zone_window_get_hover_text  (MsZoneWindow   *self);
/* The banner's message, or NULL when it is hidden. */
const char   *ms_zone_window_get_banner      (MsZoneWindow   *self);
/* TRUE while the banner offers Reload or Overwrite after a save found a
 * layer changed on disk. */
gboolean      ms_zone_window_has_conflict    (MsZoneWindow   *self);
/* The undo history's step names, oldest first (NULL-terminated), and in
 * @position how many of them are applied. */
char        **ms_zone_window_dup_history     (MsZoneWindow   *self,
                                              guint          *position);
/* Writes a PNG mask, one pixel per tile (row-major: column x, row y),
 * 255 where the tile's control layer has a bit of @mask, or, with @mask 0,
 * where plants are allowed; 0 elsewhere. */
gboolean      ms_zone_window_export_mask     (MsZoneWindow   *self,
                                              guint16         mask,
                                              GFile          *file,
                                              GError        **error);
/* Sets (or clears) the control flag(s) @flag on the tiles whose pixel in
 * the PNG @file is set (ms_zone_mask_import ()), as one undo step named
 * "Import mask: set AntiPlant (N tiles)".  The image must be the zone's
 * size. */
gboolean      ms_zone_window_import_mask     (MsZoneWindow   *self,
                                              guint16         flag,
                                              gboolean        set,
                                              GFile          *file,
                                              GError        **error);
/* The Checks page (the zone audit's findings). */
MsZoneChecksPanel *ms_zone_window_get_checks_panel (MsZoneWindow *self);
/* TRUE while the unsaved-changes question is open. */
gboolean      ms_zone_window_is_asking_to_close (MsZoneWindow *self);
/* That question's dialog while it is open, else NULL. */
GtkWindow    *ms_zone_window_get_close_dialog (MsZoneWindow *self);

/* The answers to the question before a save that would add zone audit
 * findings (compared with the files as they are): nothing saved, saved as
 * it is, or the plants on the tiles the edit made plant-forbidden cleared
 * (one undo step) and then saved. */
typedef enum
{
  MS_ZONE_WINDOW_SAVE_CANCEL = GTK_RESPONSE_CANCEL,
  MS_ZONE_WINDOW_SAVE_ANYWAY = 1,
  MS_ZONE_WINDOW_SAVE_FIX    = 2,
} MsZoneWindowSaveAnswer;
/* The question, while it is asked; answered with gtk_dialog_response (). */
GtkWindow    *ms_zone_window_get_save_dialog  (MsZoneWindow *self);
/* The ruler over the zone (win.ruler); the open zone's id. */
MsRulerOverlay *ms_zone_window_get_ruler     (MsZoneWindow *self);
/* The profile pane under the zone (win.profile). */
MsProfilePane  *ms_zone_window_get_profile_pane (MsZoneWindow *self);
guint         ms_zone_window_get_zone_id     (MsZoneWindow *self);

G_END_DECLS
