/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-directory.h"

static void
put_sized (const char *dir, const char *name, gsize length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  /* Sparse: a 2048² layer costs no disk. */
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) length), ==, 0);
  close (fd);
}

static void
test_parse (void)
{
  MsZoneLayer layer = MS_ZONE_N_LAYERS;
  guint id = 0;

  g_assert_true (ms_zone_parse_layer_filename ("plants.0042.bin", &layer, &id));
  g_assert_cmpint (layer, ==, MS_ZONE_LAYER_PLANTS);
  g_assert_cmpuint (id, ==, 42);
  g_assert_true (ms_zone_parse_layer_filename ("altitude_blend.0000.bin", &layer, &id));
  g_assert_cmpint (layer, ==, MS_ZONE_LAYER_ALTITUDE_BLEND);
  g_assert_cmpuint (id, ==, 0);
  /* {id:0000} pads to four digits, and no further. */
  g_assert_true (ms_zone_parse_layer_filename ("control.12345.bin", &layer, &id));
  g_assert_cmpuint (id, ==, 12345);
  g_assert_false (ms_zone_parse_layer_filename ("plants.42.bin", NULL, NULL));
  g_assert_false (ms_zone_parse_layer_filename ("plants.00042.bin", NULL, NULL));
  g_assert_false (ms_zone_parse_layer_filename ("plants.0042.tmp638000000.bin", NULL, NULL));
  g_assert_false (ms_zone_parse_layer_filename ("plants.0042.bin.bak", NULL, NULL));
  g_assert_false (ms_zone_parse_layer_filename ("trees.0042.bin", NULL, NULL));
  g_assert_false (ms_zone_parse_layer_filename ("plants.-042.bin", NULL, NULL));
  g_assert_false (ms_zone_parse_layer_filename ("plants.+042.bin", NULL, NULL));
}

/* 2048² default (a legacy 1-byte control), 100² agreed, a terraformable
 * 64², a zone whose files disagree, and names that are not layers. */
static char *
make_folder (void)
{
  char *dir = ms_test_make_tmpdir ();

  put_sized (dir, "control.0001.bin", 2048 * 2048);
  put_sized (dir, "control.0017.bin", 100 * 100 * 2);
  put_sized (dir, "plants.0017.bin", 100 * 100 * 7);
  put_sized (dir, "altitude.0003.bin", 64 * 64 * 2);
  put_sized (dir, "altitude_blend.0003.bin", 64 * 64 * 2);
  put_sized (dir, "control.0012.bin", 100 * 100 * 2);
  put_sized (dir, "plants.0012.bin", 50 * 50 * 7);
  put_sized (dir, "plants.42.bin", 100 * 100 * 7);
  put_sized (dir, "plants.0017.tmp1234.bin", 10);
  put_sized (dir, "readme.txt", 10);
  return dir;
}

static void
check_entries (GPtrArray *entries)
{
  MsZoneDirEntry *e;

  g_assert_cmpuint (entries->len, ==, 4);

  e = g_ptr_array_index (entries, 0);
  g_assert_cmpuint (e->id, ==, 1);
  g_assert_cmpuint (e->layers, ==, 1u << MS_ZONE_LAYER_CONTROL);
  g_assert_cmpuint (e->width, ==, 2048);
  g_assert_cmpuint (e->height, ==, 2048);
  g_assert_false (e->terraformable);
  g_assert_null (e->problem);

  e = g_ptr_array_index (entries, 1);
  g_assert_cmpuint (e->id, ==, 3);
  g_assert_cmpuint (e->layers, ==, (1u << MS_ZONE_LAYER_ALTITUDE) | (1u << MS_ZONE_LAYER_ALTITUDE_BLEND));
  g_assert_cmpuint (e->width, ==, 64);
  g_assert_true (e->terraformable);
  g_assert_null (e->problem);

  e = g_ptr_array_index (entries, 2);
  g_assert_cmpuint (e->id, ==, 12);
  g_assert_cmpuint (e->width, ==, 0);
  g_assert_nonnull (e->problem);
  g_assert_nonnull (strstr (e->problem, "plants.0012.bin"));
  g_assert_nonnull (strstr (e->problem, "disagree"));

  e = g_ptr_array_index (entries, 3);
  g_assert_cmpuint (e->id, ==, 17);
  g_assert_cmpuint (e->layers, ==, (1u << MS_ZONE_LAYER_CONTROL) | (1u << MS_ZONE_LAYER_PLANTS));
  g_assert_cmpuint (e->width, ==, 100);
  g_assert_cmpuint (e->height, ==, 100);
  g_assert_null (e->problem);
}

