/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli stats, run as a user would, on 256² blueprints made here
 * whose every figure is worked out by hand below: JSON Lines, CSV with the
 * same numbers, a folder, a file without WBID, a v1 file and the error row
 * of a truncated file.
 *
 * The map (X outer, Y inner; the file's order): height = x raw units;
 * x < 64 is ocean (WBID 1, Ocean biome 0); a lake (WBID 2, Lake biome 1)
 * covers x 100…109, y 100…119 (200 px) and another (WBID 3) the one pixel
 * (200, 200); the rest is land, Grassland (4) where y < 128, Forest (5)
 * below.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "ms-test-util.h"

#define N 256

static guint16
water_at (guint x, guint y)
{
  if (x < 64)
    return 1;
  if (x >= 100 && x < 110 && y >= 100 && y < 120)
    return 2;
  if (x == 200 && y == 200)
    return 3;
  return 0;
}

static guint8
biome_at (guint x, guint y)
{
  guint16 w = water_at (x, y);

  return w == 1 ? 0 : w >= 2 ? 1 : y < 128 ? 4 : 5;
}

static void
put_path (GByteArray *p, const float *xy, guint n_points)
{
  ms_test_put_u32 (p, n_points);
  for (guint i = 0; i < 2 * n_points; i++)
    ms_test_put_f32 (p, xy[i]);
}

static void
write_v2 (const char *path,
          gint32      seed,
          gboolean    with_water)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  /* Highway: (0, 0) → (3, 4) → (3, 10): 5 + 6 = 11 px.  Branch: 1 px. */
  const float highway[] = { 0, 0, 3, 4, 3, 10 };
  const float branch[] = { 10, 10, 10, 11 };
  const struct { float x, y; guint8 tier, highway; } towns[] = {
    { 80, 80, 0, 1 }, { 150, 30, 2, 0 }, { 220, 240, 2, 1 },
  };

  ms_test_put_v2_head (out, seed, N);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_f32 (p, (float) x);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_u8 (p, biome_at (x, y));
  ms_test_put_section (out, "BIOM", p->data, p->len);
  if (with_water)
    {
      g_byte_array_set_size (p, 0);
      for (guint x = 0; x < N; x++)
        for (guint y = 0; y < N; y++)
          ms_test_put_u16 (p, water_at (x, y));
      ms_test_put_section (out, "WBID", p->data, p->len);
    }
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, G_N_ELEMENTS (towns));
  for (guint i = 0; i < G_N_ELEMENTS (towns); i++)
    {
      ms_test_put_f32 (p, towns[i].x);
      ms_test_put_f32 (p, towns[i].y);
      ms_test_put_u8 (p, towns[i].tier);
      ms_test_put_u8 (p, towns[i].highway);
    }
  ms_test_put_section (out, "TOWN", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, 1);
  put_path (p, highway, 3);
  ms_test_put_section (out, "RDHW", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, 1);
  put_path (p, branch, 2);
  ms_test_put_section (out, "RDBR", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, 0);
  ms_test_put_section (out, "RDRG", p->data, p->len);
  ms_test_put_section (out, "RDTL", p->data, p->len);
  g_assert_true (g_file_set_contents (path, (const char *) out->data, out->len, NULL));
}

/* The same grids as a legacy v1 file (no seed, no water ids, no towns or
 * roads). */
static void
write_v1 (const char *path)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();

  ms_test_put_string (a, "ISLA_V1");
  ms_test_put_u32 (a, N);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        ms_test_put_f32 (a, (float) x);
        ms_test_put_u32 (a, biome_at (x, y));
      }
  ms_test_put_u32 (a, 0);
  for (guint t = 0; t < 4; t++)
    ms_test_put_u32 (a, 0);
  g_assert_true (g_file_set_contents (path, (const char *) a->data, a->len, NULL));
}

static double
member_double (JsonObject *o, const char *group, const char *key)
{
  JsonObject *g = group != NULL ? json_object_get_object_member (o, group) : o;

  return json_object_get_double_member (g, key);
}

