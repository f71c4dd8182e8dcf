/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone's tile pyramid, on the real zone 0070 (512²) and on a demo zone
 * of 1030² (no power of two: the last cells of the upper levels are
 * clipped, some to between half and all of their size): every tile above
 * level 0 is made from the four tiles under it, reading no more than those
 * four and never the zone's layers straight (no make_direct); a brush dab
 * patches one tile per level; and every tile, before and after edits,
 * equals what plain loops over the zone's tiles say its cells are (written
 * here from the rules in ms-zone-cell.h, not from the pyramid's code).
 * Zone layers are row-major (index = y * width + x).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-demo-zone.h"
#include "ms-test-util.h"
#include "ms-zone-edit.h"
#include "ms-zone-private.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-region.h"
#include "ms-zone-renderer.h"

static const char *const layer_names[] = { "altitude", "blocks", "control", "plants" };

typedef struct
{
  char          *dir;
  MsZone        *zone;
  MsZonePyramid *pyramid;
} Fixture;

/* Zone 0070 copied from tests/data (edits must not touch the original). */
static void
set_up_real (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "zones", "0070", NULL);
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  for (guint l = 0; l < G_N_ELEMENTS (layer_names); l++)
    {
      g_autofree char *name = g_strdup_printf ("%s.0070.bin", layer_names[l]);
      g_autofree char *path = g_build_filename (src, name, NULL);
      g_autofree char *bytes = NULL;
      gsize len;

      g_file_get_contents (path, &bytes, &len, &error);
      g_assert_no_error (error);
      ms_test_put_file (f->dir, name, bytes, len);
    }
  f->zone = ms_zone_new_for_dir (f->dir, 70, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (f->zone), ==, 512);
  f->pyramid = ms_zone_pyramid_new (f->zone, 512 << 20);
  g_assert_cmpuint (ms_zone_pyramid_get_top_level (f->pyramid), ==, 1);
}

#define DEMO_SIZE 1030

static void
set_up_demo (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  g_assert_true (ms_demo_zone_write (f->dir, 5, DEMO_SIZE, FALSE, &error));
  g_assert_no_error (error);
  f->zone = ms_zone_new_for_dir (f->dir, 5, 0, 0, NULL, &error);
  g_assert_no_error (error);
  f->pyramid = ms_zone_pyramid_new (f->zone, 512 << 20);
  /* 1030 needs 5 tiles of 256 a side at level 0, so levels 0 … 3. */
  g_assert_cmpuint (ms_zone_pyramid_get_top_level (f->pyramid), ==, 3);
}

static void
tear_down (Fixture       *f,
           gconstpointer  data)
{
  g_clear_object (&f->pyramid);
  g_clear_object (&f->zone);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
}

/* ------------------------------------------------- the plain loops -- */

/* What cell [x0, x1) × [y0, y1) of the zone (clipped, non-empty) should
 * hold, one tile at a time: means of the sums, OR of the flags, the first
 * live plant in row-major order, the ground of the centre tile. */
static void
expect_cell (MsZone     *zone,
             guint       x0,
             guint       y0,
             guint       x1,
             guint       y1,
             MsZoneCell *want)
{
  guint64 alt = 0, spawn = 0, slope = 0, allowed = 0;
  guint control = 0, blocking = 0;
  double n = (double) (x1 - x0) * (y1 - y0);
  guint8 p[MS_ZONE_PLANT_INFO_SIZE];

  memset (want, 0, sizeof *want);
  for (guint y = y0; y < y1; y++)
    for (guint x = x0; x < x1; x++)
      {
        alt += ms_zone_get_altitude (zone, x, y);
        slope += ms_zone_get_slope (zone, x, y);
        allowed += ms_zone_is_plant_allowed (zone, x, y);
        control |= ms_zone_get_control (zone, x, y);
        blocking |= ms_zone_get_blocking_flags (zone, x, y);
        ms_zone_get_plant (zone, x, y, p);
        spawn += p[MS_ZONE_PLANT_SPAWN];
        if (want->plant == 0)
          want->plant = p[MS_ZONE_PLANT_TYPE];
      }
  want->height = (float) ((double) alt / n / MS_ZONE_ALTITUDE_PER_UNIT);
  want->spawn = (float) ((double) spawn / n);
  want->slope = (float) ((double) slope / n);
  want->allowed = (float) ((double) allowed / n);
  want->control = (guint16) control;
  want->blocking = (guint8) blocking;
  ms_zone_get_plant (zone, x0 + (x1 - x0) / 2, y0 + (y1 - y0) / 2, p);
  want->ground = p[MS_ZONE_PLANT_GROUND_TYPE];
}

