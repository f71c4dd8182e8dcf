/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window: one blueprint in a map view, a layer panel bound to
 * GSettings (so choices persist and apply to new windows), a hover
 * inspector and a summary of the file.  Files load on a worker thread with
 * a progress bar and a Cancel button; failures show in a banner, never as a
 * silent nothing.  With no map open (a file from the shell that failed) a
 * placeholder offers Open…; a file that changes on disk while open raises a
 * banner with Reload, never a crash (the mappings are SIGBUS-guarded).
 *
 * The window makes its own GSettings and keeps recent files in
 * GtkRecentManager: it asks the application for nothing.  The actions,
 * the tasks and the sidebar's picks live in ms-window-{actions,tasks,picks}.c.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "ms-blueprint-describe.h"
#include "ms-relief-controls.h"
#include "ms-settings.h"
#include "ms-view-gestures.h"
#include "ms-wheel-guard.h"
#include "ms-window-fit.h"
#include "ms-window-private.h"

G_DEFINE_FINAL_TYPE (MsWindow, ms_window, GTK_TYPE_APPLICATION_WINDOW)

static const char * const ramp_keys[] = { "terrain", "grey" };

/* -------------------------------------------------------------- banners --- */

void
_ms_window_show_error (MsWindow   *self,
                       const char *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  ms_banner_show (self->error_banner, MS_BANNER_ERROR, message);
}

void
_ms_window_hide_error (MsWindow *self)
{
  g_clear_pointer (&self->error, g_free);
  ms_banner_set_revealed (self->error_banner, FALSE);
}

void
_ms_window_show_info (MsWindow   *self,
                      const char *message)
{
  g_free (self->info);
  self->info = g_strdup (message);
  ms_banner_show (self->info_banner, MS_BANNER_INFO, message);
}

void
_ms_window_hide_info (MsWindow *self)
{
  g_clear_pointer (&self->info, g_free);
  ms_banner_set_revealed (self->info_banner, FALSE);
}

/* The banners' scrolled window asks for its scrollbar's height even when
 * empty: it shows only while one of its banners does. */
static void
update_banner_scroller (MsWindow *self)
{
  GtkWidget *box = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->banner_scroller));
  gboolean any = FALSE;

  if (GTK_IS_VIEWPORT (box))
    box = gtk_viewport_get_child (GTK_VIEWPORT (box));
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL && !any;
       child = gtk_widget_get_next_sibling (child))
    any = MS_IS_BANNER (child) && ms_banner_get_child_revealed (MS_BANNER (child));
  gtk_widget_set_visible (self->banner_scroller, any);
}

static void
watch_banners (MsWindow *self)
{
  GtkWidget *box = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->banner_scroller));

  if (GTK_IS_VIEWPORT (box))
    box = gtk_viewport_get_child (GTK_VIEWPORT (box));
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (MS_IS_BANNER (child))
      g_signal_connect_object (child, "notify::child-revealed",
                               G_CALLBACK (update_banner_scroller), self, G_CONNECT_SWAPPED);
  update_banner_scroller (self);
}

/* The welcome banner shows over the demo map, until a file is opened or
 * the user hides it: it is where a newcomer finds the zone painter. */
void
_ms_window_dismiss_welcome (MsWindow *self)
{
  self->welcome_dismissed = TRUE;
  ms_banner_set_revealed (self->welcome_banner, FALSE);
}

/* ---------------------------------------------------------------- style --- */

static void
update_style (MsWindow *self)
{
  MsBlueprintStyle style;

  ms_settings_get_blueprint_style (self->settings, &style);
  ms_map_view_set_style (self->map_view, &style);
  ms_minimap_set_style (self->minimap, &style);
  ms_map_legend_set_style (self->legend, &style);
  _ms_window_update_terrain_style (self);
  if (self->blueprint != NULL)
    _ms_window_update_metres_per_pixel (self);
}

/* The layer panel: one row per layer, the top of the stack first, as it is
 * drawn; each a check button that shows or hides the layer and a scale for
 * its opacity, both bound to their settings keys. */
