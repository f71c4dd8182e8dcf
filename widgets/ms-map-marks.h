/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint-renderer.h"   /* MsRect */
#include "ms-viewport.h"

G_BEGIN_DECLS

/* TRUE for a marked map pixel (file coordinates). */
typedef gboolean (*MsMapViewMarkFunc) (guint    x,
                                       guint    y,
                                       gpointer user_data);

/* The map view's marks: @func over the visible pixels, drawn while at
 * most about a million are in view; @surface (A8) is pixel (i, j) =
 * map pixel (rect.x + i, rect.y + j) as last drawn. */
typedef struct
{
  MsMapViewMarkFunc  func;
  gpointer           data;
  GDestroyNotify     destroy;
  cairo_surface_t   *surface;
  MsRect             rect;
  GArray            *path;   /* MsPoint: a line drawn at every zoom, or NULL */
} MsMapMarks;

/* Replaces the function (destroying the old data); NULL clears. */
void ms_map_marks_set                (MsMapMarks        *self,
                                      MsMapViewMarkFunc  func,
                                      gpointer           data,
                                      GDestroyNotify     destroy);
/* A line through the centres of the pixels @points (file coordinates),
 * drawn at every zoom, where the tint of the pixels is only drawn zoomed
 * in: a road seen whole.  @n_points 0 removes it; ms_map_marks_set ()
 * does too. */
void ms_map_marks_set_path           (MsMapMarks        *self,
                                      const MsPoint     *points,
                                      guint              n_points);
/* An @n² map; (x0, y0)–(x1, y1) the visible map rectangle. */
void ms_map_marks_snapshot           (MsMapMarks        *self,
                                      GtkSnapshot       *snapshot,
                                      MsViewport        *vp,
                                      guint              n,
                                      double             x0,
                                      double             y0,
                                      double             x1,
                                      double             y1);
/* A yellow outline round @highlight, a few pixels at least. */
void ms_map_marks_snapshot_highlight (GtkSnapshot       *snapshot,
                                      MsViewport        *vp,
                                      const MsRect      *highlight);

G_END_DECLS
