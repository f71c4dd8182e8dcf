/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone edit language (ms-zone-op.h): parse results and error messages
 * worked out by hand from the grammar, and ops applied to the random zone
 * fixture (150×100, row-major) checked tile by tile against the bytes the
 * fixture wrote.
 */
#include "config.h"

#include <string.h>

#include "ms-test-zone.h"
#include "ms-zone-op.h"

static MsZoneOpSpec *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  MsZoneOpSpec *spec = ms_zone_op_spec_parse (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (spec);
  g_assert_cmpstr (spec->text, ==, text);
  return spec;
}

static void
assert_numbers (const MsZoneOpSpec *spec,
                guint               n,
                ...)
{
  va_list ap;

  g_assert_cmpuint (spec->n_numbers, ==, n);
  va_start (ap, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (spec->numbers[i], ==, (double) va_arg (ap, int));
  va_end (ap);
}

static void
test_parse (void)
{
  g_autoptr(MsZoneOpSpec) rect = parse_ok ("set Roaming rect 2 3 10 4");
  g_autoptr(MsZoneOpSpec) poly = parse_ok ("clear 1024 polygon 0 0 10 0 0 -10");
  g_autoptr(MsZoneOpSpec) fill = parse_ok ("  spawn\t+5 \n fill 7 8 ");
  g_autoptr(MsZoneOpSpec) stroke = parse_ok ("spawn -7 stroke square 2 1 1 5 5");
  g_autoptr(MsZoneOpSpec) scale = parse_ok ("spawn *1.5 where height >= 30");
  g_autoptr(MsZoneOpSpec) flag = parse_ok ("set antiplant where flag == Highway");
  g_autoptr(MsZoneOpSpec) control = parse_ok ("spawn 255 where control != -3");
  g_autoptr(MsZoneOpSpec) round = parse_ok ("spawn 0 stroke round 4096 -2147483647 2147483647");

  /* Roaming is bit 6 (docs/ZONE_LAYERS.md). */
  g_assert_cmpint (rect->op.kind, ==, MS_ZONE_OP_SET_FLAG);
  g_assert_cmpuint (rect->op.mask, ==, 64);
  g_assert_cmpint (rect->region, ==, MS_ZONE_OP_REGION_RECT);
  assert_numbers (rect, 4, 2, 3, 10, 4);

  g_assert_cmpint (poly->op.kind, ==, MS_ZONE_OP_CLEAR_FLAG);
  g_assert_cmpuint (poly->op.mask, ==, 1024);
  g_assert_cmpint (poly->region, ==, MS_ZONE_OP_REGION_POLYGON);
  assert_numbers (poly, 6, 0, 0, 10, 0, 0, -10);

  g_assert_cmpint (fill->op.kind, ==, MS_ZONE_OP_ADD_SPAWN);
  g_assert_cmpint (fill->op.value, ==, 5);
  g_assert_cmpint (fill->region, ==, MS_ZONE_OP_REGION_FILL);
  assert_numbers (fill, 2, 7, 8);

  g_assert_cmpint (stroke->op.kind, ==, MS_ZONE_OP_ADD_SPAWN);
  g_assert_cmpint (stroke->op.value, ==, -7);
  g_assert_cmpint (stroke->region, ==, MS_ZONE_OP_REGION_STROKE);
  g_assert_cmpint (stroke->brush, ==, MS_ZONE_BRUSH_SQUARE);
  g_assert_cmpfloat (stroke->radius, ==, 2.0);
  assert_numbers (stroke, 4, 1, 1, 5, 5);

  g_assert_cmpint (scale->op.kind, ==, MS_ZONE_OP_SCALE_SPAWN);
  g_assert_cmpfloat (scale->op.factor, ==, 1.5);
  g_assert_cmpint (scale->region, ==, MS_ZONE_OP_REGION_WHERE);
  g_assert_cmpint (scale->rule, ==, MS_ZONE_RULE_HEIGHT);
  g_assert_cmpint (scale->cmp, ==, MS_ZONE_CMP_GE);
  g_assert_cmpint (scale->value, ==, 30);

  /* Flag names are case-blind; Highway is bit 7. */
  g_assert_cmpuint (flag->op.mask, ==, 1);
  g_assert_cmpint (flag->rule, ==, MS_ZONE_RULE_FLAG);
  g_assert_cmpint (flag->cmp, ==, MS_ZONE_CMP_EQ);
  g_assert_cmpint (flag->value, ==, 128);

  g_assert_cmpint (control->op.kind, ==, MS_ZONE_OP_SET_SPAWN);
  g_assert_cmpint (control->op.value, ==, 255);
  g_assert_cmpint (control->rule, ==, MS_ZONE_RULE_CONTROL);
  g_assert_cmpint (control->cmp, ==, MS_ZONE_CMP_NE);
  g_assert_cmpint (control->value, ==, -3);

  g_assert_cmpint (round->brush, ==, MS_ZONE_BRUSH_ROUND);
  g_assert_cmpfloat (round->radius, ==, 4096.0);
  assert_numbers (round, 2, -2147483647, 2147483647);
}

#define FLAGS "(AntiPlant, TerraformProtected, SyndicateArea, ConcreteA, ConcreteB, Roaming, " \
              "Highway, PBSHighway, PBSTerraformProtected, NpcRestricted)"

static const struct
{
  const char *text;
  const char *message;
} bad_ops[] = {
  { "", "operation “”, column 1: an operation is missing (set, clear or spawn)" },
  { "   ", "operation “   ”, column 4: an operation is missing (set, clear or spawn)" },
  { "paint x", "operation “paint x”, column 1: “paint” is not an operation (set, clear or spawn)" },
  { "set", "operation “set”, column 4: a flag name is missing" },
  { "set NoSuchFlag rect 0 0 1 1",
    "operation “set NoSuchFlag rect 0 0 1 1”, column 5: “NoSuchFlag” is not a control flag "
    FLAGS " or a bit mask 1..65535" },
  { "clear 65536 fill 0 0",
    "operation “clear 65536 fill 0 0”, column 7: “65536” is not a control flag " FLAGS
    " or a bit mask 1..65535" },
  { "set Roaming",
    "operation “set Roaming”, column 12: a region is missing (rect, polygon, fill, stroke or where)" },
  { "set Roaming circle 1 2 3",
    "operation “set Roaming circle 1 2 3”, column 13: “circle” is not a region (rect, polygon, "
    "fill, stroke or where)" },
  { "spawn 300 rect 0 0 1 1",
    "operation “spawn 300 rect 0 0 1 1”, column 7: “300” is not an integer in 0..255" },
  { "spawn", "operation “spawn”, column 6: a spawn value is missing (N, +N, -N or *F)" },
  { "spawn +256 fill 0 0",
    "operation “spawn +256 fill 0 0”, column 7: “+256” is not an increment +N or -N with N in 0..255" },
  { "spawn +-5 fill 0 0",
    "operation “spawn +-5 fill 0 0”, column 7: “+-5” is not an increment +N or -N with N in 0..255" },
  { "spawn *-1 fill 0 0",
    "operation “spawn *-1 fill 0 0”, column 7: “*-1” is not a scale factor *F with 0 ≤ F < 1e6" },
  { "spawn *nan fill 0 0",
    "operation “spawn *nan fill 0 0”, column 7: “*nan” is not a scale factor *F with 0 ≤ F < 1e6" },
  { "spawn * fill 0 0",
    "operation “spawn * fill 0 0”, column 7: “*” is not a scale factor *F with 0 ≤ F < 1e6" },
  { "set Roaming rect 1 2 3",
    "operation “set Roaming rect 1 2 3”, column 13: “rect” wants X Y W H, got 3 values" },
  { "set Roaming rect 0 0 -1 4",
    "operation “set Roaming rect 0 0 -1 4”, column 22: a rect's width must not be negative" },
  { "set Roaming rect 0 0 1 -4",
    "operation “set Roaming rect 0 0 1 -4”, column 24: a rect's height must not be negative" },
  { "set Roaming rect 0 0x10 1 1",
    "operation “set Roaming rect 0 0x10 1 1”, column 20: “0x10” is not an integer in "
    "-2147483647..2147483647" },
  { "set Roaming rect 0 2147483648 1 1",
    "operation “set Roaming rect 0 2147483648 1 1”, column 20: “2147483648” is not an integer in "
    "-2147483647..2147483647" },
  { "set AntiPlant polygon 0 0 1 1",
    "operation “set AntiPlant polygon 0 0 1 1”, column 15: “polygon” wants 3 or more X Y pairs, "
    "got 4 values" },
  { "set AntiPlant polygon 0 0 1 1 2 2 3",
    "operation “set AntiPlant polygon 0 0 1 1 2 2 3”, column 15: “polygon” wants 3 or more X Y "
    "pairs, got 7 values" },
  { "set AntiPlant fill 1",
    "operation “set AntiPlant fill 1”, column 15: “fill” wants X Y, got 1 value" },
  { "set Roaming stroke round 1 0",
    "operation “set Roaming stroke round 1 0”, column 13: “stroke” wants round|square R X1 Y1 "
    "[X2 Y2 ...], got 3 values" },
  { "set Roaming stroke oval 1 0 0",
    "operation “set Roaming stroke oval 1 0 0”, column 20: brush “oval” is neither round nor square" },
  { "set Roaming stroke round 4097 0 0",
    "operation “set Roaming stroke round 4097 0 0”, column 26: “4097” is not an integer in 0..4096" },
  { "set Roaming where spawn > ",
    "operation “set Roaming where spawn > ”, column 13: “where” wants LAYER CMP VALUE, got 2 values" },
  { "set AntiPlant where bogus > 1",
    "operation “set AntiPlant where bogus > 1”, column 21: “bogus” is not a rule layer (altitude, "
    "height, slope, spawn, ground, plant, control, flag)" },
  { "set Roaming where spawn => 3",
    "operation “set Roaming where spawn => 3”, column 25: “=>” is not a comparison (< <= > >= == !=)" },
  { "set Roaming where flag == Nope",
    "operation “set Roaming where flag == Nope”, column 27: “Nope” is not an integer in "
    "-2147483648..2147483647" },
  /* Invalid UTF-8 is shown as U+FFFD; the message stays valid. */
  { "set \xff rect 0 0 1 1",
    "operation “set \xef\xbf\xbd rect 0 0 1 1”, column 5: “\xef\xbf\xbd” is not a control flag "
    FLAGS " or a bit mask 1..65535" },
};

static void
test_errors (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_ops); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsZoneOpSpec) spec = ms_zone_op_spec_parse (bad_ops[i].text, &error);
      g_autofree char *shown = g_utf8_make_valid (bad_ops[i].text, -1);

      g_test_message ("%s", shown);
      g_assert_null (spec);
      g_assert_error (error, MS_ZONE_OP_ERROR, MS_ZONE_OP_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, bad_ops[i].message);
    }
}

