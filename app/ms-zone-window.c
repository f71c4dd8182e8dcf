/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter window: its layout, the paint targets, the history and
 * the readout.  The tools (MsZoneToolController) turn pointer input on the
 * zone view into MsZoneRegions, which the window applies with the zone edit
 * engine, one undo step per stroke; the window keeps the steps' names for
 * its history list (the engine keeps only their contents).  Actions live in
 * ms-zone-window-actions.c, files in ms-zone-window-save.c.
 */
#define G_LOG_DOMAIN "ms-zone-window"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-demo-zone.h"
#include "ms-settings.h"
#include "ms-view-gestures.h"
#include "ms-wheel-guard.h"
#include "ms-window-fit.h"
#include "ms-zone-describe.h"
#include "ms-zone-directory.h"
#include "ms-zone-edit.h"
#include "ms-zone-smooth.h"
#include "ms-zone-window-private.h"


#define DEMO_ZONE_ID 42

/* The paint targets: set and clear of every control flag, then these. */
typedef enum
{
  SPAWN_SET,
  SPAWN_ADD,
  SPAWN_SUBTRACT,
  SPAWN_SMOOTH,
  N_SPAWN_TARGETS
} SpawnTarget;

G_DEFINE_FINAL_TYPE (MsZoneWindow, ms_zone_window, GTK_TYPE_APPLICATION_WINDOW)

static void update_hover (MsZoneWindow *self);

/* ------------------------------------------------------------- banner --- */

void
_ms_zone_window_show_banner (MsZoneWindow *self,
                             const char   *message,
                             gboolean      conflict)
{
  self->conflict = conflict;
  /* A file changed behind our back is a question, not a failure. */
  ms_banner_show (self->banner, conflict ? MS_BANNER_WARNING : MS_BANNER_ERROR, message);
  gtk_widget_set_visible (self->reload_button, conflict);
  gtk_widget_set_visible (self->overwrite_button, conflict);
  gtk_widget_set_visible (self->recover_button, FALSE);
  gtk_widget_set_visible (self->discard_journal_button, FALSE);
  _ms_zone_window_update_state (self);
}

/* News, not trouble: the same line, without the warning look. */
void
_ms_zone_window_show_info (MsZoneWindow *self,
                           const char   *message)
{
  _ms_zone_window_show_banner (self, message, FALSE);
  ms_banner_set_style (self->banner, MS_BANNER_INFO);
}

void
_ms_zone_window_hide_banner (MsZoneWindow *self)
{
  self->conflict = FALSE;
  self->disk_broken = FALSE;
  ms_banner_set_revealed (self->banner, FALSE);
  _ms_zone_window_update_state (self);
}


/* ------------------------------------------------------------ targets --- */

static guint
n_flag_targets (void)
{
  guint n;

  ms_zone_control_flags (&n);
  return 2 * n;
}

static gboolean
target_is_spawn (MsZoneWindow *self,
                 SpawnTarget  *spawn)
{
  guint i = gtk_drop_down_get_selected (self->target_dropdown);

  if (i < n_flag_targets ())
    return FALSE;
  *spawn = (SpawnTarget) (i - n_flag_targets ());
  return TRUE;
}

/* The target as the history names it: "set AntiPlant", "add 16 to spawn". */
static char *
describe_target (MsZoneWindow *self)
{
  guint i = gtk_drop_down_get_selected (self->target_dropdown);
  int value = gtk_spin_button_get_value_as_int (self->value_spin);
  guint n_flags;
  const MsZoneFlagInfo *flags = ms_zone_control_flags (&n_flags);
  SpawnTarget spawn;

  if (!target_is_spawn (self, &spawn))
    return g_strdup_printf (i % 2 == 0 ? _("set %s") : _("clear %s"), flags[i / 2].name);
  switch (spawn)
    {
    case SPAWN_SET:
      return g_strdup_printf (_("set spawn to %d"), value);
    case SPAWN_ADD:
      return g_strdup_printf (_("add %d to spawn"), value);
    case SPAWN_SUBTRACT:
      return g_strdup_printf (_("subtract %d from spawn"), value);
    case SPAWN_SMOOTH:
    case N_SPAWN_TARGETS:
    default:
      return g_strdup (_("smooth spawn"));
    }
}

