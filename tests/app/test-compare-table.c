/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The comparison's table of figures (widgets/ms-diff-table.c) in the
 * comparison window: the statistics against figures the test reads from
 * the files' raw bytes, every row against `mapsmith-cli diff --json` for
 * the same two files, a pair of maps worked by hand, and every figure of
 * `diff --json` found in the table (two maps, one with NaN heights).
 *
 * MS_TEST_SCREENSHOT_DIR=dir saves `import -window root` shots there.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-demo-blueprint.h"
#include "ms-profile.h"
#include "ms-test-compare.h"

/* ---------------------------------------------------------- statistics --- */

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

typedef struct
{
  guint   towns_by_tier[16];
  guint64 water_pixels;
} RawFigures;

/* From the file's bytes, without the reader: TOWN is a u32 count and
 * 10-byte records (x f32, y f32, tier u8, highway u8); WBID one
 * little-endian u16 per pixel, nonzero for water. */
static void
raw_figures (GBytes     *bytes,
             RawFigures *out)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  g_autoptr(GArray) sections = ms_test_walk_sections (data, length);
  const MsTestSection *town = ms_test_find (sections, "TOWN");
  const MsTestSection *wbid = ms_test_find (sections, "WBID");
  const guint8 *p;
  guint32 count;

  memset (out, 0, sizeof *out);
  g_assert_nonnull (town);
  g_assert_nonnull (wbid);
  p = data + town->offset + 12;
  count = get_u32 (p);
  for (guint i = 0; i < count; i++)
    {
      guint8 tier = p[4 + 10 * i + 8];
      g_assert_cmpuint (tier, <, G_N_ELEMENTS (out->towns_by_tier));
      out->towns_by_tier[tier]++;
    }
  p = data + wbid->offset + 12;
  for (gsize i = 0; i + 1 < wbid->length; i += 2)
    if (p[i] != 0 || p[i + 1] != 0)
      out->water_pixels++;
}

static void
assert_row (MsCompareWindow *window,
            const char      *key,
            guint64          a,
            guint64          b)
{
  g_autofree char *ta = g_strdup_printf ("%" G_GUINT64_FORMAT, a);
  g_autofree char *tb = g_strdup_printf ("%" G_GUINT64_FORMAT, b);
  GtkLabel *ca = ms_compare_window_get_cell (window, key, 0);
  GtkLabel *cb = ms_compare_window_get_cell (window, key, 1);
  GtkLabel *cd = ms_compare_window_get_cell (window, key, 2);

  g_assert_nonnull (ca);
  g_assert_cmpstr (gtk_label_get_text (ca), ==, ta);
  g_assert_cmpstr (gtk_label_get_text (cb), ==, tb);
  g_assert_cmpint (gtk_widget_has_css_class (GTK_WIDGET (cd), "warning"), ==, a != b);
  g_assert_cmpint (gtk_widget_has_css_class (GTK_WIDGET (ca), "warning"), ==, a != b);
  if (a == b)
    g_assert_cmpstr (gtk_label_get_text (cd), ==, "0");
}

static void
test_statistics (void)
{
  g_autoptr(GBytes) bytes_a = NULL;
  g_autoptr(GBytes) bytes_b = NULL;
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 1, &bytes_a);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 2, &bytes_b);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  MsProfile *profile = ms_blueprint_get_profile (a);
  RawFigures fa, fb;
  guint differing_tiers = 0;

  raw_figures (bytes_a, &fa);
  raw_figures (bytes_b, &fb);

  for (guint t = 0; t < ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS); t++)
    {
      g_autofree char *key = g_strdup_printf ("towns:%s", ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, t));

      assert_row (window, key, fa.towns_by_tier[t], fb.towns_by_tier[t]);
      differing_tiers += fa.towns_by_tier[t] != fb.towns_by_tier[t];
    }
  assert_row (window, "water-pixels", fa.water_pixels, fb.water_pixels);
  /* Two seeds: the water differs, and so does some tier (else the test
   * would not see a marked row). */
  g_assert_cmpuint (fa.water_pixels, !=, fb.water_pixels);
  g_assert_cmpuint (differing_tiers, >, 0);

  /* Same size, different seeds. */
  assert_row (window, "size", 256, 256);
  g_assert_cmpstr (gtk_label_get_text (ms_compare_window_get_cell (window, "seed", 0)), ==, "1");
  g_assert_cmpstr (gtk_label_get_text (ms_compare_window_get_cell (window, "seed", 1)), ==, "2");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (ms_compare_window_get_cell (window, "seed", 2)),
                                           "warning"));
  g_assert_null (ms_compare_window_get_cell (window, "no-such-row", 0));

  ms_test_screenshot ("compare-statistics.png", 500);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------ the table and diff --json --- */

