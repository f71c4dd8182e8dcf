/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hypsometric curves of the seed gallery's selection, in one plot.
 * Everything is laid out from the widget's size and its font in
 * compute_layout (), which the snapshot and ms_hypsometric_plot_get_plot_area ()
 * share, so a test computes the pixels a height lands on from the same
 * rectangle the curves were drawn in.  Lines go through cairo, text through
 * the snapshot so that it is rendered like every other label.
 */
#define G_LOG_DOMAIN "ms-hypsometric-plot"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-chart.h"
#include "ms-hypsometric-plot.h"

#define PAD                 8.0
#define TICK                4.0
#define GAP                 4.0
#define LINE_WIDTH          2.0
#define X_INTERVALS         4      /* 0, 25, 50, 75, 100 % */
#define MAX_Y_INTERVALS     5.0
#define LEGEND_GAP          16.0   /* between the plot and the legend */
#define LEGEND_PAD          8.0
#define LEGEND_SWATCH_W     16.0
#define LEGEND_SWATCH_H     4.0
#define LEGEND_ROW_SPACING  4.0
#define LEGEND_LABEL_MAX    160    /* px; longer labels are ellipsized */
#define MIN_WIDTH           320
#define MIN_HEIGHT          200

typedef struct
{
  char   *label;
  double *heights;
  guint   n;
} Curve;

struct _MsHypsometricPlot
{
  GtkWidget  parent_instance;

  GPtrArray *curves;   /* of Curve */
  /* The finite heights' range over every curve; lo > hi while there is none. */
  double     lo, hi;
};

typedef struct
{
  graphene_rect_t plot;
  graphene_rect_t legend;
  double          y_min, y_max, y_step;
  guint           y_intervals;
  int             line_height;
  double          legend_row_height;
} Layout;

G_DEFINE_FINAL_TYPE (MsHypsometricPlot, ms_hypsometric_plot, GTK_TYPE_WIDGET)

static void
curve_free (gpointer data)
{
  Curve *curve = data;

  g_free (curve->label);
  g_free (curve->heights);
  g_free (curve);
}

void
ms_hypsometric_plot_get_series_colour (guint    i,
                                       GdkRGBA *colour)
{
  ms_chart_get_series_colour (i, colour);
}

/* ---------------------------------------------------------------- maths --- */

double
ms_hypsometric_plot_choose_axis (double  lo,
                                 double  hi,
                                 double *axis_min,
                                 double *axis_max)
{
  double step;

  g_return_val_if_fail (isfinite (lo) && isfinite (hi) && lo <= hi, 0.0);

  /* A flat map still gets an axis with its height inside. */
  if (hi - lo < 1.0)
    {
      double middle = (lo + hi) / 2.0;

      lo = middle - 0.5;
      hi = middle + 0.5;
    }
  /* Heights come in whole metres: no axis in centimetres. */
  step = ms_chart_nice_step (hi - lo, MAX_Y_INTERVALS, 1.0);

  /* The epsilons keep a height that is a multiple of the step on the axis's
   * end instead of a step beyond it. */
  if (axis_min != NULL)
    *axis_min = floor (lo / step + 1e-9) * step;
  if (axis_max != NULL)
    *axis_max = ceil (hi / step - 1e-9) * step;
  return step;
}

/* "2,000 m" in the user's locale (the ' flag groups thousands); decimals
 * only where the step has them. */
static char *
format_height (double metres,
               double step)
{
  int decimals = step >= 1.0 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  /* Never "-0 m". */
  if (fabs (metres) < step * 1e-6)
    metres = 0.0;
  /* Translators: a height on the hypsometric plot's axis, in metres; keep
   * the ' (thousands grouped) */
  return g_strdup_printf (_("%'.*f m"), decimals, metres);
}

static char *
format_share (int percent)
{
  /* Translators: a share of a map's area on the hypsometric plot's axis */
  return g_strdup_printf (_("%d %%"), percent);
}

/* --------------------------------------------------------------- layout --- */

static PangoLayout *
create_layout (MsHypsometricPlot *self,
               const char        *text)
{
  return gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
}

static int
text_width (MsHypsometricPlot *self,
            const char        *text,
            int               *height)
{
  g_autoptr(PangoLayout) layout = create_layout (self, text);
  int width;

  pango_layout_get_pixel_size (layout, &width, height);
  return width;
}

