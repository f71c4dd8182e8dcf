/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-zone-layer"

#include "config.h"

#include "ms-enum.h"
#include "ms-model-enums.h"
#include "ms-zone-layer.h"

/* The names are the enum's nicks (ms-zone-layer.h), as the files spell them. */
static const guint bytes_per_tile[MS_ZONE_N_LAYERS] = {
  [MS_ZONE_LAYER_BLOCKS] = 2,
  [MS_ZONE_LAYER_CONTROL] = 2,
  [MS_ZONE_LAYER_PLANTS] = MS_ZONE_PLANT_INFO_SIZE,
  [MS_ZONE_LAYER_ALTITUDE] = 2,
  [MS_ZONE_LAYER_ALTITUDE_BLEND] = 2,
  [MS_ZONE_LAYER_ALTITUDE_ORIGINAL] = 2,
};

static const MsZoneFlagInfo control_flags[] = {
  { "AntiPlant", MS_ZONE_CONTROL_ANTI_PLANT },
  { "TerraformProtected", MS_ZONE_CONTROL_TERRAFORM_PROTECTED },
  { "SyndicateArea", MS_ZONE_CONTROL_SYNDICATE_AREA },
  { "ConcreteA", MS_ZONE_CONTROL_CONCRETE_A },
  { "ConcreteB", MS_ZONE_CONTROL_CONCRETE_B },
  { "Roaming", MS_ZONE_CONTROL_ROAMING },
  { "Highway", MS_ZONE_CONTROL_HIGHWAY },
  { "PBSHighway", MS_ZONE_CONTROL_PBS_HIGHWAY },
  { "PBSTerraformProtected", MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED },
  { "NpcRestricted", MS_ZONE_CONTROL_NPC_RESTRICTED },
};

static const MsZoneFlagInfo blocking_flags[] = {
  { "Obstacle", MS_ZONE_BLOCKING_OBSTACLE },
  { "Plant", MS_ZONE_BLOCKING_PLANT },
  { "Decor", MS_ZONE_BLOCKING_DECOR },
  { "Island", MS_ZONE_BLOCKING_ISLAND },
};

const char *
ms_zone_layer_get_name (MsZoneLayer layer)
{
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, NULL);
  return ms_enum_get_nick (MS_TYPE_ZONE_LAYER, layer);
}

gboolean
ms_zone_layer_from_name (const char  *name,
                         MsZoneLayer *out_layer)
{
  int value;

  if (!ms_enum_from_nick (MS_TYPE_ZONE_LAYER, name, &value))
    return FALSE;
  *out_layer = (MsZoneLayer) value;
  return TRUE;
}

/**
 * ms_zone_layer_get_bytes_per_tile:
 *
 * The in-memory width of a tile.  Control is always 2 here; a legacy
 * 1-byte control file is widened when read.
 */
guint
ms_zone_layer_get_bytes_per_tile (MsZoneLayer layer)
{
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, 0);
  return bytes_per_tile[layer];
}

const MsZoneFlagInfo *
ms_zone_control_flags (guint *n_flags)
{
  *n_flags = G_N_ELEMENTS (control_flags);
  return control_flags;
}

const MsZoneFlagInfo *
ms_zone_blocking_flags (guint *n_flags)
{
  *n_flags = G_N_ELEMENTS (blocking_flags);
  return blocking_flags;
}

gboolean
ms_zone_control_flag_from_name (const char *name,
                                guint16    *out_bit)
{
  for (guint i = 0; i < G_N_ELEMENTS (control_flags); i++)
    if (g_ascii_strcasecmp (name, control_flags[i].name) == 0)
      {
        *out_bit = control_flags[i].bit;
        return TRUE;
      }
  return FALSE;
}
