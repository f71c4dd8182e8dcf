/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone view: a zone drawn from its tile pyramid, with OpenGL when it
 * can and with the CPU zone renderer when it cannot, and the painter's tool
 * outlines on top.
 *
 * GL: a GtkGLArea child owns the context; MsZoneGlRenderer uploads the
 * pyramid's tiles and colours them in a shader.  An edit invalidates only
 * the tiles it touched (the renderer follows the pyramid's
 * "tiles-invalidated"), which are fetched again off the main thread and
 * re-uploaded; the stale texture is drawn until then, so a brush paints
 * without flashing.  If the context, the shaders or a draw fail, the GL area
 * goes and ms_render_zone () draws the visible part of the zone instead,
 * on a worker thread.
 */
#define G_LOG_DOMAIN "ms-zone-view"

#include "config.h"

#include <math.h>

#include "ms-gl-fallback.h"
#include "ms-tile-view-queue.h"
#include "ms-tile-view-util.h"
#include "ms-zone-gl-renderer.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-view.h"

#define PYRAMID_BUDGET   (256u << 20)
#define TEXTURE_BUDGET   (192u << 20)
#define MAX_PREVIEW_SPANS 200000

struct _MsZoneView
{
  GtkWidget          parent_instance;

  MsZone            *zone;
  MsZonePyramid     *pyramid;
  MsViewport        *viewport;
  MsViewGestures    *gestures;
  MsZoneStyle        style;

  GtkWidget         *gl_area;      /* gl's; NULL once fallen back to the CPU */
  MsZoneGlRenderer  *gl_renderer;
  MsGlFallback      *gl;
  guint64            uploads_before;  /* of renderers the zone replaced */
  guint              n_missing;    /* tiles the last GL frame lacked */

  MsTileViewQueue   *tiles;        /* of MsZoneTile */

  /* CPU: one image of the visible tiles, each pixel cpu_k x cpu_k tiles. */
  cairo_surface_t   *cpu_image;
  MsRect             cpu_rect;
  guint              cpu_k;
  gboolean           cpu_stale;
  guint              cpu_idle;
  GCancellable      *cpu_cancellable;  /* the render in flight, or NULL */

  MsZoneViewOutline  outline;
  GArray            *outline_points; /* double pairs */
  MsZoneBrushShape   brush_shape;
  guint              brush_size;
  gboolean           pointer_inside;
  double             pointer_x, pointer_y;  /* widget coordinates */
  GArray            *preview;        /* MsZoneSpan, or NULL */
};

enum
{
  PROP_0,
  PROP_ZONE,
  PROP_USING_GL,
  PROP_RENDERER_PROBLEM,
  N_PROPS
};

enum
{
  SIGNAL_TILE_PRESSED,
  SIGNAL_TILE_MOTION,
  SIGNAL_TILE_RELEASED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsZoneView, ms_zone_view, GTK_TYPE_WIDGET)

static void request_visible_tiles (MsZoneView *self);
static void on_viewport_changed   (MsZoneView *self);

/* ------------------------------------------------------------ view math --- */

static double
device_zoom (MsZoneView *self)
{
  return ms_viewport_get_zoom (self->viewport) * gtk_widget_get_scale_factor (GTK_WIDGET (self));
}


