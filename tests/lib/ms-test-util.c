/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "ms-test-util.h"

char *
ms_test_make_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("mapsmith-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
ms_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        ms_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

void
ms_test_put_file (const char *dir,
                  const char *name,
                  const void *data,
                  gsize       length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));
}

/* By id, as a folder scan lists them; bytes per tile from ZONE_LAYERS.md. */
const MsTestLiveZone ms_test_live_zones[MS_TEST_LIVE_ZONE_COUNT] = {
  { 1, 2048, FALSE }, { 2, 1024, FALSE }, { 70, 512, TRUE }, { 71, 256, TRUE },
};

static const struct
{
  const char *name;
  guint bytes_per_tile;
} live_layers[] = { { "blocks", 2 }, { "control", 2 }, { "plants", 7 }, { "altitude", 2 } };

char *
ms_test_make_live_zone_folder (void)
{
  char *dir = ms_test_make_tmpdir ();

  for (guint z = 0; z < MS_TEST_LIVE_ZONE_COUNT; z++)
    for (guint l = 0; l < G_N_ELEMENTS (live_layers); l++)
      {
        const MsTestLiveZone *zone = &ms_test_live_zones[z];
        g_autofree char *name = g_strdup_printf ("%s.%04u.bin", live_layers[l].name, zone->id);
        g_autofree char *path = g_build_filename (dir, name, NULL);

        if (zone->real)
          {
            g_autofree char *id = g_strdup_printf ("%04u", zone->id);
            g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "zones", id, name, NULL);
            g_autofree char *bytes = NULL;
            gsize length = 0;

            g_assert_true (g_file_get_contents (src, &bytes, &length, NULL));
            g_assert_cmpuint (length, ==, (gsize) zone->side * zone->side * live_layers[l].bytes_per_tile);
            ms_test_put_file (dir, name, bytes, length);
          }
        else
          {
            /* Sparse: the 2048² zone's 58 MiB cost no disk. */
            int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

            g_assert_cmpint (fd, >=, 0);
            g_assert_cmpint (ftruncate (fd, (off_t) zone->side * zone->side * live_layers[l].bytes_per_tile), ==, 0);
            close (fd);
          }
      }
  return dir;
}

void
ms_test_put_u8 (GByteArray *a, guint8 v)
{
  g_byte_array_append (a, &v, 1);
}

void
ms_test_put_u16 (GByteArray *a, guint16 v)
{
  guint8 b[2] = { v & 0xff, v >> 8 };
  g_byte_array_append (a, b, 2);
}

void
ms_test_put_u32 (GByteArray *a, guint32 v)
{
  guint8 b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24 };
  g_byte_array_append (a, b, 4);
}

void
ms_test_put_u64 (GByteArray *a, guint64 v)
{
  ms_test_put_u32 (a, (guint32) v);
  ms_test_put_u32 (a, (guint32) (v >> 32));
}

void
ms_test_put_f32 (GByteArray *a, float v)
{
  guint32 u;
  memcpy (&u, &v, 4);
  ms_test_put_u32 (a, u);
}

void
ms_test_put_string (GByteArray *a, const char *s)
{
  gsize n = strlen (s);
  gsize v = n;

  /* .NET 7-bit encoded length prefix. */
  do
    {
      guint8 byte = v & 0x7f;
      v >>= 7;
      if (v)
        byte |= 0x80;
      ms_test_put_u8 (a, byte);
    }
  while (v);
  g_byte_array_append (a, (const guint8 *) s, n);
}

void
ms_test_put_section (GByteArray   *a,
                     const char   *tag,
                     const guint8 *payload,
                     gsize         length)
{
  g_byte_array_append (a, (const guint8 *) tag, 4);
  ms_test_put_u64 (a, length);
  if (length)
    g_byte_array_append (a, payload, length);
}

void
ms_test_put_v2_head (GByteArray *a,
                     gint32      seed,
                     guint32     map_size)
{
  g_autoptr(GByteArray) p = g_byte_array_new ();

  g_byte_array_append (a, (const guint8 *) "ISLA", 4);
  ms_test_put_u32 (a, 2);
  ms_test_put_u32 (p, (guint32) seed);
  ms_test_put_u32 (p, map_size);
  for (guint i = 0; i < 4; i++)
    ms_test_put_f32 (p, 0.0f);
  ms_test_put_string (p, "t");
  ms_test_put_string (p, "");
  ms_test_put_section (a, "PRMS", p->data, p->len);
}

