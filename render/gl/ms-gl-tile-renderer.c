/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL tile renderer both views draw with.  Each pyramid tile becomes a
 * few textures of (256 + 2)² texels — never a texture the size of the map,
 * so maps far beyond GL_MAX_TEXTURE_SIZE draw the same way — kept
 * least-recently-used under a byte budget.  A tile drawn is one quad; where
 * the tile is not uploaded yet, the same quad is drawn from the nearest
 * coarser tile that is, so the view never shows a hole.
 *
 * Colour once, compose every frame (issue #37): a subclass whose per-cell
 * shader colours a fragment from its cell alone (the cell's value, its
 * neighbours, the style) runs that shader once per tile and style into an
 * RGBA8 texture of one texel per cell (an FBO render at the tile's own
 * level), and every frame after draws the quads with compose.frag, which
 * fetches the texel of the cell the per-cell shader would have coloured.
 * The quantisation to 8 bits is the framebuffer's own, so the pixels are
 * the per-cell shader's at any zoom, magnified or not.  The coloured
 * texture lives and dies with its tile's cell textures in the same LRU
 * entry, its bytes counted in the same budget.  A style change
 * (ms_gl_tile_renderer_restyle ()) or a new upload makes it stale; a
 * frame colours the stale tiles it draws before it composes, up to a
 * budget, and shades the rest per pixel as before, so no frame shows an
 * old style and none costs much more than a frame shaded per pixel.
 *
 * All GL handles live in the instance; realize creates them and unrealize
 * deletes them, both with the context current (the GtkGLArea pattern).
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <string.h>
#include <epoxy/gl.h>

#include "ms-gl-program.h"
#include "ms-gl-tile-renderer.h"
#include "ms-tile-lru.h"

typedef struct
{
  MsTileKey key;
  GLuint    textures[MS_GL_TILE_RENDERER_MAX_TEXTURES];
  guint     n_textures;
  guint     width, height;  /* the tile's own cells */
  gboolean  stale;
  GLuint    colours;        /* RGBA8, one texel per cell; 0 until first coloured */
  guint64   coloured;       /* the style generation it was coloured for; 0: never */
} TextureEntry;

/* A quad a frame draws: tile @key, from @entry (its own or an ancestor's). */
typedef struct
{
  MsTileKey     key;
  guint         width, height;
  TextureEntry *entry;
} DrawItem;

typedef struct
{
  MsTilePyramid *pyramid;

  gboolean       realized;
  GLuint         program;
  GLuint         vao;
  GLuint         vbo;

  guint64        texture_budget;
  MsTileLru     *textures;  /* TextureEntry*, deleted with the context current */
  guint64        n_uploads;

  /* Colour once, compose every frame (when the class asks for it). */
  gboolean       compose;          /* realized with a compose program */
  GLuint         compose_program;
  GLint          u_colours, u_clamp, u_compose_viewport;
  GLuint         fbo;
  guint64        generation;       /* of the style; starts at 1 */
  guint64        n_colourings;     /* tiles coloured by the per-cell shader */
  guint64        n_shaded_quads;   /* quads drawn by the per-cell shader */
  GArray        *items;            /* DrawItem, reused by every frame */
} MsGlTileRendererPrivate;

enum
{
  PROP_0,
  PROP_PYRAMID,
  PROP_TEXTURE_BUDGET,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MsGlTileRenderer, ms_gl_tile_renderer, G_TYPE_OBJECT)
G_DEFINE_QUARK (ms-gl-renderer-error-quark, ms_gl_renderer_error)

#define SHADERS "/io/github/mapsmith/Mapsmith/render/shaders/"

#define PRIV(self) ((MsGlTileRendererPrivate *) ms_gl_tile_renderer_get_instance_private (self))

static void
delete_entry (gpointer data)
{
  TextureEntry *entry = data;

  glDeleteTextures ((GLsizei) entry->n_textures, entry->textures);
  if (entry->colours != 0)
    glDeleteTextures (1, &entry->colours);
  g_free (entry);
}

static void
ms_gl_tile_renderer_finalize (GObject *object)
{
  MsGlTileRendererPrivate *priv = PRIV (MS_GL_TILE_RENDERER (object));

  /* Textures can only go with a current context: unrealize must have run. */
  if (priv->realized)
    g_critical ("%s finalized while realized: GL objects leak", G_OBJECT_TYPE_NAME (object));

  g_clear_pointer (&priv->textures, ms_tile_lru_free);
  g_clear_pointer (&priv->items, g_array_unref);
  g_clear_object (&priv->pyramid);

  G_OBJECT_CLASS (ms_gl_tile_renderer_parent_class)->finalize (object);
}

static void
ms_gl_tile_renderer_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  MsGlTileRendererPrivate *priv = PRIV (MS_GL_TILE_RENDERER (object));

  switch (prop_id)
    {
    case PROP_PYRAMID:
      priv->pyramid = g_value_dup_object (value);
      break;
    case PROP_TEXTURE_BUDGET:
      priv->texture_budget = g_value_get_uint64 (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_gl_tile_renderer_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MsGlTileRendererPrivate *priv = PRIV (MS_GL_TILE_RENDERER (object));

  switch (prop_id)
    {
    case PROP_PYRAMID:
      g_value_set_object (value, priv->pyramid);
      break;
    case PROP_TEXTURE_BUDGET:
      g_value_set_uint64 (value, priv->texture_budget);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_gl_tile_renderer_constructed (GObject *object)
{
  MsGlTileRendererPrivate *priv = PRIV (MS_GL_TILE_RENDERER (object));
  MsTileKey top_key;

  G_OBJECT_CLASS (ms_gl_tile_renderer_parent_class)->constructed (object);

  g_return_if_fail (MS_IS_TILE_PYRAMID (priv->pyramid));
  g_return_if_fail (MS_GL_TILE_RENDERER_GET_CLASS (object)->n_tile_textures <= MS_GL_TILE_RENDERER_MAX_TEXTURES);
  priv->textures = ms_tile_lru_new ((gsize) priv->texture_budget, delete_entry);
  /* The top stands in wherever nothing finer is, yet a view of fine tiles
   * never draws it, so it would age into the coldest. */
  top_key = (MsTileKey) { ms_tile_pyramid_get_top_level (priv->pyramid), 0, 0 };
  ms_tile_lru_pin (priv->textures, &top_key);
  priv->items = g_array_new (FALSE, FALSE, sizeof (DrawItem));
  priv->generation = 1;
}

static void
ms_gl_tile_renderer_class_init (MsGlTileRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ms_gl_tile_renderer_finalize;
  object_class->set_property = ms_gl_tile_renderer_set_property;
  object_class->get_property = ms_gl_tile_renderer_get_property;
  object_class->constructed = ms_gl_tile_renderer_constructed;
  klass->what = "map";
  klass->n_tile_textures = 1;

  /* The pyramid whose tiles are drawn. */
  props[PROP_PYRAMID] =
    g_param_spec_object ("pyramid", NULL, NULL, MS_TYPE_TILE_PYRAMID,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Bytes of textures kept; the coldest go first. */
  props[PROP_TEXTURE_BUDGET] =
    g_param_spec_uint64 ("texture-budget", NULL, NULL, 0, G_MAXUINT64, 256 << 20,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
ms_gl_tile_renderer_init (MsGlTileRenderer *self)
{
}


void
ms_gl_tile_renderer_class_set_program (MsGlTileRendererClass *klass,
                                       const char            *vertex_shader,
                                       const char            *fragment_shader,
                                       const char *const     *uniform_names,
                                       guint                  n,
                                       gsize                  offset)
{
  /* Class data: made once a type, never freed. */
  klass->vertex_shader = g_strconcat (SHADERS, vertex_shader, NULL);
  klass->fragment_shader = g_strconcat (SHADERS, fragment_shader, NULL);
  klass->uniform_names = uniform_names;
  klass->n_uniforms = n;
  klass->uniforms_offset = offset;
}

void
ms_gl_tile_renderer_class_set_compose (MsGlTileRendererClass *klass,
                                       gboolean               clamp_to_cell_box)
{
  klass->compose = TRUE;
  klass->compose_clamps_to_cell_box = clamp_to_cell_box;
}

void
ms_gl_tile_renderer_class_set_tiles (MsGlTileRendererClass *klass,
                                     guint                  n_textures,
                                     gsize                  bytes_per_texel)
{
  g_return_if_fail (n_textures >= 1 && n_textures <= MS_GL_TILE_RENDERER_MAX_TEXTURES);
  klass->n_tile_textures = n_textures;
  klass->bytes_per_texel = bytes_per_texel;
}

MsTilePyramid *
ms_gl_tile_renderer_get_pyramid (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), NULL);
  return PRIV (self)->pyramid;
}

gboolean
ms_gl_tile_renderer_get_realized (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), FALSE);
  return PRIV (self)->realized;
}

void
ms_gl_tile_renderer_tex_image (GLuint         texture,
                               GLint          internal_format,
                               guint          width,
                               guint          height,
                               GLenum         format,
                               GLenum         type,
                               gconstpointer  texels)
{
  glBindTexture (GL_TEXTURE_2D, texture);
  /* Cells are fetched, never filtered (integer textures cannot be). */
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, internal_format, (GLsizei) width, (GLsizei) height, 0,
                format, type, texels);
  glBindTexture (GL_TEXTURE_2D, 0);
}

GLuint
ms_gl_tile_renderer_new_texture (GLint          internal_format,
                                 guint          width,
                                 guint          height,
                                 GLenum         format,
                                 GLenum         type,
                                 gconstpointer  texels)
{
  GLuint texture;

  glGenTextures (1, &texture);
  ms_gl_tile_renderer_tex_image (texture, internal_format, width, height, format, type, texels);
  return texture;
}

gboolean
ms_gl_tile_renderer_realize (MsGlTileRenderer  *self,
                             GError           **error)
{
  MsGlTileRendererClass *klass;
  MsGlTileRendererPrivate *priv;
  int version;

  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), FALSE);
  g_return_val_if_fail (!PRIV (self)->realized, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  klass = MS_GL_TILE_RENDERER_GET_CLASS (self);
  priv = PRIV (self);
  version = epoxy_gl_version ();
  if ((epoxy_is_desktop_gl () && version < 33) || (!epoxy_is_desktop_gl () && version < 30))
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_UNSUPPORTED,
                   "The %s view needs OpenGL 3.3 or OpenGL ES 3.0; this context has %s %d.%d",
                   klass->what, epoxy_is_desktop_gl () ? "OpenGL" : "OpenGL ES",
                   version / 10, version % 10);
      return FALSE;
    }

  priv->program = ms_gl_program_new (klass->vertex_shader, klass->fragment_shader, error);
  if (priv->program == 0)
    return FALSE;

  /* One quad a tile: screen position, then texel coordinates. */
  glGenVertexArrays (1, &priv->vao);
  glGenBuffers (1, &priv->vbo);
  glBindVertexArray (priv->vao);
  glBindBuffer (GL_ARRAY_BUFFER, priv->vbo);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof (float), (void *) 0);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof (float), (void *) (2 * sizeof (float)));
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);

  for (guint i = 0; i < klass->n_uniforms; i++)
    ((GLint *) G_STRUCT_MEMBER_P (self, klass->uniforms_offset))[i] =
      glGetUniformLocation (priv->program, klass->uniform_names[i]);
  klass->realize (self);

  if (klass->compose)
    {
      priv->compose_program = ms_gl_program_new (klass->vertex_shader, SHADERS "compose.frag", error);
      if (priv->compose_program == 0)
        {
          klass->unrealize (self);
          glDeleteBuffers (1, &priv->vbo);
          glDeleteVertexArrays (1, &priv->vao);
          glDeleteProgram (priv->program);
          priv->vbo = priv->vao = priv->program = 0;
          return FALSE;
        }
      priv->u_colours = glGetUniformLocation (priv->compose_program, "u_colours");
      priv->u_clamp = glGetUniformLocation (priv->compose_program, "u_clamp");
      priv->u_compose_viewport = glGetUniformLocation (priv->compose_program, "u_viewport");
      glGenFramebuffers (1, &priv->fbo);
      priv->compose = TRUE;
    }

  priv->realized = TRUE;
  return TRUE;
}

