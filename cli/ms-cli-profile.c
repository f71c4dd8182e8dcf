/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli profile and zone profile: heights, slope and what a path
 * crosses, sampled along a polyline (ms-path-profile.h), as a summary,
 * JSON or CSV.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "ms-cli.h"
#include "ms-cli-json.h"
#include "ms-path-profile.h"

#define CSV_HEADER MS_PATH_PROFILE_CSV_HEADER

/* What both commands take besides their input. */
typedef struct
{
  char     *path;   /* --path */
  double    step;   /* --step */
  gboolean  csv;    /* --csv */
  double   *points;
  guint     n_points;
} ProfileArgs;

static void
profile_args_clear (ProfileArgs *p)
{
  g_clear_pointer (&p->path, g_free);
  g_clear_pointer (&p->points, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ProfileArgs, profile_args_clear)

#define PROFILE_OPTIONS(args, p) \
  MS_CLI_OPTION_JSON (args, "Print one JSON object"), \
  { "csv", 0, 0, G_OPTION_ARG_NONE, &(p)->csv, "Print CSV: " CSV_HEADER, NULL }, \
  { "path", 0, 0, G_OPTION_ARG_STRING, &(p)->path, \
    "The polyline, in map coordinates (pixel (x, y) centred on (x, y))", "X1,Y1,X2,Y2[,…]" }, \
  { "step", 0, 0, G_OPTION_ARG_DOUBLE, &(p)->step, \
    "Pixels of path length between samples along each segment (default 1)", "PIXELS" }

#define PROFILE_DESCRIPTION \
  "Samples start at the first point and are taken every --step pixels along each segment,\n" \
  "restarting at each vertex (every vertex is a sample), ending on the last point.  A\n" \
  "sample's height is bilinear between the four pixel centres round it.  slope_pct is the\n" \
  "rise over the run from the previous sample, in percent (the first sample repeats the\n" \
  "first interval's).\n" \
  "Exit status: 0 printed, 1 invalid input file, 2 usage error (a bad --path or --step)."

/* The options after parsing: --json and --csv apart, --path given and
 * read.  FALSE with the usage error said and args->exit_code set. */
static gboolean
profile_args_check (ProfileArgs *p,
                    MsCliArgs   *args)
{
  g_autoptr(GError) error = NULL;

  if (args->json && p->csv)
    args->exit_code = ms_cli_usage_error (args->context, "--json and --csv exclude each other");
  else if (p->path == NULL)
    args->exit_code = ms_cli_usage_error (args->context, "--path X1,Y1,X2,Y2[,…] is required");
  else if (!(p->step > 0) || !isfinite (p->step))
    args->exit_code = ms_cli_usage_error (args->context, "--step must be a positive number of pixels");
  else if ((p->points = ms_path_profile_parse_points (p->path, &p->n_points, &error)) == NULL)
    args->exit_code = ms_cli_usage_error (args->context, "--path: %s", error->message);
  else
    return TRUE;
  return FALSE;
}

/* A profile that could not be made: a path off the map or a step too
 * small is a usage error (2), a zone with no altitude invalid input (1). */
static int
profile_fail (const GError *error)
{
  if (g_error_matches (error, MS_PATH_PROFILE_ERROR, MS_PATH_PROFILE_ERROR_NO_LAYER))
    {
      g_printerr ("mapsmith-cli: %s\n", error->message);
      return MS_CLI_EXIT_INVALID;
    }
  g_printerr ("mapsmith-cli: --path: %s\n", error->message);
  return MS_CLI_EXIT_USAGE;
}

static void
print_csv (const MsPathProfile *profile)
{
  g_autoptr(GBytes) csv = ms_path_profile_to_csv (profile);
  gsize length;
  const char *text = g_bytes_get_data (csv, &length);

  fwrite (text, 1, length, stdout);
}

/* A summary, then each run of consecutive samples that cross one thing. */
static void
print_text (const MsPathProfile *profile,
            const char          *what,
            double               step)
{
  double lo = INFINITY, hi = -INFINITY, steepest = 0;
  guint steepest_at = 0;

  for (guint i = 0; i < profile->n_samples; i++)
    {
      const MsPathSample *s = &profile->samples[i];

      if (isfinite (s->height_m))
        {
          lo = MIN (lo, s->height_m);
          hi = MAX (hi, s->height_m);
        }
      if (fabs (s->slope_pct) > fabs (steepest))
        {
          steepest = s->slope_pct;
          steepest_at = i;
        }
    }

  g_print ("%s: %u samples every %g px (%g m a pixel)\n", what, profile->n_samples, step,
           profile->metres_per_pixel);
  g_print ("length %.1f m, ascent %.1f m, descent %.1f m\n",
           profile->length_m, profile->ascent_m, profile->descent_m);
  if (lo <= hi)
    g_print ("height %.1f … %.1f m; steepest %.1f %% (%.1f°) at %.1f m\n", lo, hi, steepest,
             atan (steepest / 100.0) * (180.0 / G_PI), profile->samples[steepest_at].distance_m);

  for (guint bit = 0; bit < MS_PATH_N_CROSSES; bit++)
    for (guint i = 0; i < profile->n_samples; i++)
      {
        guint end = i;

        if (!(profile->samples[i].crosses & (1u << bit)))
          continue;
        while (end + 1 < profile->n_samples && (profile->samples[end + 1].crosses & (1u << bit)))
          end++;
        if (end == i)
          g_print ("  %-14s at %.1f m\n", ms_path_crosses_to_string (1u << bit),
                   profile->samples[i].distance_m);
        else
          g_print ("  %-14s %.1f – %.1f m\n", ms_path_crosses_to_string (1u << bit),
                   profile->samples[i].distance_m, profile->samples[end].distance_m);
        i = end;
      }
}

static int
print_profile (MsCliArgs           *args,
               const ProfileArgs   *p,
               const MsPathProfile *profile,
               const char          *what,
               gboolean             zone)
{
  if (args->json)
    ms_cli_print_json (ms_cli_json_path_profile (profile, p->step, zone));
  else if (p->csv)
    print_csv (profile);
  else
    print_text (profile, what, p->step);
  return MS_CLI_EXIT_OK;
}

int
ms_cli_profile (MsCliArgs *args)
{
  g_auto(ProfileArgs) p = { .step = 1 };
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsPathProfile) profile = NULL;
  g_autoptr(GError) error = NULL;
  double metres_per_pixel = 0;
  GOptionEntry entries[] = {
    PROFILE_OPTIONS (args, &p),
    { "metres-per-pixel", 0, 0, G_OPTION_ARG_DOUBLE, &metres_per_pixel,
      "Horizontal size of a map pixel (default 8192 / MapSize)", "M" },
    MS_CLI_OPTION_PROFILE (args, 'p', MS_CLI_BLUEPRINT_PROFILE),
    { NULL }
  };

  ms_cli_args_init (args, entries, "FILE --path X1,Y1,X2,Y2[,…] — heights and slope along a path",
                    "x is the file's outer index, y the inner one.  Heights: raw, and metres at 251 m a "
                    "raw unit.\ncrosses: water, road:TIER, town (the sample's nearest pixel is the "
                    "town's).", PROFILE_DESCRIPTION);
  if (!ms_cli_args_parse (args, 1, "profile needs one FILE") || !profile_args_check (&p, args))
    return args->exit_code;
  if (!(metres_per_pixel >= 0) || !isfinite (metres_per_pixel))
    return ms_cli_usage_error (args->context, "--metres-per-pixel must be positive");
  if ((bp = ms_cli_args_open_blueprint (args, args->argv[1])) == NULL)
    return args->exit_code;
  ms_cli_print_warnings (bp, args->argv[1]);

  profile = ms_path_profile_new_for_blueprint (bp, p.points, p.n_points, p.step, metres_per_pixel,
                                               &error);
  if (profile == NULL)
    return profile_fail (error);
  return print_profile (args, &p, profile, args->argv[1], FALSE);
}

