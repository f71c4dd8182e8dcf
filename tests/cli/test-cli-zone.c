/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ms-test-util.h"

static int
run_cli (char **out, const char *first, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  const char *arg;
  va_list ap;
  int status;

  g_ptr_array_add (args, (char *) g_getenv ("MAPSMITH_CLI"));
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  /* The child's stdout must not mix with this test's TAP output. */
  g_spawn_sync (NULL, (char **) args->pdata, NULL,
                out ? G_SPAWN_DEFAULT : G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                out, &err, &status, &error);
  g_assert_no_error (error);
  g_test_message ("stderr: %s", err);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static GBytes *
read_file (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *data;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

static gint64
member_int (JsonObject *o, const char *obj, const char *key)
{
  return json_object_get_int_member (json_object_get_object_member (o, obj), key);
}

static void
test_demo_info (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GBytes) control = NULL, plants = NULL, alt = NULL, blocks = NULL;
  g_autoptr(GError) error = NULL;
  const guint8 *c, *p, *a, *b;
  guint64 anti = 0, npc = 0, live = 0, zero = 0, obstacle = 0;
  guint smin = 255, smax = 0, amin = 65535, amax = 0;
  JsonObject *o;

  g_assert_cmpint (run_cli (NULL, "zone", "demo", dir, "42", "--size", "128", NULL), ==, 0);
  g_assert_cmpint (run_cli (&out, "zone", "info", "--json", dir, "42", NULL), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));

  control = read_file (dir, "control.0042.bin");
  plants = read_file (dir, "plants.0042.bin");
  alt = read_file (dir, "altitude.0042.bin");
  blocks = read_file (dir, "blocks.0042.bin");
  g_assert_cmpuint (g_bytes_get_size (plants), ==, 128 * 128 * 7);
  c = g_bytes_get_data (control, NULL);
  p = g_bytes_get_data (plants, NULL);
  a = g_bytes_get_data (alt, NULL);
  b = g_bytes_get_data (blocks, NULL);
  for (int i = 0; i < 128 * 128; i++)
    {
      guint v = c[2 * i] | (c[2 * i + 1] << 8), al = a[2 * i] | (a[2 * i + 1] << 8);
      anti += v & 1;
      npc += (v >> 10) & 1;
      live += p[7 * i] != 0;
      zero += p[7 * i + 3] == 0;
      smin = MIN (smin, p[7 * i + 3]);
      smax = MAX (smax, p[7 * i + 3]);
      amin = MIN (amin, al);
      amax = MAX (amax, al);
      obstacle += b[2 * i] & 1;
    }

  g_assert_cmpint (json_object_get_int_member (o, "zone"), ==, 42);
  g_assert_cmpint (json_object_get_int_member (o, "width"), ==, 128);
  g_assert_cmpint (json_object_get_int_member (o, "height"), ==, 128);
  g_assert_false (json_object_get_boolean_member (o, "terraformable"));
  g_assert_cmpint (member_int (json_object_get_object_member (o, "layers"), "plants",
                               "bytes_per_tile"), ==, 7);
  g_assert_false (json_object_has_member (json_object_get_object_member (o, "layers"),
                                          "altitude_blend"));
  g_assert_cmpint (member_int (o, "control_counts", "AntiPlant"), ==, anti);
  g_assert_cmpint (member_int (o, "control_counts", "NpcRestricted"), ==, npc);
  g_assert_cmpint (member_int (o, "blocks_counts", "Obstacle"), ==, obstacle);
  g_assert_cmpint (member_int (o, "plants", "live"), ==, live);
  g_assert_cmpint (member_int (o, "spawn", "min"), ==, smin);
  g_assert_cmpint (member_int (o, "spawn", "max"), ==, smax);
  g_assert_cmpint (member_int (o, "spawn", "zero"), ==, zero);
  g_assert_cmpint (member_int (o, "altitude", "min"), ==, amin);
  g_assert_cmpint (member_int (o, "altitude", "max"), ==, amax);
  g_assert_cmpuint (live, >, 0);
  g_assert_cmpuint (anti, >, 0);
  ms_test_remove_tree (dir);
}

