/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Regions of a zone as sorted row spans: what an edit operation walks.  Every
 * shape tests tile centres (x + 0.5, y + 0.5), so a region drawn in map
 * coordinates selects the tiles a user sees under it.
 */
#define G_LOG_DOMAIN "ms-zone-region"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-zone-region.h"
#include "ms-zone-private.h"

struct _MsZoneRegion
{
  gatomicrefcount  ref_count;
  GArray          *spans;   /* MsZoneSpan */
};

G_DEFINE_QUARK (ms-zone-region-error-quark, ms_zone_region_error)

static MsZoneRegion *
region_new (void)
{
  MsZoneRegion *self = g_new0 (MsZoneRegion, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->spans = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  return self;
}

static void
region_add (MsZoneRegion *self,
            guint         y,
            guint         x0,
            guint         x1)
{
  MsZoneSpan span = { y, x0, x1 };

  if (x1 > x0)
    g_array_append_val (self->spans, span);
}

static int
compare_spans (gconstpointer a,
               gconstpointer b)
{
  const MsZoneSpan *sa = a, *sb = b;

  if (sa->y != sb->y)
    return sa->y < sb->y ? -1 : 1;
  if (sa->x0 != sb->x0)
    return sa->x0 < sb->x0 ? -1 : 1;
  return 0;
}

/* Sort and merge overlapping or touching spans, so each tile is in at most
 * one span and an operation visits it once. */
static MsZoneRegion *
region_finish (MsZoneRegion *self)
{
  MsZoneSpan *s;
  guint n = 0;

  g_array_sort (self->spans, compare_spans);
  s = (MsZoneSpan *) (void *) self->spans->data;
  for (guint i = 0; i < self->spans->len; i++)
    {
      if (n > 0 && s[n - 1].y == s[i].y && s[i].x0 <= s[n - 1].x1)
        s[n - 1].x1 = MAX (s[n - 1].x1, s[i].x1);
      else
        s[n++] = s[i];
    }
  g_array_set_size (self->spans, n);
  return self;
}

MsZoneRegion *
ms_zone_region_ref (MsZoneRegion *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
ms_zone_region_unref (MsZoneRegion *self)
{
  g_return_if_fail (self != NULL);
  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_array_unref (self->spans);
      g_free (self);
    }
}

const MsZoneSpan *
ms_zone_region_get_spans (MsZoneRegion *self,
                          guint        *n_spans)
{
  g_return_val_if_fail (self != NULL, NULL);
  *n_spans = self->spans->len;
  return (const MsZoneSpan *) (const void *) self->spans->data;
}

guint64
ms_zone_region_count_tiles (MsZoneRegion *self)
{
  guint64 n = 0;

  g_return_val_if_fail (self != NULL, 0);
  for (guint i = 0; i < self->spans->len; i++)
    {
      const MsZoneSpan *s = &g_array_index (self->spans, MsZoneSpan, i);
      n += s->x1 - s->x0;
    }
  return n;
}

gboolean
ms_zone_region_contains (MsZoneRegion *self,
                         guint         x,
                         guint         y)
{
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, FALSE);

  hi = self->spans->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const MsZoneSpan *s = &g_array_index (self->spans, MsZoneSpan, mid);

      if (s->y < y || (s->y == y && s->x1 <= x))
        lo = mid + 1;
      else if (s->y > y || x < s->x0)
        hi = mid;
      else
        return TRUE;
    }
  return FALSE;
}

gboolean
ms_zone_region_get_bounds (MsZoneRegion *self,
                           guint        *x0,
                           guint        *y0,
                           guint        *x1,
                           guint        *y1)
{
  guint n;
  const MsZoneSpan *s;

  g_return_val_if_fail (self != NULL, FALSE);

  s = ms_zone_region_get_spans (self, &n);
  if (n == 0)
    return FALSE;
  *x0 = G_MAXUINT;
  *x1 = 0;
  for (guint i = 0; i < n; i++)
    {
      *x0 = MIN (*x0, s[i].x0);
      *x1 = MAX (*x1, s[i].x1);
    }
  *y0 = s[0].y;
  *y1 = s[n - 1].y + 1;
  return TRUE;
}

/**
 * ms_zone_region_new_rect:
 *
 * Tiles x <= tx < x + width, y <= ty < y + height (row-major tiles), clipped
 * to the zone.
 */
MsZoneRegion *
ms_zone_region_new_rect (guint  zone_width,
                         guint  zone_height,
                         gint64 x,
                         gint64 y,
                         gint64 width,
                         gint64 height)
{
  MsZoneRegion *self = region_new ();
  gint64 x0 = CLAMP (x, 0, (gint64) zone_width);
  gint64 y0 = CLAMP (y, 0, (gint64) zone_height);
  gint64 x1 = width > 0 ? CLAMP (x + width, 0, (gint64) zone_width) : x0;
  gint64 y1 = height > 0 ? CLAMP (y + height, 0, (gint64) zone_height) : y0;

  for (gint64 ty = y0; ty < y1; ty++)
    region_add (self, (guint) ty, (guint) x0, (guint) x1);
  return region_finish (self);
}

