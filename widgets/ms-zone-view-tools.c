/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone view's painter side: the tool outlines (brush, rubber band,
 * polygon, preview) drawn over the zone, and the primary button and
 * pointer turned into tile signals for MsZoneToolController.  The tiles,
 * GL and the zone itself are in ms-zone-view.c.
 */
#define G_LOG_DOMAIN "ms-zone-view"

#include "config.h"

#include "ms-zone-view-private.h"

enum
{
  SIGNAL_TILE_PRESSED,
  SIGNAL_TILE_MOTION,
  SIGNAL_TILE_RELEASED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
ms_zone_view_brush_centre (guint   size,
                           double  x,
                           double  y,
                           double *cx,
                           double *cy)
{
  ms_zone_brush_centre (size, x, y, cx, cy);
}

void
_ms_zone_view_snapshot_tools (MsZoneView  *self,
                              GtkSnapshot *snapshot)
{
  double x0, y0, x1, y1;
  cairo_t *cr;

  if (self->zone != NULL && (self->tools.preview != NULL || self->tools.kind != MS_ZONE_VIEW_OUTLINE_NONE))
    {
      ms_tile_view_get_visible (MS_TILE_VIEW (self), &x0, &y0, &x1, &y1);
      cr = ms_tile_view_append_map_cairo (MS_TILE_VIEW (self), snapshot);
      ms_zone_outline_draw (&self->tools, VIEWPORT (self), cr, x0, y0, x1, y1);
      cairo_destroy (cr);
    }
}

/* ---------------------------------------------------------------- input --- */

static void
emit_tile (MsZoneView *self,
           guint       signal,
           double      sx,
           double      sy,
           int         n_press)
{
  double x, y;

  ms_viewport_screen_to_map (VIEWPORT (self), sx, sy, &x, &y);
  if (signal == signals[SIGNAL_TILE_PRESSED])
    g_signal_emit (self, signal, 0, x, y, n_press);
  else
    g_signal_emit (self, signal, 0, x, y);
}

static void
on_tool_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MsZoneView     *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  ms_view_gestures_stop_kinetic (ms_tile_view_get_gestures (MS_TILE_VIEW (self)));
  emit_tile (self, signals[SIGNAL_TILE_PRESSED], x, y, 1);
}

static void
on_tool_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MsZoneView     *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  emit_tile (self, signals[SIGNAL_TILE_RELEASED], x + dx, y + dy, 0);
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  MsZoneView      *self)
{
  guint count = ms_click_count_press_event (&self->clicks, GTK_EVENT_CONTROLLER (gesture), x, y);

  /* Single presses come from the drag gesture; this only adds the double
   * click (the polygon tool closes with it), counted from the events'
   * times rather than n_press (see ms-click-count.h). */
  if (count >= 2)
    emit_tile (self, signals[SIGNAL_TILE_PRESSED], x, y, count);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MsZoneView               *self)
{
  self->tools.pointer_inside = TRUE;
  self->tools.pointer_x = x;
  self->tools.pointer_y = y;
  emit_tile (self, signals[SIGNAL_TILE_MOTION], x, y, 0);
  if (self->tools.kind != MS_ZONE_VIEW_OUTLINE_NONE)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          MsZoneView               *self)
{
  self->tools.pointer_inside = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---------------------------------------------------------------- tools --- */

void
ms_zone_view_set_brush (MsZoneView       *self,
                        MsZoneBrushShape  shape,
                        guint             size)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));
  self->tools.brush_shape = shape;
  self->tools.brush_size = MAX (size, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ms_zone_view_set_outline (MsZoneView        *self,
                          MsZoneViewOutline  kind,
                          const double      *points,
                          guint              n_points)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));

  self->tools.kind = kind;
  g_array_set_size (self->tools.points, 0);
  if (points != NULL)
    g_array_append_vals (self->tools.points, points, n_points * 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MsZoneViewOutline
ms_zone_view_get_outline (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), MS_ZONE_VIEW_OUTLINE_NONE);
  return self->tools.kind;
}

gboolean
ms_zone_view_get_rubber_band (MsZoneView *self,
                              double     *x0,
                              double     *y0,
                              double     *x1,
                              double     *y1)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), FALSE);
  return ms_zone_outline_get_rubber_band (&self->tools, VIEWPORT (self), x0, y0, x1, y1);
}

void
ms_zone_view_set_preview (MsZoneView       *self,
                          const MsZoneSpan *spans,
                          guint             n_spans)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));

  g_clear_pointer (&self->tools.preview, g_array_unref);
  if (spans != NULL)
    {
      self->tools.preview = g_array_sized_new (FALSE, FALSE, sizeof (MsZoneSpan), n_spans);
      g_array_append_vals (self->tools.preview, spans, n_spans);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const MsZoneSpan *
ms_zone_view_get_preview (MsZoneView *self,
                          guint      *n_spans)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);

  *n_spans = self->tools.preview != NULL ? self->tools.preview->len : 0;
  return self->tools.preview != NULL ? (const MsZoneSpan *) self->tools.preview->data : NULL;
}

void
_ms_zone_view_class_init_tools (MsZoneViewClass *klass)
{
  /**
   * MsZoneView::tile-pressed:
   * @x, @y: the pointer in tiles (row-major)
   * @n_press: 1, or 2 for a double click
   */
  signals[SIGNAL_TILE_PRESSED] =
    g_signal_new ("tile-pressed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_DOUBLE, G_TYPE_DOUBLE, G_TYPE_INT);
  signals[SIGNAL_TILE_MOTION] =
    g_signal_new ("tile-motion", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_TILE_RELEASED] =
    g_signal_new ("tile-released", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

}

void
_ms_zone_view_init_tools (MsZoneView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_tool_begin), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_tool_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
