/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The journal compares each edited layer with the file on disk.  Before a
 * layer's first save that file is its mapping; after one, the mapping is
 * still the file as opened (ms-zone-save.c), so the saved file is mapped
 * afresh to compare against: a tile saved and then undone must be
 * journaled too.  Only tiles that differ are written, so a recovery over a
 * file the server has rewritten since keeps the server's other tiles.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-save.h"
#include "ms-wire.h"
#include "ms-zone-journal.h"
#include "ms-zone-private.h"

#define MAGIC          "MSZJRNL1"
#define MAGIC_LEN      8
#define BITMAP_BYTES   (MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE / 8)
#define DIGEST_BYTES   32
#define JOURNAL_SUFFIX ".mszj"

G_DEFINE_QUARK (ms-zone-journal-error-quark, ms_zone_journal_error)

void
ms_zone_journal_info_free (MsZoneJournalInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->path);
  g_free (info->dir);
  g_free (info->problem);
  g_free (info);
}

/* ------------------------------------------------------------- writing -- */

typedef struct
{
  GChecksum *checksum;
  MsSaveStream *stream;
} Writer;

static gboolean
put (Writer      *w,
     const void  *data,
     gsize        length,
     GError     **error)
{
  g_checksum_update (w->checksum, data, (gssize) length);
  return ms_save_stream_write (w->stream, data, length, error);
}

static gboolean
put_u32 (Writer *w, guint32 v, GError **error)
{
  guint8 b[4];

  ms_wire_poke_u32 (b, v);
  return put (w, b, 4, error);
}

static gboolean
put_u64 (Writer *w, guint64 v, GError **error)
{
  guint8 b[8];

  ms_wire_poke_u64 (b, v);
  return put (w, b, 8, error);
}

/* What a layer is compared against: the file on disk, as mapped. */
typedef struct
{
  MsMapping *mapping;   /* NULL: compare against nothing, journal every edited chunk whole */
  guint      bpt;       /* of the file: control may be 1 */
} Reference;

static void
reference_tile (MsZone          *self,
                const Reference *ref,
                MsZoneLayer      layer,
                guint            x,
                guint            y,
                guint8          *out)
{
  const guint8 *p = ms_mapping_get_data (ref->mapping) + ((gsize) y * self->width + x) * ref->bpt;

  memset (out, 0, ms_zone_layer_get_bytes_per_tile (layer));
  memcpy (out, p, ref->bpt);
}

/* The file the layer's state was last opened or saved as. */
static void
reference_init (MsZone      *self,
                MsZoneLayer  layer,
                Reference   *ref)
{
  MsZoneLayerState *state = &self->layers[layer];
  guint64 tiles = (guint64) self->width * self->height;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsMapping) saved = NULL;
  gsize length;

  ref->mapping = NULL;
  ref->bpt = 0;
  if (ms_file_stamp_equal (&state->stamp, ms_mapping_get_stamp (state->mapping)))
    {
      ref->mapping = g_object_ref (state->mapping);
      ref->bpt = state->file_bpt;
      return;
    }
  saved = ms_mapping_new_for_path (state->path, &error);
  if (saved == NULL)
    {
      g_debug ("Journal: %s; journaling whole chunks", error->message);
      return;
    }
  length = ms_mapping_get_length (saved);
  if (length == tiles * ms_zone_layer_get_bytes_per_tile (layer))
    ref->bpt = ms_zone_layer_get_bytes_per_tile (layer);
  else if (layer == MS_ZONE_LAYER_CONTROL && length == tiles)
    ref->bpt = 1;
  else
    return;
  ref->mapping = g_steal_pointer (&saved);
}

