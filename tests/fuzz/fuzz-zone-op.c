/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the zone edit language (ms-zone-op.c): any string
 * must parse to an operation or give a GError naming it and a column,
 * never a crash, a hang or a sanitizer report.  A parsed operation is
 * applied to a small zone with every layer, checked tile by tile against
 * its region (the tiles outside are untouched, the tiles inside changed as
 * the op says), and undone.
 *
 * Input: the operation's text, up to the first NUL byte.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fuzz-util.h"
#include "ms-zone-op.h"

/* Not square and not a multiple of the chunk size. */
#define W 70
#define H 45

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static MsZone *
the_zone (void)
{
  static MsZone *zone;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  if (zone != NULL)
    return zone;
  dir = fuzz_subdir ("zone-op");
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      gsize length = (gsize) W * H * ms_zone_layer_get_bytes_per_tile (l);
      g_autofree guint8 *bytes = g_malloc (length);
      g_autofree char *name = ms_zone_layer_filename (l, 5);
      g_autofree char *path = NULL;
      guint32 state = 0x9E3779B9u * (l + 1);

      /* Varied values (an xorshift), control within the defined flags. */
      for (gsize i = 0; i < length; i++)
        {
          state ^= state << 13;
          state ^= state >> 17;
          state ^= state << 5;
          bytes[i] = (guint8) state;
          if (l == MS_ZONE_LAYER_CONTROL && i % 2 == 1)
            bytes[i] &= 0x07;
        }
      path = fuzz_write_file (dir, name, bytes, length);
    }
  zone = ms_zone_new_for_dir (dir, 5, W, H, NULL, &error);
  g_assert_no_error (error);
  return zone;
}

/* "operation “TEXT”, column N: ..." with 1 <= N <= length + 1. */
static void
check_error (const char   *text,
             const GError *error)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *prefix = g_strdup_printf ("operation “%s”, column ", valid);
  guint64 n;
  char *end;

  g_assert_error (error, MS_ZONE_OP_ERROR, MS_ZONE_OP_ERROR_INVALID);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_true (g_str_has_prefix (error->message, prefix));
  n = g_ascii_strtoull (error->message + strlen (prefix), &end, 10);
  g_assert_true (end[0] == ':' && end[1] == ' ' && end[2] != '\0');
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, strlen (text) + 1);
}

