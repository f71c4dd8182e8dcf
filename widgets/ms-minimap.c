/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The minimap: one small image of the whole map (an exception to "never a
 * whole-map texture": it is MS_MINIMAP_IMAGE_SIZE pixels at most, made once
 * per blueprint and style on a worker thread), the viewport's visible part
 * outlined over it and the rest dimmed.  Clicks and drags centre the
 * viewport on the point under the pointer.
 */
#define G_LOG_DOMAIN "ms-minimap"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-css.h"
#include "ms-minimap.h"

#define NATURAL_SIZE    160   /* content box, logical pixels */
#define MINIMUM_SIZE    64
#define IMAGE_RADIUS    8.0f  /* the box's radius (CSS) less its padding */
#define OUTLINE_RADIUS  3.0f
#define OUTLINE_WIDTH   2.0f
#define OUTLINE_MIN     8.0   /* a smaller outline is drawn this size, centred */

struct _MsMinimap
{
  GtkWidget         parent_instance;

  MsBlueprint      *blueprint;
  MsBlueprintStyle  style;
  MsViewport       *viewport;

  GdkTexture       *texture;
  /* After ms_minimap_show_overview (), until a render is asked for: its
   * pyramid. */
  MsBlueprintPyramid *overview;
  GCancellable     *cancellable;   /* of the render in flight, or NULL */

  double            drag_x, drag_y;
};

enum
{
  PROP_0,
  PROP_BLUEPRINT,
  PROP_VIEWPORT,
  PROP_TEXTURE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsMinimap, ms_minimap, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------- rendering --- */

typedef struct
{
  MsBlueprint      *blueprint;
  MsBlueprintStyle  style;
} RenderData;

static void
render_data_free (gpointer data)
{
  RenderData *render = data;

  g_object_unref (render->blueprint);
  g_free (render);
}

static void
render_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  RenderData *render = task_data;
  GError *error = NULL;
  cairo_surface_t *surface;

  surface = ms_render_blueprint (render->blueprint, &render->style, NULL, MS_MINIMAP_IMAGE_SIZE,
                                 cancellable, &error);
  if (surface == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

/* Takes @surface (transfer full) as the image shown. */
static void
set_texture (MsMinimap       *self,
             cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width, height, stride;

  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* ARGB32 in native order is GDK_MEMORY_DEFAULT; the texture keeps the
   * surface's pixels rather than a copy. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * (gsize) height,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  g_clear_object (&self->texture);
  self->texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, (gsize) stride);
  g_clear_object (&self->overview);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXTURE]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
render_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  MsMinimap *self = MS_MINIMAP (source);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;

  /* A cancelled task (a newer blueprint or style) reports cancelled even if
   * its thread got to the end: GTask checks the cancellable. */
  surface = g_task_propagate_pointer (G_TASK (result), &error);
  if (surface == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not draw the map overview: %s", error->message);
      return;
    }

  g_clear_object (&self->cancellable);
  set_texture (self, surface);
}

static void
start_render (MsMinimap *self)
{
  g_autoptr(GTask) task = NULL;
  RenderData *render;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->blueprint == NULL)
    return;

  /* An overview shown stays until the render replaces it. */
  g_clear_object (&self->overview);
  self->cancellable = g_cancellable_new ();
  render = g_new0 (RenderData, 1);
  render->blueprint = g_object_ref (self->blueprint);
  render->style = self->style;

  task = g_task_new (self, self->cancellable, render_done, NULL);
  g_task_set_source_tag (task, start_render);
  g_task_set_name (task, "[mapsmith] minimap render");
  g_task_set_task_data (task, render, render_data_free);
  g_task_run_in_thread (task, render_thread);
}