static void
current_op (MsZoneWindow *self,
            MsZoneOp     *op)
{
  guint i = gtk_drop_down_get_selected (self->target_dropdown);
  int value = gtk_spin_button_get_value_as_int (self->value_spin);
  SpawnTarget spawn;

  *op = (MsZoneOp) { 0 };
  if (!target_is_spawn (self, &spawn))
    {
      guint n_flags;

      op->kind = i % 2 == 0 ? MS_ZONE_OP_SET_FLAG : MS_ZONE_OP_CLEAR_FLAG;
      op->mask = ms_zone_control_flags (&n_flags)[i / 2].bit;
      return;
    }
  op->kind = spawn == SPAWN_SET ? MS_ZONE_OP_SET_SPAWN : MS_ZONE_OP_ADD_SPAWN;
  op->value = spawn == SPAWN_SUBTRACT ? -value : value;
}

/* Applies the current target to @region; FALSE with the banner shown. */
gboolean
_ms_zone_window_apply_region (MsZoneWindow *self,
                              MsZoneRegion *region)
{
  g_autoptr(GError) error = NULL;
  SpawnTarget spawn;
  gboolean ok;

  if (target_is_spawn (self, &spawn) && spawn == SPAWN_SMOOTH)
    {
      guint n_spans;
      const MsZoneSpan *spans = ms_zone_region_get_spans (region, &n_spans);

      ms_zone_begin_step (self->zone);
      ok = ms_zone_smooth_spawn (self->zone, spans, n_spans, &error);
      ms_zone_end_step (self->zone);
    }
  else
    {
      MsZoneOp op;

      current_op (self, &op);
      ok = ms_zone_apply (self->zone, &op, region, &error);
    }
  if (!ok)
    _ms_zone_window_show_banner (self, error->message, FALSE);
  else
    _ms_zone_window_check_disk (self, FALSE);
  return ok;
}

/* ------------------------------------------------------------ history --- */

void
_ms_zone_window_record_named_step (MsZoneWindow *self,
                                   const char   *tool_name,
                                   const char   *target,
                                   guint64       n_tiles)
{
  /* An empty region leaves no undo step behind. */
  if (n_tiles == 0)
    return;
  /* Steps past the position go, and with them a saved state among them. */
  if (self->saved_position != G_MAXUINT && self->saved_position > self->position)
    self->saved_position = G_MAXUINT;
  g_ptr_array_set_size (self->history, self->position);
  g_ptr_array_add (self->history,
                   /* A zone has at most 2048 x 2048 tiles: a guint holds the count. */
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s (%u tile)", "%s: %s (%u tiles)",
                                                 (gulong) n_tiles),
                                    tool_name, target, (guint) n_tiles));
  self->position = self->history->len;
  _ms_zone_window_update_state (self);
}

void
_ms_zone_window_record_step (MsZoneWindow *self,
                             const char   *tool_name,
                             guint64       n_tiles)
{
  g_autofree char *target = describe_target (self);

  _ms_zone_window_record_named_step (self, tool_name, target, n_tiles);
}

static void
rebuild_history_list (MsZoneWindow *self)
{
  ms_zone_history_list_set_steps (self->history_list, (const char *const *) self->history->pdata,
                                  self->history->len, self->position, self->saved_position);
}

void
_ms_zone_window_go_to_step (MsZoneWindow *self,
                            guint         position)
{
  position = MIN (position, self->history->len);
  while (self->position > position && ms_zone_undo (self->zone))
    self->position--;
  while (self->position < position && ms_zone_redo (self->zone))
    self->position++;
  _ms_zone_window_update_state (self);
}

static void
on_step_chosen (MsZoneHistoryList *list,
                guint              position,
                MsZoneWindow      *self)
{
  if (self->zone != NULL)
    _ms_zone_window_go_to_step (self, position);
}

/* -------------------------------------------------------------- state --- */