GBytes *
ms_test_v2_heights (guint32 map_size,
                    float (*height) (guint x, guint y),
                    guint8 biome)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();

  ms_test_put_v2_head (a, 1, map_size);
  for (guint x = 0; x < map_size; x++)
    for (guint y = 0; y < map_size; y++)
      ms_test_put_f32 (p, height (x, y));
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint i = 0; i < map_size * map_size; i++)
    ms_test_put_u8 (p, biome);
  ms_test_put_section (a, "BIOM", p->data, p->len);
  return g_byte_array_free_to_bytes (g_steal_pointer (&a));
}

GBytes *
ms_test_v2_grids (guint32        map_size,
                  const float   *heights,
                  const guint8  *biomes,
                  const guint16 *water_ids)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  gsize n = (gsize) map_size * map_size;

  ms_test_put_v2_head (a, 1, map_size);
  for (gsize i = 0; i < n; i++)
    ms_test_put_f32 (p, heights[i]);
  ms_test_put_section (a, "HGTS", p->data, p->len);
  ms_test_put_section (a, "BIOM", biomes, n);
  if (water_ids != NULL)
    {
      g_byte_array_set_size (p, 0);
      for (gsize i = 0; i < n; i++)
        ms_test_put_u16 (p, water_ids[i]);
      ms_test_put_section (a, "WBID", p->data, p->len);
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&a));
}

