/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ruler over a map view: points in map coordinates drawn through the
 * viewport, the figures from model/core/ms-measure.c in an OSD label.  While
 * active it takes every pointer event over the map (pan and zoom through
 * MsViewGestures, as the views do), which is what keeps a zone painter's
 * tools from painting under it.
 */
#define G_LOG_DOMAIN "ms-ruler-overlay"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-css.h"
#include "ms-measure.h"
#include "ms-ruler-overlay.h"
#include "ms-click-count.h"
#include "ms-view-gestures.h"

struct _MsRulerOverlay
{
  GtkWidget       parent_instance;

  MsViewport     *viewport;
  MsViewGestures *gestures;
  GtkWidget      *label;
  double          metres_per_map_pixel;
  guint           grid_width, grid_height;
  gboolean        active;

  GArray         *points;     /* double pairs, map coordinates */
  gboolean        closed;
  gboolean        hovering;
  double          pointer_x, pointer_y;  /* screen */
  MsClickCount    clicks;
  char           *text;
  double          marker_x, marker_y;        /* map; NaN: none */
  double          hovered_along;             /* the last ::path-hovered */
};

enum
{
  SIGNAL_CHANGED,
  SIGNAL_PATH_HOVERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Screen pixels from the path within which the pointer is on it. */
#define PATH_TOLERANCE 8.0

enum
{
  PROP_0,
  PROP_ACTIVE,
  PROP_METRES_PER_MAP_PIXEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsRulerOverlay, ms_ruler_overlay, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------- figures --- */

char *
ms_ruler_format_length (double metres)
{
  if (metres >= 1000.0)
    /* Translators: a length the ruler measured, in kilometres */
    return g_strdup_printf (_("%.2f km"), metres / 1000.0);
  /* Translators: a length the ruler measured, in metres */
  return g_strdup_printf (_("%.1f m"), metres);
}

char *
ms_ruler_format_area (double square_metres)
{
  if (square_metres >= 1e6)
    /* Translators: an area the ruler measured, in square kilometres */
    return g_strdup_printf (_("%.3f km²"), square_metres / 1e6);
  /* Translators: an area the ruler measured, in square metres */
  return g_strdup_printf (_("%.0f m²"), square_metres);
}

double
ms_ruler_overlay_get_length (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), 0.0);
  return ms_measure_length ((const double *) self->points->data, self->points->len / 2, self->closed) *
         self->metres_per_map_pixel;
}

double
ms_ruler_overlay_get_area (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), 0.0);
  if (!self->closed)
    return 0.0;
  return ms_measure_area ((const double *) self->points->data, self->points->len / 2) *
         self->metres_per_map_pixel * self->metres_per_map_pixel;
}

guint64
ms_ruler_overlay_get_tile_count (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), 0);
  if (!self->closed)
    return 0;
  return ms_measure_count_tiles ((const double *) self->points->data, self->points->len / 2,
                                 self->grid_width, self->grid_height);
}

static void
update (MsRulerOverlay *self)
{
  guint n = self->points->len / 2;
  g_autoptr(GString) text = g_string_new (NULL);

  if (n == 0)
    g_string_append (text, _("Click to add points; double-click or Enter closes an area, Backspace removes a point, Esc clears"));
  else if (n == 1)
    g_string_append (text, _("Click the next point"));
  else
    {
      g_autofree char *length = ms_ruler_format_length (ms_ruler_overlay_get_length (self));

      if (!self->closed)
        /* Translators: %s is a length, "850.0 m" */
        g_string_append_printf (text, _("Distance: %s"), length);
      else
        {
          g_autofree char *area = ms_ruler_format_area (ms_ruler_overlay_get_area (self));

          /* Translators: %s are an area, "420 m²", and a length */
          g_string_append_printf (text, _("Area: %s · Perimeter: %s"), area, length);
          if (self->grid_width > 0 && self->grid_height > 0)
            {
              guint64 tiles = ms_ruler_overlay_get_tile_count (self);

              g_string_append (text, " · ");
              g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%" G_GUINT64_FORMAT " tile",
                                                         "%" G_GUINT64_FORMAT " tiles", (gulong) tiles),
                                      tiles);
            }
        }
    }
  g_free (self->text);
  self->text = g_string_free (g_steal_pointer (&text), FALSE);
  gtk_label_set_text (GTK_LABEL (self->label), self->text);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* -------------------------------------------------------------- points --- */

