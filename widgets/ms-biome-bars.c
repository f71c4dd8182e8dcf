/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The biome shares of the seed gallery's selection as stacked bars.  The
 * geometry lives in compute_layout () and segment_edges (), which drawing,
 * hit-testing and the tooltip all use, so what is under the pointer is
 * what was drawn there.  Segment edges fall on whole pixels: neighbouring
 * segments then meet without a seam of background between them.
 */
#define G_LOG_DOMAIN "ms-biome-bars"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-chart.h"
#include "ms-biome-bars.h"

#define PAD            8.0
#define LABEL_GAP      8.0
#define LABEL_MAX      160     /* px; longer labels are ellipsized */
#define BAR_HEIGHT     20.0
#define ROW_SPACING    8.0
#define LEGEND_GAP     12.0    /* between the last bar and the key */
#define SWATCH_SIZE    12.0
#define SWATCH_GAP     6.0     /* between a swatch and its name */
#define ENTRY_SPACING  16.0    /* between one key entry and the next */
#define LINE_SPACING   4.0
#define MIN_WIDTH      320
#define EMPTY_HEIGHT   80

typedef struct
{
  char   *label;
  double *pct;
  guint   n;
  double  total;   /* of the shares that count (finite, positive) */
} Row;

struct _MsBiomeBars
{
  GtkWidget  parent_instance;

  guint      n_biomes;
  char     **names;
  GdkRGBA   *colours;
  GPtrArray *rows;     /* of Row */
};

typedef struct
{
  double  bar_x, bar_width;
  double  label_width;
  int     line_height;
  double  legend_y;
} Layout;

G_DEFINE_FINAL_TYPE (MsBiomeBars, ms_biome_bars, GTK_TYPE_WIDGET)

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->label);
  g_free (row->pct);
  g_free (row);
}

/* Negative, NaN and infinite shares are no share at all. */
static double
share (const Row *row,
       guint      biome)
{
  double pct = biome < row->n ? row->pct[biome] : 0.0;

  return isfinite (pct) && pct > 0.0 ? pct : 0.0;
}

static char *
dup_biome_name (MsBiomeBars *self,
                guint        biome)
{
  if (biome < self->n_biomes && self->names[biome] != NULL)
    return g_strdup (self->names[biome]);
  /* Translators: a biome the game profile does not name, by its number */
  return g_strdup_printf (_("Biome %u"), biome);
}

static GdkRGBA
biome_colour (MsBiomeBars *self,
              guint        biome)
{
  if (biome < self->n_biomes)
    return self->colours[biome];
  return (GdkRGBA) { 0.6f, 0.6f, 0.6f, 1.f };
}

/* The biomes the key lists: those with a share in some row. */
static gboolean
biome_shown (MsBiomeBars *self,
             guint        biome)
{
  for (guint r = 0; r < self->rows->len; r++)
    if (share (g_ptr_array_index (self->rows, r), biome) > 0.0)
      return TRUE;
  return FALSE;
}

static guint
n_ordinals (MsBiomeBars *self)
{
  guint n = self->n_biomes;

  for (guint r = 0; r < self->rows->len; r++)
    n = MAX (n, ((Row *) g_ptr_array_index (self->rows, r))->n);
  return n;
}

/* --------------------------------------------------------------- layout --- */

static PangoLayout *
create_label_layout (MsBiomeBars *self,
                     const char  *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);

  pango_layout_set_width (layout, LABEL_MAX * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

/* Widths and line height that do not depend on the widget's size. */
static void
compute_columns (MsBiomeBars *self,
                 Layout      *l)
{
  int max_width = 0;

  memset (l, 0, sizeof *l);
  {
    g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), "Xg");

    pango_layout_get_pixel_size (layout, NULL, &l->line_height);
  }
  for (guint r = 0; r < self->rows->len; r++)
    {
      Row *row = g_ptr_array_index (self->rows, r);
      g_autoptr(PangoLayout) layout = create_label_layout (self, row->label);
      int w;

      pango_layout_get_pixel_size (layout, &w, NULL);
      max_width = MAX (max_width, w);
    }
  l->label_width = max_width;
  l->bar_x = ceil (PAD + l->label_width + LABEL_GAP);
  l->legend_y = PAD + self->rows->len * (BAR_HEIGHT + ROW_SPACING) - ROW_SPACING + LEGEND_GAP;
}

static double
row_top (guint row)
{
  return PAD + row * (BAR_HEIGHT + ROW_SPACING);
}

