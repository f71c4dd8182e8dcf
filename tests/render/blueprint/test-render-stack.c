/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The blueprint layer stack on the CPU renderer.  Expected pixels come from
 * a second, plain implementation of the compositing rule in doubles, fed
 * with hand-worked layer colours (grey ramp, a palette entry, the depth
 * ramp's stops, the hillshade of a known plane); never from the renderer.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint.h"
#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-terrain-analysis.h"
#include "ms-test-util.h"

#define N 256
/* Below this x the map is a sea floor at 0.1 raw; from it, a plane rising
 * towards +x.  No WATR section: wet means below the sea level (0.15). */
#define SHORE 64

static float
height_at (guint x,
           guint y)
{
  return x < SHORE ? 0.1f : 0.2f + 0.002f * (float) x;
}

static MsBlueprint *
build_blueprint (void)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

  ms_test_put_v2_head (a, 1, N);
  /* X outer, Y inner. */
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      ms_test_put_f32 (p, height_at (x, y));
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint i = 0; i < N * N; i++)
    ms_test_put_u8 (p, 4);
  ms_test_put_section (a, "BIOM", p->data, p->len);

  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&a));
  bp = ms_blueprint_new_for_bytes (bytes, "built", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

typedef struct
{
  double r, g, b;
} Rgb;

/* Biome 4 of data/default.profile: #8db360. */
static const Rgb biome4 = { 0x8d / 255.0, 0xb3 / 255.0, 0x60 / 255.0 };

/* The hand-worked layer colours of column x (every row is the same). */
static Rgb
grey_land (guint x)
{
  /* Grey ramp: black at the sea level, white 420 m above it; 251 m/raw. */
  double m = MAX (height_at (x, 0) - 0.15, 0.0) * 251.0;
  double v = MIN (m / 420.0, 1.0);
  return (Rgb) { v, v, v };
}

static Rgb
sea_floor_depth_colour (void)
{
  /* 0.05 raw = 12.55 m deep, between the depth stops at 10 m
   * (0.38, 0.64, 0.82) and 50 m (0.18, 0.42, 0.68). */
  double t = 2.55 / 40.0;
  return (Rgb) { 0.38 - 0.20 * t, 0.64 - 0.22 * t, 0.82 - 0.14 * t };
}

static double
shade_of (guint x)
{
  /* Flat sea floor: cos 45°.  The plane: gradient 0.002 raw × 251 m per
   * 1 m pixel (the tests' metres_per_pixel, steep so shading shows), light
   * towards (-0.5, -0.5, 0.70711): shade 0.856. */
  double g = 0.002 * 251.0 / 1.0;
  if (x < SHORE)
    return sqrt (0.5);
  return (0.5 * g + sqrt (0.5)) / sqrt (g * g + 1.0);
}

static Rgb
mix (Rgb a, Rgb b, double o)
{
  return (Rgb) { a.r + (b.r - a.r) * o, a.g + (b.g - a.g) * o, a.b + (b.b - a.b) * o };
}

/* The slope layer's colour of column x: the sea floor is flat, 0°, the
 * first stop (#f7f6ec-ish 0.969, 0.965, 0.925); the plane rises 0.002 raw
 * = 0.502 m per 1 m pixel along x only, so Horn's gradient is exactly
 * that and the slope atan (0.502) = 26.66°, between the stops at 15°
 * (0.992, 0.663, 0.310) and 30° (0.820, 0.235, 0.141). */
static double
slope_degrees_of (guint x)
{
  return x < SHORE ? 0.0 : atan (0.002 * 251.0 / 1.0) * 180.0 / G_PI;
}

static Rgb
slope_colour (guint x)
{
  double t = (slope_degrees_of (x) - 15.0) / 15.0;

  if (x < SHORE)
    return (Rgb) { 0.969, 0.965, 0.925 };
  return mix ((Rgb) { 0.992, 0.663, 0.310 }, (Rgb) { 0.820, 0.235, 0.141 }, t);
}

/* The rule of ms-blueprint-renderer.h, written out again. */
static Rgb
reference (const MsLayerState stack[MS_N_STACK_LAYERS],
           guint              x)
{
  double canvas = 0.55 / 0.65;
  Rgb c = { canvas, canvas, canvas };
  gboolean wet = x < SHORE, drawn = FALSE;
  double shade = shade_of (x);

#define ON(l) (stack[l].visible && stack[l].opacity > 0)
  if (ON (MS_STACK_HEIGHT))
    {
      c = mix (c, wet && !stack[MS_STACK_WATER].visible ? sea_floor_depth_colour () : grey_land (x),
               stack[MS_STACK_HEIGHT].opacity);
      drawn = TRUE;
    }
  if (ON (MS_STACK_BIOME))
    {
      c = mix (c, biome4, stack[MS_STACK_BIOME].opacity);
      drawn = TRUE;
    }
  if (ON (MS_STACK_SLOPE))
    {
      c = mix (c, slope_colour (x), stack[MS_STACK_SLOPE].opacity);
      drawn = TRUE;
    }
  if (ON (MS_STACK_HILLSHADE))
    {
      double o = stack[MS_STACK_HILLSHADE].opacity;
      if (drawn)
        {
          double k = 1.0 - o + o * shade / sqrt (0.5);
          c = (Rgb) { c.r * k, c.g * k, c.b * k };
        }
      else
        c = mix (c, (Rgb) { shade, shade, shade }, o);
    }
  if (ON (MS_STACK_WATER) && wet)
    /* The sea (no water id): the depth ramp itself. */
    c = mix (c, sea_floor_depth_colour (), stack[MS_STACK_WATER].opacity);
#undef ON
  return c;
}

static guint32
pixel (cairo_surface_t *s, guint col, guint row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  return ((const guint32 *) (gconstpointer) (data + (gsize) row * cairo_image_surface_get_stride (s)))[col];
}

static int
byte_of (double v)
{
  return (int) (CLAMP (v, 0.0, 1.0) * 255.0 + 0.5);
}

static cairo_surface_t *
render_stack (MsBlueprint *bp,
              const char  *text)
{
  g_autoptr(GError) error = NULL;
  MsBlueprintStyle style;
  cairo_surface_t *s;

  ms_blueprint_style_init (&style);
  style.ramp = MS_RAMP_GREY;
  style.metres_per_pixel = 1.0f;
  g_assert_true (ms_blueprint_style_parse_stack (&style, text, &error));
  g_assert_no_error (error);
  s = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  return s;
}

static void
test_hand_worked (void)
{
  static const char * const stacks[] = {
    "",
    "height:0.5",
    "height",
    "biome:0.4",
    "hillshade:0.6",
    "height,hillshade:0.8,water:0.85",
    "height:0.7,biome:0.4,hillshade:0.7,water:0.6",
    "height,water:0",          /* a visible water layer at 0: the bed shows */
    "biome,water",
    "hillshade:0.35,water:0.5",
    "slope",
    "slope:0.5",
    "height:0.7,slope:0.6,hillshade:0.7,water:0.6",
    "biome,slope:0.3",
  };
  g_autoptr(MsBlueprint) bp = build_blueprint ();
  /* Away from the shore's step and the map's edge, where shading is known. */
  static const guint columns[] = { 5, 30, 60, 70, 100, 180, 250 };

  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    {
      g_autoptr(GError) error = NULL;
      MsBlueprintStyle style;
      MsLayerState stack[MS_N_STACK_LAYERS];
      cairo_surface_t *s = render_stack (bp, stacks[i]);

      ms_blueprint_style_init (&style);
      g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[i], &error));
      ms_blueprint_style_get_stack (&style, stack);
      for (guint j = 0; j < G_N_ELEMENTS (columns); j++)
        {
          guint x = columns[j];
          Rgb want = reference (stack, x);
          guint32 got = pixel (s, x, 1 + (x * 7) % (N - 2));

          if (ABS ((int) ((got >> 16) & 0xff) - byte_of (want.r)) > 1 ||
              ABS ((int) ((got >> 8) & 0xff) - byte_of (want.g)) > 1 ||
              ABS ((int) (got & 0xff) - byte_of (want.b)) > 1)
            g_error ("stack “%s”, x %u: got %06x, want %02x%02x%02x", stacks[i], x, got & 0xffffff,
                     byte_of (want.r), byte_of (want.g), byte_of (want.b));
        }
      cairo_surface_destroy (s);
    }

  /* Nothing shown: the canvas, #d8d8d8, everywhere. */
  {
    cairo_surface_t *s = render_stack (bp, "");
    g_assert_cmphex (pixel (s, 0, 0), ==, 0xffd8d8d8);
    g_assert_cmphex (pixel (s, 200, 17), ==, 0xffd8d8d8);
    cairo_surface_destroy (s);
  }
}

