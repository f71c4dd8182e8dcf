/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone painter (app/ms-zone-window.c) as its tests drive it: a
 * fixture that writes the demo zone to a temporary folder, keeps its
 * files' original bytes and opens it in a real window, focused; and real
 * pointer and key input (xdotool) at tile points, worked out from the
 * view's own screen-to-tile mapping.
 */
#pragma once

#include "ms-demo-zone.h"
#include "ms-test-app.h"
#include "ms-test-display.h"
#include "ms-zone-window.h"

G_BEGIN_DECLS

/* The zone the fixture opens, its side, and the flag the paint target
 * starts on: short, as the cases use them over and over. */
#define ZONE_ID   42
#define SIZE      MS_DEMO_ZONE_DEFAULT_SIZE
#define ANTI      MS_ZONE_CONTROL_ANTI_PLANT

/* ms_test_app_start () for the painter's tests: unsaved-edit journals go
 * under the state folder, a private one.  (Backups go under XDG_DATA_HOME,
 * which each test's row in meson.build sets.) */
MsApplication *ms_test_painter_start      (int               *argc,
                                           char            ***argv);

/* The demo zone's files, in the order of MsTestPainter's original[]. */
extern const char *const ms_test_layer_files[6];

typedef struct
{
  char         *dir;
  MsZoneWindow *window;       /* NULL once a test has closed it */
  char         *window_id;
  GBytes       *original[G_N_ELEMENTS (ms_test_layer_files)];
  double        origin_x, origin_y;   /* the view's (0, 0) in X window pixels */
} MsTestPainter;

typedef void (*MsTestPainterFunc) (MsTestPainter *f,
                                   gconstpointer  data);

/* Adds the test @func at @path, run on the demo zone: set up and torn
 * down by the two functions below. */
void          ms_test_painter_add         (const char        *path,
                                           MsTestPainterFunc  func);
/* The demo zone written to a new folder, opened (g_test_add's set-up). */
void          ms_test_painter_set_up      (MsTestPainter     *f,
                                           gconstpointer      data);
/* Opens zone @id of f->dir in a new window, finds its X window and
 * focuses its view. */
void          ms_test_painter_open        (MsTestPainter     *f,
                                           guint              id);
/* Resets the zone settings to their defaults, closes the window (if the
 * test has not) and removes the folder. */
void          ms_test_painter_tear_down   (MsTestPainter     *f,
                                           gconstpointer      data);
/* As an MsTestDoneFunc: is the zone view of the window @data mapped,
 * with every tile drawn? */
gboolean      ms_test_painter_drawn       (gpointer           data);
/* Until it is, and a moment more. */
void          ms_test_painter_settle      (MsZoneWindow      *window);
/* As an MsTestDoneFunc: has the fixture's window (@data) gone? */
gboolean      ms_test_painter_gone        (gpointer           data);

/* The X pixel nearest tile point (x, y), and the tile that pixel is in, by
 * the viewport's mapping. */
typedef struct
{
  char   sx[16], sy[16];
  guint  tx, ty;
  double mx, my;   /* the tile point the view reports for that pixel */
} MsTestSpot;

MsTestSpot    ms_test_spot                (MsTestPainter     *f,
                                           double             x,
                                           double             y);
/* The real pointer to @s; the main loop runs 150 ms. */
void          ms_test_move_to             (MsTestPainter     *f,
                                           const MsTestSpot  *s);
/* Button 1 pressed at @a, the pointer moved to @b, released there, with
 * whatever tool is on. */
void          ms_test_drag                (MsTestPainter     *f,
                                           const MsTestSpot  *a,
                                           const MsTestSpot  *b);
/* Real keys (xdotool's names); the main loop runs 200 ms. */
void          ms_test_key                 (const char        *keys);
/* Drags a rectangle with the real pointer, the rectangle tool chosen by
 * its key, from the tile point (x0, y0) to (x1, y1); @out gets the tiles
 * it covers, both corners in, by the viewport's mapping: x0, y0, x1, y1
 * with x1 and y1 past the end. */
void          ms_test_drag_rect           (MsTestPainter     *f,
                                           double             x0,
                                           double             y0,
                                           double             x1,
                                           double             y1,
                                           guint              out[4]);
gboolean      ms_test_in_box              (const guint        box[4],
                                           guint              x,
                                           guint              y);

/* The paint target's row in the dropdown: set/clear of each control flag,
 * then spawn set, add, subtract, smooth. */
void          ms_test_set_target          (MsTestPainter     *f,
                                           guint              row);
/* The row of spawn's set (0), add, subtract or smooth (3). */
guint         ms_test_spawn_row           (guint              which);
/* Answers the question before a save that adds zone audit findings
 * (AntiPlant painted over the demo zone's plants asks it) with @answer, an
 * MsZoneWindowSaveAnswer, when it is asked: TRUE if it was. */
gboolean      ms_test_painter_answer_save (MsTestPainter     *f,
                                           int                answer);
/* The fill-by-rule dialog over the fixture's window, or NULL. */
GtkWidget    *ms_test_find_rule_dialog    (MsTestPainter     *f);

/* A layer file of the fixture's folder as it is now: by index into
 * ms_test_layer_files, or by name. */
GBytes       *ms_test_read_layer          (MsTestPainter     *f,
                                           guint              i);
GBytes       *ms_test_read_layer_named    (MsTestPainter     *f,
                                           const char        *name);
/* Tile @t of a control layer's bytes, @bpt (1 or 2) bytes a tile. */
guint16       ms_test_control_at          (const guint8      *control,
                                           guint              bpt,
                                           gsize              t);

G_END_DECLS
