/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "ms-mapping.h"
#include "ms-profile.h"

G_BEGIN_DECLS

#define MS_BLUEPRINT_ERROR (ms_blueprint_error_quark ())
typedef enum
{
  MS_BLUEPRINT_ERROR_UNKNOWN_FORMAT,      /* first byte is neither 'I' nor 0x07 */
  MS_BLUEPRINT_ERROR_BAD_MAGIC,
  MS_BLUEPRINT_ERROR_UNSUPPORTED_VERSION,
  MS_BLUEPRINT_ERROR_TRUNCATED,           /* a header, length or payload runs past EOF */
  MS_BLUEPRINT_ERROR_BAD_LENGTH,          /* a section does not consume its declared length */
  MS_BLUEPRINT_ERROR_BAD_VALUE,           /* a field is out of range */
  MS_BLUEPRINT_ERROR_DUPLICATE_SECTION,
  MS_BLUEPRINT_ERROR_SECTION_ORDER,       /* PRMS is not first */
  MS_BLUEPRINT_ERROR_MISSING_SECTION,
} MsBlueprintError;
GQuark ms_blueprint_error_quark (void);

/* Section tags: FourCC codes stored as little-endian u32. */
#define MS_FOURCC(a, b, c, d) \
  ((guint32) (a) | ((guint32) (b) << 8) | ((guint32) (c) << 16) | ((guint32) (d) << 24))

typedef enum
{
  MS_SECTION_PRMS = MS_FOURCC ('P', 'R', 'M', 'S'),
  MS_SECTION_HGTS = MS_FOURCC ('H', 'G', 'T', 'S'),
  MS_SECTION_BIOM = MS_FOURCC ('B', 'I', 'O', 'M'),
  MS_SECTION_TOWN = MS_FOURCC ('T', 'O', 'W', 'N'),
  MS_SECTION_TCRV = MS_FOURCC ('T', 'C', 'R', 'V'),
  MS_SECTION_WBID = MS_FOURCC ('W', 'B', 'I', 'D'),
  MS_SECTION_WBTB = MS_FOURCC ('W', 'B', 'T', 'B'),
  MS_SECTION_WSRF = MS_FOURCC ('W', 'S', 'R', 'F'),
  MS_SECTION_RDHW = MS_FOURCC ('R', 'D', 'H', 'W'),
  MS_SECTION_RDBR = MS_FOURCC ('R', 'D', 'B', 'R'),
  MS_SECTION_RDRG = MS_FOURCC ('R', 'D', 'R', 'G'),
  MS_SECTION_RDTL = MS_FOURCC ('R', 'D', 'T', 'L'),
} MsSectionTag;

#define MS_BLUEPRINT_V2_MAGIC    MS_FOURCC ('I', 'S', 'L', 'A')
#define MS_BLUEPRINT_V2_VERSION  2
#define MS_BLUEPRINT_V1_HEADER   "ISLA_V1"
#define MS_BLUEPRINT_MIN_SIZE    256
#define MS_BLUEPRINT_MAX_SIZE    32768

/* Units.  Heights are in raw units: 1 raw = 251 m (the spec's WSRF note).
 * The spec gives no horizontal scale; the generator works in normalised
 * map coordinates, so a world spans the same distance at any MapSize, and
 * Mapsmith takes that to be 8192 m (one metre a pixel at 8K, the voxel
 * size): metres per pixel = 8192 / MapSize unless the user says. */
#define MS_BLUEPRINT_METRES_PER_RAW 251.0
#define MS_BLUEPRINT_WORLD_SPAN     8192.0
#define MS_SECTION_HEADER_SIZE   12  /* u32 tag + u64 payload length */

void ms_section_tag_to_string (guint32 tag,
                               char    out[5]);

typedef enum
{
  MS_BLUEPRINT_FORMAT_V1 = 1,
  MS_BLUEPRINT_FORMAT_V2 = 2,
} MsBlueprintFormat;

typedef struct
{
  gint32  world_seed;
  gint32  map_size;
  float   crater_radius;
  float   density_multiplier;
  float   impact_center_x;
  float   impact_center_y;
  char   *generated_utc;
  char   *generator_git_hash;
} MsBlueprintParams;

gboolean ms_blueprint_params_is_sentinel (const MsBlueprintParams *params);

typedef struct
{
  guint32  tag;
  goffset  offset;   /* where the section's tag starts */
  guint64  length;   /* payload length */
  gboolean known;
} MsSectionInfo;

typedef struct
{
  float    x;
  float    y;
  guint8   tier;
  gboolean highway_node;
} MsTown;

typedef enum
{
  MS_WATER_TYPE_OCEAN = 0,
  MS_WATER_TYPE_LAKE  = 1,
} MsWaterType;

typedef struct
{
  guint16 id;
  guint8  type;       /* MsWaterType */
  guint8  salinity;   /* 0 fresh, 1 salt */
  float   surface_level;
  gint32  pixel_count;
  float   centroid_x;
  float   centroid_y;
} MsWaterBody;

