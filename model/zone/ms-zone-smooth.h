/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-zone.h"
#include "ms-zone-region.h"

G_BEGIN_DECLS

/* Gives each tile of @spans (row-major row spans, y then x0..x1) the mean
 * spawn of its 3x3 neighbourhood (the neighbours inside the zone), rounded
 * half up, all read before any is written; tiles that end equal on a row
 * are applied as one run (ms_zone_apply: inside the caller's open step).
 * FALSE with @error set when an apply failed. */
gboolean ms_zone_smooth_spawn (MsZone           *zone,
                               const MsZoneSpan *spans,
                               guint             n_spans,
                               GError          **error);

G_END_DECLS
