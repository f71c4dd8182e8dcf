/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GL zone renderer against the CPU zone renderer: the same view drawn
 * both ways must agree within a small per-channel tolerance, for every zone
 * layer, at two levels and across tile seams.  And painting: an edit must
 * drop and re-upload exactly the tiles it touched — the expected set worked
 * out here from the changed rectangle by plain rectangle intersection, not
 * by the pyramid's own arithmetic — after which GL still agrees with a fresh
 * CPU image, and undo brings the first image back.  Runs on Mesa through
 * EGL, without a display.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "ms-demo-zone.h"
#include "ms-test-gl.h"
#include "ms-test-util.h"
#include "ms-zone-edit.h"
#include "ms-zone-gl-renderer.h"
#include "ms-zone-private.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-renderer.h"

#define TOLERANCE 2
#define ZONE_ID 7
#define SIZE 512
#define FB 512   /* one framebuffer; smaller views draw in its lower left */

/* ------------------------------------------------------------- helpers -- */

typedef struct
{
  char             *dir;
  MsZone           *zone;
  MsZonePyramid    *pyramid;
  MsZoneGlRenderer *renderer;
  MsTestGl         *gl;
  GArray           *invalidated;  /* MsTileKey, from "tiles-invalidated" */
  guint             n_signals;
  MsRect            changed;      /* the zone's last "changed" rectangle */
  guint             changed_layer;
} Fixture;

static void
on_tiles_invalidated (MsZonePyramid *pyramid,
                      GArray        *keys,
                      Fixture       *f)
{
  g_array_append_vals (f->invalidated, keys->data, keys->len);
  f->n_signals++;
}

