/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CDLOD node selection (Strugar, "Continuous Distance-Dependent Level of
 * Detail for Rendering Heightmaps", 2010) as plain math: a quadtree over
 * the map, each node drawn with one static grid mesh of
 * MS_TERRAIN_MESH × MS_TERRAIN_MESH quads.
 *
 * A node of LOD l is MS_TERRAIN_MESH · 2^l map pixels on a side, so its
 * mesh has one vertex every 2^l map pixels: exactly the cell size of tile
 * pyramid level l (ms-tile.h), whose tiles therefore hold whole nodes.
 * LOD l is used up to range[l] = lod0_range · 2^l from the eye; within the
 * last part of that range (from morph_start) its vertices morph onto the
 * grid of LOD l + 1, so no level boundary pops.
 *
 * Map coordinates (x, y) are the 2D view's (column, row) in map pixels, as
 * in MsTileKey; world space is ms-terrain-camera.h's (x, ·, y).
 */
#pragma once

#include <glib.h>

#include "ms-terrain-camera.h"

G_BEGIN_DECLS

#define MS_TERRAIN_MESH 32
#define MS_TERRAIN_MAX_LODS 16

/* The lowest and highest world y over map pixels [x0, x0 + size) ×
 * [y0, y0 + size) (clipped to the map); may be conservative. */
typedef void (*MsTerrainBoundsFunc) (guint    x0,
                                     guint    y0,
                                     guint    size,
                                     double  *min_y,
                                     double  *max_y,
                                     gpointer user_data);

typedef struct
{
  guint               map_width, map_height;  /* map pixels */
  double              lod0_range;             /* world units */
  double              morph_ratio;            /* where morphing starts in a range, 0..1 */
  MsTerrainBoundsFunc bounds;
  gpointer            bounds_data;
} MsTerrainLodParams;

/* One thing to draw: a node, or one quarter of it (where its parent
 * covers the area a child that is too fine would) drawn with that quarter
 * of the mesh. */
typedef struct
{
  guint  lod;
  guint  x, y, size;         /* map pixels; size = MS_TERRAIN_MESH · 2^lod, or half */
  gboolean quarter;
  double min_y, max_y;       /* world */
  double morph_start, morph_end;
} MsTerrainNode;

/* The number of LODs that lets one root node cover the map. */
guint   ms_terrain_lod_count       (guint                     map_width,
                                    guint                     map_height);
/* range[l] for l < n_lods: lod0_range · 2^l. */
void    ms_terrain_lod_ranges      (const MsTerrainLodParams *params,
                                    double                    ranges[MS_TERRAIN_MAX_LODS]);
/* Selects the nodes to draw from @eye, culled by @frustum (NULL: none
 * culled).  Returns an array of MsTerrainNode: together they cover every
 * part of the map whose node is not culled exactly once. */
GArray *ms_terrain_lod_select      (const MsTerrainLodParams *params,
                                    const double              eye[3],
                                    const MsTerrainFrustum   *frustum);
/* The morph factor 0..1 of a vertex @distance from the eye on @node. */
double  ms_terrain_node_morph      (const MsTerrainNode      *node,
                                    double                    distance);

G_END_DECLS