/* The journal records of one layer's changed chunks; returns how many. */
static guint
collect_layer (MsZone          *self,
               MsZoneLayer      layer,
               const Reference *ref,
               GByteArray      *out,
               guint64         *n_tiles)
{
  MsZoneLayerState *state = &self->layers[layer];
  guint bpt = ms_zone_layer_get_bytes_per_tile (layer);
  gboolean ref_is_base = ref->mapping == state->mapping;
  guint n_records = 0;

  for (guint c = 0; c < _ms_zone_n_chunks (self); c++)
    {
      /* The editing thread reads its own chunk pointers plainly. */
      const guint8 *chunk = state->chunks[c];
      guint cx0 = (c % self->chunks_x) * MS_ZONE_CHUNK_SIZE;
      guint cy0 = (c / self->chunks_x) * MS_ZONE_CHUNK_SIZE;
      guint8 bitmap[BITMAP_BYTES] = { 0, };
      g_autoptr(GByteArray) values = NULL;
      guint8 rec[4];

      if (chunk == NULL && ref_is_base)
        continue;
      for (guint i = 0; i < MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE; i++)
        {
          guint x = cx0 + i % MS_ZONE_CHUNK_SIZE, y = cy0 + i / MS_ZONE_CHUNK_SIZE;
          guint8 now[MS_ZONE_PLANT_INFO_SIZE], was[MS_ZONE_PLANT_INFO_SIZE];

          if (x >= self->width || y >= self->height)
            continue;
          if (chunk != NULL)
            memcpy (now, chunk + (gsize) i * bpt, bpt);
          else
            _ms_zone_read_base (self, layer, x, y, now);
          if (ref->mapping != NULL)
            {
              reference_tile (self, ref, layer, x, y, was);
              if (memcmp (now, was, bpt) == 0)
                continue;
            }
          if (values == NULL)
            values = g_byte_array_new ();
          bitmap[i / 8] |= 1 << (i % 8);
          g_byte_array_append (values, now, bpt);
          (*n_tiles)++;
        }
      if (values == NULL)
        continue;
      ms_wire_poke_u32 (rec, c);
      g_byte_array_append (out, rec, 4);
      g_byte_array_append (out, bitmap, BITMAP_BYTES);
      g_byte_array_append (out, values->data, values->len);
      n_records++;
    }
  return n_records;
}

typedef struct
{
  MsZone  *zone;
  guint64  n_tiles;   /* journalled: those that differ from the files */
} WriteJob;

static gboolean
write_journal (MsSaveStream  *stream,
               gpointer       user_data,
               GError       **error)
{
  WriteJob *job = user_data;
  MsZone *self = job->zone;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *dir = g_canonicalize_filename (self->dir, NULL);
  Writer w = { checksum, stream };
  guint8 digest[DIGEST_BYTES];
  gsize digest_len = sizeof digest;
  guint n_layers = 0;

  job->n_tiles = 0;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    n_layers += self->layers[l].dirty && self->layers[l].mapping != NULL;

  if (!put (&w, MAGIC, MAGIC_LEN, error) ||
      !put_u64 (&w, (guint64) g_get_real_time (), error) ||
      !put_u32 (&w, self->id, error) ||
      !put_u32 (&w, self->width, error) ||
      !put_u32 (&w, self->height, error) ||
      !put_u32 (&w, (guint32) strlen (dir), error) ||
      !put (&w, dir, strlen (dir), error) ||
      !put_u32 (&w, n_layers, error))
    return FALSE;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];
      g_autoptr(GByteArray) records = g_byte_array_new ();
      Reference ref;
      guint8 head[2] = { l, state->stamp.exists ? 1 : 0 };
      guint n_records;

      if (!state->dirty || state->mapping == NULL)
        continue;
      reference_init (self, l, &ref);
      n_records = collect_layer (self, l, &ref, records, &job->n_tiles);
      /* A file that shrank under its mapping was read as zeros somewhere:
       * journalling those would put them into the file on recovery.  The
       * write fails, and the journal written before stays. */
      if (!ms_mapping_check (state->mapping, error) ||
          (ref.mapping != NULL && !ms_mapping_check (ref.mapping, error)))
        {
          g_clear_object (&ref.mapping);
          return FALSE;
        }
      g_clear_object (&ref.mapping);

      if (!put (&w, head, 2, error) ||
          !put_u64 (&w, state->stamp.device, error) ||
          !put_u64 (&w, state->stamp.inode, error) ||
          !put_u64 (&w, state->stamp.size, error) ||
          !put_u64 (&w, (guint64) state->stamp.mtime_ns, error) ||
          !put_u32 (&w, n_records, error) ||
          !put (&w, records->data, records->len, error))
        return FALSE;
    }

  g_checksum_get_digest (checksum, digest, &digest_len);
  return ms_save_stream_write (stream, digest, digest_len, error);
}

