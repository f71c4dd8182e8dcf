/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The level-of-detail pyramid of a zone, an MsTilePyramid.  A level-0 tile
 * reads its cells from the zone's layers, one zone tile a cell; a tile above
 * is made from the four tiles under it, each own cell from the 2 × 2 cells
 * under it, with reductions that are associative so that the result is, bit
 * for bit, what ms_zone_cell_reduce () gives for the whole block (the CPU
 * image's reduction, so GL and CPU agree cell for cell):
 *
 *   altitude, spawn, slope, plant-allowed: the integer sums (and counts,
 *     from the block's clipped size) added, the mean taken from them;
 *   control, blocking: OR of the flags;
 *   plant: the first live plant in row-major order, i.e. the one with the
 *     smallest zone index among the four;
 *   ground: the ground type of the block's centre tile, read from the zone
 *     (one tile a cell: the centre of a block is no child's centre);
 *   the apron: heights read from the zone (they are the neighbours' cells,
 *     not under this tile's children), 4 · 258 cells of k² tiles at most.
 *
 * So no tile above level 0 reduces the zone under it.  A zone changes: the
 * pyramid follows its "changed" signal, patches the cached level-0 tiles
 * where a small edit fell, then each cached ancestor from the patched
 * tiles below (a brush dab makes one tile a level), and drops what a large
 * edit covers, to be made again on request.  Parallelism comes from the
 * views asking for several tiles at once, never from inside one tile.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <math.h>

#include "ms-zone-pyramid.h"

struct _MsZonePyramid
{
  MsTilePyramid     parent_instance;

  MsZone           *zone;     /* the base's source */
  MsZoneCellFields  fields;
};

enum
{
  SIGNAL_TILES_INVALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsZonePyramid, ms_zone_pyramid, MS_TYPE_TILE_PYRAMID)

#define NO_PLANT G_MAXUINT32

static void
tile_clear (gpointer data)
{
  MsZoneTile *tile = data;

  g_free (tile->cells);
  g_free (tile->sums);
}

gsize
ms_zone_tile_get_bytes (const MsZoneTile *tile)
{
  return sizeof *tile + (gsize) tile->grid_width * tile->grid_height * sizeof (MsZoneCell) +
         (gsize) tile->width * tile->height * sizeof (MsZoneCellSums);
}

MS_TILE_PYRAMID_DEFINE_TYPED (MsZonePyramid, ms_zone_pyramid, MsZoneTile, ms_zone_tile, tile_clear)

/* ------------------------------------------------------------- cells -- */

/* The tile's geometry and zeroed arrays. */
static MsZoneTile *
tile_new (MsZonePyramid   *self,
          const MsTileKey *key)
{
  MsZoneTile *tile = g_atomic_rc_box_new0 (MsZoneTile);
  guint64 span = (guint64) MS_TILE_SIZE << key->level;

  tile->key = *key;
  tile->k = 1u << key->level;
  tile->fields = self->fields;
  ms_tile_pyramid_get_tile_size (MS_TILE_PYRAMID (self), key, &tile->width, &tile->height);
  tile->x0 = (gint64) (key->tx * span) - tile->k;
  tile->y0 = (gint64) (key->ty * span) - tile->k;
  tile->grid_width = tile->width + 2;
  tile->grid_height = tile->height + 2;
  tile->cells = g_new0 (MsZoneCell, (gsize) tile->grid_width * tile->grid_height);
  tile->sums = g_new0 (MsZoneCellSums, (gsize) tile->width * tile->height);
  return tile;
}

/* The zone tiles [*x0, *x1) × [*y0, *y1) of grid cell (gx, gy), clipped to
 * the zone; FALSE when none are left (an apron beyond the edge). */
static gboolean
cell_block (MsZonePyramid    *self,
            const MsZoneTile *t,
            guint             gx,
            guint             gy,
            guint            *x0,
            guint            *y0,
            guint            *x1,
            guint            *y1)
{
  gint64 zw = ms_zone_get_width (self->zone), zh = ms_zone_get_height (self->zone);
  gint64 a = MAX (t->x0 + (gint64) gx * t->k, 0), b = MAX (t->y0 + (gint64) gy * t->k, 0);
  gint64 c = MIN (t->x0 + (gint64) (gx + 1) * t->k, zw), d = MIN (t->y0 + (gint64) (gy + 1) * t->k, zh);

  if (a >= c || b >= d)
    return FALSE;
  *x0 = (guint) a;
  *y0 = (guint) b;
  *x1 = (guint) c;
  *y1 = (guint) d;
  return TRUE;
}

/* The means of an own cell from its sums over the w × h tiles of its block:
 * the expressions of ms_zone_cell_reduce (), so the same floats. */
static void
finish_cell (MsZoneCellFields      fields,
             const MsZoneCellSums *s,
             guint                 w,
             guint                 h,
             MsZoneCell           *cell)
{
  float n = (float) w * (float) h;

  cell->height = (fields & MS_ZONE_CELL_HEIGHT)
                   ? (float) ((double) s->altitude / ((double) w * h) / MS_ZONE_ALTITUDE_PER_UNIT)
                   : NAN;
  if (fields & MS_ZONE_CELL_SPAWN)
    cell->spawn = (float) s->spawn / n;
  if (fields & MS_ZONE_CELL_SLOPE)
    cell->slope = (float) s->slope / n;
  if (fields & MS_ZONE_CELL_PLANT_ALLOWED)
    cell->allowed = (float) s->allowed / n;
}

/* Level 0: own cell (x, y) is zone tile (X, Y). */
static void
base_cell (MsZonePyramid *self,
           MsZoneTile    *t,
           guint          x,
           guint          y)
{
  MsZoneCellFields f = t->fields;
  MsZoneCell *cell = &t->cells[(gsize) (y + 1) * t->grid_width + x + 1];
  MsZoneCellSums *s = &t->sums[(gsize) y * t->width + x];
  guint X = (guint) (t->x0 + 1) + x, Y = (guint) (t->y0 + 1) + y;

  if (f & MS_ZONE_CELL_HEIGHT)
    s->altitude = ms_zone_get_altitude (self->zone, X, Y);
  if (f & MS_ZONE_CELL_SPAWN)
    s->spawn = ms_zone_get_spawn (self->zone, X, Y);
  if (f & MS_ZONE_CELL_SLOPE)
    s->slope = ms_zone_get_slope (self->zone, X, Y);
  if (f & MS_ZONE_CELL_PLANT_ALLOWED)
    s->allowed = ms_zone_is_plant_allowed (self->zone, X, Y) ? 1 : 0;
  if (f & MS_ZONE_CELL_CONTROL)
    cell->control = ms_zone_get_control (self->zone, X, Y);
  if (f & MS_ZONE_CELL_BLOCKING)
    cell->blocking = ms_zone_get_blocking_flags (self->zone, X, Y);
  s->plant_at = NO_PLANT;
  if (f & MS_ZONE_CELL_PLANT)
    {
      guint8 p[MS_ZONE_PLANT_INFO_SIZE];

      ms_zone_get_plant (self->zone, X, Y, p);
      cell->plant = p[MS_ZONE_PLANT_TYPE];
      cell->ground = p[MS_ZONE_PLANT_GROUND_TYPE];
      if (cell->plant != 0)
        s->plant_at = Y * ms_zone_get_width (self->zone) + X;
    }
  finish_cell (f, s, 1, 1, cell);
}

/* Level ≥ 1: own cell (x, y) from the 2 × 2 own cells under it, in the one
 * child that holds them (children[2 · j + i] is tile (2 · tx + i,
 * 2 · ty + j) of the level below).  FALSE when that child is missing. */
static gboolean
child_cell (MsZonePyramid *self,
            MsZoneTile    *t,
            guint          x,
            guint          y,
            gpointer       children[4])
{
  const MsZoneTile *child = children[(x >= MS_TILE_SIZE / 2) + 2 * (y >= MS_TILE_SIZE / 2)];
  MsZoneCell *cell = &t->cells[(gsize) (y + 1) * t->grid_width + x + 1];
  MsZoneCellSums *s = &t->sums[(gsize) y * t->width + x];
  guint cx = (2 * x) % MS_TILE_SIZE, cy = (2 * y) % MS_TILE_SIZE;
  guint x0, y0, x1, y1;
  guint control = 0, blocking = 0;

  if (child == NULL)
    return FALSE;

  *s = (MsZoneCellSums) { 0, 0, 0, 0, NO_PLANT };
  cell->plant = 0;
  for (guint j = 0; j < 2 && cy + j < child->height; j++)
    for (guint i = 0; i < 2 && cx + i < child->width; i++)
      {
        const MsZoneCellSums *cs = &child->sums[(gsize) (cy + j) * child->width + cx + i];
        const MsZoneCell *cc = &child->cells[(gsize) (cy + j + 1) * child->grid_width + cx + i + 1];

        s->altitude += cs->altitude;
        s->spawn += cs->spawn;
        s->slope += cs->slope;
        s->allowed += cs->allowed;
        control |= cc->control;
        blocking |= cc->blocking;
        if (cs->plant_at < s->plant_at)
          {
            s->plant_at = cs->plant_at;
            cell->plant = cc->plant;
          }
      }

  if (t->fields & MS_ZONE_CELL_CONTROL)
    cell->control = (guint16) control;
  if (t->fields & MS_ZONE_CELL_BLOCKING)
    cell->blocking = (guint8) blocking;
  cell_block (self, t, x + 1, y + 1, &x0, &y0, &x1, &y1);
  if (t->fields & MS_ZONE_CELL_PLANT)
    {
      guint8 p[MS_ZONE_PLANT_INFO_SIZE];

      ms_zone_get_plant (self->zone, x0 + (x1 - x0) / 2, y0 + (y1 - y0) / 2, p);
      cell->ground = p[MS_ZONE_PLANT_GROUND_TYPE];
    }
  finish_cell (t->fields, s, x1 - x0, y1 - y0, cell);
  return TRUE;
}

/* Grid cell (gx, gy) of @t: an apron cell carries only the height its
 * neighbours shade with, reduced from the zone; an own cell comes from the
 * zone at level 0 and from @children above.  FALSE when a child is
 * missing. */
static gboolean
make_cell (MsZonePyramid *self,
           MsZoneTile    *t,
           guint          gx,
           guint          gy,
           gpointer       children[4])
{
  guint x0, y0, x1, y1;

  if (gx > 0 && gy > 0 && gx < t->grid_width - 1 && gy < t->grid_height - 1)
    {
      if (t->key.level > 0)
        return child_cell (self, t, gx - 1, gy - 1, children);
      base_cell (self, t, gx - 1, gy - 1);
      return TRUE;
    }

  t->cells[(gsize) gy * t->grid_width + gx].height = NAN;
  if ((t->fields & MS_ZONE_CELL_HEIGHT) && cell_block (self, t, gx, gy, &x0, &y0, &x1, &y1))
    ms_zone_cell_reduce (self->zone, MS_ZONE_CELL_HEIGHT, x0, y0, x1, y1,
                         &t->cells[(gsize) gy * t->grid_width + gx]);
  return TRUE;
}

/* Tile job->key: level 0 from the zone, above from job->children. */
static gpointer
make_tile (MsTilePyramid    *pyramid,
           const MsTileJob  *job,
           GError          **error)
{
  MsZoneTile *tile = tile_new (MS_ZONE_PYRAMID (pyramid), &job->key);

  for (guint gy = 0; gy < tile->grid_height; gy++)
    {
      if (g_cancellable_set_error_if_cancelled (job->cancellable, error))
        {
          ms_zone_tile_unref (tile);
          return NULL;
        }
      for (guint gx = 0; gx < tile->grid_width; gx++)
        make_cell (MS_ZONE_PYRAMID (pyramid), tile, gx, gy, (gpointer *) job->children);
    }
  return tile;
}

/* ----------------------------------------------------------- changes -- */

/* The tiles at one level whose cells [c0, c1] (inclusive) are their own
 * cells, or with @apron also their apron cells. */
static void
tile_range (guint     c0,
            guint     c1,
            gboolean  apron,
            guint     n_tiles,
            guint    *t0,
            guint    *t1)
{
  if (apron)
    {
      c0 = c0 > 0 ? c0 - 1 : 0;
      c1 = c1 + 1;
    }
  *t0 = c0 / MS_TILE_SIZE;
  *t1 = MIN (c1 / MS_TILE_SIZE, n_tiles - 1);
}

/* The grid cells of @t, [*c0, *c1] along one axis, whose zone tiles meet
 * [z0, z1); FALSE when none do. */
static gboolean
cell_range (gint64  origin,
            guint   k,
            guint   n_cells,
            gint64  z0,
            gint64  z1,
            guint  *c0,
            guint  *c1)
{
  gint64 a = (z0 - origin) / (gint64) k, b = (z1 - 1 - origin) / (gint64) k;

  if (z1 - 1 < origin || b < 0 || a >= (gint64) n_cells)
    return FALSE;
  *c0 = (guint) MAX (a, 0);
  *c1 = (guint) MIN (b, (gint64) n_cells - 1);
  return TRUE;
}

/* Zone tiles an edit may make one tile re-read before it is dropped and
 * made again on a worker: a brush dab is patched into the cached tiles,
 * a fill of half the zone is not. */
#define PATCH_BUDGET_TILES (64 * 64 * 16)

/* A copy of @old with the cells over the changed zone tiles [x0, x1) ×
 * [y0, y1) made again — own cells above level 0 from the cached tiles
 * below, already patched by this change — or NULL when that is not much
 * cheaper than making the tile anew, or a tile below is not cached.  Runs
 * on the editing thread inside the change. */
static MsZoneTile *
patch_tile (MsZonePyramid    *self,
            const MsZoneTile *old,
            gint64            x0,
            gint64            y0,
            gint64            x1,
            gint64            y1)
{
  MsTilePyramid *pyramid = MS_TILE_PYRAMID (self);
  gpointer children[4] = { NULL, NULL, NULL, NULL };
  MsZoneTile *tile;
  guint gx0, gx1, gy0, gy1;
  guint64 n_cells, n_grid = (guint64) old->grid_width * old->grid_height, n_read = 0;
  guint used = 0;  /* the children read, as bits */

  if (!cell_range (old->x0, old->k, old->grid_width, x0, x1, &gx0, &gx1) ||
      !cell_range (old->y0, old->k, old->grid_height, y0, y1, &gy0, &gy1))
    return NULL;
  n_cells = (guint64) (gx1 - gx0 + 1) * (gy1 - gy0 + 1);
  if (n_cells * 4 > n_grid)
    return NULL;
  /* What is read from the zone: every cell at level 0, the apron above. */
  for (guint gy = gy0; gy <= gy1; gy++)
    for (guint gx = gx0; gx <= gx1; gx++)
      if (old->key.level == 0 || gx == 0 || gy == 0 || gx == old->grid_width - 1 || gy == old->grid_height - 1)
        n_read += (guint64) old->k * old->k;
  if (n_read > PATCH_BUDGET_TILES)
    return NULL;

  if (old->key.level > 0)
    for (guint c = 0; c < 4; c++)
      {
        MsTileKey child = { old->key.level - 1, 2 * old->key.tx + (c & 1), 2 * old->key.ty + (c >> 1) };

        children[c] = ms_tile_pyramid_peek_locked (pyramid, &child);
      }

  tile = (g_atomic_rc_box_dup) (sizeof *old, old);  /* not the macro: it keeps const */
  tile->cells = g_memdup2 (old->cells, n_grid * sizeof (MsZoneCell));
  tile->sums = g_memdup2 (old->sums, (gsize) old->width * old->height * sizeof (MsZoneCellSums));
  for (guint gy = gy0; gy <= gy1; gy++)
    for (guint gx = gx0; gx <= gx1; gx++)
      {
        if (!make_cell (self, tile, gx, gy, children))
          {
            ms_zone_tile_unref (tile);
            return NULL;
          }
        if (gx > 0 && gy > 0 && gx < old->grid_width - 1 && gy < old->grid_height - 1)
          used |= 1u << ((gx - 1 >= MS_TILE_SIZE / 2) + 2 * (gy - 1 >= MS_TILE_SIZE / 2));
      }
  if (old->key.level > 0)
    ms_tile_pyramid_note_read_locked (pyramid, old->key.level,
                                      (used & 1) + (used >> 1 & 1) + (used >> 2 & 1) + (used >> 3 & 1));
  return tile;
}

static void
on_zone_changed (MsZone        *zone,
                 guint          layer,
                 guint          x,
                 guint          y,
                 guint          width,
                 guint          height,
                 MsZonePyramid *self)
{
  MsTilePyramid *pyramid = MS_TILE_PYRAMID (self);
  g_autoptr(GArray) keys = NULL;
  MsZoneCellFields fields = ms_zone_cell_fields_of_layer ((MsZoneLayer) layer) & self->fields;
  guint x1 = x + width, y1 = y + height;
  /* A tile's slope reads the tiles to its right and below. */
  guint sx0 = (fields & MS_ZONE_CELL_SLOPE) && x > 0 ? x - 1 : x;
  guint sy0 = (fields & MS_ZONE_CELL_SLOPE) && y > 0 ? y - 1 : y;
  guint64 serial;

  if (fields == 0 || width == 0 || height == 0)
    return;

  keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));

  /* From level 0 up, so a tile is patched from tiles below already patched. */
  serial = ms_tile_pyramid_begin_change (pyramid);
  for (guint level = 0; level <= ms_tile_pyramid_get_top_level (pyramid); level++)
    {
      guint nx, ny, tx0, ty0, tx1, ty1;

      ms_tile_pyramid_get_tile_grid (pyramid, level, &nx, &ny);
      tile_range (sx0 >> level, (x1 - 1) >> level, FALSE, nx, &tx0, &tx1);
      tile_range (sy0 >> level, (y1 - 1) >> level, FALSE, ny, &ty0, &ty1);
      if (fields & MS_ZONE_CELL_HEIGHT)
        {
          guint ax0, ay0, ax1, ay1;

          /* Neighbours shade with these heights through their apron. */
          tile_range (x >> level, (x1 - 1) >> level, TRUE, nx, &ax0, &ax1);
          tile_range (y >> level, (y1 - 1) >> level, TRUE, ny, &ay0, &ay1);
          tx0 = MIN (tx0, ax0);
          ty0 = MIN (ty0, ay0);
          tx1 = MAX (tx1, ax1);
          ty1 = MAX (ty1, ay1);
        }

      for (guint ty = ty0; ty <= ty1; ty++)
        for (guint tx = tx0; tx <= tx1; tx++)
          {
            MsTileKey key = { level, tx, ty };
            g_autoptr(MsZoneTile) old = ms_tile_pyramid_take_locked (pyramid, &key);
            MsZoneTile *patched = old != NULL ? patch_tile (self, old, sx0, sy0, x1, y1) : NULL;

            /* A cached tile is patched where the edit fell, so the view
             * gets it back at once; else it is made again on request. */
            ms_tile_pyramid_touch_locked (pyramid, &key);
            if (patched != NULL)
              {
                patched->serial = serial;
                ms_tile_pyramid_put_locked (pyramid, &key, patched);
              }
            g_array_append_val (keys, key);
          }
    }
  ms_tile_pyramid_end_change (pyramid);

  g_signal_emit (self, signals[SIGNAL_TILES_INVALIDATED], 0, keys);
}

/* ------------------------------------------------------------ object -- */

static void
tile_set_serial (gpointer tile,
                 guint64  serial)
{
  ((MsZoneTile *) tile)->serial = serial;
}

static void
ms_zone_pyramid_init (MsZonePyramid *self)
{
}

static void
ms_zone_pyramid_class_init (MsZonePyramidClass *klass)
{
  MsTilePyramidClass *pyramid_class = MS_TILE_PYRAMID_CLASS (klass);

  /**
   * MsZonePyramid::tiles-invalidated:
   * @keys: (element-type MsTileKey): every tile, at every level, whose
   *   contents an edit changed, whether the pyramid had it cached or not
   *
   * Emitted on the thread that edited the zone, after the cached tiles are
   * patched or gone, so a handler that asks for them gets new ones.
   */
  signals[SIGNAL_TILES_INVALIDATED] =
    g_signal_new ("tiles-invalidated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);

  ms_zone_pyramid_class_set_tile_funcs (pyramid_class);
  pyramid_class->tile_set_serial = tile_set_serial;
  /* No make_direct: every level comes from the one below. */
  pyramid_class->make_base = make_tile;
  pyramid_class->make_from_children = make_tile;
}

MsZonePyramid *
ms_zone_pyramid_new (MsZone *zone,
                     gsize   budget_bytes)
{
  MsZonePyramid *self;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  self = g_object_new (MS_TYPE_ZONE_PYRAMID, NULL);
  self->zone = zone;
  ms_tile_pyramid_set_source (MS_TILE_PYRAMID (self), G_OBJECT (zone));
  self->fields = ms_zone_cell_fields_for_zone (zone);
  ms_tile_pyramid_set_extent (MS_TILE_PYRAMID (self), ms_zone_get_width (zone),
                              ms_zone_get_height (zone), budget_bytes);

  g_signal_connect_object (zone, "changed", G_CALLBACK (on_zone_changed), self, 0);
  return self;
}

MsZone *
ms_zone_pyramid_get_zone (MsZonePyramid *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), NULL);
  return self->zone;
}

MsZoneCellFields
ms_zone_pyramid_get_fields (MsZonePyramid *self)
{
  g_return_val_if_fail (MS_IS_ZONE_PYRAMID (self), 0);
  return self->fields;
}

gboolean
ms_zone_pyramid_is_current (MsZonePyramid    *self,
                            const MsZoneTile *tile)
{
  g_return_val_if_fail (tile != NULL, FALSE);
  return ms_tile_pyramid_is_current (MS_TILE_PYRAMID (self), &tile->key, tile->serial);
}
