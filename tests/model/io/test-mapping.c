/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The mapping against a hostile disk: a file that shrinks while mapped
 * (truncated under us) must give an error, never SIGBUS; special files
 * (FIFO, directory, /dev/zero, a dangling symlink) are refused at once with
 * the true reason.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-mapping.h"
#include "ms-blueprint.h"
#include "ms-test-util.h"

static char *
make_file (const char *dir,
           const char *name,
           gsize       length)
{
  g_autofree guint8 *data = g_malloc (length);

  for (gsize i = 0; i < length; i++)
    data[i] = (guint8) (i * 7 + 1);   /* never 0, so zeros show a lost page */
  ms_test_put_file (dir, name, data, length);
  return g_build_filename (dir, name, NULL);
}

static void
test_truncated_while_mapped (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  gsize length = 1 << 20;
  g_autofree char *path = make_file (dir, "big.dat", length);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsMapping) mapping = ms_mapping_new_for_path (path, &error);
  const guint8 *data;
  guint64 sum = 0;

  g_assert_no_error (error);
  data = ms_mapping_get_data (mapping);
  g_assert_cmpuint (data[length - 1], ==, (guint8) ((length - 1) * 7 + 1));
  g_assert_true (ms_mapping_is_intact (mapping));
  g_assert_true (ms_mapping_check (mapping, NULL));

  g_assert_cmpint (truncate (path, 1000), ==, 0);

  /* Without the guard, this read of a page past the new end is SIGBUS. */
  for (gsize i = 0; i < length; i += 4096)
    sum += data[i];
  g_assert_cmpuint (data[length - 1], ==, 0);
  g_assert_cmpuint (data[10], ==, (guint8) (10 * 7 + 1));   /* the page that is left */
  (void) sum;

  g_assert_false (ms_mapping_is_intact (mapping));
  g_assert_false (ms_mapping_check (mapping, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "big.dat"));
  g_assert_nonnull (strstr (error->message, "now 1000 bytes"));
  g_clear_error (&error);
  g_assert_false (ms_mapping_check_all (&error));
  g_assert_nonnull (strstr (error->message, "big.dat"));

  g_clear_object (&mapping);
  ms_test_remove_tree (dir);
}

/* ms_mapping_read () copies the mapped file's bytes with pread (): the
 * same bytes as the mapping, an error beyond them, and the changed-on-disk
 * error (with the new size) once the file shrank, never a signal. */
