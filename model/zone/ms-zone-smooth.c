/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The painter's "smooth spawn" target, which the edit language has no
 * word for: a neighbourhood mean, so it is not one MsZoneOp over a region.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include "ms-zone-edit.h"
#include "ms-zone-smooth.h"

/* Smoothing gives each tile the mean spawn of its 3x3 neighbourhood (the
 * neighbours inside the zone), rounded half up, all read before any is
 * written; tiles that end equal on a row are applied as one run. */
gboolean
ms_zone_smooth_spawn (MsZone           *zone,
                      const MsZoneSpan *spans,
                      guint             n_spans,
                      GError          **error)
{
  guint w, h;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (spans != NULL || n_spans == 0, FALSE);

  w = ms_zone_get_width (zone);
  h = ms_zone_get_height (zone);

  for (guint i = 0; i < n_spans; i++)
    {
      const MsZoneSpan *s = &spans[i];
      guint8 *values = g_malloc (s->x1 - s->x0);

      for (guint t = s->x0; t < s->x1; t++)
        {
          guint sum = 0, n = 0;

          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              {
                gint64 nx = (gint64) t + dx, ny = (gint64) s->y + dy;

                if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                  continue;
                sum += ms_zone_get_spawn (zone, (guint) nx, (guint) ny);
                n++;
              }
          values[t - s->x0] = (guint8) ((sum + n / 2) / n);
        }
      g_ptr_array_add (rows, values);
    }

  for (guint i = 0; i < n_spans; i++)
    {
      const MsZoneSpan *s = &spans[i];
      const guint8 *values = g_ptr_array_index (rows, i);
      guint x = s->x0;

      while (x < s->x1)
        {
          guint end = x + 1;
          MsZoneOp op = { MS_ZONE_OP_SET_SPAWN, 0, values[x - s->x0], 0 };
          g_autoptr(MsZoneRegion) run = NULL;

          while (end < s->x1 && values[end - s->x0] == values[x - s->x0])
            end++;
          run = ms_zone_region_new_rect (w, h, x, s->y, end - x, 1);
          if (!ms_zone_apply (zone, &op, run, error))
            return FALSE;
          x = end;
        }
    }
  return TRUE;
}