/* The title and what can be done now; cheap enough for every change. */
static void
update_actions (MsZoneWindow *self)
{
  gboolean dirty = self->zone != NULL && ms_zone_is_dirty (self->zone);
  g_autofree char *title = NULL;

  if (self->zone != NULL)
    {
      g_autofree char *folder = g_path_get_basename (self->dir);

      /* The leading bullet marks unsaved changes.  The demo's folder is a
       * temporary name, of no use to the user. */
      if (g_strcmp0 (self->dir, self->demo_dir) == 0)
        title = g_strdup_printf (_("%sDemo Zone — Mapsmith"), dirty ? "• " : "");
      else
        title = g_strdup_printf (_("%sZone %u — %s — Mapsmith"), dirty ? "• " : "", self->zone_id, folder);
      gtk_window_set_title (GTK_WINDOW (self), title);
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.undo",
                                 self->zone != NULL && ms_zone_can_undo (self->zone) && self->position > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.redo",
                                 self->zone != NULL && ms_zone_can_redo (self->zone) &&
                                 self->position < self->history->len);
  /* Nothing to save: neither clickable nor suggested. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.save", dirty);
  if (dirty)
    gtk_widget_add_css_class (self->save_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->save_button, "suggested-action");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.reload", self->conflict);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.overwrite", self->conflict && !self->disk_broken);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.export-mask", self->zone != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "zone.import-mask", self->zone != NULL);
}

void
_ms_zone_window_update_state (MsZoneWindow *self)
{
  update_actions (self);
  rebuild_history_list (self);
}

/* --------------------------------------------------------- overlays --- */

GSettings *
_ms_zone_window_get_settings (MsZoneWindow *self)
{
  if (self->settings == NULL && gtk_window_get_application (GTK_WINDOW (self)) != NULL)
    self->settings = g_settings_new (MS_SETTINGS_SCHEMA);
  return self->settings;
}

/* The overlays as the settings last held them, over ms_zone_style_init ()'s
 * defaults; a value the settings cannot give keeps its default. */
static void
load_style (MsZoneWindow *self,
            MsZoneStyle  *style)
{
  GSettings *settings = _ms_zone_window_get_settings (self);
  g_autofree char *names = NULL;
  g_autofree char *bad_name = NULL;
  g_autoptr(GVariant) opacities = NULL;
  MsZoneOverlays overlays;
  gsize n;

  ms_zone_style_init (style);
  style->layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  if (settings == NULL)
    return;

  names = g_settings_get_string (settings, MS_SETTINGS_ZONE_OVERLAYS);
  if (ms_zone_overlays_from_string (names, &overlays, &bad_name))
    style->overlays = overlays;
  style->control_flags = (guint16) g_settings_get_uint (settings, MS_SETTINGS_ZONE_CONTROL_FLAGS);
  style->blocking_flags = (guint8) g_settings_get_uint (settings, MS_SETTINGS_ZONE_BLOCKING_FLAGS);
  style->tint_altitude = g_settings_get_boolean (settings, MS_SETTINGS_ZONE_TINT_ALTITUDE);
  opacities = g_settings_get_value (settings, MS_SETTINGS_ZONE_OVERLAY_OPACITIES);
  n = g_variant_n_children (opacities);
  for (gsize i = 0; i < MIN (n, MS_ZONE_N_OVERLAYS); i++)
    {
      double a;

      g_variant_get_child (opacities, i, "d", &a);
      style->overlay_opacities[i] = (float) CLAMP (a, 0.0, 1.0);
    }
  ms_light_init (&style->light, (float) g_settings_get_double (settings, MS_SETTINGS_ZONE_LIGHT_AZIMUTH),
                 style->light.altitude_deg);
  style->light.multidirectional = g_settings_get_boolean (settings, MS_SETTINGS_ZONE_HILLSHADE_MULTIDIRECTIONAL);
  style->contour_interval = g_settings_get_boolean (settings, MS_SETTINGS_ZONE_CONTOURS_VISIBLE)
                              ? (float) g_settings_get_double (settings, MS_SETTINGS_ZONE_CONTOUR_INTERVAL)
                              : 0.0f;
}

static void
store_style (MsZoneWindow      *self,
             const MsZoneStyle *style)
{
  GSettings *settings = _ms_zone_window_get_settings (self);
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *list = NULL;
  GVariantBuilder opacities;

  if (settings == NULL)
    return;

  builder = g_strv_builder_new ();
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    if (style->overlays & (1u << i))
      g_strv_builder_add (builder, ms_zone_overlay_to_string ((MsZoneOverlays) (1u << i)));
  names = g_strv_builder_end (builder);
  list = g_strjoinv (",", names);
  g_variant_builder_init (&opacities, G_VARIANT_TYPE ("ad"));
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    g_variant_builder_add (&opacities, "d", (double) style->overlay_opacities[i]);

  /* One write for the lot: a slider's drag is many changes. */
  g_settings_delay (settings);
  g_settings_set_string (settings, MS_SETTINGS_ZONE_OVERLAYS, list);
  g_settings_set_uint (settings, MS_SETTINGS_ZONE_CONTROL_FLAGS, style->control_flags);
  g_settings_set_uint (settings, MS_SETTINGS_ZONE_BLOCKING_FLAGS, style->blocking_flags);
  g_settings_set_boolean (settings, MS_SETTINGS_ZONE_TINT_ALTITUDE, style->tint_altitude);
  g_settings_set_value (settings, MS_SETTINGS_ZONE_OVERLAY_OPACITIES, g_variant_builder_end (&opacities));
  g_settings_set_double (settings, MS_SETTINGS_ZONE_LIGHT_AZIMUTH,
                         CLAMP ((double) style->light.azimuth_deg, 0.0, 360.0));
  g_settings_set_boolean (settings, MS_SETTINGS_ZONE_HILLSHADE_MULTIDIRECTIONAL, style->light.multidirectional);
  g_settings_set_boolean (settings, MS_SETTINGS_ZONE_CONTOURS_VISIBLE, style->contour_interval > 0.0f);
  /* Hidden lines keep the interval they had. */
  if (style->contour_interval > 0.0f)
    g_settings_set_double (settings, MS_SETTINGS_ZONE_CONTOUR_INTERVAL,
                           CLAMP ((double) style->contour_interval, 0.25, 1000.0));
  g_settings_apply (settings);
}

/* The panel's style, always the overlays composite, to the view; the
 * settings get it without what the paint target turned on. */
static void
show_overlays (MsZoneWindow *self)
{
  MsZoneStyle style;

  ms_zone_overlays_panel_get_style (self->overlays_panel, &style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  ms_zone_view_set_style (self->view, &style);
  _ms_zone_window_update_terrain_style (self);
  style.overlays &= ~self->target_overlays;
  style.control_flags &= (guint16) ~self->target_flags;
  store_style (self, &style);
}

/* A change the user made: an overlay or flag the target had turned on and
 * the user toggled is the user's from now on. */
static void
on_overlays_changed (MsZoneWindow *self)
{
  MsZoneStyle style;

  ms_zone_overlays_panel_get_style (self->overlays_panel, &style);
  self->target_overlays &= style.overlays;
  self->target_flags &= style.control_flags;
  show_overlays (self);
}

static void
set_overlays_style (MsZoneWindow      *self,
                    const MsZoneStyle *style)
{
  ms_zone_overlays_panel_set_style (self->overlays_panel, style);
  ms_zone_view_set_style (self->view, style);
}

static void
update_value_label (MsZoneWindow *self)
{
  int value = gtk_spin_button_get_value_as_int (self->value_spin);
  g_autofree char *text = NULL;
  SpawnTarget spawn;
  gboolean spawn_target = target_is_spawn (self, &spawn);

  gtk_widget_set_visible (self->value_box, spawn_target && spawn != SPAWN_SMOOTH);
  /* The server draws spawn against 256 at every attempt. */
  if (spawn_target && spawn == SPAWN_SET)
    text = g_strdup_printf (_("%.1f %% chance per attempt"), value * 100.0 / 256.0);
  else
    text = g_strdup_printf (_("± %.1f %% chance per attempt"), value * 100.0 / 256.0);
  gtk_label_set_text (self->chance_label, text);
}

static void
on_target_changed (MsZoneWindow *self)
{
  MsZoneStyle style;
  MsZoneOverlays overlays;
  guint16 control_flags;
  SpawnTarget spawn;

  /* Show what is painted: its overlay on, and a flag painted among the
   * flags shown.  What the last target turned on goes with it; nothing
   * the user chose changes. */
  ms_zone_overlays_panel_get_style (self->overlays_panel, &style);
  overlays = style.overlays;
  control_flags = style.control_flags;
  style.overlays &= ~self->target_overlays;
  style.control_flags &= (guint16) ~self->target_flags;
  self->target_overlays = 0;
  self->target_flags = 0;
  if (target_is_spawn (self, &spawn))
    {
      self->target_overlays = MS_ZONE_OVERLAY_SPAWN & ~style.overlays;
      style.overlays |= MS_ZONE_OVERLAY_SPAWN;
    }
  else
    {
      MsZoneOp op;

      current_op (self, &op);
      self->target_overlays = MS_ZONE_OVERLAY_CONTROL & ~style.overlays;
      self->target_flags = op.mask & (guint16) ~style.control_flags;
      style.overlays |= MS_ZONE_OVERLAY_CONTROL;
      style.control_flags |= op.mask;
    }
  if (style.overlays != overlays || style.control_flags != control_flags)
    {
      ms_zone_overlays_panel_set_style (self->overlays_panel, &style);
      show_overlays (self);
    }
  update_value_label (self);
}

static void
on_brush_changed (MsZoneWindow *self)
{
  MsZoneBrushShape shape = (MsZoneBrushShape) gtk_drop_down_get_selected (self->shape_dropdown);

  ms_zone_view_set_brush (self->view, shape, ms_zone_window_get_brush_size (self));
  ms_zone_tool_controller_set_brush (self->tools, shape, ms_zone_window_get_brush_size (self));
}

static void
on_zone_changed (MsZoneWindow *self)
{
  /* Edits made without a tool (the tests, a mask import) count too. */
  update_actions (self);
  update_hover (self);
}


static void
set_zone (MsZoneWindow *self,
          MsZone       *zone,
          const char   *dir,
          guint         zone_id)
{
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_set_object (&self->zone, zone);
  g_free (self->dir);
  self->dir = g_strdup (dir);
  self->zone_id = zone_id;
  g_ptr_array_set_size (self->history, 0);
  self->position = 0;
  self->saved_position = 0;
  ms_zone_tool_controller_set_zone (self->tools, zone);
  self->hovering = FALSE;
  g_signal_connect_object (zone, "changed", G_CALLBACK (on_zone_changed), self, G_CONNECT_SWAPPED);
  ms_zone_view_set_zone (self->view, zone);
  _ms_zone_window_update_terrain (self);
  _ms_zone_window_hide_banner (self);
  _ms_zone_window_watch_layers (self);
  update_hover (self);
  _ms_zone_window_start_journal (self);
  _ms_zone_window_checks_set_zone (self);
}

/* ---------------------------------------------------------------- hover --- */

char *
ms_zone_window_describe_tile (MsZoneWindow *self,
                              guint         x,
                              guint         y)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->zone != NULL ? ms_zone_describe_tile_text (self->zone, x, y) : NULL;
}

static void
update_hover (MsZoneWindow *self)
{
  g_autofree char *text = NULL;

  if (self->hovering)
    text = ms_zone_window_describe_tile (self, self->hover_x, self->hover_y);
  g_free (self->hover_text);
  self->hover_text = g_steal_pointer (&text);
  gtk_label_set_text (self->hover_label, self->hover_text ? self->hover_text
                                                          : _("Point at the zone to read a tile."));
  /* Those reads may have met a page the file lost. */
  _ms_zone_window_check_disk (self, FALSE);
}

void
_ms_zone_window_end_hover (MsZoneWindow *self)
{
  self->hovering = FALSE;
  update_hover (self);
}

void
_ms_zone_window_hover (MsZoneWindow *self,
                       double        x,
                       double        y)
{
  if (self->zone == NULL)
    return;

  self->hovering = x >= 0 && y >= 0 && x < ms_zone_get_width (self->zone) && y < ms_zone_get_height (self->zone);
  if (self->hovering && (self->hover_x != (guint) x || self->hover_y != (guint) y || self->hover_text == NULL))
    {
      self->hover_x = (guint) x;
      self->hover_y = (guint) y;
      update_hover (self);
    }
}

/* The readout follows the pointer; the tools see the same motion after. */
static void
on_tile_motion (MsZoneView   *view,
                double        x,
                double        y,
                MsZoneWindow *self)
{
  _ms_zone_window_hover (self, x, y);
}

/* ---------------------------------------------------------------- tools --- */

static gboolean
on_tool_apply (MsZoneToolController *tools,
               MsZoneRegion         *region,
               MsZoneWindow         *self)
{
  return _ms_zone_window_apply_region (self, region);
}

static void
on_tool_step_done (MsZoneToolController *tools,
                   const char           *tool_name,
                   guint64               n_tiles,
                   MsZoneWindow         *self)
{
  _ms_zone_window_record_step (self, tool_name, n_tiles);
}

/* The flood fill waiting to be applied, counted where the user looks. */
static void
on_flood_preview (MsZoneToolController *tools,
                  guint64               n_tiles,
                  MsZoneWindow         *self)
{
  const char *title = ms_zone_window_get_banner (self);

  if (n_tiles > 0)
    {
      /* A zone has at most 2048 × 2048 tiles: a guint holds the count. */
      g_autofree char *count = g_strdup_printf ("%'u", (guint) n_tiles);
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "Flood fill: %s tile, tinted. Enter or a click inside applies it; "
                                      "Esc cancels.",
                                      "Flood fill: %s tiles, tinted. Enter or a click inside applies them; "
                                      "Esc cancels.", (gulong) n_tiles),
                         count);

      _ms_zone_window_show_info (self, text);
    }
  else if (title != NULL && g_str_has_prefix (title, _("Flood fill: ")))
    _ms_zone_window_hide_banner (self);
}

