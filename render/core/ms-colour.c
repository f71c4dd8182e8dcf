/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-colour.h"

typedef MsColourStop Stop;

/* Follows the terrain the generator shapes: lowlands, the 100 m foothill
 * bench, the 220 m plateau, summit spires to about 420 m. */
static const Stop terrain_stops[] = {
  {   0.0f, { 0.463f, 0.620f, 0.353f } },
  {  40.0f, { 0.588f, 0.690f, 0.400f } },
  { 100.0f, { 0.800f, 0.760f, 0.510f } },
  { 160.0f, { 0.690f, 0.560f, 0.380f } },
  { 220.0f, { 0.560f, 0.470f, 0.400f } },
  { 320.0f, { 0.780f, 0.760f, 0.740f } },
  { 420.0f, { 1.000f, 1.000f, 1.000f } },
};

static const Stop grey_stops[] = {
  {   0.0f, { 0.0f, 0.0f, 0.0f } },
  { 420.0f, { 1.0f, 1.0f, 1.0f } },
};

const MsColourStop ms_colour_depth_stops[MS_COLOUR_N_DEPTH_STOPS] = {
  {   0.0f, { 0.600f, 0.800f, 0.900f } },
  {  10.0f, { 0.380f, 0.640f, 0.820f } },
  {  50.0f, { 0.180f, 0.420f, 0.680f } },
  { 200.0f, { 0.070f, 0.180f, 0.400f } },
};

static inline MsRgb
ramp_lookup (const Stop *stops,
             guint       n_stops,
             float       value)
{
  return ms_colour_ramp (stops, n_stops, value);
}

void
ms_light_init (MsLight *light,
               float    azimuth_deg,
               float    altitude_deg)
{
  double az = azimuth_deg * G_PI / 180.0;
  double alt = altitude_deg * G_PI / 180.0;

  light->azimuth_deg = azimuth_deg;
  light->altitude_deg = altitude_deg;
  /* North is the image's top, so "towards the light" has y = -cos(az). */
  light->x = (float) (sin (az) * cos (alt));
  light->y = (float) (-cos (az) * cos (alt));
  light->z = (float) sin (alt);
  light->multidirectional = FALSE;
}



const MsColourStop *
ms_colour_get_land_stops (MsRamp  ramp,
                          guint  *n_stops)
{
  if (ramp == MS_RAMP_GREY)
    {
      *n_stops = G_N_ELEMENTS (grey_stops);
      return grey_stops;
    }
  *n_stops = G_N_ELEMENTS (terrain_stops);
  return terrain_stops;
}

/* Sequential, light to dark as the ground steepens: flat ground stays near
 * white so the layer reads as "where it is steep", 5° (a gentle road grade)
 * turns pale yellow, 15° orange, 30° (where walking gets hard) red, and 45°
 * and steeper dark red. */
const MsColourStop ms_colour_slope_stops[MS_COLOUR_N_SLOPE_STOPS] = {
  {  0.0f, { 0.969f, 0.965f, 0.925f } },
  {  5.0f, { 0.992f, 0.918f, 0.624f } },
  { 15.0f, { 0.992f, 0.663f, 0.310f } },
  { 30.0f, { 0.820f, 0.235f, 0.141f } },
  { 45.0f, { 0.427f, 0.039f, 0.055f } },
};

const MsColourStop *
ms_colour_get_slope_stops (guint *n_stops)
{
  *n_stops = MS_COLOUR_N_SLOPE_STOPS;
  return ms_colour_slope_stops;
}

const MsColourStop *
ms_colour_get_depth_stops (guint *n_stops)
{
  *n_stops = MS_COLOUR_N_DEPTH_STOPS;
  return ms_colour_depth_stops;
}

MsRgb
ms_colour_land (MsRamp ramp,
                float  metres_above_sea)
{
  if (ramp == MS_RAMP_GREY)
    return ramp_lookup (grey_stops, G_N_ELEMENTS (grey_stops), metres_above_sea);
  return ramp_lookup (terrain_stops, G_N_ELEMENTS (terrain_stops), metres_above_sea);
}


MsRgb
ms_colour_from_bytes (guint8 r,
                      guint8 g,
                      guint8 b)
{
  return (MsRgb) { r / 255.0f, g / 255.0f, b / 255.0f };
}

/* ------------------------------------------------------------ zone layers */

#define RGB8(r, g, b) { (r) / 255.0f, (g) / 255.0f, (b) / 255.0f }

static const MsRgb unused_bit = RGB8 (0xff, 0x00, 0xff);

/* Ten colours far enough apart to tell flags apart over grey, and none of
 * them grey; the protected areas and their PBS twins share a hue family. */
