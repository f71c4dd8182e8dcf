/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-zone-layer.h"

G_BEGIN_DECLS

#define MS_DEMO_ZONE_DEFAULT_SIZE 512

/* The bytes of one layer of the demo zone (size x size, row-major);
 * control in the 2-byte form. */
GBytes   *ms_demo_zone_generate_layer (MsZoneLayer   layer,
                                       guint         size);
/* Writes blocks, control, plants and altitude (and, if terraformable,
 * altitude_blend and altitude_original) of zone zone_id into dir. */
gboolean  ms_demo_zone_write          (const char   *dir,
                                       guint         zone_id,
                                       guint         size,
                                       gboolean      terraformable,
                                       GError      **error);

/* Writes the terraformable demo zone to a fresh folder under the user's
 * cache folder ("mapsmith/demo-zone-XXXXXX"), first removing such folders
 * older than a day; returns the folder. */
char     *ms_demo_zone_write_scratch  (guint         zone_id,
                                       GError      **error);

G_END_DECLS
