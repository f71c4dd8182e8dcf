/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-camera"

#include "config.h"

#include <math.h>

#include "ms-terrain-camera.h"

#define DEG (G_PI / 180.0)

static void
normalize3 (double v[3])
{
  double l = sqrt (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);

  if (l > 0.0)
    for (guint i = 0; i < 3; i++)
      v[i] /= l;
}

void
ms_terrain_camera_init (MsTerrainCamera *camera,
                        double           width,
                        double           height,
                        double           ground,
                        double           aspect)
{
  double extent = MAX (width, height);

  camera->target[0] = width / 2.0;
  camera->target[1] = ground;
  camera->target[2] = height / 2.0;
  camera->yaw_deg = 0.0;
  camera->pitch_deg = 45.0;
  camera->fov_deg = 45.0;
  camera->aspect = aspect > 0.0 ? aspect : 1.0;
  /* Most of the map fills the view, its far corners just inside. */
  camera->distance = extent * 0.5 / tan (camera->fov_deg * DEG / 2.0) * 0.95;
  ms_terrain_camera_normalize (camera, extent);
}

void
ms_terrain_camera_normalize (MsTerrainCamera *camera,
                             double           extent)
{
  extent = MAX (extent, 1.0);
  camera->pitch_deg = CLAMP (camera->pitch_deg, MS_TERRAIN_PITCH_MIN, MS_TERRAIN_PITCH_MAX);
  camera->yaw_deg = fmod (camera->yaw_deg, 360.0);
  if (camera->yaw_deg < 0.0)
    camera->yaw_deg += 360.0;
  camera->distance = CLAMP (camera->distance, 2.0, extent * 8.0);
  camera->fov_deg = CLAMP (camera->fov_deg, 10.0, 120.0);
  /* The near plane scales with the distance, so depth precision follows
   * the zoom; far reaches past the whole map from any allowed eye. */
  camera->near_clip = camera->distance * 0.01;
  camera->far_clip = camera->distance + extent * 3.0;
}

void
ms_terrain_camera_get_eye (const MsTerrainCamera *camera,
                           double                 eye[3])
{
  double yaw = camera->yaw_deg * DEG, pitch = camera->pitch_deg * DEG;

  /* Opposite the forward direction (sin yaw, ·, −cos yaw). */
  eye[0] = camera->target[0] - sin (yaw) * cos (pitch) * camera->distance;
  eye[1] = camera->target[1] + sin (pitch) * camera->distance;
  eye[2] = camera->target[2] + cos (yaw) * cos (pitch) * camera->distance;
}

void
ms_terrain_camera_get_basis (const MsTerrainCamera *camera,
                             double                 right[3],
                             double                 up[3],
                             double                 forward[3])
{
  double yaw = camera->yaw_deg * DEG, pitch = camera->pitch_deg * DEG;

  forward[0] = sin (yaw) * cos (pitch);
  forward[1] = -sin (pitch);
  forward[2] = -cos (yaw) * cos (pitch);
  /* Right stays horizontal: forward × world up. */
  right[0] = cos (yaw);
  right[1] = 0.0;
  right[2] = sin (yaw);
  /* up = right × forward */
  up[0] = right[1] * forward[2] - right[2] * forward[1];
  up[1] = right[2] * forward[0] - right[0] * forward[2];
  up[2] = right[0] * forward[1] - right[1] * forward[0];
  normalize3 (up);
}

void
ms_terrain_camera_view (const MsTerrainCamera *camera,
                        double                 m[16])
{
  double r[3], u[3], f[3], e[3];

  ms_terrain_camera_get_basis (camera, r, u, f);
  ms_terrain_camera_get_eye (camera, e);
  /* Rows are right, up, −forward; column-major storage. */
  m[0] = r[0]; m[4] = r[1]; m[8] = r[2];
  m[1] = u[0]; m[5] = u[1]; m[9] = u[2];
  m[2] = -f[0]; m[6] = -f[1]; m[10] = -f[2];
  m[12] = -(r[0] * e[0] + r[1] * e[1] + r[2] * e[2]);
  m[13] = -(u[0] * e[0] + u[1] * e[1] + u[2] * e[2]);
  m[14] = f[0] * e[0] + f[1] * e[1] + f[2] * e[2];
  m[3] = m[7] = m[11] = 0.0;
  m[15] = 1.0;
}

void
ms_terrain_camera_projection (const MsTerrainCamera *camera,
                              double                 m[16])
{
  double t = 1.0 / tan (camera->fov_deg * DEG / 2.0);
  double n = camera->near_clip, f = camera->far_clip;

  for (guint i = 0; i < 16; i++)
    m[i] = 0.0;
  m[0] = t / camera->aspect;
  m[5] = t;
  m[10] = (f + n) / (n - f);
  m[11] = -1.0;
  m[14] = 2.0 * f * n / (n - f);
}

static void
multiply (const double a[16],
          const double b[16],
          double       out[16])
{
  for (guint c = 0; c < 4; c++)
    for (guint r = 0; r < 4; r++)
      {
        double s = 0.0;
        for (guint k = 0; k < 4; k++)
          s += a[k * 4 + r] * b[c * 4 + k];
        out[c * 4 + r] = s;
      }
}

void
ms_terrain_camera_view_projection (const MsTerrainCamera *camera,
                                   double                 m[16])
{
  double v[16], p[16];

  ms_terrain_camera_view (camera, v);
  ms_terrain_camera_projection (camera, p);
  multiply (p, v, m);
}

