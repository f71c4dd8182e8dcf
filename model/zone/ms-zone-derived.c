/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layers the server derives at load: slope, the terraform barrier and
 * plant-allowed (docs/ZONE_LAYERS_NOTES.md).  Slope reads nine heights a tile, so
 * it is computed a chunk at a time on first use and cached until an altitude
 * edit touches it; barrier and plant-allowed cost one or three reads, less
 * than a cache lookup would save, so they are computed on each call.
 *
 * Any thread may read slope while the editing thread edits.  Each cache
 * slot holds a filled chunk or, while empty, an odd token that names the
 * invalidation that emptied it.  A filler reads the token, computes, and
 * publishes with a compare-and-exchange against that token: racing fillers
 * compute the same bytes and the first wins, while a fill that an altitude
 * edit overtook finds a newer token and computes again, so a stale chunk is
 * never published after the edit.  An invalidated chunk is retired, and
 * freed once no reader can hold it (ms-zone-reclamation.c).
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-zone-private.h"

#define SLOPE_EMPTY(gen)  GSIZE_TO_POINTER (((gsize) (gen) << 1) | 1)

static inline gboolean
slope_is_filled (gpointer slot)
{
  return slot != NULL && (GPOINTER_TO_SIZE (slot) & 1) == 0;
}

/* The slope of one chunk, inside a read section.  Heights are read once
 * each, with the column and row after the chunk that its last tiles need. */
static guint8 *
slope_compute (MsZone *self,
               guint   chunk)
{
  enum { CS = MS_ZONE_CHUNK_SIZE, N = MS_ZONE_CHUNK_SIZE + 1 };
  guint cx = (chunk % self->chunks_x) * CS;
  guint cy = (chunk / self->chunks_x) * CS;
  guint w = MIN ((guint) CS, self->width - cx);
  guint h = MIN ((guint) CS, self->height - cy);
  guint8 *data = g_malloc0 (CS * CS);
  int heights[N * N];

  for (guint j = 0; j <= h; j++)
    for (guint i = 0; i <= w; i++)
      {
        /* Past the zone's last row or column, the server reads that one. */
        guint8 b[2];

        _ms_zone_read_tile_in_section (self, MS_ZONE_LAYER_ALTITUDE,
                                       MIN (cx + i, self->width - 1),
                                       MIN (cy + j, self->height - 1), b);
        heights[j * N + i] = (b[0] | (b[1] << 8)) >> 5;
      }

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        int a = heights[y * N + x];
        int b = heights[y * N + x + 1];
        int c = heights[(y + 1) * N + x + 1];
        int d = heights[(y + 1) * N + x];
        int e = (a + b) >> 1;
        int f = (b + c) >> 1;
        int g = (c + d) >> 1;
        int hh = (d + e) >> 1;  /* the server uses e here, not a */
        int i = (a + b + c + d) >> 2;
        int sum = abs (i - a) + abs (i - b) + abs (i - c) + abs (i - d) +
                  abs (i - e) + abs (i - f) + abs (i - g) + abs (i - hh);

        data[y * CS + x] = (guint8) CLAMP (2 * sum, 0, 255);
      }
  return data;
}

/* Inside a read section: the chunk stays valid until it ends. */
static const guint8 *
slope_chunk (MsZone *self,
             guint   chunk)
{
  gpointer *slot = &self->slope_chunks[chunk];
  gpointer seen = g_atomic_pointer_get (slot);

  while (!slope_is_filled (seen))
    {
      guint8 *data = slope_compute (self, chunk);

      if (g_atomic_pointer_compare_and_exchange_full (slot, seen, data, &seen))
        return data;
      g_free (data);  /* never published */
    }
  return seen;
}

/**
 * ms_zone_get_slope:
 *
 * The server's slope of tile (x, y) (row-major), 0..255; a tile passes the
 * server's slope check when this is below 16.  0 without an altitude layer.
 * Safe from any thread while one thread edits.
 */
