/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reclamation scheme on its own (ms-zone-reclamation.h): what is
 * retired is freed only once no read section that could have loaded it is
 * open, and then at the next reclaim.  Readers are threads of this test
 * that open and close sections on command, so each case knows which
 * sections are open when it reclaims; the frees are counted by the free
 * function the test hands the scheme.  Worth running in a
 * -Db_sanitize=address,undefined build (a use after free) and a
 * -Db_sanitize=thread one.
 */
#include "config.h"

#include "ms-zone-reclamation.h"

/* ---------------------------------------------------------- tracking --- */

/* Objects the deterministic cases retire, each with a bit in `freed`. */
typedef struct
{
  guint id;
} Tracked;

static guint   n_frees;
static guint64 freed;

static Tracked *
tracked_new (guint id)
{
  Tracked *t = g_new0 (Tracked, 1);

  g_assert_cmpuint (id, <, 64);
  t->id = id;
  return t;
}

/* The scheme frees on the thread that reclaims: the test's main thread. */
static void
tracked_free (gpointer data)
{
  Tracked *t = data;

  g_assert_false (freed & (G_GUINT64_CONSTANT (1) << t->id));
  freed |= G_GUINT64_CONSTANT (1) << t->id;
  n_frees++;
  g_free (t);
}

static void
tracking_reset (MsZoneReclamation *r)
{
  n_frees = 0;
  freed = 0;
  ms_zone_reclamation_init (r, tracked_free);
}

static gboolean
is_freed (guint id)
{
  return (freed & (G_GUINT64_CONSTANT (1) << id)) != 0;
}

/* ------------------------------------------------------ held readers --- */

/* A thread that opens and closes read sections when told to, so a case
 * knows exactly which sections are open. */
typedef enum
{
  COMMAND_NONE,
  COMMAND_BEGIN,
  COMMAND_END,
  COMMAND_QUIT,
} Command;

typedef struct
{
  GThread      *thread;
  GMutex        lock;
  GCond         cond;
  Command       command;    /* under lock: to do, COMMAND_NONE once done */
  MsZoneReader *slot;       /* its slot, set at its first begin */
  guint         depth;      /* its own count of open sections */
} Held;

static gpointer
held_run (gpointer data)
{
  Held *h = data;

  g_mutex_lock (&h->lock);
  for (;;)
    {
      Command command;

      while (h->command == COMMAND_NONE)
        g_cond_wait (&h->cond, &h->lock);
      command = h->command;
      if (command == COMMAND_BEGIN)
        {
          MsZoneReader *slot = ms_zone_reclamation_read_begin ();

          g_assert_true (h->slot == NULL || h->slot == slot);
          h->slot = slot;
          h->depth++;
        }
      else if (command == COMMAND_END)
        {
          g_assert_cmpuint (h->depth, >, 0);
          ms_zone_reclamation_read_end (h->slot);
          h->depth--;
        }
      h->command = COMMAND_NONE;
      g_cond_broadcast (&h->cond);
      if (command == COMMAND_QUIT)
        break;
    }
  g_mutex_unlock (&h->lock);
  return NULL;
}

static Held *
held_new (void)
{
  Held *h = g_new0 (Held, 1);

  g_mutex_init (&h->lock);
  g_cond_init (&h->cond);
  h->thread = g_thread_new ("held-reader", held_run, h);
  return h;
}

/* Returns once the thread has done it. */
static void
held_do (Held    *h,
         Command  command)
{
  g_mutex_lock (&h->lock);
  h->command = command;
  g_cond_broadcast (&h->cond);
  while (h->command != COMMAND_NONE)
    g_cond_wait (&h->cond, &h->lock);
  g_mutex_unlock (&h->lock);
}

static void
held_free (Held *h)
{
  g_assert_cmpuint (h->depth, ==, 0);
  held_do (h, COMMAND_QUIT);
  g_thread_join (h->thread);
  g_mutex_clear (&h->lock);
  g_cond_clear (&h->cond);
  g_free (h);
}

