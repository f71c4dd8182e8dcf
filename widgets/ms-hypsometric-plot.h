/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Hypsometric curves of several maps overlaid in one plot: the share of
 * the area at or above a height (x, 0–100 %) against the height (y, in
 * metres), one line a map in its series colour, with a legend of the
 * maps' labels beside the plot.  The height axis covers every curve and
 * steps by 1, 2 or 5 × 10^n m.  With no curve it says what to do. */
#define MS_TYPE_HYPSOMETRIC_PLOT (ms_hypsometric_plot_get_type ())
G_DECLARE_FINAL_TYPE (MsHypsometricPlot, ms_hypsometric_plot, MS, HYPSOMETRIC_PLOT, GtkWidget)

GtkWidget *ms_hypsometric_plot_new                (void);
void       ms_hypsometric_plot_clear              (MsHypsometricPlot *self);
/* heights_m[i], i = 0 … n - 1 (n ≥ 2): the height in metres at or above
 * which i / (n - 1) of the map's area lies, so heights_m[0] is the highest
 * and heights_m[n - 1] the lowest (non-increasing).  Heights that are not
 * finite break the line.  The data is copied. */
void       ms_hypsometric_plot_add_curve          (MsHypsometricPlot *self,
                                                   const char        *label,
                                                   const double      *heights_m,
                                                   guint              n);
guint      ms_hypsometric_plot_get_n_curves       (MsHypsometricPlot *self);

/* The colour curve @i is drawn in, here and in the legend: a fixed palette
 * of mid-light colours that read on light and dark themes, cycled.  For
 * the tests, and for a list that colours its rows to match. */
void       ms_hypsometric_plot_get_series_colour  (guint              i,
                                                   GdkRGBA           *colour);

/* Where the data is drawn, in widget coordinates, and the heights at its
 * bottom (@y_min) and top (@y_max) edges: x = @area's left + its width ×
 * share, y = its top + its height × (@y_max - height) / (@y_max - @y_min).
 * FALSE, and nothing set, while there is no curve or no room. */
gboolean   ms_hypsometric_plot_get_plot_area      (MsHypsometricPlot *self,
                                                   graphene_rect_t   *area,
                                                   double            *y_min,
                                                   double            *y_max);

/* The pure choice of the height axis for data from @lo to @hi: a step of
 * 1, 2 or 5 × 10^n m, the smallest that makes at most five intervals, and
 * the multiples of it just outside the data.  Returns the step. */
double     ms_hypsometric_plot_choose_axis        (double             lo,
                                                   double             hi,
                                                   double            *axis_min,
                                                   double            *axis_max);

G_END_DECLS
