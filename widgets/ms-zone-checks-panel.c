/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built in code like the overlays panel: an MsFindingsList and a row of
 * Previous / Next under it.  The zone window runs the audit, finds every
 * tile of the chosen finding and moves the view; this only keeps which
 * finding and which of its tiles is chosen.
 *
 * Widget names, for tests: checks-list, checks-previous, checks-next,
 * checks-location.
 */
#define G_LOG_DOMAIN "ms-zone-checks-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-findings-list.h"
#include "ms-zone-checks-panel.h"
#include "ms-zone-region.h"

struct _MsZoneChecksPanel
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  MsFindingsList *list;
  GtkLabel       *location_label;
  GtkLabel       *busy_label;

  GPtrArray      *findings;   /* MsAuditFinding*, or NULL */
  guint           chosen;     /* G_MAXUINT: none */
  guint           location;
  gboolean        quiet;      /* reselecting after new findings: no signal */

  /* Every tile of the chosen finding, once the window has found them (the
   * finding lists only the first MS_AUDIT_MAX_LOCATIONS), and per span
   * the tiles before it, to find the k-th tile by bisection.  Both are
   * row-major, so the k-th listed location is the region's k-th tile. */
  MsZoneRegion   *region;
  GArray         *before;     /* guint64, one per span */
};

enum
{
  SIGNAL_LOCATION_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsZoneChecksPanel, ms_zone_checks_panel, GTK_TYPE_WIDGET)

static const MsAuditFinding *
chosen_finding (MsZoneChecksPanel *self)
{
  if (self->findings == NULL || self->chosen >= self->findings->len)
    return NULL;
  return g_ptr_array_index (self->findings, self->chosen);
}

static void
clear_region (MsZoneChecksPanel *self)
{
  g_clear_pointer (&self->region, ms_zone_region_unref);
  g_clear_pointer (&self->before, g_array_unref);
}

/* How many locations one can step through: every tile of the finding once
 * its region came, else the listed ones, or the one (x, y) of a finding
 * that lists none. */
static guint64
n_steps_of (MsZoneChecksPanel    *self,
            const MsAuditFinding *f)
{
  if (f == NULL || !f->has_location)
    return 0;
  if (self->region != NULL && f == chosen_finding (self))
    return ms_zone_region_count_tiles (self->region);
  return MAX (f->n_locations, 1);
}

static guint64
n_steps (MsZoneChecksPanel *self)
{
  return n_steps_of (self, chosen_finding (self));
}

/* The chosen finding's tile number self->location, row-major. */
static void
location_tile (MsZoneChecksPanel    *self,
               const MsAuditFinding *f,
               guint                *x,
               guint                *y)
{
  if (self->region != NULL)
    {
      guint n_spans, lo = 0, hi;
      const MsZoneSpan *spans = ms_zone_region_get_spans (self->region, &n_spans);

      /* The last span with fewer tiles before it than the location. */
      hi = n_spans;
      while (hi - lo > 1)
        {
          guint mid = (lo + hi) / 2;

          if (g_array_index (self->before, guint64, mid) <= self->location)
            lo = mid;
          else
            hi = mid;
        }
      *x = spans[lo].x0 + (guint) (self->location - g_array_index (self->before, guint64, lo));
      *y = spans[lo].y;
    }
  else if (f->n_locations > 0)
    {
      *x = f->locations[self->location].x;
      *y = f->locations[self->location].y;
    }
  else
    {
      *x = f->x;
      *y = f->y;
    }
}

static void
update_location (MsZoneChecksPanel *self)
{
  const MsAuditFinding *f = chosen_finding (self);
  guint64 n = n_steps (self);
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "checks.previous", n > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "checks.next", n > 1);
  if (f == NULL)
    text = g_strdup (_("No finding chosen."));
  else if (n == 0)
    text = g_strdup (_("About the whole layer: no tile to show."));
  else
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, f->count);
      guint x, y;

      location_tile (self, f, &x, &y);
      if (self->region != NULL)
        /* Translators: tile k of all the finding's n tiles; x, y row-major. */
        text = g_strdup_printf (_("Tile %u of %s: x %u, y %u"), self->location + 1, count, x, y);
      else
        /* Translators: tile k of the n listed, then the finding's total count; x, y row-major. */
        text = g_strdup_printf (_("Tile %u of %u listed (%s in all): x %u, y %u"), self->location + 1,
                                (guint) n, count, x, y);
    }
  gtk_label_set_text (self->location_label, text);
}

