/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL blueprint renderer.  Each pyramid tile becomes one RGBA32F texture
 * of (256 + 2)² texels — never a texture the size of the map, so maps far
 * beyond GL_MAX_TEXTURE_SIZE draw the same way — kept least-recently-used
 * under a byte budget.  The fragment shader colours every cell with the
 * formulas of ms-colour.c; the C ramp tables and the profile's palette are
 * passed as uniforms so there is one definition of each colour.
 *
 * All GL handles live in the instance; realize creates them and unrealize
 * deletes them, both with the context current (the GtkGLArea pattern).
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <epoxy/gl.h>

#include "ms-colour.h"
#include "ms-gl-renderer.h"
#include "ms-tile-lru.h"
#include "ms-gl-program.h"

#define MISSING (-1.0e30f)

/* u_stack is a vec4: one opacity per per-cell layer. */
G_STATIC_ASSERT (MS_N_STACK_CELL_LAYERS == 4);
#define MAX_STOPS 8

typedef struct
{
  MsTileKey key;
  GLuint    texture;
  guint     width, height;  /* the tile's own cells */
  gsize     bytes;
} TextureEntry;

static void
delete_entry (gpointer data)
{
  TextureEntry *entry = data;

  glDeleteTextures (1, &entry->texture);
  g_free (entry);
}

struct _MsGlRenderer
{
  GObject             parent_instance;

  MsBlueprintPyramid *pyramid;
  MsBlueprintStyle    style;

  gboolean            realized;
  GLuint              program;
  GLuint              vao;
  GLuint              vbo;
  GLuint              palette;   /* 256 × 1 RGBA8 biome colours */
  struct
  {
    GLint viewport, size, cells, stack, water_visible, canvas, light, spacing, scale, sea, has_water;
    GLint land, n_land, depth, n_depth, palette;
  } u;

  MsTileLru          *textures;  /* TextureEntry*, deleted with the context current */
};

G_DEFINE_FINAL_TYPE (MsGlRenderer, ms_gl_renderer, G_TYPE_OBJECT)
G_DEFINE_QUARK (ms-gl-renderer-error-quark, ms_gl_renderer_error)

static void
ms_gl_renderer_finalize (GObject *object)
{
  MsGlRenderer *self = MS_GL_RENDERER (object);

  /* Textures can only go with a current context: unrealize must have run. */
  if (self->realized)
    g_critical ("MsGlRenderer finalized while realized: GL objects leak");

  g_clear_pointer (&self->textures, ms_tile_lru_free);
  g_clear_object (&self->pyramid);

  G_OBJECT_CLASS (ms_gl_renderer_parent_class)->finalize (object);
}

static void
ms_gl_renderer_class_init (MsGlRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_gl_renderer_finalize;
}

static void
ms_gl_renderer_init (MsGlRenderer *self)
{
  ms_blueprint_style_init (&self->style);
}

MsGlRenderer *
ms_gl_renderer_new (MsBlueprintPyramid *pyramid,
                    gsize               texture_budget)
{
  MsGlRenderer *self;

  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (pyramid), NULL);

  self = g_object_new (MS_TYPE_GL_RENDERER, NULL);
  self->pyramid = g_object_ref (pyramid);
  self->textures = ms_tile_lru_new (texture_budget, (GDestroyNotify) delete_entry);
  return self;
}

static void
upload_palette (MsGlRenderer *self)
{
  MsProfile *profile = ms_blueprint_get_profile (ms_blueprint_pyramid_get_blueprint (self->pyramid));
  guint8 texels[256 * 4] = { 0, };
  guint n = MIN (256u, ms_profile_get_count (profile, MS_PROFILE_BIOMES));

  /* A texture, not a uniform array: 256 colours exceed what GLES promises. */
  for (guint i = 0; i < n; i++)
    {
      const MsProfileEntry *e = ms_profile_get_entry (profile, MS_PROFILE_BIOMES, i);
      texels[4 * i + 0] = e->red;
      texels[4 * i + 1] = e->green;
      texels[4 * i + 2] = e->blue;
      texels[4 * i + 3] = 255;
    }

  glGenTextures (1, &self->palette);
  glBindTexture (GL_TEXTURE_2D, self->palette);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, 256, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glBindTexture (GL_TEXTURE_2D, 0);
}

