/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The v2 reader against every rule of docs/BLUEPRINT_FORMAT.md.  Inputs are built
 * by the test's own encoder from formulas, so expectations never come from
 * the code under test.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-test-util.h"

#define N 256

/* Asymmetric in x and y, so a swapped axis cannot pass. */
static float
height_at (guint x, guint y)
{
  return (float) x * 0.001f + (float) y * 0.25f;
}

static guint8
biome_at (guint x, guint y)
{
  return (guint8) ((x * 7 + y) % 12);
}

static guint16
water_at (guint x, guint y)
{
  return x < 16 ? 1 : (x >= 100 && x < 110 && y >= 50 && y < 60) ? 2 : 0;
}

typedef struct
{
  gint32      map_size;         /* PRMS MapSize */
  guint       grid_size;        /* size the grids are encoded with */
  const char *generated_utc;
  const char *git_hash;
  gint32      seed;
  gboolean    sentinel;
  gboolean    no_prms, no_hgts, no_biom, no_town, no_roads, no_water;
  gboolean    hgts_first;       /* HGTS before PRMS */
  gboolean    duplicate_town;
  const char *extra_tag;        /* an extra section after BIOM */
  gsize       extra_length;
  int         town_tier;        /* tier of the second town */
  gint32      town_count_delta; /* lie about the town count */
  int         bad_biome_x, bad_biome_y, bad_biome_value; /* -1 = none */
  int         payload_delta_tag; /* index into tags[] whose payload gains (+1) or loses (-1) a byte */
  int         payload_delta;
} Options;

static void
options_init (Options *o)
{
  memset (o, 0, sizeof *o);
  o->map_size = N;
  o->grid_size = N;
  o->generated_utc = "2026-11-30T12:00:00Z";
  o->git_hash = "abc1234";
  o->seed = 1234;
  o->town_tier = 3;
  o->bad_biome_x = -1;
  o->payload_delta_tag = -1;
}

static void
put_payload (GByteArray *out,
             const char *tag,
             GByteArray *payload,
             const Options *o)
{
  if (o->payload_delta_tag >= 0 && strncmp (tag, (const char *[]) {
        "PRMS", "HGTS", "BIOM", "TOWN", "TCRV", "WBID", "WBTB", "WSRF",
        "RDHW", "RDBR", "RDRG", "RDTL" }[o->payload_delta_tag], 4) == 0)
    {
      if (o->payload_delta > 0)
        ms_test_put_u8 (payload, 0xab);
      else
        g_byte_array_set_size (payload, payload->len - 1);
    }
  ms_test_put_section (out, tag, payload->data, payload->len);
  g_byte_array_set_size (payload, 0);
}

