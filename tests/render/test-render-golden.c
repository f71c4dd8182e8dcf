/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Golden images: every blueprint layer, the composite with each overlay,
 * every zone layer and the zone overlays composite, rendered from one fixed
 * fixture and compared with PNGs a person has looked at
 * (tests/golden/README.md).  The other render tests
 * check formulas pixel by pixel; these catch what no formula covers — a
 * flipped axis, a swapped palette entry, an overlay drawn in the wrong place.
 *
 * A small per-channel tolerance absorbs float differences between compilers
 * and CPUs; a missing golden is a failure, never a skip.  With
 * MAPSMITH_UPDATE_GOLDENS=1 the test writes the goldens into the source tree
 * instead (tools/update-goldens).
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "ms-blueprint.h"
#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-demo-zone.h"
#include "ms-png-writer.h"
#include "ms-test-util.h"
#include "ms-zone.h"
#include "ms-zone-renderer.h"

/* The fixture.  Changing any of these invalidates every golden. */
#define FIXTURE_BLUEPRINT_SIZE 256
#define FIXTURE_BLUEPRINT_SEED 42
#define FIXTURE_ZONE_SIZE      256
#define FIXTURE_ZONE_ID        42
/* Rendered at half size: 128², about 10–50 KiB a PNG. */
#define GOLDEN_MAX_SIZE        128

/* A channel may differ by this much without counting ... */
#define CHANNEL_TOLERANCE      3
/* ... and at most this fraction of the pixels may differ by more (0.1 %). */
#define MAX_BAD_FRACTION       0.001

typedef enum
{
  GOLDEN_BLUEPRINT,
  GOLDEN_ZONE,
  GOLDEN_ZONE_70,  /* the real zones of tests/data/zones/ */
  GOLDEN_ZONE_71,
} GoldenKind;

typedef struct
{
  const char *name;      /* the PNG in tests/golden/, without ".png" */
  GoldenKind  kind;
  guint       layer;     /* MsBlueprintLayer or MsZoneRenderLayer */
  guint       overlays;  /* MsOverlays (blueprint), MsZoneOverlays (zone overlays) */
  guint16     flags;     /* shown flags (zone); 0 = the style's default, all */
} Golden;

#define BP(name, layer, ovl)      { name, GOLDEN_BLUEPRINT, MS_BLUEPRINT_LAYER_##layer, ovl, 0 }
#define ZONE(name, layer, flags)  { name, GOLDEN_ZONE, MS_ZONE_RENDER_LAYER_##layer, 0, flags }
#define ZONE_OVERLAYS(name, ovl)  { name, GOLDEN_ZONE, MS_ZONE_RENDER_LAYER_OVERLAYS, ovl, 0 }

