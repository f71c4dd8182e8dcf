/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-colour.h"

typedef struct
{
  float at;      /* metres */
  MsRgb colour;
} Stop;

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

static const Stop depth_stops[] = {
  {   0.0f, { 0.600f, 0.800f, 0.900f } },
  {  10.0f, { 0.380f, 0.640f, 0.820f } },
  {  50.0f, { 0.180f, 0.420f, 0.680f } },
  { 200.0f, { 0.070f, 0.180f, 0.400f } },
};

static MsRgb
ramp_lookup (const Stop *stops,
             guint       n_stops,
             float       value)
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
}

float
ms_hillshade (const MsLight *light,
              float          dz_dcol,
              float          dz_drow)
{
  /* The normal of z = f(col, row) is (-dz/dcol, -dz/drow, 1), normalised. */
  float length = sqrtf (dz_dcol * dz_dcol + dz_drow * dz_drow + 1.0f);
  float shade = (-dz_dcol * light->x - dz_drow * light->y + light->z) / length;

  return shade > 0.0f ? shade : 0.0f;
}

void
ms_horn_gradient (const float  w[9],
                  float        spacing,
                  float       *dz_dcol,
                  float       *dz_drow)
{
  *dz_dcol = ((w[2] + 2.0f * w[5] + w[8]) - (w[0] + 2.0f * w[3] + w[6])) / (8.0f * spacing);
  *dz_drow = ((w[6] + 2.0f * w[7] + w[8]) - (w[0] + 2.0f * w[1] + w[2])) / (8.0f * spacing);
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
ms_colour_depth (float metres_below_surface)
{
  return ramp_lookup (depth_stops, G_N_ELEMENTS (depth_stops), metres_below_surface);
}

MsRgb
ms_colour_shade (MsRgb          colour,
                 const MsLight *light,
                 float          shade,
                 float          strength)
{
  /* Flat ground has shade == light->z and keeps its colour exactly. */
  float k = 1.0f - strength + strength * shade / light->z;

  return (MsRgb) { colour.r * k, colour.g * k, colour.b * k };
}

MsRgb
ms_colour_water (gboolean ocean,
                 float    metres_below_surface)
{
  MsRgb deep = ms_colour_depth (metres_below_surface);

  /* Lakes read a little greener than the sea at the same depth. */
  if (!ocean)
    return (MsRgb) { deep.r * 0.85f + 0.05f, deep.g * 0.95f + 0.08f, deep.b * 0.9f };
  return deep;
}

MsRgb
ms_colour_mix (MsRgb under,
               MsRgb over,
               float opacity)
{
  return (MsRgb) { under.r + (over.r - under.r) * opacity,
                   under.g + (over.g - under.g) * opacity,
                   under.b + (over.b - under.b) * opacity };
}

MsRgb
ms_colour_from_bytes (guint8 r,
                      guint8 g,
                      guint8 b)
{
  return (MsRgb) { r / 255.0f, g / 255.0f, b / 255.0f };
}
