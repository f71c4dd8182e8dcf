/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Zone fixtures for the model tests: a folder holding a control and a
 * plants layer of random bytes, the zone opened over it, and a check of
 * every tile against expected bytes.  Layers are ROW-MAJOR
 * (index = y * width + x).
 */
#pragma once

#include "ms-test-util.h"
#include "ms-zone.h"

G_BEGIN_DECLS

/* Not multiples of 64: the last chunks of each row and column are partial. */
#define MS_TEST_ZONE_ID      9
#define MS_TEST_ZONE_WIDTH   150
#define MS_TEST_ZONE_HEIGHT  100

typedef struct
{
  char    *dir;
  guint8  *control;   /* as written, 2 B/tile, row-major */
  guint8  *plants;    /* 7 B/tile */
  MsZone  *zone;
} MsTestZoneFixture;

/* Zone @id of @width × @height opened from @dir; fails the test on error. */
MsZone     *ms_test_open_zone            (const char        *dir,
                                          guint              id,
                                          guint              width,
                                          guint              height);
/* control.0009.bin and plants.0009.bin of g_test_rand bytes (the control
 * high byte within the flags the format defines) in a new temporary folder,
 * and zone 9 opened over them. */
void        ms_test_zone_fixture_set_up  (MsTestZoneFixture *f,
                                          gconstpointer      data);
void        ms_test_zone_fixture_tear_down (MsTestZoneFixture *f,
                                          gconstpointer      data);
/* Every tile of both layers, as @zone reads them, against @control (2 B
 * a tile) and @plants (7 B a tile), row-major over the zone's size. */
void        ms_test_assert_zone_layers   (MsZone            *zone,
                                          const guint8      *control,
                                          const guint8      *plants);

G_END_DECLS
