/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * bench/app-startup's first picture as a user sees it: screenshots of the
 * X server's root window every INTERVAL ms (MIT-SHM; ImageMagick's
 * `import` takes about a second a shot here), each kept as the mean
 * colour of every 16×16 block (every other pixel).  After SIGUSR1 (the
 * app says it is done) it stops once the screen has shown a window and
 * not changed for a second; that last shot is the reference, the settled
 * window.  It prints (µs are wall clock, g_get_real_time (), as
 * `date +%s%6N`):
 *
 *   shown_us    the end of the first shot that differs from the one taken
 *               before the launch in 1 % of its blocks (the window's first
 *               picture that is not black);
 *   first_us    the end of the first shot from shown_us on whose colours
 *               are the settled screen's: at least 85 % of the reference's
 *               pixels (every other one each way) find their colour, at 8
 *               levels a channel, as often in the shot.  A histogram, not a
 *               pixel comparison, so the map counts at any level and
 *               wherever the layout puts it (a banner above the map goes
 *               after the first frame and moves it up).  Measured on the
 *               8192² demo (bench/README.md): the screen before the launch
 *               scores 0.06, the window's first frame on screen, map drawn
 *               under a banner, 0.92; the map is half the screen, so a
 *               window without it stays near 0.5;
 *   shots, interval_ms, score (first_us's).
 *
 *   bench-screen-watch [INTERVAL_MS]    default 10; prints "ready" once
 *                                       the shot before the launch is in
 *   BENCH_SHOTS=DIR                     keeps every shot (a pixel a block,
 *                                       PPM) and scores.txt there
 */
#define G_LOG_DOMAIN "bench-screen-watch"

#include "config.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <glib.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK      16
#define TOLERANCE  48     /* levels a channel: a block unlike the screen before */
#define MATCHED    0.85
#define BINS       512
#define SETTLED_US (1 * G_USEC_PER_SEC)
#define GIVE_UP_US (30 * G_USEC_PER_SEC)

static volatile sig_atomic_t may_settle;

typedef struct
{
  gint64  time;   /* µs, when the shot was back */
  guint8 *rgb;    /* block means */
  guint  *hist;   /* pixels by colour, 8 levels a channel */
} Shot;

static void
on_signal (int sig)
{
  may_settle = 1;
}

static guint
shift_of (unsigned long mask)
{
  guint s = 0;

  while (mask != 0 && (mask & 1) == 0)
    {
      mask >>= 1;
      s++;
    }
  return s;
}

/* The screen through MIT-SHM: the server writes into our memory, no 5 MB
 * through the socket (XGetImage: about 60 ms a shot here, XShm a few). */
static XImage         *shm_image;
static XShmSegmentInfo shm_info;

static void
shm_init (Display *dpy,
          int      width,
          int      height)
{
  int screen = DefaultScreen (dpy);

  if (!XShmQueryExtension (dpy))
    return;
  shm_image = XShmCreateImage (dpy, DefaultVisual (dpy, screen), (unsigned) DefaultDepth (dpy, screen),
                               ZPixmap, NULL, &shm_info, (unsigned) width, (unsigned) height);
  if (shm_image == NULL)
    return;
  shm_info.shmid = shmget (IPC_PRIVATE, (size_t) shm_image->bytes_per_line * height, IPC_CREAT | 0600);
  shm_info.shmaddr = shm_image->data = shmat (shm_info.shmid, NULL, 0);
  shm_info.readOnly = False;
  XShmAttach (dpy, &shm_info);
  XSync (dpy, False);
  /* Gone once both sides detach, even if we are killed. */
  shmctl (shm_info.shmid, IPC_RMID, NULL);
}

static Shot
shoot (Display *dpy,
       int      bw,
       int      bh)
{
  Window root = DefaultRootWindow (dpy);
  XImage *image;
  Shot shot;
  guint rs, gs, bs;
  gboolean direct;

  if (shm_image != NULL && XShmGetImage (dpy, root, shm_image, 0, 0, AllPlanes))
    image = shm_image;
  else
    image = XGetImage (dpy, root, 0, 0, (unsigned) (bw * BLOCK), (unsigned) (bh * BLOCK), AllPlanes, ZPixmap);
  shot.time = g_get_real_time ();
  shot.rgb = g_malloc0 ((gsize) bw * bh * 3);
  shot.hist = g_new0 (guint, BINS);

  if (image == NULL)
    g_error ("XGetImage failed");
  direct = image->bits_per_pixel == 32 && image->byte_order == (G_BYTE_ORDER == G_LITTLE_ENDIAN ? LSBFirst
                                                                                                 : MSBFirst);
  rs = shift_of (image->red_mask);
  gs = shift_of (image->green_mask);
  bs = shift_of (image->blue_mask);
  for (int by = 0; by < bh; by++)
    for (int bx = 0; bx < bw; bx++)
      {
        guint32 sum[3] = { 0, 0, 0 };

        /* Every other pixel each way: a quarter of the reads, and the
         * watcher shares the two cores with the app it times. */
        for (int y = by * BLOCK; y < (by + 1) * BLOCK; y += 2)
          for (int x = bx * BLOCK; x < (bx + 1) * BLOCK; x += 2)
            {
              /* Xvfb's 24-bit screen is 32 bits a pixel: read it in place
               * (XGetPixel is a call a pixel, most of a shot's time). */
              unsigned long p = direct ? ((const guint32 *) (image->data + (gsize) y * image->bytes_per_line))[x]
                                       : XGetPixel (image, x, y);

              guint r = (p & image->red_mask) >> rs, g = (p & image->green_mask) >> gs;
              guint b = (p & image->blue_mask) >> bs;

              sum[0] += r;
              sum[1] += g;
              sum[2] += b;
              shot.hist[(r >> 5) << 6 | (g >> 5) << 3 | b >> 5]++;
            }
        for (int c = 0; c < 3; c++)
          shot.rgb[((gsize) by * bw + bx) * 3 + c] = (guint8) (sum[c] / (BLOCK * BLOCK / 4));
      }
  if (image != shm_image)
    XDestroyImage (image);
  return shot;
}

static gboolean
block_matches (const guint8 *a,
               const guint8 *b,
               gsize         i)
{
  for (int c = 0; c < 3; c++)
    if (abs ((int) a[i * 3 + c] - (int) b[i * 3 + c]) > TOLERANCE)
      return FALSE;
  return TRUE;
}

/* The share of the reference's pixels whose colour (8 levels a channel)
 * the shot has as often: a histogram, so that the map counts wherever
 * the layout puts it (a banner above it goes after the first frame). */
static double
overlap (const Shot *shot,
         const Shot *reference)
{
  gsize common = 0, all = 0;

  for (guint b = 0; b < BINS; b++)
    {
      common += MIN (shot->hist[b], reference->hist[b]);
      all += reference->hist[b];
    }
  return (double) common / all;
}

int
main (int    argc,
      char **argv)
{
  Display *dpy = XOpenDisplay (NULL);
  g_autoptr(GArray) shots = g_array_new (FALSE, FALSE, sizeof (Shot));
  gint64 interval_us = (argc > 1 ? atoi (argv[1]) : 10) * 1000;
  struct sigaction action = { 0 };
  Shot before, reference;
  int bw, bh;
  gsize n;
  guint window = 0, first = 0;
  double score = 0;
  gint64 stable_since = 0, settle_from = 0;
  gboolean shown = FALSE;

  if (dpy == NULL)
    {
      g_printerr ("bench-screen-watch: cannot open display\n");
      return 2;
    }
  action.sa_handler = on_signal;
  sigaction (SIGUSR1, &action, NULL);
  bw = DisplayWidth (dpy, DefaultScreen (dpy)) / BLOCK;
  bh = DisplayHeight (dpy, DefaultScreen (dpy)) / BLOCK;
  n = (gsize) bw * bh;
  shm_init (dpy, bw * BLOCK, bh * BLOCK);

  before = shoot (dpy, bw, bh);
  g_print ("ready\n");
  fflush (stdout);
  for (;;)
    {
      gint64 next = g_get_real_time () + interval_us;
      Shot shot = shoot (dpy, bw, bh);
      const Shot *last = shots->len > 0 ? &g_array_index (shots, Shot, shots->len - 1) : &before;

      if (memcmp (shot.rgb, last->rgb, n * 3) != 0)
        stable_since = shot.time;
      if (!shown && memcmp (shot.rgb, before.rgb, n * 3) != 0)
        shown = TRUE;
      g_array_append_val (shots, shot);
      if (may_settle && settle_from == 0)
        settle_from = shot.time;
      /* Settled: on screen and unchanged for a second. */
      if (may_settle && shown && shot.time - stable_since >= SETTLED_US)
        break;
      if (may_settle && shot.time - settle_from > GIVE_UP_US)
        {
          g_printerr ("bench-screen-watch: the screen did not settle in %d s\n", (int) (GIVE_UP_US / G_USEC_PER_SEC));
          return 1;
        }
      while (g_get_real_time () < next)
        g_usleep (1000);
    }
  reference = g_array_index (shots, Shot, shots->len - 1);
  reference.rgb = g_memdup2 (reference.rgb, n * 3);
  reference.hist = g_memdup2 (reference.hist, BINS * sizeof (guint));

  /* With $BENCH_SHOTS=DIR, every shot's blocks as a PPM, one pixel a
   * block, named by its time: to see what the rule saw. */
  if (g_getenv ("BENCH_SHOTS") != NULL)
    for (guint i = 0; i <= shots->len + 1; i++)
      {
        const Shot *s = i < shots->len ? &g_array_index (shots, Shot, i) : i == shots->len ? &before : &reference;
        g_autofree char *name = g_strdup_printf ("%s/%s%" G_GINT64_FORMAT ".ppm", g_getenv ("BENCH_SHOTS"),
                                                 i < shots->len ? "shot-" : i == shots->len ? "before-" : "reference-",
                                                 s->time);
        g_autofree char *head = g_strdup_printf ("P6\n%d %d\n255\n", bw, bh);
        g_autoptr(GString) ppm = g_string_new (head);

        g_string_append_len (ppm, (const char *) s->rgb, (gssize) n * 3);
        g_file_set_contents (name, ppm->str, (gssize) ppm->len, NULL);
      }
  /* The window: the first shot that is not the screen before the launch. */
  for (window = 0; window < shots->len; window++)
    {
      Shot *s = &g_array_index (shots, Shot, window);
      gsize differ = 0;

      for (gsize i = 0; i < n; i++)
        differ += !block_matches (s->rgb, before.rgb, i);
      if (differ * 100 >= n)
        break;
    }
  if (window == shots->len)
    {
      g_printerr ("bench-screen-watch: no window in %u shots\n", shots->len);
      return 1;
    }
  /* The first shot whose colours are the settled screen's: layout may
   * still move (a banner that goes), the map's colours are there. */
  for (first = window; first < shots->len; first++)
    {
      score = overlap (&g_array_index (shots, Shot, first), &reference);
      if (score >= MATCHED)
        break;
    }
  if (g_getenv ("BENCH_SHOTS") != NULL)
    {
      g_autoptr(GString) scores = g_string_new (NULL);
      g_autofree char *name = g_build_filename (g_getenv ("BENCH_SHOTS"), "scores.txt", NULL);

      for (guint i = 0; i < shots->len; i++)
        g_string_append_printf (scores, "%" G_GINT64_FORMAT " %.3f\n", g_array_index (shots, Shot, i).time,
                                overlap (&g_array_index (shots, Shot, i), &reference));
      g_file_set_contents (name, scores->str, (gssize) scores->len, NULL);
    }

  g_print ("shots %u\ninterval_ms %.1f\nshown_us %" G_GINT64_FORMAT "\n", shots->len,
           shots->len > 1 ? (g_array_index (shots, Shot, shots->len - 1).time
                             - g_array_index (shots, Shot, 0).time) / 1000.0 / (shots->len - 1) : 0.0,
           g_array_index (shots, Shot, window).time);
  if (first < shots->len)
    g_print ("first_us %" G_GINT64_FORMAT "\nscore %.3f\n", g_array_index (shots, Shot, first).time, score);
  else
    g_print ("first_us none\n");

  for (guint i = 0; i < shots->len; i++)
    {
      g_free (g_array_index (shots, Shot, i).rgb);
      g_free (g_array_index (shots, Shot, i).hist);
    }
  g_free (before.rgb);
  g_free (before.hist);
  g_free (reference.rgb);
  g_free (reference.hist);
  XCloseDisplay (dpy);
  return 0;
}
