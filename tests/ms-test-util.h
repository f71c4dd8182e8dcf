/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Helpers for the tests: temporary folders and an independent, deliberately
 * simple blueprint encoder, so that expectations never come from the code
 * under test.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

char       *ms_test_make_tmpdir          (void);
void        ms_test_remove_tree          (const char *path);

/* Test-side encoders (written from BLUEPRINT_FORMAT.md, not from model/). */
void        ms_test_put_u8               (GByteArray *a, guint8 v);
void        ms_test_put_u16              (GByteArray *a, guint16 v);
void        ms_test_put_u32              (GByteArray *a, guint32 v);
void        ms_test_put_u64              (GByteArray *a, guint64 v);
void        ms_test_put_f32              (GByteArray *a, float v);
void        ms_test_put_string           (GByteArray *a, const char *s);
void        ms_test_put_section          (GByteArray *a, const char *tag,
                                          const guint8 *payload, gsize length);

/* A section located by a test-side walk over a v2 file. */
typedef struct
{
  char   tag[5];
  gsize  offset;   /* of the tag */
  gsize  length;   /* of the payload */
} MsTestSection;

GArray     *ms_test_walk_sections        (const guint8 *data, gsize length);
const MsTestSection *ms_test_find        (GArray *sections, const char *tag);

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

G_END_DECLS
