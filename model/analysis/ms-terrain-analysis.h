/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where water would go on a blueprint: a priority-flood fill of its
 * depressions (Barnes, Lehman and Mulla 2014, with Zhou, Sun and Fu's
 * 2016 shortcuts), D8 flow directions and accumulation over the filled
 * surface, the basins of the outlets and the share of land that drains to
 * the ocean, to lakes and to nowhere; and slope by Horn's method.
 *
 * Grids are X-outer/Y-inner like the blueprint's: pixel (x, y) of an
 * analysed grid of side `size` is element x * size + y.
 */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* Maps larger than this are analysed on the pyramid level whose side is
 * at most this: each pixel there the mean of a factor × factor block. */
#define MS_TERRAIN_ANALYSIS_MAX_SIZE 8192
#define MS_TERRAIN_N_BASINS          20

/* A pixel's flow: 0 … 7 is the D8 direction to the neighbour
 * (x + ms_flow_dx[d], y + ms_flow_dy[d]); odd directions are diagonal and
 * d ^ 4 is the opposite one.  Otherwise one of these. */
typedef enum
{
  MS_FLOW_OCEAN   = 8,   /* the ocean: a sink, never filled */
  MS_FLOW_LAKE    = 9,   /* a lake: the same */
  MS_FLOW_OFF_MAP = 10,  /* land on the map's edge: drains off the map (as to the ocean) */
  MS_FLOW_NOWHERE = 11,  /* land whose height is not finite, or that no outlet can be
                          * reached from without crossing such a pixel */
} MsFlowCode;

extern const gint8 ms_flow_dx[8];
extern const gint8 ms_flow_dy[8];

typedef enum
{
  MS_BASIN_OCEAN,  /* land entering the ocean at the outlet pixel (a mouth) */
  MS_BASIN_EDGE,   /* land draining off the map at the outlet pixel, on the edge */
  MS_BASIN_LAKE,   /* land entering one lake (all of it, by water id) */
} MsBasinKind;

typedef struct
{
  guint64     area_pixels;  /* analysed pixels of land draining there */
  double      area_km2;
  guint       x, y;         /* the outlet, on the analysed grid: the ocean pixel entered,
                             * the edge pixel, or the lake pixel most of it enters */
  MsBasinKind kind;
  guint16     water_id;     /* the lake's, else 0 */
} MsBasin;

typedef struct
{
  guint     map_size;
  guint     size;               /* the analysed grid's side */
  guint     factor;             /* map pixels per analysed pixel along a side (a power of two) */
  guint     level;              /* log2 (factor): the pyramid level analysed */
  double    metres_per_pixel;   /* of the analysed grid */

  /* The grids, size² each, X-outer.  The heights are the blueprint's (at
   * a level, each pixel the mean of the finite heights of its block). */
  float    *fill_depth;         /* metres the fill raised the pixel: filled − original */
  guint8   *flow;               /* direction 0 … 7 or MsFlowCode */
  guint32  *accumulation;       /* land pixels draining through the pixel, itself included;
                                 * on an outlet, the land pixels entering it */

  guint64   depressions;        /* 8-connected regions the fill raised */
  double    depression_volume_m3;
  /* Land: every pixel that is not ocean or lake, including those of no
   * finite height; each drains to exactly one of the three. */
  guint64   land_pixels;
  guint64   drains_to_ocean;    /* including off the map's edge */
  guint64   drains_to_lakes;
  guint64   drains_to_nowhere;  /* MS_FLOW_NOWHERE land */
  MsBasin   basins[MS_TERRAIN_N_BASINS];  /* the largest first */
  guint     n_basins;

  /* Wall-clock seconds of each phase. */
  double    seconds_load;
  double    seconds_fill;
  double    seconds_directions;  /* and counting the depressions */
  double    seconds_accumulation;
  double    seconds_basins;
} MsTerrainAnalysis;

/* The analysis of @blueprint's heights and water (WBID; without it, the
 * profile's ocean and other water biomes), with @metres_per_pixel of the
 * map (0: MS_BLUEPRINT_WORLD_SPAN / map size) and on the largest pyramid
 * level of side ≤ @max_size (0: MS_TERRAIN_ANALYSIS_MAX_SIZE).  @progress
 * hears 0 … 1 on the calling thread; NULL with G_IO_ERROR_CANCELLED when
 * @cancellable fires. */
MsTerrainAnalysis *ms_terrain_analysis_new  (MsBlueprint     *blueprint,
                                             double           metres_per_pixel,
                                             guint            max_size,
                                             MsProgressFunc   progress,
                                             gpointer         progress_data,
                                             GCancellable    *cancellable,
                                             GError         **error);
void               ms_terrain_analysis_free (MsTerrainAnalysis *analysis);
/* The map pixel at the centre of analysed pixel (@x, @y). */
void               ms_terrain_analysis_to_map (const MsTerrainAnalysis *analysis,
                                               guint                    x,
                                               guint                    y,
                                               guint                   *map_x,
                                               guint                   *map_y);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsTerrainAnalysis, ms_terrain_analysis_free)

/* Slope in degrees by Horn's method, as gdaldem slope: heights in metres
 * (raw × MS_BLUEPRINT_METRES_PER_RAW) over @metres_per_pixel.  @heights is
 * a window of @width × @height raw heights (X-outer: (x, y) at
 * x * height + y); the slopes of its pixels [x0, x0 + w) × [y0, y0 + h)
 * go to @out (X-outer, w × h).  A neighbour outside the window or of no
 * finite height counts as the centre's height (gdaldem -compute_edges
 * does the same); a pixel of no finite height has NaN.  A tile passes its
 * pixels with a one-pixel margin where the map has one. */
void               ms_terrain_slope         (const float *heights,
                                             guint        width,
                                             guint        height,
                                             guint        x0,
                                             guint        y0,
                                             guint        w,
                                             guint        h,
                                             double       metres_per_pixel,
                                             float       *out);
/* The same for map pixels [x0, x0 + w) × [y0, y0 + h) of @blueprint,
 * reading them and their margin (0: the map's own metres per pixel). */
void               ms_terrain_slope_read    (MsBlueprint *blueprint,
                                             guint        x0,
                                             guint        y0,
                                             guint        w,
                                             guint        h,
                                             double       metres_per_pixel,
                                             float       *out);

G_END_DECLS
