/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter window.  Tools turn pointer input on the zone view into
 * MsZoneRegions and apply them with the zone edit engine, one undo step per
 * stroke; the window keeps the steps' names for its history list (the
 * engine keeps only their contents).  Saving never overwrites a layer the
 * game server rewrote behind our back without asking.
 */
#define G_LOG_DOMAIN "ms-zone-window"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ms-demo-zone.h"
#include "ms-save.h"
#include "ms-settings.h"
#include "ms-zone-backup.h"
#include "ms-zone-autosave.h"
#include "ms-zone-directory.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-mask.h"
#include "ms-zone-overlays-panel.h"
#include "ms-zone-window.h"

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

struct _MsZoneWindow
{
  GtkApplicationWindow  parent_instance;
  GSettings            *settings;   /* the window's own, once it has an application */

  MsZoneView      *view;
  GtkRevealer     *banner_revealer;
  GtkWidget       *banner_box;
  GtkImage        *banner_icon;
  GtkLabel        *banner_label;
  GtkWidget       *reload_button;
  GtkWidget       *overwrite_button;
  GtkWidget       *recover_button;
  GtkWidget       *discard_journal_button;
  GtkDropDown     *target_dropdown;
  GtkWidget       *value_box;
  GtkSpinButton   *value_spin;
  GtkLabel        *chance_label;
  GtkDropDown     *shape_dropdown;
  GtkSpinButton   *size_spin;
  MsZoneOverlaysPanel *overlays_panel;
  GtkStack        *side_stack;
  GtkListBox      *history_list;
  GtkLabel        *hover_label;
  GtkWidget       *save_button;

  MsZone          *zone;
  char            *dir;
  guint            zone_id;
  char            *tool;
  gboolean         conflict;

  /* Each layer file is watched: another program rewriting or truncating
   * it while open is said at once, not at the next save. */
  GPtrArray       *monitors;        /* GFileMonitor */
  guint            disk_check_id;
  guint            disk_poll_id;
  int              disk_notice;     /* the layer said changed (+1), 0: none */
  gboolean         disk_notice_broken;  /* ... and its mapping had lost pages */
  MsFileStamp      disk_notice_stamp;   /* ... and the file as it was then */
  gboolean         disk_broken;     /* the banner is about lost pages */
  gboolean         close_confirmed;
  GtkWidget       *close_dialog;

  /* Unsaved edits go to a journal (crash recovery).  A journal found when
   * the zone opens waits in pending_journal until the user recovers or
   * discards it; only then does autosave start, since it would replace it. */
  MsZoneAutosave  *autosave;
  char            *pending_journal;

  /* The stroke or shape under way, in tiles (row-major). */
  gboolean         painting;
  GArray          *stroke;          /* double pairs: brush centres */
  gboolean         dragging_rect;
  double           rect_x, rect_y, rect_x1, rect_y1;
  GArray          *polygon;         /* double pairs */
  gboolean         lasso_pressed;   /* the polygon tool's button is down */
  gboolean         lassoing;        /* ... and dragged: a freehand lasso */
  GArray          *selection;       /* MsZoneSpan: the last rectangle or polygon */

  GPtrArray       *history;         /* char*: step names */
  guint            position;        /* steps applied */
  guint            saved_position;  /* the steps the files hold; G_MAXUINT: none */
  gboolean         updating_history;

  gboolean         hovering;
  guint            hover_x, hover_y;
  char            *hover_text;

  GtkWidget       *rule_dialog;
  GtkNativeDialog *mask_chooser;

  /* "{dir}/{id}" of each zone backed up before its first save, for the
   * window's lifetime: a reload is the same zone. */
  GHashTable      *backed_up;
};

G_DEFINE_FINAL_TYPE (MsZoneWindow, ms_zone_window, GTK_TYPE_APPLICATION_WINDOW)

/* Names from the server's enumerations (ZONE_LAYERS_NOTES.md): game terms,
 * not translated. */
static const char *const plant_names[] = {
  "NotDefined", "GrassA", "GrassB", "PineTree", "Rango", "BushA", "BushB", "TreeIron", "TreeCopper",
  "Reed", "NanoWheat", "RustBush", "SlimeRoot", "Quag", "ElectroPlant", "TitanPlant", "Poffeteg",
  "Bonsai", "Wall", "Devrinol",
};

static const char *const ground_names[] = {
  "Darkrocks", "LowlandA", "LowlandB", "MidlandA", "MidlandB", "HighlandA", "HighlandB",
  "Lightrocks", "Sand", "type1", "type2", "type3", "type4", "type5", "type6", "type7", "type8",
  "type9", "type10", "type11", "undefined",
};

static void update_state   (MsZoneWindow *self);
static void add_shape_keys (MsZoneWindow *self);
static void update_hover   (MsZoneWindow *self);

/* ------------------------------------------------------------- banner --- */

static void
show_banner (MsZoneWindow *self,
             const char   *message,
             gboolean      conflict)
{
  self->conflict = conflict;
  gtk_image_set_from_icon_name (self->banner_icon, "dialog-warning-symbolic");
  gtk_widget_remove_css_class (self->banner_box, "loading-banner");
  gtk_widget_add_css_class (self->banner_box, "error-banner");
  gtk_label_set_text (self->banner_label, message);
  gtk_widget_set_visible (self->reload_button, conflict);
  gtk_widget_set_visible (self->overwrite_button, conflict);
  gtk_widget_set_visible (self->recover_button, FALSE);
  gtk_widget_set_visible (self->discard_journal_button, FALSE);
  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
  update_state (self);
}

/* News, not trouble: the same line, without the warning look. */
static void
show_info (MsZoneWindow *self,
           const char   *message)
{
  show_banner (self, message, FALSE);
  gtk_image_set_from_icon_name (self->banner_icon, "dialog-information-symbolic");
  gtk_widget_remove_css_class (self->banner_box, "error-banner");
  gtk_widget_add_css_class (self->banner_box, "loading-banner");
}

static void
hide_banner (MsZoneWindow *self)
{
  self->conflict = FALSE;
  self->disk_broken = FALSE;
  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
  update_state (self);
}


/* -------------------------------------------------------- disk changes --- */

/* The first layer file that is no longer the one opened or last saved:
 * its mapping lost pages (*broken), or another program replaced or
 * rewrote it. */
static gboolean
find_disk_change (MsZoneWindow *self,
                  MsZoneLayer  *layer,
                  gboolean     *broken,
                  gboolean      stamps)
{
  if (self->zone == NULL)
    return FALSE;
  *broken = TRUE;
  if (!ms_zone_check_layers (self->zone, layer, NULL))
    return TRUE;
  *broken = FALSE;
  for (guint l = 0; stamps && l < MS_ZONE_N_LAYERS; l++)
    {
      MsFileStamp now;

      if (!ms_zone_has_layer (self->zone, l))
        continue;
      if (!ms_file_stamp_read (&now, ms_zone_get_layer_path (self->zone, l), NULL) ||
          !ms_file_stamp_equal (&now, ms_zone_get_layer_stamp (self->zone, l)))
        {
          *layer = l;
          return TRUE;
        }
    }
  return FALSE;
}

static void
show_disk_banner (MsZoneWindow *self,
                  MsZoneLayer   layer,
                  gboolean      broken,
                  const char   *prefix)
{
  g_autofree char *name = g_path_get_basename (ms_zone_get_layer_path (self->zone, layer));
  g_autofree char *journal = ms_zone_journal_default_path (self->zone);
  GString *msg = g_string_new (prefix);

  if (prefix != NULL)
    g_string_append_c (msg, ' ');
  g_string_append_printf (msg, _("%s changed on disk."), name);
  if (broken)
    g_string_append_printf (msg, " %s",
                            _("It shrank while open: saving is refused, so that nothing read from it "
                              "since is written back."));
  if (!ms_zone_is_dirty (self->zone))
    g_string_append_printf (msg, " %s", _("Reload to see it as it is now."));
  else if (g_file_test (journal, G_FILE_TEST_EXISTS))
    g_string_append_printf (msg, " %s",
                            _("Reload opens the files as they are now and offers the unsaved edits "
                              "kept for recovery."));
  else
    g_string_append_printf (msg, " %s",
                            _("Reload opens the files as they are now; the unsaved edits are lost."));
  show_banner (self, msg->str, TRUE);
  g_string_free (msg, TRUE);
  self->disk_notice = (int) layer + 1;
  self->disk_notice_broken = broken;
  if (!ms_file_stamp_read (&self->disk_notice_stamp, ms_zone_get_layer_path (self->zone, layer), NULL))
    self->disk_notice_stamp = (MsFileStamp) { 0, };
  self->disk_broken = broken;
  /* Overwriting would write what could not be read. */
  gtk_widget_set_visible (self->overwrite_button, !broken);
  update_state (self);
}