static void
test_edit (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GBytes) c0 = NULL, p0 = NULL, c1 = NULL, p1 = NULL, c2 = NULL, p2 = NULL;
  g_autofree guint8 *ec = NULL, *ep = NULL;
  const int n = 64;

  g_assert_cmpint (run_cli (NULL, "zone", "demo", dir, "7", "--size", "64", NULL), ==, 0);
  c0 = read_file (dir, "control.0007.bin");
  p0 = read_file (dir, "plants.0007.bin");
  ec = g_memdup2 (g_bytes_get_data (c0, NULL), n * n * 2);
  ep = g_memdup2 (g_bytes_get_data (p0, NULL), n * n * 7);

  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7",
                            "set Roaming rect 2 3 10 4",
                            "spawn 9 polygon 20 20 40 20 20 40",
                            "clear Roaming where spawn == 9", NULL), ==, 0);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        int i = y * n + x;
        double px = x + 0.5, py = y + 0.5;
        if (x >= 2 && x < 12 && y >= 3 && y < 7)
          ec[2 * i] |= 64;
        /* Inside the triangle (20,20) (40,20) (20,40): px >= 20, py >= 20, px + py <= 60 */
        if (px >= 20 && py >= 20 && px + py < 60)
          ep[7 * i + 3] = 9;
        if (ep[7 * i + 3] == 9)
          ec[2 * i] &= ~64;
      }
  c1 = read_file (dir, "control.0007.bin");
  p1 = read_file (dir, "plants.0007.bin");
  g_assert_cmpmem (g_bytes_get_data (c1, NULL), g_bytes_get_size (c1), ec, n * n * 2);
  g_assert_cmpmem (g_bytes_get_data (p1, NULL), g_bytes_get_size (p1), ep, n * n * 7);

  /* Any invalid op: nothing written. */
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7", "set AntiPlant rect 0 0 5 5",
                            "set NoSuchFlag rect 0 0 1 1", NULL), ==, 1);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7", "set AntiPlant rect 0 0 5 5",
                            "spawn 300 rect 0 0 1 1", NULL), ==, 1);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7", "set AntiPlant rect 0 0 5 5",
                            "set AntiPlant fill 64 0", NULL), ==, 1);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7", "set AntiPlant polygon 0 0 1 1",
                            NULL), ==, 1);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7", "set AntiPlant where bogus > 1",
                            NULL), ==, 1);
  c2 = read_file (dir, "control.0007.bin");
  p2 = read_file (dir, "plants.0007.bin");
  g_assert_true (g_bytes_equal (c1, c2));
  g_assert_true (g_bytes_equal (p1, p2));

  /* Usage and I/O. */
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "7", NULL), ==, 2);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", "/nonexistent/dir", "7",
                            "set AntiPlant rect 0 0 1 1", NULL), ==, 2);
  g_assert_cmpint (run_cli (NULL, "zone", "info", dir, "8", NULL), ==, 2);
  g_assert_cmpint (run_cli (NULL, "zone", "info", "--size", "banana", dir, "7", NULL), ==, 2);
  g_assert_cmpint (run_cli (NULL, "zone", NULL), ==, 2);
  ms_test_remove_tree (dir);
}

static void
test_bad_files (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "plants.0003.bin", NULL);
  g_autofree char *cpath = g_build_filename (dir, "control.0004.bin", NULL);
  g_autofree guint8 *one = g_malloc0 (32 * 32);
  g_autoptr(GBytes) after = NULL;
  const guint8 *a;

  g_assert_true (g_file_set_contents (path, "0123456789", 10, NULL));
  g_assert_cmpint (run_cli (NULL, "zone", "info", dir, "3", NULL), ==, 1);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "3", "spawn 1 rect 0 0 1 1", NULL), ==, 1);

  /* A 1-byte control file stays 1 byte, then widens for a high flag. */
  g_assert_true (g_file_set_contents (cpath, (char *) one, 32 * 32, NULL));
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "4", "set AntiPlant fill 0 0", NULL), ==, 0);
  after = read_file (dir, "control.0004.bin");
  g_assert_cmpuint (g_bytes_get_size (after), ==, 32 * 32);
  a = g_bytes_get_data (after, NULL);
  for (int i = 0; i < 32 * 32; i++)
    g_assert_cmpuint (a[i], ==, 1);
  g_clear_pointer (&after, g_bytes_unref);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", "--force", dir, "4",
                            "set PBSHighway rect 0 0 1 1", NULL), ==, 0);
  after = read_file (dir, "control.0004.bin");
  g_assert_cmpuint (g_bytes_get_size (after), ==, 32 * 32 * 2);
  a = g_bytes_get_data (after, NULL);
  g_assert_cmpuint (a[0], ==, 1);
  g_assert_cmpuint (a[1], ==, 1);
  for (int i = 1; i < 32 * 32; i++)
    {
      g_assert_cmpuint (a[2 * i], ==, 1);
      g_assert_cmpuint (a[2 * i + 1], ==, 0);
    }
  ms_test_remove_tree (dir);
}

