/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tile view base (libshumate's map layer, vipsdisp's tile cache): what
 * the map view and the zone view do alike around their tiles.
 *
 * GL: a GtkGLArea child owns the context; the subclass's renderer uploads
 * tiles and colours them in a shader.  If the context, the shaders or a
 * draw fail, MsGlFallback removes the area and the view draws CPU textures
 * from then on — never a black rectangle, and it says why.
 *
 * Requests: any change of the viewport or of the picture schedules one
 * idle (above GTK's redraw priority, so it runs before the next frame) that
 * lists the visible tiles of the view's level the view lacks and asks for
 * them.  A frame only draws what is there: the nearest coarser tile stands
 * in for a missing one, and the top tile is always asked for first.
 */
#define G_LOG_DOMAIN "ms-tile-view"

#include "config.h"

#include <epoxy/gl.h>
#include <math.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "ms-gl-fallback.h"
#include "ms-map-marks.h"
#include "ms-tile-lru.h"
#include "ms-tile-view.h"
#include "ms-tile-view-replay.h"

/* The views' background, in GL and in GSK alike. */
#define BACKGROUND_R 0.16f
#define BACKGROUND_G 0.16f
#define BACKGROUND_B 0.18f

#define CPU_TILE_BUDGET (128u << 20)
/* At most once in this long, the heap's free pages go back (trim_heap ()). */
#define TRIM_INTERVAL_US G_USEC_PER_SEC

typedef struct
{
  GdkTexture *texture;
  double      cell_size;   /* map units per texel */
  guint64     epoch;       /* stale when below the view's */
  gboolean    stale;
} CpuTile;

typedef struct
{
  MsTileView   *view;      /* held: dispose cancels, so it outlives no view's use */
  GCancellable *cancellable;
  MsTileKey     key;
  gboolean      for_gl;
  gboolean      overtaken;  /* an edit changed the tile after it was asked for */
} Request;

typedef struct
{
  MsViewport      *viewport;
  MsViewGestures  *gestures;
  MsGlFallback    *gl;
  GtkWidget       *gl_area;     /* gl's; NULL once fallen back */
  gboolean         gl_ready;    /* gl_renderer is made and realized */
  MsGlTileRenderer *gl_renderer;
  guint64          gl_uploads_before;  /* of renderers this map had before */

  gboolean         has_map;
  double           width, height;
  guint            top_level;

  GHashTable      *requests;    /* packed key -> Request, in flight */
  GPtrArray       *to_upload;   /* arrived GL tiles, for the next render */
  GArray          *to_upload_keys;  /* ... their MsTileKeys */
  gpointer         gl_top;      /* the top GL tile, kept to upload again */
  gboolean         gl_top_due;  /* ... for the next render */
  gint64           trimmed_at;  /* monotonic time of the last trim_heap () */
  MsTileLru       *cpu_tiles;   /* CpuTile below the top */
  CpuTile         *cpu_top;     /* the whole map: never evicted */
  guint64          epoch;
  guint            update_id;
  guint            n_missing;   /* visible tiles of the level lacking at the last look */
  gboolean         in_frame;

  gboolean         has_highlight;
  MsRect           highlight;   /* map cells */

  gboolean         traced_first, traced_whole;
  guint            complete_idle_id;  /* notifies picture-complete after the frame */
  MsTileViewStats  stats;
} MsTileViewPrivate;

enum
{
  PROP_0,
  PROP_USING_GL,
  PROP_RENDERER_PROBLEM,
  PROP_PICTURE_COMPLETE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* MAPSMITH_TILE_DELAY_MS: every request starts that late, as if tiles came
 * from a slow disk; for tests and benchmarks of what the view shows
 * meanwhile. */
static guint tile_delay_ms;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (MsTileView, ms_tile_view, GTK_TYPE_WIDGET)

#define PRIV(self) ((MsTileViewPrivate *) ms_tile_view_get_instance_private (self))

static void schedule_update (MsTileView *self);
static void update_requests (MsTileView *self);

/* From the pyramid that made it: the view may show another by now. */
static gpointer
get_tile_finish (GAsyncResult  *result,
                 GError       **error)
{
  g_autoptr(GObject) pyramid = g_async_result_get_source_object (result);

  return ms_tile_pyramid_get_tile_finish (MS_TILE_PYRAMID (pyramid), result, error);
}

/* ------------------------------------------------------------ view math --- */

static double
device_zoom (MsTileView *self)
{
  return ms_viewport_get_zoom (PRIV (self)->viewport) * gtk_widget_get_scale_factor (GTK_WIDGET (self));
}

static gboolean
gl_mode (MsTileView *self)
{
  MsTileViewClass *klass = MS_TILE_VIEW_GET_CLASS (self);

  return PRIV (self)->gl_area != NULL && (klass->wants_gl == NULL || klass->wants_gl (self));
}

static MsGlView
current_view (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double x0, y0;
  MsGlView view;

  ms_viewport_screen_to_map (priv->viewport, 0, 0, &x0, &y0);
  view.x0 = x0;
  view.y0 = y0;
  view.zoom = ms_viewport_get_zoom (priv->viewport) * scale;
  view.width = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)) * scale);
  view.height = MAX (1, gtk_widget_get_height (GTK_WIDGET (self)) * scale);
  return view;
}

/* @view's map area at @level's zoom: what a renderer lists at that level. */
static MsGlView
view_at_level (const MsGlView *view,
               guint           level)
{
  MsGlView at = *view;

  at.zoom = ldexp (1.0, -(int) level);
  at.width = MAX (1, (int) ceil (view->width * at.zoom / view->zoom));
  at.height = MAX (1, (int) ceil (view->height * at.zoom / view->zoom));
  return at;
}

void
ms_tile_view_get_visible (MsTileView *self,
                          double     *x0,
                          double     *y0,
                          double     *x1,
                          double     *y1)
{
  MsTileViewPrivate *priv = PRIV (self);

  ms_viewport_screen_to_map (priv->viewport, 0, 0, x0, y0);
  ms_viewport_screen_to_map (priv->viewport, gtk_widget_get_width (GTK_WIDGET (self)),
                             gtk_widget_get_height (GTK_WIDGET (self)), x1, y1);
}

static void
tile_grid (MsTileView *self,
           guint       level,
           guint      *nx,
           guint      *ny)
{
  MsTileViewPrivate *priv = PRIV (self);
  double span = ldexp ((double) MS_TILE_SIZE, (int) level);

  *nx = (guint) ceil (priv->width / span);
  *ny = (guint) ceil (priv->height / span);
}

