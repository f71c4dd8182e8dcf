/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The colour model: every formula that turns map values into colours, as
 * plain C.  The GL shaders mirror these functions; a test keeps them equal.
 */
#pragma once

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

typedef enum
{
  MS_RAMP_TERRAIN,   /* hypsometric tint: lowland green to summit white */
  MS_RAMP_GREY,      /* black (sea level) to white (top of the ramp) */
  MS_N_RAMPS
} MsRamp;

typedef struct
{
  float azimuth_deg;   /* clockwise from north (the image's top), 315 = north-west */
  float altitude_deg;  /* above the horizon */
  /* Derived by ms_light_init(): a unit vector towards the light in image
   * space (x = column, y = row, downwards; z up). */
  float x, y, z;
} MsLight;

void   ms_light_init        (MsLight     *light,
                             float        azimuth_deg,
                             float        altitude_deg);

/* Shade of a surface with gradient (dz/dcolumn, dz/drow), both in metres per
 * metre: the cosine between its normal and the light, 0..1. */
float  ms_hillshade         (const MsLight *light,
                             float          dz_dcol,
                             float          dz_drow);

/* Horn's 3×3 gradient of the window w (row-major: w[row * 3 + col], the
 * centre at w[4]), in units of w per metre for a cell @spacing metres wide. */
void   ms_horn_gradient     (const float  w[9],
                             float        spacing,
                             float       *dz_dcol,
                             float       *dz_drow);

MsRgb  ms_colour_land       (MsRamp       ramp,
                             float        metres_above_sea);
MsRgb  ms_colour_depth      (float        metres_below_surface);

/* Tints @colour by @shade the way composites do: flat ground keeps the
 * colour; @strength 0 ignores the shade, 1 applies it fully. */
MsRgb  ms_colour_shade      (MsRgb          colour,
                             const MsLight *light,
                             float          shade,
                             float          strength);

MsRgb  ms_colour_water      (gboolean     ocean,
                             float        metres_below_surface);
MsRgb  ms_colour_mix        (MsRgb        under,
                             MsRgb        over,
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
