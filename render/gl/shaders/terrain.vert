// SPDX-License-Identifier: GPL-3.0-or-later
// One CDLOD node (ms-terrain-lod.h): the static grid mesh placed over the
// map, heights fetched from the tile's texture, odd vertices morphed onto
// the next LOD's grid as the eye moves away (Strugar 2010).  World space is
// ms-terrain-camera.h's: x = map x, z = map y, y up.
in vec2 a_position;           // grid vertex 0 .. MESH

uniform mat4 u_mvp;
uniform vec3 u_eye;
uniform vec2 u_node_origin;   // map pixel of grid vertex (0, 0)
uniform float u_spacing;      // map pixels between vertices, 2^lod
uniform vec2 u_morph;         // morph start, end (world distance)
uniform vec2 u_map_size;      // map pixels
uniform float u_scale;        // metres to world y
uniform vec3 u_tile;          // map pixel of the tile's own cell (0, 0); its cell size
uniform sampler2D u_heights;  // R32F, own cells with a one-cell apron
// The next LOD's tile: a vertex morphed fully onto the coarser grid takes
// the coarser level's height too, exactly what the neighbouring node of
// that LOD draws there, so the two meet without a crack.
uniform vec3 u_coarse_tile;
uniform sampler2D u_coarse_heights;

out vec2 v_map;
out float v_height;           // the surface's height, the heights' unit (metres)

// Bilinear between cell centres by hand: float textures need not filter on
// GLES 3.0.  The same as ms_terrain_tile_sample ().
float
height_in (sampler2D heights, vec3 tile, vec2 m)
{
  ivec2 size = textureSize (heights, 0);
  vec2 g = clamp ((m - tile.xy) / tile.z + 0.5, vec2 (0.0), vec2 (size - 1));
  ivec2 i = ivec2 (floor (g));
  ivec2 j = min (i + 1, size - 1);
  vec2 f = g - vec2 (i);
  float a = texelFetch (heights, i, 0).r;
  float b = texelFetch (heights, ivec2 (j.x, i.y), 0).r;
  float c = texelFetch (heights, ivec2 (i.x, j.y), 0).r;
  float d = texelFetch (heights, j, 0).r;
  return mix (mix (a, b, f.x), mix (c, d, f.x), f.y);
}

void
main ()
{
  vec2 m = min (u_node_origin + a_position * u_spacing, u_map_size);
  vec3 w = vec3 (m.x, height_in (u_heights, u_tile, m) * u_scale, m.y);
  float k = clamp ((distance (w, u_eye) - u_morph.x) / max (u_morph.y - u_morph.x, 1e-6), 0.0, 1.0);

  m = min (u_node_origin + (a_position - fract (a_position * 0.5) * 2.0 * k) * u_spacing, u_map_size);
  v_height = mix (height_in (u_heights, u_tile, m), height_in (u_coarse_heights, u_coarse_tile, m), k);
  w = vec3 (m.x, v_height * u_scale, m.y);
  v_map = m;
  gl_Position = u_mvp * vec4 (w, 1.0);
}
