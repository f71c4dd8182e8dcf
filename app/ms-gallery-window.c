/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One list of MsGalleryItem feeds both views: a GListStore in the folder's
 * order, filtered by the typed expression, sorted by the table's sorter,
 * and one GtkMultiSelection that the cards and the table share, so the
 * cards follow the table's order and both show the same selection.
 *
 * A row's figures arrive after its card: each arrival re-runs the filter
 * and the sort (coalesced in an idle), since neither model watches its
 * items' properties.
 */
#define G_LOG_DOMAIN "ms-gallery"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "ms-biome-bars.h"
#include "ms-blueprint-stats.h"
#include "ms-compare-window.h"
#include "ms-gallery-window.h"
#include "ms-hypsometric-plot.h"
#include "ms-save.h"
#include "ms-settings.h"
#include "ms-stats-filter.h"
#include "ms-window.h"
#include "ms-window-fit.h"

struct _MsGalleryWindow
{
  GtkApplicationWindow  parent_instance;

  GtkEntry             *filter_entry;
  GtkLabel             *count_label;
  GtkLabel             *filter_error;
  GtkStack             *view_stack;
  GtkGridView          *grid_view;
  GtkColumnView        *column_view;
  GtkWidget            *plot;
  GtkWidget            *bars;
  GtkActionBar         *progress_bar;
  GtkProgressBar       *progress;
  GtkLabel             *status_label;
  GtkWidget            *cancel_button;

  GSettings            *settings;
  MsProfile            *profile;
  GStrv                 keys;        /* the row's figures, ms_blueprint_stats_get_keys () */
  guint                 n_keys;
  GListStore           *store;
  GtkCustomFilter      *filter;
  GtkFilterListModel   *filtered;
  GtkCustomSorter      *sorter;      /* the table's sorter, re-run on demand */
  GtkSortListModel     *sorted;
  GtkMultiSelection    *selection;
  MsStatsFilter        *expression;  /* NULL: every row */
  char                 *expression_error;
  double               *values;      /* n_keys scratch for the filter */
  MsGalleryLoader      *loader;
  GCancellable         *cancellable; /* the compare's and export's loads */
  guint                 refresh_id;
};

G_DEFINE_FINAL_TYPE (MsGalleryWindow, ms_gallery_window, GTK_TYPE_APPLICATION_WINDOW)

/* The figures the table shows, with a title and how to write them; a key
 * not listed here (the biomes, the town tiers) is titled in code. */
static const struct
{
  const char *key;
  const char *title;
  guint       decimals;
} figure_columns[] = {
  { "seed", N_("Seed"), 0 },
  { "map_size", N_("Size"), 0 },
  { "land_pct", N_("Land %"), 1 },
  { "water_pct", N_("Water %"), 1 },
  { "ocean_pixels", N_("Ocean px"), 0 },
  { "lake_pixels", N_("Lake px"), 0 },
  { "lakes", N_("Lakes"), 0 },
  { "height_m.min", N_("Min m"), 0 },
  { "height_m.max", N_("Max m"), 0 },
  { "height_m.mean", N_("Mean m"), 0 },
  { "height_m.p5", N_("P5 m"), 0 },
  { "height_m.p50", N_("P50 m"), 0 },
  { "height_m.p95", N_("P95 m"), 0 },
  { "height.min", N_("Min"), 3 },
  { "height.max", N_("Max"), 3 },
  { "height.mean", N_("Mean"), 3 },
  { "height.p5", N_("P5"), 3 },
  { "height.p50", N_("P50"), 3 },
  { "height.p95", N_("P95"), 3 },
  { "hypsometric_integral", N_("HI"), 3 },
  { "coastline_m", N_("Coast km"), 1 },
  { "towns.highway_nodes", N_("Highway nodes"), 0 },
  { "roads_m.highway", N_("Highway km"), 1 },
  { "roads_m.branch", N_("Branch km"), 1 },
  { "roads_m.rugged", N_("Rugged km"), 1 },
  { "roads_m.trail", N_("Trail km"), 1 },
  { "audit.errors", N_("Errors"), 0 },
  { "audit.warnings", N_("Warnings"), 0 },
};

/* ---- the filter and the sort ---- */

static int
resolve_name (const char *name,
              gpointer    user_data)
{
  MsGalleryWindow *self = user_data;
  g_autofree char *key = ms_blueprint_stats_resolve_name (self->profile, name);

  for (guint i = 0; key != NULL && i < self->n_keys; i++)
    if (g_str_equal (self->keys[i], key))
      return (int) i;
  return -1;
}