/* Overlays are not drawn on the minimap: a change to them needs no render. */
static gboolean
styles_look_the_same (const MsBlueprintStyle *a,
                      const MsBlueprintStyle *b)
{
  float op_a[MS_N_STACK_LAYERS], op_b[MS_N_STACK_LAYERS];
  MsLayerState stack_a[MS_N_STACK_LAYERS], stack_b[MS_N_STACK_LAYERS];

  ms_blueprint_style_get_opacities (a, op_a);
  ms_blueprint_style_get_opacities (b, op_b);
  ms_blueprint_style_get_stack (a, stack_a);
  ms_blueprint_style_get_stack (b, stack_b);
  for (guint i = 0; i < MS_N_STACK_CELL_LAYERS; i++)
    if (op_a[i] != op_b[i])
      return FALSE;
  /* The water layer's visibility alone changes the bed under it. */
  return stack_a[MS_STACK_WATER].visible == stack_b[MS_STACK_WATER].visible &&
         a->ramp == b->ramp &&
         a->light.azimuth_deg == b->light.azimuth_deg &&
         a->light.altitude_deg == b->light.altitude_deg &&
         a->exaggeration == b->exaggeration &&
         a->metres_per_pixel == b->metres_per_pixel &&
         a->sea_level == b->sea_level;
}

/* ------------------------------------------------------------- geometry --- */

