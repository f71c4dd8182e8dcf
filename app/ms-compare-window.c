/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The comparison window: two blueprints (two seeds, two generator versions)
 * side by side with linked viewports, swiped, as a difference image, B over
 * A at an opacity (onion skin) or in turn (blink), and as a table of
 * figures.  The figures are exactly those of `mapsmith-cli diff --json`
 * (ms_blueprint_diff), computed on a worker thread.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-banner.h"
#include "ms-blend-view.h"
#include "ms-window-fit.h"
#include "ms-blueprint-describe.h"
#include "ms-blueprint-diff.h"
#include "ms-blueprint-renderer.h"
#include "ms-compare-window.h"
#include "ms-css.h"
#include "ms-diff-renderer.h"
#include "ms-diff-table.h"
#include "ms-settings.h"
#include "ms-swipe-view.h"
#include "ms-viewport-link.h"

struct _MsCompareWindow
{
  GtkApplicationWindow  parent_instance;

  MsBlueprint          *a;
  MsBlueprint          *b;
  GCancellable         *cancellable;
  char                 *error;
  char                 *mode;
  gboolean              linked;
  MsViewportLink       *link;           /* view_a's and view_b's viewports, on while linked */

  /* Template widgets */
  GtkStack             *stack;
  MsMapView            *view_a;
  MsMapView            *view_b;
  MsSwipeView          *swipe_view;
  MsBlendView          *onion_view;
  GtkScale             *onion_scale;
  GtkLabel             *onion_value;
  MsBlendView          *blink_view;
  GtkToggleButton      *blink_button;
  GtkSpinButton        *blink_rate;
  GtkLabel             *name_a_label;
  GtkLabel             *name_b_label;
  MsDiffTable          *stats_table;
  GtkWidget            *figures_pane;  /* win.sidebar-visible, F9 */
  GtkSpinner           *spinner;
  MsMapView            *diff_view;
  GtkLabel             *readout_label;
  GtkToggleButton      *link_button;
  GtkFlowBox           *legend_box;
  GtkLabel             *scale_label;
  MsBanner             *error_banner;
};

G_DEFINE_FINAL_TYPE (MsCompareWindow, ms_compare_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_MODE,
  PROP_LINKED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ------------------------------------------------------------- helpers --- */

/* A file's name without its folder: the title has room for two. */
static char *
display_name (MsBlueprint *bp)
{
  MsMapping *mapping = ms_blueprint_get_mapping (bp);
  const char *name = mapping != NULL ? ms_mapping_get_display_name (mapping) : NULL;

  return name != NULL ? g_path_get_basename (name) : g_strdup (_("Unnamed"));
}

static void
show_error (MsCompareWindow *self,
            const char      *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  ms_banner_show (self->error_banner, MS_BANNER_ERROR, message);
}

/* ------------------------------------------------------------- linking --- */

/* The toggle says which state it is in, not only by being pressed: a
 * chain, or a broken one, and a tooltip for each. */
static void
update_link_button (MsCompareWindow *self)
{
  gtk_button_set_icon_name (GTK_BUTTON (self->link_button),
                            self->linked ? "ms-link-symbolic" : "ms-link-broken-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->link_button),
                               self->linked ? _("The Maps Move Together — Unlink Them (Ctrl+L)")
                                            : _("The Maps Move Separately — Link Them (Ctrl+L)"));
}

static void
set_linked (MsCompareWindow *self,
            gboolean         linked)
{
  linked = !!linked;
  if (self->linked == linked)
    return;
  self->linked = linked;
  update_link_button (self);
  ms_viewport_link_set_enabled (self->link, linked);
  /* Linking again brings B to A, as the user sees A as the reference. */
  if (linked)
    ms_viewport_link_follow_a (self->link);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINKED]);
}

