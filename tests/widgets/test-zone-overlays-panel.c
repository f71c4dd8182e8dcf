/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone overlays panel in a real window: each row changes exactly its
 * field of the style, by gtk_widget_activate and by a real click through
 * the X server; set_style shows and returns every field without ::changed;
 * the swatches' drawn pixels are the colour model's colours.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "ms-colour.h"
#include "ms-test-display.h"
#include "ms-zone-layer.h"
#include "ms-zone-overlays-panel.h"

typedef struct
{
  GtkWindow           *window;
  MsZoneOverlaysPanel *panel;
  guint                n_changed;
} Fixture;

static void
on_changed (MsZoneOverlaysPanel *panel,
            Fixture             *fixture)
{
  fixture->n_changed++;
}

static gboolean
panel_shown (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_height (data) != 0;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_title (fixture->window, "zone-overlays-panel-test");
  gtk_window_set_decorated (fixture->window, FALSE);
  gtk_window_set_default_size (fixture->window, 300, 780);
  fixture->panel = MS_ZONE_OVERLAYS_PANEL (ms_zone_overlays_panel_new ());
  g_signal_connect (fixture->panel, "changed", G_CALLBACK (on_changed), fixture);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->panel));
  gtk_window_present (fixture->window);
  ms_test_iterate_until (panel_shown, fixture->panel, "the panel to show");
  ms_test_run_for (200);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  ms_test_run_for (50);
}

/* The widget under the panel named by a format; fails the test when none. */
#define get_named(fixture, ...) ms_test_get_named (GTK_WIDGET ((fixture)->panel), __VA_ARGS__)

/* Field by field: a memcmp would also compare padding. */
static void
assert_styles_equal (const MsZoneStyle *a,
                     const MsZoneStyle *b)
{
  g_assert_cmpint (a->layer, ==, b->layer);
  g_assert_cmphex (a->flags, ==, b->flags);
  g_assert_cmpfloat (a->light.azimuth_deg, ==, b->light.azimuth_deg);
  g_assert_cmpfloat (a->light.altitude_deg, ==, b->light.altitude_deg);
  g_assert_cmpfloat_with_epsilon (a->light.x, b->light.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (a->light.y, b->light.y, 1e-6);
  g_assert_cmpfloat_with_epsilon (a->light.z, b->light.z, 1e-6);
  g_assert_cmpfloat (a->exaggeration, ==, b->exaggeration);
  g_assert_cmpfloat (a->shade_strength, ==, b->shade_strength);
  g_assert_cmpfloat (a->overlay_opacity, ==, b->overlay_opacity);
  g_assert_cmphex (a->overlays, ==, b->overlays);
  g_assert_cmphex (a->control_flags, ==, b->control_flags);
  g_assert_cmphex (a->blocking_flags, ==, b->blocking_flags);
  g_assert_cmpint (!!a->tint_altitude, ==, !!b->tint_altitude);
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    g_assert_cmpfloat (a->overlay_opacities[i], ==, b->overlay_opacities[i]);
  g_assert_cmpint (!!a->light.multidirectional, ==, !!b->light.multidirectional);
  g_assert_cmpfloat (a->contour_interval, ==, b->contour_interval);
  g_assert_cmpfloat (a->contour_opacity, ==, b->contour_opacity);
}

static void
assert_style_is (Fixture           *fixture,
                 const MsZoneStyle *expected)
{
  MsZoneStyle got;

  ms_zone_overlays_panel_get_style (fixture->panel, &got);
  assert_styles_equal (&got, expected);
}

/* The overlay names in bit order, as ms_zone_overlay_to_string () should
 * give them (written out here, not asked of the renderer). */
static const char * const overlay_ids[MS_ZONE_N_OVERLAYS] = {
  "spawn", "slope", "plants", "plant-allowed", "blocks", "control",
};

static void
test_defaults (Fixture       *fixture,
               gconstpointer  data)
{
  MsZoneStyle expected;

  ms_zone_style_init (&expected);
  assert_style_is (fixture, &expected);
  g_assert_cmpuint (fixture->n_changed, ==, 0);

  /* Only the control overlay shows at first, with every flag. */
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    g_assert_cmpint (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "overlay-%s-visible",
                                                                               overlay_ids[i]))),
                     ==, i == 5);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "control-flag-10"))));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "blocking-flag-3"))));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (get_named (fixture, "tint-altitude"))));
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (get_named (fixture, "light-azimuth"))), ==, 315.0);
}

