/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * mapsmith-cli zone: info, edit, demo, render, list, journal, mask, audit (and profile, in
 * ms-cli-profile.c).  Thin wrappers over MsZone;
 * every edit goes through the same engine and save path as the app, every
 * image through the CPU zone renderer and the same PNG save path.
 */
#define G_LOG_DOMAIN "mapsmith-cli"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-cli.h"
#include "ms-cli-json.h"
#include "ms-contours.h"
#include "ms-demo-zone.h"
#include "ms-png-writer.h"
#include "ms-save.h"
#include "ms-zone.h"
#include "ms-zone-audit.h"
#include "ms-zone-backup.h"
#include "ms-zone-directory.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-mask.h"
#include "ms-zone-op.h"
#include "ms-zone-region.h"
#include "ms-zone-renderer.h"

/* Bad input (a layer file, an operation) is 1; usage, a missing folder and
 * every I/O or save failure is 2. */
static int
zone_fail (const GError *error)
{
  g_printerr ("mapsmith-cli: %s\n", error->message);
  if ((error->domain == MS_ZONE_ERROR && error->code != MS_ZONE_ERROR_NOT_FOUND) ||
      error->domain == MS_ZONE_REGION_ERROR || error->domain == MS_ZONE_JOURNAL_ERROR ||
      error->domain == MS_ZONE_MASK_ERROR || error->domain == MS_ZONE_OP_ERROR)
    return MS_CLI_EXIT_INVALID;
  return MS_CLI_EXIT_USAGE;
}

static gboolean
parse_size (const char *text,
            guint      *width,
            guint      *height)
{
  g_auto(GStrv) parts = NULL;
  guint64 w, h;

  if (text == NULL)
    {
      *width = *height = 0;
      return TRUE;
    }
  parts = g_strsplit (text, "x", 2);
  if (!g_ascii_string_to_unsigned (parts[0], 10, 1, G_MAXUINT16, &w, NULL))
    return FALSE;
  if (parts[1] == NULL)
    h = w;
  else if (!g_ascii_string_to_unsigned (parts[1], 10, 1, G_MAXUINT16, &h, NULL))
    return FALSE;
  *width = (guint) w;
  *height = (guint) h;
  return TRUE;
}

static gboolean
parse_zone_id (const char *text,
               guint      *id)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &v, NULL))
    return FALSE;
  *id = (guint) v;
  return TRUE;
}

/* ---------------------------------------------------------------- info -- */

static void
collect_stats (MsZone    *zone,
               MsCliZoneStats *s)
{
  guint w = ms_zone_get_width (zone), h = ms_zone_get_height (zone);
  gboolean control = ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL);
  gboolean blocks = ms_zone_has_layer (zone, MS_ZONE_LAYER_BLOCKS);
  gboolean plants = ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS);
  gboolean altitude = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE);

  memset (s, 0, sizeof *s);
  s->spawn_min = s->alt_min = G_MAXUINT;
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        if (control)
          {
            guint16 c = ms_zone_get_control (zone, x, y);
            for (guint bit = 0; bit < 16; bit++)
              s->control[bit] += (c >> bit) & 1;
          }
        if (blocks)
          {
            guint8 f = ms_zone_get_blocking_flags (zone, x, y);
            for (guint bit = 0; bit < 8; bit++)
              s->blocks[bit] += (f >> bit) & 1;
          }
        if (plants)
          {
            guint8 p[MS_ZONE_PLANT_INFO_SIZE];
            guint spawn;

            ms_zone_get_plant (zone, x, y, p);
            spawn = p[MS_ZONE_PLANT_SPAWN];
            s->live += p[MS_ZONE_PLANT_TYPE] != 0;
            s->spawn_min = MIN (s->spawn_min, spawn);
            s->spawn_max = MAX (s->spawn_max, spawn);
            s->spawn_sum += spawn;
            s->spawn_zero += spawn == 0;
          }
        if (altitude)
          {
            guint a = ms_zone_get_altitude (zone, x, y);
            s->alt_min = MIN (s->alt_min, a);
            s->alt_max = MAX (s->alt_max, a);
          }
      }
}

static void
print_info_text (MsZone    *zone,
                 MsCliZoneStats *s)
{
  guint64 tiles = (guint64) ms_zone_get_width (zone) * ms_zone_get_height (zone);
  const MsZoneFlagInfo *flags;
  guint n_flags;

  g_print ("zone %u: %u×%u tiles (row-major)%s\n", ms_zone_get_id (zone),
           ms_zone_get_width (zone), ms_zone_get_height (zone),
           ms_zone_is_terraformable (zone) ? ", terraformable" : "");
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    if (ms_zone_has_layer (zone, l))
      g_print ("  %-18s %u B/tile  %s\n", ms_zone_layer_get_name (l),
               ms_zone_get_file_bytes_per_tile (zone, l), ms_zone_get_layer_path (zone, l));
  if (ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL))
    {
      flags = ms_zone_control_flags (&n_flags);
      g_print ("control:");
      for (guint i = 0; i < n_flags; i++)
        g_print (" %s=%" G_GUINT64_FORMAT, flags[i].name,
                 s->control[g_bit_nth_lsf (flags[i].bit, -1)]);
      g_print ("\n");
    }
  if (ms_zone_has_layer (zone, MS_ZONE_LAYER_BLOCKS))
    {
      flags = ms_zone_blocking_flags (&n_flags);
      g_print ("blocks:");
      for (guint i = 0; i < n_flags; i++)
        g_print (" %s=%" G_GUINT64_FORMAT, flags[i].name,
                 s->blocks[g_bit_nth_lsf (flags[i].bit, -1)]);
      g_print ("\n");
    }
  if (ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS))
    g_print ("plants: %" G_GUINT64_FORMAT " live; spawn min %u max %u mean %.2f, "
             "%" G_GUINT64_FORMAT " sterile tiles\n", s->live, s->spawn_min, s->spawn_max,
             (double) s->spawn_sum / (double) tiles, s->spawn_zero);
  if (ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE))
    g_print ("altitude: raw %u..%u, height (raw >> 5) %u..%u\n",
             s->alt_min, s->alt_max, s->alt_min >> 5, s->alt_max >> 5);
}