static void
check_spec (const char         *text,
            const MsZoneOpSpec *spec)
{
  g_assert_cmpstr (spec->text, ==, text);
  g_assert_nonnull (spec->numbers);
  switch (spec->region)
    {
    case MS_ZONE_OP_REGION_RECT:
      g_assert_cmpuint (spec->n_numbers, ==, 4);
      g_assert_cmpfloat (spec->numbers[2], >=, 0);
      g_assert_cmpfloat (spec->numbers[3], >=, 0);
      break;
    case MS_ZONE_OP_REGION_POLYGON:
      g_assert_cmpuint (spec->n_numbers, >=, 6);
      g_assert_cmpuint (spec->n_numbers % 2, ==, 0);
      break;
    case MS_ZONE_OP_REGION_FILL:
      g_assert_cmpuint (spec->n_numbers, ==, 2);
      break;
    case MS_ZONE_OP_REGION_STROKE:
      g_assert_cmpuint (spec->n_numbers, >=, 2);
      g_assert_cmpuint (spec->n_numbers % 2, ==, 0);
      g_assert_cmpfloat (spec->radius, >=, 0);
      g_assert_cmpfloat (spec->radius, <=, 4096);
      break;
    case MS_ZONE_OP_REGION_WHERE:
      g_assert_cmpint (spec->cmp, <=, MS_ZONE_CMP_NE);
      break;
    default:
      g_assert_not_reached ();
    }
  for (guint i = 0; i < spec->n_numbers; i++)
    g_assert_cmpfloat (fabs (spec->numbers[i]), <=, G_MAXINT32);
  switch (spec->op.kind)
    {
    case MS_ZONE_OP_SET_FLAG:
    case MS_ZONE_OP_CLEAR_FLAG:
      g_assert_cmpuint (spec->op.mask, !=, 0);
      break;
    case MS_ZONE_OP_SET_SPAWN:
      g_assert_cmpint (spec->op.value, >=, 0);
      g_assert_cmpint (spec->op.value, <=, 255);
      break;
    case MS_ZONE_OP_ADD_SPAWN:
      g_assert_cmpint (spec->op.value, >=, -255);
      g_assert_cmpint (spec->op.value, <=, 255);
      break;
    case MS_ZONE_OP_SCALE_SPAWN:
      g_assert_cmpfloat (spec->op.factor, >=, 0);
      g_assert_cmpfloat (spec->op.factor, <, 1e6);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
apply (const MsZoneOpSpec *spec)
{
  MsZone *zone = the_zone ();
  g_autoptr(MsZoneRegion) region = NULL;
  g_autoptr(GError) error = NULL;
  guint16 control[W * H];
  guint8 spawn[W * H];
  guint64 n_tiles = 0;

  for (guint i = 0; i < W * H; i++)
    {
      control[i] = ms_zone_get_control (zone, i % W, i / W);
      spawn[i] = ms_zone_get_spawn (zone, i % W, i / W);
    }
  region = ms_zone_op_spec_build_region (spec, zone, &error);
  if (region == NULL)
    {
      /* Only a fill seed outside the zone can fail: every layer exists. */
      g_assert_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID);
      g_assert_cmpint (spec->region, ==, MS_ZONE_OP_REGION_FILL);
      return;
    }
  if (!ms_zone_op_spec_apply (spec, zone, &n_tiles, &error))
    g_error ("%s: the region was made but the apply failed: %s", spec->text, error->message);
  g_assert_cmpuint (n_tiles, ==, ms_zone_region_count_tiles (region));
  g_assert_cmpuint (n_tiles, <=, W * H);

  for (guint i = 0; i < W * H; i++)
    {
      guint x = i % W, y = i / W;
      guint16 c = ms_zone_get_control (zone, x, y);
      guint8 s = ms_zone_get_spawn (zone, x, y);

      if (!ms_zone_region_contains (region, x, y))
        {
          g_assert_cmpuint (c, ==, control[i]);
          g_assert_cmpuint (s, ==, spawn[i]);
          continue;
        }
      switch (spec->op.kind)
        {
        case MS_ZONE_OP_SET_FLAG:
          g_assert_cmpuint (c, ==, control[i] | spec->op.mask);
          break;
        case MS_ZONE_OP_CLEAR_FLAG:
          g_assert_cmpuint (c, ==, control[i] & ~spec->op.mask);
          break;
        case MS_ZONE_OP_SET_SPAWN:
          g_assert_cmpuint (s, ==, spec->op.value);
          break;
        case MS_ZONE_OP_ADD_SPAWN:
          g_assert_cmpint (s, ==, CLAMP ((gint) spawn[i] + spec->op.value, 0, 255));
          break;
        case MS_ZONE_OP_SCALE_SPAWN:
          /* Rounding is the engine's to choose: within one of the product. */
          g_assert_cmpfloat (fabs (s - MIN (255.0, spawn[i] * spec->op.factor)), <=, 1.0);
          break;
        default:
          g_assert_not_reached ();
        }
    }

  if (ms_zone_can_undo (zone))
    g_assert_true (ms_zone_undo (zone));
  g_assert_false (ms_zone_can_undo (zone));
  for (guint i = 0; i < W * H; i++)
    g_assert_cmpuint (ms_zone_get_control (zone, i % W, i / W), ==, control[i]);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autoptr(MsZoneOpSpec) spec = NULL;
  g_autoptr(GError) error = NULL;

  spec = ms_zone_op_spec_parse (text, &error);
  if (spec == NULL)
    {
      check_error (text, error);
      return 0;
    }
  g_assert_no_error (error);
  check_spec (text, spec);
  apply (spec);
  return 0;
}
