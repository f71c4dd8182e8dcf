/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsBannerBar: the banner's row, in one line when it fits and in two when
 * it does not.  A GtkBox cannot wrap: at a window's narrowest, a banner's
 * buttons left its text a few pixels, one word a line, and the window's
 * minimum height grew past the screen's (issue #36: 1104 px).
 */
#define G_LOG_DOMAIN "ms-banner-bar"

#include "config.h"

#include "ms-banner-bar.h"

#include <string.h>

/* The banner's spacing between children, and between its two rows. */
#define SPACING 12
#define ROW_SPACING 6
/* In one row the text keeps at least this much (or its natural width when
 * shorter), else the controls wrap below it: two or three lines of text. */
#define TEXT_WIDE_MIN 360
/* Wrapped, the text is never squeezed below this (or its natural width):
 * a few words a line, so the banner's height stays bounded. */
#define TEXT_NARROW_MIN 160
#define MAX_ITEMS 16

struct _MsBannerBar
{
  GtkWidget parent_instance;

  gboolean  wrapped;
};

G_DEFINE_FINAL_TYPE (MsBannerBar, ms_banner_bar, GTK_TYPE_WIDGET)

typedef struct
{
  GtkWidget *widget[MAX_ITEMS];
  int        width[MAX_ITEMS];
  guint      n;
  int        x;
} Row;

/* The bar's children in their three roles; hidden ones are left out. */
typedef struct
{
  Row        lead;   /* before the text: the icon */
  GtkWidget *text;   /* the first child that asks to expand */
  Row        trail;  /* after the text, before the last child */
  GtkWidget *close;  /* the last child, when it comes after the text */
} Parts;

static void
row_add (Row       *row,
         GtkWidget *widget)
{
  g_return_if_fail (row->n < MAX_ITEMS);
  row->widget[row->n++] = widget;
}

static void
get_parts (MsBannerBar *self,
           Parts       *parts)
{
  GtkWidget *last = NULL;

  memset (parts, 0, sizeof *parts);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_should_layout (child))
        continue;
      if (parts->text == NULL && gtk_widget_get_hexpand (child))
        parts->text = child;
      else
        row_add (parts->text == NULL ? &parts->lead : &parts->trail, child);
      last = child;
    }
  if (parts->text != NULL && last != parts->text)
    parts->close = parts->trail.widget[--parts->trail.n];
}

static void
row_measure_width (const Row *row,
                   int       *minimum,
                   int       *natural)
{
  *minimum = *natural = 0;
  for (guint i = 0; i < row->n; i++)
    {
      int min, nat;

      gtk_widget_measure (row->widget[i], GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      *minimum += min + (i > 0 ? SPACING : 0);
      *natural += nat + (i > 0 ? SPACING : 0);
    }
}

static void
measure_width (GtkWidget *widget,
               int       *minimum,
               int       *natural)
{
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, minimum, natural, NULL, NULL);
}

/* The width the text needs beside the controls (@wide) or above them. */
static int
text_floor (GtkWidget *text,
            gboolean   wide)
{
  int min, nat;

  measure_width (text, &min, &nat);
  return MAX (min, MIN (nat, wide ? TEXT_WIDE_MIN : TEXT_NARROW_MIN));
}

/* The width of the row of lead, text and close, the text at @text_width. */
static void
text_row_width (const Parts *parts,
                int          text_width,
                int         *minimum,
                int         *natural)
{
  int lead_min, lead_nat, min, nat;

  row_measure_width (&parts->lead, &lead_min, &lead_nat);
  *minimum = lead_min + (parts->lead.n > 0 ? SPACING : 0) + text_width;
  *natural = lead_nat + (parts->lead.n > 0 ? SPACING : 0) + text_width;
  if (parts->close != NULL)
    {
      measure_width (parts->close, &min, &nat);
      *minimum += SPACING + min;
      *natural += SPACING + nat;
    }
}

static gboolean
is_wrapped (const Parts *parts,
            int          width)
{
  int trail_min, trail_nat, min, nat;

  if (parts->text == NULL || parts->trail.n == 0)
    return FALSE;
  row_measure_width (&parts->trail, &trail_min, &trail_nat);
  text_row_width (parts, text_floor (parts->text, TRUE), &min, &nat);
  return width < nat + SPACING + trail_nat;
}

/* Widths for @row's children in @width: each its minimum, then what is
 * left towards their natural widths, then to those that expand; a row
 * that nothing fills is packed at the end. */
