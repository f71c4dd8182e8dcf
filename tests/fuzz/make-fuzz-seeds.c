/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes the seed corpora of the fuzz harnesses: make-fuzz-seeds SRCDIR
 * OUTDIR makes OUTDIR/{blueprint,zone,journal,zone-op}.
 *
 *   blueprint  the demo at the minimum size (v2) and a minimal v1 file
 *   zone       the real zone 0071 (256²) whole, crops of 0070 and 0071, and
 *              small synthetic zones (the demo's layers, a legacy 1-byte
 *              control file, a file one byte short), in fuzz-zone's format
 *   journal    journals written by ms_zone_journal_write over edits of
 *              demo zones, each verbatim and with the checksum left to the
 *              harness (fuzz-journal's mode byte)
 *   zone-op    the edit operations of the README and tests/cli/test-cli-zone.c
 */
#include "config.h"

#include <string.h>

#include "ms-demo-blueprint.h"
#include "ms-demo-zone.h"
#include "ms-test-util.h"
#include "ms-wire.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-region.h"

static void
put (const char *dir,
     const char *name,
     const void *data,
     gsize       length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, data, (gssize) length, &error);
  g_assert_no_error (error);
}

static void
blueprint_seeds (const char *dir)
{
  g_autoptr(GBytes) demo = NULL;
  g_autoptr(GByteArray) v1 = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  demo = ms_demo_blueprint_generate (256, 1, &error);
  g_assert_no_error (error);
  put (dir, "demo-256.dat", g_bytes_get_data (demo, NULL), g_bytes_get_size (demo));

  ms_test_put_string (v1, "ISLA_V1");
  ms_test_put_u32 (v1, 256);
  for (guint i = 0; i < 256 * 256; i++)
    {
      ms_test_put_f32 (v1, (float) i);
      ms_test_put_u32 (v1, i % 12);
    }
  ms_test_put_u32 (v1, 1);
  ms_test_put_f32 (v1, 1.0f); ms_test_put_f32 (v1, 2.0f); ms_test_put_u32 (v1, 1);
  for (guint t = 0; t < 4; t++)
    {
      ms_test_put_u32 (v1, 1);
      ms_test_put_u32 (v1, 2);
      for (guint k = 0; k < 4; k++)
        ms_test_put_f32 (v1, (float) k);
    }
  put (dir, "v1-256.dat", v1->data, v1->len);
}

/* ---------------------------------------------------------------- zone -- */

typedef struct
{
  GBytes *layers[MS_ZONE_N_LAYERS];   /* NULL: absent */
  guint   side;
} Zone;

static void
zone_clear (Zone *z)
{
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    g_clear_pointer (&z->layers[l], g_bytes_unref);
}

static void
load_real_zone (Zone       *z,
                const char *srcdir,
                guint       id,
                guint       side)
{
  g_autofree char *folder = g_strdup_printf ("%04u", id);

  memset (z, 0, sizeof *z);
  z->side = side;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      g_autofree char *name = ms_zone_layer_filename (l, id);
      g_autofree char *path = g_build_filename (srcdir, "tests", "data", "zones", folder, name, NULL);
      char *data;
      gsize length;

      if (g_file_get_contents (path, &data, &length, NULL))
        {
          g_assert_cmpuint (length, ==, (gsize) side * side * ms_zone_layer_get_bytes_per_tile (l));
          z->layers[l] = g_bytes_new_take (data, length);
        }
    }
  g_assert_nonnull (z->layers[MS_ZONE_LAYER_CONTROL]);
}

/* fuzz-zone's input for the @w × @h tiles of @z at (@x0, @y0); @bpt_control
 * 1 keeps the low byte of each control tile (the legacy form); @delta is
 * added to every file's length. */
static void
put_zone (const char *dir,
          const char *name,
          Zone       *z,
          guint       x0,
          guint       y0,
          guint       w,
          guint       h,
          guint8      flags,
          gint8       delta)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  guint8 mask = 0;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    mask |= z->layers[l] != NULL ? 1u << l : 0;
  ms_test_put_u8 (a, mask);
  ms_test_put_u8 (a, flags);
  ms_test_put_u16 (a, w);
  ms_test_put_u16 (a, h);
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    ms_test_put_u8 (a, (guint8) delta);
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      const guint8 *src;
      guint bpt = ms_zone_layer_get_bytes_per_tile (l);
      guint out_bpt = (l == MS_ZONE_LAYER_CONTROL && (flags & 4)) ? 1 : bpt;

      if (z->layers[l] == NULL)
        continue;
      src = g_bytes_get_data (z->layers[l], NULL);
      for (guint y = y0; y < y0 + h; y++)
        for (guint x = x0; x < x0 + w; x++)
          g_byte_array_append (a, src + ((gsize) y * z->side + x) * bpt, out_bpt);
      /* A negative delta takes the last bytes back; a positive one adds. */
      if (delta < 0)
        g_byte_array_set_size (a, a->len + delta);
      for (gint i = 0; i < delta; i++)
        ms_test_put_u8 (a, 0xA5);
    }
  put (dir, name, a->data, a->len);
}

