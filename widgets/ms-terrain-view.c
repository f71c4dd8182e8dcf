/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D view.  Each frame selects CDLOD nodes for the camera, draws those
 * whose tile (or a coarser one) is on the GPU, and asks the source, from an
 * idle, for the tiles it lacked; each arrival is uploaded at the next frame.
 * So a frame never waits for a tile, and only the tiles around the eye, at
 * the detail the distance needs, are ever made or uploaded.
 */
#define G_LOG_DOMAIN "ms-terrain-view"

#include "config.h"

#include <math.h>

#include "ms-gl-fallback.h"
#include "ms-terrain-cpu.h"
#include "ms-terrain-gl.h"
#include "ms-terrain-view.h"
#include "ms-terrain-view-replay.h"

/* Screen pixels a mesh quad spans at the end of each LOD's range: about
 * 4 keeps llvmpipe interactive and the relief smooth. */
#define PIXELS_PER_QUAD 8.0
/* Textures: 256 tiles × 512 KiB = 128 MiB of GPU memory at most. */
#define MAX_GL_TILES 256

struct _MsTerrainView
{
  GtkWidget        parent_instance;

  MsTerrainSource *source;
  MsTerrainCamera  camera;
  double           exaggeration;

  MsGlFallback    *gl;
  GtkWidget       *gl_area;      /* NULL once fallen back */
  MsTerrainGl     *renderer;

  GCancellable    *cancellable;  /* every request for the current source */
  GHashTable      *pending;      /* packed keys asked for */
  GPtrArray       *arrived;      /* MsTerrainTile waiting for upload */
  GArray          *wanted;       /* MsTileKey the last frame lacked */
  guint            request_idle;

  cairo_surface_t *cpu_image;
  gboolean         cpu_dirty;

  guint64          n_frames;
  guint            n_nodes;
  guint            frame_missing;  /* tiles the last GL frame lacked */

  /* A drag: the camera it began with and what it does. */
  MsTerrainCamera  drag_start;
  gboolean         drag_pans;
  gboolean         dragging;

  gboolean         has_pointer;
  double           pointer_x, pointer_y;
};

enum
{
  PROP_0,
  PROP_SOURCE,
  PROP_EXAGGERATION,
  N_PROPS
};

enum
{
  SIGNAL_MAP_MOTION,
  SIGNAL_MAP_LEAVE,
  SIGNAL_CAMERA_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsTerrainView, ms_terrain_view, GTK_TYPE_WIDGET)

static double
extent_of (MsTerrainView *self)
{
  guint w = 1, h = 1;

  if (self->source != NULL)
    ms_terrain_source_get_extent (self->source, &w, &h);
  return MAX (w, h);
}

static double
world_scale (MsTerrainView *self)
{
  return self->exaggeration / ms_terrain_source_get_metres_per_pixel (self->source);
}

static void
update_readout (MsTerrainView *self)
{
  double x, y;
  float metres;

  if (!self->has_pointer)
    return;
  if (ms_terrain_view_pick (self, self->pointer_x, self->pointer_y, &x, &y, &metres))
    g_signal_emit (self, signals[SIGNAL_MAP_MOTION], 0, x, y);
  else
    g_signal_emit (self, signals[SIGNAL_MAP_LEAVE], 0);
}

static void
redraw (MsTerrainView *self)
{
  self->cpu_dirty = TRUE;
  if (self->gl_area != NULL)
    gtk_gl_area_queue_render (GTK_GL_AREA (self->gl_area));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The orbit target sits on the surface, so orbiting turns about the ground
 * and the screen's centre shows the target. */
static void
ground_target (MsTerrainView *self)
{
  float metres;

  if (self->source != NULL &&
      ms_terrain_source_height_at (self->source, self->camera.target[0], self->camera.target[2], &metres))
    self->camera.target[1] = metres * world_scale (self);
}

static void
camera_changed (MsTerrainView *self)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  if (w > 0 && h > 0)
    self->camera.aspect = (double) w / h;
  ms_terrain_camera_normalize (&self->camera, extent_of (self));
  redraw (self);
  update_readout (self);
  g_signal_emit (self, signals[SIGNAL_CAMERA_CHANGED], 0);
}