static void
visible_tiles (MsTileView *self,
               guint       level,
               guint      *tx0,
               guint      *ty0,
               guint      *tx1,
               guint      *ty1)
{
  double x0, y0, x1, y1;
  guint nx, ny;

  ms_tile_view_get_visible (self, &x0, &y0, &x1, &y1);
  tile_grid (self, level, &nx, &ny);
  ms_tile_visible_range (nx, ny, level, x0, y0, x1, y1, tx0, ty0, tx1, ty1);
}

guint
ms_tile_view_get_level (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), 0);

  if (!PRIV (self)->has_map)
    return 0;
  return ms_tile_level_for_zoom (PRIV (self)->top_level, device_zoom (self));
}

/* ------------------------------------------------------------ CPU tiles --- */

static void
cpu_tile_free (gpointer data)
{
  CpuTile *tile = data;

  g_object_unref (tile->texture);
  g_free (tile);
}

static gboolean
cpu_tile_is_stale (MsTileView    *self,
                   const CpuTile *tile)
{
  return tile->stale || tile->epoch < PRIV (self)->epoch;
}

static CpuTile *
cpu_tile_peek (MsTileView      *self,
               const MsTileKey *key)
{
  MsTileViewPrivate *priv = PRIV (self);

  if (key->level == priv->top_level)
    return key->tx == 0 && key->ty == 0 ? priv->cpu_top : NULL;
  return ms_tile_lru_peek (priv->cpu_tiles, key);
}

static CpuTile *
cpu_tile_insert (MsTileView      *self,
                 const MsTileKey *key,
                 GdkTexture      *texture,
                 double           cell_size)
{
  MsTileViewPrivate *priv = PRIV (self);
  CpuTile *tile = g_new0 (CpuTile, 1);

  tile->texture = g_object_ref (texture);
  tile->cell_size = cell_size;
  tile->epoch = priv->epoch;
  if (key->level == priv->top_level)
    {
      g_clear_pointer (&priv->cpu_top, cpu_tile_free);
      priv->cpu_top = tile;
    }
  else
    {
      ms_tile_lru_insert (priv->cpu_tiles, key, tile,
                          (gsize) gdk_texture_get_width (texture) * gdk_texture_get_height (texture) * 4);
    }
  priv->stats.textures_made++;
  return tile;
}

static void
cpu_tiles_clear (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);

  ms_tile_lru_clear (priv->cpu_tiles);
  g_clear_pointer (&priv->cpu_top, cpu_tile_free);
}

GdkTexture *
ms_tile_view_texture_new (cairo_surface_t *surface,
                          double           cell_size)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  gsize stride = (gsize) cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  cairo_surface_flush (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), stride * (gsize) height,
                                      (GDestroyNotify) cairo_surface_destroy, cairo_surface_reference (surface));
  /* ARGB32 in native order is B8G8R8A8 premultiplied on little-endian. */
  texture = gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
  /* Kept with the texture, for crisp texels when magnified. */
  g_object_set_data_full (G_OBJECT (texture), "ms-surface", cairo_surface_reference (surface),
                          (GDestroyNotify) cairo_surface_destroy);
  return texture;
}

gsize
ms_tile_view_cache_budget (gsize budget)
{
  const char *kib = g_getenv ("MAPSMITH_TILE_CACHE_KIB");

  return kib != NULL ? (gsize) g_ascii_strtoull (kib, NULL, 10) << 10 : budget;
}

/* ------------------------------------------------------------- requests --- */

static void
request_free (Request *request)
{
  g_object_unref (request->view);
  g_object_unref (request->cancellable);
  g_free (request);
}

/* The top tile (taken) for the GL renderer's next render.  Kept: a
 * renderer's cache may evict it, and a frame without it could show a hole
 * where nothing finer is uploaded. */
static void
set_gl_top (MsTileView *self,
            gpointer    tile)
{
  MsTileViewPrivate *priv = PRIV (self);

  if (priv->gl_top != NULL)
    MS_TILE_VIEW_GET_CLASS (self)->tile_unref (priv->gl_top);
  priv->gl_top = tile;
  priv->gl_top_due = TRUE;
  if (priv->gl_area != NULL)
    gtk_gl_area_queue_render (GTK_GL_AREA (priv->gl_area));
}

/* @tile (taken) of @key goes to the GL renderer at the next render. */
static void
queue_upload (MsTileView      *self,
              const MsTileKey *key,
              gpointer         tile)
{
  MsTileViewPrivate *priv = PRIV (self);

  g_ptr_array_add (priv->to_upload, tile);
  g_array_append_val (priv->to_upload_keys, *key);
  if (priv->gl_area != NULL)
    gtk_gl_area_queue_render (GTK_GL_AREA (priv->gl_area));
}

static void
request_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Request *request = user_data;
  MsTileView *self = request->view;
  MsTileViewPrivate *priv = PRIV (self);
  MsTileViewClass *klass = MS_TILE_VIEW_GET_CLASS (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  gpointer tile = NULL;
  double cell_size = ldexp (1.0, (int) request->key.level);

  if (request->for_gl)
    tile = get_tile_finish (result, &error);
  else
    texture = klass->get_texture_finish (self, result, &cell_size, &error);

  /* Cancelled: the map changed, the tile was invalidated or the view went;
   * its entry is gone, and a newer request may have the key. */
  if (!g_cancellable_is_cancelled (request->cancellable))
    {
      guint64 packed = ms_tile_key_pack (&request->key);

      g_hash_table_remove (priv->requests, &packed);
      if (tile == NULL && texture == NULL)
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            g_warning ("Could not make tile %u/%u/%u: %s", request->key.level, request->key.tx,
                       request->key.ty, error->message);
        }
      else if (tile != NULL && request->key.level == priv->top_level)
        {
          set_gl_top (self, g_steal_pointer (&tile));
          /* The finer tiles may have waited for it (request_ahead_of_gl ()). */
          update_requests (self);
        }
      else if (tile != NULL)
        {
          queue_upload (self, &request->key, g_steal_pointer (&tile));
        }
      else
        {
          /* Overtaken: newer than what is drawn, but made again. */
          cpu_tile_insert (self, &request->key, texture, cell_size)->stale = request->overtaken;
          gtk_widget_queue_draw (GTK_WIDGET (self));
          schedule_update (self);
        }
    }

  if (tile != NULL)
    klass->tile_unref (tile);
  request_free (request);
}