/* Says a change once: the same file in the same state is not shown again
 * after the banner was dismissed; another change of it is. */
static void
check_disk (MsZoneWindow *self,
            gboolean      stamps)
{
  MsZoneLayer layer;
  MsFileStamp now = { 0, };
  gboolean broken;

  if (!find_disk_change (self, &layer, &broken, stamps))
    return;
  ms_file_stamp_read (&now, ms_zone_get_layer_path (self->zone, layer), NULL);
  if (self->disk_notice == (int) layer + 1 && (self->disk_notice_broken || !broken) &&
      ms_file_stamp_equal (&now, &self->disk_notice_stamp))
    return;
  show_disk_banner (self, layer, broken, NULL);
}

static gboolean
on_disk_check (gpointer user_data)
{
  MsZoneWindow *self = user_data;

  self->disk_check_id = 0;
  check_disk (self, TRUE);
  return G_SOURCE_REMOVE;
}

static void
on_layer_file_changed (GFileMonitor      *monitor,
                       GFile             *file,
                       GFile             *other,
                       GFileMonitorEvent  event,
                       MsZoneWindow      *self)
{
  /* A burst of events (write, truncate, rename) is one look. */
  if (self->disk_check_id == 0)
    self->disk_check_id = g_timeout_add (100, on_disk_check, self);
}

/* Where no file monitor reaches (a network share), and for pages a worker
 * thread found lost: a look every few seconds, a stat per layer. */
static gboolean
on_disk_poll (gpointer user_data)
{
  check_disk (user_data, TRUE);
  return G_SOURCE_CONTINUE;
}

static void
watch_layers (MsZoneWindow *self)
{
  g_ptr_array_set_size (self->monitors, 0);
  g_clear_handle_id (&self->disk_check_id, g_source_remove);
  if (self->disk_poll_id == 0)
    self->disk_poll_id = g_timeout_add_seconds (2, on_disk_poll, self);
  self->disk_notice = 0;
  self->disk_notice_broken = FALSE;
  self->disk_broken = FALSE;
  for (guint l = 0; self->zone != NULL && l < MS_ZONE_N_LAYERS; l++)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      GFileMonitor *monitor;

      if (!ms_zone_has_layer (self->zone, l))
        continue;
      file = g_file_new_for_path (ms_zone_get_layer_path (self->zone, l));
      monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
      if (monitor == NULL)
        {
          /* The stamps are still compared at each save and journal write. */
          g_debug ("Cannot watch %s: %s", ms_zone_get_layer_path (self->zone, l), error->message);
          continue;
        }
      g_signal_connect_object (monitor, "changed", G_CALLBACK (on_layer_file_changed), self, 0);
      g_ptr_array_add (self->monitors, monitor);
    }
}

static void
unwatch_layers (MsZoneWindow *self)
{
  g_clear_handle_id (&self->disk_check_id, g_source_remove);
  g_clear_handle_id (&self->disk_poll_id, g_source_remove);
  if (self->monitors != NULL)
    for (guint i = 0; i < self->monitors->len; i++)
      g_file_monitor_cancel (g_ptr_array_index (self->monitors, i));
  g_clear_pointer (&self->monitors, g_ptr_array_unref);
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

/* Smoothing gives each tile the mean spawn of its 3x3 neighbourhood (the
 * neighbours inside the zone), rounded half up, all read before any is
 * written; tiles that end equal on a row are applied as one run. */
static gboolean
smooth_spans (MsZoneWindow     *self,
              const MsZoneSpan *spans,
              guint             n_spans,
              GError          **error)
{
  guint w = ms_zone_get_width (self->zone), h = ms_zone_get_height (self->zone);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_spans; i++)
    {
      const MsZoneSpan *s = &spans[i];
      guint8 *values = g_malloc (s->x1 - s->x0);

      for (guint t = s->x0; t < s->x1; t++)
        {
          guint sum = 0, n = 0;

          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              {
                gint64 nx = (gint64) t + dx, ny = (gint64) s->y + dy;

                if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                  continue;
                sum += ms_zone_get_spawn (self->zone, (guint) nx, (guint) ny);
                n++;
              }
          values[t - s->x0] = (guint8) ((sum + n / 2) / n);
        }
      g_ptr_array_add (rows, values);
    }

  for (guint i = 0; i < n_spans; i++)
    {
      const MsZoneSpan *s = &spans[i];
      const guint8 *values = g_ptr_array_index (rows, i);
      guint x = s->x0;

      while (x < s->x1)
        {
          guint end = x + 1;
          MsZoneOp op = { MS_ZONE_OP_SET_SPAWN, 0, values[x - s->x0], 0 };
          g_autoptr(MsZoneRegion) run = NULL;

          while (end < s->x1 && values[end - s->x0] == values[x - s->x0])
            end++;
          run = ms_zone_region_new_rect (w, h, x, s->y, end - x, 1);
          if (!ms_zone_apply (self->zone, &op, run, error))
            return FALSE;
          x = end;
        }
    }
  return TRUE;
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
static gboolean
apply_region (MsZoneWindow *self,
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
      ok = smooth_spans (self, spans, n_spans, &error);
      ms_zone_end_step (self->zone);
    }
  else
    {
      MsZoneOp op;

      current_op (self, &op);
      ok = ms_zone_apply (self->zone, &op, region, &error);
    }
  if (!ok)
    show_banner (self, error->message, FALSE);
  else
    check_disk (self, FALSE);
  return ok;
}

/* ------------------------------------------------------------ history --- */

static void
record_named_step (MsZoneWindow *self,
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
  update_state (self);
}

static void
record_step (MsZoneWindow *self,
             const char   *tool_name,
             guint64       n_tiles)
{
  g_autofree char *target = describe_target (self);

  record_named_step (self, tool_name, target, n_tiles);
}

static void
rebuild_history_list (MsZoneWindow *self)
{
  GtkWidget *child;

  self->updating_history = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list))) != NULL)
    gtk_list_box_remove (self->history_list, child);

  for (guint i = 0; i <= self->history->len; i++)
    {
      const char *name = i == 0 ? _("Opened") : g_ptr_array_index (self->history, i - 1);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (name);

      /* Whole names, wrapped: the counts at their ends are what tells
       * steps apart. */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_tooltip_text (label, name);
      gtk_box_append (GTK_BOX (row), label);
      /* The state the files on disk hold. */
      if (i == self->saved_position)
        {
          GtkWidget *saved = gtk_image_new_from_icon_name ("document-save-symbolic");

          gtk_widget_set_name (saved, "saved-marker");
          gtk_widget_set_tooltip_text (saved, i == 0 ? _("As opened: the files on disk")
                                                     : _("Saved: the files on disk"));
          gtk_accessible_update_property (GTK_ACCESSIBLE (saved), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _("Saved"), -1);
          gtk_widget_set_valign (saved, GTK_ALIGN_START);
          gtk_box_append (GTK_BOX (row), saved);
        }
      /* Steps undone but still redoable look faded. */
      if (i > self->position)
        gtk_widget_add_css_class (label, "dim-label");
      gtk_list_box_append (self->history_list, row);
    }
  gtk_list_box_select_row (self->history_list,
                           gtk_list_box_get_row_at_index (self->history_list, (int) self->position));
  self->updating_history = FALSE;
}

static void
go_to_step (MsZoneWindow *self,
            guint         position)
{
  position = MIN (position, self->history->len);
  while (self->position > position && ms_zone_undo (self->zone))
    self->position--;
  while (self->position < position && ms_zone_redo (self->zone))
    self->position++;
  update_state (self);
}

