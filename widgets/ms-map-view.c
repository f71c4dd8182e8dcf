/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map view: a blueprint drawn from its tile pyramid, with OpenGL when it
 * can and with CPU tiles when it cannot.
 *
 * GL: a GtkGLArea child owns the context; MsGlRenderer uploads tiles and
 * colours them in a shader.  If the context cannot be made, the shaders do
 * not build, or a draw fails (a lost context, say), the GL area is removed
 * and the same tiles are coloured by the CPU colour model into textures —
 * the view never shows a black rectangle, and says why it fell back.
 *
 * Tiles are made on worker threads (MsBlueprintPyramid) and arrive in the
 * main loop; until a tile is there the nearest coarser one stands in.
 *
 * Instead of a blueprint the view can show the difference of two
 * (ms_map_view_set_difference): the same levels and tiles, from an
 * MsDiffPyramid, always as CPU textures (they are colours already), with
 * map coordinates the comparison grid's pixels.
 */
#define G_LOG_DOMAIN "ms-map-view"

#include "config.h"

#include <math.h>

#include "ms-blueprint-pyramid.h"
#include "ms-diff-pyramid.h"
#include "ms-gl-fallback.h"
#include "ms-gl-renderer.h"
#include "ms-map-view.h"
#include "ms-tile-view-queue.h"
#include "ms-tile-view-util.h"
#include "ms-view-gestures.h"

#define PYRAMID_BUDGET   (256u << 20)
#define TEXTURE_BUDGET   (192u << 20)
#define CPU_TILE_BUDGET  (128u << 20)

struct _MsMapView
{
  GtkWidget           parent_instance;

  MsBlueprint        *blueprint;
  MsBlueprintPyramid *pyramid;
  MsViewport         *viewport;
  MsBlueprintStyle    style;

  GtkWidget          *gl_area;      /* gl's; NULL once fallen back to the CPU */
  MsGlRenderer       *gl_renderer;
  MsGlFallback       *gl;

  MsTileViewQueue    *tiles;        /* of MsBlueprintTile */
  MsDiffPyramid      *diff;         /* showing a difference, not a blueprint */
  MsTileViewQueue    *diff_tiles;   /* of MsDiffTile */
  GHashTable         *cpu_tiles;    /* packed key -> GdkTexture */
  GQueue              cpu_lru;      /* guint64* packed keys, most recent first */

  gboolean            traced_first;   /* startup trace: a picture shown */
  gboolean            traced_whole;   /* ... with every tile at its level */
  gboolean            has_highlight;
  MsRect              highlight;

  MsMapViewMarkFunc   mark_func;
  gpointer            mark_data;
  GDestroyNotify      mark_destroy;
  cairo_surface_t    *marks;        /* A8, cached for marks_rect */
  MsRect              marks_rect;

  MsViewGestures     *gestures;
};

enum
{
  PROP_0,
  PROP_BLUEPRINT,
  PROP_USING_GL,
  PROP_RENDERER_PROBLEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsMapView, ms_map_view, GTK_TYPE_WIDGET)

static void request_visible_tiles (MsMapView *self);

/* ------------------------------------------------------------ view math --- */

/* GL draws blueprints; a difference is colours already, drawn as textures. */
static gboolean
use_gl (MsMapView *self)
{
  return self->gl_area != NULL && self->diff == NULL;
}

static gboolean
has_picture (MsMapView *self)
{
  return self->pyramid != NULL || self->diff != NULL;
}

static MsTileViewQueue *
current_queue (MsMapView *self)
{
  return self->diff != NULL ? self->diff_tiles : self->tiles;
}

static guint
top_level (MsMapView *self)
{
  return self->diff != NULL ? ms_diff_pyramid_get_top_level (self->diff)
                            : ms_blueprint_pyramid_get_top_level (self->pyramid);
}

static guint
map_size (MsMapView *self)
{
  return self->diff != NULL ? ms_diff_pyramid_get_grid_size (self->diff)
                            : ms_blueprint_get_map_size (self->blueprint);
}

