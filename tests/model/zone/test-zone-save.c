/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-save-private.h"
#include "ms-test-util.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"

#define W 100
#define H 80
#define N (W * H)

static GBytes *
read_file (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *data;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

static void
assert_file (const char *dir, const char *name, const guint8 *expect, gsize len)
{
  g_autoptr(GBytes) b = read_file (dir, name);
  g_assert_cmpmem (g_bytes_get_data (b, NULL), g_bytes_get_size (b), expect, len);
}

static guint
count_temp_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    n += strstr (name, ".mapsmith-") != NULL;
  return n;
}

static guint8 *
random_bytes (gsize n)
{
  guint8 *p = g_malloc (n);
  for (gsize i = 0; i < n; i++)
    p[i] = (guint8) g_test_rand_int_range (0, 256);
  return p;
}

static void
apply_spawn (MsZone *zone, gint value, gint64 x, gint64 y, gint64 w, gint64 h)
{
  g_autoptr(MsZoneRegion) r = ms_zone_region_new_rect (W, H, x, y, w, h);
  MsZoneOp op = { MS_ZONE_OP_SET_SPAWN, 0, value, 0 };
  g_assert_true (ms_zone_apply (zone, &op, r, NULL));
}

static void
apply_flag (MsZone *zone, guint16 mask, gint64 x, gint64 y, gint64 w, gint64 h)
{
  g_autoptr(MsZoneRegion) r = ms_zone_region_new_rect (W, H, x, y, w, h);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, mask, 0, 0 };
  g_assert_true (ms_zone_apply (zone, &op, r, NULL));
}

static void
test_round_trip (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = random_bytes (N * 7);
  g_autofree guint8 *control = random_bytes (N * 2);
  g_autofree guint8 *expect = g_memdup2 (plants, N * 7);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZone) again = NULL;
  g_autofree char *control_path = g_build_filename (dir, "control.0012.bin", NULL);
  MsFileStamp before, after;

  ms_test_put_file (dir, "plants.0012.bin", plants, N * 7);
  ms_test_put_file (dir, "control.0012.bin", control, N * 2);
  g_assert_true (ms_file_stamp_read (&before, control_path, NULL));
  zone = ms_zone_new_for_dir (dir, 12, W, H, NULL, &error);
  g_assert_no_error (error);

  apply_spawn (zone, 77, 90, 70, 50, 50);
  for (int y = 70; y < H; y++)
    for (int x = 90; x < W; x++)
      expect[7 * (y * W + x) + 3] = 77;
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_file (dir, "plants.0012.bin", expect, N * 7);
  /* An untouched layer is not rewritten. */
  g_assert_true (ms_file_stamp_read (&after, control_path, NULL));
  g_assert_true (ms_file_stamp_equal (&before, &after));
  g_assert_cmpuint (count_temp_files (dir), ==, 0);
  g_assert_false (ms_zone_is_dirty (zone));

  /* Undo after a save, save again: back to the original bytes. */
  g_assert_true (ms_zone_undo (zone));
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  assert_file (dir, "plants.0012.bin", plants, N * 7);

  again = ms_zone_new_for_dir (dir, 12, W, H, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_spawn (again, 95, 75), ==, plants[7 * (75 * W + 95) + 3]);
  ms_test_remove_tree (dir);
}

/* Modified means "not where the files are": undoing back to the opened or
 * saved state is clean; a new edit after undoing past the save loses it. */
static void
test_modified_follows_history (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = random_bytes (N * 7);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  ms_test_put_file (dir, "plants.0014.bin", plants, N * 7);
  zone = ms_zone_new_for_dir (dir, 14, W, H, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (ms_zone_is_dirty (zone));

  apply_spawn (zone, 1, 0, 0, 10, 10);
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_true (ms_zone_undo (zone));
  g_assert_false (ms_zone_is_dirty (zone));        /* back at the opened state */
  g_assert_true (ms_zone_redo (zone));
  g_assert_true (ms_zone_is_dirty (zone));

  apply_spawn (zone, 2, 0, 0, 10, 10);             /* steps: 1, 2 */
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_true (ms_zone_undo (zone));             /* the file has step 2 */
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_true (ms_zone_redo (zone));
  g_assert_false (ms_zone_is_dirty (zone));

  /* Undo past the save and edit: the saved state is gone from the history. */
  g_assert_true (ms_zone_undo (zone));
  apply_spawn (zone, 3, 0, 0, 10, 10);             /* steps: 1, 3 */
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_true (ms_zone_undo (zone));
  g_assert_true (ms_zone_is_dirty (zone));
  g_assert_true (ms_zone_undo (zone));
  g_assert_true (ms_zone_is_dirty (zone));         /* the file still has step 2 */
  ms_test_remove_tree (dir);
}

static void
test_faults (void)
{
  const MsSaveFault faults[] = { MS_SAVE_FAULT_WRITE, MS_SAVE_FAULT_FSYNC,
                                 MS_SAVE_FAULT_VERIFY, MS_SAVE_FAULT_RENAME };
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = random_bytes (N * 7);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  ms_test_put_file (dir, "plants.0013.bin", plants, N * 7);
  zone = ms_zone_new_for_dir (dir, 13, W, H, NULL, &error);
  g_assert_no_error (error);
  apply_spawn (zone, 1, 0, 0, W, H);

  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    {
      _ms_save_inject_fault_for_testing (faults[i]);
      g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
      _ms_save_inject_fault_for_testing (MS_SAVE_FAULT_NONE);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "plants.0013.bin"));
      g_clear_error (&error);
      assert_file (dir, "plants.0013.bin", plants, N * 7);
      g_assert_cmpuint (count_temp_files (dir), ==, 0);
      g_assert_true (ms_zone_is_dirty (zone));
    }

  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  for (int i = 0; i < N; i++)
    plants[7 * i + 3] = 1;
  assert_file (dir, "plants.0013.bin", plants, N * 7);
  ms_test_remove_tree (dir);
}

