/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words the windows' readouts say about a blueprint pixel, as plain
 * functions of the model: the viewer's hover inspector and the comparison's
 * A/B readout show these strings, and the File page the file's; tests
 * check them with no display.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-blueprint-describe.h"
#include "ms-blueprint-summary.h"

static double
distance_to_segment (double         px,
                     double         py,
                     const MsPoint *a,
                     const MsPoint *b)
{
  double dx = b->x - a->x, dy = b->y - a->y;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? CLAMP (((px - a->x) * dx + (py - a->y) * dy) / length2, 0.0, 1.0) : 0.0;

  return hypot (px - (a->x + t * dx), py - (a->y + t * dy));
}

static void
append_water (GString     *text,
              MsBlueprint *bp,
              guint        x,
              guint        y)
{
  guint16 water = ms_blueprint_get_water_id (bp, x, y);
  guint n_bodies;
  const MsWaterBody *bodies;
  const MsWaterBody *body = NULL;
  guint16 surface;

  if (water == 0)
    return;
  bodies = ms_blueprint_get_water_bodies (bp, &n_bodies);
  surface = ms_blueprint_get_water_surface (bp, x, y);
  for (guint i = 0; i < n_bodies; i++)
    if (bodies[i].id == water)
      body = &bodies[i];
  g_string_append (text, "  ·  ");
  g_string_append_printf (text, water == 1 ? _("ocean (body %u)") : _("lake %u"), water);
  if (body != NULL)
    g_string_append_printf (text, ", %s", body->salinity ? _("salt") : _("fresh"));
  if (surface != 0)
    g_string_append_printf (text, _(", surface %.4f raw"), ms_water_level_decode (surface));
}

static void
append_nearest_town (GString     *text,
                     MsBlueprint *bp,
                     guint        x,
                     guint        y)
{
  guint n_towns;
  const MsTown *towns = ms_blueprint_get_towns (bp, &n_towns);
  const MsTown *nearest = NULL;
  double best = G_MAXDOUBLE;
  const char *tier;

  for (guint i = 0; i < n_towns; i++)
    {
      double d = hypot (towns[i].x - (x + 0.5), towns[i].y - (y + 0.5));

      if (d < best)
        {
          best = d;
          nearest = &towns[i];
        }
    }
  if (nearest == NULL)
    return;
  tier = ms_profile_get_label (ms_blueprint_get_profile (bp), MS_PROFILE_TOWN_TIERS, nearest->tier);
  g_string_append (text, "  ·  ");
  g_string_append_printf (text, _("nearest town: %s, %.0f px"), tier ? tier : "?", best);
}

static void
append_nearest_road (GString     *text,
                     MsBlueprint *bp,
                     guint        x,
                     guint        y)
{
  double best = G_MAXDOUBLE;
  int best_tier = -1;

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    for (guint i = 0; i < ms_blueprint_get_n_paths (bp, tier); i++)
      {
        guint n_points;
        const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

        for (guint k = 0; k + 1 < n_points; k++)
          {
            double d = distance_to_segment (x + 0.5, y + 0.5, &pts[k], &pts[k + 1]);

            if (d < best)
              {
                best = d;
                best_tier = (int) tier;
              }
          }
      }
  if (best_tier < 0)
    return;
  g_string_append (text, "  ·  ");
  g_string_append_printf (text, _("nearest road: %s, %.0f px"), ms_road_tier_to_key (best_tier), best);
}

char *
ms_blueprint_describe_pixel (MsBlueprint *bp,
                             guint        x,
                             guint        y)
{
  GString *text;
  const char *biome;
  float height;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);

  if (x >= ms_blueprint_get_map_size (bp) || y >= ms_blueprint_get_map_size (bp))
    return NULL;

  height = ms_blueprint_get_height (bp, x, y);
  biome = ms_profile_get_label (ms_blueprint_get_profile (bp), MS_PROFILE_BIOMES, ms_blueprint_get_biome (bp, x, y));
  text = g_string_new (NULL);

  /* Translators: file coordinates; X is the first index, Y the second. */
  g_string_append_printf (text, _("x %u, y %u (X outer, Y inner)"), x, y);
  g_string_append (text, "  ·  ");
  if (isfinite (height))
    g_string_append_printf (text, _("height %.4f raw = %.1f m"), height, height * MS_BLUEPRINT_METRES_PER_RAW);
  else
    g_string_append (text, _("height not a number"));
  g_string_append (text, "  ·  ");
  g_string_append (text, biome ? biome : "?");
  append_water (text, bp, x, y);
  append_nearest_town (text, bp, x, y);
  append_nearest_road (text, bp, x, y);

  return g_string_free (text, FALSE);
}

