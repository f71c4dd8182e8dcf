/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built with -ftree-vectorize -fno-math-errno (render/meson.build): the
 * shading loop is element-wise IEEE arithmetic, so the vector code gives
 * the very bits the scalar formulas of ms-colour.c give.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <float.h>
#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "ms-render-image.h"
#include "ms-shade.h"
#include "ms-simd.h"
#ifdef MS_SIMD_HAVE_AVX2_PATHS
#include <immintrin.h>
#endif

/* Horn's gradient at cell i + 1 of the rows from @up, a missing neighbour
 * taking the centre's height (the centre after the fallback, in *@c). */
static inline void
window_gradient (const float *restrict up,
                 const float *restrict mid,
                 const float *restrict down,
                 guint                 i,
                 float                 scale,
                 float                 fallback,
                 float                 eight_spacing,
                 float                *c_out,
                 float                *dz_dcol,
                 float                *dz_drow)
{
  float c = isfinite (mid[i + 1]) ? mid[i + 1] : fallback;
  /* w[row * 3 + col], as ms_horn_gradient () reads it. */
  float w0 = (isfinite (up[i]) ? up[i] : c) * scale;
  float w1 = (isfinite (up[i + 1]) ? up[i + 1] : c) * scale;
  float w2 = (isfinite (up[i + 2]) ? up[i + 2] : c) * scale;
  float w3 = (isfinite (mid[i]) ? mid[i] : c) * scale;
  float w5 = (isfinite (mid[i + 2]) ? mid[i + 2] : c) * scale;
  float w6 = (isfinite (down[i]) ? down[i] : c) * scale;
  float w7 = (isfinite (down[i + 1]) ? down[i + 1] : c) * scale;
  float w8 = (isfinite (down[i + 2]) ? down[i + 2] : c) * scale;

  *c_out = c;
  *dz_dcol = ((w2 + 2.0f * w5 + w8) - (w0 + 2.0f * w3 + w6)) / eight_spacing;
  *dz_drow = ((w6 + 2.0f * w7 + w8) - (w0 + 2.0f * w1 + w2)) / eight_spacing;
}

#ifdef MS_SIMD_HAVE_AVX2_PATHS
/* The single light's loop of ms_shade_row () eight cells at a time, where
 * the processor has AVX2: the SSE2 lanes' operations, in their order.
 * Returns how many of the @n cells it shaded (a multiple of eight). */
__attribute__ ((target ("avx2")))
static guint
shade_cells_avx2 (const float *restrict up,
                  const float *restrict mid,
                  const float *restrict down,
                  guint                 n,
                  const MsShadeGrid    *grid,
                  float                *restrict centres,
                  float                *restrict shades)
{
  const __m256 abs_mask = _mm256_castsi256_ps (_mm256_set1_epi32 (0x7fffffff));
  const __m256 largest = _mm256_set1_ps (FLT_MAX);
  const __m256 v_scale = _mm256_set1_ps (grid->scale), v_fallback = _mm256_set1_ps (grid->fallback);
  const __m256 v_eight = _mm256_set1_ps (8.0f * grid->spacing), two = _mm256_set1_ps (2.0f);
  const __m256 one = _mm256_set1_ps (1.0f), zero = _mm256_setzero_ps ();
  const __m256 v_lx = _mm256_set1_ps (grid->light->x), v_ly = _mm256_set1_ps (grid->light->y);
  const __m256 v_lz = _mm256_set1_ps (grid->light->z);
  const __m256 sign = _mm256_castsi256_ps (_mm256_set1_epi32 ((int) 0x80000000u));
  guint i = 0;

#define FINITE(v) _mm256_cmp_ps (_mm256_and_ps ((v), abs_mask), largest, _CMP_LE_OQ)
#define OR_ELSE(v, c) _mm256_blendv_ps ((c), (v), FINITE (v))
  for (; i + 8 <= n; i += 8)
    {
      __m256 c = OR_ELSE (_mm256_loadu_ps (mid + i + 1), v_fallback);
      __m256 w0 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (up + i), c), v_scale);
      __m256 w1 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (up + i + 1), c), v_scale);
      __m256 w2 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (up + i + 2), c), v_scale);
      __m256 w3 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (mid + i), c), v_scale);
      __m256 w5 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (mid + i + 2), c), v_scale);
      __m256 w6 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (down + i), c), v_scale);
      __m256 w7 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (down + i + 1), c), v_scale);
      __m256 w8 = _mm256_mul_ps (OR_ELSE (_mm256_loadu_ps (down + i + 2), c), v_scale);
      __m256 right = _mm256_add_ps (_mm256_add_ps (w2, _mm256_mul_ps (two, w5)), w8);
      __m256 left = _mm256_add_ps (_mm256_add_ps (w0, _mm256_mul_ps (two, w3)), w6);
      __m256 bottom = _mm256_add_ps (_mm256_add_ps (w6, _mm256_mul_ps (two, w7)), w8);
      __m256 top = _mm256_add_ps (_mm256_add_ps (w0, _mm256_mul_ps (two, w1)), w2);
      __m256 p = _mm256_div_ps (_mm256_sub_ps (right, left), v_eight);
      __m256 q = _mm256_div_ps (_mm256_sub_ps (bottom, top), v_eight);
      __m256 length = _mm256_sqrt_ps (_mm256_add_ps (_mm256_add_ps (_mm256_mul_ps (p, p), _mm256_mul_ps (q, q)), one));
      __m256 lit = _mm256_add_ps (_mm256_sub_ps (_mm256_mul_ps (_mm256_xor_ps (p, sign), v_lx), _mm256_mul_ps (q, v_ly)),
                                  v_lz);
      __m256 shade = _mm256_div_ps (lit, length);

      _mm256_storeu_ps (centres + i, c);
      _mm256_storeu_ps (shades + i, _mm256_and_ps (_mm256_cmp_ps (shade, zero, _CMP_GT_OQ), shade));
    }
