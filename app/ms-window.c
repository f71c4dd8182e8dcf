/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window: one blueprint in a map view, a layer panel bound to
 * GSettings (so choices persist and apply to new windows), a hover
 * inspector and a summary of the file.  Files load on a worker thread with
 * a progress bar and a Cancel button; failures show in a banner, never as a
 * silent nothing.  With no map open (a file from the shell that failed) a
 * placeholder offers Open…; a file that changes on disk while open raises a
 * banner with Reload, never a crash (the mappings are SIGBUS-guarded).
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ms-blueprint-renderer.h"
#include "ms-blueprint-summary.h"
#include "ms-compare-window.h"
#include "ms-demo-blueprint.h"
#include "ms-png-writer.h"
#include "ms-settings.h"
#include "ms-blueprint-audit.h"
#include "ms-findings-list.h"
#include "ms-minimap.h"
#include "ms-road-list.h"
#include "ms-scale-bar.h"
#include "ms-tile-view.h"
#include "ms-town-list.h"
#include "ms-water-body-list.h"
#include "ms-window.h"

struct _MsWindow
{
  GtkApplicationWindow  parent_instance;

  GSettings            *settings;
  MsBlueprint          *blueprint;
  GFile                *file;          /* NULL for the demo */
  GCancellable         *load_cancellable;
  guint                 pulse_id;
  gint                 *load_permille;   /* the current load's, or NULL */
  char                 *error;
  char                 *info;          /* the confirmation banner's text, or NULL */
  char                 *changed;       /* the changed-on-disk banner's text, or NULL */
  GFileMonitor         *monitor;       /* on self->file */
  gulong                after_paint_id;
  GdkFrameClock        *frame_clock;   /* after_paint_id's */
  guint                 exports;       /* running */

  /* Template widgets */
  GtkRevealer          *changed_revealer;
  GtkLabel             *changed_label;
  GtkRevealer          *info_revealer;
  GtkLabel             *info_label;
  GtkPaned             *sidebar_paned;
  GtkWidget            *sidebar;
  GtkWidget            *layer_controls;
  GtkStack             *view_stack;
  GtkLabel             *placeholder_title;
  GtkLabel             *placeholder_error;
  GtkOverlay           *map_overlay;
  GtkRevealer          *error_revealer;
  GtkRevealer          *welcome_revealer;
  gboolean              welcome_dismissed;
  GtkLabel             *error_label;
  GtkRevealer          *loading_revealer;
  GtkLabel             *loading_label;
  GtkProgressBar       *loading_progress;
  GtkListBox           *layer_list;
  GtkDropDown          *ramp_dropdown;
  GtkScale             *azimuth_scale;
  GtkScale             *altitude_scale;
  GtkTextView          *metadata_view;
  MsMapView            *map_view;
  GtkLabel             *inspector_label;
  GMenu                *recent_submenu;
  MsWaterBodyList      *water_list;
  MsTownList           *town_list;
  MsRoadList           *road_list;
  MsMinimap            *minimap;
  MsFindingsList       *findings_list;
  GPtrArray            *findings;      /* MsAuditFinding*, NULL while auditing */
  GCancellable         *audit_cancellable;
  MsScaleBar           *scale_bar;
};

G_DEFINE_FINAL_TYPE (MsWindow, ms_window, GTK_TYPE_APPLICATION_WINDOW)

static const char * const ramp_keys[] = { "terrain", "grey" };

/* --------------------------------------------------------------- errors --- */

static void update_metres_per_pixel (MsWindow *self);


static void
show_error (MsWindow   *self,
            const char *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message);
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
}

/* A confirmation (an export's path and size), kept until dismissed. */
static void
show_info (MsWindow   *self,
           const char *message)
{
  g_free (self->info);
  self->info = g_strdup (message);
  gtk_label_set_text (self->info_label, message);
  gtk_revealer_set_reveal_child (self->info_revealer, TRUE);
}

static void
dismiss_info (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  g_clear_pointer (&self->info, g_free);
  gtk_revealer_set_reveal_child (self->info_revealer, FALSE);
}

static void
dismiss_error (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  g_clear_pointer (&self->error, g_free);
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
}

/* The welcome banner shows over the demo map, until a file is opened or
 * the user hides it: it is where a newcomer finds the zone painter. */
static void
dismiss_welcome (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  self->welcome_dismissed = TRUE;
  gtk_revealer_set_reveal_child (self->welcome_revealer, FALSE);
}

/* ---------------------------------------------------------------- style --- */

static void
update_style (MsWindow *self)
{
  MsBlueprintStyle style;

  ms_settings_get_blueprint_style (self->settings, &style);
  ms_map_view_set_style (self->map_view, &style);
  ms_minimap_set_style (self->minimap, &style);
  if (self->blueprint != NULL)
    update_metres_per_pixel (self);
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
    [MS_STACK_HILLSHADE] = { N_("Hill_shade"), N_("Shade the layers below by the light; over none, a grey relief"), N_("Hillshade strength") },
    [MS_STACK_WATER] = { N_("_Water"), N_("Draw lakes and the sea, coloured by depth"), N_("Water opacity") },
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
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_append (self->layer_list, row);

  g_settings_bind (self->settings, ms_settings_layer_visible_key (layer), check, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, ms_settings_layer_opacity_key (layer),
                   gtk_range_get_adjustment (GTK_RANGE (scale)), "value", G_SETTINGS_BIND_DEFAULT);
}

