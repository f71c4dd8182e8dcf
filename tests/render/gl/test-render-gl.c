/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL renderer against the CPU renderer: the same view drawn both ways
 * must agree within a small per-channel tolerance, for every layer, across
 * tile seams, from coarser fallback tiles, and on a map larger than the
 * GPU's largest texture.  Runs on Mesa through EGL, without a display.
 */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-blueprint-gl-renderer.h"
#include "ms-test-gl.h"
#include "ms-test-util.h"

#define TOLERANCE 2

static guint
max_channel_difference (guint32 a, guint32 b)
{
  guint d = 0;
  for (guint shift = 0; shift < 24; shift += 8)
    {
      int ca = (a >> shift) & 0xff, cb = (b >> shift) & 0xff;
      d = MAX (d, (guint) ABS (ca - cb));
    }
  return d;
}

/* Compares the GL read-back with a CPU surface of the same size. */
static void
assert_agree (const guint32   *gl_pixels,
              cairo_surface_t *cpu,
              const char      *what)
{
  int width = cairo_image_surface_get_width (cpu);
  int height = cairo_image_surface_get_height (cpu);
  const guint8 *data = cairo_image_surface_get_data (cpu);
  int stride = cairo_image_surface_get_stride (cpu);
  guint worst = 0, worst_x = 0, worst_y = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 c = ((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x];
        guint d = max_channel_difference (c, gl_pixels[(gsize) y * width + x]);
        if (d > worst)
          {
            worst = d;
            worst_x = (guint) x;
            worst_y = (guint) y;
          }
      }

  if (worst > TOLERANCE)
    g_error ("%s: GL and CPU differ by %u at (%u, %u): GL %08x, CPU %08x", what, worst,
             worst_x, worst_y, gl_pixels[(gsize) worst_y * width + worst_x],
             ((const guint32 *) (gconstpointer) (data + (gsize) worst_y * stride))[worst_x]);
}

static void
upload_view (MsBlueprintGlRenderer *renderer,
             MsBlueprintPyramid    *pyramid,
             const MsGlView        *view)
{
  g_autoptr(GArray) missing = ms_blueprint_gl_renderer_get_missing (renderer, view);

  for (guint i = 0; i < missing->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsBlueprintTile) tile =
        ms_blueprint_pyramid_get_tile (pyramid, &g_array_index (missing, MsTileKey, i), NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (tile->grid.width, <=, MS_TILE_SIZE + 2);
      g_assert_cmpuint (tile->grid.height, <=, MS_TILE_SIZE + 2);
      ms_blueprint_gl_renderer_upload_tile (renderer, tile);
    }
}

/* @region of @bp drawn by GL at 1/@k, read back (row 0 at the top). */
static guint32 *
draw_gl (MsBlueprint            *bp,
         const MsBlueprintStyle *style,
         const MsRect           *region,
         guint                   k)
{
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 256 << 20);
  g_autoptr(MsBlueprintGlRenderer) renderer = ms_blueprint_gl_renderer_new (pyramid, 256 << 20);
  g_autoptr(GError) error = NULL;
  guint32 *pixels;
  MsGlView view = { region->x, region->y, 1.0 / k, (int) (region->width / k), (int) (region->height / k) };
  MsTestGl *gl = ms_test_gl_new (view.width, view.height);

  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  g_assert_no_error (error);
  ms_blueprint_gl_renderer_set_style (renderer, style);
  upload_view (renderer, pyramid, &view);
  ms_test_gl_bind (gl);
  g_assert_true (ms_blueprint_gl_renderer_draw (renderer, &view, &error));
  g_assert_no_error (error);
  pixels = ms_test_gl_read (gl);
  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
  return pixels;
}

static void
draw_and_compare (MsBlueprint            *bp,
                  const MsBlueprintStyle *style,
                  const MsRect           *region,
                  guint                   k,
                  const char             *what)
{
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *pixels = draw_gl (bp, style, region, k);
  cairo_surface_t *cpu;

  cpu = ms_render_blueprint (bp, style, region, MAX (region->width, region->height) / k, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (cpu), ==, (int) (region->width / k));
  assert_agree (pixels, cpu, what);
  cairo_surface_destroy (cpu);
}