static void
on_tool_failed (MsZoneToolController *tools,
                const char           *message,
                MsZoneWindow         *self)
{
  _ms_zone_window_show_banner (self, message, FALSE);
}

static gboolean
on_ctrl_scroll (MsViewGestures *gestures,
                double          dy,
                MsZoneWindow   *self)
{
  guint size = ms_zone_window_get_brush_size (self);

  ms_zone_window_set_brush_size (self, dy < 0 ? MAX (size + 1, (guint) ceil (size * 1.2))
                                              : MIN (size - 1, (guint) floor (size / 1.2)));
  return TRUE;
}


gboolean
ms_zone_window_open (MsZoneWindow *self,
                     const char   *dir,
                     guint         zone_id,
                     GError      **error)
{
  g_autoptr(MsZone) zone = NULL;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  g_return_val_if_fail (dir != NULL, FALSE);

  zone = ms_zone_new_for_dir (dir, zone_id, 0, 0, NULL, error);
  if (zone == NULL)
    return FALSE;
  set_zone (self, zone, dir, zone_id);

  /* Opening finished or undid a save that was cut short: say which. */
  {
    GPtrArray *notes = ms_zone_get_open_notes (zone);

    if (notes->len > 0)
      {
        g_autoptr(GString) text = g_string_new (NULL);

        for (guint i = 0; i < notes->len; i++)
          g_string_append_printf (text, "%s%s.", i > 0 ? " " : "",
                                  (const char *) g_ptr_array_index (notes, i));
        _ms_zone_window_show_info (self, text->str);
      }
  }
  return TRUE;
}

