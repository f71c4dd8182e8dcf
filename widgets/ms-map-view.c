/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map view: a blueprint drawn from its tile pyramid (MsTileView does
 * the tiles, GL and its CPU fallback), with the blueprint's overlays, the
 * highlight and the marks on top.  GL colours MsBlueprintGlRenderer's tiles
 * in a shader; on the CPU each tile is coloured by the CPU colour model.
 *
 * Instead of a blueprint the view can show the difference of two: see
 * ms-map-view-difference.c.
 */
#define G_LOG_DOMAIN "ms-map-view"

#include "config.h"


#include "ms-blueprint-pyramid.h"
#include "ms-blueprint-gl-renderer.h"
#include "ms-map-marks.h"
#include "ms-map-view-private.h"

/* Issue #12: a 16K map pans in ≤ 512 MiB of private memory, and under
 * Mesa's llvmpipe the textures are private memory too.  96 MiB holds about
 * 115 grid tiles, 64 MiB about 60 RGBA32F textures: a 1280×800 view shows
 * some 36 across two levels (bench/pan-zoom: 0 hole frames, ~400 MiB).
 * At a level's smallest zoom it shows up to ~90: the textures a frame draws
 * are kept past the budget (ms_tile_lru_begin_use ()), never evicted and
 * asked for again for ever (issue #36). */
#define PYRAMID_BUDGET   (96u << 20)
#define TEXTURE_BUDGET   (64u << 20)

enum
{
  PROP_0,
  PROP_BLUEPRINT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsMapView, ms_map_view, MS_TYPE_TILE_VIEW)

/* ---------------------------------------------------------------- tiles --- */

static MsTilePyramid *
get_pyramid (MsTileView *view)
{
  return (MsTilePyramid *) MS_MAP_VIEW (view)->pyramid;
}

static void
tile_unref (gpointer tile)
{
  ms_blueprint_tile_unref (tile);
}

static GdkTexture *
colour_tile (MsTileView *view,
             gpointer    data)
{
  MsMapView *self = MS_MAP_VIEW (view);
  MsBlueprintTile *tile = data;
  g_autoptr(GBytes) bytes = NULL;
  gsize stride = (gsize) tile->width * 4;
  guint32 *pixels = g_malloc (stride * tile->height);

  ms_blueprint_colour_grid (self->blueprint, &self->style, &tile->grid, pixels, (int) tile->width, NULL);
  bytes = g_bytes_new_take (pixels, stride * tile->height);
  /* ARGB32 in native order is B8G8R8A8 premultiplied on little-endian. */
  return gdk_memory_texture_new ((int) tile->width, (int) tile->height,
                                 GDK_MEMORY_DEFAULT, bytes, stride);
}

/* ------------------------------------------------------------------ GL --- */

static MsGlTileRenderer *
create_gl_renderer (MsTileView *view)
{
  MsMapView *self = MS_MAP_VIEW (view);
  MsBlueprintGlRenderer *renderer;

  if (self->pyramid == NULL)
    return NULL;
  renderer = ms_blueprint_gl_renderer_new (self->pyramid, ms_tile_view_cache_budget (TEXTURE_BUDGET));
  ms_blueprint_gl_renderer_set_style (renderer, &self->style);
  return MS_GL_TILE_RENDERER (renderer);
}

/* ------------------------------------------------------------- drawing --- */

/* Whether the overlays draw anything: a map without roads and towns gets
 * no cairo node, which costs a view-sized upload and blend a frame. */
static gboolean
has_overlays (MsMapView *self)
{
  float op[MS_N_STACK_LAYERS];
  guint n_towns = 0;

  if (self->blueprint == NULL)
    return FALSE;
  ms_blueprint_style_get_opacities (&self->style, op);
  if (op[MS_STACK_TOWNS] > 0.0f)
    {
      ms_blueprint_get_towns (self->blueprint, &n_towns);
      if (n_towns > 0)
        return TRUE;
    }
  if (op[MS_STACK_ROADS] > 0.0f)
    for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
      if (ms_blueprint_get_n_paths (self->blueprint, tier) > 0)
        return TRUE;
  return FALSE;
}

