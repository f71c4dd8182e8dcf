/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Contour lines and the multidirectional hillshade.  Expected lines come
 * from the geometry of hand-made grids (a plane with a known gradient has
 * its lines at known columns, a cone its rings at known radii), worked out
 * here in doubles; expected shades are the gdaldem formula worked by hand.
 * Never from the code under test.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-renderer.h"
#include "ms-contours.h"
#include "ms-shade.h"
#include "ms-simd.h"
#include "ms-test-util.h"
#include "ms-zone-renderer.h"

/* ------------------------------------------------------------ contours --- */

/* A plane rising 0.25 a column, lines every 1: the band goes up by one
 * every fourth column, so columns 0, 4, 8 … are on a line (column 0 too:
 * its left neighbour, in the apron, is at -0.25). */
static void
test_plane_columns (void)
{
  enum { W = 40, H = 5 };
  float heights[(W + 2) * (H + 2)];
  MsContours contours = { 1.0f, 0.0f, 1.0f };
  guint8 marks[W];

  for (guint cy = 0; cy < H + 2; cy++)
    for (guint cx = 0; cx < W + 2; cx++)
      heights[cy * (W + 2) + cx] = 0.25f * ((float) cx - 1.0f);

  for (guint row = 1; row <= H; row++)
    {
      ms_contours_mark_row (&contours, heights, W + 2, row, 1, W, marks);
      for (guint x = 0; x < W; x++)
        g_assert_cmpuint (marks[x], ==, x % 4 == 0);
    }

  /* Metres above a sea level at 0.1 raw (251 m a raw unit), a line every
   * 25.1251 m, i.e. every 0.1001 raw: column x (raw 0.25 x) is on a line
   * when its band is above its left neighbour's. */
  contours = (MsContours) { 25.1f * 1.001f, 0.1f, 251.0f };
  ms_contours_mark_row (&contours, heights, W + 2, 2, 1, W, marks);
  for (guint x = 0; x < W; x++)
    {
      double step = 0.1 * 1.001;
      gboolean line = floor ((0.25 * x - 0.1) / step) > floor ((0.25 * x - 0.25 - 0.1) / step);

      g_assert_cmpuint (marks[x], ==, line);
    }

  /* No lines without an interval, and none next to a missing height. */
  contours = (MsContours) { 0.0f, 0.0f, 1.0f };
  ms_contours_mark_row (&contours, heights, W + 2, 2, 1, W, marks);
  for (guint x = 0; x < W; x++)
    g_assert_cmpuint (marks[x], ==, 0);
  contours = (MsContours) { 1.0f, 0.0f, 1.0f };
  for (guint cy = 0; cy < H + 2; cy++)
    heights[cy * (W + 2) + 1 + 8 - 1] = NAN;  /* column 7, left of line 8 */
  ms_contours_mark_row (&contours, heights, W + 2, 2, 1, W, marks);
  g_assert_cmpuint (marks[7], ==, 0);
  g_assert_cmpuint (marks[8], ==, 0);
  g_assert_cmpuint (marks[12], ==, 1);
}

/* A cone, height R - r around the centre of cell (C, C), lines every 5.5
 * with R a quarter above a multiple: the levels lie at radii 0.25 + 5.5 m.
 * A cell is on a line only where an outer neighbour (at most one cell
 * farther) is below the level, so its radius is within one cell inside a
 * ring; along the row and the column through the centre the ring of
 * radius rho is at exactly |d| = floor (rho). */
