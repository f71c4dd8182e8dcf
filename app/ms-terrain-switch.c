/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer's and the zone painter's 3D switch: the action, the lazily
 * made source and the page shown; each window adds its source type and
 * what else changes with the dimension (ms-window-terrain.c,
 * ms-zone-window-terrain.c).
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include "ms-terrain-switch.h"

static gboolean
showing_3d (MsTerrainSwitch *terrain)
{
  g_autoptr(GVariant) state = g_action_get_state (G_ACTION (terrain->action));

  return g_variant_get_boolean (state);
}

static void
show_dimension (MsTerrainSwitch *terrain,
                gboolean         three_d)
{
  if (three_d && terrain->source == NULL)
    terrain->source = terrain->hooks->make_source (terrain->window);
  three_d = three_d && terrain->source != NULL;
  g_simple_action_set_state (terrain->action, g_variant_new_boolean (three_d));
  if (three_d)
    ms_terrain_pane_look_from (terrain->pane, terrain->source, terrain->viewport);
  gtk_stack_set_visible_child_name (terrain->stack, three_d ? "3d" : "2d");
  /* The keys go to the view shown. */
  gtk_widget_grab_focus (three_d ? GTK_WIDGET (ms_terrain_pane_get_view (terrain->pane))
                                 : terrain->view_2d);
  terrain->hooks->switched (terrain->window, three_d);
}

static void
on_view_3d (GSimpleAction   *action,
            GVariant        *state,
            MsTerrainSwitch *terrain)
{
  show_dimension (terrain, g_variant_get_boolean (state));
}

void
ms_terrain_switch_init (MsTerrainSwitch            *terrain,
                        GtkWidget                  *window,
                        const MsTerrainSwitchHooks *hooks,
                        GtkStack                   *stack,
                        MsTerrainPane              *pane,
                        GtkWidget                  *view_2d,
                        MsViewport                 *viewport)
{
  g_return_if_fail (G_IS_ACTION_MAP (window));
  g_return_if_fail (hooks != NULL && hooks->make_source != NULL && hooks->switched != NULL);

  terrain->hooks = hooks;
  terrain->window = window;
  terrain->stack = stack;
  terrain->pane = pane;
  terrain->view_2d = view_2d;
  terrain->viewport = viewport;
  terrain->source = NULL;
  terrain->action = g_simple_action_new_stateful ("view-3d", NULL, g_variant_new_boolean (FALSE));
  g_signal_connect (terrain->action, "change-state", G_CALLBACK (on_view_3d), terrain);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (terrain->action));
  g_simple_action_set_enabled (terrain->action, FALSE);
}

void
ms_terrain_switch_reset (MsTerrainSwitch *terrain,
                         gboolean         available)
{
  ms_terrain_pane_look_from (terrain->pane, NULL, NULL);
  g_clear_object (&terrain->source);
  g_simple_action_set_enabled (terrain->action, available);
  /* bench/pan-zoom's 3D run (widgets/ms-terrain-view-replay.c) opens its
   * map in 3D, in the same window as the flat replay. */
  show_dimension (terrain, showing_3d (terrain) || (available && g_getenv ("MAPSMITH_BENCH_ORBIT") != NULL));
}

MsTerrainSource *
ms_terrain_switch_get_source (MsTerrainSwitch *terrain)
{
  return terrain->source;
}

void
ms_terrain_switch_dispose (MsTerrainSwitch *terrain)
{
  if (terrain->action != NULL)
    g_signal_handlers_disconnect_by_data (terrain->action, terrain);
  g_clear_object (&terrain->action);
  g_clear_object (&terrain->source);
}
