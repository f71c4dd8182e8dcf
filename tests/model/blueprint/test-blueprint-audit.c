/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ms_blueprint_audit() against fixtures built by the test's own encoder:
 * a clean map that trips nothing, and for every check a copy of it with one
 * hand-placed fault, whose location and count are worked out here by hand.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-audit.h"
#include "ms-demo-blueprint.h"
#include "ms-test-util.h"

#define N 256
#define AT(x, y) ((gsize) (x) * N + (y))

enum { OCEAN = 0, LAKE = 1, DIRT = 3 };

typedef struct
{
  guint16 id;
  guint8  type;
  float   level;
  gint32  pixel_count;
  float   cx, cy;
} Row;

typedef struct
{
  gint32   seed;
  float   *height;
  guint8  *biome;
  guint16 *wbid;
  guint16 *wsrf;
  GArray  *rows;       /* Row */
  gboolean no_wbtb;
  float    town_x[3], town_y[3];
  guint    n_towns;
  float    road_y_last;   /* y of each road's last point */
  guint16  curve_version;
  float    peak_cap;
  float    spike_max;
} Fixture;

static void
fixture_free (Fixture *f)
{
  g_free (f->height);
  g_free (f->biome);
  g_free (f->wbid);
  g_free (f->wsrf);
  g_array_unref (f->rows);
  g_free (f);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fixture, fixture_free)

static float
level_of (guint16 id)
{
  return id == 1 ? 0.15f : id == 2 ? 0.3f : id == 3 ? 0.25f : 0.2f;
}

static void
set_water (Fixture *f,
           guint    x,
           guint    y,
           guint16  id)
{
  f->wbid[AT (x, y)] = id;
  f->biome[AT (x, y)] = id == 0 ? DIRT : id == 1 ? OCEAN : LAKE;
  f->height[AT (x, y)] = id == 0 ? 0.5f : 0.1f;
}

static void
fill_rect (Fixture *f,
           guint    x0,
           guint    x1,
           guint    y0,
           guint    y1,
           guint16  id)
{
  for (guint x = x0; x <= x1; x++)
    for (guint y = y0; y <= y1; y++)
      set_water (f, x, y, id);
}

/* WBTB rows and WSRF from the WBID grid, by the test's own loops. */
static void
fixture_derive (Fixture *f)
{
  g_autofree guint64 *count = g_new0 (guint64, 65536);
  g_autofree double *sx = g_new0 (double, 65536);
  g_autofree double *sy = g_new0 (double, 65536);
  guint max_id = 0;

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        guint16 id = f->wbid[AT (x, y)];
        count[id]++;
        sx[id] += x;
        sy[id] += y;
        max_id = MAX (max_id, id);
      }

  g_array_set_size (f->rows, 0);
  for (guint id = 1; id <= max_id; id++)
    {
      Row r = { id, id == 1 ? 0 : 1, level_of (id), (gint32) count[id], 0, 0 };

      if (count[id] == 0)
        continue;
      r.cx = (float) (sx[id] / count[id]);
      r.cy = (float) (sy[id] / count[id]);
      g_array_append_val (f->rows, r);
    }

  for (gsize i = 0; i < (gsize) N * N; i++)
    f->wsrf[i] = f->wbid[i] == 0 ? 0 : (guint16) (1 + lround (level_of (f->wbid[i]) * 32768.0));
}

/* Lake 2 is a shape whose column runs split and join again, so the
 * connectivity check must merge runs across columns:
 *   x 20, 21: y 30..32 and 36..38;  x 22, 23: y 30..38;  x 24, 25: y 30..32 and 36..38
 * Lake 3: x 40..44, y 10..11.  The ocean: x < 8. */
static Fixture *
fixture_new (void)
{
  Fixture *f = g_new0 (Fixture, 1);

  f->seed = 1234;
  f->height = g_new (float, N * N);
  f->biome = g_new (guint8, N * N);
  f->wbid = g_new0 (guint16, N * N);
  f->wsrf = g_new0 (guint16, N * N);
  f->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  fill_rect (f, 0, N - 1, 0, N - 1, 0);
  fill_rect (f, 0, 7, 0, N - 1, 1);
  fill_rect (f, 20, 21, 30, 32, 2);
  fill_rect (f, 20, 21, 36, 38, 2);
  fill_rect (f, 22, 23, 30, 38, 2);
  fill_rect (f, 24, 25, 30, 32, 2);
  fill_rect (f, 24, 25, 36, 38, 2);
  fill_rect (f, 40, 44, 10, 11, 3);
  fixture_derive (f);

  f->n_towns = 2;
  f->town_x[0] = 10.5f; f->town_y[0] = 20.25f;
  f->town_x[1] = 200.0f; f->town_y[1] = 3.0f;
  f->road_y_last = 255.5f;
  f->curve_version = 3;
  f->peak_cap = 1.0f;
  f->spike_max = 1.5f;
  return f;
}

