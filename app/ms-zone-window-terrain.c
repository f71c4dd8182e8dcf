/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone window's 3D view (an MsTerrainSwitch): the source is made from
 * the zone view's own pyramid and follows the overlays panel's style.
 * Edits made while in 3D (undo, redo, a rule fill, a mask) show there: the
 * source drops its tiles on the pyramid's "tiles-invalidated".  The paint
 * tools are 2D only: the zone view takes their strokes, and in 3D
 * zone.tool is off (its buttons and keys insensitive) until the window is
 * back in 2D.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include "ms-terrain-zone-source.h"
#include "ms-zone-window-private.h"

static MsTerrainSource *
make_source (gpointer window)
{
  MsZoneWindow *self = window;
  MsZonePyramid *pyramid = ms_zone_view_get_pyramid (self->view);

  if (pyramid == NULL)
    return NULL;
  return ms_terrain_zone_source_new (pyramid, ms_zone_view_get_style (self->view));
}

static void
switched (gpointer window,
          gboolean three_d)
{
  MsZoneWindow *self = window;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.tool", !three_d);
  if (three_d)
    ms_zone_tool_controller_cancel (self->tools);
}

static const MsTerrainSwitchHooks hooks = { make_source, switched };

static void
on_map_motion (MsTerrainView *view,
               double         x,
               double         y,
               MsZoneWindow  *self)
{
  _ms_zone_window_hover (self, x, y);
}

/* A new zone makes a new source on the next switch; in 3D, at once. */
void
_ms_zone_window_update_terrain (MsZoneWindow *self)
{
  ms_terrain_switch_reset (&self->terrain, ms_zone_view_get_pyramid (self->view) != NULL);
}

void
_ms_zone_window_update_terrain_style (MsZoneWindow *self)
{
  MsTerrainSource *source = ms_terrain_switch_get_source (&self->terrain);

  if (source != NULL)
    ms_terrain_zone_source_set_style (MS_TERRAIN_ZONE_SOURCE (source),
                                      ms_zone_view_get_style (self->view));
}

void
_ms_zone_window_init_terrain (MsZoneWindow *self)
{
  MsTerrainView *view = ms_terrain_pane_get_view (self->terrain_pane);

  ms_terrain_switch_init (&self->terrain, GTK_WIDGET (self), &hooks, self->dimension_stack,
                          self->terrain_pane, GTK_WIDGET (self->view),
                          ms_zone_view_get_viewport (self->view));
  g_signal_connect (view, "map-motion", G_CALLBACK (on_map_motion), self);
  g_signal_connect_swapped (view, "map-leave", G_CALLBACK (_ms_zone_window_end_hover), self);
}

void
_ms_zone_window_terrain_dispose (MsZoneWindow *self)
{
  ms_terrain_switch_dispose (&self->terrain);
}
