/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer's work off the main thread, each a GTask on a worker: loading
 * a file (a progress bar, Cancel, a newer load replacing an older one), the
 * audit as a map opens, PNG export, and loading the second map of a
 * comparison.  Failures go to the error banner.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-blueprint-audit.h"
#include "ms-blueprint-renderer.h"
#include "ms-compare-window.h"
#include "ms-demo-blueprint.h"
#include "ms-map-view.h"
#include "ms-png-writer.h"
#include "ms-settings.h"
#include "ms-tile-view.h"
#include "ms-window-private.h"

static void
audit_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  MsWindow *self = MS_WINDOW (source);
  g_autoptr(GError) error = NULL;
  GPtrArray *findings = ms_audit_run_finish (result, &error);

  if (findings == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _ms_window_show_error (self, error->message);
      return;
    }
  _ms_window_check_mapping (self);
  g_clear_object (&self->audit_cancellable);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  self->findings = findings;
  ms_findings_list_set_findings (self->findings_list, findings);
  ms_findings_list_set_tab_count (GTK_WIDGET (self->findings_list), findings);
}

static void
stop_audit (MsWindow *self)
{
  if (self->audit_cancellable != NULL)
    g_cancellable_cancel (self->audit_cancellable);
  g_clear_object (&self->audit_cancellable);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  ms_findings_list_set_findings (self->findings_list, NULL);
  ms_findings_list_set_tab_count (GTK_WIDGET (self->findings_list), NULL);
}

/* The map is checked against the format's invariants as it opens. */
void
_ms_window_start_audit (MsWindow *self)
{
  stop_audit (self);
  if (self->blueprint == NULL)
    return;

  self->audit_cancellable = g_cancellable_new ();
  ms_audit_run_async (self, self->blueprint, (MsAuditFunc) ms_blueprint_audit, self->audit_cancellable,
                      audit_done, NULL);
}

/* The bar shows the fraction a worker publishes in self->load_permille
 * (an atomic int shared with it), and pulses while that is unknown. */
static gboolean
pulse (gpointer user_data)
{
  MsWindow *self = user_data;
  gint permille = self->load_permille != NULL ? g_atomic_int_get (self->load_permille) : -1;

  if (permille < 0)
    gtk_progress_bar_pulse (self->loading_progress);
  else
    gtk_progress_bar_set_fraction (self->loading_progress, permille / 1000.0);
  return G_SOURCE_CONTINUE;
}

