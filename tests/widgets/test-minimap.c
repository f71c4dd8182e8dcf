/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The minimap and the scale bar in a real window (Xvfb).  The numbers are
 * worked by hand for the 512 demo map:
 *
 *   minimap: a 160 × 160 content box shows 512 map pixels, 0.3125 each;
 *   scale bar: 8192 m / 512 = 16 m per map pixel, so 16 / zoom m per
 *     screen pixel; the bar aims at sqrt (100 × 150) ≈ 122.5 px.
 */
#include "config.h"

#include <locale.h>
#include <gtk/gtk.h>

#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-minimap.h"
#include "ms-scale-bar.h"
#include "ms-test-display.h"

#define MAP_SIZE 512
#define MINIMAP_SIZE 160

typedef struct
{
  MsBlueprint *blueprint;
  MsViewport  *viewport;
  GtkWidget   *window;
  GtkWidget   *minimap;
  GtkWidget   *scale_bar;
} Fixture;

static gboolean
is_shown (gpointer data)
{
  Fixture *fixture = data;

  return gtk_widget_get_mapped (fixture->minimap) && gtk_widget_get_mapped (fixture->scale_bar) &&
         ms_minimap_get_texture (MS_MINIMAP (fixture->minimap)) != NULL;
}

/* Until the minimap has a picture and both widgets are mapped, then
 * 100 ms more. */
static void
wait_until (Fixture    *fixture,
            const char *what)
{
  ms_test_iterate_until_stable (is_shown, fixture, 100, what);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MAP_SIZE, 42, &error);
  GtkWidget *box;

  g_assert_no_error (error);
  fixture->blueprint = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);

  /* The map view's viewport stands in: a 400 × 300 view of the map. */
  fixture->viewport = ms_viewport_new ();
  ms_viewport_set_map_size (fixture->viewport, MAP_SIZE, MAP_SIZE);
  ms_viewport_set_size (fixture->viewport, 400, 300);

  fixture->minimap = ms_minimap_new ();
  ms_minimap_set_blueprint (MS_MINIMAP (fixture->minimap), fixture->blueprint);
  ms_minimap_set_viewport (MS_MINIMAP (fixture->minimap), fixture->viewport);
  gtk_widget_set_halign (fixture->minimap, GTK_ALIGN_START);
  gtk_widget_set_valign (fixture->minimap, GTK_ALIGN_START);

  fixture->scale_bar = ms_scale_bar_new ();
  ms_scale_bar_set_viewport (MS_SCALE_BAR (fixture->scale_bar), fixture->viewport);
  ms_scale_bar_set_metres_per_map_pixel (MS_SCALE_BAR (fixture->scale_bar),
                                         ms_scale_bar_metres_per_map_pixel_for (fixture->blueprint,
                                                                                NULL));
  gtk_widget_set_halign (fixture->scale_bar, GTK_ALIGN_START);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_box_append (GTK_BOX (box), fixture->minimap);
  gtk_box_append (GTK_BOX (box), fixture->scale_bar);

  fixture->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (fixture->window), FALSE);
  gtk_window_set_child (GTK_WINDOW (fixture->window), box);
  gtk_window_present (GTK_WINDOW (fixture->window));

  wait_until (fixture, "the minimap to show");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->viewport);
  g_clear_object (&fixture->blueprint);
}

static void
assert_rect (const graphene_rect_t *r,
             double                 x,
             double                 y,
             double                 width,
             double                 height)
{
  g_assert_cmpfloat_with_epsilon (r->origin.x, x, 1e-3);
  g_assert_cmpfloat_with_epsilon (r->origin.y, y, 1e-3);
  g_assert_cmpfloat_with_epsilon (r->size.width, width, 1e-3);
  g_assert_cmpfloat_with_epsilon (r->size.height, height, 1e-3);
}

