/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <epoxy/gl.h>
#include <gio/gio.h>

#include "ms-terrain-camera.h"
#include "ms-terrain-lod.h"
#include "ms-terrain-source.h"

G_BEGIN_DECLS

/* The 3D view's GL half: one static grid mesh (MS_TERRAIN_MESH² quads, its
 * indices in four quadrant runs so a quarter node is one draw) and, per
 * terrain tile, a height texture (R32F with the apron) and a colour
 * texture (RGBA8), kept least-recently-drawn first out under a count.
 * Every call but _new needs the context current; _unrealize must run
 * before the context goes.  Errors are MS_GL_RENDERER_ERROR. */
#define MS_TYPE_TERRAIN_GL (ms_terrain_gl_get_type ())
G_DECLARE_FINAL_TYPE (MsTerrainGl, ms_terrain_gl, MS, TERRAIN_GL, GObject)

MsTerrainGl *ms_terrain_gl_new         (guint                  max_tiles);
gboolean     ms_terrain_gl_realize     (MsTerrainGl           *self,
                                        GError               **error);
void         ms_terrain_gl_unrealize   (MsTerrainGl           *self);
gboolean     ms_terrain_gl_has_tile    (MsTerrainGl           *self,
                                        const MsTileKey       *key);
void         ms_terrain_gl_upload      (MsTerrainGl           *self,
                                        const MsTerrainTile   *tile);
/* Forgets every texture (the source changed). */
void         ms_terrain_gl_clear       (MsTerrainGl           *self);
/* Clears the bound framebuffer to the sky and draws @nodes of @source's
 * map; a node whose tile is not uploaded is drawn from the nearest coarser
 * one that is, and left out when none is.  @missing (nullable) gets the
 * keys of the tiles that were wanted and not there.  Returns the number
 * of nodes drawn. */
guint        ms_terrain_gl_draw        (MsTerrainGl           *self,
                                        MsTerrainSource       *source,
                                        const MsTerrainCamera *camera,
                                        double                 exaggeration,
                                        GArray                *nodes,
                                        GArray                *missing,
                                        GError               **error);
guint        ms_terrain_gl_get_n_textures (MsTerrainGl        *self);

G_END_DECLS
