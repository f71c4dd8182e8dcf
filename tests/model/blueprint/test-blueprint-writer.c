/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The canonical v2 writer, through the atomic save (ms_blueprint_save_v2).
 * Sources are built here with the test-side encoders; outputs are checked by
 * walking their raw bytes and by reloading them, against values computed by
 * formula in this file.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-writer.h"
#include "ms-demo-blueprint.h"
#include "ms-test-util.h"

#define SIZE 256

/* ------------------------------------------------ test-side v1 source --- */

static float
height_at (guint x,
           guint y)
{
  return (float) x * 0.001f + (float) y * 0.25f;
}

static guint8
biome_at (guint x,
          guint y)
{
  return (guint8) ((x * 7 + y * 3 + x / 16) % 12);
}

static const struct
{
  float  x;
  float  y;
  gint32 tier;
} towns[] = {
  { 10.5f, 200.25f, 0 },
  { 128.0f, 3.75f, 3 },
  { 250.125f, 17.0f, 1 },
};

static const guint n_paths[4] = { 1, 2, 0, 3 };

static guint
n_points (guint tier,
          guint path)
{
  if (tier == 3 && path == 2)
    return 0;
  return path * 2 + 2 + tier;
}

static void
point_at (guint  tier,
          guint  path,
          guint  j,
          float *x,
          float *y)
{
  *x = (float) (tier * 50 + path * 7) + (float) j * 0.75f;
  *y = 200.0f - (float) j * 1.5f + (float) tier * 0.125f;
}

static GBytes *
encode_v1 (void)
{
  GByteArray *a = g_byte_array_new ();

  ms_test_put_string (a, "ISLA_V1");
  ms_test_put_u32 (a, SIZE);
  for (guint x = 0; x < SIZE; x++)
    for (guint y = 0; y < SIZE; y++)
      {
        ms_test_put_f32 (a, height_at (x, y));
        ms_test_put_u32 (a, biome_at (x, y));
      }
  ms_test_put_u32 (a, G_N_ELEMENTS (towns));
  for (guint i = 0; i < G_N_ELEMENTS (towns); i++)
    {
      ms_test_put_f32 (a, towns[i].x);
      ms_test_put_f32 (a, towns[i].y);
      ms_test_put_u32 (a, (guint32) towns[i].tier);
    }
  for (guint t = 0; t < 4; t++)
    {
      ms_test_put_u32 (a, n_paths[t]);
      for (guint p = 0; p < n_paths[t]; p++)
        {
          ms_test_put_u32 (a, n_points (t, p));
          for (guint j = 0; j < n_points (t, p); j++)
            {
              float x, y;
              point_at (t, p, j, &x, &y);
              ms_test_put_f32 (a, x);
              ms_test_put_f32 (a, y);
            }
        }
    }
  return g_byte_array_free_to_bytes (a);
}

/* ------------------------------------------------------------ helpers --- */

static void
write_file (const char *path,
            GBytes     *bytes)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), &error));
  g_assert_no_error (error);
}

static GBytes *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] | ((guint32) p[1] << 8) | ((guint32) p[2] << 16) | ((guint32) p[3] << 24);
}

static float
get_f32 (const guint8 *p)
{
  guint32 u = get_u32 (p);
  float f;

  memcpy (&f, &u, sizeof f);
  return f;
}

/* The sections of @bytes in file order, with a check that the walk covers
 * the whole file after the 8-byte header. */
static GArray *
walk (GBytes *bytes)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  GArray *sections;
  const MsTestSection *last;

  g_assert_cmpuint (length, >=, 8);
  g_assert_cmpmem (data, 4, "ISLA", 4);
  g_assert_cmpuint (get_u32 (data + 4), ==, 2);

  sections = ms_test_walk_sections (data, length);
  g_assert_cmpuint (sections->len, >, 0);
  last = &g_array_index (sections, MsTestSection, sections->len - 1);
  g_assert_cmpuint (last->offset + 12 + last->length, ==, length);
  return sections;
}

static char *
tag_list (GArray *sections)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < sections->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, g_array_index (sections, MsTestSection, i).tag);
    }
  return g_string_free (s, FALSE);
}

