/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layers the server derives at load: slope, the terraform barrier and
 * plant-allowed (ZONE_LAYERS_NOTES.md).  Slope reads nine heights a tile, so
 * it is computed a chunk at a time on first use and cached until an altitude
 * edit touches it; barrier and plant-allowed cost one or three reads, less
 * than a cache lookup would save, so they are computed on each call.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <stdlib.h>

#include "ms-zone-private.h"

static guint8
compute_slope (MsZone *self,
               guint   x,
               guint   y)
{
  guint x1 = MIN (x + 1, self->width - 1);
  guint y1 = MIN (y + 1, self->height - 1);
  int a = ms_zone_get_height_at (self, x, y);
  int b = ms_zone_get_height_at (self, x1, y);
  int c = ms_zone_get_height_at (self, x1, y1);
  int d = ms_zone_get_height_at (self, x, y1);
  int e = (a + b) >> 1;
  int f = (b + c) >> 1;
  int g = (c + d) >> 1;
  int h = (d + e) >> 1;  /* the server uses e here, not a */
  int i = (a + b + c + d) >> 2;
  int sum = abs (i - a) + abs (i - b) + abs (i - c) + abs (i - d) +
            abs (i - e) + abs (i - f) + abs (i - g) + abs (i - h);

  return (guint8) CLAMP (2 * sum, 0, 255);
}

static guint8 *
slope_chunk (MsZone *self,
             guint   chunk)
{
  guint cx = (chunk % self->chunks_x) * MS_ZONE_CHUNK_SIZE;
  guint cy = (chunk / self->chunks_x) * MS_ZONE_CHUNK_SIZE;
  guint8 *data;

  if (self->slope_chunks == NULL)
    self->slope_chunks = g_new0 (guint8 *, _ms_zone_n_chunks (self));
  if (self->slope_chunks[chunk] != NULL)
    return self->slope_chunks[chunk];

  data = g_malloc0 (MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE);
  for (guint y = cy; y < MIN (cy + MS_ZONE_CHUNK_SIZE, self->height); y++)
    for (guint x = cx; x < MIN (cx + MS_ZONE_CHUNK_SIZE, self->width); x++)
      data[(y - cy) * MS_ZONE_CHUNK_SIZE + (x - cx)] = compute_slope (self, x, y);
  self->slope_chunks[chunk] = data;
  return data;
}

/**
 * ms_zone_get_slope:
 *
 * The server's slope of tile (x, y) (row-major), 0..255; a tile passes the
 * server's slope check when this is below 16.  0 without an altitude layer.
 */
guint8
ms_zone_get_slope (MsZone *self,
                   guint   x,
                   guint   y)
{
  const guint8 *data;

  g_return_val_if_fail (MS_IS_ZONE (self), 0);
  g_return_val_if_fail (x < self->width && y < self->height, 0);

  data = slope_chunk (self, _ms_zone_chunk_index (self, x, y));
  return data[(y % MS_ZONE_CHUNK_SIZE) * MS_ZONE_CHUNK_SIZE + x % MS_ZONE_CHUNK_SIZE];
}

static guint16
mix (double a,
     double b,
     double t)
{
  return (guint16) (a + (b - a) * t);
}

/**
 * ms_zone_get_barrier:
 *
 * The range a terraform may move tile (x, y) (row-major) within.  "Original"
 * is the altitude as loaded from the file, as in the server, which never
 * reads altitude_original.  FALSE on zones without a blend mask or altitude.
 */
gboolean
ms_zone_get_barrier (MsZone  *self,
                     guint    x,
                     guint    y,
                     guint16 *out_min,
                     guint16 *out_max)
{
  guint8 b[2];
  guint16 orig, current, lo, hi;
  double t;

  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (x < self->width && y < self->height, FALSE);

  if (!ms_zone_is_terraformable (self) || !ms_zone_has_layer (self, MS_ZONE_LAYER_ALTITUDE))
    return FALSE;

  _ms_zone_read_base (self, MS_ZONE_LAYER_ALTITUDE, x, y, b);
  orig = (guint16) (b[0] | (b[1] << 8));
  current = ms_zone_get_altitude (self, x, y);
  t = CLAMP (ms_zone_get_altitude_blend (self, x, y) / 65535.0, 0.0, 1.0);

  lo = MIN (mix (1850, orig, t), orig);
  hi = MAX (mix (30000, orig, t), orig);
  *out_min = MIN (lo, current);
  *out_max = MAX (hi, current);
  return TRUE;
}

gboolean
ms_zone_is_plant_allowed (MsZone *self,
                          guint   x,
                          guint   y)
{
  return (ms_zone_get_control (self, x, y) & MS_ZONE_CONTROL_NO_PLANTS) == 0;
}

void
_ms_zone_invalidate_derived (MsZone      *self,
                             MsZoneLayer  layer,
                             guint        x0,
                             guint        y0,
                             guint        x1,
                             guint        y1)
{
  guint cx0, cy0, cx1, cy1;

  if (layer != MS_ZONE_LAYER_ALTITUDE || self->slope_chunks == NULL || x1 <= x0 || y1 <= y0)
    return;

  /* A tile's slope reads its right and lower neighbours. */
  cx0 = (x0 > 0 ? x0 - 1 : 0) / MS_ZONE_CHUNK_SIZE;
  cy0 = (y0 > 0 ? y0 - 1 : 0) / MS_ZONE_CHUNK_SIZE;
  cx1 = (x1 - 1) / MS_ZONE_CHUNK_SIZE;
  cy1 = (y1 - 1) / MS_ZONE_CHUNK_SIZE;
  for (guint cy = cy0; cy <= cy1; cy++)
    for (guint cx = cx0; cx <= cx1; cx++)
      g_clear_pointer (&self->slope_chunks[cy * self->chunks_x + cx], g_free);
}
