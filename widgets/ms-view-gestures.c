/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pan, zoom, kinetic swipe and pinch for the map views, in one place so the
 * blueprint view and the zone view move alike.
 */
#define G_LOG_DOMAIN "ms-view-gestures"

#include "config.h"

#include <math.h>

#include "ms-view-gestures.h"

struct _MsViewGestures
{
  GObject       parent_instance;

  GtkWidget    *widget;       /* weak: the widget owns us */
  MsViewport   *viewport;

  double        drag_last_x, drag_last_y;
  double        pointer_x, pointer_y;
  double        pinch_start_zoom;
  /* Kinetic panning after a swipe: screen pixels per second, decaying. */
  double        velocity_x, velocity_y;
  gint64        last_frame_time;
  guint         kinetic_id;
};

enum
{
  SIGNAL_CTRL_SCROLL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsViewGestures, ms_view_gestures, G_TYPE_OBJECT)

void
ms_view_gestures_stop_kinetic (MsViewGestures *self)
{
  g_return_if_fail (MS_IS_VIEW_GESTURES (self));

  if (self->kinetic_id != 0 && self->widget != NULL)
    gtk_widget_remove_tick_callback (self->widget, self->kinetic_id);
  self->kinetic_id = 0;
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MsViewGestures *self)
{
  self->drag_last_x = 0;
  self->drag_last_y = 0;
  ms_view_gestures_stop_kinetic (self);
  gtk_widget_grab_focus (self->widget);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MsViewGestures *self)
{
  /* The map point under the pointer stays under it. */
  ms_viewport_pan (self->viewport, dx - self->drag_last_x, dy - self->drag_last_y);
  self->drag_last_x = dx;
  self->drag_last_y = dy;
}

static gboolean
kinetic_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       user_data)
{
  MsViewGestures *self = user_data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt = (now - self->last_frame_time) / (double) G_USEC_PER_SEC;
  double decay;

  self->last_frame_time = now;
  if (dt <= 0)
    return G_SOURCE_CONTINUE;

  ms_viewport_pan (self->viewport, self->velocity_x * dt, self->velocity_y * dt);
  /* Friction: the speed halves about every 0.2 s. */
  decay = exp (-dt / 0.3);
  self->velocity_x *= decay;
  self->velocity_y *= decay;
  if (hypot (self->velocity_x, self->velocity_y) < 20.0)
    {
      self->kinetic_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_swipe (GtkGestureSwipe *gesture,
          double           velocity_x,
          double           velocity_y,
          MsViewGestures  *self)
{
  gboolean animations = TRUE;

  g_object_get (gtk_widget_get_settings (self->widget), "gtk-enable-animations", &animations, NULL);
  ms_view_gestures_stop_kinetic (self);
  if (!animations || hypot (velocity_x, velocity_y) < 100.0)
    return;
  self->velocity_x = velocity_x;
  self->velocity_y = velocity_y;
  self->last_frame_time = gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (self->widget));
  self->kinetic_id = gtk_widget_add_tick_callback (self->widget, kinetic_tick, self, NULL);
}

static void
on_pinch_begin (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                MsViewGestures   *self)
{
  ms_view_gestures_stop_kinetic (self);
  self->pinch_start_zoom = ms_viewport_get_zoom (self->viewport);
}

static void
on_pinch_scale (GtkGestureZoom *gesture,
                double          scale,
                MsViewGestures *self)
{
  double x, y;

  /* Around the fingers' centre; the scale is relative to the pinch's start. */
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    return;
  ms_viewport_zoom_at (self->viewport,
                       self->pinch_start_zoom * scale / ms_viewport_get_zoom (self->viewport), x, y);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MsViewGestures           *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MsViewGestures           *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean handled = FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      g_signal_emit (self, signals[SIGNAL_CTRL_SCROLL], 0, dy, &handled);
      if (handled)
        return TRUE;
    }
  /* Wheels step, touchpads give smooth deltas: both scale exponentially. */
  ms_view_gestures_stop_kinetic (self);
  ms_viewport_zoom_at (self->viewport, pow (MS_VIEW_ZOOM_STEP, -dy), self->pointer_x, self->pointer_y);
  return TRUE;
}

void
ms_view_gestures_activate (MsViewGestures *self,
                           const char     *what,
                           GVariant       *parameter)
{
  double w, h;

  g_return_if_fail (MS_IS_VIEW_GESTURES (self));
  if (self->widget == NULL)
    return;

  w = gtk_widget_get_width (self->widget);
  h = gtk_widget_get_height (self->widget);
  if (g_str_equal (what, "zoom-in"))
    ms_viewport_zoom_at (self->viewport, MS_VIEW_ZOOM_STEP, w / 2, h / 2);
  else if (g_str_equal (what, "zoom-out"))
    ms_viewport_zoom_at (self->viewport, 1.0 / MS_VIEW_ZOOM_STEP, w / 2, h / 2);
  else if (g_str_equal (what, "zoom-fit"))
    ms_viewport_fit (self->viewport);
  else if (g_str_equal (what, "zoom-actual"))
    ms_viewport_zoom_at (self->viewport, 1.0 / ms_viewport_get_zoom (self->viewport), w / 2, h / 2);
  else if (g_str_equal (what, "pan") && parameter != NULL)
    {
      int dx, dy;

      g_variant_get (parameter, "(ii)", &dx, &dy);
      ms_viewport_pan (self->viewport, dx, dy);
    }
  else
    g_return_if_reached ();
}