/* A preset sets the four per-cell layers as the single-layer views of old
 * drew them; roads and towns keep their rows' choices. */
static void
layer_preset_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  MsBlueprintStyle style;
  MsLayerState stack[MS_N_STACK_LAYERS];

  ms_blueprint_style_init (&style);
  if (!ms_blueprint_layer_from_string (g_variant_get_string (parameter, NULL), &style.layer) ||
      style.layer == MS_BLUEPRINT_LAYER_CUSTOM)
    return;
  ms_blueprint_style_get_stack (&style, stack);

  for (guint i = 0; i < MS_N_STACK_CELL_LAYERS; i++)
    {
      g_settings_set_boolean (self->settings, ms_settings_layer_visible_key (i), stack[i].visible);
      g_settings_set_double (self->settings, ms_settings_layer_opacity_key (i), stack[i].opacity);
    }
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

/* ------------------------------------------------------------ inspector --- */

/* One pick at a time on the map: choosing a row in one list drops the
 * selection of the others, so no list shows a row the map no longer does. */
static void
clear_other_picks (MsWindow  *self,
                   GtkWidget *chosen)
{
  if (chosen != GTK_WIDGET (self->water_list))
    ms_water_body_list_select (self->water_list, GTK_INVALID_LIST_POSITION);
  if (chosen != GTK_WIDGET (self->town_list))
    ms_town_list_select (self->town_list, GTK_INVALID_LIST_POSITION);
  if (chosen != GTK_WIDGET (self->road_list))
    ms_road_list_select (self->road_list, GTK_INVALID_LIST_POSITION);
  if (chosen != GTK_WIDGET (self->findings_list))
    ms_findings_list_select (self->findings_list, G_MAXUINT);
}

static gboolean check_mapping (MsWindow *self);

static double
distance_to_segment (double px, double py, const MsPoint *a, const MsPoint *b)
{
  double dx = b->x - a->x, dy = b->y - a->y;
  double length2 = dx * dx + dy * dy;
  double t = length2 > 0 ? CLAMP (((px - a->x) * dx + (py - a->y) * dy) / length2, 0.0, 1.0) : 0.0;

  return hypot (px - (a->x + t * dx), py - (a->y + t * dy));
}

char *
ms_window_describe_pixel (MsWindow *self,
                          guint     x,
                          guint     y)
{
  MsBlueprint *bp = self->blueprint;
  MsProfile *profile;
  GString *text;
  const char *biome;
  float height;
  guint n_towns;
  const MsTown *towns;
  double best_town = G_MAXDOUBLE, best_road = G_MAXDOUBLE;
  const MsTown *nearest_town = NULL;
  int nearest_tier = -1;
  guint16 water;

  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);

  if (bp == NULL || x >= ms_blueprint_get_map_size (bp) || y >= ms_blueprint_get_map_size (bp))
    return NULL;

  profile = ms_blueprint_get_profile (bp);
  height = ms_blueprint_get_height (bp, x, y);
  biome = ms_profile_get_label (profile, MS_PROFILE_BIOMES, ms_blueprint_get_biome (bp, x, y));
  text = g_string_new (NULL);

  /* Translators: file coordinates; X is the first index, Y the second. */
  g_string_append_printf (text, _("x %u, y %u (X outer, Y inner)"), x, y);
  g_string_append (text, "  ·  ");
  if (isfinite (height))
    g_string_append_printf (text, _("height %.4f raw = %.1f m"), height, height * 251.0);
  else
    g_string_append (text, _("height not a number"));
  g_string_append (text, "  ·  ");
  g_string_append (text, biome ? biome : "?");

  water = ms_blueprint_get_water_id (bp, x, y);
  if (water != 0)
    {
      guint n_bodies;
      const MsWaterBody *bodies = ms_blueprint_get_water_bodies (bp, &n_bodies);
      const MsWaterBody *body = NULL;
      guint16 surface = ms_blueprint_get_water_surface (bp, x, y);

      for (guint i = 0; i < n_bodies; i++)
        if (bodies[i].id == water)
          body = &bodies[i];
      g_string_append (text, "  ·  ");
      g_string_append_printf (text, water == 1 ? _("ocean (body %u)") : _("lake %u"), water);
      if (body != NULL)
        g_string_append_printf (text, ", %s", body->salinity ? _("salt") : _("fresh"));
      if (surface != 0)
        g_string_append_printf (text, _(", surface %.4f raw"), ms_water_level_decode (surface));
    }

  towns = ms_blueprint_get_towns (bp, &n_towns);
  for (guint i = 0; i < n_towns; i++)
    {
      double d = hypot (towns[i].x - (x + 0.5), towns[i].y - (y + 0.5));
      if (d < best_town)
        {
          best_town = d;
          nearest_town = &towns[i];
          nearest_tier = towns[i].tier;
        }
    }
  if (nearest_town != NULL)
    {
      const char *tier = ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, (guint) nearest_tier);
      g_string_append (text, "  ·  ");
      g_string_append_printf (text, _("nearest town: %s, %.0f px"), tier ? tier : "?", best_town);
    }

  {
    int best_tier = -1;

    for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
      for (guint i = 0; i < ms_blueprint_get_n_paths (bp, tier); i++)
        {
          guint n_points;
          const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

          for (guint k = 0; k + 1 < n_points; k++)
            {
              double d = distance_to_segment (x + 0.5, y + 0.5, &pts[k], &pts[k + 1]);
              if (d < best_road)
                {
                  best_road = d;
                  best_tier = (int) tier;
                }
            }
        }
    if (best_tier >= 0)
      {
        g_string_append (text, "  ·  ");
        g_string_append_printf (text, _("nearest road: %s, %.0f px"), ms_road_tier_to_key (best_tier), best_road);
      }
  }

  return g_string_free (text, FALSE);
}