/* Activating @name once flips exactly @expected's change, with one
 * ::changed. */
static void
activate_and_check (Fixture           *fixture,
                    const char        *name,
                    const MsZoneStyle *expected)
{
  guint before = fixture->n_changed;

  gint64 until = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  g_assert_true (gtk_widget_activate (get_named (fixture, "%s", name)));
  /* A switch flips at the end of its animation. */
  while (fixture->n_changed == before && g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpuint (fixture->n_changed, ==, before + 1);
  assert_style_is (fixture, expected);
}

static void
test_activate_rows (Fixture       *fixture,
                    gconstpointer  data)
{
  /* Bits as the game server numbers them (docs/ZONE_LAYERS.md), written out. */
  static const guint control_bits[] = { 0, 1, 2, 3, 4, 6, 7, 8, 9, 10 };
  static const guint blocking_bits[] = { 0, 1, 2, 3 };
  MsZoneStyle expected;
  GtkRange *range;
  guint before;

  ms_zone_style_init (&expected);

  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    {
      g_autofree char *name = g_strdup_printf ("overlay-%s-visible", overlay_ids[i]);

      expected.overlays ^= 1u << i;
      activate_and_check (fixture, name, &expected);
    }
  g_assert_cmphex (expected.overlays, ==, 0x1f);

  for (guint i = 0; i < G_N_ELEMENTS (control_bits); i++)
    {
      g_autofree char *name = g_strdup_printf ("control-flag-%u", control_bits[i]);

      expected.control_flags ^= 1u << control_bits[i];
      activate_and_check (fixture, name, &expected);
    }
  /* Only the unused bits 5 and 11..15 are left. */
  g_assert_cmphex (expected.control_flags, ==, 0xf820);

  for (guint i = 0; i < G_N_ELEMENTS (blocking_bits); i++)
    {
      g_autofree char *name = g_strdup_printf ("blocking-flag-%u", blocking_bits[i]);

      expected.blocking_flags ^= 1u << blocking_bits[i];
      activate_and_check (fixture, name, &expected);
    }
  g_assert_cmphex (expected.blocking_flags, ==, 0xf0);

  expected.tint_altitude = FALSE;
  activate_and_check (fixture, "tint-altitude", &expected);

  /* "None" clears every bit, "All" sets every bit; and each row follows. */
  expected.control_flags = 0;
  activate_and_check (fixture, "control-none", &expected);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "control-flag-9"))));
  expected.control_flags = 0xffff;
  activate_and_check (fixture, "control-all", &expected);
  for (guint i = 0; i < G_N_ELEMENTS (control_bits); i++)
    g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "control-flag-%u",
                                                                             control_bits[i]))));
  expected.blocking_flags = 0xff;
  activate_and_check (fixture, "blocking-all", &expected);
  expected.blocking_flags = 0;
  activate_and_check (fixture, "blocking-none", &expected);

  /* "None" again changes nothing, so says nothing. */
  before = fixture->n_changed;
  g_assert_true (gtk_widget_activate (get_named (fixture, "blocking-none")));
  g_assert_cmpuint (fixture->n_changed, ==, before);
  assert_style_is (fixture, &expected);

  /* A slider's new value is one change of its overlay's opacity. */
  range = GTK_RANGE (get_named (fixture, "overlay-slope-opacity"));
  before = fixture->n_changed;
  gtk_range_set_value (range, 0.25);
  g_assert_cmpuint (fixture->n_changed, ==, before + 1);
  expected.overlay_opacities[1] = 0.25f;
  assert_style_is (fixture, &expected);

  /* The light turns; its altitude stays. */
  range = GTK_RANGE (get_named (fixture, "light-azimuth"));
  before = fixture->n_changed;
  gtk_range_set_value (range, 90.0);
  g_assert_cmpuint (fixture->n_changed, ==, before + 1);
  ms_light_init (&expected.light, 90.0f, 45.0f);
  /* From the east: the light vector points along +x (columns). */
  g_assert_cmpfloat_with_epsilon (expected.light.x, 0.70710678f, 1e-5);
  assert_style_is (fixture, &expected);

  /* Multi lights from four azimuths and survives a turn of the light. */
  before = fixture->n_changed;
  g_assert_true (gtk_widget_activate (get_named (fixture, "hillshade-multidirectional")));
  g_assert_cmpuint (fixture->n_changed, ==, before + 1);
  expected.light.multidirectional = TRUE;
  assert_style_is (fixture, &expected);
  gtk_range_set_value (GTK_RANGE (get_named (fixture, "light-azimuth")), 180.0);
  ms_light_init (&expected.light, 180.0f, 45.0f);
  expected.light.multidirectional = TRUE;
  assert_style_is (fixture, &expected);

  /* Contours: the check draws them at the spin button's interval (4
   * height units at first), which then follows the spin button. */
  g_assert_false (gtk_widget_get_sensitive (get_named (fixture, "contour-interval")));
  before = fixture->n_changed;
  g_assert_true (gtk_widget_activate (get_named (fixture, "contours-visible")));
  g_assert_cmpuint (fixture->n_changed, ==, before + 1);
  expected.contour_interval = 4.0f;
  assert_style_is (fixture, &expected);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (get_named (fixture, "contour-interval")), 7.0);
  expected.contour_interval = 7.0f;
  assert_style_is (fixture, &expected);
  g_assert_true (gtk_widget_activate (get_named (fixture, "contours-visible")));
  expected.contour_interval = 0.0f;
  assert_style_is (fixture, &expected);
}