/* An interrupted save finished or undone on the way in: say so. */
static void
print_open_notes (MsZone *zone)
{
  GPtrArray *notes = ms_zone_get_open_notes (zone);

  for (guint i = 0; i < notes->len; i++)
    g_printerr ("mapsmith-cli: %s\n", (const char *) g_ptr_array_index (notes, i));
}

/* DIR ZONEID, or one FILE.bin */
static MsZone *
open_zone (MsCliArgs  *args,
           char      **argv,
           int         n_args)
{
  GOptionContext *context = args->context;
  const char *size = args->size;
  int *exit_code = &args->exit_code;
  g_autoptr(GError) error = NULL;
  guint width, height, id;
  MsZone *zone;

  if (!parse_size (size, &width, &height))
    {
      *exit_code = ms_cli_usage_error (context, "--size wants WxH (or N), got “%s”", size);
      return NULL;
    }
  if (n_args == 1 && g_str_has_suffix (argv[1], ".bin"))
    zone = ms_zone_new_for_file (argv[1], width, height, args->profile, &error);
  else if (n_args == 2)
    {
      if (!parse_zone_id (argv[2], &id))
        {
          *exit_code = ms_cli_usage_error (context, "ZONEID must be a number, got “%s”", argv[2]);
          return NULL;
        }
      zone = ms_zone_new_for_dir (argv[1], id, width, height, args->profile, &error);
    }
  else
    {
      *exit_code = ms_cli_usage_error (context, "expected DIR ZONEID");
      return NULL;
    }
  if (zone == NULL)
    *exit_code = zone_fail (error);
  else
    print_open_notes (zone);
  return zone;
}

MsZone *
ms_cli_open_zone (MsCliArgs  *args,
                  char      **argv,
                  int         n_args)
{
  return open_zone (args, argv, n_args);
}

static int
zone_info (MsCliArgs *args)
{
  g_autoptr(MsZone) zone = NULL;
  MsCliZoneStats stats;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_JSON (args, "Print JSON"),
    MS_CLI_OPTION_ZONE_SIZE (args),
    MS_CLI_OPTION_PROFILE (args, 0, "Game profile"),
    { NULL }
  };

  ms_cli_args_init (args, entries, "DIR ZONEID | FILE.bin",
                    "Describe a zone's layers.  Tile (x, y) is at index y * width + x (row-major).",
                    NULL);
  if (!ms_cli_args_parse (args, -1, NULL) || !ms_cli_args_load_profile (args) ||
      (zone = open_zone (args, args->argv, args->argc - 1)) == NULL)
    return args->exit_code;

  collect_stats (zone, &stats);
  if (args->json)
    ms_cli_print_json (ms_cli_json_zone_info (zone, &stats));
  else
    print_info_text (zone, &stats);
  return MS_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------- edit -- */

/* How the commands that write a zone save it: --force, --backup and
 * --check, and the zone's audit before the edit, to say what it adds. */
typedef struct
{
  gboolean   force;
  gboolean   check;
  char      *backup;
  GPtrArray *before;   /* MsAuditFinding*: the zone as opened */
} ZoneSave;

