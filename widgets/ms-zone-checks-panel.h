/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-audit-finding.h"
#include "ms-zone-region.h"

G_BEGIN_DECLS

/* The zone window's Checks page: the zone audit's findings (MsFindingsList,
 * one row each: check id, description, count), and Previous / Next to step
 * through a finding's tiles (ROW-MAJOR x, y): the listed ones
 * (MsAuditFinding.locations) until set_region () gives all of them.  Choosing a row (click, or Enter) or stepping emits
 * ::location-chosen (finding index, x, y, has_location): has_location FALSE
 * for a whole-layer finding.  F8 / Shift+F8 step while the page has focus. */
#define MS_TYPE_ZONE_CHECKS_PANEL (ms_zone_checks_panel_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneChecksPanel, ms_zone_checks_panel, MS, ZONE_CHECKS_PANEL, GtkWidget)

GtkWidget *ms_zone_checks_panel_new          (void);
/* @findings: (nullable) (transfer none): MsAuditFinding*, kept; NULL while
 * the first audit runs.  A finding that is still there (same check) stays
 * chosen. */
void       ms_zone_checks_panel_set_findings (MsZoneChecksPanel *self,
                                              GPtrArray         *findings);
GPtrArray *ms_zone_checks_panel_get_findings (MsZoneChecksPanel *self);
/* Says the audit runs again (after an edit) without dropping the rows. */
void       ms_zone_checks_panel_set_busy     (MsZoneChecksPanel *self,
                                              gboolean           busy);
/* Chooses finding @index (G_MAXUINT: none) at its first location. */
void       ms_zone_checks_panel_choose       (MsZoneChecksPanel *self,
                                              guint              index);
/* Every tile of the chosen finding, whose check is @check (kept; ignored
 * when another finding is chosen meanwhile): the steps go through them
 * all, in row-major order.  New findings or another choice drop it. */
void       ms_zone_checks_panel_set_region   (MsZoneChecksPanel *self,
                                              const char        *check,
                                              MsZoneRegion      *region);
/* (transfer none) (nullable): the region set_region () gave. */
MsZoneRegion *ms_zone_checks_panel_get_region (MsZoneChecksPanel *self);
/* Steps the chosen finding's location by @delta (wrapping). */
void       ms_zone_checks_panel_step         (MsZoneChecksPanel *self,
                                              int                delta);
/* The chosen finding and location; FALSE when none is chosen. */
gboolean   ms_zone_checks_panel_get_chosen   (MsZoneChecksPanel *self,
                                              guint             *index,
                                              guint             *location);
GtkWidget *ms_zone_checks_panel_get_list     (MsZoneChecksPanel *self);

G_END_DECLS
