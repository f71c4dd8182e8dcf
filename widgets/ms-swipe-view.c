/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Swipe comparison: map A, with map B drawn over the part right of a
 * divider.  The two MsMapViews each own a viewport; B's follows A's (and
 * the other way), so panning either pans both.  B takes no input: every
 * pointer event reaches A, except a drag that starts on the divider.  A
 * label names each map on its side of the divider, and moves with it.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-css.h"
#include "ms-swipe-view.h"
#include "ms-viewport-link.h"

#define HANDLE_SLOP 10.0   /* pixels either side of the divider that grab it */
#define KEY_STEP    0.05   /* of the width, per Left/Right */
#define LABEL_GAP   10     /* between a label and the divider (its grip is 14 wide) */
#define LABEL_EDGE  6      /* between a label and the view's edge */
#define LABEL_USEFUL 96    /* the least width a shortened label is shown in */

struct _MsSwipeView
{
  GtkWidget         parent_instance;

  MsMapView        *view_a;
  MsMapView        *view_b;
  GtkWidget        *label_a;
  GtkWidget        *label_b;
  double            position;
  double            drag_start;
  MsViewportLink   *link;
};

G_DEFINE_FINAL_TYPE (MsSwipeView, ms_swipe_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_POSITION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* -------------------------------------------------------------- divider --- */

static double
divider_x (MsSwipeView *self)
{
  return round (self->position * gtk_widget_get_width (GTK_WIDGET (self)));
}

void
ms_swipe_view_set_position (MsSwipeView *self,
                            double       position)
{
  g_return_if_fail (MS_IS_SWIPE_VIEW (self));

  position = CLAMP (position, 0.0, 1.0);
  if (position == self->position)
    return;
  self->position = position;
  /* The labels follow the divider. */
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

double
ms_swipe_view_get_position (MsSwipeView *self)
{
  g_return_val_if_fail (MS_IS_SWIPE_VIEW (self), 0.5);
  return self->position;
}

void
ms_swipe_view_get_clip (MsSwipeView     *self,
                        graphene_rect_t *clip)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double x = divider_x (self);

  g_return_if_fail (MS_IS_SWIPE_VIEW (self));
  graphene_rect_init (clip, (float) x, 0, (float) MAX (w - x, 0), (float) gtk_widget_get_height (GTK_WIDGET (self)));
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MsSwipeView    *self)
{
  /* Anywhere else the drag pans the map. */
  if (fabs (x - divider_x (self)) > HANDLE_SLOP)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_start = divider_x (self);
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                MsSwipeView    *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (width > 0)
    ms_swipe_view_set_position (self, (self->drag_start + offset_x) / width);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsSwipeView *self = MS_SWIPE_VIEW (widget);

  ms_swipe_view_set_position (self, self->position + g_variant_get_double (parameter));
}

/* ------------------------------------------------------------- drawing --- */

static void
ms_swipe_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  MsSwipeView *self = MS_SWIPE_VIEW (widget);
  graphene_rect_t clip;
  float x, h = (float) gtk_widget_get_height (widget);
  GdkRGBA light = { 1, 1, 1, 0.9f }, dark = { 0, 0, 0, 0.5f };

  gtk_widget_snapshot_child (widget, GTK_WIDGET (self->view_a), snapshot);
  ms_swipe_view_get_clip (self, &clip);
  gtk_snapshot_push_clip (snapshot, &clip);
  gtk_widget_snapshot_child (widget, GTK_WIDGET (self->view_b), snapshot);
  gtk_snapshot_pop (snapshot);
  gtk_widget_snapshot_child (widget, self->label_a, snapshot);
  gtk_widget_snapshot_child (widget, self->label_b, snapshot);

  /* The divider: a light line with dark edges, and a grip in the middle. */
  x = clip.origin.x;
  gtk_snapshot_append_color (snapshot, &dark, &GRAPHENE_RECT_INIT (x - 2, 0, 4, h));
  gtk_snapshot_append_color (snapshot, &light, &GRAPHENE_RECT_INIT (x - 1, 0, 2, h));
  gtk_snapshot_append_color (snapshot, &dark, &GRAPHENE_RECT_INIT (x - 7, h / 2 - 21, 14, 42));
  gtk_snapshot_append_color (snapshot, &light, &GRAPHENE_RECT_INIT (x - 6, h / 2 - 20, 12, 40));
  if (gtk_widget_has_visible_focus (widget))
    {
      GdkRGBA accent = { 0.21f, 0.52f, 0.89f, 1 };
      gtk_snapshot_append_color (snapshot, &accent, &GRAPHENE_RECT_INIT (x - 1, h / 2 - 16, 2, 32));
    }
}