static void
test_agrees_with_cpu (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (512, 42, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  MsRect whole = { 0, 0, 512, 512 };
  MsRect seam = { 128, 64, 256, 256 };  /* across the four level-0 tiles */

  g_assert_no_error (error);
  for (guint layer = 0; layer < MS_N_BLUEPRINT_LAYERS; layer++)
    {
      MsBlueprintStyle style;
      g_autofree char *what0 = g_strdup_printf ("%s, level 0", ms_blueprint_layer_to_string (layer));
      g_autofree char *what1 = g_strdup_printf ("%s, level 1", ms_blueprint_layer_to_string (layer));
      g_autofree char *what2 = g_strdup_printf ("%s, seams", ms_blueprint_layer_to_string (layer));

      ms_blueprint_style_init (&style);
      style.layer = layer;
      draw_and_compare (bp, &style, &whole, 1, what0);
      draw_and_compare (bp, &style, &whole, 2, what1);
      draw_and_compare (bp, &style, &seam, 1, what2);
    }

  /* Another light, ramp and exaggeration reach the shader too. */
  {
    MsBlueprintStyle style;

    ms_blueprint_style_init (&style);
    ms_light_init (&style.light, 120.0f, 30.0f);
    style.ramp = MS_RAMP_GREY;
    style.exaggeration = 3.0f;
    style.water_opacity = 0.4f;
    draw_and_compare (bp, &style, &whole, 2, "composite, other style");
  }
}

/* The layer stack: every per-cell layer at partial opacity, alone and in
 * combinations, over the canvas and over each other. */
static void
test_stacks_agree (void)
{
  static const char * const stacks[] = {
    "",
    "height:0.5",
    "biome:0.7,hillshade:0.6",
    "hillshade:0.45",
    "height,biome:0.4,hillshade:0.7,water:0.6",
    "height:0.3,water:0",
    "water:0.9",
    "biome,water:0.5",
    /* Contours over the rest, at an interval and opacity of their own, and
     * the multidirectional light. */
    "height,hillshade:0.6:multi,water:0.8,contours:7",
    "contours:3:1",
    "hillshade:multi,contours:0.5:0.4",
    "biome:0.5,hillshade:0.8:multi",
    /* Slope alone, under the hillshade, and among the rest. */
    "slope",
    "slope:0.6,hillshade:0.7",
    "height,slope:0.5,hillshade:0.6:multi,water:0.8,contours:5",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (512, 42, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  MsRect whole = { 0, 0, 512, 512 };
  MsRect seam = { 128, 64, 256, 256 };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (stacks); i++)
    {
      MsBlueprintStyle style;
      g_autofree char *what0 = g_strdup_printf ("stack “%s”, level 1", stacks[i]);
      g_autofree char *what1 = g_strdup_printf ("stack “%s”, seams", stacks[i]);

      ms_blueprint_style_init (&style);
      g_assert_true (ms_blueprint_style_parse_stack (&style, stacks[i], &error));
      g_assert_no_error (error);
      if (i % 2)
        style.ramp = MS_RAMP_GREY;
      draw_and_compare (bp, &style, &whole, 2, what0);
      draw_and_compare (bp, &style, &seam, 1, what1);
    }

  /* The slope is the ground's: the shading's exaggeration leaves it be. */
  {
    MsBlueprintStyle style;

    ms_blueprint_style_init (&style);
    g_assert_true (ms_blueprint_style_parse_stack (&style, "slope,hillshade:0.5", &error));
    style.exaggeration = 4.0f;
    draw_and_compare (bp, &style, &whole, 2, "slope, exaggerated");
  }
}

static void
test_coarser_fallback (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (512, 3, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64 << 20);
  g_autoptr(MsBlueprintGlRenderer) renderer = ms_blueprint_gl_renderer_new (pyramid, 64 << 20);
  g_autoptr(MsBlueprintTile) top = NULL;
  g_autofree guint32 *pixels = NULL;
  g_autoptr(GArray) missing = NULL;
  MsTileKey top_key = { 1, 0, 0 };
  MsGlView view = { 0, 0, 1.0, 512, 512 };
  MsTestGl *gl = ms_test_gl_new (512, 512);
  MsBlueprintStyle style;
  cairo_surface_t *coarse;
  const guint8 *data;
  int stride;

  g_assert_cmpuint (ms_blueprint_pyramid_get_top_level (pyramid), ==, 1);
  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  ms_blueprint_style_init (&style);
  style.layer = MS_BLUEPRINT_LAYER_BIOME;
  ms_blueprint_gl_renderer_set_style (renderer, &style);

  /* Only the level-1 tile is there; the level-0 view asks for its 4 tiles. */
  top = ms_blueprint_pyramid_get_tile (pyramid, &top_key, NULL, &error);
  ms_blueprint_gl_renderer_upload_tile (renderer, top);
  missing = ms_blueprint_gl_renderer_get_missing (renderer, &view);
  g_assert_cmpuint (missing->len, ==, 4);

  ms_test_gl_bind (gl);
  g_assert_true (ms_blueprint_gl_renderer_draw (renderer, &view, &error));
  pixels = ms_test_gl_read (gl);

  /* Each screen pixel shows its level-1 cell. */
  coarse = ms_render_blueprint (bp, &style, NULL, 256, NULL, &error);
  data = cairo_image_surface_get_data (coarse);
  stride = cairo_image_surface_get_stride (coarse);
  for (guint y = 0; y < 512; y += 3)
    for (guint x = 0; x < 512; x += 5)
      {
        guint32 c = ((const guint32 *) (gconstpointer) (data + (gsize) (y / 2) * stride))[x / 2];
        g_assert_cmpuint (max_channel_difference (c, pixels[(gsize) y * 512 + x]), <=, TOLERANCE);
      }

  cairo_surface_destroy (coarse);
  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
}

/* Uploads the sixteen base tiles of a 1024² map one by one, the
 * renderer's textures within @texture_budget and, when @pyramid_budget is
 * not 0, the pyramid's cache within it after each. */
static void
upload_base_tiles (MsBlueprintGlRenderer *renderer,
                   MsBlueprintPyramid    *pyramid,
                   gsize                  texture_budget,
                   gsize                  pyramid_budget)
{
  for (guint i = 0; i < 16; i++)
    {
      g_autoptr(GError) error = NULL;
      MsTileKey key = { 0, i % 4, i / 4 };
      g_autoptr(MsBlueprintTile) tile = ms_blueprint_pyramid_get_tile (pyramid, &key, NULL, &error);

      g_assert_no_error (error);
      ms_blueprint_gl_renderer_upload_tile (renderer, tile);
      g_assert_cmpuint (ms_blueprint_gl_renderer_get_texture_bytes (renderer), <=, texture_budget);
      if (pyramid_budget > 0)
        g_assert_cmpuint (ms_blueprint_pyramid_get_cached_bytes (pyramid), <=, pyramid_budget);
    }
}

static void
test_eviction (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (1024, 8, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  /* RGBA32F cells with their apron, and the RGBA8 colours of the own cells. */
  gsize tile_bytes = (gsize) 258 * 258 * 16 + (gsize) 256 * 256 * 4;
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 5 * (gsize) 258 * 258 * 9);
  g_autoptr(MsBlueprintGlRenderer) renderer = ms_blueprint_gl_renderer_new (pyramid, 3 * tile_bytes);
  MsTestGl *gl = ms_test_gl_new (16, 16);

  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  upload_base_tiles (renderer, pyramid, 3 * tile_bytes, 5 * (gsize) 258 * 258 * 9 + 5 * 256);
  g_assert_cmpuint (ms_blueprint_gl_renderer_get_n_textures (renderer), ==, 3);
  g_assert_cmpuint (ms_blueprint_pyramid_get_cached_tiles (pyramid), <=, 5);

  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
}

/* The top tile stands in wherever nothing finer is loaded, but a view of
 * fine tiles never draws it: uploads of fine tiles must not age it out. */
static void
test_eviction_keeps_top (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (1024, 8, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  /* RGBA32F cells with their apron, and the RGBA8 colours of the own cells. */
  gsize tile_bytes = (gsize) 258 * 258 * 16 + (gsize) 256 * 256 * 4;
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64 << 20);
  g_autoptr(MsBlueprintGlRenderer) renderer = ms_blueprint_gl_renderer_new (pyramid, 3 * tile_bytes);
  g_autoptr(MsBlueprintTile) top = NULL;
  g_autoptr(GArray) missing = NULL;
  MsTileKey top_key = { 2, 0, 0 };
  /* A quarter-scale view of the whole map: the top level alone. */
  MsGlView whole = { 0, 0, 0.25, 256, 256 };
  MsTestGl *gl = ms_test_gl_new (16, 16);

  g_assert_cmpuint (ms_blueprint_pyramid_get_top_level (pyramid), ==, 2);
  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  top = ms_blueprint_pyramid_get_tile (pyramid, &top_key, NULL, &error);
  g_assert_no_error (error);
  ms_blueprint_gl_renderer_upload_tile (renderer, top);
  missing = ms_blueprint_gl_renderer_get_missing (renderer, &whole);
  g_assert_cmpuint (missing->len, ==, 0);
  g_clear_pointer (&missing, g_array_unref);

  /* Sixteen base tiles through a budget of three. */
  upload_base_tiles (renderer, pyramid, 3 * tile_bytes, 0);
  g_assert_cmpuint (ms_blueprint_gl_renderer_get_n_textures (renderer), ==, 3);
  missing = ms_blueprint_gl_renderer_get_missing (renderer, &whole);
  g_assert_cmpuint (missing->len, ==, 0);

  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
}

#define HUGE 16640  /* above llvmpipe's 16384 texture limit */

/* A sparse v2 file: heights 0 (below the sea) except a raised square. */
static char *
write_sparse_blueprint (const char *dir)
{
  char *path = g_build_filename (dir, "huge.dat", NULL);
  g_autoptr(GByteArray) head = g_byte_array_new ();
  g_autofree float *block = g_new (float, 512);
  guint64 grid = (guint64) HUGE * HUGE;
  guint64 hgts, biom;
  int fd;

  ms_test_put_v2_head (head, 1, HUGE);
  g_byte_array_append (head, (const guint8 *) "HGTS", 4);
  ms_test_put_u64 (head, 4 * grid);
  hgts = head->len;
  biom = hgts + 4 * grid;

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, head->data, head->len), ==, (gssize) head->len);
  g_byte_array_set_size (head, 0);
  g_byte_array_append (head, (const guint8 *) "BIOM", 4);
  ms_test_put_u64 (head, grid);
  g_assert_cmpint (pwrite (fd, head->data, head->len, (off_t) biom), ==, 12);
  /* Biome 0 (Ocean) everywhere: the file's holes. */
  g_assert_cmpint (ftruncate (fd, (off_t) (biom + 12 + grid)), ==, 0);

  for (guint i = 0; i < 512; i++)
    block[i] = 1.0f;
  for (guint x = 12000; x < 12512; x++)
    g_assert_cmpint (pwrite (fd, block, 512 * 4, (off_t) (hgts + 4 * ((guint64) x * HUGE + 3000))), ==, 2048);
  g_assert_cmpint (close (fd), ==, 0);
  return path;
}

