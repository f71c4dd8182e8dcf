/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsBanner in a real window: what it shows for each property, its slide in
 * and out, its button's and close button's actions, its tint per style,
 * and its <child type="action"> in a .ui file.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-banner.h"
#include "ms-test-display.h"

static GtkWidget *
part (GtkWidget  *banner,
      const char *name)
{
  return ms_test_get_named (banner, "%s", name);
}

/* As a click does (gtk_widget_activate () clicks only after a delay). */
static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
}

static gboolean
settled (gpointer data)
{
  return ms_banner_is_settled (data) && (gtk_widget_get_height (data) > 0) == ms_banner_get_revealed (data);
}

static GtkWindow *
window_with (GtkWidget *banner)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *below = gtk_label_new ("below the banner");

  gtk_widget_set_vexpand (below, TRUE);
  gtk_box_append (GTK_BOX (box), banner);
  gtk_box_append (GTK_BOX (box), below);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 200);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

static void
test_content (void)
{
  GtkWidget *widget = ms_banner_new ("First");
  MsBanner *banner = MS_BANNER (widget);
  GtkWidget *details = part (widget, "banner-details");
  GtkWidget *button = part (widget, "banner-button");
  GtkWidget *icon = ms_test_find_type (widget, GTK_TYPE_IMAGE);

  g_object_ref_sink (widget);

  /* Out, an information, with its close button and nothing else. */
  g_assert_false (ms_banner_get_revealed (banner));
  g_assert_cmpint (ms_banner_get_style (banner), ==, MS_BANNER_INFO);
  g_assert_true (gtk_widget_has_css_class (widget, "info"));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (icon)), ==, "dialog-information-symbolic");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (part (widget, "banner-title"))), ==, "First");
  /* Copyable, but no focus stop: a focused label would select all its
   * text when the window opens. */
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (part (widget, "banner-title"))));
  g_assert_false (gtk_widget_get_focusable (part (widget, "banner-title")));
  g_assert_true (ms_banner_get_show_close (banner));
  g_assert_true (gtk_widget_get_visible (part (widget, "banner-close")));
  g_assert_false (gtk_widget_get_visible (button));
  g_assert_false (gtk_widget_get_visible (details));

  ms_banner_set_button_label (banner, "_Reload");
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Reload");
  g_assert_false (gtk_widget_has_css_class (button, "suggested-action"));
  ms_banner_set_button_suggested (banner, TRUE);
  g_assert_true (gtk_widget_has_css_class (button, "suggested-action"));
  g_assert_true (ms_banner_get_button_suggested (banner));
  ms_banner_set_button_label (banner, "");
  g_assert_false (gtk_widget_get_visible (button));

  ms_banner_set_details (banner, "offset 1000");
  g_assert_true (gtk_widget_get_visible (details));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (details)), ==, "offset 1000");
  ms_banner_set_details (banner, NULL);
  g_assert_false (gtk_widget_get_visible (details));

  ms_banner_set_show_close (banner, FALSE);
  g_assert_false (gtk_widget_get_visible (part (widget, "banner-close")));

  /* One style class at a time, and the style's icon unless one is set. */
  ms_banner_set_style (banner, MS_BANNER_ERROR);
  g_assert_true (gtk_widget_has_css_class (widget, "error"));
  g_assert_false (gtk_widget_has_css_class (widget, "info"));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (icon)), ==, "dialog-error-symbolic");
  ms_banner_set_icon_name (banner, "emblem-ok-symbolic");
  ms_banner_set_style (banner, MS_BANNER_WARNING);
  g_assert_true (gtk_widget_has_css_class (widget, "warning"));
  g_assert_false (gtk_widget_has_css_class (widget, "error"));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (icon)), ==, "emblem-ok-symbolic");
  ms_banner_set_icon_name (banner, "");
  g_assert_false (gtk_widget_get_visible (icon));
  ms_banner_set_icon_name (banner, NULL);
  g_assert_true (gtk_widget_get_visible (icon));
  g_assert_cmpstr (gtk_image_get_icon_name (GTK_IMAGE (icon)), ==, "dialog-warning-symbolic");

  /* show () replaces the message and drops the old details. */
  ms_banner_set_details (banner, "old");
  ms_banner_show (banner, MS_BANNER_INFO, "Second");
  g_assert_true (ms_banner_get_revealed (banner));
  g_assert_cmpstr (ms_banner_get_title (banner), ==, "Second");
  g_assert_false (gtk_widget_get_visible (details));
  g_assert_true (gtk_widget_has_css_class (widget, "info"));

  g_object_unref (widget);
}