static PangoLayout *
create_legend_layout (MsHypsometricPlot *self,
                      const char        *label)
{
  PangoLayout *layout = create_layout (self, label);

  pango_layout_set_width (layout, LEGEND_LABEL_MAX * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* The margins around the plot area, which are the same at every size:
 * tick labels and the height title on the left and top, the share labels
 * and title below, then the legend.  FALSE with no data. */
static gboolean
compute_margins (MsHypsometricPlot *self,
                 Layout            *l,
                 double            *left,
                 double            *top,
                 double            *right,
                 double            *bottom)
{
  g_autofree char *last_share = format_share (100);
  int label_max = 0, legend_label_max = 0, w100;
  double legend_width;

  memset (l, 0, sizeof *l);
  if (self->curves->len == 0 || self->lo > self->hi)
    return FALSE;

  l->y_step = ms_hypsometric_plot_choose_axis (self->lo, self->hi, &l->y_min, &l->y_max);
  l->y_intervals = (guint) round ((l->y_max - l->y_min) / l->y_step);
  for (guint k = 0; k <= l->y_intervals; k++)
    {
      g_autofree char *text = format_height (l->y_min + k * l->y_step, l->y_step);

      label_max = MAX (label_max, text_width (self, text, &l->line_height));
    }
  w100 = text_width (self, last_share, NULL);

  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *curve = g_ptr_array_index (self->curves, i);
      g_autoptr(PangoLayout) layout = create_legend_layout (self, curve->label);
      int w;

      pango_layout_get_pixel_size (layout, &w, NULL);
      legend_label_max = MAX (legend_label_max, w);
    }
  l->legend_row_height = MAX ((double) l->line_height, LEGEND_SWATCH_H);
  legend_width = 2 * LEGEND_PAD + LEGEND_SWATCH_W + 1.5 * GAP + legend_label_max;
  l->legend.size.width = (float) ceil (legend_width);
  l->legend.size.height = (float) ceil (2 * LEGEND_PAD + self->curves->len * l->legend_row_height +
                                        (self->curves->len - 1) * LEGEND_ROW_SPACING);

  *left = ceil (PAD + label_max + GAP + TICK);
  *top = ceil (PAD + l->line_height + GAP);
  /* The legend goes under the plot: a side panel is narrow, and a
   * legend beside the plot would leave the curves a sliver. */
  *right = ceil (PAD + w100 / 2.0);
  *bottom = ceil (TICK + GAP + 2 * l->line_height + GAP + LEGEND_GAP + l->legend.size.height + PAD);
  return TRUE;
}

static gboolean
compute_layout (MsHypsometricPlot *self,
                int                width,
                int                height,
                Layout            *l)
{
  double left, top, right, bottom;

  if (!compute_margins (self, l, &left, &top, &right, &bottom))
    return FALSE;

  l->plot = GRAPHENE_RECT_INIT ((float) left, (float) top, (float) (width - left - right),
                                (float) (height - top - bottom));
  /* Too small to draw anything honest. */
  if (l->plot.size.width < 16 || l->plot.size.height < 16)
    return FALSE;
  l->legend.origin.x = l->plot.origin.x;
  l->legend.origin.y = (float) ceil (l->plot.origin.y + l->plot.size.height + TICK + GAP + 2 * l->line_height + GAP +
                                     LEGEND_GAP);
  return TRUE;
}

static double
x_for_share (const Layout *l,
             double        share)
{
  return l->plot.origin.x + l->plot.size.width * share;
}

static double
y_for_height (const Layout *l,
              double        metres)
{
  return l->plot.origin.y + l->plot.size.height * (l->y_max - metres) / (l->y_max - l->y_min);
}

gboolean
ms_hypsometric_plot_get_plot_area (MsHypsometricPlot *self,
                                   graphene_rect_t   *area,
                                   double            *y_min,
                                   double            *y_max)
{
  Layout l;

  g_return_val_if_fail (MS_IS_HYPSOMETRIC_PLOT (self), FALSE);

  if (!compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                       gtk_widget_get_height (GTK_WIDGET (self)), &l))
    return FALSE;
  if (area != NULL)
    *area = l.plot;
  if (y_min != NULL)
    *y_min = l.y_min;
  if (y_max != NULL)
    *y_max = l.y_max;
  return TRUE;
}