/* At half resolution each cell is two map pixels: a mean of the plane, and
 * two metres from its neighbours, so the slope drawn is the same 26.66°
 * (the layer shows the slope at the resolution drawn, in metres). */
static void
test_slope_reduced (void)
{
  g_autoptr(MsBlueprint) bp = build_blueprint ();
  g_autoptr(GError) error = NULL;
  MsBlueprintStyle style;
  cairo_surface_t *s;

  ms_blueprint_style_init (&style);
  style.metres_per_pixel = 1.0f;
  g_assert_true (ms_blueprint_style_parse_stack (&style, "slope", &error));
  s = ms_render_blueprint (bp, &style, NULL, N / 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, N / 2);
  for (guint x = 40; x < N / 2 - 1; x += 17)
    {
      Rgb want = slope_colour (2 * x);
      guint32 got = pixel (s, x, 50);

      g_assert_cmpint (ABS ((int) ((got >> 16) & 0xff) - byte_of (want.r)), <=, 1);
      g_assert_cmpint (ABS ((int) ((got >> 8) & 0xff) - byte_of (want.g)), <=, 1);
      g_assert_cmpint (ABS ((int) (got & 0xff) - byte_of (want.b)), <=, 1);
    }
  cairo_surface_destroy (s);
}

/* At level 0 the layer draws the slope the terrain analysis computes
 * (ms_terrain_slope (), gdaldem's edges), pixel for pixel, edges too: two
 * implementations of Horn's method agree on the demo's rough ground. */
