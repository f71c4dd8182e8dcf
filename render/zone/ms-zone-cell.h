/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A block of zone tiles reduced to what the zone renderers colour: the one
 * reduction the CPU image, the zone pyramid's tiles and so the GL textures
 * all come from, so that they agree cell for cell.
 */
#pragma once

#include <glib.h>

#include "ms-zone.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

typedef enum
{
  MS_ZONE_CELL_HEIGHT        = 1 << 0,  /* altitude */
  MS_ZONE_CELL_CONTROL       = 1 << 1,  /* control */
  MS_ZONE_CELL_BLOCKING      = 1 << 2,  /* blocks */
  MS_ZONE_CELL_PLANT         = 1 << 3,  /* plants: type and ground */
  MS_ZONE_CELL_SPAWN         = 1 << 4,  /* plants */
  MS_ZONE_CELL_SLOPE         = 1 << 5,  /* altitude, derived */
  MS_ZONE_CELL_PLANT_ALLOWED = 1 << 6,  /* control, derived */
  MS_ZONE_CELL_ALL           = (1 << 7) - 1,
} MsZoneCellFields;

/* The tiles x0 <= x < x1, y0 <= y < y1 (row-major), reduced by the rules
 * ms_render_zone () documents.  Fields not asked for are left alone. */
typedef struct
{
  float   height;    /* mean altitude / MS_ZONE_ALTITUDE_PER_UNIT */
  float   spawn;     /* mean spawn byte */
  float   slope;     /* mean server slope */
  float   allowed;   /* share of plant-allowed tiles, 0..1 */
  guint16 control;   /* TerrainControlFlags of any tile */
  guint8  blocking;  /* BlockingFlags of any tile */
  guint8  plant;     /* the first live plant type in row-major order; 0 = none */
  guint8  ground;    /* the ground type of the centre tile */
} MsZoneCell;

void              ms_zone_cell_reduce          (MsZone            *zone,
                                                MsZoneCellFields   fields,
                                                guint              x0,
                                                guint              y0,
                                                guint              x1,
                                                guint              y1,
                                                MsZoneCell        *cell);

/* The fields a view colours, relief included; and the layer file it shows
 * (without which it cannot be drawn).  For MS_ZONE_RENDER_LAYER_OVERLAYS
 * the fields are every field an overlay can show (MS_ZONE_CELL_ALL) and
 * the source is altitude, the relief's — but the composite draws without
 * it: check ms_zone_cell_layer_required () first. */
MsZoneCellFields  ms_zone_cell_fields_for_layer (MsZoneRenderLayer layer);
MsZoneLayer       ms_zone_cell_source_layer     (MsZoneRenderLayer layer);
/* FALSE for the overlays composite, which shows what the zone has. */
gboolean          ms_zone_cell_layer_required   (MsZoneRenderLayer layer);
/* The fields @style colours, relief included: for the composite, the
 * union over its enabled overlays. */
MsZoneCellFields  ms_zone_cell_fields_for_style (const MsZoneStyle *style);
/* The fields one overlay bit shows, and the layer file they come from. */
MsZoneCellFields  ms_zone_cell_fields_for_overlay (MsZoneOverlays  overlay);
/* The overlays whose fields are all in @fields: what a pyramid (or a zone,
 * through ms_zone_cell_fields_for_zone ()) can show. */
MsZoneOverlays    ms_zone_cell_overlays_for_fields (MsZoneCellFields fields);
/* The fields a zone can fill: those whose layers it has. */
MsZoneCellFields  ms_zone_cell_fields_for_zone  (MsZone           *zone);
/* The fields a change of @layer's tiles can alter. */
MsZoneCellFields  ms_zone_cell_fields_of_layer  (MsZoneLayer       layer);

G_END_DECLS
