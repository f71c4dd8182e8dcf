/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsViewGestures on a bare widget of its own (no map drawn, nothing else
 * reading the input) in a real window under Xvfb, driven by real pointer,
 * wheel and key events (xdotool, XTEST).  Every expected viewport is worked
 * out here from the screen-to-map mapping the viewport documents:
 *
 *   map = (screen - size / 2) / zoom + centre
 *
 * The canvas is 400 × 300 over a 1000 × 800 map; each test starts at zoom
 * 2 with the map's middle (500, 400) in the canvas's middle (200, 150).
 * Pinch zoom needs touch events, which XTEST cannot make: not tested here.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-test-display.h"
#include "ms-view-gestures.h"

#define WIDTH     400
#define HEIGHT    300
#define MAP_W     1000.0
#define MAP_H     800.0
#define ZOOM      2.0
#define TITLE     "view-gestures-test"
#define EPS       1e-9

/* ---------------------------------------------------------- the canvas --- */

/* The smallest view: a focusable widget whose viewport follows its size,
 * with the gestures and their actions ("canvas.zoom-in", … and keys). */
#define TEST_TYPE_CANVAS (test_canvas_get_type ())
G_DECLARE_FINAL_TYPE (TestCanvas, test_canvas, TEST, CANVAS, GtkWidget)

struct _TestCanvas
{
  GtkWidget       parent_instance;
  MsViewport     *viewport;
  MsViewGestures *gestures;
};

G_DEFINE_FINAL_TYPE (TestCanvas, test_canvas, GTK_TYPE_WIDGET)

static void
canvas_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ms_view_gestures_activate (TEST_CANVAS (widget)->gestures, strchr (action_name, '.') + 1, parameter);
}

static void
test_canvas_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  ms_viewport_set_size (TEST_CANVAS (widget)->viewport, width, height);
}

static void
test_canvas_dispose (GObject *object)
{
  TestCanvas *self = TEST_CANVAS (object);

  g_clear_object (&self->gestures);
  g_clear_object (&self->viewport);
  G_OBJECT_CLASS (test_canvas_parent_class)->dispose (object);
}

static void
test_canvas_class_init (TestCanvasClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = test_canvas_dispose;
  widget_class->size_allocate = test_canvas_size_allocate;
  ms_view_gestures_install_actions (widget_class, "canvas", canvas_action);
}

static void
test_canvas_init (TestCanvas *self)
{
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), WIDTH, HEIGHT);
  self->viewport = ms_viewport_new ();
  ms_viewport_set_map_size (self->viewport, MAP_W, MAP_H);
}

/* ------------------------------------------------------------- fixture --- */

typedef struct
{
  GtkWidget  *window;
  TestCanvas *canvas;
  GtkWidget  *button;      /* holds the focus until the canvas takes it */
  MsViewport *vp;
  char       *window_id;
  double      last_x;      /* centre_x_still's last look */
  double      swipe_speed; /* GTK's, at the last release; -1 before */
  MsTestInputCount input;
} Fixture;

static gboolean
sized (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->canvas)) &&
         ms_viewport_get_width (f->vp) == WIDTH && ms_viewport_get_height (f->vp) == HEIGHT;
}

static void
start_view (Fixture *f)
{
  ms_viewport_set_zoom (f->vp, ZOOM);
  ms_viewport_set_centre (f->vp, MAP_W / 2, MAP_H / 2);
}

/* @data: the pan button, as a GUINT_TO_POINTER. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  f->window = gtk_window_new ();
  f->canvas = g_object_new (TEST_TYPE_CANVAS, NULL);
  f->vp = f->canvas->viewport;
  f->canvas->gestures = ms_view_gestures_new (GTK_WIDGET (f->canvas), f->vp, GPOINTER_TO_UINT (data));
  f->button = gtk_button_new_with_label ("other");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->canvas));
  gtk_box_append (GTK_BOX (box), f->button);
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  /* The window at its natural size: the canvas exactly 400 × 300. */
  gtk_window_set_resizable (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_title (GTK_WINDOW (f->window), TITLE);
  ms_test_input_count_attach (f->window, &f->input);
  gtk_window_present (GTK_WINDOW (f->window));
  ms_test_iterate_until (sized, f, "the canvas on screen at its size");
  ms_test_run_for (200);
  f->window_id = ms_test_x_window_id (TITLE);
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  ms_test_park_pointer (&f->input, f->window_id);
  gtk_widget_grab_focus (f->button);
  start_view (f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  ms_test_run_for (50);
  g_free (f->window_id);
}

/* -------------------------------------------------------------- input --- */

/* The canvas's controller of @type (the gestures added them all). */
static GtkEventController *
find_controller (Fixture *f,
                 GType    type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return GTK_EVENT_CONTROLLER (c);
    }
  g_error ("The gestures added no %s", g_type_name (type));
}

