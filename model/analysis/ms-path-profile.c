/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Profiles along a path: one sampler over a height source (MsPathSource),
 * and the two sources, a blueprint's (heights, water, roads, towns) and a
 * zone's (altitude >> 5, water level, the server's slope check).  The
 * rules are in ms-path-profile.h.
 */
#define G_LOG_DOMAIN "ms-path-profile"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ms-measure.h"
#include "ms-path-profile.h"

G_DEFINE_QUARK (ms-path-profile-error-quark, ms_path_profile_error)

static const char * const crosses_names[MS_PATH_N_CROSSES] = {
  "water", "road:highway", "road:branch", "road:rugged", "road:trail", "town", "slope-fail",
};

const char *
ms_path_crosses_to_string (MsPathCrosses one)
{
  for (guint i = 0; i < MS_PATH_N_CROSSES; i++)
    if (one == (1u << i))
      return crosses_names[i];
  g_return_val_if_reached (NULL);
}

char *
ms_path_crosses_join (guint       crosses,
                      const char *separator)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (separator != NULL, NULL);

  for (guint bit = 0; bit < MS_PATH_N_CROSSES; bit++)
    if (crosses & (1u << bit))
      {
        if (text->len > 0)
          g_string_append (text, separator);
        g_string_append (text, crosses_names[bit]);
      }
  return g_string_free (text, FALSE);
}

static void
append_number (GString *row,
               double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* A NaN height (and its slope) is an empty cell, as stats writes null. */
  if (isfinite (value))
    g_string_append (row, g_ascii_formatd (buffer, sizeof buffer, "%.10g", value));
}

GBytes *
ms_path_profile_to_csv (const MsPathProfile *profile)
{
  GString *out;

  g_return_val_if_fail (profile != NULL, NULL);

  out = g_string_sized_new (64 * (gsize) (profile->n_samples + 1));
  g_string_append (out, MS_PATH_PROFILE_CSV_HEADER "\n");
  for (guint i = 0; i < profile->n_samples; i++)
    {
      const MsPathSample *s = &profile->samples[i];
      const double values[] = { s->distance_m, s->x, s->y, s->height, s->height_m,
                                s->slope_pct, s->slope_deg };
      g_autofree char *crosses = ms_path_crosses_join (s->crosses, ";");

      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          append_number (out, values[k]);
          g_string_append_c (out, ',');
        }
      g_string_append (out, crosses);
      g_string_append_c (out, '\n');
    }
  return g_string_free_to_bytes (out);
}

double *
ms_path_profile_parse_points (const char  *text,
                              guint       *n_points,
                              GError     **error)
{
  g_auto(GStrv) words = NULL;
  g_autofree double *points = NULL;
  guint n;

  g_return_val_if_fail (text != NULL && n_points != NULL, NULL);

  words = g_strsplit (text, ",", -1);
  n = g_strv_length (words);
  points = g_new (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const char *word = g_strstrip (words[i]);
      char *end = NULL;

      points[i] = g_ascii_strtod (word, &end);
      if (*word == '\0' || end == NULL || *end != '\0' || !isfinite (points[i]))
        {
          g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH,
                       "the path's number %u, “%s”, is not a finite number", i + 1, word);
          return NULL;
        }
    }
  if (n % 2 != 0)
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH,
                   "the path has %u numbers, an odd count: it wants X,Y pairs", n);
      return NULL;
    }
  if (n < 4)
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH,
                   "the path has %u point%s: it needs at least two", n / 2, n == 2 ? "" : "s");
      return NULL;
    }
  *n_points = n / 2;
  return g_steal_pointer (&points);
}

static guint
clamp_index (double v,
             guint  size)
{
  return v <= 0 ? 0 : v >= size - 1 ? size - 1 : (guint) v;
}

/* The pixel whose centre is nearest: ⌊v + 0.5⌋, clamped. */
static guint
nearest_index (double v,
               guint  size)
{
  return clamp_index (floor (v + 0.5), size);
}

