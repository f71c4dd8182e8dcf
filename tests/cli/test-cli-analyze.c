/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli analyze, run as a user would: the JSON fields issue #39
 * names with values worked out here for a bowl and a tilted plane, the
 * metres per pixel, the text, and the reader's error for a bad file.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ms-blueprint.h"
#include "ms-test-util.h"

#define N     256
#define CELLS ((gsize) N * N)

/* A 256² map of Grassland with WBID all land, heights from @height. */
static char *
write_map (const char *dir,
           const char *name,
           float     (*height) (guint x, guint y))
{
  g_autofree float *h = g_new (float, CELLS);
  g_autofree guint8 *biomes = g_new (guint8, CELLS);
  g_autofree guint16 *water = g_new0 (guint16, CELLS);
  g_autoptr(GBytes) bytes = NULL;
  char *path = g_build_filename (dir, name, NULL);

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      h[(gsize) x * N + y] = height (x, y);
  memset (biomes, 4, CELLS);
  bytes = ms_test_v2_grids (N, h, biomes, water);
  ms_test_put_file (dir, name, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  return path;
}

/* A paraboloid 2 raw deep and 20 pixels across in a plain at 10. */
static float
bowl (guint x,
      guint y)
{
  double r2 = (x - 128.0) * (x - 128.0) + (y - 128.0) * (y - 128.0);

  return r2 < 400 ? (float) (10.0 - 2.0 * (1 - r2 / 400)) : 10.0f;
}

static float
plane (guint x,
       guint y)
{
  return 0.5f + 0.001f * x;
}

/* `analyze --json` with up to three more arguments (NULL ends them). */
static JsonObject *
run_json (MsTestRun  *r,
          JsonParser *parser,
          const char *a,
          const char *b,
          const char *c)
{
  ms_test_run_cli (r, "analyze", "--json", a, b, c, NULL);
  g_assert_cmpint (r->status, ==, 0);
  return ms_test_parse_json (r->out, parser);
}

static void
test_bowl_json (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = write_map (dir, "bowl.dat", bowl);
  g_auto(MsTestRun) r = { 0, };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = run_json (&r, parser, path, NULL, NULL);
  JsonArray *basins;
  double volume = 0, mpp = 8192.0 / N;
  const char *fields[] = { "depressions", "depression_volume_m3", "basins", "drains_to_ocean_pct",
                           "drains_to_lakes_pct", "drains_to_nowhere_pct", "level", "factor" };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_assert_true (json_object_has_member (root, fields[i]));
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      volume += (10.0f - bowl (x, y)) * 251.0f;
  volume *= mpp * mpp;

  g_assert_cmpint (json_object_get_int_member (root, "depressions"), ==, 1);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "depression_volume_m3") / volume, 1, 1e-6);
  g_assert_cmpfloat (json_object_get_double_member (root, "drains_to_ocean_pct"), ==, 100);
  g_assert_cmpfloat (json_object_get_double_member (root, "drains_to_lakes_pct"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (root, "drains_to_nowhere_pct"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (root, "level"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (root, "factor"), ==, 1);
  basins = json_object_get_array_member (root, "basins");
  g_assert_cmpuint (json_array_get_length (basins), ==, 20);
  for (guint i = 0; i < 20; i++)
    {
      JsonObject *b = json_array_get_object_element (basins, i);
      JsonObject *outlet = json_object_get_object_member (b, "outlet");
      gint64 x = json_object_get_int_member (outlet, "x"), y = json_object_get_int_member (outlet, "y");

      g_assert_cmpint (json_object_get_int_member (b, "area_pixels"), >=, 1);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (b, "area_km2") /
                                      (json_object_get_int_member (b, "area_pixels") * mpp * mpp / 1e6), 1, 1e-12);
      /* Everything drains off the edge. */
      g_assert_true (x == 0 || y == 0 || x == N - 1 || y == N - 1);
      g_assert_cmpstr (json_object_get_string_member (b, "kind"), ==, "edge");
    }
}

/* The plane falls to x = 0: each inner row but its high end pixel drains
 * there, the first rows first; 2 m a pixel makes each 255 × 4 m². */
static void
test_plane_metres_per_pixel (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = write_map (dir, "plane.dat", plane);
  g_auto(MsTestRun) r = { 0, };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = run_json (&r, parser, "--metres-per-pixel", "2", path);
  JsonArray *basins = json_object_get_array_member (root, "basins");

  g_assert_cmpfloat (json_object_get_double_member (root, "metres_per_pixel"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (root, "depressions"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (root, "depression_volume_m3"), ==, 0);
  for (guint i = 0; i < 20; i++)
    {
      JsonObject *b = json_array_get_object_element (basins, i);
      JsonObject *outlet = json_object_get_object_member (b, "outlet");

      g_assert_cmpint (json_object_get_int_member (b, "area_pixels"), ==, N - 1);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (b, "area_km2"), (N - 1) * 4 / 1e6, 1e-12);
      g_assert_cmpint (json_object_get_int_member (outlet, "x"), ==, 0);
      g_assert_cmpint (json_object_get_int_member (outlet, "y"), ==, i + 1);
    }

  /* The same numbers as text. */
  {
    g_auto(MsTestRun) t = { 0, };

    ms_test_run_cli (&t, "analyze", "--metres-per-pixel", "2", path, NULL);
    g_assert_cmpint (t.status, ==, 0);
    g_assert_nonnull (strstr (t.out, "256 × 256, analysed at full size, 2 m a pixel\n"));
    g_assert_nonnull (strstr (t.out, "\ndepressions      0, 0 m³ to fill\n"));
    g_assert_nonnull (strstr (t.out, "the ocean 100.00 %, lakes 0.00 %, nowhere 0.00 %\n"));
    g_assert_nonnull (strstr (t.out, "\n   1                   0.0010          255  (0, 1)         off the edge\n"));
  }
}

static void
test_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *garbage = g_build_filename (dir, "garbage.dat", NULL);
  g_autofree char *plain = write_map (dir, "plane.dat", plane);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  g_assert_true (g_file_set_contents (garbage, "not a blueprint", -1, NULL));
  bp = ms_blueprint_new_for_path (garbage, NULL, &error);
  g_assert_null (bp);
  expected = g_strdup_printf ("mapsmith-cli: %s\n", error->message);
  {
    g_auto(MsTestRun) r = { 0, };

    ms_test_run_cli (&r, "analyze", "--json", garbage, NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_cmpstr (r.err, ==, expected);
    g_assert_cmpstr (r.out, ==, "");
  }
  {
    g_auto(MsTestRun) r = { 0, };

    ms_test_run_cli (&r, "analyze", NULL);
    g_assert_cmpint (r.status, ==, 2);
  }
  {
    g_auto(MsTestRun) r = { 0, };

    ms_test_run_cli (&r, "analyze", "--metres-per-pixel", "-1", plain, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "--metres-per-pixel"));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/analyze/bowl-json", test_bowl_json);
  g_test_add_func ("/cli/analyze/plane-metres-per-pixel", test_plane_metres_per_pixel);
  g_test_add_func ("/cli/analyze/errors", test_errors);
  return g_test_run ();
}
