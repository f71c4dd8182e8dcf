/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-gl"

#include "config.h"

#include "ms-gl-program.h"
#include "ms-gl-tile-renderer.h"
#include "ms-terrain-cpu.h"
#include "ms-terrain-gl.h"

#define SHADERS "/io/github/mapsmith/Mapsmith/render/shaders/"
#define HALF (MS_TERRAIN_MESH / 2)
#define QUADRANT_INDICES (HALF * HALF * 6)

typedef struct
{
  MsTileKey key;
  GLuint    heights, colours;
  guint64   used;     /* the frame it was last drawn in */
} Texture;

struct _MsTerrainGl
{
  GObject     parent_instance;

  guint       max_tiles;
  guint64     frame;
  GHashTable *textures;  /* packed key → Texture */
  GLuint      program, vao, vbo, ebo;
  struct
  {
    GLint mvp, eye, node_origin, spacing, morph, map_size, scale, tile, colour_tile, coarse_tile, contours;
    GLint heights, colours, coarse_heights;
  } u;
};

G_DEFINE_FINAL_TYPE (MsTerrainGl, ms_terrain_gl, G_TYPE_OBJECT)

static void
texture_free (gpointer data)
{
  Texture *t = data;

  /* Only with the context current (unrealize and eviction). */
  glDeleteTextures (1, &t->heights);
  glDeleteTextures (1, &t->colours);
  g_free (t);
}

static void
ms_terrain_gl_finalize (GObject *object)
{
  MsTerrainGl *self = MS_TERRAIN_GL (object);

  /* Unrealize emptied it; with no context there is nothing to delete. */
  g_warn_if_fail (g_hash_table_size (self->textures) == 0);
  g_hash_table_steal_all (self->textures);
  g_hash_table_unref (self->textures);
  G_OBJECT_CLASS (ms_terrain_gl_parent_class)->finalize (object);
}

static void
ms_terrain_gl_class_init (MsTerrainGlClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_terrain_gl_finalize;
}

static void
ms_terrain_gl_init (MsTerrainGl *self)
{
  self->textures = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, texture_free);
}

MsTerrainGl *
ms_terrain_gl_new (guint max_tiles)
{
  MsTerrainGl *self = g_object_new (MS_TYPE_TERRAIN_GL, NULL);

  self->max_tiles = MAX (max_tiles, 16);
  return self;
}

gboolean
ms_terrain_gl_realize (MsTerrainGl  *self,
                       GError      **error)
{
  g_autofree GLfloat *vertices = g_new (GLfloat, (MS_TERRAIN_MESH + 1) * (MS_TERRAIN_MESH + 1) * 2);
  g_autofree GLuint *indices = g_new (GLuint, 4 * QUADRANT_INDICES);
  gsize n = 0;

  g_return_val_if_fail (self->program == 0, FALSE);

  self->program = ms_gl_program_new (SHADERS "terrain.vert", SHADERS "terrain.frag", error);
  if (self->program == 0)
    return FALSE;
#define U(field, name) self->u.field = glGetUniformLocation (self->program, name)
  U (mvp, "u_mvp");
  U (eye, "u_eye");
  U (node_origin, "u_node_origin");
  U (spacing, "u_spacing");
  U (morph, "u_morph");
  U (map_size, "u_map_size");
  U (scale, "u_scale");
  U (tile, "u_tile");
  U (colour_tile, "u_colour_tile");
  U (coarse_tile, "u_coarse_tile");
  U (coarse_heights, "u_coarse_heights");
  U (contours, "u_contours");
  U (heights, "u_heights");
  U (colours, "u_colours");
#undef U

  for (guint j = 0; j <= MS_TERRAIN_MESH; j++)
    for (guint i = 0; i <= MS_TERRAIN_MESH; i++)
      {
        vertices[2 * (j * (MS_TERRAIN_MESH + 1) + i)] = (GLfloat) i;
        vertices[2 * (j * (MS_TERRAIN_MESH + 1) + i) + 1] = (GLfloat) j;
      }
  /* Quadrant q = 2 · qy + qx holds the quads of that quarter, so a
   * quarter node draws one contiguous run. */
  for (guint q = 0; q < 4; q++)
    for (guint j = (q / 2) * HALF; j < (q / 2 + 1) * HALF; j++)
      for (guint i = (q % 2) * HALF; i < (q % 2 + 1) * HALF; i++)
        {
          GLuint a = j * (MS_TERRAIN_MESH + 1) + i, b = a + 1;
          GLuint c = a + MS_TERRAIN_MESH + 1, d = c + 1;

          indices[n++] = a; indices[n++] = b; indices[n++] = d;
          indices[n++] = a; indices[n++] = d; indices[n++] = c;
        }

  glGenVertexArrays (1, &self->vao);
  glBindVertexArray (self->vao);
  glGenBuffers (1, &self->vbo);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);
  glBufferData (GL_ARRAY_BUFFER, (GLsizeiptr) ((MS_TERRAIN_MESH + 1) * (MS_TERRAIN_MESH + 1) * 2 * sizeof (GLfloat)),
                vertices, GL_STATIC_DRAW);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
  glGenBuffers (1, &self->ebo);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, self->ebo);
  glBufferData (GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr) (n * sizeof (GLuint)), indices, GL_STATIC_DRAW);
  glBindVertexArray (0);

  if (glGetError () != GL_NO_ERROR)
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_UNSUPPORTED,
                   "Could not set up the terrain mesh");
      ms_terrain_gl_unrealize (self);
      return FALSE;
    }
  return TRUE;
}

