/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The profile pane: the ruler's points in, an MsPathProfile out (the
 * model's ms_path_profile_new_for_blueprint () / _for_zone (), the same
 * numbers as `mapsmith-cli profile`), shown in an MsProfilePlot.  The
 * ruler's map coordinates put pixel (x, y) on [x, x + 1), the profile's
 * centre it on (x, y): half a pixel apart, both ways.
 */
#define G_LOG_DOMAIN "ms-profile-pane"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-profile-pane.h"
#include "ms-ruler-overlay.h"

#define MIN_EXPORT_WIDTH  800
#define MIN_EXPORT_HEIGHT 300

struct _MsProfilePane
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkLabel       *summary;
  GtkSpinButton  *exaggeration;
  MsProfilePlot  *plot;

  MsRulerOverlay *ruler;
  MsBlueprint    *blueprint;
  MsZone         *zone;
  MsPathProfile  *profile;
  GCancellable   *cancellable;     /* the worker's, while busy */
  guint           zone_idle_id;    /* a zone edit's new profile */
  char           *summary_text;
  gboolean        placed;          /* its paned's position set */
};

G_DEFINE_FINAL_TYPE (MsProfilePane, ms_profile_pane, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------ showing --- */

static void
set_summary (MsProfilePane *self,
             const char    *text)
{
  g_free (self->summary_text);
  self->summary_text = g_strdup (text);
  gtk_label_set_text (self->summary, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary), text);
}

static char *
format_length (double metres)
{
  return metres >= 1000.0 ? g_strdup_printf (_("%.2f km"), metres / 1000.0)
                          : g_strdup_printf (_("%.1f m"), metres);
}

/* @profile (owned) shown, or none with @message saying why. */
static void
show_profile (MsProfilePane *self,
              MsPathProfile *profile,
              const char    *message)
{
  g_clear_pointer (&self->profile, ms_path_profile_free);
  self->profile = profile;
  ms_profile_plot_clear (self->plot);
  if (self->ruler != NULL)
    ms_ruler_overlay_set_marker (self->ruler, NAN, NAN);
  if (profile == NULL)
    {
      ms_profile_plot_set_placeholder (self->plot, message);
      set_summary (self, message);
      return;
    }
  {
    g_autofree char *length = format_length (profile->length_m);
    g_autofree char *text = NULL;

    /* Translators: the profile's figures: its length, the metres it
     * climbs and descends, how many samples */
    text = g_strdup_printf (_("%s · ascent %.1f m · descent %.1f m · %u samples"), length, profile->ascent_m,
                            profile->descent_m, profile->n_samples);
    set_summary (self, text);
    ms_profile_plot_add_profile (self->plot, self->zone != NULL ? _("Zone") : _("Map"), NULL, profile);
  }
}

/* The ruler's points as the profile's (pixel centres), the first again
 * after them when the polygon is closed.  NULL with fewer than two. */
static double *
path_points (MsProfilePane *self,
             guint         *n_points)
{
  guint n;
  const double *p = ms_ruler_overlay_get_points (self->ruler, &n);
  gboolean closed = ms_ruler_overlay_get_closed (self->ruler);
  double *points;

  if (n < 2)
    return NULL;
  *n_points = n + (closed ? 1 : 0);
  points = g_new (double, 2 * *n_points);
  for (guint i = 0; i < *n_points; i++)
    {
      points[2 * i] = p[2 * (i % n)] - 0.5;
      points[2 * i + 1] = p[2 * (i % n) + 1] - 0.5;
    }
  return points;
}

typedef struct
{
  MsBlueprint *blueprint;
  double      *points;
  guint        n_points;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_object_unref (job->blueprint);
  g_free (job->points);
  g_free (job);
}

static void
make_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  MsPathProfile *profile;
  gint64 start = g_get_monotonic_time ();

  profile = ms_path_profile_new_for_blueprint (job->blueprint, job->points, job->n_points, 1.0, 0, &error);
  g_debug ("profile of %u samples in %.1f ms", profile != NULL ? profile->n_samples : 0,
           (g_get_monotonic_time () - start) / 1000.0);
  if (profile == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, profile, (GDestroyNotify) ms_path_profile_free);
}

