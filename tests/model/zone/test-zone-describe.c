/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tile readout as a model function, on the real zone 71 (256², tests/data).
 * Every expected value was read by hand from the layer files' bytes at
 * offset (y * 256 + x) * bytes-per-tile (little-endian), and the slope
 * worked from the four heights (raw >> 5) with the server's formula
 * (ZONE_LAYERS_NOTES.md), not taken from the code's output.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "ms-zone-describe.h"

static char *
zone_dir (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "zones", "0071", NULL);
}

static MsZone *
open_zone (const char *dir)
{
  g_autoptr(GError) error = NULL;
  MsZone *zone = ms_zone_new_for_dir (dir, 71, 0, 0, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (zone);
  return zone;
}

/* (173, 35): control 0x0009 (bits 1 and 8), blocks 04 0d, plants
 * 00 00 00 83 00 00 01, altitude 3861; its right, lower and diagonal
 * neighbours all 3881.  Heights a = 120, b = c = d = 121: e = 120, f = 121,
 * g = 121, h = (121 + 120) >> 1 = 120, i = 483 >> 2 = 120; the eight
 * differences sum to 5, slope 2 * 5 = 10.  Spawn 131 / 256 = 51.17 %. */
static void
test_flags_and_slope (void)
{
  g_autofree char *dir = zone_dir ();
  g_autoptr(MsZone) zone = open_zone (dir);
  g_autofree char *text = NULL;
  MsZoneTileDescription d;

  g_assert_true (ms_zone_describe_tile (zone, 173, 35, &d));
  g_assert_cmpuint (d.x, ==, 173);
  g_assert_cmpuint (d.y, ==, 35);
  g_assert_true (d.has_control && d.has_blocks && d.has_plants && d.has_altitude);
  g_assert_cmphex (d.control, ==, 0x0009);
  g_assert_false (d.plant_allowed);   /* AntiPlant and ConcreteA both forbid */
  g_assert_cmphex (d.blocking, ==, 0x04);
  g_assert_cmpuint (d.blocking_height, ==, 13);
  g_assert_cmpuint (d.plant[MS_ZONE_PLANT_SPAWN], ==, 131);
  g_assert_cmpuint (d.plant[MS_ZONE_PLANT_GROUND_TYPE], ==, 1);
  g_assert_cmpuint (d.altitude, ==, 3861);
  g_assert_cmpuint (d.slope, ==, 10);
  g_assert_false (d.has_barrier);     /* no altitude_blend file */

  text = ms_zone_tile_description_to_string (&d);
  g_assert_cmpstr (text, ==,
                   "x 173, y 35 (row-major)\n"
                   "Control 0x0009: AntiPlant, ConcreteA; plants not allowed\n"
                   "Blocking 0x04: Decor; height 13\n"
                   "Plant NotDefined (0), state 0, time 0, health 0, material 0\n"
                   "Ground LowlandA (1)\n"
                   "Spawn 131 (51.2 % per attempt)\n"
                   "Altitude 3861 raw, height 120 (raw >> 5)\n"
                   "Slope 10");
}

/* (131, 113): a live plant.  Control 0, blocks 02 07 (Plant, height 7),
 * plants 08 02 01 83 ff 00 08 (TreeCopper, state 2, time 1, spawn 131,
 * health 255, material 0, ground Sand), altitude 3873 with neighbours 3872,
 * 3874, 3873: all four heights 121, slope 0. */
static void
test_plant (void)
{
  g_autofree char *dir = zone_dir ();
  g_autoptr(MsZone) zone = open_zone (dir);
  g_autofree char *text = ms_zone_describe_tile_text (zone, 131, 113);

  g_assert_cmpstr (text, ==,
                   "x 131, y 113 (row-major)\n"
                   "Control 0x0000: none; plants allowed\n"
                   "Blocking 0x02: Plant; height 7\n"
                   "Plant TreeCopper (8), state 2, time 1, health 255, material 0\n"
                   "Ground Sand (8)\n"
                   "Spawn 131 (51.2 % per attempt)\n"
                   "Altitude 3873 raw, height 121 (raw >> 5)\n"
                   "Slope 0");
}

/* The last column reads itself for its right neighbour: (255, 54) has
 * altitude 6 (height 0) and (255, 55) 38 (height 1), so a = b = 0 and
 * c = d = 1: e = 0, f = 0, g = 1, h = 0, i = 0, the differences sum to 3,
 * slope 6.  Blocks 05: Obstacle and Decor. */
static void
test_edge_and_outside (void)
{
  g_autofree char *dir = zone_dir ();
  g_autoptr(MsZone) zone = open_zone (dir);
  MsZoneTileDescription d = { .x = 7 };
  g_autofree char *text = NULL;

  g_assert_true (ms_zone_describe_tile (zone, 255, 54, &d));
  g_assert_cmpuint (d.altitude, ==, 6);
  g_assert_cmpuint (d.slope, ==, 6);

  text = ms_zone_describe_tile_text (zone, 216, 65);
  g_assert_nonnull (strstr (text, "\nBlocking 0x05: Obstacle, Decor; height 0\n"));

  /* Outside: nothing read, nothing written. */
  d.x = 7;
  g_assert_false (ms_zone_describe_tile (zone, 256, 0, &d));
  g_assert_false (ms_zone_describe_tile (zone, 0, 256, &d));
  g_assert_cmpuint (d.x, ==, 7);
  g_assert_null (ms_zone_describe_tile_text (zone, 256, 255));
}

/* A zone with only its control and altitude files says the others are
 * missing.  (53, 171): control 0x0001, altitude 2365. */
static void
test_missing_layers (void)
{
  g_autofree char *src = zone_dir ();
  g_autofree char *dir = g_dir_make_tmp ("ms-zone-describe-XXXXXX", NULL);
  const char *names[] = { "control.0071.bin", "altitude.0071.bin" };
  g_autoptr(MsZone) zone = NULL;
  g_autofree char *text = NULL;

  g_assert_nonnull (dir);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *from = g_build_filename (src, names[i], NULL);
      g_autofree char *to = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, (gssize) length, NULL));
    }
  zone = open_zone (dir);
  text = ms_zone_describe_tile_text (zone, 53, 171);
  g_assert_true (g_str_has_prefix (text,
                                   "x 53, y 171 (row-major)\n"
                                   "Control 0x0001: AntiPlant; plants not allowed\n"
                                   "Blocking: no layer\n"
                                   "Plants: no layer\n"
                                   "Altitude 2365 raw, height 73 (raw >> 5)\n"
                                   "Slope "));
  g_clear_object (&zone);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_names (void)
{
  /* ZONE_LAYERS_NOTES.md's enumerations: 20 plant types, 21 grounds. */
  g_assert_cmpstr (ms_zone_plant_type_name (0), ==, "NotDefined");
  g_assert_cmpstr (ms_zone_plant_type_name (19), ==, "Devrinol");
  g_assert_null (ms_zone_plant_type_name (20));
  g_assert_cmpstr (ms_zone_ground_type_name (8), ==, "Sand");
  g_assert_cmpstr (ms_zone_ground_type_name (20), ==, "undefined");
  g_assert_null (ms_zone_ground_type_name (21));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-describe/flags-and-slope", test_flags_and_slope);
  g_test_add_func ("/zone-describe/plant", test_plant);
  g_test_add_func ("/zone-describe/edge-and-outside", test_edge_and_outside);
  g_test_add_func ("/zone-describe/missing-layers", test_missing_layers);
  g_test_add_func ("/zone-describe/names", test_names);
  return g_test_run ();
}
