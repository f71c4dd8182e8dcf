/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU zone renderer, shaped like the blueprint one: pass 1 reduces the
 * altitude of the region plus a one-block apron to block means (the relief
 * every layer but spawn and slope is shaded with); pass 2 reduces the shown
 * layer block by block and colours it with the colour model, in bands of
 * image rows on the worker pool.  Tiles are read through MsZone, so the
 * image shows unsaved edits.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>

#include "ms-contours.h"
#include "ms-enum.h"
#include "ms-render-enums.h"
#include "ms-render-image.h"
#include "ms-render-names.h"
#include "ms-shade.h"
#include "ms-zone-cell.h"
#include "ms-zone-renderer.h"

void
ms_zone_style_init (MsZoneStyle *style)
{
  g_return_if_fail (style != NULL);

  style->layer = MS_ZONE_RENDER_LAYER_ALTITUDE;
  style->flags = G_MAXUINT16;
  ms_light_init (&style->light, 315.0f, 45.0f);
  /* The server passes a tile as walkable up to about 2.9 height units per
   * tile (slope < 16), so at true scale walkable ground would be steeper
   * than 45° and half of every hill would shade to black.  A quarter keeps
   * the relief readable (and matches the client's altitude / 4 scaling,
   * docs/ZONE_LAYERS.md); 0.6 keeps overlays, not the relief, the subject. */
  style->exaggeration = 0.25f;
  style->shade_strength = 0.6f;
  style->overlay_opacity = 0.65f;

  /* The painter's subject first: the control flags over the terrain. */
  style->overlays = MS_ZONE_OVERLAY_CONTROL;
  style->control_flags = G_MAXUINT16;
  style->blocking_flags = G_MAXUINT8;
  style->tint_altitude = TRUE;
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    style->overlay_opacities[i] = 0.65f;
  style->contour_interval = 0.0f;
  style->contour_opacity = MS_CONTOUR_DEFAULT_OPACITY;
}

MS_RENDER_DEFINE_NAMES (ms_zone_render_layer, MsZoneRenderLayer, MS_TYPE_ZONE_RENDER_LAYER, MS_N_ZONE_RENDER_LAYERS)

const char *
ms_zone_overlay_to_string (MsZoneOverlays overlay)
{
  /* The nicks name the views each overlay mirrors. */
  return ms_flags_get_nick (MS_TYPE_ZONE_OVERLAYS, overlay);
}

gboolean
ms_zone_overlays_from_string (const char      *names,
                              MsZoneOverlays  *overlays,
                              char           **bad_name)
{
  guint flags;

  g_return_val_if_fail (names != NULL, FALSE);
  g_return_val_if_fail (overlays != NULL, FALSE);

  if (!ms_flags_from_nicks (MS_TYPE_ZONE_OVERLAYS, names, &flags, bad_name))
    return FALSE;
  *overlays = (MsZoneOverlays) flags;
  return TRUE;
}

static MsRgb
mix_marks (MsRgb           c,
           guint           flags,
           MsZoneMapMark (*mark) (guint bit))
{
  for (guint bit = 0; flags != 0; bit++, flags >>= 1)
    if (flags & 1)
      {
        MsZoneMapMark m = mark (bit);

        c = ms_colour_mix (c, m.colour, m.opacity);
      }
  return c;
}

MsRgb
ms_zone_map_colour (const MsZoneHeightSpan *span,
                    float                   height,
                    guint16                 control,
                    guint8                  blocking,
                    gboolean               *under_water)
{
  gboolean water;
  MsRgb c;

  g_return_val_if_fail (span != NULL, ms_colour_zone_land (0.0f));

  water = span->has_water && height < (float) MS_ZONE_WATER_LEVEL;

  if (water)
    {
      c = ms_colour_zone_water ((float) MS_ZONE_WATER_LEVEL - height);
      /* The sea is the Island flag's natural place: only land shows it. */
      blocking &= ~MS_ZONE_BLOCKING_ISLAND;
    }
  else
    {
      c = ms_colour_zone_land ((height - span->lo) / (span->hi - span->lo));
      if (span->has_water)
        c = ms_colour_mix (c, ms_colour_zone_coast (),
                           CLAMP (1.0f - (height - (float) MS_ZONE_WATER_LEVEL) / MS_ZONE_COAST_BAND,
                                  0.0f, 1.0f));
    }
  c = mix_marks (c, blocking, ms_colour_zone_map_blocking);
  c = mix_marks (c, control, ms_colour_zone_map_control);
  if (under_water != NULL)
    *under_water = water;
  return c;
}

