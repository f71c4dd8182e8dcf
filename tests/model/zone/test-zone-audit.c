/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone audit: each check against a fixture built here that trips it and
 * the clean fixture that does not; the real zones 70 and 71 against every
 * check (no finding), and their altitude transposed or slope-packed by this
 * test (the finding).  Expected counts and first tiles are where this test
 * put the offences; tiles are row-major (index = y * width + x).
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-audit.h"
#include "ms-zone-edit.h"

#define N  128
#define ID 5

typedef struct
{
  guint    n;
  guint16 *alt, *ctl, *blend, *orig;  /* blend, orig: NULL = no file */
  guint8  *blk, *pl;                  /* 2 and 7 bytes a tile */
} Fixture;

static void
fixture_free (Fixture *f)
{
  g_free (f->alt);
  g_free (f->ctl);
  g_free (f->blend);
  g_free (f->orig);
  g_free (f->blk);
  g_free (f->pl);
  g_free (f);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fixture, fixture_free)

/* An island: a hill off the centre, longer along x than along y, so that
 * read transposed it lies elsewhere; the sea around it (below 600 raw) is
 * Island blocks; a few plants on open land; AntiPlant on a square with no
 * plants.  Deterministic noise keeps the low altitude bits unstructured. */
static Fixture *
fixture_clean (void)
{
  Fixture *f = g_new0 (Fixture, 1);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  f->n = N;
  f->alt = g_new0 (guint16, N * N);
  f->ctl = g_new0 (guint16, N * N);
  f->blk = g_new0 (guint8, 2 * N * N);
  f->pl = g_new0 (guint8, 7 * N * N);
  for (guint y = 0; y < N; y++)
    for (guint x = 0; x < N; x++)
      {
        gsize i = (gsize) y * N + x;
        double dx = (x - 40.0) / 30.0, dy = (y - 75.0) / 18.0;
        double hgt = 3000.0 * exp (-dx * dx - dy * dy) + 50.0 * sin (x / 5.0) * cos (y / 7.0) + 60.0;

        f->alt[i] = (guint16) (hgt + g_rand_int_range (rand, 0, 8));
        f->pl[7 * i + 3] = 131;
        f->pl[7 * i + 6] = 8;
        if (hgt < 600)
          {
            f->blk[2 * i] = MS_ZONE_BLOCKING_ISLAND;
            f->blk[2 * i + 1] = 1;
          }
        else if ((x + y) % 17 == 0)
          f->pl[7 * i] = 1 + (x % 5);
        if (x >= 30 && x < 40 && y >= 70 && y < 80)
          {
            f->ctl[i] = MS_ZONE_CONTROL_ANTI_PLANT;
            f->pl[7 * i] = 0;
          }
      }
  return f;
}

static void
put16 (const char    *dir,
       const char    *layer,
       const guint16 *v,
       gsize          n)
{
  g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layer, ID);
  g_autofree guint8 *b = g_malloc (2 * n);

  for (gsize i = 0; i < n; i++)
    {
      b[2 * i] = v[i] & 0xff;
      b[2 * i + 1] = v[i] >> 8;
    }
  ms_test_put_file (dir, name, b, 2 * n);
}

/* The fixture's layer files in a fresh folder, as zone ID. */
static char *
write_fixture (Fixture *f)
{
  char *dir = ms_test_make_tmpdir ();
  g_autofree char *blk = g_strdup_printf ("blocks.%04u.bin", ID);
  g_autofree char *pl = g_strdup_printf ("plants.%04u.bin", ID);
  gsize n = (gsize) f->n * f->n;

  put16 (dir, "altitude", f->alt, n);
  put16 (dir, "control", f->ctl, n);
  if (f->blend != NULL)
    put16 (dir, "altitude_blend", f->blend, n);
  if (f->orig != NULL)
    put16 (dir, "altitude_original", f->orig, n);
  ms_test_put_file (dir, blk, f->blk, 2 * n);
  ms_test_put_file (dir, pl, f->pl, 7 * n);
  return dir;
}

static GPtrArray *
audit_fixture_with (Fixture                  *f,
                    const MsZoneAuditOptions *options,
                    MsZoneAuditStats         *stats)
{
  g_autofree char *dir = write_fixture (f);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *findings;

  zone = ms_zone_new_for_dir (dir, ID, f->n, f->n, NULL, &error);
  g_assert_no_error (error);
  findings = ms_zone_audit (zone, options, stats, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&zone);
  ms_test_remove_tree (dir);
  return findings;
}

static GPtrArray *
audit_fixture (Fixture          *f,
               MsZoneAuditStats *stats)
{
  return audit_fixture_with (f, NULL, stats);
}