static GBytes *
fixture_encode (const Fixture *f)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  const char *road_tags[] = { "RDHW", "RDBR", "RDRG", "RDTL" };

  g_byte_array_append (out, (const guint8 *) "ISLA", 4);
  ms_test_put_u32 (out, 2);

  ms_test_put_u32 (p, (guint32) f->seed);
  ms_test_put_u32 (p, N);
  ms_test_put_f32 (p, f->seed == 0 ? -1.0f : 20.0f);
  ms_test_put_f32 (p, f->seed == 0 ? -1.0f : 1.0f);
  ms_test_put_f32 (p, f->seed == 0 ? -1.0f : 128.0f);
  ms_test_put_f32 (p, f->seed == 0 ? -1.0f : 128.0f);
  ms_test_put_string (p, "2026-01-01T00:00:00Z");
  ms_test_put_string (p, "");
  ms_test_put_section (out, "PRMS", p->data, p->len);
  g_byte_array_set_size (p, 0);

  for (gsize i = 0; i < (gsize) N * N; i++)
    ms_test_put_f32 (p, f->height[i]);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);

  ms_test_put_section (out, "BIOM", f->biome, (gsize) N * N);

  ms_test_put_u32 (p, f->n_towns);
  for (guint i = 0; i < f->n_towns; i++)
    {
      ms_test_put_f32 (p, f->town_x[i]);
      ms_test_put_f32 (p, f->town_y[i]);
      ms_test_put_u8 (p, (guint8) (i % 4));
      ms_test_put_u8 (p, 0);
    }
  ms_test_put_section (out, "TOWN", p->data, p->len);
  g_byte_array_set_size (p, 0);

  ms_test_put_u16 (p, f->curve_version);
  for (guint i = 0; i < 4; i++)
    ms_test_put_f32 (p, 0.2f * (float) (i + 1));
  ms_test_put_f32 (p, f->spike_max);
  ms_test_put_f32 (p, 0.15f);    /* sea */
  ms_test_put_f32 (p, 0.59f);    /* orange */
  ms_test_put_f32 (p, 0.78f);    /* red */
  ms_test_put_f32 (p, 0.4f);     /* bench lo */
  ms_test_put_f32 (p, 0.88f);    /* bench hi */
  ms_test_put_f32 (p, f->peak_cap);
  ms_test_put_f32 (p, 0.35f);    /* tail */
  ms_test_put_section (out, "TCRV", p->data, p->len);
  g_byte_array_set_size (p, 0);

  for (gsize i = 0; i < (gsize) N * N; i++)
    ms_test_put_u16 (p, f->wbid[i]);
  ms_test_put_section (out, "WBID", p->data, p->len);
  g_byte_array_set_size (p, 0);

  if (!f->no_wbtb)
    {
      ms_test_put_u32 (p, f->rows->len);
      for (guint i = 0; i < f->rows->len; i++)
        {
          const Row *r = &g_array_index (f->rows, Row, i);
          ms_test_put_u16 (p, r->id);
          ms_test_put_u8 (p, r->type);
          ms_test_put_u8 (p, r->id == 1);
          ms_test_put_f32 (p, r->level);
          ms_test_put_u32 (p, (guint32) r->pixel_count);
          ms_test_put_f32 (p, r->cx);
          ms_test_put_f32 (p, r->cy);
        }
      ms_test_put_section (out, "WBTB", p->data, p->len);
      g_byte_array_set_size (p, 0);
    }

  for (gsize i = 0; i < (gsize) N * N; i++)
    ms_test_put_u16 (p, f->wsrf[i]);
  ms_test_put_section (out, "WSRF", p->data, p->len);
  g_byte_array_set_size (p, 0);

  /* One path per tier: three points, the last at (t * 10 + 25.5, road_y_last). */
  for (guint t = 0; t < 4; t++)
    {
      ms_test_put_u32 (p, 1);
      ms_test_put_u32 (p, 3);
      ms_test_put_f32 (p, (float) (t * 10 + 5)); ms_test_put_f32 (p, 50.0f);
      ms_test_put_f32 (p, (float) (t * 10 + 15)); ms_test_put_f32 (p, 60.0f);
      ms_test_put_f32 (p, (float) t * 10.0f + 25.5f);
      ms_test_put_f32 (p, t == 3 ? f->road_y_last : 255.5f);
      ms_test_put_section (out, road_tags[t], p->data, p->len);
      g_byte_array_set_size (p, 0);
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

static GPtrArray *
audit_bytes (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "fixture.dat", NULL, &error);
  GPtrArray *findings;

  g_assert_no_error (error);
  findings = ms_blueprint_audit (bp, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (findings);
  return findings;
}

static GPtrArray *
audit_fixture (const Fixture *f)
{
  g_autoptr(GBytes) bytes = fixture_encode (f);
  return audit_bytes (bytes);
}

static void
dump (GPtrArray *findings)
{
  for (guint i = 0; i < findings->len; i++)
    {
      const MsAuditFinding *x = g_ptr_array_index (findings, i);
      g_test_message ("%s %s (%u, %u) %" G_GUINT64_FORMAT ": %s",
                      ms_audit_severity_to_string (x->severity), x->check, x->x, x->y,
                      x->count, x->message);
    }
}

static void
assert_clean (GPtrArray *findings)
{
  dump (findings);
  g_assert_cmpuint (findings->len, ==, 0);
}

/* Exactly one finding, @check, with this location (x < 0: none) and count. */
static void
assert_only (GPtrArray       *findings,
             const char      *check,
             MsAuditSeverity  severity,
             int              x,
             int              y,
             guint64          count)
{
  const MsAuditFinding *f;

  dump (findings);
  g_assert_cmpuint (findings->len, ==, 1);
  f = g_ptr_array_index (findings, 0);
  g_assert_cmpstr (f->check, ==, check);
  g_assert_cmpint (f->severity, ==, severity);
  g_assert_nonnull (f->message);
  g_assert_cmpstr (f->message, !=, "");
  if (x < 0)
    {
      g_assert_false (f->has_location);
    }
  else
    {
      g_assert_true (f->has_location);
      g_assert_cmpuint (f->x, ==, (guint) x);
      g_assert_cmpuint (f->y, ==, (guint) y);
    }
  g_assert_cmpuint (f->count, ==, count);
}

static void
test_clean (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = audit_fixture (f);

  assert_clean (findings);
}

static void
test_demo_clean (void)
{
  const struct { guint size; gint32 seed; } demos[] = { { 512, 42 }, { 256, 7 }, { 256, 99 } };

  for (guint i = 0; i < G_N_ELEMENTS (demos); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (demos[i].size, demos[i].seed, &error);
      g_autoptr(GPtrArray) findings = NULL;

      g_assert_no_error (error);
      findings = audit_bytes (bytes);
      assert_clean (findings);
    }
}

static void
test_water_biome (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  f->biome[AT (100, 50)] = LAKE;   /* water biome, WBID 0 */
  f->biome[AT (5, 20)] = DIRT;     /* ocean pixel, not a water biome: first in scan order */
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_WATER_BIOME_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 5, 20, 2);
}