static guint
level_for_zoom (MsMapView *self,
                double     zoom)
{
  return ms_tile_level_for_zoom (top_level (self), zoom);
}

static void
visible_tiles (MsMapView *self,
               guint      level,
               guint     *tx0,
               guint     *ty0,
               guint     *tx1,
               guint     *ty1)
{
  double x0, y0, x1, y1;
  guint nx, ny;

  ms_tile_view_get_visible (GTK_WIDGET (self), self->viewport, &x0, &y0, &x1, &y1);
  if (self->diff != NULL)
    ms_diff_pyramid_get_tile_grid (self->diff, level, &nx, &ny);
  else
    ms_blueprint_pyramid_get_tile_grid (self->pyramid, level, &nx, &ny);
  ms_tile_visible_range (nx, ny, level, x0, y0, x1, y1, tx0, ty0, tx1, ty1);
}

/* ---------------------------------------------------------------- tiles --- */

static GdkTexture *
colour_tile (MsMapView       *self,
             MsBlueprintTile *tile)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize stride = (gsize) tile->width * 4;
  guint32 *pixels = g_malloc (stride * tile->height);

  ms_blueprint_colour_grid (self->blueprint, &self->style, &tile->grid, pixels, (int) tile->width, NULL);
  bytes = g_bytes_new_take (pixels, stride * tile->height);
  /* ARGB32 in native order is B8G8R8A8 premultiplied on little-endian. */
  return gdk_memory_texture_new ((int) tile->width, (int) tile->height,
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

static void
cpu_tiles_insert (MsMapView       *self,
                  const MsTileKey *key,
                  GdkTexture      *texture)
{
  guint64 packed = ms_tile_key_pack (key);
  gsize bytes_each = (gsize) (MS_TILE_SIZE * MS_TILE_SIZE * 4);

  if (!g_hash_table_contains (self->cpu_tiles, &packed))
    g_queue_push_head (&self->cpu_lru, g_memdup2 (&packed, sizeof packed));
  g_hash_table_insert (self->cpu_tiles, g_memdup2 (&packed, sizeof packed), g_object_ref (texture));

  while (self->cpu_lru.length * bytes_each > CPU_TILE_BUDGET && self->cpu_lru.length > 1)
    {
      g_autofree guint64 *old = g_queue_pop_tail (&self->cpu_lru);
      g_hash_table_remove (self->cpu_tiles, old);
    }
}

static void
tile_arrived (gpointer tile,
              gpointer user_data)
{
  MsMapView *self = user_data;

  if (self->gl_area != NULL)
    {
      ms_tile_view_queue_push_upload (self->tiles, tile);
      gtk_gl_area_queue_render (GTK_GL_AREA (self->gl_area));
    }
  else
    {
      g_autoptr(GdkTexture) texture = colour_tile (self, tile);
      cpu_tiles_insert (self, &((MsBlueprintTile *) tile)->key, texture);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static const MsTileViewSource tile_source = {
  "map tile",
  (MsTileViewGetTile) ms_blueprint_pyramid_get_tile_async,
  (MsTileViewGetTileFinish) ms_blueprint_pyramid_get_tile_finish,
  (MsTileViewTileRef) ms_blueprint_tile_ref,
  (GDestroyNotify) ms_blueprint_tile_unref,
};

static void
diff_tile_arrived (gpointer tile,
                   gpointer user_data)
{
  MsMapView *self = user_data;
  MsDiffTile *t = tile;
  cairo_surface_t *surface = t->surface;
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  gsize stride = (gsize) cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                                        stride * (gsize) height,
                                                        (GDestroyNotify) cairo_surface_destroy,
                                                        cairo_surface_reference (surface));
  g_autoptr(GdkTexture) texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);

  /* Kept with the texture, for crisp pixels when magnified. */
  g_object_set_data_full (G_OBJECT (texture), "ms-surface", cairo_surface_reference (surface),
                          (GDestroyNotify) cairo_surface_destroy);
  cpu_tiles_insert (self, &t->key, texture);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static const MsTileViewSource diff_tile_source = {
  "difference tile",
  (MsTileViewGetTile) ms_diff_pyramid_get_tile_async,
  (MsTileViewGetTileFinish) ms_diff_pyramid_get_tile_finish,
  (MsTileViewTileRef) ms_diff_tile_ref,
  (GDestroyNotify) ms_diff_tile_unref,
};

static gboolean
tile_is_drawable (MsMapView       *self,
                  const MsTileKey *key,
                  GArray          *missing_gl)
{
  guint64 packed = ms_tile_key_pack (key);

  if (use_gl (self))
    {
      for (guint i = 0; i < missing_gl->len; i++)
        if (ms_tile_key_pack (&g_array_index (missing_gl, MsTileKey, i)) == packed)
          return FALSE;
      return TRUE;
    }
  return g_hash_table_contains (self->cpu_tiles, &packed);
}

/* For bench/app-startup: when the first picture of a map, and the first
 * with every visible tile at the view's own level, reached the screen
 * (G_MESSAGES_DEBUG=ms-map-view; wall-clock µs, to compare with the
 * launch).  Once per map. */
static void
trace_picture (MsMapView *self,
               gboolean   whole)
{
  if (!self->traced_first)
    {
      self->traced_first = TRUE;
      g_debug ("startup: first picture at %" G_GINT64_FORMAT " µs", g_get_real_time ());
    }
  if (whole && !self->traced_whole)
    {
      self->traced_whole = TRUE;
      g_debug ("startup: whole picture at %" G_GINT64_FORMAT " µs", g_get_real_time ());
    }
}

static void
request_visible_tiles (MsMapView *self)
{
  g_autoptr(GArray) missing_gl = NULL;
  guint level, tx0, ty0, tx1, ty1;

  if (!has_picture (self) || gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    return;

  level = level_for_zoom (self, ms_viewport_get_zoom (self->viewport) *
                                gtk_widget_get_scale_factor (GTK_WIDGET (self)));
  if (use_gl (self) && self->gl_renderer != NULL)
    {
      MsGlView view = ms_tile_view_current_view (GTK_WIDGET (self), self->viewport);
      missing_gl = ms_gl_renderer_get_missing (self->gl_renderer, &view);
    }
  else
    {
      missing_gl = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
    }

  visible_tiles (self, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };

        if (!tile_is_drawable (self, &key, missing_gl))
          ms_tile_view_queue_request (current_queue (self), &key);
      }

  /* The whole map's coarsest tile stands in for anything not there yet. */
  {
    MsTileKey top = { top_level (self), 0, 0 };
    guint64 packed = ms_tile_key_pack (&top);

    if (level != top.level &&
        !(!use_gl (self) && g_hash_table_contains (self->cpu_tiles, &packed)) &&
        (!use_gl (self) || self->gl_renderer == NULL ||
         ms_gl_renderer_get_n_textures (self->gl_renderer) == 0))
      ms_tile_view_queue_request (current_queue (self), &top);
  }
}

static void
reset_tiles (MsMapView *self)
{
  ms_tile_view_queue_reset (self->tiles);
  ms_tile_view_queue_reset (self->diff_tiles);
  g_hash_table_remove_all (self->cpu_tiles);
  g_queue_clear_full (&self->cpu_lru, g_free);
}

/* ------------------------------------------------------------ fallback --- */

static void
on_fell_back (MsMapView *self)
{
  /* The helper unparented the area; the GL objects went with it. */
  self->gl_area = NULL;
  ms_tile_view_queue_forget (self->tiles);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USING_GL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RENDERER_PROBLEM]);
  request_visible_tiles (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ensure_gl_renderer (MsMapView *self)
{
  g_autoptr(GError) error = NULL;

  if (self->gl_renderer != NULL || self->pyramid == NULL || !ms_tile_view_gl_make_current (self->gl_area))
    return;

  self->gl_renderer = ms_gl_renderer_new (self->pyramid, TEXTURE_BUDGET);
  if (!ms_gl_renderer_realize (self->gl_renderer, &error))
    {
      g_clear_object (&self->gl_renderer);
      gtk_gl_area_set_error (GTK_GL_AREA (self->gl_area), error);
      ms_gl_fallback_fail (self->gl, error->message);
      return;
    }
  ms_gl_renderer_set_style (self->gl_renderer, &self->style);
}

static void
on_gl_realize (GtkGLArea *area,
               MsMapView *self)
{
  if (ms_tile_view_gl_realize_ok (area, self->gl))
    ensure_gl_renderer (self);
}

static void
on_gl_unrealize (GtkGLArea *area,
                 MsMapView *self)
{
  if (self->gl_renderer == NULL)
    return;

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL)
    ms_gl_renderer_unrealize (self->gl_renderer);
  g_clear_object (&self->gl_renderer);
}

static gboolean
on_gl_render (GtkGLArea    *area,
              GdkGLContext *context,
              MsMapView    *self)
{
  g_autoptr(GError) error = NULL;
  MsGlView view;

  ensure_gl_renderer (self);
  if (self->gl_renderer == NULL)
    {
      ms_tile_view_gl_clear ();
      return TRUE;
    }

  ms_tile_view_queue_flush_uploads (self->tiles, (MsTileViewUpload) ms_gl_renderer_upload_tile,
                                    self->gl_renderer);

  view = ms_tile_view_current_view (GTK_WIDGET (self), self->viewport);
  if (!ms_gl_renderer_draw (self->gl_renderer, &view, &error))
    {
      ms_gl_fallback_fail (self->gl, error->message);
      return TRUE;
    }
  /* Only until the whole picture was traced: not a list per frame after. */
  if (!self->traced_whole && ms_gl_renderer_get_n_textures (self->gl_renderer) > 0)
    {
      g_autoptr(GArray) missing = ms_gl_renderer_get_missing (self->gl_renderer, &view);
      trace_picture (self, missing->len == 0);
    }

  request_visible_tiles (self);
  return TRUE;
}

/* ------------------------------------------------------------- drawing --- */

static void
snapshot_cpu (MsMapView   *self,
              GtkSnapshot *snapshot)
{
  double zoom = ms_viewport_get_zoom (self->viewport);
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  guint n = map_size (self);
  guint level = level_for_zoom (self, zoom * scale);
  guint top = top_level (self);
  guint tx0, ty0, tx1, ty1;
  /* Textures are filtered smoothly; a difference's hatching and its
   * one-pixel changes stay crisp, drawn nearest, once magnified. */
  gboolean sharp = self->diff != NULL && zoom * scale > 1.0 + 1e-9;
  guint n_drawn = 0, n_own = 0, n_wanted = 0;

  visible_tiles (self, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        GdkTexture *texture = NULL;
        MsTileKey key = { level, tx, ty };
        guint up;

        for (up = level; texture == NULL && up <= top; up++)
          {
            MsTileKey k = { up, tx >> (up - level), ty >> (up - level) };
            guint64 packed = ms_tile_key_pack (&k);
            texture = g_hash_table_lookup (self->cpu_tiles, &packed);
            key = k;
          }
        n_wanted++;
        if (texture == NULL)
          continue;
        n_drawn++;
        n_own += key.level == level;

        {
          /* The whole stand-in tile, clipped to this tile's area. */
          double k = ldexp (1.0, (int) key.level);
          double mx = (double) key.tx * MS_TILE_SIZE * k, my = (double) key.ty * MS_TILE_SIZE * k;
          double cx = (double) tx * MS_TILE_SIZE * ldexp (1.0, (int) level);
          double cy = (double) ty * MS_TILE_SIZE * ldexp (1.0, (int) level);
          double cspan = MIN ((double) MS_TILE_SIZE * ldexp (1.0, (int) level), (double) n);
          double sx, sy, ex, ey, csx, csy, cex, cey;

          ms_viewport_map_to_screen (self->viewport, mx, my, &sx, &sy);
          ms_viewport_map_to_screen (self->viewport, mx + gdk_texture_get_width (texture) * k,
                                     my + gdk_texture_get_height (texture) * k, &ex, &ey);
          ms_viewport_map_to_screen (self->viewport, cx, cy, &csx, &csy);
          ms_viewport_map_to_screen (self->viewport, cx + cspan, cy + cspan, &cex, &cey);

          if (sharp && g_object_get_data (G_OBJECT (texture), "ms-surface") != NULL)
            {
              cairo_surface_t *surface = g_object_get_data (G_OBJECT (texture), "ms-surface");
              /* Whole screen pixels, rounded alike by neighbours (no seams), and
               * only the visible part: a cairo node is as large as its bounds
               * and is drawn shifted when they are fractional. */
              double bx0 = round (MAX (MAX (sx, csx), 0.0)), by0 = round (MAX (MAX (sy, csy), 0.0));
              double bx1 = round (MIN (MIN (ex, cex), (double) gtk_widget_get_width (GTK_WIDGET (self))));
              double by1 = round (MIN (MIN (ey, cey), (double) gtk_widget_get_height (GTK_WIDGET (self))));
              cairo_t *cr;

              if (bx1 > bx0 && by1 > by0)
                {
                  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) bx0, (float) by0,
                                                                                 (float) (bx1 - bx0),
                                                                                 (float) (by1 - by0)));
                  cairo_translate (cr, sx, sy);
                  cairo_scale (cr, (ex - sx) / gdk_texture_get_width (texture),
                               (ey - sy) / gdk_texture_get_height (texture));
                  cairo_set_source_surface (cr, surface, 0, 0);
                  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
                  /* A pixel centre exactly on the tile's edge samples the edge,
                   * not nothing: no one-pixel seam when the edge falls on .5. */
                  cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
                  cairo_paint (cr);
                  cairo_destroy (cr);
                }
            }
          else
            {
              gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT ((float) csx, (float) csy,
                                                                     (float) (cex - csx), (float) (cey - csy)));
              gtk_snapshot_append_texture (snapshot, texture,
                                           &GRAPHENE_RECT_INIT ((float) sx, (float) sy,
                                                                (float) (ex - sx), (float) (ey - sy)));
              gtk_snapshot_pop (snapshot);
            }
        }
      }
  if (n_drawn > 0 && !self->traced_whole)
    trace_picture (self, n_own == n_wanted);
}

