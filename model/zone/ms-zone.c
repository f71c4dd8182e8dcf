/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone layer set: which files exist (their size: ms-zone-size.c), and
 * typed reads of a tile through the edit overlay.  Files are mapped, never
 * copied: a 2048x2048 zone's 60 MB of layers cost address space, not heap.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <string.h>

#include "ms-save.h"
#include "ms-wire.h"
#include "ms-zone-directory.h"
#include "ms-zone-private.h"

G_DEFINE_QUARK (ms-zone-error-quark, ms_zone_error)

G_DEFINE_FINAL_TYPE (MsZone, ms_zone, G_TYPE_OBJECT)

enum
{
  SIGNAL_CHANGED,
  SIGNAL_SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ms_zone_finalize (GObject *object)
{
  MsZone *self = MS_ZONE (object);

  /* Nobody reads a zone without a reference: free it all now. */
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];

      if (state->chunks != NULL)
        for (guint c = 0; c < _ms_zone_n_chunks (self); c++)
          g_free (state->chunks[c]);
      g_clear_pointer (&state->chunks, g_free);
      g_clear_object (&state->mapping);
      g_clear_pointer (&state->path, g_free);
    }
  _ms_zone_free_slope_cache (self);
  g_clear_pointer (&self->step, _ms_zone_undo_step_free);
  g_clear_pointer (&self->step_seen, g_hash_table_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  ms_zone_reclamation_clear (&self->reclamation);
  g_clear_pointer (&self->open_notes, g_ptr_array_unref);
  g_clear_object (&self->profile);
  g_clear_pointer (&self->dir, g_free);

  G_OBJECT_CLASS (ms_zone_parent_class)->finalize (object);
}

static void
ms_zone_class_init (MsZoneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ms_zone_finalize;

  /**
   * MsZone::changed:
   * @layer: the MsZoneLayer that changed
   * @x, @y, @width, @height: the tiles that may differ (row-major tiles)
   *
   * So a view re-uploads only what an edit, undo or redo touched.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 5,
                  G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * MsZone::saved:
   *
   * After ms_zone_save () wrote at least one layer file (also when a later
   * layer then failed): the dirty state changed without a "changed", and an
   * autosave journal may have become stale (ms-zone-autosave.h).
   */
  signals[SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ms_zone_init (MsZone *self)
{
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) _ms_zone_undo_step_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) _ms_zone_undo_step_free);
  ms_zone_reclamation_init (&self->reclamation, g_free);
  self->open_notes = g_ptr_array_new_with_free_func (g_free);
}

char *
ms_zone_layer_filename (MsZoneLayer layer,
                        guint       zone_id)
{
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, NULL);
  return g_strdup_printf ("%s.%04u.bin", ms_zone_layer_get_name (layer), zone_id);
}

