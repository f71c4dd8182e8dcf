/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "ms-test-zone.h"
#include "ms-zone-edit.h"

#define W MS_TEST_ZONE_WIDTH
#define H MS_TEST_ZONE_HEIGHT
#define N (W * H)

typedef MsTestZoneFixture Fixture;

static void
apply (MsZone *zone, MsZoneOpKind kind, guint16 mask, gint value, double factor,
       MsZoneRegion *region)
{
  MsZoneOp op = { kind, mask, value, factor };
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);
}

static void
test_ops (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *ec = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *ep = g_memdup2 (f->plants, N * 7);
  g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (W, H, 10, 20, 70, 50);
  g_autoptr(MsZoneRegion) disc = ms_zone_region_new_stamp (W, H, MS_ZONE_BRUSH_ROUND, 100, 50, 30);

  g_assert_false (ms_zone_is_dirty (f->zone));

  apply (f->zone, MS_ZONE_OP_SET_FLAG, 64 | 512, 0, 0, rect);
  for (int y = 20; y < 70; y++)
    for (int x = 10; x < 80; x++)
      {
        ec[2 * (y * W + x)] |= 64;
        ec[2 * (y * W + x) + 1] |= 2;
      }
  ms_test_assert_zone_layers (f->zone, ec, ep);
  g_assert_true (ms_zone_is_layer_dirty (f->zone, MS_ZONE_LAYER_CONTROL));
  g_assert_false (ms_zone_is_layer_dirty (f->zone, MS_ZONE_LAYER_PLANTS));

  apply (f->zone, MS_ZONE_OP_CLEAR_FLAG, 1 | 256, 0, 0, disc);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if ((x + 0.5 - 100) * (x + 0.5 - 100) + (y + 0.5 - 50) * (y + 0.5 - 50) <= 900)
        {
          ec[2 * (y * W + x)] &= ~1;
          ec[2 * (y * W + x) + 1] &= ~1;
        }
  ms_test_assert_zone_layers (f->zone, ec, ep);

  /* Spawn ops touch byte 3 only. */
  apply (f->zone, MS_ZONE_OP_SET_SPAWN, 0, 200, 0, rect);
  for (int y = 20; y < 70; y++)
    for (int x = 10; x < 80; x++)
      ep[7 * (y * W + x) + 3] = 200;
  ms_test_assert_zone_layers (f->zone, ec, ep);

  apply (f->zone, MS_ZONE_OP_ADD_SPAWN, 0, 80, 0, disc);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if ((x + 0.5 - 100) * (x + 0.5 - 100) + (y + 0.5 - 50) * (y + 0.5 - 50) <= 900)
        ep[7 * (y * W + x) + 3] = (guint8) MIN (255, ep[7 * (y * W + x) + 3] + 80);
  ms_test_assert_zone_layers (f->zone, ec, ep);

  apply (f->zone, MS_ZONE_OP_ADD_SPAWN, 0, -150, 0, rect);
  for (int y = 20; y < 70; y++)
    for (int x = 10; x < 80; x++)
      ep[7 * (y * W + x) + 3] = (guint8) MAX (0, ep[7 * (y * W + x) + 3] - 150);
  ms_test_assert_zone_layers (f->zone, ec, ep);

  apply (f->zone, MS_ZONE_OP_SCALE_SPAWN, 0, 0, 1.7, disc);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      if ((x + 0.5 - 100) * (x + 0.5 - 100) + (y + 0.5 - 50) * (y + 0.5 - 50) <= 900)
        ep[7 * (y * W + x) + 3] = (guint8) MIN (255.0, round (ep[7 * (y * W + x) + 3] * 1.7));
  ms_test_assert_zone_layers (f->zone, ec, ep);

  /* Nothing but byte 3 of plants ever changed. */
  for (int i = 0; i < N * 7; i++)
    if (i % 7 != 3)
      g_assert_cmpuint (ep[i], ==, f->plants[i]);

  {
    MsZoneOp bad = { MS_ZONE_OP_SET_SPAWN, 0, 256, 0 };
    g_autoptr(GError) error = NULL;
    g_assert_false (ms_zone_apply (f->zone, &bad, rect, &error));
    g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID);
    ms_test_assert_zone_layers (f->zone, ec, ep);
  }
}