static double
bilinear (const MsPathSource *source,
          double              x,
          double              y)
{
  double fx = floor (x), fy = floor (y);
  double tx = x - fx, ty = y - fy;
  guint x0 = clamp_index (fx, source->width), x1 = clamp_index (fx + 1, source->width);
  guint y0 = clamp_index (fy, source->height), y1 = clamp_index (fy + 1, source->height);
  double h00 = source->height_at (source->data, x0, y0);
  double h10 = source->height_at (source->data, x1, y0);
  double h01 = source->height_at (source->data, x0, y1);
  double h11 = source->height_at (source->data, x1, y1);

  return (h00 * (1 - tx) + h10 * tx) * (1 - ty) + (h01 * (1 - tx) + h11 * tx) * ty;
}

/* Closer than this to the segment's end, a sample is the end: no interval
 * is shorter, so no slope divides by a rounding error.  A segment no
 * longer than this adds no sample, as a repeated point. */
#define NEAR_END 1e-6

/* Samples on a segment of length @length before its end: k · step for
 * k · step < length - NEAR_END (so 10 px at step 1 gives 0 … 9 and then
 * the end, not a tenth sample a rounding error short of it). */
static double
samples_before_end (double length,
                    double step)
{
  return MAX (1.0, ceil ((length - NEAR_END) / step));
}

MsPathProfile *
ms_path_profile_sample (const MsPathSource  *source,
                        const double        *points,
                        guint                n_points,
                        double               step,
                        GError             **error)
{
  g_autoptr(MsPathProfile) profile = NULL;
  double total = 0, length = 0;
  guint n = 0;

  g_return_val_if_fail (source != NULL && source->height_at != NULL, NULL);
  g_return_val_if_fail (source->width > 0 && source->height > 0, NULL);
  g_return_val_if_fail (points != NULL || n_points == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(step > 0) || !isfinite (step))
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_STEP,
                   "the step must be a positive number of pixels, not %g", step);
      return NULL;
    }
  if (n_points < 2)
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH,
                   "the path has %u point%s: it needs at least two", n_points, n_points == 1 ? "" : "s");
      return NULL;
    }
  for (guint i = 0; i < n_points; i++)
    {
      double x = points[2 * i], y = points[2 * i + 1];

      if (!(x >= -0.5 && x < source->width - 0.5 && y >= -0.5 && y < source->height - 0.5))
        {
          g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH,
                       "point %u (%g, %g) is off the %u × %u map (x and y from -0.5 to below "
                       "size - 0.5: the pixels round their centres)",
                       i + 1, x, y, source->width, source->height);
          return NULL;
        }
    }

  /* Count first: a tiny step on a long path is refused before it allocates. */
  for (guint i = 1; i < n_points; i++)
    {
      double l = hypot (points[2 * i] - points[2 * i - 2], points[2 * i + 1] - points[2 * i - 1]);

      if (l > NEAR_END)
        total += samples_before_end (l, step);
    }
  if (total == 0)
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_PATH,
                   "the path has no length: all its points are the same (within %g px)", NEAR_END);
      return NULL;
    }
  if (total + 1 > MS_PATH_PROFILE_MAX_SAMPLES)
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_BAD_STEP,
                   "a step of %g pixels gives %.0f samples on this path, more than %u",
                   step, total + 1, MS_PATH_PROFILE_MAX_SAMPLES);
      return NULL;
    }

  profile = g_new0 (MsPathProfile, 1);
  profile->metres_per_pixel = source->metres_per_pixel;
  profile->samples = g_new0 (MsPathSample, (gsize) total + 1);

  for (guint i = 1; i < n_points; i++)
    {
      double ax = points[2 * i - 2], ay = points[2 * i - 1];
      double dx = points[2 * i] - ax, dy = points[2 * i + 1] - ay;
      double l = hypot (dx, dy);
      guint count;

      length += l;
      if (l <= NEAR_END)
        continue;
      count = (guint) samples_before_end (l, step);
      for (guint k = 0; k < count; k++)
        {
          double t = k * step / l;
          MsPathSample *s = &profile->samples[n++];

          s->x = ax + dx * t;
          s->y = ay + dy * t;
          s->distance_m = (length - l + k * step) * source->metres_per_pixel;
        }
    }
  /* The last point exactly, not the last segment's start plus its length. */
  profile->samples[n].x = points[2 * n_points - 2];
  profile->samples[n].y = points[2 * n_points - 1];
  profile->samples[n].distance_m = length * source->metres_per_pixel;
  profile->n_samples = ++n;
  profile->length_m = length * source->metres_per_pixel;

  for (guint i = 0; i < n; i++)
    {
      MsPathSample *s = &profile->samples[i];
      const MsPathSample *prev = i > 0 ? &profile->samples[i - 1] : s;

      s->height = bilinear (source, s->x, s->y);
      s->height_m = s->height * source->metres_per_unit;
      if (source->crosses != NULL)
        s->crosses = source->crosses (source->data, prev->x, prev->y, s->x, s->y);
      if (i > 0)
        {
          double rise = s->height_m - prev->height_m;

          s->slope_pct = rise / (s->distance_m - prev->distance_m) * 100.0;
          if (rise > 0)
            profile->ascent_m += rise;
          else if (rise < 0)
            profile->descent_m -= rise;
        }
    }
  profile->samples[0].slope_pct = profile->samples[1].slope_pct;
  for (guint i = 0; i < n; i++)
    profile->samples[i].slope_deg = atan (profile->samples[i].slope_pct / 100.0) * (180.0 / G_PI);

  return g_steal_pointer (&profile);
}

