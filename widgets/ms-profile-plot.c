/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The profile along a path, drawn with cairo.  Everything is laid out from
 * the widget's size and its font in compute_layout (), which drawing, the
 * pointer and ms_profile_plot_get_plot_area () share, so a test computes
 * the pixel a distance or a height lands on from the same rectangle.  All
 * of it, text included, goes through one cairo function, so the PNG and
 * SVG export is the plot as drawn.
 */
#define G_LOG_DOMAIN "ms-profile-plot"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "ms-chart.h"
#include "ms-profile-plot.h"

#define PAD             8.0
#define TICK            4.0
#define GAP             4.0
#define LINE_WIDTH      2.0
#define LANE_HEIGHT     8.0
#define X_LABEL_ROOM    90.0    /* px a distance tick wants */
#define Y_LABEL_ROOM    36.0    /* px a height tick wants */
#define MIN_WIDTH       240
#define MIN_HEIGHT      120
#define SMALL_SCALE     0.85    /* the lane names and slope key */
#define N_SLOPE_CLASSES 5
#define FILL_ALPHA      0.55

typedef struct
{
  char    *label;
  GdkRGBA  colour;
  double  *distance;
  double  *height;
  double  *slope;     /* nullable */
  guint   *crosses;   /* nullable */
  guint    n;
} Series;

struct _MsProfilePlot
{
  GtkWidget  parent_instance;

  GPtrArray *series;         /* of Series */
  char      *placeholder;
  double     exaggeration;
  double     highlight;      /* metres, NaN for none */
  char      *readout;
  /* Over every series: the finite heights' range (lo > hi while none),
   * the longest distance, the kinds crossed. */
  double     lo, hi, x_max;
  guint      kinds;
};

typedef struct
{
  graphene_rect_t plot;
  double          x_max, x_step;
  double          y_min, y_max, y_step;
  int             line_height, small_height;
  double          lane_top, lane_pitch;
  guint           lanes[MS_PATH_N_CROSSES];  /* the kinds shown, top first */
  guint           n_lanes;
  double          title_end;   /* the height axis title's right end */
} Layout;

static char *height_title (const Layout *l);

enum
{
  PROP_0,
  PROP_EXAGGERATION,
  N_PROPS
};

enum
{
  SIGNAL_HOVERED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsProfilePlot, ms_profile_plot, GTK_TYPE_WIDGET)

static void
series_free (gpointer data)
{
  Series *s = data;

  g_free (s->label);
  g_free (s->distance);
  g_free (s->height);
  g_free (s->slope);
  g_free (s->crosses);
  g_free (s);
}

static Series *
first_series (MsProfilePlot *self)
{
  return self->series->len > 0 ? g_ptr_array_index (self->series, 0) : NULL;
}

/* ------------------------------------------------------------- classes --- */

#define RGB(r, g, b) { (r) / 255.f, (g) / 255.f, (b) / 255.f, 1.f }
/* Green to purple as the ground steepens: readable on light and dark. */
static const GdkRGBA slope_colours[N_SLOPE_CLASSES] = {
  RGB (0x33, 0xd1, 0x7a), RGB (0xf6, 0xd3, 0x2d), RGB (0xff, 0x78, 0x00),
  RGB (0xe0, 0x1b, 0x24), RGB (0x81, 0x3d, 0x9c),
};
static const double slope_limits[N_SLOPE_CLASSES - 1] = { 5, 15, 30, 60 };

/* The lanes' colours: water as the map's water, each road tier as the
 * renderer draws it (ms-blueprint-renderer.c), a town dark grey, a failed
 * slope check the red of an error. */
static const GdkRGBA kind_colours[MS_PATH_N_CROSSES] = {
  RGB (0x35, 0x84, 0xe4),
  { 0.85f, 0.20f, 0.15f, 1.f }, { 0.95f, 0.60f, 0.10f, 1.f },
  { 0.45f, 0.30f, 0.20f, 1.f }, { 0.30f, 0.30f, 0.30f, 1.f },
  RGB (0x9a, 0x99, 0x96), RGB (0xc0, 0x1c, 0x28),
};
#undef RGB

static const char *
kind_name (guint bit)
{
  switch (1u << bit)
    {
    case MS_PATH_CROSSES_WATER: return _("Water");
    case MS_PATH_CROSSES_ROAD_HIGHWAY: return _("Highway");
    case MS_PATH_CROSSES_ROAD_BRANCH: return _("Branch road");
    case MS_PATH_CROSSES_ROAD_RUGGED: return _("Rugged road");
    case MS_PATH_CROSSES_ROAD_TRAIL: return _("Trail");
    case MS_PATH_CROSSES_TOWN: return _("Town");
    case MS_PATH_CROSSES_SLOPE_FAIL: return _("Slope check fails");
    default: g_return_val_if_reached ("");
    }
}

guint
ms_profile_plot_slope_class (double slope_pct)
{
  double a = fabs (slope_pct);

  for (guint i = 0; i < G_N_ELEMENTS (slope_limits); i++)
    if (a < slope_limits[i])
      return i;
  return N_SLOPE_CLASSES - 1;
}

void
ms_profile_plot_get_slope_colour (guint    slope_class,
                                  GdkRGBA *colour)
{
  g_return_if_fail (slope_class < N_SLOPE_CLASSES && colour != NULL);
  *colour = slope_colours[slope_class];
}

/* -------------------------------------------------------------- format --- */

