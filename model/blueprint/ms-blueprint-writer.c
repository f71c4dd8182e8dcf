/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes canonical v2 blueprints: sections in the spec's table order, unknown
 * sections of a v2 source kept (after the known ones, in their original
 * order), a v1 source re-encoded with the sentinel params.  Grids are streamed
 * from the source mapping column by column, so writing a 32768² map needs a
 * column of memory, not the map.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include "ms-blueprint-private.h"
#include "ms-blueprint-writer.h"
#include "ms-wire.h"

static void
append_u8 (GByteArray *out, guint8 v)
{
  g_byte_array_append (out, &v, 1);
}

static void
append_u16 (GByteArray *out, guint16 v)
{
  guint8 b[2];
  ms_wire_poke_u16 (b, v);
  g_byte_array_append (out, b, sizeof b);
}

static void
append_u32 (GByteArray *out, guint32 v)
{
  guint8 b[4];
  ms_wire_poke_u32 (b, v);
  g_byte_array_append (out, b, sizeof b);
}

static void
append_f32 (GByteArray *out, float v)
{
  guint8 b[4];
  ms_wire_poke_f32 (b, v);
  g_byte_array_append (out, b, sizeof b);
}

void
ms_blueprint_encode_section_header (GByteArray *out,
                                    guint32     tag,
                                    guint64     payload_length)
{
  guint8 b[8];

  append_u32 (out, tag);
  ms_wire_poke_u64 (b, payload_length);
  g_byte_array_append (out, b, sizeof b);
}

void
ms_blueprint_encode_params (GByteArray              *out,
                            const MsBlueprintParams *params)
{
  append_u32 (out, (guint32) params->world_seed);
  append_u32 (out, (guint32) params->map_size);
  append_f32 (out, params->crater_radius);
  append_f32 (out, params->density_multiplier);
  append_f32 (out, params->impact_center_x);
  append_f32 (out, params->impact_center_y);
  ms_wire_append_dotnet_string (out, params->generated_utc);
  ms_wire_append_dotnet_string (out, params->generator_git_hash);
}

void
ms_blueprint_encode_towns (GByteArray   *out,
                           const MsTown *towns,
                           guint         n_towns)
{
  append_u32 (out, n_towns);
  for (guint i = 0; i < n_towns; i++)
    {
      append_f32 (out, towns[i].x);
      append_f32 (out, towns[i].y);
      append_u8 (out, towns[i].tier);
      append_u8 (out, towns[i].highway_node ? 1 : 0);
    }
}

void
ms_blueprint_encode_curve (GByteArray           *out,
                           const MsTerrainCurve *curve)
{
  append_u16 (out, curve->version);
  for (guint i = 0; i < 4; i++)
    append_f32 (out, curve->knots[i]);
  append_f32 (out, curve->spike_max);
  append_f32 (out, curve->sea);
  append_f32 (out, curve->orange_ceil);
  append_f32 (out, curve->red_ceil);
  append_f32 (out, curve->bench_lo);
  append_f32 (out, curve->bench_hi);
  append_f32 (out, curve->peak_cap);
  append_f32 (out, curve->tail_slope);
}

void
ms_blueprint_encode_water_table (GByteArray        *out,
                                 const MsWaterBody *bodies,
                                 guint              n_bodies)
{
  append_u32 (out, n_bodies);
  for (guint i = 0; i < n_bodies; i++)
    {
      append_u16 (out, bodies[i].id);
      append_u8 (out, bodies[i].type);
      append_u8 (out, bodies[i].salinity);
      append_f32 (out, bodies[i].surface_level);
      append_u32 (out, (guint32) bodies[i].pixel_count);
      append_f32 (out, bodies[i].centroid_x);
      append_f32 (out, bodies[i].centroid_y);
    }
}

void
ms_blueprint_encode_roads (GByteArray    *out,
                           const MsPoint *points,
                           const guint   *path_starts,
                           guint          n_paths)
{
  append_u32 (out, n_paths);
  for (guint i = 0; i < n_paths; i++)
    {
      guint start = path_starts[i], end = path_starts[i + 1];

      append_u32 (out, end - start);
      for (guint j = start; j < end; j++)
        {
          append_f32 (out, points[j].x);
          append_f32 (out, points[j].y);
        }
    }
}

