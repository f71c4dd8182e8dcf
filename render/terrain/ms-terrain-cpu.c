/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-terrain-cpu"

#include "config.h"

#include <math.h>

#include "ms-colour.h"
#include "ms-contours.h"
#include "ms-terrain-cpu.h"

typedef struct
{
  double sx, sy, inv_w;   /* screen position, 1 / clip w */
  double mx, my;          /* map point */
  double h;               /* height, the heights' unit */
  gboolean ok;
} Vertex;

typedef struct
{
  guint32             *pixels;
  float               *depth;   /* 1 / w: larger is nearer */
  float               *heights; /* each pixel's surface height, NaN for the sky; NULL: not wanted */
  int                  stride;  /* in pixels */
  guint                width, height;
  const MsTerrainTile *tile;
} Raster;

gboolean
ms_terrain_fetch_sync (MsTerrainSource       *source,
                       const MsTerrainCamera *camera,
                       double                 exaggeration,
                       guint                  height,
                       double                 pixels_per_quad,
                       GCancellable          *cancellable,
                       GError               **error)
{
  MsTileKey top = { ms_terrain_source_get_top_level (source), 0, 0 };
  g_autoptr(MsTerrainTile) top_tile = ms_terrain_source_get_tile (source, &top, cancellable, error);

  if (top_tile == NULL)
    return FALSE;
  /* Bounds come from the tiles, and tiles are chosen by the bounds: two
   * rounds settle it (the second finds the finer tiles' own nodes). */
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr(GArray) nodes = ms_terrain_source_select (source, camera, exaggeration, height,
                                                          pixels_per_quad);

      for (guint i = 0; i < nodes->len; i++)
        {
          MsTileKey key;
          g_autoptr(MsTerrainTile) tile = NULL;

          ms_terrain_source_node_key (source, &g_array_index (nodes, MsTerrainNode, i), &key);
          tile = ms_terrain_source_get_tile (source, &key, cancellable, error);
          if (tile == NULL)
            return FALSE;
          g_clear_pointer (&tile, ms_terrain_tile_unref);
          ms_terrain_source_node_colour_key (source, &g_array_index (nodes, MsTerrainNode, i), &key);
          tile = ms_terrain_source_get_tile (source, &key, cancellable, error);
          if (tile == NULL)
            return FALSE;
        }
    }
  return TRUE;
}

static guint32
colour_at (const MsTerrainTile *tile,
           double               mx,
           double               my)
{
  double k = ldexp (1.0, (int) tile->key.level);
  int cx = (int) floor (mx / k) - (int) (tile->key.tx * MS_TILE_SIZE);
  int cy = (int) floor (my / k) - (int) (tile->key.ty * MS_TILE_SIZE);

  cx = CLAMP (cx, 0, (int) tile->width - 1);
  cy = CLAMP (cy, 0, (int) tile->height - 1);
  return tile->colours[(gsize) cy * tile->width + cx];
}

static inline double
edge (const Vertex *a,
      const Vertex *b,
      double        px,
      double        py)
{
  return (b->sx - a->sx) * (py - a->sy) - (b->sy - a->sy) * (px - a->sx);
}

static void
triangle (Raster       *r,
          const Vertex *a,
          const Vertex *b,
          const Vertex *c)
{
  double area = edge (a, b, c->sx, c->sy);
  int x0, x1, y0, y1;

  /* A triangle crossing the near plane is left out, not clipped. */
  if (!a->ok || !b->ok || !c->ok || fabs (area) < 1e-12)
    return;
  x0 = MAX (0, (int) floor (MIN (a->sx, MIN (b->sx, c->sx))));
  x1 = MIN ((int) r->width - 1, (int) ceil (MAX (a->sx, MAX (b->sx, c->sx))));
  y0 = MAX (0, (int) floor (MIN (a->sy, MIN (b->sy, c->sy))));
  y1 = MIN ((int) r->height - 1, (int) ceil (MAX (a->sy, MAX (b->sy, c->sy))));

  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        double px = x + 0.5, py = y + 0.5;
        double wa = edge (b, c, px, py) / area;
        double wb = edge (c, a, px, py) / area;
        double wc = edge (a, b, px, py) / area;
        double inv_w, mx, my;
        gsize o;

        /* Both windings: the mesh is seen from above and below. */
        if (wa < 0 || wb < 0 || wc < 0)
          continue;
        inv_w = wa * a->inv_w + wb * b->inv_w + wc * c->inv_w;
        o = (gsize) y * r->width + x;
        if (inv_w <= r->depth[o])
          continue;
        r->depth[o] = (float) inv_w;
        mx = (wa * a->mx * a->inv_w + wb * b->mx * b->inv_w + wc * c->mx * c->inv_w) / inv_w;
        my = (wa * a->my * a->inv_w + wb * b->my * b->inv_w + wc * c->my * c->inv_w) / inv_w;
        r->pixels[(gsize) y * r->stride + x] = colour_at (r->tile, mx, my);
        if (r->heights != NULL)
          r->heights[o] = (float) ((wa * a->h * a->inv_w + wb * b->h * b->inv_w + wc * c->h * c->inv_w) / inv_w);
      }
}

/* The band's change towards the next pixel across, or from the one
 * before at the edge; NaN when neither shows the surface. */
static inline float
band_step (const float *bands,
           gsize        o,
           gsize        step,
           gboolean     has_next,
           gboolean     has_previous)
{
  float d = has_next ? bands[o + step] - bands[o] : NAN;

  if (!isfinite (d) && has_previous)
    d = bands[o] - bands[o - step];
  return d;
}

/* The contour lines over the finished picture, as terrain.frag draws them:
 * fwidth () is the band's change to the neighbouring pixels. */