/* The view that leads in @mode, and the size of its map coordinates. */
static MsMapView *
leading_view (MsCompareWindow *self,
              const char      *mode,
              guint           *size)
{
  guint size_a = self->a != NULL ? ms_blueprint_get_map_size (self->a) : 1;
  guint size_b = self->b != NULL ? ms_blueprint_get_map_size (self->b) : 1;

  if (g_strcmp0 (mode, "difference") == 0)
    {
      *size = MAX (size_a, size_b);
      return self->diff_view;
    }
  *size = size_a;
  if (g_strcmp0 (mode, "swipe") == 0)
    return ms_swipe_view_get_view_a (self->swipe_view);
  if (g_strcmp0 (mode, "onion") == 0)
    return ms_blend_view_get_view_a (self->onion_view);
  if (g_strcmp0 (mode, "blink") == 0)
    return ms_blend_view_get_view_a (self->blink_view);
  return self->view_a;
}

/* A view never drawn fits its map to its first size; one given a size
 * now keeps the zoom and centre it is given instead. */
static void
prime_size (MsMapView *view,
            double     width,
            double     height)
{
  MsViewport *viewport = ms_map_view_get_viewport (view);

  if (ms_viewport_get_width (viewport) <= 1.0 && ms_viewport_get_height (viewport) <= 1.0)
    ms_viewport_set_size (viewport, width, height);
}

/* The new mode shows the part of the world the old one showed, at the
 * same scale: switching modes never resets the zoom. */
static void
carry_view (MsCompareWindow *self,
            const char      *from_mode,
            const char      *to_mode)
{
  guint from_size, to_size;
  MsMapView *from_view = leading_view (self, from_mode, &from_size);
  MsMapView *to_view = leading_view (self, to_mode, &to_size);
  MsViewport *from = ms_map_view_get_viewport (from_view);
  MsViewport *to = ms_map_view_get_viewport (to_view);
  double w = ms_viewport_get_width (from), h = ms_viewport_get_height (from);
  double ratio = (double) to_size / (double) from_size;

  if (from_view == to_view || w <= 1.0 || h <= 1.0 || self->a == NULL)
    return;
  if ((to_view == self->diff_view || from_view == self->diff_view) &&
      !ms_map_view_get_showing_difference (self->diff_view))
    return;  /* not computed yet: nothing shown to carry, or shown from A when it is */

  prime_size (to_view, w, h);
  prime_size (ms_swipe_view_get_view_b (self->swipe_view), w, h);
  prime_size (ms_blend_view_get_view_b (self->onion_view), w, h);
  prime_size (ms_blend_view_get_view_b (self->blink_view), w, h);
  prime_size (self->view_b, w, h);
  ms_viewport_show_same (to, from, ratio);
}

/* ---------------------------------------------------- onion and blink --- */

/* The onion skin's or blink's view while its mode is shown, else NULL. */
static MsBlendView *
current_blend_view (MsCompareWindow *self)
{
  if (g_strcmp0 (self->mode, "onion") == 0)
    return self->onion_view;
  if (g_strcmp0 (self->mode, "blink") == 0)
    return self->blink_view;
  return NULL;
}

static void
release_held (MsCompareWindow *self)
{
  ms_blend_view_set_held (self->onion_view, FALSE);
  ms_blend_view_set_held (self->blink_view, FALSE);
}

/* B, plain or with Shift (Caps Lock on): the key that holds map B up. */
static gboolean
is_hold_key (guint           keyval,
             GdkModifierType state)
{
  return (keyval == GDK_KEY_b || keyval == GDK_KEY_B) &&
         (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK)) == 0;
}

