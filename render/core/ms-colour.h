/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The colour model: every formula that turns map values into colours, as
 * plain C.  The GL shaders mirror these functions; a test keeps them equal.
 */
#pragma once

#include <math.h>

#include <glib.h>

G_BEGIN_DECLS

/* Blueprint heights are in raw units; 1 raw = 251 m. */
#define MS_METRES_PER_RAW 251.0f
/* The sea level of the generator's default "flat" model, in raw units. */
#define MS_DEFAULT_SEA_LEVEL 0.15f

typedef struct
{
  float r, g, b;  /* 0..1 */
} MsRgb;

/* No data: a cell with no finite height (NaN or infinite; reduced, a block
 * with none).  Magenta: no ramp (terrain, grey, depth), no water tint and
 * no colour of the default profile comes near it, so a hole never reads as
 * land or sea.  The GL shaders' MS_NO_DATA_COLOUR is the same. */
#define MS_NO_DATA_RED   1.0f
#define MS_NO_DATA_GREEN 0.0f
#define MS_NO_DATA_BLUE  1.0f
#define MS_COLOUR_NO_DATA ((MsRgb) { MS_NO_DATA_RED, MS_NO_DATA_GREEN, MS_NO_DATA_BLUE })

typedef enum
{
  MS_RAMP_TERRAIN,   /* hypsometric tint: lowland green to summit white */
  MS_RAMP_GREY,      /* black (sea level) to white (top of the ramp) */
  MS_N_RAMPS /*< skip >*/
} MsRamp;

typedef struct
{
  float azimuth_deg;   /* clockwise from north (the image's top), 315 = north-west */
  float altitude_deg;  /* above the horizon */
  /* Derived by ms_light_init(): a unit vector towards the light in image
   * space (x = column, y = row, downwards; z up). */
  float x, y, z;
  /* Multidirectional shading, as gdaldem -multidirectional: the azimuth is
   * ignored and lights from 225°, 270°, 315° and 360° at the altitude are
   * mixed by weights from the slope's aspect (ms_hillshade_multi ()).
   * ms_light_init () clears it. */
  gboolean multidirectional;
} MsLight;

void   ms_light_init        (MsLight     *light,
                             float        azimuth_deg,
                             float        altitude_deg);

/* Shade of a surface with gradient (dz/dcolumn, dz/drow), both in metres per
 * metre: the cosine between its normal and the light, 0..1.  (Inline, like
 * the few below, so the renderers' per-pixel loops need no calls.) */
static inline float ms_hillshade_multi (const MsLight *light,
                                        float          dz_dcol,
                                        float          dz_drow);

static inline float
ms_hillshade (const MsLight *light,
              float          dz_dcol,
              float          dz_drow)
{
  /* The normal of z = f(col, row) is (-dz/dcol, -dz/drow, 1), normalised. */
  float length = sqrtf (dz_dcol * dz_dcol + dz_drow * dz_drow + 1.0f);
  float shade;

  if (light->multidirectional)
    return ms_hillshade_multi (light, dz_dcol, dz_drow);
  shade = (-dz_dcol * light->x - dz_drow * light->y + light->z) / length;
  return shade > 0.0f ? shade : 0.0f;
}

/* GDAL's multidirectional hillshade (gdaldem -multidirectional, after Mark,
 * USGS OF-92-422) in this file's terms, p = dz/dcol, q = dz/drow, g² = p² +
 * q², s and c the sine and cosine of the altitude:
 *   shade = ½ · Σ w(az) · max (0, v(az)) / (g² · √(1 + g²))
 *   v(225) = s + c (p − q) / √2,  w(225) = ½ g² − p q
 *   v(270) = s + c p,             w(270) = p²
 *   v(315) = s + c (p + q) / √2,  w(315) = ½ g² + p q
 *   v(360) = s + c q,             w(360) = q²
 * (v(az) / √(1 + g²) is ms_hillshade () lit from az.)  Flat ground is s,
 * as with one light, so ms_colour_shade () keeps its colour. */
static inline float
ms_hillshade_multi (const MsLight *light,
                    float          dz_dcol,
                    float          dz_drow)
{
  const float s = light->z, c = sqrtf (light->x * light->x + light->y * light->y);
  const float c_diag = c * (float) G_SQRT2 * 0.5f;
  float p = dz_dcol, q = dz_drow, g2 = p * p + q * q;
  float v225 = s + c_diag * (p - q), v270 = s + c * p, v315 = s + c_diag * (p + q), v360 = s + c * q;
  float sum;

  if (!(g2 > 0.0f))
    return s;
  sum = (0.5f * g2 - p * q) * (v225 > 0.0f ? v225 : 0.0f) + p * p * (v270 > 0.0f ? v270 : 0.0f) +
        (0.5f * g2 + p * q) * (v315 > 0.0f ? v315 : 0.0f) + q * q * (v360 > 0.0f ? v360 : 0.0f);
  return 0.5f * sum / (g2 * sqrtf (1.0f + g2));
}