gboolean
ms_terrain_camera_project (const MsTerrainCamera *camera,
                           const double           world[3],
                           double                 width,
                           double                 height,
                           double                *sx,
                           double                *sy)
{
  double m[16], clip[4];

  ms_terrain_camera_view_projection (camera, m);
  for (guint r = 0; r < 4; r++)
    clip[r] = m[r] * world[0] + m[4 + r] * world[1] + m[8 + r] * world[2] + m[12 + r];
  if (clip[3] <= 0.0)
    return FALSE;
  *sx = (clip[0] / clip[3] + 1.0) * 0.5 * width;
  *sy = (1.0 - clip[1] / clip[3]) * 0.5 * height;
  return TRUE;
}

void
ms_terrain_camera_ray (const MsTerrainCamera *camera,
                       double                 sx,
                       double                 sy,
                       double                 width,
                       double                 height,
                       double                 origin[3],
                       double                 dir[3])
{
  double r[3], u[3], f[3];
  double t = tan (camera->fov_deg * DEG / 2.0);
  double nx = (2.0 * sx / width - 1.0) * t * camera->aspect;
  double ny = (1.0 - 2.0 * sy / height) * t;

  ms_terrain_camera_get_basis (camera, r, u, f);
  ms_terrain_camera_get_eye (camera, origin);
  for (guint i = 0; i < 3; i++)
    dir[i] = f[i] + r[i] * nx + u[i] * ny;
  normalize3 (dir);
}

/* How far the ray is above the surface at distance @s; NaN off the map. */
static double
clearance (const double        o[3],
           const double        d[3],
           double              s,
           MsTerrainHeightFunc height_func,
           gpointer            user_data)
{
  double y;

  if (!height_func (o[0] + d[0] * s, o[2] + d[2] * s, &y, user_data))
    return NAN;
  return o[1] + d[1] * s - y;
}

gboolean
ms_terrain_camera_pick (const MsTerrainCamera *camera,
                        double                 sx,
                        double                 sy,
                        double                 width,
                        double                 height,
                        double                 min_y,
                        double                 max_y,
                        double                 step,
                        MsTerrainHeightFunc    height_func,
                        gpointer               user_data,
                        double                 world[3])
{
  double o[3], d[3], s0, s1, prev_s, prev_c;

  g_return_val_if_fail (step > 0.0, FALSE);

  ms_terrain_camera_ray (camera, sx, sy, width, height, o, d);
  /* Only the slab min_y ≤ y ≤ max_y can hold the surface. */
  if (fabs (d[1]) < 1e-12)
    {
      if (o[1] < min_y || o[1] > max_y)
        return FALSE;
      s0 = 0.0;
      s1 = camera->far_clip;
    }
  else
    {
      double a = (max_y - o[1]) / d[1], b = (min_y - o[1]) / d[1];
      s0 = MAX (0.0, MIN (a, b));
      s1 = MIN (MAX (a, b), camera->far_clip);
    }
  if (s1 < s0)
    return FALSE;

  prev_s = s0;
  prev_c = clearance (o, d, s0, height_func, user_data);
  for (double s = s0 + step; ; s += step)
    {
      double c;

      s = MIN (s, s1);
      c = clearance (o, d, s, height_func, user_data);
      if (!isnan (c) && c <= 0.0)
        {
          double lo = prev_s, hi = s;

          /* A step that began off the map has no clearance to bisect
           * against: the map's edge is the hit. */
          if (!isnan (prev_c))
            for (guint i = 0; i < 40; i++)
              {
                double mid = (lo + hi) / 2.0, cm = clearance (o, d, mid, height_func, user_data);
                if (!isnan (cm) && cm <= 0.0)
                  hi = mid;
                else
                  lo = mid;
              }
          for (guint i = 0; i < 3; i++)
            world[i] = o[i] + d[i] * hi;
          return TRUE;
        }
      prev_s = s;
      prev_c = c;
      if (s >= s1)
        return FALSE;
    }
}

void
ms_terrain_frustum_init (MsTerrainFrustum      *frustum,
                         const MsTerrainCamera *camera)
{
  double m[16];

  ms_terrain_camera_view_projection (camera, m);
  /* Gribb and Hartmann: each plane is row 3 ± row i of the matrix. */
  for (guint i = 0; i < 3; i++)
    for (guint side = 0; side < 2; side++)
      {
        double *p = frustum->planes[i * 2 + side];
        double sign = side == 0 ? 1.0 : -1.0;
        double l;

        for (guint c = 0; c < 4; c++)
          p[c] = m[c * 4 + 3] + sign * m[c * 4 + i];
        l = sqrt (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
        for (guint c = 0; c < 4; c++)
          p[c] /= l;
      }
}

gboolean
ms_terrain_frustum_box_visible (const MsTerrainFrustum *frustum,
                                const double            min[3],
                                const double            max[3])
{
  for (guint i = 0; i < 6; i++)
    {
      const double *p = frustum->planes[i];
      /* The box corner furthest along the plane's normal. */
      double x = p[0] >= 0.0 ? max[0] : min[0];
      double y = p[1] >= 0.0 ? max[1] : min[1];
      double z = p[2] >= 0.0 ? max[2] : min[2];

      if (p[0] * x + p[1] * y + p[2] * z + p[3] < 0.0)
        return FALSE;
    }
  return TRUE;
}
