/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-blueprint.h"
#include "ms-save.h"

G_BEGIN_DECLS

/* Payload encoders for the small v2 sections (docs/BLUEPRINT_FORMAT.md).  The pixel
 * grids are never built in memory; the writer streams them. */
void     ms_blueprint_encode_section_header (GByteArray              *out,
                                             guint32                  tag,
                                             guint64                  payload_length);
void     ms_blueprint_encode_params         (GByteArray              *out,
                                             const MsBlueprintParams *params);
void     ms_blueprint_encode_towns          (GByteArray              *out,
                                             const MsTown            *towns,
                                             guint                    n_towns);
void     ms_blueprint_encode_curve          (GByteArray              *out,
                                             const MsTerrainCurve    *curve);
void     ms_blueprint_encode_water_table    (GByteArray              *out,
                                             const MsWaterBody       *bodies,
                                             guint                    n_bodies);
void     ms_blueprint_encode_roads          (GByteArray              *out,
                                             const MsPoint           *points,
                                             const guint             *path_starts,
                                             guint                    n_paths);

void     ms_blueprint_make_sentinel_params  (MsBlueprintParams       *params,
                                             guint                    map_size);

gboolean ms_blueprint_save_v2               (MsBlueprint             *blueprint,
                                             const char              *path,
                                             const MsFileStamp       *opened_as,
                                             MsSaveFlags              flags,
                                             GCancellable            *cancellable,
                                             GError                 **error);

G_END_DECLS