static void
test_read (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  gsize length = 1 << 20;
  g_autofree char *path = make_file (dir, "read.dat", length);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsMapping) mapping = ms_mapping_new_for_path (path, &error);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MsMapping) in_memory = NULL;
  g_autofree guint8 *out = g_malloc (length);
  const gsize ranges[][2] = { { 0, 1 }, { 3, 4093 }, { 4095, 70000 }, { 0, 1 << 20 }, { (1 << 20) - 7, 7 } };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      memset (out, 0, length);
      g_assert_true (ms_mapping_read (mapping, ranges[i][0], out, ranges[i][1], &error));
      g_assert_no_error (error);
      /* The bytes the test wrote (make_file's formula), not the mapping's. */
      for (gsize j = 0; j < ranges[i][1]; j++)
        if (out[j] != (guint8) ((ranges[i][0] + j) * 7 + 1))
          g_error ("range %u: byte %" G_GSIZE_FORMAT " is %u", i, ranges[i][0] + j, out[j]);
    }
  g_assert_false (ms_mapping_read (mapping, length - 3, out, 4, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* Mapped bytes that are not a file: copied from memory. */
  bytes = g_bytes_new (ms_mapping_get_data (mapping), length);
  in_memory = ms_mapping_new_for_bytes (bytes, "memory");
  g_assert_true (ms_mapping_read (in_memory, 4095, out, 70000, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (out, 70000, ms_mapping_get_data (mapping) + 4095, 70000);

  g_assert_cmpint (truncate (path, 1000), ==, 0);
  g_assert_true (ms_mapping_read (mapping, 10, out, 990, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (out[0], ==, (guint8) (10 * 7 + 1));
  g_assert_false (ms_mapping_read (mapping, 500, out, 8192, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_assert_nonnull (strstr (error->message, "read.dat"));
  g_assert_nonnull (strstr (error->message, "now 1000 bytes"));
  /* Read, not mapped: the mapping itself lost nothing yet. */
  g_assert_true (ms_mapping_is_intact (mapping));

  g_clear_object (&mapping);
  ms_test_remove_tree (dir);
}

/* A SIGBUS that is not a lost page of ours still kills, as before. */
static void
test_other_sigbus_still_kills (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = ms_test_make_tmpdir ();
      g_autofree char *path = make_file (dir, "a.dat", 8192);
      g_autoptr(MsMapping) mapping = ms_mapping_new_for_path (path, NULL);

      g_assert_nonnull (mapping);   /* the handler is installed */
      raise (SIGBUS);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
}

static void
assert_refused (const char   *path,
                gint          code,
                const char   *reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsMapping) mapping = NULL;
  gint64 start = g_get_monotonic_time ();

  mapping = ms_mapping_new_for_path (path, &error);
  g_assert_null (mapping);
  g_assert_error (error, G_IO_ERROR, code);
  g_assert_nonnull (strstr (error->message, reason));
  g_assert_null (strstr (error->message, "No such file"));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
}

static void
test_special_files (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *fifo = g_build_filename (dir, "f.dat", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub.dat", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.dat", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (symlink ("nowhere.dat", dangling), ==, 0);

  /* A FIFO with no writer: open () alone would wait for ever. */
  assert_refused (fifo, G_IO_ERROR_NOT_REGULAR_FILE, "is not a regular file");
  assert_refused (sub, G_IO_ERROR_IS_DIRECTORY, "is a directory");
  assert_refused ("/dev/zero", G_IO_ERROR_NOT_REGULAR_FILE, "is not a regular file");
  assert_refused (dangling, G_IO_ERROR_NOT_FOUND, "symbolic link to “nowhere.dat”");

  /* The blueprint opener says the same. */
  g_assert_null (ms_blueprint_new_for_path (fifo, NULL, &error));
  g_assert_nonnull (strstr (error->message, "is not a regular file"));
  ms_test_remove_tree (dir);
}

/* The CLI on a blueprint that is truncated while it renders. */
static void
test_cli_truncated_while_reading (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_1.dat", NULL);
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  g_autofree char *fifo = g_build_filename (dir, "f.dat", NULL);
  g_auto(MsTestRun) run = { 0, };
  const char *cli = g_getenv ("MAPSMITH_CLI");
  int truncated = 0;

  ms_test_run_cli (&run, "demo", path, "--size", "4096", NULL);
  g_assert_cmpint (run.status, ==, 0);
  ms_test_run_clear (&run);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  ms_test_run_cli (&run, "info", fifo, NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "is not a regular file"));
  ms_test_run_clear (&run);
  ms_test_run_cli (&run, "info", dir, NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "is a directory"));
  ms_test_run_clear (&run);

  /* Several commands, each killed by the shrink before the fix.  Each
   * pauses after its first open (MAPSMITH_CLI_PAUSE_AFTER_OPEN) until the
   * file is truncated, so the shrink falls between the open and the
   * reads, however fast they are (a fixed 150 ms wait stopped landing
   * inside a render once it took less than that). */
  for (guint i = 0; i < 3; i++)
    {
      const char *cmds[][6] = {
        { cli, "render", path, "-o", png, NULL },
        { cli, "audit", path, NULL },
        { cli, "diff", path, path, NULL },
      };
      g_autoptr(GSubprocessLauncher) launcher = NULL;
      g_autoptr(GSubprocess) proc = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *err = NULL;
      g_autofree char *copy = g_build_filename (dir, "copy.dat", NULL);
      g_autofree char *marker = g_build_filename (dir, "opened", NULL);
      g_autofree char *contents = NULL;
      gsize length;
      const char *argv[6];
      int status;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (copy, contents, length, NULL));
      for (guint k = 0; k < 6; k++)
        argv[k] = cmds[i][k] != NULL && g_str_equal (cmds[i][k], path) ? copy : cmds[i][k];
      launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
      g_subprocess_launcher_setenv (launcher, "MAPSMITH_CLI_PAUSE_AFTER_OPEN", marker, TRUE);
      proc = g_subprocess_launcher_spawnv (launcher, argv, &error);
      g_assert_no_error (error);
      for (guint wait = 0; wait < 2000 && !g_file_test (marker, G_FILE_TEST_EXISTS); wait++)
        g_usleep (5 * 1000);
      g_assert_true (g_file_test (marker, G_FILE_TEST_EXISTS));
      if (truncate (copy, 1000) == 0)
        truncated++;
      g_assert_cmpint (g_remove (marker), ==, 0);
      g_assert_true (g_subprocess_communicate_utf8 (proc, NULL, NULL, NULL, &err, &error));
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_exited (proc));  /* not killed by a signal */
      status = g_subprocess_get_exit_status (proc);
      /* It saw the shrink: 1, naming the file; never a signal, never 0. */
      if (status != 1)
        g_error ("%s after the shrink: exit %d: %s", cmds[i][1], status, err);
      g_assert_nonnull (strstr (err, "copy.dat"));
    }
  g_assert_cmpint (truncated, ==, 3);
  ms_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mapping/truncated-while-mapped", test_truncated_while_mapped);
  g_test_add_func ("/mapping/read", test_read);
  g_test_add_func ("/mapping/other-sigbus-still-kills", test_other_sigbus_still_kills);
  g_test_add_func ("/mapping/special-files", test_special_files);
  g_test_add_func ("/mapping/cli-truncated-while-reading", test_cli_truncated_while_reading);

  return g_test_run ();
}
