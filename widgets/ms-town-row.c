/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-town-row"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-town-row.h"

struct _MsTownRow
{
  GObject  parent_instance;

  guint    index;
  MsTown   town;
  char    *tier_name;
};

enum
{
  PROP_0,
  PROP_INDEX,
  PROP_TIER,
  PROP_TIER_NAME,
  PROP_X,
  PROP_Y,
  PROP_HIGHWAY_NODE,
  PROP_HIGHWAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsTownRow, ms_town_row, G_TYPE_OBJECT)

static void
ms_town_row_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MsTownRow *self = MS_TOWN_ROW (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_TIER:
      g_value_set_uint (value, self->town.tier);
      break;
    case PROP_TIER_NAME:
      g_value_set_string (value, self->tier_name);
      break;
    case PROP_X:
      g_value_set_double (value, self->town.x);
      break;
    case PROP_Y:
      g_value_set_double (value, self->town.y);
      break;
    case PROP_HIGHWAY_NODE:
      g_value_set_boolean (value, self->town.highway_node);
      break;
    case PROP_HIGHWAY:
      g_value_set_string (value, self->town.highway_node ? _("Yes") : _("No"));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_town_row_finalize (GObject *object)
{
  MsTownRow *self = MS_TOWN_ROW (object);

  g_free (self->tier_name);
  G_OBJECT_CLASS (ms_town_row_parent_class)->finalize (object);
}

static void
ms_town_row_class_init (MsTownRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = ms_town_row_get_property;
  object_class->finalize = ms_town_row_finalize;

  properties[PROP_INDEX] = g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_TIER] = g_param_spec_uint ("tier", NULL, NULL, 0, G_MAXUINT8, 0, flags);
  properties[PROP_TIER_NAME] = g_param_spec_string ("tier-name", NULL, NULL, NULL, flags);
  properties[PROP_X] = g_param_spec_double ("x", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_Y] = g_param_spec_double ("y", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
  properties[PROP_HIGHWAY_NODE] = g_param_spec_boolean ("highway-node", NULL, NULL, FALSE, flags);
  properties[PROP_HIGHWAY] = g_param_spec_string ("highway", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_town_row_init (MsTownRow *self)
{
}

MsTownRow *
ms_town_row_new (guint         index,
                 const MsTown *town,
                 const char   *tier_name)
{
  MsTownRow *self;

  g_return_val_if_fail (town != NULL, NULL);

  self = g_object_new (MS_TYPE_TOWN_ROW, NULL);
  self->index = index;
  self->town = *town;
  self->tier_name = g_strdup (tier_name);
  return self;
}

guint
ms_town_row_get_index (MsTownRow *self)
{
  g_return_val_if_fail (MS_IS_TOWN_ROW (self), 0);
  return self->index;
}

const MsTown *
ms_town_row_get_town (MsTownRow *self)
{
  g_return_val_if_fail (MS_IS_TOWN_ROW (self), NULL);
  return &self->town;
}
