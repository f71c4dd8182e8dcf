/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The terrain sources and the CPU reference picture of the 3D view.  The
 * fixtures have one high block in the north-east only (map x 176..223,
 * y 32..79), so a transpose or a flip of either axis puts it elsewhere;
 * where it must appear on screen is worked out here with a pinhole camera
 * written from the geometry, not with ms-terrain-camera.
 */
#include "config.h"

#include <math.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-pyramid.h"
#include "ms-colour.h"
#include "ms-terrain-blueprint-source.h"
#include "ms-terrain-cpu.h"
#include "ms-terrain-zone-source.h"
#include "ms-test-util.h"
#include "ms-zone-pyramid.h"

#define N 256
#define BLOCK_X0 176
#define BLOCK_X1 224
#define BLOCK_Y0 32
#define BLOCK_Y1 80
#define W 640
#define H 480

static gboolean
in_block (guint x, guint y)
{
  return x >= BLOCK_X0 && x < BLOCK_X1 && y >= BLOCK_Y0 && y < BLOCK_Y1;
}

/* Blueprint: heights 0.3 raw, the block 1.8. */
static float
block_height (guint x,
              guint y)
{
  return in_block (x, y) ? 1.8f : 0.3f;
}

static MsBlueprint *
block_blueprint (void)
{
  g_autoptr(GBytes) bytes = ms_test_v2_heights (N, block_height, 4);
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp = ms_blueprint_new_for_bytes (bytes, "block", NULL, &error);

  g_assert_no_error (error);
  return bp;
}

/* Zone: altitude 3200 (height 100), the block 9600 (300); row-major
 * (index = y · width + x), little-endian u16. */
static MsZone *
block_zone (const char *dir)
{
  g_autofree guint8 *alt = g_malloc0 (N * N * 2);
  g_autoptr(GError) error = NULL;
  MsZone *zone;

  for (guint y = 0; y < N; y++)
    for (guint x = 0; x < N; x++)
      {
        guint16 v = in_block (x, y) ? 9600 : 3200;
        alt[2 * (y * N + x)] = v & 0xff;
        alt[2 * (y * N + x) + 1] = v >> 8;
      }
  ms_test_put_file (dir, "altitude.0005.bin", alt, N * N * 2);
  zone = ms_zone_new_for_dir (dir, 5, N, N, NULL, &error);
  g_assert_no_error (error);
  return zone;
}

/* A pinhole camera looking north from the south, written out: the eye at
 * target + d (0, sin p, cos p), forward (0, −sin p, −cos p), up
 * (0, cos p, −sin p), right (1, 0, 0). */
static void
expect_screen (const double target[3], double pitch_deg, double d, double fov_deg,
               double x, double y, double z, double *sx, double *sy)
{
  double p = pitch_deg * G_PI / 180.0, t = tan (fov_deg * G_PI / 360.0);
  double qx = x - target[0];
  double qy = y - (target[1] + d * sin (p));
  double qz = z - (target[2] + d * cos (p));
  double depth = -qy * sin (p) - qz * cos (p);
  double yc = qy * cos (p) - qz * sin (p);

  *sx = W / 2.0 + qx / (depth * t) * H / 2.0;
  *sy = H / 2.0 - yc / (depth * t) * H / 2.0;
}

static guint32
pixel (cairo_surface_t *s, double sx, double sy)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  int x = (int) floor (sx), y = (int) floor (sy);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (x, <, W);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (y, <, H);
  return ((const guint32 *) (gconstpointer) (data + (gsize) y * cairo_image_surface_get_stride (s)))[x] & 0xffffff;
}

static int
distance (guint32 a, MsRgb c)
{
  int dr = (int) ((a >> 16) & 0xff) - ms_colour_channel_to_byte (c.r);
  int dg = (int) ((a >> 8) & 0xff) - ms_colour_channel_to_byte (c.g);
  int db = (int) (a & 0xff) - ms_colour_channel_to_byte (c.b);

  return MAX (abs (dr), MAX (abs (dg), abs (db)));
}

static void
save (cairo_surface_t *s, const char *name)
{
  const char *dir = g_getenv ("MS_TEST_SCREENSHOT_DIR");

  if (dir != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
    }
}

/* The picture of @source from the south at 60° with the block's colour
 * where the block must be, the ground's where a mirrored block would be. */
