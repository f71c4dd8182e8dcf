/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone edit language of `mapsmith-cli zone edit`, one operation per
 * string:
 *
 *   set FLAG REGION | clear FLAG REGION | spawn VALUE REGION
 *     FLAG   a control flag's name (AntiPlant, ...) or a bit mask 1..65535
 *     VALUE  N (0..255) sets, +N / -N (0..255) adds, *F (0 <= F < 1e6)
 *            scales; the result is clamped to 0..255
 *   REGION
 *     rect X Y W H                    W, H >= 0
 *     polygon X1 Y1 X2 Y2 X3 Y3 ...   tile centres, even-odd
 *     fill X Y                        4-connected, equal control value
 *     stroke round|square R X1 Y1 ... R 0..4096
 *     where LAYER CMP VALUE           LAYER altitude height slope spawn
 *                                     ground plant control flag; CMP
 *                                     < <= > >= == !=; for flag, VALUE
 *                                     may be a flag name
 *
 * Words are separated by spaces, tabs or newlines; numbers are decimal
 * integers in -2^31+1..2^31-1.  Coordinates are tiles (x, y), ROW-MAJOR
 * (tile (x, y) is element y * width + x).
 *
 * Parsing needs no zone; the region is made against the zone the op is
 * applied to (a fill and a where read it, everything is clipped to it).
 * Parse errors are MS_ZONE_OP_ERROR_INVALID naming the operation and the
 * 1-based column of the word at fault (or one past the end when a word is
 * missing).
 */
#pragma once

#include "ms-zone.h"
#include "ms-zone-edit.h"
#include "ms-zone-region.h"

G_BEGIN_DECLS

#define MS_ZONE_OP_ERROR (ms_zone_op_error_quark ())
typedef enum
{
  MS_ZONE_OP_ERROR_INVALID,
} MsZoneOpError;
GQuark ms_zone_op_error_quark (void);

typedef enum
{
  MS_ZONE_OP_REGION_RECT,
  MS_ZONE_OP_REGION_POLYGON,
  MS_ZONE_OP_REGION_FILL,
  MS_ZONE_OP_REGION_STROKE,
  MS_ZONE_OP_REGION_WHERE,
} MsZoneOpRegionKind;

/* A parsed operation: what to do (op) and where (the region's fields). */
typedef struct
{
  char               *text;       /* as given */
  MsZoneOp            op;
  MsZoneOpRegionKind  region;
  /* RECT x y w h; POLYGON and STROKE the points' x y pairs; FILL x y */
  double             *numbers;
  guint               n_numbers;
  MsZoneBrushShape    brush;      /* STROKE */
  double              radius;     /* STROKE */
  MsZoneRuleKind      rule;       /* WHERE */
  MsZoneCompare       cmp;        /* WHERE */
  gint64              value;      /* WHERE */
} MsZoneOpSpec;

MsZoneOpSpec  *ms_zone_op_spec_parse        (const char          *text,
                                             GError             **error);
void           ms_zone_op_spec_free         (MsZoneOpSpec        *spec);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsZoneOpSpec, ms_zone_op_spec_free)

/* The spec's region over @zone; errors (a fill seed outside the zone, a
 * rule on a missing layer) name the operation. */
MsZoneRegion  *ms_zone_op_spec_build_region (const MsZoneOpSpec  *spec,
                                             MsZone              *zone,
                                             GError             **error);
/* Builds the region and applies the op to it (ms_zone_apply: one undo
 * step, or part of the open one).  @n_tiles: nullable, receives the
 * region's tile count. */
gboolean       ms_zone_op_spec_apply        (const MsZoneOpSpec  *spec,
                                             MsZone              *zone,
                                             guint64             *n_tiles,
                                             GError             **error);

/* A region alone (the REGION words above, no verb): the spec's op is zero.
 * The rule dialog writes its rule this way and builds the region with
 * ms_zone_op_spec_build_region (). */
MsZoneOpSpec  *ms_zone_op_region_parse      (const char          *text,
                                             GError             **error);
/* The language's words for a rule layer ("spawn") and a comparison ("<="),
 * indexed by the enums; how many there are. */
const char    *ms_zone_op_rule_layer_name   (MsZoneRuleKind       kind);
guint          ms_zone_op_n_rule_layers     (void);
const char    *ms_zone_op_compare_name      (MsZoneCompare        cmp);
guint          ms_zone_op_n_compares        (void);
/* "where LAYER CMP VALUE" in those words. */
char          *ms_zone_op_format_where      (MsZoneRuleKind       kind,
                                             MsZoneCompare        cmp,
                                             gint64               value);

/* A control flag given by name (ms_zone_control_flag_from_name) or as a bit
 * mask 1..65535. */
gboolean       ms_zone_op_parse_flag        (const char          *text,
                                             guint16             *out_mask,
                                             GError             **error);

G_END_DECLS
