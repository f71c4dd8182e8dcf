// SPDX-License-Identifier: GPL-3.0-or-later
// The 2D view's colours draped over the terrain: the colour of the cell
// the map point lies in, from a tile finer than the mesh's, as
// ms-terrain-cpu.c picks it.
in vec2 v_map;

uniform vec3 u_colour_tile;   // the colour tile's: map pixel of own cell (0, 0), cell size
uniform sampler2D u_colours;  // RGBA8, own cells

out vec4 frag_colour;

void
main ()
{
  ivec2 size = textureSize (u_colours, 0);
  ivec2 c = clamp (ivec2 (floor ((v_map - u_colour_tile.xy) / u_colour_tile.z)), ivec2 (0), size - 1);

  frag_colour = vec4 (texelFetch (u_colours, c, 0).rgb, 1.0);
}