void
ms_ruler_overlay_add_point (MsRulerOverlay *self,
                            double          x,
                            double          y)
{
  double p[2] = { x, y };

  g_return_if_fail (MS_IS_RULER_OVERLAY (self));

  if (self->closed)
    {
      g_array_set_size (self->points, 0);
      self->closed = FALSE;
    }
  g_array_append_vals (self->points, p, 2);
  update (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

gboolean
ms_ruler_overlay_remove_last_point (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), FALSE);

  if (self->closed)
    self->closed = FALSE;   /* reopens first: the last point is still wanted */
  else if (self->points->len > 0)
    g_array_set_size (self->points, self->points->len - 2);
  else
    return FALSE;
  update (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

gboolean
ms_ruler_overlay_close (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), FALSE);

  if (self->closed || self->points->len / 2 < 3)
    return FALSE;
  self->closed = TRUE;
  update (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

gboolean
ms_ruler_overlay_clear (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), FALSE);

  if (self->points->len == 0)
    return FALSE;
  g_array_set_size (self->points, 0);
  self->closed = FALSE;
  update (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

const double *
ms_ruler_overlay_get_points (MsRulerOverlay *self,
                             guint          *n_points)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), NULL);
  *n_points = self->points->len / 2;
  return (const double *) self->points->data;
}

gboolean
ms_ruler_overlay_get_closed (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), FALSE);
  return self->closed;
}

const char *
ms_ruler_overlay_get_text (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), NULL);
  return self->text;
}

/* --------------------------------------------------------------- input --- */

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            MsRulerOverlay  *self)
{
  double mx, my;

  if (self->viewport == NULL)
    return;
  /* A double-click's first press added its point already.  Counted from
   * the events' times, not n_press (see ms-click-count.h). */
  if (ms_click_count_press_event (&self->clicks, GTK_EVENT_CONTROLLER (gesture), x, y) >= 2)
    {
      ms_ruler_overlay_close (self);
      return;
    }
  ms_viewport_screen_to_map (self->viewport, x, y, &mx, &my);
  ms_ruler_overlay_add_point (self, mx, my);
}

double
ms_ruler_overlay_path_position (MsRulerOverlay *self,
                                double          sx,
                                double          sy,
                                double          tolerance)
{
  const double *p = (const double *) self->points->data;
  guint n = self->points->len / 2, segments;
  double best = tolerance * tolerance, best_along = -1, along = 0;

  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), -1);

  if (self->viewport == NULL || n < 2)
    return -1;
  segments = self->closed ? n : n - 1;
  for (guint i = 0; i < segments; i++)
    {
      const double *a = &p[2 * i], *b = &p[2 * ((i + 1) % n)];
      double ax, ay, bx, by, dx, dy, ll, t, d2;
      double length = hypot (b[0] - a[0], b[1] - a[1]);

      ms_viewport_map_to_screen (self->viewport, a[0], a[1], &ax, &ay);
      ms_viewport_map_to_screen (self->viewport, b[0], b[1], &bx, &by);
      dx = bx - ax;
      dy = by - ay;
      ll = dx * dx + dy * dy;
      t = ll > 0 ? CLAMP (((sx - ax) * dx + (sy - ay) * dy) / ll, 0.0, 1.0) : 0.0;
      d2 = (ax + t * dx - sx) * (ax + t * dx - sx) + (ay + t * dy - sy) * (ay + t * dy - sy);
      if (d2 <= best)
        {
          best = d2;
          best_along = along + t * length;
        }
      along += length;
    }
  return best_along;
}

static void
set_hovered_along (MsRulerOverlay *self,
                   double          along)
{
  if (self->hovered_along == along)
    return;
  self->hovered_along = along;
  g_signal_emit (self, signals[SIGNAL_PATH_HOVERED], 0, along);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           MsRulerOverlay           *self)
{
  self->hovering = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  set_hovered_along (self, ms_ruler_overlay_path_position (self, x, y, PATH_TOLERANCE));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *motion,
          MsRulerOverlay           *self)
{
  self->hovering = FALSE;
  set_hovered_along (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ms_ruler_overlay_set_marker (MsRulerOverlay *self,
                             double          x,
                             double          y)
{
  g_return_if_fail (MS_IS_RULER_OVERLAY (self));

  if (isnan (x) || isnan (y))
    x = y = NAN;
  if ((x == self->marker_x && y == self->marker_y) || (isnan (x) && isnan (self->marker_x)))
    return;
  self->marker_x = x;
  self->marker_y = y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ms_ruler_overlay_get_marker (MsRulerOverlay *self,
                             double         *x,
                             double         *y)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), FALSE);

  if (isnan (self->marker_x))
    return FALSE;
  if (x != NULL)
    *x = self->marker_x;
  if (y != NULL)
    *y = self->marker_y;
  return TRUE;
}

