/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The difference image, pixel by pixel, on two hand-built maps whose
 * differences are known: expected colours are worked out from the legend
 * by hand, not asked of the renderer.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-blueprint.h"
#include "ms-blueprint-renderer.h"
#include "ms-diff-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-test-util.h"
#include "ms-tile.h"

#define N 256

/* B differs from A: +0.5 raw in x 10..19 / y 20..29, −0.25 at x 100 / y
 * 100..109, biome changed at (200, 52) and (201, 52), water gained at (30, 200) and lost
 * at (40, 200). */
static MsBlueprint *
build (gboolean is_b)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

  ms_test_put_v2_head (a, 1, N);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        float h = 0.5f;
        if (is_b && x >= 10 && x < 20 && y >= 20 && y < 30)
          h += 0.5f;
        if (is_b && x == 100 && y >= 100 && y < 110)
          h -= 0.25f;
        ms_test_put_f32 (p, h);
      }
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < N; x++)
    for (guint y = 0; y < N; y++)
      {
        guint8 biome = 4;  /* Grassland */
        if (is_b && (x == 200 || x == 201) && y == 52)
          biome = 5;       /* Forest */
        if ((is_b && x == 30 && y == 200) || (!is_b && x == 40 && y == 200))
          biome = 1;       /* Lake: water in the placeholder profile */
        ms_test_put_u8 (p, biome);
      }
  ms_test_put_section (a, "BIOM", p->data, p->len);

  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&a));
  bp = ms_blueprint_new_for_bytes (bytes, is_b ? "b" : "a", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

static guint32
pixel (cairo_surface_t *s, guint col, guint row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  return ((const guint32 *) (gconstpointer) (data + (gsize) row * cairo_image_surface_get_stride (s)))[col] & 0xffffff;
}

static void
test_legend (void)
{
  g_autoptr(MsBlueprint) a = build (FALSE);
  g_autoptr(MsBlueprint) b = build (TRUE);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s = ms_diff_render (a, b, 0.5, 0, NULL, &error);
  guint32 white;

  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, N);

  /* The legend's colours (render/diff/ms-diff-renderer.c, README), to bytes by
   * hand: higher (0.85, 0.12, 0.10) → d9 1f 1a; lower (0.13, 0.30, 0.85);
   * hatch (0.75, 0, 0.75) → bf 00 bf; gained (0, 0.9, 0.9) → 00 e6 e6;
   * lost (1, 0.55, 0) → ff 8c 00. */
  white = pixel (s, 0, 0);
  g_assert_cmphex (white, ==, 0xffffff);
  /* +0.5 at scale 0.5 is full "higher"; column = x, row = y. */
  g_assert_cmphex (pixel (s, 15, 25), ==, 0xd91f1a);
  g_assert_cmphex (pixel (s, 25, 15), ==, white);
  /* −0.25 is halfway from white to "lower": (0.565, 0.65, 0.925). */
  g_assert_cmphex (pixel (s, 100, 105), ==, 0x90a6ec);
  g_assert_cmphex (pixel (s, 30, 200), ==, 0x00e6e6);
  g_assert_cmphex (pixel (s, 40, 200), ==, 0xff8c00);
  /* The changed biome: hatched only where (column + row) % 4 == 0. */
  g_assert_cmphex (pixel (s, 200, 52), ==, 0xbf00bf);  /* 252 % 4 == 0 */
  g_assert_cmphex (pixel (s, 201, 52), ==, white);     /* 253 % 4 == 1 */
  g_assert_cmphex (pixel (s, 196, 56), ==, white);     /* hatch row, but unchanged */
  cairo_surface_destroy (s);

  /* A map against itself is white everywhere. */
  s = ms_diff_render (a, a, 0.0, 64, NULL, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 64; r++)
    for (guint c = 0; c < 64; c++)
      g_assert_cmphex (pixel (s, c, r), ==, 0xffffff);
  cairo_surface_destroy (s);
}

static MsBlueprint *
demo (guint size, gint32 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (size, seed, &error);
  MsBlueprint *bp;

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

/* Tile (tx, ty) of @level against a plain loop over the documented rule:
 * each tile pixel is a 2^level block of grid pixels, each grid pixel (x, y)
 * map M's (⌊x·n/g⌋, ⌊y·n/g⌋); the block's mean Δ of finite pairs, any
 * changed biome, gained or lost water (WBID ≠ 0), coloured by the legend at
 * the image pixel's own position. */
static void
check_tile (MsBlueprint *a,
            MsBlueprint *b,
            double       scale,
            guint        level,
            guint        tx,
            guint        ty,
            guint        expect_width)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = ms_diff_render_tile (a, b, scale, level, tx, ty, NULL, &error);
  guint na = ms_blueprint_get_map_size (a), nb = ms_blueprint_get_map_size (b), g = MAX (na, nb);
  guint k = 1u << level;
  const guint8 *data;
  int stride;

  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, expect_width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, expect_width);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (guint j = 0; j < expect_width; j++)
    for (guint i = 0; i < expect_width; i++)
      {
        guint col = tx * MS_TILE_SIZE + i, row = ty * MS_TILE_SIZE + j;
        double sum = 0;
        guint64 finite = 0, gained = 0, lost = 0;
        gboolean changed = FALSE;
        MsRgb c;

        for (guint x = col * k; x < MIN ((col + 1) * k, g); x++)
          for (guint y = row * k; y < MIN ((row + 1) * k, g); y++)
            {
              guint xa = x * na / g, ya = y * na / g, xb = x * nb / g, yb = y * nb / g;
              float ha = ms_blueprint_get_height (a, xa, ya), hb = ms_blueprint_get_height (b, xb, yb);
              gboolean wa = ms_blueprint_get_water_id (a, xa, ya) != 0;
              gboolean wb = ms_blueprint_get_water_id (b, xb, yb) != 0;

              if (isfinite (ha) && isfinite (hb))
                {
                  sum += (double) hb - (double) ha;
                  finite++;
                }
              changed |= ms_blueprint_get_biome (a, xa, ya) != ms_blueprint_get_biome (b, xb, yb);
              gained += !wa && wb;
              lost += wa && !wb;
            }
        c = ms_diff_colour (col, row, finite ? sum / finite : 0.0, finite > 0, scale, changed, gained, lost);
        g_assert_cmphex (((const guint32 *) (gconstpointer) (data + (gsize) j * stride))[i], ==,
                         ms_colour_to_argb32 (c));
      }
  cairo_surface_destroy (surface);
}

static void
test_tiles (void)
{
  g_autoptr(MsBlueprint) a = demo (256, 7);
  g_autoptr(MsBlueprint) b = demo (384, 42);
  g_autoptr(GError) error = NULL;

  /* Grid 384: level 0 is 2 × 2 tiles, the far ones 128 wide; level 1 is
   * the top, one 192-pixel tile. */
  check_tile (a, b, 0.3, 0, 0, 0, 256);
  check_tile (a, b, 0.3, 0, 1, 1, 128);
  check_tile (a, b, 0.3, 1, 0, 0, 192);
  g_assert_null (ms_diff_render_tile (a, b, 0.3, 0, 2, 0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/diff/legend", test_legend);
  g_test_add_func ("/render/diff/tiles", test_tiles);
  return g_test_run ();
}
