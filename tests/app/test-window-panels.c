/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The windows' side panels on a small screen (issue #36, points 6, 15 and
 * 16): the wheel over a slider the panel scrolls past scrolls the panel
 * and leaves the slider (and its setting) alone unless the slider has the
 * focus; the zone painter's panel leaves the map most of an 800 px window
 * and F9 hides it; the comparison's figures start hidden at 800 px and F9
 * shows them; the menus and the shortcuts window name keys as they read
 * ("Page Down", not "KP Next" or "Page_Down").  Real pointer, wheel and
 * key events (xdotool).
 */
#include "config.h"

#include <string.h>

#include "ms-diff-table.h"
#include "ms-settings.h"
#include "ms-test-compare.h"
#include "ms-test-window.h"
#include "ms-test-zone-window.h"

/* The least share of an 800 px window's width the map must have: the
 * painter's panel took 58 % of it before. */
#define MAP_SHARE 0.55

/* ------------------------------------------------------------ the wheel --- */

static GtkAdjustment *
panel_adjustment (GtkWidget *slider)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (slider, GTK_TYPE_SCROLLED_WINDOW);

  g_assert_nonnull (scrolled);
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

/* Scrolls @slider's panel so that the slider is in sight, in the middle
 * where it can be, with room left to scroll down (or the wheel could not
 * show whether it scrolled the panel). */
static void
show_in_panel (GtkWidget *slider)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (slider, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  GtkAdjustment *adjustment = panel_adjustment (slider);
  double page = gtk_adjustment_get_page_size (adjustment);
  double value;
  graphene_point_t top;

  /* In the scrolled content's own coordinates, whatever the scrolling. */
  if (GTK_IS_VIEWPORT (content))
    content = gtk_viewport_get_child (GTK_VIEWPORT (content));
  g_assert_true (gtk_widget_compute_point (slider, content, &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment) - page, >, 40);
  value = CLAMP (top.y - page / 2, 0, gtk_adjustment_get_upper (adjustment) - page - 40);
  gtk_adjustment_set_value (adjustment, value);
  ms_test_run_for (200);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, value);
  g_assert_cmpfloat (top.y, >=, value);
  g_assert_cmpfloat (top.y + gtk_widget_get_height (slider), <=, value + page);
}

/* One wheel step down with the pointer over the middle of @slider's
 * trough. */
static void
wheel_over (MsTestInputCount *count,
            const char       *window_id,
            GtkWidget        *slider)
{
  guint scrolls = count->scrolls;

  ms_test_park_pointer (count, window_id);
  ms_test_move_pointer (count, window_id, slider, gtk_widget_get_width (slider) / 3,
                        gtk_widget_get_height (slider) / 2);
  ms_test_xdotool ("click", "5", NULL);
  ms_test_wait_count (&count->scrolls, scrolls + 1, "the wheel");
  ms_test_run_for (200);
}

/* Unfocused, @slider lets the wheel scroll its panel; focused, it takes
 * the wheel.  @key, when not NULL, is the setting it shows (a double). */
static void
check_wheel (GtkWidget        *window,
             const char       *window_id,
             GtkWidget        *slider,
             const char       *key)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  GtkAdjustment *panel = panel_adjustment (slider);
  MsTestInputCount count = { 0, 0, 0, 0, -1, -1 };
  double value = gtk_range_get_value (GTK_RANGE (slider));
  double scrolled;

  ms_test_input_count_attach (window, &count);
  show_in_panel (slider);
  /* Focus elsewhere: on the window itself, as after a click on the map. */
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  g_assert_false (gtk_widget_has_focus (slider));
  scrolled = gtk_adjustment_get_value (panel);
  wheel_over (&count, window_id, slider);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (slider)), ==, value);
  if (key != NULL)
    g_assert_cmpfloat (g_settings_get_double (settings, key), ==, value);
  g_assert_cmpfloat (gtk_adjustment_get_value (panel), >, scrolled + 1.0);

  /* Focused (a click or Tab), the wheel is the slider's. */
  show_in_panel (slider);
  g_assert_true (gtk_widget_grab_focus (slider));
  /* The panel may scroll to the focus first. */
  ms_test_run_for (300);
  scrolled = gtk_adjustment_get_value (panel);
  wheel_over (&count, window_id, slider);
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (slider)), !=, value);
  g_assert_cmpfloat (gtk_adjustment_get_value (panel), ==, scrolled);
  if (key != NULL)
    g_assert_cmpfloat (g_settings_get_double (settings, key), ==, gtk_range_get_value (GTK_RANGE (slider)));
}

/* A viewer on the demo, short enough for its sidebar to scroll. */
static MsWindow *
open_viewer (const char *title,
             char      **window_id)
{
  MsWindow *window = ms_test_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 420);
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  gtk_window_set_title (GTK_WINDOW (window), title);
  ms_test_run_for (200);
  *window_id = ms_test_x_window_id (title);
  ms_test_xdotool ("windowfocus", "--sync", *window_id, NULL);
  return window;
}

