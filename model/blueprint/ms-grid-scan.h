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
/* For each of the @n heights at @data, finite or not, one count in bin
 * key >> 16 of one of two tables of 65536 at @counts (2 × 65536 entries;
 * the caller adds the two).  Finite heights' keys have tops 0x0080 …
 * 0xff7f; non-finite ones never do.  With @n_tops (0 to 4) tops, also
 * what ms_scan_height_keys_within () counts into @low, in the same pass. */
#define MS_HEIGHT_TOP_FIRST_FINITE 0x0080
#define MS_HEIGHT_TOP_LAST_FINITE  0xff7f
void    ms_scan_height_keys   (const guint8  *data,
                               gsize          n,
                               guint32       *counts,
                               const guint16 *tops,
                               guint          n_tops,
                               guint32       *low);
/* For each finite height whose key's top 16 bits are tops[t] (1 to 4
 * distinct values): counts[t × 65536 + (key & 0xffff)] += 1. */
void    ms_scan_height_keys_within (const guint8  *data,
                                    gsize          n,
                                    const guint16 *tops,
                                    guint          n_tops,
                                    guint32       *counts);
/* The coast of a column of @n (≤ 65536) u16 water ids (host order, maybe
 * unaligned): *ocean += how many are 1 (the ocean body), *pairs += the
 * pairs of one 0 (land) and one 1 down the column, and across to the same
 * row of @previous (the column before, or NULL). */
void    ms_scan_coast_ids     (const guint8  *ids,
                               const guint8  *previous,
                               gsize          n,
                               guint64       *ocean,
                               guint64       *pairs);

G_END_DECLS