static void
count (guint *n)
{
  (*n)++;
}

static void
test_slide_and_close (void)
{
  GtkWidget *widget = ms_banner_new (NULL);
  MsBanner *banner = MS_BANNER (widget);
  GtkWindow *window = window_with (widget);
  GtkWidget *close = part (widget, "banner-close");
  guint closed = 0;

  g_signal_connect_swapped (widget, "closed", G_CALLBACK (count), &closed);
  ms_test_iterate_until (settled, banner, "the banner to lay out");
  g_assert_cmpint (gtk_widget_get_height (widget), ==, 0);

  ms_banner_show (banner, MS_BANNER_WARNING, "The file changed on disk.");
  ms_test_iterate_until (settled, banner, "the banner to slide in");
  g_assert_cmpint (gtk_widget_get_height (widget), >, 0);
  g_assert_true (gtk_widget_get_mapped (close));

  /* Its own close: out, and "closed" once. */
  click (close);
  g_assert_false (ms_banner_get_revealed (banner));
  g_assert_cmpuint (closed, ==, 1);
  ms_test_iterate_until (settled, banner, "the banner to slide out");
  g_assert_cmpint (gtk_widget_get_height (widget), ==, 0);

  /* Hidden by its owner, it says nothing. */
  ms_banner_set_revealed (banner, TRUE);
  ms_banner_set_revealed (banner, FALSE);
  g_assert_cmpuint (closed, ==, 1);

  gtk_window_destroy (window);
}

static void
on_activate (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GString *log = user_data;

  g_string_append_printf (log, "%s(%s);", g_action_get_name (G_ACTION (action)),
                          parameter != NULL ? g_variant_get_string (parameter, NULL) : "");
}

static void
test_actions (void)
{
  GtkWidget *widget = ms_banner_new ("Saved map.png");
  MsBanner *banner = MS_BANNER (widget);
  GtkWindow *window = window_with (widget);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GString) log = g_string_new (NULL);
  const GActionEntry entries[] = {
    { "go", on_activate, "s" },
    { "dismiss", on_activate },
  };
  GtkWidget *button = part (widget, "banner-button");
  guint closed = 0;

  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), log);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "test", G_ACTION_GROUP (group));
  g_signal_connect_swapped (widget, "closed", G_CALLBACK (count), &closed);

  /* GtkActionable on the banner is its button's. */
  ms_banner_set_button_label (banner, "_Open");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (banner), "s", "here");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (banner), "test.go");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "test.go");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (banner)), ==, "test.go");
  ms_banner_set_close_action_name (banner, "test.dismiss");
  g_assert_cmpstr (ms_banner_get_close_action_name (banner), ==, "test.dismiss");
  g_assert_true (ms_test_find_action_button (widget, "test.dismiss") == part (widget, "banner-close"));
  ms_banner_set_revealed (banner, TRUE);
  ms_test_iterate_until (settled, banner, "the banner to slide in");

  click (button);
  click (part (widget, "banner-close"));
  g_assert_cmpstr (log->str, ==, "go(here);dismiss();");
  /* The owner's action decides: the banner stays until it is told. */
  g_assert_true (ms_banner_get_revealed (banner));
  g_assert_cmpuint (closed, ==, 0);

  ms_banner_set_close_action_name (banner, NULL);
  g_assert_null (ms_banner_get_close_action_name (banner));
  click (part (widget, "banner-close"));
  g_assert_false (ms_banner_get_revealed (banner));
  g_assert_cmpuint (closed, ==, 1);
  g_assert_cmpstr (log->str, ==, "go(here);dismiss();");

  gtk_window_destroy (window);
}

/* The tint is the style's: red for errors, orange for warnings, blue (the
 * selection's colour) for information.  The banner is drawn alone, so the
 * pixels are its translucent tint, premultiplied. */
