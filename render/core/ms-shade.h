/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-colour.h"

G_BEGIN_DECLS

/* The shaded relief both CPU renderers (blueprints and zones) colour with:
 * the kernel that shades a row of cells of a reduced height grid
 * (vectorised: built with the render kernels' flags), and the loops that
 * hand an image's rows to it, run by run, one row or the whole image on the
 * worker pool. */

/* A row-major grid of heights (index cy * width + cx) with a one-cell apron
 * on every side, so every inner cell has its eight neighbours. */
typedef struct
{
  const float   *heights;
  guint          width;
  float          scale;     /* height units to metres, with the exaggeration */
  float          spacing;   /* metres between neighbouring cell centres */
  /* What a non-finite centre counts as (NaN: it stays as it is). */
  float          fallback;
  const MsLight *light;
  /* Height units to metres without the exaggeration, for the runs' slopes
   * (MsShadedRun.slopes); 0: no slopes. */
  float          slope_scale;
} MsShadeGrid;

/* The shading rule every renderer follows (the GL shaders too): Horn's
 * gradient of the 3×3 window, where a neighbour without a height takes the
 * centre's, lit by ms_hillshade ().  Fills @centres[i] (the centre after the
 * fallback) and @shades[i] for cells cx0 + i of row @cy, 0 <= i < @n.  The
 * inner cells only: 1 <= cx0, cx0 + n < width. */
void  ms_shade_row   (const MsShadeGrid *grid,
                      guint              cy,
                      guint              cx0,
                      guint              n,
                      float             *centres,
                      float             *shades);

/* The slope in degrees (ms_slope_degrees ()) of the same cells, from the
 * same window and fallbacks, with heights scaled by grid->slope_scale: the
 * ground's own slope at the grid's spacing, however exaggerated the
 * shading is. */
void  ms_slope_row   (const MsShadeGrid *grid,
                      guint              cy,
                      guint              cx0,
                      guint              n,
                      float             *slopes);

/* A run of up to 256 pixels of image row @oy from column @x0, with the
 * centres and shades ms_shade_row () gives for its cells (grid row oy + 1,
 * columns x0 + 1 …), to be coloured into out[0 .. n); the slopes
 * ms_slope_row () gives where the grid asks for them (else NULL). */
typedef struct
{
  guint        x0, oy, n;
  const float *heights;
  const float *shades;
  guint32     *out;
  const float *slopes;
} MsShadedRun;

typedef void (*MsShadedRunFunc) (const MsShadedRun *run,
                                 gpointer           user_data);

/* Colours image row @oy, @width pixels (grid->width - 2), into @out run by
 * run with @func: one row of ms_shade_image (), for a caller that makes
 * rows one at a time (a PNG encoder's strips). */
void  ms_shade_image_row (const MsShadeGrid *grid,
                          guint              oy,
                          guint              width,
                          guint32           *out,        /* ARGB32 */
                          MsShadedRunFunc    func,
                          gpointer           user_data);

/* Colours a @width × @height image (@stride pixels from row to row) run by
 * run with @func, in bands of rows on the worker pool (ms_render_rows ()).
 * Without heights (grid->heights NULL) the ground is flat: heights 0,
 * shades light->z, slopes 0. */
void  ms_shade_image     (const MsShadeGrid *grid,
                          guint32           *pixels,     /* ARGB32 */
                          int                stride,     /* in pixels */
                          guint              width,      /* grid->width - 2 */
                          guint              height,
                          MsShadedRunFunc    func,
                          gpointer           user_data,
                          GCancellable      *cancellable);

G_END_DECLS