static void
test_cone_rings (void)
{
  enum { N = 61, C = 30 };
  const double interval = 5.5, top = 18 * 5.5 + 0.25;
  static float heights[(N + 2) * (N + 2)];
  MsContours contours = { (float) interval, 0.0f, 1.0f };
  guint8 marks[N];
  guint n_marked = 0;

  for (guint cy = 0; cy < N + 2; cy++)
    for (guint cx = 0; cx < N + 2; cx++)
      heights[cy * (N + 2) + cx] = (float) (top - hypot ((double) cx - 1 - C, (double) cy - 1 - C));

  for (guint y = 0; y < N; y++)
    {
      ms_contours_mark_row (&contours, heights, N + 2, y + 1, 1, N, marks);
      for (guint x = 0; x < N; x++)
        {
          double r = hypot ((double) x - C, (double) y - C);
          /* The ring just outside r, or at it. */
          double ring = 0.25 + 5.5 * ceil ((r - 0.25) / 5.5);

          if (!marks[x])
            continue;
          n_marked++;
          g_assert_cmpfloat (ring - r, <, 1.0);
          if (y == C || x == C)
            {
              guint d = (guint) fabs (y == C ? (double) x - C : (double) y - C);

              g_assert_cmpfloat (floor (ring), ==, d);
            }
        }
      if (y == C)
        {
          /* Rings at 0.25 (the top cell), 5.75, 11.25, 16.75, 22.25,
           * 27.75: on both sides. */
          static const guint ds[] = { 0, 5, 11, 16, 22, 27 };

          for (guint i = 0; i < G_N_ELEMENTS (ds); i++)
            {
              g_assert_cmpuint (marks[C - ds[i]], ==, 1);
              g_assert_cmpuint (marks[C + ds[i]], ==, 1);
            }
          for (guint x = 0; x < N; x++)
            {
              guint d = (guint) ABS ((int) x - C);
              gboolean want = FALSE;

              for (guint i = 0; i < G_N_ELEMENTS (ds); i++)
                want = want || d == ds[i];
              g_assert_cmpuint (marks[x], ==, want);
            }
        }
    }
  /* Five closed rings, each at least a cell per unit of its length. */
  g_assert_cmpuint (n_marked, >, (guint) (2 * G_PI * (5.75 + 11.25 + 16.75 + 22.25 + 27.75) * 0.9));
}