static void
test_changed_on_disk (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *plants = random_bytes (N * 7);
  g_autofree guint8 *theirs = random_bytes (N * 7);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  ms_test_put_file (dir, "plants.0014.bin", plants, N * 7);
  zone = ms_zone_new_for_dir (dir, 14, W, H, NULL, &error);
  g_assert_no_error (error);
  apply_spawn (zone, 5, 0, 0, 10, 10);

  /* The game server saves the layer meanwhile. */
  ms_test_put_file (dir, "plants.0014.bin", theirs, N * 7);
  g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  assert_file (dir, "plants.0014.bin", theirs, N * 7);
  g_assert_cmpuint (count_temp_files (dir), ==, 0);

  /* Forced: our edit over the bytes we opened. */
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_FORCE, NULL, NULL, &error));
  g_assert_no_error (error);
  for (int y = 0; y < 10; y++)
    for (int x = 0; x < 10; x++)
      plants[7 * (y * W + x) + 3] = 5;
  assert_file (dir, "plants.0014.bin", plants, N * 7);
  ms_test_remove_tree (dir);
}

static void
test_control_one_byte (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *control = random_bytes (N);
  g_autofree guint8 *expect = g_memdup2 (control, N);
  g_autofree guint8 *wide = g_malloc0 (N * 2);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  ms_test_put_file (dir, "control.0015.bin", control, N);
  zone = ms_zone_new_for_dir (dir, 15, W, H, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL), ==, 1);

  /* Bits 0..7 keep the 1-byte form. */
  apply_flag (zone, 64, 5, 5, 20, 20);
  for (int y = 5; y < 25; y++)
    for (int x = 5; x < 25; x++)
      expect[y * W + x] |= 64;
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, warnings, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 0);
  assert_file (dir, "control.0015.bin", expect, N);

  /* NpcRestricted (1024) needs the 2-byte form, with a warning. */
  apply_flag (zone, 1024, 0, 79, 3, 1);
  for (int i = 0; i < N; i++)
    wide[2 * i] = expect[i];
  for (int x = 0; x < 3; x++)
    wide[2 * (79 * W + x) + 1] = 1024 >> 8;
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, warnings, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "2-byte"));
  assert_file (dir, "control.0015.bin", wide, N * 2);
  g_assert_cmpuint (ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL), ==, 2);
  g_assert_cmpuint (count_temp_files (dir), ==, 0);
  ms_test_remove_tree (dir);
}


/* A layer file truncated in place under its mapping (issue #13): reads of
 * the lost rows see zeros, and neither a save, forced or not, nor a
 * journal may write them; a refused save leaves the truncated file and no
 * temporary file. */
static void
test_lost_pages (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "plants.0015.bin", NULL);
  g_autofree char *journal = g_build_filename (dir, "journal", NULL);
  g_autofree guint8 *plants = random_bytes (N * 7);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  guint8 tile[7];
  GStatBuf st;
  int fd;

  /* A tile with a non-zero byte in a row past the first page. */
  plants[7 * (70 * W + 50)] = 0x5a;
  ms_test_put_file (dir, "plants.0015.bin", plants, N * 7);
  zone = ms_zone_new_for_dir (dir, 15, W, H, NULL, &error);
  g_assert_no_error (error);
  apply_spawn (zone, 5, 0, 0, 10, 10);
  g_assert_true (ms_zone_check_layer (zone, MS_ZONE_LAYER_PLANTS, NULL));

  fd = g_open (path, O_WRONLY, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 1000), ==, 0);
  close (fd);

  ms_zone_read_tile (zone, MS_ZONE_LAYER_PLANTS, 50, 70, tile);
  g_assert_cmpuint (tile[0], ==, 0);
  g_assert_false (ms_zone_check_layer (zone, MS_ZONE_LAYER_PLANTS, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "plants.0015.bin"));
  g_clear_error (&error);
  g_assert_true (ms_zone_check_layer (zone, MS_ZONE_LAYER_CONTROL, NULL));

  g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_false (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_FORCE, NULL, NULL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 1000);
  g_assert_cmpuint (count_temp_files (dir), ==, 0);
  g_assert_true (ms_zone_is_dirty (zone));

  g_assert_false (ms_zone_journal_write (zone, journal, NULL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone/save/round-trip", test_round_trip);
  g_test_add_func ("/zone/save/faults", test_faults);
  g_test_add_func ("/zone/save/modified-follows-history", test_modified_follows_history);
  g_test_add_func ("/zone/save/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/zone/save/control-one-byte", test_control_one_byte);
  g_test_add_func ("/zone/save/lost-pages", test_lost_pages);
  return g_test_run ();
}