static void
on_history_row_selected (GtkListBox    *box,
                         GtkListBoxRow *row,
                         MsZoneWindow  *self)
{
  if (self->updating_history || row == NULL || self->zone == NULL)
    return;
  go_to_step (self, (guint) gtk_list_box_row_get_index (row));
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

      /* The leading bullet marks unsaved changes. */
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

static void
update_state (MsZoneWindow *self)
{
  update_actions (self);
  rebuild_history_list (self);
}

/* --------------------------------------------------------- overlays --- */

static GSettings *
get_settings (MsZoneWindow *self)
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
  GSettings *settings = get_settings (self);
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
}

static void
store_style (MsZoneWindow      *self,
             const MsZoneStyle *style)
{
  GSettings *settings = get_settings (self);
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
  g_settings_apply (settings);
}

/* The panel's style, always the overlays composite, to the view. */
static void
on_overlays_changed (MsZoneWindow *self)
{
  MsZoneStyle style;

  ms_zone_overlays_panel_get_style (self->overlays_panel, &style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  ms_zone_view_set_style (self->view, &style);
  store_style (self, &style);
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
   * flags shown.  Nothing else the user chose changes. */
  ms_zone_overlays_panel_get_style (self->overlays_panel, &style);
  overlays = style.overlays;
  control_flags = style.control_flags;
  if (target_is_spawn (self, &spawn))
    style.overlays |= MS_ZONE_OVERLAY_SPAWN;
  else
    {
      MsZoneOp op;

      current_op (self, &op);
      style.overlays |= MS_ZONE_OVERLAY_CONTROL;
      style.control_flags |= op.mask;
    }
  if (style.overlays != overlays || style.control_flags != control_flags)
    {
      ms_zone_overlays_panel_set_style (self->overlays_panel, &style);
      on_overlays_changed (self);
    }
  update_value_label (self);
}

static void
on_brush_changed (MsZoneWindow *self)
{
  ms_zone_view_set_brush (self->view, (MsZoneBrushShape) gtk_drop_down_get_selected (self->shape_dropdown),
                          ms_zone_window_get_brush_size (self));
}

static void
on_zone_changed (MsZoneWindow *self)
{
  /* Edits made without a tool (the tests, a mask import) count too. */
  update_actions (self);
  update_hover (self);
}

/* ------------------------------------------------------------ journal --- */

static void
on_autosave_error (MsZoneWindow *self)
{
  const GError *error = ms_zone_autosave_get_error (self->autosave);

  if (error != NULL && g_error_matches (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK))
    check_disk (self, TRUE);
  else if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Unsaved edits cannot be kept for crash recovery: %s"),
                                                  error->message);
      show_banner (self, message, FALSE);
    }
}

static void
start_autosave (MsZoneWindow *self)
{
  g_clear_pointer (&self->pending_journal, g_free);
  if (self->autosave != NULL)
    g_signal_handlers_disconnect_by_data (self->autosave, self);
  g_clear_object (&self->autosave);
  self->autosave = ms_zone_autosave_new (self->zone, NULL);
  g_signal_connect_object (self->autosave, "notify::error", G_CALLBACK (on_autosave_error), self,
                           G_CONNECT_SWAPPED);
}

/* Re-applies @path's edits to the open zone as one undo step. */
static gboolean
recover_journal (MsZoneWindow  *self,
                 const char    *path,
                 GError       **error)
{
  g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (path, error);

  if (info == NULL || !ms_zone_journal_apply (self->zone, path, error))
    return FALSE;
  record_named_step (self, _("Recovered"), _("unsaved edits of an earlier session"), info->n_tiles);
  return TRUE;
}

/* A zone whose journal outlived its window (a crash, a killed session):
 * say so before anything replaces it. */
static void
offer_pending_journal (MsZoneWindow *self,
                       const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneJournalInfo) info = ms_zone_journal_read_info (path, &error);
  g_autofree char *message = NULL;

  if (info == NULL)
    {
      message = g_strdup_printf (_("Unsaved edits of an earlier session cannot be read: %s"), error->message);
    }
  else
    {
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (info->time_us / G_USEC_PER_SEC);
      g_autofree char *time = g_date_time_format (when, "%c");

      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "This zone has unsaved edits from %s (%u tile).",
                                              "This zone has unsaved edits from %s (%u tiles).",
                                              (gulong) info->n_tiles),
                                 time, (guint) info->n_tiles);
      if (info->changed_on_disk)
        {
          g_autofree char *more = g_strconcat (message, " ",
                                               _("The layer files changed since: recovering mixes their new contents with the old edits."),
                                               NULL);
          g_free (message);
          message = g_steal_pointer (&more);
        }
    }
  self->pending_journal = g_strdup (path);
  show_banner (self, message, FALSE);
  gtk_widget_set_visible (self->recover_button, info != NULL);
  gtk_widget_set_visible (self->discard_journal_button, TRUE);
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
  self->painting = FALSE;
  self->dragging_rect = FALSE;
  g_array_set_size (self->polygon, 0);
  g_array_set_size (self->selection, 0);
  self->hovering = FALSE;
  g_signal_connect_object (zone, "changed", G_CALLBACK (on_zone_changed), self, G_CONNECT_SWAPPED);
  ms_zone_view_set_zone (self->view, zone);
  hide_banner (self);
  watch_layers (self);
  update_hover (self);

  {
    g_autofree char *journal = ms_zone_journal_default_path (zone);

    g_clear_pointer (&self->pending_journal, g_free);
    if (self->autosave != NULL)
      g_signal_handlers_disconnect_by_data (self->autosave, self);
    g_clear_object (&self->autosave);
    if (g_file_test (journal, G_FILE_TEST_EXISTS))
      offer_pending_journal (self, journal);
    else
      start_autosave (self);
  }
}

/* ---------------------------------------------------------------- hover --- */

char *
ms_zone_window_describe_tile (MsZoneWindow *self,
                              guint         x,
                              guint         y)
{
  GString *s;
  guint16 control;
  guint n_flags;
  const MsZoneFlagInfo *flags;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  if (self->zone == NULL || x >= ms_zone_get_width (self->zone) || y >= ms_zone_get_height (self->zone))
    return NULL;

  s = g_string_new (NULL);
  g_string_append_printf (s, _("x %u, y %u (row-major)"), x, y);

  g_string_append_c (s, '\n');
  if (ms_zone_has_layer (self->zone, MS_ZONE_LAYER_CONTROL))
    {
      gboolean any = FALSE;

      control = ms_zone_get_control (self->zone, x, y);
      g_string_append_printf (s, _("Control 0x%04x:"), control);
      flags = ms_zone_control_flags (&n_flags);
      for (guint i = 0; i < n_flags; i++)
        if (control & flags[i].bit)
          {
            g_string_append_printf (s, "%s %s", any ? "," : "", flags[i].name);
            any = TRUE;
          }
      if (!any)
        g_string_append_printf (s, " %s", _("none"));
      g_string_append_printf (s, _("; plants %s"),
                              ms_zone_is_plant_allowed (self->zone, x, y) ? _("allowed") : _("not allowed"));
    }
  else
    g_string_append (s, _("Control: no layer"));

  g_string_append_c (s, '\n');
  if (ms_zone_has_layer (self->zone, MS_ZONE_LAYER_BLOCKS))
    {
      guint8 blocking = ms_zone_get_blocking_flags (self->zone, x, y);
      gboolean any = FALSE;

      g_string_append_printf (s, _("Blocking 0x%02x:"), blocking);
      flags = ms_zone_blocking_flags (&n_flags);
      for (guint i = 0; i < n_flags; i++)
        if (blocking & flags[i].bit)
          {
            g_string_append_printf (s, "%s %s", any ? "," : "", flags[i].name);
            any = TRUE;
          }
      if (!any)
        g_string_append_printf (s, " %s", _("none"));
      g_string_append_printf (s, _("; height %u"), ms_zone_get_blocking_height (self->zone, x, y));
    }
  else
    g_string_append (s, _("Blocking: no layer"));

  g_string_append_c (s, '\n');
  if (ms_zone_has_layer (self->zone, MS_ZONE_LAYER_PLANTS))
    {
      guint8 p[MS_ZONE_PLANT_INFO_SIZE];
      guint8 type, ground;

      ms_zone_get_plant (self->zone, x, y, p);
      type = p[MS_ZONE_PLANT_TYPE];
      ground = p[MS_ZONE_PLANT_GROUND_TYPE];
      g_string_append_printf (s, _("Plant %s (%u), state %u, time %u, health %u, material %u"),
                              type < G_N_ELEMENTS (plant_names) ? plant_names[type] : _("unknown"), type,
                              p[MS_ZONE_PLANT_STATE], p[MS_ZONE_PLANT_TIME], p[MS_ZONE_PLANT_HEALTH],
                              p[MS_ZONE_PLANT_MATERIAL]);
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Ground %s (%u)"),
                              ground < G_N_ELEMENTS (ground_names) ? ground_names[ground] : _("unknown"), ground);
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Spawn %u (%.1f %% per attempt)"), p[MS_ZONE_PLANT_SPAWN],
                              p[MS_ZONE_PLANT_SPAWN] * 100.0 / 256.0);
    }
  else
    g_string_append (s, _("Plants: no layer"));

  g_string_append_c (s, '\n');
  if (ms_zone_has_layer (self->zone, MS_ZONE_LAYER_ALTITUDE))
    {
      guint16 raw = ms_zone_get_altitude (self->zone, x, y);

      g_string_append_printf (s, _("Altitude %u raw, height %u (raw >> 5)"), raw, raw >> 5);
      g_string_append_c (s, '\n');
      g_string_append_printf (s, _("Slope %u"), ms_zone_get_slope (self->zone, x, y));
    }
  else
    g_string_append (s, _("Altitude: no layer"));

  if (ms_zone_is_terraformable (self->zone))
    {
      guint16 lo, hi;

      if (ms_zone_get_barrier (self->zone, x, y, &lo, &hi))
        {
          g_string_append_c (s, '\n');
          g_string_append_printf (s, _("Terraform barrier %u..%u raw"), lo, hi);
        }
    }
  return g_string_free (s, FALSE);
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
  check_disk (self, FALSE);
}

