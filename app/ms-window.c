/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window: one blueprint in a map view, a layer panel bound to
 * GSettings (so choices persist and apply to new windows), a hover
 * inspector and a summary of the file.  Files load on a worker thread with
 * a progress bar and a Cancel button; failures show in a banner, never as a
 * silent nothing.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

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

  /* Template widgets */
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
  GtkLabel             *metadata_label;
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
      gtk_label_set_text (self->metadata_label, "");
      g_string_free (text, TRUE);
      return;
    }

  p = ms_blueprint_get_params (bp);
  g_string_append_printf (text, _("Format %s, %u × %u"),
                          ms_blueprint_get_format (bp) == MS_BLUEPRINT_FORMAT_V2 ? "v2" : _("v1 (legacy)"),
                          ms_blueprint_get_map_size (bp), ms_blueprint_get_map_size (bp));
  if (p != NULL)
    {
      g_string_append_printf (text, "\n%s %d%s", _("World seed"), p->world_seed,
                              ms_blueprint_params_is_sentinel (p) ? _(" (re-encoded)") : "");
      g_string_append_printf (text, "\n%s %s", _("Generated"), p->generated_utc);
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

  gtk_label_set_text (self->metadata_label, text->str);
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
  ms_map_view_set_marks (self->map_view, marks_pixel, marks, (GDestroyNotify) marks_free);

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

static void
set_blueprint (MsWindow    *self,
               MsBlueprint *blueprint,
               GFile       *file)
{
  g_autofree char *title = NULL;

  g_set_object (&self->blueprint, blueprint);
  g_set_object (&self->file, file);
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
      show_error (self, error->message);
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

typedef struct
{
  MsBlueprint      *bp;
  MsBlueprintStyle  style;
  MsRect            region;
  guint             max_size;
  char             *path;
} ExportData;

static void
export_data_free (ExportData *data)
{
  g_clear_object (&data->bp);
  g_free (data->path);
  g_free (data);
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
  g_autoptr(GError) error = NULL;

  set_loading (self, NULL);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    show_error (self, error->message);
}

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    MsWindow        *self)
{
  ExportData *data = g_object_get_data (G_OBJECT (dialog), "export-data");

  if (response == GTK_RESPONSE_ACCEPT && data != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GTask) task = NULL;

      data->path = g_file_get_path (file);
      g_object_steal_data (G_OBJECT (dialog), "export-data");
      set_loading (self, _("Exporting…"));
      task = g_task_new (self, NULL, export_done, NULL);
      g_task_set_task_data (task, data, (GDestroyNotify) export_data_free);
      g_task_run_in_thread (task, export_thread);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsWindow *self = MS_WINDOW (widget);
  MsViewport *viewport = ms_map_view_get_viewport (self->map_view);
  GtkFileChooserNative *dialog;
  ExportData *data;
  guint n;

  if (self->blueprint == NULL)
    return;

  n = ms_blueprint_get_map_size (self->blueprint);
  data = g_new0 (ExportData, 1);
  data->bp = g_object_ref (self->blueprint);
  data->style = *ms_map_view_get_style (self->map_view);
  data->region = (MsRect) { 0, 0, n, n };
  data->max_size = MIN (n, 16384u);

  if (g_strcmp0 (g_variant_get_string (parameter, NULL), "view") == 0)
    {
      double x0, y0, x1, y1;

      ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
      ms_viewport_screen_to_map (viewport, ms_viewport_get_width (viewport),
                                 ms_viewport_get_height (viewport), &x1, &y1);
      x0 = CLAMP (floor (x0), 0, n - 1);
      y0 = CLAMP (floor (y0), 0, n - 1);
      x1 = CLAMP (ceil (x1), x0 + 1, n);
      y1 = CLAMP (ceil (y1), y0 + 1, n);
      data->region = (MsRect) { (guint) x0, (guint) y0, (guint) (x1 - x0), (guint) (y1 - y0) };
      /* As many pixels as the screen shows, or the map has. */
      data->max_size = (guint) MAX (ms_viewport_get_width (viewport), ms_viewport_get_height (viewport));
      data->max_size = MAX (data->max_size, 1u);
    }

  dialog = gtk_file_chooser_native_new (_("Export as PNG"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "map.png");
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data_full (G_OBJECT (dialog), "export-data", data, (GDestroyNotify) export_data_free);
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
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_WINDOW);
  g_clear_object (&self->blueprint);
  g_clear_object (&self->file);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->error, g_free);

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
  gtk_widget_class_bind_template_child (widget_class, MsWindow, metadata_label);
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
  gtk_widget_class_install_action (widget_class, "win.dismiss-welcome", NULL, dismiss_welcome);
  gtk_widget_class_install_action (widget_class, "win.choose-profile", NULL, choose_profile_action);
  gtk_widget_class_install_action (widget_class, "win.reset-profile", NULL, reset_profile_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_fit_action);
  /* Disabled on purpose: the "No Recent Files" placeholder. */
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
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
