/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CPU blueprint renderer.  Expected pixels come from the raw bytes and
 * from hand-worked shading, never from the renderer itself.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "ms-blueprint.h"
#include "ms-blueprint-renderer.h"
#include "ms-blueprint-renderer-private.h"
#include "ms-mapping.h"
#include "ms-demo-blueprint.h"
#include "ms-png-writer.h"
#include "ms-simd.h"
#include "ms-test-util.h"

typedef float (*HeightFunc) (guint x, guint y);

static MsBlueprint *
build_blueprint (guint n, HeightFunc height, guint8 biome)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

  ms_test_put_v2_head (a, 1, n);
  for (guint x = 0; x < n; x++)
    for (guint y = 0; y < n; y++)
      ms_test_put_f32 (p, height (x, y));
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint i = 0; i < n * n; i++)
    ms_test_put_u8 (p, biome);
  ms_test_put_section (a, "BIOM", p->data, p->len);

  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&a));
  bp = ms_blueprint_new_for_bytes (bytes, "built", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

static guint32
pixel (cairo_surface_t *s, guint col, guint row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  return ((const guint32 *) (gconstpointer) (data + (gsize) row * cairo_image_surface_get_stride (s)))[col];
}

static guint
channel (guint32 argb, guint shift)
{
  return (argb >> shift) & 0xff;
}

/* The profile colours of data/default.profile, by hand. */
static const guint32 default_biome_rgb[12] = {
  0x1d4f7a, 0x3b82b8, 0xe8d8a0, 0x9c7a54, 0x8db360, 0x3f7a3a,
  0x5b6e45, 0xe0b872, 0xc9733f, 0x8a8580, 0xf2f4f7, 0x5a4a44,
};

static void
test_biome_exact (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 5, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autoptr(GArray) sections = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  const guint8 *biom = (const guint8 *) g_bytes_get_data (bytes, NULL) + ms_test_find (sections, "BIOM")->offset + 12;
  MsBlueprintStyle style;
  cairo_surface_t *s;
  MsRect region = { 40, 100, 30, 50 };

  ms_blueprint_style_init (&style);
  style.layer = MS_BLUEPRINT_LAYER_BIOME;
  s = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 256);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 256);

  /* Column = x (the first index), row = y. */
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      g_assert_cmphex (pixel (s, x, y), ==, 0xff000000u | default_biome_rgb[biom[x * 256 + y]]);
  cairo_surface_destroy (s);

  s = ms_render_blueprint (bp, &style, &region, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 30);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 50);
  for (guint i = 0; i < 30; i++)
    for (guint j = 0; j < 50; j++)
      g_assert_cmphex (pixel (s, i, j), ==,
                       0xff000000u | default_biome_rgb[biom[(40 + i) * 256 + 100 + j]]);
  cairo_surface_destroy (s);
}

static float
tilted (guint x, guint y)
{
  /* Rises 0.002 raw per pixel towards +x (the image's right). */
  return 0.2f + 0.002f * (float) x;
}

static float
flat (guint x, guint y)
{
  return 0.5f;
}