static const MsAuditFinding *
find (GPtrArray  *findings,
      const char *check)
{
  for (guint i = 0; i < findings->len; i++)
    {
      const MsAuditFinding *f = g_ptr_array_index (findings, i);
      if (g_str_equal (f->check, check))
        return f;
    }
  return NULL;
}

/* Exactly one finding, @check, at (x, y) with @count tiles. */
static void
assert_only (GPtrArray  *findings,
             const char *check,
             gboolean    has_location,
             guint       x,
             guint       y,
             guint64     count)
{
  const MsAuditFinding *f;

  for (guint i = 0; i < findings->len; i++)
    g_test_message ("finding: %s: %s", ((MsAuditFinding *) g_ptr_array_index (findings, i))->check,
                    ((MsAuditFinding *) g_ptr_array_index (findings, i))->message);
  g_assert_cmpuint (findings->len, ==, 1);
  f = find (findings, check);
  g_assert_nonnull (f);
  g_assert_cmpint (f->has_location, ==, has_location);
  if (has_location)
    {
      g_assert_cmpuint (f->x, ==, x);
      g_assert_cmpuint (f->y, ==, y);
      g_assert_cmpuint (f->count, ==, count);
      /* The listed locations start at the first and stop at the cap. */
      g_assert_cmpuint (f->n_locations, ==, MIN (count, MS_AUDIT_MAX_LOCATIONS));
      g_assert_cmpuint (f->locations[0].x, ==, x);
      g_assert_cmpuint (f->locations[0].y, ==, y);
    }
  else
    g_assert_cmpuint (f->n_locations, ==, 0);
  g_assert_nonnull (f->message);
}

static void
test_clean (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;
  MsZoneAuditStats st;

  findings = audit_fixture (f, &st);
  g_assert_cmpuint (findings->len, ==, 0);
  g_assert_true (st.transposed_checked);
  g_assert_true (st.packed_checked);
  g_assert_cmpfloat (st.corr_read, >, st.corr_transposed);
  g_assert_cmpfloat (st.packed_eta2, <, 0.2);
}

static void
test_transposed (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;
  g_autofree guint16 *t = g_new (guint16, N * N);
  MsZoneAuditStats st;

  /* x-outer: tile (x, y) written at index x * N + y. */
  for (guint y = 0; y < N; y++)
    for (guint x = 0; x < N; x++)
      t[x * N + y] = f->alt[y * N + x];
  memcpy (f->alt, t, sizeof (guint16) * N * N);
  findings = audit_fixture (f, &st);
  assert_only (findings, MS_ZONE_AUDIT_ALTITUDE_TRANSPOSED, FALSE, 0, 0, 0);
  g_assert_cmpfloat (st.corr_transposed, >, st.corr_read + 0.15);
}

/* The test's own slope: 4 × the length of the central-difference gradient
 * of raw >> 5, at most 31 — not the server's formula, as a generator's
 * would not be either. */
static void
pack_slope (guint16 *alt,
            guint    n)
{
  g_autofree guint16 *h = g_new (guint16, (gsize) n * n);

  for (gsize i = 0; i < (gsize) n * n; i++)
    h[i] = alt[i] >> 5;
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        double gx = h[y * n + MIN (x + 1, n - 1)] - h[y * n + (x > 0 ? x - 1 : 0)];
        double gy = h[MIN (y + 1, n - 1) * n + x] - h[(y > 0 ? y - 1 : 0) * n + x];
        guint s = (guint) MIN (31.0, 4.0 * sqrt (gx * gx + gy * gy));

        alt[y * n + x] = (guint16) ((h[y * n + x] << 5) | s);
      }
}

/* The tiles a slope-packed finding counts, by the header's definition:
 * interior tiles whose raw altitude differs from a 4-neighbour's and whose
 * low 5 bits are not 0, in row-major order; the first few go in @first. */
static guint64
packed_tiles (const guint16   *alt,
              guint            n,
              MsAuditLocation *first)
{
  guint64 count = 0;

  for (guint y = 1; y + 1 < n; y++)
    for (guint x = 1; x + 1 < n; x++)
      {
        guint16 r = alt[y * n + x];
        gboolean sloped = alt[y * n + x - 1] != r || alt[y * n + x + 1] != r ||
                          alt[(y - 1) * n + x] != r || alt[(y + 1) * n + x] != r;

        if (sloped && (r & 31) != 0 && count++ < MS_AUDIT_MAX_LOCATIONS)
          first[count - 1] = (MsAuditLocation) { x, y };
      }
  return count;
}

/* A generator using the server's own slope (ZONE_LAYERS_NOTES, worked here
 * from the text), scaled by 1/8 and clamped to 5 bits. */