static gboolean
filter_func (gpointer object,
             gpointer user_data)
{
  MsGalleryWindow *self = user_data;
  MsGalleryItem *item = object;
  guint n;

  if (self->expression == NULL)
    return TRUE;
  n = MIN (ms_stats_filter_get_n_columns (self->expression), self->n_keys);
  for (guint i = 0; i < n; i++)
    self->values[i] = ms_gallery_item_get_value (item, i);
  return ms_stats_filter_matches (self->expression, self->values, n);
}

static int
sort_func (gconstpointer a,
           gconstpointer b,
           gpointer      user_data)
{
  MsGalleryWindow *self = user_data;
  GtkSorter *sorter = gtk_column_view_get_sorter (self->column_view);

  return sorter != NULL ? gtk_sorter_compare (sorter, (gpointer) a, (gpointer) b) : GTK_ORDERING_EQUAL;
}

/* A column's order: numbers ascending, rows without the figure last. */
static int
compare_values (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  guint index = GPOINTER_TO_UINT (user_data);
  double va = ms_gallery_item_get_value ((MsGalleryItem *) a, index);
  double vb = ms_gallery_item_get_value ((MsGalleryItem *) b, index);

  if (isnan (va) || isnan (vb))
    return isnan (va) - isnan (vb);
  return (va > vb) - (va < vb);
}

static int
compare_names (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  g_autofree char *ka = g_utf8_collate_key_for_filename (ms_gallery_item_get_name ((MsGalleryItem *) a), -1);
  g_autofree char *kb = g_utf8_collate_key_for_filename (ms_gallery_item_get_name ((MsGalleryItem *) b), -1);
  int c = strcmp (ka, kb);

  return (c > 0) - (c < 0);
}

static void
update_count (MsGalleryWindow *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  guint all = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  g_autofree char *text = NULL;

  if (shown == all)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u seed", "%u seeds", all), all);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u seed", "%u of %u seeds", all), shown, all);
  gtk_label_set_text (self->count_label, text);
}

static gboolean
refresh_order (gpointer user_data)
{
  MsGalleryWindow *self = user_data;

  self->refresh_id = 0;
  if (self->expression != NULL)
    gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
  update_count (self);
  return G_SOURCE_REMOVE;
}

static void
queue_refresh (MsGalleryWindow *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_order, self, NULL);
}

static void
on_filter_changed (MsGalleryWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->filter_entry));
  g_autoptr(GError) error = NULL;
  MsStatsFilter *expression = ms_stats_filter_new (text, resolve_name, self, &error);

  g_clear_pointer (&self->expression_error, g_free);
  /* A filter being typed is often half a filter: the last good one
   * stays until this one reads. */
  if (expression == NULL)
    {
      self->expression_error = g_strdup (error->message);
      gtk_label_set_text (self->filter_error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->filter_error), TRUE);
      gtk_widget_add_css_class (GTK_WIDGET (self->filter_entry), "error");
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->filter_error), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->filter_entry), "error");
  g_clear_pointer (&self->expression, ms_stats_filter_free);
  self->expression = expression;
  /* An empty filter compiles too, and matches every row. */
  if (ms_stats_filter_get_n_columns (expression) == 0 && text[strspn (text, " \t")] == '\0')
    g_clear_pointer (&self->expression, ms_stats_filter_free);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

/* ---- the selection's curves, bars and actions ---- */

static GPtrArray *
selected_items (MsGalleryWindow *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  GtkBitsetIter iter;
  guint position;

  for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    g_ptr_array_add (items, g_list_model_get_item (G_LIST_MODEL (self->selection), position));
  return items;
}