/* Distances in m up to 2 km, then km; decimals only where the step has them. */
static char *
format_distance (double metres,
                 double step,
                 double x_max)
{
  gboolean km = x_max >= 2000.0;
  double unit_step = km ? step / 1000.0 : step;
  int decimals = unit_step >= 1.0 ? 0 : (int) ceil (-log10 (unit_step) - 1e-9);

  if (fabs (metres) < step * 1e-6)
    metres = 0.0;
  if (km)
    /* Translators: a distance along the profile, in kilometres */
    return g_strdup_printf (_("%'.*f km"), decimals, metres / 1000.0);
  /* Translators: a distance along the profile, in metres */
  return g_strdup_printf (_("%'.*f m"), decimals, metres);
}

static char *
format_height (double metres,
               double step)
{
  int decimals = step >= 1.0 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  if (fabs (metres) < step * 1e-6)
    metres = 0.0;
  /* Translators: a height on the profile's axis, in metres */
  return g_strdup_printf (_("%'.*f m"), decimals, metres);
}

/* --------------------------------------------------------------- layout --- */

static PangoLayout *
create_layout (MsProfilePlot *self,
               const char    *text,
               gboolean       small)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  if (small)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs, pango_attr_scale_new (SMALL_SCALE));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }
  return layout;
}

static int
text_width (MsProfilePlot *self,
            const char    *text,
            gboolean       small,
            int           *height)
{
  g_autoptr(PangoLayout) layout = create_layout (self, text, small);
  int width;

  pango_layout_get_pixel_size (layout, &width, height);
  return width;
}

/* The height range for a plot @w × @h px: fitted, or at the exaggeration. */
static void
choose_heights (MsProfilePlot *self,
                Layout        *l,
                double         w,
                double         h)
{
  double lo = self->lo, hi = self->hi, intervals = CLAMP (floor (h / Y_LABEL_ROOM), 2, 6);

  if (hi - lo < 1.0)
    {
      double middle = (lo + hi) / 2.0;

      lo = middle - 0.5;
      hi = middle + 0.5;
    }
  if (self->exaggeration <= 0)
    {
      l->y_step = ms_chart_nice_step (hi - lo, intervals, 0.1);
      l->y_min = floor (lo / l->y_step + 1e-9) * l->y_step;
      l->y_max = ceil (hi / l->y_step - 1e-9) * l->y_step;
    }
  else
    {
      /* A metre up is :exaggeration times a metre along, in pixels. */
      double span = h / (self->exaggeration * w / l->x_max), middle = (lo + hi) / 2.0;

      l->y_min = middle - span / 2.0;
      l->y_max = middle + span / 2.0;
      l->y_step = ms_chart_nice_step (span, intervals, 1e-3);
    }
}

static int
widest_height_label (MsProfilePlot *self,
                     const Layout  *l)
{
  int widest = 0;

  for (double k = ceil (l->y_min / l->y_step - 1e-9); k * l->y_step <= l->y_max + 1e-9 * l->y_step; k++)
    {
      g_autofree char *text = format_height (k * l->y_step, l->y_step);

      widest = MAX (widest, text_width (self, text, FALSE, NULL));
    }
  return widest;
}

static gboolean
compute_layout (MsProfilePlot *self,
                int            width,
                int            height,
                Layout        *l)
{
  double left, top, right, bottom, label_w, lanes_w = 0;
  g_autofree char *last = NULL;

  memset (l, 0, sizeof *l);
  if (self->series->len == 0 || self->lo > self->hi || !(self->x_max > 0))
    return FALSE;

  l->x_max = self->x_max;
  text_width (self, "0", FALSE, &l->line_height);
  text_width (self, "0", TRUE, &l->small_height);
  for (guint bit = 0; bit < MS_PATH_N_CROSSES; bit++)
    if (self->kinds & (1u << bit))
      {
        l->lanes[l->n_lanes++] = bit;
        lanes_w = MAX (lanes_w, text_width (self, kind_name (bit), TRUE, NULL));
      }
  l->lane_pitch = MAX (LANE_HEIGHT + 2, l->small_height);

  top = ceil (PAD + l->line_height + GAP) + l->n_lanes * l->lane_pitch + (l->n_lanes > 0 ? GAP : 0);
  bottom = ceil (TICK + GAP + l->line_height + GAP + MAX (l->line_height, l->small_height) + PAD);
  /* The left margin holds the height labels, which depend on the range,
   * which at an exaggeration depends on the plot's width: twice settles it. */
  label_w = 0;
  for (guint pass = 0; pass < 2; pass++)
    {
      left = ceil (PAD + MAX (label_w, lanes_w) + GAP + TICK);
      l->x_step = ms_chart_nice_step (l->x_max, MAX (1, floor ((width - left) / X_LABEL_ROOM)), 1e-3);
      last = format_distance (floor (l->x_max / l->x_step) * l->x_step, l->x_step, l->x_max);
      right = ceil (PAD + text_width (self, last, FALSE, NULL) / 2.0);
      g_clear_pointer (&last, g_free);
      l->plot = GRAPHENE_RECT_INIT ((float) left, (float) top, (float) (width - left - right),
                                    (float) (height - top - bottom));
      if (l->plot.size.width < 32 || l->plot.size.height < 24)
        return FALSE;
      choose_heights (self, l, l->plot.size.width, l->plot.size.height);
      label_w = widest_height_label (self, l);
    }
  l->lane_top = ceil (PAD + l->line_height + GAP);
  {
    g_autofree char *title = height_title (l);

    l->title_end = PAD + text_width (self, title, FALSE, NULL);
  }
  return TRUE;
}