static void
test_slope_matches_analysis (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 9, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autofree float *slopes = g_new (float, 256 * 256);
  MsBlueprintStyle style;
  cairo_surface_t *s;
  double steepest = 0.0;

  g_assert_no_error (error);
  ms_blueprint_style_init (&style);
  style.metres_per_pixel = 32.0f;
  g_assert_true (ms_blueprint_style_parse_stack (&style, "slope", &error));
  s = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  ms_terrain_slope_read (bp, 0, 0, 256, 256, 32.0, slopes);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      {
        MsRgb want = ms_colour_slope (slopes[x * 256 + y]);
        guint32 got = pixel (s, x, y);

        steepest = MAX (steepest, slopes[x * 256 + y]);
        if (ABS ((int) ((got >> 16) & 0xff) - byte_of (want.r)) > 1 ||
            ABS ((int) ((got >> 8) & 0xff) - byte_of (want.g)) > 1 ||
            ABS ((int) (got & 0xff) - byte_of (want.b)) > 1)
          g_error ("(%u, %u), %g°: got %06x, want %02x%02x%02x", x, y, slopes[x * 256 + y], got & 0xffffff,
                   byte_of (want.r), byte_of (want.g), byte_of (want.b));
      }
  /* Not all flat: the ramp was exercised. */
  g_assert_cmpfloat (steepest, >, 10.0);
  cairo_surface_destroy (s);
}

/* The channel sum of column x at row 40: a measure of brightness. */
static int
brightness (cairo_surface_t *s, guint x)
{
  guint32 c = pixel (s, x, 40);
  return (int) ((c >> 16) & 0xff) + (int) ((c >> 8) & 0xff) + (int) (c & 0xff);
}

static int
distance_to (cairo_surface_t *s, guint x, Rgb target)
{
  guint32 c = pixel (s, x, 40);
  return ABS ((int) ((c >> 16) & 0xff) - byte_of (target.r)) +
         ABS ((int) ((c >> 8) & 0xff) - byte_of (target.g)) +
         ABS ((int) (c & 0xff) - byte_of (target.b));
}

static void
test_directions (void)
{
  g_autoptr(MsBlueprint) bp = build_blueprint ();
  const double opacities[] = { 0.0, 0.25, 0.5, 0.75, 1.0 };
  int last_height = G_MAXINT, last_biome = G_MAXINT, last_water = G_MAXINT, last_shade = -1;
  int first_shade = -1;

  for (guint i = 0; i < G_N_ELEMENTS (opacities); i++)
    {
      g_autofree char *h = g_strdup_printf ("height:%g", opacities[i]);
      g_autofree char *b = g_strdup_printf ("height,biome:%g", opacities[i]);
      g_autofree char *w = g_strdup_printf ("height,water:%g", opacities[i]);
      g_autofree char *sh = g_strdup_printf ("biome,hillshade:%g", opacities[i]);
      cairo_surface_t *sh_s = render_stack (bp, h), *sb = render_stack (bp, b);
      cairo_surface_t *sw = render_stack (bp, w), *ss = render_stack (bp, sh);
      int d;

      /* More height: closer to the grey ramp (x 180: 0.41 raw above the sea). */
      d = distance_to (sh_s, 180, grey_land (180));
      g_assert_cmpint (d, <, last_height);
      last_height = d;
      /* More biome: closer to the palette colour. */
      d = distance_to (sb, 180, biome4);
      g_assert_cmpint (d, <, last_biome);
      last_biome = d;
      /* More water: closer to the water colour at sea, the land unchanged. */
      d = distance_to (sw, 30, sea_floor_depth_colour ());
      g_assert_cmpint (d, <, last_water);
      last_water = d;
      g_assert_cmpint (distance_to (sw, 180, grey_land (180)), <=, 3);
      /* More hillshade on a slope facing the light: brighter; flat ground
       * keeps its colour. */
      d = brightness (ss, 180);
      g_assert_cmpint (d, >=, last_shade);
      if (i == 0)
        first_shade = d;
      last_shade = d;
      g_assert_cmpint (distance_to (ss, 30, biome4), <=, 3);

      cairo_surface_destroy (sh_s);
      cairo_surface_destroy (sb);
      cairo_surface_destroy (sw);
      cairo_surface_destroy (ss);
    }
  /* The slope facing the light ends brighter than the plain biome: by
   * shade / sin 45° = 1.211, about 88 of the channel sum 416. */
  g_assert_cmpint (first_shade, ==, 0x8d + 0xb3 + 0x60);
  g_assert_cmpint (last_shade, >=, first_shade + 80);
}

