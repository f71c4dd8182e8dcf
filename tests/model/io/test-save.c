/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The atomic, verified save path: a failure at any step leaves the original
 * untouched and no temporary file behind; a file replaced on disk since it
 * was opened is not overwritten unless asked.
 */
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-mapping.h"
#include "ms-save-private.h"
#include "ms-test-util.h"

static GBytes *
bytes_of (const char *text)
{
  return g_bytes_new (text, strlen (text));
}

static void
test_new_and_replace (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "control.0042.bin", NULL);
  g_autoptr(GBytes) first = bytes_of ("first version");
  g_autoptr(GBytes) second = bytes_of ("the second, longer version");
  g_autoptr(GError) error = NULL;
  struct stat st;

  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, first, NULL, &error));
  g_assert_no_error (error);
  ms_test_assert_file_text (path, "first version");

  /* Permissions of the replaced file are kept. */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, second, NULL, &error));
  g_assert_no_error (error);
  ms_test_assert_file_text (path, "the second, longer version");
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0640);
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);

  ms_test_remove_tree (dir);
}

static void
test_temp_name (void)
{
  g_autofree char *a = ms_save_temp_path_for ("/data/layers/plants.0042.bin", 638000000000);
  g_autofree char *expected = g_strdup_printf ("/data/layers/.plants.0042.bin.mapsmith-new.%d.638000000000",
                                               (int) getpid ());

  /* Hidden, and never the game server's own {layer}.{id}.tmp<ticks>.bin,
   * which the stale-file cleaner must not take. */
  g_assert_cmpstr (a, ==, expected);
}

/* Bytes that depend on their offset alone, so a file's contents can be
 * checked without keeping a copy. */
static guint8
byte_at (guint64 offset)
{
  guint64 h = offset * 0x9e3779b97f4a7c15u;

  return (guint8) (h >> 56 ^ offset);
}

typedef struct
{
  gsize         size;
  gsize         chunk;        /* written this much at a time */
  GCancellable *cancel_after; /* cancelled once half is written */
  GCancellable *cancel_at_end; /* cancelled once all is written */
} Payload;

static gboolean
write_payload (MsSaveStream  *stream,
               gpointer       user_data,
               GError       **error)
{
  Payload *p = user_data;
  g_autofree guint8 *chunk = g_malloc (p->chunk);

  for (gsize offset = 0; offset < p->size; offset += p->chunk)
    {
      gsize n = MIN (p->chunk, p->size - offset);

      for (gsize i = 0; i < n; i++)
        chunk[i] = byte_at (offset + i);
      if (!ms_save_stream_write (stream, chunk, n, error))
        return FALSE;
      if (p->cancel_after != NULL && offset + n >= p->size / 2)
        g_cancellable_cancel (p->cancel_after);
    }
  if (p->cancel_at_end != NULL)
    g_cancellable_cancel (p->cancel_at_end);
  return TRUE;
}

static void
assert_payload (const char *path,
                gsize       size)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, ==, size);
  for (gsize i = 0; i < size; i++)
    if ((guint8) contents[i] != byte_at (i))
      g_error ("%s: byte %" G_GSIZE_FORMAT " is %u, not %u", path, i, (guint8) contents[i], byte_at (i));
}

/* Files of several megabytes are read back part by part while they are
 * written (ms-save-read-back.c): whole megabytes, a file ending on one, a
 * short last part, and writes that straddle the parts. */
static void
check_large (void)
{
  static const gsize sizes[] = { 1024 * 1024, 3 * 1024 * 1024, 5 * 1024 * 1024 + 4321, 2 * 1024 * 1024 - 1 };
  static const gsize chunks[] = { 77777, 1024 * 1024, 3 * 1024 * 1024 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint c = 0; c < G_N_ELEMENTS (chunks); c++)
      {
        g_autofree char *dir = ms_test_make_tmpdir ();
        g_autofree char *path = g_build_filename (dir, "heights.0003.bin", NULL);
        g_autoptr(GError) error = NULL;
        Payload payload = { sizes[i], chunks[c], NULL, NULL };

        g_assert_true (ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_payload, &payload, NULL, &error));
        g_assert_no_error (error);
        assert_payload (path, sizes[i]);
        g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);
        ms_test_remove_tree (dir);
      }
}

