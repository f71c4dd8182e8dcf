/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The copy-on-write overlay and its undo history.
 *
 * Each layer has one pointer per 64x64-tile chunk: NULL means "read the
 * mapping", otherwise a private copy of that chunk.  The first write to a
 * chunk within a step records the chunk's previous state (a copy, or NULL);
 * undo swaps that record with the chunk, which leaves the record holding
 * exactly what redo needs.  So history costs one chunk per chunk a step
 * touched, whatever the size of the zone.
 *
 * Other threads may read while this one edits, so a published chunk is
 * never written: an apply writes private copies of the chunks it touches
 * and publishes each with one atomic pointer store when it is done, and
 * undo and redo swap pointers the same way.  The chunk a step's first write
 * replaces becomes its undo record, as before; one a later apply of the
 * same step replaces, and the chunks of discarded redo steps, are retired
 * (ms-zone-reclamation.c) rather than freed, since a reader may still be
 * in them.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-wire.h"
#include "ms-zone-private.h"

void
_ms_zone_undo_step_free (MsZoneUndoStep *step)
{
  for (guint i = 0; i < step->records->len; i++)
    g_free (g_array_index (step->records, MsZoneUndoRecord, i).data);
  g_array_unref (step->records);
  g_free (step);
}

static MsZoneUndoStep *
undo_step_new (void)
{
  MsZoneUndoStep *step = g_new0 (MsZoneUndoStep, 1);

  step->records = g_array_new (FALSE, FALSE, sizeof (MsZoneUndoRecord));
  return step;
}

static void
chunk_rect (MsZone *self,
            guint   chunk,
            guint   rect[4])
{
  rect[0] = (chunk % self->chunks_x) * MS_ZONE_CHUNK_SIZE;
  rect[1] = (chunk / self->chunks_x) * MS_ZONE_CHUNK_SIZE;
  rect[2] = MIN (rect[0] + MS_ZONE_CHUNK_SIZE, self->width);
  rect[3] = MIN (rect[1] + MS_ZONE_CHUNK_SIZE, self->height);
}

guint8 *
_ms_zone_chunk_new_from_base (MsZone      *self,
                              MsZoneLayer  layer,
                              guint        chunk)
{
  MsZoneLayerState *state = &self->layers[layer];
  guint bpt = ms_zone_layer_get_bytes_per_tile (layer);
  guint8 *data = g_malloc0 (_ms_zone_chunk_bytes (layer));
  guint r[4];

  if (state->mapping == NULL)
    return data;

  chunk_rect (self, chunk, r);
  for (guint y = r[1]; y < r[3]; y++)
    {
      guint8 *row = data + (gsize) (y - r[1]) * MS_ZONE_CHUNK_SIZE * bpt;

      if (state->file_bpt == bpt)
        memcpy (row,
                ms_mapping_get_data (state->mapping) + ((gsize) y * self->width + r[0]) * bpt,
                (gsize) (r[2] - r[0]) * bpt);
      else
        for (guint x = r[0]; x < r[2]; x++)
          _ms_zone_read_base (self, layer, x, y, row + (gsize) (x - r[0]) * bpt);
    }
  return data;
}

/* The chunks one apply writes, each a private copy until published. */
typedef struct
{
  guint    chunk;
  guint8  *data;
  gboolean replaces_step_copy;  /* of an earlier apply of this step */
} ChunkCopy;

typedef struct
{
  MsZone      *zone;
  MsZoneLayer  layer;
  GArray      *copies;       /* ChunkCopy */
  GHashTable  *index;        /* chunk + 1 -> its position in copies + 1 */
  guint        last_chunk;   /* spans run along rows: most writes hit it */
  guint8      *last_data;
} Edit;