/* ---------------------------------------------------------------- tools --- */

static double
brush_radius (MsZoneWindow *self)
{
  return ms_zone_window_get_brush_size (self) / 2.0;
}

static void
brush_to (MsZoneWindow *self,
          double        x,
          double        y)
{
  g_autoptr(MsZoneRegion) region = NULL;
  MsZoneBrushShape shape = (MsZoneBrushShape) gtk_drop_down_get_selected (self->shape_dropdown);
  double c[4];
  guint n = 1;

  ms_zone_view_brush_centre (ms_zone_window_get_brush_size (self), x, y, &c[2], &c[3]);
  if (self->stroke->len >= 2)
    {
      c[0] = g_array_index (self->stroke, double, self->stroke->len - 2);
      c[1] = g_array_index (self->stroke, double, self->stroke->len - 1);
      if (c[0] == c[2] && c[1] == c[3])
        return;
      n = 2;
    }
  /* Only the new segment: painting cost follows the pointer, not the
   * stroke's length. */
  region = ms_zone_region_new_stroke (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone), shape,
                                      n == 2 ? c : c + 2, n, brush_radius (self));
  g_array_append_vals (self->stroke, c + 2, 2);
  apply_region (self, region);
}

static void
end_stroke (MsZoneWindow *self)
{
  g_autoptr(MsZoneRegion) all = NULL;

  if (!self->painting)
    return;
  self->painting = FALSE;
  all = ms_zone_region_new_stroke (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                   (MsZoneBrushShape) gtk_drop_down_get_selected (self->shape_dropdown),
                                   (const double *) self->stroke->data, self->stroke->len / 2,
                                   brush_radius (self));
  ms_zone_end_step (self->zone);
  record_step (self, _("Brush"), ms_zone_region_count_tiles (all));
}

static void
set_selection (MsZoneWindow *self,
               MsZoneRegion *region)
{
  guint n;
  const MsZoneSpan *spans = ms_zone_region_get_spans (region, &n);

  g_array_set_size (self->selection, 0);
  g_array_append_vals (self->selection, spans, n);
}

static void
apply_shape (MsZoneWindow *self,
             MsZoneRegion *region,
             const char   *tool_name)
{
  guint64 n = ms_zone_region_count_tiles (region);

  ms_zone_begin_step (self->zone);
  apply_region (self, region);
  ms_zone_end_step (self->zone);
  record_step (self, tool_name, n);
}

static void
cancel_shapes (MsZoneWindow *self)
{
  self->dragging_rect = FALSE;
  g_array_set_size (self->polygon, 0);
  self->lasso_pressed = FALSE;
  self->lassoing = FALSE;
  /* Every tool shows where it acts: the brush its footprint, the others
   * the tile they start from. */
  ms_zone_view_set_outline (self->view,
                            g_str_equal (self->tool, "brush") ? MS_ZONE_VIEW_OUTLINE_BRUSH
                                                              : MS_ZONE_VIEW_OUTLINE_TILE, NULL, 0);
}

static void
close_polygon (MsZoneWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = NULL;

  if (self->polygon->len < 6)
    {
      cancel_shapes (self);
      return;
    }
  region = ms_zone_region_new_polygon (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                       (const double *) self->polygon->data, self->polygon->len / 2, &error);
  cancel_shapes (self);
  if (region == NULL)
    {
      show_banner (self, error->message, FALSE);
      return;
    }
  set_selection (self, region);
  apply_shape (self, region, _("Polygon"));
}

static void
update_rect_outline (MsZoneWindow *self)
{
  double p[4] = { self->rect_x, self->rect_y, self->rect_x1, self->rect_y1 };

  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_RECT, p, 2);
}

static void
on_tile_pressed (MsZoneView   *view,
                 double        x,
                 double        y,
                 int           n_press,
                 MsZoneWindow *self)
{
  if (self->zone == NULL)
    return;

  if (g_str_equal (self->tool, "brush") && n_press == 1)
    {
      self->painting = TRUE;
      g_array_set_size (self->stroke, 0);
      ms_zone_begin_step (self->zone);
      brush_to (self, x, y);
    }
  else if (g_str_equal (self->tool, "rect") && n_press == 1)
    {
      self->dragging_rect = TRUE;
      self->rect_x = self->rect_x1 = x;
      self->rect_y = self->rect_y1 = y;
      update_rect_outline (self);
    }
  else if (g_str_equal (self->tool, "polygon"))
    {
      double p[2] = { x, y };
      guint n = self->polygon->len;

      if (n_press >= 2)
        {
          close_polygon (self);
          return;
        }
      self->lasso_pressed = TRUE;
      self->lassoing = FALSE;
      if (n >= 2 && g_array_index (self->polygon, double, n - 2) == x &&
          g_array_index (self->polygon, double, n - 1) == y)
        return;
      g_array_append_vals (self->polygon, p, 2);
      ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_POLYGON,
                                (const double *) self->polygon->data, self->polygon->len / 2);
    }
  else if (g_str_equal (self->tool, "flood") && n_press == 1 && x >= 0 && y >= 0 &&
           x < ms_zone_get_width (self->zone) && y < ms_zone_get_height (self->zone))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsZoneRegion) region = ms_zone_region_new_flood (self->zone, (guint) x, (guint) y, &error);

      if (region == NULL)
        show_banner (self, error->message, FALSE);
      else
        apply_shape (self, region, _("Flood fill"));
    }
}

static void
on_tile_motion (MsZoneView   *view,
                double        x,
                double        y,
                MsZoneWindow *self)
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

  if (self->painting)
    brush_to (self, x, y);
  else if (self->dragging_rect)
    {
      self->rect_x1 = x;
      self->rect_y1 = y;
      update_rect_outline (self);
    }
  else if (self->lasso_pressed && self->polygon->len >= 2)
    {
      /* Dragged with the button down: a lasso, a vertex a tile apart. */
      guint n = self->polygon->len;
      double lx = g_array_index (self->polygon, double, n - 2);
      double ly = g_array_index (self->polygon, double, n - 1);

      if (hypot (x - lx, y - ly) >= 1.0)
        {
          double p[2] = { x, y };

          self->lassoing = TRUE;
          g_array_append_vals (self->polygon, p, 2);
        }
    }
  if (g_str_equal (self->tool, "polygon") && self->polygon->len > 0)
    ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_POLYGON,
                              (const double *) self->polygon->data, self->polygon->len / 2);
}