static void
test_outline (Fixture       *fixture,
              gconstpointer  data)
{
  MsMinimap *minimap = MS_MINIMAP (fixture->minimap);
  graphene_rect_t r;

  g_assert_cmpint (gtk_widget_get_width (fixture->minimap), ==, MINIMAP_SIZE);
  g_assert_cmpint (gtk_widget_get_height (fixture->minimap), ==, MINIMAP_SIZE);
  g_assert_true (ms_minimap_get_map_area (minimap, &r));
  assert_rect (&r, 0, 0, 160, 160);

  /* Zoom 2 about the middle: 200 × 150 map pixels from (156, 181) on,
   * times 0.3125. */
  ms_viewport_set_zoom (fixture->viewport, 2.0);
  ms_viewport_set_centre (fixture->viewport, 256, 256);
  g_assert_true (ms_minimap_get_outline (minimap, &r));
  assert_rect (&r, 48.75, 56.5625, 62.5, 46.875);

  /* Panned to (100, 400): x from 0, y from 325 to 475. */
  ms_viewport_set_centre (fixture->viewport, 100, 400);
  g_assert_true (ms_minimap_get_outline (minimap, &r));
  assert_rect (&r, 0, 101.5625, 62.5, 46.875);

  /* Near a corner, (50, 500): x -50 … 150 and y 425 … 575 are clipped to
   * the map, 0 … 150 and 425 … 512. */
  ms_viewport_set_centre (fixture->viewport, 50, 500);
  g_assert_true (ms_minimap_get_outline (minimap, &r));
  assert_rect (&r, 0, 132.8125, 46.875, 27.1875);

  /* Zoomed in 4×, at (300, 200): 100 × 75 map pixels from (250, 162.5). */
  ms_viewport_set_zoom (fixture->viewport, 4.0);
  ms_viewport_set_centre (fixture->viewport, 300, 200);
  g_assert_true (ms_minimap_get_outline (minimap, &r));
  assert_rect (&r, 78.125, 50.78125, 31.25, 23.4375);

  /* Fitted (zoom 300 / 512): the whole map is in view. */
  ms_viewport_fit (fixture->viewport);
  g_assert_true (ms_minimap_get_outline (minimap, &r));
  assert_rect (&r, 0, 0, 160, 160);
}

static GtkGesture *
find_drag_gesture (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (controller))
        return GTK_GESTURE (controller);
    }
  g_assert_not_reached ();
}

static void
assert_centre (MsViewport *viewport,
               double      x,
               double      y)
{
  double cx, cy;

  ms_viewport_get_centre (viewport, &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, x, 1e-9);
  g_assert_cmpfloat_with_epsilon (cy, y, 1e-9);
}

static void
test_click_and_drag (Fixture       *fixture,
                     gconstpointer  data)
{
  MsMinimap *minimap = MS_MINIMAP (fixture->minimap);
  GtkGesture *drag = find_drag_gesture (fixture->minimap);
  graphene_rect_t r;

  ms_viewport_set_zoom (fixture->viewport, 2.0);
  ms_viewport_set_centre (fixture->viewport, 256, 256);

  /* (80, 40) / 0.3125 = (256, 128). */
  ms_minimap_move_to (minimap, 80, 40);
  assert_centre (fixture->viewport, 256, 128);
  /* The outline follows: 200 × 150 around (256, 128). */
  g_assert_true (ms_minimap_get_outline (minimap, &r));
  assert_rect (&r, 48.75, 16.5625, 62.5, 46.875);

  /* Off the map: the viewport keeps its centre on it. */
  ms_minimap_move_to (minimap, -10, 170);
  assert_centre (fixture->viewport, 0, 512);

  /* Through the gesture's own signals: pressed at (16, 144), dragged by
   * (32, -24) to (48, 120) = map (153.6, 384). */
  g_signal_emit_by_name (drag, "drag-begin", 16.0, 144.0);
  assert_centre (fixture->viewport, 51.2, 460.8);
  g_signal_emit_by_name (drag, "drag-update", 32.0, -24.0);
  assert_centre (fixture->viewport, 153.6, 384);
  g_signal_emit_by_name (drag, "drag-end", 32.0, -24.0);

  /* Without a viewport a click does nothing, and there is no outline. */
  ms_minimap_set_viewport (minimap, NULL);
  ms_minimap_move_to (minimap, 80, 80);
  assert_centre (fixture->viewport, 153.6, 384);
  g_assert_false (ms_minimap_get_outline (minimap, &r));
}

typedef struct
{
  double      zoom;
  double      length;
  double      width;
  const char *label;
} ScaleCase;

