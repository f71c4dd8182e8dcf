/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL zone renderer.  Each pyramid tile becomes two textures of
 * (256 + 2)² texels: RGBA32F (height, spawn, slope, plant-allowed share),
 * the means a shader interpolates colours from, and RGBA16UI (control,
 * blocking, plant type, ground type), the flags and ordinals it must see
 * exactly.  Holding every field, a tile serves every zone view and every
 * set of overlays, so switching views or toggling overlays uploads nothing.
 * Textures are kept least-recently-used under a byte budget, and only the
 * tiles an edit changed are uploaded again.
 *
 * The fragment shader (shaders/zone.frag) mirrors the CPU zone renderer;
 * the colours reach it from the C colour functions — ramps sampled into a
 * small float texture, flag colours as uniforms, the profile's palettes as
 * a texture — so each colour has one definition.
 *
 * All GL handles live in the instance; realize creates them and unrealize
 * deletes them, both with the context current (the GtkGLArea pattern).
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <epoxy/gl.h>

#include "ms-colour.h"
#include "ms-gl-program.h"
#include "ms-zone-gl-renderer.h"
#include "ms-tile-lru.h"

#define MISSING (-1.0e30f)
#define RAMP_WIDTH 256
#define RAMP_ROWS 10   /* 8 rows of heights 0..2047, spawn, slope */

typedef struct
{
  MsTileKey key;
  GLuint    cells;     /* RGBA32F */
  GLuint    flags;     /* RGBA16UI */
  gsize     bytes;
  gboolean  stale;
} TextureEntry;

static void
delete_entry (TextureEntry *entry)
{
  glDeleteTextures (1, &entry->cells);
  glDeleteTextures (1, &entry->flags);
  g_free (entry);
}

struct _MsZoneGlRenderer
{
  GObject        parent_instance;

  MsZonePyramid *pyramid;
  MsZoneStyle    style;

  gboolean       realized;
  GLuint         program;
  GLuint         vao;
  GLuint         vbo;
  GLuint         ramps;     /* RAMP_WIDTH × RAMP_ROWS RGBA32F */
  GLuint         palette;   /* 256 × 2 RGBA8 */
  struct
  {
    GLint viewport, cells, flags, ramps, palette, layer, mask, light, spacing, scale;
    GLint strength, opacity, has_relief, relief, allowed, control, blocking;
    GLint overlays, control_mask, blocking_mask, tint, opacities, cell_box;
  } u;

  MsTileLru     *textures;  /* TextureEntry*, deleted with the context current */
  guint64        n_uploads;
};

G_DEFINE_FINAL_TYPE (MsZoneGlRenderer, ms_zone_gl_renderer, G_TYPE_OBJECT)

static void
ms_zone_gl_renderer_finalize (GObject *object)
{
  MsZoneGlRenderer *self = MS_ZONE_GL_RENDERER (object);

  /* Textures can only go with a current context: unrealize must have run. */
  if (self->realized)
    g_critical ("MsZoneGlRenderer finalized while realized: GL objects leak");

  g_clear_pointer (&self->textures, ms_tile_lru_free);
  g_clear_object (&self->pyramid);

  G_OBJECT_CLASS (ms_zone_gl_renderer_parent_class)->finalize (object);
}

static void
ms_zone_gl_renderer_class_init (MsZoneGlRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_zone_gl_renderer_finalize;
}

static void
ms_zone_gl_renderer_init (MsZoneGlRenderer *self)
{
  ms_zone_style_init (&self->style);
}

static void
on_tiles_invalidated (MsZonePyramid    *pyramid,
                      GArray           *keys,
                      MsZoneGlRenderer *self)
{
  ms_zone_gl_renderer_invalidate (self, (const MsTileKey *) (gconstpointer) keys->data, keys->len);
}

MsZoneGlRenderer *
ms_zone_gl_renderer_new (MsZonePyramid *pyramid,
                         gsize          texture_budget)
{
  MsZoneGlRenderer *self;

  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (pyramid), NULL);

  self = g_object_new (MS_TYPE_ZONE_GL_RENDERER, NULL);
  self->pyramid = g_object_ref (pyramid);
  self->textures = ms_tile_lru_new (texture_budget, (GDestroyNotify) delete_entry);
  g_signal_connect_object (pyramid, "tiles-invalidated", G_CALLBACK (on_tiles_invalidated),
                           self, 0);
  return self;
}

static void
put_rgb (float *texel,
         MsRgb  c)
{
  texel[0] = c.r;
  texel[1] = c.g;
  texel[2] = c.b;
  texel[3] = 1.0f;
}

