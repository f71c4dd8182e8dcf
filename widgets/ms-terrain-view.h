/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-terrain-camera.h"
#include "ms-terrain-source.h"

G_BEGIN_DECLS

/* The 3D view: a perspective terrain in a GtkGLArea (CDLOD nodes, heights
 * streamed per tile from an MsTerrainSource), or the CPU renderer's
 * picture when GL fails.
 *
 * Mouse: drag orbits, Shift+drag or middle-drag pans, the wheel zooms.
 * Keys (actions "terrain.*"): Left/Right orbit (yaw), Up/Down tilt
 * (pitch), Shift+arrows pan, +/= and - zoom, ] and [ vertical
 * exaggeration, Home resets the camera.  Page Up/Down are left to the
 * window (next/previous file).
 *
 * Map coordinates are the 2D view's: x = column (a blueprint's outer index,
 * a zone's x), y = row.  "map-motion" (x, y) is the map point picked under
 * the pointer — what the 2D view's readout shows for the pixel
 * (floor (x), floor (y)); "map-leave" when the pointer leaves the map. */
#define MS_TYPE_TERRAIN_VIEW (ms_terrain_view_get_type ())
G_DECLARE_FINAL_TYPE (MsTerrainView, ms_terrain_view, MS, TERRAIN_VIEW, GtkWidget)

GtkWidget       *ms_terrain_view_new              (void);
/* Resets the camera to look at the whole map. */
void             ms_terrain_view_set_source       (MsTerrainView         *self,
                                                   MsTerrainSource       *source);
MsTerrainSource *ms_terrain_view_get_source       (MsTerrainView         *self);
void             ms_terrain_view_set_exaggeration (MsTerrainView         *self,
                                                   double                 exaggeration);
double           ms_terrain_view_get_exaggeration (MsTerrainView         *self);
const MsTerrainCamera *ms_terrain_view_get_camera (MsTerrainView         *self);
void             ms_terrain_view_set_camera       (MsTerrainView         *self,
                                                   const MsTerrainCamera *camera);
void             ms_terrain_view_reset_camera     (MsTerrainView         *self);
/* Looks at map point (x, y) from the current angle and distance. */
void             ms_terrain_view_look_at          (MsTerrainView         *self,
                                                   double                 map_x,
                                                   double                 map_y);
/* The map point and height (metres) under widget point (sx, sy). */
gboolean         ms_terrain_view_pick             (MsTerrainView         *self,
                                                   double                 sx,
                                                   double                 sy,
                                                   double                *map_x,
                                                   double                *map_y,
                                                   float                 *metres);
gboolean         ms_terrain_view_get_using_gl     (MsTerrainView         *self);
/* Why the view draws on the CPU, or NULL. */
const char      *ms_terrain_view_get_gl_problem   (MsTerrainView         *self);
/* Frames drawn (GL renders or CPU pictures), and nodes in the last one. */
guint64          ms_terrain_view_get_n_frames     (MsTerrainView         *self);
guint            ms_terrain_view_get_n_nodes      (MsTerrainView         *self);
/* TRUE when no tile the last frame wanted is still on its way. */
gboolean         ms_terrain_view_is_complete      (MsTerrainView         *self);

G_END_DECLS
