/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone window's Checks page: the zone audit (model/zone/ms-zone-audit.h)
 * run in a thread once the first picture is on screen, and again a moment
 * after the last edit or a save; choosing a finding zooms the view to its
 * tile and outlines it, and finds (in a thread too) every tile of it, which
 * the view tints and the page's arrows step through.  The tab says how
 * many findings there are.  MsZone takes reads from other threads while the
 * main thread edits (tests/model/zone/test-zone-threads.c); an audit an edit overtakes
 * is cancelled and run again.
 */
#define G_LOG_DOMAIN "ms-zone-window"

#include "config.h"

#include "ms-findings-list.h"
#include "ms-zone-audit.h"
#include "ms-zone-window-private.h"

#define CHECKS_DEBOUNCE_MS   600   /* after the last edit */
#define CHECKS_FIRST_POLL_MS 100   /* waiting for the first picture */
#define CHECKS_FIRST_MAX     50    /* ... at most this many polls */
#define CHECKS_SPAN          24    /* tiles across the view round a finding */

/* The audit with every option on auto, as MsAuditFunc. */
static GPtrArray *
audit_zone (gpointer       zone,
            GCancellable  *cancellable,
            GError       **error)
{
  return ms_zone_audit (zone, NULL, NULL, cancellable, error);
}

/* ------------------------------------------------ the chosen finding's tiles --- */

typedef struct
{
  MsZone     *zone;
  const char *check;   /* static */
} RegionJob;

static void
region_job_free (RegionJob *job)
{
  g_clear_object (&job->zone);
  g_free (job);
}

static void
region_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  RegionJob *job = task_data;
  GError *error = NULL;
  MsZoneRegion *region = ms_zone_audit_get_region (job->zone, NULL, job->check, cancellable, &error);

  if (region == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, region, (GDestroyNotify) ms_zone_region_unref);
}

static void
tint_region (MsZoneWindow *self)
{
  MsZoneRegion *region = ms_zone_checks_panel_get_region (self->checks_panel);
  const MsZoneSpan *spans = NULL;
  guint n_spans = 0;

  if (region != NULL)
    spans = ms_zone_region_get_spans (region, &n_spans);
  ms_zone_view_set_preview (self->view, spans, n_spans);
}

static void
region_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (source);
  RegionJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(MsZoneRegion) region = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Cancelled: the findings or the choice changed since. */
  if (region == NULL)
    return;
  g_clear_object (&self->checks_region_cancellable);
  ms_zone_checks_panel_set_region (self->checks_panel, job->check, region);
  tint_region (self);
}

/* Every tile of the chosen finding, unless they are there or coming. */
static void
find_region (MsZoneWindow *self)
{
  GPtrArray *findings = ms_zone_checks_panel_get_findings (self->checks_panel);
  const MsAuditFinding *f;
  g_autoptr(GTask) task = NULL;
  RegionJob *job;
  guint index;

  if (!ms_zone_checks_panel_get_chosen (self->checks_panel, &index, NULL) || self->zone == NULL)
    return;
  f = g_ptr_array_index (findings, index);
  if (!f->has_location || ms_zone_checks_panel_get_region (self->checks_panel) != NULL ||
      (self->checks_region_cancellable != NULL && self->checks_region_check == f->check))
    return;
  g_cancellable_cancel (self->checks_region_cancellable);
  g_clear_object (&self->checks_region_cancellable);
  self->checks_region_cancellable = g_cancellable_new ();
  self->checks_region_check = f->check;
  job = g_new0 (RegionJob, 1);
  job->zone = g_object_ref (self->zone);
  job->check = f->check;
  task = g_task_new (self, self->checks_region_cancellable, region_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) region_job_free);
  g_task_run_in_thread (task, region_thread);
}

static void
drop_region (MsZoneWindow *self)
{
  g_cancellable_cancel (self->checks_region_cancellable);
  g_clear_object (&self->checks_region_cancellable);
  self->checks_region_check = NULL;
}

/* ------------------------------------------------------------- the audit --- */

static void
audit_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  MsZoneWindow *self = MS_ZONE_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) findings = ms_audit_run_finish (result, &error);

  /* Cancelled: a newer audit (or the window's end) took over. */
  if (findings == NULL)
    return;
  g_clear_object (&self->checks_cancellable);
  /* The tiles found were the old audit's; the new ones are found again. */
  drop_region (self);
  ms_zone_checks_panel_set_findings (self->checks_panel, findings);
  ms_findings_list_set_tab_count (GTK_WIDGET (self->checks_panel), findings);
  tint_region (self);
  /* The chosen finding went with an edit: so does its outline. */
  if (!ms_zone_checks_panel_get_chosen (self->checks_panel, NULL, NULL))
    ms_zone_view_set_highlight (self->view, 0, 0, 0, 0);
  else
    find_region (self);
}