void
ms_gl_tile_renderer_unrealize (MsGlTileRenderer *self)
{
  MsGlTileRendererPrivate *priv;

  g_return_if_fail (MS_IS_GL_TILE_RENDERER (self));

  priv = PRIV (self);
  if (!priv->realized)
    return;

  ms_tile_lru_clear (priv->textures);
  MS_GL_TILE_RENDERER_GET_CLASS (self)->unrealize (self);

  glDeleteBuffers (1, &priv->vbo);
  glDeleteVertexArrays (1, &priv->vao);
  glDeleteProgram (priv->program);
  priv->vbo = priv->vao = priv->program = 0;
  if (priv->compose)
    {
      glDeleteFramebuffers (1, &priv->fbo);
      glDeleteProgram (priv->compose_program);
      priv->fbo = priv->compose_program = 0;
      priv->compose = FALSE;
    }
  priv->realized = FALSE;
}

guint
ms_gl_tile_renderer_level_for_zoom (MsGlTileRenderer *self,
                                    double            zoom)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), 0);
  return ms_tile_level_for_zoom (ms_tile_pyramid_get_top_level (PRIV (self)->pyramid), zoom);
}

static void
visible_range (MsGlTileRenderer *self,
               const MsGlView   *view,
               guint             level,
               guint            *tx0,
               guint            *ty0,
               guint            *tx1,
               guint            *ty1)
{
  guint nx, ny;

  ms_tile_pyramid_get_tile_grid (PRIV (self)->pyramid, level, &nx, &ny);
  ms_tile_visible_range (nx, ny, level, view->x0, view->y0, view->x0 + view->width / view->zoom,
                         view->y0 + view->height / view->zoom, tx0, ty0, tx1, ty1);
}