static void
test_hillshade_hand_worked (void)
{
  g_autoptr(MsBlueprint) plane = build_blueprint (256, tilted, 4);
  g_autoptr(MsBlueprint) level = build_blueprint (256, flat, 4);
  g_autoptr(GError) error = NULL;
  MsBlueprintStyle style;
  cairo_surface_t *s;
  /* Gradient 0.002 raw × 251 m per pixel of 8192/256 = 32 m: 0.0156875.
   * Light from 315°, 45°: towards it is (-0.5, -0.5, 0.70711).
   * shade = (-g·(-0.5) + 0.70711) / sqrt(g² + 1). */
  double g = 0.002 * 251.0 / 32.0;
  double expected = (0.5 * g + sqrt (0.5)) / sqrt (g * g + 1.0);
  guint expected_byte = (guint) (expected * 255.0 + 0.5);

  ms_blueprint_style_init (&style);
  style.layer = MS_BLUEPRINT_LAYER_HILLSHADE;

  s = ms_render_blueprint (level, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  /* Flat ground: cos 45° = 0.70711 → 180. */
  g_assert_cmpuint (channel (pixel (s, 100, 100), 0), ==, 180);
  g_assert_cmpuint (channel (pixel (s, 0, 255), 8), ==, 180);
  cairo_surface_destroy (s);

  s = ms_render_blueprint (plane, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  for (guint c = 1; c < 255; c += 23)
    g_assert_cmpuint (channel (pixel (s, c, 77), 16), ==, expected_byte);
  cairo_surface_destroy (s);

  /* Averaged down 4×: blocks are 4 pixels of 128 m, and their means rise
   * 4 × 0.002 per block, so the interior shade is the same. */
  s = ms_render_blueprint (plane, &style, NULL, 64, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 64);
  for (guint c = 1; c < 63; c += 7)
    g_assert_cmpuint (channel (pixel (s, c, 30), 16), ==, expected_byte);
  cairo_surface_destroy (s);
}

static float
checker (guint x, guint y)
{
  /* Alternates 0.15 and 1.15 pixel by pixel: each 4×4 block averages 0.65. */
  return ((x + y) % 2) ? 1.15f : 0.15f;
}

static void
test_downsample_means (void)
{
  g_autoptr(MsBlueprint) bp = build_blueprint (256, checker, 4);
  g_autoptr(GError) error = NULL;
  MsBlueprintStyle style;
  cairo_surface_t *s;

  g_assert_cmpuint (ms_render_downsample_factor (256, 256, 64), ==, 4);
  g_assert_cmpuint (ms_render_downsample_factor (256, 256, 0), ==, 1);
  g_assert_cmpuint (ms_render_downsample_factor (8192, 100, 2048), ==, 4);
  g_assert_cmpuint (ms_render_downsample_factor (1000, 10, 300), ==, 4);

  ms_blueprint_style_init (&style);
  style.layer = MS_BLUEPRINT_LAYER_HEIGHT;
  style.ramp = MS_RAMP_GREY;
  s = ms_render_blueprint (bp, &style, NULL, 64, NULL, &error);
  g_assert_no_error (error);
  /* Grey ramp: black at sea level (0.15), white at 420 m.  Mean 0.65 is
   * 0.5 raw = 125.5 m above the sea: 125.5 / 420 × 255 = 76.2 → 76.
   * Sampling instead of averaging would give 0 or 152. */
  for (guint c = 0; c < 64; c += 9)
    for (guint r = 0; r < 64; r += 11)
      {
        g_assert_cmpuint (channel (pixel (s, c, r), 16), ==, 76);
        g_assert_cmpuint (channel (pixel (s, c, r), 0), ==, 76);
      }
  cairo_surface_destroy (s);
}

static void
test_overlays_and_png (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 9, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "out.png", NULL);
  MsBlueprintStyle style;
  cairo_surface_t *plain, *with, *loaded;
  const MsTown *towns;
  guint n_towns;

  ms_blueprint_style_init (&style);
  plain = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  style.overlays = MS_OVERLAY_TOWNS | MS_OVERLAY_ROADS;
  with = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);

  /* Each town is drawn where it is: column x, row y. */
  towns = ms_blueprint_get_towns (bp, &n_towns);
  g_assert_cmpuint (n_towns, >, 0);
  for (guint i = 0; i < n_towns; i++)
    g_assert_cmphex (pixel (with, (guint) towns[i].x, (guint) towns[i].y), !=,
                     pixel (plain, (guint) towns[i].x, (guint) towns[i].y));

  g_assert_true (ms_png_save (with, path, NULL, &error));
  g_assert_no_error (error);
  loaded = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (loaded), ==, CAIRO_STATUS_SUCCESS);
  for (guint x = 0; x < 256; x += 5)
    for (guint y = 0; y < 256; y += 3)
      g_assert_cmphex (pixel (loaded, x, y), ==, pixel (with, x, y));

  cairo_surface_destroy (plain);
  cairo_surface_destroy (with);
  cairo_surface_destroy (loaded);
  ms_test_remove_tree (dir);
}

/* The overlays drawn into a window of the map (a view's cairo node, whose
 * clip leaves most roads and towns out) are the same pixels as the same
 * part of the overlays drawn whole: what is left out is never seen.  At
 * full opacity and translucent (drawn through a group). */
