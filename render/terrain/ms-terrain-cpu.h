/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-terrain-camera.h"
#include "ms-terrain-source.h"

G_BEGIN_DECLS

/* The sky behind the terrain, in both renderers. */
#define MS_TERRAIN_SKY_ARGB 0xffb8c8d8u

/* The 3D view's picture drawn on the CPU: the CDLOD nodes the GL view would
 * draw (ms_terrain_source_select ()) rasterised as triangles with a depth
 * buffer, each pixel coloured from the 2D colours of the map point it
 * shows (perspective-correct, nearest cell) with the source's contour
 * lines over them (ms_terrain_contour_alpha (), the band's change to the
 * next pixel standing for fwidth ()), so it is the reference the GL view
 * is checked against and the picture a view without GL shows.  It does
 * not morph: each node sits at its own LOD's grid.
 *
 * Tiles the nodes need are made now (synchronously: on the main thread for
 * a zone), at most @max_passes rounds of select-then-fetch.  An RGB24
 * image @width × @height. */
cairo_surface_t *ms_terrain_render_cpu (MsTerrainSource       *source,
                                        const MsTerrainCamera *camera,
                                        double                 exaggeration,
                                        guint                  width,
                                        guint                  height,
                                        double                 pixels_per_quad,
                                        GCancellable          *cancellable,
                                        GError               **error);

/* Makes (synchronously) the tiles the nodes of this view read, and the top
 * tile; returns FALSE with @error on the first failure. */
gboolean         ms_terrain_fetch_sync (MsTerrainSource       *source,
                                        const MsTerrainCamera *camera,
                                        double                 exaggeration,
                                        guint                  height,
                                        double                 pixels_per_quad,
                                        GCancellable          *cancellable,
                                        GError               **error);

G_END_DECLS
