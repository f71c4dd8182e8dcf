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
  guint w, h;
  gboolean has_alt, has_ctl, has_blk, has_pl, has_blend, has_orig, terraformable;
  guint n_plant_types;
  guint64 island_tiles = 0, tiles;
  gboolean mask_island;
  Corr corr_read = { 0 }, corr_t = { 0 };
  /* eta²: per slope value, the count, sum and sum of squares of raw & 31. */
  double grp_n[256] = { 0 }, grp_s[256] = { 0 }, grp_ss[256] = { 0 };
  guint64 packed_tiles = 0;
  Tally packed_low = { 0 }, not_allowed = { 0 }, on_blocked = { 0 }, protected = { 0 };
  Tally blend_nonzero = { 0 }, barrier = { 0 }, unknown_bits = { 0 }, unknown_plant = { 0 };
  Tally height_no_flag = { 0 };
  guint blend_max = 0;
  MsZoneAuditStats st = { 0 };

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  w = ms_zone_get_width (zone);
  h = ms_zone_get_height (zone);
  tiles = (guint64) w * h;
  has_alt = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE);
  has_ctl = ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL);
  has_blk = ms_zone_has_layer (zone, MS_ZONE_LAYER_BLOCKS);
  has_pl = ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS);
  has_blend = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE_BLEND);
  has_orig = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE_ORIGINAL);
  if (options != NULL && options->terraformable != MS_ZONE_AUDIT_TERRAFORMABLE_AUTO)
    terraformable = options->terraformable == MS_ZONE_AUDIT_TERRAFORMABLE_YES;
  else
    terraformable = ms_zone_is_terraformable (zone);
  n_plant_types = ms_profile_get_count (ms_zone_get_profile (zone), MS_PROFILE_PLANT_TYPES);

  /* The reference mask for the transposition test: Island where it is a
   * real share of the zone (the sea around a map), else any feature. */
  if (has_blk)
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
          guint16 control = has_ctl ? ms_zone_get_control (zone, x, y) : 0;
          guint8 bflags = has_blk ? ms_zone_get_blocking_flags (zone, x, y) : 0;
          guint8 plant[MS_ZONE_PLANT_INFO_SIZE] = { 0 };

          if (has_pl)
            ms_zone_get_plant (zone, x, y, plant);

          if (has_alt && (has_blk || has_ctl))
            {
              /* The same bytes read x-outer: index x * h + y. */
              guint64 j = (guint64) x * h + y;
              double a = ms_zone_get_altitude (zone, x, y);
              double at = ms_zone_get_altitude (zone, (guint) (j % w), (guint) (j / w));
              double m = mask_island ? (bflags & MS_ZONE_BLOCKING_ISLAND) != 0
                                     : ((bflags & (MS_ZONE_BLOCKING_OBSTACLE | MS_ZONE_BLOCKING_DECOR |
                                                   MS_ZONE_BLOCKING_ISLAND)) != 0 || control != 0);

              corr_add (&corr_read, a, m);
              corr_add (&corr_t, at, m);
            }

          if (has_alt && x > 0 && y > 0 && x + 1 < w && y + 1 < h)
            {
              guint raw = ms_zone_get_altitude (zone, x, y);

              /* Flat tiles say nothing about how the low bits were made. */
              if (is_interesting_tile (zone, x, y, raw))
                {
                  guint s = ms_zone_get_slope (zone, x, y);
                  double low = raw & 31;

                  grp_n[s] += 1;
                  grp_s[s] += low;
                  grp_ss[s] += low * low;
                  packed_tiles++;
                  if ((raw & 31) != 0)
                    tally (&packed_low, x, y, raw, s);
                }
            }

          if (plant[MS_ZONE_PLANT_TYPE] != 0)
            {
              if (control & MS_ZONE_CONTROL_NO_PLANTS)
                tally (&not_allowed, x, y, plant[MS_ZONE_PLANT_TYPE], control & MS_ZONE_CONTROL_NO_PLANTS);
              if (bflags & (MS_ZONE_BLOCKING_OBSTACLE | MS_ZONE_BLOCKING_ISLAND))
                tally (&on_blocked, x, y, plant[MS_ZONE_PLANT_TYPE], bflags);
              if (plant[MS_ZONE_PLANT_TYPE] >= n_plant_types)
                tally (&unknown_plant, x, y, plant[MS_ZONE_PLANT_TYPE], 0);
            }

          if (!terraformable &&
              (control & (MS_ZONE_CONTROL_TERRAFORM_PROTECTED | MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED)))
            tally (&protected, x, y, control, 0);
          if (control & MS_ZONE_CONTROL_UNKNOWN_BITS)
            tally (&unknown_bits, x, y, control, control & MS_ZONE_CONTROL_UNKNOWN_BITS);

          if (has_blk && bflags == 0 && ms_zone_get_blocking_height (zone, x, y) != 0)
            tally (&height_no_flag, x, y, ms_zone_get_blocking_height (zone, x, y), 0);

          if (has_blend)
            {
              guint blend = ms_zone_get_altitude_blend (zone, x, y);

              blend_max = MAX (blend_max, blend);
              if (blend != 0)
                tally (&blend_nonzero, x, y, blend, 0);
            }

          /* The barrier as the blend and the original file imply it, without
           * the server's widening to the current value (which would hide
           * exactly what this looks for). */
          if (has_alt && has_blend && has_orig)
            {
              double t = CLAMP (ms_zone_get_altitude_blend (zone, x, y) / 65535.0, 0.0, 1.0);
              guint orig = ms_zone_get_altitude_original (zone, x, y);
              guint cur = ms_zone_get_altitude (zone, x, y);
              guint lo = MIN ((guint) (1850 + (orig - 1850.0) * t), orig);
              guint hi = MAX ((guint) (30000 + (orig - 30000.0) * t), orig);

              if (cur < lo || cur > hi)
                tally (&barrier, x, y, cur, (lo << 16) | hi);
            }
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
        add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_ALTITUDE_SLOPE_PACKED, &packed_low,
                     g_strdup_printf ("the low 5 bits of the altitude follow the slope (eta² = %.2f "
                                      "over %" G_GUINT64_FORMAT " sloped tiles): it looks written as "
                                      "(height << 5) | slope; first tile with low bits (%u, %u): "
                                      "raw %u, low bits %u, slope %u",
                                      st.packed_eta2, packed_tiles, packed_low.x, packed_low.y,
                                      packed_low.value, packed_low.value & 31, packed_low.extra));
    }

  if (not_allowed.count > 0)
    {
      g_autofree char *names = control_names (not_allowed.extra);

      add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED, &not_allowed,
                   g_strdup_printf ("live plants on tiles where plants are not allowed; first (%u, %u): "
                                    "plant type %u on %s", not_allowed.x, not_allowed.y,
                                    not_allowed.value, names));
    }
  if (on_blocked.count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_PLANT_ON_BLOCKED, &on_blocked,
                 g_strdup_printf ("live plants on Obstacle or Island blocks; first (%u, %u): plant "
                                  "type %u on %s", on_blocked.x, on_blocked.y, on_blocked.value,
                                  (on_blocked.extra & MS_ZONE_BLOCKING_OBSTACLE) ? "Obstacle" : "Island"));
  if (protected.count > 0)
    {
      g_autofree char *names = control_names (protected.value & (MS_ZONE_CONTROL_TERRAFORM_PROTECTED |
                                                                 MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED));

      add_finding (findings, MS_AUDIT_SEVERITY_WARNING, MS_ZONE_AUDIT_TERRAFORM_PROTECTED, &protected,
                   g_strdup_printf ("terraform protection on a zone that is not terraformable (%s), "
                                    "so it protects nothing; first (%u, %u): %s",
                                    options != NULL && options->terraformable == MS_ZONE_AUDIT_TERRAFORMABLE_NO ?
                                    "as given" : "no altitude_blend file",
                                    protected.x, protected.y, names));
    }
  /* A u16 blend cannot leave 0..65535; the range mistake a tool makes is
   * writing an 8-bit mask, which mixes at most 255/65535 = 0.4 %. */
  if (blend_nonzero.count > 0 && blend_max <= 255)
    add_finding (findings, MS_AUDIT_SEVERITY_WARNING, MS_ZONE_AUDIT_BLEND_RANGE, &blend_nonzero,
                 g_strdup_printf ("every non-zero blend value is at most %u: an 8-bit mask (0..255) "
                                  "where the server reads 0..65535, so it pins no tile; first (%u, %u): %u",
                                  blend_max, blend_nonzero.x, blend_nonzero.y, blend_nonzero.value));
  if (barrier.count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_ALTITUDE_OUTSIDE_BARRIER, &barrier,
                 g_strdup_printf ("altitude outside the terraform barrier the blend and "
                                  "altitude_original imply; first (%u, %u): %u, barrier %u..%u",
                                  barrier.x, barrier.y, barrier.value, barrier.extra >> 16,
                                  barrier.extra & 0xffff));
  if (unknown_bits.count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS, &unknown_bits,
                 g_strdup_printf ("control bits no TerrainControlFlags names (32, or above 1024); "
                                  "first (%u, %u): 0x%04x, unknown 0x%04x", unknown_bits.x,
                                  unknown_bits.y, unknown_bits.value, unknown_bits.extra));
  if (unknown_plant.count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_ERROR, MS_ZONE_AUDIT_PLANT_TYPE_UNKNOWN, &unknown_plant,
                 g_strdup_printf ("plant types the profile does not know (it names 0..%u); first "
                                  "(%u, %u): %u", n_plant_types - 1, unknown_plant.x, unknown_plant.y,
                                  unknown_plant.value));
  if (height_no_flag.count > 0)
    add_finding (findings, MS_AUDIT_SEVERITY_WARNING, MS_ZONE_AUDIT_BLOCKS_HEIGHT_NO_FLAG, &height_no_flag,
                 g_strdup_printf ("a blocking height on tiles with no blocking flag, which nothing "
                                  "reads; first (%u, %u): height %u", height_no_flag.x,
                                  height_no_flag.y, height_no_flag.value));

  if (stats != NULL)
    *stats = st;
  return g_steal_pointer (&findings);
}
