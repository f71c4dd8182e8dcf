/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include "ms-diff-pyramid.h"
#include "ms-diff-renderer.h"

struct _MsDiffPyramid
{
  GObject      parent_instance;

  MsBlueprint *a;
  MsBlueprint *b;
  double       scale;
  guint        grid;
  guint        top_level;
};

G_DEFINE_FINAL_TYPE (MsDiffPyramid, ms_diff_pyramid, G_TYPE_OBJECT)

MsDiffTile *
ms_diff_tile_ref (MsDiffTile *tile)
{
  g_return_val_if_fail (tile != NULL, NULL);
  g_atomic_int_inc (&tile->ref_count);
  return tile;
}

void
ms_diff_tile_unref (MsDiffTile *tile)
{
  if (tile == NULL || !g_atomic_int_dec_and_test (&tile->ref_count))
    return;
  cairo_surface_destroy (tile->surface);
  g_free (tile);
}

static void
ms_diff_pyramid_finalize (GObject *object)
{
  MsDiffPyramid *self = MS_DIFF_PYRAMID (object);

  g_clear_object (&self->a);
  g_clear_object (&self->b);

  G_OBJECT_CLASS (ms_diff_pyramid_parent_class)->finalize (object);
}

static void
ms_diff_pyramid_class_init (MsDiffPyramidClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_diff_pyramid_finalize;
}

static void
ms_diff_pyramid_init (MsDiffPyramid *self)
{
}

MsDiffPyramid *
ms_diff_pyramid_new (MsBlueprint *a,
                     MsBlueprint *b,
                     double       scale)
{
  MsDiffPyramid *self;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);

  self = g_object_new (MS_TYPE_DIFF_PYRAMID, NULL);
  self->a = g_object_ref (a);
  self->b = g_object_ref (b);
  self->scale = scale;
  self->grid = MAX (ms_blueprint_get_map_size (a), ms_blueprint_get_map_size (b));
  /* As MsBlueprintPyramid's, so a map of the grid's size has the same levels. */
  while (((guint64) MS_TILE_SIZE << self->top_level) < self->grid)
    self->top_level++;
  return self;
}

guint
ms_diff_pyramid_get_grid_size (MsDiffPyramid *self)
{
  g_return_val_if_fail (MS_IS_DIFF_PYRAMID (self), 0);
  return self->grid;
}

guint
ms_diff_pyramid_get_top_level (MsDiffPyramid *self)
{
  g_return_val_if_fail (MS_IS_DIFF_PYRAMID (self), 0);
  return self->top_level;
}

void
ms_diff_pyramid_get_tile_grid (MsDiffPyramid *self,
                               guint          level,
                               guint         *n_tiles_x,
                               guint         *n_tiles_y)
{
  guint64 span = (guint64) MS_TILE_SIZE << level;

  g_return_if_fail (MS_IS_DIFF_PYRAMID (self));
  *n_tiles_x = *n_tiles_y = (guint) ((self->grid + span - 1) / span);
}

static void
get_tile_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  MsDiffPyramid *self = source_object;
  const MsTileKey *key = task_data;
  GError *error = NULL;
  cairo_surface_t *surface;
  MsDiffTile *tile;

  if (key->level > self->top_level)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               "There is no difference tile %u/%u/%u", key->level, key->tx, key->ty);
      return;
    }
  surface = ms_diff_render_tile (self->a, self->b, self->scale, key->level, key->tx, key->ty,
                                 cancellable, &error);
  if (surface == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  tile = g_new0 (MsDiffTile, 1);
  tile->key = *key;
  tile->surface = surface;
  tile->ref_count = 1;
  g_task_return_pointer (task, tile, (GDestroyNotify) ms_diff_tile_unref);
}

void
ms_diff_pyramid_get_tile_async (MsDiffPyramid       *self,
                                const MsTileKey     *key,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MS_IS_DIFF_PYRAMID (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ms_diff_pyramid_get_tile_async);
  g_task_set_task_data (task, g_memdup2 (key, sizeof *key), g_free);
  g_task_run_in_thread (task, get_tile_thread);
}

MsDiffTile *
ms_diff_pyramid_get_tile_finish (MsDiffPyramid  *self,
                                 GAsyncResult   *result,
                                 GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
