/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The inner loops of the whole-grid passes (info's summary, the biome check
 * at open), written with GCC/clang vector types: the build targets plain
 * x86-64 at -O2, where GCC does not vectorise loops with a remainder, and
 * these loops are what decides whether a 16K map's figures take a tenth
 * of a second or a second.  Each scans the bytes it is given: a copy of
 * a few columns (ms_blueprint_copy_columns ()) or the mapping itself.
 */
#define G_LOG_DOMAIN "ms-grid-scan"

#include "config.h"

#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ms-grid-scan.h"

typedef gint32 V4i __attribute__ ((vector_size (16)));
typedef float V4f __attribute__ ((vector_size (16)));
typedef double V2d __attribute__ ((vector_size (16)));
typedef guint8 V16u8 __attribute__ ((vector_size (16)));
typedef guint16 V8u16 __attribute__ ((vector_size (16)));
typedef gint16 V8i16 __attribute__ ((vector_size (16)));

void
ms_height_range_init (MsHeightRange *range)
{
  *range = (MsHeightRange) { 0, 0, INFINITY, -INFINITY };
}

static inline V4f
select_f (V4i  mask,
          V4f  yes,
          V4f  no)
{
  return (V4f) (((V4i) yes & mask) | ((V4i) no & ~mask));
}

/* The lanes of one column's scan.  Two columns scanned together keep two
 * of these, so the loop-carried additions of one overlap the other's, and
 * each column still adds its own values in its own order. */
typedef struct
{
  V4f lo, hi;
  V4i finite;  /* minus the count of non-finite values, by lane */
  V2d sum_a, sum_b;
} HeightLanes;

static inline void
lanes_init (HeightLanes *l)
{
  const V4f pos_inf = { INFINITY, INFINITY, INFINITY, INFINITY };
  const V4f neg_inf = { -INFINITY, -INFINITY, -INFINITY, -INFINITY };

  l->lo = pos_inf;
  l->hi = neg_inf;
  l->finite = (V4i) { 0, };
  l->sum_a = l->sum_b = (V2d) { 0, };
}

static inline V4f
min_f (V4f a,
       V4f b)
{
#ifdef __SSE2__
  return _mm_min_ps (a, b);  /* a < b ? a : b, lane by lane */
#else
  return select_f (a < b, a, b);
#endif
}

static inline V4f
max_f (V4f a,
       V4f b)
{
#ifdef __SSE2__
  return _mm_max_ps (a, b);  /* a > b ? a : b */
#else
  return select_f (a > b, a, b);
#endif
}

/* Each lane's running sum in double, lane k taking values 4m + k in
 * order: the order every caller's figures depend on. */
static inline void
lanes_add (HeightLanes *l,
           V4f          v)
{
#ifdef __SSE2__
  /* What the generic form means, without GCC's lane-by-lane shuffles. */
  l->sum_a += (V2d) _mm_cvtps_pd ((__m128) v);
  l->sum_b += (V2d) _mm_cvtps_pd (_mm_movehl_ps ((__m128) v, (__m128) v));
#else
  l->sum_a += (V2d) { v[0], v[1] };
  l->sum_b += (V2d) { v[2], v[3] };
#endif
}

static inline void
lanes_step (HeightLanes  *l,
            const guint8 *p)
{
  const V4i exponent = { 0x7f800000, 0x7f800000, 0x7f800000, 0x7f800000 };
  const V4i sign = { G_MININT32, G_MININT32, G_MININT32, G_MININT32 };
  V4i bits, bad, low;
  V4f v;

  memcpy (&bits, p, sizeof bits);
  /* Not finite: the exponent is all ones.  Lanes are -1 where true. */
  bad = (bits & exponent) == exponent;
  v = (V4f) (bits & ~bad);  /* 0.0 where not finite */
  l->finite += bad;         /* counts the bad ones down from 0 */
  /* Where not finite, +inf for the minimum and -inf for the maximum: they
   * keep the lane's value, as skipping would (x < +inf is false). */
  low = (V4i) v | (bad & exponent);
  l->lo = min_f ((V4f) low, l->lo);
  l->hi = max_f ((V4f) (low | (bad & sign)), l->hi);
  lanes_add (l, v);
}

/* lanes_step () for a column without a non-finite value: the raw values
 * go into the minimum, maximum and sums as they are, and @bad collects
 * the lanes that were not finite.  Where it ends up all zero the lanes
 * hold exactly what lanes_step () would have left (the same values in the
 * same order); otherwise the caller scans the column again with
 * lanes_step ().  A third fewer instructions: the maps are finite. */
