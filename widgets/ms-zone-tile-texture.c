/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone view's CPU tiles: ms_render_zone () of one tile's area at the
 * tile's level, on a worker, as a texture the tile view draws.
 */
#include "config.h"

#include <math.h>

#include "ms-tile-view.h"
#include "ms-zone-tile-texture.h"

typedef struct
{
  MsZone      *zone;
  MsZoneStyle  style;
  MsRect       rect;
} CpuRender;

static void
cpu_render_free (CpuRender *job)
{
  g_clear_object (&job->zone);
  g_free (job);
}

/* On a worker: zone reads are safe while the main thread edits, so a
 * painter without GL stays responsive.  One render at a time (each is
 * parallel itself), as the zone's slope cache has one filler. */
static void
cpu_render_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  static GMutex lock;
  CpuRender *job = task_data;
  GError *error = NULL;
  cairo_surface_t *surface = NULL;

  g_mutex_lock (&lock);
  if (!g_cancellable_set_error_if_cancelled (cancellable, &error))
    surface = ms_render_zone (job->zone, &job->style, &job->rect, MS_TILE_SIZE, cancellable, &error);
  g_mutex_unlock (&lock);

  /* A zone without the layer shown shows the background, as on GL. */
  if (surface == NULL && g_error_matches (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER))
    {
      g_clear_error (&error);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
    }
  if (surface == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

void
ms_zone_tile_texture_async (gpointer             source_object,
                            MsZone              *zone,
                            const MsZoneStyle   *style,
                            const MsTileKey     *key,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (source_object, cancellable, callback, user_data);
  CpuRender *job = g_new0 (CpuRender, 1);
  guint span = MS_TILE_SIZE << key->level;
  guint zw = ms_zone_get_width (zone), zh = ms_zone_get_height (zone);

  /* The tile's zone tiles, reduced to at most 256 a side: 2^level each. */
  job->zone = g_object_ref (zone);
  job->style = *style;
  job->rect = (MsRect) { key->tx * span, key->ty * span, MIN (span, zw - key->tx * span),
                         MIN (span, zh - key->ty * span) };
  g_task_set_source_tag (task, ms_zone_tile_texture_async);
  g_task_set_task_data (task, job, (GDestroyNotify) cpu_render_free);
  g_task_run_in_thread (task, cpu_render_thread);
}

GdkTexture *
ms_zone_tile_texture_finish (GAsyncResult  *result,
                             double        *cell_size,
                             GError       **error)
{
  CpuRender *job = g_task_get_task_data (G_TASK (result));
  cairo_surface_t *surface = g_task_propagate_pointer (G_TASK (result), error);
  GdkTexture *texture;
  int w, h;

  if (surface == NULL)
    return NULL;
  w = cairo_image_surface_get_width (surface);
  h = cairo_image_surface_get_height (surface);
  /* The factor ms_render_zone () chose (a corner tile may be finer). */
  *cell_size = ceil ((double) MAX (job->rect.width, job->rect.height) / MAX (w, h));
  texture = ms_tile_view_texture_new (surface, *cell_size);
  cairo_surface_destroy (surface);
  return texture;
}

