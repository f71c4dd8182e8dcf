/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The two relief controls the blueprint layer panel and the zone overlays
 * panel share: the contour interval and the multidirectional hillshade
 * toggle.  Plain widgets: the blueprint window binds them to its settings,
 * the zone panel to its style.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A spin button named "contour-interval", @lower to @upper in steps of
 * @step, one decimal; @what ("metres") is said in its tooltip and
 * accessible label. */
GtkWidget *ms_contour_interval_spin_new (double      lower,
                                         double      upper,
                                         double      step,
                                         const char *what);

/* A check button "_Multi" named "hillshade-multidirectional". */
GtkWidget *ms_multidirectional_check_new (void);

G_END_DECLS