/* The hand-worked figures of the map above (with @v1: no roads or towns
 * and no lake count). */
static void
check_figures (JsonObject *o,
               double      metres_per_pixel,
               gboolean    has_wbid,
               gboolean    v1)
{
  const double pixels = N * N;
  /* 64 × 256 ocean + 200 + 1 lake pixels. */
  const double water = 64 * 256 + 201;
  /* Heights 0…255, 256 pixels each: p5 is the ⌈0.05 × 65536⌉ = 3277th
   * smallest (0…11 fill 3072, 12 reaches 3328), p50 the 32768th (0…127
   * fill it exactly), p95 the 62260th (0…242 fill 62208). */
  const double expected_heights[] = { 0, 255, 127.5, 12, 127, 243 };
  const char *keys[] = { "min", "max", "mean", "p5", "p50", "p95" };
  JsonArray *biomes = json_object_get_array_member (o, "biome_pct");

  g_assert_true (json_object_get_null_member (o, "error"));
  g_assert_cmpint (json_object_get_int_member (o, "map_size"), ==, N);
  g_assert_cmpfloat_with_epsilon (member_double (o, NULL, "water_pct"), 100 * water / pixels, 1e-9);
  g_assert_cmpfloat_with_epsilon (member_double (o, NULL, "land_pct"), 100 * (pixels - water) / pixels, 1e-9);
  g_assert_cmpint (json_object_get_int_member (o, "ocean_pixels"), ==, 64 * 256);
  g_assert_cmpint (json_object_get_int_member (o, "lake_pixels"), ==, 201);
  if (has_wbid)
    g_assert_cmpint (json_object_get_int_member (o, "lakes"), ==, 2);
  else
    g_assert_true (json_object_get_null_member (o, "lakes"));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_cmpfloat (member_double (o, "height", keys[i]), ==, expected_heights[i]);
      g_assert_cmpfloat_with_epsilon (member_double (o, "height_m", keys[i]), expected_heights[i] * 251, 1e-9);
    }
  g_assert_cmpfloat_with_epsilon (member_double (o, NULL, "hypsometric_integral"), 0.5, 1e-12);
  /* The 256 ocean–land pairs across x = 63 | 64; the lakes' edges are
   * lake–land, not coast. */
  g_assert_cmpfloat_with_epsilon (member_double (o, NULL, "coastline_m"), 256 * metres_per_pixel, 1e-9);

  /* Default profile: 12 biomes.  Grassland: 192 × 128 columns-rows of
   * land above y = 128, less the 200 lake pixels there; Forest the same
   * below, less the one at (200, 200). */
  g_assert_cmpuint (json_array_get_length (biomes), ==, 12);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (biomes, 0), 100 * 64 * 256 / pixels, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (biomes, 1), 100 * 201 / pixels, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (biomes, 4), 100 * (192 * 128 - 200) / pixels, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_array_get_double_element (biomes, 5), 100 * (192 * 128 - 1) / pixels, 1e-9);
  g_assert_cmpfloat (json_array_get_double_element (biomes, 7), ==, 0);

  {
    JsonObject *towns = json_object_get_object_member (o, "towns");
    JsonArray *tiers = json_object_get_array_member (towns, "by_tier");
    const gint64 expected[] = { 1, 0, 2, 0 };

    g_assert_cmpuint (json_array_get_length (tiers), ==, 4);
    for (guint t = 0; t < 4; t++)
      g_assert_cmpint (json_array_get_int_element (tiers, t), ==, v1 ? 0 : expected[t]);
    g_assert_cmpint (json_object_get_int_member (towns, "highway_nodes"), ==, v1 ? 0 : 2);
  }
  g_assert_cmpfloat_with_epsilon (member_double (o, "roads_m", "highway"), v1 ? 0 : 11 * metres_per_pixel, 1e-6);
  g_assert_cmpfloat_with_epsilon (member_double (o, "roads_m", "branch"), v1 ? 0 : 1 * metres_per_pixel, 1e-6);
  g_assert_cmpfloat (member_double (o, "roads_m", "rugged"), ==, 0);
  g_assert_cmpfloat (member_double (o, "roads_m", "trail"), ==, 0);
  /* The audit ran: WBID without a WBTB table is its one error
   * (water-table-mismatch); without WBID the file breaks no check. */
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "audit"), "errors"), ==,
                   has_wbid ? 1 : 0);
}

