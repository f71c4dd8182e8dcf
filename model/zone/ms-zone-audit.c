/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone audit (ms-zone-audit.h).  One row-major pass over the edited
 * layers; each check counts its offending tiles and keeps the first.
 *
 * The two statistics are what the real zones 70 and 71 separate clearly:
 * read as stored, their altitude correlates with the Island mask at
 * |r| = 0.91, read x-outer at 0.61–0.64; their low 5 altitude bits explain
 * 2–4 % of their variance by slope, where a (height << 5) | slope file
 * explains 80 % and more.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-zone-audit.h"

#define TRANSPOSE_MIN_CORR    0.5
#define TRANSPOSE_MIN_MARGIN  0.15
#define PACKED_MIN_ETA2       0.5
#define PACKED_MIN_TILES      1000

static const char * const checks[] = {
  MS_ZONE_AUDIT_ALTITUDE_TRANSPOSED,
  MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED,
  MS_ZONE_AUDIT_PLANT_NOT_ALLOWED,
  MS_ZONE_AUDIT_PLANT_ON_BLOCKED,
  MS_ZONE_AUDIT_TERRAFORM_PROTECTED,
  MS_ZONE_AUDIT_BLEND_RANGE,
  MS_ZONE_AUDIT_ALTITUDE_OUTSIDE_BARRIER,
  MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS,
  MS_ZONE_AUDIT_PLANT_TYPE_UNKNOWN,
  MS_ZONE_AUDIT_BLOCKS_HEIGHT_NO_FLAG,
  NULL
};

const char * const *
ms_zone_audit_get_checks (void)
{
  return checks;
}

/* Offending tiles of one check: how many, the first in row-major order
 * with the value that offended, and the first MS_AUDIT_MAX_LOCATIONS. */
typedef struct
{
  guint64         count;
  guint           x, y;
  guint           value, extra;
  guint           n_locations;
  MsAuditLocation locations[MS_AUDIT_MAX_LOCATIONS];
} Tally;

static inline void
tally (Tally *t,
       guint  x,
       guint  y,
       guint  value,
       guint  extra)
{
  if (t->count++ == 0)
    {
      t->x = x;
      t->y = y;
      t->value = value;
      t->extra = extra;
    }
  if (t->n_locations < MS_AUDIT_MAX_LOCATIONS)
    t->locations[t->n_locations++] = (MsAuditLocation) { x, y };
}

/* @t: the offending tiles, or NULL for a whole-layer finding (no location,
 * no count). */
static void
add_finding (GPtrArray       *findings,
             MsAuditSeverity  severity,
             const char      *check,
             const Tally     *t,
             char            *message)
{
  MsAuditFinding *f = g_new0 (MsAuditFinding, 1);

  f->severity = severity;
  f->check = check;
  f->message = message;
  if (t != NULL)
    {
      f->has_location = TRUE;
      f->x = t->x;
      f->y = t->y;
      f->count = t->count;
      f->n_locations = t->n_locations;
      memcpy (f->locations, t->locations, sizeof (MsAuditLocation) * t->n_locations);
    }
  g_ptr_array_add (findings, f);
}

static char *
control_names (guint16 bits)
{
  const MsZoneFlagInfo *flags;
  guint n_flags;
  GString *s = g_string_new (NULL);

  flags = ms_zone_control_flags (&n_flags);
  for (guint i = 0; i < n_flags; i++)
    if (bits & flags[i].bit)
      g_string_append_printf (s, "%s%s", s->len ? "|" : "", flags[i].name);
  return g_string_free (s, FALSE);
}

/* Pearson correlation from running sums; NaN when either side is constant. */
typedef struct
{
  double n, sa, sm, saa, smm, sam;
} Corr;

static inline void
corr_add (Corr   *c,
          double  a,
          double  m)
{
  c->n += 1;
  c->sa += a;
  c->sm += m;
  c->saa += a * a;
  c->smm += m * m;
  c->sam += a * m;
}

static double
corr_value (const Corr *c)
{
  double va = c->n * c->saa - c->sa * c->sa;
  double vm = c->n * c->smm - c->sm * c->sm;

  if (va <= 0 || vm <= 0)
    return NAN;
  return (c->n * c->sam - c->sa * c->sm) / sqrt (va * vm);
}

