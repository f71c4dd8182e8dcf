/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-terrain-source.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

/* A zone's terrain from its pyramid: heights in the server's units
 * (altitude / 32) against one tile horizontally, so metres per pixel is 1;
 * in a zone with water (ms_zone_get_height_span ()), a tile below
 * MS_ZONE_WATER_LEVEL lies at that level, the sea's surface.
 * Colours follow ms-zone-renderer.h's formulas for the altitude view's
 * shaded tint (or the grey relief without tint_altitude) with, when the
 * style's overlays ask for them, the blocks and control flags on top — the
 * other overlays are not draped.  The zone pyramid's tiles are row-major
 * like the zone's layers (column = x).  Synchronous tiles on the main
 * thread only (the zone pyramid's rule); an edit drops every tile and
 * emits "changed". */
#define MS_TYPE_TERRAIN_ZONE_SOURCE (ms_terrain_zone_source_get_type ())
G_DECLARE_FINAL_TYPE (MsTerrainZoneSource, ms_terrain_zone_source, MS,
                      TERRAIN_ZONE_SOURCE, MsTerrainSource)

MsTerrainSource *ms_terrain_zone_source_new       (MsZonePyramid       *pyramid,
                                                   const MsZoneStyle   *style);
void             ms_terrain_zone_source_set_style (MsTerrainZoneSource *self,
                                                   const MsZoneStyle   *style);
/* The pyramid the tiles come from. */
MsZonePyramid *ms_terrain_zone_source_get_pyramid (MsTerrainZoneSource *self);

G_END_DECLS