static void
test_water_surface (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  f->wsrf[AT (200, 200)] = 50;    /* land with a surface */
  f->wsrf[AT (21, 31)] = 9000;    /* lake 2's level 0.3 encodes as 9831 */
  f->wsrf[AT (42, 11)] = 0;       /* water without a surface */
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_WATER_SURFACE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 21, 31, 3);
}

static void
test_water_table (void)
{
  /* Lake 3 (x 40..44, y 10..11, 10 pixels) claims 11 pixels. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;

    g_array_index (f->rows, Row, 2).pixel_count = 11;
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_WATER_TABLE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 40, 10, 10);
  }

  /* Lake 3 has no row. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;

    g_array_set_size (f->rows, 2);
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_WATER_TABLE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 40, 10, 10);
  }

  /* Lake 2's centroid is half a pixel off; it has 42 pixels from (20, 30). */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;

    g_assert_cmpint (g_array_index (f->rows, Row, 1).pixel_count, ==, 42);
    g_array_index (f->rows, Row, 1).cx += 0.5f;
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_WATER_TABLE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 20, 30, 42);
  }

  /* The ocean (8 × 256 pixels from (0, 0)) is typed as a lake. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;

    g_array_index (f->rows, Row, 0).type = 1;
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_WATER_TABLE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 0, 0, 8 * N);
  }

  /* A row for a body WBID lacks: no pixels, so no location. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;
    Row ghost = { 4, 1, 0.2f, 5, 100.0f, 100.0f };

    g_array_append_val (f->rows, ghost);
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_WATER_TABLE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, -1, -1, 0);
  }

  /* WBID without WBTB: every body lacks its row. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;

    f->no_wbtb = TRUE;
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_WATER_TABLE_MISMATCH, MS_AUDIT_SEVERITY_ERROR, 0, 0,
                 8 * N + 42 + 10);
  }
}

/* Bodies redrawn on the clean fixture's WBID grid (its biomes and heights
 * follow, and WBTB and WSRF are derived again), so that exactly one check
 * finds one fault, at a location and with a count worked out by hand. */
