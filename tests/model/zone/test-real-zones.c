/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The two real zones of tests/data/zones/ (70: 512², 71: 256², the live
 * game's files byte for byte).  Every expected figure is computed here by a
 * small reader of the raw bytes that shares no code with model/: the
 * layout (row-major, little-endian, 2/2/7/2 bytes a tile) and the flag bits
 * are written out again from docs/ZONE_LAYERS.md.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <cairo.h>
#include <json-glib/json-glib.h>

#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-edit.h"
#include "ms-zone-mask.h"
#include "ms-zone-region.h"

typedef struct
{
  guint id;
  guint size;
} RealZone;

static const RealZone zones[] = { { 70, 512 }, { 71, 256 } };

static const char *layer_names[] = { "altitude", "blocks", "control", "plants" };

/* docs/ZONE_LAYERS.md's tables, written again rather than taken from the model. */
static const struct { const char *name; guint bit; } control_bits[] = {
  { "AntiPlant", 1 }, { "TerraformProtected", 2 }, { "SyndicateArea", 4 },
  { "ConcreteA", 8 }, { "ConcreteB", 16 }, { "Roaming", 64 }, { "Highway", 128 },
  { "PBSHighway", 256 }, { "PBSTerraformProtected", 512 }, { "NpcRestricted", 1024 },
};
static const struct { const char *name; guint bit; } blocks_bits[] = {
  { "Obstacle", 1 }, { "Plant", 2 }, { "Decor", 4 }, { "Island", 8 },
};

static char *
data_dir (const RealZone *z)
{
  g_autofree char *id = g_strdup_printf ("%04u", z->id);

  return g_test_build_filename (G_TEST_DIST, "data", "zones", id, NULL);
}

static GBytes *
read_layer (const char *dir,
            const char *layer,
            guint       id)
{
  g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layer, id);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *data;
  gsize len;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

static guint
u16_at (GBytes *b,
        gsize   tile)
{
  const guint8 *d = g_bytes_get_data (b, NULL);

  return d[2 * tile] | (d[2 * tile + 1] << 8);
}

/* A copy of the zone's four files in a new temporary folder. */
static char *
copy_zone (const RealZone *z)
{
  g_autofree char *src = data_dir (z);
  char *dir = ms_test_make_tmpdir ();

  for (guint l = 0; l < G_N_ELEMENTS (layer_names); l++)
    {
      g_autoptr(GBytes) b = read_layer (src, layer_names[l], z->id);
      g_autofree char *name = g_strdup_printf ("%s.%04u.bin", layer_names[l], z->id);

      ms_test_put_file (dir, name, g_bytes_get_data (b, NULL), g_bytes_get_size (b));
    }
  return dir;
}

static gint64
member_int (JsonObject *o,
            const char *obj,
            const char *key)
{
  return json_object_get_int_member (json_object_get_object_member (o, obj), key);
}

static void
test_info (gconstpointer data)
{
  const RealZone *z = data;
  g_autofree char *dir = data_dir (z);
  g_autofree char *id = g_strdup_printf ("%u", z->id);
  g_autoptr(GBytes) alt = read_layer (dir, "altitude", z->id);
  g_autoptr(GBytes) blk = read_layer (dir, "blocks", z->id);
  g_autoptr(GBytes) ctl = read_layer (dir, "control", z->id);
  g_autoptr(GBytes) pl = read_layer (dir, "plants", z->id);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(MsTestRun) run = { 0 };
  const guint8 *b = g_bytes_get_data (blk, NULL), *p = g_bytes_get_data (pl, NULL);
  guint64 control[G_N_ELEMENTS (control_bits)] = { 0 }, blocks[G_N_ELEMENTS (blocks_bits)] = { 0 };
  guint64 live = 0, zero = 0, spawn_sum = 0;
  guint smin = 255, smax = 0, amin = G_MAXUINT16, amax = 0;
  gsize n;
  JsonObject *o;

  /* The size follows from the files alone: 2 bytes a tile, square. */
  n = g_bytes_get_size (alt) / 2;
  g_assert_cmpuint (n, ==, (gsize) z->size * z->size);
  g_assert_cmpuint (g_bytes_get_size (blk), ==, 2 * n);
  g_assert_cmpuint (g_bytes_get_size (ctl), ==, 2 * n);
  g_assert_cmpuint (g_bytes_get_size (pl), ==, 7 * n);

  for (gsize i = 0; i < n; i++)
    {
      guint c = u16_at (ctl, i), a = u16_at (alt, i);

      for (guint k = 0; k < G_N_ELEMENTS (control_bits); k++)
        control[k] += (c & control_bits[k].bit) != 0;
      for (guint k = 0; k < G_N_ELEMENTS (blocks_bits); k++)
        blocks[k] += (b[2 * i] & blocks_bits[k].bit) != 0;
      live += p[7 * i] != 0;
      zero += p[7 * i + 3] == 0;
      spawn_sum += p[7 * i + 3];
      smin = MIN (smin, p[7 * i + 3]);
      smax = MAX (smax, p[7 * i + 3]);
      amin = MIN (amin, a);
      amax = MAX (amax, a);
    }

  ms_test_run_cli (&run, "zone", "info", "--json", dir, id, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = ms_test_parse_json (run.out, parser);

  g_assert_cmpint (json_object_get_int_member (o, "zone"), ==, z->id);
  g_assert_cmpint (json_object_get_int_member (o, "width"), ==, z->size);
  g_assert_cmpint (json_object_get_int_member (o, "height"), ==, z->size);
  g_assert_false (json_object_get_boolean_member (o, "terraformable"));
  g_assert_cmpint (member_int (json_object_get_object_member (o, "layers"), "control",
                               "bytes_per_tile"), ==, 2);
  for (guint k = 0; k < G_N_ELEMENTS (control_bits); k++)
    g_assert_cmpint (member_int (o, "control_counts", control_bits[k].name), ==, control[k]);
  for (guint k = 0; k < G_N_ELEMENTS (blocks_bits); k++)
    g_assert_cmpint (member_int (o, "blocks_counts", blocks_bits[k].name), ==, blocks[k]);
  g_assert_cmpint (member_int (o, "plants", "live"), ==, live);
  g_assert_cmpint (member_int (o, "spawn", "min"), ==, smin);
  g_assert_cmpint (member_int (o, "spawn", "max"), ==, smax);
  g_assert_cmpint (member_int (o, "spawn", "zero"), ==, zero);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (o, "spawn"), "mean"),
                                  (double) spawn_sum / n, 1e-6);
  g_assert_cmpint (member_int (o, "altitude", "min"), ==, amin);
  g_assert_cmpint (member_int (o, "altitude", "max"), ==, amax);
  g_assert_cmpint (member_int (o, "altitude", "height_min"), ==, amin >> 5);
  g_assert_cmpint (member_int (o, "altitude", "height_max"), ==, amax >> 5);

  /* What the issue states of the data, as a check on this reader too:
   * no TerraformProtected, altitude from 0, the stronghold's peak 6234. */
  g_assert_cmpuint (control[1], ==, 0);
  g_assert_cmpuint (amin, ==, 0);
  if (z->id == 70)
    g_assert_cmpuint (amax, ==, 6234);
  g_assert_cmpuint (live, >, 0);
}