/* Held B shows map B in onion skin and blink.  Capture phase, so that a
 * focused button or scale does not take it first; but never from a text
 * field (the rate's spin button), where B is a letter. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MsCompareWindow       *self)
{
  MsBlendView *view = current_blend_view (self);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (view == NULL || !is_hold_key (keyval, state) || (focus != NULL && GTK_IS_EDITABLE (focus)))
    return GDK_EVENT_PROPAGATE;
  ms_blend_view_set_held (view, TRUE);
  return GDK_EVENT_STOP;
}

static void
on_key_released (GtkEventControllerKey *controller,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 MsCompareWindow       *self)
{
  if (keyval == GDK_KEY_b || keyval == GDK_KEY_B)
    release_held (self);
}

/* A window left while B is down gets no release. */
static void
on_active_changed (MsCompareWindow *self)
{
  if (!gtk_window_is_active (GTK_WINDOW (self)))
    release_held (self);
}

static void
update_blink_button (MsCompareWindow *self)
{
  gboolean blinking = ms_blend_view_get_blinking (self->blink_view);

  gtk_button_set_icon_name (GTK_BUTTON (self->blink_button),
                            blinking ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->blink_button),
                               blinking ? _("Stop Blinking — A Shows") : _("Blink A and B in Turn"));
}

/* The opacity in words beside the scale, and for a screen reader (the
 * scale's own value is a fraction). */
static void
update_onion_value (MsCompareWindow *self)
{
  /* Translators: the onion skin's opacity of B, in percent. */
  g_autofree char *text = g_strdup_printf (_("%.0f %%"), ms_blend_view_get_opacity (self->onion_view) * 100.0);

  gtk_label_set_text (self->onion_value, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->onion_scale), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

static void
setup_blend (MsCompareWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  /* The views' defaults (half, 1 Hz) are the controls' first values. */
  g_object_bind_property (self->onion_view, "opacity",
                          gtk_range_get_adjustment (GTK_RANGE (self->onion_scale)), "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->onion_view, "notify::opacity", G_CALLBACK (update_onion_value), self,
                           G_CONNECT_SWAPPED);
  update_onion_value (self);
  g_object_bind_property (self->blink_view, "rate", gtk_spin_button_get_adjustment (self->blink_rate), "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->blink_button, "active", self->blink_view, "blinking",
                          G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (self->blink_view, "notify::blinking", G_CALLBACK (update_blink_button), self,
                           G_CONNECT_SWAPPED);
  /* A blink the user starts (the button) runs whatever the desktop says
   * of animations: it is the content asked for, not a decoration.  Only
   * starting it unasked, on choosing the mode, waits for animations to be
   * on. */
  {
    gboolean animate = TRUE;

    g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animate, NULL);
    gtk_toggle_button_set_active (self->blink_button, animate);
  }
  update_blink_button (self);

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect (keys, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active_changed), NULL);
}

static void
set_mode (MsCompareWindow *self,
          const char      *mode)
{
  if (mode == NULL || g_strcmp0 (self->mode, mode) == 0)
    return;
  if (gtk_stack_get_child_by_name (self->stack, mode) == NULL)
    {
      g_warning ("Unknown comparison mode “%s”", mode);
      return;
    }
  carry_view (self, self->mode, mode);
  release_held (self);
  g_free (self->mode);
  self->mode = g_strdup (mode);
  gtk_stack_set_visible_child_name (self->stack, mode);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

static void
on_stack_child_changed (MsCompareWindow *self)
{
  set_mode (self, gtk_stack_get_visible_child_name (self->stack));
}

/* ------------------------------------------------------------- readout --- */

char *
ms_compare_window_describe_point (MsCompareWindow *self,
                                  double           u,
                                  double           v)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);

  return self->a != NULL ? ms_blueprint_describe_pair (self->a, self->b, u, v) : NULL;
}

static void
show_readout (MsCompareWindow *self,
              const char      *text)
{
  gtk_label_set_text (self->readout_label,
                      /* Two lines, as a reading has. */
                      text != NULL ? text : _("A —   B —\nB − A —   (point at a map to read them)"));
}

