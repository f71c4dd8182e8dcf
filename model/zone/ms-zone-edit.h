/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one edit engine of the app and the CLI.  Edits go to a copy-on-write
 * overlay of 64x64-tile chunks above the read-only mappings; undo keeps the
 * previous contents of the chunks a step touched, nothing more.  Coordinates
 * are ROW-MAJOR tiles (tile (x, y) is element y * width + x).
 *
 * MsZone emits "changed" (layer, x, y, width, height) after every edit, undo
 * and redo, with the rectangle of tiles that may differ.
 */
#pragma once

#include "ms-zone.h"
#include "ms-zone-region.h"

G_BEGIN_DECLS

typedef enum
{
  MS_ZONE_OP_SET_FLAG,      /* control |= mask */
  MS_ZONE_OP_CLEAR_FLAG,    /* control &= ~mask */
  MS_ZONE_OP_SET_SPAWN,     /* spawn = value */
  MS_ZONE_OP_ADD_SPAWN,     /* spawn = clamp (spawn + value, 0, 255) */
  MS_ZONE_OP_SCALE_SPAWN,   /* spawn = clamp (round (spawn * factor), 0, 255) */
  MS_ZONE_OP_CLEAR_PLANT,   /* no live plant: PlantInfo's type, state, time, health
                             * and material 0; spawn and groundType kept */
} MsZoneOpKind;

typedef struct
{
  MsZoneOpKind  kind;
  guint16       mask;      /* SET_FLAG, CLEAR_FLAG */
  gint          value;     /* SET_SPAWN (0..255), ADD_SPAWN */
  double        factor;    /* SCALE_SPAWN (>= 0) */
} MsZoneOp;

gboolean  ms_zone_apply       (MsZone          *self,
                               const MsZoneOp  *op,
                               MsZoneRegion    *region,
                               GError         **error);

/* Everything applied between begin and end is one undo step (a brush
 * stroke).  Steps nest; an apply outside a step is a step of its own. */
void      ms_zone_begin_step  (MsZone          *self);
void      ms_zone_end_step    (MsZone          *self);

gboolean  ms_zone_can_undo    (MsZone          *self);
gboolean  ms_zone_can_redo    (MsZone          *self);
gboolean  ms_zone_undo        (MsZone          *self);
gboolean  ms_zone_redo        (MsZone          *self);

/* Heap held by the overlay and the undo/redo history, in bytes. */
gsize     ms_zone_get_edit_memory (MsZone      *self);

G_END_DECLS