static gboolean
is_interesting_tile (MsZone *zone,
                     guint   x,
                     guint   y,
                     guint   raw)
{
  return ms_zone_get_altitude (zone, x - 1, y) != raw || ms_zone_get_altitude (zone, x + 1, y) != raw ||
         ms_zone_get_altitude (zone, x, y - 1) != raw || ms_zone_get_altitude (zone, x, y + 1) != raw;
}

/* The checks that name tiles, each tested tile by tile by check_tile (),
 * which the audit and ms_zone_audit_get_region () share. */
typedef enum
{
  TILE_SLOPE_PACKED,
  TILE_NOT_ALLOWED,
  TILE_ON_BLOCKED,
  TILE_PROTECTED,
  TILE_BLEND,
  TILE_BARRIER,
  TILE_UNKNOWN_BITS,
  TILE_UNKNOWN_PLANT,
  TILE_HEIGHT_NO_FLAG,
  N_TILE_CHECKS
} TileCheck;

/* The check ids of TileCheck, in its order. */
static const char * const tile_checks[N_TILE_CHECKS] = {
  MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED,
  MS_ZONE_AUDIT_PLANT_NOT_ALLOWED,
  MS_ZONE_AUDIT_PLANT_ON_BLOCKED,
  MS_ZONE_AUDIT_TERRAFORM_PROTECTED,
  MS_ZONE_AUDIT_BLEND_RANGE,
  MS_ZONE_AUDIT_ALTITUDE_OUTSIDE_BARRIER,
  MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS,
  MS_ZONE_AUDIT_PLANT_TYPE_UNKNOWN,
  MS_ZONE_AUDIT_BLOCKS_HEIGHT_NO_FLAG,
};

/* What every tile's checks need of the zone, found once. */
typedef struct
{
  MsZone   *zone;
  guint     w, h;
  gboolean  has_alt, has_ctl, has_blk, has_pl, has_blend, has_orig, terraformable;
  guint     n_plant_types;
} Scan;

static void
scan_init (Scan                     *scan,
           MsZone                   *zone,
           const MsZoneAuditOptions *options)
{
  scan->zone = zone;
  scan->w = ms_zone_get_width (zone);
  scan->h = ms_zone_get_height (zone);
  scan->has_alt = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE);
  scan->has_ctl = ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL);
  scan->has_blk = ms_zone_has_layer (zone, MS_ZONE_LAYER_BLOCKS);
  scan->has_pl = ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS);
  scan->has_blend = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE_BLEND);
  scan->has_orig = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE_ORIGINAL);
  if (options != NULL && options->terraformable != MS_ZONE_AUDIT_TERRAFORMABLE_AUTO)
    scan->terraformable = options->terraformable == MS_ZONE_AUDIT_TERRAFORMABLE_YES;
  else
    scan->terraformable = ms_zone_is_terraformable (zone);
  scan->n_plant_types = ms_profile_get_count (ms_zone_get_profile (zone), MS_PROFILE_PLANT_TYPES);
}

/* One tile as the checks read it, and what offended: per TileCheck, the
 * value (and an extra) the finding's message names. */
typedef struct
{
  guint16 control;
  guint8  bflags;
  gboolean sloped;   /* interior, differing from a 4-neighbour: in eta² */
  guint   raw, slope;
  guint   value[N_TILE_CHECKS], extra[N_TILE_CHECKS];
} Tile;

