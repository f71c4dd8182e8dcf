/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A parsed blueprint: small sections decoded into arrays, pixel grids left in
 * the mapping and read through strided views.  This file holds the object and
 * its accessors; ms-blueprint-reader.c parses.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>

#include "ms-blueprint-private.h"
#include "ms-save.h"
#include "ms-wire.h"

G_DEFINE_FINAL_TYPE (MsBlueprint, ms_blueprint, G_TYPE_OBJECT)
G_DEFINE_QUARK (ms-blueprint-error-quark, ms_blueprint_error)

static const struct
{
  const char *key;
  guint32     tag;
} road_tiers[MS_N_ROAD_TIERS] = {
  [MS_ROAD_HIGHWAY] = { "highway", MS_SECTION_RDHW },
  [MS_ROAD_BRANCH] = { "branch", MS_SECTION_RDBR },
  [MS_ROAD_RUGGED] = { "rugged", MS_SECTION_RDRG },
  [MS_ROAD_TRAIL] = { "trail", MS_SECTION_RDTL },
};

const char *
ms_road_tier_to_key (MsRoadTier tier)
{
  g_return_val_if_fail (tier < MS_N_ROAD_TIERS, NULL);
  return road_tiers[tier].key;
}

guint32
ms_road_tier_to_section (MsRoadTier tier)
{
  g_return_val_if_fail (tier < MS_N_ROAD_TIERS, 0);
  return road_tiers[tier].tag;
}

void
ms_section_tag_to_string (guint32 tag,
                          char    out[5])
{
  for (guint i = 0; i < 4; i++)
    {
      char c = (char) ((tag >> (8 * i)) & 0xff);
      out[i] = g_ascii_isprint (c) ? c : '?';
    }
  out[4] = '\0';
}

guint16
ms_water_level_encode (float level)
{
  double q = 1.0 + round ((double) level * 32768.0);
  return (guint16) CLAMP (q, 1.0, 65535.0);
}

gboolean
ms_blueprint_params_is_sentinel (const MsBlueprintParams *params)
{
  /* docs/BLUEPRINT_FORMAT.md, "Sentinel params": what a re-encoded file carries. */
  return params->world_seed == 0 &&
         params->crater_radius == -1.0f &&
         params->density_multiplier == -1.0f &&
         params->impact_center_x == -1.0f &&
         params->impact_center_y == -1.0f;
}

static void
ms_blueprint_finalize (GObject *object)
{
  MsBlueprint *self = MS_BLUEPRINT (object);

  g_clear_object (&self->mapping);
  g_clear_object (&self->profile);
  g_clear_pointer (&self->params.generated_utc, g_free);
  g_clear_pointer (&self->params.generator_git_hash, g_free);
  g_clear_pointer (&self->sections, g_array_unref);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->towns, g_array_unref);
  g_clear_pointer (&self->water_bodies, g_array_unref);
  for (guint i = 0; i < MS_N_ROAD_TIERS; i++)
    {
      g_clear_pointer (&self->road_points[i], g_array_unref);
      g_clear_pointer (&self->road_starts[i], g_array_unref);
    }

  G_OBJECT_CLASS (ms_blueprint_parent_class)->finalize (object);
}

static void
ms_blueprint_class_init (MsBlueprintClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_blueprint_finalize;
}

static void
ms_blueprint_init (MsBlueprint *self)
{
  self->sections = g_array_new (FALSE, TRUE, sizeof (MsSectionInfo));
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->warnings, NULL);
}

MsBlueprint *
_ms_blueprint_new (MsMapping *mapping,
                   MsProfile *profile)
{
  MsBlueprint *self = g_object_new (MS_TYPE_BLUEPRINT, NULL);

  self->mapping = g_object_ref (mapping);
  self->profile = profile ? g_object_ref (profile) : ms_profile_new_default ();
  return self;
}

void
_ms_blueprint_add_warning (MsBlueprint *self,
                           const char  *format,
                           ...)
{
  va_list args;

  va_start (args, format);
  /* Keep the array NULL-terminated for ms_blueprint_get_warnings(). */
  g_ptr_array_insert (self->warnings, self->warnings->len - 1, g_strdup_vprintf (format, args));
  va_end (args);
}

/**
 * ms_blueprint_new_for_mapping:
 * @profile: (nullable): names and counts for biome and town-tier ordinals;
 *   %NULL for the built-in placeholder profile
 *
 * Parses and validates the whole file.  The grids stay in @mapping.
 */
