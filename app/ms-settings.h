/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The keys of data/io.github.mapsmith.Mapsmith.gschema.xml, in one place.
 */
#pragma once

#include <gio/gio.h>

#include "ms-blueprint-renderer.h"

#define MS_SETTINGS_SCHEMA          "io.github.mapsmith.Mapsmith"

#define MS_SETTINGS_PROFILE_PATH    "profile-path"
#define MS_SETTINGS_RECENT_FILES    "recent-files"
/* The layer stack: a visibility and an opacity key per MsStackLayer; water,
 * roads and towns keep the keys they had before the stack. */
#define MS_SETTINGS_HEIGHT_VISIBLE  "height-visible"
#define MS_SETTINGS_HEIGHT_OPACITY  "height-opacity"
#define MS_SETTINGS_BIOME_VISIBLE   "biome-visible"
#define MS_SETTINGS_BIOME_OPACITY   "biome-opacity"
#define MS_SETTINGS_SLOPE_VISIBLE   "slope-visible"
#define MS_SETTINGS_SLOPE_OPACITY   "slope-opacity"
#define MS_SETTINGS_HILLSHADE_VISIBLE "hillshade-visible"
#define MS_SETTINGS_HILLSHADE_OPACITY "hillshade-opacity"
#define MS_SETTINGS_WATER_VISIBLE   "water-visible"
#define MS_SETTINGS_SHOW_TOWNS      "show-towns"
#define MS_SETTINGS_TOWNS_OPACITY   "towns-opacity"
#define MS_SETTINGS_SHOW_ROADS      "show-roads"
#define MS_SETTINGS_ROADS_OPACITY   "roads-opacity"
#define MS_SETTINGS_LIGHT_AZIMUTH   "light-azimuth"
#define MS_SETTINGS_LIGHT_ALTITUDE  "light-altitude"
#define MS_SETTINGS_HEIGHT_RAMP     "height-ramp"
#define MS_SETTINGS_WATER_OPACITY   "water-opacity"
#define MS_SETTINGS_CONTOURS_VISIBLE "contours-visible"
#define MS_SETTINGS_CONTOURS_OPACITY "contours-opacity"
#define MS_SETTINGS_CONTOUR_INTERVAL "contour-interval"
#define MS_SETTINGS_HILLSHADE_MULTIDIRECTIONAL "hillshade-multidirectional"
#define MS_SETTINGS_WINDOW_WIDTH    "window-width"
#define MS_SETTINGS_WINDOW_HEIGHT   "window-height"
#define MS_SETTINGS_WINDOW_MAXIMIZED "window-maximized"
#define MS_SETTINGS_SIDEBAR_VISIBLE "sidebar-visible"
#define MS_SETTINGS_SIDEBAR_WIDTH   "sidebar-width"
#define MS_SETTINGS_MINIMAP_VISIBLE "minimap-visible"
/* The zone painter: its overlays (MsZoneStyle) and backups. */
#define MS_SETTINGS_ZONE_OVERLAYS        "zone-overlays"
#define MS_SETTINGS_ZONE_CONTROL_FLAGS   "zone-control-flags"
#define MS_SETTINGS_ZONE_BLOCKING_FLAGS  "zone-blocking-flags"
#define MS_SETTINGS_ZONE_TINT_ALTITUDE   "zone-tint-altitude"
#define MS_SETTINGS_ZONE_OVERLAY_OPACITIES "zone-overlay-opacities"
#define MS_SETTINGS_ZONE_LIGHT_AZIMUTH   "zone-light-azimuth"
#define MS_SETTINGS_ZONE_BACKUPS         "zone-backups"
#define MS_SETTINGS_ZONE_CONTOURS_VISIBLE "zone-contours-visible"
#define MS_SETTINGS_ZONE_CONTOUR_INTERVAL "zone-contour-interval"
#define MS_SETTINGS_ZONE_HILLSHADE_MULTIDIRECTIONAL "zone-hillshade-multidirectional"

#define MS_RECENT_FILES_MAX 10

G_BEGIN_DECLS

/* The keys of one MsStackLayer. */
const char *ms_settings_layer_visible_key (MsStackLayer      layer);
const char *ms_settings_layer_opacity_key (MsStackLayer      layer);

/* The viewer's style as the settings hold it: the layer stack (CUSTOM), the
 * light and the height colours.  The compare window shares it. */
void        ms_settings_get_blueprint_style (GSettings        *settings,
                                             MsBlueprintStyle *style);

G_END_DECLS