void
ms_zone_view_brush_centre (guint   size,
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

/* ---------------------------------------------------------------- tiles --- */

static void
tile_arrived (gpointer tile,
              gpointer user_data)
{
  MsZoneView *self = user_data;

  /* The CPU renderer draws from the zone itself, not from tiles. */
  if (self->gl_area != NULL)
    {
      ms_tile_view_queue_push_upload (self->tiles, tile);
      gtk_gl_area_queue_render (GTK_GL_AREA (self->gl_area));
    }
}

static const MsTileViewSource tile_source = {
  "zone tile",
  (MsTileViewGetTile) ms_zone_pyramid_get_tile_async,
  (MsTileViewGetTileFinish) ms_zone_pyramid_get_tile_finish,
  (MsTileViewTileRef) ms_zone_tile_ref,
  (GDestroyNotify) ms_zone_tile_unref,
};

static void
request_visible_tiles (MsZoneView *self)
{
  g_autoptr(GArray) missing = NULL;
  MsGlView view;

  if (self->pyramid == NULL || self->gl_renderer == NULL || gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    return;

  view = ms_tile_view_current_view (GTK_WIDGET (self), self->viewport);
  missing = ms_zone_gl_renderer_get_missing (self->gl_renderer, &view);
  self->n_missing = missing->len;
  for (guint i = 0; i < missing->len; i++)
    ms_tile_view_queue_request (self->tiles, &g_array_index (missing, MsTileKey, i));

  /* The whole zone's coarsest tile stands in for anything not there yet. */
  if (ms_zone_gl_renderer_get_n_textures (self->gl_renderer) == 0)
    {
      MsTileKey top = { ms_zone_pyramid_get_top_level (self->pyramid), 0, 0 };
      ms_tile_view_queue_request (self->tiles, &top);
    }
}

static void
reset_tiles (MsZoneView *self)
{
  ms_tile_view_queue_reset (self->tiles);
  g_clear_pointer (&self->cpu_image, cairo_surface_destroy);
  /* A render of what was shown before must not land. */
  g_cancellable_cancel (self->cpu_cancellable);
  g_clear_object (&self->cpu_cancellable);
  self->cpu_stale = TRUE;
  self->n_missing = 0;
}

/* ----------------------------------------------------------- fallback --- */

static void
on_fell_back (MsZoneView *self)
{
  /* The helper unparented the area; the GL objects went with it. */
  self->gl_area = NULL;
  ms_tile_view_queue_forget (self->tiles);
  self->n_missing = 0;
  self->cpu_stale = TRUE;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USING_GL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RENDERER_PROBLEM]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ensure_gl_renderer (MsZoneView *self)
{
  g_autoptr(GError) error = NULL;

  if (self->gl_renderer != NULL || self->pyramid == NULL || !ms_tile_view_gl_make_current (self->gl_area))
    return;

  self->gl_renderer = ms_zone_gl_renderer_new (self->pyramid, TEXTURE_BUDGET);
  if (!ms_zone_gl_renderer_realize (self->gl_renderer, &error))
    {
      g_clear_object (&self->gl_renderer);
      gtk_gl_area_set_error (GTK_GL_AREA (self->gl_area), error);
      ms_gl_fallback_fail (self->gl, error->message);
      return;
    }
  ms_zone_gl_renderer_set_style (self->gl_renderer, &self->style);
}

static void
drop_gl_renderer (MsZoneView *self)
{
  if (self->gl_renderer == NULL)
    return;
  self->uploads_before += ms_zone_gl_renderer_get_n_uploads (self->gl_renderer);
  if (ms_tile_view_gl_make_current (self->gl_area))
    ms_zone_gl_renderer_unrealize (self->gl_renderer);
  g_clear_object (&self->gl_renderer);
}

static void
on_gl_realize (GtkGLArea  *area,
               MsZoneView *self)
{
  if (ms_tile_view_gl_realize_ok (area, self->gl))
    ensure_gl_renderer (self);
}

static void
on_gl_unrealize (GtkGLArea  *area,
                 MsZoneView *self)
{
  drop_gl_renderer (self);
}

static gboolean
on_gl_render (GtkGLArea    *area,
              GdkGLContext *context,
              MsZoneView   *self)
{
  g_autoptr(GError) error = NULL;
  MsGlView view;

  ensure_gl_renderer (self);
  if (self->gl_renderer == NULL)
    {
      ms_tile_view_gl_clear ();
      return TRUE;
    }

  ms_tile_view_queue_flush_uploads (self->tiles, (MsTileViewUpload) ms_zone_gl_renderer_upload_tile,
                                    self->gl_renderer);

  view = ms_tile_view_current_view (GTK_WIDGET (self), self->viewport);
  if (!ms_zone_gl_renderer_draw (self->gl_renderer, &view, &error))
    {
      /* A zone without the layer shown is not a GL failure: clear and wait
       * for another layer. */
      if (g_error_matches (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER))
        {
          ms_tile_view_gl_clear ();
          return TRUE;
        }
      ms_gl_fallback_fail (self->gl, error->message);
      return TRUE;
    }

  request_visible_tiles (self);
  return TRUE;
}

/* ----------------------------------------------------------------- CPU --- */

/* The visible tiles, and the factor that keeps their image near the
 * widget's size. */
static gboolean
wanted_cpu_rect (MsZoneView *self,
                 MsRect     *rect,
                 guint      *k)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double zw = ms_zone_get_width (self->zone), zh = ms_zone_get_height (self->zone);
  double x0, y0, x1, y1;
  guint max_size;

  ms_tile_view_get_visible (GTK_WIDGET (self), self->viewport, &x0, &y0, &x1, &y1);
  x0 = CLAMP (floor (x0), 0, zw);
  y0 = CLAMP (floor (y0), 0, zh);
  x1 = CLAMP (ceil (x1), 0, zw);
  y1 = CLAMP (ceil (y1), 0, zh);
  if (x1 <= x0 || y1 <= y0)
    return FALSE;

  *rect = (MsRect) { (guint) x0, (guint) y0, (guint) (x1 - x0), (guint) (y1 - y0) };
  max_size = (guint) MAX (gtk_widget_get_width (GTK_WIDGET (self)),
                          gtk_widget_get_height (GTK_WIDGET (self))) * (guint) scale;
  *k = ms_render_downsample_factor (rect->width, rect->height, MAX (max_size, 1));
  return TRUE;
}

typedef struct
{
  MsZone      *zone;
  MsZoneStyle  style;
  MsRect       rect;
  guint        max_size;
} CpuRender;

static void
cpu_render_free (CpuRender *job)
{
  g_clear_object (&job->zone);
  g_free (job);
}

/* On a worker: zone reads are safe while the main thread edits, so a
 * painter without GL stays responsive however large the view. */
static void
cpu_render_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  CpuRender *job = task_data;
  GError *error = NULL;
  cairo_surface_t *surface = ms_render_zone (job->zone, &job->style, &job->rect, job->max_size,
                                             cancellable, &error);

  if (surface == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

static void
cpu_render_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  MsZoneView *self = MS_ZONE_VIEW (source);
  CpuRender *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->cpu_cancellable)
    {
      /* Overtaken by a newer render, or the view went away. */
      g_clear_pointer (&surface, cairo_surface_destroy);
      return;
    }
  g_clear_object (&self->cpu_cancellable);

  if (surface == NULL)
    {
      if (!g_error_matches (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER))
        g_warning ("Could not draw the zone: %s", error->message);
      g_clear_pointer (&self->cpu_image, cairo_surface_destroy);
    }
  else
    {
      int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);

      g_clear_pointer (&self->cpu_image, cairo_surface_destroy);
      self->cpu_image = surface;
      self->cpu_k = (guint) ceil ((double) MAX (job->rect.width, job->rect.height) / MAX (w, h));
      self->cpu_k = MAX (self->cpu_k, 1);
      self->cpu_rect = job->rect;
    }
  /* An edit or a move while it rendered: the next frame asks again. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
cpu_render_idle (gpointer user_data)
{
  MsZoneView *self = user_data;
  g_autoptr(GTask) task = NULL;
  CpuRender *job;
  MsRect rect;
  guint k;

  self->cpu_idle = 0;
  if (self->zone == NULL || self->cpu_cancellable != NULL || !wanted_cpu_rect (self, &rect, &k))
    return G_SOURCE_REMOVE;

  job = g_new0 (CpuRender, 1);
  job->zone = g_object_ref (self->zone);
  job->style = self->style;
  job->rect = rect;
  job->max_size = (guint) MAX (gtk_widget_get_width (GTK_WIDGET (self)),
                               gtk_widget_get_height (GTK_WIDGET (self))) *
                  (guint) gtk_widget_get_scale_factor (GTK_WIDGET (self));
  self->cpu_stale = FALSE;
  self->cpu_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cpu_cancellable, cpu_render_done, NULL);
  g_task_set_source_tag (task, cpu_render_idle);
  g_task_set_task_data (task, job, (GDestroyNotify) cpu_render_free);
  g_task_run_in_thread (task, cpu_render_thread);
  return G_SOURCE_REMOVE;
}

static void
snapshot_cpu (MsZoneView  *self,
              GtkSnapshot *snapshot)
{
  MsRect want;
  guint k;

  if (wanted_cpu_rect (self, &want, &k) &&
      (self->cpu_stale || self->cpu_image == NULL || memcmp (&want, &self->cpu_rect, sizeof want) != 0 ||
       k != self->cpu_k) && self->cpu_idle == 0 && self->cpu_cancellable == NULL)
    self->cpu_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, cpu_render_idle, self, NULL);

  if (self->cpu_image != NULL)
    {
      /* Each pixel stands for a cpu_k-square block of tiles, the last ones
       * clipped to the rectangle; tiles stay crisp when zoomed in. */
      MsRect r = self->cpu_rect;
      cairo_pattern_t *pattern;
      cairo_t *cr = ms_tile_view_append_map_cairo (GTK_WIDGET (self), self->viewport, snapshot);

      cairo_rectangle (cr, r.x, r.y, r.width, r.height);
      cairo_clip (cr);
      cairo_translate (cr, r.x, r.y);
      cairo_scale (cr, self->cpu_k, self->cpu_k);
      pattern = cairo_pattern_create_for_surface (self->cpu_image);
      cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
      cairo_set_source (cr, pattern);
      cairo_paint (cr);
      cairo_pattern_destroy (pattern);
      cairo_destroy (cr);
    }
}