#undef OR_ELSE
#undef FINITE
  /* The SSE code after this slows down while the upper halves are in use. */
  _mm256_zeroupper ();
  return i;
}
#endif

void
ms_shade_row (const MsShadeGrid *grid,
              guint              cy,
              guint              cx0,
              guint              n,
              float             *restrict centres,
              float             *restrict shades)
{
  /* From the left neighbour of the first cell: [i], [i + 1], [i + 2]. */
  const float *restrict up = grid->heights + (gsize) (cy - 1) * grid->width + cx0 - 1;
  const float *restrict mid = up + grid->width;
  const float *restrict down = mid + grid->width;
  const float scale = grid->scale, fallback = grid->fallback;
  const float eight_spacing = 8.0f * grid->spacing;
  const float lx = grid->light->x, ly = grid->light->y, lz = grid->light->z;
  guint i = 0;

  g_return_if_fail (cy >= 1 && cx0 >= 1);

  /* Two loops, so the single light's stays one vectorised formula. */
  if (grid->light->multidirectional)
    {
      for (; i < n; i++)
        {
          float dz_dcol, dz_drow;

          window_gradient (up, mid, down, i, scale, fallback, eight_spacing, &centres[i], &dz_dcol, &dz_drow);
          shades[i] = ms_hillshade_multi (grid->light, dz_dcol, dz_drow);
        }
      return;
    }

#ifdef MS_SIMD_HAVE_AVX2_PATHS
  if (ms_simd_use_avx2 ())
    i = shade_cells_avx2 (up, mid, down, n, grid, centres, shades);
#endif

#ifdef __SSE2__
  /* Four cells at a time.  GCC does not vectorise the loop below (the
   * fallbacks are branches to it), so it is spelt out: the same IEEE
   * operations in the same order on each lane (SSE's sqrt and division are
   * correctly rounded, as the scalar ones), so the same bits. */
  {
    const __m128 abs_mask = _mm_castsi128_ps (_mm_set1_epi32 (0x7fffffff));
    const __m128 largest = _mm_set1_ps (FLT_MAX);
    const __m128 v_scale = _mm_set1_ps (scale), v_fallback = _mm_set1_ps (fallback);
    const __m128 v_eight = _mm_set1_ps (eight_spacing), two = _mm_set1_ps (2.0f);
    const __m128 one = _mm_set1_ps (1.0f), zero = _mm_setzero_ps ();
    const __m128 v_lx = _mm_set1_ps (lx), v_ly = _mm_set1_ps (ly), v_lz = _mm_set1_ps (lz);
    const __m128 sign = _mm_castsi128_ps (_mm_set1_epi32 ((int) 0x80000000u));

#define FINITE(v) _mm_cmple_ps (_mm_and_ps ((v), abs_mask), largest)
#define OR_ELSE(v, c) _mm_or_ps (_mm_and_ps (FINITE (v), (v)), _mm_andnot_ps (FINITE (v), (c)))
    for (; i + 4 <= n; i += 4)
      {
        __m128 m1 = _mm_loadu_ps (mid + i + 1);
        __m128 c = OR_ELSE (m1, v_fallback);
        __m128 w0 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (up + i), c), v_scale);
        __m128 w1 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (up + i + 1), c), v_scale);
        __m128 w2 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (up + i + 2), c), v_scale);
        __m128 w3 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (mid + i), c), v_scale);
        __m128 w5 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (mid + i + 2), c), v_scale);
        __m128 w6 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (down + i), c), v_scale);
        __m128 w7 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (down + i + 1), c), v_scale);
        __m128 w8 = _mm_mul_ps (OR_ELSE (_mm_loadu_ps (down + i + 2), c), v_scale);
        __m128 right = _mm_add_ps (_mm_add_ps (w2, _mm_mul_ps (two, w5)), w8);
        __m128 left = _mm_add_ps (_mm_add_ps (w0, _mm_mul_ps (two, w3)), w6);
        __m128 bottom = _mm_add_ps (_mm_add_ps (w6, _mm_mul_ps (two, w7)), w8);
        __m128 top = _mm_add_ps (_mm_add_ps (w0, _mm_mul_ps (two, w1)), w2);
        __m128 p = _mm_div_ps (_mm_sub_ps (right, left), v_eight);
        __m128 q = _mm_div_ps (_mm_sub_ps (bottom, top), v_eight);
        __m128 length = _mm_sqrt_ps (_mm_add_ps (_mm_add_ps (_mm_mul_ps (p, p), _mm_mul_ps (q, q)), one));
        __m128 lit = _mm_add_ps (_mm_sub_ps (_mm_mul_ps (_mm_xor_ps (p, sign), v_lx), _mm_mul_ps (q, v_ly)), v_lz);
        __m128 shade = _mm_div_ps (lit, length);

        _mm_storeu_ps (centres + i, c);
        _mm_storeu_ps (shades + i, _mm_and_ps (_mm_cmpgt_ps (shade, zero), shade));
      }