void
ms_terrain_gl_unrealize (MsTerrainGl *self)
{
  g_hash_table_remove_all (self->textures);
  if (self->program != 0)
    glDeleteProgram (self->program);
  if (self->vbo != 0)
    glDeleteBuffers (1, &self->vbo);
  if (self->ebo != 0)
    glDeleteBuffers (1, &self->ebo);
  if (self->vao != 0)
    glDeleteVertexArrays (1, &self->vao);
  self->program = self->vbo = self->ebo = self->vao = 0;
}

gboolean
ms_terrain_gl_has_tile (MsTerrainGl     *self,
                        const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);

  return g_hash_table_contains (self->textures, &packed);
}

static GLuint
new_texture (void)
{
  GLuint name;

  glGenTextures (1, &name);
  glBindTexture (GL_TEXTURE_2D, name);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return name;
}

static void
evict (MsTerrainGl *self)
{
  while (g_hash_table_size (self->textures) > self->max_tiles)
    {
      GHashTableIter iter;
      gpointer value;
      Texture *oldest = NULL;

      g_hash_table_iter_init (&iter, self->textures);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        if (oldest == NULL || ((Texture *) value)->used < oldest->used)
          oldest = value;
      /* Never what this frame draws, nor the top tile everything falls
       * back on: then the budget is simply exceeded. */
      if (oldest == NULL || oldest->used >= self->frame)
        return;
      {
        guint64 packed = ms_tile_key_pack (&oldest->key);
        g_hash_table_remove (self->textures, &packed);
      }
    }
}

void
ms_terrain_gl_upload (MsTerrainGl         *self,
                      const MsTerrainTile *tile)
{
  g_autofree guint8 *rgba = g_new (guint8, (gsize) tile->width * tile->height * 4);
  guint64 *packed = g_new (guint64, 1);
  Texture *t = g_new0 (Texture, 1);

  /* ARGB32 words to RGBA bytes: GLES has no BGRA upload. */
  for (gsize i = 0; i < (gsize) tile->width * tile->height; i++)
    {
      guint32 c = tile->colours[i];
      rgba[4 * i] = (c >> 16) & 0xff;
      rgba[4 * i + 1] = (c >> 8) & 0xff;
      rgba[4 * i + 2] = c & 0xff;
      rgba[4 * i + 3] = 0xff;
    }
  t->key = tile->key;
  t->used = self->frame;
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  t->heights = new_texture ();
  glTexImage2D (GL_TEXTURE_2D, 0, GL_R32F, (GLsizei) tile->width + 2, (GLsizei) tile->height + 2, 0,
                GL_RED, GL_FLOAT, tile->heights);
  t->colours = new_texture ();
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei) tile->width, (GLsizei) tile->height, 0,
                GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  *packed = ms_tile_key_pack (&tile->key);
  g_hash_table_replace (self->textures, packed, t);
  evict (self);
}

void
ms_terrain_gl_clear (MsTerrainGl *self)
{
  g_hash_table_remove_all (self->textures);
}

guint
ms_terrain_gl_get_n_textures (MsTerrainGl *self)
{
  return g_hash_table_size (self->textures);
}

static Texture *
find_cover (MsTerrainGl     *self,
            const MsTileKey *key,
            guint            top_level)
{
  guint x = key->tx * (MS_TILE_SIZE << key->level), y = key->ty * (MS_TILE_SIZE << key->level);

  for (guint l = key->level; l <= top_level; l++)
    {
      MsTileKey k = { l, x / (MS_TILE_SIZE << l), y / (MS_TILE_SIZE << l) };
      guint64 packed = ms_tile_key_pack (&k);
      Texture *t = g_hash_table_lookup (self->textures, &packed);

      if (t != NULL)
        return t;
    }
  return NULL;
}