static void
ms_map_view_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  MsMapView *self = MS_MAP_VIEW (widget);
  MsViewport *vp = ms_tile_view_get_viewport (MS_TILE_VIEW (self));

  GTK_WIDGET_CLASS (ms_map_view_parent_class)->snapshot (widget, snapshot);
  if (self->pyramid == NULL && self->diff == NULL)
    return;

  if (has_overlays (self))
    {
      cairo_t *cr = ms_tile_view_append_map_cairo (MS_TILE_VIEW (self), snapshot);

      ms_blueprint_draw_overlays (self->blueprint, &self->style, cr, 1.0 / ms_viewport_get_zoom (vp));
      cairo_destroy (cr);
    }

  if (self->marks.func != NULL || self->marks.path != NULL)
    {
      double x0, y0, x1, y1;
      guint n = self->diff != NULL ? ms_diff_pyramid_get_grid_size (self->diff)
                                   : ms_blueprint_get_map_size (self->blueprint);

      ms_tile_view_get_visible (MS_TILE_VIEW (self), &x0, &y0, &x1, &y1);
      ms_map_marks_snapshot (&self->marks, snapshot, vp, n, x0, y0, x1, y1);
    }

  ms_tile_view_snapshot_highlight (MS_TILE_VIEW (self), snapshot);
}

/* -------------------------------------------------------------- object --- */

MsBlueprintPyramid *
ms_map_view_create_pyramid (MsBlueprint *blueprint)
{
  g_return_val_if_fail (MS_IS_BLUEPRINT (blueprint), NULL);
  return ms_blueprint_pyramid_new (blueprint, PYRAMID_BUDGET);
}

/* Shows @blueprint from @pyramid (made for it), or nothing. */
static void
show_blueprint (MsMapView          *self,
                MsBlueprint        *blueprint,
                MsBlueprintPyramid *pyramid)
{
  /* Every tile and the renderer go before the pyramid they came from. */
  ms_tile_view_set_map (MS_TILE_VIEW (self), 0, 0, 0);
  g_clear_object (&self->diff);
  ms_map_view_set_marks (self, NULL, NULL, NULL);
  g_clear_object (&self->pyramid);
  g_set_object (&self->blueprint, blueprint);

  if (blueprint != NULL)
    {
      guint n = ms_blueprint_get_map_size (blueprint);

      self->pyramid = g_object_ref (pyramid);
      ms_tile_view_set_map (MS_TILE_VIEW (self), n, n, ms_blueprint_pyramid_get_top_level (self->pyramid));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLUEPRINT]);
}

void
ms_map_view_set_blueprint (MsMapView   *self,
                           MsBlueprint *blueprint)
{
  g_autoptr(MsBlueprintPyramid) pyramid = NULL;

  g_return_if_fail (MS_IS_MAP_VIEW (self));
  g_return_if_fail (blueprint == NULL || MS_IS_BLUEPRINT (blueprint));

  if (self->blueprint == blueprint && self->diff == NULL)
    return;
  if (blueprint != NULL)
    pyramid = ms_map_view_create_pyramid (blueprint);
  show_blueprint (self, blueprint, pyramid);
}

void
ms_map_view_set_pyramid (MsMapView          *self,
                         MsBlueprintPyramid *pyramid)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));
  g_return_if_fail (MS_IS_BLUEPRINT_PYRAMID (pyramid));

  if (self->pyramid == pyramid && self->diff == NULL)
    return;
  show_blueprint (self, ms_blueprint_pyramid_get_blueprint (pyramid), pyramid);
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
MsBlueprint *
ms_map_view_get_blueprint (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return self->blueprint;
}

MsBlueprintPyramid *
ms_map_view_get_pyramid (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return self->pyramid;
}

MsViewport *
ms_map_view_get_viewport (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return ms_tile_view_get_viewport (MS_TILE_VIEW (self));
}