static const char *
cell_text (MsCompareWindow *window,
           const char      *key,
           guint            column)
{
  GtkLabel *cell = ms_compare_window_get_cell (window, key, column);

  if (cell == NULL)
    g_error ("No row “%s” in the table", key);
  return gtk_label_get_text (cell);
}

/* A row as the test expects it: A, B, B − A and the mark exactly when A's
 * text and B's differ. */
static void
assert_texts (MsCompareWindow *window,
              const char      *key,
              const char      *ta,
              const char      *tb,
              const char      *td)
{
  gboolean differs = g_strcmp0 (ta, tb) != 0;

  g_assert_cmpstr (cell_text (window, key, 0), ==, ta);
  g_assert_cmpstr (cell_text (window, key, 1), ==, tb);
  g_assert_cmpstr (cell_text (window, key, 2), ==, td);
  for (guint c = 0; c < 3; c++)
    g_assert_cmpint (gtk_widget_has_css_class (GTK_WIDGET (ms_compare_window_get_cell (window, key, c)), "warning"),
                     ==, differs);
}

static char *
signed_count (gint64 d)
{
  if (d == 0)
    return g_strdup ("0");
  return g_strdup_printf ("%s%" G_GINT64_FORMAT, d > 0 ? "+" : "−", d > 0 ? d : -d);
}

static void
assert_counts (MsCompareWindow *window,
               const char      *key,
               gint64           a,
               gint64           b)
{
  g_autofree char *ta = g_strdup_printf ("%" G_GINT64_FORMAT, a);
  g_autofree char *tb = g_strdup_printf ("%" G_GINT64_FORMAT, b);
  g_autofree char *td = signed_count (b - a);

  assert_texts (window, key, ta, tb, td);
}

/* As the table writes a real: U+2212 for a minus sign. */
static char *
real_text (double      value,
           int         digits,
           const char *unit)
{
  return g_strdup_printf ("%s%.*f%s%s", value < 0 || (value == 0 && signbit (value)) ? "−" : "",
                          digits, fabs (value), unit != NULL ? " " : "", unit != NULL ? unit : "");
}

/* @unit NULL: a bare number. */
static void
assert_reals (MsCompareWindow *window,
              const char      *key,
              double           a,
              double           b,
              int              digits,
              const char      *unit)
{
  const char *sep = unit != NULL ? " " : "", *u = unit != NULL ? unit : "";
  g_autofree char *ta = real_text (a, digits, unit);
  g_autofree char *tb = real_text (b, digits, unit);
  g_autofree char *td = g_strcmp0 (ta, tb) == 0
    ? g_strdup ("0")
    : g_strdup_printf ("%s%.*f%s%s", b >= a ? "+" : "−", digits, fabs (b - a), sep, u);

  assert_texts (window, key, ta, tb, td);
}

static gint64
int_at (JsonObject *o,
        const char *member)
{
  g_assert_true (json_object_has_member (o, member));
  return json_object_get_int_member (o, member);
}

static double
real_at (JsonObject *o,
         const char *member)
{
  g_assert_true (json_object_has_member (o, member));
  return json_object_get_double_member (o, member);
}