/**
 * ms_zone_journal_write:
 * @path: where; its folder is made if missing
 *
 * @n_tiles: (out) (optional): the tiles journalled, those that differ from
 *   the layer files
 *
 * Journals every layer edited since it was last saved (none: a journal of
 * no tiles).  Replaces an older journal at @path, except when an edited
 * layer's file shrank under its mapping (MS_MAPPING_ERROR_CHANGED_ON_DISK):
 * then the older journal stays.
 */
gboolean
ms_zone_journal_write (MsZone      *zone,
                       const char  *path,
                       guint64     *n_tiles,
                       GError     **error)
{
  g_autofree char *parent = NULL;
  WriteJob job = { zone, 0 };

  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (zone->step_depth == 0, FALSE);

  parent = g_path_get_dirname (path);
  if (g_mkdir_with_parents (parent, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (parent);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not make the journal folder “%s”: %s", display, g_strerror (saved_errno));
      return FALSE;
    }
  if (!ms_save_file (path, NULL, MS_SAVE_FLAGS_NONE, write_journal, &job, NULL, error))
    return FALSE;
  if (n_tiles != NULL)
    *n_tiles = job.n_tiles;
  return TRUE;
}

/* ------------------------------------------------------------- reading -- */

typedef struct
{
  MsZoneLayer  layer;
  MsFileStamp  stamp;
  GArray      *indices;   /* guint32 row-major tile indices; NULL unless keeping tiles */
  GByteArray  *values;
  guint64      n_tiles;
} JournalLayer;

typedef struct
{
  gint64        time_us;
  guint         id;
  guint         width;
  guint         height;
  char         *dir;
  guint         n_layers;
  JournalLayer  layers[MS_ZONE_N_LAYERS];
} Journal;

static void
journal_clear (Journal *j)
{
  g_free (j->dir);
  for (guint i = 0; i < j->n_layers; i++)
    {
      g_clear_pointer (&j->layers[i].indices, g_array_unref);
      g_clear_pointer (&j->layers[i].values, g_byte_array_unref);
    }
}

static gboolean
corrupt (GError       **error,
         const char    *path,
         MsWireReader  *r,
         const char    *what)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_CORRUPT,
               "“%s” is not a valid zone journal: %s at offset %" G_GOFFSET_FORMAT,
               display, what, ms_wire_reader_offset (r));
  return FALSE;
}

#define NEED(ok, what) G_STMT_START { if (!(ok)) return corrupt (error, path, &r, (what)); } G_STMT_END

