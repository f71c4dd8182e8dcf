/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL zone renderer, an MsGlTileRenderer.  Each pyramid tile becomes two
 * textures of (256 + 2)² texels: RGBA32F (height, spawn, slope, plant-allowed share),
 * the means a shader interpolates colours from, and RGBA16UI (control,
 * blocking, plant type, ground type), the flags and ordinals it must see
 * exactly.  Holding every field, a tile serves every zone view and every
 * set of overlays, so switching views or toggling overlays uploads nothing.
 * Only the tiles an edit changed are uploaded again.
 *
 * The fragment shader (shaders/zone.frag) mirrors the CPU zone renderer;
 * the colours reach it from the C colour functions — ramps sampled into a
 * small float texture, flag colours as uniforms, the profile's palettes as
 * a texture — so each colour has one definition.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <epoxy/gl.h>

#include "ms-colour.h"
#include "ms-contours.h"
#include "ms-zone-gl-renderer.h"

#define MISSING (-1.0e30f)
#define RAMP_WIDTH 256
#define RAMP_ROWS 11   /* 8 rows of the land ramp, spawn, slope, water */

struct _MsZoneGlRenderer
{
  MsGlTileRenderer  parent_instance;

  MsZoneStyle       style;

  GLuint            ramps;     /* RAMP_WIDTH × RAMP_ROWS RGBA32F, texture unit 2 */
  GLuint            palette;   /* 256 × 2 RGBA8, texture unit 3 */
  struct
  {
    GLint viewport, cells, flags, ramps, palette, layer, mask, light, spacing, scale;
    GLint strength, opacity, has_relief, relief, allowed, control, blocking;
    GLint overlays, control_mask, blocking_mask, tint, opacities, cell_box;
    GLint contours, multi;
    GLint span, has_water, water_level, coast_band, coast, map_control, map_blocking;
  } u;
};

/* In the order of u. */
static const char *const uniform_names[] = {
  "u_viewport", "u_cells", "u_flags", "u_ramps", "u_palette", "u_layer", "u_mask", "u_light",
  "u_spacing", "u_scale", "u_strength", "u_opacity", "u_has_relief", "u_relief", "u_allowed",
  "u_control", "u_blocking", "u_overlays", "u_control_mask", "u_blocking_mask", "u_tint",
  "u_opacities", "u_cell_box", "u_contours", "u_multi",
  "u_span", "u_has_water", "u_water_level", "u_coast_band", "u_coast",
  "u_map_control", "u_map_blocking",
};
G_STATIC_ASSERT (sizeof (((MsZoneGlRenderer *) NULL)->u) == G_N_ELEMENTS (uniform_names) * sizeof (GLint));

G_DEFINE_FINAL_TYPE (MsZoneGlRenderer, ms_zone_gl_renderer, MS_TYPE_GL_TILE_RENDERER)

/* The base's pyramid. */
#define PYRAMID(self) MS_ZONE_PYRAMID (ms_gl_tile_renderer_get_pyramid (MS_GL_TILE_RENDERER (self)))

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
    put_rgb (texels + 4 * i, ms_colour_zone_land ((float) i / (8 * RAMP_WIDTH - 1)));
  for (guint i = 0; i < 256; i++)
    {
      put_rgb (texels + 4 * (8 * RAMP_WIDTH + i), ms_colour_zone_spawn ((float) i));
      put_rgb (texels + 4 * (9 * RAMP_WIDTH + i), ms_colour_zone_slope ((float) i));
      put_rgb (texels + 4 * (10 * RAMP_WIDTH + i), ms_colour_zone_water ((float) i));
    }

  self->ramps = ms_gl_tile_renderer_new_texture (GL_RGBA32F, RAMP_WIDTH, RAMP_ROWS, GL_RGBA, GL_FLOAT, texels);
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
  MsProfile *profile = ms_zone_get_profile (ms_zone_pyramid_get_zone (PYRAMID (self)));
  guint8 texels[2 * 256 * 4];

  /* A texture, not a uniform array: 512 colours exceed what GLES promises. */
  put_profile_row (texels, profile, MS_PROFILE_PLANT_TYPES);
  put_profile_row (texels + 256 * 4, profile, MS_PROFILE_GROUND_TYPES);

  self->palette = ms_gl_tile_renderer_new_texture (GL_RGBA8, 256, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
}