/* ------------------------------------------------------------ requests --- */

static void request (MsTerrainView   *self,
                     const MsTileKey *key);

typedef struct
{
  MsTerrainView *view;  /* a reference */
  MsTileKey      key;
} Request;

static void
got_tile (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autofree Request *req = user_data;
  g_autoptr(MsTerrainView) self = req->view;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsTerrainTile) tile = NULL;
  guint64 packed = ms_tile_key_pack (&req->key);

  tile = ms_terrain_source_get_tile_finish (MS_TERRAIN_SOURCE (object), result, &error);
  /* A request for a source the view no longer shows. */
  if (MS_TERRAIN_SOURCE (object) != self->source)
    return;
  g_hash_table_remove (self->pending, &packed);
  if (tile == NULL)
    {
      /* Overtaken by a change: the next frame asks again. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        request (self, &req->key);
      else
        g_warning ("Could not make a terrain tile: %s", error->message);
      return;
    }
  /* The CPU picture reads the source's cache itself. */
  if (self->gl_area != NULL)
    g_ptr_array_add (self->arrived, g_steal_pointer (&tile));
  if (!self->dragging)
    ground_target (self);
  redraw (self);
  update_readout (self);
}

static void
request (MsTerrainView   *self,
         const MsTileKey *key)
{
  guint64 packed = ms_tile_key_pack (key);
  Request *req;

  if (g_hash_table_contains (self->pending, &packed))
    return;
  g_hash_table_add (self->pending, g_memdup2 (&packed, sizeof packed));
  req = g_new (Request, 1);
  req->view = g_object_ref (self);
  req->key = *key;
  ms_terrain_source_get_tile_async (self->source, key, self->cancellable, got_tile, req);
}

static gboolean
request_idle (gpointer user_data)
{
  MsTerrainView *self = user_data;

  self->request_idle = 0;
  if (self->source == NULL)
    return G_SOURCE_REMOVE;
  for (guint i = 0; i < self->wanted->len; i++)
    request (self, &g_array_index (self->wanted, MsTileKey, i));
  g_array_set_size (self->wanted, 0);
  return G_SOURCE_REMOVE;
}

static void
want (MsTerrainView *self,
      GArray        *keys)
{
  g_array_append_vals (self->wanted, keys->data, keys->len);
  if (self->wanted->len > 0 && self->request_idle == 0)
    self->request_idle = g_idle_add (request_idle, self);
}

/* ------------------------------------------------------------------ GL --- */

static void
on_gl_realize (GtkGLArea     *area,
               MsTerrainView *self)
{
  g_autoptr(GError) error = NULL;

  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) != NULL)
    {
      ms_gl_fallback_fail (self->gl, gtk_gl_area_get_error (area)->message);
      return;
    }
  self->renderer = ms_terrain_gl_new (MAX_GL_TILES);
  if (!ms_terrain_gl_realize (self->renderer, &error))
    {
      g_clear_object (&self->renderer);
      gtk_gl_area_set_error (area, error);
      ms_gl_fallback_fail (self->gl, error->message);
    }
}

static void
on_gl_unrealize (GtkGLArea     *area,
                 MsTerrainView *self)
{
  if (self->renderer == NULL)
    return;
  gtk_gl_area_make_current (area);
  if (gtk_gl_area_get_error (area) == NULL)
    ms_terrain_gl_unrealize (self->renderer);
  else
    ms_terrain_gl_clear (self->renderer);
  g_clear_object (&self->renderer);
}