MsBlueprint *
ms_blueprint_new_for_mapping (MsMapping  *mapping,
                              MsProfile  *profile,
                              GError    **error)
{
  return ms_blueprint_new_for_mapping_full (mapping, profile, NULL, NULL, NULL, error);
}

static MsBlueprint *
new_for_mapping (MsMapping       *mapping,
                 MsProfile       *profile,
                 MsProgressFunc   progress,
                 gpointer         progress_data,
                 GCancellable    *cancellable,
                 gboolean         defer_biome_check,
                 GError         **error)
{
  g_autoptr(MsBlueprint) self = NULL;

  g_return_val_if_fail (MS_IS_MAPPING (mapping), NULL);
  g_return_val_if_fail (profile == NULL || MS_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = _ms_blueprint_new (mapping, profile);
  self->defer_biome_check = defer_biome_check;
  if (!_ms_blueprint_parse (self, progress, progress_data, cancellable, error))
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * ms_blueprint_new_for_mapping_full:
 * @progress: (nullable): told how much of the validation is done, 0..1, on
 *   the calling thread
 * @cancellable: (nullable): stops the validation half-way with
 *   %G_IO_ERROR_CANCELLED
 *
 * Like ms_blueprint_new_for_mapping (), for callers on a worker thread that
 * show progress: the biome check reads the whole biome grid (1 GiB at
 * 32768²), which may come from disk.
 */
MsBlueprint *
ms_blueprint_new_for_mapping_full (MsMapping       *mapping,
                                   MsProfile       *profile,
                                   MsProgressFunc   progress,
                                   gpointer         progress_data,
                                   GCancellable    *cancellable,
                                   GError         **error)
{
  return new_for_mapping (mapping, profile, progress, progress_data, cancellable, FALSE, error);
}

MsBlueprint *
ms_blueprint_new_for_path (const char  *path,
                           MsProfile   *profile,
                           GError     **error)
{
  return ms_blueprint_new_for_path_full (path, profile, NULL, NULL, NULL, error);
}

static MsBlueprint *
new_for_path (const char      *path,
              MsProfile       *profile,
              MsProgressFunc   progress,
              gpointer         progress_data,
              GCancellable    *cancellable,
              gboolean         defer_biome_check,
              GError         **error)
{
  g_autoptr(MsMapping) mapping = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* What a save of this file that died left beside it. */
  (void) ms_save_remove_stale_files (path);
  mapping = ms_mapping_new_for_path (path, error);
  if (mapping == NULL)
    return NULL;

  bp = new_for_mapping (mapping, profile, progress, progress_data, cancellable,
                        defer_biome_check, &local_error);
  /* A file that shrank while it was validated read zeros: say so, not
   * what the zeros look like. */
  if (!ms_mapping_check (mapping, error))
    return NULL;
  if (bp == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return g_steal_pointer (&bp);
}

MsBlueprint *
ms_blueprint_new_for_path_full (const char      *path,
                                MsProfile       *profile,
                                MsProgressFunc   progress,
                                gpointer         progress_data,
                                GCancellable    *cancellable,
                                GError         **error)
{
  return new_for_path (path, profile, progress, progress_data, cancellable, FALSE, error);
}

MsBlueprint *
ms_blueprint_new_for_path_unchecked (const char  *path,
                                     MsProfile   *profile,
                                     GError     **error)
{
  return new_for_path (path, profile, NULL, NULL, NULL, TRUE, error);
}

gboolean
ms_blueprint_get_biomes_checked (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  return !self->biomes_unchecked;
}

MsBlueprint *
ms_blueprint_new_for_bytes (GBytes      *bytes,
                            const char  *display_name,
                            MsProfile   *profile,
                            GError     **error)
{
  g_autoptr(MsMapping) mapping = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);

  mapping = ms_mapping_new_for_bytes (bytes, display_name);
  return ms_blueprint_new_for_mapping (mapping, profile, error);
}

MsMapping *
ms_blueprint_get_mapping (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  return self->mapping;
}

MsProfile *
ms_blueprint_get_profile (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  return self->profile;
}

MsBlueprintFormat
ms_blueprint_get_format (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), 0);
  return self->format;
}

guint32
ms_blueprint_get_version (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), 0);
  return self->version;
}

guint
ms_blueprint_get_map_size (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), 0);
  return self->map_size;
}

/**
 * ms_blueprint_get_params:
 *
 * Returns: (nullable): the PRMS section, or %NULL for a v1 file, which
 *   carries no generation parameters.
 */
