/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter's view and panels in a real window under Xvfb
 * (app/ms-zone-window.c): the hover readout, the GL path re-uploading only
 * the tiles an edit touched, the overlays against the CPU renderer, the
 * primary menu, the details of issue #16.11 (Save, history, banner,
 * rubber band, Fit), a small window, and no seams where tiles meet.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the CPU fallback.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-settings.h"
#include "ms-test-zone-window.h"
#include "ms-zone-edit.h"
#include "ms-zone-renderer.h"

static MsApplication *app;

static void
test_hover_readout (MsTestPainter *f,
                    gconstpointer  data)
{
  MsTestSpot s = ms_test_spot (f, 123.5, 77.5);
  const guint8 *control = g_bytes_get_data (f->original[1], NULL);
  const guint8 *plants = g_bytes_get_data (f->original[2], NULL);
  const guint8 *altitude = g_bytes_get_data (f->original[3], NULL);
  guint bpt = ms_zone_get_file_bytes_per_tile (ms_zone_window_get_zone (f->window), MS_ZONE_LAYER_CONTROL);
  const char *text;
  gsize t;
  guint16 c, alt;
  g_autofree char *where = NULL;
  g_autofree char *alt_text = NULL;
  g_autofree char *spawn_text = NULL;

  ms_test_move_to (f, &s);
  ms_test_run_for (200);
  text = ms_zone_window_get_hover_text (f->window);
  g_assert_nonnull (text);

  t = (gsize) s.ty * SIZE + s.tx;
  where = g_strdup_printf ("x %u, y %u (row-major)", s.tx, s.ty);
  g_assert_true (g_str_has_prefix (text, where));
  c = bpt == 2 ? (guint16) (control[2 * t] | control[2 * t + 1] << 8) : control[t];
  {
    g_autofree char *hex = g_strdup_printf ("Control 0x%04x", c);
    g_assert_nonnull (strstr (text, hex));
  }
  if (c & MS_ZONE_CONTROL_ANTI_PLANT)
    g_assert_nonnull (strstr (text, "AntiPlant"));
  if (c & MS_ZONE_CONTROL_TERRAFORM_PROTECTED)
    g_assert_nonnull (strstr (text, " TerraformProtected"));
  alt = (guint16) (altitude[2 * t] | altitude[2 * t + 1] << 8);
  alt_text = g_strdup_printf ("Altitude %u raw, height %u (raw >> 5)", alt, alt >> 5);
  g_assert_nonnull (strstr (text, alt_text));
  spawn_text = g_strdup_printf ("Spawn %u (", plants[7 * t + MS_ZONE_PLANT_SPAWN]);
  g_assert_nonnull (strstr (text, spawn_text));
  {
    static const char *const grounds[] = { "Darkrocks", "LowlandA", "LowlandB", "MidlandA", "MidlandB",
                                           "HighlandA", "HighlandB", "Lightrocks", "Sand" };
    guint g = plants[7 * t + MS_ZONE_PLANT_GROUND_TYPE];

    if (g < G_N_ELEMENTS (grounds))
      {
        g_autofree char *gt = g_strdup_printf ("Ground %s (%u)", grounds[g], g);
        g_assert_nonnull (strstr (text, gt));
      }
  }
  /* The demo zone is terraformable: the barrier is shown. */
  g_assert_nonnull (strstr (text, "Terraform barrier "));
}

