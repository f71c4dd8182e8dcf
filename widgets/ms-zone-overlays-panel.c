/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built in code rather than from a template: the rows come from the flag
 * tables (model/zone/ms-zone-layer.h), and widgets/ links no resources.
 *
 * Widget names, for tests and the inspector: overlay-<name>-visible and
 * overlay-<name>-opacity (ms_zone_overlay_to_string ()), control-flag-<bit>,
 * control-swatch-<bit>, blocking-flag-<bit> and blocking-swatch-<bit> (bit
 * numbers, not masks), control-all, control-none, blocking-all,
 * blocking-none, tint-altitude, light-azimuth, contours-visible,
 * contour-interval, hillshade-multidirectional.
 */
#define G_LOG_DOMAIN "ms-zone-overlays-panel"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-colour.h"
#include "ms-relief-controls.h"
#include "ms-zone-layer.h"
#include "ms-zone-overlays-panel.h"

#define N_CONTROL_BITS 16
#define N_BLOCKING_BITS 8
#define SWATCH_SIZE 14

struct _MsZoneOverlaysPanel
{
  GtkWidget    parent_instance;

  GtkWidget   *scrolled;

  /* By bit number; NULL where the tables have no flag. */
  GtkCheckButton *overlay_checks[MS_ZONE_N_OVERLAYS];
  GtkRange       *overlay_scales[MS_ZONE_N_OVERLAYS];
  GtkCheckButton *control_checks[N_CONTROL_BITS];
  GtkCheckButton *blocking_checks[N_BLOCKING_BITS];
  GtkSwitch      *tint_switch;
  GtkRange       *azimuth_scale;
  GtkCheckButton *contours_check;
  GtkSpinButton  *contour_spin;
  GtkCheckButton *multi_check;

  MsZoneStyle  style;
  /* Set while the widgets are made to show self->style, so their signals
   * neither write back nor emit ::changed. */
  gboolean     syncing;
};

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsZoneOverlaysPanel, ms_zone_overlays_panel, GTK_TYPE_WIDGET)

typedef enum
{
  FLAG_KIND_CONTROL,
  FLAG_KIND_BLOCKING,
} FlagKind;

static void
emit_changed (MsZoneOverlaysPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static guint
widget_bit (gpointer widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "ms-bit"));
}

static void
sync_widgets (MsZoneOverlaysPanel *self)
{
  const MsZoneStyle *style = &self->style;

  self->syncing = TRUE;
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    {
      gtk_check_button_set_active (self->overlay_checks[i], (style->overlays & (1u << i)) != 0);
      gtk_range_set_value (self->overlay_scales[i], style->overlay_opacities[i]);
    }
  for (guint i = 0; i < N_CONTROL_BITS; i++)
    if (self->control_checks[i] != NULL)
      gtk_check_button_set_active (self->control_checks[i], (style->control_flags & (1u << i)) != 0);
  for (guint i = 0; i < N_BLOCKING_BITS; i++)
    if (self->blocking_checks[i] != NULL)
      gtk_check_button_set_active (self->blocking_checks[i], (style->blocking_flags & (1u << i)) != 0);
  gtk_switch_set_active (self->tint_switch, style->tint_altitude);
  gtk_range_set_value (self->azimuth_scale, style->light.azimuth_deg);
  /* Interval 0 is no lines; the spin button keeps its value meanwhile. */
  gtk_check_button_set_active (self->contours_check, style->contour_interval > 0.0f);
  if (style->contour_interval > 0.0f)
    gtk_spin_button_set_value (self->contour_spin, style->contour_interval);
  gtk_check_button_set_active (self->multi_check, style->light.multidirectional);
  self->syncing = FALSE;
}

/* ------------------------------------------------------------- overlays -- */

static void
on_overlay_toggled (GtkCheckButton      *check,
                    MsZoneOverlaysPanel *self)
{
  guint bit = widget_bit (check);

  if (self->syncing)
    return;
  if (gtk_check_button_get_active (check))
    self->style.overlays |= 1u << bit;
  else
    self->style.overlays &= ~(1u << bit);
  emit_changed (self);
}