/* Horn's 3×3 gradient of the window w (row-major: w[row * 3 + col], the
 * centre at w[4]), in units of w per metre for a cell @spacing metres wide. */
static inline void
ms_horn_gradient (const float  w[9],
                  float        spacing,
                  float       *dz_dcol,
                  float       *dz_drow)
{
  *dz_dcol = ((w[2] + 2.0f * w[5] + w[8]) - (w[0] + 2.0f * w[3] + w[6])) / (8.0f * spacing);
  *dz_drow = ((w[6] + 2.0f * w[7] + w[8]) - (w[0] + 2.0f * w[1] + w[2])) / (8.0f * spacing);
}

/* A ramp: colours at increasing values, linear in between, clamped at the
 * ends.  The GL shader receives these very tables. */
typedef struct
{
  float at;     /* metres */
  MsRgb colour;
} MsColourStop;

const MsColourStop *ms_colour_get_land_stops  (MsRamp  ramp,
                                               guint  *n_stops);
const MsColourStop *ms_colour_get_depth_stops (guint  *n_stops);

/* The colour of @value on a ramp of @n_stops stops. */
static inline MsRgb
ms_colour_ramp (const MsColourStop *stops,
                guint               n_stops,
                float               value)
{
  if (!(value > stops[0].at))  /* also NaN */
    return stops[0].colour;

  for (guint i = 1; i < n_stops; i++)
    if (value < stops[i].at)
      {
        float t = (value - stops[i - 1].at) / (stops[i].at - stops[i - 1].at);
        const MsRgb *a = &stops[i - 1].colour, *b = &stops[i].colour;
        return (MsRgb) { a->r + (b->r - a->r) * t, a->g + (b->g - a->g) * t,
                         a->b + (b->b - a->b) * t };
      }

  return stops[n_stops - 1].colour;
}

MsRgb  ms_colour_land       (MsRamp       ramp,
                             float        metres_above_sea);
/* The water's colour by depth below its surface, in metres: a ramp the
 * renderers look up for every wet cell, so it is inline. */
#define MS_COLOUR_N_DEPTH_STOPS 4
extern const MsColourStop ms_colour_depth_stops[MS_COLOUR_N_DEPTH_STOPS];

static inline MsRgb
ms_colour_depth (float metres_below_surface)
{
  return ms_colour_ramp (ms_colour_depth_stops, MS_COLOUR_N_DEPTH_STOPS, metres_below_surface);
}

/* The slope layer's ramp, by the ground's slope in degrees (0 flat .. 90),
 * clamped at 45°; the GL shader and the legend take the very table. */
#define MS_COLOUR_N_SLOPE_STOPS 5
extern const MsColourStop ms_colour_slope_stops[MS_COLOUR_N_SLOPE_STOPS];
const MsColourStop *ms_colour_get_slope_stops (guint *n_stops);

static inline MsRgb
ms_colour_slope (float degrees)
{
  return ms_colour_ramp (ms_colour_slope_stops, MS_COLOUR_N_SLOPE_STOPS, degrees);
}

/* The slope in degrees of ground whose Horn gradient (ms_horn_gradient (),
 * in metres per metre) is (@dz_dcol, @dz_drow): gdaldem's slope. */
static inline float
ms_slope_degrees (float dz_dcol,
                  float dz_drow)
{
  return atanf (sqrtf (dz_dcol * dz_dcol + dz_drow * dz_drow)) * (float) (180.0 / G_PI);
}

/* Tints @colour by @shade the way composites do: flat ground keeps the
 * colour; @strength 0 ignores the shade, 1 applies it fully. */
static inline MsRgb
ms_colour_shade (MsRgb          colour,
                 const MsLight *light,
                 float          shade,
                 float          strength)
{
  /* Flat ground has shade == light->z and keeps its colour exactly. */
  float k = 1.0f - strength + strength * shade / light->z;

  return (MsRgb) { colour.r * k, colour.g * k, colour.b * k };
}

static inline MsRgb
ms_colour_water (gboolean ocean,
                 float    metres_below_surface)
{
  MsRgb deep = ms_colour_depth (metres_below_surface);

  /* Lakes read a little greener than the sea at the same depth. */
  if (!ocean)
    return (MsRgb) { deep.r * 0.85f + 0.05f, deep.g * 0.95f + 0.08f, deep.b * 0.9f };
  return deep;
}
static inline MsRgb
ms_colour_mix (MsRgb under,
               MsRgb over,
               float opacity)
{
  return (MsRgb) { under.r + (over.r - under.r) * opacity,
                   under.g + (over.g - under.g) * opacity,
                   under.b + (over.b - under.b) * opacity };
}
/* @under with colour (bit) mixed over it at @opacity for each bit set in
 * @flags, lowest bit first, so the rarer high flags (NpcRestricted…) end
 * on top, as ms-zone-renderer.h's composite lays them. */