/* The TileCheck bits tile (x, y) offends. */
static guint
check_tile (const Scan *scan,
            guint       x,
            guint       y,
            Tile       *t)
{
  MsZone *zone = scan->zone;
  guint8 plant[MS_ZONE_PLANT_INFO_SIZE] = { 0 };
  guint hits = 0;

#define HIT(check, v, e) G_STMT_START { hits |= 1u << (check); t->value[check] = (v); t->extra[check] = (e); } G_STMT_END

  t->control = scan->has_ctl ? ms_zone_get_control (zone, x, y) : 0;
  t->bflags = scan->has_blk ? ms_zone_get_blocking_flags (zone, x, y) : 0;
  t->sloped = FALSE;
  if (scan->has_pl)
    ms_zone_get_plant (zone, x, y, plant);

  if (scan->has_alt && x > 0 && y > 0 && x + 1 < scan->w && y + 1 < scan->h)
    {
      t->raw = ms_zone_get_altitude (zone, x, y);
      /* Flat tiles say nothing about how the low bits were made. */
      if (is_interesting_tile (zone, x, y, t->raw))
        {
          t->sloped = TRUE;
          t->slope = ms_zone_get_slope (zone, x, y);
          if ((t->raw & 31) != 0)
            HIT (TILE_SLOPE_PACKED, t->raw, t->slope);
        }
    }

  if (plant[MS_ZONE_PLANT_TYPE] != 0)
    {
      if (t->control & MS_ZONE_CONTROL_NO_PLANTS)
        HIT (TILE_NOT_ALLOWED, plant[MS_ZONE_PLANT_TYPE], t->control & MS_ZONE_CONTROL_NO_PLANTS);
      if (t->bflags & (MS_ZONE_BLOCKING_OBSTACLE | MS_ZONE_BLOCKING_ISLAND))
        HIT (TILE_ON_BLOCKED, plant[MS_ZONE_PLANT_TYPE], t->bflags);
      if (plant[MS_ZONE_PLANT_TYPE] >= scan->n_plant_types)
        HIT (TILE_UNKNOWN_PLANT, plant[MS_ZONE_PLANT_TYPE], 0);
    }

  if (!scan->terraformable &&
      (t->control & (MS_ZONE_CONTROL_TERRAFORM_PROTECTED | MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED)))
    HIT (TILE_PROTECTED, t->control, 0);
  if (t->control & MS_ZONE_CONTROL_UNKNOWN_BITS)
    HIT (TILE_UNKNOWN_BITS, t->control, t->control & MS_ZONE_CONTROL_UNKNOWN_BITS);

  if (scan->has_blk && t->bflags == 0 && ms_zone_get_blocking_height (zone, x, y) != 0)
    HIT (TILE_HEIGHT_NO_FLAG, ms_zone_get_blocking_height (zone, x, y), 0);

  if (scan->has_blend && ms_zone_get_altitude_blend (zone, x, y) != 0)
    HIT (TILE_BLEND, ms_zone_get_altitude_blend (zone, x, y), 0);

  /* The barrier as the blend and the original file imply it, without
   * the server's widening to the current value (which would hide
   * exactly what this looks for). */
  if (scan->has_alt && scan->has_blend && scan->has_orig)
    {
      double b = CLAMP (ms_zone_get_altitude_blend (zone, x, y) / 65535.0, 0.0, 1.0);
      guint orig = ms_zone_get_altitude_original (zone, x, y);
      guint cur = ms_zone_get_altitude (zone, x, y);
      guint lo = MIN ((guint) (1850 + (orig - 1850.0) * b), orig);
      guint hi = MAX ((guint) (30000 + (orig - 30000.0) * b), orig);

      if (cur < lo || cur > hi)
        HIT (TILE_BARRIER, cur, (lo << 16) | hi);
    }
#undef HIT
  return hits;
}

/**
 * ms_zone_audit:
 *
 * See ms-zone-audit.h.  A check whose layers the zone lacks is not run.
 */