typedef struct
{
  guint   x0, x1, y0, y1;   /* inclusive */
  guint16 id;               /* 0: land */
} Fill;

typedef struct
{
  const char *name;
  Fill        fills[7];     /* in order; unused ones are all zero */
  const char *check;
  int         x, y;
  guint64     count;
} WaterError;

/* Lake 3 moved out of the way to id 4, so that a new body can be 3. */
#define LAKE_3_AS_4 { 40, 44, 10, 11, 4 }

static const WaterError water_errors[] = {
  /* A gap: the second lake is 4, not 3. */
  { "water-id-order/gap", { LAKE_3_AS_4 },
    MS_AUDIT_WATER_ID_ORDER, 40, 10, 10 },
  /* Lake 2 gets a second piece of 2 pixels at (60, 60), (61, 60). */
  { "water-connectivity/second-piece", { { 60, 61, 60, 60, 2 } },
    MS_AUDIT_WATER_CONNECTIVITY, 60, 60, 2 },
  /* Diagonal neighbours are not 4-connected: (26, 33) is a second piece,
   * next to lake 2's corner (25, 32). */
  { "water-connectivity/diagonal", { { 26, 26, 33, 33, 2 } },
    MS_AUDIT_WATER_CONNECTIVITY, 26, 33, 1 },
  /* Lake 3 at x 26, y 30..32 touches lake 2's (25, 30..32) side by side:
   * 3 + 3 pixels from (25, 30).  The old lake 3 becomes 4, in order. */
  { "water-connectivity/side-by-side", { LAKE_3_AS_4, { 26, 26, 30, 32, 3 } },
    MS_AUDIT_WATER_CONNECTIVITY, 25, 30, 6 },
  /* Along a column: lake 3 at (20, 33..34) under lake 2's (20, 32): the
   * pair (20, 32), (20, 33). */
  { "water-connectivity/along-a-column", { LAKE_3_AS_4, { 20, 20, 33, 34, 3 } },
    MS_AUDIT_WATER_CONNECTIVITY, 20, 32, 2 },
  /* A lake touching the ocean: (8, 100) next to (7, 100).  It comes first
   * in scan order, so it is lake 2 and the others move up. */
  { "water-connectivity/touching-the-ocean",
    { LAKE_3_AS_4, { 20, 21, 30, 32, 3 }, { 20, 21, 36, 38, 3 }, { 22, 23, 30, 38, 3 },
      { 24, 25, 30, 32, 3 }, { 24, 25, 36, 38, 3 }, { 8, 8, 100, 100, 2 } },
    MS_AUDIT_WATER_CONNECTIVITY, 7, 100, 2 },
};

static void
test_water_error (gconstpointer data)
{
  const WaterError *row = data;
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (row->fills); i++)
    {
      const Fill *fill = &row->fills[i];

      if (fill->x1 == 0 && fill->y1 == 0 && fill->id == 0)
        break;
      fill_rect (f, fill->x0, fill->x1, fill->y0, fill->y1, fill->id);
    }
  fixture_derive (f);
  findings = audit_fixture (f);
  assert_only (findings, row->check, MS_AUDIT_SEVERITY_ERROR, row->x, row->y, row->count);
}

/* Lakes 2 and 3 swap ids, consistently everywhere: both are out of
 * place; lake 2 (now 3) comes first at (20, 30); 42 + 10 pixels. */
static void
test_water_id_swap (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  for (gsize i = 0; i < (gsize) N * N; i++)
    if (f->wbid[i] >= 2)
      f->wbid[i] = f->wbid[i] == 2 ? 3 : 2;
  fixture_derive (f);
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_WATER_ID_ORDER, MS_AUDIT_SEVERITY_ERROR, 20, 30, 52);
}

/* Many lakes of random shapes (runs that split, join and wrap around each
 * other), labelled by the test's own flood fill in scan order: clean.  Then
 * every lake gets id 2: all but the first are extra pieces. */