static char *
height_title (const Layout *l)
{
  double e = (l->plot.size.height / (l->y_max - l->y_min)) / (l->plot.size.width / l->x_max);
  g_autofree char *exaggeration = g_strdup_printf (e >= 10 ? "×%.0f" : "×%.2g", e);

  /* Translators: the profile's vertical axis title; %s is the vertical
   * exaggeration, "×12" */
  return g_strdup_printf (_("Height (vertical %s)"), exaggeration);
}

static double
x_for (const Layout *l,
       double        metres)
{
  return l->plot.origin.x + l->plot.size.width * metres / l->x_max;
}

static double
y_for (const Layout *l,
       double        metres)
{
  return l->plot.origin.y + l->plot.size.height * (l->y_max - metres) / (l->y_max - l->y_min);
}

static gboolean
get_layout (MsProfilePlot *self,
            Layout        *l)
{
  return compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)), l);
}

gboolean
ms_profile_plot_get_plot_area (MsProfilePlot   *self,
                               graphene_rect_t *area,
                               double          *x_max,
                               double          *y_min,
                               double          *y_max)
{
  Layout l;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), FALSE);

  if (!get_layout (self, &l))
    return FALSE;
  if (area != NULL)
    *area = l.plot;
  if (x_max != NULL)
    *x_max = l.x_max;
  if (y_min != NULL)
    *y_min = l.y_min;
  if (y_max != NULL)
    *y_max = l.y_max;
  return TRUE;
}

gboolean
ms_profile_plot_get_lane (MsProfilePlot   *self,
                          MsPathCrosses    kind,
                          graphene_rect_t *lane)
{
  Layout l;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), FALSE);

  if (!get_layout (self, &l))
    return FALSE;
  for (guint i = 0; i < l.n_lanes; i++)
    if ((1u << l.lanes[i]) == (guint) kind)
      {
        if (lane != NULL)
          *lane = GRAPHENE_RECT_INIT (l.plot.origin.x, (float) (l.lane_top + i * l.lane_pitch),
                                      l.plot.size.width, (float) LANE_HEIGHT);
        return TRUE;
      }
  return FALSE;
}

double
ms_profile_plot_get_drawn_exaggeration (MsProfilePlot *self)
{
  Layout l;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), 0.0);

  if (!get_layout (self, &l))
    return 0.0;
  return (l.plot.size.height / (l.y_max - l.y_min)) / (l.plot.size.width / l.x_max);
}

/* ------------------------------------------------------------ highlight --- */

/* The sample of @s nearest @metres (binary search: distances never fall). */
static guint
nearest_sample (const Series *s,
                double        metres)
{
  guint lo = 0, hi = s->n - 1;

  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (s->distance[mid] <= metres)
        lo = mid;
      else
        hi = mid;
    }
  return fabs (s->distance[hi] - metres) < fabs (metres - s->distance[lo]) ? hi : lo;
}

/* A series' height at @metres, linear between its samples; NaN outside. */
static double
height_at (const Series *s,
           double        metres)
{
  guint i = nearest_sample (s, metres), j;
  double t;

  if (metres < s->distance[0] || metres > s->distance[s->n - 1])
    return NAN;
  j = s->distance[i] <= metres ? MIN (i + 1, s->n - 1) : i;
  i = j > 0 && s->distance[i] > metres ? j - 1 : i;
  if (j == i || s->distance[j] == s->distance[i])
    return s->height[i];
  t = (metres - s->distance[i]) / (s->distance[j] - s->distance[i]);
  return s->height[i] * (1 - t) + s->height[j] * t;
}

int
ms_profile_plot_get_highlight_sample (MsProfilePlot *self)
{
  Series *s;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), -1);

  s = first_series (self);
  if (s == NULL || isnan (self->highlight))
    return -1;
  return (int) nearest_sample (s, self->highlight);
}

static void
update_readout (MsProfilePlot *self)
{
  int i = ms_profile_plot_get_highlight_sample (self);
  Series *s = first_series (self);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *distance = NULL;

  if (i >= 0)
    {
      distance = format_distance (s->distance[i], self->x_max >= 2000.0 ? 10.0 : 0.1, self->x_max);
      g_string_append (text, distance);
      for (guint k = 0; k < self->series->len; k++)
        {
          Series *other = g_ptr_array_index (self->series, k);
          double h = k == 0 ? s->height[i] : height_at (other, s->distance[i]);

          g_string_append (text, " · ");
          if (self->series->len > 1)
            g_string_append_printf (text, "%s ", other->label);
          if (isfinite (h))
            /* Translators: a height in the profile's readout */
            g_string_append_printf (text, _("%.1f m"), h);
          else
            g_string_append (text, _("no data"));
        }
      if (s->slope != NULL && isfinite (s->slope[i]))
        /* Translators: the slope in the profile's readout, in percent and degrees */
        g_string_append_printf (text, _(" · slope %.1f %% (%.1f°)"), s->slope[i],
                                atan (s->slope[i] / 100.0) * (180.0 / G_PI));
      if (s->crosses != NULL)
        for (guint bit = 0; bit < MS_PATH_N_CROSSES; bit++)
          if (s->crosses[i] & (1u << bit))
            g_string_append_printf (text, " · %s", kind_name (bit));
    }
  g_free (self->readout);
  self->readout = g_string_free (g_steal_pointer (&text), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->readout, -1);
}