static gboolean
on_gl_render (GtkGLArea     *area,
              GdkGLContext  *context,
              MsTerrainView *self)
{
  g_autoptr(GArray) nodes = NULL;
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->renderer == NULL)
    return FALSE;
  if (self->source == NULL)
    {
      glClearColor (0.72f, 0.78f, 0.85f, 1.0f);
      glClear (GL_COLOR_BUFFER_BIT);
      return TRUE;
    }

  for (guint i = 0; i < self->arrived->len; i++)
    ms_terrain_gl_upload (self->renderer, g_ptr_array_index (self->arrived, i));
  g_ptr_array_set_size (self->arrived, 0);

  nodes = ms_terrain_source_select (self->source, &self->camera, self->exaggeration,
                                    MAX (height, 1), PIXELS_PER_QUAD);
  missing = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  self->n_nodes = ms_terrain_gl_draw (self->renderer, self->source, &self->camera, self->exaggeration,
                                      nodes, missing, &error);
  self->n_frames++;
  if (error != NULL)
    {
      gtk_gl_area_set_error (area, error);
      ms_gl_fallback_fail (self->gl, error->message);
      return FALSE;
    }

  /* Tiles the source still holds go up now; the others are asked for. */
  {
    g_autoptr(GArray) ask = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
    gboolean uploaded = FALSE;

    for (guint i = 0; i < missing->len; i++)
      {
        MsTileKey *key = &g_array_index (missing, MsTileKey, i);
        g_autoptr(MsTerrainTile) tile = NULL;

        if (ms_terrain_gl_has_tile (self->renderer, key))
          continue;
        tile = ms_terrain_source_lookup (self->source, key);
        if (tile != NULL)
          {
            ms_terrain_gl_upload (self->renderer, tile);
            uploaded = TRUE;
          }
        else
          g_array_append_val (ask, *key);
      }
    want (self, ask);
    self->frame_missing = ask->len + (uploaded ? 1 : 0);
    if (uploaded)
      gtk_gl_area_queue_render (area);
  }
  return TRUE;
}

static void
on_fell_back (MsTerrainView *self)
{
  self->gl_area = NULL;
  g_ptr_array_set_size (self->arrived, 0);
  redraw (self);
}

/* ----------------------------------------------------------------- CPU --- */

static void
snapshot_cpu (MsTerrainView *self,
              GtkSnapshot   *snapshot)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  cairo_t *cr;

  if (w <= 0 || h <= 0 || self->source == NULL)
    return;
  if (self->cpu_dirty || self->cpu_image == NULL ||
      cairo_image_surface_get_width (self->cpu_image) != w ||
      cairo_image_surface_get_height (self->cpu_image) != h)
    {
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&self->cpu_image, cairo_surface_destroy);
      /* Synchronous: a view without GL is a fallback, and a zone's tiles
       * are made on the main thread anyway. */
      self->cpu_image = ms_terrain_render_cpu (self->source, &self->camera, self->exaggeration,
                                               (guint) w, (guint) h, PIXELS_PER_QUAD * 2,
                                               NULL, &error);
      if (error != NULL)
        g_warning ("Could not draw the terrain: %s", error->message);
      self->cpu_dirty = FALSE;
      self->n_frames++;
      ground_target (self);
    }
  if (self->cpu_image == NULL)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_set_source_surface (cr, self->cpu_image, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
}

/* ------------------------------------------------------------- widget --- */

static void
ms_terrain_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (widget);

  if (self->gl_area != NULL)
    gtk_widget_snapshot_child (widget, self->gl_area, snapshot);
  else
    snapshot_cpu (self, snapshot);
}

static void
ms_terrain_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (widget);

  if (self->gl_area != NULL)
    gtk_widget_allocate (self->gl_area, width, height, baseline, NULL);
  if (width > 0 && height > 0)
    self->camera.aspect = (double) width / height;
  redraw (self);
}

static void
ms_terrain_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = 64;
  *natural = 480;
}