static void
row_fit (Row *row,
         int  width)
{
  GtkRequestedSize sizes[MAX_ITEMS];
  int extra = width - SPACING * ((int) row->n - 1);
  guint n_expand = 0;

  for (guint i = 0; i < row->n; i++)
    {
      measure_width (row->widget[i], &sizes[i].minimum_size, &sizes[i].natural_size);
      sizes[i].data = NULL;
      extra -= sizes[i].minimum_size;
      if (gtk_widget_compute_expand (row->widget[i], GTK_ORIENTATION_HORIZONTAL))
        n_expand++;
    }
  extra = gtk_distribute_natural_allocation (MAX (extra, 0), row->n, sizes);
  row->x = n_expand > 0 ? 0 : extra;
  for (guint i = 0, k = 0; i < row->n; i++)
    {
      row->width[i] = sizes[i].minimum_size;
      if (gtk_widget_compute_expand (row->widget[i], GTK_ORIENTATION_HORIZONTAL))
        row->width[i] += extra / n_expand + (k++ == 0 ? extra % n_expand : 0);
    }
}

static void
row_measure_height (const Row *row,
                    int       *minimum,
                    int       *natural)
{
  *minimum = *natural = 0;
  for (guint i = 0; i < row->n; i++)
    {
      int min, nat;

      gtk_widget_measure (row->widget[i], GTK_ORIENTATION_VERTICAL, row->width[i], &min, &nat, NULL, NULL);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

/* The first row (everything, or lead, text and close) and the second
 * (the controls, when wrapped), fitted to @width. */
static gboolean
lay_out (MsBannerBar *self,
         int          width,
         Row         *first,
         Row         *second)
{
  Parts parts;
  gboolean wrapped;

  get_parts (self, &parts);
  wrapped = is_wrapped (&parts, width);
  *first = parts.lead;
  memset (second, 0, sizeof *second);
  if (parts.text != NULL)
    row_add (first, parts.text);
  if (!wrapped)
    for (guint i = 0; i < parts.trail.n; i++)
      row_add (first, parts.trail.widget[i]);
  else
    *second = parts.trail;
  if (parts.close != NULL)
    row_add (first, parts.close);
  row_fit (first, width);
  if (wrapped)
    row_fit (second, width);
  return wrapped;
}

static void
ms_banner_bar_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  MsBannerBar *self = MS_BANNER_BAR (widget);
  Parts parts;

  get_parts (self, &parts);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int trail_min, trail_nat, min, nat;
      Row all = parts.lead;

      /* Narrowest: wrapped.  Natural: all in one row. */
      row_measure_width (&parts.trail, &trail_min, &trail_nat);
      if (parts.text != NULL)
        text_row_width (&parts, text_floor (parts.text, FALSE), &min, &nat);
      else
        row_measure_width (&parts.lead, &min, &nat);
      *minimum = parts.text != NULL ? MAX (min, trail_min) : min;
      if (parts.text != NULL)
        row_add (&all, parts.text);
      for (guint i = 0; i < parts.trail.n; i++)
        row_add (&all, parts.trail.widget[i]);
      if (parts.close != NULL)
        row_add (&all, parts.close);
      row_measure_width (&all, &min, natural);
      *natural = MAX (*natural, *minimum);
    }
  else
    {
      Row first, second;
      int min, nat;

      if (for_size < 0)
        ms_banner_bar_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &for_size, NULL, NULL);
      lay_out (self, for_size, &first, &second);
      row_measure_height (&first, minimum, natural);
      if (second.n > 0)
        {
          row_measure_height (&second, &min, &nat);
          *minimum += ROW_SPACING + min;
          *natural += ROW_SPACING + nat;
        }
    }
}

static void
row_allocate (GtkWidget *widget,
              const Row *row,
              int        y,
              int        height)
{
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int width = gtk_widget_get_width (widget);
  int x = row->x;

  for (guint i = 0; i < row->n; i++)
    {
      GtkAllocation child = { rtl ? width - x - row->width[i] : x, y, row->width[i], height };

      gtk_widget_size_allocate (row->widget[i], &child, -1);
      x += row->width[i] + SPACING;
    }
}

static void
ms_banner_bar_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  MsBannerBar *self = MS_BANNER_BAR (widget);
  Row first, second;
  int min, nat, second_height = 0;

  self->wrapped = lay_out (self, width, &first, &second);
  if (self->wrapped)
    {
      row_measure_height (&second, &min, &nat);
      second_height = MIN (nat, MAX (min, height / 2));
    }
  row_allocate (widget, &first, 0, MAX (0, height - (self->wrapped ? second_height + ROW_SPACING : 0)));
  if (self->wrapped)
    row_allocate (widget, &second, height - second_height, second_height);
}

static GtkSizeRequestMode
ms_banner_bar_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ms_banner_bar_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ms_banner_bar_parent_class)->dispose (object);
}

static void
ms_banner_bar_class_init (MsBannerBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_banner_bar_dispose;
  widget_class->measure = ms_banner_bar_measure;
  widget_class->size_allocate = ms_banner_bar_size_allocate;
  widget_class->get_request_mode = ms_banner_bar_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "bar");
}

static void
ms_banner_bar_init (MsBannerBar *self)
{
}

gboolean
ms_banner_bar_get_wrapped (MsBannerBar *self)
{
  g_return_val_if_fail (MS_IS_BANNER_BAR (self), FALSE);
  return self->wrapped;
}
