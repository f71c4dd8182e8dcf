/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Several files saved as one edit, and what a save keeps of the file it
 * replaces: after a failure every file is old; a recorded, interrupted save
 * is finished or undone as a whole; leftovers of dead saves go and nobody
 * else's do; owner, group, mode and symlinks survive; read-only and
 * immutable files are refused; a full disk writes nothing.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/fs.h>
#include <glib/gstdio.h>

#include "ms-save-private.h"
#include "ms-test-util.h"

static void
put (const char *path,
     const char *text)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static gboolean
write_text (MsSaveStream  *stream,
            gpointer       user_data,
            GError       **error)
{
  return ms_save_stream_write (stream, user_data, strlen (user_data), error);
}

/* SHA-256 of @text, by GLib directly. */
static char *
sha256_of (const char *text)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

typedef struct
{
  char *dir;
  char *a;
  char *b;
  char *record;
} Pair;

static void
pair_set_up (Pair          *p,
             gconstpointer  data)
{
  p->dir = ms_test_make_tmpdir ();
  p->a = g_build_filename (p->dir, "control.0042.bin", NULL);
  p->b = g_build_filename (p->dir, "plants.0042.bin", NULL);
  p->record = g_build_filename (p->dir, ".mapsmith-save.0042.intent", NULL);
  put (p->a, "old control");
  put (p->b, "old plants");
}

static void
pair_tear_down (Pair          *p,
                gconstpointer  data)
{
  ms_test_remove_tree (p->dir);
  g_free (p->dir);
  g_free (p->a);
  g_free (p->b);
  g_free (p->record);
}

static gboolean
save_pair (Pair        *p,
           MsSaveFlags  flags,
           GError     **error)
{
  g_autoptr(MsSaveTransaction) t = ms_save_transaction_new (p->record);

  return ms_save_transaction_add (t, p->a, NULL, flags, write_text, (gpointer) "new control", NULL, error) &&
         ms_save_transaction_add (t, p->b, NULL, flags, write_text, (gpointer) "new plants", NULL, error) &&
         ms_save_transaction_commit (t, error);
}

static void
test_commit (Pair *p, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;

  g_assert_true (save_pair (p, MS_SAVE_FLAGS_NONE, &error));
  g_assert_no_error (error);
  ms_test_assert_file_text (p->a, "new control");
  ms_test_assert_file_text (p->b, "new plants");
  /* No record, no temporary file, no old link. */
  g_assert_cmpuint (ms_test_count_entries (p->dir), ==, 2);
  g_assert_true (ms_save_transaction_recover (p->record, &note, &error));
  g_assert_null (note);
}

static void
test_rename_fails (Pair *p, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  /* The second rename fails after the first went through: the first is
   * put back. */
  _ms_save_inject_fault_for_testing (MS_SAVE_FAULT_RENAME_LAST);
  g_assert_false (save_pair (p, MS_SAVE_FLAGS_NONE, &error));
  _ms_save_inject_fault_for_testing (MS_SAVE_FAULT_NONE);

  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "replacing the original"));
  g_assert_nonnull (strstr (error->message, "control.0042.bin and plants.0042.bin are as they were"));
  ms_test_assert_file_text (p->a, "old control");
  ms_test_assert_file_text (p->b, "old plants");
  g_assert_cmpuint (ms_test_count_entries (p->dir), ==, 2);
}

static void
test_abandoned (Pair *p, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  MsSaveTransaction *t = ms_save_transaction_new (p->record);

  /* Prepared, never committed: freeing it takes the new files away. */
  g_assert_true (ms_save_transaction_add (t, p->a, NULL, 0, write_text, (gpointer) "x", NULL, &error));
  g_assert_cmpuint (ms_test_count_entries (p->dir), ==, 3);
  ms_save_transaction_free (t);
  g_assert_cmpuint (ms_test_count_entries (p->dir), ==, 2);
  ms_test_assert_file_text (p->a, "old control");
}

/* The state a save leaves between its renames, made by hand from the
 * format at the top of ms-save-transaction.c: the record, then control
 * renamed into place, plants' new file still waiting. */