/* One map's part of the pair readout. */
static void
describe_one (GString     *text,
              MsBlueprint *bp,
              guint        x,
              guint        y)
{
  MsProfile *profile = ms_blueprint_get_profile (bp);
  float h = ms_blueprint_get_height (bp, x, y);
  const char *biome = ms_profile_get_label (profile, MS_PROFILE_BIOMES, ms_blueprint_get_biome (bp, x, y));

  g_string_append_printf (text, "(%u, %u) ", x, y);
  if (isfinite (h))
    /* Translators: a height in raw units and in metres. */
    g_string_append_printf (text, _("%.4f raw = %.0f m"), h, h * MS_BLUEPRINT_METRES_PER_RAW);
  else
    g_string_append (text, _("no height"));
  g_string_append_printf (text, ", %s", biome != NULL ? biome : "?");
  if (ms_blueprint_has_water (bp) && ms_blueprint_get_water_id (bp, x, y) != 0)
    /* Translators: a water body's id. */
    g_string_append_printf (text, _(", water %u"), ms_blueprint_get_water_id (bp, x, y));
}

static gboolean
is_water (MsBlueprint *bp,
          guint        x,
          guint        y)
{
  /* As MsDiffSampler judges it, so the readout agrees with the image. */
  if (ms_blueprint_has_water (bp))
    return ms_blueprint_get_water_id (bp, x, y) != 0;
  return ms_profile_is_water_biome (ms_blueprint_get_profile (bp), ms_blueprint_get_biome (bp, x, y));
}

char *
ms_blueprint_describe_pair (MsBlueprint *a,
                            MsBlueprint *b,
                            double       u,
                            double       v)
{
  GString *text;
  guint na, nb, xa, ya, xb, yb;
  float ha, hb;
  gboolean wa, wb;

  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);

  if (!(u >= 0.0 && u < 1.0 && v >= 0.0 && v < 1.0))
    return NULL;
  na = ms_blueprint_get_map_size (a);
  nb = ms_blueprint_get_map_size (b);
  xa = MIN ((guint) (u * na), na - 1);
  ya = MIN ((guint) (v * na), na - 1);
  xb = MIN ((guint) (u * nb), nb - 1);
  yb = MIN ((guint) (v * nb), nb - 1);

  text = g_string_new ("A ");
  describe_one (text, a, xa, ya);
  g_string_append (text, "   B ");
  describe_one (text, b, xb, yb);

  g_string_append (text, _("\nB − A "));
  ha = ms_blueprint_get_height (a, xa, ya);
  hb = ms_blueprint_get_height (b, xb, yb);
  if (isfinite (ha) && isfinite (hb))
    {
      double d = (double) hb - (double) ha;

      g_string_append_printf (text, _("%s%.4f raw = %s%.0f m"), d < 0 ? "−" : "+", fabs (d),
                              d < 0 ? "−" : "+", fabs (d) * MS_BLUEPRINT_METRES_PER_RAW);
    }
  else
    {
      g_string_append (text, "—");
    }
  if (ms_blueprint_get_biome (a, xa, ya) != ms_blueprint_get_biome (b, xb, yb))
    g_string_append (text, _(", biome changed"));
  wa = is_water (a, xa, ya);
  wb = is_water (b, xb, yb);
  if (!wa && wb)
    g_string_append (text, _(", water gained"));
  else if (wa && !wb)
    g_string_append (text, _(", water lost"));
  return g_string_free (text, FALSE);
}

