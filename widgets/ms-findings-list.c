/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An audit has at most one finding per check, so a plain GtkListBox is
 * enough.
 */
#define G_LOG_DOMAIN "ms-findings-list"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-findings-list.h"

struct _MsFindingsList
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GtkListBox *list;
  GtkLabel   *status;
  guint       n_rows;
  char       *busy_text, *clean_text;  /* NULL: the blueprint's */
  GtkListBoxRow *just_selected;        /* a click selects, then activates */
};

enum
{
  SIGNAL_FINDING_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsFindingsList, ms_findings_list, GTK_TYPE_WIDGET)

static GtkWidget *
make_row (const MsAuditFinding *finding)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name (finding->severity == MS_AUDIT_SEVERITY_ERROR ?
                                                  "dialog-error-symbolic" : "dialog-warning-symbolic");
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (finding->check);
  GtkWidget *message = gtk_label_new (finding->message);
  g_autofree char *where = NULL;
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, finding->count);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, finding->severity == MS_AUDIT_SEVERITY_ERROR ? "error" : "warning");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (texts), title);
  gtk_box_append (GTK_BOX (texts), message);

  if (finding->has_location)
    /* Translators: where a finding is (file coordinates) and how many pixels it affects. */
    where = g_strdup_printf (_("x %u, y %u · %s affected"), finding->x, finding->y, count);
  else if (finding->count > 0)
    /* Translators: %s is a number of pixels, towns or road points. */
    where = g_strdup_printf (_("%s affected"), count);
  if (where != NULL)
    {
      GtkWidget *label = gtk_label_new (where);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (texts), label);
    }

  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_widget_set_margin_start (row, 6);
  gtk_widget_set_margin_end (row, 6);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), texts);
  return row;
}

static void
on_row_selected (GtkListBox     *list,
                 GtkListBoxRow  *row,
                 MsFindingsList *self)
{
  self->just_selected = row;
  if (row != NULL)
    g_signal_emit (self, signals[SIGNAL_FINDING_SELECTED], 0, (guint) gtk_list_box_row_get_index (row));
}

/* Activating the row already chosen (Enter, a second click) shows it again,
 * after the view has moved away; the click that selected it does not. */
static void
on_row_activated (GtkListBox     *list,
                  GtkListBoxRow  *row,
                  MsFindingsList *self)
{
  if (row == self->just_selected)
    {
      self->just_selected = NULL;
      return;
    }
  g_signal_emit (self, signals[SIGNAL_FINDING_SELECTED], 0, (guint) gtk_list_box_row_get_index (row));
}

/* Tab leaves the list, as it leaves any other control.  GtkListBox would
 * move the focus to the next row, and the selection with it: the finding
 * chosen, and its outline on the map, would change under a keyboard user
 * who only meant to move on.  The arrow keys still go from row to row. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                MsFindingsList        *self)
{
  GtkDirectionType direction;
  GtkRoot *root;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  if (keyval == GDK_KEY_Tab || keyval == GDK_KEY_KP_Tab)
    direction = (state & GDK_SHIFT_MASK) ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
  else if (keyval == GDK_KEY_ISO_Left_Tab)
    direction = GTK_DIR_TAB_BACKWARD;
  else
    return FALSE;

  /* The next control after (or before) this widget, outwards. */
  for (GtkWidget *w = GTK_WIDGET (self); w != NULL && !GTK_IS_ROOT (w); w = gtk_widget_get_parent (w))
    for (GtkWidget *s = direction == GTK_DIR_TAB_FORWARD ? gtk_widget_get_next_sibling (w)
                                                         : gtk_widget_get_prev_sibling (w);
         s != NULL;
         s = direction == GTK_DIR_TAB_FORWARD ? gtk_widget_get_next_sibling (s) : gtk_widget_get_prev_sibling (s))
      if (gtk_widget_child_focus (s, direction))
        return TRUE;
  /* None: round to the window's first (or last) control, as GTK does. */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root != NULL)
    {
      gtk_root_set_focus (root, NULL);
      gtk_widget_child_focus (GTK_WIDGET (root), direction);
    }
  return TRUE;
}