gboolean
ms_minimap_get_map_area (MsMinimap       *self,
                         graphene_rect_t *area)
{
  double width, height, side;

  g_return_val_if_fail (MS_IS_MINIMAP (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (self->blueprint == NULL)
    return FALSE;

  /* Blueprints are square: the largest centred square. */
  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  side = MIN (width, height);
  graphene_rect_init (area, (float) ((width - side) / 2.0), (float) ((height - side) / 2.0),
                      (float) side, (float) side);
  return side > 0;
}

gboolean
ms_minimap_get_outline (MsMinimap       *self,
                        graphene_rect_t *outline)
{
  graphene_rect_t area, visible;
  double x0, y0, x1, y1, scale;

  g_return_val_if_fail (MS_IS_MINIMAP (self), FALSE);
  g_return_val_if_fail (outline != NULL, FALSE);

  if (self->viewport == NULL || !ms_minimap_get_map_area (self, &area))
    return FALSE;

  ms_viewport_screen_to_map (self->viewport, 0, 0, &x0, &y0);
  ms_viewport_screen_to_map (self->viewport, ms_viewport_get_width (self->viewport),
                             ms_viewport_get_height (self->viewport), &x1, &y1);
  scale = area.size.width / (double) ms_blueprint_get_map_size (self->blueprint);
  graphene_rect_init (&visible,
                      (float) (area.origin.x + x0 * scale), (float) (area.origin.y + y0 * scale),
                      (float) ((x1 - x0) * scale), (float) ((y1 - y0) * scale));
  return graphene_rect_intersection (&area, &visible, outline);
}

void
ms_minimap_move_to (MsMinimap *self,
                    double     x,
                    double     y)
{
  graphene_rect_t area;
  double n;

  g_return_if_fail (MS_IS_MINIMAP (self));

  if (self->viewport == NULL || !ms_minimap_get_map_area (self, &area))
    return;

  /* The viewport keeps the centre on the map. */
  n = ms_blueprint_get_map_size (self->blueprint);
  ms_viewport_set_centre (self->viewport,
                          (x - area.origin.x) / area.size.width * n,
                          (y - area.origin.y) / area.size.height * n);
}

/* ------------------------------------------------------------- drawing --- */

static gboolean
near (float a,
      float b)
{
  return ABS (a - b) < 0.5f;
}

static void
snapshot_outline (MsMinimap             *self,
                  GtkSnapshot           *snapshot,
                  const graphene_rect_t *area)
{
  const GdkRGBA dim = { 0.0f, 0.0f, 0.0f, 0.4f };
  const GdkRGBA white = { 1.0f, 1.0f, 1.0f, 1.0f };
  const GdkRGBA halo = { 0.0f, 0.0f, 0.0f, 0.55f };
  graphene_rect_t o, grown;
  gboolean left, top, right, bottom;
  GskRoundedRect shape, outer;
  graphene_size_t corner[4];

  if (!ms_minimap_get_outline (self, &o))
    {
      /* Nothing of the map is in view. */
      gtk_snapshot_append_color (snapshot, &dim, area);
      return;
    }

  /* Dim what is not in view. */
  gtk_snapshot_append_color (snapshot, &dim,
                             &GRAPHENE_RECT_INIT (area->origin.x, area->origin.y,
                                                  area->size.width, o.origin.y - area->origin.y));
  gtk_snapshot_append_color (snapshot, &dim,
                             &GRAPHENE_RECT_INIT (area->origin.x, o.origin.y + o.size.height,
                                                  area->size.width,
                                                  area->origin.y + area->size.height -
                                                  (o.origin.y + o.size.height)));
  gtk_snapshot_append_color (snapshot, &dim,
                             &GRAPHENE_RECT_INIT (area->origin.x, o.origin.y,
                                                  o.origin.x - area->origin.x, o.size.height));
  gtk_snapshot_append_color (snapshot, &dim,
                             &GRAPHENE_RECT_INIT (o.origin.x + o.size.width, o.origin.y,
                                                  area->origin.x + area->size.width -
                                                  (o.origin.x + o.size.width),
                                                  o.size.height));

  /* Deep zooms shrink the outline to a dot: keep it findable. */
  if (o.size.width < OUTLINE_MIN)
    {
      o.origin.x -= (float) (OUTLINE_MIN - o.size.width) / 2.0f;
      o.size.width = (float) OUTLINE_MIN;
    }
  if (o.size.height < OUTLINE_MIN)
    {
      o.origin.y -= (float) (OUTLINE_MIN - o.size.height) / 2.0f;
      o.size.height = (float) OUTLINE_MIN;
    }

  /* Corners on the image's rounded corners follow them. */
  left = near (o.origin.x, area->origin.x);
  top = near (o.origin.y, area->origin.y);
  right = near (o.origin.x + o.size.width, area->origin.x + area->size.width);
  bottom = near (o.origin.y + o.size.height, area->origin.y + area->size.height);
  for (guint i = 0; i < 4; i++)
    {
      gboolean on_corner = (i == 0 && top && left) || (i == 1 && top && right) ||
                           (i == 2 && bottom && right) || (i == 3 && bottom && left);
      float r = on_corner ? IMAGE_RADIUS : OUTLINE_RADIUS;

      graphene_size_init (&corner[i], r, r);
    }

  gsk_rounded_rect_init (&shape, &o, &corner[0], &corner[1], &corner[2], &corner[3]);
  grown = o;
  graphene_rect_inset (&grown, -1.0f, -1.0f);
  gsk_rounded_rect_init_copy (&outer, &shape);
  outer.bounds = grown;
  for (guint i = 0; i < 4; i++)
    graphene_size_init (&outer.corner[i],
                        shape.corner[i].width + 1.0f, shape.corner[i].height + 1.0f);

  /* White on a dark halo: legible over sea, snow and forest alike. */
  gtk_snapshot_append_border (snapshot, &outer,
                              (const float[4]) { 1.0f, 1.0f, 1.0f, 1.0f },
                              (const GdkRGBA[4]) { halo, halo, halo, halo });
  gtk_snapshot_append_border (snapshot, &shape,
                              (const float[4]) { OUTLINE_WIDTH, OUTLINE_WIDTH,
                                                 OUTLINE_WIDTH, OUTLINE_WIDTH },
                              (const GdkRGBA[4]) { white, white, white, white });
}

static void
ms_minimap_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  MsMinimap *self = MS_MINIMAP (widget);
  graphene_rect_t area;
  GskRoundedRect clip;

  if (!ms_minimap_get_map_area (self, &area))
    return;

  gsk_rounded_rect_init_from_rect (&clip, &area, IMAGE_RADIUS);
  gtk_snapshot_push_rounded_clip (snapshot, &clip);

  if (self->texture != NULL)
    gtk_snapshot_append_texture (snapshot, self->texture, &area);
  else
    /* Until the first image arrives. */
    gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.16f, 0.16f, 0.18f, 1.0f }, &area);

  if (self->viewport != NULL)
    snapshot_outline (self, snapshot, &area);

  gtk_snapshot_pop (snapshot);
}