void
ms_profile_plot_set_highlight (MsProfilePlot *self,
                               double         distance_m)
{
  g_return_if_fail (MS_IS_PROFILE_PLOT (self));

  if (self->highlight == distance_m || (isnan (self->highlight) && isnan (distance_m)))
    return;
  self->highlight = distance_m;
  update_readout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
ms_profile_plot_get_highlight (MsProfilePlot *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), NAN);
  return self->highlight;
}

const char *
ms_profile_plot_get_readout (MsProfilePlot *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), NULL);
  return self->readout;
}

/* The user moved the highlight to sample @i (-1: away). */
static void
user_highlight (MsProfilePlot *self,
                int            i)
{
  Series *s = first_series (self);
  double metres = i >= 0 && s != NULL ? s->distance[i] : NAN;

  ms_profile_plot_set_highlight (self, metres);
  g_signal_emit (self, signals[SIGNAL_HOVERED], 0, metres, i >= 0 && s != NULL ? i : -1);
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

static void
show_text (cairo_t       *cr,
           PangoLayout   *layout,
           double         x,
           double         y,
           const GdkRGBA *colour)
{
  cairo_move_to (cr, round (x), round (y));
  gdk_cairo_set_source_rgba (cr, colour);
  pango_cairo_show_layout (cr, layout);
}

/* @key_end: where the slope's key ends on the bottom row; the axis title
 * goes right of it, or (too narrow) not at all: the ticks say metres. */
static void
draw_axes (MsProfilePlot *self,
           cairo_t       *cr,
           const Layout  *l,
           const GdkRGBA *fg,
           double         key_end)
{
  GdkRGBA grid = faded (fg, 0.12f), axis = faded (fg, 0.6f), dim = faded (fg, 0.75f);
  double left = l->plot.origin.x, top = l->plot.origin.y;
  double right = left + l->plot.size.width, bottom = top + l->plot.size.height;
  int w, h;

  cairo_set_line_width (cr, 1.0);
  /* Half-pixel offsets put the 1 px lines on whole pixels. */
  for (guint pass = 0; pass < 2; pass++)
    {
      gdk_cairo_set_source_rgba (cr, pass == 0 ? &grid : &axis);
      for (double k = ceil (l->y_min / l->y_step - 1e-9); k * l->y_step <= l->y_max + 1e-9 * l->y_step; k++)
        {
          double y = floor (y_for (l, k * l->y_step)) + 0.5;

          cairo_move_to (cr, pass == 0 ? left : left - TICK, y);
          cairo_line_to (cr, pass == 0 ? right : left, y);
        }
      for (double k = 0; k * l->x_step <= l->x_max * (1 + 1e-9); k++)
        {
          double x = floor (x_for (l, k * l->x_step)) + 0.5;

          cairo_move_to (cr, x, pass == 0 ? top : bottom);
          cairo_line_to (cr, x, pass == 0 ? bottom : bottom + TICK);
        }
      cairo_stroke (cr);
    }
  gdk_cairo_set_source_rgba (cr, &axis);
  cairo_move_to (cr, left - 0.5, top);
  cairo_line_to (cr, left - 0.5, bottom + 0.5);
  cairo_line_to (cr, right, bottom + 0.5);
  cairo_stroke (cr);

  for (double k = ceil (l->y_min / l->y_step - 1e-9); k * l->y_step <= l->y_max + 1e-9 * l->y_step; k++)
    {
      g_autofree char *text = format_height (k * l->y_step, l->y_step);
      g_autoptr(PangoLayout) layout = create_layout (self, text, FALSE);

      pango_layout_get_pixel_size (layout, &w, &h);
      show_text (cr, layout, left - TICK - GAP - w, floor (y_for (l, k * l->y_step)) + 0.5 - h / 2.0, &dim);
    }
  for (double k = 0; k * l->x_step <= l->x_max * (1 + 1e-9); k++)
    {
      g_autofree char *text = format_distance (k * l->x_step, l->x_step, l->x_max);
      g_autoptr(PangoLayout) layout = create_layout (self, text, FALSE);

      pango_layout_get_pixel_size (layout, &w, &h);
      show_text (cr, layout, x_for (l, k * l->x_step) - w / 2.0, bottom + TICK + GAP, &dim);
    }

  {
    g_autofree char *title = height_title (l);
    g_autoptr(PangoLayout) y_title = create_layout (self, title, FALSE);
    g_autoptr(PangoLayout) x_title = create_layout (self, _("Distance along the path"), FALSE);

    show_text (cr, y_title, PAD, PAD, fg);
    pango_layout_get_pixel_size (x_title, &w, &h);
    if (right - w > key_end + 2 * GAP)
      show_text (cr, x_title, right - w, bottom + TICK + GAP + l->line_height + GAP, fg);
  }
}

/* The slope's class key under the plot, left of the axis title; returns
 * where it ends. */
static double
draw_slope_key (MsProfilePlot *self,
                cairo_t       *cr,
                const Layout  *l,
                const GdkRGBA *fg)
{
  static const char *ranges[N_SLOPE_CLASSES] = { "< 5 %", "5–15 %", "15–30 %", "30–60 %", "≥ 60 %" };
  double x = l->plot.origin.x, y = l->plot.origin.y + l->plot.size.height + TICK + GAP + l->line_height + GAP;
  double width = gtk_widget_get_width (GTK_WIDGET (self)), needed;
  g_autoptr(PangoLayout) title = create_layout (self, _("Slope:"), TRUE);
  PangoLayout *layouts[N_SLOPE_CLASSES];
  int w, h;

  pango_layout_get_pixel_size (title, &w, &h);
  needed = w + GAP;
  for (guint i = 0; i < N_SLOPE_CLASSES; i++)
    {
      int lw;

      layouts[i] = create_layout (self, ranges[i], TRUE);
      pango_layout_get_pixel_size (layouts[i], &lw, NULL);
      needed += 10 + GAP / 2 + lw + 1.5 * GAP;
    }
  /* In a narrow plot the key starts left of the plot, under the height
   * axis, rather than running off the right edge. */
  if (x + needed > width)
    x = MAX (GAP, width - needed);
  show_text (cr, title, x, y, fg);
  x += w + GAP;
  for (guint i = 0; i < N_SLOPE_CLASSES; i++)
    {
      g_autoptr(PangoLayout) layout = layouts[i];
      GdkRGBA c = faded (&slope_colours[i], FILL_ALPHA);

      pango_layout_get_pixel_size (layout, &w, &h);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_rectangle (cr, round (x), round (y + (h - 10) / 2.0), 10, 10);
      cairo_fill (cr);
      x += 10 + GAP / 2;
      show_text (cr, layout, x, y, fg);
      x += w + 1.5 * GAP;
    }
  return x;
}

/* The band: under the line of @s, each interval in its slope's class;
 * consecutive intervals of one class filled as one shape. */
static void
draw_slope_band (cairo_t      *cr,
                 const Layout *l,
                 const Series *s)
{
  double bottom = l->plot.origin.y + l->plot.size.height;
  guint i = 1;

#define GOOD(k) (isfinite (s->height[k]) && isfinite (s->slope[k]))
  while (i < s->n)
    {
      guint start = i - 1, cls;
      GdkRGBA c;

      if (!isfinite (s->height[i - 1]) || !GOOD (i))
        {
          i++;
          continue;
        }
      cls = ms_profile_plot_slope_class (s->slope[i]);
      while (i < s->n && GOOD (i) && ms_profile_plot_slope_class (s->slope[i]) == cls)
        i++;
      /* Samples start … i - 1, the intervals between them of one class. */
      cairo_move_to (cr, x_for (l, s->distance[start]), bottom);
      for (guint k = start; k < i; k++)
        cairo_line_to (cr, x_for (l, s->distance[k]), y_for (l, s->height[k]));
      cairo_line_to (cr, x_for (l, s->distance[i - 1]), bottom);
      cairo_close_path (cr);
      c = faded (&slope_colours[cls], FILL_ALPHA);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_fill (cr);
    }
#undef GOOD
}

/* The lanes: a bar wherever a sample crosses the lane's kind, from half
 * way to the previous sample to half way to the next. */
static void
draw_lanes (MsProfilePlot *self,
            cairo_t       *cr,
            const Layout  *l,
            const GdkRGBA *fg)
{
  Series *s = NULL;

  for (guint k = 0; k < self->series->len && s == NULL; k++)
    if (((Series *) g_ptr_array_index (self->series, k))->crosses != NULL)
      s = g_ptr_array_index (self->series, k);
  if (s == NULL)
    return;

  for (guint lane = 0; lane < l->n_lanes; lane++)
    {
      guint bit = 1u << l->lanes[lane];
      double y = l->lane_top + lane * l->lane_pitch;
      GdkRGBA track = faded (fg, 0.08f);
      g_autoptr(PangoLayout) name = create_layout (self, kind_name (l->lanes[lane]), TRUE);
      int w, h;

      gdk_cairo_set_source_rgba (cr, &track);
      cairo_rectangle (cr, l->plot.origin.x, y, l->plot.size.width, LANE_HEIGHT);
      cairo_fill (cr);
      gdk_cairo_set_source_rgba (cr, &kind_colours[l->lanes[lane]]);
      for (guint i = 0; i < s->n; i++)
        if (s->crosses[i] & bit)
          {
            double a = i > 0 ? (s->distance[i - 1] + s->distance[i]) / 2 : s->distance[i];
            double b = i + 1 < s->n ? (s->distance[i] + s->distance[i + 1]) / 2 : s->distance[i];
            double x0 = x_for (l, a), x1 = x_for (l, b);

            /* At least 2 px, so one sample on a long path still shows. */
            if (x1 - x0 < 2)
              {
                double c = (x0 + x1) / 2;

                x0 = c - 1;
                x1 = c + 1;
              }
            cairo_rectangle (cr, x0, y, x1 - x0, LANE_HEIGHT);
          }
      cairo_fill (cr);

      pango_layout_get_pixel_size (name, &w, &h);
      show_text (cr, name, l->plot.origin.x - TICK - GAP - w, y + (LANE_HEIGHT - h) / 2.0, fg);
    }
}

static void
draw_series (MsProfilePlot *self,
             cairo_t       *cr,
             const Layout  *l)
{
  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint k = 0; k < self->series->len; k++)
    {
      Series *s = g_ptr_array_index (self->series, k);
      gboolean pen_down = FALSE;
      double last_x = -G_MAXDOUBLE;

      for (guint i = 0; i < s->n; i++)
        {
          double x, y;

          if (!isfinite (s->height[i]))
            {
              pen_down = FALSE;
              continue;
            }
          x = x_for (l, s->distance[i]);
          y = y_for (l, s->height[i]);
          /* Thousands of samples on a few hundred pixels: a point a
           * quarter pixel on, unless it is the last. */
          if (pen_down && x - last_x < 0.25 && i + 1 < s->n)
            continue;
          if (pen_down)
            cairo_line_to (cr, x, y);
          else
            cairo_move_to (cr, x, y);
          pen_down = TRUE;
          last_x = x;
        }
      gdk_cairo_set_source_rgba (cr, &s->colour);
      cairo_stroke (cr);
    }
}

