/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The readouts' words for a blueprint pixel, with no display: a 256² file
 * written here (X outer: index x * 256 + y) whose heights, water, towns and
 * roads are few and placed by hand, so every expected string below is
 * worked out on paper from the numbers in make_fixture ().
 */
#include "config.h"

#include <math.h>

#include "ms-blueprint-describe.h"
#include "ms-test-util.h"

#define N 256

/* Heights 0.5 (0.6 with @raised), 0.2 at (10, 20), NaN at (0, 0).  Ocean
 * (body 1, biome 0, salt, surface 4916 → 0.15) where x < 8; a lake (body
 * 2, biome 1, fresh, surface 9831 → 0.3) on x, y in [100, 104) unless
 * @no_lake; Beach (biome 2) elsewhere.  Towns: a Hamlet at (50.5, 60.5), a
 * Village at (200, 3).  Roads: a highway along x = 33.25, a branch from
 * (10.5, 30.5) to (10.5, 40.5). */
static MsBlueprint *
make_fixture (gboolean raised,
              gboolean no_lake)
{
  g_autoptr(GByteArray) file = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

#define WATER(x, y) ((x) < 8 ? 1 : (!no_lake && (x) >= 100 && (x) < 104 && (y) >= 100 && (y) < 104) ? 2 : 0)
#define FLUSH(tag) G_STMT_START { ms_test_put_section (file, tag, p->data, p->len); g_byte_array_set_size (p, 0); } G_STMT_END

  ms_test_put_v2_head (file, 5, N);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_f32 (p, x == 0 && y == 0 ? NAN : x == 10 && y == 20 ? 0.2f : raised ? 0.6f : 0.5f);
  FLUSH ("HGTS");
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_u8 (p, WATER (x, y) == 1 ? 0 : WATER (x, y) == 2 ? 1 : 2);
  FLUSH ("BIOM");

  ms_test_put_u32 (p, 2);
  ms_test_put_f32 (p, 50.5f); ms_test_put_f32 (p, 60.5f); ms_test_put_u8 (p, 0); ms_test_put_u8 (p, 0);
  ms_test_put_f32 (p, 200.0f); ms_test_put_f32 (p, 3.0f); ms_test_put_u8 (p, 1); ms_test_put_u8 (p, 1);
  FLUSH ("TOWN");

  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_u16 (p, WATER (x, y));
  FLUSH ("WBID");
  ms_test_put_u32 (p, no_lake ? 1 : 2);
  ms_test_put_u16 (p, 1); ms_test_put_u8 (p, 0); ms_test_put_u8 (p, 1);
  ms_test_put_f32 (p, 0.15f); ms_test_put_u32 (p, 8 * N); ms_test_put_f32 (p, 4.0f); ms_test_put_f32 (p, 128.0f);
  if (!no_lake)
    {
      ms_test_put_u16 (p, 2); ms_test_put_u8 (p, 1); ms_test_put_u8 (p, 0);
      ms_test_put_f32 (p, 0.3f); ms_test_put_u32 (p, 16); ms_test_put_f32 (p, 102.0f); ms_test_put_f32 (p, 102.0f);
    }
  FLUSH ("WBTB");
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_u16 (p, WATER (x, y) == 1 ? 4916 : WATER (x, y) == 2 ? 9831 : 0);
  FLUSH ("WSRF");

  ms_test_put_u32 (p, 1);
  ms_test_put_u32 (p, 2);
  ms_test_put_f32 (p, 33.25f); ms_test_put_f32 (p, 0.0f);
  ms_test_put_f32 (p, 33.25f); ms_test_put_f32 (p, 255.0f);
  FLUSH ("RDHW");
  ms_test_put_u32 (p, 1);
  ms_test_put_u32 (p, 2);
  ms_test_put_f32 (p, 10.5f); ms_test_put_f32 (p, 30.5f);
  ms_test_put_f32 (p, 10.5f); ms_test_put_f32 (p, 40.5f);
  FLUSH ("RDBR");
  ms_test_put_u32 (p, 0);
  FLUSH ("RDRG");
  ms_test_put_u32 (p, 0);
  FLUSH ("RDTL");
#undef WATER
#undef FLUSH

  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&file));
  bp = ms_blueprint_new_for_bytes (bytes, "fixture.dat", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bp);
  return bp;
}

