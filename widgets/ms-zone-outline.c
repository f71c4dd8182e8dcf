/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone view's tool overlays: the brush at the pointer, the rectangle
 * and polygon outlines with the polygon's rubber band, the tile cross
 * hairs, and a fill's preview — drawn in zone tiles (row-major) over the
 * map.
 */
#include "config.h"

#include <math.h>

#include "ms-zone-outline.h"

#define MAX_PREVIEW_SPANS 200000

void
ms_zone_outline_init (MsZoneOutline *self)
{
  *self = (MsZoneOutline) { 0, };
  self->points = g_array_new (FALSE, FALSE, sizeof (double));
  self->brush_size = 1;
}

void
ms_zone_outline_clear (MsZoneOutline *self)
{
  g_clear_pointer (&self->points, g_array_unref);
  g_clear_pointer (&self->preview, g_array_unref);
}

void
ms_zone_brush_centre (guint   size,
                      double  x,
                      double  y,
                      double *cx,
                      double *cy)
{
  if (size % 2 == 1)
    {
      *cx = floor (x) + 0.5;
      *cy = floor (y) + 0.5;
    }
  else
    {
      *cx = floor (x + 0.5);
      *cy = floor (y + 0.5);
    }
}

gboolean
ms_zone_outline_get_rubber_band (const MsZoneOutline *self,
                                 MsViewport          *vp,
                                 double              *x0,
                                 double              *y0,
                                 double              *x1,
                                 double              *y1)
{
  guint n = self->points->len / 2;

  if (self->kind != MS_ZONE_VIEW_OUTLINE_POLYGON || n == 0 || !self->pointer_inside)
    return FALSE;
  *x0 = g_array_index (self->points, double, 2 * n - 2);
  *y0 = g_array_index (self->points, double, 2 * n - 1);
  ms_viewport_screen_to_map (vp, self->pointer_x, self->pointer_y, x1, y1);
  return TRUE;
}

static void
draw_preview (const MsZoneOutline *self,
              cairo_t             *cr,
              double               x0,
              double               y0,
              double               x1,
              double               y1)
{
  const MsZoneSpan *spans = (const MsZoneSpan *) (gconstpointer) self->preview->data;
  guint n_spans = self->preview->len;

  cairo_set_source_rgba (cr, 0.9, 0.1, 0.8, 0.55);
  if (n_spans > MAX_PREVIEW_SPANS)
    {
      double bx0 = G_MAXDOUBLE, bx1 = 0;

      /* Too many to draw one by one: the bounds stand for them. */
      for (guint i = 0; i < n_spans; i++)
        {
          bx0 = MIN (bx0, spans[i].x0);
          bx1 = MAX (bx1, spans[i].x1);
        }
      cairo_rectangle (cr, bx0, spans[0].y, bx1 - bx0, (double) spans[n_spans - 1].y + 1 - spans[0].y);
    }
  else
    for (guint i = 0; i < n_spans; i++)
      {
        if (spans[i].y + 1 < y0 || spans[i].y > y1 || spans[i].x1 < x0 || spans[i].x0 > x1)
          continue;
        cairo_rectangle (cr, spans[i].x0, spans[i].y, (double) spans[i].x1 - spans[i].x0, 1);
      }
  cairo_fill (cr);
}

static void
draw_outline (const MsZoneOutline *self,
              MsViewport          *vp,
              cairo_t             *cr)
{
  const double *p = (const double *) (gconstpointer) self->points->data;
  guint n = self->points->len / 2;
  double zoom = ms_viewport_get_zoom (vp);

  cairo_set_line_width (cr, 1.5 / zoom);
  switch (self->kind)
    {
    case MS_ZONE_VIEW_OUTLINE_BRUSH:
      if (self->pointer_inside)
        {
          double tx, ty, cx, cy, r = self->brush_size / 2.0;

          ms_viewport_screen_to_map (vp, self->pointer_x, self->pointer_y, &tx, &ty);
          ms_zone_brush_centre (self->brush_size, tx, ty, &cx, &cy);
          if (self->brush_shape == MS_ZONE_BRUSH_ROUND)
            cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
          else
            cairo_rectangle (cr, cx - r, cy - r, 2 * r, 2 * r);
        }
      break;
    case MS_ZONE_VIEW_OUTLINE_RECT:
      if (n >= 2)
        {
          double ax = MIN (floor (p[0]), floor (p[2])), ay = MIN (floor (p[1]), floor (p[3]));
          double bx = MAX (floor (p[0]), floor (p[2])) + 1, by = MAX (floor (p[1]), floor (p[3])) + 1;
          cairo_rectangle (cr, ax, ay, bx - ax, by - ay);
        }
      break;
    case MS_ZONE_VIEW_OUTLINE_POLYGON:
      for (guint i = 0; i < n; i++)
        {
          if (i == 0)
            cairo_move_to (cr, p[0], p[1]);
          else
            cairo_line_to (cr, p[2 * i], p[2 * i + 1]);
        }
      /* The rubber band: the next edge follows the pointer. */
      {
        double lx, ly, tx, ty;

        if (ms_zone_outline_get_rubber_band (self, vp, &lx, &ly, &tx, &ty))
          cairo_line_to (cr, tx, ty);
      }
      for (guint i = 0; i < n; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, p[2 * i], p[2 * i + 1], 3.0 / zoom, 0, 2 * G_PI);
        }
      break;
    case MS_ZONE_VIEW_OUTLINE_TILE:
      if (self->pointer_inside)
        {
          double tx, ty, arm = 8.0 / zoom;

          ms_viewport_screen_to_map (vp, self->pointer_x, self->pointer_y, &tx, &ty);
          tx = floor (tx);
          ty = floor (ty);
          /* The tile itself, and arms that show where it is when a tile is
           * smaller than a screen pixel. */
          cairo_rectangle (cr, tx, ty, 1, 1);
          cairo_move_to (cr, tx + 0.5, ty - arm);
          cairo_line_to (cr, tx + 0.5, ty - arm / 3);
          cairo_move_to (cr, tx + 0.5, ty + 1 + arm / 3);
          cairo_line_to (cr, tx + 0.5, ty + 1 + arm);
          cairo_move_to (cr, tx - arm, ty + 0.5);
          cairo_line_to (cr, tx - arm / 3, ty + 0.5);
          cairo_move_to (cr, tx + 1 + arm / 3, ty + 0.5);
          cairo_line_to (cr, tx + 1 + arm, ty + 0.5);
        }
      break;
    case MS_ZONE_VIEW_OUTLINE_NONE:
    default:
      return;
    }

  /* Dark under light: visible over any colour of the map. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_set_line_width (cr, 3.0 / zoom);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_set_line_width (cr, 1.5 / zoom);
  cairo_stroke (cr);
}

void
ms_zone_outline_draw (const MsZoneOutline *self,
                      MsViewport          *vp,
                      cairo_t             *cr,
                      double               x0,
                      double               y0,
                      double               x1,
                      double               y1)
{
  if (self->preview != NULL)
    draw_preview (self, cr, x0, y0, x1, y1);
  draw_outline (self, vp, cr);
}
