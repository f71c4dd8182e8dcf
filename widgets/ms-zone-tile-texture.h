/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-tile.h"
#include "ms-zone.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

/* Tile @key (zone tiles, row-major) of @zone in @style (copied), made on a
 * worker; one such render at a time, as the zone's slope cache has one
 * filler.  A zone without the layer shown gives a transparent texture. */
void        ms_zone_tile_texture_async  (gpointer             source_object,
                                         MsZone              *zone,
                                         const MsZoneStyle   *style,
                                         const MsTileKey     *key,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* The texture, and in *@cell_size the zone tiles per texel. */
GdkTexture *ms_zone_tile_texture_finish (GAsyncResult        *result,
                                         double              *cell_size,
                                         GError             **error);

G_END_DECLS
