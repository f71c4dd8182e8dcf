/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The legacy v1 reader (docs/BLUEPRINT_FORMAT.md, "v1 legacy summary").  Every
 * input is built here by a test-side v1 encoder from values chosen by formula,
 * and what the model returns is compared with those formulas.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-test-util.h"

#define SIZE 256
#define N_BIOMES 12  /* data/default.profile */
#define N_TIERS 4

/* Asymmetric in x and y so that a swapped axis fails. */
static float
height_at (guint x,
           guint y)
{
  return (float) x * 0.001f + (float) y * 0.25f;
}

static gint32
biome_at (guint x,
          guint y)
{
  return (gint32) ((x * 7 + y * 3 + x / 16) % N_BIOMES);
}

typedef struct
{
  float  x;
  float  y;
  gint32 tier;
} V1Town;

static const V1Town towns[] = {
  { 10.5f, 200.25f, 0 },
  { 128.0f, 3.75f, 3 },
  { 250.125f, 17.0f, 1 },
  { 0.0f, 255.5f, 2 },
};

/* Per tier: how many paths, and path p of tier t has n_points (t, p) points,
 * each given by point_at(). Rugged has no paths at all; Trail has an empty
 * path in the middle. */
static const guint n_paths[4] = { 2, 3, 0, 3 };

static guint
n_points (guint tier,
          guint path)
{
  if (tier == 3 && path == 1)
    return 0;
  return path + 2 + tier;
}

static void
point_at (guint  tier,
          guint  path,
          guint  j,
          float *x,
          float *y)
{
  *x = (float) (tier * 60 + path * 10) + (float) j * 0.5f;
  *y = 255.0f - (float) j * 1.25f - (float) tier;
}

/* Where each part of an encoded v1 file starts, for truncation cases. */
typedef struct
{
  gsize map_size;
  gsize grid;
  gsize town_count;
  gsize towns;
  gsize roads[4];
  gsize end;
} V1Layout;

typedef struct
{
  const char *header;
  gint32      map_size;       /* written as MapSize; the grid is always SIZE² */
  guint       bad_x, bad_y;   /* pixel whose biome is replaced by bad_biome */
  gboolean    has_bad_biome;
  gint32      bad_biome;
  gint32      bad_tier;       /* replaces the tier of town 1 when has_bad_tier */
  gboolean    has_bad_tier;
  gsize       trailing;       /* extra bytes after the Trail block */
} V1Options;

static void
v1_options_init (V1Options *o)
{
  memset (o, 0, sizeof *o);
  o->header = "ISLA_V1";
  o->map_size = SIZE;
}