#define MAX_MARKED_PIXELS (1024 * 1024)

static void
snapshot_marks (MsMapView   *self,
                GtkSnapshot *snapshot)
{
  guint n = map_size (self);
  double x0, y0, x1, y1, sx, sy;
  MsRect rect;
  cairo_t *cr;

  ms_tile_view_get_visible (GTK_WIDGET (self), self->viewport, &x0, &y0, &x1, &y1);
  x0 = CLAMP (floor (x0), 0, n);
  y0 = CLAMP (floor (y0), 0, n);
  x1 = CLAMP (ceil (x1), 0, n);
  y1 = CLAMP (ceil (y1), 0, n);
  if (x1 <= x0 || y1 <= y0 || (x1 - x0) * (y1 - y0) > MAX_MARKED_PIXELS)
    return;

  rect = (MsRect) { (guint) x0, (guint) y0, (guint) (x1 - x0), (guint) (y1 - y0) };
  if (self->marks == NULL || memcmp (&rect, &self->marks_rect, sizeof rect) != 0)
    {
      guint8 *data;
      int stride;

      g_clear_pointer (&self->marks, cairo_surface_destroy);
      self->marks = cairo_image_surface_create (CAIRO_FORMAT_A8, (int) rect.width, (int) rect.height);
      self->marks_rect = rect;
      cairo_surface_flush (self->marks);
      data = cairo_image_surface_get_data (self->marks);
      stride = cairo_image_surface_get_stride (self->marks);
      for (guint j = 0; j < rect.height; j++)
        for (guint i = 0; i < rect.width; i++)
          data[(gsize) j * stride + i] = self->mark_func (rect.x + i, rect.y + j, self->mark_data) ? 255 : 0;
      cairo_surface_mark_dirty (self->marks);
    }

  /* Crisp map pixels in a translucent magenta, whatever the zoom. */
  ms_viewport_map_to_screen (self->viewport, rect.x, rect.y, &sx, &sy);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                                                                 gtk_widget_get_height (GTK_WIDGET (self))));
  cairo_translate (cr, sx, sy);
  cairo_scale (cr, ms_viewport_get_zoom (self->viewport), ms_viewport_get_zoom (self->viewport));
  cairo_set_source_rgba (cr, 0.9, 0.1, 0.8, 0.6);
  {
    cairo_pattern_t *mask = cairo_pattern_create_for_surface (self->marks);

    cairo_pattern_set_filter (mask, CAIRO_FILTER_NEAREST);
    cairo_mask (cr, mask);
    cairo_pattern_destroy (mask);
  }
  cairo_destroy (cr);
}

