/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the zone loader (ms-zone.c): any set of layer files
 * must give a zone or a GError, never a crash, a hang or a sanitizer
 * report.  The input is split into the layer files of zone 71, written to
 * a scratch folder and opened with the real API; an open zone is walked
 * through every accessor on every tile, and optionally audited and edited.
 *
 * Input (little-endian):
 *   byte 0       bit l set: layer l (MsZoneLayer) has a file
 *   byte 1       bit 0: open with the size given (else 0, 0: inferred)
 *                bit 1: open the first present layer alone (new_for_file)
 *                bit 2: the control file in the legacy 1-byte form
 *                bit 3: run the zone audit
 *                bit 4: set a flag everywhere, check, undo, check
 *                bit 5: open with the width given and height 0 (an error)
 *   bytes 2-5    u16 width, u16 height of the files written
 *   bytes 6-11   per layer, an int8 added to its file's length (0: fits)
 *   then         the files' bytes in layer order, each taking its length;
 *                past the end of the input they are zeros
 */
#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "ms-wire.h"
#include "ms-zone-audit.h"
#include "ms-zone-edit.h"
#include "ms-zone-region.h"

#define ZONE_ID    71
#define HEADER     12
/* Bigger zones are all zeros past the input, and slow to write. */
#define MAX_TILES  (256 * 256)
/* Zones up to this many tiles are walked tile by tile; bigger ones on the
 * rows and columns at chunk edges (where the overlay and the slope's
 * neighbours change chunk) and at the zone's edges. */
#define WALK_ALL   (40 * 40)

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static gboolean
on_edge (guint v,
         guint n)
{
  guint c = v % MS_ZONE_CHUNK_SIZE;

  return c == 0 || c == MS_ZONE_CHUNK_SIZE - 1 || v == n - 1;
}

static void
walk (MsZone *zone)
{
  guint w = ms_zone_get_width (zone), h = ms_zone_get_height (zone);

  g_assert_cmpuint (w, >=, 1);
  g_assert_cmpuint (h, >=, 1);
  g_assert_cmpuint (ms_zone_get_id (zone), ==, ZONE_ID);
  g_assert_nonnull (ms_zone_get_profile (zone));
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      guint bpt = ms_zone_get_file_bytes_per_tile (zone, l);

      g_assert_nonnull (ms_zone_get_layer_path (zone, l));
      if (!ms_zone_has_layer (zone, l))
        g_assert_cmpuint (bpt, ==, 0);
      else if (l == MS_ZONE_LAYER_CONTROL)
        g_assert_true (bpt == 1 || bpt == 2);
      else
        g_assert_cmpuint (bpt, ==, ms_zone_layer_get_bytes_per_tile (l));
    }
  g_assert_true (ms_zone_is_terraformable (zone) ==
                 ms_zone_has_layer (zone, MS_ZONE_LAYER_ALTITUDE_BLEND));

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        guint8 plant[MS_ZONE_PLANT_INFO_SIZE], tile[MS_ZONE_PLANT_INFO_SIZE];
        guint16 lo, hi;
        guint16 altitude;

        if ((guint64) w * h > WALK_ALL && !on_edge (x, w) && !on_edge (y, h))
          continue;
        altitude = ms_zone_get_altitude (zone, x, y);
        g_assert_cmpuint (ms_zone_get_height_at (zone, x, y), ==, altitude >> 5);
        ms_zone_get_plant (zone, x, y, plant);
        g_assert_cmpuint (ms_zone_get_spawn (zone, x, y), ==, plant[MS_ZONE_PLANT_SPAWN]);
        (void) ms_zone_get_control (zone, x, y);
        (void) ms_zone_get_blocking_flags (zone, x, y);
        (void) ms_zone_get_blocking_height (zone, x, y);
        (void) ms_zone_get_altitude_blend (zone, x, y);
        (void) ms_zone_get_altitude_original (zone, x, y);
        (void) ms_zone_get_slope (zone, x, y);
        (void) ms_zone_is_plant_allowed (zone, x, y);
        if (ms_zone_get_barrier (zone, x, y, &lo, &hi))
          g_assert_cmpuint (lo, <=, hi);
        for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
          ms_zone_read_tile (zone, l, x, y, tile);
        ms_zone_read_tile (zone, MS_ZONE_LAYER_PLANTS, x, y, tile);
        g_assert_cmpmem (tile, sizeof tile, plant, sizeof plant);
      }
}

