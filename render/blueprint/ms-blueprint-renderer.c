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
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "ms-simd.h"
#ifdef MS_SIMD_HAVE_AVX2_PATHS
#include <immintrin.h>
#endif

#include "ms-blueprint-grid.h"
#include "ms-blueprint-renderer.h"
#include "ms-blueprint-renderer-private.h"
#include "ms-contours.h"
#include "ms-large-buffer.h"
#include "ms-mapping.h"
#include "ms-parallel.h"
#include "ms-png-writer.h"
#include "ms-render-image.h"
#include "ms-shade.h"

typedef struct
{
  const MsBlueprintStyle *style;
  /* The reduced grid: the output plus a one-cell apron on every side, so
   * output pixel (ox, oy) is grid cell (ox + 1, oy + 1). */
  MsBlueprintGrid         grid;
  MsShadeGrid             shading;
  guint                   ow;
  gboolean                has_water;
  float                   opacity[MS_N_STACK_LAYERS];  /* 0: not drawn */
  gboolean                water_visible;  /* even at opacity 0 */
  const MsColourStop     *land;
  guint                   n_land;
  MsRgb                   biomes[256];    /* the profile's palette by ordinal */
  MsContours              contours;
} Job;

/* Over @under at @opacity; 1 is exactly @over, as the presets need. */
static inline MsRgb
blend (MsRgb under,
       MsRgb over,
       float opacity)
{
  return opacity >= 1.0f ? over : ms_colour_mix (under, over, opacity);
}

/* The stack's compositing rule, spelt out in ms-blueprint-style.h; the
 * GL shader mirrors it line by line.  @h is the cell's height (the sea
 * level where it has none), @shade its hillshade and @slope its slope in
 * degrees (read only where the slope layer is drawn). */
static inline MsRgb
colour_cell (const Job *job,
             gsize      o,
             float      h,
             float      shade,
             float      slope)
{
  const MsBlueprintStyle *s = job->style;
  const MsBlueprintGrid *g = &job->grid;
  const float *op = job->opacity;
  guint16 id = g->water_ids[o];
  gboolean wet = job->has_water ? id != 0 : h < s->sea_level;
  /* Only water has a depth: dry cells skip the surface's decoding. */
  float depth = wet ? ((g->surfaces[o] ? ms_water_level_decode (g->surfaces[o]) : s->sea_level) - h) *
                      MS_METRES_PER_RAW
                    : 0.0f;
  MsRgb c = { MS_BLUEPRINT_CANVAS, MS_BLUEPRINT_CANVAS, MS_BLUEPRINT_CANVAS };
  gboolean drawn = FALSE;
  /* @h is the sea level there, which would draw as ordinary ground. */
  gboolean no_height = !isfinite (g->heights[o]);

  if (op[MS_STACK_HEIGHT] > 0.0f)
    {
      MsRgb ramp = no_height ? MS_COLOUR_NO_DATA
                   : wet && !job->water_visible
                   ? ms_colour_depth (depth)
                   : ms_colour_ramp (job->land, job->n_land, (h - s->sea_level) * MS_METRES_PER_RAW);

      c = blend (c, ramp, op[MS_STACK_HEIGHT]);
      drawn = TRUE;
    }

  if (op[MS_STACK_BIOME] > 0.0f)
    {
      c = blend (c, job->biomes[g->biomes[o]], op[MS_STACK_BIOME]);
      drawn = TRUE;
    }

  if (op[MS_STACK_SLOPE] > 0.0f)
    {
      c = blend (c, no_height ? MS_COLOUR_NO_DATA : ms_colour_slope (slope), op[MS_STACK_SLOPE]);
      drawn = TRUE;
    }

  if (op[MS_STACK_HILLSHADE] > 0.0f)
    {
      /* No height, no slope: what is under it stays as it is. */
      if (drawn)
        c = no_height ? c : ms_colour_shade (c, &s->light, shade, op[MS_STACK_HILLSHADE]);
      else
        c = blend (c, no_height ? MS_COLOUR_NO_DATA : (MsRgb) { shade, shade, shade }, op[MS_STACK_HILLSHADE]);
    }

  if (op[MS_STACK_WATER] > 0.0f && wet)
    c = blend (c, ms_colour_water (id <= 1, depth), op[MS_STACK_WATER]);

  if (op[MS_STACK_CONTOURS] > 0.0f && ms_contour_at_cell (&job->contours, g->heights, g->width, o))
    c = ms_contour_colour (c, op[MS_STACK_CONTOURS]);

  return c;
}

