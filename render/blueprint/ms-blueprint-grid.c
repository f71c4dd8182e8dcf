/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads a rectangle of the blueprint once, column by column — the file's own
 * order — in bands of columns on the worker pool.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <string.h>

#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "ms-simd.h"
#ifdef MS_SIMD_HAVE_AVX2_PATHS
#include <immintrin.h>
#endif

#include "ms-blueprint-grid.h"
#include "ms-parallel.h"

/* A float that may sit at any address (HGTS payloads are not 4-aligned). */
typedef float unaligned_float __attribute__ ((aligned (1)));

typedef struct
{
  MsBlueprint     *bp;
  MsBlueprintGrid *grid;
  guint            band_width;
  GCancellable    *cancellable;
  /* By cell row cy: its in-map rows [ya, yb), empty when none. */
  guint           *ya, *yb;
  /* Cells whole0 <= cy < whole1 have k rows each; the in-map rows of the
   * grid are [rows_a, rows_b). */
  guint            whole0, whole1;
  guint            rows_a, rows_b;
  /* add_whole_cells () or a wider version of it for this processor. */
  void           (*add_whole_cells) (const unaligned_float *p,
                                     guint                  k,
                                     guint                  n_cells,
                                     double                *sum,
                                     guint                 *count);
} Job;

/* The in-map source range [*a, *b) of cell c along one axis. */
static gboolean
cell_range (gint64  origin,
            guint   k,
            guint   c,
            guint   n,
            guint  *a,
            guint  *b)
{
  gint64 lo = origin + (gint64) c * k, hi = lo + k;

  lo = MAX (lo, 0);
  hi = MIN (hi, (gint64) n);
  if (lo >= hi)
    return FALSE;
  *a = (guint) lo;
  *b = (guint) hi;
  return TRUE;
}

/* A pass over whole columns reads the heights with pread (), this many
 * bytes at a time, instead of through the mapping: on these machines
 * copying from the page cache is about twice as fast as faulting its pages
 * into the mapping (bench/README.md, fourth round). */
#define COLUMN_READ_BYTES ((gsize) 1 << 20)

/* Bands are about 64 source columns wide: at most 64 cells. */
#define MAX_BAND_WIDTH 64


/* The column stride, in bytes, of a band's column-major buffers of @h
 * elements of @size bytes: whole pages and one cache line more.  Their
 * columns are read side by side, a row at a time, when the band is
 * written to the row-major grid: at a stride near a multiple of 4 KiB the
 * sixteen or more columns all fell in the same few cache sets and evicted
 * one another, which made those copies a fifth of the reduction's time. */
static inline gsize
band_stride (gsize h,
             gsize size)
{
  return (h * size + 4095) / 4096 * 4096 + 64;
}

typedef struct
{
  guint8  *biomes;
  guint16 *ids;
  guint16 *levels;
} Samples;

/* Biome and water of column @cx's cells, sampled at the centre of each
 * cell's in-map part (x = @sx; G_MAXUINT when the column is off the map).
 * Whole cells form a run sampled with one strided read. */
static void
sample_centres (Job     *job,
                guint    cx,
                guint    sx,
                Samples *s)
{
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  guint first = G_MAXUINT, last = 0;

  for (guint cy = 0; cy < g->height; cy++)
    {
      guint a, b;

      s->biomes[cy] = 0;
      s->ids[cy] = 0;
      s->levels[cy] = 0;
      if (sx == G_MAXUINT || !cell_range (g->y0, g->k, cy, n, &a, &b))
        continue;
      if (b - a == g->k)
        {
          first = MIN (first, cy);
          last = cy;
          continue;
        }
      ms_blueprint_sample_column (job->bp, sx, a + (b - a) / 2, 1, 1,
                                  &s->biomes[cy], &s->ids[cy], &s->levels[cy]);
    }

  if (first != G_MAXUINT)
    {
      guint y0 = (guint) (g->y0 + (gint64) first * g->k) + g->k / 2;
      guint count = last - first + 1;
      const guint8 *bio = ms_blueprint_peek_column (job->bp, MS_GRID_BIOMES, sx);
      const guint8 *wid = ms_blueprint_peek_column (job->bp, MS_GRID_WATER_IDS, sx);
      const guint8 *wsf = ms_blueprint_peek_column (job->bp, MS_GRID_WATER_SURFACE, sx);

      /* In place when the file allows it: no copy of the column. */
      if (bio != NULL && wid != NULL && wsf != NULL)
        for (guint i = 0; i < count; i++)
          {
            gsize y = (gsize) y0 + (gsize) i * g->k;
            s->biomes[first + i] = bio[y];
            memcpy (&s->ids[first + i], wid + 2 * y, 2);
            memcpy (&s->levels[first + i], wsf + 2 * y, 2);
          }
      else
        ms_blueprint_sample_column (job->bp, sx, y0, g->k, count, &s->biomes[first],
                                    &s->ids[first], &s->levels[first]);
    }

  for (guint cy = 0; cy < g->height; cy++)
    {
      gsize o = (gsize) cy * g->width + cx;

      if (g->biomes) g->biomes[o] = s->biomes[cy];
      if (g->water_ids) g->water_ids[o] = s->ids[cy];
      if (g->surfaces) g->surfaces[o] = s->levels[cy];
    }
}