static void
ms_map_view_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  MsMapView *self = MS_MAP_VIEW (widget);

  ms_tile_view_snapshot_background (widget, snapshot);
  if (!has_picture (self))
    return;

  if (use_gl (self))
    gtk_widget_snapshot_child (widget, self->gl_area, snapshot);
  else
    snapshot_cpu (self, snapshot);

  if (self->blueprint != NULL && ms_blueprint_style_has_overlays (&self->style))
    {
      cairo_t *cr = ms_tile_view_append_map_cairo (widget, self->viewport, snapshot);

      ms_blueprint_draw_overlays (self->blueprint, &self->style, cr, 1.0 / ms_viewport_get_zoom (self->viewport));
      cairo_destroy (cr);
    }

  if (self->mark_func != NULL)
    snapshot_marks (self, snapshot);

  if (self->has_highlight)
    {
      double sx, sy, ex, ey;
      GskRoundedRect outline;
      const GdkRGBA colours[4] = { { 1, 0.85f, 0.1f, 1 }, { 1, 0.85f, 0.1f, 1 },
                                   { 1, 0.85f, 0.1f, 1 }, { 1, 0.85f, 0.1f, 1 } };
      const float widths[4] = { 2, 2, 2, 2 };

      ms_viewport_map_to_screen (self->viewport, self->highlight.x, self->highlight.y, &sx, &sy);
      ms_viewport_map_to_screen (self->viewport, (double) self->highlight.x + self->highlight.width,
                                 (double) self->highlight.y + self->highlight.height, &ex, &ey);
      /* At least a few pixels, so a one-pixel finding stays visible. */
      if (ex - sx < 8)
        {
          sx -= 4;
          ex += 4;
        }
      if (ey - sy < 8)
        {
          sy -= 4;
          ey += 4;
        }
      gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT ((float) sx - 2, (float) sy - 2,
                                                                      (float) (ex - sx) + 4, (float) (ey - sy) + 4), 3);
      gtk_snapshot_append_border (snapshot, &outline, widths, colours);
    }

  request_visible_tiles (self);
}