static char *
write_blueprint (const char *dir,
                 const char *name,
                 GBytes     *bytes)
{
  ms_test_put_file (dir, name, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  return g_build_filename (dir, name, NULL);
}

static MsBlueprint *
open_path (const char *path)
{
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp = ms_blueprint_new_for_path (path, NULL, &error);

  g_assert_no_error (error);
  return bp;
}

/* The case: a 512 demo against a 1024 map of another seed.  Every
 * figure of the table is the one `mapsmith-cli diff --json` prints for the
 * same two files; the signs of B − A come from the two numbers (and for
 * water from gained − lost, a second route). */
static void
test_table_matches_cli (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes_a = ms_demo_blueprint_generate (512, 42, &error);
  g_autoptr(GBytes) bytes_b = ms_demo_blueprint_generate (1024, 7, &error);
  g_autofree char *path_a = write_blueprint (dir, "MapData_Seed_42.dat", bytes_a);
  g_autofree char *path_b = write_blueprint (dir, "MapData_Seed_7.dat", bytes_b);
  g_auto(MsTestRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(MsBlueprint) a = open_path (path_a);
  g_autoptr(MsBlueprint) b = open_path (path_b);
  MsProfile *profile = ms_blueprint_get_profile (a);
  MsCompareWindow *window;
  JsonObject *root, *height, *counts, *water, *towns, *roads;
  JsonArray *counts_a, *counts_b, *towns_a, *towns_b;
  gint64 all_a = 0, all_b = 0, biome_rows = 0, net = 0;

  g_assert_no_error (error);
  ms_test_run_cli (&run, "diff", "--json", path_a, path_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = ms_test_parse_json (run.out, parser);
  g_assert_true (json_object_get_boolean_member (root, "normalised"));
  g_assert_cmpint (int_at (root, "grid_size"), ==, 1024);

  window = ms_test_compare_open (a, b);
  g_assert_cmpstr (cell_text (window, "seed", 0), ==, "42");
  g_assert_cmpstr (cell_text (window, "seed", 1), ==, "7");
  assert_counts (window, "size", 512, 1024);

  height = json_object_get_object_member (root, "height");
  assert_reals (window, "height-min", real_at (json_object_get_object_member (height, "a"), "min"),
                real_at (json_object_get_object_member (height, "b"), "min"), 4, NULL);
  assert_reals (window, "height-max", real_at (json_object_get_object_member (height, "a"), "max"),
                real_at (json_object_get_object_member (height, "b"), "max"), 4, NULL);
  assert_reals (window, "height-mean", real_at (json_object_get_object_member (height, "a"), "mean"),
                real_at (json_object_get_object_member (height, "b"), "mean"), 4, NULL);

  counts = json_object_get_object_member (root, "biome_counts");
  counts_a = json_object_get_array_member (counts, "a");
  counts_b = json_object_get_array_member (counts, "b");
  g_assert_cmpuint (json_array_get_length (counts_a), ==, ms_profile_get_count (profile, MS_PROFILE_BIOMES));
  for (guint i = 0; i < json_array_get_length (counts_a); i++)
    {
      g_autofree char *key = g_strdup_printf ("biome:%s", ms_profile_get_label (profile, MS_PROFILE_BIOMES, i));
      gint64 ca = json_array_get_int_element (counts_a, i), cb = json_array_get_int_element (counts_b, i);

      if (ca == 0 && cb == 0)
        {
          g_assert_null (ms_compare_window_get_cell (window, key, 0));
          continue;
        }
      assert_counts (window, key, ca, cb);
      biome_rows++;
      net += cb - ca;
      all_a += ca;
    }
  /* Both on the one grid: the counts cover it, so the changes cancel. */
  g_assert_cmpint (biome_rows, >, 3);
  g_assert_cmpint (all_a, ==, 1024 * 1024);
  g_assert_cmpint (net, ==, 0);

  water = json_object_get_object_member (root, "water");
  assert_counts (window, "water-bodies", int_at (water, "bodies_a"), int_at (water, "bodies_b"));
  assert_counts (window, "lakes", int_at (water, "lakes_a"), int_at (water, "lakes_b"));
  assert_counts (window, "water-pixels", int_at (water, "pixels_a"), int_at (water, "pixels_b"));
  {
    g_autofree char *net_water = signed_count (int_at (water, "gained") - int_at (water, "lost"));

    g_assert_cmpstr (cell_text (window, "water-pixels", 2), ==, net_water);
  }

  towns = json_object_get_object_member (root, "towns");
  towns_a = json_object_get_array_member (towns, "a");
  towns_b = json_object_get_array_member (towns, "b");
  all_a = 0;
  for (guint t = 0; t < json_array_get_length (towns_a); t++)
    {
      g_autofree char *key = g_strdup_printf ("towns:%s", ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, t));

      assert_counts (window, key, json_array_get_int_element (towns_a, t), json_array_get_int_element (towns_b, t));
      all_a += json_array_get_int_element (towns_a, t);
      all_b += json_array_get_int_element (towns_b, t);
    }
  assert_counts (window, "towns", all_a, all_b);

  roads = json_object_get_object_member (root, "roads");
  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    {
      const char *tier = ms_road_tier_to_key (t);
      JsonObject *ra = json_object_get_object_member (json_object_get_object_member (roads, tier), "a");
      JsonObject *rb = json_object_get_object_member (json_object_get_object_member (roads, tier), "b");
      g_autofree char *paths_key = g_strdup_printf ("roads:%s:paths", tier);
      g_autofree char *length_key = g_strdup_printf ("roads:%s:length", tier);

      assert_counts (window, paths_key, int_at (ra, "paths"), int_at (rb, "paths"));
      assert_reals (window, length_key, real_at (ra, "length_m"), real_at (rb, "length_m"), 0, "m");
    }

  {
    g_autofree char *changed = g_strdup_printf ("%" G_GINT64_FORMAT, int_at (root, "biome_changed"));
    g_autofree char *gained = g_strdup_printf ("%" G_GINT64_FORMAT, int_at (water, "gained"));
    g_autofree char *lost = g_strdup_printf ("%" G_GINT64_FORMAT, int_at (water, "lost"));
    g_autofree char *dmin = real_text (real_at (height, "min"), 4, NULL);
    g_autofree char *dmax = real_text (real_at (height, "max"), 4, NULL);
    g_autofree char *dmean = real_text (real_at (height, "mean_abs"), 4, NULL);

    g_assert_cmpstr (cell_text (window, "changed:biome", 2), ==, changed);
    g_assert_cmpstr (cell_text (window, "changed:water-gained", 2), ==, gained);
    g_assert_cmpstr (cell_text (window, "changed:water-lost", 2), ==, lost);
    g_assert_cmpstr (cell_text (window, "changed:height-min", 2), ==, dmin);
    g_assert_cmpstr (cell_text (window, "changed:height-max", 2), ==, dmax);
    g_assert_cmpstr (cell_text (window, "changed:height-mean-abs", 2), ==, dmean);
  }

  ms_test_screenshot ("compare-table-two-sizes.png", 500);
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static void
test_table_hand_worked (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_tiny (256);
  g_autoptr(MsBlueprint) b = ms_test_compare_tiny (512);
  MsCompareWindow *window = ms_test_compare_open (a, b);

  assert_texts (window, "size", "256", "512", "+256");
  assert_texts (window, "biome:Lake", "8192", "4096", "−4096");
  assert_texts (window, "biome:Grassland", "253952", "258048", "+4096");
  g_assert_null (ms_compare_window_get_cell (window, "biome:Ocean", 0));
  assert_texts (window, "water-pixels", "8192", "4096", "−4096");
  g_assert_cmpstr (cell_text (window, "changed:water-lost", 2), ==, "4096");
  g_assert_cmpstr (cell_text (window, "changed:water-gained", 2), ==, "0");
  assert_texts (window, "roads:highway:length", "1600 m", "1600 m", "0");
  assert_texts (window, "roads:highway:paths", "1", "1", "0");
  assert_texts (window, "roads:trail:length", "0 m", "0 m", "0");
  assert_texts (window, "height-min", "0.2500", "0.2500", "0");
  assert_texts (window, "height-max", "0.2500", "0.5000", "+0.2500");
  assert_texts (window, "height-mean", "0.2500", "0.3750", "+0.1250");
  g_assert_cmpstr (cell_text (window, "changed:height-max", 2), ==, "0.2500");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------ every figure, NaN heights --- */

/* A 256 map for /compare-window/every-figure, from the test-side encoder:
 * A (@b FALSE): height 0.25 but NaN at x 10..12, y 20..22 (9 pixels); Lake
 *   (biome 1, no WBID: water by biome) at x < 8, Grassland (4) the rest; a
 *   highway (0, 0)–(30, 40)–(30, 50): 3 points, 50 + 10 = 60 px.
 * B: height 0.5 at x < 128, else 0.25; Lake at x < 16; a highway
 *   (0, 0)–(30, 40): 2 points, 50 px.  Seeds 3 and 4. */
static GBytes *
every_figure_map (gboolean b)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();

  ms_test_put_v2_head (a, b ? 4 : 3, 256);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      {
        gboolean hole = !b && x >= 10 && x <= 12 && y >= 20 && y <= 22;

        ms_test_put_f32 (p, hole ? NAN : b && x < 128 ? 0.5f : 0.25f);
      }
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      ms_test_put_u8 (p, x < (b ? 16u : 8u) ? 1 : 4);
  ms_test_put_section (a, "BIOM", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, 1);
  ms_test_put_u32 (p, b ? 2 : 3);
  ms_test_put_f32 (p, 0);
  ms_test_put_f32 (p, 0);
  ms_test_put_f32 (p, 30);
  ms_test_put_f32 (p, 40);
  if (!b)
    {
      ms_test_put_f32 (p, 30);
      ms_test_put_f32 (p, 50);
    }
  ms_test_put_section (a, "RDHW", p->data, p->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&a));
}

/* The table's row and column for a figure of `diff --json`, by its path
 * ("height.a.finite", "biome_counts.b.3", "roads.trail.a.length_own");
 * NULL for a figure the table leaves out by design (a biome neither map
 * has, a transition that did not happen: zeros). */
static char *
row_for_figure (MsProfile  *profile,
                const char *path,
                gboolean    normalised,
                gint64      value,
                guint      *column)
{
  g_auto(GStrv) p = g_strsplit (path, ".", -1);
  guint n = g_strv_length (p);
  const char *side = n >= 2 ? p[n - 2] : "";

  *column = g_str_equal (side, "b") ? 1 : g_str_equal (side, "a") ? 0 : 2;
  if (g_str_equal (p[0], "map_size"))
    {
      *column = g_str_equal (p[1], "b");
      return g_strdup ("size");
    }
  if (n == 1)
    {
      if (g_str_equal (p[0], "biome_changed"))
        return g_strdup ("changed:biome");
      return g_strdelimit (g_strdup (p[0]), "_", '-');  /* grid-size, normalised, metres-per-pixel */
    }
  if (g_str_equal (p[0], "height") && n == 2)
    {
      if (g_str_equal (p[1], "mean_abs"))
        return g_strdup ("changed:height-mean-abs");
      return g_strdup_printf ("changed:height-%s", p[1]);
    }
  if (g_str_equal (p[0], "height"))
    return g_strdup_printf ("height-%s", p[2]);
  if (g_str_equal (p[0], "biome_counts") || g_str_equal (p[0], "towns"))
    {
      gboolean biome = p[0][0] == 'b';
      guint i = (guint) g_ascii_strtoull (p[2], NULL, 10);
      const char *label = ms_profile_get_label (profile, biome ? MS_PROFILE_BIOMES : MS_PROFILE_TOWN_TIERS, i);

      *column = g_str_equal (p[1], "b");
      if (biome && value == 0)
        return NULL;  /* checked apart: no row when both are 0 */
      return g_strdup_printf ("%s:%s", biome ? "biome" : "towns", label);
    }
  if (g_str_equal (p[0], "biome_transitions"))
    {
      guint from = (guint) g_ascii_strtoull (p[1], NULL, 10), to = (guint) g_ascii_strtoull (p[2], NULL, 10);

      *column = 2;
      if (value == 0)
        return NULL;
      return g_strdup_printf ("transition:%s:%s", ms_profile_get_label (profile, MS_PROFILE_BIOMES, from),
                              ms_profile_get_label (profile, MS_PROFILE_BIOMES, to));
    }
  if (g_str_equal (p[0], "water"))
    {
      static const char * const keys[][2] = {
        { "bodies", "water-bodies" }, { "lakes", "lakes" }, { "pixels", "water-pixels" },
        { "gained", "changed:water-gained" }, { "lost", "changed:water-lost" },
      };

      *column = g_str_has_suffix (p[1], "_b") ? 1 : g_str_has_suffix (p[1], "_a") ? 0 : 2;
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        if (g_str_has_prefix (p[1], keys[i][0]))
          return g_strdup (keys[i][1]);
      return g_strdup (p[1]);
    }
  if (g_str_equal (p[0], "roads"))
    {
      const char *what = g_str_equal (p[3], "length_m") ? "length"
                         : g_str_equal (p[3], "length_own") ? "length-px"
                         : g_str_equal (p[3], "length") ? (normalised ? "length-grid" : "length-px")
                         : p[3];

      return g_strdup_printf ("roads:%s:%s", p[1], what);
    }
  if (g_str_equal (p[0], "params"))
    {
      static const char * const keys[][2] = {
        { "world_seed", "seed" }, { "map_size", "params:map-size" }, { "crater_radius", "params:crater-radius" },
        { "density_multiplier", "params:density-multiplier" }, { "impact_center_x", "params:impact-x" },
        { "impact_center_y", "params:impact-y" }, { "generated_utc", "params:generated" },
        { "generator_git_hash", "params:git-hash" }, { "sentinel", "params:sentinel" },
      };

      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        if (g_str_equal (p[2], keys[i][0]))
          return g_strdup (keys[i][1]);
    }
  return g_strdup_printf ("(no row for %s)", path);
}

/* Every leaf of @node, with its path; each must have its cell. */
static void
assert_every_figure (MsCompareWindow *window,
                     MsProfile       *profile,
                     JsonNode        *node,
                     const char      *path,
                     gboolean         normalised,
                     guint           *n_figures)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (o);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *sub = *path ? g_strdup_printf ("%s.%s", path, (char *) l->data) : g_strdup (l->data);

          assert_every_figure (window, profile, json_object_get_member (o, l->data), sub, normalised, n_figures);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *sub = g_strdup_printf ("%s.%u", path, i);

          assert_every_figure (window, profile, json_array_get_element (array, i), sub, normalised, n_figures);
        }
    }
  else
    {
      gint64 value = json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node) : 1;
      guint column;
      g_autofree char *key = row_for_figure (profile, path, normalised, value, &column);

      if (key == NULL)
        return;
      if (ms_compare_window_get_cell (window, key, column) == NULL)
        g_error ("`diff --json`'s %s has no cell in the table (row “%s”, column %u)", path, key, column);
      if (column < 2 && *cell_text (window, key, column) == '\0')
        g_error ("`diff --json`'s %s is an empty cell (row “%s”)", path, key);
      ++*n_figures;
    }
}