/* The ramps, sampled at whole values from the C functions. */
static void
upload_ramps (MsZoneGlRenderer *self)
{
  g_autofree float *texels = g_new0 (float, RAMP_WIDTH * RAMP_ROWS * 4);

  for (guint i = 0; i < 8 * RAMP_WIDTH; i++)
    put_rgb (texels + 4 * i, ms_colour_zone_height ((float) i));
  for (guint i = 0; i < 256; i++)
    {
      put_rgb (texels + 4 * (8 * RAMP_WIDTH + i), ms_colour_zone_spawn ((float) i));
      put_rgb (texels + 4 * (9 * RAMP_WIDTH + i), ms_colour_zone_slope ((float) i));
    }

  glGenTextures (1, &self->ramps);
  glBindTexture (GL_TEXTURE_2D, self->ramps);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA32F, RAMP_WIDTH, RAMP_ROWS, 0, GL_RGBA, GL_FLOAT, texels);
  glBindTexture (GL_TEXTURE_2D, 0);
}

static void
put_profile_row (guint8        *row,
                 MsProfile     *profile,
                 MsProfileEnum  kind)
{
  for (guint i = 0; i < 256; i++)
    {
      const MsProfileEntry *e = ms_profile_get_entry (profile, kind, i);

      /* A value the profile does not name is magenta, as on the CPU. */
      row[4 * i + 0] = e != NULL ? e->red : 0xff;
      row[4 * i + 1] = e != NULL ? e->green : 0x00;
      row[4 * i + 2] = e != NULL ? e->blue : 0xff;
      row[4 * i + 3] = 0xff;
    }
}

static void
upload_palette (MsZoneGlRenderer *self)
{
  MsProfile *profile = ms_zone_get_profile (ms_zone_pyramid_get_zone (self->pyramid));
  guint8 texels[2 * 256 * 4];

  /* A texture, not a uniform array: 512 colours exceed what GLES promises. */
  put_profile_row (texels, profile, MS_PROFILE_PLANT_TYPES);
  put_profile_row (texels + 256 * 4, profile, MS_PROFILE_GROUND_TYPES);

  glGenTextures (1, &self->palette);
  glBindTexture (GL_TEXTURE_2D, self->palette);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, 256, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glBindTexture (GL_TEXTURE_2D, 0);
}

gboolean
ms_zone_gl_renderer_realize (MsZoneGlRenderer  *self,
                             GError           **error)
{
  int version;

  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), FALSE);
  g_return_val_if_fail (!self->realized, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  version = epoxy_gl_version ();
  if ((epoxy_is_desktop_gl () && version < 33) || (!epoxy_is_desktop_gl () && version < 30))
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_UNSUPPORTED,
                   "The zone view needs OpenGL 3.3 or OpenGL ES 3.0; this context has %s %d.%d",
                   epoxy_is_desktop_gl () ? "OpenGL" : "OpenGL ES", version / 10, version % 10);
      return FALSE;
    }

  self->program = ms_gl_program_new ("/io/github/mapsmith/Mapsmith/render/shaders/blueprint.vert",
                                     "/io/github/mapsmith/Mapsmith/render/shaders/zone.frag", error);
  if (self->program == 0)
    return FALSE;

#define U(field, name) self->u.field = glGetUniformLocation (self->program, name)
  U (viewport, "u_viewport");
  U (cells, "u_cells");
  U (flags, "u_flags");
  U (ramps, "u_ramps");
  U (palette, "u_palette");
  U (layer, "u_layer");
  U (mask, "u_mask");
  U (light, "u_light");
  U (spacing, "u_spacing");
  U (scale, "u_scale");
  U (strength, "u_strength");
  U (opacity, "u_opacity");
  U (has_relief, "u_has_relief");
  U (relief, "u_relief");
  U (allowed, "u_allowed");
  U (control, "u_control");
  U (blocking, "u_blocking");
  U (overlays, "u_overlays");
  U (control_mask, "u_control_mask");
  U (blocking_mask, "u_blocking_mask");
  U (tint, "u_tint");
  U (opacities, "u_opacities");
  U (cell_box, "u_cell_box");