static void
on_map_motion (GtkEventControllerMotion *controller,
               double                    sx,
               double                    sy,
               MsWindow                 *self)
{
  g_autofree char *text = NULL;
  double mx, my;

  ms_viewport_screen_to_map (ms_map_view_get_viewport (self->map_view), sx, sy, &mx, &my);
  if (mx >= 0 && my >= 0)
    text = ms_window_describe_pixel (self, (guint) mx, (guint) my);
  /* Read from a file that shrank, the readout would be zeros. */
  if (!check_mapping (self))
    g_clear_pointer (&text, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector_label), text != NULL);
  if (text != NULL)
    gtk_label_set_text (self->inspector_label, text);
}

static void
on_body_selected (MsWaterBodyList *list,
                  MsWaterBodyRow  *row,
                  MsWindow        *self)
{
  const MsWaterBodyBounds *b = ms_water_body_row_get_bounds (row);
  MsRect rect = { b->x, b->y, b->width, b->height };

  clear_other_picks (self, GTK_WIDGET (list));
  ms_map_view_set_marks (self->map_view, NULL, NULL, NULL);
  ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view), b->x, b->y, b->width, b->height);
  ms_map_view_set_highlight (self->map_view, &rect);
}

static void
on_map_leave (GtkEventControllerMotion *controller,
              MsWindow                 *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->inspector_label), FALSE);
}

/* -------------------------------------------------------------- loading --- */

static void
update_metadata (MsWindow *self)
{
  MsBlueprint *bp = self->blueprint;
  const MsBlueprintParams *p;
  const MsSectionInfo *sections;
  GString *text = g_string_new (NULL);
  guint n_sections, n_towns, n_bodies;

  if (bp == NULL)
    {
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->metadata_view), "", -1);
      g_string_free (text, TRUE);
      return;
    }

  p = ms_blueprint_get_params (bp);
  {
    MsMapping *mapping = ms_blueprint_get_mapping (bp);
    gsize length = mapping != NULL ? ms_mapping_get_length (mapping) : 0;
    g_autofree char *size = g_format_size (length);

    if (self->file != NULL)
      {
        g_autofree char *where = g_file_get_parse_name (self->file);

        g_string_append_printf (text, "%s\n", where);
      }
    /* Translators: a file's size, e.g. "8.4 MB (8392104 bytes)". */
    g_string_append_printf (text, _("%s (%" G_GSIZE_FORMAT " bytes)"), size, length);
    g_string_append (text, "\n\n");
  }
  g_string_append_printf (text, _("Format %s, %u × %u"),
                          ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2 ? "v2" : _("v1 (legacy)"),
                          ms_blueprint_get_map_size (bp), ms_blueprint_get_map_size (bp));
  if (p != NULL)
    {
      g_string_append_printf (text, "\n%s %d%s", _("World seed"), p->world_seed,
                              ms_blueprint_params_is_sentinel (p) ? _(" (re-encoded)") : "");
      g_string_append_printf (text, "\n%s %s", _("Generated"), p->generated_utc);
      /* The same figures as `mapsmith-cli info`. */
      g_string_append_printf (text, "\n%s %g, %s (%g, %g)", _("Crater radius"), p->crater_radius,
                              _("impact centre"), p->impact_center_x, p->impact_center_y);
      g_string_append_printf (text, "\n%s %g", _("Density multiplier"), p->density_multiplier);
      g_string_append_printf (text, "\n%s %s", _("Generator"),
                              p->generator_git_hash != NULL && p->generator_git_hash[0] != '\0'
                              ? p->generator_git_hash : _("(no hash)"));
    }
  ms_blueprint_get_water_bodies (bp, &n_bodies);
  g_string_append_printf (text, "\n%s %u", _("Water bodies"), n_bodies);

  {
    MsProfile *profile = ms_blueprint_get_profile (bp);
    const MsTown *towns = ms_blueprint_get_towns (bp, &n_towns);
    guint n_tiers = ms_profile_get_count (profile, MS_PROFILE_TOWN_TIERS);
    g_autofree guint *by_tier = g_new0 (guint, n_tiers);
    guint nodes = 0;

    for (guint i = 0; i < n_towns; i++)
      {
        by_tier[towns[i].tier]++;
        nodes += towns[i].highway_node ? 1 : 0;
      }
    g_string_append_printf (text, "\n\n%s %u (%s %u)", _("Towns"), n_towns, _("highway nodes"), nodes);
    for (guint t = 0; t < n_tiers; t++)
      g_string_append_printf (text, "\n  %s  %u", ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, t), by_tier[t]);

    g_string_append_printf (text, "\n\n%s", _("Roads (paths, points, length in px)"));
    for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
      {
        guint n_paths = ms_blueprint_get_n_paths (bp, tier);
        guint64 points = 0;
        double length = 0;

        for (guint i = 0; i < n_paths; i++)
          {
            guint n_points;
            const MsPoint *pts = ms_blueprint_get_path (bp, tier, i, &n_points);

            points += n_points;
            length += ms_road_path_length (pts, n_points);
          }
        g_string_append_printf (text, "\n  %s  %u, %" G_GUINT64_FORMAT ", %.0f",
                                ms_road_tier_to_key (tier), n_paths, points, length);
      }
  }

  {
    const MsTerrainCurve *c = ms_blueprint_get_curve (bp);

    if (c != NULL)
      g_string_append_printf (text, "\n\n%s %u\n  knots %g, %g, %g, %g\n  spike max %g, sea %g\n"
                              "  orange ceil %g, red ceil %g\n  bench %g – %g\n  peak cap %g, tail slope %g",
                              _("Terrain curve, version"), c->version, c->knots[0], c->knots[1],
                              c->knots[2], c->knots[3], c->spike_max, c->sea, c->orange_ceil,
                              c->red_ceil, c->bench_lo, c->bench_hi, c->peak_cap, c->tail_slope);
  }

  sections = ms_blueprint_get_sections (bp, &n_sections);
  if (n_sections > 0)
    g_string_append_printf (text, "\n\n%s", _("Sections (offset, length)"));
  for (guint i = 0; i < n_sections; i++)
    {
      char tag[5];
      ms_section_tag_to_string (sections[i].tag, tag);
      g_string_append_printf (text, "\n%s  %" G_GOFFSET_FORMAT "  %" G_GUINT64_FORMAT "%s", tag,
                              sections[i].offset, sections[i].length,
                              sections[i].known ? "" : _("  (unknown)"));
    }

  for (const char * const *w = ms_blueprint_get_warnings (bp); *w != NULL; w++)
    g_string_append_printf (text, "\n\n⚠ %s", *w);

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->metadata_view), text->str, -1);
  g_string_free (text, TRUE);
}