static void
draw_highlight (MsProfilePlot *self,
                cairo_t       *cr,
                const Layout  *l,
                const GdkRGBA *fg)
{
  int i = ms_profile_plot_get_highlight_sample (self);
  Series *first = first_series (self);
  double x, top = l->plot.origin.y, bottom = top + l->plot.size.height;
  g_autoptr(PangoLayout) layout = NULL;
  int w, h;

  if (i < 0)
    return;
  x = floor (x_for (l, first->distance[i])) + 0.5;
  gdk_cairo_set_source_rgba (cr, fg);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, x, l->n_lanes > 0 ? l->lane_top : top);
  cairo_line_to (cr, x, bottom);
  cairo_stroke (cr);
  for (guint k = 0; k < self->series->len; k++)
    {
      Series *s = g_ptr_array_index (self->series, k);
      double h_m = k == 0 ? s->height[i] : height_at (s, first->distance[i]);

      if (!isfinite (h_m))
        continue;
      cairo_arc (cr, x, y_for (l, h_m), 4.0, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (cr, &s->colour);
      cairo_fill_preserve (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_stroke (cr);
    }

  /* The readout on the title row, at its right end, right of the title
   * (its start kept: the distance and height come first). */
  layout = create_layout (self, self->readout, FALSE);
  pango_layout_set_width (layout, (int) MAX (1, l->plot.origin.x + l->plot.size.width - l->title_end - 3 * GAP) *
                                  PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, &w, &h);
  show_text (cr, layout, l->plot.origin.x + l->plot.size.width - w, PAD, fg);
}

static void
draw (MsProfilePlot *self,
      cairo_t       *cr,
      const Layout  *l,
      const GdkRGBA *fg)
{
  Series *banded = NULL;

  for (guint k = 0; k < self->series->len && banded == NULL; k++)
    if (((Series *) g_ptr_array_index (self->series, k))->slope != NULL)
      banded = g_ptr_array_index (self->series, k);

  cairo_save (cr);
  cairo_rectangle (cr, l->plot.origin.x, l->plot.origin.y, l->plot.size.width, l->plot.size.height);
  cairo_clip (cr);
  if (banded != NULL)
    draw_slope_band (cr, l, banded);
  cairo_restore (cr);

  draw_axes (self, cr, l, fg, banded != NULL ? draw_slope_key (self, cr, l, fg) : l->plot.origin.x);
  draw_lanes (self, cr, l, fg);

  /* The lines kept to the plot, a line's width of slack at the ends. */
  cairo_save (cr);
  cairo_rectangle (cr, l->plot.origin.x - LINE_WIDTH, l->plot.origin.y, l->plot.size.width + 2 * LINE_WIDTH,
                   l->plot.size.height);
  cairo_clip (cr);
  draw_series (self, cr, l);
  cairo_restore (cr);
  draw_highlight (self, cr, l, fg);
}

static void
ms_profile_plot_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  MsProfilePlot *self = MS_PROFILE_PLOT (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkRGBA fg;
  Layout l;
  cairo_t *cr;

  ms_chart_get_foreground (widget, &fg);
  if (!compute_layout (self, width, height, &l))
    {
      if (self->series->len == 0 && self->placeholder != NULL)
        ms_chart_snapshot_placeholder (widget, snapshot, self->placeholder, &fg, PAD);
      return;
    }
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
  draw (self, cr, &l, &fg);
  if (gtk_widget_has_visible_focus (widget))
    {
      GdkRGBA ring = faded (&fg, 0.5f);

      gdk_cairo_set_source_rgba (cr, &ring);
      cairo_set_line_width (cr, 1.0);
      cairo_set_dash (cr, (double[]) { 2.0, 2.0 }, 2, 0);
      cairo_rectangle (cr, 1.5, 1.5, width - 3, height - 3);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static cairo_status_t
append_to_array (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
ms_profile_plot_export (MsProfilePlot *self,
                        const char    *format,
                        int            width,
                        int            height,
                        GError       **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  gboolean svg;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  GdkRGBA black = { 0, 0, 0, 1 };
  Layout l;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), NULL);
  g_return_val_if_fail (g_strcmp0 (format, "png") == 0 || g_strcmp0 (format, "svg") == 0, NULL);

  if (!compute_layout (self, width, height, &l))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("There is no profile to export at %d × %d"), width, height);
      return NULL;
    }
  svg = g_str_equal (format, "svg");
  surface = svg ? cairo_svg_surface_create_for_stream (append_to_array, out, width, height)
                : cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  draw (self, cr, &l, &black);
  cairo_destroy (cr);
  if (!svg)
    status = cairo_surface_write_to_png_stream (surface, append_to_array, out);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not draw the profile: %s"),
                   cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/* ---------------------------------------------------------------- input --- */

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           MsProfilePlot            *self)
{
  Series *s = first_series (self);
  Layout l;

  if (s == NULL || !get_layout (self, &l))
    return;
  if (x < l.plot.origin.x || x > l.plot.origin.x + l.plot.size.width)
    {
      user_highlight (self, -1);
      return;
    }
  user_highlight (self, (int) nearest_sample (s, (x - l.plot.origin.x) / l.plot.size.width * l.x_max));
}