void
ms_path_profile_free (MsPathProfile *profile)
{
  if (profile == NULL)
    return;
  g_free (profile->samples);
  g_free (profile);
}

/* ------------------------------------------------------------ blueprints -- */

/* Road segments bucketed by CELL × CELL squares of the map, so that each
 * sample's interval meets only the few segments near it: an 8192² map's
 * roads have some 10⁵ segments, a profile across it 10⁴ samples. */
#define CELL 16

typedef struct
{
  float  cx, cy, dx, dy;
  guint  tier;
} RoadSegment;

typedef struct
{
  MsBlueprint *bp;
  MsProfile   *profile;
  guint        size;
  gboolean     has_water;
  GHashTable  *towns;     /* nearest pixel index + 1 */
  GArray      *segments;  /* RoadSegment */
  GHashTable  *cells;     /* cell key -> GArray of guint, indices into segments */
} BlueprintSource;

static double
blueprint_height_at (gpointer data,
                     guint    x,
                     guint    y)
{
  BlueprintSource *b = data;

  return ms_blueprint_get_height (b->bp, x, y);
}

static gint
cell_of (double v)
{
  return (gint) floor (v / CELL);
}

static gpointer
cell_key (gint cx,
          gint cy)
{
  /* Cells from -1 (the half pixel left of 0) to 32768 / 16: 16 bits each. */
  return GUINT_TO_POINTER ((guint) (cx + 1) << 16 | (guint) (cy + 1));
}

static void
add_segment (BlueprintSource *b,
             const MsPoint   *c,
             const MsPoint   *d,
             guint            tier,
             const double     box[4])
{
  double x0 = MIN (c->x, d->x), x1 = MAX (c->x, d->x);
  double y0 = MIN (c->y, d->y), y1 = MAX (c->y, d->y);
  RoadSegment seg = { c->x, c->y, d->x, d->y, tier };
  guint index = b->segments->len;

  if (!isfinite (x0 + x1 + y0 + y1) || x1 < box[0] || x0 > box[2] || y1 < box[1] || y0 > box[3])
    return;
  g_array_append_val (b->segments, seg);
  for (gint cx = cell_of (MAX (x0, box[0])); cx <= cell_of (MIN (x1, box[2])); cx++)
    for (gint cy = cell_of (MAX (y0, box[1])); cy <= cell_of (MIN (y1, box[3])); cy++)
      {
        GArray *list = g_hash_table_lookup (b->cells, cell_key (cx, cy));

        if (list == NULL)
          {
            list = g_array_new (FALSE, FALSE, sizeof (guint));
            g_hash_table_insert (b->cells, cell_key (cx, cy), list);
          }
        g_array_append_val (list, index);
      }
}