static void
test_random_lakes (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint8 *wet = g_new0 (guint8, N * N);
  guint next_id = 2;
  guint64 first_lake_pixels = 0, lake_pixels = 0;
  gsize second_start = 0;

  /* Away from the ocean (x < 8) so nothing touches it. */
  for (guint x = 12; x < N - 12; x++)
    for (guint y = 4; y < N - 4; y++)
      wet[AT (x, y)] = g_rand_int_range (rand, 0, 100) < 45;
  fill_rect (f, 8, N - 1, 0, N - 1, 0);

  for (gsize i = 0; i < (gsize) N * N; i++)
    {
      guint count = 0, start = (guint) i;

      if (!wet[i] || f->wbid[i] != 0)
        continue;
      g_assert_cmpuint (next_id, <, 65536);
      g_array_set_size (stack, 0);
      g_array_append_val (stack, start);
      set_water (f, (guint) (i / N), (guint) (i % N), (guint16) next_id);
      while (stack->len > 0)
        {
          guint p = g_array_index (stack, guint, stack->len - 1);
          guint px = p / N, py = p % N;
          guint nb[4], k = 0;

          g_array_set_size (stack, stack->len - 1);
          count++;
          if (px > 0) nb[k++] = p - N;
          if (px + 1 < N) nb[k++] = p + N;
          if (py > 0) nb[k++] = p - 1;
          if (py + 1 < N) nb[k++] = p + 1;
          for (guint j = 0; j < k; j++)
            if (wet[nb[j]] && f->wbid[nb[j]] == 0)
              {
                set_water (f, nb[j] / N, nb[j] % N, (guint16) next_id);
                g_array_append_val (stack, nb[j]);
              }
        }
      if (next_id == 2)
        first_lake_pixels = count;
      if (next_id == 3)
        second_start = i;
      lake_pixels += count;
      next_id++;
    }
  g_assert_cmpuint (next_id, >, 1000);
  fixture_derive (f);
  findings = audit_fixture (f);
  assert_clean (findings);
  g_clear_pointer (&findings, g_ptr_array_unref);

  for (gsize i = 0; i < (gsize) N * N; i++)
    if (f->wbid[i] >= 2)
      f->wbid[i] = 2;
  fixture_derive (f);
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_WATER_CONNECTIVITY, MS_AUDIT_SEVERITY_ERROR,
               (int) (second_start / N), (int) (second_start % N),
               lake_pixels - first_lake_pixels);
}

/* The fast path for quiet blocks (16 pixels of land or of the sea with
 * nothing to report) against the pixel-by-pixel audit on maps with every
 * kind of fault sprinkled at random, in and at the edges of such blocks:
 * the same findings, counts, first pixels and locations. */
static void
test_quiet_blocks (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (38);

  for (guint round = 0; round < 24; round++)
    {
      g_autoptr(Fixture) f = fixture_new ();
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GPtrArray) fast = NULL, slow = NULL;
      guint n_faults = round == 0 ? 0 : g_rand_int_range (rand, 1, 40);

      fill_rect (f, 0, 7 + round, 0, N - 1, 1);
      fill_rect (f, 8 + round, N - 1, 0, N - 1, 0);
      for (guint lake = 0; lake < 6; lake++)
        {
          guint x0 = g_rand_int_range (rand, 40, N - 40), y0 = g_rand_int_range (rand, 4, N - 40);

          fill_rect (f, x0, x0 + g_rand_int_range (rand, 0, 30), y0, y0 + g_rand_int_range (rand, 0, 30),
                     (guint16) (2 + lake));
        }
      fixture_derive (f);
      for (guint k = 0; k < n_faults; k++)
        {
          gsize i = AT (g_rand_int_range (rand, 0, N), g_rand_int_range (rand, 0, N));

          switch (g_rand_int_range (rand, 0, 7))
            {
            case 0: f->height[i] = NAN; break;
            case 1: f->height[i] = INFINITY; break;
            case 2: f->height[i] = -INFINITY; break;
            case 3: f->biome[i] = f->biome[i] == DIRT ? LAKE : DIRT; break;
            case 4: f->wsrf[i] = (guint16) g_rand_int_range (rand, 0, 3); break;
            case 5: f->wbid[i] = (guint16) g_rand_int_range (rand, 0, 9); break;
            default: f->height[i] = 2.0f; break;
            }
        }
      bytes = fixture_encode (f);
      fast = audit_bytes (bytes);
      _ms_blueprint_audit_set_quiet_blocks (FALSE);
      slow = audit_bytes (bytes);
      _ms_blueprint_audit_set_quiet_blocks (TRUE);
      /* Random lakes may overlap or come out of id order: findings of
       * their own, the same both ways. */
      g_assert_cmpuint (fast->len, ==, slow->len);
      for (guint j = 0; j < fast->len; j++)
        {
          const MsAuditFinding *a = fast->pdata[j], *b = slow->pdata[j];

          g_assert_cmpstr (a->check, ==, b->check);
          g_assert_cmpstr (a->message, ==, b->message);
          g_assert_cmpint (a->severity, ==, b->severity);
          g_assert_cmpuint (a->x, ==, b->x);
          g_assert_cmpuint (a->y, ==, b->y);
          g_assert_cmpuint (a->count, ==, b->count);
          g_assert_cmpuint (a->n_locations, ==, b->n_locations);
          for (guint l = 0; l < a->n_locations; l++)
            {
              g_assert_cmpuint (a->locations[l].x, ==, b->locations[l].x);
              g_assert_cmpuint (a->locations[l].y, ==, b->locations[l].y);
            }
        }
    }
}