static GBytes *
build (const Options *o)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  guint n = o->grid_size;

  g_byte_array_append (out, (const guint8 *) "ISLA", 4);
  ms_test_put_u32 (out, 2);

  if (o->hgts_first)
    {
      for (guint i = 0; i < n * n; i++)
        ms_test_put_f32 (p, 0.0f);
      put_payload (out, "HGTS", p, o);
    }

  if (!o->no_prms)
    {
      ms_test_put_u32 (p, (guint32) (o->sentinel ? 0 : o->seed));
      ms_test_put_u32 (p, (guint32) o->map_size);
      ms_test_put_f32 (p, o->sentinel ? -1.0f : 40.5f);
      ms_test_put_f32 (p, o->sentinel ? -1.0f : 1.25f);
      ms_test_put_f32 (p, o->sentinel ? -1.0f : 100.0f);
      ms_test_put_f32 (p, o->sentinel ? -1.0f : 120.0f);
      ms_test_put_string (p, o->generated_utc);
      ms_test_put_string (p, o->git_hash);
      put_payload (out, "PRMS", p, o);
    }

  if (!o->no_hgts && !o->hgts_first)
    {
      for (guint x = 0; x < n; x++)
        for (guint y = 0; y < n; y++)
          ms_test_put_f32 (p, height_at (x, y));
      put_payload (out, "HGTS", p, o);
    }

  if (!o->no_biom)
    {
      for (guint x = 0; x < n; x++)
        for (guint y = 0; y < n; y++)
          {
            guint8 b = biome_at (x, y);
            if (water_at (x, y) == 1)
              b = 0;
            else if (water_at (x, y) == 2)
              b = 1;
            if ((int) x == o->bad_biome_x && (int) y == o->bad_biome_y)
              b = (guint8) o->bad_biome_value;
            ms_test_put_u8 (p, b);
          }
      put_payload (out, "BIOM", p, o);
    }

  if (o->extra_tag)
    {
      for (gsize i = 0; i < o->extra_length; i++)
        ms_test_put_u8 (p, (guint8) (i * 31));
      put_payload (out, o->extra_tag, p, o);
    }

  for (guint copy = 0; copy < (o->duplicate_town ? 2u : 1u) && !o->no_town; copy++)
    {
      ms_test_put_u32 (p, (guint32) (2 + o->town_count_delta));
      ms_test_put_f32 (p, 10.5f); ms_test_put_f32 (p, 20.25f); ms_test_put_u8 (p, 0); ms_test_put_u8 (p, 1);
      ms_test_put_f32 (p, 200.0f); ms_test_put_f32 (p, 3.0f); ms_test_put_u8 (p, (guint8) o->town_tier); ms_test_put_u8 (p, 0);
      put_payload (out, "TOWN", p, o);
    }

  ms_test_put_u16 (p, 3);
  for (guint i = 0; i < 12; i++)
    ms_test_put_f32 (p, 0.5f + (float) i);
  put_payload (out, "TCRV", p, o);

  if (!o->no_water)
    {
      for (guint x = 0; x < n; x++)
        for (guint y = 0; y < n; y++)
          ms_test_put_u16 (p, water_at (x, y));
      put_payload (out, "WBID", p, o);

      ms_test_put_u32 (p, 2);
      ms_test_put_u16 (p, 1); ms_test_put_u8 (p, 0); ms_test_put_u8 (p, 1);
      ms_test_put_f32 (p, 0.15f); ms_test_put_u32 (p, 16 * N); ms_test_put_f32 (p, 7.5f); ms_test_put_f32 (p, 127.5f);
      ms_test_put_u16 (p, 2); ms_test_put_u8 (p, 1); ms_test_put_u8 (p, 0);
      ms_test_put_f32 (p, 0.3f); ms_test_put_u32 (p, 100); ms_test_put_f32 (p, 104.5f); ms_test_put_f32 (p, 54.5f);
      put_payload (out, "WBTB", p, o);

      for (guint x = 0; x < n; x++)
        for (guint y = 0; y < n; y++)
          ms_test_put_u16 (p, water_at (x, y) == 0 ? 0 : water_at (x, y) == 1 ? 4916 : 9831);
      put_payload (out, "WSRF", p, o);
    }

  if (!o->no_roads)
    {
      const char *tags[] = { "RDHW", "RDBR", "RDRG", "RDTL" };
      for (guint t = 0; t < 4; t++)
        {
          /* Tier t has t paths; path k has k + 1 points. */
          ms_test_put_u32 (p, t);
          for (guint k = 0; k < t; k++)
            {
              ms_test_put_u32 (p, k + 1);
              for (guint j = 0; j <= k; j++)
                {
                  ms_test_put_f32 (p, (float) (t * 10 + j));
                  ms_test_put_f32 (p, (float) (k * 100 + j));
                }
            }
          put_payload (out, tags[t], p, o);
        }
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static MsBlueprint *
load (GBytes  *bytes,
      GError **error)
{
  return ms_blueprint_new_for_bytes (bytes, "fixture.dat", NULL, error);
}

static void
expect_error (GBytes     *bytes,
              int         code,
              const char *must_contain)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = load (bytes, &error);

  g_assert_null (bp);
  g_assert_error (error, MS_BLUEPRINT_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, "fixture.dat: "));
  g_assert_nonnull (strstr (error->message, "offset "));
  if (must_contain && strstr (error->message, must_contain) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, must_contain);
}

static gboolean
has_warning (MsBlueprint *bp,
             const char  *needle)
{
  for (const char * const *w = ms_blueprint_get_warnings (bp); *w; w++)
    if (strstr (*w, needle))
      return TRUE;
  return FALSE;
}

