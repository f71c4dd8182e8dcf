/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plain GObject (like ShumateViewport) so several widgets can follow one
 * view through property notifications.
 */
#define G_LOG_DOMAIN "ms-viewport"

#include "config.h"

#include <math.h>

#include "ms-viewport.h"

#define MAX_ZOOM 64.0  /* screen pixels per map pixel */

struct _MsViewport
{
  GObject parent_instance;

  double  map_width, map_height;
  double  width, height;
  double  zoom;
  double  centre_x, centre_y;
  gboolean fitted;    /* shows the whole map fitted, until a zoom or a move */
  gboolean fitting;   /* ms_viewport_fit () is setting the zoom and centre */
};

enum
{
  PROP_0,
  PROP_ZOOM,
  PROP_CENTRE_X,
  PROP_CENTRE_Y,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_FITTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsViewport, ms_viewport, G_TYPE_OBJECT)

static void
ms_viewport_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MsViewport *self = MS_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_CENTRE_X:
      g_value_set_double (value, self->centre_x);
      break;
    case PROP_CENTRE_Y:
      g_value_set_double (value, self->centre_y);
      break;
    case PROP_WIDTH:
      g_value_set_double (value, self->width);
      break;
    case PROP_HEIGHT:
      g_value_set_double (value, self->height);
      break;
    case PROP_FITTED:
      g_value_set_boolean (value, self->fitted);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_viewport_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  MsViewport *self = MS_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      ms_viewport_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_CENTRE_X:
      ms_viewport_set_centre (self, g_value_get_double (value), self->centre_y);
      break;
    case PROP_CENTRE_Y:
      ms_viewport_set_centre (self, self->centre_x, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_viewport_class_init (MsViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ms_viewport_get_property;
  object_class->set_property = ms_viewport_set_property;

  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, 1e-6, MAX_ZOOM, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CENTRE_X] =
    g_param_spec_double ("centre-x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CENTRE_Y] =
    g_param_spec_double ("centre-y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The screen size, set by the view that shows the map. */
  properties[PROP_WIDTH] =
    g_param_spec_double ("width", NULL, NULL, 1.0, G_MAXDOUBLE, 1.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEIGHT] =
    g_param_spec_double ("height", NULL, NULL, 1.0, G_MAXDOUBLE, 1.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* TRUE from ms_viewport_fit () until the zoom or the centre is set
   * otherwise: a new size or map size fits the map again. */
  properties[PROP_FITTED] =
    g_param_spec_boolean ("fitted", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_viewport_init (MsViewport *self)
{
  self->zoom = 1.0;
  self->map_width = self->map_height = 1.0;
  self->width = self->height = 1.0;
}

MsViewport *
ms_viewport_new (void)
{
  return g_object_new (MS_TYPE_VIEWPORT, NULL);
}

double
ms_viewport_get_min_zoom (MsViewport *self)
{
  /* Never smaller than a quarter of "the whole map fits". */
  double fit = MIN (self->width / self->map_width, self->height / self->map_height);
  return MIN (fit, 1.0) / 4.0;
}

double
ms_viewport_get_max_zoom (MsViewport *self)
{
  return MAX_ZOOM;
}

static void
set_fitted (MsViewport *self,
            gboolean    fitted)
{
  if (self->fitted == fitted)
    return;
  self->fitted = fitted;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FITTED]);
}

gboolean
ms_viewport_get_fitted (MsViewport *self)
{
  g_return_val_if_fail (MS_IS_VIEWPORT (self), FALSE);
  return self->fitted;
}

static void
clamp_centre (MsViewport *self)
{
  /* The centre stays on the map, so the map can never be lost off screen. */
  self->centre_x = CLAMP (self->centre_x, 0.0, self->map_width);
  self->centre_y = CLAMP (self->centre_y, 0.0, self->map_height);
}

void
ms_viewport_set_map_size (MsViewport *self,
                          double      width,
                          double      height)
{
  g_return_if_fail (MS_IS_VIEWPORT (self));
  g_return_if_fail (width > 0 && height > 0);

  self->map_width = width;
  self->map_height = height;
  clamp_centre (self);
  if (self->fitted)
    ms_viewport_fit (self);
}

void
ms_viewport_set_size (MsViewport *self,
                      double      width,
                      double      height)
{
  g_return_if_fail (MS_IS_VIEWPORT (self));

  width = MAX (width, 1.0);
  height = MAX (height, 1.0);
  if (width == self->width && height == self->height)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (width != self->width)
    {
      self->width = width;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDTH]);
    }
  if (height != self->height)
    {
      self->height = height;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEIGHT]);
    }
  /* A fitted map stays fitted as the window changes size. */
  if (self->fitted)
    ms_viewport_fit (self);
  g_object_thaw_notify (G_OBJECT (self));
}