static void
ms_minimap_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  *minimum = MINIMUM_SIZE;
  *natural = NATURAL_SIZE;
}

/* ---------------------------------------------------------------- input --- */

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MsMinimap      *self)
{
  if (self->viewport == NULL || self->blueprint == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  /* Ours: the map view under the overlay must not pan as well. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_x = x;
  self->drag_y = y;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  ms_minimap_move_to (self, x, y);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MsMinimap      *self)
{
  ms_minimap_move_to (self, self->drag_x + dx, self->drag_y + dy);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MsMinimap      *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
}

/* -------------------------------------------------------------- object --- */

static void
clear_texture (MsMinimap *self)
{
  g_clear_object (&self->overview);
  if (self->texture != NULL)
    {
      g_clear_object (&self->texture);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXTURE]);
    }
}

void
ms_minimap_set_blueprint (MsMinimap   *self,
                          MsBlueprint *blueprint)
{
  g_return_if_fail (MS_IS_MINIMAP (self));
  g_return_if_fail (blueprint == NULL || MS_IS_BLUEPRINT (blueprint));

  if (!g_set_object (&self->blueprint, blueprint))
    {
      /* An overview of this map (or none) stays up until the render
       * replaces it. */
      if ((self->texture == NULL || self->overview != NULL) && self->cancellable == NULL)
        start_render (self);
      return;
    }

  /* The old map's image would be wrong: show the placeholder meanwhile. */
  clear_texture (self);
  start_render (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLUEPRINT]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ms_minimap_show_overview (MsMinimap          *self,
                          MsBlueprintPyramid *pyramid)
{
  g_autoptr(MsBlueprintTile) top = NULL;
  g_autoptr(MsBlueprintPyramid) keep = NULL;
  MsTileKey key = { 0, 0, 0 };
  MsBlueprint *blueprint;
  cairo_surface_t *surface;

  g_return_if_fail (MS_IS_MINIMAP (self));
  g_return_if_fail (MS_IS_BLUEPRINT_PYRAMID (pyramid));

  /* It may be self->overview, which set_texture () drops. */
  keep = g_object_ref (pyramid);

  blueprint = ms_blueprint_pyramid_get_blueprint (pyramid);
  key.level = ms_blueprint_pyramid_get_top_level (pyramid);
  top = ms_blueprint_pyramid_lookup (pyramid, &key);
  /* An image of this map already shown (the render's, or this) is as good. */
  if (blueprint == self->blueprint && self->texture != NULL && self->overview != pyramid)
    return;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (g_set_object (&self->blueprint, blueprint))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLUEPRINT]);
  if (top == NULL)
    {
      clear_texture (self);
      self->overview = g_steal_pointer (&keep);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  /* The top tile is the whole map at most 256 cells a side, the image's
   * own size: colouring it is a moment's work on this thread. */
  surface = ms_blueprint_render_cells (blueprint, &self->style, &top->grid, top->width, top->height,
                                       top->key.level);
  set_texture (self, surface);
  self->overview = g_steal_pointer (&keep);
}

void
ms_minimap_refresh (MsMinimap *self)
{
  g_return_if_fail (MS_IS_MINIMAP (self));

  if (self->blueprint != NULL)
    start_render (self);
}

gboolean
ms_minimap_is_overview (MsMinimap *self)
{
  g_return_val_if_fail (MS_IS_MINIMAP (self), FALSE);
  return self->overview != NULL;
}