gboolean
ms_gl_renderer_realize (MsGlRenderer  *self,
                        GError       **error)
{
  int version;

  g_return_val_if_fail (MS_IS_GL_RENDERER (self), FALSE);
  g_return_val_if_fail (!self->realized, FALSE);

  version = epoxy_gl_version ();
  if ((epoxy_is_desktop_gl () && version < 33) || (!epoxy_is_desktop_gl () && version < 30))
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_UNSUPPORTED,
                   "The map view needs OpenGL 3.3 or OpenGL ES 3.0; this context has %s %d.%d",
                   epoxy_is_desktop_gl () ? "OpenGL" : "OpenGL ES", version / 10, version % 10);
      return FALSE;
    }

  self->program = ms_gl_program_new ("/io/github/mapsmith/Mapsmith/render/shaders/blueprint.vert",
                                     "/io/github/mapsmith/Mapsmith/render/shaders/blueprint.frag", error);
  if (self->program == 0)
    return FALSE;

#define U(field, name) self->u.field = glGetUniformLocation (self->program, name)
  U (viewport, "u_viewport");
  U (size, "u_size");
  U (cells, "u_cells");
  U (stack, "u_stack");
  U (water_visible, "u_water_visible");
  U (canvas, "u_canvas");
  U (light, "u_light");
  U (spacing, "u_spacing");
  U (scale, "u_scale");
  U (sea, "u_sea");
  U (has_water, "u_has_water");
  U (land, "u_land");
  U (n_land, "u_n_land");
  U (depth, "u_depth");
  U (n_depth, "u_n_depth");
  U (palette, "u_palette");
#undef U

  glGenVertexArrays (1, &self->vao);
  glGenBuffers (1, &self->vbo);
  glBindVertexArray (self->vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof (float), (void *) 0);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof (float), (void *) (2 * sizeof (float)));
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);

  upload_palette (self);

  self->realized = TRUE;
  return TRUE;
}

void
ms_gl_renderer_unrealize (MsGlRenderer *self)
{
  g_return_if_fail (MS_IS_GL_RENDERER (self));

  if (!self->realized)
    return;

  ms_tile_lru_clear (self->textures);

  glDeleteTextures (1, &self->palette);
  glDeleteBuffers (1, &self->vbo);
  glDeleteVertexArrays (1, &self->vao);
  glDeleteProgram (self->program);
  self->palette = self->vbo = self->vao = self->program = 0;
  self->realized = FALSE;
}

void
ms_gl_renderer_set_style (MsGlRenderer           *self,
                          const MsBlueprintStyle *style)
{
  g_return_if_fail (MS_IS_GL_RENDERER (self));
  self->style = *style;
}

guint
ms_gl_renderer_level_for_zoom (MsGlRenderer *self,
                               double        zoom)
{
  g_return_val_if_fail (MS_IS_GL_RENDERER (self), 0);
  return ms_tile_level_for_zoom (ms_blueprint_pyramid_get_top_level (self->pyramid), zoom);
}

static void
visible_range (MsGlRenderer   *self,
               const MsGlView *view,
               guint           level,
               guint          *tx0,
               guint          *ty0,
               guint          *tx1,
               guint          *ty1)
{
  guint nx, ny;

  ms_blueprint_pyramid_get_tile_grid (self->pyramid, level, &nx, &ny);
  ms_tile_visible_range (nx, ny, level, view->x0, view->y0, view->x0 + view->width / view->zoom,
                         view->y0 + view->height / view->zoom, tx0, ty0, tx1, ty1);
}

static TextureEntry *
find_texture (MsGlRenderer    *self,
              const MsTileKey *key)
{
  return ms_tile_lru_lookup (self->textures, key);
}

GArray *
ms_gl_renderer_get_missing (MsGlRenderer   *self,
                            const MsGlView *view)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  guint level = ms_gl_renderer_level_for_zoom (self, view->zoom);
  guint tx0, ty0, tx1, ty1;

  visible_range (self, view, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };
        if (!ms_tile_lru_contains (self->textures, &key))
          g_array_append_val (keys, key);
      }
  return keys;
}