static inline void
lanes_step_clean (HeightLanes  *l,
                  const guint8 *p,
                  V4i          *bad)
{
  const V4i exponent = { 0x7f800000, 0x7f800000, 0x7f800000, 0x7f800000 };
  V4i bits;
  V4f v;

  memcpy (&bits, p, sizeof bits);
  *bad |= (bits & exponent) == exponent;
  v = (V4f) bits;
  l->lo = min_f (v, l->lo);
  l->hi = max_f (v, l->hi);
  lanes_add (l, v);
}

static inline gboolean
all_clean (V4i bad)
{
  return (bad[0] | bad[1] | bad[2] | bad[3]) == 0;
}

/* Folds the lanes into @range, then the scalar tail from @i; the column's
 * sum. */
static double
lanes_finish (const HeightLanes *l,
              const guint8      *data,
              gsize              i,
              gsize              n,
              MsHeightRange     *range)
{
  double sum = (l->sum_a[0] + l->sum_a[1]) + (l->sum_b[0] + l->sum_b[1]);
  guint64 finite_here = 0;

  gsize bad_here = 0;

  for (guint k = 0; k < 4; k++)
    {
      bad_here += (guint32) -l->finite[k];
      range->lo = MIN (range->lo, l->lo[k]);
      range->hi = MAX (range->hi, l->hi[k]);
    }

  finite_here = i - bad_here;
  for (; i < n; i++)
    {
      float h;

      memcpy (&h, data + i * 4, sizeof h);
      if (!isfinite (h))
        continue;
      finite_here++;
      range->lo = MIN (range->lo, h);
      range->hi = MAX (range->hi, h);
      sum += h;
    }
  range->finite += finite_here;
  range->nonfinite += n - finite_here;
  return sum;
}

double
ms_scan_heights (const guint8  *data,
                 gsize          n,
                 MsHeightRange *range)
{
  HeightLanes l;
  gsize i = 0;
  V4i bad = { 0, };

  lanes_init (&l);
  for (; i + 4 <= n; i += 4)
    lanes_step_clean (&l, data + i * 4, &bad);
  if (!all_clean (bad))
    {
      lanes_init (&l);
      for (i = 0; i + 4 <= n; i += 4)
        lanes_step (&l, data + i * 4);
    }
  return lanes_finish (&l, data, i, n, range);
}

void
ms_scan_heights_pair (const guint8  *a,
                      const guint8  *b,
                      gsize          n,
                      MsHeightRange *range,
                      double        *sum_a,
                      double        *sum_b)
{
  HeightLanes la, lb;
  gsize i = 0;
  V4i bad = { 0, };

  lanes_init (&la);
  lanes_init (&lb);
  for (; i + 4 <= n; i += 4)
    {
      lanes_step_clean (&la, a + i * 4, &bad);
      lanes_step_clean (&lb, b + i * 4, &bad);
    }
  /* A non-finite value in either: both again, the careful way. */
  if (!all_clean (bad))
    {
      lanes_init (&la);
      lanes_init (&lb);
      for (i = 0; i + 4 <= n; i += 4)
        {
          lanes_step (&la, a + i * 4);
          lanes_step (&lb, b + i * 4);
        }
    }
  *sum_a = lanes_finish (&la, a, i, n, range);
  *sum_b = lanes_finish (&lb, b, i, n, range);
}

/* Four running maxima, so the loop is limited by the loads and not by
 * one chain of dependent maxima (one chain of compare-and-select took
 * 70 ms of a 16K render's open, where the copy it scans takes 15). */