static GBytes *
encode_v1 (const V1Options *o,
           V1Layout        *layout)
{
  GByteArray *a = g_byte_array_new ();
  V1Layout l;

  ms_test_put_string (a, o->header);
  l.map_size = a->len;
  ms_test_put_u32 (a, (guint32) o->map_size);
  l.grid = a->len;
  for (guint x = 0; x < SIZE; x++)
    for (guint y = 0; y < SIZE; y++)
      {
        gint32 biome = biome_at (x, y);

        if (o->has_bad_biome && x == o->bad_x && y == o->bad_y)
          biome = o->bad_biome;
        ms_test_put_f32 (a, height_at (x, y));
        ms_test_put_u32 (a, (guint32) biome);
      }

  l.town_count = a->len;
  ms_test_put_u32 (a, G_N_ELEMENTS (towns));
  l.towns = a->len;
  for (guint i = 0; i < G_N_ELEMENTS (towns); i++)
    {
      ms_test_put_f32 (a, towns[i].x);
      ms_test_put_f32 (a, towns[i].y);
      ms_test_put_u32 (a, (guint32) (o->has_bad_tier && i == 1 ? o->bad_tier : towns[i].tier));
    }

  for (guint t = 0; t < 4; t++)
    {
      l.roads[t] = a->len;
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
  l.end = a->len;

  for (gsize i = 0; i < o->trailing; i++)
    ms_test_put_u8 (a, (guint8) (0xa5 ^ i));

  if (layout)
    *layout = l;
  return g_byte_array_free_to_bytes (a);
}

static GBytes *
encode_default (V1Layout *layout)
{
  V1Options o;

  v1_options_init (&o);
  return encode_v1 (&o, layout);
}

static gboolean
has_warning_containing (MsBlueprint *bp,
                        const char  *needle)
{
  const char * const *warnings = ms_blueprint_get_warnings (bp);

  for (guint i = 0; warnings[i] != NULL; i++)
    {
      g_autofree char *lower = g_ascii_strdown (warnings[i], -1);
      if (strstr (lower, needle) != NULL)
        return TRUE;
    }
  return FALSE;
}

static guint
count_warnings (MsBlueprint *bp)
{
  const char * const *warnings = ms_blueprint_get_warnings (bp);
  guint n = 0;

  while (warnings[n] != NULL)
    n++;
  return n;
}

/* Everything a valid default file must show through the public API. */
static void
check_valid_blueprint (MsBlueprint *bp)
{
  guint n_sections = 99, n_towns = 0;
  const MsTown *got_towns;
  g_autofree float *column = g_new (float, SIZE);
  g_autofree guint8 *biomes = g_new (guint8, SIZE);
  static const guint corners[][2] = {
    { 0, 0 }, { 255, 0 }, { 0, 255 }, { 255, 255 }, { 1, 0 }, { 0, 1 }, { 17, 200 }, { 200, 17 },
  };

  g_assert_cmpint (ms_blueprint_get_format (bp), ==, MS_BLUEPRINT_FORMAT_V1);
  g_assert_cmpuint (ms_blueprint_get_version (bp), ==, 1);
  g_assert_cmpuint (ms_blueprint_get_map_size (bp), ==, SIZE);
  g_assert_null (ms_blueprint_get_params (bp));
  ms_blueprint_get_sections (bp, &n_sections);
  g_assert_cmpuint (n_sections, ==, 0);
  g_assert_null (ms_blueprint_find_section (bp, MS_SECTION_HGTS));

  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      guint x = corners[i][0], y = corners[i][1];

      g_assert_cmpfloat (ms_blueprint_get_height (bp, x, y), ==, height_at (x, y));
      g_assert_cmpuint (ms_blueprint_get_biome (bp, x, y), ==, (guint) biome_at (x, y));
    }

  /* Every pixel, through the column readers. */
  for (guint x = 0; x < SIZE; x++)
    {
      ms_blueprint_read_heights (bp, x, 0, SIZE, column);
      ms_blueprint_read_biomes (bp, x, 0, SIZE, biomes);
      for (guint y = 0; y < SIZE; y++)
        {
          if (column[y] != height_at (x, y) || biomes[y] != (guint8) biome_at (x, y))
            g_error ("pixel (%u, %u): height %g biome %u, expected %g and %d",
                     x, y, column[y], biomes[y], height_at (x, y), biome_at (x, y));
        }
    }

  /* A run that starts inside a column. */
  ms_blueprint_read_heights (bp, 255, 250, 6, column);
  ms_blueprint_read_biomes (bp, 3, 100, 5, biomes);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpfloat (column[i], ==, height_at (255, 250 + i));
  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (biomes[i], ==, (guint) biome_at (3, 100 + i));

  g_assert_true (ms_blueprint_has_towns (bp));
  got_towns = ms_blueprint_get_towns (bp, &n_towns);
  g_assert_cmpuint (n_towns, ==, G_N_ELEMENTS (towns));
  for (guint i = 0; i < n_towns; i++)
    {
      g_assert_cmpfloat (got_towns[i].x, ==, towns[i].x);
      g_assert_cmpfloat (got_towns[i].y, ==, towns[i].y);
      g_assert_cmpuint (got_towns[i].tier, ==, (guint) towns[i].tier);
      g_assert_false (got_towns[i].highway_node);
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

  /* v1 has no water, curve or water table. */
  g_assert_false (ms_blueprint_has_water (bp));
  g_assert_false (ms_blueprint_has_water_surface (bp));
  g_assert_false (ms_blueprint_has_water_table (bp));
  g_assert_null (ms_blueprint_get_curve (bp));
  g_assert_cmpuint (ms_blueprint_get_water_id (bp, 0, 0), ==, 0);
  g_assert_cmpuint (ms_blueprint_get_water_id (bp, 255, 17), ==, 0);
  g_assert_cmpuint (ms_blueprint_get_water_surface (bp, 17, 255), ==, 0);

  g_assert_true (has_warning_containing (bp, "deprecat"));
}

static void
test_valid_bytes (void)
{
  g_autoptr(GBytes) bytes = encode_default (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  /* The layout the spec gives: 8-byte string, 4-byte MapSize, 8·MapSize². */
  g_assert_cmpuint (g_bytes_get_size (bytes), >, 8 + 4 + 8 * SIZE * SIZE);

  bp = ms_blueprint_new_for_bytes (bytes, "legacy.dat", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bp);
  check_valid_blueprint (bp);
  /* Nothing is wrong with this file but its age. */
  g_assert_cmpuint (count_warnings (bp), ==, 1);
}

static void
test_valid_path (void)
{
  g_autoptr(GBytes) bytes = encode_default (NULL);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_77_v1.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), &error));
  g_assert_no_error (error);

  bp = ms_blueprint_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bp);
  check_valid_blueprint (bp);

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

