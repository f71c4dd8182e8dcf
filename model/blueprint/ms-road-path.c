/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Road paths as the road list, the readout and the map's highlight see
 * them: length, pixel bounds and the pixels a path runs through.
 */
#define G_LOG_DOMAIN "ms-road-path"

#include "config.h"

#include <math.h>

#include "ms-road-path.h"

double
ms_road_path_length (const MsPoint *points,
                     guint          n_points)
{
  double length = 0.0;

  g_return_val_if_fail (points != NULL || n_points == 0, 0.0);

  for (guint k = 1; k < n_points; k++)
    length += hypot ((double) points[k].x - points[k - 1].x, (double) points[k].y - points[k - 1].y);
  return length;
}

static guint
clamp_pixel (double v,
             guint  map_size)
{
  if (v < 0)
    return 0;
  if (v >= map_size)
    return map_size - 1;
  return (guint) v;
}

gboolean
ms_road_path_bounds (const MsPoint *points,
                     guint          n_points,
                     guint          map_size,
                     MsPathBounds  *bounds)
{
  guint x0 = G_MAXUINT, y0 = G_MAXUINT, x1 = 0, y1 = 0;

  g_return_val_if_fail (points != NULL || n_points == 0, FALSE);
  g_return_val_if_fail (map_size > 0, FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  *bounds = (MsPathBounds) { 0, };
  for (guint k = 0; k < n_points; k++)
    {
      guint x, y;

      if (!isfinite (points[k].x) || !isfinite (points[k].y))
        continue;
      x = clamp_pixel (floor (points[k].x), map_size);
      y = clamp_pixel (floor (points[k].y), map_size);
      x0 = MIN (x0, x);
      y0 = MIN (y0, y);
      x1 = MAX (x1, x);
      y1 = MAX (y1, y);
    }
  if (x0 == G_MAXUINT)
    return FALSE;
  *bounds = (MsPathBounds) { x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
  return TRUE;
}

static gint
compare_guint32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 u = *(const guint32 *) a, v = *(const guint32 *) b;

  return u < v ? -1 : u > v;
}

GArray *
ms_road_path_pixels (const MsPoint *points,
                     guint          n_points,
                     guint          map_size)
{
  GArray *pixels = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint out = 0;

  g_return_val_if_fail (points != NULL || n_points == 0, pixels);
  g_return_val_if_fail (map_size > 0 && map_size <= MS_BLUEPRINT_MAX_SIZE, pixels);

  for (guint k = 0; k < n_points; k++)
    {
      const MsPoint *a = &points[k], *b = &points[MIN (k + 1, n_points - 1)];
      double dx = (double) b->x - a->x, dy = (double) b->y - a->y;
      double steps;

      if (!isfinite (a->x) || !isfinite (a->y) || !isfinite (b->x) || !isfinite (b->y))
        continue;
      /* Half-pixel steps visit every pixel a straight run crosses; the
       * clamp keeps a corrupt far-away point from looping for ever. */
      steps = ceil (MIN (MAX (fabs (dx), fabs (dy)), 2.0 * map_size) * 2.0);
      for (double i = 0; i <= steps; i++)
        {
          double t = steps > 0 ? i / steps : 0.0;
          guint32 index = (guint32) clamp_pixel (floor (a->x + dx * t), map_size) * map_size +
                          clamp_pixel (floor (a->y + dy * t), map_size);

          g_array_append_val (pixels, index);
        }
    }

  g_array_sort (pixels, compare_guint32);
  for (guint i = 0; i < pixels->len; i++)
    if (out == 0 || g_array_index (pixels, guint32, i) != g_array_index (pixels, guint32, out - 1))
      g_array_index (pixels, guint32, out++) = g_array_index (pixels, guint32, i);
  g_array_set_size (pixels, out);
  return pixels;
}