static void
edit_init (Edit        *edit,
           MsZone      *self,
           MsZoneLayer  layer)
{
  edit->zone = self;
  edit->layer = layer;
  edit->copies = g_array_new (FALSE, FALSE, sizeof (ChunkCopy));
  edit->index = g_hash_table_new (NULL, NULL);
  edit->last_chunk = G_MAXUINT;
  edit->last_data = NULL;
}

/* The private copy of @chunk, made from what readers see now, recording
 * that for undo the first time the open step touches the chunk. */
static guint8 *
edit_copy (Edit  *edit,
           guint  chunk)
{
  MsZone *self = edit->zone;
  guint8 *published = g_atomic_pointer_get (&self->layers[edit->layer].chunks[chunk]);
  guint key = edit->layer * _ms_zone_n_chunks (self) + chunk;
  gpointer pos = g_hash_table_lookup (edit->index, GUINT_TO_POINTER (chunk + 1));
  ChunkCopy copy = { chunk, NULL, FALSE };

  g_assert (self->step != NULL);

  if (pos != NULL)
    return g_array_index (edit->copies, ChunkCopy, GPOINTER_TO_UINT (pos) - 1).data;

  copy.data = published != NULL ? g_memdup2 (published, _ms_zone_chunk_bytes (edit->layer))
                                : _ms_zone_chunk_new_from_base (self, edit->layer, chunk);
  if (!g_hash_table_contains (self->step_seen, GUINT_TO_POINTER (key + 1)))
    {
      /* Published until this apply ends, then the record's. */
      MsZoneUndoRecord record = { edit->layer, chunk, published };

      g_array_append_val (self->step->records, record);
      g_hash_table_add (self->step_seen, GUINT_TO_POINTER (key + 1));
    }
  else
    copy.replaces_step_copy = TRUE;
  g_array_append_val (edit->copies, copy);
  g_hash_table_insert (edit->index, GUINT_TO_POINTER (chunk + 1),
                       GUINT_TO_POINTER (edit->copies->len));
  return copy.data;
}

/* The bytes of tile (x, y) in its chunk's private copy. */
static guint8 *
tile_for_write (Edit  *edit,
                guint  x,
                guint  y)
{
  guint chunk = _ms_zone_chunk_index (edit->zone, x, y);

  if (chunk != edit->last_chunk)
    {
      edit->last_data = edit_copy (edit, chunk);
      edit->last_chunk = chunk;
    }
  return edit->last_data +
         ((y % MS_ZONE_CHUNK_SIZE) * MS_ZONE_CHUNK_SIZE + x % MS_ZONE_CHUNK_SIZE) *
           ms_zone_layer_get_bytes_per_tile (edit->layer);
}

/* Publishes every copy: from here readers see the edit. */
static void
edit_publish (Edit *edit)
{
  guint8 **chunks = edit->zone->layers[edit->layer].chunks;

  for (guint i = 0; i < edit->copies->len; i++)
    {
      ChunkCopy *copy = &g_array_index (edit->copies, ChunkCopy, i);
      guint8 *old = g_atomic_pointer_exchange (&chunks[copy->chunk], copy->data);

      /* Else the old chunk is the undo record's now. */
      if (copy->replaces_step_copy)
        _ms_zone_retire (edit->zone, old, _ms_zone_chunk_bytes (edit->layer));
    }
  g_array_unref (edit->copies);
  g_hash_table_unref (edit->index);
}

void
ms_zone_begin_step (MsZone *self)
{
  g_return_if_fail (MS_IS_ZONE (self));

  if (self->step_depth++ > 0)
    return;
  self->step = undo_step_new ();
  self->step->serial = ++self->last_serial;
  self->step_seen = g_hash_table_new (NULL, NULL);
}