static void
on_zone_changed (MsZone  *zone,
                 guint    layer,
                 guint    x,
                 guint    y,
                 guint    width,
                 guint    height,
                 Fixture *f)
{
  f->changed_layer = layer;
  f->changed = (MsRect) { x, y, width, height };
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  g_assert_true (ms_demo_zone_write (f->dir, ZONE_ID, SIZE, FALSE, &error));
  g_assert_no_error (error);
  f->zone = ms_zone_new_for_dir (f->dir, ZONE_ID, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (f->zone), ==, SIZE);

  f->pyramid = ms_zone_pyramid_new (f->zone, 256 << 20);
  g_assert_cmpuint (ms_zone_pyramid_get_top_level (f->pyramid), ==, 1);
  g_assert_cmphex (ms_zone_pyramid_get_fields (f->pyramid), ==, MS_ZONE_CELL_ALL);
  f->renderer = ms_zone_gl_renderer_new (f->pyramid, 256 << 20);
  f->gl = ms_test_gl_new (FB, FB);
  g_assert_true (ms_zone_gl_renderer_realize (f->renderer, &error));
  g_assert_no_error (error);

  f->invalidated = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  g_signal_connect (f->pyramid, "tiles-invalidated", G_CALLBACK (on_tiles_invalidated), f);
  g_signal_connect (f->zone, "changed", G_CALLBACK (on_zone_changed), f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  ms_zone_gl_renderer_unrealize (f->renderer);
  ms_test_gl_free (f->gl);
  g_clear_object (&f->renderer);
  g_clear_object (&f->pyramid);
  g_clear_object (&f->zone);
  g_array_unref (f->invalidated);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
}

static guint
max_channel_difference (guint32 a,
                        guint32 b)
{
  guint d = 0;

  for (guint shift = 0; shift < 24; shift += 8)
    {
      int ca = (a >> shift) & 0xff, cb = (b >> shift) & 0xff;
      d = MAX (d, (guint) ABS (ca - cb));
    }
  return d;
}

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

typedef struct
{
  MsZoneTile *tile;
  GError     *error;
  gboolean    done;
} AsyncResult;

static void
got_tile (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  AsyncResult *r = user_data;

  r->tile = ms_zone_pyramid_get_tile_finish (MS_ZONE_PYRAMID (source), result, &r->error);
  r->done = TRUE;
}

/* Uploads what the view lacks: on worker threads (@async), as a view
 * would, or here. */
static guint
upload_view (Fixture        *f,
             const MsGlView *view,
             gboolean        async)
{
  g_autoptr(GArray) missing = ms_zone_gl_renderer_get_missing (f->renderer, view);

  for (guint i = 0; i < missing->len; i++)
    {
      const MsTileKey *key = &g_array_index (missing, MsTileKey, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(MsZoneTile) tile = NULL;

      if (async)
        {
          AsyncResult r = { NULL, NULL, FALSE };

          ms_zone_pyramid_get_tile_async (f->pyramid, key, NULL, got_tile, &r);
          while (!r.done)
            g_main_context_iteration (NULL, TRUE);
          g_assert_no_error (r.error);
          tile = r.tile;
        }
      else
        {
          tile = ms_zone_pyramid_get_tile (f->pyramid, key, NULL, &error);
          g_assert_no_error (error);
        }
      g_assert_cmpuint (tile->grid_width, <=, MS_TILE_SIZE + 2);
      g_assert_cmpuint (tile->grid_height, <=, MS_TILE_SIZE + 2);
      ms_zone_gl_renderer_upload_tile (f->renderer, tile);
    }
  return missing->len;
}

static MsGlView
view_for (const MsRect *region,
          guint         k)
{
  return (MsGlView) { region->x, region->y, 1.0 / k, (int) (region->width / k),
                      (int) (region->height / k) };
}

/* Draws @view (uploading nothing) and returns its pixels, row 0 at the top. */
static guint32 *
draw_view (Fixture        *f,
           const MsGlView *view)
{
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *all = NULL;
  guint32 *pixels = g_new (guint32, (gsize) view->width * view->height);

  ms_test_gl_bind (f->gl);
  g_assert_true (ms_zone_gl_renderer_draw (f->renderer, view, &error));
  g_assert_no_error (error);
  all = ms_test_gl_read (f->gl);
  /* GL's viewport sits at the bottom left of the framebuffer. */
  for (int y = 0; y < view->height; y++)
    memcpy (pixels + (gsize) y * view->width, all + (gsize) (FB - view->height + y) * FB,
            (gsize) view->width * sizeof (guint32));
  return pixels;
}

static void
compare_with_cpu (Fixture           *f,
                  const MsZoneStyle *style,
                  const MsRect      *region,
                  guint              k,
                  gboolean           async,
                  const char        *what)
{
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *pixels = NULL;
  MsGlView view = view_for (region, k);
  cairo_surface_t *cpu;

  ms_zone_gl_renderer_set_style (f->renderer, style);
  upload_view (f, &view, async);
  pixels = draw_view (f, &view);

  cpu = ms_render_zone (f->zone, style, region, MAX (region->width, region->height) / k, NULL,
                        &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (cpu), ==, view.width);
  g_assert_cmpint (cairo_image_surface_get_height (cpu), ==, view.height);
  assert_agree (pixels, cpu, what);
  cairo_surface_destroy (cpu);
}

static gboolean
rects_meet (gint64 ax0, gint64 ay0, gint64 ax1, gint64 ay1,
            gint64 bx0, gint64 by0, gint64 bx1, gint64 by1)
{
  return ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1;
}

/* The tiles a change of @layer over @r must invalidate, by rectangle
 * intersection in zone tiles: a tile's own cells carry every field, so any
 * shown layer counts there — and altitude also one tile to the left and
 * above, whose slope reads the changed heights; its apron (one cell all
 * round) carries heights only, so only altitude counts there. */
static GArray *
expected_keys (Fixture      *f,
               guint         layer,
               const MsRect *r)
{
  GArray *keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  gboolean shown = layer == MS_ZONE_LAYER_ALTITUDE || layer == MS_ZONE_LAYER_CONTROL ||
                   layer == MS_ZONE_LAYER_BLOCKS || layer == MS_ZONE_LAYER_PLANTS;
  gboolean altitude = layer == MS_ZONE_LAYER_ALTITUDE;
  gint64 rx0 = r->x, ry0 = r->y, rx1 = (gint64) r->x + r->width, ry1 = (gint64) r->y + r->height;

  for (guint level = 0; shown && level <= 1; level++)
    {
      gint64 k = 1 << level, span = MS_TILE_SIZE * k;
      guint n = (SIZE + span - 1) / span;

      for (guint ty = 0; ty < n; ty++)
        for (guint tx = 0; tx < n; tx++)
          {
            MsTileKey key = { level, tx, ty };
            gint64 ox0 = tx * span, oy0 = ty * span;
            gint64 ox1 = MIN (ox0 + span, SIZE), oy1 = MIN (oy0 + span, SIZE);
            gboolean hit = rects_meet (ox0, oy0, ox1, oy1, rx0, ry0, rx1, ry1);

            if (altitude)
              hit = hit ||
                    rects_meet (ox0, oy0, ox1, oy1, rx0 - 1, ry0 - 1, rx1, ry1) ||
                    rects_meet (ox0 - k, oy0 - k, ox1 + k, oy1 + k, rx0, ry0, rx1, ry1);
            if (hit)
              g_array_append_val (keys, key);
          }
    }
  return keys;
}

static gint
compare_keys (gconstpointer a,
              gconstpointer b)
{
  const MsTileKey *ka = a, *kb = b;

  if (ka->level != kb->level)
    return ka->level < kb->level ? -1 : 1;
  if (ka->ty != kb->ty)
    return ka->ty < kb->ty ? -1 : 1;
  if (ka->tx != kb->tx)
    return ka->tx < kb->tx ? -1 : 1;
  return 0;
}

static void
assert_same_keys (GArray     *got,
                  GArray     *want,
                  const char *what)
{
  g_array_sort (got, compare_keys);
  g_array_sort (want, compare_keys);
  if (got->len != want->len ||
      memcmp (got->data, want->data, (gsize) got->len * sizeof (MsTileKey)) != 0)
    {
      g_autoptr(GString) s = g_string_new (NULL);

      g_string_append (s, "got");
      for (guint i = 0; i < got->len; i++)
        {
          const MsTileKey *k = &g_array_index (got, MsTileKey, i);
          g_string_append_printf (s, " %u/%u/%u", k->level, k->tx, k->ty);
        }
      g_string_append (s, "; want");
      for (guint i = 0; i < want->len; i++)
        {
          const MsTileKey *k = &g_array_index (want, MsTileKey, i);
          g_string_append_printf (s, " %u/%u/%u", k->level, k->tx, k->ty);
        }
      g_error ("%s: invalidated tiles differ: %s", what, s->str);
    }
}

static gboolean
contains_key (GArray          *keys,
              const MsTileKey *key)
{
  for (guint i = 0; i < keys->len; i++)
    if (compare_keys (&g_array_index (keys, MsTileKey, i), key) == 0)
      return TRUE;
  return FALSE;
}

static const MsRect whole = { 0, 0, SIZE, SIZE };

/* Uploads every tile of both levels and returns the upload count. */
static guint64
upload_all (Fixture *f)
{
  MsGlView level0 = view_for (&whole, 1), level1 = view_for (&whole, 2);

  upload_view (f, &level0, FALSE);
  upload_view (f, &level1, FALSE);
  g_assert_cmpuint (ms_zone_gl_renderer_get_n_textures (f->renderer), ==, 5);
  return ms_zone_gl_renderer_get_n_uploads (f->renderer);
}

/* The cells of @tile equal those of the same tile made from scratch by a
 * pyramid that never saw an edit: patching a cached tile where an edit fell
 * gives what reducing the whole tile again gives. */
static void
assert_like_fresh (Fixture          *f,
                   const MsZoneTile *tile,
                   const char       *what)
{
  g_autoptr(MsZonePyramid) fresh_pyramid = ms_zone_pyramid_new (f->zone, 256 << 20);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneTile) fresh = ms_zone_pyramid_get_tile (fresh_pyramid, &tile->key, NULL, &error);
  gsize n = (gsize) tile->grid_width * tile->grid_height;

  g_assert_no_error (error);
  g_assert_cmpuint (fresh->grid_width, ==, tile->grid_width);
  g_assert_cmpuint (fresh->grid_height, ==, tile->grid_height);
  for (gsize i = 0; i < n; i++)
    if (memcmp (&fresh->cells[i], &tile->cells[i], sizeof (MsZoneCell)) != 0)
      g_error ("%s: tile %u/%u/%u, cell (%" G_GSIZE_FORMAT ", %" G_GSIZE_FORMAT ") differs from a fresh one",
               what, tile->key.level, tile->key.tx, tile->key.ty, i % tile->grid_width, i / tile->grid_width);
}

/* After a small change: exactly the expected tiles were announced, turned
 * stale, were patched in the pyramid's cache to what a fresh reduction
 * gives, and are the only ones uploaded again. */
static void
check_invalidation (Fixture    *f,
                    const char *what)
{
  g_autoptr(GArray) want = expected_keys (f, f->changed_layer, &f->changed);
  MsGlView level0 = view_for (&whole, 1), level1 = view_for (&whole, 2);
  guint64 before = ms_zone_gl_renderer_get_n_uploads (f->renderer);
  guint reuploaded;

  g_assert_cmpuint (f->n_signals, ==, 1);
  assert_same_keys (f->invalidated, want, what);
  g_assert_cmpuint (ms_zone_pyramid_get_cached_tiles (f->pyramid), ==, 5);
  for (guint level = 0; level <= 1; level++)
    for (guint ty = 0; ty < 2u >> level; ty++)
      for (guint tx = 0; tx < 2u >> level; tx++)
        {
          MsTileKey key = { level, tx, ty };
          g_autoptr(MsZoneTile) cached = ms_zone_pyramid_lookup (f->pyramid, &key);
          gboolean hit = contains_key (want, &key);

          g_assert_nonnull (cached);
          g_assert_true (ms_zone_pyramid_is_current (f->pyramid, cached));
          if (hit)
            assert_like_fresh (f, cached, what);
          g_assert_true (ms_zone_gl_renderer_is_stale (f->renderer, &key) == hit);
        }

  reuploaded = upload_view (f, &level0, TRUE) + upload_view (f, &level1, FALSE);
  g_assert_cmpuint (reuploaded, ==, want->len);
  g_assert_cmpuint (ms_zone_gl_renderer_get_n_uploads (f->renderer) - before, ==, want->len);
  g_assert_cmpuint (ms_zone_gl_renderer_get_n_textures (f->renderer), ==, 5);

  g_array_set_size (f->invalidated, 0);
  f->n_signals = 0;
}

/* --------------------------------------------------------------- tests -- */

static void
test_agrees_with_cpu (Fixture       *f,
                      gconstpointer  data)
{
  MsRect seam = { 128, 64, 256, 256 };  /* across the four level-0 tiles */
  guint64 uploads = 0;

  for (guint layer = 0; layer < MS_N_ZONE_RENDER_LAYERS; layer++)
    {
      const char *name = ms_zone_render_layer_to_string (layer);
      g_autofree char *what0 = g_strdup_printf ("%s, level 0", name);
      g_autofree char *what1 = g_strdup_printf ("%s, level 1", name);
      g_autofree char *what2 = g_strdup_printf ("%s, seams", name);
      MsZoneStyle style;

      ms_zone_style_init (&style);
      style.layer = layer;
      compare_with_cpu (f, &style, &whole, 1, TRUE, what0);
      compare_with_cpu (f, &style, &whole, 2, TRUE, what1);
      compare_with_cpu (f, &style, &seam, 1, FALSE, what2);

      /* Every view draws from the same textures: one upload per tile. */
      if (layer == 0)
        uploads = ms_zone_gl_renderer_get_n_uploads (f->renderer);
      g_assert_cmpuint (uploads, ==, 5);
      g_assert_cmpuint (ms_zone_gl_renderer_get_n_uploads (f->renderer), ==, uploads);
    }

  /* Another light, flag mask, exaggeration and opacities reach the shader. */
  for (guint layer = 0; layer < MS_N_ZONE_RENDER_LAYERS; layer++)
    {
      g_autofree char *what = g_strdup_printf ("%s, other style",
                                               ms_zone_render_layer_to_string (layer));
      MsZoneStyle style;

      ms_zone_style_init (&style);
      style.layer = layer;
      ms_light_init (&style.light, 120.0f, 30.0f);
      if (layer == MS_ZONE_RENDER_LAYER_BLOCKS)
        style.flags = MS_ZONE_BLOCKING_OBSTACLE;
      else
        style.flags = MS_ZONE_CONTROL_HIGHWAY | MS_ZONE_CONTROL_ANTI_PLANT;
      style.exaggeration = 2.0f;
      style.shade_strength = 0.9f;
      style.overlay_opacity = 0.4f;
      compare_with_cpu (f, &style, &whole, 2, FALSE, what);
      compare_with_cpu (f, &style, &seam, 1, FALSE, what);
    }
}

/* How many pixels of two images of one size differ. */
static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  guint n = 0;

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, width);
  for (int y = 0; y < height; y++)
    {
      const guint32 *ra = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (a) +
                                                             (gsize) y * cairo_image_surface_get_stride (a));
      const guint32 *rb = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (b) +
                                                             (gsize) y * cairo_image_surface_get_stride (b));

      for (int x = 0; x < width; x++)
        n += ra[x] != rb[x];
    }
  return n;
}

