/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "ms-test-zone.h"
#include "ms-zone-backup.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"

#define W MS_TEST_ZONE_WIDTH
#define H MS_TEST_ZONE_HEIGHT
#define N (W * H)

typedef MsTestZoneFixture Fixture;

static MsZone *
open_zone (const char *dir)
{
  return ms_test_open_zone (dir, MS_TEST_ZONE_ID, W, H);
}

/* Sets Roaming (64) over rect 20 10 120 70 and spawn 7 over rect 100 60 50 40,
 * in the zone and, by hand, in copies; returns the tiles that now differ. */
static guint64
edit (Fixture *f, guint8 *ec, guint8 *ep)
{
  g_autoptr(MsZoneRegion) a = ms_zone_region_new_rect (W, H, 20, 10, 120, 70);
  g_autoptr(MsZoneRegion) b = ms_zone_region_new_rect (W, H, 100, 60, 50, 40);
  MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 64, 0, 0 };
  MsZoneOp spawn = { MS_ZONE_OP_SET_SPAWN, 0, 7, 0 };
  g_autoptr(GError) error = NULL;
  guint64 changed = 0;

  g_assert_true (ms_zone_apply (f->zone, &set, a, &error));
  g_assert_true (ms_zone_apply (f->zone, &spawn, b, &error));
  g_assert_no_error (error);

  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        gsize i = (gsize) y * W + x;

        if (x >= 20 && x < 140 && y >= 10 && y < 80)
          ec[2 * i] |= 64;
        if (x >= 100 && y >= 60)
          ep[7 * i + 3] = 7;
        changed += memcmp (ec + 2 * i, f->control + 2 * i, 2) != 0;
        changed += memcmp (ep + 7 * i, f->plants + 7 * i, 7) != 0;
      }
  return changed;
}

static char *
journal_path (Fixture *f)
{
  return g_build_filename (f->dir, "journal", "zone.mszj", NULL);
}

static void
test_roundtrip (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autofree char *path = journal_path (f);
  g_autofree char *canonical = g_canonicalize_filename (f->dir, NULL);
  g_autoptr(MsZoneJournalInfo) info = NULL;
  g_autoptr(MsZone) fresh = NULL;
  g_autoptr(GError) error = NULL;
  guint64 changed = edit (f, ec, ep);
  gint64 before = g_get_real_time ();
  guint64 written = 0;

  g_assert_cmpuint (changed, >, 0);
  g_assert_true (ms_zone_journal_write (f->zone, path, &written, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (written, ==, changed);

  info = ms_zone_journal_read_info (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->path, ==, path);
  g_assert_cmpstr (info->dir, ==, canonical);
  g_assert_cmpuint (info->zone_id, ==, 9);
  g_assert_cmpuint (info->width, ==, W);
  g_assert_cmpuint (info->height, ==, H);
  g_assert_cmpuint (info->n_tiles, ==, changed);
  g_assert_cmpuint (info->layers, ==, (1u << MS_ZONE_LAYER_CONTROL) | (1u << MS_ZONE_LAYER_PLANTS));
  g_assert_false (info->changed_on_disk);
  g_assert_cmpint (info->time_us, >=, before);
  g_assert_cmpint (info->time_us, <=, g_get_real_time ());
  g_assert_null (info->problem);

  /* Compact: far smaller than the two layers it covers. */
  {
    GStatBuf st;
    g_assert_cmpint (g_stat (path, &st), ==, 0);
    g_assert_cmpint (st.st_size, <, (N * 9) / 2);
  }

  fresh = open_zone (f->dir);
  ms_test_assert_zone_layers (fresh, f->control, f->plants);
  g_assert_true (ms_zone_journal_apply (fresh, path, &error));
  g_assert_no_error (error);
  ms_test_assert_zone_layers (fresh, ec, ep);
  g_assert_true (ms_zone_is_layer_dirty (fresh, MS_ZONE_LAYER_CONTROL));
  g_assert_true (ms_zone_is_layer_dirty (fresh, MS_ZONE_LAYER_PLANTS));

  /* One step: a single undo restores the files' state. */
  g_assert_true (ms_zone_undo (fresh));
  g_assert_false (ms_zone_can_undo (fresh));
  ms_test_assert_zone_layers (fresh, f->control, f->plants);
  g_assert_true (ms_zone_redo (fresh));
  ms_test_assert_zone_layers (fresh, ec, ep);
}

/* Saved, then undone: the file on disk holds the edit, the zone does not,
 * so the journal must carry the way back. */
static void
test_after_save (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autofree char *path = journal_path (f);
  g_autoptr(MsZoneJournalInfo) info = NULL;
  g_autoptr(MsZone) fresh = NULL;
  g_autoptr(GError) error = NULL;
  guint64 changed = edit (f, ec, ep);

  g_assert_true (ms_zone_save (f->zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ms_zone_undo (f->zone));   /* the spawn edit */
  g_assert_true (ms_zone_undo (f->zone));   /* the flag edit */
  ms_test_assert_zone_layers (f->zone, f->control, f->plants);

  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));
  g_assert_no_error (error);
  info = ms_zone_journal_read_info (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (info->n_tiles, ==, changed);
  g_assert_false (info->changed_on_disk);

  fresh = open_zone (f->dir);
  ms_test_assert_zone_layers (fresh, ec, ep);
  g_assert_true (ms_zone_journal_apply (fresh, path, &error));
  g_assert_no_error (error);
  ms_test_assert_zone_layers (fresh, f->control, f->plants);
}

static void
test_nothing_to_journal (Fixture *f, gconstpointer data)
{
  g_autofree char *path = journal_path (f);
  g_autoptr(MsZoneJournalInfo) info = NULL;
  g_autoptr(MsZone) fresh = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));
  info = ms_zone_journal_read_info (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (info->n_tiles, ==, 0);
  g_assert_cmpuint (info->layers, ==, 0);
  fresh = open_zone (f->dir);
  g_assert_true (ms_zone_journal_apply (fresh, path, &error));
  g_assert_false (ms_zone_is_dirty (fresh));
  g_assert_false (ms_zone_can_undo (fresh));
}

static void
test_changed_on_disk (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autofree char *path = journal_path (f);
  g_autoptr(MsZoneJournalInfo) a = NULL, b = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (W, H, 0, 0, 10, 10);
  MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 1024, 0, 0 };

  /* Control only: a plants file rewritten by the server does not matter. */
  g_assert_true (ms_zone_apply (f->zone, &set, rect, &error));
  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));
  g_assert_no_error (error);
  ms_test_put_file (f->dir, "plants.0009.bin", ep, N * 7);
  a = ms_zone_journal_read_info (path, &error);
  g_assert_no_error (error);
  g_assert_false (a->changed_on_disk);

  ec[0] ^= 1;
  ms_test_put_file (f->dir, "control.0009.bin", ec, N * 2);
  b = ms_zone_journal_read_info (path, &error);
  g_assert_no_error (error);
  g_assert_true (b->changed_on_disk);
}