#undef OR_ELSE
#undef FINITE
  }
#endif

  for (; i < n; i++)
    {
      float dz_dcol, dz_drow, length, shade;

      window_gradient (up, mid, down, i, scale, fallback, eight_spacing, &centres[i], &dz_dcol, &dz_drow);
      length = sqrtf (dz_dcol * dz_dcol + dz_drow * dz_drow + 1.0f);
      shade = (-dz_dcol * lx - dz_drow * ly + lz) / length;
      shades[i] = shade > 0.0f ? shade : 0.0f;
    }
}

void
ms_slope_row (const MsShadeGrid *grid,
              guint              cy,
              guint              cx0,
              guint              n,
              float             *slopes)
{
  const float *restrict up = grid->heights + (gsize) (cy - 1) * grid->width + cx0 - 1;
  const float *restrict mid = up + grid->width;
  const float *restrict down = mid + grid->width;
  const float eight_spacing = 8.0f * grid->spacing;

  g_return_if_fail (cy >= 1 && cx0 >= 1);

  for (guint i = 0; i < n; i++)
    {
      float centre, dz_dcol, dz_drow;

      window_gradient (up, mid, down, i, grid->slope_scale, grid->fallback, eight_spacing, &centre, &dz_dcol,
                       &dz_drow);
      slopes[i] = ms_slope_degrees (dz_dcol, dz_drow);
    }
}

typedef struct
{
  const MsShadeGrid *grid;
  guint32           *pixels;
  int                stride;
  guint              width;
  MsShadedRunFunc    func;
  gpointer           user_data;
} ShadedImage;

void
ms_shade_image_row (const MsShadeGrid *grid,
                    guint              oy,
                    guint              width,
                    guint32           *out,
                    MsShadedRunFunc    func,
                    gpointer           user_data)
{
  float heights[256], shades[256], slopes[256];
  gboolean want_slopes = grid->slope_scale > 0.0f;
  MsShadedRun run = { 0, oy, 0, heights, shades, NULL, want_slopes ? slopes : NULL };

  for (run.x0 = 0; run.x0 < width; run.x0 += G_N_ELEMENTS (shades))
    {
      run.n = MIN (width - run.x0, G_N_ELEMENTS (shades));
      run.out = out + run.x0;
      if (grid->heights != NULL)
        {
          ms_shade_row (grid, oy + 1, run.x0 + 1, run.n, heights, shades);
          if (want_slopes)
            ms_slope_row (grid, oy + 1, run.x0 + 1, run.n, slopes);
        }
      else
        {
          for (guint i = 0; i < run.n; i++)
            {
              heights[i] = 0.0f;
              shades[i] = grid->light->z;
              slopes[i] = 0.0f;
            }
        }
      func (&run, user_data);
    }
}

static void
image_row (guint    oy,
           gpointer user_data)
{
  const ShadedImage *image = user_data;

  ms_shade_image_row (image->grid, oy, image->width, image->pixels + (gsize) oy * image->stride,
                      image->func, image->user_data);
}

void
ms_shade_image (const MsShadeGrid *grid,
                guint32           *pixels,
                int                stride,
                guint              width,
                guint              height,
                MsShadedRunFunc    func,
                gpointer           user_data,
                GCancellable      *cancellable)
{
  ShadedImage image = { grid, pixels, stride, width, func, user_data };

  ms_render_rows (height, image_row, &image, cancellable);
}