/* Contour lines and the multidirectional light, on every layer: the
 * contours must show (the picture differs from the one without them), and
 * GL must draw them where the CPU does. */
static void
test_relief_agrees_with_cpu (Fixture       *f,
                             gconstpointer  data)
{
  MsRect seam = { 128, 64, 256, 256 };

  for (guint layer = 0; layer < MS_N_ZONE_RENDER_LAYERS; layer++)
    {
      g_autofree char *what = g_strdup_printf ("%s, contours and multidirectional light",
                                               ms_zone_render_layer_to_string (layer));
      g_autoptr(GError) error = NULL;
      MsZoneStyle style, plain;
      cairo_surface_t *with, *without;
      gboolean shaded = layer != MS_ZONE_RENDER_LAYER_SPAWN && layer != MS_ZONE_RENDER_LAYER_SLOPE;

      ms_zone_style_init (&style);
      style.layer = layer;
      style.light.multidirectional = TRUE;
      style.contour_interval = layer % 2 ? 0.75f : 2.5f;
      style.contour_opacity = layer % 3 ? 0.8f : 1.0f;
      compare_with_cpu (f, &style, &whole, 1, FALSE, what);
      compare_with_cpu (f, &style, &whole, 2, FALSE, what);
      compare_with_cpu (f, &style, &seam, 1, FALSE, what);

      plain = style;
      plain.contour_interval = 0.0f;
      with = ms_render_zone (f->zone, &style, &whole, 0, NULL, &error);
      g_assert_no_error (error);
      without = ms_render_zone (f->zone, &plain, &whole, 0, NULL, &error);
      g_assert_no_error (error);
      /* Spawn and slope are unshaded: no relief, no lines. */
      g_assert_true (shaded == (count_differences (with, without) > 0));
      cairo_surface_destroy (with);
      cairo_surface_destroy (without);
    }
}