guint
ms_terrain_gl_draw (MsTerrainGl           *self,
                    MsTerrainSource       *source,
                    const MsTerrainCamera *camera,
                    double                 exaggeration,
                    GArray                *nodes,
                    GArray                *missing,
                    GError               **error)
{
  guint top = ms_terrain_source_get_top_level (source), map_w, map_h, drawn = 0;
  double m[16], eye[3];
  GLfloat mvp[16];
  GLenum status;
  MsTerrainContours contours;

  self->frame++;
  ms_terrain_source_get_extent (source, &map_w, &map_h);
  ms_terrain_camera_view_projection (camera, m);
  ms_terrain_camera_get_eye (camera, eye);
  for (guint i = 0; i < 16; i++)
    mvp[i] = (GLfloat) m[i];

  glClearColor (((MS_TERRAIN_SKY_ARGB >> 16) & 0xff) / 255.0f, ((MS_TERRAIN_SKY_ARGB >> 8) & 0xff) / 255.0f,
                (MS_TERRAIN_SKY_ARGB & 0xff) / 255.0f, 1.0f);
  glClearDepthf (1.0f);
  glClear (GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable (GL_DEPTH_TEST);
  glDepthFunc (GL_LESS);
  glDisable (GL_BLEND);
  glDisable (GL_CULL_FACE);

  glUseProgram (self->program);
  glBindVertexArray (self->vao);
  glUniformMatrix4fv (self->u.mvp, 1, GL_FALSE, mvp);
  glUniform3f (self->u.eye, (GLfloat) eye[0], (GLfloat) eye[1], (GLfloat) eye[2]);
  glUniform2f (self->u.map_size, (GLfloat) map_w, (GLfloat) map_h);
  glUniform1f (self->u.scale, (GLfloat) (exaggeration / ms_terrain_source_get_metres_per_pixel (source)));
  glUniform1i (self->u.heights, 0);
  glUniform1i (self->u.colours, 1);
  glUniform1i (self->u.coarse_heights, 2);
  ms_terrain_source_get_contours (source, &contours);
  glUniform3f (self->u.contours, contours.interval > 0.0f ? CLAMP (contours.opacity, 0.0f, 1.0f) : 0.0f,
               contours.offset, contours.interval > 0.0f ? 1.0f / contours.interval : 0.0f);

  for (guint i = 0; i < nodes->len; i++)
    {
      const MsTerrainNode *node = &g_array_index (nodes, MsTerrainNode, i);
      guint spacing = 1u << node->lod, full = MS_TERRAIN_MESH << node->lod;
      guint ox = node->x - node->x % full, oy = node->y - node->y % full;
      MsTileKey key, colour_key, coarse_key;
      Texture *t, *c, *p;

      ms_terrain_source_node_key (source, node, &key);
      coarse_key = (MsTileKey) { MIN (key.level + 1, top), 0, 0 };
      coarse_key.tx = node->x / (MS_TILE_SIZE << coarse_key.level);
      coarse_key.ty = node->y / (MS_TILE_SIZE << coarse_key.level);
      ms_terrain_source_node_colour_key (source, node, &colour_key);
      t = find_cover (self, &key, top);
      c = find_cover (self, &colour_key, top);
      p = find_cover (self, &coarse_key, top);
      if (missing != NULL)
        {
          if (t == NULL || t->key.level != key.level)
            g_array_append_val (missing, key);
          if (c == NULL || c->key.level != colour_key.level)
            g_array_append_val (missing, colour_key);
          if (p == NULL || p->key.level != coarse_key.level)
            g_array_append_val (missing, coarse_key);
        }
      if (t == NULL || c == NULL)
        continue;
      if (p == NULL)
        p = t;
      t->used = c->used = p->used = self->frame;

      glActiveTexture (GL_TEXTURE0);
      glBindTexture (GL_TEXTURE_2D, t->heights);
      glActiveTexture (GL_TEXTURE1);
      glBindTexture (GL_TEXTURE_2D, c->colours);
      glActiveTexture (GL_TEXTURE2);
      glBindTexture (GL_TEXTURE_2D, p->heights);
      glUniform2f (self->u.node_origin, (GLfloat) ox, (GLfloat) oy);
      glUniform1f (self->u.spacing, (GLfloat) spacing);
      glUniform2f (self->u.morph, (GLfloat) node->morph_start, (GLfloat) node->morph_end);
      glUniform3f (self->u.tile, (GLfloat) (t->key.tx * (MS_TILE_SIZE << t->key.level)),
                   (GLfloat) (t->key.ty * (MS_TILE_SIZE << t->key.level)),
                   (GLfloat) (1u << t->key.level));
      glUniform3f (self->u.coarse_tile, (GLfloat) (p->key.tx * (MS_TILE_SIZE << p->key.level)),
                   (GLfloat) (p->key.ty * (MS_TILE_SIZE << p->key.level)),
                   (GLfloat) (1u << p->key.level));
      glUniform3f (self->u.colour_tile, (GLfloat) (c->key.tx * (MS_TILE_SIZE << c->key.level)),
                   (GLfloat) (c->key.ty * (MS_TILE_SIZE << c->key.level)),
                   (GLfloat) (1u << c->key.level));
      if (node->quarter)
        {
          guint q = ((node->y - oy) / (full / 2)) * 2 + (node->x - ox) / (full / 2);
          glDrawElements (GL_TRIANGLES, QUADRANT_INDICES, GL_UNSIGNED_INT,
                          (const void *) (gsize) (q * QUADRANT_INDICES * sizeof (GLuint)));
        }
      else
        glDrawElements (GL_TRIANGLES, 4 * QUADRANT_INDICES, GL_UNSIGNED_INT, NULL);
      drawn++;
    }
  glBindVertexArray (0);
  glUseProgram (0);
  glActiveTexture (GL_TEXTURE0);
  glDisable (GL_DEPTH_TEST);

  status = glGetError ();
  if (status != GL_NO_ERROR)
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_DRAW,
                   "GL error 0x%x while drawing the terrain", status);
      return drawn;
    }
  return drawn;
}