const MsBlueprintParams *
ms_blueprint_get_params (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  return self->format == MS_BLUEPRINT_FORMAT_V2 ? &self->params : NULL;
}

const MsSectionInfo *
ms_blueprint_get_sections (MsBlueprint *self,
                           guint       *n_sections)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  *n_sections = self->sections->len;
  return (const MsSectionInfo *) (gpointer) self->sections->data;
}

const MsSectionInfo *
ms_blueprint_find_section (MsBlueprint *self,
                           guint32      tag)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);

  for (guint i = 0; i < self->sections->len; i++)
    {
      const MsSectionInfo *info = &g_array_index (self->sections, MsSectionInfo, i);
      if (info->tag == tag)
        return info;
    }
  return NULL;
}

const char * const *
ms_blueprint_get_warnings (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  return (const char * const *) self->warnings->pdata;
}

static inline gsize
pixel_index (MsBlueprint *self,
             guint        x,
             guint        y)
{
  /* The one place the X-outer / Y-inner rule lives. */
  return (gsize) x * self->map_size + y;
}

#define CHECK_PIXEL(self, x, y, val) \
  G_STMT_START { \
    g_return_val_if_fail (MS_IS_BLUEPRINT (self), val); \
    g_return_val_if_fail ((x) < (self)->map_size && (y) < (self)->map_size, val); \
  } G_STMT_END

float
ms_blueprint_get_height (MsBlueprint *self,
                         guint        x,
                         guint        y)
{
  CHECK_PIXEL (self, x, y, NAN);
  return ms_wire_peek_f32 (self->heights.base + pixel_index (self, x, y) * self->heights.stride);
}

guint
ms_blueprint_get_biome (MsBlueprint *self,
                        guint        x,
                        guint        y)
{
  const guint8 *p;

  CHECK_PIXEL (self, x, y, 0);
  p = self->biomes.base + pixel_index (self, x, y) * self->biomes.stride;
  /* v1 stores an i32 ordinal; the reader has range-checked every one. */
  return self->biome_width == 1 ? *p : ms_wire_peek_u32 (p);
}

gboolean
ms_blueprint_has_water (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  return self->water_ids.base != NULL;
}

guint16
ms_blueprint_get_water_id (MsBlueprint *self,
                           guint        x,
                           guint        y)
{
  CHECK_PIXEL (self, x, y, 0);
  if (self->water_ids.base == NULL)
    return 0;
  return ms_wire_peek_u16 (self->water_ids.base + pixel_index (self, x, y) * self->water_ids.stride);
}

gboolean
ms_blueprint_has_water_surface (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  return self->water_surface.base != NULL;
}

guint16
ms_blueprint_get_water_surface (MsBlueprint *self,
                                guint        x,
                                guint        y)
{
  CHECK_PIXEL (self, x, y, 0);
  if (self->water_surface.base == NULL)
    return 0;
  return ms_wire_peek_u16 (self->water_surface.base +
                           pixel_index (self, x, y) * self->water_surface.stride);
}

void
ms_blueprint_read_heights (MsBlueprint *self,
                           guint        x,
                           guint        y0,
                           guint        n,
                           float       *out)
{
  const guint8 *p;

  g_return_if_fail (MS_IS_BLUEPRINT (self));
  g_return_if_fail (x < self->map_size && y0 <= self->map_size && n <= self->map_size - y0);

  p = self->heights.base + pixel_index (self, x, y0) * self->heights.stride;
  if (self->heights.stride == sizeof (float) && G_BYTE_ORDER == G_LITTLE_ENDIAN)
    {
      memcpy (out, p, (gsize) n * sizeof (float));
      return;
    }
  for (guint i = 0; i < n; i++)
    out[i] = ms_wire_peek_f32 (p + (gsize) i * self->heights.stride);
}

void
ms_blueprint_read_biomes (MsBlueprint *self,
                          guint        x,
                          guint        y0,
                          guint        n,
                          guint8      *out)
{
  const guint8 *p;

  g_return_if_fail (MS_IS_BLUEPRINT (self));
  g_return_if_fail (x < self->map_size && y0 <= self->map_size && n <= self->map_size - y0);

  p = self->biomes.base + pixel_index (self, x, y0) * self->biomes.stride;
  if (self->biome_width == 1)
    {
      memcpy (out, p, n);
      return;
    }
  for (guint i = 0; i < n; i++)
    out[i] = (guint8) ms_wire_peek_u32 (p + (gsize) i * self->biomes.stride);
}