static void
move_to (Fixture *f,
         int      x,
         int      y)
{
  ms_test_move_pointer (&f->input, f->window_id, GTK_WIDGET (f->canvas), x, y);
}

/* The pointer over canvas point (x, y), arriving by a move (a pointer
 * already there would send no motion for the gestures to see). */
static void
point_at (Fixture *f,
          int      x,
          int      y)
{
  move_to (f, x + 9, y + 7);
  move_to (f, x, y);
}

static void
wheel (Fixture    *f,
       const char *button,
       guint       times)
{
  guint before = f->input.scrolls;
  char n[16];

  g_snprintf (n, sizeof n, "%u", times);
  ms_test_xdotool ("click", "--repeat", n, "--delay", "30", button, NULL);
  ms_test_wait_count (&f->input.scrolls, before + times, "the wheel's steps");
}

/* One key (with modifiers: "ctrl+0"), until the window has it. */
static void
key (Fixture    *f,
     const char *name)
{
  guint before = f->input.keys;

  ms_test_xdotool ("key", name, NULL);
  ms_test_wait_count (&f->input.keys, before + 1, "the key");
}

static void
assert_centre (Fixture *f,
               double   x,
               double   y)
{
  double cx, cy;

  ms_viewport_get_centre (f->vp, &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, x, EPS);
  g_assert_cmpfloat_with_epsilon (cy, y, EPS);
}

/* -------------------------------------------------------------- tests --- */

/* A drag moves the map with the pointer: the map point under the press
 * stays under the pointer at every step, so the centre moves by the drag
 * over the zoom, and the canvas takes the focus. */
static void
test_drag (Fixture       *f,
           gconstpointer  data)
{
  guint button = GPOINTER_TO_UINT (data) == 0 ? 1 : GPOINTER_TO_UINT (data);
  char b[8];

  g_snprintf (b, sizeof b, "%u", button);
  g_assert_true (gtk_widget_has_focus (f->button));
  point_at (f, 100, 80);
  /* Under (100, 80): ((100 − 200) / 2 + 500, (80 − 150) / 2 + 400). */
  ms_test_press_button (&f->input, b);
  move_to (f, 130, 100);
  /* 30, 20 screen pixels so far: the centre 15, 10 map pixels back. */
  assert_centre (f, 485, 390);
  move_to (f, 160, 120);
  assert_centre (f, 470, 380);
  /* A pause before the release: nothing left to glide. */
  ms_test_run_for (300);
  ms_test_release_button (&f->input, b);
  ms_test_run_for (300);
  assert_centre (f, 470, 380);
  g_assert_cmpfloat (ms_viewport_get_zoom (f->vp), ==, ZOOM);
  /* (160 − 200) / 2 + 470 = 450, (120 − 150) / 2 + 380 = 365: the point
   * pressed. */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->canvas)));
}

/* With the middle button as the pan button, the primary one does not pan. */
static void
test_other_button_does_not_pan (Fixture       *f,
                                gconstpointer  data)
{
  point_at (f, 100, 80);
  ms_test_press_button (&f->input, "1");
  move_to (f, 160, 120);
  ms_test_release_button (&f->input, "1");
  assert_centre (f, 500, 400);
  g_assert_true (gtk_widget_has_focus (f->button));
}