static void
test_scan (void)
{
  g_autofree char *dir = make_folder ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = ms_zone_directory_scan (dir, NULL, &error);

  g_assert_no_error (error);
  check_entries (entries);
  ms_test_remove_tree (dir);
}

static void
on_scanned (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GPtrArray **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = ms_zone_directory_scan_finish (result, &error);
  g_assert_no_error (error);
}

static void
test_scan_async (void)
{
  g_autofree char *dir = make_folder ();
  g_autoptr(GPtrArray) entries = NULL;

  ms_zone_directory_scan_async (dir, NULL, on_scanned, &entries);
  while (entries == NULL)
    g_main_context_iteration (NULL, TRUE);
  check_entries (entries);
  ms_test_remove_tree (dir);
}

static void
test_scan_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *missing = g_build_filename (dir, "nope", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;

  entries = ms_zone_directory_scan (missing, NULL, &error);
  g_assert_null (entries);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  /* An empty folder is no error. */
  entries = ms_zone_directory_scan (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, 0);
  g_clear_pointer (&entries, g_ptr_array_unref);

  put_sized (dir, "control.0005.bin", 16 * 16 * 2);
  g_cancellable_cancel (cancellable);
  entries = ms_zone_directory_scan (dir, cancellable, &error);
  g_assert_null (entries);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  ms_test_remove_tree (dir);
}

/* One zone of every size the live game has, two of them real: each listed
 * with the size its own files imply, and each opening at that size with no
 * size given. */
static void
test_live_sizes (void)
{
  g_autofree char *dir = ms_test_make_live_zone_folder ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = ms_zone_directory_scan (dir, NULL, &error);
  g_autoptr(GArray) ids = ms_zone_directory_list_ids (dir, &error);
  guint four = (1u << MS_ZONE_LAYER_BLOCKS) | (1u << MS_ZONE_LAYER_CONTROL) |
               (1u << MS_ZONE_LAYER_PLANTS) | (1u << MS_ZONE_LAYER_ALTITUDE);

  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, MS_TEST_LIVE_ZONE_COUNT);
  g_assert_cmpuint (ids->len, ==, MS_TEST_LIVE_ZONE_COUNT);
  for (guint i = 0; i < MS_TEST_LIVE_ZONE_COUNT; i++)
    {
      const MsTestLiveZone *want = &ms_test_live_zones[i];
      MsZoneDirEntry *e = g_ptr_array_index (entries, i);
      g_autoptr(MsZone) zone = NULL;

      g_assert_cmpuint (g_array_index (ids, guint, i), ==, want->id);
      g_assert_cmpuint (e->id, ==, want->id);
      g_assert_cmpuint (e->layers, ==, four);
      g_assert_cmpuint (e->width, ==, want->side);
      g_assert_cmpuint (e->height, ==, want->side);
      g_assert_false (e->terraformable);
      g_assert_null (e->problem);

      zone = ms_zone_new_for_dir (dir, want->id, 0, 0, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (ms_zone_get_width (zone), ==, want->side);
      g_assert_cmpuint (ms_zone_get_height (zone), ==, want->side);
    }
  ms_test_remove_tree (dir);
}

static const char *
problem_of (GPtrArray *entries,
            guint      id)
{
  for (guint i = 0; i < entries->len; i++)
    {
      MsZoneDirEntry *e = g_ptr_array_index (entries, i);

      if (e->id == id)
        return e->problem;
    }
  g_assert_not_reached ();
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not say “%s”", text ? text : "(null)", part);
}

/* Every way a zone's files can fail to make a zone: each error names the
 * file and says what it is and what it should be. */
