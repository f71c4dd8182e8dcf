/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the charts (MsHypsometricPlot, MsBiomeBars, MsProfilePlot) draw alike. */

/* The widget's text colour from its style. */
void ms_chart_get_foreground  (GtkWidget     *widget,
                               GdkRGBA       *colour);
/* @layout with its top left at (@x, @y), rounded to whole pixels. */
void ms_chart_append_layout_at (GtkSnapshot  *snapshot,
                                PangoLayout  *layout,
                                double        x,
                                double        y,
                                const GdkRGBA *colour);
/* A chart with nothing to show: @text, dimmed, wrapped and centred in
 * @widget, @pad from its sides. */
void ms_chart_snapshot_placeholder (GtkWidget     *widget,
                                    GtkSnapshot   *snapshot,
                                    const char    *text,
                                    const GdkRGBA *foreground,
                                    double         pad);

/* The step of an axis over @span: 1, 2 or 5 × 10^n, the smallest that
 * makes at most @max_intervals intervals, and never below @min_step. */
double ms_chart_nice_step         (double         span,
                                   double         max_intervals,
                                   double         min_step);
/* The colour of series @i: a fixed palette of mid-light colours that read
 * on light and dark themes, cycled. */
void   ms_chart_get_series_colour (guint          i,
                                   GdkRGBA       *colour);

G_END_DECLS