guint8
ms_zone_get_slope (MsZone *self,
                   guint   x,
                   guint   y)
{
  MsZoneReader *reader;
  guint8 slope;

  g_return_val_if_fail (MS_IS_ZONE (self), 0);
  g_return_val_if_fail (x < self->width && y < self->height, 0);

  reader = ms_zone_reclamation_read_begin ();
  slope = slope_chunk (self, _ms_zone_chunk_index (self, x, y))
            [(y % MS_ZONE_CHUNK_SIZE) * MS_ZONE_CHUNK_SIZE + x % MS_ZONE_CHUNK_SIZE];
  ms_zone_reclamation_read_end (reader);
  return slope;
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

/* Editing thread only, after the new altitude is published. */
void
_ms_zone_invalidate_derived (MsZone      *self,
                             MsZoneLayer  layer,
                             guint        x0,
                             guint        y0,
                             guint        x1,
                             guint        y1)
{
  guint cx0, cy0, cx1, cy1;
  gpointer empty;

  if (layer != MS_ZONE_LAYER_ALTITUDE || x1 <= x0 || y1 <= y0)
    return;

  /* A new token even for slots that are empty: a fill may have begun
   * before the edit, from the old heights. */
  empty = SLOPE_EMPTY (++self->slope_gen);
  /* A tile's slope reads its right and lower neighbours. */
  cx0 = (x0 > 0 ? x0 - 1 : 0) / MS_ZONE_CHUNK_SIZE;
  cy0 = (y0 > 0 ? y0 - 1 : 0) / MS_ZONE_CHUNK_SIZE;
  cx1 = (x1 - 1) / MS_ZONE_CHUNK_SIZE;
  cy1 = (y1 - 1) / MS_ZONE_CHUNK_SIZE;
  for (guint cy = cy0; cy <= cy1; cy++)
    for (guint cx = cx0; cx <= cx1; cx++)
      {
        gpointer old = g_atomic_pointer_exchange (&self->slope_chunks[cy * self->chunks_x + cx],
                                                  empty);

        if (slope_is_filled (old))
          _ms_zone_retire (self, old, MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE);
      }
}

/* At finalize: no reader is left. */
void
_ms_zone_free_slope_cache (MsZone *self)
{
  if (self->slope_chunks == NULL)
    return;
  for (guint c = 0; c < _ms_zone_n_chunks (self); c++)
    if (slope_is_filled (self->slope_chunks[c]))
      g_free (self->slope_chunks[c]);
  g_clear_pointer (&self->slope_chunks, g_free);
}

/* The percentile @p (0..1) of a histogram of @n raw altitudes from @from
 * up, as a height. */
static float
histogram_percentile (const guint32 *histogram,
                      guint64        n,
                      guint          from,
                      double         p)
{
  guint64 want = (guint64) (p * (double) (n - 1)), seen = 0;

  for (guint v = from; v <= G_MAXUINT16; v++)
    {
      seen += histogram[v];
      if (seen > want)
        return (float) v / 32.0f;
    }
  return (float) G_MAXUINT16 / 32.0f;
}

static void
height_span_compute (MsZone           *self,
                     MsZoneHeightSpan *span)
{
  g_autofree guint32 *histogram = g_new0 (guint32, G_MAXUINT16 + 1);
  guint64 n = (guint64) self->width * self->height, above = 0;
  guint lo_raw;

  for (guint y = 0; y < self->height; y++)
    for (guint x = 0; x < self->width; x++)
      histogram[ms_zone_get_altitude (self, x, y)]++;

  /* The sea's floor is not land: the ramp starts at the shore. */
  span->has_water = FALSE;
  for (guint v = 0; v < MS_ZONE_WATER_LEVEL * 32; v++)
    span->has_water |= histogram[v] != 0;
  span->lo = span->has_water ? (float) MS_ZONE_WATER_LEVEL : histogram_percentile (histogram, n, 0, 0.005);

  lo_raw = (guint) ceilf (span->lo * 32.0f);
  for (guint v = lo_raw; v <= G_MAXUINT16; v++)
    above += histogram[v];
  span->hi = above > 0 ? histogram_percentile (histogram, above, lo_raw, 0.995) : span->lo;
  span->hi = MAX (span->hi, span->lo + MS_ZONE_MIN_HEIGHT_SPAN);
}

gboolean
ms_zone_get_height_span (MsZone           *self,
                         MsZoneHeightSpan *out)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!ms_zone_has_layer (self, MS_ZONE_LAYER_ALTITUDE))
    {
      *out = (MsZoneHeightSpan) { 0.0f, MS_ZONE_MIN_HEIGHT_SPAN, FALSE };
      return FALSE;
    }
  /* Racing first callers wait for one computation: all see one span. */
  if (g_once_init_enter (&self->height_span_set))
    {
      height_span_compute (self, &self->height_span);
      g_once_init_leave (&self->height_span_set, 1);
    }
  *out = self->height_span;
  return TRUE;
}