static void
update_selection (MsGalleryWindow *self)
{
  g_autoptr(GPtrArray) items = selected_items (self);
  MsHypsometricPlot *plot = MS_HYPSOMETRIC_PLOT (self->plot);
  MsBiomeBars *bars = MS_BIOME_BARS (self->bars);
  guint n_biomes = ms_profile_get_count (self->profile, MS_PROFILE_BIOMES);
  g_autofree double *pct = g_new0 (double, MAX (n_biomes, 1));

  ms_hypsometric_plot_clear (plot);
  ms_biome_bars_clear (bars);
  for (guint i = 0; i < items->len; i++)
    {
      MsGalleryItem *item = items->pdata[i];
      MsBlueprintStats *stats = ms_gallery_item_get_stats (item);
      const double *curve;
      guint n = 0;

      if (stats == NULL || ms_blueprint_stats_get_error (stats) != NULL)
        continue;
      curve = ms_blueprint_stats_get_curve (stats, &n);
      if (curve != NULL)
        {
          g_autofree double *metres = g_new (double, n);

          for (guint k = 0; k < n; k++)
            metres[k] = curve[k] * MS_BLUEPRINT_METRES_PER_RAW;
          ms_hypsometric_plot_add_curve (plot, ms_gallery_item_get_name (item), metres, n);
        }
      for (guint b = 0; b < n_biomes; b++)
        {
          g_autofree char *key = g_strdup_printf ("biome_pct.%u", b);
          const MsStat *stat = ms_blueprint_stats_lookup (stats, key);

          pct[b] = stat != NULL && stat->kind == MS_STAT_DOUBLE ? stat->d : 0;
        }
      ms_biome_bars_add_row (bars, ms_gallery_item_get_name (item), pct, n_biomes);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-selected", items->len == 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.open-selected", items->len > 0);
}

static void
on_selection_changed (MsGalleryWindow *self)
{
  update_selection (self);
}

/* ---- the cards ---- */

static void
card_refresh (GtkListItem *list_item)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  MsGalleryItem *item = gtk_list_item_get_item (list_item);
  GtkPicture *picture = GTK_PICTURE (gtk_widget_get_first_child (box));
  GtkLabel *title = GTK_LABEL (gtk_widget_get_next_sibling (GTK_WIDGET (picture)));
  GtkLabel *subtitle = GTK_LABEL (gtk_widget_get_next_sibling (GTK_WIDGET (title)));
  GtkLabel *figures = GTK_LABEL (gtk_widget_get_next_sibling (GTK_WIDGET (subtitle)));
  MsBlueprintStats *stats;
  const char *error;

  if (item == NULL)
    return;
  stats = ms_gallery_item_get_stats (item);
  error = ms_gallery_item_get_error (item);
  gtk_picture_set_paintable (picture, GDK_PAINTABLE (ms_gallery_item_get_thumbnail (item)));
  gtk_label_set_text (title, ms_gallery_item_get_name (item));
  gtk_label_set_text (subtitle, error != NULL ? _("Could not be read")
                      : ms_gallery_item_get_subtitle (item) != NULL ? ms_gallery_item_get_subtitle (item)
                      : _("Reading…"));
  gtk_widget_set_tooltip_text (box, error);
  if (error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (subtitle), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (subtitle), "error");
  if (stats != NULL && error == NULL)
    {
      const MsStat *land = ms_blueprint_stats_lookup (stats, "land_pct");
      const MsStat *lakes = ms_blueprint_stats_lookup (stats, "lakes");
      g_autofree char *text = NULL;

      if (lakes != NULL && lakes->kind == MS_STAT_INT)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Land %.1f %% · %d lake", "Land %.1f %% · %d lakes",
                                             (gulong) lakes->i),
                                land->d, (int) lakes->i);
      else
        text = g_strdup_printf (_("Land %.1f %%"), land->d);
      gtk_label_set_text (figures, text);
    }
  else
    gtk_label_set_text (figures, "");
}

static void
on_card_item_notify (GtkListItem *list_item)
{
  card_refresh (list_item);
}

static void
card_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *picture = gtk_picture_new ();
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);
  GtkWidget *figures = gtk_label_new (NULL);

  gtk_widget_add_css_class (box, "seed-card");
  gtk_widget_set_size_request (picture, 144, 144);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_CONTAIN);
  gtk_widget_add_css_class (picture, "seed-thumbnail");
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 18);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_add_css_class (figures, "dim-label");
  gtk_widget_add_css_class (figures, "caption");
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_box_append (GTK_BOX (box), figures);
  gtk_list_item_set_child (list_item, box);
}

static void
card_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  MsGalleryItem *item = gtk_list_item_get_item (list_item);

  g_signal_connect_object (item, "notify", G_CALLBACK (on_card_item_notify), list_item, G_CONNECT_SWAPPED);
  card_refresh (list_item);
}

static void
card_unbind (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  MsGalleryItem *item = gtk_list_item_get_item (list_item);

  if (item != NULL)
    g_signal_handlers_disconnect_by_func (item, on_card_item_notify, list_item);
}

