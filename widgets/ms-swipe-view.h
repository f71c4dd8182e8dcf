/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-map-view.h"

G_BEGIN_DECLS

/* Two maps over one another: A whole, B only right of a divider the user
 * drags (or moves with Left/Right), each named by a label on its side of
 * the divider.  Both views show the same part of the world, in normalised
 * coordinates when the maps' sizes differ. */
#define MS_TYPE_SWIPE_VIEW (ms_swipe_view_get_type ())
G_DECLARE_FINAL_TYPE (MsSwipeView, ms_swipe_view, MS, SWIPE_VIEW, GtkWidget)

GtkWidget *ms_swipe_view_new            (void);
void       ms_swipe_view_set_blueprints (MsSwipeView            *self,
                                         MsBlueprint            *a,
                                         MsBlueprint            *b);
void       ms_swipe_view_set_style      (MsSwipeView            *self,
                                         const MsBlueprintStyle *style);
/* What the labels either side of the divider call the maps ("A: name",
 * "B: name"); NULL: no label on that side. */
void       ms_swipe_view_set_names      (MsSwipeView            *self,
                                         const char             *name_a,
                                         const char             *name_b);
/* A's label, or B's when @b. */
GtkLabel  *ms_swipe_view_get_label      (MsSwipeView            *self,
                                         gboolean                b);
MsMapView *ms_swipe_view_get_view_a     (MsSwipeView            *self);
MsMapView *ms_swipe_view_get_view_b     (MsSwipeView            *self);
/* The divider, as a fraction of the width from the left: 0 shows all of
 * B, 1 all of A. */
double     ms_swipe_view_get_position   (MsSwipeView            *self);
void       ms_swipe_view_set_position   (MsSwipeView            *self,
                                         double                  position);
/* Where B is drawn, in the widget's coordinates. */
void       ms_swipe_view_get_clip       (MsSwipeView            *self,
                                         graphene_rect_t        *clip);

G_END_DECLS