static void
test_parse (void)
{
  static const struct
  {
    const char *text;
    gboolean    ok;
    float       interval, opacity;
  } cases[] = {
    { "10", TRUE, 10.0f, 0.3f },
    { "2.5:1", TRUE, 2.5f, 1.0f },
    { "7:0", TRUE, 7.0f, 0.0f },
    { "", FALSE },
    { "0", FALSE },
    { "-3", FALSE },
    { "5:", FALSE },
    { "5:1.5", FALSE },
    { "x", FALSE },
    { "5:0.5:1", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      float interval = -1.0f, opacity = 0.3f;
      gboolean ok = ms_contours_parse (cases[i].text, "contours", &interval, &opacity, &error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        {
          g_assert_no_error (error);
          g_assert_cmpfloat (interval, ==, cases[i].interval);
          g_assert_cmpfloat (opacity, ==, cases[i].opacity);
        }
      else
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }
}

static void
test_parse_stack (void)
{
  g_autoptr(GError) error = NULL;
  MsBlueprintStyle style;
  MsLayerState stack[MS_N_STACK_LAYERS];

  ms_blueprint_style_init (&style);
  g_assert_false (style.light.multidirectional);
  g_assert_true (ms_blueprint_style_parse_stack (&style, "height,contours:25", &error));
  g_assert_no_error (error);
  ms_blueprint_style_get_stack (&style, stack);
  g_assert_true (stack[MS_STACK_CONTOURS].visible);
  g_assert_cmpfloat (stack[MS_STACK_CONTOURS].opacity, ==, MS_CONTOUR_DEFAULT_OPACITY);
  g_assert_cmpfloat (style.contour_interval, ==, 25.0f);
  g_assert_false (style.light.multidirectional);

  g_assert_true (ms_blueprint_style_parse_stack (&style, "hillshade:0.6:multi, contours:2:0.25", &error));
  g_assert_no_error (error);
  ms_blueprint_style_get_stack (&style, stack);
  g_assert_true (style.light.multidirectional);
  g_assert_cmpfloat (stack[MS_STACK_HILLSHADE].opacity, ==, 0.6f);
  g_assert_cmpfloat (stack[MS_STACK_CONTOURS].opacity, ==, 0.25f);
  g_assert_cmpfloat (style.contour_interval, ==, 2.0f);

  g_assert_true (ms_blueprint_style_parse_stack (&style, "hillshade:multi", &error));
  ms_blueprint_style_get_stack (&style, stack);
  g_assert_true (style.light.multidirectional);
  g_assert_cmpfloat (stack[MS_STACK_HILLSHADE].opacity, ==, 1.0f);
  g_assert_false (stack[MS_STACK_CONTOURS].visible);

  {
    static const char * const bad[] = {
      "contours", "contours:0", "contours:abc", "height:0.5:multi", "hillshade:0.5:sideways",
      "hillshade:multi:0.5", "water:0.5:0.5",
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GError) e = NULL;

        g_assert_false (ms_blueprint_style_parse_stack (&style, bad[i], &e));
        g_assert_error (e, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
      }
  }

  /* The presets draw no contours: the golden images keep their pixels. */
  for (guint layer = 0; layer < MS_BLUEPRINT_LAYER_CUSTOM; layer++)
    {
      ms_blueprint_style_init (&style);
      style.layer = layer;
      ms_blueprint_style_get_stack (&style, stack);
      g_assert_false (stack[MS_STACK_CONTOURS].visible);
      g_assert_false (style.light.multidirectional);
    }
}

/* ------------------------------------------------- multidirectional ---- */

/* Shades worked by hand from gdaldem's formula at altitude 45° (s = c =
 * √½), p = dz/dcolumn, q = dz/drow:
 *   flat: s = 0.707107
 *   p = 1, q = 0: v = (s + c/2, s + c, s + c/2, s) = (1.207107, 1.414214,
 *     1.207107, 0.707107), w = (½, 1, ½, 0): ½ (0.603553 + 1.414214 +
 *     0.603553) / (1 · √2) = 0.926777
 *   p = 1, q = 1: v = (s, s + c, s + c, s + c) = (0.707107, 1.414214,
 *     1.707107, 1.414214) (v315 = s + c/√2 · 2), w = (0, 1, 2, 1):
 *     ½ (1.414214 + 3.414214 + 1.414214) / (2 √3) = 0.901047
 *   p = -2, q = 0: every lit term is 0 or has weight 0: 0
 *   p = 0, q = -1: v = (s + c/2, s, s - c/2, s - c) = (1.207107, 0.707107,
 *     0.207107, 0), w = (½, 0, ½, 1): ½ (0.603553 + 0.103553) / √2 = 0.25 */
static const struct
{
  float p, q;
  double shade;
} multi_cases[] = {
  { 0.0f, 0.0f, 0.707107 },
  { 1.0f, 0.0f, 0.926777 },
  { 1.0f, 1.0f, 0.901047 },
  { -2.0f, 0.0f, 0.0 },
  { 0.0f, -1.0f, 0.25 },
};

static void
test_multidirectional_formula (void)
{
  MsLight light;

  /* The azimuth plays no part. */
  for (float azimuth = 0.0f; azimuth < 360.0f; azimuth += 45.0f)
    {
      ms_light_init (&light, azimuth, 45.0f);
      g_assert_false (light.multidirectional);
      light.multidirectional = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (multi_cases); i++)
        {
          g_assert_cmpfloat_with_epsilon (ms_hillshade (&light, multi_cases[i].p, multi_cases[i].q),
                                          multi_cases[i].shade, 2e-6);
          g_assert_cmpfloat_with_epsilon (ms_hillshade_multi (&light, multi_cases[i].p, multi_cases[i].q),
                                          multi_cases[i].shade, 2e-6);
        }
    }
}

/* The same planes through the renderers' row kernel: 5 × 5 grids of
 * h = (p col + q row) × spacing, so Horn's gradient is exactly (p, q). */
static void
test_multidirectional_rows (void)
{
  MsLight light;

  ms_light_init (&light, 315.0f, 45.0f);
  light.multidirectional = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (multi_cases); i++)
    {
      float heights[25], centres[3], shades[3];
      MsShadeGrid grid = { heights, 5, 1.0f, 2.0f, 0.0f, &light };

      for (guint r = 0; r < 5; r++)
        for (guint c = 0; c < 5; c++)
          heights[r * 5 + c] = (multi_cases[i].p * (float) c + multi_cases[i].q * (float) r) * 2.0f;
      for (guint row = 1; row <= 3; row++)
        {
          ms_shade_row (&grid, row, 1, 3, centres, shades);
          for (guint k = 0; k < 3; k++)
            g_assert_cmpfloat_with_epsilon (shades[k], multi_cases[i].shade, 2e-6);
        }
    }
}

/* The row kernel (four cells at a time where the CPU has SSE2) against a
 * plain cell-by-cell Horn window and ms_hillshade (): the same bits, with
 * NaN and infinite heights scattered over the grid (a neighbour without a
 * height takes the centre's; a centre without one the fallback), rows of
 * every length from 1 to 41 at several starting columns. */
