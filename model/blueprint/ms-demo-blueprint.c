/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A small procedural island in the v2 format, so the app and the CLI have a
 * real map to show on a machine without game data, and the tests have
 * fixtures.  It follows the generator's documented conventions: sea level
 * 0.15 raw ("flat" model), water ids in X-outer/Y-inner first-encountered
 * order with 4-connected lakes, one ocean body (id 1), WSRF nonzero exactly
 * where WBID is, biomes Ocean/Lake exactly on water pixels.
 *
 * The same seed gives the same bytes, except GeneratedUtc.
 */
#define G_LOG_DOMAIN "ms-demo"

#include "config.h"

#include <math.h>

#include "ms-blueprint.h"
#include "ms-blueprint-writer.h"
#include "ms-demo-blueprint.h"

typedef struct
{
  guint    size;
  gint32   seed;
  float   *height;    /* size², X outer */
  guint8  *biome;
  guint16 *water_id;
  float    crater_x, crater_y, crater_r;
} Demo;

static guint32
hash3 (gint32 x, gint32 y, guint32 seed)
{
  guint32 h = seed * 0x9e3779b9u;

  h ^= (guint32) x * 0x85ebca6bu;
  h = (h << 13) | (h >> 19);
  h ^= (guint32) y * 0xc2b2ae35u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

static float
lattice (gint32 x, gint32 y, guint32 seed)
{
  return (float) (hash3 (x, y, seed) >> 8) / (float) (1 << 24);
}

static float
value_noise (float x, float y, guint32 seed)
{
  gint32 ix = (gint32) floorf (x), iy = (gint32) floorf (y);
  float fx = x - (float) ix, fy = y - (float) iy;
  float sx = fx * fx * (3.0f - 2.0f * fx), sy = fy * fy * (3.0f - 2.0f * fy);
  float a = lattice (ix, iy, seed), b = lattice (ix + 1, iy, seed);
  float c = lattice (ix, iy + 1, seed), d = lattice (ix + 1, iy + 1, seed);

  return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy;
}

static float
fbm (float x, float y, guint32 seed, guint octaves)
{
  float sum = 0.0f, amplitude = 0.5f, frequency = 1.0f;

  for (guint i = 0; i < octaves; i++)
    {
      sum += amplitude * value_noise (x * frequency, y * frequency, seed + i * 101u);
      amplitude *= 0.5f;
      frequency *= 2.0f;
    }
  return sum;  /* about 0..1 */
}

static void
generate_heights (Demo *d)
{
  float n = (float) d->size;

  for (guint x = 0; x < d->size; x++)
    for (guint y = 0; y < d->size; y++)
      {
        float u = (float) x / n, v = (float) y / n;
        float dx = u - 0.5f, dy = v - 0.5f;
        float r = sqrtf (dx * dx + dy * dy) * 1.8f;  /* 0 at the centre, 0.9 at the edge */
        float shape = 1.0f - powf (CLAMP (r, 0.0f, 1.2f), 1.6f);
        float noise = fbm (u * 6.0f, v * 6.0f, (guint32) d->seed, 6);
        float ridges = 1.0f - fabsf (2.0f * fbm (u * 3.0f + 7.0f, v * 3.0f, (guint32) d->seed + 7u, 4) - 1.0f);
        float h = shape * 0.9f + (noise - 0.5f) * 0.7f - 0.2f;
        float cx = (float) x - d->crater_x, cy = (float) y - d->crater_y;
        float cr = sqrtf (cx * cx + cy * cy) / d->crater_r;

        if (h > 0.35f)
          h += (h - 0.35f) * ridges * 1.6f;

        /* An impact crater: a bowl below sea level with a raised rim. */
        if (cr < 1.6f)
          {
            float bowl = cr < 1.0f ? (1.0f - cr * cr) : 0.0f;
            float rim = expf (-((cr - 1.0f) * (cr - 1.0f)) / 0.05f);
            h = h - bowl * (h - 0.02f) * 0.95f + rim * 0.12f;
          }

        d->height[(gsize) x * d->size + y] = h;
      }
}

/* Flood a 4-connected component of water pixels, labelling it @id. */
static void
flood_label (Demo          *d,
             const guint8  *is_water,
             guint          start,
             guint16        id,
             GArray        *stack)
{
  g_array_set_size (stack, 0);
  g_array_append_val (stack, start);
  d->water_id[start] = id;

  while (stack->len > 0)
    {
      guint i = g_array_index (stack, guint, stack->len - 1);
      guint x = i / d->size, y = i % d->size;
      guint neighbours[4];
      guint n = 0;

      g_array_set_size (stack, stack->len - 1);
      if (x > 0) neighbours[n++] = i - d->size;
      if (x + 1 < d->size) neighbours[n++] = i + d->size;
      if (y > 0) neighbours[n++] = i - 1;
      if (y + 1 < d->size) neighbours[n++] = i + 1;

      for (guint k = 0; k < n; k++)
        if (is_water[neighbours[k]] && d->water_id[neighbours[k]] == 0)
          {
            d->water_id[neighbours[k]] = id;
            g_array_append_val (stack, neighbours[k]);
          }
    }
}

static GArray *
classify_water (Demo *d)
{
  gsize n_pixels = (gsize) d->size * d->size;
  g_autofree guint8 *is_water = g_malloc (n_pixels);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *bodies = g_array_new (FALSE, TRUE, sizeof (MsWaterBody));
  guint next_id = 2;

  for (gsize i = 0; i < n_pixels; i++)
    is_water[i] = d->height[i] < MS_DEMO_SEA_LEVEL;

  /* The ocean: every water pixel connected to the map's border. */
  for (guint k = 0; k < d->size; k++)
    {
      guint border[4] = { k, (d->size - 1) * d->size + k, k * d->size, k * d->size + d->size - 1 };
      for (guint b = 0; b < 4; b++)
        if (is_water[border[b]] && d->water_id[border[b]] == 0)
          flood_label (d, is_water, border[b], 1, stack);
    }

  /* Lakes, numbered in scan order of their first pixel. */
  for (gsize i = 0; i < n_pixels; i++)
    {
      if (!is_water[i] || d->water_id[i] != 0)
        continue;
      if (next_id > G_MAXUINT16)
        {
          /* Out of ids: such a tiny puddle becomes land. */
          d->height[i] = MS_DEMO_SEA_LEVEL;
          is_water[i] = FALSE;
          continue;
        }
      flood_label (d, is_water, (guint) i, (guint16) next_id++, stack);
    }

  g_array_set_size (bodies, next_id - 1);
  for (guint id = 1; id < next_id; id++)
    {
      MsWaterBody *body = &g_array_index (bodies, MsWaterBody, id - 1);
      body->id = (guint16) id;
      body->type = id == 1 ? MS_WATER_TYPE_OCEAN : MS_WATER_TYPE_LAKE;
      body->salinity = id == 1 ? 1 : 0;
      body->surface_level = MS_DEMO_SEA_LEVEL;
    }

  {
    g_autofree double *sum_x = g_new0 (double, next_id);
    g_autofree double *sum_y = g_new0 (double, next_id);

    for (gsize i = 0; i < n_pixels; i++)
      {
        guint16 id = d->water_id[i];
        if (id == 0)
          continue;
        g_array_index (bodies, MsWaterBody, id - 1).pixel_count++;
        sum_x[id] += (double) (i / d->size);
        sum_y[id] += (double) (i % d->size);
      }
    for (guint id = 1; id < next_id; id++)
      {
        MsWaterBody *body = &g_array_index (bodies, MsWaterBody, id - 1);
        if (body->pixel_count > 0)
          {
            body->centroid_x = (float) (sum_x[id] / body->pixel_count);
            body->centroid_y = (float) (sum_y[id] / body->pixel_count);
          }
      }
  }

  /* An ocean that happens to be empty still has its row (id 1). */
  return bodies;
}

static void
classify_biomes (Demo *d)
{
  float n = (float) d->size;

  for (guint x = 0; x < d->size; x++)
    for (guint y = 0; y < d->size; y++)
      {
        gsize i = (gsize) x * d->size + y;
        float h = d->height[i];
        float moisture = fbm ((float) x / n * 4.0f + 31.0f, (float) y / n * 4.0f,
                              (guint32) d->seed + 991u, 4);
        float cx = (float) x - d->crater_x, cy = (float) y - d->crater_y;
        MsDemoBiome biome;

        if (d->water_id[i] == 1)
          biome = MS_DEMO_BIOME_OCEAN;
        else if (d->water_id[i] != 0)
          biome = MS_DEMO_BIOME_LAKE;
        else if (sqrtf (cx * cx + cy * cy) < d->crater_r * 1.15f)
          biome = MS_DEMO_BIOME_CRATER;
        else if (h < MS_DEMO_SEA_LEVEL + 0.03f)
          biome = MS_DEMO_BIOME_BEACH;
        else if (h > 1.15f)
          biome = MS_DEMO_BIOME_SNOW;
        else if (h > 0.85f)
          biome = MS_DEMO_BIOME_ROCK;
        else if (h > 0.6f)
          biome = moisture > 0.5f ? MS_DEMO_BIOME_FOREST : MS_DEMO_BIOME_BADLANDS;
        else if (moisture > 0.62f)
          biome = h < 0.3f ? MS_DEMO_BIOME_SWAMP : MS_DEMO_BIOME_FOREST;
        else if (moisture < 0.38f)
          biome = MS_DEMO_BIOME_DESERT;
        else if (moisture < 0.45f)
          biome = MS_DEMO_BIOME_DIRT;
        else
          biome = MS_DEMO_BIOME_GRASSLAND;

        d->biome[i] = (guint8) biome;
      }
}

static gboolean
is_dry_land (Demo *d, float x, float y)
{
  guint ix, iy;

  if (x < 0 || y < 0 || x >= d->size || y >= d->size)
    return FALSE;
  ix = (guint) x;
  iy = (guint) y;
  return d->water_id[(gsize) ix * d->size + iy] == 0 &&
         d->height[(gsize) ix * d->size + iy] > MS_DEMO_SEA_LEVEL + 0.03f;
}

static GArray *
place_towns (Demo *d, GRand *rand)
{
  GArray *towns = g_array_new (FALSE, TRUE, sizeof (MsTown));
  guint wanted = MAX (6, d->size / 48);
  guint tries = wanted * 200;

  while (towns->len < wanted && tries-- > 0)
    {
      MsTown town;
      double roll;
      gboolean too_close = FALSE;

      town.x = (float) g_rand_double_range (rand, d->size * 0.05, d->size * 0.95);
      town.y = (float) g_rand_double_range (rand, d->size * 0.05, d->size * 0.95);
      if (!is_dry_land (d, town.x, town.y))
        continue;
      for (guint i = 0; i < towns->len; i++)
        {
          const MsTown *other = &g_array_index (towns, MsTown, i);
          if (hypotf (other->x - town.x, other->y - town.y) < d->size / 12.0f)
            too_close = TRUE;
        }
      if (too_close)
        continue;

      roll = g_rand_double (rand);
      town.tier = roll < 0.4 ? 0 : roll < 0.7 ? 1 : roll < 0.9 ? 2 : 3;
      town.highway_node = town.tier >= 2;
      g_array_append_val (towns, town);
    }

  /* A road network needs a couple of hubs. */
  for (guint i = 0; i < MIN (2u, towns->len); i++)
    {
      MsTown *town = &g_array_index (towns, MsTown, i);
      town->tier = MAX (town->tier, 2);
      town->highway_node = TRUE;
    }
  return towns;
}

typedef struct
{
  GArray *points;  /* MsPoint */
  GArray *starts;  /* guint, n_paths + 1 once closed */
} Roads;

static void
roads_add_segment (Roads         *roads,
                   GRand         *rand,
                   guint          size,
                   const MsPoint *a,
                   const MsPoint *b,
                   float          wobble)
{
  guint start = roads->points->len;
  float length = hypotf (b->x - a->x, b->y - a->y);
  guint steps = MAX (2u, (guint) (length / 8.0f));

  g_array_append_val (roads->starts, start);
  for (guint s = 0; s <= steps; s++)
    {
      float t = (float) s / (float) steps;
      float bend = (s == 0 || s == steps) ? 0.0f : (float) g_rand_double_range (rand, -wobble, wobble);
      MsPoint p = {
        a->x + (b->x - a->x) * t - (b->y - a->y) / length * bend,
        a->y + (b->y - a->y) * t + (b->x - a->x) / length * bend,
      };
      p.x = CLAMP (p.x, 0.0f, size - 1.0f);
      p.y = CLAMP (p.y, 0.0f, size - 1.0f);
      g_array_append_val (roads->points, p);
    }
}

static void
build_roads (Demo   *d,
             GRand  *rand,
             GArray *towns,
             Roads   roads[MS_N_ROAD_TIERS])
{
  g_autoptr(GArray) hubs = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      roads[tier].points = g_array_new (FALSE, FALSE, sizeof (MsPoint));
      roads[tier].starts = g_array_new (FALSE, FALSE, sizeof (guint));
    }

  for (guint i = 0; i < towns->len; i++)
    if (g_array_index (towns, MsTown, i).highway_node)
      g_array_append_val (hubs, i);

  /* Highways chain the hubs; every other town branches to its nearest hub. */
  for (guint h = 0; h + 1 < hubs->len; h++)
    {
      const MsTown *a = &g_array_index (towns, MsTown, g_array_index (hubs, guint, h));
      const MsTown *b = &g_array_index (towns, MsTown, g_array_index (hubs, guint, h + 1));
      roads_add_segment (&roads[MS_ROAD_HIGHWAY], rand, d->size, &(MsPoint) { a->x, a->y },
                         &(MsPoint) { b->x, b->y }, 2.0f);
    }

  for (guint i = 0; i < towns->len; i++)
    {
      const MsTown *t = &g_array_index (towns, MsTown, i);
      const MsTown *best = NULL;
      float best_distance = G_MAXFLOAT;

      if (t->highway_node)
        continue;
      for (guint h = 0; h < hubs->len; h++)
        {
          const MsTown *hub = &g_array_index (towns, MsTown, g_array_index (hubs, guint, h));
          float distance = hypotf (hub->x - t->x, hub->y - t->y);
          if (distance < best_distance)
            {
              best_distance = distance;
              best = hub;
            }
        }
      if (best != NULL)
        roads_add_segment (&roads[MS_ROAD_BRANCH], rand, d->size, &(MsPoint) { t->x, t->y },
                           &(MsPoint) { best->x, best->y }, 4.0f);
    }

  /* Rugged tracks climb from towns towards the highlands; trails wander. */
  for (guint i = 0; i < towns->len; i++)
    {
      const MsTown *t = &g_array_index (towns, MsTown, i);
      MsPoint from = { t->x, t->y };
      MsPoint to = { d->size / 2.0f + (t->x - d->size / 2.0f) * 0.4f,
                     d->size / 2.0f + (t->y - d->size / 2.0f) * 0.4f };
      MsPoint wander = { t->x + (float) g_rand_double_range (rand, -30, 30),
                         t->y + (float) g_rand_double_range (rand, -30, 30) };

      if (i % 2 == 0)
        roads_add_segment (&roads[MS_ROAD_RUGGED], rand, d->size, &from, &to, 6.0f);
      roads_add_segment (&roads[MS_ROAD_TRAIL], rand, d->size, &from, &wander, 3.0f);
    }

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      guint end = roads[tier].points->len;
      g_array_append_val (roads[tier].starts, end);
    }
}

