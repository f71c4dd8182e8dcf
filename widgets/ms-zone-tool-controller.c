/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One controller, not a class per tool: the tools share what is under way
 * (Enter and Esc finish or drop whichever shape it is, the rectangle and
 * the polygon both leave the selection, every tool change ends a stroke and
 * drops a shape), and each tool's own part is a few lines of one press /
 * motion / release switch.
 */
#define G_LOG_DOMAIN "ms-zone-tool"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-zone-edit.h"
#include "ms-zone-tool-controller.h"

typedef enum
{
  TOOL_BRUSH,
  TOOL_RECT,
  TOOL_POLYGON,
  TOOL_FLOOD,
  N_TOOLS
} Tool;

static const char *const tool_names[N_TOOLS] = { "brush", "rect", "polygon", "flood" };

struct _MsZoneToolController
{
  GObject           parent_instance;

  MsZoneView       *view;
  MsZone           *zone;
  Tool              tool;
  MsZoneBrushShape  brush_shape;
  guint             brush_size;

  /* The stroke or shape under way, in tiles (row-major). */
  gboolean          painting;
  GArray           *stroke;          /* double pairs: brush centres */
  gboolean          dragging_rect;
  double            rect_x, rect_y, rect_x1, rect_y1;
  GArray           *polygon;         /* double pairs */
  gboolean          lasso_pressed;   /* the polygon tool's button is down */
  gboolean          lassoing;        /* ... and dragged: a freehand lasso */
  /* A double click that closed the polygon: the view reports its second
   * press again as a single one (its drag gesture begins), which must not
   * start a new polygon there.  Dropped on the next press or motion. */
  gboolean          closed_by_double_click;
  double            closed_x, closed_y;
  GArray           *selection;       /* MsZoneSpan: the last rectangle or polygon */
  /* A flood fill waits, tinted, for Enter or a click inside it: one
   * click on the sea is the whole sea. */
  MsZoneRegion     *flood;
};

G_DEFINE_FINAL_TYPE (MsZoneToolController, ms_zone_tool_controller, G_TYPE_OBJECT)

enum { SIGNAL_APPLY, SIGNAL_STEP_DONE, SIGNAL_FAILED, SIGNAL_FLOOD_PREVIEW, N_SIGNALS };
static guint signals[N_SIGNALS];

static gboolean
apply_region (MsZoneToolController *self,
              MsZoneRegion         *region)
{
  gboolean ok = FALSE;

  g_signal_emit (self, signals[SIGNAL_APPLY], 0, region, &ok);
  return ok;
}

static void
step_done (MsZoneToolController *self,
           const char           *tool_name,
           guint64               n_tiles)
{
  g_signal_emit (self, signals[SIGNAL_STEP_DONE], 0, tool_name, n_tiles);
}

static double
brush_radius (MsZoneToolController *self)
{
  return self->brush_size / 2.0;
}

static void
brush_to (MsZoneToolController *self,
          double                x,
          double                y)
{
  g_autoptr(MsZoneRegion) region = NULL;
  double c[4];
  guint n = 1;

  ms_zone_view_brush_centre (self->brush_size, x, y, &c[2], &c[3]);
  if (self->stroke->len >= 2)
    {
      c[0] = g_array_index (self->stroke, double, self->stroke->len - 2);
      c[1] = g_array_index (self->stroke, double, self->stroke->len - 1);
      if (c[0] == c[2] && c[1] == c[3])
        return;
      n = 2;
    }
  /* Only the new segment: painting cost follows the pointer, not the
   * stroke's length. */
  region = ms_zone_region_new_stroke (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                      self->brush_shape, n == 2 ? c : c + 2, n, brush_radius (self));
  g_array_append_vals (self->stroke, c + 2, 2);
  apply_region (self, region);
}

void
ms_zone_tool_controller_end_stroke (MsZoneToolController *self)
{
  g_autoptr(MsZoneRegion) all = NULL;

  g_return_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self));

  if (!self->painting)
    return;
  self->painting = FALSE;
  all = ms_zone_region_new_stroke (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                   self->brush_shape, (const double *) self->stroke->data,
                                   self->stroke->len / 2, brush_radius (self));
  ms_zone_end_step (self->zone);
  step_done (self, _("Brush"), ms_zone_region_count_tiles (all));
}