/* -------------------------------------------------------------- drawing --- */


static GdkRGBA
faded (const GdkRGBA *colour,
       float          alpha)
{
  GdkRGBA c = *colour;

  c.alpha *= alpha;
  return c;
}



/* Grid, axes, curves and the legend's box and swatches: everything but text. */
static void
draw_lines (MsHypsometricPlot *self,
            cairo_t           *cr,
            const Layout      *l,
            const GdkRGBA     *fg)
{
  GdkRGBA grid = faded (fg, 0.12f), axis = faded (fg, 0.6f), frame = faded (fg, 0.25f);
  double left = l->plot.origin.x, top = l->plot.origin.y;
  double right = left + l->plot.size.width, bottom = top + l->plot.size.height;

  cairo_set_line_width (cr, 1.0);

  /* Half-pixel offsets put the 1 px lines on whole pixels. */
  gdk_cairo_set_source_rgba (cr, &grid);
  for (guint k = 1; k <= l->y_intervals; k++)
    {
      double y = floor (y_for_height (l, l->y_min + k * l->y_step)) + 0.5;

      cairo_move_to (cr, left, y);
      cairo_line_to (cr, right, y);
    }
  for (guint k = 1; k <= X_INTERVALS; k++)
    {
      double x = floor (x_for_share (l, (double) k / X_INTERVALS)) + 0.5;

      cairo_move_to (cr, x, top);
      cairo_line_to (cr, x, bottom);
    }
  cairo_stroke (cr);

  gdk_cairo_set_source_rgba (cr, &axis);
  cairo_move_to (cr, left - 0.5, top);
  cairo_line_to (cr, left - 0.5, bottom + 0.5);
  cairo_line_to (cr, right, bottom + 0.5);
  for (guint k = 0; k <= l->y_intervals; k++)
    {
      double y = floor (y_for_height (l, l->y_min + k * l->y_step)) + 0.5;

      cairo_move_to (cr, left - TICK, y);
      cairo_line_to (cr, left, y);
    }
  for (guint k = 0; k <= X_INTERVALS; k++)
    {
      double x = floor (x_for_share (l, (double) k / X_INTERVALS)) + 0.5;

      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, bottom + TICK);
    }
  cairo_stroke (cr);

  /* The curves, the first underneath; kept to the plot (a line's width of
   * slack, so the ends are not cut in half). */
  cairo_save (cr);
  cairo_rectangle (cr, left - LINE_WIDTH, top - LINE_WIDTH, right - left + 2 * LINE_WIDTH,
                   bottom - top + 2 * LINE_WIDTH);
  cairo_clip (cr);
  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *curve = g_ptr_array_index (self->curves, i);
      GdkRGBA colour;
      gboolean pen_down = FALSE;

      for (guint j = 0; j < curve->n; j++)
        {
          double x, y;

          if (!isfinite (curve->heights[j]))
            {
              pen_down = FALSE;
              continue;
            }
          x = x_for_share (l, (double) j / (curve->n - 1));
          y = y_for_height (l, curve->heights[j]);
          if (pen_down)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          pen_down = TRUE;
        }
      ms_hypsometric_plot_get_series_colour (i, &colour);
      gdk_cairo_set_source_rgba (cr, &colour);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* The legend: a frame, and a swatch a row on whole pixels, so that its
   * colour is the series colour exactly. */
  {
    double x = l->legend.origin.x + 0.5, y = l->legend.origin.y + 0.5;
    double w = l->legend.size.width - 1.0, h = l->legend.size.height - 1.0, r = 4.0;

    cairo_new_sub_path (cr);
    cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
    cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
    cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
    cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path (cr);
    gdk_cairo_set_source_rgba (cr, &frame);
    cairo_stroke (cr);
  }
  for (guint i = 0; i < self->curves->len; i++)
    {
      double row_y = l->legend.origin.y + LEGEND_PAD +
                     i * (l->legend_row_height + LEGEND_ROW_SPACING);
      GdkRGBA colour;

      ms_hypsometric_plot_get_series_colour (i, &colour);
      gdk_cairo_set_source_rgba (cr, &colour);
      cairo_rectangle (cr, l->legend.origin.x + LEGEND_PAD,
                       round (row_y + (l->legend_row_height - LEGEND_SWATCH_H) / 2),
                       LEGEND_SWATCH_W, LEGEND_SWATCH_H);
      cairo_fill (cr);
    }
}