/* ---- the table ---- */

typedef struct
{
  guint index;     /* in keys; G_MAXUINT for the name */
  guint decimals;
  double scale;    /* metres shown as km */
} ColumnSpec;

static void
cell_refresh (GtkListItem *list_item)
{
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (list_item));
  MsGalleryItem *item = gtk_list_item_get_item (list_item);
  const ColumnSpec *spec = g_object_get_data (G_OBJECT (label), "ms-column");
  MsBlueprintStats *stats;
  g_autofree char *text = NULL;
  double value;

  if (item == NULL)
    return;
  if (spec->index == G_MAXUINT)
    {
      gtk_label_set_text (label, ms_gallery_item_get_name (item));
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), ms_gallery_item_get_error (item));
      if (ms_gallery_item_get_error (item) != NULL)
        gtk_widget_add_css_class (GTK_WIDGET (label), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (label), "error");
      return;
    }
  stats = ms_gallery_item_get_stats (item);
  value = ms_gallery_item_get_value (item, spec->index);
  /* Not measured yet: blank; measured without the figure: a dash. */
  if (stats == NULL)
    text = g_strdup ("");
  else if (isnan (value))
    text = g_strdup ("—");
  else
    text = g_strdup_printf ("%.*f", (int) spec->decimals, value * spec->scale);
  gtk_label_set_text (label, text);
}

static void
on_cell_item_notify (GtkListItem *list_item)
{
  cell_refresh (list_item);
}

static void
cell_setup (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  ColumnSpec *spec = user_data;
  GtkWidget *label = gtk_label_new (NULL);

  g_object_set_data (G_OBJECT (label), "ms-column", spec);
  /* on_table_pressed () finds the row of a click through its cell. */
  g_object_set_data (G_OBJECT (label), "ms-list-item", list_item);
  if (spec->index == G_MAXUINT)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      gtk_label_set_width_chars (GTK_LABEL (label), 16);
    }
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
    }
  gtk_list_item_set_child (list_item, label);
}

static void
cell_bind (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  MsGalleryItem *item = gtk_list_item_get_item (list_item);

  g_signal_connect_object (item, "notify", G_CALLBACK (on_cell_item_notify), list_item, G_CONNECT_SWAPPED);
  cell_refresh (list_item);
}

static void
cell_unbind (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  MsGalleryItem *item = gtk_list_item_get_item (list_item);

  if (item != NULL)
    g_signal_handlers_disconnect_by_func (item, on_cell_item_notify, list_item);
}

static void
add_column (MsGalleryWindow *self,
            const char      *title,
            const char      *key,
            guint            index,
            guint            decimals,
            double           scale)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  ColumnSpec *spec = g_new0 (ColumnSpec, 1);
  g_autoptr(GtkColumnViewColumn) column = NULL;
  g_autoptr(GtkSorter) sorter = NULL;

  spec->index = index;
  spec->decimals = decimals;
  spec->scale = scale;
  /* The factory owns the spec: the cells point at it. */
  g_object_set_data_full (G_OBJECT (factory), "ms-column", spec, g_free);
  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), spec);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), spec);
  g_signal_connect (factory, "unbind", G_CALLBACK (cell_unbind), spec);
  column = gtk_column_view_column_new (title, factory);
  if (index == G_MAXUINT)
    sorter = GTK_SORTER (gtk_custom_sorter_new (compare_names, NULL, NULL));
  else
    sorter = GTK_SORTER (gtk_custom_sorter_new (compare_values, GUINT_TO_POINTER (index), NULL));
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  g_object_set_data_full (G_OBJECT (column), "ms-key", g_strdup (key), g_free);
  gtk_column_view_append_column (self->column_view, column);
}

static guint
key_index (MsGalleryWindow *self,
           const char      *key)
{
  for (guint i = 0; i < self->n_keys; i++)
    if (g_str_equal (self->keys[i], key))
      return i;
  return G_MAXUINT;
}