static void
on_leave (GtkEventControllerMotion *motion,
          MsProfilePlot            *self)
{
  if (!isnan (self->highlight))
    user_highlight (self, -1);
}

static gboolean
key_step (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  MsProfilePlot *self = MS_PROFILE_PLOT (widget);
  Series *s = first_series (self);
  int step, i, n;

  if (s == NULL)
    return FALSE;
  n = (int) s->n;
  g_variant_get (args, "i", &step);
  i = ms_profile_plot_get_highlight_sample (self);
  if (step == G_MININT)
    i = 0;
  else if (step == G_MAXINT)
    i = n - 1;
  else if (i < 0)
    i = step > 0 ? 0 : n - 1;
  else
    i = CLAMP (i + (abs (step) == 2 ? MAX (1, n / 20) * (step > 0 ? 1 : -1) : step), 0, n - 1);
  user_highlight (self, i);
  return TRUE;
}

static void
ms_profile_plot_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  MsProfilePlot *self = MS_PROFILE_PLOT (widget);
  Layout l;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = 600;
      return;
    }
  /* Room for the margins (the lanes grow the top one) and a plot of 80
   * px at least, 160 at ease. */
  *minimum = MIN_HEIGHT;
  *natural = MIN_HEIGHT + 80;
  if (compute_layout (self, 1000, 1000, &l))
    {
      int margins = 1000 - (int) l.plot.size.height;

      *minimum = MAX (*minimum, margins + 80);
      *natural = MAX (*minimum, margins + 160);
    }
}