GArray *
ms_gl_tile_renderer_get_missing (MsGlTileRenderer *self,
                                 const MsGlView   *view)
{
  GArray *keys;
  guint level, tx0, ty0, tx1, ty1;

  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), NULL);
  g_return_val_if_fail (view != NULL && view->zoom > 0, NULL);

  keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  level = ms_gl_tile_renderer_level_for_zoom (self, view->zoom);
  visible_range (self, view, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };
        TextureEntry *entry = ms_tile_lru_peek (PRIV (self)->textures, &key);

        if (entry == NULL || entry->stale)
          g_array_append_val (keys, key);
      }
  return keys;
}

void
ms_gl_tile_renderer_upload (MsGlTileRenderer *self,
                            const MsTileKey  *key,
                            guint             width,
                            guint             height,
                            gboolean          stale,
                            gconstpointer     tile)
{
  MsGlTileRendererClass *klass;
  MsGlTileRendererPrivate *priv;
  TextureEntry *entry;

  g_return_if_fail (MS_IS_GL_TILE_RENDERER (self));
  g_return_if_fail (PRIV (self)->realized);
  g_return_if_fail (key != NULL && tile != NULL);

  klass = MS_GL_TILE_RENDERER_GET_CLASS (self);
  priv = PRIV (self);

  /* A new tile may evict cold ones; it is never evicted itself, nor are
   * the pinned top and the tiles the last frame drew. */
  entry = ms_tile_lru_lookup (priv->textures, key);
  if (entry == NULL)
    {
      gsize bytes;

      bytes = (gsize) (width + 2) * (height + 2) * klass->bytes_per_texel;
      /* The coloured texture's bytes are reserved with the cells': the
       * budget bounds both. */
      if (klass->compose)
        bytes += (gsize) width * height * 4;

      entry = g_new0 (TextureEntry, 1);
      entry->key = *key;
      entry->n_textures = klass->n_tile_textures;
      glGenTextures ((GLsizei) entry->n_textures, entry->textures);
      ms_tile_lru_insert (priv->textures, key, entry, bytes);
    }
  if (entry->colours != 0 && (entry->width != width || entry->height != height))
    {
      glDeleteTextures (1, &entry->colours);
      entry->colours = 0;
    }
  entry->width = width;
  entry->height = height;
  entry->stale = stale;
  entry->coloured = 0;  /* new cells: colour them again */
  priv->n_uploads++;

  klass->upload_tile (self, tile, entry->textures);
}

