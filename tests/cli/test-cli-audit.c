/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli audit and diff, run as a user would: exit codes, the JSON
 * shapes, the text lines and the difference image's size.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ms-test-util.h"

static void
make_demo (const char *path,
           const char *size,
           const char *seed)
{
  g_auto(MsTestRun) r = { 0, };

  ms_test_run_cli (&r, "demo", path, "--size", size, "--seed", seed, NULL);
  g_assert_cmpint (r.status, ==, 0);
}

/* Rewrites @count bytes of @path's section @tag at @offset into its payload. */
static void
patch (const char   *path,
       const char   *tag,
       gsize         offset,
       const guint8 *bytes,
       gsize         count)
{
  g_autofree char *data = NULL;
  g_autoptr(GArray) sections = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  sections = ms_test_walk_sections ((const guint8 *) data, length);
  memcpy (data + ms_test_find (sections, tag)->offset + 12 + offset, bytes, count);
  g_assert_true (g_file_set_contents (path, data, (gssize) length, &error));
}

static void
test_audit (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *clean = g_build_filename (dir, "MapData_Seed_42.dat", NULL);
  g_autofree char *nan = g_build_filename (dir, "nan.dat", NULL);
  g_autofree char *curve = g_build_filename (dir, "curve.dat", NULL);
  g_autofree char *garbage = g_build_filename (dir, "garbage.dat", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.dat", NULL);
  const guint8 nan_bytes[4] = { 0x00, 0x00, 0xc0, 0x7f };
  const guint8 version9[2] = { 9, 0 };

  make_demo (clean, "256", "42");
  make_demo (nan, "256", "42");
  make_demo (curve, "256", "42");
  /* A NaN height at (3, 5), a TCRV version nobody knows. */
  patch (nan, "HGTS", 4 * (3 * 256 + 5), nan_bytes, 4);
  patch (curve, "TCRV", 0, version9, 2);
  g_assert_true (g_file_set_contents (garbage, "not a blueprint", -1, NULL));

  /* Clean: exit 0, no findings. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root;

    ms_test_run_cli (&r, "audit", "--json", clean, NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = ms_test_parse_json (r.out, parser);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "findings")), ==, 0);
    g_assert_cmpint (json_object_get_int_member (root, "errors"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (root, "warnings"), ==, 0);
  }
  {
    g_auto(MsTestRun) r = { 0, };

    ms_test_run_cli (&r, "audit", clean, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_cmpstr (r.out, ==, "");
  }

  /* An error finding: exit 3, with its location. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root, *f;
    JsonArray *findings;

    ms_test_run_cli (&r, "audit", "--json", nan, NULL);
    g_assert_cmpint (r.status, ==, 3);
    root = ms_test_parse_json (r.out, parser);
    findings = json_object_get_array_member (root, "findings");
    g_assert_cmpuint (json_array_get_length (findings), ==, 1);
    f = json_array_get_object_element (findings, 0);
    g_assert_cmpstr (json_object_get_string_member (f, "severity"), ==, "error");
    g_assert_cmpstr (json_object_get_string_member (f, "check"), ==, "height-nonfinite");
    g_assert_cmpint (json_object_get_int_member (f, "x"), ==, 3);
    g_assert_cmpint (json_object_get_int_member (f, "y"), ==, 5);
    g_assert_cmpint (json_object_get_int_member (f, "count"), ==, 1);
    g_assert_nonnull (strstr (json_object_get_string_member (f, "message"), "(3, 5)"));
    g_assert_cmpint (json_object_get_int_member (root, "errors"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (root, "warnings"), ==, 0);
  }
  {
    g_auto(MsTestRun) r = { 0, };

    ms_test_run_cli (&r, "audit", nan, NULL);
    g_assert_cmpint (r.status, ==, 3);
    g_assert_true (g_str_has_prefix (r.out, "error height-nonfinite (3, 5) 1: "));
    g_assert_cmpuint (strlen (r.out), ==, strcspn (r.out, "\n") + 1);  /* one line */
  }

  /* A warning only: exit 0; no location is null. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root, *f;

    ms_test_run_cli (&r, "audit", "--json", curve, NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = ms_test_parse_json (r.out, parser);
    f = json_array_get_object_element (json_object_get_array_member (root, "findings"), 0);
    g_assert_cmpstr (json_object_get_string_member (f, "severity"), ==, "warning");
    g_assert_cmpstr (json_object_get_string_member (f, "check"), ==, "curve-params");
    g_assert_true (json_object_get_null_member (f, "x"));
    g_assert_true (json_object_get_null_member (f, "y"));
    g_assert_cmpint (json_object_get_int_member (root, "errors"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (root, "warnings"), ==, 1);
  }
  {
    g_auto(MsTestRun) r = { 0, };

    ms_test_run_cli (&r, "audit", curve, NULL);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_str_has_prefix (r.out, "warning curve-params 0: "));
  }

  /* Invalid file 1; usage and I/O 2. */
  {
    g_auto(MsTestRun) r1 = { 0, };
    g_auto(MsTestRun) r2 = { 0, };
    g_auto(MsTestRun) r3 = { 0, };
    g_auto(MsTestRun) r4 = { 0, };
    g_auto(MsTestRun) r5 = { 0, };

    ms_test_run_cli (&r1, "audit", garbage, NULL);
    g_assert_cmpint (r1.status, ==, 1);
    ms_test_run_cli (&r2, "audit", missing, NULL);
    g_assert_cmpint (r2.status, ==, 2);
    ms_test_run_cli (&r3, "audit", NULL);
    g_assert_cmpint (r3.status, ==, 2);
    ms_test_run_cli (&r4, "audit", "--bogus", clean, NULL);
    g_assert_cmpint (r4.status, ==, 2);
    ms_test_run_cli (&r5, "audit", "--profile", missing, clean, NULL);
    g_assert_cmpint (r5.status, ==, 2);
  }

  ms_test_remove_tree (dir);
}