static void
start_request (gpointer data)
{
  Request *r = data;
  MsTileViewClass *klass = MS_TILE_VIEW_GET_CLASS (r->view);

  if (r->for_gl)
    ms_tile_pyramid_get_tile_async (klass->get_pyramid (r->view), &r->key, r->cancellable, request_done, r);
  else
    klass->get_texture_async (r->view, &r->key, r->cancellable, request_done, r);
}

static void
request (MsTileView      *self,
         const MsTileKey *key,
         gboolean         for_gl)
{
  MsTileViewPrivate *priv = PRIV (self);
  guint64 packed = ms_tile_key_pack (key);
  Request *r;

  if (g_hash_table_contains (priv->requests, &packed))
    return;
  priv->stats.requests++;
  if (priv->in_frame)
    priv->stats.requests_in_frame++;

  /* A GL tile the pyramid has cached (a loader made the top, whose pass
   * makes the view level's) goes to the next render at once: through a
   * worker its callback would wait for the main thread, which in a
   * window's first frame is busy a quarter of a second on software GL.
   * The finer tiles a top waits for are asked for from an idle (not from
   * here, which update_requests () calls). */
  if (for_gl && tile_delay_ms == 0)
    {
      gpointer tile = ms_tile_pyramid_lookup (MS_TILE_VIEW_GET_CLASS (self)->get_pyramid (self), key);

      if (tile != NULL)
        {
          if (key->level == priv->top_level)
            {
              set_gl_top (self, tile);
              schedule_update (self);
            }
          else
            {
              queue_upload (self, key, tile);
            }
          return;
        }
    }

  r = g_new0 (Request, 1);
  r->view = g_object_ref (self);
  r->cancellable = g_cancellable_new ();
  r->key = *key;
  r->for_gl = for_gl;
  g_hash_table_insert (priv->requests, g_memdup2 (&packed, sizeof packed), r);

  if (tile_delay_ms > 0)
    g_timeout_add_once (tile_delay_ms, start_request, r);
  else
    start_request (r);
}

static void
cancel_request (gpointer key,
                gpointer value,
                gpointer user_data)
{
  g_cancellable_cancel (((Request *) value)->cancellable);
}

static void
cancel_requests (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);

  g_hash_table_foreach (priv->requests, cancel_request, NULL);
  g_hash_table_remove_all (priv->requests);
  g_ptr_array_set_size (priv->to_upload, 0);
  g_array_set_size (priv->to_upload_keys, 0);
  if (priv->gl_top != NULL)
    MS_TILE_VIEW_GET_CLASS (self)->tile_unref (g_steal_pointer (&priv->gl_top));
  priv->gl_top_due = FALSE;
}

/* Arrived and not yet uploaded: the next render uploads it. */
static gboolean
awaits_upload (MsTileView      *self,
               const MsTileKey *key)
{
  MsTileViewPrivate *priv = PRIV (self);

  if (priv->gl_top_due && key->level == priv->top_level)
    return TRUE;
  for (guint i = 0; i < priv->to_upload_keys->len; i++)
    {
      const MsTileKey *k = &g_array_index (priv->to_upload_keys, MsTileKey, i);

      if (k->level == key->level && k->tx == key->tx && k->ty == key->ty)
        return TRUE;
    }
  return FALSE;
}

/* Until a map's first picture, the top tile alone while it is being made:
 * a fresh map is shown whole, so the view level's tiles read all of it
 * too, and both at once would each get half the cores. */
static gboolean
top_goes_first (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  MsTileKey top_key = { priv->top_level, 0, 0 };
  guint64 packed = ms_tile_key_pack (&top_key);

  return !priv->traced_first && g_hash_table_contains (priv->requests, &packed);
}

/* Before the GL renderer is ready or the view has its size (a window's
 * first frame realizes GL and compiles shaders, a while on software GL),
 * the tiles GL will want are begun anyway: the top tile at once, then the
 * view level's visible tiles once the view has a size and the top is in
 * (the first picture comes first).  They wait in to_upload for the first
 * render. */
static void
request_ahead_of_gl (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  MsTileKey top_key = { priv->top_level, 0, 0 };
  guint level, tx0, ty0, tx1, ty1;

  if (priv->gl_top == NULL)
    request (self, &top_key, TRUE);
  if (top_goes_first (self) || gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    return;
  level = ms_tile_view_get_level (self);
  if (level == priv->top_level)
    return;
  visible_tiles (self, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        MsTileKey key = { level, tx, ty };

        if (!awaits_upload (self, &key))
          {
            priv->n_missing++;
            request (self, &key, TRUE);
          }
      }
}

/* The look for tiles: what the view's level lacks, and the top tile. */
static void
update_requests (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  guint level, top = priv->top_level;
  MsTileKey top_key = { top, 0, 0 };

  priv->n_missing = 0;
  if (!priv->has_map)
    return;
  if (gl_mode (self) && (!priv->gl_ready || gtk_widget_get_width (GTK_WIDGET (self)) <= 0))
    {
      request_ahead_of_gl (self);
      return;
    }
  if (gtk_widget_get_width (GTK_WIDGET (self)) <= 0)
    {
      /* On the CPU too the top tile needs no size: begun at once. */
      if (priv->cpu_top == NULL)
        request (self, &top_key, FALSE);
      return;
    }

  level = ms_tile_view_get_level (self);
  if (gl_mode (self))
    {
      g_autoptr(GArray) missing = NULL;
      g_autoptr(GArray) top_missing = NULL;
      MsGlView view, at_top;

      view = current_view (self);
      at_top = view_at_level (&view, top);
      top_missing = ms_gl_tile_renderer_get_missing (priv->gl_renderer, &at_top);
      /* Missing, not merely stale: a stale top still stands in, and making
       * it anew on every brush dab would read the whole map each time. */
      if (top_missing->len > 0 && priv->gl_top == NULL &&
          !ms_gl_tile_renderer_is_stale (priv->gl_renderer, &top_key))
        request (self, &top_key, TRUE);
      if (top_goes_first (self))
        return;
      missing = ms_gl_tile_renderer_get_missing (priv->gl_renderer, &view);
      for (guint i = 0; i < missing->len; i++)
        if (!awaits_upload (self, &g_array_index (missing, MsTileKey, i)))
          {
            priv->n_missing++;
            request (self, &g_array_index (missing, MsTileKey, i), TRUE);
          }
    }
  else
    {
      guint tx0, ty0, tx1, ty1;

      /* A top an edit made stale still stands in (see above); one of an
       * old style does not. */
      if (level != top && (priv->cpu_top == NULL || priv->cpu_top->epoch < priv->epoch))
        request (self, &top_key, FALSE);
      if (top_goes_first (self))
        return;
      visible_tiles (self, level, &tx0, &ty0, &tx1, &ty1);
      for (guint ty = ty0; ty < ty1; ty++)
        for (guint tx = tx0; tx < tx1; tx++)
          {
            MsTileKey key = { level, tx, ty };
            CpuTile *tile = cpu_tile_peek (self, &key);

            if (tile == NULL || cpu_tile_is_stale (self, tile))
              {
                priv->n_missing++;
                request (self, &key, FALSE);
              }
          }
    }
}

static gboolean
update_idle (gpointer user_data)
{
  MsTileView *self = user_data;

  PRIV (self)->update_id = 0;
  update_requests (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_update (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);

  /* Before GTK's layout and paint (GDK_PRIORITY_REDRAW), so the tiles a
   * move needs are asked for before the frame that shows the move. */
  if (priv->update_id == 0 && priv->has_map)
    priv->update_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_idle, self, NULL);
}

void
ms_tile_view_queue_update (MsTileView *self)
{
  MsTileViewPrivate *priv;

  g_return_if_fail (MS_IS_TILE_VIEW (self));

  priv = PRIV (self);
  if (priv->gl_area != NULL)
    gtk_gl_area_queue_render (GTK_GL_AREA (priv->gl_area));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  schedule_update (self);
}

void
ms_tile_view_invalidate (MsTileView      *self,
                         const MsTileKey *keys,
                         guint            n_keys)
{
  MsTileViewPrivate *priv;

  g_return_if_fail (MS_IS_TILE_VIEW (self));

  priv = PRIV (self);
  if (keys == NULL)
    {
      cancel_requests (self);
      priv->epoch++;
    }
  else
    for (guint i = 0; i < n_keys; i++)
      {
        guint64 packed = ms_tile_key_pack (&keys[i]);
        Request *r = g_hash_table_lookup (priv->requests, &packed);
        CpuTile *tile = cpu_tile_peek (self, &keys[i]);

        /* Begun before the edit: still drawn when it lands (a brush keeps
         * painting over it), then made again.  GL renderers tell such tiles
         * themselves. */
        if (r != NULL)
          r->overtaken = TRUE;
        if (tile != NULL)
          tile->stale = TRUE;
      }
  ms_tile_view_queue_update (self);
}

/* --------------------------------------------------------------- trace --- */

static gboolean
notify_picture_complete (gpointer user_data)
{
  MsTileView *self = user_data;

  PRIV (self)->complete_idle_id = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PICTURE_COMPLETE]);
  return G_SOURCE_REMOVE;
}