static void
add_columns (MsGalleryWindow *self)
{
  add_column (self, _("Name"), "name", G_MAXUINT, 0, 1);
  for (guint i = 0; i < G_N_ELEMENTS (figure_columns); i++)
    {
      guint index = key_index (self, figure_columns[i].key);
      gboolean km = g_str_has_suffix (figure_columns[i].title, "km");

      add_column (self, _(figure_columns[i].title), figure_columns[i].key, index, figure_columns[i].decimals,
                  km ? 0.001 : 1.0);
      /* The towns by tier after the highway nodes' place, the biomes
       * after the coast. */
      if (g_str_equal (figure_columns[i].key, "coastline_m"))
        for (guint b = 0; b < ms_profile_get_count (self->profile, MS_PROFILE_BIOMES); b++)
          {
            g_autofree char *key = g_strdup_printf ("biome_pct.%u", b);
            /* Translators: a biome's share of the map, e.g. "Forest %". */
            g_autofree char *title = g_strdup_printf (_("%s %%"), ms_profile_get_label (self->profile,
                                                                                        MS_PROFILE_BIOMES, b));

            add_column (self, title, key, key_index (self, key), 1, 1.0);
          }
      if (g_str_equal (figure_columns[i].key, "hypsometric_integral"))
        continue;
      if (g_str_equal (figure_columns[i].key, "coastline_m"))
        for (guint t = 0; t < ms_profile_get_count (self->profile, MS_PROFILE_TOWN_TIERS); t++)
          {
            g_autofree char *key = g_strdup_printf ("towns.by_tier.%u", t);
            /* Translators: the number of towns of a tier, e.g. "Villages". */
            g_autofree char *title = g_strdup_printf (_("%s towns"), ms_profile_get_label (self->profile,
                                                                                           MS_PROFILE_TOWN_TIERS, t));

            add_column (self, title, key, key_index (self, key), 0, 1.0);
          }
    }
}

/* GTK 4.8's column view undoes a Ctrl+click in the cell it toggled in the
 * row (both handle it), so the table could not add a row to the
 * selection: Ctrl+click toggles the row here, before either. */
static void
on_table_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  MsGalleryWindow *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *picked;
  GtkListItem *list_item = NULL;
  guint position;

  if (n_press != 1 || (state & GDK_CONTROL_MASK) == 0 || (state & GDK_SHIFT_MASK) != 0)
    return;
  picked = gtk_widget_pick (GTK_WIDGET (self->column_view), x, y, GTK_PICK_DEFAULT);
  for (; picked != NULL && list_item == NULL; picked = gtk_widget_get_parent (picked))
    list_item = g_object_get_data (G_OBJECT (picked), "ms-list-item");
  if (list_item == NULL || gtk_list_item_get_item (list_item) == NULL)
    return;
  position = gtk_list_item_get_position (list_item);
  if (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), position))
    gtk_selection_model_unselect_item (GTK_SELECTION_MODEL (self->selection), position);
  else
    gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, FALSE);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* ---- the loader ---- */

static void
update_progress (MsGalleryWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  guint measured = ms_gallery_loader_get_n_measured (self->loader);
  guint audited = ms_gallery_loader_get_n_audited (self->loader);
  gboolean running = ms_gallery_loader_is_running (self->loader);
  g_autofree char *text = NULL;

  gtk_progress_bar_set_fraction (self->progress, ms_gallery_loader_get_fraction (self->loader));
  if (running && measured < n)
    text = g_strdup_printf (_("Reading %u of %u…"), MIN (measured + 1, n), n);
  else if (running)
    text = g_strdup_printf (_("Auditing %u of %u…"), MIN (audited + 1, n), n);
  else if (measured < n || audited < n)
    text = g_strdup_printf (_("Stopped: %u of %u read, %u audited"), measured, n, audited);
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->progress), running);
  gtk_widget_set_visible (self->cancel_button, running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), text != NULL);
}

static void
on_loader_notify (MsGalleryWindow *self)
{
  update_progress (self);
  queue_refresh (self);
  /* The selection's curves and bars may have just got their figures. */
  update_selection (self);
}

/* ---- actions ---- */

static void
open_item (MsGalleryWindow *self,
           MsGalleryItem   *item)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  MsWindow *window = ms_window_new (app);

  ms_window_open_file (window, ms_gallery_item_get_file (item));
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_activate (MsGalleryWindow *self,
             guint            position)
{
  g_autoptr(MsGalleryItem) item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (item != NULL)
    open_item (self, item);
}

static void
open_selected_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (widget);
  g_autoptr(GPtrArray) items = selected_items (self);

  for (guint i = 0; i < items->len; i++)
    open_item (self, items->pdata[i]);
}

typedef struct
{
  GFile      *files[2];
  MsProfile  *profile;
} CompareData;