static void
audit_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *findings = ms_blueprint_audit (task_data, cancellable, &error);

  if (findings == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, findings, (GDestroyNotify) g_ptr_array_unref);
}

static void
audit_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  MsWindow *self = MS_WINDOW (source);
  g_autoptr(GError) error = NULL;
  GPtrArray *findings = g_task_propagate_pointer (G_TASK (result), &error);

  if (findings == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, error->message);
      return;
    }
  check_mapping (self);
  g_clear_object (&self->audit_cancellable);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  self->findings = findings;
  ms_findings_list_set_findings (self->findings_list, findings);
}

/* The map is checked against the format's invariants as it opens. */
static void
start_audit (MsWindow *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->audit_cancellable != NULL)
    g_cancellable_cancel (self->audit_cancellable);
  g_clear_object (&self->audit_cancellable);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  ms_findings_list_set_findings (self->findings_list, NULL);
  if (self->blueprint == NULL)
    return;

  self->audit_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->audit_cancellable, audit_done, NULL);
  g_task_set_task_data (task, g_object_ref (self->blueprint), g_object_unref);
  g_task_run_in_thread (task, audit_thread);
}

typedef struct
{
  MsBlueprint    *bp;
  MsAuditFinding  finding;
} Marks;

static void
marks_free (Marks *marks)
{
  g_clear_object (&marks->bp);
  g_free (marks);
}

static gboolean
marks_pixel (guint    x,
             guint    y,
             gpointer user_data)
{
  Marks *marks = user_data;
  return ms_audit_finding_marks_pixel (marks->bp, &marks->finding, x, y);
}

static void
on_finding_selected (MsFindingsList *list,
                     guint           index,
                     MsWindow       *self)
{
  const MsAuditFinding *finding;
  Marks *marks;

  if (self->findings == NULL || index >= self->findings->len)
    return;
  finding = g_ptr_array_index (self->findings, index);

  marks = g_new0 (Marks, 1);
  marks->bp = g_object_ref (self->blueprint);
  marks->finding = *finding;
  marks->finding.message = NULL;  /* not needed, not owned */
  clear_other_picks (self, GTK_WIDGET (list));
  ms_map_view_set_marks (self->map_view, marks_pixel, marks, (GDestroyNotify) marks_free);
  /* A finding without a pixel has no outline: drop the last pick's. */
  ms_map_view_set_highlight (self->map_view, NULL);

  if (finding->has_location)
    {
      MsRect rect = { finding->x, finding->y, 1, 1 };

      /* Close enough that single pixels show, with the surroundings. */
      ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view),
                            (double) finding->x - 32, (double) finding->y - 32, 65, 65);
      ms_map_view_set_highlight (self->map_view, &rect);
    }
}