MsBlueprint *
ms_minimap_get_blueprint (MsMinimap *self)
{
  g_return_val_if_fail (MS_IS_MINIMAP (self), NULL);
  return self->blueprint;
}

void
ms_minimap_set_style (MsMinimap              *self,
                      const MsBlueprintStyle *style)
{
  gboolean same;

  g_return_if_fail (MS_IS_MINIMAP (self));
  g_return_if_fail (style != NULL);

  same = styles_look_the_same (&self->style, style);
  self->style = *style;
  /* The old image stays up until the new one is there; an overview is
   * coloured again, still without a render. */
  if (!same && self->overview != NULL)
    ms_minimap_show_overview (self, self->overview);
  else if (!same)
    start_render (self);
}

const MsBlueprintStyle *
ms_minimap_get_style (MsMinimap *self)
{
  g_return_val_if_fail (MS_IS_MINIMAP (self), NULL);
  return &self->style;
}

void
ms_minimap_set_viewport (MsMinimap  *self,
                         MsViewport *viewport)
{
  g_return_if_fail (MS_IS_MINIMAP (self));
  g_return_if_fail (viewport == NULL || MS_IS_VIEWPORT (viewport));

  if (self->viewport == viewport)
    return;

  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_set_object (&self->viewport, viewport);
  /* Any property: zoom, centre, and whatever else comes to describe it. */
  if (viewport != NULL)
    g_signal_connect_object (viewport, "notify", G_CALLBACK (gtk_widget_queue_draw), self,
                             G_CONNECT_SWAPPED);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWPORT]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MsViewport *
ms_minimap_get_viewport (MsMinimap *self)
{
  g_return_val_if_fail (MS_IS_MINIMAP (self), NULL);
  return self->viewport;
}

GdkTexture *
ms_minimap_get_texture (MsMinimap *self)
{
  g_return_val_if_fail (MS_IS_MINIMAP (self), NULL);
  return self->texture;
}

static void
ms_minimap_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  MsMinimap *self = MS_MINIMAP (object);

  switch (prop_id)
    {
    case PROP_BLUEPRINT:
      g_value_set_object (value, self->blueprint);
      break;
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      break;
    case PROP_TEXTURE:
      g_value_set_object (value, self->texture);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_minimap_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  MsMinimap *self = MS_MINIMAP (object);

  switch (prop_id)
    {
    case PROP_BLUEPRINT:
      ms_minimap_set_blueprint (self, g_value_get_object (value));
      break;
    case PROP_VIEWPORT:
      ms_minimap_set_viewport (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_minimap_dispose (GObject *object)
{
  MsMinimap *self = MS_MINIMAP (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);
  g_clear_object (&self->blueprint);
  g_clear_object (&self->texture);
  g_clear_object (&self->overview);

  G_OBJECT_CLASS (ms_minimap_parent_class)->dispose (object);
}

static void
ms_minimap_class_init (MsMinimapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_minimap_get_property;
  object_class->set_property = ms_minimap_set_property;
  object_class->dispose = ms_minimap_dispose;

  widget_class->snapshot = ms_minimap_snapshot;
  widget_class->measure = ms_minimap_measure;

  properties[PROP_BLUEPRINT] =
    g_param_spec_object ("blueprint", NULL, NULL, MS_TYPE_BLUEPRINT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, MS_TYPE_VIEWPORT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TEXTURE] =
    g_param_spec_object ("texture", NULL, NULL, GDK_TYPE_TEXTURE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "minimap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_minimap_init (MsMinimap *self)
{
  GtkGesture *drag;

  ms_blueprint_style_init (&self->style);

  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-minimap.css");
  gtk_widget_add_css_class (GTK_WIDGET (self), "osd");
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("Click or drag to move the view"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map overview"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The whole map with the part in view outlined; "
                                    "click or drag to move the view"),
                                  -1);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
ms_minimap_new (void)
{
  return g_object_new (MS_TYPE_MINIMAP, NULL);
}