static void
made (GObject      *source,
      GAsyncResult *result,
      gpointer      user_data)
{
  MsProfilePane *self;
  g_autoptr(GError) error = NULL;
  MsPathProfile *profile = g_task_propagate_pointer (G_TASK (result), &error);

  /* A newer path (or none) replaced this one: its cancellable is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = MS_PROFILE_PANE (source);
  g_clear_object (&self->cancellable);
  show_profile (self, profile, error != NULL ? error->message : NULL);
}

static void
cancel (MsProfilePane *self)
{
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
}

/* The profile of the ruler's path, anew. */
static void
remake (MsProfilePane *self)
{
  g_autofree double *points = NULL;
  g_autoptr(GError) error = NULL;
  guint n_points = 0;

  cancel (self);
  g_clear_handle_id (&self->zone_idle_id, g_source_remove);
  if (!gtk_widget_get_visible (GTK_WIDGET (self)) || self->ruler == NULL)
    return;
  if (self->blueprint == NULL && self->zone == NULL)
    {
      show_profile (self, NULL, _("No map to profile"));
      return;
    }
  points = path_points (self, &n_points);
  if (points == NULL)
    {
      show_profile (self, NULL, _("Click two or more points on the map: the profile follows the ruler’s path"));
      return;
    }
  {
    guint width = self->zone != NULL ? ms_zone_get_width (self->zone) : ms_blueprint_get_map_size (self->blueprint);
    guint height = self->zone != NULL ? ms_zone_get_height (self->zone) : width;

    /* The model says the same, in the CLI's words (ranges of centred
     * coordinates); here it is a point the user clicked. */
    for (guint i = 0; i < n_points; i++)
      if (!(points[2 * i] >= -0.5 && points[2 * i] < width - 0.5 &&
            points[2 * i + 1] >= -0.5 && points[2 * i + 1] < height - 0.5))
        {
          g_autofree char *message =
            g_strdup_printf (_("Point %u of the path is off the map: put every point on it"), i + 1);

          show_profile (self, NULL, message);
          return;
        }
  }
  if (self->zone != NULL)
    {
      MsPathProfile *profile = ms_path_profile_new_for_zone (self->zone, points, n_points, 1.0, &error);

      show_profile (self, profile, error != NULL ? error->message : NULL);
      return;
    }
  {
    g_autoptr(GTask) task = NULL;
    Job *job = g_new0 (Job, 1);

    job->blueprint = g_object_ref (self->blueprint);
    job->points = g_steal_pointer (&points);
    job->n_points = n_points;
    self->cancellable = g_cancellable_new ();
    task = g_task_new (self, self->cancellable, made, NULL);
    g_task_set_source_tag (task, remake);
    g_task_set_task_data (task, job, job_free);
    g_task_set_return_on_cancel (task, TRUE);
    /* The old profile stays drawn until the new one comes. */
    set_summary (self, _("Making the profile…"));
    g_task_run_in_thread (task, make_in_thread);
  }
}

static gboolean
zone_idle (gpointer data)
{
  MsProfilePane *self = data;

  self->zone_idle_id = 0;
  remake (self);
  return G_SOURCE_REMOVE;
}

/* An edit of the zone: the heights may have changed; one new profile for a
 * burst of edits. */
static void
on_zone_changed (MsProfilePane *self)
{
  if (self->profile != NULL && self->zone_idle_id == 0)
    self->zone_idle_id = g_idle_add (zone_idle, self);
}

/* -------------------------------------------------------------- hover --- */

static void
on_plot_hovered (MsProfilePlot *plot,
                 double         distance_m,
                 int            sample,
                 MsProfilePane *self)
{
  if (self->ruler == NULL)
    return;
  if (sample < 0 || self->profile == NULL || (guint) sample >= self->profile->n_samples)
    ms_ruler_overlay_set_marker (self->ruler, NAN, NAN);
  else
    ms_ruler_overlay_set_marker (self->ruler, self->profile->samples[sample].x + 0.5,
                                 self->profile->samples[sample].y + 0.5);
}

static void
on_path_hovered (MsRulerOverlay *ruler,
                 double          along,
                 MsProfilePane  *self)
{
  if (self->profile == NULL)
    return;
  ms_profile_plot_set_highlight (self->plot, along >= 0 ? along * self->profile->metres_per_pixel : NAN);
}

static void
on_ruler_active (MsProfilePane *self)
{
  if (!ms_ruler_overlay_get_active (self->ruler))
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
on_visible (MsProfilePane *self)
{
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    {
      GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

      /* In a paned under the map, the first time: 40 % of the height, so
       * the plot has room for its lanes; later the user's drag stays. */
      if (!self->placed && GTK_IS_PANED (parent) && gtk_widget_get_height (parent) > 0)
        {
          gtk_paned_set_position (GTK_PANED (parent), (int) (gtk_widget_get_height (parent) * 0.6));
          self->placed = TRUE;
        }
      if (self->ruler != NULL)
        ms_ruler_overlay_set_active (self->ruler, TRUE);
      remake (self);
    }
  else
    {
      cancel (self);
      if (self->ruler != NULL)
        ms_ruler_overlay_set_marker (self->ruler, NAN, NAN);
    }
}

/* ---------------------------------------------------------- the spin --- */

/* 0 reads "Fit". */
static gboolean
on_spin_output (GtkSpinButton *spin,
                gpointer       user_data)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = value <= 0 ? g_strdup (_("Fit")) : g_strdup_printf ("×%g", value);

  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
on_spin_input (GtkSpinButton *spin,
               double        *new_value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;

  if (g_ascii_strcasecmp (text, _("Fit")) == 0 || g_ascii_strcasecmp (text, "fit") == 0)
    {
      *new_value = 0;
      return TRUE;
    }
  if (g_str_has_prefix (text, "×"))
    text += strlen ("×");
  *new_value = g_ascii_strtod (text, &end);
  return end != NULL && end != text && *end == '\0' ? TRUE : GTK_INPUT_ERROR;
}

/* ------------------------------------------------------------ exports --- */

GBytes *
ms_profile_pane_serialize (MsProfilePane *self,
                           const char    *format,
                           GError       **error)
{
  g_return_val_if_fail (MS_IS_PROFILE_PANE (self), NULL);
  g_return_val_if_fail (format != NULL, NULL);

  if (self->profile == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("There is no profile to export"));
      return NULL;
    }
  if (g_str_equal (format, "csv"))
    return ms_path_profile_to_csv (self->profile);
  return ms_profile_plot_export (self->plot, format,
                                 MAX (gtk_widget_get_width (GTK_WIDGET (self->plot)), MIN_EXPORT_WIDTH),
                                 MAX (gtk_widget_get_height (GTK_WIDGET (self->plot)), MIN_EXPORT_HEIGHT),
                                 error);
}

char *
ms_profile_pane_suggest_name (MsProfilePane *self,
                              const char    *base,
                              const char    *format)
{
  g_return_val_if_fail (MS_IS_PROFILE_PANE (self), NULL);
  return g_strdup_printf ("%s%sprofile.%s", base != NULL ? base : "", base != NULL ? "-" : "", format);
}

/* ------------------------------------------------------------- object --- */

void
ms_profile_pane_set_ruler (MsProfilePane  *self,
                           MsRulerOverlay *ruler)
{
  g_return_if_fail (MS_IS_PROFILE_PANE (self));
  g_return_if_fail (MS_IS_RULER_OVERLAY (ruler));
  g_return_if_fail (self->ruler == NULL);

  self->ruler = g_object_ref (ruler);
  g_signal_connect_object (ruler, "changed", G_CALLBACK (remake), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ruler, "path-hovered", G_CALLBACK (on_path_hovered), self, 0);
  g_signal_connect_object (ruler, "notify::active", G_CALLBACK (on_ruler_active), self, G_CONNECT_SWAPPED);
}

void
ms_profile_pane_set_blueprint (MsProfilePane *self,
                               MsBlueprint   *blueprint)
{
  g_return_if_fail (MS_IS_PROFILE_PANE (self));
  g_return_if_fail (blueprint == NULL || MS_IS_BLUEPRINT (blueprint));

  if (self->zone != NULL)
    ms_profile_pane_set_zone (self, NULL);
  if (!g_set_object (&self->blueprint, blueprint))
    return;
  remake (self);
}

void
ms_profile_pane_set_zone (MsProfilePane *self,
                          MsZone        *zone)
{
  g_return_if_fail (MS_IS_PROFILE_PANE (self));
  g_return_if_fail (zone == NULL || MS_IS_ZONE (zone));

  if (self->blueprint != NULL)
    g_clear_object (&self->blueprint);
  if (self->zone == zone)
    return;
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_set_object (&self->zone, zone);
  if (zone != NULL)
    g_signal_connect_object (zone, "changed", G_CALLBACK (on_zone_changed), self, G_CONNECT_SWAPPED);
  remake (self);
}

MsProfilePlot *
ms_profile_pane_get_plot (MsProfilePane *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PANE (self), NULL);
  return self->plot;
}

