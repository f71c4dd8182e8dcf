/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ms-profile.h"

static void
test_default (void)
{
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  const MsProfileEntry *ocean, *sand;

  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_BIOMES), ==, 12);
  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS), ==, 4);
  /* Plant and ground types are the server's (docs/ZONE_LAYERS_NOTES.md). */
  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_PLANT_TYPES), ==, 20);
  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_GROUND_TYPES), ==, 21);
  g_assert_cmpstr (ms_profile_get_label (profile, MS_PROFILE_PLANT_TYPES, 19), ==, "Devrinol");
  g_assert_cmpstr (ms_profile_get_label (profile, MS_PROFILE_GROUND_TYPES, 20), ==, "undefined");
  sand = ms_profile_get_entry (profile, MS_PROFILE_GROUND_TYPES, 8);
  g_assert_cmpstr (sand->name, ==, "Sand");

  ocean = ms_profile_get_entry (profile, MS_PROFILE_BIOMES, 0);
  g_assert_cmpstr (ocean->name, ==, "Ocean");
  g_assert_true (ocean->water);
  g_assert_true (ocean->ocean);
  g_assert_false (ms_profile_is_ocean_biome (profile, 1));
  g_assert_cmphex (ocean->red, ==, 0x1d);
  g_assert_cmphex (ocean->green, ==, 0x4f);
  g_assert_cmphex (ocean->blue, ==, 0x7a);
  g_assert_true (ms_profile_is_water_biome (profile, 1));
  g_assert_false (ms_profile_is_water_biome (profile, 2));
  g_assert_false (ms_profile_is_water_biome (profile, 200));
  g_assert_null (ms_profile_get_entry (profile, MS_PROFILE_BIOMES, 12));
}

static void
test_custom (void)
{
  const char *text =
    "[Profile]\nName=Tiny\n"
    "[Biomes]\n1=Land;#102030\n0=Sea;#000080;ocean\n2=Pond;#0000ff;water\n"
    "[TownTiers]\n0=Camp;#ffffff\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(MsProfile) profile = ms_profile_new_for_data (text, -1, "tiny.profile", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (ms_profile_get_name (profile), ==, "Tiny");
  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_BIOMES), ==, 3);
  g_assert_cmpstr (ms_profile_get_label (profile, MS_PROFILE_BIOMES, 1), ==, "Land");
  /* “ocean” is water and the sea; “water” only water. */
  g_assert_true (ms_profile_is_water_biome (profile, 0));
  g_assert_true (ms_profile_is_ocean_biome (profile, 0));
  g_assert_true (ms_profile_is_water_biome (profile, 2));
  g_assert_false (ms_profile_is_ocean_biome (profile, 2));
  g_assert_false (ms_profile_is_water_biome (profile, 1));
  g_assert_false (ms_profile_is_ocean_biome (profile, 1));
  g_assert_cmpuint (ms_profile_get_entry (profile, MS_PROFILE_BIOMES, 1)->blue, ==, 0x30);
  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS), ==, 1);
  /* Left out: the server's defaults. */
  g_assert_cmpuint (ms_profile_get_count (profile, MS_PROFILE_PLANT_TYPES), ==, 20);
}

static void
test_invalid (void)
{
  const char *bad[] = {
    "[Biomes]\n0=Sea;#000080\n2=Gap;#000000\n[TownTiers]\n0=A;#000000\n",  /* gap */
    "[Biomes]\n0=Sea;blue\n[TownTiers]\n0=A;#000000\n",                    /* colour */
    "[Biomes]\n0=Sea;#000080;salty\n[TownTiers]\n0=A;#000000\n",           /* third field */
    "[Biomes]\n0=Sea;#000080\n",                                           /* no tiers */
    "[Biomes]\nx=Sea;#000080\n[TownTiers]\n0=A;#000000\n",                 /* key */
    "[TownTiers]\n0=A;#000000;water\n[Biomes]\n0=Sea;#000080\n",           /* water on a tier */
    "[TownTiers]\n0=A;#000000;ocean\n[Biomes]\n0=Sea;#000080\n",           /* ocean on a tier */
    "not a key file",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsProfile) profile = ms_profile_new_for_data (bad[i], -1, "bad.profile", &error);

      g_assert_null (profile);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "bad.profile"));
    }
}

static void
test_shipped_file (void)
{
  /* The file under data/ is the one compiled in. */
  g_autofree char *path = g_build_filename (g_getenv ("MAPSMITH_SOURCE_DIR"), "data",
                                            "default.profile", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsProfile) from_file = ms_profile_new_for_path (path, &error);
  g_autoptr(MsProfile) builtin = ms_profile_new_default ();

  g_assert_no_error (error);
  for (guint kind = 0; kind < MS_PROFILE_N_ENUMS; kind++)
    {
      g_assert_cmpuint (ms_profile_get_count (from_file, kind), ==, ms_profile_get_count (builtin, kind));
      for (guint i = 0; i < ms_profile_get_count (builtin, kind); i++)
        g_assert_cmpstr (ms_profile_get_label (from_file, kind, i), ==,
                         ms_profile_get_label (builtin, kind, i));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/profile/default", test_default);
  g_test_add_func ("/profile/custom", test_custom);
  g_test_add_func ("/profile/invalid", test_invalid);
  g_test_add_func ("/profile/shipped-file", test_shipped_file);
  return g_test_run ();
}