/* For bench/app-startup: when the first picture of a map, and the first
 * with every visible tile at the view's own level, reached the screen
 * (G_MESSAGES_DEBUG=ms-tile-view; wall-clock µs, to compare with the
 * launch).  Once per map.  The whole picture is also picture-complete,
 * notified from an idle: this runs inside a snapshot, where handlers must
 * not change widgets. */
static void
trace_picture (MsTileView *self,
               gboolean    whole)
{
  MsTileViewPrivate *priv = PRIV (self);

  if (!priv->traced_first)
    {
      priv->traced_first = TRUE;
      g_debug ("startup: first picture at %" G_GINT64_FORMAT " µs", g_get_real_time ());
    }
  if (whole && !priv->traced_whole)
    {
      priv->traced_whole = TRUE;
      g_debug ("startup: whole picture at %" G_GINT64_FORMAT " µs", g_get_real_time ());
      if (priv->complete_idle_id == 0)
        priv->complete_idle_id = g_idle_add (notify_picture_complete, self);
    }
}

static void
count_frame (MsTileView *self,
             guint       n_wanted,
             guint       n_own,
             guint       n_drawn)
{
  MsTileViewPrivate *priv = PRIV (self);

  priv->stats.frames++;
  if (n_drawn < n_wanted)
    priv->stats.hole_frames++;
  if (n_own < n_drawn)
    priv->stats.standin_frames++;
  if (n_own == n_wanted)
    priv->stats.whole_frames++;
  if (n_drawn > 0 && !priv->traced_whole)
    trace_picture (self, n_own == n_wanted);
}

/* ----------------------------------------------------------------- GL --- */

gboolean
ms_tile_view_gl_make_current (MsTileView *self)
{
  GtkWidget *area;

  g_return_val_if_fail (MS_IS_TILE_VIEW (self), FALSE);

  area = PRIV (self)->gl_area;
  if (area == NULL || !gtk_widget_get_realized (area))
    return FALSE;
  gtk_gl_area_make_current (GTK_GL_AREA (area));
  return gtk_gl_area_get_error (GTK_GL_AREA (area)) == NULL;
}

void
ms_tile_view_set_highlight (MsTileView   *self,
                            const MsRect *rect)
{
  MsTileViewPrivate *priv;

  g_return_if_fail (MS_IS_TILE_VIEW (self));

  priv = PRIV (self);
  priv->has_highlight = rect != NULL && rect->width > 0 && rect->height > 0;
  if (priv->has_highlight)
    priv->highlight = *rect;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ms_tile_view_get_highlight (MsTileView *self,
                            MsRect     *rect)
{
  MsTileViewPrivate *priv;

  g_return_val_if_fail (MS_IS_TILE_VIEW (self), FALSE);

  priv = PRIV (self);
  if (priv->has_highlight && rect != NULL)
    *rect = priv->highlight;
  return priv->has_highlight;
}

void
ms_tile_view_snapshot_highlight (MsTileView  *self,
                                 GtkSnapshot *snapshot)
{
  MsTileViewPrivate *priv = PRIV (self);

  if (priv->has_map && priv->has_highlight)
    ms_map_marks_snapshot_highlight (snapshot, priv->viewport, &priv->highlight);
}

MsGlTileRenderer *
ms_tile_view_get_gl_renderer (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), NULL);
  return PRIV (self)->gl_renderer;
}

guint64
ms_tile_view_get_n_gl_uploads (MsTileView *self)
{
  MsTileViewPrivate *priv;

  g_return_val_if_fail (MS_IS_TILE_VIEW (self), 0);
  priv = PRIV (self);
  return priv->gl_uploads_before + (priv->gl_renderer != NULL ? ms_gl_tile_renderer_get_n_uploads (priv->gl_renderer) : 0);
}

gboolean
ms_tile_view_get_gl_ready (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), FALSE);
  return PRIV (self)->gl_ready;
}

