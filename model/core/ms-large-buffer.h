/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Zeroed scratch memory for buffers of a megabyte or more (a render's
 * grids and image, the workers' scratch, the save's buffer), from a
 * mapping of its own of whole transparent huge pages, placed on a huge
 * page's boundary: in 4 KiB pages a 2048² render's 50 MiB of buffers cost
 * some 15 000 page faults, a tenth of its time.  Smaller sizes come from
 * the heap.  NULL when there is not enough memory.  Free with
 * ms_large_buffer_free () and the same @size. */
gpointer ms_large_buffer_alloc (gsize    size);
void     ms_large_buffer_free  (gpointer data,
                                gsize    size);
/* The same memory as GBytes, given back with the last reference: for a
 * buffer several owners share.  NULL when there is not enough memory. */
GBytes  *ms_large_buffer_new_bytes (gsize size);

G_END_DECLS