static void
test_undo_redo (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *c0 = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *p0 = g_memdup2 (f->plants, N * 7);
  g_autofree guint8 *c1 = g_memdup2 (c0, N * 2);
  g_autofree guint8 *p2 = g_memdup2 (p0, N * 7);
  g_autoptr(MsZoneRegion) a = ms_zone_region_new_rect (W, H, 0, 0, 100, 10);
  g_autoptr(MsZoneRegion) b = ms_zone_region_new_rect (W, H, 50, 5, 100, 90);

  g_assert_false (ms_zone_can_undo (f->zone));
  apply (f->zone, MS_ZONE_OP_SET_FLAG, 128, 0, 0, a);
  for (int y = 0; y < 10; y++)
    for (int x = 0; x < 100; x++)
      c1[2 * (y * W + x)] |= 128;
  apply (f->zone, MS_ZONE_OP_SET_SPAWN, 0, 0, 0, b);
  for (int y = 5; y < 95; y++)
    for (int x = 50; x < W; x++)
      p2[7 * (y * W + x) + 3] = 0;
  ms_test_assert_zone_layers (f->zone, c1, p2);

  g_assert_true (ms_zone_undo (f->zone));
  ms_test_assert_zone_layers (f->zone, c1, p0);
  g_assert_true (ms_zone_undo (f->zone));
  ms_test_assert_zone_layers (f->zone, c0, p0);
  g_assert_false (ms_zone_undo (f->zone));
  g_assert_true (ms_zone_redo (f->zone));
  ms_test_assert_zone_layers (f->zone, c1, p0);
  g_assert_true (ms_zone_redo (f->zone));
  ms_test_assert_zone_layers (f->zone, c1, p2);
  g_assert_false (ms_zone_redo (f->zone));
  g_assert_true (ms_zone_undo (f->zone));
  ms_test_assert_zone_layers (f->zone, c1, p0);

  /* A new edit drops the redo history. */
  apply (f->zone, MS_ZONE_OP_CLEAR_FLAG, 128, 0, 0, a);
  {
    g_autofree guint8 *c3 = g_memdup2 (c0, N * 2);
    for (int y = 0; y < 10; y++)
      for (int x = 0; x < 100; x++)
        c3[2 * (y * W + x)] &= ~128;
    ms_test_assert_zone_layers (f->zone, c3, p0);
  }
  g_assert_false (ms_zone_can_redo (f->zone));
  g_assert_true (ms_zone_undo (f->zone));
  ms_test_assert_zone_layers (f->zone, c1, p0);
}

static void
on_changed (MsZone *zone, guint layer, guint x, guint y, guint w, guint h, gpointer data)
{
  GArray *calls = data;
  guint c[5] = { layer, x, y, w, h };
  g_array_append_vals (calls, c, 5);
}

static void
test_stroke_step (Fixture *f, gconstpointer data)
{
  g_autofree guint8 *c0 = g_memdup2 (f->control, N * 2);
  g_autofree guint8 *p0 = g_memdup2 (f->plants, N * 7);
  g_autoptr(GArray) calls = g_array_new (FALSE, FALSE, sizeof (guint));

  g_signal_connect (f->zone, "changed", G_CALLBACK (on_changed), calls);

  /* One drag: many stamps, one undo step. */
  ms_zone_begin_step (f->zone);
  for (int i = 0; i < 20; i++)
    {
      g_autoptr(MsZoneRegion) r = ms_zone_region_new_stamp (W, H, MS_ZONE_BRUSH_ROUND,
                                                           10 + 5 * i, 50, 4);
      apply (f->zone, MS_ZONE_OP_ADD_SPAWN, 0, 10, 0, r);
    }
  g_assert_false (ms_zone_can_undo (f->zone));
  ms_zone_end_step (f->zone);
  g_assert_cmpuint (calls->len, ==, 20 * 5);
  /* The first stamp's rectangle: tiles 6..14 x 46..54 */
  g_assert_cmpuint (g_array_index (calls, guint, 0), ==, MS_ZONE_LAYER_PLANTS);
  g_assert_cmpuint (g_array_index (calls, guint, 1), ==, 6);
  g_assert_cmpuint (g_array_index (calls, guint, 2), ==, 46);
  g_assert_cmpuint (g_array_index (calls, guint, 3), ==, 8);
  g_assert_cmpuint (g_array_index (calls, guint, 4), ==, 8);

  g_assert_true (ms_zone_can_undo (f->zone));
  g_assert_true (ms_zone_undo (f->zone));
  ms_test_assert_zone_layers (f->zone, c0, p0);
  g_assert_false (ms_zone_can_undo (f->zone));
  g_signal_handlers_disconnect_by_func (f->zone, on_changed, calls);
}