static void
test_gl_uploads_only_touched (MsTestPainter *f,
                              gconstpointer  data)
{
  MsZoneView *view = ms_zone_window_get_view (f->window);
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) dab = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, ANTI, 0, 0 };
  guint64 before;
  guint level, span, bx0, by0, bx1, by1, n_tiles;

  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (view)), ==, expect_gl);
  if (!expect_gl)
    {
      g_assert_nonnull (ms_tile_view_get_renderer_problem (MS_TILE_VIEW (view)));
      g_assert_cmpuint (ms_tile_view_get_n_gl_uploads (MS_TILE_VIEW (view)), ==, 0);
      return;
    }

  /* A dab across the boundary between two 256-cell tiles. */
  level = ms_tile_view_get_level (MS_TILE_VIEW (view));
  span = 256u << level;
  before = ms_tile_view_get_n_gl_uploads (MS_TILE_VIEW (view));
  g_assert_cmpuint (before, >, 0);
  dab = ms_zone_region_new_stamp (SIZE, SIZE, MS_ZONE_BRUSH_ROUND, 256.0, 100.5, 3.0);
  g_assert_true (ms_zone_region_get_bounds (dab, &bx0, &by0, &bx1, &by1));
  n_tiles = ((bx1 - 1) / span - bx0 / span + 1) * ((by1 - 1) / span - by0 / span + 1);
  g_assert_cmpuint (n_tiles, ==, level == 0 ? 2 : 1);
  g_assert_true (ms_zone_apply (ms_zone_window_get_zone (f->window), &op, dab, &error));
  g_assert_no_error (error);
  ms_test_run_for (100);
  ms_test_painter_settle (f->window);
  g_assert_cmpuint (ms_tile_view_get_n_gl_uploads (MS_TILE_VIEW (view)) - before, ==, n_tiles);
}

/* The view at one pixel per tile against ms_render_zone () of the view's
 * style over the same tiles: pixels further apart than 3 in a channel. */
static guint
count_unlike_cpu (MsTestPainter *f, guint32 **shown_out)
{
  MsZoneView *view = ms_zone_window_get_view (f->window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  int width = gtk_widget_get_width (GTK_WIDGET (view)), height = gtk_widget_get_height (GTK_WIDGET (view));
  g_autofree guint32 *shown = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *cpu;
  double x0, y0;
  guint bad;
  MsRect region;

  ms_viewport_screen_to_map (vp, 0, 0, &x0, &y0);
  g_assert_cmpfloat (x0, ==, floor (x0));
  g_assert_cmpfloat (y0, ==, floor (y0));
  shown = ms_test_capture (GTK_WIDGET (view), width, height);
  region.x = (guint) MAX (x0, 0);
  region.y = (guint) MAX (y0, 0);
  region.width = (guint) MIN ((double) SIZE, x0 + width) - region.x;
  region.height = (guint) MIN ((double) SIZE, y0 + height) - region.y;
  g_assert_cmpuint (region.width, >=, 256);
  g_assert_cmpuint (region.height, >=, 256);
  cpu = ms_render_zone (ms_zone_window_get_zone (f->window), ms_zone_view_get_style (view), &region, 0, NULL,
                        &error);
  g_assert_no_error (error);
  bad = ms_test_count_unlike (cpu, region.width, region.height, shown, width, (int) (region.x - x0),
                              (int) (region.y - y0), 3);
  cairo_surface_destroy (cpu);
  if (shown_out != NULL)
    *shown_out = g_steal_pointer (&shown);
  return bad;
}

static void
test_overlays (MsTestPainter *f,
               gconstpointer  data)
{
  MsZoneView *view = ms_zone_window_get_view (f->window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  const MsZoneStyle *style = ms_zone_view_get_style (view);
  GtkWidget *spawn = ms_test_get_named (GTK_WIDGET (f->window), "overlay-spawn-visible");
  GSettings *settings = ms_application_get_settings (app);
  g_autofree guint32 *before = NULL;
  g_autofree guint32 *after = NULL;
  g_autofree char *names = NULL;
  int width = gtk_widget_get_width (GTK_WIDGET (view)), height = gtk_widget_get_height (GTK_WIDGET (view));
  guint changed = 0;

  /* Opened on the overlays composite: every control flag over the tinted
   * altitude, nothing else. */
  g_assert_cmpint (style->layer, ==, MS_ZONE_RENDER_LAYER_OVERLAYS);
  g_assert_cmpint (style->overlays, ==, MS_ZONE_OVERLAY_CONTROL);
  g_assert_cmpuint (style->control_flags, ==, G_MAXUINT16);
  g_assert_true (style->tint_altitude);

  /* One tile per pixel, the zone's top-left tile at a whole pixel. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "zone-view.zoom-actual", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (vp), ==, 1.0);
  ms_viewport_set_centre (vp, SIZE / 2 + (width % 2) * 0.5, SIZE / 2 + (height % 2) * 0.5);
  ms_test_painter_settle (f->window);
  g_assert_cmpuint (count_unlike_cpu (f, &before), <=, (guint) (width * height / 100));

  /* The View page, then a real click on the spawn heat toggle. */
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_ancestor (spawn, GTK_TYPE_STACK)), "view");
  ms_test_run_for (200);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));
  ms_test_click_widget (spawn, f->window_id, 1);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));
  style = ms_zone_view_get_style (view);
  g_assert_cmpint (style->overlays, ==, MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
  g_assert_cmpint (style->layer, ==, MS_ZONE_RENDER_LAYER_OVERLAYS);
  ms_test_painter_settle (f->window);

  /* The pixels follow: like the CPU image of the new style, and unlike the
   * old screen almost everywhere (spawn heat covers every tile). */
  g_assert_cmpuint (count_unlike_cpu (f, &after), <=, (guint) (width * height / 100));
  for (gsize i = 0; i < (gsize) width * height; i++)
    if ((before[i] & 0xffffff) != (after[i] & 0xffffff))
      changed++;
  g_assert_cmpuint (changed, >=, (guint) (width * height / 2));

  /* And the settings keep it for the next window. */
  names = g_settings_get_string (settings, MS_SETTINGS_ZONE_OVERLAYS);
  g_assert_cmpstr (names, ==, "spawn,control");
  {
    MsZoneWindow *second = ms_zone_window_new (GTK_APPLICATION (app));

    g_assert_cmpint (ms_zone_view_get_style (ms_zone_window_get_view (second))->overlays, ==,
                     MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
    gtk_window_destroy (GTK_WINDOW (second));
  }
}

static MsZoneOverlays
overlays_shown (MsTestPainter *f)
{
  return ms_zone_view_get_style (ms_zone_window_get_view (f->window))->overlays;
}

static MsZoneOverlays
overlays_of_new_window (void)
{
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (app));
  MsZoneOverlays overlays = ms_zone_view_get_style (ms_zone_window_get_view (window))->overlays;

  gtk_window_destroy (GTK_WINDOW (window));
  return overlays;
}

