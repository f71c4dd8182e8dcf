/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU zone renderer: one zone layer, or the overlays composite, to a
 * cairo image — the reference the GL path is checked against.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-colour.h"
#include "ms-render-image.h"
#include "ms-render-names.h"
#include "ms-zone.h"

G_BEGIN_DECLS

/* Heights for shading are the server's, altitude / 32.0 (raw >> 5 without
 * the truncation, which would terrace the relief), against 1 tile = 1 unit
 * horizontally. */
#define MS_ZONE_ALTITUDE_PER_UNIT 32.0f

typedef enum
{
  MS_ZONE_RENDER_LAYER_ALTITUDE,       /* the map: ms_zone_map_colour (), shaded */
  MS_ZONE_RENDER_LAYER_CONTROL,        /* TerrainControlFlags over grey relief */
  MS_ZONE_RENDER_LAYER_BLOCKS,         /* BlockingFlags over grey relief */
  MS_ZONE_RENDER_LAYER_PLANTS,         /* plant types over ground types over grey relief */
  MS_ZONE_RENDER_LAYER_SPAWN,          /* spawn heat ramp, unshaded */
  MS_ZONE_RENDER_LAYER_SLOPE,          /* the server's slope ramp, unshaded */
  MS_ZONE_RENDER_LAYER_PLANT_ALLOWED,  /* the plant-allowed tint over grey relief */
  MS_ZONE_RENDER_LAYER_OVERLAYS,       /* MsZoneStyle.overlays over the relief */
  MS_N_ZONE_RENDER_LAYERS /*< skip >*/
} MsZoneRenderLayer;

/* The overlays of MS_ZONE_RENDER_LAYER_OVERLAYS, one bit each, numbered in
 * the order they are laid down (bottom first).
 *
 * The composite, per pixel (one reduced block of tiles, as below), in
 * floats 0..1, rounded to bytes once at the end:
 *
 *   c  = base
 *   c += (spawn_colour (spawn) - c) · a[SPAWN]            if SPAWN
 *   c += (slope_colour (slope) - c) · a[SLOPE]            if SLOPE
 *   c += (plant_colour (plant) - c) · a[PLANTS]           if PLANTS and plant ≠ 0
 *   c += (allowed_colour - c) · a[PLANT_ALLOWED] · share  if PLANT_ALLOWED
 *   for each BlockingFlags bit b set in blocking & blocking_flags, lowest first:
 *     c += (blocking_colour (b) - c) · a[BLOCKS]          if BLOCKS
 *   for each control bit b set in control & control_flags, lowest first:
 *     c += (control_colour (b) - c) · a[CONTROL]          if CONTROL
 *
 * where a[i] = overlay_opacities[i] and the colours are ms-colour.h's
 * ms_colour_zone_* and the profile's plant types.  base is the map's
 * shaded terrain with tint_altitude (ms_zone_map_colour () without roads,
 * pads or blocks: the overlays show those), else the grey relief
 * (ms_colour_zone_relief ()).  So several control flags on one cell mix in
 * bit order, each at the control opacity: AntiPlant (bit 0) lowest,
 * NpcRestricted (bit 10) on top, exactly as the control view draws them.
 * Plants show live plant types only — ground types would cover every tile
 * and hide the relief; the plants view shows those.
 *
 * An overlay whose layer file the zone lacks adds nothing (the painter
 * toggles overlays freely); without an altitude layer the base is the flat
 * grey, tinted or not. */
typedef enum
{
  MS_ZONE_OVERLAY_NONE          = 0, /*< skip >*/
  MS_ZONE_OVERLAY_SPAWN         = 1 << 0,  /* spawn heat */
  MS_ZONE_OVERLAY_SLOPE         = 1 << 1,  /* the server's slope ramp */
  MS_ZONE_OVERLAY_PLANTS        = 1 << 2,  /* live plant types */
  MS_ZONE_OVERLAY_PLANT_ALLOWED = 1 << 3,  /* the plant-allowed tint */
  MS_ZONE_OVERLAY_BLOCKS        = 1 << 4,  /* BlockingFlags */
  MS_ZONE_OVERLAY_CONTROL       = 1 << 5,  /* TerrainControlFlags */
  MS_ZONE_OVERLAY_ALL           = (1 << 6) - 1, /*< skip >*/
} MsZoneOverlays;

