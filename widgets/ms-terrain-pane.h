/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-terrain-view.h"
#include "ms-viewport.h"

G_BEGIN_DECLS

/* A window's "3D" page: an MsTerrainView with its vertical exaggeration
 * scale floating over the bottom-right corner (bound both ways to the
 * view's "exaggeration").  The view makes no GL context and draws nothing
 * until the page is shown and given a source. */
#define MS_TYPE_TERRAIN_PANE (ms_terrain_pane_get_type ())
G_DECLARE_FINAL_TYPE (MsTerrainPane, ms_terrain_pane, MS, TERRAIN_PANE, GtkWidget)

GtkWidget     *ms_terrain_pane_new                    (void);
MsTerrainView *ms_terrain_pane_get_view               (MsTerrainPane *self);
GtkRange      *ms_terrain_pane_get_exaggeration_scale (MsTerrainPane *self);

/* Gives the view @source (kept when it is already the view's) and looks at
 * @viewport's centre, from the view's angle: what the 2D view showed in the
 * middle stays there. */
void           ms_terrain_pane_look_from              (MsTerrainPane   *self,
                                                       MsTerrainSource *source,
                                                       MsViewport      *viewport);

G_END_DECLS
