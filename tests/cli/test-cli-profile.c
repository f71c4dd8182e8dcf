/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli profile and zone profile, run as a user would: the JSON
 * fields and CSV columns the issue names, their numbers on a tilted plane
 * worked out here, and the usage errors of a bad --path.
 *
 * The blueprint is 256² with h = x / 1024 + y / 2048 raw (x the outer
 * index); a pixel is 8192 / 256 = 32 m.  The path (10, 20) → (40, 60) is
 * 50 px: at step 1, 51 samples at (10 + 0.6k, 20 + 0.8k), k = 0 … 50.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "ms-test-util.h"

#define N 256
#define A (1.0 / 1024)
#define B (1.0 / 2048)

static float
plane (guint x, guint y)
{
  return (float) (A * x + B * y);
}

static char *
write_plane (const char *dir)
{
  g_autoptr(GBytes) bytes = ms_test_v2_heights (N, plane, 4);
  char *path = g_build_filename (dir, "plane.dat", NULL);

  ms_test_put_file (dir, "plane.dat", g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  return path;
}

static void
test_json (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *file = write_plane (dir);
  g_auto(MsTestRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  const char *sample_keys[] = { "distance_m", "x", "y", "height", "height_m", "slope_pct", "slope_deg", "crosses" };
  double slope_pct = (0.6 * A + 0.8 * B) * 251.0 / 32.0 * 100.0;
  JsonObject *root;
  JsonArray *samples;

  ms_test_run_cli (&run, "profile", file, "--path", "10,20,40,60", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = ms_test_parse_json (run.out, parser);
  samples = json_object_get_array_member (root, "samples");
  g_assert_cmpuint (json_array_get_length (samples), ==, 51);
  for (guint k = 0; k < 51; k++)
    {
      JsonObject *s = json_array_get_object_element (samples, k);
      double x = 10 + 0.6 * k, y = 20 + 0.8 * k;

      for (guint i = 0; i < G_N_ELEMENTS (sample_keys); i++)
        g_assert_true (json_object_has_member (s, sample_keys[i]));
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "distance_m"), 32.0 * k, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "x"), x, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "y"), y, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "height"), A * x + B * y, 1e-12);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "height_m"), (A * x + B * y) * 251, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "slope_pct"), slope_pct, 1e-9);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "crosses")), ==, 0);
    }
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "length_m"), 1600, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "ascent_m"),
                                  (30 * A + 40 * B) * 251, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "descent_m"), 0, 1e-12);
  ms_test_run_clear (&run);

  /* --metres-per-pixel and --step: 50 / 5 = 10 intervals of 5 × 2 m. */
  ms_test_run_cli (&run, "profile", file, "--path=10,20,40,60", "--step", "5", "--metres-per-pixel", "2",
                   "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = ms_test_parse_json (run.out, parser);
  samples = json_object_get_array_member (root, "samples");
  g_assert_cmpuint (json_array_get_length (samples), ==, 11);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_array_get_object_element (samples, 3),
                                                                 "distance_m"), 30, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "length_m"), 100, 1e-9);
  ms_test_remove_tree (dir);
}

static void
test_csv_and_text (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *file = write_plane (dir);
  g_auto(MsTestRun) run = { 0 };
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) cells = NULL;

  ms_test_run_cli (&run, "profile", file, "--path", "10,20,40,60", "--csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  /* The header, 51 rows and the empty string after the last newline. */
  g_assert_cmpuint (g_strv_length (lines), ==, 53);
  g_assert_cmpstr (lines[0], ==, "distance_m,x,y,height,height_m,slope_pct,slope_deg,crosses");
  g_assert_cmpstr (lines[52], ==, "");
  /* Row k = 5: (13, 24), 160 m, 13 / 1024 + 24 / 2048 raw, nothing crossed. */
  cells = g_strsplit (lines[6], ",", -1);
  g_assert_cmpuint (g_strv_length (cells), ==, 8);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[0], NULL), 160, 1e-6);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[1], NULL), 13, 1e-6);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL), 24, 1e-6);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[3], NULL), 13 * A + 24 * B, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[4], NULL), (13 * A + 24 * B) * 251, 1e-6);
  g_assert_cmpstr (cells[7], ==, "");
  ms_test_run_clear (&run);

  ms_test_run_cli (&run, "profile", file, "--path", "10,20,40,60", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "51 samples every 1 px (32 m a pixel)"));
  g_assert_nonnull (strstr (run.out, "length 1600.0 m"));
  ms_test_remove_tree (dir);
}

