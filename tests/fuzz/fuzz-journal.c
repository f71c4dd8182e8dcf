/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the recovery-journal reader (ms-zone-journal.c):
 * any file must give a journal or a GError, never a crash, a hang or a
 * sanitizer report.  A journal that reads is applied to a zone of its id
 * and size, read back and undone.
 *
 * Input: one mode byte, then the journal.  Mode bit 1 replaces the
 * journal's folder with the folder of the harness's own zone (a journal
 * applies only to the zone in its folder); bit 0 then appends the SHA-256
 * the format ends with, so that mutations reach everything the checksum
 * guards (the apply) instead of dying at the checksum check.  A journal of
 * another folder must be refused.
 */
#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"

/* Zones are made for journals of at most this many tiles. */
#define MAX_APPLY_TILES (128 * 128)

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static char *zone_dirs[2];

static const char *
zone_dir (guint slot)
{
  if (zone_dirs[slot] == NULL)
    zone_dirs[slot] = fuzz_subdir (slot == 0 ? "journal-zone" : "journal-other");
  return zone_dirs[slot];
}

/* A zone of @id, @width × @height, every layer present and zero, in the
 * folder of @slot; remade only when the size or id changes.  Two slots, so
 * that one zone's files are never rewritten while the other maps them. */
static MsZone *
open_zone (guint slot,
           guint id,
           guint width,
           guint height)
{
  static struct
  {
    char  *dir;
    guint  id, width, height;
    gboolean made;
  } slots[2];
  g_autoptr(GError) error = NULL;
  MsZone *zone;

  g_assert (slot < G_N_ELEMENTS (slots));
  if (slots[slot].dir == NULL)
    slots[slot].dir = g_strdup (zone_dir (slot));
  if (!slots[slot].made || slots[slot].id != id || slots[slot].width != width ||
      slots[slot].height != height)
    {
      g_autofree guint8 *zeros = g_malloc0 ((gsize) width * height * MS_ZONE_PLANT_INFO_SIZE);

      for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
        {
          g_autofree char *name = ms_zone_layer_filename (l, id);
          g_autofree char *path = NULL;

          if (slots[slot].made)
            {
              g_autofree char *old = ms_zone_layer_filename (l, slots[slot].id);
              fuzz_remove_file (slots[slot].dir, old);
            }
          path = fuzz_write_file (slots[slot].dir, name, zeros,
                                  (gsize) width * height * ms_zone_layer_get_bytes_per_tile (l));
        }
      slots[slot].made = TRUE;
      slots[slot].id = id;
      slots[slot].width = width;
      slots[slot].height = height;
    }
  zone = ms_zone_new_for_dir (slots[slot].dir, id, width, height, NULL, &error);
  g_assert_no_error (error);
  return zone;
}

static void
apply (const char        *path,
       MsZoneJournalInfo *info)
{
  g_autoptr(MsZone) zone = open_zone (0, info->zone_id, info->width, info->height);
  g_autoptr(MsZone) other = NULL;
  g_autoptr(GError) error = NULL;
  guint64 nonzero = 0;

  gboolean here = g_strcmp0 (info->dir, zone_dir (0)) == 0;

  if (!ms_zone_journal_apply (zone, path, &error))
    {
      if (here)
        g_error ("read_info accepted %s but apply refused it: %s", path, error->message);
      /* Another folder's journal: refused, the zone left alone. */
      g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_MISMATCH);
      g_assert_false (ms_zone_can_undo (zone));
      return;
    }
  if (!here)
    g_error ("%s names the folder %s, yet was applied to the zone in %s", path, info->dir, zone_dir (0));
  g_assert_true (ms_zone_can_undo (zone) || info->n_tiles == 0);

  /* Every tile written was journaled: at most n_tiles differ from zero. */
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    for (guint y = 0; y < info->height; y++)
      for (guint x = 0; x < info->width; x++)
        {
          guint8 tile[MS_ZONE_PLANT_INFO_SIZE] = { 0, };
          static const guint8 zero[MS_ZONE_PLANT_INFO_SIZE] = { 0, };

          ms_zone_read_tile (zone, l, x, y, tile);
          nonzero += memcmp (tile, zero, sizeof tile) != 0;
        }
  g_assert_cmpuint (nonzero, <=, info->n_tiles);
  if (ms_zone_can_undo (zone))
    {
      g_assert_true (ms_zone_undo (zone));
      g_assert_false (ms_zone_is_dirty (zone));
    }

  /* A zone of another size is refused, and left alone. */
  if (info->width != info->height)
    {
      other = open_zone (1, info->zone_id, info->height, info->width);
      g_clear_error (&error);
      g_assert_false (ms_zone_journal_apply (other, path, &error));
      g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_MISMATCH);
      g_assert_false (ms_zone_can_undo (other));
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static char *dir;
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(MsZoneJournalInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (size < 1)
    return 0;
  if (dir == NULL)
    dir = fuzz_subdir ("journal");
  g_byte_array_append (file, data + 1, (guint) (size - 1));
  if ((data[0] & 2) && file->len >= 32)
    {
      /* magic 8, time 8, id, width, height 12: the folder's length at 28 */
      guint32 old_len = (guint32) file->data[28] | (guint32) file->data[29] << 8 |
                        (guint32) file->data[30] << 16 | (guint32) file->data[31] << 24;
      const char *here = zone_dir (0);
      guint32 n = (guint32) strlen (here);
      guint8 le[4] = { n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >> 24 };

      if ((guint64) 32 + old_len <= file->len)
        {
          g_autoptr(GByteArray) out = g_byte_array_new ();

          g_byte_array_append (out, file->data, 28);
          g_byte_array_append (out, le, 4);
          g_byte_array_append (out, (const guint8 *) here, n);
          g_byte_array_append (out, file->data + 32 + old_len, file->len - 32 - old_len);
          g_byte_array_set_size (file, 0);
          g_byte_array_append (file, out->data, out->len);
        }
    }
  if (data[0] & 1)
    {
      g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
      guint8 digest[32];
      gsize digest_len = sizeof digest;

      g_checksum_update (checksum, file->data, file->len);
      g_checksum_get_digest (checksum, digest, &digest_len);
      g_byte_array_append (file, digest, sizeof digest);
    }
  path = fuzz_write_file (dir, "fuzz.mszj", file->data, file->len);

  info = ms_zone_journal_read_info (path, &error);
  if (info == NULL)
    {
      g_assert_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);
  g_assert_nonnull (info->dir);
  g_assert_null (info->problem);
  g_assert_cmpuint (info->width, >=, 1);
  g_assert_cmpuint (info->height, >=, 1);
  g_assert_cmpuint (info->layers, <, 1u << MS_ZONE_N_LAYERS);
  g_assert_cmpuint (info->n_tiles, <=, (guint64) info->width * info->height * MS_ZONE_N_LAYERS);
  g_assert_true ((info->n_tiles == 0) == (info->layers == 0));

  if ((guint64) info->width * info->height <= MAX_APPLY_TILES)
    apply (path, info);
  return 0;
}
