/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-gl-tile-renderer.h"   /* MsGlView, MS_GL_RENDERER_ERROR */
#include "ms-zone-pyramid.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

#define MS_TYPE_ZONE_GL_RENDERER (ms_zone_gl_renderer_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneGlRenderer, ms_zone_gl_renderer, MS, ZONE_GL_RENDERER, MsGlTileRenderer)

/* An MsGlTileRenderer: draws a zone pyramid's tiles as textures, coloured
 * in a shader that mirrors the CPU zone renderer (ms_render_zone ()).  An MsGlView is in
 * zone tiles: tile (x0, y0) at the top-left, @zoom screen pixels per tile.
 *
 * The renderer follows the pyramid's "tiles-invalidated": an uploaded tile
 * an edit changed turns stale — still drawn, so the view does not flash to
 * a coarser level while a brush paints, but listed by _get_missing () until
 * it is uploaded again.  Every call but _new() needs the GL context
 * current; _unrealize() must run before the context goes. */
MsZoneGlRenderer *ms_zone_gl_renderer_new              (MsZonePyramid     *pyramid,
                                                        gsize              texture_budget);
/* _set_style, _upload_tile (replaces any earlier upload of the tile's key;
 * a tile an edit overtook, ms_zone_pyramid_is_current (), is drawn but
 * stays stale), _realize, _unrealize, _level_for_zoom, _get_missing (the tiles the view
 * wants at its level that are not uploaded, or stale), _invalidate (marks
 * uploaded tiles stale; the pyramid's signal does this), _is_stale, _draw
 * (into the bound framebuffer; a tile not uploaded is drawn from the
 * nearest coarser tile that is; fails with MS_ZONE_ERROR_NO_LAYER, like
 * ms_render_zone (), when the zone lacks the layer shown), _get_n_uploads
 * (textures uploaded since the renderer was made, replacements included),
 * _get_n_textures, _get_texture_bytes: see MsGlTileRenderer. */
MS_GL_TILE_RENDERER_DECLARE_TYPED (MsZoneGlRenderer, ms_zone_gl_renderer, MsZoneTile, MsZoneStyle);

G_END_DECLS