/* ------------------------------------------------------------- slots --- */

static gpointer
read_once (gpointer data)
{
  MsZoneReader *slot = ms_zone_reclamation_read_begin ();

  ms_zone_reclamation_read_end (slot);
  return slot;
}

/* A thread's slot is its own while it lives and is taken again after it
 * exits, so the slots grow with the threads that read at once, not with
 * every thread that ever read. */
static void
test_slots (void)
{
  MsZoneReader *first = NULL;
  Held *held[3];

  for (guint i = 0; i < 8; i++)
    {
      GThread *thread = g_thread_new ("read-once", read_once, NULL);
      MsZoneReader *slot = g_thread_join (thread);

      if (i == 0)
        first = slot;
      else
        g_assert_true (slot == first);
    }

  /* At once, each its own; nested sections keep the one slot (held_run). */
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    {
      held[i] = held_new ();
      held_do (held[i], COMMAND_BEGIN);
      held_do (held[i], COMMAND_BEGIN);
    }
  g_assert_true (held[0]->slot != held[1]->slot);
  g_assert_true (held[0]->slot != held[2]->slot);
  g_assert_true (held[1]->slot != held[2]->slot);
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    {
      held_do (held[i], COMMAND_END);
      held_do (held[i], COMMAND_END);
      held_free (held[i]);
    }
}

/* ----------------------------------------------------------- reclaim --- */

/* With no section open, a reclaim frees all, and the pending bytes are
 * those retired and not freed. */
static void
test_no_reader (void)
{
  MsZoneReclamation r;

  tracking_reset (&r);
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 0);
  for (guint i = 0; i < 5; i++)
    ms_zone_reclamation_retire (&r, tracked_new (i), 100 + i);
  /* NULL (a chunk that was the mapping) is nothing to free. */
  ms_zone_reclamation_retire (&r, NULL, 1000);
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 100 + 101 + 102 + 103 + 104);
  g_assert_cmpuint (n_frees, ==, 0);

  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 5);
  g_assert_cmpuint (freed, ==, 0x1f);
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 0);

  /* Nothing retired: nothing happens. */
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 5);
  ms_zone_reclamation_clear (&r);
  g_assert_cmpuint (n_frees, ==, 5);
}

/* A section open when an object was retired holds it, however often the
 * writer reclaims, until it closes. */
static void
test_reader_holds (void)
{
  MsZoneReclamation r;
  Held *reader = held_new ();

  tracking_reset (&r);
  held_do (reader, COMMAND_BEGIN);
  ms_zone_reclamation_retire (&r, tracked_new (0), 64);
  for (guint i = 0; i < 3; i++)
    {
      ms_zone_reclamation_reclaim (&r);
      g_assert_cmpuint (n_frees, ==, 0);
      g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 64);
    }

  held_do (reader, COMMAND_END);
  g_assert_cmpuint (n_frees, ==, 0);    /* freed by a reclaim, not by the reader */
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 1);
  g_assert_true (is_freed (0));
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 0);

  ms_zone_reclamation_clear (&r);
  held_free (reader);
}

/* Nested sections: the slot is released with the outermost end. */
static void
test_nested (void)
{
  MsZoneReclamation r;
  Held *reader = held_new ();

  tracking_reset (&r);
  held_do (reader, COMMAND_BEGIN);
  held_do (reader, COMMAND_BEGIN);
  ms_zone_reclamation_retire (&r, tracked_new (0), 8);
  ms_zone_reclamation_reclaim (&r);
  held_do (reader, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 0);
  held_do (reader, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 1);

  ms_zone_reclamation_clear (&r);
  held_free (reader);
}

/* Only the sections that could have loaded an object hold it: one that
 * opened after the reclaim that took it in, or a thread between sections,
 * does not. */