static void
set_selection (MsZoneToolController *self,
               MsZoneRegion         *region)
{
  guint n;
  const MsZoneSpan *spans = ms_zone_region_get_spans (region, &n);

  g_array_set_size (self->selection, 0);
  g_array_append_vals (self->selection, spans, n);
}

static void
apply_shape (MsZoneToolController *self,
             MsZoneRegion         *region,
             const char           *tool_name)
{
  guint64 n = ms_zone_region_count_tiles (region);

  ms_zone_begin_step (self->zone);
  apply_region (self, region);
  ms_zone_end_step (self->zone);
  step_done (self, tool_name, n);
}

static void
set_flood (MsZoneToolController *self,
           MsZoneRegion         *region)
{
  const MsZoneSpan *spans = NULL;
  guint n_spans = 0;

  if (region == NULL && self->flood == NULL)
    return;
  g_clear_pointer (&self->flood, ms_zone_region_unref);
  self->flood = region;
  if (region != NULL)
    spans = ms_zone_region_get_spans (region, &n_spans);
  ms_zone_view_set_preview (self->view, spans, n_spans);
  g_signal_emit (self, signals[SIGNAL_FLOOD_PREVIEW], 0,
                 region != NULL ? ms_zone_region_count_tiles (region) : (guint64) 0);
}

void
ms_zone_tool_controller_apply_flood (MsZoneToolController *self)
{
  MsZoneRegion *region;

  g_return_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self));

  if (self->flood == NULL)
    return;
  region = g_steal_pointer (&self->flood);
  ms_zone_view_set_preview (self->view, NULL, 0);
  g_signal_emit (self, signals[SIGNAL_FLOOD_PREVIEW], 0, (guint64) 0);
  apply_shape (self, region, _("Flood fill"));
  ms_zone_region_unref (region);
}

/* The fill shown is of the zone as it was: any edit (an undo, a mask)
 * drops it. */
static void
on_zone_changed (MsZoneToolController *self)
{
  set_flood (self, NULL);
}

gboolean
ms_zone_tool_controller_has_flood (MsZoneToolController *self)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), FALSE);
  return self->flood != NULL;
}

void
ms_zone_tool_controller_cancel (MsZoneToolController *self)
{
  g_return_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self));

  set_flood (self, NULL);

  self->dragging_rect = FALSE;
  g_array_set_size (self->polygon, 0);
  self->lasso_pressed = FALSE;
  self->lassoing = FALSE;
  /* Every tool shows where it acts: the brush its footprint, the others
   * the tile they start from. */
  ms_zone_view_set_outline (self->view,
                            self->tool == TOOL_BRUSH ? MS_ZONE_VIEW_OUTLINE_BRUSH : MS_ZONE_VIEW_OUTLINE_TILE,
                            NULL, 0);
}

void
ms_zone_tool_controller_close_polygon (MsZoneToolController *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = NULL;

  g_return_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self));

  if (self->polygon->len < 6)
    {
      ms_zone_tool_controller_cancel (self);
      return;
    }
  region = ms_zone_region_new_polygon (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                       (const double *) self->polygon->data, self->polygon->len / 2, &error);
  ms_zone_tool_controller_cancel (self);
  if (region == NULL)
    {
      g_signal_emit (self, signals[SIGNAL_FAILED], 0, error->message);
      return;
    }
  set_selection (self, region);
  apply_shape (self, region, _("Polygon"));
}

static void
update_rect_outline (MsZoneToolController *self)
{
  double p[4] = { self->rect_x, self->rect_y, self->rect_x1, self->rect_y1 };

  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_RECT, p, 2);
}

static void
show_polygon (MsZoneToolController *self)
{
  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_POLYGON, (const double *) self->polygon->data,
                            self->polygon->len / 2);
}