/* One cell's block of @len heights (the column's rows of the cell), added to
 * *@sum with the count of the finite ones: what every reduction of a cell
 * does, so the fast paths below give the same bits. */
static inline void
add_block (const unaligned_float *p,
           guint                  len,
           double                *sum,
           guint                 *count)
{
  float block = 0.0f;
  guint finite = 0;

  /* Heights are nearly always finite: sum without a branch, and only when
   * that gives NaN or infinity skip the bad ones. */
  for (guint i = 0; i < len; i++)
    block += p[i];
  if (isfinite (block))
    {
      finite = len;
    }
  else
    {
      block = 0.0f;
      for (guint i = 0; i < len; i++)
        if (isfinite (p[i]))
          {
            block += p[i];
            finite++;
          }
    }
  *sum += block;
  *count += finite;
}

/* @n_cells whole cells of @k rows each, one after the other from @p. */
static void
add_whole_cells (const unaligned_float *p,
                 guint                  k,
                 guint                  n_cells,
                 double                *sum,
                 guint                 *count)
{
  guint j = 0;

#ifdef __SSE2__
  /* Four cells at a time, a lane each: four rows of each are loaded and
   * transposed, so every lane adds its own rows in order, as add_block. */
  if (k % 4 == 0)
    for (; j + 4 <= n_cells; j += 4)
      {
        const float *q = (const float *) p + (gsize) j * k;
        __m128 acc = _mm_setzero_ps ();
        __m128 magnitude, finite;

        for (guint i = 0; i < k; i += 4)
          {
            __m128 r0 = _mm_loadu_ps (q + i), r1 = _mm_loadu_ps (q + k + i);
            __m128 r2 = _mm_loadu_ps (q + 2 * k + i), r3 = _mm_loadu_ps (q + 3 * k + i);

            _MM_TRANSPOSE4_PS (r0, r1, r2, r3);
            acc = _mm_add_ps (acc, r0);
            acc = _mm_add_ps (acc, r1);
            acc = _mm_add_ps (acc, r2);
            acc = _mm_add_ps (acc, r3);
          }
        magnitude = _mm_andnot_ps (_mm_set1_ps (-0.0f), acc);
        finite = _mm_cmplt_ps (magnitude, _mm_set1_ps (INFINITY));
        if (_mm_movemask_ps (finite) == 0xf)
          {
            _mm_storeu_pd (sum + j, _mm_add_pd (_mm_loadu_pd (sum + j), _mm_cvtps_pd (acc)));
            _mm_storeu_pd (sum + j + 2, _mm_add_pd (_mm_loadu_pd (sum + j + 2),
                                                    _mm_cvtps_pd (_mm_movehl_ps (acc, acc))));
            for (guint l = 0; l < 4; l++)
              count[j + l] += k;
          }
        else
          {
            for (guint l = 0; l < 4; l++)
              add_block (p + (gsize) (j + l) * k, k, &sum[j + l], &count[j + l]);
          }
      }
#endif
  for (; j < n_cells; j++)
    add_block (p + (gsize) j * k, k, &sum[j], &count[j]);
}

#ifdef MS_SIMD_HAVE_AVX2_PATHS
/* add_whole_cells () eight cells at a time, with AVX2 where the processor
 * has it: the same additions in the same order on each lane (no FMA), so
 * the same bits.  Each 256-bit row pairs cell l (low half) with cell
 * l + 4 (high half), so after the in-lane 4×4 transposes the lanes hold
 * cells 0-7 in order. */
