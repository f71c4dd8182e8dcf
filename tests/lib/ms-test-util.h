/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Helpers for the tests: temporary folders, an independent, deliberately
 * simple blueprint encoder (so that expectations never come from the code
 * under test), main-loop waits with a watchdog, and real X input through
 * xdotool.  GLib only: GTK helpers live in ms-test-display.h.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char       *ms_test_make_tmpdir          (void);
void        ms_test_remove_tree          (const char *path);
/* Writes @length bytes to @dir/@name; fails the test when it cannot. */
void        ms_test_put_file             (const char *dir,
                                          const char *name,
                                          const void *data,
                                          gsize       length);

/* A new temporary folder holding the real zones 70 (512²) and 71 (256²) of
 * tests/data/zones/, byte for byte, beside sparse zones 1 (2048²) and 2
 * (1024²) with the same four layers (blocks, control, plants, altitude):
 * one zone of each size the live game has. */
#define MS_TEST_LIVE_ZONE_COUNT 4
typedef struct
{
  guint id;
  guint side;
  gboolean real;
} MsTestLiveZone;
extern const MsTestLiveZone ms_test_live_zones[MS_TEST_LIVE_ZONE_COUNT];
char       *ms_test_make_live_zone_folder (void);

/* Entries in @dir, and a file that must hold exactly @expected. */
guint       ms_test_count_entries        (const char *dir);
void        ms_test_assert_file_text     (const char *path,
                                          const char *expected);
/* A test that needs what this machine may lack (root, a capability): in CI
 * ($CI set, where .ci/run runs as root) that fails the test; elsewhere it
 * is skipped, saying why. */
void        ms_test_cannot               (const char *format,
                                          ...) G_GNUC_PRINTF (1, 2);

/* Test-side encoders (written from docs/BLUEPRINT_FORMAT.md, not from model/). */
void        ms_test_put_u8               (GByteArray *a, guint8 v);
void        ms_test_put_u16              (GByteArray *a, guint16 v);
void        ms_test_put_u32              (GByteArray *a, guint32 v);
void        ms_test_put_u64              (GByteArray *a, guint64 v);
void        ms_test_put_f32              (GByteArray *a, float v);
void        ms_test_put_string           (GByteArray *a, const char *s);
void        ms_test_put_section          (GByteArray *a, const char *tag,
                                          const guint8 *payload, gsize length);

/* The start of a v2 file: "ISLA", version 2 and a PRMS section with
 * @seed, @map_size, the four floats 0, GeneratedUtc "t" and an empty
 * GeneratorGitHash.  The other sections follow with ms_test_put_section. */
void        ms_test_put_v2_head          (GByteArray *a, gint32 seed, guint32 map_size);
/* A whole v2 file of seed 1: that head, HGTS from @height (raw units, at
 * map pixel x, y; written X-outer as the format lays it) and BIOM all
 * @biome. */
GBytes     *ms_test_v2_heights           (guint32 map_size,
                                          float (*height) (guint x, guint y),
                                          guint8 biome);

/* A whole v2 file of seed 1 from grids of map_size² (X-outer): heights
 * (raw), biomes, and water ids (NULL: no WBID section). */
GBytes     *ms_test_v2_grids             (guint32        map_size,
                                          const float   *heights,
                                          const guint8  *biomes,
                                          const guint16 *water_ids);

/* A section located by a test-side walk over a v2 file. */
typedef struct
{
  char   tag[5];
  gsize  offset;   /* of the tag */
  gsize  length;   /* of the payload */
} MsTestSection;

GArray     *ms_test_walk_sections        (const guint8 *data, gsize length);
const MsTestSection *ms_test_find        (GArray *sections, const char *tag);
/* Little-endian fields of a section; they need not be 4-byte aligned. */
guint32     ms_test_read_u32             (const guint8 *p);
gint32      ms_test_read_i32             (const guint8 *p);
float       ms_test_read_f32             (const guint8 *p);

/* mapsmith-cli ($MAPSMITH_CLI) run with the arguments given, NULL-terminated. */
typedef struct
{
  int   status;  /* exit status */
  char *out;
  char *err;
} MsTestRun;

void        ms_test_run_clear            (MsTestRun *run);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MsTestRun, ms_test_run_clear)
void        ms_test_run_cli              (MsTestRun *run, ...) G_GNUC_NULL_TERMINATED;
/* The root object of @text, which must parse. */
JsonObject *ms_test_parse_json           (const char *text,
                                          JsonParser *parser);

/* Process memory from /proc/self/status, in bytes. */
gsize       ms_test_rss_anon             (void);

/* Whether this build can watch its heap: AddressSanitizer builds can.
 * Under AddressSanitizer RssAnon says little about the code (freed blocks
 * wait in the quarantine, size classes keep their pages, the shadow has
 * pages of its own), but its allocator reports every block, so the peak of
 * the live heap between begin and end is exact. */
gboolean    ms_test_heap_watch_available (void);
void        ms_test_heap_watch_begin     (void);
/* The most the live heap grew above its size at begin, in bytes. */
gsize       ms_test_heap_watch_end       (void);

/* Main-loop waits.  Each turn dispatches without blocking and sleeps 1 ms,
 * so that work from threads and the frame clock gets through. */
typedef gboolean (*MsTestDoneFunc) (gpointer data);

/* A source that fails the test ("Timed out waiting for @what") after
 * @seconds; remove it with g_source_remove.  @what must outlive it. */
guint       ms_test_add_watchdog         (guint          seconds,
                                          const char    *what);
/* Runs the main loop for @ms milliseconds. */
void        ms_test_run_for              (guint          ms);
/* Runs the main loop until @done (data) holds; fails after 60 s. */
void        ms_test_iterate_until        (MsTestDoneFunc done,
                                          gpointer       data,
                                          const char    *what);
/* The same, failing after @seconds. */
void        ms_test_iterate_until_within (guint          seconds,
                                          MsTestDoneFunc done,
                                          gpointer       data,
                                          const char    *what);
/* Until @done, @ms more (late frames, a second round of work), then until
 * @done again; 60 s watchdogs. */
void        ms_test_settle               (MsTestDoneFunc done,
                                          gpointer       data,
                                          guint          ms,
                                          const char    *what);
/* Until @done has held for @hold_ms without a break; fails after 60 s. */
void        ms_test_iterate_until_stable (MsTestDoneFunc done,
                                          gpointer       data,
                                          guint          hold_ms,
                                          const char    *what);

/* Real X events through the X server (XTEST), as a user's mouse and keys
 * make them: `xdotool` with the arguments given, NULL-terminated; fails the
 * test when it cannot run or exits non-zero. */
void        ms_test_xdotool              (const char    *first,
                                          ...) G_GNUC_NULL_TERMINATED;
/* The X window id of the one window titled exactly @title (the first, when
 * more match); fails the test when there is none. */
char       *ms_test_x_window_id          (const char    *title);
/* With $MS_TEST_SCREENSHOT_DIR set: runs the main loop @settle_ms, then
 * saves the whole screen (`import -window root`) there as @file_name.
 * Without it, does nothing. */
void        ms_test_screenshot           (const char    *file_name,
                                          guint          settle_ms);

G_END_DECLS