static void
add_layer_row (MsWindow     *self,
               MsStackLayer  layer)
{
  static const struct
  {
    const char *label;
    const char *show_tooltip;
    const char *opacity_name;
  } texts[MS_N_STACK_LAYERS] = {
    [MS_STACK_HEIGHT] = { N_("_Height"), N_("Colour the land by height, and the water by depth where the water layer is hidden"), N_("Height opacity") },
    [MS_STACK_BIOME] = { N_("_Biome"), N_("Colour the map by biome"), N_("Biome opacity") },
    [MS_STACK_SLOPE] = { N_("S_lope"), N_("Colour the ground by its slope in degrees, at the detail of the zoom drawn"), N_("Slope opacity") },
    [MS_STACK_HILLSHADE] = { N_("Hill_shade"), N_("Shade the layers below by the light; over none, a grey relief"), N_("Hillshade strength") },
    [MS_STACK_WATER] = { N_("_Water"), N_("Draw lakes and the sea, coloured by depth"), N_("Water opacity") },
    [MS_STACK_CONTOURS] = { N_("_Contours"), N_("Draw contour lines, one every interval metres above sea level"), N_("Contour opacity") },
    [MS_STACK_ROADS] = { N_("_Roads"), N_("Draw the roads"), N_("Roads opacity") },
    [MS_STACK_TOWNS] = { N_("_Towns"), N_("Draw the towns"), N_("Towns opacity") },
  };
  const char *id = ms_stack_layer_to_string (layer);
  g_autofree char *check_name = g_strdup_printf ("layer-%s-visible", id);
  g_autofree char *scale_name = g_strdup_printf ("layer-%s-opacity", id);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *check = gtk_check_button_new_with_mnemonic (_(texts[layer].label));
  GtkWidget *scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0.0, 1.0, 0.05);

  /* Tab goes straight to the check button and the scale. */
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);

  gtk_widget_set_name (check, check_name);
  gtk_widget_set_tooltip_text (check, _(texts[layer].show_tooltip));
  gtk_widget_set_size_request (check, 100, -1);

  gtk_widget_set_name (scale, scale_name);
  gtk_widget_set_hexpand (scale, TRUE);
  gtk_scale_set_digits (GTK_SCALE (scale), 2);
  gtk_scale_set_draw_value (GTK_SCALE (scale), TRUE);
  gtk_scale_set_value_pos (GTK_SCALE (scale), GTK_POS_RIGHT);
  gtk_range_set_increments (GTK_RANGE (scale), 0.05, 0.1);
  gtk_widget_set_tooltip_text (scale, _(texts[layer].opacity_name));
  gtk_accessible_update_property (GTK_ACCESSIBLE (scale), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(texts[layer].opacity_name), -1);
  /* A hidden layer's opacity still applies when it is shown again. */
  g_object_bind_property (check, "active", scale, "sensitive", G_BINDING_SYNC_CREATE);

  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), scale);
  /* The layers with a setting more: the contours' interval, the
   * hillshade's multidirectional light. */
  if (layer == MS_STACK_CONTOURS || layer == MS_STACK_HILLSHADE)
    {
      gboolean contours = layer == MS_STACK_CONTOURS;
      GtkWidget *extra = contours ? ms_contour_interval_spin_new (0.5, 1000.0, 1.0, _("metres"))
                                  : ms_multidirectional_check_new ();

      g_object_bind_property (check, "active", extra, "sensitive", G_BINDING_SYNC_CREATE);
      if (contours)
        g_settings_bind (self->settings, MS_SETTINGS_CONTOUR_INTERVAL,
                         gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (extra)), "value",
                         G_SETTINGS_BIND_DEFAULT);
      else
        g_settings_bind (self->settings, MS_SETTINGS_HILLSHADE_MULTIDIRECTIONAL, extra, "active",
                         G_SETTINGS_BIND_DEFAULT);
      gtk_box_append (GTK_BOX (box), extra);
    }
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_append (self->layer_list, row);

  g_settings_bind (self->settings, ms_settings_layer_visible_key (layer), check, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, ms_settings_layer_opacity_key (layer),
                   gtk_range_get_adjustment (GTK_RANGE (scale)), "value", G_SETTINGS_BIND_DEFAULT);
}