static void
on_tile_released (MsZoneView   *view,
                  double        x,
                  double        y,
                  MsZoneWindow *self)
{
  if (self->zone == NULL)
    return;

  if (self->painting)
    {
      brush_to (self, x, y);
      end_stroke (self);
    }
  else if (self->dragging_rect)
    {
      g_autoptr(MsZoneRegion) region = NULL;
      double x0 = MIN (floor (self->rect_x), floor (x)), y0 = MIN (floor (self->rect_y), floor (y));
      double x1 = MAX (floor (self->rect_x), floor (x)) + 1, y1 = MAX (floor (self->rect_y), floor (y)) + 1;

      /* Both corner tiles are inside, whichever way it was dragged. */
      region = ms_zone_region_new_rect (ms_zone_get_width (self->zone), ms_zone_get_height (self->zone),
                                        (gint64) x0, (gint64) y0, (gint64) (x1 - x0), (gint64) (y1 - y0));
      cancel_shapes (self);
      set_selection (self, region);
      apply_shape (self, region, _("Rectangle"));
    }
  else if (self->lasso_pressed)
    {
      /* A lasso closes when the button comes up; a click adds a corner. */
      gboolean lasso = self->lassoing;

      self->lasso_pressed = FALSE;
      self->lassoing = FALSE;
      if (lasso)
        close_polygon (self);
    }
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

/* ---------------------------------------------------------- fill by rule --- */

typedef struct
{
  MsZoneWindow *self;
  GtkDropDown  *kind;
  GtkDropDown  *cmp;
  GtkSpinButton *value;
  GtkCheckButton *inside;
  GtkLabel     *count;
  GArray       *spans;      /* MsZoneSpan: what Apply would touch */
} RuleDialog;

static void
rule_dialog_free (gpointer data)
{
  RuleDialog *d = data;

  g_array_unref (d->spans);
  g_free (d);
}

/* Row spans of @a that lie in @b; both sorted by (y, x0) and disjoint. */
static void
intersect_spans (const MsZoneSpan *a,
                 guint             n_a,
                 const MsZoneSpan *b,
                 guint             n_b,
                 GArray           *out)
{
  guint i = 0, j = 0;

  while (i < n_a && j < n_b)
    {
      if (a[i].y != b[j].y)
        {
          if (a[i].y < b[j].y)
            i++;
          else
            j++;
          continue;
        }
      {
        MsZoneSpan s = { a[i].y, MAX (a[i].x0, b[j].x0), MIN (a[i].x1, b[j].x1) };

        if (s.x0 < s.x1)
          g_array_append_val (out, s);
        if (a[i].x1 < b[j].x1)
          i++;
        else
          j++;
      }
    }
}

static void
rule_dialog_update (RuleDialog *d)
{
  MsZoneWindow *self = d->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  g_autofree char *text = NULL;
  guint64 n = 0;
  guint n_spans;
  const MsZoneSpan *spans;

  g_array_set_size (d->spans, 0);
  region = ms_zone_region_new_rule (self->zone, (MsZoneRuleKind) gtk_drop_down_get_selected (d->kind),
                                    (MsZoneCompare) gtk_drop_down_get_selected (d->cmp),
                                    (gint64) gtk_spin_button_get_value (d->value), &error);
  if (region == NULL)
    {
      gtk_label_set_text (d->count, error->message);
      ms_zone_view_set_preview (self->view, NULL, 0);
      return;
    }
  spans = ms_zone_region_get_spans (region, &n_spans);
  if (gtk_check_button_get_active (d->inside))
    intersect_spans (spans, n_spans, (const MsZoneSpan *) self->selection->data, self->selection->len, d->spans);
  else
    g_array_append_vals (d->spans, spans, n_spans);

  for (guint i = 0; i < d->spans->len; i++)
    n += g_array_index (d->spans, MsZoneSpan, i).x1 - g_array_index (d->spans, MsZoneSpan, i).x0;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile will change", "%u tiles will change",
                                       (gulong) n), (guint) n);
  gtk_label_set_text (d->count, text);
  ms_zone_view_set_preview (self->view, (const MsZoneSpan *) d->spans->data, d->spans->len);
}

static void
rule_dialog_apply (GtkButton  *button,
                   RuleDialog *d)
{
  MsZoneWindow *self = d->self;
  guint w = ms_zone_get_width (self->zone), h = ms_zone_get_height (self->zone);
  guint64 n = 0;
  guint i = 0;

  rule_dialog_update (d);
  ms_zone_begin_step (self->zone);
  /* Rows with the same run stack into one rectangle, so a block-shaped
   * match is a handful of applies. */
  while (i < d->spans->len)
    {
      MsZoneSpan s = g_array_index (d->spans, MsZoneSpan, i);
      guint rows = 1;
      g_autoptr(MsZoneRegion) rect = NULL;

      while (i + rows < d->spans->len)
        {
          MsZoneSpan t = g_array_index (d->spans, MsZoneSpan, i + rows);
          if (t.y != s.y + rows || t.x0 != s.x0 || t.x1 != s.x1)
            break;
          rows++;
        }
      rect = ms_zone_region_new_rect (w, h, s.x0, s.y, s.x1 - s.x0, rows);
      n += (guint64) (s.x1 - s.x0) * rows;
      if (!apply_region (self, rect))
        break;
      i += rows;
    }
  ms_zone_end_step (self->zone);
  record_step (self, _("Fill by rule"), n);
  gtk_window_destroy (GTK_WINDOW (self->rule_dialog));
}

static void cancel_shapes (MsZoneWindow *self);

static void
on_rule_dialog_destroy (GtkWidget    *dialog,
                        MsZoneWindow *self)
{
  if (self->rule_dialog == dialog)
    self->rule_dialog = NULL;
  if (self->view != NULL)
    {
      ms_zone_view_set_preview (self->view, NULL, 0);
      cancel_shapes (self);   /* the tool's outline back */
    }
}

static GtkWidget *
labelled (GtkWidget  *grid,
          int         row,
          const char *label,
          GtkWidget  *widget)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), widget);
  gtk_grid_attach (GTK_GRID (grid), l, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, row, 1, 1);
  return widget;
}

static void
open_rule_dialog (MsZoneWindow *self)
{
  const char *kinds[] = { N_("Altitude (raw)"), N_("Height (raw >> 5)"), N_("Slope"), N_("Spawn"),
                          N_("Ground type"), N_("Plant type"), N_("Control (raw)"),
                          N_("Control flags (all of)"), NULL };
  const char *cmps[] = { "<", "≤", ">", "≥", "=", "≠", NULL };
  g_autoptr(GtkStringList) kind_list = gtk_string_list_new (NULL);
  RuleDialog *d = g_new0 (RuleDialog, 1);
  GtkWidget *box, *grid, *buttons, *apply, *cancel;

  if (self->zone == NULL)
    return;
  if (self->rule_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->rule_dialog));
      return;
    }
  for (guint i = 0; kinds[i] != NULL; i++)
    gtk_string_list_append (kind_list, _(kinds[i]));

  d->self = self;
  d->spans = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  self->rule_dialog = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (self->rule_dialog), _("Fill by Rule"));
  gtk_window_set_transient_for (GTK_WINDOW (self->rule_dialog), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self->rule_dialog), TRUE);
  g_object_set_data_full (G_OBJECT (self->rule_dialog), "ms-rule-dialog", d, rule_dialog_free);
  g_signal_connect (self->rule_dialog, "destroy", G_CALLBACK (on_rule_dialog_destroy), self);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  d->kind = GTK_DROP_DOWN (labelled (grid, 0, _("_Layer"),
                                     gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&kind_list)), NULL)));
  d->cmp = GTK_DROP_DOWN (labelled (grid, 1, _("_Comparison"), gtk_drop_down_new_from_strings (cmps)));
  gtk_drop_down_set_selected (d->cmp, MS_ZONE_CMP_LT);
  d->value = GTK_SPIN_BUTTON (labelled (grid, 2, _("_Value"), gtk_spin_button_new_with_range (0, 65535, 1)));
  d->inside = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Only inside the current _selection")));
  gtk_widget_set_sensitive (GTK_WIDGET (d->inside), self->selection->len > 0);
  gtk_widget_set_tooltip_text (GTK_WIDGET (d->inside), _("The last rectangle or polygon painted"));
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->inside), 0, 3, 2, 1);
  gtk_box_append (GTK_BOX (box), grid);
  /* Names for tests and the inspector. */
  gtk_widget_set_name (GTK_WIDGET (d->kind), "rule-layer");
  gtk_widget_set_name (GTK_WIDGET (d->cmp), "rule-comparison");
  gtk_widget_set_name (GTK_WIDGET (d->value), "rule-value");
  gtk_widget_set_name (GTK_WIDGET (d->inside), "rule-inside");
  d->count = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_name (GTK_WIDGET (d->count), "rule-count");
  gtk_label_set_xalign (d->count, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (d->count));

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  apply = gtk_button_new_with_mnemonic (_("_Apply"));
  gtk_widget_set_name (apply, "rule-apply");
  gtk_widget_add_css_class (apply, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), apply);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (self->rule_dialog), box);

  g_signal_connect_swapped (d->kind, "notify::selected", G_CALLBACK (rule_dialog_update), d);
  g_signal_connect_swapped (d->cmp, "notify::selected", G_CALLBACK (rule_dialog_update), d);
  g_signal_connect_swapped (d->value, "value-changed", G_CALLBACK (rule_dialog_update), d);
  g_signal_connect_swapped (d->inside, "toggled", G_CALLBACK (rule_dialog_update), d);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self->rule_dialog);
  g_signal_connect (apply, "clicked", G_CALLBACK (rule_dialog_apply), d);

  /* The rule picks the tiles, not the pointer: no brush or tile outline
   * while its preview shows. */
  if (self->painting)
    end_stroke (self);
  cancel_shapes (self);
  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_NONE, NULL, 0);
  rule_dialog_update (d);
  gtk_window_present (GTK_WINDOW (self->rule_dialog));
}