static void
pack_server_slope (guint16 *alt,
                   guint    n)
{
  g_autofree guint16 *h = g_new (guint16, (gsize) n * n);

  for (gsize i = 0; i < (gsize) n * n; i++)
    h[i] = alt[i] >> 5;
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        guint x1 = MIN (x + 1, n - 1), y1 = MIN (y + 1, n - 1);
        int a = h[y * n + x], b = h[y * n + x1], c = h[y1 * n + x1], d = h[y1 * n + x];
        int e = (a + b) >> 1, f = (b + c) >> 1, g = (c + d) >> 1, hh = (d + e) >> 1;
        int i = (a + b + c + d) >> 2;
        int v[] = { a, b, c, d, e, f, g, hh };
        int s = 0;

        for (guint k = 0; k < G_N_ELEMENTS (v); k++)
          s += ABS (i - v[k]);
        s = MIN (2 * s, 255) / 8;
        alt[y * n + x] = (guint16) ((h[y * n + x] << 5) | MIN (s, 31));
      }
}

static void
test_slope_packed (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;
  MsZoneAuditStats st;
  MsAuditLocation first[MS_AUDIT_MAX_LOCATIONS];
  guint64 low;

  pack_slope (f->alt, N);
  findings = audit_fixture (f, &st);
  g_assert_cmpfloat (st.packed_eta2, >=, 0.5);
  low = packed_tiles (f->alt, N, first);
  assert_only (findings, MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED, TRUE, first[0].x, first[0].y, low);
  for (guint k = 0; k < MS_AUDIT_MAX_LOCATIONS; k++)
    {
      const MsAuditFinding *fd = g_ptr_array_index (findings, 0);

      g_assert_cmpuint (fd->locations[k].x, ==, first[k].x);
      g_assert_cmpuint (fd->locations[k].y, ==, first[k].y);
    }
}

static void
test_plants (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;
  const guint16 forbidden[] = { MS_ZONE_CONTROL_ANTI_PLANT, MS_ZONE_CONTROL_ROAMING,
                                MS_ZONE_CONTROL_HIGHWAY, MS_ZONE_CONTROL_PBS_HIGHWAY,
                                MS_ZONE_CONTROL_CONCRETE_A, MS_ZONE_CONTROL_CONCRETE_B };

  /* One plant on each forbidden flag, along row 100 from x = 60, and
   * SyndicateArea (which allows plants) beside them. */
  for (guint k = 0; k < G_N_ELEMENTS (forbidden); k++)
    {
      f->ctl[100 * N + 60 + k] = forbidden[k];
      f->pl[7 * (100 * N + 60 + k)] = 2;
      f->blk[2 * (100 * N + 60 + k)] = 0;
      f->blk[2 * (100 * N + 60 + k) + 1] = 0;
    }
  f->ctl[100 * N + 70] = MS_ZONE_CONTROL_SYNDICATE_AREA;
  f->pl[7 * (100 * N + 70)] = 2;
  f->blk[2 * (100 * N + 70)] = 0;
  f->blk[2 * (100 * N + 70) + 1] = 0;
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, TRUE, 60, 100, G_N_ELEMENTS (forbidden));
  for (guint k = 0; k < G_N_ELEMENTS (forbidden); k++)
    {
      const MsAuditFinding *fd = g_ptr_array_index (findings, 0);

      g_assert_cmpuint (fd->locations[k].x, ==, 60 + k);
      g_assert_cmpuint (fd->locations[k].y, ==, 100);
    }
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* Live plants on Obstacle and Island; Decor and Plant blocks are fine. */
  g_clear_pointer (&f, fixture_free);
  f = fixture_clean ();
  f->blk[2 * (3 * N + 5)] = MS_ZONE_BLOCKING_ISLAND;
  f->pl[7 * (3 * N + 5)] = 1;
  f->blk[2 * (90 * N + 50)] = MS_ZONE_BLOCKING_OBSTACLE;
  f->blk[2 * (90 * N + 50) + 1] = 3;
  f->pl[7 * (90 * N + 50)] = 4;
  f->blk[2 * (91 * N + 50)] = MS_ZONE_BLOCKING_DECOR | MS_ZONE_BLOCKING_PLANT;
  f->blk[2 * (91 * N + 50) + 1] = 3;
  f->pl[7 * (91 * N + 50)] = 4;
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_PLANT_ON_BLOCKED, TRUE, 5, 3, 2);
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* Plant type 20 is past the server's 0..19; 19 is Devrinol. */
  g_clear_pointer (&f, fixture_free);
  f = fixture_clean ();
  /* On open land near the hill's top. */
  f->pl[7 * (75 * N + 50)] = 20;
  f->pl[7 * (75 * N + 51)] = 19;
  f->pl[7 * (76 * N + 52)] = 255;
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_PLANT_TYPE_UNKNOWN, TRUE, 50, 75, 2);
}