/* The rule dialog's words: a region alone, written and read back. */
static void
test_region_words (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneOpSpec) spec = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (ms_zone_op_n_rule_layers (), ==, 8);
  g_assert_cmpuint (ms_zone_op_n_compares (), ==, 6);
  g_assert_cmpstr (ms_zone_op_rule_layer_name (MS_ZONE_RULE_HEIGHT), ==, "height");
  g_assert_cmpstr (ms_zone_op_rule_layer_name (MS_ZONE_RULE_FLAG), ==, "flag");
  g_assert_cmpstr (ms_zone_op_compare_name (MS_ZONE_CMP_LE), ==, "<=");
  g_assert_cmpstr (ms_zone_op_compare_name (MS_ZONE_CMP_NE), ==, "!=");

  text = ms_zone_op_format_where (MS_ZONE_RULE_SPAWN, MS_ZONE_CMP_GT, 100);
  g_assert_cmpstr (text, ==, "where spawn > 100");
  spec = ms_zone_op_region_parse (text, &error);
  g_assert_no_error (error);
  g_assert_cmpint (spec->region, ==, MS_ZONE_OP_REGION_WHERE);
  g_assert_cmpint (spec->rule, ==, MS_ZONE_RULE_SPAWN);
  g_assert_cmpint (spec->cmp, ==, MS_ZONE_CMP_GT);
  g_assert_cmpint (spec->value, ==, 100);
  g_assert_cmpint (spec->op.kind, ==, 0);
  g_clear_pointer (&spec, ms_zone_op_spec_free);

  spec = ms_zone_op_region_parse ("rect 1 2 3 4", &error);
  g_assert_no_error (error);
  g_assert_cmpint (spec->region, ==, MS_ZONE_OP_REGION_RECT);
  g_assert_cmpfloat (spec->numbers[3], ==, 4);
  g_clear_pointer (&spec, ms_zone_op_spec_free);

  /* A verb is not a region. */
  spec = ms_zone_op_region_parse ("set AntiPlant rect 1 2 3 4", &error);
  g_assert_null (spec);
  g_assert_error (error, MS_ZONE_OP_ERROR, MS_ZONE_OP_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "operation “set AntiPlant rect 1 2 3 4”, column 1: “set” is not a region "
                   "(rect, polygon, fill, stroke or where)");
}

