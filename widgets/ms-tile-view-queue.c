/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tile requests of the map and zone views.  Each request carries the
 * cancellable it was made under: once that is cancelled the result means
 * nothing (the pyramid changed or the view went), and the pending entry it
 * had was cleared by the reset, so the request leaves the current one of
 * the same key alone.
 */
#define G_LOG_DOMAIN "ms-tile-view-queue"

#include "config.h"

#include "ms-tile-view-queue.h"

struct _MsTileViewQueue
{
  GObject                 parent_instance;

  const MsTileViewSource *source;
  MsTileViewArrived       arrived;
  gpointer                user_data;

  GObject                *pyramid;
  GHashTable             *pending;      /* packed key -> TRUE: requested tiles */
  GPtrArray              *to_upload;    /* tiles waiting for the GL thread */
  GCancellable           *cancellable;
};

G_DEFINE_FINAL_TYPE (MsTileViewQueue, ms_tile_view_queue, G_TYPE_OBJECT)

typedef struct
{
  MsTileViewQueue *queue;
  GCancellable    *cancellable;
  guint64          packed;
} Request;

static void
request_free (Request *request)
{
  g_object_unref (request->queue);
  g_object_unref (request->cancellable);
  g_free (request);
}

static void
tile_ready (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Request *request = user_data;
  MsTileViewQueue *self = request->queue;
  g_autoptr(GError) error = NULL;
  gpointer tile;

  tile = self->source->get_tile_finish (source, result, &error);
  if (g_cancellable_is_cancelled (request->cancellable))
    ;  /* the view moved on: not a failure, and not its tile any more */
  else if (tile == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not make a %s: %s", self->source->what, error->message);
    }
  else
    {
      g_hash_table_remove (self->pending, &request->packed);
      self->arrived (tile, self->user_data);
    }

  if (tile != NULL)
    self->source->tile_unref (tile);
  request_free (request);
}

void
ms_tile_view_queue_reset (MsTileViewQueue *self)
{
  g_return_if_fail (MS_IS_TILE_VIEW_QUEUE (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  ms_tile_view_queue_forget (self);
}

void
ms_tile_view_queue_forget (MsTileViewQueue *self)
{
  g_return_if_fail (MS_IS_TILE_VIEW_QUEUE (self));

  g_hash_table_remove_all (self->pending);
  g_ptr_array_set_size (self->to_upload, 0);
}

void
ms_tile_view_queue_set_pyramid (MsTileViewQueue *self,
                                gpointer         pyramid)
{
  g_return_if_fail (MS_IS_TILE_VIEW_QUEUE (self));
  g_return_if_fail (pyramid == NULL || G_IS_OBJECT (pyramid));

  ms_tile_view_queue_reset (self);
  g_set_object (&self->pyramid, pyramid);
}

gboolean
ms_tile_view_queue_request (MsTileViewQueue *self,
                            const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);
  Request *request;

  g_return_val_if_fail (MS_IS_TILE_VIEW_QUEUE (self), FALSE);

  if (self->pyramid == NULL || g_hash_table_contains (self->pending, &packed))
    return FALSE;
  g_hash_table_add (self->pending, g_memdup2 (&packed, sizeof packed));

  request = g_new0 (Request, 1);
  request->queue = g_object_ref (self);
  request->cancellable = g_object_ref (self->cancellable);
  request->packed = packed;
  self->source->get_tile_async (self->pyramid, key, self->cancellable, tile_ready, request);
  return TRUE;
}


void
ms_tile_view_queue_push_upload (MsTileViewQueue *self,
                                gpointer         tile)
{
  g_return_if_fail (MS_IS_TILE_VIEW_QUEUE (self));
  g_ptr_array_add (self->to_upload, self->source->tile_ref (tile));
}

void
ms_tile_view_queue_flush_uploads (MsTileViewQueue *self,
                                  MsTileViewUpload upload,
                                  gpointer         renderer)
{
  g_return_if_fail (MS_IS_TILE_VIEW_QUEUE (self));

  for (guint i = 0; i < self->to_upload->len; i++)
    upload (renderer, g_ptr_array_index (self->to_upload, i));
  g_ptr_array_set_size (self->to_upload, 0);
}

guint
ms_tile_view_queue_get_n_pending (MsTileViewQueue *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW_QUEUE (self), 0);
  return g_hash_table_size (self->pending) + self->to_upload->len;
}

static void
ms_tile_view_queue_dispose (GObject *object)
{
  MsTileViewQueue *self = MS_TILE_VIEW_QUEUE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->pyramid);

  G_OBJECT_CLASS (ms_tile_view_queue_parent_class)->dispose (object);
}

static void
ms_tile_view_queue_finalize (GObject *object)
{
  MsTileViewQueue *self = MS_TILE_VIEW_QUEUE (object);

  g_hash_table_destroy (self->pending);
  g_ptr_array_unref (self->to_upload);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (ms_tile_view_queue_parent_class)->finalize (object);
}

static void
ms_tile_view_queue_class_init (MsTileViewQueueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ms_tile_view_queue_dispose;
  object_class->finalize = ms_tile_view_queue_finalize;
}

static void
ms_tile_view_queue_init (MsTileViewQueue *self)
{
  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->cancellable = g_cancellable_new ();
}

MsTileViewQueue *
ms_tile_view_queue_new (const MsTileViewSource *source,
                        MsTileViewArrived       arrived,
                        gpointer                user_data)
{
  MsTileViewQueue *self;

  g_return_val_if_fail (source != NULL && arrived != NULL, NULL);

  self = g_object_new (MS_TYPE_TILE_VIEW_QUEUE, NULL);
  self->source = source;
  self->arrived = arrived;
  self->user_data = user_data;
  self->to_upload = g_ptr_array_new_with_free_func (source->tile_unref);
  return self;
}