/* Issue #36: an overlay the paint target turned on goes off with that
 * target, and is never stored for the next window; one the user turned
 * on stays, target or not. */
static void
test_target_overlay (MsTestPainter *f,
                     gconstpointer  data)
{
  GtkWidget *spawn = ms_test_get_named (GTK_WIDGET (f->window), "overlay-spawn-visible");
  GtkWidget *none = ms_test_get_named (GTK_WIDGET (f->window), "control-none");
  GSettings *settings = ms_application_get_settings (app);
  const MsZoneFlagInfo *flags;
  guint n_flags, roaming_row = G_MAXUINT;
  g_autofree char *stored = NULL;

  flags = ms_zone_control_flags (&n_flags);
  for (guint i = 0; i < n_flags; i++)
    if (flags[i].bit == MS_ZONE_CONTROL_ROAMING)
      roaming_row = 2 * i;
  g_assert_cmpuint (roaming_row, <, 2 * n_flags);

  /* A spawn target turns spawn heat on, for this window only. */
  g_assert_cmpint (overlays_shown (f), ==, MS_ZONE_OVERLAY_CONTROL);
  ms_test_set_target (f, ms_test_spawn_row (0));
  g_assert_cmpint (overlays_shown (f), ==, MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));
  stored = g_settings_get_string (settings, MS_SETTINGS_ZONE_OVERLAYS);
  g_assert_cmpstr (stored, ==, "control");
  g_assert_cmpint (overlays_of_new_window (), ==, MS_ZONE_OVERLAY_CONTROL);
  /* Another spawn target keeps it; a flag target turns it off. */
  ms_test_set_target (f, ms_test_spawn_row (3));
  g_assert_cmpint (overlays_shown (f), ==, MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
  ms_test_set_target (f, 0);
  g_assert_cmpint (overlays_shown (f), ==, MS_ZONE_OVERLAY_CONTROL);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));

  /* Turned on by the user (a real click on the View page), it stays on
   * through a spawn target and back, and is stored. */
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_ancestor (spawn, GTK_TYPE_STACK)), "view");
  ms_test_run_for (200);
  ms_test_click_widget (spawn, f->window_id, 1);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (spawn)));
  ms_test_set_target (f, ms_test_spawn_row (1));
  ms_test_set_target (f, 1);
  g_assert_cmpint (overlays_shown (f), ==, MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);
  g_assert_cmpint (overlays_of_new_window (), ==, MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN);

  /* A flag: with every control flag hidden by the user, the Roaming
   * target shows Roaming alone, and takes it away again. */
  g_signal_emit_by_name (none, "clicked");
  g_assert_cmpuint (ms_zone_view_get_style (ms_zone_window_get_view (f->window))->control_flags, ==, 0);
  ms_test_set_target (f, roaming_row);
  g_assert_cmpuint (ms_zone_view_get_style (ms_zone_window_get_view (f->window))->control_flags, ==,
                    MS_ZONE_CONTROL_ROAMING);
  g_assert_cmpuint (g_settings_get_uint (settings, MS_SETTINGS_ZONE_CONTROL_FLAGS), ==, 0);
  ms_test_set_target (f, ms_test_spawn_row (2));
  g_assert_cmpuint (ms_zone_view_get_style (ms_zone_window_get_view (f->window))->control_flags, ==, 0);
}