static double
cross (double ax, double ay, double bx, double by)
{
  return ax * by - ay * bx;
}

/* Whether the path from p to q, p itself excluded (unless p = q, a point),
 * meets the closed segment c–d. */
static gboolean
interval_meets (double px, double py, double qx, double qy,
                double cx, double cy, double dx, double dy)
{
  double rx = qx - px, ry = qy - py, sx = dx - cx, sy = dy - cy;
  double wx = cx - px, wy = cy - py;
  double denom = cross (rx, ry, sx, sy);
  double rr = rx * rx + ry * ry;

  if (rr == 0)
    {
      /* A point: on the segment's line, between its ends. */
      double along = -(wx * sx + wy * sy);

      return cross (sx, sy, -wx, -wy) == 0 && along >= 0 && along <= sx * sx + sy * sy;
    }
  if (denom != 0)
    {
      double t = cross (wx, wy, sx, sy) / denom;
      double u = cross (wx, wy, rx, ry) / denom;

      return t > 0 && t <= 1 && u >= 0 && u <= 1;
    }
  if (cross (wx, wy, rx, ry) != 0)
    return FALSE;  /* parallel, apart */
  {
    /* On one line: the segment's ends projected on p → q overlap (0, 1]? */
    double t0 = (wx * rx + wy * ry) / rr;
    double t1 = ((dx - px) * rx + (dy - py) * ry) / rr;

    return MAX (t0, t1) > 0 && MIN (t0, t1) <= 1;
  }
}

static guint
blueprint_crosses (gpointer data,
                   double   x0,
                   double   y0,
                   double   x1,
                   double   y1)
{
  BlueprintSource *b = data;
  guint px = nearest_index (x1, b->size), py = nearest_index (y1, b->size);
  guint crosses = 0;

  if (b->has_water ? ms_blueprint_get_water_id (b->bp, px, py) != 0
                   : ms_profile_is_water_biome (b->profile, ms_blueprint_get_biome (b->bp, px, py)))
    crosses |= MS_PATH_CROSSES_WATER;
  if (g_hash_table_contains (b->towns, GUINT_TO_POINTER (px * b->size + py + 1)))
    crosses |= MS_PATH_CROSSES_TOWN;

  for (gint cx = cell_of (MIN (x0, x1)); cx <= cell_of (MAX (x0, x1)); cx++)
    for (gint cy = cell_of (MIN (y0, y1)); cy <= cell_of (MAX (y0, y1)); cy++)
      {
        GArray *list = g_hash_table_lookup (b->cells, cell_key (cx, cy));

        for (guint i = 0; list != NULL && i < list->len; i++)
          {
            const RoadSegment *s = &g_array_index (b->segments, RoadSegment,
                                                   g_array_index (list, guint, i));

            if (!(crosses & MS_PATH_CROSSES_ROAD (s->tier)) &&
                interval_meets (x0, y0, x1, y1, s->cx, s->cy, s->dx, s->dy))
              crosses |= MS_PATH_CROSSES_ROAD (s->tier);
          }
      }
  return crosses;
}