static void
ms_swipe_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  MsSwipeView *self = MS_SWIPE_VIEW (widget);
  int min_b, nat_b;

  gtk_widget_measure (GTK_WIDGET (self->view_a), orientation, for_size, minimum, natural, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->view_b), orientation, for_size, &min_b, &nat_b, NULL, NULL);
  *minimum = MAX (*minimum, min_b);
  *natural = MAX (*natural, nat_b);
}

/* Puts @label at the top with one side at @anchor, its other towards
 * @limit (an edge of the view), the name shortened in the middle where
 * that is too little room for all of it, and hidden where it is too
 * little for a useful part. */
static void
allocate_label (GtkWidget *label,
                int        anchor,
                int        limit,
                gboolean   left_of_anchor)
{
  const char *text = gtk_label_get_text (GTK_LABEL (label));
  int minimum, width, height, room = left_of_anchor ? anchor - limit : limit - anchor;

  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &width, NULL, NULL);
  gtk_widget_set_child_visible (label, text[0] != '\0' &&
                                      room >= MAX (minimum, MIN (width, LABEL_USEFUL)));
  width = CLAMP (room, minimum, width);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  gtk_widget_size_allocate (label, &(GtkAllocation) { left_of_anchor ? anchor - width : anchor,
                                                      LABEL_EDGE, width, height }, -1);
}

static void
ms_swipe_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  MsSwipeView *self = MS_SWIPE_VIEW (widget);
  int x = (int) round (self->position * width);

  gtk_widget_allocate (GTK_WIDGET (self->view_a), width, height, baseline, NULL);
  gtk_widget_allocate (GTK_WIDGET (self->view_b), width, height, baseline, NULL);
  /* A left of the divider, B right of it, each shown only where its map
   * has room for it. */
  allocate_label (self->label_a, x - LABEL_GAP, LABEL_EDGE, TRUE);
  allocate_label (self->label_b, x + LABEL_GAP, width - LABEL_EDGE, FALSE);
}

/* -------------------------------------------------------------- public --- */

GtkWidget *
ms_swipe_view_new (void)
{
  return g_object_new (MS_TYPE_SWIPE_VIEW, NULL);
}

void
ms_swipe_view_set_blueprints (MsSwipeView *self,
                              MsBlueprint *a,
                              MsBlueprint *b)
{
  g_return_if_fail (MS_IS_SWIPE_VIEW (self));

  ms_viewport_link_set_map_sizes (self->link,
                                  a != NULL ? ms_blueprint_get_map_size (a) : 0,
                                  b != NULL ? ms_blueprint_get_map_size (b) : 0);
  ms_map_view_set_blueprint (self->view_a, a);
  ms_map_view_set_blueprint (self->view_b, b);
  ms_viewport_link_follow_a (self->link);
}

void
ms_swipe_view_set_style (MsSwipeView            *self,
                         const MsBlueprintStyle *style)
{
  g_return_if_fail (MS_IS_SWIPE_VIEW (self));
  ms_map_view_set_style (self->view_a, style);
  ms_map_view_set_style (self->view_b, style);
}

void
ms_swipe_view_set_names (MsSwipeView *self,
                         const char  *name_a,
                         const char  *name_b)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_return_if_fail (MS_IS_SWIPE_VIEW (self));

  /* Translators: the label over map A in the swipe view; %s is its name. */
  a = name_a != NULL ? g_strdup_printf (_("A: %s"), name_a) : g_strdup ("");
  /* Translators: the label over map B in the swipe view; %s is its name. */
  b = name_b != NULL ? g_strdup_printf (_("B: %s"), name_b) : g_strdup ("");
  gtk_label_set_text (GTK_LABEL (self->label_a), a);
  gtk_label_set_text (GTK_LABEL (self->label_b), b);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