/* only: a layer to open alone, or MS_ZONE_N_LAYERS for every present one. */
static MsZone *
zone_open (const char   *dir,
           guint         zone_id,
           MsZoneLayer   only,
           guint         width,
           guint         height,
           MsProfile    *profile,
           GError      **error)
{
  g_autoptr(MsZone) self = g_object_new (MS_TYPE_ZONE, NULL);
  gboolean any = FALSE;

  if ((width == 0) != (height == 0))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                   "A zone size needs both a width and a height");
      return NULL;
    }
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND,
                   "“%s” is not a folder", dir);
      return NULL;
    }

  self->dir = g_strdup (dir);
  self->id = zone_id;
  self->profile = profile != NULL ? g_object_ref (profile) : ms_profile_new_default ();

  /* A save that died half-way is finished or undone before any layer is
   * mapped, so the zone is seen whole; then its leftovers go. */
  {
    g_autofree char *record = _ms_zone_save_record_path (dir, zone_id);
    g_autofree char *note = NULL;

    if (!ms_save_transaction_recover (record, &note, error))
      return NULL;
    if (note != NULL)
      g_ptr_array_add (self->open_notes, g_steal_pointer (&note));
    /* The record is written atomically too: its own temporary file. */
    (void) ms_save_remove_stale_files (record);
  }

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];
      g_autofree char *name = ms_zone_layer_filename (l, zone_id);

      state->path = g_build_filename (dir, name, NULL);
      state->file_bpt = ms_zone_layer_get_bytes_per_tile (l);
      if (only != MS_ZONE_N_LAYERS && only != l)
        continue;
      if (ms_save_remove_stale_files (state->path) > 0)
        g_debug ("removed leftovers of an interrupted save of %s", state->path);
      if (!g_file_test (state->path, G_FILE_TEST_EXISTS))
        continue;
      state->mapping = ms_mapping_new_for_path (state->path, error);
      if (state->mapping == NULL)
        return NULL;
      state->stamp = *ms_mapping_get_stamp (state->mapping);
      any = TRUE;
    }

  if (!any)
    {
      g_autoptr(GArray) ids = ms_zone_directory_list_ids (dir, NULL);
      g_autoptr(GString) present = g_string_new (NULL);

      for (guint i = 0; ids != NULL && i < ids->len; i++)
        g_string_append_printf (present, "%s%u", i == 0 ? "" : ", ", g_array_index (ids, guint, i));
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND,
                   "No layer files of zone %u (%s.%04u.bin, …) in “%s”; %s%s",
                   zone_id, "control", zone_id, dir,
                   present->len > 0 ? "the folder has zones " : "the folder has no zone layer files",
                   present->str);
      return NULL;
    }

  if (!_ms_zone_choose_size (self, &width, &height, error))
    return NULL;

  self->width = width;
  self->height = height;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    self->layers[l].disk_bpt = self->layers[l].file_bpt;
  self->chunks_x = (width + MS_ZONE_CHUNK_SIZE - 1) / MS_ZONE_CHUNK_SIZE;
  self->chunks_y = (height + MS_ZONE_CHUNK_SIZE - 1) / MS_ZONE_CHUNK_SIZE;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    self->layers[l].chunks = g_new0 (guint8 *, _ms_zone_n_chunks (self));
  /* Allocated now, not on first use, so readers never race to make it. */
  self->slope_chunks = g_new0 (gpointer, _ms_zone_n_chunks (self));

  return g_steal_pointer (&self);
}

/**
 * ms_zone_new_for_dir:
 * @width: @height: the zone size, or 0, 0 to infer it: 2048×2048 when every
 *   present file fits, else the square size they all agree on
 *
 * Maps every present layer file of zone @zone_id in @dir.
 */
MsZone *
ms_zone_new_for_dir (const char  *dir,
                     guint        zone_id,
                     guint        width,
                     guint        height,
                     MsProfile   *profile,
                     GError     **error)
{
  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  return zone_open (dir, zone_id, MS_ZONE_N_LAYERS, width, height, profile, error);
}

MsZone *
ms_zone_new_for_file (const char  *path,
                      guint        width,
                      guint        height,
                      MsProfile   *profile,
                      GError     **error)
{
  g_autofree char *base = NULL;
  g_autofree char *dir = NULL;
  g_auto(GStrv) parts = NULL;
  MsZoneLayer layer;
  guint64 id;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  base = g_path_get_basename (path);
  dir = g_path_get_dirname (path);
  parts = g_strsplit (base, ".", -1);
  if (g_strv_length (parts) != 3 || !g_str_equal (parts[2], "bin") ||
      !ms_zone_layer_from_name (parts[0], &layer) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &id, NULL))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                   "“%s” is not named like a zone layer ({layer}.{zone id}.bin, e.g. "
                   "plants.0042.bin)", base);
      return NULL;
    }
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND,
                   "“%s” does not exist", path);
      return NULL;
    }
  return zone_open (dir, (guint) id, layer, width, height, profile, error);
}