static void
on_xdotool_exited (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_subprocess_wait_check_finish (G_SUBPROCESS (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* A drag of 200 px in about 200 ms, released while moving: one xdotool
 * run, with the main loop running meanwhile, so that the gestures see the
 * moves one by one as they come (events queued while this process waited
 * would reach them merged into one, with no speed to glide on). */
static void
swipe_right (Fixture *f)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GSubprocess) xdotool = NULL;
  g_autoptr(GError) error = NULL;
  gboolean exited = FALSE;

  point_at (f, 100, 150);
  g_ptr_array_add (argv, g_strdup ("xdotool"));
  g_ptr_array_add (argv, g_strdup ("mousedown"));
  g_ptr_array_add (argv, g_strdup ("1"));
  for (guint i = 0; i < 10; i++)
    {
      double x, y;

      ms_test_widget_to_surface (GTK_WIDGET (f->canvas), 100 + 20 * (i + 1), 150, &x, &y);
      g_ptr_array_add (argv, g_strdup ("sleep"));
      g_ptr_array_add (argv, g_strdup ("0.02"));
      g_ptr_array_add (argv, g_strdup ("mousemove"));
      g_ptr_array_add (argv, g_strdup ("--window"));
      g_ptr_array_add (argv, g_strdup (f->window_id));
      g_ptr_array_add (argv, g_strdup_printf ("%d", (int) round (x)));
      g_ptr_array_add (argv, g_strdup_printf ("%d", (int) round (y)));
    }
  g_ptr_array_add (argv, g_strdup ("mouseup"));
  g_ptr_array_add (argv, g_strdup ("1"));
  g_ptr_array_add (argv, NULL);
  f->swipe_speed = -1;
  xdotool = g_subprocess_newv ((const char *const *) argv->pdata, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check_async (xdotool, NULL, on_xdotool_exited, &exited);
  ms_test_iterate_until_within (10, is_true, &exited, "xdotool to swipe");
}

static void
on_swipe (GtkGestureSwipe *swipe,
          double           velocity_x,
          double           velocity_y,
          Fixture         *f)
{
  f->swipe_speed = hypot (velocity_x, velocity_y);
}

static gboolean
swiped (gpointer data)
{
  return ((Fixture *) data)->swipe_speed >= 0;
}

/* The kinetic test at zoom 4: a glide of a few hundred screen pixels stays
 * far (1800 screen pixels) from the map's edge, where the centre would
 * stop anyway. */
static void
start_kinetic_view (Fixture *f)
{
  ms_view_gestures_stop_kinetic (f->canvas->gestures);
  ms_viewport_set_zoom (f->vp, 4.0);
  ms_viewport_set_centre (f->vp, MAP_W / 2, MAP_H / 2);
}

/* A swipe that GTK measured at 500 px/s or more.  The speed comes from the
 * events' server times: on a busy machine the X server or xdotool may
 * stall past GTK's 150 ms window, and that swipe (no speed to glide on)
 * is made again. */
static void
swipe_fast (Fixture *f)
{
  for (guint tries = 0; tries < 5; tries++)
    {
      start_kinetic_view (f);
      swipe_right (f);
      ms_test_iterate_until_within (10, swiped, f, "the swipe's release");
      if (f->swipe_speed >= 500)
        return;
      g_test_message ("swipe at %.0f px/s: the input stalled, once more", f->swipe_speed);
    }
  g_error ("Five swipes, none at 500 px/s");
}

static gboolean
glided (gpointer data)
{
  Fixture *f = data;
  double cx, cy;

  /* Past the drag's own 200 / 4 map pixels. */
  ms_viewport_get_centre (f->vp, &cx, &cy);
  return cx < 500 - 50 - 2;
}

static gboolean
centre_x_still (gpointer data)
{
  Fixture *f = data;
  double cx, cy;
  gboolean same;

  ms_viewport_get_centre (f->vp, &cx, &cy);
  same = cx == f->last_x;
  f->last_x = cx;
  return same;
}

/* Released while moving, the map keeps gliding the same way, slows and
 * stops; ms_view_gestures_stop_kinetic () stops it at once; with
 * animations off it does not glide at all. */
static void
test_kinetic (Fixture       *f,
              gconstpointer  data)
{
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (f->canvas));
  double cx, cy, stopped_x;

  g_signal_connect (find_controller (f, GTK_TYPE_GESTURE_SWIPE), "swipe", G_CALLBACK (on_swipe), f);
  swipe_fast (f);
  ms_test_iterate_until_within (10, glided, f, "the map to glide on after the release");
  f->last_x = -1;
  ms_test_iterate_until_stable (centre_x_still, f, 300, "the glide to stop");
  ms_viewport_get_centre (f->vp, &cx, &cy);
  g_assert_cmpfloat (cx, >, 0);              /* stopped by itself, not at the map's edge */
  g_assert_cmpfloat_with_epsilon (cy, 400, EPS);

  swipe_fast (f);
  ms_test_iterate_until_within (10, glided, f, "the map to glide on after the release");
  ms_view_gestures_stop_kinetic (f->canvas->gestures);
  ms_viewport_get_centre (f->vp, &stopped_x, &cy);
  ms_test_run_for (300);
  assert_centre (f, stopped_x, 400);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  swipe_fast (f);
  ms_test_run_for (600);
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  assert_centre (f, 450, 400);
}

/* Each wheel step zooms by 1.25 about the pointer: the map point under it
 * stays.  Pointer (120, 90) is over map (460, 370). */
static void
test_wheel (Fixture       *f,
            gconstpointer  data)
{
  point_at (f, 120, 90);
  wheel (f, "4", 1);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 2.5, EPS);
  /* centre = (460, 370) − ((120, 90) − (200, 150)) / 2.5 */
  assert_centre (f, 460 + 80 / 2.5, 370 + 60 / 2.5);
  wheel (f, "5", 2);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 1.6, EPS);
  assert_centre (f, 460 + 80 / 1.6, 370 + 60 / 1.6);
}