void
ms_map_view_set_style (MsMapView              *self,
                       const MsBlueprintStyle *style)
{
  MsGlTileRenderer *gl_renderer;

  g_return_if_fail (MS_IS_MAP_VIEW (self));

  self->style = *style;
  gl_renderer = ms_tile_view_get_gl_renderer (MS_TILE_VIEW (self));
  if (gl_renderer != NULL)
    ms_blueprint_gl_renderer_set_style (MS_BLUEPRINT_GL_RENDERER (gl_renderer), style);
  /* CPU tiles are coloured: a new style makes them stale. */
  ms_tile_view_invalidate (MS_TILE_VIEW (self), NULL, 0);
}

void
ms_map_view_set_highlight (MsMapView    *self,
                           const MsRect *rect)
{
  ms_tile_view_set_highlight (MS_TILE_VIEW (self), rect);
}

gboolean
ms_map_view_get_highlight (MsMapView *self,
                           MsRect    *rect)
{
  return ms_tile_view_get_highlight (MS_TILE_VIEW (self), rect);
}

void
ms_map_view_set_marks (MsMapView         *self,
                       MsMapViewMarkFunc  func,
                       gpointer           user_data,
                       GDestroyNotify     destroy)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));

  ms_map_marks_set (&self->marks, func, user_data, destroy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ms_map_view_set_marks_path (MsMapView     *self,
                            const MsPoint *points,
                            guint          n_points)
{
  g_return_if_fail (MS_IS_MAP_VIEW (self));

  ms_map_marks_set_path (&self->marks, points, n_points);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

cairo_surface_t *
ms_map_view_get_marks_surface (MsMapView *self,
                               guint     *x0,
                               guint     *y0)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);

  if (self->marks.surface == NULL)
    return NULL;
  *x0 = self->marks.rect.x;
  *y0 = self->marks.rect.y;
  return self->marks.surface;
}

const MsBlueprintStyle *
ms_map_view_get_style (MsMapView *self)
{
  g_return_val_if_fail (MS_IS_MAP_VIEW (self), NULL);
  return &self->style;
}

static void
ms_map_view_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BLUEPRINT:
      g_value_set_object (value, MS_MAP_VIEW (object)->blueprint);
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
  switch (prop_id)
    {
    case PROP_BLUEPRINT:
      ms_map_view_set_blueprint (MS_MAP_VIEW (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_map_view_dispose (GObject *object)
{
  MsMapView *self = MS_MAP_VIEW (object);

  /* The renderer and the requests go before the pyramids. */
  ms_tile_view_set_map (MS_TILE_VIEW (self), 0, 0, 0);
  ms_map_marks_set (&self->marks, NULL, NULL, NULL);
  g_clear_object (&self->diff);
  g_clear_object (&self->pyramid);
  g_clear_object (&self->blueprint);

  G_OBJECT_CLASS (ms_map_view_parent_class)->dispose (object);
}

static void
ms_map_view_class_init (MsMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MsTileViewClass *view_class = MS_TILE_VIEW_CLASS (klass);

  object_class->get_property = ms_map_view_get_property;
  object_class->set_property = ms_map_view_set_property;
  object_class->dispose = ms_map_view_dispose;

  widget_class->snapshot = ms_map_view_snapshot;

  /* The primary button pans: the blueprint view has no tools. */
  view_class->pan_button = GDK_BUTTON_PRIMARY;
  view_class->get_pyramid = get_pyramid;
  view_class->tile_unref = tile_unref;
  view_class->colour_tile = colour_tile;
  view_class->create_gl_renderer = create_gl_renderer;
  _ms_map_view_class_init_difference (view_class);

  properties[PROP_BLUEPRINT] =
    g_param_spec_object ("blueprint", NULL, NULL, MS_TYPE_BLUEPRINT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ms_tile_view_class_install_actions (view_class, "map");
  gtk_widget_class_set_css_name (widget_class, "mapview");
}

static void
ms_map_view_init (MsMapView *self)
{
  ms_blueprint_style_init (&self->style);
}

GtkWidget *
ms_map_view_new (void)
{
  return g_object_new (MS_TYPE_MAP_VIEW, NULL);
}
