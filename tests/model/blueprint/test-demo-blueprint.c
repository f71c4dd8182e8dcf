/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The procedural demo blueprint, checked against docs/BLUEPRINT_FORMAT.md by the
 * test's own walk over the raw bytes (never the model's accessors): section
 * order and lengths, water ids in scan order with 4-connected lakes, biomes
 * and WSRF agreeing with WBID, a water table that matches the test's own
 * counts, towns and roads inside the map.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint.h"
#include "ms-demo-blueprint.h"
#include "ms-test-util.h"

#define N_BIOMES 12
#define N_TIERS 4
#define BIOME_OCEAN 0
#define BIOME_LAKE 1
#define SEA_LEVEL 0.15f
/* 1 + round (0.15 × 32768) = 1 + round (4915.2) = 4916. */
#define SEA_LEVEL_WSRF 4916

static guint16
get_u16 (const guint8 *p)
{
  return (guint16) (p[0] | (p[1] << 8));
}

static guint32
get_u32 (const guint8 *p)
{
  return (guint32) p[0] | ((guint32) p[1] << 8) | ((guint32) p[2] << 16) | ((guint32) p[3] << 24);
}

static float
get_f32 (const guint8 *p)
{
  guint32 u = get_u32 (p);
  float f;

  memcpy (&f, &u, sizeof f);
  return f;
}

/* A .NET 7-bit length-prefixed string: returns the offset after it. */
static gsize
skip_string (const guint8 *p,
             gsize         pos,
             gsize         end)
{
  gsize length = 0;
  guint shift = 0;
  guint8 byte;

  do
    {
      g_assert_cmpuint (pos, <, end);
      byte = p[pos++];
      length |= (gsize) (byte & 0x7f) << shift;
      shift += 7;
    }
  while (byte & 0x80);
  g_assert_cmpuint (length, <=, end - pos);
  return pos + length;
}

typedef struct
{
  GBytes       *bytes;
  const guint8 *data;
  gsize         length;
  GArray       *sections;
  guint         n;
} Demo;

static void
demo_clear (Demo *d)
{
  g_clear_pointer (&d->sections, g_array_unref);
  g_clear_pointer (&d->bytes, g_bytes_unref);
}