void
ms_blueprint_make_sentinel_params (MsBlueprintParams *params,
                                   guint              map_size)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  /* docs/BLUEPRINT_FORMAT.md, "Sentinel params": a re-encoded file cannot know
   * the generation inputs; provenance describes this file. */
  params->world_seed = 0;
  params->map_size = (gint32) map_size;
  params->crater_radius = -1.0f;
  params->density_multiplier = -1.0f;
  params->impact_center_x = -1.0f;
  params->impact_center_y = -1.0f;
  params->generated_utc = g_date_time_format_iso8601 (now);
  params->generator_git_hash = g_strdup (MAPSMITH_GIT_HASH);
}

typedef struct
{
  MsBlueprint  *bp;
  GCancellable *cancellable;
} WriteJob;

static gboolean
write_small_section (MsSaveStream  *stream,
                     guint32        tag,
                     GByteArray    *payload,
                     GError       **error)
{
  g_autoptr(GByteArray) header = g_byte_array_new ();

  ms_blueprint_encode_section_header (header, tag, payload->len);
  return ms_save_stream_write (stream, header->data, header->len, error) &&
         ms_save_stream_write (stream, payload->data, payload->len, error);
}

static gboolean
write_header_only (MsSaveStream  *stream,
                   guint32        tag,
                   guint64        length,
                   GError       **error)
{
  g_autoptr(GByteArray) header = g_byte_array_new ();

  ms_blueprint_encode_section_header (header, tag, length);
  return ms_save_stream_write (stream, header->data, header->len, error);
}

static gboolean
write_raw_section (MsSaveStream   *stream,
                   MsBlueprint    *bp,
                   guint32         tag,
                   const guint8   *payload,
                   guint64         length,
                   GError        **error)
{
  /* Chunked so that progress and cancellation happen inside huge grids. */
  const gsize chunk = 16 * 1024 * 1024;

  if (!write_header_only (stream, tag, length, error))
    return FALSE;
  for (guint64 done = 0; done < length; done += chunk)
    if (!ms_save_stream_write (stream, payload + done, (gsize) MIN (chunk, length - done), error))
      return FALSE;
  return TRUE;
}