static gboolean
string_to_index (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  const char * const *keys = user_data;
  const char *s = g_variant_get_string (variant, NULL);

  for (guint i = 0; keys[i] != NULL; i++)
    if (g_str_equal (keys[i], s))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_string (const GValue       *value,
                 const GVariantType *type,
                 gpointer            user_data)
{
  const char * const *keys = user_data;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **) keys))
    return NULL;
  return g_variant_new_string (keys[i]);
}

/* ------------------------------------------------------------ the file --- */

char *
ms_window_describe_pixel (MsWindow *self,
                          guint     x,
                          guint     y)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);

  return self->blueprint != NULL ? ms_blueprint_describe_pixel (self->blueprint, x, y) : NULL;
}

static void
update_metadata (MsWindow *self)
{
  g_autofree char *where = self->file != NULL ? g_file_get_parse_name (self->file) : NULL;
  g_autofree char *text = self->blueprint != NULL ? ms_blueprint_describe_file (self->blueprint, where) : NULL;

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->metadata_view), text != NULL ? text : "", -1);
}

/* The road list's metres and the scale bar agree on one scale. */
void
_ms_window_update_metres_per_pixel (MsWindow *self)
{
  double metres = ms_scale_bar_metres_per_map_pixel_for (self->blueprint, ms_map_view_get_style (self->map_view));

  ms_scale_bar_set_metres_per_map_pixel (self->scale_bar, metres);
  ms_road_list_set_metres_per_pixel (self->road_list, metres);
}

/* ------------------------------------------------------ changed on disk --- */

/* @damage: the mapping's error when pages are gone, or NULL when the file
 * only changed; a later damage report replaces a plain change's text. */
static void
show_changed (MsWindow   *self,
              const char *damage)
{
  g_autofree char *name = NULL;
  g_autofree char *before = NULL;

  if (self->file == NULL || (self->changed != NULL && damage == NULL))
    return;
  name = g_file_get_basename (self->file);
  before = g_steal_pointer (&self->changed);
  if (damage != NULL)
    {
      MsMapping *mapping = ms_blueprint_get_mapping (self->blueprint);
      MsFileStamp now;

      if (ms_file_stamp_read (&now, ms_mapping_get_path (mapping), NULL) && now.exists)
        self->changed = g_strdup_printf (_("“%s” changed on disk while it was open: it is now %" G_GUINT64_FORMAT
                                           " bytes, it was %" G_GSIZE_FORMAT ", and parts of the map shown "
                                           "are gone. Reload it to see the file as it is now."),
                                         name, now.size, ms_mapping_get_length (mapping));
      else
        self->changed = g_strdup_printf (_("“%s” changed on disk while it was open, and parts of the map "
                                           "shown are gone. Reload it to see the file as it is now."), name);
    }
  else
    {
      self->changed = g_strdup_printf (_("“%s” changed on disk. The map shown is the file as it was; "
                                         "reload it to see the new one."), name);
    }
  /* Damage is checked after every frame: the same report again is no news. */
  if (g_strcmp0 (before, self->changed) == 0)
    return;
  /* One line: the mapping's own words said the same again under it. */
  ms_banner_show (self->changed_banner, MS_BANNER_WARNING, self->changed);
  /* New tiles read what is left of the file (zeros past its end): the
   * minimap shows that too, not the map as it was. */
  if (damage != NULL)
    ms_minimap_refresh (self->minimap);
}

/* Has a read (a hover readout, a tile, the audit) found the file shrunk
 * under its mapping?  Such reads saw zeros; the window says so. */
gboolean
_ms_window_check_mapping (MsWindow *self)
{
  g_autoptr(GError) error = NULL;
  MsMapping *mapping;

  if (self->blueprint == NULL)
    return TRUE;
  mapping = ms_blueprint_get_mapping (self->blueprint);
  if (mapping == NULL || ms_mapping_is_intact (mapping))
    return TRUE;
  if (!ms_mapping_check (mapping, &error))
    show_changed (self, error->message);
  return FALSE;
}