void
ms_zone_end_step (MsZone *self)
{
  g_return_if_fail (MS_IS_ZONE (self));
  g_return_if_fail (self->step_depth > 0);

  if (--self->step_depth > 0)
    return;
  g_clear_pointer (&self->step_seen, g_hash_table_unref);
  if (self->step->records->len == 0)
    {
      g_clear_pointer (&self->step, _ms_zone_undo_step_free);
      return;
    }
  g_ptr_array_add (self->undo, g_steal_pointer (&self->step));
  /* Readers may still be in the chunks a redo would have restored. */
  for (guint i = 0; i < self->redo->len; i++)
    {
      MsZoneUndoStep *step = g_ptr_array_index (self->redo, i);

      /* The saved state was undone and is now unreachable. */
      if (step->serial == self->saved_serial)
        self->saved_serial = G_MAXUINT64;

      for (guint k = 0; k < step->records->len; k++)
        {
          MsZoneUndoRecord *rec = &g_array_index (step->records, MsZoneUndoRecord, k);

          _ms_zone_retire (self, g_steal_pointer (&rec->data), _ms_zone_chunk_bytes (rec->layer));
        }
    }
  g_ptr_array_set_size (self->redo, 0);
  _ms_zone_reclaim (self);
}

static guint8
clamp_byte (double v)
{
  return (guint8) CLAMP (v, 0.0, 255.0);
}

/**
 * ms_zone_apply:
 *
 * Applies @op to every tile of @region.  Flag operations change the control
 * layer; spawn operations change byte 3 of each PlantInfo and nothing else;
 * clearing a plant changes every PlantInfo byte but spawn and groundType.
 * Fails, changing nothing, when the zone lacks the layer or @op is out of
 * range.
 */
gboolean
ms_zone_apply (MsZone          *self,
               const MsZoneOp  *op,
               MsZoneRegion    *region,
               GError         **error)
{
  MsZoneLayer layer;
  const MsZoneSpan *spans;
  guint n_spans, bx0, by0, bx1, by1;
  Edit edit;

  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  g_return_val_if_fail (op != NULL, FALSE);
  g_return_val_if_fail (region != NULL, FALSE);

  switch (op->kind)
    {
    case MS_ZONE_OP_SET_FLAG:
    case MS_ZONE_OP_CLEAR_FLAG:
      layer = MS_ZONE_LAYER_CONTROL;
      break;
    case MS_ZONE_OP_SET_SPAWN:
      if (op->value < 0 || op->value > 255)
        {
          g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                       "Spawn %d is out of range (0..255)", op->value);
          return FALSE;
        }
      layer = MS_ZONE_LAYER_PLANTS;
      break;
    case MS_ZONE_OP_ADD_SPAWN:
    case MS_ZONE_OP_CLEAR_PLANT:
      layer = MS_ZONE_LAYER_PLANTS;
      break;
    case MS_ZONE_OP_SCALE_SPAWN:
      if (!isfinite (op->factor) || op->factor < 0)
        {
          g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                       "Spawn scale %g is not a finite factor ≥ 0", op->factor);
          return FALSE;
        }
      layer = MS_ZONE_LAYER_PLANTS;
      break;
    default:
      g_return_val_if_reached (FALSE);
    }
  if (!ms_zone_has_layer (self, layer))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                   "Zone %u has no %s layer (%s) to edit", self->id,
                   ms_zone_layer_get_name (layer), self->layers[layer].path);
      return FALSE;
    }

  if (!ms_zone_region_get_bounds (region, &bx0, &by0, &bx1, &by1))
    return TRUE;
  g_return_val_if_fail (bx1 <= self->width && by1 <= self->height, FALSE);

  ms_zone_begin_step (self);
  edit_init (&edit, self, layer);
  spans = ms_zone_region_get_spans (region, &n_spans);
  for (guint i = 0; i < n_spans; i++)
    for (guint x = spans[i].x0; x < spans[i].x1; x++)
      {
        guint8 *p = tile_for_write (&edit, x, spans[i].y);

        switch (op->kind)
          {
          case MS_ZONE_OP_SET_FLAG:
            ms_wire_poke_u16 (p, ms_wire_peek_u16 (p) | op->mask);
            break;
          case MS_ZONE_OP_CLEAR_FLAG:
            ms_wire_poke_u16 (p, ms_wire_peek_u16 (p) & (guint16) ~op->mask);
            break;
          case MS_ZONE_OP_SET_SPAWN:
            p[MS_ZONE_PLANT_SPAWN] = (guint8) op->value;
            break;
          case MS_ZONE_OP_ADD_SPAWN:
            p[MS_ZONE_PLANT_SPAWN] = clamp_byte ((double) p[MS_ZONE_PLANT_SPAWN] + op->value);
            break;
          case MS_ZONE_OP_SCALE_SPAWN:
            p[MS_ZONE_PLANT_SPAWN] = clamp_byte (round (p[MS_ZONE_PLANT_SPAWN] * op->factor));
            break;
          case MS_ZONE_OP_CLEAR_PLANT:
            /* As the server's PlantInfo.Clear () (docs/ZONE_LAYERS.md): the
             * baked spawn chance stays, and the ground is the terrain's. */
            p[MS_ZONE_PLANT_TYPE] = 0;
            p[MS_ZONE_PLANT_STATE] = 0;
            p[MS_ZONE_PLANT_TIME] = 0;
            p[MS_ZONE_PLANT_HEALTH] = 0;
            p[MS_ZONE_PLANT_MATERIAL] = 0;
            break;
          default:
            g_assert_not_reached ();
          }
      }
  edit_publish (&edit);
  self->layers[layer].dirty = TRUE;
  ms_zone_end_step (self);

  _ms_zone_emit_changed (self, layer, bx0, by0, bx1, by1);
  _ms_zone_reclaim (self);
  return TRUE;
}

