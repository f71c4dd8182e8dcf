/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-zone-source"

#include "config.h"

#include <math.h>

#include "ms-colour.h"
#include "ms-terrain-zone-source.h"

struct _MsTerrainZoneSource
{
  MsTerrainSource  parent_instance;
  MsZonePyramid   *pyramid;
  MsZoneStyle      style;
};

G_DEFINE_FINAL_TYPE (MsTerrainZoneSource, ms_terrain_zone_source, MS_TYPE_TERRAIN_SOURCE)

static MsTerrainTile *
convert (MsTerrainZoneSource *self,
         MsZoneTile          *zt)
{
  const MsZoneStyle *s = &self->style;
  MsTerrainTile *tile = ms_terrain_tile_new (&zt->key, zt->width, zt->height);
  gboolean has_heights = (zt->fields & MS_ZONE_CELL_HEIGHT) != 0;
  gboolean overlays = s->layer == MS_ZONE_RENDER_LAYER_OVERLAYS;
  guint gw = zt->grid_width, w, h;
  MsZoneHeightSpan span;

  ms_zone_get_height_span (ms_zone_pyramid_get_zone (self->pyramid), &span);

  g_assert (gw == zt->width + 2 && zt->grid_height == zt->height + 2);
  /* The sea lies at its surface, as the blueprint's water does: drawn at
   * its floor, every coast was a wall from the land down to the sea bed,
   * streaked cell by cell in the colours of both (issue #36).  The colours
   * below still give its depth, as in the 2D view. */
  for (gsize i = 0; i < (gsize) gw * zt->grid_height; i++)
    {
      float hh = has_heights ? zt->cells[i].height : 0.0f;

      if (span.has_water && isfinite (hh) && hh < (float) MS_ZONE_WATER_LEVEL)
        hh = (float) MS_ZONE_WATER_LEVEL;
      tile->heights[i] = hh;
    }

  for (guint oy = 0; oy < zt->height; oy++)
    for (guint ox = 0; ox < zt->width; ox++)
      {
        const MsZoneCell *cell = &zt->cells[(gsize) (oy + 1) * gw + ox + 1];
        float win[9], dz_dcol, dz_drow, shade, centre = cell->height;
        MsRgb c;

        /* ms-zone-renderer's shading: a neighbour without a height takes
         * the centre's. */
        for (int j = -1; j <= 1; j++)
          for (int i = -1; i <= 1; i++)
            {
              float v = zt->cells[(gsize) (oy + 1 + j) * gw + ox + 1 + i].height;
              win[(j + 1) * 3 + (i + 1)] = (isfinite (v) ? v : centre) * s->exaggeration;
            }
        ms_horn_gradient (win, (float) zt->k, &dz_dcol, &dz_drow);
        shade = has_heights ? ms_hillshade (&s->light, dz_dcol, dz_drow) : s->light.z;

        if (has_heights && (!overlays || s->tint_altitude))
          {
            /* The 2D map's colours (ms_zone_map_colour): the altitude view
             * with its roads, pads and blocks, the overlays' tint without. */
            guint16 control = !overlays && (zt->fields & MS_ZONE_CELL_CONTROL) ? cell->control : 0;
            guint8 blocking = !overlays && (zt->fields & MS_ZONE_CELL_BLOCKING) ? cell->blocking : 0;
            gboolean water;

            c = ms_zone_map_colour (&span, centre, control, blocking, &water);
            if (!water)
              c = ms_colour_shade (c, &s->light, shade, s->shade_strength);
          }
        else
          c = ms_colour_zone_relief (&s->light, shade, s->shade_strength);
        if (overlays && (s->overlays & MS_ZONE_OVERLAY_BLOCKS) && (zt->fields & MS_ZONE_CELL_BLOCKING))
          c = ms_colour_mix_flags (c, cell->blocking & s->blocking_flags, ms_colour_zone_blocking,
                         s->overlay_opacities[4]);
        if (overlays && (s->overlays & MS_ZONE_OVERLAY_CONTROL) && (zt->fields & MS_ZONE_CELL_CONTROL))
          c = ms_colour_mix_flags (c, cell->control & s->control_flags, ms_colour_zone_control,
                         s->overlay_opacities[5]);
        tile->colours[(gsize) oy * zt->width + ox] = ms_colour_to_argb32 (c);
      }

  ms_terrain_source_get_extent (MS_TERRAIN_SOURCE (self), &w, &h);
  ms_terrain_tile_finish (tile, w, h);
  return tile;
}

