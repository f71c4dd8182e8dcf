/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-road-row"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-road-row.h"

struct _MsRoadRow
{
  GObject       parent_instance;

  MsRoadTier    tier;
  guint         index;
  guint         n_points;
  double        length;
  double        metres_per_pixel;
  MsPathBounds  bounds;
};

enum
{
  PROP_0,
  PROP_TIER,
  PROP_TIER_NAME,
  PROP_INDEX,
  PROP_POINTS,
  PROP_LENGTH,
  PROP_METRES,
  PROP_BOUNDS,
  PROP_AREA,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsRoadRow, ms_road_row, G_TYPE_OBJECT)

const char *
ms_road_tier_get_label (MsRoadTier tier)
{
  static const char * const labels[MS_N_ROAD_TIERS] = {
    [MS_ROAD_HIGHWAY] = N_("Highway"),
    [MS_ROAD_BRANCH] = N_("Branch"),
    [MS_ROAD_RUGGED] = N_("Rugged"),
    [MS_ROAD_TRAIL] = N_("Trail"),
  };

  g_return_val_if_fail (tier < MS_N_ROAD_TIERS, NULL);
  return _(labels[tier]);
}

static void
ms_road_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MsRoadRow *self = MS_ROAD_ROW (object);
  const MsPathBounds *b = &self->bounds;

  switch (prop_id)
    {
    case PROP_TIER:
      g_value_set_uint (value, self->tier);
      break;
    case PROP_TIER_NAME:
      g_value_set_string (value, ms_road_tier_get_label (self->tier));
      break;
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_POINTS:
      g_value_set_uint (value, self->n_points);
      break;
    case PROP_LENGTH:
      g_value_set_double (value, self->length);
      break;
    case PROP_METRES:
      g_value_set_double (value, self->length * self->metres_per_pixel);
      break;
    case PROP_BOUNDS:
      if (b->width == 0)
        g_value_set_string (value, "—");
      else
        g_value_take_string (value, g_strdup_printf ("%u–%u, %u–%u", b->x, b->x + b->width - 1,
                                                     b->y, b->y + b->height - 1));
      break;
    case PROP_AREA:
      g_value_set_uint64 (value, (guint64) b->width * b->height);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_road_row_class_init (MsRoadRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = ms_road_row_get_property;

  properties[PROP_TIER] = g_param_spec_uint ("tier", NULL, NULL, 0, MS_N_ROAD_TIERS - 1, 0, flags);
  properties[PROP_TIER_NAME] = g_param_spec_string ("tier-name", NULL, NULL, NULL, flags);
  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_POINTS] = g_param_spec_uint ("points", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_LENGTH] = g_param_spec_double ("length", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_METRES] = g_param_spec_double ("metres", NULL, NULL, 0, G_MAXDOUBLE, 0, flags);
  properties[PROP_BOUNDS] = g_param_spec_string ("bounds", NULL, NULL, NULL, flags);
  properties[PROP_AREA] = g_param_spec_uint64 ("area", NULL, NULL, 0, G_MAXUINT64, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_road_row_init (MsRoadRow *self)
{
}

MsRoadRow *
ms_road_row_new (MsRoadTier          tier,
                 guint               index,
                 guint               n_points,
                 double              length,
                 const MsPathBounds *bounds,
                 double              metres_per_pixel)
{
  MsRoadRow *self;

  g_return_val_if_fail (tier < MS_N_ROAD_TIERS, NULL);

  self = g_object_new (MS_TYPE_ROAD_ROW, NULL);
  self->tier = tier;
  self->index = index;
  self->n_points = n_points;
  self->length = length;
  self->metres_per_pixel = metres_per_pixel;
  if (bounds != NULL)
    self->bounds = *bounds;
  return self;
}

MsRoadTier
ms_road_row_get_tier (MsRoadRow *self)
{
  g_return_val_if_fail (MS_IS_ROAD_ROW (self), 0);
  return self->tier;
}

guint
ms_road_row_get_index (MsRoadRow *self)
{
  g_return_val_if_fail (MS_IS_ROAD_ROW (self), 0);
  return self->index;
}

double
ms_road_row_get_length (MsRoadRow *self)
{
  g_return_val_if_fail (MS_IS_ROAD_ROW (self), 0.0);
  return self->length;
}

const MsPathBounds *
ms_road_row_get_bounds (MsRoadRow *self)
{
  g_return_val_if_fail (MS_IS_ROAD_ROW (self), NULL);
  return &self->bounds;
}
