/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the seed gallery asks of a row beyond `stats` (whose figures
 * tests/cli/test-cli-stats.c checks): the names a filter may use, the
 * audit run after the other figures, and the hypsometric curve.
 *
 * The map: 256², height = x raw units (X outer, Y inner), Grassland
 * everywhere but x < 64, Ocean (biome 0; no WBID).
 */
#include "config.h"

#include <math.h>
#include <glib/gstdio.h>

#include "ms-blueprint-stats.h"
#include "ms-test-util.h"

static char *
write_map (const char *dir)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_5.dat", NULL);

  ms_test_put_v2_head (out, 5, 256);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      ms_test_put_f32 (p, (float) x);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      ms_test_put_u8 (p, x < 64 ? 0 : 4);
  ms_test_put_section (out, "BIOM", p->data, p->len);
  g_assert_true (g_file_set_contents (path, (const char *) out->data, out->len, NULL));
  return g_steal_pointer (&path);
}

static void
check_names (void)
{
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  g_auto(GStrv) keys = ms_blueprint_stats_get_keys (profile);
  /* Name → key, worked out from the field names and the default
   * profile's [Biomes] and [TownTiers]. */
  static const char * const pairs[][2] = {
    { "land", "land_pct" }, { "LAND", "land_pct" }, { "water", "water_pct" },
    { "lakes", "lakes" }, { "land_pct", "land_pct" }, { "p50", "height.p50" },
    { "median", "height.p50" }, { "p95_m", "height_m.p95" }, { "height.min", "height.min" },
    { "coast", "coastline_m" }, { "hi", "hypsometric_integral" },
    { "grassland", "biome_pct.4" }, { "Crater", "biome_pct.11" },
    { "city", "towns.by_tier.3" }, { "highway_nodes", "towns.highway_nodes" },
    { "trail", "roads_m.trail" }, { "errors", "audit.errors" }, { "seed", "seed" },
  };

  g_assert_cmpstr (keys[0], ==, "file");
  g_assert_cmpstr (keys[1], ==, "seed");
  g_assert_cmpstr (keys[2], ==, "map_size");
  g_assert_cmpstr (keys[3], ==, "error");
  /* 4 + metres_per_pixel, land, water, ocean, lake, lakes (6) + 12
   * heights + integral + coast + 12 biomes + 4 tiers + highway nodes +
   * 4 roads + 2 audit = 47. */
  g_assert_cmpuint (g_strv_length (keys), ==, 47);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_autofree char *key = ms_blueprint_stats_resolve_name (profile, pairs[i][0]);

      g_assert_cmpstr (key, ==, pairs[i][1]);
      g_assert_true (g_strv_contains ((const char * const *) keys, key));
    }
  g_assert_null (ms_blueprint_stats_resolve_name (profile, "lnd"));
  g_assert_null (ms_blueprint_stats_resolve_name (profile, ""));
}

static void
check_audit_later (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = write_map (dir);
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  g_autoptr(MsBlueprintStats) later = NULL, at_once = NULL;
  g_autoptr(GError) error = NULL;

  later = ms_blueprint_stats_measure (path, profile, 0, MS_STATS_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (ms_blueprint_stats_lookup (later, "audit.errors")->kind, ==, MS_STAT_NULL);
  at_once = ms_blueprint_stats_measure (path, profile, 0, MS_STATS_AUDIT, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ms_blueprint_stats_audit (later, profile, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ms_blueprint_stats_get_n_fields (later), ==, ms_blueprint_stats_get_n_fields (at_once));
  for (guint i = 0; i < ms_blueprint_stats_get_n_fields (later); i++)
    {
      const MsStat *a = ms_blueprint_stats_get_field (later, i);
      const MsStat *b = ms_blueprint_stats_get_field (at_once, i);

      g_assert_cmpstr (a->key, ==, b->key);
      g_assert_cmpint (a->kind, ==, b->kind);
      g_assert_cmpint (a->i, ==, b->i);
      g_assert_true (a->d == b->d || (isnan (a->d) && isnan (b->d)));
    }
  g_assert_cmpint (ms_blueprint_stats_lookup (later, "audit.errors")->kind, ==, MS_STAT_INT);

  /* A file gone since it was measured: the audit's error names it. */
  g_assert_no_errno (g_unlink (path));
  ms_blueprint_stats_free (g_steal_pointer (&later));
  later = ms_blueprint_stats_measure (path, profile, 0, MS_STATS_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ms_blueprint_stats_get_error (later));
  /* An error row has nothing to audit. */
  g_assert_true (ms_blueprint_stats_audit (later, profile, NULL, &error));
  g_assert_null (ms_blueprint_stats_get_curve (later, NULL));
  ms_test_remove_tree (dir);
}

static void
check_curve (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = write_map (dir);
  g_autoptr(MsBlueprintStats) stats = NULL;
  g_autoptr(GError) error = NULL;
  const double *curve;
  guint n = 0;

  stats = ms_blueprint_stats_measure (path, NULL, 0, MS_STATS_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  curve = ms_blueprint_stats_get_curve (stats, &n);
  g_assert_cmpuint (n, ==, 101);
  /* 256 − h columns at or above height h: entry 25 is the largest h with
   * (256 − h) × 256 ≥ 16384, h = 192; the ends are the range. */
  g_assert_cmpfloat (curve[0], ==, 255);
  g_assert_cmpfloat (curve[25], ==, 192);
  g_assert_cmpfloat (curve[100], ==, 0);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint/stats/names", check_names);
  g_test_add_func ("/blueprint/stats/audit-later", check_audit_later);
  g_test_add_func ("/blueprint/stats/curve", check_curve);
  return g_test_run ();
}