static void
ms_map_view_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  MsMapView *self = MS_MAP_VIEW (widget);

  ms_tile_view_allocate (widget, self->viewport, has_picture (self), self->gl_area,
                         width, height, baseline);
}

/* ---------------------------------------------------------------- input --- */

static void
on_viewport_changed (MsMapView *self)
{
  ms_tile_view_redraw (GTK_WIDGET (self), self->gl_area);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  /* "map.zoom-in" and the like: the helper knows them without the prefix. */
  ms_view_gestures_activate (MS_MAP_VIEW (widget)->gestures, strchr (action_name, '.') + 1, parameter);
}

/* -------------------------------------------------------------- object --- */

void
ms_map_view_set_blueprint (MsMapView   *self,
                           MsBlueprint *blueprint)
{
  guint n;

  g_return_if_fail (MS_IS_MAP_VIEW (self));
  g_return_if_fail (blueprint == NULL || MS_IS_BLUEPRINT (blueprint));

  if (self->blueprint == blueprint && self->diff == NULL)
    return;

  reset_tiles (self);
  self->traced_first = self->traced_whole = FALSE;
  g_clear_object (&self->diff);
  ms_tile_view_queue_set_pyramid (self->diff_tiles, NULL);
  self->has_highlight = FALSE;
  ms_map_view_set_marks (self, NULL, NULL, NULL);
  if (self->gl_renderer != NULL && self->gl_area != NULL && gtk_widget_get_realized (self->gl_area))
    {
      gtk_gl_area_make_current (GTK_GL_AREA (self->gl_area));
      ms_gl_renderer_unrealize (self->gl_renderer);
    }
  g_clear_object (&self->gl_renderer);
  g_clear_object (&self->pyramid);
  g_set_object (&self->blueprint, blueprint);

  if (blueprint != NULL)
    {
      n = ms_blueprint_get_map_size (blueprint);
      self->pyramid = ms_blueprint_pyramid_new (blueprint, PYRAMID_BUDGET);
      ms_tile_view_show_map (GTK_WIDGET (self), self->viewport, n, n);
      ensure_gl_renderer (self);
    }
  ms_tile_view_queue_set_pyramid (self->tiles, self->pyramid);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLUEPRINT]);
  on_viewport_changed (self);
}

