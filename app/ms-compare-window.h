/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blend-view.h"
#include "ms-blueprint.h"
#include "ms-map-view.h"
#include "ms-swipe-view.h"

G_BEGIN_DECLS

#define MS_TYPE_COMPARE_WINDOW (ms_compare_window_get_type ())
G_DECLARE_FINAL_TYPE (MsCompareWindow, ms_compare_window, MS, COMPARE_WINDOW, GtkApplicationWindow)

/* Compares @a with @b: both already loaded; the window keeps references. */
MsCompareWindow *ms_compare_window_new             (GtkApplication  *application,
                                                    MsBlueprint     *a,
                                                    MsBlueprint     *b);
MsMapView       *ms_compare_window_get_view_a      (MsCompareWindow *self);
MsMapView       *ms_compare_window_get_view_b      (MsCompareWindow *self);
/* TRUE while the figures and the difference image are being computed. */
gboolean         ms_compare_window_is_computing    (MsCompareWindow *self);
const char      *ms_compare_window_get_error       (MsCompareWindow *self);
/* The statistics table's label for row @key ("towns:Village",
 * "water-pixels", …) and @column (0 A, 1 B, 2 the difference), or NULL. */
GtkLabel        *ms_compare_window_get_cell        (MsCompareWindow *self,
                                                    const char      *key,
                                                    guint            column);
MsSwipeView     *ms_compare_window_get_swipe_view  (MsCompareWindow *self);
/* The onion skin's view (B over A at the scale's opacity) and its scale. */
MsBlendView     *ms_compare_window_get_onion_view  (MsCompareWindow *self);
GtkScale        *ms_compare_window_get_onion_scale (MsCompareWindow *self);
/* The blink's view, its start/stop toggle and its rate in Hz. */
MsBlendView     *ms_compare_window_get_blink_view  (MsCompareWindow *self);
GtkToggleButton *ms_compare_window_get_blink_button (MsCompareWindow *self);
GtkSpinButton   *ms_compare_window_get_blink_rate  (MsCompareWindow *self);
/* The difference mode's map view: the B − A image on the comparison grid
 * (the larger map's pixels), showing nothing while it is computed. */
MsMapView       *ms_compare_window_get_diff_view   (MsCompareWindow *self);
/* The readout under the maps: A, B and B − A at the pointer. */
GtkLabel        *ms_compare_window_get_readout     (MsCompareWindow *self);
GtkToggleButton *ms_compare_window_get_link_button (MsCompareWindow *self);
/* What the readout says for the point at fraction (@u, @v) of the world:
 * ms_blueprint_describe_pair () of the two maps.  NULL outside the maps. */
char            *ms_compare_window_describe_point  (MsCompareWindow *self,
                                                    double           u,
                                                    double           v);

G_END_DECLS
