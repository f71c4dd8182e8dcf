/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The per-block reduction of the zone renderers.  One loop per field, each
 * reading one layer in row order: a block is read once per field shown, and
 * the arithmetic (and so every float) is the same whoever calls.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>

#include "ms-zone-cell.h"

void
ms_zone_cell_reduce (MsZone           *zone,
                     MsZoneCellFields  fields,
                     guint             x0,
                     guint             y0,
                     guint             x1,
                     guint             y1,
                     MsZoneCell       *cell)
{
  float n = (float) (x1 - x0) * (float) (y1 - y0);

  g_assert (x0 < x1 && y0 < y1);

  if (fields & MS_ZONE_CELL_HEIGHT)
    {
      double sum = 0.0;

      for (guint y = y0; y < y1; y++)
        for (guint x = x0; x < x1; x++)
          sum += ms_zone_get_altitude (zone, x, y);
      cell->height = (float) (sum / ((double) (x1 - x0) * (y1 - y0)) / MS_ZONE_ALTITUDE_PER_UNIT);
    }

  if (fields & MS_ZONE_CELL_SPAWN)
    {
      guint64 sum = 0;

      for (guint y = y0; y < y1; y++)
        for (guint x = x0; x < x1; x++)
          sum += ms_zone_get_spawn (zone, x, y);
      cell->spawn = (float) sum / n;
    }

  if (fields & MS_ZONE_CELL_SLOPE)
    {
      guint64 sum = 0;

      for (guint y = y0; y < y1; y++)
        for (guint x = x0; x < x1; x++)
          sum += ms_zone_get_slope (zone, x, y);
      cell->slope = (float) sum / n;
    }

  if (fields & MS_ZONE_CELL_CONTROL)
    {
      guint flags = 0;

      for (guint y = y0; y < y1; y++)
        for (guint x = x0; x < x1; x++)
          flags |= ms_zone_get_control (zone, x, y);
      cell->control = (guint16) flags;
    }

  if (fields & MS_ZONE_CELL_BLOCKING)
    {
      guint flags = 0;

      for (guint y = y0; y < y1; y++)
        for (guint x = x0; x < x1; x++)
          flags |= ms_zone_get_blocking_flags (zone, x, y);
      cell->blocking = (guint8) flags;
    }

  if (fields & MS_ZONE_CELL_PLANT_ALLOWED)
    {
      guint64 sum = 0;

      for (guint y = y0; y < y1; y++)
        for (guint x = x0; x < x1; x++)
          sum += ms_zone_is_plant_allowed (zone, x, y);
      cell->allowed = (float) sum / n;
    }

  if (fields & MS_ZONE_CELL_PLANT)
    {
      guint8 p[MS_ZONE_PLANT_INFO_SIZE];

      /* Live plants are a few tiles among millions: the first one found
       * stands for the block, so a lone plant never vanishes. */
      cell->plant = 0;
      for (guint y = y0; y < y1 && cell->plant == 0; y++)
        for (guint x = x0; x < x1; x++)
          {
            ms_zone_get_plant (zone, x, y, p);
            if (p[MS_ZONE_PLANT_TYPE] != 0)
              {
                cell->plant = p[MS_ZONE_PLANT_TYPE];
                break;
              }
          }
      ms_zone_get_plant (zone, x0 + (x1 - x0) / 2, y0 + (y1 - y0) / 2, p);
      cell->ground = p[MS_ZONE_PLANT_GROUND_TYPE];
    }
}

MsZoneCellFields
ms_zone_cell_fields_for_layer (MsZoneRenderLayer layer)
{
  switch (layer)
    {
    case MS_ZONE_RENDER_LAYER_ALTITUDE:
      /* The map draws roads, pads and blocks. */
      return MS_ZONE_CELL_HEIGHT | MS_ZONE_CELL_CONTROL | MS_ZONE_CELL_BLOCKING;
    case MS_ZONE_RENDER_LAYER_CONTROL:
      return MS_ZONE_CELL_HEIGHT | MS_ZONE_CELL_CONTROL;
    case MS_ZONE_RENDER_LAYER_BLOCKS:
      return MS_ZONE_CELL_HEIGHT | MS_ZONE_CELL_BLOCKING;
    case MS_ZONE_RENDER_LAYER_PLANTS:
      return MS_ZONE_CELL_HEIGHT | MS_ZONE_CELL_PLANT;
    case MS_ZONE_RENDER_LAYER_SPAWN:
      return MS_ZONE_CELL_SPAWN;
    case MS_ZONE_RENDER_LAYER_SLOPE:
      return MS_ZONE_CELL_SLOPE;
    case MS_ZONE_RENDER_LAYER_PLANT_ALLOWED:
      return MS_ZONE_CELL_HEIGHT | MS_ZONE_CELL_PLANT_ALLOWED;
    case MS_ZONE_RENDER_LAYER_OVERLAYS:
      return MS_ZONE_CELL_ALL;
    case MS_N_ZONE_RENDER_LAYERS:
    default:
      g_return_val_if_reached (0);
    }
}

