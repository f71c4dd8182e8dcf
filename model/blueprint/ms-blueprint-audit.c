/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the grids, column by column (the file's own order): each
 * column of HGTS, BIOM, WBID and WSRF is read once, into column buffers, and
 * every per-pixel check runs on it.  Nothing copies a grid.
 *
 * Memory is bounded by the map's side, not its area:
 * - per water id (65536 at most): pixel count, first pixel, coordinate sums,
 *   expected WSRF value — about 3 MiB whatever the map's size;
 * - per column: the column buffers, two columns of water ids, and for the
 *   connectivity check a union-find over the *runs* of equal lake id in the
 *   previous and the current column only.  4-connectivity only links
 *   neighbouring columns, so after each column the sets are compacted to the
 *   runs of that column (their roots carry pixel count, first pixel and
 *   touching-pixel count); a set with no run in the new column is closed and
 *   can never grow again.  A 32768² map needs a few MiB, not a visited
 *   bitmap (128 MiB) or a flood-fill stack.
 */
#define G_LOG_DOMAIN "ms-audit"

#include "config.h"

#include <math.h>

#include "ms-blueprint-audit.h"
#include "ms-enum.h"
#include "ms-model-enums.h"

#define N_IDS       65536
#define UNSEEN      G_MAXUINT64
#define NO_RUN      G_MAXUINT32
/* Heights may exceed the curve's ceiling by this much (the WSRF quantum,
 * 7.7 mm of world height) before curve-params reports them. */
#define CEILING_SLACK (1.0 / 32768.0)
/* WBTB centroids are f32 means of the pixels' integer (x, y): 0.01 px is
 * far above f32 rounding at 32768 and far below any real disagreement. */
#define CENTROID_TOLERANCE 0.01

/* The quiet-block fast path of check_column (); the tests compare the
 * audit with and without it. */
static gboolean quiet_blocks = TRUE;

void
_ms_blueprint_audit_set_quiet_blocks (gboolean enabled)
{
  quiet_blocks = enabled;
}

static const char * const checks[] = {
  MS_AUDIT_WATER_BIOME_MISMATCH,
  MS_AUDIT_WATER_SURFACE_MISMATCH,
  MS_AUDIT_WATER_TABLE_MISMATCH,
  MS_AUDIT_WATER_ID_ORDER,
  MS_AUDIT_WATER_CONNECTIVITY,
  MS_AUDIT_HEIGHT_NONFINITE,
  MS_AUDIT_TOWN_OUT_OF_BOUNDS,
  MS_AUDIT_ROAD_OUT_OF_BOUNDS,
  MS_AUDIT_SEED_FILENAME_MISMATCH,
  MS_AUDIT_CURVE_PARAMS,
  NULL
};

enum
{
  CHECK_WATER_BIOME,
  CHECK_WATER_SURFACE,
  CHECK_WATER_TABLE,
  CHECK_WATER_ID_ORDER,
  CHECK_WATER_CONNECTIVITY,
  CHECK_HEIGHT_NONFINITE,
  CHECK_TOWN_BOUNDS,
  CHECK_ROAD_BOUNDS,
  CHECK_SEED_FILENAME,
  CHECK_CURVE_PARAMS,
  N_CHECKS
};

const char * const *
ms_audit_get_checks (void)
{
  return checks;
}

/* What one check has found so far. */
typedef struct
{
  gboolean  tripped;
  guint64   count;
  guint64   first;    /* pixel index of the first offender, UNSEEN for none */
  char     *detail;   /* about the offence at @first (or the first offence) */
} Tally;

/* Records @count offending pixels whose first is pixel @index (UNSEEN: no
 * location).  Returns %TRUE when the caller should describe this offence:
 * it is the first in scan order so far. */
static gboolean
tally_offend (Tally   *t,
              guint64  index,
              guint64  count)
{
  gboolean describe = !t->tripped || index < t->first;

  t->tripped = TRUE;
  t->count += count;
  if (index < t->first)
    t->first = index;
  if (describe)
    g_clear_pointer (&t->detail, g_free);
  return describe;
}

/* A set of lake runs: a node of the per-column union-find. */
typedef struct
{
  guint32 parent;
  guint16 id;
  guint64 pixels;
  guint64 first;     /* smallest pixel index */
  guint64 touched;   /* pixels already counted as touching another body */
} Node;

typedef struct
{
  guint   y0, y1;    /* inclusive */
  guint16 id;
  guint32 node;      /* prev column: its compacted label; current: k + index */
} Run;

typedef struct
{
  MsBlueprint *bp;
  guint        n;
  gboolean     has_wbid;
  gboolean     has_wsrf;
  gboolean     water_biome[256];

  /* Per water id. */
  guint64     *pixels;
  guint64     *first;
  guint64     *sum_x;
  guint64     *sum_y;
  guint16     *expected_surface;   /* 0: no WBTB row, only "nonzero" is checked */
  guint8      *bad;                /* scratch marks per id */
  guint        lakes_seen;         /* distinct lake ids so far */

  /* Curve ceiling: heights above it offend (NAN: no check). */
  double       ceiling;

  /* Connectivity: two columns of ids, touch flags and run indices. */
  guint16     *ids_prev, *ids_cur;
  guint8      *touch_prev, *touch_cur;
  guint32     *run_of_prev, *run_of_cur;
  Run         *runs_prev, *runs_cur;
  guint        n_runs_prev, n_runs_cur;
  Node        *labels;             /* compacted sets of the previous column */
  guint        n_labels;
  Node        *nodes;              /* labels + current runs, while a column is joined */
  Node        *next_labels;
  guint32     *remap;
  guint8      *alive;
  guint8      *closed;

  Tally        tally[N_CHECKS];
} Audit;

static void
audit_clear (Audit *a)
{
  g_free (a->pixels);
  g_free (a->first);
  g_free (a->sum_x);
  g_free (a->sum_y);
  g_free (a->expected_surface);
  g_free (a->bad);
  g_free (a->ids_prev);
  g_free (a->ids_cur);
  g_free (a->touch_prev);
  g_free (a->touch_cur);
  g_free (a->run_of_prev);
  g_free (a->run_of_cur);
  g_free (a->runs_prev);
  g_free (a->runs_cur);
  g_free (a->labels);
  g_free (a->nodes);
  g_free (a->next_labels);
  g_free (a->remap);
  g_free (a->alive);
  g_free (a->closed);
  for (guint i = 0; i < N_CHECKS; i++)
    g_free (a->tally[i].detail);
}

static inline void
index_to_xy (Audit   *a,
             guint64  index,
             guint   *x,
             guint   *y)
{
  *x = (guint) (index / a->n);
  *y = (guint) (index % a->n);
}

static guint32
node_find (Node    *nodes,
           guint32  i)
{
  guint32 root = i;

  while (nodes[root].parent != root)
    root = nodes[root].parent;
  while (nodes[i].parent != root)
    {
      guint32 next = nodes[i].parent;
      nodes[i].parent = root;
      i = next;
    }
  return root;
}

static void
node_union (Node    *nodes,
            guint32  i,
            guint32  j)
{
  guint32 ri = node_find (nodes, i), rj = node_find (nodes, j);

  if (ri == rj)
    return;
  /* The root keeps the smaller first pixel; any order is correct. */
  if (nodes[rj].first < nodes[ri].first)
    {
      guint32 t = ri;
      ri = rj;
      rj = t;
    }
  nodes[rj].parent = ri;
  nodes[ri].pixels += nodes[rj].pixels;
  nodes[ri].touched += nodes[rj].touched;
}

/* A lake component that can grow no more: every pixel of a component other
 * than the one holding its id's first pixel is an offender (the id is not
 * one 4-connected component), except those the touch rule already counted. */
static void
close_component (Audit      *a,
                 const Node *c)
{
  Tally *t = &a->tally[CHECK_WATER_CONNECTIVITY];
  guint x, y, fx, fy;

  if (c->first == a->first[c->id])
    return;
  if (tally_offend (t, c->first, c->pixels - c->touched))
    {
      index_to_xy (a, c->first, &x, &y);
      index_to_xy (a, a->first[c->id], &fx, &fy);
      t->detail = g_strdup_printf ("lake id %u has a second 4-connected piece at (%u, %u), "
                                   "apart from the one at (%u, %u)",
                                   c->id, x, y, fx, fy);
    }
}

/* Counts the touch-flagged pixels of the previous column @x, now that no
 * later column can flag them again. */
static void
finish_touch_column (Audit *a,
                     guint  x)
{
  Tally *t = &a->tally[CHECK_WATER_CONNECTIVITY];

  for (guint y = 0; y < a->n; y++)
    {
      guint64 index;

      if (!a->touch_prev[y])
        continue;
      index = (guint64) x * a->n + y;
      if (tally_offend (t, index, 1))
        t->detail = g_strdup_printf ("water id %u at (%u, %u) touches another water body, "
                                     "so the two are one 4-connected body with two ids",
                                     a->ids_prev[y], x, y);
      if (a->run_of_prev[y] != NO_RUN)
        a->nodes[node_find (a->nodes, a->runs_prev[a->run_of_prev[y]].node)].touched++;
    }
}

/* Joins the current column's runs to the previous column's sets, finishes
 * the previous column, closes the sets that did not continue and compacts
 * the rest into labels for the next column.  @x is the current column;
 * x == n joins an empty column, which closes everything. */
static void
join_column (Audit *a,
             guint  x)
{
  guint k = a->n_labels, m = a->n_runs_cur;
  guint i = 0, j = 0, next_k = 0;

  memcpy (a->nodes, a->labels, sizeof (Node) * k);
  for (guint r = 0; r < m; r++)
    {
      Run *run = &a->runs_cur[r];
      Node *node = &a->nodes[k + r];

      node->parent = k + r;
      node->id = run->id;
      node->pixels = run->y1 - run->y0 + 1;
      node->first = (guint64) x * a->n + run->y0;
      node->touched = 0;
      run->node = k + r;
    }

  /* Overlapping runs of the same lake id in neighbouring columns touch. */
  while (i < a->n_runs_prev && j < m)
    {
      const Run *p = &a->runs_prev[i], *c = &a->runs_cur[j];

      if (p->id == c->id && p->y0 <= c->y1 && c->y0 <= p->y1)
        node_union (a->nodes, p->node, c->node);
      if (p->y1 < c->y1)
        i++;
      else if (c->y1 < p->y1)
        j++;
      else
        {
          i++;
          j++;
        }
    }

  if (x > 0)
    finish_touch_column (a, x - 1);

  memset (a->alive, 0, k + m);
  memset (a->closed, 0, k + m);
  for (guint r = 0; r < m; r++)
    a->alive[node_find (a->nodes, k + r)] = 1;
  for (guint l = 0; l < k; l++)
    {
      guint32 root = node_find (a->nodes, l);

      if (!a->alive[root] && !a->closed[root])
        {
          a->closed[root] = 1;
          close_component (a, &a->nodes[root]);
        }
    }

  for (guint r = 0; r < k + m; r++)
    a->remap[r] = NO_RUN;
  for (guint r = 0; r < m; r++)
    {
      guint32 root = node_find (a->nodes, k + r);

      if (a->remap[root] == NO_RUN)
        {
          a->remap[root] = next_k;
          a->next_labels[next_k] = a->nodes[root];
          a->next_labels[next_k].parent = next_k;
          next_k++;
        }
      a->runs_cur[r].node = a->remap[root];
    }

  {
    Node *t = a->labels;
    a->labels = a->next_labels;
    a->next_labels = t;
  }
  a->n_labels = next_k;
}

/* Per-pixel checks of column @x; fills the current column's runs and flags. */
static void
check_column (Audit        *a,
              guint         x,
              const float  *heights,
              const guint8 *biomes,
              const guint16 *surface)
{
  Tally *t;
  guint16 *ids = a->ids_cur;
  guint n = a->n;

  float quiet_ceiling = INFINITY;

  /* The ceiling as a float no greater than it: a height the fast path
   * lets through is never over the ceiling. */
  if (!isnan (a->ceiling))
    {
      double c = a->ceiling + CEILING_SLACK;

      quiet_ceiling = (float) c;
      if ((double) quiet_ceiling > c)
        quiet_ceiling = nextafterf (quiet_ceiling, -INFINITY);
    }
  a->n_runs_cur = 0;
  for (guint y = 0; y < n; y++)
    {
      guint64 index;
      float h;
      guint16 id;

      /* Most of a map is land or the one sea: a block of 16 pixels of the
       * same id (0, or one whose first pixel is behind us) with no
       * other id beside it, water biomes exactly where the id is water,
       * the id's surface in WSRF and heights finite and under the
       * ceiling offends nothing and adds no run: its figures at once.
       * Anything else, pixel by pixel below. */
      if (quiet_blocks && (y & 15) == 0 && y + 16 <= n)
        {
          guint16 v = ids[y];
          guint16 expected = a->has_wsrf ? (v == 0 ? 0 : a->expected_surface[v]) : 0;
          guint differ = 0, bad_biome = 0, bad_height = 0, bad_surface = 0;
          gboolean water = v != 0;
          float ceiling = quiet_ceiling;

          for (guint k = 0; k < 16; k++)
            {
              differ |= (guint) (ids[y + k] != v) |
                        (guint) (x > 0 && a->ids_prev[y + k] != 0 && a->ids_prev[y + k] != v);
              bad_biome |= (guint) (a->has_wbid && a->water_biome[biomes[y + k]] != water);
              /* Finite and at most the ceiling; NAN fails both compares. */
              bad_height |= (guint) !(fabsf (heights[y + k]) < INFINITY) | (guint) !(heights[y + k] <= ceiling);
              bad_surface |= (guint) (a->has_wsrf && (surface[y + k] != expected || (v != 0 && expected == 0)));
            }
          if (!(differ | bad_biome | bad_height | bad_surface) &&
              (y == 0 || ids[y - 1] == 0 || ids[y - 1] == v) &&
              (v == 0 || (v == 1 && a->first[v] != UNSEEN)))
            {
              if (v != 0)
                {
                  a->pixels[v] += 16;
                  a->sum_x[v] += (guint64) x * 16;
                  a->sum_y[v] += (guint64) y * 16 + 120;   /* y + (y + 1) + … + (y + 15) */
                }
              y += 15;
              continue;
            }
        }

      index = (guint64) x * n + y;
      h = heights[y];
      id = ids[y];

      if (!isfinite (h))
        {
          t = &a->tally[CHECK_HEIGHT_NONFINITE];
          if (tally_offend (t, index, 1))
            t->detail = g_strdup_printf ("(%u, %u) has height %g", x, y, h);
        }
      else if (!isnan (a->ceiling) && h > a->ceiling + CEILING_SLACK)
        {
          t = &a->tally[CHECK_CURVE_PARAMS];
          if (tally_offend (t, index, 1))
            t->detail = g_strdup_printf ("(%u, %u) has height %.6g raw, above the curve's "
                                         "ceiling %.6g", x, y, h, a->ceiling);
        }

      if (a->has_wbid && (id != 0) != a->water_biome[biomes[y]])
        {
          t = &a->tally[CHECK_WATER_BIOME];
          if (tally_offend (t, index, 1))
            t->detail = id != 0
              ? g_strdup_printf ("(%u, %u) has water id %u but biome %u, not a water biome",
                                 x, y, id, biomes[y])
              : g_strdup_printf ("(%u, %u) has water biome %u but water id 0",
                                 x, y, biomes[y]);
        }

      if (a->has_wsrf)
        {
          guint16 s = surface[y];
          gboolean bad = id == 0 ? s != 0
            : s == 0 || (a->expected_surface[id] != 0 && s != a->expected_surface[id]);

          if (bad)
            {
              t = &a->tally[CHECK_WATER_SURFACE];
              if (tally_offend (t, index, 1))
                {
                  if (id == 0)
                    t->detail = g_strdup_printf ("(%u, %u) has WSRF %u but no water id", x, y, s);
                  else if (s == 0)
                    t->detail = g_strdup_printf ("(%u, %u) has water id %u but WSRF 0", x, y, id);
                  else
                    t->detail = g_strdup_printf ("(%u, %u) has WSRF %u but body %u's level "
                                                 "encodes as %u", x, y, s, id,
                                                 a->expected_surface[id]);
                }
            }
        }

      if (id == 0)
        continue;

      a->pixels[id]++;
      a->sum_x[id] += x;
      a->sum_y[id] += y;
      if (a->first[id] == UNSEEN)
        {
          a->first[id] = index;
          if (id >= 2)
            {
              /* The k-th lake met in scan order must have id k + 2. */
              if (id != a->lakes_seen + 2)
                {
                  a->bad[id] = 1;
                  t = &a->tally[CHECK_WATER_ID_ORDER];
                  if (tally_offend (t, index, 0))
                    t->detail = g_strdup_printf ("lake id %u is lake number %u in scan order "
                                                 "(first pixel (%u, %u)), so its id should "
                                                 "be %u", id, a->lakes_seen + 1, x, y,
                                                 a->lakes_seen + 2);
                }
              a->lakes_seen++;
            }
        }

      /* Neighbours with different nonzero ids are one body labelled twice. */
      if (y > 0 && ids[y - 1] != 0 && ids[y - 1] != id)
        a->touch_cur[y] = a->touch_cur[y - 1] = 1;
      if (x > 0 && a->ids_prev[y] != 0 && a->ids_prev[y] != id)
        a->touch_cur[y] = a->touch_prev[y] = 1;

      if (id >= 2)
        {
          Run *run = a->n_runs_cur > 0 ? &a->runs_cur[a->n_runs_cur - 1] : NULL;

          if (run == NULL || run->id != id || run->y1 + 1 != y)
            {
              run = &a->runs_cur[a->n_runs_cur++];
              run->y0 = y;
              run->id = id;
            }
          run->y1 = y;
          a->run_of_cur[y] = a->n_runs_cur - 1;
        }
    }
}

static void
swap_columns (Audit *a)
{
  gpointer t;

  t = a->ids_prev; a->ids_prev = a->ids_cur; a->ids_cur = t;
  t = a->touch_prev; a->touch_prev = a->touch_cur; a->touch_cur = t;
  t = a->run_of_prev; a->run_of_prev = a->run_of_cur; a->run_of_cur = t;
  t = a->runs_prev; a->runs_prev = a->runs_cur; a->runs_cur = t;
  a->n_runs_prev = a->n_runs_cur;
  a->n_runs_cur = 0;
  memset (a->touch_cur, 0, a->n);
  memset (a->ids_cur, 0, sizeof (guint16) * a->n);
  for (guint y = 0; y < a->n; y++)
    a->run_of_cur[y] = NO_RUN;
}

/* Per field: columns read a buffer at a time (ms_column_window_get ()),
 * not one copying read a column; 1 MiB for the four, as the audit keeps
 * to a few MiB whatever the map's size. */
#define AUDIT_WINDOW_BYTES ((gsize) 256 << 10)

static gboolean
scan_grids (Audit         *a,
            GCancellable  *cancellable,
            GError       **error)
{
  guint n = a->n;
  g_autofree float *heights = NULL;
  g_autofree guint8 *biomes = NULL;
  g_autofree guint16 *surface = g_new0 (guint16, n);
  g_autofree guint8 *windows = g_malloc (4 * AUDIT_WINDOW_BYTES);
  MsColumnWindow hw, bw, ww, sw;

  a->ids_prev = g_new0 (guint16, n);
  a->ids_cur = g_new0 (guint16, n);
  a->touch_prev = g_new0 (guint8, n);
  a->touch_cur = g_new0 (guint8, n);
  a->run_of_prev = g_new (guint32, n);
  a->run_of_cur = g_new (guint32, n);
  for (guint y = 0; y < n; y++)
    a->run_of_prev[y] = a->run_of_cur[y] = NO_RUN;
  /* At most one run per two pixels plus one; nodes hold two columns. */
  a->runs_prev = g_new (Run, n / 2 + 1);
  a->runs_cur = g_new (Run, n / 2 + 1);
  a->labels = g_new (Node, n / 2 + 1);
  a->next_labels = g_new (Node, n / 2 + 1);
  a->nodes = g_new (Node, n + 2);
  a->remap = g_new (guint32, n + 2);
  a->alive = g_new (guint8, n + 2);
  a->closed = g_new (guint8, n + 2);

  ms_column_window_init (&hw, a->bp, MS_GRID_HEIGHTS, windows, AUDIT_WINDOW_BYTES);
  ms_column_window_init (&bw, a->bp, MS_GRID_BIOMES, windows + AUDIT_WINDOW_BYTES, AUDIT_WINDOW_BYTES);
  ms_column_window_init (&ww, a->bp, MS_GRID_WATER_IDS, windows + 2 * AUDIT_WINDOW_BYTES, AUDIT_WINDOW_BYTES);
  ms_column_window_init (&sw, a->bp, MS_GRID_WATER_SURFACE, windows + 3 * AUDIT_WINDOW_BYTES,
                         AUDIT_WINDOW_BYTES);
  for (guint x = 0; x < n; x++)
    {
      const float *h;
      const guint8 *b;
      const guint16 *s = surface;

      if (x % 64 == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      /* In place where the file's bytes are the host's (v2 on a little-
       * endian host), else through the copying accessors. */
      h = (const float *) (gconstpointer) ms_column_window_get (&hw, x, n);
      b = ms_column_window_get (&bw, x, n);
      if (h == NULL)
        {
          if (heights == NULL)
            heights = g_new (float, n);
          ms_blueprint_read_heights (a->bp, x, 0, n, heights);
          h = heights;
        }
      if (b == NULL)
        {
          if (biomes == NULL)
            biomes = g_new (guint8, n);
          ms_blueprint_read_biomes (a->bp, x, 0, n, biomes);
          b = biomes;
        }
      if (a->has_wbid || a->has_wsrf)
        {
          const guint8 *w = a->has_wbid ? ms_column_window_get (&ww, x, n) : NULL;
          const guint8 *f = a->has_wsrf ? ms_column_window_get (&sw, x, n) : NULL;

          /* The ids are kept a column longer (ids_prev): a copy. */
          if ((a->has_wbid && w == NULL) || (a->has_wsrf && f == NULL))
            ms_blueprint_sample_column (a->bp, x, 0, 1, n, NULL, a->ids_cur,
                                        a->has_wsrf ? surface : NULL);
          else
            {
              if (w != NULL)
                memcpy (a->ids_cur, w, sizeof (guint16) * n);
              if (f != NULL)
                s = (const guint16 *) (gconstpointer) f;
            }
        }

      check_column (a, x, h, b, s);
      if (a->has_wbid)
        join_column (a, x);
      swap_columns (a);
    }

  if (a->has_wbid)
    join_column (a, n);  /* an empty column past the edge closes every set */

  return TRUE;
}

static void
check_water_table (Audit *a)
{
  Tally *t = &a->tally[CHECK_WATER_TABLE];
  const MsWaterBody *rows;
  guint n_rows, n_bad = 0;
  guint64 first_bad = UNSEEN, bad_pixels = 0;
  g_autofree guint8 *has_row = g_new0 (guint8, N_IDS);
  g_autofree char *row_problem = NULL;
  g_autofree char *id_problem = NULL;

  if (!a->has_wbid && !ms_blueprint_has_water_table (a->bp))
    return;

  memset (a->bad, 0, N_IDS);
  rows = ms_blueprint_get_water_bodies (a->bp, &n_rows);
  for (guint r = 0; r < n_rows; r++)
    {
      const MsWaterBody *b = &rows[r];
      g_autofree char *why = NULL;

      if (b->id == 0)
        why = g_strdup ("WBTB has a row for id 0, which means no water");
      else if (has_row[b->id])
        why = g_strdup_printf ("WBTB has two rows for id %u", b->id);
      else if (b->id == 1 && b->type != MS_WATER_TYPE_OCEAN)
        why = g_strdup_printf ("id 1 is the ocean but its WBTB type is %u", b->type);
      else if (b->id >= 2 && b->type != MS_WATER_TYPE_LAKE)
        why = g_strdup_printf ("id %u is a lake but its WBTB type is %u", b->id, b->type);
      else if (!isfinite (b->surface_level))
        why = g_strdup_printf ("body %u's surface level is %g", b->id, b->surface_level);
      else if (b->pixel_count < 0 || (guint64) b->pixel_count != a->pixels[b->id])
        why = g_strdup_printf ("WBTB says body %u has %d pixels, WBID has %" G_GUINT64_FORMAT,
                               b->id, b->pixel_count, a->pixels[b->id]);
      else if (a->pixels[b->id] > 0)
        {
          double cx = (double) a->sum_x[b->id] / (double) a->pixels[b->id];
          double cy = (double) a->sum_y[b->id] / (double) a->pixels[b->id];

          if (!(fabs (b->centroid_x - cx) <= CENTROID_TOLERANCE &&
                fabs (b->centroid_y - cy) <= CENTROID_TOLERANCE))
            why = g_strdup_printf ("WBTB puts body %u's centroid at (%g, %g), WBID at (%g, %g)",
                                   b->id, b->centroid_x, b->centroid_y, cx, cy);
        }
      has_row[b->id] = 1;

      if (why == NULL)
        continue;
      if (!a->bad[b->id])
        {
          a->bad[b->id] = 1;
          n_bad++;
          bad_pixels += a->pixels[b->id];
        }
      if (a->first[b->id] < first_bad)
        {
          first_bad = a->first[b->id];
          g_free (id_problem);
          id_problem = g_strdup (why);
        }
      if (row_problem == NULL)
        row_problem = g_steal_pointer (&why);
    }

  for (guint id = 1; id < N_IDS; id++)
    {
      if (a->pixels[id] == 0 || has_row[id])
        continue;
      a->bad[id] = 1;
      n_bad++;
      bad_pixels += a->pixels[id];
      if (a->first[id] < first_bad)
        {
          first_bad = a->first[id];
          g_free (id_problem);
          id_problem = g_strdup_printf ("water id %u has %" G_GUINT64_FORMAT " pixels in WBID "
                                        "but no WBTB row", id, a->pixels[id]);
        }
    }

  if (n_bad == 0)
    return;
  tally_offend (t, first_bad, bad_pixels);
  t->detail = g_strdup_printf ("%u %s (%" G_GUINT64_FORMAT " %s) %s with WBID; first: %s",
                               n_bad, n_bad == 1 ? "body" : "bodies", bad_pixels,
                               bad_pixels == 1 ? "pixel" : "pixels",
                               n_bad == 1 ? "disagrees" : "disagree",
                               id_problem ? id_problem : row_problem);
}

static void
finish_id_order (Audit *a)
{
  Tally *t = &a->tally[CHECK_WATER_ID_ORDER];

  if (!t->tripped)
    return;
  /* The pass marked the out-of-place ids in a->bad; count their pixels. */
  for (guint id = 2; id < N_IDS; id++)
    if (a->bad[id])
      t->count += a->pixels[id];
}

static void
check_points (Audit *a)
{
  const MsTown *towns;
  guint n_towns;
  float n = (float) a->n;
  Tally *t = &a->tally[CHECK_TOWN_BOUNDS];

  towns = ms_blueprint_get_towns (a->bp, &n_towns);
  for (guint i = 0; i < n_towns; i++)
    if (!(towns[i].x >= 0.0f && towns[i].x < n && towns[i].y >= 0.0f && towns[i].y < n))
      if (tally_offend (t, UNSEEN, 1))
        t->detail = g_strdup_printf ("town %u is at (%g, %g)", i, towns[i].x, towns[i].y);

  t = &a->tally[CHECK_ROAD_BOUNDS];
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    for (guint p = 0; p < ms_blueprint_get_n_paths (a->bp, tier); p++)
      {
        guint n_points;
        const MsPoint *pts = ms_blueprint_get_path (a->bp, tier, p, &n_points);

        for (guint k = 0; k < n_points; k++)
          if (!(pts[k].x >= 0.0f && pts[k].x < n && pts[k].y >= 0.0f && pts[k].y < n))
            if (tally_offend (t, UNSEEN, 1))
              t->detail = g_strdup_printf ("%s path %u point %u is at (%g, %g)",
                                           ms_road_tier_to_key (tier), p, k,
                                           pts[k].x, pts[k].y);
      }
}

static void
check_seed_filename (Audit *a)
{
  const MsBlueprintParams *params = ms_blueprint_get_params (a->bp);
  const char *path = ms_mapping_get_path (ms_blueprint_get_mapping (a->bp));
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *digits = NULL;
  g_autofree char *seed = NULL;
  Tally *t = &a->tally[CHECK_SEED_FILENAME];

  /* v1 carries no seed; seed 0 is the re-encoding sentinel. */
  if (params == NULL || path == NULL || params->world_seed == 0)
    return;

  basename = g_path_get_basename (path);
  regex = g_regex_new ("^MapData_Seed_(-?[0-9]+)(_v1)?\\.dat$", G_REGEX_OPTIMIZE, 0, NULL);
  if (!g_regex_match (regex, basename, 0, &match))
    return;
  /* The server builds the name from the seed with "%d": compare the text. */
  digits = g_match_info_fetch (match, 1);
  seed = g_strdup_printf ("%d", params->world_seed);
  if (g_str_equal (digits, seed))
    return;

  tally_offend (t, UNSEEN, 0);
  t->detail = g_strdup_printf ("the file name %s says seed %s but PRMS says WorldSeed %d",
                               basename, digits, params->world_seed);
}

/* The curve rule: TCRV versions 1, 2 and 3 exist; a height offends when it
 * exceeds peakCap (the summit cap, 420 m in v3) — or spikeMax when peakCap
 * is not a positive finite number — by more than CEILING_SLACK.  An unknown
 * version makes the other fields meaningless, so heights are not checked. */
static void
prepare_curve (Audit *a)
{
  const MsTerrainCurve *curve = ms_blueprint_get_curve (a->bp);
  Tally *t = &a->tally[CHECK_CURVE_PARAMS];

  a->ceiling = NAN;
  if (curve == NULL)
    return;

  if (curve->version < 1 || curve->version > 3)
    {
      tally_offend (t, UNSEEN, 0);
      t->detail = g_strdup_printf ("TCRV has curve version %u; only 1, 2 and 3 are known, "
                                   "so its parameters were not checked", curve->version);
      return;
    }

  if (isfinite (curve->peak_cap) && curve->peak_cap > 0.0f)
    a->ceiling = curve->peak_cap;
  else if (isfinite (curve->spike_max) && curve->spike_max > 0.0f)
    a->ceiling = curve->spike_max;
  else
    {
      tally_offend (t, UNSEEN, 0);
      t->detail = g_strdup_printf ("TCRV v%u has neither a positive peakCap (%g) nor a "
                                   "positive spikeMax (%g)", curve->version, curve->peak_cap,
                                   curve->spike_max);
    }
}

static MsAuditFinding *
make_finding (Audit *a,
              guint  check)
{
  Tally *t = &a->tally[check];
  MsAuditFinding *f = g_new0 (MsAuditFinding, 1);
  g_autofree char *count = NULL;

  f->severity = check == CHECK_CURVE_PARAMS ? MS_AUDIT_SEVERITY_WARNING : MS_AUDIT_SEVERITY_ERROR;
  f->check = checks[check];
  f->count = t->count;
  f->has_location = t->first != UNSEEN;
  if (f->has_location)
    index_to_xy (a, t->first, &f->x, &f->y);

  switch (check)
    {
    case CHECK_TOWN_BOUNDS:
      count = g_strdup_printf ("%" G_GUINT64_FORMAT " %s outside [0, %u)", t->count,
                               t->count == 1 ? "town" : "towns", a->n);
      break;
    case CHECK_ROAD_BOUNDS:
      count = g_strdup_printf ("%" G_GUINT64_FORMAT " road %s outside [0, %u)", t->count,
                               t->count == 1 ? "point" : "points", a->n);
      break;
    case CHECK_WATER_TABLE:
      break;  /* the detail has the counts */
    default:
      if (t->count > 0)
        count = g_strdup_printf ("%" G_GUINT64_FORMAT " %s", t->count,
                                 t->count == 1 ? "pixel" : "pixels");
      break;
    }

  f->message = count ? g_strdup_printf ("%s; first: %s", count, t->detail)
                     : g_strdup (t->detail);
  return f;
}

/**
 * ms_blueprint_audit:
 *
 * Checks @blueprint against the invariants of docs/BLUEPRINT_FORMAT.md that its
 * reader does not enforce.  Water checks need WBID (and WSRF, WBTB for theirs).
 *
 * Returns: (transfer full) (element-type MsAuditFinding): the findings, at
 * most one per check, in ms_audit_get_checks() order; empty when the file
 * passes.  %NULL with @error set when cancelled.
 */
GPtrArray *
ms_blueprint_audit (MsBlueprint   *bp,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr(GPtrArray) findings = NULL;
  MsProfile *profile;
  Audit a = { 0, };
  gboolean ok;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  profile = ms_blueprint_get_profile (bp);
  a.bp = bp;
  a.n = ms_blueprint_get_map_size (bp);
  a.has_wbid = ms_blueprint_has_water (bp);
  a.has_wsrf = ms_blueprint_has_water_surface (bp);
  for (guint b = 0; b < 256; b++)
    a.water_biome[b] = b < ms_profile_get_count (profile, MS_PROFILE_BIOMES) &&
                       ms_profile_is_water_biome (profile, b);
  for (guint c = 0; c < N_CHECKS; c++)
    a.tally[c].first = UNSEEN;

  a.pixels = g_new0 (guint64, N_IDS);
  a.first = g_new (guint64, N_IDS);
  for (guint id = 0; id < N_IDS; id++)
    a.first[id] = UNSEEN;
  a.sum_x = g_new0 (guint64, N_IDS);
  a.sum_y = g_new0 (guint64, N_IDS);
  a.bad = g_new0 (guint8, N_IDS);
  a.expected_surface = g_new0 (guint16, N_IDS);
  {
    guint n_rows;
    const MsWaterBody *rows = ms_blueprint_get_water_bodies (bp, &n_rows);

    /* A duplicated row is the table check's business; the first one wins. */
    for (guint r = n_rows; r-- > 0;)
      if (rows[r].id != 0 && isfinite (rows[r].surface_level))
        a.expected_surface[rows[r].id] = ms_water_level_encode (rows[r].surface_level);
  }

  prepare_curve (&a);

  ok = scan_grids (&a, cancellable, error);
  if (ok)
    {
      finish_id_order (&a);
      check_water_table (&a);
      check_points (&a);
      check_seed_filename (&a);

      findings = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_audit_finding_free);
      for (guint c = 0; c < N_CHECKS; c++)
        if (a.tally[c].tripped)
          g_ptr_array_add (findings, make_finding (&a, c));
    }

  audit_clear (&a);
  return g_steal_pointer (&findings);
}

gboolean
ms_blueprint_audit_counts (const char    *path,
                           MsProfile     *profile,
                           guint         *errors,
                           guint         *warnings,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GPtrArray) findings = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  bp = ms_blueprint_new_for_path_full (path, profile, NULL, NULL, cancellable, error);
  if (bp == NULL)
    return FALSE;
  findings = ms_blueprint_audit (bp, cancellable, error);
  if (findings == NULL)
    return FALSE;
  *errors = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR);
  *warnings = ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_WARNING);
  return TRUE;
}