/**
 * ms_map_view_set_difference:
 * @a: (nullable): the reference map
 * @b: (nullable): the other map
 * @scale: the |Δ| drawn at full colour, as ms_diff_render()'s
 *
 * Shows the B − A difference image instead of a blueprint, as tiles of an
 * MsDiffPyramid at the current zoom; map coordinates become the comparison
 * grid's pixels (the larger map's).  %NULL @a and @b show nothing; a later
 * ms_map_view_set_blueprint() shows a blueprint again.
 */
void
ms_map_view_set_difference (MsMapView   *self,
                            MsBlueprint *a,
                            MsBlueprint *b,
                            double       scale)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));
  g_return_if_fail ((a == NULL) == (b == NULL));

  ms_map_view_set_blueprint (self, NULL);
  if (a != NULL)
    {
      guint n;

      self->diff = ms_diff_pyramid_new (a, b, scale);
      n = ms_diff_pyramid_get_grid_size (self->diff);
      ms_tile_view_show_map (GTK_WIDGET (self), self->viewport, n, n);
    }
  ms_tile_view_queue_set_pyramid (self->diff_tiles, self->diff);
  on_viewport_changed (self);
}

gboolean
ms_map_view_get_showing_difference (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), FALSE);
  return self->diff != NULL;
}