static void
test_terraform (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;

  f->ctl[10 * N + 20] = MS_ZONE_CONTROL_TERRAFORM_PROTECTED;
  f->ctl[10 * N + 21] = MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED;
  f->ctl[11 * N + 0] = MS_ZONE_CONTROL_TERRAFORM_PROTECTED | MS_ZONE_CONTROL_SYNDICATE_AREA;
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_TERRAFORM_PROTECTED, TRUE, 20, 10, 3);
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* Said terraformable (the database's flag, which no file holds): none. */
  {
    MsZoneAuditOptions yes = { MS_ZONE_AUDIT_TERRAFORMABLE_YES };

    findings = audit_fixture_with (f, &yes, NULL);
    g_assert_cmpuint (findings->len, ==, 0);
    g_clear_pointer (&findings, g_ptr_array_unref);
  }

  /* The same on a terraformable zone (a full-range blend): no finding. */
  f->blend = g_new0 (guint16, N * N);
  for (guint i = 0; i < N * N; i++)
    f->blend[i] = (guint16) ((i * 37u) % 65536u);
  findings = audit_fixture (f, NULL);
  g_assert_cmpuint (findings->len, ==, 0);
  g_clear_pointer (&findings, g_ptr_array_unref);

  /* ... unless said not to be, a stray blend file. */
  {
    MsZoneAuditOptions no = { MS_ZONE_AUDIT_TERRAFORMABLE_NO };

    findings = audit_fixture_with (f, &no, NULL);
    assert_only (findings, MS_ZONE_AUDIT_TERRAFORM_PROTECTED, TRUE, 20, 10, 3);
    g_assert_nonnull (strstr (((MsAuditFinding *) g_ptr_array_index (findings, 0))->message, "as given"));
    g_clear_pointer (&findings, g_ptr_array_unref);
  }

  /* An 8-bit blend: the range finding, at the first non-zero value. */
  for (guint i = 0; i < N * N; i++)
    f->blend[i] = (i % 3 == 0) ? 0 : (guint16) (i % 256);
  findings = audit_fixture (f, NULL);
  {
    guint64 nonzero = 0;
    for (guint i = 0; i < N * N; i++)
      nonzero += f->blend[i] != 0;
    assert_only (findings, MS_ZONE_AUDIT_BLEND_RANGE, TRUE, 1, 0, nonzero);
  }
}

static void
test_barrier (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;
  /* (x, y) row 50, blend, original, altitude; hand-worked barriers:
   * blend 0 and original 2000 allow 1850..30000; blend 32768 (t = 0.5000076)
   * and original 10000 allow (guint16) (1850 + 8150 t) = 5925 up to
   * (guint16) (30000 - 20000 t) = 19999. */
  const struct { guint x; guint16 blend, orig, alt; gboolean bad; } tiles[] = {
    { 2, 0, 2000, 1849, TRUE }, { 4, 0, 2000, 1850, FALSE }, { 6, 0, 2000, 30000, FALSE },
    { 8, 32768, 10000, 5925, FALSE }, { 10, 32768, 10000, 5924, TRUE },
    { 12, 32768, 10000, 19999, FALSE }, { 14, 32768, 10000, 20000, TRUE },
  };

  /* Blend 65535 pins every tile to its original altitude, which the
   * original file holds: no finding. */
  f->blend = g_new (guint16, N * N);
  for (guint i = 0; i < N * N; i++)
    f->blend[i] = 65535;
  f->orig = g_memdup2 (f->alt, sizeof (guint16) * N * N);
  findings = audit_fixture (f, NULL);
  g_assert_cmpuint (findings->len, ==, 0);
  g_clear_pointer (&findings, g_ptr_array_unref);

  for (guint k = 0; k < G_N_ELEMENTS (tiles); k++)
    {
      gsize i = 50 * N + tiles[k].x;

      f->blend[i] = tiles[k].blend;
      f->orig[i] = tiles[k].orig;
      f->alt[i] = tiles[k].alt;
    }
  /* A pinned tile moved by one. */
  f->alt[40 * N + 41] += 1;
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_ALTITUDE_OUTSIDE_BARRIER, TRUE, 41, 40, 4);
}

static void
test_control_bits (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;

  f->ctl[5 * N + 7] = 32;
  f->ctl[6 * N + 0] = 2048 | MS_ZONE_CONTROL_HIGHWAY;
  f->ctl[127 * N + 127] = 0x8000;
  f->ctl[7 * N + 0] = MS_ZONE_CONTROL_NPC_RESTRICTED;  /* 1024 is known */
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS, TRUE, 7, 5, 3);
}

