/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsZone spans ms-zone.c (layers, reads), ms-zone-size.c (the zone size
 * from the files), ms-zone-edit.c (overlay, undo), ms-zone-derived.c (slope
 * cache) and ms-zone-save.c.
 *
 * Threads: any number of threads may read a zone while one thread (the one
 * that edits it, normally the main thread) edits, undoes, redoes and saves.
 * Everything a reader follows is either fixed at open (size, mappings, the
 * pointer arrays themselves) or one pointer per chunk that the editing
 * thread replaces with g_atomic_pointer_set() and readers load with
 * g_atomic_pointer_get() inside a read section
 * (ms_zone_reclamation_read_begin/end).  A published chunk is never written
 * again; one that is replaced lives on in the undo history or, once nothing
 * refers to it, is retired and freed only when every read section that
 * could have loaded it has ended (ms-zone-reclamation.c).  The editing
 * thread may read its own fields plainly.
 */
#pragma once

#include "ms-mapping.h"
#include "ms-zone.h"
#include "ms-zone-edit.h"
#include "ms-zone-reclamation.h"

G_BEGIN_DECLS

typedef struct
{
  MsMapping    *mapping;     /* NULL when the file is absent */
  char         *path;        /* where the layer is (or would be) */
  guint         file_bpt;    /* bytes per tile of the mapping; control 1 or 2 */
  guint         disk_bpt;    /* bytes per tile of the file now (a save may widen) */
  MsFileStamp   stamp;       /* of the file as last opened or saved */
  guint8      **chunks;      /* overlay, n_chunks pointers, NULL = the mapping;
                              * atomic, and immutable once published */
  gboolean      dirty;
} MsZoneLayerState;

typedef struct
{
  MsZoneLayer  layer;
  guint        chunk;
  guint8      *data;         /* the other state of the chunk; NULL = the mapping.
                              * Owned here; readers may hold it while it was
                              * published, so it is retired, not freed. */
} MsZoneUndoRecord;

typedef struct
{
  GArray      *records;      /* MsZoneUndoRecord */
  guint64      serial;       /* unique in its zone, from 1 */
} MsZoneUndoStep;

struct _MsZone
{
  GObject           parent_instance;

  char             *dir;
  guint             id;
  GPtrArray        *open_notes;    /* strings: what opening did (a save recovered) */
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
  guint64           last_serial;
  /* The serial of the undo stack's top step when the files were last
   * opened or saved (0: no step); G_MAXUINT64 once that state is gone from
   * the history.  The zone is modified unless the top is this step. */
  guint64           saved_serial;

  /* Derived: slope per chunk (ms-zone-derived.c), n_chunks atomic slots,
   * each a filled chunk or an odd "empty" token */
  gpointer         *slope_chunks;
  gsize             slope_gen;     /* invalidations so far */

  /* ms_zone_get_height_span (), set once */
  gsize             height_span_set;
  MsZoneHeightSpan  height_span;

  /* Chunks no longer published, waiting for readers */
  MsZoneReclamation reclamation;
};

/* ms-zone-size.c: @width, @height as asked, or 0, 0 to infer them; set to
 * the size every present layer file fits, with each layer's file_bpt. */
gboolean _ms_zone_choose_size           (MsZone         *self,
                                         guint          *width,
                                         guint          *height,
                                         GError        **error);

/* {dir}/.mapsmith-save.{id:0000}.intent: a multi-layer save's record. */
char    *_ms_zone_save_record_path      (const char     *dir,
                                         guint           zone_id);

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

/* Editing thread only.  @data (@size bytes) was published and no longer
 * is: free it once no reader can hold it. */
static inline void
_ms_zone_retire (MsZone   *self,
                 gpointer  data,
                 gsize     size)
{
  ms_zone_reclamation_retire (&self->reclamation, data, size);
}

/* Editing thread only, outside any read section: frees what it can. */
static inline void
_ms_zone_reclaim (MsZone *self)
{
  ms_zone_reclamation_reclaim (&self->reclamation);
}

/* ms_zone_read_tile () without the checks, inside a read section. */
void     _ms_zone_read_tile_in_section  (MsZone         *self,
                                         MsZoneLayer     layer,
                                         guint           x,
                                         guint           y,
                                         guint8         *out);
void     _ms_zone_free_slope_cache      (MsZone         *self);

void     _ms_zone_undo_step_free        (MsZoneUndoStep *step);
/* The serial of the undo stack's top step, 0 when it is empty. */
guint64  _ms_zone_get_top_serial        (MsZone         *self);
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
void     _ms_zone_emit_saved            (MsZone         *self);
void     _ms_zone_read_base             (MsZone         *self,
                                         MsZoneLayer     layer,
                                         guint           x,
                                         guint           y,
                                         guint8         *out);

/* Editing thread only: raw writes of tiles given by ROW-MAJOR index
 * (y * width + x), one undo step (ms-zone-edit.c). */
void     _ms_zone_write_tiles           (MsZone         *self,
                                         MsZoneLayer     layer,
                                         gsize           n_tiles,
                                         const guint32  *indices,
                                         const guint8   *values);

G_END_DECLS