/* The composite for several overlay sets, flag subsets, opacities and both
 * bases — drawn from the same five textures: toggling overlays, as the
 * painter does, uploads nothing. */
static void
test_overlays_agree_with_cpu (Fixture       *f,
                              gconstpointer  data)
{
  static const struct
  {
    MsZoneOverlays overlays;
    guint16        control_flags;
    guint8         blocking_flags;
    gboolean       tint;
  } sets[] = {
    { MS_ZONE_OVERLAY_NONE, G_MAXUINT16, G_MAXUINT8, TRUE },
    { MS_ZONE_OVERLAY_CONTROL, G_MAXUINT16, G_MAXUINT8, TRUE },
    { MS_ZONE_OVERLAY_CONTROL, MS_ZONE_CONTROL_ANTI_PLANT | MS_ZONE_CONTROL_PBS_HIGHWAY,
      G_MAXUINT8, FALSE },
    { MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_CONTROL, G_MAXUINT16, G_MAXUINT8, TRUE },
    { MS_ZONE_OVERLAY_SLOPE | MS_ZONE_OVERLAY_BLOCKS, G_MAXUINT16, MS_ZONE_BLOCKING_OBSTACLE, TRUE },
    { MS_ZONE_OVERLAY_PLANTS | MS_ZONE_OVERLAY_PLANT_ALLOWED, G_MAXUINT16, G_MAXUINT8, FALSE },
    { MS_ZONE_OVERLAY_ALL, G_MAXUINT16, G_MAXUINT8, TRUE },
    { MS_ZONE_OVERLAY_ALL, MS_ZONE_CONTROL_HIGHWAY, MS_ZONE_BLOCKING_PLANT, FALSE },
  };
  MsRect seam = { 128, 64, 256, 256 };

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *what = g_strdup_printf ("overlays set %u", i);
      MsZoneStyle style;

      ms_zone_style_init (&style);
      style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
      style.overlays = sets[i].overlays;
      style.control_flags = sets[i].control_flags;
      style.blocking_flags = sets[i].blocking_flags;
      style.tint_altitude = sets[i].tint;
      compare_with_cpu (f, &style, &whole, 1, TRUE, what);
      compare_with_cpu (f, &style, &whole, 2, FALSE, what);
      compare_with_cpu (f, &style, &seam, 1, FALSE, what);

      /* Unequal opacities and another light reach the shader too. */
      for (guint o = 0; o < MS_ZONE_N_OVERLAYS; o++)
        style.overlay_opacities[o] = 0.15f + 0.15f * o;
      ms_light_init (&style.light, 120.0f, 30.0f);
      style.shade_strength = 0.9f;
      compare_with_cpu (f, &style, &whole, 2, FALSE, what);
      compare_with_cpu (f, &style, &seam, 1, FALSE, what);
    }
  g_assert_cmpuint (ms_zone_gl_renderer_get_n_uploads (f->renderer), ==, 5);
}

