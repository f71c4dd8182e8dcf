/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "ms-colour.h"

G_BEGIN_DECLS

/* The kernels both CPU renderers (blueprints and zones) colour with: the
 * shaded relief of a reduced height grid, a row at a time, and the band
 * loop that spreads rows of an image over the worker pool. */

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

/* A run of up to 256 pixels of image row @oy from column @x0, with the
 * centres and shades ms_shade_row () gives for its cells (grid row oy + 1,
 * columns x0 + 1 …), to be coloured into out[0 .. n). */
typedef struct
{
  guint        x0, oy, n;
  const float *heights;
  const float *shades;
  guint32     *out;
} MsShadedRun;

typedef void (*MsShadedRunFunc) (const MsShadedRun *run,
                                 gpointer           user_data);

/* Colours image row @oy, @width pixels (grid->width - 2), into @out run by
 * run with @func: one row of ms_render_shaded_image (), for a caller that
 * makes rows one at a time (a PNG encoder's strips). */
void  ms_render_shaded_row   (const MsShadeGrid *grid,
                              guint              oy,
                              guint              width,
                              guint32           *out,        /* ARGB32 */
                              MsShadedRunFunc    func,
                              gpointer           user_data);

/* Colours a @width × @height image (@stride pixels from row to row) run by
 * run with @func, in bands of rows on the worker pool (ms_render_rows ()).
 * Without heights (grid->heights NULL) the ground is flat: heights 0,
 * shades light->z. */
void  ms_render_shaded_image (const MsShadeGrid *grid,
                              guint32           *pixels,     /* ARGB32 */
                              int                stride,     /* in pixels */
                              guint              width,      /* grid->width - 2 */
                              guint              height,
                              MsShadedRunFunc    func,
                              gpointer           user_data,
                              GCancellable      *cancellable);

/* Fills the rows of an image: @func (row, user_data) for each row
 * 0 <= row < @n_rows, in bands of rows on the worker pool, each band
 * skipped once @cancellable is cancelled. */
typedef void (*MsRenderRowFunc) (guint    row,
                                 gpointer user_data);

void  ms_render_rows (guint              n_rows,
                      MsRenderRowFunc    func,
                      gpointer           user_data,
                      GCancellable      *cancellable);

/* Whether an image of @width × @height can be made (cairo's limit of
 * 32767 pixels a side); else an error that says what to do. */
gboolean ms_render_check_image_size (guint    width,
                                     guint    height,
                                     GError **error);
/* A cleared ARGB32 image for a renderer to fill, or NULL with @error when
 * it is larger than an image can be or cannot be made. */
cairo_surface_t *ms_render_image_new (guint    width,
                                      guint    height,
                                      GError **error);

/* @surface, marked dirty, or NULL (the surface destroyed) with @error when
 * @cancellable was cancelled while it was filled. */
cairo_surface_t *ms_render_image_finish (cairo_surface_t *surface,
                                         GCancellable    *cancellable,
                                         GError         **error);

/* Declares the two functions MS_RENDER_DEFINE_NAMES () defines:
 * prefix_to_string () (NULL for a value out of range) and
 * prefix_from_string () (FALSE for a name that is none of them). */
#define MS_RENDER_DECLARE_NAMES(prefix, Type)                                \
  const char *prefix##_to_string   (Type        value);                     \
  gboolean    prefix##_from_string (const char *name,                       \
                                    Type       *value)

/* Defines @prefix##_to_string () and @prefix##_from_string () for the enum
 * @Type, registered as @gtype (ms-render-enums.h), by its nicks; @n is the
 * number of its values. */
#define MS_RENDER_DEFINE_NAMES(prefix, Type, gtype, n)                       \
  const char *                                                               \
  prefix##_to_string (Type value)                                            \
  {                                                                          \
    g_return_val_if_fail ((guint) value < (n), NULL);                        \
    return ms_enum_get_nick ((gtype), (int) value);                          \
  }                                                                          \
                                                                             \
  gboolean                                                                   \
  prefix##_from_string (const char *name,                                    \
                        Type       *value)                                   \
  {                                                                          \
    int v;                                                                   \
                                                                             \
    if (!ms_enum_from_nick ((gtype), name, &v))                              \
      return FALSE;                                                          \
    *value = (Type) v;                                                       \
    return TRUE;                                                             \
  }

/* Whether @x, @y, @width × @height lies inside @size_x × @size_y; else an
 * error naming @what ("map", "zone"). */
gboolean ms_render_check_region (guint        x,
                                 guint        y,
                                 guint        width,
                                 guint        height,
                                 guint        size_x,
                                 guint        size_y,
                                 const char  *what,
                                 GError     **error);

G_END_DECLS
