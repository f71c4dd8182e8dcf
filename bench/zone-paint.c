/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one brush dab costs on a 2048² zone (issue #6), on the app's path:
 * ms_zone_apply () of a round stamp inside a step, then the pyramid tiles
 * the dab invalidated made again — the tiles the view re-requests, at the
 * level it shows — and, with --gl, uploaded as textures.  Against it, a
 * painter without tile invalidation: the same edit, then every tile of
 * that level reduced again from a pyramid with nothing cached.
 *
 * Prints Markdown tables; bench/README.md explains them.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <epoxy/gl.h>
#include <glib/gstdio.h>

#include "ms-demo-zone.h"
#include "ms-test-gl.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-gl-renderer.h"
#include "ms-zone-pyramid.h"
#include "ms-zone-renderer.h"

#define ZONE_ID         1
#define ZONE_SIZE       2048
#define PYRAMID_BUDGET  (256u << 20)   /* the zone view's budgets */
#define TEXTURE_BUDGET  (192u << 20)
#define N_LEVELS        4              /* 2048 = 256 · 2^3: levels 0..3 */
#define FRAME_US        16667.0        /* 60 Hz */
#define WARMUP_DABS     20

typedef struct
{
  guint    n;
  gint64  *apply;                /* µs per dab */
  gint64  *fetch[N_LEVELS];      /* µs to make the level's tiles again */
  gint64  *upload[N_LEVELS];     /* µs to upload them, glFinish included */
  guint   *tiles[N_LEVELS];      /* how many */
} Samples;

static int    n_dabs = 200;
static int    n_naive = 20;
static gboolean use_gl = FALSE;

static const GOptionEntry entries[] = {
  { "dabs", 'n', 0, G_OPTION_ARG_INT, &n_dabs, "Dabs per stroke (200)", "N" },
  { "naive-dabs", 0, 0, G_OPTION_ARG_INT, &n_naive, "Dabs for the full re-reduction (20)", "N" },
  { "gl", 0, 0, G_OPTION_ARG_NONE, &use_gl, "Also upload the tiles (EGL, surfaceless Mesa)", NULL },
  { NULL }
};

static Samples *
samples_new (guint n)
{
  Samples *s = g_new0 (Samples, 1);

  s->n = n;
  s->apply = g_new0 (gint64, n);
  for (guint l = 0; l < N_LEVELS; l++)
    {
      s->fetch[l] = g_new0 (gint64, n);
      s->upload[l] = g_new0 (gint64, n);
      s->tiles[l] = g_new0 (guint, n);
    }
  return s;
}

static void
samples_free (Samples *s)
{
  g_free (s->apply);
  for (guint l = 0; l < N_LEVELS; l++)
    {
      g_free (s->fetch[l]);
      g_free (s->upload[l]);
      g_free (s->tiles[l]);
    }
  g_free (s);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Samples, samples_free)

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* Median and 95th percentile (nearest rank), in ms. */
static void
stats (const gint64 *us,
       guint         n,
       double       *median,
       double       *p95)
{
  g_autofree gint64 *v = g_memdup2 (us, n * sizeof *v);

  qsort (v, n, sizeof *v, compare_gint64);
  *median = (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0) / 1000.0;
  *p95 = v[(guint) ceil (0.95 * n) - 1] / 1000.0;
}

/* One dab's cost when the view shows @level (all levels: -1). */
static void
total (const Samples *s,
       int            level,
       gboolean       with_upload,
       gint64        *out)
{
  for (guint i = 0; i < s->n; i++)
    {
      out[i] = s->apply[i];
      for (guint l = 0; l < N_LEVELS; l++)
        if (level < 0 || (guint) level == l)
          out[i] += s->fetch[l][i] + (with_upload ? s->upload[l][i] : 0);
    }
}

/* Dab @i of a stroke across the zone: 8 tiles apart, a slow wave in y, so
 * dabs cross tile borders as a hand would. */
static MsZoneRegion *
dab_region (guint  i,
            double radius)
{
  double cx = 256 + 8.0 * i, cy = 1024 + 384 * sin (i / 25.0);

  return ms_zone_region_new_stamp (ZONE_SIZE, ZONE_SIZE, MS_ZONE_BRUSH_ROUND, cx, cy, radius);
}

static gboolean
apply_dab (MsZone  *zone,
           guint    i,
           double   radius,
           gint64  *us,
           GError **error)
{
  /* The brush's default target: set the first control flag. */
  guint n_flags;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, ms_zone_control_flags (&n_flags)[0].bit, 0, 0 };
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(MsZoneRegion) region = dab_region (i, radius);

  if (!ms_zone_apply (zone, &op, region, error))
    return FALSE;
  *us = g_get_monotonic_time () - t0;
  return TRUE;
}