static void
test_valid (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GArray) walked = NULL;
  const MsBlueprintParams *params;
  const MsSectionInfo *sections;
  const MsTown *towns;
  const MsWaterBody *bodies;
  const MsTerrainCurve *curve;
  guint n_sections, n_towns, n_bodies;
  float column[N];
  guint8 biomes[N];

  options_init (&o);
  bytes = build (&o);
  bp = load (bytes, &error);
  g_assert_no_error (error);

  g_assert_cmpint (ms_blueprint_get_format (bp), ==, MS_BLUEPRINT_FORMAT_V2);
  g_assert_cmpuint (ms_blueprint_get_version (bp), ==, 2);
  g_assert_cmpuint (ms_blueprint_get_map_size (bp), ==, N);

  params = ms_blueprint_get_params (bp);
  g_assert_cmpint (params->world_seed, ==, 1234);
  g_assert_cmpint (params->map_size, ==, N);
  g_assert_cmpfloat (params->crater_radius, ==, 40.5f);
  g_assert_cmpfloat (params->density_multiplier, ==, 1.25f);
  g_assert_cmpfloat (params->impact_center_x, ==, 100.0f);
  g_assert_cmpfloat (params->impact_center_y, ==, 120.0f);
  g_assert_cmpstr (params->generated_utc, ==, "2026-11-30T12:00:00Z");
  g_assert_cmpstr (params->generator_git_hash, ==, "abc1234");
  g_assert_false (ms_blueprint_params_is_sentinel (params));

  /* Sections, against the test's own walk of the bytes. */
  walked = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  sections = ms_blueprint_get_sections (bp, &n_sections);
  g_assert_cmpuint (n_sections, ==, walked->len);
  g_assert_cmpuint (n_sections, ==, 12);
  for (guint i = 0; i < n_sections; i++)
    {
      const MsTestSection *w = &g_array_index (walked, MsTestSection, i);
      char tag[5];

      ms_section_tag_to_string (sections[i].tag, tag);
      g_assert_cmpstr (tag, ==, w->tag);
      g_assert_cmpint (sections[i].offset, ==, (goffset) w->offset);
      g_assert_cmpuint (sections[i].length, ==, w->length);
      g_assert_true (sections[i].known);
    }
  g_assert_cmpint (ms_blueprint_find_section (bp, MS_SECTION_HGTS)->offset, ==,
                   (goffset) ms_test_find (walked, "HGTS")->offset);

  for (guint x = 0; x < N; x += 17)
    for (guint y = 0; y < N; y += 13)
      {
        g_assert_cmpfloat (ms_blueprint_get_height (bp, x, y), ==, height_at (x, y));
        if (water_at (x, y) == 0)
          g_assert_cmpuint (ms_blueprint_get_biome (bp, x, y), ==, biome_at (x, y));
        g_assert_cmpuint (ms_blueprint_get_water_id (bp, x, y), ==, water_at (x, y));
      }
  g_assert_cmpfloat (ms_blueprint_get_height (bp, N - 1, 0), ==, height_at (N - 1, 0));
  g_assert_cmpfloat (ms_blueprint_get_height (bp, 0, N - 1), ==, height_at (0, N - 1));
  g_assert_cmpuint (ms_blueprint_get_water_surface (bp, 0, 0), ==, 4916);
  g_assert_cmpuint (ms_blueprint_get_water_surface (bp, 105, 55), ==, 9831);
  g_assert_cmpuint (ms_blueprint_get_water_surface (bp, 200, 200), ==, 0);
  g_assert_cmpfloat_with_epsilon (ms_water_level_decode (4916), 0.15f, 1.0f / 32768);
  /* Every code, bit for bit, against the spec's formula in double. */
  for (guint q = 0; q <= G_MAXUINT16; q++)
    {
      float expected = (float) ((q - 1.0) / 32768.0), got = ms_water_level_decode ((guint16) q);

      g_assert_cmpmem (&got, sizeof got, &expected, sizeof expected);
    }

  ms_blueprint_read_heights (bp, 77, 0, N, column);
  ms_blueprint_read_biomes (bp, 77, 0, N, biomes);
  for (guint y = 0; y < N; y++)
    {
      g_assert_cmpfloat (column[y], ==, height_at (77, y));
      g_assert_cmpuint (biomes[y], ==, biome_at (77, y));
    }
  ms_blueprint_read_heights (bp, 5, 250, 6, column);
  g_assert_cmpfloat (column[5], ==, height_at (5, 255));

  towns = ms_blueprint_get_towns (bp, &n_towns);
  g_assert_cmpuint (n_towns, ==, 2);
  g_assert_cmpfloat (towns[0].x, ==, 10.5f);
  g_assert_cmpfloat (towns[0].y, ==, 20.25f);
  g_assert_cmpuint (towns[0].tier, ==, 0);
  g_assert_true (towns[0].highway_node);
  g_assert_cmpuint (towns[1].tier, ==, 3);
  g_assert_false (towns[1].highway_node);

  curve = ms_blueprint_get_curve (bp);
  g_assert_nonnull (curve);
  g_assert_cmpuint (curve->version, ==, 3);
  g_assert_cmpfloat (curve->knots[0], ==, 0.5f);
  g_assert_cmpfloat (curve->knots[3], ==, 3.5f);
  g_assert_cmpfloat (curve->spike_max, ==, 4.5f);
  g_assert_cmpfloat (curve->tail_slope, ==, 11.5f);

  bodies = ms_blueprint_get_water_bodies (bp, &n_bodies);
  g_assert_cmpuint (n_bodies, ==, 2);
  g_assert_cmpuint (bodies[1].id, ==, 2);
  g_assert_cmpuint (bodies[1].type, ==, MS_WATER_TYPE_LAKE);
  g_assert_cmpint (bodies[1].pixel_count, ==, 100);
  g_assert_cmpfloat (bodies[1].centroid_y, ==, 54.5f);

  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    {
      g_assert_true (ms_blueprint_has_roads (bp, t));
      g_assert_cmpuint (ms_blueprint_get_n_paths (bp, t), ==, t);
      for (guint k = 0; k < t; k++)
        {
          guint n_points;
          const MsPoint *pts = ms_blueprint_get_path (bp, t, k, &n_points);
          g_assert_cmpuint (n_points, ==, k + 1);
          g_assert_cmpfloat (pts[k].x, ==, (float) (t * 10 + k));
          g_assert_cmpfloat (pts[k].y, ==, (float) (k * 100 + k));
        }
    }

  g_assert_null (ms_blueprint_get_warnings (bp)[0]);
}

