/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The painter's "smooth spawn" as a model function, on a copy of the real
 * zone 71 (256², tests/data).  Expected values worked by hand from the
 * plants file's spawn bytes (offset 7 * (y * 256 + x) + 3): zone 71 holds
 * 131 or 0 there.  Row y = 35 is 131 up to x = 223 and 0 from x = 224 on;
 * rows 33 and 34 are 131 from x = 222 to 226.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "ms-zone-edit.h"
#include "ms-zone-smooth.h"

static const char *const layers[] = { "altitude", "blocks", "control", "plants" };

static char *
copy_zone (void)
{
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "zones", "0071", NULL);
  char *dir = g_dir_make_tmp ("ms-zone-smooth-XXXXXX", NULL);

  g_assert_nonnull (dir);
  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s.0071.bin", layers[i]);
      g_autofree char *from = g_build_filename (src, name, NULL);
      g_autofree char *to = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, (gssize) length, NULL));
    }
  return dir;
}

static void
remove_zone (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Tiles (223..225, 34): their neighbourhoods hold one, two and three 0s
 * (row 35 at x = 224, 225, 226), so the means are
 *   (8 * 131 + 4) / 9 = 116, (7 * 131 + 4) / 9 = 102, (6 * 131 + 4) / 9 = 87
 * (rounded half up).  Read one by one after writing, 224 would see 116 at
 * 223 and get (6 * 131 + 116 + 4) / 9 = 100: all are read first.  Corner
 * (0, 0) has four neighbours, all 131: 131, not 4 * 131 / 9. */
static void
test_smooth (void)
{
  g_autofree char *dir = copy_zone ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = ms_zone_new_for_dir (dir, 71, 0, 0, NULL, &error);
  const MsZoneSpan spans[] = { { 0, 0, 1 }, { 34, 223, 226 } };

  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 223, 34), ==, 131);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 224, 35), ==, 0);

  ms_zone_begin_step (zone);
  g_assert_true (ms_zone_smooth_spawn (zone, spans, G_N_ELEMENTS (spans), &error));
  ms_zone_end_step (zone);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 0, 0), ==, 131);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 223, 34), ==, 116);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 224, 34), ==, 102);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 225, 34), ==, 87);
  /* Outside the spans nothing moved. */
  g_assert_cmpuint (ms_zone_get_spawn (zone, 226, 34), ==, 131);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 223, 33), ==, 131);

  /* One step: one undo puts every tile back. */
  g_assert_true (ms_zone_undo (zone));
  g_assert_cmpuint (ms_zone_get_spawn (zone, 223, 34), ==, 131);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 225, 34), ==, 131);
  g_assert_false (ms_zone_can_undo (zone));

  g_clear_object (&zone);
  remove_zone (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-smooth/spawn", test_smooth);
  return g_test_run ();
}