/* Which pixels the app tints for @finding: exactly @expected. */
static void
assert_marks (GBytes               *bytes,
              const MsAuditFinding *finding,
              const guint          *expected_xy,
              guint                 n_expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "fixture.dat", NULL, &error);
  guint n = ms_blueprint_get_map_size (bp), marked = 0;

  g_assert_no_error (error);
  for (guint x = 0; x < n; x++)
    for (guint y = 0; y < n; y++)
      marked += ms_audit_finding_marks_pixel (bp, finding, x, y);
  g_assert_cmpuint (marked, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_true (ms_audit_finding_marks_pixel (bp, finding, expected_xy[2 * i], expected_xy[2 * i + 1]));
}

static void
test_marks (void)
{
  /* Pixel-wise checks mark exactly the pixels set wrong by hand. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GPtrArray) findings = NULL;
    const guint xy[] = { 100, 50, 5, 20 };

    f->biome[AT (100, 50)] = LAKE;
    f->biome[AT (5, 20)] = DIRT;
    bytes = fixture_encode (f);
    findings = audit_bytes (bytes);
    assert_marks (bytes, g_ptr_array_index (findings, 0), xy, 2);
  }
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GPtrArray) findings = NULL;
    const guint xy[] = { 200, 200, 21, 31, 42, 11 };

    f->wsrf[AT (200, 200)] = 50;
    f->wsrf[AT (21, 31)] = 9000;
    f->wsrf[AT (42, 11)] = 0;
    bytes = fixture_encode (f);
    findings = audit_bytes (bytes);
    assert_marks (bytes, g_ptr_array_index (findings, 0), xy, 3);
  }
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GPtrArray) findings = NULL;
    const guint xy[] = { 150, 3, 7, 9 };

    f->height[AT (150, 3)] = INFINITY;
    f->height[AT (7, 9)] = NAN;
    bytes = fixture_encode (f);
    findings = audit_bytes (bytes);
    assert_marks (bytes, g_ptr_array_index (findings, 0), xy, 2);
  }

  /* A split lake: every pixel of that lake, both pieces. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GPtrArray) findings = NULL;
    g_autofree guint *xy = NULL;
    guint n_lake = 0;

    fill_rect (f, 60, 61, 60, 60, 2);
    fixture_derive (f);
    bytes = fixture_encode (f);
    findings = audit_bytes (bytes);
    g_assert_cmpstr (((MsAuditFinding *) g_ptr_array_index (findings, 0))->check, ==, MS_AUDIT_WATER_CONNECTIVITY);
    xy = g_new (guint, 2 * (gsize) N * N);
    for (guint x = 0; x < N; x++)
      for (guint y = 0; y < N; y++)
        if (f->wbid[AT (x, y)] == 2)
          {
            xy[2 * n_lake] = x;
            xy[2 * n_lake + 1] = y;
            n_lake++;
          }
    g_assert_cmpuint (n_lake, >, 2);
    assert_marks (bytes, g_ptr_array_index (findings, 0), xy, n_lake);
  }
}

static void
test_height_nonfinite (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  f->height[AT (150, 3)] = INFINITY;
  f->height[AT (7, 9)] = NAN;
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_HEIGHT_NONFINITE, MS_AUDIT_SEVERITY_ERROR, 7, 9, 2);
}

static void
test_town_bounds (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  /* On the last pixel's far edge is inside; the map's size is not. */
  f->town_x[0] = 255.99f;
  f->town_y[0] = 0.0f;
  findings = audit_fixture (f);
  assert_clean (findings);
  g_clear_pointer (&findings, g_ptr_array_unref);

  f->n_towns = 3;
  f->town_x[1] = 256.0f; f->town_y[1] = 10.0f;
  f->town_x[2] = 3.0f; f->town_y[2] = -0.5f;
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_TOWN_OUT_OF_BOUNDS, MS_AUDIT_SEVERITY_ERROR, -1, -1, 2);
}