static gboolean use_vectors = TRUE;

void
_ms_blueprint_colour_use_vectors_for_testing (gboolean use)
{
  use_vectors = use;
}

/* colour_cell () four cells at a time with SSE2, and eight with AVX2 where
 * the processor has it: the colouring was the largest part of a render's
 * CPU after the reading. */
#ifdef __SSE2__
#define LANES 4
#include "ms-blueprint-colour-lanes.h"
#undef LANES
#endif
#ifdef MS_SIMD_HAVE_AVX2_PATHS
#define LANES 8
#include "ms-blueprint-colour-lanes.h"
#undef LANES

/* Cells [0, n) of @run eight at a time; returns how many it coloured. */
__attribute__ ((target ("avx2")))
static guint
colour_run8 (const Job         *job,
             gsize              o,
             const MsShadedRun *run)
{
  guint i = 0;

  for (; i + 8 <= run->n; i += 8)
    colour_cells8 (job, o + i, run->heights + i, run->shades + i, run->slopes ? run->slopes + i : NULL,
                   run->out + i);
  /* The SSE code after this slows down while the upper halves are in use. */
  _mm256_zeroupper ();
  return i;
}
#endif

static void
colour_run (const MsShadedRun *run,
            gpointer           user_data)
{
  const Job *job = user_data;
  gsize o = (gsize) (run->oy + 1) * job->grid.width + run->x0 + 1;
  guint i = 0;

  /* Contours look at each cell's neighbours: those runs stay scalar. */
  if (use_vectors && job->opacity[MS_STACK_CONTOURS] <= 0.0f)
    {
#ifdef MS_SIMD_HAVE_AVX2_PATHS
      if (ms_simd_use_avx2 ())
        i = colour_run8 (job, o, run);
#endif
#ifdef __SSE2__
      for (; i + 4 <= run->n; i += 4)
        colour_cells4 (job, o + i, run->heights + i, run->shades + i, run->slopes ? run->slopes + i : NULL,
                       run->out + i);
#endif
    }
  for (; i < run->n; i++)
    run->out[i] = ms_colour_to_argb32 (colour_cell (job, o + i, run->heights[i], run->shades[i],
                                                    run->slopes ? run->slopes[i] : 0.0f));
}

static float
metres_per_pixel_for (MsBlueprint            *bp,
                      const MsBlueprintStyle *style)
{
  return style->metres_per_pixel > 0.0f ? style->metres_per_pixel
                                        : MS_DEFAULT_WORLD_SPAN / (float) ms_blueprint_get_map_size (bp);
}