typedef struct
{
  MsZone            *zone;
  MsZoneHeightSpan   span;       /* the zone's, for the map's ramp */
  MsProfile         *profile;
  const MsZoneStyle *style;
  /* The fields reduced per pixel, and for the composite the overlays the
   * zone can show. */
  MsZoneCellFields   fields;
  MsZoneOverlays     overlays;
  MsRect             region;
  guint              zw, zh;     /* the zone */
  guint              k;          /* tiles per pixel side */
  guint              ow, oh;     /* the image */
  /* Block-mean heights, the image plus a one-block apron on every side:
   * pixel (ox, oy) is cell (ox + 1, oy + 1).  NaN where a block has no
   * tiles; NULL for the unshaded layers or without an altitude layer. */
  float             *heights;
  guint              gw, gh;
  MsShadeGrid        shading;
  MsContours         contours;   /* in height units */
  GCancellable      *cancellable;
} Job;

/* The tiles of pixel (ox, oy), or of an apron cell one block outside the
 * image: interior blocks are clipped to the region (so a region shows only
 * its own tiles), apron blocks to the zone.  FALSE when none are left. */
static gboolean
block_tiles (const Job *job,
             gint64     ox,
             gint64     oy,
             guint     *x0,
             guint     *y0,
             guint     *x1,
             guint     *y1)
{
  gint64 bx0 = (gint64) job->region.x + ox * job->k;
  gint64 by0 = (gint64) job->region.y + oy * job->k;
  gint64 bx1 = bx0 + job->k, by1 = by0 + job->k;
  gboolean inside = ox >= 0 && oy >= 0 && ox < job->ow && oy < job->oh;
  gint64 lx = inside ? job->region.x : 0, ly = inside ? job->region.y : 0;
  gint64 hx = inside ? (gint64) job->region.x + job->region.width : job->zw;
  gint64 hy = inside ? (gint64) job->region.y + job->region.height : job->zh;

  bx0 = MAX (bx0, lx);
  by0 = MAX (by0, ly);
  bx1 = MIN (bx1, hx);
  by1 = MIN (by1, hy);
  if (bx0 >= bx1 || by0 >= by1)
    return FALSE;
  *x0 = (guint) bx0;
  *y0 = (guint) by0;
  *x1 = (guint) bx1;
  *y1 = (guint) by1;
  return TRUE;
}

static void
reduce_heights_row (guint    cy,
                    gpointer user_data)
{
  Job *job = user_data;

  for (guint cx = 0; cx < job->gw; cx++)
    {
      guint x0, y0, x1, y1;
      MsZoneCell cell;
      float mean = NAN;

      if (block_tiles (job, (gint64) cx - 1, (gint64) cy - 1, &x0, &y0, &x1, &y1))
        {
          ms_zone_cell_reduce (job->zone, MS_ZONE_CELL_HEIGHT, x0, y0, x1, y1, &cell);
          mean = cell.height;
        }
      job->heights[(gsize) cy * job->gw + cx] = mean;
    }
}

static MsRgb
profile_colour (MsProfile     *profile,
                MsProfileEnum  kind,
                guint          ordinal)
{
  const MsProfileEntry *entry = ms_profile_get_entry (profile, kind, ordinal);

  /* A value the profile does not name is a finding, not a guess: magenta. */
  if (entry == NULL)
    return ms_colour_from_bytes (0xff, 0x00, 0xff);
  return ms_colour_from_bytes (entry->red, entry->green, entry->blue);
}

/* The map's colour, land shaded. */
static MsRgb
map_shaded (const Job *job,
            float      height,
            guint16    control,
            guint8     blocking,
            float      shade)
{
  gboolean water;
  MsRgb c = ms_zone_map_colour (&job->span, height, control, blocking, &water);

  return water ? c : ms_colour_shade (c, &job->style->light, shade, job->style->shade_strength);
}

