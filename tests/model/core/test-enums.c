/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Names by nick (ms-enum.h over the gnome.mkenums types) and the schema's
 * enum keys: the names are the ones the CLI, the files and the settings
 * always used (written out here by hand), and the schema's
 * io.github.mapsmith.Mapsmith.Ramp maps every nick to the C value.
 */
#include "config.h"

#include <gio/gio.h>

#include "ms-blueprint-audit.h"
#include "ms-blueprint-renderer.h"
#include "ms-enum.h"
#include "ms-model-enums.h"
#include "ms-render-enums.h"
#include "ms-zone-layer.h"
#include "ms-zone-renderer.h"

#define SCHEMA_ID "io.github.mapsmith.Mapsmith"

static void
test_enum_nicks (void)
{
  static const struct { const char *name; MsZoneLayer layer; } zone_layers[] = {
    { "blocks", MS_ZONE_LAYER_BLOCKS },
    { "control", MS_ZONE_LAYER_CONTROL },
    { "plants", MS_ZONE_LAYER_PLANTS },
    { "altitude", MS_ZONE_LAYER_ALTITUDE },
    { "altitude_blend", MS_ZONE_LAYER_ALTITUDE_BLEND },
    { "altitude_original", MS_ZONE_LAYER_ALTITUDE_ORIGINAL },
  };
  static const char * const zone_render_layers[MS_N_ZONE_RENDER_LAYERS] = {
    "altitude", "control", "blocks", "plants", "spawn", "slope", "plant-allowed", "overlays",
  };
  static const char * const blueprint_layers[MS_N_BLUEPRINT_LAYERS] = {
    "height", "hillshade", "biome", "water", "composite", "custom",
  };
  static const char * const stack_layers[MS_N_STACK_LAYERS] = {
    "height", "biome", "slope", "hillshade", "water", "contours", "roads", "towns",
  };

  for (guint i = 0; i < G_N_ELEMENTS (zone_layers); i++)
    {
      MsZoneLayer layer = MS_ZONE_N_LAYERS;

      g_assert_cmpstr (ms_zone_layer_get_name (zone_layers[i].layer), ==, zone_layers[i].name);
      g_assert_true (ms_zone_layer_from_name (zone_layers[i].name, &layer));
      g_assert_cmpint (layer, ==, zone_layers[i].layer);
    }
  for (guint i = 0; i < MS_N_ZONE_RENDER_LAYERS; i++)
    {
      MsZoneRenderLayer layer = MS_N_ZONE_RENDER_LAYERS;

      g_assert_cmpstr (ms_zone_render_layer_to_string (i), ==, zone_render_layers[i]);
      g_assert_true (ms_zone_render_layer_from_string (zone_render_layers[i], &layer));
      g_assert_cmpint (layer, ==, i);
    }
  for (guint i = 0; i < MS_N_BLUEPRINT_LAYERS; i++)
    {
      MsBlueprintLayer layer = MS_N_BLUEPRINT_LAYERS;

      g_assert_cmpstr (ms_blueprint_layer_to_string (i), ==, blueprint_layers[i]);
      g_assert_true (ms_blueprint_layer_from_string (blueprint_layers[i], &layer));
      g_assert_cmpint (layer, ==, i);
    }
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    {
      MsStackLayer layer = MS_N_STACK_LAYERS;

      g_assert_cmpstr (ms_stack_layer_to_string (i), ==, stack_layers[i]);
      g_assert_true (ms_stack_layer_from_string (stack_layers[i], &layer));
      g_assert_cmpint (layer, ==, i);
    }
  g_assert_cmpstr (ms_audit_severity_to_string (MS_AUDIT_SEVERITY_WARNING), ==, "warning");
  g_assert_cmpstr (ms_audit_severity_to_string (MS_AUDIT_SEVERITY_ERROR), ==, "error");

  /* What is no name stays no name: the counts skipped by mkenums, other
   * spellings, case, NULL. */
  {
    MsZoneLayer layer = MS_ZONE_LAYER_PLANTS;
    MsZoneRenderLayer render_layer = MS_ZONE_RENDER_LAYER_SLOPE;
    int value = 42;

    g_assert_false (ms_zone_layer_from_name ("altitude-blend", &layer));
    g_assert_false (ms_zone_layer_from_name ("Control", &layer));
    g_assert_false (ms_zone_layer_from_name ("n-layers", &layer));
    g_assert_false (ms_zone_layer_from_name (NULL, &layer));
    g_assert_cmpint (layer, ==, MS_ZONE_LAYER_PLANTS);
    g_assert_false (ms_zone_render_layer_from_string ("plant_allowed", &render_layer));
    g_assert_cmpint (render_layer, ==, MS_ZONE_RENDER_LAYER_SLOPE);
    g_assert_false (ms_enum_from_nick (MS_TYPE_RAMP, "n-ramps", &value));
    g_assert_cmpint (value, ==, 42);
    g_assert_null (ms_enum_get_nick (MS_TYPE_RAMP, MS_N_RAMPS));
  }
}

