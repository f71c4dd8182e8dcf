/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsBlueprint spans ms-blueprint.c (the object and its accessors) and
 * the reader that fills it in: ms-blueprint-reader.c (dispatch and what
 * both formats share), ms-blueprint-reader-v2.c and ms-blueprint-reader-v1.c
 * (ms-blueprint-reader-private.h).
 */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* A strided view of one per-pixel field inside the mapping. */
typedef struct
{
  const guint8 *base;    /* NULL when the field is absent */
  gsize         stride;  /* bytes from one pixel to the next (Y inner) */
} MsGridView;

struct _MsBlueprint
{
  GObject            parent_instance;

  MsMapping         *mapping;
  MsProfile         *profile;
  MsBlueprintFormat  format;
  guint32            version;
  guint              map_size;
  MsBlueprintParams  params;
  GArray            *sections;       /* MsSectionInfo, in file order (v2) */
  GPtrArray         *warnings;       /* NULL-terminated char* */

  MsGridView         heights;        /* f32 */
  MsGridView         biomes;         /* u8 (v2) or i32 (v1) */
  guint              biome_width;    /* 1 or 4 */
  /* Set before parsing: a v2 file's biome range check is left to the
   * caller (ms_blueprint_new_for_path_unchecked ()): its own pass over BIOM
   * (ms_blueprint_summarize_path ()) or ms_blueprint_check_biomes (), which
   * then sets biomes_unchecked back to FALSE or fails. */
  gboolean           defer_biome_check;
  gboolean           biomes_unchecked;
  MsGridView         water_ids;      /* u16 */
  MsGridView         water_surface;  /* u16 */

  GArray            *towns;          /* MsTown; NULL = no TOWN section */
  GArray            *water_bodies;   /* MsWaterBody; NULL = no WBTB */
  gboolean           has_curve;
  MsTerrainCurve     curve;
  GArray            *road_points[MS_N_ROAD_TIERS];  /* MsPoint; NULL = absent */
  GArray            *road_starts[MS_N_ROAD_TIERS];  /* guint: first point of each path, plus end */
};

MsBlueprint *_ms_blueprint_new        (MsMapping   *mapping,
                                       MsProfile   *profile);
void         _ms_blueprint_add_warning (MsBlueprint *self,
                                        const char  *format,
                                        ...) G_GNUC_PRINTF (2, 3);
gboolean     _ms_blueprint_parse       (MsBlueprint    *self,
                                        MsProgressFunc  progress,
                                        gpointer        progress_data,
                                        GCancellable   *cancellable,
                                        GError        **error);

G_END_DECLS