/* ----------------------------------------------------------- gestures --- */

static double
world_per_pixel (MsTerrainView *self)
{
  int h = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 1);

  return 2.0 * self->camera.distance * tan (self->camera.fov_deg * G_PI / 360.0) / h;
}

/* Moves the target by @right and @ahead world units across the ground. */
static void
pan_by (MsTerrainView *self,
        double         right,
        double         ahead)
{
  double yaw = self->camera.yaw_deg * G_PI / 180.0, extent = extent_of (self);
  guint w = 1, h = 1;

  if (self->source != NULL)
    ms_terrain_source_get_extent (self->source, &w, &h);
  self->camera.target[0] += cos (yaw) * right + sin (yaw) * ahead;
  self->camera.target[2] += sin (yaw) * right - cos (yaw) * ahead;
  self->camera.target[0] = CLAMP (self->camera.target[0], 0.0, (double) w);
  self->camera.target[2] = CLAMP (self->camera.target[2], 0.0, (double) h);
  (void) extent;
  ground_target (self);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               MsTerrainView  *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_start = self->camera;
  self->drag_pans = button == GDK_BUTTON_MIDDLE || (state & GDK_SHIFT_MASK) != 0;
  self->dragging = TRUE;
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                MsTerrainView  *self)
{
  if (self->drag_pans)
    {
      double wpp = world_per_pixel (self);
      double pitch = self->drag_start.pitch_deg * G_PI / 180.0;

      self->camera = self->drag_start;
      /* The ground follows the pointer: dragging down pulls the far side
       * nearer, which moves the target north (ahead). */
      pan_by (self, -dx * wpp, dy * wpp / MAX (sin (pitch), 0.2));
    }
  else
    {
      self->camera.yaw_deg = self->drag_start.yaw_deg + dx * 0.4;
      self->camera.pitch_deg = self->drag_start.pitch_deg + dy * 0.3;
    }
  camera_changed (self);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             MsTerrainView  *self)
{
  self->dragging = FALSE;
  ground_target (self);
  camera_changed (self);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           MsTerrainView            *self)
{
  self->camera.distance *= pow (1.15, dy);
  camera_changed (self);
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           MsTerrainView            *self)
{
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_readout (self);
}

static void
on_leave (GtkEventControllerMotion *controller,
          MsTerrainView            *self)
{
  self->has_pointer = FALSE;
  g_signal_emit (self, signals[SIGNAL_MAP_LEAVE], 0);
}

/* ------------------------------------------------------------ actions --- */

static void
action_orbit (GtkWidget  *widget,
              const char *name,
              GVariant   *parameter)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (widget);
  double yaw, pitch;

  g_variant_get (parameter, "(dd)", &yaw, &pitch);
  self->camera.yaw_deg += yaw;
  self->camera.pitch_deg += pitch;
  camera_changed (self);
}

static void
action_pan (GtkWidget  *widget,
            const char *name,
            GVariant   *parameter)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (widget);
  double right, ahead;

  /* In tenths of the distance to the target. */
  g_variant_get (parameter, "(dd)", &right, &ahead);
  pan_by (self, right * self->camera.distance, ahead * self->camera.distance);
  camera_changed (self);
}

static void
action_zoom (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (widget);

  self->camera.distance *= g_variant_get_double (parameter);
  camera_changed (self);
}

static void
action_exaggerate (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (widget);

  ms_terrain_view_set_exaggeration (self, self->exaggeration * g_variant_get_double (parameter));
}

static void
action_reset (GtkWidget  *widget,
              const char *name,
              GVariant   *parameter)
{
  ms_terrain_view_reset_camera (MS_TERRAIN_VIEW (widget));
}

/* ------------------------------------------------------------- object --- */

