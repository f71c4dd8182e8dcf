/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Onion skin and blink: map B drawn whole over map A through an opacity
 * node.  The opacity is applied to B's snapshot, not computed in the tile
 * view: B's GL area hands GTK a texture and its CPU fallback hands it
 * tiles, and GSK blends either the same way (GL, or cairo without GL), so
 * both paths show the same picture with no second renderer.  Both views
 * are snapshotted every frame, even the one hidden at opacity 0 or 1, so
 * that each keeps its tiles and a blink swaps two finished pictures.
 *
 * As in MsSwipeView, the two MsMapViews each own a viewport that follows
 * the other's; B takes no input.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-blend-view.h"
#include "ms-css.h"
#include "ms-viewport-link.h"

#define LABEL_EDGE   6     /* between the label or minimap and the view's edge */
#define LABEL_GAP    12    /* between the label and the minimap */

struct _MsBlendView
{
  GtkWidget         parent_instance;

  MsMapView        *view_a;
  MsMapView        *view_b;
  GtkWidget        *label;
  MsMinimap        *minimap;
  MsBlueprint      *minimap_blueprint;  /* A, given to the minimap once mapped */
  MsViewportLink   *link;
  char             *name_a;
  char             *name_b;

  double            opacity;
  double            rate;
  gboolean          blinking;
  gboolean          held;
  gboolean          turn_b;             /* the blink's half period: B's */
  guint             timer_id;
  double            drawn;              /* B's opacity as last drawn or notified */
};

G_DEFINE_FINAL_TYPE (MsBlendView, ms_blend_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_OPACITY,
  PROP_BLINKING,
  PROP_RATE,
  PROP_HELD,
  PROP_DRAWN_OPACITY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ----------------------------------------------------------- what shows --- */

static double
drawn_opacity (MsBlendView *self)
{
  if (self->held)
    return 1.0;
  if (self->blinking)
    return self->turn_b ? 1.0 : 0.0;
  return self->opacity;
}

static void
update_label (MsBlendView *self)
{
  g_autofree char *text = NULL;
  double drawn = self->drawn;

  if (self->name_a == NULL || self->name_b == NULL)
    text = g_strdup ("");
  else if (drawn <= 0.0)
    /* Translators: the label over the onion skin or blink view while only
     * map A shows; %s is its name. */
    text = g_strdup_printf (_("A: %s"), self->name_a);
  else if (drawn >= 1.0)
    /* Translators: the same while only map B shows. */
    text = g_strdup_printf (_("B: %s"), self->name_b);
  else
    /* Translators: onion skin; B's name, its opacity in percent, A's name. */
    text = g_strdup_printf (_("B: %s at %.0f %% over A: %s"), self->name_b, drawn * 100.0, self->name_a);
  gtk_label_set_text (GTK_LABEL (self->label), text);
}

/* Draws again and tells whoever watches when what shows changed. */
static void
update_drawn (MsBlendView *self)
{
  double drawn = drawn_opacity (self);

  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (drawn == self->drawn)
    return;
  self->drawn = drawn;
  update_label (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAWN_OPACITY]);
}

/* --------------------------------------------------------------- blink --- */

static gboolean
on_blink_timeout (gpointer user_data)
{
  MsBlendView *self = user_data;

  self->turn_b = !self->turn_b;
  update_drawn (self);
  return G_SOURCE_CONTINUE;
}

/* The timer runs only while the view blinks and is on screen: hidden (its
 * page left, its window hidden or closed) it costs nothing and fires no
 * callback into a window going away. */
static void
update_timer (MsBlendView *self)
{
  g_clear_handle_id (&self->timer_id, g_source_remove);
  if (!self->blinking || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->timer_id = g_timeout_add ((guint) lround (1000.0 / (2.0 * self->rate)), on_blink_timeout, self);
  g_source_set_name_by_id (self->timer_id, "[mapsmith] blink");
}

void
ms_blend_view_set_blinking (MsBlendView *self,
                            gboolean     blinking)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));

  blinking = !!blinking;
  if (self->blinking == blinking)
    return;
  self->blinking = blinking;
  self->turn_b = FALSE;
  update_timer (self);
  update_drawn (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLINKING]);
}

