/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-model"

#include "config.h"

#include "ms-large-buffer.h"

#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

/* Below this the heap is as good: it reuses pages it already has. */
#define MAPPED_FROM ((gsize) 1 << 20)

/* x86-64's and aarch64's (with 4 KiB pages) transparent huge page. */
#define HUGE_PAGE ((gsize) 2 << 20)

static gsize
whole_huge_pages (gsize size)
{
  return (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
}

gpointer
ms_large_buffer_alloc (gsize size)
{
#if defined(G_OS_UNIX) && defined(MAP_ANONYMOUS)
  if (size >= MAPPED_FROM)
    {
      /* Whole huge pages, placed on a huge page's boundary, which not
       * every kernel does by itself: a mapping that starts between two is
       * all small pages, and so is a last part smaller than one. */
      guint8 *mapped, *data;
      gsize head;

      size = whole_huge_pages (size);
      mapped = mmap (NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (mapped == MAP_FAILED)
        return NULL;
      head = (HUGE_PAGE - (guintptr) mapped % HUGE_PAGE) % HUGE_PAGE;
      data = mapped + head;
      if (head > 0)
        munmap (mapped, head);
      munmap (data + size, HUGE_PAGE - head);
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
      munmap (data, whole_huge_pages (size));
      return;
    }
#endif
  g_free (data);
}

typedef struct
{
  gpointer data;
  gsize    size;
} LargeBytes;

static void
large_bytes_free (gpointer user_data)
{
  LargeBytes *bytes = user_data;

  ms_large_buffer_free (bytes->data, bytes->size);
  g_free (bytes);
}

GBytes *
ms_large_buffer_new_bytes (gsize size)
{
  LargeBytes *bytes = g_new (LargeBytes, 1);

  bytes->size = size;
  bytes->data = ms_large_buffer_alloc (size);
  if (bytes->data == NULL)
    {
      g_free (bytes);
      return NULL;
    }
  return g_bytes_new_with_free_func (bytes->data, size, large_bytes_free, bytes);
}