static void
zone_save_clear (ZoneSave *save)
{
  g_clear_pointer (&save->backup, g_free);
  g_clear_pointer (&save->before, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ZoneSave, zone_save_clear)

/* Taken once the zone is open, before any edit. */
static void
zone_save_audit_before (ZoneSave *save,
                        MsZone   *zone)
{
  g_clear_pointer (&save->before, g_ptr_array_unref);
  save->before = ms_zone_audit (zone, NULL, NULL, NULL, NULL);
}

/* The findings the edit adds (ms_zone_audit_compare ()), one line each on
 * stderr; TRUE when there are some. */
static gboolean
report_added_findings (MsZone         *zone,
                       const ZoneSave *save)
{
  g_autoptr(GPtrArray) after = ms_zone_audit (zone, NULL, NULL, NULL, NULL);
  g_autoptr(GArray) changes = ms_zone_audit_compare (save->before, after);

  for (guint i = 0; i < changes->len; i++)
    {
      g_autofree char *text = ms_zone_audit_describe_change (&g_array_index (changes, MsZoneAuditChange, i));

      g_printerr ("mapsmith-cli: the edit adds %s\n", text);
    }
  return changes->len > 0;
}

/* Saves, with a backup of what it replaces first when --backup is given;
 * says the findings the edit adds, and with --check refuses to save them.
 * The exit status, the failure said. */
static int
save_zone (MsZone          *zone,
           const ZoneSave  *save)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  if (report_added_findings (zone, save))
    {
      if (save->check)
        {
          g_printerr ("mapsmith-cli: nothing was saved (--check); “zone audit” lists every finding\n");
          return MS_CLI_EXIT_FINDINGS;
        }
      g_printerr ("mapsmith-cli: saving anyway (--check refuses such a save)\n");
    }
  if (save->backup != NULL)
    {
      g_autofree char *folder = ms_zone_backup_layers (zone, save->backup, NULL, &error);

      if (folder == NULL && error != NULL)
        return zone_fail (error);
      if (folder != NULL)
        g_printerr ("mapsmith-cli: backed up to %s\n", folder);
    }
  if (!ms_zone_save (zone, save->force ? MS_ZONE_SAVE_FLAGS_FORCE : MS_ZONE_SAVE_FLAGS_NONE,
                     warnings, NULL, &error))
    return zone_fail (error);
  for (guint i = 0; i < warnings->len; i++)
    g_printerr ("mapsmith-cli: warning: %s\n", (const char *) g_ptr_array_index (warnings, i));
  return MS_CLI_EXIT_OK;
}

static int
zone_edit (MsCliArgs *args)
{
  g_auto(ZoneSave) save = { 0, };
  g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_zone_op_spec_free);
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *journal = NULL;
  guint64 touched = 0;
  int code;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_ZONE_SIZE (args),
    { "force", 0, 0, G_OPTION_ARG_NONE, &save.force, "Overwrite files that changed on disk, or are read-only", NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &save.check,
      "Save nothing (exit 3) if the edit adds audit findings (zone audit)", NULL },
    MS_CLI_OPTION_PROFILE (args, 0, "Game profile"),
    { "journal", 0, 0, G_OPTION_ARG_FILENAME, &journal,
      "Write the edits to this journal instead of saving (as a crash would leave them)", "FILE" },
    { "backup", 0, 0, G_OPTION_ARG_FILENAME, &save.backup,
      "Copy the files about to be replaced under this folder first", "DIR" },
    { NULL }
  };

  ms_cli_args_init (args, entries, "DIR ZONEID OP...",
    "Apply operations to a zone as one transaction, then save once.\n"
    "Tile (x, y) is at index y * width + x (row-major).\n\n"
    "OP (one argument each):\n"
    "  set FLAG REGION | clear FLAG REGION | spawn VALUE REGION\n"
    "  (spawn +N / -N adds, *F scales; clamped to 0..255)\n"
    "REGION:\n"
    "  rect X Y W H | polygon X1 Y1 X2 Y2 X3 Y3 ... | fill X Y\n"
    "  stroke round|square R X1 Y1 [X2 Y2 ...]\n"
    "  where LAYER OP VALUE   LAYER: altitude height slope spawn ground plant control flag;\n"
    "                         OP: < <= > >= == !=\n\n"
    "Findings of “zone audit” the edit adds (new, or on more tiles than before it)\n"
    "are said on stderr; with --check nothing is saved then, and the exit status is 3.", NULL);
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;
  if (args->argc < 4)
    return ms_cli_usage_error (args->context, "expected DIR ZONEID OP...");

  /* Parse every operation before touching anything. */
  for (int i = 3; i < args->argc; i++)
    {
      MsZoneOpSpec *op = ms_zone_op_spec_parse (args->argv[i], &error);
      if (op == NULL)
        return zone_fail (error);
      g_ptr_array_add (ops, op);
    }

  if (!ms_cli_args_load_profile (args) || (zone = open_zone (args, args->argv, 2)) == NULL)
    return args->exit_code;
  if (journal == NULL)
    zone_save_audit_before (&save, zone);

  ms_zone_begin_step (zone);
  for (guint i = 0; i < ops->len; i++)
    {
      guint64 n_tiles;

      if (!ms_zone_op_spec_apply (g_ptr_array_index (ops, i), zone, &n_tiles, &error))
        {
          ms_zone_end_step (zone);
          g_printerr ("mapsmith-cli: nothing was saved\n");
          return zone_fail (error);
        }
      touched += n_tiles;
    }
  ms_zone_end_step (zone);

  if (journal != NULL)
    {
      if (!ms_zone_journal_write (zone, journal, NULL, &error))
        return zone_fail (error);
      g_print ("zone %u: %u operation%s over %" G_GUINT64_FORMAT " tiles, journaled, not saved\n",
               ms_zone_get_id (zone), ops->len, ops->len == 1 ? "" : "s", touched);
      return MS_CLI_EXIT_OK;
    }
  if ((code = save_zone (zone, &save)) != MS_CLI_EXIT_OK)
    return code;

  g_print ("zone %u: %u operation%s over %" G_GUINT64_FORMAT " tiles, saved\n",
           ms_zone_get_id (zone), ops->len, ops->len == 1 ? "" : "s", touched);
  return MS_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------- demo -- */