static void
on_file_changed (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 MsWindow          *self)
{
  MsMapping *mapping;
  MsFileStamp now;

  if (self->blueprint == NULL || !_ms_window_check_mapping (self))
    return;
  mapping = ms_blueprint_get_mapping (self->blueprint);
  if (mapping == NULL || !ms_mapping_is_file (mapping))
    return;
  /* Touching it, or a write of the same bytes in place, is no change. */
  if (!ms_file_stamp_read (&now, ms_mapping_get_path (mapping), NULL) ||
      !ms_file_stamp_equal (&now, ms_mapping_get_stamp (mapping)))
    show_changed (self, NULL);
}

static void
watch_file (MsWindow *self)
{
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, on_file_changed, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_pointer (&self->changed, g_free);
  ms_banner_set_revealed (self->changed_banner, FALSE);
  if (self->file == NULL)
    return;
  /* No monitor (an unsupported file system) only loses the early warning:
   * the checks after reads still catch a shrunk file. */
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (on_file_changed), self);
}

static void
after_paint (GdkFrameClock *clock,
             MsWindow      *self)
{
  _ms_window_check_mapping (self);
}

/* With no map the view is a placeholder, and what needs a map is off. */
static void
update_view_state (MsWindow *self)
{
  static const char * const needs_map[] = { "win.export", "win.compare", "win.zoom-fit" };
  gboolean open = self->blueprint != NULL;

  gtk_stack_set_visible_child_name (self->view_stack, open ? "map" : "empty");
  gtk_widget_set_sensitive (self->layer_controls, open);
  for (guint i = 0; i < G_N_ELEMENTS (needs_map); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), needs_map[i], open);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reload", self->file != NULL);
}

/* A file that failed to open: over a map, a banner; in place of none, the
 * placeholder says it. */
void
_ms_window_show_open_error (MsWindow   *self,
                            GFile      *file,
                            const char *message)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = g_strdup_printf (_("Could Not Open “%s”"), name);

  if (self->blueprint != NULL)
    {
      _ms_window_show_error (self, message);
      return;
    }
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->placeholder_title, title);
  gtk_label_set_text (self->placeholder_error, message);
  gtk_widget_set_visible (GTK_WIDGET (self->placeholder_error), TRUE);
  update_view_state (self);
}

void
_ms_window_set_blueprint (MsWindow           *self,
                          MsBlueprint        *blueprint,
                          MsBlueprintPyramid *pyramid,
                          GFile              *file)
{
  g_autofree char *title = NULL;

  g_set_object (&self->blueprint, blueprint);
  g_set_object (&self->file, file);
  /* "Saved …png" and the like were about the map before. */
  _ms_window_hide_info (self);
  watch_file (self);
  update_view_state (self);
  if (pyramid != NULL)
    ms_map_view_set_pyramid (self->map_view, pyramid);
  else
    ms_map_view_set_blueprint (self->map_view, blueprint);
  _ms_window_update_terrain (self);
  _ms_window_schedule_analysis (self);
  ms_town_list_set_blueprint (self->town_list, blueprint);
  ms_road_list_set_blueprint (self->road_list, blueprint);
  ms_map_legend_set_profile (self->legend, blueprint != NULL ? ms_blueprint_get_profile (blueprint) : NULL);
  if (blueprint != NULL)
    _ms_window_update_metres_per_pixel (self);
  update_metadata (self);

  ms_banner_set_revealed (self->welcome_banner, blueprint != NULL && file == NULL && !self->welcome_dismissed);
  if (file != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      title = g_strdup_printf ("%s — %s", name, _("Mapsmith"));
    }
  else
    {
      title = g_strdup_printf ("%s — %s", _("Demo Map"), _("Mapsmith"));
    }
  gtk_window_set_title (GTK_WINDOW (self), title);
}

char *
ms_window_suggest_export_name (MsWindow *self)
{
  const MsBlueprintParams *params;

  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);

  if (self->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->file);
      g_autofree char *name = g_filename_display_name (base);
      char *dot = strrchr (name, '.');

      /* ".hidden" keeps its name; "a.dat" loses its extension. */
      if (dot != NULL && dot != name)
        *dot = '\0';
      return g_strconcat (name, ".png", NULL);
    }
  params = self->blueprint != NULL ? ms_blueprint_get_params (self->blueprint) : NULL;
  if (params != NULL && !ms_blueprint_params_is_sentinel (params))
    return g_strdup_printf ("Demo_Seed_%d.png", params->world_seed);
  return g_strdup ("Demo.png");
}

