/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The floor under bench/pan-zoom's frame intervals: a bare GtkGLArea that
 * fills an undecorated window and draws one window-sized RGBA texture
 * (uploaded once, sampled with linear filtering) on every frame of its
 * GdkFrameClock.  No tiles and no colouring: what GTK, the X server and
 * Mesa cost a frame that changes the whole window, which is what a view
 * composing ready tiles would pay at best.  It times the frames the way
 * widgets/ms-tile-view-replay.c does (the frame clock's frame times,
 * from the first frame drawn) and prints the same keys.
 *
 *   bench-gl-floor [--window WxH] [FRAMES]     default 1200x800, 720
 */
#define G_LOG_DOMAIN "bench-gl-floor"

#include "config.h"

#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  GtkGLArea *area;
  GLuint     program;
  GLuint     vao;
  GLuint     texture;
  int        tex_width;
  int        tex_height;
  guint64    drawn;       /* frames rendered */
  guint      frames;      /* intervals wanted */
  gint64     last_time;
  GArray    *intervals;   /* double ms */
  gboolean   done;
  gboolean   failed;
} Floor;

static const char *vertex_src =
  "in vec2 pos;\n"
  "out vec2 uv;\n"
  "void main () {\n"
  "  uv = pos * 0.5 + 0.5;\n"
  "  gl_Position = vec4 (pos, 0.0, 1.0);\n"
  "}\n";

/* The offset moves the picture each frame, so that no layer could keep
 * the last frame's pixels: every frame samples the whole texture anew. */
static const char *fragment_src =
  "uniform sampler2D tex;\n"
  "uniform float offset;\n"
  "in vec2 uv;\n"
  "out vec4 colour;\n"
  "void main () {\n"
  "  colour = texture (tex, fract (uv + vec2 (offset, 0.0)));\n"
  "}\n";

static GLuint
compile (GLenum      type,
         const char *header,
         const char *body)
{
  const char *parts[2] = { header, body };
  GLuint shader = glCreateShader (type);
  GLint ok = 0;

  glShaderSource (shader, 2, parts, NULL);
  glCompileShader (shader);
  glGetShaderiv (shader, GL_COMPILE_STATUS, &ok);
  if (!ok)
    {
      char log[1024] = "";

      glGetShaderInfoLog (shader, sizeof log, NULL, log);
      g_printerr ("shader: %s\n", log);
      glDeleteShader (shader);
      return 0;
    }
  return shader;
}