static int
zone_demo (MsCliArgs *args)
{
  g_autoptr(GError) error = NULL;
  gint size = MS_DEMO_ZONE_DEFAULT_SIZE;
  gboolean terraformable = FALSE;
  guint id;
  GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_INT, &size, "Zone side in tiles (16..4096)", "N" },
    { "terraformable", 0, 0, G_OPTION_ARG_NONE, &terraformable,
      "Also write altitude_blend and altitude_original", NULL },
    { NULL }
  };

  ms_cli_args_init (args, entries, "DIR ZONEID", "Write a made-up zone's layer files.", NULL);
  if (!ms_cli_args_parse (args, 2, "expected DIR ZONEID"))
    return args->exit_code;
  if (!parse_zone_id (args->argv[2], &id))
    return ms_cli_usage_error (args->context, "ZONEID must be a number, got “%s”", args->argv[2]);
  if (size < 16 || size > 4096)
    return ms_cli_usage_error (args->context, "--size must be 16..4096, got %d", size);
  if (!g_file_test (args->argv[1], G_FILE_TEST_IS_DIR))
    return ms_cli_usage_error (NULL, "“%s” is not a folder", args->argv[1]);

  if (!ms_demo_zone_write (args->argv[1], id, (guint) size, terraformable, &error))
    return zone_fail (error);
  return MS_CLI_EXIT_OK;
}

/* -------------------------------------------------------------- render -- */

/* Names as the spec spells them (case does not matter), comma-separated. */
static gboolean
parse_render_flags (const char        *text,
                    MsZoneRenderLayer  layer,
                    guint16           *out,
                    char             **message)
{
  g_auto(GStrv) names = g_strsplit (text, ",", -1);
  const MsZoneFlagInfo *table;
  guint n_table;

  table = layer == MS_ZONE_RENDER_LAYER_BLOCKS ? ms_zone_blocking_flags (&n_table)
                                               : ms_zone_control_flags (&n_table);
  *out = 0;
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      guint j;

      if (name[0] == '\0')
        continue;
      for (j = 0; j < n_table; j++)
        if (g_ascii_strcasecmp (name, table[j].name) == 0)
          break;
      if (j == n_table)
        {
          g_autoptr(GString) known = g_string_new (NULL);

          for (j = 0; j < n_table; j++)
            g_string_append_printf (known, "%s%s", j ? ", " : "", table[j].name);
          *message = g_strdup_printf ("“%s” is not a %s flag (%s)", name,
                                      layer == MS_ZONE_RENDER_LAYER_BLOCKS ? "blocks" : "control",
                                      known->str);
          return FALSE;
        }
      *out |= table[j].bit;
    }
  if (*out == 0)
    {
      *message = g_strdup ("--flags names no flag");
      return FALSE;
    }
  return TRUE;
}