const MsPathProfile *
ms_profile_pane_get_profile (MsProfilePane *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PANE (self), NULL);
  return self->cancellable == NULL ? self->profile : NULL;
}

gboolean
ms_profile_pane_is_busy (MsProfilePane *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PANE (self), FALSE);
  return self->cancellable != NULL;
}

const char *
ms_profile_pane_get_summary (MsProfilePane *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PANE (self), NULL);
  return self->summary_text;
}

void
ms_profile_pane_add_window_action (MsProfilePane        *self,
                                   GtkApplicationWindow *window)
{
  g_autoptr(GPropertyAction) action = g_property_action_new ("profile", self, "visible");
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  g_return_if_fail (MS_IS_PROFILE_PANE (self));
  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));

  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_M, GDK_SHIFT_MASK),
                                                          gtk_named_action_new ("win.profile")));
  gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
}

static void
ms_profile_pane_dispose (GObject *object)
{
  MsProfilePane *self = MS_PROFILE_PANE (object);

  cancel (self);
  g_clear_handle_id (&self->zone_idle_id, g_source_remove);
  if (self->zone != NULL)
    g_signal_handlers_disconnect_by_data (self->zone, self);
  g_clear_object (&self->zone);
  g_clear_object (&self->blueprint);
  g_clear_object (&self->ruler);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (ms_profile_pane_parent_class)->dispose (object);
}