static gboolean
same_float (float a,
            float b)
{
  /* The same sums divided the same way: equal to the last bit but for
   * the float division of spawn, slope and allowed, done here in double. */
  return (isnan (a) && isnan (b)) || fabsf (a - b) <= 1e-6f * MAX (1.0f, fabsf (a));
}

/* Every grid cell of @tile against the plain loops; apron cells hold only
 * a height, NaN beyond the zone. */
static void
check_tile (MsZone           *zone,
            const MsZoneTile *tile,
            const char       *what)
{
  gint64 zw = ms_zone_get_width (zone), zh = ms_zone_get_height (zone);

  g_assert_cmpuint (tile->k, ==, 1u << tile->key.level);
  g_assert_cmphex (tile->fields, ==, MS_ZONE_CELL_ALL);
  for (guint gy = 0; gy < tile->grid_height; gy++)
    for (guint gx = 0; gx < tile->grid_width; gx++)
      {
        const MsZoneCell *got = &tile->cells[(gsize) gy * tile->grid_width + gx];
        gint64 x0 = MAX (tile->x0 + (gint64) gx * tile->k, 0), y0 = MAX (tile->y0 + (gint64) gy * tile->k, 0);
        gint64 x1 = MIN (tile->x0 + (gint64) (gx + 1) * tile->k, zw);
        gint64 y1 = MIN (tile->y0 + (gint64) (gy + 1) * tile->k, zh);
        gboolean apron = gx == 0 || gy == 0 || gx == tile->grid_width - 1 || gy == tile->grid_height - 1;
        MsZoneCell want;

        if (x0 >= x1 || y0 >= y1)
          {
            if (!isnan (got->height))
              g_error ("%s: tile %u/%u/%u cell (%u, %u) beyond the zone has height %g", what,
                       tile->key.level, tile->key.tx, tile->key.ty, gx, gy, got->height);
            continue;
          }
        expect_cell (zone, (guint) x0, (guint) y0, (guint) x1, (guint) y1, &want);
        if (!same_float (got->height, want.height) ||
            (!apron && (!same_float (got->spawn, want.spawn) || !same_float (got->slope, want.slope) ||
                        !same_float (got->allowed, want.allowed) || got->control != want.control ||
                        got->blocking != want.blocking || got->plant != want.plant ||
                        got->ground != want.ground)))
          g_error ("%s: tile %u/%u/%u cell (%u, %u)%s: got h %g s %g sl %g a %g c %x b %x p %u g %u, "
                   "expected h %g s %g sl %g a %g c %x b %x p %u g %u", what,
                   tile->key.level, tile->key.tx, tile->key.ty, gx, gy, apron ? " (apron)" : "",
                   got->height, got->spawn, got->slope, got->allowed, got->control, got->blocking,
                   got->plant, got->ground, want.height, want.spawn, want.slope, want.allowed,
                   want.control, want.blocking, want.plant, want.ground);
      }
}

/* Every tile of every level, level 0 first; each checked when @check. */
static void
get_all (Fixture    *f,
         gboolean    check,
         const char *what)
{
  guint top = ms_zone_pyramid_get_top_level (f->pyramid);
  g_autoptr(GError) error = NULL;

  for (guint level = 0; level <= top; level++)
    {
      guint nx, ny;

      ms_zone_pyramid_get_tile_grid (f->pyramid, level, &nx, &ny);
      for (guint ty = 0; ty < ny; ty++)
        for (guint tx = 0; tx < nx; tx++)
          {
            MsTileKey key = { level, tx, ty };
            g_autoptr(MsZoneTile) tile = ms_zone_pyramid_get_tile (f->pyramid, &key, NULL, &error);

            g_assert_no_error (error);
            if (check)
              check_tile (f->zone, tile, what);
          }
    }
}

/* How many of the four tiles under each tile of @level exist, summed. */
static guint64
children_at (Fixture *f,
             guint    level)
{
  guint nx, ny, cx, cy;
  guint64 n = 0;

  ms_zone_pyramid_get_tile_grid (f->pyramid, level, &nx, &ny);
  ms_zone_pyramid_get_tile_grid (f->pyramid, level - 1, &cx, &cy);
  for (guint ty = 0; ty < ny; ty++)
    for (guint tx = 0; tx < nx; tx++)
      n += (guint64) MIN (2u, cx - 2 * tx) * MIN (2u, cy - 2 * ty);
  return n;
}

/* --------------------------------------------------------- tests -- */