static gboolean
key_close (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  return ms_ruler_overlay_close (MS_RULER_OVERLAY (widget));
}

static gboolean
key_remove (GtkWidget *widget,
            GVariant  *args,
            gpointer   user_data)
{
  return ms_ruler_overlay_remove_last_point (MS_RULER_OVERLAY (widget));
}

/* With nothing to clear, Esc goes on to the window. */
static gboolean
key_clear (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  return ms_ruler_overlay_clear (MS_RULER_OVERLAY (widget));
}

static gboolean
key_add_centre (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (widget);
  double x, y;

  if (self->viewport == NULL)
    return FALSE;
  ms_viewport_get_centre (self->viewport, &x, &y);
  ms_ruler_overlay_add_point (self, x, y);
  return TRUE;
}

static void
view_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (widget);

  if (self->gestures != NULL)
    ms_view_gestures_activate (self->gestures, strchr (action_name, '.') + 1, parameter);
}

/* ------------------------------------------------------------- drawing --- */

/* Dark under light: the path stays visible over water, snow and sand. */
static void
stroke_twice (cairo_t *cr,
              double   width,
              double   r,
              double   g,
              double   b)
{
  cairo_set_source_rgba (cr, 0.0, 0.0, 0.0, 0.7);
  cairo_set_line_width (cr, width + 2.0);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

static void
ms_ruler_overlay_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guint n = self->points->len / 2;
  const double *p = (const double *) self->points->data;
  cairo_t *cr;

  if (self->viewport == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  for (guint i = 0; i < n; i++)
    {
      double sx, sy;

      ms_viewport_map_to_screen (self->viewport, p[2 * i], p[2 * i + 1], &sx, &sy);
      if (i == 0)
        cairo_move_to (cr, sx, sy);
      else
        cairo_line_to (cr, sx, sy);
    }
  if (self->closed)
    {
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 1.0, 0.85, 0.1, 0.25);
      cairo_fill_preserve (cr);
    }
  else if (n > 0 && self->hovering)
    cairo_line_to (cr, self->pointer_x, self->pointer_y);   /* the rubber band */
  stroke_twice (cr, 2.0, 1.0, 0.85, 0.1);

  for (guint i = 0; i < n; i++)
    {
      double sx, sy;

      ms_viewport_map_to_screen (self->viewport, p[2 * i], p[2 * i + 1], &sx, &sy);
      cairo_arc (cr, sx, sy, 3.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 1.0, 0.85, 0.1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
    }

  /* The profile's highlight: a ring on the path. */
  if (!isnan (self->marker_x))
    {
      double sx, sy;

      ms_viewport_map_to_screen (self->viewport, self->marker_x, self->marker_y, &sx, &sy);
      cairo_new_path (cr);
      cairo_arc (cr, sx, sy, 6.0, 0, 2 * G_PI);
      stroke_twice (cr, 2.5, 1.0, 1.0, 1.0);
    }

  /* Where Space puts a point. */
  if (gtk_widget_has_visible_focus (widget))
    {
      double cx = width / 2.0, cy = height / 2.0;

      cairo_move_to (cr, cx - 10, cy);
      cairo_line_to (cr, cx + 10, cy);
      cairo_move_to (cr, cx, cy - 10);
      cairo_line_to (cr, cx, cy + 10);
      stroke_twice (cr, 1.0, 1.0, 1.0, 1.0);
    }
  cairo_destroy (cr);

  gtk_widget_snapshot_child (widget, self->label, snapshot);
}

static void
ms_ruler_overlay_state_flags_changed (GtkWidget     *widget,
                                      GtkStateFlags  previous)
{
  GTK_WIDGET_CLASS (ms_ruler_overlay_parent_class)->state_flags_changed (widget, previous);
  gtk_widget_queue_draw (widget);   /* the focus cross */
}

/* -------------------------------------------------------------- object --- */

void
ms_ruler_overlay_set_viewport (MsRulerOverlay *self,
                               MsViewport     *viewport)
{
  g_return_if_fail (MS_IS_RULER_OVERLAY (self));
  g_return_if_fail (MS_IS_VIEWPORT (viewport));
  g_return_if_fail (self->viewport == NULL);

  self->viewport = g_object_ref (viewport);
  self->gestures = ms_view_gestures_new (GTK_WIDGET (self), viewport, 0);
  g_signal_connect_object (viewport, "notify", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

MsViewport *
ms_ruler_overlay_get_viewport (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), NULL);
  return self->viewport;
}

void
ms_ruler_overlay_set_metres_per_map_pixel (MsRulerOverlay *self,
                                           double          metres)
{
  g_return_if_fail (MS_IS_RULER_OVERLAY (self));
  g_return_if_fail (metres >= 0.0);

  if (self->metres_per_map_pixel == metres)
    return;
  self->metres_per_map_pixel = metres;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRES_PER_MAP_PIXEL]);
}