static void
snapshot_text (MsHypsometricPlot *self,
               GtkSnapshot       *snapshot,
               const Layout      *l,
               const GdkRGBA     *fg)
{
  GdkRGBA dim = faded (fg, 0.75f);
  double left = l->plot.origin.x;
  double bottom = l->plot.origin.y + l->plot.size.height;
  int w, h;

  for (guint k = 0; k <= l->y_intervals; k++)
    {
      double value = l->y_min + k * l->y_step;
      g_autofree char *text = format_height (value, l->y_step);
      g_autoptr(PangoLayout) layout = create_layout (self, text);

      pango_layout_get_pixel_size (layout, &w, &h);
      ms_chart_append_layout_at (snapshot, layout, left - TICK - GAP - w,
                        floor (y_for_height (l, value)) + 0.5 - h / 2.0, &dim);
    }
  for (guint k = 0; k <= X_INTERVALS; k++)
    {
      g_autofree char *text = format_share ((int) (k * 100 / X_INTERVALS));
      g_autoptr(PangoLayout) layout = create_layout (self, text);

      pango_layout_get_pixel_size (layout, &w, &h);
      ms_chart_append_layout_at (snapshot, layout, x_for_share (l, (double) k / X_INTERVALS) - w / 2.0,
                        bottom + TICK + GAP, &dim);
    }

  {
    g_autoptr(PangoLayout) x_title = create_layout (self, _("Share of the area above the height"));
    g_autoptr(PangoLayout) y_title = create_layout (self, _("Height"));

    pango_layout_get_pixel_size (x_title, &w, &h);
    ms_chart_append_layout_at (snapshot, x_title, MAX (PAD, x_for_share (l, 0.5) - w / 2.0),
                      bottom + TICK + GAP + l->line_height + GAP, fg);
    ms_chart_append_layout_at (snapshot, y_title, left - TICK - GAP, PAD, fg);
  }

  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *curve = g_ptr_array_index (self->curves, i);
      g_autoptr(PangoLayout) layout = create_legend_layout (self, curve->label);
      double row_y = l->legend.origin.y + LEGEND_PAD +
                     i * (l->legend_row_height + LEGEND_ROW_SPACING);

      pango_layout_get_pixel_size (layout, &w, &h);
      ms_chart_append_layout_at (snapshot, layout,
                        l->legend.origin.x + LEGEND_PAD + LEGEND_SWATCH_W + 1.5 * GAP,
                        row_y + (l->legend_row_height - h) / 2, fg);
    }
}

static void
ms_hypsometric_plot_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  MsHypsometricPlot *self = MS_HYPSOMETRIC_PLOT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GdkRGBA fg;
  Layout l;
  cairo_t *cr;

  ms_chart_get_foreground (widget, &fg);
  if (!compute_layout (self, width, height, &l))
    {
      if (self->curves->len == 0)
        ms_chart_snapshot_placeholder (widget, snapshot, _("Select seeds to compare their hypsometric curves"),
                                       &fg, PAD);
      return;
    }

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
  draw_lines (self, cr, &l, &fg);
  cairo_destroy (cr);
  snapshot_text (self, snapshot, &l, &fg);
}

static void
ms_hypsometric_plot_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  MsHypsometricPlot *self = MS_HYPSOMETRIC_PLOT (widget);
  double left = 0, top = 0, right = 0, bottom = 0;
  Layout l;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = MAX (MIN_WIDTH, 480);
      if (compute_margins (self, &l, &left, &top, &right, &bottom))
        *natural = MAX (*natural, (int) (left + right) + 320);
    }
  else
    {
      *minimum = MIN_HEIGHT;
      *natural = 300;
      /* The legend under the plot, and a plot of 120 px at least. */
      if (compute_margins (self, &l, &left, &top, &right, &bottom))
        *minimum = MAX (*minimum, (int) (top + bottom + 120));
      *natural = MAX (*natural, *minimum);
    }
}