static void
test_sentinel (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  options_init (&o);
  o.sentinel = TRUE;
  bytes = build (&o);
  bp = load (bytes, &error);
  g_assert_no_error (error);
  g_assert_true (ms_blueprint_params_is_sentinel (ms_blueprint_get_params (bp)));
}

/* Cut the file inside each section's header and inside its payload. */
static void
test_truncation (void)
{
  Options o;
  g_autoptr(GBytes) full = NULL;
  g_autoptr(GArray) walked = NULL;
  const guint8 *data;
  gsize length;

  options_init (&o);
  full = build (&o);
  data = g_bytes_get_data (full, &length);
  walked = ms_test_walk_sections (data, length);

  for (guint i = 0; i < walked->len; i++)
    {
      const MsTestSection *s = &g_array_index (walked, MsTestSection, i);
      gsize cuts[] = { s->offset + 5, s->offset + 12 + s->length / 2, s->offset + 11 + s->length };

      for (guint c = 0; c < G_N_ELEMENTS (cuts); c++)
        {
          g_autoptr(GBytes) cut = NULL;
          g_autofree char *expected = NULL;

          if (cuts[c] <= s->offset + 12 && c > 0)
            continue;  /* empty payload */
          cut = g_bytes_new_from_bytes (full, 0, cuts[c]);
          if (c == 0)
            {
              expected = g_strdup_printf ("offset %" G_GSIZE_FORMAT ": a section header", s->offset);
              expect_error (cut, MS_BLUEPRINT_ERROR_TRUNCATED, expected);
            }
          else
            {
              expected = g_strdup_printf ("section %s declares %" G_GSIZE_FORMAT, s->tag, s->length);
              expect_error (cut, MS_BLUEPRINT_ERROR_TRUNCATED, expected);
            }
        }
    }
}

/* A section whose payload is one byte longer or shorter than its contents,
 * with the declared length telling the truth about the payload. */
static void
test_length_off_by_one (void)
{
  const char *tags[] = { "PRMS", "HGTS", "BIOM", "TOWN", "TCRV", "WBID", "WBTB", "WSRF",
                         "RDHW", "RDBR", "RDRG", "RDTL" };

  for (int t = 0; t < (int) G_N_ELEMENTS (tags); t++)
    for (int delta = -1; delta <= 1; delta += 2)
      {
        Options o;
        g_autoptr(GBytes) bytes = NULL;
        g_autofree char *expected = NULL;

        options_init (&o);
        o.payload_delta_tag = t;
        o.payload_delta = delta;
        bytes = build (&o);
        expected = g_strdup_printf ("section %s", tags[t]);
        expect_error (bytes, MS_BLUEPRINT_ERROR_BAD_LENGTH, expected);
      }
}

static void
test_huge_length (void)
{
  Options o;
  g_autoptr(GBytes) full = NULL;
  g_autoptr(GArray) walked = NULL;
  const guint64 lengths[] = { G_MAXUINT64, G_MAXUINT64 - 11, G_MAXINT64, (guint64) 1 << 32 };

  options_init (&o);
  full = build (&o);
  walked = ms_test_walk_sections (g_bytes_get_data (full, NULL), g_bytes_get_size (full));

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    for (guint s = 0; s < walked->len; s++)
      {
        gsize size;
        g_autofree guint8 *copy = g_bytes_unref_to_data (g_bytes_ref (full), &size);
        const MsTestSection *sec = &g_array_index (walked, MsTestSection, s);
        g_autoptr(GBytes) bytes = NULL;

        for (guint b = 0; b < 8; b++)
          copy[sec->offset + 4 + b] = (guint8) (lengths[i] >> (8 * b));
        bytes = g_bytes_new (copy, size);
        expect_error (bytes, MS_BLUEPRINT_ERROR_TRUNCATED, sec->tag);
      }
}