static void
ms_profile_pane_finalize (GObject *object)
{
  MsProfilePane *self = MS_PROFILE_PANE (object);

  g_clear_pointer (&self->profile, ms_path_profile_free);
  g_free (self->summary_text);
  G_OBJECT_CLASS (ms_profile_pane_parent_class)->finalize (object);
}

static void
ms_profile_pane_class_init (MsProfilePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_profile_pane_dispose;
  object_class->finalize = ms_profile_pane_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "profilepane");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *
export_menu_button (void)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();

  g_menu_append (menu, _("Export as _CSV…"), "win.export-profile::csv");
  g_menu_append (menu, _("Export as _PNG…"), "win.export-profile::png");
  g_menu_append (menu, _("Export as _SVG…"), "win.export-profile::svg");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-save-as-symbolic");
  gtk_widget_set_tooltip_text (button, _("Export the Profile"));
  return button;
}

static void
ms_profile_pane_init (MsProfilePane *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new (_("Profile"));
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Vertical"));
  GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");
  GtkAdjustment *adjustment = gtk_adjustment_new (0, 0, 1000, 1, 10, 0);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 6);
  gtk_widget_set_margin_top (header, 3);
  gtk_widget_set_margin_bottom (header, 3);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (header), title);

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_ellipsize (self->summary, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->summary));

  self->exaggeration = GTK_SPIN_BUTTON (gtk_spin_button_new (adjustment, 1, 0));
  gtk_editable_set_width_chars (GTK_EDITABLE (self->exaggeration), 5);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->exaggeration),
                               _("Vertical exaggeration: how many times a metre up is drawn longer than a metre "
                                 "along; Fit (0) fills the plot with the heights"));
  g_signal_connect (self->exaggeration, "output", G_CALLBACK (on_spin_output), NULL);
  g_signal_connect (self->exaggeration, "input", G_CALLBACK (on_spin_input), NULL);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->exaggeration));
  gtk_box_append (GTK_BOX (header), label);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->exaggeration));

  gtk_box_append (GTK_BOX (header), export_menu_button ());
  gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "win.profile");
  gtk_widget_set_tooltip_text (close, _("Hide the Profile (Shift+M)"));
  gtk_widget_add_css_class (close, "flat");
  gtk_box_append (GTK_BOX (header), close);
  gtk_box_append (GTK_BOX (self->box), header);

  self->plot = MS_PROFILE_PLOT (ms_profile_plot_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->plot), TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->plot));
  g_object_bind_property (adjustment, "value", self->plot, "exaggeration",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->plot, "hovered", G_CALLBACK (on_plot_hovered), self, 0);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Profile"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_connect (self, "notify::visible", G_CALLBACK (on_visible), NULL);
  show_profile (self, NULL, _("Click two or more points on the map: the profile follows the ruler’s path"));
}

GtkWidget *
ms_profile_pane_new (void)
{
  return g_object_new (MS_TYPE_PROFILE_PANE, NULL);
}