static guint16
control_u16 (GBytes *b, gsize i)
{
  const guint8 *p = g_bytes_get_data (b, NULL);
  return (guint16) (p[2 * i] | p[2 * i + 1] << 8);
}

static void
test_list (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(MsTestRun) run = { 0, };
  JsonArray *zones;
  JsonObject *z;

  g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "32", dir, "4", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "16", "--terraformable", dir, "2", NULL), ==, 0);
  ms_test_run_cli (&run, "zone", "list", "--json", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  zones = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (zones), ==, 2);
  z = json_array_get_object_element (zones, 0);
  g_assert_cmpint (json_object_get_int_member (z, "zone"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (z, "width"), ==, 16);
  g_assert_true (json_object_get_boolean_member (z, "terraformable"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (z, "layers")), ==, 6);
  z = json_array_get_object_element (zones, 1);
  g_assert_cmpint (json_object_get_int_member (z, "zone"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (z, "height"), ==, 32);
  g_assert_false (json_object_get_boolean_member (z, "terraformable"));
  g_assert_true (json_object_get_null_member (z, "problem"));
  ms_test_remove_tree (dir);
}

/* The folder of zone folders (zones/0002/, zones/0004/): no zone listed,
 * and the error says which folders hold zones and how to list one; an
 * empty folder still lists nothing and succeeds. */
static void
test_list_zone_folders (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *empty = g_build_filename (dir, "0002", "nothing", NULL);
  g_autofree char *hint = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  const guint ids[] = { 4, 2 };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *name = g_strdup_printf ("%04u", ids[i]);
      g_autofree char *sub = g_build_filename (dir, name, NULL);
      g_autofree char *id = g_strdup_printf ("%u", ids[i]);

      g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
      g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "16", sub, id, NULL), ==, 0);
    }
  hint = g_strdup_printf ("e.g. mapsmith-cli zone list %s/0002", dir);

  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "zone", "list", dir, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_nonnull (strstr (run.err, "holds no zone layer files, but the folders in it do (0002, 0004)"));
    g_assert_nonnull (strstr (run.err, hint));
  }
  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "zone", "list", "--json", dir, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
    g_assert_cmpuint (json_array_get_length (json_node_get_array (json_parser_get_root (parser))), ==, 0);
    g_assert_nonnull (strstr (run.err, hint));
  }
  {
    g_auto(MsTestRun) run = { 0, };

    g_assert_cmpint (g_mkdir (empty, 0755), ==, 0);
    ms_test_run_cli (&run, "zone", "list", empty, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.out, ==, "");
    g_assert_cmpstr (run.err, ==, "");
  }
  ms_test_remove_tree (dir);
}

/* A folder with a zone of each live size (two of them real) and one broken
 * zone: each listed with the size its files imply, the broken one with a
 * problem naming its file, and info opening the real ones at their size. */