static void
on_realize (GtkGLArea *area,
            Floor     *floor_)
{
  GdkGLContext *context;
  const char *header;
  GLuint vs, fs, vbo;
  GLint ok = 0;
  static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    {
      floor_->failed = TRUE;
      return;
    }
  context = gtk_gl_area_get_context (area);
  header = gdk_gl_context_get_use_es (context) ? "#version 300 es\nprecision highp float;\n"
                                               : "#version 150\n";
  vs = compile (GL_VERTEX_SHADER, header, vertex_src);
  fs = compile (GL_FRAGMENT_SHADER, header, fragment_src);
  if (vs == 0 || fs == 0)
    {
      floor_->failed = TRUE;
      return;
    }
  floor_->program = glCreateProgram ();
  glAttachShader (floor_->program, vs);
  glAttachShader (floor_->program, fs);
  glBindAttribLocation (floor_->program, 0, "pos");
  glLinkProgram (floor_->program);
  glDeleteShader (vs);
  glDeleteShader (fs);
  glGetProgramiv (floor_->program, GL_LINK_STATUS, &ok);
  if (!ok)
    {
      floor_->failed = TRUE;
      return;
    }

  glGenVertexArrays (1, &floor_->vao);
  glBindVertexArray (floor_->vao);
  glGenBuffers (1, &vbo);
  glBindBuffer (GL_ARRAY_BUFFER, vbo);
  glBufferData (GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  glEnableVertexAttribArray (0);
  glVertexAttribPointer (0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
  glGenTextures (1, &floor_->texture);
}

static void
on_unrealize (GtkGLArea *area,
              Floor     *floor_)
{
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    return;
  if (floor_->program != 0)
    glDeleteProgram (floor_->program);
  if (floor_->texture != 0)
    glDeleteTextures (1, &floor_->texture);
  if (floor_->vao != 0)
    glDeleteVertexArrays (1, &floor_->vao);
  floor_->program = floor_->texture = floor_->vao = 0;
}

/* A texture of the area's size in device pixels, filled with a pattern
 * that varies at every pixel (hillshade-like, not flat). */
static void
ensure_texture (Floor *floor_,
                int    width,
                int    height)
{
  g_autofree guint8 *pixels = NULL;

  if (width == floor_->tex_width && height == floor_->tex_height)
    return;
  pixels = g_malloc ((gsize) width * height * 4);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint8 *p = pixels + ((gsize) y * width + x) * 4;
        double v = 0.5 + 0.25 * sin (x * 0.031) + 0.25 * cos (y * 0.047 + x * 0.013);

        p[0] = (guint8) (255 * v);
        p[1] = (guint8) (200 * (1 - v) + 40);
        p[2] = (guint8) ((x ^ y) & 0xff);
        p[3] = 255;
      }
  glBindTexture (GL_TEXTURE_2D, floor_->texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  floor_->tex_width = width;
  floor_->tex_height = height;
}

static gboolean
on_render (GtkGLArea    *area,
           GdkGLContext *context,
           Floor        *floor_)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (area));
  int width = gtk_widget_get_width (GTK_WIDGET (area)) * scale;
  int height = gtk_widget_get_height (GTK_WIDGET (area)) * scale;

  if (floor_->failed)
    return TRUE;
  ensure_texture (floor_, width, height);
  glViewport (0, 0, width, height);
  glUseProgram (floor_->program);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, floor_->texture);
  glUniform1i (glGetUniformLocation (floor_->program, "tex"), 0);
  glUniform1f (glGetUniformLocation (floor_->program, "offset"), (float) (floor_->drawn % 64) / 64.0f);
  glBindVertexArray (floor_->vao);
  glDrawArrays (GL_TRIANGLE_STRIP, 0, 4);
  floor_->drawn++;
  return TRUE;
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *clock,
      gpointer       data)
{
  Floor *floor_ = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (floor_->failed)
    {
      floor_->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  /* As the replay: count from the first frame with a picture. */
  if (floor_->drawn == 0)
    {
      gtk_gl_area_queue_render (floor_->area);
      return G_SOURCE_CONTINUE;
    }
  if (floor_->last_time != 0)
    {
      double ms = (double) (now - floor_->last_time) / 1000.0;

      g_array_append_val (floor_->intervals, ms);
    }
  floor_->last_time = now;
  if (floor_->intervals->len >= floor_->frames)
    {
      floor_->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  gtk_gl_area_queue_render (floor_->area);
  return G_SOURCE_CONTINUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) options = g_option_context_new ("[FRAMES]");
  g_autoptr(GError) error = NULL;
  g_autofree char *window_size = NULL;
  GOptionEntry entries[] = {
    { "window", 0, 0, G_OPTION_ARG_STRING, &window_size, "Window size (1200x800)", "WxH" },
    { NULL }
  };
  Floor floor_ = { 0 };
  GtkWidget *window;
  int width = 1200, height = 800;
  GArray *t;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (window_size != NULL && sscanf (window_size, "%dx%d", &width, &height) != 2)
    {
      g_printerr ("--window wants WxH, not %s\n", window_size);
      return 2;
    }
  floor_.frames = argc > 1 ? (guint) atoi (argv[1]) : 720;
  floor_.intervals = t = g_array_new (FALSE, FALSE, sizeof (double));

  gtk_init ();
  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  floor_.area = GTK_GL_AREA (gtk_gl_area_new ());
  gtk_gl_area_set_auto_render (floor_.area, FALSE);
  g_signal_connect (floor_.area, "realize", G_CALLBACK (on_realize), &floor_);
  g_signal_connect (floor_.area, "unrealize", G_CALLBACK (on_unrealize), &floor_);
  g_signal_connect (floor_.area, "render", G_CALLBACK (on_render), &floor_);
  gtk_widget_add_tick_callback (GTK_WIDGET (floor_.area), tick, &floor_, NULL);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (floor_.area));
  gtk_window_present (GTK_WINDOW (window));

  while (!floor_.done)
    g_main_context_iteration (NULL, TRUE);
  if (floor_.failed || t->len == 0)
    {
      g_printerr ("bench-gl-floor: no GL frames\n");
      return 1;
    }

  g_array_sort (t, compare_doubles);
  /* The replay's keys and ranks (nearest-rank p95). */
  g_print ("frames %u\nmedian_ms %.2f\np95_ms %.2f\nmax_ms %.2f\nwidth %d\nheight %d\n", t->len,
           g_array_index (t, double, t->len / 2),
           g_array_index (t, double, MIN (t->len - 1, (guint) ceil (t->len * 0.95) - 1)),
           g_array_index (t, double, t->len - 1), floor_.tex_width, floor_.tex_height);
  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (t);
  return 0;
}
