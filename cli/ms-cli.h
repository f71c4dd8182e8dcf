/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli: scripted access to everything the app shows.  Each
 * subcommand is a thin wrapper over model/ (and later render/) calls.
 */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint-renderer.h"  /* MsRect */
#include "ms-profile.h"

G_BEGIN_DECLS

/* Exit codes, the same for every subcommand. */
enum
{
  MS_CLI_EXIT_OK = 0,
  MS_CLI_EXIT_INVALID = 1,  /* the input file is invalid */
  MS_CLI_EXIT_USAGE = 2,    /* usage or I/O error */
  MS_CLI_EXIT_FINDINGS = 3, /* audit: the file has error findings */
};

typedef int (*MsCliCommandFunc) (int argc, char **argv);

int        ms_cli_exit_code_for_error (const GError *error);
int        ms_cli_fail                (const GError *error);
int        ms_cli_usage_error         (GOptionContext *context,
                                       const char     *format,
                                       ...) G_GNUC_PRINTF (2, 3);
gboolean   ms_cli_parse_options       (GOptionContext *context,
                                       int            *argc,
                                       char         ***argv,
                                       int            *exit_code);
MsProfile *ms_cli_load_profile        (const char     *path,
                                       int            *exit_code);
gboolean   ms_cli_take_region         (int            *argc,
                                       char          **argv,
                                       MsRect         *region,
                                       gboolean       *have_region,
                                       char          **message);

/* Audit findings (MsAuditFinding*) as `audit` prints them (@what names
 * the file or zone in the summary). */
void       ms_cli_print_audit_text    (GPtrArray      *findings,
                                       const char     *what);

int ms_cli_info     (int argc, char **argv);
int ms_cli_validate (int argc, char **argv);
int ms_cli_convert  (int argc, char **argv);
int ms_cli_demo     (int argc, char **argv);
int ms_cli_render   (int argc, char **argv);
int ms_cli_zone     (int argc, char **argv);
int ms_cli_audit    (int argc, char **argv);
int ms_cli_diff     (int argc, char **argv);

G_END_DECLS