static void
append_grid_section (GByteArray   *out,
                     guint32       tag,
                     const guint8 *data,
                     gsize         length)
{
  ms_blueprint_encode_section_header (out, tag, length);
  g_byte_array_append (out, data, (guint) length);
}

static void
append_small_section (GByteArray *out,
                      guint32     tag,
                      GByteArray *payload)
{
  ms_blueprint_encode_section_header (out, tag, payload->len);
  g_byte_array_append (out, payload->data, payload->len);
  g_byte_array_set_size (payload, 0);
}

/**
 * ms_demo_blueprint_generate:
 * @map_size: 256 … %MS_DEMO_BLUEPRINT_MAX_SIZE
 *
 * Returns: (transfer full): the bytes of a v2 blueprint file.
 */
GBytes *
ms_demo_blueprint_generate (guint    map_size,
                            gint32   seed,
                            GError **error)
{
  g_autoptr(GRand) rand = NULL;
  g_autoptr(GArray) towns = NULL;
  g_autoptr(GArray) bodies = NULL;
  g_autoptr(GByteArray) out = NULL;
  g_autoptr(GByteArray) payload = g_byte_array_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree guint16 *surface = NULL;
  Roads roads[MS_N_ROAD_TIERS];
  MsBlueprintParams params = { 0, };
  MsTerrainCurve curve = { 0, };
  gsize n_pixels;
  Demo d = { 0, };
  guint8 header[8] = { 'I', 'S', 'L', 'A', 2, 0, 0, 0 };

  if (map_size < MS_BLUEPRINT_MIN_SIZE || map_size > MS_DEMO_BLUEPRINT_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "The demo map size must be between %d and %d, not %u",
                   MS_BLUEPRINT_MIN_SIZE, MS_DEMO_BLUEPRINT_MAX_SIZE, map_size);
      return NULL;
    }

  rand = g_rand_new_with_seed ((guint32) seed);
  n_pixels = (gsize) map_size * map_size;
  d.size = map_size;
  d.seed = seed;
  d.height = g_new (float, n_pixels);
  d.biome = g_new (guint8, n_pixels);
  d.water_id = g_new0 (guint16, n_pixels);
  d.crater_x = map_size * (float) g_rand_double_range (rand, 0.35, 0.65);
  d.crater_y = map_size * (float) g_rand_double_range (rand, 0.35, 0.65);
  d.crater_r = map_size * (float) g_rand_double_range (rand, 0.04, 0.07);

  generate_heights (&d);
  bodies = classify_water (&d);
  classify_biomes (&d);
  towns = place_towns (&d, rand);
  build_roads (&d, rand, towns, roads);

  surface = g_new (guint16, n_pixels);
  for (gsize i = 0; i < n_pixels; i++)
    surface[i] = d.water_id[i] == 0 ? 0 :
      ms_water_level_encode (g_array_index (bodies, MsWaterBody, d.water_id[i] - 1).surface_level);

  params.world_seed = seed;
  params.map_size = (gint32) map_size;
  params.crater_radius = d.crater_r;
  params.density_multiplier = 1.0f;
  params.impact_center_x = d.crater_x;
  params.impact_center_y = d.crater_y;
  params.generated_utc = g_date_time_format_iso8601 (now);
  params.generator_git_hash = g_strdup_printf ("mapsmith-demo-%s", PACKAGE_VERSION);

  curve.version = 3;
  curve.knots[0] = 0.18f;
  curve.knots[1] = 0.41f;
  curve.knots[2] = 0.62f;
  curve.knots[3] = 0.81f;
  curve.spike_max = 1.67f;
  curve.sea = MS_DEMO_SEA_LEVEL;
  curve.orange_ceil = 0.59f;
  curve.red_ceil = 0.78f;
  curve.bench_lo = 100.0f / 251.0f;
  curve.bench_hi = 220.0f / 251.0f;
  curve.peak_cap = 420.0f / 251.0f;
  curve.tail_slope = 0.35f;

  /* Little-endian host layout equals the wire layout for these arrays. */
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      for (gsize i = 0; i < n_pixels; i++)
        {
          guint32 u;
          memcpy (&u, &d.height[i], 4);
          u = GUINT32_TO_LE (u);
          memcpy (&d.height[i], &u, 4);
          d.water_id[i] = GUINT16_TO_LE (d.water_id[i]);
          surface[i] = GUINT16_TO_LE (surface[i]);
        }
    }

  out = g_byte_array_sized_new ((guint) (n_pixels * 9 + 65536));
  g_byte_array_append (out, header, sizeof header);

  ms_blueprint_encode_params (payload, &params);
  append_small_section (out, MS_SECTION_PRMS, payload);
  append_grid_section (out, MS_SECTION_HGTS, (const guint8 *) d.height, n_pixels * 4);
  append_grid_section (out, MS_SECTION_BIOM, d.biome, n_pixels);
  ms_blueprint_encode_towns (payload, (const MsTown *) (gpointer) towns->data, towns->len);
  append_small_section (out, MS_SECTION_TOWN, payload);
  ms_blueprint_encode_curve (payload, &curve);
  append_small_section (out, MS_SECTION_TCRV, payload);
  append_grid_section (out, MS_SECTION_WBID, (const guint8 *) d.water_id, n_pixels * 2);
  ms_blueprint_encode_water_table (payload, (const MsWaterBody *) (gpointer) bodies->data,
                                   bodies->len);
  append_small_section (out, MS_SECTION_WBTB, payload);
  append_grid_section (out, MS_SECTION_WSRF, (const guint8 *) surface, n_pixels * 2);
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      ms_blueprint_encode_roads (payload, (const MsPoint *) (gpointer) roads[tier].points->data,
                                 (const guint *) (gpointer) roads[tier].starts->data,
                                 roads[tier].starts->len - 1);
      append_small_section (out, ms_road_tier_to_section (tier), payload);
      g_array_unref (roads[tier].points);
      g_array_unref (roads[tier].starts);
    }

  g_free (d.height);
  g_free (d.biome);
  g_free (d.water_id);
  g_free (params.generated_utc);
  g_free (params.generator_git_hash);

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