/* What colouring @grid with @style needs, worked out once. */
static void
colour_job_init (Job                    *job,
                 MsBlueprint            *bp,
                 const MsBlueprintStyle *style,
                 const MsBlueprintGrid  *grid)
{
  MsLayerState stack[MS_N_STACK_LAYERS];
  MsProfile *profile;

  job->style = style;
  job->grid = *grid;
  job->ow = grid->width - 2;
  job->shading = (MsShadeGrid) { grid->heights, grid->width, MS_METRES_PER_RAW * style->exaggeration,
                                 metres_per_pixel_for (bp, style) * (float) grid->k,
                                 style->sea_level, &style->light, 0.0f };
  job->has_water = ms_blueprint_has_water (bp);
  ms_blueprint_style_get_stack (style, stack);
  ms_blueprint_style_get_opacities (style, job->opacity);
  /* Slopes cost an arctangent a cell: only for a drawn slope layer. */
  if (job->opacity[MS_STACK_SLOPE] > 0.0f)
    job->shading.slope_scale = MS_METRES_PER_RAW;
  job->water_visible = stack[MS_STACK_WATER].visible;
  /* Metres above sea level. */
  job->contours = (MsContours) { style->contour_interval, style->sea_level, MS_METRES_PER_RAW };
  job->land = ms_colour_get_land_stops (style->ramp, &job->n_land);
  /* The reader refused ordinals the profile does not name. */
  profile = ms_blueprint_get_profile (bp);
  for (guint i = 0; i < G_N_ELEMENTS (job->biomes); i++)
    {
      const MsProfileEntry *entry = ms_profile_get_entry (profile, MS_PROFILE_BIOMES, i);

      if (entry != NULL)
        job->biomes[i] = ms_colour_from_bytes (entry->red, entry->green, entry->blue);
    }
}

/**
 * ms_blueprint_colour_grid:
 * @grid: a reduced grid with a one-cell apron on every side; its biomes
 *   may be %NULL when @style does not show the biome layer
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
  g_autofree Job *job = g_new0 (Job, 1);
  float op[MS_N_STACK_LAYERS];

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (grid->width >= 2 && grid->height >= 2);
  g_return_if_fail (grid->water_ids && grid->surfaces);
  /* A grid may leave biomes out when the style does not show them. */
  ms_blueprint_style_get_opacities (style, op);
  g_return_if_fail (grid->biomes != NULL || op[MS_STACK_BIOME] <= 0.0f);

  colour_job_init (job, bp, style, grid);
  ms_shade_image (&job->shading, pixels, stride, grid->width - 2, grid->height - 2,
                  colour_run, job, cancellable);
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

/* Whether the polyline @pts (non-finite points skipped, as drawn) has a
 * point or a segment in [x0, x1] × [y0, y1]: its bounding box meets the
 * box (a box test: a segment may pass beside a corner, then it is drawn
 * and clipped, never left out). */
static gboolean
path_reaches (const MsPoint *pts,
              guint          n_points,
              double         x0,
              double         y0,
              double         x1,
              double         y1)
{
  double px0 = INFINITY, py0 = INFINITY, px1 = -INFINITY, py1 = -INFINITY;

  for (guint j = 0; j < n_points; j++)
    {
      if (!isfinite (pts[j].x) || !isfinite (pts[j].y))
        continue;
      px0 = MIN (px0, pts[j].x);
      py0 = MIN (py0, pts[j].y);
      px1 = MAX (px1, pts[j].x);
      py1 = MAX (py1, pts[j].y);
    }
  return px1 >= x0 && px0 <= x1 && py1 >= y0 && py0 <= y1;
}

/**
 * ms_blueprint_draw_overlays:
 * @cr: a context whose user space is map pixels
 * @pixel_size: the size of a screen pixel in map pixels, so lines and
 *   markers keep their width on screen at any zoom
 *
 * Roads, then towns over them, as vectors, each at its layer's opacity.
 * Only what reaches @cr's clip is drawn: a view at 1:1 shows a hundredth
 * of an 8192² map's roads, and stroking them all took a view's frame
 * longer than drawing the map (issue #37).
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
  double cx0, cy0, cx1, cy1;

  ms_blueprint_style_get_opacities (style, op);
  cairo_clip_extents (cr, &cx0, &cy0, &cx1, &cy1);

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
              /* Round caps and joins reach half the width past a point. */
              double margin = MAX (1.0, road_widths[tier]) * k;

              if (!path_reaches (pts, n_points, cx0 - margin, cy0 - margin, cx1 + margin, cy1 + margin))
                continue;
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
          /* The marker and its outline, up to 2 px wide. */
          if (towns[i].x + radius + 2.0 * k < cx0 || towns[i].x - radius - 2.0 * k > cx1 ||
              towns[i].y + radius + 2.0 * k < cy0 || towns[i].y - radius - 2.0 * k > cy1)
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

