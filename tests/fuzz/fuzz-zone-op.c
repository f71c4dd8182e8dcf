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

/* A second, plain implementation of the regions, from ms-zone-region.h's
 * words: which tiles should be in.  NULL when there is none to compare with
 * (strokes; slopes, whose formula is the server's; polygons with
 * coordinates past 2^20, where the rasterizer's doubles round). */
static gboolean *
expected_region (const MsZoneOpSpec *spec,
                 MsZone             *zone)
{
  g_autofree gboolean *in = g_new0 (gboolean, W * H);
  const double *n = spec->numbers;

  switch (spec->region)
    {
    case MS_ZONE_OP_REGION_RECT:
      for (guint i = 0; i < W * H; i++)
        in[i] = i % W >= n[0] && i % W < n[0] + n[2] && i / W >= n[1] && i / W < n[1] + n[3];
      break;

    case MS_ZONE_OP_REGION_POLYGON:
      for (guint k = 0; k < spec->n_numbers; k++)
        if (fabs (n[k]) > (1 << 20))
          return NULL;
      /* Even-odd at the centre (x + 0.5, y + 0.5): count the edges that
       * cross its row (one end above, y > centre) at or left of it, in
       * exact integers at twice the scale. */
      for (guint i = 0; i < W * H; i++)
        {
          gint64 px = 2 * (i % W) + 1, py = 2 * (i / W) + 1;
          guint crossings = 0, m = spec->n_numbers / 2;

          for (guint a = 0, b = m - 1; a < m; b = a++)
            {
              gint64 xa = 2 * (gint64) n[2 * a], ya = 2 * (gint64) n[2 * a + 1];
              gint64 xb = 2 * (gint64) n[2 * b], yb = 2 * (gint64) n[2 * b + 1];
              __int128 lhs, rhs;

              if ((ya > py) == (yb > py))
                continue;
              /* x at the row = xa + (xb - xa) (py - ya) / (yb - ya) <= px */
              lhs = (__int128) (xb - xa) * (py - ya);
              rhs = (__int128) (px - xa) * (yb - ya);
              crossings += yb > ya ? lhs <= rhs : lhs >= rhs;
            }
          in[i] = crossings % 2 == 1;
        }
      break;

    case MS_ZONE_OP_REGION_FILL:
      {
        g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
        guint seed = (guint) n[1] * W + (guint) n[0];
        guint16 value = ms_zone_get_control (zone, seed % W, seed / W);

        in[seed] = TRUE;
        g_array_append_val (stack, seed);
        while (stack->len > 0)
          {
            guint t = g_array_index (stack, guint, stack->len - 1);
            guint x = t % W, y = t / W;
            guint next[4] = { x > 0 ? t - 1 : t, x + 1 < W ? t + 1 : t,
                              y > 0 ? t - W : t, y + 1 < H ? t + W : t };

            g_array_set_size (stack, stack->len - 1);
            for (guint k = 0; k < 4; k++)
              if (!in[next[k]] && ms_zone_get_control (zone, next[k] % W, next[k] / W) == value)
                {
                  in[next[k]] = TRUE;
                  g_array_append_val (stack, next[k]);
                }
          }
      }
      break;

    case MS_ZONE_OP_REGION_WHERE:
      if (spec->rule == MS_ZONE_RULE_SLOPE)
        return NULL;
      for (guint i = 0; i < W * H; i++)
        {
          guint x = i % W, y = i / W;
          guint8 plant[MS_ZONE_PLANT_INFO_SIZE];
          gint64 v = 0, c = spec->value;

          ms_zone_get_plant (zone, x, y, plant);
          switch (spec->rule)
            {
            case MS_ZONE_RULE_ALTITUDE: v = ms_zone_get_altitude (zone, x, y); break;
            case MS_ZONE_RULE_HEIGHT: v = ms_zone_get_altitude (zone, x, y) / 32; break;
            case MS_ZONE_RULE_SPAWN: v = plant[3]; break;
            case MS_ZONE_RULE_GROUND: v = plant[6]; break;
            case MS_ZONE_RULE_PLANT: v = plant[0]; break;
            case MS_ZONE_RULE_CONTROL: v = ms_zone_get_control (zone, x, y); break;
            case MS_ZONE_RULE_FLAG: v = ms_zone_get_control (zone, x, y) & c; break;
            default: g_assert_not_reached ();
            }
          switch (spec->cmp)
            {
            case MS_ZONE_CMP_LT: in[i] = v < c; break;
            case MS_ZONE_CMP_LE: in[i] = v <= c; break;
            case MS_ZONE_CMP_GT: in[i] = v > c; break;
            case MS_ZONE_CMP_GE: in[i] = v >= c; break;
            case MS_ZONE_CMP_EQ: in[i] = v == c; break;
            case MS_ZONE_CMP_NE: in[i] = v != c; break;
            default: g_assert_not_reached ();
            }
        }
      break;

    case MS_ZONE_OP_REGION_STROKE:
      return NULL;

    default:
      g_assert_not_reached ();
    }
  return g_steal_pointer (&in);
}

static void
apply (const MsZoneOpSpec *spec)
{
  MsZone *zone = the_zone ();
  g_autoptr(MsZoneRegion) region = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree gboolean *expected = NULL;
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
      g_assert_true (spec->numbers[0] < 0 || spec->numbers[0] >= W ||
                     spec->numbers[1] < 0 || spec->numbers[1] >= H);
      return;
    }
  expected = expected_region (spec, zone);
  for (guint i = 0; expected != NULL && i < W * H; i++)
    if (ms_zone_region_contains (region, i % W, i / W) != expected[i])
      g_error ("%s: tile (%u, %u) is %s the region; the plain implementation says %s",
               spec->text, i % W, i / W, expected[i] ? "not in" : "in", expected[i] ? "in" : "out");
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
