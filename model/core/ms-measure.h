/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The ruler's geometry, in map pixels.  Points are n (x, y) pairs in the
 * map's own coordinates, as MsViewport takes them: for blueprints x is the
 * file's outer index and y the inner one (X-OUTER), for zones x is the
 * column and y the row (ROW-MAJOR, tile (x, y) is element y * width + x).
 * A map pixel is square, so lengths and areas do not depend on which axis
 * is which; multiply by metres per pixel (squared for areas).
 *
 * The zone layer files give no horizontal scale (docs/ZONE_LAYERS_NOTES.md):
 * Mapsmith takes a tile to be 1 m across. */
#define MS_ZONE_TILE_METRES 1.0

/* The polyline's length; with @closed, the segment from the last point
 * back to the first as well. */
double   ms_measure_length        (const double *points,
                                   guint         n_points,
                                   gboolean      closed);
/* The polygon's area by the shoelace formula, always >= 0; 0 for fewer
 * than three points.  A self-crossing polygon gives the signed parts'
 * sum's absolute value, not the area it covers. */
double   ms_measure_area          (const double *points,
                                   guint         n_points);
/* How many tiles of a @width × @height grid have their centre
 * (x + 0.5, y + 0.5) inside the polygon, by the even-odd rule.  Each
 * row's spans are half-open along x, [start, end): a centre exactly on an
 * edge counts when the inside lies on the edge's +x side.  Tiles outside
 * the grid are not counted; 0 for fewer than three points. */
guint64  ms_measure_count_tiles   (const double *points,
                                   guint         n_points,
                                   guint         width,
                                   guint         height);

G_END_DECLS