/* Paint through the edit engine the painter uses, save, check the bytes;
 * undo, save again, and the files are the originals byte for byte. */
static void
test_paint_round_trip (gconstpointer data)
{
  const RealZone *z = data;
  g_autofree char *src = data_dir (z);
  g_autofree char *dir = copy_zone (z);
  g_autoptr(GBytes) ctl0 = read_layer (src, "control", z->id);
  g_autoptr(GBytes) pl0 = read_layer (src, "plants", z->id);
  g_autoptr(GBytes) ctl1 = NULL, pl1 = NULL, ctl2 = NULL, pl2 = NULL;
  g_autoptr(GBytes) alt2 = NULL, blk2 = NULL, alt0 = NULL, blk0 = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZoneRegion) rect = NULL, stroke = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *want_ctl = NULL, *want_pl = NULL;
  guint n = z->size;
  /* A rectangle off the centre and a diagonal stroke across it. */
  guint rx = n / 4, ry = n / 8, rw = n / 3, rh = n / 5;
  double xy[] = { 10.5, 20.5, n - 30.5, n - 40.5 };
  MsZoneOp set_highway = { .kind = MS_ZONE_OP_SET_FLAG, .mask = 128 };
  MsZoneOp spawn = { .kind = MS_ZONE_OP_SET_SPAWN, .value = 7 };

  zone = ms_zone_new_for_dir (dir, z->id, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, n);

  rect = ms_zone_region_new_rect (n, n, rx, ry, rw, rh);
  stroke = ms_zone_region_new_stroke (n, n, MS_ZONE_BRUSH_ROUND, xy, 2, 3.0);
  g_assert_true (ms_zone_apply (zone, &set_highway, rect, &error));
  g_assert_no_error (error);
  g_assert_true (ms_zone_apply (zone, &spawn, stroke, &error));
  g_assert_no_error (error);
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);

  /* Expected: the original bytes with Highway in the rectangle and spawn 7
   * where the stroke's membership test says (the region is the painter's
   * own; what is checked is that exactly those bytes changed). */
  want_ctl = g_memdup2 (g_bytes_get_data (ctl0, NULL), (gsize) n * n * 2);
  want_pl = g_memdup2 (g_bytes_get_data (pl0, NULL), (gsize) n * n * 7);
  for (guint y = 0; y < n; y++)
    for (guint x = 0; x < n; x++)
      {
        gsize i = (gsize) y * n + x;
        double px = x + 0.5, py = y + 0.5;
        /* Distance from the tile centre to the stroke's segment. */
        double dx = xy[2] - xy[0], dy = xy[3] - xy[1];
        double t = CLAMP (((px - xy[0]) * dx + (py - xy[1]) * dy) / (dx * dx + dy * dy), 0, 1);
        double ex = xy[0] + t * dx - px, ey = xy[1] + t * dy - py;
        double d2 = ex * ex + ey * ey;

        if (x >= rx && x < rx + rw && y >= ry && y < ry + rh)
          want_ctl[2 * i] |= 128;
        g_assert_cmpint (ms_zone_region_contains (stroke, x, y), ==, d2 <= 9.0 + 1e-9);
        if (d2 <= 9.0 + 1e-9)
          want_pl[7 * i + 3] = 7;
      }
  ctl1 = read_layer (dir, "control", z->id);
  pl1 = read_layer (dir, "plants", z->id);
  g_assert_cmpmem (g_bytes_get_data (ctl1, NULL), g_bytes_get_size (ctl1), want_ctl, (gsize) n * n * 2);
  g_assert_cmpmem (g_bytes_get_data (pl1, NULL), g_bytes_get_size (pl1), want_pl, (gsize) n * n * 7);
  g_assert_false (g_bytes_equal (ctl1, ctl0));

  /* Undo both steps; the save puts the original bytes back. */
  g_assert_true (ms_zone_undo (zone));
  g_assert_true (ms_zone_undo (zone));
  g_assert_false (ms_zone_can_undo (zone));
  g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
  g_assert_no_error (error);
  ctl2 = read_layer (dir, "control", z->id);
  pl2 = read_layer (dir, "plants", z->id);
  alt2 = read_layer (dir, "altitude", z->id);
  blk2 = read_layer (dir, "blocks", z->id);
  alt0 = read_layer (src, "altitude", z->id);
  blk0 = read_layer (src, "blocks", z->id);
  g_assert_true (g_bytes_equal (ctl2, ctl0));
  g_assert_true (g_bytes_equal (pl2, pl0));
  g_assert_true (g_bytes_equal (alt2, alt0));
  g_assert_true (g_bytes_equal (blk2, blk0));

  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

