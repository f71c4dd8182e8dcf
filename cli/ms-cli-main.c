/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>

#include "ms-blueprint.h"
#include "ms-cli.h"
#include "ms-mapping.h"
#include "ms-profile.h"
#include "ms-save.h"

static const struct
{
  const char       *name;
  MsCliCommandFunc  func;
  const char       *summary;
} commands[] = {
  { "info", ms_cli_info, "Describe a blueprint (text or --json)" },
  { "validate", ms_cli_validate, "Check blueprints against the format's rules" },
  { "convert", ms_cli_convert, "Re-encode a v1 or v2 blueprint as canonical v2" },
  { "demo", ms_cli_demo, "Write the built-in demo island blueprint" },
  { "render", ms_cli_render, "Render a blueprint layer to PNG" },
  { "zone", ms_cli_zone, "Zone layers: info, edit, demo (run “zone” for usage)" },
  { "audit", ms_cli_audit, "Check a blueprint against the format's invariants" },
  { "diff", ms_cli_diff, "Measure what changed between two blueprints (text, --json, -o PNG)" },
  { "stats", ms_cli_stats, "Figures to compare seeds by, one row a blueprint (text, --json, --csv)" },
  { "profile", ms_cli_profile, "Heights, slope and crossings along a path (text, --json, --csv)" },
  { "analyze", ms_cli_analyze, "Depressions, drainage and basins of a blueprint (text or --json)" },
};

int
ms_cli_exit_code_for_error (const GError *error)
{
  if (error->domain == MS_BLUEPRINT_ERROR || error->domain == MS_MAPPING_ERROR)
    return MS_CLI_EXIT_INVALID;
  return MS_CLI_EXIT_USAGE;
}

int
ms_cli_fail (const GError *error)
{
  g_printerr ("mapsmith-cli: %s\n", error->message);
  return ms_cli_exit_code_for_error (error);
}

int
ms_cli_usage_error (GOptionContext *context,
                    const char     *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("mapsmith-cli: %s\n", message);
  if (context != NULL)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("\n%s", help);
    }
  return MS_CLI_EXIT_USAGE;
}

/**
 * ms_cli_args_init:
 * @entries: the command's options, which may point into @args
 * @summary: (nullable): above the options in --help
 * @description: (nullable): below them
 */
void
ms_cli_args_init (MsCliArgs          *args,
                  const GOptionEntry *entries,
                  const char         *parameter_string,
                  const char         *summary,
                  const char         *description)
{
  g_return_if_fail (args->context == NULL);

  args->context = g_option_context_new (parameter_string);
  g_option_context_add_main_entries (args->context, entries, NULL);
  g_option_context_set_summary (args->context, summary);
  g_option_context_set_description (args->context, description);
}

/**
 * ms_cli_args_parse:
 * @n_args: how many arguments must remain after the options, or -1 for any
 * @wrong_args: (nullable): the usage error when they are not @n_args
 */
gboolean
ms_cli_args_parse (MsCliArgs  *args,
                   int         n_args,
                   const char *wrong_args)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (args->context, &args->argc, &args->argv, &error))
    {
      args->exit_code = ms_cli_usage_error (args->context, "%s", error->message);
      return FALSE;
    }
  if (n_args >= 0 && args->argc != n_args + 1)
    {
      args->exit_code = ms_cli_usage_error (args->context, "%s", wrong_args);
      return FALSE;
    }
  return TRUE;
}

/* The profile --profile names, or the built-in placeholder. */
gboolean
ms_cli_args_load_profile (MsCliArgs *args)
{
  g_autoptr(GError) error = NULL;

  if (args->profile_path == NULL)
    args->profile = ms_profile_new_default ();
  else
    args->profile = ms_profile_new_for_path (args->profile_path, &error);
  if (args->profile == NULL)
    {
      g_printerr ("mapsmith-cli: profile: %s\n", error->message);
      args->exit_code = MS_CLI_EXIT_USAGE;
    }
  return args->profile != NULL;
}

/* For tests that change a file under a running command (test-mapping):
 * with MAPSMITH_CLI_PAUSE_AFTER_OPEN naming a file, the first open creates
 * that file and waits, 10 s at most, until the test has removed it, so the
 * change lands between the open and the reads on any machine, however
 * fast the reads have become. */
static void
pause_after_open_for_testing (void)
{
  static gboolean paused;
  const char *marker = g_getenv ("MAPSMITH_CLI_PAUSE_AFTER_OPEN");

  if (marker == NULL || paused)
    return;
  paused = TRUE;
  if (!g_file_set_contents (marker, "", 0, NULL))
    return;
  for (guint i = 0; i < 1000 && g_file_test (marker, G_FILE_TEST_EXISTS); i++)
    g_usleep (10 * 1000);
}

