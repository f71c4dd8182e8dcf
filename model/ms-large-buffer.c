/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-model"

#include "config.h"

#include "ms-large-buffer.h"

#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

/* Below this the heap is as good: it reuses pages it already has. */
#define MAPPED_FROM ((gsize) 1 << 20)

gpointer
ms_large_buffer_alloc (gsize size)
{
#if defined(G_OS_UNIX) && defined(MAP_ANONYMOUS)
  if (size >= MAPPED_FROM)
    {
      void *data = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (data == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
      /* Only advice: where the kernel has no huge pages it is ignored. */
      madvise (data, size, MADV_HUGEPAGE);
#endif
      return data;
    }
#endif
  return g_try_malloc0 (MAX (size, 1));
}

void
ms_large_buffer_free (gpointer data,
                      gsize    size)
{
  if (data == NULL)
    return;
#if defined(G_OS_UNIX) && defined(MAP_ANONYMOUS)
  if (size >= MAPPED_FROM)
    {
      munmap (data, size);
      return;
    }
#endif
  g_free (data);
}