MsZoneLayer
ms_zone_cell_source_layer (MsZoneRenderLayer layer)
{
  switch (layer)
    {
    case MS_ZONE_RENDER_LAYER_ALTITUDE:
    case MS_ZONE_RENDER_LAYER_SLOPE:
    case MS_ZONE_RENDER_LAYER_OVERLAYS:
      return MS_ZONE_LAYER_ALTITUDE;
    case MS_ZONE_RENDER_LAYER_CONTROL:
    case MS_ZONE_RENDER_LAYER_PLANT_ALLOWED:
      return MS_ZONE_LAYER_CONTROL;
    case MS_ZONE_RENDER_LAYER_BLOCKS:
      return MS_ZONE_LAYER_BLOCKS;
    case MS_ZONE_RENDER_LAYER_PLANTS:
    case MS_ZONE_RENDER_LAYER_SPAWN:
      return MS_ZONE_LAYER_PLANTS;
    case MS_N_ZONE_RENDER_LAYERS:
    default:
      g_return_val_if_reached (MS_ZONE_LAYER_ALTITUDE);
    }
}

gboolean
ms_zone_cell_layer_required (MsZoneRenderLayer layer)
{
  return layer != MS_ZONE_RENDER_LAYER_OVERLAYS;
}

MsZoneCellFields
ms_zone_cell_fields_for_overlay (MsZoneOverlays overlay)
{
  switch (overlay)
    {
    case MS_ZONE_OVERLAY_SPAWN:
      return MS_ZONE_CELL_SPAWN;
    case MS_ZONE_OVERLAY_SLOPE:
      return MS_ZONE_CELL_SLOPE;
    case MS_ZONE_OVERLAY_PLANTS:
      return MS_ZONE_CELL_PLANT;
    case MS_ZONE_OVERLAY_PLANT_ALLOWED:
      return MS_ZONE_CELL_PLANT_ALLOWED;
    case MS_ZONE_OVERLAY_BLOCKS:
      return MS_ZONE_CELL_BLOCKING;
    case MS_ZONE_OVERLAY_CONTROL:
      return MS_ZONE_CELL_CONTROL;
    case MS_ZONE_OVERLAY_NONE:
    case MS_ZONE_OVERLAY_ALL:
    default:
      g_return_val_if_reached (0);
    }
}


MsZoneOverlays
ms_zone_cell_overlays_for_fields (MsZoneCellFields fields)
{
  MsZoneOverlays overlays = MS_ZONE_OVERLAY_NONE;

  for (guint bit = 0; bit < MS_ZONE_N_OVERLAYS; bit++)
    {
      MsZoneCellFields need = ms_zone_cell_fields_for_overlay ((MsZoneOverlays) (1u << bit));

      if ((fields & need) == need)
        overlays |= 1u << bit;
    }
  return overlays;
}

MsZoneCellFields
ms_zone_cell_fields_for_style (const MsZoneStyle *style)
{
  MsZoneCellFields fields = MS_ZONE_CELL_HEIGHT;

  g_return_val_if_fail (style != NULL, 0);

  if (style->layer != MS_ZONE_RENDER_LAYER_OVERLAYS)
    return ms_zone_cell_fields_for_layer (style->layer);
  for (guint bit = 0; bit < MS_ZONE_N_OVERLAYS; bit++)
    if (style->overlays & (1u << bit))
      fields |= ms_zone_cell_fields_for_overlay ((MsZoneOverlays) (1u << bit));
  return fields;
}

MsZoneCellFields
ms_zone_cell_fields_of_layer (MsZoneLayer layer)
{
  switch (layer)
    {
    case MS_ZONE_LAYER_ALTITUDE:
      return MS_ZONE_CELL_HEIGHT | MS_ZONE_CELL_SLOPE;
    case MS_ZONE_LAYER_CONTROL:
      return MS_ZONE_CELL_CONTROL | MS_ZONE_CELL_PLANT_ALLOWED;
    case MS_ZONE_LAYER_BLOCKS:
      return MS_ZONE_CELL_BLOCKING;
    case MS_ZONE_LAYER_PLANTS:
      return MS_ZONE_CELL_PLANT | MS_ZONE_CELL_SPAWN;
    case MS_ZONE_LAYER_ALTITUDE_BLEND:
    case MS_ZONE_LAYER_ALTITUDE_ORIGINAL:
    case MS_ZONE_N_LAYERS:
    default:
      return 0;  /* no view shows them */
    }
}

MsZoneCellFields
ms_zone_cell_fields_for_zone (MsZone *zone)
{
  MsZoneCellFields fields = 0;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    if (ms_zone_has_layer (zone, (MsZoneLayer) l))
      fields |= ms_zone_cell_fields_of_layer ((MsZoneLayer) l);
  return fields;
}