static void
test_viewer_wheel (void)
{
  g_autofree char *id = NULL;
  MsWindow *window = open_viewer ("window-panels-wheel", &id);

  /* The light direction, a setting, as in the issue. */
  check_wheel (GTK_WIDGET (window), id, ms_test_get_named (GTK_WIDGET (window), "light-azimuth"),
               MS_SETTINGS_LIGHT_AZIMUTH);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
show_view_page (MsTestPainter *f)
{
  GtkWidget *slider = ms_test_get_named (GTK_WIDGET (f->window), "light-azimuth");
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (slider, GTK_TYPE_STACK));

  gtk_stack_set_visible_child_name (stack, "view");
  ms_test_iterate_until (ms_test_widget_mapped, slider, "the View page");
  /* Laid out, too. */
  ms_test_run_for (300);
}

static void
test_painter_wheel (MsTestPainter *f,
                    gconstpointer  data)
{
  show_view_page (f);
  check_wheel (GTK_WIDGET (f->window), f->window_id,
               ms_test_get_named (GTK_WIDGET (f->window), "light-azimuth"), NULL);
}

/* ------------------------------------------------- widths and F9 ------- */

/* At 800 px or under: GTK counts a margin of the surface out of it. */
static gboolean
window_is_800 (gpointer data)
{
  return gtk_widget_get_width (data) <= 800 && gtk_widget_get_width (data) > 700;
}

/* Presses F9 in the X window @window_id, until @panel's visibility flips;
 * the header's toggle button follows it. */
static void
press_f9 (const char *window_id,
          GtkWidget  *panel,
          GtkWidget  *button)
{
  gboolean was = gtk_widget_get_visible (panel);

  ms_test_xdotool ("windowfocus", "--sync", window_id, "key", "F9", NULL);
  ms_test_run_for (300);
  g_assert_cmpint (gtk_widget_get_visible (panel), ==, !was);
  g_assert_cmpint (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)), ==, !was);
}

static gboolean
widget_hidden (gpointer data)
{
  return !gtk_widget_get_visible (data);
}

static double
map_share (GtkWidget *window,
           GtkWidget *map)
{
  return (double) gtk_widget_get_width (map) / gtk_widget_get_width (window);
}

static void
test_painter_width (MsTestPainter *f,
                    gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *view = GTK_WIDGET (ms_zone_window_get_view (f->window));
  GtkWidget *button = ms_test_get_named (window, "side-panel-button");
  GtkWidget *panel = gtk_widget_get_ancestor (ms_test_get_named (window, "tile-panel"), GTK_TYPE_SCROLLED_WINDOW);
  double shown;

  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  ms_test_iterate_until (window_is_800, window, "an 800 px window");
  /* Every page of the panel, as wide as the narrowest lets it be. */
  show_view_page (f);
  ms_test_run_for (200);
  shown = map_share (window, view);
  g_test_message ("the map takes %.0f %% of 800 px", 100.0 * shown);
  g_assert_cmpfloat (shown, >=, MAP_SHARE);
  g_assert_true (gtk_widget_get_visible (panel));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));

  /* Hidden, the map has nearly all of it (the tools keep their column). */
  press_f9 (f->window_id, panel, button);
  g_assert_cmpfloat (map_share (window, view), >, 0.9);
  press_f9 (f->window_id, panel, button);
  g_assert_cmpfloat (map_share (window, view), ==, shown);
  /* The button does the same (clicked: the fixture's window is
   * undecorated, so its header bar is not realized to be activated). */
  g_signal_emit_by_name (button, "clicked");
  ms_test_iterate_until (widget_hidden, panel, "the panel hidden by its button");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
}