static void
collect_actions (GMenuModel *model, GPtrArray *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (out, g_steal_pointer (&action));
      if (section != NULL)
        collect_actions (section, out);
    }
}

static void
test_primary_menu (MsTestPainter *f,
                   gconstpointer  data)
{
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (f->window));
  GtkWidget *button = ms_test_find_type (titlebar, GTK_TYPE_MENU_BUTTON);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  const char *expected[] = { "app.open-zone-folder", "app.open-demo-zone",
                             "win.ruler", "win.profile", "win.next-zone", "win.previous-zone", "zone.export-mask",
                             "zone.import-mask", "win.zone-backups", "win.show-help-overlay", "app.about" };

  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (button)), ==, "open-menu-symbolic");
  collect_actions (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), actions);
  g_assert_cmpuint (actions->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (g_ptr_array_index (actions, i), ==, expected[i]);
  /* Each one resolves from the window. */
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "open-zone-folder"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "open-demo-zone"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "about"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (f->window), "show-help-overlay"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (f->window), "profile"));

  /* The tool buttons have the app's own icons, found in the icon theme. */
  {
    GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (f->window)));
    const char *icons[] = { "ms-tool-brush-symbolic", "ms-tool-rectangle-symbolic", "ms-tool-polygon-symbolic",
                            "ms-tool-flood-symbolic", "ms-tool-rule-symbolic" };

    for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
      g_assert_true (gtk_icon_theme_has_icon (theme, icons[i]));
  }
}

/* The history row holding the saved-state marker, or -1. */
static int
saved_row (MsTestPainter *f)
{
  GtkWidget *list = ms_test_find_type (GTK_WIDGET (f->window), GTK_TYPE_LIST_BOX);
  int found = -1, i = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row), i++)
    if (ms_test_find_named (row, "saved-marker") != NULL)
      {
        g_assert_cmpint (found, ==, -1);
        found = i;
      }
  return found;
}

/* Every history label shows its whole name: wrapped, never ellipsized,
 * given at least the height its text needs at its width. */
static void
assert_history_whole (MsTestPainter *f)
{
  GtkWidget *list = ms_test_find_type (GTK_WIDGET (f->window), GTK_TYPE_LIST_BOX);
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = ms_test_find_type (row, GTK_TYPE_LABEL);
      int min;

      g_assert_nonnull (label);
      g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));
      g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
      gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &min, NULL, NULL, NULL);
      g_assert_cmpint (gtk_widget_get_height (label), >=, min);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, gtk_label_get_text (GTK_LABEL (label)));
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

/* Issue #16.11: Save only when there is something to save; history names
 * whole and the saved state marked; the banner over the map, not pushing
 * it; no brush outline for fill-by-rule; the polygon's rubber band; Fit
 * clickable when fitted. */
