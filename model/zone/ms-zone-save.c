/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes the edited layers of a zone as one MsSaveTransaction (each a
 * verified temporary file first, then all renamed under an intent record),
 * streaming the overlay over the mapping a row at a time: a save never
 * holds a layer in memory.  The mapping stays the base after a save (the renamed-over file
 * lives on while mapped), so undo history stays valid.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <string.h>

#include "ms-save.h"
#include "ms-zone-private.h"

typedef struct
{
  MsZone      *zone;
  MsZoneLayer  layer;
  guint        out_bpt;
} WriteContext;

static gboolean
write_layer (MsSaveStream  *stream,
             gpointer       user_data,
             GError       **error)
{
  WriteContext *ctx = user_data;
  MsZone *self = ctx->zone;
  MsZoneLayerState *state = &self->layers[ctx->layer];
  guint bpt = ms_zone_layer_get_bytes_per_tile (ctx->layer);
  g_autofree guint8 *row = g_malloc ((gsize) self->width * ctx->out_bpt);
  guint8 tile[MS_ZONE_PLANT_INFO_SIZE];

  g_assert (bpt <= sizeof tile);

  for (guint y = 0; y < self->height; y++)
    {
      for (guint cx = 0; cx < self->chunks_x; cx++)
        {
          guint x0 = cx * MS_ZONE_CHUNK_SIZE;
          guint x1 = MIN (x0 + MS_ZONE_CHUNK_SIZE, self->width);
          const guint8 *chunk = state->chunks[_ms_zone_chunk_index (self, x0, y)];

          if (chunk == NULL && state->mapping != NULL && state->file_bpt == ctx->out_bpt)
            {
              memcpy (row + (gsize) x0 * ctx->out_bpt,
                      ms_mapping_get_data (state->mapping) +
                        ((gsize) y * self->width + x0) * ctx->out_bpt,
                      (gsize) (x1 - x0) * ctx->out_bpt);
              continue;
            }
          for (guint x = x0; x < x1; x++)
            {
              ms_zone_read_tile (self, ctx->layer, x, y, tile);
              /* out_bpt < bpt only for a 1-byte control file, whose flags
               * were checked to fit the low byte. */
              memcpy (row + (gsize) x * ctx->out_bpt, tile, ctx->out_bpt);
            }
        }
      if (!ms_save_stream_write (stream, row, (gsize) self->width * ctx->out_bpt, error))
        return FALSE;
    }
  /* A page the file lost while we read it came as zeros: the temporary
   * file must not replace the user's. */
  return state->mapping == NULL || ms_mapping_check (state->mapping, error);
}

/* Does any edited control tile use a flag above bit 7? */
static gboolean
control_needs_two_bytes (MsZone *self)
{
  MsZoneLayerState *state = &self->layers[MS_ZONE_LAYER_CONTROL];

  for (guint c = 0; c < _ms_zone_n_chunks (self); c++)
    {
      const guint8 *chunk = state->chunks[c];

      if (chunk == NULL)
        continue;
      for (guint i = 0; i < MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE; i++)
        if (chunk[2 * i + 1] != 0)
          return TRUE;
    }
  return FALSE;
}

gboolean
ms_zone_is_layer_dirty (MsZone      *self,
                        MsZoneLayer  layer)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (layer < MS_ZONE_N_LAYERS, FALSE);
  return self->layers[layer].dirty;
}

/* Modified is where the history stands, not whether a layer was ever
 * written: undoing back to the opened or saved state makes the zone clean
 * again (its layers stay marked for writing, which rewrites equal bytes). */
gboolean
ms_zone_is_dirty (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  return _ms_zone_get_top_serial (self) != self->saved_serial;
}

static gboolean save_layers (MsZone *self, MsZoneSaveFlags flags, GPtrArray *warnings,
                             GCancellable *cancellable, gboolean *wrote, GError **error);

/**
 * ms_zone_save:
 * @flags: %MS_ZONE_SAVE_FLAGS_FORCE replaces files that changed on disk
 *   since they were opened (the game server rewrites them on a timer)
 * @warnings: (nullable): receives a string per warning, e.g. a 1-byte
 *   control file widened to 2 bytes
 *
 * Writes every layer edited since it was opened or last saved.  Every file
 * is checked against its opening stamp before any is written, so a refusal
 * writes nothing; so does an edited layer whose file shrank under its
 * mapping (MS_MAPPING_ERROR_CHANGED_ON_DISK), even forced, since what was
 * read of it is not the file.  The layers are replaced as one transaction
 * (ms_save_transaction_commit()): if any fails, none is saved, and a crash
 * at any instant is finished or undone at the next open.  A read-only
 * file, or one whose owner cannot be kept, is refused unless forced.
 */