guint8
ms_scan_max_u8 (const guint8 *data,
                gsize         n)
{
  guint8 max = 0;
  gsize i = 0;

#ifdef __SSE2__
  {
    __m128i m0 = _mm_setzero_si128 (), m1 = m0, m2 = m0, m3 = m0;

    for (; i + 64 <= n; i += 64)
      {
        m0 = _mm_max_epu8 (m0, _mm_loadu_si128 ((const __m128i *) (gconstpointer) (data + i)));
        m1 = _mm_max_epu8 (m1, _mm_loadu_si128 ((const __m128i *) (gconstpointer) (data + i + 16)));
        m2 = _mm_max_epu8 (m2, _mm_loadu_si128 ((const __m128i *) (gconstpointer) (data + i + 32)));
        m3 = _mm_max_epu8 (m3, _mm_loadu_si128 ((const __m128i *) (gconstpointer) (data + i + 48)));
      }
    for (; i + 16 <= n; i += 16)
      m0 = _mm_max_epu8 (m0, _mm_loadu_si128 ((const __m128i *) (gconstpointer) (data + i)));
    m0 = _mm_max_epu8 (_mm_max_epu8 (m0, m1), _mm_max_epu8 (m2, m3));
    /* Fold the sixteen lanes: halves, quarters, eighths, pairs. */
    m0 = _mm_max_epu8 (m0, _mm_srli_si128 (m0, 8));
    m0 = _mm_max_epu8 (m0, _mm_srli_si128 (m0, 4));
    m0 = _mm_max_epu8 (m0, _mm_srli_si128 (m0, 2));
    m0 = _mm_max_epu8 (m0, _mm_srli_si128 (m0, 1));
    max = (guint8) _mm_cvtsi128_si32 (m0);
  }
#else
  {
    V16u8 m[4] = { { 0, }, };

    for (; i + 64 <= n; i += 64)
      for (guint j = 0; j < 4; j++)
        {
          V16u8 v;

          memcpy (&v, data + i + 16 * j, sizeof v);
          m[j] = (V16u8) ((m[j] & (V16u8) (m[j] >= v)) | (v & (V16u8) (m[j] < v)));
        }
    for (guint j = 0; j < 4; j++)
      for (guint l = 0; l < 16; l++)
        max = MAX (max, m[j][l]);
  }
#endif
  for (; i < n; i++)
    max = MAX (max, data[i]);
  return max;
}

/* Are the sixteen bytes at @p all those of @splat? */
static inline gboolean
same_16 (const guint8 *p,
         V16u8         splat)
{
  V16u8 v;

  memcpy (&v, p, sizeof v);
#ifdef __SSE2__
  return _mm_movemask_epi8 (_mm_cmpeq_epi8 ((__m128i) v, (__m128i) splat)) == 0xffff;
#else
  {
    guint64 lanes[2];

    v = (V16u8) (v == splat);
    memcpy (lanes, &v, sizeof lanes);
    return (lanes[0] & lanes[1]) == G_MAXUINT64;
  }
#endif
}

void
ms_scan_histogram_u8 (const guint8 *data,
                      gsize         n,
                      guint32       counts[256])
{
  /* Four tables: where the biome changes, one table would make every
   * increment wait for the one before it. */
  guint32 t[4][256];
  gsize i = 0;
  guint8 current = n > 0 ? data[0] : 0;
  V16u8 splat = (V16u8) { 0, } + current;
  guint32 run = 0;

  memset (t, 0, sizeof t);
  /* Runs of one biome are the rule: counted in a register while sixteen
   * bytes at a time match, then added once (counts have no order). */
  for (; i + 16 <= n; i += 16)
    {
      if (same_16 (data + i, splat))
        {
          run += 16;
          continue;
        }
      t[0][current] += run;
      run = 0;
      for (gsize end = i + 16, j = i; j < end; j += 4)
        {
          t[0][data[j]]++;
          t[1][data[j + 1]]++;
          t[2][data[j + 2]]++;
          t[3][data[j + 3]]++;
        }
      current = data[i + 15];
      splat = (V16u8) { 0, } + current;
    }
  t[0][current] += run;
  for (; i < n; i++)
    t[0][data[i]]++;
  for (guint v = 0; v < 256; v++)
    counts[v] += t[0][v] + t[1][v] + t[2][v] + t[3][v];
}

/* One id of @n at @data, counted; seen[] is stored only where the id
 * changes, since bodies are runs. */
static inline void
scan_water_id (const guint8 *data,
               gsize         i,
               guint8        seen[65536],
               guint16      *previous,
               guint64      *wet)
{
  guint16 id;

  memcpy (&id, data + i * 2, sizeof id);
  *wet += id != 0;
  if (id != *previous)
    {
      seen[id] = 1;
      *previous = id;
    }
}