__attribute__ ((target ("avx2")))
static void
add_whole_cells_avx2 (const unaligned_float *p,
                      guint                  k,
                      guint                  n_cells,
                      double                *sum,
                      guint                 *count)
{
  guint j = 0;

  if (k % 4 == 0)
    for (; j + 8 <= n_cells; j += 8)
      {
        const float *q = (const float *) p + (gsize) j * k;
        __m256 acc = _mm256_setzero_ps ();
        __m256 magnitude;

        for (guint i = 0; i < k; i += 4)
          {
#define CELLS(l) _mm256_insertf128_ps (_mm256_castps128_ps256 (_mm_loadu_ps (q + (l) * k + i)), \
                                      _mm_loadu_ps (q + ((l) + 4) * k + i), 1)
            __m256 r0 = CELLS (0), r1 = CELLS (1), r2 = CELLS (2), r3 = CELLS (3);
#undef CELLS
            __m256 t0 = _mm256_unpacklo_ps (r0, r1), t1 = _mm256_unpacklo_ps (r2, r3);
            __m256 t2 = _mm256_unpackhi_ps (r0, r1), t3 = _mm256_unpackhi_ps (r2, r3);

            /* Rows i, i + 1, i + 2, i + 3 of the eight cells. */
            acc = _mm256_add_ps (acc, _mm256_shuffle_ps (t0, t1, _MM_SHUFFLE (1, 0, 1, 0)));
            acc = _mm256_add_ps (acc, _mm256_shuffle_ps (t0, t1, _MM_SHUFFLE (3, 2, 3, 2)));
            acc = _mm256_add_ps (acc, _mm256_shuffle_ps (t2, t3, _MM_SHUFFLE (1, 0, 1, 0)));
            acc = _mm256_add_ps (acc, _mm256_shuffle_ps (t2, t3, _MM_SHUFFLE (3, 2, 3, 2)));
          }
        magnitude = _mm256_andnot_ps (_mm256_set1_ps (-0.0f), acc);
        if (_mm256_movemask_ps (_mm256_cmp_ps (magnitude, _mm256_set1_ps (INFINITY), _CMP_LT_OQ)) == 0xff)
          {
            _mm256_storeu_pd (sum + j, _mm256_add_pd (_mm256_loadu_pd (sum + j),
                                                      _mm256_cvtps_pd (_mm256_castps256_ps128 (acc))));
            _mm256_storeu_pd (sum + j + 4, _mm256_add_pd (_mm256_loadu_pd (sum + j + 4),
                                                          _mm256_cvtps_pd (_mm256_extractf128_ps (acc, 1))));
            _mm256_storeu_si256 ((__m256i *) (gpointer) (count + j),
                                 _mm256_add_epi32 (_mm256_loadu_si256 ((const __m256i *) (gconstpointer) (count + j)),
                                                   _mm256_set1_epi32 ((int) k)));
          }
        else
          {
            for (guint l = 0; l < 8; l++)
              add_block (p + (gsize) (j + l) * k, k, &sum[j + l], &count[j + l]);
          }
      }
  /* The SSE code after this, without the VEX prefix, slows down while the
   * upper halves are in use (GCC does not clear them before a tail call). */
  _mm256_zeroupper ();
  add_whole_cells (p + (gsize) j * k, k, n_cells - j, sum + j, count + j);
}
#endif

/* The means of one column of cells: sum / count rounded to float, NaN
 * where no height was finite.  Two at a time: SSE2's division is
 * correctly rounded, as the scalar one. */
static void
column_means (const double *sum,
              const guint  *count,
              gsize         h,
              float        *means)
{
  gsize i = 0;

#ifdef __SSE2__
  for (; i + 2 <= h; i += 2)
    {
      __m128i c = _mm_loadl_epi64 ((const __m128i *) (gconstpointer) (count + i));
      __m128d q = _mm_div_pd (_mm_loadu_pd (sum + i), _mm_cvtepi32_pd (c));
      /* Lanes with no finite height: NaN, whatever 0 / 0 gave. */
      __m128 none = _mm_castsi128_ps (_mm_cmpeq_epi32 (c, _mm_setzero_si128 ()));
      __m128 m = _mm_or_ps (_mm_andnot_ps (none, _mm_cvtpd_ps (q)), _mm_and_ps (none, _mm_set1_ps (NAN)));

      _mm_storel_pi ((__m64 *) (gpointer) (means + i), m);
    }
#endif
  for (; i < h; i++)
    means[i] = count[i] ? (float) (sum[i] / count[i]) : NAN;
}

