/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The grid reduction every CPU picture starts from (ms_blueprint_grid_reduce)
 * against a plain loop over the values the test itself wrote: heights with
 * NaN and infinities at random places, on regions whose apron hangs off the
 * map, for block sizes that take the four-lanes path (k a multiple of 4)
 * and those that do not.  The plain loop follows the documented rule in the
 * simplest order (each column's block summed in float, row by row, the
 * columns' sums added in double), so the fast paths must give its very
 * bits; biome and water are the samples at each cell's centre.  Every
 * path the processor has is checked: AVX2 where it has it, and SSE2. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ms-blueprint.h"
#include "ms-blueprint-grid.h"
#include "ms-mapping.h"
#include "ms-profile.h"
#include "ms-simd.h"
#include "ms-test-util.h"

#define SIZE 263u   /* odd, so blocks are cut at the far edges too */

typedef struct
{
  float   heights[SIZE * SIZE];  /* x * SIZE + y */
  guint8  biomes[SIZE * SIZE];
  guint16 ids[SIZE * SIZE];
  guint16 levels[SIZE * SIZE];
} Map;

static GBytes *
make_file (Map *m)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();

  for (gsize i = 0; i < SIZE * SIZE; i++)
    {
      double r = g_rand_double (rand);

      m->heights[i] = r < 0.02 ? NAN : r < 0.025 ? INFINITY : r < 0.03 ? -INFINITY
                      : (float) g_rand_double_range (rand, -0.5, 1.7);
      m->biomes[i] = (guint8) g_rand_int_range (rand, 0, 4);
      m->ids[i] = (guint16) g_rand_int_range (rand, 0, 9);
      m->levels[i] = (guint16) g_rand_int_range (rand, 0, 65536);
    }
  /* A whole block of NaN, so some cells have no finite height at all. */
  for (guint x = 40; x < 56; x++)
    for (guint y = 80; y < 96; y++)
      m->heights[x * SIZE + y] = NAN;

  ms_test_put_v2_head (out, 9, SIZE);
  for (gsize i = 0; i < SIZE * SIZE; i++)
    ms_test_put_f32 (p, m->heights[i]);
  ms_test_put_section (out, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  g_byte_array_append (p, m->biomes, SIZE * SIZE);
  ms_test_put_section (out, "BIOM", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (gsize i = 0; i < SIZE * SIZE; i++)
    ms_test_put_u16 (p, m->ids[i]);
  ms_test_put_section (out, "WBID", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (gsize i = 0; i < SIZE * SIZE; i++)
    ms_test_put_u16 (p, m->levels[i]);
  ms_test_put_section (out, "WSRF", p->data, p->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

typedef struct
{
  gint64 x0, y0;
  guint  k, width, height;
} Case;

static void
check_case (MsBlueprint *bp,
            const Map   *m,
            const Case  *c)
{
  gsize cells = (gsize) c->width * c->height;
  g_autofree float *heights = g_new (float, cells);
  g_autofree guint8 *biomes = g_new (guint8, cells);
  g_autofree guint16 *ids = g_new (guint16, cells);
  g_autofree guint16 *levels = g_new (guint16, cells);
  g_autofree guint32 *counts = g_new (guint32, cells);
  MsBlueprintGrid grid = { c->x0, c->y0, c->k, c->width, c->height,
                           heights, biomes, ids, levels, counts };

  ms_blueprint_grid_reduce (bp, &grid, NULL);

  for (guint cy = 0; cy < c->height; cy++)
    for (guint cx = 0; cx < c->width; cx++)
      {
        gint64 xa = MAX (c->x0 + (gint64) cx * c->k, 0), xb = MIN (c->x0 + (gint64) (cx + 1) * c->k, SIZE);
        gint64 ya = MAX (c->y0 + (gint64) cy * c->k, 0), yb = MIN (c->y0 + (gint64) (cy + 1) * c->k, SIZE);
        gsize o = (gsize) cy * c->width + cx;
        double sum = 0.0;
        guint32 finite = 0;
        float expected = NAN;
        guint8 biome = 0;
        guint16 id = 0, level = 0;

        for (gint64 x = xa; x < xb && ya < yb; x++)
          {
            float block = 0.0f;

            for (gint64 y = ya; y < yb; y++)
              if (isfinite (m->heights[x * SIZE + y]))
                {
                  block += m->heights[x * SIZE + y];
                  finite++;
                }
            sum += block;
          }
        if (finite > 0)
          expected = (float) (sum / finite);
        if (xa < xb && ya < yb)
          {
            gsize centre = (gsize) (xa + (xb - xa) / 2) * SIZE + (gsize) (ya + (yb - ya) / 2);

            biome = m->biomes[centre];
            id = m->ids[centre];
            level = m->levels[centre];
          }

        /* Bit for bit, NaN too (the same NaN NAN gives). */
        if (memcmp (&expected, &heights[o], sizeof (float)) != 0)
          g_error ("k=%u origin (%" G_GINT64_FORMAT ", %" G_GINT64_FORMAT "), cell (%u, %u): "
                   "height %.9g, the plain loop %.9g",
                   c->k, c->x0, c->y0, cx, cy, heights[o], expected);
        g_assert_cmpuint (counts[o], ==, finite);
        g_assert_cmpuint (biomes[o], ==, biome);
        g_assert_cmpuint (ids[o], ==, id);
        g_assert_cmpuint (levels[o], ==, level);
      }
}

static void
check_cases_with (MsBlueprint *bp,
                  const Map   *m)
{
  static const guint ks[] = { 1, 2, 3, 4, 5, 8, 12, 16, 33 };

  for (guint i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      guint k = ks[i];
      guint n = (SIZE + k - 1) / k;
      /* The whole map with a one-cell apron, as ms_render_blueprint ()
       * reduces it; a region starting inside the map off the block grid;
       * one hanging off the far corner. */
      Case cases[] = {
        { -(gint64) k, -(gint64) k, k, n + 2, n + 2 },
        { 17, 5, k, MAX (1u, (SIZE - 17) / k / 2), MAX (1u, (SIZE - 5) / k) },
        { SIZE - 2 * (gint64) k - 1, SIZE - 3 * (gint64) k + 2, k, 5, 6 },
      };

      for (guint j = 0; j < G_N_ELEMENTS (cases); j++)
        check_case (bp, m, &cases[j]);
    }
}

/* Every path this processor has: AVX2 where it has it, and the SSE2 one
 * (the x86-64 baseline) every x86-64 has. */
static void
check_cases (MsBlueprint *bp,
             const Map   *m)
{
  check_cases_with (bp, m);
  _ms_simd_use_avx2_for_testing (FALSE);
  check_cases_with (bp, m);
  _ms_simd_use_avx2_for_testing (TRUE);
}

static void
test_against_plain_loop (void)
{
  g_autofree Map *m = g_new (Map, 1);
  g_autoptr(GBytes) bytes = make_file (m);
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "grid.dat", profile, &error);

  g_assert_no_error (error);
  check_cases (bp, m);
}

/* From a file the whole-map cases copy whole columns with pread ()
 * (ms_blueprint_copy_columns), the regions each column's rows
 * (ms_blueprint_copy_column_rows), instead of reading the mapping: the
 * same bits.  A file that shrinks before the reduction gives zeros for what it
 * lost and marks the mapping, never a signal. */
static void
test_file_copies (void)
{
  g_autofree Map *m = g_new (Map, 1);
  g_autoptr(GBytes) bytes = make_file (m);
  g_autoptr(MsProfile) profile = ms_profile_new_default ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "grid.dat", NULL);
  g_autoptr(MsBlueprint) bp = NULL;
  guint k = 4, n = (SIZE + k - 1) / k + 2;
  g_autofree float *heights = g_new (float, (gsize) n * n);
  g_autofree guint8 *biomes = g_new (guint8, (gsize) n * n);
  g_autofree guint16 *ids = g_new (guint16, (gsize) n * n);
  g_autofree guint16 *levels = g_new (guint16, (gsize) n * n);
  MsBlueprintGrid grid = { -(gint64) k, -(gint64) k, k, n, n, heights, biomes, ids, levels, NULL };
  guint8 column[SIZE * 4];

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  bp = ms_blueprint_new_for_path (path, profile, &error);
  g_assert_no_error (error);
  /* The copy is the column as written. */
  g_assert_true (ms_blueprint_copy_columns (bp, MS_GRID_HEIGHTS, 7, 1, column));
  g_assert_cmpmem (column, sizeof column, &m->heights[7 * SIZE], sizeof column);
  g_assert_true (ms_blueprint_copy_column_rows (bp, MS_GRID_HEIGHTS, 7, 5, 20, column));
  g_assert_cmpmem (column, 20 * sizeof (float), &m->heights[7 * SIZE + 5], 20 * sizeof (float));
  g_assert_true (ms_blueprint_copy_column_rows (bp, MS_GRID_WATER_IDS, 9, SIZE - 3, 3, column));
  for (guint i = 0; i < 3; i++)
    g_assert_cmpuint (column[2 * i] | column[2 * i + 1] << 8, ==, m->ids[9 * SIZE + SIZE - 3 + i]);
  check_cases (bp, m);
  g_assert_true (ms_mapping_check (ms_blueprint_get_mapping (bp), NULL));

  /* Into the middle of the heights: the copies fail, the mapping's guard
   * gives zeros for the lost pages and marks it. */
  g_assert_cmpint (truncate (path, (off_t) (g_bytes_get_size (bytes) / 8)), ==, 0);
  g_assert_false (ms_blueprint_copy_columns (bp, MS_GRID_HEIGHTS, SIZE - 1, 1, column));
  g_assert_false (ms_blueprint_copy_column_rows (bp, MS_GRID_HEIGHTS, SIZE - 1, 5, 20, column));
  /* A region (its columns' rows read one by one) as well as the map. */
  {
    MsBlueprintGrid region = { 17, 5, k, 8, 8, heights, NULL, NULL, NULL, NULL };

    ms_blueprint_grid_reduce (bp, &region, NULL);
  }
  ms_blueprint_grid_reduce (bp, &grid, NULL);
  g_assert_false (ms_mapping_check (ms_blueprint_get_mapping (bp), &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/blueprint-grid/against-plain-loop", test_against_plain_loop);
  g_test_add_func ("/blueprint-grid/file-copies", test_file_copies);
  return g_test_run ();
}