static void
test_corrupt (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autofree char *path = journal_path (f);
  g_autofree char *bad = g_build_filename (f->dir, "bad.mszj", NULL);
  g_autofree char *bytes = NULL;
  g_autoptr(MsZone) fresh = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;
  gsize cuts[6];

  edit (f, ec, ep);
  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));
  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  cuts[0] = 0;
  cuts[1] = 5;                 /* inside the signature */
  cuts[2] = 30;                /* inside the header */
  cuts[3] = len / 2;           /* inside the tiles */
  cuts[4] = len - 33;          /* the last tile byte gone */
  cuts[5] = len - 1;           /* inside the checksum */

  fresh = open_zone (f->dir);
  for (guint i = 0; i < G_N_ELEMENTS (cuts); i++)
    {
      g_autoptr(MsZoneJournalInfo) info = NULL;

      g_assert_true (g_file_set_contents (bad, bytes, (gssize) cuts[i], NULL));
      info = ms_zone_journal_read_info (bad, &error);
      g_assert_null (info);
      g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, "bad.mszj"));
      g_assert_nonnull (strstr (error->message, "offset"));
      g_test_message ("cut at %" G_GSIZE_FORMAT ": %s", cuts[i], error->message);
      g_clear_error (&error);

      g_assert_false (ms_zone_journal_apply (fresh, bad, &error));
      g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT);
      g_clear_error (&error);
    }

  /* A flipped tile byte: only the checksum can tell. */
  bytes[len - 40] ^= 0x10;
  g_assert_true (g_file_set_contents (bad, bytes, (gssize) len, NULL));
  g_assert_false (ms_zone_journal_apply (fresh, bad, &error));
  g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "checksum"));
  g_clear_error (&error);

  /* An extra byte after the checksum. */
  bytes[len - 40] ^= 0x10;
  {
    g_autofree char *longer = g_malloc (len + 1);
    memcpy (longer, bytes, len);
    longer[len] = 0;
    g_assert_true (g_file_set_contents (bad, longer, (gssize) len + 1, NULL));
    g_assert_null (ms_zone_journal_read_info (bad, &error));
    g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT);
    g_clear_error (&error);
  }

  /* Nothing was applied by any failure. */
  g_assert_false (ms_zone_is_dirty (fresh));
  ms_test_assert_zone_layers (fresh, f->control, f->plants);
}

