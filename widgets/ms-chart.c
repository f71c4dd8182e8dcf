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

double
ms_chart_nice_step (double span,
                    double max_intervals,
                    double min_step)
{
  static const double multiples[] = { 1.0, 2.0, 5.0, 10.0 };
  double raw, decade, step = 1.0;

  g_return_val_if_fail (span > 0 && isfinite (span) && max_intervals >= 1, 1.0);

  raw = span / max_intervals;
  decade = pow (10.0, floor (log10 (raw)));
  for (guint i = 0; i < G_N_ELEMENTS (multiples); i++)
    {
      step = multiples[i] * decade;
      if (step >= raw * (1.0 - 1e-9))
        break;
    }
  return MAX (step, min_step);
}

/* Mid-light colours, each with a contrast of at least 3:1 against white and
 * against Adwaita's dark #242424 (relative luminance 0.17–0.29), in hues far
 * enough apart to tell thin lines apart. */
#define RGB(r, g, b) { (r) / 255.f, (g) / 255.f, (b) / 255.f, 1.f }
static const GdkRGBA palette[] = {
  RGB (0x35, 0x84, 0xe4),  /* blue */
  RGB (0xe6, 0x61, 0x00),  /* orange */
  RGB (0x26, 0xa2, 0x69),  /* green */
  RGB (0xc0, 0x61, 0xcb),  /* purple */
  RGB (0xe0, 0x1b, 0x24),  /* red */
  RGB (0x1c, 0x9e, 0xa6),  /* teal */
  RGB (0xa0, 0x78, 0x2c),  /* ochre */
  RGB (0xd4, 0x48, 0x9c),  /* pink */
  RGB (0x8a, 0x9a, 0x20),  /* olive */
};
#undef RGB

void
ms_chart_get_series_colour (guint    i,
                            GdkRGBA *colour)
{
  g_return_if_fail (colour != NULL);

  *colour = palette[i % G_N_ELEMENTS (palette)];
}