static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  g_autofree guint8 *data = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, (char **) &data, &length, NULL));
  g_assert_cmpuint (length, >, 24);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  *width = (guint) data[16] << 24 | data[17] << 16 | data[18] << 8 | data[19];
  *height = (guint) data[20] << 24 | data[21] << 16 | data[22] << 8 | data[23];
}

static void
test_diff (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *a = g_build_filename (dir, "a.dat", NULL);
  g_autofree char *b = g_build_filename (dir, "b.dat", NULL);
  g_autofree char *small = g_build_filename (dir, "small.dat", NULL);
  g_autofree char *garbage = g_build_filename (dir, "garbage.dat", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.dat", NULL);
  g_autofree char *png = g_build_filename (dir, "diff.png", NULL);
  g_autofree char *png_small = g_build_filename (dir, "small.png", NULL);
  const char *road_keys[] = { "highway", "branch", "rugged", "trail" };
  guint width, height;

  make_demo (a, "512", "42");
  make_demo (b, "512", "7");
  make_demo (small, "256", "7");
  g_assert_true (g_file_set_contents (garbage, "not a blueprint", -1, NULL));

  /* The JSON shape, on two seeds. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root, *h, *w, *towns, *roads, *params;
    JsonArray *matrix;
    gint64 sum = 0;

    ms_test_run_cli (&r, "diff", "--json", a, b, "-o", png, NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = ms_test_parse_json (r.out, parser);
    g_assert_false (json_object_get_boolean_member (root, "normalised"));
    g_assert_cmpint (json_object_get_int_member (root, "grid_size"), ==, 512);

    h = json_object_get_object_member (root, "height");
    g_assert_cmpfloat (json_object_get_double_member (h, "min"), <, 0.0);
    g_assert_cmpfloat (json_object_get_double_member (h, "max"), >, 0.0);
    g_assert_cmpfloat (json_object_get_double_member (h, "mean_abs"), >, 0.0);
    g_assert_cmpfloat (json_object_get_double_member (h, "rms"), >=,
                       json_object_get_double_member (h, "mean_abs"));

    matrix = json_object_get_array_member (root, "biome_transitions");
    g_assert_cmpuint (json_array_get_length (matrix), ==, 12);
    for (guint from = 0; from < 12; from++)
      {
        JsonArray *row = json_array_get_array_element (matrix, from);

        g_assert_cmpuint (json_array_get_length (row), ==, 12);
        g_assert_cmpint (json_array_get_int_element (row, from), ==, 0);
        for (guint to = 0; to < 12; to++)
          sum += json_array_get_int_element (row, to);
      }
    g_assert_cmpint (sum, ==, json_object_get_int_member (root, "biome_changed"));
    g_assert_cmpint (sum, >, 0);

    w = json_object_get_object_member (root, "water");
    for (guint i = 0; i < 6; i++)
      {
        const char *keys[] = { "bodies_a", "bodies_b", "lakes_a", "lakes_b", "gained", "lost" };
        g_assert_true (json_object_has_member (w, keys[i]));
      }
    g_assert_cmpint (json_object_get_int_member (w, "bodies_a"), >=, 1);

    towns = json_object_get_object_member (root, "towns");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (towns, "a")), ==, 4);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (towns, "b")), ==, 4);

    roads = json_object_get_object_member (root, "roads");
    for (guint t = 0; t < 4; t++)
      {
        JsonObject *tier = json_object_get_object_member (roads, road_keys[t]);

        for (guint side = 0; side < 2; side++)
          {
            JsonObject *o = json_object_get_object_member (tier, side ? "b" : "a");
            g_assert_true (json_object_has_member (o, "paths"));
            g_assert_true (json_object_has_member (o, "points"));
            g_assert_cmpfloat (json_object_get_double_member (o, "length"), ==,
                               json_object_get_double_member (o, "length_own"));
          }
      }

    params = json_object_get_object_member (root, "params");
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (params, "a"),
                                                 "world_seed"), ==, 42);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (params, "b"),
                                                 "world_seed"), ==, 7);

    png_size (png, &width, &height);
    g_assert_cmpuint (width, ==, 512);
    g_assert_cmpuint (height, ==, 512);
  }

  /* A map against itself: all zeros. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root, *h, *w;

    ms_test_run_cli (&r, "diff", "--json", a, a, NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = ms_test_parse_json (r.out, parser);
    h = json_object_get_object_member (root, "height");
    g_assert_cmpfloat (json_object_get_double_member (h, "min"), ==, 0.0);
    g_assert_cmpfloat (json_object_get_double_member (h, "max"), ==, 0.0);
    g_assert_cmpfloat (json_object_get_double_member (h, "mean_abs"), ==, 0.0);
    g_assert_cmpfloat (json_object_get_double_member (h, "rms"), ==, 0.0);
    g_assert_cmpint (json_object_get_int_member (root, "biome_changed"), ==, 0);
    w = json_object_get_object_member (root, "water");
    g_assert_cmpint (json_object_get_int_member (w, "gained"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (w, "lost"), ==, 0);
  }

  /* Different sizes: normalised on the larger grid; the image is its size,
   * or block-reduced under --max-size: k = ⌈512 / 100⌉ = 6, ⌈512 / 6⌉ = 86. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_auto(MsTestRun) r2 = { 0, };
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *root, *highway;

    ms_test_run_cli (&r, "diff", "--json", small, a, "-o", png, NULL);
    g_assert_cmpint (r.status, ==, 0);
    root = ms_test_parse_json (r.out, parser);
    g_assert_true (json_object_get_boolean_member (root, "normalised"));
    g_assert_cmpint (json_object_get_int_member (root, "grid_size"), ==, 512);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "map_size"),
                                                 "a"), ==, 256);
    highway = json_object_get_object_member (json_object_get_object_member (
      json_object_get_object_member (root, "roads"), "highway"), "a");
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (highway, "length"),
                                    2 * json_object_get_double_member (highway, "length_own"), 1e-6);
    png_size (png, &width, &height);
    g_assert_cmpuint (width, ==, 512);
    g_assert_cmpuint (height, ==, 512);

    ms_test_run_cli (&r2, "diff", small, a, "-o", png_small, "--max-size", "100", NULL);
    g_assert_cmpint (r2.status, ==, 0);
    g_assert_nonnull (strstr (r2.out, "sizes differ"));
    png_size (png_small, &width, &height);
    g_assert_cmpuint (width, ==, 86);
    g_assert_cmpuint (height, ==, 86);
  }

  /* Exit codes. */
  {
    g_auto(MsTestRun) r1 = { 0, };
    g_auto(MsTestRun) r2 = { 0, };
    g_auto(MsTestRun) r3 = { 0, };
    g_auto(MsTestRun) r4 = { 0, };
    g_auto(MsTestRun) r5 = { 0, };
    g_autofree char *bad_png = g_build_filename (dir, "no-such-folder", "x.png", NULL);

    ms_test_run_cli (&r1, "diff", a, garbage, NULL);
    g_assert_cmpint (r1.status, ==, 1);
    ms_test_run_cli (&r2, "diff", a, missing, NULL);
    g_assert_cmpint (r2.status, ==, 2);
    ms_test_run_cli (&r3, "diff", a, NULL);
    g_assert_cmpint (r3.status, ==, 2);
    ms_test_run_cli (&r4, "diff", a, b, "--max-size", "0", NULL);
    g_assert_cmpint (r4.status, ==, 2);
    ms_test_run_cli (&r5, "diff", a, b, "-o", bad_png, NULL);
    g_assert_cmpint (r5.status, ==, 2);
  }

  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/audit", test_audit);
  g_test_add_func ("/cli/diff", test_diff);

  return g_test_run ();
}
