/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rule dialog speaks the CLI's edit language: its choices become
 * "where LAYER CMP VALUE", parsed and built into a region by ms-zone-op,
 * so the painter and `mapsmith-cli zone edit` cannot mean different
 * things by the same rule.
 */
#define G_LOG_DOMAIN "ms-zone-rule-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-zone-op.h"
#include "ms-zone-rule-dialog.h"

struct _MsZoneRuleDialog
{
  GtkWindow       parent_instance;

  GtkDropDown    *kind;
  GtkDropDown    *cmp;
  GtkSpinButton  *value;
  GtkCheckButton *inside;
  GtkLabel       *count;

  MsZone         *zone;
  MsZoneView     *view;        /* weak */
  GArray         *selection;   /* MsZoneSpan */
  GArray         *spans;       /* MsZoneSpan: what Apply would touch */
};

G_DEFINE_FINAL_TYPE (MsZoneRuleDialog, ms_zone_rule_dialog, GTK_TYPE_WINDOW)

enum { SIGNAL_APPLY, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Row spans of @a that lie in @b; both sorted by (y, x0) and disjoint. */
static void
intersect_spans (const MsZoneSpan *a,
                 guint             n_a,
                 const MsZoneSpan *b,
                 guint             n_b,
                 GArray           *out)
{
  guint i = 0, j = 0;

  while (i < n_a && j < n_b)
    {
      if (a[i].y != b[j].y)
        {
          if (a[i].y < b[j].y)
            i++;
          else
            j++;
          continue;
        }
      {
        MsZoneSpan s = { a[i].y, MAX (a[i].x0, b[j].x0), MIN (a[i].x1, b[j].x1) };

        if (s.x0 < s.x1)
          g_array_append_val (out, s);
        if (a[i].x1 < b[j].x1)
          i++;
        else
          j++;
      }
    }
}

char *
ms_zone_rule_dialog_dup_rule (MsZoneRuleDialog *self)
{
  g_return_val_if_fail (MS_IS_ZONE_RULE_DIALOG (self), NULL);

  return ms_zone_op_format_where ((MsZoneRuleKind) gtk_drop_down_get_selected (self->kind),
                                  (MsZoneCompare) gtk_drop_down_get_selected (self->cmp),
                                  (gint64) gtk_spin_button_get_value (self->value));
}

static void
set_preview (MsZoneRuleDialog *self,
             const MsZoneSpan *spans,
             guint             n_spans)
{
  if (self->view != NULL)
    ms_zone_view_set_preview (self->view, spans, n_spans);
}

static void
update (MsZoneRuleDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneOpSpec) spec = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  g_autofree char *rule = NULL;
  g_autofree char *text = NULL;
  guint64 n = 0;
  guint n_spans;
  const MsZoneSpan *spans;

  /* The template's signals come before the zone does. */
  if (self->zone == NULL)
    return;
  g_array_set_size (self->spans, 0);
  rule = ms_zone_rule_dialog_dup_rule (self);
  /* The words say the rule, for whoever wants to repeat it with the CLI. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->count), rule);
  spec = ms_zone_op_region_parse (rule, &error);
  if (spec != NULL)
    region = ms_zone_op_spec_build_region (spec, self->zone, &error);
  if (region == NULL)
    {
      gtk_label_set_text (self->count, error->message);
      set_preview (self, NULL, 0);
      return;
    }
  spans = ms_zone_region_get_spans (region, &n_spans);
  if (gtk_check_button_get_active (self->inside))
    intersect_spans (spans, n_spans, (const MsZoneSpan *) self->selection->data, self->selection->len,
                     self->spans);
  else
    g_array_append_vals (self->spans, spans, n_spans);

  for (guint i = 0; i < self->spans->len; i++)
    n += g_array_index (self->spans, MsZoneSpan, i).x1 - g_array_index (self->spans, MsZoneSpan, i).x0;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u tile will change", "%u tiles will change",
                                       (gulong) n), (guint) n);
  gtk_label_set_text (self->count, text);
  set_preview (self, (const MsZoneSpan *) self->spans->data, self->spans->len);
}

static void
on_apply_clicked (MsZoneRuleDialog *self)
{
  update (self);
  g_signal_emit (self, signals[SIGNAL_APPLY], 0);
}

const MsZoneSpan *
ms_zone_rule_dialog_get_spans (MsZoneRuleDialog *self,
                               guint            *n_spans)
{
  g_return_val_if_fail (MS_IS_ZONE_RULE_DIALOG (self), NULL);
  g_return_val_if_fail (n_spans != NULL, NULL);

  *n_spans = self->spans->len;
  return (const MsZoneSpan *) self->spans->data;
}

static void
ms_zone_rule_dialog_dispose (GObject *object)
{
  MsZoneRuleDialog *self = MS_ZONE_RULE_DIALOG (object);

  /* The preview goes with the dialog. */
  set_preview (self, NULL, 0);
  g_clear_weak_pointer (&self->view);
  g_clear_object (&self->zone);
  gtk_widget_dispose_template (GTK_WIDGET (self), MS_TYPE_ZONE_RULE_DIALOG);

  G_OBJECT_CLASS (ms_zone_rule_dialog_parent_class)->dispose (object);
}

static void
ms_zone_rule_dialog_finalize (GObject *object)
{
  MsZoneRuleDialog *self = MS_ZONE_RULE_DIALOG (object);

  g_array_unref (self->selection);
  g_array_unref (self->spans);

  G_OBJECT_CLASS (ms_zone_rule_dialog_parent_class)->finalize (object);
}

static void
ms_zone_rule_dialog_class_init (MsZoneRuleDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ms_zone_rule_dialog_dispose;
  object_class->finalize = ms_zone_rule_dialog_finalize;

  signals[SIGNAL_APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                        NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ms-zone-rule-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MsZoneRuleDialog, kind);
  gtk_widget_class_bind_template_child (widget_class, MsZoneRuleDialog, cmp);
  gtk_widget_class_bind_template_child (widget_class, MsZoneRuleDialog, value);
  gtk_widget_class_bind_template_child (widget_class, MsZoneRuleDialog, inside);
  gtk_widget_class_bind_template_child (widget_class, MsZoneRuleDialog, count);
  gtk_widget_class_bind_template_callback (widget_class, update);
  gtk_widget_class_bind_template_callback (widget_class, on_apply_clicked);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
}

static void
ms_zone_rule_dialog_init (MsZoneRuleDialog *self)
{
  self->selection = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  self->spans = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The .ui's lists follow the language's enums one for one. */
  g_assert (g_list_model_get_n_items (gtk_drop_down_get_model (self->kind)) == ms_zone_op_n_rule_layers ());
  g_assert (g_list_model_get_n_items (gtk_drop_down_get_model (self->cmp)) == ms_zone_op_n_compares ());
}

MsZoneRuleDialog *
ms_zone_rule_dialog_new (GtkWindow        *parent,
                         MsZone           *zone,
                         MsZoneView       *view,
                         const MsZoneSpan *selection,
                         guint             n_selection)
{
  MsZoneRuleDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (MS_IS_ZONE_VIEW (view), NULL);

  self = g_object_new (MS_TYPE_ZONE_RULE_DIALOG, "transient-for", parent, NULL);
  self->zone = g_object_ref (zone);
  g_set_weak_pointer (&self->view, view);
  g_array_append_vals (self->selection, selection, n_selection);
  gtk_widget_set_sensitive (GTK_WIDGET (self->inside), n_selection > 0);
  update (self);
  return self;
}