static void
compare_data_free (CompareData *data)
{
  g_clear_object (&data->files[0]);
  g_clear_object (&data->files[1]);
  g_clear_object (&data->profile);
  g_free (data);
}

static void
compare_open (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CompareData *data = task_data;
  GPtrArray *maps = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_file_get_path (data->files[i]);
      GError *error = NULL;
      MsBlueprint *bp = ms_blueprint_new_for_path_full (path, data->profile, NULL, NULL, cancellable, &error);

      if (bp == NULL)
        {
          g_ptr_array_unref (maps);
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (maps, bp);
    }
  g_task_return_pointer (task, maps, (GDestroyNotify) g_ptr_array_unref);
}

static void
compare_opened (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) maps = g_task_propagate_pointer (G_TASK (result), &error);
  MsCompareWindow *window;

  if (maps == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          gtk_label_set_text (self->status_label, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
        }
      return;
    }
  window = ms_compare_window_new (gtk_window_get_application (GTK_WINDOW (self)), maps->pdata[0], maps->pdata[1]);
  gtk_window_present (GTK_WINDOW (window));
}

static void
compare_selected_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (widget);
  g_autoptr(GPtrArray) items = selected_items (self);
  g_autoptr(GTask) task = NULL;
  CompareData *data;

  if (items->len != 2)
    return;
  data = g_new0 (CompareData, 1);
  data->files[0] = g_object_ref (ms_gallery_item_get_file (items->pdata[0]));
  data->files[1] = g_object_ref (ms_gallery_item_get_file (items->pdata[1]));
  data->profile = g_object_ref (self->profile);
  task = g_task_new (self, self->cancellable, compare_opened, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) compare_data_free);
  g_task_run_in_thread (task, compare_open);
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ms_gallery_loader_cancel (MS_GALLERY_WINDOW (widget)->loader);
}

static void
focus_filter_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (MS_GALLERY_WINDOW (widget)->filter_entry));
}

GBytes *
ms_gallery_window_serialize (MsGalleryWindow *self,
                             MsGalleryFormat  format)
{
  g_autoptr(GString) out = g_string_new (NULL);
  GListModel *rows;

  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);

  rows = G_LIST_MODEL (self->selection);
  if (format == MS_GALLERY_FORMAT_CSV)
    {
      g_autofree char *header = ms_blueprint_stats_csv_header (self->profile);

      g_string_append_printf (out, "%s\n", header);
    }
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(MsGalleryItem) item = g_list_model_get_item (rows, i);
      MsBlueprintStats *stats = ms_gallery_item_get_stats (item);

      /* A file not measured yet has no row to give. */
      if (stats == NULL)
        continue;
      if (format == MS_GALLERY_FORMAT_CSV)
        {
          g_autofree char *line = ms_blueprint_stats_to_csv (stats);

          g_string_append_printf (out, "%s\n", line);
        }
      else
        {
          g_autoptr(JsonNode) node = ms_blueprint_stats_to_json (stats);
          g_autofree char *line = json_to_string (node, FALSE);

          g_string_append_printf (out, "%s\n", line);
        }
    }
  return g_string_free_to_bytes (g_steal_pointer (&out));
}

static void
export_save (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GBytes *bytes = task_data;
  const char *path = g_object_get_data (G_OBJECT (task), "ms-path");
  GError *error = NULL;

  if (ms_save_bytes (path, NULL, MS_SAVE_FLAGS_NONE, bytes, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_saved (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    text = g_strdup_printf (_("Saved %s"), (const char *) g_object_get_data (G_OBJECT (result), "ms-path"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  else
    text = g_strdup (error->message);
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
}

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    MsGalleryWindow *self)
{
  MsGalleryFormat format = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "ms-format"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GTask) task = g_task_new (self, self->cancellable, export_saved, NULL);

      g_task_set_task_data (task, ms_gallery_window_serialize (self, format), (GDestroyNotify) g_bytes_unref);
      g_object_set_data_full (G_OBJECT (task), "ms-path", g_file_get_path (file), g_free);
      g_task_run_in_thread (task, export_save);
    }
  g_object_unref (dialog);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (widget);
  gboolean csv = g_str_equal (g_variant_get_string (parameter, NULL), "csv");
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (csv ? _("Export the Table as CSV") : _("Export the Table as JSON Lines"),
                                        GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), csv ? "seeds.csv" : "seeds.jsonl");
  g_object_set_data (G_OBJECT (dialog), "ms-format",
                     GUINT_TO_POINTER (csv ? MS_GALLERY_FORMAT_CSV : MS_GALLERY_FORMAT_JSON_LINES));
  g_signal_connect (dialog, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* ---- the class ---- */

static void
on_sorter_changed (MsGalleryWindow *self)
{
  gtk_sorter_changed (GTK_SORTER (self->sorter), GTK_SORTER_CHANGE_DIFFERENT);
}

static void
ms_gallery_window_dispose (GObject *object)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (object);

  /* Closing the gallery stops its reading. */
  if (self->loader != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->loader, self);
      ms_gallery_loader_cancel (self->loader);
    }
  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->column_view != NULL)
    {
      GtkSorter *sorter = gtk_column_view_get_sorter (self->column_view);

      if (sorter != NULL)
        g_signal_handlers_disconnect_by_data (sorter, self);
      gtk_column_view_set_model (self->column_view, NULL);
    }
  if (self->grid_view != NULL)
    gtk_grid_view_set_model (self->grid_view, NULL);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_GALLERY_WINDOW);
  G_OBJECT_CLASS (ms_gallery_window_parent_class)->dispose (object);
}