MsRgb  ms_colour_mix_flags  (MsRgb        under,
                             guint        flags,
                             MsRgb      (*colour) (guint bit),
                             float        opacity);
MsRgb  ms_colour_from_bytes (guint8       r,
                             guint8       g,
                             guint8       b);

/* 0..1 to 0..255, rounded: the one conversion every output uses. */
static inline guint8
ms_colour_channel_to_byte (float v)
{
  v = v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
  return (guint8) (v * 255.0f + 0.5f);
}

static inline guint32
ms_colour_to_argb32 (MsRgb c)
{
  return 0xff000000u |
         (guint32) ms_colour_channel_to_byte (c.r) << 16 |
         (guint32) ms_colour_channel_to_byte (c.g) << 8 |
         (guint32) ms_colour_channel_to_byte (c.b);
}

G_END_DECLS

/* ------------------------------------------------------------ zone layers --
 * The colours of the zone layers (docs/ZONE_LAYERS.md).  Plain tables and linear
 * ramps with their stops on byte values, so the GL shaders can mirror them
 * with an array and a mix(), and a test can work a value out by hand. */

G_BEGIN_DECLS

/* The server's slope check passes a tile when slope < this. */
#define MS_ZONE_SLOPE_PASS_LIMIT 16

/* One colour per TerrainControlFlags bit, by bit number (AntiPlant is 0,
 * NpcRestricted 10); the unused bits 5 and 11..15 are magenta. */
MsRgb  ms_colour_zone_control       (guint          bit);
/* One colour per BlockingFlags bit, by bit number (Obstacle is 0, Island 3);
 * bits 4..7 are magenta. */
MsRgb  ms_colour_zone_blocking      (guint          bit);

/* PlantInfo byte 3.  The server accepts a random empty tile when
 * NextByte () < spawn, so spawn / 256 is the per-attempt chance that a tile
 * sprouts.  0 is a sterile tile (never sprouts, plants on it are cleared) and
 * has its own colour, unlike any on the ramp; 1..255 run cold (blue) to hot
 * (red).  A fractional value (a block mean) above 0 uses the ramp, clamped
 * to its cold end below 1. */
MsRgb  ms_colour_zone_spawn         (float          spawn);

/* The server's slope, 0..255.  Below MS_ZONE_SLOPE_PASS_LIMIT a tile passes
 * the server's check: pale to mid green.  At the limit the ramp jumps to
 * yellow and runs through orange and red to a dark maroon at 255, so the
 * threshold is a hard edge in the image. */
MsRgb  ms_colour_zone_slope         (float          slope);

/* The tint of a tile that may grow plants (no AntiPlant, Roaming, Highway,
 * PBSHighway, ConcreteA or ConcreteB). */
MsRgb  ms_colour_zone_plant_allowed (void);

/* Hypsometric tint for the server's height (altitude / 32.0, 0..2047): the
 * terraform barrier's range 1850..30000 raw is heights 58..938, where the
 * ramp has most of its stops; white from 1600 up. */
MsRgb  ms_colour_zone_height        (float          height);

/* The zone map (the altitude view, docs/ZONE_MAP.md).  Land runs along
 * the zone's own height span, @t 0 (its lowest land, the shore when it has
 * water) to 1 (its summits): green lowland, tan and brown hills, grey rock,
 * white tops.  Stops on t; clamped outside 0..1, NaN is the first. */
MsRgb  ms_colour_zone_land          (float          t);
/* Water, by depth below MS_ZONE_WATER_LEVEL in heights: pale shallows to
 * deep blue at 48 and below.  Stops on whole values. */
MsRgb  ms_colour_zone_water         (float          depth);
/* Sand, mixed into land fully at the water line and not at all from
 * MS_ZONE_COAST_BAND heights above it. */
#define MS_ZONE_COAST_BAND 1.5f
MsRgb  ms_colour_zone_coast         (void);

/* What the map draws of a TerrainControlFlags or BlockingFlags bit, by bit
 * number, over the terrain before it is shaded: roads (Highway, PBSHighway)
 * and pads (ConcreteA, ConcreteB); Obstacle, Decor and Island blocks.  An
 * opacity of 0 is a flag the map does not draw (the other views do). */
typedef struct
{
  MsRgb colour;
  float opacity;
} MsZoneMapMark;

MsZoneMapMark ms_colour_zone_map_control  (guint bit);
MsZoneMapMark ms_colour_zone_map_blocking (guint bit);

/* The neutral grey relief every zone overlay sits on: a mid grey shaded like
 * ms_colour_shade (), so flat ground, or @strength 0, is exactly that grey
 * (#b8b8b8). */
MsRgb  ms_colour_zone_relief        (const MsLight *light,
                                     float          shade,
                                     float          strength);

G_END_DECLS