static void
test_usage_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *file = write_plane (dir);
  const struct { const char *option; const char *value; const char *says; } bad[] = {
    { "--path", "1,2,3", "odd count" },
    { "--path", "1,2", "1 point" },
    { "--path", "1,2,300,4", "point 2 (300, 4) is off the 256 × 256 map" },
    { "--path", "1,2,a,4", "number 3, “a”, is not a finite number" },
    { "--step", "0", "--step must be a positive" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto(MsTestRun) run = { 0 };
      g_autofree char *option = g_strdup_printf ("%s=%s", bad[i].option, bad[i].value);

      if (g_str_equal (bad[i].option, "--path"))
        ms_test_run_cli (&run, "profile", file, option, NULL);
      else
        ms_test_run_cli (&run, "profile", file, "--path", "1,2,3,4", option, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_nonnull (strstr (run.err, bad[i].says));
    }
  {
    g_auto(MsTestRun) run = { 0 };

    ms_test_run_cli (&run, "profile", file, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--path X1,Y1,X2,Y2[,…] is required"));
    ms_test_run_clear (&run);
    ms_test_run_cli (&run, "profile", file, "--path", "1,2,3,4", "--json", "--csv", NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "exclude each other"));
    ms_test_run_clear (&run);
    ms_test_run_cli (&run, "zone", "profile", dir, "7", "--path", "1,2,3", NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "odd count"));
  }
  ms_test_remove_tree (dir);
}

/* Zone 71 along row 128 from x = 100 to 120: at step 1 each sample is a
 * tile centre, so its height is the tile's altitude >> 5, read here from
 * the file; tile (110, 128) has the server slope 36 (test-path-profile
 * works it out from the notes' formula), so it fails the check. */
static void
test_zone (void)
{
  g_autofree char *dir = ms_test_make_live_zone_folder ();
  g_autofree char *alt_path = g_build_filename (dir, "altitude.0071.bin", NULL);
  g_autofree guint8 *bytes = NULL;
  g_auto(MsTestRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *s110;
  JsonArray *samples;

  g_assert_true (g_file_get_contents (alt_path, (char **) &bytes, NULL, NULL));
  ms_test_run_cli (&run, "zone", "profile", dir, "71", "--path", "100,128,120,128", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = ms_test_parse_json (run.out, parser);
  samples = json_object_get_array_member (root, "samples");
  g_assert_cmpuint (json_array_get_length (samples), ==, 21);
  for (guint k = 0; k < 21; k++)
    {
      JsonObject *s = json_array_get_object_element (samples, k);
      guint i = 128 * 256 + 100 + k;
      guint h = (guint) (bytes[2 * i] | bytes[2 * i + 1] << 8) >> 5;

      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "distance_m"), k, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "height"), h, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (s, "height_m"), h, 1e-9);
      g_assert_true (json_object_has_member (s, "slope_fails"));
      g_assert_true (json_object_has_member (s, "server_slope"));
    }
  s110 = json_array_get_object_element (samples, 10);
  g_assert_cmpint (json_object_get_int_member (s110, "server_slope"), ==, 36);
  g_assert_true (json_object_get_boolean_member (s110, "slope_fails"));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (s110, "crosses"), 0), ==,
                   "slope-fail");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (root, "length_m"), 20, 1e-9);
  ms_test_run_clear (&run);

  ms_test_run_cli (&run, "zone", "profile", dir, "71", "--path", "100,128,120,128", "--csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "distance_m,x,y,height,height_m,slope_pct,slope_deg,crosses\n"));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/profile/json", test_json);
  g_test_add_func ("/cli/profile/csv-and-text", test_csv_and_text);
  g_test_add_func ("/cli/profile/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/profile/zone", test_zone);
  return g_test_run ();
}
