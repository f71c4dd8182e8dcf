/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <epoxy/gl.h>

#include "ms-tile.h"
#include "ms-tile-pyramid.h"

G_BEGIN_DECLS

#define MS_GL_RENDERER_ERROR (ms_gl_renderer_error_quark ())
typedef enum
{
  MS_GL_RENDERER_ERROR_UNSUPPORTED,  /* the context lacks what the renderer needs */
  MS_GL_RENDERER_ERROR_SHADER,       /* a shader failed to compile or link */
  MS_GL_RENDERER_ERROR_DRAW,         /* a GL error while drawing */
} MsGlRendererError;
GQuark ms_gl_renderer_error_quark (void);

/* What is on screen: pyramid cell (x0, y0) of level 0 (a map pixel, a zone
 * tile) at the top-left of a width × height viewport, @zoom screen pixels
 * per level-0 cell. */
typedef struct
{
  double x0, y0;
  double zoom;
  int    width, height;
} MsGlView;

/* One quad being drawn: the area of tile @key, its cells taken from the
 * texture of @texture_key (the tile itself, or a coarser ancestor while the
 * tile is not uploaded).  texture_width × texture_height are that tile's own
 * cells; cell_box, in its texels (apron at 0), bounds the cells the quad
 * covers, so shading never reads a neighbour's texels across a seam. */
typedef struct
{
  MsTileKey key;
  MsTileKey texture_key;
  guint     texture_width, texture_height;
  double    cells_per_texel;    /* level-0 cells a texel spans: 2^texture_key.level */
  int       cell_box[4];        /* x0, y0, x1, y1 */
} MsGlTileQuad;

#define MS_GL_TILE_RENDERER_MAX_TEXTURES 2

#define MS_TYPE_GL_TILE_RENDERER (ms_gl_tile_renderer_get_type ())
G_DECLARE_DERIVABLE_TYPE (MsGlTileRenderer, ms_gl_tile_renderer, MS, GL_TILE_RENDERER, GObject)

/* What the blueprint and zone GL renderers share: an MsTilePyramid's tiles
 * as textures of (256 + 2)² texels (a one-cell apron, so shading is
 * seamless), kept least-recently-used under a byte budget, marked stale
 * when the pyramid changes them; the program, the quad, the view's
 * transform and the fall-back to a coarser uploaded tile.  Subclasses give
 * the shaders, their uniforms and how a tile becomes texels.
 *
 * Every call but construction needs the GL context current; _unrealize ()
 * must run before the context goes (the GtkGLArea pattern). */
struct _MsGlTileRendererClass
{
  GObjectClass parent_class;

  /* The program: GResource paths of the shaders (see
   * ms_gl_tile_renderer_class_set_program ()). */
  char       *vertex_shader;
  char       *fragment_shader;
  /* "map", "zone": for messages. */
  const char *what;
  /* Textures a tile is uploaded as (texture units 0 …), and their bytes a
   * texel (all of them together), for the budget. */
  guint       n_tile_textures;
  gsize       bytes_per_texel;
  /* Colour once, compose every frame (see
   * ms_gl_tile_renderer_class_set_compose ()). */
  gboolean    compose;
  gboolean    compose_clamps_to_cell_box;

  /* The program's uniforms: their locations are written, in this order,
   * into the GLint array at uniforms_offset in the instance. */
  const char *const *uniform_names;
  guint       n_uniforms;
  gsize       uniforms_offset;

  /* After the program is linked and the uniforms found: the subclass's own
   * textures (texture units n_tile_textures …). */
  void     (*realize)           (MsGlTileRenderer   *self);
  void     (*unrealize)         (MsGlTileRenderer   *self);
  /* Optional: FALSE (with @error) when this view cannot be drawn. */
  gboolean (*check_draw)        (MsGlTileRenderer   *self,
                                 GError            **error);
  /* Per draw, with the program in use: uniforms and the subclass's own
   * textures bound; texture unit 0 left active. */
  void     (*set_uniforms)      (MsGlTileRenderer   *self,
                                 const MsGlView     *view);
  /* Per quad. */
  void     (*set_quad_uniforms) (MsGlTileRenderer   *self,
                                 const MsGlTileQuad *quad);
  /* Fills @textures (n_tile_textures of them, generated) from @tile with
   * ms_gl_tile_renderer_tex_image (). */
  void     (*upload_tile)       (MsGlTileRenderer   *self,
                                 gconstpointer       tile,
                                 const GLuint       *textures);
  /* A pyramid tile's key; and (optional) whether an edit overtook the
   * tile, so it is drawn but still listed missing. */
  const MsTileKey *(*tile_key)  (gconstpointer       tile);
  gboolean (*is_tile_stale)     (MsGlTileRenderer   *self,
                                 gconstpointer       tile);