GPtrArray *
ms_zone_audit (MsZone                   *zone,
               const MsZoneAuditOptions *options,
               MsZoneAuditStats         *stats,
               GCancellable             *cancellable,
               GError                  **error)
{
  g_autoptr(GPtrArray) findings = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_audit_finding_free);
  Scan scan;
  guint w, h;
  guint64 island_tiles = 0, tiles;
  gboolean mask_island;
  Corr corr_read = { 0 }, corr_t = { 0 };
  /* eta²: per slope value, the count, sum and sum of squares of raw & 31. */
  double grp_n[256] = { 0 }, grp_s[256] = { 0 }, grp_ss[256] = { 0 };
  guint64 packed_tiles = 0;
  Tally tallies[N_TILE_CHECKS] = { { 0 } };
  Tally *packed_low = &tallies[TILE_SLOPE_PACKED], *not_allowed = &tallies[TILE_NOT_ALLOWED];
  Tally *on_blocked = &tallies[TILE_ON_BLOCKED], *protected = &tallies[TILE_PROTECTED];
  Tally *blend_nonzero = &tallies[TILE_BLEND], *barrier = &tallies[TILE_BARRIER];
  Tally *unknown_bits = &tallies[TILE_UNKNOWN_BITS], *unknown_plant = &tallies[TILE_UNKNOWN_PLANT];
  Tally *height_no_flag = &tallies[TILE_HEIGHT_NO_FLAG];
  guint blend_max = 0;
  MsZoneAuditStats st = { 0 };

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  scan_init (&scan, zone, options);
  w = scan.w;
  h = scan.h;
  tiles = (guint64) w * h;

  /* The reference mask for the transposition test: Island where it is a
   * real share of the zone (the sea around a map), else any feature. */
  if (scan.has_blk)
    for (guint y = 0; y < h; y++)
      for (guint x = 0; x < w; x++)
        island_tiles += (ms_zone_get_blocking_flags (zone, x, y) & MS_ZONE_BLOCKING_ISLAND) != 0;
  mask_island = island_tiles >= tiles / 200 && island_tiles <= tiles - tiles / 200;

  for (guint y = 0; y < h; y++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;

      for (guint x = 0; x < w; x++)
        {
          Tile t;
          guint hits = check_tile (&scan, x, y, &t);

          if (scan.has_alt && (scan.has_blk || scan.has_ctl))
            {
              /* The same bytes read x-outer: index x * h + y. */
              guint64 j = (guint64) x * h + y;
              double a = ms_zone_get_altitude (zone, x, y);
              double at = ms_zone_get_altitude (zone, (guint) (j % w), (guint) (j / w));
              double m = mask_island ? (t.bflags & MS_ZONE_BLOCKING_ISLAND) != 0
                                     : ((t.bflags & (MS_ZONE_BLOCKING_OBSTACLE | MS_ZONE_BLOCKING_DECOR |
                                                     MS_ZONE_BLOCKING_ISLAND)) != 0 || t.control != 0);

              corr_add (&corr_read, a, m);
              corr_add (&corr_t, at, m);
            }

          if (t.sloped)
            {
              double low = t.raw & 31;

              grp_n[t.slope] += 1;
              grp_s[t.slope] += low;
              grp_ss[t.slope] += low * low;
              packed_tiles++;
            }

          if (hits & (1u << TILE_BLEND))
            blend_max = MAX (blend_max, t.value[TILE_BLEND]);
          for (guint c = 0; hits != 0; c++, hits >>= 1)
            if (hits & 1)
              tally (&tallies[c], x, y, t.value[c], t.extra[c]);
        }
    }

  if (corr_read.n > 0)
    {
      double r = fabs (corr_value (&corr_read)), rt = fabs (corr_value (&corr_t));

      st.transposed_checked = !isnan (r) && !isnan (rt);
      st.corr_read = r;
      st.corr_transposed = rt;
      if (st.transposed_checked && rt >= TRANSPOSE_MIN_CORR && rt > r + TRANSPOSE_MIN_MARGIN)
        add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_ALTITUDE_TRANSPOSED, NULL,
                     g_strdup_printf ("the altitude matches the %s layout far better read x-outer "
                                      "(index x * %u + y, |r| = %.2f) than row-major as the server "
                                      "reads it (|r| = %.2f): it looks written transposed",
                                      mask_island ? "Island blocks'" : "blocks' and control's",
                                      h, rt, r));
    }

  if (packed_tiles >= PACKED_MIN_TILES)
    {
      double n = 0, s = 0, ss = 0, within = 0, total;

      for (guint i = 0; i < 256; i++)
        {
          n += grp_n[i];
          s += grp_s[i];
          ss += grp_ss[i];
          if (grp_n[i] > 0)
            within += grp_ss[i] - grp_s[i] * grp_s[i] / grp_n[i];
        }
      total = ss - s * s / n;
      st.packed_checked = total > 0;
      st.packed_tiles = packed_tiles;
      st.packed_eta2 = total > 0 ? 1.0 - within / total : 0.0;
      if (st.packed_checked && st.packed_eta2 >= PACKED_MIN_ETA2)
        add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED, packed_low,
                     g_strdup_printf ("the low 5 bits of the altitude follow the slope (eta² = %.2f "
                                      "over %" G_GUINT64_FORMAT " sloped tiles): it looks written as "
                                      "(height << 5) | slope; first tile with low bits (%u, %u): "
                                      "raw %u, low bits %u, slope %u",
                                      st.packed_eta2, packed_tiles, packed_low->x, packed_low->y,
                                      packed_low->value, packed_low->value & 31, packed_low->extra));
    }

  if (not_allowed->count > 0)
    {
      g_autofree char *names = control_names (not_allowed->extra);

      add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, not_allowed,
                   g_strdup_printf ("live plants on tiles where plants are not allowed; first (%u, %u): "
                                    "plant type %u on %s", not_allowed->x, not_allowed->y,
                                    not_allowed->value, names));
    }
  if (on_blocked->count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_PLANT_ON_BLOCKED, on_blocked,
                 g_strdup_printf ("live plants on Obstacle or Island blocks; first (%u, %u): plant "
                                  "type %u on %s", on_blocked->x, on_blocked->y, on_blocked->value,
                                  (on_blocked->extra & MS_ZONE_BLOCKING_OBSTACLE) ? "Obstacle" : "Island"));
  if (protected->count > 0)
    {
      g_autofree char *names = control_names (protected->value & (MS_ZONE_CONTROL_TERRAFORM_PROTECTED |
                                                                 MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED));

      add_finding (findings, MS_AUDIT_SEVERITY_WARNING, MS_ZONE_AUDIT_TERRAFORM_PROTECTED, protected,
                   g_strdup_printf ("terraform protection on a zone that is not terraformable (%s), "
                                    "so it protects nothing; first (%u, %u): %s",
                                    options != NULL && options->terraformable == MS_ZONE_AUDIT_TERRAFORMABLE_NO ?
                                    "as given" : "no altitude_blend file",
                                    protected->x, protected->y, names));
    }
  /* A u16 blend cannot leave 0..65535; the range mistake a tool makes is
   * writing an 8-bit mask, which mixes at most 255/65535 = 0.4 %. */
  if (blend_nonzero->count > 0 && blend_max <= 255)
    add_finding (findings, MS_AUDIT_SEVERITY_WARNING, MS_ZONE_AUDIT_BLEND_RANGE, blend_nonzero,
                 g_strdup_printf ("every non-zero blend value is at most %u: an 8-bit mask (0..255) "
                                  "where the server reads 0..65535, so it pins no tile; first (%u, %u): %u",
                                  blend_max, blend_nonzero->x, blend_nonzero->y, blend_nonzero->value));
  if (barrier->count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_ALTITUDE_OUTSIDE_BARRIER, barrier,
                 g_strdup_printf ("altitude outside the terraform barrier the blend and "
                                  "altitude_original imply; first (%u, %u): %u, barrier %u..%u",
                                  barrier->x, barrier->y, barrier->value, barrier->extra >> 16,
                                  barrier->extra & 0xffff));
  if (unknown_bits->count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS, unknown_bits,
                 g_strdup_printf ("control bits no TerrainControlFlags names (32, or above 1024); "
                                  "first (%u, %u): 0x%04x, unknown 0x%04x", unknown_bits->x,
                                  unknown_bits->y, unknown_bits->value, unknown_bits->extra));
  if (unknown_plant->count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_PLANT_TYPE_UNKNOWN, unknown_plant,
                 g_strdup_printf ("plant types the profile does not know (it names 0..%u); first "
                                  "(%u, %u): %u", scan.n_plant_types - 1, unknown_plant->x, unknown_plant->y,
                                  unknown_plant->value));
  if (height_no_flag->count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_WARNING, MS_ZONE_AUDIT_BLOCKS_HEIGHT_NO_FLAG, height_no_flag,
                 g_strdup_printf ("a blocking height on tiles with no blocking flag, which nothing "
                                  "reads; first (%u, %u): height %u", height_no_flag->x,
                                  height_no_flag->y, height_no_flag->value));

  if (stats != NULL)
    *stats = st;
  return g_steal_pointer (&findings);
}