/**
 * ms_zone_get_open_notes:
 *
 * Returns: (transfer none): what opening the zone did that its user should
 * hear of (an interrupted save finished or undone), as strings; often empty
 */
GPtrArray *
ms_zone_get_open_notes (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), NULL);
  return self->open_notes;
}

guint
ms_zone_get_id (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), 0);
  return self->id;
}

guint
ms_zone_get_width (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), 0);
  return self->width;
}

guint
ms_zone_get_height (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), 0);
  return self->height;
}

MsProfile *
ms_zone_get_profile (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), NULL);
  return self->profile;
}

/* Only terraformable zones ship a blend mask. */
gboolean
ms_zone_is_terraformable (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  return self->layers[MS_ZONE_LAYER_ALTITUDE_BLEND].mapping != NULL;
}

gboolean
ms_zone_has_layer (MsZone      *self,
                   MsZoneLayer  layer)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, FALSE);
  return self->layers[layer].mapping != NULL;
}

const char *
ms_zone_get_layer_path (MsZone      *self,
                        MsZoneLayer  layer)
{
  g_return_val_if_fail (MS_IS_ZONE (self), NULL);
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, NULL);
  return self->layers[layer].path;
}

const MsFileStamp *
ms_zone_get_layer_stamp (MsZone      *self,
                         MsZoneLayer  layer)
{
  g_return_val_if_fail (MS_IS_ZONE (self), NULL);
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, NULL);
  return &self->layers[layer].stamp;
}

gboolean
ms_zone_check_layer (MsZone       *self,
                     MsZoneLayer   layer,
                     GError      **error)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, FALSE);

  return self->layers[layer].mapping == NULL || ms_mapping_check (self->layers[layer].mapping, error);
}

gboolean
ms_zone_check_layers (MsZone       *self,
                      MsZoneLayer  *bad_layer,
                      GError      **error)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    if (!ms_zone_check_layer (self, l, error))
      {
        if (bad_layer != NULL)
          *bad_layer = l;
        return FALSE;
      }
  return TRUE;
}

guint
ms_zone_get_file_bytes_per_tile (MsZone      *self,
                                 MsZoneLayer  layer)
{
  g_return_val_if_fail (MS_IS_ZONE (self), 0);
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, 0);
  return self->layers[layer].mapping != NULL ? self->layers[layer].disk_bpt : 0;
}

void
_ms_zone_read_base (MsZone      *self,
                    MsZoneLayer  layer,
                    guint        x,
                    guint        y,
                    guint8      *out)
{
  MsZoneLayerState *state = &self->layers[layer];
  guint bpt = ms_zone_layer_get_bytes_per_tile (layer);
  const guint8 *p;

  if (state->mapping == NULL)
    {
      memset (out, 0, bpt);
      return;
    }
  p = ms_mapping_get_data (state->mapping) + ((gsize) y * self->width + x) * state->file_bpt;
  if (state->file_bpt == bpt)
    memcpy (out, p, bpt);
  else
    {
      /* Legacy 1-byte control, widened as the server's loader does. */
      out[0] = p[0];
      out[1] = 0;
    }
}

void
_ms_zone_read_tile_in_section (MsZone      *self,
                               MsZoneLayer  layer,
                               guint        x,
                               guint        y,
                               guint8      *out)
{
  guint8 **slot = &self->layers[layer].chunks[_ms_zone_chunk_index (self, x, y)];
  const guint8 *chunk = g_atomic_pointer_get (slot);
  guint bpt;

  if (chunk == NULL)
    {
      _ms_zone_read_base (self, layer, x, y, out);
      return;
    }
  bpt = ms_zone_layer_get_bytes_per_tile (layer);
  memcpy (out,
          chunk + ((y % MS_ZONE_CHUNK_SIZE) * MS_ZONE_CHUNK_SIZE + x % MS_ZONE_CHUNK_SIZE) * bpt,
          bpt);
}

/**
 * ms_zone_read_tile:
 *
 * Safe from any thread while one thread edits: the tile is as it was
 * before or after each edit, undo or redo, never between.
 */