static void
test_mismatch (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autofree char *path = journal_path (f);
  g_autofree char *other = ms_test_make_tmpdir ();
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  edit (f, ec, ep);
  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));
  ms_test_put_file (other, "control.0009.bin", f->control, 50 * 50 * 2);
  zone = ms_zone_new_for_dir (other, 9, 50, 50, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (ms_zone_journal_apply (zone, path, &error));
  g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "150×100"));
  g_assert_nonnull (strstr (error->message, "50×50"));
  g_clear_error (&error);
  g_clear_object (&zone);

  /* Same id and size, but another folder: a copy is not the zone. */
  ms_test_put_file (other, "control.0009.bin", f->control, N * 2);
  ms_test_put_file (other, "plants.0009.bin", f->plants, N * 7);
  zone = ms_zone_new_for_dir (other, 9, W, H, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (ms_zone_journal_apply (zone, path, &error));
  g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, f->dir));
  g_assert_nonnull (strstr (error->message, other));
  g_assert_false (ms_zone_is_dirty (zone));
  g_clear_error (&error);
  g_clear_object (&zone);

  /* Its own folder, but without the plants layer the journal edits. */
  {
    g_autofree char *plants = g_build_filename (f->dir, "plants.0009.bin", NULL);
    g_autofree char *hidden = g_build_filename (other, "plants.hidden", NULL);

    g_assert_cmpint (g_rename (plants, hidden), ==, 0);
    zone = ms_zone_new_for_dir (f->dir, 9, W, H, NULL, &error);
    g_assert_no_error (error);
    g_assert_false (ms_zone_journal_apply (zone, path, &error));
    g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
    g_assert_false (ms_zone_is_dirty (zone));
    g_assert_cmpint (g_rename (hidden, plants), ==, 0);
  }
  ms_test_remove_tree (other);
  g_free (g_steal_pointer (&other));
}

/* A journal whose folder field says @dir, its checksum made anew (SHA-256
 * of every byte before it, as the format says). */
static char *
journal_with_folder (const char *path,
                     const char *dir)
{
  g_autofree char *data = NULL;
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *forged = g_strconcat (path, ".forged", NULL);
  guint8 digest[32];
  gsize digest_len = sizeof digest;
  gsize len;
  guint32 old_len, new_len = (guint32) strlen (dir);
  guint8 le[4] = { new_len & 0xff, (new_len >> 8) & 0xff, (new_len >> 16) & 0xff, new_len >> 24 };

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  /* magic 8, time 8, id, width, height 12: the folder length is at 28 */
  old_len = (guint8) data[28] | (guint8) data[29] << 8 | (guint8) data[30] << 16 | (guint32) (guint8) data[31] << 24;
  g_byte_array_append (out, (const guint8 *) data, 28);
  g_byte_array_append (out, le, 4);
  g_byte_array_append (out, (const guint8 *) dir, new_len);
  g_byte_array_append (out, (const guint8 *) data + 32 + old_len, len - 32 - old_len - 32);
  g_checksum_update (checksum, out->data, out->len);
  g_checksum_get_digest (checksum, digest, &digest_len);
  g_byte_array_append (out, digest, 32);
  g_assert_true (g_file_set_contents (forged, (const char *) out->data, out->len, NULL));
  return g_steal_pointer (&forged);
}

static void
test_folder_must_be_canonical (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autofree char *path = journal_path (f);
  const char *bad[] = { "../../..", "relative/zone", "/tmp/../etc", "/tmp//x", "/tmp/./x" };
  g_autoptr(GError) error = NULL;

  edit (f, ec, ep);
  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));

  /* The unforged journal reads, so a refusal below is the folder's. */
  {
    g_autofree char *same = journal_with_folder (path, f->dir);
    g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (same, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (info->dir, ==, f->dir);
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *forged = journal_with_folder (path, bad[i]);
      g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (forged, &error);

      g_assert_null (info);
      g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT);
      g_assert_nonnull (strstr (error->message, "absolute, canonical"));
      g_assert_nonnull (strstr (error->message, "offset"));
      g_clear_error (&error);
    }
}