static void
make_half_done (Pair       *p,
                const char *plants_temp_text)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *ta = g_build_filename (p->dir, ".control.0042.bin.mapsmith-new.1.5", NULL);
  g_autofree char *tb = g_build_filename (p->dir, ".plants.0042.bin.mapsmith-new.1.5", NULL);
  g_autofree char *oa = g_build_filename (p->dir, ".control.0042.bin.mapsmith-old.1.5", NULL);
  g_autofree char *ob = g_build_filename (p->dir, ".plants.0042.bin.mapsmith-old.1.5", NULL);
  g_autofree char *da = sha256_of ("new control");
  g_autofree char *db = sha256_of ("new plants");

  g_assert_cmpint (link (p->a, oa), ==, 0);
  g_assert_cmpint (link (p->b, ob), ==, 0);
  put (ta, "new control");
  put (tb, plants_temp_text);

  g_key_file_set_integer (kf, "Save", "Version", 1);
  g_key_file_set_string (kf, "Save", "Time", "2026-12-03T10:00:00Z");
  g_key_file_set_integer (kf, "Save", "Files", 2);
  g_key_file_set_string (kf, "File 0", "Target", p->a);
  g_key_file_set_string (kf, "File 0", "Temporary", ta);
  g_key_file_set_string (kf, "File 0", "Old", oa);
  g_key_file_set_uint64 (kf, "File 0", "Size", strlen ("new control"));
  g_key_file_set_string (kf, "File 0", "SHA256", da);
  g_key_file_set_string (kf, "File 1", "Target", p->b);
  g_key_file_set_string (kf, "File 1", "Temporary", tb);
  g_key_file_set_string (kf, "File 1", "Old", ob);
  g_key_file_set_uint64 (kf, "File 1", "Size", strlen ("new plants"));
  g_key_file_set_string (kf, "File 1", "SHA256", db);
  g_assert_true (g_key_file_save_to_file (kf, p->record, NULL));

  g_assert_cmpint (g_rename (ta, p->a), ==, 0);
}

static void
test_recover_forward (Pair *p, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;

  make_half_done (p, "new plants");
  ms_test_assert_file_text (p->a, "new control");
  ms_test_assert_file_text (p->b, "old plants");

  g_assert_true (ms_save_transaction_recover (p->record, &note, &error));
  g_assert_no_error (error);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, "finished"));
  g_assert_nonnull (strstr (note, "control.0042.bin and plants.0042.bin"));
  ms_test_assert_file_text (p->a, "new control");
  ms_test_assert_file_text (p->b, "new plants");
  g_assert_cmpuint (ms_test_count_entries (p->dir), ==, 2);

  /* Done once: a second open has nothing to do. */
  g_clear_pointer (&note, g_free);
  g_assert_true (ms_save_transaction_recover (p->record, &note, &error));
  g_assert_null (note);
}

static void
test_recover_back (Pair *p, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;

  /* Plants' new file was damaged: the edit cannot be finished, so the
   * control file already renamed goes back too. */
  make_half_done (p, "new plantz");
  g_assert_true (ms_save_transaction_recover (p->record, &note, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (note, "undone"));
  ms_test_assert_file_text (p->a, "old control");
  ms_test_assert_file_text (p->b, "old plants");
  g_assert_cmpuint (ms_test_count_entries (p->dir), ==, 2);
}

static void
test_recover_damaged_record (Pair *p, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *note = NULL;

  put (p->record, "[Save]\nVersion=1\nFiles=1\n[File 0]\nTarget=relative/path\n");
  g_assert_false (ms_save_transaction_recover (p->record, &note, &error));
  g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_RECOVERY);
  g_assert_nonnull (strstr (error->message, ".mapsmith-save.0042.intent"));
  g_assert_nonnull (strstr (error->message, "[File 0]"));
  /* Nothing was touched. */
  ms_test_assert_file_text (p->a, "old control");
  g_assert_true (g_file_test (p->record, G_FILE_TEST_EXISTS));
}

