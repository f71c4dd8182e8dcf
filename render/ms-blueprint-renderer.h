/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-grid.h"
#include "ms-colour.h"

G_BEGIN_DECLS

/* The spec gives no horizontal scale.  The generator works in normalised map
 * coordinates, so a world spans the same distance at any MapSize; by default
 * Mapsmith takes that to be 8192 m (one metre per pixel at 8K, the voxel
 * size), i.e. metres per pixel = 8192 / MapSize. */
#define MS_DEFAULT_WORLD_SPAN 8192.0f

typedef enum
{
  MS_BLUEPRINT_LAYER_HEIGHT,     /* hypsometric ramp, depth ramp under water */
  MS_BLUEPRINT_LAYER_HILLSHADE,  /* grey shaded relief */
  MS_BLUEPRINT_LAYER_BIOME,      /* the profile's palette, unshaded */
  MS_BLUEPRINT_LAYER_WATER,      /* water bodies over a grey relief */
  MS_BLUEPRINT_LAYER_COMPOSITE,  /* shaded height ramp with water over it */
  MS_N_BLUEPRINT_LAYERS
} MsBlueprintLayer;

typedef enum
{
  MS_OVERLAY_NONE  = 0,
  MS_OVERLAY_TOWNS = 1 << 0,
  MS_OVERLAY_ROADS = 1 << 1,
} MsOverlays;

typedef struct
{
  MsBlueprintLayer layer;
  MsOverlays       overlays;
  MsRamp           ramp;
  MsLight          light;
  float            exaggeration;      /* vertical, for shading */
  float            metres_per_pixel;  /* horizontal size of one map pixel; 0 = auto */
  float            shade_strength;    /* 0..1, composites */
  float            water_opacity;     /* 0..1 */
  float            sea_level;         /* raw units, where a pixel has no WSRF */
} MsBlueprintStyle;

/* A rectangle in file coordinates: x along the first (outer) index, y along
 * the second (inner) one. */
typedef struct
{
  guint x, y, width, height;
} MsRect;

void              ms_blueprint_style_init      (MsBlueprintStyle       *style);
const char       *ms_blueprint_layer_to_string (MsBlueprintLayer        layer);
gboolean          ms_blueprint_layer_from_string (const char           *name,
                                                  MsBlueprintLayer     *layer);

/* Renders @region (NULL: the whole map) so that neither side exceeds
 * @max_size (0: no limit), averaging heights over square blocks and sampling
 * biomes and water at block centres.  Image column = x, row = y, row 0 = y 0.
 * The grid is read once, column by column, on all processors; nothing the
 * size of the map is allocated. */
cairo_surface_t  *ms_render_blueprint          (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                const MsRect           *region,
                                                guint                   max_size,
                                                GCancellable           *cancellable,
                                                GError                **error);

void              ms_blueprint_colour_grid     (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                const MsBlueprintGrid  *grid,
                                                guint32                *pixels,
                                                int                     stride,
                                                GCancellable           *cancellable);
void              ms_blueprint_draw_overlays   (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                cairo_t                *cr,
                                                double                  pixel_size);

guint             ms_render_downsample_factor  (guint                   width,
                                                guint                   height,
                                                guint                   max_size);

G_END_DECLS
