/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <cairo.h>

#include "ms-test-util.h"
#include "ms-zone-mask.h"

#define W 150
#define H 100
#define N (W * H)

static guint16
control_at (const guint8 *control, guint x, guint y)
{
  gsize i = (gsize) y * W + x;
  return (guint16) (control[2 * i] | control[2 * i + 1] << 8);
}

static MsZone *
make_zone (char **dir, guint8 **control)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  MsZone *zone;

  *dir = ms_test_make_tmpdir ();
  *control = g_malloc (N * 2);
  for (int i = 0; i < N * 2; i++)
    (*control)[i] = (guint8) g_test_rand_int_range (0, 256) & (i % 2 ? 0x07 : 0xdf);
  path = g_build_filename (*dir, "control.0005.bin", NULL);
  g_assert_true (g_file_set_contents (path, (char *) *control, N * 2, NULL));
  zone = ms_zone_new_for_dir (*dir, 5, W, H, NULL, &error);
  g_assert_no_error (error);
  return zone;
}

/* The grey value of each pixel, decoded by cairo, not by the code under test. */
static guint8 *
read_grey (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  guint8 *out = g_malloc (N);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, W);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, H);
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        const guint32 *row = (const guint32 *) (const void *)
          (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s));
        guint8 r = (row[x] >> 16) & 0xff, g = (row[x] >> 8) & 0xff, b = row[x] & 0xff;

        g_assert_cmpuint (r, ==, g);
        g_assert_cmpuint (g, ==, b);
        out[y * W + x] = r;
      }
  cairo_surface_destroy (s);
  return out;
}

static void
test_export_import (void)
{
  g_autofree char *dir = NULL;
  g_autofree guint8 *control = NULL;
  g_autoptr(MsZone) zone = make_zone (&dir, &control);
  g_autofree char *flag_png = g_build_filename (dir, "flag.png", NULL);
  g_autofree char *plant_png = g_build_filename (dir, "plant.png", NULL);
  g_autofree guint8 *flag = NULL, *plant = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  g_autoptr(GError) error = NULL;
  guint16 mask = 64 | 128;  /* Roaming | Highway: either bit */
  guint64 n_set = 0;

  g_assert_true (ms_zone_mask_export_flag (zone, mask, flag_png, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (ms_zone_mask_export_plant_allowed (zone, plant_png, NULL, &error));
  g_assert_no_error (error);

  flag = read_grey (flag_png);
  plant = read_grey (plant_png);
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        guint16 c = control_at (control, x, y);
        /* AntiPlant 1, ConcreteA 8, ConcreteB 16, Roaming 64, Highway 128, PBSHighway 256 */
        gboolean allowed = (c & (1 | 8 | 16 | 64 | 128 | 256)) == 0;

        g_assert_cmpuint (flag[y * W + x], ==, (c & mask) ? 255 : 0);
        g_assert_cmpuint (plant[y * W + x], ==, allowed ? 255 : 0);
        n_set += (c & mask) != 0;
      }
  g_assert_cmpuint (n_set, >, 0);
  g_assert_cmpuint (n_set, <, N);

  /* Round trip: the imported region is exactly the flagged tiles. */
  region = ms_zone_mask_import (flag_png, W, H, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, n_set);
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      g_assert_cmpint (ms_zone_region_contains (region, x, y), ==, (control_at (control, x, y) & mask) != 0);

  ms_test_remove_tree (dir);
}

/* Non-zero colour and non-zero alpha, as the server's bitmap import. */
static void
test_import_convention (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "mask.png", NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  guint32 *px;
  int stride;
  g_autoptr(MsZoneRegion) region = NULL;
  g_autoptr(GError) error = NULL;

  cairo_surface_flush (s);
  px = (guint32 *) (void *) cairo_image_surface_get_data (s);
  stride = cairo_image_surface_get_stride (s) / 4;
  /* Everything transparent (0), then, premultiplied ARGB: */
  px[0 * stride + 0] = 0xffff0000;   /* opaque red: set */
  px[0 * stride + 1] = 0xff000000;   /* opaque black: not set */
  px[0 * stride + 2] = 0x01010101;   /* faint white, alpha 1: set */
  px[1 * stride + 7] = 0xff000001;   /* opaque, blue 1: set */
  px[99 * stride + 149] = 0xff808080; /* the last pixel: set */
  cairo_surface_mark_dirty (s);
  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);

  region = ms_zone_mask_import (path, W, H, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, 4);
  g_assert_true (ms_zone_region_contains (region, 0, 0));
  g_assert_false (ms_zone_region_contains (region, 1, 0));
  g_assert_true (ms_zone_region_contains (region, 2, 0));
  g_assert_true (ms_zone_region_contains (region, 7, 1));
  g_assert_true (ms_zone_region_contains (region, 149, 99));
  ms_test_remove_tree (dir);
}

static void
test_import_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *small = g_build_filename (dir, "small.png", NULL);
  g_autofree char *junk = g_build_filename (dir, "junk.png", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.png", NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W - 1, H);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (cairo_surface_write_to_png (s, small), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  g_assert_null (ms_zone_mask_import (small, W, H, &error));
  g_assert_error (error, MS_ZONE_MASK_ERROR, MS_ZONE_MASK_ERROR_SIZE_MISMATCH);
  g_assert_nonnull (strstr (error->message, "small.png"));
  g_assert_nonnull (strstr (error->message, "149×100"));
  g_assert_nonnull (strstr (error->message, "150×100"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (junk, "\x89PNG\r\n\x1a\n not really", -1, NULL));
  g_assert_null (ms_zone_mask_import (junk, W, H, &error));
  g_assert_error (error, MS_ZONE_MASK_ERROR, MS_ZONE_MASK_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "junk.png"));
  g_clear_error (&error);

  g_assert_null (ms_zone_mask_import (missing, W, H, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  ms_test_remove_tree (dir);
}

static void
test_export_without_control (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "plants.0005.bin", NULL);
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  g_autofree guint8 *plants = g_malloc0 (N * 7);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, (char *) plants, N * 7, NULL));
  zone = ms_zone_new_for_dir (dir, 5, W, H, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (ms_zone_mask_export_flag (zone, 1, png, NULL, &error));
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-mask/export-import", test_export_import);
  g_test_add_func ("/zone-mask/import-convention", test_import_convention);
  g_test_add_func ("/zone-mask/import-errors", test_import_errors);
  g_test_add_func ("/zone-mask/export-without-control", test_export_without_control);
  return g_test_run ();
}