/* A touchpad's smooth scroll zooms by 1.25 to the power of its delta.
 * XTEST makes only wheel steps, so the controller's own signal carries a
 * half step, the pointer being where a real move put it. */
static void
test_smooth_scroll (Fixture       *f,
                    gconstpointer  data)
{
  GtkEventController *scroll = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  gboolean handled = FALSE;

  point_at (f, 300, 250);
  g_signal_emit_by_name (scroll, "scroll", 0.0, -0.5, &handled);
  g_assert_true (handled);
  /* 2 × 1.25^0.5; pointer (300, 250) over map (550, 450). */
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 2 * sqrt (1.25), EPS);
  assert_centre (f, 550 - 100 / (2 * sqrt (1.25)), 450 - 100 / (2 * sqrt (1.25)));
  g_signal_emit_by_name (scroll, "scroll", 0.0, 0.5, &handled);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 2.0, EPS);
  assert_centre (f, 500, 400);
}

typedef struct
{
  gboolean answer;
  guint    calls;
  double   dy;
} CtrlScroll;

static gboolean
on_ctrl_scroll (MsViewGestures *gestures,
                double          dy,
                CtrlScroll     *seen)
{
  seen->calls++;
  seen->dy = dy;
  return seen->answer;
}

static void
ctrl_wheel (Fixture    *f,
            const char *button)
{
  ms_test_xdotool ("keydown", "ctrl", NULL);
  wheel (f, button, 1);
  ms_test_xdotool ("keyup", "ctrl", NULL);
}

/* Ctrl+wheel asks "ctrl-scroll" first: handled, it does not zoom; not
 * handled, it zooms as a plain wheel step.  A plain wheel never asks. */
static void
test_ctrl_scroll (Fixture       *f,
                  gconstpointer  data)
{
  CtrlScroll seen = { TRUE, 0, 0 };

  g_signal_connect (f->canvas->gestures, "ctrl-scroll", G_CALLBACK (on_ctrl_scroll), &seen);
  point_at (f, 200, 150);
  ctrl_wheel (f, "4");
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpfloat (seen.dy, ==, -1);       /* a step up */
  g_assert_cmpfloat (ms_viewport_get_zoom (f->vp), ==, ZOOM);

  ctrl_wheel (f, "5");
  g_assert_cmpuint (seen.calls, ==, 2);
  g_assert_cmpfloat (seen.dy, ==, 1);
  g_assert_cmpfloat (ms_viewport_get_zoom (f->vp), ==, ZOOM);

  seen.answer = FALSE;
  ctrl_wheel (f, "4");
  g_assert_cmpuint (seen.calls, ==, 3);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 2.5, EPS);

  wheel (f, "5", 1);
  g_assert_cmpuint (seen.calls, ==, 3);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 2.0, EPS);
  g_signal_handlers_disconnect_by_data (f->canvas->gestures, &seen);
}

/* The keys the actions bind, on the focused canvas: zooms by 1.25 about
 * its middle (so the centre stays), 1 for one screen pixel a map pixel,
 * arrows pan 64 screen pixels (the map moves the other way: Right shows
 * what is right), Ctrl+0 fits the map. */