static void
ensure_gl_renderer (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  g_autoptr(GError) error = NULL;

  if (priv->gl_ready || !priv->has_map || !ms_tile_view_gl_make_current (self))
    return;

  priv->gl_renderer = MS_TILE_VIEW_GET_CLASS (self)->create_gl_renderer (self);
  if (priv->gl_renderer == NULL)
    g_set_error_literal (&error, MS_GL_RENDERER_ERROR, MS_GL_RENDERER_ERROR_UNSUPPORTED, "No map to draw");
  if (priv->gl_renderer == NULL || !ms_gl_tile_renderer_realize (priv->gl_renderer, &error))
    {
      g_clear_object (&priv->gl_renderer);
      gtk_gl_area_set_error (GTK_GL_AREA (priv->gl_area), error);
      ms_gl_fallback_fail (priv->gl, error->message);
      return;
    }
  priv->gl_ready = TRUE;
  schedule_update (self);
}

static void
drop_gl_renderer (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  gboolean current;

  if (!priv->gl_ready)
    return;
  priv->gl_ready = FALSE;
  current = priv->gl_area != NULL && gtk_widget_get_realized (priv->gl_area);
  if (current)
    gtk_gl_area_make_current (GTK_GL_AREA (priv->gl_area));
  priv->gl_uploads_before += ms_gl_tile_renderer_get_n_uploads (priv->gl_renderer);
  if (current && gtk_gl_area_get_error (GTK_GL_AREA (priv->gl_area)) == NULL)
    ms_gl_tile_renderer_unrealize (priv->gl_renderer);
  g_clear_object (&priv->gl_renderer);
}

void
ms_tile_view_gl_clear (void)
{
  glClearColor (BACKGROUND_R, BACKGROUND_G, BACKGROUND_B, 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);
}

static void
on_gl_realize (GtkGLArea  *area,
               MsTileView *self)
{
  GError *error;

  gtk_gl_area_make_current (area);
  error = gtk_gl_area_get_error (area);
  if (error != NULL)
    {
      ms_gl_fallback_fail (PRIV (self)->gl, error->message);
      return;
    }
  ensure_gl_renderer (self);
}

static void
on_gl_unrealize (GtkGLArea  *area,
                 MsTileView *self)
{
  drop_gl_renderer (self);
}

/* Whether any visible tile of @view's level has nothing drawn for it, not
 * even a coarser tile; and how many are drawn from a coarser one. */
static void
gl_count_frame (MsTileView     *self,
                const MsGlView *view)
{
  MsTileViewPrivate *priv = PRIV (self);
  guint level = ms_tile_view_get_level (self);
  guint tx0, ty0, tx1, ty1, n_wanted, n_own, n_drawn = 0;
  GHashTable *missing = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  for (guint l = level; l <= priv->top_level; l++)
    {
      MsGlView at = view_at_level (view, l);
      GArray *keys = ms_gl_tile_renderer_get_missing (priv->gl_renderer, &at);

      g_ptr_array_add (lists, keys);
      for (guint i = 0; i < keys->len; i++)
        {
          MsTileKey *key = &g_array_index (keys, MsTileKey, i);
          guint64 *packed = g_new (guint64, 1);

          if (ms_gl_tile_renderer_is_stale (priv->gl_renderer, key))
            {
              g_free (packed);
              continue;
            }
          *packed = ms_tile_key_pack (key);
          g_hash_table_add (missing, packed);
        }
    }

  visible_tiles (self, level, &tx0, &ty0, &tx1, &ty1);
  n_wanted = (tx1 - tx0) * (ty1 - ty0);
  n_own = 0;
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      for (guint l = level; l <= priv->top_level; l++)
        {
          MsTileKey key = { l, tx >> (l - level), ty >> (l - level) };
          guint64 packed = ms_tile_key_pack (&key);

          if (!g_hash_table_contains (missing, &packed))
            {
              n_drawn++;
              n_own += l == level;
              break;
            }
        }
  g_hash_table_destroy (missing);
  count_frame (self, n_wanted, n_own, n_drawn);
}

/* Each frame that uploads evicts tiles (the pyramid's cells and the
 * renderer's textures, which llvmpipe keeps in process memory, a few MiB
 * a tile), but glibc gives back only the top of a heap: the chunks freed
 * below it stay resident, about 90 MiB of them after bench/pan-zoom's
 * replay over an 8K map (issue #37, bench/README.md).  Trimming costs a
 * frame some milliseconds (and the pages are faulted in again when
 * reused), so it runs at most once a TRIM_INTERVAL_US, after uploads. */
static void
trim_heap (MsTileViewPrivate *priv)
{
#ifdef __GLIBC__
  if (g_get_monotonic_time () - priv->trimmed_at < TRIM_INTERVAL_US)
    return;
  malloc_trim (0);
  priv->trimmed_at = g_get_monotonic_time ();
#else
  (void) priv;
#endif
}

static gboolean
on_gl_render (GtkGLArea    *area,
              GdkGLContext *context,
              MsTileView   *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  MsTileViewClass *klass = MS_TILE_VIEW_GET_CLASS (self);
  g_autoptr(GError) error = NULL;
  MsGlView view;

  ensure_gl_renderer (self);
  if (!priv->gl_ready)
    {
      ms_tile_view_gl_clear ();
      return TRUE;
    }

  priv->in_frame = TRUE;
  for (guint i = 0; i < priv->to_upload->len; i++)
    ms_gl_tile_renderer_upload_pyramid_tile (priv->gl_renderer, g_ptr_array_index (priv->to_upload, i));
  if (priv->to_upload->len > 0)
    {
      schedule_update (self);   /* what is missing now */
      trim_heap (priv);
    }
  g_ptr_array_set_size (priv->to_upload, 0);
  g_array_set_size (priv->to_upload_keys, 0);

  /* After the uploads: the renderer pins the top, so they never evict it. */
  view = current_view (self);
  if (priv->gl_top_due)
    {
      ms_gl_tile_renderer_upload_pyramid_tile (priv->gl_renderer, priv->gl_top);
      priv->gl_top_due = FALSE;
      schedule_update (self);
    }
  if (!ms_gl_tile_renderer_draw (priv->gl_renderer, &view, &error) &&
      !g_error_matches (error, klass->gl_blank_domain, klass->gl_blank_code))
    ms_gl_fallback_fail (priv->gl, error->message);
  else if (error != NULL)
    ms_tile_view_gl_clear ();
  else
    gl_count_frame (self, &view);
  priv->in_frame = FALSE;
  return TRUE;
}

