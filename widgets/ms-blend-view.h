/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint.h"
#include "ms-map-view.h"
#include "ms-minimap.h"

G_BEGIN_DECLS

/* Two maps over one another, B drawn whole over A at an opacity: the
 * comparison's onion skin (an opacity the user drags) and blink (A and B
 * in turn at a rate, or B while a key is held).  Both views show the same
 * part of the world, in normalised coordinates when the maps' sizes
 * differ; A takes the pointer.  A label names what is drawn, and a
 * minimap of A is in the top right corner. */
#define MS_TYPE_BLEND_VIEW (ms_blend_view_get_type ())
G_DECLARE_FINAL_TYPE (MsBlendView, ms_blend_view, MS, BLEND_VIEW, GtkWidget)

/* The blink rate's range and step, in Hz (an A and a B each period). */
#define MS_BLEND_VIEW_RATE_MIN 0.5
#define MS_BLEND_VIEW_RATE_MAX 3.0

GtkWidget  *ms_blend_view_new                (void);
void        ms_blend_view_set_blueprints     (MsBlendView            *self,
                                              MsBlueprint            *a,
                                              MsBlueprint            *b);
void        ms_blend_view_set_style          (MsBlendView            *self,
                                              const MsBlueprintStyle *style);
/* What the label calls the maps; NULL: no label. */
void        ms_blend_view_set_names          (MsBlendView            *self,
                                              const char             *name_a,
                                              const char             *name_b);
MsMapView  *ms_blend_view_get_view_a         (MsBlendView            *self);
MsMapView  *ms_blend_view_get_view_b         (MsBlendView            *self);
GtkLabel   *ms_blend_view_get_label          (MsBlendView            *self);
/* A's overview, following A's viewport; its blueprint is set once the
 * view is first mapped (a mode never shown renders none). */
MsMinimap  *ms_blend_view_get_minimap        (MsBlendView            *self);

/* B's opacity when it neither blinks nor is held: 0 shows A, 1 B. */
void        ms_blend_view_set_opacity        (MsBlendView            *self,
                                              double                  opacity);
double      ms_blend_view_get_opacity        (MsBlendView            *self);
/* A and B in turn, each for half a period of 1 / rate s, while the view
 * is mapped (no timer runs while it is not); A first. */
void        ms_blend_view_set_blinking       (MsBlendView            *self,
                                              gboolean                blinking);
gboolean    ms_blend_view_get_blinking       (MsBlendView            *self);
void        ms_blend_view_set_rate           (MsBlendView            *self,
                                              double                  rate);
double      ms_blend_view_get_rate           (MsBlendView            *self);
/* B whole while held, whatever the opacity or the blink. */
void        ms_blend_view_set_held           (MsBlendView            *self,
                                              gboolean                held);
gboolean    ms_blend_view_get_held           (MsBlendView            *self);
/* B's opacity as drawn now ("drawn-opacity", notified when it changes). */
double      ms_blend_view_get_drawn_opacity  (MsBlendView            *self);

G_END_DECLS
