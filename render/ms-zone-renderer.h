/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU zone renderer: one zone layer to a cairo image, the reference the
 * GL path will be checked against.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-blueprint-renderer.h"  /* MsRect, ms_render_downsample_factor () */
#include "ms-colour.h"
#include "ms-zone.h"

G_BEGIN_DECLS

/* Heights for shading are the server's, altitude / 32.0 (raw >> 5 without
 * the truncation, which would terrace the relief), against 1 tile = 1 unit
 * horizontally. */
#define MS_ZONE_ALTITUDE_PER_UNIT 32.0f

typedef enum
{
  MS_ZONE_RENDER_LAYER_ALTITUDE,       /* shaded hypsometric tint */
  MS_ZONE_RENDER_LAYER_CONTROL,        /* TerrainControlFlags over grey relief */
  MS_ZONE_RENDER_LAYER_BLOCKS,         /* BlockingFlags over grey relief */
  MS_ZONE_RENDER_LAYER_PLANTS,         /* plant types over ground types over grey relief */
  MS_ZONE_RENDER_LAYER_SPAWN,          /* spawn heat ramp, unshaded */
  MS_ZONE_RENDER_LAYER_SLOPE,          /* the server's slope ramp, unshaded */
  MS_ZONE_RENDER_LAYER_PLANT_ALLOWED,  /* the plant-allowed tint over grey relief */
  MS_N_ZONE_RENDER_LAYERS
} MsZoneRenderLayer;

typedef struct
{
  MsZoneRenderLayer layer;
  /* The flags shown: TerrainControlFlags for the control layer, BlockingFlags
   * for blocks.  Default G_MAXUINT16, all. */
  guint16           flags;
  MsLight           light;
  float             exaggeration;     /* vertical, for shading; default 0.25 */
  /* 0..1: how much the relief shades colours; 0 gives flat colours that
   * equal the colour model's exactly.  Default 0.6. */
  float             shade_strength;
  /* 0..1: flags, plant-allowed and ground tints over the relief.  Default
   * 0.65. */
  float             overlay_opacity;
} MsZoneStyle;

void             ms_zone_style_init               (MsZoneStyle        *style);
/* "altitude", "control", "blocks", "plants", "spawn", "slope",
 * "plant-allowed". */
const char      *ms_zone_render_layer_to_string   (MsZoneRenderLayer   layer);
gboolean         ms_zone_render_layer_from_string (const char         *name,
                                                   MsZoneRenderLayer  *layer);

/* Renders @region (tiles; NULL: the whole zone) so that neither side exceeds
 * @max_size (0: no limit).  Image column = x, row = y (row-major tiles).
 *
 * Downsampled by a whole factor k, each pixel stands for a k×k block of
 * tiles (clipped to the region): altitude, spawn and slope are block means;
 * a flag shows where any tile of the block has it, so thin roads and stray
 * flags never vanish from an overview; plants show the first live plant of
 * the block in row-major order, else the ground type at the block's centre;
 * plant-allowed mixes in proportion to the allowed tiles.  Shading uses the
 * block-mean heights with a one-block apron, so a region joins its
 * neighbours seamlessly.  Rows of the image are coloured in bands on the
 * worker pool; nothing the size of the zone is allocated.
 *
 * Fails with MS_ZONE_ERROR_NO_LAYER when the zone lacks the layer shown (the
 * relief under overlays is flat without an altitude layer), with
 * G_IO_ERROR_INVALID_ARGUMENT for a region outside the zone. */
cairo_surface_t *ms_render_zone                   (MsZone             *zone,
                                                   const MsZoneStyle  *style,
                                                   const MsRect       *region,
                                                   guint               max_size,
                                                   GCancellable       *cancellable,
                                                   GError            **error);

G_END_DECLS
