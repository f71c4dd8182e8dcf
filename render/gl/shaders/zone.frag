// SPDX-License-Identifier: GPL-3.0-or-later
//
// The zone colours of render/core/ms-colour.c and the per-cell rules of
// render/zone/ms-zone-renderer.c (colour_cell (), shade_at ()), mirrored.  Every
// colour comes from the C functions: the ramps sampled at whole values (their
// stops lie on whole values, so a linear step between two samples is the
// ramp), the flag tables, the profile's palettes; test-render-zone-gl keeps
// the formulas equal.
//
// u_cells: one texel per cell with a one-cell apron: (height or MISSING,
// mean spawn, mean slope, plant-allowed share).  Apron cells hold heights only.
// u_flags: (control flags of any tile, blocking flags of any tile, first live
// plant type, ground type at the centre).

#define MISSING -1.0e30

in vec2 v_cell;
out vec4 frag_colour;

uniform sampler2D  u_cells;
uniform usampler2D u_flags;
// 256 wide: rows 0..7 the map's land ramp at t = 0..2047 / 2047, row 8
// spawn at 0..255 (0: sterile), row 9 slope at 0..255, row 10 water by depth
// at 0..255.
uniform sampler2D  u_ramps;
// 256 × 2 RGBA8: row 0 plant type colours, row 1 ground type colours.
uniform sampler2D  u_palette;
uniform int   u_layer;         // MsZoneRenderLayer
uniform int   u_mask;          // MsZoneStyle.flags
uniform vec3  u_light;         // towards the light, image space
uniform float u_spacing;       // zone tiles per cell
uniform float u_scale;         // exaggeration
uniform float u_strength;      // shade strength
uniform float u_opacity;       // overlay opacity
uniform bool  u_has_relief;
uniform vec3  u_relief;        // the grey under overlays
uniform vec3  u_allowed;       // the plant-allowed tint
uniform vec3  u_control[16];   // by TerrainControlFlags bit
uniform vec3  u_blocking[8];   // by BlockingFlags bit
// The overlays composite (u_layer 7): MsZoneOverlays the pyramid can show,
// the flags shown, the base, the opacities by overlay bit.
// The map (ms_zone_map_colour ()): the zone's height span (lo, hi), its
// water, the coast, the marks (colour, opacity) by flag bit.
uniform vec2  u_span;
uniform bool  u_has_water;
uniform float u_water_level;
uniform float u_coast_band;
uniform vec3  u_coast;
uniform vec4  u_map_control[16];
uniform vec4  u_map_blocking[8];
uniform int   u_overlays;
uniform int   u_control_mask;
uniform int   u_blocking_mask;
uniform bool  u_tint;
uniform float u_opacities[6];
// The cells the quad drawn covers, [x0, x1) × [y0, y1) without the apron:
// a fragment at the quad's edge can interpolate a v_cell a hair outside
// them, and an apron cell (heights only, no flags, its neighbours beyond
// the texture) drew a dark line where tiles meet.
uniform ivec4 u_cell_box;
uniform vec2  u_contours;      // opacity (0: none), ms_contour_factor () (bands per height unit)
uniform bool  u_multi;         // multidirectional hillshade

const int HEIGHT_ROW = 0;
const int SPAWN_ROW = 8;
const int SLOPE_ROW = 9;
const int WATER_ROW = 10;
const uint ISLAND = 8u;

vec3
sample_at (int row, int i)
{
  return texelFetch (u_ramps, ivec2 (i % 256, row + i / 256), 0).rgb;
}

// The ramp between whole samples lo <= v <= hi, as ramp_lookup () would.
vec3
ramp (int row, float v, int lo, int hi)
{
  v = clamp (v, float (lo), float (hi));
  int i = min (int (floor (v)), hi - 1);
  vec3 a = sample_at (row, i), b = sample_at (row, i + 1);
  return a + (b - a) * (v - float (i));
}

vec3
mix_over (vec3 under, vec3 over, float opacity)
{
  return under + (over - under) * opacity;
}

// Lowest bit first, so the rarer high flags end on top.
vec3
mix_flags (vec3 colour, uint bits, bool control, float opacity)
{
  for (int bit = 0; bit < 16; bit++)
    if ((bits & (1u << uint (bit))) != 0u)
      colour = mix_over (colour, control ? u_control[bit] : u_blocking[min (bit, 7)], opacity);
  return colour;
}

vec3
mix_marks (vec3 colour, uint bits, bool control)
{
  for (int bit = 0; bit < 16; bit++)
    if ((bits & (1u << uint (bit))) != 0u)
      {
        vec4 m = control ? u_map_control[bit] : u_map_blocking[min (bit, 7)];
        colour = mix_over (colour, m.rgb, m.a);
      }
  return colour;
}

// ms_zone_map_colour (), then the altitude view's shading of land (k).
vec3
map_colour (float height, float k, uint control, uint blocking)
{
  bool water = u_has_water && height < u_water_level;
  vec3 c;

  if (water)
    {
      c = ramp (WATER_ROW, u_water_level - height, 0, 255);
      blocking &= ~ISLAND;
    }
  else
    {
      c = ramp (HEIGHT_ROW, (height - u_span.x) / (u_span.y - u_span.x) * 2047.0, 0, 2047);
      if (u_has_water)
        c = mix_over (c, u_coast, clamp (1.0 - (height - u_water_level) / u_coast_band, 0.0, 1.0));
    }
  c = mix_marks (c, blocking, false);
  c = mix_marks (c, control, true);
  return water ? c : c * k;
}