static float
plain_shade (const float *h,
             guint        width,
             guint        cy,
             guint        cx,
             const MsShadeGrid *grid,
             float       *centre)
{
  float c = isfinite (h[cy * width + cx]) ? h[cy * width + cx] : grid->fallback;
  float w[9], p, q;

  for (guint r = 0; r < 3; r++)
    for (guint k = 0; k < 3; k++)
      {
        float v = h[(cy + r - 1) * width + cx + k - 1];

        w[r * 3 + k] = (r == 1 && k == 1 ? c : isfinite (v) ? v : c) * grid->scale;
      }
  ms_horn_gradient (w, grid->spacing, &p, &q);
  *centre = c;
  return ms_hillshade (grid->light, p, q);
}

static void
test_shade_row_lanes (void)
{
  enum { W = 48, H = 6 };
  float heights[W * H];
  const float fallbacks[] = { 0.15f, NAN };
  GRand *rand = g_rand_new_with_seed (12);
  MsLight light;

  ms_light_init (&light, 315.0f, 45.0f);
  for (guint i = 0; i < W * H; i++)
    {
      guint pick = g_rand_int_range (rand, 0, 20);

      heights[i] = pick == 0 ? NAN : pick == 1 ? INFINITY : pick == 2 ? -INFINITY
                   : (float) g_rand_double_range (rand, -0.5, 1.5);
    }
  /* Both paths where the processor has AVX2: eight lanes, and SSE2's four. */
  for (guint f = 0; f < 2 * G_N_ELEMENTS (fallbacks); f++)
    {
      MsShadeGrid grid = { heights, W, 251.0f * 3.0f, 2.0f, fallbacks[f / 2], &light };

      _ms_simd_use_avx2_for_testing (f % 2 == 0);

      for (guint cy = 1; cy < H - 1; cy++)
        for (guint cx0 = 1; cx0 <= 5; cx0++)
          for (guint n = 1; cx0 + n < W; n++)
            {
              float centres[W], shades[W];

              ms_shade_row (&grid, cy, cx0, n, centres, shades);
              for (guint i = 0; i < n; i++)
                {
                  float centre, shade = plain_shade (heights, W, cy, cx0 + i, &grid, &centre);

                  /* Bits, so NaN centres compare too. */
                  if (memcmp (&shade, &shades[i], sizeof shade) != 0 ||
                      memcmp (&centre, &centres[i], sizeof centre) != 0)
                    g_error ("row %u from %u, %u cells: cell %u shade %.9g centre %.9g, not %.9g %.9g",
                             cy, cx0, n, i, shades[i], centres[i], shade, centre);
                }
            }
    }
  _ms_simd_use_avx2_for_testing (TRUE);
  g_rand_free (rand);
}

/* ------------------------------------------------------- CLI and zones --- */

#define MAP 256  /* the smallest MapSize */

/* Raw heights 0.15 (the sea level) + 0.002 x: 0.502 m a column. */
static double
metres_at (guint x)
{
  return 0.002 * x * 251.0;
}

static char *
write_plane_blueprint (const char *dir)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  char *path = g_build_filename (dir, "plane.dat", NULL);
  g_autoptr(GError) error = NULL;

  ms_test_put_v2_head (a, 1, MAP);
  /* X outer, Y inner: the plane rises along X, image columns. */
  for (guint x = 0; x < MAP; x++)
    for (guint y = 0; y < MAP; y++)
      ms_test_put_f32 (p, 0.15f + 0.002f * (float) x);
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint i = 0; i < MAP * MAP; i++)
    ms_test_put_u8 (p, 4);
  ms_test_put_section (a, "BIOM", p->data, p->len);
  g_assert_true (g_file_set_contents (path, (const char *) a->data, (gssize) a->len, &error));
  g_assert_no_error (error);
  return path;
}

static guint32
pixel_at (cairo_surface_t *s, guint col, guint row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  return ((const guint32 *) (gconstpointer) (data + (gsize) row * cairo_image_surface_get_stride (s)))[col];
}

static int
byte_of (double v)
{
  return (int) (CLAMP (v, 0.0, 1.0) * 255.0 + 0.5);
}

/* mapsmith-cli render --layers contours:5:1 of the plane: the canvas grey
 * everywhere but the columns whose band (metres / 5) is above the one to
 * their left, which are the line colour; column 0's left neighbour is
 * outside the map, no line. */