/* The road list's metres and the scale bar agree on one scale. */
static void
update_metres_per_pixel (MsWindow *self)
{
  double metres = ms_scale_bar_metres_per_map_pixel_for (self->blueprint, ms_map_view_get_style (self->map_view));

  ms_scale_bar_set_metres_per_map_pixel (self->scale_bar, metres);
  ms_road_list_set_metres_per_pixel (self->road_list, metres);
}

static void
on_town_selected (MsTownList *list,
                  MsTownRow  *row,
                  MsWindow   *self)
{
  const MsTown *town = ms_town_row_get_town (row);
  const double r = MS_TOWN_LIST_NEIGHBOURHOOD;
  MsRect rect = { (guint) MAX (floorf (town->x), 0.0f), (guint) MAX (floorf (town->y), 0.0f), 1, 1 };

  clear_other_picks (self, GTK_WIDGET (list));
  ms_map_view_set_marks (self->map_view, NULL, NULL, NULL);
  ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view),
                        rect.x - r, rect.y - r, 2 * r + 1, 2 * r + 1);
  ms_map_view_set_highlight (self->map_view, &rect);
}

/* A road's pixels, sorted x * map_size + y, for the map's marks. */
typedef struct
{
  GArray *pixels;
  guint   map_size;
} PathMarks;

static void
path_marks_free (PathMarks *marks)
{
  g_array_unref (marks->pixels);
  g_free (marks);
}

static gboolean
path_marks_pixel (guint    x,
                  guint    y,
                  gpointer user_data)
{
  PathMarks *marks = user_data;
  guint32 key = (guint32) x * marks->map_size + y;
  guint lo = 0, hi = marks->pixels->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 value = g_array_index (marks->pixels, guint32, mid);

      if (value == key)
        return TRUE;
      if (value < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

static void
on_road_selected (MsRoadList *list,
                  MsRoadRow  *row,
                  MsWindow   *self)
{
  const MsPathBounds *b = ms_road_row_get_bounds (row);
  MsRect rect = { b->x, b->y, b->width, b->height };
  guint n_points;
  const MsPoint *points;
  PathMarks *marks;

  if (self->blueprint == NULL || b->width == 0)
    return;
  clear_other_picks (self, GTK_WIDGET (list));

  /* The path itself tinted, its bounds outlined: the outline finds it
   * zoomed out, the tint shows which way it runs. */
  points = ms_blueprint_get_path (self->blueprint, ms_road_row_get_tier (row), ms_road_row_get_index (row),
                                  &n_points);
  marks = g_new0 (PathMarks, 1);
  marks->map_size = ms_blueprint_get_map_size (self->blueprint);
  marks->pixels = ms_road_path_pixels (points, n_points, marks->map_size);
  ms_map_view_set_marks (self->map_view, path_marks_pixel, marks, (GDestroyNotify) path_marks_free);

  ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view), b->x, b->y, b->width, b->height);
  ms_map_view_set_highlight (self->map_view, &rect);
}

/* ------------------------------------------------------ changed on disk --- */

/* @damage: the mapping's error when pages are gone, or NULL when the file
 * only changed; a later damage report replaces a plain change's text. */
static void
show_changed (MsWindow   *self,
              const char *damage)
{
  g_autofree char *name = NULL;

  if (self->file == NULL || (self->changed != NULL && damage == NULL))
    return;
  name = g_file_get_basename (self->file);
  g_free (self->changed);
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
      /* The model's own words, for a bug report. */
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->changed_label), damage);
    }
  else
    {
      self->changed = g_strdup_printf (_("“%s” changed on disk. The map shown is the file as it was; "
                                         "reload it to see the new one."), name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->changed_label), NULL);
    }
  gtk_label_set_text (self->changed_label, self->changed);
  gtk_revealer_set_reveal_child (self->changed_revealer, TRUE);
}

/* Has a read (a hover readout, a tile, the audit) found the file shrunk
 * under its mapping?  Such reads saw zeros; the window says so. */
static gboolean
check_mapping (MsWindow *self)
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

  if (self->blueprint == NULL || !check_mapping (self))
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
  gtk_revealer_set_reveal_child (self->changed_revealer, FALSE);
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
  check_mapping (self);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  if (self->file != NULL)
    ms_window_open_file (self, self->file);
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
static void
show_open_error (MsWindow   *self,
                 GFile      *file,
                 const char *message)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *title = g_strdup_printf (_("Could Not Open “%s”"), name);

  if (self->blueprint != NULL)
    {
      show_error (self, message);
      return;
    }
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->placeholder_title, title);
  gtk_label_set_text (self->placeholder_error, message);
  gtk_widget_set_visible (GTK_WIDGET (self->placeholder_error), TRUE);
  update_view_state (self);
}

