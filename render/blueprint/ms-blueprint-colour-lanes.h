/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * colour_cell () several cells at a time: included by
 * ms-blueprint-renderer.c once with LANES 4 (SSE2, the x86-64 baseline)
 * and, where GCC can target it, once with LANES 8 (AVX2, chosen at run
 * time).  Every lane does the scalar code's floating-point operations in
 * the scalar code's order, so the pixels are the same bits whatever the
 * width; where the scalar code branches on a cell, the lanes compute what
 * they need and select.  The few intrinsics whose names differ between
 * the widths are the macros below; the rest are spelt V (op).
 */

#if LANES == 4
#define LANE_FN         static inline
#define VF              __m128
#define VI              __m128i
#define V(op)           _mm_##op
#define VF_FROM_VI(v)   _mm_castsi128_ps (v)
#define VF_LT(a, b)     _mm_cmplt_ps ((a), (b))
#define VF_NGT(a, b)    _mm_cmpngt_ps ((a), (b))
#define VF_ORD(a, b)    _mm_cmpord_ps ((a), (b))
#define VI_XOR(a, b)    _mm_xor_si128 ((a), (b))
#define VI_OR(a, b)     _mm_or_si128 ((a), (b))
#define VI_STORE(p, v)  _mm_storeu_si128 ((__m128i *) (gpointer) (p), (v))
#define ALL_LANES       0xf
#define VI_ZERO         _mm_setzero_si128 ()
/* Four u16 into the low halves of four 32-bit lanes. */
#define VI_LOAD_U16(p)  _mm_unpacklo_epi16 (_mm_loadl_epi64 ((const __m128i *) (gconstpointer) (p)), \
                                            _mm_setzero_si128 ())
#define LANE_NAME(name) name##4
#else
#define LANE_FN         static inline __attribute__ ((target ("avx2")))
#define VF              __m256
#define VI              __m256i
#define V(op)           _mm256_##op
#define VF_FROM_VI(v)   _mm256_castsi256_ps (v)
#define VF_LT(a, b)     _mm256_cmp_ps ((a), (b), _CMP_LT_OS)
#define VF_NGT(a, b)    _mm256_cmp_ps ((a), (b), _CMP_NGT_US)
#define VF_ORD(a, b)    _mm256_cmp_ps ((a), (b), _CMP_ORD_Q)
#define VI_XOR(a, b)    _mm256_xor_si256 ((a), (b))
#define VI_OR(a, b)     _mm256_or_si256 ((a), (b))
#define VI_STORE(p, v)  _mm256_storeu_si256 ((__m256i *) (gpointer) (p), (v))
#define ALL_LANES       0xff
#define VI_ZERO         _mm256_setzero_si256 ()
#define VI_LOAD_U16(p)  _mm256_cvtepu16_epi32 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (p)))
#define LANE_NAME(name) name##8
#endif

typedef struct
{
  VF r, g, b;
} LANE_NAME (Rgb);

#define Rgb LANE_NAME (Rgb)

LANE_FN VF
LANE_NAME (select) (VF mask,
                    VF yes,
                    VF no)
{
  return V (or_ps) (V (and_ps) (mask, yes), V (andnot_ps) (mask, no));
}

LANE_FN Rgb
LANE_NAME (select_rgb) (VF  mask,
                        Rgb yes,
                        Rgb no)
{
  return (Rgb) { LANE_NAME (select) (mask, yes.r, no.r), LANE_NAME (select) (mask, yes.g, no.g),
                 LANE_NAME (select) (mask, yes.b, no.b) };
}

LANE_FN Rgb
LANE_NAME (splat_rgb) (MsRgb c)
{
  return (Rgb) { V (set1_ps) (c.r), V (set1_ps) (c.g), V (set1_ps) (c.b) };
}

/* blend (): ms_colour_mix ()'s under + (over - under) * opacity. */
LANE_FN Rgb
LANE_NAME (blend) (Rgb   under,
                   Rgb   over,
                   float opacity)
{
  VF o = V (set1_ps) (opacity);

  if (opacity >= 1.0f)
    return over;
  return (Rgb) { V (add_ps) (under.r, V (mul_ps) (V (sub_ps) (over.r, under.r), o)),
                 V (add_ps) (under.g, V (mul_ps) (V (sub_ps) (over.g, under.g), o)),
                 V (add_ps) (under.b, V (mul_ps) (V (sub_ps) (over.b, under.b), o)) };
}