static pid_t
dead_pid (void)
{
  pid_t pid = fork ();
  int status;

  if (pid == 0)
    _exit (0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return pid;
}

static void
test_stale_files (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "altitude.0007.bin", NULL);
  pid_t dead = dead_pid ();
  g_autofree char *stale_new = g_strdup_printf ("%s/.altitude.0007.bin.mapsmith-new.%d.100", dir, dead);
  g_autofree char *stale_old = g_strdup_printf ("%s/.altitude.0007.bin.mapsmith-old.%d.100", dir, dead);
  g_autofree char *held_new = g_strdup_printf ("%s/.altitude.0007.bin.mapsmith-new.%d.200", dir, dead);
  g_autofree char *live_old = g_strdup_printf ("%s/.altitude.0007.bin.mapsmith-old.%d.300", dir, (int) getppid ());
  g_autofree char *server = g_build_filename (dir, "altitude.0007.tmp638000000.bin", NULL);
  g_autofree char *odd = g_build_filename (dir, ".altitude.0007.bin.mapsmith-new.12x.5", NULL);
  g_autofree char *other = g_strdup_printf ("%s/.plants.0007.bin.mapsmith-new.%d.100", dir, dead);
  int fd;

  put (path, "the layer");
  put (stale_new, "half a save");
  put (stale_old, "a replaced file");
  put (held_new, "a save in progress");
  put (live_old, "a save in progress elsewhere");
  put (server, "the game server's own temp");
  put (odd, "not our name");
  put (other, "another layer's");

  /* A live save holds its file's lock. */
  fd = g_open (held_new, O_RDONLY, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);

  g_assert_cmpuint (ms_save_remove_stale_files (path), ==, 2);
  g_assert_false (g_file_test (stale_new, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (stale_old, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (held_new, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (live_old, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (server, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (odd, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  ms_test_assert_file_text (path, "the layer");

  close (fd);
  g_assert_cmpuint (ms_save_remove_stale_files (path), ==, 1);
  ms_test_remove_tree (dir);
}

static void
test_owner_group_mode (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "control.0001.bin", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("edited", 6);
  g_autoptr(GError) error = NULL;
  /* root gives the file away, as the game server's user would own it;
   * anyone else keeps their own ids and checks the mode. */
  uid_t uid = geteuid () == 0 ? 65534 : geteuid ();
  gid_t gid = geteuid () == 0 ? 65534 : getegid ();
  struct stat st;

  put (path, "original");
  g_assert_cmpint (chown (path, uid, gid), ==, 0);
  g_assert_cmpint (chmod (path, 0640), ==, 0);

  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error));
  g_assert_no_error (error);
  ms_test_assert_file_text (path, "edited");
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_uid, ==, uid);
  g_assert_cmpuint (st.st_gid, ==, gid);
  g_assert_cmpuint (st.st_mode & 07777, ==, 0640);
  ms_test_remove_tree (dir);
}

static void
test_read_only (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "plants.0001.bin", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("edited", 6);
  g_autoptr(GError) error = NULL;
  struct stat st;

  put (path, "original");
  g_assert_cmpint (chmod (path, 0444), ==, 0);

  g_assert_false (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error));
  g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "plants.0001.bin"));
  g_assert_nonnull (strstr (error->message, "read-only (mode 0444)"));
  ms_test_assert_file_text (path, "original");
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);
  g_clear_error (&error);

  /* Forced: replaced, and still read-only. */
  g_assert_true (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_OVERWRITE_READ_ONLY, bytes, NULL, &error));
  g_assert_no_error (error);
  ms_test_assert_file_text (path, "edited");
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 07777, ==, 0444);
  ms_test_remove_tree (dir);
}

static void
test_immutable (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "blocks.0001.bin", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("edited", 6);
  g_autoptr(GError) error = NULL;
  int attrs = FS_IMMUTABLE_FL;
  int fd;

  put (path, "original");
  fd = g_open (path, O_RDONLY, 0);
  if (ioctl (fd, FS_IOC_SETFLAGS, &attrs) != 0)
    {
      /* Needs CAP_LINUX_IMMUTABLE and a file system with the flag. */
      ms_test_cannot ("cannot make a file immutable here: %s", g_strerror (errno));
      close (fd);
      ms_test_remove_tree (dir);
      return;
    }

  g_assert_false (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_OVERWRITE_READ_ONLY, bytes, NULL, &error));
  g_assert_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, "immutable"));

  attrs = 0;
  g_assert_cmpint (ioctl (fd, FS_IOC_SETFLAGS, &attrs), ==, 0);
  close (fd);
  ms_test_assert_file_text (path, "original");
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 1);
  ms_test_remove_tree (dir);
}

