/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D view's camera as plain math (no GL, no GTK): an orbit around a
 * target, its view and projection matrices, the frustum, and picking the
 * map point under a screen pixel.
 *
 * World space: x = map x (east, the 2D view's column), z = map y (south,
 * the 2D view's row; so north is −z), y = up.  One world unit is one map
 * pixel (a blueprint pixel or a zone tile) horizontally; heights are given
 * in the same unit, already scaled by the vertical exaggeration.  This is
 * right-handed, so GL's conventions apply unchanged.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double target[3];   /* the orbit centre, world */
  double yaw_deg;     /* 0 looks north (−z); 90 looks east (+x): clockwise from above */
  double pitch_deg;   /* above the horizon the eye sits; 90 looks straight down */
  double distance;    /* eye to target, world units */
  double fov_deg;     /* vertical field of view */
  double aspect;      /* width / height of the viewport */
  double near_clip, far_clip;
} MsTerrainCamera;

#define MS_TERRAIN_PITCH_MIN 5.0
#define MS_TERRAIN_PITCH_MAX 89.0

/* Looks north at 45° down on the centre of a @width × @height map whose
 * surface there is at @ground, from far enough to see all of it. */
void     ms_terrain_camera_init        (MsTerrainCamera       *camera,
                                        double                 width,
                                        double                 height,
                                        double                 ground,
                                        double                 aspect);
/* Clamps pitch and distance, wraps yaw into [0, 360), and sets the clip
 * planes for @extent (the map's larger side). */
void     ms_terrain_camera_normalize   (MsTerrainCamera       *camera,
                                        double                 extent);
void     ms_terrain_camera_get_eye     (const MsTerrainCamera *camera,
                                        double                 eye[3]);
/* Unit vectors: right, up (of the screen) and forward (into it). */
void     ms_terrain_camera_get_basis   (const MsTerrainCamera *camera,
                                        double                 right[3],
                                        double                 up[3],
                                        double                 forward[3]);
/* Column-major 4×4 matrices, as glUniformMatrix4fv takes them. */
void     ms_terrain_camera_view        (const MsTerrainCamera *camera,
                                        double                 m[16]);
void     ms_terrain_camera_projection  (const MsTerrainCamera *camera,
                                        double                 m[16]);
void     ms_terrain_camera_view_projection (const MsTerrainCamera *camera,
                                            double                 m[16]);
/* Screen position (pixels, origin top-left, y down) of a world point in a
 * @width × @height viewport; FALSE when it is behind the eye. */
gboolean ms_terrain_camera_project     (const MsTerrainCamera *camera,
                                        const double           world[3],
                                        double                 width,
                                        double                 height,
                                        double                *sx,
                                        double                *sy);
/* The ray from the eye through screen pixel (@sx, @sy); @dir is a unit
 * vector. */
void     ms_terrain_camera_ray         (const MsTerrainCamera *camera,
                                        double                 sx,
                                        double                 sy,
                                        double                 width,
                                        double                 height,
                                        double                 origin[3],
                                        double                 dir[3]);

/* The height (world y) of the surface at map point (@map_x, @map_y), or
 * FALSE outside the map. */
typedef gboolean (*MsTerrainHeightFunc) (double   map_x,
                                         double   map_y,
                                         double  *world_y,
                                         gpointer user_data);

/* The first point where the ray through (@sx, @sy) meets the surface, which
 * lies between @min_y and @max_y (world): marched in steps of @step world
 * units, then bisected.  FALSE when the ray misses the map. */
gboolean ms_terrain_camera_pick        (const MsTerrainCamera *camera,
                                        double                 sx,
                                        double                 sy,
                                        double                 width,
                                        double                 height,
                                        double                 min_y,
                                        double                 max_y,
                                        double                 step,
                                        MsTerrainHeightFunc    height_func,
                                        gpointer               user_data,
                                        double                 world[3]);

/* The six planes of the view frustum, a·x + b·y + c·z + d ≥ 0 inside. */
typedef struct
{
  double planes[6][4];
} MsTerrainFrustum;

void     ms_terrain_frustum_init       (MsTerrainFrustum      *frustum,
                                        const MsTerrainCamera *camera);
/* FALSE only when the box lies wholly outside one plane. */
gboolean ms_terrain_frustum_box_visible (const MsTerrainFrustum *frustum,
                                         const double           min[3],
                                         const double           max[3]);

G_END_DECLS