gboolean
ms_blend_view_get_blinking (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), FALSE);
  return self->blinking;
}

void
ms_blend_view_set_rate (MsBlendView *self,
                        double       rate)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));

  rate = CLAMP (rate, MS_BLEND_VIEW_RATE_MIN, MS_BLEND_VIEW_RATE_MAX);
  if (self->rate == rate)
    return;
  self->rate = rate;
  update_timer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RATE]);
}

double
ms_blend_view_get_rate (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), 1.0);
  return self->rate;
}

void
ms_blend_view_set_held (MsBlendView *self,
                        gboolean     held)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));

  held = !!held;
  if (self->held == held)
    return;
  self->held = held;
  update_drawn (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
}

gboolean
ms_blend_view_get_held (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), FALSE);
  return self->held;
}

void
ms_blend_view_set_opacity (MsBlendView *self,
                           double       opacity)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));

  opacity = CLAMP (opacity, 0.0, 1.0);
  if (self->opacity == opacity)
    return;
  self->opacity = opacity;
  update_drawn (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPACITY]);
}

double
ms_blend_view_get_opacity (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), 0.5);
  return self->opacity;
}

double
ms_blend_view_get_drawn_opacity (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), 0.0);
  return self->drawn;
}

/* ------------------------------------------------------------- drawing --- */

static void
ms_blend_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  MsBlendView *self = MS_BLEND_VIEW (widget);

  gtk_widget_snapshot_child (widget, GTK_WIDGET (self->view_a), snapshot);
  gtk_snapshot_push_opacity (snapshot, self->drawn);
  gtk_widget_snapshot_child (widget, GTK_WIDGET (self->view_b), snapshot);
  gtk_snapshot_pop (snapshot);
  gtk_widget_snapshot_child (widget, self->label, snapshot);
  gtk_widget_snapshot_child (widget, GTK_WIDGET (self->minimap), snapshot);
}

static void
ms_blend_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  /* B is drawn in A's place: A's size is the view's. */
  gtk_widget_measure (GTK_WIDGET (MS_BLEND_VIEW (widget)->view_a), orientation, for_size,
                      minimum, natural, NULL, NULL);
}

/* The minimap in the top right corner, at most a quarter of the shorter
 * side (as the viewer's), and none where even its least would cover too
 * much; where the label must end to stay clear of it. */
