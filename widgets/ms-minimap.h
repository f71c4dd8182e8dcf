/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-renderer.h"
#include "ms-viewport.h"

G_BEGIN_DECLS

/* The whole map, small, with the part a viewport shows outlined; a click or
 * a drag centres the viewport on the map point under the pointer.  Meant as
 * an on-screen display over the map view (a GtkOverlay child). */
#define MS_TYPE_MINIMAP (ms_minimap_get_type ())
G_DECLARE_FINAL_TYPE (MsMinimap, ms_minimap, MS, MINIMAP, GtkWidget)

/* The longest side of the overview image, in device pixels. */
#define MS_MINIMAP_IMAGE_SIZE 256

GtkWidget              *ms_minimap_new            (void);
void                    ms_minimap_set_blueprint  (MsMinimap              *self,
                                                   MsBlueprint            *blueprint);
MsBlueprint            *ms_minimap_get_blueprint  (MsMinimap              *self);
/* Shows @pyramid's map at once, coloured on this thread from the
 * pyramid's top tile if it has it cached (the placeholder if not), with
 * no render on a worker: while the first picture of a large map is being
 * made, the minimap takes nothing from it.  ms_minimap_set_blueprint ()
 * of the same map later renders the image that replaces it. */
void                    ms_minimap_show_overview  (MsMinimap              *self,
                                                   MsBlueprintPyramid     *pyramid);
/* Renders the image again, the old one up until then: the map reads
 * differently now (its file was cut short under its mapping). */
void                    ms_minimap_refresh        (MsMinimap              *self);
/* Does it show (or wait with) that overview, no render asked for yet? */
gboolean                ms_minimap_is_overview    (MsMinimap              *self);
/* The image is re-rendered when something it shows changes (not for the
 * overlays, which the minimap leaves out). */
void                    ms_minimap_set_style      (MsMinimap              *self,
                                                   const MsBlueprintStyle *style);
const MsBlueprintStyle *ms_minimap_get_style      (MsMinimap              *self);
void                    ms_minimap_set_viewport   (MsMinimap              *self,
                                                   MsViewport             *viewport);
MsViewport             *ms_minimap_get_viewport   (MsMinimap              *self);

/* Where the map image lies in widget coordinates (the content box, as in
 * snapshot() and event coordinates); FALSE without a blueprint. */
gboolean                ms_minimap_get_map_area   (MsMinimap              *self,
                                                   graphene_rect_t        *area);
/* The outline of the viewport's visible part as drawn, clipped to the map
 * image, in widget coordinates; FALSE when nothing of the map is visible or
 * there is no blueprint or viewport. */
gboolean                ms_minimap_get_outline    (MsMinimap              *self,
                                                   graphene_rect_t        *outline);
/* What a click or drag does: centre the viewport on the map point under the
 * widget point (x, y). */
void                    ms_minimap_move_to        (MsMinimap              *self,
                                                   double                  x,
                                                   double                  y);
/* The overview image once rendered, or NULL. */
GdkTexture             *ms_minimap_get_texture    (MsMinimap              *self);

G_END_DECLS