/* The tiles of @check in @zone, less those in @before (nullable). */
static MsZoneRegion *
region_of (MsZone                   *zone,
           MsZone                   *before,
           const MsZoneAuditOptions *options,
           const char               *check,
           GCancellable             *cancellable,
           GError                  **error)
{
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  TileCheck which = N_TILE_CHECKS;
  Scan scan, scan_before;

  scan_init (&scan, zone, options);
  if (before != NULL)
    scan_init (&scan_before, before, options);
  for (guint c = 0; c < N_TILE_CHECKS; c++)
    if (g_str_equal (check, tile_checks[c]))
      which = c;
  for (guint y = 0; which != N_TILE_CHECKS && y < scan.h; y++)
    {
      MsZoneSpan span = { y, 0, 0 };

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      for (guint x = 0; x < scan.w; x++)
        {
          Tile t;

          if (!(check_tile (&scan, x, y, &t) & (1u << which)) ||
              (before != NULL && (check_tile (&scan_before, x, y, &t) & (1u << which))))
            continue;
          if (span.x1 != x)
            {
              if (span.x1 > span.x0)
                g_array_append_val (spans, span);
              span.x0 = x;
            }
          span.x1 = x + 1;
        }
      if (span.x1 > span.x0)
        g_array_append_val (spans, span);
    }
  return ms_zone_region_new_from_spans (scan.w, scan.h, (const MsZoneSpan *) spans->data, spans->len);
}