static void
test_later_reader (void)
{
  MsZoneReclamation r;
  Held *early = held_new ();
  Held *late = held_new ();
  Held *idle = held_new ();

  tracking_reset (&r);
  held_do (idle, COMMAND_BEGIN);
  held_do (idle, COMMAND_END);

  held_do (early, COMMAND_BEGIN);
  ms_zone_reclamation_retire (&r, tracked_new (0), 10);
  ms_zone_reclamation_reclaim (&r);     /* 0 waits for early */
  held_do (late, COMMAND_BEGIN);
  held_do (early, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 1);
  g_assert_true (is_freed (0));

  /* Retired while late is open: late holds this one. */
  ms_zone_reclamation_retire (&r, tracked_new (1), 20);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 1);
  held_do (late, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 2);
  g_assert_true (is_freed (1));

  ms_zone_reclamation_clear (&r);
  held_free (early);
  held_free (late);
  held_free (idle);
}

/* What is retired while a batch waits joins the next batch; once the
 * reader is gone one reclaim frees both. */
static void
test_batches (void)
{
  MsZoneReclamation r;
  Held *reader = held_new ();

  tracking_reset (&r);
  held_do (reader, COMMAND_BEGIN);
  ms_zone_reclamation_retire (&r, tracked_new (0), 1);
  ms_zone_reclamation_reclaim (&r);
  ms_zone_reclamation_retire (&r, tracked_new (1), 2);
  ms_zone_reclamation_retire (&r, tracked_new (2), 4);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 0);
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 7);

  held_do (reader, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 3);
  g_assert_cmpuint (freed, ==, 0x7);
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 0);

  ms_zone_reclamation_clear (&r);
  held_free (reader);
}

/* Clear frees what is still waiting, in both batches (an owner's
 * finalize, when no reader is left). */
static void
test_clear (void)
{
  MsZoneReclamation r;
  Held *reader = held_new ();

  tracking_reset (&r);
  held_do (reader, COMMAND_BEGIN);
  ms_zone_reclamation_retire (&r, tracked_new (0), 1);
  ms_zone_reclamation_reclaim (&r);
  ms_zone_reclamation_retire (&r, tracked_new (1), 1);
  held_do (reader, COMMAND_END);
  g_assert_cmpuint (n_frees, ==, 0);

  ms_zone_reclamation_clear (&r);
  g_assert_cmpuint (n_frees, ==, 2);
  g_assert_cmpuint (freed, ==, 0x3);
  held_free (reader);
}

/* The epoch is a gint that advances by 2 and wraps: across the wrap a
 * section from before an advance still holds, and one from after it still
 * does not. */
static void
test_epoch_wrap (void)
{
  MsZoneReclamation r;
  Held *early = held_new ();
  Held *late = held_new ();

  tracking_reset (&r);
  _ms_zone_reclamation_set_epoch_for_testing (G_MAXINT - 1);
  held_do (early, COMMAND_BEGIN);
  ms_zone_reclamation_retire (&r, tracked_new (0), 1);
  ms_zone_reclamation_reclaim (&r);     /* the epoch wraps to G_MININT */
  g_assert_cmpuint (n_frees, ==, 0);
  held_do (late, COMMAND_BEGIN);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 0);
  held_do (early, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 1);

  /* late opened at G_MININT: it holds what is retired after. */
  ms_zone_reclamation_retire (&r, tracked_new (1), 1);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 1);
  held_do (late, COMMAND_END);
  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (n_frees, ==, 2);

  ms_zone_reclamation_clear (&r);
  held_free (early);
  held_free (late);
}

/* ------------------------------------------------------------ stress --- */

#define N_READERS 4
#define N_SWAPS   100000
#define N_WORDS   14
#define LIVE      0x4c495645u
#define DEAD      0x44454144u

/* A published object: a reader checks every word against its serial. */
typedef struct
{
  guint magic;
  guint serial;
  guint words[N_WORDS];
} Payload;

typedef struct
{
  Payload *published;   /* atomic */
  gint     stop;        /* atomic */
  guint    n_freed;     /* the writer's thread only */
} Stress;

