/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli's blueprint commands, run as a user would, on files the test
 * inspects with its own byte walk.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ms-test-util.h"

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static float
get_f32 (const guint8 *p)
{
  guint32 u = get_u32 (p);
  float f;
  memcpy (&f, &u, 4);
  return f;
}

static void
count_roads (const guint8 *p, gint64 *paths, gint64 *points)
{
  guint32 n = get_u32 (p);
  gsize pos = 4;

  *paths = n;
  *points = 0;
  for (guint32 i = 0; i < n; i++)
    {
      guint32 k = get_u32 (p + pos);
      *points += k;
      pos += 4 + 8 * (gsize) k;
    }
}

static void
test_info_json (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_77.dat", NULL);
  g_auto(MsTestRun) demo = { 0, };
  g_auto(MsTestRun) info = { 0, };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree guint8 *data = NULL;
  g_autoptr(GArray) sections = NULL;
  JsonObject *root, *params, *height, *towns, *roads, *water;
  JsonArray *json_sections, *biome_counts;
  const MsTestSection *hgts, *biom, *wbid, *town;
  gsize length;
  guint n = 256;
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  gint64 counts[12] = { 0, };
  const char *road_keys[] = { "highway", "branch", "rugged", "trail" };
  const char *road_tags[] = { "RDHW", "RDBR", "RDRG", "RDTL" };
  gint64 water_pixels = 0, lakes = 0;
  gboolean seen[65536] = { 0, };

  ms_test_run_cli (&demo, "demo", path, "--size", "256", "--seed", "77", NULL);
  g_assert_cmpint (demo.status, ==, 0);

  ms_test_run_cli (&info, "info", "--json", path, NULL);
  g_assert_cmpint (info.status, ==, 0);
  root = ms_test_parse_json (info.out, parser);

  g_assert_true (g_file_get_contents (path, (char **) &data, &length, NULL));
  sections = ms_test_walk_sections (data, length);

  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "v2");
  g_assert_cmpint (json_object_get_int_member (root, "version"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (root, "map_size"), ==, n);

  params = json_object_get_object_member (root, "params");
  g_assert_cmpint (json_object_get_int_member (params, "world_seed"), ==, 77);
  g_assert_cmpint (json_object_get_int_member (params, "map_size"), ==, n);
  g_assert_false (json_object_get_boolean_member (params, "sentinel"));
  g_assert_true (json_object_has_member (params, "generated_utc"));
  g_assert_true (json_object_has_member (params, "generator_git_hash"));
  g_assert_true (json_object_has_member (params, "impact_center_y"));

  json_sections = json_object_get_array_member (root, "sections");
  g_assert_cmpuint (json_array_get_length (json_sections), ==, sections->len);
  for (guint i = 0; i < sections->len; i++)
    {
      JsonObject *s = json_array_get_object_element (json_sections, i);
      const MsTestSection *w = &g_array_index (sections, MsTestSection, i);

      g_assert_cmpstr (json_object_get_string_member (s, "tag"), ==, w->tag);
      g_assert_cmpint (json_object_get_int_member (s, "offset"), ==, (gint64) w->offset);
      g_assert_cmpint (json_object_get_int_member (s, "length"), ==, (gint64) w->length);
    }

  /* Height figures from the raw HGTS floats. */
  hgts = ms_test_find (sections, "HGTS");
  for (gsize i = 0; i < (gsize) n * n; i++)
    {
      float h = get_f32 (data + hgts->offset + 12 + 4 * i);
      lo = MIN (lo, h);
      hi = MAX (hi, h);
      sum += h;
    }
  height = json_object_get_object_member (root, "height");
  g_assert_cmpfloat (json_object_get_double_member (height, "min"), ==, lo);
  g_assert_cmpfloat (json_object_get_double_member (height, "max"), ==, hi);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (height, "mean"),
                                  sum / ((double) n * n), 1e-9);

  biom = ms_test_find (sections, "BIOM");
  for (gsize i = 0; i < (gsize) n * n; i++)
    counts[data[biom->offset + 12 + i]]++;
  biome_counts = json_object_get_array_member (root, "biome_counts");
  g_assert_cmpuint (json_array_get_length (biome_counts), ==, 12);
  for (guint b = 0; b < 12; b++)
    g_assert_cmpint (json_array_get_int_element (biome_counts, b), ==, counts[b]);

  town = ms_test_find (sections, "TOWN");
  towns = json_object_get_object_member (root, "towns");
  g_assert_cmpint (json_object_get_int_member (towns, "count"), ==, get_u32 (data + town->offset + 12));
  {
    gint64 nodes = 0, by_tier[4] = { 0, };
    JsonArray *tiers = json_object_get_array_member (towns, "by_tier");

    for (guint i = 0; i < get_u32 (data + town->offset + 12); i++)
      {
        const guint8 *t = data + town->offset + 16 + 10 * i;
        by_tier[t[8]]++;
        nodes += t[9];
      }
    g_assert_cmpint (json_object_get_int_member (towns, "highway_nodes"), ==, nodes);
    g_assert_cmpuint (json_array_get_length (tiers), ==, 4);
    for (guint t = 0; t < 4; t++)
      g_assert_cmpint (json_array_get_int_element (tiers, t), ==, by_tier[t]);
  }

  roads = json_object_get_object_member (root, "roads");
  for (guint t = 0; t < 4; t++)
    {
      JsonObject *r = json_object_get_object_member (roads, road_keys[t]);
      gint64 paths, points;

      count_roads (data + ms_test_find (sections, road_tags[t])->offset + 12, &paths, &points);
      g_assert_cmpint (json_object_get_int_member (r, "paths"), ==, paths);
      g_assert_cmpint (json_object_get_int_member (r, "points"), ==, points);
    }

  wbid = ms_test_find (sections, "WBID");
  for (gsize i = 0; i < (gsize) n * n; i++)
    {
      guint id = data[wbid->offset + 12 + 2 * i] | data[wbid->offset + 13 + 2 * i] << 8;
      if (id == 0)
        continue;
      water_pixels++;
      if (!seen[id] && id >= 2)
        lakes++;
      seen[id] = TRUE;
    }
  water = json_object_get_object_member (root, "water");
  g_assert_cmpint (json_object_get_int_member (water, "water_pixels"), ==, water_pixels);
  g_assert_cmpint (json_object_get_int_member (water, "lakes"), ==, lakes);
  g_assert_cmpint (json_object_get_int_member (water, "bodies"), ==, lakes + (seen[1] ? 1 : 0));

  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "curve"), "version"), ==, 3);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "warnings")), ==, 0);

  ms_test_remove_tree (dir);
}