static void
on_opacity_changed (GtkRange            *range,
                    MsZoneOverlaysPanel *self)
{
  float value = (float) gtk_range_get_value (range);
  guint bit = widget_bit (range);

  if (self->syncing || value == self->style.overlay_opacities[bit])
    return;
  self->style.overlay_opacities[bit] = value;
  emit_changed (self);
}

static GtkWidget *
make_legend_ramp (GtkDrawingAreaDrawFunc draw)
{
  /* The labels under it say what it means. */
  GtkWidget *area = g_object_new (GTK_TYPE_DRAWING_AREA,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                  NULL);

  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 10);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, NULL, NULL);
  gtk_widget_set_hexpand (area, TRUE);
  return area;
}

static void
fill_rgb (cairo_t *cr,
          MsRgb    c)
{
  /* Through bytes, so a swatch's pixels are the colour model's bytes
   * exactly, as every other output rounds them. */
  cairo_set_source_rgb (cr,
                        ms_colour_channel_to_byte (c.r) / 255.0,
                        ms_colour_channel_to_byte (c.g) / 255.0,
                        ms_colour_channel_to_byte (c.b) / 255.0);
}

static void
outline (cairo_t *cr,
         int      width,
         int      height)
{
  /* Pale colours need an edge against a pale sidebar. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_stroke (cr);
}

/* The sterile colour in a block at the left, a gap, then 1..255. */
static void
draw_spawn_ramp (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        user_data)
{
  int sterile = MIN (height + 2, width / 4);
  int ramp_x = sterile + 3;

  fill_rgb (cr, ms_colour_zone_spawn (0));
  cairo_rectangle (cr, 0, 0, sterile, height);
  cairo_fill (cr);
  outline (cr, sterile, height);

  for (int x = ramp_x; x < width; x++)
    {
      float t = width - ramp_x > 1 ? (float) (x - ramp_x) / (float) (width - ramp_x - 1) : 0;

      fill_rgb (cr, ms_colour_zone_spawn (1.0f + t * 254.0f));
      cairo_rectangle (cr, x, 0, 1, height);
      cairo_fill (cr);
    }
  cairo_translate (cr, ramp_x, 0);
  outline (cr, width - ramp_x, height);
}

/* 0..255 linearly, with a tick at the pass limit. */
static void
draw_slope_ramp (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        user_data)
{
  double limit_x;

  for (int x = 0; x < width; x++)
    {
      float t = width > 1 ? (float) x / (float) (width - 1) : 0;

      fill_rgb (cr, ms_colour_zone_slope (t * 255.0f));
      cairo_rectangle (cr, x, 0, 1, height);
      cairo_fill (cr);
    }
  outline (cr, width, height);

  limit_x = MS_ZONE_SLOPE_PASS_LIMIT / 255.0 * (width - 1);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_rectangle (cr, floor (limit_x), 0, 1, height);
  cairo_fill (cr);
}

static GtkWidget *
make_legend (GtkDrawingAreaDrawFunc  draw,
             const char             *left,
             const char             *right)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *start = gtk_label_new (left);
  GtkWidget *end = gtk_label_new (right);

  /* Longer translations wrap rather than widen the sidebar. */
  gtk_label_set_xalign (GTK_LABEL (start), 0);
  gtk_label_set_wrap (GTK_LABEL (start), TRUE);
  gtk_widget_set_hexpand (start, TRUE);
  gtk_label_set_xalign (GTK_LABEL (end), 1);
  gtk_label_set_justify (GTK_LABEL (end), GTK_JUSTIFY_RIGHT);
  gtk_label_set_wrap (GTK_LABEL (end), TRUE);
  gtk_widget_add_css_class (start, "caption");
  gtk_widget_add_css_class (start, "dim-label");
  gtk_widget_add_css_class (end, "caption");
  gtk_widget_add_css_class (end, "dim-label");
  gtk_box_append (GTK_BOX (labels), start);
  gtk_box_append (GTK_BOX (labels), end);

  gtk_box_append (GTK_BOX (box), make_legend_ramp (draw));
  gtk_box_append (GTK_BOX (box), labels);
  gtk_widget_set_margin_start (box, 28);
  return box;
}