static const struct { guint key; GdkModifierType mods; const char *what; } zoom_keys[] = {
  { GDK_KEY_plus, 0, "zoom-in" }, { GDK_KEY_equal, 0, "zoom-in" }, { GDK_KEY_KP_Add, 0, "zoom-in" },
  { GDK_KEY_minus, 0, "zoom-out" }, { GDK_KEY_KP_Subtract, 0, "zoom-out" },
  { GDK_KEY_0, GDK_CONTROL_MASK, "zoom-fit" }, { GDK_KEY_1, 0, "zoom-actual" },
};

void
ms_view_gestures_install_actions (GtkWidgetClass              *widget_class,
                                  const char                  *prefix,
                                  GtkWidgetActionActivateFunc  activate)
{
  static const char *zooms[] = { "zoom-in", "zoom-out", "zoom-fit", "zoom-actual" };
  static const struct { guint key; int dx, dy; } pan_keys[] = {
    { GDK_KEY_Left, 64, 0 }, { GDK_KEY_Right, -64, 0 }, { GDK_KEY_Up, 0, 64 }, { GDK_KEY_Down, 0, -64 },
  };
  g_autofree char *pan = g_strdup_printf ("%s.pan", prefix);

  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.%s", prefix, zooms[i]);
      gtk_widget_class_install_action (widget_class, name, NULL, activate);
    }
  gtk_widget_class_install_action (widget_class, pan, "(ii)", activate);

  for (guint i = 0; i < G_N_ELEMENTS (zoom_keys); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.%s", prefix, zoom_keys[i].what);
      gtk_widget_class_add_binding_action (widget_class, zoom_keys[i].key, zoom_keys[i].mods, name, NULL);
    }
  for (guint i = 0; i < G_N_ELEMENTS (pan_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, pan_keys[i].key, 0, pan, "(ii)",
                                         pan_keys[i].dx, pan_keys[i].dy);
}


/* A key the focused widget left alone (bubble phase) zooms the view,
 * unless a text entry has the focus: Ctrl+0 there is the entry's. */
static gboolean
zoom_shortcut (GtkWidget *window,
               GVariant  *args,
               gpointer   user_data)
{
  GtkWidget *view = user_data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
  if (!gtk_widget_get_mapped (view))
    return FALSE;
  return gtk_widget_activate_action (view, g_variant_get_string (args, NULL), NULL);
}

void
ms_view_gestures_add_window_shortcuts (GtkWidget  *window,
                                       GtkWidget  *view,
                                       const char *prefix)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_ROOT (window));
  g_return_if_fail (GTK_IS_WIDGET (view));

  controller = gtk_shortcut_controller_new ();
  gtk_event_controller_set_name (controller, "ms-view-zoom-keys");
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  for (guint i = 0; i < G_N_ELEMENTS (zoom_keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (zoom_keys[i].key, zoom_keys[i].mods),
                                                gtk_callback_action_new (zoom_shortcut, view, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_take_string (g_strdup_printf ("%s.%s", prefix,
                                                                                        zoom_keys[i].what)));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (window, controller);
}

static void
ms_view_gestures_dispose (GObject *object)
{
  MsViewGestures *self = MS_VIEW_GESTURES (object);

  ms_view_gestures_stop_kinetic (self);
  g_clear_weak_pointer (&self->widget);
  g_clear_object (&self->viewport);
  G_OBJECT_CLASS (ms_view_gestures_parent_class)->dispose (object);
}

static void
ms_view_gestures_class_init (MsViewGesturesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ms_view_gestures_dispose;

  /**
   * MsViewGestures::ctrl-scroll:
   * @dy: the scroll's vertical delta (wheel steps or touchpad units)
   *
   * Returns: TRUE when handled, so the view does not zoom.
   */
  signals[SIGNAL_CTRL_SCROLL] =
    g_signal_new ("ctrl-scroll", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, G_TYPE_DOUBLE);
}

static void
ms_view_gestures_init (MsViewGestures *self)
{
}

MsViewGestures *
ms_view_gestures_new (GtkWidget  *widget,
                      MsViewport *viewport,
                      guint       pan_button)
{
  MsViewGestures *self;
  GtkEventController *controller;
  GtkGesture *drag, *swipe, *pinch;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (MS_IS_VIEWPORT (viewport), NULL);

  self = g_object_new (MS_TYPE_VIEW_GESTURES, NULL);
  g_set_weak_pointer (&self->widget, widget);
  self->viewport = g_object_ref (viewport);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), pan_button);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (on_drag_begin), self, 0);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (on_drag_update), self, 0);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  /* A drag released while moving keeps gliding (libshumate's kinetic pan). */
  swipe = gtk_gesture_swipe_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (swipe), pan_button);
  g_signal_connect_object (swipe, "swipe", G_CALLBACK (on_swipe), self, 0);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (swipe));
  gtk_gesture_group (swipe, drag);

  pinch = gtk_gesture_zoom_new ();
  g_signal_connect_object (pinch, "begin", G_CALLBACK (on_pinch_begin), self, 0);
  g_signal_connect_object (pinch, "scale-changed", G_CALLBACK (on_pinch_scale), self, 0);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (pinch));
  gtk_gesture_group (pinch, drag);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "motion", G_CALLBACK (on_motion), self, 0);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (on_scroll), self, 0);
  gtk_widget_add_controller (widget, controller);

  return self;
}