#undef U

  glGenVertexArrays (1, &self->vao);
  glGenBuffers (1, &self->vbo);
  glBindVertexArray (self->vao);
  glBindBuffer (GL_ARRAY_BUFFER, self->vbo);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 4 * sizeof (float), (void *) 0);
  glEnableVertexAttribArray (1);
  glVertexAttribPointer (1, 2, GL_FLOAT, GL_FALSE, 4 * sizeof (float),
                         (void *) (2 * sizeof (float)));
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);

  upload_ramps (self);
  upload_palette (self);

  self->realized = TRUE;
  return TRUE;
}

void
ms_zone_gl_renderer_unrealize (MsZoneGlRenderer *self)
{
  g_return_if_fail (MS_IS_ZONE_GL_RENDERER (self));

  if (!self->realized)
    return;

  ms_tile_lru_clear (self->textures);

  glDeleteTextures (1, &self->ramps);
  glDeleteTextures (1, &self->palette);
  glDeleteBuffers (1, &self->vbo);
  glDeleteVertexArrays (1, &self->vao);
  glDeleteProgram (self->program);
  self->ramps = self->palette = self->vbo = self->vao = self->program = 0;
  self->realized = FALSE;
}

void
ms_zone_gl_renderer_set_style (MsZoneGlRenderer  *self,
                               const MsZoneStyle *style)
{
  g_return_if_fail (MS_IS_ZONE_GL_RENDERER (self));
  g_return_if_fail (style != NULL && style->layer < MS_N_ZONE_RENDER_LAYERS);
  self->style = *style;
}

guint
ms_zone_gl_renderer_level_for_zoom (MsZoneGlRenderer *self,
                                    double            zoom)
{
  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), 0);
  return ms_tile_level_for_zoom (ms_zone_pyramid_get_top_level (self->pyramid), zoom);
}

static void
visible_range (MsZoneGlRenderer *self,
               const MsGlView   *view,
               guint             level,
               guint            *tx0,
               guint            *ty0,
               guint            *tx1,
               guint            *ty1)
{
  guint nx, ny;

  ms_zone_pyramid_get_tile_grid (self->pyramid, level, &nx, &ny);
  ms_tile_visible_range (nx, ny, level, view->x0, view->y0, view->x0 + view->width / view->zoom,
                         view->y0 + view->height / view->zoom, tx0, ty0, tx1, ty1);
}

static TextureEntry *
find_texture (MsZoneGlRenderer *self,
              const MsTileKey  *key)
{
  return ms_tile_lru_lookup (self->textures, key);
}

GArray *
ms_zone_gl_renderer_get_missing (MsZoneGlRenderer *self,
                                 const MsGlView   *view)
{
  GArray *keys;
  guint level, tx0, ty0, tx1, ty1;

  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), NULL);
  g_return_val_if_fail (view != NULL && view->zoom > 0, NULL);

  keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  level = ms_zone_gl_renderer_level_for_zoom (self, view->zoom);
  visible_range (self, view, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };
        TextureEntry *entry = ms_tile_lru_peek (self->textures, &key);

        if (entry == NULL || entry->stale)
          g_array_append_val (keys, key);
      }
  return keys;
}

static void
set_texture_parameters (void)
{
  /* Cells are fetched, never filtered (integer textures cannot be). */
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void
ms_zone_gl_renderer_upload_tile (MsZoneGlRenderer *self,
                                 MsZoneTile       *tile)
{
  gsize cells;
  g_autofree float *means = NULL;
  g_autofree guint16 *flags = NULL;
  TextureEntry *entry;

  g_return_if_fail (MS_IS_ZONE_GL_RENDERER (self));
  g_return_if_fail (self->realized);
  g_return_if_fail (tile != NULL);

  cells = (gsize) tile->grid_width * tile->grid_height;
  means = g_new (float, cells * 4);
  flags = g_new (guint16, cells * 4);
  for (gsize i = 0; i < cells; i++)
    {
      const MsZoneCell *c = &tile->cells[i];

      means[4 * i + 0] = isfinite (c->height) ? c->height : MISSING;
      means[4 * i + 1] = c->spawn;
      means[4 * i + 2] = c->slope;
      means[4 * i + 3] = c->allowed;
      flags[4 * i + 0] = c->control;
      flags[4 * i + 1] = c->blocking;
      flags[4 * i + 2] = c->plant;
      flags[4 * i + 3] = c->ground;
    }

  /* A new tile may evict cold ones; it is never evicted itself. */
  entry = ms_tile_lru_lookup (self->textures, &tile->key);
  if (entry == NULL)
    {
      entry = g_new0 (TextureEntry, 1);
      entry->key = tile->key;
      entry->bytes = cells * 4 * (sizeof (float) + sizeof (guint16));
      glGenTextures (1, &entry->cells);
      glGenTextures (1, &entry->flags);
      ms_tile_lru_insert (self->textures, &tile->key, entry, entry->bytes);
    }
  /* A tile asked for before an edit it missed is shown, but asked for again. */
  entry->stale = !ms_zone_pyramid_is_current (self->pyramid, tile);
  self->n_uploads++;

  glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
  glBindTexture (GL_TEXTURE_2D, entry->cells);
  set_texture_parameters ();
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei) tile->grid_width,
                (GLsizei) tile->grid_height, 0, GL_RGBA, GL_FLOAT, means);
  glBindTexture (GL_TEXTURE_2D, entry->flags);
  set_texture_parameters ();
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA16UI, (GLsizei) tile->grid_width,
                (GLsizei) tile->grid_height, 0, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, flags);
  glBindTexture (GL_TEXTURE_2D, 0);
}

