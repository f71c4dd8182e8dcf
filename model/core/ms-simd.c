/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-model"

#include "config.h"

#include "ms-simd.h"

static gboolean avx2_allowed = TRUE;

void
_ms_simd_use_avx2_for_testing (gboolean use)
{
  avx2_allowed = use;
}

gboolean
ms_simd_use_avx2 (void)
{
#ifdef MS_SIMD_HAVE_AVX2_PATHS
  static gint has_avx2 = -1;

  /* Asked once: __builtin_cpu_supports () reads data set up at start. */
  if (g_atomic_int_get (&has_avx2) < 0)
    g_atomic_int_set (&has_avx2, __builtin_cpu_supports ("avx2") ? 1 : 0);
  return avx2_allowed && g_atomic_int_get (&has_avx2) == 1;
#else
  return FALSE;
#endif
}

gboolean
ms_simd_has_avx (void)
{
#ifdef MS_SIMD_HAVE_AVX2_PATHS
  return __builtin_cpu_supports ("avx");
#else
  return FALSE;
#endif
}