static void
test_symlink (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *real_dir = g_build_filename (dir, "server-data", NULL);
  g_autofree char *zone_dir = g_build_filename (dir, "zone", NULL);
  g_autofree char *real = g_build_filename (real_dir, "control.0003.bin", NULL);
  g_autofree char *link_path = g_build_filename (zone_dir, "control.0003.bin", NULL);
  g_autofree char *dangling = g_build_filename (zone_dir, "plants.0003.bin", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("edited", 6);
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (real_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (zone_dir, 0755), ==, 0);
  put (real, "original");
  g_assert_cmpint (symlink ("../server-data/control.0003.bin", link_path), ==, 0);

  g_assert_true (ms_save_bytes (link_path, NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error));
  g_assert_no_error (error);
  /* The link is still a link, to the same name; the file it names changed. */
  g_assert_cmpint (lstat (link_path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  target = g_file_read_link (link_path, NULL);
  g_assert_cmpstr (target, ==, "../server-data/control.0003.bin");
  ms_test_assert_file_text (real, "edited");
  g_assert_cmpuint (ms_test_count_entries (real_dir), ==, 1);
  g_assert_cmpuint (ms_test_count_entries (zone_dir), ==, 1);

  /* A link to nothing is refused, naming where it points. */
  g_assert_cmpint (symlink ("../server-data/gone.bin", dangling), ==, 0);
  g_assert_false (ms_save_bytes (dangling, NULL, MS_SAVE_FLAGS_NONE, bytes, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "gone.bin"));
  g_assert_cmpint (lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  ms_test_remove_tree (dir);
}

static gboolean
write_big (MsSaveStream  *stream,
           gpointer       user_data,
           GError       **error)
{
  g_autofree guint8 *block = g_malloc0 (64 * 1024);
  gsize total = GPOINTER_TO_SIZE (user_data);

  for (gsize done = 0; done < total; done += 64 * 1024)
    if (!ms_save_stream_write (stream, block, MIN (64 * 1024, total - done), error))
      return FALSE;
  return TRUE;
}

/* The second file does not fit: nothing is saved, and the error says so
 * for both.  @dir is on the small file system (or under a file-size limit). */
static void
assert_full_disk_writes_nothing (const char *dir,
                                 gsize       second_size)
{
  g_autofree char *a = g_build_filename (dir, "control.0009.bin", NULL);
  g_autofree char *b = g_build_filename (dir, "plants.0009.bin", NULL);
  g_autofree char *record = g_build_filename (dir, ".mapsmith-save.0009.intent", NULL);
  g_autoptr(MsSaveTransaction) t = ms_save_transaction_new (record);
  g_autoptr(GError) error = NULL;

  put (a, "old control");
  put (b, "old plants");
  g_assert_true (ms_save_transaction_add (t, a, NULL, 0, write_big, GSIZE_TO_POINTER (4096), NULL, &error));
  g_assert_false (ms_save_transaction_add (t, b, NULL, 0, write_big, GSIZE_TO_POINTER (second_size), NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "plants.0009.bin"));
  g_assert_nonnull (strstr (error->message, "writing the temporary file"));
  g_clear_pointer (&t, ms_save_transaction_free);

  ms_test_assert_file_text (a, "old control");
  ms_test_assert_file_text (b, "old plants");
  g_assert_cmpuint (ms_test_count_entries (dir), ==, 2);
}

static void
test_full_disk_tmpfs (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();

  /* 256 KiB of tmpfs: the first file fits, the second cannot. */
  if (mount ("tmpfs", dir, "tmpfs", 0, "size=256k") != 0)
    {
      ms_test_cannot ("cannot mount a small tmpfs here (%s); /save-transaction/file-size-limit "
                      "covers the same path", g_strerror (errno));
      ms_test_remove_tree (dir);
      return;
    }
  assert_full_disk_writes_nothing (dir, 1024 * 1024);
  g_assert_cmpint (umount (dir), ==, 0);
  ms_test_remove_tree (dir);
}

static void
test_file_size_limit (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  struct rlimit old_limit, limit;

  /* Without root, RLIMIT_FSIZE fails a write the way a full disk does. */
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, SIG_IGN);
  limit = old_limit;
  limit.rlim_cur = 512 * 1024;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  assert_full_disk_writes_nothing (dir, 1024 * 1024);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  ms_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Pair, NULL, pair_set_up, fn, pair_tear_down)
  ADD ("/save-transaction/commit", test_commit);
  ADD ("/save-transaction/rename-fails", test_rename_fails);
  ADD ("/save-transaction/abandoned", test_abandoned);
  ADD ("/save-transaction/recover-forward", test_recover_forward);
  ADD ("/save-transaction/recover-back", test_recover_back);
  ADD ("/save-transaction/recover-damaged-record", test_recover_damaged_record);
#undef ADD
  g_test_add_func ("/save-transaction/stale-files", test_stale_files);
  g_test_add_func ("/save-transaction/owner-group-mode", test_owner_group_mode);
  g_test_add_func ("/save-transaction/read-only", test_read_only);
  g_test_add_func ("/save-transaction/immutable", test_immutable);
  g_test_add_func ("/save-transaction/symlink", test_symlink);
  g_test_add_func ("/save-transaction/full-disk-tmpfs", test_full_disk_tmpfs);
  g_test_add_func ("/save-transaction/file-size-limit", test_file_size_limit);
  return g_test_run ();
}