/* Loads @bytes cut to @length and expects a blueprint error whose message
 * names the file and an offset. */
static void
expect_truncated (GBytes     *bytes,
                  gsize       length,
                  const char *what)
{
  g_autoptr(GBytes) cut = g_bytes_new_from_bytes (bytes, 0, length);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (cut, "cut-short.dat", NULL, &error);
  const char *offset;

  if (g_test_verbose ())
    g_test_message ("%s (%" G_GSIZE_FORMAT " bytes): %s", what, length,
                    error ? error->message : "(no error)");
  if (bp != NULL)
    g_error ("%s: a file cut to %" G_GSIZE_FORMAT " bytes loaded", what, length);
  g_assert_nonnull (error);
  g_assert_true (error->domain == MS_BLUEPRINT_ERROR);
  if (error->code != MS_BLUEPRINT_ERROR_TRUNCATED && error->code != MS_BLUEPRINT_ERROR_BAD_VALUE)
    {
      /* Not fatal: report every cut that is misclassified, then the rest. */
      g_test_fail_printf ("%s: expected TRUNCATED or BAD_VALUE, got code %d: %s",
                          what, error->code, error->message);
      return;
    }
  g_assert_nonnull (strstr (error->message, "cut-short.dat"));
  offset = strstr (error->message, "offset ");
  g_assert_nonnull (offset);
  /* The offset named is one inside the file that was read. */
  g_assert_cmpuint (g_ascii_strtoull (offset + strlen ("offset "), NULL, 10), <=, length);
}

static void
test_truncated_header (void)
{
  g_autoptr(GBytes) bytes = encode_default (NULL);

  /* The prefix byte alone, then inside "ISLA_V1". */
  expect_truncated (bytes, 1, "header string, prefix only");
  expect_truncated (bytes, 4, "header string, 3 of 7 characters");
  expect_truncated (bytes, 7, "header string, 6 of 7 characters");
}

static void
test_truncated_body (void)
{
  V1Layout l;
  g_autoptr(GBytes) bytes = encode_default (&l);

  g_assert_cmpuint (l.map_size, ==, 8);
  g_assert_cmpuint (l.grid, ==, 12);

  expect_truncated (bytes, l.map_size, "MapSize, absent");
  expect_truncated (bytes, l.map_size + 2, "MapSize, half");
  expect_truncated (bytes, l.grid, "grid, absent");
  expect_truncated (bytes, l.grid + 8 * 1000 + 3, "grid, inside a record");
  expect_truncated (bytes, l.town_count - 4, "grid, last biome missing");
  expect_truncated (bytes, l.town_count, "town count, absent");
  expect_truncated (bytes, l.town_count + 1, "town count, partial");
  expect_truncated (bytes, l.towns + 12 + 5, "second town");
  expect_truncated (bytes, l.roads[0] - 1, "last town's tier");

  for (guint t = 0; t < 4; t++)
    {
      g_autofree char *absent = g_strdup_printf ("road block %u, absent", t);
      g_autofree char *count = g_strdup_printf ("road block %u, path count", t);

      expect_truncated (bytes, l.roads[t], absent);
      expect_truncated (bytes, l.roads[t] + 3, count);
      if (n_paths[t] > 0)
        {
          g_autofree char *points = g_strdup_printf ("road block %u, first path's points", t);
          g_autofree char *pcount = g_strdup_printf ("road block %u, first point count", t);
          gsize next = t + 1 < 4 ? l.roads[t + 1] : l.end;

          expect_truncated (bytes, l.roads[t] + 4 + 2, pcount);
          expect_truncated (bytes, l.roads[t] + 4 + 4 + 8 + 3, points);
          expect_truncated (bytes, next - 1, "the block's last byte");
        }
    }
}

static void
expect_error (const V1Options *o,
              int              code,
              const char      *message_part)
{
  g_autoptr(GBytes) bytes = encode_v1 (o, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "bad-value.dat", NULL, &error);

  g_assert_null (bp);
  g_assert_error (error, MS_BLUEPRINT_ERROR, code);
  g_assert_nonnull (strstr (error->message, "bad-value.dat"));
  if (message_part != NULL && strstr (error->message, message_part) == NULL)
    g_error ("expected “%s” in: %s", message_part, error->message);
}