/* Makes the tiles of @level in @keys (NULL: every tile of the level) and,
 * with a renderer, uploads them. */
static gboolean
fetch_level (MsZonePyramid    *pyramid,
             MsZoneGlRenderer *renderer,
             guint             level,
             GArray           *keys,
             gint64           *fetch_us,
             gint64           *upload_us,
             guint            *n_tiles,
             GError          **error)
{
  g_autoptr(GPtrArray) tiles = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_zone_tile_unref);
  g_autoptr(GArray) all = NULL;
  gint64 t0 = g_get_monotonic_time (), t1;

  if (keys == NULL)
    {
      guint nx, ny;

      all = keys = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
      ms_zone_pyramid_get_tile_grid (pyramid, level, &nx, &ny);
      for (guint ty = 0; ty < ny; ty++)
        for (guint tx = 0; tx < nx; tx++)
          g_array_append_val (keys, ((MsTileKey) { level, tx, ty }));
    }
  for (guint i = 0; i < keys->len; i++)
    {
      const MsTileKey *key = &g_array_index (keys, MsTileKey, i);
      MsZoneTile *tile;

      if (key->level != level)
        continue;
      tile = ms_zone_pyramid_get_tile (pyramid, key, NULL, error);
      if (tile == NULL)
        return FALSE;
      g_ptr_array_add (tiles, tile);
    }
  t1 = g_get_monotonic_time ();
  if (renderer != NULL)
    {
      for (guint i = 0; i < tiles->len; i++)
        ms_zone_gl_renderer_upload_tile (renderer, g_ptr_array_index (tiles, i));
      glFinish ();
    }
  *fetch_us = t1 - t0;
  *upload_us = g_get_monotonic_time () - t1;
  *n_tiles = tiles->len;
  return TRUE;
}

static void
on_tiles_invalidated (MsZonePyramid *pyramid,
                      GArray        *keys,
                      GArray        *out)
{
  g_array_append_vals (out, keys->data, keys->len);
}

/* One stroke of @s->n dabs, each followed by what the view re-requests;
 * undone afterwards. */
static gboolean
run_incremental (MsZone           *zone,
                 MsZonePyramid    *pyramid,
                 MsZoneGlRenderer *renderer,
                 GArray           *invalidated,
                 double            radius,
                 Samples          *s,
                 GError          **error)
{
  gboolean ok = TRUE;

  ms_zone_begin_step (zone);
  for (guint i = 0; ok && i < s->n; i++)
    {
      g_array_set_size (invalidated, 0);
      ok = apply_dab (zone, i, radius, &s->apply[i], error);
      for (guint l = 0; ok && l < N_LEVELS; l++)
        ok = fetch_level (pyramid, renderer, l, invalidated, &s->fetch[l][i], &s->upload[l][i],
                          &s->tiles[l][i], error);
    }
  ms_zone_end_step (zone);
  ms_zone_undo (zone);
  return ok;
}

/* The same dabs, each followed by every tile of each level made again from
 * nothing, as a painter that cannot tell which tiles changed must. */
static gboolean
run_naive (MsZone           *zone,
           MsZoneGlRenderer *renderer,
           double            radius,
           Samples          *s,
           GError          **error)
{
  gboolean ok = TRUE;

  ms_zone_begin_step (zone);
  for (guint i = 0; ok && i < s->n; i++)
    {
      ok = apply_dab (zone, i, radius, &s->apply[i], error);
      for (guint l = 0; ok && l < N_LEVELS; l++)
        {
          g_autoptr(MsZonePyramid) fresh = ms_zone_pyramid_new (zone, PYRAMID_BUDGET);

          ok = fetch_level (fresh, renderer, l, NULL, &s->fetch[l][i], &s->upload[l][i],
                            &s->tiles[l][i], error);
        }
    }
  ms_zone_end_step (zone);
  ms_zone_undo (zone);
  return ok;
}

