/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening a large blueprint maps it; it does not copy its grids onto the
 * heap.  Measured as the growth of the process's anonymous resident memory
 * (file-backed pages of a mapping are not anonymous), so it holds under the
 * sanitizers' allocators too.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-summary.h"
#include "ms-parallel.h"
#include "ms-test-util.h"

#define BIG 4096

static void
write_big_blueprint (const char *path)
{
  FILE *f = fopen (path, "wb");
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autofree float *column = g_new (float, BIG);
  g_autofree guint8 *biomes = g_new (guint8, BIG);

  g_assert_nonnull (f);
  g_byte_array_append (a, (const guint8 *) "ISLA", 4);
  ms_test_put_u32 (a, 2);
  {
    g_autoptr(GByteArray) prms = g_byte_array_new ();
    ms_test_put_u32 (prms, 9);
    ms_test_put_u32 (prms, BIG);
    for (guint i = 0; i < 4; i++)
      ms_test_put_f32 (prms, 0.0f);
    ms_test_put_string (prms, "now");
    ms_test_put_string (prms, "");
    ms_test_put_section (a, "PRMS", prms->data, prms->len);
  }
  g_byte_array_append (a, (const guint8 *) "HGTS", 4);
  ms_test_put_u64 (a, (guint64) 4 * BIG * BIG);
  g_assert_cmpuint (fwrite (a->data, 1, a->len, f), ==, a->len);

  /* The heights on a little-endian test host are the host floats. */
  g_assert_cmpint (G_BYTE_ORDER, ==, G_LITTLE_ENDIAN);
  for (guint x = 0; x < BIG; x++)
    {
      for (guint y = 0; y < BIG; y++)
        column[y] = (float) x - (float) y * 0.5f;
      g_assert_cmpuint (fwrite (column, 4, BIG, f), ==, BIG);
    }

  g_byte_array_set_size (a, 0);
  g_byte_array_append (a, (const guint8 *) "BIOM", 4);
  ms_test_put_u64 (a, (guint64) BIG * BIG);
  g_assert_cmpuint (fwrite (a->data, 1, a->len, f), ==, a->len);
  for (guint x = 0; x < BIG; x++)
    {
      for (guint y = 0; y < BIG; y++)
        biomes[y] = (guint8) ((x / 512 + y / 512) % 12);
      g_assert_cmpuint (fwrite (biomes, 1, BIG, f), ==, BIG);
    }
  g_assert_cmpint (fclose (f), ==, 0);
}

static void
test_maps_not_copies (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.dat", NULL);
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  gsize heights_bytes = (gsize) 4 * BIG * BIG;
  gsize before, after_open, after_summary;

  write_big_blueprint (path);

  before = ms_test_rss_anon ();
  bp = ms_blueprint_new_for_path (path, NULL, &error);
  g_assert_no_error (error);
  after_open = ms_test_rss_anon ();

  /* The reader scanned every biome (range check) but copied nothing: its
   * workers' scratch (a huge page each) is all it added. */
  g_assert_cmpuint (after_open - MIN (after_open, before), <, heights_bytes / 16 + ms_parallel_get_scratch_size ());
  g_assert_cmpuint (ms_mapping_get_length (ms_blueprint_get_mapping (bp)), ==,
                    8 + 12 + 4 + 4 + 16 + 4 + 1 + 12 + heights_bytes + 12 + (gsize) BIG * BIG);

  g_assert_cmpfloat (ms_blueprint_get_height (bp, 4000, 10), ==, 4000.0f - 5.0f);
  g_assert_cmpfloat (ms_blueprint_get_height (bp, 10, 4000), ==, 10.0f - 2000.0f);
  g_assert_cmpuint (ms_blueprint_get_biome (bp, 1024, 3000), ==, (2 + 5) % 12);

  /* A whole-map pass reads every height through a column buffer. */
  summary = ms_blueprint_summarize (bp, NULL, &error);
  g_assert_no_error (error);
  after_summary = ms_test_rss_anon ();
  g_assert_cmpuint (after_summary - MIN (after_summary, before), <, heights_bytes / 16 + ms_parallel_get_scratch_size ());

  /* Hand-worked: h = x - y/2 over 0..4095: min -2047.5, max 4095,
   * mean = mean(x) - mean(y)/2 = 2047.5 - 1023.75. */
  g_assert_cmpfloat (summary->height_min, ==, -2047.5);
  g_assert_cmpfloat (summary->height_max, ==, 4095.0);
  g_assert_cmpfloat_with_epsilon (summary->height_mean, 1023.75, 1e-6);
  /* Ordinal 0 where (bx + by) % 12 == 0 over 8×8 blocks of 512:
   * (0,0), (5,7), (6,6), (7,5). */
  g_assert_cmpuint (summary->biome_counts[0], ==, 4 * 512 * 512);

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

typedef struct
{
  GArray       *fractions;
  GCancellable *cancel_at_first;
} Progress;

static void
record_progress (double   fraction,
                 gpointer user_data)
{
  Progress *progress = user_data;

  g_array_append_val (progress->fractions, fraction);
  if (progress->cancel_at_first != NULL)
    g_cancellable_cancel (progress->cancel_at_first);
}

/* Opening reports how far the biome check (the one pass over a whole grid)
 * got, and stops between chunks when cancelled. */
static void
test_progress_and_cancel (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "big.dat", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GError) error = NULL;
  Progress progress = { fractions, NULL };

  write_big_blueprint (path);

  bp = ms_blueprint_new_for_path_full (path, NULL, record_progress, &progress, cancellable, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bp);
  /* 4096² pixels in rounds of a quarter (4 Mi pixels): four reports. */
  g_assert_cmpuint (fractions->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), ==, (i + 1) / 4.0);
  g_clear_object (&bp);

  /* Cancelled after the first chunk: no blueprint, and no further chunk. */
  g_array_set_size (fractions, 0);
  progress.cancel_at_first = cancellable;
  bp = ms_blueprint_new_for_path_full (path, NULL, record_progress, &progress, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (bp);
  g_assert_cmpuint (fractions->len, ==, 1);

  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint/mapping/maps-not-copies", test_maps_not_copies);
  g_test_add_func ("/blueprint/mapping/progress-and-cancel", test_progress_and_cancel);
  return g_test_run ();
}