  gpointer padding[8];
};

MsTilePyramid *ms_gl_tile_renderer_get_pyramid       (MsGlTileRenderer *self);
gboolean       ms_gl_tile_renderer_get_realized      (MsGlTileRenderer *self);
gboolean       ms_gl_tile_renderer_realize           (MsGlTileRenderer *self,
                                                      GError          **error);
void           ms_gl_tile_renderer_unrealize         (MsGlTileRenderer *self);
guint          ms_gl_tile_renderer_level_for_zoom    (MsGlTileRenderer *self,
                                                      double            zoom);
/* The tiles the view wants at its level that are not uploaded, or stale. */
GArray        *ms_gl_tile_renderer_get_missing       (MsGlTileRenderer *self,
                                                      const MsGlView   *view);
/* Uploads @tile (an opaque pyramid tile) as tile @key, whose own cells are
 * @width × @height, replacing any earlier upload; @stale: an edit overtook
 * it, so it is drawn but still listed missing. */
void           ms_gl_tile_renderer_upload            (MsGlTileRenderer *self,
                                                      const MsTileKey  *key,
                                                      guint             width,
                                                      guint             height,
                                                      gboolean          stale,
                                                      gconstpointer     tile);
/* Uploads a tile of the renderer's pyramid (see tile_key). */
void           ms_gl_tile_renderer_upload_pyramid_tile (MsGlTileRenderer *self,
                                                        gconstpointer     tile);
/* Marks these uploaded tiles stale. */
void           ms_gl_tile_renderer_invalidate        (MsGlTileRenderer *self,
                                                      const MsTileKey  *keys,
                                                      guint             n_keys);
gboolean       ms_gl_tile_renderer_is_stale          (MsGlTileRenderer *self,
                                                      const MsTileKey  *key);
/* Whether tile @key is uploaded and not stale. */
gboolean       ms_gl_tile_renderer_has_tile          (MsGlTileRenderer *self,
                                                      const MsTileKey  *key);
/* Draws into the bound framebuffer; a tile not uploaded is drawn from the
 * nearest coarser tile that is. */
gboolean       ms_gl_tile_renderer_draw              (MsGlTileRenderer *self,
                                                      const MsGlView   *view,
                                                      GError          **error);
/* A new style: every tile is coloured again before a frame draws it. */
void           ms_gl_tile_renderer_restyle           (MsGlTileRenderer *self);
/* Tiles the per-cell shader coloured into a texture since the renderer was
 * made, and quads it shaded on screen per pixel (tiles a frame had no
 * budget left to colour, or all when the renderer cannot compose). */
guint64        ms_gl_tile_renderer_get_n_colourings  (MsGlTileRenderer *self);
guint64        ms_gl_tile_renderer_get_n_shaded_quads (MsGlTileRenderer *self);
/* Textures uploaded since the renderer was made, replacements included. */
guint64        ms_gl_tile_renderer_get_n_uploads     (MsGlTileRenderer *self);
guint          ms_gl_tile_renderer_get_n_textures    (MsGlTileRenderer *self);
gsize          ms_gl_tile_renderer_get_texture_bytes (MsGlTileRenderer *self);

/* For subclasses (made with the construct-only properties "pyramid" and
 * "texture-budget").  In class_init: the program, from the shaders of
 * render/gl/shaders/ and the uniforms (@n of them, their locations stored at
 * @offset in the instance), and what a tile is uploaded as. */
void           ms_gl_tile_renderer_class_set_program (MsGlTileRendererClass *klass,
                                                      const char            *vertex_shader,
                                                      const char            *fragment_shader,
                                                      const char *const     *uniform_names,
                                                      guint                  n,
                                                      gsize                  offset);
/* The fragment shader colours each fragment from its cell alone (the cell,
 * its neighbours, the uniforms of set_uniforms (), which may change only
 * with ms_gl_tile_renderer_restyle ()), clamped to the texture's own cells
 * or (@clamp_to_cell_box) to the quad's cell_box: so each tile is coloured
 * once into a texture and composed every frame after. */
void           ms_gl_tile_renderer_class_set_compose (MsGlTileRendererClass *klass,
                                                      gboolean               clamp_to_cell_box);
