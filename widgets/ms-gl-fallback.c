/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One GL area per view and the way back to the CPU when GL fails, shared by
 * the blueprint and the zone views.
 */
#define G_LOG_DOMAIN "ms-gl-fallback"

#include "config.h"

#include "ms-gl-fallback.h"

struct _MsGlFallback
{
  GObject     parent_instance;

  GtkWidget  *area;       /* NULL once fallen back or removed */
  char       *problem;
  guint       idle_id;
};

enum
{
  SIGNAL_FELL_BACK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsGlFallback, ms_gl_fallback, G_TYPE_OBJECT)

static gboolean
fall_back_idle (gpointer user_data)
{
  MsGlFallback *self = user_data;

  self->idle_id = 0;
  if (self->area == NULL)
    return G_SOURCE_REMOVE;

  g_message ("Drawing the map without OpenGL: %s", self->problem);
  /* Unparenting unrealizes the area, so the view frees its GL objects
   * with the context current. */
  gtk_widget_unparent (g_steal_pointer (&self->area));
  g_signal_emit (self, signals[SIGNAL_FELL_BACK], 0);
  return G_SOURCE_REMOVE;
}

void
ms_gl_fallback_fail (MsGlFallback *self,
                     const char   *why)
{
  g_return_if_fail (MS_IS_GL_FALLBACK (self));

  g_free (self->problem);
  self->problem = g_strdup (why ? why : "OpenGL failed");
  if (self->idle_id == 0 && self->area != NULL)
    self->idle_id = g_idle_add_full (G_PRIORITY_HIGH, fall_back_idle, g_object_ref (self), g_object_unref);
}

GtkGLArea *
ms_gl_fallback_get_area (MsGlFallback *self)
{
  g_return_val_if_fail (MS_IS_GL_FALLBACK (self), NULL);
  return self->area ? GTK_GL_AREA (self->area) : NULL;
}

const char *
ms_gl_fallback_get_problem (MsGlFallback *self)
{
  g_return_val_if_fail (MS_IS_GL_FALLBACK (self), NULL);
  return self->area == NULL ? self->problem : NULL;
}

void
ms_gl_fallback_remove (MsGlFallback *self)
{
  g_return_if_fail (MS_IS_GL_FALLBACK (self));

  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->area != NULL)
    gtk_widget_unparent (g_steal_pointer (&self->area));
}

static void
ms_gl_fallback_finalize (GObject *object)
{
  MsGlFallback *self = MS_GL_FALLBACK (object);

  g_assert (self->area == NULL);
  g_free (self->problem);
  G_OBJECT_CLASS (ms_gl_fallback_parent_class)->finalize (object);
}

static void
ms_gl_fallback_class_init (MsGlFallbackClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_gl_fallback_finalize;

  /**
   * MsGlFallback::fell-back:
   *
   * The GL area is gone: draw on the CPU from now on.
   */
  signals[SIGNAL_FELL_BACK] =
    g_signal_new ("fell-back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ms_gl_fallback_init (MsGlFallback *self)
{
}

MsGlFallback *
ms_gl_fallback_new (GtkWidget *view)
{
  MsGlFallback *self;

  g_return_val_if_fail (GTK_IS_WIDGET (view), NULL);

  self = g_object_new (MS_TYPE_GL_FALLBACK, NULL);
  self->area = gtk_gl_area_new ();
  gtk_gl_area_set_auto_render (GTK_GL_AREA (self->area), FALSE);
  gtk_gl_area_set_required_version (GTK_GL_AREA (self->area), 3, 3);
  gtk_widget_set_can_target (self->area, FALSE);
  gtk_widget_set_parent (self->area, view);
  return self;
}