/* The reduced grid of @region for an image of at most @max_size a side
 * (*@ow × *@oh pixels), in one large buffer (*@scratch, *@scratch_size
 * bytes, for ms_large_buffer_free ()); biomes only when @style shows them.
 * Refuses an image larger than cairo's, so every output refuses the same
 * sizes. */
static gboolean
render_grid_new (const MsBlueprintStyle  *style,
                 const MsRect            *region,
                 guint                    max_size,
                 MsBlueprintGrid         *grid,
                 guint                   *ow,
                 guint                   *oh,
                 guint8                 **scratch,
                 gsize                   *scratch_size,
                 GError                 **error)
{
  float op[MS_N_STACK_LAYERS];
  gsize cells;

  *grid = (MsBlueprintGrid) { 0, };
  grid->k = ms_render_downsample_factor (region->width, region->height, max_size);
  *ow = (region->width + grid->k - 1) / grid->k;
  *oh = (region->height + grid->k - 1) / grid->k;
  if (!ms_render_check_image_size (*ow, *oh, error))
    return FALSE;
  grid->x0 = (gint64) region->x - grid->k;
  grid->y0 = (gint64) region->y - grid->k;
  grid->width = *ow + 2;
  grid->height = *oh + 2;
  cells = (gsize) grid->width * grid->height;
  /* One block for the four grids: heights, water ids, surfaces, biomes. */
  *scratch_size = cells * (sizeof (float) + 2 * sizeof (guint16) + sizeof (guint8));
  *scratch = ms_large_buffer_alloc (*scratch_size);
  if (*scratch == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "Not enough memory to render a %u×%u image", *ow, *oh);
      return FALSE;
    }

  grid->heights = (float *) (gpointer) *scratch;
  grid->water_ids = (guint16 *) (gpointer) (*scratch + cells * sizeof (float));
  grid->surfaces = grid->water_ids + cells;
  /* Biomes are sampled only when the stack shows them (the composite does
   * not): reading them would be a fifth of the samples' bytes for nothing. */
  ms_blueprint_style_get_opacities (style, op);
  grid->biomes = op[MS_STACK_BIOME] > 0.0f ? (guint8 *) (grid->surfaces + cells) : NULL;
  return TRUE;
}

cairo_surface_t *
ms_render_blueprint (MsBlueprint            *bp,
                     const MsBlueprintStyle *style,
                     const MsRect           *region,
                     guint                   max_size,
                     GCancellable           *cancellable,
                     GError                **error)
{
  guint8 *scratch;
  gsize scratch_size;
  cairo_surface_t *surface;
  guint n = ms_blueprint_get_map_size (bp);
  MsRect whole = { 0, 0, n, n };
  MsBlueprintGrid grid;
  guint ow, oh;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);
  g_return_val_if_fail (style != NULL, NULL);

  if (region == NULL)
    region = &whole;
  if (!ms_render_check_region (region->x, region->y, region->width, region->height, n, n, "map", error))
    return NULL;
  /* Opened unchecked (ms_blueprint_new_for_path_unchecked ()): no image
   * of a map the open would have refused. */
  if (!ms_blueprint_check_biomes (bp, FALSE, cancellable, error))
    return NULL;
  if (!render_grid_new (style, region, max_size, &grid, &ow, &oh, &scratch, &scratch_size, error))
    return NULL;
  surface = ms_render_image_new (ow, oh, error);
  if (surface == NULL)
    {
      ms_large_buffer_free (scratch, scratch_size);
      return NULL;
    }

  ms_blueprint_grid_reduce (bp, &grid, cancellable);
  if (!g_cancellable_is_cancelled (cancellable))
    ms_blueprint_colour_grid (bp, style, &grid,
                              (guint32 *) (gpointer) cairo_image_surface_get_data (surface),
                              cairo_image_surface_get_stride (surface) / 4, cancellable);
  ms_large_buffer_free (scratch, scratch_size);

  surface = ms_render_image_finish (surface, cancellable, error);
  if (surface != NULL && ms_blueprint_style_has_overlays (style))
    {
      cairo_t *cr = cairo_create (surface);

      /* Map pixel (x, y) covers [x, x+1) × [y, y+1); towns and roads are in
       * the same units, so image = (point - region origin) / k. */
      cairo_scale (cr, 1.0 / grid.k, 1.0 / grid.k);
      cairo_translate (cr, -(double) region->x, -(double) region->y);
      ms_blueprint_draw_overlays (bp, style, cr, grid.k);
      cairo_destroy (cr);
    }

  return surface;
}