/* The band's means, @w columns of @h cells @stride apart, into the rows of
 * the grid's @heights from column @c0: 4×4 blocks transposed in registers,
 * a quarter of the loads of going cell by cell. */
static void
store_band_rows (const float *means,
                 gsize        stride,
                 guint        w,
                 gsize        h,
                 float       *heights,
                 gsize        width,
                 guint        c0)
{
  gsize cy = 0;

#ifdef __SSE2__
  for (; cy + 4 <= h; cy += 4)
    {
      float *row = heights + cy * width + c0;
      guint i = 0;

      for (; i + 4 <= w; i += 4)
        {
          __m128 r0 = _mm_loadu_ps (means + i * stride + cy), r1 = _mm_loadu_ps (means + (i + 1) * stride + cy);
          __m128 r2 = _mm_loadu_ps (means + (i + 2) * stride + cy), r3 = _mm_loadu_ps (means + (i + 3) * stride + cy);

          _MM_TRANSPOSE4_PS (r0, r1, r2, r3);
          _mm_storeu_ps (row + i, r0);
          _mm_storeu_ps (row + width + i, r1);
          _mm_storeu_ps (row + 2 * width + i, r2);
          _mm_storeu_ps (row + 3 * width + i, r3);
        }
      for (; i < w; i++)
        for (guint l = 0; l < 4; l++)
          row[l * width + i] = means[i * stride + cy + l];
    }
#endif
  for (; cy < h; cy++)
    for (guint i = 0; i < w; i++)
      heights[cy * width + c0 + i] = means[i * stride + cy];
}

/* store_band_rows () for u16 samples: 8×8 blocks transposed in registers
 * (SSE2's unpacks: pairs, then quads, then halves). */
static void
store_band_rows_u16 (const guint16 *band,
                     gsize          stride,
                     guint          w,
                     gsize          h,
                     guint16       *grid,
                     gsize          width,
                     guint          c0)
{
  gsize cy = 0;

#ifdef __SSE2__
  for (; cy + 8 <= h; cy += 8)
    {
      guint16 *row = grid + cy * width + c0;
      guint i = 0;

      for (; i + 8 <= w; i += 8)
        {
#define COLUMN(l) _mm_loadu_si128 ((const __m128i *) (gconstpointer) (band + (i + (l)) * stride + cy))
          __m128i a0 = COLUMN (0), a1 = COLUMN (1), a2 = COLUMN (2), a3 = COLUMN (3);
          __m128i a4 = COLUMN (4), a5 = COLUMN (5), a6 = COLUMN (6), a7 = COLUMN (7);
#undef COLUMN
          __m128i b0 = _mm_unpacklo_epi16 (a0, a1), b1 = _mm_unpackhi_epi16 (a0, a1);
          __m128i b2 = _mm_unpacklo_epi16 (a2, a3), b3 = _mm_unpackhi_epi16 (a2, a3);
          __m128i b4 = _mm_unpacklo_epi16 (a4, a5), b5 = _mm_unpackhi_epi16 (a4, a5);
          __m128i b6 = _mm_unpacklo_epi16 (a6, a7), b7 = _mm_unpackhi_epi16 (a6, a7);
          __m128i d0 = _mm_unpacklo_epi32 (b0, b2), d1 = _mm_unpackhi_epi32 (b0, b2);
          __m128i d2 = _mm_unpacklo_epi32 (b1, b3), d3 = _mm_unpackhi_epi32 (b1, b3);
          __m128i d4 = _mm_unpacklo_epi32 (b4, b6), d5 = _mm_unpackhi_epi32 (b4, b6);
          __m128i d6 = _mm_unpacklo_epi32 (b5, b7), d7 = _mm_unpackhi_epi32 (b5, b7);
#define STORE(l, v) _mm_storeu_si128 ((__m128i *) (gpointer) (row + (l) * width + i), (v))
          STORE (0, _mm_unpacklo_epi64 (d0, d4));
          STORE (1, _mm_unpackhi_epi64 (d0, d4));
          STORE (2, _mm_unpacklo_epi64 (d1, d5));
          STORE (3, _mm_unpackhi_epi64 (d1, d5));
          STORE (4, _mm_unpacklo_epi64 (d2, d6));
          STORE (5, _mm_unpackhi_epi64 (d2, d6));
          STORE (6, _mm_unpacklo_epi64 (d3, d7));
          STORE (7, _mm_unpackhi_epi64 (d3, d7));
#undef STORE
        }
      for (; i < w; i++)
        for (guint l = 0; l < 8; l++)
          row[l * width + i] = band[i * stride + cy + l];
    }
#endif
  for (; cy < h; cy++)
    for (guint i = 0; i < w; i++)
      grid[cy * width + c0 + i] = band[i * stride + cy];
}

