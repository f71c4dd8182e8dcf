/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the gallery's charts (MsHypsometricPlot, MsBiomeBars) draw alike. */

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

G_END_DECLS