static void
emit_location (MsZoneChecksPanel *self)
{
  const MsAuditFinding *f = chosen_finding (self);
  guint x = 0, y = 0;

  update_location (self);
  if (f == NULL)
    return;
  location_tile (self, f, &x, &y);
  g_signal_emit (self, signals[SIGNAL_LOCATION_CHOSEN], 0, self->chosen, x, y, f->has_location);
}

static void
on_finding_selected (MsFindingsList    *list,
                     guint              index,
                     MsZoneChecksPanel *self)
{
  if (self->quiet)
    return;
  if (index != self->chosen)
    clear_region (self);
  self->chosen = index;
  self->location = 0;
  emit_location (self);
}

void
ms_zone_checks_panel_set_findings (MsZoneChecksPanel *self,
                                   GPtrArray         *findings)
{
  const MsAuditFinding *old;
  const char *old_check = NULL;
  guint keep = G_MAXUINT;

  g_return_if_fail (MS_IS_ZONE_CHECKS_PANEL (self));

  /* Check ids are static strings: the pointer outlives the old array. */
  old = chosen_finding (self);
  if (old != NULL)
    old_check = old->check;
  if (findings != NULL)
    g_ptr_array_ref (findings);
  /* The tiles were those of the old audit. */
  clear_region (self);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  self->findings = findings;

  for (guint i = 0; findings != NULL && old_check != NULL && i < findings->len; i++)
    if (g_str_equal (((MsAuditFinding *) g_ptr_array_index (findings, i))->check, old_check))
      keep = i;

  self->quiet = TRUE;
  ms_findings_list_set_findings (self->list, findings);
  ms_findings_list_select (self->list, keep);
  self->quiet = FALSE;
  if (keep != self->chosen || keep == G_MAXUINT)
    self->location = 0;
  self->chosen = keep;
  self->location = (guint) MIN (self->location, MAX (n_steps (self), 1) - 1);
  gtk_widget_set_visible (GTK_WIDGET (self->busy_label), FALSE);
  update_location (self);
}

GPtrArray *
ms_zone_checks_panel_get_findings (MsZoneChecksPanel *self)
{
  g_return_val_if_fail (MS_IS_ZONE_CHECKS_PANEL (self), NULL);
  return self->findings;
}

void
ms_zone_checks_panel_set_busy (MsZoneChecksPanel *self,
                               gboolean           busy)
{
  g_return_if_fail (MS_IS_ZONE_CHECKS_PANEL (self));
  gtk_widget_set_visible (GTK_WIDGET (self->busy_label), busy && self->findings != NULL);
}

void
ms_zone_checks_panel_choose (MsZoneChecksPanel *self,
                             guint              index)
{
  g_return_if_fail (MS_IS_ZONE_CHECKS_PANEL (self));

  /* Selecting the row emits ::finding-selected, which emits ours; the row
   * already selected is chosen again by hand. */
  if (index != G_MAXUINT && index == self->chosen)
    {
      self->location = 0;
      emit_location (self);
      return;
    }
  ms_findings_list_select (self->list, index);
  if (index == G_MAXUINT)
    {
      self->chosen = G_MAXUINT;
      clear_region (self);
      update_location (self);
    }
}

void
ms_zone_checks_panel_set_region (MsZoneChecksPanel *self,
                                 const char        *check,
                                 MsZoneRegion      *region)
{
  const MsAuditFinding *f;
  const MsZoneSpan *spans;
  guint n_spans;
  guint64 sum = 0;

  g_return_if_fail (MS_IS_ZONE_CHECKS_PANEL (self));
  g_return_if_fail (check != NULL && region != NULL);

  /* Found for a finding no longer chosen, or with none of its tiles left
   * (an edit overtook it): the listed tiles stay. */
  f = chosen_finding (self);
  if (f == NULL || !f->has_location || !g_str_equal (f->check, check) ||
      ms_zone_region_count_tiles (region) == 0)
    return;
  clear_region (self);
  self->region = ms_zone_region_ref (region);
  spans = ms_zone_region_get_spans (region, &n_spans);
  self->before = g_array_sized_new (FALSE, FALSE, sizeof (guint64), n_spans);
  for (guint i = 0; i < n_spans; i++)
    {
      g_array_append_val (self->before, sum);
      sum += spans[i].x1 - spans[i].x0;
    }
  self->location = (guint) MIN (self->location, sum - 1);
  update_location (self);
}