static void
test_overlays_clipped (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 9, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  guint windows[8][2] = { { 0, 0 }, { 150, 40 }, { 300, 310 }, { 77, 391 }, { 460, 430 } };
  const MsTown *towns;
  guint n_towns;
  const char *stacks[] = { "roads,towns", "roads:0.6,towns:0.6" };

  g_assert_no_error (error);
  /* And windows on three towns (roads meet there), off the grid. */
  towns = ms_blueprint_get_towns (bp, &n_towns);
  g_assert_cmpuint (n_towns, >=, 3);
  for (guint i = 0; i < 3; i++)
    {
      windows[5 + i][0] = (guint) CLAMP (2 * towns[i].x - 53, 0, 400);
      windows[5 + i][1] = (guint) CLAMP (2 * towns[i].y - 45, 0, 416);
    }
  for (guint o = 0; o < G_N_ELEMENTS (stacks); o++)
    {
      MsBlueprintStyle style;
      cairo_surface_t *whole = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 512, 512);
      cairo_t *cr = cairo_create (whole);
      guint n_drawn = 0;

      ms_blueprint_style_init (&style);
      g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[o], &error));
      g_assert_no_error (error);
      /* Two screen pixels a map pixel, as a view zoomed in. */
      cairo_scale (cr, 2, 2);
      ms_blueprint_draw_overlays (bp, &style, cr, 0.5);
      cairo_destroy (cr);
      cairo_surface_flush (whole);

      for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
        {
          guint ox = windows[w][0], oy = windows[w][1];
          cairo_surface_t *part = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 112, 96);

          cr = cairo_create (part);
          cairo_translate (cr, -(double) ox, -(double) oy);
          cairo_scale (cr, 2, 2);
          ms_blueprint_draw_overlays (bp, &style, cr, 0.5);
          cairo_destroy (cr);
          cairo_surface_flush (part);
          /* Not the window's outer two pixels: cairo strokes the
           * segments that cross a surface's edge through another path,
           * whose coverage there differs (up to 14 of 255 seen), with or
           * without anything left out. */
          for (guint y = 2; y < 94; y++)
            for (guint x = 2; x < 110; x++)
              {
                guint32 expected = ox + x < 512 && oy + y < 512 ? pixel (whole, ox + x, oy + y) : 0;

                guint32 got = pixel (part, x, y);
                guint worst = 0;

                /* cairo's coverage differs a little with the surface's
                 * extents (up to 9 of 255 seen inside, with nothing left
                 * out); a road or town left out is a whole colour. */
                for (guint shift = 0; shift < 32; shift += 8)
                  worst = MAX (worst, (guint) ABS ((int) channel (got, shift) - (int) channel (expected, shift)));
                if (worst > 32)
                  g_error ("%s, window at %u,%u: pixel %u,%u is %08x, drawn whole %08x",
                           stacks[o], ox, oy, x, y, got, expected);
                n_drawn += expected != 0;
              }
          cairo_surface_destroy (part);
        }
      /* The windows do show roads or towns. */
      g_assert_cmpuint (n_drawn, >, 500);
      cairo_surface_destroy (whole);
    }
}