static void
test_list_live_sizes (void)
{
  g_autofree char *dir = ms_test_make_live_zone_folder ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(MsTestRun) run = { 0, };
  g_autofree char *bad = g_build_filename (dir, "control.0009.bin", NULL);
  JsonArray *zones;
  JsonObject *z;

  g_assert_true (g_file_set_contents (bad, "abc", 3, NULL));
  ms_test_run_cli (&run, "zone", "list", "--json", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  zones = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (zones), ==, MS_TEST_LIVE_ZONE_COUNT + 1);
  for (guint i = 0, j = 0; i < json_array_get_length (zones); i++)
    {
      z = json_array_get_object_element (zones, i);
      if (json_object_get_int_member (z, "zone") == 9)
        {
          const char *problem = json_object_get_string_member (z, "problem");

          g_assert_nonnull (strstr (problem, "control.0009.bin is 3 bytes"));
          continue;
        }
      g_assert_cmpint (json_object_get_int_member (z, "zone"), ==, ms_test_live_zones[j].id);
      g_assert_cmpint (json_object_get_int_member (z, "width"), ==, ms_test_live_zones[j].side);
      g_assert_cmpint (json_object_get_int_member (z, "height"), ==, ms_test_live_zones[j].side);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (z, "layers")), ==, 4);
      g_assert_true (json_object_get_null_member (z, "problem"));
      j++;
    }
  ms_test_run_clear (&run);

  ms_test_run_cli (&run, "zone", "info", "--json", dir, "70", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, run.out, -1, NULL));
  z = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (z, "width"), ==, 512);
  ms_test_run_clear (&run);

  ms_test_run_cli (&run, "zone", "info", dir, "9", NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_nonnull (strstr (run.err, "control.0009.bin"));
  ms_test_remove_tree (dir);
}

static void
test_mask (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *png = g_build_filename (dir, "anti.png", NULL);
  g_autoptr(GBytes) before = NULL, after = NULL;
  guint64 anti = 0;

  g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "64", dir, "4", NULL), ==, 0);
  before = read_file (dir, "control.0004.bin");
  g_assert_cmpint (run_cli (NULL, "zone", "mask", "export", dir, "4", "--flag", "AntiPlant",
                            "-o", png, NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "zone", "mask", "import", dir, "4", "--flag", "NpcRestricted",
                            "--set", png, NULL), ==, 0);
  after = read_file (dir, "control.0004.bin");
  for (gsize i = 0; i < 64 * 64; i++)
    {
      guint16 b = control_u16 (before, i), a = control_u16 (after, i);

      g_assert_cmpuint (a, ==, (b & 1) ? (b | 1024) : b);
      anti += b & 1;
    }
  g_assert_cmpuint (anti, >, 0);

  /* Neither, or both, of --set and --clear; a mask of another size. */
  g_assert_cmpint (run_cli (NULL, "zone", "mask", "import", dir, "4", "--flag", "Roaming", png,
                            NULL), ==, 2);
  g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "32", dir, "5", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "zone", "mask", "import", dir, "5", "--flag", "Roaming",
                            "--set", png, NULL), ==, 1);
  ms_test_remove_tree (dir);
}

static void
test_journal (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *journal = g_build_filename (dir, "edits.mszj", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GBytes) before = NULL, journaled = NULL, after = NULL;
  g_auto(MsTestRun) run = { 0, };
  JsonObject *o;
  guint64 lacking = 0;

  g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "64", dir, "4", NULL), ==, 0);
  before = read_file (dir, "control.0004.bin");
  g_assert_cmpint (run_cli (NULL, "zone", "edit", "--journal", journal, dir, "4",
                            "set NpcRestricted rect 3 4 10 5", NULL), ==, 0);
  /* A crash, as far as the files know: nothing saved. */
  journaled = read_file (dir, "control.0004.bin");
  g_assert_true (g_bytes_equal (before, journaled));

  for (guint y = 4; y < 9; y++)
    for (guint x = 3; x < 13; x++)
      lacking += !(control_u16 (before, y * 64 + x) & 1024);
  ms_test_run_cli (&run, "zone", "journal", "show", "--json", journal, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = ms_test_parse_json (run.out, parser);
  g_assert_cmpint (json_object_get_int_member (o, "zone"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (o, "tiles"), ==, (gint64) lacking);
  g_assert_false (json_object_get_boolean_member (o, "changed_on_disk"));

  g_assert_cmpint (run_cli (NULL, "zone", "journal", "apply", journal, NULL), ==, 0);
  after = read_file (dir, "control.0004.bin");
  for (guint y = 0; y < 64; y++)
    for (guint x = 0; x < 64; x++)
      {
        guint16 b = control_u16 (before, y * 64 + x);
        gboolean in = x >= 3 && x < 13 && y >= 4 && y < 9;

        g_assert_cmpuint (control_u16 (after, y * 64 + x), ==, in ? (b | 1024) : b);
      }
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));

  /* A journal taken against files that have changed since is refused. */
  g_assert_cmpint (run_cli (NULL, "zone", "edit", "--journal", journal, dir, "4",
                            "clear NpcRestricted rect 0 0 64 64", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "zone", "edit", dir, "4", "set Roaming rect 0 0 1 1", NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "zone", "journal", "apply", journal, NULL), ==, 1);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  ms_test_remove_tree (dir);
}