static GtkWidget *
make_overlay_row (MsZoneOverlaysPanel *self,
                  MsZoneOverlays       overlay)
{
  static const struct
  {
    MsZoneOverlays overlay;
    const char *label;
    const char *tooltip;
    const char *opacity_name;
  } texts[] = {
    { MS_ZONE_OVERLAY_CONTROL, N_("_Control flags"),
      N_("Draw the control flags chosen below, each in its own colour"), N_("Control flags opacity") },
    { MS_ZONE_OVERLAY_BLOCKS, N_("_Blocking flags"),
      N_("Draw the blocking flags chosen below, each in its own colour"), N_("Blocking flags opacity") },
    { MS_ZONE_OVERLAY_PLANT_ALLOWED, N_("Plant-allo_wed"),
      N_("Tint the tiles whose control flags let plants grow"), N_("Plant-allowed opacity") },
    { MS_ZONE_OVERLAY_PLANTS, N_("_Plant types"),
      N_("Draw the live plants, coloured by type"), N_("Plant types opacity") },
    { MS_ZONE_OVERLAY_SLOPE, N_("_Slope"),
      N_("Draw the server’s slope: green passes its check, yellow to maroon fails it"),
      N_("Slope opacity") },
    { MS_ZONE_OVERLAY_SPAWN, N_("Spawn _heat"),
      N_("Draw each tile’s chance to sprout a plant, cold (blue) to hot (red)"),
      N_("Spawn heat opacity") },
  };
  guint bit = g_bit_nth_lsf (overlay, -1);
  const char *id = ms_zone_overlay_to_string (overlay);
  g_autofree char *check_name = g_strdup_printf ("overlay-%s-visible", id);
  g_autofree char *scale_name = g_strdup_printf ("overlay-%s-opacity", id);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *vbox = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *check, *scale;
  guint t;

  for (t = 0; t < G_N_ELEMENTS (texts); t++)
    if (texts[t].overlay == overlay)
      break;
  g_assert (t < G_N_ELEMENTS (texts));

  check = gtk_check_button_new_with_mnemonic (_(texts[t].label));
  scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0.0, 1.0, 0.05);

  /* Tab goes straight to the check button and the scale. */
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_margin_start (vbox, 6);
  gtk_widget_set_margin_end (vbox, 6);
  gtk_widget_set_margin_top (vbox, 2);
  gtk_widget_set_margin_bottom (vbox, 2);

  gtk_widget_set_name (check, check_name);
  gtk_widget_set_tooltip_text (check, _(texts[t].tooltip));
  g_object_set_data (G_OBJECT (check), "ms-bit", GUINT_TO_POINTER (bit));
  g_signal_connect (check, "toggled", G_CALLBACK (on_overlay_toggled), self);

  gtk_widget_set_name (scale, scale_name);
  gtk_widget_set_hexpand (scale, TRUE);
  /* A trough long enough to drag: beside the longest name in a narrow
   * panel it was left some 40 px. */
  gtk_widget_set_size_request (scale, 120, -1);
  gtk_scale_set_digits (GTK_SCALE (scale), 2);
  gtk_scale_set_draw_value (GTK_SCALE (scale), TRUE);
  gtk_scale_set_value_pos (GTK_SCALE (scale), GTK_POS_RIGHT);
  gtk_range_set_increments (GTK_RANGE (scale), 0.05, 0.1);
  gtk_widget_set_tooltip_text (scale, _(texts[t].opacity_name));
  gtk_accessible_update_property (GTK_ACCESSIBLE (scale), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(texts[t].opacity_name), -1);
  g_object_set_data (G_OBJECT (scale), "ms-bit", GUINT_TO_POINTER (bit));
  g_signal_connect (scale, "value-changed", G_CALLBACK (on_opacity_changed), self);
  /* A hidden overlay's opacity still applies when it is shown again. */
  g_object_bind_property (check, "active", scale, "sensitive", G_BINDING_SYNC_CREATE);

  self->overlay_checks[bit] = GTK_CHECK_BUTTON (check);
  self->overlay_scales[bit] = GTK_RANGE (scale);

  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), scale);
  gtk_box_append (GTK_BOX (vbox), box);

  if (overlay == MS_ZONE_OVERLAY_SPAWN)
    gtk_box_append (GTK_BOX (vbox), make_legend (draw_spawn_ramp,
                                                 /* Translators: spawn byte 0, a tile that never sprouts. */
                                                 _("0 = sterile"),
                                                 /* xgettext:no-c-format */
                                                 /* Translators: spawn byte 255 is a 255 / 256 chance per
                                                  * attempt; keep the no-break space before %. */
                                                 _("255 ≈ 99.6 % per attempt")));
  else if (overlay == MS_ZONE_OVERLAY_SLOPE)
    {
      /* Translators: %d is the server's slope limit; a tile passes below it. */
      g_autofree char *pass = g_strdup_printf (_("pass < %d"), MS_ZONE_SLOPE_PASS_LIMIT);

      gtk_box_append (GTK_BOX (vbox), make_legend (draw_slope_ramp, pass, "255"));
    }

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), vbox);
  return row;
}