/**
 * ms_zone_audit_get_region:
 *
 * See ms-zone-audit.h: check_tile () over every tile, as the audit does.
 */
MsZoneRegion *
ms_zone_audit_get_region (MsZone                   *zone,
                          const MsZoneAuditOptions *options,
                          const char               *check,
                          GCancellable             *cancellable,
                          GError                  **error)
{
  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (check != NULL, NULL);

  return region_of (zone, NULL, options, check, cancellable, error);
}

/**
 * ms_zone_audit_get_added_region:
 *
 * See ms-zone-audit.h.
 */
MsZoneRegion *
ms_zone_audit_get_added_region (MsZone                   *zone,
                                MsZone                   *before,
                                const MsZoneAuditOptions *options,
                                const char               *check,
                                GCancellable             *cancellable,
                                GError                  **error)
{
  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (MS_IS_ZONE (before), NULL);
  g_return_val_if_fail (ms_zone_get_width (before) == ms_zone_get_width (zone) &&
                        ms_zone_get_height (before) == ms_zone_get_height (zone), NULL);
  g_return_val_if_fail (check != NULL, NULL);

  return region_of (zone, before, options, check, cancellable, error);
}

static const MsAuditFinding *
find_check (GPtrArray  *findings,
            const char *check)
{
  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      const MsAuditFinding *f = g_ptr_array_index (findings, i);

      if (g_str_equal (f->check, check))
        return f;
    }
  return NULL;
}

/**
 * ms_zone_audit_compare:
 *
 * See ms-zone-audit.h.
 */
GArray *
ms_zone_audit_compare (GPtrArray *before,
                       GPtrArray *after)
{
  GArray *changes = g_array_new (FALSE, TRUE, sizeof (MsZoneAuditChange));

  for (guint i = 0; after != NULL && i < after->len; i++)
    {
      const MsAuditFinding *f = g_ptr_array_index (after, i);
      const MsAuditFinding *was = find_check (before, f->check);
      MsZoneAuditChange change = { f->check, f->severity, was != NULL ? was->count : 0, f->count };

      /* A whole-layer finding has no count: new or not. */
      if (was == NULL || (f->has_location && f->count > was->count))
        g_array_append_val (changes, change);
    }
  return changes;
}

/**
 * ms_zone_audit_describe_change:
 *
 * See ms-zone-audit.h.
 */
char *
ms_zone_audit_describe_change (const MsZoneAuditChange *change)
{
  const char *severity = ms_audit_severity_to_string (change->severity);

  g_return_val_if_fail (change != NULL, NULL);

  if (change->after == 0)
    return g_strdup_printf ("%s %s (the whole layer)", severity, change->check);
  if (change->before == 0)
    return g_strdup_printf ("%s %s: %" G_GUINT64_FORMAT " tile%s", severity, change->check, change->after,
                            change->after == 1 ? "" : "s");
  return g_strdup_printf ("%s %s: %" G_GUINT64_FORMAT " tiles, %" G_GUINT64_FORMAT " before", severity,
                          change->check, change->after, change->before);
}