void
ms_zone_gl_renderer_invalidate (MsZoneGlRenderer *self,
                                const MsTileKey  *keys,
                                guint             n_keys)
{
  g_return_if_fail (MS_IS_ZONE_GL_RENDERER (self));
  g_return_if_fail (keys != NULL || n_keys == 0);

  for (guint i = 0; i < n_keys; i++)
    {
      TextureEntry *entry = ms_tile_lru_peek (self->textures, &keys[i]);

      if (entry != NULL)
        entry->stale = TRUE;
    }
}

gboolean
ms_zone_gl_renderer_is_stale (MsZoneGlRenderer *self,
                              const MsTileKey  *key)
{
  TextureEntry *entry;

  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), FALSE);

  entry = ms_tile_lru_peek (self->textures, key);
  return entry != NULL && entry->stale;
}

static void
set_uniforms (MsZoneGlRenderer *self,
              const MsGlView   *view)
{
  const MsZoneStyle *s = &self->style;
  float control[16 * 3], blocking[8 * 3];
  MsRgb relief = ms_colour_zone_relief (&s->light, 0.0f, 0.0f);  /* strength 0: the grey */
  MsRgb allowed = ms_colour_zone_plant_allowed ();
  MsZoneCellFields fields = ms_zone_pyramid_get_fields (self->pyramid);
  /* An overlay the tiles cannot show adds nothing, as on the CPU. */
  MsZoneOverlays overlays = s->overlays & ms_zone_cell_overlays_for_fields (fields);

  for (guint bit = 0; bit < 16; bit++)
    {
      MsRgb c = ms_colour_zone_control (bit);
      control[3 * bit + 0] = c.r;
      control[3 * bit + 1] = c.g;
      control[3 * bit + 2] = c.b;
    }
  for (guint bit = 0; bit < 8; bit++)
    {
      MsRgb c = ms_colour_zone_blocking (bit);
      blocking[3 * bit + 0] = c.r;
      blocking[3 * bit + 1] = c.g;
      blocking[3 * bit + 2] = c.b;
    }

  glUniform2f (self->u.viewport, (float) view->width, (float) view->height);
  glUniform1i (self->u.cells, 0);
  glUniform1i (self->u.flags, 1);
  glUniform1i (self->u.ramps, 2);
  glUniform1i (self->u.palette, 3);
  glUniform1i (self->u.layer, s->layer);
  glUniform1i (self->u.mask, s->flags);
  glUniform3f (self->u.light, s->light.x, s->light.y, s->light.z);
  glUniform1f (self->u.scale, s->exaggeration);
  glUniform1f (self->u.strength, s->shade_strength);
  glUniform1f (self->u.opacity, s->overlay_opacity);
  glUniform1i (self->u.has_relief, (fields & MS_ZONE_CELL_HEIGHT) != 0);
  glUniform3f (self->u.relief, relief.r, relief.g, relief.b);
  glUniform3f (self->u.allowed, allowed.r, allowed.g, allowed.b);
  glUniform3fv (self->u.control, 16, control);
  glUniform3fv (self->u.blocking, 8, blocking);
  glUniform1i (self->u.overlays, (GLint) overlays);
  glUniform1i (self->u.control_mask, s->control_flags);
  glUniform1i (self->u.blocking_mask, s->blocking_flags);
  glUniform1i (self->u.tint, s->tint_altitude != FALSE);
  glUniform1fv (self->u.opacities, MS_ZONE_N_OVERLAYS, s->overlay_opacities);
}

/* Draws the zone rectangle of tile @key, cells taken from @entry's textures
 * (the tile itself or a coarser ancestor). */