/* ---------------------------------------------------------------- save --- */

/* Before a zone's first save in this window, when the settings ask for it:
 * a copy of each layer file the save replaces.  FALSE, with the banner
 * shown, when the copy failed: then nothing is saved. */
static gboolean
back_up (MsZoneWindow  *self,
         char         **folder)
{
  GSettings *settings = get_settings (self);
  g_autofree char *key = g_strdup_printf ("%s/%u", self->dir, self->zone_id);
  g_autoptr(GError) error = NULL;

  *folder = NULL;
  if (g_hash_table_contains (self->backed_up, key) ||
      (settings != NULL && !g_settings_get_boolean (settings, MS_SETTINGS_ZONE_BACKUPS)))
    return TRUE;
  *folder = ms_zone_backup_layers (self->zone, NULL, NULL, &error);
  if (*folder == NULL && error != NULL)
    {
      g_autofree char *msg =
        g_strdup_printf (_("Not saved: could not back up the layers first: %s. Turn backups off in the "
                           "settings to save without them."), error->message);
      show_banner (self, msg, FALSE);
      return FALSE;
    }
  /* Nothing to copy yet (no changed layer has a file) is not a backup. */
  if (*folder != NULL)
    g_hash_table_add (self->backed_up, g_steal_pointer (&key));
  return TRUE;
}

static gboolean
save (MsZoneWindow    *self,
      MsZoneSaveFlags  flags)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = NULL;

  if (!back_up (self, &backup))
    return FALSE;
  if (!ms_zone_save (self->zone, flags, warnings, NULL, &error))
    {
      MsZoneLayer layer;
      gboolean broken;

      if (g_error_matches (error, MS_MAPPING_ERROR, MS_MAPPING_ERROR_CHANGED_ON_DISK) &&
          find_disk_change (self, &layer, &broken, FALSE))
        {
          g_autofree char *name = g_path_get_basename (ms_zone_get_layer_path (self->zone, layer));
          g_autofree char *msg = g_strdup_printf (_("Not saved: %s is not the file it was."), name);

          show_disk_banner (self, layer, broken, msg);
        }
      else if (g_error_matches (error, MS_SAVE_ERROR, MS_SAVE_ERROR_CHANGED_ON_DISK))
        {
          g_autofree char *msg =
            g_strdup_printf (_("Not saved: %s. The game server may have saved the zone. Reload it (your edits are "
                               "lost) or overwrite the files with the edited zone?"), error->message);
          show_banner (self, msg, TRUE);
        }
      else
        {
          g_autofree char *msg = g_strdup_printf (_("Could not save the zone: %s"), error->message);
          show_banner (self, msg, FALSE);
        }
      return FALSE;
    }

  self->saved_position = self->position;
  if (warnings->len > 0)
    {
      g_autofree char *text = NULL;

      g_ptr_array_add (warnings, NULL);
      text = g_strjoinv ("\n", (char **) warnings->pdata);
      show_banner (self, text, FALSE);
    }
  else if (backup != NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("Saved. Backed up to %s"), backup);

      show_info (self, msg);
    }
  else
    hide_banner (self);
  return TRUE;
}

/* --------------------------------------------------------------- masks --- */

static const char *
control_flag_name (guint16 bit)
{
  guint n_flags;
  const MsZoneFlagInfo *flags = ms_zone_control_flags (&n_flags);

  for (guint i = 0; i < n_flags; i++)
    if (flags[i].bit == bit)
      return flags[i].name;
  return NULL;
}

static char *
local_path (GFile   *file,
            GError **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("%s is not a local file"), uri);
    }
  return path;
}

gboolean
ms_zone_window_export_mask (MsZoneWindow *self,
                            guint16       mask,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->zone == NULL)
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND, _("No zone is open"));
      return FALSE;
    }
  if ((path = local_path (file, error)) == NULL)
    return FALSE;
  if (mask == 0)
    return ms_zone_mask_export_plant_allowed (self->zone, path, NULL, error);
  return ms_zone_mask_export_flag (self->zone, mask, path, NULL, error);
}

gboolean
ms_zone_window_import_mask (MsZoneWindow *self,
                            guint16       flag,
                            gboolean      set,
                            GFile        *file,
                            GError      **error)
{
  g_autofree char *path = NULL;
  g_autofree char *target = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  MsZoneOp op = { set ? MS_ZONE_OP_SET_FLAG : MS_ZONE_OP_CLEAR_FLAG, flag, 0, 0 };
  const char *name;
  guint64 n;
  gboolean ok;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (flag != 0, FALSE);

  if (self->zone == NULL)
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NOT_FOUND, _("No zone is open"));
      return FALSE;
    }
  if (self->painting)
    end_stroke (self);
  if ((path = local_path (file, error)) == NULL)
    return FALSE;
  region = ms_zone_mask_import (path, ms_zone_get_width (self->zone), ms_zone_get_height (self->zone), error);
  if (region == NULL)
    return FALSE;

  n = ms_zone_region_count_tiles (region);
  ms_zone_begin_step (self->zone);
  ok = ms_zone_apply (self->zone, &op, region, error);
  ms_zone_end_step (self->zone);
  if (!ok)
    return FALSE;
  name = control_flag_name (flag);
  if (name != NULL)
    target = g_strdup_printf (set ? _("set %s") : _("clear %s"), name);
  else
    target = g_strdup_printf (set ? _("set flags 0x%04x") : _("clear flags 0x%04x"), flag);
  record_named_step (self, _("Import mask"), target, n);
  return TRUE;
}

/* The choices' ids: a control flag by its bit number, or plant-allowed. */
static void
add_flag_choice (GtkFileChooser *chooser,
                 const char     *id,
                 const char     *label,
                 gboolean        with_plant_allowed)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  guint n_flags;
  const MsZoneFlagInfo *flags = ms_zone_control_flags (&n_flags);

  for (guint i = 0; i < n_flags; i++)
    {
      g_ptr_array_add (ids, g_strdup_printf ("%d", g_bit_nth_lsf (flags[i].bit, -1)));
      g_ptr_array_add (labels, g_strdup (flags[i].name));
    }
  if (with_plant_allowed)
    {
      g_ptr_array_add (ids, g_strdup ("plant-allowed"));
      g_ptr_array_add (labels, g_strdup (_("Plant allowed")));
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (labels, NULL);
  gtk_file_chooser_add_choice (chooser, id, label, (const char **) ids->pdata, (const char **) labels->pdata);
  gtk_file_chooser_set_choice (chooser, id, "0");
}

static guint16
chosen_mask (GtkFileChooser *chooser,
             const char     *id)
{
  const char *value = gtk_file_chooser_get_choice (chooser, id);
  guint64 bit;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, 15, &bit, NULL))
    return 0;
  return (guint16) (1u << bit);
}