#define REAL(id, layer, flags) \
  { "zone" #id "-" layer, GOLDEN_ZONE_##id, MS_ZONE_RENDER_LAYER_##flags, 0, 0 }
#define REAL_OVERLAYS(id) \
  { "zone" #id "-overlays-plants-blocks-control", GOLDEN_ZONE_##id, MS_ZONE_RENDER_LAYER_OVERLAYS, \
    MS_ZONE_OVERLAY_PLANTS | MS_ZONE_OVERLAY_BLOCKS | MS_ZONE_OVERLAY_CONTROL, 0 }

static const Golden goldens[] = {
  BP ("blueprint-height",                HEIGHT,    MS_OVERLAY_NONE),
  BP ("blueprint-hillshade",             HILLSHADE, MS_OVERLAY_NONE),
  BP ("blueprint-biome",                 BIOME,     MS_OVERLAY_NONE),
  BP ("blueprint-water",                 WATER,     MS_OVERLAY_NONE),
  BP ("blueprint-composite",             COMPOSITE, MS_OVERLAY_NONE),
  BP ("blueprint-composite-towns",       COMPOSITE, MS_OVERLAY_TOWNS),
  BP ("blueprint-composite-roads",       COMPOSITE, MS_OVERLAY_ROADS),
  BP ("blueprint-composite-towns-roads", COMPOSITE, MS_OVERLAY_TOWNS | MS_OVERLAY_ROADS),
  ZONE ("zone-altitude",                 ALTITUDE,      0),
  ZONE ("zone-control",                  CONTROL,       0),
  ZONE ("zone-blocks",                   BLOCKS,        0),
  ZONE ("zone-plants",                   PLANTS,        0),
  ZONE ("zone-spawn",                    SPAWN,         0),
  ZONE ("zone-slope",                    SLOPE,         0),
  ZONE ("zone-plant-allowed",            PLANT_ALLOWED, 0),
  /* A subset of flags: the others must vanish, not just change colour. */
  ZONE ("zone-control-antiplant-highway", CONTROL,
        MS_ZONE_CONTROL_ANTI_PLANT | MS_ZONE_CONTROL_HIGHWAY),
  /* The composite over the altitude tint, in its drawing order. */
  ZONE_OVERLAYS ("zone-overlays-plants-blocks-control",
                 MS_ZONE_OVERLAY_PLANTS | MS_ZONE_OVERLAY_BLOCKS | MS_ZONE_OVERLAY_CONTROL),
  /* The real zones of tests/data/zones/: every layer and the flag overlays. */
  REAL (70, "altitude", ALTITUDE), REAL (70, "control", CONTROL), REAL (70, "blocks", BLOCKS),
  REAL (70, "plants", PLANTS), REAL (70, "spawn", SPAWN), REAL (70, "slope", SLOPE),
  REAL (70, "plant-allowed", PLANT_ALLOWED), REAL_OVERLAYS (70),
  REAL (71, "altitude", ALTITUDE), REAL (71, "control", CONTROL), REAL (71, "blocks", BLOCKS),
  REAL (71, "plants", PLANTS), REAL (71, "spawn", SPAWN), REAL (71, "slope", SLOPE),
  REAL (71, "plant-allowed", PLANT_ALLOWED), REAL_OVERLAYS (71),
};

#undef BP
#undef ZONE
#undef ZONE_OVERLAYS
#undef REAL
#undef REAL_OVERLAYS

/* Built once in main (), shared read-only by every case. */
static MsBlueprint *fixture_blueprint;
static MsZone      *fixture_zone;
static MsZone      *real_zones[2];  /* 70, 71, opened from the source tree */
static char        *fixture_zone_dir;

static gboolean
updating (void)
{
  const char *v = g_getenv ("MAPSMITH_UPDATE_GOLDENS");

  return v != NULL && strcmp (v, "") != 0 && strcmp (v, "0") != 0;
}

static void
build_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  /* Deterministic but for PRMS GeneratedUtc, which no pixel depends on. */
  bytes = ms_demo_blueprint_generate (FIXTURE_BLUEPRINT_SIZE, FIXTURE_BLUEPRINT_SEED, &error);
  g_assert_no_error (error);
  fixture_blueprint = ms_blueprint_new_for_bytes (bytes, "golden fixture", NULL, &error);
  g_assert_no_error (error);

  fixture_zone_dir = ms_test_make_tmpdir ();
  ms_demo_zone_write (fixture_zone_dir, FIXTURE_ZONE_ID, FIXTURE_ZONE_SIZE, FALSE, &error);
  g_assert_no_error (error);
  fixture_zone = ms_zone_new_for_dir (fixture_zone_dir, FIXTURE_ZONE_ID,
                                      FIXTURE_ZONE_SIZE, FIXTURE_ZONE_SIZE, NULL, &error);
  g_assert_no_error (error);

  /* Read-only: nothing here writes to them.  Sizes inferred from the files. */
  for (guint i = 0; i < G_N_ELEMENTS (real_zones); i++)
    {
      guint id = 70 + i;
      g_autofree char *name = g_strdup_printf ("%04u", id);
      g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "zones", name, NULL);

      real_zones[i] = ms_zone_new_for_dir (dir, id, 0, 0, NULL, &error);
      g_assert_no_error (error);
    }
}

static void
free_fixture (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (real_zones); i++)
    g_clear_object (&real_zones[i]);
  g_clear_object (&fixture_blueprint);
  g_clear_object (&fixture_zone);
  if (fixture_zone_dir != NULL)
    ms_test_remove_tree (fixture_zone_dir);
  g_clear_pointer (&fixture_zone_dir, g_free);
}