void
ms_findings_list_set_texts (MsFindingsList *self,
                            const char     *busy,
                            const char     *clean)
{
  g_return_if_fail (MS_IS_FINDINGS_LIST (self));

  g_free (self->busy_text);
  g_free (self->clean_text);
  self->busy_text = g_strdup (busy);
  self->clean_text = g_strdup (clean);
}

void
ms_findings_list_set_findings (MsFindingsList *self,
                               GPtrArray      *findings)
{
  GtkWidget *child;

  g_return_if_fail (MS_IS_FINDINGS_LIST (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->n_rows = 0;
  self->just_selected = NULL;

  if (findings == NULL)
    {
      gtk_label_set_text (self->status, self->busy_text != NULL ? self->busy_text : _("Checking the map…"));
      return;
    }

  for (guint i = 0; i < findings->len; i++)
    gtk_list_box_append (self->list, make_row (g_ptr_array_index (findings, i)));
  self->n_rows = findings->len;
  gtk_label_set_text (self->status, findings->len == 0 ?
                      (self->clean_text != NULL ? self->clean_text : _("The map passes every check.")) :
                      _("Select a finding to show where it is."));
}

guint
ms_findings_list_get_n_rows (MsFindingsList *self)
{
  g_return_val_if_fail (MS_IS_FINDINGS_LIST (self), 0);
  return self->n_rows;
}

void
ms_findings_list_select (MsFindingsList *self,
                         guint           index)
{
  g_return_if_fail (MS_IS_FINDINGS_LIST (self));
  /* Past the last row (G_MAXUINT): no row selected. */
  if (index > G_MAXINT || gtk_list_box_get_row_at_index (self->list, (int) index) == NULL)
    gtk_list_box_unselect_all (self->list);
  else
    gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, (int) index));
}

static void
ms_findings_list_dispose (GObject *object)
{
  MsFindingsList *self = MS_FINDINGS_LIST (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->busy_text, g_free);
  g_clear_pointer (&self->clean_text, g_free);
  G_OBJECT_CLASS (ms_findings_list_parent_class)->dispose (object);
}

static void
ms_findings_list_class_init (MsFindingsListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_findings_list_dispose;

  signals[SIGNAL_FINDING_SELECTED] =
    g_signal_new ("finding-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ms_findings_list_init (MsFindingsList *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_xalign (self->status, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->status), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->status), 12);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  g_signal_connect (self->list, "row-selected", G_CALLBACK (on_row_selected), self);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    /* Before the window's own Tab, which asks the list where to go. */
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list), keys);
  }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (self->box), scrolled);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  ms_findings_list_set_findings (self, NULL);
}

GtkWidget *
ms_findings_list_new (void)
{
  return g_object_new (MS_TYPE_FINDINGS_LIST, NULL);
}

/**
 * ms_findings_list_set_tab_count:
 *
 * See ms-findings-list.h.  The switcher shows the title, so the count is
 * seen without opening the page; needs-attention adds the switcher's dot.
 */
void
ms_findings_list_set_tab_count (GtkWidget *page_child,
                            GPtrArray *findings)
{
  GtkWidget *parent;
  GtkStackPage *page;
  g_autofree char *title = NULL;

  g_return_if_fail (GTK_IS_WIDGET (page_child));

  parent = gtk_widget_get_parent (page_child);
  g_return_if_fail (GTK_IS_STACK (parent));
  page = gtk_stack_get_page (GTK_STACK (parent), page_child);
  if (findings == NULL || findings->len == 0)
    title = g_strdup (_("Checks"));
  else
    /* Translators: the Checks tab with its number of findings. */
    title = g_strdup_printf (_("Checks (%u)"), findings->len);
  gtk_stack_page_set_title (page, title);
  gtk_stack_page_set_needs_attention (page, findings != NULL &&
                                      ms_audit_count_severity (findings, MS_AUDIT_SEVERITY_ERROR) > 0);
}
