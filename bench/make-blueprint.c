/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bench-make-blueprint SIZE OUT.dat [SEED] — a valid v2 blueprint of any MapSize up
 * to 32768, streamed column by column through ms_save_file(), so a 32768²
 * map (4 GiB of heights, 9 GiB in all) needs a few MiB of memory to make.
 * The demo generator builds its grids in memory and stops at 8192.
 *
 * Heights: three octaves of value noise over a radial island falloff, with
 * sea (height < 0.15) as one ocean body where it touches the border ring
 * (the falloff makes the sea one 4-connected region around the island;
 * inland dips are raised above sea level so no lake needs an id of its
 * own).  Biomes follow height bands; no towns or roads.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-blueprint.h"
#include "ms-blueprint-writer.h"
#include "ms-save.h"

#define SEA 0.15f

typedef struct
{
  guint size;
} Job;

static float
lattice (gint32 x, gint32 y, guint32 seed)
{
  guint32 h = seed * 0x9e3779b9u ^ (guint32) x * 0x85ebca6bu;
  h = (h << 13) | (h >> 19);
  h ^= (guint32) y * 0xc2b2ae35u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  return (float) (h >> 8) / (float) (1 << 24);
}

static float
noise (float x, float y, guint32 seed)
{
  gint32 ix = (gint32) floorf (x), iy = (gint32) floorf (y);
  float fx = x - (float) ix, fy = y - (float) iy;
  float sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
  float a = lattice (ix, iy, seed), b = lattice (ix + 1, iy, seed);
  float c = lattice (ix, iy + 1, seed), d = lattice (ix + 1, iy + 1, seed);

  return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy;
}

/* Height at (x, y); a pixel is sea exactly when it is outside the island
 * disc's edge band and below SEA, which keeps the sea connected. */
/* bench-make-blueprint's SEED: another island for each (0, the default,
 * is the island every earlier run measured). */
static guint32 island_seed;

static float
height_at (guint size, guint x, guint y)
{
  float u = (float) x / size - 0.5f, v = (float) y / size - 0.5f;
  float r = sqrtf (u * u + v * v) * 2.0f;
  float n = 0.5f * noise (x / 512.0f, y / 512.0f, 1 + 3 * island_seed) +
            0.3f * noise (x / 128.0f, y / 128.0f, 2 + 3 * island_seed) +
            0.2f * noise (x / 32.0f, y / 32.0f, 3 + 3 * island_seed);
  float h = n * 1.2f - r * r * 0.9f + 0.1f;

  if (r < 0.8f)
    return MAX (h, SEA + 0.01f);
  return r > 0.95f ? MIN (h, SEA - 0.01f) : h;
}

static gboolean
is_sea (guint size, float h, guint x, guint y)
{
  float u = (float) x / size - 0.5f, v = (float) y / size - 0.5f;
  float r = sqrtf (u * u + v * v) * 2.0f;

  /* Between 0.8 and 0.95 a low pixel may be cut off from the border sea;
   * raised above SEA in the HGTS pass, it is land there too. */
  return h < SEA && r > 0.95f;
}

static float
final_height (guint size, guint x, guint y)
{
  float h = height_at (size, x, y);
  return (h < SEA && !is_sea (size, h, x, y)) ? SEA + 0.005f : h;
}

static guint8
biome_for (float h, gboolean sea)
{
  if (sea)
    return 0;
  if (h < SEA + 0.03f)
    return 2;
  if (h < 0.35f)
    return 4;
  if (h < 0.55f)
    return 5;
  if (h < 0.75f)
    return 9;
  return 10;
}

typedef enum { GRID_HEIGHTS, GRID_BIOMES, GRID_IDS, GRID_SURFACE } Grid;

typedef struct
{
  guint64 n;
  double  sum_x;
  double  sum_y;
} SeaCount;