MsZoneRegion *
ms_zone_region_new_from_spans (guint             zone_width,
                               guint             zone_height,
                               const MsZoneSpan *spans,
                               guint             n_spans)
{
  MsZoneRegion *self = region_new ();

  g_return_val_if_fail (spans != NULL || n_spans == 0, self);

  for (guint i = 0; i < n_spans; i++)
    if (spans[i].y < zone_height)
      region_add (self, spans[i].y, MIN (spans[i].x0, zone_width), MIN (spans[i].x1, zone_width));
  return region_finish (self);
}

/* The first tile x whose centre x + 0.5 is at or after v, clipped to 0..limit. */
static guint
first_centre_at_or_after (double v,
                          guint  limit)
{
  gint64 x;

  if (isnan (v) || v <= 0.5)
    return 0;
  if (v > limit + 0.5)
    return limit;
  x = (gint64) ceil (v - 0.5);
  while (x > 0 && (double) (x - 1) + 0.5 >= v)
    x--;
  while ((double) x + 0.5 < v)
    x++;
  return (guint) MIN (x, (gint64) limit);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double da = *(const double *) a, db = *(const double *) b;

  return da < db ? -1 : da > db ? 1 : 0;
}

MsZoneRegion *
ms_zone_region_new_polygon (guint          zone_width,
                            guint          zone_height,
                            const double  *xy,
                            guint          n_points,
                            GError       **error)
{
  g_autoptr(MsZoneRegion) self = NULL;
  g_autofree double *xs = NULL;
  double ymin = G_MAXDOUBLE, ymax = -G_MAXDOUBLE;
  gint64 row0, row1;

  if (n_points < 3)
    {
      g_set_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID,
                   "A polygon needs at least 3 points, got %u", n_points);
      return NULL;
    }
  for (guint i = 0; i < n_points; i++)
    {
      if (!isfinite (xy[2 * i]) || !isfinite (xy[2 * i + 1]))
        {
          g_set_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID,
                       "Polygon point %u is not a finite number", i + 1);
          return NULL;
        }
      ymin = MIN (ymin, xy[2 * i + 1]);
      ymax = MAX (ymax, xy[2 * i + 1]);
    }

  self = region_new ();
  xs = g_new (double, n_points);
  row0 = (gint64) CLAMP (floor (ymin - 0.5), 0.0, (double) zone_height);
  row1 = (gint64) CLAMP (ceil (ymax), 0.0, (double) zone_height);
  for (gint64 y = row0; y < row1; y++)
    {
      double py = (double) y + 0.5;
      guint n = 0;

      /* Even-odd crossings of the row through the tile centres; an edge
       * counts when its ends lie on either side (one end "above" meaning
       * y > py), which gives each vertex to exactly one edge. */
      for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
        {
          double xi = xy[2 * i], yi = xy[2 * i + 1];
          double xj = xy[2 * j], yj = xy[2 * j + 1];

          if ((yi > py) != (yj > py))
            xs[n++] = (xj - xi) * (py - yi) / (yj - yi) + xi;
        }
      qsort (xs, n, sizeof (double), compare_doubles);
      for (guint k = 0; k + 1 < n; k += 2)
        region_add (self, (guint) y,
                    first_centre_at_or_after (xs[k], zone_width),
                    first_centre_at_or_after (xs[k + 1], zone_width));
    }
  return region_finish (g_steal_pointer (&self));
}

/* Is p within the brush swept along a..b? */
static gboolean
in_swept_brush (MsZoneBrushShape shape,
                double px, double py,
                double ax, double ay,
                double bx, double by,
                double r)
{
  double dx = bx - ax, dy = by - ay;

  if (shape == MS_ZONE_BRUSH_ROUND)
    {
      double len2 = dx * dx + dy * dy;
      double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
      double qx, qy;

      t = CLAMP (t, 0.0, 1.0);
      qx = ax + t * dx - px;
      qy = ay + t * dy - py;
      return qx * qx + qy * qy <= r * r;
    }
  else
    {
      /* The t in 0..1 for which each axis is within r; the tile is in when
       * the two intervals meet. */
      double lo = 0, hi = 1;
      double p[2] = { px, py }, a[2] = { ax, ay }, d[2] = { dx, dy };

      for (guint k = 0; k < 2; k++)
        {
          if (d[k] == 0)
            {
              if (fabs (p[k] - a[k]) > r)
                return FALSE;
            }
          else
            {
              double t0 = (p[k] - a[k] - r) / d[k];
              double t1 = (p[k] - a[k] + r) / d[k];
              lo = MAX (lo, MIN (t0, t1));
              hi = MIN (hi, MAX (t0, t1));
            }
        }
      return lo <= hi;
    }
}

