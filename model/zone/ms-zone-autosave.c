/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsZone's dirty flag stays set after an undo back to the saved state, so
 * "clean" here means what the journal sees: no tile differs from the files
 * on disk.  The journal is written and, if it holds no tile, removed.
 */
#define G_LOG_DOMAIN "ms-zone-autosave"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "ms-zone-autosave.h"
#include "ms-zone-journal.h"
#include "ms-zone-private.h"

/* While a brush stroke is open the journal cannot be written: look again
 * soon rather than wait for the next change. */
#define STEP_RETRY_MS 200

struct _MsZoneAutosave
{
  GObject       parent_instance;

  MsZone       *zone;
  char         *path;
  guint         debounce_ms;
  guint         max_interval_ms;
  guint         debounce_id;     /* restarted by every change */
  guint         deadline_id;     /* set by the first unjournaled change */
  gulong        changed_id;
  gulong        saved_id;
  GError       *error;
};

G_DEFINE_FINAL_TYPE (MsZoneAutosave, ms_zone_autosave, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ZONE,
  PROP_PATH,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cancel_timers (MsZoneAutosave *self)
{
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  g_clear_handle_id (&self->deadline_id, g_source_remove);
}

static void
set_error (MsZoneAutosave *self,
           const GError   *error)
{
  if (self->error == NULL && error == NULL)
    return;
  g_clear_error (&self->error);
  if (error != NULL)
    self->error = g_error_copy (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static gboolean
remove_journal (MsZoneAutosave  *self,
                GError         **error)
{
  if (g_remove (self->path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (self->path);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not remove the journal “%s”: %s", display, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

static gboolean
write_now (MsZoneAutosave  *self,
           GError         **error)
{
  guint64 n_tiles;

  if (!ms_zone_is_dirty (self->zone))
    return remove_journal (self, error);
  if (!ms_zone_journal_write (self->zone, self->path, &n_tiles, error))
    return FALSE;
  /* Edits that undo each other in separate steps leave the history away
   * from the saved state but no tile changed: nothing to recover. */
  if (n_tiles == 0)
    return remove_journal (self, error);
  return TRUE;
}

static gboolean on_timer (gpointer user_data);

static void
schedule (MsZoneAutosave *self)
{
  g_clear_handle_id (&self->debounce_id, g_source_remove);
  self->debounce_id = g_timeout_add (self->debounce_ms, on_timer, self);
  if (self->deadline_id == 0)
    self->deadline_id = g_timeout_add (self->max_interval_ms, on_timer, self);
}

static gboolean
on_timer (gpointer user_data)
{
  MsZoneAutosave *self = user_data;
  g_autoptr(GError) error = NULL;

  /* Either timer firing writes; the other one is now pointless.  The
   * caller removes this source when it returns G_SOURCE_REMOVE. */
  if (g_main_current_source () != NULL &&
      self->debounce_id == g_source_get_id (g_main_current_source ()))
    self->debounce_id = 0;
  else
    self->deadline_id = 0;
  cancel_timers (self);

  if (self->zone->step_depth > 0)
    {
      self->debounce_id = g_timeout_add (MIN (self->debounce_ms, STEP_RETRY_MS), on_timer, self);
      return G_SOURCE_REMOVE;
    }
  if (write_now (self, &error))
    set_error (self, NULL);
  else
    {
      g_debug ("Autosave of zone %u: %s", ms_zone_get_id (self->zone), error->message);
      set_error (self, error);
    }
  return G_SOURCE_REMOVE;
}

static void
on_changed (MsZone         *zone,
            guint           layer,
            guint           x,
            guint           y,
            guint           width,
            guint           height,
            MsZoneAutosave *self)
{
  schedule (self);
}

static void
on_saved (MsZone         *zone,
          MsZoneAutosave *self)
{
  g_autoptr(GError) error = NULL;

  /* Fully saved: the journal is stale now, not in a few seconds. */
  if (ms_zone_is_dirty (zone))
    {
      schedule (self);
      return;
    }
  cancel_timers (self);
  if (remove_journal (self, &error))
    set_error (self, NULL);
  else
    set_error (self, error);
}

static void
ms_zone_autosave_constructed (GObject *object)
{
  MsZoneAutosave *self = MS_ZONE_AUTOSAVE (object);

  G_OBJECT_CLASS (ms_zone_autosave_parent_class)->constructed (object);

  g_assert (self->zone != NULL);
  if (self->path == NULL)
    self->path = ms_zone_journal_default_path (self->zone);
  self->changed_id = g_signal_connect (self->zone, "changed", G_CALLBACK (on_changed), self);
  self->saved_id = g_signal_connect (self->zone, "saved", G_CALLBACK (on_saved), self);
}

static void
ms_zone_autosave_dispose (GObject *object)
{
  MsZoneAutosave *self = MS_ZONE_AUTOSAVE (object);

  if (ms_zone_autosave_is_pending (self) && self->zone->step_depth == 0)
    {
      g_autoptr(GError) error = NULL;

      cancel_timers (self);
      if (!write_now (self, &error))
        g_debug ("Autosave of zone %u on close: %s", ms_zone_get_id (self->zone), error->message);
    }
  cancel_timers (self);
  if (self->zone != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->zone);
      g_clear_signal_handler (&self->saved_id, self->zone);
    }
  g_clear_object (&self->zone);

  G_OBJECT_CLASS (ms_zone_autosave_parent_class)->dispose (object);
}

static void
ms_zone_autosave_finalize (GObject *object)
{
  MsZoneAutosave *self = MS_ZONE_AUTOSAVE (object);

  g_free (self->path);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (ms_zone_autosave_parent_class)->finalize (object);
}

static void
ms_zone_autosave_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MsZoneAutosave *self = MS_ZONE_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_ZONE:
      g_value_set_object (value, self->zone);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_zone_autosave_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MsZoneAutosave *self = MS_ZONE_AUTOSAVE (object);

  switch (prop_id)
    {
    case PROP_ZONE:
      self->zone = g_value_dup_object (value);
      break;
    case PROP_PATH:
      self->path = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_zone_autosave_class_init (MsZoneAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ms_zone_autosave_constructed;
  object_class->dispose = ms_zone_autosave_dispose;
  object_class->finalize = ms_zone_autosave_finalize;
  object_class->get_property = ms_zone_autosave_get_property;
  object_class->set_property = ms_zone_autosave_set_property;

  properties[PROP_ZONE] =
    g_param_spec_object ("zone", NULL, NULL, MS_TYPE_ZONE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_zone_autosave_init (MsZoneAutosave *self)
{
  self->debounce_ms = MS_ZONE_AUTOSAVE_DEFAULT_DEBOUNCE_MS;
  self->max_interval_ms = MS_ZONE_AUTOSAVE_DEFAULT_MAX_INTERVAL_MS;
}

MsZoneAutosave *
ms_zone_autosave_new (MsZone     *zone,
                      const char *path)
{
  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);

  return g_object_new (MS_TYPE_ZONE_AUTOSAVE, "zone", zone, "path", path, NULL);
}

MsZone *
ms_zone_autosave_get_zone (MsZoneAutosave *self)
{
  g_return_val_if_fail (MS_IS_ZONE_AUTOSAVE (self), NULL);
  return self->zone;
}

const char *
ms_zone_autosave_get_path (MsZoneAutosave *self)
{
  g_return_val_if_fail (MS_IS_ZONE_AUTOSAVE (self), NULL);
  return self->path;
}

void
ms_zone_autosave_set_intervals (MsZoneAutosave *self,
                                guint           debounce_ms,
                                guint           max_interval_ms)
{
  g_return_if_fail (MS_IS_ZONE_AUTOSAVE (self));
  g_return_if_fail (debounce_ms > 0 && max_interval_ms > 0);

  self->debounce_ms = debounce_ms;
  self->max_interval_ms = max_interval_ms;
}

gboolean
ms_zone_autosave_is_pending (MsZoneAutosave *self)
{
  g_return_val_if_fail (MS_IS_ZONE_AUTOSAVE (self), FALSE);
  return self->debounce_id != 0 || self->deadline_id != 0;
}

gboolean
ms_zone_autosave_flush (MsZoneAutosave  *self,
                        GError         **error)
{
  g_return_val_if_fail (MS_IS_ZONE_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->zone->step_depth > 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           "Cannot journal the zone while an edit is in progress");
      return FALSE;
    }
  cancel_timers (self);
  return write_now (self, error);
}

gboolean
ms_zone_autosave_discard (MsZoneAutosave  *self,
                          GError         **error)
{
  g_return_val_if_fail (MS_IS_ZONE_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  cancel_timers (self);
  return remove_journal (self, error);
}

const GError *
ms_zone_autosave_get_error (MsZoneAutosave *self)
{
  g_return_val_if_fail (MS_IS_ZONE_AUTOSAVE (self), NULL);
  return self->error;
}