/* ---------------------------------------------------------------- relief -- */

static void
on_tint_changed (GtkSwitch           *sw,
                 GParamSpec          *pspec,
                 MsZoneOverlaysPanel *self)
{
  if (self->syncing)
    return;
  self->style.tint_altitude = gtk_switch_get_active (sw);
  emit_changed (self);
}

static void
on_azimuth_changed (GtkRange            *range,
                    MsZoneOverlaysPanel *self)
{
  float value = (float) gtk_range_get_value (range);

  if (self->syncing || value == self->style.light.azimuth_deg)
    return;
  {
    gboolean multi = self->style.light.multidirectional;

    ms_light_init (&self->style.light, value, self->style.light.altitude_deg);
    self->style.light.multidirectional = multi;
  }
  emit_changed (self);
}

static void
on_contours_changed (MsZoneOverlaysPanel *self)
{
  if (self->syncing)
    return;
  self->style.contour_interval = gtk_check_button_get_active (self->contours_check)
                                   ? (float) gtk_spin_button_get_value (self->contour_spin)
                                   : 0.0f;
  emit_changed (self);
}

static void
on_multi_toggled (GtkCheckButton      *check,
                  MsZoneOverlaysPanel *self)
{
  if (self->syncing)
    return;
  self->style.light.multidirectional = gtk_check_button_get_active (check);
  emit_changed (self);
}

static char *
format_degrees (GtkScale *scale,
                double    value,
                gpointer  user_data)
{
  /* Translators: a compass bearing in degrees. */
  return g_strdup_printf (_("%.0f°"), value);
}

/* Contours (a check and the interval) on grid row @top, the
 * multidirectional light under them. */
static void
make_contour_controls (MsZoneOverlaysPanel *self,
                       GtkWidget           *grid,
                       int                  top)
{
  GtkWidget *check = gtk_check_button_new_with_mnemonic (_("_Contours"));
  GtkWidget *spin = ms_contour_interval_spin_new (0.25, 1000.0, 1.0, _("height units (altitude / 32)"));
  GtkWidget *multi = ms_multidirectional_check_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_name (check, "contours-visible");
  gtk_widget_set_tooltip_text (check, _("Draw contour lines over the relief"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 4.0);
  g_object_bind_property (check, "active", spin, "sensitive", G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_contours_changed), self);
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (on_contours_changed), self);
  g_signal_connect (multi, "toggled", G_CALLBACK (on_multi_toggled), self);

  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), spin);
  gtk_grid_attach (GTK_GRID (grid), box, 0, top, 2, 1);
  /* A row of its own: beside the interval it widened the panel. */
  gtk_grid_attach (GTK_GRID (grid), multi, 0, top + 1, 2, 1);
  self->contours_check = GTK_CHECK_BUTTON (check);
  self->contour_spin = GTK_SPIN_BUTTON (spin);
  self->multi_check = GTK_CHECK_BUTTON (multi);
}