/* The top tile asked for first, nothing cached: it is made from the four
 * tiles below, which are made from the zone, each once; no level is
 * reduced from the zone straight.  Then every tile is what the loops say. */
static void
test_top_first (Fixture       *f,
                gconstpointer  data)
{
  MsTilePyramid *base = MS_TILE_PYRAMID (f->pyramid);
  guint top = ms_zone_pyramid_get_top_level (f->pyramid);
  MsTileKey key = { top, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneTile) tile = NULL;
  gint64 t0 = g_get_monotonic_time ();

  tile = ms_zone_pyramid_get_tile (f->pyramid, &key, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("top tile %u/0/0 of a %u² zone, nothing cached: %.1f ms", top,
                  ms_zone_get_width (f->zone), (g_get_monotonic_time () - t0) / 1000.0);

  for (guint level = 0; level <= top; level++)
    {
      MsTilePyramidLevelStats stats;
      guint nx, ny;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      ms_zone_pyramid_get_tile_grid (f->pyramid, level, &nx, &ny);
      /* Everything under the top, each tile once. */
      g_assert_cmpuint (stats.made, ==, (guint64) nx * ny);
      g_assert_cmpuint (stats.made_direct, ==, 0);
      if (level > 0)
        {
          g_assert_cmpuint (stats.max_children_read, <=, 4);
          g_assert_cmpuint (stats.children_read, ==, children_at (f, level));
        }
    }

  ms_tile_pyramid_reset_stats (base);
  get_all (f, TRUE, "top first");
  /* All of it was cached: nothing made again. */
  for (guint level = 0; level <= top; level++)
    {
      MsTilePyramidLevelStats stats;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      g_assert_cmpuint (stats.made, ==, 0);
    }
}

/* Zooming out over what was shown: level by level from 0. */
static void
test_bottom_up (Fixture       *f,
                gconstpointer  data)
{
  MsTilePyramid *base = MS_TILE_PYRAMID (f->pyramid);
  guint top = ms_zone_pyramid_get_top_level (f->pyramid);

  get_all (f, TRUE, "bottom up");
  for (guint level = 1; level <= top; level++)
    {
      MsTilePyramidLevelStats stats;
      guint nx, ny;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      ms_zone_pyramid_get_tile_grid (f->pyramid, level, &nx, &ny);
      g_assert_cmpuint (stats.made, ==, (guint64) nx * ny);
      g_assert_cmpuint (stats.made_direct, ==, 0);
      g_assert_cmpuint (stats.max_children_read, <=, 4);
      g_assert_cmpuint (stats.children_read, ==, children_at (f, level));
    }
}

/* After a change under @what: one tile made (patched) at each level, from
 * the one tile under it, nothing dropped, and every tile what the loops
 * say. */
static void
check_one_per_level (Fixture    *f,
                     guint       n_cached,
                     const char *what)
{
  MsTilePyramid *base = MS_TILE_PYRAMID (f->pyramid);
  guint top = ms_zone_pyramid_get_top_level (f->pyramid);

  for (guint level = 0; level <= top; level++)
    {
      MsTilePyramidLevelStats stats;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      if (stats.made != 1)
        g_error ("%s: level %u made %" G_GUINT64_FORMAT " tiles", what, level, stats.made);
      g_assert_cmpuint (stats.made_direct, ==, 0);
      if (level > 0)
        g_assert_cmpuint (stats.children_read, ==, 1);
    }
  g_assert_cmpuint (ms_zone_pyramid_get_cached_tiles (f->pyramid), ==, n_cached);

  /* The patched tiles were cached, current, and are what a fresh
   * reduction of the edited zone gives; getting them makes nothing. */
  ms_tile_pyramid_reset_stats (base);
  get_all (f, TRUE, what);
  for (guint level = 0; level <= top; level++)
    {
      MsTilePyramidLevelStats stats;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      g_assert_cmpuint (stats.made, ==, 0);
    }
  ms_tile_pyramid_reset_stats (base);
}

/* Brush dabs in every layer the tiles carry, then their undo. */
static void
test_dab (Fixture       *f,
          gconstpointer  data)
{
  guint n = ms_zone_get_width (f->zone);
  /* Inside one tile at every level, away from any seam and apron, and
   * inside one 64² chunk of the zone's layers: an undo reports whole
   * chunks changed, and a chunk reaching a tile's edge would rightly
   * change the neighbour's apron too. */
  double xy[] = { n / 2.0 + 88.5, n / 2.0 + 158.5, n / 2.0 + 90.5, n / 2.0 + 159.5 };
  guint cx = (guint) xy[0], cy = (guint) xy[1];
  g_autoptr(MsZoneRegion) stroke = ms_zone_region_new_stroke (n, n, MS_ZONE_BRUSH_ROUND, xy, 2, 3.0);
  MsZoneOp highway = { .kind = MS_ZONE_OP_SET_FLAG, .mask = MS_ZONE_CONTROL_HIGHWAY };
  MsZoneOp spawn = { .kind = MS_ZONE_OP_SET_SPAWN, .value = 201 };
  g_autoptr(GError) error = NULL;
  guint32 index[4];
  guint8 heights[8], plants[4 * MS_ZONE_PLANT_INFO_SIZE];
  guint n_cached;

  get_all (f, FALSE, NULL);
  n_cached = ms_zone_pyramid_get_cached_tiles (f->pyramid);
  ms_tile_pyramid_reset_stats (MS_TILE_PYRAMID (f->pyramid));

  g_assert_true (ms_zone_apply (f->zone, &highway, stroke, &error));
  g_assert_no_error (error);
  check_one_per_level (f, n_cached, "highway dab");

  g_assert_true (ms_zone_apply (f->zone, &spawn, stroke, &error));
  g_assert_no_error (error);
  check_one_per_level (f, n_cached, "spawn dab");

  /* A 2 × 2 bump of altitude (slopes change around it) and live plants. */
  for (guint i = 0; i < 4; i++)
    {
      guint16 v = (guint16) (61000 - 3000 * i);

      index[i] = (cy + i / 2) * n + cx + i % 2;
      heights[2 * i] = v & 0xff;
      heights[2 * i + 1] = v >> 8;
      ms_zone_get_plant (f->zone, cx + i % 2, cy + i / 2, plants + i * MS_ZONE_PLANT_INFO_SIZE);
      plants[i * MS_ZONE_PLANT_INFO_SIZE + MS_ZONE_PLANT_TYPE] = (guint8) (3 + i);
    }
  _ms_zone_write_tiles (f->zone, MS_ZONE_LAYER_ALTITUDE, 4, index, heights);
  check_one_per_level (f, n_cached, "altitude dab");
  _ms_zone_write_tiles (f->zone, MS_ZONE_LAYER_PLANTS, 4, index, plants);
  check_one_per_level (f, n_cached, "plant dab");

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *what = g_strdup_printf ("undo %u", i);

      g_assert_true (ms_zone_undo (f->zone));
      check_one_per_level (f, n_cached, what);
    }
}