/**
 * ms_zone_window_open_recovered:
 * @journal: an unsaved-edit journal of this zone (ms-zone-journal.h)
 *
 * Opens the zone and puts the journal's edits back as one undo step; the
 * zone is then unsaved, and journalled again at its default path.
 */
gboolean
ms_zone_window_open_recovered (MsZoneWindow  *self,
                               const char    *dir,
                               guint          zone_id,
                               const char    *journal,
                               GError       **error)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  g_return_val_if_fail (journal != NULL, FALSE);

  if (!ms_zone_window_open (self, dir, zone_id, error))
    return FALSE;
  if (!_ms_zone_window_recover_journal (self, journal, error))
    return FALSE;
  _ms_zone_window_hide_banner (self);
  _ms_zone_window_start_autosave (self);
  return TRUE;
}
static void
ms_zone_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (object);

  if (prop_id != 1)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  /* Changing tools ends a stroke and drops a shape under way. */
  if (ms_zone_tool_controller_set_tool (self->tools, g_value_get_string (value)))
    g_object_notify_by_pspec (object, pspec);
}

static void
ms_zone_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (object);

  if (prop_id == 1)
    /* The action asks before the tools exist (the template) and after. */
    g_value_set_string (value, self->tools != NULL ? ms_zone_tool_controller_get_tool (self->tools)
                                                   : "brush");
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