static void
drop_source (MsTerrainView *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_hash_table_remove_all (self->pending);
  g_ptr_array_set_size (self->arrived, 0);
  g_array_set_size (self->wanted, 0);
  g_clear_handle_id (&self->request_idle, g_source_remove);
  if (self->source != NULL)
    g_signal_handlers_disconnect_by_data (self->source, self);
  g_clear_object (&self->source);
  g_clear_pointer (&self->cpu_image, cairo_surface_destroy);
  /* Textures of the old source go when the GL area is next current. */
  if (self->renderer != NULL && self->gl_area != NULL && gtk_widget_get_realized (self->gl_area))
    {
      gtk_gl_area_make_current (GTK_GL_AREA (self->gl_area));
      ms_terrain_gl_clear (self->renderer);
    }
}

static void
on_source_changed (MsTerrainSource *source,
                   MsTerrainView   *self)
{
  MsTileKey top = { ms_terrain_source_get_top_level (source), 0, 0 };

  /* New heights or colours: every texture is stale, and the top tile that
   * bounds the nodes and the picking is gone. */
  g_ptr_array_set_size (self->arrived, 0);
  request (self, &top);
  if (self->renderer != NULL && self->gl_area != NULL && gtk_widget_get_realized (self->gl_area))
    {
      gtk_gl_area_make_current (GTK_GL_AREA (self->gl_area));
      ms_terrain_gl_clear (self->renderer);
    }
  redraw (self);
}

static void
ms_terrain_view_dispose (GObject *object)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (object);

  drop_source (self);
  if (self->gl != NULL)
    ms_gl_fallback_remove (self->gl);
  g_clear_object (&self->gl);
  self->gl_area = NULL;
  G_OBJECT_CLASS (ms_terrain_view_parent_class)->dispose (object);
}

static void
ms_terrain_view_finalize (GObject *object)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (object);

  g_hash_table_unref (self->pending);
  g_ptr_array_unref (self->arrived);
  g_array_unref (self->wanted);
  G_OBJECT_CLASS (ms_terrain_view_parent_class)->finalize (object);
}

