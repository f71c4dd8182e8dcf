/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Freeing what other threads may still be reading, without locks: readers
 * mark short read sections; one writer retires what it unpublished and
 * frees it once every section that could have loaded it has ended.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A thread's read-section slot. */
typedef struct _MsZoneReader MsZoneReader;

/* Reads: every load of a published pointer that may be retired, and every
 * use of what it points to, happens between begin and end on the same
 * thread.  Sections nest and cost one atomic store each way, no lock.  Any
 * thread; the slots are shared by every owner below. */
MsZoneReader *ms_zone_reclamation_read_begin (void);
void          ms_zone_reclamation_read_end   (MsZoneReader *reader);

/* What one writer has retired and not freed yet.  The writer (one thread,
 * normally the main thread) is the only one to call the functions below. */
typedef struct
{
  GPtrArray *retired;        /* since the last epoch advance */
  GPtrArray *retiring;       /* retired before retiring_epoch */
  gint       retiring_epoch;
  gsize      retired_bytes;
  gsize      retiring_bytes;
} MsZoneReclamation;

void  ms_zone_reclamation_init      (MsZoneReclamation *self,
                                     GDestroyNotify     free_func);
/* Frees all that is retired at once: only when no reader can hold any of
 * it (the owner is being freed, and nobody reads it without a reference). */
void  ms_zone_reclamation_clear     (MsZoneReclamation *self);
/* @data (@size bytes, counted by get_pending_bytes) was published and no
 * longer is: free it once no reader can hold it.  NULL is ignored. */
void  ms_zone_reclamation_retire    (MsZoneReclamation *self,
                                     gpointer           data,
                                     gsize              size);
/* Outside any read section: frees what no reader can hold any more, never
 * blocking; what a reader may still hold waits for a later call. */
void  ms_zone_reclamation_reclaim   (MsZoneReclamation *self);
/* The bytes retired and not freed yet. */
gsize ms_zone_reclamation_get_pending_bytes (MsZoneReclamation *self);

/* Tests only: the global epoch from now on (it is even; a test sets it
 * near the wrap of a gint). */
void  _ms_zone_reclamation_set_epoch_for_testing (gint epoch);

G_END_DECLS