/* The ramps and palettes, when the program is made. */
static void
realize (MsGlTileRenderer *renderer)
{
  upload_palette (MS_ZONE_GL_RENDERER (renderer));
  upload_ramps (MS_ZONE_GL_RENDERER (renderer));
}

static void
unrealize (MsGlTileRenderer *renderer)
{
  MsZoneGlRenderer *self = MS_ZONE_GL_RENDERER (renderer);

  glDeleteTextures (1, &self->ramps);
  glDeleteTextures (1, &self->palette);
  self->ramps = self->palette = 0;
}

/* The zone must have the layer shown, as for ms_render_zone (). */
static gboolean
check_draw (MsGlTileRenderer  *renderer,
            GError           **error)
{
  MsZoneGlRenderer *self = MS_ZONE_GL_RENDERER (renderer);
  MsZone *zone = ms_zone_pyramid_get_zone (PYRAMID (self));
  MsZoneLayer source = ms_zone_cell_source_layer (self->style.layer);

  if (ms_zone_cell_layer_required (self->style.layer) && !ms_zone_has_layer (zone, source))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                   "The %s view needs %s, which zone %u does not have",
                   ms_zone_render_layer_to_string (self->style.layer),
                   ms_zone_get_layer_path (zone, source), ms_zone_get_id (zone));
      return FALSE;
    }
  return TRUE;
}

/* The map's marks by bit, (r, g, b, opacity). */
static void
put_marks (float           *out,
           guint            n,
           MsZoneMapMark  (*mark) (guint bit))
{
  for (guint bit = 0; bit < n; bit++)
    {
      MsZoneMapMark m = mark (bit);

      out[4 * bit + 0] = m.colour.r;
      out[4 * bit + 1] = m.colour.g;
      out[4 * bit + 2] = m.colour.b;
      out[4 * bit + 3] = m.opacity;
    }
}

static void
set_uniforms (MsGlTileRenderer *renderer,
              const MsGlView   *view)
{
  MsZoneGlRenderer *self = MS_ZONE_GL_RENDERER (renderer);
  const MsZoneStyle *s = &self->style;
  float control[16 * 3], blocking[8 * 3], map_control[16 * 4], map_blocking[8 * 4];
  MsZoneHeightSpan span;
  MsRgb coast = ms_colour_zone_coast ();
  MsRgb relief = ms_colour_zone_relief (&s->light, 0.0f, 0.0f);  /* strength 0: the grey */
  MsRgb allowed = ms_colour_zone_plant_allowed ();
  MsZoneCellFields fields = ms_zone_pyramid_get_fields (PYRAMID (self));
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

  put_marks (map_control, 16, ms_colour_zone_map_control);
  put_marks (map_blocking, 8, ms_colour_zone_map_blocking);
  /* The zone's, once: every tile shares the ramp. */
  ms_zone_get_height_span (ms_zone_pyramid_get_zone (PYRAMID (self)), &span);

  glActiveTexture (GL_TEXTURE2);
  glBindTexture (GL_TEXTURE_2D, self->ramps);
  glActiveTexture (GL_TEXTURE3);
  glBindTexture (GL_TEXTURE_2D, self->palette);
  glActiveTexture (GL_TEXTURE0);

  glUniform2f (self->u.viewport, (float) view->width, (float) view->height);
  glUniform1i (self->u.cells, 0);
  glUniform1i (self->u.flags, 1);
  glUniform1i (self->u.ramps, 2);
  glUniform1i (self->u.palette, 3);
  glUniform1i (self->u.layer, s->layer);
  glUniform1i (self->u.mask, s->flags);
  glUniform3f (self->u.light, s->light.x, s->light.y, s->light.z);
  glUniform1i (self->u.multi, s->light.multidirectional);
  {
    MsContours contours = { s->contour_interval, 0.0f, 1.0f };

    glUniform2f (self->u.contours, s->contour_interval > 0.0f ? CLAMP (s->contour_opacity, 0.0f, 1.0f) : 0.0f,
                 ms_contour_factor (&contours));
  }
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
  glUniform2f (self->u.span, span.lo, span.hi);
  glUniform1i (self->u.has_water, span.has_water != FALSE);
  glUniform1f (self->u.water_level, (float) MS_ZONE_WATER_LEVEL);
  glUniform1f (self->u.coast_band, MS_ZONE_COAST_BAND);
  glUniform3f (self->u.coast, coast.r, coast.g, coast.b);
  glUniform4fv (self->u.map_control, 16, map_control);
  glUniform4fv (self->u.map_blocking, 8, map_blocking);
}

