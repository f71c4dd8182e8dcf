/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "ms-viewport.h"

G_BEGIN_DECLS

/* Shows on @to the part of the world @from shows, when @to's map is @ratio
 * times the size of @from's: a centre scales with the map size, the zoom
 * (screen pixels per map pixel) against it. */
void ms_viewport_show_same (MsViewport *to,
                            MsViewport *from,
                            double      ratio);

/* Two viewports that follow each other both ways, in normalised
 * coordinates when their maps' sizes differ (two blueprints compared):
 * a change to either moves the other to the same part of the world.  It
 * follows only while enabled and while both maps' sizes are known. */
#define MS_TYPE_VIEWPORT_LINK (ms_viewport_link_get_type ())
G_DECLARE_FINAL_TYPE (MsViewportLink, ms_viewport_link, MS, VIEWPORT_LINK, GObject)

MsViewportLink *ms_viewport_link_new           (MsViewport     *a,
                                                MsViewport     *b);
/* The maps' sizes in map pixels; 0: that map is unknown (no blueprint),
 * and neither viewport follows the other. */
void            ms_viewport_link_set_map_sizes (MsViewportLink *self,
                                                guint           size_a,
                                                guint           size_b);
/* On at first. */
void            ms_viewport_link_set_enabled   (MsViewportLink *self,
                                                gboolean        enabled);
/* Brings B to where A is now, as a change to A would. */
void            ms_viewport_link_follow_a      (MsViewportLink *self);

G_END_DECLS