static void
assert_describes (MsBlueprint *bp,
                  guint        x,
                  guint        y,
                  const char  *expected)
{
  g_autofree char *text = ms_blueprint_describe_pixel (bp, x, y);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_pixel (void)
{
  g_autoptr(MsBlueprint) bp = make_fixture (FALSE, FALSE);

  /* Land.  0.2 × 251 = 50.2 m.  From the centre (10.5, 20.5): the Hamlet
   * is √(40² + 40²) = 56.6 px away, the Village √(189.5² + 17.5²) = 190.3;
   * the branch's nearest point is its end (10.5, 30.5), 10 px, the
   * highway 22.75. */
  assert_describes (bp, 10, 20,
                    "x 10, y 20 (X outer, Y inner)  ·  height 0.2000 raw = 50.2 m  ·  Beach  ·  "
                    "nearest town: Hamlet, 57 px  ·  nearest road: branch, 10 px");
  /* The swapped pixel is another one: x is the outer index.  (20.5, 10.5):
   * 0.5 × 251 = 125.5 m; Hamlet √(30² + 50²) = 58.3; highway 12.75,
   * branch √(10² + 20²) = 22.4. */
  assert_describes (bp, 20, 10,
                    "x 20, y 10 (X outer, Y inner)  ·  height 0.5000 raw = 125.5 m  ·  Beach  ·  "
                    "nearest town: Hamlet, 58 px  ·  nearest road: highway, 13 px");
  /* The lake at (101.5, 102.5): (9831 − 1) / 32768 = 0.29999 raw; Hamlet
   * √(51² + 42²) = 66.1; highway 68.25, branch √(91² + 62²) = 110.1. */
  assert_describes (bp, 101, 102,
                    "x 101, y 102 (X outer, Y inner)  ·  height 0.5000 raw = 125.5 m  ·  Lake  ·  "
                    "lake 2, fresh, surface 0.3000 raw  ·  nearest town: Hamlet, 66 px  ·  "
                    "nearest road: highway, 68 px");
  /* The sea at (3.5, 5.5): (4916 − 1) / 32768 = 0.14999 raw; Hamlet
   * √(47² + 55²) = 72.3; branch √(7² + 25²) = 26.0, highway 29.75. */
  assert_describes (bp, 3, 5,
                    "x 3, y 5 (X outer, Y inner)  ·  height 0.5000 raw = 125.5 m  ·  Ocean  ·  "
                    "ocean (body 1), salt, surface 0.1500 raw  ·  nearest town: Hamlet, 72 px  ·  "
                    "nearest road: branch, 26 px");
  /* The NaN corner: (0.5, 0.5) is √(50² + 60²) = 78.1 from the Hamlet,
   * √(10² + 30²) = 31.6 from the branch's end (10.5, 30.5), 32.75 from
   * the highway. */
  assert_describes (bp, 0, 0,
                    "x 0, y 0 (X outer, Y inner)  ·  height not a number  ·  Ocean  ·  "
                    "ocean (body 1), salt, surface 0.1500 raw  ·  nearest town: Hamlet, 78 px  ·  "
                    "nearest road: branch, 32 px");
  /* Near the Village at (200, 3): from (199.5, 2.5) it is 0.7 px. */
  {
    g_autofree char *text = ms_blueprint_describe_pixel (bp, 199, 2);

    g_assert_nonnull (strstr (text, "nearest town: Village, 1 px"));
  }

  g_assert_null (ms_blueprint_describe_pixel (bp, N, 0));
  g_assert_null (ms_blueprint_describe_pixel (bp, 0, N));
}

static void
test_pair (void)
{
  g_autoptr(MsBlueprint) a = make_fixture (FALSE, FALSE);
  g_autoptr(MsBlueprint) b = make_fixture (TRUE, TRUE);
  g_autofree char *lake = NULL;
  g_autofree char *land = NULL;
  g_autofree char *corner = NULL;

  /* (101, 102): A's lake is B's beach, 0.1 higher: 0.6 − 0.5 = 0.1 raw,
   * 25.1 m; 0.5 × 251 = 125.5 rounds to 126 m, 0.6 × 251 = 150.6 to 151. */
  lake = ms_blueprint_describe_pair (a, b, 101.5 / N, 102.5 / N);
  g_assert_cmpstr (lake, ==,
                   "A (101, 102) 0.5000 raw = 126 m, Lake, water 2   B (101, 102) 0.6000 raw = 151 m, Beach\n"
                   "B − A +0.1000 raw = +25 m, biome changed, water lost");
  /* (10, 20) holds 0.2 in both. */
  land = ms_blueprint_describe_pair (a, b, 10.5 / N, 20.5 / N);
  g_assert_cmpstr (land, ==,
                   "A (10, 20) 0.2000 raw = 50 m, Beach   B (10, 20) 0.2000 raw = 50 m, Beach\n"
                   "B − A +0.0000 raw = +0 m");
  /* No height in either at (0, 0): no difference either. */
  corner = ms_blueprint_describe_pair (a, b, 0.0, 0.0);
  g_assert_cmpstr (corner, ==,
                   "A (0, 0) no height, Ocean, water 1   B (0, 0) no height, Ocean, water 1\nB − A —");

  g_assert_null (ms_blueprint_describe_pair (a, b, 1.0, 0.5));
  g_assert_null (ms_blueprint_describe_pair (a, b, -0.01, 0.5));
  g_assert_null (ms_blueprint_describe_pair (a, b, 0.5, NAN));
}

/* The File page: counts and lengths from make_fixture ()'s numbers. */
static void
test_file (void)
{
  g_autoptr(MsBlueprint) bp = make_fixture (FALSE, FALSE);
  g_autofree char *text = ms_blueprint_describe_file (bp, "/maps/fixture.dat");
  g_autofree char *anonymous = ms_blueprint_describe_file (bp, NULL);
  const char *expected[] = {
    "Format v2, 256 × 256",
    "\nWorld seed 5",
    "\nWater bodies 2",
    /* One Hamlet, one Village, the Village a highway node. */
    "\n\nTowns 2 (highway nodes 1)\n  Hamlet  1\n  Village  1\n  Town  0\n  City  0",
    /* Paths, points, length: 255 px along x = 33.25; 10 px from y 30.5 to 40.5. */
    "\n  highway  1, 2, 255\n  branch  1, 2, 10\n  rugged  0, 0, 0\n  trail  0, 0, 0",
    "\nHGTS  ",
    "\nWSRF  ",
  };

  g_assert_true (g_str_has_prefix (text, "/maps/fixture.dat\n"));
  g_assert_false (g_str_has_prefix (anonymous, "/maps"));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (text, expected[i]) == NULL)
      g_error ("“%s” not in:\n%s", expected[i], text);
  /* No TCRV section: no terrain curve. */
  g_assert_null (strstr (text, "Terrain curve"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/blueprint-describe/pixel", test_pixel);
  g_test_add_func ("/blueprint-describe/pair", test_pair);
  g_test_add_func ("/blueprint-describe/file", test_file);
  return g_test_run ();
}
