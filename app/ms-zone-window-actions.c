/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's actions, one callback each, installed on the class
 * ("zone.…"), with their keys; and Enter and Esc for a shape under way.
 */
#define G_LOG_DOMAIN "ms-zone-window"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ms-zone-edit.h"
#include "ms-zone-rule-dialog.h"
#include "ms-zone-window-private.h"

static void
dismiss_banner_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  _ms_zone_window_hide_banner (MS_ZONE_WINDOW (widget));
}

/* Undo and redo wait for a stroke to end: it is one step, not yet ended. */
static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone == NULL || ms_zone_tool_controller_is_painting (self->tools))
    return;
  _ms_zone_window_go_to_step (self, self->position > 0 ? self->position - 1 : 0);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone == NULL || ms_zone_tool_controller_is_painting (self->tools))
    return;
  _ms_zone_window_go_to_step (self, self->position + 1);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone == NULL)
    return;
  _ms_zone_window_save (self, MS_ZONE_SAVE_FLAGS_NONE);
  _ms_zone_window_update_state (self);
}

/* Saves over layers that changed on disk, when the banner asked. */
static void
overwrite_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone == NULL)
    return;
  _ms_zone_window_save (self, MS_ZONE_SAVE_FLAGS_FORCE);
  _ms_zone_window_update_state (self);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone != NULL)
    _ms_zone_window_reload (self);
}

static void
recover_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->zone == NULL || self->pending_journal == NULL)
    return;
  if (!_ms_zone_window_recover_journal (self, self->pending_journal, &error))
    {
      _ms_zone_window_show_banner (self, error->message, FALSE);
      return;
    }
  _ms_zone_window_hide_banner (self);
  _ms_zone_window_start_autosave (self);   /* journals the recovered edits at once */
}

static void
discard_journal_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone == NULL || self->pending_journal == NULL)
    return;
  if (g_unlink (self->pending_journal) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;
      g_autofree char *message = g_strdup_printf (_("Could not delete %s: %s"), self->pending_journal,
                                                  g_strerror (saved_errno));
      _ms_zone_window_show_banner (self, message, FALSE);
      return;
    }
  _ms_zone_window_hide_banner (self);
  _ms_zone_window_start_autosave (self);
}

/* A step of about a fifth, at least one size. */
static void
brush_size_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  guint size = ms_zone_window_get_brush_size (self);

  if (self->zone == NULL)
    return;
  ms_zone_window_set_brush_size (self, g_variant_get_int32 (parameter) > 0
                                       ? MAX (size + 1, (guint) ceil (size * 1.2))
                                       : MIN (size - 1, (guint) floor (size / 1.2)));
}

static void
close_polygon_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone != NULL && g_str_equal (ms_zone_tool_controller_get_tool (self->tools), "polygon"))
    ms_zone_tool_controller_close_polygon (self->tools);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone != NULL)
    ms_zone_tool_controller_cancel (self->tools);
}

/* Rows with the same run stack into one rectangle, so a block-shaped
 * match is a handful of applies. */