static void
test_duplicate_unknown (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GByteArray) twice = g_byte_array_new ();
  const guint8 payload[3] = { 1, 2, 3 };

  options_init (&o);
  bytes = build (&o);
  g_byte_array_append (twice, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  ms_test_put_section (twice, "XTRA", payload, 3);
  ms_test_put_section (twice, "XTRA", payload, 3);
  g_bytes_unref (bytes);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&twice));
  expect_error (bytes, MS_BLUEPRINT_ERROR_DUPLICATE_SECTION, "XTRA");
}

static void
test_optional_missing (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  guint n_towns = 99;

  options_init (&o);
  o.no_town = TRUE;
  o.no_roads = TRUE;
  o.no_water = TRUE;
  bytes = build (&o);
  bp = load (bytes, &error);
  g_assert_no_error (error);

  ms_blueprint_get_towns (bp, &n_towns);
  g_assert_cmpuint (n_towns, ==, 0);
  g_assert_false (ms_blueprint_has_towns (bp));
  g_assert_false (ms_blueprint_has_water (bp));
  g_assert_cmpuint (ms_blueprint_get_water_id (bp, 3, 3), ==, 0);
  g_assert_true (has_warning (bp, "TOWN"));
  g_assert_true (has_warning (bp, "RDHW"));
  g_assert_true (has_warning (bp, "RDBR"));
  g_assert_true (has_warning (bp, "RDRG"));
  g_assert_true (has_warning (bp, "RDTL"));
  for (guint t = 0; t < MS_N_ROAD_TIERS; t++)
    g_assert_cmpuint (ms_blueprint_get_n_paths (bp, t), ==, 0);
}

static void
test_unknown_skipped (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GArray) walked = NULL;
  const MsSectionInfo *info;

  options_init (&o);
  o.extra_tag = "FUTR";
  o.extra_length = 1001;
  bytes = build (&o);
  bp = load (bytes, &error);
  g_assert_no_error (error);

  walked = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  info = ms_blueprint_find_section (bp, MS_FOURCC ('F', 'U', 'T', 'R'));
  g_assert_nonnull (info);
  g_assert_false (info->known);
  g_assert_cmpuint (info->length, ==, 1001);
  g_assert_cmpint (info->offset, ==, (goffset) ms_test_find (walked, "FUTR")->offset);
  g_assert_true (has_warning (bp, "unknown section FUTR"));
  /* What follows it still parses. */
  g_assert_cmpuint (ms_blueprint_get_n_paths (bp, MS_ROAD_TRAIL), ==, 3);
}

static void
test_biome_ordinal (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsProfile) wide = NULL;
  g_autoptr(GArray) walked = NULL;
  g_autofree char *expected = NULL;
  GString *text = g_string_new ("[Biomes]\n");

  options_init (&o);
  o.bad_biome_x = 200;
  o.bad_biome_y = 5;
  o.bad_biome_value = 12;
  bytes = build (&o);
  walked = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  expected = g_strdup_printf ("offset %" G_GSIZE_FORMAT ": pixel (x=200, y=5) has biome ordinal 12",
                              ms_test_find (walked, "BIOM")->offset + 12 + 200 * N + 5);
  expect_error (bytes, MS_BLUEPRINT_ERROR_BAD_VALUE, expected);
  expect_error (bytes, MS_BLUEPRINT_ERROR_BAD_VALUE, "section BIOM");

  /* A profile that knows 13 biomes accepts the same file. */
  for (guint i = 0; i < 13; i++)
    g_string_append_printf (text, "%u=B%u;#000000%s\n", i, i, i < 2 ? ";water" : "");
  g_string_append (text, "[TownTiers]\n0=a;#000000\n1=b;#000000\n2=c;#000000\n3=d;#000000\n");
  wide = ms_profile_new_for_data (text->str, text->len, "wide", &error);
  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "fixture.dat", wide, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_blueprint_get_biome (bp, 200, 5), ==, 12);
  g_string_free (text, TRUE);
}