#define MS_TERRAIN_CURVE_SIZE 50

typedef struct
{
  guint16 version;
  float   knots[4];
  float   spike_max;
  float   sea;
  float   orange_ceil;
  float   red_ceil;
  float   bench_lo;
  float   bench_hi;
  float   peak_cap;
  float   tail_slope;
} MsTerrainCurve;

typedef enum
{
  MS_ROAD_HIGHWAY,
  MS_ROAD_BRANCH,
  MS_ROAD_RUGGED,
  MS_ROAD_TRAIL,
  MS_N_ROAD_TIERS
} MsRoadTier;

typedef struct
{
  float x;
  float y;
} MsPoint;

const char *ms_road_tier_to_key     (MsRoadTier tier);
guint32     ms_road_tier_to_section (MsRoadTier tier);

/* WSRF: 0 = no water, else level L encodes as 1 + round(L * 32768). */
guint16 ms_water_level_encode (float   level);
/* Inline: renderers decode every wet cell.  In float, exactly the spec's
 * (L - 1) / 32768: L - 1 has at most 17 bits and 32768 is a power of two. */
static inline float
ms_water_level_decode (guint16 quantized)
{
  return ((float) quantized - 1.0f) * (1.0f / 32768.0f);
}

#define MS_TYPE_BLUEPRINT (ms_blueprint_get_type ())
G_DECLARE_FINAL_TYPE (MsBlueprint, ms_blueprint, MS, BLUEPRINT, GObject)

MsBlueprint             *ms_blueprint_new_for_path   (const char   *path,
                                                      MsProfile    *profile,
                                                      GError      **error);
/* Told how much of a long operation is done, 0..1, on the thread doing it. */
typedef void (*MsProgressFunc) (double   fraction,
                                gpointer user_data);

MsBlueprint             *ms_blueprint_new_for_path_full (const char      *path,
                                                         MsProfile       *profile,
                                                         MsProgressFunc   progress,
                                                         gpointer         progress_data,
                                                         GCancellable    *cancellable,
                                                         GError         **error);
/* Opened without the range check of a v2 file's biome grid (a v1 file's
 * is checked at once), for a caller that runs ms_blueprint_check_biomes ()
 * itself, beside its own work, and lets nothing it made from the map out
 * before that check succeeded. */
MsBlueprint             *ms_blueprint_new_for_path_unchecked (const char  *path,
                                                              MsProfile   *profile,
                                                              GError     **error);
/* Whether the open's biome range check has been run and passed. */
gboolean                 ms_blueprint_get_biomes_checked (MsBlueprint *self);
/* The open's biome range check, run now if it has not been: the same error
 * the open would have given.  With @background on the worker pool's idle
 * time (ms_parallel_for_background ()).  Not thread-safe: one caller at a
 * time. */
gboolean                 ms_blueprint_check_biomes   (MsBlueprint   *self,
                                                      gboolean       background,
                                                      GCancellable  *cancellable,
                                                      GError       **error);
MsBlueprint             *ms_blueprint_new_for_mapping_full (MsMapping       *mapping,
                                                            MsProfile       *profile,
                                                            MsProgressFunc   progress,
                                                            gpointer         progress_data,
                                                            GCancellable    *cancellable,
                                                            GError         **error);
MsBlueprint             *ms_blueprint_new_for_bytes  (GBytes       *bytes,
                                                      const char   *display_name,
                                                      MsProfile    *profile,
                                                      GError      **error);
MsBlueprint             *ms_blueprint_new_for_mapping (MsMapping   *mapping,
                                                       MsProfile   *profile,
                                                       GError     **error);

MsMapping               *ms_blueprint_get_mapping    (MsBlueprint  *self);
MsProfile               *ms_blueprint_get_profile    (MsBlueprint  *self);
MsBlueprintFormat        ms_blueprint_get_format     (MsBlueprint  *self);
guint32                  ms_blueprint_get_version    (MsBlueprint  *self);
guint                    ms_blueprint_get_map_size   (MsBlueprint  *self);
const MsBlueprintParams *ms_blueprint_get_params     (MsBlueprint  *self);
const MsSectionInfo     *ms_blueprint_get_sections   (MsBlueprint  *self,
                                                      guint        *n_sections);
const MsSectionInfo     *ms_blueprint_find_section   (MsBlueprint  *self,
                                                      guint32       tag);
const char * const      *ms_blueprint_get_warnings   (MsBlueprint  *self);

/* Grids.  Coordinates are file coordinates: X is the outer (first) index,
 * Y the inner (second, north/south) one; pixel (x, y) is element
 * x * map_size + y.  Nothing here copies a grid. */
float                    ms_blueprint_get_height     (MsBlueprint  *self,
                                                      guint         x,
                                                      guint         y);
guint                    ms_blueprint_get_biome      (MsBlueprint  *self,
                                                      guint         x,
                                                      guint         y);