/**
 * ms_zone_region_new_stroke:
 * @xy: n_points >= 1 (x, y) brush centres in tile units
 *
 * The tiles whose centre the brush covers when dragged along @xy: within
 * @radius of the polyline (ROUND), or within @radius on both axes of some
 * point of it (SQUARE).  A single point is a stamp.
 */
MsZoneRegion *
ms_zone_region_new_stroke (guint             zone_width,
                           guint             zone_height,
                           MsZoneBrushShape  shape,
                           const double     *xy,
                           guint             n_points,
                           double            radius)
{
  MsZoneRegion *self = region_new ();

  g_return_val_if_fail (n_points >= 1, region_finish (self));

  if (!isfinite (radius) || radius < 0)
    radius = 0;

  /* Segments i..i+1; a single point is a segment of length 0. */
  for (guint i = 0; i < MAX (n_points - 1, 1); i++)
    {
      guint j = MIN (i + 1, n_points - 1);
      double ax = xy[2 * i], ay = xy[2 * i + 1];
      double bx = xy[2 * j], by = xy[2 * j + 1];
      gint64 x0, x1, y0, y1;

      if (!isfinite (ax) || !isfinite (ay) || !isfinite (bx) || !isfinite (by))
        continue;
      x0 = (gint64) CLAMP (floor (MIN (ax, bx) - radius - 1), 0.0, (double) zone_width);
      x1 = (gint64) CLAMP (ceil (MAX (ax, bx) + radius + 1), 0.0, (double) zone_width);
      y0 = (gint64) CLAMP (floor (MIN (ay, by) - radius - 1), 0.0, (double) zone_height);
      y1 = (gint64) CLAMP (ceil (MAX (ay, by) + radius + 1), 0.0, (double) zone_height);
      for (gint64 y = y0; y < y1; y++)
        {
          gint64 run = -1;

          for (gint64 x = x0; x <= x1; x++)
            {
              gboolean in = x < x1 && in_swept_brush (shape, x + 0.5, y + 0.5,
                                                      ax, ay, bx, by, radius);
              if (in && run < 0)
                run = x;
              else if (!in && run >= 0)
                {
                  region_add (self, (guint) y, (guint) run, (guint) x);
                  run = -1;
                }
            }
        }
    }
  return region_finish (self);
}

MsZoneRegion *
ms_zone_region_new_stamp (guint            zone_width,
                          guint            zone_height,
                          MsZoneBrushShape shape,
                          double           cx,
                          double           cy,
                          double           radius)
{
  double xy[2] = { cx, cy };

  return ms_zone_region_new_stroke (zone_width, zone_height, shape, xy, 1, radius);
}

/**
 * ms_zone_region_new_flood:
 *
 * The 4-connected tiles reachable from (x, y) (row-major) over tiles whose
 * control value equals that of (x, y); a zone without a control layer reads
 * as all zeros, so the fill covers it.
 */
MsZoneRegion *
ms_zone_region_new_flood (MsZone  *zone,
                          guint    x,
                          guint    y,
                          GError **error)
{
  g_autoptr(MsZoneRegion) self = NULL;
  g_autoptr(GArray) stack = NULL;
  g_autofree guint32 *seen = NULL;
  guint width, height;
  guint16 seed;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  width = ms_zone_get_width (zone);
  height = ms_zone_get_height (zone);
  if (x >= width || y >= height)
    {
      g_set_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID,
                   "Fill seed (%u, %u) is outside the %u×%u zone", x, y, width, height);
      return NULL;
    }

  self = region_new ();
  seen = g_new0 (guint32, ((gsize) width * height + 31) / 32);
  stack = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  seed = ms_zone_get_control (zone, x, y);

#define SEEN(tx, ty) (seen[((gsize) (ty) * width + (tx)) / 32] & (1u << (((gsize) (ty) * width + (tx)) % 32)))
#define MARK(tx, ty) (seen[((gsize) (ty) * width + (tx)) / 32] |= (1u << (((gsize) (ty) * width + (tx)) % 32)))
#define MATCH(tx, ty) (!SEEN (tx, ty) && ms_zone_get_control (zone, tx, ty) == seed)

  {
    guint p[2] = { x, y };
    g_array_append_val (stack, p);
  }
  /* Scanline fill: take a run on one row, then seed the runs above and below. */
  while (stack->len > 0)
    {
      guint *p = &g_array_index (stack, guint, (stack->len - 1) * 2);
      guint px = p[0], py = p[1], x0, x1;

      g_array_set_size (stack, stack->len - 1);
      if (!MATCH (px, py))
        continue;
      x0 = px;
      while (x0 > 0 && MATCH (x0 - 1, py))
        x0--;
      x1 = px + 1;
      while (x1 < width && MATCH (x1, py))
        x1++;
      for (guint tx = x0; tx < x1; tx++)
        MARK (tx, py);
      region_add (self, py, x0, x1);

      for (int dy = -1; dy <= 1; dy += 2)
        {
          gint64 ny = (gint64) py + dy;
          gboolean in_run = FALSE;

          if (ny < 0 || ny >= height)
            continue;
          for (guint tx = x0; tx < x1; tx++)
            {
              gboolean m = MATCH (tx, (guint) ny);
              if (m && !in_run)
                {
                  guint q[2] = { tx, (guint) ny };
                  g_array_append_val (stack, q);
                }
              in_run = m;
            }
        }
    }
