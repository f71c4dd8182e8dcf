/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window's 3D view: win.view-3d (the header's "3D" toggle, F3)
 * swaps the map view for an MsTerrainPane.  Its source is made on the
 * first switch, from the map view's own pyramid (the tiles the 2D view
 * already has), and follows the window's style; a new blueprint drops it.
 * The hover readout follows the point picked under the pointer.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include "ms-terrain-blueprint-source.h"
#include "ms-window-private.h"

static gboolean
showing_3d (MsWindow *self)
{
  g_autoptr(GVariant) state = g_action_get_state (G_ACTION (self->view_3d_action));

  return g_variant_get_boolean (state);
}

static void
show_dimension (MsWindow *self,
                gboolean  three_d)
{
  MsBlueprintPyramid *pyramid = ms_map_view_get_pyramid (self->map_view);

  if (three_d && pyramid != NULL && self->terrain_source == NULL)
    self->terrain_source = ms_terrain_blueprint_source_new (pyramid, ms_map_view_get_style (self->map_view));
  three_d = three_d && self->terrain_source != NULL;
  g_simple_action_set_state (self->view_3d_action, g_variant_new_boolean (three_d));
  if (three_d)
    ms_terrain_pane_look_from (self->terrain_pane, self->terrain_source,
                               ms_map_view_get_viewport (self->map_view));
  gtk_stack_set_visible_child_name (self->dimension_stack, three_d ? "3d" : "2d");
  /* The keys go to the view shown. */
  gtk_widget_grab_focus (three_d ? GTK_WIDGET (ms_terrain_pane_get_view (self->terrain_pane))
                                 : GTK_WIDGET (self->map_view));
  /* A perspective has no one scale. */
  gtk_widget_set_visible (GTK_WIDGET (self->scale_bar), !three_d);
  ms_pixel_inspector_clear (self->inspector);
}

static void
on_view_3d (GSimpleAction *action,
            GVariant      *state,
            MsWindow      *self)
{
  show_dimension (self, g_variant_get_boolean (state));
}

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
  MsBlueprintPyramid *pyramid = ms_map_view_get_pyramid (self->map_view);

  ms_terrain_pane_look_from (self->terrain_pane, NULL, NULL);
  g_clear_object (&self->terrain_source);
  g_simple_action_set_enabled (self->view_3d_action, pyramid != NULL);
  show_dimension (self, showing_3d (self));
}

void
_ms_window_update_terrain_style (MsWindow *self)
{
  if (self->terrain_source != NULL)
    ms_terrain_blueprint_source_set_style (MS_TERRAIN_BLUEPRINT_SOURCE (self->terrain_source),
                                           ms_map_view_get_style (self->map_view));
}

void
_ms_window_init_terrain (MsWindow *self)
{
  MsTerrainView *view = ms_terrain_pane_get_view (self->terrain_pane);

  self->view_3d_action = g_simple_action_new_stateful ("view-3d", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect (self->view_3d_action, "change-state", G_CALLBACK (on_view_3d), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (self->view_3d_action));
  g_signal_connect (view, "map-motion", G_CALLBACK (on_map_motion), self);
  g_signal_connect_swapped (view, "map-leave", G_CALLBACK (ms_pixel_inspector_clear), self->inspector);
  g_simple_action_set_enabled (self->view_3d_action, FALSE);
}

void
_ms_window_terrain_dispose (MsWindow *self)
{
  if (self->view_3d_action != NULL)
    g_signal_handlers_disconnect_by_data (self->view_3d_action, self);
  g_clear_object (&self->view_3d_action);
  g_clear_object (&self->terrain_source);
}