static gboolean
compute_layout (MsBiomeBars *self,
                int          width,
                Layout      *l)
{
  compute_columns (self, l);
  l->bar_width = floor (width - PAD - l->bar_x);
  return self->rows->len > 0 && l->bar_width >= 1.0;
}

/* Where segment @biome of @row starts and ends on the bar (whole pixels);
 * the same for an empty one. */
static void
segment_edges (const Layout *l,
               const Row    *row,
               guint         biome,
               double       *start,
               double       *end)
{
  double before = 0.0;

  for (guint i = 0; i < biome; i++)
    before += share (row, i);
  *start = l->bar_x + round (l->bar_width * before / row->total);
  *end = l->bar_x + round (l->bar_width * (before + share (row, biome)) / row->total);
}

/* Lays the key out in lines as wide as @width allows; calls @func (if not
 * NULL) with each entry's place and returns the key's height. */
typedef void (*LegendFunc) (MsBiomeBars *self,
                            guint        biome,
                            PangoLayout *layout,
                            double       x,
                            double       y,
                            gpointer     data);

static double
lay_out_legend (MsBiomeBars  *self,
                const Layout *l,
                int           width,
                LegendFunc    func,
                gpointer      data)
{
  double x = PAD, y = l->legend_y;
  double line_height = MAX ((double) l->line_height, SWATCH_SIZE);
  gboolean any = FALSE;
  guint n = n_ordinals (self);

  for (guint biome = 0; biome < n; biome++)
    {
      g_autofree char *name = NULL;
      g_autoptr(PangoLayout) layout = NULL;
      double entry_width;
      int w;

      if (!biome_shown (self, biome))
        continue;
      name = dup_biome_name (self, biome);
      layout = create_label_layout (self, name);
      pango_layout_get_pixel_size (layout, &w, NULL);
      entry_width = SWATCH_SIZE + SWATCH_GAP + w;
      if (any && x + entry_width > width - PAD)
        {
          x = PAD;
          y += line_height + LINE_SPACING;
        }
      if (func != NULL)
        func (self, biome, layout, x, y, data);
      x += entry_width + ENTRY_SPACING;
      any = TRUE;
    }
  return any ? y + line_height - l->legend_y : 0.0;
}

gboolean
ms_biome_bars_get_bar_area (MsBiomeBars     *self,
                            guint            row,
                            graphene_rect_t *area)
{
  Layout l;

  g_return_val_if_fail (MS_IS_BIOME_BARS (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (row >= self->rows->len ||
      !compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), &l))
    return FALSE;
  *area = GRAPHENE_RECT_INIT ((float) l.bar_x, (float) row_top (row), (float) l.bar_width,
                              (float) BAR_HEIGHT);
  return TRUE;
}

static gboolean
hit (MsBiomeBars     *self,
     double           x,
     double           y,
     guint           *row_out,
     guint           *biome_out,
     graphene_rect_t *segment)
{
  Layout l;

  if (!compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), &l))
    return FALSE;
  for (guint r = 0; r < self->rows->len; r++)
    {
      Row *row = g_ptr_array_index (self->rows, r);
      double top = row_top (r);

      if (y < top || y >= top + BAR_HEIGHT || row->total <= 0.0)
        continue;
      for (guint biome = 0; biome < row->n; biome++)
        {
          double start, end;

          segment_edges (&l, row, biome, &start, &end);
          if (x >= start && x < end)
            {
              if (row_out != NULL)
                *row_out = r;
              if (biome_out != NULL)
                *biome_out = biome;
              if (segment != NULL)
                *segment = GRAPHENE_RECT_INIT ((float) start, (float) top, (float) (end - start),
                                               (float) BAR_HEIGHT);
              return TRUE;
            }
        }
    }
  return FALSE;
}

gboolean
ms_biome_bars_hit (MsBiomeBars *self,
                   double       x,
                   double       y,
                   guint       *row,
                   guint       *biome)
{
  g_return_val_if_fail (MS_IS_BIOME_BARS (self), FALSE);

  return hit (self, x, y, row, biome, NULL);
}

/* -------------------------------------------------------------- drawing --- */



/* A 1 px frame just inside @rect. */
static void
append_frame (GtkSnapshot           *snapshot,
              const graphene_rect_t *rect,
              const GdkRGBA         *colour)
{
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline, rect, 0);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { *colour, *colour, *colour, *colour });
}

typedef struct
{
  GtkSnapshot   *snapshot;
  const GdkRGBA *fg;
  double         line_height;
} LegendDraw;

