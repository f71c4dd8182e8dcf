/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* What the viewer's hover readout says of pixel (@x, @y) of @bp, in the
 * file's X-outer coordinates (index x * MapSize + y): the coordinates, the
 * height in raw units and metres, the biome, the water body there (ocean or
 * lake, salt or fresh, surface level), the nearest town (tier, distance)
 * and the nearest road (tier, distance), parts joined by "  ·  ".
 * Distances are from the pixel's centre, in map pixels.  NULL outside the
 * map.  Free with g_free (). */
char *ms_blueprint_describe_pixel (MsBlueprint *bp,
                                   guint        x,
                                   guint        y);

/* What the comparison's readout says at fraction (@u, @v) of the world (0
 * ≤ u, v < 1 from each map's first pixel; u along X, the outer index): each
 * map's pixel there is (⌊u · size⌋, ⌊v · size⌋), its height and biome and
 * water body, as "A (x, y) …   B (x, y) …", then on a second line "B − A"
 * with the height change and whether the biome changed or water was gained
 * or lost.  NULL outside [0, 1). */
char *ms_blueprint_describe_pair  (MsBlueprint *a,
                                   MsBlueprint *b,
                                   double       u,
                                   double       v);

/* The viewer's File page: @where (the file's name for people, or NULL),
 * its size, format and map size, the PRMS parameters, water bodies, towns
 * per tier, roads per tier (paths, points, length in pixels), the terrain
 * curve, the sections (offset, length) and the reader's warnings. */
char *ms_blueprint_describe_file  (MsBlueprint *bp,
                                   const char  *where);

G_END_DECLS