static void
test_details (MsTestPainter *f,
              gconstpointer  data)
{
  GtkWidget *save = ms_test_get_named (GTK_WIDGET (f->window), "save-button");
  GtkWidget *fit = ms_test_get_named (GTK_WIDGET (f->window), "fit-button");
  MsZoneView *view = ms_zone_window_get_view (f->window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  double fitted = ms_viewport_get_zoom (vp), lx, ly, px, py;
  graphene_point_t before, after;
  int height;
  guint box[4];
  MsTestSpot a, b, c;

  g_settings_set_boolean (ms_application_get_settings (app), MS_SETTINGS_ZONE_BACKUPS, TRUE);

  /* Nothing to save yet. */
  g_assert_false (gtk_widget_is_sensitive (save));
  g_assert_false (gtk_widget_has_css_class (save, "suggested-action"));
  g_assert_cmpint (saved_row (f), ==, 0);

  /* Fit is live at fit zoom, and fits again after a zoom. */
  g_assert_true (gtk_widget_is_sensitive (fit));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "zone-view.zoom-in", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (vp), >, fitted * 1.1);
  g_assert_true (gtk_widget_is_sensitive (fit));
  g_signal_emit_by_name (fit, "clicked");
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (vp), fitted, 1e-12);
  ms_test_run_for (100);

  /* A step: Save is suggested and live. */
  ms_test_drag_rect (f, 20.5, 20.5, 300.5, 30.5, box);
  g_assert_true (gtk_widget_is_sensitive (save));
  g_assert_true (gtk_widget_has_css_class (save, "suggested-action"));
  ms_test_run_for (100);
  assert_history_whole (f);

  /* Saving shows a banner (where the backup went) over the map: the view
   * keeps its place and size. */
  g_assert_null (ms_zone_window_get_banner (f->window));
  height = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (f->window), &GRAPHENE_POINT_INIT (0, 0),
                                           &before));
  g_signal_emit_by_name (save, "clicked");
  ms_test_painter_answer_save (f, MS_ZONE_WINDOW_SAVE_ANYWAY);
  ms_test_run_for (600);
  g_assert_nonnull (ms_zone_window_get_banner (f->window));
  g_assert_true (g_str_has_prefix (ms_zone_window_get_banner (f->window), "Saved."));
  g_assert_true (gtk_widget_get_child_visible (gtk_revealer_get_child (
    GTK_REVEALER (ms_test_find_type (GTK_WIDGET (f->window), GTK_TYPE_REVEALER)))));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, height);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), GTK_WIDGET (f->window), &GRAPHENE_POINT_INIT (0, 0),
                                           &after));
  g_assert_cmpfloat (after.y, ==, before.y);
  g_assert_false (ms_zone_is_dirty (ms_zone_window_get_zone (f->window)));
  g_assert_false (gtk_widget_is_sensitive (save));
  g_assert_cmpint (saved_row (f), ==, 1);

  /* Undone: something to save again; the files still hold step 1. */
  ms_test_key ("ctrl+z");
  g_assert_true (gtk_widget_is_sensitive (save));
  g_assert_cmpint (saved_row (f), ==, 1);
  /* A new step replaces the saved one: no row is the files any more. */
  ms_test_drag_rect (f, 20.5, 60.5, 40.5, 70.5, box);
  g_assert_cmpint (saved_row (f), ==, -1);
  assert_history_whole (f);

  /* Fill by rule: no tool outline while its dialog is open. */
  ms_test_key ("b");
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_BRUSH);
  ms_test_key ("g");
  g_assert_nonnull (ms_test_find_rule_dialog (f));
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_NONE);
  gtk_window_destroy (GTK_WINDOW (ms_test_find_rule_dialog (f)));
  ms_test_run_for (100);
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_BRUSH);

  /* Polygon: after two corners, an edge runs from the last to the pointer. */
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  ms_test_key ("p");
  a = ms_test_spot (f, 100.5, 100.5);
  b = ms_test_spot (f, 200.5, 120.5);
  c = ms_test_spot (f, 160.5, 220.5);
  ms_test_move_to (f, &a);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (100);
  g_assert_true (ms_zone_view_get_rubber_band (view, &lx, &ly, &px, &py));
  ms_test_move_to (f, &b);
  ms_test_xdotool ("click", "1", NULL);
  ms_test_run_for (100);
  ms_test_move_to (f, &c);
  g_assert_cmpint (ms_zone_view_get_outline (view), ==, MS_ZONE_VIEW_OUTLINE_POLYGON);
  g_assert_true (ms_zone_view_get_rubber_band (view, &lx, &ly, &px, &py));
  /* Event coordinates come as floats: within a hundredth of a tile. */
  g_assert_cmpfloat_with_epsilon (lx, b.mx, 1e-2);
  g_assert_cmpfloat_with_epsilon (ly, b.my, 1e-2);
  g_assert_cmpfloat_with_epsilon (px, c.mx, 1e-2);
  g_assert_cmpfloat_with_epsilon (py, c.my, 1e-2);
  /* ... and it is on screen: the light line over the dark one, near the
   * middle of that edge. */
  {
    int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
    g_autofree guint32 *shown = NULL;
    double mx, my;
    gboolean light = FALSE;

    ms_test_painter_settle (f->window);
    shown = ms_test_capture (GTK_WIDGET (view), w, h);
    ms_viewport_map_to_screen (vp, (b.mx + c.mx) / 2, (b.my + c.my) / 2, &mx, &my);
    for (int dy = -2; dy <= 2; dy++)
      for (int dx = -2; dx <= 2; dx++)
        {
          guint32 p = shown[(gsize) ((int) my + dy) * w + (int) mx + dx];

          light |= ((p >> 16) & 0xff) > 220 && ((p >> 8) & 0xff) > 220 && (p & 0xff) > 220;
        }
    g_assert_true (light);
  }
  ms_test_key ("Escape");
  g_assert_false (ms_zone_view_get_rubber_band (view, &lx, &ly, &px, &py));
}