/* ------------------------------------------------------------ overlays --- */

static void
draw_preview (MsZoneView *self,
              cairo_t    *cr)
{
  const MsZoneSpan *spans;
  guint n_spans;
  double x0, y0, x1, y1;

  spans = (const MsZoneSpan *) self->preview->data;
  n_spans = self->preview->len;
  ms_tile_view_get_visible (GTK_WIDGET (self), self->viewport, &x0, &y0, &x1, &y1);
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
draw_outline (MsZoneView *self,
              cairo_t    *cr,
              double      zoom)
{
  const double *p = (const double *) self->outline_points->data;
  guint n = self->outline_points->len / 2;

  cairo_set_line_width (cr, 1.5 / zoom);
  switch (self->outline)
    {
    case MS_ZONE_VIEW_OUTLINE_BRUSH:
      if (self->pointer_inside)
        {
          double tx, ty, cx, cy, r = self->brush_size / 2.0;

          ms_viewport_screen_to_map (self->viewport, self->pointer_x, self->pointer_y, &tx, &ty);
          ms_zone_view_brush_centre (self->brush_size, tx, ty, &cx, &cy);
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

        if (ms_zone_view_get_rubber_band (self, &lx, &ly, &tx, &ty))
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

          ms_viewport_screen_to_map (self->viewport, self->pointer_x, self->pointer_y, &tx, &ty);
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

static void
ms_zone_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  MsZoneView *self = MS_ZONE_VIEW (widget);
  cairo_t *cr;

  ms_tile_view_snapshot_background (widget, snapshot);
  if (self->zone == NULL)
    return;

  if (self->gl_area != NULL)
    gtk_widget_snapshot_child (widget, self->gl_area, snapshot);
  else
    snapshot_cpu (self, snapshot);

  if (self->preview == NULL && self->outline == MS_ZONE_VIEW_OUTLINE_NONE)
    return;

  cr = ms_tile_view_append_map_cairo (widget, self->viewport, snapshot);
  if (self->preview != NULL)
    draw_preview (self, cr);
  draw_outline (self, cr, ms_viewport_get_zoom (self->viewport));
  cairo_destroy (cr);
}

static void
ms_zone_view_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  MsZoneView *self = MS_ZONE_VIEW (widget);

  ms_tile_view_allocate (widget, self->viewport, self->zone != NULL, self->gl_area, width, height, baseline);
}

/* ---------------------------------------------------------------- input --- */

static void
on_viewport_changed (MsZoneView *self)
{
  ms_tile_view_redraw (GTK_WIDGET (self), self->gl_area);
}

static void
on_zone_changed (MsZoneView *self)
{
  /* GL: the renderer marked the touched tiles stale; the next frame asks
   * for them again.  CPU: the visible image is made anew. */
  self->cpu_stale = TRUE;
  on_viewport_changed (self);
}

static void
emit_tile (MsZoneView *self,
           guint       signal,
           double      sx,
           double      sy,
           int         n_press)
{
  double x, y;

  ms_viewport_screen_to_map (self->viewport, sx, sy, &x, &y);
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
  ms_view_gestures_stop_kinetic (self->gestures);
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
  /* Single presses come from the drag gesture; this only adds the double
   * click (the polygon tool closes with it). */
  if (n_press >= 2)
    emit_tile (self, signals[SIGNAL_TILE_PRESSED], x, y, n_press);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MsZoneView               *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  emit_tile (self, signals[SIGNAL_TILE_MOTION], x, y, 0);
  if (self->outline != MS_ZONE_VIEW_OUTLINE_NONE)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          MsZoneView               *self)
{
  self->pointer_inside = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
view_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  /* "zone-view.zoom-in" and the like: the helper knows them without the
   * prefix. */
  ms_view_gestures_activate (MS_ZONE_VIEW (widget)->gestures, strchr (action_name, '.') + 1, parameter);
}

/* -------------------------------------------------------------- object --- */

void
ms_zone_view_set_zone (MsZoneView *self,
                       MsZone     *zone)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));
  g_return_if_fail (zone == NULL || MS_IS_ZONE (zone));

  if (self->zone == zone)
    return;

  reset_tiles (self);
  ms_zone_view_set_preview (self, NULL, 0);
  drop_gl_renderer (self);
  g_clear_object (&self->pyramid);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_set_object (&self->zone, zone);
  self->uploads_before = 0;

  if (zone != NULL)
    {
      self->pyramid = ms_zone_pyramid_new (zone, PYRAMID_BUDGET);
      g_signal_connect_swapped (zone, "changed", G_CALLBACK (on_zone_changed), self);
      ms_tile_view_show_map (GTK_WIDGET (self), self->viewport, ms_zone_get_width (zone), ms_zone_get_height (zone));
      ensure_gl_renderer (self);
    }
  ms_tile_view_queue_set_pyramid (self->tiles, self->pyramid);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZONE]);
  on_viewport_changed (self);
}