/* The view under the pointer and the size of its map coordinates. */
static void
on_motion (GtkEventControllerMotion *controller,
           double                    sx,
           double                    sy,
           MsCompareWindow          *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  MsMapView *view = MS_IS_SWIPE_VIEW (widget) ? ms_swipe_view_get_view_a (MS_SWIPE_VIEW (widget))
                  : MS_IS_BLEND_VIEW (widget) ? ms_blend_view_get_view_a (MS_BLEND_VIEW (widget))
                                              : MS_MAP_VIEW (widget);
  g_autofree char *text = NULL;
  double mx, my, n;

  if (self->a == NULL)
    return;
  if (view == self->diff_view)
    {
      if (!ms_map_view_get_showing_difference (view))
        return;
      n = MAX (ms_blueprint_get_map_size (self->a), ms_blueprint_get_map_size (self->b));
    }
  else
    {
      n = ms_blueprint_get_map_size (ms_map_view_get_blueprint (view));
    }
  ms_viewport_screen_to_map (ms_map_view_get_viewport (view), sx, sy, &mx, &my);
  /* A grid pixel's own pixels, exactly as the sampler takes them. */
  if (view == self->diff_view && mx >= 0 && my >= 0)
    {
      mx = floor (mx);
      my = floor (my);
    }
  text = ms_compare_window_describe_point (self, mx / n, my / n);
  show_readout (self, text);
}

static void
on_leave (GtkEventControllerMotion *controller,
          MsCompareWindow          *self)
{
  show_readout (self, NULL);
}

static void
add_readout (MsCompareWindow *self,
             GtkWidget       *view)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (view, motion);
}

/* --------------------------------------------------------------- style --- */

static void
apply_style (MsCompareWindow *self)
{
  g_autoptr(GSettings) settings = g_settings_new (MS_SETTINGS_SCHEMA);
  MsBlueprintStyle style;

  /* The viewer's choices, so that a comparison looks like the maps did. */
  ms_settings_get_blueprint_style (settings, &style);
  ms_map_view_set_style (self->view_a, &style);
  ms_map_view_set_style (self->view_b, &style);
  ms_swipe_view_set_style (self->swipe_view, &style);
  ms_blend_view_set_style (self->onion_view, &style);
  ms_blend_view_set_style (self->blink_view, &style);
}

/* ------------------------------------------------------------- legend --- */

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const MsRgb *rgb = user_data;

  cairo_set_source_rgb (cr, rgb->r, rgb->g, rgb->b);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
add_legend_entry (MsCompareWindow *self,
                  MsRgb            rgb,
                  const char      *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *swatch = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 16);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 16);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                  g_memdup2 (&rgb, sizeof rgb), g_free);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), gtk_label_new (text));
  gtk_flow_box_append (self->legend_box, box);
}

static void
build_legend (MsCompareWindow *self)
{
  /* The renderer's own colours, so the legend cannot drift from the image. */
  add_legend_entry (self, ms_diff_colour (1, 0, -1, TRUE, 1, FALSE, 0, 0), _("B lower"));
  add_legend_entry (self, ms_diff_colour (1, 0, 0, TRUE, 1, FALSE, 0, 0), _("Same height"));
  add_legend_entry (self, ms_diff_colour (1, 0, 1, TRUE, 1, FALSE, 0, 0), _("B higher"));
  add_legend_entry (self, ms_diff_colour (1, 0, 0, FALSE, 1, FALSE, 0, 0), _("No height"));
  add_legend_entry (self, ms_diff_colour (0, 0, 0, TRUE, 1, TRUE, 0, 0), _("Biome changed (hatched)"));
  add_legend_entry (self, ms_diff_colour (1, 0, 0, TRUE, 1, FALSE, 1, 0), _("Water gained"));
  add_legend_entry (self, ms_diff_colour (1, 0, 0, TRUE, 1, FALSE, 0, 1), _("Water lost"));
}

/* ------------------------------------------------------------ computing --- */

typedef struct
{
  MsBlueprint        *a;
  MsBlueprint        *b;
} ComputeData;

typedef struct
{
  MsBlueprintDiff    *diff;
  double              scale;
} ComputeResult;

