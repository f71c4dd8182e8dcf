/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D page both windows show in place of their 2D view: the terrain
 * view under an on-screen exaggeration scale.  Built in code, not a
 * template: three widgets and one binding.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ms-terrain-pane.h"

struct _MsTerrainPane
{
  GtkWidget      parent_instance;

  GtkWidget     *overlay;
  MsTerrainView *view;
  GtkWidget     *scale;
};

G_DEFINE_FINAL_TYPE (MsTerrainPane, ms_terrain_pane, GTK_TYPE_WIDGET)

MsTerrainView *
ms_terrain_pane_get_view (MsTerrainPane *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_PANE (self), NULL);
  return self->view;
}

GtkRange *
ms_terrain_pane_get_exaggeration_scale (MsTerrainPane *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_PANE (self), NULL);
  return GTK_RANGE (self->scale);
}

/* The scale moves in log10 (exaggeration), the view's whole range
 * (0.05× to 50×): 1× sits in its middle, and ] and [ never push the view
 * past what the scale can hold. */
static gboolean
to_log (GBinding     *binding,
        const GValue *from,
        GValue       *to,
        gpointer      user_data)
{
  g_value_set_double (to, log10 (g_value_get_double (from)));
  return TRUE;
}

static gboolean
from_log (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      user_data)
{
  g_value_set_double (to, pow (10.0, g_value_get_double (from)));
  return TRUE;
}

static char *
format_times (GtkScale *scale,
              double    value,
              gpointer  user_data)
{
  return g_strdup_printf ("%.2g×", pow (10.0, value));
}

void
ms_terrain_pane_look_from (MsTerrainPane   *self,
                           MsTerrainSource *source,
                           MsViewport      *viewport)
{
  double cx, cy;

  g_return_if_fail (MS_IS_TERRAIN_PANE (self));

  ms_terrain_view_set_source (self->view, source);
  if (source == NULL || viewport == NULL)
    return;
  ms_viewport_get_centre (viewport, &cx, &cy);
  ms_terrain_view_look_at (self->view, cx, cy);
}

GtkWidget *
ms_terrain_pane_new (void)
{
  return g_object_new (MS_TYPE_TERRAIN_PANE, NULL);
}

static void
ms_terrain_pane_dispose (GObject *object)
{
  MsTerrainPane *self = MS_TERRAIN_PANE (object);

  g_clear_pointer (&self->overlay, gtk_widget_unparent);
  G_OBJECT_CLASS (ms_terrain_pane_parent_class)->dispose (object);
}

static void
ms_terrain_pane_class_init (MsTerrainPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_terrain_pane_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "terrainpane");
}

static void
ms_terrain_pane_init (MsTerrainPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Height"));

  self->overlay = gtk_overlay_new ();
  gtk_widget_set_parent (self->overlay, GTK_WIDGET (self));
  self->view = MS_TERRAIN_VIEW (ms_terrain_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  gtk_overlay_set_child (GTK_OVERLAY (self->overlay), GTK_WIDGET (self->view));

  self->scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, log10 (0.05), log10 (50.0), 0.05);
  gtk_widget_set_name (self->scale, "exaggeration-scale");
  gtk_widget_set_size_request (self->scale, 160, -1);
  gtk_scale_set_format_value_func (GTK_SCALE (self->scale), format_times, NULL, NULL);
  gtk_scale_set_draw_value (GTK_SCALE (self->scale), TRUE);
  gtk_scale_set_value_pos (GTK_SCALE (self->scale), GTK_POS_RIGHT);
  gtk_widget_set_tooltip_text (self->scale, _("Vertical exaggeration (] and [)"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->scale);
  g_object_bind_property_full (self->view, "exaggeration", gtk_range_get_adjustment (GTK_RANGE (self->scale)),
                               "value", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               to_log, from_log, NULL, NULL);

  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), self->scale);
  gtk_widget_add_css_class (box, "osd");
  gtk_widget_add_css_class (box, "toolbar");
  gtk_widget_set_halign (box, GTK_ALIGN_END);
  gtk_widget_set_valign (box, GTK_ALIGN_END);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_overlay_add_overlay (GTK_OVERLAY (self->overlay), box);
}
