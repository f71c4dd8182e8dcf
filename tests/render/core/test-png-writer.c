/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The strip-parallel PNG encoder, read back by libpng (a decoder that is
 * not ours): every pixel of grey and RGB images of awkward sizes — one
 * row, one column, widths that are not a multiple of anything, heights
 * over many strips and batches — comes back as written, from each
 * deflater the build has (ISA-L and zlib).
 */
#include "config.h"

#include <png.h>
#include <string.h>
#include <zlib.h>

#include "ms-png-writer.h"
#include "ms-png-writer-private.h"
#include "ms-test-util.h"

typedef struct
{
  guint width;
  guint channels;
} Pattern;

/* Pixel bytes that depend on (x, y, channel) only, with runs and noise so
 * the Sub filter and deflate both have work. */
static guint8
value_at (guint x, guint y, guint c)
{
  guint32 h = (x * 0x9e3779b1u) ^ (y * 0x85ebca77u) ^ (c * 0xc2b2ae3du);

  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return (x / 7 + y / 5) % 3 == 0 ? (guint8) (x + 3 * y + c) : (guint8) h;
}

/* Rows below this are slow to fill, so the first strip finishes last and
 * the strips after it wait their turn to be written. */
static guint slow_rows;

static void
fill_row (guint     y,
          guint8   *row,
          gpointer  user_data)
{
  Pattern *p = user_data;

  if (y < slow_rows)
    g_usleep (1000);

  for (guint x = 0; x < p->width; x++)
    for (guint c = 0; c < p->channels; c++)
      row[x * p->channels + c] = value_at (x, y, c);
}

static guint32
get_be32 (const guint8 *p)
{
  return (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
}

/* libpng stops inflating once it has every row, so it never looks at the
 * zlib stream's Adler-32: inflate the IDAT chunks with zlib, which does. */
static void
check_zlib_stream (const char *path,
                   gsize       raw_size)
{
  g_autofree char *contents = NULL;
  g_autoptr(GByteArray) stream = g_byte_array_new ();
  g_autofree guint8 *raw = g_malloc (raw_size + 1);
  uLongf raw_length = raw_size + 1;
  gsize length = 0;
  const guint8 *p;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  for (p = (const guint8 *) contents + 8; p + 12 <= (const guint8 *) contents + length;)
    {
      guint32 chunk = get_be32 (p);

      if (memcmp (p + 4, "IDAT", 4) == 0)
        g_byte_array_append (stream, p + 8, chunk);
      p += 12 + (gsize) chunk;
    }
  g_assert_cmpint (uncompress (raw, &raw_length, stream->data, stream->len), ==, Z_OK);
  g_assert_cmpuint (raw_length, ==, raw_size);
}

static void
check_size (guint       width,
            guint       height,
            MsPngColour colour)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "image.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *pixels = NULL;
  Pattern pattern = { width, colour == MS_PNG_RGB ? 3 : 1 };
  png_image image;

  g_assert_true (ms_png_save_rows (path, width, height, colour, fill_row, &pattern, NULL, &error));
  g_assert_no_error (error);
  /* A filter byte and the row's samples, each row. */
  check_zlib_stream (path, ((gsize) width * pattern.channels + 1) * height);

  memset (&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  g_assert_true (png_image_begin_read_from_file (&image, path));
  g_assert_cmpuint (image.width, ==, width);
  g_assert_cmpuint (image.height, ==, height);
  image.format = colour == MS_PNG_RGB ? PNG_FORMAT_RGB : PNG_FORMAT_GRAY;
  pixels = g_malloc (PNG_IMAGE_SIZE (image));
  if (!png_image_finish_read (&image, NULL, pixels, 0, NULL))
    g_error ("libpng could not read %u×%u: %s", width, height, image.message);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      for (guint c = 0; c < pattern.channels; c++)
        {
          guint8 got = pixels[((gsize) y * width + x) * pattern.channels + c];
          if (got != value_at (x, y, c))
            g_error ("%u×%u: pixel (%u, %u) channel %u is %u, not %u", width, height, x, y, c,
                     got, value_at (x, y, c));
        }
  png_image_free (&image);
  ms_test_remove_tree (dir);
}

static void
check_sizes (void)
{
  const guint sizes[][2] = {
    { 1, 1 }, { 1, 900 }, { 900, 1 }, { 3, 5 }, { 257, 301 },
    /* 2049 RGB rows are 6148 bytes: a strip holds 42, so 2000 rows make
     * 48 strips over several batches, the last one short. */
    { 2049, 2000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      check_size (sizes[i][0], sizes[i][1], MS_PNG_RGB);
      check_size (sizes[i][0], sizes[i][1], MS_PNG_GREY);
    }
}

static void
test_sizes_zlib (void)
{
  ms_png_writer_use_zlib (TRUE);
  check_sizes ();
  ms_png_writer_use_zlib (FALSE);
}

/* CI's build has ISA-L (tools/install-deps); a build without it says so
 * here rather than passing on zlib twice. */
static void
test_sizes_isal (void)
{
  if (!ms_png_writer_has_isal ())
    {
      ms_test_cannot ("built without ISA-L (libisal-dev)");
      return;
    }
  check_sizes ();
}

/* Strips done before their turn are kept and written in order by the
 * thread that writes the strip before them. */
static void
test_strips_out_of_order (void)
{
  slow_rows = 60;
  check_size (2049, 2000, MS_PNG_RGB);
  check_size (1000, 3000, MS_PNG_GREY);
  slow_rows = 0;
}

typedef struct
{
  Pattern pattern;
  gint   *fills;  /* by row */
} Counted;

static void
fill_counted_row (guint     y,
                  guint8   *row,
                  gpointer  user_data)
{
  Counted *c = user_data;

  g_atomic_int_inc (&c->fills[y]);
  fill_row (y, row, &c->pattern);
}

/* A renderer's rows are dear (colouring is most of a render): each row is
 * asked for once, and again only as the row above a strip (its filter
 * needs it), never for choosing the strip's filter. */
static void
test_rows_filled_once (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "image.png", NULL);
  g_autoptr(GError) error = NULL;
  guint width = 2049, height = 2000;
  g_autofree gint *fills = g_new0 (gint, height);
  Counted counted = { { width, 3 }, fills };
  guint twice = 0;

  g_assert_true (ms_png_save_rows (path, width, height, MS_PNG_RGB, fill_counted_row, &counted, NULL, &error));
  g_assert_no_error (error);
  for (guint y = 0; y < height; y++)
    {
      g_assert_cmpint (fills[y], >=, 1);
      g_assert_cmpint (fills[y], <=, 2);
      twice += fills[y] == 2;
    }
  /* A strip is 256 KiB of rows or so: 6148-byte rows make strips of
   * dozens of rows, so only a few rows are asked for twice. */
  g_assert_cmpuint (twice, <=, height / 16);
  g_assert_cmpint (fills[height - 1], ==, 1);
  ms_test_remove_tree (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/png-writer/sizes-zlib", test_sizes_zlib);
  g_test_add_func ("/png-writer/sizes-isal", test_sizes_isal);
  g_test_add_func ("/png-writer/rows-filled-once", test_rows_filled_once);
  g_test_add_func ("/png-writer/strips-out-of-order", test_strips_out_of_order);
  return g_test_run ();
}