static void
start_audit (MsZoneWindow *self)
{
  g_cancellable_cancel (self->checks_cancellable);
  g_clear_object (&self->checks_cancellable);
  if (self->zone == NULL)
    return;
  self->checks_cancellable = g_cancellable_new ();
  ms_audit_run_async (self, self->zone, audit_zone, self->checks_cancellable, audit_done, NULL);
}

static gboolean
on_checks_timeout (gpointer user_data)
{
  MsZoneWindow *self = user_data;

  /* The first audit waits for the first picture: the tiles come first. */
  if (self->checks_polls > 0 && ms_tile_view_get_n_pending (MS_TILE_VIEW (self->view)) > 0)
    {
      self->checks_polls--;
      return G_SOURCE_CONTINUE;
    }
  self->checks_timeout_id = 0;
  start_audit (self);
  return G_SOURCE_REMOVE;
}

static void
schedule (MsZoneWindow *self,
          guint         delay_ms,
          guint         polls)
{
  g_clear_handle_id (&self->checks_timeout_id, g_source_remove);
  self->checks_polls = polls;
  self->checks_timeout_id = g_timeout_add (delay_ms, on_checks_timeout, self);
}

static void
on_zone_edited (MsZoneWindow *self)
{
  /* The old findings stay until the new ones come. */
  g_cancellable_cancel (self->checks_cancellable);
  ms_zone_checks_panel_set_busy (self->checks_panel, TRUE);
  schedule (self, CHECKS_DEBOUNCE_MS, 0);
}

static void
on_location_chosen (MsZoneChecksPanel *panel,
                    guint              index,
                    guint              x,
                    guint              y,
                    gboolean           has_location,
                    MsZoneWindow      *self)
{
  MsViewport *vp = ms_zone_view_get_viewport (self->view);

  /* Another finding's tiles are no longer tinted. */
  if (ms_zone_checks_panel_get_region (self->checks_panel) == NULL)
    tint_region (self);
  if (!has_location)
    {
      drop_region (self);
      /* A whole-layer finding: the whole zone. */
      ms_zone_view_set_highlight (self->view, 0, 0, 0, 0);
      ms_viewport_fit (vp);
      return;
    }
  find_region (self);
  /* Centred on the tile's centre, CHECKS_SPAN tiles across the view. */
  ms_viewport_fit_rect (vp, x + 0.5 - CHECKS_SPAN / 2.0, y + 0.5 - CHECKS_SPAN / 2.0, CHECKS_SPAN, CHECKS_SPAN);
  ms_zone_view_set_highlight (self->view, x, y, 1, 1);
}

void
_ms_zone_window_checks_init (MsZoneWindow *self)
{
  g_signal_connect (self->checks_panel, "location-chosen", G_CALLBACK (on_location_chosen), self);
}

void
_ms_zone_window_checks_set_zone (MsZoneWindow *self)
{
  g_cancellable_cancel (self->checks_cancellable);
  g_clear_object (&self->checks_cancellable);
  drop_region (self);
  ms_zone_checks_panel_set_findings (self->checks_panel, NULL);
  ms_findings_list_set_tab_count (GTK_WIDGET (self->checks_panel), NULL);
  if (self->zone == NULL)
    return;
  g_signal_connect_object (self->zone, "changed", G_CALLBACK (on_zone_edited), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->zone, "saved", G_CALLBACK (on_zone_edited), self, G_CONNECT_SWAPPED);
  schedule (self, CHECKS_FIRST_POLL_MS, CHECKS_FIRST_MAX);
}

void
_ms_zone_window_checks_dispose (MsZoneWindow *self)
{
  g_clear_handle_id (&self->checks_timeout_id, g_source_remove);
  g_cancellable_cancel (self->checks_cancellable);
  g_clear_object (&self->checks_cancellable);
  drop_region (self);
}

/**
 * ms_zone_window_get_checks_panel:
 *
 * Returns: (transfer none): the Checks page.
 */
MsZoneChecksPanel *
ms_zone_window_get_checks_panel (MsZoneWindow *self)
{
  g_return_val_if_fail (MS_IS_ZONE_WINDOW (self), NULL);
  return self->checks_panel;
}