static void
ms_profile_plot_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ms_profile_plot_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
ms_profile_plot_state_flags_changed (GtkWidget     *widget,
                                     GtkStateFlags  previous)
{
  GTK_WIDGET_CLASS (ms_profile_plot_parent_class)->state_flags_changed (widget, previous);
  gtk_widget_queue_draw (widget);   /* the focus ring */
}

/* -------------------------------------------------------------- content --- */

/* What a screen reader says instead of the picture. */
static void
update_accessible (MsProfilePlot *self)
{
  g_autoptr(GString) text = g_string_new (_("Profile along the path"));

  if (self->series->len == 0 || self->lo > self->hi)
    g_string_append_printf (text, ": %s", self->placeholder != NULL ? self->placeholder : _("none"));
  for (guint k = 0; k < self->series->len && self->lo <= self->hi; k++)
    {
      Series *s = g_ptr_array_index (self->series, k);
      double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
      g_autofree char *length = format_distance (s->distance[s->n - 1], 1.0, s->distance[s->n - 1]);

      for (guint i = 0; i < s->n; i++)
        if (isfinite (s->height[i]))
          {
            lo = MIN (lo, s->height[i]);
            hi = MAX (hi, s->height[i]);
          }
      /* Translators: a series in the profile's description: its label,
       * its length, its lowest and its highest height in metres */
      g_string_append_printf (text, _("%s%s, %s long, from %.0f m to %.0f m"), k == 0 ? ": " : "; ",
                              s->label, length, lo, hi);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str, -1);
}

static void
changed (MsProfilePlot *self)
{
  self->lo = G_MAXDOUBLE;
  self->hi = -G_MAXDOUBLE;
  self->x_max = 0;
  self->kinds = 0;
  for (guint k = 0; k < self->series->len; k++)
    {
      Series *s = g_ptr_array_index (self->series, k);

      self->x_max = MAX (self->x_max, s->distance[s->n - 1]);
      for (guint i = 0; i < s->n; i++)
        {
          if (isfinite (s->height[i]))
            {
              self->lo = MIN (self->lo, s->height[i]);
              self->hi = MAX (self->hi, s->height[i]);
            }
        }
    }
  /* The lanes are the first crossing series'. */
  for (guint k = 0; k < self->series->len; k++)
    {
      Series *s = g_ptr_array_index (self->series, k);

      if (s->crosses == NULL)
        continue;
      for (guint i = 0; i < s->n; i++)
        self->kinds |= s->crosses[i];
      break;
    }
  update_accessible (self);
  update_readout (self);
  /* The lanes change the margins, and with them the size wanted. */
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
ms_profile_plot_clear (MsProfilePlot *self)
{
  g_return_if_fail (MS_IS_PROFILE_PLOT (self));

  g_ptr_array_set_size (self->series, 0);
  self->highlight = NAN;
  changed (self);
}

guint
ms_profile_plot_add_series (MsProfilePlot *self,
                            const char    *label,
                            const GdkRGBA *colour,
                            const double  *distance_m,
                            const double  *height_m,
                            const double  *slope_pct,
                            const guint   *crosses,
                            guint          n)
{
  Series *s;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), 0);
  g_return_val_if_fail (label != NULL && distance_m != NULL && height_m != NULL, 0);
  g_return_val_if_fail (n >= 2, 0);

  s = g_new0 (Series, 1);
  s->label = g_strdup (label);
  if (colour != NULL)
    s->colour = *colour;
  else
    ms_chart_get_series_colour (self->series->len, &s->colour);
  s->distance = g_memdup2 (distance_m, n * sizeof (double));
  s->height = g_memdup2 (height_m, n * sizeof (double));
  s->slope = slope_pct != NULL ? g_memdup2 (slope_pct, n * sizeof (double)) : NULL;
  s->crosses = crosses != NULL ? g_memdup2 (crosses, n * sizeof (guint)) : NULL;
  s->n = n;
  g_ptr_array_add (self->series, s);
  changed (self);
  return self->series->len - 1;
}

