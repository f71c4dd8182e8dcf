/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The key to the blueprint layers shown, under the layer panel: what a
 * colour means where the colour alone cannot say (a biome, a hole in the
 * heights, the slope ramp's degrees).  The height ramps explain themselves
 * by the hover readout.
 */
#define G_LOG_DOMAIN "ms-map-legend"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-colour.h"
#include "ms-map-legend.h"

#define SWATCH_SIZE 14

struct _MsMapLegend
{
  GtkWidget    parent_instance;

  GtkWidget   *box;
  GtkWidget   *biomes;      /* heading and grid */
  GtkGrid     *biome_grid;
  GtkWidget   *slope;       /* heading and grid */
  GtkWidget   *no_data;
  MsProfile   *profile;
  gboolean     show_biomes;
  gboolean     show_slope;
  gboolean     show_no_data;
};

G_DEFINE_FINAL_TYPE (MsMapLegend, ms_map_legend, GTK_TYPE_WIDGET)

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const MsRgb *c = g_object_get_data (G_OBJECT (area), "ms-colour");

  /* Through bytes, so the swatch is the map's pixel exactly. */
  cairo_set_source_rgb (cr, ms_colour_channel_to_byte (c->r) / 255.0, ms_colour_channel_to_byte (c->g) / 255.0,
                        ms_colour_channel_to_byte (c->b) / 255.0);
  cairo_paint (cr);
  /* Pale colours (Snow) need an edge against a pale sidebar. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_stroke (cr);
}

/* A swatch and its name, the row named @name and its swatch @name-swatch. */
static GtkWidget *
make_entry (const char *name,
            MsRgb       colour,
            const char *text,
            const char *tooltip)
{
  g_autofree char *swatch_name = g_strdup_printf ("%s-swatch", name);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Decoration: the label beside it says what it is. */
  GtkWidget *swatch = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                    NULL);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_set_name (row, name);
  gtk_widget_set_name (swatch, swatch_name);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), SWATCH_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), SWATCH_SIZE);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (swatch), "ms-colour", g_memdup2 (&colour, sizeof colour), g_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (row, tooltip != NULL ? tooltip : text);
  gtk_box_append (GTK_BOX (row), swatch);
  gtk_box_append (GTK_BOX (row), label);
  return row;
}

static void
update_visibility (MsMapLegend *self)
{
  gboolean biomes = self->show_biomes && self->profile != NULL;

  gtk_widget_set_visible (self->biomes, biomes);
  gtk_widget_set_visible (self->slope, self->show_slope);
  gtk_widget_set_visible (self->no_data, self->show_no_data);
  gtk_widget_set_visible (GTK_WIDGET (self), biomes || self->show_slope || self->show_no_data);
}

/* A heading over a two-column grid, in @box (named @name). */
static GtkGrid *
add_section (GtkWidget  **box,
             const char  *name,
             const char  *title)
{
  GtkWidget *heading = gtk_label_new (title);
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_name (*box, name);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (*box), heading);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_grid_set_row_spacing (grid, 2);
  gtk_grid_set_column_homogeneous (grid, TRUE);
  gtk_box_append (GTK_BOX (*box), GTK_WIDGET (grid));
  return grid;
}

/* The slope ramp's stops, in the order of the ramp, each its degrees; the
 * last covers everything steeper. */
static void
fill_slope (GtkGrid *grid)
{
  guint n;
  const MsColourStop *stops = ms_colour_get_slope_stops (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("legend-slope-%u", i);
      /* TRANSLATORS: a slope in degrees, the slope legend's key */
      g_autofree char *text = i + 1 < n ? g_strdup_printf (_("%g°"), (double) stops[i].at)
                                        : g_strdup_printf (_("%g° and steeper"), (double) stops[i].at);

      gtk_grid_attach (grid, make_entry (name, stops[i].colour, text,
                                         _("The ground’s slope by Horn’s method, at the detail drawn: zoomed out, "
                                           "a cell spans several map pixels and reads gentler")),
                       (int) (i % 2), (int) (i / 2), 1, 1);
    }
}

/* Two columns, in ordinal order: twelve biomes take six lines. */
static void
fill_biomes (MsMapLegend *self)
{
  GtkWidget *child;
  guint n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->biome_grid))) != NULL)
    gtk_grid_remove (self->biome_grid, child);
  if (self->profile == NULL)
    return;
  n = ms_profile_get_count (self->profile, MS_PROFILE_BIOMES);
  for (guint i = 0; i < n; i++)
    {
      const MsProfileEntry *entry = ms_profile_get_entry (self->profile, MS_PROFILE_BIOMES, i);
      g_autofree char *name = g_strdup_printf ("legend-biome-%u", i);
      MsRgb colour = ms_colour_from_bytes (entry->red, entry->green, entry->blue);

      gtk_grid_attach (self->biome_grid, make_entry (name, colour, entry->name, NULL), (int) (i % 2), (int) (i / 2),
                       1, 1);
    }
}

void
ms_map_legend_set_profile (MsMapLegend *self,
                           MsProfile   *profile)
{
  g_return_if_fail (MS_IS_MAP_LEGEND (self));
  g_return_if_fail (profile == NULL || MS_IS_PROFILE (profile));

  if (!g_set_object (&self->profile, profile))
    return;
  fill_biomes (self);
  update_visibility (self);
}

void
ms_map_legend_set_style (MsMapLegend            *self,
                         const MsBlueprintStyle *style)
{
  float op[MS_N_STACK_LAYERS];

  g_return_if_fail (MS_IS_MAP_LEGEND (self));
  g_return_if_fail (style != NULL);

  /* What is drawn, as the renderers read the stack (0: not drawn). */
  ms_blueprint_style_get_opacities (style, op);
  self->show_biomes = op[MS_STACK_BIOME] > 0.0f;
  self->show_slope = op[MS_STACK_SLOPE] > 0.0f;
  self->show_no_data = op[MS_STACK_HEIGHT] > 0.0f || op[MS_STACK_SLOPE] > 0.0f || op[MS_STACK_HILLSHADE] > 0.0f;
  update_visibility (self);
}

GtkWidget *
ms_map_legend_new (void)
{
  return g_object_new (MS_TYPE_MAP_LEGEND, NULL);
}

static void
ms_map_legend_dispose (GObject *object)
{
  MsMapLegend *self = MS_MAP_LEGEND (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->profile);
  G_OBJECT_CLASS (ms_map_legend_parent_class)->dispose (object);
}

static void
ms_map_legend_class_init (MsMapLegendClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ms_map_legend_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "maplegend");
}

static void
ms_map_legend_init (MsMapLegend *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->biome_grid = add_section (&self->biomes, "legend-biomes", _("Biomes"));
  gtk_box_append (GTK_BOX (self->box), self->biomes);
  fill_slope (add_section (&self->slope, "legend-slope", _("Slope")));
  gtk_box_append (GTK_BOX (self->box), self->slope);

  self->no_data = make_entry ("legend-no-data", MS_COLOUR_NO_DATA, _("No data"),
                              _("No height in the file here (NaN or infinite)"));
  gtk_box_append (GTK_BOX (self->box), self->no_data);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Legend"), -1);
  update_visibility (self);
}