void
ms_gl_renderer_upload_tile (MsGlRenderer    *self,
                            MsBlueprintTile *tile)
{
  const MsBlueprintGrid *g = &tile->grid;
  gsize cells = (gsize) g->width * g->height;
  g_autofree float *texels = g_new (float, cells * 4);
  TextureEntry *entry;

  g_return_if_fail (MS_IS_GL_RENDERER (self));
  g_return_if_fail (self->realized);

  for (gsize i = 0; i < cells; i++)
    {
      float h = g->heights[i];
      guint16 id = g->water_ids[i];

      texels[4 * i + 0] = isfinite (h) ? h : MISSING;
      texels[4 * i + 1] = g->surfaces[i] ? ms_water_level_decode (g->surfaces[i]) : MISSING;
      texels[4 * i + 2] = g->biomes[i];
      texels[4 * i + 3] = id == 0 ? 0.0f : id == 1 ? 1.0f : 2.0f;
    }

  /* A new tile may evict cold ones; it is never evicted itself. */
  entry = ms_tile_lru_lookup (self->textures, &tile->key);
  if (entry == NULL)
    {
      entry = g_new0 (TextureEntry, 1);
      entry->key = tile->key;
      entry->bytes = cells * 4 * sizeof (float);
      glGenTextures (1, &entry->texture);
      ms_tile_lru_insert (self->textures, &tile->key, entry, entry->bytes);
    }
  entry->width = tile->width;
  entry->height = tile->height;

  glBindTexture (GL_TEXTURE_2D, entry->texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei) g->width, (GLsizei) g->height, 0,
                GL_RGBA, GL_FLOAT, texels);
  glBindTexture (GL_TEXTURE_2D, 0);
}

static void
set_uniforms (MsGlRenderer   *self,
              const MsGlView *view)
{
  const MsBlueprintStyle *s = &self->style;
  MsBlueprint *bp = ms_blueprint_pyramid_get_blueprint (self->pyramid);
  MsLayerState stack[MS_N_STACK_LAYERS];
  float opacities[MS_N_STACK_LAYERS];
  float stops[MAX_STOPS * 4];
  const MsColourStop *table;
  guint n;

  glUniform2f (self->u.viewport, (float) view->width, (float) view->height);
  glUniform1i (self->u.cells, 0);
  /* The per-cell layers only; towns and roads are the caller's vectors. */
  ms_blueprint_style_get_stack (s, stack);
  ms_blueprint_style_get_opacities (s, opacities);
  glUniform4fv (self->u.stack, 1, opacities);
  glUniform1i (self->u.water_visible, stack[MS_STACK_WATER].visible);
  glUniform1f (self->u.canvas, MS_BLUEPRINT_CANVAS);
  glUniform3f (self->u.light, s->light.x, s->light.y, s->light.z);
  glUniform1f (self->u.scale, MS_METRES_PER_RAW * s->exaggeration);
  glUniform1f (self->u.sea, s->sea_level);
  glUniform1i (self->u.has_water, ms_blueprint_has_water (bp));

  table = ms_colour_get_land_stops (s->ramp, &n);
  g_assert (n <= MAX_STOPS);
  for (guint i = 0; i < n; i++)
    {
      stops[4 * i + 0] = table[i].at;
      stops[4 * i + 1] = table[i].colour.r;
      stops[4 * i + 2] = table[i].colour.g;
      stops[4 * i + 3] = table[i].colour.b;
    }
  glUniform4fv (self->u.land, (GLsizei) n, stops);
  glUniform1i (self->u.n_land, (GLint) n);

  table = ms_colour_get_depth_stops (&n);
  g_assert (n <= MAX_STOPS);
  for (guint i = 0; i < n; i++)
    {
      stops[4 * i + 0] = table[i].at;
      stops[4 * i + 1] = table[i].colour.r;
      stops[4 * i + 2] = table[i].colour.g;
      stops[4 * i + 3] = table[i].colour.b;
    }
  glUniform4fv (self->u.depth, (GLsizei) n, stops);
  glUniform1i (self->u.n_depth, (GLint) n);

  glUniform1i (self->u.palette, 1);
}

/* Draws the map rectangle of tile @key, cells taken from @entry's texture
 * (the tile itself or a coarser ancestor). */