static void
test_tints (void)
{
  GtkWidget *widget = ms_banner_new ("A message");
  MsBanner *banner = MS_BANNER (widget);
  GtkWindow *window = window_with (widget);
  const MsBannerStyle styles[] = { MS_BANNER_ERROR, MS_BANNER_WARNING, MS_BANNER_INFO };

  ms_banner_set_show_close (banner, FALSE);
  ms_banner_set_revealed (banner, TRUE);
  ms_test_iterate_until (settled, banner, "the banner to slide in");

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
      g_autofree guint32 *pixels = NULL;
      guint32 p;
      int r, g, b;

      ms_banner_set_style (banner, styles[i]);
      ms_test_run_for (50);
      pixels = ms_test_capture (widget, width, height);
      /* Inside the padding, away from the icon and the text. */
      p = pixels[2 * width + width - 3];
      r = (p >> 16) & 0xff;
      g = (p >> 8) & 0xff;
      b = p & 0xff;
      g_test_message ("style %u: #%02x%02x%02x", styles[i], r, g, b);
      switch (styles[i])
        {
        case MS_BANNER_ERROR:
          g_assert_cmpint (r, >, g + 10);
          g_assert_cmpint (r, >, b + 10);
          break;
        case MS_BANNER_WARNING:
          g_assert_cmpint (r, >, b + 10);
          g_assert_cmpint (g, >, b + 10);
          break;
        case MS_BANNER_INFO:
          g_assert_cmpint (b, >, r + 10);
          break;
        }
    }

  gtk_window_destroy (window);
}

static void
test_builder (void)
{
  static const char ui[] =
    "<interface>"
    "  <object class='MsBanner' id='banner'>"
    "    <property name='style'>error</property>"
    "    <property name='title'>Could not open it</property>"
    "    <property name='details'>at offset 28</property>"
    "    <property name='button-label'>_Retry</property>"
    "    <property name='action-name'>win.retry</property>"
    "    <property name='close-action-name'>win.dismiss-error</property>"
    "    <property name='revealed'>True</property>"
    "    <child type='action'>"
    "      <object class='GtkProgressBar' id='progress'/>"
    "    </child>"
    "    <child type='action'>"
    "      <object class='GtkButton' id='extra'>"
    "        <property name='action-name'>win.other</property>"
    "      </object>"
    "    </child>"
    "  </object>"
    "</interface>";
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();
  g_autoptr(GError) error = NULL;
  GtkWidget *banner, *progress, *extra, *button;

  g_type_ensure (MS_TYPE_BANNER);
  g_assert_true (gtk_builder_add_from_string (builder, ui, -1, &error));
  g_assert_no_error (error);
  banner = GTK_WIDGET (gtk_builder_get_object (builder, "banner"));
  g_object_ref_sink (banner);
  progress = GTK_WIDGET (gtk_builder_get_object (builder, "progress"));
  extra = GTK_WIDGET (gtk_builder_get_object (builder, "extra"));
  button = part (banner, "banner-button");

  g_assert_cmpint (ms_banner_get_style (MS_BANNER (banner)), ==, MS_BANNER_ERROR);
  g_assert_true (ms_banner_get_revealed (MS_BANNER (banner)));
  g_assert_cmpstr (ms_banner_get_details (MS_BANNER (banner)), ==, "at offset 28");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.retry");
  g_assert_true (ms_test_find_action_button (banner, "win.dismiss-error") == part (banner, "banner-close"));

  /* The action widgets sit in the bar, in order, before the button. */
  g_assert_true (gtk_widget_get_ancestor (progress, MS_TYPE_BANNER) == banner);
  g_assert_true (gtk_widget_get_ancestor (extra, GTK_TYPE_REVEALER) != NULL);
  g_assert_true (gtk_widget_get_next_sibling (progress) == extra);
  g_assert_true (gtk_widget_get_next_sibling (gtk_widget_get_parent (extra)) == button);

  g_object_unref (banner);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/banner/content", test_content);
  g_test_add_func ("/banner/slide-and-close", test_slide_and_close);
  g_test_add_func ("/banner/actions", test_actions);
  g_test_add_func ("/banner/tints", test_tints);
  g_test_add_func ("/banner/builder", test_builder);
  return g_test_run ();
}
