/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grid scans' fast paths against one-at-a-time loops written here: the
 * water-id scan (runs skipped 32 and 8 at a time) on runs of every length
 * around those blocks, at every alignment, unaligned in memory.
 */
#include "config.h"

#include <string.h>

#include "ms-grid-scan.h"

static void
check_water_ids (const guint16 *ids,
                 gsize          n)
{
  /* One byte in, so no id is 2-aligned, as in a v2 file. */
  g_autofree guint8 *bytes = g_malloc (2 * n + 1);
  g_autofree guint8 *seen = g_malloc0 (65536);
  g_autofree guint8 *expected_seen = g_malloc0 (65536);
  guint64 expected_wet = 0;

  memcpy (bytes + 1, ids, 2 * n);
  expected_seen[0] = 1;
  for (gsize i = 0; i < n; i++)
    {
      expected_wet += ids[i] != 0;
      expected_seen[ids[i]] = 1;
    }
  g_assert_cmpuint (ms_scan_water_ids (bytes + 1, n, seen), ==, expected_wet);
  g_assert_cmpmem (seen, 65536, expected_seen, 65536);
}

static void
test_water_ids (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (12);
  guint16 ids[700];

  /* Runs of one length each, from 1 to 70, starting at every offset of a
   * 32-id block; ids alternate between dry (0), the sea (1) and lakes. */
  for (guint length = 1; length <= 70; length++)
    for (guint offset = 0; offset < 32; offset += 3)
      {
        guint16 id = 0;
        gsize n = G_N_ELEMENTS (ids) - offset;

        for (gsize i = 0; i < n; i++)
          {
            if (i % length == 0)
              id = (guint16) (i / length % 3 == 0 ? 0 : g_rand_int_range (rand, 1, 65536));
            ids[i] = id;
          }
        check_water_ids (ids, n);
      }

  /* Lengths that are not a multiple of 8 or 32, ending in a run. */
  for (gsize n = 0; n < 100; n++)
    {
      for (gsize i = 0; i < n; i++)
        ids[i] = (guint16) (i < n / 2 ? 0 : 7);
      check_water_ids (ids, n);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/grid-scan/water-ids", test_water_ids);
  return g_test_run ();
}
