/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The comparison's figures as a table: one row per figure of an
 * MsBlueprintDiff (what `mapsmith-cli diff --json` prints), columns A, B
 * and B − A, rows that differ marked "warning".
 */
#define G_LOG_DOMAIN "ms-diff-table"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-diff-table.h"

#define N_COLUMNS 3

typedef struct
{
  GtkLabel *cells[N_COLUMNS];
} Row;

struct _MsDiffTable
{
  GtkWidget   parent_instance;

  GtkGrid    *grid;
  GHashTable *rows;           /* key → Row */
  guint       next_row;
};

G_DEFINE_FINAL_TYPE (MsDiffTable, ms_diff_table, GTK_TYPE_WIDGET)

static GtkLabel *
new_cell (const char *text,
          float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "numeric");
  return GTK_LABEL (label);
}

static void
add_heading (MsDiffTable     *self,
             const char      *title)
{
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  if (self->next_row > 1)
    gtk_widget_set_margin_top (label, 12);
  gtk_grid_attach (self->grid, label, 0, (int) self->next_row++, 1 + N_COLUMNS, 1);
}

/* A row of the table; @differs marks it for the eye (and for tests). */
static void
add_row (MsDiffTable     *self,
         const char      *key,
         const char      *title,
         const char      *text_a,
         const char      *text_b,
         const char      *text_d,
         gboolean         differs)
{
  const char *texts[N_COLUMNS] = { text_a, text_b, text_d };
  GtkWidget *title_label = gtk_label_new (title);
  Row *row = g_new0 (Row, 1);

  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  /* Room for "highway length" or a biome's name before any ellipsis. */
  gtk_label_set_width_chars (GTK_LABEL (title_label), 15);
  gtk_label_set_max_width_chars (GTK_LABEL (title_label), 22);
  gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (title_label, title);
  gtk_grid_attach (self->grid, title_label, 0, (int) self->next_row, 1, 1);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      row->cells[c] = new_cell (texts[c] != NULL ? texts[c] : "", 1.0f);
      if (differs)
        gtk_widget_add_css_class (GTK_WIDGET (row->cells[c]), "warning");
      gtk_grid_attach (self->grid, GTK_WIDGET (row->cells[c]), 1 + (int) c, (int) self->next_row, 1, 1);
    }
  if (differs)
    gtk_widget_add_css_class (title_label, "warning");
  self->next_row++;
  g_hash_table_replace (self->rows, g_strdup (key), row);
}

static void
add_count_row (MsDiffTable     *self,
               const char      *key,
               const char      *title,
               guint64          a,
               guint64          b)
{
  g_autofree char *ta = g_strdup_printf ("%" G_GUINT64_FORMAT, a);
  g_autofree char *tb = g_strdup_printf ("%" G_GUINT64_FORMAT, b);
  g_autofree char *td = NULL;

  if (b >= a)
    td = g_strdup_printf ("+%" G_GUINT64_FORMAT, b - a);
  else
    td = g_strdup_printf ("−%" G_GUINT64_FORMAT, a - b);
  add_row (self, key, title, ta, tb, a == b ? "0" : td, a != b);
}

static char *
format_real (double      value,
             int         digits,
             const char *unit)
{
  if (!isfinite (value))
    return g_strdup ("—");
  /* A true minus sign, as the B − A column has. */
  return g_strdup_printf ("%s%.*f%s%s", signbit (value) ? "−" : "", digits, fabs (value),
                          unit != NULL ? " " : "", unit != NULL ? unit : "");
}

/* @unit (or NULL) follows each figure, so a length never reads as pixels. */
static void
add_real_row (MsDiffTable     *self,
              const char      *key,
              const char      *title,
              double           a,
              double           b,
              int              digits,
              const char      *unit)
{
  g_autofree char *ta = format_real (a, digits, unit);
  g_autofree char *tb = format_real (b, digits, unit);
  g_autofree char *td = NULL;

  /* Compared as shown, so a row never looks equal and marked. */
  if (g_strcmp0 (ta, tb) == 0)
    td = g_strdup (isfinite (a) ? "0" : "—");
  else if (isfinite (a) && isfinite (b))
    td = g_strdup_printf ("%s%.*f%s%s", b >= a ? "+" : "−", digits, fabs (b - a),
                          unit != NULL ? " " : "", unit != NULL ? unit : "");
  add_row (self, key, title, ta, tb, td != NULL ? td : "—", g_strcmp0 (ta, tb) != 0);
}