/* The control bits that forbid plants (docs/ZONE_LAYERS.md: AntiPlant,
 * Roaming, Highway, PBSHighway, ConcreteA, ConcreteB) and the two
 * terraform protections, as numbers, not the model's names. */
#define NO_PLANT_BITS  (1 | 8 | 16 | 64 | 128 | 256)
#define PROTECT_BITS   (2 | 512)

/* Tiles of a 64 x 64 demo zone with a live plant on a plant-forbidding
 * control value, and with terraform protection, counted from the bytes. */
static void
count_offences (GBytes  *control,
                GBytes  *plants,
                guint64 *plant_not_allowed,
                guint64 *protected)
{
  const guint8 *p = g_bytes_get_data (plants, NULL);

  *plant_not_allowed = *protected = 0;
  for (gsize i = 0; i < 64 * 64; i++)
    {
      *plant_not_allowed += p[7 * i] != 0 && (control_u16 (control, i) & NO_PLANT_BITS) != 0;
      *protected += (control_u16 (control, i) & PROTECT_BITS) != 0;
    }
}

/* zone edit, mask import and journal apply say on stderr the audit
 * findings their edit adds, with the counts worked out here; --check
 * refuses such a save (exit 3, the files as they were, the journal kept);
 * an edit that adds none says nothing of findings, --check or not. */
