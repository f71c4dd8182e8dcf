/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A zone: the set of layer files {layer}.{id:0000}.bin of one game zone,
 * each present one memory-mapped read-only, with an edit overlay above.
 *
 * Every coordinate is a tile (x, y), ROW-MAJOR: tile (x, y) is element
 * y * width + x of each layer, 0 <= x < width, 0 <= y < height.
 * Reads see the edits (ms-zone-edit.h) over the files.
 */
#pragma once

#include <gio/gio.h>

#include "ms-mapping.h"
#include "ms-profile.h"
#include "ms-zone-layer.h"

G_BEGIN_DECLS

#define MS_ZONE_ERROR (ms_zone_error_quark ())
typedef enum
{
  MS_ZONE_ERROR_INVALID,     /* a layer file's size fits no zone, or layers disagree */
  MS_ZONE_ERROR_NOT_FOUND,   /* no layer file of the zone exists */
  MS_ZONE_ERROR_NO_LAYER,    /* an operation needs a layer the zone lacks */
} MsZoneError;
GQuark ms_zone_error_quark (void);

#define MS_ZONE_DEFAULT_SIZE 2048
#define MS_ZONE_CHUNK_SIZE   64   /* overlay and cache granularity, in tiles */

typedef enum
{
  MS_ZONE_SAVE_FLAGS_NONE  = 0,
  MS_ZONE_SAVE_FLAGS_FORCE = 1 << 0,  /* overwrite files that changed on disk, or are read-only */
} MsZoneSaveFlags;

#define MS_TYPE_ZONE (ms_zone_get_type ())
G_DECLARE_FINAL_TYPE (MsZone, ms_zone, MS, ZONE, GObject)

/* width, height: 0, 0 = 2048x2048 if every file fits, else the square size
 * every present file agrees on.  profile: nullable, the default one. */
MsZone       *ms_zone_new_for_dir          (const char   *dir,
                                            guint         zone_id,
                                            guint         width,
                                            guint         height,
                                            MsProfile    *profile,
                                            GError      **error);
/* One "{layer}.{id}.bin" file; the other layers of its zone are not opened. */
MsZone       *ms_zone_new_for_file         (const char   *path,
                                            guint         width,
                                            guint         height,
                                            MsProfile    *profile,
                                            GError      **error);
char         *ms_zone_layer_filename       (MsZoneLayer   layer,
                                            guint         zone_id);

guint         ms_zone_get_id               (MsZone      *self);
GPtrArray    *ms_zone_get_open_notes       (MsZone      *self);
guint         ms_zone_get_width            (MsZone      *self);
guint         ms_zone_get_height           (MsZone      *self);
MsProfile    *ms_zone_get_profile          (MsZone      *self);
gboolean      ms_zone_is_terraformable     (MsZone      *self);
gboolean      ms_zone_has_layer            (MsZone      *self,
                                            MsZoneLayer  layer);
const char   *ms_zone_get_layer_path       (MsZone      *self,
                                            MsZoneLayer  layer);
/* The file as last opened or saved; a later stamp of the path that differs
 * means another program changed it. */
const MsFileStamp *ms_zone_get_layer_stamp (MsZone     *self,
                                            MsZoneLayer layer);
/* Has a read of the layer's mapping found a page its file no longer has
 * (the file shrank under us: those reads saw zeros)?  FALSE, with
 * MS_MAPPING_ERROR_CHANGED_ON_DISK naming the file, once one did. */
gboolean      ms_zone_check_layer          (MsZone      *self,
                                            MsZoneLayer  layer,
                                            GError     **error);
/* The same over every layer: names the first that lost pages. */
gboolean      ms_zone_check_layers         (MsZone      *self,
                                            MsZoneLayer *bad_layer,
                                            GError     **error);
/* Bytes per tile in the file on disk (control: 1 or 2); 0 when absent. */
guint         ms_zone_get_file_bytes_per_tile (MsZone   *self,
                                               MsZoneLayer layer);

/* Typed tile reads, (x, y) row-major; a missing layer reads as zeros. */
guint16       ms_zone_get_control          (MsZone      *self,
                                            guint        x,
                                            guint        y);
