/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D view's contour lines, drawn by GL (through EGL, without a
 * display) and by the CPU reference: on a plain ramp seen from straight
 * above, close enough that one map pixel is nearly 6 screen pixels, each
 * line must be a thin line (at most 2 pixels at half its strength), not a
 * map cell wide, and the lines must be evenly spaced.  The lines are found
 * by comparing the picture with the same one without the contour layer,
 * so nothing here depends on the colours the renderers chose.
 *
 * MS_TEST_SCREENSHOT_DIR=dir saves the pictures there.
 */
#include "config.h"

#include <math.h>

#include "ms-blueprint-pyramid.h"
#include "ms-terrain-blueprint-source.h"
#include "ms-terrain-cpu.h"
#include "ms-terrain-gl.h"
#include "ms-test-gl.h"
#include "ms-test-util.h"

#define N 256
#define W 320
#define H 240
/* A contour every 10 m; the ramp climbs 10 m every 8 map pixels east. */
#define INTERVAL 10.0f
#define SPACING 8.0
#define LINE_MAX_PX 2

static float
ramp_raw (guint x)
{
  /* Above the default sea level (0.15 raw) everywhere: no water. */
  return 0.2f + (float) x * (INTERVAL / (float) SPACING) / MS_METRES_PER_RAW;
}

static float
ramp_height (guint x,
             guint y)
{
  return ramp_raw (x);
}

static MsBlueprint *
ramp_blueprint (void)
{
  g_autoptr(GBytes) bytes = ms_test_v2_heights (N, ramp_height, 4);
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp = ms_blueprint_new_for_bytes (bytes, "ramp", NULL, &error);

  g_assert_no_error (error);
  return bp;
}

/* Straight down (as far as the camera goes) on the middle of the map,
 * north up: screen x runs with map x, across the lines. */
static void
camera_over_ramp (MsTerrainSource *source,
                  MsTerrainCamera *camera)
{
  double metres = ramp_raw (N / 2) * MS_METRES_PER_RAW;

  *camera = (MsTerrainCamera) {
    .target = { N / 2.0, metres / ms_terrain_source_get_metres_per_pixel (source), N / 2.0 },
    .yaw_deg = 0.0, .pitch_deg = MS_TERRAIN_PITCH_MAX, .distance = 50.0, .fov_deg = 45.0,
    .aspect = (double) W / H,
  };
  ms_terrain_camera_normalize (camera, N);
}