/**
 * _ms_zone_write_tiles:
 * @indices: @n_tiles ROW-MAJOR tile indices (y * width + x), each < width * height
 * @values: @n_tiles * the layer's bytes per tile, as held in memory
 *
 * Raw tile writes for recovery (ms-zone-journal.c): one undo step of its
 * own, or part of the open one.  The caller checked the layer is present.
 * Sorted indices make it fastest, since writes then stay in one chunk.
 */
void
_ms_zone_write_tiles (MsZone        *self,
                      MsZoneLayer    layer,
                      gsize          n_tiles,
                      const guint32 *indices,
                      const guint8  *values)
{
  guint bpt = ms_zone_layer_get_bytes_per_tile (layer);
  guint x0 = G_MAXUINT, y0 = G_MAXUINT, x1 = 0, y1 = 0;
  Edit edit;

  g_return_if_fail (MS_IS_ZONE (self));
  g_return_if_fail (self->layers[layer].mapping != NULL);

  if (n_tiles == 0)
    return;

  ms_zone_begin_step (self);
  edit_init (&edit, self, layer);
  for (gsize i = 0; i < n_tiles; i++)
    {
      guint x = indices[i] % self->width, y = indices[i] / self->width;

      g_assert (y < self->height);
      memcpy (tile_for_write (&edit, x, y), values + i * bpt, bpt);
      x0 = MIN (x0, x);
      y0 = MIN (y0, y);
      x1 = MAX (x1, x + 1);
      y1 = MAX (y1, y + 1);
    }
  edit_publish (&edit);
  self->layers[layer].dirty = TRUE;
  ms_zone_end_step (self);

  _ms_zone_emit_changed (self, layer, x0, y0, x1, y1);
  _ms_zone_reclaim (self);
}