/* A file with one bad value: the options that differ from a valid file's
 * (a NULL header and a map size of 0 keep the valid ones), the error code,
 * and words the message must hold besides the file's name (NULL: none). */
typedef struct
{
  const char *name;
  const char *header;
  gint32      map_size;
  gboolean    has_bad_biome;
  guint       bad_x, bad_y;
  gint32      bad_biome;
  gboolean    has_bad_tier;
  gint32      bad_tier;
  int         code;
  const char *message_part;
} BadValue;

/* Biome pixels asymmetric, so a swapped x/y in the message fails; 0x100
 * would pass if only the low byte were checked. */
static const BadValue bad_values[] = {
  { "header-v2", .header = "ISLA_V2", .code = MS_BLUEPRINT_ERROR_BAD_MAGIC },
  { "header-lower-case", .header = "isla_v1", .code = MS_BLUEPRINT_ERROR_BAD_MAGIC },
  { "map-size-255", .map_size = 255, .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "255" },
  { "map-size-32769", .map_size = 32769, .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "32769" },
  { "map-size-negative", .map_size = -256, .code = MS_BLUEPRINT_ERROR_BAD_VALUE },
  { "biome-past-last", .has_bad_biome = TRUE, .bad_x = 37, .bad_y = 201, .bad_biome = N_BIOMES,
    .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "x=37, y=201" },
  { "biome-negative", .has_bad_biome = TRUE, .bad_x = 250, .bad_y = 5, .bad_biome = -1,
    .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "x=250, y=5" },
  { "biome-high-byte", .has_bad_biome = TRUE, .bad_x = 255, .bad_y = 255, .bad_biome = 0x100,
    .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "x=255, y=255" },
  { "tier-past-last", .has_bad_tier = TRUE, .bad_tier = N_TIERS,
    .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "offset" },
  { "tier-negative", .has_bad_tier = TRUE, .bad_tier = -1,
    .code = MS_BLUEPRINT_ERROR_BAD_VALUE, .message_part = "offset" },
};

static void
test_bad_value (gconstpointer data)
{
  const BadValue *row = data;
  V1Options o;

  v1_options_init (&o);
  if (row->header != NULL)
    o.header = row->header;
  if (row->map_size != 0)
    o.map_size = row->map_size;
  o.has_bad_biome = row->has_bad_biome;
  o.bad_x = row->bad_x;
  o.bad_y = row->bad_y;
  o.bad_biome = row->bad_biome;
  o.has_bad_tier = row->has_bad_tier;
  o.bad_tier = row->bad_tier;
  expect_error (&o, row->code, row->message_part);
}

/* The largest valid biome ordinal is fine. */
static void
test_max_biome (void)
{
  V1Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  v1_options_init (&o);
  o.has_bad_biome = TRUE;
  o.bad_x = 3;
  o.bad_y = 4;
  o.bad_biome = N_BIOMES - 1;
  bytes = encode_v1 (&o, NULL);
  bp = ms_blueprint_new_for_bytes (bytes, "max-biome.dat", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_blueprint_get_biome (bp, 3, 4), ==, N_BIOMES - 1);
  g_assert_cmpuint (ms_blueprint_get_biome (bp, 4, 3), ==, (guint) biome_at (4, 3));
}

static void
test_trailing_bytes (void)
{
  V1Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  v1_options_init (&o);
  o.trailing = 5;
  bytes = encode_v1 (&o, NULL);
  bp = ms_blueprint_new_for_bytes (bytes, "trailing.dat", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bp);
  check_valid_blueprint (bp);
  g_assert_cmpuint (count_warnings (bp), ==, 2);
  g_assert_true (has_warning_containing (bp, "5 bytes"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint/v1/valid-bytes", test_valid_bytes);
  g_test_add_func ("/blueprint/v1/valid-path", test_valid_path);
  g_test_add_func ("/blueprint/v1/truncated-header", test_truncated_header);
  g_test_add_func ("/blueprint/v1/truncated-body", test_truncated_body);
  for (guint i = 0; i < G_N_ELEMENTS (bad_values); i++)
    {
      g_autofree char *path = g_strdup_printf ("/blueprint/v1/error/%s", bad_values[i].name);

      g_test_add_data_func (path, &bad_values[i], test_bad_value);
    }
  g_test_add_func ("/blueprint/v1/max-biome", test_max_biome);
  g_test_add_func ("/blueprint/v1/trailing-bytes", test_trailing_bytes);
  return g_test_run ();
}
