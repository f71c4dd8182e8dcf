/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The keys of data/io.github.mapsmith.Mapsmith.gschema.xml, in one place.
 */
#pragma once

#define MS_SETTINGS_SCHEMA          "io.github.mapsmith.Mapsmith"

#define MS_SETTINGS_PROFILE_PATH    "profile-path"
#define MS_SETTINGS_RECENT_FILES    "recent-files"
#define MS_SETTINGS_DEFAULT_LAYER   "default-layer"
#define MS_SETTINGS_SHOW_TOWNS      "show-towns"
#define MS_SETTINGS_SHOW_ROADS      "show-roads"
#define MS_SETTINGS_LIGHT_AZIMUTH   "light-azimuth"
#define MS_SETTINGS_LIGHT_ALTITUDE  "light-altitude"
#define MS_SETTINGS_HEIGHT_RAMP     "height-ramp"
#define MS_SETTINGS_WATER_OPACITY   "water-opacity"
#define MS_SETTINGS_WINDOW_WIDTH    "window-width"
#define MS_SETTINGS_WINDOW_HEIGHT   "window-height"
#define MS_SETTINGS_WINDOW_MAXIMIZED "window-maximized"

#define MS_RECENT_FILES_MAX 10
