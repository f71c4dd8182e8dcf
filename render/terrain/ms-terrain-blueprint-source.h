/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-renderer.h"
#include "ms-terrain-source.h"

G_BEGIN_DECLS

/* A blueprint's terrain from its pyramid: heights in metres (raw × 251),
 * water flattened to its surface so lakes and the sea lie level, colours
 * from ms_blueprint_colour_grid () with the view's style (the 2D view's
 * pixels).  The pyramid's tiles are already in the 2D view's order (column
 * = x, the file's outer index).  Tiles can be made on any thread. */
#define MS_TYPE_TERRAIN_BLUEPRINT_SOURCE (ms_terrain_blueprint_source_get_type ())
G_DECLARE_FINAL_TYPE (MsTerrainBlueprintSource, ms_terrain_blueprint_source, MS,
                      TERRAIN_BLUEPRINT_SOURCE, MsTerrainSource)

MsTerrainSource *ms_terrain_blueprint_source_new       (MsBlueprintPyramid       *pyramid,
                                                        const MsBlueprintStyle   *style);
/* Recolours: drops every tile and emits "changed". */
void             ms_terrain_blueprint_source_set_style (MsTerrainBlueprintSource *self,
                                                        const MsBlueprintStyle   *style);
/* The pyramid the tiles come from. */
MsBlueprintPyramid *ms_terrain_blueprint_source_get_pyramid (MsTerrainBlueprintSource *self);

G_END_DECLS