static void
test_blocks_height (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autoptr(GPtrArray) findings = NULL;

  f->blk[2 * (64 * N + 64)] = 0;
  f->blk[2 * (64 * N + 64) + 1] = 9;
  f->blk[2 * (65 * N + 64)] = MS_ZONE_BLOCKING_DECOR;  /* a flag: fine */
  f->blk[2 * (65 * N + 64) + 1] = 9;
  findings = audit_fixture (f, NULL);
  assert_only (findings, MS_ZONE_AUDIT_BLOCKS_HEIGHT_NO_FLAG, TRUE, 64, 64, 1);
}

/* The real zones, read from tests/data/zones/ (never written). */
static char *
real_dir (guint id)
{
  g_autofree char *name = g_strdup_printf ("%04u", id);

  return g_test_build_filename (G_TEST_DIST, "data", "zones", name, NULL);
}

static guint8 *
read_layer (const char *dir,
            const char *layer,
            guint       id,
            gsize      *len)
{
  g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layer, id);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *bytes = NULL;

  g_assert_true (g_file_get_contents (path, &bytes, len, NULL));
  return (guint8 *) bytes;
}

/* Every tile-wise check, worked out here from the raw bytes with the
 * numbers of docs/ZONE_LAYERS_NOTES.md (not ms-zone.h's names): how many
 * tiles each would flag.  Zones 70 and 71 ship no altitude_blend, so they
 * are not terraformable and have no barrier. */
typedef struct
{
  guint64 not_allowed, on_blocked, protected, unknown_bits, unknown_plant, height_no_flag;
} RawCounts;

static void
count_raw (const char *dir,
           guint       id,
           RawCounts  *c)
{
  gsize lc, lb, lp;
  g_autofree guint8 *ctl = read_layer (dir, "control", id, &lc);
  g_autofree guint8 *blk = read_layer (dir, "blocks", id, &lb);
  g_autofree guint8 *pl = read_layer (dir, "plants", id, &lp);
  gsize n = lc / 2;

  g_assert_cmpuint (lb, ==, 2 * n);
  g_assert_cmpuint (lp, ==, 7 * n);
  memset (c, 0, sizeof *c);
  for (gsize i = 0; i < n; i++)
    {
      guint control = ctl[2 * i] | (ctl[2 * i + 1] << 8);
      guint type = pl[7 * i];

      /* AntiPlant 1, ConcreteA 8, ConcreteB 16, Roaming 64, Highway 128, PBSHighway 256. */
      c->not_allowed += type != 0 && (control & (1 | 8 | 16 | 64 | 128 | 256)) != 0;
      /* Obstacle 1, Island 8. */
      c->on_blocked += type != 0 && (blk[2 * i] & (1 | 8)) != 0;
      c->protected += (control & (2 | 512)) != 0;
      c->unknown_bits += (control & 32) != 0 || control > 2047;
      c->unknown_plant += type > 19;
      c->height_no_flag += blk[2 * i] == 0 && blk[2 * i + 1] != 0;
    }
}

static void
test_real_clean (void)
{
  for (guint id = 70; id <= 71; id++)
    {
      g_autofree char *dir = real_dir (id);
      g_autofree char *idtext = g_strdup_printf ("%u", id);
      g_autoptr(MsZone) zone = NULL;
      g_autoptr(GPtrArray) findings = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_auto(MsTestRun) run = { 0 };
      MsZoneAuditStats st;
      RawCounts raw;
      JsonObject *o;

      /* What a person finds counting the bytes: nothing to flag. */
      count_raw (dir, id, &raw);
      g_assert_cmpuint (raw.not_allowed, ==, 0);
      g_assert_cmpuint (raw.on_blocked, ==, 0);
      g_assert_cmpuint (raw.protected, ==, 0);
      g_assert_cmpuint (raw.unknown_bits, ==, 0);
      g_assert_cmpuint (raw.unknown_plant, ==, 0);
      g_assert_cmpuint (raw.height_no_flag, ==, 0);

      zone = ms_zone_new_for_dir (dir, id, 0, 0, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE_BLEND));
      findings = ms_zone_audit (zone, NULL, &st, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (findings->len, ==, 0);
      /* Both statistics were computed, and far from their thresholds. */
      g_assert_true (st.transposed_checked);
      g_assert_cmpfloat (st.corr_read, >, 0.85);
      g_assert_cmpfloat (st.corr_transposed, <, 0.7);
      g_assert_true (st.packed_checked);
      g_assert_cmpfloat (st.packed_eta2, <, 0.1);

      ms_test_run_cli (&run, "zone", "audit", "--json", dir, idtext, NULL);
      g_assert_cmpint (run.status, ==, 0);
      o = ms_test_parse_json (run.out, parser);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "findings")), ==, 0);
      g_assert_cmpint (json_object_get_int_member (o, "errors"), ==, 0);
    }
}

/* Each real zone's altitude written x-outer, slope-packed (by a gradient
 * of the test's and by the server's slope), and both, by
 * this test; the other layers as they are.  The JSON lists the findings
 * in check order, the packed one with the count and first tiles this test
 * works out itself. */