/* An edit over the whole zone drops the tiles it covers at every level
 * rather than patching them; they come back from below, right. */
static void
test_large_edit (Fixture       *f,
                 gconstpointer  data)
{
  guint n = ms_zone_get_width (f->zone);
  g_autoptr(MsZoneRegion) most = ms_zone_region_new_rect (n, n, 0, 0, n, n);
  MsZoneOp anti_plant = { .kind = MS_ZONE_OP_SET_FLAG, .mask = MS_ZONE_CONTROL_ANTI_PLANT };
  MsTilePyramid *base = MS_TILE_PYRAMID (f->pyramid);
  g_autoptr(GError) error = NULL;

  get_all (f, FALSE, NULL);
  g_assert_true (ms_zone_apply (f->zone, &anti_plant, most, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_pyramid_get_cached_tiles (f->pyramid), ==, 0);
  ms_tile_pyramid_reset_stats (base);
  get_all (f, TRUE, "after a large edit");
  for (guint level = 1; level <= ms_zone_pyramid_get_top_level (f->pyramid); level++)
    {
      MsTilePyramidLevelStats stats;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      g_assert_cmpuint (stats.made_direct, ==, 0);
      g_assert_cmpuint (stats.max_children_read, <=, 4);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, setup, func) \
  g_test_add ("/zone-pyramid/" path, Fixture, NULL, setup, func, tear_down)
  ADD ("0070/top-first", set_up_real, test_top_first);
  ADD ("0070/bottom-up", set_up_real, test_bottom_up);
  ADD ("0070/dab", set_up_real, test_dab);
  ADD ("0070/large-edit", set_up_real, test_large_edit);
  ADD ("demo-1030/top-first", set_up_demo, test_top_first);
  ADD ("demo-1030/bottom-up", set_up_demo, test_bottom_up);
  ADD ("demo-1030/dab", set_up_demo, test_dab);
  ADD ("demo-1030/large-edit", set_up_demo, test_large_edit);
#undef ADD
  return g_test_run ();
}