/* Export each flag the zone has as a mask, clear the flag everywhere, import
 * the mask: the control file is the original again.  The PNG itself is read
 * back and checked against the bytes. */
static void
test_mask_identity (gconstpointer data)
{
  const RealZone *z = data;
  g_autofree char *src = data_dir (z);
  g_autofree char *dir = copy_zone (z);
  g_autofree char *png = g_build_filename (dir, "mask.png", NULL);
  g_autoptr(GBytes) ctl0 = read_layer (src, "control", z->id);
  guint n = z->size;
  guint flags_checked = 0;

  for (guint k = 0; k < G_N_ELEMENTS (control_bits); k++)
    {
      g_autoptr(MsZone) zone = NULL;
      g_autoptr(MsZoneRegion) all = NULL, mask = NULL;
      g_autoptr(GBytes) ctl = NULL;
      g_autoptr(GError) error = NULL;
      cairo_surface_t *s;
      guint64 set = 0;
      guint bit = control_bits[k].bit;
      MsZoneOp clear = { .kind = MS_ZONE_OP_CLEAR_FLAG, .mask = bit };
      MsZoneOp put = { .kind = MS_ZONE_OP_SET_FLAG, .mask = bit };

      for (gsize i = 0; i < (gsize) n * n; i++)
        set += (u16_at (ctl0, i) & bit) != 0;
      if (set == 0)
        continue;
      flags_checked++;

      zone = ms_zone_new_for_dir (dir, z->id, 0, 0, NULL, &error);
      g_assert_no_error (error);
      ms_zone_mask_export_flag (zone, bit, png, NULL, &error);
      g_assert_no_error (error);

      s = cairo_image_surface_create_from_png (png);
      g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (s), ==, n);
      g_assert_cmpint (cairo_image_surface_get_height (s), ==, n);
      for (guint y = 0; y < n; y++)
        for (guint x = 0; x < n; x++)
          {
            const guint8 *row = cairo_image_surface_get_data (s) +
                                (gsize) y * cairo_image_surface_get_stride (s);
            /* A grey PNG loads as A8 or RGB24; any channel tells. */
            guint v = cairo_image_surface_get_format (s) == CAIRO_FORMAT_A8
                      ? row[x] : (((const guint32 *) (gconstpointer) row)[x] & 0xff);

            g_assert_cmpuint (v, ==, (u16_at (ctl0, (gsize) y * n + x) & bit) ? 255 : 0);
          }
      cairo_surface_destroy (s);

      all = ms_zone_region_new_rect (n, n, 0, 0, n, n);
      g_assert_true (ms_zone_apply (zone, &clear, all, &error));
      mask = ms_zone_mask_import (png, n, n, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (ms_zone_region_count_tiles (mask), ==, set);
      g_assert_true (ms_zone_apply (zone, &put, mask, &error));
      g_assert_no_error (error);
      g_assert_true (ms_zone_save (zone, MS_ZONE_SAVE_FLAGS_NONE, NULL, NULL, &error));
      g_assert_no_error (error);
      ctl = read_layer (dir, "control", z->id);
      g_assert_true (g_bytes_equal (ctl, ctl0));
    }
  /* 70 has AntiPlant, ConcreteA/B and Highway; 71 AntiPlant and ConcreteA. */
  g_assert_cmpuint (flags_checked, ==, z->id == 70 ? 4 : 2);
  g_unlink (png);
  ms_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (zones); i++)
    {
      g_autofree char *info = g_strdup_printf ("/real-zones/%04u/info", zones[i].id);
      g_autofree char *paint = g_strdup_printf ("/real-zones/%04u/paint-undo-save", zones[i].id);
      g_autofree char *mask = g_strdup_printf ("/real-zones/%04u/mask-identity", zones[i].id);

      g_test_add_data_func (info, &zones[i], test_info);
      g_test_add_data_func (paint, &zones[i], test_paint_round_trip);
      g_test_add_data_func (mask, &zones[i], test_mask_identity);
    }
  return g_test_run ();
}
