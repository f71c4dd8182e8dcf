/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-render-image.h"  /* MsRect */
#include "ms-gl-tile-renderer.h"    /* MsGlView */
#include "ms-tile.h"
#include "ms-tile-pyramid.h"
#include "ms-view-gestures.h"
#include "ms-viewport.h"

G_BEGIN_DECLS

/* The base of the map and zone views: a map of tiles (MsTileKey levels,
 * map coordinates the viewport's: blueprint pixels or zone tiles) drawn
 * with OpenGL by a subclass's renderer, or as CPU textures when GL fails.
 *
 * It owns the viewport, the pan/zoom gestures, the GtkGLArea and its
 * fall-back, the tile requests and the CPU tiles.  Requests are made in an
 * idle after the viewport or the picture changed, never while a frame is
 * drawn; each has its own GCancellable.  Until a tile is there the nearest
 * coarser one that is stands in, and the top tile (the whole map) is kept,
 * so a pan never shows a hole once the first tile arrived.  A CPU tile an
 * edit made stale (ms_tile_view_invalidate ()) is drawn until its new one
 * arrives, and only the visible stale tiles are made again.
 *
 * Tiles are opaque to the base: the subclass's vfuncs make them. */
#define MS_TYPE_TILE_VIEW (ms_tile_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (MsTileView, ms_tile_view, MS, TILE_VIEW, GtkWidget)

struct _MsTileViewClass
{
  GtkWidgetClass parent_class;

  /* The mouse button that pans (0: any); set in class_init. */
  guint        pan_button;

  /* The pyramid the tiles come from (NULL: none), fetched on a worker
   * with ms_tile_pyramid_get_tile_async (); tile_unref drops a tile. */
  MsTilePyramid *(*get_pyramid)      (MsTileView          *self);
  void         (*tile_unref)         (gpointer             tile);

