/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-tile.h"

G_BEGIN_DECLS

/* How a view's pyramid makes tiles.  The blueprint and zone pyramids have
 * these shapes with their own types, so their functions fit with a cast. */
typedef void     (*MsTileViewGetTile)       (gpointer             pyramid,
                                             const MsTileKey     *key,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
typedef gpointer (*MsTileViewGetTileFinish) (gpointer             pyramid,
                                             GAsyncResult        *result,
                                             GError             **error);
typedef gpointer (*MsTileViewTileRef)       (gpointer             tile);

typedef struct
{
  const char              *what;  /* in warnings: "map tile", "zone tile" */
  MsTileViewGetTile        get_tile_async;
  MsTileViewGetTileFinish  get_tile_finish;
  MsTileViewTileRef        tile_ref;
  GDestroyNotify           tile_unref;
} MsTileViewSource;

/* A tile the view asked for is here (not after a reset). */
typedef void (*MsTileViewArrived) (gpointer tile,
                                   gpointer user_data);
typedef void (*MsTileViewUpload)  (gpointer renderer,
                                   gpointer tile);

/* The tile bookkeeping the map and zone views share: which tiles are
 * asked for (so none is asked twice), the arrived ones waiting for the GL
 * thread, and one GCancellable for all requests, replaced on each reset.
 * A request that a reset overtook is dropped silently when it finishes,
 * whatever it returns, so the view never sees a tile of an old pyramid;
 * the queue does not hold the view. */
#define MS_TYPE_TILE_VIEW_QUEUE (ms_tile_view_queue_get_type ())
G_DECLARE_FINAL_TYPE (MsTileViewQueue, ms_tile_view_queue, MS, TILE_VIEW_QUEUE, GObject)

/* @source is not copied (give a static one); @arrived runs in the main
 * loop with @user_data, which must outlive the queue or the next reset. */
MsTileViewQueue *ms_tile_view_queue_new            (const MsTileViewSource *source,
                                                    MsTileViewArrived       arrived,
                                                    gpointer                user_data);
/* Resets, then asks @pyramid (referenced; NULL: none) from now on. */
void             ms_tile_view_queue_set_pyramid    (MsTileViewQueue *self,
                                                    gpointer         pyramid);
/* Cancels every request and forgets them and the waiting uploads. */
void             ms_tile_view_queue_reset          (MsTileViewQueue *self);
/* Forgets requests and uploads without cancelling: requests still arrive
 * (after a fall-back to the CPU, say, which wants them too). */
void             ms_tile_view_queue_forget         (MsTileViewQueue *self);
/* Asks for @key unless it is asked for already; FALSE then or without a
 * pyramid. */
gboolean         ms_tile_view_queue_request        (MsTileViewQueue *self,
                                                    const MsTileKey *key);
/* Keeps @tile (referenced) for the next flush. */
void             ms_tile_view_queue_push_upload    (MsTileViewQueue *self,
                                                    gpointer         tile);
/* Hands every waiting tile to @upload, oldest first, and forgets them. */
void             ms_tile_view_queue_flush_uploads  (MsTileViewQueue *self,
                                                    MsTileViewUpload upload,
                                                    gpointer         renderer);
/* Asked for and not here yet, plus here and not uploaded yet. */
guint            ms_tile_view_queue_get_n_pending  (MsTileViewQueue *self);

G_END_DECLS
