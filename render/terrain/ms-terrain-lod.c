/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-lod"

#include "config.h"

#include <math.h>

#include "ms-terrain-lod.h"

guint
ms_terrain_lod_count (guint map_width,
                      guint map_height)
{
  guint extent = MAX (MAX (map_width, map_height), 1);
  guint n = 1;

  while ((guint64) MS_TERRAIN_MESH << (n - 1) < extent && n < MS_TERRAIN_MAX_LODS)
    n++;
  return n;
}

void
ms_terrain_lod_ranges (const MsTerrainLodParams *params,
                       double                    ranges[MS_TERRAIN_MAX_LODS])
{
  for (guint l = 0; l < MS_TERRAIN_MAX_LODS; l++)
    ranges[l] = ldexp (params->lod0_range, (int) l);
}

typedef struct
{
  const MsTerrainLodParams *params;
  const double             *eye;
  const MsTerrainFrustum   *frustum;
  double                    ranges[MS_TERRAIN_MAX_LODS];
  GArray                   *nodes;
} Selection;

typedef struct
{
  guint  x, y, size, lod;
  double min[3], max[3];
} Box;

static void
box_init (const Selection *s,
          Box             *box,
          guint            x,
          guint            y,
          guint            lod)
{
  box->x = x;
  box->y = y;
  box->lod = lod;
  box->size = MS_TERRAIN_MESH << lod;
  s->params->bounds (x, y, box->size, &box->min[1], &box->max[1], s->params->bounds_data);
  box->min[0] = x;
  box->min[2] = y;
  box->max[0] = MIN ((double) x + box->size, (double) s->params->map_width);
  box->max[2] = MIN ((double) y + box->size, (double) s->params->map_height);
}

static gboolean
box_within (const Box    *box,
            const double  eye[3],
            double        range)
{
  double d2 = 0.0;

  for (guint i = 0; i < 3; i++)
    {
      double v = eye[i] < box->min[i] ? box->min[i] - eye[i]
                 : eye[i] > box->max[i] ? eye[i] - box->max[i] : 0.0;
      d2 += v * v;
    }
  return d2 <= range * range;
}

static void
add (Selection *s,
     const Box *box,
     guint      lod,
     gboolean   quarter)
{
  double prev = lod == 0 ? 0.0 : s->ranges[lod - 1];
  MsTerrainNode node = {
    .lod = lod, .x = box->x, .y = box->y, .size = box->size, .quarter = quarter,
    .min_y = box->min[1], .max_y = box->max[1],
    .morph_end = s->ranges[lod],
    .morph_start = prev + (s->ranges[lod] - prev) * s->params->morph_ratio,
  };

  g_array_append_val (s->nodes, node);
}

/* Strugar's LODSelect: TRUE when the node's area is handled (drawn or
 * culled), FALSE when it lies beyond its own range and the parent must
 * draw it. */
static gboolean
select_node (Selection *s,
             const Box *box,
             gboolean   root)
{
  Box children[4];
  gboolean handled[4] = { FALSE, FALSE, FALSE, FALSE };
  guint half;

  if (s->frustum != NULL && !ms_terrain_frustum_box_visible (s->frustum, box->min, box->max))
    return TRUE;
  if (!root && !box_within (box, s->eye, s->ranges[box->lod]))
    return FALSE;
  if (box->lod == 0 || !box_within (box, s->eye, s->ranges[box->lod - 1]))
    {
      add (s, box, box->lod, FALSE);
      return TRUE;
    }

  half = box->size / 2;
  for (guint j = 0; j < 2; j++)
    for (guint i = 0; i < 2; i++)
      {
        guint cx = box->x + i * half, cy = box->y + j * half;

        /* Children wholly beyond the map's edge have nothing to draw. */
        if (cx >= s->params->map_width || cy >= s->params->map_height)
          {
            handled[j * 2 + i] = TRUE;
            continue;
          }
        box_init (s, &children[j * 2 + i], cx, cy, box->lod - 1);
        handled[j * 2 + i] = select_node (s, &children[j * 2 + i], FALSE);
      }

  /* The parent draws, at its own density, the quarters its children could
   * not: those beyond the finer range. */
  for (guint q = 0; q < 4; q++)
    if (!handled[q])
      {
        Box quarter = children[q];
        quarter.size = half;
        add (s, &quarter, box->lod, TRUE);
      }
  return TRUE;
}

GArray *
ms_terrain_lod_select (const MsTerrainLodParams *params,
                       const double              eye[3],
                       const MsTerrainFrustum   *frustum)
{
  Selection s = { params, eye, frustum, { 0 }, g_array_new (FALSE, FALSE, sizeof (MsTerrainNode)) };
  guint n = ms_terrain_lod_count (params->map_width, params->map_height);
  Box root;

  g_return_val_if_fail (params->bounds != NULL, s.nodes);

  ms_terrain_lod_ranges (params, s.ranges);
  box_init (&s, &root, 0, 0, n - 1);
  select_node (&s, &root, TRUE);
  return s.nodes;
}

double
ms_terrain_node_morph (const MsTerrainNode *node,
                       double               distance)
{
  double k = (distance - node->morph_start) / MAX (node->morph_end - node->morph_start, 1e-9);

  return CLAMP (k, 0.0, 1.0);
}