static void
test_real_broken (void)
{
  for (guint id = 70; id <= 71; id++)
    /* 1: transposed, 2: packed, 3: both, 6: packed with the server's slope */
    for (guint kind = 1; kind <= 6; kind += kind < 3 ? 1 : 3)
      {
        g_autofree char *src = real_dir (id);
        g_autofree char *dir = ms_test_make_tmpdir ();
        g_autofree char *idtext = g_strdup_printf ("%u", id);
        g_autoptr(JsonParser) parser = json_parser_new ();
        g_auto(MsTestRun) run = { 0 };
        g_auto(MsTestRun) text = { 0 };
        const char *layers[] = { "blocks", "control", "plants" };
        g_autofree char *alt_name = g_strdup_printf ("altitude.%04u.bin", id);
        g_autofree guint8 *data = NULL;
        g_autofree guint16 *alt = NULL, *out = NULL;
        MsAuditLocation first[MS_AUDIT_MAX_LOCATIONS];
        gsize len;
        guint n, expected = (kind == 3) ? 2 : 1, k = 0;
        gboolean transposed = kind == 1 || kind == 3;
        JsonArray *arr;
        JsonObject *o, *f = NULL;

        for (guint l = 0; l < G_N_ELEMENTS (layers); l++)
          {
            g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layers[l], id);
            gsize blen;
            g_autofree guint8 *bytes = read_layer (src, layers[l], id, &blen);

            ms_test_put_file (dir, name, bytes, blen);
          }
        data = read_layer (src, "altitude", id, &len);
        n = (guint) sqrt ((double) (len / 2));
        g_assert_cmpuint ((gsize) n * n * 2, ==, len);
        alt = g_new (guint16, (gsize) n * n);
        out = g_new (guint16, (gsize) n * n);
        for (gsize i = 0; i < (gsize) n * n; i++)
          alt[i] = data[2 * i] | (data[2 * i + 1] << 8);
        memcpy (out, alt, sizeof (guint16) * n * n);
        if (transposed)
          for (guint y = 0; y < n; y++)
            for (guint x = 0; x < n; x++)
              out[(gsize) x * n + y] = alt[(gsize) y * n + x];
        if (kind == 6)
          pack_server_slope (out, n);
        else if (kind & 2)
          pack_slope (out, n);
        {
          g_autofree guint8 *b = g_malloc (len);
          for (gsize i = 0; i < (gsize) n * n; i++)
            {
              b[2 * i] = out[i] & 0xff;
              b[2 * i + 1] = out[i] >> 8;
            }
          ms_test_put_file (dir, alt_name, b, len);
        }

        ms_test_run_cli (&run, "zone", "audit", "--json", dir, idtext, NULL);
        g_assert_cmpint (run.status, ==, 3);
        o = ms_test_parse_json (run.out, parser);
        arr = json_object_get_array_member (o, "findings");
        g_assert_cmpuint (json_array_get_length (arr), ==, expected);
        g_assert_cmpint (json_object_get_int_member (o, "errors"), ==, expected);
        if (transposed)
          {
            f = json_array_get_object_element (arr, k++);
            g_assert_cmpstr (json_object_get_string_member (f, "check"), ==, MS_ZONE_AUDIT_ALTITUDE_TRANSPOSED);
            /* A whole-layer finding: no tile to point at (x and y null). */
            g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (f, "x")));
            g_assert_false (json_object_has_member (f, "locations"));
          }
        if (kind & 2)
          {
            guint64 count = packed_tiles (out, n, first);
            JsonArray *locs;

            f = json_array_get_object_element (arr, k++);
            g_assert_cmpstr (json_object_get_string_member (f, "check"), ==, MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED);
            g_assert_cmpint (json_object_get_int_member (f, "count"), ==, (gint64) count);
            g_assert_cmpint (json_object_get_int_member (f, "x"), ==, first[0].x);
            g_assert_cmpint (json_object_get_int_member (f, "y"), ==, first[0].y);
            locs = json_object_get_array_member (f, "locations");
            g_assert_cmpuint (json_array_get_length (locs), ==, MS_AUDIT_MAX_LOCATIONS);
            for (guint j = 0; j < MS_AUDIT_MAX_LOCATIONS; j++)
              {
                JsonArray *xy = json_array_get_array_element (locs, j);

                g_assert_cmpint (json_array_get_int_element (xy, 0), ==, first[j].x);
                g_assert_cmpint (json_array_get_int_element (xy, 1), ==, first[j].y);
              }
          }
        g_assert_cmpstr (json_object_get_string_member (f, "severity"), ==, "error");

        /* The text form: a line naming each check, the same exit status. */
        ms_test_run_cli (&text, "zone", "audit", dir, idtext, NULL);
        g_assert_cmpint (text.status, ==, 3);
        g_assert_true (g_str_has_prefix (text.out, "error "));
        g_assert_nonnull (strstr (text.out, json_object_get_string_member (f, "check")));
        if (kind & 2)
          {
            g_autofree char *also = g_strdup_printf ("  also at (%u, %u) (%u, %u)", first[1].x, first[1].y,
                                                     first[2].x, first[2].y);
            g_assert_nonnull (strstr (text.out, also));
          }
        ms_test_remove_tree (dir);
      }
}

