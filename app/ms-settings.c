/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * From GSettings to a blueprint style, in one place for every window.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include "ms-settings.h"

static const struct
{
  const char *visible;
  const char *opacity;
} layer_keys[MS_N_STACK_LAYERS] = {
  [MS_STACK_HEIGHT] = { MS_SETTINGS_HEIGHT_VISIBLE, MS_SETTINGS_HEIGHT_OPACITY },
  [MS_STACK_BIOME] = { MS_SETTINGS_BIOME_VISIBLE, MS_SETTINGS_BIOME_OPACITY },
  [MS_STACK_SLOPE] = { MS_SETTINGS_SLOPE_VISIBLE, MS_SETTINGS_SLOPE_OPACITY },
  [MS_STACK_HILLSHADE] = { MS_SETTINGS_HILLSHADE_VISIBLE, MS_SETTINGS_HILLSHADE_OPACITY },
  [MS_STACK_WATER] = { MS_SETTINGS_WATER_VISIBLE, MS_SETTINGS_WATER_OPACITY },
  [MS_STACK_CONTOURS] = { MS_SETTINGS_CONTOURS_VISIBLE, MS_SETTINGS_CONTOURS_OPACITY },
  [MS_STACK_ROADS] = { MS_SETTINGS_SHOW_ROADS, MS_SETTINGS_ROADS_OPACITY },
  [MS_STACK_TOWNS] = { MS_SETTINGS_SHOW_TOWNS, MS_SETTINGS_TOWNS_OPACITY },
};

const char *
ms_settings_layer_visible_key (MsStackLayer layer)
{
  g_return_val_if_fail (layer < MS_N_STACK_LAYERS, NULL);
  return layer_keys[layer].visible;
}

const char *
ms_settings_layer_opacity_key (MsStackLayer layer)
{
  g_return_val_if_fail (layer < MS_N_STACK_LAYERS, NULL);
  return layer_keys[layer].opacity;
}

void
ms_settings_get_blueprint_style (GSettings        *settings,
                                 MsBlueprintStyle *style)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (style != NULL);

  ms_blueprint_style_init (style);
  style->layer = MS_BLUEPRINT_LAYER_CUSTOM;
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    {
      style->stack[i].visible = g_settings_get_boolean (settings, layer_keys[i].visible);
      style->stack[i].opacity = (float) g_settings_get_double (settings, layer_keys[i].opacity);
    }
  style->ramp = (MsRamp) g_settings_get_enum (settings, MS_SETTINGS_HEIGHT_RAMP);
  ms_light_init (&style->light,
                 (float) g_settings_get_double (settings, MS_SETTINGS_LIGHT_AZIMUTH),
                 (float) g_settings_get_double (settings, MS_SETTINGS_LIGHT_ALTITUDE));
  style->light.multidirectional = g_settings_get_boolean (settings, MS_SETTINGS_HILLSHADE_MULTIDIRECTIONAL);
  style->contour_interval = (float) g_settings_get_double (settings, MS_SETTINGS_CONTOUR_INTERVAL);
}