static cairo_surface_t *
render_golden (const Golden *golden)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s;

  /* The default styles: the goldens record what a user sees first. */
  if (golden->kind == GOLDEN_BLUEPRINT)
    {
      MsBlueprintStyle style;

      ms_blueprint_style_init (&style);
      style.layer = golden->layer;
      style.overlays = golden->overlays;
      s = ms_render_blueprint (fixture_blueprint, &style, NULL, GOLDEN_MAX_SIZE, NULL, &error);
    }
  else
    {
      MsZoneStyle style;

      ms_zone_style_init (&style);
      style.layer = golden->layer;
      if (golden->flags != 0)
        style.flags = golden->flags;
      if (golden->layer == MS_ZONE_RENDER_LAYER_OVERLAYS)
        style.overlays = golden->overlays;
      s = ms_render_zone (golden->kind == GOLDEN_ZONE ? fixture_zone
                          : real_zones[golden->kind - GOLDEN_ZONE_70],
                          &style, NULL, GOLDEN_MAX_SIZE, NULL, &error);
    }
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, GOLDEN_MAX_SIZE);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, GOLDEN_MAX_SIZE);
  cairo_surface_flush (s);
  return s;
}

static guint32
pixel_at (cairo_surface_t *s,
          int              col,
          int              row)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  gsize offset = (gsize) row * cairo_image_surface_get_stride (s);
  guint32 p = ((const guint32 *) (gconstpointer) (data + offset))[col];

  /* An RGB24 surface (what cairo makes of an RGB PNG) leaves the top byte
   * undefined; it is opaque. */
  if (cairo_image_surface_get_format (s) == CAIRO_FORMAT_RGB24)
    p |= 0xff000000u;
  return p;
}

static guint
channel_difference (guint32 a,
                    guint32 b)
{
  guint d = 0;

  for (guint shift = 0; shift < 32; shift += 8)
    {
      int ca = (a >> shift) & 0xff, cb = (b >> shift) & 0xff;
      d = MAX (d, (guint) ABS (ca - cb));
    }
  return d;
}

typedef struct
{
  guint   n_bad;        /* pixels with a channel beyond the tolerance */
  guint   n_changed;    /* pixels that differ at all */
  guint   worst;        /* the largest channel difference */
  int     worst_col, worst_row;
  guint32 worst_golden, worst_actual;
} Comparison;

static void
compare (cairo_surface_t *golden,
         cairo_surface_t *actual,
         Comparison      *out)
{
  int w = cairo_image_surface_get_width (actual);
  int h = cairo_image_surface_get_height (actual);

  memset (out, 0, sizeof *out);
  for (int row = 0; row < h; row++)
    for (int col = 0; col < w; col++)
      {
        guint32 g = pixel_at (golden, col, row), a = pixel_at (actual, col, row);
        guint d = channel_difference (g, a);

        if (d == 0)
          continue;
        out->n_changed++;
        if (d > CHANNEL_TOLERANCE)
          out->n_bad++;
        if (d > out->worst)
          {
            out->worst = d;
            out->worst_col = col;
            out->worst_row = row;
            out->worst_golden = g;
            out->worst_actual = a;
          }
      }
}

static char *
golden_path (const Golden *golden)
{
  g_autofree char *file = g_strconcat (golden->name, ".png", NULL);

  return g_test_build_filename (G_TEST_DIST, "golden", file, NULL);
}

/* Loads a PNG; NULL (and a message) when it is missing or unreadable. */
static cairo_surface_t *
load_png (const char  *path,
          char       **why)
{
  cairo_surface_t *s;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      *why = g_strdup ("it does not exist");
      return NULL;
    }
  s = cairo_image_surface_create_from_png (path);
  if (cairo_surface_status (s) != CAIRO_STATUS_SUCCESS)
    {
      *why = g_strdup (cairo_status_to_string (cairo_surface_status (s)));
      cairo_surface_destroy (s);
      return NULL;
    }
  return s;
}

/* Keeps the render that failed, for a person to look at beside the golden. */
static char *
save_failure (const Golden    *golden,
              cairo_surface_t *actual)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_BUILT, "golden-failures", NULL);
  g_autofree char *file = g_strconcat (golden->name, ".png", NULL);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0 || !ms_png_save (actual, path, NULL, &error))
    return g_strdup ("(could not be saved)");
  return g_steal_pointer (&path);
}

