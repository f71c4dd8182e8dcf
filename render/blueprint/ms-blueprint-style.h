/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-colour.h"
#include "ms-render-names.h"

G_BEGIN_DECLS

/* What a blueprint image shows.  Every value but CUSTOM is a preset over the
 * layer stack below (ms_blueprint_style_get_stack() spells each one out), so
 * the five single-layer choices keep drawing what they always drew. */
typedef enum
{
  MS_BLUEPRINT_LAYER_HEIGHT,     /* hypsometric ramp, depth ramp under water */
  MS_BLUEPRINT_LAYER_HILLSHADE,  /* grey shaded relief */
  MS_BLUEPRINT_LAYER_BIOME,      /* the profile's palette, unshaded */
  MS_BLUEPRINT_LAYER_WATER,      /* water bodies over a grey relief */
  MS_BLUEPRINT_LAYER_COMPOSITE,  /* shaded height ramp with water over it */
  MS_BLUEPRINT_LAYER_CUSTOM,     /* MsBlueprintStyle.stack as it is */
  MS_N_BLUEPRINT_LAYERS /*< skip >*/
} MsBlueprintLayer;

/* The layer stack, bottom to top.  The first six colour each cell (the CPU
 * colour pass and the GL shader, one formula each); roads and towns are
 * vectors drawn over them (ms_blueprint_draw_overlays()).
 *
 * Compositing, per cell, starts from the canvas (MS_BLUEPRINT_CANVAS) and
 * blends each drawn layer over it with its opacity o:
 *   height     mix (c, ramp, o): the hypsometric ramp; on wet cells the depth
 *              ramp, unless the water layer is visible (then the water tells
 *              the depth and the bed takes the land ramp, as composites always
 *              did, even at water opacity 0)
 *   biome      mix (c, palette colour, o)
 *   slope      mix (c, ms_colour_slope (degrees), o): the ground's slope by
 *              Horn's method (as gdaldem) from the heights in metres and
 *              the cells' spacing in metres, without the exaggeration; a
 *              reduced level's cells are its cell size apart, so a view
 *              zoomed out shows the slope at the resolution drawn.  Under
 *              the hillshade, so the relief still reads through its ramp;
 *              a cell with no height draws MS_COLOUR_NO_DATA
 *   hillshade  over a drawn layer, shades it: c × (1 − o + o × shade / sin
 *              altitude), so flat ground keeps its colour; over nothing, the
 *              grey relief: mix (canvas, shade, o)
 *   water      on wet cells, mix (c, water colour, o)
 *   contours   on a contour cell (ms-contours.h) of the heights in metres
 *              above sea level, every contour_interval metres, mix (c, line
 *              colour, o)
 * A cell with no height (NaN or infinite; reduced, a block with no finite
 * height) is no data: the height layer draws MS_COLOUR_NO_DATA (magenta)
 * instead of a ramp, hillshade leaves a drawn colour unshaded and over
 * nothing mixes the no-data colour, and no contour passes through it;
 * biome and water, whose data it has, draw over it as anywhere.
 * An opacity of 1 replaces the colour exactly. */
typedef enum
{
  MS_STACK_HEIGHT,
  MS_STACK_BIOME,
  MS_STACK_SLOPE,
  MS_STACK_HILLSHADE,
  MS_STACK_WATER,
  MS_STACK_CONTOURS,
  MS_STACK_ROADS,
  MS_STACK_TOWNS,
  MS_N_STACK_LAYERS /*< skip >*/
} MsStackLayer;

/* The first MsStackLayer drawn by vectors, not per cell. */
#define MS_N_STACK_CELL_LAYERS MS_STACK_ROADS

typedef struct
{
  gboolean visible;
  float    opacity;  /* 0..1 */
} MsLayerState;

/* What shows where no layer is drawn: a light grey (#d8d8d8), chosen so that
 * the hillshade layer at 0.35 over it is the 0.55 + 0.35 × shade relief the
 * water preset has always drawn its water over. */
#define MS_BLUEPRINT_CANVAS (0.55f / 0.65f)

typedef enum
{
  MS_OVERLAY_NONE  = 0, /*< skip >*/
  MS_OVERLAY_TOWNS = 1 << 0,
  MS_OVERLAY_ROADS = 1 << 1,
} MsOverlays;

typedef struct
{
  MsBlueprintLayer layer;             /* a preset, or CUSTOM for @stack */
  MsOverlays       overlays;          /* presets: towns and roads at opacity 1 */
  MsRamp           ramp;
  MsLight          light;
  float            exaggeration;      /* vertical, for shading */
  /* Horizontal size of one map pixel; 0 = auto (MS_DEFAULT_WORLD_SPAN in
   * ms-blueprint-renderer.h). */
  float            metres_per_pixel;
  float            shade_strength;    /* 0..1, the composite preset's hillshade */
  float            water_opacity;     /* 0..1, the water and composite presets' water */
  float            sea_level;         /* raw units, where a pixel has no WSRF */
  MsLayerState     stack[MS_N_STACK_LAYERS];  /* by MsStackLayer; only for CUSTOM */
  float            contour_interval;  /* metres between contour lines; default 10 */
} MsBlueprintStyle;

void              ms_blueprint_style_init      (MsBlueprintStyle       *style);
/* "height", "hillshade", "biome", "water", "composite", "custom". */
MS_RENDER_DECLARE_NAMES (ms_blueprint_layer, MsBlueprintLayer);
/* "height", "biome", "slope", "hillshade", "water", "contours", "roads", "towns". */
MS_RENDER_DECLARE_NAMES (ms_stack_layer, MsStackLayer);

/* The stack @style draws: its preset spelt out, or its own stack for CUSTOM. */
void              ms_blueprint_style_get_stack (const MsBlueprintStyle *style,
                                                MsLayerState            stack[MS_N_STACK_LAYERS]);
/* The same as opacities, 0 for a layer that is not drawn (hidden or 0). */
void              ms_blueprint_style_get_opacities (const MsBlueprintStyle *style,
                                                    float                   opacities[MS_N_STACK_LAYERS]);
gboolean          ms_blueprint_style_has_overlays (const MsBlueprintStyle *style);
/* Makes @style CUSTOM with the stack @text names, e.g.
 * "height,hillshade:0.6,water:0.8,roads,towns": the layers listed are shown
 * (opacity 1 unless given), the others hidden.  The order of the list does
 * not matter; the stack's order is fixed.  Two layers take more:
 *   contours:INTERVAL[:OPACITY]  lines every INTERVAL metres (> 0), at
 *                                OPACITY (default MS_CONTOUR_DEFAULT_OPACITY)
 *   hillshade[:OPACITY][:multi]  "multi" lights it multidirectionally
 *                                (MsLight.multidirectional) */
gboolean          ms_blueprint_style_parse_stack (MsBlueprintStyle     *style,
                                                  const char           *text,
                                                  GError              **error);

G_END_DECLS