static const MsRgb control_colours[16] = {
  [0]  = RGB8 (0xe1, 0x57, 0x59),  /* AntiPlant: red */
  [1]  = RGB8 (0x4e, 0x79, 0xa7),  /* TerraformProtected: steel blue */
  [2]  = RGB8 (0xb0, 0x7a, 0xa1),  /* SyndicateArea: mauve */
  [3]  = RGB8 (0xed, 0xc9, 0x48),  /* ConcreteA: yellow */
  [4]  = RGB8 (0x9c, 0x75, 0x5f),  /* ConcreteB: brown */
  [5]  = RGB8 (0xff, 0x00, 0xff),  /* unused */
  [6]  = RGB8 (0x59, 0xa1, 0x4f),  /* Roaming: green */
  [7]  = RGB8 (0xf2, 0x8e, 0x2b),  /* Highway: orange */
  [8]  = RGB8 (0x76, 0xb7, 0xb2),  /* PBSHighway: teal */
  [9]  = RGB8 (0xff, 0x9d, 0xa7),  /* PBSTerraformProtected: pink */
  [10] = RGB8 (0x3b, 0x3b, 0x3b),  /* NpcRestricted: charcoal */
  [11] = RGB8 (0xff, 0x00, 0xff),
  [12] = RGB8 (0xff, 0x00, 0xff),
  [13] = RGB8 (0xff, 0x00, 0xff),
  [14] = RGB8 (0xff, 0x00, 0xff),
  [15] = RGB8 (0xff, 0x00, 0xff),
};

static const MsRgb blocking_colours[4] = {
  RGB8 (0xc6, 0x28, 0x28),  /* Obstacle: red */
  RGB8 (0x2e, 0x7d, 0x32),  /* Plant: green */
  RGB8 (0xf9, 0xa8, 0x25),  /* Decor: amber */
  RGB8 (0x15, 0x65, 0xc0),  /* Island: blue */
};

/* White-ish, the one colour the heat ramp never reaches: "nothing grows". */
static const MsRgb spawn_sterile = RGB8 (0xe6, 0xe6, 0xe6);

static const Stop spawn_stops[] = {
  {   1.0f, RGB8 (0x1a, 0x2a, 0x80) },  /* 0.4 %: deep blue */
  {  64.0f, RGB8 (0x1f, 0x8f, 0xd0) },  /* 25 % */
  { 128.0f, RGB8 (0x4c, 0xb0, 0x50) },  /* 50 % */
  { 192.0f, RGB8 (0xf5, 0xc5, 0x18) },  /* 75 % */
  { 255.0f, RGB8 (0xd7, 0x19, 0x1c) },  /* 99.6 %: red */
};

static const Stop slope_pass_stops[] = {
  {   0.0f, RGB8 (0xe8, 0xf5, 0xe0) },
  {  15.0f, RGB8 (0x5a, 0xa0, 0x5a) },
};

static const Stop slope_fail_stops[] = {
  {  16.0f, RGB8 (0xff, 0xe0, 0x4a) },
  {  48.0f, RGB8 (0xf2, 0x8c, 0x28) },
  {  96.0f, RGB8 (0xd7, 0x30, 0x1f) },
  { 255.0f, RGB8 (0x4a, 0x0a, 0x18) },
};

static const Stop zone_height_stops[] = {
  {    0.0f, RGB8 (0x5a, 0x7f, 0x4a) },
  {  150.0f, RGB8 (0x76, 0xa0, 0x5a) },
  {  400.0f, RGB8 (0xb4, 0xb8, 0x70) },
  {  650.0f, RGB8 (0xcf, 0xae, 0x78) },
  {  900.0f, RGB8 (0x9c, 0x7c, 0x5c) },
  { 1200.0f, RGB8 (0xb8, 0xb2, 0xac) },
  { 1600.0f, RGB8 (0xff, 0xff, 0xff) },
};

/* A classic hypsometric tint, spread over each zone's own span. */
static const Stop zone_land_stops[] = {
  { 0.00f, RGB8 (0x62, 0x94, 0x50) },  /* lowland green */
  { 0.18f, RGB8 (0x94, 0xb4, 0x64) },
  { 0.38f, RGB8 (0xd2, 0xca, 0x86) },  /* pale tan */
  { 0.58f, RGB8 (0xc4, 0x9a, 0x66) },  /* ochre hills */
  { 0.76f, RGB8 (0x96, 0x76, 0x5a) },  /* brown */
  { 0.90f, RGB8 (0xa8, 0xa0, 0x98) },  /* grey rock */
  { 1.00f, RGB8 (0xe2, 0xde, 0xd6) },  /* summits, pale rock: pads stay visible on them */
};