MsBlueprint *
ms_map_view_get_blueprint (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return self->blueprint;
}

MsViewport *
ms_map_view_get_viewport (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return self->viewport;
}

void
ms_map_view_set_style (MsMapView              *self,
                       const MsBlueprintStyle *style)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));

  self->style = *style;
  if (self->gl_renderer != NULL)
    ms_gl_renderer_set_style (self->gl_renderer, style);
  /* CPU tiles are coloured: a new style makes them stale. */
  g_hash_table_remove_all (self->cpu_tiles);
  g_queue_clear_full (&self->cpu_lru, g_free);
  on_viewport_changed (self);
}

void
ms_map_view_set_highlight (MsMapView    *self,
                           const MsRect *rect)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));

  self->has_highlight = rect != NULL;
  if (rect != NULL)
    self->highlight = *rect;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ms_map_view_get_highlight (MsMapView *self,
                           MsRect    *rect)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), FALSE);

  if (self->has_highlight && rect != NULL)
    *rect = self->highlight;
  return self->has_highlight;
}

void
ms_map_view_set_marks (MsMapView         *self,
                       MsMapViewMarkFunc  func,
                       gpointer           user_data,
                       GDestroyNotify     destroy)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));

  if (self->mark_destroy != NULL)
    self->mark_destroy (self->mark_data);
  self->mark_func = func;
  self->mark_data = user_data;
  self->mark_destroy = destroy;
  g_clear_pointer (&self->marks, cairo_surface_destroy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

cairo_surface_t *
ms_map_view_get_marks_surface (MsMapView *self,
                               guint     *x0,
                               guint     *y0)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);

  if (self->marks == NULL)
    return NULL;
  *x0 = self->marks_rect.x;
  *y0 = self->marks_rect.y;
  return self->marks;
}

const MsBlueprintStyle *
ms_map_view_get_style (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return &self->style;
}