static int
zone_render (MsCliArgs *args)
{
  g_auto(MsCliImage) image = { 0, };
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *layer_name = NULL;
  g_autofree char *flag_names = NULL;
  g_autofree char *overlay_names = NULL;
  g_autofree char *message = NULL;
  MsZoneStyle style;
  double exaggeration = NAN, shade_strength = NAN, opacity = NAN;  /* NAN: the style's */
  gboolean grey_relief = FALSE, multidirectional = FALSE;
  g_autofree char *contours = NULL;
  GOptionEntry entries[] = {
    MS_CLI_OPTION_ZONE_SIZE (args),
    MS_CLI_OPTION_PROFILE (args, 'p', "Game profile (plant and ground type colours)"),
    MS_CLI_OPTION_OUTPUT (&image),
    { "layer", 'l', 0, G_OPTION_ARG_STRING, &layer_name,
      "altitude (default), control, blocks, plants, spawn, slope, plant-allowed or overlays",
      "LAYER" },
    { "flags", 0, 0, G_OPTION_ARG_STRING, &flag_names,
      "control, blocks or overlays: only these flags, e.g. AntiPlant,TerraformProtected "
      "(default all; for overlays, the control flags)", "A,B" },
    { "overlays", 0, 0, G_OPTION_ARG_STRING, &overlay_names,
      "overlays: spawn, slope, plants, plant-allowed, blocks, control (default control)", "A,B" },
    { "grey-relief", 0, 0, G_OPTION_ARG_NONE, &grey_relief,
      "overlays: grey relief under them, not the map's terrain colours", NULL },
    { "max-size", 0, 0, G_OPTION_ARG_INT, &image.max_size, "Largest side of the image; blocks of tiles are reduced to fit", "N" },
    { "exaggeration", 0, 0, G_OPTION_ARG_DOUBLE, &exaggeration, "Vertical exaggeration for shading (0.25)", "F" },
    { "shade", 0, 0, G_OPTION_ARG_DOUBLE, &shade_strength, "Shading strength 0..1 (0.6); 0 gives flat colours", "S" },
    { "opacity", 0, 0, G_OPTION_ARG_DOUBLE, &opacity,
      "Opacity of flag and plant-allowed tints, and of every overlay, 0..1 (0.65)", "A" },
    { "contours", 0, 0, G_OPTION_ARG_STRING, &contours,
      "Contour lines every INTERVAL height units (altitude / 32), at OPACITY 0..1 (0.7)", "INTERVAL[:OPACITY]" },
    { "multidirectional", 0, 0, G_OPTION_ARG_NONE, &multidirectional,
      "Light the relief from 225°, 270°, 315° and 360° as gdaldem -multidirectional does", NULL },
    { NULL }
  };

  ms_cli_args_init (args, entries, "DIR ZONEID | FILE.bin -o OUT.png — render a zone layer", NULL,
    "Tile (x, y) is at index y * width + x (row-major); image column = x, row = y.\n"
    "--region X Y W H renders only those tiles.\n"
    "spawn: white is sterile (0), then blue to red; spawn / 256 is the per-attempt\n"
    "chance a tile sprouts.  slope: greens pass the server's check (slope < 16),\n"
    "yellow to dark red fail it.  Heights are altitude / 32 against 1 tile = 1 unit.\n"
    "altitude: the zone as a map (docs/ZONE_MAP.md): water below height 55, a coast,\n"
    "land coloured over the zone's own height span, roads, pads and blocks on top.\n"
    "overlays: the shaded map terrain (or --grey-relief), then spawn, slope, live\n"
    "plants, plant-allowed, blocks and control mixed over it in that order, each at\n"
    "--opacity; several control flags on a tile mix lowest bit first.  An overlay\n"
    "whose layer the zone lacks is left out.  --contours draws one-pixel lines over\n"
    "every shaded layer (not spawn or slope) where the height crosses a multiple of\n"
    "INTERVAL, e.g. --contours=2 or --contours=1:1.");
  if (!ms_cli_image_parse (&image, args, -1, NULL))
    return args->exit_code;

  ms_zone_style_init (&style);
  if (layer_name != NULL && !ms_zone_render_layer_from_string (layer_name, &style.layer))
    return ms_cli_usage_error (args->context, "unknown layer “%s” (altitude, control, blocks, plants, "
                                        "spawn, slope, plant-allowed)", layer_name);
  if (flag_names != NULL)
    {
      if (style.layer == MS_ZONE_RENDER_LAYER_OVERLAYS)
        {
          /* The composite's --flags are its control flags. */
          if (!parse_render_flags (flag_names, MS_ZONE_RENDER_LAYER_CONTROL, &style.control_flags,
                                   &message))
            return ms_cli_usage_error (args->context, "%s", message);
        }
      else if (style.layer != MS_ZONE_RENDER_LAYER_CONTROL &&
               style.layer != MS_ZONE_RENDER_LAYER_BLOCKS)
        return ms_cli_usage_error (args->context, "--flags is for --layer control, blocks or overlays");
      else if (!parse_render_flags (flag_names, style.layer, &style.flags, &message))
        return ms_cli_usage_error (args->context, "%s", message);
    }
  if ((overlay_names != NULL || grey_relief) && style.layer != MS_ZONE_RENDER_LAYER_OVERLAYS)
    return ms_cli_usage_error (args->context, "--overlays and --grey-relief are for --layer overlays");
  if (overlay_names != NULL)
    {
      g_autofree char *bad = NULL;

      if (!ms_zone_overlays_from_string (overlay_names, &style.overlays, &bad))
        return ms_cli_usage_error (args->context, "“%s” is not an overlay (spawn, slope, plants, "
                                            "plant-allowed, blocks, control)", bad);
    }
  style.tint_altitude = !grey_relief;
  if (image.max_size < 0)
    return ms_cli_usage_error (args->context, "--max-size must not be negative");
  if (!isnan (exaggeration) && !(exaggeration > 0 && exaggeration <= 1000))
    return ms_cli_usage_error (args->context, "--exaggeration must be in (0, 1000]");
  if (!isnan (shade_strength) && !(shade_strength >= 0 && shade_strength <= 1))
    return ms_cli_usage_error (args->context, "--shade must be in 0..1");
  if (!isnan (opacity) && !(opacity >= 0 && opacity <= 1))
    return ms_cli_usage_error (args->context, "--opacity must be in 0..1");
  if (contours != NULL && !ms_contours_parse (contours, "--contours", &style.contour_interval,
                                              &style.contour_opacity, &error))
    return ms_cli_usage_error (args->context, "%s", error->message);
  style.light.multidirectional = multidirectional;
  if (!isnan (exaggeration))
    style.exaggeration = (float) exaggeration;
  if (!isnan (shade_strength))
    style.shade_strength = (float) shade_strength;
  if (!isnan (opacity))
    {
      style.overlay_opacity = (float) opacity;
      for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
        style.overlay_opacities[i] = (float) opacity;
    }

  if (!ms_cli_args_load_profile (args) || (zone = open_zone (args, args->argv, args->argc - 1)) == NULL)
    return args->exit_code;
  if (image.have_region &&
      !ms_cli_image_check_region (&image, ms_zone_get_width (zone), ms_zone_get_height (zone), "zone"))
    return MS_CLI_EXIT_USAGE;

  image.surface = ms_render_zone (zone, &style, image.have_region ? &image.region : NULL,
                                  (guint) image.max_size, NULL, &error);
  if (image.surface == NULL || !ms_cli_image_save (&image, &error))
    return zone_fail (error);
  return MS_CLI_EXIT_OK;
}