MsZone *
ms_zone_view_get_zone (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return self->zone;
}

MsViewport *
ms_zone_view_get_viewport (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return self->viewport;
}

MsViewGestures *
ms_zone_view_get_gestures (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return self->gestures;
}

void
ms_zone_view_set_style (MsZoneView        *self,
                        const MsZoneStyle *style)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));
  g_return_if_fail (style != NULL);

  self->style = *style;
  if (self->gl_renderer != NULL)
    ms_zone_gl_renderer_set_style (self->gl_renderer, style);
  self->cpu_stale = TRUE;
  on_viewport_changed (self);
}

const MsZoneStyle *
ms_zone_view_get_style (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return &self->style;
}

gboolean
ms_zone_view_get_using_gl (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), FALSE);
  return self->gl_area != NULL && self->gl_renderer != NULL;
}

const char *
ms_zone_view_get_renderer_problem (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return ms_gl_fallback_get_problem (self->gl);
}

guint
ms_zone_view_get_pending_tiles (MsZoneView *self)
{
  guint n;

  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), 0);

  n = ms_tile_view_queue_get_n_pending (self->tiles);
  if (self->gl_area != NULL)
    {
      /* Not yet drawn once: nothing is known to be on screen. */
      if (self->zone != NULL && self->gl_renderer == NULL)
        n++;
      n += self->n_missing;
    }
  else if (self->zone != NULL && (self->cpu_stale || self->cpu_idle != 0 || self->cpu_cancellable != NULL ||
                                   self->cpu_image == NULL))
    n++;
  return n;
}

