// SPDX-License-Identifier: GPL-3.0-or-later
//
// Put before every fragment shader (ms-gl-program.c): the relief rules the
// blueprint and zone shaders share, mirrored from render/core/ms-colour.h
// (ms_hillshade_multi ()) and render/core/ms-contours.h.  Heights below -1e29
// are MISSING.

#define MS_CONTOUR_COLOUR vec3 (0.30, 0.20, 0.10)  // MS_CONTOUR_RED, _GREEN, _BLUE

// GDAL's multidirectional hillshade, term for term as the C.
float
ms_hillshade_multi (vec3 light, float p, float q)
{
  float s = light.z;
  float c = sqrt (light.x * light.x + light.y * light.y);
  float c_diag = c * 1.4142135623730951 * 0.5;
  float g2 = p * p + q * q;
  float v225 = s + c_diag * (p - q), v270 = s + c * p, v315 = s + c_diag * (p + q), v360 = s + c * q;

  if (!(g2 > 0.0))
    return s;
  float sum = (0.5 * g2 - p * q) * max (v225, 0.0) + p * p * max (v270, 0.0) +
              (0.5 * g2 + p * q) * max (v315, 0.0) + q * q * max (v360, 0.0);
  return 0.5 * sum / (g2 * sqrt (1.0 + g2));
}

// @factor is ms_contour_factor (): bands per unit of height.
float
ms_contour_band (float h, float offset, float factor)
{
  return floor ((h - offset) * factor);
}

// Whether the centre's band is above that of one of its four neighbours;
// a missing height draws nothing.
bool
ms_contour_at (float centre, float left, float right, float up, float down, float offset, float factor)
{
  if (!(factor > 0.0) || !(centre > -1.0e29))
    return false;
  float b = ms_contour_band (centre, offset, factor);
  return (left > -1.0e29 && ms_contour_band (left, offset, factor) < b) ||
         (right > -1.0e29 && ms_contour_band (right, offset, factor) < b) ||
         (up > -1.0e29 && ms_contour_band (up, offset, factor) < b) ||
         (down > -1.0e29 && ms_contour_band (down, offset, factor) < b);
}