double
ms_viewport_get_width (MsViewport *self)
{
  return self->width;
}

double
ms_viewport_get_height (MsViewport *self)
{
  return self->height;
}

double
ms_viewport_get_zoom (MsViewport *self)
{
  g_return_val_if_fail (MS_IS_VIEWPORT (self), 1.0);
  return self->zoom;
}

void
ms_viewport_set_zoom (MsViewport *self,
                      double      zoom)
{
  g_return_if_fail (MS_IS_VIEWPORT (self));

  zoom = CLAMP (zoom, ms_viewport_get_min_zoom (self), MAX_ZOOM);
  if (zoom == self->zoom)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  self->zoom = zoom;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  if (!self->fitting)
    set_fitted (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

void
ms_viewport_get_centre (MsViewport *self,
                        double     *x,
                        double     *y)
{
  *x = self->centre_x;
  *y = self->centre_y;
}

void
ms_viewport_set_centre (MsViewport *self,
                        double      x,
                        double      y)
{
  double old_x = self->centre_x, old_y = self->centre_y;

  g_return_if_fail (MS_IS_VIEWPORT (self));

  self->centre_x = x;
  self->centre_y = y;
  clamp_centre (self);
  if (self->centre_x == old_x && self->centre_y == old_y)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (self->centre_x != old_x)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CENTRE_X]);
  if (self->centre_y != old_y)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CENTRE_Y]);
  if (!self->fitting)
    set_fitted (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

void
ms_viewport_map_to_screen (MsViewport *self,
                           double      map_x,
                           double      map_y,
                           double     *screen_x,
                           double     *screen_y)
{
  *screen_x = (map_x - self->centre_x) * self->zoom + self->width / 2.0;
  *screen_y = (map_y - self->centre_y) * self->zoom + self->height / 2.0;
}

void
ms_viewport_screen_to_map (MsViewport *self,
                           double      screen_x,
                           double      screen_y,
                           double     *map_x,
                           double     *map_y)
{
  *map_x = (screen_x - self->width / 2.0) / self->zoom + self->centre_x;
  *map_y = (screen_y - self->height / 2.0) / self->zoom + self->centre_y;
}

void
ms_viewport_zoom_at (MsViewport *self,
                     double      factor,
                     double      screen_x,
                     double      screen_y)
{
  double mx, my, old_zoom;

  g_return_if_fail (MS_IS_VIEWPORT (self));

  ms_viewport_screen_to_map (self, screen_x, screen_y, &mx, &my);
  old_zoom = self->zoom;
  g_object_freeze_notify (G_OBJECT (self));
  ms_viewport_set_zoom (self, self->zoom * factor);
  if (self->zoom != old_zoom)
    {
      /* Keep (mx, my) under the pointer. */
      ms_viewport_set_centre (self,
                              mx - (screen_x - self->width / 2.0) / self->zoom,
                              my - (screen_y - self->height / 2.0) / self->zoom);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

void
ms_viewport_pan (MsViewport *self,
                 double      dx,
                 double      dy)
{
  g_return_if_fail (MS_IS_VIEWPORT (self));
  ms_viewport_set_centre (self, self->centre_x - dx / self->zoom, self->centre_y - dy / self->zoom);
}

void
ms_viewport_fit (MsViewport *self)
{
  g_return_if_fail (MS_IS_VIEWPORT (self));

  g_object_freeze_notify (G_OBJECT (self));
  self->fitting = TRUE;
  ms_viewport_set_zoom (self, MIN (self->width / self->map_width, self->height / self->map_height));
  ms_viewport_set_centre (self, self->map_width / 2.0, self->map_height / 2.0);
  self->fitting = FALSE;
  set_fitted (self, TRUE);
  g_object_thaw_notify (G_OBJECT (self));
}

void
ms_viewport_fit_rect (MsViewport *self,
                      double      x,
                      double      y,
                      double      width,
                      double      height)
{
  const double margin = 1.5;  /* the rectangle fills two thirds of the view */

  g_return_if_fail (MS_IS_VIEWPORT (self));

  width = MAX (width, 1.0);
  height = MAX (height, 1.0);
  g_object_freeze_notify (G_OBJECT (self));
  ms_viewport_set_zoom (self, MIN (self->width / (width * margin), self->height / (height * margin)));
  ms_viewport_set_centre (self, x + width / 2.0, y + height / 2.0);
  g_object_thaw_notify (G_OBJECT (self));
}