static int
allocate_minimap (MsBlendView *self,
                  int          width,
                  int          height)
{
  GtkWidget *minimap = GTK_WIDGET (self->minimap);
  int minimum, natural, side;

  gtk_widget_measure (minimap, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  side = MIN (natural, MIN (width, height) / 4);
  gtk_widget_set_child_visible (minimap, side >= minimum);
  if (side < minimum)
    {
      /* Off the view: an empty allocation would warn. */
      gtk_widget_size_allocate (minimap, &(GtkAllocation) { width, 0, minimum, minimum }, -1);
      return width - LABEL_EDGE;
    }
  gtk_widget_size_allocate (minimap, &(GtkAllocation) { width - LABEL_EDGE - side, LABEL_EDGE, side, side }, -1);
  return gtk_widget_get_visible (minimap) ? width - LABEL_EDGE - side - LABEL_GAP : width - LABEL_EDGE;
}

static void
ms_blend_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  MsBlendView *self = MS_BLEND_VIEW (widget);
  int right = allocate_minimap (self, width, height);
  int minimum, natural, label_width, label_height;

  gtk_widget_allocate (GTK_WIDGET (self->view_a), width, height, baseline, NULL);
  gtk_widget_allocate (GTK_WIDGET (self->view_b), width, height, baseline, NULL);

  /* The label shortened in the middle where the view is narrow, and gone
   * where not even its least fits. */
  gtk_widget_measure (self->label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  label_width = CLAMP (right - LABEL_EDGE, minimum, natural);
  gtk_widget_set_child_visible (self->label, gtk_label_get_text (GTK_LABEL (self->label))[0] != '\0' &&
                                             right - LABEL_EDGE >= minimum);
  gtk_widget_measure (self->label, GTK_ORIENTATION_VERTICAL, label_width, NULL, &label_height, NULL, NULL);
  gtk_widget_size_allocate (self->label, &(GtkAllocation) { LABEL_EDGE, LABEL_EDGE, label_width, label_height }, -1);
}

/* The minimap's image is rendered when the view is first shown, so a mode
 * never chosen renders nothing. */
static void
ms_blend_view_map (GtkWidget *widget)
{
  MsBlendView *self = MS_BLEND_VIEW (widget);

  GTK_WIDGET_CLASS (ms_blend_view_parent_class)->map (widget);
  if (self->minimap_blueprint != NULL)
    ms_minimap_set_blueprint (self->minimap, self->minimap_blueprint);
  update_timer (self);
}

static void
ms_blend_view_unmap (GtkWidget *widget)
{
  MsBlendView *self = MS_BLEND_VIEW (widget);

  g_clear_handle_id (&self->timer_id, g_source_remove);
  /* A key released while the view was away would hold B for good. */
  ms_blend_view_set_held (self, FALSE);
  GTK_WIDGET_CLASS (ms_blend_view_parent_class)->unmap (widget);
}

/* -------------------------------------------------------------- public --- */

GtkWidget *
ms_blend_view_new (void)
{
  return g_object_new (MS_TYPE_BLEND_VIEW, NULL);
}

void
ms_blend_view_set_blueprints (MsBlendView *self,
                              MsBlueprint *a,
                              MsBlueprint *b)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));

  ms_viewport_link_set_map_sizes (self->link,
                                  a != NULL ? ms_blueprint_get_map_size (a) : 0,
                                  b != NULL ? ms_blueprint_get_map_size (b) : 0);
  ms_map_view_set_blueprint (self->view_a, a);
  ms_map_view_set_blueprint (self->view_b, b);
  ms_viewport_link_follow_a (self->link);
  g_set_object (&self->minimap_blueprint, a);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) || a == NULL)
    ms_minimap_set_blueprint (self->minimap, a);
}

void
ms_blend_view_set_style (MsBlendView            *self,
                         const MsBlueprintStyle *style)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));
  ms_map_view_set_style (self->view_a, style);
  ms_map_view_set_style (self->view_b, style);
  ms_minimap_set_style (self->minimap, style);
}

void
ms_blend_view_set_names (MsBlendView *self,
                         const char  *name_a,
                         const char  *name_b)
{
  g_return_if_fail (MS_IS_BLEND_VIEW (self));

  g_free (self->name_a);
  g_free (self->name_b);
  self->name_a = g_strdup (name_a);
  self->name_b = g_strdup (name_b);
  update_label (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

MsMapView *
ms_blend_view_get_view_a (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), NULL);
  return self->view_a;
}

MsMapView *
ms_blend_view_get_view_b (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), NULL);
  return self->view_b;
}

GtkLabel *
ms_blend_view_get_label (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), NULL);
  return GTK_LABEL (self->label);
}

MsMinimap *
ms_blend_view_get_minimap (MsBlendView *self)
{
  g_return_val_if_fail (MS_IS_BLEND_VIEW (self), NULL);
  return self->minimap;
}

/* -------------------------------------------------------------- object --- */