static void
ms_gallery_window_finalize (GObject *object)
{
  MsGalleryWindow *self = MS_GALLERY_WINDOW (object);

  g_clear_object (&self->loader);
  g_clear_object (&self->selection);
  g_clear_object (&self->settings);
  g_clear_object (&self->profile);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->keys, g_strfreev);
  g_clear_pointer (&self->expression, ms_stats_filter_free);
  g_clear_pointer (&self->expression_error, g_free);
  g_clear_pointer (&self->values, g_free);
  G_OBJECT_CLASS (ms_gallery_window_parent_class)->finalize (object);
}

static void
ms_gallery_window_class_init (MsGalleryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_gallery_window_dispose;
  object_class->finalize = ms_gallery_window_finalize;

  g_type_ensure (MS_TYPE_HYPSOMETRIC_PLOT);
  g_type_ensure (MS_TYPE_BIOME_BARS);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/mapsmith/Mapsmith/ms-gallery-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, count_label);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, filter_error);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, grid_view);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, column_view);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, plot);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, bars);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, progress);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, MsGalleryWindow, cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);

  gtk_widget_class_install_action (widget_class, "win.open-selected", NULL, open_selected_action);
  gtk_widget_class_install_action (widget_class, "win.compare-selected", NULL, compare_selected_action);
  gtk_widget_class_install_action (widget_class, "win.export-table", "s", export_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "win.focus-filter", NULL, focus_filter_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.focus-filter", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.compare-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
ms_gallery_window_init (MsGalleryWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  gtk_widget_add_css_class (GTK_WIDGET (self), "seed-gallery");
}

GPtrArray *
ms_gallery_list_folder (GFile   *folder,
                        GError **error)
{
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *order = NULL;

  g_return_val_if_fail (G_IS_FILE (folder), NULL);

  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return NULL;
  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      g_autofree char *lower = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, error))
        return NULL;
      if (info == NULL)
        break;
      lower = g_ascii_strdown (g_file_info_get_name (info), -1);
      if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR && g_str_has_suffix (lower, ".dat"))
        g_ptr_array_add (files, g_object_ref (child));
    }
  /* MapData_Seed_9 before MapData_Seed_10. */
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *name = g_file_get_basename (files->pdata[i]);

      g_ptr_array_add (keys, g_utf8_collate_key_for_filename (name, -1));
    }
  for (guint i = 1; i < files->len; i++)
    for (guint j = i; j > 0 && strcmp (keys->pdata[j - 1], keys->pdata[j]) > 0; j--)
      {
        gpointer t = keys->pdata[j];

        keys->pdata[j] = keys->pdata[j - 1];
        keys->pdata[j - 1] = t;
        t = files->pdata[j];
        files->pdata[j] = files->pdata[j - 1];
        files->pdata[j - 1] = t;
      }
  return g_steal_pointer (&files);
}