/* Figures that only exist for the pair: the Δ column alone. */
static void
add_change_row (MsDiffTable     *self,
                const char      *key,
                const char      *title,
                const char      *text,
                gboolean         differs)
{
  add_row (self, key, title, "", "", text, differs);
}

/* A count one map may not have (WBID missing): "none" there. */
static void
add_optional_count_row (MsDiffTable *self,
                        const char  *key,
                        const char  *title,
                        gboolean     has_a,
                        guint64      a,
                        gboolean     has_b,
                        guint64      b)
{
  g_autofree char *ta = NULL, *tb = NULL;

  if (has_a && has_b)
    {
      add_count_row (self, key, title, a, b);
      return;
    }
  ta = has_a ? g_strdup_printf ("%" G_GUINT64_FORMAT, a) : g_strdup (_("none"));
  tb = has_b ? g_strdup_printf ("%" G_GUINT64_FORMAT, b) : g_strdup (_("none"));
  add_row (self, key, title, ta, tb, "—", has_a != has_b);
}

/* Figures of text, or real numbers shown as `mapsmith-cli diff` shows
 * them (%g): equal or not, no arithmetic. */
static void
add_text_row (MsDiffTable *self,
              const char  *key,
              const char  *title,
              const char  *ta,
              const char  *tb)
{
  gboolean same = g_strcmp0 (ta, tb) == 0;

  add_row (self, key, title, ta, tb, same ? "=" : "≠", !same);
}

static char *
param_text (const MsBlueprintParams *p,
            const char              *field)
{
  if (p == NULL)
    return g_strdup ("—");
  if (g_str_equal (field, "world-seed"))
    return g_strdup_printf ("%d", p->world_seed);
  if (g_str_equal (field, "map-size"))
    return g_strdup_printf ("%d", p->map_size);
  if (g_str_equal (field, "crater-radius"))
    return g_strdup_printf ("%g", p->crater_radius);
  if (g_str_equal (field, "density-multiplier"))
    return g_strdup_printf ("%g", p->density_multiplier);
  if (g_str_equal (field, "impact-x"))
    return g_strdup_printf ("%g", p->impact_center_x);
  if (g_str_equal (field, "impact-y"))
    return g_strdup_printf ("%g", p->impact_center_y);
  /* An empty string still reads as a figure, not as a missing cell. */
  if (g_str_equal (field, "generated"))
    return g_strdup (p->generated_utc != NULL && *p->generated_utc ? p->generated_utc : _("(empty)"));
  if (g_str_equal (field, "git-hash"))
    return g_strdup (p->generator_git_hash != NULL && *p->generator_git_hash ? p->generator_git_hash
                                                                              : _("(empty)"));
  g_assert (g_str_equal (field, "sentinel"));
  return g_strdup (ms_blueprint_params_is_sentinel (p) ? _("yes") : _("no"));
}

/* PRMS, every field `diff --json` prints under "params" ("—" for a v1
 * file, which has none); the seed keeps its old key, "seed". */
