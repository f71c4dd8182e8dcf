/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The blueprint's tile pyramid, built from below when the tiles below are
 * there and straight from the mapping when not (the top with the two
 * levels under it, in one pass): every tile of every level, in either
 * order, equals what a plain loop over the map's pixels says its cells are
 * (the mean of the finite heights under each cell, apron included; biome
 * and water at the cell's centre), on a map whose size is no power of two
 * and which has holes of NaN; each tile is made once, and no tile made
 * from below reads more than four tiles.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-summary.h"
#include "ms-demo-blueprint.h"
#include "ms-test-util.h"

#define SIZE 1029

/* The expected height of the cell covering [x0, x0 + k) × [y0, y0 + k),
 * clipped to the map: a plain double sum over the accessor's heights. */
static float
expected_height (MsBlueprint *bp,
                 gint64       x0,
                 gint64       y0,
                 guint        k)
{
  double sum = 0.0;
  guint64 n = 0;

  for (gint64 x = MAX (x0, 0); x < MIN (x0 + k, (gint64) SIZE); x++)
    for (gint64 y = MAX (y0, 0); y < MIN (y0 + k, (gint64) SIZE); y++)
      {
        float h = ms_blueprint_get_height (bp, (guint) x, (guint) y);
        if (isfinite (h))
          {
            sum += h;
            n++;
          }
      }
  return n > 0 ? (float) (sum / (double) n) : NAN;
}

/* The centre of a cell's in-map part along one axis, or -1 off the map. */
static gint64
centre (gint64 a,
        guint  k)
{
  gint64 lo = MAX (a, 0), hi = MIN (a + k, (gint64) SIZE);
  return lo < hi ? lo + (hi - lo) / 2 : -1;
}

static MsBlueprint *
make_blueprint (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) demo = ms_demo_blueprint_generate (SIZE, 7, &error);
  gsize len;
  guint8 *data = g_bytes_unref_to_data (g_steal_pointer (&demo), &len);
  g_autoptr(GArray) sections = ms_test_walk_sections (data, len);
  const MsTestSection *hgts = ms_test_find (sections, "HGTS");
  guint8 *heights = data + hgts->offset + 12;
  float nan = NAN;
  g_autoptr(GBytes) bytes = NULL;
  MsBlueprint *bp;

  /* Holes: a 40×40 block of NaN, and every 97th pixel. */
  for (guint x = 300; x < 340; x++)
    for (guint y = 500; y < 540; y++)
      memcpy (heights + ((gsize) x * SIZE + y) * 4, &nan, 4);
  for (gsize i = 0; i < (gsize) SIZE * SIZE; i += 97)
    memcpy (heights + i * 4, &nan, 4);

  bytes = g_bytes_new_take (data, len);
  bp = ms_blueprint_new_for_bytes (bytes, "holes.dat", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

static void
check_grid (MsBlueprint           *bp,
            const MsBlueprintGrid *g,
            guint                  level,
            guint                  tx,
            guint                  ty)
{
  guint k = 1u << level;

  g_assert_cmpuint (g->k, ==, k);
  for (guint cy = 0; cy < g->height; cy++)
    for (guint cx = 0; cx < g->width; cx++)
      {
        gsize o = (gsize) cy * g->width + cx;
        gint64 x0 = g->x0 + (gint64) cx * k, y0 = g->y0 + (gint64) cy * k;
        float want = expected_height (bp, x0, y0, k);
        float got = g->heights[o];
        gint64 sx = centre (x0, k), sy = centre (y0, k);

        if (isnan (want) != isnan (got) ||
            (!isnan (want) && fabsf (want - got) > 1e-5f * MAX (1.0f, fabsf (want))))
          g_error ("tile %u/%u/%u cell (%u, %u): height %g, expected %g", level, tx, ty, cx, cy, got, want);
        if (sx >= 0 && sy >= 0)
          {
            g_assert_cmpuint (g->biomes[o], ==, ms_blueprint_get_biome (bp, (guint) sx, (guint) sy));
            g_assert_cmpuint (g->water_ids[o], ==, ms_blueprint_get_water_id (bp, (guint) sx, (guint) sy));
          }
      }
}

static void
check_tile (MsBlueprint           *bp,
            const MsBlueprintTile *tile)
{
  check_grid (bp, &tile->grid, tile->key.level, tile->key.tx, tile->key.ty);
}

/* Every tile of every level, in the order given, checked against the
 * plain loop; then each level's counters. */
static void
check_all (MsBlueprint        *bp,
           MsBlueprintPyramid *pyramid,
           gboolean            top_first)
{
  guint top = ms_blueprint_pyramid_get_top_level (pyramid);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i <= top; i++)
    {
      guint level = top_first ? top - i : i;
      guint nx, ny;

      ms_blueprint_pyramid_get_tile_grid (pyramid, level, &nx, &ny);
      for (guint ty = 0; ty < ny; ty++)
        for (guint tx = 0; tx < nx; tx++)
          {
            MsTileKey key = { level, tx, ty };
            g_autoptr(MsBlueprintTile) tile = ms_blueprint_pyramid_get_tile (pyramid, &key, NULL, &error);

            g_assert_no_error (error);
            check_tile (bp, tile);
          }
    }
}

static void
test_built_from_below (void)
{
  g_autoptr(MsBlueprint) bp = make_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 512 << 20);
  MsTilePyramid *base = MS_TILE_PYRAMID (pyramid);
  guint top = ms_blueprint_pyramid_get_top_level (pyramid);

  /* 1029 needs 5 tiles of 256 a side at level 0, so levels 0 … 3. */
  g_assert_cmpuint (top, ==, 3);

  /* Zooming out over what was shown: each level finds the one below
   * cached, so every tile above level 0 is made from the four under it,
   * once, reading no more than those four. */
  check_all (bp, pyramid, FALSE);
  for (guint level = 0; level <= top; level++)
    {
      MsTilePyramidLevelStats stats;
      guint nx, ny;

      ms_tile_pyramid_get_level_stats (base, level, &stats);
      ms_blueprint_pyramid_get_tile_grid (pyramid, level, &nx, &ny);
      g_assert_cmpuint (stats.made, ==, (guint64) nx * ny);
      g_assert_cmpuint (stats.made_direct, ==, 0);
      if (level > 0)
        {
          g_assert_cmpuint (stats.max_children_read, <=, 4);
          g_assert_cmpuint (stats.children_read, >=, stats.made);
        }
    }
}