static gboolean
journal_parse (const char  *path,
               gboolean     keep_tiles,
               Journal     *j,
               GError     **error)
{
  g_autoptr(MsMapping) mapping = NULL;
  g_autoptr(GChecksum) checksum = NULL;
  MsWireReader r;
  guint8 digest[DIGEST_BYTES];
  gsize digest_len = sizeof digest;
  guint32 dir_len, n_layers, w, h;
  guint64 time_us;
  guint chunks_x, chunks_y;
  guint seen_layers = 0;

  memset (j, 0, sizeof *j);
  mapping = ms_mapping_new_for_path (path, error);
  if (mapping == NULL)
    return FALSE;
  ms_wire_reader_init (&r, ms_mapping_get_data (mapping), ms_mapping_get_length (mapping), 0);

  NEED (ms_wire_reader_remaining (&r) >= MAGIC_LEN &&
        memcmp (r.data, MAGIC, MAGIC_LEN) == 0, "no journal signature (MSZJRNL1)");
  r.pos += MAGIC_LEN;
  NEED (ms_wire_read_u64 (&r, &time_us), "truncated header (time)");
  NEED (ms_wire_read_u32 (&r, &j->id), "truncated header (zone id)");
  NEED (ms_wire_read_u32 (&r, &w), "truncated header (width)");
  NEED (w >= 1 && w <= G_MAXUINT16, "a zone width outside 1..65535");
  NEED (ms_wire_read_u32 (&r, &h), "truncated header (height)");
  NEED (h >= 1 && h <= G_MAXUINT16, "a zone height outside 1..65535");
  j->time_us = (gint64) time_us;
  j->width = w;
  j->height = h;
  chunks_x = (w + MS_ZONE_CHUNK_SIZE - 1) / MS_ZONE_CHUNK_SIZE;
  chunks_y = (h + MS_ZONE_CHUNK_SIZE - 1) / MS_ZONE_CHUNK_SIZE;
  NEED (ms_wire_read_u32 (&r, &dir_len), "truncated header (folder length)");
  NEED (dir_len <= ms_wire_reader_remaining (&r), "truncated folder name");
  j->dir = g_strndup ((const char *) r.data + r.pos, dir_len);
  NEED (strlen (j->dir) == dir_len, "a NUL byte in the folder name");
  {
    /* Never resolved against the working folder: "../.." once edited
     * another zone. */
    g_autofree char *canonical = g_canonicalize_filename (j->dir, "/");
    NEED (g_path_is_absolute (j->dir) && g_str_equal (canonical, j->dir),
          "a zone folder that is not an absolute, canonical path");
  }
  r.pos += dir_len;
  NEED (ms_wire_read_u32 (&r, &n_layers), "truncated header (layer count)");
  NEED (n_layers <= MS_ZONE_N_LAYERS, "more layers than a zone has");

  for (guint i = 0; i < n_layers; i++)
    {
      JournalLayer *jl = &j->layers[i];
      guint8 layer, exists;
      guint64 device, inode, size, mtime;
      guint32 n_chunks, last_chunk = 0;
      guint bpt;

      NEED (ms_wire_read_u8 (&r, &layer), "truncated layer record");
      NEED (layer < MS_ZONE_N_LAYERS, "an unknown layer");
      NEED (!(seen_layers & (1u << layer)), "a layer journaled twice");
      seen_layers |= 1u << layer;
      j->n_layers++;
      jl->layer = layer;
      bpt = ms_zone_layer_get_bytes_per_tile (layer);
      NEED (ms_wire_read_u8 (&r, &exists) && ms_wire_read_u64 (&r, &device) &&
            ms_wire_read_u64 (&r, &inode) && ms_wire_read_u64 (&r, &size) &&
            ms_wire_read_u64 (&r, &mtime), "truncated layer record (file stamp)");
      jl->stamp.exists = exists != 0;
      jl->stamp.device = device;
      jl->stamp.inode = inode;
      jl->stamp.size = size;
      jl->stamp.mtime_ns = (gint64) mtime;
      NEED (ms_wire_read_u32 (&r, &n_chunks), "truncated layer record (chunk count)");
      NEED (n_chunks <= chunks_x * chunks_y, "more chunks than the zone has");
      if (keep_tiles)
        {
          jl->indices = g_array_new (FALSE, FALSE, sizeof (guint32));
          jl->values = g_byte_array_new ();
        }

      for (guint k = 0; k < n_chunks; k++)
        {
          const guint8 *bitmap;
          guint32 chunk;
          guint cx0, cy0, n_set = 0;

          NEED (ms_wire_read_u32 (&r, &chunk), "truncated chunk record");
          NEED (chunk < chunks_x * chunks_y, "a chunk outside the zone");
          NEED (k == 0 || chunk > last_chunk, "chunks out of order");
          last_chunk = chunk;
          NEED (ms_wire_reader_remaining (&r) >= BITMAP_BYTES, "truncated chunk bitmap");
          bitmap = r.data + r.pos;
          cx0 = (chunk % chunks_x) * MS_ZONE_CHUNK_SIZE;
          cy0 = (chunk / chunks_x) * MS_ZONE_CHUNK_SIZE;
          for (guint t = 0; t < MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE; t++)
            {
              guint x = cx0 + t % MS_ZONE_CHUNK_SIZE, y = cy0 + t / MS_ZONE_CHUNK_SIZE;

              if (!(bitmap[t / 8] & (1 << (t % 8))))
                continue;
              NEED (x < w && y < h, "a journaled tile outside the zone");
              n_set++;
              if (keep_tiles)
                {
                  guint32 index = y * w + x;
                  g_array_append_val (jl->indices, index);
                }
            }
          r.pos += BITMAP_BYTES;
          NEED ((guint64) n_set * bpt <= ms_wire_reader_remaining (&r), "truncated tile values");
          if (keep_tiles)
            g_byte_array_append (jl->values, r.data + r.pos, n_set * bpt);
          r.pos += (gsize) n_set * bpt;
          jl->n_tiles += n_set;
        }
    }

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, r.data, (gssize) r.pos);
  g_checksum_get_digest (checksum, digest, &digest_len);
  NEED (ms_wire_reader_remaining (&r) >= DIGEST_BYTES, "truncated checksum");
  NEED (memcmp (r.data + r.pos, digest, DIGEST_BYTES) == 0,
        "the checksum does not match (the file was damaged)");
  r.pos += DIGEST_BYTES;
  NEED (ms_wire_reader_remaining (&r) == 0, "bytes after the checksum");
  return TRUE;
}

