/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "ms-viewport.h"
#include "ms-zone-edit.h"        /* MsZoneBrushShape */
#include "ms-zone-region.h"      /* MsZoneSpan */

G_BEGIN_DECLS

/* The tool outline the zone view draws over the zone. */
typedef enum
{
  MS_ZONE_VIEW_OUTLINE_NONE,
  MS_ZONE_VIEW_OUTLINE_BRUSH,      /* the brush at the pointer */
  MS_ZONE_VIEW_OUTLINE_RECT,       /* points: two opposite tile corners */
  MS_ZONE_VIEW_OUTLINE_POLYGON,    /* points: the vertices so far, open */
  MS_ZONE_VIEW_OUTLINE_TILE,       /* the tile under the pointer, with cross hairs */
} MsZoneViewOutline;

/* What the zone view's tool overlays show; points in zone tiles
 * (row-major), the pointer in widget coordinates (so the outline follows
 * it when the view pans under it). */
typedef struct
{
  MsZoneViewOutline  kind;
  GArray            *points;          /* double (x, y) pairs */
  MsZoneBrushShape   brush_shape;
  guint              brush_size;
  gboolean           pointer_inside;
  double             pointer_x, pointer_y;
  GArray            *preview;         /* MsZoneSpan sorted by row, or NULL */
} MsZoneOutline;

void     ms_zone_outline_init            (MsZoneOutline       *self);
void     ms_zone_outline_clear           (MsZoneOutline       *self);
/* The polygon's last vertex and the pointer, in tiles; FALSE when none. */
gboolean ms_zone_outline_get_rubber_band (const MsZoneOutline *self,
                                          MsViewport          *vp,
                                          double              *x0,
                                          double              *y0,
                                          double              *x1,
                                          double              *y1);
/* Onto @cr in tiles; (x0, y0)–(x1, y1) is the visible part. */
void     ms_zone_outline_draw            (const MsZoneOutline *self,
                                          MsViewport          *vp,
                                          cairo_t             *cr,
                                          double               x0,
                                          double               y0,
                                          double               x1,
                                          double               y1);
/* ms_zone_view_brush_centre (). */
void     ms_zone_brush_centre            (guint                size,
                                          double               x,
                                          double               y,
                                          double              *cx,
                                          double              *cy);

G_END_DECLS