static void
test_beyond_max_texture_size (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = write_sparse_blueprint (dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_path (path, NULL, &error);
  g_autoptr(MsBlueprintPyramid) pyramid = NULL;
  g_autoptr(MsBlueprintGlRenderer) renderer = NULL;
  g_autofree guint32 *pixels = NULL;
  MsGlView view = { 0, 0, 1.0 / 32, HUGE / 32, HUGE / 32 };
  MsTestGl *gl = ms_test_gl_new (view.width, view.height);
  gsize texture_budget = 16 << 20;
  MsBlueprintStyle style;
  MsRect whole = { 0, 0, HUGE, HUGE };
  cairo_surface_t *cpu;

  g_assert_no_error (error);
  g_assert_cmpint (ms_test_gl_max_texture_size (gl), <, HUGE);

  pyramid = ms_blueprint_pyramid_new (bp, 32 << 20);
  renderer = ms_blueprint_gl_renderer_new (pyramid, texture_budget);
  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  g_assert_no_error (error);
  ms_blueprint_style_init (&style);
  ms_blueprint_gl_renderer_set_style (renderer, &style);
  g_assert_cmpuint (ms_blueprint_gl_renderer_level_for_zoom (renderer, view.zoom), ==, 5);

  upload_view (renderer, pyramid, &view);
  g_assert_cmpuint (ms_blueprint_gl_renderer_get_n_textures (renderer), ==, 9);  /* 3 × 3 tiles of 8192 px */
  g_assert_cmpuint (ms_blueprint_gl_renderer_get_texture_bytes (renderer), <=, texture_budget);
  ms_test_gl_bind (gl);
  g_assert_true (ms_blueprint_gl_renderer_draw (renderer, &view, &error));
  g_assert_no_error (error);
  pixels = ms_test_gl_read (gl);

  /* The raised square, x 12000..12511, y 3000..3511, lands at columns
   * 375..390, rows 93..109: land there, sea around it. */
  g_assert_cmphex (pixels[(gsize) 100 * view.width + 380], !=, pixels[(gsize) 100 * view.width + 300]);
  g_assert_cmphex (pixels[(gsize) 100 * view.width + 300], ==, pixels[(gsize) 300 * view.width + 100]);

  cpu = ms_render_blueprint (bp, &style, &whole, HUGE / 32, NULL, &error);
  g_assert_no_error (error);
  assert_agree (pixels, cpu, "16640² map, level 5");

  cairo_surface_destroy (cpu);
  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
  g_clear_object (&renderer);
  g_clear_object (&pyramid);
  g_clear_object (&bp);
  ms_test_remove_tree (dir);
}

/* Flat ground at 0.5 (file pixel (x, y) is image column x, row y), with
 * no height at (100, 60) (NaN) and (30, 200) (+∞), from the test-side
 * encoder. */
static MsBlueprint *
holed_blueprint (void)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

  ms_test_put_v2_head (a, 1, 256);
  for (guint x = 0; x < 256; x++)
    for (guint y = 0; y < 256; y++)
      ms_test_put_f32 (p, x == 100 && y == 60 ? NAN : x == 30 && y == 200 ? INFINITY : 0.5f);
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint i = 0; i < 256 * 256; i++)
    ms_test_put_u8 (p, 4);
  ms_test_put_section (a, "BIOM", p->data, p->len);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&a));
  bp = ms_blueprint_new_for_bytes (bytes, "holed", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

/* Issue #36, point 8: in the shader too, a cell with no height is magenta
 * (#ff00ff, MS_COLOUR_NO_DATA) in every preset that reads heights, and
 * its eight neighbours are the flat ground around them. */
static void
test_no_data (void)
{
  g_autoptr(MsBlueprint) bp = holed_blueprint ();
  static const MsBlueprintLayer layers[] = {
    MS_BLUEPRINT_LAYER_COMPOSITE, MS_BLUEPRINT_LAYER_HEIGHT, MS_BLUEPRINT_LAYER_HILLSHADE,
  };
  static const guint holes[][2] = { { 100, 60 }, { 30, 200 } };
  MsRect whole = { 0, 0, 256, 256 };

  for (guint i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      g_autofree guint32 *pixels = NULL;
      MsBlueprintStyle style;
      guint32 ground;

      ms_blueprint_style_init (&style);
      style.layer = layers[i];
      pixels = draw_gl (bp, &style, &whole, 1);
      ground = pixels[128 * 256 + 200];
      g_assert_cmphex (ground, !=, 0xffff00ffu);
      for (guint h = 0; h < G_N_ELEMENTS (holes); h++)
        {
          guint x = holes[h][0], y = holes[h][1];

          g_assert_cmphex (pixels[y * 256 + x], ==, 0xffff00ffu);
          for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++)
              if (dx != 0 || dy != 0)
                g_assert_cmphex (pixels[(gsize) ((int) y + dy) * 256 + (guint) ((int) x + dx)], ==, ground);
        }
      draw_and_compare (bp, &style, &whole, 1, ms_blueprint_layer_to_string (layers[i]));
    }
}