static void
test_mismatches (void)
{
  g_autofree char *dir = ms_test_make_live_zone_folder ();
  g_autofree char *expect_live = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(MsZone) zone = NULL;

  /* 5: an empty plants file. */
  put_sized (dir, "plants.0005.bin", 0);
  /* 6: a plants file one tile short of 512²: no square has that many 7-byte tiles. */
  put_sized (dir, "plants.0006.bin", (512 * 512 - 1) * 7);
  /* 7: control says 512², altitude says 256². */
  put_sized (dir, "control.0007.bin", 512 * 512 * 2);
  put_sized (dir, "altitude.0007.bin", 256 * 256 * 2);

  entries = ms_zone_directory_scan (dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (entries->len, ==, MS_TEST_LIVE_ZONE_COUNT + 3);
  for (guint i = 0; i < MS_TEST_LIVE_ZONE_COUNT; i++)
    g_assert_null (problem_of (entries, ms_test_live_zones[i].id));

  assert_contains (problem_of (entries, 5), "plants.0005.bin is empty (0 bytes)");

  assert_contains (problem_of (entries, 6), "plants.0006.bin is 1835001 bytes");
  assert_contains (problem_of (entries, 6), "fits no square zone (7 bytes per tile)");
  /* The sizes a user would have meant, worked out here: 2048² × 7 … */
  expect_live = g_strdup_printf ("2048×2048 (%u bytes), 1024×1024 (%u), 512×512 (%u), 256×256 (%u)",
                                 2048 * 2048 * 7, 1024 * 1024 * 7, 512 * 512 * 7, 256 * 256 * 7);
  assert_contains (problem_of (entries, 6), expect_live);

  assert_contains (problem_of (entries, 7), "disagree");
  assert_contains (problem_of (entries, 7), "altitude.0007.bin is 256×256 (131072 bytes)");
  assert_contains (problem_of (entries, 7), "control.0007.bin is 512×512 (524288 bytes)");

  /* An id the folder does not have: the error says which it does. */
  zone = ms_zone_new_for_dir (dir, 42, 0, 0, NULL, &error);
  g_assert_null (zone);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND);
  assert_contains (error->message, "zone 42");
  assert_contains (error->message, "the folder has zones 1, 2, 5, 6, 7, 70, 71");
  g_clear_error (&error);

  /* A size given by hand that the files do not have. */
  zone = ms_zone_new_for_dir (dir, 70, 256, 256, NULL, &error);
  g_assert_null (zone);
  g_assert_nonnull (error);
  assert_contains (error->message, ".0070.bin");
  ms_test_remove_tree (dir);
}

/* A folder of zone folders, as the game and tests/data/zones keep them:
 * the folders holding layer files, in a file manager's order; not an
 * empty folder, a folder of other files, a file, or a zone one more level
 * down. */
static void
test_zone_folders (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  const char *with_zones[] = { "b10", "0071", "b9" };
  const char *expected[] = { "0071", "b9", "b10", NULL };
  g_autofree char *empty = g_build_filename (dir, "empty", NULL);
  g_autofree char *other = g_build_filename (dir, "other", NULL);
  g_autofree char *deep = g_build_filename (dir, "deep", "0001", NULL);
  g_auto(GStrv) folders = NULL;
  g_auto(GStrv) none = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (with_zones); i++)
    {
      g_autofree char *sub = g_build_filename (dir, with_zones[i], NULL);

      g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
      put_sized (sub, "control.0071.bin", 16 * 16 * 2);
    }
  g_assert_cmpint (g_mkdir (empty, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (other, 0755), ==, 0);
  put_sized (other, "plants.42.bin", 10);
  g_assert_cmpint (g_mkdir_with_parents (deep, 0755), ==, 0);
  put_sized (deep, "control.0001.bin", 16 * 16 * 2);
  put_sized (dir, "readme.txt", 10);

  folders = ms_zone_directory_find_zone_folders (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (folders, expected);

  /* A folder of zones has no zone folders in it; a missing one fails. */
  none = ms_zone_directory_find_zone_folders (deep, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_null (ms_zone_directory_find_zone_folders ("/nonexistent/mapsmith", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-directory/parse", test_parse);
  g_test_add_func ("/zone-directory/scan", test_scan);
  g_test_add_func ("/zone-directory/scan-async", test_scan_async);
  g_test_add_func ("/zone-directory/errors", test_scan_errors);
  g_test_add_func ("/zone-directory/live-sizes", test_live_sizes);
  g_test_add_func ("/zone-directory/mismatches", test_mismatches);
  g_test_add_func ("/zone-directory/zone-folders", test_zone_folders);
  return g_test_run ();
}