static graphene_rect_t
bounds_in_window (GtkWidget *widget, GtkWidget *window)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &r));
  return r;
}

/* Issue #16.7: at the painter's smallest size, and at 800×600, the Tile
 * readout does not cover the paint target; both panels scroll instead. */
static void
test_small_window (MsTestPainter *f,
                   gconstpointer  data)
{
  const int sizes[][2] = { { 1, 1 }, { 800, 600 } };
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *target = ms_test_get_named (window, "paint-target");
  GtkWidget *tile = ms_test_get_named (window, "tile-panel");

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      graphene_rect_t t, p, page, shown;
      GtkWidget *scroller = gtk_widget_get_ancestor (target, GTK_TYPE_SCROLLED_WINDOW);
      int min_w, min_h;

      char w[16], h[16];

      gtk_widget_measure (window, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
      gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
      /* No window manager here: X takes any size, so ask for the smallest
       * one GTK allows, or 800×600. */
      g_snprintf (w, sizeof w, "%d", MAX (min_w, sizes[i][0]));
      g_snprintf (h, sizeof h, "%d", MAX (min_h, sizes[i][1]));
      gtk_window_set_default_size (GTK_WINDOW (f->window), sizes[i][0], sizes[i][1]);
      ms_test_xdotool ("windowsize", f->window_id, w, h, NULL);
      ms_test_painter_settle (f->window);
      ms_test_run_for (300);
      g_test_message ("window %d×%d, minimum %d×%d", gtk_widget_get_width (window), gtk_widget_get_height (window),
                      min_w, min_h);
      if (i == 1)
        g_assert_cmpint (gtk_widget_get_height (window), <=, 600);

      t = bounds_in_window (target, window);
      p = bounds_in_window (tile, window);
      page = bounds_in_window (scroller, window);
      g_test_message ("target y %g..%g, page y %g..%g, tile y %g..%g", t.origin.y, t.origin.y + t.size.height,
                      page.origin.y, page.origin.y + page.size.height, p.origin.y, p.origin.y + p.size.height);
      /* The target lies wholly in its page's visible part, above the Tile
       * panel. */
      g_assert_true (graphene_rect_intersection (&t, &page, &shown));
      g_assert_cmpfloat (shown.size.height, >=, t.size.height - 0.5);
      g_assert_cmpfloat (t.origin.y + t.size.height, <=, p.origin.y);
      g_assert_false (graphene_rect_intersection (&t, &p, NULL));
      /* The whole window fits the screen it was given. */
      g_assert_cmpint (gtk_widget_get_height (window), <=, MAX (min_h, sizes[i][1]));
    }
}

