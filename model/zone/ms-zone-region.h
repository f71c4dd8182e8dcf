/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A set of tiles of a zone, rasterized to row spans.  Coordinates are tiles,
 * ROW-MAJOR (tile (x, y) is element y * width + x).  Everything is clipped
 * to the zone.
 */
#pragma once

#include <glib.h>

#include "ms-zone.h"

G_BEGIN_DECLS

#define MS_ZONE_REGION_ERROR (ms_zone_region_error_quark ())
typedef enum
{
  MS_ZONE_REGION_ERROR_INVALID,
} MsZoneRegionError;
GQuark ms_zone_region_error_quark (void);

/* One run of tiles x0 <= x < x1 on row y. */
typedef struct
{
  guint y;
  guint x0;
  guint x1;
} MsZoneSpan;

typedef enum
{
  MS_ZONE_BRUSH_ROUND,
  MS_ZONE_BRUSH_SQUARE,
} MsZoneBrushShape;

/* What a rule compares.  ALTITUDE is the raw u16, HEIGHT raw >> 5, SLOPE the
 * server's 0..255, SPAWN/GROUND/PLANT the PlantInfo bytes, CONTROL the raw
 * u16; FLAG compares (control & value) with value, so "== mask" means every
 * bit of mask is set. */
typedef enum
{
  MS_ZONE_RULE_ALTITUDE,
  MS_ZONE_RULE_HEIGHT,
  MS_ZONE_RULE_SLOPE,
  MS_ZONE_RULE_SPAWN,
  MS_ZONE_RULE_GROUND,
  MS_ZONE_RULE_PLANT,
  MS_ZONE_RULE_CONTROL,
  MS_ZONE_RULE_FLAG,
} MsZoneRuleKind;

typedef enum
{
  MS_ZONE_CMP_LT,
  MS_ZONE_CMP_LE,
  MS_ZONE_CMP_GT,
  MS_ZONE_CMP_GE,
  MS_ZONE_CMP_EQ,
  MS_ZONE_CMP_NE,
} MsZoneCompare;

typedef struct _MsZoneRegion MsZoneRegion;

MsZoneRegion     *ms_zone_region_new_rect     (guint             zone_width,
                                               guint             zone_height,
                                               gint64            x,
                                               gint64            y,
                                               gint64            width,
                                               gint64            height);
/* xy: n_points (x, y) vertices in tile units; a tile is inside when its
 * centre (x + 0.5, y + 0.5) is, by the even-odd rule. */
MsZoneRegion     *ms_zone_region_new_polygon  (guint             zone_width,
                                               guint             zone_height,
                                               const double     *xy,
                                               guint             n_points,
                                               GError          **error);
/* Tiles whose centre lies within radius of (cx, cy): Euclidean for ROUND,
 * per axis for SQUARE.  A stroke is the union of stamps along a polyline,
 * spaced closely enough to leave no gaps. */
MsZoneRegion     *ms_zone_region_new_stamp    (guint             zone_width,
                                               guint             zone_height,
                                               MsZoneBrushShape  shape,
                                               double            cx,
                                               double            cy,
                                               double            radius);
MsZoneRegion     *ms_zone_region_new_stroke   (guint             zone_width,
                                               guint             zone_height,
                                               MsZoneBrushShape  shape,
                                               const double     *xy,
                                               guint             n_points,
                                               double            radius);
/* 4-connected from (x, y) over tiles whose control value equals the seed's. */
MsZoneRegion     *ms_zone_region_new_flood    (MsZone           *zone,
                                               guint             x,
                                               guint             y,
                                               GError          **error);
MsZoneRegion     *ms_zone_region_new_rule     (MsZone           *zone,
                                               MsZoneRuleKind    kind,
                                               MsZoneCompare     cmp,
                                               gint64            value,
                                               GError          **error);

/* Any spans (unsorted, overlapping, outside the zone): clipped, sorted
 * and merged. */
MsZoneRegion     *ms_zone_region_new_from_spans (guint             zone_width,
                                               guint             zone_height,
                                               const MsZoneSpan *spans,
                                               guint             n_spans);

MsZoneRegion     *ms_zone_region_ref          (MsZoneRegion     *self);
void              ms_zone_region_unref        (MsZoneRegion     *self);
/* Sorted by (y, x0), disjoint, not touching on a row. */
const MsZoneSpan *ms_zone_region_get_spans    (MsZoneRegion     *self,
                                               guint            *n_spans);
guint64           ms_zone_region_count_tiles  (MsZoneRegion     *self);
gboolean          ms_zone_region_contains     (MsZoneRegion     *self,
                                               guint             x,
                                               guint             y);
/* Bounding box, x1/y1 exclusive; FALSE when empty. */
gboolean          ms_zone_region_get_bounds   (MsZoneRegion     *self,
                                               guint            *x0,
                                               guint            *y0,
                                               guint            *x1,
                                               guint            *y1);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsZoneRegion, ms_zone_region_unref)

G_END_DECLS