/* Image row @y as the PNG's RGB bytes: coloured into the thread's own
 * ARGB row, then packed. */
static void
colour_png_row (guint     y,
                guint8   *row,
                gpointer  user_data)
{
  static MsScratchSlot row_slot;
  Job *job = user_data;
  guint32 *argb = ms_parallel_scratch (&row_slot, (gsize) job->ow * sizeof (guint32));

  ms_shade_image_row (&job->shading, y, job->ow, argb, colour_run, job);
  ms_png_argb_to_rgb (argb, job->ow, row);
}

/* The open's biome check of a blueprint opened unchecked, on a thread of
 * its own that runs it on the pool's idle time. */
typedef struct
{
  MsBlueprint  *bp;
  GCancellable *cancellable;
  GError       *error;
} BiomeCheck;

static void
forward_cancel (GCancellable *cancellable,
                GCancellable *check_cancellable)
{
  g_cancellable_cancel (check_cancellable);
}

static gpointer
check_biomes_thread (gpointer data)
{
  BiomeCheck *check = data;

  ms_blueprint_check_biomes (check->bp, TRUE, check->cancellable, &check->error);
  return NULL;
}

/**
 * ms_render_blueprint_to_png:
 *
 * What ms_render_blueprint () draws, saved as a PNG at @path through the
 * atomic, verified save path, with the same bytes as ms_png_save () of
 * that image.  Without roads and towns to draw, each row is coloured as
 * the encoder's strips ask for it: no image the size of the output, and
 * colouring runs beside deflating.  Fails, writing nothing, when the file
 * changed on disk while it was read (ms_mapping_check ()).  A blueprint
 * opened with ms_blueprint_new_for_path_unchecked () has its biome check
 * run beside the PNG's encoding, on the time the workers would sit idle
 * (the last strips, the disk's flush); the PNG replaces @path only once
 * the check passed, and its error is the open's.
 */
