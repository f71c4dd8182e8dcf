/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MS_DEMO_BLUEPRINT_DEFAULT_SIZE 512
#define MS_DEMO_BLUEPRINT_DEFAULT_SEED 42
#define MS_DEMO_BLUEPRINT_MAX_SIZE 8192  /* the demo builds its grids in memory */

/* Biome ordinals the demo writes: those of data/default.profile. */
typedef enum
{
  MS_DEMO_BIOME_OCEAN,
  MS_DEMO_BIOME_LAKE,
  MS_DEMO_BIOME_BEACH,
  MS_DEMO_BIOME_DIRT,
  MS_DEMO_BIOME_GRASSLAND,
  MS_DEMO_BIOME_FOREST,
  MS_DEMO_BIOME_SWAMP,
  MS_DEMO_BIOME_DESERT,
  MS_DEMO_BIOME_BADLANDS,
  MS_DEMO_BIOME_ROCK,
  MS_DEMO_BIOME_SNOW,
  MS_DEMO_BIOME_CRATER,
} MsDemoBiome;

#define MS_DEMO_SEA_LEVEL 0.15f

GBytes *ms_demo_blueprint_generate (guint    map_size,
                                    gint32   seed,
                                    GError **error);

G_END_DECLS