/* A zone with only control and blocks: the composite draws on both paths,
 * over flat grey, leaving out what the zone lacks. */
static void
test_overlays_missing_layers (Fixture       *f,
                              gconstpointer  data)
{
  static const MsZoneLayer gone[] = { MS_ZONE_LAYER_ALTITUDE, MS_ZONE_LAYER_PLANTS };
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(GError) error = NULL;
  MsZoneStyle style;

  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *name = ms_zone_layer_filename (gone[i], ZONE_ID);
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  zone = ms_zone_new_for_dir (f->dir, ZONE_ID, SIZE, SIZE, NULL, &error);
  g_assert_no_error (error);

  /* Swap the fixture's zone for this one; tear-down frees it. */
  ms_zone_gl_renderer_unrealize (f->renderer);
  g_clear_object (&f->renderer);
  g_clear_object (&f->pyramid);
  g_clear_object (&f->zone);
  f->zone = g_steal_pointer (&zone);
  f->pyramid = ms_zone_pyramid_new (f->zone, 256 << 20);
  g_assert_cmphex (ms_zone_pyramid_get_fields (f->pyramid), ==,
                   MS_ZONE_CELL_CONTROL | MS_ZONE_CELL_PLANT_ALLOWED | MS_ZONE_CELL_BLOCKING);
  f->renderer = ms_zone_gl_renderer_new (f->pyramid, 256 << 20);
  ms_test_gl_bind (f->gl);
  g_assert_true (ms_zone_gl_renderer_realize (f->renderer, &error));
  g_assert_no_error (error);

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  style.overlays = MS_ZONE_OVERLAY_ALL;
  compare_with_cpu (f, &style, &whole, 1, FALSE, "overlays without altitude and plants");
  style.overlays = MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_SLOPE | MS_ZONE_OVERLAY_PLANTS;
  compare_with_cpu (f, &style, &whole, 2, FALSE, "only missing overlays");

  /* The single views still refuse. */
  style.layer = MS_ZONE_RENDER_LAYER_SPAWN;
  ms_zone_gl_renderer_set_style (f->renderer, &style);
  {
    MsGlView view = view_for (&whole, 2);

    g_assert_false (ms_zone_gl_renderer_draw (f->renderer, &view, &error));
    g_assert_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER);
  }
}