static void
test_set_style_round_trip (Fixture       *fixture,
                           gconstpointer  data)
{
  static const float opacities[MS_ZONE_N_OVERLAYS] = { 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f };
  MsZoneStyle style, again;
  guint n_flags;
  const MsZoneFlagInfo *flags;

  /* Every field away from its default. */
  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_PLANTS;
  style.flags = 0x1234;
  ms_light_init (&style.light, 123.0f, 30.0f);
  style.exaggeration = 0.5f;
  style.shade_strength = 0.3f;
  style.overlay_opacity = 0.2f;
  style.overlays = MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_PLANTS | MS_ZONE_OVERLAY_BLOCKS;
  style.control_flags = (1 << 0) | (1 << 6) | (1 << 9);
  style.blocking_flags = (1 << 1) | (1 << 3);
  style.tint_altitude = FALSE;
  memcpy (style.overlay_opacities, opacities, sizeof opacities);
  style.light.multidirectional = TRUE;
  style.contour_interval = 2.5f;

  ms_zone_overlays_panel_set_style (fixture->panel, &style);
  ms_test_run_for (50);
  g_assert_cmpuint (fixture->n_changed, ==, 0);
  assert_style_is (fixture, &style);

  /* The widgets show it. */
  for (guint i = 0; i < MS_ZONE_N_OVERLAYS; i++)
    {
      gboolean on = i == 0 || i == 2 || i == 4;

      g_assert_cmpint (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "overlay-%s-visible",
                                                                                 overlay_ids[i]))),
                       ==, on);
      g_assert_cmpfloat_with_epsilon (gtk_range_get_value (GTK_RANGE (get_named (fixture, "overlay-%s-opacity",
                                                                                 overlay_ids[i]))),
                                      opacities[i], 1e-6);
    }
  flags = ms_zone_control_flags (&n_flags);
  g_assert_cmpuint (n_flags, ==, 10);
  for (guint i = 0; i < n_flags; i++)
    {
      guint bit = g_bit_nth_lsf (flags[i].bit, -1);
      gboolean on = bit == 0 || bit == 6 || bit == 9;

      g_assert_cmpint (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "control-flag-%u", bit))),
                       ==, on);
    }
  for (guint bit = 0; bit < 4; bit++)
    g_assert_cmpint (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "blocking-flag-%u", bit))),
                     ==, bit == 1 || bit == 3);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (get_named (fixture, "tint-altitude"))));
  g_assert_cmpfloat (gtk_range_get_value (GTK_RANGE (get_named (fixture, "light-azimuth"))), ==, 123.0);

  /* A change afterwards keeps every field the panel does not edit. */
  g_assert_true (gtk_widget_activate (get_named (fixture, "overlay-slope-visible")));
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  again = style;
  again.overlays |= MS_ZONE_OVERLAY_SLOPE;
  assert_style_is (fixture, &again);

  /* And setting the same style twice is still silent. */
  ms_zone_overlays_panel_set_style (fixture->panel, &style);
  ms_zone_overlays_panel_set_style (fixture->panel, &style);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  assert_style_is (fixture, &style);
}