void
ms_gl_tile_renderer_upload_pyramid_tile (MsGlTileRenderer *self,
                                         gconstpointer     tile)
{
  MsGlTileRendererClass *klass;
  const MsTileKey *key;
  guint width, height;

  g_return_if_fail (MS_IS_GL_TILE_RENDERER (self));
  g_return_if_fail (tile != NULL);

  klass = MS_GL_TILE_RENDERER_GET_CLASS (self);
  key = klass->tile_key (tile);
  ms_tile_pyramid_get_tile_size (PRIV (self)->pyramid, key, &width, &height);
  ms_gl_tile_renderer_upload (self, key, width, height,
                              klass->is_tile_stale != NULL && klass->is_tile_stale (self, tile), tile);
}

void
ms_gl_tile_renderer_invalidate (MsGlTileRenderer *self,
                                const MsTileKey  *keys,
                                guint             n_keys)
{
  g_return_if_fail (MS_IS_GL_TILE_RENDERER (self));
  g_return_if_fail (keys != NULL || n_keys == 0);

  for (guint i = 0; i < n_keys; i++)
    {
      TextureEntry *entry = ms_tile_lru_peek (PRIV (self)->textures, &keys[i]);

      if (entry != NULL)
        entry->stale = TRUE;
    }
}

gboolean
ms_gl_tile_renderer_is_stale (MsGlTileRenderer *self,
                              const MsTileKey  *key)
{
  TextureEntry *entry;

  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), FALSE);

  entry = ms_tile_lru_peek (PRIV (self)->textures, key);
  return entry != NULL && entry->stale;
}