static void
test_strings (void)
{
  /* 200 bytes need a two-byte prefix, 20000 three; the text round-trips. */
  const gsize lengths[] = { 0, 127, 128, 200, 16383, 16384, 20000 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      Options o;
      g_autofree char *text = g_malloc (lengths[i] + 1);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(MsBlueprint) bp = NULL;

      for (gsize k = 0; k < lengths[i]; k++)
        text[k] = (char) ('a' + k % 26);
      text[lengths[i]] = 0;
      options_init (&o);
      o.generated_utc = text;
      o.git_hash = "é✓";  /* multi-byte UTF-8 */
      bytes = build (&o);
      bp = load (bytes, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (ms_blueprint_get_params (bp)->generated_utc, ==, text);
      g_assert_cmpstr (ms_blueprint_get_params (bp)->generator_git_hash, ==, "é✓");
    }
}

static GBytes *
build_with_prms (const guint8 *tail,
                 gsize         tail_length)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GByteArray) prms = g_byte_array_new ();

  g_byte_array_append (file, (const guint8 *) "ISLA", 4);
  ms_test_put_u32 (file, 2);
  ms_test_put_u32 (prms, 5);
  ms_test_put_u32 (prms, N);
  for (guint i = 0; i < 4; i++)
    ms_test_put_f32 (prms, 1.0f);
  g_byte_array_append (prms, tail, tail_length);
  ms_test_put_section (file, "PRMS", prms->data, prms->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&file));
}

/* ------------------------------------------------------------ bad input -- */

/* Every bad file below fails with its error code, a message that starts
 * with the file's name and says at which offset, and the row's words. */

/* Bad headers: the whole file. */
static const guint8 bad_first[] = { 0x42, 0, 0, 0 };
static const guint8 bad_magic[] = { 'I', 'S', 'L', 'B', 2, 0, 0, 0 };
static const guint8 short_magic[] = { 'I', 'S' };
static const guint8 no_version[] = { 'I', 'S', 'L', 'A', 2, 0 };
static const guint8 version3[] = { 'I', 'S', 'L', 'A', 3, 0, 0, 0 };
static const guint8 only_header[] = { 'I', 'S', 'L', 'A', 2, 0, 0, 0 };

typedef struct
{
  const char   *name;
  const guint8 *data;
  gsize         length;
  int           code;
  const char   *text;   /* nullable */
} HeaderError;

static const HeaderError header_errors[] = {
  { "empty", (const guint8 *) "", 0, MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT, "empty" },
  { "first-byte", bad_first, sizeof bad_first, MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT, "0x42" },
  { "bad-magic", bad_magic, sizeof bad_magic, MS_BLUEPRINT_ERROR_BAD_MAGIC, "offset 0" },
  { "short-magic", short_magic, sizeof short_magic, MS_BLUEPRINT_ERROR_BAD_MAGIC, NULL },
  { "no-version", no_version, sizeof no_version, MS_BLUEPRINT_ERROR_TRUNCATED, "offset 4" },
  { "version-3", version3, sizeof version3, MS_BLUEPRINT_ERROR_UNSUPPORTED_VERSION, "version 3" },
  { "only-header", only_header, sizeof only_header, MS_BLUEPRINT_ERROR_MISSING_SECTION, "PRMS" },
};

static void
test_header_error (gconstpointer data)
{
  const HeaderError *row = data;
  g_autoptr(GBytes) bytes = g_bytes_new_static (row->data, row->length);

  expect_error (bytes, row->code, row->text);
}

/* The valid file built with one int-sized field of Options set to a value. */
typedef struct
{
  const char *name;
  gsize       field;
  gint32      value;
  int         code;
  const char *words[2];   /* nullable */
} OptionError;

G_STATIC_ASSERT (sizeof (gboolean) == sizeof (gint32));
#define SET(member, v) G_STRUCT_OFFSET (Options, member), (v)

static const OptionError option_errors[] = {
  { "duplicate-town", SET (duplicate_town, TRUE),
    MS_BLUEPRINT_ERROR_DUPLICATE_SECTION, { "TOWN appears a second time" } },
  { "order", SET (hgts_first, TRUE),
    MS_BLUEPRINT_ERROR_SECTION_ORDER, { "offset 8: the first section is HGTS" } },
  /* MapSize is the second PRMS field: 8 + 12 + 4. */
  { "map-size-255", SET (map_size, 255),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "offset 24: MapSize", "MapSize 255 is outside" } },
  { "map-size-32769", SET (map_size, 32769),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "offset 24: MapSize", "MapSize 32769 is outside" } },
  { "map-size-0", SET (map_size, 0),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "offset 24: MapSize", "MapSize 0 is outside" } },
  { "map-size-negative", SET (map_size, -1),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "offset 24: MapSize", "MapSize -1 is outside" } },
  { "map-size-min-int32", SET (map_size, G_MININT32),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "offset 24: MapSize", "MapSize -2147483648 is outside" } },
  { "map-size-100000", SET (map_size, 100000),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "offset 24: MapSize", "MapSize 100000 is outside" } },
  /* 32768 passes the bound; the 256² grids then have the wrong length. */
  { "map-size-32768", SET (map_size, 32768),
    MS_BLUEPRINT_ERROR_BAD_LENGTH, { "4·MapSize² = 4294967296" } },
  /* Without PRMS the first section is out of order instead. */
  { "missing-prms", SET (no_prms, TRUE),
    MS_BLUEPRINT_ERROR_SECTION_ORDER, { "PRMS must come first" } },
  { "missing-hgts", SET (no_hgts, TRUE),
    MS_BLUEPRINT_ERROR_MISSING_SECTION, { "mandatory section HGTS is missing" } },
  { "missing-biom", SET (no_biom, TRUE),
    MS_BLUEPRINT_ERROR_MISSING_SECTION, { "mandatory section BIOM is missing" } },
  { "town-tier", SET (town_tier, 4),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "town 1 has tier ordinal 4" } },
  { "town-count-more", SET (town_count_delta, 1),
    MS_BLUEPRINT_ERROR_BAD_LENGTH, { "town count 3" } },
  { "town-count-negative", SET (town_count_delta, -3),
    MS_BLUEPRINT_ERROR_BAD_VALUE, { "town count -1 is negative" } },
};