/* ---------------------------------------------------------------- list -- */

static int
zone_list (MsCliArgs *args)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  GOptionEntry options[] = {
    MS_CLI_OPTION_JSON (args, "Print JSON"),
    { NULL }
  };

  ms_cli_args_init (args, options, "DIR",
                    "List the zones of a layers folder ({layer}.{id:0000}.bin files), by id, "
                    "with their size and layers.", NULL);
  if (!ms_cli_args_parse (args, 1, "expected DIR"))
    return args->exit_code;

  entries = ms_zone_directory_scan (args->argv[1], NULL, &error);
  if (entries == NULL)
    return zone_fail (error);

  if (args->json)
    ms_cli_print_json (ms_cli_json_zone_list (entries));
  if (entries->len == 0)
    {
      /* The folder of a game's zone folders: say where the zones are
       * rather than list nothing and succeed. */
      g_auto(GStrv) folders = ms_zone_directory_find_zone_folders (args->argv[1], NULL);

      if (folders != NULL && folders[0] != NULL)
        {
          g_autofree char *names = g_strjoinv (", ", folders);
          g_autofree char *first = g_build_filename (args->argv[1], folders[0], NULL);

          g_printerr ("mapsmith-cli: “%s” holds no zone layer files, but the folders in it do (%s): "
                      "list one of them, e.g. mapsmith-cli zone list %s\n", args->argv[1], names, first);
          return MS_CLI_EXIT_USAGE;
        }
    }
  if (args->json)
    return MS_CLI_EXIT_OK;

  for (guint i = 0; i < entries->len; i++)
    {
      MsZoneDirEntry *e = g_ptr_array_index (entries, i);
      g_autoptr(GString) layers = g_string_new (NULL);

      for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
        if (e->layers & (1u << l))
          g_string_append_printf (layers, "%s%s", layers->len ? "," : "", ms_zone_layer_get_name (l));
      if (e->problem != NULL)
        g_print ("%04u  ?  %s  problem: %s\n", e->id, layers->str, e->problem);
      else
        g_print ("%04u  %u×%u%s  %s\n", e->id, e->width, e->height,
                 e->terraformable ? "  terraformable" : "", layers->str);
    }
  return MS_CLI_EXIT_OK;
}

/* ------------------------------------------------------------- journal -- */

static void
print_journal (MsZoneJournalInfo *info)
{
  if (info->problem != NULL)
    g_print ("%s: unreadable: %s\n", info->path, info->problem);
  else
    g_print ("%s: zone %u in %s, %u×%u, %" G_GUINT64_FORMAT " tiles%s\n", info->path,
             info->zone_id, info->dir, info->width, info->height, info->n_tiles,
             info->changed_on_disk ? ", layer files changed on disk since" : "");
}

static int
zone_journal (MsCliArgs *args)
{
  g_auto(ZoneSave) save = { 0, };
  g_autoptr(GError) error = NULL;
  gboolean keep = FALSE;
  GOptionEntry options[] = {
    MS_CLI_OPTION_JSON (args, "Print JSON (list, show)"),
    { "force", 0, 0, G_OPTION_ARG_NONE, &save.force,
      "apply: even if the layer files changed on disk since the journal was written", NULL },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "apply: keep the journal after saving", NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &save.check,
      "apply: save nothing (exit 3) if the journal's edits add audit findings", NULL },
    { "backup", 0, 0, G_OPTION_ARG_FILENAME, &save.backup,
      "apply: copy the files about to be replaced under this folder first", "DIR" },
    { NULL }
  };

  ms_cli_args_init (args, options, "list | show FILE | apply FILE",
    "Unsaved-edit journals (crash recovery).\n"
    "  list        the journals waiting in the user's state folder\n"
    "  show FILE   what a journal holds\n"
    "  apply FILE  re-apply a journal to its zone, save, and remove the journal;\n"
    "              findings of “zone audit” its edits add are said on stderr, and\n"
    "              with --check refuse the save (exit 3, the journal kept)", NULL);
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;

  if (args->argc == 2 && g_str_equal (args->argv[1], "list"))
    {
      g_autoptr(GPtrArray) infos = ms_zone_journal_list (&error);

      if (infos == NULL)
        return zone_fail (error);
      if (args->json)
        ms_cli_print_json (ms_cli_json_journal_list (infos));
      else
        for (guint i = 0; i < infos->len; i++)
          print_journal (g_ptr_array_index (infos, i));
      return MS_CLI_EXIT_OK;
    }

  if (args->argc == 3 && g_str_equal (args->argv[1], "show"))
    {
      g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (args->argv[2], &error);

      if (info == NULL)
        return zone_fail (error);
      if (args->json)
        ms_cli_print_json (ms_cli_json_journal (info));
      else
        print_journal (info);
      return MS_CLI_EXIT_OK;
    }

  if (args->argc == 3 && g_str_equal (args->argv[1], "apply"))
    {
      g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (args->argv[2], &error);
      g_autoptr(MsZone) zone = NULL;
      int code;

      if (info == NULL)
        return zone_fail (error);
      if (info->changed_on_disk && !save.force)
        {
          g_printerr ("mapsmith-cli: the layer files of zone %u in %s changed on disk since the "
                      "journal was written; nothing was applied (--force applies it anyway, "
                      "tile by tile over the new files)\n", info->zone_id, info->dir);
          return MS_CLI_EXIT_INVALID;
        }
      zone = ms_zone_new_for_dir (info->dir, info->zone_id, info->width, info->height, NULL,
                                  &error);
      if (zone != NULL)
        {
          print_open_notes (zone);
          zone_save_audit_before (&save, zone);
        }
      if (zone == NULL || !ms_zone_journal_apply (zone, args->argv[2], &error))
        return zone_fail (error);
      /* The journal was taken against what is on disk now, or --force said
       * to write over it. */
      if ((code = save_zone (zone, &save)) != MS_CLI_EXIT_OK)
        return code;
      if (!keep && g_unlink (args->argv[2]) != 0)
        g_printerr ("mapsmith-cli: warning: could not remove %s: %s\n", args->argv[2], g_strerror (errno));
      g_print ("zone %u: %" G_GUINT64_FORMAT " journaled tiles applied, saved\n",
               info->zone_id, info->n_tiles);
      return MS_CLI_EXIT_OK;
    }

  return ms_cli_usage_error (args->context, "expected list, show FILE or apply FILE");
}

