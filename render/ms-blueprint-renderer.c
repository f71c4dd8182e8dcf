/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU blueprint renderer: the reference for every other output.
 *
 * Pass 1 reduces the region, plus a one-cell apron so shading is seamless
 * across tiles, to an MsBlueprintGrid (ms-blueprint-grid.c).  Pass 2 turns
 * cells into colours with the colour model, in column bands on the worker
 * pool.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint-grid.h"
#include "ms-blueprint-renderer.h"
#include "ms-enum.h"
#include "ms-parallel.h"
#include "ms-render-enums.h"

void
ms_blueprint_style_init (MsBlueprintStyle *style)
{
  style->layer = MS_BLUEPRINT_LAYER_COMPOSITE;
  style->overlays = MS_OVERLAY_NONE;
  style->ramp = MS_RAMP_TERRAIN;
  ms_light_init (&style->light, 315.0f, 45.0f);
  style->exaggeration = 1.0f;
  /* 0: automatic, see MS_DEFAULT_WORLD_SPAN. */
  style->metres_per_pixel = 0.0f;
  style->shade_strength = 0.8f;
  style->water_opacity = 0.85f;
  style->sea_level = MS_DEFAULT_SEA_LEVEL;
  /* What the composite preset draws, so switching to CUSTOM changes nothing. */
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    style->stack[i] = (MsLayerState) { FALSE, 1.0f };
  style->stack[MS_STACK_HEIGHT].visible = TRUE;
  style->stack[MS_STACK_HILLSHADE] = (MsLayerState) { TRUE, style->shade_strength };
  style->stack[MS_STACK_WATER] = (MsLayerState) { TRUE, style->water_opacity };
}

const char *
ms_stack_layer_to_string (MsStackLayer layer)
{
  g_return_val_if_fail (layer < MS_N_STACK_LAYERS, NULL);
  return ms_enum_get_nick (MS_TYPE_STACK_LAYER, layer);
}

gboolean
ms_stack_layer_from_string (const char   *name,
                            MsStackLayer *layer)
{
  int value;

  if (!ms_enum_from_nick (MS_TYPE_STACK_LAYER, name, &value))
    return FALSE;
  *layer = (MsStackLayer) value;
  return TRUE;
}

void
ms_blueprint_style_get_stack (const MsBlueprintStyle *style,
                              MsLayerState            stack[MS_N_STACK_LAYERS])
{
  g_return_if_fail (style != NULL);

  if (style->layer == MS_BLUEPRINT_LAYER_CUSTOM)
    {
      memcpy (stack, style->stack, sizeof style->stack);
      return;
    }

  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    stack[i] = (MsLayerState) { FALSE, 1.0f };
  switch (style->layer)
    {
    case MS_BLUEPRINT_LAYER_HEIGHT:
      stack[MS_STACK_HEIGHT].visible = TRUE;
      break;
    case MS_BLUEPRINT_LAYER_HILLSHADE:
      stack[MS_STACK_HILLSHADE].visible = TRUE;
      break;
    case MS_BLUEPRINT_LAYER_BIOME:
      stack[MS_STACK_BIOME].visible = TRUE;
      break;
    case MS_BLUEPRINT_LAYER_WATER:
      /* 0.35 over the canvas is the 0.55 + 0.35 × shade relief. */
      stack[MS_STACK_HILLSHADE] = (MsLayerState) { TRUE, 0.35f };
      stack[MS_STACK_WATER] = (MsLayerState) { TRUE, style->water_opacity };
      break;
    case MS_BLUEPRINT_LAYER_COMPOSITE:
    case MS_BLUEPRINT_LAYER_CUSTOM:
    case MS_N_BLUEPRINT_LAYERS:
    default:
      stack[MS_STACK_HEIGHT].visible = TRUE;
      stack[MS_STACK_HILLSHADE] = (MsLayerState) { TRUE, style->shade_strength };
      stack[MS_STACK_WATER] = (MsLayerState) { TRUE, style->water_opacity };
      break;
    }
  stack[MS_STACK_ROADS].visible = (style->overlays & MS_OVERLAY_ROADS) != 0;
  stack[MS_STACK_TOWNS].visible = (style->overlays & MS_OVERLAY_TOWNS) != 0;
}

