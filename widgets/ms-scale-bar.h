/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-blueprint-renderer.h"
#include "ms-viewport.h"

G_BEGIN_DECLS

/* A scale bar in metres for a viewport's zoom: a "nice" length (1, 2 or 5
 * × 10^n m) about 100–150 px long, with its label ("200 m", "2 km").  Meant
 * as an on-screen display over the map view; it does not take pointer
 * events, so drags on it still move the map. */
#define MS_TYPE_SCALE_BAR (ms_scale_bar_get_type ())
G_DECLARE_FINAL_TYPE (MsScaleBar, ms_scale_bar, MS, SCALE_BAR, GtkWidget)

GtkWidget  *ms_scale_bar_new                        (void);
void        ms_scale_bar_set_viewport               (MsScaleBar             *self,
                                                     MsViewport             *viewport);
MsViewport *ms_scale_bar_get_viewport               (MsScaleBar             *self);
/* The horizontal size of one map pixel; 0 (the default) hides the bar. */
void        ms_scale_bar_set_metres_per_map_pixel   (MsScaleBar             *self,
                                                     double                  metres);
double      ms_scale_bar_get_metres_per_map_pixel   (MsScaleBar             *self);

/* What the bar shows now: its length in metres and in screen pixels (0 when
 * there is nothing to show), and its label (NULL then). */
double      ms_scale_bar_get_length                 (MsScaleBar             *self);
double      ms_scale_bar_get_bar_width              (MsScaleBar             *self);
const char *ms_scale_bar_get_label                  (MsScaleBar             *self);

/* The size of one map pixel of @blueprint as the renderers take it: the
 * style's metres_per_pixel, or MS_DEFAULT_WORLD_SPAN / MapSize (@style may
 * be NULL). */
double      ms_scale_bar_metres_per_map_pixel_for   (MsBlueprint            *blueprint,
                                                     const MsBlueprintStyle *style);

/* The pure choice, for any metres per screen pixel: the nice length closest
 * (by ratio) to a bar of about 100–150 px.  Returns the length in metres;
 * @width gets it in pixels. */
double      ms_scale_bar_choose_length              (double                  metres_per_px,
                                                     double                 *width);
/* "500 m", "2 km", "50 cm", in the user's locale; free with g_free(). */
char       *ms_scale_bar_format_length              (double                  metres);

G_END_DECLS