static gboolean
write_grid (MsSaveStream *stream,
            guint         size,
            Grid          grid,
            guint16       sea_surface,
            SeaCount     *count,
            GError      **error)
{
  static const guint32 tags[] = { MS_SECTION_HGTS, MS_SECTION_BIOM, MS_SECTION_WBID, MS_SECTION_WSRF };
  static const guint bpp[] = { 4, 1, 2, 2 };
  g_autoptr(GByteArray) head = g_byte_array_new ();
  g_autofree guint8 *column = g_malloc ((gsize) size * 4);

  ms_blueprint_encode_section_header (head, tags[grid], (guint64) size * size * bpp[grid]);
  if (!ms_save_stream_write (stream, head->data, head->len, error))
    return FALSE;

  /* X outer, Y inner: one column of the map after another. */
  for (guint x = 0; x < size; x++)
    {
      for (guint y = 0; y < size; y++)
        {
          float h = final_height (size, x, y);
          gboolean sea = is_sea (size, h, x, y);

          switch (grid)
            {
            case GRID_HEIGHTS:
              {
                guint32 u;
                memcpy (&u, &h, 4);
                u = GUINT32_TO_LE (u);
                memcpy (column + (gsize) y * 4, &u, 4);
              }
              break;
            case GRID_BIOMES:
              column[y] = biome_for (h, sea);
              break;
            case GRID_IDS:
            case GRID_SURFACE:
              {
                guint16 v = sea ? (grid == GRID_IDS ? 1 : sea_surface) : 0;
                if (sea && count != NULL)
                  {
                    count->n++;
                    count->sum_x += x;
                    count->sum_y += y;
                  }
                v = GUINT16_TO_LE (v);
                memcpy (column + (gsize) y * 2, &v, 2);
              }
              break;
            }
        }
      if (!ms_save_stream_write (stream, column, (gsize) size * bpp[grid], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
write_small (MsSaveStream *stream,
             guint32       tag,
             GByteArray   *payload,
             GError      **error)
{
  g_autoptr(GByteArray) head = g_byte_array_new ();

  ms_blueprint_encode_section_header (head, tag, payload->len);
  if (!ms_save_stream_write (stream, head->data, head->len, error) ||
      !ms_save_stream_write (stream, payload->data, payload->len, error))
    return FALSE;
  g_byte_array_set_size (payload, 0);
  return TRUE;
}

static gboolean
write_blueprint (MsSaveStream  *stream,
                 gpointer       user_data,
                 GError       **error)
{
  Job *job = user_data;
  guint8 magic[8] = { 'I', 'S', 'L', 'A', 2, 0, 0, 0 };
  g_autoptr(GByteArray) payload = g_byte_array_new ();
  MsBlueprintParams params = { 0, };
  MsTerrainCurve curve = { 3, { 0.18f, 0.41f, 0.62f, 0.81f }, 1.67f, SEA, 0.59f, 0.78f,
                           100.0f / 251.0f, 220.0f / 251.0f, 420.0f / 251.0f, 0.35f };
  MsWaterBody ocean = { 0, };
  guint16 sea_surface;
  SeaCount sea = { 0, };

  params.world_seed = island_seed != 0 ? (gint32) island_seed : 1;
  params.map_size = (gint32) job->size;
  params.crater_radius = job->size * 0.05f;
  params.density_multiplier = 1.0f;
  params.impact_center_x = params.impact_center_y = job->size / 2.0f;
  params.generated_utc = (char *) "2026-12-03T00:00:00Z";
  params.generator_git_hash = (char *) "bench-make-blueprint";

  ocean.id = 1;
  ocean.type = MS_WATER_TYPE_OCEAN;
  ocean.salinity = 1;
  ocean.surface_level = SEA;
  sea_surface = ms_water_level_encode (SEA);

  if (!ms_save_stream_write (stream, magic, sizeof magic, error))
    return FALSE;
  ms_blueprint_encode_params (payload, &params);
  if (!write_small (stream, MS_SECTION_PRMS, payload, error) ||
      !write_grid (stream, job->size, GRID_HEIGHTS, sea_surface, NULL, error) ||
      !write_grid (stream, job->size, GRID_BIOMES, sea_surface, NULL, error))
    return FALSE;
  ms_blueprint_encode_towns (payload, NULL, 0);
  if (!write_small (stream, MS_SECTION_TOWN, payload, error))
    return FALSE;
  ms_blueprint_encode_curve (payload, &curve);
  if (!write_small (stream, MS_SECTION_TCRV, payload, error) ||
      !write_grid (stream, job->size, GRID_IDS, sea_surface, &sea, error))
    return FALSE;
  ocean.pixel_count = (gint32) MIN (sea.n, (guint64) G_MAXINT32);
  ocean.centroid_x = sea.n > 0 ? (float) (sea.sum_x / sea.n) : 0;
  ocean.centroid_y = sea.n > 0 ? (float) (sea.sum_y / sea.n) : 0;
  ms_blueprint_encode_water_table (payload, &ocean, 1);
  if (!write_small (stream, MS_SECTION_WBTB, payload, error) ||
      !write_grid (stream, job->size, GRID_SURFACE, sea_surface, NULL, error))
    return FALSE;
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      guint starts[1] = { 0 };
      ms_blueprint_encode_roads (payload, NULL, starts, 0);
      if (!write_small (stream, ms_road_tier_to_section (tier), payload, error))
        return FALSE;
    }
  return TRUE;
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  Job job;

  if ((argc != 3 && argc != 4) || atoi (argv[1]) < MS_BLUEPRINT_MIN_SIZE || atoi (argv[1]) > 32768)
    {
      g_printerr ("usage: bench-make-blueprint SIZE OUT.dat [SEED]   (SIZE 256..32768)\n");
      return 2;
    }
  island_seed = argc == 4 ? (guint32) strtoul (argv[3], NULL, 10) : 0;
  job.size = (guint) atoi (argv[1]);
  if (!ms_save_file (argv[2], NULL, MS_SAVE_FLAGS_NONE, write_blueprint, &job, NULL, &error))
    {
      g_printerr ("bench-make-blueprint: %s\n", error->message);
      return 1;
    }
  return 0;
}