static const guint8 *
payload_of (GBytes              *bytes,
            const MsTestSection *section)
{
  return (const guint8 *) g_bytes_get_data (bytes, NULL) + section->offset + 12;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Names in @dir, sorted, joined by spaces. */
static char *
list_dir (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static MsBlueprint *
load_path (const char *path)
{
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp = ms_blueprint_new_for_path (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bp);
  return bp;
}

static void
save (MsBlueprint *bp,
      const char  *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_blueprint_save_v2 (bp, path, NULL, MS_SAVE_FLAGS_NONE, NULL, &error));
  g_assert_no_error (error);
}

/* The content of the test's v1 source, checked on any loaded blueprint. */
static void
check_source_content (MsBlueprint *bp)
{
  const MsTown *got;
  guint n_towns = 0;

  g_assert_cmpuint (ms_blueprint_get_map_size (bp), ==, SIZE);
  for (guint x = 0; x < SIZE; x++)
    for (guint y = 0; y < SIZE; y++)
      {
        float h = ms_blueprint_get_height (bp, x, y);
        guint b = ms_blueprint_get_biome (bp, x, y);

        if (h != height_at (x, y) || b != biome_at (x, y))
          g_error ("pixel (%u, %u): height %g biome %u, expected %g and %u",
                   x, y, h, b, height_at (x, y), biome_at (x, y));
      }

  got = ms_blueprint_get_towns (bp, &n_towns);
  g_assert_cmpuint (n_towns, ==, G_N_ELEMENTS (towns));
  for (guint i = 0; i < n_towns; i++)
    {
      g_assert_cmpfloat (got[i].x, ==, towns[i].x);
      g_assert_cmpfloat (got[i].y, ==, towns[i].y);
      g_assert_cmpuint (got[i].tier, ==, (guint) towns[i].tier);
      g_assert_false (got[i].highway_node);
    }

  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    {
      g_assert_true (ms_blueprint_has_roads (bp, t));
      g_assert_cmpuint (ms_blueprint_get_n_paths (bp, t), ==, n_paths[t]);
      for (guint p = 0; p < n_paths[t]; p++)
        {
          guint n = 999;
          const MsPoint *points = ms_blueprint_get_path (bp, t, p, &n);

          g_assert_cmpuint (n, ==, n_points (t, p));
          for (guint j = 0; j < n; j++)
            {
              float x, y;
              point_at (t, p, j, &x, &y);
              g_assert_cmpfloat (points[j].x, ==, x);
              g_assert_cmpfloat (points[j].y, ==, y);
            }
        }
    }
}

/* -------------------------------------------------------------- tests --- */

static void
test_v1_to_v2 (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *in = g_build_filename (dir, "MapData_Seed_5_v1.dat", NULL);
  g_autofree char *out = g_build_filename (dir, "converted.dat", NULL);
  g_autoptr(GBytes) source = encode_v1 ();
  g_autoptr(GBytes) written = NULL;
  g_autoptr(GArray) sections = NULL;
  g_autoptr(GByteArray) expected_heights = g_byte_array_new ();
  g_autoptr(GByteArray) expected_biomes = g_byte_array_new ();
  g_autofree char *tags = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprint) reloaded = NULL;
  const MsBlueprintParams *params;
  const MsTestSection *s;
  const guint8 *prms;

  write_file (in, source);
  bp = load_path (in);
  g_assert_cmpint (ms_blueprint_get_format (bp), ==, MS_BLUEPRINT_FORMAT_V1);
  save (bp, out);

  /* Only the source and the result: no temporary file left behind. */
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "MapData_Seed_5_v1.dat converted.dat");

  reloaded = load_path (out);
  g_assert_cmpint (ms_blueprint_get_format (reloaded), ==, MS_BLUEPRINT_FORMAT_V2);
  g_assert_cmpuint (ms_blueprint_get_version (reloaded), ==, 2);

  params = ms_blueprint_get_params (reloaded);
  g_assert_nonnull (params);
  g_assert_cmpint (params->world_seed, ==, 0);
  g_assert_cmpint (params->map_size, ==, SIZE);
  g_assert_cmpfloat (params->crater_radius, ==, -1.0f);
  g_assert_cmpfloat (params->density_multiplier, ==, -1.0f);
  g_assert_cmpfloat (params->impact_center_x, ==, -1.0f);
  g_assert_cmpfloat (params->impact_center_y, ==, -1.0f);
  g_assert_true (ms_blueprint_params_is_sentinel (params));
  g_assert_nonnull (params->generated_utc);
  g_assert_cmpuint (strlen (params->generated_utc), >, 0);
  g_assert_nonnull (params->generator_git_hash);

  check_source_content (reloaded);
  g_assert_false (ms_blueprint_has_water (reloaded));
  g_assert_null (ms_blueprint_get_curve (reloaded));

  /* The raw bytes: canonical table order, no water or curve sections. */
  written = read_file (out);
  sections = walk (written);
  tags = tag_list (sections);
  g_assert_cmpstr (tags, ==, "PRMS HGTS BIOM TOWN RDHW RDBR RDRG RDTL");

  s = ms_test_find (sections, "PRMS");
  prms = payload_of (written, s);
  g_assert_cmpuint (s->length, >=, 26);
  g_assert_cmpuint (get_u32 (prms), ==, 0);
  g_assert_cmpuint (get_u32 (prms + 4), ==, SIZE);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat (get_f32 (prms + 8 + 4 * i), ==, -1.0f);

  for (guint x = 0; x < SIZE; x++)
    for (guint y = 0; y < SIZE; y++)
      {
        ms_test_put_f32 (expected_heights, height_at (x, y));
        ms_test_put_u8 (expected_biomes, biome_at (x, y));
      }
  s = ms_test_find (sections, "HGTS");
  g_assert_cmpuint (s->length, ==, 4 * SIZE * SIZE);
  g_assert_true (memcmp (payload_of (written, s), expected_heights->data, s->length) == 0);
  s = ms_test_find (sections, "BIOM");
  g_assert_cmpuint (s->length, ==, SIZE * SIZE);
  g_assert_true (memcmp (payload_of (written, s), expected_biomes->data, s->length) == 0);

  /* TOWN: count, then 10 bytes each with the highway flag 0. */
  s = ms_test_find (sections, "TOWN");
  g_assert_cmpuint (s->length, ==, 4 + 10 * G_N_ELEMENTS (towns));
  for (guint i = 0; i < G_N_ELEMENTS (towns); i++)
    {
      const guint8 *t = payload_of (written, s) + 4 + 10 * i;
      g_assert_cmpfloat (get_f32 (t), ==, towns[i].x);
      g_assert_cmpfloat (get_f32 (t + 4), ==, towns[i].y);
      g_assert_cmpuint (t[8], ==, (guint) towns[i].tier);
      g_assert_cmpuint (t[9], ==, 0);
    }

  g_clear_object (&bp);
  g_clear_object (&reloaded);
  ms_test_remove_tree (dir);
}