gboolean
ms_gl_tile_renderer_has_tile (MsGlTileRenderer *self,
                              const MsTileKey  *key)
{
  TextureEntry *entry;

  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), FALSE);

  entry = ms_tile_lru_peek (PRIV (self)->textures, key);
  return entry != NULL && !entry->stale;
}

/* The quad of tile @key (its own cells, @width × @height) drawn from
 * @entry's texture: 6 vertices of screen position and texel coordinates. */
static void
quad_vertices (const MsGlView     *view,
               const MsTileKey    *key,
               guint               width,
               guint               height,
               const TextureEntry *entry,
               float               vertices[24],
               MsGlTileQuad       *quad)
{
  double k = ldexp (1.0, (int) key->level);
  double ka = ldexp (1.0, (int) entry->key.level);
  double mx0 = (double) key->tx * MS_TILE_SIZE * k, my0 = (double) key->ty * MS_TILE_SIZE * k;
  double mx1 = mx0 + width * k, my1 = my0 + height * k;
  double ax0 = (double) entry->key.tx * MS_TILE_SIZE * ka;
  double ay0 = (double) entry->key.ty * MS_TILE_SIZE * ka;
  float sx0 = (float) ((mx0 - view->x0) * view->zoom);
  float sy0 = (float) ((my0 - view->y0) * view->zoom);
  float sx1 = (float) ((mx1 - view->x0) * view->zoom);
  float sy1 = (float) ((my1 - view->y0) * view->zoom);
  float cx0 = (float) ((mx0 - ax0) / ka), cy0 = (float) ((my0 - ay0) / ka);
  float cx1 = (float) ((mx1 - ax0) / ka), cy1 = (float) ((my1 - ay0) / ka);
  float v[] = {
    sx0, sy0, cx0, cy0,   sx1, sy0, cx1, cy0,   sx1, sy1, cx1, cy1,
    sx0, sy0, cx0, cy0,   sx1, sy1, cx1, cy1,   sx0, sy1, cx0, cy1,
  };

  memcpy (vertices, v, sizeof v);
  *quad = (MsGlTileQuad) {
    .key = *key,
    .texture_key = entry->key,
    .texture_width = entry->width,
    .texture_height = entry->height,
    .cells_per_texel = ka,
    .cell_box = { (int) floor ((mx0 - ax0) / ka), (int) floor ((my0 - ay0) / ka),
                  (int) ceil ((mx1 - ax0) / ka), (int) ceil ((my1 - ay0) / ka) },
  };
}