/* Draws @view until a frame shades no quad per pixel (each frame colours
 * at least one tile more); returns the last frame. */
static guint32 *
draw_until_composed (MsBlueprintGlRenderer *renderer,
                     MsTestGl              *gl,
                     const MsGlView        *view)
{
  MsGlTileRenderer *base = MS_GL_TILE_RENDERER (renderer);
  g_autoptr(GError) error = NULL;

  for (guint frame = 0; ; frame++)
    {
      guint64 colourings = ms_gl_tile_renderer_get_n_colourings (base);
      guint64 shaded = ms_gl_tile_renderer_get_n_shaded_quads (base);

      g_assert_cmpuint (frame, <, 8);
      ms_test_gl_bind (gl);
      g_assert_true (ms_blueprint_gl_renderer_draw (renderer, view, &error));
      g_assert_no_error (error);
      if (ms_gl_tile_renderer_get_n_shaded_quads (base) == shaded)
        return ms_test_gl_read (gl);
      g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), >, colourings);
    }
}

/* Issue #37: each tile is coloured once per style and composed every frame
 * after.  A pan by a few pixels colours nothing and shades no quad per
 * pixel, yet moves the picture by exactly those pixels.  A new style shows
 * in the very next frame (tiles not recoloured yet are shaded per pixel),
 * and once every tile is recoloured the composed frame has exactly that
 * frame's pixels. */
