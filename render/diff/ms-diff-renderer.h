/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The difference image of two blueprints: what `mapsmith-cli diff -o` writes
 * and the app's difference mode shows.
 */
#pragma once

#include <cairo.h>

#include "ms-blueprint-diff.h"
#include "ms-colour.h"

G_BEGIN_DECLS

#define MS_DIFF_IMAGE_MAX_SIZE 4096

/* The legend (README, "mapsmith-cli audit and diff"):
 * - height B − A: white at 0, towards blue where B is lower and red where
 *   it is higher, full blue/red at ±@scale (the largest |Δ|), linear;
 *   mid grey where no height pair is finite;
 * - a changed biome: diagonal magenta hatching, the image pixels where
 *   (column + row) % 4 == 0;
 * - water gained (dry in A, water in B): cyan; water lost: orange — over
 *   everything else.
 * For a block of pixels: the mean Δ of its finite pairs, and any changed
 * biome, gained or lost pixel in it counts (gained wins a tie with lost). */
MsRgb            ms_diff_colour  (guint          column,
                                  guint          row,
                                  double         mean_delta,
                                  gboolean       has_delta,
                                  double         scale,
                                  gboolean       biome_changed,
                                  guint64        water_gained,
                                  guint64        water_lost);

/* An opaque ARGB32 image of the comparison grid (the larger map): column =
 * x, row = y.  At most @max_size (0: MS_DIFF_IMAGE_MAX_SIZE) pixels a side:
 * a larger grid is reduced in k×k blocks, k = ⌈grid / max_size⌉, the image
 * ⌈grid / k⌉ square.  @scale is the |Δ| drawn at full colour, normally
 * MAX (|height_min|, |height_max|) of ms_blueprint_diff(); 0 or NAN draws
 * every height change white. */
cairo_surface_t *ms_diff_render  (MsBlueprint   *a,
                                  MsBlueprint   *b,
                                  double         scale,
                                  guint          max_size,
                                  GCancellable  *cancellable,
                                  GError       **error);

/* Tile (@tx, @ty) of @level of the difference image's pyramid: the grid in
 * 2^@level × 2^@level blocks, MS_TILE_SIZE image pixels a side (fewer at
 * the grid's far edges), pixel (i, j) the block at grid pixel
 * ((tx · MS_TILE_SIZE + i) · 2^level, (ty · MS_TILE_SIZE + j) · 2^level).
 * The blocks are coloured as ms_diff_render()'s, hatching continuous
 * across tiles; only the tile's part of the maps is read. */
cairo_surface_t *ms_diff_render_tile (MsBlueprint   *a,
                                      MsBlueprint   *b,
                                      double         scale,
                                      guint          level,
                                      guint          tx,
                                      guint          ty,
                                      GCancellable  *cancellable,
                                      GError       **error);

G_END_DECLS
