// SPDX-License-Identifier: GPL-3.0-or-later
// Tiles are quads in screen pixels; v_cell runs over the tile's own cells.
in vec2 a_position;
in vec2 a_cell;

uniform vec2 u_viewport;

out vec2 v_cell;

void
main ()
{
  vec2 ndc = a_position / u_viewport * 2.0 - 1.0;

  v_cell = a_cell;
  // Screen rows grow downwards, like the CPU image.
  gl_Position = vec4 (ndc.x, -ndc.y, 0.0, 1.0);
}