static void
set_blueprint (MsWindow    *self,
               MsBlueprint *blueprint,
               GFile       *file)
{
  g_autofree char *title = NULL;

  g_set_object (&self->blueprint, blueprint);
  g_set_object (&self->file, file);
  watch_file (self);
  update_view_state (self);
  ms_map_view_set_blueprint (self->map_view, blueprint);
  ms_water_body_list_set_blueprint (self->water_list, blueprint);
  ms_minimap_set_blueprint (self->minimap, blueprint);
  start_audit (self);
  ms_town_list_set_blueprint (self->town_list, blueprint);
  ms_road_list_set_blueprint (self->road_list, blueprint);
  if (blueprint != NULL)
    update_metres_per_pixel (self);
  update_metadata (self);

  gtk_revealer_set_reveal_child (self->welcome_revealer,
                                 blueprint != NULL && file == NULL && !self->welcome_dismissed);
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

/* @what: the whole sentence shown while busy, or NULL when done. */
static void
set_loading (MsWindow   *self,
             const char *what)
{
  if (what != NULL)
    {
      gtk_label_set_text (self->loading_label, what);
      gtk_revealer_set_reveal_child (self->loading_revealer, TRUE);
      if (self->pulse_id == 0)
        self->pulse_id = g_timeout_add (100, pulse, self);
    }
  else
    {
      gtk_revealer_set_reveal_child (self->loading_revealer, FALSE);
      g_clear_handle_id (&self->pulse_id, g_source_remove);
      g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", what != NULL);
}

static MsProfile *
load_profile (MsWindow  *self,
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
    g_task_return_error (task, error);
  else
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

  set_loading (self, NULL);
  g_clear_object (&self->load_cancellable);

  if (bp == NULL)
    {
      show_open_error (self, data->file, error->message);
      return;
    }

  set_blueprint (self, bp, data->file);
  ms_application_add_recent (MS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                             data->file);
}

/* Opens @file on a worker, with the bar showing how far it got and Cancel
 * stopping it; a newer load replaces an older one.  @profile: (transfer full). */
static void
start_load (MsWindow            *self,
            GFile               *file,
            MsProfile           *profile,
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
  data->permille = g_atomic_rc_box_new (gint);
  *data->permille = -1;

  set_loading (self, label);
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

  profile = load_profile (self, &error);
  if (profile == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The game profile could not be read, so the "
                                                    "placeholder profile is used: %s"), error->message);
      show_error (self, message);
      profile = ms_profile_new_default ();
    }

  start_load (self, file, profile, load_done, ms_window_open_file, NULL);
}

void
ms_window_open_demo (MsWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(MsBlueprint) bp = NULL;

  g_return_if_fail (MS_IS_WINDOW (self));

  bytes = ms_demo_blueprint_generate (MS_DEMO_BLUEPRINT_DEFAULT_SIZE, MS_DEMO_BLUEPRINT_DEFAULT_SEED, &error);
  /* The demo's ordinals are the placeholder profile's. */
  if (bytes != NULL)
    bp = ms_blueprint_new_for_bytes (bytes, _("Demo Map"), NULL, &error);
  if (bp == NULL)
    {
      show_error (self, error->message);
      return;
    }
  set_blueprint (self, bp, NULL);
}

static void
cancel_load (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  set_loading (self, NULL);
  if (self->blueprint == NULL)
    gtk_label_set_text (self->placeholder_title, _("No Map Open"));
}

/* -------------------------------------------------------------- actions --- */

static void
on_open_response (GtkNativeDialog *dialog,
                  int              response,
                  MsWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);
          MsWindow *target = self;

          /* The first file replaces this window's map; others get windows. */
          if (i > 0)
            {
              target = ms_window_new (MS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
              gtk_window_present (GTK_WINDOW (target));
            }
          ms_window_open_file (target, file);
        }
    }
  g_object_unref (dialog);
}

static void
add_blueprint_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) blueprints = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (blueprints, _("Blueprints"));
  gtk_file_filter_add_pattern (blueprints, "*.dat");
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, blueprints);
  gtk_file_chooser_add_filter (chooser, all);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GtkFileChooserNative *dialog;

  /* GTK 4.8 has no GtkFileDialog. */
  dialog = gtk_file_chooser_native_new (_("Open a Blueprint"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  add_blueprint_filters (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));
  ms_window_open_file (MS_WINDOW (widget), file);
}

static void
open_demo_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ms_window_open_demo (MS_WINDOW (widget));
}

