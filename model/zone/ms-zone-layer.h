/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone layer kinds and their flag tables, with the names the game
 * server uses (docs/ZONE_LAYERS.md).  Plain tables, no state.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  MS_ZONE_LAYER_BLOCKS,
  MS_ZONE_LAYER_CONTROL,
  MS_ZONE_LAYER_PLANTS,
  MS_ZONE_LAYER_ALTITUDE,
  MS_ZONE_LAYER_ALTITUDE_BLEND,     /*< nick=altitude_blend >*/
  MS_ZONE_LAYER_ALTITUDE_ORIGINAL,  /*< nick=altitude_original >*/
  MS_ZONE_N_LAYERS /*< skip >*/
} MsZoneLayer;

/* PlantInfo byte offsets (7 bytes per tile). */
typedef enum
{
  MS_ZONE_PLANT_TYPE,
  MS_ZONE_PLANT_STATE,
  MS_ZONE_PLANT_TIME,
  MS_ZONE_PLANT_SPAWN,
  MS_ZONE_PLANT_HEALTH,
  MS_ZONE_PLANT_MATERIAL,
  MS_ZONE_PLANT_GROUND_TYPE,
  MS_ZONE_PLANT_INFO_SIZE /*< skip >*/
} MsZonePlantField;

/* TerrainControlFlags (u16). */
typedef enum
{
  MS_ZONE_CONTROL_ANTI_PLANT               = 1 << 0,
  MS_ZONE_CONTROL_TERRAFORM_PROTECTED      = 1 << 1,
  MS_ZONE_CONTROL_SYNDICATE_AREA           = 1 << 2,
  MS_ZONE_CONTROL_CONCRETE_A               = 1 << 3,
  MS_ZONE_CONTROL_CONCRETE_B               = 1 << 4,
  MS_ZONE_CONTROL_ROAMING                  = 1 << 6,
  MS_ZONE_CONTROL_HIGHWAY                  = 1 << 7,
  MS_ZONE_CONTROL_PBS_HIGHWAY              = 1 << 8,
  MS_ZONE_CONTROL_PBS_TERRAFORM_PROTECTED  = 1 << 9,
  MS_ZONE_CONTROL_NPC_RESTRICTED           = 1 << 10,
} MsZoneControlFlags;

/* A tile may grow plants unless one of these is set. */
#define MS_ZONE_CONTROL_NO_PLANTS (MS_ZONE_CONTROL_ANTI_PLANT | MS_ZONE_CONTROL_ROAMING | \
                                   MS_ZONE_CONTROL_HIGHWAY | MS_ZONE_CONTROL_PBS_HIGHWAY | \
                                   MS_ZONE_CONTROL_CONCRETE_A | MS_ZONE_CONTROL_CONCRETE_B)

/* BlockingFlags (u8). */
typedef enum
{
  MS_ZONE_BLOCKING_OBSTACLE = 1 << 0,
  MS_ZONE_BLOCKING_PLANT    = 1 << 1,
  MS_ZONE_BLOCKING_DECOR    = 1 << 2,
  MS_ZONE_BLOCKING_ISLAND   = 1 << 3,
} MsZoneBlockingFlags;

typedef struct
{
  const char *name;
  guint16     bit;
} MsZoneFlagInfo;

const char           *ms_zone_layer_get_name           (MsZoneLayer  layer);
gboolean              ms_zone_layer_from_name          (const char  *name,
                                                        MsZoneLayer *out_layer);
guint                 ms_zone_layer_get_bytes_per_tile (MsZoneLayer  layer);

const MsZoneFlagInfo *ms_zone_control_flags            (guint       *n_flags);
const MsZoneFlagInfo *ms_zone_blocking_flags           (guint       *n_flags);
gboolean              ms_zone_control_flag_from_name   (const char  *name,
                                                        guint16     *out_bit);

G_END_DECLS