/* ms_colour_ramp (): each lane interpolates in the first stop above its
 * value (lanes of neighbouring cells nearly always share it, so most calls
 * interpolate once), below the first stop or NaN the first colour, above
 * the last the last. */
LANE_FN Rgb
LANE_NAME (ramp) (const MsColourStop *stops,
                  guint               n_stops,
                  VF                  value)
{
  Rgb out = LANE_NAME (splat_rgb) (stops[n_stops - 1].colour);
  VF done = V (setzero_ps) ();

  for (guint i = 1; i < n_stops; i++)
    {
      VF here = V (andnot_ps) (done, VF_LT (value, V (set1_ps) (stops[i].at)));

      if (V (movemask_ps) (here) != 0)
        {
          const MsRgb *a = &stops[i - 1].colour, *b = &stops[i].colour;
          VF t = V (div_ps) (V (sub_ps) (value, V (set1_ps) (stops[i - 1].at)),
                             V (set1_ps) (stops[i].at - stops[i - 1].at));
          Rgb c = { V (add_ps) (V (set1_ps) (a->r), V (mul_ps) (V (set1_ps) (b->r - a->r), t)),
                    V (add_ps) (V (set1_ps) (a->g), V (mul_ps) (V (set1_ps) (b->g - a->g), t)),
                    V (add_ps) (V (set1_ps) (a->b), V (mul_ps) (V (set1_ps) (b->b - a->b), t)) };

          out = LANE_NAME (select_rgb) (here, c, out);
          done = V (or_ps) (done, here);
          if (V (movemask_ps) (done) == ALL_LANES)
            break;
        }
    }
  return LANE_NAME (select_rgb) (VF_NGT (value, V (set1_ps) (stops[0].at)),
                                 LANE_NAME (splat_rgb) (stops[0].colour), out);
}

/* ms_colour_channel_to_byte (): a NaN gives 0 both ways (MAXPS returns
 * its second operand; the scalar conversion of NaN truncates to 0). */
LANE_FN VI
LANE_NAME (channel_to_byte) (VF v)
{
  v = V (min_ps) (V (max_ps) (v, V (setzero_ps) ()), V (set1_ps) (1.0f));
  return V (cvttps_epi32) (V (add_ps) (V (mul_ps) (v, V (set1_ps) (255.0f)), V (set1_ps) (0.5f)));
}

/* LANES cells from grid offset @o, with their heights, shades and slopes
 * (NULL unless the slope layer is drawn). */