/* The formula MsZoneOverlays documents. */
static MsRgb
colour_overlays (const Job        *job,
                 const MsZoneCell *cell,
                 float             height,
                 float             shade)
{
  const MsZoneStyle *s = job->style;
  const float *a = s->overlay_opacities;
  MsZoneOverlays on = job->overlays;
  MsRgb c;

  if (s->tint_altitude && job->heights != NULL)
    c = map_shaded (job, height, 0, 0, shade);
  else
    c = ms_colour_zone_relief (&s->light, shade, s->shade_strength);

  if (on & MS_ZONE_OVERLAY_SPAWN)
    c = ms_colour_mix (c, ms_colour_zone_spawn (cell->spawn), a[0]);
  if (on & MS_ZONE_OVERLAY_SLOPE)
    c = ms_colour_mix (c, ms_colour_zone_slope (cell->slope), a[1]);
  if ((on & MS_ZONE_OVERLAY_PLANTS) && cell->plant != 0)
    c = ms_colour_mix (c, profile_colour (job->profile, MS_PROFILE_PLANT_TYPES, cell->plant), a[2]);
  if (on & MS_ZONE_OVERLAY_PLANT_ALLOWED)
    c = ms_colour_mix (c, ms_colour_zone_plant_allowed (), a[3] * cell->allowed);
  if (on & MS_ZONE_OVERLAY_BLOCKS)
    c = ms_colour_mix_flags (c, cell->blocking & s->blocking_flags, ms_colour_zone_blocking, a[4]);
  if (on & MS_ZONE_OVERLAY_CONTROL)
    c = ms_colour_mix_flags (c, cell->control & s->control_flags, ms_colour_zone_control, a[5]);
  return c;
}

/* The colour of one reduced block, whose block-mean height and relief are
 * @height and @shade: the formulas shaders/zone.frag mirrors. */
static MsRgb
colour_cell (const Job        *job,
             const MsZoneCell *cell,
             float             height,
             float             shade)
{
  const MsZoneStyle *s = job->style;
  MsRgb relief;

  switch (s->layer)
    {
    case MS_ZONE_RENDER_LAYER_OVERLAYS:
      return colour_overlays (job, cell, height, shade);

    case MS_ZONE_RENDER_LAYER_SPAWN:
      return ms_colour_zone_spawn (cell->spawn);

    case MS_ZONE_RENDER_LAYER_SLOPE:
      return ms_colour_zone_slope (cell->slope);

    case MS_ZONE_RENDER_LAYER_ALTITUDE:
      return map_shaded (job, height, cell->control, cell->blocking, shade);

    default:
      break;
    }

  /* The rest are tints over the grey relief. */
  relief = ms_colour_zone_relief (&s->light, shade, s->shade_strength);

  switch (s->layer)
    {
    case MS_ZONE_RENDER_LAYER_CONTROL:
      return ms_colour_mix_flags (relief, cell->control & s->flags, ms_colour_zone_control,
                        s->overlay_opacity);

    case MS_ZONE_RENDER_LAYER_BLOCKS:
      return ms_colour_mix_flags (relief, cell->blocking & s->flags, ms_colour_zone_blocking,
                        s->overlay_opacity);

    case MS_ZONE_RENDER_LAYER_PLANT_ALLOWED:
      return ms_colour_mix (relief, ms_colour_zone_plant_allowed (),
                            s->overlay_opacity * cell->allowed);

    case MS_ZONE_RENDER_LAYER_PLANTS:
      /* A live plant shows at full strength, else the ground tints. */
      if (cell->plant != 0)
        return profile_colour (job->profile, MS_PROFILE_PLANT_TYPES, cell->plant);
      return ms_colour_mix (relief,
                            profile_colour (job->profile, MS_PROFILE_GROUND_TYPES, cell->ground),
                            s->overlay_opacity);

    default:
      g_assert_not_reached ();
    }
}