/* The CPU fallback's way: the whole zone rendered, overlays composite. */
static gboolean
run_render (MsZone  *zone,
            double   radius,
            gint64  *us,
            guint    n,
            GError **error)
{
  MsZoneStyle style;
  gboolean ok = TRUE;

  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  ms_zone_begin_step (zone);
  for (guint i = 0; ok && i < n; i++)
    {
      cairo_surface_t *image;
      gint64 t0;

      ok = apply_dab (zone, i, radius, &us[i], error);
      t0 = g_get_monotonic_time ();
      image = ok ? ms_render_zone (zone, &style, NULL, ZONE_SIZE, NULL, error) : NULL;
      ok = image != NULL;
      g_clear_pointer (&image, cairo_surface_destroy);
      us[i] += g_get_monotonic_time () - t0;
    }
  ms_zone_end_step (zone);
  ms_zone_undo (zone);
  return ok;
}

static void
print_row (const char    *what,
           const Samples *incr,
           const Samples *naive,
           int            level)
{
  g_autofree gint64 *a = g_new (gint64, incr->n);
  g_autofree gint64 *b = g_new (gint64, naive->n);
  double im, ip, nm, np, um, up, mean = 0;
  guint max = 0;

  total (incr, level, FALSE, a);
  stats (a, incr->n, &im, &ip);
  total (naive, level, FALSE, b);
  stats (b, naive->n, &nm, &np);
  total (incr, level, use_gl, a);
  stats (a, incr->n, &um, &up);
  for (guint i = 0; i < incr->n; i++)
    {
      guint t = 0;

      for (guint l = 0; l < N_LEVELS; l++)
        if (level < 0 || (guint) level == l)
          t += incr->tiles[l][i];
      mean += (double) t / incr->n;
      max = MAX (max, t);
    }
  g_print ("| %s | %.1f (max %u) | %.2f / %.2f | %.1f / %.1f | %.0fx |", what, mean, max, im, ip,
           nm, np, nm / im);
  if (use_gl)
    g_print (" %.2f / %.2f |", um, up);
  g_print (" %s |\n", up < FRAME_US / 1000 ? "yes" : "**no**");
}

static gboolean
measure (MsZone            *zone,
         MsZonePyramid     *pyramid,
         MsZoneGlRenderer  *renderer,
         GArray            *invalidated,
         double             radius,
         GError           **error)
{
  g_autoptr(Samples) incr = samples_new (n_dabs);
  g_autoptr(Samples) naive = samples_new (n_naive);
  g_autofree gint64 *render = g_new0 (gint64, n_naive);
  double m, p, am, ap;

  if (!run_incremental (zone, pyramid, renderer, invalidated, radius, incr, error) ||
      !run_naive (zone, renderer, radius, naive, error) ||
      !run_render (zone, radius, render, n_naive, error))
    return FALSE;

  stats (incr->apply, incr->n, &am, &ap);
  g_print ("\nRadius %.0f (ms: median / p95).  The edit alone: %.3f / %.3f ms\n\n", radius, am, ap);
  g_print ("| view level | tiles/dab | incremental ms | naive ms | naive/incr |%s p95 < 16.7 ms |\n",
           use_gl ? " incr. + GL upload ms |" : "");
  g_print ("|---|---:|---:|---:|---:|%s---|\n", use_gl ? "---:|" : "");
  for (int l = 0; l < N_LEVELS; l++)
    {
      g_autofree char *what = g_strdup_printf ("%d (1:%u)", l, 1u << l);

      print_row (what, incr, naive, l);
    }
  print_row ("all levels", incr, naive, -1);
  stats (render, n_naive, &m, &p);
  g_print ("\nNaive through ms_render_zone (whole zone, 2048 px, overlays): %.1f / %.1f ms\n", m, p);
  return TRUE;
}

static void
remove_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      g_remove (file);
    }
  g_rmdir (path);
}

/* How long the main thread blocks journalling unsaved edits at their
 * worst: control and plants changed on every tile of the zone. */