static MsTerrainSource *
ramp_source (MsBlueprintPyramid *pyramid,
             gboolean            contours)
{
  MsBlueprintStyle style;
  g_autoptr(GError) error = NULL;

  ms_blueprint_style_init (&style);
  g_assert_true (ms_blueprint_style_parse_stack (&style, contours ? "height,contours:10:1" : "height",
                                                 &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (style.contour_interval, ==, INTERVAL);
  return ms_terrain_blueprint_source_new (pyramid, &style);
}

static void
save (const guint32 *pixels,
      const char    *name)
{
  const char *dir = g_getenv ("MS_TEST_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  cairo_surface_t *s;

  if (dir == NULL)
    return;
  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
  cairo_surface_flush (s);
  for (int y = 0; y < H; y++)
    memcpy (cairo_image_surface_get_data (s) + (gsize) y * cairo_image_surface_get_stride (s),
            pixels + (gsize) y * W, W * 4);
  cairo_surface_mark_dirty (s);
  path = g_build_filename (dir, name, NULL);
  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
}

static guint
channel_difference (guint32 a,
                    guint32 b)
{
  guint d = 0;

  for (guint shift = 0; shift < 24; shift += 8)
    d = MAX (d, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
  return d;
}

/* Across rows near the middle: every line's pixels at half its strength
 * or more are at most LINE_MAX_PX wide, there are several lines, and
 * their centres lie (nearly) the same distance apart. */
static void
assert_thin_lines (const guint32 *lines,
                   const guint32 *plain,
                   const char    *what)
{
  for (int y = H / 2 - 20; y <= H / 2 + 20; y += 10)
    {
      const guint32 *l = lines + (gsize) y * W, *p = plain + (gsize) y * W;
      guint strongest = 0, n_lines = 0;
      double centres[W];

      for (int x = 0; x < W; x++)
        strongest = MAX (strongest, channel_difference (l[x], p[x]));
      /* Dark brown over the ramp's colours: a line is there to be seen. */
      g_assert_cmpuint (strongest, >=, 60);

      for (int x = 0; x < W;)
        {
          int start = x;
          double weight = 0.0, sum = 0.0;

          if (channel_difference (l[x], p[x]) * 2 < strongest)
            {
              x++;
              continue;
            }
          while (x < W && channel_difference (l[x], p[x]) * 2 >= strongest)
            {
              weight += channel_difference (l[x], p[x]);
              sum += (x + 0.5) * channel_difference (l[x], p[x]);
              x++;
            }
          /* A line cut by the picture's edge has no width to measure. */
          if (start == 0 || x == W)
            continue;
          if (x - start > LINE_MAX_PX)
            g_error ("%s: the line at x %d..%d of row %d is %d pixels wide", what, start, x - 1, y,
                     x - start);
          centres[n_lines++] = sum / weight;
        }
      g_assert_cmpuint (n_lines, >=, 4);
      /* Evenly, but for the perspective (the ramp's east is nearer the
       * eye) and the centres' own half pixel. */
      for (guint i = 2; i < n_lines; i++)
        g_assert_cmpfloat (fabs ((centres[i] - centres[i - 1]) - (centres[i - 1] - centres[i - 2])), <, 2.5);
    }
}

/* ---------------------------------------------------------------- GL --- */

static guint32 *
draw_gl (MsTerrainSource       *source,
         const MsTerrainCamera *camera)
{
  g_autoptr(MsTerrainGl) terrain = ms_terrain_gl_new (256);
  g_autoptr(GError) error = NULL;
  MsTestGl *gl = ms_test_gl_new (W, H);
  guint32 *pixels;

  g_assert_true (ms_terrain_gl_realize (terrain, &error));
  g_assert_no_error (error);
  /* Draw, upload what was missing, until nothing is. */
  for (guint round = 0;; round++)
    {
      g_autoptr(GArray) nodes = ms_terrain_source_select (source, camera, 1.0, H, 8.0);
      g_autoptr(GArray) missing = g_array_new (FALSE, FALSE, sizeof (MsTileKey));

      ms_test_gl_bind (gl);
      /* A GtkGLArea sets it; a surfaceless context starts at 0 × 0. */
      glViewport (0, 0, W, H);
      ms_terrain_gl_draw (terrain, source, camera, 1.0, nodes, missing, &error);
      g_assert_no_error (error);
      if (missing->len == 0)
        break;
      g_assert_cmpuint (round, <, 4);
      for (guint i = 0; i < missing->len; i++)
        {
          const MsTileKey *key = &g_array_index (missing, MsTileKey, i);
          g_autoptr(MsTerrainTile) tile = NULL;

          if (ms_terrain_gl_has_tile (terrain, key))
            continue;
          tile = ms_terrain_source_get_tile (source, key, NULL, &error);
          g_assert_no_error (error);
          ms_terrain_gl_upload (terrain, tile);
        }
    }
  pixels = ms_test_gl_read (gl);
  ms_terrain_gl_unrealize (terrain);
  ms_test_gl_free (gl);
  return pixels;
}

/* --------------------------------------------------------------- CPU --- */

static guint32 *
draw_cpu (MsTerrainSource       *source,
          const MsTerrainCamera *camera)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s = ms_terrain_render_cpu (source, camera, 1.0, W, H, 8.0, NULL, &error);
  guint32 *pixels = g_new (guint32, W * H);

  g_assert_no_error (error);
  for (int y = 0; y < H; y++)
    memcpy (pixels + (gsize) y * W,
            cairo_image_surface_get_data (s) + (gsize) y * cairo_image_surface_get_stride (s), W * 4);
  cairo_surface_destroy (s);
  return pixels;
}

typedef guint32 *(*DrawFunc) (MsTerrainSource *source, const MsTerrainCamera *camera);

/* The ramp drawn by @draw with the contour layer and without. */
static void
check_contours_thin (DrawFunc    draw,
                     const char *what,
                     const char *png)
{
  g_autoptr(MsBlueprint) bp = ramp_blueprint ();
  g_autoptr(MsBlueprintPyramid) pyramid = ms_blueprint_pyramid_new (bp, 64 << 20);
  g_autoptr(MsTerrainSource) lines = ramp_source (pyramid, TRUE);
  g_autoptr(MsTerrainSource) plain = ramp_source (pyramid, FALSE);
  g_autofree guint32 *with = NULL;
  g_autofree guint32 *without = NULL;
  MsTerrainCamera camera;

  camera_over_ramp (lines, &camera);
  with = draw (lines, &camera);
  without = draw (plain, &camera);
  save (with, png);
  assert_thin_lines (with, without, what);
}

static void
test_gl_contours_thin (void)
{
  check_contours_thin (draw_gl, "GL", "terrain-gl-contours.png");
}

static void
test_cpu_contours_thin (void)
{
  check_contours_thin (draw_cpu, "CPU", "terrain-cpu-contours.png");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/terrain/gl/contours-thin", test_gl_contours_thin);
  g_test_add_func ("/terrain/cpu/contours-thin", test_cpu_contours_thin);
  return g_test_run ();
}
