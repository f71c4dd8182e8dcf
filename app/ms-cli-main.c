/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <locale.h>
#include <stdio.h>

#include "ms-blueprint.h"
#include "ms-cli.h"
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
};

int
ms_cli_exit_code_for_error (const GError *error)
{
  if (error->domain == MS_BLUEPRINT_ERROR)
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

gboolean
ms_cli_parse_options (GOptionContext   *context,
                      int              *argc,
                      char           ***argv,
                      int              *exit_code)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *exit_code = ms_cli_usage_error (context, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * ms_cli_load_profile:
 * @path: (nullable): a profile file, or %NULL for the built-in placeholder
 */
MsProfile *
ms_cli_load_profile (const char *path,
                     int        *exit_code)
{
  g_autoptr(GError) error = NULL;
  MsProfile *profile;

  if (path == NULL)
    return ms_profile_new_default ();

  profile = ms_profile_new_for_path (path, &error);
  if (profile == NULL)
    {
      g_printerr ("mapsmith-cli: profile: %s\n", error->message);
      *exit_code = MS_CLI_EXIT_USAGE;
    }
  return profile;
}

void
ms_cli_print_json (JsonNode *root)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);
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
      return commands[i].func (argc - 1, argv + 1);

  g_printerr ("mapsmith-cli: unknown command “%s”\n\n", argv[1]);
  print_usage (stderr);
  return MS_CLI_EXIT_USAGE;
}