/* The application (and so its settings) arrives after construction. */
static void
on_application_changed (MsZoneWindow *self)
{
  MsZoneStyle style;

  if (_ms_zone_window_get_settings (self) == NULL)
    return;
  load_style (self, &style);
  self->target_overlays = 0;
  self->target_flags = 0;
  set_overlays_style (self, &style);

  /* The backup choice as a check item of the menu, stored in the key. */
  if (g_action_map_lookup_action (G_ACTION_MAP (self), MS_SETTINGS_ZONE_BACKUPS) == NULL)
    {
      g_autoptr(GAction) backups = g_settings_create_action (_ms_zone_window_get_settings (self),
                                                             MS_SETTINGS_ZONE_BACKUPS);

      g_action_map_add_action (G_ACTION_MAP (self), backups);
    }
}

static void
ms_zone_window_dispose (GObject *object)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (object);

  if (self->mask_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->mask_chooser);
      g_clear_object (&self->mask_chooser);
    }

  if (self->rule_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->rule_dialog)));
  g_clear_object (&self->tools);
  _ms_zone_window_checks_dispose (self);
  /* The settings action follows its key: drop it before the window goes. */
  g_action_map_remove_action (G_ACTION_MAP (self), MS_SETTINGS_ZONE_BACKUPS);
  _ms_zone_window_unwatch_layers (self);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  /* Disposing the autosave writes what it had pending: a window closed
   * without asking (the session ends) leaves its edits recoverable. */
  _ms_zone_window_stop_autosave (self);
  g_clear_pointer (&self->pending_journal, g_free);
  _ms_zone_window_terrain_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_ZONE_WINDOW);
  self->view = NULL;
  g_clear_object (&self->zone);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ms_zone_window_parent_class)->dispose (object);
}