void           ms_gl_tile_renderer_class_set_tiles   (MsGlTileRendererClass *klass,
                                                      guint                  n_textures,
                                                      gsize                  bytes_per_texel);
/* Uploads @texels into @texture: fetched, never filtered, clamped. */
void           ms_gl_tile_renderer_tex_image         (GLuint            texture,
                                                      GLint             internal_format,
                                                      guint             width,
                                                      guint             height,
                                                      GLenum            format,
                                                      GLenum            type,
                                                      gconstpointer     texels);
GLuint         ms_gl_tile_renderer_new_texture       (GLint             internal_format,
                                                      guint             width,
                                                      guint             height,
                                                      GLenum            format,
                                                      GLenum            type,
                                                      gconstpointer     texels);

/* The typed face of a subclass: _realize, _unrealize, _level_for_zoom,
 * _get_missing, _invalidate, _is_stale, _draw, _get_n_uploads,
 * _get_n_textures, _get_texture_bytes, _upload_tile, each forwarding to the
 * ms_gl_tile_renderer_ function of the same name, and the subclass's own
 * _set_style and _upload_tile (@Tile: the pyramid's).  _DECLARE in the
 * subclass's header, _DEFINE (all but the subclass's own) in its file. */
#define MS_GL_TILE_RENDERER_DECLARE_TYPED(TN, t_n, Tile, Style)                             \
  void      t_n##_set_style         (TN *self, const Style *style);                         \
  void      t_n##_upload_tile       (TN *self, Tile *tile);                                 \
  gboolean  t_n##_realize           (TN *self, GError **error);                             \
  void      t_n##_unrealize         (TN *self);                                             \
  guint     t_n##_level_for_zoom    (TN *self, double zoom);                                \
  GArray   *t_n##_get_missing       (TN *self, const MsGlView *view);                       \
  void      t_n##_invalidate        (TN *self, const MsTileKey *keys, guint n_keys);        \
  gboolean  t_n##_is_stale          (TN *self, const MsTileKey *key);                       \
  gboolean  t_n##_draw              (TN *self, const MsGlView *view, GError **error);       \
  guint64   t_n##_get_n_uploads     (TN *self);                                             \
  guint     t_n##_get_n_textures    (TN *self);                                             \
  gsize     t_n##_get_texture_bytes (TN *self)

#define MS_GL_TILE_RENDERER_DEFINE_TYPED(TN, t_n, Tile)                                     \
  void t_n##_upload_tile (TN *self, Tile *tile)                                             \
  { ms_gl_tile_renderer_upload_pyramid_tile (MS_GL_TILE_RENDERER (self), tile); }           \
  gboolean t_n##_realize (TN *self, GError **error)                                         \
  { return ms_gl_tile_renderer_realize (MS_GL_TILE_RENDERER (self), error); }               \
  void t_n##_unrealize (TN *self)                                                           \
  { ms_gl_tile_renderer_unrealize (MS_GL_TILE_RENDERER (self)); }                           \
  guint t_n##_level_for_zoom (TN *self, double zoom)                                        \
  { return ms_gl_tile_renderer_level_for_zoom (MS_GL_TILE_RENDERER (self), zoom); }         \
  GArray *t_n##_get_missing (TN *self, const MsGlView *view)                                \
  { return ms_gl_tile_renderer_get_missing (MS_GL_TILE_RENDERER (self), view); }            \
  void t_n##_invalidate (TN *self, const MsTileKey *keys, guint n_keys)                     \
  { ms_gl_tile_renderer_invalidate (MS_GL_TILE_RENDERER (self), keys, n_keys); }            \
  gboolean t_n##_is_stale (TN *self, const MsTileKey *key)                                  \
  { return ms_gl_tile_renderer_is_stale (MS_GL_TILE_RENDERER (self), key); }                \
  gboolean t_n##_draw (TN *self, const MsGlView *view, GError **error)                      \
  { return ms_gl_tile_renderer_draw (MS_GL_TILE_RENDERER (self), view, error); }            \
  guint64 t_n##_get_n_uploads (TN *self)                                                    \
  { return ms_gl_tile_renderer_get_n_uploads (MS_GL_TILE_RENDERER (self)); }                \
  guint t_n##_get_n_textures (TN *self)                                                     \
  { return ms_gl_tile_renderer_get_n_textures (MS_GL_TILE_RENDERER (self)); }               \
  gsize t_n##_get_texture_bytes (TN *self)                                                  \
  { return ms_gl_tile_renderer_get_texture_bytes (MS_GL_TILE_RENDERER (self)); }

G_END_DECLS
