/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-gl-renderer.h"        /* MsGlView, MS_GL_RENDERER_ERROR */
#include "ms-zone-pyramid.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

#define MS_TYPE_ZONE_GL_RENDERER (ms_zone_gl_renderer_get_type ())
G_DECLARE_FINAL_TYPE (MsZoneGlRenderer, ms_zone_gl_renderer, MS, ZONE_GL_RENDERER, GObject)

/* Draws a zone pyramid's tiles as textures, coloured in a shader that
 * mirrors the CPU zone renderer (ms_render_zone ()).  An MsGlView is in
 * zone tiles: tile (x0, y0) at the top-left, @zoom screen pixels per tile.
 *
 * The renderer follows the pyramid's "tiles-invalidated": an uploaded tile
 * an edit changed turns stale — still drawn, so the view does not flash to
 * a coarser level while a brush paints, but listed by _get_missing () until
 * it is uploaded again.  Every call but _new() needs the GL context
 * current; _unrealize() must run before the context goes. */
MsZoneGlRenderer *ms_zone_gl_renderer_new              (MsZonePyramid     *pyramid,
                                                        gsize              texture_budget);
gboolean          ms_zone_gl_renderer_realize          (MsZoneGlRenderer  *self,
                                                        GError           **error);
void              ms_zone_gl_renderer_unrealize        (MsZoneGlRenderer  *self);
void              ms_zone_gl_renderer_set_style        (MsZoneGlRenderer  *self,
                                                        const MsZoneStyle *style);
guint             ms_zone_gl_renderer_level_for_zoom   (MsZoneGlRenderer  *self,
                                                        double             zoom);
/* The tiles the view wants at its level that are not uploaded, or stale. */
GArray           *ms_zone_gl_renderer_get_missing      (MsZoneGlRenderer  *self,
                                                        const MsGlView    *view);
/* Replaces any earlier upload of the tile's key; a tile an edit overtook
 * (ms_zone_pyramid_is_current ()) is drawn but stays stale. */
void              ms_zone_gl_renderer_upload_tile      (MsZoneGlRenderer  *self,
                                                        MsZoneTile        *tile);
/* Marks these uploaded tiles stale (the pyramid's signal does this). */
void              ms_zone_gl_renderer_invalidate       (MsZoneGlRenderer  *self,
                                                        const MsTileKey   *keys,
                                                        guint              n_keys);
gboolean          ms_zone_gl_renderer_is_stale         (MsZoneGlRenderer  *self,
                                                        const MsTileKey   *key);
/* Draws into the bound framebuffer; a tile not uploaded is drawn from the
 * nearest coarser tile that is.  Fails with MS_ZONE_ERROR_NO_LAYER, like
 * ms_render_zone (), when the zone lacks the layer shown. */
gboolean          ms_zone_gl_renderer_draw             (MsZoneGlRenderer  *self,
                                                        const MsGlView    *view,
                                                        GError           **error);
/* Textures uploaded since the renderer was made, replacements included. */
guint64           ms_zone_gl_renderer_get_n_uploads    (MsZoneGlRenderer  *self);
guint             ms_zone_gl_renderer_get_n_textures   (MsZoneGlRenderer  *self);
gsize             ms_zone_gl_renderer_get_texture_bytes (MsZoneGlRenderer *self);

G_END_DECLS