static void
draw_contours (Raster                  *r,
               const MsTerrainContours *contours)
{
  float opacity = CLAMP (contours->opacity, 0.0f, 1.0f);
  MsRgb line = { MS_CONTOUR_RED, MS_CONTOUR_GREEN, MS_CONTOUR_BLUE };

  for (gsize o = 0; o < (gsize) r->width * r->height; o++)
    r->heights[o] = (r->heights[o] - contours->offset) / contours->interval;
  for (guint y = 0; y < r->height; y++)
    for (guint x = 0; x < r->width; x++)
      {
        gsize o = (gsize) y * r->width + x;
        float dx = band_step (r->heights, o, 1, x + 1 < r->width, x > 0);
        float dy = band_step (r->heights, o, r->width, y + 1 < r->height, y > 0);
        float a;
        guint32 *p;

        if (!isfinite (r->heights[o]))
          continue;
        a = ms_terrain_contour_alpha (r->heights[o], fabsf (isfinite (dx) ? dx : 0.0f) +
                                                     fabsf (isfinite (dy) ? dy : 0.0f), opacity);
        if (a <= 0.0f)
          continue;
        p = &r->pixels[(gsize) y * r->stride + x];
        *p = ms_colour_to_argb32 (ms_colour_mix (ms_colour_from_bytes ((*p >> 16) & 0xff, (*p >> 8) & 0xff,
                                                                       *p & 0xff), line, a));
      }
}

cairo_surface_t *
ms_terrain_render_cpu (MsTerrainSource       *source,
                       const MsTerrainCamera *camera,
                       double                 exaggeration,
                       guint                  width,
                       guint                  height,
                       double                 pixels_per_quad,
                       GCancellable          *cancellable,
                       GError               **error)
{
  g_autoptr(GArray) nodes = NULL;
  cairo_surface_t *surface;
  g_autofree float *depth = NULL;
  g_autofree float *heights = NULL;
  MsTerrainContours contours;
  double m[16];
  double scale;
  guint map_w, map_h;
  Raster r;

  g_return_val_if_fail (MS_IS_TERRAIN_SOURCE (source), NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  if (!ms_terrain_fetch_sync (source, camera, exaggeration, height, pixels_per_quad,
                              cancellable, error))
    return NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
  cairo_surface_flush (surface);
  depth = g_new0 (float, (gsize) width * height);
  r = (Raster) {
    .pixels = (guint32 *) (gpointer) cairo_image_surface_get_data (surface),
    .depth = depth,
    .stride = cairo_image_surface_get_stride (surface) / 4,
    .width = width, .height = height,
  };
  ms_terrain_source_get_contours (source, &contours);
  if (contours.interval > 0.0f && contours.opacity > 0.0f)
    {
      r.heights = heights = g_new (float, (gsize) width * height);
      for (gsize o = 0; o < (gsize) width * height; o++)
        heights[o] = NAN;
    }
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      r.pixels[(gsize) y * r.stride + x] = MS_TERRAIN_SKY_ARGB;

  ms_terrain_source_get_extent (source, &map_w, &map_h);
  scale = exaggeration / ms_terrain_source_get_metres_per_pixel (source);
  ms_terrain_camera_view_projection (camera, m);
  nodes = ms_terrain_source_select (source, camera, exaggeration, height, pixels_per_quad);

  for (guint i = 0; i < nodes->len; i++)
    {
      const MsTerrainNode *node = &g_array_index (nodes, MsTerrainNode, i);
      g_autoptr(MsTerrainTile) tile = NULL;
      g_autoptr(MsTerrainTile) colours = NULL;
      guint step = 1u << node->lod, n = node->size / step;
      g_autofree Vertex *v = g_new (Vertex, (gsize) (n + 1) * (n + 1));
      MsTileKey key;

      ms_terrain_source_node_key (source, node, &key);
      tile = ms_terrain_source_lookup_cover (source, key.level, node->x, node->y);
      ms_terrain_source_node_colour_key (source, node, &key);
      colours = ms_terrain_source_lookup_cover (source, key.level, node->x, node->y);
      if (tile == NULL || colours == NULL)
        continue;
      r.tile = colours;

      for (guint j = 0; j <= n; j++)
        for (guint i2 = 0; i2 <= n; i2++)
          {
            Vertex *p = &v[(gsize) j * (n + 1) + i2];
            /* The mesh stops at the map's edge: vertices beyond fold onto it. */
            double mx = MIN ((double) node->x + i2 * step, (double) map_w);
            double my = MIN ((double) node->y + j * step, (double) map_h);
            double wy = ms_terrain_tile_sample (tile, mx, my) * scale;
            double clip[4];

            for (guint c = 0; c < 4; c++)
              clip[c] = m[c] * mx + m[4 + c] * wy + m[8 + c] * my + m[12 + c];
            p->mx = mx;
            p->my = my;
            p->h = wy / scale;
            p->ok = clip[3] > camera->near_clip * 0.5;
            p->inv_w = p->ok ? 1.0 / clip[3] : 0.0;
            p->sx = p->ok ? (clip[0] * p->inv_w + 1.0) * 0.5 * width : 0.0;
            p->sy = p->ok ? (1.0 - clip[1] * p->inv_w) * 0.5 * height : 0.0;
          }
      for (guint j = 0; j < n; j++)
        for (guint i2 = 0; i2 < n; i2++)
          {
            const Vertex *a = &v[(gsize) j * (n + 1) + i2], *b = a + 1;
            const Vertex *c = a + (n + 1), *d = c + 1;

            triangle (&r, a, b, d);
            triangle (&r, a, d, c);
          }
    }
  if (r.heights != NULL)
    draw_contours (&r, &contours);
  cairo_surface_mark_dirty (surface);
  return surface;
}