static void
test_default_path_and_list (Fixture *f, gconstpointer data)
{
  g_autofree char *path = ms_zone_journal_default_path (f->zone);
  g_autofree char *folder = g_build_filename (g_get_user_state_dir (), "mapsmith", "journal", NULL);
  g_autofree char *base = g_path_get_basename (f->dir);
  g_autofree char *junk = g_build_filename (folder, "junk.mszj", NULL);
  g_autofree char *other_dir = ms_test_make_tmpdir ();
  g_autoptr(MsZone) other = NULL;
  g_autofree char *other_path = NULL;
  g_autoptr(GPtrArray) infos = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strdup_printf ("%s/%s-0009-", folder, base);
  MsZoneJournalInfo *info;

  g_assert_true (g_str_has_prefix (path, prefix));
  g_assert_true (g_str_has_suffix (path, ".mszj"));

  /* Same id in another folder: another journal. */
  ms_test_put_file (other_dir, "control.0009.bin", f->control, N * 2);
  other = open_zone (other_dir);
  other_path = ms_zone_journal_default_path (other);
  g_assert_cmpstr (other_path, !=, path);

  g_assert_true (ms_zone_journal_write (f->zone, path, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (junk, "not a journal", -1, NULL));

  infos = ms_zone_journal_list (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (infos->len, ==, 2);
  /* Sorted by path: "junk" before "mapsmith-test-…". */
  info = g_ptr_array_index (infos, 0);
  g_assert_cmpstr (info->path, ==, junk);
  g_assert_nonnull (info->problem);
  info = g_ptr_array_index (infos, 1);
  g_assert_cmpstr (info->path, ==, path);
  g_assert_null (info->problem);
  g_assert_cmpuint (info->zone_id, ==, 9);

  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_unlink (junk), ==, 0);
  ms_test_remove_tree (other_dir);
}

static void
test_backup (Fixture *f, gconstpointer data)
{
  g_autofree char *root = g_build_filename (f->dir, "backups", NULL);
  g_autofree char *base = g_path_get_basename (f->dir);
  g_autofree char *zone_folder = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *folder2 = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *plants_copy = NULL;
  g_autofree char *data_read = NULL;
  g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (W, H, 0, 0, 10, 10);
  MsZoneOp set = { MS_ZONE_OP_SET_FLAG, 1024, 0, 0 };
  g_autoptr(GError) error = NULL;
  gsize len;

  /* Nothing dirty, nothing to copy. */
  g_assert_null (ms_zone_backup_layers (f->zone, root, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (ms_zone_apply (f->zone, &set, rect, &error));
  folder = ms_zone_backup_layers (f->zone, root, NULL, &error);
  g_assert_no_error (error);
  zone_folder = g_strdup_printf ("%s/%s-0009/", root, base);
  g_assert_true (g_str_has_prefix (folder, zone_folder));

  copy = g_build_filename (folder, "control.0009.bin", NULL);
  g_assert_true (g_file_get_contents (copy, &data_read, &len, NULL));
  g_assert_cmpmem (data_read, len, f->control, N * 2);
  plants_copy = g_build_filename (folder, "plants.0009.bin", NULL);
  g_assert_false (g_file_test (plants_copy, G_FILE_TEST_EXISTS));

  /* A second backup in the same second gets a folder of its own. */
  folder2 = ms_zone_backup_layers (f->zone, root, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (folder2, !=, folder);

  /* The save then goes ahead; the backup keeps the old bytes. */
  g_assert_true (ms_zone_save (f->zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_free (data_read);
  g_assert_true (g_file_get_contents (copy, &data_read, &len, NULL));
  g_assert_cmpmem (data_read, len, f->control, N * 2);
}

int
main (int argc, char **argv)
{
  g_autofree char *state = ms_test_make_tmpdir ();
  int status;

  /* Before GLib caches the user folders. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, ms_test_zone_fixture_set_up, fn, \
                                  ms_test_zone_fixture_tear_down)
  ADD ("/zone-journal/roundtrip", test_roundtrip);
  ADD ("/zone-journal/after-save", test_after_save);
  ADD ("/zone-journal/nothing", test_nothing_to_journal);
  ADD ("/zone-journal/changed-on-disk", test_changed_on_disk);
  ADD ("/zone-journal/corrupt", test_corrupt);
  ADD ("/zone-journal/mismatch", test_mismatch);
  ADD ("/zone-journal/folder-must-be-canonical", test_folder_must_be_canonical);
  ADD ("/zone-journal/default-path-and-list", test_default_path_and_list);
  ADD ("/zone-journal/backup", test_backup);
#undef ADD

  status = g_test_run ();
  ms_test_remove_tree (state);
  return status;
}