static void
check_orientation (MsTerrainSource *source, double ground, double top, double exaggeration,
                   MsRgb block_colour, MsRgb ground_colour, const char *png)
{
  double scale = exaggeration / ms_terrain_source_get_metres_per_pixel (source);
  double target[3] = { N / 2.0, ground * scale, N / 2.0 };
  MsTerrainCamera camera = {
    .target = { target[0], target[1], target[2] },
    .yaw_deg = 0.0, .pitch_deg = 60.0, .distance = 330.0, .fov_deg = 45.0,
    .aspect = (double) W / H,
  };
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image;
  double cx = (BLOCK_X0 + BLOCK_X1) / 2.0, cy = (BLOCK_Y0 + BLOCK_Y1) / 2.0;
  /* Where the block's top would be drawn were the picture transposed, or
   * flipped north–south or east–west. */
  const double mirrors[][2] = { { cy, cx }, { cx, N - cy }, { N - cx, cy } };
  double sx, sy;

  ms_terrain_camera_normalize (&camera, N);
  image = ms_terrain_render_cpu (source, &camera, exaggeration, W, H, 4.0, NULL, &error);
  g_assert_no_error (error);
  save (image, png);

  /* North-east is up and right of the centre. */
  expect_screen (target, 60.0, 330.0, 45.0, cx, top * scale, cy, &sx, &sy);
  g_assert_cmpfloat (sx, >, W / 2.0);
  g_assert_cmpfloat (sy, <, H / 2.0);
  g_assert_cmpint (distance (pixel (image, sx, sy), block_colour), <=, 3);

  for (guint i = 0; i < G_N_ELEMENTS (mirrors); i++)
    {
      expect_screen (target, 60.0, 330.0, 45.0, mirrors[i][0], top * scale, mirrors[i][1], &sx, &sy);
      g_assert_cmpint (distance (pixel (image, sx, sy), block_colour), >, 20);
      expect_screen (target, 60.0, 330.0, 45.0, mirrors[i][0], ground * scale, mirrors[i][1], &sx, &sy);
      g_assert_cmpint (distance (pixel (image, sx, sy), ground_colour), <=, 3);
    }
  /* The top row looks past the map: sky. */
  g_assert_cmpuint (pixel (image, W / 2.0, 1), ==, MS_TERRAIN_SKY_ARGB & 0xffffff);
  cairo_surface_destroy (image);
}