static void
on_fell_back (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);

  /* The area is unparented; the renderer went with its unrealize. */
  priv->gl_area = NULL;
  priv->gl_ready = FALSE;
  g_clear_object (&priv->gl_renderer);
  cancel_requests (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USING_GL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RENDERER_PROBLEM]);
  ms_tile_view_queue_update (self);
}

/* ------------------------------------------------------------- drawing --- */

static double
snap_to_device (double v,
                int    scale)
{
  return round (v * scale) / scale;
}

static void
snapshot_tile (MsTileView   *self,
               GtkSnapshot  *snapshot,
               const CpuTile *tile,
               const MsTileKey *key,
               guint         level,
               guint         tx,
               guint         ty,
               gboolean      sharp)
{
  MsTileViewPrivate *priv = PRIV (self);
  GdkTexture *texture = tile->texture;
  double span = ldexp ((double) MS_TILE_SIZE, (int) key->level);
  double mx = (double) key->tx * span, my = (double) key->ty * span;
  double cspan = ldexp ((double) MS_TILE_SIZE, (int) level);
  double cx = (double) tx * cspan, cy = (double) ty * cspan;
  double sx, sy, ex, ey, csx, csy, cex, cey;
  cairo_surface_t *surface = g_object_get_data (G_OBJECT (texture), "ms-surface");

  /* The whole stand-in tile, clipped to this tile's area and the map. */
  ms_viewport_map_to_screen (priv->viewport, mx, my, &sx, &sy);
  ms_viewport_map_to_screen (priv->viewport, mx + gdk_texture_get_width (texture) * tile->cell_size,
                             my + gdk_texture_get_height (texture) * tile->cell_size, &ex, &ey);
  ms_viewport_map_to_screen (priv->viewport, cx, cy, &csx, &csy);
  ms_viewport_map_to_screen (priv->viewport, MIN (cx + cspan, MAX (priv->width, cspan)),
                             MIN (cy + cspan, MAX (priv->height, cspan)), &cex, &cey);

  if (sharp && surface != NULL)
    {
      /* Whole screen pixels, rounded alike by neighbours (no seams), and
       * only the visible part: a cairo node is as large as its bounds and
       * is drawn shifted when they are fractional. */
      double bx0 = round (MAX (MAX (sx, csx), 0.0)), by0 = round (MAX (MAX (sy, csy), 0.0));
      double bx1 = round (MIN (MIN (ex, cex), (double) gtk_widget_get_width (GTK_WIDGET (self))));
      double by1 = round (MIN (MIN (ey, cey), (double) gtk_widget_get_height (GTK_WIDGET (self))));
      cairo_t *cr;

      if (bx1 <= bx0 || by1 <= by0)
        return;
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT ((float) bx0, (float) by0,
                                                                     (float) (bx1 - bx0), (float) (by1 - by0)));
      cairo_translate (cr, sx, sy);
      cairo_scale (cr, (ex - sx) / gdk_texture_get_width (texture), (ey - sy) / gdk_texture_get_height (texture));
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
      /* A pixel centre exactly on the tile's edge samples the edge, not
       * nothing: no one-pixel seam when the edge falls on .5. */
      cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  else
    {
      /* On device pixels, each edge rounded as its neighbour rounds it: a
       * texture's fractional edge is drawn part-covered, and two of them
       * side by side let the background through as a grid of lines. */
      int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

      sx = snap_to_device (sx, scale);
      sy = snap_to_device (sy, scale);
      ex = snap_to_device (ex, scale);
      ey = snap_to_device (ey, scale);
      csx = snap_to_device (csx, scale);
      csy = snap_to_device (csy, scale);
      cex = snap_to_device (cex, scale);
      cey = snap_to_device (cey, scale);
      if (cex <= csx || cey <= csy)
        return;
      gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT ((float) csx, (float) csy,
                                                             (float) (cex - csx), (float) (cey - csy)));
      gtk_snapshot_append_texture (snapshot, texture,
                                   &GRAPHENE_RECT_INIT ((float) sx, (float) sy,
                                                        (float) (ex - sx), (float) (ey - sy)));
      gtk_snapshot_pop (snapshot);
    }
}

static void
snapshot_cpu (MsTileView  *self,
              GtkSnapshot *snapshot)
{
  MsTileViewPrivate *priv = PRIV (self);
  MsTileViewClass *klass = MS_TILE_VIEW_GET_CLASS (self);
  guint level = ms_tile_view_get_level (self);
  gboolean sharp = klass->draw_sharp != NULL && klass->draw_sharp (self, device_zoom (self));
  guint tx0, ty0, tx1, ty1;
  guint n_drawn = 0, n_own = 0, n_wanted = 0;

  /* The tiles this frame draws stay until the next: those that arrive
   * meanwhile never evict one that is on screen (ms_tile_lru_begin_use ()). */
  ms_tile_lru_begin_use (priv->cpu_tiles);
  visible_tiles (self, level, &tx0, &ty0, &tx1, &ty1);
  for (guint ty = ty0; ty < ty1; ty++)
    for (guint tx = tx0; tx < tx1; tx++)
      {
        CpuTile *tile = NULL;
        MsTileKey key = { level, tx, ty };

        for (guint up = level; tile == NULL && up <= priv->top_level; up++)
          {
            key = (MsTileKey) { up, tx >> (up - level), ty >> (up - level) };
            tile = cpu_tile_peek (self, &key);
          }
        n_wanted++;
        if (tile == NULL)
          continue;
        /* Drawn: keep it in the cache. */
        if (key.level != priv->top_level)
          ms_tile_lru_lookup (priv->cpu_tiles, &key);
        n_drawn++;
        n_own += key.level == level;
        snapshot_tile (self, snapshot, tile, &key, level, tx, ty, sharp);
      }
  count_frame (self, n_wanted, n_own, n_drawn);
}

static void
snapshot_background (MsTileView  *self,
                     GtkSnapshot *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { BACKGROUND_R, BACKGROUND_G, BACKGROUND_B, 1.0f },
                             &GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (widget),
                                                  (float) gtk_widget_get_height (widget)));
}

static void
ms_tile_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  MsTileView *self = MS_TILE_VIEW (widget);
  MsTileViewPrivate *priv = PRIV (self);

  if (!priv->has_map)
    {
      snapshot_background (self, snapshot);
      return;
    }

  priv->in_frame = TRUE;
  if (gl_mode (self))
    {
      /* The area clears to the background itself, opaque: no fill under
       * it (on software GL a fill of the whole view is a millisecond a
       * frame). */
      gtk_widget_snapshot_child (widget, priv->gl_area, snapshot);
    }
  else
    {
      snapshot_background (self, snapshot);
      snapshot_cpu (self, snapshot);
    }
  priv->in_frame = FALSE;
}