static void
draw_legend_entry (MsBiomeBars *self,
                   guint        biome,
                   PangoLayout *layout,
                   double       x,
                   double       y,
                   gpointer     data)
{
  LegendDraw *draw = data;
  GdkRGBA colour = biome_colour (self, biome);
  /* Pale biomes (snow) need an edge against a pale background. */
  GdkRGBA edge = { 0, 0, 0, 0.4f };
  double top = round (y + (draw->line_height - SWATCH_SIZE) / 2);
  graphene_rect_t swatch = GRAPHENE_RECT_INIT ((float) x, (float) top, (float) SWATCH_SIZE,
                                               (float) SWATCH_SIZE);
  int h;

  gtk_snapshot_append_color (draw->snapshot, &colour, &swatch);
  append_frame (draw->snapshot, &swatch, &edge);
  pango_layout_get_pixel_size (layout, NULL, &h);
  ms_chart_append_layout_at (draw->snapshot, layout, x + SWATCH_SIZE + SWATCH_GAP,
                    y + (draw->line_height - h) / 2, draw->fg);
}


static void
ms_biome_bars_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  MsBiomeBars *self = MS_BIOME_BARS (widget);
  int width = gtk_widget_get_width (widget);
  GdkRGBA fg, frame;
  LegendDraw legend;
  Layout l;

  ms_chart_get_foreground (widget, &fg);
  if (self->rows->len == 0)
    {
      ms_chart_snapshot_placeholder (widget, snapshot, _("Select seeds to compare their biomes"), &fg, PAD);
      return;
    }
  if (!compute_layout (self, width, &l))
    return;

  frame = fg;
  frame.alpha *= 0.25f;
  for (guint r = 0; r < self->rows->len; r++)
    {
      Row *row = g_ptr_array_index (self->rows, r);
      g_autoptr(PangoLayout) layout = create_label_layout (self, row->label);
      graphene_rect_t bar = GRAPHENE_RECT_INIT ((float) l.bar_x, (float) row_top (r),
                                                (float) l.bar_width, (float) BAR_HEIGHT);
      graphene_rect_t outside;
      int h;

      pango_layout_get_pixel_size (layout, NULL, &h);
      ms_chart_append_layout_at (snapshot, layout, PAD, row_top (r) + (BAR_HEIGHT - h) / 2, &fg);

      /* The frame just outside the bar, so every pixel inside is a
       * biome's colour; an empty row is only its frame. */
      graphene_rect_inset_r (&bar, -1, -1, &outside);
      append_frame (snapshot, &outside, &frame);
      if (row->total <= 0.0)
        continue;
      for (guint biome = 0; biome < row->n; biome++)
        {
          GdkRGBA colour = biome_colour (self, biome);
          double start, end;

          segment_edges (&l, row, biome, &start, &end);
          if (end > start)
            gtk_snapshot_append_color (snapshot, &colour,
                                       &GRAPHENE_RECT_INIT ((float) start, bar.origin.y,
                                                            (float) (end - start),
                                                            bar.size.height));
        }
    }

  legend.snapshot = snapshot;
  legend.fg = &fg;
  legend.line_height = MAX ((double) l.line_height, SWATCH_SIZE);
  lay_out_legend (self, &l, width, draw_legend_entry, &legend);
}

static GtkSizeRequestMode
ms_biome_bars_get_request_mode (GtkWidget *widget)
{
  /* The key wraps: the narrower, the more lines. */
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ms_biome_bars_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  MsBiomeBars *self = MS_BIOME_BARS (widget);
  Layout l;

  compute_columns (self, &l);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = MAX (MIN_WIDTH, (int) l.bar_x + 400);
    }
  else if (self->rows->len == 0)
    {
      *minimum = *natural = EMPTY_HEIGHT;
    }
  else
    {
      int width = for_size >= 0 ? for_size : MAX (MIN_WIDTH, (int) l.bar_x + 400);
      double legend = lay_out_legend (self, &l, width, NULL, NULL);

      *minimum = *natural = (int) ceil (l.legend_y + legend + PAD);
    }
}

static gboolean
ms_biome_bars_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard,
                             GtkTooltip *tooltip)
{
  MsBiomeBars *self = MS_BIOME_BARS (widget);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  graphene_rect_t segment;
  guint r, biome;

  if (keyboard || !hit (self, x, y, &r, &biome, &segment))
    return FALSE;

  name = dup_biome_name (self, biome);
  /* Translators: a biome and its share of a map's pixels, in the biome bars' tooltip */
  text = g_strdup_printf (_("%s: %.1f %%"), name, share (g_ptr_array_index (self->rows, r), biome));
  gtk_tooltip_set_text (tooltip, text);
  /* Asked again on leaving the segment, so the next one gets its own text. */
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                              (int) segment.origin.x, (int) segment.origin.y,
                              (int) segment.size.width, (int) segment.size.height });
  return TRUE;
}