/* Mean absolute channel difference between two same-sized images. */
static double
mean_difference (cairo_surface_t *a, cairo_surface_t *b, guint *n_changed)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  double sum = 0;

  *n_changed = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = pixel (a, x, y), q = pixel (b, x, y);
        int d = 0;
        for (guint shift = 0; shift < 24; shift += 8)
          d += ABS ((int) ((p >> shift) & 0xff) - (int) ((q >> shift) & 0xff));
        sum += d;
        *n_changed += d != 0;
      }
  return sum / ((double) w * h);
}

static void
test_overlay_opacity (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 42, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  const char *layers[] = { "roads", "towns" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree char *half = g_strdup_printf ("height,%s:0.5", layers[i]);
      g_autofree char *full = g_strdup_printf ("height,%s", layers[i]);
      g_autofree char *hidden = g_strdup_printf ("height,%s:0", layers[i]);
      cairo_surface_t *base = render_stack (bp, "height");
      cairo_surface_t *s_half = render_stack (bp, half), *s_full = render_stack (bp, full);
      cairo_surface_t *s_hidden = render_stack (bp, hidden);
      guint changed_half, changed_full, changed_hidden;
      double d_half = mean_difference (base, s_half, &changed_half);
      double d_full = mean_difference (base, s_full, &changed_full);

      mean_difference (base, s_hidden, &changed_hidden);
      g_assert_cmpuint (changed_hidden, ==, 0);
      g_assert_cmpuint (changed_full, >, 50);
      /* The same pixels are touched; at half opacity each moves half as far
       * (within rounding), since the layer is painted as one group. */
      g_assert_cmpuint (changed_half, <=, changed_full);
      g_assert_cmpfloat (d_half, >, 0.4 * d_full);
      g_assert_cmpfloat (d_half, <, 0.6 * d_full);

      cairo_surface_destroy (base);
      cairo_surface_destroy (s_half);
      cairo_surface_destroy (s_full);
      cairo_surface_destroy (s_hidden);
    }
}

static gboolean
same_pixels (cairo_surface_t *a, cairo_surface_t *b)
{
  guint changed;

  mean_difference (a, b, &changed);
  return changed == 0;
}

/* Each old single-layer choice, spelt out as a CUSTOM stack, draws the very
 * same bytes: the presets are nothing but stacks. */
static void
test_presets_are_stacks (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 7, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);

  g_assert_no_error (error);
  for (guint layer = 0; layer < MS_BLUEPRINT_LAYER_CUSTOM; layer++)
    {
      MsBlueprintStyle preset, custom;
      cairo_surface_t *a, *b;

      ms_blueprint_style_init (&preset);
      preset.layer = layer;
      preset.overlays = layer % 2 ? MS_OVERLAY_TOWNS : MS_OVERLAY_ROADS | MS_OVERLAY_TOWNS;
      preset.water_opacity = 0.6f;
      custom = preset;
      ms_blueprint_style_get_stack (&preset, custom.stack);
      custom.layer = MS_BLUEPRINT_LAYER_CUSTOM;
      custom.overlays = MS_OVERLAY_NONE;
      a = ms_render_blueprint (bp, &preset, NULL, 0, NULL, &error);
      b = ms_render_blueprint (bp, &custom, NULL, 0, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (same_pixels (a, b));
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }

  /* The documented spelling of the composite. */
  {
    MsBlueprintStyle preset, parsed;
    cairo_surface_t *a, *b;

    ms_blueprint_style_init (&preset);
    ms_blueprint_style_init (&parsed);
    g_assert_true (ms_blueprint_style_parse_stack (&parsed, "towns, height,hillshade:0.8,water:0.85", &error));
    preset.overlays = MS_OVERLAY_TOWNS;
    a = ms_render_blueprint (bp, &preset, NULL, 0, NULL, &error);
    b = ms_render_blueprint (bp, &parsed, NULL, 0, NULL, &error);
    g_assert_true (same_pixels (a, b));
    cairo_surface_destroy (a);
    cairo_surface_destroy (b);
  }
}