/* Binds @entry's cell textures, texture unit 0 left active. */
static void
bind_cells (const TextureEntry *entry)
{
  for (int unit = (int) entry->n_textures - 1; unit >= 0; unit--)
    {
      glActiveTexture (GL_TEXTURE0 + (GLenum) unit);
      glBindTexture (GL_TEXTURE_2D, entry->textures[unit]);
    }
}

/* Draws the level-0 rectangle of tile @key (its own cells, @width ×
 * @height) with the per-cell shader, cells taken from @entry's textures. */
static void
draw_quad (MsGlTileRenderer   *self,
           const MsGlView     *view,
           const MsTileKey    *key,
           guint               width,
           guint               height,
           const TextureEntry *entry)
{
  float vertices[24];
  MsGlTileQuad quad;

  quad_vertices (view, key, width, height, entry, vertices, &quad);
  MS_GL_TILE_RENDERER_GET_CLASS (self)->set_quad_uniforms (self, &quad);
  bind_cells (entry);
  glBufferData (GL_ARRAY_BUFFER, 24 * sizeof (float), vertices, GL_STREAM_DRAW);
  glDrawArrays (GL_TRIANGLES, 0, 6);
  PRIV (self)->n_shaded_quads++;
}

/* The same quad from @entry's coloured texture (compose.frag). */
static void
compose_quad (MsGlTileRenderer   *self,
              const MsGlView     *view,
              const MsTileKey    *key,
              guint               width,
              guint               height,
              const TextureEntry *entry)
{
  MsGlTileRendererPrivate *priv = PRIV (self);
  float vertices[24];
  MsGlTileQuad quad;

  quad_vertices (view, key, width, height, entry, vertices, &quad);
  /* Clamped as the per-cell shader clamps this quad's cells. */
  if (MS_GL_TILE_RENDERER_GET_CLASS (self)->compose_clamps_to_cell_box)
    glUniform4i (priv->u_clamp, quad.cell_box[0], quad.cell_box[1], quad.cell_box[2], quad.cell_box[3]);
  else
    glUniform4i (priv->u_clamp, 0, 0, (GLint) entry->width, (GLint) entry->height);
  glBindTexture (GL_TEXTURE_2D, entry->colours);
  glBufferData (GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STREAM_DRAW);
  glDrawArrays (GL_TRIANGLES, 0, 6);
}

/* Runs the per-cell shader over every cell of the entries the frame draws
 * whose colours are not of the current style, into their coloured
 * textures: one fragment a cell, at the tile's own level, until @budget
 * cells are coloured (the rest are shaded per pixel in this frame, and
 * coloured by the frames after).  Leaves the caller's framebuffer bound
 * again.  FALSE when the framebuffer cannot be drawn into (then frames are
 * shaded per pixel, as before). */