static void
test_large (void)
{
  check_large ();
  /* Without the reader's thread: all of it read back after the fsync. */
  _ms_save_read_back_use_thread_for_testing (FALSE);
  check_large ();
  _ms_save_read_back_use_thread_for_testing (TRUE);
}

/* Cancelled half-way through a large file, with parts already read back,
 * and once it is all written (whole megabytes: the writer has nothing left
 * to flush, so the reader is the one to notice): the reader stops, nothing
 * lands, no temporary file stays. */
static void
test_large_cancelled (void)
{
  for (guint at_end = 0; at_end < 2; at_end++)
    {
      g_autofree char *dir = ms_test_make_tmpdir ();
      g_autofree char *path = g_build_filename (dir, "plants.0004.bin", NULL);
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GBytes) original = bytes_of ("keep me");
      g_autoptr(GError) error = NULL;
      Payload payload = { 6 * 1024 * 1024, 65536, at_end ? NULL : cancellable, at_end ? cancellable : NULL };

      g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, original, NULL, &error));
      g_assert_false (ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_payload, &payload, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      ms_test_assert_file_text (path, "keep me");
      g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);
      ms_test_remove_tree (dir);
    }
}

static void
test_faults (void)
{
  const struct { MsSaveFault fault; GQuark domain; int code; const char *step; } faults[] = {
    { MS_SAVE_FAULT_WRITE, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "writing the temporary file" },
    { MS_SAVE_FAULT_FSYNC, G_IO_ERROR, G_IO_ERROR_FAILED, "flushing the temporary file" },
    { MS_SAVE_FAULT_VERIFY, 0, MS_SAVE_ERROR_VERIFY_FAILED, "did not read back" },
    { MS_SAVE_FAULT_VERIFY_END, 0, MS_SAVE_ERROR_VERIFY_FAILED, "did not read back" },
    { MS_SAVE_FAULT_RENAME, G_IO_ERROR, G_IO_ERROR_FAILED, "replacing the original" },
  };

  /* A few bytes (read back after the fsync), and megabytes read back while
   * they are written. */
  for (guint large = 0; large < 2; large++)
    for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
      {
        g_autofree char *dir = ms_test_make_tmpdir ();
        g_autofree char *path = g_build_filename (dir, "altitude.0001.bin", NULL);
        g_autoptr(GBytes) original = bytes_of ("original bytes");
        g_autoptr(GError) error = NULL;
        GQuark domain = faults[i].domain ? faults[i].domain : MS_SAVE_ERROR;
        Payload payload = { large ? 4 * 1024 * 1024 + 99 : 37, 100000, NULL, NULL };

        g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, original, NULL, &error));

        _ms_save_inject_fault_for_testing (faults[i].fault);
        g_assert_false (ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_payload, &payload, NULL, &error));
        _ms_save_inject_fault_for_testing (MS_SAVE_FAULT_NONE);

        if (domain == G_IO_ERROR && faults[i].code == G_IO_ERROR_FAILED)
          g_assert_true (error->domain == G_IO_ERROR);
        else
          g_assert_error (error, domain, faults[i].code);
        g_assert_nonnull (strstr (error->message, faults[i].step));
        g_assert_nonnull (strstr (error->message, "altitude.0001.bin"));

        ms_test_assert_file_text (path, "original bytes");
        g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);  /* no temporary file left */
        ms_test_remove_tree (dir);
      }
}

static gboolean
write_then_fail (MsSaveStream  *stream,
                 gpointer       user_data,
                 GError       **error)
{
  /* More than the 1 MiB buffer, so part of it reaches the disk. */
  g_autofree guint8 *block = g_malloc0 (3 * 1024 * 1024);

  if (!ms_save_stream_write (stream, block, 3 * 1024 * 1024, error))
    return FALSE;
  g_assert_cmpuint (ms_save_stream_get_written (stream), ==, 3 * 1024 * 1024);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "stopped half-way");
  return FALSE;
}

static void
test_producer_fails_half_way (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "plants.0002.bin", NULL);
  g_autoptr(GBytes) original = bytes_of ("keep me");
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, original, NULL, &error));
  g_assert_false (ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_then_fail, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  ms_test_assert_file_text (path, "keep me");
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);
  ms_test_remove_tree (dir);
}

