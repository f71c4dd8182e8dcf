/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone window's 3D view: win.view-3d (the header's "3D" toggle, F3)
 * swaps the zone view for an MsTerrainPane, whose source is made on the
 * first switch from the zone view's own pyramid and follows the overlays
 * panel's style.  Edits made while in 3D (undo, redo, a rule fill, a mask)
 * show there: the source drops its tiles on the pyramid's
 * "tiles-invalidated".  The paint tools are 2D only: the zone view takes
 * their strokes, and in 3D zone.tool is off (its buttons and keys
 * insensitive) until the window is back in 2D.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include "ms-terrain-zone-source.h"
#include "ms-zone-window-private.h"

static gboolean
showing_3d (MsZoneWindow *self)
{
  g_autoptr(GVariant) state = g_action_get_state (G_ACTION (self->view_3d_action));

  return g_variant_get_boolean (state);
}

static void
show_dimension (MsZoneWindow *self,
                gboolean      three_d)
{
  MsZonePyramid *pyramid = ms_zone_view_get_pyramid (self->view);

  if (three_d && pyramid != NULL && self->terrain_source == NULL)
    self->terrain_source = ms_terrain_zone_source_new (pyramid, ms_zone_view_get_style (self->view));
  three_d = three_d && self->terrain_source != NULL;
  g_simple_action_set_state (self->view_3d_action, g_variant_new_boolean (three_d));
  if (three_d)
    ms_terrain_pane_look_from (self->terrain_pane, self->terrain_source,
                               ms_zone_view_get_viewport (self->view));
  gtk_stack_set_visible_child_name (self->dimension_stack, three_d ? "3d" : "2d");
  gtk_widget_grab_focus (three_d ? GTK_WIDGET (ms_terrain_pane_get_view (self->terrain_pane))
                                 : GTK_WIDGET (self->view));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.tool", !three_d);
  if (three_d)
    ms_zone_tool_controller_cancel (self->tools);
}

static void
on_view_3d (GSimpleAction *action,
            GVariant      *state,
            MsZoneWindow  *self)
{
  show_dimension (self, g_variant_get_boolean (state));
}

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
  ms_terrain_pane_look_from (self->terrain_pane, NULL, NULL);
  g_clear_object (&self->terrain_source);
  g_simple_action_set_enabled (self->view_3d_action, ms_zone_view_get_pyramid (self->view) != NULL);
  show_dimension (self, showing_3d (self));
}

void
_ms_zone_window_update_terrain_style (MsZoneWindow *self)
{
  if (self->terrain_source != NULL)
    ms_terrain_zone_source_set_style (MS_TERRAIN_ZONE_SOURCE (self->terrain_source),
                                      ms_zone_view_get_style (self->view));
}

void
_ms_zone_window_init_terrain (MsZoneWindow *self)
{
  MsTerrainView *view = ms_terrain_pane_get_view (self->terrain_pane);

  self->view_3d_action = g_simple_action_new_stateful ("view-3d", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect (self->view_3d_action, "change-state", G_CALLBACK (on_view_3d), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (self->view_3d_action));
  g_simple_action_set_enabled (self->view_3d_action, FALSE);
  g_signal_connect (view, "map-motion", G_CALLBACK (on_map_motion), self);
  g_signal_connect_swapped (view, "map-leave", G_CALLBACK (_ms_zone_window_end_hover), self);
}

void
_ms_zone_window_terrain_dispose (MsZoneWindow *self)
{
  if (self->view_3d_action != NULL)
    g_signal_handlers_disconnect_by_data (self->view_3d_action, self);
  g_clear_object (&self->view_3d_action);
  g_clear_object (&self->terrain_source);
}