static MsTerrainTile *
make_tile (MsTerrainSource *source,
           const MsTileKey *key,
           GCancellable    *cancellable,
           GError         **error)
{
  MsTerrainZoneSource *self = MS_TERRAIN_ZONE_SOURCE (source);
  g_autoptr(MsZoneTile) zt = ms_zone_pyramid_get_tile (self->pyramid, key, cancellable, error);

  return zt != NULL ? convert (self, zt) : NULL;
}

static void
got_zone_tile (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  MsTerrainZoneSource *self = g_task_get_source_object (task);
  GError *error = NULL;
  g_autoptr(MsZoneTile) zt = ms_zone_pyramid_get_tile_finish (MS_ZONE_PYRAMID (object), result, &error);

  if (zt == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, convert (self, zt), (GDestroyNotify) ms_terrain_tile_unref);
}

static void
make_tile_async (MsTerrainSource     *source,
                 const MsTileKey     *key,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  MsTerrainZoneSource *self = MS_TERRAIN_ZONE_SOURCE (source);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, make_tile_async);
  ms_zone_pyramid_get_tile_async (self->pyramid, key, cancellable, got_zone_tile, task);
}

static MsTerrainTile *
make_tile_finish (MsTerrainSource *source,
                  GAsyncResult    *result,
                  GError         **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
on_tiles_invalidated (MsZonePyramid       *pyramid,
                      GArray              *keys,
                      MsTerrainZoneSource *self)
{
  /* Heights shade their neighbours and bound the nodes above them: the
   * simplest correct answer is to start again. */
  ms_terrain_source_invalidate (MS_TERRAIN_SOURCE (self));
}

static void
ms_terrain_zone_source_dispose (GObject *object)
{
  MsTerrainZoneSource *self = MS_TERRAIN_ZONE_SOURCE (object);

  if (self->pyramid != NULL)
    g_signal_handlers_disconnect_by_data (self->pyramid, self);
  g_clear_object (&self->pyramid);
  G_OBJECT_CLASS (ms_terrain_zone_source_parent_class)->dispose (object);
}

static void
ms_terrain_zone_source_class_init (MsTerrainZoneSourceClass *klass)
{
  MsTerrainSourceClass *source_class = MS_TERRAIN_SOURCE_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ms_terrain_zone_source_dispose;
  source_class->make_tile = make_tile;
  source_class->make_tile_async = make_tile_async;
  source_class->make_tile_finish = make_tile_finish;
}

static void
ms_terrain_zone_source_init (MsTerrainZoneSource *self)
{
  ms_zone_style_init (&self->style);
  self->style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
}

MsTerrainSource *
ms_terrain_zone_source_new (MsZonePyramid     *pyramid,
                            const MsZoneStyle *style)
{
  MsTerrainZoneSource *self;
  MsZone *zone;

  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (pyramid), NULL);

  self = g_object_new (MS_TYPE_TERRAIN_ZONE_SOURCE, NULL);
  self->pyramid = g_object_ref (pyramid);
  if (style != NULL)
    self->style = *style;
  zone = ms_zone_pyramid_get_zone (pyramid);
  ms_terrain_source_set_extent (MS_TERRAIN_SOURCE (self), ms_zone_get_width (zone),
                                ms_zone_get_height (zone), 1.0);
  g_warn_if_fail (ms_terrain_source_get_top_level (MS_TERRAIN_SOURCE (self)) ==
                  ms_zone_pyramid_get_top_level (pyramid));
  g_signal_connect (pyramid, "tiles-invalidated", G_CALLBACK (on_tiles_invalidated), self);
  return MS_TERRAIN_SOURCE (self);
}

void
ms_terrain_zone_source_set_style (MsTerrainZoneSource *self,
                                  const MsZoneStyle   *style)
{
  g_return_if_fail (MS_IS_TERRAIN_ZONE_SOURCE (self));

  self->style = *style;
  ms_terrain_source_invalidate (MS_TERRAIN_SOURCE (self));
}

MsZonePyramid *
ms_terrain_zone_source_get_pyramid (MsTerrainZoneSource *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_ZONE_SOURCE (self), NULL);
  return self->pyramid;
}