static void
ms_zone_window_finalize (GObject *object)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (object);

  g_free (self->dir);
  g_free (self->demo_dir);
  g_free (self->hover_text);
  g_ptr_array_unref (self->history);
  g_hash_table_unref (self->backed_up);

  G_OBJECT_CLASS (ms_zone_window_parent_class)->finalize (object);
}

/* Unsaved edits: the question first (ms-zone-window-save.c). */
static gboolean
ms_zone_window_close_request (GtkWindow *window)
{
  if (_ms_zone_window_ask_before_close (MS_ZONE_WINDOW (window)))
    return TRUE;
  return GTK_WINDOW_CLASS (ms_zone_window_parent_class)->close_request (window);
}

static void
ms_zone_window_class_init (MsZoneWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->set_property = ms_zone_window_set_property;
  object_class->get_property = ms_zone_window_get_property;
  object_class->dispose = ms_zone_window_dispose;
  object_class->finalize = ms_zone_window_finalize;
  window_class->close_request = ms_zone_window_close_request;

  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("tool", NULL, NULL, "brush",
                                                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                        G_PARAM_STATIC_STRINGS));

  g_type_ensure (MS_TYPE_ZONE_VIEW);
  g_type_ensure (MS_TYPE_RULER_OVERLAY);
  g_type_ensure (MS_TYPE_PROFILE_PANE);
  g_type_ensure (MS_TYPE_TERRAIN_PANE);
  g_type_ensure (MS_TYPE_ZONE_OVERLAYS_PANEL);
  g_type_ensure (MS_TYPE_ZONE_HISTORY_LIST);
  g_type_ensure (MS_TYPE_BANNER);
  g_type_ensure (MS_TYPE_ZONE_CHECKS_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-zone-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, view);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, ruler);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, profile_pane);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, dimension_stack);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, terrain_pane);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, banner);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, reload_button);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, overwrite_button);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, recover_button);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, discard_journal_button);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, target_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, value_box);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, value_spin);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, chance_label);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, shape_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, size_spin);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, overlays_panel);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, history_list);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, hover_label);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, checks_panel);

  _ms_zone_window_class_add_actions (widget_class);
  _ms_zone_window_class_add_browse (widget_class);
}

