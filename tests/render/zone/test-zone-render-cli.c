/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `mapsmith-cli zone render` (cli/, over render/zone/ms-zone-renderer.c)
 * as a child process: every layer, flags, regions, the composite and its
 * options, PNG pixels against the raw bytes of a zone of the test's own,
 * and the exit codes of usage, I/O and invalid input.
 */
#include "config.h"

#include <sys/wait.h>
#include <glib/gstdio.h>

#include "ms-test-zone-render.h"

static int
run_cli (const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MAPSMITH_CLI"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static cairo_surface_t *
load_png (const char *path,
          guint       expect_w,
          guint       expect_h)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, expect_w);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, expect_h);
  return s;
}

static void
test_cli (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *out = g_build_filename (dir, "out.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad", NULL);
  g_autofree char *bad_file = g_build_filename (bad, "control.0003.bin", NULL);
  g_autofree guint8 *plants = NULL;
  cairo_surface_t *s;

  g_assert_cmpint (run_cli ("zone", "demo", dir, "42", "--size", "256", NULL), ==, 0);
  for (guint l = 0; l < MS_N_ZONE_RENDER_LAYERS; l++)
    {
      g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer",
                                ms_zone_render_layer_to_string (l), "--max-size", "64", NULL), ==, 0);
      cairo_surface_destroy (load_png (out, 64, 64));
    }
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "control",
                            "--flags", "AntiPlant,TerraformProtected", NULL), ==, 0);
  cairo_surface_destroy (load_png (out, 256, 256));
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "blocks",
                            "--flags", "Obstacle", "--region", "10", "3", "20", "7", NULL), ==, 0);
  cairo_surface_destroy (load_png (out, 20, 7));

  /* The composite: --flags are its control flags; hand-worked as in
   * test-zone-overlays.c's overlays-hand-worked (AntiPlant at 0.65 over #b8b8b8). */
  {
    g_autofree MsTestOverlayZone *z = g_new (MsTestOverlayZone, 1);

    ms_test_write_overlay_zone (dir, z);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--overlays", "control,blocks",
                              "--flags", "AntiPlant", "--grey-relief", NULL), ==, 0);
    s = load_png (out, 16, 16);
    g_assert_cmphex (ms_test_pixel (s, 6, 5) & 0xffffff, ==, 0xd3797a);
    g_assert_cmphex (ms_test_pixel (s, 8, 7) & 0xffffff, ==, 0xd3797a);   /* Highway hidden */
    g_assert_cmphex (ms_test_pixel (s, 0, 0) & 0xffffff, ==, 0xb8b8b8);
    g_assert_cmphex (ms_test_pixel (s, 5, 4) & 0xffffff, !=, 0xb8b8b8);   /* blocks on */
    cairo_surface_destroy (s);
    /* --opacity reaches every overlay: spawn 128 at 0.5 over #629450 is
     * 98 − 11 = 87, 148 + 14 = 162, 80 + 0 = 80. */
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--overlays", "spawn", "--opacity", "0.5",
                              NULL), ==, 0);
    s = load_png (out, 16, 16);
    g_assert_cmphex (ms_test_pixel (s, 3, 3) & 0xffffff, ==, 0x57a250);
    cairo_surface_destroy (s);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--overlays", "control,roads", NULL), ==, 2);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "overlays", "--flags", "Obstacle", NULL), ==, 2);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--layer", "control", "--overlays", "control", NULL), ==, 2);
    g_assert_cmpint (run_cli ("zone", "render", "--size", "16x16", dir, "3", "-o", out,
                              "--grey-relief", NULL), ==, 2);
  }

  /* 1:1 spawn through PNG (RGB) against the raw bytes of a file of our own. */
  plants = ms_test_write_spawn_zone (dir, 5, 48, 48);
  g_assert_cmpint (run_cli ("zone", "render", "--size", "48x48", dir, "5", "-o", out,
                            "--layer", "spawn", "--region=4,5,30,20", NULL), ==, 0);
  s = load_png (out, 30, 20);
  for (guint j = 0; j < 20; j++)
    for (guint i = 0; i < 30; i++)
      g_assert_cmphex (ms_test_pixel (s, i, j) & 0xffffff, ==,
                       ms_test_argb (ms_colour_zone_spawn (plants[7 * ((5 + j) * 48 + 4 + i) + 3]))
                       & 0xffffff);
  cairo_surface_destroy (s);

  /* Usage and I/O: 2. */
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "heights", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "control",
                            "--flags", "AntiPlant,Bogus", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--layer", "spawn",
                            "--flags", "AntiPlant", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--region", "250", "0", "7", "1",
                            NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--region", "1", "2", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", out, "--max-size", "-1", NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "99", "-o", out, NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", "/nonexistent", "42", "-o", out, NULL), ==, 2);
  g_assert_cmpint (run_cli ("zone", "render", dir, "42", "-o", "/nonexistent/out.png", NULL), ==, 2);

  /* Invalid input: 1 (a file fitting no zone; a layer the zone lacks). */
  g_assert_cmpint (g_mkdir (bad, 0700), ==, 0);
  g_assert_true (g_file_set_contents (bad_file, "abc", 3, NULL));
  g_assert_cmpint (run_cli ("zone", "render", bad, "3", "-o", out, NULL), ==, 1);
  g_assert_cmpint (run_cli ("zone", "render", "--size", "48x48", dir, "5", "-o", out,
                            "--layer", "control", NULL), ==, 1);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/zone/cli", test_cli);
  return g_test_run ();
}