static void
on_tile_pressed (MsZoneView           *view,
                 double                x,
                 double                y,
                 int                   n_press,
                 MsZoneToolController *self)
{
  if (self->zone == NULL)
    return;

  if (self->tool == TOOL_BRUSH && n_press == 1)
    {
      self->painting = TRUE;
      g_array_set_size (self->stroke, 0);
      ms_zone_begin_step (self->zone);
      brush_to (self, x, y);
    }
  else if (self->tool == TOOL_RECT && n_press == 1)
    {
      self->dragging_rect = TRUE;
      self->rect_x = self->rect_x1 = x;
      self->rect_y = self->rect_y1 = y;
      update_rect_outline (self);
    }
  else if (self->tool == TOOL_POLYGON)
    {
      double p[2] = { x, y };
      guint n = self->polygon->len;
      gboolean repeat = self->closed_by_double_click && x == self->closed_x && y == self->closed_y;

      self->closed_by_double_click = FALSE;
      if (n_press >= 2)
        {
          ms_zone_tool_controller_close_polygon (self);
          self->closed_by_double_click = TRUE;
          self->closed_x = x;
          self->closed_y = y;
          return;
        }
      if (repeat)
        return;
      self->lasso_pressed = TRUE;
      self->lassoing = FALSE;
      if (n >= 2 && g_array_index (self->polygon, double, n - 2) == x &&
          g_array_index (self->polygon, double, n - 1) == y)
        return;
      g_array_append_vals (self->polygon, p, 2);
      show_polygon (self);
    }
  else if (self->tool == TOOL_FLOOD && n_press == 1 && x >= 0 && y >= 0 &&
           x < ms_zone_get_width (self->zone) && y < ms_zone_get_height (self->zone))
    {
      g_autoptr(GError) error = NULL;
      MsZoneRegion *region;

      /* A click inside the fill shown applies it; elsewhere, shows that
       * one instead. */
      if (self->flood != NULL && ms_zone_region_contains (self->flood, (guint) x, (guint) y))
        {
          ms_zone_tool_controller_apply_flood (self);
          return;
        }
      region = ms_zone_region_new_flood (self->zone, (guint) x, (guint) y, &error);
      if (region == NULL)
        {
          set_flood (self, NULL);
          g_signal_emit (self, signals[SIGNAL_FAILED], 0, error->message);
        }
      else
        set_flood (self, region);
    }
}

static void
on_tile_motion (MsZoneView           *view,
                double                x,
                double                y,
                MsZoneToolController *self)
{
  if (self->zone == NULL)
    return;

  self->closed_by_double_click = FALSE;
  if (self->painting)
    brush_to (self, x, y);
  else if (self->dragging_rect)
    {
      self->rect_x1 = x;
      self->rect_y1 = y;
      update_rect_outline (self);
    }
  else if (self->lasso_pressed && self->polygon->len >= 2)
    {
      /* Dragged with the button down: a lasso, a vertex a tile apart. */
      guint n = self->polygon->len;
      double lx = g_array_index (self->polygon, double, n - 2);
      double ly = g_array_index (self->polygon, double, n - 1);

      if (hypot (x - lx, y - ly) >= 1.0)
        {
          double p[2] = { x, y };

          self->lassoing = TRUE;
          g_array_append_vals (self->polygon, p, 2);
        }
    }
  if (self->tool == TOOL_POLYGON && self->polygon->len > 0)
    show_polygon (self);
}

static void
on_tile_released (MsZoneView           *view,
                  double                x,
                  double                y,
                  MsZoneToolController *self)
{
  if (self->zone == NULL)
    return;

  if (self->painting)
    {
      brush_to (self, x, y);
      ms_zone_tool_controller_end_stroke (self);
    }
  else if (self->dragging_rect)
    {
      g_autoptr(MsZoneRegion) region = NULL;
      double x0 = MIN (floor (self->rect_x), floor (x)), y0 = MIN (floor (self->rect_y), floor (y));
      double x1 = MAX (floor (self->rect_x), floor (x)) + 1, y1 = MAX (floor (self->rect_y), floor (y)) + 1;

      /* Both corner tiles are inside, whichever way it was dragged. */
      region = ms_zone_region_new_rect (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                        (gint64) x0, (gint64) y0, (gint64) (x1 - x0), (gint64) (y1 - y0));
      ms_zone_tool_controller_cancel (self);
      set_selection (self, region);
      apply_shape (self, region, _("Rectangle"));
    }
  else if (self->lasso_pressed)
    {
      /* A lasso closes when the button comes up; a click adds a corner. */
      gboolean lasso = self->lassoing;

      self->lasso_pressed = FALSE;
      self->lassoing = FALSE;
      if (lasso)
        ms_zone_tool_controller_close_polygon (self);
    }
}

