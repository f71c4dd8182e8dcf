/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Wider vector paths chosen at run time.  The kernels are built for the
 * x86-64 baseline (SSE2); where the processor has AVX2 some of them also
 * have an eight-lane version, compiled with GCC's target attribute.  Each
 * does the baseline's IEEE operations in the baseline's order on every
 * lane, without fused multiply-adds, so the results are the same bits. */
#if defined (__x86_64__) && defined (__GNUC__)
#define MS_SIMD_HAVE_AVX2_PATHS 1
#endif

/* Whether the eight-lane paths run: the processor has AVX2, and the
 * testing switch below does not hold them back. */
gboolean ms_simd_use_avx2 (void);

/* Whether the processor has AVX (where VZEROUPPER may run). */
gboolean ms_simd_has_avx  (void);

/* Tests: FALSE runs the baseline paths on a processor with AVX2, so both
 * are checked. */
void _ms_simd_use_avx2_for_testing (gboolean use);

G_END_DECLS