static void
edit_and_check (Fixture           *f,
                const MsZoneOp    *op,
                const MsRect      *rect,
                MsZoneRenderLayer  shown,
                const char        *what)
{
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, rect->x, rect->y,
                                                            rect->width, rect->height);
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *before0 = NULL, *before1 = NULL, *after0 = NULL, *after1 = NULL;
  g_autofree char *what_undo = g_strdup_printf ("%s, undone", what);
  MsGlView level0 = view_for (&whole, 1), level1 = view_for (&whole, 2);
  MsZoneStyle style;

  ms_zone_style_init (&style);
  style.layer = shown;
  compare_with_cpu (f, &style, &whole, 1, FALSE, what);
  before0 = draw_view (f, &level0);
  before1 = draw_view (f, &level1);

  g_assert_true (ms_zone_apply (f->zone, op, region, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (f->changed.x, ==, rect->x);
  g_assert_cmpuint (f->changed.width, ==, rect->width);
  check_invalidation (f, what);

  /* The redrawn image shows the edit, as a fresh CPU image does. */
  compare_with_cpu (f, &style, &whole, 1, FALSE, what);
  compare_with_cpu (f, &style, &whole, 2, FALSE, what);
  after0 = draw_view (f, &level0);
  after1 = draw_view (f, &level1);
  g_assert_true (memcmp (before0, after0, (gsize) level0.width * level0.height * 4) != 0);

  /* Undo restores whole chunks: a larger rectangle, the same rule. */
  g_assert_true (ms_zone_undo (f->zone));
  check_invalidation (f, what_undo);
  g_free (after0);
  g_free (after1);
  after0 = draw_view (f, &level0);
  after1 = draw_view (f, &level1);
  g_assert_true (memcmp (before0, after0, (gsize) level0.width * level0.height * 4) == 0);
  g_assert_true (memcmp (before1, after1, (gsize) level1.width * level1.height * 4) == 0);
  compare_with_cpu (f, &style, &whole, 1, FALSE, what_undo);
}

static void
test_edit_reuploads_touched_tiles (Fixture       *f,
                                   gconstpointer  data)
{
  MsZoneOp anti_plant = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ANTI_PLANT, 0, 0.0 };
  MsZoneOp sterile = { MS_ZONE_OP_SET_SPAWN, 0, 0, 0.0 };
  /* Across the vertical level-0 seam at x = 256. */
  MsRect across = { 250, 100, 12, 10 };
  /* In tile 0/0/0 only, but inside tile 0/1/0's apron (x = 255). */
  MsRect beside = { 248, 300, 8, 8 };
  MsRect inside = { 40, 40, 5, 5 };

  upload_all (f);
  edit_and_check (f, &anti_plant, &across, MS_ZONE_RENDER_LAYER_CONTROL, "AntiPlant across a seam");
  g_assert_cmpuint (f->changed_layer, ==, MS_ZONE_LAYER_CONTROL);
  edit_and_check (f, &anti_plant, &beside, MS_ZONE_RENDER_LAYER_PLANT_ALLOWED,
                  "AntiPlant beside a seam");
  edit_and_check (f, &sterile, &inside, MS_ZONE_RENDER_LAYER_SPAWN, "sterile spawn");
  g_assert_cmpuint (f->changed_layer, ==, MS_ZONE_LAYER_PLANTS);
}

