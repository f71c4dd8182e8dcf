/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scale bar: metres per screen pixel are metres per map pixel over the
 * viewport's zoom; of the lengths 1, 2 and 5 × 10^n m it shows the one
 * whose bar is closest, by ratio, to the middle of 100–150 px.  With steps
 * of at most 2.5× the bar stays within about 78–194 px.
 */
#define G_LOG_DOMAIN "ms-scale-bar"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-css.h"
#include "ms-scale-bar.h"

#define TARGET_WIDTH  122.47448713915890  /* sqrt (100 × 150) px */
#define BAR_THICKNESS 2.0f
#define TICK_HEIGHT   6.0f
#define LABEL_GAP     1.0f

struct _MsScaleBar
{
  GtkWidget   parent_instance;

  MsViewport *viewport;
  double      metres_per_map_pixel;

  double      length;     /* metres; 0 = nothing to show */
  double      bar_width;  /* screen pixels */
  char       *label;
};

enum
{
  PROP_0,
  PROP_VIEWPORT,
  PROP_METRES_PER_MAP_PIXEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsScaleBar, ms_scale_bar, GTK_TYPE_WIDGET)

/* ---------------------------------------------------------------- maths --- */

double
ms_scale_bar_choose_length (double  metres_per_px,
                            double *width)
{
  double target, best = 0.0, best_error = G_MAXDOUBLE;
  int exponent;

  if (width != NULL)
    *width = 0.0;
  if (!(metres_per_px > 0.0) || !isfinite (metres_per_px))
    return 0.0;

  target = metres_per_px * TARGET_WIDTH;
  exponent = (int) floor (log10 (target));
  for (int n = exponent - 1; n <= exponent + 1; n++)
    {
      static const double steps[] = { 1.0, 2.0, 5.0 };
      /* Dividing by 10^-n keeps 0.2 from turning into 0.20000000000000001. */
      double decade = n >= 0 ? pow (10.0, n) : 1.0 / pow (10.0, -n);

      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        {
          double length = steps[i] * decade;
          double error = fabs (log (length / target));

          if (error < best_error)
            {
              best = length;
              best_error = error;
            }
        }
    }

  if (width != NULL)
    *width = best / metres_per_px;
  return best;
}

char *
ms_scale_bar_format_length (double metres)
{
  /* %g prints the locale's decimal mark and no trailing zeros. */
  if (metres >= 1000.0)
    /* Translators: a length on the map's scale bar, in kilometres */
    return g_strdup_printf (_("%g km"), metres / 1000.0);
  if (metres >= 1.0 || metres <= 0.0)
    /* Translators: a length on the map's scale bar, in metres */
    return g_strdup_printf (_("%g m"), metres);
  /* Translators: a length on the map's scale bar, in centimetres */
  return g_strdup_printf (_("%g cm"), metres * 100.0);
}

double
ms_scale_bar_metres_per_map_pixel_for (MsBlueprint            *blueprint,
                                       const MsBlueprintStyle *style)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), 0.0);

  /* As render/blueprint/ms-blueprint-renderer.c takes it, so the bar matches shading. */
  if (style != NULL && style->metres_per_pixel > 0.0f)
    return style->metres_per_pixel;
  return MS_DEFAULT_WORLD_SPAN / (double) ms_blueprint_get_map_size (blueprint);
}

/* ------------------------------------------------------------- updating --- */

static void
update (MsScaleBar *self)
{
  double old_width = self->bar_width;
  double length = 0.0, width = 0.0;
  g_autofree char *label = NULL;

  if (self->viewport != NULL && self->metres_per_map_pixel > 0.0)
    length = ms_scale_bar_choose_length (self->metres_per_map_pixel /
                                         ms_viewport_get_zoom (self->viewport), &width);
  if (length > 0.0)
    label = ms_scale_bar_format_length (length);

  self->length = length;
  self->bar_width = width;
  if (g_strcmp0 (label, self->label) != 0)
    {
      g_free (self->label);
      self->label = g_steal_pointer (&label);
      if (self->label != NULL)
        {
          /* Translators: what a screen reader says for the scale bar; %s is a length */
          g_autofree char *description = g_strdup_printf (_("Scale: %s"), self->label);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
        }
      else
        {
          gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL);
        }
    }

  if (length > 0.0)
    gtk_widget_remove_css_class (GTK_WIDGET (self), "empty");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self), "empty");

  if (ceil (old_width) != ceil (self->bar_width))
    gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ------------------------------------------------------------- drawing --- */

static PangoLayout *
create_layout (MsScaleBar *self)
{
  return gtk_widget_create_pango_layout (GTK_WIDGET (self), self->label ? self->label : "");
}

static void
ms_scale_bar_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  MsScaleBar *self = MS_SCALE_BAR (widget);
  g_autoptr(PangoLayout) layout = create_layout (self);
  int text_width, text_height;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = MAX (text_width, (int) ceil (self->bar_width));
  else
    *minimum = *natural = text_height + (int) ceil (LABEL_GAP + TICK_HEIGHT);
}

