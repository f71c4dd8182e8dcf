/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads from many threads while the main thread edits, undoes and redoes:
 * every value a reader sees must be the tile's value before or after the
 * edit, never a torn or freed one.  The two states are worked out here from
 * the raw bytes of the demo zone and the known edit, not by MsZone.  Worth
 * running in a -Db_sanitize=thread build too: a data race that happens to
 * read the right bytes passes here but not there.
 */
#include "config.h"

#include <stdlib.h>

#include "ms-demo-zone.h"
#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-edit.h"

#define SIZE      256
#define N_READERS 4
#define EDIT_X    40     /* a region across chunk edges, not whole chunks */
#define EDIT_Y    30
#define EDIT_W    150
#define EDIT_H    100
#define MASK      (MS_ZONE_CONTROL_ANTI_PLANT | MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED)
#define SPAWN     201

typedef struct
{
  MsZone   *zone;
  guint16  *control[2];   /* before, after */
  guint8   *spawn[2];
  guint8   *slope;        /* no edit changes altitude */
  gint      stop;         /* atomic */
} Shared;

typedef struct
{
  Shared  *shared;
  guint    passes;
  guint    seen_after;    /* tiles read in the edited state */
  guint    failures;
  char    *first_failure;
} Reader;

static gboolean
in_edit (guint x,
         guint y)
{
  return x >= EDIT_X && x < EDIT_X + EDIT_W && y >= EDIT_Y && y < EDIT_Y + EDIT_H;
}

/* The notes' slope, from the text, over a plain row-major array. */
static guint8
ref_slope (const guint8 *alt,
           int           x,
           int           y)
{
  int x1 = MIN (x + 1, SIZE - 1), y1 = MIN (y + 1, SIZE - 1);
#define H(xx, yy) ((alt[2 * ((yy) * SIZE + (xx))] | (alt[2 * ((yy) * SIZE + (xx)) + 1] << 8)) >> 5)
  int a = H (x, y), b = H (x1, y), c = H (x1, y1), d = H (x, y1);
#undef H
  int e = (a + b) >> 1, f = (b + c) >> 1, g = (c + d) >> 1, hh = (d + e) >> 1;
  int i = (a + b + c + d) >> 2;
  int s = 2 * (abs (i - a) + abs (i - b) + abs (i - c) + abs (i - d) +
               abs (i - e) + abs (i - f) + abs (i - g) + abs (i - hh));

  return (guint8) MIN (s, 255);
}

static guint8 *
read_layer (const char *dir,
            const char *name,
            gsize       expect)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize length = 0;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, expect);
  return (guint8 *) data;
}

static void
fail (Reader     *r,
      const char *what,
      guint       x,
      guint       y,
      guint       got)
{
  if (r->failures++ == 0)
    r->first_failure = g_strdup_printf ("%s at (%u, %u) read %u", what, x, y, got);
}

static gpointer
reader_thread (gpointer data)
{
  Reader *r = data;
  Shared *s = r->shared;

  /* At least two whole passes, the first racing the other readers to
   * fill the slope cache. */
  while (r->passes < 2 || !g_atomic_int_get (&s->stop))
    {
      for (guint y = 0; y < SIZE; y++)
        for (guint x = 0; x < SIZE; x++)
          {
            guint i = y * SIZE + x;
            guint16 control = ms_zone_get_control (s->zone, x, y);
            guint8 spawn = ms_zone_get_spawn (s->zone, x, y);
            guint8 slope = ms_zone_get_slope (s->zone, x, y);
            gboolean allowed = ms_zone_is_plant_allowed (s->zone, x, y);
            guint8 plant[MS_ZONE_PLANT_INFO_SIZE];

            if (control != s->control[0][i] && control != s->control[1][i])
              fail (r, "control", x, y, control);
            if (spawn != s->spawn[0][i] && spawn != s->spawn[1][i])
              fail (r, "spawn", x, y, spawn);
            if (slope != s->slope[i])
              fail (r, "slope", x, y, slope);
            if (allowed != ((s->control[0][i] & MS_ZONE_CONTROL_NO_PLANTS) == 0) &&
                allowed != ((s->control[1][i] & MS_ZONE_CONTROL_NO_PLANTS) == 0))
              fail (r, "plant-allowed", x, y, allowed);
            /* The whole 7-byte record, at once. */
            ms_zone_get_plant (s->zone, x, y, plant);
            if (plant[MS_ZONE_PLANT_SPAWN] != s->spawn[0][i] &&
                plant[MS_ZONE_PLANT_SPAWN] != s->spawn[1][i])
              fail (r, "plant", x, y, plant[MS_ZONE_PLANT_SPAWN]);
            if (in_edit (x, y) && control == s->control[1][i] && control != s->control[0][i])
              r->seen_after++;
          }
      r->passes++;
    }
  return NULL;
}

