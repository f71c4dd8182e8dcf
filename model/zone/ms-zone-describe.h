/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one zone tile holds, as the painter's readout shows it: every layer's
 * value at the tile and the derived slope and terraform barrier, read once
 * into a plain struct, and that struct as text.  GLib only: no display is
 * needed to read or test it.  Coordinates are ROW-MAJOR (tile (x, y) is
 * element y * width + x).
 */
#pragma once

#include "ms-zone.h"

G_BEGIN_DECLS

typedef struct
{
  guint     x, y;                /* row-major */

  gboolean  has_control;
  guint16   control;             /* MsZoneControlFlags */
  gboolean  plant_allowed;       /* none of MS_ZONE_CONTROL_NO_PLANTS */

  gboolean  has_blocks;
  guint8    blocking;            /* MsZoneBlockingFlags */
  guint8    blocking_height;

  gboolean  has_plants;
  guint8    plant[MS_ZONE_PLANT_INFO_SIZE];   /* indexed by MsZonePlantField */

  gboolean  has_altitude;
  guint16   altitude;            /* raw; the height is altitude >> 5 */
  guint8    slope;

  gboolean  has_barrier;         /* terraformable zones only */
  guint16   barrier_lo, barrier_hi;   /* raw altitude */
} MsZoneTileDescription;

/* Reads tile (x, y), row-major; FALSE (and @out untouched) outside the zone. */
gboolean     ms_zone_describe_tile               (MsZone                      *zone,
                                                  guint                        x,
                                                  guint                        y,
                                                  MsZoneTileDescription       *out);
/* The readout: one line per layer, a missing layer said as such. */
char        *ms_zone_tile_description_to_string  (const MsZoneTileDescription *description);
/* Both at once; NULL outside the zone. */
char        *ms_zone_describe_tile_text          (MsZone                      *zone,
                                                  guint                        x,
                                                  guint                        y);

/* The server's enumeration names (ZONE_LAYERS_NOTES.md), or NULL for a
 * value past them. */
const char  *ms_zone_plant_type_name             (guint8                       type);
const char  *ms_zone_ground_type_name            (guint8                       type);

G_END_DECLS
