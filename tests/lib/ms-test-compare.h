/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fixtures for the comparison window's programs (tests/app/test-compare-*.c),
 * whose application is ms-test-app's: demo and hand-made blueprints,
 * a window opened and settled, and the waits its views need.
 */
#pragma once

#include <gtk/gtk.h>

#include "ms-test-app.h"
#include "ms-compare-window.h"
#include "ms-test-display.h"

G_BEGIN_DECLS

/* The demo blueprint of @size and @seed, named "Seed @seed"; its bytes in
 * @bytes_out when not NULL. */
MsBlueprint     *ms_test_compare_demo      (guint            size,
                                            gint32           seed,
                                            GBytes         **bytes_out);
/* A 256 map (@n 256, "small") or a 512 one (@n 512, "large"), worked by
 * hand on the 512 grid (A's pixel for grid (x, y) is (x / 2, y / 2)):
 * A: height 0.25; Lake (biome 1, no WBID: water by biome) at x < 8, so
 *    grid x < 16, 16 × 512 = 8192 pixels; Grassland (4) the other 253952;
 *    a highway (0, 0)–(30, 40): 50 px at 8192 / 256 = 32 m, 1600 m.
 * B: height 0.5 at x < 256, else 0.25 (mean 0.375); Lake at x < 8, 4096
 *    pixels; Grassland 258048; a highway (0, 0)–(60, 80): 100 px at 16 m,
 *    also 1600 m — the same road, unmarked.
 * So Lake −4096, Grassland +4096, water 8192 → 4096 (lost 4096). */
MsBlueprint     *ms_test_compare_tiny      (guint            n);

/* 256 × 256, worked by hand: a flat Grassland at 0.5 raw; B (@is_b) is
 * +0.5 raw at x 10..19 / y 20..29 and gains water (a Lake pixel) at
 * (30, 200).  Named "a" or "b". */
MsBlueprint     *ms_test_compare_block     (gboolean         is_b);

/* @a against @b in an undecorated 1200 × 700 window, shown and done
 * computing; fails the test on an error. */
MsCompareWindow *ms_test_compare_open      (MsBlueprint     *a,
                                            MsBlueprint     *b);
/* As an MsTestDoneFunc: both maps of the window @data mapped, sized and
 * done computing. */
gboolean         ms_test_compare_ready     (gpointer         data);
/* As an MsTestDoneFunc: the swipe view @data mapped with no tile pending. */
gboolean         ms_test_swipe_drawn       (gpointer         data);
/* As an MsTestDoneFunc: the map view @data showing the difference, mapped,
 * with no tile pending. */
gboolean         ms_test_diff_drawn        (gpointer         data);
/* As an MsTestDoneFunc: the onion skin or blink view @data mapped with no
 * tile pending in either map, its minimap's image rendered. */
gboolean         ms_test_blend_drawn       (gpointer         data);
/* Both maps of @view drawn with GL, or (MAPSMITH_TEST_EXPECT_GL=0, the
 * rows run with GDK_DEBUG=gl-disable) both on the CPU fallback. */
void             ms_test_blend_assert_renderer (MsBlendView *view);
/* Moves the real pointer over map point (@mx, @my) of @view, in the X
 * window @window_id, and lets the window see it. */
void             ms_test_compare_point_at  (const char      *window_id,
                                            MsMapView       *view,
                                            double           mx,
                                            double           my);
/* The readout of @window with the real pointer over map point (15.5, 25.5)
 * of @view, two ms_test_compare_block () maps compared: A's 0.5 raw
 * (125.5 m, "126" rounded half to even), B's 1.0 (251 m), B − A +0.5. */
void             ms_test_compare_assert_block_readout (MsCompareWindow *window,
                                                       const char      *window_id,
                                                       MsMapView       *view);
/* @view's viewport at @zoom, centred on (@cx, @cy), within 1e-9. */
void             ms_test_assert_view       (MsMapView       *view,
                                            double           zoom,
                                            double           cx,
                                            double           cy);

G_END_DECLS