static GtkWidget *
make_relief_row (MsZoneOverlaysPanel *self)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *tint_label = gtk_label_new_with_mnemonic (_("_Tint by altitude"));
  GtkWidget *tint = gtk_switch_new ();
  GtkWidget *light_label = gtk_label_new_with_mnemonic (_("Light _direction"));
  GtkWidget *azimuth = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0.0, 360.0, 5.0);
  GtkWidget *caption = gtk_label_new (_("The altitude relief, under every overlay"));

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_widget_set_margin_start (grid, 6);
  gtk_widget_set_margin_end (grid, 6);
  gtk_widget_set_margin_top (grid, 4);
  gtk_widget_set_margin_bottom (grid, 4);

  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");

  gtk_label_set_xalign (GTK_LABEL (tint_label), 0);
  gtk_widget_set_hexpand (tint_label, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (tint_label), tint);
  gtk_widget_set_name (tint, "tint-altitude");
  gtk_widget_set_halign (tint, GTK_ALIGN_END);
  gtk_widget_set_valign (tint, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (tint, _("Colour the relief by altitude; off, a grey relief"));
  g_signal_connect (tint, "notify::active", G_CALLBACK (on_tint_changed), self);

  gtk_label_set_xalign (GTK_LABEL (light_label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (light_label), azimuth);
  gtk_widget_set_name (azimuth, "light-azimuth");
  gtk_widget_set_hexpand (azimuth, TRUE);
  gtk_scale_set_draw_value (GTK_SCALE (azimuth), TRUE);
  gtk_scale_set_value_pos (GTK_SCALE (azimuth), GTK_POS_RIGHT);
  gtk_scale_set_format_value_func (GTK_SCALE (azimuth), format_degrees, NULL, NULL);
  gtk_range_set_increments (GTK_RANGE (azimuth), 5.0, 45.0);
  gtk_widget_set_tooltip_text (azimuth,
                               _("Where the light comes from, clockwise from north; 315° is north-west"));
  g_signal_connect (azimuth, "value-changed", G_CALLBACK (on_azimuth_changed), self);

  self->tint_switch = GTK_SWITCH (tint);
  self->azimuth_scale = GTK_RANGE (azimuth);

  gtk_grid_attach (GTK_GRID (grid), caption, 0, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), tint_label, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), tint, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), light_label, 0, 2, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), azimuth, 0, 3, 2, 1);
  make_contour_controls (self, grid, 4);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), grid);
  return row;
}

/* ----------------------------------------------------------------- flags -- */

static void
on_flag_toggled (GtkCheckButton      *check,
                 MsZoneOverlaysPanel *self)
{
  FlagKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "ms-kind"));
  guint mask = 1u << widget_bit (check);
  gboolean on = gtk_check_button_get_active (check);

  if (self->syncing)
    return;
  if (kind == FLAG_KIND_CONTROL)
    self->style.control_flags = on ? self->style.control_flags | mask : self->style.control_flags & ~mask;
  else
    self->style.blocking_flags = on ? self->style.blocking_flags | mask : self->style.blocking_flags & ~mask;
  emit_changed (self);
}

/* "All" includes the bits no flag uses, as the default style does, so a
 * stray bit in a file still shows (in magenta); "None" clears them too. */
static void
set_all_flags (MsZoneOverlaysPanel *self,
               FlagKind             kind,
               gboolean             on)
{
  if (kind == FLAG_KIND_CONTROL)
    {
      guint16 flags = on ? G_MAXUINT16 : 0;

      if (flags == self->style.control_flags)
        return;
      self->style.control_flags = flags;
    }
  else
    {
      guint8 flags = on ? G_MAXUINT8 : 0;

      if (flags == self->style.blocking_flags)
        return;
      self->style.blocking_flags = flags;
    }
  sync_widgets (self);
  emit_changed (self);
}

static void
on_all_clicked (GtkButton           *button,
                MsZoneOverlaysPanel *self)
{
  set_all_flags (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ms-kind")), TRUE);
}

static void
on_none_clicked (GtkButton           *button,
                 MsZoneOverlaysPanel *self)
{
  set_all_flags (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ms-kind")), FALSE);
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  FlagKind kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "ms-kind"));
  guint bit = widget_bit (area);

  fill_rgb (cr, kind == FLAG_KIND_CONTROL ? ms_colour_zone_control (bit) : ms_colour_zone_blocking (bit));
  cairo_paint (cr);
  outline (cr, width, height);
}