/* Whether the @n_vectors × 8 ids from @p all equal @previous. */
static inline gboolean
same_run (const guint8 *p,
          guint         n_vectors,
          guint16       previous)
{
  V8u16 run = { previous, previous, previous, previous, previous, previous, previous, previous };
  V8i16 same = { -1, -1, -1, -1, -1, -1, -1, -1 };
  guint64 lanes[2];

  for (guint k = 0; k < n_vectors; k++)
    {
      V8u16 v;

      memcpy (&v, p + k * sizeof v, sizeof v);
      same &= (V8i16) (v == run);
    }
  memcpy (lanes, &same, sizeof lanes);
  return (lanes[0] & lanes[1]) == G_MAXUINT64;
}

guint64
ms_scan_water_ids (const guint8 *data,
                   gsize         n,
                   guint8        seen[65536])
{
  guint64 wet = 0;
  guint16 previous = 0;
  gsize i = 0;

  seen[0] = 1;
  /* Bodies are long runs of one id: 32 at a time while the run holds (one
   * branch for four vectors), then eight, then one at a time where it
   * changes. */
  while (i + 32 <= n)
    {
      if (same_run (data + i * 2, 4, previous))
        {
          wet += previous != 0 ? 32 : 0;
          i += 32;
          continue;
        }
      for (gsize end = i + 32; i < end; i += 8)
        if (same_run (data + i * 2, 1, previous))
          wet += previous != 0 ? 8 : 0;
        else
          for (gsize k = i; k < i + 8; k++)
            scan_water_id (data, k, seen, &previous, &wet);
    }
  while (i + 8 <= n)
    {
      if (same_run (data + i * 2, 1, previous))
        wet += previous != 0 ? 8 : 0;
      else
        for (gsize k = i; k < i + 8; k++)
          scan_water_id (data, k, seen, &previous, &wet);
      i += 8;
    }
  for (; i < n; i++)
    scan_water_id (data, i, seen, &previous, &wet);
  return wet;
}

/* Order-preserving keys: unsigned comparison of keys is float comparison
 * of the finite values (−0 just below +0). */