static void
ms_zone_window_init (MsZoneWindow *self)
{
  g_autoptr(GtkStringList) targets = gtk_string_list_new (NULL);
  MsZoneStyle style;
  const MsZoneFlagInfo *flags;
  guint n_flags;

  self->history = g_ptr_array_new_with_free_func (g_free);
  self->backed_up = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);

  gtk_widget_init_template (GTK_WIDGET (self));
  ms_window_fit_default_size (GTK_WINDOW (self), 1100, 750);
  ms_window_add_sidebar_action (GTK_WINDOW (self), self->side_panel);
  ms_wheel_guard_add_all (self->side_panel);
  ms_view_gestures_add_window_shortcuts (GTK_WIDGET (self), GTK_WIDGET (self->view), "zone-view");

  flags = ms_zone_control_flags (&n_flags);
  for (guint i = 0; i < n_flags; i++)
    {
      g_autofree char *set = g_strdup_printf (_("Set %s"), flags[i].name);
      g_autofree char *clear = g_strdup_printf (_("Clear %s"), flags[i].name);

      gtk_string_list_append (targets, set);
      gtk_string_list_append (targets, clear);
    }
  gtk_string_list_append (targets, _("Spawn: set value"));
  gtk_string_list_append (targets, _("Spawn: add"));
  gtk_string_list_append (targets, _("Spawn: subtract"));
  gtk_string_list_append (targets, _("Spawn: smooth"));
  gtk_drop_down_set_model (self->target_dropdown, G_LIST_MODEL (targets));
  gtk_drop_down_set_selected (self->target_dropdown, 0);

  /* The defaults until the application brings its settings. */
  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  set_overlays_style (self, &style);

  g_signal_connect_swapped (self->target_dropdown, "notify::selected", G_CALLBACK (on_target_changed), self);
  g_signal_connect_swapped (self->overlays_panel, "changed", G_CALLBACK (on_overlays_changed), self);
  g_signal_connect (self, "notify::application", G_CALLBACK (on_application_changed), NULL);
  g_signal_connect_swapped (self->value_spin, "value-changed", G_CALLBACK (update_value_label), self);
  g_signal_connect_swapped (self->shape_dropdown, "notify::selected", G_CALLBACK (on_brush_changed), self);
  g_signal_connect_swapped (self->size_spin, "value-changed", G_CALLBACK (on_brush_changed), self);
  g_signal_connect (self->history_list, "step-chosen", G_CALLBACK (on_step_chosen), self);
  /* Before the tools: the readout reads a tile before a stroke paints it. */
  g_signal_connect (self->view, "tile-motion", G_CALLBACK (on_tile_motion), self);
  self->tools = ms_zone_tool_controller_new (self->view);
  g_signal_connect (self->tools, "apply", G_CALLBACK (on_tool_apply), self);
  g_signal_connect (self->tools, "step-done", G_CALLBACK (on_tool_step_done), self);
  g_signal_connect (self->tools, "failed", G_CALLBACK (on_tool_failed), self);
  g_signal_connect (self->tools, "flood-preview", G_CALLBACK (on_flood_preview), self);
  g_signal_connect (ms_tile_view_get_gestures (MS_TILE_VIEW (self->view)), "ctrl-scroll", G_CALLBACK (on_ctrl_scroll), self);

  _ms_zone_window_add_shape_keys (self);
  _ms_zone_window_checks_init (self);
  _ms_zone_window_init_browse (self);
  _ms_zone_window_init_terrain (self);
  _ms_zone_window_replay_attach (self);
  update_value_label (self);
  on_brush_changed (self);
  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_BRUSH, NULL, 0);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view), "crosshair");
  _ms_zone_window_update_state (self);
}

/* --------------------------------------------------------------- public --- */

MsZoneWindow *
ms_zone_window_new (GtkApplication *app)
{
  return g_object_new (MS_TYPE_ZONE_WINDOW, "application", app, NULL);
}


gboolean
ms_zone_window_open_demo (MsZoneWindow *self,
                          GError      **error)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);

  dir = ms_demo_zone_write_scratch (DEMO_ZONE_ID, error);
  if (dir == NULL)
    return FALSE;
  g_free (self->demo_dir);
  self->demo_dir = g_strdup (dir);
  return ms_zone_window_open (self, dir, DEMO_ZONE_ID, error);
}

MsZone *
ms_zone_window_get_zone (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->zone;
}

MsZoneView *
ms_zone_window_get_view (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->view;
}

const char *
ms_zone_window_get_tool (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return ms_zone_tool_controller_get_tool (self->tools);
}

guint
ms_zone_window_get_brush_size (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), 1);
  return (guint) gtk_spin_button_get_value_as_int (self->size_spin);
}

void
ms_zone_window_set_brush_size (MsZoneWindow *self,
                               guint         size)
{
  g_return_if_fail (MS_IS_ZONE_WINDOW (self));
  gtk_spin_button_set_value (self->size_spin, CLAMP (size, 1, 512));
}

const char *
ms_zone_window_get_hover_text (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->hover_text;
}

const char *
ms_zone_window_get_banner (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return ms_banner_get_revealed (self->banner) ? ms_banner_get_title (self->banner) : NULL;
}

gboolean
ms_zone_window_has_conflict (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  return self->conflict;
}

char **
ms_zone_window_dup_history (MsZoneWindow *self,
                            guint        *position)
{
  GStrvBuilder *builder;
  char **names;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->history->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->history, i));
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  if (position != NULL)
    *position = self->position;
  return names;
}

gboolean
ms_zone_window_is_asking_to_close (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  return self->close_dialog != NULL;
}

GtkWindow *
ms_zone_window_get_close_dialog (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->close_dialog != NULL ? GTK_WINDOW (self->close_dialog) : NULL;
}