static void
ms_terrain_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      g_value_set_object (value, self->source);
      break;
    case PROP_EXAGGERATION:
      g_value_set_double (value, self->exaggeration);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_terrain_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MsTerrainView *self = MS_TERRAIN_VIEW (object);

  switch (prop_id)
    {
    case PROP_SOURCE:
      ms_terrain_view_set_source (self, g_value_get_object (value));
      break;
    case PROP_EXAGGERATION:
      ms_terrain_view_set_exaggeration (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_terrain_view_class_init (MsTerrainViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const struct { guint key; GdkModifierType mods; const char *action; const char *format; double a, b; } keys[] = {
    { GDK_KEY_Left, 0, "terrain.orbit", "(dd)", -15.0, 0.0 },
    { GDK_KEY_Right, 0, "terrain.orbit", "(dd)", 15.0, 0.0 },
    { GDK_KEY_Up, 0, "terrain.orbit", "(dd)", 0.0, 5.0 },
    { GDK_KEY_Down, 0, "terrain.orbit", "(dd)", 0.0, -5.0 },
    { GDK_KEY_Left, GDK_SHIFT_MASK, "terrain.pan", "(dd)", -0.1, 0.0 },
    { GDK_KEY_Right, GDK_SHIFT_MASK, "terrain.pan", "(dd)", 0.1, 0.0 },
    { GDK_KEY_Up, GDK_SHIFT_MASK, "terrain.pan", "(dd)", 0.0, 0.1 },
    { GDK_KEY_Down, GDK_SHIFT_MASK, "terrain.pan", "(dd)", 0.0, -0.1 },
    { GDK_KEY_plus, 0, "terrain.zoom", "d", 0.8, 0 },
    { GDK_KEY_equal, 0, "terrain.zoom", "d", 0.8, 0 },
    { GDK_KEY_KP_Add, 0, "terrain.zoom", "d", 0.8, 0 },
    { GDK_KEY_minus, 0, "terrain.zoom", "d", 1.25, 0 },
    { GDK_KEY_KP_Subtract, 0, "terrain.zoom", "d", 1.25, 0 },
    { GDK_KEY_bracketright, 0, "terrain.exaggerate", "d", 1.25, 0 },
    { GDK_KEY_bracketleft, 0, "terrain.exaggerate", "d", 0.8, 0 },
  };

  object_class->dispose = ms_terrain_view_dispose;
  object_class->finalize = ms_terrain_view_finalize;
  object_class->get_property = ms_terrain_view_get_property;
  object_class->set_property = ms_terrain_view_set_property;
  widget_class->snapshot = ms_terrain_view_snapshot;
  widget_class->size_allocate = ms_terrain_view_size_allocate;
  widget_class->measure = ms_terrain_view_measure;

  properties[PROP_SOURCE] =
    g_param_spec_object ("source", NULL, NULL, MS_TYPE_TERRAIN_SOURCE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_EXAGGERATION] =
    g_param_spec_double ("exaggeration", NULL, NULL, 0.05, 50.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MsTerrainView::map-motion:
   * @x: map x (column) under the pointer, map pixels
   * @y: map y (row)
   */
  signals[SIGNAL_MAP_MOTION] =
    g_signal_new ("map-motion", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  signals[SIGNAL_MAP_LEAVE] =
    g_signal_new ("map-leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SIGNAL_CAMERA_CHANGED] =
    g_signal_new ("camera-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "terrain.orbit", "(dd)", action_orbit);
  gtk_widget_class_install_action (widget_class, "terrain.pan", "(dd)", action_pan);
  gtk_widget_class_install_action (widget_class, "terrain.zoom", "d", action_zoom);
  gtk_widget_class_install_action (widget_class, "terrain.exaggerate", "d", action_exaggerate);
  gtk_widget_class_install_action (widget_class, "terrain.reset", NULL, action_reset);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_str_equal (keys[i].format, "d"))
      gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action,
                                           keys[i].format, keys[i].a);
    else
      gtk_widget_class_add_binding_action (widget_class, keys[i].key, keys[i].mods, keys[i].action,
                                           keys[i].format, keys[i].a, keys[i].b);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "terrain.reset", NULL);
  gtk_widget_class_set_css_name (widget_class, "terrainview");
}

static void
ms_terrain_view_init (MsTerrainView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *drag;
  GtkEventController *controller;

  self->exaggeration = 1.0;
  self->pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->arrived = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_terrain_tile_unref);
  self->wanted = g_array_new (FALSE, FALSE, sizeof (MsTileKey));
  ms_terrain_camera_init (&self->camera, 1, 1, 0, 1);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);

  self->gl = ms_gl_fallback_new (widget);
  self->gl_area = GTK_WIDGET (ms_gl_fallback_get_area (self->gl));
  gtk_gl_area_set_has_depth_buffer (GTK_GL_AREA (self->gl_area), TRUE);
  g_signal_connect_swapped (self->gl, "fell-back", G_CALLBACK (on_fell_back), self);
  g_signal_connect (self->gl_area, "realize", G_CALLBACK (on_gl_realize), self);
  g_signal_connect (self->gl_area, "unrealize", G_CALLBACK (on_gl_unrealize), self);
  g_signal_connect (self->gl_area, "render", G_CALLBACK (on_gl_render), self);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);
  ms_terrain_view_replay_attach (self);
}

GtkWidget *
ms_terrain_view_new (void)
{
  return g_object_new (MS_TYPE_TERRAIN_VIEW, NULL);
}