static void
ms_scale_bar_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  MsScaleBar *self = MS_SCALE_BAR (widget);
  g_autoptr(PangoLayout) layout = NULL;
  GdkRGBA colour;
  float w, bottom;
  int text_width, text_height;

  if (self->length <= 0.0)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &colour);
  layout = create_layout (self);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);

  /* The label sits over the bar's left end, where a reader starts. */
  gtk_snapshot_append_layout (snapshot, layout, &colour);

  /* |_____|: the bar along the bottom, a tick at either end. */
  w = (float) self->bar_width;
  bottom = (float) gtk_widget_get_height (widget);
  gtk_snapshot_append_color (snapshot, &colour,
                             &GRAPHENE_RECT_INIT (0, bottom - BAR_THICKNESS, w, BAR_THICKNESS));
  gtk_snapshot_append_color (snapshot, &colour,
                             &GRAPHENE_RECT_INIT (0, bottom - TICK_HEIGHT,
                                                  BAR_THICKNESS, TICK_HEIGHT));
  gtk_snapshot_append_color (snapshot, &colour,
                             &GRAPHENE_RECT_INIT (w - BAR_THICKNESS, bottom - TICK_HEIGHT,
                                                  BAR_THICKNESS, TICK_HEIGHT));
}

static void
ms_scale_bar_css_changed (GtkWidget         *widget,
                          GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ms_scale_bar_parent_class)->css_changed (widget, change);
  /* The font may have changed, and with it the label's size. */
  gtk_widget_queue_resize (widget);
}

/* -------------------------------------------------------------- object --- */

void
ms_scale_bar_set_viewport (MsScaleBar *self,
                           MsViewport *viewport)
{
  g_return_if_fail (MS_IS_SCALE_BAR (self));
  g_return_if_fail (viewport == NULL || MS_IS_VIEWPORT (viewport));

  if (self->viewport == viewport)
    return;

  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_set_object (&self->viewport, viewport);
  if (viewport != NULL)
    g_signal_connect_object (viewport, "notify::zoom", G_CALLBACK (update), self,
                             G_CONNECT_SWAPPED);

  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEWPORT]);
}

MsViewport *
ms_scale_bar_get_viewport (MsScaleBar *self)
{
  g_return_val_if_fail (MS_IS_SCALE_BAR (self), NULL);
  return self->viewport;
}

void
ms_scale_bar_set_metres_per_map_pixel (MsScaleBar *self,
                                       double      metres)
{
  g_return_if_fail (MS_IS_SCALE_BAR (self));
  g_return_if_fail (metres >= 0.0);

  if (self->metres_per_map_pixel == metres)
    return;

  self->metres_per_map_pixel = metres;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRES_PER_MAP_PIXEL]);
}

double
ms_scale_bar_get_metres_per_map_pixel (MsScaleBar *self)
{
  g_return_val_if_fail (MS_IS_SCALE_BAR (self), 0.0);
  return self->metres_per_map_pixel;
}

double
ms_scale_bar_get_length (MsScaleBar *self)
{
  g_return_val_if_fail (MS_IS_SCALE_BAR (self), 0.0);
  return self->length;
}

double
ms_scale_bar_get_bar_width (MsScaleBar *self)
{
  g_return_val_if_fail (MS_IS_SCALE_BAR (self), 0.0);
  return self->bar_width;
}

const char *
ms_scale_bar_get_label (MsScaleBar *self)
{
  g_return_val_if_fail (MS_IS_SCALE_BAR (self), NULL);
  return self->label;
}

static void
ms_scale_bar_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MsScaleBar *self = MS_SCALE_BAR (object);

  switch (prop_id)
    {
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      break;
    case PROP_METRES_PER_MAP_PIXEL:
      g_value_set_double (value, self->metres_per_map_pixel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_scale_bar_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MsScaleBar *self = MS_SCALE_BAR (object);

  switch (prop_id)
    {
    case PROP_VIEWPORT:
      ms_scale_bar_set_viewport (self, g_value_get_object (value));
      break;
    case PROP_METRES_PER_MAP_PIXEL:
      ms_scale_bar_set_metres_per_map_pixel (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_scale_bar_dispose (GObject *object)
{
  MsScaleBar *self = MS_SCALE_BAR (object);

  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);

  G_OBJECT_CLASS (ms_scale_bar_parent_class)->dispose (object);
}

static void
ms_scale_bar_finalize (GObject *object)
{
  MsScaleBar *self = MS_SCALE_BAR (object);

  g_free (self->label);

  G_OBJECT_CLASS (ms_scale_bar_parent_class)->finalize (object);
}

static void
ms_scale_bar_class_init (MsScaleBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_scale_bar_get_property;
  object_class->set_property = ms_scale_bar_set_property;
  object_class->dispose = ms_scale_bar_dispose;
  object_class->finalize = ms_scale_bar_finalize;

  widget_class->measure = ms_scale_bar_measure;
  widget_class->snapshot = ms_scale_bar_snapshot;
  widget_class->css_changed = ms_scale_bar_css_changed;

  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, MS_TYPE_VIEWPORT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_METRES_PER_MAP_PIXEL] =
    g_param_spec_double ("metres-per-map-pixel", NULL, NULL, 0.0, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "scalebar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_scale_bar_init (MsScaleBar *self)
{
  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-scale-bar.css");
  gtk_widget_add_css_class (GTK_WIDGET (self), "osd");
  gtk_widget_add_css_class (GTK_WIDGET (self), "empty");
  /* Drags that start on the bar still move the map underneath. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
ms_scale_bar_new (void)
{
  return g_object_new (MS_TYPE_SCALE_BAR, NULL);
}
