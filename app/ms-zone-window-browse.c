/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's ruler (win.ruler, M) and Page Down / Page Up: the
 * next or previous zone id of the same folder (model/zone/ms-zone-directory.c),
 * skipping zones that would not open.  Unsaved edits are asked about first
 * by the close question's dialog, worded for the switch.  At either end it
 * stops and says so in the banner, as the viewer does.
 *
 * The ruler never paints: while it is on, it lies over the zone view and
 * takes every pointer event there (pan and zoom included), so the tools
 * see none; a stroke or shape under way is ended or dropped when it turns
 * on.  One tile is MS_ZONE_TILE_METRES across, and the ruler counts the
 * zone's tiles whose centre lies inside a closed polygon.
 *
 * The profile (win.profile, Shift+M) is the ruler's path as heights, the
 * zone's altitude >> 5 with the tiles where the server's slope check fails
 * marked: an MsProfilePane under the map, made again after an edit,
 * exported with win.export-profile ("csv", "png", "svg").
 */
#define G_LOG_DOMAIN "ms-zone-window"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-measure.h"
#include "ms-window.h"
#include "ms-profile-export.h"
#include "ms-zone-directory.h"
#include "ms-zone-window-private.h"

void
_ms_zone_window_switch_zone (MsZoneWindow *self,
                             guint         zone_id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_strdup (self->dir);

  /* Here the edits are saved or given up (asked before): a journal of the
   * zone left would offer them again. */
  ms_zone_tool_controller_end_stroke (self->tools);
  if (self->autosave != NULL && !ms_zone_is_dirty (self->zone))
    ms_zone_autosave_discard (self->autosave, NULL);
  _ms_zone_window_stop_autosave (self);
  if (!ms_zone_window_open (self, dir, zone_id, &error))
    _ms_zone_window_show_banner (self, error->message, FALSE);
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  int step = g_str_equal (action_name, "win.next-zone") ? 1 : -1;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) zones = NULL;
  g_autofree char *message = NULL;
  const MsZoneDirEntry *best = NULL;

  if (self->zone == NULL || self->dir == NULL || self->close_dialog != NULL ||
      ms_zone_tool_controller_is_painting (self->tools))
    return;
  zones = ms_zone_directory_scan (self->dir, NULL, &error);
  if (zones == NULL)
    {
      _ms_zone_window_show_banner (self, error->message, FALSE);
      return;
    }
  /* Sorted by id: the first after, or the last before. */
  for (guint i = 0; i < zones->len; i++)
    {
      const MsZoneDirEntry *entry = g_ptr_array_index (zones, i);

      if (entry->width == 0)
        continue;
      if (step > 0 && entry->id > self->zone_id)
        {
          best = entry;
          break;
        }
      if (step < 0 && entry->id < self->zone_id)
        best = entry;
    }
  if (best == NULL)
    {
      message = g_strdup_printf (step > 0 ? _("Zone %04u is the last zone in this folder.")
                                          : _("Zone %04u is the first zone in this folder."), self->zone_id);
      _ms_zone_window_show_info (self, message);
      return;
    }
  self->switch_to = best->id;
  if (ms_zone_is_dirty (self->zone) && !self->close_confirmed)
    {
      self->switching = TRUE;
      if (_ms_zone_window_ask_before_close (self))
        return;
      self->switching = FALSE;
    }
  _ms_zone_window_switch_zone (self, best->id);
}

static void
on_zone_changed (MsZoneWindow *self)
{
  MsZone *zone = ms_zone_view_get_zone (self->view);

  ms_ruler_overlay_clear (self->ruler);
  ms_profile_pane_set_zone (self->profile_pane, zone);
  ms_ruler_overlay_set_tile_grid (self->ruler, zone != NULL ? ms_zone_get_width (zone) : 0,
                                  zone != NULL ? ms_zone_get_height (zone) : 0);
}

static void
profile_exported (GtkWindow  *window,
                  const char *message,
                  gboolean    failed)
{
  if (failed)
    _ms_zone_window_show_banner (MS_ZONE_WINDOW (window), message, FALSE);
  else
    _ms_zone_window_show_info (MS_ZONE_WINDOW (window), message);
}

static void
export_profile_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  g_autofree char *base = g_strdup_printf ("zone-%04u", self->zone_id);

  ms_profile_export_ask (GTK_WINDOW (self), self->profile_pane, g_variant_get_string (parameter, NULL), base,
                         profile_exported);
}

static void
on_ruler_active (MsZoneWindow *self)
{
  if (!ms_ruler_overlay_get_active (self->ruler))
    return;
  ms_zone_tool_controller_end_stroke (self->tools);
  ms_zone_tool_controller_cancel (self->tools);
}

void
_ms_zone_window_class_add_browse (GtkWidgetClass *widget_class)
{
  ms_window_class_add_page_actions (widget_class, "win.next-zone", "win.previous-zone", step_action);
  gtk_widget_class_install_action (widget_class, "win.export-profile", "s", export_profile_action);
}

void
_ms_zone_window_init_browse (MsZoneWindow *self)
{
  ms_ruler_overlay_set_viewport (self->ruler, ms_zone_view_get_viewport (self->view));
  ms_ruler_overlay_set_metres_per_map_pixel (self->ruler, MS_ZONE_TILE_METRES);
  g_signal_connect_object (self->view, "notify::zone", G_CALLBACK (on_zone_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->ruler, "notify::active", G_CALLBACK (on_ruler_active), self, G_CONNECT_SWAPPED);
  ms_ruler_overlay_add_window_action (self->ruler, GTK_APPLICATION_WINDOW (self));
  ms_profile_pane_set_ruler (self->profile_pane, self->ruler);
  ms_profile_pane_set_zone (self->profile_pane, ms_zone_view_get_zone (self->view));
  ms_profile_pane_add_window_action (self->profile_pane, GTK_APPLICATION_WINDOW (self));
}

MsRulerOverlay *
ms_zone_window_get_ruler (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->ruler;
}

MsProfilePane *
ms_zone_window_get_profile_pane (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->profile_pane;
}

guint
ms_zone_window_get_zone_id (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), 0);
  return self->zone_id;
}
