/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-renderer.h"

G_BEGIN_DECLS

#define MS_GL_RENDERER_ERROR (ms_gl_renderer_error_quark ())
typedef enum
{
  MS_GL_RENDERER_ERROR_UNSUPPORTED,  /* the context lacks what the renderer needs */
  MS_GL_RENDERER_ERROR_SHADER,       /* a shader failed to compile or link */
  MS_GL_RENDERER_ERROR_DRAW,         /* a GL error while drawing */
} MsGlRendererError;
GQuark ms_gl_renderer_error_quark (void);

/* What is on screen: map pixel (x0, y0) at the top-left of a width × height
 * viewport, @zoom screen pixels per map pixel. */
typedef struct
{
  double x0, y0;
  double zoom;
  int    width, height;
} MsGlView;

#define MS_TYPE_GL_RENDERER (ms_gl_renderer_get_type ())
G_DECLARE_FINAL_TYPE (MsGlRenderer, ms_gl_renderer, MS, GL_RENDERER, GObject)

/* The renderer draws a pyramid's tiles as float textures and colours them in
 * a shader that mirrors the CPU colour model.  Every call but _new() needs
 * the GL context current; _unrealize() must run before the context goes. */
MsGlRenderer *ms_gl_renderer_new            (MsBlueprintPyramid     *pyramid,
                                             gsize                   texture_budget);
gboolean      ms_gl_renderer_realize        (MsGlRenderer           *self,
                                             GError                **error);
void          ms_gl_renderer_unrealize      (MsGlRenderer           *self);
void          ms_gl_renderer_set_style      (MsGlRenderer           *self,
                                             const MsBlueprintStyle *style);
guint         ms_gl_renderer_level_for_zoom (MsGlRenderer           *self,
                                             double                  zoom);
/* The tiles the view wants at its level that are not uploaded yet. */
GArray       *ms_gl_renderer_get_missing    (MsGlRenderer           *self,
                                             const MsGlView         *view);
void          ms_gl_renderer_upload_tile    (MsGlRenderer           *self,
                                             MsBlueprintTile        *tile);
/* Draws into the bound framebuffer; a missing tile is drawn from the
 * nearest coarser tile that is uploaded. */
gboolean      ms_gl_renderer_draw           (MsGlRenderer           *self,
                                             const MsGlView         *view,
                                             GError                **error);
gsize         ms_gl_renderer_get_texture_bytes (MsGlRenderer        *self);
guint         ms_gl_renderer_get_n_textures (MsGlRenderer           *self);

G_END_DECLS
