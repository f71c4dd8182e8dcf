/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's tile readout, without the painter: reading is one
 * pass over the layers into MsZoneTileDescription, writing is formatting
 * only, so each can be checked on its own.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ms-zone-describe.h"

/* Game terms, not translated. */
static const char *const plant_names[] = {
  "NotDefined", "GrassA", "GrassB", "PineTree", "Rango", "BushA", "BushB", "TreeIron", "TreeCopper",
  "Reed", "NanoWheat", "RustBush", "SlimeRoot", "Quag", "ElectroPlant", "TitanPlant", "Poffeteg",
  "Bonsai", "Wall", "Devrinol",
};

static const char *const ground_names[] = {
  "Darkrocks", "LowlandA", "LowlandB", "MidlandA", "MidlandB", "HighlandA", "HighlandB",
  "Lightrocks", "Sand", "type1", "type2", "type3", "type4", "type5", "type6", "type7", "type8",
  "type9", "type10", "type11", "undefined",
};

const char *
ms_zone_plant_type_name (guint8 type)
{
  return type < G_N_ELEMENTS (plant_names) ? plant_names[type] : NULL;
}

const char *
ms_zone_ground_type_name (guint8 type)
{
  return type < G_N_ELEMENTS (ground_names) ? ground_names[type] : NULL;
}

gboolean
ms_zone_describe_tile (MsZone                *zone,
                       guint                  x,
                       guint                  y,
                       MsZoneTileDescription *out)
{
  MsZoneTileDescription d = { .x = x, .y = y };

  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (x >= ms_zone_get_width (zone) || y >= ms_zone_get_height (zone))
    return FALSE;
  if ((d.has_control = ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL)))
    {
      d.control = ms_zone_get_control (zone, x, y);
      d.plant_allowed = ms_zone_is_plant_allowed (zone, x, y);
    }
  if ((d.has_blocks = ms_zone_has_layer (zone, MS_ZONE_LAYER_BLOCKS)))
    {
      d.blocking = ms_zone_get_blocking_flags (zone, x, y);
      d.blocking_height = ms_zone_get_blocking_height (zone, x, y);
    }
  if ((d.has_plants = ms_zone_has_layer (zone, MS_ZONE_LAYER_PLANTS)))
    ms_zone_get_plant (zone, x, y, d.plant);
  if ((d.has_altitude = ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE)))
    {
      d.altitude = ms_zone_get_altitude (zone, x, y);
      d.slope = ms_zone_get_slope (zone, x, y);
    }
  d.has_barrier = ms_zone_is_terraformable (zone) &&
                  ms_zone_get_barrier (zone, x, y, &d.barrier_lo, &d.barrier_hi);
  *out = d;
  return TRUE;
}

/* " A, B" after the hex value, or " none". */
static void
append_flags (GString              *s,
              guint                 value,
              const MsZoneFlagInfo *flags,
              guint                 n_flags)
{
  gboolean any = FALSE;

  for (guint i = 0; i < n_flags; i++)
    if (value & flags[i].bit)
      {
        g_string_append_printf (s, "%s %s", any ? "," : "", flags[i].name);
        any = TRUE;
      }
  if (!any)
    g_string_append_printf (s, " %s", _("none"));
}

char *
ms_zone_tile_description_to_string (const MsZoneTileDescription *d)
{
  GString *s;
  guint n_flags;
  const MsZoneFlagInfo *flags;

  g_return_val_if_fail (d != NULL, NULL);

  s = g_string_new (NULL);
  g_string_append_printf (s, _("x %u, y %u (row-major)"), d->x, d->y);

  g_string_append_c (s, '\n');
  if (d->has_control)
    {
      g_string_append_printf (s, _("Control 0x%04x:"), d->control);
      flags = ms_zone_control_flags (&n_flags);
      append_flags (s, d->control, flags, n_flags);
      g_string_append_printf (s, _("; plants %s"), d->plant_allowed ? _("allowed") : _("not allowed"));
    }
  else
    g_string_append (s, _("Control: no layer"));

  g_string_append_c (s, '\n');
  if (d->has_blocks)
    {
      g_string_append_printf (s, _("Blocking 0x%02x:"), d->blocking);
      flags = ms_zone_blocking_flags (&n_flags);
      append_flags (s, d->blocking, flags, n_flags);
      g_string_append_printf (s, _("; height %u"), d->blocking_height);
    }
  else
    g_string_append (s, _("Blocking: no layer"));

  g_string_append_c (s, '\n');
  if (d->has_plants)
    {
      const guint8 *p = d->plant;
      guint8 type = p[MS_ZONE_PLANT_TYPE], ground = p[MS_ZONE_PLANT_GROUND_TYPE];
      const char *type_name = ms_zone_plant_type_name (type);
      const char *ground_name = ms_zone_ground_type_name (ground);

      g_string_append_printf (s, _("Plant %s (%u), state %u, time %u, health %u, material %u"),
                              type_name != NULL ? type_name : _("unknown"), type, p[MS_ZONE_PLANT_STATE],
                              p[MS_ZONE_PLANT_TIME], p[MS_ZONE_PLANT_HEALTH], p[MS_ZONE_PLANT_MATERIAL]);
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Ground %s (%u)"), ground_name != NULL ? ground_name : _("unknown"),
                              ground);
      g_string_append_c (s, '\n');
      /* The server draws spawn against 256 at every attempt. */
      g_string_append_printf (s, _("Spawn %u (%.1f %% per attempt)"), p[MS_ZONE_PLANT_SPAWN],
                              p[MS_ZONE_PLANT_SPAWN] * 100.0 / 256.0);
    }
  else
    g_string_append (s, _("Plants: no layer"));

  g_string_append_c (s, '\n');
  if (d->has_altitude)
    {
      g_string_append_printf (s, _("Altitude %u raw, height %u (raw >> 5)"), d->altitude, d->altitude >> 5);
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Slope %u"), d->slope);
    }
  else
    g_string_append (s, _("Altitude: no layer"));

  if (d->has_barrier)
    {
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Terraform barrier %u..%u raw"), d->barrier_lo, d->barrier_hi);
    }
  return g_string_free (s, FALSE);
}

char *
ms_zone_describe_tile_text (MsZone *zone,
                            guint   x,
                            guint   y)
{
  MsZoneTileDescription d;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  if (!ms_zone_describe_tile (zone, x, y, &d))
    return NULL;
  return ms_zone_tile_description_to_string (&d);
}