void
ms_zone_read_tile (MsZone      *self,
                   MsZoneLayer  layer,
                   guint        x,
                   guint        y,
                   guint8      *out)
{
  MsZoneReader *reader;

  g_return_if_fail (MS_IS_ZONE (self));
  g_return_if_fail (layer < MS_ZONE_N_LAYERS);
  g_return_if_fail (x < self->width && y < self->height);

  /* An unedited chunk reads the mapping, which never changes and is never
   * freed: no section needed.  Most of a zone is unedited. */
  if (g_atomic_pointer_get (&self->layers[layer].chunks[_ms_zone_chunk_index (self, x, y)]) == NULL)
    {
      _ms_zone_read_base (self, layer, x, y, out);
      return;
    }
  reader = ms_zone_reclamation_read_begin ();
  _ms_zone_read_tile_in_section (self, layer, x, y, out);
  ms_zone_reclamation_read_end (reader);
}

static guint16
read_u16 (MsZone      *self,
          MsZoneLayer  layer,
          guint        x,
          guint        y)
{
  guint8 b[2];

  ms_zone_read_tile (self, layer, x, y, b);
  return ms_wire_peek_u16 (b);
}

guint16
ms_zone_get_control (MsZone *self,
                     guint   x,
                     guint   y)
{
  return read_u16 (self, MS_ZONE_LAYER_CONTROL, x, y);
}

guint8
ms_zone_get_blocking_flags (MsZone *self,
                            guint   x,
                            guint   y)
{
  guint8 b[2];

  ms_zone_read_tile (self, MS_ZONE_LAYER_BLOCKS, x, y, b);
  return b[0];
}

guint8
ms_zone_get_blocking_height (MsZone *self,
                             guint   x,
                             guint   y)
{
  guint8 b[2];

  ms_zone_read_tile (self, MS_ZONE_LAYER_BLOCKS, x, y, b);
  return b[1];
}

void
ms_zone_get_plant (MsZone *self,
                   guint   x,
                   guint   y,
                   guint8  out[MS_ZONE_PLANT_INFO_SIZE])
{
  ms_zone_read_tile (self, MS_ZONE_LAYER_PLANTS, x, y, out);
}

guint8
ms_zone_get_spawn (MsZone *self,
                   guint   x,
                   guint   y)
{
  guint8 b[MS_ZONE_PLANT_INFO_SIZE];

  ms_zone_read_tile (self, MS_ZONE_LAYER_PLANTS, x, y, b);
  return b[MS_ZONE_PLANT_SPAWN];
}

guint16
ms_zone_get_altitude (MsZone *self,
                      guint   x,
                      guint   y)
{
  return read_u16 (self, MS_ZONE_LAYER_ALTITUDE, x, y);
}

guint16
ms_zone_get_height_at (MsZone *self,
                       guint   x,
                       guint   y)
{
  return read_u16 (self, MS_ZONE_LAYER_ALTITUDE, x, y) >> 5;
}

guint16
ms_zone_get_altitude_blend (MsZone *self,
                            guint   x,
                            guint   y)
{
  return read_u16 (self, MS_ZONE_LAYER_ALTITUDE_BLEND, x, y);
}

guint16
ms_zone_get_altitude_original (MsZone *self,
                               guint   x,
                               guint   y)
{
  return read_u16 (self, MS_ZONE_LAYER_ALTITUDE_ORIGINAL, x, y);
}

void
_ms_zone_emit_changed (MsZone      *self,
                       MsZoneLayer  layer,
                       guint        x0,
                       guint        y0,
                       guint        x1,
                       guint        y1)
{
  _ms_zone_invalidate_derived (self, layer, x0, y0, x1, y1);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, (guint) layer, x0, y0, x1 - x0, y1 - y0);
}

void
_ms_zone_emit_saved (MsZone *self)
{
  g_signal_emit (self, signals[SIGNAL_SAVED], 0);
}
