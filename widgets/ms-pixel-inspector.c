/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer's hover readout: a label over the map that follows the
 * pointer's pixel.  The words are the model's (ms-blueprint-describe.c).
 */
#define G_LOG_DOMAIN "ms-pixel-inspector"

#include "config.h"

#include "ms-blueprint-describe.h"
#include "ms-css.h"
#include "ms-pixel-inspector.h"

struct _MsPixelInspector
{
  GtkWidget           parent_instance;

  GtkWidget          *label;
  MsMapView          *view;        /* weak */
  GtkEventController *motion;      /* on view, owned by it */
};

G_DEFINE_FINAL_TYPE (MsPixelInspector, ms_pixel_inspector, GTK_TYPE_WIDGET)

enum {
  PIXEL_READ,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
show_text (MsPixelInspector *self,
           const char       *text)
{
  gtk_widget_set_visible (GTK_WIDGET (self), text != NULL);
  if (text != NULL)
    gtk_label_set_text (GTK_LABEL (self->label), text);
}

void
ms_pixel_inspector_show_at (MsPixelInspector *self,
                            double            mx,
                            double            my)
{
  MsBlueprint *bp;
  g_autofree char *text = NULL;

  g_return_if_fail (MS_IS_PIXEL_INSPECTOR (self));

  bp = self->view != NULL ? ms_map_view_get_blueprint (self->view) : NULL;
  if (bp == NULL)
    {
      show_text (self, NULL);
      return;
    }
  if (mx >= 0 && my >= 0)
    text = ms_blueprint_describe_pixel (bp, (guint) mx, (guint) my);
  /* Read from a file that shrank, the readout would be zeros. */
  if (ms_blueprint_get_mapping (bp) != NULL && !ms_mapping_is_intact (ms_blueprint_get_mapping (bp)))
    g_clear_pointer (&text, g_free);
  show_text (self, text);
  g_signal_emit (self, signals[PIXEL_READ], 0);
}

void
ms_pixel_inspector_clear (MsPixelInspector *self)
{
  g_return_if_fail (MS_IS_PIXEL_INSPECTOR (self));
  show_text (self, NULL);
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    sx,
           double                    sy,
           MsPixelInspector         *self)
{
  double mx, my;

  ms_viewport_screen_to_map (ms_map_view_get_viewport (self->view), sx, sy, &mx, &my);
  ms_pixel_inspector_show_at (self, mx, my);
}

static void
on_leave (GtkEventControllerMotion *controller,
          MsPixelInspector         *self)
{
  show_text (self, NULL);
}

static void
detach (MsPixelInspector *self)
{
  if (self->view == NULL)
    return;
  gtk_widget_remove_controller (GTK_WIDGET (self->view), self->motion);
  g_object_remove_weak_pointer (G_OBJECT (self->view), (gpointer *) &self->view);
  self->view = NULL;
  self->motion = NULL;
}

void
ms_pixel_inspector_set_view (MsPixelInspector *self,
                             MsMapView        *view)
{
  g_return_if_fail (MS_IS_PIXEL_INSPECTOR (self));
  g_return_if_fail (view == NULL || MS_IS_MAP_VIEW (view));

  if (self->view == view)
    return;
  detach (self);
  show_text (self, NULL);
  if (view == NULL)
    return;
  self->view = view;
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &self->view);
  self->motion = gtk_event_controller_motion_new ();
  g_signal_connect (self->motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (self->motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (view), self->motion);
}

MsMapView *
ms_pixel_inspector_get_view (MsPixelInspector *self)
{
  g_return_val_if_fail (MS_IS_PIXEL_INSPECTOR (self), NULL);
  return self->view;
}

const char *
ms_pixel_inspector_get_text (MsPixelInspector *self)
{
  g_return_val_if_fail (MS_IS_PIXEL_INSPECTOR (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_text (GTK_LABEL (self->label)) : NULL;
}

GtkWidget *
ms_pixel_inspector_new (void)
{
  return g_object_new (MS_TYPE_PIXEL_INSPECTOR, NULL);
}

static void
ms_pixel_inspector_dispose (GObject *object)
{
  MsPixelInspector *self = MS_PIXEL_INSPECTOR (object);

  detach (self);
  g_clear_pointer (&self->label, gtk_widget_unparent);
  G_OBJECT_CLASS (ms_pixel_inspector_parent_class)->dispose (object);
}

static void
ms_pixel_inspector_class_init (MsPixelInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_pixel_inspector_dispose;

  /**
   * MsPixelInspector::pixel-read:
   *
   * The pointer moved and the blueprint was read for it.
   */
  signals[PIXEL_READ] = g_signal_new ("pixel-read", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pixelinspector");
}

static void
ms_pixel_inspector_init (MsPixelInspector *self)
{
  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-pixel-inspector.css");
  gtk_widget_add_css_class (GTK_WIDGET (self), "inspector");
  /* Drags over it still move the map. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