GtkLabel *
ms_swipe_view_get_label (MsSwipeView *self,
                         gboolean     b)
{
  g_return_val_if_fail (MS_IS_SWIPE_VIEW (self), NULL);
  return GTK_LABEL (b ? self->label_b : self->label_a);
}

MsMapView *
ms_swipe_view_get_view_a (MsSwipeView *self)
{
  g_return_val_if_fail (MS_IS_SWIPE_VIEW (self), NULL);
  return self->view_a;
}

MsMapView *
ms_swipe_view_get_view_b (MsSwipeView *self)
{
  g_return_val_if_fail (MS_IS_SWIPE_VIEW (self), NULL);
  return self->view_b;
}

/* -------------------------------------------------------------- object --- */

static void
ms_swipe_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MsSwipeView *self = MS_SWIPE_VIEW (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_double (value, self->position);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_swipe_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MsSwipeView *self = MS_SWIPE_VIEW (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      ms_swipe_view_set_position (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_swipe_view_dispose (GObject *object)
{
  MsSwipeView *self = MS_SWIPE_VIEW (object);

  g_clear_object (&self->link);
  g_clear_pointer ((GtkWidget **) &self->view_a, gtk_widget_unparent);
  g_clear_pointer ((GtkWidget **) &self->view_b, gtk_widget_unparent);
  g_clear_pointer (&self->label_a, gtk_widget_unparent);
  g_clear_pointer (&self->label_b, gtk_widget_unparent);

  G_OBJECT_CLASS (ms_swipe_view_parent_class)->dispose (object);
}

static void
ms_swipe_view_class_init (MsSwipeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_swipe_view_get_property;
  object_class->set_property = ms_swipe_view_set_property;
  object_class->dispose = ms_swipe_view_dispose;
  widget_class->snapshot = ms_swipe_view_snapshot;
  widget_class->measure = ms_swipe_view_measure;
  widget_class->size_allocate = ms_swipe_view_size_allocate;

  properties[PROP_POSITION] =
    g_param_spec_double ("position", NULL, NULL, 0.0, 1.0, 0.5,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "swipe.move", "d", move_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "swipe.move", "d", -KEY_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Left, 0, "swipe.move", "d", -KEY_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "swipe.move", "d", KEY_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Right, 0, "swipe.move", "d", KEY_STEP);

  gtk_widget_class_set_css_name (widget_class, "swipeview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ms_swipe_view_init (MsSwipeView *self)
{
  GtkGesture *drag;

  self->position = 0.5;
  self->view_a = MS_MAP_VIEW (ms_map_view_new ());
  self->view_b = MS_MAP_VIEW (ms_map_view_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->view_a), GTK_WIDGET (self));
  gtk_widget_set_parent (GTK_WIDGET (self->view_b), GTK_WIDGET (self));
  /* Boxed as the pixel inspector is, legible over any map; the pointer
   * goes through them to the map. */
  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-pixel-inspector.css");
  self->label_a = gtk_label_new (NULL);
  self->label_b = gtk_label_new (NULL);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *label = i == 0 ? self->label_a : self->label_b;

      gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_can_target (label, FALSE);
      gtk_widget_add_css_class (label, "inspector");
      gtk_widget_set_parent (label, GTK_WIDGET (self));
    }
  /* B only shows: A takes the pointer and, through the link, moves B.  The
   * keys belong to the divider. */
  gtk_widget_set_can_target (GTK_WIDGET (self->view_b), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self->view_a), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self->view_b), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Map A, with map B right of a divider; Left and Right move the divider"),
                                  -1);

  self->link = ms_viewport_link_new (ms_map_view_get_viewport (self->view_a),
                                     ms_map_view_get_viewport (self->view_b));

  /* Capture phase, so a drag on the divider never pans the map. */
  drag = gtk_gesture_drag_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
}
