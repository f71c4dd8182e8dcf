/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a blueprint image shows: the presets, the layer stack they spell
 * out, and the stack as the CLI writes it.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <string.h>

#include "ms-blueprint-style.h"
#include "ms-contours.h"
#include "ms-enum.h"
#include "ms-render-enums.h"

MS_RENDER_DEFINE_NAMES (ms_blueprint_layer, MsBlueprintLayer, MS_TYPE_BLUEPRINT_LAYER, MS_N_BLUEPRINT_LAYERS)
MS_RENDER_DEFINE_NAMES (ms_stack_layer, MsStackLayer, MS_TYPE_STACK_LAYER, MS_N_STACK_LAYERS)

void
ms_blueprint_style_init (MsBlueprintStyle *style)
{
  style->layer = MS_BLUEPRINT_LAYER_COMPOSITE;
  style->overlays = MS_OVERLAY_NONE;
  style->ramp = MS_RAMP_TERRAIN;
  ms_light_init (&style->light, 315.0f, 45.0f);
  style->exaggeration = 1.0f;
  /* 0: automatic, see MS_DEFAULT_WORLD_SPAN. */
  style->metres_per_pixel = 0.0f;
  style->shade_strength = 0.8f;
  style->water_opacity = 0.85f;
  style->sea_level = MS_DEFAULT_SEA_LEVEL;
  /* What the composite preset draws, so switching to CUSTOM changes nothing. */
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    style->stack[i] = (MsLayerState) { FALSE, 1.0f };
  style->stack[MS_STACK_HEIGHT].visible = TRUE;
  style->stack[MS_STACK_HILLSHADE] = (MsLayerState) { TRUE, style->shade_strength };
  style->stack[MS_STACK_WATER] = (MsLayerState) { TRUE, style->water_opacity };
  style->stack[MS_STACK_CONTOURS].opacity = MS_CONTOUR_DEFAULT_OPACITY;
  style->contour_interval = 10.0f;
}

void
ms_blueprint_style_get_stack (const MsBlueprintStyle *style,
                              MsLayerState            stack[MS_N_STACK_LAYERS])
{
  g_return_if_fail (style != NULL);

  if (style->layer == MS_BLUEPRINT_LAYER_CUSTOM)
    {
      memcpy (stack, style->stack, sizeof style->stack);
      return;
    }

  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    stack[i] = (MsLayerState) { FALSE, 1.0f };
  switch (style->layer)
    {
    case MS_BLUEPRINT_LAYER_HEIGHT:
      stack[MS_STACK_HEIGHT].visible = TRUE;
      break;
    case MS_BLUEPRINT_LAYER_HILLSHADE:
      stack[MS_STACK_HILLSHADE].visible = TRUE;
      break;
    case MS_BLUEPRINT_LAYER_BIOME:
      stack[MS_STACK_BIOME].visible = TRUE;
      break;
    case MS_BLUEPRINT_LAYER_WATER:
      /* 0.35 over the canvas is the 0.55 + 0.35 × shade relief. */
      stack[MS_STACK_HILLSHADE] = (MsLayerState) { TRUE, 0.35f };
      stack[MS_STACK_WATER] = (MsLayerState) { TRUE, style->water_opacity };
      break;
    case MS_BLUEPRINT_LAYER_COMPOSITE:
    case MS_BLUEPRINT_LAYER_CUSTOM:
    case MS_N_BLUEPRINT_LAYERS:
    default:
      stack[MS_STACK_HEIGHT].visible = TRUE;
      stack[MS_STACK_HILLSHADE] = (MsLayerState) { TRUE, style->shade_strength };
      stack[MS_STACK_WATER] = (MsLayerState) { TRUE, style->water_opacity };
      break;
    }
  stack[MS_STACK_ROADS].visible = (style->overlays & MS_OVERLAY_ROADS) != 0;
  stack[MS_STACK_TOWNS].visible = (style->overlays & MS_OVERLAY_TOWNS) != 0;
}

void
ms_blueprint_style_get_opacities (const MsBlueprintStyle *style,
                                  float                   opacities[MS_N_STACK_LAYERS])
{
  MsLayerState stack[MS_N_STACK_LAYERS];

  ms_blueprint_style_get_stack (style, stack);
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    /* !(x > 0) also catches NaN. */
    opacities[i] = !stack[i].visible || !(stack[i].opacity > 0.0f) ? 0.0f : MIN (stack[i].opacity, 1.0f);
}

gboolean
ms_blueprint_style_has_overlays (const MsBlueprintStyle *style)
{
  float op[MS_N_STACK_LAYERS];

  ms_blueprint_style_get_opacities (style, op);
  return op[MS_STACK_ROADS] > 0.0f || op[MS_STACK_TOWNS] > 0.0f;
}

/* A whole string that is a number. */
static gboolean
parse_number (const char *text,
              double     *value)
{
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0';
}

gboolean
ms_blueprint_style_parse_stack (MsBlueprintStyle  *style,
                                const char        *text,
                                GError           **error)
{
  g_auto(GStrv) items = NULL;
  MsLayerState stack[MS_N_STACK_LAYERS];
  float interval_out = 0.0f;
  gboolean multi = FALSE;

  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    stack[i] = (MsLayerState) { FALSE, 1.0f };
  stack[MS_STACK_CONTOURS].opacity = MS_CONTOUR_DEFAULT_OPACITY;

  items = g_strsplit (text, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (g_strstrip (items[i]), ":", -1);
      guint n_parts = g_strv_length (parts);
      const char *name = n_parts > 0 ? parts[0] : "";
      MsStackLayer layer;
      double opacity = 1.0;
      guint next = 1;

      if (*name == '\0' && n_parts <= 1)
        continue;
      if (!ms_stack_layer_from_string (name, &layer))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "Unknown layer “%s” (height, biome, slope, hillshade, water, contours, roads, towns)", name);
          return FALSE;
        }
      if (layer == MS_STACK_CONTOURS)
        {
          float op = MS_CONTOUR_DEFAULT_OPACITY;
          const char *colon = strchr (items[i], ':');

          if (!ms_contours_parse (colon != NULL ? colon + 1 : "", "contours", &interval_out, &op, error))
            return FALSE;
          stack[layer] = (MsLayerState) { TRUE, op };
          continue;
        }
      if (n_parts > next && !(layer == MS_STACK_HILLSHADE && strcmp (parts[next], "multi") == 0))
        {
          if (!parse_number (parts[next], &opacity) || !(opacity >= 0.0 && opacity <= 1.0))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "The opacity of “%s” must be a number from 0 to 1, not “%s”",
                           name, parts[next]);
              return FALSE;
            }
          next++;
        }
      if (layer == MS_STACK_HILLSHADE && n_parts > next && strcmp (parts[next], "multi") == 0)
        {
          multi = TRUE;
          next++;
        }
      if (n_parts > next)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "Unexpected “%s” in “%s”%s", parts[next], items[i],
                       layer == MS_STACK_HILLSHADE ? " (hillshade[:OPACITY][:multi])" : " (LAYER[:OPACITY])");
          return FALSE;
        }
      stack[layer] = (MsLayerState) { TRUE, (float) opacity };
    }

  if (interval_out > 0.0f)
    style->contour_interval = interval_out;
  style->light.multidirectional = multi;
  memcpy (style->stack, stack, sizeof stack);
  style->layer = MS_BLUEPRINT_LAYER_CUSTOM;
  return TRUE;
}
