/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsZone spans ms-zone.c (layers, reads), ms-zone-edit.c (overlay, undo),
 * ms-zone-derived.c (slope cache) and ms-zone-save.c.
 */
#pragma once

#include "ms-mapping.h"
#include "ms-zone.h"
#include "ms-zone-edit.h"

G_BEGIN_DECLS

typedef struct
{
  MsMapping    *mapping;     /* NULL when the file is absent */
  char         *path;        /* where the layer is (or would be) */
  guint         file_bpt;    /* bytes per tile of the mapping; control 1 or 2 */
  guint         disk_bpt;    /* bytes per tile of the file now (a save may widen) */
  MsFileStamp   stamp;       /* of the file as last opened or saved */
  guint8      **chunks;      /* overlay, n_chunks pointers, NULL = the mapping */
  gboolean      dirty;
} MsZoneLayerState;

typedef struct
{
  MsZoneLayer  layer;
  guint        chunk;
  guint8      *data;         /* the other state of the chunk; NULL = the mapping */
} MsZoneUndoRecord;

typedef struct
{
  GArray      *records;      /* MsZoneUndoRecord */
} MsZoneUndoStep;

struct _MsZone
{
  GObject           parent_instance;

  char             *dir;
  guint             id;
  guint             width;
  guint             height;
  MsProfile        *profile;
  MsZoneLayerState  layers[MS_ZONE_N_LAYERS];

  guint             chunks_x;
  guint             chunks_y;

  /* Edits */
  MsZoneUndoStep   *step;          /* open step, or NULL */
  GHashTable       *step_seen;     /* layer * n_chunks + chunk of the open step */
  guint             step_depth;
  GPtrArray        *undo;          /* MsZoneUndoStep */
  GPtrArray        *redo;

  /* Derived: slope per chunk, NULL until asked for */
  guint8          **slope_chunks;
};

static inline guint
_ms_zone_n_chunks (MsZone *self)
{
  return self->chunks_x * self->chunks_y;
}

static inline guint
_ms_zone_chunk_index (MsZone *self,
                      guint   x,
                      guint   y)
{
  return (y / MS_ZONE_CHUNK_SIZE) * self->chunks_x + x / MS_ZONE_CHUNK_SIZE;
}

static inline gsize
_ms_zone_chunk_bytes (MsZoneLayer layer)
{
  return (gsize) MS_ZONE_CHUNK_SIZE * MS_ZONE_CHUNK_SIZE * ms_zone_layer_get_bytes_per_tile (layer);
}

void     _ms_zone_undo_step_free        (MsZoneUndoStep *step);
guint8  *_ms_zone_chunk_new_from_base   (MsZone         *self,
                                         MsZoneLayer     layer,
                                         guint           chunk);
void     _ms_zone_invalidate_derived    (MsZone         *self,
                                         MsZoneLayer     layer,
                                         guint          x0,
                                         guint          y0,
                                         guint          x1,
                                         guint          y1);
void     _ms_zone_emit_changed          (MsZone         *self,
                                         MsZoneLayer     layer,
                                         guint          x0,
                                         guint          y0,
                                         guint          x1,
                                         guint          y1);
void     _ms_zone_read_base             (MsZone         *self,
                                         MsZoneLayer     layer,
                                         guint           x,
                                         guint           y,
                                         guint8         *out);

G_END_DECLS
