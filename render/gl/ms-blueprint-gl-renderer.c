/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL blueprint renderer, an MsGlTileRenderer.  Each pyramid tile becomes
 * one RGBA32F texture (height, water surface, biome, water kind).  The
 * fragment shader colours every cell with the formulas of ms-colour.c; the
 * C ramp tables and the profile's palette are passed as uniforms so there is
 * one definition of each colour.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <epoxy/gl.h>

#include "ms-colour.h"
#include "ms-contours.h"
#include "ms-blueprint-gl-renderer.h"

#define MISSING (-1.0e30f)

/* u_stack is a vec4: the opacities of height, biome, hillshade and water;
 * u_slope and u_contours give the other two per-cell layers'. */
G_STATIC_ASSERT (MS_N_STACK_CELL_LAYERS == 6 && MS_STACK_CONTOURS == 5);
#define MAX_STOPS 8

struct _MsBlueprintGlRenderer
{
  MsGlTileRenderer    parent_instance;

  MsBlueprintStyle    style;
  float               metres_per_pixel;  /* of the draw under way */

  GLuint              palette;   /* 256 × 1 RGBA8 biome colours, texture unit 1 */
  struct
  {
    GLint viewport, size, cells, stack, water_visible, canvas, light, spacing, scale, sea, has_water;
    GLint land, n_land, depth, n_depth, palette, contours, multi, slope, slope_scale, slope_stops, n_slope_stops;
  } u;
};

/* In the order of u. */
static const char *const uniform_names[] = {
  "u_viewport", "u_size", "u_cells", "u_stack", "u_water_visible", "u_canvas", "u_light", "u_spacing",
  "u_scale", "u_sea", "u_has_water", "u_land", "u_n_land", "u_depth", "u_n_depth", "u_palette",
  "u_contours", "u_multi", "u_slope", "u_slope_scale", "u_slope_stops", "u_n_slope_stops",
};
G_STATIC_ASSERT (sizeof (((MsBlueprintGlRenderer *) NULL)->u) ==
                 G_N_ELEMENTS (uniform_names) * sizeof (GLint));

G_DEFINE_FINAL_TYPE (MsBlueprintGlRenderer, ms_blueprint_gl_renderer, MS_TYPE_GL_TILE_RENDERER)

/* The blueprint of the base's pyramid. */
#define BLUEPRINT(self) \
  ms_blueprint_pyramid_get_blueprint (MS_BLUEPRINT_PYRAMID (ms_gl_tile_renderer_get_pyramid (MS_GL_TILE_RENDERER (self))))

/* The biome palette, when the program is made. */
static void
realize (MsGlTileRenderer *self)
{
  MsBlueprintGlRenderer *renderer = MS_BLUEPRINT_GL_RENDERER (self);
  MsProfile *profile = ms_blueprint_get_profile (BLUEPRINT (self));
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
  renderer->palette = ms_gl_tile_renderer_new_texture (GL_RGBA8, 256, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
}

static void
unrealize (MsGlTileRenderer *renderer)
{
  MsBlueprintGlRenderer *self = MS_BLUEPRINT_GL_RENDERER (renderer);

  glDeleteTextures (1, &self->palette);
  self->palette = 0;
}

/* A ramp's stops as vec4s (at, r, g, b). */
static void
set_stops (GLint               location,
           GLint               n_location,
           const MsColourStop *table,
           guint               n)
{
  float stops[MAX_STOPS * 4];

  g_assert (n <= MAX_STOPS);
  for (guint i = 0; i < n; i++)
    {
      stops[4 * i + 0] = table[i].at;
      stops[4 * i + 1] = table[i].colour.r;
      stops[4 * i + 2] = table[i].colour.g;
      stops[4 * i + 3] = table[i].colour.b;
    }
  glUniform4fv (location, (GLsizei) n, stops);
  glUniform1i (n_location, (GLint) n);
}

static void
set_uniforms (MsGlTileRenderer *renderer,
              const MsGlView   *view)
{
  MsBlueprintGlRenderer *self = MS_BLUEPRINT_GL_RENDERER (renderer);
  const MsBlueprintStyle *s = &self->style;
  MsBlueprint *bp = BLUEPRINT (self);
  MsLayerState stack[MS_N_STACK_LAYERS];
  float opacities[MS_N_STACK_LAYERS];
  const MsColourStop *table;
  guint n;

  self->metres_per_pixel = s->metres_per_pixel > 0.0f
                             ? s->metres_per_pixel
                             : MS_DEFAULT_WORLD_SPAN / (float) ms_blueprint_get_map_size (bp);

  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, self->palette);
  glActiveTexture (GL_TEXTURE0);

  glUniform2f (self->u.viewport, (float) view->width, (float) view->height);
  glUniform1i (self->u.cells, 0);
  /* The per-cell layers only; towns and roads are the caller's vectors. */
  ms_blueprint_style_get_stack (s, stack);
  ms_blueprint_style_get_opacities (s, opacities);
  glUniform4f (self->u.stack, opacities[MS_STACK_HEIGHT], opacities[MS_STACK_BIOME], opacities[MS_STACK_HILLSHADE],
               opacities[MS_STACK_WATER]);
  glUniform1f (self->u.slope, opacities[MS_STACK_SLOPE]);
  /* The ground's own slope: no exaggeration. */
  glUniform1f (self->u.slope_scale, MS_METRES_PER_RAW);
  glUniform1i (self->u.water_visible, stack[MS_STACK_WATER].visible);
  glUniform1f (self->u.canvas, MS_BLUEPRINT_CANVAS);
  glUniform3f (self->u.light, s->light.x, s->light.y, s->light.z);
  glUniform1i (self->u.multi, s->light.multidirectional);
  {
    MsContours contours = { s->contour_interval, s->sea_level, MS_METRES_PER_RAW };

    glUniform2f (self->u.contours, s->contour_interval > 0.0f ? opacities[MS_STACK_CONTOURS] : 0.0f,
                 ms_contour_factor (&contours));
  }
  glUniform1f (self->u.scale, MS_METRES_PER_RAW * s->exaggeration);
  glUniform1f (self->u.sea, s->sea_level);
  glUniform1i (self->u.has_water, ms_blueprint_has_water (bp));

  table = ms_colour_get_land_stops (s->ramp, &n);
  set_stops (self->u.land, self->u.n_land, table, n);
  table = ms_colour_get_depth_stops (&n);
  set_stops (self->u.depth, self->u.n_depth, table, n);
  table = ms_colour_get_slope_stops (&n);
  set_stops (self->u.slope_stops, self->u.n_slope_stops, table, n);

  glUniform1i (self->u.palette, 1);
}