guint64
ms_zone_view_get_n_uploads (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), 0);
  return self->uploads_before + (self->gl_renderer ? ms_zone_gl_renderer_get_n_uploads (self->gl_renderer) : 0);
}

guint
ms_zone_view_get_level (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), 0);
  if (self->pyramid == NULL)
    return 0;
  return ms_tile_level_for_zoom (ms_zone_pyramid_get_top_level (self->pyramid), device_zoom (self));
}

void
ms_zone_view_set_brush (MsZoneView       *self,
                        MsZoneBrushShape  shape,
                        guint             size)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));
  self->brush_shape = shape;
  self->brush_size = MAX (size, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ms_zone_view_set_outline (MsZoneView        *self,
                          MsZoneViewOutline  kind,
                          const double      *points,
                          guint              n_points)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));

  self->outline = kind;
  g_array_set_size (self->outline_points, 0);
  if (points != NULL)
    g_array_append_vals (self->outline_points, points, n_points * 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MsZoneViewOutline
ms_zone_view_get_outline (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), MS_ZONE_VIEW_OUTLINE_NONE);
  return self->outline;
}

gboolean
ms_zone_view_get_rubber_band (MsZoneView *self,
                              double     *x0,
                              double     *y0,
                              double     *x1,
                              double     *y1)
{
  guint n;

  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), FALSE);

  n = self->outline_points->len / 2;
  if (self->outline != MS_ZONE_VIEW_OUTLINE_POLYGON || n == 0 || !self->pointer_inside)
    return FALSE;
  *x0 = g_array_index (self->outline_points, double, 2 * n - 2);
  *y0 = g_array_index (self->outline_points, double, 2 * n - 1);
  ms_viewport_screen_to_map (self->viewport, self->pointer_x, self->pointer_y, x1, y1);
  return TRUE;
}