static void
test_v2_identity (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) demo = ms_demo_blueprint_generate (256, 7, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *in = g_build_filename (dir, "demo.dat", NULL);
  g_autofree char *out = g_build_filename (dir, "copy.dat", NULL);
  g_autoptr(GBytes) written = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  g_assert_no_error (error);
  write_file (in, demo);
  bp = load_path (in);
  save (bp, out);

  written = read_file (out);
  g_assert_cmpuint (g_bytes_get_size (written), ==, g_bytes_get_size (demo));
  g_assert_true (g_bytes_equal (written, demo));

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

static void
test_unknown_sections (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) demo = ms_demo_blueprint_generate (256, 11, &error);
  g_autoptr(GArray) demo_sections = NULL;
  g_autoptr(GArray) out_sections = NULL;
  g_autoptr(GByteArray) spliced = g_byte_array_new ();
  g_autoptr(GBytes) spliced_bytes = NULL;
  g_autoptr(GBytes) written = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *in = g_build_filename (dir, "spliced.dat", NULL);
  g_autofree char *out = g_build_filename (dir, "out.dat", NULL);
  g_autofree char *in_tags = NULL;
  g_autofree char *out_tags = NULL;
  guint8 pattern[33];
  const MsTestSection *s;

  g_assert_no_error (error);
  for (guint i = 0; i < sizeof pattern; i++)
    pattern[i] = (guint8) (i * 37 + 5);

  /* The demo's sections with ZZZZ between HGTS and BIOM, TOWN moved out of
   * table order (after the roads), and an empty QQQQ last. */
  demo_sections = walk (demo);
  g_byte_array_append (spliced, g_bytes_get_data (demo, NULL), 8);
  for (guint i = 0; i < demo_sections->len; i++)
    {
      const MsTestSection *d = &g_array_index (demo_sections, MsTestSection, i);

      if (strcmp (d->tag, "TOWN") == 0)
        continue;
      ms_test_put_section (spliced, d->tag, payload_of (demo, d), d->length);
      if (strcmp (d->tag, "HGTS") == 0)
        ms_test_put_section (spliced, "ZZZZ", pattern, sizeof pattern);
    }
  s = ms_test_find (demo_sections, "TOWN");
  ms_test_put_section (spliced, "TOWN", payload_of (demo, s), s->length);
  ms_test_put_section (spliced, "QQQQ", NULL, 0);
  spliced_bytes = g_byte_array_free_to_bytes (g_steal_pointer (&spliced));

  {
    g_autoptr(GArray) check = walk (spliced_bytes);
    in_tags = tag_list (check);
  }
  g_assert_cmpstr (in_tags, ==,
                   "PRMS HGTS ZZZZ BIOM TCRV WBID WBTB WSRF RDHW RDBR RDRG RDTL TOWN QQQQ");

  write_file (in, spliced_bytes);
  bp = load_path (in);
  save (bp, out);

  written = read_file (out);
  out_sections = walk (written);
  out_tags = tag_list (out_sections);
  g_assert_cmpstr (out_tags, ==,
                   "PRMS HGTS BIOM TOWN TCRV WBID WBTB WSRF RDHW RDBR RDRG RDTL ZZZZ QQQQ");

  /* Every payload is carried through unchanged. */
  for (guint i = 0; i < demo_sections->len; i++)
    {
      const MsTestSection *d = &g_array_index (demo_sections, MsTestSection, i);
      const MsTestSection *o = ms_test_find (out_sections, d->tag);

      g_assert_cmpuint (o->length, ==, d->length);
      if (memcmp (payload_of (written, o), payload_of (demo, d), d->length) != 0)
        g_error ("section %s changed on the way through", d->tag);
    }
  s = ms_test_find (out_sections, "ZZZZ");
  g_assert_cmpmem (payload_of (written, s), s->length, pattern, sizeof pattern);
  s = ms_test_find (out_sections, "QQQQ");
  g_assert_cmpuint (s->length, ==, 0);

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

static void
test_in_place_v1 (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "legacy.dat", NULL);
  g_autoptr(GBytes) source = encode_v1 ();
  g_autoptr(GBytes) written = NULL;
  g_autoptr(GArray) sections = NULL;
  g_autofree char *tags = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  write_file (path, source);
  bp = load_path (path);
  save (bp, path);
  /* The old blueprint still reads its (replaced) source while it lives. */
  g_assert_cmpfloat (ms_blueprint_get_height (bp, 255, 1), ==, height_at (255, 1));
  g_clear_object (&bp);

  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "legacy.dat");

  written = read_file (path);
  sections = walk (written);
  tags = tag_list (sections);
  g_assert_cmpstr (tags, ==, "PRMS HGTS BIOM TOWN RDHW RDBR RDRG RDTL");

  bp = load_path (path);
  g_assert_cmpint (ms_blueprint_get_format (bp), ==, MS_BLUEPRINT_FORMAT_V2);
  g_assert_true (ms_blueprint_params_is_sentinel (ms_blueprint_get_params (bp)));
  check_source_content (bp);

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