static void
test_first_overview_direct (void)
{
  g_autoptr(MsBlueprint) bp = make_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 512 << 20);
  MsTilePyramid *base = MS_TILE_PYRAMID (pyramid);
  MsTilePyramidLevelStats stats;
  /* 1029 pixels a side: 5 tiles at level 0, 3 at 1, 2 at 2, 1 at 3. */
  const guint n_tiles[] = { 5, 3, 2, 1 };

  /* The top first, nothing cached: one pass over the mapping at level 1
   * makes it and every tile of levels 1 and 2, which are not made again
   * when asked for; level 0 is made on its own.  Every tile, apron
   * included, holds what the plain loop says (check_all). */
  check_all (bp, pyramid, TRUE);
  for (guint level = 0; level <= 3; level++)
    {
      ms_tile_pyramid_get_level_stats (base, level, &stats);
      g_assert_cmpuint (stats.made, ==, n_tiles[level] * n_tiles[level]);
      g_assert_cmpuint (stats.made_direct, ==, level == 1 || level == 3 ? stats.made : 0);
      g_assert_cmpuint (stats.children_read, ==, 0);
    }
}

/* A map of one tile or two a side has no level two below its top: the
 * top alone, straight from the mapping. */
static void
test_small_top_direct (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) demo = ms_demo_blueprint_generate (300, 3, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (demo, "small.dat", NULL, &error);
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64 << 20);
  MsTileKey top = { 1, 0, 0 };
  g_autoptr(MsBlueprintTile) tile = NULL;
  MsTilePyramidLevelStats stats;

  g_assert_no_error (error);
  g_assert_cmpuint (ms_blueprint_pyramid_get_top_level (pyramid), ==, 1);
  tile = ms_blueprint_pyramid_get_tile (pyramid, &top, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_blueprint_pyramid_get_cached_tiles (pyramid), ==, 1);
  ms_tile_pyramid_get_level_stats (MS_TILE_PYRAMID (pyramid), 0, &stats);
  g_assert_cmpuint (stats.made, ==, 0);
}

/* Cancelled, the top's pass caches nothing: no tile sampled in part. */
static void
test_top_pass_cancelled (void)
{
  g_autoptr(MsBlueprint) bp = make_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 512 << 20);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MsTileKey top = { 3, 0, 0 };

  g_cancellable_cancel (cancellable);
  g_assert_null (ms_blueprint_pyramid_get_tile (pyramid, &top, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (ms_blueprint_pyramid_get_cached_tiles (pyramid), ==, 0);
}

/* The gallery's thumbnail made in the figures' pass (MS_SUMMARY_OVERVIEW)
 * is the top tile: the same geometry and, cell by cell, what the plain
 * loop says, apron and samples included. */
static void
test_summary_overview (void)
{
  g_autoptr(MsBlueprint) bp = make_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64u << 20);
  g_autoptr(MsBlueprintSummary) s = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprintGrid grid;
  guint top = ms_blueprint_pyramid_get_top_level (pyramid), width, height;
  MsTileKey key = { top, 0, 0 };

  s = ms_blueprint_summarize_full (bp, MS_SUMMARY_OVERVIEW, NULL, &error);
  g_assert_no_error (error);
  /* 1029 pixels: 8-pixel cells, 129 of them (1029 / 4 would be 258 > 256). */
  g_assert_cmpuint (s->overview_cell, ==, 1u << top);
  g_assert_cmpuint (s->overview_cell, ==, 8);
  ms_blueprint_pyramid_get_tile_size (pyramid, &key, &width, &height);
  g_assert_cmpuint (s->overview_width, ==, width);
  g_assert_cmpuint (s->overview_height, ==, height);
  g_assert_cmpuint (width, ==, 129);
  ms_blueprint_grid_from_overview (bp, s->overview_means, s->overview_counts, s->overview_cell,
                                   s->overview_width, s->overview_height, &grid);
  check_grid (bp, &grid, top, 0, 0);
  ms_blueprint_grid_clear (&grid);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint-pyramid/built-from-below", test_built_from_below);
  g_test_add_func ("/blueprint-pyramid/first-overview-direct", test_first_overview_direct);
  g_test_add_func ("/blueprint-pyramid/small-top-direct", test_small_top_direct);
  g_test_add_func ("/blueprint-pyramid/top-pass-cancelled", test_top_pass_cancelled);
  g_test_add_func ("/blueprint-pyramid/summary-overview", test_summary_overview);
  return g_test_run ();
}