gboolean
ms_render_blueprint_to_png (MsBlueprint            *bp,
                            const MsBlueprintStyle *style,
                            const MsRect           *region,
                            guint                   max_size,
                            const char             *path,
                            GCancellable           *cancellable,
                            GError                **error)
{
  guint n = ms_blueprint_get_map_size (bp);
  MsRect whole = { 0, 0, n, n };
  g_autofree Job *job = NULL;
  MsBlueprintGrid grid;
  guint8 *scratch;
  gsize scratch_size;
  guint ow, oh;
  gboolean saved;
  MsSaveTransaction *transaction;
  BiomeCheck check = { NULL, };
  GThread *checker = NULL;
  gulong cancelled_id = 0;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (ms_blueprint_style_has_overlays (style))
    {
      /* ms_render_blueprint () checks the biomes first. */
      cairo_surface_t *surface = ms_render_blueprint (bp, style, region, max_size, cancellable, error);

      saved = surface != NULL && ms_mapping_check (ms_blueprint_get_mapping (bp), error) &&
              ms_png_save (surface, path, cancellable, error);
      g_clear_pointer (&surface, cairo_surface_destroy);
      return saved;
    }

  if (region == NULL)
    region = &whole;
  if (!ms_render_check_region (region->x, region->y, region->width, region->height, n, n, "map", error))
    return FALSE;
  if (!render_grid_new (style, region, max_size, &grid, &ow, &oh, &scratch, &scratch_size, error))
    return FALSE;

  ms_blueprint_grid_reduce (bp, &grid, cancellable);
  /* The grid is all the colouring reads: check the file once it is made. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
      !ms_mapping_check (ms_blueprint_get_mapping (bp), error))
    {
      ms_large_buffer_free (scratch, scratch_size);
      return FALSE;
    }
  job = g_new0 (Job, 1);
  colour_job_init (job, bp, style, &grid);

  transaction = ms_save_transaction_new (NULL);
  if (!ms_blueprint_get_biomes_checked (bp))
    {
      check.bp = bp;
      check.cancellable = g_cancellable_new ();
      if (cancellable != NULL)
        cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel), check.cancellable, NULL);
      checker = g_thread_new ("biome-check", check_biomes_thread, &check);
    }
  saved = ms_png_add_rows (transaction, path, ow, oh, MS_PNG_RGB, colour_png_row, job, cancellable, error);
  ms_large_buffer_free (scratch, scratch_size);
  if (checker != NULL)
    {
      /* A PNG that failed needs no check. */
      if (!saved)
        g_cancellable_cancel (check.cancellable);
      g_thread_join (checker);
      if (cancelled_id != 0)
        g_cancellable_disconnect (cancellable, cancelled_id);
      g_clear_object (&check.cancellable);
      if (saved && check.error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&check.error));
          saved = FALSE;
        }
      g_clear_error (&check.error);
    }
  /* The check read BIOM after the grid was made: the file must still be
   * whole.  Freeing the transaction uncommitted removes the PNG. */
  saved = saved && ms_mapping_check (ms_blueprint_get_mapping (bp), error) &&
          ms_save_transaction_commit (transaction, error);
  ms_save_transaction_free (transaction);
  return saved;
}

cairo_surface_t *
ms_blueprint_render_cells (MsBlueprint            *blueprint,
                           const MsBlueprintStyle *style,
                           const MsBlueprintGrid  *grid,
                           guint                   width,
                           guint                   height,
                           guint                   level)
{
  MsBlueprintStyle cell_style = *style;
  float opacities[MS_N_STACK_LAYERS];
  cairo_surface_t *surface;

  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), NULL);
  g_return_val_if_fail (style != NULL && grid != NULL, NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cairo_surface_flush (surface);
  ms_blueprint_style_get_opacities (&cell_style, opacities);
  if (grid->biomes == NULL && opacities[MS_STACK_BIOME] > 0.0f)
    {
      ms_blueprint_style_get_stack (&cell_style, cell_style.stack);
      cell_style.layer = MS_BLUEPRINT_LAYER_CUSTOM;
      cell_style.stack[MS_STACK_BIOME].visible = FALSE;
    }
  ms_blueprint_colour_grid (blueprint, &cell_style, grid,
                            (guint32 *) (gpointer) cairo_image_surface_get_data (surface),
                            cairo_image_surface_get_stride (surface) / 4, NULL);
  cairo_surface_mark_dirty (surface);
  if (ms_blueprint_style_has_overlays (&cell_style))
    {
      cairo_t *cr = cairo_create (surface);
      double k = ldexp (1.0, (int) level);

      cairo_scale (cr, 1.0 / k, 1.0 / k);
      ms_blueprint_draw_overlays (blueprint, &cell_style, cr, k);
      cairo_destroy (cr);
    }
  return surface;
}