static void
add_params_rows (MsDiffTable             *self,
                 const MsBlueprintParams *ra,
                 const MsBlueprintParams *rb)
{
  static const struct { const char *field, *key, *title; } fields[] = {
    { "world-seed", "seed", N_("World seed") },
    { "map-size", "params:map-size", N_("Map size in PRMS") },
    { "crater-radius", "params:crater-radius", N_("Crater radius") },
    { "density-multiplier", "params:density-multiplier", N_("Density multiplier") },
    { "impact-x", "params:impact-x", N_("Impact centre x") },
    { "impact-y", "params:impact-y", N_("Impact centre y") },
    { "generated", "params:generated", N_("Generated (UTC)") },
    { "git-hash", "params:git-hash", N_("Generator hash") },
    { "sentinel", "params:sentinel", N_("Sentinel parameters") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *ta = param_text (ra, fields[i].field);
      g_autofree char *tb = param_text (rb, fields[i].field);

      add_text_row (self, fields[i].key, _(fields[i].title), ta, tb);
    }
}

static const char *
label_of (MsBlueprint   *a,
          MsBlueprint   *b,
          MsProfileEnum  kind,
          guint          i)
{
  MsProfile *pa = ms_blueprint_get_profile (a);
  const char *name = i < ms_profile_get_count (pa, kind) ? ms_profile_get_label (pa, kind, i)
                                                         : ms_profile_get_label (ms_blueprint_get_profile (b), kind, i);

  return name != NULL ? name : "?";
}

/* The biome transitions, A's biome to B's, one row each that happened
 * (`diff --json`'s biome_transitions without its zeros). */
static void
add_transition_rows (MsDiffTable           *self,
                     MsBlueprint           *a,
                     MsBlueprint           *b,
                     const MsBlueprintDiff *diff)
{
  gboolean any = FALSE;

  for (guint from = 0; from < diff->n_biomes; from++)
    for (guint to = 0; to < diff->n_biomes; to++)
      {
        guint64 n = diff->biome_transitions[(gsize) from * diff->n_biomes + to];
        const char *from_name = label_of (a, b, MS_PROFILE_BIOMES, from);
        const char *to_name = label_of (a, b, MS_PROFILE_BIOMES, to);
        g_autofree char *key = NULL, *title = NULL, *text = NULL;

        if (n == 0)
          continue;
        if (!any)
          add_heading (self, diff->normalised ? _("Biome changes, A to B (pixels of the grid)")
                                              : _("Biome changes, A to B (pixels)"));
        any = TRUE;
        key = g_strdup_printf ("transition:%s:%s", from_name, to_name);
        title = g_strdup_printf ("%s → %s", from_name, to_name);
        text = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
        add_change_row (self, key, title, text, TRUE);
      }
}

/* Every figure is the diff's (what `mapsmith-cli diff --json` prints), so
 * two maps of different sizes compare on one grid and lengths in metres. */
void
ms_diff_table_set_diff (MsDiffTable           *self,
                        MsBlueprint           *a,
                        MsBlueprint           *b,
                        const MsBlueprintDiff *diff)
{
  const MsBlueprintParams *ra = ms_blueprint_get_params (a);
  const MsBlueprintParams *rb = ms_blueprint_get_params (b);
  GtkWidget *child;
  g_autofree char *grid_heading = NULL;
  guint towns_a = 0, towns_b = 0;

  g_return_if_fail (MS_IS_DIFF_TABLE (self));
  g_return_if_fail (MS_IS_BLUEPRINT (a) && MS_IS_BLUEPRINT (b));
  g_return_if_fail (diff != NULL);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_hash_table_remove_all (self->rows);
  self->next_row = 0;

  /* Column headings. */
  {
    GtkLabel *ha = new_cell (_("A"), 1.0f), *hb = new_cell (_("B"), 1.0f), *hd = new_cell (_("B − A"), 1.0f);

    gtk_widget_add_css_class (GTK_WIDGET (ha), "heading");
    gtk_widget_add_css_class (GTK_WIDGET (hb), "heading");
    gtk_widget_add_css_class (GTK_WIDGET (hd), "heading");
    gtk_grid_attach (self->grid, GTK_WIDGET (ha), 1, 0, 1, 1);
    gtk_grid_attach (self->grid, GTK_WIDGET (hb), 2, 0, 1, 1);
    gtk_grid_attach (self->grid, GTK_WIDGET (hd), 3, 0, 1, 1);
    self->next_row = 1;
  }

  add_heading (self, _("Parameters"));
  add_params_rows (self, ra, rb);
  add_count_row (self, "size", _("Map size (px)"), diff->size_a, diff->size_b);
  {
    g_autofree char *grid = g_strdup_printf ("%u", diff->grid_size);
    g_autofree char *metres = g_strdup_printf ("%g %s", diff->metres_per_pixel, _("m"));

    /* Both maps are read on the larger one's grid, nearest samples when
     * the sizes differ: every pixel count below is of that grid. */
    add_change_row (self, "grid-size", _("Grid (px)"), grid, FALSE);
    add_change_row (self, "normalised", _("Sizes differ"),
                    diff->normalised ? _("yes") : _("no"), diff->normalised);
    add_change_row (self, "metres-per-pixel", _("Grid pixel"), metres, FALSE);
  }

  /* Translators: 1 raw height unit is 251 metres. */
  add_heading (self, _("Height (raw units, 1 = 251 m)"));
  add_real_row (self, "height-min", _("Lowest"), diff->heights_a.min, diff->heights_b.min, 4, NULL);
  add_real_row (self, "height-max", _("Highest"), diff->heights_a.max, diff->heights_b.max, 4, NULL);
  add_real_row (self, "height-mean", _("Mean"), diff->heights_a.mean, diff->heights_b.mean, 4, NULL);
  /* NaN or infinite heights are left out of the three above: say how many. */
  add_count_row (self, "height-finite", _("Finite heights"), diff->heights_a.finite, diff->heights_b.finite);

  grid_heading = diff->normalised
    /* Translators: %u is the comparison grid's size. */
    ? g_strdup_printf (_("Biomes (pixels of the %u × %u grid)"), diff->grid_size, diff->grid_size)
    : g_strdup (_("Biomes (pixels)"));
  add_heading (self, grid_heading);
  for (guint i = 0; i < diff->n_biomes; i++)
    {
      const char *name = label_of (a, b, MS_PROFILE_BIOMES, i);
      g_autofree char *key = g_strdup_printf ("biome:%s", name);

      if (diff->biome_counts_a[i] == 0 && diff->biome_counts_b[i] == 0)
        continue;  /* the profile's biomes neither map has */
      add_count_row (self, key, name, diff->biome_counts_a[i], diff->biome_counts_b[i]);
    }

  add_heading (self, diff->normalised ? _("Water (pixels of the grid)") : _("Water"));
  add_optional_count_row (self, "water-bodies", _("Water bodies"), diff->has_water_a, diff->bodies_a,
                          diff->has_water_b, diff->bodies_b);
  add_optional_count_row (self, "lakes", _("Lakes"), diff->has_water_a, diff->lakes_a,
                          diff->has_water_b, diff->lakes_b);
  add_count_row (self, "water-pixels", _("Water pixels"), diff->water_a, diff->water_b);

  add_heading (self, _("Towns"));
  for (guint t = 0; t < diff->n_tiers; t++)
    {
      towns_a += diff->towns_a[t];
      towns_b += diff->towns_b[t];
    }
  add_count_row (self, "towns", _("All tiers"), towns_a, towns_b);
  for (guint t = 0; t < diff->n_tiers; t++)
    {
      const char *name = label_of (a, b, MS_PROFILE_TOWN_TIERS, t);
      g_autofree char *key = g_strdup_printf ("towns:%s", name);

      add_count_row (self, key, name, diff->towns_a[t], diff->towns_b[t]);
    }

  add_heading (self, _("Roads (paths; length in metres)"));
  for (guint tier = 0; tier < MS_N_ROAD_TIERS; tier++)
    {
      const char *name = ms_road_tier_to_key (tier);
      g_autofree char *paths_key = g_strdup_printf ("roads:%s:paths", name);
      g_autofree char *length_key = g_strdup_printf ("roads:%s:length", name);
      /* Translators: %s is a road tier's key, e.g. "highway". */
      g_autofree char *paths_title = g_strdup_printf (_("%s paths"), name);
      /* Translators: %s is a road tier's key, e.g. "highway". */
      g_autofree char *length_title = g_strdup_printf (_("%s length"), name);

      g_autofree char *points_key = g_strdup_printf ("roads:%s:points", name);
      g_autofree char *own_key = g_strdup_printf ("roads:%s:length-px", name);
      g_autofree char *grid_key = g_strdup_printf ("roads:%s:length-grid", name);
      /* Translators: %s is a road tier's key, e.g. "highway". */
      g_autofree char *points_title = g_strdup_printf (_("%s points"), name);
      /* Translators: %s is a road tier's key; the length in each map's own pixels. */
      g_autofree char *own_title = g_strdup_printf (_("%s length (px)"), name);
      /* Translators: %s is a road tier's key; the length in comparison-grid pixels. */
      g_autofree char *grid_title = g_strdup_printf (_("%s length (grid)"), name);

      add_count_row (self, paths_key, paths_title, diff->roads_a[tier].paths, diff->roads_b[tier].paths);
      add_count_row (self, points_key, points_title, diff->roads_a[tier].points, diff->roads_b[tier].points);
      /* Translators: metres, after a road length. */
      add_real_row (self, length_key, length_title, diff->roads_a[tier].length_m,
                    diff->roads_b[tier].length_m, 0, _("m"));
      add_real_row (self, own_key, own_title, diff->roads_a[tier].length_own,
                    diff->roads_b[tier].length_own, 1, NULL);
      /* On one grid the two lengths in pixels are the same figure. */
      if (diff->normalised)
        add_real_row (self, grid_key, grid_title, diff->roads_a[tier].length,
                      diff->roads_b[tier].length, 1, NULL);
    }

  add_heading (self, diff->normalised ? _("Changed pixels (of the grid)") : _("Changed pixels"));
  {
    g_autofree char *biome = g_strdup_printf ("%" G_GUINT64_FORMAT, diff->biome_changed);
    g_autofree char *gained = g_strdup_printf ("%" G_GUINT64_FORMAT, diff->water_gained);
    g_autofree char *lost = g_strdup_printf ("%" G_GUINT64_FORMAT, diff->water_lost);
    g_autofree char *dmin = format_real (diff->height_min, 4, NULL);
    g_autofree char *dmax = format_real (diff->height_max, 4, NULL);
    g_autofree char *dmean = format_real (diff->height_mean_abs, 4, NULL);
    g_autofree char *drms = format_real (diff->height_rms, 4, NULL);
    g_autofree char *compared = g_strdup_printf ("%" G_GUINT64_FORMAT, diff->height_compared);
    g_autofree char *skipped = g_strdup_printf ("%" G_GUINT64_FORMAT, diff->height_skipped);

    add_change_row (self, "changed:biome", _("Biome"), biome, diff->biome_changed > 0);
    add_change_row (self, "changed:water-gained", _("Water gained"), gained, diff->water_gained > 0);
    add_change_row (self, "changed:water-lost", _("Water lost"), lost, diff->water_lost > 0);
    add_heading (self, _("Height change B − A (raw units)"));
    add_change_row (self, "changed:height-min", _("Largest fall"), dmin, diff->height_min != 0);
    add_change_row (self, "changed:height-max", _("Largest rise"), dmax, diff->height_max != 0);
    add_change_row (self, "changed:height-mean-abs", _("Mean |Δ|"), dmean, diff->height_mean_abs != 0);
    add_change_row (self, "changed:height-rms", _("RMS Δ"), drms, diff->height_rms != 0);
    add_change_row (self, "changed:height-compared", _("Pixels compared"), compared, FALSE);
    /* Translators: pixels where A's or B's height is NaN or infinite. */
    add_change_row (self, "changed:height-skipped", _("Skipped (no height)"), skipped,
                    diff->height_skipped > 0);
  }

  add_transition_rows (self, a, b, diff);
}


GtkLabel *
ms_diff_table_get_cell (MsDiffTable *self,
                        const char  *key,
                        guint        column)
{
  Row *row;

  g_return_val_if_fail (MS_IS_DIFF_TABLE (self), NULL);
  g_return_val_if_fail (column < N_COLUMNS, NULL);

  row = g_hash_table_lookup (self->rows, key);
  return row != NULL ? row->cells[column] : NULL;
}

GtkWidget *
ms_diff_table_new (void)
{
  return g_object_new (MS_TYPE_DIFF_TABLE, NULL);
}

static void
ms_diff_table_dispose (GObject *object)
{
  MsDiffTable *self = MS_DIFF_TABLE (object);

  g_clear_pointer ((GtkWidget **) &self->grid, gtk_widget_unparent);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  G_OBJECT_CLASS (ms_diff_table_parent_class)->dispose (object);
}

static void
ms_diff_table_class_init (MsDiffTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ms_diff_table_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
ms_diff_table_init (MsDiffTable *self)
{
  self->rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->grid, 12);
  gtk_grid_set_row_spacing (self->grid, 2);
  gtk_widget_add_css_class (GTK_WIDGET (self->grid), "compare-table");
  gtk_widget_set_parent (GTK_WIDGET (self->grid), GTK_WIDGET (self));
}