static void
test_changed_on_disk (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "control.0007.bin", NULL);
  g_autofree char *server_tmp = g_build_filename (dir, "server.tmp", NULL);
  g_autoptr(GBytes) original = bytes_of ("as opened");
  g_autoptr(GBytes) ours = bytes_of ("our edit");
  g_autoptr(GError) error = NULL;
  g_autoptr(MsMapping) mapping = NULL;
  MsFileStamp stamp;

  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, original, NULL, &error));
  mapping = ms_mapping_new_for_path (path, &error);
  g_assert_no_error (error);
  stamp = *ms_mapping_get_stamp (mapping);

  /* Unchanged: the save goes through, and the old mapping still reads the
   * old bytes (rename keeps the mapped inode alive). */
  g_assert_true (ms_save_bytes (path, &stamp, MS_SAVE_FLAGS_NONE, ours, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (ms_mapping_get_data (mapping), 9, "as opened", 9);
  g_assert_true (ms_file_stamp_read (&stamp, path, &error));

  /* The game server replaces the file the way it does: delete and move. */
  g_assert_true (g_file_set_contents (server_tmp, "server's save", -1, NULL));
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rename (server_tmp, path), ==, 0);

  g_assert_false (ms_save_bytes (path, &stamp, MS_SAVE_FLAGS_NONE, ours, NULL, &error));
  g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "changed on disk"));
  ms_test_assert_file_text (path, "server's save");
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);
  g_clear_error (&error);

  /* Removed since opened: refused as well. */
  {
    MsFileStamp now;
    g_assert_true (ms_file_stamp_read (&now, path, &error));
    g_assert_cmpint (g_unlink (path), ==, 0);
    g_assert_false (ms_save_bytes (path, &now, MS_SAVE_FLAGS_NONE, ours, NULL, &error));
    g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    g_clear_error (&error);
    g_assert_true (g_file_set_contents (path, "server's save", -1, NULL));
  }

  /* Told to overwrite: it does. */
  g_assert_true (ms_save_bytes (path, &stamp, MS_SAVE_FLAGS_OVERWRITE_CHANGED, ours, NULL, &error));
  g_assert_no_error (error);
  ms_test_assert_file_text (path, "our edit");

  ms_test_remove_tree (dir);
}

static void
test_same_size_same_second (void)
{
  /* A rewrite with the same size inside the same second is still seen:
   * the stamp has the inode and nanoseconds. */
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "blocks.0003.bin", NULL);
  g_autoptr(GBytes) a = bytes_of ("AAAA");
  g_autoptr(GBytes) b = bytes_of ("BBBB");
  g_autoptr(GError) error = NULL;
  MsFileStamp stamp;

  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, a, NULL, &error));
  g_assert_true (ms_file_stamp_read (&stamp, path, &error));
  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, b, NULL, &error));
  g_assert_false (ms_save_bytes (path, &stamp, MS_SAVE_FLAGS_NONE, a, NULL, &error));
  g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK);
  ms_test_assert_file_text (path, "BBBB");
  ms_test_remove_tree (dir);
}

static void
test_missing_folder (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "no-such-folder", "x.bin", NULL);
  g_autoptr(GBytes) bytes = bytes_of ("x");
  g_autoptr(GError) error = NULL;

  g_assert_false (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "creating a temporary file"));
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 0);
  ms_test_remove_tree (dir);
}

static void
test_cancelled (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.bin", NULL);
  gsize size = 4 * 1024 * 1024;
  g_autoptr(GBytes) bytes = g_bytes_new_take (g_malloc0 (size), size);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, bytes, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 0);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/save/new-and-replace", test_new_and_replace);
  g_test_add_func ("/save/temp-name", test_temp_name);
  g_test_add_func ("/save/faults", test_faults);
  g_test_add_func ("/save/large", test_large);
  g_test_add_func ("/save/large-cancelled", test_large_cancelled);
  g_test_add_func ("/save/producer-fails-half-way", test_producer_fails_half_way);
  g_test_add_func ("/save/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/save/same-size-same-second", test_same_size_same_second);
  g_test_add_func ("/save/missing-folder", test_missing_folder);
  g_test_add_func ("/save/cancelled", test_cancelled);
  return g_test_run ();
}