static void
test_cli_usage (void)
{
  g_auto(MsTestRun) a = { 0 };
  g_auto(MsTestRun) b = { 0 };
  g_auto(MsTestRun) c = { 0 };
  g_autofree char *dir = ms_test_make_tmpdir ();

  ms_test_run_cli (&a, "zone", "audit", NULL);
  g_assert_cmpint (a.status, ==, 2);
  ms_test_run_cli (&b, "zone", "audit", "/nonexistent/folder", "3", NULL);
  g_assert_cmpint (b.status, ==, 2);
  /* A layer file that fits no zone size is an invalid zone. */
  ms_test_put_file (dir, "plants.0003.bin", "0123456789", 10);
  ms_test_run_cli (&c, "zone", "audit", dir, "3", NULL);
  g_assert_cmpint (c.status, ==, 1);
  g_assert_nonnull (strstr (c.err, "plants.0003.bin"));
  ms_test_remove_tree (dir);
}

/* --terraformable: TerraformProtected on a zone with no blend file warns
 * (exit 0: a warning) unless the zone is said to be terraformable. */
static void
test_cli_terraformable (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autofree char *dir = NULL;
  g_autofree char *id = g_strdup_printf ("%u", ID);
  const char *modes[] = { NULL, "--terraformable=auto", "--terraformable=no", "--terraformable=yes" };

  f->ctl[9 * N + 3] = MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED;
  dir = write_fixture (f);
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_auto(MsTestRun) run = { 0 };
      JsonObject *o;
      JsonArray *arr;

      if (modes[m] != NULL)
        ms_test_run_cli (&run, "zone", "audit", "--json", modes[m], dir, id, NULL);
      else
        ms_test_run_cli (&run, "zone", "audit", "--json", dir, id, NULL);
      g_assert_cmpint (run.status, ==, 0);
      o = ms_test_parse_json (run.out, parser);
      arr = json_object_get_array_member (o, "findings");
      g_assert_cmpuint (json_array_get_length (arr), ==, m == 3 ? 0 : 1);
      if (m < 3)
        {
          JsonObject *fd = json_array_get_object_element (arr, 0);

          g_assert_cmpstr (json_object_get_string_member (fd, "check"), ==, MS_ZONE_AUDIT_TERRAFORM_PROTECTED);
          g_assert_cmpstr (json_object_get_string_member (fd, "severity"), ==, "warning");
          g_assert_cmpint (json_object_get_int_member (fd, "x"), ==, 3);
          g_assert_cmpint (json_object_get_int_member (fd, "y"), ==, 9);
          g_assert_cmpint (json_object_get_int_member (o, "warnings"), ==, 1);
        }
    }
  {
    g_auto(MsTestRun) bad = { 0 };

    ms_test_run_cli (&bad, "zone", "audit", "--terraformable=maybe", dir, id, NULL);
    g_assert_cmpint (bad.status, ==, 2);
  }
  ms_test_remove_tree (dir);
}

/* An edit as the painter's save sees it: AntiPlant over a rectangle of the
 * clean fixture's land adds plant-not-allowed on exactly the live plants
 * in it (counted here from the plant bytes); the region of that check is
 * every one of them, not the first 16; clearing the plants there (one
 * step) leaves no finding and keeps each tile's spawn and ground bytes. */