static void
test_in_place_v2 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) demo = ms_demo_blueprint_generate (256, 3, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "demo.dat", NULL);
  g_autoptr(GBytes) written = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  g_assert_no_error (error);
  write_file (path, demo);
  bp = load_path (path);
  save (bp, path);
  g_clear_object (&bp);

  written = read_file (path);
  g_assert_true (g_bytes_equal (written, demo));

  ms_test_remove_tree (dir);
}

static void
test_missing_folder (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *in = g_build_filename (dir, "in.dat", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", NULL);
  g_autofree char *out = g_build_filename (missing, "out.dat", NULL);
  g_autoptr(GBytes) source = encode_v1 ();
  g_autoptr(GError) error = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  write_file (in, source);
  bp = load_path (in);

  g_assert_false (ms_blueprint_save_v2 (bp, out, NULL, MS_SAVE_FLAGS_NONE, NULL, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_IO_ERROR);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "in.dat");

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint/writer/v1-to-v2", test_v1_to_v2);
  g_test_add_func ("/blueprint/writer/v2-identity", test_v2_identity);
  g_test_add_func ("/blueprint/writer/unknown-sections", test_unknown_sections);
  g_test_add_func ("/blueprint/writer/in-place-v1", test_in_place_v1);
  g_test_add_func ("/blueprint/writer/in-place-v2", test_in_place_v2);
  g_test_add_func ("/blueprint/writer/missing-folder", test_missing_folder);
  return g_test_run ();
}