/* ---------------------------------------------------------------- mask -- */

static int
zone_mask (MsCliArgs *args)
{
  g_auto(ZoneSave) save = { 0, };
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *flag = NULL;
  g_autofree char *output = NULL;
  gboolean plant_allowed = FALSE, set = FALSE, clear = FALSE;
  guint16 mask = 0;
  GOptionEntry options[] = {
    { "flag", 0, 0, G_OPTION_ARG_STRING, &flag, "The control flag (a name or a bit mask)", "NAME" },
    { "plant-allowed", 0, 0, G_OPTION_ARG_NONE, &plant_allowed,
      "export: the tiles where plants may grow", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "export: the PNG to write", "OUT.png" },
    { "set", 0, 0, G_OPTION_ARG_NONE, &set, "import: set the flag on the mask's tiles", NULL },
    { "clear", 0, 0, G_OPTION_ARG_NONE, &clear, "import: clear the flag on the mask's tiles", NULL },
    MS_CLI_OPTION_ZONE_SIZE (args),
    { "force", 0, 0, G_OPTION_ARG_NONE, &save.force, "import: overwrite files that changed on disk, or are read-only", NULL },
    { "check", 0, 0, G_OPTION_ARG_NONE, &save.check,
      "import: save nothing (exit 3) if the import adds audit findings", NULL },
    { "backup", 0, 0, G_OPTION_ARG_FILENAME, &save.backup,
      "import: copy the files about to be replaced under this folder first", "DIR" },
    { NULL }
  };

  ms_cli_args_init (args, options, "export DIR ZONEID -o OUT.png | import DIR ZONEID MASK.png",
    "PNG masks of control flags, one pixel per tile: pixel (x, y) is tile (x, y), row-major.\n"
    "export writes 255 where the flag (or plant-allowed) is set, 0 elsewhere.\n"
    "import sets or clears the flag where a pixel has a non-zero colour channel and non-zero\n"
    "alpha (the game server's bitmap import), then saves; findings of “zone audit” it adds\n"
    "are said on stderr, and --check refuses such a save (exit 3).", NULL);
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;
  if (args->argc < 2 || !(g_str_equal (args->argv[1], "export") || g_str_equal (args->argv[1], "import")))
    return ms_cli_usage_error (args->context, "expected export or import");
  if (flag != NULL && !ms_zone_op_parse_flag (flag, &mask, &error))
    return zone_fail (error);

  if (g_str_equal (args->argv[1], "export"))
    {
      if ((flag != NULL) == plant_allowed)
        return ms_cli_usage_error (args->context, "export wants one of --flag NAME or --plant-allowed");
      if (output == NULL)
        return ms_cli_usage_error (args->context, "export wants -o OUT.png");
      if (args->argc != 4)
        return ms_cli_usage_error (args->context, "expected export DIR ZONEID");
      if ((zone = open_zone (args, args->argv + 1, 2)) == NULL)
        return args->exit_code;
      if (!(plant_allowed ? ms_zone_mask_export_plant_allowed (zone, output, NULL, &error)
                          : ms_zone_mask_export_flag (zone, mask, output, NULL, &error)))
        return zone_fail (error);
      return MS_CLI_EXIT_OK;
    }
  else
    {
      MsZoneOp op = { set ? MS_ZONE_OP_SET_FLAG : MS_ZONE_OP_CLEAR_FLAG, mask, 0, 0 };
      g_autoptr(MsZoneRegion) region = NULL;
      int code;

      if (flag == NULL || set == clear)
        return ms_cli_usage_error (args->context, "import wants --flag NAME and one of --set or --clear");
      if (args->argc != 5)
        return ms_cli_usage_error (args->context, "expected import DIR ZONEID MASK.png");
      if ((zone = open_zone (args, args->argv + 1, 2)) == NULL)
        return args->exit_code;
      region = ms_zone_mask_import (args->argv[4], ms_zone_get_width (zone), ms_zone_get_height (zone),
                                    &error);
      zone_save_audit_before (&save, zone);
      if (region == NULL || !ms_zone_apply (zone, &op, region, &error))
        return zone_fail (error);
      if ((code = save_zone (zone, &save)) != MS_CLI_EXIT_OK)
        return code;
      g_print ("zone %u: %s %s on %" G_GUINT64_FORMAT " tiles, saved\n", ms_zone_get_id (zone),
               set ? "set" : "cleared", flag, ms_zone_region_count_tiles (region));
      return MS_CLI_EXIT_OK;
    }
}