void
ms_terrain_view_set_source (MsTerrainView   *self,
                            MsTerrainSource *source)
{
  g_return_if_fail (MS_IS_TERRAIN_VIEW (self));
  g_return_if_fail (source == NULL || MS_IS_TERRAIN_SOURCE (source));

  if (self->source == source)
    return;
  drop_source (self);
  if (source != NULL)
    {
      MsTileKey top = { ms_terrain_source_get_top_level (source), 0, 0 };

      self->source = g_object_ref (source);
      self->cancellable = g_cancellable_new ();
      g_signal_connect (source, "changed", G_CALLBACK (on_source_changed), self);
      /* The top tile bounds every node and grounds the target. */
      request (self, &top);
    }
  ms_terrain_view_reset_camera (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOURCE]);
}

MsTerrainSource *
ms_terrain_view_get_source (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), NULL);
  return self->source;
}

void
ms_terrain_view_set_exaggeration (MsTerrainView *self,
                                  double         exaggeration)
{
  double old;

  g_return_if_fail (MS_IS_TERRAIN_VIEW (self));

  exaggeration = CLAMP (exaggeration, 0.05, 50.0);
  if (exaggeration == self->exaggeration)
    return;
  old = self->exaggeration;
  self->exaggeration = exaggeration;
  /* The target stays on the (now taller) ground. */
  self->camera.target[1] *= exaggeration / old;
  camera_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXAGGERATION]);
}

double
ms_terrain_view_get_exaggeration (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), 1.0);
  return self->exaggeration;
}

const MsTerrainCamera *
ms_terrain_view_get_camera (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), NULL);
  return &self->camera;
}

void
ms_terrain_view_set_camera (MsTerrainView         *self,
                            const MsTerrainCamera *camera)
{
  g_return_if_fail (MS_IS_TERRAIN_VIEW (self));

  self->camera = *camera;
  camera_changed (self);
}

void
ms_terrain_view_reset_camera (MsTerrainView *self)
{
  guint w = 1, h = 1;
  int ww = gtk_widget_get_width (GTK_WIDGET (self)), wh = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_if_fail (MS_IS_TERRAIN_VIEW (self));

  if (self->source != NULL)
    ms_terrain_source_get_extent (self->source, &w, &h);
  ms_terrain_camera_init (&self->camera, w, h, 0.0, ww > 0 && wh > 0 ? (double) ww / wh : 1.0);
  ground_target (self);
  camera_changed (self);
}

void
ms_terrain_view_look_at (MsTerrainView *self,
                         double         map_x,
                         double         map_y)
{
  g_return_if_fail (MS_IS_TERRAIN_VIEW (self));

  self->camera.target[0] = map_x;
  self->camera.target[2] = map_y;
  ground_target (self);
  camera_changed (self);
}

gboolean
ms_terrain_view_pick (MsTerrainView *self,
                      double         sx,
                      double         sy,
                      double        *map_x,
                      double        *map_y,
                      float         *metres)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), FALSE);

  if (self->source == NULL || w <= 0 || h <= 0)
    return FALSE;
  return ms_terrain_source_pick (self->source, &self->camera, self->exaggeration, sx, sy, w, h,
                                 map_x, map_y, metres);
}

gboolean
ms_terrain_view_get_using_gl (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), FALSE);
  return self->gl_area != NULL && self->renderer != NULL;
}

const char *
ms_terrain_view_get_gl_problem (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), NULL);
  return ms_gl_fallback_get_problem (self->gl);
}

guint64
ms_terrain_view_get_n_frames (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), 0);
  return self->n_frames;
}

guint
ms_terrain_view_get_n_nodes (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), 0);
  return self->n_nodes;
}

gboolean
ms_terrain_view_is_complete (MsTerrainView *self)
{
  g_return_val_if_fail (MS_IS_TERRAIN_VIEW (self), FALSE);
  if (self->source == NULL || self->n_frames == 0 || g_hash_table_size (self->pending) > 0 ||
      self->wanted->len > 0 || self->request_idle != 0 || self->arrived->len > 0)
    return FALSE;
  return self->gl_area != NULL ? self->frame_missing == 0 : !self->cpu_dirty;
}