static void
update_golden (const Golden    *golden,
               cairo_surface_t *actual,
               cairo_surface_t *old)
{
  g_autofree char *path = golden_path (golden);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  /* Pixels unchanged: keep the file, so an update touches only what moved. */
  if (old != NULL &&
      cairo_image_surface_get_width (old) == cairo_image_surface_get_width (actual) &&
      cairo_image_surface_get_height (old) == cairo_image_surface_get_height (actual))
    {
      Comparison c;

      compare (old, actual, &c);
      if (c.n_changed == 0)
        {
          g_test_message ("%s: unchanged", golden->name);
          return;
        }
    }

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  ms_png_save (actual, path, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s: written to %s: look at it before committing", golden->name, path);
}

static void
test_golden (gconstpointer data)
{
  const Golden *golden = data;
  g_autofree char *path = golden_path (golden);
  g_autofree char *why = NULL;
  g_autofree char *kept = NULL;
  cairo_surface_t *actual = render_golden (golden);
  cairo_surface_t *expected = load_png (path, &why);
  int w = cairo_image_surface_get_width (actual);
  int h = cairo_image_surface_get_height (actual);
  guint max_bad = (guint) (MAX_BAD_FRACTION * w * h);
  Comparison c;

  if (updating ())
    {
      update_golden (golden, actual, expected);
      g_clear_pointer (&expected, cairo_surface_destroy);
      cairo_surface_destroy (actual);
      return;
    }

  if (expected == NULL)
    {
      kept = save_failure (golden, actual);
      g_test_fail_printf ("%s: the golden %s cannot be read: %s (the render is in %s; "
                          "tools/update-goldens writes goldens)", golden->name, path, why, kept);
      cairo_surface_destroy (actual);
      return;
    }

  if (cairo_image_surface_get_width (expected) != w ||
      cairo_image_surface_get_height (expected) != h)
    {
      kept = save_failure (golden, actual);
      g_test_fail_printf ("%s: rendered %dx%d, the golden %s is %dx%d (the render is in %s)",
                          golden->name, w, h, path,
                          cairo_image_surface_get_width (expected),
                          cairo_image_surface_get_height (expected), kept);
      cairo_surface_destroy (expected);
      cairo_surface_destroy (actual);
      return;
    }

  compare (expected, actual, &c);
  if (c.n_bad > max_bad)
    {
      kept = save_failure (golden, actual);
      g_test_fail_printf ("%s: %u of %d pixels differ by more than %d per channel "
                          "(at most %u may); worst at column %d, row %d: golden #%08x, "
                          "rendered #%08x (by %u). The render is in %s",
                          golden->name, c.n_bad, w * h, CHANNEL_TOLERANCE, max_bad,
                          c.worst_col, c.worst_row, c.worst_golden, c.worst_actual, c.worst, kept);
    }
  else if (c.n_changed > 0)
    g_test_message ("%s: %u pixels differ, %u beyond the tolerance, by at most %u",
                    golden->name, c.n_changed, c.n_bad, c.worst);

  cairo_surface_destroy (expected);
  cairo_surface_destroy (actual);
}

/* The goldens the tree holds are exactly the ones this test checks: a stray
 * PNG would otherwise look covered without being so. */
static void
test_no_stray_goldens (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "golden", NULL);
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) error = NULL;
  const char *file;

  if (updating ())
    {
      g_test_message ("updating: stray goldens are not checked");
      return;
    }

  d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((file = g_dir_read_name (d)) != NULL)
    {
      gboolean known = FALSE;

      if (!g_str_has_suffix (file, ".png"))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (goldens) && !known; i++)
        {
          g_autofree char *name = g_strconcat (goldens[i].name, ".png", NULL);
          known = strcmp (file, name) == 0;
        }
      if (!known)
        g_test_fail_printf ("%s/%s is not a golden this test checks: remove it or add a case",
                            dir, file);
    }
}

int
main (int    argc,
      char **argv)
{
  /* One failing golden must not hide the rest: a change usually shows in
   * several, and which ones says where to look. */
  g_autofree char **args = g_new0 (char *, argc + 2);
  int n_args = 0;
  int status;

  for (int i = 0; i < argc; i++)
    args[n_args++] = argv[i];
  args[n_args++] = (char *) "--keep-going";
  argv = args;
  argc = n_args;

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (goldens); i++)
    {
      g_autofree char *path = g_strconcat ("/render/golden/", goldens[i].name, NULL);
      g_test_add_data_func (path, &goldens[i], test_golden);
    }
  g_test_add_func ("/render/golden/no-stray-goldens", test_no_stray_goldens);

  build_fixture ();
  status = g_test_run ();
  free_fixture ();
  return status;
}
