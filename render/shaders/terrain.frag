// SPDX-License-Identifier: GPL-3.0-or-later
// The 2D view's colours draped over the terrain: the colour of the cell
// the map point lies in, as ms-terrain-cpu.c picks it.
in vec2 v_map;

uniform vec3 u_tile;          // map pixel of the tile's own cell (0, 0); its cell size
uniform sampler2D u_colours;  // RGBA8, own cells

out vec4 frag_colour;

void
main ()
{
  ivec2 size = textureSize (u_colours, 0);
  ivec2 c = clamp (ivec2 (floor ((v_map - u_tile.xy) / u_tile.z)), ivec2 (0), size - 1);

  frag_colour = vec4 (texelFetch (u_colours, c, 0).rgb, 1.0);
}