/* Biome and water of the cells of columns [c0, c1), from copies of the
 * sampled columns' rows the grid covers (see COLUMN_READ_BYTES; a tile's
 * rows are read one column at a time, which beats faulting the mapping's
 * pages in), or in place where they do not fit; in runs of rows so the
 * grid's rows stay in the cache while they fill. */
static gboolean
sample_columns (Job      *job,
                guint     c0,
                guint     c1)
{
  static MsScratchSlot copies_slot, band_slot;
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  /* In locals: the stores through them could alias *g, which made the
   * compiler load every pointer again for each cell. */
  guint8 *restrict biomes = g->biomes;
  guint16 *restrict water_ids = g->water_ids, *restrict surfaces = g->surfaces;
  const guint *restrict cell_ya = job->ya, *restrict cell_yb = job->yb;
  /* By cx - c0: the sampled column's fields, NULL off the map. */
  const guint8 *bio_at[MAX_BAND_WIDTH], *wid_at[MAX_BAND_WIDTH], *wsf_at[MAX_BAND_WIDTH];
  /* The row at the start of each column's pointers: rows_a for a copy. */
  gsize row0_at[MAX_BAND_WIDTH];
  guint8 *copies = NULL;
  guint r0 = job->rows_a, nr = job->rows_b - job->rows_a;
  /* A band of many narrow cells (k small) samples nearly every column: the
   * mapping then, rather than megabytes of copies per worker. */
  gboolean copy = nr > 0 && (gsize) (c1 - c0) * nr * 5 <= COLUMN_READ_BYTES;

  g_assert (c1 - c0 <= MAX_BAND_WIDTH);
  if (copy)
    copies = ms_parallel_scratch (&copies_slot, (gsize) (c1 - c0) * nr * 5);
  for (guint cx = c0; cx < c1; cx++)
    {
      guint xa, xb, sx, i = cx - c0;
      guint8 *mine = copy ? copies + (gsize) i * nr * 5 : NULL;

      bio_at[i] = wid_at[i] = wsf_at[i] = NULL;
      row0_at[i] = 0;
      if (!cell_range (g->x0, g->k, cx, n, &xa, &xb))
        continue;
      sx = xa + (xb - xa) / 2;
      bio_at[i] = ms_blueprint_peek_column (job->bp, MS_GRID_BIOMES, sx);
      wid_at[i] = ms_blueprint_peek_column (job->bp, MS_GRID_WATER_IDS, sx);
      wsf_at[i] = ms_blueprint_peek_column (job->bp, MS_GRID_WATER_SURFACE, sx);
      if (bio_at[i] == NULL || wid_at[i] == NULL || wsf_at[i] == NULL)
        return FALSE;
      /* Biomes only where the grid keeps them (a render that does not show
       * them leaves them out). */
      if (copy && (biomes == NULL || ms_blueprint_copy_column_rows (job->bp, MS_GRID_BIOMES, sx, r0, nr, mine)) &&
          ms_blueprint_copy_column_rows (job->bp, MS_GRID_WATER_IDS, sx, r0, nr, mine + nr) &&
          ms_blueprint_copy_column_rows (job->bp, MS_GRID_WATER_SURFACE, sx, r0, nr, mine + 3 * (gsize) nr))
        {
          bio_at[i] = mine;
          wid_at[i] = mine + nr;
          wsf_at[i] = mine + 3 * (gsize) nr;
          row0_at[i] = r0;
        }
    }

  /* Gathered column by column into the band's own column-major arrays
   * (reads that stream through each copy), then written to the row-major
   * grids a row of the band at a time, as the heights are: stores straight
   * into the grids, a row apart each, missed the cache on nearly every one
   * and took a seventh of a render. */
  {
    gsize h = g->height, w = c1 - c0, width = g->width;
    /* In elements: the u16 columns', and the biomes' (see band_stride ()). */
    gsize s16 = band_stride (h, 2) / 2, s8 = band_stride (h, 1);
    guint8 *band = ms_parallel_scratch (&band_slot, w * (4 * s16 + s8));
    guint16 *restrict band_ids = (guint16 *) (gpointer) band, *restrict band_levels = band_ids + w * s16;
    guint8 *restrict band_biomes = (guint8 *) (band_levels + w * s16);

    for (guint i = 0; i < w; i++)
      {
        const guint8 *bio = bio_at[i], *wid = wid_at[i], *wsf = wsf_at[i];
        gsize row0 = row0_at[i];
        guint8 *out_bio = band_biomes + i * s8;
        guint16 *out_id = band_ids + i * s16, *out_level = band_levels + i * s16;
        guint cy = 0;

        if (bio == NULL)
          {
            memset (out_bio, 0, h);
            memset (out_id, 0, h * 2);
            memset (out_level, 0, h * 2);
            continue;
          }
        while (cy < h)
          {
            guint8 biome = 0;
            guint16 id = 0, level = 0;

            /* The whole cells: their centres k rows apart. */
            if (cy == job->whole0 && job->whole0 < job->whole1)
              {
                gsize y = cell_ya[cy] + g->k / 2 - row0;

                for (; cy < job->whole1; cy++, y += g->k)
                  {
                    if (biomes != NULL)
                      out_bio[cy] = bio[y];
                    memcpy (&out_id[cy], wid + 2 * y, 2);
                    memcpy (&out_level[cy], wsf + 2 * y, 2);
                  }
                continue;
              }
            if (cell_ya[cy] < cell_yb[cy])
              {
                gsize y = cell_ya[cy] + (cell_yb[cy] - cell_ya[cy]) / 2 - row0;

                if (biomes != NULL)
                  biome = bio[y];
                memcpy (&id, wid + 2 * y, 2);
                memcpy (&level, wsf + 2 * y, 2);
              }
            out_bio[cy] = biome;
            out_id[cy] = id;
            out_level[cy] = level;
            cy++;
          }
      }
    if (biomes != NULL)
      for (gsize cy = 0; cy < h; cy++)
        for (guint i = 0; i < w; i++)
          biomes[cy * width + c0 + i] = band_biomes[i * s8 + cy];
    if (water_ids != NULL)
      store_band_rows_u16 (band_ids, s16, w, h, water_ids, width, c0);
    if (surfaces != NULL)
      store_band_rows_u16 (band_levels, s16, w, h, surfaces, width, c0);
  }
  return TRUE;
}