#define BIG 2048

/* The largest channel difference of two ARGB words. */
static guint
pixel_difference (guint32 a, guint32 b)
{
  guint d = 0;

  for (guint shift = 0; shift < 24; shift += 8)
    d = MAX (d, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
  return d;
}

/* Every pixel of the zone's picture, a border of 2 pixels left out, against
 * the colour at its centre; on a uniform zone any line where tiles meet
 * stands out.  Returns how many differ, the boundary lines named. */
static guint
count_seams (MsZoneWindow *window)
{
  MsZoneView *view = ms_zone_window_get_view (window);
  MsViewport *vp = ms_zone_view_get_viewport (view);
  int w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  g_autofree guint32 *shown = ms_test_capture (GTK_WIDGET (view), w, h);
  double sx0, sy0, sx1, sy1;
  int x0, y0, x1, y1;
  guint32 centre;
  guint bad = 0;

  ms_viewport_map_to_screen (vp, 0, 0, &sx0, &sy0);
  ms_viewport_map_to_screen (vp, BIG, BIG, &sx1, &sy1);
  x0 = MAX ((int) ceil (sx0) + 2, 0);
  y0 = MAX ((int) ceil (sy0) + 2, 0);
  x1 = MIN ((int) floor (sx1) - 2, w);
  y1 = MIN ((int) floor (sy1) - 2, h);
  g_assert_cmpint (x1 - x0, >, 100);
  g_assert_cmpint (y1 - y0, >, 100);
  centre = shown[(gsize) ((y0 + y1) / 2) * w + (x0 + x1) / 2];
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      if (pixel_difference (shown[(gsize) y * w + x], centre) > 2)
        {
          double mx, my;

          if (bad++ < 5)
            {
              ms_viewport_screen_to_map (vp, x + 0.5, y + 0.5, &mx, &my);
              g_test_message ("pixel (%d, %d), tile (%.1f, %.1f): %06x, not %06x", x, y, mx, my,
                              shown[(gsize) y * w + x] & 0xffffff, centre & 0xffffff);
            }
        }
  /* Each row and column at a tile boundary against its neighbours. */
  for (guint b = 256; b < BIG; b += 256)
    {
      double bx, by;
      int px, py;

      ms_viewport_map_to_screen (vp, b, b, &bx, &by);
      px = (int) floor (bx);
      py = (int) floor (by);
      for (int d = -1; d <= 0; d++)
        {
          if (px + d - 2 >= x0 && px + d + 2 < x1)
            for (int y = y0; y < y1; y++)
              bad += pixel_difference (shown[(gsize) y * w + px + d],
                                                  shown[(gsize) y * w + px + d - 2]) > 2;
          if (py + d - 2 >= y0 && py + d + 2 < y1)
            for (int x = x0; x < x1; x++)
              bad += pixel_difference (shown[(gsize) (py + d) * w + x],
                                                  shown[(gsize) (py + d - 2) * w + x]) > 2;
        }
    }
  return bad;
}

/* Issue #16: at fit zoom a 2048² zone showed 1-pixel dark lines where
 * tiles meet.  A uniform zone (one height, one control flag everywhere)
 * must show as one colour at that zoom and at others that put tile edges
 * between pixels. */
static void
test_no_seams (void)
{
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *altitude = g_malloc ((gsize) BIG * BIG * 2);
  g_autofree guint8 *control = g_malloc ((gsize) BIG * BIG * 2);
  g_autoptr(GError) error = NULL;
  /* Fit, then views that showed a seam before the fix (found by a sweep
   * of zooms and centres under llvmpipe). */
  const struct { double zoom, cx, cy; } views[] = {
    { 0, 0, 0 }, { 0.272, BIG / 2 + 0.519, BIG / 2 + 0.873 }, { 0.46, BIG / 2 + 8.65, BIG / 2 + 14.55 },
    { 0.3071, BIG / 2 + 0.37, BIG / 2 + 0.61 }, { 0.6183, BIG / 2 + 0.37, BIG / 2 + 0.61 },
  };
  MsZoneWindow *window;
  MsViewport *vp;
  char name[32];

  for (gsize i = 0; i < (gsize) BIG * BIG; i++)
    {
      guint16 raw = 700u << 5;

      altitude[2 * i] = raw & 0xff;
      altitude[2 * i + 1] = raw >> 8;
      control[2 * i] = ANTI;
      control[2 * i + 1] = 0;
    }
  g_snprintf (name, sizeof name, "altitude.%04u.bin", ZONE_ID);
  ms_test_put_file (dir, name, altitude, (gsize) BIG * BIG * 2);
  g_snprintf (name, sizeof name, "control.%04u.bin", ZONE_ID);
  ms_test_put_file (dir, name, control, (gsize) BIG * BIG * 2);

  window = ms_zone_window_new (GTK_APPLICATION (app));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open (window, dir, ZONE_ID, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ms_zone_get_width (ms_zone_window_get_zone (window)), ==, BIG);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_settle (ms_test_painter_drawn, window, 300, "the big zone to draw");
  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (ms_zone_window_get_view (window))), ==, expect_gl);
  vp = ms_zone_view_get_viewport (ms_zone_window_get_view (window));

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      if (views[i].zoom > 0)
        {
          ms_viewport_set_zoom (vp, views[i].zoom);
          ms_viewport_set_centre (vp, views[i].cx, views[i].cy);
          ms_test_settle (ms_test_painter_drawn, window, 300, "the big zone to draw");
        }
      g_test_message ("zoom %g", ms_viewport_get_zoom (vp));
      g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (vp), i == 0 ? ms_viewport_get_zoom (vp) : views[i].zoom,
                                      1e-9);
      /* Fitted, the whole zone is smaller than a screen pixel per tile. */
      if (i == 0)
        g_assert_cmpfloat (ms_viewport_get_zoom (vp), <, 0.5);
      g_assert_cmpuint (count_seams (window), ==, 0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
  ms_test_remove_tree (dir);
}