static void
test_option_error (gconstpointer data)
{
  const OptionError *row = data;
  g_autoptr(GBytes) bytes = NULL;
  Options o;

  options_init (&o);
  G_STRUCT_MEMBER (gint32, &o, row->field) = row->value;
  bytes = build (&o);
  for (guint i = 0; i < G_N_ELEMENTS (row->words) && row->words[i] != NULL; i++)
    expect_error (bytes, row->code, row->words[i]);
}

/* A hand-made RDHW payload after a valid file without roads. */
typedef struct
{
  const char *name;
  guint32     words[4];
  guint       n;
  int         code;
  const char *text;
} RoadError;

static const RoadError road_errors[] = {
  { "road-path-count-negative", { 0xffffffff }, 1,
    MS_BLUEPRINT_ERROR_BAD_VALUE, "path count -1" },
  { "road-point-count-negative", { 1, 0xffffffff }, 2,
    MS_BLUEPRINT_ERROR_BAD_VALUE, "point count -1" },
  { "road-point-count-past-end", { 1, 1000 }, 2,
    MS_BLUEPRINT_ERROR_BAD_LENGTH, "point count 1000" },
  { "road-path-count-past-end", { 0x7fffffff }, 1,
    MS_BLUEPRINT_ERROR_BAD_LENGTH, "path count 2147483647" },
  { "road-left-over", { 2, 0, 0, 7 }, 4,
    MS_BLUEPRINT_ERROR_BAD_LENGTH, "left over" },
};

static void
test_road_error (gconstpointer data)
{
  const RoadError *row = data;
  g_autoptr(GBytes) base = NULL;
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GByteArray) payload = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  Options o;

  options_init (&o);
  o.no_roads = TRUE;
  base = build (&o);
  g_byte_array_append (file, g_bytes_get_data (base, NULL), g_bytes_get_size (base));
  for (guint w = 0; w < row->n; w++)
    ms_test_put_u32 (payload, row->words[w]);
  ms_test_put_section (file, "RDHW", payload->data, payload->len);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&file));
  expect_error (bytes, row->code, row->text);
}

/* PRMS up to GeneratedUtc, then these bytes where the string starts (at
 * 8 + 12 + 24 = 44), and no other section. */
static const guint8 six_byte_prefix[] = { 0xff, 0xff, 0xff, 0xff, 0x8f, 0x01 };
static const guint8 too_long[] = { 0xff, 0xff, 0xff, 0xff, 0x0f };  /* 2^32 - 1 */
static const guint8 runs_past[] = { 10, 'a', 'b' };
static const guint8 prefix_cut[] = { 0x80 };
static const guint8 bad_utf8[] = { 3, 'a', 0xff, 'b', 0 };

typedef struct
{
  const char   *name;
  const guint8 *tail;
  gsize         length;
  int           code;
  const char   *text;
} StringError;

static const StringError string_errors[] = {
  { "string-six-byte-prefix", six_byte_prefix, sizeof six_byte_prefix,
    MS_BLUEPRINT_ERROR_BAD_VALUE, "offset 44: GeneratedUtc has an invalid 7-bit" },
  { "string-too-long", too_long, sizeof too_long,
    MS_BLUEPRINT_ERROR_BAD_VALUE, "GeneratedUtc has an invalid 7-bit" },
  { "string-runs-past", runs_past, sizeof runs_past,
    MS_BLUEPRINT_ERROR_BAD_LENGTH, "offset 44: GeneratedUtc runs past" },
  { "string-prefix-cut", prefix_cut, sizeof prefix_cut,
    MS_BLUEPRINT_ERROR_BAD_LENGTH, "GeneratedUtc runs past" },
  /* .NET replaces invalid UTF-8; so do we, with a warning (see
   * invalid-utf8).  The file then lacks HGTS, so the string is read and the
   * error is the missing section. */
  { "string-bad-utf8", bad_utf8, sizeof bad_utf8,
    MS_BLUEPRINT_ERROR_MISSING_SECTION, NULL },
};