gboolean
ms_map_view_get_using_gl (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), FALSE);
  return self->gl_area != NULL && self->gl_renderer != NULL;
}

const char *
ms_map_view_get_renderer_problem (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return ms_gl_fallback_get_problem (self->gl);
}

guint
ms_map_view_get_pending_tiles (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), 0);
  return ms_tile_view_queue_get_n_pending (current_queue (self));
}

static void
ms_map_view_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MsMapView *self = MS_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_BLUEPRINT:
      g_value_set_object (value, self->blueprint);
      break;
    case PROP_USING_GL:
      g_value_set_boolean (value, ms_map_view_get_using_gl (self));
      break;
    case PROP_RENDERER_PROBLEM:
      g_value_set_string (value, ms_map_view_get_renderer_problem (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_map_view_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  MsMapView *self = MS_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_BLUEPRINT:
      ms_map_view_set_blueprint (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_map_view_dispose (GObject *object)
{
  MsMapView *self = MS_MAP_VIEW (object);

  if (self->diff_tiles != NULL)
    ms_tile_view_queue_reset (self->diff_tiles);
  g_clear_object (&self->diff_tiles);
  g_clear_object (&self->diff);
  ms_tile_view_dispose_parts (&self->tiles, &self->gestures, &self->gl, &self->gl_area);
  g_clear_object (&self->gl_renderer);
  if (self->mark_destroy != NULL)
    self->mark_destroy (self->mark_data);
  self->mark_func = NULL;
  self->mark_destroy = NULL;
  g_clear_pointer (&self->marks, cairo_surface_destroy);
  g_clear_object (&self->pyramid);
  g_clear_object (&self->blueprint);
  if (self->viewport != NULL)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_object (&self->viewport);

  G_OBJECT_CLASS (ms_map_view_parent_class)->dispose (object);
}

static void
ms_map_view_finalize (GObject *object)
{
  MsMapView *self = MS_MAP_VIEW (object);

  g_hash_table_destroy (self->cpu_tiles);
  g_queue_clear_full (&self->cpu_lru, g_free);

  G_OBJECT_CLASS (ms_map_view_parent_class)->finalize (object);
}

static void
ms_map_view_class_init (MsMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_map_view_get_property;
  object_class->set_property = ms_map_view_set_property;
  object_class->dispose = ms_map_view_dispose;
  object_class->finalize = ms_map_view_finalize;

  widget_class->snapshot = ms_map_view_snapshot;
  widget_class->size_allocate = ms_map_view_size_allocate;

  properties[PROP_BLUEPRINT] =
    g_param_spec_object ("blueprint", NULL, NULL, MS_TYPE_BLUEPRINT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USING_GL] =
    g_param_spec_boolean ("using-gl", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RENDERER_PROBLEM] =
    g_param_spec_string ("renderer-problem", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ms_view_gestures_install_actions (widget_class, "map", zoom_action);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_map_view_init (MsMapView *self)
{
  self->viewport = ms_viewport_new ();
  self->tiles = ms_tile_view_queue_new (&tile_source, tile_arrived, self);
  self->diff_tiles = ms_tile_view_queue_new (&diff_tile_source, diff_tile_arrived, self);
  self->cpu_tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
  ms_blueprint_style_init (&self->style);

  g_signal_connect_swapped (self->viewport, "notify", G_CALLBACK (on_viewport_changed), self);

  ms_tile_view_init_widget (GTK_WIDGET (self));

  self->gl_area = ms_tile_view_add_gl (GTK_WIDGET (self), &self->gl, G_CALLBACK (on_fell_back),
                                       G_CALLBACK (on_gl_realize), G_CALLBACK (on_gl_unrealize),
                                       G_CALLBACK (on_gl_render));

  /* The primary button pans: the blueprint view has no tools. */
  self->gestures = ms_view_gestures_new (GTK_WIDGET (self), self->viewport, GDK_BUTTON_PRIMARY);
}

GtkWidget *
ms_map_view_new (void)
{
  return g_object_new (MS_TYPE_MAP_VIEW, NULL);
}
