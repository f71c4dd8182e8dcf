/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-blueprint-source"

#include "config.h"

#include <math.h>

#include "ms-colour.h"
#include "ms-terrain-blueprint-source.h"

struct _MsTerrainBlueprintSource
{
  MsTerrainSource     parent_instance;
  MsBlueprintPyramid *pyramid;
  GMutex              lock;   /* the style, read by worker threads */
  MsBlueprintStyle    style;
};

G_DEFINE_FINAL_TYPE (MsTerrainBlueprintSource, ms_terrain_blueprint_source, MS_TYPE_TERRAIN_SOURCE)

static MsTerrainTile *
make_tile (MsTerrainSource *source,
           const MsTileKey *key,
           GCancellable    *cancellable,
           GError         **error)
{
  MsTerrainBlueprintSource *self = MS_TERRAIN_BLUEPRINT_SOURCE (source);
  MsBlueprint *bp = ms_blueprint_pyramid_get_blueprint (self->pyramid);
  g_autoptr(MsBlueprintTile) bt = NULL;
  MsBlueprintStyle style;
  const MsBlueprintGrid *g;
  MsTerrainTile *tile;
  guint w, h;

  bt = ms_blueprint_pyramid_get_tile (self->pyramid, key, cancellable, error);
  if (bt == NULL)
    return NULL;
  g_mutex_lock (&self->lock);
  style = self->style;
  g_mutex_unlock (&self->lock);
  /* The renderers draw the contours themselves (ms_terrain_source_set_contours ()). */
  style.stack[MS_STACK_CONTOURS].visible = FALSE;

  g = &bt->grid;
  tile = ms_terrain_tile_new (key, bt->width, bt->height);
  for (gsize i = 0; i < (gsize) g->width * g->height; i++)
    {
      float hh = g->heights[i];
      gboolean wet = ms_blueprint_has_water (bp) ? g->water_ids[i] != 0
                                                 : isfinite (hh) && hh < style.sea_level;

      /* Water lies at its surface: the 2D view colours its depth, the 3D
       * view shows it flat at the level it has. */
      if (wet)
        {
          float surface = g->surfaces[i] ? ms_water_level_decode (g->surfaces[i]) : style.sea_level;
          hh = isfinite (hh) ? MAX (hh, surface) : surface;
        }
      tile->heights[i] = hh * MS_METRES_PER_RAW;
    }
  ms_blueprint_colour_grid (bp, &style, g, tile->colours, (int) bt->width, cancellable);
  ms_terrain_source_get_extent (source, &w, &h);
  ms_terrain_tile_finish (tile, w, h);
  return tile;
}

/* The contour layer in metres above sea level, as the 2D view draws it. */
static void
set_contours (MsTerrainBlueprintSource *self)
{
  float opacities[MS_N_STACK_LAYERS];
  MsTerrainContours contours;

  ms_blueprint_style_get_opacities (&self->style, opacities);
  contours = (MsTerrainContours) { MAX (self->style.contour_interval, 0.0f),
                                   self->style.sea_level * MS_METRES_PER_RAW,
                                   opacities[MS_STACK_CONTOURS] };
  ms_terrain_source_set_contours (MS_TERRAIN_SOURCE (self), &contours);
}

static void
ms_terrain_blueprint_source_finalize (GObject *object)
{
  MsTerrainBlueprintSource *self = MS_TERRAIN_BLUEPRINT_SOURCE (object);

  g_clear_object (&self->pyramid);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (ms_terrain_blueprint_source_parent_class)->finalize (object);
}

static void
ms_terrain_blueprint_source_class_init (MsTerrainBlueprintSourceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_terrain_blueprint_source_finalize;
  MS_TERRAIN_SOURCE_CLASS (klass)->make_tile = make_tile;
}

static void
ms_terrain_blueprint_source_init (MsTerrainBlueprintSource *self)
{
  g_mutex_init (&self->lock);
  ms_blueprint_style_init (&self->style);
}

MsTerrainSource *
ms_terrain_blueprint_source_new (MsBlueprintPyramid     *pyramid,
                                 const MsBlueprintStyle *style)
{
  MsTerrainBlueprintSource *self;
  MsBlueprint *bp;
  guint size;

  g_return_val_if_fail (MS_IS_BLUEPRINT_PYRAMID (pyramid), NULL);

  self = g_object_new (MS_TYPE_TERRAIN_BLUEPRINT_SOURCE, NULL);
  self->pyramid = g_object_ref (pyramid);
  if (style != NULL)
    self->style = *style;
  bp = ms_blueprint_pyramid_get_blueprint (pyramid);
  size = ms_blueprint_get_map_size (bp);
  ms_terrain_source_set_extent (MS_TERRAIN_SOURCE (self), size, size,
                                self->style.metres_per_pixel > 0.0f
                                ? self->style.metres_per_pixel
                                : MS_DEFAULT_WORLD_SPAN / (double) size);
  set_contours (self);
  g_warn_if_fail (ms_terrain_source_get_top_level (MS_TERRAIN_SOURCE (self)) ==
                  ms_blueprint_pyramid_get_top_level (pyramid));
  return MS_TERRAIN_SOURCE (self);
}

void
ms_terrain_blueprint_source_set_style (MsTerrainBlueprintSource *self,
                                       const MsBlueprintStyle   *style)
{
  g_return_if_fail (MS_IS_TERRAIN_BLUEPRINT_SOURCE (self));

  g_mutex_lock (&self->lock);
  self->style = *style;
  g_mutex_unlock (&self->lock);
  set_contours (self);
  ms_terrain_source_invalidate (MS_TERRAIN_SOURCE (self));
}

MsBlueprintPyramid *
ms_terrain_blueprint_source_get_pyramid (MsTerrainBlueprintSource *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_BLUEPRINT_SOURCE (self), NULL);
  return self->pyramid;
}