static void
test_scale_bar (Fixture       *fixture,
                gconstpointer  data)
{
  /* 16 m per map pixel; m/px = 16 / zoom; the target 122.47 px. */
  static const ScaleCase cases[] = {
    /* 16 m/px: 1959.6 m wanted; 2 km is 125 px. */
    { 1.0, 2000, 125, "2 km" },
    /* 8 m/px: 979.8 m; 1 km, 125 px. */
    { 2.0, 1000, 125, "1 km" },
    /* 4 m/px: 489.9 m; 500 m, 125 px. */
    { 4.0, 500, 125, "500 m" },
    /* 32 m/px: 3919 m; 2 km (62.5 px) is 1.96× short, 5 km (156.25 px)
     * 1.28× long: 5 km. */
    { 0.5, 5000, 156.25, "5 km" },
    /* 12.8 m/px: 1567.6 m; 1 km is 1.57× short, 2 km 1.28× long. */
    { 1.25, 2000, 156.25, "2 km" },
    /* 0.25 m/px: 30.6 m; 20 m (80 px) is 1.53× short, 50 m 1.63× long. */
    { 64.0, 20, 80, "20 m" },
    /* 40 m/px: 4898.98 m; 5 km, 125 px. */
    { 0.4, 5000, 125, "5 km" },
  };
  MsScaleBar *bar = MS_SCALE_BAR (fixture->scale_bar);

  g_assert_cmpfloat (ms_scale_bar_get_metres_per_map_pixel (bar), ==, 16.0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("zoom %g", cases[i].zoom);
      ms_viewport_set_zoom (fixture->viewport, cases[i].zoom);
      g_assert_cmpfloat (ms_viewport_get_zoom (fixture->viewport), ==, cases[i].zoom);
      g_assert_cmpfloat_with_epsilon (ms_scale_bar_get_length (bar), cases[i].length, 1e-9);
      g_assert_cmpfloat_with_epsilon (ms_scale_bar_get_bar_width (bar), cases[i].width, 1e-9);
      g_assert_cmpstr (ms_scale_bar_get_label (bar), ==, cases[i].label);
    }

  /* The widget is as wide as its bar (the label is narrower). */
  ms_viewport_set_zoom (fixture->viewport, 0.5);
  wait_until (fixture, "the scale bar to resize");
  g_assert_cmpint (gtk_widget_get_width (fixture->scale_bar), ==, 157);

  /* A style's own size: 0.5 m per map pixel at zoom 1 is 61.2 m wanted;
   * 50 m, 100 px. */
  ms_viewport_set_zoom (fixture->viewport, 1.0);
  ms_scale_bar_set_metres_per_map_pixel (bar, 0.5);
  g_assert_cmpfloat_with_epsilon (ms_scale_bar_get_length (bar), 50, 1e-9);
  g_assert_cmpfloat_with_epsilon (ms_scale_bar_get_bar_width (bar), 100, 1e-9);
  g_assert_cmpstr (ms_scale_bar_get_label (bar), ==, "50 m");

  /* Nothing to show without a size. */
  ms_scale_bar_set_metres_per_map_pixel (bar, 0);
  g_assert_cmpfloat (ms_scale_bar_get_length (bar), ==, 0);
  g_assert_null (ms_scale_bar_get_label (bar));
  g_assert_true (gtk_widget_has_css_class (fixture->scale_bar, "empty"));
}