/* ---------------------------------------------------------- recent menu --- */

static gint
newest_first (gconstpointer a,
              gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo **) a, *ib = *(GtkRecentInfo **) b;

  return -g_date_time_compare (gtk_recent_info_get_modified (ia), gtk_recent_info_get_modified (ib));
}

/* Ours only, the newest first: the manager is the desktop's, shared with
 * every other application. */
static void
update_recent_menu (MsWindow *self)
{
  GList *items = gtk_recent_manager_get_items (self->recent);
  g_autoptr(GPtrArray) ours = g_ptr_array_new ();
  GMenu *submenu = self->recent_submenu;

  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_application (l->data, g_get_application_name ()))
      g_ptr_array_add (ours, l->data);
  g_ptr_array_sort (ours, newest_first);

  g_menu_remove_all (submenu);
  for (guint i = 0; i < ours->len && i < MS_RECENT_FILES_MAX; i++)
    {
      const char *uri = gtk_recent_info_get_uri (g_ptr_array_index (ours, i));
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autofree char *base = g_file_get_basename (file);
      g_auto(GStrv) parts = g_strsplit (base != NULL ? base : uri, "_", -1);
      /* Menu labels take "_" as a mnemonic: double it to show the name. */
      g_autofree char *name = g_strjoinv ("__", parts);
      g_autoptr(GMenuItem) item = g_menu_item_new (name, NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (submenu, item);
    }
  if (ours->len == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.no-recent");
      g_menu_append_item (submenu, item);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

void
_ms_window_add_recent (MsWindow *self,
                       GFile    *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autofree char *exec = g_strdup_printf ("%s %%u", g_get_prgname ());
  GtkRecentData data = {
    .mime_type = (char *) "application/x-mapsmith-blueprint",
    .app_name = (char *) g_get_application_name (),
    .app_exec = exec,
  };

  gtk_recent_manager_add_full (self->recent, uri, &data);
  /* The manager says "changed" only after a delay, to every window. */
  update_recent_menu (self);
}

/* --------------------------------------------------------------- object --- */

MsBlueprint *
ms_window_get_blueprint (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->blueprint;
}

MsMapView *
ms_window_get_map_view (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->map_view;
}

gboolean
ms_window_is_loading (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), FALSE);
  return self->load_cancellable != NULL;
}

GtkWidget *
ms_window_get_findings_list (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->findings_list);
}

gboolean
ms_window_is_auditing (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), FALSE);
  return self->blueprint != NULL && self->findings == NULL;
}

GtkWidget *
ms_window_get_town_list (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->town_list);
}

GtkWidget *
ms_window_get_road_list (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->road_list);
}

GtkWidget *
ms_window_get_water_list (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->water_list);
}

const char *
ms_window_get_error (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->error;
}

const char *
ms_window_get_info (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->info;
}

const char *
ms_window_get_changed (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return self->changed;
}

gboolean
ms_window_is_exporting (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), FALSE);
  return self->exports > 0;
}

/* ------------------------------------------------------ sidebar, minimap --- */

/* The minimap takes at most a quarter of the map's shorter side, and goes
 * when even its smallest size would cover too much (a small window). */
static gboolean
place_minimap (GtkOverlay    *overlay,
               GtkWidget     *child,
               GdkRectangle  *allocation,
               MsWindow      *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int minimum, natural, side, margin = 12;

  if (child != GTK_WIDGET (self->minimap))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  side = MIN (natural, MIN (width, height) / 4);
  if (side < minimum)
    {
      /* Off the map entirely: an empty allocation would warn. */
      *allocation = (GdkRectangle) { width, 0, minimum, minimum };
      gtk_widget_set_child_visible (child, FALSE);
      return TRUE;
    }
  gtk_widget_set_child_visible (child, TRUE);
  {
    int h_min, h_nat;

    gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, side, &h_min, &h_nat, NULL, NULL);
    *allocation = (GdkRectangle) { width - margin - side, margin, side, MAX (h_min, MIN (h_nat, side)) };
  }
  return TRUE;
}