void
ms_blueprint_style_get_opacities (const MsBlueprintStyle *style,
                                  float                   opacities[MS_N_STACK_LAYERS])
{
  MsLayerState stack[MS_N_STACK_LAYERS];

  ms_blueprint_style_get_stack (style, stack);
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    /* !(x > 0) also catches NaN. */
    opacities[i] = !stack[i].visible || !(stack[i].opacity > 0.0f) ? 0.0f : MIN (stack[i].opacity, 1.0f);
}

gboolean
ms_blueprint_style_has_overlays (const MsBlueprintStyle *style)
{
  float op[MS_N_STACK_LAYERS];

  ms_blueprint_style_get_opacities (style, op);
  return op[MS_STACK_ROADS] > 0.0f || op[MS_STACK_TOWNS] > 0.0f;
}

gboolean
ms_blueprint_style_parse_stack (MsBlueprintStyle  *style,
                                const char        *text,
                                GError           **error)
{
  g_auto(GStrv) items = NULL;
  MsLayerState stack[MS_N_STACK_LAYERS];

  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    stack[i] = (MsLayerState) { FALSE, 1.0f };

  items = g_strsplit (text, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      char *item = g_strstrip (items[i]);
      char *colon = strchr (item, ':');
      MsStackLayer layer;
      double opacity = 1.0;

      if (*item == '\0')
        continue;
      if (colon != NULL)
        {
          char *end = NULL;

          *colon = '\0';
          opacity = g_ascii_strtod (colon + 1, &end);
          if (end == colon + 1 || *end != '\0' || !(opacity >= 0.0 && opacity <= 1.0))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "The opacity of “%s” must be a number from 0 to 1, not “%s”",
                           item, colon + 1);
              return FALSE;
            }
        }
      if (!ms_stack_layer_from_string (item, &layer))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "Unknown layer “%s” (height, biome, hillshade, water, roads, towns)", item);
          return FALSE;
        }
      stack[layer] = (MsLayerState) { TRUE, (float) opacity };
    }

  memcpy (style->stack, stack, sizeof stack);
  style->layer = MS_BLUEPRINT_LAYER_CUSTOM;
  return TRUE;
}

const char *
ms_blueprint_layer_to_string (MsBlueprintLayer layer)
{
  g_return_val_if_fail (layer < MS_N_BLUEPRINT_LAYERS, NULL);
  return ms_enum_get_nick (MS_TYPE_BLUEPRINT_LAYER, layer);
}

gboolean
ms_blueprint_layer_from_string (const char       *name,
                                MsBlueprintLayer *layer)
{
  int value;

  if (!ms_enum_from_nick (MS_TYPE_BLUEPRINT_LAYER, name, &value))
    return FALSE;
  *layer = (MsBlueprintLayer) value;
  return TRUE;
}

guint
ms_render_downsample_factor (guint width,
                             guint height,
                             guint max_size)
{
  guint longest = MAX (width, height);

  if (max_size == 0 || longest <= max_size)
    return 1;
  return (longest + max_size - 1) / max_size;
}

typedef struct
{
  MsBlueprint            *bp;
  const MsBlueprintStyle *style;
  /* The reduced grid: the output plus a one-cell apron on every side, so
   * output pixel (ox, oy) is grid cell (ox + 1, oy + 1). */
  MsBlueprintGrid         grid;
  guint                   ow, oh;
  float                   metres_per_pixel;
  gboolean                has_water;
  float                   opacity[MS_N_STACK_LAYERS];  /* 0: not drawn */
  gboolean                water_visible;  /* even at opacity 0 */
  guint32                *pixels;     /* the cairo surface's data */
  int                     stride;     /* in guint32 */
  guint                   band_width;
  GCancellable           *cancellable;
} Job;

static inline float
cell_height (const MsBlueprintGrid *g,
             guint                  cx,
             guint                  cy)
{
  return g->heights[(gsize) cy * g->width + cx];
}

/* The shading rule every renderer follows (the GL shader too): a neighbour
 * without a height (off the map, or no finite source pixel) takes the
 * centre's height, and a centre without one takes the sea level. */
