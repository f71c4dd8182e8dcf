/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-grid.h"
#include "ms-blueprint-style.h"
#include "ms-colour.h"
#include "ms-render-image.h"

G_BEGIN_DECLS

/* The model's MS_BLUEPRINT_WORLD_SPAN (8192 m a world), as a float. */
#define MS_DEFAULT_WORLD_SPAN ((float) MS_BLUEPRINT_WORLD_SPAN)

/* Renders @region (NULL: the whole map) so that neither side exceeds
 * @max_size (0: no limit), averaging heights over square blocks and sampling
 * biomes and water at block centres.  Image column = x, row = y, row 0 = y 0.
 * The grid is read once, column by column, on all processors; nothing the
 * size of the map is allocated. */
cairo_surface_t  *ms_render_blueprint          (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                const MsRect           *region,
                                                guint                   max_size,
                                                GCancellable           *cancellable,
                                                GError                **error);

gboolean          ms_render_blueprint_to_png   (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                const MsRect           *region,
                                                guint                   max_size,
                                                const char             *path,
                                                GCancellable           *cancellable,
                                                GError                **error);

void              ms_blueprint_colour_grid     (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                const MsBlueprintGrid  *grid,
                                                guint32                *pixels,
                                                int                     stride,
                                                GCancellable           *cancellable);
/* A pyramid tile's cells (@width × @height, a cell 2^@level map pixels)
 * as an image of their own size, coloured in @style with the towns and
 * roads it draws: the minimap's overview, the gallery's thumbnails.  A
 * grid without biomes (the pyramid may leave them out) shows no biome
 * layer rather than a wrong one. */
cairo_surface_t  *ms_blueprint_render_cells    (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                const MsBlueprintGrid  *grid,
                                                guint                   width,
                                                guint                   height,
                                                guint                   level);
void              ms_blueprint_draw_overlays   (MsBlueprint            *blueprint,
                                                const MsBlueprintStyle *style,
                                                cairo_t                *cr,
                                                double                  pixel_size);

G_END_DECLS
