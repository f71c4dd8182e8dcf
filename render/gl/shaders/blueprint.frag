// SPDX-License-Identifier: GPL-3.0-or-later
//
// The colour model of render/core/ms-colour.c and the per-cell rules of
// render/blueprint/ms-blueprint-renderer.c, mirrored.  The ramp stops and the biome
// palette come from the C tables as uniforms, so there is one definition of
// the colours; test-render-gl keeps the formulas equal.
//
// u_cells: one texel per cell with a one-cell apron: (height, water surface
// level, biome ordinal, water kind 0 none / 1 ocean / 2 lake).  MISSING
// marks a cell with no height or no water surface.

#define MISSING -1.0e30
#define MAX_STOPS 8
// MS_COLOUR_NO_DATA (render/core/ms-colour.h): a cell with no height.
#define MS_NO_DATA_COLOUR vec3 (1.0, 0.0, 1.0)

in vec2 v_cell;
out vec4 frag_colour;

uniform sampler2D u_cells;
uniform vec4  u_stack;       // opacities of height, biome, hillshade, water; 0 = not drawn
uniform bool  u_water_visible;  // even at opacity 0: the height layer's bed
uniform float u_canvas;      // MS_BLUEPRINT_CANVAS: what shows under no layer
uniform ivec2 u_size;        // the tile's own cells (the texture is 2 larger)
uniform vec3  u_light;       // towards the light, image space
uniform float u_spacing;     // metres per cell
uniform float u_scale;       // metres per raw height unit, exaggerated
uniform float u_sea;
uniform bool  u_has_water;
uniform vec4  u_land[MAX_STOPS];   // (metres, r, g, b) of the chosen ramp
uniform int   u_n_land;
uniform vec4  u_depth[MAX_STOPS];
uniform int   u_n_depth;
uniform sampler2D u_palette;     // 256 × 1 RGBA8: the profile's biome colours
uniform vec2  u_contours;    // opacity (0: not drawn), ms_contour_factor () (bands per raw unit)
uniform bool  u_multi;       // multidirectional hillshade (MsLight.multidirectional)
uniform float u_slope;       // the slope layer's opacity; 0 = not drawn
uniform float u_slope_scale; // metres per raw height unit, not exaggerated
uniform vec4  u_slope_stops[MAX_STOPS];  // ms_colour_slope_stops: (degrees, r, g, b)
uniform int   u_n_slope_stops;

vec3
ramp (vec4 stops[MAX_STOPS], int n, float value)
{
  if (!(value > stops[0].x))
    return stops[0].yzw;
  for (int i = 1; i < MAX_STOPS; i++)
    {
      if (i >= n)
        break;
      if (value < stops[i].x)
        {
          float t = (value - stops[i - 1].x) / (stops[i].x - stops[i - 1].x);
          return stops[i - 1].yzw + (stops[i].yzw - stops[i - 1].yzw) * t;
        }
    }
  return stops[n - 1].yzw;
}

float
height_or (ivec2 c, float fallback)
{
  float h = texelFetch (u_cells, c, 0).r;
  return h > -1.0e29 ? h : fallback;
}

// Horn's gradient of the 3×3 window, heights times @scale, a missing
// neighbour taking the centre's height.
vec2
horn_gradient (ivec2 c, float centre, float scale)
{
  float w[9];

  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      w[(j + 1) * 3 + (i + 1)] = height_or (c + ivec2 (i, j), centre) * scale;

  return vec2 (((w[2] + 2.0 * w[5] + w[8]) - (w[0] + 2.0 * w[3] + w[6])) / (8.0 * u_spacing),
               ((w[6] + 2.0 * w[7] + w[8]) - (w[0] + 2.0 * w[1] + w[2])) / (8.0 * u_spacing));
}

// ms_slope_degrees () of the ground's own gradient.
float
slope_degrees (ivec2 c, float centre)
{
  vec2 g = horn_gradient (c, centre, u_slope_scale);

  return atan (sqrt (g.x * g.x + g.y * g.y)) * 57.29577951308232;
}