static void
apply (MsZone       *zone,
       MsZoneOp      op,
       MsZoneRegion *region)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);
}

static void
test_read_while_editing (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, EDIT_X, EDIT_Y,
                                                            EDIT_W, EDIT_H);
  g_autofree guint8 *control_raw = NULL;
  g_autofree guint8 *plants_raw = NULL;
  g_autofree guint8 *altitude_raw = NULL;
  MsZoneOp set_flag = { MS_ZONE_OP_SET_FLAG, MASK, 0, 0 };
  MsZoneOp set_spawn = { MS_ZONE_OP_SET_SPAWN, 0, SPAWN, 0 };
  Reader readers[N_READERS] = { { 0, }, };
  GThread *threads[N_READERS];
  guint n_edits = g_test_slow () ? 2000 : 200;
  guint changed_tiles = 0;
  Shared s = { 0, };

  g_assert_true (ms_demo_zone_write (dir, 1, SIZE, TRUE, &error));
  g_assert_no_error (error);
  control_raw = read_layer (dir, "control.0001.bin", SIZE * SIZE * 2);
  plants_raw = read_layer (dir, "plants.0001.bin", SIZE * SIZE * MS_ZONE_PLANT_INFO_SIZE);
  altitude_raw = read_layer (dir, "altitude.0001.bin", SIZE * SIZE * 2);

  for (guint k = 0; k < 2; k++)
    {
      s.control[k] = g_new (guint16, SIZE * SIZE);
      s.spawn[k] = g_new (guint8, SIZE * SIZE);
    }
  s.slope = g_new (guint8, SIZE * SIZE);
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint i = y * SIZE + x;
        guint16 control = (guint16) (control_raw[2 * i] | (control_raw[2 * i + 1] << 8));
        guint8 spawn = plants_raw[i * MS_ZONE_PLANT_INFO_SIZE + MS_ZONE_PLANT_SPAWN];

        s.control[0][i] = control;
        s.control[1][i] = in_edit (x, y) ? control | MASK : control;
        s.spawn[0][i] = spawn;
        s.spawn[1][i] = in_edit (x, y) ? SPAWN : spawn;
        s.slope[i] = ref_slope (altitude_raw, (int) x, (int) y);
        changed_tiles += s.control[0][i] != s.control[1][i];
      }
  /* Else the test would prove nothing about torn two-byte reads. */
  g_assert_cmpuint (changed_tiles, >, EDIT_W * EDIT_H / 2);

  s.zone = ms_zone_new_for_dir (dir, 1, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (s.zone), ==, SIZE);

  for (guint t = 0; t < N_READERS; t++)
    {
      readers[t].shared = &s;
      threads[t] = g_thread_new ("zone-reader", reader_thread, &readers[t]);
    }

  /* Every way a chunk is replaced: a step's first write (the old chunk goes
   * to the history), a second apply in the same step (the first copy is
   * retired), undo and redo (swapped with the history), and a new step
   * after an undo (the redo history is retired). */
  for (guint n = 0; n < n_edits; n++)
    {
      ms_zone_begin_step (s.zone);
      apply (s.zone, set_spawn, region);
      apply (s.zone, set_flag, region);
      apply (s.zone, set_spawn, region);
      ms_zone_end_step (s.zone);
      g_assert_true (ms_zone_undo (s.zone));
      g_assert_true (ms_zone_redo (s.zone));
      g_assert_true (ms_zone_undo (s.zone));
      if (n % 16 == 0)
        g_thread_yield ();
    }
  /* Leave it edited while the readers finish, and the redo history full. */
  g_assert_true (ms_zone_redo (s.zone));
  g_atomic_int_set (&s.stop, TRUE);

  for (guint t = 0; t < N_READERS; t++)
    {
      g_thread_join (threads[t]);
      g_test_message ("reader %u: %u passes, %u edited control tiles seen", t,
                      readers[t].passes, readers[t].seen_after);
      if (readers[t].failures > 0)
        g_test_fail_printf ("reader %u: %u bad values, first %s", t, readers[t].failures,
                            readers[t].first_failure);
      g_free (readers[t].first_failure);
    }

  /* And single-threaded, the end state exactly. */
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint i = y * SIZE + x;

        g_assert_cmpuint (ms_zone_get_control (s.zone, x, y), ==, s.control[1][i]);
        g_assert_cmpuint (ms_zone_get_spawn (s.zone, x, y), ==, s.spawn[1][i]);
        g_assert_cmpuint (ms_zone_get_slope (s.zone, x, y), ==, s.slope[i]);
      }
  g_assert_true (ms_zone_undo (s.zone));
  for (guint y = 0; y < SIZE; y++)
    for (guint x = 0; x < SIZE; x++)
      {
        guint i = y * SIZE + x;

        g_assert_cmpuint (ms_zone_get_control (s.zone, x, y), ==, s.control[0][i]);
        g_assert_cmpuint (ms_zone_get_spawn (s.zone, x, y), ==, s.spawn[0][i]);
      }

  g_clear_object (&s.zone);
  for (guint k = 0; k < 2; k++)
    {
      g_free (s.control[k]);
      g_free (s.spawn[k]);
    }
  g_free (s.slope);
  ms_test_remove_tree (dir);
}