  /* A CPU tile: the texture of @key, with *cell_size map units per texel.
   * The default fetches get_tile_async's tile and colours it with
   * colour_tile in the main loop (cell size 2^level). */
  void         (*get_texture_async)  (MsTileView          *self,
                                      const MsTileKey     *key,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
  GdkTexture  *(*get_texture_finish) (MsTileView          *self,
                                      GAsyncResult        *result,
                                      double              *cell_size,
                                      GError             **error);
  GdkTexture  *(*colour_tile)        (MsTileView          *self,
                                      gpointer             tile);
  /* Optional: TRUE to draw CPU textures nearest (crisp texels) at this
   * device zoom, for textures made by ms_tile_view_texture_new (). */
  gboolean     (*draw_sharp)         (MsTileView          *self,
                                      double               device_zoom);

  /* Optional: FALSE to draw CPU textures even while GL works. */
  gboolean     (*wants_gl)           (MsTileView          *self);
  /* GL, with the area's context current: a new, unrealized renderer for
   * the current map with its style set, or NULL when there is none.  The
   * view realizes, feeds, draws and frees it; a draw failing with
   * gl_blank_domain/gl_blank_code clears the frame instead of falling back
   * (a zone without the layer shown). */
  MsGlTileRenderer *(*create_gl_renderer) (MsTileView      *self);
  GQuark       gl_blank_domain;
  int          gl_blank_code;

  gpointer     padding[7];
};

/* Counters for tests and benchmarks, since the map was set (or the last
 * ms_tile_view_reset_stats ()). */
typedef struct
{
  guint64 requests;            /* tiles asked for */
  guint64 requests_in_frame;   /* ... of them while a frame was drawn: 0 */
  guint64 textures_made;       /* CPU tiles made (coloured or rendered) */
  guint64 frames;              /* frames drawn with a map */
  guint64 hole_frames;         /* ... of them with a visible tile that had
                                * no tile, not even a coarser one */
  guint64 standin_frames;      /* ... with a coarser tile standing in */
  guint64 whole_frames;        /* ... with every visible tile its own */
} MsTileViewStats;

/* For subclasses. */
/* The map is now @width × @height (0: none) with @top_level its coarsest
 * level: drops every tile and the GL renderer, fits the view, and makes
 * the renderer again (create_gl_renderer) when it can.  Call it after the
 * subclass's own source changed. */
void        ms_tile_view_set_map           (MsTileView      *self,
                                            double           width,
                                            double           height,
                                            guint            top_level);
/* The tiles of @keys changed: a request in flight for one is made again,
 * a CPU tile is stale (drawn until its new one is here).  NULL: all. */
void        ms_tile_view_invalidate        (MsTileView      *self,
                                            const MsTileKey *keys,
                                            guint            n_keys);
/* The picture changed in a way the GL renderer knows (a style): redraw
 * and look for tiles again. */
void        ms_tile_view_queue_update      (MsTileView      *self);
/* TRUE once the subclass's GL renderer is made and drawing. */
gboolean    ms_tile_view_get_gl_ready      (MsTileView      *self);
/* Outlines @rect of the map (cells: map pixels, zone tiles); NULL or an
 * empty one removes it, as does a new map.  Subclasses draw it last in
 * their snapshot, over their own overlays. */
void        ms_tile_view_set_highlight     (MsTileView      *self,
                                            const MsRect    *rect);
gboolean    ms_tile_view_get_highlight     (MsTileView      *self,
                                            MsRect          *rect);
void        ms_tile_view_snapshot_highlight (MsTileView     *self,
                                             GtkSnapshot    *snapshot);
/* The renderer create_gl_renderer made, or NULL; and the textures every
 * renderer of this map uploaded. */
MsGlTileRenderer *ms_tile_view_get_gl_renderer (MsTileView    *self);
guint64     ms_tile_view_get_n_gl_uploads  (MsTileView      *self);
/* The bytes a view's own tile cache keeps (its GL textures, its CPU
 * tiles): @budget, or MAPSMITH_TILE_CACHE_KIB kibibytes where that is set
 * (tests of a view whose visible tiles outgrow its cache).  The tiles a
 * frame draws are kept whatever the budget (ms_tile_lru_begin_use ()). */
gsize       ms_tile_view_cache_budget      (gsize            budget);
/* Whether the view's own cache (its GL renderer's textures, or its CPU
 * tiles) holds tile @key, up to date: what it can draw without asking. */
gboolean    ms_tile_view_holds_tile        (MsTileView      *self,
                                            const MsTileKey *key);
/* Makes the GL area's context current; FALSE without a working one. */
gboolean    ms_tile_view_gl_make_current   (MsTileView      *self);
/* Clears the bound framebuffer to the views' background. */
void        ms_tile_view_gl_clear          (void);
/* A texture of @surface (referenced) whose texels are @cell_size map
 * units, drawable crisp (draw_sharp). */
GdkTexture *ms_tile_view_texture_new       (cairo_surface_t *surface,
                                            double           cell_size);
/* A cairo context over the whole view whose user space is map
 * coordinates; the caller destroys it. */
cairo_t    *ms_tile_view_append_map_cairo  (MsTileView      *self,
                                            GtkSnapshot     *snapshot);
/* The map point at the view's top-left corner and at its bottom-right. */
void        ms_tile_view_get_visible       (MsTileView      *self,
                                            double          *x0,
                                            double          *y0,
                                            double          *x1,
                                            double          *y1);

/* Installs "@prefix.zoom-in", "…zoom-out", "…zoom-fit", "…zoom-actual"
 * and "…pan" on a subclass, with their keys (ms-view-gestures.h). */
void        ms_tile_view_class_install_actions (MsTileViewClass *klass,
                                                const char      *prefix);

/* For everyone. */
MsViewport     *ms_tile_view_get_viewport       (MsTileView *self);
MsViewGestures *ms_tile_view_get_gestures       (MsTileView *self);
/* The map's size in map units; 0 × 0 without one. */
void            ms_tile_view_get_map_size       (MsTileView *self,
                                                 double     *width,
                                                 double     *height);
/* The level drawn at the current zoom. */
guint           ms_tile_view_get_level          (MsTileView *self);
/* TRUE while drawing with OpenGL; FALSE once it fell back to the CPU. */
gboolean        ms_tile_view_get_using_gl       (MsTileView *self);
/* Why the view draws on the CPU, or NULL. */
const char     *ms_tile_view_get_renderer_problem (MsTileView *self);
/* TRUE once a frame of the current map drew every visible tile at the
 * view's own level (notified after that frame); FALSE for a new map. */
gboolean        ms_tile_view_get_picture_complete (MsTileView *self);
/* Work not yet on screen: requests in flight, tiles waiting for GL, a
 * look for tiles due, visible tiles missing or stale; 0 when complete. */
guint           ms_tile_view_get_n_pending      (MsTileView *self);
void            ms_tile_view_get_stats          (MsTileView      *self,
                                                 MsTileViewStats *stats);
void            ms_tile_view_reset_stats        (MsTileView *self);
/* The views' background colour, for images that show what a view shows. */
void            ms_tile_view_get_background     (GdkRGBA    *rgba);

G_END_DECLS