static void
ms_hypsometric_plot_css_changed (GtkWidget         *widget,
                                 GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ms_hypsometric_plot_parent_class)->css_changed (widget, change);
  /* The font may have changed, and with it the margins. */
  gtk_widget_queue_resize (widget);
}

/* -------------------------------------------------------------- content --- */

/* What a screen reader says instead of the picture: each map and its range. */
static void
update_accessible (MsHypsometricPlot *self)
{
  g_autoptr(GString) text = NULL;

  if (self->curves->len == 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Hypsometric curves: none"), -1);
      return;
    }

  text = g_string_new (_("Hypsometric curves"));
  for (guint i = 0; i < self->curves->len; i++)
    {
      Curve *curve = g_ptr_array_index (self->curves, i);
      double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;

      for (guint j = 0; j < curve->n; j++)
        if (isfinite (curve->heights[j]))
          {
            lo = MIN (lo, curve->heights[j]);
            hi = MAX (hi, curve->heights[j]);
          }
      g_string_append (text, i == 0 ? ": " : "; ");
      if (lo <= hi)
        {
          g_autofree char *low = format_height (lo, 1.0);
          g_autofree char *high = format_height (hi, 1.0);

          /* Translators: a map in the hypsometric plot's description: its
           * label, its lowest and its highest height */
          g_string_append_printf (text, _("%s, from %s to %s"), curve->label, low, high);
        }
      else
        {
          g_string_append (text, curve->label);
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str,
                                  -1);
}

static void
changed (MsHypsometricPlot *self)
{
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
ms_hypsometric_plot_clear (MsHypsometricPlot *self)
{
  g_return_if_fail (MS_IS_HYPSOMETRIC_PLOT (self));

  if (self->curves->len == 0)
    return;
  g_ptr_array_set_size (self->curves, 0);
  self->lo = G_MAXDOUBLE;
  self->hi = -G_MAXDOUBLE;
  changed (self);
}

void
ms_hypsometric_plot_add_curve (MsHypsometricPlot *self,
                               const char        *label,
                               const double      *heights_m,
                               guint              n)
{
  Curve *curve;

  g_return_if_fail (MS_IS_HYPSOMETRIC_PLOT (self));
  g_return_if_fail (label != NULL);
  g_return_if_fail (heights_m != NULL);
  g_return_if_fail (n >= 2);

  curve = g_new0 (Curve, 1);
  curve->label = g_strdup (label);
  curve->heights = g_memdup2 (heights_m, n * sizeof *heights_m);
  curve->n = n;
  for (guint j = 0; j < n; j++)
    if (isfinite (heights_m[j]))
      {
        self->lo = MIN (self->lo, heights_m[j]);
        self->hi = MAX (self->hi, heights_m[j]);
      }
  g_ptr_array_add (self->curves, curve);
  changed (self);
}

guint
ms_hypsometric_plot_get_n_curves (MsHypsometricPlot *self)
{
  g_return_val_if_fail (MS_IS_HYPSOMETRIC_PLOT (self), 0);
  return self->curves->len;
}

/* --------------------------------------------------------------- object --- */

static void
ms_hypsometric_plot_finalize (GObject *object)
{
  MsHypsometricPlot *self = MS_HYPSOMETRIC_PLOT (object);

  g_ptr_array_unref (self->curves);
  G_OBJECT_CLASS (ms_hypsometric_plot_parent_class)->finalize (object);
}

static void
ms_hypsometric_plot_class_init (MsHypsometricPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ms_hypsometric_plot_finalize;
  widget_class->measure = ms_hypsometric_plot_measure;
  widget_class->snapshot = ms_hypsometric_plot_snapshot;
  widget_class->css_changed = ms_hypsometric_plot_css_changed;

  gtk_widget_class_set_css_name (widget_class, "hypsometricplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_hypsometric_plot_init (MsHypsometricPlot *self)
{
  self->curves = g_ptr_array_new_with_free_func (curve_free);
  self->lo = G_MAXDOUBLE;
  self->hi = -G_MAXDOUBLE;
  update_accessible (self);
}

GtkWidget *
ms_hypsometric_plot_new (void)
{
  return g_object_new (MS_TYPE_HYPSOMETRIC_PLOT, NULL);
}
