// SPDX-License-Identifier: GPL-3.0-or-later
// The 2D view's colours draped over the terrain: the colour of the cell
// the map point lies in, from a tile finer than the mesh's, as
// ms-terrain-cpu.c picks it; the contour lines over them, drawn from the
// surface's height about one pixel wide at any distance.
in vec2 v_map;
in float v_height;

uniform vec3 u_colour_tile;   // the colour tile's: map pixel of own cell (0, 0), cell size
uniform sampler2D u_colours;  // RGBA8, own cells
uniform vec3 u_contours;      // MsTerrainContours: opacity (0: none), offset, 1 / interval

out vec4 frag_colour;

const vec3 CONTOUR_COLOUR = vec3 (0.30, 0.20, 0.10);  // MS_CONTOUR_RED, _GREEN, _BLUE

// ms_terrain_contour_alpha () (ms-terrain-source.h), line by line.
float
contour_alpha (float band, float per_pixel, float opacity)
{
  float level = floor (band + 0.5);

  if (!(per_pixel > 1e-4) || !(level >= 1.0))
    return 0.0;
  float d = abs (band - level) / per_pixel;
  return opacity * clamp (1.0 - d, 0.0, 1.0) * clamp (2.0 - 4.0 * per_pixel, 0.0, 1.0);
}

void
main ()
{
  ivec2 size = textureSize (u_colours, 0);
  ivec2 c = clamp (ivec2 (floor ((v_map - u_colour_tile.xy) / u_colour_tile.z)), ivec2 (0), size - 1);

  vec3 colour = texelFetch (u_colours, c, 0).rgb;
  // Outside the branch: derivatives need every pixel of the quad.
  float band = (v_height - u_contours.y) * u_contours.z;
  float per_pixel = fwidth (band);

  if (u_contours.x > 0.0)
    colour = mix (colour, CONTOUR_COLOUR, contour_alpha (band, per_pixel, u_contours.x));
  frag_colour = vec4 (colour, 1.0);
}