static void
test_validate_and_exit_codes (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *good = g_build_filename (dir, "good.dat", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.dat", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.dat", NULL);
  g_autofree char *profile = g_build_filename (dir, "broken.profile", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GArray) sections = NULL;
  const MsTestSection *wbid;
  gsize length;
  g_auto(MsTestRun) r1 = { 0, };
  g_auto(MsTestRun) r2 = { 0, };
  g_auto(MsTestRun) r3 = { 0, };
  g_auto(MsTestRun) r4 = { 0, };
  g_auto(MsTestRun) r5 = { 0, };
  g_auto(MsTestRun) r6 = { 0, };
  g_auto(MsTestRun) r7 = { 0, };
  g_auto(MsTestRun) r8 = { 0, };
  g_auto(MsTestRun) r9 = { 0, };
  g_autofree char *expected = NULL;

  ms_test_run_cli (&r1, "demo", good, "--size", "256", NULL);
  g_assert_cmpint (r1.status, ==, 0);
  g_assert_true (g_file_get_contents (good, &data, &length, NULL));
  sections = ms_test_walk_sections ((guint8 *) data, length);
  wbid = ms_test_find (sections, "WBID");
  g_assert_true (g_file_set_contents (bad, data, (gssize) (wbid->offset + 100), NULL));

  ms_test_run_cli (&r2, "validate", good, NULL);
  g_assert_cmpint (r2.status, ==, 0);
  g_assert_nonnull (strstr (r2.out, "valid v2 blueprint"));

  ms_test_run_cli (&r3, "validate", good, bad, NULL);
  g_assert_cmpint (r3.status, ==, 1);
  /* One line naming the file, the section and the offset of its length. */
  expected = g_strdup_printf ("%s: offset %" G_GSIZE_FORMAT ": section WBID declares %" G_GSIZE_FORMAT
                              " bytes but only 88 remain", bad, wbid->offset + 4, wbid->length);
  g_assert_nonnull (strstr (r3.err, expected));
  g_assert_nonnull (strchr (r3.err, '\n'));
  g_assert_null (strchr (strchr (r3.err, '\n') + 1, '\n'));

  ms_test_run_cli (&r4, "validate", missing, NULL);
  g_assert_cmpint (r4.status, ==, 2);
  g_assert_nonnull (strstr (r4.err, "missing.dat"));

  ms_test_run_cli (&r5, NULL);
  g_assert_cmpint (r5.status, ==, 2);
  ms_test_run_cli (&r6, "frobnicate", NULL);
  g_assert_cmpint (r6.status, ==, 2);
  ms_test_run_cli (&r7, "info", good, bad, NULL);
  g_assert_cmpint (r7.status, ==, 2);

  g_assert_true (g_file_set_contents (profile, "[Biomes]\n0=Sea\n", -1, NULL));
  ms_test_run_cli (&r8, "info", "--profile", profile, good, NULL);
  g_assert_cmpint (r8.status, ==, 2);
  g_assert_nonnull (strstr (r8.err, "broken.profile"));

  ms_test_run_cli (&r9, "demo", good, "--size", "100", NULL);
  g_assert_cmpint (r9.status, ==, 2);

  ms_test_remove_tree (dir);
}

