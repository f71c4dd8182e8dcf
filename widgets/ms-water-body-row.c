/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "ms-water-body-row.h"

struct _MsWaterBodyRow
{
  GObject            parent_instance;

  guint              id;
  gboolean           in_table;
  MsWaterBody        table_row;
  MsWaterBodyBounds  bounds;
};

enum
{
  PROP_0,
  PROP_ID,
  PROP_KIND,
  PROP_SALINITY,
  PROP_SURFACE,
  PROP_PIXELS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsWaterBodyRow, ms_water_body_row, G_TYPE_OBJECT)

static void
ms_water_body_row_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MsWaterBodyRow *self = MS_WATER_BODY_ROW (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_uint (value, self->id);
      break;
    case PROP_KIND:
      g_value_set_string (value, self->id == 1 ? _("Ocean") : _("Lake"));
      break;
    case PROP_SALINITY:
      g_value_set_string (value, !self->in_table ? "—" : self->table_row.salinity ? _("Salt") : _("Fresh"));
      break;
    case PROP_SURFACE:
      g_value_set_double (value, self->in_table ? self->table_row.surface_level : 0.0);
      break;
    case PROP_PIXELS:
      g_value_set_uint64 (value, self->bounds.pixels);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_water_body_row_class_init (MsWaterBodyRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ms_water_body_row_get_property;

  properties[PROP_ID] = g_param_spec_uint ("id", NULL, NULL, 0, G_MAXUINT16, 0,
                                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] = g_param_spec_string ("kind", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SALINITY] = g_param_spec_string ("salinity", NULL, NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SURFACE] = g_param_spec_double ("surface", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PIXELS] = g_param_spec_uint64 ("pixels", NULL, NULL, 0, G_MAXUINT64, 0,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_water_body_row_init (MsWaterBodyRow *self)
{
}

MsWaterBodyRow *
ms_water_body_row_new (guint                    id,
                       const MsWaterBody       *table_row,
                       const MsWaterBodyBounds *bounds)
{
  MsWaterBodyRow *self = g_object_new (MS_TYPE_WATER_BODY_ROW, NULL);

  self->id = id;
  self->in_table = table_row != NULL;
  if (table_row != NULL)
    self->table_row = *table_row;
  if (bounds != NULL)
    self->bounds = *bounds;
  return self;
}

guint
ms_water_body_row_get_id (MsWaterBodyRow *self)
{
  g_return_val_if_fail (MS_IS_WATER_BODY_ROW (self), 0);
  return self->id;
}

const MsWaterBodyBounds *
ms_water_body_row_get_bounds (MsWaterBodyRow *self)
{
  g_return_val_if_fail (MS_IS_WATER_BODY_ROW (self), NULL);
  return &self->bounds;
}
