/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsTilePyramid with a counting subclass: a tile holds the number of
 * level-0 cells under it, so a tile built from the level below must hold
 * the area it covers, and the counters show what each level read.
 */
#include "config.h"

#include "ms-tile-pyramid.h"

typedef struct
{
  gint    ref_count;
  guint64 area;
} AreaTile;

static gpointer
area_tile_ref (gpointer tile)
{
  g_atomic_int_inc (&((AreaTile *) tile)->ref_count);
  return tile;
}

static void
area_tile_unref (gpointer tile)
{
  if (g_atomic_int_dec_and_test (&((AreaTile *) tile)->ref_count))
    g_free (tile);
}

static gsize
area_tile_get_bytes (gconstpointer tile)
{
  return 1000;
}

#define TEST_TYPE_AREA_PYRAMID (test_area_pyramid_get_type ())
G_DECLARE_FINAL_TYPE (TestAreaPyramid, test_area_pyramid, TEST, AREA_PYRAMID, MsTilePyramid)

struct _TestAreaPyramid
{
  MsTilePyramid parent_instance;
};

G_DEFINE_FINAL_TYPE (TestAreaPyramid, test_area_pyramid, MS_TYPE_TILE_PYRAMID)

static gpointer
make_base (MsTilePyramid    *self,
           const MsTileJob  *job,
           GError          **error)
{
  AreaTile *tile = g_new0 (AreaTile, 1);
  guint w, h;

  ms_tile_pyramid_get_tile_size (self, &job->key, &w, &h);
  tile->ref_count = 1;
  tile->area = (guint64) w * h;
  return tile;
}

static gpointer
make_from_children (MsTilePyramid    *self,
                    const MsTileJob  *job,
                    GError          **error)
{
  AreaTile *tile = g_new0 (AreaTile, 1);

  tile->ref_count = 1;
  for (guint c = 0; c < 4; c++)
    if (job->children[c] != NULL)
      tile->area += ((AreaTile *) job->children[c])->area;
  return tile;
}

static void
test_area_pyramid_class_init (TestAreaPyramidClass *klass)
{
  MsTilePyramidClass *pyramid_class = MS_TILE_PYRAMID_CLASS (klass);

  pyramid_class->tile_ref = area_tile_ref;
  pyramid_class->tile_unref = area_tile_unref;
  pyramid_class->tile_get_bytes = area_tile_get_bytes;
  pyramid_class->make_base = make_base;
  pyramid_class->make_from_children = make_from_children;
}

static void
test_area_pyramid_init (TestAreaPyramid *self)
{
}

#define WIDTH  1000
#define HEIGHT 600

/* The level-0 cells of tile (tx, ty) at @level, worked out from the
 * rectangle it covers. */
static guint64
expected_area (guint level,
               guint tx,
               guint ty)
{
  guint64 span = (guint64) 256 << level;
  guint64 x0 = tx * span, y0 = ty * span;

  return (MIN (x0 + span, WIDTH) - x0) * (MIN (y0 + span, HEIGHT) - y0);
}