static void
test_tooltips_name_flags (Fixture       *fixture,
                          gconstpointer  data)
{
  const char *tip;

  tip = gtk_widget_get_tooltip_text (get_named (fixture, "control-flag-7"));
  g_assert_nonnull (strstr (tip, "Highway"));
  g_assert_nonnull (strstr (tip, "bit 7"));
  g_assert_nonnull (strstr (tip, "0x0080"));
  tip = gtk_widget_get_tooltip_text (get_named (fixture, "blocking-flag-2"));
  g_assert_nonnull (strstr (tip, "Decor"));
  g_assert_nonnull (strstr (tip, "bit 2"));
  g_assert_nonnull (strstr (tip, "0x04"));

  /* The mnemonic of a row's label reaches its check button. */
  g_assert_true (gtk_widget_mnemonic_activate (get_named (fixture, "overlay-spawn-visible"), FALSE));
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (fixture, "overlay-spawn-visible"))));
  g_assert_cmpuint (fixture->n_changed, ==, 1);
}

/* Scrolls @widget into the panel's view and clicks its middle. */
static void
click (Fixture    *fixture,
       const char *window_id,
       GtkWidget  *widget)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (fixture->panel));
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  graphene_point_t in_scrolled, at;

  g_assert_true (GTK_IS_SCROLLED_WINDOW (scrolled));
  g_assert_true (gtk_widget_compute_point (widget, scrolled,
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0f,
                                                                 gtk_widget_get_height (widget) / 2.0f),
                                           &in_scrolled));
  if (in_scrolled.y < 20 || in_scrolled.y > gtk_widget_get_height (scrolled) - 20)
    {
      gtk_adjustment_set_value (vadj, gtk_adjustment_get_value (vadj) + in_scrolled.y -
                                gtk_widget_get_height (scrolled) / 2.0);
      ms_test_run_for (200);
    }

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (fixture->window),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0f,
                                                                 gtk_widget_get_height (widget) / 2.0f),
                                           &at));
  g_assert_cmpfloat (at.y, >, 0);
  g_assert_cmpfloat (at.y, <, gtk_widget_get_height (GTK_WIDGET (fixture->window)));
  ms_test_click_widget (widget, window_id, 1);
}

