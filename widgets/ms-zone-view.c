/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone view: a zone drawn from its tile pyramid (MsTileView does the
 * tiles, GL and its CPU fallback), with the painter's tool outlines and
 * pointer on top (those are in ms-zone-view-tools.c).
 *
 * GL: MsZoneGlRenderer uploads the pyramid's tiles and colours them in a
 * shader.  On the CPU each tile is ms_render_zone () of the tile's area at
 * the tile's level, on a worker.  An edit invalidates only the tiles it
 * touched (the pyramid's "tiles-invalidated"): those are made again, the
 * stale ones drawn until then, so a brush paints without flashing and
 * without colouring the whole view per dab.
 */
#define G_LOG_DOMAIN "ms-zone-view"

#include "config.h"

#include <math.h>

#include "ms-map-marks.h"
#include "ms-zone-gl-renderer.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-tile-texture.h"
#include "ms-zone-outline.h"
#include "ms-zone-view-private.h"

#define PYRAMID_BUDGET   (256u << 20)
#define TEXTURE_BUDGET   (192u << 20)

enum
{
  PROP_0,
  PROP_ZONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MsZoneView, ms_zone_view, MS_TYPE_TILE_VIEW)

/* ---------------------------------------------------------------- tiles --- */

static MsTilePyramid *
get_pyramid (MsTileView *view)
{
  return (MsTilePyramid *) MS_ZONE_VIEW (view)->pyramid;
}

static void
tile_unref (gpointer tile)
{
  ms_zone_tile_unref (tile);
}

static void
get_texture_async (MsTileView          *view,
                   const MsTileKey     *key,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  MsZoneView *self = MS_ZONE_VIEW (view);

  ms_zone_tile_texture_async (self, self->zone, &self->style, key, cancellable, callback, user_data);
}

static GdkTexture *
get_texture_finish (MsTileView    *view,
                    GAsyncResult  *result,
                    double        *cell_size,
                    GError       **error)
{
  return ms_zone_tile_texture_finish (result, cell_size, error);
}

/* Tiles stay crisp when zoomed in, as the GL shader draws them. */
static gboolean
draw_sharp (MsTileView *view,
            double      device_zoom)
{
  return TRUE;
}

static void
on_tiles_invalidated (MsZonePyramid *pyramid,
                      GArray        *keys,
                      MsZoneView    *self)
{
  ms_tile_view_invalidate (MS_TILE_VIEW (self), (const MsTileKey *) (gpointer) keys->data, keys->len);
}

/* ------------------------------------------------------------------ GL --- */

static MsGlTileRenderer *
create_gl_renderer (MsTileView *view)
{
  MsZoneView *self = MS_ZONE_VIEW (view);
  MsZoneGlRenderer *renderer = ms_zone_gl_renderer_new (self->pyramid, ms_tile_view_cache_budget (TEXTURE_BUDGET));

  ms_zone_gl_renderer_set_style (renderer, &self->style);
  return MS_GL_TILE_RENDERER (renderer);
}

/* ------------------------------------------------------------ overlays --- */

static void
ms_zone_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  MsZoneView *self = MS_ZONE_VIEW (widget);

  GTK_WIDGET_CLASS (ms_zone_view_parent_class)->snapshot (widget, snapshot);
  _ms_zone_view_snapshot_tools (self, snapshot);
  ms_tile_view_snapshot_highlight (MS_TILE_VIEW (self), snapshot);
}

/* -------------------------------------------------------------- object --- */

void
ms_zone_view_set_zone (MsZoneView *self,
                       MsZone     *zone)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));
  g_return_if_fail (zone == NULL || MS_IS_ZONE (zone));

  if (self->zone == zone)
    return;

  /* Every tile and the renderer go before the pyramid they came from. */
  ms_tile_view_set_map (MS_TILE_VIEW (self), 0, 0, 0);
  ms_zone_view_set_preview (self, NULL, 0);
  if (self->pyramid != NULL)
    g_signal_handlers_disconnect_by_data (self->pyramid, self);
  g_clear_object (&self->pyramid);
  g_set_object (&self->zone, zone);

  if (zone != NULL)
    {
      self->pyramid = ms_zone_pyramid_new (zone, PYRAMID_BUDGET);
      g_signal_connect (self->pyramid, "tiles-invalidated", G_CALLBACK (on_tiles_invalidated), self);
      ms_tile_view_set_map (MS_TILE_VIEW (self), ms_zone_get_width (zone), ms_zone_get_height (zone),
                            ms_zone_pyramid_get_top_level (self->pyramid));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZONE]);
}