void
ms_blueprint_sample_column (MsBlueprint *self,
                            guint        x,
                            guint        y0,
                            guint        step,
                            guint        n,
                            guint8      *biomes,
                            guint16     *water_ids,
                            guint16     *water_surface)
{
  gsize first;

  g_return_if_fail (MS_IS_BLUEPRINT (self));
  g_return_if_fail (step > 0 && x < self->map_size && y0 < self->map_size);
  g_return_if_fail (n == 0 || (guint64) y0 + (guint64) (n - 1) * step < self->map_size);

  first = pixel_index (self, x, y0);
  for (guint i = 0; i < n; i++)
    {
      gsize index = first + (gsize) i * step;

      if (biomes != NULL)
        {
          const guint8 *p = self->biomes.base + index * self->biomes.stride;
          biomes[i] = self->biome_width == 1 ? *p : (guint8) ms_wire_peek_u32 (p);
        }
      if (water_ids != NULL)
        water_ids[i] = self->water_ids.base ?
          ms_wire_peek_u16 (self->water_ids.base + index * self->water_ids.stride) : 0;
      if (water_surface != NULL)
        water_surface[i] = self->water_surface.base ?
          ms_wire_peek_u16 (self->water_surface.base + index * self->water_surface.stride) : 0;
    }
}

const guint8 *
ms_blueprint_peek_column (MsBlueprint *self,
                          MsGridField  field,
                          guint        x)
{
  const MsGridView *view;
  gsize width;

  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  g_return_val_if_fail (x < self->map_size, NULL);

  switch (field)
    {
    case MS_GRID_HEIGHTS:
      view = &self->heights;
      width = sizeof (float);
      break;
    case MS_GRID_BIOMES:
      view = &self->biomes;
      width = 1;
      break;
    case MS_GRID_WATER_IDS:
      view = &self->water_ids;
      width = sizeof (guint16);
      break;
    case MS_GRID_WATER_SURFACE:
      view = &self->water_surface;
      width = sizeof (guint16);
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  /* v1 interleaves the fields (and widens biomes to i32); multi-byte
   * values are little-endian on disk. */
  if (view->base == NULL || view->stride != width ||
      (width > 1 && G_BYTE_ORDER != G_LITTLE_ENDIAN))
    return NULL;
  return view->base + pixel_index (self, x, 0) * view->stride;
}

/* Bytes of one value of @field as ms_blueprint_peek_column () shows it. */
static gsize
grid_field_width (MsGridField field)
{
  return field == MS_GRID_HEIGHTS ? sizeof (float) : field == MS_GRID_BIOMES ? 1 : sizeof (guint16);
}

/* @n_bytes of a peekable @field from pixel (@x, @y0) on, with one read of
 * the file; FALSE when the field cannot be peeked, the range is not the
 * mapping's own bytes or the read failed. */
static gboolean
read_field_bytes (MsBlueprint *self,
                  MsGridField  field,
                  guint        x,
                  guint        y0,
                  gsize        n_bytes,
                  guint8      *out)
{
  const guint8 *first = ms_blueprint_peek_column (self, field, x);
  const guint8 *data = ms_mapping_get_data (self->mapping);
  gsize length = ms_mapping_get_length (self->mapping);
  gsize offset;

  if (first == NULL || first < data || (gsize) (first - data) > length)
    return FALSE;
  offset = (gsize) (first - data) + (gsize) y0 * grid_field_width (field);
  if (offset > length || n_bytes > length - offset)
    return FALSE;
  return ms_mapping_read (self->mapping, (goffset) offset, out, n_bytes, NULL);
}

/**
 * ms_blueprint_copy_columns:
 * @out: (out caller-allocates): @n_columns whole columns of @field
 *
 * Copies columns [@x, @x + @n_columns) of @field, each of map-size values,
 * as ms_blueprint_peek_column () shows them, with one read of the file
 * (ms_mapping_read ()): for a pass over whole columns, which copies
 * faster than it could fault in the mapping's pages.  FALSE when the field
 * cannot be peeked (read through the copying accessors) or the read failed
 * (the file changed on disk: read through the mapping, whose guard marks
 * it for ms_mapping_check ()).
 */
gboolean
ms_blueprint_copy_columns (MsBlueprint *self,
                           MsGridField  field,
                           guint        x,
                           guint        n_columns,
                           guint8      *out)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  g_return_val_if_fail (n_columns > 0 && x < self->map_size && n_columns <= self->map_size - x, FALSE);

  /* Columns follow each other in a peekable field. */
  return read_field_bytes (self, field, x, 0,
                           (gsize) n_columns * self->map_size * grid_field_width (field), out);
}

