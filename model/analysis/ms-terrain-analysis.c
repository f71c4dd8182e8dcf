/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fill is Barnes, Lehman and Mulla's (2014) improved Priority-Flood:
 * outlets (the map's edge, the ocean, lakes) seed a priority queue at
 * their own heights; the lowest open pixel is taken and each neighbour not
 * yet reached is raised to it at least.  Pixels the fill raises or leaves
 * level go to a plain FIFO, not the queue (Barnes's "pit" queue); after
 * Zhou, Sun and Fu (2016), a pixel above its discoverer whose unreached
 * neighbours are all at least as high goes to a plain stack: nothing still
 * unreached can lower what it would raise them to, so it may be expanded
 * at once.  On a real map most pixels are one or the other, and the queue
 * (a radix heap over the order-preserving keys of the heights, monotone as
 * the fill is) sees a quarter of them.
 *
 * Each pixel remembers the neighbour it was reached from.  D8 then takes
 * the steepest strictly lower neighbour on the filled surface; a pixel
 * with none (a filled depression, a flat) keeps the way the flood came,
 * which leads to the depression's spill point by a shortest path and never
 * round in a circle: the discoverer was reached earlier, and a steepest
 * step goes strictly down.  Accumulation walks the flow tree from its
 * leaves in parallel, each pixel's in-degree counted down atomically: the
 * walker that brings it to zero carries on downstream.
 */
#define G_LOG_DOMAIN "ms-terrain-analysis"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-grid-scan.h"
#include "ms-large-buffer.h"
#include "ms-parallel.h"
#include "ms-profile.h"
#include "ms-terrain-analysis.h"

const gint8 ms_flow_dx[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
const gint8 ms_flow_dy[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

/* A flow code while the fill runs: not reached yet. */
#define UNVISITED 0xff
/* The water id of a lake biome's pixel in a file without WBID. */
#define LAKE_WITHOUT_ID 0xffff
/* In-degrees of accumulation: nothing drains into the pixel; one pixel does. */
#define SOURCE 0x80
#define SINGLE 0x40

/* Share of the progress bar each phase fills. */
#define PROGRESS_LOAD         0.05
#define PROGRESS_FILL         0.55
#define PROGRESS_DIRECTIONS   0.15
#define PROGRESS_ACCUMULATION 0.20

/* ---------------------------------------------------------------- queues -- */

typedef struct
{
  guint64 *data;
  gsize    len, cap;
} Vec64;

static void
vec64_grow (Vec64 *v)
{
  v->cap = MAX (v->cap * 2, 1024);
  v->data = g_renew (guint64, v->data, v->cap);
}

static inline void
vec64_push (Vec64   *v,
            guint64  item)
{
  if (G_UNLIKELY (v->len == v->cap))
    vec64_grow (v);
  v->data[v->len++] = item;
}

/* A monotone priority queue (a radix heap): keys pushed are never below
 * the last one popped, which the fill guarantees.  Bucket b > 0 holds the
 * items whose key first differs from the last popped key in bit b − 1;
 * bucket 0 those equal to it. */
typedef struct
{
  Vec64   buckets[33];
  guint32 last;
  gsize   size;
} RadixHeap;

static inline guint
radix_bucket (guint32 key,
              guint32 last)
{
  return key == last ? 0 : g_bit_storage (key ^ last);
}

static inline void
radix_push (RadixHeap *heap,
            guint32    key,
            guint32    index)
{
  vec64_push (&heap->buckets[radix_bucket (key, heap->last)], (guint64) key << 32 | index);
  heap->size++;
}

static inline guint32
radix_pop (RadixHeap *heap)
{
  Vec64 *zero = &heap->buckets[0];

  if (zero->len == 0)
    {
      guint b = 1;
      Vec64 *v;
      guint64 least;

      while (heap->buckets[b].len == 0)
        b++;
      v = &heap->buckets[b];
      least = v->data[0];
      for (gsize i = 1; i < v->len; i++)
        least = MIN (least, v->data[i]);
      heap->last = (guint32) (least >> 32);
      /* Every item lands in a lower bucket: each moves at most 32 times. */
      for (gsize i = 0; i < v->len; i++)
        vec64_push (&heap->buckets[radix_bucket ((guint32) (v->data[i] >> 32), heap->last)], v->data[i]);
      v->len = 0;
    }
  heap->size--;
  return (guint32) zero->data[--zero->len];
}

/* The item the next pop will give, when that is cheap to tell (NULL
 * otherwise): the top of bucket 0, or the least of a small next bucket. */
static inline const guint64 *
radix_peek (const RadixHeap *heap)
{
  const Vec64 *v;
  const guint64 *least;
  guint b = 0;

  while (b < G_N_ELEMENTS (heap->buckets) && heap->buckets[b].len == 0)
    b++;
  if (b == G_N_ELEMENTS (heap->buckets))
    return NULL;
  v = &heap->buckets[b];
  if (b == 0)
    return &v->data[v->len - 1];
  if (v->len > 16)
    return NULL;
  least = &v->data[0];
  for (gsize i = 1; i < v->len; i++)
    if (v->data[i] < *least)
      least = &v->data[i];
  return least;
}

static void
radix_clear (RadixHeap *heap)
{
  for (guint b = 0; b < G_N_ELEMENTS (heap->buckets); b++)
    g_free (heap->buckets[b].data);
}

/* A FIFO of pixel indices in a ring that doubles when full. */
typedef struct
{
  guint32 *data;
  gsize    head, len, cap;   /* cap a power of two */
} Fifo;

static void
fifo_grow (Fifo *q)
{
  gsize cap = MAX (q->cap * 2, 4096);
  guint32 *data = g_new (guint32, cap);

  for (gsize i = 0; i < q->len; i++)
    data[i] = q->data[(q->head + i) & (q->cap - 1)];
  g_free (q->data);
  q->data = data;
  q->cap = cap;
  q->head = 0;
}

static inline void
fifo_push (Fifo    *q,
           guint32  item)
{
  if (G_UNLIKELY (q->len == q->cap))
    fifo_grow (q);
  q->data[(q->head + q->len++) & (q->cap - 1)] = item;
}

static inline guint32
fifo_pop (Fifo *q)
{
  guint32 item = q->data[q->head];

  q->head = (q->head + 1) & (q->cap - 1);
  q->len--;
  return item;
}

/* ------------------------------------------------------------------ job -- */

typedef struct
{
  MsBlueprint       *bp;
  MsTerrainAnalysis *a;
  guint              n;            /* analysed side */
  guint              k;            /* factor */
  gsize              cells;
  guint              band_width;
  guint              n_bands;
  gssize             offset[8];    /* index step of each direction */
  gboolean           has_wbid;
  guint16            biome_id[256];  /* without WBID: 0 land, 1 ocean, LAKE_WITHOUT_ID */
  float             *filled;       /* a->fill_depth until the depths replace it */
  guint8            *scratch;      /* a byte a pixel: depression marks, then in-degrees */
  GPtrArray         *band_seeds;   /* Vec64 * a band: (key, index) of the fill's seeds */
  double            *column_volume;  /* fill depth sums, metres, a column each */
  GCancellable      *cancellable;
  MsProgressFunc     progress;
  gpointer           progress_data;
} Job;

static void
report (Job    *job,
        double  fraction)
{
  if (job->progress != NULL)
    job->progress (MIN (fraction, 1.0), job->progress_data);
}

/* FALSE, with the error, once the caller cancelled. */
static gboolean
carry_on (Job     *job,
          GError **error)
{
  return !g_cancellable_set_error_if_cancelled (job->cancellable, error);
}

static inline gboolean
is_finite (float v)
{
  /* v − v is 0 for a finite v, NaN for inf and NaN. */
  return v - v == 0.0f;
}

/* Work on columns [x0, x1) of the analysed grid. */
typedef void (*BandFunc) (Job   *job,
                          guint  x0,
                          guint  x1);

typedef struct
{
  Job      *job;
  BandFunc  func;
} Bands;

static void
run_band (guint    index,
          gpointer user_data)
{
  Bands *bands = user_data;
  Job *job = bands->job;
  guint x0 = index * job->band_width;

  if (!g_cancellable_is_cancelled (job->cancellable))
    bands->func (job, x0, MIN (x0 + job->band_width, job->n));
}

/* @func on every band of columns, on every core. */
static void
run_bands (Job      *job,
           BandFunc  func)
{
  Bands bands = { job, func };

  ms_parallel_for (job->n_bands, run_band, &bands);
}

/* ----------------------------------------------------------------- load -- */

/* Water ids of map pixels (x, y0) … (x, y0 + count − 1): WBID's, or
 * without it the profile's water biomes as ids. */
static void
read_water_ids (Job     *job,
                guint    x,
                guint    y0,
                guint    count,
                guint16 *out)
{
  static MsScratchSlot biome_slot;

  if (job->has_wbid)
    {
      if (y0 > 0 || count < job->a->map_size ||
          !ms_blueprint_copy_columns (job->bp, MS_GRID_WATER_IDS, x, 1, (guint8 *) out))
        ms_blueprint_sample_column (job->bp, x, y0, 1, count, NULL, out, NULL);
    }
  else
    {
      guint8 *biomes = ms_parallel_scratch (&biome_slot, count);

      ms_blueprint_read_biomes (job->bp, x, y0, count, biomes);
      for (guint y = 0; y < count; y++)
        out[y] = job->biome_id[biomes[y]];
    }
}

/* The water of a block, ids @stride apart: that of most of its pixels,
 * ties to land, then the ocean; a lake block takes the first lake's id. */
static guint16
majority_water (const guint16 *ids,
                gsize          stride,
                guint          w,
                guint          h)
{
  guint land = 0, ocean = 0, lake = 0;
  guint16 lake_id = 0;

  for (guint i = 0; i < w; i++)
    for (guint j = 0; j < h; j++)
      {
        guint16 id = ids[i * stride + j];

        if (id == 0)
          land++;
        else if (id == 1)
          ocean++;
        else if (lake++ == 0)
          lake_id = id;
      }
  return land >= ocean && land >= lake ? 0 : ocean >= lake ? 1 : lake_id;
}

/* Column @x of the analysed grid: its heights and, unless NULL, its water
 * ids (0 land, 1 ocean, else a lake).  At factor 1 the map's own column,
 * one read of the file where it can be copied; on a level each pixel the
 * mean of the finite heights of its k × k block (NaN for none) and
 * majority_water () of it. */
static void
load_column (Job     *job,
             guint    x,
             float   *heights,
             guint16 *ids)
{
  static MsScratchSlot block_slot;
  guint n = job->n, k = job->k, map = job->a->map_size;
  guint mx0 = x * k, mx1 = MIN (mx0 + k, map);
  guint8 *scratch;
  float *block_heights;
  guint16 *block_ids;

  if (k == 1)
    {
      if (!ms_blueprint_copy_columns (job->bp, MS_GRID_HEIGHTS, x, 1, (guint8 *) heights))
        ms_blueprint_read_heights (job->bp, x, 0, n, heights);
      if (ids != NULL)
        read_water_ids (job, x, 0, n, ids);
      return;
    }

  scratch = ms_parallel_scratch (&block_slot, (gsize) k * map * (sizeof (float) + sizeof (guint16)));
  block_heights = (float *) (gpointer) scratch;
  block_ids = (guint16 *) (gpointer) (scratch + (gsize) k * map * sizeof (float));
  /* One read of the file for the block's columns where it can be copied
   * (bench/README.md: copy, don't map, whole-column passes). */
  if (!ms_blueprint_copy_columns (job->bp, MS_GRID_HEIGHTS, mx0, mx1 - mx0, (guint8 *) block_heights))
    for (guint mx = mx0; mx < mx1; mx++)
      ms_blueprint_read_heights (job->bp, mx, 0, map, block_heights + (gsize) (mx - mx0) * map);
  if (ids != NULL)
    for (guint mx = mx0; mx < mx1; mx++)
      read_water_ids (job, mx, 0, map, block_ids + (gsize) (mx - mx0) * map);
  for (guint y = 0; y < n; y++)
    {
      guint my0 = y * k, my1 = MIN (my0 + k, map);
      double sum = 0;
      guint finite = 0;

      for (guint mx = mx0; mx < mx1; mx++)
        for (guint my = my0; my < my1; my++)
          {
            float v = block_heights[(gsize) (mx - mx0) * map + my];

            if (is_finite (v))
              {
                sum += v;
                finite++;
              }
          }
      heights[y] = finite > 0 ? (float) (sum / finite) : NAN;
      if (ids != NULL)
        ids[y] = majority_water (block_ids + my0, map, mx1 - mx0, my1 - my0);
    }
}

/* The water id of analysed pixel (x, y), read again (for the basins). */
static guint16
water_id_at (Job   *job,
             guint  x,
             guint  y)
{
  guint k = job->k, map = job->a->map_size;
  guint mx0 = x * k, my0 = y * k, w = MIN (k, map - mx0), h = MIN (k, map - my0);
  g_autofree guint16 *ids = g_new (guint16, (gsize) w * h);

  for (guint i = 0; i < w; i++)
    read_water_ids (job, mx0 + i, my0, h, ids + (gsize) i * h);
  return majority_water (ids, h, w, h);
}

/* The analysed grid's heights into the filled surface (where the fill
 * starts) and the flow codes that need no fill: outlets, the edge's land,
 * the pixels of no height; the rest waits. */
static void
load_band (Job   *job,
           guint  x0,
           guint  x1)
{
  static MsScratchSlot ids_slot;
  guint n = job->n;
  guint16 *ids = ms_parallel_scratch (&ids_slot, (gsize) n * sizeof (guint16));

  for (guint x = x0; x < x1 && !g_cancellable_is_cancelled (job->cancellable); x++)
    {
      float *h = job->filled + (gsize) x * n;
      guint8 *flow = job->a->flow + (gsize) x * n;
      gboolean edge = x == 0 || x == n - 1;

      load_column (job, x, h, ids);
      for (guint y = 0; y < n; y++)
        flow[y] = ids[y] == 1 ? MS_FLOW_OCEAN
                  : ids[y] != 0 ? MS_FLOW_LAKE
                  : !is_finite (h[y]) ? MS_FLOW_NOWHERE
                  : edge || y == 0 || y == n - 1 ? MS_FLOW_OFF_MAP
                  : UNVISITED;
    }
}

/* ---------------------------------------------------------------- flood -- */

/* The fill's seeds: outlets and edge land of finite height beside a pixel
 * still to reach (the open sea and the lakes' middles never matter). */
static void
seed_band (Job   *job,
           guint  x0,
           guint  x1)
{
  guint n = job->n;
  const float *h = job->filled;
  const guint8 *flow = job->a->flow;
  Vec64 *seeds = g_ptr_array_index (job->band_seeds, x0 / job->band_width);

  for (guint x = x0; x < x1; x++)
    for (guint y = 0; y < n; y++)
      {
        gsize i = (gsize) x * n + y;
        gboolean inside = x > 0 && y > 0 && x + 1 < n && y + 1 < n;

        if (flow[i] == UNVISITED || flow[i] == MS_FLOW_NOWHERE || !is_finite (h[i]))
          continue;
        for (guint d = 0; d < 8; d++)
          {
            if (!inside)
              {
                gint64 nx = (gint64) x + ms_flow_dx[d], ny = (gint64) y + ms_flow_dy[d];

                if (nx < 0 || ny < 0 || nx >= n || ny >= n)
                  continue;
              }
            if (flow[i + job->offset[d]] == UNVISITED)
              {
                vec64_push (seeds, (guint64) ms_height_key (h[i]) << 32 | i);
                break;
              }
          }
      }
}

/* Whether pixel @i (never on the edge: every edge pixel is settled before
 * the fill) has an unreached neighbour lower than @height.  An unreached
 * pixel's filled height is still its own. */
static inline gboolean
lower_unreached (const Job    *job,
                 const float  *filled,
                 const guint8 *flow,
                 gsize         i,
                 float         height)
{
  for (guint d = 0; d < 8; d++)
    {
      gsize j = i + job->offset[d];

      if (flow[j] == UNVISITED && filled[j] < height)
        return TRUE;
    }
  return FALSE;
}

/* The pixels a pop will read, asked for some pops ahead: the fill goes
 * where the water goes, not along the columns, and waits on memory
 * otherwise. */
static inline void
prefetch (const Job    *job,
          const float  *filled,
          const guint8 *flow,
          gsize         i)
{
  gsize n = job->n;

  if (G_LIKELY (i >= n && i + n < job->cells))
    {
      __builtin_prefetch (flow + i - n);
      __builtin_prefetch (flow + i + n);
      __builtin_prefetch (filled + i - n);
      __builtin_prefetch (filled + i + n);
    }
  __builtin_prefetch (flow + i);
  __builtin_prefetch (filled + i);
}

#define PREFETCH_AHEAD 8

static gboolean
flood (Job     *job,
       GError **error)
{
  float *filled = job->filled;
  guint8 *flow = job->a->flow;
  guint n = job->n;
  RadixHeap heap = { 0, };
  Fifo pit = { 0, };
  Vec64 slope = { 0, };   /* pixel indices */
  guint64 taken = 0;
  gboolean ok = TRUE;

  for (guint b = 0; b < job->band_seeds->len; b++)
    {
      Vec64 *seeds = g_ptr_array_index (job->band_seeds, b);

      for (gsize s = 0; s < seeds->len; s++)
        radix_push (&heap, (guint32) (seeds->data[s] >> 32), (guint32) seeds->data[s]);
    }

  for (;;)
    {
      guint32 c;
      gboolean at_level;   /* taken at the fill's current level, not ahead of it */
      float level;

      if (pit.len > 0)
        {
          if (pit.len > PREFETCH_AHEAD)
            prefetch (job, filled, flow, pit.data[(pit.head + PREFETCH_AHEAD) & (pit.cap - 1)]);
          c = fifo_pop (&pit);
          at_level = TRUE;
        }
      else if (slope.len > 0)
        {
          if (slope.len > PREFETCH_AHEAD)
            prefetch (job, filled, flow, (gsize) slope.data[slope.len - PREFETCH_AHEAD]);
          c = (guint32) slope.data[--slope.len];
          at_level = FALSE;
        }
      else if (heap.size > 0)
        {
          const guint64 *next;

          c = radix_pop (&heap);
          /* Most heights are a key of their own, far from the last: the
           * next one's pixels, one pop ahead. */
          if ((next = radix_peek (&heap)) != NULL)
            prefetch (job, filled, flow, (guint32) *next);
          at_level = TRUE;
        }
      else
        break;

      if (G_UNLIKELY ((++taken & 0xffff) == 0))
        {
          if (g_cancellable_is_cancelled (job->cancellable))
            {
              ok = carry_on (job, error);
              break;
            }
          report (job, PROGRESS_LOAD + PROGRESS_FILL * (double) taken / (double) job->cells);
        }

      level = filled[c];
      for (guint d = 0; d < 8; d++)
        {
          gsize j;
          float hj;

          /* Only seeds are settled when taken, and they may lie on the
           * edge: their neighbours are checked. */
          if (G_UNLIKELY (flow[c] >= 8))
            {
              gint64 nx = (gint64) (c / n) + ms_flow_dx[d], ny = (gint64) (c % n) + ms_flow_dy[d];

              if (nx < 0 || ny < 0 || nx >= n || ny >= n)
                continue;
            }
          j = c + job->offset[d];
          if (flow[j] != UNVISITED)
            continue;
          flow[j] = d ^ 4;  /* back the way the flood came */
          hj = filled[j];
          if (at_level && hj <= level)
            {
              filled[j] = level;
              fifo_push (&pit, (guint32) j);
            }
          else if (lower_unreached (job, filled, flow, j, hj))
            radix_push (&heap, ms_height_key (hj), (guint32) j);
          else
            vec64_push (&slope, j);
        }
    }

  radix_clear (&heap);
  g_free (pit.data);
  g_free (slope.data);
  return ok;
}

/* ------------------------------------------------------------ direction -- */

/* D8 over the filled surface: the steepest strictly lower neighbour
 * (diagonal drops over √2); a pixel with none keeps the way the flood
 * came.  Pixels the fill never reached drain nowhere. */
static void
directions_band (Job   *job,
                 guint  x0,
                 guint  x1)
{
  guint n = job->n;
  const float *filled = job->filled;
  guint8 *flow = job->a->flow;

  for (guint x = x0; x < x1; x++)
    for (guint y = 0; y < n; y++)
      {
        gsize i = (gsize) x * n + y;
        float here, best = 0.0f;
        guint best_d = flow[i];

        if (flow[i] == UNVISITED)
          flow[i] = MS_FLOW_NOWHERE;
        if (flow[i] >= 8)
          continue;
        here = filled[i];
        for (guint d = 0; d < 8; d++)
          {
            /* NaN neighbours compare false. */
            float drop = (here - filled[i + job->offset[d]]) * ((d & 1) ? (float) G_SQRT2 / 2.0f : 1.0f);

            if (drop > best)
              {
                best = drop;
                best_d = d;
              }
          }
        flow[i] = (guint8) best_d;
      }
}

/* Fill depths in metres in place of the filled surface (the heights read
 * again), and each column's sum: added in column order, the volume does
 * not depend on how the columns were shared out. */
static void
depth_band (Job   *job,
            guint  x0,
            guint  x1)
{
  static MsScratchSlot column_slot;
  guint n = job->n;
  float *h = ms_parallel_scratch (&column_slot, (gsize) n * sizeof (float));

  for (guint x = x0; x < x1 && !g_cancellable_is_cancelled (job->cancellable); x++)
    {
      float *depth = job->filled + (gsize) x * n;
      double column = 0;

      load_column (job, x, h, NULL);
      for (guint y = 0; y < n; y++)
        {
          float f = depth[y];
          float d = f > h[y] ? (f - h[y]) * (float) MS_BLUEPRINT_METRES_PER_RAW : 0.0f;

          depth[y] = d;
          column += d;
        }
      job->column_volume[x] = column;
    }
}

/* The 8-connected regions of raised pixels, by a depth-first walk from
 * each one not yet marked.  Raised pixels are never on the edge. */
static guint64
count_depressions (Job *job)
{
  const float *depth = job->a->fill_depth;
  guint8 *marked = job->scratch;
  g_autofree guint32 *stack = NULL;
  gsize len = 0, cap = 0;
  guint64 regions = 0;

  memset (marked, 0, job->cells);
  for (gsize i = 0; i < job->cells; i++)
    {
      if (!(depth[i] > 0.0f) || marked[i])
        continue;
      regions++;
      marked[i] = 1;
      if (len == cap)
        stack = g_renew (guint32, stack, cap = MAX (2 * cap, 4096));
      stack[len++] = (guint32) i;
      while (len > 0)
        {
          gsize c = stack[--len];

          for (guint d = 0; d < 8; d++)
            {
              gsize j = c + job->offset[d];

              if (depth[j] > 0.0f && !marked[j])
                {
                  marked[j] = 1;
                  if (len == cap)
                    stack = g_renew (guint32, stack, cap = MAX (2 * cap, 4096));
                  stack[len++] = (guint32) j;
                }
            }
        }
    }
  return regions;
}

/* --------------------------------------------------------- accumulation -- */

/* In-degrees: how many neighbours flow into each pixel; SOURCE for none,
 * SINGLE for one (most pixels: nobody else adds to them). */
static void
indegree_band (Job   *job,
               guint  x0,
               guint  x1)
{
  guint n = job->n;
  const guint8 *flow = job->a->flow;
  guint8 *indegree = job->scratch;

  for (guint x = x0; x < x1; x++)
    {
      const guint8 *prev = flow + (gsize) (x > 0 ? x - 1 : x) * n;
      const guint8 *here = flow + (gsize) x * n;
      const guint8 *next = flow + (gsize) (x + 1 < n ? x + 1 : x) * n;
      guint8 *out = indegree + (gsize) x * n;

      /* Inside the map, each neighbour by name (neighbour (dx, dy) flows
       * here when its direction is the opposite of (dx, dy)): a loop the
       * compiler runs down the column in vectors. */
      if (x > 0 && x + 1 < n)
        for (guint y = 1; y + 1 < n; y++)
          {
            guint count = (next[y] == 4) + (next[y + 1] == 5) + (here[y + 1] == 6) + (prev[y + 1] == 7) +
                          (prev[y] == 0) + (prev[y - 1] == 1) + (here[y - 1] == 2) + (next[y - 1] == 3);

            out[y] = count == 0 ? SOURCE : count == 1 ? SINGLE : (guint8) count;
          }
      /* On the edge (an inner column's first and last pixel), each
       * neighbour that is on the map. */
      for (guint y = 0; y < n; y += x > 0 && x + 1 < n ? MAX (n - 1, 1u) : 1)
        {
          guint count = 0;

          for (guint d = 0; d < 8; d++)
            {
              gint64 nx = (gint64) x + ms_flow_dx[d], ny = (gint64) y + ms_flow_dy[d];

              if (nx >= 0 && ny >= 0 && nx < n && ny < n)
                count += flow[nx * n + ny] == (d ^ 4);
            }
          out[y] = count == 0 ? SOURCE : count == 1 ? SINGLE : (guint8) count;
        }
    }
}

/* From each source of the band downstream, as far as this walker is the
 * last to arrive at a pixel. */
static void
accumulate_band (Job   *job,
                 guint  x0,
                 guint  x1)
{
  guint n = job->n;
  gsize i0 = (gsize) x0 * n, i1 = (gsize) x1 * n;
  const guint8 *flow = job->a->flow;
  guint32 *acc = job->a->accumulation;
  guint8 *indegree = job->scratch;

  for (gsize s = i0; s < i1; s++)
    {
      gsize i = s;
      guint32 total = 0;   /* what flows into i */

      if (indegree[i] != SOURCE)
        continue;
      for (;;)
        {
          guint code = flow[i];
          gsize j;

          total += code != MS_FLOW_OCEAN && code != MS_FLOW_LAKE;
          acc[i] = total;
          if (code >= 8)
            break;
          j = i + job->offset[code];
          if (indegree[j] != SINGLE)
            {
              /* Others flow into j too: the last to count it down goes
               * on, having seen what every one added. */
              __atomic_add_fetch (&acc[j], total, __ATOMIC_RELAXED);
              if (__atomic_sub_fetch (&indegree[j], 1, __ATOMIC_ACQ_REL) != 0)
                break;
              total = __atomic_load_n (&acc[j], __ATOMIC_RELAXED);
            }
          i = j;
        }
    }
}

/* --------------------------------------------------------------- basins -- */

/* Larger first; the same size by outlet, lower index first. */
static gboolean
basin_before (const MsBasin *a,
              gsize          index_a,
              const MsBasin *b,
              gsize          index_b)
{
  return a->area_pixels != b->area_pixels ? a->area_pixels > b->area_pixels : index_a < index_b;
}

static void
offer_basin (MsTerrainAnalysis *a,
             gsize             *indices,
             guint64            area,
             gsize              i,
             MsBasinKind        kind,
             guint16            water_id)
{
  MsBasin basin = { area, 0, (guint) (i / a->size), (guint) (i % a->size), kind, water_id };
  guint at = a->n_basins;

  if (area == 0)
    return;
  if (at == MS_TERRAIN_N_BASINS)
    {
      if (!basin_before (&basin, i, &a->basins[at - 1], indices[at - 1]))
        return;
      at--;
    }
  else
    a->n_basins++;
  while (at > 0 && basin_before (&basin, i, &a->basins[at - 1], indices[at - 1]))
    {
      a->basins[at] = a->basins[at - 1];
      indices[at] = indices[at - 1];
      at--;
    }
  a->basins[at] = basin;
  indices[at] = i;
}

typedef struct
{
  guint64 area;
  guint32 best;       /* the most land entering at one pixel */
  guint32 best_index;
} LakeInflow;

static void
find_basins (Job *job)
{
  MsTerrainAnalysis *a = job->a;
  const guint8 *flow = a->flow;
  const guint32 *acc = a->accumulation;
  g_autofree LakeInflow *lakes = g_new0 (LakeInflow, 65536);
  gsize indices[MS_TERRAIN_N_BASINS];
  double pixel_km2 = a->metres_per_pixel * a->metres_per_pixel / 1e6;

  for (gsize i = 0; i < job->cells; i++)
    {
      guint code = flow[i];

      if (code == MS_FLOW_OCEAN)
        {
          a->drains_to_ocean += acc[i];
          offer_basin (a, indices, acc[i], i, MS_BASIN_OCEAN, 0);
          continue;
        }
      if (code == MS_FLOW_LAKE)
        {
          guint16 id;

          if (acc[i] == 0)
            continue;
          a->drains_to_lakes += acc[i];
          id = water_id_at (job, (guint) (i / a->size), (guint) (i % a->size));
          if (id == LAKE_WITHOUT_ID)
            offer_basin (a, indices, acc[i], i, MS_BASIN_LAKE, 0);
          else
            {
              LakeInflow *lake = &lakes[id];

              lake->area += acc[i];
              if (acc[i] > lake->best)
                {
                  lake->best = acc[i];
                  lake->best_index = (guint32) i;
                }
            }
          continue;
        }
      a->land_pixels++;
      if (code == MS_FLOW_OFF_MAP)
        {
          a->drains_to_ocean += acc[i];
          offer_basin (a, indices, acc[i], i, MS_BASIN_EDGE, 0);
        }
      else if (code == MS_FLOW_NOWHERE)
        a->drains_to_nowhere++;
    }
  for (guint id = 2; id < LAKE_WITHOUT_ID; id++)
    offer_basin (a, indices, lakes[id].area, lakes[id].best_index, MS_BASIN_LAKE, (guint16) id);
  for (guint b = 0; b < a->n_basins; b++)
    a->basins[b].area_km2 = (double) a->basins[b].area_pixels * pixel_km2;
}

/* ----------------------------------------------------------------- main -- */

static void *
grid_alloc (gsize    bytes,
            GError **error)
{
  void *data = ms_large_buffer_alloc (bytes);

  if (data == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                 "Not enough memory for the terrain analysis (%" G_GSIZE_FORMAT " MiB more)",
                 bytes >> 20);
  return data;
}

void
ms_terrain_analysis_free (MsTerrainAnalysis *analysis)
{
  gsize cells;

  if (analysis == NULL)
    return;
  cells = (gsize) analysis->size * analysis->size;
  ms_large_buffer_free (analysis->fill_depth, cells * sizeof (float));
  ms_large_buffer_free (analysis->flow, cells);
  ms_large_buffer_free (analysis->accumulation, cells * sizeof (guint32));
  g_free (analysis);
}

void
ms_terrain_analysis_to_map (const MsTerrainAnalysis *analysis,
                            guint                    x,
                            guint                    y,
                            guint                   *map_x,
                            guint                   *map_y)
{
  guint k = analysis->factor;

  *map_x = MIN (x * k + k / 2, analysis->map_size - 1);
  *map_y = MIN (y * k + k / 2, analysis->map_size - 1);
}

static double
seconds_since (gint64 *start)
{
  gint64 now = g_get_monotonic_time ();
  double seconds = (double) (now - *start) / G_USEC_PER_SEC;

  *start = now;
  return seconds;
}

static void
vec64_free (gpointer data)
{
  Vec64 *v = data;

  g_free (v->data);
  g_free (v);
}

static gboolean
run (Job     *job,
     GError **error)
{
  MsTerrainAnalysis *a = job->a;
  gint64 clock = g_get_monotonic_time ();
  double volume = 0;

  run_bands (job, load_band);
  if (!carry_on (job, error))
    return FALSE;
  a->seconds_load = seconds_since (&clock);
  report (job, PROGRESS_LOAD);

  for (guint b = 0; b < job->n_bands; b++)
    g_ptr_array_add (job->band_seeds, g_new0 (Vec64, 1));
  run_bands (job, seed_band);
  if (!carry_on (job, error) || !flood (job, error))
    return FALSE;
  g_ptr_array_set_size (job->band_seeds, 0);
  a->seconds_fill = seconds_since (&clock);
  report (job, PROGRESS_LOAD + PROGRESS_FILL);

  run_bands (job, directions_band);
  run_bands (job, depth_band);
  if (!carry_on (job, error))
    return FALSE;
  for (guint x = 0; x < job->n; x++)
    volume += job->column_volume[x];
  a->depression_volume_m3 = volume * a->metres_per_pixel * a->metres_per_pixel;
  a->depressions = count_depressions (job);
  a->seconds_directions = seconds_since (&clock);
  report (job, PROGRESS_LOAD + PROGRESS_FILL + PROGRESS_DIRECTIONS);

  run_bands (job, indegree_band);
  if (!carry_on (job, error))
    return FALSE;
  run_bands (job, accumulate_band);
  if (!carry_on (job, error))
    return FALSE;
  a->seconds_accumulation = seconds_since (&clock);
  report (job, PROGRESS_LOAD + PROGRESS_FILL + PROGRESS_DIRECTIONS + PROGRESS_ACCUMULATION);

  find_basins (job);
  a->seconds_basins = seconds_since (&clock);
  report (job, 1.0);
  return TRUE;
}

MsTerrainAnalysis *
ms_terrain_analysis_new (MsBlueprint     *blueprint,
                         double           metres_per_pixel,
                         guint            max_size,
                         MsProgressFunc   progress,
                         gpointer         progress_data,
                         GCancellable    *cancellable,
                         GError         **error)
{
  g_autoptr(MsTerrainAnalysis) a = NULL;
  g_autoptr(GPtrArray) band_seeds = NULL;
  g_autofree double *column_volume = NULL;
  MsProfile *profile;
  Job job = { 0, };
  guint map;
  gboolean ok;

  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), NULL);
  g_return_val_if_fail (metres_per_pixel >= 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  map = ms_blueprint_get_map_size (blueprint);
  if (max_size == 0)
    max_size = MS_TERRAIN_ANALYSIS_MAX_SIZE;
  if (metres_per_pixel == 0)
    metres_per_pixel = MS_BLUEPRINT_WORLD_SPAN / map;

  a = g_new0 (MsTerrainAnalysis, 1);
  a->map_size = map;
  a->factor = 1;
  while ((map + a->factor - 1) / a->factor > max_size)
    {
      a->factor *= 2;
      a->level++;
    }
  a->size = (map + a->factor - 1) / a->factor;
  a->metres_per_pixel = metres_per_pixel * a->factor;

  job.bp = blueprint;
  job.a = a;
  job.n = a->size;
  job.k = a->factor;
  job.cells = (gsize) a->size * a->size;
  job.band_width = MAX (1u, job.n / (8 * ms_parallel_get_n_workers ()));
  job.n_bands = (job.n + job.band_width - 1) / job.band_width;
  for (guint d = 0; d < 8; d++)
    job.offset[d] = (gssize) ms_flow_dx[d] * job.n + ms_flow_dy[d];
  job.has_wbid = ms_blueprint_has_water (blueprint);
  profile = ms_blueprint_get_profile (blueprint);
  for (guint b = 0; b < 256; b++)
    job.biome_id[b] = ms_profile_is_ocean_biome (profile, b) ? 1
                      : ms_profile_is_water_biome (profile, b) ? LAKE_WITHOUT_ID : 0;
  job.band_seeds = band_seeds = g_ptr_array_new_with_free_func (vec64_free);
  job.column_volume = column_volume = g_new0 (double, job.n);
  job.cancellable = cancellable;
  job.progress = progress;
  job.progress_data = progress_data;

  if ((a->fill_depth = grid_alloc (job.cells * sizeof (float), error)) == NULL ||
      (a->flow = grid_alloc (job.cells, error)) == NULL ||
      (a->accumulation = grid_alloc (job.cells * sizeof (guint32), error)) == NULL ||
      (job.scratch = grid_alloc (job.cells, error)) == NULL)
    ok = FALSE;
  else
    {
      job.filled = a->fill_depth;
      ok = run (&job, error);
    }
  ms_large_buffer_free (job.scratch, job.cells);
  return ok ? g_steal_pointer (&a) : NULL;
}

/* ---------------------------------------------------------------- slope -- */

void
ms_terrain_slope (const float *heights,
                  guint        width,
                  guint        height,
                  guint        x0,
                  guint        y0,
                  guint        w,
                  guint        h,
                  double       metres_per_pixel,
                  float       *out)
{
  double scale = MS_BLUEPRINT_METRES_PER_RAW / (8.0 * metres_per_pixel);

  g_return_if_fail (x0 <= width && w <= width - x0 && y0 <= height && h <= height - y0);
  g_return_if_fail (metres_per_pixel > 0);

  for (guint x = x0; x < x0 + w; x++)
    for (guint y = y0; y < y0 + h; y++)
      {
        double z[3][3];   /* z[1 + dx][1 + dy] */
        double centre = heights[(gsize) x * height + y], gx, gy;

        if (!isfinite (centre))
          {
            out[(gsize) (x - x0) * h + (y - y0)] = NAN;
            continue;
          }
        for (int dx = -1; dx <= 1; dx++)
          for (int dy = -1; dy <= 1; dy++)
            {
              gint64 nx = (gint64) x + dx, ny = (gint64) y + dy;
              double v = centre;

              if (nx >= 0 && ny >= 0 && nx < width && ny < height)
                v = heights[nx * height + ny];
              z[1 + dx][1 + dy] = isfinite (v) ? v : centre;
            }
        gx = ((z[2][0] + 2 * z[2][1] + z[2][2]) - (z[0][0] + 2 * z[0][1] + z[0][2])) * scale;
        gy = ((z[0][2] + 2 * z[1][2] + z[2][2]) - (z[0][0] + 2 * z[1][0] + z[2][0])) * scale;
        out[(gsize) (x - x0) * h + (y - y0)] = (float) (atan (sqrt (gx * gx + gy * gy)) * 180.0 / G_PI);
      }
}

void
ms_terrain_slope_read (MsBlueprint *blueprint,
                       guint        x0,
                       guint        y0,
                       guint        w,
                       guint        h,
                       double       metres_per_pixel,
                       float       *out)
{
  guint map, wx0, wy0, wx1, wy1;
  g_autofree float *window = NULL;

  g_return_if_fail (MS_IS_BLUEPRINT (blueprint));
  map = ms_blueprint_get_map_size (blueprint);
  g_return_if_fail (x0 <= map && w <= map - x0 && y0 <= map && h <= map - y0);
  if (w == 0 || h == 0)
    return;
  if (metres_per_pixel == 0)
    metres_per_pixel = MS_BLUEPRINT_WORLD_SPAN / map;

  /* The margin the map has around the pixels. */
  wx0 = x0 > 0 ? x0 - 1 : 0;
  wy0 = y0 > 0 ? y0 - 1 : 0;
  wx1 = MIN (x0 + w + 1, map);
  wy1 = MIN (y0 + h + 1, map);
  window = g_new (float, (gsize) (wx1 - wx0) * (wy1 - wy0));
  for (guint x = wx0; x < wx1; x++)
    ms_blueprint_read_heights (blueprint, x, wy0, wy1 - wy0, window + (gsize) (x - wx0) * (wy1 - wy0));
  ms_terrain_slope (window, wx1 - wx0, wy1 - wy0, x0 - wx0, y0 - wy0, w, h, metres_per_pixel, out);
}