/* --------------------------------------------------------------- audit -- */

static int
zone_audit (MsCliArgs *args)
{
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GPtrArray) findings = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *what = NULL;
  g_autofree char *terraformable = NULL;
  MsZoneAuditOptions options = { MS_ZONE_AUDIT_TERRAFORMABLE_AUTO };
  GOptionEntry entries[] = {
    MS_CLI_OPTION_JSON (args, "Print one JSON object"),
    MS_CLI_OPTION_ZONE_SIZE (args),
    MS_CLI_OPTION_PROFILE (args, 0, "Game profile (plant types)"),
    { "terraformable", 0, 0, G_OPTION_ARG_STRING, &terraformable,
      "Whether the server treats the zone as terraformable: yes, no, or auto (default: "
      "it is when the folder holds its altitude_blend file)", "auto|yes|no" },
    { NULL }
  };

  ms_cli_args_init (args, entries, "DIR ZONEID | FILE.bin — check a zone's layers (ms-zone-audit.h)",
    NULL,
    "Locations are tiles (x, y), row-major (index = y * width + x); JSON lists the first\n"
    "16 of each finding under \"locations\" as [x, y] pairs.\n"
    "Exit status: 0 no error finding, 3 error findings, 1 invalid zone, 2 usage or I/O error.");
  if (!ms_cli_args_parse (args, -1, NULL))
    return args->exit_code;
  if (terraformable != NULL)
    {
      if (g_str_equal (terraformable, "yes"))
        options.terraformable = MS_ZONE_AUDIT_TERRAFORMABLE_YES;
      else if (g_str_equal (terraformable, "no"))
        options.terraformable = MS_ZONE_AUDIT_TERRAFORMABLE_NO;
      else if (!g_str_equal (terraformable, "auto"))
        return ms_cli_usage_error (args->context, "--terraformable wants auto, yes or no, got “%s”",
                                   terraformable);
    }
  if (!ms_cli_args_load_profile (args) ||
      (zone = open_zone (args, args->argv, args->argc - 1)) == NULL)
    return args->exit_code;

  findings = ms_zone_audit (zone, &options, NULL, NULL, &error);
  if (findings == NULL)
    return zone_fail (error);
  what = g_strdup_printf ("zone %u", ms_zone_get_id (zone));
  return ms_cli_report_audit (findings, args->json, what);
}

int
ms_cli_zone (MsCliArgs *args)
{
  static const struct
  {
    const char       *name;
    MsCliCommandFunc  func;
  } subcommands[] = {
    { "info", zone_info },
    { "edit", zone_edit },
    { "demo", zone_demo },
    { "render", zone_render },
    { "list", zone_list },
    { "journal", zone_journal },
    { "mask", zone_mask },
    { "audit", zone_audit },
    { "profile", ms_cli_zone_profile },
  };

  for (guint i = 0; args->argc >= 2 && i < G_N_ELEMENTS (subcommands); i++)
    if (g_str_equal (args->argv[1], subcommands[i].name))
      {
        /* The subcommand's own arguments start at its name. */
        args->argc--;
        args->argv++;
        return subcommands[i].func (args);
      }

  g_printerr ("Usage: mapsmith-cli zone info [--json] [--size WxH] DIR ZONEID\n"
              "       mapsmith-cli zone edit [--size WxH] [--force] [--check] DIR ZONEID OP...\n"
              "       mapsmith-cli zone demo [--size N] [--terraformable] DIR ZONEID\n"
              "       mapsmith-cli zone render [--size WxH] [--profile F] DIR ZONEID -o OUT.png\n"
              "                    [--layer L] [--flags A,B] [--max-size N] [--region X Y W H]\n"
              "       mapsmith-cli zone list [--json] DIR\n"
              "       mapsmith-cli zone audit [--json] DIR ZONEID\n"
              "       mapsmith-cli zone profile DIR ZONEID --path X1,Y1,X2,Y2[,...] [--step S] [--json|--csv]\n"
              "       mapsmith-cli zone journal list|show FILE|apply FILE [--json] [--force] [--check]\n"
              "       mapsmith-cli zone mask export DIR ZONEID --flag F|--plant-allowed -o OUT.png\n"
              "       mapsmith-cli zone mask import DIR ZONEID --flag F --set|--clear [--check] MASK.png\n"
              "Run “mapsmith-cli zone SUBCOMMAND --help” for details.\n");
  return (args->argc >= 2 && (g_str_equal (args->argv[1], "--help") || g_str_equal (args->argv[1], "help")))
         ? MS_CLI_EXIT_OK : MS_CLI_EXIT_USAGE;
}