gboolean
ms_window_minimap_is_shown (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->minimap)) &&
         gtk_widget_get_child_visible (GTK_WIDGET (self->minimap));
}

static void
ms_window_realize (GtkWidget *widget)
{
  MsWindow *self = MS_WINDOW (widget);

  GTK_WIDGET_CLASS (ms_window_parent_class)->realize (widget);
  /* After each frame: a tile just drawn may have read a shrunk file. */
  self->frame_clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->after_paint_id = g_signal_connect (self->frame_clock, "after-paint", G_CALLBACK (after_paint), self);
}

static void
ms_window_unrealize (GtkWidget *widget)
{
  MsWindow *self = MS_WINDOW (widget);

  if (self->frame_clock != NULL)
    g_clear_signal_handler (&self->after_paint_id, self->frame_clock);
  g_clear_object (&self->frame_clock);
  GTK_WIDGET_CLASS (ms_window_parent_class)->unrealize (widget);
}

static gboolean
ms_window_close_request (GtkWindow *window)
{
  MsWindow *self = MS_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, MS_SETTINGS_WINDOW_WIDTH, MAX (width, 360));
  g_settings_set_int (self->settings, MS_SETTINGS_WINDOW_HEIGHT, MAX (height, 360));
  g_settings_set_boolean (self->settings, MS_SETTINGS_WINDOW_MAXIMIZED, gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (ms_window_parent_class)->close_request (window);
}

static void
ms_window_dispose (GObject *object)
{
  MsWindow *self = MS_WINDOW (object);

  _ms_window_tasks_dispose (self);
  _ms_window_terrain_dispose (self);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, on_file_changed, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  /* The settings' actions outlive the window with the settings' signals. */
  g_action_map_remove_action (G_ACTION_MAP (self), MS_SETTINGS_SIDEBAR_VISIBLE);
  g_action_map_remove_action (G_ACTION_MAP (self), MS_SETTINGS_MINIMAP_VISIBLE);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_WINDOW);
  g_clear_object (&self->blueprint);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  if (self->recent != NULL)
    g_signal_handlers_disconnect_by_func (self->recent, update_recent_menu, self);
  g_clear_object (&self->recent);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->info, g_free);
  g_clear_pointer (&self->changed, g_free);

  G_OBJECT_CLASS (ms_window_parent_class)->dispose (object);
}

static void
ms_window_class_init (MsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ms_window_dispose;
  window_class->close_request = ms_window_close_request;
  widget_class->realize = ms_window_realize;
  widget_class->unrealize = ms_window_unrealize;

  g_type_ensure (MS_TYPE_BANNER);
  g_type_ensure (MS_TYPE_MAP_VIEW);
  g_type_ensure (MS_TYPE_PIXEL_INSPECTOR);
  g_type_ensure (MS_TYPE_WATER_BODY_LIST);
  g_type_ensure (MS_TYPE_TOWN_LIST);
  g_type_ensure (MS_TYPE_ROAD_LIST);
  g_type_ensure (MS_TYPE_MINIMAP);
  g_type_ensure (MS_TYPE_FINDINGS_LIST);
  g_type_ensure (MS_TYPE_SCALE_BAR);
  g_type_ensure (MS_TYPE_RULER_OVERLAY);
  g_type_ensure (MS_TYPE_PROFILE_PANE);
  g_type_ensure (MS_TYPE_TERRAIN_PANE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsWindow, error_banner);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, changed_banner);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, info_banner);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, loading_banner);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, welcome_banner);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, banner_scroller);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, layer_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, ramp_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, azimuth_scale);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, altitude_scale);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, metadata_view);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, sidebar_paned);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, layer_controls);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, placeholder_title);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, placeholder_error);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, map_overlay);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, map_view);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, recent_submenu);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, water_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, town_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, road_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, minimap);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, findings_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, scale_bar);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, ruler);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, profile_pane);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, dimension_stack);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, terrain_pane);

  _ms_window_class_add_actions (widget_class);
  _ms_window_class_add_browse (widget_class);
}