static void
reduce_band (guint    band,
             gpointer user_data)
{
  static MsScratchSlot sums_slot, columns_slot;
  Job *job = user_data;
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  guint c0 = band * job->band_width, c1 = MIN (c0 + job->band_width, g->width);
  guint ya = job->rows_a, yb = job->rows_b;
  gsize h = g->height;
  /* The thread's own buffers, kept from band to band: the sums, the band's
   * means column by column (written to the row-major grid a row of the band
   * at a time: column by column, every store fell on a page of its own, a
   * TLB miss each, an eighth of a render), a copy of a column where the
   * file cannot be read in place, and the samples. */
  gsize hs = band_stride (h, sizeof (float)) / sizeof (float);
  double *sum = ms_parallel_scratch (&sums_slot,
                                     h * (sizeof (double) + sizeof (guint) + 2 * sizeof (guint16) +
                                          sizeof (guint8)) +
                                     hs * sizeof (float) * (c1 - c0) + (gsize) (yb - ya) * sizeof (float));
  guint *count = (guint *) (sum + h);
  float *restrict means = (float *) (count + h);
  float *copy = means + hs * (c1 - c0);
  float *restrict heights = g->heights;
  gsize width = g->width;
  guint16 *ids = (guint16 *) (copy + (yb - ya));
  guint16 *levels = ids + h;
  guint8 *biomes = (guint8 *) (levels + h);
  Samples samples_storage = { biomes, ids, levels }, *samples = &samples_storage;
  gboolean sampled;
  MsColumnWindow window;
  /* The band's last source column, + 1: its copies stop there. */
  guint band_xb = (guint) CLAMP (g->x0 + (gint64) c1 * g->k, 0, (gint64) n);
  gboolean whole_columns = ya == 0 && yb == n;

  if (g_cancellable_is_cancelled (job->cancellable))
    return;

  /* Whole columns, each read once: copy them (see COLUMN_READ_BYTES). */
  ms_column_window_init (&window, job->bp, MS_GRID_HEIGHTS,
                         whole_columns ? ms_parallel_scratch (&columns_slot, COLUMN_READ_BYTES) : NULL,
                         COLUMN_READ_BYTES);

  for (guint cx = c0; cx < c1; cx++)
    {
      guint xa, xb;
      gboolean in_map = ya < yb && cell_range (g->x0, g->k, cx, n, &xa, &xb);

      memset (sum, 0, sizeof (double) * g->height);
      memset (count, 0, sizeof (guint) * g->height);

      for (guint x = in_map ? xa : 0; in_map && x < xb; x++)
        {
          const guint8 *in_place = ms_column_window_get (&window, x, band_xb);
          const unaligned_float *column;

          /* v2 on a little-endian host: whole columns come copied in the
           * window; part of one is read on its own, or failing that (the
           * file changed) through the mapping itself. */
          if (in_place != NULL && !whole_columns &&
              ms_blueprint_copy_column_rows (job->bp, MS_GRID_HEIGHTS, x, ya, yb - ya, (guint8 *) copy))
            column = copy;
          else if (in_place != NULL)
            column = (const unaligned_float *) (gconstpointer) (in_place + (gsize) ya * 4);
          else
            {
              ms_blueprint_read_heights (job->bp, x, ya, yb - ya, copy);
              column = copy;
            }
          /* The cells cut by the map's edge, then the whole ones. */
          for (guint cy = 0; cy < g->height; cy++)
            {
              if (cy == job->whole0)
                cy = job->whole1;
              if (cy < g->height && job->ya[cy] < job->yb[cy])
                add_block (column + (job->ya[cy] - ya), job->yb[cy] - job->ya[cy], &sum[cy], &count[cy]);
            }
          if (job->whole0 < job->whole1)
            job->add_whole_cells (column + (job->ya[job->whole0] - ya), g->k, job->whole1 - job->whole0,
                                  sum + job->whole0, count + job->whole0);
        }

      column_means (sum, count, h, means + (gsize) (cx - c0) * hs);
      if (g->counts != NULL)
        for (guint cy = 0; cy < g->height; cy++)
          g->counts[(gsize) cy * g->width + cx] = count[cy];
    }

  store_band_rows (means, hs, c1 - c0, h, heights, width, c0);

  if (g->biomes == NULL && g->water_ids == NULL && g->surfaces == NULL)
    return;
  sampled = sample_columns (job, c0, c1);
  for (guint cx = c0; !sampled && cx < c1; cx++)
    {
      guint xa, xb;
      gboolean in_map = cell_range (g->x0, g->k, cx, n, &xa, &xb);

      sample_centres (job, cx, in_map ? xa + (xb - xa) / 2 : G_MAXUINT, samples);
    }
}

