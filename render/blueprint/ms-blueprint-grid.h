/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* A blueprint reduced to cells of k×k map pixels: what every renderer
 * colours, whether the CPU image, a pyramid tile or a GL texture.
 *
 * Cell (cx, cy) covers map pixels x in [x0 + cx·k, x0 + (cx+1)·k) and y in
 * [y0 + cy·k, …), clipped to the map.  Its height is the mean of the finite
 * heights there (NaN when there are none, or when the cell lies outside the
 * map); biome and water are sampled at the centre of its in-map part.
 * Arrays are row-major over cells: index cy * width + cx (image order). */
typedef struct
{
  gint64   x0, y0;     /* may be negative: an apron beyond the map's edge */
  guint    k;
  guint    width, height;
  float   *heights;    /* width × height */
  guint8  *biomes;     /* nullable */
  guint16 *water_ids;  /* nullable */
  guint16 *surfaces;   /* nullable: quantized WSRF */
  guint32 *counts;     /* nullable: the finite pixels each height is the mean of */
} MsBlueprintGrid;

/* Fills the arrays of @grid from the mapping, on the worker pool. */
void ms_blueprint_grid_reduce (MsBlueprint     *blueprint,
                               MsBlueprintGrid *grid,
                               GCancellable    *cancellable);

/* Fills only the biome and water samples (heights untouched). */
void ms_blueprint_grid_sample (MsBlueprint     *blueprint,
                               MsBlueprintGrid *grid,
                               GCancellable    *cancellable);

/* The render pyramid's top tile from a fused summary's overview
 * (MS_SUMMARY_OVERVIEW: @means and @counts, @width × @height cells of
 * @cell pixels): the cells with a one-cell apron of NaN around them (the
 * apron lies off the map), and the biome and water samples read from
 * @blueprint.  The gallery's thumbnails, without a pass of their own.
 * Free the arrays with ms_blueprint_grid_clear (). */
void ms_blueprint_grid_from_overview (MsBlueprint     *blueprint,
                                      const float     *means,
                                      const guint32   *counts,
                                      guint            cell,
                                      guint            width,
                                      guint            height,
                                      MsBlueprintGrid *grid);
void ms_blueprint_grid_clear         (MsBlueprintGrid *grid);

G_END_DECLS