/* Edits and history cost the chunks touched, not the zone. */
static void
test_memory (void)
{
  const guint size = 2048;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "plants.0001.bin", NULL);
  const gsize chunk = 64 * 64 * 7;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) one = ms_zone_region_new_rect (size, size, 1000, 1000, 1, 1);
  g_autoptr(MsZoneRegion) four = ms_zone_region_new_rect (size, size, 60, 60, 10, 10);
  gsize rss_before;

  /* A sparse 28 MiB file: no disk, and mapping it costs no heap. */
  {
    FILE *fp = fopen (path, "wb");
    g_assert_nonnull (fp);
    g_assert_cmpint (fseek (fp, (long) size * size * 7 - 1, SEEK_SET), ==, 0);
    fputc (0, fp);
    fclose (fp);
  }
  rss_before = ms_test_rss_anon ();
  zone = ms_zone_new_for_dir (dir, 1, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (zone), ==, size);
  g_assert_cmpuint (ms_zone_get_edit_memory (zone), ==, 0);

  apply (zone, MS_ZONE_OP_SET_SPAWN, 0, 9, 0, one);
  /* The overlay chunk; the history holds "was the mapping", no copy. */
  g_assert_cmpuint (ms_zone_get_edit_memory (zone), <=, chunk + 256);
  apply (zone, MS_ZONE_OP_SET_SPAWN, 0, 10, 0, one);
  /* Now the first chunk copy is history too. */
  g_assert_cmpuint (ms_zone_get_edit_memory (zone), <=, 2 * chunk + 512);
  apply (zone, MS_ZONE_OP_SET_SPAWN, 0, 11, 0, four);
  g_assert_cmpuint (ms_zone_get_edit_memory (zone), <=, 6 * chunk + 1024);
  g_assert_cmpuint (ms_zone_get_spawn (zone, 1000, 1000), ==, 10);
  g_assert_true (ms_zone_undo (zone));
  g_assert_true (ms_zone_undo (zone));
  g_assert_cmpuint (ms_zone_get_spawn (zone, 1000, 1000), ==, 9);
  if (rss_before > 0)
    g_assert_cmpuint (ms_test_rss_anon (), <, rss_before + 8 * 1024 * 1024);
  g_clear_object (&zone);
  ms_test_remove_tree (dir);
}

static void
test_missing_layer (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "control.0001.bin", NULL);
  g_autofree guint8 *zeros = g_malloc0 (64 * 64 * 2);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) r = ms_zone_region_new_rect (64, 64, 0, 0, 4, 4);
  MsZoneOp op = { MS_ZONE_OP_SET_SPAWN, 0, 5, 0 };

  g_assert_true (g_file_set_contents (path, (char *) zeros, 64 * 64 * 2, NULL));
  zone = ms_zone_new_for_dir (dir, 1, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (ms_zone_apply (zone, &op, r, &error));
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  g_assert_false (ms_zone_is_dirty (zone));
  g_assert_false (ms_zone_can_undo (zone));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, ms_test_zone_fixture_set_up, fn, \
                                  ms_test_zone_fixture_tear_down)
  ADD ("/zone/edit/ops", test_ops);
  ADD ("/zone/edit/undo-redo", test_undo_redo);
  ADD ("/zone/edit/stroke-step", test_stroke_step);
#undef ADD
  g_test_add_func ("/zone/edit/memory", test_memory);
  g_test_add_func ("/zone/edit/missing-layer", test_missing_layer);
  return g_test_run ();
}