gboolean
ms_zone_save (MsZone          *self,
              MsZoneSaveFlags  flags,
              GPtrArray       *warnings,
              GCancellable    *cancellable,
              GError         **error)
{
  gboolean wrote = FALSE;
  gboolean ok;

  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  g_return_val_if_fail (self->step_depth == 0, FALSE);

  ok = save_layers (self, flags, warnings, cancellable, &wrote, error);
  if (wrote)
    _ms_zone_emit_saved (self);
  return ok;
}

char *
_ms_zone_save_record_path (const char *dir,
                           guint       zone_id)
{
  g_autofree char *name = g_strdup_printf (".mapsmith-save.%04u.intent", zone_id);
  return g_build_filename (dir, name, NULL);
}

static char *
dirty_names (MsZone *self)
{
  g_autoptr(GString) s = g_string_new (NULL);
  guint n = 0, total = 0;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    total += self->layers[l].dirty;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      g_autofree char *base = NULL;

      if (!self->layers[l].dirty)
        continue;
      base = g_path_get_basename (self->layers[l].path);
      if (n > 0)
        g_string_append (s, n + 1 == total ? " and " : ", ");
      g_string_append (s, base);
      n++;
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
save_layers (MsZone          *self,
             MsZoneSaveFlags  flags,
             GPtrArray       *warnings,
             GCancellable    *cancellable,
             gboolean        *wrote,
             GError         **error)
{
  MsSaveFlags save_flags = (flags & MS_ZONE_SAVE_FLAGS_FORCE) ?
                           MS_SAVE_FLAGS_OVERWRITE_CHANGED | MS_SAVE_FLAGS_OVERWRITE_READ_ONLY :
                           MS_SAVE_FLAGS_NONE;
  g_autofree char *record = _ms_zone_save_record_path (self->dir, self->id);
  g_autoptr(MsSaveTransaction) transaction = ms_save_transaction_new (record);
  g_autoptr(GError) local_error = NULL;
  guint out_bpt[MS_ZONE_N_LAYERS] = { 0, };

  /* A layer whose file shrank under its mapping has been read as zeros
   * somewhere: never written, even when forced. */
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    if (self->layers[l].dirty && !ms_zone_check_layer (self, l, error))
      {
        g_prefix_error (error, "Nothing was saved: ");
        return FALSE;
      }

  if (!(flags & MS_ZONE_SAVE_FLAGS_FORCE))
    for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
      {
        MsFileStamp now;

        if (!self->layers[l].dirty)
          continue;
        if (!ms_file_stamp_read (&now, self->layers[l].path, error))
          return FALSE;
        if (!ms_file_stamp_equal (&now, &self->layers[l].stamp))
          {
            g_autofree char *display = g_filename_display_name (self->layers[l].path);
            g_set_error (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK,
                         "Could not save “%s”: the file %s since it was opened (the game "
                         "server may have saved it); nothing was written — reload, or "
                         "force the save to overwrite it", display,
                         now.exists ? "changed on disk" : "was removed");
            return FALSE;
          }
      }

  /* Every new file is written and verified before any is put in place. */
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];
      WriteContext ctx = { self, l, ms_zone_layer_get_bytes_per_tile (l) };

      if (!state->dirty)
        continue;

      if (l == MS_ZONE_LAYER_CONTROL && state->disk_bpt == 1)
        {
          if (control_needs_two_bytes (self))
            {
              if (warnings != NULL)
                g_ptr_array_add (warnings,
                                 g_strdup_printf ("%s: a flag above bit 7 is set, so the legacy "
                                                  "1-byte control file is written in the 2-byte "
                                                  "form", state->path));
            }
          else
            ctx.out_bpt = 1;
        }

      if (!ms_save_transaction_add (transaction, state->path, &state->stamp, save_flags,
                                    write_layer, &ctx, cancellable, &local_error))
        {
          /* Name the whole set: one layer failing means none is saved.  (A
           * failed commit says so itself.) */
          g_autofree char *names = dirty_names (self);
          g_prefix_error (&local_error, "Nothing was saved (%s %s): ", names,
                          strstr (names, " and ") != NULL ? "are as they were" : "is as it was");
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      out_bpt[l] = ctx.out_bpt;
    }
  if (!ms_save_transaction_commit (transaction, error))
    return FALSE;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];

      if (!state->dirty)
        continue;
      *wrote = TRUE;
      state->disk_bpt = out_bpt[l];
      state->dirty = FALSE;
      if (!ms_file_stamp_read (&state->stamp, state->path, error))
        return FALSE;
    }
  self->saved_serial = _ms_zone_get_top_serial (self);
  return TRUE;
}