static void
test_real_clicks (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *window_id = ms_test_x_window_id ("zone-overlays-panel-test");
  MsZoneStyle expected;

  ms_zone_style_init (&expected);

  click (fixture, window_id, get_named (fixture, "overlay-plant-allowed-visible"));
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  expected.overlays |= MS_ZONE_OVERLAY_PLANT_ALLOWED;
  assert_style_is (fixture, &expected);

  /* Highway is bit 7. */
  click (fixture, window_id, get_named (fixture, "control-flag-7"));
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  expected.control_flags &= ~0x0080;
  assert_style_is (fixture, &expected);

  /* Island, bit 3, is at the bottom: the click scrolls to it first. */
  click (fixture, window_id, get_named (fixture, "blocking-flag-3"));
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  expected.blocking_flags &= ~0x08;
  assert_style_is (fixture, &expected);

  click (fixture, window_id, get_named (fixture, "control-none"));
  g_assert_cmpuint (fixture->n_changed, ==, 4);
  expected.control_flags = 0;
  assert_style_is (fixture, &expected);

  click (fixture, window_id, get_named (fixture, "tint-altitude"));
  g_assert_cmpuint (fixture->n_changed, ==, 5);
  expected.tint_altitude = FALSE;
  assert_style_is (fixture, &expected);
}

/* The centre pixel of @widget as drawn, 0xAARRGGBB. */
static guint32
drawn_centre (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autofree guint32 *pixels = NULL;

  g_assert_cmpint (width, >=, 8);
  g_assert_cmpint (height, >=, 8);
  /* Opaque, so premultiplying changes nothing. */
  pixels = ms_test_capture (widget, width, height);
  return pixels[(height / 2) * width + width / 2];
}

static void
assert_swatch (Fixture    *fixture,
               const char *name,
               MsRgb       colour)
{
  guint32 pixel = drawn_centre (get_named (fixture, "%s", name));
  guint32 want = 0xff000000u |
                 (guint32) (guint8) (colour.r * 255.0f + 0.5f) << 16 |
                 (guint32) (guint8) (colour.g * 255.0f + 0.5f) << 8 |
                 (guint32) (guint8) (colour.b * 255.0f + 0.5f);

  if (pixel != want)
    g_error ("%s drew #%08x, not the colour model's #%08x", name, pixel, want);
}

static void
test_swatch_colours (Fixture       *fixture,
                     gconstpointer  data)
{
  static const guint control_bits[] = { 0, 1, 2, 3, 4, 6, 7, 8, 9, 10 };
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (control_bits); i++)
    {
      g_autofree char *name = g_strdup_printf ("control-swatch-%u", control_bits[i]);
      GtkWidget *swatch = get_named (fixture, "%s", name);

      assert_swatch (fixture, name, ms_colour_zone_control (control_bits[i]));
      /* Each flag its own colour. */
      g_assert_true (g_hash_table_add (seen, GUINT_TO_POINTER (drawn_centre (swatch))));
    }
  for (guint bit = 0; bit < 4; bit++)
    {
      g_autofree char *name = g_strdup_printf ("blocking-swatch-%u", bit);

      assert_swatch (fixture, name, ms_colour_zone_blocking (bit));
    }
}

/* Not a test: MS_TEST_HOLD_SECONDS=N keeps the panel on screen for a
 * screenshot (`import -window root`). */
static void
test_hold (Fixture       *fixture,
           gconstpointer  data)
{
  MsZoneStyle style;
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (fixture->panel));
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  int hold_ms = 1000 * atoi (g_getenv ("MS_TEST_HOLD_SECONDS"));

  ms_zone_style_init (&style);
  style.overlays = MS_ZONE_OVERLAY_CONTROL | MS_ZONE_OVERLAY_SPAWN | MS_ZONE_OVERLAY_SLOPE;
  style.blocking_flags = 0x05;
  ms_zone_overlays_panel_set_style (fixture->panel, &style);
  /* The top half the time, then the bottom. */
  ms_test_run_for (hold_ms / 2);
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_upper (vadj));
  ms_test_run_for (hold_ms / 2);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/zone-overlays-panel/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("defaults", test_defaults);
  ADD ("activate-rows", test_activate_rows);
  ADD ("set-style-round-trip", test_set_style_round_trip);
  ADD ("tooltips-name-flags", test_tooltips_name_flags);
  ADD ("real-clicks", test_real_clicks);
  ADD ("swatch-colours", test_swatch_colours);
  if (g_getenv ("MS_TEST_HOLD_SECONDS") != NULL)
    ADD ("hold", test_hold);
#undef ADD

  return g_test_run ();
}