bool
overlay_on (int bit)
{
  return (u_overlays & (1 << bit)) != 0;
}

vec3
spawn_colour (float spawn)
{
  return spawn > 0.0 ? ramp (SPAWN_ROW, spawn, 1, 255) : sample_at (SPAWN_ROW, 0);
}

vec3
slope_colour (float slope)
{
  return slope >= 16.0 ? ramp (SLOPE_ROW, slope, 16, 255) : ramp (SLOPE_ROW, slope, 0, 15);
}

// MsZoneOverlays' formula (render/zone/ms-zone-renderer.h), colour_overlays ().
vec3
overlays (vec4 cell, uvec4 flags, float height, float k)
{
  vec3 c = u_tint && u_has_relief ? map_colour (height, k, 0u, 0u) : u_relief * k;

  if (overlay_on (0))
    c = mix_over (c, spawn_colour (cell.g), u_opacities[0]);
  if (overlay_on (1))
    c = mix_over (c, slope_colour (cell.b), u_opacities[1]);
  if (overlay_on (2) && flags.b != 0u)
    c = mix_over (c, texelFetch (u_palette, ivec2 (int (flags.b), 0), 0).rgb, u_opacities[2]);
  if (overlay_on (3))
    c = mix_over (c, u_allowed, u_opacities[3] * cell.a);
  if (overlay_on (4))
    c = mix_flags (c, flags.g & uint (u_blocking_mask), false, u_opacities[4]);
  if (overlay_on (5))
    c = mix_flags (c, flags.r & uint (u_control_mask), true, u_opacities[5]);
  return c;
}

float
height_or (ivec2 c, float fallback)
{
  float h = texelFetch (u_cells, c, 0).r;
  return h > -1.0e29 ? h : fallback;
}

float
hillshade (ivec2 c, float centre)
{
  float w[9];

  if (!u_has_relief)
    return u_light.z;

  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      w[(j + 1) * 3 + (i + 1)] = height_or (c + ivec2 (i, j), centre) * u_scale;

  float dz_dcol = ((w[2] + 2.0 * w[5] + w[8]) - (w[0] + 2.0 * w[3] + w[6])) / (8.0 * u_spacing);
  float dz_drow = ((w[6] + 2.0 * w[7] + w[8]) - (w[0] + 2.0 * w[1] + w[2])) / (8.0 * u_spacing);
  float len = sqrt (dz_dcol * dz_dcol + dz_drow * dz_drow + 1.0);
  float shade = (-dz_dcol * u_light.x - dz_drow * u_light.y + u_light.z) / len;

  if (u_multi)
    return ms_hillshade_multi (u_light, dz_dcol, dz_drow);
  return max (shade, 0.0);
}

void
main ()
{
  ivec2 c = clamp (ivec2 (floor (v_cell)), u_cell_box.xy, u_cell_box.zw - 1) + ivec2 (1, 1);
  vec4 cell = texelFetch (u_cells, c, 0);
  uvec4 flags = texelFetch (u_flags, c, 0);
  float height = u_has_relief ? cell.r : 0.0;
  vec3 colour;

  if (u_layer == 4)  // spawn
    {
      colour = spawn_colour (cell.g);
    }
  else if (u_layer == 5)  // slope
    {
      colour = slope_colour (cell.b);
    }
  else
    {
      float shade = hillshade (c, height);
      float k = 1.0 - u_strength + u_strength * shade / u_light.z;

      if (u_layer == 0)  // altitude
        {
          colour = map_colour (height, k, flags.r, flags.g);
        }
      else if (u_layer == 7)  // overlays
        {
          colour = overlays (cell, flags, height, k);
        }
      else
        {
          vec3 relief = u_relief * k;

          if (u_layer == 1 || u_layer == 2)  // control, blocks
            {
              uint bits = (u_layer == 1 ? flags.r : flags.g) & uint (u_mask);

              colour = mix_flags (relief, bits, u_layer == 1, u_opacity);
            }
          else if (u_layer == 3)  // plants
            {
              if (flags.b != 0u)
                colour = texelFetch (u_palette, ivec2 (int (flags.b), 0), 0).rgb;
              else
                colour = mix_over (relief, texelFetch (u_palette, ivec2 (int (flags.a), 1), 0).rgb,
                                   u_opacity);
            }
          else  // plant-allowed
            {
              colour = mix_over (relief, u_allowed, u_opacity * cell.a);
            }
        }
    }

  // Contours over every shaded layer, as ms_contours_over () in C.
  if (u_contours.x > 0.0 && u_has_relief && u_layer != 4 && u_layer != 5 &&
      ms_contour_at (cell.r, texelFetch (u_cells, c + ivec2 (-1, 0), 0).r,
                     texelFetch (u_cells, c + ivec2 (1, 0), 0).r, texelFetch (u_cells, c + ivec2 (0, -1), 0).r,
                     texelFetch (u_cells, c + ivec2 (0, 1), 0).r, 0.0, u_contours.y))
    colour = u_contours.x >= 1.0 ? MS_CONTOUR_COLOUR : colour + (MS_CONTOUR_COLOUR - colour) * u_contours.x;

  frag_colour = vec4 (clamp (colour, 0.0, 1.0), 1.0);
}
