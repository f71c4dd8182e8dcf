/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lengths, areas and tile counts for the ruler: plain planar geometry over
 * map pixels (axes: see ms-measure.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-measure.h"

double
ms_measure_length (const double *points,
                   guint         n_points,
                   gboolean      closed)
{
  double length = 0.0;

  g_return_val_if_fail (points != NULL || n_points == 0, 0.0);

  for (guint i = 1; i < n_points; i++)
    length += hypot (points[2 * i] - points[2 * i - 2], points[2 * i + 1] - points[2 * i - 1]);
  if (closed && n_points > 2)
    length += hypot (points[0] - points[2 * n_points - 2], points[1] - points[2 * n_points - 1]);
  return length;
}

double
ms_measure_area (const double *points,
                 guint         n_points)
{
  double twice = 0.0;

  g_return_val_if_fail (points != NULL || n_points == 0, 0.0);

  if (n_points < 3)
    return 0.0;
  /* Relative to the first point: large coordinates lose fewer digits. */
  for (guint i = 1; i + 1 < n_points; i++)
    twice += (points[2 * i] - points[0]) * (points[2 * i + 3] - points[1]) -
             (points[2 * i + 2] - points[0]) * (points[2 * i + 1] - points[1]);
  return fabs (twice) / 2.0;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

guint64
ms_measure_count_tiles (const double *points,
                        guint         n_points,
                        guint         width,
                        guint         height)
{
  g_autofree double *xs = NULL;
  double min_y = G_MAXDOUBLE, max_y = -G_MAXDOUBLE;
  guint64 count = 0;
  guint y0, y1;

  g_return_val_if_fail (points != NULL || n_points == 0, 0);

  if (n_points < 3 || width == 0 || height == 0)
    return 0;
  for (guint i = 0; i < n_points; i++)
    {
      min_y = MIN (min_y, points[2 * i + 1]);
      max_y = MAX (max_y, points[2 * i + 1]);
    }
  /* Only rows whose centre line can meet the polygon. */
  y0 = (guint) CLAMP (floor (min_y - 0.5), 0.0, (double) height);
  y1 = (guint) CLAMP (ceil (max_y + 0.5), 0.0, (double) height);
  xs = g_new (double, n_points);

  for (guint y = y0; y < y1; y++)
    {
      double cy = y + 0.5;
      guint n = 0;

      /* Each edge meets the row's centre line when its ends lie on either
       * side, an end on the line counting as above it (so a vertex on the
       * line is met once, not twice). */
      for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
        {
          double xi = points[2 * i], yi = points[2 * i + 1];
          double xj = points[2 * j], yj = points[2 * j + 1];

          if ((yi > cy) != (yj > cy))
            xs[n++] = xi + (cy - yi) * (xj - xi) / (yj - yi);
        }
      qsort (xs, n, sizeof (double), compare_doubles);
      /* Inside between crossings 0-1, 2-3, …: centres with a <= cx < b. */
      for (guint k = 0; k + 1 < n; k += 2)
        {
          double first = ceil (xs[k] - 0.5), end = ceil (xs[k + 1] - 0.5);

          first = CLAMP (first, 0.0, (double) width);
          end = CLAMP (end, 0.0, (double) width);
          if (end > first)
            count += (guint64) (end - first);
        }
    }
  return count;
}