typedef struct
{
  Stress *stress;
  gint    reads;        /* atomic */
  guint   bad;
} StressReader;

static Payload *
payload_new (guint serial)
{
  Payload *p = g_new (Payload, 1);

  p->magic = LIVE;
  p->serial = serial;
  for (guint i = 0; i < N_WORDS; i++)
    p->words[i] = serial * 31 + i;
  return p;
}

static Stress *stress_for_free;

/* Poisoned before it goes: a reader that still held it would see it. */
static void
payload_free (gpointer data)
{
  Payload *p = data;

  p->magic = DEAD;
  for (guint i = 0; i < N_WORDS; i++)
    p->words[i] = 0;
  stress_for_free->n_freed++;
  g_free (p);
}

static gpointer
stress_read (gpointer data)
{
  StressReader *reader = data;
  Stress *stress = reader->stress;

  while (!g_atomic_int_get (&stress->stop))
    {
      MsZoneReader *slot = ms_zone_reclamation_read_begin ();
      const Payload *p = g_atomic_pointer_get (&stress->published);

      if (p->magic != LIVE)
        reader->bad++;
      for (guint i = 0; i < N_WORDS; i++)
        if (p->words[i] != p->serial * 31 + i)
          reader->bad++;
      ms_zone_reclamation_read_end (slot);
      g_atomic_int_inc (&reader->reads);
    }
  return NULL;
}

/* Many readers, one writer that replaces the object they read, retires the
 * old one and reclaims, all the time.  No reader sees a freed object; at
 * the end every retired object has been freed once. */
static void
test_stress (void)
{
  Stress stress = { payload_new (0), 0, 0 };
  StressReader readers[N_READERS];
  GThread *threads[N_READERS];
  MsZoneReclamation r;

  stress_for_free = &stress;
  ms_zone_reclamation_init (&r, payload_free);
  for (guint i = 0; i < N_READERS; i++)
    {
      readers[i] = (StressReader) { &stress, 0, 0 };
      threads[i] = g_thread_new ("stress-reader", stress_read, &readers[i]);
    }
  /* Every reader is reading before the writer starts. */
  for (guint i = 0; i < N_READERS; i++)
    while (g_atomic_int_get (&readers[i].reads) == 0)
      g_thread_yield ();

  for (guint serial = 1; serial <= N_SWAPS; serial++)
    {
      Payload *old = g_atomic_pointer_exchange (&stress.published, payload_new (serial));

      ms_zone_reclamation_retire (&r, old, sizeof (Payload));
      ms_zone_reclamation_reclaim (&r);
      g_assert_cmpuint (stress.n_freed * sizeof (Payload) +
                        ms_zone_reclamation_get_pending_bytes (&r), ==, serial * sizeof (Payload));
    }
  g_atomic_int_set (&stress.stop, TRUE);
  for (guint i = 0; i < N_READERS; i++)
    {
      g_thread_join (threads[i]);
      g_assert_cmpuint (readers[i].bad, ==, 0);
    }

  ms_zone_reclamation_reclaim (&r);
  g_assert_cmpuint (stress.n_freed, ==, N_SWAPS);
  g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, 0);
  ms_zone_reclamation_clear (&r);
  payload_free (stress.published);
  stress_for_free = NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-reclamation/slots", test_slots);
  g_test_add_func ("/zone-reclamation/no-reader", test_no_reader);
  g_test_add_func ("/zone-reclamation/reader-holds", test_reader_holds);
  g_test_add_func ("/zone-reclamation/nested", test_nested);
  g_test_add_func ("/zone-reclamation/later-reader", test_later_reader);
  g_test_add_func ("/zone-reclamation/batches", test_batches);
  g_test_add_func ("/zone-reclamation/clear", test_clear);
  g_test_add_func ("/zone-reclamation/epoch-wrap", test_epoch_wrap);
  g_test_add_func ("/zone-reclamation/stress", test_stress);
  return g_test_run ();
}