gboolean
ms_audit_finding_marks_pixel (MsBlueprint          *bp,
                              const MsAuditFinding *finding,
                              guint                 x,
                              guint                 y)
{
  const char *check = finding->check;
  guint16 id;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), FALSE);

  if (x >= ms_blueprint_get_map_size (bp) || y >= ms_blueprint_get_map_size (bp))
    return FALSE;

  if (g_str_equal (check, MS_AUDIT_HEIGHT_NONFINITE))
    return !isfinite (ms_blueprint_get_height (bp, x, y));

  if (!ms_blueprint_has_water (bp))
    return FALSE;
  id = ms_blueprint_get_water_id (bp, x, y);

  if (g_str_equal (check, MS_AUDIT_WATER_BIOME_MISMATCH))
    return ms_profile_is_water_biome (ms_blueprint_get_profile (bp), ms_blueprint_get_biome (bp, x, y)) !=
           (id != 0);

  if (g_str_equal (check, MS_AUDIT_WATER_SURFACE_MISMATCH))
    {
      guint16 surface = ms_blueprint_get_water_surface (bp, x, y);
      const MsWaterBody *bodies;
      guint n_bodies;

      if (!ms_blueprint_has_water_surface (bp))
        return FALSE;
      if ((surface != 0) != (id != 0))
        return TRUE;
      if (id == 0)
        return FALSE;
      bodies = ms_blueprint_get_water_bodies (bp, &n_bodies);
      for (guint i = 0; i < n_bodies; i++)
        if (bodies[i].id == id)
          return surface != ms_water_level_encode (bodies[i].surface_level);
      return FALSE;
    }

  if (g_str_equal (check, MS_AUDIT_WATER_TABLE_MISMATCH) ||
      g_str_equal (check, MS_AUDIT_WATER_ID_ORDER) ||
      g_str_equal (check, MS_AUDIT_WATER_CONNECTIVITY))
    {
      guint16 body;

      if (!finding->has_location)
        return FALSE;
      body = ms_blueprint_get_water_id (bp, finding->x, finding->y);
      return body != 0 && id == body;
    }

  return FALSE;
}