guint8        ms_zone_get_blocking_flags   (MsZone      *self,
                                            guint        x,
                                            guint        y);
guint8        ms_zone_get_blocking_height  (MsZone      *self,
                                            guint        x,
                                            guint        y);
/* out: the 7 PlantInfo bytes, indexed by MsZonePlantField. */
void          ms_zone_get_plant            (MsZone      *self,
                                            guint        x,
                                            guint        y,
                                            guint8       out[MS_ZONE_PLANT_INFO_SIZE]);
guint8        ms_zone_get_spawn            (MsZone      *self,
                                            guint        x,
                                            guint        y);
guint16       ms_zone_get_altitude         (MsZone      *self,
                                            guint        x,
                                            guint        y);
/* The server's height: altitude >> 5, 0..2047. */
guint16       ms_zone_get_height_at        (MsZone      *self,
                                            guint        x,
                                            guint        y);
guint16       ms_zone_get_altitude_blend   (MsZone      *self,
                                            guint        x,
                                            guint        y);
guint16       ms_zone_get_altitude_original (MsZone     *self,
                                             guint       x,
                                             guint       y);
/* The tile's bytes as held in memory (control: 2, little-endian). */
void          ms_zone_read_tile            (MsZone      *self,
                                            MsZoneLayer  layer,
                                            guint        x,
                                            guint        y,
                                            guint8      *out);

/* Derived (ms-zone-derived.c), from the edited layers. */
guint8        ms_zone_get_slope            (MsZone      *self,
                                            guint        x,
                                            guint        y);
gboolean      ms_zone_get_barrier          (MsZone      *self,
                                            guint        x,
                                            guint        y,
                                            guint16     *out_min,
                                            guint16     *out_max);
gboolean      ms_zone_is_plant_allowed     (MsZone      *self,
                                            guint        x,
                                            guint        y);

/* The server's water level, in heights (altitude >> 5): its plant checks
 * compare height / 4 with 55 / 4 (docs/ZONE_LAYERS_NOTES.md), and in the
 * real zones the Island flag covers the tiles below it.  Tiles lower than
 * this are under water (docs/ZONE_MAP.md). */
#define MS_ZONE_WATER_LEVEL 55

/* A tile passes the server's slope check when ms_zone_get_slope () is
 * below this (docs/ZONE_LAYERS_NOTES.md). */
#define MS_ZONE_SLOPE_LIMIT 16

/* The heights a map of the zone spreads its colour ramp over
 * (docs/ZONE_MAP.md): @lo is the water level when some tile lies below it,
 * else the 0.5th percentile of all heights; @hi the 99.5th percentile of
 * the tiles at or above @lo, and at least MS_ZONE_MIN_HEIGHT_SPAN above
 * @lo, so a lone spire or a flat zone does not wash the ramp out. */
#define MS_ZONE_MIN_HEIGHT_SPAN 8.0f

typedef struct
{
  float    lo, hi;      /* heights, altitude / 32.0 */
  gboolean has_water;   /* some tile lies below MS_ZONE_WATER_LEVEL */
} MsZoneHeightSpan;

/* Computed once per zone, at the first call, from the altitude as it then
 * is (normally the file as opened), so every tile and every later image of
 * the zone share it; edits do not move it.  Any thread.  FALSE, with a
 * span of 0 .. MS_ZONE_MIN_HEIGHT_SPAN and no water, without an altitude
 * layer. */
gboolean      ms_zone_get_height_span      (MsZone            *self,
                                            MsZoneHeightSpan  *out);

/* Saving (ms-zone-save.c).  warnings: nullable, receives strings. */
gboolean      ms_zone_is_dirty             (MsZone      *self);
gboolean      ms_zone_is_layer_dirty       (MsZone      *self,
                                            MsZoneLayer  layer);
gboolean      ms_zone_save                 (MsZone          *self,
                                            MsZoneSaveFlags  flags,
                                            GPtrArray       *warnings,
                                            GCancellable    *cancellable,
                                            GError         **error);

G_END_DECLS