static void
zone_seeds (const char *dir,
            const char *srcdir)
{
  Zone z;

  /* The real 256² zone, whole and inferred; crops with an explicit size,
   * audited and edited. */
  load_real_zone (&z, srcdir, 71, 256);
  put_zone (dir, "0071-whole", &z, 0, 0, 256, 256, 0, 0);
  put_zone (dir, "0071-crop-64", &z, 96, 96, 64, 64, 1 | 8 | 16, 0);
  put_zone (dir, "0071-crop-40x24", &z, 200, 10, 40, 24, 1 | 8 | 16, 0);
  put_zone (dir, "0071-crop-legacy-control", &z, 0, 128, 32, 32, 1 | 4 | 16, 0);
  put_zone (dir, "0071-crop-one-short", &z, 17, 3, 16, 16, 0, -1);
  zone_clear (&z);

  load_real_zone (&z, srcdir, 70, 512);
  put_zone (dir, "0070-crop-65", &z, 300, 200, 65, 65, 8 | 16, 0);
  put_zone (dir, "0070-crop-1", &z, 511, 511, 1, 1, 1 | 8, 0);
  zone_clear (&z);

  /* The demo's layers, every one of them (terraformable). */
  memset (&z, 0, sizeof z);
  z.side = 16;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    z.layers[l] = ms_demo_zone_generate_layer (l, 16);
  put_zone (dir, "demo-16-terraformable", &z, 0, 0, 16, 16, 8 | 16, 0);
  put_zone (dir, "demo-16-control-file", &z, 0, 0, 16, 16, 2 | 8, 0);
  put_zone (dir, "demo-5x9", &z, 3, 2, 5, 9, 1 | 8 | 16, 0);
  zone_clear (&z);
}

/* ------------------------------------------------------------- journal -- */

static void
put_journal (const char *dir,
             const char *name,
             const char *journal)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autofree char *full = g_strconcat (name, "-verbatim", NULL);
  g_autofree char *open = g_strconcat (name, "-checksum-by-harness", NULL);
  g_autoptr(GError) error = NULL;
  char *data;
  gsize length;

  g_file_get_contents (journal, &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >=, 32);
  ms_test_put_u8 (a, 0);
  g_byte_array_append (a, (guint8 *) data, length);
  put (dir, full, a->data, a->len);
  /* Mode 3: the harness points the journal at its own zone's folder and
   * appends the checksum, so the seed reaches the apply. */
  a->data[0] = 3;
  g_byte_array_set_size (a, a->len - 32);
  put (dir, open, a->data, a->len);
  g_free (data);
}

static MsZone *
write_zone (const char *tmp,
            guint       id,
            guint       w,
            guint       h,
            gboolean    all_layers)
{
  g_autoptr(GError) error = NULL;
  MsZone *zone;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      g_autofree char *name = ms_zone_layer_filename (l, id);
      gsize length = (gsize) w * h * ms_zone_layer_get_bytes_per_tile (l);
      g_autofree guint8 *bytes = g_malloc0 (length);

      if (!all_layers && l != MS_ZONE_LAYER_CONTROL && l != MS_ZONE_LAYER_PLANTS)
        continue;
      for (gsize i = 0; i < length; i++)
        bytes[i] = (guint8) (i * 7 + l);
      ms_test_put_file (tmp, name, bytes, length);
    }
  zone = ms_zone_new_for_dir (tmp, id, w, h, NULL, &error);
  g_assert_no_error (error);
  return zone;
}

static void
apply (MsZone       *zone,
       MsZoneOpKind  kind,
       guint16       mask,
       gint          value,
       MsZoneRegion *region)
{
  MsZoneOp op = { kind, mask, value, 0 };
  g_autoptr(MsZoneRegion) owned = region;
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_zone_apply (zone, &op, owned, &error));
  g_assert_no_error (error);
}

