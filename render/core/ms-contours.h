/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Contour lines of a height grid, as a layer over the colours: pure
 * functions, the same for blueprints and zones, mirrored by the GL shaders.
 */
#pragma once

#include <math.h>

#include <glib.h>

#include "ms-colour.h"

G_BEGIN_DECLS

/* The colour of a contour line: a dark brown, as on printed maps. */
#define MS_CONTOUR_RED   0.30f
#define MS_CONTOUR_GREEN 0.20f
#define MS_CONTOUR_BLUE  0.10f

/* The default opacity of the contour layer. */
#define MS_CONTOUR_DEFAULT_OPACITY 0.7f

typedef struct
{
  /* Between lines, in the units of (height - offset) × scale: metres above
   * sea level for blueprints, height units for zones.  <= 0: no lines. */
  float interval;
  float offset;
  float scale;
} MsContours;

/* Bands per unit of height: scale / interval, so a band is one subtraction
 * and one product, which the GL shaders (given this factor) round the same
 * way. */
static inline float
ms_contour_factor (const MsContours *contours)
{
  return contours->scale / contours->interval;
}

/* The band of a height: which interval it is in, floor ((h - offset) ×
 * factor).  Non-finite for a height that is. */
static inline float
ms_contour_band (float offset,
                 float factor,
                 float height)
{
  return floorf ((height - offset) * factor);
}

/* Whether a cell of height @centre lies on a contour line: the band of one
 * of its four neighbours is below its own.  So each line is one cell wide,
 * on the upper side of the level it marks (a cell exactly on a level is
 * above it), and two tiles that share their apron draw the same cells.  A
 * missing height (not finite), at the centre or a neighbour, draws nothing
 * there. */
static inline gboolean
ms_contour_at (const MsContours *contours,
               float             centre,
               float             left,
               float             right,
               float             up,
               float             down)
{
  float o = contours->offset, f, b;

  if (!(contours->interval > 0.0f) || !isfinite (centre))
    return FALSE;
  f = ms_contour_factor (contours);
  b = ms_contour_band (o, f, centre);
  /* A comparison with NaN is false: a missing neighbour draws nothing. */
  return ms_contour_band (o, f, left) < b || ms_contour_band (o, f, right) < b ||
         ms_contour_band (o, f, up) < b || ms_contour_band (o, f, down) < b;
}

/* ms_contour_at () for cell @index of a row-major grid @width cells wide
 * (index = cy × width + cx) whose cell has its four neighbours in the grid
 * (the renderers' one-cell apron). */
static inline gboolean
ms_contour_at_cell (const MsContours *contours,
                    const float      *heights,
                    gsize             width,
                    gsize             index)
{
  return ms_contour_at (contours, heights[index], heights[index - 1], heights[index + 1],
                        heights[index - width], heights[index + width]);
}

/* @colour with the contour line over it at @opacity (1 replaces it). */
MsRgb    ms_contour_colour    (MsRgb             colour,
                               float             opacity);

/* @colour, with the line over it at @opacity where cell (@cx, @cy) of the
 * row-major grid @heights (@width cells wide, the cell's four neighbours in
 * it) is on a contour; @colour as it is where @heights is NULL. */
MsRgb    ms_contours_over     (const MsContours *contours,
                               float             opacity,
                               const float      *heights,
                               gsize             width,
                               guint             cx,
                               guint             cy,
                               MsRgb             colour);

/* Parses "INTERVAL[:OPACITY]" (the CLI's and the stack's syntax): an
 * interval above 0 and an opacity 0..1, which is left as it is when not
 * given.  FALSE with @error naming @what ("contours") when it is not. */
gboolean ms_contours_parse    (const char       *text,
                               const char       *what,
                               float            *interval,
                               float            *opacity,
                               GError          **error);

/* Marks the contour cells of the inner cells cx0 .. cx0 + n - 1 of row @cy
 * of a row-major grid @width cells wide with a one-cell apron: marks[i] is
 * 1 on a line, else 0.  1 <= cx0, cx0 + n < width, 1 <= cy < height - 1. */
void     ms_contours_mark_row (const MsContours *contours,
                               const float      *heights,
                               guint             width,
                               guint             cy,
                               guint             cx0,
                               guint             n,
                               guint8           *marks);

G_END_DECLS