static void
test_cli_contours (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = write_plane_blueprint (dir);
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  g_auto(MsTestRun) run = { 0, };
  guint32 canvas = 0xff000000u | (guint32) byte_of (0.55 / 0.65) * 0x010101u;
  guint32 line = 0xff000000u | (guint32) byte_of (0.30) << 16 | (guint32) byte_of (0.20) << 8 |
                 (guint32) byte_of (0.10);
  cairo_surface_t *image;
  guint n_lines = 0;

  ms_test_run_cli (&run, "render", path, "-o", png, "--layers", "contours:5:1", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, MAP);

  for (guint x = 0; x < MAP; x++)
    {
      gboolean want = x > 0 && floor (metres_at (x) / 5.0) > floor (metres_at (x - 1) / 5.0);

      n_lines += want;
      for (guint y = 0; y < MAP; y++)
        g_assert_cmphex (pixel_at (image, x, y), ==, want ? line : canvas);
    }
  /* 0.502 m a column over 255 columns (128.01 m): levels 5 … 125 m. */
  g_assert_cmpuint (n_lines, ==, 25);
  cairo_surface_destroy (image);

  /* Bad intervals are usage errors. */
  {
    g_auto(MsTestRun) bad = { 0, };

    ms_test_run_cli (&bad, "render", path, "-o", png, "--layers", "height,contours", NULL);
    g_assert_cmpint (bad.status, ==, 2);
    g_assert_nonnull (strstr (bad.err, "INTERVAL"));
  }
  ms_test_remove_tree (dir);
}

/* A zone whose altitude rises 16 a column (0.5 height units): with lines
 * every 3 units, at columns 6, 12, 18 …, over every shaded layer, from the
 * CPU renderer and from zone render --contours. */
static void
test_zone_contours (void)
{
  enum { W = 64, H = 32, ID = 9 };
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *png = g_build_filename (dir, "zone.png", NULL);
  g_autofree guint16 *altitude = g_new (guint16, W * H);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_auto(MsTestRun) run = { 0, };
  MsZoneStyle style, plain;
  cairo_surface_t *with, *without, *cli;
  guint32 line = 0xff000000u | (guint32) byte_of (0.30) << 16 | (guint32) byte_of (0.20) << 8 |
                 (guint32) byte_of (0.10);

  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      altitude[y * W + x] = GUINT16_TO_LE ((guint16) (1000 + 16 * x));  /* row-major */
  ms_test_put_file (dir, "altitude.0009.bin", altitude, sizeof (guint16) * W * H);
  zone = ms_zone_new_for_dir (dir, ID, W, H, NULL, &error);
  g_assert_no_error (error);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_ALTITUDE;
  style.contour_interval = 3.0f;
  style.contour_opacity = 1.0f;
  plain = style;
  plain.contour_interval = 0.0f;
  with = ms_render_zone (zone, &style, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  without = ms_render_zone (zone, &plain, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      {
        double h = (1000 + 16.0 * x) / 32.0, left = (1000 + 16.0 * x - 16.0) / 32.0;
        gboolean want = x > 0 && floor (h / 3.0) > floor (left / 3.0);

        g_assert_cmphex (pixel_at (with, x, y), ==, want ? line : pixel_at (without, x, y));
      }

  ms_test_run_cli (&run, "zone", "render", dir, "9", "--size", "64x32", "-o", png, "--contours=3:1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  cli = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (cli), ==, CAIRO_STATUS_SUCCESS);
  for (guint y = 0; y < H; y++)
    for (guint x = 0; x < W; x++)
      g_assert_cmphex (pixel_at (cli, x, y), ==, pixel_at (with, x, y));

  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
  cairo_surface_destroy (cli);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/contours/plane-columns", test_plane_columns);
  g_test_add_func ("/render/contours/cone-rings", test_cone_rings);
  g_test_add_func ("/render/contours/parse", test_parse);
  g_test_add_func ("/render/contours/parse-stack", test_parse_stack);
  g_test_add_func ("/render/contours/cli", test_cli_contours);
  g_test_add_func ("/render/contours/zone", test_zone_contours);
  g_test_add_func ("/render/hillshade/multidirectional-formula", test_multidirectional_formula);
  g_test_add_func ("/render/hillshade/multidirectional-rows", test_multidirectional_rows);
  g_test_add_func ("/render/hillshade/row-lanes", test_shade_row_lanes);
  return g_test_run ();
}