static void
test_road_bounds (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;

  f->road_y_last = 300.0f;
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_ROAD_OUT_OF_BOUNDS, MS_AUDIT_SEVERITY_ERROR, -1, -1, 1);
  g_assert_nonnull (strstr (((MsAuditFinding *) g_ptr_array_index (findings, 0))->message, "trail"));
  g_clear_pointer (&findings, g_ptr_array_unref);

  f->road_y_last = NAN;
  findings = audit_fixture (f);
  assert_only (findings, MS_AUDIT_ROAD_OUT_OF_BOUNDS, MS_AUDIT_SEVERITY_ERROR, -1, -1, 1);
}

static GPtrArray *
audit_as (const Fixture *f,
          const char    *dir,
          const char    *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GBytes) bytes = fixture_encode (f);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  GPtrArray *findings;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), &error));
  bp = ms_blueprint_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  findings = ms_blueprint_audit (bp, NULL, &error);
  g_assert_no_error (error);
  return findings;
}

static void
test_seed_filename (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) good = audit_as (f, dir, "MapData_Seed_1234.dat");
  g_autoptr(GPtrArray) legacy_name = audit_as (f, dir, "MapData_Seed_1234_v1.dat");
  g_autoptr(GPtrArray) other_name = audit_as (f, dir, "island.dat");
  g_autoptr(GPtrArray) padded = audit_as (f, dir, "MapData_Seed_01234.dat");
  g_autoptr(GPtrArray) bad = audit_as (f, dir, "MapData_Seed_999.dat");
  g_autoptr(GPtrArray) sentinel = NULL;

  assert_clean (good);
  assert_clean (legacy_name);
  assert_clean (other_name);
  /* The server would look for MapData_Seed_1234.dat. */
  assert_only (padded, MS_AUDIT_SEED_FILENAME_MISMATCH, MS_AUDIT_SEVERITY_ERROR, -1, -1, 0);
  assert_only (bad, MS_AUDIT_SEED_FILENAME_MISMATCH, MS_AUDIT_SEVERITY_ERROR, -1, -1, 0);
  g_assert_nonnull (strstr (((MsAuditFinding *) g_ptr_array_index (bad, 0))->message, "999"));

  f->seed = 0;
  sentinel = audit_as (f, dir, "MapData_Seed_5.dat");
  assert_clean (sentinel);

  ms_test_remove_tree (dir);
}

static void
test_curve_params (void)
{
  /* Heights above peakCap (1.0): one pixel at (77, 88).  Within 1/32768
   * above it passes. */
  {
    g_autoptr(Fixture) f = fixture_new ();
    g_autoptr(GPtrArray) findings = NULL;

    f->height[AT (10, 10)] = 1.0f + 1.0f / 65536.0f;
    findings = audit_fixture (f);
    assert_clean (findings);
    g_clear_pointer (&findings, g_ptr_array_unref);

    f->height[AT (77, 88)] = 1.2f;
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_CURVE_PARAMS, MS_AUDIT_SEVERITY_WARNING, 77, 88, 1);
    g_clear_pointer (&findings, g_ptr_array_unref);

    /* Without a usable peakCap the ceiling is spikeMax (1.5). */
    f->peak_cap = NAN;
    findings = audit_fixture (f);
    assert_clean (findings);
    g_clear_pointer (&findings, g_ptr_array_unref);
    f->spike_max = 1.1f;
    findings = audit_fixture (f);
    assert_only (findings, MS_AUDIT_CURVE_PARAMS, MS_AUDIT_SEVERITY_WARNING, 77, 88, 1);
  }

  /* An unknown version. */
  for (guint16 version = 0; version < 6; version++)
    {
      g_autoptr(Fixture) f = fixture_new ();
      g_autoptr(GPtrArray) findings = NULL;

      f->curve_version = version;
      findings = audit_fixture (f);
      if (version >= 1 && version <= 3)
        assert_clean (findings);
      else
        assert_only (findings, MS_AUDIT_CURVE_PARAMS, MS_AUDIT_SEVERITY_WARNING, -1, -1, 0);
    }
}

