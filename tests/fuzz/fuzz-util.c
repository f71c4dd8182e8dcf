/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "fuzz-util.h"

static char *scratch;

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
remove_scratch (void)
{
  if (scratch != NULL)
    remove_tree (scratch);
}

/* A harness that crashes or is killed leaves its folder behind (libFuzzer
 * ends those with _exit): remove the folders of processes that are gone. */
static void
remove_stale (const char *parent)
{
  g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      guint64 pid;

      if (g_str_has_prefix (name, "mapsmith-fuzz-") &&
          g_ascii_string_to_unsigned (name + strlen ("mapsmith-fuzz-"), 10, 1, G_MAXINT32, &pid,
                                      NULL) &&
          kill ((pid_t) pid, 0) != 0 && errno == ESRCH)
        {
          g_autofree char *path = g_build_filename (parent, name, NULL);
          remove_tree (path);
        }
    }
}

const char *
fuzz_scratch_dir (void)
{
  if (scratch == NULL)
    {
      g_autofree char *name = g_strdup_printf ("mapsmith-fuzz-%d", (int) getpid ());
      const char *parent;

      /* tmpfs: millions of small writes should not touch a disk. */
      if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) && g_access ("/dev/shm", W_OK) == 0)
        parent = "/dev/shm";
      else
        parent = g_get_tmp_dir ();
      remove_stale (parent);
      scratch = g_build_filename (parent, name, NULL);
      /* A reused pid's folder is stale too. */
      remove_tree (scratch);
      if (g_mkdir (scratch, 0700) != 0)
        g_error ("Cannot make a scratch folder %s: %s", scratch, g_strerror (errno));
      atexit (remove_scratch);
    }
  return scratch;
}

char *
fuzz_write_file (const char *dir,
                 const char *name,
                 const void *data,
                 gsize       length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  FILE *f;
  gboolean ok;

  /* Not g_file_set_contents: its fsync and rename cost more than the
   * reader under test. */
  f = fopen (path, "wb");
  if (f == NULL)
    g_error ("Cannot write %s: %s", path, g_strerror (errno));
  ok = length == 0 || fwrite (data, 1, length, f) == length;
  if (fclose (f) != 0 || !ok)
    g_error ("Cannot write %s: %s", path, g_strerror (errno));
  return g_steal_pointer (&path);
}

void
fuzz_remove_file (const char *dir,
                  const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (g_unlink (path) != 0 && errno != ENOENT)
    g_error ("Cannot remove %s: %s", path, g_strerror (errno));
}

char *
fuzz_subdir (const char *name)
{
  char *path = g_build_filename (fuzz_scratch_dir (), name, NULL);

  if (g_mkdir_with_parents (path, 0700) != 0)
    g_error ("Cannot make %s: %s", path, g_strerror (errno));
  return path;
}