static void
test_colour_once (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (512, 42, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 256 << 20);
  g_autoptr(MsBlueprintGlRenderer) renderer = ms_blueprint_gl_renderer_new (pyramid, 256 << 20);
  MsGlTileRenderer *base = MS_GL_TILE_RENDERER (renderer);
  /* Cells 100..356 × 60..316 at 1:1: the four level-0 tiles of 256². */
  MsGlView view = { 100, 60, 1.0, 256, 256 };
  MsGlView panned = { 103, 60, 1.0, 256, 256 };
  MsRect panned_region = { 103, 60, 256, 256 };
  MsTestGl *gl = ms_test_gl_new (view.width, view.height);
  g_autofree guint32 *before = NULL;
  g_autofree guint32 *after = NULL;
  g_autofree guint32 *restyled = NULL;
  g_autofree guint32 *composed = NULL;
  guint64 shaded;
  MsBlueprintStyle style;
  cairo_surface_t *cpu;
  guint changed = 0;

  g_assert_no_error (error);
  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  ms_blueprint_style_init (&style);
  ms_blueprint_gl_renderer_set_style (renderer, &style);
  upload_view (renderer, pyramid, &view);
  before = draw_until_composed (renderer, gl, &view);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), ==, 4);

  /* Three pixels right: the same tiles, nothing coloured or shaded again. */
  shaded = ms_gl_tile_renderer_get_n_shaded_quads (base);
  upload_view (renderer, pyramid, &panned);
  ms_test_gl_bind (gl);
  g_assert_true (ms_blueprint_gl_renderer_draw (renderer, &panned, &error));
  after = ms_test_gl_read (gl);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), ==, 4);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_shaded_quads (base), ==, shaded);
  for (int y = 0; y < view.height; y++)
    for (int x = 0; x + 3 < view.width; x++)
      g_assert_cmphex (after[y * view.width + x], ==, before[y * view.width + x + 3]);

  /* Another light: the next frame shows it, partly shaded per pixel. */
  ms_light_init (&style.light, 120.0f, 30.0f);
  style.exaggeration = 3.0f;
  ms_blueprint_gl_renderer_set_style (renderer, &style);
  ms_test_gl_bind (gl);
  g_assert_true (ms_blueprint_gl_renderer_draw (renderer, &panned, &error));
  restyled = ms_test_gl_read (gl);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), >, 4);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_shaded_quads (base), >, shaded);
  for (int i = 0; i < view.width * view.height; i++)
    changed += restyled[i] != after[i];
  g_assert_cmpuint (changed, >, (guint) (view.width * view.height / 2));
  cpu = ms_render_blueprint (bp, &style, &panned_region, 256, NULL, &error);
  g_assert_no_error (error);
  assert_agree (restyled, cpu, "restyled");
  cairo_surface_destroy (cpu);

  /* Every tile recoloured: composed pixels are the shaded ones, exactly. */
  composed = draw_until_composed (renderer, gl, &panned);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), ==, 8);
  for (int i = 0; i < view.width * view.height; i++)
    g_assert_cmphex (composed[i], ==, restyled[i]);

  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
}