static void
test_parse (void)
{
  MsBlueprintStyle style;
  MsLayerState stack[MS_N_STACK_LAYERS];
  const char *bad[] = { "height,sky", "slope:2", "slope:0.5:multi", "water:1.5", "water:-0.1", "water:", "water:x", "water:0.5x", "towns:nan" };

  ms_blueprint_style_init (&style);
  g_assert_true (ms_blueprint_style_parse_stack (&style, "water:0.25,height", NULL));
  g_assert_cmpint (style.layer, ==, MS_BLUEPRINT_LAYER_CUSTOM);
  ms_blueprint_style_get_stack (&style, stack);
  g_assert_true (stack[MS_STACK_HEIGHT].visible);
  g_assert_cmpfloat (stack[MS_STACK_HEIGHT].opacity, ==, 1.0f);
  g_assert_true (stack[MS_STACK_WATER].visible);
  g_assert_cmpfloat (stack[MS_STACK_WATER].opacity, ==, 0.25f);
  g_assert_false (stack[MS_STACK_BIOME].visible);
  g_assert_false (stack[MS_STACK_HILLSHADE].visible);
  g_assert_false (ms_blueprint_style_has_overlays (&style));
  g_assert_false (stack[MS_STACK_SLOPE].visible);

  g_assert_true (ms_blueprint_style_parse_stack (&style, "slope", NULL));
  ms_blueprint_style_get_stack (&style, stack);
  g_assert_true (stack[MS_STACK_SLOPE].visible);
  g_assert_cmpfloat (stack[MS_STACK_SLOPE].opacity, ==, 1.0f);
  g_assert_false (stack[MS_STACK_HEIGHT].visible);
  g_assert_true (ms_blueprint_style_parse_stack (&style, "slope:0.5,hillshade:0.5", NULL));
  ms_blueprint_style_get_stack (&style, stack);
  g_assert_true (stack[MS_STACK_SLOPE].visible);
  g_assert_cmpfloat (stack[MS_STACK_SLOPE].opacity, ==, 0.5f);
  g_assert_cmpfloat (stack[MS_STACK_HILLSHADE].opacity, ==, 0.5f);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      MsBlueprintStyle before;

      ms_blueprint_style_init (&style);
      before = style;
      g_assert_false (ms_blueprint_style_parse_stack (&style, bad[i], &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      /* A failed parse leaves the style as it was. */
      g_assert_true (memcmp (&before, &style, sizeof style) == 0);
    }

  /* Hidden layers and layers at 0 are not drawn. */
  {
    float op[MS_N_STACK_LAYERS];

    g_assert_true (ms_blueprint_style_parse_stack (&style, "roads:0,towns:0.5", NULL));
    g_assert_true (ms_blueprint_style_has_overlays (&style));
    style.stack[MS_STACK_TOWNS].visible = FALSE;
    g_assert_false (ms_blueprint_style_has_overlays (&style));
    style.stack[MS_STACK_HEIGHT].opacity = 0.4f;
    ms_blueprint_style_get_opacities (&style, op);
    g_assert_cmpfloat (op[MS_STACK_HEIGHT], ==, 0.0f);
    g_assert_cmpfloat (op[MS_STACK_TOWNS], ==, 0.0f);
  }

  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    {
      MsStackLayer back;
      g_assert_true (ms_stack_layer_from_string (ms_stack_layer_to_string (i), &back));
      g_assert_cmpint (back, ==, i);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/stack/hand-worked", test_hand_worked);
  g_test_add_func ("/render/stack/directions", test_directions);
  g_test_add_func ("/render/stack/slope-reduced", test_slope_reduced);
  g_test_add_func ("/render/stack/slope-matches-analysis", test_slope_matches_analysis);
  g_test_add_func ("/render/stack/overlay-opacity", test_overlay_opacity);
  g_test_add_func ("/render/stack/presets-are-stacks", test_presets_are_stacks);
  g_test_add_func ("/render/stack/parse", test_parse);
  return g_test_run ();
}