static float
shade_at (Job  *job,
          guint cx,
          guint cy,
          float centre)
{
  const MsBlueprintStyle *s = job->style;
  float scale = MS_METRES_PER_RAW * s->exaggeration;
  float w[9], dz_dcol, dz_drow;

  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      {
        float h = cell_height (&job->grid, cx + i, cy + j);
        w[(j + 1) * 3 + (i + 1)] = (isfinite (h) ? h : centre) * scale;
      }

  ms_horn_gradient (w, job->metres_per_pixel * (float) job->grid.k, &dz_dcol, &dz_drow);
  return ms_hillshade (&s->light, dz_dcol, dz_drow);
}

/* Over @under at @opacity; 1 is exactly @over, as the presets need. */
static inline MsRgb
blend (MsRgb under,
       MsRgb over,
       float opacity)
{
  return opacity >= 1.0f ? over : ms_colour_mix (under, over, opacity);
}

/* The stack's compositing rule, spelt out in ms-blueprint-renderer.h; the
 * GL shader mirrors it line by line. */
static MsRgb
colour_at (Job  *job,
           guint cx,
           guint cy)
{
  const MsBlueprintStyle *s = job->style;
  const MsBlueprintGrid *g = &job->grid;
  const float *op = job->opacity;
  gsize o = (gsize) cy * g->width + cx;
  float centre = g->heights[o];
  float h = isfinite (centre) ? centre : s->sea_level;
  guint16 id = g->water_ids[o];
  float surface = g->surfaces[o] ? ms_water_level_decode (g->surfaces[o]) : s->sea_level;
  gboolean wet = job->has_water ? id != 0 : h < s->sea_level;
  float depth = (surface - h) * MS_METRES_PER_RAW;
  MsRgb c = { MS_BLUEPRINT_CANVAS, MS_BLUEPRINT_CANVAS, MS_BLUEPRINT_CANVAS };
  gboolean drawn = FALSE;

  if (op[MS_STACK_HEIGHT] > 0.0f)
    {
      MsRgb ramp = wet && !job->water_visible
                   ? ms_colour_depth (depth)
                   : ms_colour_land (s->ramp, (h - s->sea_level) * MS_METRES_PER_RAW);

      c = blend (c, ramp, op[MS_STACK_HEIGHT]);
      drawn = TRUE;
    }

  if (op[MS_STACK_BIOME] > 0.0f)
    {
      const MsProfileEntry *entry = ms_profile_get_entry (ms_blueprint_get_profile (job->bp),
                                                          MS_PROFILE_BIOMES, g->biomes[o]);

      c = blend (c, ms_colour_from_bytes (entry->red, entry->green, entry->blue), op[MS_STACK_BIOME]);
      drawn = TRUE;
    }

  if (op[MS_STACK_HILLSHADE] > 0.0f)
    {
      float shade = shade_at (job, cx, cy, h);

      if (drawn)
        c = ms_colour_shade (c, &s->light, shade, op[MS_STACK_HILLSHADE]);
      else
        c = blend (c, (MsRgb) { shade, shade, shade }, op[MS_STACK_HILLSHADE]);
    }

  if (op[MS_STACK_WATER] > 0.0f && wet)
    c = blend (c, ms_colour_water (id <= 1, depth), op[MS_STACK_WATER]);

  return c;
}

static void
colour_band (guint    band,
             gpointer user_data)
{
  Job *job = user_data;
  guint x0 = band * job->band_width;
  guint x1 = MIN (x0 + job->band_width, job->ow);

  if (g_cancellable_is_cancelled (job->cancellable))
    return;

  for (guint oy = 0; oy < job->oh; oy++)
    for (guint ox = x0; ox < x1; ox++)
      job->pixels[(gsize) oy * job->stride + ox] = ms_colour_to_argb32 (colour_at (job, ox + 1, oy + 1));
}

static float
metres_per_pixel_for (MsBlueprint            *bp,
                      const MsBlueprintStyle *style)
{
  return style->metres_per_pixel > 0.0f ? style->metres_per_pixel
                                        : MS_DEFAULT_WORLD_SPAN / (float) ms_blueprint_get_map_size (bp);
}

/**
 * ms_blueprint_colour_grid:
 * @grid: a reduced grid with a one-cell apron on every side
 * @pixels: (grid->width - 2) × (grid->height - 2) ARGB32 pixels, @stride
 *   pixels apart from row to row
 *
 * Colours the grid's inner cells: what every CPU output (images, the map
 * view's fallback tiles) draws.
 */
