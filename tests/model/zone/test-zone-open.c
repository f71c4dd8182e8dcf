/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "ms-test-util.h"
#include "ms-zone.h"

static guint8 *
random_bytes (gsize n)
{
  guint8 *p = g_malloc (n);

  for (gsize i = 0; i < n; i++)
    p[i] = (guint8) g_test_rand_int_range (0, 256);
  return p;
}

static void
put_file (const char *dir,
          const char *name,
          const void *data,
          gsize       length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, (gssize) length, &error);
  g_assert_no_error (error);
}

static void
put_zeros (const char *dir,
           const char *name,
           gsize       length)
{
  g_autofree guint8 *zeros = g_malloc0 (length);
  put_file (dir, name, zeros, length);
}

static void
test_default_size (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;

  /* A 2-byte control file of a 2048x2048 zone, 8 MiB. */
  put_zeros (dir, "control.0042.bin", 2048u * 2048 * 2);
  zone = ms_zone_new_for_dir (dir, 42, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, 2048);
  g_assert_cmpuint (ms_zone_get_height (zone), ==, 2048);
  g_assert_cmpuint (ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL), ==, 2);
  g_assert_false (ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS));
  g_assert_false (ms_zone_is_terraformable (zone));
  g_clear_object (&zone);

  /* The legacy 1-byte form is 4 MiB. */
  put_zeros (dir, "control.0042.bin", 2048u * 2048);
  zone = ms_zone_new_for_dir (dir, 42, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, 2048);
  g_assert_cmpuint (ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL), ==, 1);
  ms_test_remove_tree (dir);
}

static void
test_infer_and_explicit (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;

  put_zeros (dir, "plants.0007.bin", 256u * 256 * 7);
  put_zeros (dir, "altitude.0007.bin", 256u * 256 * 2);
  put_zeros (dir, "control.0007.bin", 256u * 256);
  zone = ms_zone_new_for_dir (dir, 7, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, 256);
  g_assert_cmpuint (ms_zone_get_height (zone), ==, 256);
  g_assert_cmpuint (ms_zone_get_file_bytes_per_tile (zone, MS_ZONE_LAYER_CONTROL), ==, 1);
  g_clear_object (&zone);

  /* Not square: only with an explicit size. */
  put_zeros (dir, "plants.0008.bin", 100u * 40 * 7);
  zone = ms_zone_new_for_dir (dir, 8, 0, 0, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "plants.0008.bin"));
  g_assert_nonnull (strstr (error->message, "28000"));
  g_clear_error (&error);
  zone = ms_zone_new_for_dir (dir, 8, 100, 40, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, 100);
  g_assert_cmpuint (ms_zone_get_height (zone), ==, 40);
  g_clear_object (&zone);

  /* A given size the file does not fit. */
  zone = ms_zone_new_for_dir (dir, 8, 40, 100, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&zone);
  zone = ms_zone_new_for_dir (dir, 8, 50, 50, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "50×50"));
  ms_test_remove_tree (dir);
}

static void
test_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *missing = g_build_filename (dir, "nope", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;

  zone = ms_zone_new_for_dir (dir, 1, 0, 0, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  zone = ms_zone_new_for_dir (missing, 1, 0, 0, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Fits no size at all. */
  put_zeros (dir, "plants.0001.bin", 100);
  zone = ms_zone_new_for_dir (dir, 1, 0, 0, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "plants.0001.bin"));
  g_clear_error (&error);

  /* Layers disagree: both named with their sizes. */
  put_zeros (dir, "plants.0002.bin", 64u * 64 * 7);
  put_zeros (dir, "control.0002.bin", 32u * 32 * 2);
  zone = ms_zone_new_for_dir (dir, 2, 0, 0, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "plants.0002.bin"));
  g_assert_nonnull (strstr (error->message, "control.0002.bin"));
  g_assert_nonnull (strstr (error->message, "64×64"));
  g_assert_nonnull (strstr (error->message, "32×32"));
  g_clear_error (&error);

  zone = ms_zone_new_for_file (missing, 0, 0, NULL, &error);
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID);
  ms_test_remove_tree (dir);
}

