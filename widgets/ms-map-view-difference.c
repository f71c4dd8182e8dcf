/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map view showing the difference of two blueprints instead of one
 * (ms_map_view_set_difference): the same levels and tiles, from an
 * MsDiffPyramid, always as CPU textures (they are colours already), with
 * map coordinates the comparison grid's pixels.
 */
#define G_LOG_DOMAIN "ms-map-view"

#include "config.h"

#include <math.h>

#include "ms-map-view-private.h"

static void
diff_tile_ready (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  g_autoptr(MsDiffTile) tile = ms_diff_pyramid_get_tile_finish (MS_DIFF_PYRAMID (source), result, &error);

  if (tile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, ms_tile_view_texture_new (tile->surface, ldexp (1.0, (int) tile->key.level)),
                           g_object_unref);
}

static void
get_texture_async (MsTileView          *view,
                   const MsTileKey     *key,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  MsMapView *self = MS_MAP_VIEW (view);
  GTask *task;

  if (self->diff == NULL)
    {
      MS_TILE_VIEW_CLASS (g_type_class_peek (MS_TYPE_TILE_VIEW))->get_texture_async (view, key, cancellable, callback,
                                                                       user_data);
      return;
    }
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, get_texture_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (key->level), NULL);
  ms_diff_pyramid_get_tile_async (self->diff, key, cancellable, diff_tile_ready, task);
}

static GdkTexture *
get_texture_finish (MsTileView    *view,
                    GAsyncResult  *result,
                    double        *cell_size,
                    GError       **error)
{
  if (g_task_get_source_tag (G_TASK (result)) != get_texture_async)
    return MS_TILE_VIEW_CLASS (g_type_class_peek (MS_TYPE_TILE_VIEW))->get_texture_finish (view, result, cell_size, error);
  *cell_size = ldexp (1.0, (int) GPOINTER_TO_UINT (g_task_get_task_data (G_TASK (result))));
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Textures are filtered smoothly; a difference's hatching and its
 * one-pixel changes stay crisp, drawn nearest, once magnified. */
static gboolean
draw_sharp (MsTileView *view,
            double      device_zoom)
{
  return MS_MAP_VIEW (view)->diff != NULL && device_zoom > 1.0 + 1e-9;
}

/* GL draws blueprints; a difference is colours already, drawn as textures. */
static gboolean
wants_gl (MsTileView *view)
{
  return MS_MAP_VIEW (view)->diff == NULL;
}

void
ms_map_view_set_difference (MsMapView   *self,
                            MsBlueprint *a,
                            MsBlueprint *b,
                            double       scale)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));
  g_return_if_fail ((a == NULL) == (b == NULL));

  ms_map_view_set_blueprint (self, NULL);
  if (a != NULL)
    {
      guint n;

      self->diff = ms_diff_pyramid_new (a, b, scale);
      n = ms_diff_pyramid_get_grid_size (self->diff);
      ms_tile_view_set_map (MS_TILE_VIEW (self), n, n, ms_diff_pyramid_get_top_level (self->diff));
    }
}

gboolean
ms_map_view_get_showing_difference (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), FALSE);
  return self->diff != NULL;
}

void
_ms_map_view_class_init_difference (MsTileViewClass *view_class)
{
  view_class->get_texture_async = get_texture_async;
  view_class->get_texture_finish = get_texture_finish;
  view_class->draw_sharp = draw_sharp;
  view_class->wants_gl = wants_gl;
}