static void
journal_seeds (const char *dir)
{
  g_autofree char *tmp = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (tmp, "seed.mszj", NULL);
  g_autoptr(GError) error = NULL;
  MsZone *zone;

  /* No edits: a journal of no layers. */
  zone = write_zone (tmp, 3, 64, 64, FALSE);
  g_assert_true (ms_zone_journal_write (zone, path, NULL, &error));
  put_journal (dir, "empty-64", path);

  /* A few tiles of one layer, then of two. */
  apply (zone, MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ROAMING, 0,
         ms_zone_region_new_rect (64, 64, 3, 4, 5, 2));
  g_assert_true (ms_zone_journal_write (zone, path, NULL, &error));
  put_journal (dir, "control-64", path);
  apply (zone, MS_ZONE_OP_SET_SPAWN, 0, 9, ms_zone_region_new_rect (64, 64, 60, 60, 4, 4));
  g_assert_true (ms_zone_journal_write (zone, path, NULL, &error));
  put_journal (dir, "control-plants-64", path);
  g_clear_object (&zone);

  /* Several chunks, partial ones at the right and bottom edges, every
   * layer present. */
  zone = write_zone (tmp, 1234, 150, 100, TRUE);
  apply (zone, MS_ZONE_OP_CLEAR_FLAG, 0xFFFF, 0, ms_zone_region_new_rect (150, 100, 60, 50, 90, 50));
  apply (zone, MS_ZONE_OP_ADD_SPAWN, 0, 5, ms_zone_region_new_rect (150, 100, 0, 0, 150, 3));
  g_assert_true (ms_zone_journal_write (zone, path, NULL, &error));
  put_journal (dir, "two-layers-150x100", path);
  g_clear_object (&zone);

  /* A 1×1 zone. */
  zone = write_zone (tmp, 0, 1, 1, FALSE);
  apply (zone, MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_NPC_RESTRICTED, 0,
         ms_zone_region_new_rect (1, 1, 0, 0, 1, 1));
  g_assert_true (ms_zone_journal_write (zone, path, NULL, &error));
  put_journal (dir, "one-tile", path);
  g_clear_object (&zone);

  ms_test_remove_tree (tmp);
}

/* ------------------------------------------------------------- zone-op -- */

static const char * const zone_ops[] = {
  /* tests/cli/test-cli-zone.c */
  "set Roaming rect 2 3 10 4",
  "spawn 9 polygon 20 20 40 20 20 40",
  "clear Roaming where spawn == 9",
  "set NoSuchFlag rect 0 0 1 1",
  "spawn 300 rect 0 0 1 1",
  "set AntiPlant fill 64 0",
  "set AntiPlant polygon 0 0 1 1",
  "set AntiPlant where bogus > 1",
  "set AntiPlant fill 0 0",
  "set PBSHighway rect 0 0 1 1",
  "set NpcRestricted rect 3 4 10 5",
  "clear NpcRestricted rect 0 0 64 64",
  /* The README's language */
  "spawn +5 stroke round 3 1 1 20 20 30 5",
  "spawn -7 where height >= 30",
  "spawn *1.5 where ground != 0",
  "set 1024 stroke square 2 0 0 10 0",
  "clear Highway where flag == Highway",
  "set ConcreteA where slope > 15",
  "set SyndicateArea where altitude < 1000",
  "spawn 0 where plant <= 3",
  "set TerraformProtected where control != 0",
};

static void
zone_op_seeds (const char *dir)
{
  for (guint i = 0; i < G_N_ELEMENTS (zone_ops); i++)
    {
      g_autofree char *name = g_strdup_printf ("op-%02u", i);
      put (dir, name, zone_ops[i], strlen (zone_ops[i]));
    }
}

int
main (int argc, char **argv)
{
  static const char * const kinds[] = { "blueprint", "zone", "journal", "zone-op" };
  char *dirs[G_N_ELEMENTS (kinds)] = { NULL, };

  if (argc != 3)
    {
      g_printerr ("usage: make-fuzz-seeds SRCDIR OUTDIR\n");
      return 2;
    }
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      dirs[i] = g_build_filename (argv[2], kinds[i], NULL);
      g_assert_cmpint (g_mkdir_with_parents (dirs[i], 0755), ==, 0);
    }
  blueprint_seeds (dirs[0]);
  zone_seeds (dirs[1], argv[1]);
  journal_seeds (dirs[2]);
  zone_op_seeds (dirs[3]);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    g_free (dirs[i]);
  return 0;
}