/* No operation edits altitude yet, so the zone's signal is raised by hand:
 * the pyramid's rule for heights (apron neighbours, slope to the left and
 * above) against the rectangles worked out here. */
static void
test_altitude_apron (Fixture       *f,
                     gconstpointer  data)
{
  static const MsRect rects[] = {
    { 100, 100, 1, 1 },   /* inside one tile */
    { 256, 300, 1, 1 },   /* first column of 0/1/1: 0/0/1's apron and slope */
    { 300, 255, 1, 1 },   /* last row of 0/1/0: 0/1/1's apron */
    { 255, 255, 2, 2 },   /* the corner of all four */
    { 0, 0, 1, 1 },
    { 511, 511, 1, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rects); i++)
    {
      g_autofree char *what = g_strdup_printf ("altitude at %u,%u", rects[i].x, rects[i].y);

      upload_all (f);
      g_signal_emit_by_name (f->zone, "changed", (guint) MS_ZONE_LAYER_ALTITUDE, rects[i].x,
                             rects[i].y, rects[i].width, rects[i].height);
      check_invalidation (f, what);
    }

  /* Layers no view shows invalidate nothing. */
  g_signal_emit_by_name (f->zone, "changed", (guint) MS_ZONE_LAYER_ALTITUDE_BLEND,
                         0u, 0u, 512u, 512u);
  g_assert_cmpuint (f->n_signals, ==, 0);
  g_assert_cmpuint (ms_zone_pyramid_get_cached_tiles (f->pyramid), ==, 5);
}

/* Heights written for real (what a recovered journal does): the patched
 * tiles' heights, aprons and slopes equal a fresh reduction; an edit over
 * most of the zone drops the tiles instead of patching them on the
 * editing thread. */
static void
test_patch_altitude_and_large_edits (Fixture       *f,
                                     gconstpointer  data)
{
  static const guint corners[][2] = { { 100, 100 }, { 256, 300 }, { 300, 255 }, { 255, 255 }, { 0, 0 }, { 511, 511 } };
  g_autoptr(MsZoneRegion) most = ms_zone_region_new_rect (SIZE, SIZE, 0, 0, SIZE, SIZE - 8);
  MsZoneOp anti_plant = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ANTI_PLANT, 0, 0.0 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      g_autofree char *what = g_strdup_printf ("altitude written at %u,%u", corners[i][0], corners[i][1]);
      guint32 index[4];
      guint8 values[8];
      guint n = 0;

      upload_all (f);
      /* A 2×2 bump (clipped at the far edge), high enough to change slopes. */
      for (guint dy = 0; dy < 2; dy++)
        for (guint dx = 0; dx < 2; dx++)
          if (corners[i][0] + dx < SIZE && corners[i][1] + dy < SIZE)
            {
              guint16 v = (guint16) (60000 - 1000 * n);

              index[n] = (corners[i][1] + dy) * SIZE + corners[i][0] + dx;
              values[2 * n] = v & 0xff;
              values[2 * n + 1] = v >> 8;
              n++;
            }
      _ms_zone_write_tiles (f->zone, MS_ZONE_LAYER_ALTITUDE, n, index, values);
      g_assert_cmpuint (f->changed_layer, ==, MS_ZONE_LAYER_ALTITUDE);
      check_invalidation (f, what);
    }

  /* Most of the zone: every tile is dropped and made again on request. */
  upload_all (f);
  g_assert_true (ms_zone_apply (f->zone, &anti_plant, most, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_pyramid_get_cached_tiles (f->pyramid), ==, 0);
  for (guint level = 0; level <= 1; level++)
    {
      MsTileKey key = { level, 0, 0 };
      g_autoptr(MsZoneTile) made = ms_zone_pyramid_get_tile (f->pyramid, &key, NULL, &error);

      g_assert_no_error (error);
      assert_like_fresh (f, made, "after a large edit");
    }
}