gboolean                 ms_blueprint_has_water      (MsBlueprint  *self);
guint16                  ms_blueprint_get_water_id   (MsBlueprint  *self,
                                                      guint         x,
                                                      guint         y);
gboolean                 ms_blueprint_has_water_surface (MsBlueprint *self);
guint16                  ms_blueprint_get_water_surface (MsBlueprint *self,
                                                         guint        x,
                                                         guint        y);
/* Column runs: @n pixels (x, y0) … (x, y0 + n - 1), contiguous in a v2 file. */
void                     ms_blueprint_read_heights   (MsBlueprint  *self,
                                                      guint         x,
                                                      guint         y0,
                                                      guint         n,
                                                      float        *out);
void                     ms_blueprint_read_biomes    (MsBlueprint  *self,
                                                      guint         x,
                                                      guint         y0,
                                                      guint         n,
                                                      guint8       *out);

/* Every @step-th pixel of column x from y0 on, @n of them, of each field
 * asked for (NULL: not wanted).  Water fields read 0 where absent. */
void                     ms_blueprint_sample_column  (MsBlueprint  *self,
                                                      guint         x,
                                                      guint         y0,
                                                      guint         step,
                                                      guint         n,
                                                      guint8       *biomes,
                                                      guint16      *water_ids,
                                                      guint16      *water_surface);

/* The per-pixel grids, for ms_blueprint_peek_column (). */
typedef enum
{
  MS_GRID_HEIGHTS,        /* f32 */
  MS_GRID_BIOMES,         /* u8 */
  MS_GRID_WATER_IDS,      /* u16 */
  MS_GRID_WATER_SURFACE,  /* u16 */
} MsGridField;

/* Zero-copy bulk access: pixel (x, 0) of column x inside the mapping when
 * the column lies contiguous in the host's byte order (v2 on a
 * little-endian host), else NULL — read it through the copying accessors
 * above.  The pointer may be unaligned. */
const guint8            *ms_blueprint_peek_column    (MsBlueprint  *self,
                                                      MsGridField   field,
                                                      guint         x);
/* Whole columns of a peekable field copied with one read of the file
 * (a bulk pass); FALSE: use the mapping (see ms-blueprint.c). */
gboolean                 ms_blueprint_copy_columns   (MsBlueprint  *self,
                                                      MsGridField   field,
                                                      guint         x,
                                                      guint         n_columns,
                                                      guint8       *out);

/* Rows [@y0, @y0 + @n_rows) of column @x of a peekable field, copied
 * with one read of the file; FALSE as ms_blueprint_copy_columns (). */
gboolean                 ms_blueprint_copy_column_rows (MsBlueprint  *self,
                                                        MsGridField   field,
                                                        guint         x,
                                                        guint         y0,
                                                        guint         n_rows,
                                                        guint8       *out);

/* A pass over whole columns in order, one field: the columns come from
 * copies read a buffer at a time (ms_blueprint_copy_columns ()), or from
 * the mapping where they cannot be copied. */
typedef struct
{
  MsBlueprint *bp;
  MsGridField  field;
  guint8      *buffer;
  guint        max_columns;   /* that fit the buffer; 0: the mapping only */
  gsize        column_bytes;
  guint        x0, x1;        /* the columns in the buffer */
} MsColumnWindow;

void                     ms_column_window_init       (MsColumnWindow *window,
                                                      MsBlueprint    *blueprint,
                                                      MsGridField     field,
                                                      guint8         *buffer,
                                                      gsize           buffer_size);
/* Column @x (map-size values, as ms_blueprint_peek_column () shows them),
 * reading ahead up to column @x_end; valid until the next call.  NULL when
 * the field cannot be peeked. */
const guint8            *ms_column_window_get        (MsColumnWindow *window,
                                                      guint           x,
                                                      guint           x_end);
/* Whether column @x is in the buffer already (no read needed). */
gboolean                 ms_column_window_has        (MsColumnWindow *window,
                                                      guint           x);

const MsTown            *ms_blueprint_get_towns      (MsBlueprint  *self,
                                                      guint        *n_towns);
gboolean                 ms_blueprint_has_towns      (MsBlueprint  *self);
const MsWaterBody       *ms_blueprint_get_water_bodies (MsBlueprint *self,
                                                        guint       *n_bodies);
gboolean                 ms_blueprint_has_water_table (MsBlueprint *self);
const MsTerrainCurve    *ms_blueprint_get_curve      (MsBlueprint  *self);
gboolean                 ms_blueprint_has_roads      (MsBlueprint  *self,
                                                      MsRoadTier    tier);
guint                    ms_blueprint_get_n_paths    (MsBlueprint  *self,
                                                      MsRoadTier    tier);
const MsPoint           *ms_blueprint_get_path       (MsBlueprint  *self,
                                                      MsRoadTier    tier,
                                                      guint         index,
                                                      guint        *n_points);

G_END_DECLS
