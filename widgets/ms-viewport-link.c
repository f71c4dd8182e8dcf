/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two viewports kept on the same part of the world: the comparison
 * window's side-by-side views and the swipe view's two layers.
 */
#define G_LOG_DOMAIN "ms-viewport-link"

#include "config.h"

#include "ms-viewport-link.h"

struct _MsViewportLink
{
  GObject     parent_instance;

  MsViewport *a;
  MsViewport *b;
  guint       size_a;
  guint       size_b;
  gboolean    enabled;
  gboolean    syncing;   /* one viewport is following the other */
};

G_DEFINE_FINAL_TYPE (MsViewportLink, ms_viewport_link, G_TYPE_OBJECT)

void
ms_viewport_show_same (MsViewport *to,
                       MsViewport *from,
                       double      ratio)
{
  double cx, cy;

  g_return_if_fail (MS_IS_VIEWPORT (to));
  g_return_if_fail (MS_IS_VIEWPORT (from));

  ms_viewport_get_centre (from, &cx, &cy);
  ms_viewport_set_zoom (to, ms_viewport_get_zoom (from) / ratio);
  ms_viewport_set_centre (to, cx * ratio, cy * ratio);
}

static void
follow (MsViewportLink *self,
        gboolean        from_a)
{
  guint from_size = from_a ? self->size_a : self->size_b;
  guint to_size = from_a ? self->size_b : self->size_a;

  if (!self->enabled || self->syncing || from_size == 0 || to_size == 0)
    return;

  /* Not frozen: @to's notifications must arrive while the guard is up, or
   * rounding could bounce a change back and forth. */
  self->syncing = TRUE;
  ms_viewport_show_same (from_a ? self->b : self->a, from_a ? self->a : self->b,
                         (double) to_size / from_size);
  self->syncing = FALSE;
}

static void
on_a_changed (MsViewportLink *self)
{
  follow (self, TRUE);
}

static void
on_b_changed (MsViewportLink *self)
{
  follow (self, FALSE);
}

static void
watch (MsViewportLink *self,
       MsViewport     *viewport,
       GCallback       callback)
{
  static const char *const signals[] = { "notify::zoom", "notify::centre-x", "notify::centre-y" };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect_object (viewport, signals[i], callback, self, G_CONNECT_SWAPPED);
}

MsViewportLink *
ms_viewport_link_new (MsViewport *a,
                      MsViewport *b)
{
  MsViewportLink *self;

  g_return_val_if_fail (MS_IS_VIEWPORT (a), NULL);
  g_return_val_if_fail (MS_IS_VIEWPORT (b), NULL);

  self = g_object_new (MS_TYPE_VIEWPORT_LINK, NULL);
  self->a = g_object_ref (a);
  self->b = g_object_ref (b);
  watch (self, a, G_CALLBACK (on_a_changed));
  watch (self, b, G_CALLBACK (on_b_changed));
  return self;
}

void
ms_viewport_link_set_map_sizes (MsViewportLink *self,
                                guint           size_a,
                                guint           size_b)
{
  g_return_if_fail (MS_IS_VIEWPORT_LINK (self));

  self->size_a = size_a;
  self->size_b = size_b;
}

void
ms_viewport_link_set_enabled (MsViewportLink *self,
                              gboolean        enabled)
{
  g_return_if_fail (MS_IS_VIEWPORT_LINK (self));

  self->enabled = !!enabled;
}

void
ms_viewport_link_follow_a (MsViewportLink *self)
{
  g_return_if_fail (MS_IS_VIEWPORT_LINK (self));

  follow (self, TRUE);
}

static void
ms_viewport_link_dispose (GObject *object)
{
  MsViewportLink *self = MS_VIEWPORT_LINK (object);

  /* Quiet now: a viewport may outlive this link's last reference. */
  if (self->a != NULL)
    g_signal_handlers_disconnect_by_data (self->a, self);
  if (self->b != NULL)
    g_signal_handlers_disconnect_by_data (self->b, self);
  g_clear_object (&self->a);
  g_clear_object (&self->b);

  G_OBJECT_CLASS (ms_viewport_link_parent_class)->dispose (object);
}

static void
ms_viewport_link_class_init (MsViewportLinkClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ms_viewport_link_dispose;
}

static void
ms_viewport_link_init (MsViewportLink *self)
{
  self->enabled = TRUE;
}