/* A tile asked for before an edit and delivered after it must not pass for
 * current: it is drawn, but asked for again. */
static void
test_overtaken_tile (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (SIZE, SIZE, 10, 10, 4, 4);
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0.0 };
  MsTileKey key = { 0, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneTile) old = ms_zone_pyramid_get_tile (f->pyramid, &key, NULL, &error);
  g_autoptr(MsZoneTile) fresh = NULL;
  g_autoptr(GArray) missing = NULL;
  MsGlView level0 = view_for (&whole, 1);

  g_assert_no_error (error);
  g_assert_true (ms_zone_pyramid_is_current (f->pyramid, old));
  g_assert_true (ms_zone_apply (f->zone, &op, region, &error));
  g_assert_false (ms_zone_pyramid_is_current (f->pyramid, old));

  ms_zone_gl_renderer_upload_tile (f->renderer, old);
  g_assert_true (ms_zone_gl_renderer_is_stale (f->renderer, &key));
  missing = ms_zone_gl_renderer_get_missing (f->renderer, &level0);
  g_assert_cmpuint (missing->len, ==, 4);  /* the stale one and three never uploaded */

  fresh = ms_zone_pyramid_get_tile (f->pyramid, &key, NULL, &error);
  g_assert_true (fresh != old);
  g_assert_true (ms_zone_pyramid_is_current (f->pyramid, fresh));
  ms_zone_gl_renderer_upload_tile (f->renderer, fresh);
  g_assert_false (ms_zone_gl_renderer_is_stale (f->renderer, &key));
}

static void
test_budgets (Fixture       *f,
              gconstpointer  data)
{
  gsize cells = 258 * 258;
  /* Room for two tiles in the pyramid and two pairs of textures. */
  g_autoptr(MsZonePyramid) small =
    ms_zone_pyramid_new (f->zone, 2 * cells * sizeof (MsZoneCell) + 1024);
  g_autoptr(MsZoneGlRenderer) renderer = ms_zone_gl_renderer_new (small, 2 * cells * 24);
  g_autoptr(GError) error = NULL;

  g_assert_true (ms_zone_gl_renderer_realize (renderer, &error));
  for (guint i = 0; i < 4; i++)
    {
      MsTileKey key = { 0, i % 2, i / 2 };
      g_autoptr(MsZoneTile) tile = ms_zone_pyramid_get_tile (small, &key, NULL, &error);

      g_assert_no_error (error);
      ms_zone_gl_renderer_upload_tile (renderer, tile);
      g_assert_cmpuint (ms_zone_pyramid_get_cached_tiles (small), <=, 2);
      g_assert_cmpuint (ms_zone_gl_renderer_get_n_textures (renderer), <=, 2);
    }
  g_assert_cmpuint (ms_zone_gl_renderer_get_n_uploads (renderer), ==, 4);

  {
    MsTileKey bad = { 2, 0, 0 };
    g_autoptr(MsZoneTile) none = ms_zone_pyramid_get_tile (small, &bad, NULL, &error);

    g_assert_null (none);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
  ms_zone_gl_renderer_unrealize (renderer);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add ("/render/zone-gl/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("agrees-with-cpu", test_agrees_with_cpu);
  ADD ("overlays-agree-with-cpu", test_overlays_agree_with_cpu);
  ADD ("relief-agrees-with-cpu", test_relief_agrees_with_cpu);
  ADD ("overlays-missing-layers", test_overlays_missing_layers);
  ADD ("edit-reuploads-touched-tiles", test_edit_reuploads_touched_tiles);
  ADD ("altitude-apron", test_altitude_apron);
  ADD ("overtaken-tile", test_overtaken_tile);
  ADD ("patch-altitude-and-large-edits", test_patch_altitude_and_large_edits);
  ADD ("budgets", test_budgets);
#undef ADD
  return g_test_run ();
}