MsZoneRegion *
ms_zone_checks_panel_get_region (MsZoneChecksPanel *self)
{
  g_return_val_if_fail (MS_IS_ZONE_CHECKS_PANEL (self), NULL);
  return self->region;
}

void
ms_zone_checks_panel_step (MsZoneChecksPanel *self,
                           int                delta)
{
  gint64 n;

  g_return_if_fail (MS_IS_ZONE_CHECKS_PANEL (self));

  n = (gint64) n_steps (self);
  if (n == 0)
    return;
  self->location = (guint) ((((gint64) self->location + delta) % n + n) % n);
  emit_location (self);
}

gboolean
ms_zone_checks_panel_get_chosen (MsZoneChecksPanel *self,
                                 guint             *index,
                                 guint             *location)
{
  g_return_val_if_fail (MS_IS_ZONE_CHECKS_PANEL (self), FALSE);

  if (index != NULL)
    *index = self->chosen;
  if (location != NULL)
    *location = self->location;
  return chosen_finding (self) != NULL;
}

GtkWidget *
ms_zone_checks_panel_get_list (MsZoneChecksPanel *self)
{
  g_return_val_if_fail (MS_IS_ZONE_CHECKS_PANEL (self), NULL);
  return GTK_WIDGET (self->list);
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ms_zone_checks_panel_step (MS_ZONE_CHECKS_PANEL (widget), g_str_equal (action_name, "checks.next") ? 1 : -1);
}

static void
ms_zone_checks_panel_dispose (GObject *object)
{
  MsZoneChecksPanel *self = MS_ZONE_CHECKS_PANEL (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->findings, g_ptr_array_unref);
  clear_region (self);
  G_OBJECT_CLASS (ms_zone_checks_panel_parent_class)->dispose (object);
}

static void
ms_zone_checks_panel_class_init (MsZoneChecksPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_zone_checks_panel_dispose;

  /* (finding index, x, y, has_location); x, y row-major tiles. */
  signals[SIGNAL_LOCATION_CHOSEN] =
    g_signal_new ("location-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_BOOLEAN);

  gtk_widget_class_install_action (widget_class, "checks.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "checks.next", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F8, 0, "checks.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F8, GDK_SHIFT_MASK, "checks.previous", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static GtkWidget *
step_button (const char *icon,
             const char *action,
             const char *name,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_name (button, name);
  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

static void
ms_zone_checks_panel_init (MsZoneChecksPanel *self)
{
  GtkWidget *steps = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->chosen = G_MAXUINT;
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);

  self->list = MS_FINDINGS_LIST (ms_findings_list_new ());
  gtk_widget_set_name (GTK_WIDGET (self->list), "checks-list");
  gtk_widget_set_vexpand (GTK_WIDGET (self->list), TRUE);
  ms_findings_list_set_texts (self->list, _("Checking the zone…"),
                              _("The zone passes every check (mapsmith-cli zone audit)."));
  g_signal_connect (self->list, "finding-selected", G_CALLBACK (on_finding_selected), self);

  self->busy_label = GTK_LABEL (gtk_label_new (_("Checking again after the edit…")));
  gtk_label_set_xalign (self->busy_label, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->busy_label), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->busy_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->busy_label), FALSE);

  self->location_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_name (GTK_WIDGET (self->location_label), "checks-location");
  gtk_label_set_xalign (self->location_label, 0);
  gtk_label_set_wrap (self->location_label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->location_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->location_label), "caption");

  gtk_widget_set_margin_start (steps, 12);
  gtk_widget_set_margin_end (steps, 12);
  gtk_box_append (GTK_BOX (steps), GTK_WIDGET (self->location_label));
  gtk_box_append (GTK_BOX (steps), step_button ("go-up-symbolic", "checks.previous", "checks-previous",
                                                _("Previous tile of this finding (Shift+F8)")));
  gtk_box_append (GTK_BOX (steps), step_button ("go-down-symbolic", "checks.next", "checks-next",
                                                _("Next tile of this finding (F8)")));

  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->busy_label));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->list));
  gtk_box_append (GTK_BOX (self->box), steps);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  update_location (self);
}

GtkWidget *
ms_zone_checks_panel_new (void)
{
  return g_object_new (MS_TYPE_ZONE_CHECKS_PANEL, NULL);
}