static void
new_window_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MsWindow *window = ms_window_new (MS_APPLICATION (gtk_window_get_application (GTK_WINDOW (widget))));

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
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
  set_loading (self, NULL);
  g_clear_object (&self->load_cancellable);
  if (b == NULL)
    {
      show_error (self, error->message);
      return;
    }
  window = ms_compare_window_new (MS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), a, b);
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_compare_response (GtkNativeDialog *dialog,
                     int              response,
                     MsWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->blueprint != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;
      MsProfile *profile = load_profile (self, &error);

      if (profile == NULL)
        {
          show_error (self, error->message);
          profile = ms_profile_new_default ();
        }
      start_load (self, file, profile, compare_load_done, on_compare_response,
                  g_object_ref (self->blueprint));
    }
  g_object_unref (dialog);
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GtkFileChooserNative *dialog;

  if (MS_WINDOW (widget)->blueprint == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Compare With"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Compare"), _("_Cancel"));
  add_blueprint_filters (GTK_FILE_CHOOSER (dialog));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_compare_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
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

  /* The same renderer as `mapsmith-cli render`. */
  surface = ms_render_blueprint (data->bp, &data->style, &data->region, data->max_size, cancellable, &error);
  if (surface != NULL && data->screen)
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
    set_loading (self, NULL);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    show_error (self, error->message);
  else
    {
      g_autofree char *display = g_filename_display_name (data->path);
      g_autofree char *message = g_strdup_printf (_("Saved %s, %u × %u pixels"), display,
                                                  data->width, data->height);
      show_info (self, message);
    }
  check_mapping (self);
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
      show_error (self, _("Only local files can be written"));
      export_data_free (data);
      return;
    }
  self->exports++;
  set_loading (self, _("Exporting…"));
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

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    MsWindow        *self)
{
  const char *what = g_object_get_data (G_OBJECT (dialog), "export-what");

  if (response == GTK_RESPONSE_ACCEPT && what != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      const char *resolution = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "resolution");

      ms_window_export_png (self, what, resolution != NULL ? resolution : "map", file);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  const char *what = g_variant_get_string (parameter, NULL);
  GtkFileChooserNative *dialog;
  gboolean view = g_strcmp0 (what, "view") == 0;

  if (self->blueprint == NULL)
    return;

  dialog = gtk_file_chooser_native_new (view ? _("Export the View as PNG") : _("Export the Whole Map as PNG"),
                                        GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "map.png");
  {
    g_autoptr(GtkFileFilter) png = gtk_file_filter_new ();

    gtk_file_filter_set_name (png, _("PNG Images"));
    gtk_file_filter_add_mime_type (png, "image/png");
    gtk_file_filter_add_pattern (png, "*.png");
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), png);
  }
  if (view)
    {
      /* The view's pixels or the map's: both sizes named, so a 75 × 64
       * image from a zoomed-in view is a choice, not a surprise. */
      ExportData *screen = export_data_new (self, "view", "screen");
      ExportData *map = export_data_new (self, "view", "map");
      guint sw, sh, mw, mh;
      g_autofree char *screen_label = NULL;
      g_autofree char *map_label = NULL;

      export_size (screen, &sw, &sh);
      export_size (map, &mw, &mh);
      screen_label = g_strdup_printf (_("As on screen, %u × %u pixels"), sw, sh);
      map_label = g_strdup_printf (_("One pixel per map pixel, %u × %u pixels"), mw, mh);
      {
        const char *ids[] = { "screen", "map", NULL };
        const char *labels[] = { screen_label, map_label, NULL };

        gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "resolution", _("Size"), ids, labels);
        gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "resolution", "screen");
      }
      export_data_free (screen);
      export_data_free (map);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data_full (G_OBJECT (dialog), "export-what", g_strdup (what), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_profile_response (GtkNativeDialog *dialog,
                     int              response,
                     MsWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;
      g_autoptr(MsProfile) profile = ms_profile_new_for_path (path, &error);

      /* Check it now, so a bad profile never becomes the setting. */
      if (profile == NULL)
        show_error (self, error->message);
      else
        {
          g_settings_set_string (self->settings, MS_SETTINGS_PROFILE_PATH, path);
          if (self->file != NULL)
            ms_window_open_file (self, self->file);
        }
    }
  g_object_unref (dialog);
}

static void
choose_profile_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Choose a Game Profile"), GTK_WINDOW (widget),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (on_profile_response), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
reset_profile_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);

  g_settings_set_string (self->settings, MS_SETTINGS_PROFILE_PATH, "");
  if (self->file != NULL)
    ms_window_open_file (self, self->file);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  /* The header bar is outside the map view, where its map.* actions live. */
  gtk_widget_activate_action (GTK_WIDGET (MS_WINDOW (widget)->map_view), "map.zoom-fit", NULL);
}

/* ---------------------------------------------------------- recent menu --- */

static void
update_recent_menu (MsWindow *self)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, MS_SETTINGS_RECENT_FILES);
  GMenu *submenu = self->recent_submenu;

  g_menu_remove_all (submenu);
  for (guint i = 0; recent[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (recent[i]);
      g_autofree char *base = g_file_get_basename (file);
      g_auto(GStrv) parts = g_strsplit (base != NULL ? base : recent[i], "_", -1);
      /* Menu labels take "_" as a mnemonic: double it to show the name. */
      g_autofree char *name = g_strjoinv ("__", parts);
      g_autoptr(GMenuItem) item = g_menu_item_new (name, NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", recent[i]);
      g_menu_append_item (submenu, item);
    }
  if (recent[0] == NULL)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.no-recent");
      g_menu_append_item (submenu, item);
    }
}