static void
ms_biome_bars_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ms_biome_bars_parent_class)->css_changed (widget, change);
  /* The font may have changed, and with it the label column and the key. */
  gtk_widget_queue_resize (widget);
}

/* -------------------------------------------------------------- content --- */

/* What a screen reader says instead of the picture: every row's shares. */
static void
update_accessible (MsBiomeBars *self)
{
  g_autoptr(GString) text = NULL;

  if (self->rows->len == 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Biome shares: none"), -1);
      return;
    }

  text = g_string_new (_("Biome shares"));
  for (guint r = 0; r < self->rows->len; r++)
    {
      Row *row = g_ptr_array_index (self->rows, r);
      gboolean first = TRUE;

      g_string_append_printf (text, r == 0 ? ": %s" : "; %s", row->label);
      for (guint biome = 0; biome < row->n; biome++)
        {
          g_autofree char *name = NULL;

          if (share (row, biome) <= 0.0)
            continue;
          name = dup_biome_name (self, biome);
          g_string_append (text, first ? ": " : ", ");
          /* Translators: a biome and its share of a map's pixels, for screen readers */
          g_string_append_printf (text, _("%s %.1f %%"), name, share (row, biome));
          first = FALSE;
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str,
                                  -1);
}

static void
changed (MsBiomeBars *self)
{
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
ms_biome_bars_set_biomes (MsBiomeBars        *self,
                          guint               n_biomes,
                          const char *const  *names,
                          const GdkRGBA      *colours)
{
  g_return_if_fail (MS_IS_BIOME_BARS (self));
  g_return_if_fail (n_biomes == 0 || (names != NULL && colours != NULL));

  g_strfreev (self->names);
  g_free (self->colours);
  self->n_biomes = n_biomes;
  self->names = g_new0 (char *, n_biomes + 1);
  for (guint i = 0; i < n_biomes; i++)
    self->names[i] = g_strdup (names[i]);
  self->colours = g_memdup2 (colours, n_biomes * sizeof *colours);
  changed (self);
}

void
ms_biome_bars_clear (MsBiomeBars *self)
{
  g_return_if_fail (MS_IS_BIOME_BARS (self));

  if (self->rows->len == 0)
    return;
  g_ptr_array_set_size (self->rows, 0);
  changed (self);
}

void
ms_biome_bars_add_row (MsBiomeBars  *self,
                       const char   *label,
                       const double *pct,
                       guint         n)
{
  Row *row;

  g_return_if_fail (MS_IS_BIOME_BARS (self));
  g_return_if_fail (label != NULL);
  g_return_if_fail (n == 0 || pct != NULL);

  row = g_new0 (Row, 1);
  row->label = g_strdup (label);
  row->pct = g_memdup2 (pct, n * sizeof *pct);
  row->n = n;
  for (guint i = 0; i < n; i++)
    row->total += share (row, i);
  g_ptr_array_add (self->rows, row);
  changed (self);
}

guint
ms_biome_bars_get_n_rows (MsBiomeBars *self)
{
  g_return_val_if_fail (MS_IS_BIOME_BARS (self), 0);
  return self->rows->len;
}

/* --------------------------------------------------------------- object --- */

static void
ms_biome_bars_finalize (GObject *object)
{
  MsBiomeBars *self = MS_BIOME_BARS (object);

  g_ptr_array_unref (self->rows);
  g_strfreev (self->names);
  g_free (self->colours);
  G_OBJECT_CLASS (ms_biome_bars_parent_class)->finalize (object);
}

static void
ms_biome_bars_class_init (MsBiomeBarsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ms_biome_bars_finalize;
  widget_class->get_request_mode = ms_biome_bars_get_request_mode;
  widget_class->measure = ms_biome_bars_measure;
  widget_class->snapshot = ms_biome_bars_snapshot;
  widget_class->query_tooltip = ms_biome_bars_query_tooltip;
  widget_class->css_changed = ms_biome_bars_css_changed;

  gtk_widget_class_set_css_name (widget_class, "biomebars");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ms_biome_bars_init (MsBiomeBars *self)
{
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->names = g_new0 (char *, 1);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  update_accessible (self);
}

GtkWidget *
ms_biome_bars_new (void)
{
  return g_object_new (MS_TYPE_BIOME_BARS, NULL);
}
