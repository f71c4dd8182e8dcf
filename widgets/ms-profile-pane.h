/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-path-profile.h"
#include "ms-profile-plot.h"
#include "ms-ruler-overlay.h"
#include "ms-zone.h"

G_BEGIN_DECLS

/* The pane under a window's map that turns the ruler's path into a
 * profile (issue #39): a row with the figures (length, ascent, descent),
 * the vertical exaggeration (0: fit) and the export menu, over an
 * MsProfilePlot.  While shown it follows the ruler: each change of its
 * points makes the profile again (the closing segment of a closed polygon
 * included) — a blueprint's on a worker, the last one cancelled, as a path
 * across an 8192² map takes ~0.1 s; a zone's at once (at most 512², and
 * its edits are on the main thread), and again after an edit.  Hovering
 * the plot rings the sample's point on the map (the ruler's marker);
 * hovering the path on the map highlights the plot.
 *
 * Showing it turns the ruler on; turning the ruler off hides it. */
#define MS_TYPE_PROFILE_PANE (ms_profile_pane_get_type ())
G_DECLARE_FINAL_TYPE (MsProfilePane, ms_profile_pane, MS, PROFILE_PANE, GtkWidget)

GtkWidget           *ms_profile_pane_new             (void);
/* Set once. */
void                 ms_profile_pane_set_ruler       (MsProfilePane  *self,
                                                      MsRulerOverlay *ruler);
/* The map profiled: a blueprint (heights, water, roads, towns) or a zone
 * (altitude >> 5, water, the server's slope check); setting one unsets
 * the other.  Both NULL: nothing to profile. */
void                 ms_profile_pane_set_blueprint   (MsProfilePane  *self,
                                                      MsBlueprint    *blueprint);
void                 ms_profile_pane_set_zone        (MsProfilePane  *self,
                                                      MsZone         *zone);
MsProfilePlot       *ms_profile_pane_get_plot        (MsProfilePane  *self);
/* The profile shown, or NULL (no path, a path off the map, or one being
 * made). */
const MsPathProfile *ms_profile_pane_get_profile     (MsProfilePane  *self);
/* Whether a profile is being made on a worker. */
gboolean             ms_profile_pane_is_busy         (MsProfilePane  *self);
/* What the figures' label says. */
const char          *ms_profile_pane_get_summary     (MsProfilePane  *self);

/* The profile as "csv" (ms_path_profile_to_csv ()), or the plot as drawn
 * as "png" or "svg" (at its size on screen, at least 800 × 300).  NULL
 * with an error without a profile. */
GBytes              *ms_profile_pane_serialize       (MsProfilePane  *self,
                                                      const char     *format,
                                                      GError        **error);
/* "profile.csv", "profile.png"… named after @base (a map's file name
 * without its extension, or NULL). */
char                *ms_profile_pane_suggest_name    (MsProfilePane  *self,
                                                      const char     *base,
                                                      const char     *format);

/* Adds the stateful action "win.profile", bound to @self's visibility, to
 * @window, with the key Shift+M. */
void                 ms_profile_pane_add_window_action (MsProfilePane        *self,
                                                        GtkApplicationWindow *window);

G_END_DECLS