/* Part of a column: a tile's or a region's rows.  One read per column
 * still beats faulting the mapping's pages in, 4 KiB at a time, by far
 * (bench/README.md, tenth round). */
gboolean
ms_blueprint_copy_column_rows (MsBlueprint *self,
                               MsGridField  field,
                               guint        x,
                               guint        y0,
                               guint        n_rows,
                               guint8      *out)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  g_return_val_if_fail (x < self->map_size && y0 <= self->map_size && n_rows <= self->map_size - y0, FALSE);

  return read_field_bytes (self, field, x, y0, (gsize) n_rows * grid_field_width (field), out);
}

void
ms_column_window_init (MsColumnWindow *window,
                       MsBlueprint    *bp,
                       MsGridField     field,
                       guint8         *buffer,
                       gsize           buffer_size)
{
  g_return_if_fail (MS_IS_BLUEPRINT (bp));

  *window = (MsColumnWindow) { bp, field, buffer, 0, 0, 0, 0 };
  window->column_bytes = (gsize) bp->map_size * grid_field_width (field);
  if (buffer != NULL && ms_blueprint_peek_column (bp, field, 0) != NULL)
    window->max_columns = (guint) MIN (buffer_size / window->column_bytes, bp->map_size);
}

gboolean
ms_column_window_has (MsColumnWindow *window,
                      guint           x)
{
  return x >= window->x0 && x < window->x1;
}

const guint8 *
ms_column_window_get (MsColumnWindow *window,
                      guint           x,
                      guint           x_end)
{
  if (ms_column_window_has (window, x))
    return window->buffer + (gsize) (x - window->x0) * window->column_bytes;
  if (window->max_columns > 0 && x < x_end)
    {
      guint n = MIN (window->max_columns, MIN (x_end, window->bp->map_size) - x);

      if (ms_blueprint_copy_columns (window->bp, window->field, x, n, window->buffer))
        {
          window->x0 = x;
          window->x1 = x + n;
          return window->buffer;
        }
      /* Shrunk on disk: the mapping's guard takes it from here. */
      window->max_columns = 0;
      window->x0 = window->x1 = 0;
    }
  return ms_blueprint_peek_column (window->bp, window->field, x);
}

const MsTown *
ms_blueprint_get_towns (MsBlueprint *self,
                        guint       *n_towns)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  *n_towns = self->towns ? self->towns->len : 0;
  return self->towns ? (const MsTown *) (gpointer) self->towns->data : NULL;
}

gboolean
ms_blueprint_has_towns (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  return self->towns != NULL;
}

const MsWaterBody *
ms_blueprint_get_water_bodies (MsBlueprint *self,
                               guint       *n_bodies)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  *n_bodies = self->water_bodies ? self->water_bodies->len : 0;
  return self->water_bodies ? (const MsWaterBody *) (gpointer) self->water_bodies->data : NULL;
}

gboolean
ms_blueprint_has_water_table (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  return self->water_bodies != NULL;
}

/**
 * ms_blueprint_get_curve:
 *
 * Returns: (nullable): the TCRV section, or %NULL when the file has none.
 */
const MsTerrainCurve *
ms_blueprint_get_curve (MsBlueprint *self)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), NULL);
  return self->has_curve ? &self->curve : NULL;
}

gboolean
ms_blueprint_has_roads (MsBlueprint *self,
                        MsRoadTier   tier)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), FALSE);
  g_return_val_if_fail (tier < MS_N_ROAD_TIERS, FALSE);
  return self->road_starts[tier] != NULL;
}

guint
ms_blueprint_get_n_paths (MsBlueprint *self,
                          MsRoadTier   tier)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (self), 0);
  g_return_val_if_fail (tier < MS_N_ROAD_TIERS, 0);
  return self->road_starts[tier] ? self->road_starts[tier]->len - 1 : 0;
}

const MsPoint *
ms_blueprint_get_path (MsBlueprint *self,
                       MsRoadTier   tier,
                       guint        index,
                       guint       *n_points)
{
  guint start, end;

  g_return_val_if_fail (index < ms_blueprint_get_n_paths (self, tier), NULL);

  start = g_array_index (self->road_starts[tier], guint, index);
  end = g_array_index (self->road_starts[tier], guint, index + 1);
  *n_points = end - start;
  if (start == end)
    return NULL;
  return &g_array_index (self->road_points[tier], MsPoint, start);
}