static void
ms_blend_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MsBlendView *self = MS_BLEND_VIEW (object);

  switch (prop_id)
    {
    case PROP_OPACITY:
      g_value_set_double (value, self->opacity);
      break;
    case PROP_BLINKING:
      g_value_set_boolean (value, self->blinking);
      break;
    case PROP_RATE:
      g_value_set_double (value, self->rate);
      break;
    case PROP_HELD:
      g_value_set_boolean (value, self->held);
      break;
    case PROP_DRAWN_OPACITY:
      g_value_set_double (value, self->drawn);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_blend_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MsBlendView *self = MS_BLEND_VIEW (object);

  switch (prop_id)
    {
    case PROP_OPACITY:
      ms_blend_view_set_opacity (self, g_value_get_double (value));
      break;
    case PROP_BLINKING:
      ms_blend_view_set_blinking (self, g_value_get_boolean (value));
      break;
    case PROP_RATE:
      ms_blend_view_set_rate (self, g_value_get_double (value));
      break;
    case PROP_HELD:
      ms_blend_view_set_held (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_blend_view_dispose (GObject *object)
{
  MsBlendView *self = MS_BLEND_VIEW (object);

  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_object (&self->link);
  g_clear_object (&self->minimap_blueprint);
  g_clear_pointer ((GtkWidget **) &self->view_a, gtk_widget_unparent);
  g_clear_pointer ((GtkWidget **) &self->view_b, gtk_widget_unparent);
  g_clear_pointer (&self->label, gtk_widget_unparent);
  g_clear_pointer ((GtkWidget **) &self->minimap, gtk_widget_unparent);

  G_OBJECT_CLASS (ms_blend_view_parent_class)->dispose (object);
}

static void
ms_blend_view_finalize (GObject *object)
{
  MsBlendView *self = MS_BLEND_VIEW (object);

  g_free (self->name_a);
  g_free (self->name_b);

  G_OBJECT_CLASS (ms_blend_view_parent_class)->finalize (object);
}

static void
ms_blend_view_class_init (MsBlendViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_blend_view_get_property;
  object_class->set_property = ms_blend_view_set_property;
  object_class->dispose = ms_blend_view_dispose;
  object_class->finalize = ms_blend_view_finalize;
  widget_class->snapshot = ms_blend_view_snapshot;
  widget_class->measure = ms_blend_view_measure;
  widget_class->size_allocate = ms_blend_view_size_allocate;
  widget_class->map = ms_blend_view_map;
  widget_class->unmap = ms_blend_view_unmap;

  properties[PROP_OPACITY] =
    g_param_spec_double ("opacity", NULL, NULL, 0.0, 1.0, 0.5,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BLINKING] =
    g_param_spec_boolean ("blinking", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RATE] =
    g_param_spec_double ("rate", NULL, NULL, MS_BLEND_VIEW_RATE_MIN, MS_BLEND_VIEW_RATE_MAX, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HELD] =
    g_param_spec_boolean ("held", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DRAWN_OPACITY] =
    g_param_spec_double ("drawn-opacity", NULL, NULL, 0.0, 1.0, 0.5,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "blendview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ms_blend_view_init (MsBlendView *self)
{
  self->opacity = 0.5;
  self->rate = 1.0;
  self->drawn = 0.5;
  self->view_a = MS_MAP_VIEW (ms_map_view_new ());
  self->view_b = MS_MAP_VIEW (ms_map_view_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->view_a), GTK_WIDGET (self));
  gtk_widget_set_parent (GTK_WIDGET (self->view_b), GTK_WIDGET (self));

  /* Boxed as the pixel inspector is, legible over any map; the pointer
   * goes through it to the map. */
  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-pixel-inspector.css");
  self->label = gtk_label_new (NULL);
  gtk_label_set_single_line_mode (GTK_LABEL (self->label), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (self->label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_can_target (self->label, FALSE);
  gtk_widget_add_css_class (self->label, "inspector");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));

  /* Last, so that it is picked over the maps: its drags are its own. */
  self->minimap = MS_MINIMAP (ms_minimap_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->minimap), GTK_WIDGET (self));
  ms_minimap_set_viewport (self->minimap, ms_map_view_get_viewport (self->view_a));

  /* B only shows: A takes the pointer and, through the link, moves B. */
  gtk_widget_set_can_target (GTK_WIDGET (self->view_b), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self->view_b), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Map B drawn over map A"), -1);

  self->link = ms_viewport_link_new (ms_map_view_get_viewport (self->view_a),
                                     ms_map_view_get_viewport (self->view_b));
}