/* One parsed JSON object per line of @out. */
static GPtrArray *
parse_lines (const char *out)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GPtrArray *parsers = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      JsonParser *parser;
      g_autoptr(GError) error = NULL;

      if (*lines[i] == '\0')
        continue;
      parser = json_parser_new ();
      json_parser_load_from_data (parser, lines[i], -1, &error);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
      g_ptr_array_add (parsers, parser);
    }
  return parsers;
}

static JsonObject *
object_of (GPtrArray *parsers, guint i)
{
  return json_node_get_object (json_parser_get_root (parsers->pdata[i]));
}

static void
test_json_lines (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *a = g_build_filename (dir, "MapData_Seed_7.dat", NULL);
  g_autofree char *b = g_build_filename (dir, "MapData_Seed_8.dat", NULL);
  g_autofree char *v1 = g_build_filename (dir, "MapData_Seed_7_v1.dat", NULL);
  g_autofree char *other = g_build_filename (dir, "notes.txt", NULL);

  write_v2 (a, 7, TRUE);
  write_v2 (b, 8, FALSE);
  write_v1 (v1);
  g_assert_true (g_file_set_contents (other, "not a map", -1, NULL));

  /* A folder: its .dat files in name order, one line each. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(GPtrArray) rows = NULL;

    ms_test_run_cli (&r, "stats", "--json", dir, NULL);
    g_assert_cmpint (r.status, ==, 0);
    rows = parse_lines (r.out);
    g_assert_cmpuint (rows->len, ==, 3);
    g_assert_cmpstr (json_object_get_string_member (object_of (rows, 0), "file"), ==, a);
    g_assert_cmpstr (json_object_get_string_member (object_of (rows, 1), "file"), ==, v1);
    g_assert_cmpstr (json_object_get_string_member (object_of (rows, 2), "file"), ==, b);
    g_assert_cmpint (json_object_get_int_member (object_of (rows, 0), "seed"), ==, 7);
    g_assert_cmpint (json_object_get_int_member (object_of (rows, 2), "seed"), ==, 8);
    /* v1 files carry no PRMS. */
    g_assert_true (json_object_get_null_member (object_of (rows, 1), "seed"));
    check_figures (object_of (rows, 0), 8192.0 / N, TRUE, FALSE);
    check_figures (object_of (rows, 1), 8192.0 / N, FALSE, TRUE);
    check_figures (object_of (rows, 2), 8192.0 / N, FALSE, FALSE);
  }
  /* --metres-per-pixel scales the coast and the roads, nothing else. */
  {
    g_auto(MsTestRun) r = { 0, };
    g_autoptr(GPtrArray) rows = NULL;

    ms_test_run_cli (&r, "stats", "--json", "--metres-per-pixel", "2", a, NULL);
    g_assert_cmpint (r.status, ==, 0);
    rows = parse_lines (r.out);
    g_assert_cmpuint (rows->len, ==, 1);
    check_figures (object_of (rows, 0), 2, TRUE, FALSE);
  }
  ms_test_remove_tree (dir);
}

/* The truncated file's row: its error, null figures, exit 1 at the end,
 * and the files after it still measured. */