static void
sample_band (guint    band,
             gpointer user_data)
{
  Job *job = user_data;
  MsBlueprintGrid *g = job->grid;
  guint n = ms_blueprint_get_map_size (job->bp);
  guint c0 = band * job->band_width, c1 = MIN (c0 + job->band_width, g->width);
  g_autofree guint8 *biomes = NULL;
  g_autofree guint16 *ids = NULL;
  g_autofree guint16 *levels = NULL;
  Samples samples;

  if (g_cancellable_is_cancelled (job->cancellable) || sample_columns (job, c0, c1))
    return;

  /* The file changed under us: the mapping's guard takes it from here. */
  samples.biomes = biomes = g_new (guint8, g->height);
  samples.ids = ids = g_new (guint16, g->height);
  samples.levels = levels = g_new (guint16, g->height);
  for (guint cx = c0; cx < c1; cx++)
    {
      guint xa, xb;
      gboolean in_map = cell_range (g->x0, g->k, cx, n, &xa, &xb);

      sample_centres (job, cx, in_map ? xa + (xb - xa) / 2 : G_MAXUINT, &samples);
    }
}

/* What both passes need of @grid's rows: each cell row's in-map rows, the
 * run of whole cells and the grid's in-map rows; @ya and @yb have a place
 * for each cell row. */
static void
job_init (Job             *job,
          MsBlueprint     *bp,
          MsBlueprintGrid *grid,
          GCancellable    *cancellable,
          guint           *ya,
          guint           *yb)
{
  guint n = ms_blueprint_get_map_size (bp);

  *job = (Job) { bp, grid, 0, cancellable };
  job->ya = ya;
  job->yb = yb;
  job->whole0 = job->whole1 = grid->height;
  job->rows_a = job->rows_b = 0;
  for (guint cy = 0; cy < grid->height; cy++)
    if (cell_range (grid->y0, grid->k, cy, n, &ya[cy], &yb[cy]))
      {
        if (job->rows_a == job->rows_b)
          job->rows_a = ya[cy];
        job->rows_b = yb[cy];
        if (yb[cy] - ya[cy] == grid->k)
          {
            /* Whole cells are one run: only the edges are cut. */
            if (job->whole0 == grid->height)
              job->whole0 = cy;
            job->whole1 = cy + 1;
          }
      }
    else
      ya[cy] = yb[cy] = 0;
}

