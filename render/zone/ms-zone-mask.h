/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A zone's tile sets as PNG masks, one pixel per tile: pixel column x, row
 * y is tile (x, y), ROW-MAJOR (tile index y * width + x).  The game
 * server's bitmap import sets a flag where the mask pixel is non-zero;
 * these masks follow that convention both ways.
 */
#pragma once

#include <gio/gio.h>

#include "ms-zone.h"
#include "ms-zone-region.h"

G_BEGIN_DECLS

#define MS_ZONE_MASK_ERROR (ms_zone_mask_error_quark ())
typedef enum
{
  MS_ZONE_MASK_ERROR_INVALID,        /* not a PNG libpng can read */
  MS_ZONE_MASK_ERROR_SIZE_MISMATCH,  /* the image is not the zone's size */
} MsZoneMaskError;
GQuark ms_zone_mask_error_quark (void);

/* 8-bit grey, 255 where (control & mask) != 0, 0 elsewhere, written through
 * ms-save.  Fails with MS_ZONE_ERROR_NO_LAYER without a control layer. */
gboolean      ms_zone_mask_export_flag          (MsZone        *zone,
                                                 guint16        mask,
                                                 const char    *path,
                                                 GCancellable  *cancellable,
                                                 GError       **error);
/* The same for ms_zone_is_plant_allowed (). */
gboolean      ms_zone_mask_export_plant_allowed (MsZone        *zone,
                                                 const char    *path,
                                                 GCancellable  *cancellable,
                                                 GError       **error);
/* The tiles whose pixel is set: any colour channel non-zero (grey counts
 * as colour; a palette entry by its RGB) and, where the image has alpha
 * (an alpha channel or a tRNS chunk), alpha non-zero.  So black and fully
 * transparent pixels are unset, whatever their other channels hold.  The
 * image must be zone_width x zone_height. */
MsZoneRegion *ms_zone_mask_import               (const char    *path,
                                                 guint          zone_width,
                                                 guint          zone_height,
                                                 GError       **error);

G_END_DECLS