static void
test_parse_flag (void)
{
  g_autoptr(GError) error = NULL;
  guint16 mask = 0;

  g_assert_true (ms_zone_op_parse_flag ("NpcRestricted", &mask, &error));
  g_assert_cmpuint (mask, ==, 1024);
  g_assert_true (ms_zone_op_parse_flag ("65535", &mask, &error));
  g_assert_cmpuint (mask, ==, 65535);
  g_assert_no_error (error);
  g_assert_false (ms_zone_op_parse_flag ("0", &mask, &error));
  g_assert_error (error, MS_ZONE_OP_ERROR, MS_ZONE_OP_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "“0” is not a control flag " FLAGS " or a bit mask 1..65535");
}

static guint16
control_at (const guint8 *control,
            guint         x,
            guint         y)
{
  gsize i = (gsize) y * MS_TEST_ZONE_WIDTH + x;

  return (guint16) (control[2 * i] | control[2 * i + 1] << 8);
}

static void
apply_ok (MsZone     *zone,
          const char *text,
          guint64     expect_tiles)
{
  g_autoptr(MsZoneOpSpec) spec = parse_ok (text);
  g_autoptr(GError) error = NULL;
  guint64 n = 0;

  g_assert_true (ms_zone_op_spec_apply (spec, zone, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, expect_tiles);
}

static void
test_apply (MsTestZoneFixture *f,
            gconstpointer      data)
{
  const guint w = MS_TEST_ZONE_WIDTH, h = MS_TEST_ZONE_HEIGHT;
  guint64 nines = 0;

  /* Clipped to the zone: 2×2 tiles of the 10×10 rect remain. */
  apply_ok (f->zone, "set Roaming rect 148 98 10 10", 4);
  for (guint y = 96; y < h; y++)
    for (guint x = 146; x < w; x++)
      {
        guint16 want = control_at (f->control, x, y) | (x >= 148 && y >= 98 ? 64 : 0);
        g_assert_cmpuint (ms_zone_get_control (f->zone, x, y), ==, want);
      }

  /* Spawn 9 on the 3×2 rect, then +250 clamps at 255 there only. */
  apply_ok (f->zone, "spawn 9 rect 10 20 3 2", 6);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      nines += !(x >= 10 && x < 13 && y >= 20 && y < 22) &&
               f->plants[((gsize) y * w + x) * 7 + 3] == 9;
  apply_ok (f->zone, "spawn +250 where spawn == 9", 6 + nines);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        gboolean in = x >= 10 && x < 13 && y >= 20 && y < 22;
        guint8 want = f->plants[((gsize) y * w + x) * 7 + 3];

        if (in)
          want = 255;
        else if (want == 9)
          want = 255;
        g_assert_cmpuint (ms_zone_get_spawn (f->zone, x, y), ==, want);
      }
}