#define MS_ZONE_N_OVERLAYS 6

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

  /* MS_ZONE_RENDER_LAYER_OVERLAYS only.  Default MS_ZONE_OVERLAY_CONTROL. */
  MsZoneOverlays    overlays;
  /* The TerrainControlFlags and BlockingFlags shown; default all. */
  guint16           control_flags;
  guint8            blocking_flags;
  /* The hypsometric tint under the overlays (default), or grey relief. */
  gboolean          tint_altitude;
  /* 0..1 per overlay, indexed by bit number (SPAWN is 0, CONTROL 5);
   * default 0.65 each. */
  float             overlay_opacities[MS_ZONE_N_OVERLAYS];
  /* Contour lines over every shaded layer (ms-contours.h), every
   * contour_interval height units (altitude / MS_ZONE_ALTITUDE_PER_UNIT),
   * at contour_opacity; interval 0 (the default) draws none. */
  float             contour_interval;
  float             contour_opacity;
} MsZoneStyle;

void             ms_zone_style_init               (MsZoneStyle        *style);

/* The map's colour of a block of mean height @height with the flags
 * @control and @blocking (any tile's), before shading (docs/ZONE_MAP.md):
 *
 *   water (span has water, height < MS_ZONE_WATER_LEVEL):
 *     c = ms_colour_zone_water (MS_ZONE_WATER_LEVEL - height), unshaded
 *   land:
 *     c = ms_colour_zone_land ((height - lo) / (hi - lo))
 *     c += (coast - c) · clamp (1 - (height - MS_ZONE_WATER_LEVEL) / MS_ZONE_COAST_BAND, 0, 1)
 *                                                          if span has water
 *   for each BlockingFlags bit b in @blocking (but Island on water), lowest first,
 *   then each TerrainControlFlags bit b in @control, lowest first:
 *     c += (mark(b).colour - c) · mark(b).opacity
 *
 * with the marks of ms_colour_zone_map_control () and _blocking ().  The
 * altitude view shades land with ms_colour_shade () and leaves water flat.
 * *@under_water (nullable) says which. */
MsRgb            ms_zone_map_colour               (const MsZoneHeightSpan *span,
                                                   float               height,
                                                   guint16             control,
                                                   guint8              blocking,
                                                   gboolean           *under_water);
/* "altitude", "control", "blocks", "plants", "spawn", "slope",
 * "plant-allowed", "overlays". */
MS_RENDER_DECLARE_NAMES (ms_zone_render_layer, MsZoneRenderLayer);
/* The name of one overlay bit: "spawn", "slope", "plants", "plant-allowed",
 * "blocks", "control" (the views' names); NULL for anything else. */
const char      *ms_zone_overlay_to_string        (MsZoneOverlays      overlay);
/* A comma-separated list of those names ("" is none; spaces are ignored).
 * FALSE, with *@bad_name set to a copy of the first unknown name, when one
 * is not an overlay. */
gboolean         ms_zone_overlays_from_string     (const char         *names,
                                                   MsZoneOverlays     *overlays,
                                                   char              **bad_name);

/* Renders @region (tiles; NULL: the whole zone) so that neither side exceeds
 * @max_size (0: no limit).  Image column = x, row = y (row-major tiles).
 *
 * Downsampled by a whole factor k, each pixel stands for a k×k block of
 * tiles (clipped to the region): altitude, spawn and slope are block means;
 * a flag shows where any tile of the block has it, so thin roads and stray
 * flags never vanish from an overview; plants show the first live plant of
 * the block in row-major order, else the ground type at the block's centre;
 * plant-allowed mixes in proportion to the allowed tiles; the overlays
 * composite reduces each of its layers by the same rules.  Shading uses the
 * block-mean heights with a one-block apron, so a region joins its
 * neighbours seamlessly.  Rows of the image are coloured in bands on the
 * worker pool; nothing the size of the zone is allocated.
 *
 * Fails with MS_ZONE_ERROR_NO_LAYER when the zone lacks the layer shown (the
 * relief under overlays is flat without an altitude layer; the overlays
 * composite never fails so, see MsZoneOverlays), with
 * G_IO_ERROR_INVALID_ARGUMENT for a region outside the zone. */
cairo_surface_t *ms_render_zone                   (MsZone             *zone,
                                                   const MsZoneStyle  *style,
                                                   const MsRect       *region,    /* nullable, in tiles */
                                                   guint               max_size,
                                                   GCancellable       *cancellable,
                                                   GError            **error);

G_END_DECLS
