/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Figures over runs of little-endian f32 heights, added to as runs come. */
typedef struct
{
  guint64 finite;
  guint64 nonfinite;
  float   lo;    /* +inf until a finite height is seen */
  float   hi;    /* -inf likewise */
} MsHeightRange;

void    ms_height_range_init  (MsHeightRange *range);

/* Adds the @n heights at @data (unaligned, host byte order) to @range and
 * returns the sum of the finite ones.  The sum is taken in double in a
 * fixed order that depends only on the run, so a caller that sums each
 * column and then adds the columns in order gets the same figure however
 * the columns were shared among threads. */
double  ms_scan_heights       (const guint8  *data,
                               gsize          n,
                               MsHeightRange *range);
/* Two columns of @n heights at once, each summed exactly as
 * ms_scan_heights () sums it (the same bits), both counted into @range. */
void    ms_scan_heights_pair  (const guint8  *a,
                               const guint8  *b,
                               gsize          n,
                               MsHeightRange *range,
                               double        *sum_a,
                               double        *sum_b);

/* The largest of @n bytes (0 for none). */
guint8  ms_scan_max_u8        (const guint8  *data,
                               gsize          n);

/* counts[v] += how often byte v occurs among the @n (< 2³²) at @data. */
void    ms_scan_histogram_u8  (const guint8  *data,
                               gsize          n,
                               guint32        counts[256]);

/* For @n u16 water ids (unaligned, host order): returns how many are
 * nonzero and sets seen[id] = 1 for every id that occurs (and seen[0]). */
guint64 ms_scan_water_ids     (const guint8  *data,
                               gsize          n,
                               guint8         seen[65536]);

/* Exact percentiles in two passes: the order-preserving key of a height
 * (unsigned order of keys = float order of finite heights) and back. */
guint32 ms_height_key         (float          height);
float   ms_height_from_key    (guint32        key);
/* counts[key >> 16] += 1 for each finite height of the @n at @data. */
void    ms_scan_height_keys   (const guint8  *data,
                               gsize          n,
                               guint32        counts[65536]);
/* For each finite height whose key's top 16 bits are tops[t] (1 to 4
 * distinct values): counts[t × 65536 + (key & 0xffff)] += 1. */
void    ms_scan_height_keys_within (const guint8  *data,
                                    gsize          n,
                                    const guint16 *tops,
                                    guint          n_tops,
                                    guint32       *counts);

G_END_DECLS