static void
on_rule_apply (MsZoneRuleDialog *dialog,
               MsZoneWindow     *self)
{
  guint w = ms_zone_get_width (self->zone), h = ms_zone_get_height (self->zone);
  guint n_spans, i = 0;
  const MsZoneSpan *spans = ms_zone_rule_dialog_get_spans (dialog, &n_spans);
  guint64 n = 0;

  ms_zone_begin_step (self->zone);
  while (i < n_spans)
    {
      MsZoneSpan s = spans[i];
      guint rows = 1;
      g_autoptr(MsZoneRegion) rect = NULL;

      while (i + rows < n_spans)
        {
          MsZoneSpan t = spans[i + rows];
          if (t.y != s.y + rows || t.x0 != s.x0 || t.x1 != s.x1)
            break;
          rows++;
        }
      rect = ms_zone_region_new_rect (w, h, s.x0, s.y, s.x1 - s.x0, rows);
      n += (guint64) (s.x1 - s.x0) * rows;
      if (!_ms_zone_window_apply_region (self, rect))
        break;
      i += rows;
    }
  ms_zone_end_step (self->zone);
  _ms_zone_window_record_step (self, _("Fill by rule"), n);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_rule_dialog_destroy (GtkWidget    *dialog,
                        MsZoneWindow *self)
{
  if (self->rule_dialog == dialog)
    self->rule_dialog = NULL;
  if (self->view != NULL)
    ms_zone_tool_controller_cancel (self->tools);   /* the tool's outline back */
}

static void
fill_by_rule_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);
  const MsZoneSpan *selection;
  guint n_selection;

  if (self->zone == NULL)
    return;
  if (self->rule_dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (self->rule_dialog));
      return;
    }
  selection = ms_zone_tool_controller_get_selection (self->tools, &n_selection);
  self->rule_dialog = GTK_WIDGET (ms_zone_rule_dialog_new (GTK_WINDOW (self), self->zone, self->view,
                                                           selection, n_selection));
  g_signal_connect (self->rule_dialog, "apply", G_CALLBACK (on_rule_apply), self);
  g_signal_connect (self->rule_dialog, "destroy", G_CALLBACK (on_rule_dialog_destroy), self);

  /* The rule picks the tiles, not the pointer: no brush or tile outline
   * while its preview shows. */
  ms_zone_tool_controller_end_stroke (self->tools);
  ms_zone_tool_controller_cancel (self->tools);
  ms_zone_view_set_outline (self->view, MS_ZONE_VIEW_OUTLINE_NONE, NULL, 0);
  gtk_window_present (GTK_WINDOW (self->rule_dialog));
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (widget);

  if (self->zone != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->view), "zone-view.zoom-fit", NULL);
}

static void
export_mask_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  _ms_zone_window_open_mask_chooser (MS_ZONE_WINDOW (widget), TRUE);
}

static void
import_mask_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  _ms_zone_window_open_mask_chooser (MS_ZONE_WINDOW (widget), FALSE);
}

void
_ms_zone_window_class_add_actions (GtkWidgetClass *widget_class)
{
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

  gtk_widget_class_install_property_action (widget_class, "zone.tool", "tool");
  gtk_widget_class_install_action (widget_class, "zone.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "zone.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "zone.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "zone.overwrite", NULL, overwrite_action);
  gtk_widget_class_install_action (widget_class, "zone.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "zone.recover", NULL, recover_action);
  gtk_widget_class_install_action (widget_class, "zone.discard-journal", NULL, discard_journal_action);
  gtk_widget_class_install_action (widget_class, "zone.dismiss-banner", NULL, dismiss_banner_action);
  gtk_widget_class_install_action (widget_class, "zone.brush-size", "i", brush_size_action);
  gtk_widget_class_install_action (widget_class, "zone.close-polygon", NULL, close_polygon_action);
  gtk_widget_class_install_action (widget_class, "zone.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "zone.fill-by-rule", NULL, fill_by_rule_action);
  gtk_widget_class_install_action (widget_class, "zone.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_action (widget_class, "zone.export-mask", NULL, export_mask_action);
  gtk_widget_class_install_action (widget_class, "zone.import-mask", NULL, import_mask_action);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action,
                                         keys[i].format, keys[i].arg);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "zone.brush-size", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "zone.brush-size", "i", 1);
  /* The window's own stateful action (ms-zone-window-terrain.c). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F3, 0, "win.view-3d", NULL);
  /* The side panel's (ms_window_add_sidebar_action ()), as the viewer's. */
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

  if (close && ms_zone_tool_controller_has_polygon (self->tools))
    {
      ms_zone_tool_controller_close_polygon (self->tools);
      return TRUE;
    }
  if (close && ms_zone_tool_controller_has_flood (self->tools))
    {
      ms_zone_tool_controller_apply_flood (self->tools);
      return TRUE;
    }
  if (!close && ms_zone_tool_controller_has_shape (self->tools))
    {
      ms_zone_tool_controller_cancel (self->tools);
      return TRUE;
    }
  return FALSE;
}

void
_ms_zone_window_add_shape_keys (MsZoneWindow *self)
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