static void
ms_window_init (MsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (MS_SETTINGS_SCHEMA);

  g_settings_bind_with_mapping (self->settings, MS_SETTINGS_HEIGHT_RAMP, self->ramp_dropdown,
                                "selected", G_SETTINGS_BIND_DEFAULT, string_to_index, index_to_string,
                                (gpointer) ramp_keys, NULL);
  for (int layer = MS_N_STACK_LAYERS - 1; layer >= 0; layer--)
    add_layer_row (self, (MsStackLayer) layer);
  /* The key to the colours, right under the layers that draw them. */
  self->legend = MS_MAP_LEGEND (ms_map_legend_new ());
  gtk_widget_set_name (GTK_WIDGET (self->legend), "map-legend");
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->legend), 6);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->layer_list))),
                              GTK_WIDGET (self->legend), GTK_WIDGET (self->layer_list));
  g_settings_bind (self->settings, MS_SETTINGS_LIGHT_AZIMUTH,
                   gtk_range_get_adjustment (GTK_RANGE (self->azimuth_scale)), "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, MS_SETTINGS_LIGHT_ALTITUDE,
                   gtk_range_get_adjustment (GTK_RANGE (self->altitude_scale)), "value", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (update_style), self, G_CONNECT_SWAPPED);
  self->recent = g_object_ref (gtk_recent_manager_get_default ());
  g_signal_connect_swapped (self->recent, "changed", G_CALLBACK (update_recent_menu), self);
  update_style (self);
  update_recent_menu (self);

  /* The sidebar's and minimap's states are settings, and their actions
   * the settings' (check items in the menu, the header's toggle). */
  g_settings_bind (self->settings, MS_SETTINGS_SIDEBAR_VISIBLE, self->sidebar, "visible", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, MS_SETTINGS_SIDEBAR_WIDTH, self->sidebar_paned, "position",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, MS_SETTINGS_MINIMAP_VISIBLE, self->minimap, "visible", G_SETTINGS_BIND_GET);
  {
    static const char * const keys[] = { MS_SETTINGS_SIDEBAR_VISIBLE, MS_SETTINGS_MINIMAP_VISIBLE };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        g_autoptr(GAction) action = g_settings_create_action (self->settings, keys[i]);

        g_action_map_add_action (G_ACTION_MAP (self), action);
      }
  }
  g_signal_connect (self->map_overlay, "get-child-position", G_CALLBACK (place_minimap), self);

  ms_window_fit_default_size (GTK_WINDOW (self),
                              g_settings_get_int (self->settings, MS_SETTINGS_WINDOW_WIDTH),
                              g_settings_get_int (self->settings, MS_SETTINGS_WINDOW_HEIGHT));
  if (g_settings_get_boolean (self->settings, MS_SETTINGS_WINDOW_MAXIMIZED))
    gtk_window_maximize (GTK_WINDOW (self));

  ms_pixel_inspector_set_view (self->inspector, self->map_view);
  ms_view_gestures_add_window_shortcuts (GTK_WIDGET (self), GTK_WIDGET (self->map_view), "map");
  g_signal_connect_swapped (self->inspector, "pixel-read", G_CALLBACK (_ms_window_check_mapping), self);
  ms_minimap_set_viewport (self->minimap, ms_map_view_get_viewport (self->map_view));
  ms_scale_bar_set_viewport (self->scale_bar, ms_map_view_get_viewport (self->map_view));
  _ms_window_init_picks (self);
  _ms_window_init_browse (self);
  _ms_window_init_terrain (self);
  _ms_window_add_drop_target (self);
  watch_banners (self);

  /* Its sliders leave the wheel to the scrolling sidebar unless focused. */
  ms_wheel_guard_add_all (self->sidebar);
  _ms_window_set_loading (self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  update_view_state (self);
}

MsWindow *
ms_window_new (GtkApplication *application)
{
  return g_object_new (MS_TYPE_WINDOW, "application", application, NULL);
}

GMenuModel *
ms_window_get_recent_menu (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return G_MENU_MODEL (self->recent_submenu);
}