/* Sets Roaming on every tile, then undoes it: reads must come back. */
static void
edit_and_undo (MsZone *zone)
{
  guint w = ms_zone_get_width (zone), h = ms_zone_get_height (zone);
  g_autofree guint16 *before = g_new (guint16, (gsize) w * h);
  g_autoptr(MsZoneRegion) all = ms_zone_region_new_rect (w, h, 0, 0, w, h);
  g_autoptr(GError) error = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ROAMING, 0, 0 };

  for (guint i = 0; i < w * h; i++)
    before[i] = ms_zone_get_control (zone, i % w, i / w);
  if (!ms_zone_apply (zone, &op, all, &error))
    {
      g_assert_false (ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL));
      g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
      return;
    }
  for (guint i = 0; i < w * h; i++)
    g_assert_cmpuint (ms_zone_get_control (zone, i % w, i / w), ==,
                      before[i] | MS_ZONE_CONTROL_ROAMING);
  g_assert_true (ms_zone_undo (zone));
  for (guint i = 0; i < w * h; i++)
    g_assert_cmpuint (ms_zone_get_control (zone, i % w, i / w), ==, before[i]);
  g_assert_true (ms_zone_redo (zone));
  g_assert_true (ms_zone_is_dirty (zone));
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  static char *dir;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first_path = NULL;
  const guint8 *stream, *end;
  guint mask, flags, width, height;

  if (size < HEADER)
    return 0;
  if (dir == NULL)
    dir = fuzz_subdir ("zone");
  mask = data[0] & ((1u << MS_ZONE_N_LAYERS) - 1);
  flags = data[1];
  width = ms_wire_peek_u16 (data + 2);
  height = ms_wire_peek_u16 (data + 4);
  if ((guint64) width * height > MAX_TILES)
    return 0;

  stream = data + HEADER;
  end = data + size;
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      g_autofree char *name = ms_zone_layer_filename (l, ZONE_ID);
      g_autofree guint8 *bytes = NULL;
      g_autofree char *path = NULL;
      guint bpt = ms_zone_layer_get_bytes_per_tile (l);
      gint64 length;
      gsize from_input;

      if (!(mask & (1u << l)))
        {
          fuzz_remove_file (dir, name);
          continue;
        }
      if (l == MS_ZONE_LAYER_CONTROL && (flags & 4))
        bpt = 1;
      length = MAX (0, (gint64) width * height * bpt + (gint8) data[6 + l]);
      bytes = g_malloc0 (length);
      from_input = MIN ((gsize) length, (gsize) (end - stream));
      if (from_input > 0)
        memcpy (bytes, stream, from_input);
      stream += from_input;
      path = fuzz_write_file (dir, name, bytes, length);
      if (first_path == NULL)
        first_path = g_steal_pointer (&path);
    }

  if ((flags & 2) && first_path != NULL)
    zone = ms_zone_new_for_file (first_path, (flags & 1) ? width : 0, (flags & 1) ? height : 0,
                                 NULL, &error);
  else if (flags & 32)
    zone = ms_zone_new_for_dir (dir, ZONE_ID, width, 0, NULL, &error);
  else
    zone = ms_zone_new_for_dir (dir, ZONE_ID, (flags & 1) ? width : 0, (flags & 1) ? height : 0,
                                NULL, &error);
  if (zone == NULL)
    {
      g_assert_true (error->domain == MS_ZONE_ERROR);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_true (mask == 0 || error->code == MS_ZONE_ERROR_INVALID);
      return 0;
    }
  g_assert_no_error (error);
  g_assert_true (mask != 0);
  if ((flags & 1) && width != 0 && height != 0)
    {
      g_assert_cmpuint (ms_zone_get_width (zone), ==, width);
      g_assert_cmpuint (ms_zone_get_height (zone), ==, height);
    }

  walk (zone);
  if (flags & 8)
    {
      MsZoneAuditStats stats;
      g_autoptr(GPtrArray) findings = ms_zone_audit (zone, NULL, &stats, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (findings);
    }
  if (flags & 16)
    edit_and_undo (zone);
  return 0;
}
