/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-zone.h"
#include "ms-zone-region.h"
#include "ms-zone-view.h"

G_BEGIN_DECLS

/* Fill by rule: a rule on one layer ("spawn > 100"), written and read in
 * the edit language of ms-zone-op.h, optionally cut to the selection; the
 * tiles it picks are previewed on the view while the dialog is open.
 * Apply emits "apply" (no arguments) with ms_zone_rule_dialog_get_spans ()
 * current; what the spans get is the owner's, and so is closing. */
#define MS_TYPE_ZONE_RULE_DIALOG (ms_zone_rule_dialog_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneRuleDialog, ms_zone_rule_dialog, MS, ZONE_RULE_DIALOG, GtkWindow)

/* @selection: the last rectangle or polygon (row spans, sorted by (y, x0),
 * disjoint); n_selection 0: none, and "only inside" cannot be chosen. */
MsZoneRuleDialog *ms_zone_rule_dialog_new       (GtkWindow        *parent,
                                                 MsZone           *zone,
                                                 MsZoneView       *view,
                                                 const MsZoneSpan *selection,
                                                 guint             n_selection);
/* The rule as the edit language writes it: "where spawn > 100". */
char             *ms_zone_rule_dialog_dup_rule  (MsZoneRuleDialog *self);
/* The tiles the rule picks now (row-major spans, sorted by (y, x0)). */
const MsZoneSpan *ms_zone_rule_dialog_get_spans (MsZoneRuleDialog *self,
                                                 guint            *n_spans);

G_END_DECLS