static void
test_edit_adds_findings (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *png = g_build_filename (dir, "anti.png", NULL);
  g_autofree char *journal = g_build_filename (dir, "edits.mszj", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GBytes) c0 = NULL, p0 = NULL, c1 = NULL, p1 = NULL;
  g_autofree guint8 *ec = NULL;
  guint64 before = 0, after = 0, protected0 = 0, protected1 = 0, live = 0;
  const guint8 *p;

  g_assert_cmpint (run_cli (NULL, "zone", "demo", "--size", "64", dir, "4", NULL), ==, 0);
  c0 = read_file (dir, "control.0004.bin");
  p0 = read_file (dir, "plants.0004.bin");
  p = g_bytes_get_data (p0, NULL);
  count_offences (c0, p0, &before, &protected0);
  /* AntiPlant over the whole zone: every live plant offends. */
  for (gsize i = 0; i < 64 * 64; i++)
    live += p[7 * i] != 0;
  after = live;
  g_assert_cmpuint (after, >, before);

  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "zone", "edit", "--check", dir, "4", "set AntiPlant rect 0 0 64 64", NULL);
    g_assert_cmpint (run.status, ==, 3);
    expected = before == 0 ? g_strdup_printf ("error plant-not-allowed: %" G_GUINT64_FORMAT " tiles\n", after)
                           : g_strdup_printf ("error plant-not-allowed: %" G_GUINT64_FORMAT " tiles, %"
                                              G_GUINT64_FORMAT " before\n", after, before);
    g_assert_nonnull (strstr (run.err, expected));
    g_assert_nonnull (strstr (run.err, "nothing was saved"));
    g_assert_null (strstr (run.out, "saved"));
    c1 = read_file (dir, "control.0004.bin");
    g_assert_true (g_bytes_equal (c0, c1));
    g_clear_pointer (&c1, g_bytes_unref);
  }

  /* An edit adding no finding: --check saves it, and findings go unsaid. */
  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "zone", "edit", "--check", dir, "4", "clear AntiPlant rect 0 0 64 64", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_null (strstr (run.err, "adds"));
    c1 = read_file (dir, "control.0004.bin");
    ec = g_memdup2 (g_bytes_get_data (c0, NULL), 64 * 64 * 2);
    for (gsize i = 0; i < 64 * 64; i++)
      ec[2 * i] &= ~1;
    g_assert_cmpmem (g_bytes_get_data (c1, NULL), g_bytes_get_size (c1), ec, 64 * 64 * 2);
    g_clear_pointer (&c0, g_bytes_unref);
    c0 = g_steal_pointer (&c1);
    count_offences (c0, p0, &before, &protected0);
  }

  /* Without --check the save goes through, and says what it adds. */
  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "zone", "edit", dir, "4", "set AntiPlant rect 0 0 64 64", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_clear_pointer (&expected, g_free);
    expected = before == 0 ? g_strdup_printf ("error plant-not-allowed: %" G_GUINT64_FORMAT " tiles\n", after)
                           : g_strdup_printf ("error plant-not-allowed: %" G_GUINT64_FORMAT " tiles, %"
                                              G_GUINT64_FORMAT " before\n", after, before);
    g_assert_nonnull (strstr (run.err, expected));
    c1 = read_file (dir, "control.0004.bin");
    p1 = read_file (dir, "plants.0004.bin");
    count_offences (c1, p1, &before, &protected1);
    g_assert_cmpuint (before, ==, after);
  }

  /* TerraformProtected by a mask, on this zone that is not terraformable
   * (no altitude_blend file): a warning on the mask's new tiles. */
  g_assert_cmpint (run_cli (NULL, "zone", "mask", "export", dir, "4", "--flag", "AntiPlant",
                            "-o", png, NULL), ==, 0);
  g_clear_pointer (&c0, g_bytes_unref);
  c0 = g_steal_pointer (&c1);
  {
    g_auto(MsTestRun) run = { 0, };
    g_autoptr(GBytes) now = NULL;

    ms_test_run_cli (&run, "zone", "mask", "import", "--check", dir, "4", "--flag", "TerraformProtected",
                     "--set", png, NULL);
    g_assert_cmpint (run.status, ==, 3);
    /* Every tile has AntiPlant now: the mask is the whole zone. */
    g_clear_pointer (&expected, g_free);
    expected = protected1 == 0
      ? g_strdup_printf ("warning terraform-protected-not-terraformable: %u tiles\n", 64 * 64)
      : g_strdup_printf ("warning terraform-protected-not-terraformable: %u tiles, %" G_GUINT64_FORMAT
                         " before\n", 64 * 64, protected1);
    g_assert_nonnull (strstr (run.err, expected));
    now = read_file (dir, "control.0004.bin");
    g_assert_true (g_bytes_equal (c0, now));
  }

  /* A journal whose edits add a finding: --check applies nothing to the
   * files and keeps the journal; without it, it is saved as the edit. */
  g_assert_cmpint (run_cli (NULL, "zone", "edit", "--journal", journal, dir, "4",
                            "set TerraformProtected rect 0 0 64 2", NULL), ==, 0);
  {
    g_auto(MsTestRun) run = { 0, };
    g_autoptr(GBytes) now = NULL;
    guint64 row_tiles = 0;

    for (gsize i = 0; i < 64 * 2; i++)
      row_tiles += (control_u16 (c0, i) & PROTECT_BITS) == 0;
    ms_test_run_cli (&run, "zone", "journal", "apply", "--check", journal, NULL);
    g_assert_cmpint (run.status, ==, 3);
    g_clear_pointer (&expected, g_free);
    expected = g_strdup_printf ("warning terraform-protected-not-terraformable: %" G_GUINT64_FORMAT " tile",
                                protected1 + row_tiles);
    g_assert_nonnull (strstr (run.err, expected));
    g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
    now = read_file (dir, "control.0004.bin");
    g_assert_true (g_bytes_equal (c0, now));
  }
  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "zone", "journal", "apply", journal, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.err, expected));
    g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  }
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/zone/demo-info", test_demo_info);
  g_test_add_func ("/cli/zone/edit", test_edit);
  g_test_add_func ("/cli/zone/bad-files", test_bad_files);
  g_test_add_func ("/cli/zone/list", test_list);
  g_test_add_func ("/cli/zone/list-live-sizes", test_list_live_sizes);
  g_test_add_func ("/cli/zone/list-zone-folders", test_list_zone_folders);
  g_test_add_func ("/cli/zone/mask", test_mask);
  g_test_add_func ("/cli/zone/journal", test_journal);
  g_test_add_func ("/cli/zone/edit-adds-findings", test_edit_adds_findings);
  return g_test_run ();
}