void
ms_blueprint_colour_grid (MsBlueprint            *bp,
                          const MsBlueprintStyle *style,
                          const MsBlueprintGrid  *grid,
                          guint32                *pixels,
                          int                     stride,
                          GCancellable           *cancellable)
{
  MsLayerState stack[MS_N_STACK_LAYERS];
  Job job = { 0, };

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (grid->width >= 2 && grid->height >= 2);
  g_return_if_fail (grid->biomes && grid->water_ids && grid->surfaces);

  job.bp = bp;
  job.style = style;
  job.grid = *grid;
  job.ow = grid->width - 2;
  job.oh = grid->height - 2;
  job.metres_per_pixel = metres_per_pixel_for (bp, style);
  job.has_water = ms_blueprint_has_water (bp);
  ms_blueprint_style_get_stack (style, stack);
  ms_blueprint_style_get_opacities (style, job.opacity);
  job.water_visible = stack[MS_STACK_WATER].visible;
  job.pixels = pixels;
  job.stride = stride;
  job.cancellable = cancellable;
  job.band_width = MAX (1u, MIN (64u, job.ow / (4 * g_get_num_processors ()) + 1));
  ms_parallel_for ((job.ow + job.band_width - 1) / job.band_width, colour_band, &job);
}

/* A translucent layer is drawn opaque into a group, then painted with its
 * opacity, so where its own strokes overlap it does not darken; an opaque
 * one is drawn straight, which is what images drew before opacities. */
static void
begin_layer (cairo_t *cr,
             float    opacity)
{
  if (opacity < 1.0f)
    cairo_push_group (cr);
}

static void
end_layer (cairo_t *cr,
           float    opacity)
{
  if (opacity < 1.0f)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, opacity);
    }
}

/**
 * ms_blueprint_draw_overlays:
 * @cr: a context whose user space is map pixels
 * @pixel_size: the size of a screen pixel in map pixels, so lines and
 *   markers keep their width on screen at any zoom
 *
 * Roads, then towns over them, as vectors, each at its layer's opacity.
 */
void
ms_blueprint_draw_overlays (MsBlueprint            *bp,
                            const MsBlueprintStyle *style,
                            cairo_t                *cr,
                            double                  pixel_size)
{
  static const double road_widths[MS_N_ROAD_TIERS] = { 3.0, 2.0, 1.5, 1.0 };
  static const double road_colours[MS_N_ROAD_TIERS][3] = {
    { 0.85, 0.20, 0.15 }, { 0.95, 0.60, 0.10 }, { 0.45, 0.30, 0.20 }, { 0.30, 0.30, 0.30 },
  };
  MsProfile *profile = ms_blueprint_get_profile (bp);
  double k = pixel_size;
  float op[MS_N_STACK_LAYERS];

  ms_blueprint_style_get_opacities (style, op);

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  if (op[MS_STACK_ROADS] > 0.0f)
    {
      begin_layer (cr, op[MS_STACK_ROADS]);
      for (int tier = MS_N_ROAD_TIERS - 1; tier >= 0; tier--)
        {
          guint n_paths = ms_blueprint_get_n_paths (bp, tier);

          for (guint i = 0; i < n_paths; i++)
            {
              guint n_points;
              const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

              for (guint j = 0; j < n_points; j++)
                if (isfinite (pts[j].x) && isfinite (pts[j].y))
                  cairo_line_to (cr, pts[j].x, pts[j].y);
              cairo_new_sub_path (cr);
            }
          cairo_set_source_rgb (cr, road_colours[tier][0], road_colours[tier][1], road_colours[tier][2]);
          /* Constant width on screen, whatever the zoom. */
          cairo_set_line_width (cr, MAX (1.0, road_widths[tier]) * k);
          cairo_stroke (cr);
        }
      end_layer (cr, op[MS_STACK_ROADS]);
    }

  if (op[MS_STACK_TOWNS] > 0.0f)
    {
      guint n_towns;
      const MsTown *towns = ms_blueprint_get_towns (bp, &n_towns);

      begin_layer (cr, op[MS_STACK_TOWNS]);
      for (guint i = 0; i < n_towns; i++)
        {
          const MsProfileEntry *tier = ms_profile_get_entry (profile, MS_PROFILE_TOWN_TIERS, towns[i].tier);
          double radius = (2.5 + 1.5 * towns[i].tier) * k;

          if (!isfinite (towns[i].x) || !isfinite (towns[i].y))
            continue;
          cairo_arc (cr, towns[i].x, towns[i].y, radius, 0, 2 * G_PI);
          cairo_set_source_rgb (cr, tier->red / 255.0, tier->green / 255.0, tier->blue / 255.0);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_set_line_width (cr, 1.0 * k);
          if (towns[i].highway_node)
            cairo_set_line_width (cr, 2.0 * k);
          cairo_stroke (cr);
        }
      end_layer (cr, op[MS_STACK_TOWNS]);
    }

  cairo_restore (cr);
}