static void
draw_quad (MsGlRenderer       *self,
           const MsGlView     *view,
           float               metres_per_pixel,
           const MsTileKey    *key,
           guint               width,
           guint               height,
           const TextureEntry *entry)
{
  double k = ldexp (1.0, (int) key->level);
  double ka = ldexp (1.0, (int) entry->key.level);
  double mx0 = (double) key->tx * MS_TILE_SIZE * k, my0 = (double) key->ty * MS_TILE_SIZE * k;
  double mx1 = mx0 + width * k, my1 = my0 + height * k;
  double ax0 = (double) entry->key.tx * MS_TILE_SIZE * ka, ay0 = (double) entry->key.ty * MS_TILE_SIZE * ka;
  float sx0 = (float) ((mx0 - view->x0) * view->zoom), sy0 = (float) ((my0 - view->y0) * view->zoom);
  float sx1 = (float) ((mx1 - view->x0) * view->zoom), sy1 = (float) ((my1 - view->y0) * view->zoom);
  float cx0 = (float) ((mx0 - ax0) / ka), cy0 = (float) ((my0 - ay0) / ka);
  float cx1 = (float) ((mx1 - ax0) / ka), cy1 = (float) ((my1 - ay0) / ka);
  float vertices[] = {
    sx0, sy0, cx0, cy0,   sx1, sy0, cx1, cy0,   sx1, sy1, cx1, cy1,
    sx0, sy0, cx0, cy0,   sx1, sy1, cx1, cy1,   sx0, sy1, cx0, cy1,
  };

  glUniform1f (self->u.spacing, metres_per_pixel * (float) ka);
  glUniform2i (self->u.size, (GLint) entry->width, (GLint) entry->height);
  glBindTexture (GL_TEXTURE_2D, entry->texture);
  glBufferData (GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STREAM_DRAW);
  glDrawArrays (GL_TRIANGLES, 0, 6);
}

gboolean
ms_gl_renderer_draw (MsGlRenderer    *self,
                     const MsGlView  *view,
                     GError         **error)
{
  MsBlueprint *bp;
  guint level, top, tx0, ty0, tx1, ty1;
  float metres_per_pixel;
  guint n;
  GLenum gl_error;

  g_return_val_if_fail (MS_IS_GL_RENDERER (self), FALSE);
  g_return_val_if_fail (self->realized, FALSE);
  g_return_val_if_fail (view->zoom > 0 && view->width > 0 && view->height > 0, FALSE);

  bp = ms_blueprint_pyramid_get_blueprint (self->pyramid);
  n = ms_blueprint_get_map_size (bp);
  metres_per_pixel = self->style.metres_per_pixel > 0.0f ? self->style.metres_per_pixel
                                                         : MS_DEFAULT_WORLD_SPAN / (float) n;
  level = ms_gl_renderer_level_for_zoom (self, view->zoom);
  top = ms_blueprint_pyramid_get_top_level (self->pyramid);

  while (glGetError () != GL_NO_ERROR)
    ;  /* errors of others are not ours */

  glViewport (0, 0, view->width, view->height);
  glDisable (GL_BLEND);
  glDisable (GL_DEPTH_TEST);
  glClearColor (0.16f, 0.16f, 0.18f, 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);

  glUseProgram (self->program);
  glBindVertexArray (self->vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, self->palette);
  glActiveTexture (GL_TEXTURE0);
  set_uniforms (self, view);

  visible_range (self, view, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };
        double span = ldexp ((double) MS_TILE_SIZE, (int) level);
        double k = ldexp (1.0, (int) level);
        guint width = (guint) MIN ((double) MS_TILE_SIZE, ceil ((n - tx * span) / k));
        guint height = (guint) MIN ((double) MS_TILE_SIZE, ceil ((n - ty * span) / k));
        TextureEntry *entry = find_texture (self, &key);

        /* Not there yet: the nearest coarser level that is. */
        for (guint up = level + 1; entry == NULL && up <= top; up++)
          {
            MsTileKey parent = { up, tx >> (up - level), ty >> (up - level) };
            entry = find_texture (self, &parent);
          }
        if (entry != NULL)
          draw_quad (self, view, metres_per_pixel, &key, width, height, entry);
      }

  glBindTexture (GL_TEXTURE_2D, 0);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, 0);
  glActiveTexture (GL_TEXTURE0);
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  glUseProgram (0);

  gl_error = glGetError ();
  if (gl_error != GL_NO_ERROR)
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_DRAW,
                   "OpenGL error 0x%04x while drawing the map", gl_error);
      return FALSE;
    }
  return TRUE;
}

gsize
ms_gl_renderer_get_texture_bytes (MsGlRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_RENDERER (self), 0);
  return ms_tile_lru_get_bytes (self->textures);
}

guint
ms_gl_renderer_get_n_textures (MsGlRenderer *self)
{
  g_return_val_if_fail (MS_IS_GL_RENDERER (self), 0);
  return ms_tile_lru_get_length (self->textures);
}