static void
set_quad_uniforms (MsGlTileRenderer   *renderer,
                   const MsGlTileQuad *quad)
{
  MsZoneGlRenderer *self = MS_ZONE_GL_RENDERER (renderer);

  /* Shading spans the cells of the texture drawn.  Fragments stay on the
   * quad's own cells (see u_cell_box in zone.frag). */
  glUniform1f (self->u.spacing, (float) quad->cells_per_texel);
  glUniform4i (self->u.cell_box, quad->cell_box[0], quad->cell_box[1], quad->cell_box[2],
               quad->cell_box[3]);
}

static const MsTileKey *
tile_key (gconstpointer tile)
{
  return &((const MsZoneTile *) tile)->key;
}

/* A tile asked for before an edit it missed is shown, but asked for again. */
static gboolean
is_tile_stale (MsGlTileRenderer *renderer,
               gconstpointer     tile)
{
  return !ms_zone_pyramid_is_current (PYRAMID (renderer), (MsZoneTile *) tile);
}

static void
upload_tile (MsGlTileRenderer *renderer,
             gconstpointer     data,
             const GLuint     *textures)
{
  const MsZoneTile *tile = data;
  gsize cells = (gsize) tile->grid_width * tile->grid_height;
  g_autofree float *means = g_new (float, cells * 4);
  g_autofree guint16 *flags = g_new (guint16, cells * 4);

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
  ms_gl_tile_renderer_tex_image (textures[0], GL_RGBA32F, tile->grid_width, tile->grid_height,
                                 GL_RGBA, GL_FLOAT, means);
  ms_gl_tile_renderer_tex_image (textures[1], GL_RGBA16UI, tile->grid_width, tile->grid_height,
                                 GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, flags);
}

static void
ms_zone_gl_renderer_init (MsZoneGlRenderer *self)
{
  ms_zone_style_init (&self->style);
}

static void
ms_zone_gl_renderer_class_init (MsZoneGlRendererClass *klass)
{
  MsGlTileRendererClass *renderer_class = MS_GL_TILE_RENDERER_CLASS (klass);

  renderer_class->what = "zone";
  /* The vertices are the blueprint's: a quad is a quad. */
  ms_gl_tile_renderer_class_set_program (renderer_class, "blueprint.vert", "zone.frag", uniform_names,
                                         G_N_ELEMENTS (uniform_names),
                                         G_STRUCT_OFFSET (MsZoneGlRenderer, u));
  renderer_class->realize = realize;
  renderer_class->unrealize = unrealize;
  /* The means, then the flags (texture units 0 and 1). */
  ms_gl_tile_renderer_class_set_tiles (renderer_class, 2, 4 * (sizeof (float) + sizeof (guint16)));
  renderer_class->upload_tile = upload_tile;
  renderer_class->tile_key = tile_key;
  renderer_class->is_tile_stale = is_tile_stale;
  /* zone.frag colours a fragment from its cell, clamped to the quad's cells. */
  ms_gl_tile_renderer_class_set_compose (renderer_class, TRUE);
  /* Drawing: a view of a layer the zone lacks is refused, as on the CPU. */
  renderer_class->check_draw = check_draw;
  renderer_class->set_uniforms = set_uniforms;
  renderer_class->set_quad_uniforms = set_quad_uniforms;
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

  self = g_object_new (MS_TYPE_ZONE_GL_RENDERER, "pyramid", pyramid,
                       "texture-budget", (guint64) texture_budget, NULL);
  /* Edits turn the uploaded tiles they changed stale. */
  g_signal_connect_object (pyramid, "tiles-invalidated", G_CALLBACK (on_tiles_invalidated),
                           self, 0);
  return self;
}

void
ms_zone_gl_renderer_set_style (MsZoneGlRenderer  *self,
                               const MsZoneStyle *style)
{
  g_return_if_fail (MS_IS_ZONE_GL_RENDERER (self));
  g_return_if_fail (style != NULL && style->layer < MS_N_ZONE_RENDER_LAYERS);
  self->style = *style;
  ms_gl_tile_renderer_restyle (MS_GL_TILE_RENDERER (self));
}

MS_GL_TILE_RENDERER_DEFINE_TYPED (MsZoneGlRenderer, ms_zone_gl_renderer, MsZoneTile)