static void
set_quad_uniforms (MsGlTileRenderer   *renderer,
                   const MsGlTileQuad *quad)
{
  MsBlueprintGlRenderer *self = MS_BLUEPRINT_GL_RENDERER (renderer);

  /* Shading spans the cells of the texture drawn. */
  glUniform1f (self->u.spacing, self->metres_per_pixel * (float) quad->cells_per_texel);
  glUniform2i (self->u.size, (GLint) quad->texture_width, (GLint) quad->texture_height);
}

/* A blueprint never changes: no tile is ever stale (no is_tile_stale). */
static const MsTileKey *
tile_key (gconstpointer tile)
{
  return &((const MsBlueprintTile *) tile)->key;
}

static void
upload_tile (MsGlTileRenderer *renderer,
             gconstpointer     data,
             const GLuint     *textures)
{
  const MsBlueprintTile *tile = data;
  const MsBlueprintGrid *g = &tile->grid;
  gsize cells = (gsize) g->width * g->height;
  g_autofree float *texels = g_new (float, cells * 4);

  for (gsize i = 0; i < cells; i++)
    {
      float h = g->heights[i];
      guint16 id = g->water_ids[i];

      texels[4 * i + 0] = isfinite (h) ? h : MISSING;
      texels[4 * i + 1] = g->surfaces[i] ? ms_water_level_decode (g->surfaces[i]) : MISSING;
      texels[4 * i + 2] = g->biomes[i];
      texels[4 * i + 3] = id == 0 ? 0.0f : id == 1 ? 1.0f : 2.0f;
    }
  ms_gl_tile_renderer_tex_image (textures[0], GL_RGBA32F, g->width, g->height, GL_RGBA, GL_FLOAT, texels);
}

static void
ms_blueprint_gl_renderer_class_init (MsBlueprintGlRendererClass *klass)
{
  MsGlTileRendererClass *renderer_class = MS_GL_TILE_RENDERER_CLASS (klass);

  renderer_class->what = "map";
  ms_gl_tile_renderer_class_set_program (renderer_class, "blueprint.vert", "blueprint.frag", uniform_names,
                                         G_N_ELEMENTS (uniform_names),
                                         G_STRUCT_OFFSET (MsBlueprintGlRenderer, u));
  /* One RGBA32F texture a tile. */
  ms_gl_tile_renderer_class_set_tiles (renderer_class, 1, 4 * sizeof (float));
  /* blueprint.frag colours a fragment from its cell, clamped to the tile. */
  ms_gl_tile_renderer_class_set_compose (renderer_class, FALSE);
  renderer_class->realize = realize;
  renderer_class->unrealize = unrealize;
  renderer_class->set_uniforms = set_uniforms;
  renderer_class->set_quad_uniforms = set_quad_uniforms;
  renderer_class->upload_tile = upload_tile;
  renderer_class->tile_key = tile_key;
}

static void
ms_blueprint_gl_renderer_init (MsBlueprintGlRenderer *self)
{
  ms_blueprint_style_init (&self->style);
}

MsBlueprintGlRenderer *
ms_blueprint_gl_renderer_new (MsBlueprintPyramid *pyramid,
                              gsize               texture_budget)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (pyramid), NULL);
  return g_object_new (MS_TYPE_BLUEPRINT_GL_RENDERER, "pyramid", pyramid,
                       "texture-budget", (guint64) texture_budget, NULL);
}

void
ms_blueprint_gl_renderer_set_style (MsBlueprintGlRenderer  *self,
                                    const MsBlueprintStyle *style)
{
  g_return_if_fail (MS_IS_BLUEPRINT_GL_RENDERER (self));
  self->style = *style;
  ms_gl_tile_renderer_restyle (MS_GL_TILE_RENDERER (self));
}

MS_GL_TILE_RENDERER_DEFINE_TYPED (MsBlueprintGlRenderer, ms_blueprint_gl_renderer, MsBlueprintTile)