static MsBlueprint *
open_blueprint (MsCliArgs  *args,
                const char *path,
                gboolean    unchecked)
{
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

  if (args->profile == NULL && !ms_cli_args_load_profile (args))
    return NULL;
  bp = unchecked ? ms_blueprint_new_for_path_unchecked (path, args->profile, &error)
                 : ms_blueprint_new_for_path (path, args->profile, &error);
  if (bp == NULL)
    args->exit_code = ms_cli_fail (error);
  else
    pause_after_open_for_testing ();
  return bp;
}

/* The blueprint at @path, read with the profile (loaded first if need be). */
MsBlueprint *
ms_cli_args_open_blueprint (MsCliArgs  *args,
                            const char *path)
{
  return open_blueprint (args, path, FALSE);
}

/* The same, its biome check left to the caller, which runs it beside its
 * own work (ms_blueprint_new_for_path_unchecked ()). */
MsBlueprint *
ms_cli_args_open_blueprint_unchecked (MsCliArgs  *args,
                                      const char *path)
{
  return open_blueprint (args, path, TRUE);
}

/* A write that failed: usage or I/O. */
int
ms_cli_io_error (const GError *error)
{
  g_printerr ("mapsmith-cli: %s\n", error->message);
  return MS_CLI_EXIT_USAGE;
}

/* The reader's warnings, on stderr, each after @display. */
void
ms_cli_print_warnings (MsBlueprint *bp,
                       const char  *display)
{
  for (const char * const *w = ms_blueprint_get_warnings (bp); *w != NULL; w++)
    g_printerr ("%s: warning: %s\n", display, *w);
}

void
ms_cli_args_clear (MsCliArgs *args)
{
  g_clear_pointer (&args->context, g_option_context_free);
  g_clear_pointer (&args->profile_path, g_free);
  g_clear_object (&args->profile);
  g_clear_pointer (&args->size, g_free);
}

/**
 * ms_cli_take_region:
 *
 * GOption has no four-valued option: takes "--region X Y W H" (or
 * "--region=X,Y,W,H") out of argv before GOption parses the rest.  Stops at
 * "--".  On a malformed region, @message says why.
 */
gboolean
ms_cli_take_region (int       *argc,
                    char     **argv,
                    MsRect    *region,
                    gboolean  *have_region,
                    char     **message)
{
  for (int i = 1; i < *argc; i++)
    {
      g_auto(GStrv) parts = NULL;
      guint64 v[4];
      int consumed;

      if (g_str_equal (argv[i], "--"))
        return TRUE;
      if (g_str_equal (argv[i], "--region"))
        {
          if (i + 4 >= *argc)
            {
              *message = g_strdup ("--region needs X Y W H");
              return FALSE;
            }
          parts = g_new0 (char *, 5);
          for (int k = 0; k < 4; k++)
            parts[k] = g_strdup (argv[i + 1 + k]);
          consumed = 5;
        }
      else if (g_str_has_prefix (argv[i], "--region="))
        {
          parts = g_strsplit (argv[i] + strlen ("--region="), ",", -1);
          consumed = 1;
        }
      else
        {
          continue;
        }

      if (g_strv_length (parts) != 4)
        goto bad;
      for (guint k = 0; k < 4; k++)
        if (!g_ascii_string_to_unsigned (parts[k], 10, 0, G_MAXINT32, &v[k], NULL))
          goto bad;
      *region = (MsRect) { (guint) v[0], (guint) v[1], (guint) v[2], (guint) v[3] };
      memmove (&argv[i], &argv[i + consumed], sizeof (char *) * (size_t) (*argc - i - consumed + 1));
      *argc -= consumed;
      *have_region = TRUE;
      return TRUE;

    bad:
      *message = g_strdup ("--region needs four non-negative integers X Y W H");
      return FALSE;
    }
  return TRUE;
}

static void
print_usage (FILE *stream)
{
  fprintf (stream, "Usage: mapsmith-cli COMMAND [OPTION…] ARGUMENTS\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (stream, "\nRun “mapsmith-cli COMMAND --help” for a command's options.\n"
                   "Exit status: 0 success, 1 invalid input file, 2 usage or I/O error.\n");
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");

  if (argc < 2)
    {
      print_usage (stderr);
      return MS_CLI_EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") ||
      g_str_equal (argv[1], "help"))
    {
      print_usage (stdout);
      return MS_CLI_EXIT_OK;
    }

  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("mapsmith-cli %s\n", PACKAGE_VERSION);
      return MS_CLI_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        g_autoptr(GError) error = NULL;
        g_auto(MsCliArgs) args = { .argc = argc - 1, .argv = argv + 1 };
        int status = commands[i].func (&args);

        /* The backstop: whatever a command printed from a file that shrank
         * under it was partly zeros, so it did not succeed. */
        if (status != MS_CLI_EXIT_INVALID && !ms_mapping_check_all (&error))
          {
            g_printerr ("mapsmith-cli: %s; what was printed is not to be trusted\n",
                        error->message);
            return MS_CLI_EXIT_INVALID;
          }
        return status;
      }

  g_printerr ("mapsmith-cli: unknown command “%s”\n\n", argv[1]);
  print_usage (stderr);
  return MS_CLI_EXIT_USAGE;
}