static void
test_from_below (void)
{
  g_autoptr(MsTilePyramid) pyramid = g_object_new (TEST_TYPE_AREA_PYRAMID, NULL);
  g_autoptr(GError) error = NULL;
  MsTilePyramidLevelStats stats;
  MsTileKey top = { 2, 0, 0 };
  AreaTile *tile;

  ms_tile_pyramid_set_extent (pyramid, WIDTH, HEIGHT, 1 << 20);
  g_assert_cmpuint (ms_tile_pyramid_get_top_level (pyramid), ==, 2);

  /* The top tile from an empty cache: every tile below made once. */
  tile = ms_tile_pyramid_get_tile (pyramid, &top, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tile->area, ==, (guint64) WIDTH * HEIGHT);
  area_tile_unref (tile);

  ms_tile_pyramid_get_level_stats (pyramid, 0, &stats);
  g_assert_cmpuint (stats.made, ==, 4 * 3);  /* 1000 × 600 in 256² tiles */
  g_assert_cmpuint (stats.children_read, ==, 0);
  ms_tile_pyramid_get_level_stats (pyramid, 1, &stats);
  g_assert_cmpuint (stats.made, ==, 2 * 2);
  g_assert_cmpuint (stats.children_read, ==, 12);
  g_assert_cmpuint (stats.max_children_read, <=, 4);
  ms_tile_pyramid_get_level_stats (pyramid, 2, &stats);
  g_assert_cmpuint (stats.made, ==, 1);
  g_assert_cmpuint (stats.children_read, ==, 4);

  for (guint level = 0; level <= 2; level++)
    {
      guint nx, ny;

      ms_tile_pyramid_get_tile_grid (pyramid, level, &nx, &ny);
      for (guint ty = 0; ty < ny; ty++)
        for (guint tx = 0; tx < nx; tx++)
          {
            MsTileKey key = { level, tx, ty };

            tile = ms_tile_pyramid_lookup (pyramid, &key);
            g_assert_nonnull (tile);
            g_assert_cmpuint (tile->area, ==, expected_area (level, tx, ty));
            area_tile_unref (tile);
          }
    }

  /* A cached tile is not made again, and a missing key is an error. */
  ms_tile_pyramid_reset_stats (pyramid);
  tile = ms_tile_pyramid_get_tile (pyramid, &top, NULL, &error);
  area_tile_unref (tile);
  ms_tile_pyramid_get_level_stats (pyramid, 2, &stats);
  g_assert_cmpuint (stats.made, ==, 0);
  top.level = 3;
  g_assert_null (ms_tile_pyramid_get_tile (pyramid, &top, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

/* A tile offered along with another is cached once and then found, not
 * made; one whose key a change touched after the job began is not. */
static void
test_offer (void)
{
  g_autoptr(MsTilePyramid) pyramid = g_object_new (TEST_TYPE_AREA_PYRAMID, NULL);
  g_autoptr(GError) error = NULL;
  MsTilePyramidLevelStats stats;
  MsTileKey key = { 0, 1, 1 }, touched = { 0, 2, 1 };
  MsTileJob job = { { 1, 0, 0 }, { NULL, }, NULL, 0 };
  AreaTile *tile, *got;

  ms_tile_pyramid_set_extent (pyramid, WIDTH, HEIGHT, 1 << 20);

  tile = make_base (pyramid, &(MsTileJob) { key }, NULL);
  tile->area = 12345;  /* told apart from a tile made anew */
  ms_tile_pyramid_offer (pyramid, &job, &key, tile, TRUE);
  ms_tile_pyramid_offer (pyramid, &job, &key, tile, TRUE);
  area_tile_unref (tile);
  ms_tile_pyramid_get_level_stats (pyramid, 0, &stats);
  g_assert_cmpuint (stats.made, ==, 1);
  g_assert_cmpuint (stats.made_direct, ==, 1);
  got = ms_tile_pyramid_get_tile (pyramid, &key, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (got->area, ==, 12345);
  area_tile_unref (got);

  ms_tile_pyramid_begin_change (pyramid);
  ms_tile_pyramid_touch_locked (pyramid, &touched);
  ms_tile_pyramid_end_change (pyramid);
  tile = make_base (pyramid, &(MsTileJob) { touched }, NULL);
  ms_tile_pyramid_offer (pyramid, &job, &touched, tile, FALSE);
  area_tile_unref (tile);
  g_assert_null (ms_tile_pyramid_lookup (pyramid, &touched));
  g_assert_cmpuint (ms_tile_pyramid_get_cached_tiles (pyramid), ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/tile-pyramid/from-below", test_from_below);
  g_test_add_func ("/render/tile-pyramid/offer", test_offer);
  return g_test_run ();
}
