/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-test-display.h"

GtkWidget *
ms_test_find_named (GtkWidget  *root,
                    const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ms_test_find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ms_test_get_named (GtkWidget  *root,
                   const char *format,
                   ...)
{
  g_autofree char *name = NULL;
  GtkWidget *widget;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  widget = ms_test_find_named (root, name);
  if (widget == NULL)
    g_error ("No widget named %s", name);
  return widget;
}

GtkWidget *
ms_test_find_type (GtkWidget *root,
                   GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ms_test_find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
ms_test_widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

gboolean
ms_test_revealer_settled (gpointer data)
{
  GtkRevealer *revealer = data;

  return gtk_revealer_get_child_revealed (revealer) == gtk_revealer_get_reveal_child (revealer);
}

GtkWidget *
ms_test_find_action_button (GtkWidget  *root,
                            const char *action)
{
  if (GTK_IS_BUTTON (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ms_test_find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

guint32 *
ms_test_capture (GtkWidget *widget,
                 int        width,
                 int        height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  guint32 *pixels = g_new (guint32, (gsize) width * height);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  /* A widget waiting for its allocation snapshots nothing: let the frame
   * clock run (a slow, sanitized build meets this). */
  for (guint tries = 0; node == NULL && tries < 40; tries++)
    {
      ms_test_run_for (50);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
  /* CAIRO_FORMAT_ARGB32 words, as ms_render_* and cairo give them. */
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  return pixels;
}

guint
ms_test_count_unlike (cairo_surface_t *image,
                      guint            width,
                      guint            height,
                      const guint32   *shown,
                      int              shown_width,
                      int              x,
                      int              y,
                      guint            tolerance)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  guint bad = 0;

  for (guint j = 0; j < height; j++)
    for (guint i = 0; i < width; i++)
      {
        guint32 a = ((const guint32 *) (gconstpointer) (data + (gsize) j * stride))[i];
        guint32 b = shown[(gsize) (y + (int) j) * shown_width + x + (int) i];
        guint d = 0;

        for (guint shift = 0; shift < 24; shift += 8)
          d = MAX (d, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
        if (d > tolerance)
          bad++;
      }
  return bad;
}

void
ms_test_widget_to_surface (GtkWidget *widget,
                           double     x,
                           double     y,
                           double    *surface_x,
                           double    *surface_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t at;
  double tx, ty;

  g_assert_nonnull (native);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (x, y), &at));
  gtk_native_get_surface_transform (native, &tx, &ty);
  *surface_x = at.x + tx;
  *surface_y = at.y + ty;
}

void
ms_test_click_widget (GtkWidget  *widget,
                      const char *window_id,
                      guint       n_clicks)
{
  double x, y;
  char sx[16], sy[16], n[16];

  g_assert_cmpuint (n_clicks, >, 0);
  ms_test_widget_to_surface (widget, gtk_widget_get_width (widget) / 2.0,
                             gtk_widget_get_height (widget) / 2.0, &x, &y);
  g_snprintf (sx, sizeof sx, "%d", (int) lround (x));
  g_snprintf (sy, sizeof sy, "%d", (int) lround (y));
  g_snprintf (n, sizeof n, "%u", n_clicks);
  ms_test_xdotool ("mousemove", "--window", window_id, sx, sy, NULL);
  ms_test_run_for (150);
  ms_test_xdotool ("click", "--repeat", n, "--delay", "80", "1", NULL);
  ms_test_run_for (300);
}

static gboolean
on_input_event (GtkEventControllerLegacy *controller,
                GdkEvent                 *event,
                MsTestInputCount         *count)
{
  double x, y;

  switch ((int) gdk_event_get_event_type (event))
    {
    case GDK_BUTTON_PRESS:
      count->presses++;
      break;
    case GDK_BUTTON_RELEASE:
      count->releases++;
      break;
    case GDK_SCROLL:
      count->scrolls++;
      break;
    case GDK_KEY_PRESS:
      if (!gdk_key_event_is_modifier (event))
        count->keys++;
      break;
    case GDK_MOTION_NOTIFY:
      /* Relative to the surface, that is the X window. */
      if (gdk_event_get_position (event, &x, &y))
        {
          count->x = x;
          count->y = y;
        }
      break;
    default:
      break;
    }
  return GDK_EVENT_PROPAGATE;
}

void
ms_test_input_count_attach (GtkWidget        *window,
                            MsTestInputCount *count)
{
  GtkEventController *controller = gtk_event_controller_legacy_new ();

  g_return_if_fail (GTK_IS_NATIVE (window));
  *count = (MsTestInputCount) { .x = -1, .y = -1 };
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "event", G_CALLBACK (on_input_event), count);
  gtk_widget_add_controller (window, controller);
}

typedef struct
{
  const guint      *counter;
  guint             value;
  MsTestInputCount *count;
  int               x, y;
} InputWait;

static gboolean
counter_reached (gpointer data)
{
  InputWait *wait = data;

  return *wait->counter >= wait->value;
}

void
ms_test_wait_count (const guint *counter,
                    guint        value,
                    const char  *what)
{
  InputWait wait = { counter, value, NULL, 0, 0 };

  ms_test_iterate_until_within (20, counter_reached, &wait, what);
}

static gboolean
pointer_reached (gpointer data)
{
  InputWait *wait = data;

  return wait->count->x == wait->x && wait->count->y == wait->y;
}

void
ms_test_wait_pointer (MsTestInputCount *count,
                      int               x,
                      int               y)
{
  InputWait wait = { NULL, 0, count, x, y };

  ms_test_iterate_until_within (20, pointer_reached, &wait, "the pointer to get there");
}

void
ms_test_move_pointer (MsTestInputCount *count,
                      const char       *window_id,
                      GtkWidget        *widget,
                      int               x,
                      int               y)
{
  double wx, wy;
  char sx[16], sy[16];

  ms_test_widget_to_surface (widget, x, y, &wx, &wy);
  g_assert_cmpfloat (wx, ==, round (wx));
  g_assert_cmpfloat (wy, ==, round (wy));
  g_assert_false (count->x == wx && count->y == wy);
  g_snprintf (sx, sizeof sx, "%d", (int) wx);
  g_snprintf (sy, sizeof sy, "%d", (int) wy);
  ms_test_xdotool ("mousemove", "--window", window_id, sx, sy, NULL);
  ms_test_wait_pointer (count, (int) wx, (int) wy);
}

void
ms_test_park_pointer (MsTestInputCount *count,
                      const char       *window_id)
{
  /* A test that failed with a button or Ctrl down left them down for the
   * whole X server: up first (a button already up stays so, silently). */
  ms_test_xdotool ("mouseup", "1", "mouseup", "2", "mouseup", "3", "keyup", "ctrl", NULL);
  ms_test_xdotool ("mousemove", "--window", window_id, "2", "2",
                   "mousemove", "--window", window_id, "1", "1", NULL);
  ms_test_wait_pointer (count, 1, 1);
}

void
ms_test_press_button (MsTestInputCount *count,
                      const char       *button)
{
  guint before = count->presses;

  ms_test_xdotool ("mousedown", button, NULL);
  ms_test_wait_count (&count->presses, before + 1, "the button's press");
}

void
ms_test_release_button (MsTestInputCount *count,
                        const char       *button)
{
  guint before = count->releases;

  ms_test_xdotool ("mouseup", button, NULL);
  ms_test_wait_count (&count->releases, before + 1, "the button's release");
}