guint
ms_profile_plot_add_profile (MsProfilePlot       *self,
                             const char          *label,
                             const GdkRGBA       *colour,
                             const MsPathProfile *profile)
{
  g_autofree double *distance = NULL, *height = NULL, *slope = NULL;
  g_autofree guint *crosses = NULL;
  guint n;

  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), 0);
  g_return_val_if_fail (profile != NULL && profile->n_samples >= 2, 0);

  n = profile->n_samples;
  distance = g_new (double, n);
  height = g_new (double, n);
  slope = g_new (double, n);
  crosses = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    {
      distance[i] = profile->samples[i].distance_m;
      height[i] = profile->samples[i].height_m;
      slope[i] = profile->samples[i].slope_pct;
      crosses[i] = profile->samples[i].crosses;
    }
  return ms_profile_plot_add_series (self, label, colour, distance, height, slope, crosses, n);
}

guint
ms_profile_plot_get_n_series (MsProfilePlot *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), 0);
  return self->series->len;
}

void
ms_profile_plot_set_placeholder (MsProfilePlot *self,
                                 const char    *text)
{
  g_return_if_fail (MS_IS_PROFILE_PLOT (self));

  if (g_strcmp0 (self->placeholder, text) == 0)
    return;
  g_free (self->placeholder);
  self->placeholder = g_strdup (text);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ms_profile_plot_set_exaggeration (MsProfilePlot *self,
                                  double         exaggeration)
{
  g_return_if_fail (MS_IS_PROFILE_PLOT (self));
  g_return_if_fail (exaggeration >= 0);

  if (self->exaggeration == exaggeration)
    return;
  self->exaggeration = exaggeration;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXAGGERATION]);
}

double
ms_profile_plot_get_exaggeration (MsProfilePlot *self)
{
  g_return_val_if_fail (MS_IS_PROFILE_PLOT (self), 0.0);
  return self->exaggeration;
}

/* --------------------------------------------------------------- object --- */

static void
ms_profile_plot_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MsProfilePlot *self = MS_PROFILE_PLOT (object);

  switch (prop_id)
    {
    case PROP_EXAGGERATION:
      g_value_set_double (value, self->exaggeration);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_profile_plot_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MsProfilePlot *self = MS_PROFILE_PLOT (object);

  switch (prop_id)
    {
    case PROP_EXAGGERATION:
      ms_profile_plot_set_exaggeration (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_profile_plot_finalize (GObject *object)
{
  MsProfilePlot *self = MS_PROFILE_PLOT (object);

  g_ptr_array_unref (self->series);
  g_free (self->placeholder);
  g_free (self->readout);
  G_OBJECT_CLASS (ms_profile_plot_parent_class)->finalize (object);
}

static void
ms_profile_plot_class_init (MsProfilePlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const struct { guint key; GdkModifierType mods; int step; } keys[] = {
    { GDK_KEY_Left, 0, -1 }, { GDK_KEY_Right, 0, 1 }, { GDK_KEY_KP_Left, 0, -1 }, { GDK_KEY_KP_Right, 0, 1 },
    { GDK_KEY_Left, GDK_SHIFT_MASK, -2 }, { GDK_KEY_Right, GDK_SHIFT_MASK, 2 },
    { GDK_KEY_Home, 0, G_MININT }, { GDK_KEY_End, 0, G_MAXINT },
  };

  object_class->get_property = ms_profile_plot_get_property;
  object_class->set_property = ms_profile_plot_set_property;
  object_class->finalize = ms_profile_plot_finalize;
  widget_class->measure = ms_profile_plot_measure;
  widget_class->snapshot = ms_profile_plot_snapshot;
  widget_class->css_changed = ms_profile_plot_css_changed;
  widget_class->state_flags_changed = ms_profile_plot_state_flags_changed;

  /* 0 fits the heights to the plot. */
  properties[PROP_EXAGGERATION] =
    g_param_spec_double ("exaggeration", NULL, NULL, 0.0, 10000.0, 0.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::hovered (distance_m, sample): the user moved the highlight (pointer
   * or keys) to the first series' @sample at @distance_m; -1 and NaN when
   * the pointer left. */
  signals[SIGNAL_HOVERED] =
    g_signal_new ("hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_INT);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_widget_class_add_binding (widget_class, keys[i].key, keys[i].mods, key_step, "i", keys[i].step);

  gtk_widget_class_set_css_name (widget_class, "profileplot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_profile_plot_init (MsProfilePlot *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->series = g_ptr_array_new_with_free_func (series_free);
  self->highlight = NAN;
  self->readout = g_strdup ("");
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  /* A click gives the keys to the plot. */
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (gtk_widget_grab_focus), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  changed (self);
}

GtkWidget *
ms_profile_plot_new (void)
{
  return g_object_new (MS_TYPE_PROFILE_PLOT, NULL);
}