static void
test_keys (Fixture       *f,
           gconstpointer  data)
{
  static const struct { const char *key; double zoom; } zooms[] = {
    { "plus", 2.5 }, { "minus", 2.0 }, { "equal", 2.5 }, { "KP_Add", 3.125 }, { "KP_Subtract", 2.5 },
    { "1", 1.0 },
  };
  static const struct { const char *key; double cx, cy; } pans[] = {
    { "Right", 564, 400 }, { "Down", 564, 464 }, { "Left", 500, 464 }, { "Up", 500, 400 },
    { "Right", 564, 400 }, { "Down", 564, 464 },
  };

  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));
  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    {
      key (f, zooms[i].key);
      g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), zooms[i].zoom, EPS);
      assert_centre (f, 500, 400);
    }
  /* At zoom 1 a key's 64 screen pixels are 64 map pixels. */
  for (guint i = 0; i < G_N_ELEMENTS (pans); i++)
    {
      key (f, pans[i].key);
      assert_centre (f, pans[i].cx, pans[i].cy);
    }
  /* Zoom in about the middle, off the map's middle: the centre stays. */
  key (f, "plus");
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 1.25, EPS);
  assert_centre (f, 564, 464);
  /* "1" about the middle too. */
  key (f, "1");
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 1.0, EPS);
  assert_centre (f, 564, 464);
  /* The whole 1000 × 800 map in 400 × 300: min (0.4, 0.375), centred. */
  key (f, "ctrl+0");
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 0.375, EPS);
  assert_centre (f, 500, 400);

  /* "pan" takes any screen distance: (30, −20) at 0.375. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.pan", "(ii)", 30, -20));
  assert_centre (f, 500 - 30 / 0.375, 400 + 20 / 0.375);
}

/* The zoom stops at the viewport's limits, the wheel's point still fixed
 * there: 64 screen pixels a map pixel at most, a quarter of "the whole map
 * fits" (0.375 / 4) at least. */
static void
test_zoom_limits (Fixture       *f,
                  gconstpointer  data)
{
  double mx, my;
  guint before;

  point_at (f, 300, 200);
  /* 2 × 1.25^16 > 64: 25 steps reach the end. */
  wheel (f, "4", 25);
  g_assert_cmpfloat (ms_viewport_get_zoom (f->vp), ==, 64.0);
  ms_viewport_screen_to_map (f->vp, 300, 200, &mx, &my);
  /* (300 − 200) / 2 + 500, (200 − 150) / 2 + 400 */
  g_assert_cmpfloat_with_epsilon (mx, 550, 1e-6);
  g_assert_cmpfloat_with_epsilon (my, 425, 1e-6);

  /* 64 / 1.25^30 < 0.375 / 4 */
  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));
  before = f->input.keys;
  ms_test_xdotool ("key", "--delay", "20", "minus", "minus", "minus", "minus", "minus", "minus",
                   "minus", "minus", "minus", "minus", "minus", "minus", "minus", "minus", "minus",
                   "minus", "minus", "minus", "minus", "minus", "minus", "minus", "minus", "minus",
                   "minus", "minus", "minus", "minus", "minus", "minus", NULL);
  ms_test_wait_count (&f->input.keys, before + 30, "the keys");
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (f->vp), 0.375 / 4, EPS);
}

/* The widget owns the gestures and they never keep it: once it is gone,
 * what is left of them does nothing. */
static void
test_widget_gone (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(MsViewGestures) gestures = g_object_ref (f->canvas->gestures);
  g_autoptr(MsViewport) vp = g_object_ref (f->vp);
  GtkWidget *canvas = GTK_WIDGET (f->canvas);

  g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &canvas);
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  ms_test_run_for (100);
  g_assert_null (canvas);
  ms_view_gestures_activate (gestures, "zoom-in", NULL);
  ms_view_gestures_stop_kinetic (gestures);
  g_assert_cmpfloat (ms_viewport_get_zoom (vp), ==, ZOOM);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
#define ADD(path, button, func) \
  g_test_add ("/view-gestures/" path, Fixture, GUINT_TO_POINTER (button), \
              fixture_set_up, func, fixture_tear_down)
  ADD ("drag", 0, test_drag);
  ADD ("drag-pan-button", GDK_BUTTON_MIDDLE, test_drag);
  ADD ("other-button-does-not-pan", GDK_BUTTON_MIDDLE, test_other_button_does_not_pan);
  ADD ("kinetic", 0, test_kinetic);
  ADD ("wheel", 0, test_wheel);
  ADD ("smooth-scroll", 0, test_smooth_scroll);
  ADD ("ctrl-scroll", 0, test_ctrl_scroll);
  ADD ("keys", 0, test_keys);
  ADD ("zoom-limits", 0, test_zoom_limits);
  ADD ("widget-gone", 0, test_widget_gone);
#undef ADD
  return g_test_run ();
}