static void
compute_data_free (ComputeData *data)
{
  g_clear_object (&data->a);
  g_clear_object (&data->b);
  g_free (data);
}

static void
compute_result_free (ComputeResult *result)
{
  g_clear_pointer (&result->diff, ms_blueprint_diff_free);
  g_free (result);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  ComputeData *data = task_data;
  ComputeResult *result = g_new0 (ComputeResult, 1);
  GError *error = NULL;

  if ((result->diff = ms_blueprint_diff (data->a, data->b, cancellable, &error)) == NULL)
    {
      compute_result_free (result);
      g_task_return_error (task, error);
      return;
    }

  /* As `mapsmith-cli diff -o`: full colour at the largest |Δ|. */
  result->scale = MAX (fabs (result->diff->height_min), fabs (result->diff->height_max));
  g_task_return_pointer (task, result, (GDestroyNotify) compute_result_free);
}

static void
compute_done (GObject      *source,
              GAsyncResult *res,
              gpointer      user_data)
{
  MsCompareWindow *self = MS_COMPARE_WINDOW (source);
  g_autoptr(GError) error = NULL;
  ComputeResult *result = g_task_propagate_pointer (G_TASK (res), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;  /* the window went away */
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);

  if (result == NULL)
    {
      show_error (self, error->message);
      return;
    }

  ms_diff_table_set_diff (self->stats_table, self->a, self->b, result->diff);

  /* The image is drawn tile by tile as the view needs it. */
  ms_map_view_set_difference (self->diff_view, self->a, self->b, result->scale);
  if (g_strcmp0 (self->mode, "difference") == 0)
    carry_view (self, "side-by-side", "difference");
  {
    g_autofree char *text = NULL;

    if (result->scale > 0 && isfinite (result->scale))
      /* Translators: the height difference drawn at full red or blue. */
      text = g_strdup_printf (_("Full colour at ±%.4f raw (%.0f m)"), result->scale,
                              result->scale * MS_METRES_PER_RAW);
    else
      text = g_strdup (_("No height differences"));
    gtk_label_set_text (self->scale_label, text);
  }
  compute_result_free (result);
}

static void
start_compute (MsCompareWindow *self)
{
  g_autoptr(GTask) task = NULL;
  ComputeData *data = g_new0 (ComputeData, 1);

  data->a = g_object_ref (self->a);
  data->b = g_object_ref (self->b);
  self->cancellable = g_cancellable_new ();
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), TRUE);
  gtk_spinner_start (self->spinner);

  task = g_task_new (self, self->cancellable, compute_done, NULL);
  g_task_set_source_tag (task, start_compute);
  g_task_set_task_data (task, data, (GDestroyNotify) compute_data_free);
  g_task_run_in_thread (task, compute_thread);
}

/* -------------------------------------------------------------- public --- */

MsCompareWindow *
ms_compare_window_new (GtkApplication *application,
                       MsBlueprint    *a,
                       MsBlueprint    *b)
{
  MsCompareWindow *self;
  g_autofree char *title = NULL;
  g_autofree char *name_a = NULL;
  g_autofree char *name_b = NULL;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (a), NULL);
  g_return_val_if_fail (MS_IS_BLUEPRINT (b), NULL);

  self = g_object_new (MS_TYPE_COMPARE_WINDOW, "application", application, NULL);
  self->a = g_object_ref (a);
  self->b = g_object_ref (b);
  ms_viewport_link_set_map_sizes (self->link, ms_blueprint_get_map_size (a),
                                  ms_blueprint_get_map_size (b));

  /* Translators: the window title; the names of the two compared maps. */
  name_a = display_name (a);
  name_b = display_name (b);
  title = g_strdup_printf (_("%s vs %s — Mapsmith"), name_a, name_b);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->name_a_label, name_a);
  gtk_label_set_text (self->name_b_label, name_b);

  apply_style (self);
  ms_map_view_set_blueprint (self->view_a, a);
  ms_map_view_set_blueprint (self->view_b, b);
  ms_swipe_view_set_blueprints (self->swipe_view, a, b);
  ms_swipe_view_set_names (self->swipe_view, name_a, name_b);
  ms_blend_view_set_blueprints (self->onion_view, a, b);
  ms_blend_view_set_names (self->onion_view, name_a, name_b);
  ms_blend_view_set_blueprints (self->blink_view, a, b);
  ms_blend_view_set_names (self->blink_view, name_a, name_b);
  start_compute (self);
  return self;
}