static GtkWidget *
make_flag_row (MsZoneOverlaysPanel  *self,
               FlagKind              kind,
               const MsZoneFlagInfo *info)
{
  const char *prefix = kind == FLAG_KIND_CONTROL ? "control" : "blocking";
  guint bit = g_bit_nth_lsf (info->bit, -1);
  g_autofree char *check_name = g_strdup_printf ("%s-flag-%u", prefix, bit);
  g_autofree char *swatch_name = g_strdup_printf ("%s-swatch-%u", prefix, bit);
  g_autofree char *tooltip = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  /* Decoration: the check button beside it names the flag. */
  GtkWidget *swatch = g_object_new (GTK_TYPE_DRAWING_AREA,
                                    "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                    NULL);
  /* The server's names: they are what the game's files and logs say. */
  GtkWidget *check = gtk_check_button_new_with_label (info->name);

  if (kind == FLAG_KIND_CONTROL)
    /* Translators: %s is a TerrainControlFlags name such as AntiPlant;
     * then its bit number and its value as a mask. */
    tooltip = g_strdup_printf (_("Show the control flag %s (bit %u, value 0x%04X)"),
                               info->name, bit, (guint) info->bit);
  else
    /* Translators: %s is a BlockingFlags name such as Obstacle; then its
     * bit number and its value as a mask. */
    tooltip = g_strdup_printf (_("Show the blocking flag %s (bit %u, value 0x%02X)"),
                               info->name, bit, (guint) info->bit);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, FALSE);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 6);

  gtk_widget_set_name (swatch, swatch_name);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), SWATCH_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), SWATCH_SIZE);
  gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (swatch), "ms-bit", GUINT_TO_POINTER (bit));
  g_object_set_data (G_OBJECT (swatch), "ms-kind", GUINT_TO_POINTER (kind));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);

  gtk_widget_set_name (check, check_name);
  gtk_widget_set_hexpand (check, TRUE);
  gtk_widget_set_tooltip_text (check, tooltip);
  g_object_set_data (G_OBJECT (check), "ms-bit", GUINT_TO_POINTER (bit));
  g_object_set_data (G_OBJECT (check), "ms-kind", GUINT_TO_POINTER (kind));
  g_signal_connect (check, "toggled", G_CALLBACK (on_flag_toggled), self);

  if (kind == FLAG_KIND_CONTROL)
    self->control_checks[bit] = GTK_CHECK_BUTTON (check);
  else
    self->blocking_checks[bit] = GTK_CHECK_BUTTON (check);

  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static GtkWidget *
make_heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
make_list (void)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "frame");
  return list;
}

static void
append_flags_section (MsZoneOverlaysPanel *self,
                      GtkBox              *parent,
                      FlagKind             kind)
{
  const char *prefix = kind == FLAG_KIND_CONTROL ? "control" : "blocking";
  g_autofree char *all_name = g_strdup_printf ("%s-all", prefix);
  g_autofree char *none_name = g_strdup_printf ("%s-none", prefix);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *all, *none;
  GtkWidget *list = make_list ();
  const MsZoneFlagInfo *flags;
  guint n_flags;

  if (kind == FLAG_KIND_CONTROL)
    {
      flags = ms_zone_control_flags (&n_flags);
      gtk_box_append (GTK_BOX (header), make_heading (_("Control flags")));
      /* The two sections underline different letters, so each key has one target. */
      all = gtk_button_new_with_mnemonic (_("_All"));
      none = gtk_button_new_with_mnemonic (_("_None"));
      gtk_widget_set_tooltip_text (all, _("Show every control flag"));
      gtk_widget_set_tooltip_text (none, _("Hide every control flag"));
    }
  else
    {
      flags = ms_zone_blocking_flags (&n_flags);
      gtk_box_append (GTK_BOX (header), make_heading (_("Blocking flags")));
      all = gtk_button_new_with_mnemonic (_("A_ll"));
      none = gtk_button_new_with_mnemonic (_("N_one"));
      gtk_widget_set_tooltip_text (all, _("Show every blocking flag"));
      gtk_widget_set_tooltip_text (none, _("Hide every blocking flag"));
    }

  gtk_widget_add_css_class (buttons, "linked");
  gtk_widget_set_valign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_name (all, all_name);
  gtk_widget_set_name (none, none_name);
  g_object_set_data (G_OBJECT (all), "ms-kind", GUINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (none), "ms-kind", GUINT_TO_POINTER (kind));
  g_signal_connect (all, "clicked", G_CALLBACK (on_all_clicked), self);
  g_signal_connect (none, "clicked", G_CALLBACK (on_none_clicked), self);
  gtk_box_append (GTK_BOX (buttons), all);
  gtk_box_append (GTK_BOX (buttons), none);
  gtk_box_append (GTK_BOX (header), buttons);

  for (guint i = 0; i < n_flags; i++)
    gtk_list_box_append (GTK_LIST_BOX (list), make_flag_row (self, kind, &flags[i]));

  gtk_widget_set_margin_top (header, 12);
  gtk_box_append (parent, header);
  gtk_box_append (parent, list);
}