static gboolean
measure_full_journal (MsZone  *zone,
                      GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(MsZoneRegion) all = NULL;
  g_autoptr(MsZoneJournalInfo) info = NULL;
  MsZoneOp flag = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_NPC_RESTRICTED, 0, 0 };
  MsZoneOp spawn = { MS_ZONE_OP_ADD_SPAWN, 0, 1, 0 };
  GStatBuf st;
  gint64 t0, t1;
  int fd;

  fd = g_file_open_tmp ("bench-zone-journal-XXXXXX", &path, error);
  if (fd < 0)
    return FALSE;
  g_close (fd, NULL);
  all = ms_zone_region_new_rect (ms_zone_get_width (zone), ms_zone_get_height (zone), 0, 0,
                                 ms_zone_get_width (zone), ms_zone_get_height (zone));
  ms_zone_begin_step (zone);
  if (!ms_zone_apply (zone, &flag, all, error) || !ms_zone_apply (zone, &spawn, all, error))
    {
      ms_zone_end_step (zone);
      return FALSE;
    }
  ms_zone_end_step (zone);

  t0 = g_get_monotonic_time ();
  if (!ms_zone_journal_write (zone, path, NULL, error))
    return FALSE;
  t1 = g_get_monotonic_time ();
  info = ms_zone_journal_read_info (path, error);
  if (info == NULL || g_stat (path, &st) != 0)
    return FALSE;
  g_print ("\nJournal of every tile of control and plants changed: %.3f s, %" G_GUINT64_FORMAT
           " tiles, %.1f MB\n", (t1 - t0) / 1e6, (guint64) info->n_tiles, st.st_size / 1e6);
  g_unlink (path);
  ms_zone_undo (zone);
  return TRUE;
}

static gboolean
run (GError **error)
{
  g_autofree char *dir = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZonePyramid) pyramid = NULL;
  g_autoptr(MsZoneGlRenderer) renderer = NULL;
  g_autoptr(GArray) invalidated = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  g_autoptr(Samples) warm = samples_new (WARMUP_DABS);
  MsTestGl *gl = NULL;
  gboolean ok = FALSE;
  gint64 t0;

  dir = g_dir_make_tmp ("bench-zone-paint-XXXXXX", error);
  if (dir == NULL)
    return FALSE;
  t0 = g_get_monotonic_time ();
  if (!ms_demo_zone_write (dir, ZONE_ID, ZONE_SIZE, TRUE, error))
    goto out;
  zone = ms_zone_new_for_dir (dir, ZONE_ID, 0, 0, NULL, error);
  if (zone == NULL)
    goto out;
  g_print ("Zone %ux%u, terraformable, written in %.1f s; %u processors; %d dabs, %d naive\n",
           ms_zone_get_width (zone), ms_zone_get_height (zone),
           (g_get_monotonic_time () - t0) / 1e6, g_get_num_processors (), n_dabs, n_naive);

  pyramid = ms_zone_pyramid_new (zone, PYRAMID_BUDGET);
  g_assert (ms_zone_pyramid_get_top_level (pyramid) == N_LEVELS - 1);
  g_signal_connect (pyramid, "tiles-invalidated", G_CALLBACK (on_tiles_invalidated), invalidated);
  if (use_gl)
    {
      MsZoneStyle style;

      gl = ms_test_gl_new (256, 256);
      renderer = ms_zone_gl_renderer_new (pyramid, TEXTURE_BUDGET);
      if (!ms_zone_gl_renderer_realize (renderer, error))
        goto out;
      ms_zone_style_init (&style);
      style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
      ms_zone_gl_renderer_set_style (renderer, &style);
      g_print ("GL: %s\n", (const char *) glGetString (GL_RENDERER));
    }

  /* Warm up: every tile made once (pages mapped in, the worker pool
   * started), then a short stroke through the whole path. */
  for (guint l = 0; l < N_LEVELS; l++)
    {
      gint64 f, u;
      guint n;

      if (!fetch_level (pyramid, renderer, l, NULL, &f, &u, &n, error))
        goto out;
    }
  if (!run_incremental (zone, pyramid, renderer, invalidated, 8, warm, error))
    goto out;

  ok = measure (zone, pyramid, renderer, invalidated, 8, error) &&
       measure (zone, pyramid, renderer, invalidated, 64, error) &&
       measure_full_journal (zone, error);

out:
  if (renderer != NULL)
    ms_zone_gl_renderer_unrealize (renderer);
  g_clear_object (&renderer);
  g_clear_pointer (&gl, ms_test_gl_free);
  g_clear_object (&pyramid);
  g_clear_object (&zone);
  remove_dir (dir);
  return ok;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time brush dabs on a 2048x2048 zone");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (n_dabs < 1 || n_naive < 1)
    {
      g_printerr ("--dabs and --naive-dabs must be at least 1\n");
      return 2;
    }
  if (!run (&error))
    {
      g_printerr ("bench-zone-paint: %s\n", error->message);
      return 1;
    }
  return 0;
}