MsMapView *
ms_compare_window_get_view_a (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->view_a;
}

MsMapView *
ms_compare_window_get_view_b (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->view_b;
}

gboolean
ms_compare_window_is_computing (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), FALSE);
  return self->cancellable != NULL;
}

const char *
ms_compare_window_get_error (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->error;
}

GtkLabel *
ms_compare_window_get_cell (MsCompareWindow *self,
                            const char      *key,
                            guint            column)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return ms_diff_table_get_cell (self->stats_table, key, column);
}

MsSwipeView *
ms_compare_window_get_swipe_view (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->swipe_view;
}

MsBlendView *
ms_compare_window_get_onion_view (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->onion_view;
}

GtkScale *
ms_compare_window_get_onion_scale (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->onion_scale;
}

MsBlendView *
ms_compare_window_get_blink_view (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->blink_view;
}

GtkToggleButton *
ms_compare_window_get_blink_button (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->blink_button;
}

GtkSpinButton *
ms_compare_window_get_blink_rate (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->blink_rate;
}

MsMapView *
ms_compare_window_get_diff_view (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->diff_view;
}

GtkLabel *
ms_compare_window_get_readout (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->readout_label;
}

GtkToggleButton *
ms_compare_window_get_link_button (MsCompareWindow *self)
{
  g_return_val_if_fail (MS_IS_COMPARE_WINDOW (self), NULL);
  return self->link_button;
}

/* -------------------------------------------------------------- object --- */

static void
ms_compare_window_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MsCompareWindow *self = MS_COMPARE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_string (value, self->mode);
      break;
    case PROP_LINKED:
      g_value_set_boolean (value, self->linked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_compare_window_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  MsCompareWindow *self = MS_COMPARE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODE:
      set_mode (self, g_value_get_string (value));
      break;
    case PROP_LINKED:
      set_linked (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_compare_window_dispose (GObject *object)
{
  MsCompareWindow *self = MS_COMPARE_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->link);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_COMPARE_WINDOW);
  g_clear_object (&self->a);
  g_clear_object (&self->b);

  G_OBJECT_CLASS (ms_compare_window_parent_class)->dispose (object);
}

static void
ms_compare_window_finalize (GObject *object)
{
  MsCompareWindow *self = MS_COMPARE_WINDOW (object);

  g_free (self->error);
  g_free (self->mode);

  G_OBJECT_CLASS (ms_compare_window_parent_class)->finalize (object);
}