cairo_surface_t *
ms_render_blueprint (MsBlueprint            *bp,
                     const MsBlueprintStyle *style,
                     const MsRect           *region,
                     guint                   max_size,
                     GCancellable           *cancellable,
                     GError                **error)
{
  g_autofree float *heights = NULL;
  g_autofree guint8 *biomes = NULL;
  g_autofree guint16 *water_ids = NULL;
  g_autofree guint16 *surfaces = NULL;
  cairo_surface_t *surface;
  guint n = ms_blueprint_get_map_size (bp);
  MsRect whole = { 0, 0, n, n };
  gsize cells;
  Job job = { 0, };

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);
  g_return_val_if_fail (style != NULL, NULL);

  if (region == NULL)
    region = &whole;
  if (region->width == 0 || region->height == 0 ||
      region->x >= n || region->y >= n ||
      region->width > n - region->x || region->height > n - region->y)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "The region %u,%u %u×%u is not inside the %u×%u map",
                   region->x, region->y, region->width, region->height, n, n);
      return NULL;
    }

  job.grid.k = ms_render_downsample_factor (region->width, region->height, max_size);
  job.ow = (region->width + job.grid.k - 1) / job.grid.k;
  job.oh = (region->height + job.grid.k - 1) / job.grid.k;
  if (job.ow > 32767 || job.oh > 32767)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "A %u×%u image is larger than an image can be (32767 pixels a side); "
                   "give a smaller --max-size or a region", job.ow, job.oh);
      return NULL;
    }

  job.grid.x0 = (gint64) region->x - job.grid.k;
  job.grid.y0 = (gint64) region->y - job.grid.k;
  job.grid.width = job.ow + 2;
  job.grid.height = job.oh + 2;
  cells = (gsize) job.grid.width * job.grid.height;
  heights = g_try_new (float, cells);
  biomes = g_try_new (guint8, cells);
  water_ids = g_try_new (guint16, cells);
  surfaces = g_try_new (guint16, cells);
  if (heights == NULL || biomes == NULL || water_ids == NULL || surfaces == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "Not enough memory to render a %u×%u image", job.ow, job.oh);
      return NULL;
    }
  job.grid.heights = heights;
  job.grid.biomes = biomes;
  job.grid.water_ids = water_ids;
  job.grid.surfaces = surfaces;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) job.ow, (int) job.oh);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not create a %u×%u image: %s",
                   job.ow, job.oh, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);

  ms_blueprint_grid_reduce (bp, &job.grid, cancellable);
  if (!g_cancellable_is_cancelled (cancellable))
    ms_blueprint_colour_grid (bp, style, &job.grid,
                              (guint32 *) (gpointer) cairo_image_surface_get_data (surface),
                              cairo_image_surface_get_stride (surface) / 4, cancellable);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }

  cairo_surface_mark_dirty (surface);
  if (ms_blueprint_style_has_overlays (style))
    {
      cairo_t *cr = cairo_create (surface);

      /* Map pixel (x, y) covers [x, x+1) × [y, y+1); towns and roads are in
       * the same units, so image = (point - region origin) / k. */
      cairo_scale (cr, 1.0 / job.grid.k, 1.0 / job.grid.k);
      cairo_translate (cr, -(double) region->x, -(double) region->y);
      ms_blueprint_draw_overlays (bp, style, cr, job.grid.k);
      cairo_destroy (cr);
    }

  return surface;
}