static void
test_flag_nicks (void)
{
  MsZoneOverlays overlays = MS_ZONE_OVERLAY_NONE;
  g_autofree char *bad = NULL;
  guint flags = 0;

  g_assert_true (ms_zone_overlays_from_string (" plant-allowed, control,,spawn ", &overlays, NULL));
  g_assert_cmpuint (overlays, ==, (1u << 3) | (1u << 5) | (1u << 0));
  g_assert_true (ms_zone_overlays_from_string ("", &overlays, NULL));
  g_assert_cmpuint (overlays, ==, 0);
  /* "none" and "all" are values of the C enum, not names of overlays. */
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "none" : "all";

      overlays = MS_ZONE_OVERLAY_SLOPE;
      g_assert_false (ms_zone_overlays_from_string (name, &overlays, &bad));
      g_assert_cmpstr (bad, ==, name);
      g_assert_cmpuint (overlays, ==, MS_ZONE_OVERLAY_SLOPE);
      g_clear_pointer (&bad, g_free);
    }
  g_assert_false (ms_zone_overlays_from_string ("slope,Blocks", &overlays, &bad));
  g_assert_cmpstr (bad, ==, "Blocks");

  g_assert_cmpstr (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_PLANT_ALLOWED), ==, "plant-allowed");
  g_assert_cmpstr (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_BLOCKS), ==, "blocks");
  g_assert_null (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_SLOPE));
  g_assert_null (ms_zone_overlay_to_string (MS_ZONE_OVERLAY_NONE));

  g_assert_true (ms_flags_from_nicks (MS_TYPE_OVERLAYS, "roads,towns", &flags, NULL));
  g_assert_cmpuint (flags, ==, 3);
  g_assert_false (ms_flags_from_nicks (MS_TYPE_OVERLAYS, "towns,rivers", &flags, NULL));
}

/* The schema's enum, value by value, against the one in C: setting a C
 * value must store its nick, and the other way round. */
static void
test_schema_ramp (void)
{
  static const struct { const char *nick; MsRamp ramp; } ramps[] = {
    { "terrain", MS_RAMP_TERRAIN },
    { "grey", MS_RAMP_GREY },
  };
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) nicks = NULL;
  g_autoptr(GEnumClass) klass = g_type_class_ref (MS_TYPE_RAMP);
  const char *kind;

  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, SCHEMA_ID, FALSE);
  g_assert_nonnull (schema);
  key = g_settings_schema_get_key (schema, "height-ramp");
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &kind, &nicks);
  g_assert_cmpstr (kind, ==, "enum");
  g_assert_cmpuint (g_variant_n_children (nicks), ==, G_N_ELEMENTS (ramps));
  g_assert_cmpuint (klass->n_values, ==, G_N_ELEMENTS (ramps));

  /* GSETTINGS_BACKEND=memory: nothing persists. */
  settings = g_settings_new_full (schema, NULL, NULL);
  g_assert_cmpint (g_settings_get_enum (settings, "height-ramp"), ==, MS_RAMP_TERRAIN);
  for (guint i = 0; i < G_N_ELEMENTS (ramps); i++)
    {
      g_autofree char *stored = NULL;

      g_assert_cmpstr (ms_enum_get_nick (MS_TYPE_RAMP, ramps[i].ramp), ==, ramps[i].nick);
      g_assert_true (g_settings_set_enum (settings, "height-ramp", ramps[i].ramp));
      stored = g_settings_get_string (settings, "height-ramp");
      g_assert_cmpstr (stored, ==, ramps[i].nick);
      g_assert_true (g_settings_set_string (settings, "height-ramp", ramps[i].nick));
      g_assert_cmpint (g_settings_get_enum (settings, "height-ramp"), ==, ramps[i].ramp);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/enums/nicks", test_enum_nicks);
  g_test_add_func ("/enums/flag-nicks", test_flag_nicks);
  g_test_add_func ("/enums/schema-ramp", test_schema_ramp);

  return g_test_run ();
}