static const Stop zone_water_stops[] = {
  {  0.0f, RGB8 (0xa6, 0xd8, 0xea) },  /* the shallows */
  {  4.0f, RGB8 (0x6a, 0xb2, 0xda) },
  { 16.0f, RGB8 (0x34, 0x7e, 0xbc) },
  { 48.0f, RGB8 (0x1a, 0x46, 0x86) },  /* deep */
};

static const MsRgb zone_coast = RGB8 (0xe4, 0xd6, 0xa4);

/* Asphalt roads and concrete pads, dark enough to read over every land
 * colour; blocks as tints that keep the ground visible. */
static const MsZoneMapMark zone_map_control[16] = {
  [3] = { RGB8 (0xb0, 0xb2, 0xba), 0.85f },  /* ConcreteA: blue-grey concrete */
  [4] = { RGB8 (0x86, 0x82, 0x7c), 0.85f },  /* ConcreteB: dark concrete */
  [7] = { RGB8 (0x3c, 0x3c, 0x44), 0.90f },  /* Highway: asphalt */
  [8] = { RGB8 (0x58, 0x4a, 0x66), 0.90f },  /* PBSHighway: player-built, violet asphalt */
};

static const MsZoneMapMark zone_map_blocking[8] = {
  [0] = { RGB8 (0x8e, 0x1e, 0x1e), 0.70f },  /* Obstacle: dark red */
  [2] = { RGB8 (0x4a, 0x40, 0x30), 0.35f },  /* Decor: a shadow */
  [3] = { RGB8 (0x50, 0x66, 0x96), 0.55f },  /* Island (on land): slate blue */
};

static const MsRgb plant_allowed = RGB8 (0x3c, 0xb4, 0x4b);
static const MsRgb relief_grey = RGB8 (0xb8, 0xb8, 0xb8);

MsRgb
ms_colour_zone_control (guint bit)
{
  return bit < G_N_ELEMENTS (control_colours) ? control_colours[bit] : unused_bit;
}

MsRgb
ms_colour_zone_blocking (guint bit)
{
  return bit < G_N_ELEMENTS (blocking_colours) ? blocking_colours[bit] : unused_bit;
}

MsRgb
ms_colour_zone_spawn (float spawn)
{
  /* Only a block of sterile tiles alone is sterile: one fertile tile in it
   * is a chance of growth, which the ramp's cold end shows. */
  if (!(spawn > 0.0f))
    return spawn_sterile;
  return ramp_lookup (spawn_stops, G_N_ELEMENTS (spawn_stops), spawn);
}

MsRgb
ms_colour_zone_slope (float slope)
{
  if (!(slope >= (float) MS_ZONE_SLOPE_PASS_LIMIT))
    return ramp_lookup (slope_pass_stops, G_N_ELEMENTS (slope_pass_stops), slope);
  return ramp_lookup (slope_fail_stops, G_N_ELEMENTS (slope_fail_stops), slope);
}

MsRgb
ms_colour_zone_plant_allowed (void)
{
  return plant_allowed;
}

MsRgb
ms_colour_zone_height (float height)
{
  return ramp_lookup (zone_height_stops, G_N_ELEMENTS (zone_height_stops), height);
}

MsRgb
ms_colour_zone_relief (const MsLight *light,
                       float          shade,
                       float          strength)
{
  return ms_colour_shade (relief_grey, light, shade, strength);
}

MsRgb
ms_colour_zone_land (float t)
{
  return ramp_lookup (zone_land_stops, G_N_ELEMENTS (zone_land_stops), t);
}

MsRgb
ms_colour_zone_water (float depth)
{
  return ramp_lookup (zone_water_stops, G_N_ELEMENTS (zone_water_stops), depth);
}

MsRgb
ms_colour_zone_coast (void)
{
  return zone_coast;
}

MsZoneMapMark
ms_colour_zone_map_control (guint bit)
{
  return bit < G_N_ELEMENTS (zone_map_control) ? zone_map_control[bit] : (MsZoneMapMark) { { 0, 0, 0 }, 0.0f };
}

MsZoneMapMark
ms_colour_zone_map_blocking (guint bit)
{
  return bit < G_N_ELEMENTS (zone_map_blocking) ? zone_map_blocking[bit] : (MsZoneMapMark) { { 0, 0, 0 }, 0.0f };
}

MsRgb
ms_colour_mix_flags (MsRgb   under,
                     guint   flags,
                     MsRgb (*colour) (guint bit),
                     float   opacity)
{
  for (guint bit = 0; flags != 0; bit++, flags >>= 1)
    if (flags & 1)
      under = ms_colour_mix (under, colour (bit), opacity);
  return under;
}