static void
test_compare_width (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 1, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 2, NULL);
  MsCompareWindow *window = ms_compare_window_new (GTK_APPLICATION (ms_test_app ()), a, b);
  GtkWidget *table = ms_test_find_type (GTK_WIDGET (window), MS_TYPE_DIFF_TABLE);
  GtkWidget *pane = gtk_widget_get_ancestor (table, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *button = ms_test_get_named (GTK_WIDGET (window), "table-button");
  GtkWidget *view_a = GTK_WIDGET (ms_compare_window_get_view_a (window));
  GtkWidget *view_b = GTK_WIDGET (ms_compare_window_get_view_b (window));
  g_autofree char *id = NULL;
  int alone;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_compare_ready, window, "the comparison");
  ms_test_iterate_until (window_is_800, window, "an 800 px window");
  gtk_window_set_title (GTK_WINDOW (window), "window-panels-compare");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("window-panels-compare");

  /* At 800 px the figures start hidden: each map has half the width. */
  g_assert_false (gtk_widget_get_visible (pane));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  g_assert_cmpfloat (map_share (GTK_WIDGET (window), view_a), >=, 0.45);
  g_assert_cmpfloat (map_share (GTK_WIDGET (window), view_b), >=, 0.45);
  /* F9 shows them beside the maps, and hides them again; shown, they
   * leave each map a quarter of the window (their whole width, the
   * generation times', would leave the maps some 30 px each). */
  alone = gtk_widget_get_width (view_a);
  press_f9 (id, pane, button);
  g_assert_cmpint (gtk_widget_get_width (pane), >, 200);
  g_assert_cmpint (gtk_widget_get_width (view_a), <, alone - 100);
  g_assert_cmpfloat (map_share (GTK_WIDGET (window), view_a), >=, 0.25);
  g_assert_cmpfloat (map_share (GTK_WIDGET (window), view_b), >=, 0.25);
  press_f9 (id, pane, button);
  g_assert_cmpint (gtk_widget_get_width (view_a), ==, alone);
  gtk_window_destroy (GTK_WINDOW (window));

  /* A wide window shows them from the start, in under half its width. */
  window = ms_test_compare_open (a, b);
  pane = gtk_widget_get_ancestor (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_DIFF_TABLE),
                                  GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (gtk_widget_get_visible (pane));
  g_test_message ("figures %d px of %d", gtk_widget_get_width (pane), gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (pane), <=, gtk_widget_get_width (GTK_WIDGET (window)) / 2);
  g_assert_cmpfloat (map_share (GTK_WIDGET (window), GTK_WIDGET (ms_compare_window_get_view_a (window))), >=, 0.25);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------ keys' names ---- */

static gboolean
is_primary_menu_button (GtkWidget *widget)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static GtkWidget *
find_primary_menu_button (GtkWidget *root)
{
  if (is_primary_menu_button (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_primary_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The texts of the labels under @root with the CSS name @css_name (a menu
 * item's accelerator is an "accelerator" node), or (@css_name NULL) of
 * those inside a GtkShortcutLabel, each between "|". */
static void
collect_labels (GtkWidget  *root,
                const char *css_name,
                GString    *texts)
{
  if (GTK_IS_LABEL (root) &&
      (css_name != NULL ? g_strcmp0 (gtk_widget_get_css_name (root), css_name) == 0
                        : gtk_widget_get_ancestor (root, GTK_TYPE_SHORTCUT_LABEL) != NULL))
    g_string_append_printf (texts, "|%s|", gtk_label_get_text (GTK_LABEL (root)));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, css_name, texts);
}

/* The accelerators the window's main menu shows name Page Down and Page
 * Up, not the keypad's keys bound to the same actions; and @also, when
 * not NULL. */
static void
check_menu_accels (GtkWidget  *window,
                   const char *also)
{
  GtkWidget *button = find_primary_menu_button (window);
  g_autoptr(GString) texts = g_string_new (NULL);
  GtkPopover *popover;

  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  ms_test_iterate_until (ms_test_widget_mapped, popover, "the menu");
  collect_labels (GTK_WIDGET (popover), "accelerator", texts);
  g_test_message ("menu accelerators: %s", texts->str);
  g_assert_nonnull (strstr (texts->str, "|Page Down|"));
  g_assert_nonnull (strstr (texts->str, "|Page Up|"));
  g_assert_null (strstr (texts->str, "KP"));
  if (also != NULL)
    {
      g_autofree char *cap = g_strdup_printf ("|%s|", also);

      g_assert_nonnull (strstr (texts->str, cap));
    }
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
}

static void
test_viewer_keys (void)
{
  g_autofree char *id = NULL;
  MsWindow *window = open_viewer ("window-panels-keys", &id);
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_autoptr(GString) caps = g_string_new (NULL);

  /* Show the Sidebar names its key. */
  check_menu_accels (GTK_WIDGET (window), "F9");

  /* The shortcuts window's key caps: no X key name with "_" in it. */
  g_assert_nonnull (overlay);
  collect_labels (GTK_WIDGET (overlay), NULL, caps);
  g_test_message ("key caps: %s", caps->str);
  g_assert_nonnull (strstr (caps->str, "|Page Down|"));
  g_assert_nonnull (strstr (caps->str, "|Page Up|"));
  g_assert_null (strchr (caps->str, '_'));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_painter_keys (MsTestPainter *f,
                   gconstpointer  data)
{
  check_menu_accels (GTK_WIDGET (f->window), NULL);
}

int
main (int argc, char **argv)
{
  ms_test_painter_start (&argc, &argv);
  g_test_add_func ("/window-panels/viewer/wheel", test_viewer_wheel);
  g_test_add_func ("/window-panels/viewer/keys", test_viewer_keys);
  ms_test_painter_add ("/window-panels/painter/wheel", test_painter_wheel);
  ms_test_painter_add ("/window-panels/painter/width", test_painter_width);
  ms_test_painter_add ("/window-panels/painter/keys", test_painter_keys);
  g_test_add_func ("/window-panels/compare/width", test_compare_width);
  return ms_test_app_run ();
}