void
ms_zone_view_set_preview (MsZoneView       *self,
                          const MsZoneSpan *spans,
                          guint             n_spans)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));

  g_clear_pointer (&self->preview, g_array_unref);
  if (spans != NULL)
    {
      self->preview = g_array_sized_new (FALSE, FALSE, sizeof (MsZoneSpan), n_spans);
      g_array_append_vals (self->preview, spans, n_spans);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ms_zone_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MsZoneView *self = MS_ZONE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZONE:
      g_value_set_object (value, self->zone);
      break;
    case PROP_USING_GL:
      g_value_set_boolean (value, ms_zone_view_get_using_gl (self));
      break;
    case PROP_RENDERER_PROBLEM:
      g_value_set_string (value, ms_zone_view_get_renderer_problem (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_zone_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MsZoneView *self = MS_ZONE_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZONE:
      ms_zone_view_set_zone (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_zone_view_dispose (GObject *object)
{
  MsZoneView *self = MS_ZONE_VIEW (object);

  g_clear_handle_id (&self->cpu_idle, g_source_remove);
  g_cancellable_cancel (self->cpu_cancellable);
  g_clear_object (&self->cpu_cancellable);
  ms_tile_view_dispose_parts (&self->tiles, &self->gestures, &self->gl, &self->gl_area);
  g_clear_object (&self->gl_renderer);
  g_clear_pointer (&self->preview, g_array_unref);
  g_clear_pointer (&self->cpu_image, cairo_surface_destroy);
  g_clear_object (&self->pyramid);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_clear_object (&self->zone);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);

  G_OBJECT_CLASS (ms_zone_view_parent_class)->dispose (object);
}

static void
ms_zone_view_finalize (GObject *object)
{
  MsZoneView *self = MS_ZONE_VIEW (object);

  g_array_unref (self->outline_points);

  G_OBJECT_CLASS (ms_zone_view_parent_class)->finalize (object);
}

static void
ms_zone_view_class_init (MsZoneViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_zone_view_get_property;
  object_class->set_property = ms_zone_view_set_property;
  object_class->dispose = ms_zone_view_dispose;
  object_class->finalize = ms_zone_view_finalize;

  widget_class->snapshot = ms_zone_view_snapshot;
  widget_class->size_allocate = ms_zone_view_size_allocate;

  properties[PROP_ZONE] =
    g_param_spec_object ("zone", NULL, NULL, MS_TYPE_ZONE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USING_GL] =
    g_param_spec_boolean ("using-gl", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RENDERER_PROBLEM] =
    g_param_spec_string ("renderer-problem", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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

  ms_view_gestures_install_actions (widget_class, "zone-view", view_action);

  gtk_widget_class_set_css_name (widget_class, "zoneview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_zone_view_init (MsZoneView *self)
{
  GtkEventController *controller;
  GtkGesture *gesture;

  self->viewport = ms_viewport_new ();
  self->tiles = ms_tile_view_queue_new (&tile_source, tile_arrived, self);
  self->outline_points = g_array_new (FALSE, FALSE, sizeof (double));
  self->brush_size = 1;
  self->cpu_stale = TRUE;
  ms_zone_style_init (&self->style);

  g_signal_connect_swapped (self->viewport, "notify", G_CALLBACK (on_viewport_changed), self);

  ms_tile_view_init_widget (GTK_WIDGET (self));

  self->gl_area = ms_tile_view_add_gl (GTK_WIDGET (self), &self->gl, G_CALLBACK (on_fell_back),
                                       G_CALLBACK (on_gl_realize), G_CALLBACK (on_gl_unrealize),
                                       G_CALLBACK (on_gl_render));

  /* The primary button is the painter's; the middle one pans. */
  self->gestures = ms_view_gestures_new (GTK_WIDGET (self), self->viewport, GDK_BUTTON_MIDDLE);

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

GtkWidget *
ms_zone_view_new (void)
{
  return g_object_new (MS_TYPE_ZONE_VIEW, NULL);
}