static gboolean
write_grids_by_column (MsSaveStream  *stream,
                       MsBlueprint   *bp,
                       GError       **error)
{
  guint n = bp->map_size;
  g_autofree float *heights = g_new (float, n);
  g_autofree guint8 *encoded = g_malloc ((gsize) n * 4);
  g_autofree guint8 *biomes = g_malloc (n);

  if (!write_header_only (stream, MS_SECTION_HGTS, (guint64) 4 * n * n, error))
    return FALSE;
  for (guint x = 0; x < n; x++)
    {
      ms_blueprint_read_heights (bp, x, 0, n, heights);
      for (guint y = 0; y < n; y++)
        ms_wire_poke_f32 (encoded + (gsize) y * 4, heights[y]);
      if (!ms_save_stream_write (stream, encoded, (gsize) n * 4, error))
        return FALSE;
    }

  if (!write_header_only (stream, MS_SECTION_BIOM, (guint64) n * n, error))
    return FALSE;
  for (guint x = 0; x < n; x++)
    {
      ms_blueprint_read_biomes (bp, x, 0, n, biomes);
      if (!ms_save_stream_write (stream, biomes, n, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
write_v2 (MsSaveStream  *stream,
          gpointer       user_data,
          GError       **error)
{
  WriteJob *job = user_data;
  MsBlueprint *bp = job->bp;
  guint64 grid = (guint64) bp->map_size * bp->map_size;
  g_autoptr(GByteArray) payload = g_byte_array_new ();
  const MsSectionInfo *sections;
  guint n_sections;
  guint8 file_header[8];

  ms_wire_poke_u32 (file_header, MS_BLUEPRINT_V2_MAGIC);
  ms_wire_poke_u32 (file_header + 4, MS_BLUEPRINT_V2_VERSION);
  if (!ms_save_stream_write (stream, file_header, sizeof file_header, error))
    return FALSE;

  if (bp->format == MS_BLUEPRINT_FORMAT_V2)
    {
      ms_blueprint_encode_params (payload, &bp->params);
    }
  else
    {
      MsBlueprintParams sentinel = { 0, };

      ms_blueprint_make_sentinel_params (&sentinel, bp->map_size);
      ms_blueprint_encode_params (payload, &sentinel);
      g_free (sentinel.generated_utc);
      g_free (sentinel.generator_git_hash);
    }
  if (!write_small_section (stream, MS_SECTION_PRMS, payload, error))
    return FALSE;

  if (bp->format == MS_BLUEPRINT_FORMAT_V2 && G_BYTE_ORDER == G_LITTLE_ENDIAN)
    {
      /* Same bytes as the source: copy the views straight through. */
      if (!write_raw_section (stream, bp, MS_SECTION_HGTS, bp->heights.base, 4 * grid, error) ||
          !write_raw_section (stream, bp, MS_SECTION_BIOM, bp->biomes.base, grid, error))
        return FALSE;
    }
  else if (!write_grids_by_column (stream, bp, error))
    {
      return FALSE;
    }

  if (bp->towns != NULL)
    {
      g_byte_array_set_size (payload, 0);
      ms_blueprint_encode_towns (payload, (const MsTown *) (gpointer) bp->towns->data,
                                 bp->towns->len);
      if (!write_small_section (stream, MS_SECTION_TOWN, payload, error))
        return FALSE;
    }

  if (bp->has_curve)
    {
      g_byte_array_set_size (payload, 0);
      ms_blueprint_encode_curve (payload, &bp->curve);
      if (!write_small_section (stream, MS_SECTION_TCRV, payload, error))
        return FALSE;
    }

  if (bp->water_ids.base != NULL &&
      !write_raw_section (stream, bp, MS_SECTION_WBID, bp->water_ids.base, 2 * grid, error))
    return FALSE;

  if (bp->water_bodies != NULL)
    {
      g_byte_array_set_size (payload, 0);
      ms_blueprint_encode_water_table (payload,
                                       (const MsWaterBody *) (gpointer) bp->water_bodies->data,
                                       bp->water_bodies->len);
      if (!write_small_section (stream, MS_SECTION_WBTB, payload, error))
        return FALSE;
    }

  if (bp->water_surface.base != NULL &&
      !write_raw_section (stream, bp, MS_SECTION_WSRF, bp->water_surface.base, 2 * grid, error))
    return FALSE;

  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      if (bp->road_starts[tier] == NULL)
        continue;
      g_byte_array_set_size (payload, 0);
      ms_blueprint_encode_roads (payload, (const MsPoint *) (gpointer) bp->road_points[tier]->data,
                                 (const guint *) (gpointer) bp->road_starts[tier]->data,
                                 bp->road_starts[tier]->len - 1);
      if (!write_small_section (stream, ms_road_tier_to_section (tier), payload, error))
        return FALSE;
    }

  /* Unknown sections: a reader that predates them must not lose them. */
  sections = ms_blueprint_get_sections (bp, &n_sections);
  for (guint i = 0; i < n_sections; i++)
    {
      const guint8 *data = ms_mapping_get_data (bp->mapping);

      if (sections[i].known)
        continue;
      if (!write_raw_section (stream, bp, sections[i].tag,
                              data + sections[i].offset + MS_SECTION_HEADER_SIZE,
                              sections[i].length, error))
        return FALSE;
    }

  return TRUE;
}

/**
 * ms_blueprint_save_v2:
 * @opened_as: (nullable): see ms_save_file()
 *
 * Writes @blueprint as a canonical v2 file through the atomic, verified save
 * path.  Writing over the blueprint's own file is safe: the mapping keeps the
 * old inode alive until @blueprint is released.
 */
gboolean
ms_blueprint_save_v2 (MsBlueprint        *blueprint,
                      const char         *path,
                      const MsFileStamp  *opened_as,
                      MsSaveFlags         flags,
                      GCancellable       *cancellable,
                      GError            **error)
{
  WriteJob job = { blueprint, cancellable };

  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return ms_save_file (path, opened_as, flags, write_v2, &job, cancellable, error);
}