static void
on_mask_chooser_response (GtkNativeDialog *chooser,
                          int              response,
                          MsZoneWindow    *self)
{
  gboolean exporting = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE;
  g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && file != NULL && self->zone != NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      if (exporting)
        {
          if (ms_zone_window_export_mask (self, chosen_mask (GTK_FILE_CHOOSER (chooser), "layer"), file, &error))
            {
              g_autofree char *msg = g_strdup_printf (_("Exported the mask to %s"), name);
              show_info (self, msg);
            }
        }
      else
        {
          const char *mode = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "mode");
          guint16 flag = chosen_mask (GTK_FILE_CHOOSER (chooser), "flag");

          if (flag != 0 &&
              ms_zone_window_import_mask (self, flag, g_strcmp0 (mode, "clear") != 0, file, &error))
            hide_banner (self);
        }
      if (error != NULL)
        {
          g_autofree char *msg = g_strdup_printf (exporting ? _("Could not export the mask %s: %s")
                                                            : _("Could not import the mask %s: %s"),
                                                  name, error->message);
          show_banner (self, msg, FALSE);
        }
    }
  if (self->mask_chooser == chooser)
    g_clear_object (&self->mask_chooser);
}

static void
open_mask_chooser (MsZoneWindow *self,
                   gboolean      exporting)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooser *chooser;

  if (self->zone == NULL)
    return;
  if (self->mask_chooser != NULL)
    {
      gtk_native_dialog_destroy (self->mask_chooser);
      g_clear_object (&self->mask_chooser);
    }
  self->mask_chooser = GTK_NATIVE_DIALOG (
    gtk_file_chooser_native_new (exporting ? _("Export a Mask") : _("Import a Mask"), GTK_WINDOW (self),
                                 exporting ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 exporting ? _("_Export") : _("_Import"), _("_Cancel")));
  chooser = GTK_FILE_CHOOSER (self->mask_chooser);
  gtk_file_filter_set_name (filter, _("PNG images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_chooser_add_filter (chooser, filter);
  if (exporting)
    {
      g_autofree char *name = g_strdup_printf ("mask.%04u.png", self->zone_id);

      /* One pixel per tile, 255 where the tile has it. */
      add_flag_choice (chooser, "layer", _("Tiles with"), TRUE);
      gtk_file_chooser_set_current_name (chooser, name);
    }
  else
    {
      const char *modes[] = { "set", "clear", NULL };
      const char *mode_labels[] = { N_("Set it"), N_("Clear it"), NULL };
      const char *translated[] = { _(mode_labels[0]), _(mode_labels[1]), NULL };

      /* Where the mask pixel is not black (nor transparent). */
      add_flag_choice (chooser, "flag", _("Flag"), FALSE);
      gtk_file_chooser_add_choice (chooser, "mode", _("Where the mask is set"), modes, translated);
      gtk_file_chooser_set_choice (chooser, "mode", "set");
    }
  g_signal_connect (self->mask_chooser, "response", G_CALLBACK (on_mask_chooser_response), self);
  gtk_native_dialog_show (self->mask_chooser);
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
        show_info (self, text->str);
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
  if (!recover_journal (self, journal, error))
    return FALSE;
  hide_banner (self);
  start_autosave (self);
  return TRUE;
}

static void
reload (MsZoneWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_strdup (self->dir);

  if (self->painting)
    end_stroke (self);
  /* Unsaved edits stay recoverable: journalled now while every layer can
   * still be read (one that cannot keeps the journal written before), and
   * the reopened zone offers them. */
  if (self->autosave != NULL)
    {
      if (!ms_zone_is_dirty (self->zone))
        ms_zone_autosave_discard (self->autosave, NULL);
      else if (!ms_zone_autosave_flush (self->autosave, &error))
        {
          g_debug ("Journal before reload: %s", error->message);
          g_clear_error (&error);
        }
      g_signal_handlers_disconnect_by_data (self->autosave, self);
      g_clear_object (&self->autosave);
    }

  if (!ms_zone_window_open (self, dir, self->zone_id, &error))
    show_banner (self, error->message, FALSE);
}

/* -------------------------------------------------------------- close --- */

static void
on_close_response (GtkDialog    *dialog,
                   int           response,
                   MsZoneWindow *self)
{
  /* The response's emission holds the dialog past this window's own
   * destruction below: cut its tie to the parent now, or its finalisation
   * disconnects from a freed window. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  self->close_dialog = NULL;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      if (!save (self, MS_ZONE_SAVE_FLAGS_NONE))
        return;
    }
  else if (response != GTK_RESPONSE_REJECT)
    return;
  else if (self->autosave != NULL)
    ms_zone_autosave_discard (self->autosave, NULL);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
ms_zone_window_close_request (GtkWindow *window)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (window);
  GtkWidget *dialog;

  if (self->close_confirmed || self->zone == NULL || !ms_zone_is_dirty (self->zone))
    return GTK_WINDOW_CLASS (ms_zone_window_parent_class)->close_request (window);
  if (self->close_dialog != NULL)
    return TRUE;

  dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save the changes to zone %u before closing?"), self->zone_id);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("Unsaved edits are lost when the window closes."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_REJECT, _("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), self);
  self->close_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* ------------------------------------------------------------- actions --- */

static void
tool_changed (MsZoneWindow *self)
{
  if (self->painting)
    end_stroke (self);
  cancel_shapes (self);
}

static void
zone_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  const char *name = action_name + strlen ("zone.");

  if (g_str_equal (name, "dismiss-banner"))
    {
      hide_banner (self);
      return;
    }
  if (self->zone == NULL)
    return;

  if (g_str_equal (name, "undo") || g_str_equal (name, "redo"))
    {
      /* Not in the middle of a stroke: it is one step, not yet ended. */
      if (self->painting)
        return;
      go_to_step (self, g_str_equal (name, "undo") ? (self->position > 0 ? self->position - 1 : 0)
                                                   : self->position + 1);
    }
  else if (g_str_equal (name, "save"))
    {
      save (self, MS_ZONE_SAVE_FLAGS_NONE);
      update_state (self);
    }
  else if (g_str_equal (name, "overwrite"))
    {
      save (self, MS_ZONE_SAVE_FLAGS_FORCE);
      update_state (self);
    }
  else if (g_str_equal (name, "reload"))
    reload (self);
  else if (g_str_equal (name, "recover") && self->pending_journal != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!recover_journal (self, self->pending_journal, &error))
        {
          show_banner (self, error->message, FALSE);
          return;
        }
      hide_banner (self);
      start_autosave (self);   /* journals the recovered edits at once */
    }
  else if (g_str_equal (name, "discard-journal") && self->pending_journal != NULL)
    {
      if (g_unlink (self->pending_journal) != 0 && errno != ENOENT)
        {
          int saved_errno = errno;
          g_autofree char *message = g_strdup_printf (_("Could not delete %s: %s"), self->pending_journal,
                                                      g_strerror (saved_errno));
          show_banner (self, message, FALSE);
          return;
        }
      hide_banner (self);
      start_autosave (self);
    }
  else if (g_str_equal (name, "brush-size"))
    {
      guint size = ms_zone_window_get_brush_size (self);
      int dir = g_variant_get_int32 (parameter);

      ms_zone_window_set_brush_size (self, dir > 0 ? MAX (size + 1, (guint) ceil (size * 1.2))
                                                   : MIN (size - 1, (guint) floor (size / 1.2)));
    }
  else if (g_str_equal (name, "close-polygon"))
    {
      if (g_str_equal (self->tool, "polygon"))
        close_polygon (self);
    }
  else if (g_str_equal (name, "cancel"))
    cancel_shapes (self);
  else if (g_str_equal (name, "fill-by-rule"))
    open_rule_dialog (self);
  else if (g_str_equal (name, "zoom-fit"))
    gtk_widget_activate_action (GTK_WIDGET (self->view), "zone-view.zoom-fit", NULL);
  else if (g_str_equal (name, "export-mask") || g_str_equal (name, "import-mask"))
    open_mask_chooser (self, g_str_equal (name, "export-mask"));
}