static void
draw_quad (MsZoneGlRenderer   *self,
           const MsGlView     *view,
           const MsTileKey    *key,
           guint               width,
           guint               height,
           const TextureEntry *entry)
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
  float vertices[] = {
    sx0, sy0, cx0, cy0,   sx1, sy0, cx1, cy0,   sx1, sy1, cx1, cy1,
    sx0, sy0, cx0, cy0,   sx1, sy1, cx1, cy1,   sx0, sy1, cx0, cy1,
  };

  /* Shading spans the cells of the texture drawn.  Fragments stay on the
   * quad's own cells (see u_cell_box in zone.frag). */
  glUniform1f (self->u.spacing, (float) ka);
  glUniform4i (self->u.cell_box, (GLint) floor ((mx0 - ax0) / ka), (GLint) floor ((my0 - ay0) / ka),
               (GLint) ceil ((mx1 - ax0) / ka), (GLint) ceil ((my1 - ay0) / ka));
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, entry->flags);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, entry->cells);
  glBufferData (GL_ARRAY_BUFFER, sizeof vertices, vertices, GL_STREAM_DRAW);
  glDrawArrays (GL_TRIANGLES, 0, 6);
}

static void
unbind_textures (void)
{
  for (int unit = 3; unit >= 0; unit--)
    {
      glActiveTexture (GL_TEXTURE0 + unit);
      glBindTexture (GL_TEXTURE_2D, 0);
    }
}

gboolean
ms_zone_gl_renderer_draw (MsZoneGlRenderer  *self,
                          const MsGlView    *view,
                          GError           **error)
{
  MsZone *zone;
  MsZoneLayer source;
  guint level, top, tx0, ty0, tx1, ty1;
  GLenum gl_error;

  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), FALSE);
  g_return_val_if_fail (self->realized, FALSE);
  g_return_val_if_fail (view != NULL && view->zoom > 0, FALSE);
  g_return_val_if_fail (view->width > 0 && view->height > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  zone = ms_zone_pyramid_get_zone (self->pyramid);
  source = ms_zone_cell_source_layer (self->style.layer);
  if (ms_zone_cell_layer_required (self->style.layer) && !ms_zone_has_layer (zone, source))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                   "The %s view needs %s, which zone %u does not have",
                   ms_zone_render_layer_to_string (self->style.layer),
                   ms_zone_get_layer_path (zone, source), ms_zone_get_id (zone));
      return FALSE;
    }

  level = ms_zone_gl_renderer_level_for_zoom (self, view->zoom);
  top = ms_zone_pyramid_get_top_level (self->pyramid);

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
  glActiveTexture (GL_TEXTURE2);
  glBindTexture (GL_TEXTURE_2D, self->ramps);
  glActiveTexture (GL_TEXTURE3);
  glBindTexture (GL_TEXTURE_2D, self->palette);
  glActiveTexture (GL_TEXTURE0);
  set_uniforms (self, view);

  visible_range (self, view, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };
        TextureEntry *entry = find_texture (self, &key);
        guint width, height;

        /* Not there yet: the nearest coarser level that is. */
        for (guint up = level + 1; entry == NULL && up <= top; up++)
          {
            MsTileKey parent = { up, tx >> (up - level), ty >> (up - level) };
            entry = find_texture (self, &parent);
          }
        if (entry == NULL)
          continue;
        ms_zone_pyramid_get_tile_size (self->pyramid, &key, &width, &height);
        draw_quad (self, view, &key, width, height, entry);
      }

  unbind_textures ();
  glBindVertexArray (0);
  glBindBuffer (GL_ARRAY_BUFFER, 0);
  glUseProgram (0);

  gl_error = glGetError ();
  if (gl_error != GL_NO_ERROR)
    {
      g_set_error (error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_DRAW,
                   "OpenGL error 0x%04x while drawing the zone", gl_error);
      return FALSE;
    }
  return TRUE;
}

guint64
ms_zone_gl_renderer_get_n_uploads (MsZoneGlRenderer *self)
{
  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), 0);
  return self->n_uploads;
}

guint
ms_zone_gl_renderer_get_n_textures (MsZoneGlRenderer *self)
{
  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), 0);
  return ms_tile_lru_get_length (self->textures);
}

gsize
ms_zone_gl_renderer_get_texture_bytes (MsZoneGlRenderer *self)
{
  g_return_val_if_fail (MS_IS_ZONE_GL_RENDERER (self), 0);
  return ms_tile_lru_get_bytes (self->textures);
}
