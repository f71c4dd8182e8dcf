/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define MS_PROFILE_ERROR (ms_profile_error_quark ())
typedef enum
{
  MS_PROFILE_ERROR_INVALID,
} MsProfileError;
GQuark ms_profile_error_quark (void);

/* The enumerations whose names and colours come from a game profile. */
typedef enum
{
  MS_PROFILE_BIOMES,
  MS_PROFILE_TOWN_TIERS,
  MS_PROFILE_PLANT_TYPES,
  MS_PROFILE_GROUND_TYPES,
  MS_PROFILE_N_ENUMS
} MsProfileEnum;

typedef struct
{
  char     *name;
  guint8    red;
  guint8    green;
  guint8    blue;
  gboolean  water;  /* biomes only: an Ocean/Lake biome */
  gboolean  ocean;  /* biomes only: the sea (implies water) */
} MsProfileEntry;

#define MS_TYPE_PROFILE (ms_profile_get_type ())
G_DECLARE_FINAL_TYPE (MsProfile, ms_profile, MS, PROFILE, GObject)

MsProfile            *ms_profile_new_default  (void);
MsProfile            *ms_profile_new_for_path (const char     *path,
                                               GError        **error);
MsProfile            *ms_profile_new_for_data (const char     *data,
                                               gsize           length,
                                               const char     *display_name,
                                               GError        **error);
const char           *ms_profile_get_name     (MsProfile      *self);
const char           *ms_profile_get_source   (MsProfile      *self);
guint                 ms_profile_get_count    (MsProfile      *self,
                                               MsProfileEnum   kind);
const MsProfileEntry *ms_profile_get_entry    (MsProfile      *self,
                                               MsProfileEnum   kind,
                                               guint           ordinal);
const char           *ms_profile_get_label    (MsProfile      *self,
                                               MsProfileEnum   kind,
                                               guint           ordinal);
gboolean              ms_profile_is_water_biome (MsProfile    *self,
                                                 guint         ordinal);
gboolean              ms_profile_is_ocean_biome (MsProfile    *self,
                                                 guint         ordinal);

G_END_DECLS