/* Every typed read against the raw file bytes, indexed row-major here. */
static void
test_accessors (void)
{
  const guint w = 100, h = 70;
  const gsize n = (gsize) w * h;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *blocks = random_bytes (n * 2);
  g_autofree guint8 *control = random_bytes (n * 2);
  g_autofree guint8 *control1 = random_bytes (n);
  g_autofree guint8 *plants = random_bytes (n * 7);
  g_autofree guint8 *alt = random_bytes (n * 2);
  g_autofree guint8 *blend = random_bytes (n * 2);
  g_autofree guint8 *orig = random_bytes (n * 2);
  g_autofree char *single = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZone) legacy = NULL;
  g_autoptr(MsZone) one = NULL;

  put_file (dir, "blocks.0005.bin", blocks, n * 2);
  put_file (dir, "control.0005.bin", control, n * 2);
  put_file (dir, "plants.0005.bin", plants, n * 7);
  put_file (dir, "altitude.0005.bin", alt, n * 2);
  put_file (dir, "altitude_blend.0005.bin", blend, n * 2);
  put_file (dir, "altitude_original.0005.bin", orig, n * 2);
  put_file (dir, "control.0006.bin", control1, n);

  zone = ms_zone_new_for_dir (dir, 5, w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ms_zone_is_terraformable (zone));
  legacy = ms_zone_new_for_dir (dir, 6, w, h, NULL, &error);
  g_assert_no_error (error);
  single = g_build_filename (dir, "plants.0005.bin", NULL);
  one = ms_zone_new_for_file (single, w, h, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_id (one), ==, 5);
  g_assert_true (ms_zone_has_layer (one, MS_ZONE_LAYER_PLANTS));
  g_assert_false (ms_zone_has_layer (one, MS_ZONE_LAYER_CONTROL));

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        gsize i = (gsize) y * w + x;
        guint8 p[7];

        g_assert_cmpuint (ms_zone_get_blocking_flags (zone, x, y), ==, blocks[2 * i]);
        g_assert_cmpuint (ms_zone_get_blocking_height (zone, x, y), ==, blocks[2 * i + 1]);
        g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                          control[2 * i] | (control[2 * i + 1] << 8));
        g_assert_cmpuint (ms_zone_get_control (legacy, x, y), ==, control1[i]);
        ms_zone_get_plant (zone, x, y, p);
        g_assert_cmpmem (p, 7, plants + 7 * i, 7);
        g_assert_cmpuint (ms_zone_get_spawn (zone, x, y), ==, plants[7 * i + 3]);
        ms_zone_get_plant (one, x, y, p);
        g_assert_cmpmem (p, 7, plants + 7 * i, 7);
        g_assert_cmpuint (ms_zone_get_altitude (zone, x, y), ==, alt[2 * i] | (alt[2 * i + 1] << 8));
        g_assert_cmpuint (ms_zone_get_height_at (zone, x, y), ==,
                          (alt[2 * i] | (alt[2 * i + 1] << 8)) >> 5);
        g_assert_cmpuint (ms_zone_get_altitude_blend (zone, x, y), ==,
                          blend[2 * i] | (blend[2 * i + 1] << 8));
        g_assert_cmpuint (ms_zone_get_altitude_original (zone, x, y), ==,
                          orig[2 * i] | (orig[2 * i + 1] << 8));
      }
  ms_test_remove_tree (dir);
}

static void
test_names (void)
{
  const MsZoneFlagInfo *f;
  guint n;
  guint16 bit;
  g_autofree char *name = ms_zone_layer_filename (MS_ZONE_LAYER_PLANTS, 42);

  g_assert_cmpstr (name, ==, "plants.0042.bin");
  f = ms_zone_control_flags (&n);
  g_assert_cmpuint (n, ==, 10);
  g_assert_cmpstr (f[0].name, ==, "AntiPlant");
  g_assert_cmpuint (f[5].bit, ==, 64);
  g_assert_cmpstr (f[9].name, ==, "NpcRestricted");
  g_assert_cmpuint (f[9].bit, ==, 1024);
  g_assert_true (ms_zone_control_flag_from_name ("PBSTerraformProtected", &bit));
  g_assert_cmpuint (bit, ==, 512);
  g_assert_false (ms_zone_control_flag_from_name ("Bogus", &bit));
  f = ms_zone_blocking_flags (&n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpstr (f[3].name, ==, "Island");
  g_assert_cmpuint (f[3].bit, ==, 8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone/open/default-size", test_default_size);
  g_test_add_func ("/zone/open/infer-and-explicit", test_infer_and_explicit);
  g_test_add_func ("/zone/open/errors", test_errors);
  g_test_add_func ("/zone/open/accessors", test_accessors);
  g_test_add_func ("/zone/open/names", test_names);
  return g_test_run ();
}