LANE_FN void
LANE_NAME (colour_cells) (const Job   *job,
                          gsize        o,
                          const float *heights,
                          const float *shades,
                          const float *slopes,
                          guint32     *out)
{
  const MsBlueprintStyle *s = job->style;
  const MsBlueprintGrid *g = &job->grid;
  const float *op = job->opacity;
  const VF sea = V (set1_ps) (s->sea_level), metres = V (set1_ps) (MS_METRES_PER_RAW);
  VF h = V (loadu_ps) (heights), shade = V (loadu_ps) (shades);
  VI id = VI_LOAD_U16 (g->water_ids + o), surface = VI_LOAD_U16 (g->surfaces + o);
  VF wet = job->has_water ? VF_FROM_VI (VI_XOR (V (cmpeq_epi32) (id, VI_ZERO), V (set1_epi32) (-1)))
                          : VF_LT (h, sea);
  VF level = LANE_NAME (select) (VF_FROM_VI (V (cmpeq_epi32) (surface, VI_ZERO)), sea,
                                 V (mul_ps) (V (sub_ps) (V (cvtepi32_ps) (surface), V (set1_ps) (1.0f)),
                                             V (set1_ps) (1.0f / 32768.0f)));
  VF depth = V (and_ps) (wet, V (mul_ps) (V (sub_ps) (level, h), metres));
  gboolean any_wet = V (movemask_ps) (wet) != 0;
  /* isfinite () of the cell's own height: x − x is 0 for a finite x and
   * NaN for NaN and both infinities. */
  VF own = V (loadu_ps) (g->heights + o);
  VF finite = VF_ORD (V (sub_ps) (own, own), V (setzero_ps) ());
  gboolean any_missing = V (movemask_ps) (finite) != ALL_LANES;
  Rgb no_data = LANE_NAME (splat_rgb) (MS_COLOUR_NO_DATA);
  Rgb c = LANE_NAME (splat_rgb) ((MsRgb) { MS_BLUEPRINT_CANVAS, MS_BLUEPRINT_CANVAS, MS_BLUEPRINT_CANVAS });
  gboolean drawn = FALSE;
  VI r, gr, b;

  if (op[MS_STACK_HEIGHT] > 0.0f)
    {
      Rgb ramp = LANE_NAME (ramp) (job->land, job->n_land, V (mul_ps) (V (sub_ps) (h, sea), metres));

      if (any_wet && !job->water_visible)
        ramp = LANE_NAME (select_rgb) (wet, LANE_NAME (ramp) (ms_colour_depth_stops, MS_COLOUR_N_DEPTH_STOPS, depth),
                                       ramp);
      if (any_missing)
        ramp = LANE_NAME (select_rgb) (finite, ramp, no_data);
      c = LANE_NAME (blend) (c, ramp, op[MS_STACK_HEIGHT]);
      drawn = TRUE;
    }

  if (op[MS_STACK_BIOME] > 0.0f)
    {
      float pr[LANES], pg[LANES], pb[LANES];
      Rgb palette;

      for (guint l = 0; l < LANES; l++)
        {
          const MsRgb *p = &job->biomes[g->biomes[o + l]];

          pr[l] = p->r;
          pg[l] = p->g;
          pb[l] = p->b;
        }
      palette = (Rgb) { V (loadu_ps) (pr), V (loadu_ps) (pg), V (loadu_ps) (pb) };
      c = LANE_NAME (blend) (c, palette, op[MS_STACK_BIOME]);
      drawn = TRUE;
    }

  if (op[MS_STACK_SLOPE] > 0.0f)
    {
      Rgb ramp = LANE_NAME (ramp) (ms_colour_slope_stops, MS_COLOUR_N_SLOPE_STOPS, V (loadu_ps) (slopes));

      if (any_missing)
        ramp = LANE_NAME (select_rgb) (finite, ramp, no_data);
      c = LANE_NAME (blend) (c, ramp, op[MS_STACK_SLOPE]);
      drawn = TRUE;
    }

  if (op[MS_STACK_HILLSHADE] > 0.0f)
    {
      float strength = op[MS_STACK_HILLSHADE];

      if (drawn)
        {
          /* ms_colour_shade (): 1 - strength + strength * shade / z. */
          VF k = V (add_ps) (V (set1_ps) (1.0f - strength),
                             V (div_ps) (V (mul_ps) (V (set1_ps) (strength), shade), V (set1_ps) (s->light.z)));

          c = LANE_NAME (select_rgb) (finite, (Rgb) { V (mul_ps) (c.r, k), V (mul_ps) (c.g, k), V (mul_ps) (c.b, k) },
                                      c);
        }
      else
        {
          c = LANE_NAME (blend) (c, LANE_NAME (select_rgb) (finite, (Rgb) { shade, shade, shade }, no_data), strength);
        }
    }

  if (op[MS_STACK_WATER] > 0.0f && any_wet)
    {
      Rgb deep = LANE_NAME (ramp) (ms_colour_depth_stops, MS_COLOUR_N_DEPTH_STOPS, depth);
      /* ms_colour_water (): ids 0 and 1 are the ocean, lakes greener. */
      VF lake = VF_FROM_VI (V (cmpgt_epi32) (id, V (set1_epi32) (1)));
      Rgb tinted = { V (add_ps) (V (mul_ps) (deep.r, V (set1_ps) (0.85f)), V (set1_ps) (0.05f)),
                     V (add_ps) (V (mul_ps) (deep.g, V (set1_ps) (0.95f)), V (set1_ps) (0.08f)),
                     V (mul_ps) (deep.b, V (set1_ps) (0.9f)) };

      c = LANE_NAME (select_rgb) (wet, LANE_NAME (blend) (c, LANE_NAME (select_rgb) (lake, tinted, deep),
                                                          op[MS_STACK_WATER]), c);
    }

  r = LANE_NAME (channel_to_byte) (c.r);
  gr = LANE_NAME (channel_to_byte) (c.g);
  b = LANE_NAME (channel_to_byte) (c.b);
  VI_STORE (out, VI_OR (V (set1_epi32) ((int) 0xff000000u),
                        VI_OR (V (slli_epi32) (r, 16), VI_OR (V (slli_epi32) (gr, 8), b))));
}

#undef Rgb
#undef LANE_FN
#undef VF
#undef VI
#undef V
#undef VF_FROM_VI
#undef VF_LT
#undef VF_NGT
#undef VF_ORD
#undef VI_XOR
#undef VI_OR
#undef VI_STORE
#undef ALL_LANES
#undef VI_ZERO
#undef VI_LOAD_U16
#undef LANE_NAME
