/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The blueprint reader spans ms-blueprint-reader.c (the dispatch on the
 * first byte, the error messages, the checks and the road blocks both
 * formats share, the biome range check), ms-blueprint-reader-v2.c and
 * ms-blueprint-reader-v1.c.  One parser state runs through all three, so
 * every message names the file, section and offset the same way.
 */
#pragma once

#include "ms-blueprint-private.h"
#include "ms-wire.h"

G_BEGIN_DECLS

typedef struct
{
  MsBlueprint  *bp;
  const char   *name;      /* display name of the file, for messages */
  const guint8 *data;
  gsize         length;
  /* The section being parsed, for messages; tag 0 outside any section. */
  guint32       tag;
  goffset       section_offset;
  /* The one pass over a whole grid (the biome check) reports and stops. */
  MsProgressFunc progress;
  gpointer       progress_data;
  GCancellable  *cancellable;
  /* The biome check on the pool's idle time (ms_blueprint_check_biomes ()). */
  gboolean       background;
} MsBlueprintParser;

/* "{file}: [section {tag} (at offset {o}), ]offset {offset}: {message}" */
void     _ms_blueprint_parser_error           (MsBlueprintParser  *p,
                                               GError            **error,
                                               int                 code,
                                               goffset             offset,
                                               const char         *format,
                                               ...) G_GNUC_PRINTF (5, 6);
gboolean _ms_blueprint_parser_check_map_size  (MsBlueprintParser  *p,
                                               gint32              map_size,
                                               goffset             offset,
                                               GError            **error);
gboolean _ms_blueprint_parser_check_town_tier (MsBlueprintParser  *p,
                                               guint               index,
                                               gint64              tier,
                                               goffset             offset,
                                               GError            **error);

/* Reads one count of a road block and checks it in its format's words: the
 * block's path count when @path is -1, else the point count of path @path,
 * @n_points being the points read before it.  A count it accepts fits what
 * is left of @r (the points are read unchecked) and, added to @n_points,
 * fits a GArray of MsPoint. */
typedef gboolean (*MsRoadCountFunc) (MsBlueprintParser  *p,
                                     MsWireReader       *r,
                                     MsRoadTier          tier,
                                     gint32              path,
                                     guint               n_points,
                                     gint32             *count,
                                     GError            **error);

/* A road block, as both formats lay it out (i32 path count, then per path
 * an i32 point count and that many f32 x, y pairs), into the blueprint's
 * @tier arrays. */
gboolean _ms_blueprint_parser_read_roads      (MsBlueprintParser  *p,
                                               MsWireReader       *r,
                                               MsRoadTier          tier,
                                               MsRoadCountFunc     read_count,
                                               GError            **error);

/* The range check of every biome ordinal (progress, cancellation). */
gboolean _ms_blueprint_parser_check_biomes    (MsBlueprintParser  *p,
                                               GError            **error);

gboolean _ms_blueprint_parse_v2               (MsBlueprintParser  *p,
                                               GError            **error);
gboolean _ms_blueprint_parse_v1               (MsBlueprintParser  *p,
                                               GError            **error);

G_END_DECLS