void
_ms_window_set_loading (MsWindow   *self,
                        const char *what)
{
  if (what != NULL)
    {
      ms_banner_set_title (self->loading_banner, what);
      ms_banner_set_revealed (self->loading_banner, TRUE);
      if (self->pulse_id == 0)
        self->pulse_id = g_timeout_add (100, pulse, self);
    }
  else
    {
      ms_banner_set_revealed (self->loading_banner, FALSE);
      g_clear_handle_id (&self->pulse_id, g_source_remove);
      g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", what != NULL);
}

MsProfile *
_ms_window_load_profile (MsWindow  *self,
                         GError   **error)
{
  g_autofree char *path = g_settings_get_string (self->settings, MS_SETTINGS_PROFILE_PATH);

  if (path[0] == '\0')
    return ms_profile_new_default ();
  return ms_profile_new_for_path (path, error);
}

typedef struct
{
  GFile     *file;
  MsProfile *profile;
  gint      *permille;   /* atomic rc box, shared with the window's bar */
  /* For a map the window shows (not a comparison's second one): the
   * pyramid the map view will draw from, its top tile made on the loader. */
  gboolean   make_overview;
  MsBlueprintPyramid *pyramid;
} LoadData;

static void
load_progress (double   fraction,
               gpointer user_data)
{
  LoadData *data = user_data;

  g_atomic_int_set (data->permille, (gint) (fraction * 1000.0));
}

static void
load_data_free (LoadData *data)
{
  g_clear_object (&data->file);
  g_clear_object (&data->profile);
  g_clear_object (&data->pyramid);
  g_clear_pointer (&data->permille, g_atomic_rc_box_release);
  g_free (data);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadData *data = task_data;
  g_autofree char *path = g_file_get_path (data->file);
  GError *error = NULL;
  MsBlueprint *bp;

  if (path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Only local files can be opened"));
      return;
    }
  bp = ms_blueprint_new_for_path_full (path, data->profile, load_progress, data,
                                       cancellable, &error);
  if (bp == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* The first picture: its tiles are made here, while the main thread
   * still brings the window up (on software GL that is a quarter of a
   * second in which the map could not be set), so the window's first
   * frames can draw the map.  A failure is the view's to report when it
   * asks for the tile itself. */
  if (data->make_overview)
    {
      MsTileKey top = { 0, 0, 0 };
      MsBlueprintTile *tile;

      g_atomic_int_set (data->permille, -1);
      data->pyramid = ms_map_view_create_pyramid (bp);
      top.level = ms_blueprint_pyramid_get_top_level (data->pyramid);
      tile = ms_blueprint_pyramid_get_tile (data->pyramid, &top, cancellable, NULL);
      g_clear_pointer (&tile, ms_blueprint_tile_unref);
    }
  g_task_return_pointer (task, bp, g_object_unref);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  MsWindow *self = MS_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = g_task_propagate_pointer (G_TASK (result), &error);
  LoadData *data = g_task_get_task_data (G_TASK (result));

  /* A cancelled load is forgotten: the window keeps what it showed. */
  if (g_task_get_cancellable (G_TASK (result)) != self->load_cancellable ||
      g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;

  _ms_window_set_loading (self, NULL);
  g_clear_object (&self->load_cancellable);

  if (bp == NULL)
    {
      _ms_window_show_open_error (self, data->file, error->message);
      return;
    }

  _ms_window_set_blueprint (self, bp, data->pyramid, data->file);
  _ms_window_add_recent (self, data->file);
}

/* Opens @file on a worker, with the bar showing how far it got and Cancel
 * stopping it; a newer load replaces an older one; with @make_overview the
 * worker also makes the map view's first tiles.  @profile: (transfer full). */
static void
start_load (MsWindow            *self,
            GFile               *file,
            MsProfile           *profile,
            gboolean             make_overview,
            GAsyncReadyCallback  done,
            gpointer             source_tag,
            gpointer             done_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *label = g_strdup_printf (_("Opening %s…"), name);
  LoadData *data;

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();

  data = g_new0 (LoadData, 1);
  data->file = g_object_ref (file);
  data->profile = profile;
  data->make_overview = make_overview;
  data->permille = g_atomic_rc_box_new (gint);
  *data->permille = -1;

  _ms_window_set_loading (self, label);
  gtk_progress_bar_set_fraction (self->loading_progress, 0.0);
  /* With no map yet, the placeholder says what is coming, not "none". */
  if (self->blueprint == NULL)
    {
      gtk_label_set_text (self->placeholder_title, label);
      gtk_widget_set_visible (GTK_WIDGET (self->placeholder_error), FALSE);
    }
  g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
  self->load_permille = g_atomic_rc_box_acquire (data->permille);

  task = g_task_new (self, self->load_cancellable, done, done_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  /* Cancelling stops the biome check between chunks; the result of a
   * cancelled load is dropped either way. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, load_thread);
}

void
ms_window_open_file (MsWindow *self,
                     GFile    *file)
{
  g_autoptr(GError) error = NULL;
  MsProfile *profile;

  g_return_if_fail (MS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* An error of the file before (one that did not open) is old news. */
  _ms_window_hide_error (self);
  profile = _ms_window_load_profile (self, &error);
  if (profile == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The game profile could not be read, so the "
                                                    "placeholder profile is used: %s"), error->message);
      _ms_window_show_error (self, message);
      profile = ms_profile_new_default ();
    }

  start_load (self, file, profile, TRUE, load_done, ms_window_open_file, NULL);
}

void
ms_window_open_demo (MsWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  g_autoptr(MsBlueprintPyramid) pyramid = NULL;
  g_autoptr(MsBlueprintTile) top = NULL;
  MsTileKey key = { 0, 0, 0 };

  g_return_if_fail (MS_IS_WINDOW (self));

  bytes = ms_demo_blueprint_generate (MS_DEMO_BLUEPRINT_DEFAULT_SIZE, MS_DEMO_BLUEPRINT_DEFAULT_SEED, &error);
  /* The demo's ordinals are the placeholder profile's. */
  if (bytes != NULL)
    bp = ms_blueprint_new_for_bytes (bytes, _("Demo Map"), NULL, &error);
  if (bp == NULL)
    {
      _ms_window_show_error (self, error->message);
      return;
    }
  /* As a file's loader does: the top tile made now (the demo is small),
   * so the first frames and the minimap have the whole map. */
  pyramid = ms_map_view_create_pyramid (bp);
  key.level = ms_blueprint_pyramid_get_top_level (pyramid);
  top = ms_blueprint_pyramid_get_tile (pyramid, &key, NULL, NULL);
  _ms_window_set_blueprint (self, bp, pyramid, NULL);
}

void
_ms_window_cancel_load (MsWindow *self)
{
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  _ms_window_set_loading (self, NULL);
  if (self->blueprint == NULL)
    gtk_label_set_text (self->placeholder_title, _("No Map Open"));
}

/* "Compare With…": the second map loads like any file (off the main thread,
 * cancellable with the same bar), then opens a comparison window against
 * the map shown when the user chose. */
static void
compare_load_done (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  MsWindow *self = MS_WINDOW (source);
  g_autoptr(MsBlueprint) a = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) b = g_task_propagate_pointer (G_TASK (result), &error);
  MsCompareWindow *window;

  if (g_task_get_cancellable (G_TASK (result)) != self->load_cancellable ||
      g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  _ms_window_set_loading (self, NULL);
  g_clear_object (&self->load_cancellable);
  if (b == NULL)
    {
      _ms_window_show_error (self, error->message);
      return;
    }
  window = ms_compare_window_new (gtk_window_get_application (GTK_WINDOW (self)), a, b);
  gtk_window_present (GTK_WINDOW (window));
}

void
_ms_window_compare_with (MsWindow *self,
                         GFile    *file)
{
  g_autoptr(GError) error = NULL;
  MsProfile *profile;

  if (self->blueprint == NULL)
    return;
  profile = _ms_window_load_profile (self, &error);
  if (profile == NULL)
    {
      _ms_window_show_error (self, error->message);
      profile = ms_profile_new_default ();
    }
  start_load (self, file, profile, FALSE, compare_load_done, _ms_window_compare_with, g_object_ref (self->blueprint));
}

/* An export: @region of the map, rendered at most @max_size pixels a side;
 * at screen resolution that image is then drawn as the view draws it, onto
 * an image the view's size, the map's (region.x, region.y) at @origin. */
typedef struct
{
  MsBlueprint      *bp;
  MsBlueprintStyle  style;
  MsRect            region;
  guint             max_size;
  gboolean          screen;
  guint             width, height;    /* the PNG's; the image's once rendered */
  double            origin_x, origin_y;
  double            zoom;
  char             *path;
} ExportData;

static void
export_data_free (ExportData *data)
{
  g_clear_object (&data->bp);
  g_free (data->path);
  g_free (data);
}

/* The PNG's size before it is made, for the dialog's choices. */
static void
export_size (const ExportData *data,
             guint            *width,
             guint            *height)
{
  guint k = ms_render_downsample_factor (data->region.width, data->region.height, data->max_size);

  if (data->screen)
    {
      *width = data->width;
      *height = data->height;
      return;
    }
  *width = (data->region.width + k - 1) / k;
  *height = (data->region.height + k - 1) / k;
}

static cairo_surface_t *
export_to_screen (ExportData      *data,
                  cairo_surface_t *map)
{
  cairo_surface_t *out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) data->width, (int) data->height);
  cairo_t *cr = cairo_create (out);
  cairo_pattern_t *pattern;
  GdkRGBA background;
  /* One image pixel covers this many screen pixels (the image may be
   * downsampled when the view shows more of the map than it has pixels). */
  double scale_x = data->zoom * data->region.width / cairo_image_surface_get_width (map);
  double scale_y = data->zoom * data->region.height / cairo_image_surface_get_height (map);

  /* Around the map, the view's background (PNGs here are opaque RGB). */
  ms_tile_view_get_background (&background);
  gdk_cairo_set_source_rgba (cr, &background);
  cairo_paint (cr);
  cairo_translate (cr, data->origin_x, data->origin_y);
  cairo_scale (cr, scale_x, scale_y);
  cairo_set_source_surface (cr, map, 0, 0);
  pattern = cairo_get_source (cr);
  /* Zoomed in, the view shows map pixels as squares. */
  cairo_pattern_set_filter (pattern, scale_x >= 1.0 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_NONE);
  cairo_rectangle (cr, 0, 0, cairo_image_surface_get_width (map), cairo_image_surface_get_height (map));
  cairo_fill (cr);
  cairo_destroy (cr);
  return out;
}