float
hillshade (ivec2 c, float centre)
{
  vec2 g = horn_gradient (c, centre, u_scale);
  float dz_dcol = g.x, dz_drow = g.y;
  float len = sqrt (dz_dcol * dz_dcol + dz_drow * dz_drow + 1.0);
  float shade = (-dz_dcol * u_light.x - dz_drow * u_light.y + u_light.z) / len;

  if (u_multi)
    return ms_hillshade_multi (u_light, dz_dcol, dz_drow);
  return max (shade, 0.0);
}

vec3
water_colour (bool ocean, float depth)
{
  vec3 deep = ramp (u_depth, u_n_depth, depth);

  if (!ocean)
    return vec3 (deep.r * 0.85 + 0.05, deep.g * 0.95 + 0.08, deep.b * 0.9);
  return deep;
}

// Opacity 1 replaces exactly, as in the C renderer.
vec3
blend (vec3 under, vec3 over, float opacity)
{
  return opacity >= 1.0 ? over : under + (over - under) * opacity;
}

void
main ()
{
  // Interpolation can put an edge pixel a hair past the tile's last cell:
  // stay on the tile's own cells, whose neighbours are all in the texture.
  ivec2 c = clamp (ivec2 (floor (v_cell)), ivec2 (0), u_size - 1) + ivec2 (1, 1);
  vec4 cell = texelFetch (u_cells, c, 0);
  float h = cell.r > -1.0e29 ? cell.r : u_sea;
  float surface = cell.g > -1.0e29 ? cell.g : u_sea;
  bool wet = u_has_water ? cell.a > 0.5 : h < u_sea;
  bool ocean = cell.a < 1.5;
  float depth = (surface - h) * 251.0;
  vec3 colour = vec3 (u_canvas);
  bool drawn = false;
  bool no_height = !(cell.r > -1.0e29);  // h is the sea level there

  // The stack, bottom to top, as colour_at () in ms-blueprint-renderer.c.
  if (u_stack.x > 0.0)  // height
    {
      vec3 r = no_height ? MS_NO_DATA_COLOUR
             : wet && !u_water_visible ? ramp (u_depth, u_n_depth, depth)
                                       : ramp (u_land, u_n_land, (h - u_sea) * 251.0);
      colour = blend (colour, r, u_stack.x);
      drawn = true;
    }
  if (u_stack.y > 0.0)  // biome
    {
      vec3 p = texelFetch (u_palette, ivec2 (int (cell.b + 0.5), 0), 0).rgb;
      colour = blend (colour, p, u_stack.y);
      drawn = true;
    }
  if (u_slope > 0.0)  // slope
    {
      vec3 r = no_height ? MS_NO_DATA_COLOUR : ramp (u_slope_stops, u_n_slope_stops, slope_degrees (c, h));
      colour = blend (colour, r, u_slope);
      drawn = true;
    }
  if (u_stack.z > 0.0)  // hillshade
    {
      float shade = hillshade (c, h);

      // No height, no slope: what is under it stays as it is.
      if (drawn)
        colour *= no_height ? 1.0 : 1.0 - u_stack.z + u_stack.z * shade / u_light.z;
      else
        colour = blend (colour, no_height ? MS_NO_DATA_COLOUR : vec3 (shade), u_stack.z);
    }
  if (u_stack.w > 0.0 && wet)  // water
    colour = blend (colour, water_colour (ocean, depth), u_stack.w);
  if (u_contours.x > 0.0  // contours, metres above sea level
      && ms_contour_at (cell.r, texelFetch (u_cells, c + ivec2 (-1, 0), 0).r,
                        texelFetch (u_cells, c + ivec2 (1, 0), 0).r, texelFetch (u_cells, c + ivec2 (0, -1), 0).r,
                        texelFetch (u_cells, c + ivec2 (0, 1), 0).r, u_sea, u_contours.y))
    colour = blend (colour, MS_CONTOUR_COLOUR, u_contours.x);

  frag_colour = vec4 (clamp (colour, 0.0, 1.0), 1.0);
}