static void
demo_generate (Demo   *d,
               guint   size,
               gint32  seed)
{
  g_autoptr(GError) error = NULL;

  d->bytes = ms_demo_blueprint_generate (size, seed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (d->bytes);
  d->data = g_bytes_get_data (d->bytes, &d->length);
  d->n = size;
  g_assert_cmpuint (d->length, >=, 8);
  d->sections = ms_test_walk_sections (d->data, d->length);
}

static const guint8 *
payload (Demo       *d,
         const char *tag,
         gsize      *length)
{
  const MsTestSection *s = ms_test_find (d->sections, tag);

  *length = s->length;
  return d->data + s->offset + 12;
}

static void
check_layout (Demo   *d,
              gint32  seed)
{
  static const char *order[] = {
    "PRMS", "HGTS", "BIOM", "TOWN", "TCRV", "WBID", "WBTB", "WSRF",
    "RDHW", "RDBR", "RDRG", "RDTL",
  };
  gsize n2 = (gsize) d->n * d->n;
  const MsTestSection *last;
  const guint8 *prms;
  gsize length;

  g_assert_cmpmem (d->data, 4, "ISLA", 4);
  g_assert_cmpuint (get_u32 (d->data + 4), ==, 2);

  g_assert_cmpuint (d->sections->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpstr (g_array_index (d->sections, MsTestSection, i).tag, ==, order[i]);
  last = &g_array_index (d->sections, MsTestSection, d->sections->len - 1);
  g_assert_cmpuint (last->offset + 12 + last->length, ==, d->length);

  payload (d, "HGTS", &length);
  g_assert_cmpuint (length, ==, 4 * n2);
  payload (d, "BIOM", &length);
  g_assert_cmpuint (length, ==, n2);
  payload (d, "WBID", &length);
  g_assert_cmpuint (length, ==, 2 * n2);
  payload (d, "WSRF", &length);
  g_assert_cmpuint (length, ==, 2 * n2);
  payload (d, "TCRV", &length);
  g_assert_cmpuint (length, ==, 50);

  /* PRMS: the seed and size asked for, then two strings filling it exactly. */
  prms = payload (d, "PRMS", &length);
  g_assert_cmpuint (length, >=, 26);
  g_assert_cmpint ((gint32) get_u32 (prms), ==, seed);
  g_assert_cmpuint (get_u32 (prms + 4), ==, d->n);
  g_assert_cmpuint (skip_string (prms, skip_string (prms, 24, length), length), ==, length);
}

static void
check_water (Demo *d)
{
  guint n = d->n;
  gsize n2 = (gsize) n * n, length;
  const guint8 *heights = payload (d, "HGTS", &length);
  const guint8 *biomes = payload (d, "BIOM", &length);
  const guint8 *ids_raw = payload (d, "WBID", &length);
  const guint8 *surface = payload (d, "WSRF", &length);
  const guint8 *table = payload (d, "WBTB", &length);
  g_autofree guint16 *ids = g_new (guint16, n2);
  g_autofree gsize *first = NULL;
  g_autofree gint64 *count = NULL;
  g_autofree double *sum_x = NULL, *sum_y = NULL;
  g_autofree guint8 *visited = g_new0 (guint8, n2);
  g_autofree gsize *queue = g_new (gsize, n2);
  guint max_id = 0, ocean_on_border = 0, n_water = 0;

  for (gsize i = 0; i < n2; i++)
    {
      ids[i] = get_u16 (ids_raw + 2 * i);
      max_id = MAX (max_id, ids[i]);
    }
  g_assert_cmpuint (max_id, >=, 1);

  first = g_new (gsize, max_id + 1);
  count = g_new0 (gint64, max_id + 1);
  sum_x = g_new0 (double, max_id + 1);
  sum_y = g_new0 (double, max_id + 1);
  for (guint k = 0; k <= max_id; k++)
    first[k] = G_MAXSIZE;

  for (gsize i = 0; i < n2; i++)
    {
      guint16 id = ids[i];
      guint8 biome = biomes[i];
      guint16 level = get_u16 (surface + 2 * i);
      float h = get_f32 (heights + 4 * i);
      guint x = (guint) (i / n), y = (guint) (i % n);

      g_assert_cmpuint (biome, <, N_BIOMES);
      /* Ocean exactly where id 1, Lake exactly where id ≥ 2. */
      if (id == 0)
        g_assert_true (biome != BIOME_OCEAN && biome != BIOME_LAKE);
      else if (id == 1)
        g_assert_cmpuint (biome, ==, BIOME_OCEAN);
      else
        g_assert_cmpuint (biome, ==, BIOME_LAKE);

      /* WSRF: 0 exactly off water; the sea level's encoding on it. */
      if (id == 0)
        g_assert_cmpuint (level, ==, 0);
      else
        g_assert_cmpuint (level, ==, SEA_LEVEL_WSRF);

      /* The demo's water is what lies below its flat sea level. */
      if ((id != 0) != (h < SEA_LEVEL))
        g_error ("pixel (%u, %u): height %g but water id %u", x, y, h, id);

      if (id == 0)
        continue;
      n_water++;
      if (first[id] == G_MAXSIZE)
        first[id] = i;
      count[id]++;
      sum_x[id] += x;
      sum_y[id] += y;

      if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
        {
          /* A lake on the border would be part of the ocean. */
          g_assert_cmpuint (id, ==, 1);
          ocean_on_border++;
        }

      /* 4-neighbours that are both water carry the same id. */
      if (x + 1 < n && ids[i + n] != 0)
        g_assert_cmpuint (ids[i + n], ==, id);
      if (y + 1 < n && ids[i + 1] != 0)
        g_assert_cmpuint (ids[i + 1], ==, id);
    }

  g_test_message ("%ux%u: %u water pixels, %u ocean pixels on the border, %u lakes",
                  n, n, n_water, ocean_on_border, max_id - 1);
  g_assert_cmpuint (ocean_on_border, >, 0);
  g_assert_cmpuint (n_water, <, n2);

  /* Lake ids: every id 2..max is used, numbered in scan order of the first
   * pixel. */
  for (guint k = 2; k <= max_id; k++)
    {
      g_assert_cmpuint (first[k], !=, G_MAXSIZE);
      if (k > 2)
        g_assert_cmpuint (first[k - 1], <, first[k]);
    }

  /* Each lake is one 4-connected component: a flood from its first pixel
   * reaches all of its pixels.  Each ocean component touches the border. */
  for (gsize start = 0; start < n2; start++)
    {
      guint16 id = ids[start];
      gsize head = 0, tail = 0, reached = 0;
      gboolean border = FALSE;

      if (id == 0 || visited[start])
        continue;
      if (id >= 2)
        g_assert_cmpuint (start, ==, first[id]);

      visited[start] = 1;
      queue[tail++] = start;
      while (head < tail)
        {
          gsize i = queue[head++];
          guint x = (guint) (i / n), y = (guint) (i % n);
          gsize next[4];
          guint n_next = 0;

          reached++;
          if (x == 0 || y == 0 || x == n - 1 || y == n - 1)
            border = TRUE;
          if (x > 0) next[n_next++] = i - n;
          if (x + 1 < n) next[n_next++] = i + n;
          if (y > 0) next[n_next++] = i - 1;
          if (y + 1 < n) next[n_next++] = i + 1;
          for (guint k = 0; k < n_next; k++)
            if (ids[next[k]] == id && !visited[next[k]])
              {
                visited[next[k]] = 1;
                queue[tail++] = next[k];
              }
        }

      if (id >= 2)
        g_assert_cmpint ((gint64) reached, ==, count[id]);
      else
        g_assert_true (border);
    }

  /* WBTB: a row per id 1..max, in id order, matching the counts above. */
  g_assert_cmpuint (length, ==, 4 + 20 * (gsize) max_id);
  g_assert_cmpuint (get_u32 (table), ==, max_id);
  for (guint k = 1; k <= max_id; k++)
    {
      const guint8 *row = table + 4 + 20 * (k - 1);
      gint32 pixels = (gint32) get_u32 (row + 8);
      float cx = get_f32 (row + 12), cy = get_f32 (row + 16);

      g_assert_cmpuint (get_u16 (row), ==, k);
      g_assert_cmpuint (row[2], ==, k == 1 ? 0 : 1);        /* type: ocean, lake */
      g_assert_cmpuint (row[3], ==, k == 1 ? 1 : 0);        /* salinity: salt, fresh */
      g_assert_cmpfloat_with_epsilon (get_f32 (row + 4), SEA_LEVEL, 1e-6);
      g_assert_cmpint (pixels, ==, count[k]);
      if (count[k] > 0)
        {
          double mx = sum_x[k] / (double) count[k], my = sum_y[k] / (double) count[k];

          g_assert_cmpfloat (fabs (cx - mx), <=, 1e-3 * MAX (1.0, fabs (mx)));
          g_assert_cmpfloat (fabs (cy - my), <=, 1e-3 * MAX (1.0, fabs (my)));
        }
    }
}

static void
check_towns (Demo *d)
{
  gsize length, ids_length;
  const guint8 *p = payload (d, "TOWN", &length);
  const guint8 *ids = payload (d, "WBID", &ids_length);
  guint32 count;

  g_assert_cmpuint (length, >=, 4);
  count = get_u32 (p);
  g_assert_cmpuint (count, >, 0);
  g_assert_cmpuint (length, ==, 4 + 10 * (gsize) count);

  for (guint i = 0; i < count; i++)
    {
      const guint8 *t = p + 4 + 10 * i;
      float x = get_f32 (t), y = get_f32 (t + 4);
      gsize pixel;

      g_assert_true (x >= 0.0f && x < (float) d->n);
      g_assert_true (y >= 0.0f && y < (float) d->n);
      g_assert_cmpuint (t[8], <, N_TIERS);
      g_assert_cmpuint (t[9], <=, 1);
      pixel = (gsize) x * d->n + (gsize) y;
      g_assert_cmpuint (get_u16 (ids + 2 * pixel), ==, 0);
    }
}

static void
check_roads (Demo *d)
{
  static const char *tags[] = { "RDHW", "RDBR", "RDRG", "RDTL" };

  for (guint t = 0; t < G_N_ELEMENTS (tags); t++)
    {
      gsize length, pos;
      const guint8 *p = payload (d, tags[t], &length);
      guint32 n_paths;

      g_assert_cmpuint (length, >=, 4);
      n_paths = get_u32 (p);
      pos = 4;
      for (guint i = 0; i < n_paths; i++)
        {
          guint32 n_points;

          g_assert_cmpuint (pos + 4, <=, length);
          n_points = get_u32 (p + pos);
          pos += 4;
          g_assert_cmpuint ((guint64) n_points * 8, <=, length - pos);
          for (guint j = 0; j < n_points; j++)
            {
              float x = get_f32 (p + pos), y = get_f32 (p + pos + 4);

              if (!(x >= 0.0f && x < (float) d->n && y >= 0.0f && y < (float) d->n))
                g_error ("%s path %u point %u at (%g, %g) is outside the map", tags[t], i, j, x, y);
              pos += 8;
            }
        }
      g_assert_cmpuint (pos, ==, length);
    }
}

static void
check_parses (Demo *d)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (d->bytes, "demo.dat", NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bp);
  g_assert_cmpint (ms_blueprint_get_format (bp), ==, MS_BLUEPRINT_FORMAT_V2);
  g_assert_cmpuint (ms_blueprint_get_map_size (bp), ==, d->n);
}

static void
check_demo (gconstpointer data)
{
  const guint *args = data;
  Demo d = { 0, };

  demo_generate (&d, args[0], (gint32) args[1]);
  check_layout (&d, (gint32) args[1]);
  check_water (&d);
  check_towns (&d);
  check_roads (&d);
  check_parses (&d);
  demo_clear (&d);
}

static void
test_deterministic (void)
{
  Demo a = { 0, }, b = { 0, }, c = { 0, };
  const MsTestSection *pa, *pb;
  gsize la, lc, after_a, after_b;
  const guint8 *ha, *hc;
  gsize differ = 0;

  demo_generate (&a, 256, 7);
  demo_generate (&b, 256, 7);
  demo_generate (&c, 256, 8);

  /* Same seed: PRMS equal but for GeneratedUtc, everything after it equal. */
  pa = ms_test_find (a.sections, "PRMS");
  pb = ms_test_find (b.sections, "PRMS");
  g_assert_cmpmem (a.data, 8, b.data, 8);
  g_assert_cmpmem (a.data + pa->offset + 12, 24, b.data + pb->offset + 12, 24);
  {
    const guint8 *qa = a.data + pa->offset + 12, *qb = b.data + pb->offset + 12;
    gsize hash_a = skip_string (qa, 24, pa->length);
    gsize hash_b = skip_string (qb, 24, pb->length);

    g_assert_cmpmem (qa + hash_a, pa->length - hash_a, qb + hash_b, pb->length - hash_b);
  }
  after_a = pa->offset + 12 + pa->length;
  after_b = pb->offset + 12 + pb->length;
  g_assert_cmpmem (a.data + after_a, a.length - after_a, b.data + after_b, b.length - after_b);

  /* A different seed: different terrain. */
  ha = payload (&a, "HGTS", &la);
  hc = payload (&c, "HGTS", &lc);
  g_assert_cmpuint (la, ==, lc);
  for (gsize i = 0; i < la; i += 4)
    if (memcmp (ha + i, hc + i, 4) != 0)
      differ++;
  g_assert_cmpuint (differ, >, la / 4 / 2);

  demo_clear (&a);
  demo_clear (&b);
  demo_clear (&c);
}

static void
test_bad_size (void)
{
  static const guint sizes[] = { 0, 255, 8193, 32768 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (sizes[i], 7, &error);

      g_assert_null (bytes);
      g_assert_nonnull (error);
    }
}

int
main (int argc, char **argv)
{
  static const guint cases[][2] = {
    { 256, 7 }, { 256, 1234 }, { 300, 7 }, { 300, 1234 },
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/demo-blueprint/size-%u-seed-%u",
                                               cases[i][0], cases[i][1]);
      g_test_add_data_func (path, cases[i], check_demo);
    }
  g_test_add_func ("/demo-blueprint/deterministic", test_deterministic);
  g_test_add_func ("/demo-blueprint/bad-size", test_bad_size);
  return g_test_run ();
}