static void
export_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportData *data = task_data;
  GError *error = NULL;
  cairo_surface_t *surface;

  /* The same renderer as `mapsmith-cli render`.  At the map's resolution,
   * straight to the file as that does: each row coloured when the encoder
   * asks for it, with no image the size of the PNG (a 16384² export's
   * image alone is 1 GiB). */
  if (!data->screen)
    {
      export_size (data, &data->width, &data->height);
      if (ms_render_blueprint_to_png (data->bp, &data->style, &data->region, data->max_size, data->path,
                                      cancellable, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }
  surface = ms_render_blueprint (data->bp, &data->style, &data->region, data->max_size, cancellable, &error);
  if (surface != NULL)
    {
      cairo_surface_t *shown = export_to_screen (data, surface);

      cairo_surface_destroy (surface);
      surface = shown;
    }
  if (surface != NULL)
    {
      data->width = (guint) cairo_image_surface_get_width (surface);
      data->height = (guint) cairo_image_surface_get_height (surface);
    }
  if (surface == NULL || !ms_png_save (surface, data->path, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  if (surface != NULL)
    cairo_surface_destroy (surface);
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  MsWindow *self = MS_WINDOW (source);
  ExportData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  self->exports--;
  if (self->exports == 0 && self->load_cancellable == NULL)
    _ms_window_set_loading (self, NULL);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    _ms_window_show_error (self, error->message);
  else
    {
      g_autofree char *display = g_filename_display_name (data->path);
      g_autofree char *message = g_strdup_printf (_("Saved %s, %u × %u pixels"), display,
                                                  data->width, data->height);
      _ms_window_show_info (self, message);
    }
  _ms_window_check_mapping (self);
}

/* What the export of @what ("view" or "map") at @resolution ("screen" or
 * "map") would be; NULL with no map. */
static ExportData *
export_data_new (MsWindow   *self,
                 const char *what,
                 const char *resolution)
{
  MsViewport *viewport = ms_map_view_get_viewport (self->map_view);
  ExportData *data;
  guint n;

  if (self->blueprint == NULL)
    return NULL;

  n = ms_blueprint_get_map_size (self->blueprint);
  data = g_new0 (ExportData, 1);
  data->bp = g_object_ref (self->blueprint);
  data->style = *ms_map_view_get_style (self->map_view);
  data->region = (MsRect) { 0, 0, n, n };
  data->max_size = MIN (n, 16384u);

  if (g_strcmp0 (what, "view") == 0)
    {
      double x0, y0, x1, y1, vw = ms_viewport_get_width (viewport), vh = ms_viewport_get_height (viewport);

      ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
      ms_viewport_screen_to_map (viewport, vw, vh, &x1, &y1);
      x0 = CLAMP (floor (x0), 0, n - 1);
      y0 = CLAMP (floor (y0), 0, n - 1);
      x1 = CLAMP (ceil (x1), x0 + 1, n);
      y1 = CLAMP (ceil (y1), y0 + 1, n);
      data->region = (MsRect) { (guint) x0, (guint) y0, (guint) (x1 - x0), (guint) (y1 - y0) };
      data->max_size = MIN (MAX (data->region.width, data->region.height), 16384u);
      if (g_strcmp0 (resolution, "map") != 0)
        {
          /* As the screen shows it: the view's size, its map pixels as
           * squares when zoomed in, and no more image pixels than it has
           * when zoomed out. */
          data->screen = TRUE;
          data->width = (guint) MAX (round (vw), 1.0);
          data->height = (guint) MAX (round (vh), 1.0);
          data->zoom = ms_viewport_get_zoom (viewport);
          ms_viewport_map_to_screen (viewport, data->region.x, data->region.y, &data->origin_x, &data->origin_y);
          if (data->zoom < 1.0)
            data->max_size = MAX ((guint) ceil (MAX (data->region.width, data->region.height) * data->zoom), 1u);
        }
    }
  return data;
}

static void
start_export (MsWindow   *self,
              ExportData *data,
              GFile      *file)
{
  g_autoptr(GTask) task = NULL;

  data->path = g_file_get_path (file);
  if (data->path == NULL)
    {
      _ms_window_show_error (self, _("Only local files can be written"));
      export_data_free (data);
      return;
    }
  self->exports++;
  _ms_window_set_loading (self, _("Exporting…"));
  task = g_task_new (self, NULL, export_done, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) export_data_free);
  g_task_run_in_thread (task, export_thread);
}

void
ms_window_export_png (MsWindow   *self,
                      const char *what,
                      const char *resolution,
                      GFile      *file)
{
  ExportData *data;

  g_return_if_fail (MS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  data = export_data_new (self, what, resolution);
  if (data != NULL)
    start_export (self, data, file);
}

void
_ms_window_export_size (MsWindow   *self,
                        const char *what,
                        const char *resolution,
                        guint      *width,
                        guint      *height)
{
  ExportData *data = export_data_new (self, what, resolution);

  *width = *height = 0;
  if (data == NULL)
    return;
  export_size (data, width, height);
  export_data_free (data);
}

/* ------------------------------------------------ after the first picture -- */

/* A picture that never completes (a view resized without end, a file gone)
 * holds the analysis back no longer than this. */
#define ANALYSIS_LATEST_MS 5000

static void
stop_waiting (MsWindow *self)
{
  g_clear_signal_handler (&self->analysis_wait_id, self->map_view);
  g_clear_handle_id (&self->analysis_timeout_id, g_source_remove);
}

static void
start_analysis (MsWindow *self)
{
  stop_waiting (self);
  ms_water_body_list_set_blueprint (self->water_list, self->blueprint);
  ms_minimap_set_blueprint (self->minimap, self->blueprint);
  _ms_window_start_audit (self);
}

static void
on_picture_complete (MsWindow *self)
{
  if (ms_tile_view_get_picture_complete (MS_TILE_VIEW (self->map_view)))
    start_analysis (self);
}

static gboolean
on_analysis_timeout (gpointer user_data)
{
  MsWindow *self = user_data;

  self->analysis_timeout_id = 0;
  start_analysis (self);
  return G_SOURCE_REMOVE;
}

/* The audit, the water table and the minimap each read the whole map: on a
 * large one they would take both cores from the tiles of the first
 * picture.  So while the map view is on screen they wait until it has
 * drawn the map whole at its level; the old map's results go at once. */
void
_ms_window_schedule_analysis (MsWindow *self)
{
  MsTileView *view = MS_TILE_VIEW (self->map_view);
  MsBlueprintPyramid *pyramid = self->blueprint != NULL ? ms_map_view_get_pyramid (self->map_view) : NULL;

  stop_waiting (self);
  /* The minimap shows the map at once, from the top tile the first
   * picture starts with; only its own render waits. */
  if (pyramid != NULL)
    ms_minimap_show_overview (self->minimap, pyramid);
  if (self->blueprint == NULL || !gtk_widget_get_mapped (GTK_WIDGET (view)) ||
      ms_tile_view_get_picture_complete (view))
    {
      start_analysis (self);
      return;
    }
  ms_water_body_list_set_blueprint (self->water_list, NULL);
  if (pyramid == NULL)
    ms_minimap_set_blueprint (self->minimap, NULL);
  stop_audit (self);
  self->analysis_wait_id = g_signal_connect_swapped (view, "notify::picture-complete",
                                                     G_CALLBACK (on_picture_complete), self);
  self->analysis_timeout_id = g_timeout_add (ANALYSIS_LATEST_MS, on_analysis_timeout, self);
}

void
_ms_window_tasks_dispose (MsWindow *self)
{
  stop_waiting (self);
  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
  if (self->audit_cancellable != NULL)
    g_cancellable_cancel (self->audit_cancellable);
  g_clear_object (&self->audit_cancellable);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
}
