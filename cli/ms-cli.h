/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli: scripted access to everything the app shows.  Each
 * subcommand is a thin wrapper over model/ and render/'s CPU library; what
 * they share (options, opening inputs, writing images, reporting) is here,
 * their JSON in ms-cli-json.h.
 */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint-renderer.h"  /* MsRect */
#include "ms-blueprint.h"
#include "ms-profile.h"
#include "ms-zone.h"

G_BEGIN_DECLS

/* Exit codes, the same for every subcommand. */
enum
{
  MS_CLI_EXIT_OK = 0,
  MS_CLI_EXIT_INVALID = 1,  /* the input file is invalid */
  MS_CLI_EXIT_USAGE = 2,    /* usage or I/O error */
  MS_CLI_EXIT_FINDINGS = 3, /* audit: the file has error findings */
};

/* One run of a subcommand: its arguments (argv[0] names it), its options
 * context and the options most subcommands share.  Each call below that
 * returns FALSE has said why and left the exit status in @exit_code. */
typedef struct
{
  int             argc;
  char          **argv;
  GOptionContext *context;
  char           *profile_path;  /* --profile */
  MsProfile      *profile;       /* that profile, or the built-in one */
  gboolean        json;          /* --json */
  char           *size;          /* --size WxH, of the zone commands */
  int             exit_code;
} MsCliArgs;

typedef int (*MsCliCommandFunc) (MsCliArgs *args);

#define MS_CLI_OPTION_JSON(args, text) \
  { "json", 0, 0, G_OPTION_ARG_NONE, &(args)->json, text, NULL }
#define MS_CLI_OPTION_PROFILE(args, short_name, text) \
  { "profile", short_name, 0, G_OPTION_ARG_FILENAME, &(args)->profile_path, text, "FILE" }
#define MS_CLI_OPTION_ZONE_SIZE(args) \
  { "size", 0, 0, G_OPTION_ARG_STRING, &(args)->size, "Zone size (default: 2048x2048 or inferred)", "WxH" }
#define MS_CLI_BLUEPRINT_PROFILE "Game profile naming biomes and town tiers"

void         ms_cli_args_init           (MsCliArgs          *args,
                                         const GOptionEntry *entries,
                                         const char         *parameter_string,
                                         const char         *summary,
                                         const char         *description);
gboolean     ms_cli_args_parse          (MsCliArgs      *args,
                                         int             n_args,
                                         const char     *wrong_args);
gboolean     ms_cli_args_load_profile   (MsCliArgs      *args);
MsBlueprint *ms_cli_args_open_blueprint (MsCliArgs      *args,
                                         const char     *path);
MsBlueprint *ms_cli_args_open_blueprint_unchecked (MsCliArgs  *args,
                                                   const char *path);
void         ms_cli_args_clear          (MsCliArgs      *args);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MsCliArgs, ms_cli_args_clear)

/* What the image commands (render, zone render) share: -o, --max-size
 * (parsed by each, whose help differs), --region and the image made. */
typedef struct
{
  char            *output;       /* -o OUT.png */
  int              max_size;     /* --max-size, 0 for none */
  MsRect           region;       /* --region X Y W H */
  gboolean         have_region;
  cairo_surface_t *surface;      /* what to save */
} MsCliImage;

#define MS_CLI_OPTION_OUTPUT(image) \
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &(image)->output, "The PNG to write", "OUT.png" }

gboolean   ms_cli_image_parse         (MsCliImage     *image,
                                       MsCliArgs      *args,
                                       int             n_args,
                                       const char     *wrong_args);
gboolean   ms_cli_image_check_region  (const MsCliImage *image,
                                       guint             width,
                                       guint             height,
                                       const char       *what);
gboolean   ms_cli_image_save          (MsCliImage     *image,
                                       GError        **error);
void       ms_cli_image_clear         (MsCliImage     *image);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MsCliImage, ms_cli_image_clear)

int        ms_cli_exit_code_for_error (const GError *error);
int        ms_cli_fail                (const GError *error);
int        ms_cli_io_error            (const GError *error);
void       ms_cli_print_warnings      (MsBlueprint    *blueprint,
                                       const char     *display);
int        ms_cli_usage_error         (GOptionContext *context,
                                       const char     *format,
                                       ...) G_GNUC_PRINTF (2, 3);
gboolean   ms_cli_take_region         (int            *argc,
                                       char          **argv,
                                       MsRect         *region,
                                       gboolean       *have_region,
                                       char          **message);

/* Audit findings (MsAuditFinding*) as `audit` prints them, in JSON or as
 * text (@what names the file or zone in the summary); returns the exit
 * status. */
int        ms_cli_report_audit        (GPtrArray      *findings,
                                       gboolean        json,
                                       const char     *what);

int ms_cli_info     (MsCliArgs *args);
int ms_cli_validate (MsCliArgs *args);
int ms_cli_convert  (MsCliArgs *args);
int ms_cli_demo     (MsCliArgs *args);
int ms_cli_render   (MsCliArgs *args);
int ms_cli_zone     (MsCliArgs *args);
int ms_cli_audit    (MsCliArgs *args);
int ms_cli_diff     (MsCliArgs *args);
int ms_cli_stats    (MsCliArgs *args);
int ms_cli_profile  (MsCliArgs *args);
int ms_cli_analyze  (MsCliArgs *args);

/* zone profile (ms-cli-profile.c), on a zone the zone commands open:
 * DIR ZONEID or one FILE.bin from @argv[1], with --size. */
int     ms_cli_zone_profile (MsCliArgs  *args);
MsZone *ms_cli_open_zone    (MsCliArgs  *args,
                             char      **argv,
                             int         n_args);

G_END_DECLS