MsZone *
ms_zone_view_get_zone (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return self->zone;
}

MsZonePyramid *
ms_zone_view_get_pyramid (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return self->pyramid;
}

MsViewport *
ms_zone_view_get_viewport (MsZoneView *self)
{
  return ms_tile_view_get_viewport (MS_TILE_VIEW (self));
}

void
ms_zone_view_set_style (MsZoneView        *self,
                        const MsZoneStyle *style)
{
  g_return_if_fail (MS_IS_ZONE_VIEW (self));
  g_return_if_fail (style != NULL);

  self->style = *style;
  if (ms_tile_view_get_gl_renderer (MS_TILE_VIEW (self)) != NULL)
    ms_zone_gl_renderer_set_style (MS_ZONE_GL_RENDERER (ms_tile_view_get_gl_renderer (MS_TILE_VIEW (self))), style);
  /* CPU tiles are coloured: a new style makes them stale. */
  ms_tile_view_invalidate (MS_TILE_VIEW (self), NULL, 0);
}

const MsZoneStyle *
ms_zone_view_get_style (MsZoneView *self)
{
  g_return_val_if_fail (MS_IS_ZONE_VIEW (self), NULL);
  return &self->style;
}

void
ms_zone_view_set_highlight (MsZoneView *self,
                            guint       x,
                            guint       y,
                            guint       width,
                            guint       height)
{
  ms_tile_view_set_highlight (MS_TILE_VIEW (self), &(MsRect) { x, y, width, height });
}

gboolean
ms_zone_view_get_highlight (MsZoneView *self,
                            guint      *x,
                            guint      *y,
                            guint      *width,
                            guint      *height)
{
  MsRect rect = { 0 };
  gboolean shown = ms_tile_view_get_highlight (MS_TILE_VIEW (self), &rect);

  if (x != NULL)
    *x = rect.x;
  if (y != NULL)
    *y = rect.y;
  if (width != NULL)
    *width = rect.width;
  if (height != NULL)
    *height = rect.height;
  return shown;
}

static void
ms_zone_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ZONE:
      g_value_set_object (value, MS_ZONE_VIEW (object)->zone);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_zone_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_ZONE:
      ms_zone_view_set_zone (MS_ZONE_VIEW (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_zone_view_dispose (GObject *object)
{
  MsZoneView *self = MS_ZONE_VIEW (object);

  ms_zone_view_set_zone (self, NULL);
  g_clear_pointer (&self->tools.preview, g_array_unref);

  G_OBJECT_CLASS (ms_zone_view_parent_class)->dispose (object);
}

static void
ms_zone_view_finalize (GObject *object)
{
  ms_zone_outline_clear (&MS_ZONE_VIEW (object)->tools);

  G_OBJECT_CLASS (ms_zone_view_parent_class)->finalize (object);
}

static void
ms_zone_view_class_init (MsZoneViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  MsTileViewClass *view_class = MS_TILE_VIEW_CLASS (klass);

  object_class->get_property = ms_zone_view_get_property;
  object_class->set_property = ms_zone_view_set_property;
  object_class->dispose = ms_zone_view_dispose;
  object_class->finalize = ms_zone_view_finalize;

  widget_class->snapshot = ms_zone_view_snapshot;

  /* The primary button is the painter's; the middle one pans. */
  view_class->pan_button = GDK_BUTTON_MIDDLE;
  view_class->get_pyramid = get_pyramid;
  view_class->tile_unref = tile_unref;
  view_class->get_texture_async = get_texture_async;
  view_class->get_texture_finish = get_texture_finish;
  view_class->draw_sharp = draw_sharp;
  view_class->create_gl_renderer = create_gl_renderer;
  /* A zone without the layer shown is not a GL failure: clear and wait
   * for another layer. */
  view_class->gl_blank_domain = MS_ZONE_ERROR;
  view_class->gl_blank_code = MS_ZONE_ERROR_NO_LAYER;

  properties[PROP_ZONE] =
    g_param_spec_object ("zone", NULL, NULL, MS_TYPE_ZONE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _ms_zone_view_class_init_tools (klass);
  ms_tile_view_class_install_actions (view_class, "zone-view");
  gtk_widget_class_set_css_name (widget_class, "zoneview");
}

static void
ms_zone_view_init (MsZoneView *self)
{
  ms_zone_outline_init (&self->tools);
  ms_zone_style_init (&self->style);
  _ms_zone_view_init_tools (self);
}

GtkWidget *
ms_zone_view_new (void)
{
  return g_object_new (MS_TYPE_ZONE_VIEW, NULL);
}