/* Magnified, at a fraction of a cell: a tile composed has the pixels the
 * per-pixel shader gave it.  The first frame has budget (its pixels) to
 * colour one of the four tiles and shades the others; the next frames
 * colour the rest, and the last composes all four. */
static void
test_compose_magnified (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (512, 42, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 256 << 20);
  g_autoptr(MsBlueprintGlRenderer) renderer = ms_blueprint_gl_renderer_new (pyramid, 256 << 20);
  MsGlTileRenderer *base = MS_GL_TILE_RENDERER (renderer);
  /* Cells 230.3..307.9 × 220.7..298.3, 3.3 pixels a cell: four tiles. */
  MsGlView view = { 230.3, 220.7, 3.3, 256, 256 };
  MsTestGl *gl = ms_test_gl_new (view.width, view.height);
  g_autofree guint32 *first = NULL;
  g_autofree guint32 *second = NULL;
  MsBlueprintStyle style;

  g_assert_no_error (error);
  g_assert_true (ms_blueprint_gl_renderer_realize (renderer, &error));
  ms_blueprint_style_init (&style);
  ms_blueprint_gl_renderer_set_style (renderer, &style);
  upload_view (renderer, pyramid, &view);
  ms_test_gl_bind (gl);
  g_assert_true (ms_blueprint_gl_renderer_draw (renderer, &view, &error));
  first = ms_test_gl_read (gl);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), ==, 1);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_shaded_quads (base), ==, 3);
  second = draw_until_composed (renderer, gl, &view);
  g_assert_cmpuint (ms_gl_tile_renderer_get_n_colourings (base), ==, 4);
  for (int i = 0; i < view.width * view.height; i++)
    g_assert_cmphex (second[i], ==, first[i]);

  ms_blueprint_gl_renderer_unrealize (renderer);
  ms_test_gl_free (gl);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/gl/agrees-with-cpu", test_agrees_with_cpu);
  g_test_add_func ("/render/gl/stacks-agree-with-cpu", test_stacks_agree);
  g_test_add_func ("/render/gl/coarser-fallback", test_coarser_fallback);
  g_test_add_func ("/render/gl/eviction", test_eviction);
  g_test_add_func ("/render/gl/eviction-keeps-top", test_eviction_keeps_top);
  g_test_add_func ("/render/gl/beyond-max-texture-size", test_beyond_max_texture_size);
  g_test_add_func ("/render/gl/no-data", test_no_data);
  g_test_add_func ("/render/gl/colour-once", test_colour_once);
  g_test_add_func ("/render/gl/compose-magnified", test_compose_magnified);
  return g_test_run ();
}