double
ms_ruler_overlay_get_metres_per_map_pixel (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), 0.0);
  return self->metres_per_map_pixel;
}

void
ms_ruler_overlay_set_tile_grid (MsRulerOverlay *self,
                                guint           width,
                                guint           height)
{
  g_return_if_fail (MS_IS_RULER_OVERLAY (self));
  self->grid_width = width;
  self->grid_height = height;
  update (self);
}

void
ms_ruler_overlay_set_active (MsRulerOverlay *self,
                             gboolean        active)
{
  g_return_if_fail (MS_IS_RULER_OVERLAY (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  if (!active)
    ms_ruler_overlay_clear (self);
  gtk_widget_set_visible (GTK_WIDGET (self), active);
  if (active)
    gtk_widget_grab_focus (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

gboolean
ms_ruler_overlay_get_active (MsRulerOverlay *self)
{
  g_return_val_if_fail (MS_IS_RULER_OVERLAY (self), FALSE);
  return self->active;
}

void
ms_ruler_overlay_add_window_action (MsRulerOverlay       *self,
                                    GtkApplicationWindow *window)
{
  g_autoptr(GPropertyAction) action = g_property_action_new ("ruler", self, "active");
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  g_return_if_fail (MS_IS_RULER_OVERLAY (self));
  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));

  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_m, 0),
                                                          gtk_named_action_new ("win.ruler")));
  gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
}

static void
ms_ruler_overlay_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_METRES_PER_MAP_PIXEL:
      g_value_set_double (value, self->metres_per_map_pixel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_ruler_overlay_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      ms_ruler_overlay_set_active (self, g_value_get_boolean (value));
      break;
    case PROP_METRES_PER_MAP_PIXEL:
      ms_ruler_overlay_set_metres_per_map_pixel (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_ruler_overlay_dispose (GObject *object)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);
  g_clear_object (&self->gestures);
  g_clear_object (&self->viewport);

  G_OBJECT_CLASS (ms_ruler_overlay_parent_class)->dispose (object);
}

static void
ms_ruler_overlay_finalize (GObject *object)
{
  MsRulerOverlay *self = MS_RULER_OVERLAY (object);

  g_array_unref (self->points);
  g_free (self->text);

  G_OBJECT_CLASS (ms_ruler_overlay_parent_class)->finalize (object);
}

static void
ms_ruler_overlay_class_init (MsRulerOverlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_ruler_overlay_get_property;
  object_class->set_property = ms_ruler_overlay_set_property;
  object_class->dispose = ms_ruler_overlay_dispose;
  object_class->finalize = ms_ruler_overlay_finalize;
  widget_class->snapshot = ms_ruler_overlay_snapshot;
  widget_class->state_flags_changed = ms_ruler_overlay_state_flags_changed;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_METRES_PER_MAP_PIXEL] =
    g_param_spec_double ("metres-per-map-pixel", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SIGNAL_PATH_HOVERED] =
    g_signal_new ("path-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, 0, key_close, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, 0, key_close, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_BackSpace, 0, key_remove, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Delete, 0, key_remove, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, key_clear, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_space, 0, key_add_centre, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Space, 0, key_add_centre, NULL);
  ms_view_gestures_install_actions (widget_class, "ruler-view", view_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "ruler");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ms_ruler_overlay_init (MsRulerOverlay *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-ruler-overlay.css");
  self->points = g_array_new (FALSE, FALSE, sizeof (double));
  self->marker_x = self->marker_y = NAN;
  self->hovered_along = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);

  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_widget_set_halign (self->label, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->label, GTK_ALIGN_END);
  gtk_widget_set_margin_bottom (self->label, 12);
  gtk_widget_set_margin_start (self->label, 12);
  gtk_widget_set_margin_end (self->label, 12);
  gtk_widget_set_can_target (self->label, FALSE);
  gtk_widget_add_css_class (self->label, "osd");
  gtk_widget_add_css_class (self->label, "ruler-label");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  self->label, NULL, -1);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  update (self);
}

GtkWidget *
ms_ruler_overlay_new (void)
{
  return g_object_new (MS_TYPE_RULER_OVERLAY, NULL);
}