static gboolean
colour_entries (MsGlTileRenderer *self,
                gsize             budget)
{
  MsGlTileRendererClass *klass = MS_GL_TILE_RENDERER_GET_CLASS (self);
  MsGlTileRendererPrivate *priv = PRIV (self);
  GLint draw_fbo = 0, read_fbo = 0, viewport[4];
  gboolean bound = FALSE, ok = TRUE;
  gsize cells = 0;

  for (guint i = 0; i < priv->items->len && cells < budget; i++)
    {
      TextureEntry *entry = g_array_index (priv->items, DrawItem, i).entry;
      MsGlView tile_view = { 0, 0, 1.0, (int) entry->width, (int) entry->height };
      float vertices[24];
      MsGlTileQuad quad;
      float w = (float) entry->width, h = (float) entry->height;

      if (entry->coloured == priv->generation)
        continue;
      if (!bound)
        {
          glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &draw_fbo);
          glGetIntegerv (GL_READ_FRAMEBUFFER_BINDING, &read_fbo);
          glGetIntegerv (GL_VIEWPORT, viewport);
          glBindFramebuffer (GL_FRAMEBUFFER, priv->fbo);
          glDisable (GL_BLEND);
          glDisable (GL_DEPTH_TEST);
          glUseProgram (priv->program);
          glBindVertexArray (priv->vao);
          glBindBuffer (GL_ARRAY_BUFFER, priv->vbo);
          bound = TRUE;
        }
      if (entry->colours == 0)
        entry->colours = ms_gl_tile_renderer_new_texture (GL_RGBA8, entry->width, entry->height,
                                                          GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, entry->colours, 0);
      if (glCheckFramebufferStatus (GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        {
          ok = FALSE;
          break;
        }
      glViewport (0, 0, (GLsizei) entry->width, (GLsizei) entry->height);
      /* Per tile: the viewport is the tile's size. */
      klass->set_uniforms (self, &tile_view);
      quad = (MsGlTileQuad) {
        .key = entry->key,
        .texture_key = entry->key,
        .texture_width = entry->width,
        .texture_height = entry->height,
        .cells_per_texel = ldexp (1.0, (int) entry->key.level),
        .cell_box = { 0, 0, (int) entry->width, (int) entry->height },
      };
      klass->set_quad_uniforms (self, &quad);
      bind_cells (entry);
      /* Cell row y at screen row h - y: blueprint.vert turns screen rows
       * downwards, so cell row 0 lands in the texture's row 0, and each
       * fragment's centre is its cell's centre. */
      {
        float v[] = {
          0, h, 0, 0,   w, h, w, 0,   w, 0, w, h,
          0, h, 0, 0,   w, 0, w, h,   0, 0, 0, h,
        };
        memcpy (vertices, v, sizeof v);
      }
      glBufferData (GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STREAM_DRAW);
      glDrawArrays (GL_TRIANGLES, 0, 6);
      entry->coloured = priv->generation;
      priv->n_colourings++;
      cells += (gsize) entry->width * entry->height;
    }

  if (bound)
    {
      glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
      glBindFramebuffer (GL_DRAW_FRAMEBUFFER, (GLuint) draw_fbo);
      glBindFramebuffer (GL_READ_FRAMEBUFFER, (GLuint) read_fbo);
      glViewport (viewport[0], viewport[1], viewport[2], viewport[3]);
    }
  if (!ok)
    g_warning ("The %s view cannot colour tiles into a texture; it shades every frame", klass->what);
  return ok;
}

static TextureEntry *
find_texture (MsGlTileRenderer *self,
              const MsTileKey  *key)
{
  return ms_tile_lru_lookup (PRIV (self)->textures, key);
}

gboolean
ms_gl_tile_renderer_draw (MsGlTileRenderer  *self,
                          const MsGlView    *view,
                          GError           **error)
{
  MsGlTileRendererClass *klass;
  MsGlTileRendererPrivate *priv;
  guint level, top, tx0, ty0, tx1, ty1, shaded;
  GLenum gl_error;

  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), FALSE);
  g_return_val_if_fail (PRIV (self)->realized, FALSE);
  g_return_val_if_fail (view != NULL && view->zoom > 0, FALSE);
  g_return_val_if_fail (view->width > 0 && view->height > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  klass = MS_GL_TILE_RENDERER_GET_CLASS (self);
  priv = PRIV (self);
  if (klass->check_draw != NULL && !klass->check_draw (self, error))
    return FALSE;

  level = ms_gl_tile_renderer_level_for_zoom (self, view->zoom);
  top = ms_tile_pyramid_get_top_level (priv->pyramid);

  while (glGetError () != GL_NO_ERROR)
    ;  /* errors of others are not ours */

  /* What this frame draws (its own tiles and the coarser ones standing
   * in) stays until the next frame begins: the uploads in between are the
   * tiles this view lacks, and must not evict the ones it shows. */
  ms_tile_lru_begin_use (priv->textures);
  g_array_set_size (priv->items, 0);
  visible_range (self, view, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        DrawItem item = { { level, tx, ty }, 0, 0, NULL };

        item.entry = find_texture (self, &item.key);
        /* Not there yet: the nearest coarser level that is. */
        for (guint up = level + 1; item.entry == NULL && up <= top; up++)
          {
            MsTileKey parent = { up, tx >> (up - level), ty >> (up - level) };
            item.entry = find_texture (self, &parent);
          }
        if (item.entry == NULL)
          continue;
        ms_tile_pyramid_get_tile_size (priv->pyramid, &item.key, &item.width, &item.height);
        g_array_append_val (priv->items, item);
      }

  /* Tiles new to this frame or to the style are coloured first, so the
   * frame never composes an old colour.  Up to as many cells as the frame
   * has pixels: a style change then costs at most about two frames of
   * shading per pixel, not every visible tile at once (at a minified
   * level a tile has up to four cells a pixel); what is left is shaded
   * per pixel, with the same pixels, until a later frame colours it. */
  if (priv->compose
      && !colour_entries (self, MAX ((gsize) view->width * (gsize) view->height, (gsize) 1)))
    priv->compose = FALSE;

  glViewport (0, 0, view->width, view->height);
  glDisable (GL_BLEND);
  glDisable (GL_DEPTH_TEST);
  glClearColor (0.16f, 0.16f, 0.18f, 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);

  glBindVertexArray (priv->vao);
  glBindBuffer (GL_ARRAY_BUFFER, priv->vbo);
  shaded = 0;
  if (priv->compose)
    {
      glUseProgram (priv->compose_program);
      glUniform2f (priv->u_compose_viewport, (float) view->width, (float) view->height);
      glUniform1i (priv->u_colours, 0);
      glActiveTexture (GL_TEXTURE0);
      for (guint i = 0; i < priv->items->len; i++)
        {
          const DrawItem *item = &g_array_index (priv->items, DrawItem, i);

          if (item->entry->coloured == priv->generation)
            compose_quad (self, view, &item->key, item->width, item->height, item->entry);
          else
            shaded++;
        }
    }
  /* The quads not coloured yet (all of them without compose). */
  if (!priv->compose || shaded > 0)
    {
      glUseProgram (priv->program);
      klass->set_uniforms (self, view);
      glActiveTexture (GL_TEXTURE0);
      for (guint i = 0; i < priv->items->len; i++)
        {
          const DrawItem *item = &g_array_index (priv->items, DrawItem, i);

          if (!priv->compose || item->entry->coloured != priv->generation)
            draw_quad (self, view, &item->key, item->width, item->height, item->entry);
        }
    }

  /* Every unit either side may have used. */
  for (int unit = 3; unit >= 0; unit--)
    {
      glActiveTexture (GL_TEXTURE0 + (GLenum) unit);
      glBindTexture (GL_TEXTURE_2D, 0);
    }
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  glUseProgram (0);

  gl_error = glGetError ();
  if (gl_error != GL_NO_ERROR)
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_DRAW,
                   "OpenGL error 0x%04x while drawing the %s", gl_error, klass->what);
      return FALSE;
    }
  return TRUE;
}

void
ms_gl_tile_renderer_restyle (MsGlTileRenderer *self)
{
  g_return_if_fail (MS_IS_GL_TILE_RENDERER (self));
  PRIV (self)->generation++;
}

guint64
ms_gl_tile_renderer_get_n_colourings (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), 0);
  return PRIV (self)->n_colourings;
}

guint64
ms_gl_tile_renderer_get_n_shaded_quads (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), 0);
  return PRIV (self)->n_shaded_quads;
}

guint64
ms_gl_tile_renderer_get_n_uploads (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), 0);
  return PRIV (self)->n_uploads;
}

guint
ms_gl_tile_renderer_get_n_textures (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), 0);
  return ms_tile_lru_get_length (PRIV (self)->textures);
}

gsize
ms_gl_tile_renderer_get_texture_bytes (MsGlTileRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_TILE_RENDERER (self), 0);
  return ms_tile_lru_get_bytes (PRIV (self)->textures);
}