/**
 * ms_blueprint_grid_sample:
 *
 * Fills only the biome and water samples of @grid (one read a cell, at its
 * centre, whatever k), leaving its heights alone: a pyramid tile above
 * level 0 takes its heights from the tiles below and samples the rest.
 * The sampled columns' rows are copied as a reduction copies them.
 */
void
ms_blueprint_grid_sample (MsBlueprint     *bp,
                          MsBlueprintGrid *grid,
                          GCancellable    *cancellable)
{
  Job job;
  g_autofree guint *ya = NULL, *yb = NULL;
  gsize row_bytes;

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (grid->k > 0 && grid->biomes && grid->water_ids && grid->surfaces);

  ya = g_new (guint, grid->height);
  yb = g_new (guint, grid->height);
  job_init (&job, bp, grid, cancellable, ya, yb);
  /* As many columns a band as sample_columns () copies in one go. */
  row_bytes = (gsize) (job.rows_b - job.rows_a) * 5;
  job.band_width = (guint) CLAMP (COLUMN_READ_BYTES / MAX (row_bytes, 1), 1, 32);
  ms_parallel_for ((grid->width + job.band_width - 1) / job.band_width, sample_band, &job);
}

void
ms_blueprint_grid_reduce (MsBlueprint     *bp,
                          MsBlueprintGrid *grid,
                          GCancellable    *cancellable)
{
  Job job;
  g_autofree guint *ya = NULL, *yb = NULL;

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (grid->k > 0 && grid->heights != NULL);

  ya = g_new (guint, grid->height);
  yb = g_new (guint, grid->height);
  job_init (&job, bp, grid, cancellable, ya, yb);
  job.add_whole_cells = add_whole_cells;
#ifdef MS_SIMD_HAVE_AVX2_PATHS
  if (ms_simd_use_avx2 ())
    job.add_whole_cells = add_whole_cells_avx2;
#endif
  /* Bands of about 64 source columns keep each worker on contiguous runs. */
  job.band_width = MAX (1u, MAX_BAND_WIDTH / grid->k);
  ms_parallel_for ((grid->width + job.band_width - 1) / job.band_width, reduce_band, &job);
}

void
ms_blueprint_grid_from_overview (MsBlueprint     *bp,
                                 const float     *means,
                                 const guint32   *counts,
                                 guint            cell,
                                 guint            width,
                                 guint            height,
                                 MsBlueprintGrid *grid)
{
  gsize cells;

  g_return_if_fail (MS_IS_BLUEPRINT (bp));
  g_return_if_fail (means != NULL && counts != NULL && cell > 0 && grid != NULL);

  memset (grid, 0, sizeof *grid);
  grid->k = cell;
  grid->x0 = grid->y0 = -(gint64) cell;
  grid->width = width + 2;
  grid->height = height + 2;
  cells = (gsize) grid->width * grid->height;
  grid->heights = g_new (float, cells);
  grid->counts = g_new0 (guint32, cells);
  grid->biomes = g_new (guint8, cells);
  grid->water_ids = g_new (guint16, cells);
  grid->surfaces = g_new (guint16, cells);
  for (gsize i = 0; i < cells; i++)
    grid->heights[i] = NAN;
  for (guint cy = 0; cy < height; cy++)
    {
      memcpy (grid->heights + (gsize) (cy + 1) * grid->width + 1, means + (gsize) cy * width,
              width * sizeof (float));
      memcpy (grid->counts + (gsize) (cy + 1) * grid->width + 1, counts + (gsize) cy * width,
              width * sizeof (guint32));
    }
  ms_blueprint_grid_sample (bp, grid, NULL);
}

void
ms_blueprint_grid_clear (MsBlueprintGrid *grid)
{
  g_clear_pointer (&grid->heights, g_free);
  g_clear_pointer (&grid->counts, g_free);
  g_clear_pointer (&grid->biomes, g_free);
  g_clear_pointer (&grid->water_ids, g_free);
  g_clear_pointer (&grid->surfaces, g_free);
}