MsGalleryWindow *
ms_gallery_window_new (GtkApplication *application,
                       GPtrArray      *files,
                       const char     *title)
{
  MsGalleryWindow *self;
  g_autofree char *profile_path = NULL;
  g_autofree char *window_title = NULL;
  GtkListItemFactory *factory;
  MsBlueprintStyle style;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (files != NULL, NULL);

  self = g_object_new (MS_TYPE_GALLERY_WINDOW, "application", application, NULL);
  self->settings = g_settings_new (MS_SETTINGS_SCHEMA);
  profile_path = g_settings_get_string (self->settings, MS_SETTINGS_PROFILE_PATH);
  if (profile_path[0] != '\0')
    self->profile = ms_profile_new_for_path (profile_path, NULL);
  /* A profile that does not read is the viewer's error to show. */
  if (self->profile == NULL)
    self->profile = ms_profile_new_default ();
  self->keys = ms_blueprint_stats_get_keys (self->profile);
  self->n_keys = g_strv_length (self->keys);
  self->values = g_new0 (double, self->n_keys);

  self->store = g_list_store_new (MS_TYPE_GALLERY_ITEM);
  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(MsGalleryItem) item = ms_gallery_item_new (files->pdata[i]);

      g_list_store_append (self->store, item);
    }

  add_columns (self);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (self->store), GTK_FILTER (self->filter));
  self->sorter = gtk_custom_sorter_new (sort_func, self, NULL);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->filtered), GTK_SORTER (self->sorter));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  g_signal_connect_swapped (gtk_column_view_get_sorter (self->column_view), "changed",
                            G_CALLBACK (on_sorter_changed), self);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->selection, "items-changed", G_CALLBACK (update_count), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  {
    GtkGesture *press = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
    g_signal_connect (press, "pressed", G_CALLBACK (on_table_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (press));
  }

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (card_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (card_bind), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (card_unbind), self);
  gtk_grid_view_set_factory (self->grid_view, factory);
  g_object_unref (factory);
  gtk_grid_view_set_model (self->grid_view, GTK_SELECTION_MODEL (self->selection));

  {
    guint n_biomes = ms_profile_get_count (self->profile, MS_PROFILE_BIOMES);
    g_autofree const char **names = g_new0 (const char *, n_biomes + 1);
    g_autofree GdkRGBA *colours = g_new0 (GdkRGBA, MAX (n_biomes, 1));

    for (guint b = 0; b < n_biomes; b++)
      {
        const MsProfileEntry *entry = ms_profile_get_entry (self->profile, MS_PROFILE_BIOMES, b);

        names[b] = ms_profile_get_label (self->profile, MS_PROFILE_BIOMES, b);
        colours[b] = (GdkRGBA) { entry->red / 255.0f, entry->green / 255.0f, entry->blue / 255.0f, 1.0f };
      }
    ms_biome_bars_set_biomes (MS_BIOME_BARS (self->bars), n_biomes, names, colours);
  }

  window_title = g_strdup_printf (_("Seeds — %s"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  ms_window_fit_default_size (GTK_WINDOW (self), 1200, 800);

  ms_settings_get_blueprint_style (self->settings, &style);
  self->loader = ms_gallery_loader_new (G_LIST_MODEL (self->store), self->profile, &style);
  g_signal_connect_swapped (self->loader, "notify", G_CALLBACK (on_loader_notify), self);
  if (g_getenv ("MAPSMITH_BENCH_GALLERY") != NULL)
    ms_gallery_window_start_bench (self, g_getenv ("MAPSMITH_BENCH_GALLERY"));
  ms_gallery_loader_start (self->loader);
  update_progress (self);
  update_count (self);
  update_selection (self);
  return self;
}

GtkSelectionModel *
ms_gallery_window_get_selection (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return GTK_SELECTION_MODEL (self->selection);
}

MsGalleryLoader *
ms_gallery_window_get_loader (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->loader;
}

GtkColumnView *
ms_gallery_window_get_column_view (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->column_view;
}

GtkGridView *
ms_gallery_window_get_grid_view (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->grid_view;
}

GtkEntry *
ms_gallery_window_get_filter_entry (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->filter_entry;
}

const char *
ms_gallery_window_get_filter_error (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->expression_error;
}

GtkColumnViewColumn *
ms_gallery_window_get_column (MsGalleryWindow *self,
                              const char      *key)
{
  GListModel *columns;

  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);

  columns = gtk_column_view_get_columns (self->column_view);
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "ms-key"), key) == 0)
        return column;
    }
  return NULL;
}

GtkWidget *
ms_gallery_window_get_plot (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->plot;
}

GtkWidget *
ms_gallery_window_get_bars (MsGalleryWindow *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_WINDOW (self), NULL);
  return self->bars;
}