/* ------------------------------------------------------------------ API -- */

void
ms_zone_overlays_panel_set_style (MsZoneOverlaysPanel *self,
                                  const MsZoneStyle   *style)
{
  g_return_if_fail (MS_IS_ZONE_OVERLAYS_PANEL (self));
  g_return_if_fail (style != NULL);

  self->style = *style;
  sync_widgets (self);
}

void
ms_zone_overlays_panel_get_style (MsZoneOverlaysPanel *self,
                                  MsZoneStyle         *out)
{
  g_return_if_fail (MS_IS_ZONE_OVERLAYS_PANEL (self));
  g_return_if_fail (out != NULL);

  *out = self->style;
}

static void
ms_zone_overlays_panel_dispose (GObject *object)
{
  MsZoneOverlaysPanel *self = MS_ZONE_OVERLAYS_PANEL (object);

  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  G_OBJECT_CLASS (ms_zone_overlays_panel_parent_class)->dispose (object);
}

static void
ms_zone_overlays_panel_class_init (MsZoneOverlaysPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_zone_overlays_panel_dispose;

  /**
   * MsZoneOverlaysPanel::changed:
   *
   * The user changed the style; read it with ms_zone_overlays_panel_get_style ().
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "zoneoverlayspanel");
}

static void
ms_zone_overlays_panel_init (MsZoneOverlaysPanel *self)
{
  /* Top of the composite first (MsZoneOverlays numbers them bottom first). */
  static const MsZoneOverlays order[MS_ZONE_N_OVERLAYS] = {
    MS_ZONE_OVERLAY_CONTROL,
    MS_ZONE_OVERLAY_BLOCKS,
    MS_ZONE_OVERLAY_PLANT_ALLOWED,
    MS_ZONE_OVERLAY_PLANTS,
    MS_ZONE_OVERLAY_SLOPE,
    MS_ZONE_OVERLAY_SPAWN,
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *list = make_list ();
  g_autoptr(GtkSizeGroup) checks = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  GtkWidget *hint;

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scrolled, TRUE);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);

  gtk_box_append (GTK_BOX (box), make_heading (_("Overlays")));
  hint = gtk_label_new (_("Drawn in this order, the top row over the others"));
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_widget_add_css_class (hint, "caption");
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_box_append (GTK_BOX (box), hint);
  /* The relief row and the legends need the rows told apart. */
  gtk_list_box_set_show_separators (GTK_LIST_BOX (list), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    gtk_list_box_append (GTK_LIST_BOX (list), make_overlay_row (self, order[i]));
  /* The sliders in one column, as wide as the longest name lets them:
   * the panel stays narrow enough to leave the map most of an 800 px
   * window. */
  for (guint bit = 0; bit < MS_ZONE_N_OVERLAYS; bit++)
    if (self->overlay_checks[bit] != NULL)
      gtk_size_group_add_widget (checks, GTK_WIDGET (self->overlay_checks[bit]));
  gtk_list_box_append (GTK_LIST_BOX (list), make_relief_row (self));
  gtk_box_append (GTK_BOX (box), list);

  append_flags_section (self, GTK_BOX (box), FLAG_KIND_CONTROL);
  append_flags_section (self, GTK_BOX (box), FLAG_KIND_BLOCKING);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), box);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  ms_zone_style_init (&self->style);
  sync_widgets (self);
}

GtkWidget *
ms_zone_overlays_panel_new (void)
{
  return g_object_new (MS_TYPE_ZONE_OVERLAYS_PANEL, NULL);
}
