/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each map keeps the column it read last (the part of it asked for), so a
 * smaller map's column is read once for the grid columns that sample it and
 * both files are read in order when the columns are.
 */
#define G_LOG_DOMAIN "ms-diff"

#include "config.h"

#include "ms-diff-sampler.h"
#include "ms-diff-sampler-private.h"

#define NO_COLUMN G_MAXUINT

static void
side_init (MsDiffSide  *s,
           MsBlueprint *bp,
           guint        grid)
{
  MsProfile *profile = ms_blueprint_get_profile (bp);
  guint n_biomes = ms_profile_get_count (profile, MS_PROFILE_BIOMES);

  s->bp = g_object_ref (bp);
  s->size = ms_blueprint_get_map_size (bp);
  s->has_wbid = ms_blueprint_has_water (bp);
  for (guint b = 0; b < 256; b++)
    s->water_biome[b] = b < n_biomes && ms_profile_is_water_biome (profile, b);
  s->coord = g_new (guint, grid);
  for (guint i = 0; i < grid; i++)
    s->coord[i] = (guint) ((guint64) i * s->size / grid);
  s->column = NO_COLUMN;
  s->heights = g_new (float, s->size);
  s->biomes = g_new (guint8, s->size);
  s->ids = g_new0 (guint16, s->size);
}

static void
side_clear (MsDiffSide *s)
{
  g_clear_object (&s->bp);
  g_free (s->coord);
  g_free (s->heights);
  g_free (s->biomes);
  g_free (s->ids);
}

/* Loads own column @grid_x's own rows for grid rows [@y0, @y0 + @n). */
static void
side_load (MsDiffSide *s,
           guint       grid_x,
           guint       y0,
           guint       n)
{
  guint x = s->coord[grid_x];
  guint r0 = s->coord[y0], r1 = s->coord[y0 + n - 1] + 1;

  if (x == s->column && s->row0 <= r0 && r1 <= s->row1)
    return;
  /* Indexed by own row, so a partial load needs no offsets. */
  ms_blueprint_read_heights (s->bp, x, r0, r1 - r0, s->heights + r0);
  ms_blueprint_read_biomes (s->bp, x, r0, r1 - r0, s->biomes + r0);
  if (s->has_wbid)
    ms_blueprint_sample_column (s->bp, x, r0, 1, r1 - r0, NULL, s->ids + r0, NULL);
  s->column = x;
  s->row0 = r0;
  s->row1 = r1;
}

MsDiffSampler *
ms_diff_sampler_new (MsBlueprint *a,
                     MsBlueprint *b)
{
  MsDiffSampler *s;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);

  s = g_new0 (MsDiffSampler, 1);
  s->grid = MAX (ms_blueprint_get_map_size (a), ms_blueprint_get_map_size (b));
  side_init (&s->a, a, s->grid);
  side_init (&s->b, b, s->grid);
  return s;
}

void
ms_diff_sampler_free (MsDiffSampler *sampler)
{
  if (sampler == NULL)
    return;
  side_clear (&sampler->a);
  side_clear (&sampler->b);
  g_free (sampler);
}

guint
ms_diff_sampler_get_size (MsDiffSampler *sampler)
{
  g_return_val_if_fail (sampler != NULL, 0);
  return sampler->grid;
}

void
ms_diff_sampler_read_column (MsDiffSampler *s,
                             guint          x,
                             float         *height_a,
                             float         *height_b,
                             guint8        *flags,
                             guint8        *biome_a,
                             guint8        *biome_b,
                             guint16       *water_id_a,
                             guint16       *water_id_b)
{
  g_return_if_fail (s != NULL);

  ms_diff_sampler_read_rows (s, x, 0, s->grid, height_a, height_b, flags, biome_a, biome_b,
                             water_id_a, water_id_b);
}

void
ms_diff_sampler_read_rows (MsDiffSampler *s,
                           guint          x,
                           guint          y0,
                           guint          n,
                           float         *height_a,
                           float         *height_b,
                           guint8        *flags,
                           guint8        *biome_a,
                           guint8        *biome_b,
                           guint16       *water_id_a,
                           guint16       *water_id_b)
{
  g_return_if_fail (s != NULL);
  g_return_if_fail (x < s->grid);
  g_return_if_fail (n > 0 && y0 < s->grid && n <= s->grid - y0);

  side_load (&s->a, x, y0, n);
  side_load (&s->b, x, y0, n);

  for (guint i = 0; i < n; i++)
    {
      guint y = y0 + i;
      guint ya = s->a.coord[y], yb = s->b.coord[y];

      if (height_a != NULL)
        height_a[i] = s->a.heights[ya];
      if (height_b != NULL)
        height_b[i] = s->b.heights[yb];
      if (biome_a != NULL)
        biome_a[i] = s->a.biomes[ya];
      if (biome_b != NULL)
        biome_b[i] = s->b.biomes[yb];
      if (water_id_a != NULL)
        water_id_a[i] = s->a.ids[ya];
      if (water_id_b != NULL)
        water_id_b[i] = s->b.ids[yb];
      if (flags != NULL)
        {
          gboolean wa = ms_diff_side_is_water (&s->a, s->a.biomes[ya], s->a.ids[ya]);
          gboolean wb = ms_diff_side_is_water (&s->b, s->b.biomes[yb], s->b.ids[yb]);

          flags[i] = (s->a.biomes[ya] != s->b.biomes[yb] ? MS_DIFF_BIOME_CHANGED : 0) |
                     (!wa && wb ? MS_DIFF_WATER_GAINED : 0) |
                     (wa && !wb ? MS_DIFF_WATER_LOST : 0);
        }
    }
}