#undef NEED

static MsZoneJournalInfo *
info_from_journal (const char *path,
                   Journal    *j)
{
  MsZoneJournalInfo *info = g_new0 (MsZoneJournalInfo, 1);

  info->path = g_strdup (path);
  info->dir = g_strdup (j->dir);
  info->zone_id = j->id;
  info->width = j->width;
  info->height = j->height;
  info->time_us = j->time_us;
  for (guint i = 0; i < j->n_layers; i++)
    {
      JournalLayer *jl = &j->layers[i];
      g_autofree char *name = NULL;
      g_autofree char *file = NULL;
      MsFileStamp now;

      if (jl->n_tiles == 0)
        continue;
      info->layers |= 1u << jl->layer;
      info->n_tiles += jl->n_tiles;
      name = ms_zone_layer_filename (jl->layer, j->id);
      file = g_build_filename (j->dir, name, NULL);
      if (!ms_file_stamp_read (&now, file, NULL) || !ms_file_stamp_equal (&now, &jl->stamp))
        info->changed_on_disk = TRUE;
    }
  return info;
}

MsZoneJournalInfo *
ms_zone_journal_read_info (const char  *path,
                           GError     **error)
{
  Journal j;
  MsZoneJournalInfo *info;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!journal_parse (path, FALSE, &j, error))
    {
      journal_clear (&j);
      return NULL;
    }
  info = info_from_journal (path, &j);
  journal_clear (&j);
  return info;
}

/* The same folder, through symlinks too. */
static gboolean
same_folder (const char *a,
             const char *b)
{
  g_autofree char *ca = g_canonicalize_filename (a, NULL);
  g_autofree char *cb = g_canonicalize_filename (b, NULL);
  char *ra, *rb;
  gboolean same;

  if (g_str_equal (ca, cb))
    return TRUE;
  ra = realpath (ca, NULL);
  rb = realpath (cb, NULL);
  same = ra != NULL && rb != NULL && strcmp (ra, rb) == 0;
  free (ra);
  free (rb);
  return same;
}