cairo_t *
ms_tile_view_append_map_cairo (MsTileView  *self,
                               GtkSnapshot *snapshot)
{
  MsTileViewPrivate *priv = PRIV (self);
  double zoom = ms_viewport_get_zoom (priv->viewport);
  double x0, y0;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                           &GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (GTK_WIDGET (self)),
                                                                (float) gtk_widget_get_height (GTK_WIDGET (self))));

  ms_viewport_screen_to_map (priv->viewport, 0, 0, &x0, &y0);
  cairo_scale (cr, zoom, zoom);
  cairo_translate (cr, -x0, -y0);
  return cr;
}

void
ms_tile_view_get_background (GdkRGBA *rgba)
{
  *rgba = (GdkRGBA) { BACKGROUND_R, BACKGROUND_G, BACKGROUND_B, 1.0f };
}

static void
ms_tile_view_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  MsTileViewPrivate *priv = PRIV (MS_TILE_VIEW (widget));
  double old_w = ms_viewport_get_width (priv->viewport);
  double old_h = ms_viewport_get_height (priv->viewport);

  ms_viewport_set_size (priv->viewport, width, height);
  if (priv->gl_area != NULL)
    gtk_widget_allocate (priv->gl_area, width, height, baseline, NULL);

  /* A fresh map is shown fitted to the first real size the view gets, and
   * its tiles are asked for now: the idle look would wait for the frame. */
  if (priv->has_map && old_w <= 1.0 && old_h <= 1.0 && width > 1 && height > 1)
    {
      ms_viewport_fit (priv->viewport);
      update_requests (MS_TILE_VIEW (widget));
    }
}

/* -------------------------------------------------------------- the map --- */

void
ms_tile_view_set_map (MsTileView *self,
                      double      width,
                      double      height,
                      guint       top_level)
{
  MsTileViewPrivate *priv;
  gboolean was_complete;

  g_return_if_fail (MS_IS_TILE_VIEW (self));

  priv = PRIV (self);
  cancel_requests (self);
  cpu_tiles_clear (self);
  drop_gl_renderer (self);
  priv->gl_uploads_before = 0;
  priv->has_highlight = FALSE;
  g_clear_handle_id (&priv->update_id, g_source_remove);
  priv->n_missing = 0;
  was_complete = priv->traced_whole;
  priv->traced_first = priv->traced_whole = FALSE;
  g_clear_handle_id (&priv->complete_idle_id, g_source_remove);
  ms_tile_view_reset_stats (self);

  priv->has_map = width > 0 && height > 0;
  priv->width = width;
  priv->height = height;
  priv->top_level = top_level;
  if (priv->has_map)
    {
      ms_viewport_set_map_size (priv->viewport, width, height);
      ms_viewport_set_size (priv->viewport, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
      ms_viewport_fit (priv->viewport);
      ensure_gl_renderer (self);
      /* Now, not from the idle: a window's first frame (realizing GL,
       * compiling shaders) would hold that back while the workers idle. */
      update_requests (self);
    }
  ms_tile_view_queue_update (self);
  if (was_complete)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PICTURE_COMPLETE]);
}

static void
on_viewport_changed (MsTileView *self)
{
  ms_tile_view_queue_update (self);
}

/* ------------------------------------------------------------- getters --- */

MsViewport *
ms_tile_view_get_viewport (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), NULL);
  return PRIV (self)->viewport;
}

void
ms_tile_view_get_map_size (MsTileView *self,
                           double     *width,
                           double     *height)
{
  MsTileViewPrivate *priv;

  g_return_if_fail (MS_IS_TILE_VIEW (self));

  priv = PRIV (self);
  *width = priv->has_map ? priv->width : 0;
  *height = priv->has_map ? priv->height : 0;
}

MsViewGestures *
ms_tile_view_get_gestures (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), NULL);
  return PRIV (self)->gestures;
}

gboolean
ms_tile_view_get_using_gl (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), FALSE);
  return PRIV (self)->gl_area != NULL && PRIV (self)->gl_ready;
}

const char *
ms_tile_view_get_renderer_problem (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), NULL);
  return ms_gl_fallback_get_problem (PRIV (self)->gl);
}

gboolean
ms_tile_view_get_picture_complete (MsTileView *self)
{
  g_return_val_if_fail (MS_IS_TILE_VIEW (self), FALSE);
  return PRIV (self)->traced_whole;
}

guint
ms_tile_view_get_n_pending (MsTileView *self)
{
  MsTileViewPrivate *priv;
  guint n;

  g_return_val_if_fail (MS_IS_TILE_VIEW (self), 0);

  priv = PRIV (self);
  if (!priv->has_map)
    return 0;
  n = g_hash_table_size (priv->requests) + priv->to_upload->len + priv->n_missing + priv->gl_top_due;
  n += priv->update_id != 0;
  /* GL, not drawn once yet: nothing is known to be on screen. */
  if (gl_mode (self) && !priv->gl_ready)
    n++;
  return n;
}

gboolean
ms_tile_view_holds_tile (MsTileView      *self,
                         const MsTileKey *key)
{
  MsTileViewPrivate *priv;
  CpuTile *tile;

  g_return_val_if_fail (MS_IS_TILE_VIEW (self), FALSE);

  priv = PRIV (self);
  if (!priv->has_map)
    return FALSE;
  if (gl_mode (self))
    return priv->gl_renderer != NULL && ms_gl_tile_renderer_has_tile (priv->gl_renderer, key);
  tile = cpu_tile_peek (self, key);
  return tile != NULL && !cpu_tile_is_stale (self, tile);
}

void
ms_tile_view_get_stats (MsTileView      *self,
                        MsTileViewStats *stats)
{
  g_return_if_fail (MS_IS_TILE_VIEW (self));
  *stats = PRIV (self)->stats;
}

void
ms_tile_view_reset_stats (MsTileView *self)
{
  g_return_if_fail (MS_IS_TILE_VIEW (self));
  PRIV (self)->stats = (MsTileViewStats) { 0, };
}

/* --------------------------------------------------- default CPU tiles --- */