#undef MATCH
#undef MARK
#undef SEEN

  return region_finish (g_steal_pointer (&self));
}

static gboolean
compare (gint64        a,
         MsZoneCompare cmp,
         gint64        b)
{
  switch (cmp)
    {
    case MS_ZONE_CMP_LT: return a < b;
    case MS_ZONE_CMP_LE: return a <= b;
    case MS_ZONE_CMP_GT: return a > b;
    case MS_ZONE_CMP_GE: return a >= b;
    case MS_ZONE_CMP_EQ: return a == b;
    case MS_ZONE_CMP_NE: return a != b;
    default: g_assert_not_reached ();
    }
}

/**
 * ms_zone_region_new_rule:
 *
 * Every tile where the value of @kind compares with @value by @cmp, e.g.
 * SLOPE GT 40.  Fails with MS_ZONE_ERROR_NO_LAYER when the layer the rule
 * reads is absent.
 */
MsZoneRegion *
ms_zone_region_new_rule (MsZone         *zone,
                         MsZoneRuleKind  kind,
                         MsZoneCompare   cmp,
                         gint64          value,
                         GError        **error)
{
  g_autoptr(MsZoneRegion) self = NULL;
  MsZoneLayer needs;
  guint width, height;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (cmp <= MS_ZONE_CMP_NE, NULL);

  switch (kind)
    {
    case MS_ZONE_RULE_ALTITUDE:
    case MS_ZONE_RULE_HEIGHT:
    case MS_ZONE_RULE_SLOPE:
      needs = MS_ZONE_LAYER_ALTITUDE;
      break;
    case MS_ZONE_RULE_SPAWN:
    case MS_ZONE_RULE_GROUND:
    case MS_ZONE_RULE_PLANT:
      needs = MS_ZONE_LAYER_PLANTS;
      break;
    case MS_ZONE_RULE_CONTROL:
    case MS_ZONE_RULE_FLAG:
      needs = MS_ZONE_LAYER_CONTROL;
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  if (!ms_zone_has_layer (zone, needs))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                   "Zone %u has no %s layer for the rule to read",
                   ms_zone_get_id (zone), ms_zone_layer_get_name (needs));
      return NULL;
    }

  self = region_new ();
  width = ms_zone_get_width (zone);
  height = ms_zone_get_height (zone);
  for (guint y = 0; y < height; y++)
    {
      gint64 run = -1;

      for (guint x = 0; x <= width; x++)
        {
          gboolean in = FALSE;

          if (x < width)
            {
              gint64 v = 0;
              guint8 plant[MS_ZONE_PLANT_INFO_SIZE];

              switch (kind)
                {
                case MS_ZONE_RULE_ALTITUDE: v = ms_zone_get_altitude (zone, x, y); break;
                case MS_ZONE_RULE_HEIGHT: v = ms_zone_get_height_at (zone, x, y); break;
                case MS_ZONE_RULE_SLOPE: v = ms_zone_get_slope (zone, x, y); break;
                case MS_ZONE_RULE_CONTROL: v = ms_zone_get_control (zone, x, y); break;
                case MS_ZONE_RULE_FLAG: v = ms_zone_get_control (zone, x, y) & value; break;
                case MS_ZONE_RULE_SPAWN:
                case MS_ZONE_RULE_GROUND:
                case MS_ZONE_RULE_PLANT:
                  ms_zone_get_plant (zone, x, y, plant);
                  v = plant[kind == MS_ZONE_RULE_SPAWN ? MS_ZONE_PLANT_SPAWN :
                            kind == MS_ZONE_RULE_GROUND ? MS_ZONE_PLANT_GROUND_TYPE :
                            MS_ZONE_PLANT_TYPE];
                  break;
                default:
                  g_assert_not_reached ();
                }
              in = compare (v, cmp, value);
            }
          if (in && run < 0)
            run = x;
          else if (!in && run >= 0)
            {
              region_add (self, y, (guint) run, x);
              run = -1;
            }
        }
    }
  return region_finish (g_steal_pointer (&self));
}