static void
test_apply_errors (MsTestZoneFixture *f,
                   gconstpointer      data)
{
  g_autoptr(MsZoneOpSpec) fill = parse_ok ("spawn 9 fill 150 0");
  g_autoptr(MsZoneOpSpec) slope = parse_ok ("set Roaming where slope > 3");
  g_autoptr(GError) error = NULL;
  guint64 n = 12345;

  g_assert_false (ms_zone_op_spec_apply (fill, f->zone, &n, &error));
  g_assert_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "operation “spawn 9 fill 150 0”: fill seed (150, 0) is outside the 150×100 zone");
  g_clear_error (&error);

  /* The fixture has no altitude layer to take a slope from. */
  g_assert_false (ms_zone_op_spec_apply (slope, f->zone, &n, &error));
  g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  g_assert_true (g_str_has_prefix (error->message, "operation “set Roaming where slope > 3”: "));
  g_assert_cmpuint (n, ==, 12345);
  g_assert_false (ms_zone_can_undo (f->zone));
  ms_test_assert_zone_layers (f->zone, f->control, f->plants);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zone-op/parse", test_parse);
  g_test_add_func ("/zone-op/errors", test_errors);
  g_test_add_func ("/zone-op/parse-flag", test_parse_flag);
  g_test_add_func ("/zone-op/region-words", test_region_words);
  g_test_add ("/zone-op/apply", MsTestZoneFixture, NULL,
              ms_test_zone_fixture_set_up, test_apply, ms_test_zone_fixture_tear_down);
  g_test_add ("/zone-op/apply-errors", MsTestZoneFixture, NULL,
              ms_test_zone_fixture_set_up, test_apply_errors, ms_test_zone_fixture_tear_down);
  return g_test_run ();
}