/* Each block of the run reduced, then coloured over its relief. */
static void
colour_blocks (const MsShadedRun *run,
               gpointer           user_data)
{
  const Job *job = user_data;

  for (guint i = 0; i < run->n; i++)
    {
      guint bx0, by0, bx1, by1;
      MsZoneCell cell = { 0, };
      MsRgb c;

      if (!block_tiles (job, run->x0 + i, run->oy, &bx0, &by0, &bx1, &by1))
        g_assert_not_reached ();
      ms_zone_cell_reduce (job->zone, job->fields, bx0, by0, bx1, by1, &cell);
      c = colour_cell (job, &cell, run->heights[i], run->shades[i]);
      /* Grid cell (x + 1, y + 1) is pixel (x, y). */
      c = ms_contours_over (&job->contours, job->style->contour_opacity, job->heights, job->gw,
                            run->x0 + i + 1, run->oy + 1, c);
      run->out[i] = ms_colour_to_argb32 (c);
    }
}

cairo_surface_t *
ms_render_zone (MsZone             *zone,
                const MsZoneStyle  *style,
                const MsRect       *region,    /* in tiles, row-major */
                guint               max_size,
                GCancellable       *cancellable,
                GError            **error)
{
  g_autofree float *heights = NULL;
  cairo_surface_t *surface;
  MsZoneLayer source;
  gboolean shaded;
  Job job = { 0, };

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (style->layer < MS_N_ZONE_RENDER_LAYERS, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  job.zone = zone;
  ms_zone_get_height_span (zone, &job.span);
  job.profile = ms_zone_get_profile (zone);
  job.style = style;
  job.cancellable = cancellable;
  job.contours = (MsContours) { style->contour_interval, 0.0f, 1.0f };
  job.zw = ms_zone_get_width (zone);
  job.zh = ms_zone_get_height (zone);
  job.region = region != NULL ? *region : (MsRect) { 0, 0, job.zw, job.zh };
  if (!ms_render_check_region (job.region.x, job.region.y, job.region.width, job.region.height,
                               job.zw, job.zh, "zone", error))
    return NULL;

  source = ms_zone_cell_source_layer (style->layer);
  if (ms_zone_cell_layer_required (style->layer) && !ms_zone_has_layer (zone, source))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                   "The %s view needs %s, which zone %u does not have",
                   ms_zone_render_layer_to_string (style->layer), ms_zone_get_layer_path (zone, source),
                   ms_zone_get_id (zone));
      return NULL;
    }

  /* Only what the style shows and the zone has; the relief comes from
   * job.heights, not from the cells. */
  job.fields = ms_zone_cell_fields_for_style (style) & ms_zone_cell_fields_for_zone (zone) &
               ~MS_ZONE_CELL_HEIGHT;
  job.overlays = style->overlays &
                 ms_zone_cell_overlays_for_fields (ms_zone_cell_fields_for_zone (zone));

  job.k = ms_render_downsample_factor (job.region.width, job.region.height, max_size);
  job.ow = (job.region.width + job.k - 1) / job.k;
  job.oh = (job.region.height + job.k - 1) / job.k;
  surface = ms_render_image_new (job.ow, job.oh, error);
  if (surface == NULL)
    return NULL;

  shaded = style->layer != MS_ZONE_RENDER_LAYER_SPAWN && style->layer != MS_ZONE_RENDER_LAYER_SLOPE;
  job.gw = job.ow + 2;
  job.gh = job.oh + 2;
  if (shaded && ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE))
    {
      heights = g_try_new (float, (gsize) job.gw * job.gh);
      if (heights == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                       "Not enough memory to render a %u×%u image", job.ow, job.oh);
          cairo_surface_destroy (surface);
          return NULL;
        }
      job.heights = heights;
    }

  /* The blueprint renderer's shading rule, on block means; a centre
   * without a height stays NaN (its colour is the ramp's first). */
  job.shading = (MsShadeGrid) { job.heights, job.gw, style->exaggeration, (float) job.k,
                                NAN, &style->light, 0.0f };

  /* Rows of blocks: each reads whole rows of tiles, in file order. */
  if (job.heights != NULL)
    ms_render_rows (job.gh, reduce_heights_row, &job, cancellable);
  if (!g_cancellable_is_cancelled (cancellable))
    ms_shade_image (&job.shading, (guint32 *) (gpointer) cairo_image_surface_get_data (surface),
                    cairo_image_surface_get_stride (surface) / 4, job.ow, job.oh,
                    colour_blocks, &job, cancellable);

  return ms_render_image_finish (surface, cancellable, error);
}