/* Issue #36: the demo zone is titled as the demo, not by the temporary
 * folder it is written to; the unsaved mark as for any zone. */
static void
test_demo_title (void)
{
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (app));
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) rect = NULL;
  g_autofree char *dir = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ROAMING, 0, 0 };
  MsZone *zone;

  g_assert_true (ms_zone_window_open_demo (window, &error));
  g_assert_no_error (error);
  zone = ms_zone_window_get_zone (window);
  dir = g_path_get_dirname (ms_zone_get_layer_path (zone, MS_ZONE_LAYER_CONTROL));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Demo Zone — Mapsmith");
  rect = ms_zone_region_new_rect (ms_zone_get_width (zone), ms_zone_get_height (zone), 0, 0, 4, 4);
  g_assert_true (ms_zone_apply (zone, &op, rect, &error));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• Demo Zone — Mapsmith");
  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  app = ms_test_painter_start (&argc, &argv);
  ms_test_painter_add ("/zone-window/hover-readout", test_hover_readout);
  ms_test_painter_add ("/zone-window/gl-uploads-only-touched", test_gl_uploads_only_touched);
  ms_test_painter_add ("/zone-window/overlays", test_overlays);
  ms_test_painter_add ("/zone-window/target-overlay", test_target_overlay);
  ms_test_painter_add ("/zone-window/primary-menu", test_primary_menu);
  ms_test_painter_add ("/zone-window/details", test_details);
  ms_test_painter_add ("/zone-window/small-window", test_small_window);
  g_test_add_func ("/zone-window/no-seams", test_no_seams);
  g_test_add_func ("/zone-window/demo-title", test_demo_title);
  return ms_test_app_run ();
}