static void
test_several (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GPtrArray) findings = NULL;
  const char * const *checks = ms_audit_get_checks ();

  f->height[AT (7, 9)] = NAN;
  f->curve_version = 9;
  f->town_x[0] = -1.0f;
  findings = audit_fixture (f);
  dump (findings);
  g_assert_cmpuint (findings->len, ==, 3);
  g_assert_cmpuint (ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR), ==, 2);
  g_assert_cmpuint (ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING), ==, 1);

  /* In the order of ms_audit_get_checks(). */
  g_assert_cmpstr (((MsAuditFinding *) g_ptr_array_index (findings, 0))->check, ==,
                   MS_AUDIT_HEIGHT_NONFINITE);
  g_assert_cmpstr (((MsAuditFinding *) g_ptr_array_index (findings, 1))->check, ==,
                   MS_AUDIT_TOWN_OUT_OF_BOUNDS);
  g_assert_cmpstr (((MsAuditFinding *) g_ptr_array_index (findings, 2))->check, ==,
                   MS_AUDIT_CURVE_PARAMS);
  g_assert_cmpuint (g_strv_length ((char **) checks), ==, 10);
  g_assert_cmpstr (checks[0], ==, "water-biome-mismatch");
}

static void
test_cancelled (void)
{
  g_autoptr(Fixture) f = fixture_new ();
  g_autoptr(GBytes) bytes = fixture_encode (f);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "fixture.dat", NULL, &error);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) findings = NULL;

  g_cancellable_cancel (cancellable);
  findings = ms_blueprint_audit (bp, cancellable, &error);
  g_assert_null (findings);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* Bounded memory: auditing a 2048² map (38 MiB of grids, mapped, so not
 * anonymous memory) must not allocate anything close to a grid (one u16
 * grid is 8 MiB).  The file is made by the CLI, so this process's heap has
 * never held it.  Sanitizer builds check the peak of the live heap, the
 * others the anonymous memory left afterwards. */
static void
test_memory (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.dat", NULL);
  const char *argv[] = { g_getenv ("MAPSMITH_CLI"), "demo", path, "--size", "2048", "--seed", "3", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  gsize before, after;
  int status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  bp = ms_blueprint_new_for_path (path, NULL, &error);
  g_assert_no_error (error);

  if (ms_test_heap_watch_available ())
    {
      gsize peak;

      ms_test_heap_watch_begin ();
      findings = ms_blueprint_audit (bp, NULL, &error);
      peak = ms_test_heap_watch_end ();
      g_assert_no_error (error);
      assert_clean (findings);
      g_test_message ("the live heap grew by at most %" G_GSIZE_FORMAT " KiB", peak / 1024);
      g_assert_cmpuint (peak, <, 4 * 1024 * 1024);
    }
  else
    {
      before = ms_test_rss_anon ();
      findings = ms_blueprint_audit (bp, NULL, &error);
      after = ms_test_rss_anon ();
      g_assert_no_error (error);
      assert_clean (findings);
      g_test_message ("anonymous memory grew by %" G_GSIZE_FORMAT " KiB",
                      (after - MIN (after, before)) / 1024);
      g_assert_cmpuint (after, <, before + 4 * 1024 * 1024);
    }

  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit/clean", test_clean);
  g_test_add_func ("/audit/marks", test_marks);
  g_test_add_func ("/audit/demo-clean", test_demo_clean);
  g_test_add_func ("/audit/water-biome-mismatch", test_water_biome);
  g_test_add_func ("/audit/water-surface-mismatch", test_water_surface);
  g_test_add_func ("/audit/water-table-mismatch", test_water_table);
  g_test_add_func ("/audit/water-id-order/swap", test_water_id_swap);
  for (guint i = 0; i < G_N_ELEMENTS (water_errors); i++)
    {
      g_autofree char *path = g_strconcat ("/audit/", water_errors[i].name, NULL);

      g_test_add_data_func (path, &water_errors[i], test_water_error);
    }
  g_test_add_func ("/audit/water-connectivity/random", test_random_lakes);
  g_test_add_func ("/audit/quiet-blocks", test_quiet_blocks);
  g_test_add_func ("/audit/height-nonfinite", test_height_nonfinite);
  g_test_add_func ("/audit/town-out-of-bounds", test_town_bounds);
  g_test_add_func ("/audit/road-out-of-bounds", test_road_bounds);
  g_test_add_func ("/audit/seed-filename-mismatch", test_seed_filename);
  g_test_add_func ("/audit/curve-params", test_curve_params);
  g_test_add_func ("/audit/several", test_several);
  g_test_add_func ("/audit/cancelled", test_cancelled);
  g_test_add_func ("/audit/memory", test_memory);

  return g_test_run ();
}