int
ms_cli_zone_profile (MsCliArgs *args)
{
  g_auto(ProfileArgs) p = { .step = 1 };
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsPathProfile) profile = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  GOptionEntry entries[] = {
    PROFILE_OPTIONS (args, &p),
    MS_CLI_OPTION_ZONE_SIZE (args),
    { NULL }
  };

  ms_cli_args_init (args, entries, "DIR ZONEID --path X1,Y1,X2,Y2[,…] — heights and slope along a path",
                    "x is the column, y the row (row-major).  Heights are altitude >> 5 (bilinear), a\n"
                    "unit a metre; a tile is 1 m across.  crosses: water (the nearest tile below\n"
                    "height 55), slope-fail (its server slope is 16 or more).", PROFILE_DESCRIPTION);
  if (!ms_cli_args_parse (args, -1, NULL) || !profile_args_check (&p, args) ||
      !ms_cli_args_load_profile (args) ||
      (zone = ms_cli_open_zone (args, args->argv, args->argc - 1)) == NULL)
    return args->exit_code;

  profile = ms_path_profile_new_for_zone (zone, p.points, p.n_points, p.step, &error);
  if (profile == NULL)
    return profile_fail (error);
  what = g_strdup_printf ("zone %u", ms_zone_get_id (zone));
  return print_profile (args, &p, profile, what, TRUE);
}
