/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A two-layer save killed at every step.  `mapsmith-cli zone edit` sets a
 * control flag and reshapes spawn on a copy of the real zone 0071, so it
 * saves control and plants as one transaction; MAPSMITH_SAVE_CRASH_AT=N
 * sends it SIGKILL at the Nth step of the save path.  After every kill the
 * next open must show both layers old or both new — never one of each —
 * and leave no file of ours behind.  Also: a zone save whose second layer
 * fails names both and changes neither.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "ms-save-private.h"
#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-edit.h"

static const char *layers[] = { "altitude", "blocks", "control", "plants" };

static char *
copy_zone (void)
{
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "zones", "0071", NULL);
  char *dir = ms_test_make_tmpdir ();

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.0071.bin", layers[i]);
      g_autofree char *from = g_build_filename (src, name, NULL);
      g_autofree char *data = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (from, &data, &len, NULL));
      ms_test_put_file (dir, name, data, len);
    }
  return dir;
}

static GBytes *
read_layer (const char *dir,
            const char *layer)
{
  g_autofree char *name = g_strdup_printf ("%s.0071.bin", layer);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

/* Runs the edit; returns the wait status. */
static int
run_edit (const char *dir,
          int         crash_at)
{
  g_autofree char *n = g_strdup_printf ("%d", crash_at);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "MAPSMITH_SAVE_CRASH_AT", n, TRUE);
  const char *argv[] = {
    g_getenv ("MAPSMITH_CLI"), "zone", "edit", dir, "71",
    "set AntiPlant rect 10 10 60 40", "spawn 200 rect 0 0 128 128", NULL
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  return status;
}

static guint
count_ours (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (strstr (name, "mapsmith") != NULL)
      {
        g_test_message ("left behind: %s", name);
        n++;
      }
  return n;
}

static void
test_killed_at_every_step (void)
{
  g_autofree char *reference = copy_zone ();
  GBytes *old[G_N_ELEMENTS (layers)], *edited[G_N_ELEMENTS (layers)];
  guint killed = 0, saw_old = 0, saw_new = 0, recovered = 0;
  int status;

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    old[i] = read_layer (reference, layers[i]);
  status = run_edit (reference, 0);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    edited[i] = read_layer (reference, layers[i]);
  /* The edit changes control and plants, and nothing else. */
  g_assert_true (g_bytes_equal (old[0], edited[0]) && g_bytes_equal (old[1], edited[1]));
  g_assert_false (g_bytes_equal (old[2], edited[2]));
  g_assert_false (g_bytes_equal (old[3], edited[3]));

  for (int n = 1; n <= 100; n++)
    {
      g_autofree char *dir = copy_zone ();
      g_autofree char *record = g_build_filename (dir, ".mapsmith-save.0071.intent", NULL);
      g_autoptr(MsZone) zone = NULL;
      g_autoptr(GError) error = NULL;
      gboolean had_record, is_old, is_new;

      status = run_edit (dir, n);
      if (WIFEXITED (status))
        {
          /* Past the last step: the save went through whole. */
          g_assert_cmpint (WEXITSTATUS (status), ==, 0);
          for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
            {
              g_autoptr(GBytes) now = read_layer (dir, layers[i]);
              g_assert_true (g_bytes_equal (now, edited[i]));
            }
          g_assert_cmpuint (count_ours (dir), ==, 0);
          ms_test_remove_tree (dir);
          break;
        }
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
      killed++;

      had_record = g_file_test (record, G_FILE_TEST_EXISTS);
      zone = ms_zone_new_for_dir (dir, 71, 0, 0, NULL, &error);
      g_assert_no_error (error);
      /* An open after a recorded save says what it did with it. */
      g_assert_cmpuint (ms_zone_get_open_notes (zone)->len, ==, had_record ? 1 : 0);
      recovered += had_record;
      g_clear_object (&zone);

      is_old = is_new = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
        {
          g_autoptr(GBytes) now = read_layer (dir, layers[i]);
          is_old = is_old && g_bytes_equal (now, old[i]);
          is_new = is_new && g_bytes_equal (now, edited[i]);
        }
      if (!is_old && !is_new)
        g_error ("killed at step %d: the layers are neither all old nor all new", n);
      saw_old += is_old;
      saw_new += is_new;
      g_assert_cmpuint (count_ours (dir), ==, 0);
      ms_test_remove_tree (dir);
    }

  g_test_message ("%u kills: %u left the old zone, %u the edited one, %u recovered from a record",
                  killed, saw_old, saw_new, recovered);
  /* Two temporary files written and verified, links, the record, two
   * renames, the record removed: at least ten places to die. */
  g_assert_cmpuint (killed, >=, 10);
  g_assert_cmpuint (saw_old, >, 0);
  g_assert_cmpuint (saw_new, >, 0);
  g_assert_cmpuint (recovered, >, 0);

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_bytes_unref (old[i]);
      g_bytes_unref (edited[i]);
    }
  ms_test_remove_tree (reference);
}

static void
test_second_layer_fails (void)
{
  g_autofree char *dir = copy_zone ();
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZoneRegion) rect = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) control = read_layer (dir, "control");
  g_autoptr(GBytes) plants = read_layer (dir, "plants");
  MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 0x1, 0, 0 };
  MsZoneOp spawn = { MS_ZONE_OP_SET_SPAWN, 0, 7, 0 };

  zone = ms_zone_new_for_dir (dir, 71, 0, 0, NULL, &error);
  g_assert_no_error (error);
  rect = ms_zone_region_new_rect (256, 256, 0, 0, 30, 30);
  g_assert_true (ms_zone_apply (zone, &set, rect, &error));
  g_assert_true (ms_zone_apply (zone, &spawn, rect, &error));

  _ms_save_inject_fault_for_testing (MS_SAVE_FAULT_RENAME_LAST);
  g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  _ms_save_inject_fault_for_testing (MS_SAVE_FAULT_NONE);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "control.0071.bin and plants.0071.bin are as they were"));
  g_assert_true (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) c = read_layer (dir, "control");
    g_autoptr(GBytes) p = read_layer (dir, "plants");
    g_assert_true (g_bytes_equal (c, control));
    g_assert_true (g_bytes_equal (p, plants));
  }
  g_assert_cmpuint (count_ours (dir), ==, 0);
  g_clear_error (&error);

  /* The edit is still there to save. */
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (ms_zone_is_dirty (zone));
  {
    g_autoptr(GBytes) c = read_layer (dir, "control");
    const guint8 *bytes = g_bytes_get_data (c, NULL);
    /* Tile (0, 0), row-major, 2 bytes little-endian: AntiPlant (bit 0) set. */
    g_assert_cmpuint (bytes[0] & 0x1, ==, 0x1);
  }
  ms_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-crash/killed-at-every-step", test_killed_at_every_step);
  g_test_add_func ("/zone-crash/second-layer-fails", test_second_layer_fails);
  return g_test_run ();
}
