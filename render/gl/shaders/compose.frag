// SPDX-License-Identifier: GPL-3.0-or-later
//
// Composes a tile coloured once (render/gl/ms-gl-tile-renderer.c): one
// RGBA8 texel per cell, written by the renderer's own per-cell shader, is
// fetched at the very cell that shader would colour for this fragment (the
// same v_cell, floored and clamped the same way), so the frame has the
// per-cell shader's pixels at any zoom without running it again.

in vec2 v_cell;
out vec4 frag_colour;

uniform sampler2D u_colours;
uniform ivec4 u_clamp;  // the cells the per-cell shader clamps to: x0, y0, x1, y1

void
main ()
{
  frag_colour = texelFetch (u_colours, clamp (ivec2 (floor (v_cell)), u_clamp.xy, u_clamp.zw - 1), 0);
}
