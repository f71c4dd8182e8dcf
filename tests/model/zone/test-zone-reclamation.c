/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reclamation scheme on its own (ms-zone-reclamation.h): what is
 * retired is freed only once no read section that could have loaded it is
 * open, and then at the next reclaim.  Readers are threads of this test
 * that open and close sections on command, so each case knows which
 * sections are open when it reclaims; the free function the test hands
 * the scheme records what was freed.  Worth running in a
 * -Db_sanitize=address,undefined build (a use after free) and a
 * -Db_sanitize=thread one.
 */
#include "config.h"

#include "ms-zone-reclamation.h"


/* ---------------------------------------------------------- tracking --- */

/* Objects the scripted cases retire: object n has size 1 << n, so the bytes
 * pending are the mask of those retired and not freed. */
typedef struct
{
  guint id;
} Tracked;

static guint64 freed;     /* the freed objects' bits */

/* The scheme frees on the thread that reclaims: the test's main thread. */
static void
tracked_free (gpointer data)
{
  Tracked *t = data;

  g_assert_false (freed & (G_GUINT64_CONSTANT (1) << t->id));
  freed |= G_GUINT64_CONSTANT (1) << t->id;
  g_free (t);
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

/* ----------------------------------------------------------- scripts --- */

/* A case as a script of steps, run in order on the writer's thread (the
 * test's main thread), with three held readers a, b and c:
 *
 *   a+ a-   reader a opens / closes a read section (they nest)
 *   r3      retire object 3 (1 << 3 bytes)
 *   n       retire NULL (a chunk that was the mapping): nothing to free
 *   R       reclaim
 *   C       clear (only when no reader can hold anything)
 *   f5      the freed objects are exactly {0, 2} (a hex mask)
 *   W       set the epoch to G_MAXINT - 1, so the next advance wraps
 *
 * After every step the bytes pending must be those of the objects retired
 * and not freed, and at the end each reader must have closed its sections. */
typedef struct
{
  const char *path;
  const char *script;
} Script;

static const Script scripts[] = {
  /* With no section open, a reclaim frees all that is retired. */
  { "/zone-reclamation/no-reader", "r0 r1 r2 r3 r4 n f0 R f1f R f1f C f1f" },
  /* A section open when an object was retired holds it, however often the
   * writer reclaims; the reclaim after it closes frees it (not the close). */
  { "/zone-reclamation/reader-holds", "a+ r0 R f0 R f0 R f0 a- f0 R f1 C" },
  /* Nested sections: the slot is released with the outermost end. */
  { "/zone-reclamation/nested", "a+ a+ r0 R a- R f0 a- R f1 C" },
  /* Only sections that could have loaded an object hold it: not one opened
   * after the reclaim that took it in (b), nor a thread between sections
   * (c); b holds what is retired after it opened. */
  { "/zone-reclamation/later-reader", "c+ c- a+ r0 R b+ a- R f1 r1 R f1 b- R f3 C" },
  /* What is retired while a batch waits joins the next batch; once the
   * reader is gone one reclaim frees both. */
  { "/zone-reclamation/batches", "a+ r0 R r1 r2 R f0 a- R f7 C" },
  /* Clear frees what still waits, in both batches (an owner's finalize). */
  { "/zone-reclamation/clear", "a+ r0 R r1 a- f0 C f3" },
  /* The epoch is a gint that advances by 2: across its wrap a section from
   * before an advance still holds, and one from after it still does not. */
  { "/zone-reclamation/epoch-wrap", "W a+ r0 R f0 b+ R f0 a- R f1 r1 R f1 b- R f3 C" },
};

static void
test_script (gconstpointer data)
{
  const Script *script = data;
  g_auto(GStrv) steps = g_strsplit (script->script, " ", -1);
  MsZoneReclamation r;
  Held *held[3];
  guint64 retired = 0;

  freed = 0;
  ms_zone_reclamation_init (&r, tracked_free);
  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    held[i] = held_new ();

  for (guint i = 0; steps[i] != NULL; i++)
    {
      const char *step = steps[i];

      g_test_message ("step %u: %s", i, step);
      if (step[0] >= 'a' && step[0] <= 'c')
        held_do (held[step[0] - 'a'], step[1] == '+' ? COMMAND_BEGIN : COMMAND_END);
      else if (step[0] == 'r')
        {
          Tracked *t = g_new0 (Tracked, 1);

          t->id = (guint) g_ascii_strtoull (step + 1, NULL, 10);
          g_assert_cmpuint (t->id, <, 64);
          retired |= G_GUINT64_CONSTANT (1) << t->id;
          ms_zone_reclamation_retire (&r, t, (gsize) 1 << t->id);
        }
      else if (step[0] == 'n')
        ms_zone_reclamation_retire (&r, NULL, 1000);
      else if (step[0] == 'R')
        ms_zone_reclamation_reclaim (&r);
      else if (step[0] == 'C')
        ms_zone_reclamation_clear (&r);
      else if (step[0] == 'f')
        g_assert_cmphex (freed, ==, g_ascii_strtoull (step + 1, NULL, 16));
      else if (step[0] == 'W')
        _ms_zone_reclamation_set_epoch_for_testing (G_MAXINT - 1);
      else
        g_assert_not_reached ();

      g_assert_cmphex (freed & ~retired, ==, 0);
      g_assert_cmpuint (ms_zone_reclamation_get_pending_bytes (&r), ==, retired & ~freed);
    }

  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    held_free (held[i]);
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
  for (guint i = 0; i < G_N_ELEMENTS (scripts); i++)
    g_test_add_data_func (scripts[i].path, &scripts[i], test_script);
  g_test_add_func ("/zone-reclamation/stress", test_stress);
  return g_test_run ();
}