static void
texture_tile_ready (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  MsTileView *self = g_task_get_source_object (task);
  MsTileViewClass *klass = MS_TILE_VIEW_GET_CLASS (self);
  GError *error = NULL;
  gpointer tile = get_tile_finish (result, &error);

  if (tile == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* Not coloured for a map the view no longer shows. */
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_pointer (task, klass->colour_tile (self, tile), g_object_unref);
  klass->tile_unref (tile);
}

static void
ms_tile_view_real_get_texture_async (MsTileView          *self,
                                     const MsTileKey     *key,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, ms_tile_view_real_get_texture_async);
  g_task_set_task_data (task, g_memdup2 (key, sizeof *key), g_free);
  ms_tile_pyramid_get_tile_async (MS_TILE_VIEW_GET_CLASS (self)->get_pyramid (self), key, cancellable,
                                  texture_tile_ready, task);
}

static GdkTexture *
ms_tile_view_real_get_texture_finish (MsTileView   *self,
                                      GAsyncResult *result,
                                      double       *cell_size,
                                      GError      **error)
{
  const MsTileKey *key = g_task_get_task_data (G_TASK (result));

  *cell_size = ldexp (1.0, (int) key->level);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* -------------------------------------------------------------- object --- */

static void
view_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  /* "map.zoom-in" and the like: the gestures know them without the
   * prefix. */
  ms_view_gestures_activate (PRIV (MS_TILE_VIEW (widget))->gestures, strchr (action_name, '.') + 1, parameter);
}

void
ms_tile_view_class_install_actions (MsTileViewClass *klass,
                                    const char      *prefix)
{
  ms_view_gestures_install_actions (GTK_WIDGET_CLASS (klass), prefix, view_action);
}

static void
ms_tile_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MsTileView *self = MS_TILE_VIEW (object);

  switch (prop_id)
    {
    case PROP_USING_GL:
      g_value_set_boolean (value, ms_tile_view_get_using_gl (self));
      break;
    case PROP_RENDERER_PROBLEM:
      g_value_set_string (value, ms_tile_view_get_renderer_problem (self));
      break;
    case PROP_PICTURE_COMPLETE:
      g_value_set_boolean (value, ms_tile_view_get_picture_complete (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_tile_view_constructed (GObject *object)
{
  MsTileView *self = MS_TILE_VIEW (object);
  MsTileViewPrivate *priv = PRIV (self);

  G_OBJECT_CLASS (ms_tile_view_parent_class)->constructed (object);

  /* The subclass's class is known only now. */
  priv->gestures = ms_view_gestures_new (GTK_WIDGET (self), priv->viewport,
                                         MS_TILE_VIEW_GET_CLASS (self)->pan_button);
  priv->to_upload = g_ptr_array_new_with_free_func (MS_TILE_VIEW_GET_CLASS (self)->tile_unref);
  priv->to_upload_keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  ms_tile_view_replay_attach (self);
}

static void
ms_tile_view_dispose (GObject *object)
{
  MsTileView *self = MS_TILE_VIEW (object);
  MsTileViewPrivate *priv = PRIV (self);

  g_clear_handle_id (&priv->update_id, g_source_remove);
  g_clear_handle_id (&priv->complete_idle_id, g_source_remove);
  if (priv->requests != NULL)
    cancel_requests (self);
  if (priv->gestures != NULL)
    ms_view_gestures_stop_kinetic (priv->gestures);
  g_clear_object (&priv->gestures);
  /* Unparenting unrealizes the area: the renderer goes with the context. */
  if (priv->gl != NULL)
    ms_gl_fallback_remove (priv->gl);
  priv->gl_area = NULL;
  g_clear_object (&priv->gl_renderer);
  g_clear_object (&priv->gl);
  priv->has_map = FALSE;
  if (priv->viewport != NULL)
    g_signal_handlers_disconnect_by_data (priv->viewport, self);
  g_clear_object (&priv->viewport);

  G_OBJECT_CLASS (ms_tile_view_parent_class)->dispose (object);
}

static void
ms_tile_view_finalize (GObject *object)
{
  MsTileViewPrivate *priv = PRIV (MS_TILE_VIEW (object));

  g_hash_table_destroy (priv->requests);
  g_clear_pointer (&priv->to_upload, g_ptr_array_unref);
  g_clear_pointer (&priv->to_upload_keys, g_array_unref);
  g_assert (priv->gl_top == NULL);
  ms_tile_lru_free (priv->cpu_tiles);
  g_clear_pointer (&priv->cpu_top, cpu_tile_free);

  G_OBJECT_CLASS (ms_tile_view_parent_class)->finalize (object);
}

static void
ms_tile_view_class_init (MsTileViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_tile_view_get_property;
  object_class->constructed = ms_tile_view_constructed;
  object_class->dispose = ms_tile_view_dispose;
  object_class->finalize = ms_tile_view_finalize;

  widget_class->snapshot = ms_tile_view_snapshot;
  widget_class->size_allocate = ms_tile_view_size_allocate;

  klass->get_texture_async = ms_tile_view_real_get_texture_async;
  if (g_getenv ("MAPSMITH_TILE_DELAY_MS") != NULL)
    tile_delay_ms = (guint) g_ascii_strtoull (g_getenv ("MAPSMITH_TILE_DELAY_MS"), NULL, 10);
  klass->get_texture_finish = ms_tile_view_real_get_texture_finish;

  properties[PROP_USING_GL] =
    g_param_spec_boolean ("using-gl", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RENDERER_PROBLEM] =
    g_param_spec_string ("renderer-problem", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* TRUE once a frame of this map showed every visible tile at the view's
   * own level; FALSE again for the next map. */
  properties[PROP_PICTURE_COMPLETE] =
    g_param_spec_boolean ("picture-complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_tile_view_init (MsTileView *self)
{
  MsTileViewPrivate *priv = PRIV (self);
  GtkWidget *area;

  priv->viewport = ms_viewport_new ();
  priv->requests = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  priv->cpu_tiles = ms_tile_lru_new (ms_tile_view_cache_budget (CPU_TILE_BUDGET), cpu_tile_free);
  g_signal_connect_swapped (priv->viewport, "notify", G_CALLBACK (on_viewport_changed), self);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  priv->gl = ms_gl_fallback_new (GTK_WIDGET (self));
  area = GTK_WIDGET (ms_gl_fallback_get_area (priv->gl));
  priv->gl_area = area;
  g_signal_connect_swapped (priv->gl, "fell-back", G_CALLBACK (on_fell_back), self);
  g_signal_connect (area, "realize", G_CALLBACK (on_gl_realize), self);
  g_signal_connect (area, "unrealize", G_CALLBACK (on_gl_unrealize), self);
  g_signal_connect (area, "render", G_CALLBACK (on_gl_render), self);
}