void
ms_zone_tool_controller_set_zone (MsZoneToolController *self,
                                  MsZone               *zone)
{
  g_return_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self));
  g_return_if_fail (zone == NULL || MS_IS_ZONE (zone));

  set_flood (self, NULL);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_set_object (&self->zone, zone);
  if (zone != NULL)
    g_signal_connect_object (zone, "changed", G_CALLBACK (on_zone_changed), self, G_CONNECT_SWAPPED);
  self->painting = FALSE;
  self->dragging_rect = FALSE;
  g_array_set_size (self->polygon, 0);
  g_array_set_size (self->selection, 0);
}

gboolean
ms_zone_tool_controller_set_tool (MsZoneToolController *self,
                                  const char           *tool)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), FALSE);

  for (guint i = 0; tool != NULL && i < N_TOOLS; i++)
    if (g_str_equal (tool, tool_names[i]))
      {
        if (self->tool == (Tool) i)
          return FALSE;
        self->tool = (Tool) i;
        ms_zone_tool_controller_end_stroke (self);
        ms_zone_tool_controller_cancel (self);
        return TRUE;
      }
  return FALSE;
}

const char *
ms_zone_tool_controller_get_tool (MsZoneToolController *self)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), NULL);
  return tool_names[self->tool];
}

void
ms_zone_tool_controller_set_brush (MsZoneToolController *self,
                                   MsZoneBrushShape      shape,
                                   guint                 size)
{
  g_return_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self));
  self->brush_shape = shape;
  self->brush_size = size;
}

gboolean
ms_zone_tool_controller_is_painting (MsZoneToolController *self)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), FALSE);
  return self->painting;
}

gboolean
ms_zone_tool_controller_has_shape (MsZoneToolController *self)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), FALSE);
  return self->polygon->len > 0 || self->dragging_rect || self->flood != NULL;
}

gboolean
ms_zone_tool_controller_has_polygon (MsZoneToolController *self)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), FALSE);
  return self->polygon->len > 0;
}

const MsZoneSpan *
ms_zone_tool_controller_get_selection (MsZoneToolController *self,
                                       guint                *n_spans)
{
  g_return_val_if_fail (MS_IS_ZONE_TOOL_CONTROLLER (self), NULL);
  g_return_val_if_fail (n_spans != NULL, NULL);

  *n_spans = self->selection->len;
  return (const MsZoneSpan *) self->selection->data;
}

static void
ms_zone_tool_controller_dispose (GObject *object)
{
  MsZoneToolController *self = MS_ZONE_TOOL_CONTROLLER (object);

  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_pointer (&self->flood, ms_zone_region_unref);
  g_clear_object (&self->view);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_clear_object (&self->zone);

  G_OBJECT_CLASS (ms_zone_tool_controller_parent_class)->dispose (object);
}

static void
ms_zone_tool_controller_finalize (GObject *object)
{
  MsZoneToolController *self = MS_ZONE_TOOL_CONTROLLER (object);

  g_array_unref (self->stroke);
  g_array_unref (self->polygon);
  g_array_unref (self->selection);

  G_OBJECT_CLASS (ms_zone_tool_controller_parent_class)->finalize (object);
}

static void
ms_zone_tool_controller_class_init (MsZoneToolControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ms_zone_tool_controller_dispose;
  object_class->finalize = ms_zone_tool_controller_finalize;

  signals[SIGNAL_APPLY] =
    g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, g_signal_accumulator_first_wins,
                  NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_POINTER);
  signals[SIGNAL_STEP_DONE] =
    g_signal_new ("step-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT64);
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_FLOOD_PREVIEW] =
    g_signal_new ("flood-preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT64);
}

static void
ms_zone_tool_controller_init (MsZoneToolController *self)
{
  self->tool = TOOL_BRUSH;
  self->brush_size = 1;
  self->stroke = g_array_new (FALSE, FALSE, sizeof (double));
  self->polygon = g_array_new (FALSE, FALSE, sizeof (double));
  self->selection = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
}

MsZoneToolController *
ms_zone_tool_controller_new (MsZoneView *view)
{
  MsZoneToolController *self;

  g_return_val_if_fail (MS_IS_ZONE_VIEW (view), NULL);

  self = g_object_new (MS_TYPE_ZONE_TOOL_CONTROLLER, NULL);
  self->view = g_object_ref (view);
  g_signal_connect (view, "tile-pressed", G_CALLBACK (on_tile_pressed), self);
  g_signal_connect (view, "tile-motion", G_CALLBACK (on_tile_motion), self);
  g_signal_connect (view, "tile-released", G_CALLBACK (on_tile_released), self);
  return self;
}