/* Swaps each record of @step with its chunk, in @reverse order for undo. */
static void
swap_step (MsZone         *self,
           MsZoneUndoStep *step,
           gboolean        reverse)
{
  guint bbox[MS_ZONE_N_LAYERS][4];
  gboolean touched[MS_ZONE_N_LAYERS] = { FALSE, };

  for (guint i = 0; i < step->records->len; i++)
    {
      guint k = reverse ? step->records->len - 1 - i : i;
      MsZoneUndoRecord *rec = &g_array_index (step->records, MsZoneUndoRecord, k);
      guint8 **chunk = &self->layers[rec->layer].chunks[rec->chunk];
      guint r[4];

      /* Both stay owned, one published and one in the record. */
      rec->data = g_atomic_pointer_exchange (chunk, rec->data);
      self->layers[rec->layer].dirty = TRUE;

      chunk_rect (self, rec->chunk, r);
      if (!touched[rec->layer])
        memcpy (bbox[rec->layer], r, sizeof r);
      else
        {
          bbox[rec->layer][0] = MIN (bbox[rec->layer][0], r[0]);
          bbox[rec->layer][1] = MIN (bbox[rec->layer][1], r[1]);
          bbox[rec->layer][2] = MAX (bbox[rec->layer][2], r[2]);
          bbox[rec->layer][3] = MAX (bbox[rec->layer][3], r[3]);
        }
      touched[rec->layer] = TRUE;
    }

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    if (touched[l])
      _ms_zone_emit_changed (self, l, bbox[l][0], bbox[l][1], bbox[l][2], bbox[l][3]);
}

guint64
_ms_zone_get_top_serial (MsZone *self)
{
  if (self->undo->len == 0)
    return 0;
  return ((MsZoneUndoStep *) g_ptr_array_index (self->undo, self->undo->len - 1))->serial;
}

gboolean
ms_zone_can_undo (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  return self->undo->len > 0 && self->step_depth == 0;
}

gboolean
ms_zone_can_redo (MsZone *self)
{
  g_return_val_if_fail (MS_IS_ZONE (self), FALSE);
  return self->redo->len > 0 && self->step_depth == 0;
}

gboolean
ms_zone_undo (MsZone *self)
{
  MsZoneUndoStep *step;

  if (!ms_zone_can_undo (self))
    return FALSE;
  step = g_ptr_array_steal_index (self->undo, self->undo->len - 1);
  swap_step (self, step, TRUE);
  g_ptr_array_add (self->redo, step);
  _ms_zone_reclaim (self);
  return TRUE;
}

gboolean
ms_zone_redo (MsZone *self)
{
  MsZoneUndoStep *step;

  if (!ms_zone_can_redo (self))
    return FALSE;
  step = g_ptr_array_steal_index (self->redo, self->redo->len - 1);
  swap_step (self, step, FALSE);
  g_ptr_array_add (self->undo, step);
  _ms_zone_reclaim (self);
  return TRUE;
}

static gsize
history_memory (GPtrArray *steps)
{
  gsize total = 0;

  for (guint i = 0; i < steps->len; i++)
    {
      MsZoneUndoStep *step = g_ptr_array_index (steps, i);

      total += sizeof *step + step->records->len * sizeof (MsZoneUndoRecord);
      for (guint k = 0; k < step->records->len; k++)
        {
          MsZoneUndoRecord *rec = &g_array_index (step->records, MsZoneUndoRecord, k);
          if (rec->data != NULL)
            total += _ms_zone_chunk_bytes (rec->layer);
        }
    }
  return total;
}

/**
 * ms_zone_get_edit_memory:
 *
 * Also counts replaced chunks not freed yet because another thread may
 * still be reading them; they go at a later edit once it is not.
 */
gsize
ms_zone_get_edit_memory (MsZone *self)
{
  gsize total;

  g_return_val_if_fail (MS_IS_ZONE (self), 0);

  /* With what was replaced and waits for readers to leave it. */
  total = history_memory (self->undo) + history_memory (self->redo) +
          ms_zone_reclamation_get_pending_bytes (&self->reclamation);
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    for (guint c = 0; c < _ms_zone_n_chunks (self); c++)
      if (self->layers[l].chunks[c] != NULL)
        total += _ms_zone_chunk_bytes (l);
  return total;
}
