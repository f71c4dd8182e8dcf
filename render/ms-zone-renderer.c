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

#include "ms-enum.h"
#include "ms-parallel.h"
#include "ms-render-enums.h"
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
}

const char *
ms_zone_render_layer_to_string (MsZoneRenderLayer layer)
{
  g_return_val_if_fail (layer < MS_N_ZONE_RENDER_LAYERS, NULL);
  return ms_enum_get_nick (MS_TYPE_ZONE_RENDER_LAYER, layer);
}

gboolean
ms_zone_render_layer_from_string (const char        *name,
                                  MsZoneRenderLayer *layer)
{
  int value;

  if (!ms_enum_from_nick (MS_TYPE_ZONE_RENDER_LAYER, name, &value))
    return FALSE;
  *layer = (MsZoneRenderLayer) value;
  return TRUE;
}

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

typedef struct
{
  MsZone            *zone;
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
  guint32           *pixels;     /* the cairo surface's data */
  int                stride;     /* in guint32 */
  guint              band_rows;
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
reduce_heights_band (guint    band,
                     gpointer user_data)
{
  Job *job = user_data;
  guint cy0 = band * job->band_rows;
  guint cy1 = MIN (cy0 + job->band_rows, job->gh);

  if (g_cancellable_is_cancelled (job->cancellable))
    return;

  for (guint cy = cy0; cy < cy1; cy++)
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

/* The blueprint renderer's shading rule: a neighbour without a height takes
 * the centre's.  Without heights the ground is flat. */
static float
shade_at (const Job *job,
          guint      ox,
          guint      oy,
          float     *out_height)
{
  const MsZoneStyle *s = job->style;
  float w[9], dz_dcol, dz_drow, centre;

  if (job->heights == NULL)
    {
      *out_height = 0.0f;
      return s->light.z;
    }

  centre = job->heights[(gsize) (oy + 1) * job->gw + ox + 1];
  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      {
        float h = job->heights[(gsize) (oy + 1 + j) * job->gw + (ox + 1 + i)];
        w[(j + 1) * 3 + (i + 1)] = (isfinite (h) ? h : centre) * s->exaggeration;
      }
  ms_horn_gradient (w, (float) job->k, &dz_dcol, &dz_drow);
  *out_height = centre;
  return ms_hillshade (&s->light, dz_dcol, dz_drow);
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

static MsRgb
mix_flags (MsRgb   under,
           guint   flags,
           MsRgb (*colour) (guint bit),
           float   opacity)
{
  /* Lowest bit first, so the rarer high flags (NpcRestricted…) end on top. */
  for (guint bit = 0; flags != 0; bit++, flags >>= 1)
    if (flags & 1)
      under = ms_colour_mix (under, colour (bit), opacity);
  return under;
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
    c = ms_colour_shade (ms_colour_zone_height (height), &s->light, shade, s->shade_strength);
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
    c = mix_flags (c, cell->blocking & s->blocking_flags, ms_colour_zone_blocking, a[4]);
  if (on & MS_ZONE_OVERLAY_CONTROL)
    c = mix_flags (c, cell->control & s->control_flags, ms_colour_zone_control, a[5]);
  return c;
}

/* The colour of one reduced block: the formulas shaders/zone.frag mirrors. */
static MsRgb
colour_cell (const Job        *job,
             const MsZoneCell *cell,
             guint             ox,
             guint             oy)
{
  const MsZoneStyle *s = job->style;
  float height, shade;
  MsRgb relief;

  switch (s->layer)
    {
    case MS_ZONE_RENDER_LAYER_OVERLAYS:
      shade = shade_at (job, ox, oy, &height);
      return colour_overlays (job, cell, height, shade);

    case MS_ZONE_RENDER_LAYER_SPAWN:
      return ms_colour_zone_spawn (cell->spawn);

    case MS_ZONE_RENDER_LAYER_SLOPE:
      return ms_colour_zone_slope (cell->slope);

    case MS_ZONE_RENDER_LAYER_ALTITUDE:
      shade = shade_at (job, ox, oy, &height);
      return ms_colour_shade (ms_colour_zone_height (height), &s->light, shade, s->shade_strength);

    default:
      break;
    }

  /* The rest are tints over the grey relief. */
  shade = shade_at (job, ox, oy, &height);
  relief = ms_colour_zone_relief (&s->light, shade, s->shade_strength);

  switch (s->layer)
    {
    case MS_ZONE_RENDER_LAYER_CONTROL:
      return mix_flags (relief, cell->control & s->flags, ms_colour_zone_control,
                        s->overlay_opacity);

    case MS_ZONE_RENDER_LAYER_BLOCKS:
      return mix_flags (relief, cell->blocking & s->flags, ms_colour_zone_blocking,
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

static MsRgb
colour_at (const Job *job,
           guint      ox,
           guint      oy)
{
  guint x0, y0, x1, y1;
  MsZoneCell cell = { 0, };

  if (!block_tiles (job, ox, oy, &x0, &y0, &x1, &y1))
    g_assert_not_reached ();
  ms_zone_cell_reduce (job->zone, job->fields, x0, y0, x1, y1, &cell);
  return colour_cell (job, &cell, ox, oy);
}

static void
colour_band (guint    band,
             gpointer user_data)
{
  Job *job = user_data;
  guint oy0 = band * job->band_rows;
  guint oy1 = MIN (oy0 + job->band_rows, job->oh);

  if (g_cancellable_is_cancelled (job->cancellable))
    return;

  for (guint oy = oy0; oy < oy1; oy++)
    for (guint ox = 0; ox < job->ow; ox++)
      job->pixels[(gsize) oy * job->stride + ox] = ms_colour_to_argb32 (colour_at (job, ox, oy));
}

cairo_surface_t *
ms_render_zone (MsZone             *zone,
                const MsZoneStyle  *style,
                const MsRect       *region,
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
  job.profile = ms_zone_get_profile (zone);
  job.style = style;
  job.cancellable = cancellable;
  job.zw = ms_zone_get_width (zone);
  job.zh = ms_zone_get_height (zone);
  job.region = region != NULL ? *region : (MsRect) { 0, 0, job.zw, job.zh };
  if (job.region.width == 0 || job.region.height == 0 ||
      job.region.x >= job.zw || job.region.y >= job.zh ||
      job.region.width > job.zw - job.region.x || job.region.height > job.zh - job.region.y)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "The region %u,%u %u×%u is not inside the %u×%u zone",
                   job.region.x, job.region.y, job.region.width, job.region.height,
                   job.zw, job.zh);
      return NULL;
    }

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
  if (job.ow > 32767 || job.oh > 32767)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "A %u×%u image is larger than an image can be (32767 pixels a side); "
                   "give a smaller --max-size or a region", job.ow, job.oh);
      return NULL;
    }

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
          return NULL;
        }
      job.heights = heights;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) job.ow, (int) job.oh);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not create a %u×%u image: %s",
                   job.ow, job.oh, cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);
  job.pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (surface);
  job.stride = cairo_image_surface_get_stride (surface) / 4;

  /* Bands of rows: each reads whole rows of tiles, in file order. */
  job.band_rows = MAX (1u, MIN (64u, job.gh / (4 * g_get_num_processors ()) + 1));
  if (job.heights != NULL)
    ms_parallel_for ((job.gh + job.band_rows - 1) / job.band_rows, reduce_heights_band, &job);
  if (!g_cancellable_is_cancelled (cancellable))
    ms_parallel_for ((job.oh + job.band_rows - 1) / job.band_rows, colour_band, &job);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }

  cairo_surface_mark_dirty (surface);
  return surface;
}