gboolean
ms_zone_journal_apply (MsZone      *zone,
                       const char  *path,
                       GError     **error)
{
  g_autofree char *display = NULL;
  Journal j;
  gboolean ok = FALSE;

  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!journal_parse (path, TRUE, &j, error))
    goto out;

  display = g_filename_display_name (path);
  if (j.id != zone->id || j.width != zone->width || j.height != zone->height)
    {
      g_set_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_MISMATCH,
                   "“%s” journals zone %u (%u×%u), not zone %u (%u×%u)", display,
                   j.id, j.width, j.height, zone->id, zone->width, zone->height);
      goto out;
    }
  if (!same_folder (j.dir, zone->dir))
    {
      g_autofree char *zone_dir = g_canonicalize_filename (zone->dir, NULL);
      g_set_error (error, MS_ZONE_JOURNAL_ERROR, MS_ZONE_JOURNAL_ERROR_MISMATCH,
                   "“%s” journals zone %u in “%s”, not the zone in “%s”", display,
                   j.id, j.dir, zone_dir);
      goto out;
    }
  for (guint i = 0; i < j.n_layers; i++)
    if (j.layers[i].n_tiles > 0 && zone->layers[j.layers[i].layer].mapping == NULL)
      {
        g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                     "“%s” has edits of the %s layer, which zone %u lacks (%s)", display,
                     ms_zone_layer_get_name (j.layers[i].layer), zone->id,
                     zone->layers[j.layers[i].layer].path);
        goto out;
      }

  ms_zone_begin_step (zone);
  for (guint i = 0; i < j.n_layers; i++)
    {
      JournalLayer *jl = &j.layers[i];

      _ms_zone_write_tiles (zone, jl->layer, jl->indices->len,
                            (const guint32 *) (const void *) jl->indices->data, jl->values->data);
    }
  ms_zone_end_step (zone);
  ok = TRUE;

out:
  journal_clear (&j);
  return ok;
}

static char *
journal_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "mapsmith", "journal", NULL);
}

char *
ms_zone_journal_default_path (MsZone *zone)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  /* The hash tells apart folders of the same name; the name is for people. */
  dir = g_canonicalize_filename (zone->dir, NULL);
  base = g_path_get_basename (dir);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, dir, -1);
  hash[16] = '\0';
  name = g_strdup_printf ("%s-%04u-%s" JOURNAL_SUFFIX, base, zone->id, hash);
  folder = journal_dir ();
  return g_build_filename (folder, name, NULL);
}

static int
compare_infos (gconstpointer a,
               gconstpointer b)
{
  const MsZoneJournalInfo *ia = *(MsZoneJournalInfo * const *) a;
  const MsZoneJournalInfo *ib = *(MsZoneJournalInfo * const *) b;

  return strcmp (ia->path, ib->path);
}

GPtrArray *
ms_zone_journal_list (GError **error)
{
  g_autoptr(GPtrArray) infos = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_zone_journal_info_free);
  g_autofree char *folder = journal_dir ();
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *name;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  d = g_dir_open (folder, 0, &local_error);
  if (d == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&infos);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) read_error = NULL;
      MsZoneJournalInfo *info;

      if (!g_str_has_suffix (name, JOURNAL_SUFFIX))
        continue;
      path = g_build_filename (folder, name, NULL);
      info = ms_zone_journal_read_info (path, &read_error);
      if (info == NULL)
        {
          info = g_new0 (MsZoneJournalInfo, 1);
          info->path = g_strdup (path);
          info->problem = g_strdup (read_error->message);
        }
      g_ptr_array_add (infos, info);
    }
  g_ptr_array_sort (infos, compare_infos);
  return g_steal_pointer (&infos);
}