char *
ms_blueprint_describe_file (MsBlueprint *bp,
                            const char  *where)
{
  const MsBlueprintParams *p;
  const MsSectionInfo *sections;
  GString *text;
  guint n_sections, n_towns, n_bodies;

  g_return_val_if_fail (MS_IS_BLUEPRINT (bp), NULL);

  text = g_string_new (NULL);
  p = ms_blueprint_get_params (bp);
  {
    MsMapping *mapping = ms_blueprint_get_mapping (bp);
    gsize length = mapping != NULL ? ms_mapping_get_length (mapping) : 0;
    g_autofree char *size = g_format_size (length);

    if (where != NULL)
      g_string_append_printf (text, "%s\n", where);
    /* Translators: a file's size, e.g. "8.4 MB (8392104 bytes)". */
    g_string_append_printf (text, _("%s (%" G_GSIZE_FORMAT " bytes)"), size, length);
    g_string_append (text, "\n\n");
  }
  g_string_append_printf (text, _("Format %s, %u × %u"),
                          ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2 ? "v2" : _("v1 (legacy)"),
                          ms_blueprint_get_map_size (bp), ms_blueprint_get_map_size (bp));
  if (p != NULL)
    {
      g_string_append_printf (text, "\n%s %d%s", _("World seed"), p->world_seed,
                              ms_blueprint_params_is_sentinel (p) ? _(" (re-encoded)") : "");
      g_string_append_printf (text, "\n%s %s", _("Generated"), p->generated_utc);
      /* The same figures as `mapsmith-cli info`. */
      g_string_append_printf (text, "\n%s %g, %s (%g, %g)", _("Crater radius"), p->crater_radius,
                              _("impact centre"), p->impact_center_x, p->impact_center_y);
      g_string_append_printf (text, "\n%s %g", _("Density multiplier"), p->density_multiplier);
      g_string_append_printf (text, "\n%s %s", _("Generator"),
                              p->generator_git_hash != NULL && p->generator_git_hash[0] != '\0'
                              ? p->generator_git_hash : _("(no hash)"));
    }
  ms_blueprint_get_water_bodies (bp, &n_bodies);
  g_string_append_printf (text, "\n%s %u", _("Water bodies"), n_bodies);

  {
    MsProfile *profile = ms_blueprint_get_profile (bp);
    const MsTown *towns = ms_blueprint_get_towns (bp, &n_towns);
    guint n_tiers = ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS);
    g_autofree guint *by_tier = g_new0 (guint, n_tiers);
    guint nodes = 0;

    for (guint i = 0; i < n_towns; i++)
      {
        by_tier[towns[i].tier]++;
        nodes += towns[i].highway_node ? 1 : 0;
      }
    g_string_append_printf (text, "\n\n%s %u (%s %u)", _("Towns"), n_towns, _("highway nodes"), nodes);
    for (guint t = 0; t < n_tiers; t++)
      g_string_append_printf (text, "\n  %s  %u", ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, t), by_tier[t]);

    g_string_append_printf (text, "\n\n%s", _("Roads (paths, points, length in px)"));
    for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
      {
        guint n_paths = ms_blueprint_get_n_paths (bp, tier);
        guint64 points = 0;
        double length = 0;

        for (guint i = 0; i < n_paths; i++)
          {
            guint n_points;
            const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

            points += n_points;
            length += ms_road_path_length (pts, n_points);
          }
        g_string_append_printf (text, "\n  %s  %u, %" G_GUINT64_FORMAT ", %.0f",
                                ms_road_tier_to_key (tier), n_paths, points, length);
      }
  }

  {
    const MsTerrainCurve *c = ms_blueprint_get_curve (bp);

    if (c != NULL)
      g_string_append_printf (text, "\n\n%s %u\n  knots %g, %g, %g, %g\n  spike max %g, sea %g\n"
                              "  orange ceil %g, red ceil %g\n  bench %g – %g\n  peak cap %g, tail slope %g",
                              _("Terrain curve, version"), c->version, c->knots[0], c->knots[1],
                              c->knots[2], c->knots[3], c->spike_max, c->sea, c->orange_ceil,
                              c->red_ceil, c->bench_lo, c->bench_hi, c->peak_cap, c->tail_slope);
  }

  sections = ms_blueprint_get_sections (bp, &n_sections);
  if (n_sections > 0)
    g_string_append_printf (text, "\n\n%s", _("Sections (offset, length)"));
  for (guint i = 0; i < n_sections; i++)
    {
      char tag[5];
      ms_section_tag_to_string (sections[i].tag, tag);
      g_string_append_printf (text, "\n%s  %" G_GOFFSET_FORMAT "  %" G_GUINT64_FORMAT "%s", tag,
                              sections[i].offset, sections[i].length,
                              sections[i].known ? "" : _("  (unknown)"));
    }

  for (const char * const *w = ms_blueprint_get_warnings (bp); *w != NULL; w++)
    g_string_append_printf (text, "\n\n⚠ %s", *w);

  return g_string_free (text, FALSE);
}
