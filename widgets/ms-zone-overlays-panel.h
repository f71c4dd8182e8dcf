/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-zone-renderer.h"

G_BEGIN_DECLS

/* The zone painter's overlays sidebar: edits the overlay fields of an
 * MsZoneStyle (overlays, overlay_opacities, control_flags, blocking_flags,
 * tint_altitude, the light's azimuth).  Other fields pass through unchanged
 * from the last ms_zone_overlays_panel_set_style ().
 *
 * ::changed is emitted once per user change (a toggle, an "All"/"None"
 * button, each value a slider takes), never by set_style. */
#define MS_TYPE_ZONE_OVERLAYS_PANEL (ms_zone_overlays_panel_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneOverlaysPanel, ms_zone_overlays_panel, MS, ZONE_OVERLAYS_PANEL, GtkWidget)

/* Starts with ms_zone_style_init ()'s style. */
GtkWidget *ms_zone_overlays_panel_new       (void);
void       ms_zone_overlays_panel_set_style (MsZoneOverlaysPanel *self,
                                             const MsZoneStyle   *style);
void       ms_zone_overlays_panel_get_style (MsZoneOverlaysPanel *self,
                                             MsZoneStyle         *out);

G_END_DECLS
