/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-chart.h"

/* As GTK themes fade .dim-label. */
#define DIM_ALPHA 0.55f

void
ms_chart_get_foreground (GtkWidget *widget,
                         GdkRGBA   *colour)
{
  /* gtk_widget_get_color () is 4.10; the build pins the 4.8 API, where this
   * is not deprecated. */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), colour);
}

void
ms_chart_append_layout_at (GtkSnapshot   *snapshot,
                           PangoLayout   *layout,
                           double         x,
                           double         y,
                           const GdkRGBA *colour)
{
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) round (x), (float) round (y)));
  gtk_snapshot_append_layout (snapshot, layout, colour);
  gtk_snapshot_restore (snapshot);
}

void
ms_chart_snapshot_placeholder (GtkWidget     *widget,
                               GtkSnapshot   *snapshot,
                               const char    *text,
                               const GdkRGBA *foreground,
                               double         pad)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget), h;
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  GdkRGBA dim = *foreground;

  dim.alpha *= DIM_ALPHA;
  pango_layout_set_width (layout, (int) MAX (width - 2 * pad, 1) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, NULL, &h);
  ms_chart_append_layout_at (snapshot, layout, pad, (height - h) / 2.0, &dim);
}
