/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer's ruler (win.ruler, M) and Page Down / Page Up: the next or
 * previous blueprint (*.dat, any case) of the open file's folder, in the
 * file manager's natural order (g_utf8_collate_key_for_filename: "2" before
 * "10").  At either end it stops and says so in the info banner rather
 * than wrapping round, so a user paging through knows the folder is done.
 * Keys a focused widget uses (a scale, a list, the text) stay its own: the
 * window's bindings come after.
 *
 * The profile (win.profile, Shift+M) is the ruler's path as heights: an
 * MsProfilePane under the map, fed the blueprint shown, exported with
 * win.export-profile ("csv", "png", "svg").
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-profile-export.h"
#include "ms-window-private.h"

static gboolean
is_blueprint_name (const char *name)
{
  gsize len = strlen (name);

  return len > 4 && g_ascii_strcasecmp (name + len - 4, ".dat") == 0;
}

/* The blueprint after (@step 1) or before (-1) @file in its folder, or
 * NULL with @error unset at an end. */
static GFile *
find_neighbour (GFile   *file,
                int      step,
                GError **error)
{
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autoptr(GFileEnumerator) children = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *display = g_filename_display_name (name);
  g_autofree char *current = g_utf8_collate_key_for_filename (display, -1);
  g_autofree char *best_key = NULL;
  g_autoptr(GFile) best = NULL;

  if (dir == NULL)
    return NULL;
  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return NULL;
  for (;;)
    {
      GFileInfo *info;
      g_autofree char *key = NULL;
      int order;

      if (!g_file_enumerator_iterate (children, &info, NULL, NULL, error))
        return NULL;
      if (info == NULL)
        break;
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR ||
          !is_blueprint_name (g_file_info_get_name (info)))
        continue;
      key = g_utf8_collate_key_for_filename (g_file_info_get_display_name (info), -1);
      order = strcmp (key, current) * step;
      if (order <= 0)
        continue;
      if (best_key == NULL || strcmp (key, best_key) * step < 0)
        {
          g_free (best_key);
          best_key = g_steal_pointer (&key);
          g_set_object (&best, g_file_get_child (dir, g_file_info_get_name (info)));
        }
    }
  return g_steal_pointer (&best);
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  int step = g_str_equal (action_name, "win.next-file") ? 1 : -1;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) next = NULL;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  /* A load under way would open its file after ours. */
  if (ms_window_is_loading (self))
    return;
  if (self->file == NULL)
    {
      _ms_window_show_info (self, _("The demo map is in no folder: open a blueprint to page through its folder."));
      return;
    }
  next = find_neighbour (self->file, step, &error);
  if (next != NULL)
    {
      ms_window_open_file (self, next);
      return;
    }
  if (error != NULL)
    {
      _ms_window_show_error (self, error->message);
      return;
    }
  name = g_file_get_basename (self->file);
  message = g_strdup_printf (step > 0 ? _("“%s” is the last blueprint in its folder.")
                                      : _("“%s” is the first blueprint in its folder."), name);
  _ms_window_show_info (self, message);
}

static void
on_blueprint_changed (MsWindow *self)
{
  /* The points were the old map's. */
  ms_ruler_overlay_clear (self->ruler);
  ms_profile_pane_set_blueprint (self->profile_pane, ms_map_view_get_blueprint (self->map_view));
}

static void
profile_exported (GtkWindow  *window,
                  const char *message,
                  gboolean    failed)
{
  if (failed)
    _ms_window_show_error (MS_WINDOW (window), message);
  else
    _ms_window_show_info (MS_WINDOW (window), message);
}

static void
export_profile_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  g_autofree char *base = NULL;

  if (self->file != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);
      char *dot = strrchr (name, '.');

      if (dot != NULL && dot != name)
        *dot = '\0';
      base = g_steal_pointer (&name);
    }
  ms_profile_export_ask (GTK_WINDOW (self), self->profile_pane, g_variant_get_string (parameter, NULL),
                         base != NULL ? base : "demo", profile_exported);
}

void
ms_window_class_add_page_actions (GtkWidgetClass              *widget_class,
                                  const char                  *next,
                                  const char                  *previous,
                                  GtkWidgetActionActivateFunc  activate)
{
  /* The keypad's first: a menu shows the last key bound to an action
   * (each binding replaces the action's accelerator in the window's
   * muxer), and "Page Down" reads better there than "KP Next". */
  const struct { guint key; const char *action; } keys[] = {
    { GDK_KEY_KP_Page_Down, next }, { GDK_KEY_Page_Down, next },
    { GDK_KEY_KP_Page_Up, previous }, { GDK_KEY_Page_Up, previous },
  };

  gtk_widget_class_install_action (widget_class, next, NULL, activate);
  gtk_widget_class_install_action (widget_class, previous, NULL, activate);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, keys[i].action, NULL);
}

void
_ms_window_class_add_browse (GtkWidgetClass *widget_class)
{
  ms_window_class_add_page_actions (widget_class, "win.next-file", "win.previous-file", step_action);
  gtk_widget_class_install_action (widget_class, "win.export-profile", "s", export_profile_action);
}

void
_ms_window_init_browse (MsWindow *self)
{
  ms_ruler_overlay_set_viewport (self->ruler, ms_map_view_get_viewport (self->map_view));
  /* One scale for the bar, the road lengths and the ruler. */
  g_object_bind_property (self->scale_bar, "metres-per-map-pixel", self->ruler, "metres-per-map-pixel",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->map_view, "notify::blueprint", G_CALLBACK (on_blueprint_changed), self,
                           G_CONNECT_SWAPPED);
  ms_ruler_overlay_add_window_action (self->ruler, GTK_APPLICATION_WINDOW (self));
  ms_profile_pane_set_ruler (self->profile_pane, self->ruler);
  ms_profile_pane_set_blueprint (self->profile_pane, ms_map_view_get_blueprint (self->map_view));
  ms_profile_pane_add_window_action (self->profile_pane, GTK_APPLICATION_WINDOW (self));
}

MsRulerOverlay *
ms_window_get_ruler (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->ruler;
}

MsProfilePane *
ms_window_get_profile_pane (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->profile_pane;
}
