/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reclaiming what readers may still hold: epoch-based, one slot per reading
 * thread.  MsZone retires the chunks an edit, undo or redo replaced, and
 * the slope chunks an edit invalidated (ms-zone-private.h).
 *
 * A reader marks its slot "reading since epoch E" (E the global epoch it
 * saw) for the length of one read: one atomic store to a cache line of its
 * own thread, and one to clear it; no lock, no read-modify-write, nothing
 * other readers touch.  The editing thread retires each chunk it
 * unpublishes; to free a batch it advances the epoch and waits, without
 * blocking (it looks again at its next edit), until every slot is idle or
 * marked with the new epoch or a later one.  A reader marked with that
 * epoch read it after the advance, so after the batch was unpublished: it
 * cannot hold any of it.  The store that marks a slot is sequentially
 * consistent, so the chunk loads that follow it cannot be seen before it.
 *
 * The slots and the epoch are shared by every zone.  Slots form a list
 * that only grows (to the most threads that ever read at once): a thread
 * claims a free one on its first read and frees it when it exits.  Only
 * atomics, no mutex, so ThreadSanitizer can check all of it.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include "ms-zone-reclamation.h"

struct _MsZoneReader
{
  MsZoneReader *next;    /* fixed before the slot is in the list */
  gint          state;   /* atomic: 0 idle, else epoch | 1 */
  guint         depth;   /* nesting; its owner only */
  gint          owned;   /* atomic: a live thread has it */
  guint8        padding[64 - 3 * sizeof (gint) - sizeof (gpointer)];  /* a line each */
};

G_STATIC_ASSERT (sizeof (MsZoneReader) == 64);

static void reader_release (gpointer data);

static MsZoneReader *readers;               /* atomic head of the list */
static gint          reader_epoch = 2;      /* atomic; even, advances by 2 */
static GPrivate      reader_key = G_PRIVATE_INIT (reader_release);  /* for its destructor */
/* The thread's slot, found with a load rather than a call. */
static _Thread_local MsZoneReader *thread_reader;

static MsZoneReader *
reader_claim (void)
{
  MsZoneReader *reader;

  for (reader = g_atomic_pointer_get (&readers); reader != NULL; reader = reader->next)
    if (g_atomic_int_compare_and_exchange (&reader->owned, FALSE, TRUE))
      break;
  if (reader == NULL)
    {
      reader = g_aligned_alloc0 (1, sizeof (MsZoneReader), 64);
      reader->owned = TRUE;
      do
        reader->next = g_atomic_pointer_get (&readers);
      while (!g_atomic_pointer_compare_and_exchange (&readers, reader->next, reader));
    }
  g_private_set (&reader_key, reader);
  thread_reader = reader;
  return reader;
}

/* At thread exit, when the thread is in no section (its state is 0). */
static void
reader_release (gpointer data)
{
  MsZoneReader *reader = data;

  g_assert (reader->depth == 0);
  /* A read later in this thread's exit claims one afresh. */
  thread_reader = NULL;
  g_atomic_int_set (&reader->owned, FALSE);
}

MsZoneReader *
ms_zone_reclamation_read_begin (void)
{
  MsZoneReader *reader = thread_reader;

  if (G_UNLIKELY (reader == NULL))
    reader = reader_claim ();
  if (reader->depth++ == 0)
    g_atomic_int_set (&reader->state, g_atomic_int_get (&reader_epoch) | 1);
  return reader;
}

void
ms_zone_reclamation_read_end (MsZoneReader *reader)
{
  /* Release, not sequentially consistent: nothing after it needs ordering,
   * and it spares a full fence per read.  (GLib has no release store; this
   * is the builtin its atomics are made of.) */
  if (--reader->depth == 0)
    __atomic_store_n (&reader->state, 0, __ATOMIC_RELEASE);
}

/* Has every read section that began before @epoch ended? */
static gboolean
readers_past (gint epoch)
{
  for (MsZoneReader *reader = g_atomic_pointer_get (&readers);
       reader != NULL;
       reader = reader->next)
    {
      gint state = g_atomic_int_get (&reader->state);

      /* Compared as a difference, so the epoch may wrap. */
      if ((state & 1) && (gint) ((guint) (state & ~1) - (guint) epoch) < 0)
        return FALSE;
    }
  return TRUE;
}

void
ms_zone_reclamation_init (MsZoneReclamation *self,
                          GDestroyNotify     free_func)
{
  *self = (MsZoneReclamation) {
    .retired = g_ptr_array_new_with_free_func (free_func),
    .retiring = g_ptr_array_new_with_free_func (free_func),
  };
}

void
ms_zone_reclamation_clear (MsZoneReclamation *self)
{
  g_clear_pointer (&self->retired, g_ptr_array_unref);
  g_clear_pointer (&self->retiring, g_ptr_array_unref);
  self->retired_bytes = self->retiring_bytes = 0;
}

void
ms_zone_reclamation_retire (MsZoneReclamation *self,
                            gpointer           data,
                            gsize              size)
{
  if (data == NULL)
    return;
  g_ptr_array_add (self->retired, data);
  self->retired_bytes += size;
}

void
ms_zone_reclamation_reclaim (MsZoneReclamation *self)
{
  if (self->retiring->len > 0 && readers_past (self->retiring_epoch))
    {
      g_ptr_array_set_size (self->retiring, 0);
      self->retiring_bytes = 0;
    }
  if (self->retiring->len == 0 && self->retired->len > 0)
    {
      GPtrArray *batch = self->retired;

      self->retired = self->retiring;
      self->retiring = batch;
      self->retiring_bytes = self->retired_bytes;
      self->retired_bytes = 0;
      /* Added as unsigned: the epoch wraps, and a signed overflow is
       * undefined. */
      self->retiring_epoch = (gint) ((guint) g_atomic_int_add (&reader_epoch, 2) + 2);
      /* Usually no reader is mid-tile, and it all goes now. */
      if (readers_past (self->retiring_epoch))
        {
          g_ptr_array_set_size (self->retiring, 0);
          self->retiring_bytes = 0;
        }
    }
}

gsize
ms_zone_reclamation_get_pending_bytes (MsZoneReclamation *self)
{
  return self->retired_bytes + self->retiring_bytes;
}

void
_ms_zone_reclamation_set_epoch_for_testing (gint epoch)
{
  g_return_if_fail (epoch % 2 == 0);
  g_atomic_int_set (&reader_epoch, epoch);
}