static void
write_v1 (const char *path)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();

  ms_test_put_string (a, "ISLA_V1");
  ms_test_put_u32 (a, 256);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      {
        ms_test_put_f32 (a, (float) y);
        ms_test_put_u32 (a, x < 128 ? 4 : 5);
      }
  ms_test_put_u32 (a, 1);
  ms_test_put_f32 (a, 5.0f); ms_test_put_f32 (a, 6.0f); ms_test_put_u32 (a, 2);
  for (guint t = 0; t < 4; t++)
    ms_test_put_u32 (a, 0);
  g_assert_true (g_file_set_contents (path, (const char *) a->data, a->len, NULL));
}

static void
test_convert (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *v1 = g_build_filename (dir, "MapData_Seed_5_v1.dat", NULL);
  g_autofree char *v2 = g_build_filename (dir, "converted.dat", NULL);
  g_autofree char *demo = g_build_filename (dir, "demo.dat", NULL);
  g_autofree char *with_unknown = g_build_filename (dir, "unknown.dat", NULL);
  g_autofree char *rewritten = g_build_filename (dir, "rewritten.dat", NULL);
  g_auto(MsTestRun) c1 = { 0, };
  g_auto(MsTestRun) i1 = { 0, };
  g_auto(MsTestRun) i0 = { 0, };
  g_auto(MsTestRun) d = { 0, };
  g_auto(MsTestRun) c2 = { 0, };
  g_auto(MsTestRun) c3 = { 0, };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser0 = json_parser_new ();
  JsonObject *root, *params;
  g_autofree char *data = NULL;
  g_autofree char *out = NULL;
  gsize length, out_length;
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GArray) sections = NULL;
  const guint8 payload[5] = { 9, 8, 7, 6, 5 };

  write_v1 (v1);
  ms_test_run_cli (&i0, "info", "--json", v1, NULL);
  g_assert_cmpint (i0.status, ==, 0);
  root = ms_test_parse_json (i0.out, parser0);
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "v1");
  g_assert_true (json_object_get_null_member (root, "params"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "sections")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "warnings")), >=, 1);
  g_assert_true (json_object_get_null_member (root, "water"));

  ms_test_run_cli (&c1, "convert", v1, v2, NULL);
  g_assert_cmpint (c1.status, ==, 0);
  g_assert_nonnull (strstr (c1.err, "deprecated"));

  ms_test_run_cli (&i1, "info", "--json", v2, NULL);
  g_assert_cmpint (i1.status, ==, 0);
  root = ms_test_parse_json (i1.out, parser);
  params = json_object_get_object_member (root, "params");
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "v2");
  g_assert_true (json_object_get_boolean_member (params, "sentinel"));
  g_assert_cmpint (json_object_get_int_member (params, "world_seed"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (params, "crater_radius"), ==, -1.0);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "towns"), "count"), ==, 1);
  /* Heights 0..255 along Y in every column: min 0, max 255, mean 127.5. */
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (root, "height"), "max"), ==, 255.0);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (root, "height"), "mean"), ==, 127.5);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (root, "biome_counts"), 4), ==, 128 * 256);

  /* v2 -> v2 keeps an unknown section. */
  ms_test_run_cli (&d, "demo", demo, "--size", "256", NULL);
  g_assert_cmpint (d.status, ==, 0);
  g_assert_true (g_file_get_contents (demo, &data, &length, NULL));
  g_byte_array_append (a, (const guint8 *) data, length);
  ms_test_put_section (a, "NEWS", payload, sizeof payload);
  g_assert_true (g_file_set_contents (with_unknown, (const char *) a->data, a->len, NULL));
  ms_test_run_cli (&c2, "convert", with_unknown, rewritten, NULL);
  g_assert_cmpint (c2.status, ==, 0);
  g_assert_nonnull (strstr (c2.err, "unknown section NEWS"));
  g_assert_true (g_file_get_contents (rewritten, &out, &out_length, NULL));
  g_assert_cmpmem (out, out_length, a->data, a->len);
  sections = ms_test_walk_sections ((const guint8 *) out, out_length);
  g_assert_cmpstr (g_array_index (sections, MsTestSection, sections->len - 1).tag, ==, "NEWS");

  /* An invalid input exits 1 and writes nothing. */
  g_assert_true (g_file_set_contents (with_unknown, data, 50, NULL));
  ms_test_run_cli (&c3, "convert", with_unknown, v2 /* exists */, NULL);
  g_assert_cmpint (c3.status, ==, 1);
  {
    g_autofree char *still = NULL;
    gsize still_length;
    g_assert_true (g_file_get_contents (v2, &still, &still_length, NULL));
    g_assert_cmpuint (still_length, >, 50);
  }

  ms_test_remove_tree (dir);
}

static void
test_text_and_demo (void)
{
  g_auto(MsTestRun) r = { 0, };

  ms_test_run_cli (&r, "info", "--demo", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "map size      512 × 512"));
  g_assert_nonnull (strstr (r.out, "Ocean"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/blueprint/info-json", test_info_json);
  g_test_add_func ("/cli/blueprint/validate-and-exit-codes", test_validate_and_exit_codes);
  g_test_add_func ("/cli/blueprint/convert", test_convert);
  g_test_add_func ("/cli/blueprint/text-and-demo", test_text_and_demo);
  return g_test_run ();
}