static void
test_scale_maths (void)
{
  MsBlueprintStyle style;
  double width;
  char *label;

  /* Sub-metre: 1/256 m per px wants 0.478 m; 50 cm, 128 px. */
  g_assert_cmpfloat_with_epsilon (ms_scale_bar_choose_length (1.0 / 256, &width), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (width, 128, 1e-9);
  /* An 8K map at zoom 64: 1/64 m per px wants 1.91 m; 2 m, 128 px. */
  g_assert_cmpfloat_with_epsilon (ms_scale_bar_choose_length (1.0 / 64, &width), 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (width, 128, 1e-9);
  /* Nothing for nonsense. */
  g_assert_cmpfloat (ms_scale_bar_choose_length (0, &width), ==, 0);
  g_assert_cmpfloat (width, ==, 0);
  g_assert_cmpfloat (ms_scale_bar_choose_length (-1, NULL), ==, 0);

  /* Every length lands within 78–194 px. */
  for (double mpp = 1e-3; mpp < 1e4; mpp *= 1.07)
    {
      ms_scale_bar_choose_length (mpp, &width);
      g_assert_cmpfloat (width, >=, 77.4);
      g_assert_cmpfloat (width, <=, 193.7);
    }

  label = ms_scale_bar_format_length (200);
  g_assert_cmpstr (label, ==, "200 m");
  g_free (label);
  label = ms_scale_bar_format_length (1500);
  g_assert_cmpstr (label, ==, "1.5 km");
  g_free (label);
  label = ms_scale_bar_format_length (0.2);
  g_assert_cmpstr (label, ==, "20 cm");
  g_free (label);
  label = ms_scale_bar_format_length (1);
  g_assert_cmpstr (label, ==, "1 m");
  g_free (label);

  /* A style's metres_per_pixel wins over MapSize. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 1, &error);
    g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);

    g_assert_no_error (error);
    ms_blueprint_style_init (&style);
    g_assert_cmpfloat (ms_scale_bar_metres_per_map_pixel_for (bp, &style), ==, 32.0);
    style.metres_per_pixel = 2.5f;
    g_assert_cmpfloat (ms_scale_bar_metres_per_map_pixel_for (bp, &style), ==, 2.5);
  }
}

static gboolean
texture_is_gone (Fixture *fixture)
{
  return ms_minimap_get_texture (MS_MINIMAP (fixture->minimap)) == NULL;
}

static void
assert_texture_has_a_picture (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) width * height);
  guint n_colours = 0;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);

  /* 512 map pixels in at most 256: a 2× reduction. */
  g_assert_cmpint (width, ==, MS_MINIMAP_IMAGE_SIZE);
  g_assert_cmpint (height, ==, MS_MINIMAP_IMAGE_SIZE);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  for (gsize i = 0; i < (gsize) width * height; i++)
    {
      g_assert_cmphex (pixels[i] >> 24, ==, 0xff);  /* opaque */
      g_hash_table_add (colours, GUINT_TO_POINTER (pixels[i]));
    }
  n_colours = g_hash_table_size (colours);
  /* A shaded relief with sea and land, not a flat fill. */
  g_assert_cmpuint (n_colours, >, 100);
}

static void
test_image (Fixture       *fixture,
            gconstpointer  data)
{
  MsMinimap *minimap = MS_MINIMAP (fixture->minimap);
  GdkTexture *first;
  MsBlueprintStyle style;
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) shown = NULL;
  GskRenderer *renderer;
  guint watchdog;

  first = ms_minimap_get_texture (minimap);
  g_assert_nonnull (first);
  assert_texture_has_a_picture (first);

  /* Overlays are not drawn on the minimap: no new image. */
  ms_blueprint_style_init (&style);
  style.overlays = MS_OVERLAY_TOWNS | MS_OVERLAY_ROADS;
  ms_minimap_set_style (minimap, &style);
  g_assert_true (ms_minimap_get_texture (minimap) == first);

  /* Another layer is another image; the old one stays up meanwhile. */
  style.layer = MS_BLUEPRINT_LAYER_BIOME;
  ms_minimap_set_style (minimap, &style);
  g_assert_true (ms_minimap_get_texture (minimap) == first);
  g_object_ref (first);
  watchdog = ms_test_add_watchdog (60, "another layer to draw");
  while (ms_minimap_get_texture (minimap) == first)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (watchdog);
  g_object_unref (first);
  assert_texture_has_a_picture (ms_minimap_get_texture (minimap));

  /* What the window shows: the image under a dimmed surround and outline. */
  ms_viewport_set_zoom (fixture->viewport, 2.0);
  ms_viewport_set_centre (fixture->viewport, 256, 256);
  wait_until (fixture, "the minimap to redraw");
  paintable = gtk_widget_paintable_new (fixture->minimap);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, MINIMAP_SIZE, MINIMAP_SIZE);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (fixture->minimap));
  shown = gsk_renderer_render_texture (renderer, node, NULL);
  {
    int w = gdk_texture_get_width (shown), h = gdk_texture_get_height (shown);
    g_autofree guint32 *pixels = g_new (guint32, (gsize) w * h);
    guint32 first_pixel;
    gboolean varied = FALSE;

    gdk_texture_download (shown, (guchar *) pixels, (gsize) w * 4);
    first_pixel = pixels[0];
    for (gsize i = 0; i < (gsize) w * h && !varied; i++)
      varied = pixels[i] != first_pixel;
    g_assert_true (varied);
  }

  /* A new map: the old picture goes at once, a new one comes. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MAP_SIZE, 7, &error);
    g_autoptr(MsBlueprint) other = ms_blueprint_new_for_bytes (bytes, "other", NULL, &error);

    g_assert_no_error (error);
    ms_minimap_set_blueprint (minimap, other);
    g_assert_true (texture_is_gone (fixture));
    wait_until (fixture, "the second map to draw");
    assert_texture_has_a_picture (ms_minimap_get_texture (minimap));
  }
}

static void
test_accessible (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *tooltip = gtk_widget_get_tooltip_text (fixture->minimap);

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (fixture->minimap)), ==,
                   GTK_ACCESSIBLE_ROLE_IMG);
  g_assert_nonnull (tooltip);
  g_assert_true (gtk_widget_has_css_class (fixture->minimap, "osd"));
  g_assert_true (gtk_widget_has_css_class (fixture->scale_bar, "osd"));
  /* The scale bar lets drags through to the map. */
  g_assert_false (gtk_widget_get_can_target (fixture->scale_bar));
}

int
main (int argc, char **argv)
{
  /* The labels are checked in English with a full stop. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/minimap/outline", Fixture, NULL, fixture_set_up, test_outline, fixture_tear_down);
  g_test_add ("/minimap/click-and-drag", Fixture, NULL, fixture_set_up, test_click_and_drag,
              fixture_tear_down);
  g_test_add ("/minimap/image", Fixture, NULL, fixture_set_up, test_image, fixture_tear_down);
  g_test_add ("/minimap/accessible", Fixture, NULL, fixture_set_up, test_accessible,
              fixture_tear_down);
  g_test_add ("/scale-bar/nice-lengths", Fixture, NULL, fixture_set_up, test_scale_bar,
              fixture_tear_down);
  g_test_add_func ("/scale-bar/maths", test_scale_maths);
  return g_test_run ();
}