static void
test_string_error (gconstpointer data)
{
  const StringError *row = data;
  g_autoptr(GBytes) bytes = build_with_prms (row->tail, row->length);

  expect_error (bytes, row->code, row->text);
}

static void
test_invalid_utf8_warns (void)
{
  Options o;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  options_init (&o);
  o.git_hash = "a\xff" "b";
  bytes = build (&o);
  bp = load (bytes, &error);
  g_assert_no_error (error);
  g_assert_true (g_utf8_validate (ms_blueprint_get_params (bp)->generator_git_hash, -1, NULL));
  g_assert_true (has_warning (bp, "GeneratorGitHash"));
}

static void
test_file_name_seed (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *right = g_build_filename (dir, "MapData_Seed_1234.dat", NULL);
  g_autofree char *wrong = g_build_filename (dir, "MapData_Seed_99.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) a = NULL;
  g_autoptr(MsBlueprint) b = NULL;
  g_autoptr(GBytes) bytes = NULL;
  Options o;

  options_init (&o);
  bytes = build (&o);
  g_assert_true (g_file_set_contents (right, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  g_assert_true (g_file_set_contents (wrong, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));

  a = ms_blueprint_new_for_path (right, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (has_warning (a, "seed"));
  b = ms_blueprint_new_for_path (wrong, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (has_warning (b, "the file name says seed 99 but PRMS says WorldSeed 1234"));

  /* Errors from a path name the path. */
  {
    g_autofree char *cut = g_build_filename (dir, "cut.dat", NULL);
    g_autoptr(MsBlueprint) c = NULL;

    g_assert_true (g_file_set_contents (cut, g_bytes_get_data (bytes, NULL), 100, NULL));
    c = ms_blueprint_new_for_path (cut, NULL, &error);
    g_assert_null (c);
    g_assert_true (g_str_has_prefix (error->message, cut));
    g_clear_error (&error);
  }

  {
    g_autofree char *missing = g_build_filename (dir, "missing.dat", NULL);
    g_autoptr(MsBlueprint) m = ms_blueprint_new_for_path (missing, NULL, &error);
    g_assert_null (m);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  }

  ms_test_remove_tree (dir);
}

/* Each of the @n rows of @table, @size bytes apart, as
 * /blueprint/v2/error/NAME: every row type starts with its name. */
static void
add_error_rows (gconstpointer  table,
                gsize          size,
                guint          n,
                GTestDataFunc  func)
{
  for (guint i = 0; i < n; i++)
    {
      gconstpointer row = (const guint8 *) table + i * size;
      g_autofree char *path = g_strconcat ("/blueprint/v2/error/",
                                           *(const char * const *) row, NULL);

      g_test_add_data_func (path, row, func);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint/v2/valid", test_valid);
  g_test_add_func ("/blueprint/v2/sentinel", test_sentinel);
  g_test_add_func ("/blueprint/v2/truncation", test_truncation);
  g_test_add_func ("/blueprint/v2/length-off-by-one", test_length_off_by_one);
  g_test_add_func ("/blueprint/v2/huge-length", test_huge_length);
  g_test_add_func ("/blueprint/v2/duplicate-unknown", test_duplicate_unknown);
  g_test_add_func ("/blueprint/v2/optional-missing", test_optional_missing);
  g_test_add_func ("/blueprint/v2/unknown-skipped", test_unknown_skipped);
  g_test_add_func ("/blueprint/v2/biome-ordinal", test_biome_ordinal);
  g_test_add_func ("/blueprint/v2/strings", test_strings);
  g_test_add_func ("/blueprint/v2/invalid-utf8", test_invalid_utf8_warns);
  g_test_add_func ("/blueprint/v2/file-name-seed", test_file_name_seed);
  add_error_rows (header_errors, sizeof header_errors[0], G_N_ELEMENTS (header_errors),
                  test_header_error);
  add_error_rows (option_errors, sizeof option_errors[0], G_N_ELEMENTS (option_errors),
                  test_option_error);
  add_error_rows (road_errors, sizeof road_errors[0], G_N_ELEMENTS (road_errors),
                  test_road_error);
  add_error_rows (string_errors, sizeof string_errors[0], G_N_ELEMENTS (string_errors),
                  test_string_error);
  return g_test_run ();
}