static gpointer
read_one (gpointer data)
{
  return GUINT_TO_POINTER (ms_zone_get_slope (data, 70, 70) + ms_zone_get_spawn (data, 70, 70));
}

/* Replaced chunks are freed as the edits go, not kept to finalize, once
 * no reader is in them. */
static void
test_reclaim (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 0, 0, SIZE, SIZE);
  MsZoneOp add = { MS_ZONE_OP_ADD_SPAWN, 0, 1, 0 };
  const gsize chunk = 64 * 64 * MS_ZONE_PLANT_INFO_SIZE;
  const gsize n_chunks = (SIZE / 64) * (SIZE / 64);
  GThread *thread;

  g_assert_true (ms_demo_zone_write (dir, 1, SIZE, FALSE, &error));
  g_assert_no_error (error);
  zone = ms_zone_new_for_dir (dir, 1, 0, 0, NULL, &error);
  g_assert_no_error (error);

  /* Threads that have read and stopped, or gone, hold nothing back. */
  (void) ms_zone_get_spawn (zone, 70, 70);
  thread = g_thread_new ("zone-reader", read_one, zone);
  g_thread_join (thread);

  /* A long stroke: each apply but the first replaces the copies the one
   * before made, which nothing refers to; kept, they would be 500 times
   * the overlay. */
  ms_zone_begin_step (zone);
  for (guint n = 0; n < 500; n++)
    {
      apply (zone, add, region);
      g_assert_cmpuint (ms_zone_get_spawn (zone, 70, 70), >=, MIN (n + 1, 255));
      g_assert_cmpuint (ms_zone_get_edit_memory (zone), <=, 2 * n_chunks * chunk + 4096);
    }
  ms_zone_end_step (zone);

  /* Undone, then a new step: the redo history goes too. */
  g_assert_true (ms_zone_undo (zone));
  g_assert_false (ms_zone_undo (zone));
  apply (zone, add, region);
  g_assert_cmpuint (ms_zone_get_edit_memory (zone), <=, n_chunks * chunk + 4096);

  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone/threads/read-while-editing", test_read_while_editing);
  g_test_add_func ("/zone/threads/reclaim", test_reclaim);
  return g_test_run ();
}
