/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-renderer.h"
#include "ms-gl-tile-renderer.h"   /* MsGlView, MS_GL_RENDERER_ERROR */

G_BEGIN_DECLS

#define MS_TYPE_BLUEPRINT_GL_RENDERER (ms_blueprint_gl_renderer_get_type ())
G_DECLARE_FINAL_TYPE (MsBlueprintGlRenderer, ms_blueprint_gl_renderer, MS, BLUEPRINT_GL_RENDERER,
                      MsGlTileRenderer)

/* The renderer draws a blueprint pyramid's tiles as float textures and
 * colours them in a shader that mirrors the CPU colour model; an MsGlView is
 * in map pixels.  Every call but _new() needs the GL context current;
 * _unrealize() must run before the context goes. */
MsBlueprintGlRenderer *ms_blueprint_gl_renderer_new (MsBlueprintPyramid *pyramid,
                                                     gsize               texture_budget);
/* _set_style, _upload_tile, _realize, _unrealize, _level_for_zoom,
 * _get_missing (the tiles the view wants at its level that are not uploaded
 * yet), _draw (into the bound framebuffer; a missing tile is drawn from the
 * nearest coarser tile that is uploaded), _get_n_textures,
 * _get_texture_bytes, and more: see MsGlTileRenderer. */
MS_GL_TILE_RENDERER_DECLARE_TYPED (MsBlueprintGlRenderer, ms_blueprint_gl_renderer, MsBlueprintTile,
                                   MsBlueprintStyle);

G_END_DECLS