/* Issue #36, point 7: every figure `diff --json` prints is in the table —
 * a walk over the CLI's JSON finds each one's cell — and those the table
 * left out before (finite counts, skipped, RMS, road points and pixel
 * lengths, the transitions, the grid and the parameters) read what the
 * test works out by hand for a map with 9 NaN heights. */
static void
test_table_every_figure (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GBytes) bytes_a = every_figure_map (FALSE);
  g_autoptr(GBytes) bytes_b = every_figure_map (TRUE);
  g_autofree char *path_a = write_blueprint (dir, "MapData_Seed_3.dat", bytes_a);
  g_autofree char *path_b = write_blueprint (dir, "MapData_Seed_4.dat", bytes_b);
  g_autoptr(MsBlueprint) a = open_path (path_a);
  g_autoptr(MsBlueprint) b = open_path (path_b);
  g_auto(MsTestRun) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  MsProfile *profile = ms_blueprint_get_profile (a);
  MsCompareWindow *window = ms_test_compare_open (a, b);
  /* Δ = 0.25 at x < 128 less the 9 holes, 0 at x >= 128. */
  const double changed = 128.0 * 256.0 - 9.0, compared = 256.0 * 256.0 - 9.0;
  g_autofree char *mean_abs = g_strdup_printf ("%.4f", 0.25 * changed / compared);
  g_autofree char *rms = g_strdup_printf ("%.4f", sqrt (0.0625 * changed / compared));
  guint n_figures = 0;

  ms_test_run_cli (&run, "diff", "--json", path_a, path_b, NULL);
  g_assert_cmpint (run.status, ==, 0);
  ms_test_parse_json (run.out, parser);
  assert_every_figure (window, profile, json_parser_get_root (parser), "", FALSE, &n_figures);
  /* Not a walk that found nothing: the map sizes, 4 height figures a map,
   * 6 of B − A, 5 road figures × 4 tiers × 2 maps, 9 params × 2, … */
  g_assert_cmpuint (n_figures, >, 80);

  assert_texts (window, "grid-size", "", "", "256");
  assert_texts (window, "metres-per-pixel", "", "", "32 m");
  g_assert_cmpstr (cell_text (window, "normalised", 2), ==, "no");
  assert_texts (window, "height-finite", "65527", "65536", "+9");
  assert_texts (window, "height-min", "0.2500", "0.2500", "0");
  assert_texts (window, "height-mean", "0.2500", "0.3750", "+0.1250");
  g_assert_cmpstr (cell_text (window, "changed:height-compared", 2), ==, "65527");
  g_assert_cmpstr (cell_text (window, "changed:height-skipped", 2), ==, "9");
  g_assert_cmpstr (cell_text (window, "changed:height-min", 2), ==, "0.0000");
  g_assert_cmpstr (cell_text (window, "changed:height-max", 2), ==, "0.2500");
  g_assert_cmpstr (cell_text (window, "changed:height-mean-abs", 2), ==, mean_abs);
  g_assert_cmpstr (cell_text (window, "changed:height-rms", 2), ==, rms);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (ms_compare_window_get_cell (window, "changed:height-skipped", 2)),
                                           "warning"));
  assert_texts (window, "biome:Lake", "2048", "4096", "+2048");
  g_assert_cmpstr (cell_text (window, "transition:Grassland:Lake", 2), ==, "2048");
  g_assert_null (ms_compare_window_get_cell (window, "transition:Lake:Grassland", 2));
  assert_texts (window, "water-bodies", "none", "none", "—");
  assert_texts (window, "lakes", "none", "none", "—");
  assert_texts (window, "roads:highway:points", "3", "2", "−1");
  /* 32 m a pixel. */
  assert_texts (window, "roads:highway:length", "1920 m", "1600 m", "−320 m");
  assert_texts (window, "roads:highway:length-px", "60.0", "50.0", "−10.0");
  g_assert_null (ms_compare_window_get_cell (window, "roads:highway:length-grid", 0));
  assert_texts (window, "seed", "3", "4", "≠");
  assert_texts (window, "params:map-size", "256", "256", "=");
  assert_texts (window, "params:crater-radius", "0", "0", "=");
  assert_texts (window, "params:generated", "t", "t", "=");
  assert_texts (window, "params:sentinel", "no", "no", "=");
  assert_texts (window, "params:git-hash", "(empty)", "(empty)", "=");

  ms_test_screenshot ("compare-table-every-figure.png", 500);
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_DATA_HOME", NULL);
  g_test_add_func ("/compare-window/statistics", test_statistics);
  g_test_add_func ("/compare-window/table-matches-cli", test_table_matches_cli);
  g_test_add_func ("/compare-window/table-hand-worked", test_table_hand_worked);
  g_test_add_func ("/compare-window/table-every-figure", test_table_every_figure);
  return ms_test_app_run ();
}