static void
ms_zone_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (object);
  const char *tool = g_value_get_string (value);

  if (prop_id != 1)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (tool == NULL || !g_strv_contains ((const char *[]) { "brush", "rect", "polygon", "flood", NULL }, tool) ||
      g_strcmp0 (tool, self->tool) == 0)
    return;
  g_free (self->tool);
  self->tool = g_strdup (tool);
  tool_changed (self);
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
    g_value_set_string (value, self->tool);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

/* The application (and so its settings) arrives after construction. */
static void
on_application_changed (MsZoneWindow *self)
{
  MsZoneStyle style;

  if (get_settings (self) == NULL)
    return;
  load_style (self, &style);
  set_overlays_style (self, &style);

  /* The backup choice as a check item of the menu, stored in the key. */
  if (g_action_map_lookup_action (G_ACTION_MAP (self), MS_SETTINGS_ZONE_BACKUPS) == NULL)
    {
      g_autoptr(GAction) backups = g_settings_create_action (get_settings (self), MS_SETTINGS_ZONE_BACKUPS);

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
  /* The settings action follows its key: drop it before the window goes. */
  g_action_map_remove_action (G_ACTION_MAP (self), MS_SETTINGS_ZONE_BACKUPS);
  unwatch_layers (self);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  /* Disposing the autosave writes what it had pending: a window closed
   * without asking (the session ends) leaves its edits recoverable. */
  if (self->autosave != NULL)
    g_signal_handlers_disconnect_by_data (self->autosave, self);
  g_clear_object (&self->autosave);
  g_clear_pointer (&self->pending_journal, g_free);
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
  g_free (self->tool);
  g_free (self->hover_text);
  g_array_unref (self->stroke);
  g_array_unref (self->polygon);
  g_array_unref (self->selection);
  g_ptr_array_unref (self->history);
  g_hash_table_unref (self->backed_up);

  G_OBJECT_CLASS (ms_zone_window_parent_class)->finalize (object);
}

static void
ms_zone_window_class_init (MsZoneWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  const struct { guint key; GdkModifierType mods; const char *action; const char *format; gconstpointer arg; } keys[] = {
    { GDK_KEY_b, 0, "zone.tool", "s", "brush" },
    { GDK_KEY_r, 0, "zone.tool", "s", "rect" },
    { GDK_KEY_p, 0, "zone.tool", "s", "polygon" },
    { GDK_KEY_f, 0, "zone.tool", "s", "flood" },
    { GDK_KEY_g, 0, "zone.fill-by-rule", NULL, NULL },
    { GDK_KEY_s, GDK_CONTROL_MASK, "zone.save", NULL, NULL },
    { GDK_KEY_z, GDK_CONTROL_MASK, "zone.undo", NULL, NULL },
    { GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "zone.redo", NULL, NULL },
    { GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "zone.redo", NULL, NULL },
  };

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
  g_type_ensure (MS_TYPE_ZONE_OVERLAYS_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-zone-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, view);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, banner_box);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, banner_icon);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, banner_label);
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
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, history_list);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, hover_label);
  gtk_widget_class_bind_template_child (widget_class, MsZoneWindow, save_button);

  gtk_widget_class_install_property_action (widget_class, "zone.tool", "tool");
  gtk_widget_class_install_action (widget_class, "zone.undo", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.redo", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.save", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.overwrite", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.reload", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.recover", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.discard-journal", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.dismiss-banner", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.brush-size", "i", zone_action);
  gtk_widget_class_install_action (widget_class, "zone.close-polygon", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.cancel", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.fill-by-rule", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.zoom-fit", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.export-mask", NULL, zone_action);
  gtk_widget_class_install_action (widget_class, "zone.import-mask", NULL, zone_action);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action,
                                         keys[i].format, keys[i].arg);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "zone.brush-size", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "zone.brush-size", "i", 1);
}

static void
ms_zone_window_init (MsZoneWindow *self)
{
  g_autoptr(GtkStringList) targets = gtk_string_list_new (NULL);
  MsZoneStyle style;
  const MsZoneFlagInfo *flags;
  guint n_flags;

  self->tool = g_strdup ("brush");
  self->stroke = g_array_new (FALSE, FALSE, sizeof (double));
  self->polygon = g_array_new (FALSE, FALSE, sizeof (double));
  self->selection = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  self->history = g_ptr_array_new_with_free_func (g_free);
  self->backed_up = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->monitors = g_ptr_array_new_with_free_func (g_object_unref);

  gtk_widget_init_template (GTK_WIDGET (self));

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
  g_signal_connect (self->history_list, "row-selected", G_CALLBACK (on_history_row_selected), self);
  g_signal_connect (self->view, "tile-pressed", G_CALLBACK (on_tile_pressed), self);
  g_signal_connect (self->view, "tile-motion", G_CALLBACK (on_tile_motion), self);
  g_signal_connect (self->view, "tile-released", G_CALLBACK (on_tile_released), self);
  g_signal_connect (ms_zone_view_get_gestures (self->view), "ctrl-scroll", G_CALLBACK (on_ctrl_scroll), self);

  add_shape_keys (self);
  update_value_label (self);
  on_brush_changed (self);
  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_BRUSH, NULL, 0);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->view), "crosshair");
  update_state (self);
}

/* Enter and Esc finish or drop a shape under way, before GtkWindow's own
 * Enter (activate-default) sees them; otherwise they pass on. */
static gboolean
on_shape_key (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  gboolean close = GPOINTER_TO_INT (user_data);

  if (close && self->polygon->len > 0)
    {
      close_polygon (self);
      return TRUE;
    }
  if (!close && (self->polygon->len > 0 || self->dragging_rect))
    {
      cancel_shapes (self);
      return TRUE;
    }
  return FALSE;
}

static void
add_shape_keys (MsZoneWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  const guint close_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter };

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (close_keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (close_keys[i], 0),
                                                            gtk_callback_action_new (on_shape_key,
                                                                                     GINT_TO_POINTER (TRUE),
                                                                                     NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (on_shape_key,
                                                                                   GINT_TO_POINTER (FALSE),
                                                                                   NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* --------------------------------------------------------------- public --- */

MsZoneWindow *
ms_zone_window_new (GtkApplication *app)
{
  return g_object_new (MS_TYPE_ZONE_WINDOW, "application", app, NULL);
}


/* Demo zones are scratch copies: those left from earlier days go when a
 * new one is made, so the cache does not grow with every try.  A day is
 * long enough that no window of this session still has one open. */
#define DEMO_ZONE_KEEP_SECONDS (24 * 60 * 60)

static void
prune_old_demo_zones (const char *parent)
{
  g_autoptr(GDir) d = g_dir_open (parent, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (parent, name, NULL);
      GStatBuf st;

      if (!g_str_has_prefix (name, "demo-zone-") || g_stat (path, &st) != 0 || !S_ISDIR (st.st_mode) ||
          now - (gint64) st.st_mtime < DEMO_ZONE_KEEP_SECONDS)
        continue;
      {
        g_autoptr(GDir) files = g_dir_open (path, 0, NULL);
        const char *file;

        while (files != NULL && (file = g_dir_read_name (files)) != NULL)
          {
            g_autofree char *child = g_build_filename (path, file, NULL);

            if (g_unlink (child) != 0)
              g_debug ("Could not remove %s: %s", child, g_strerror (errno));
          }
      }
      if (g_rmdir (path) != 0)
        g_debug ("Could not remove %s: %s", path, g_strerror (errno));
    }
}

gboolean
ms_zone_window_open_demo (MsZoneWindow *self,
                          GError      **error)
{
  g_autofree char *parent = g_build_filename (g_get_user_cache_dir (), "mapsmith", NULL);
  g_autofree char *dir = NULL;

  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), FALSE);

  if (g_mkdir_with_parents (parent, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not make %s: %s"), parent,
                   g_strerror (saved));
      return FALSE;
    }
  prune_old_demo_zones (parent);
  dir = g_build_filename (parent, "demo-zone-XXXXXX", NULL);
  if (g_mkdtemp (dir) == NULL)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not make %s: %s"), dir,
                   g_strerror (saved));
      return FALSE;
    }
  if (!ms_demo_zone_write (dir, DEMO_ZONE_ID, MS_DEMO_ZONE_DEFAULT_SIZE, TRUE, error))
    return FALSE;
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
  return self->tool;
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
  return gtk_revealer_get_reveal_child (self->banner_revealer) ? gtk_label_get_text (self->banner_label) : NULL;
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
