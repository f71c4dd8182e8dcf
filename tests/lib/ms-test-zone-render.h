/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fixtures for the CPU zone renderer's tests (tests/render/zone/): layer
 * files written byte by byte (docs/ZONE_LAYERS.md), images rendered and
 * read back pixel by pixel, and the two zones more than one program draws.
 * Layers are ROW-MAJOR (index = y * width + x).
 */
#pragma once

#include <cairo.h>

#include "ms-colour.h"
#include "ms-test-zone.h"
#include "ms-zone-renderer.h"

G_BEGIN_DECLS

/* @dir/@layer.@id.bin (id in four digits) holding @length raw bytes. */
void             ms_test_write_layer       (const char        *dir,
                                            const char        *layer,
                                            guint              zone_id,
                                            const guint8      *bytes,
                                            gsize              length);
/* Tile @index of a 2-byte layer set to @v, little-endian. */
void             ms_test_set_u16           (guint8            *layer,
                                            gsize              index,
                                            guint16            v);
/* The ARGB32 word at (@col, @row) of an image surface. */
guint32          ms_test_pixel             (cairo_surface_t   *s,
                                            guint              col,
                                            guint              row);
/* ms_render_zone (); fails the test on error or unless the image is
 * @expect_w × @expect_h. */
cairo_surface_t *ms_test_render_zone       (MsZone            *zone,
                                            const MsZoneStyle *style,
                                            const MsRect      *region,
                                            guint              max_size,
                                            guint              expect_w,
                                            guint              expect_h);
/* @c as the renderer's opaque ARGB32 word. */
guint32          ms_test_argb              (MsRgb              c);

/* Zone @id of @w × @h with only a plants layer: g_test_rand spawn bytes,
 * row 2 sterile.  Returns the layer as written (7 B a tile); g_free it. */
guint8          *ms_test_write_spawn_zone  (const char        *dir,
                                            guint              id,
                                            guint              w,
                                            guint              h);

/* Zone 3, a flat 16×16 at height 400 (dry and flat, the map's first stop,
 * #629450, so the base is exact) with one thing per overlay on its own
 * tile, and spawn 128 and slope 0 everywhere:
 *   (6, 5) AntiPlant; (8, 7) AntiPlant | Highway; (2, 1) Roaming;
 *   (5, 4) Obstacle; (9, 4) Island; (7, 6) PineTree; Sand on every tile. */
#define MS_TEST_OVERLAY_N   16
#define MS_TEST_OVERLAY_ID  3

typedef struct
{
  guint8 control[MS_TEST_OVERLAY_N * MS_TEST_OVERLAY_N * 2];
  guint8 blocks[MS_TEST_OVERLAY_N * MS_TEST_OVERLAY_N * 2];
  guint8 plants[MS_TEST_OVERLAY_N * MS_TEST_OVERLAY_N * 7];
  guint8 altitude[MS_TEST_OVERLAY_N * MS_TEST_OVERLAY_N * 2];
} MsTestOverlayZone;

/* Fills @z with that zone's layers and writes them to @dir. */
void             ms_test_write_overlay_zone (const char        *dir,
                                             MsTestOverlayZone *z);

G_END_DECLS
