/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map view's overlays: marked map pixels in translucent magenta,
 * cached as an A8 surface of the visible rectangle, a path drawn as a
 * line at every zoom, and the highlight outline.  Coordinates are file (map) pixels.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-map-marks.h"

void
ms_map_marks_set (MsMapMarks        *self,
                  MsMapViewMarkFunc  func,
                  gpointer           data,
                  GDestroyNotify     destroy)
{
  if (self->destroy != NULL)
    self->destroy (self->data);
  self->func = func;
  self->data = data;
  self->destroy = destroy;
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->path, g_array_unref);
}

void
ms_map_marks_set_path (MsMapMarks    *self,
                       const MsPoint *points,
                       guint          n_points)
{
  g_clear_pointer (&self->path, g_array_unref);
  if (n_points == 0)
    return;
  self->path = g_array_sized_new (FALSE, FALSE, sizeof (MsPoint), n_points);
  g_array_append_vals (self->path, points, n_points);
}

/* The path on screen, 3 px of the marks' magenta in a pale casing so it
 * reads over any layer, however far out the view is. */
static void
snapshot_path (MsMapMarks  *self,
               GtkSnapshot *snapshot,
               MsViewport  *vp)
{
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) ms_viewport_get_width (vp),
                                                                          (float) ms_viewport_get_height (vp)));
  gboolean drawing = FALSE;

  for (guint i = 0; i < self->path->len; i++)
    {
      const MsPoint *p = &g_array_index (self->path, MsPoint, i);
      double sx, sy;

      /* A NaN point breaks the line, as the renderer's roads do. */
      if (!isfinite (p->x) || !isfinite (p->y))
        {
          drawing = FALSE;
          continue;
        }
      ms_viewport_map_to_screen (vp, floor (p->x) + 0.5, floor (p->y) + 0.5, &sx, &sy);
      if (drawing)
        cairo_line_to (cr, sx, sy);
      else
        cairo_move_to (cr, sx, sy);
      drawing = TRUE;
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.9, 0.1, 0.8);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

#define MAX_MARKED_PIXELS (1024 * 1024)

void
ms_map_marks_snapshot (MsMapMarks  *self,
                       GtkSnapshot *snapshot,
                       MsViewport  *vp,
                       guint        n,
                       double       x0,
                       double       y0,
                       double       x1,
                       double       y1)
{
  double sx, sy;
  MsRect rect;
  cairo_t *cr;
  x0 = CLAMP (floor (x0), 0, n);
  y0 = CLAMP (floor (y0), 0, n);
  x1 = CLAMP (ceil (x1), 0, n);
  y1 = CLAMP (ceil (y1), 0, n);
  if (self->path != NULL)
    snapshot_path (self, snapshot, vp);
  if (self->func == NULL || x1 <= x0 || y1 <= y0 || (x1 - x0) * (y1 - y0) > MAX_MARKED_PIXELS)
    return;

  rect = (MsRect) { (guint) x0, (guint) y0, (guint) (x1 - x0), (guint) (y1 - y0) };
  if (self->surface == NULL || memcmp (&rect, &self->rect, sizeof rect) != 0)
    {
      guint8 *data;
      int stride;

      g_clear_pointer (&self->surface, cairo_surface_destroy);
      self->surface = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) rect.width, (int) rect.height);
      self->rect = rect;
      cairo_surface_flush (self->surface);
      data = cairo_image_surface_get_data (self->surface);
      stride = cairo_image_surface_get_stride (self->surface);
      for (guint j = 0; j < rect.height; j++)
        for (guint i = 0; i < rect.width; i++)
          data[(gsize) j * stride + i] = self->func (rect.x + i, rect.y + j, self->data) ? 255 : 0;
      cairo_surface_mark_dirty (self->surface);
    }

  /* Crisp map pixels in a translucent magenta, whatever the zoom. */
  ms_viewport_map_to_screen (vp, rect.x, rect.y, &sx, &sy);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) ms_viewport_get_width (vp),
                                                                 (float) ms_viewport_get_height (vp)));
  cairo_translate (cr, sx, sy);
  cairo_scale (cr, ms_viewport_get_zoom (vp), ms_viewport_get_zoom (vp));
  cairo_set_source_rgba (cr, 0.9, 0.1, 0.8, 0.6);
  {
    cairo_pattern_t *mask = cairo_pattern_create_for_surface (self->surface);

    cairo_pattern_set_filter (mask, CAIRO_FILTER_NEAREST);
    cairo_mask (cr, mask);
    cairo_pattern_destroy (mask);
  }
  cairo_destroy (cr);
}

void
ms_map_marks_snapshot_highlight (GtkSnapshot  *snapshot,
                                 MsViewport   *vp,
                                 const MsRect *highlight)
{
  double sx, sy, ex, ey;
  GskRoundedRect outline;
  const GdkRGBA colours[4] = { { 1, 0.85f, 0.1f, 1 }, { 1, 0.85f, 0.1f, 1 },
                               { 1, 0.85f, 0.1f, 1 }, { 1, 0.85f, 0.1f, 1 } };
  const float widths[4] = { 2, 2, 2, 2 };

  ms_viewport_map_to_screen (vp, highlight->x, highlight->y, &sx, &sy);
  ms_viewport_map_to_screen (vp, (double) highlight->x + highlight->width,
                             (double) highlight->y + highlight->height, &ex, &ey);
  /* At least a few pixels, so a one-pixel finding stays visible. */
  if (ex - sx < 8)
    {
      sx -= 4;
      ex += 4;
    }
  if (ey - sy < 8)
    {
      sy -= 4;
      ey += 4;
    }
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT ((float) sx - 2, (float) sy - 2,
                                                                  (float) (ex - sx) + 4, (float) (ey - sy) + 4), 3);
  gtk_snapshot_append_border (snapshot, &outline, widths, colours);
}
