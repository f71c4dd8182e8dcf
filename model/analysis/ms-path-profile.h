/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A profile along a path (issue #39): heights, slope and what the path
 * crosses, sampled along a polyline drawn on a blueprint or a zone, for
 * `mapsmith-cli profile`, `zone profile` and the app's profile plot.
 *
 * Coordinates are the map's own, with pixel (x, y) CENTRED on (x, y): for
 * blueprints x is the file's outer index and y the inner one (X-OUTER,
 * index x * size + y), for zones x is the column and y the row (ROW-MAJOR,
 * index y * width + x).  A point lies on the map when -0.5 <= x < width -
 * 0.5 and -0.5 <= y < height - 0.5: the squares of side 1 round the pixel
 * centres.  (MsViewport's map coordinates put pixel (x, y) on the square
 * [x, x + 1): subtract 0.5 from them.)  Road and town coordinates of a
 * blueprint are taken in the same frame, as the file gives them.
 *
 * Samples.  Along each segment of the polyline a sample every @step
 * pixels of length from the segment's start, then the segment's end: the
 * distance does not carry over at a join, so every vertex is a sample (a
 * corner's height is never cut off) and the last interval of a segment may
 * be shorter than @step, but never shorter than 10⁻⁶ px (a sample that
 * close to the segment's end is the end).  A segment of 10⁻⁶ px or less (a
 * repeated point) adds no sample.  The first sample is the first point,
 * the last the last point.
 *
 * Heights are bilinear between the four pixel centres round the sample,
 * (⌊x⌋, ⌊y⌋) … (⌊x⌋ + 1, ⌊y⌋ + 1); a neighbour outside the map is clamped
 * to the edge pixel, so within half a pixel of an edge the height runs
 * flat across it.  A NaN height among the four makes the sample's height
 * NaN (its slope too, and it adds nothing to the ascent or descent).
 * What a sample is on (water, a town, the server's slope check) is read
 * at its nearest pixel, (⌊x + 0.5⌋, ⌊y + 0.5⌋).
 */
#pragma once

#include <glib.h>

#include "ms-blueprint.h"
#include "ms-zone.h"

G_BEGIN_DECLS

#define MS_PATH_PROFILE_ERROR (ms_path_profile_error_quark ())
typedef enum
{
  MS_PATH_PROFILE_ERROR_BAD_PATH,   /* not numbers, an odd count, < 2 points, off the map, no length */
  MS_PATH_PROFILE_ERROR_BAD_STEP,   /* not a positive number, or too many samples */
  MS_PATH_PROFILE_ERROR_NO_LAYER,   /* a zone without its altitude layer */
} MsPathProfileError;
GQuark ms_path_profile_error_quark (void);

/* More samples than this is a step too small for the path (8 bytes × 9 a
 * sample: 1.2 GiB). */
#define MS_PATH_PROFILE_MAX_SAMPLES (16u * 1024 * 1024)

/* What a sample crosses.  Blueprints: WATER where its nearest pixel has
 * WBID ≠ 0 (without WBID: a water biome of the profile); ROAD_* where the
 * path from the previous sample to this one (for the first sample, the
 * point itself) meets a segment of a road path of that tier — the previous
 * sample's end excluded, so a road through a sample counts once; TOWN
 * where its nearest pixel is a town's nearest pixel (towns are points in
 * the format, with no footprint).  Zones: WATER where its nearest tile's
 * height (altitude >> 5) is below MS_ZONE_WATER_LEVEL, SLOPE_FAIL where
 * that tile fails the server's slope check (ms_zone_get_slope () >=
 * MS_ZONE_SLOPE_LIMIT). */
typedef enum
{
  MS_PATH_CROSSES_WATER        = 1 << 0,
  MS_PATH_CROSSES_ROAD_HIGHWAY = 1 << (1 + MS_ROAD_HIGHWAY),
  MS_PATH_CROSSES_ROAD_BRANCH  = 1 << (1 + MS_ROAD_BRANCH),
  MS_PATH_CROSSES_ROAD_RUGGED  = 1 << (1 + MS_ROAD_RUGGED),
  MS_PATH_CROSSES_ROAD_TRAIL   = 1 << (1 + MS_ROAD_TRAIL),
  MS_PATH_CROSSES_TOWN         = 1 << 5,
  MS_PATH_CROSSES_SLOPE_FAIL   = 1 << 6,
} MsPathCrosses;

#define MS_PATH_CROSSES_ROAD(tier) ((MsPathCrosses) (1 << (1 + (tier))))
#define MS_PATH_N_CROSSES 7

/* The names `--json` and `--csv` print, in bit order: "water",
 * "road:highway" … "road:trail", "town", "slope-fail". */
const char *ms_path_crosses_to_string (MsPathCrosses one);
/* The names of every bit of @crosses, in bit order, joined by @separator
 * ("water;road:trail"); "" for none.  Free with g_free (). */
char       *ms_path_crosses_join      (guint          crosses,
                                       const char    *separator);

typedef struct
{
  double distance_m;   /* path length from the first point × metres per pixel */
  double x, y;         /* map coordinates (see above) */
  double height;       /* blueprints: raw units; zones: altitude / 32 units (bilinear of raw >> 5) */
  double height_m;     /* blueprints: × MS_BLUEPRINT_METRES_PER_RAW; zones: × 1 (a unit a metre) */
  /* Rise over run in metres from the previous sample, × 100; the first
   * sample repeats the first interval's, so every sample has one. */
  double slope_pct;
  double slope_deg;    /* atan (slope_pct / 100), in degrees */
  guint  crosses;      /* MsPathCrosses */
  guint  server_slope; /* zones: the server's slope of the nearest tile (0..255); blueprints 0 */
} MsPathSample;

typedef struct
{
  MsPathSample *samples;
  guint         n_samples;
  double        metres_per_pixel;
  double        length_m;     /* the polyline's length × metres per pixel */
  double        ascent_m;     /* Σ of the positive height_m differences between consecutive samples */
  double        descent_m;    /* Σ of the negative ones, as a positive number */
} MsPathProfile;

/* Where heights come from, so blueprints and zones share the sampler.
 * Pixels (x, y) are in 0 <= x < width, 0 <= y < height. */
typedef struct
{
  guint    width, height;
  double   metres_per_pixel;
  double   metres_per_unit;   /* of a height */
  double (*height_at) (gpointer data,
                       guint    x,
                       guint    y);
  /* What the sample at (x1, y1), reached from (x0, y0), crosses
   * (MsPathCrosses); the first sample has (x0, y0) = (x1, y1).  Nullable. */
  guint  (*crosses)   (gpointer data,
                       double   x0,
                       double   y0,
                       double   x1,
                       double   y1);
  gpointer data;
} MsPathSource;

/* "X1,Y1,X2,Y2[,…]" as @n_points (x, y) pairs: at least two points, each
 * a finite number; the error names the word at fault. */
double        *ms_path_profile_parse_points   (const char          *text,
                                               guint               *n_points,
                                               GError             **error);

/* The profile of @n_points (x, y) pairs over @source, a sample every @step
 * pixels (see above).  NULL with MS_PATH_PROFILE_ERROR when a point is off
 * the map, the path has no length or @step is not positive. */
MsPathProfile *ms_path_profile_sample         (const MsPathSource  *source,
                                               const double        *points,
                                               guint                n_points,
                                               double               step,
                                               GError             **error);
/* A blueprint's heights, water, roads and towns; @metres_per_pixel <= 0:
 * MS_BLUEPRINT_WORLD_SPAN / MapSize. */
MsPathProfile *ms_path_profile_new_for_blueprint (MsBlueprint      *blueprint,
                                                  const double     *points,
                                                  guint             n_points,
                                                  double            step,
                                                  double            metres_per_pixel,
                                                  GError          **error);
/* A zone's heights (altitude >> 5, with its edits), water and slope check;
 * a tile is MS_ZONE_TILE_METRES across (1 m: the files give no scale). */
MsPathProfile *ms_path_profile_new_for_zone   (MsZone              *zone,
                                               const double        *points,
                                               guint                n_points,
                                               double               step,
                                               GError             **error);
/* The CSV of `mapsmith-cli profile --csv` and the app's export: the
 * header MS_PATH_PROFILE_CSV_HEADER, then a line a sample, numbers as
 * %.10g in the C locale, a NaN (a height of no data, its slope) an empty
 * cell, the crossings joined by ";" (the names hold no comma or quote, so
 * nothing needs quoting). */
#define MS_PATH_PROFILE_CSV_HEADER "distance_m,x,y,height,height_m,slope_pct,slope_deg,crosses"
GBytes        *ms_path_profile_to_csv         (const MsPathProfile *profile);
void           ms_path_profile_free           (MsPathProfile       *profile);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsPathProfile, ms_path_profile_free)

G_END_DECLS