static void
test_errors_and_repeatability (void)
{
  g_autoptr(MsBlueprint) bp = build_blueprint (256, tilted, 2);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MsBlueprintStyle style;
  MsRect outside = { 200, 0, 57, 10 };
  MsRect empty = { 0, 0, 0, 10 };
  cairo_surface_t *a, *b;

  ms_blueprint_style_init (&style);
  g_assert_null (ms_render_blueprint (bp, &style, &outside, 0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (ms_render_blueprint (bp, &style, &empty, 0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_cancellable_cancel (cancellable);
  g_assert_null (ms_render_blueprint (bp, &style, NULL, 0, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* The worker pool's split does not change a pixel. */
  a = ms_render_blueprint (bp, &style, NULL, 100, NULL, &error);
  b = ms_render_blueprint (bp, &style, NULL, 100, NULL, &error);
  g_assert_cmpint (cairo_image_surface_get_width (a), ==, 86);
  g_assert_cmpmem (cairo_image_surface_get_data (a), cairo_image_surface_get_stride (a) * 86,
                   cairo_image_surface_get_data (b), cairo_image_surface_get_stride (b) * 86);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

/* Heights across the sea level and the ramps' stops, with holes of NaN
 * and infinities, so every lane of the vector colouring meets every case. */
static float
rough (guint x, guint y)
{
  guint32 hsh = (x * 0x9e3779b1u) ^ (y * 0x85ebca77u);

  hsh ^= hsh >> 13;
  if (hsh % 97 == 0)
    return NAN;
  if (hsh % 211 == 0)
    return (hsh & 1) ? INFINITY : -INFINITY;
  return -0.4f + 2.4f * (float) ((x * 7 + y * 3) % 256) / 255.0f + 0.01f * (float) (hsh % 13);
}

static void
check_vectors_against_cells (MsBlueprint *bp,
                             const char  *what)
{
  static const char *stacks[] = {
    NULL,
    "height",
    "height:0.7",
    "height,water",
    "height,water:0.5,hillshade:0.6",
    "height,hillshade",
    "biome",
    "biome:0.4,hillshade:0.8,water",
    "height,biome:0.5,hillshade:0.6:multi,water:0.8",
    "hillshade",
    "hillshade:0.5,water",
    "water",
    "height,contours:20,water",
    "slope",
    "height:0.5,slope:0.7,hillshade:0.6,water",
  };

  /* Eight lanes (where the processor has AVX2), then SSE2's four. */
  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    for (guint ramp = 0; ramp < 4; ramp++)
      {
        g_autoptr(GError) error = NULL;
        MsBlueprintStyle style;
        cairo_surface_t *vectors, *cells;
        int height, stride;

        ms_blueprint_style_init (&style);
        if (stacks[i] != NULL)
          g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[i], &error));
        g_assert_no_error (error);
        style.ramp = ramp % 2 ? MS_RAMP_GREY : MS_RAMP_TERRAIN;
        _ms_blueprint_colour_use_vectors_for_testing (TRUE);
        _ms_simd_use_avx2_for_testing (ramp < 2);
        vectors = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
        _ms_simd_use_avx2_for_testing (TRUE);
        _ms_blueprint_colour_use_vectors_for_testing (FALSE);
        cells = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
        _ms_blueprint_colour_use_vectors_for_testing (TRUE);
        g_assert_no_error (error);
        height = cairo_image_surface_get_height (cells);
        stride = cairo_image_surface_get_stride (cells);
        for (int y = 0; y < height; y++)
          for (int x = 0; x < cairo_image_surface_get_width (cells); x++)
            if (pixel (vectors, (guint) x, (guint) y) != pixel (cells, (guint) x, (guint) y))
              g_error ("%s, stack %s, ramp %u: pixel (%d, %d) is %08x %s at a time, %08x one by one",
                       what, stacks[i], ramp % 2, x, y, pixel (vectors, (guint) x, (guint) y),
                       ramp < 2 && ms_simd_use_avx2 () ? "eight" : "four", pixel (cells, (guint) x, (guint) y));
        g_assert_cmpmem (cairo_image_surface_get_data (vectors), (gsize) stride * height,
                         cairo_image_surface_get_data (cells), (gsize) stride * height);
        cairo_surface_destroy (vectors);
        cairo_surface_destroy (cells);
      }
}

/* The colouring four or eight cells at a time gives the bits of the scalar code
 * (the reference the hand-worked and golden tests check) for every layer
 * and ramp: a map with water bodies, lakes and biomes, and one without
 * water sections (wet is then below the sea level) and with holes. */
static void
test_colour_vectors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (301, 5, &error);
  g_autoptr(MsBlueprint) demo = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autoptr(MsBlueprint) holes = build_blueprint (259, rough, 3);

  g_assert_no_error (error);
  g_assert_true (ms_blueprint_has_water (demo));
  g_assert_false (ms_blueprint_has_water (holes));
  check_vectors_against_cells (demo, "demo");
  check_vectors_against_cells (holes, "holes");
}

/* Flat ground at 0.5 with a NaN height at (100, 60) and +∞ at (30, 200). */
static float
holed (guint x, guint y)
{
  if (x == 100 && y == 60)
    return NAN;
  if (x == 30 && y == 200)
    return INFINITY;
  return 0.5f;
}

/* Issue #36, point 8: a cell with no height is magenta (#ff00ff) in every
 * preset that reads heights, whole or one by one, and its neighbours are
 * the flat ground they are (a missing neighbour takes the centre's height,
 * so flat stays flat); the biome preset, which does not read heights,
 * draws the biome there. */
static void
test_no_data (void)
{
  g_autoptr(MsBlueprint) bp = build_blueprint (256, holed, 4);
  static const MsBlueprintLayer layers[] = {
    MS_BLUEPRINT_LAYER_COMPOSITE, MS_BLUEPRINT_LAYER_HEIGHT, MS_BLUEPRINT_LAYER_HILLSHADE,
  };
  static const guint holes[][2] = { { 100, 60 }, { 30, 200 } };

  for (guint vectors = 0; vectors < 2; vectors++)
    for (guint i = 0; i < G_N_ELEMENTS (layers) + 1; i++)
      {
        g_autoptr(GError) error = NULL;
        MsBlueprintStyle style;
        cairo_surface_t *s;
        guint32 ground;
        gboolean biome = i == G_N_ELEMENTS (layers);

        _ms_blueprint_colour_use_vectors_for_testing (vectors);
        ms_blueprint_style_init (&style);
        style.layer = biome ? MS_BLUEPRINT_LAYER_BIOME : layers[i];
        s = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
        g_assert_no_error (error);
        ground = pixel (s, 200, 128);
        g_assert_cmphex (ground, !=, 0xffff00ffu);
        for (guint h = 0; h < G_N_ELEMENTS (holes); h++)
          {
            guint x = holes[h][0], y = holes[h][1];

            g_assert_cmphex (pixel (s, x, y), ==, biome ? 0xff000000u | default_biome_rgb[4] : 0xffff00ffu);
            for (int dx = -1; dx <= 1; dx++)
              for (int dy = -1; dy <= 1; dy++)
                if (dx != 0 || dy != 0)
                  g_assert_cmphex (pixel (s, (guint) ((int) x + dx), (guint) ((int) y + dy)), ==, ground);
          }
        cairo_surface_destroy (s);
      }
  _ms_blueprint_colour_use_vectors_for_testing (TRUE);
}

static gboolean
file_bytes_equal (const char *a,
                  const char *b)
{
  g_autofree char *da = NULL, *db = NULL;
  gsize la = 0, lb = 0;

  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  return la == lb && memcmp (da, db, la) == 0;
}

/* ms_render_blueprint_to_png () colours rows as the encoder asks for them
 * (no image) unless roads or towns are drawn: either way the file is the
 * one ms_png_save () makes of ms_render_blueprint ()'s image, and libpng's
 * reader (through cairo) gives that image's pixels back. */
static void
test_png_streamed (void)
{
  static const char *stacks[] = {
    NULL,  /* the default composite */
    "height,biome,hillshade:0.6,water:0.8",
    "height,contours:20,water",
    "hillshade:0.7:multi",
    "biome,towns,roads",
    "slope,hillshade:0.5",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (300, 11, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *map = g_build_filename (dir, "MapData_Seed_11.dat", NULL);
  g_autofree char *streamed = g_build_filename (dir, "streamed.png", NULL);
  g_autofree char *saved = g_build_filename (dir, "saved.png", NULL);
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  MsRect region = { 17, 23, 201, 150 };
  MsBlueprintStyle style;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (map, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  bp = ms_blueprint_new_for_path (map, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    for (guint j = 0; j < 3; j++)
      {
        const MsRect *r = j == 2 ? &region : NULL;
        guint max_size = j == 0 ? 0 : 64;
        cairo_surface_t *image, *loaded;

        ms_blueprint_style_init (&style);
        if (stacks[i] != NULL)
          g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[i], &error));
        if (i == 2)
          style.ramp = MS_RAMP_GREY;
        g_assert_true (ms_render_blueprint_to_png (bp, &style, r, max_size, streamed, NULL, &error));
        g_assert_no_error (error);
        image = ms_render_blueprint (bp, &style, r, max_size, NULL, &error);
        g_assert_no_error (error);
        g_assert_true (ms_png_save (image, saved, NULL, &error));
        if (!file_bytes_equal (streamed, saved))
          g_error ("stack %s, case %u: the streamed PNG differs from the image's", stacks[i], j);

        loaded = cairo_image_surface_create_from_png (streamed);
        g_assert_cmpint (cairo_surface_status (loaded), ==, CAIRO_STATUS_SUCCESS);
        g_assert_cmpint (cairo_image_surface_get_width (loaded), ==, cairo_image_surface_get_width (image));
        g_assert_cmpint (cairo_image_surface_get_height (loaded), ==, cairo_image_surface_get_height (image));
        for (int y = 0; y < cairo_image_surface_get_height (image); y++)
          for (int x = 0; x < cairo_image_surface_get_width (image); x++)
            g_assert_cmphex (pixel (loaded, (guint) x, (guint) y), ==, pixel (image, (guint) x, (guint) y));
        cairo_surface_destroy (loaded);
        cairo_surface_destroy (image);
      }

  /* Cancelled, or the map shrank while it was read: no file at all. */
  g_assert_cmpint (g_remove (streamed), ==, 0);
  ms_blueprint_style_init (&style);
  g_cancellable_cancel (cancellable);
  g_assert_false (ms_render_blueprint_to_png (bp, &style, NULL, 64, streamed, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_false (g_file_test (streamed, G_FILE_TEST_EXISTS));

  g_assert_cmpint (truncate (map, (off_t) g_bytes_get_size (bytes) / 3), ==, 0);
  g_assert_false (ms_render_blueprint_to_png (bp, &style, NULL, 64, streamed, NULL, &error));
  g_assert_error (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_false (g_file_test (streamed, G_FILE_TEST_EXISTS));

  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

/* A blueprint opened unchecked (as mapsmith-cli render opens it) has its
 * biome check run beside the PNG's encoding: the same PNG as a checked
 * open's; and where a biome ordinal is out of range, the open's own error,
 * no PNG, the previous file untouched and no temporary file left. */
static void
test_png_unchecked_biomes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (300, 12, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *map = g_build_filename (dir, "MapData_Seed_12.dat", NULL);
  g_autofree char *checked_png = g_build_filename (dir, "checked.png", NULL);
  g_autofree char *png = g_build_filename (dir, "unchecked.png", NULL);
  g_autofree char *open_message = NULL;
  g_autofree guint8 *data = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const char *stacks[] = { NULL, "height,biome,hillshade:0.6,water:0.8", "biome,towns,roads" };
  MsBlueprintStyle style;
  gsize length;
  guint files;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (map, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));

  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    {
      g_autoptr(MsBlueprint) checked = ms_blueprint_new_for_path (map, NULL, &error);

      g_assert_no_error (error);
      g_assert_true (ms_blueprint_get_biomes_checked (checked));
      bp = ms_blueprint_new_for_path_unchecked (map, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (ms_blueprint_get_biomes_checked (bp));
      ms_blueprint_style_init (&style);
      if (stacks[i] != NULL)
        g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[i], &error));
      g_assert_true (ms_render_blueprint_to_png (checked, &style, NULL, 128, checked_png, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (ms_render_blueprint_to_png (bp, &style, NULL, 128, png, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (ms_blueprint_get_biomes_checked (bp));
      if (!file_bytes_equal (png, checked_png))
        g_error ("stack %s: the unchecked open's PNG differs", stacks[i] ? stacks[i] : "composite");
      g_clear_object (&bp);
    }

  /* One pixel's biome out of the profile's range (x outer, y inner). */
  bp = ms_blueprint_new_for_path (map, NULL, &error);
  g_assert_no_error (error);
  {
    const MsSectionInfo *biom = ms_blueprint_find_section (bp, MS_SECTION_BIOM);
    gsize at = (gsize) biom->offset + MS_SECTION_HEADER_SIZE + 123 * 300 + 45;

    g_assert_true (g_file_get_contents (map, (char **) &data, &length, NULL));
    data[at] = 250;
    g_assert_true (g_file_set_contents (map, (const char *) data, (gssize) length, NULL));
  }
  g_clear_object (&bp);
  g_assert_null (ms_blueprint_new_for_path (map, NULL, &error));
  g_assert_error (error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "x=123, y=45"));
  open_message = g_strdup (error->message);
  g_clear_error (&error);

  files = ms_test_count_entries (dir);
  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    {
      cairo_surface_t *image;

      bp = ms_blueprint_new_for_path_unchecked (map, NULL, &error);
      g_assert_no_error (error);
      ms_blueprint_style_init (&style);
      if (stacks[i] != NULL)
        g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[i], &error));
      /* Over the previous PNG, which stays as it was. */
      g_assert_false (ms_render_blueprint_to_png (bp, &style, NULL, 128, png, NULL, &error));
      g_assert_error (error, MS_BLUEPRINT_ERROR, MS_BLUEPRINT_ERROR_BAD_VALUE);
      g_assert_cmpstr (error->message, ==, open_message);
      g_clear_error (&error);
      g_assert_true (file_bytes_equal (png, checked_png));
      g_assert_cmpuint (ms_test_count_entries (dir), ==, files);
      g_assert_false (ms_blueprint_get_biomes_checked (bp));
      /* The image alone too. */
      image = ms_render_blueprint (bp, &style, NULL, 128, NULL, &error);
      g_assert_null (image);
      g_assert_cmpstr (error->message, ==, open_message);
      g_clear_error (&error);
      g_clear_object (&bp);
    }

  /* Cancelled while the check waits: no file. */
  g_assert_cmpint (g_remove (png), ==, 0);
  bp = ms_blueprint_new_for_path_unchecked (map, NULL, &error);
  g_assert_no_error (error);
  ms_blueprint_style_init (&style);
  g_cancellable_cancel (cancellable);
  g_assert_false (ms_render_blueprint_to_png (bp, &style, NULL, 128, png, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_clear_object (&bp);

  /* mapsmith-cli render opens this way: the open's error, no file. */
  {
    g_auto(MsTestRun) run = { 0, };

    ms_test_run_cli (&run, "render", map, "-o", png, "--max-size", "64", NULL);
    g_assert_cmpint (run.status, !=, 0);
    g_assert_nonnull (strstr (run.err, open_message));
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
    g_assert_cmpuint (ms_test_count_entries (dir), ==, files - 1);
  }
  ms_test_remove_tree (dir);
}

/* mapsmith-cli render --layers slope writes the PNG the renderer makes of
 * that stack, and it is the slope's ramp, not the canvas or the composite. */
static void
test_cli_slope (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 3, &error);
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *map = g_build_filename (dir, "MapData_Seed_3.dat", NULL);
  g_autofree char *png = g_build_filename (dir, "slope.png", NULL);
  g_autoptr(MsBlueprint) bp = NULL;
  g_auto(MsTestRun) run = { 0, };
  MsBlueprintStyle style;
  cairo_surface_t *image, *loaded;
  guint differs_from_composite = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (map, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL));
  ms_test_run_cli (&run, "render", map, "-o", png, "--layers", "slope", NULL);
  g_assert_cmpint (run.status, ==, 0);

  bp = ms_blueprint_new_for_path (map, NULL, &error);
  g_assert_no_error (error);
  ms_blueprint_style_init (&style);
  g_assert_true (ms_blueprint_style_parse_stack (&style, "slope", &error));
  image = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  loaded = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (loaded), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (loaded), ==, 256);
  g_assert_cmpint (cairo_image_surface_get_height (loaded), ==, 256);
  for (guint y = 0; y < 256; y++)
    for (guint x = 0; x < 256; x++)
      g_assert_cmphex (pixel (loaded, x, y), ==, pixel (image, x, y));
  cairo_surface_destroy (image);

  /* Not the default composite: the CLI took the stack. */
  ms_blueprint_style_init (&style);
  image = ms_render_blueprint (bp, &style, NULL, 0, NULL, &error);
  for (guint y = 0; y < 256; y++)
    for (guint x = 0; x < 256; x++)
      differs_from_composite += pixel (loaded, x, y) != pixel (image, x, y);
  g_assert_cmpuint (differs_from_composite, >, 256 * 256 / 2);
  cairo_surface_destroy (image);
  cairo_surface_destroy (loaded);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/blueprint/biome-exact", test_biome_exact);
  g_test_add_func ("/render/blueprint/hillshade-hand-worked", test_hillshade_hand_worked);
  g_test_add_func ("/render/blueprint/downsample-means", test_downsample_means);
  g_test_add_func ("/render/blueprint/overlays-and-png", test_overlays_and_png);
  g_test_add_func ("/render/blueprint/overlays-clipped", test_overlays_clipped);
  g_test_add_func ("/render/blueprint/errors-and-repeatability", test_errors_and_repeatability);
  g_test_add_func ("/render/blueprint/png-streamed", test_png_streamed);
  g_test_add_func ("/render/blueprint/png-unchecked-biomes", test_png_unchecked_biomes);
  g_test_add_func ("/render/blueprint/colour-vectors", test_colour_vectors);
  g_test_add_func ("/render/blueprint/no-data", test_no_data);
  g_test_add_func ("/render/blueprint/cli-slope", test_cli_slope);
  return g_test_run ();
}