/* ------------------------------------------------------- drag and drop --- */

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         MsWindow      *self)
{
  GSList *files = g_value_get_boxed (value);

  for (GSList *l = files; l != NULL; l = l->next)
    {
      MsWindow *window = self;

      if (l != files)
        {
          window = ms_window_new (MS_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
          gtk_window_present (GTK_WINDOW (window));
        }
      ms_window_open_file (window, l->data);
    }
  return files != NULL;
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

static gboolean
toggle_sidebar (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  MsWindow *self = MS_WINDOW (widget);

  g_settings_set_boolean (self->settings, MS_SETTINGS_SIDEBAR_VISIBLE,
                          !g_settings_get_boolean (self->settings, MS_SETTINGS_SIDEBAR_VISIBLE));
  return TRUE;
}

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

  if (self->load_cancellable != NULL)
    g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_pointer (&self->load_permille, g_atomic_rc_box_release);
  if (self->audit_cancellable != NULL)
    g_cancellable_cancel (self->audit_cancellable);
  g_clear_object (&self->audit_cancellable);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
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

  g_type_ensure (MS_TYPE_MAP_VIEW);
  g_type_ensure (MS_TYPE_WATER_BODY_LIST);
  g_type_ensure (MS_TYPE_TOWN_LIST);
  g_type_ensure (MS_TYPE_ROAD_LIST);
  g_type_ensure (MS_TYPE_MINIMAP);
  g_type_ensure (MS_TYPE_FINDINGS_LIST);
  g_type_ensure (MS_TYPE_SCALE_BAR);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, welcome_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, error_label);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, loading_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, loading_label);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, layer_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, ramp_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, azimuth_scale);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, altitude_scale);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, metadata_view);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, changed_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, changed_label);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, info_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, info_label);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, sidebar_paned);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, layer_controls);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, placeholder_title);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, placeholder_error);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, map_overlay);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, map_view);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, inspector_label);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, recent_submenu);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, water_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, town_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, road_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, minimap);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, findings_list);
  gtk_widget_class_bind_template_child (widget_class, MsWindow, scale_bar);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-demo", NULL, open_demo_action);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, compare_action);
  gtk_widget_class_install_action (widget_class, "win.new-window", NULL, new_window_action);
  gtk_widget_class_install_action (widget_class, "win.export", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.layer-preset", "s", layer_preset_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_load);
  gtk_widget_class_install_action (widget_class, "win.dismiss-error", NULL, dismiss_error);
  gtk_widget_class_install_action (widget_class, "win.dismiss-info", NULL, dismiss_info);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.dismiss-welcome", NULL, dismiss_welcome);
  gtk_widget_class_install_action (widget_class, "win.choose-profile", NULL, choose_profile_action);
  gtk_widget_class_install_action (widget_class, "win.reset-profile", NULL, reset_profile_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_fit_action);
  /* Disabled on purpose: the "No Recent Files" placeholder. */
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
  /* win.sidebar-visible is the setting's own action (see init); F9 as in
   * other GNOME apps' sidebars. */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_F9, 0, toggle_sidebar, NULL);
}

static void
ms_window_init (MsWindow *self)
{
  GtkEventController *motion;
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (MS_SETTINGS_SCHEMA);

  g_settings_bind_with_mapping (self->settings, MS_SETTINGS_HEIGHT_RAMP, self->ramp_dropdown,
                                "selected", G_SETTINGS_BIND_DEFAULT, string_to_index, index_to_string,
                                (gpointer) ramp_keys, NULL);
  for (int layer = MS_N_STACK_LAYERS - 1; layer >= 0; layer--)
    add_layer_row (self, (MsStackLayer) layer);
  g_settings_bind (self->settings, MS_SETTINGS_LIGHT_AZIMUTH,
                   gtk_range_get_adjustment (GTK_RANGE (self->azimuth_scale)), "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, MS_SETTINGS_LIGHT_ALTITUDE,
                   gtk_range_get_adjustment (GTK_RANGE (self->altitude_scale)), "value", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (update_style), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::" MS_SETTINGS_RECENT_FILES,
                           G_CALLBACK (update_recent_menu), self, G_CONNECT_SWAPPED);
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

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, MS_SETTINGS_WINDOW_WIDTH),
                               g_settings_get_int (self->settings, MS_SETTINGS_WINDOW_HEIGHT));
  if (g_settings_get_boolean (self->settings, MS_SETTINGS_WINDOW_MAXIMIZED))
    gtk_window_maximize (GTK_WINDOW (self));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_map_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_map_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->map_view), motion);

  g_signal_connect (self->water_list, "body-selected", G_CALLBACK (on_body_selected), self);
  g_signal_connect (self->town_list, "town-selected", G_CALLBACK (on_town_selected), self);
  g_signal_connect (self->road_list, "road-selected", G_CALLBACK (on_road_selected), self);
  ms_minimap_set_viewport (self->minimap, ms_map_view_get_viewport (self->map_view));
  g_signal_connect (self->findings_list, "finding-selected", G_CALLBACK (on_finding_selected), self);
  ms_scale_bar_set_viewport (self->scale_bar, ms_map_view_get_viewport (self->map_view));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  set_loading (self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  update_view_state (self);
}

MsWindow *
ms_window_new (MsApplication *application)
{
  return g_object_new (MS_TYPE_WINDOW, "application", application, NULL);
}

GMenuModel *
ms_window_get_recent_menu (MsWindow *self)
{
  g_return_val_if_fail (MS_IS_WINDOW (self), NULL);
  return G_MENU_MODEL (self->recent_submenu);
}