static inline guint32
key_of_bits (guint32 bits)
{
  return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

static inline gboolean
bits_finite (guint32 bits)
{
  return (bits & 0x7f800000u) != 0x7f800000u;
}

guint32
ms_height_key (float height)
{
  guint32 bits;

  memcpy (&bits, &height, sizeof bits);
  return key_of_bits (bits);
}

float
ms_height_from_key (guint32 key)
{
  guint32 bits = (key & 0x80000000u) ? key & 0x7fffffffu : ~key;
  float height;

  memcpy (&height, &bits, sizeof height);
  return height;
}

typedef guint32 V4u __attribute__ ((vector_size (16)));

/* Four keys at once: bits ^ 0x80000000 for positive values, ~bits for
 * negative ones. */
static inline V4u
keys_of_lanes (V4i bits)
{
  return (V4u) (bits ^ ((bits >> 31) | (V4i) { G_MININT32, G_MININT32, G_MININT32, G_MININT32 }));
}

static inline void
count_within (guint32        bits,
              const guint16 *tops,
              guint          n_tops,
              guint32       *counts)
{
  guint32 key = key_of_bits (bits);

  /* The wanted tops hold finite keys only, so a non-finite value (whose
   * top is 0x007f or below, 0xff80 or above) never matches one. */
  for (guint t = 0; t < n_tops; t++)
    if ((key >> 16) == tops[t])
      {
        counts[t * 65536 + (key & 0xffffu)]++;
        break;
      }
}

void
ms_scan_height_keys (const guint8  *data,
                     gsize          n,
                     guint32       *counts,
                     const guint16 *tops,
                     guint          n_tops,
                     guint32       *low)
{
  guint32 *odd = counts + 65536;
  V4u wanted[4];
  gsize i = 0;

  g_return_if_fail (n_tops <= 4 && (n_tops == 0 || low != NULL));

  for (guint t = 0; t < 4; t++)
    {
      /* No wanted top: one no finite key has. */
      guint32 top = n_tops > 0 ? tops[MIN (t, n_tops - 1)] : 0;

      wanted[t] = (V4u) { top, top, top, top };
    }
  /* Every value is counted, finite or not, without a branch: a
   * non-finite value's top (≤ 0x007f or ≥ 0xff80) is never a finite
   * one's, so the caller leaves those bins out.  Neighbours often share
   * a bin; two tables, alternating, halve the chains of increments to
   * one counter. */
  for (; i + 4 <= n; i += 4)
    {
      V4i bits, hit;
      V4u top;
      guint64 lanes[2];

      memcpy (&bits, data + 4 * i, sizeof bits);
      top = keys_of_lanes (bits) >> 16;
      counts[top[0]]++;
      odd[top[1]]++;
      counts[top[2]]++;
      odd[top[3]]++;
      if (n_tops == 0)
        continue;
      hit = (V4i) (top == wanted[0]) | (V4i) (top == wanted[1]) | (V4i) (top == wanted[2]) |
            (V4i) (top == wanted[3]);
      memcpy (lanes, &hit, sizeof lanes);
      if ((lanes[0] | lanes[1]) != 0)
        for (guint k = 0; k < 4; k++)
          count_within ((guint32) bits[k], tops, n_tops, low);
    }
  for (; i < n; i++)
    {
      guint32 bits;

      memcpy (&bits, data + 4 * i, sizeof bits);
      counts[key_of_bits (bits) >> 16]++;
      if (n_tops > 0)
        count_within (bits, tops, n_tops, low);
    }
}

void
ms_scan_height_keys_within (const guint8  *data,
                            gsize          n,
                            const guint16 *tops,
                            guint          n_tops,
                            guint32       *counts)
{
  V4u wanted[4];
  gsize i = 0;

  g_return_if_fail (n_tops >= 1 && n_tops <= 4);

  for (guint t = 0; t < 4; t++)
    {
      guint32 top = tops[MIN (t, n_tops - 1)];

      wanted[t] = (V4u) { top, top, top, top };
    }
  /* Most heights are in none of the few wanted ranges: four at a time
   * are let through with a few compares. */
  for (; i + 4 <= n; i += 4)
    {
      V4i bits;
      V4u top;
      V4i hit;
      guint64 lanes[2];

      memcpy (&bits, data + 4 * i, sizeof bits);
      top = keys_of_lanes (bits) >> 16;
      hit = (V4i) (top == wanted[0]) | (V4i) (top == wanted[1]) | (V4i) (top == wanted[2]) |
            (V4i) (top == wanted[3]);
      memcpy (lanes, &hit, sizeof lanes);
      if ((lanes[0] | lanes[1]) == 0)
        continue;
      for (guint k = 0; k < 4; k++)
        count_within ((guint32) bits[k], tops, n_tops, counts);
    }
  for (; i < n; i++)
    {
      guint32 bits;

      memcpy (&bits, data + 4 * i, sizeof bits);
      count_within (bits, tops, n_tops, counts);
    }
}

void
ms_scan_coast_ids (const guint8 *ids,
                   const guint8 *previous,
                   gsize         n,
                   guint64      *ocean,
                   guint64      *pairs)
{
  const V8u16 zero = { 0 }, one = zero + 1;
  /* Lane counts: at most two a step, 4096 steps a 32768 column. */
  V8i16 n_ocean = { 0 }, n_pairs = { 0 };
  guint64 o = 0, p = 0;
  gsize y = 0;

  g_return_if_fail (n <= 65536);

  for (; y + 9 <= n; y += 8)
    {
      V8u16 c, d;
      V8i16 c0, c1, d0, d1;

      memcpy (&c, ids + 2 * y, sizeof c);
      memcpy (&d, ids + 2 * (y + 1), sizeof d);
      c0 = (V8i16) (c == zero);
      c1 = (V8i16) (c == one);
      d0 = (V8i16) (d == zero);
      d1 = (V8i16) (d == one);
      n_ocean -= c1;
      n_pairs -= (c0 & d1) | (c1 & d0);
      if (previous != NULL)
        {
          V8u16 q;
          V8i16 q0, q1;

          memcpy (&q, previous + 2 * y, sizeof q);
          q0 = (V8i16) (q == zero);
          q1 = (V8i16) (q == one);
          n_pairs -= (c0 & q1) | (c1 & q0);
        }
    }
  for (guint k = 0; k < 8; k++)
    {
      o += (guint16) n_ocean[k];
      p += (guint16) n_pairs[k];
    }
  for (; y < n; y++)
    {
      guint16 c, d, q;

      memcpy (&c, ids + 2 * y, sizeof c);
      o += c == 1;
      if (y + 1 < n)
        {
          memcpy (&d, ids + 2 * (y + 1), sizeof d);
          p += (c == 0 && d == 1) || (c == 1 && d == 0);
        }
      if (previous != NULL)
        {
          memcpy (&q, previous + 2 * y, sizeof q);
          p += (c == 0 && q == 1) || (c == 1 && q == 0);
        }
    }
  *ocean += o;
  *pairs += p;
}
