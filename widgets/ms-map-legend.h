/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint-style.h"
#include "ms-profile.h"

G_BEGIN_DECLS

/* The key to the blueprint layers shown: the biome colours and names of
 * the profile while the biome layer is shown (the Biome preset), the slope
 * ramp's stops with their degrees while the slope layer is, and "No data"
 * (MS_COLOUR_NO_DATA) while a layer that reads heights is.  Hidden when it
 * has nothing to say.  Its widgets are named for tests: "legend-biomes",
 * "legend-biome-<ordinal>" (a row), its swatch "legend-biome-<ordinal>-swatch";
 * "legend-slope", "legend-slope-<stop>", "legend-slope-<stop>-swatch";
 * "legend-no-data", "legend-no-data-swatch". */
#define MS_TYPE_MAP_LEGEND (ms_map_legend_get_type ())
G_DECLARE_FINAL_TYPE (MsMapLegend, ms_map_legend, MS, MAP_LEGEND, GtkWidget)

GtkWidget *ms_map_legend_new         (void);
/* The profile whose biome table names and colours the biomes, or NULL. */
void       ms_map_legend_set_profile (MsMapLegend            *self,
                                      MsProfile              *profile);
void       ms_map_legend_set_style   (MsMapLegend            *self,
                                      const MsBlueprintStyle *style);

G_END_DECLS
