/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef void (*MsParallelFunc) (guint    index,
                                gpointer user_data);

/* How many workers the pool runs: the processors this process may use,
 * asked once (glibc asks the kernel through /sys on every call), or
 * $MAPSMITH_WORKERS (1 to 256) when set. */
guint ms_parallel_get_n_workers (void);

/* Calls @func for every index in [0, n) on a shared pool of worker threads,
 * one per processor, and returns when all calls have returned. */
void ms_parallel_for (guint          n,
                      MsParallelFunc func,
                      gpointer       user_data);

/* ms_parallel_for () for work that may wait: a worker takes its items only
 * when no ms_parallel_for () item is waiting, so it fills the time the
 * workers would otherwise sit idle (an item already started runs to its
 * end).  For checks run beside a render, whose result is needed only at
 * its end. */
void ms_parallel_for_background (guint          n,
                                 MsParallelFunc func,
                                 gpointer       user_data);
/* The items waiting in the pool's queue (for tests). */
guint _ms_parallel_get_n_queued_for_testing (void);

/* A kind of scratch buffer, owned by the loop that uses it: each loop
 * defines its own, static (zeroed, living as long as the program), and
 * passes its address:
 *
 *   static MsScratchSlot png_strip_slot;
 *   … ms_parallel_scratch (&png_strip_slot, size) …
 *
 * The first call with a slot gives it a number of its own; never put one
 * on the stack. */
typedef struct
{
  /*< private >*/
  gsize number;   /* 1 + the slot's number; 0 until it is first used */
} MsScratchSlot;

/* A buffer of at least @size bytes that belongs to the calling thread and
 * @slot, kept for the thread's next call (grown when asked for more):
 * worker loops that would malloc and free the same scratch for every item
 * fault its pages in again each time (glibc gives a worker's freed heap
 * back to the kernel).  The slots share a few huge pages a thread.
 * Contents are undefined; valid until the thread's next call for the same
 * slot.  One slot per kind of loop, so a loop that calls into another never
 * shares its buffer. */
gpointer ms_parallel_scratch (MsScratchSlot *slot,
                              gsize          size);
/* The bytes mapped for every thread's scratch now: memory that is not a
 * copy of any file. */
gsize    ms_parallel_get_scratch_size (void);

G_END_DECLS