static void
blueprint_source_init (BlueprintSource *b,
                       MsBlueprint     *bp,
                       const double    *points,
                       guint            n_points)
{
  const MsTown *towns;
  guint n_towns;
  /* The path's bounds: a road segment outside them cannot meet it. */
  double box[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  b->bp = bp;
  b->profile = ms_blueprint_get_profile (bp);
  b->size = ms_blueprint_get_map_size (bp);
  b->has_water = ms_blueprint_has_water (bp);
  b->towns = g_hash_table_new (NULL, NULL);
  b->segments = g_array_new (FALSE, FALSE, sizeof (RoadSegment));
  b->cells = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);

  towns = ms_blueprint_get_towns (bp, &n_towns);
  for (guint i = 0; i < n_towns; i++)
    if (towns[i].x >= -0.5 && towns[i].x < b->size - 0.5 &&
        towns[i].y >= -0.5 && towns[i].y < b->size - 0.5)
      g_hash_table_add (b->towns, GUINT_TO_POINTER (nearest_index (towns[i].x, b->size) * b->size +
                                                    nearest_index (towns[i].y, b->size) + 1));

  /* Only points on the map count (the sampler refuses the others), so the
   * cells stay within the map's. */
  for (guint i = 0; i < n_points; i++)
    if (points[2 * i] >= -0.5 && points[2 * i] < b->size - 0.5 &&
        points[2 * i + 1] >= -0.5 && points[2 * i + 1] < b->size - 0.5)
      {
        box[0] = MIN (box[0], points[2 * i]);
        box[1] = MIN (box[1], points[2 * i + 1]);
        box[2] = MAX (box[2], points[2 * i]);
        box[3] = MAX (box[3], points[2 * i + 1]);
      }
  for (MsRoadTier tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    for (guint p = 0; p < ms_blueprint_get_n_paths (bp, tier); p++)
      {
        guint n;
        const MsPoint *path = ms_blueprint_get_path (bp, tier, p, &n);

        for (guint k = 1; k < n; k++)
          add_segment (b, &path[k - 1], &path[k], tier, box);
      }
}

static void
blueprint_source_clear (BlueprintSource *b)
{
  g_clear_pointer (&b->towns, g_hash_table_unref);
  g_clear_pointer (&b->segments, g_array_unref);
  g_clear_pointer (&b->cells, g_hash_table_unref);
}

MsPathProfile *
ms_path_profile_new_for_blueprint (MsBlueprint  *blueprint,
                                   const double *points,
                                   guint         n_points,
                                   double        step,
                                   double        metres_per_pixel,
                                   GError      **error)
{
  BlueprintSource b = { NULL };
  MsPathSource source;
  MsPathProfile *profile;

  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), NULL);

  blueprint_source_init (&b, blueprint, points, n_points);
  source = (MsPathSource) {
    .width = b.size,
    .height = b.size,
    .metres_per_pixel = metres_per_pixel > 0 ? metres_per_pixel : MS_BLUEPRINT_WORLD_SPAN / b.size,
    .metres_per_unit = MS_BLUEPRINT_METRES_PER_RAW,
    .height_at = blueprint_height_at,
    .crosses = blueprint_crosses,
    .data = &b,
  };
  profile = ms_path_profile_sample (&source, points, n_points, step, error);
  blueprint_source_clear (&b);
  return profile;
}

/* ----------------------------------------------------------------- zones -- */

static double
zone_height_at (gpointer data,
                guint    x,
                guint    y)
{
  return ms_zone_get_height_at (data, x, y);
}

MsPathProfile *
ms_path_profile_new_for_zone (MsZone       *zone,
                              const double *points,
                              guint         n_points,
                              double        step,
                              GError      **error)
{
  MsPathSource source;
  MsPathProfile *profile;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  if (!ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE))
    {
      g_set_error (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_NO_LAYER,
                   "zone %u has no altitude layer to profile", ms_zone_get_id (zone));
      return NULL;
    }
  source = (MsPathSource) {
    .width = ms_zone_get_width (zone),
    .height = ms_zone_get_height (zone),
    .metres_per_pixel = MS_ZONE_TILE_METRES,
    .metres_per_unit = 1.0,
    .height_at = zone_height_at,
    .data = zone,
  };
  profile = ms_path_profile_sample (&source, points, n_points, step, error);
  /* Read at the nearest tile, with the server's own slope (ms-zone-derived.c). */
  for (guint i = 0; profile != NULL && i < profile->n_samples; i++)
    {
      MsPathSample *s = &profile->samples[i];
      guint x = nearest_index (s->x, source.width), y = nearest_index (s->y, source.height);

      s->server_slope = ms_zone_get_slope (zone, x, y);
      if (ms_zone_get_height_at (zone, x, y) < MS_ZONE_WATER_LEVEL)
        s->crosses |= MS_PATH_CROSSES_WATER;
      if (s->server_slope >= MS_ZONE_SLOPE_LIMIT)
        s->crosses |= MS_PATH_CROSSES_SLOPE_FAIL;
    }
  return profile;
}