static void
test_region_compare (void)
{
  g_autoptr(Fixture) f = fixture_clean ();
  g_autofree char *dir = write_fixture (f);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) before = NULL, after = NULL, fixed = NULL;
  g_autoptr(GArray) changes = NULL;
  g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (N, N, 0, 60, N, 40);
  g_autoptr(MsZoneRegion) region = NULL;
  g_autofree char *text = NULL;
  MsZoneOp anti = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ANTI_PLANT, 0, 0 };
  MsZoneOp clear = { MS_ZONE_OP_CLEAR_PLANT, 0, 0, 0 };
  guint64 expected = 0;
  const MsZoneAuditChange *c;

  for (guint y = 60; y < 100; y++)
    for (guint x = 0; x < N; x++)
      expected += f->pl[7 * (y * N + x)] != 0;
  g_assert_cmpuint (expected, >, MS_AUDIT_MAX_LOCATIONS);

  zone = ms_zone_new_for_dir (dir, ID, N, N, NULL, &error);
  g_assert_no_error (error);
  before = ms_zone_audit (zone, NULL, NULL, NULL, &error);
  g_assert_cmpuint (before->len, ==, 0);
  g_assert_true (ms_zone_apply (zone, &anti, rect, &error));
  after = ms_zone_audit (zone, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  changes = ms_zone_audit_compare (before, after);
  g_assert_cmpuint (changes->len, ==, 1);
  c = &g_array_index (changes, MsZoneAuditChange, 0);
  g_assert_cmpstr (c->check, ==, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED);
  g_assert_cmpint (c->severity, ==, MS_AUDIT_SEVERITY_ERROR);
  g_assert_cmpuint (c->before, ==, 0);
  g_assert_cmpuint (c->after, ==, expected);
  text = ms_zone_audit_describe_change (c);
  g_assert_nonnull (strstr (text, "plant-not-allowed"));
  /* The same audit twice adds nothing. */
  g_clear_pointer (&changes, g_array_unref);
  changes = ms_zone_audit_compare (after, after);
  g_assert_cmpuint (changes->len, ==, 0);

  region = ms_zone_audit_get_region (zone, NULL, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, expected);
  for (guint y = 0; y < N; y++)
    for (guint x = 0; x < N; x++)
      g_assert_cmpint (ms_zone_region_contains (region, x, y), ==,
                       y >= 60 && y < 100 && f->pl[7 * (y * N + x)] != 0);
  g_clear_pointer (&region, ms_zone_region_unref);
  /* Against the files as they are (unedited): the edit made all of them;
   * against the edited zone itself, none. */
  {
    g_autoptr(MsZone) disk = ms_zone_new_for_dir (dir, ID, N, N, NULL, &error);

    region = ms_zone_audit_get_added_region (zone, disk, NULL, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, NULL, &error);
    g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, expected);
    g_clear_pointer (&region, ms_zone_region_unref);
    region = ms_zone_audit_get_added_region (zone, zone, NULL, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, NULL, &error);
    g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, 0);
    g_clear_pointer (&region, ms_zone_region_unref);
  }
  /* A whole-layer check has no tiles. */
  region = ms_zone_audit_get_region (zone, NULL, MS_ZONE_AUDIT_ALTITUDE_TRANSPOSED, NULL, &error);
  g_assert_cmpuint (ms_zone_region_count_tiles (region), ==, 0);
  g_clear_pointer (&region, ms_zone_region_unref);

  region = ms_zone_audit_get_region (zone, NULL, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, NULL, &error);
  g_assert_true (ms_zone_apply (zone, &clear, region, &error));
  fixed = ms_zone_audit (zone, NULL, NULL, NULL, &error);
  g_assert_cmpuint (fixed->len, ==, 0);
  for (guint y = 60; y < 100; y++)
    for (guint x = 0; x < N; x++)
      {
        guint8 p[MS_ZONE_PLANT_INFO_SIZE];

        ms_zone_get_plant (zone, x, y, p);
        g_assert_cmpuint (p[MS_ZONE_PLANT_TYPE], ==, 0);
        g_assert_cmpuint (p[MS_ZONE_PLANT_SPAWN], ==, 131);
        g_assert_cmpuint (p[MS_ZONE_PLANT_GROUND_TYPE], ==, 8);
      }
  /* One step: undone, the plants are back. */
  g_assert_true (ms_zone_undo (zone));
  g_clear_pointer (&fixed, g_ptr_array_unref);
  fixed = ms_zone_audit (zone, NULL, NULL, NULL, &error);
  g_assert_cmpuint (fixed->len, ==, 1);
  g_assert_cmpuint (((MsAuditFinding *) g_ptr_array_index (fixed, 0))->count, ==, expected);

  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-audit/clean", test_clean);
  g_test_add_func ("/zone-audit/altitude-transposed", test_transposed);
  g_test_add_func ("/zone-audit/altitude-slope-packed", test_slope_packed);
  g_test_add_func ("/zone-audit/plants", test_plants);
  g_test_add_func ("/zone-audit/terraform", test_terraform);
  g_test_add_func ("/zone-audit/barrier", test_barrier);
  g_test_add_func ("/zone-audit/control-unknown-bits", test_control_bits);
  g_test_add_func ("/zone-audit/blocks-height-without-flag", test_blocks_height);
  g_test_add_func ("/zone-audit/region-and-compare", test_region_compare);
  g_test_add_func ("/zone-audit/real-zones-clean", test_real_clean);
  g_test_add_func ("/zone-audit/real-zones-broken", test_real_broken);
  g_test_add_func ("/zone-audit/cli-usage", test_cli_usage);
  g_test_add_func ("/zone-audit/cli-terraformable", test_cli_terraformable);
  return g_test_run ();
}
