/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-path-profile.h"

G_BEGIN_DECLS

/* Heights along a path (issue #39): height in metres (y) against the
 * distance along the path in metres (x), both axes with ticks and units.
 * Any number of named series, each a line in its colour (the Compare
 * window's two seeds and their difference); the first series that has
 * slopes fills the area under its line with the slope's class (a colour
 * band, its key under the plot), and the first that has crossings gets a
 * lane of marks above the plot for each thing it crosses (water, a road of
 * each tier, a town, a failed slope check).
 *
 * The vertical scale: :exaggeration 0 fits the heights to the plot; a
 * positive value draws a metre up that many times as long as a metre
 * along, the heights centred (and cut at the plot's edges).  The axis
 * title says the exaggeration drawn either way.
 *
 * The highlight: a vertical line at a distance, a dot on each series and a
 * readout (distance, height, slope in % and degrees, what it crosses) at
 * the nearest sample of the first series.  The pointer over the plot and
 * Left / Right (a sample; with Shift a twentieth of them), Home and End
 * move it and emit ::hovered; ms_profile_plot_set_highlight () moves it
 * from outside (a pointer over the path on the map) without the signal. */
#define MS_TYPE_PROFILE_PLOT (ms_profile_plot_get_type ())
G_DECLARE_FINAL_TYPE (MsProfilePlot, ms_profile_plot, MS, PROFILE_PLOT, GtkWidget)

GtkWidget  *ms_profile_plot_new                 (void);
void        ms_profile_plot_clear               (MsProfilePlot       *self);
/* @n ≥ 2 samples at @distance_m (non-decreasing, from 0) of @height_m (a
 * value that is not finite breaks the line); @slope_pct and @crosses
 * (MsPathCrosses) are nullable.  @colour NULL: ms_chart_get_series_colour
 * () of the series' index.  The data is copied.  Returns the index. */
guint       ms_profile_plot_add_series          (MsProfilePlot       *self,
                                                 const char          *label,
                                                 const GdkRGBA       *colour,
                                                 const double        *distance_m,
                                                 const double        *height_m,
                                                 const double        *slope_pct,
                                                 const guint         *crosses,
                                                 guint                n);
/* A series of @profile's samples, with their slopes and crossings. */
guint       ms_profile_plot_add_profile         (MsProfilePlot       *self,
                                                 const char          *label,
                                                 const GdkRGBA       *colour,
                                                 const MsPathProfile *profile);
guint       ms_profile_plot_get_n_series        (MsProfilePlot       *self);
/* What an empty plot says. */
void        ms_profile_plot_set_placeholder     (MsProfilePlot       *self,
                                                 const char          *text);

void        ms_profile_plot_set_exaggeration    (MsProfilePlot       *self,
                                                 double               exaggeration);
double      ms_profile_plot_get_exaggeration    (MsProfilePlot       *self);
/* The exaggeration drawn now (at :exaggeration 0, the fit's); 0 while
 * nothing is drawn. */
double      ms_profile_plot_get_drawn_exaggeration (MsProfilePlot    *self);

/* NaN clears it. */
void        ms_profile_plot_set_highlight       (MsProfilePlot       *self,
                                                 double               distance_m);
double      ms_profile_plot_get_highlight       (MsProfilePlot       *self);
/* The first series' sample nearest the highlight, or -1. */
int         ms_profile_plot_get_highlight_sample (MsProfilePlot      *self);
/* The readout shown now ("" without a highlight). */
const char *ms_profile_plot_get_readout         (MsProfilePlot       *self);

/* Where the data is drawn, in widget coordinates, and the ranges at its
 * edges: x = @area's left + its width × d / @x_max, y = its top + its
 * height × (@y_max - h) / (@y_max - @y_min).  FALSE while nothing is
 * drawn. */
gboolean    ms_profile_plot_get_plot_area       (MsProfilePlot       *self,
                                                 graphene_rect_t     *area,
                                                 double              *x_max,
                                                 double              *y_min,
                                                 double              *y_max);
/* The lane of @kind's marks (one MsPathCrosses bit), in widget
 * coordinates; FALSE when no series crosses it. */
gboolean    ms_profile_plot_get_lane            (MsProfilePlot       *self,
                                                 MsPathCrosses        kind,
                                                 graphene_rect_t     *lane);

/* The slope class colours: @slope_pct's class (its absolute value below 5,
 * 15, 30, 60 %, then above) and its colour, as the band fills it. */
guint       ms_profile_plot_slope_class         (double               slope_pct);
void        ms_profile_plot_get_slope_colour    (guint                slope_class,
                                                 GdkRGBA             *colour);

/* The plot as drawn, at @width × @height, on white with black text: "png"
 * or "svg".  NULL with an error when cairo fails. */
GBytes     *ms_profile_plot_export              (MsProfilePlot       *self,
                                                 const char          *format,
                                                 int                  width,
                                                 int                  height,
                                                 GError             **error);

G_END_DECLS
