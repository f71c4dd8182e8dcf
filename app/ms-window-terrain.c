/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window's 3D view (an MsTerrainSwitch): the source is made
 * from the map view's own pyramid and follows the window's style; a new
 * blueprint drops it.  The scale bar hides in 3D, and the hover readout
 * follows the point picked under the pointer.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include "ms-terrain-blueprint-source.h"
#include "ms-window-private.h"

static MsTerrainSource *
make_source (gpointer window)
{
  MsWindow *self = window;
  MsBlueprintPyramid *pyramid = ms_map_view_get_pyramid (self->map_view);

  if (pyramid == NULL)
    return NULL;
  return ms_terrain_blueprint_source_new (pyramid, ms_map_view_get_style (self->map_view));
}

static void
switched (gpointer window,
          gboolean three_d)
{
  MsWindow *self = window;

  /* A perspective has no one scale. */
  gtk_widget_set_visible (GTK_WIDGET (self->scale_bar), !three_d);
  ms_pixel_inspector_clear (self->inspector);
}

static const MsTerrainSwitchHooks hooks = { make_source, switched };

static void
on_map_motion (MsTerrainView *view,
               double         x,
               double         y,
               MsWindow      *self)
{
  ms_pixel_inspector_show_at (self->inspector, x, y);
}

/* A new blueprint (or none, or a difference shown) makes a new source on
 * the next switch; in 3D, at once. */
void
_ms_window_update_terrain (MsWindow *self)
{
  ms_terrain_switch_reset (&self->terrain, ms_map_view_get_pyramid (self->map_view) != NULL);
}

void
_ms_window_update_terrain_style (MsWindow *self)
{
  MsTerrainSource *source = ms_terrain_switch_get_source (&self->terrain);

  if (source != NULL)
    ms_terrain_blueprint_source_set_style (MS_TERRAIN_BLUEPRINT_SOURCE (source),
                                           ms_map_view_get_style (self->map_view));
}

void
_ms_window_init_terrain (MsWindow *self)
{
  MsTerrainView *view = ms_terrain_pane_get_view (self->terrain_pane);

  ms_terrain_switch_init (&self->terrain, GTK_WIDGET (self), &hooks, self->dimension_stack,
                          self->terrain_pane, GTK_WIDGET (self->map_view),
                          ms_map_view_get_viewport (self->map_view));
  g_signal_connect (view, "map-motion", G_CALLBACK (on_map_motion), self);
  g_signal_connect_swapped (view, "map-leave", G_CALLBACK (ms_pixel_inspector_clear), self->inspector);
}

void
_ms_window_terrain_dispose (MsWindow *self)
{
  ms_terrain_switch_dispose (&self->terrain);
}