static void
ms_compare_window_class_init (MsCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ms_compare_window_get_property;
  object_class->set_property = ms_compare_window_set_property;
  object_class->dispose = ms_compare_window_dispose;
  object_class->finalize = ms_compare_window_finalize;

  properties[PROP_MODE] =
    g_param_spec_string ("mode", NULL, NULL, "side-by-side",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LINKED] =
    g_param_spec_boolean ("linked", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MS_TYPE_BANNER);
  g_type_ensure (MS_TYPE_BLEND_VIEW);
  g_type_ensure (MS_TYPE_DIFF_TABLE);
  g_type_ensure (MS_TYPE_MAP_VIEW);
  g_type_ensure (MS_TYPE_SWIPE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, view_a);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, view_b);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, swipe_view);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, onion_view);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, onion_scale);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, onion_value);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, blink_view);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, blink_button);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, blink_rate);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, name_a_label);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, name_b_label);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, stats_table);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, figures_pane);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, diff_view);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, readout_label);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, link_button);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, legend_box);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, scale_label);
  gtk_widget_class_bind_template_child (widget_class, MsCompareWindow, error_banner);
  gtk_widget_class_bind_template_callback (widget_class, on_stack_child_changed);

  gtk_widget_class_install_property_action (widget_class, "win.mode", "mode");
  gtk_widget_class_install_property_action (widget_class, "win.link", "linked");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1, GDK_ALT_MASK, "win.mode", "s", "side-by-side");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_2, GDK_ALT_MASK, "win.mode", "s", "swipe");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_3, GDK_ALT_MASK, "win.mode", "s", "difference");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_4, GDK_ALT_MASK, "win.mode", "s", "onion");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_5, GDK_ALT_MASK, "win.mode", "s", "blink");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.link", NULL);
}

/* The figures need about 400 px: beside them, a window narrower than this
 * leaves each map under 300 px, so there they start hidden (F9 or the
 * header's button shows them). */
#define FIGURES_MIN_WINDOW_WIDTH 1000

/* The share of the window's width the figures take when they are shown. */
#define FIGURES_SHARE 0.4

/* The figures beside the maps in a window @width px wide: a share of it,
 * not their natural width, which is most of the window at 800 px (the
 * handle still moves them). */
static void
place_figures (MsCompareWindow *self,
               int              width)
{
  GtkPaned *paned = GTK_PANED (gtk_widget_get_parent (self->figures_pane));

  if (width > 0)
    gtk_paned_set_position (paned, width - (int) (width * FIGURES_SHARE));
}

static void
on_figures_visible (MsCompareWindow *self)
{
  if (gtk_widget_get_visible (self->figures_pane) && gtk_widget_get_realized (GTK_WIDGET (self)))
    place_figures (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

static void
on_first_realize (MsCompareWindow *self)
{
  int width, height;

  g_signal_handlers_disconnect_by_func (self, on_first_realize, NULL);
  /* GTK 4.8 writes both, NULL or not. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && width < FIGURES_MIN_WINDOW_WIDTH)
    g_action_group_change_action_state (G_ACTION_GROUP (self), "sidebar-visible", g_variant_new_boolean (FALSE));
  else
    place_figures (self, width);
}

static void
ms_compare_window_init (MsCompareWindow *self)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));

  ms_css_ensure (display, RESOURCE_PREFIX "/ms-compare-window.css");
  /* The readouts are boxed as the pixel inspector is. */
  ms_css_ensure (display, MS_WIDGETS_RESOURCE_PATH "ms-pixel-inspector.css");
  self->linked = TRUE;
  self->mode = g_strdup ("side-by-side");

  gtk_widget_init_template (GTK_WIDGET (self));
  update_link_button (self);
  ms_window_fit_default_size (GTK_WINDOW (self), 1200, 760);
  /* The figures' pane hides (F9), leaving the maps the whole width. */
  ms_window_add_sidebar_action (GTK_WINDOW (self), self->figures_pane);
  g_signal_connect_swapped (self->figures_pane, "notify::visible", G_CALLBACK (on_figures_visible), self);
  g_signal_connect (self, "realize", G_CALLBACK (on_first_realize), NULL);
  build_legend (self);
  show_readout (self, NULL);
  add_readout (self, GTK_WIDGET (self->view_a));
  add_readout (self, GTK_WIDGET (self->view_b));
  add_readout (self, GTK_WIDGET (self->swipe_view));
  add_readout (self, GTK_WIDGET (self->diff_view));
  add_readout (self, GTK_WIDGET (self->onion_view));
  add_readout (self, GTK_WIDGET (self->blink_view));
  setup_blend (self);

  self->link = ms_viewport_link_new (ms_map_view_get_viewport (self->view_a),
                                     ms_map_view_get_viewport (self->view_b));
}