static void
test_error_row (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *good = g_build_filename (dir, "good.dat", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.dat", NULL);
  g_autofree char *data = NULL;
  gsize length;
  g_auto(MsTestRun) r = { 0, };
  g_autoptr(GPtrArray) rows = NULL;
  JsonObject *bad;
  const char *message;

  write_v2 (good, 7, TRUE);
  g_assert_true (g_file_get_contents (good, &data, &length, NULL));
  /* Cut inside HGTS. */
  g_assert_true (g_file_set_contents (cut, data, 100000, NULL));

  ms_test_run_cli (&r, "stats", "--json", cut, good, NULL);
  g_assert_cmpint (r.status, ==, 1);
  rows = parse_lines (r.out);
  g_assert_cmpuint (rows->len, ==, 2);
  bad = object_of (rows, 0);
  message = json_object_get_string_member (bad, "error");
  g_assert_nonnull (message);
  /* The reader's message: the file, the section, the offset. */
  g_assert_nonnull (strstr (message, "cut.dat"));
  g_assert_nonnull (strstr (message, "HGTS"));
  g_assert_nonnull (strstr (message, "offset"));
  g_assert_cmpstr (json_object_get_string_member (bad, "file"), ==, cut);
  g_assert_true (json_object_get_null_member (bad, "land_pct"));
  g_assert_true (json_object_get_null_member (bad, "height"));
  g_assert_true (json_object_get_null_member (bad, "biome_pct"));
  g_assert_true (json_object_get_null_member (bad, "audit"));
  check_figures (object_of (rows, 1), 8192.0 / N, TRUE, FALSE);
  ms_test_remove_tree (dir);
}

/* CSV: a header, then one row a file, with the JSON's numbers under the
 * JSON's dotted names. */
static void
test_csv (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *a = g_build_filename (dir, "a,b \"quoted\".dat", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.dat", NULL);
  g_auto(MsTestRun) csv = { 0, };
  g_auto(MsTestRun) json = { 0, };
  g_autoptr(GPtrArray) rows = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  g_auto(GStrv) cells = NULL;
  g_autofree char *quoted = NULL;
  JsonObject *o;

  write_v2 (a, 7, TRUE);
  g_assert_true (g_file_set_contents (cut, "ISLA", 4, NULL));
  ms_test_run_cli (&csv, "stats", "--csv", a, cut, NULL);
  g_assert_cmpint (csv.status, ==, 1);
  ms_test_run_cli (&json, "stats", "--json", a, NULL);
  rows = parse_lines (json.out);
  o = object_of (rows, 0);

  lines = g_strsplit (csv.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);   /* header, 2 rows, "" */
  header = g_strsplit (lines[0], ",", -1);
  g_assert_cmpstr (header[0], ==, "file");
  /* The file name holds a comma and quotes: RFC 4180 quoting. */
  quoted = g_strdup_printf ("\"%s/a,b \"\"quoted\"\".dat\",", dir);
  g_assert_true (g_str_has_prefix (lines[1], quoted));
  cells = g_strsplit (lines[1] + strlen (quoted), ",", -1);
  g_assert_cmpuint (g_strv_length (cells), ==, g_strv_length (header) - 1);
  for (guint i = 1; header[i] != NULL; i++)
    {
      const char *key = header[i];
      const char *cell = cells[i - 1];
      g_auto(GStrv) parts = g_strsplit (key, ".", -1);
      JsonNode *node;

      /* Follow the dotted name into the JSON object. */
      node = json_object_get_member (o, parts[0]);
      for (guint k = 1; parts[k] != NULL; k++)
        node = g_ascii_isdigit (parts[k][0])
               ? json_array_get_element (json_node_get_array (node), (guint) atoi (parts[k]))
               : json_object_get_member (json_node_get_object (node), parts[k]);
      g_assert_nonnull (node);
      if (JSON_NODE_HOLDS_NULL (node))
        g_assert_cmpstr (cell, ==, "");
      else if (json_node_get_value_type (node) == G_TYPE_STRING)
        g_assert_cmpstr (cell, ==, json_node_get_string (node));
      else
        g_assert_cmpfloat (g_ascii_strtod (cell, NULL), ==, json_node_get_double (node));
    }
  /* The bad file's row: its name, its error, empty figures. */
  g_assert_true (g_str_has_prefix (lines[2], cut));
  g_assert_true (g_str_has_suffix (lines[2], ",,,,"));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/stats/json-lines", test_json_lines);
  g_test_add_func ("/cli/stats/error-row", test_error_row);
  g_test_add_func ("/cli/stats/csv", test_csv);
  return g_test_run ();
}