static void
check_source (MsTerrainSource *source, float ground, float top)
{
  MsTileKey key = { 0, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsTerrainTile) tile = ms_terrain_source_get_tile (source, &key, NULL, &error);
  float h, lo, hi;

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (tile->min, ground, 1e-3);
  g_assert_cmpfloat_with_epsilon (tile->max, top, 1e-3);
  /* In the block, and at the same place transposed. */
  g_assert_true (ms_terrain_source_height_at (source, 200.5, 56.5, &h));
  g_assert_cmpfloat_with_epsilon (h, top, 1e-3);
  g_assert_true (ms_terrain_source_height_at (source, 56.5, 200.5, &h));
  g_assert_cmpfloat_with_epsilon (h, ground, 1e-3);
  g_assert_false (ms_terrain_source_height_at (source, N + 1.0, 3.0, &h));
  /* Node bounds: LOD-0 node (160..191, 32..63) holds part of the block;
   * (32..63, 160..191), its transpose, and (0..31, 224..255) do not. */
  g_assert_true (ms_terrain_source_get_bounds (source, 0, 160, 32, 32, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, top, 1e-3);
  g_assert_true (ms_terrain_source_get_bounds (source, 0, 32, 160, 32, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, ground, 1e-3);
  g_assert_true (ms_terrain_source_get_bounds (source, 0, 0, 224, 32, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (lo, ground, 1e-3);
  g_assert_cmpfloat_with_epsilon (hi, ground, 1e-3);
}

static void
test_blueprint (void)
{
  g_autoptr(MsBlueprint) bp = block_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64 << 20);
  g_autoptr(MsTerrainSource) source = ms_terrain_blueprint_source_new (pyramid, NULL);
  g_assert_cmpfloat (ms_terrain_source_get_metres_per_pixel (source), ==, 32.0);
  check_source (source, 0.3f * 251.0f, 1.8f * 251.0f);
  /* Flat tops keep the height ramp's colour: metres above the 0.15 sea. */
  /* 8192 m over 256 pixels: 32 m per pixel; 1 raw = 251 m. */
  check_orientation (source, 0.3 * 251.0, 1.8 * 251.0, 1.0,
                     ms_colour_land (MS_RAMP_TERRAIN, (1.8f - 0.15f) * 251.0f),
                     ms_colour_land (MS_RAMP_TERRAIN, (0.3f - 0.15f) * 251.0f),
                     "terrain-cpu-blueprint.png");
}

static void
test_zone (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(MsZone) zone = block_zone (dir);
  g_autoptr(MsZonePyramid) pyramid = ms_zone_pyramid_new (zone, 64 << 20);
  g_autoptr(MsTerrainSource) source = ms_terrain_zone_source_new (pyramid, NULL);

  g_assert_cmpfloat (ms_terrain_source_get_metres_per_pixel (source), ==, 1.0);
  check_source (source, 100.0f, 300.0f);
  /* One tile is one unit: 0.1 keeps the 200-unit block below the view. */
  check_orientation (source, 100.0, 300.0, 0.1,
                     /* The 2D map's land ramp over the zone's span: no
                      * water (nothing below 55), the 0.5th percentile of
                      * heights 100 and the 99.5th 300, as the block covers
                      * more than 0.5 % of the zone: the top is t = 1, the
                      * ground t = 0. */
                     ms_colour_zone_land (1.0f), ms_colour_zone_land (0.0f),
                     "terrain-cpu-zone.png");
  g_clear_object (&source);
  g_clear_object (&pyramid);
  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

/* Issue #36: a zone's sea lies flat at MS_ZONE_WATER_LEVEL (55) in 3D, not
 * at its floor, so the coast is no wall down to the sea bed.  West of
 * x = 100 the floor at height 20 (altitude 640), east of it land at 100
 * (3200): every cell of the level-0 tile is 55 or 100, and no two
 * neighbours differ by more than 100 − 55. */
static void
test_zone_sea_level (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *alt = g_malloc0 (N * N * 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZonePyramid) pyramid = NULL;
  g_autoptr(MsTerrainSource) source = NULL;
  g_autoptr(MsTerrainTile) tile = NULL;
  MsTileKey key = { 0, 0, 0 };
  float jump = 0.0f;

  for (guint y = 0; y < N; y++)
    for (guint x = 0; x < N; x++)
      {
        guint16 v = x < 100 ? 640 : 3200;

        alt[2 * (y * N + x)] = v & 0xff;
        alt[2 * (y * N + x) + 1] = v >> 8;
      }
  ms_test_put_file (dir, "altitude.0005.bin", alt, N * N * 2);
  zone = ms_zone_new_for_dir (dir, 5, N, N, NULL, &error);
  g_assert_no_error (error);
  pyramid = ms_zone_pyramid_new (zone, 64 << 20);
  source = ms_terrain_zone_source_new (pyramid, NULL);
  tile = ms_terrain_source_get_tile (source, &key, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tile->width, ==, N);
  for (guint y = 0; y < N; y++)
    for (guint x = 0; x < N; x++)
      {
        float h = tile->heights[(gsize) (y + 1) * (N + 2) + x + 1];

        g_assert_cmpfloat (h, ==, x < 100 ? 55.0f : 100.0f);
        if (x > 0)
          jump = MAX (jump, fabsf (h - tile->heights[(gsize) (y + 1) * (N + 2) + x]));
      }
  g_assert_cmpfloat (jump, ==, 45.0f);
  g_clear_pointer (&tile, ms_terrain_tile_unref);
  g_clear_object (&source);
  g_clear_object (&pyramid);
  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

static void
got_tile (GObject *object, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;
  MsTerrainTile *tile = ms_terrain_source_get_tile_finish (MS_TERRAIN_SOURCE (object), result, error);

  g_assert_null (tile);
  g_assert_nonnull (*error);
}

static gboolean
has_error (gpointer data)
{
  return *(GError **) data != NULL;
}

/* A new style recolours: tiles made before it are dropped, and one asked
 * for before it arrives as cancelled, never cached. */
static void
test_invalidate (void)
{
  g_autoptr(MsBlueprint) bp = block_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64 << 20);
  g_autoptr(MsTerrainSource) source = ms_terrain_blueprint_source_new (pyramid, NULL);
  MsTileKey key = { 0, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsTerrainTile) before = ms_terrain_source_get_tile (source, &key, NULL, &error);
  g_autoptr(MsTerrainTile) after = NULL;
  MsBlueprintStyle style;
  guint changed = 0;

  g_assert_no_error (error);
  g_signal_connect_swapped (source, "changed", G_CALLBACK (g_atomic_int_inc), &changed);
  ms_blueprint_style_init (&style);
  g_assert_true (ms_blueprint_style_parse_stack (&style, "height", &error));
  g_assert_no_error (error);

  {
    MsTileKey other = { 0, 0, 0 };
    g_autoptr(MsTerrainTile) cached = NULL;

    /* Dropped from the cache, so ask anew: the request begins before the
     * style changes and ends after. */
    ms_terrain_blueprint_source_set_style (MS_TERRAIN_BLUEPRINT_SOURCE (source), &style);
    g_assert_cmpuint (changed, ==, 1);
    ms_terrain_source_get_tile_async (source, &other, NULL, got_tile, &error);
    ms_terrain_blueprint_source_set_style (MS_TERRAIN_BLUEPRINT_SOURCE (source), &style);
    ms_test_iterate_until (has_error, &error, "the overtaken tile");
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
    cached = ms_terrain_source_lookup (source, &other);
    g_assert_null (cached);
  }

  /* The ground cell just west of the block (x = 175) is shaded by the
   * block's edge in the composite; with the height layer alone it is not. */
  after = ms_terrain_source_get_tile (source, &key, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (after != before);
  g_assert_cmphex (after->colours[40 * N + BLOCK_X0 - 1], !=, before->colours[40 * N + BLOCK_X0 - 1]);
  /* Flat ground far from the block keeps its colour either way. */
  g_assert_cmphex (after->colours[200 * N + 20] & 0xffffff, ==, before->colours[200 * N + 20] & 0xffffff);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/terrain/cpu/blueprint-orientation", test_blueprint);
  g_test_add_func ("/terrain/cpu/zone-orientation", test_zone);
  g_test_add_func ("/terrain/source/zone-sea-level", test_zone_sea_level);
  g_test_add_func ("/terrain/source/invalidate", test_invalidate);
  return g_test_run ();
}