static guint64
get_u64 (const guint8 *p)
{
  guint64 v = 0;
  for (int i = 7; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

GArray *
ms_test_walk_sections (const guint8 *data,
                       gsize         length)
{
  GArray *sections = g_array_new (FALSE, TRUE, sizeof (MsTestSection));
  gsize pos = 8;

  while (pos + 12 <= length)
    {
      MsTestSection s;
      memcpy (s.tag, data + pos, 4);
      s.tag[4] = 0;
      s.offset = pos;
      s.length = get_u64 (data + pos + 4);
      g_array_append_val (sections, s);
      pos += 12 + s.length;
    }
  return sections;
}

const MsTestSection *
ms_test_find (GArray     *sections,
              const char *tag)
{
  for (guint i = 0; i < sections->len; i++)
    if (strcmp (g_array_index (sections, MsTestSection, i).tag, tag) == 0)
      return &g_array_index (sections, MsTestSection, i);
  g_assert_not_reached ();
  return NULL;
}

/* Copied out, not cast: the fields need not be aligned. */
guint32
ms_test_read_u32 (const guint8 *p)
{
  guint32 u;

  memcpy (&u, p, sizeof u);
  return GUINT32_FROM_LE (u);
}

gint32
ms_test_read_i32 (const guint8 *p)
{
  return (gint32) ms_test_read_u32 (p);
}

float
ms_test_read_f32 (const guint8 *p)
{
  union { guint32 u; float f; } v = { ms_test_read_u32 (p) };
  return v.f;
}

gsize
ms_test_rss_anon (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "RssAnon:");
  g_assert_nonnull (line);
  return (gsize) g_ascii_strtoull (line + strlen ("RssAnon:"), NULL, 10) * 1024;
}

#if defined(__SANITIZE_ADDRESS__)
#define MS_TEST_HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MS_TEST_HAVE_ASAN 1
#endif
#endif

#ifdef MS_TEST_HAVE_ASAN
/* From <sanitizer/allocator_interface.h>, which GCC does not install. */
int    __sanitizer_install_malloc_and_free_hooks (void (*malloc_hook) (const volatile void *, size_t),
                                                  void (*free_hook) (const volatile void *));
size_t __sanitizer_get_allocated_size            (const volatile void *p);

/* Signed: blocks allocated before begin may be freed while watching. */
static gint64 heap_live;
static gint64 heap_peak;
static gint   heap_watching;

static void
heap_watch_malloc (const volatile void *p,
                   size_t               size)
{
  gint64 live, peak;

  if (!g_atomic_int_get (&heap_watching))
    return;
  live = __atomic_add_fetch (&heap_live, (gint64) size, __ATOMIC_SEQ_CST);
  peak = __atomic_load_n (&heap_peak, __ATOMIC_SEQ_CST);
  while (live > peak &&
         !__atomic_compare_exchange_n (&heap_peak, &peak, live, FALSE,
                                       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
    ;
}

static void
heap_watch_free (const volatile void *p)
{
  if (!g_atomic_int_get (&heap_watching))
    return;
  __atomic_sub_fetch (&heap_live, (gint64) __sanitizer_get_allocated_size (p),
                      __ATOMIC_SEQ_CST);
}
#endif

gboolean
ms_test_heap_watch_available (void)
{
#ifdef MS_TEST_HAVE_ASAN
  return TRUE;
#else
  return FALSE;
#endif
}

void
ms_test_heap_watch_begin (void)
{
#ifdef MS_TEST_HAVE_ASAN
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      g_assert_true (__sanitizer_install_malloc_and_free_hooks (heap_watch_malloc,
                                                                heap_watch_free));
      g_once_init_leave (&installed, 1);
    }
  __atomic_store_n (&heap_live, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n (&heap_peak, 0, __ATOMIC_SEQ_CST);
  g_atomic_int_set (&heap_watching, 1);
#else
  g_assert_not_reached ();
#endif
}

gsize
ms_test_heap_watch_end (void)
{
#ifdef MS_TEST_HAVE_ASAN
  g_atomic_int_set (&heap_watching, 0);
  return (gsize) MAX (__atomic_load_n (&heap_peak, __ATOMIC_SEQ_CST), 0);
#else
  g_assert_not_reached ();
  return 0;
#endif
}

void
ms_test_run_clear (MsTestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
ms_test_run_cli (MsTestRun *run, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("MAPSMITH_CLI"));
  va_start (args, run);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

JsonObject *
ms_test_parse_json (const char *text,
                    JsonParser *parser)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static gboolean
on_watchdog (gpointer user_data)
{
  g_error ("Timed out waiting for %s", (const char *) user_data);
  return G_SOURCE_REMOVE;
}

guint
ms_test_add_watchdog (guint       seconds,
                      const char *what)
{
  return g_timeout_add_seconds (seconds, on_watchdog, (gpointer) what);
}

void
ms_test_run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

void
ms_test_iterate_until_within (guint          seconds,
                              MsTestDoneFunc done,
                              gpointer       data,
                              const char    *what)
{
  guint watchdog = ms_test_add_watchdog (seconds, what);

  while (!done (data))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_source_remove (watchdog);
}

void
ms_test_iterate_until (MsTestDoneFunc done,
                       gpointer       data,
                       const char    *what)
{
  ms_test_iterate_until_within (60, done, data, what);
}

void
ms_test_settle (MsTestDoneFunc done,
                gpointer       data,
                guint          ms,
                const char    *what)
{
  ms_test_iterate_until (done, data, what);
  ms_test_run_for (ms);
  ms_test_iterate_until (done, data, what);
}

void
ms_test_iterate_until_stable (MsTestDoneFunc done,
                              gpointer       data,
                              guint          hold_ms,
                              const char    *what)
{
  guint watchdog = ms_test_add_watchdog (60, what);
  gint64 settle_until = 0;

  for (;;)
    {
      g_main_context_iteration (NULL, FALSE);
      if (!done (data))
        {
          settle_until = 0;
          g_usleep (1000);
          continue;
        }
      if (settle_until == 0)
        settle_until = g_get_monotonic_time () + (gint64) hold_ms * 1000;
      if (g_get_monotonic_time () > settle_until)
        break;
      g_usleep (1000);
    }
  g_source_remove (watchdog);
}

void
ms_test_xdotool (const char *first,
                 ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;
  int status;

  g_ptr_array_add (argv, g_strdup ("xdotool"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_autofree char *line = g_strjoinv (" ", (char **) argv->pdata);

      g_error ("failed: %s", line);
    }
}

char *
ms_test_x_window_id (const char *title)
{
  g_autofree char *pattern = g_strdup_printf ("^%s$", title);
  const char *argv[] = { "xdotool", "search", "--name", pattern, NULL };
  g_autofree char *out = NULL;
  char *id;

  /* An argument vector, not a command line: a title needs no quoting. */
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, NULL, NULL, NULL));
  id = g_strstrip (g_strdup (out));
  if (strchr (id, '\n') != NULL)
    *strchr (id, '\n') = '\0';
  g_assert_cmpstr (id, !=, "");
  return id;
}

void
ms_test_screenshot (const char *file_name,
                    guint       settle_ms)
{
  const char *dir = g_getenv ("MS_TEST_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autofree char *command = NULL;

  if (dir == NULL)
    return;
  ms_test_run_for (settle_ms);
  path = g_build_filename (dir, file_name, NULL);
  command = g_strdup_printf ("import -window root %s", path);
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

guint
ms_test_count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

void
ms_test_assert_file_text (const char *path,
                          const char *expected)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, expected, strlen (expected));
}

void
ms_test_cannot (const char *format,
                ...)
{
  g_autofree char *why = NULL;
  va_list args;

  va_start (args, format);
  why = g_strdup_vprintf (format, args);
  va_end (args);
  if (g_getenv ("CI") != NULL)
    g_test_fail_printf ("CI must allow this test: %s", why);
  else
    g_test_skip (why);
}
