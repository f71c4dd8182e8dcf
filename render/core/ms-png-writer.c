/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PNG export, encoded on every core.  cairo_surface_write_to_png() offers
 * no compression setting (zlib 6, all five adaptive filters, an alpha
 * channel that is always opaque), and libpng deflates in one thread, which
 * made encoding the single-threaded tail of a render.  So the image is cut
 * into strips of rows, each filtered (Sub or Up, chosen per strip) and
 * deflated on the worker pool as a raw deflate stream that ends on a
 * byte-aligned block boundary without the final bit (zlib's Z_SYNC_FLUSH,
 * ISA-L's FULL_FLUSH), so the strips, concatenated in order behind one
 * zlib header and followed by the Adler-32 of the whole (combined from the
 * strips' with adler32_combine), are one valid zlib stream: pigz's method.
 * Each strip is its own IDAT chunk; CRCs and checksums come from zlib.
 * The worker that deflated a strip writes it as soon as the strips before
 * it are written, so writing overlaps deflating and memory stays a few
 * strips per core.  The bytes go through the atomic, verified save path.
 *
 * The deflater: Intel's ISA-L (igzip level 1) where the build found it —
 * it deflates terrain about four times as fast as zlib's fastest mode
 * (Z_RLE, level 1), which was a quarter of a render's time — else zlib.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <string.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef HAVE_ISAL
#include <isa-l/igzip_lib.h>
#if defined (__x86_64__) && defined (__GNUC__)
#include <immintrin.h>
#endif
#endif

#include "ms-parallel.h"
#include "ms-png-writer.h"
#include "ms-png-writer-private.h"
#include "ms-save.h"
#include "ms-simd.h"

#define PNG_ZLIB_LEVEL 1
#define STRIP_BYTES    (256 * 1024)  /* of filtered rows, about */

typedef struct
{
  guint         width;
  guint         height;
  MsPngColour   colour;
  MsPngRowFunc  fill_row;
  gpointer      user_data;
} PngJob;

typedef struct
{
  guint8  *data;     /* raw deflate of the strip's filtered rows */
  gsize    capacity; /* of data */
  gsize    length;
  guint32  adler;    /* of the filtered rows */
  gsize    raw_length;
  gboolean failed;
} Strip;

typedef struct
{
  PngJob       *job;
  MsSaveStream *stream;
  guint         channels;
  guint         rows_per_strip;
  guint         n_strips;
  GMutex        lock;
  /* Under the lock: the strip whose turn it is to be written, the strips
   * after it already done (by index), the Adler-32 of the strips before
   * it, and the first failure. */
  guint         next;
  Strip       **pending;
  uLong         adler;
  GError       *error;
  /* Under the lock: buffers of written early strips, for the next ones
   * (a fresh one each time was a page fault every 4 KiB). */
  GPtrArray    *spare;
} Encoder;

enum { FILTER_SUB = 1, FILTER_UP = 2 };

static gboolean use_zlib;

void
ms_png_writer_use_zlib (gboolean zlib_only)
{
  use_zlib = zlib_only;
}

gboolean
ms_png_writer_has_isal (void)
{
#ifdef HAVE_ISAL
  return TRUE;
#else
  return FALSE;
#endif
}

/* Z_RLE: runs of equal bytes only (distance 1), which is what filtered
 * terrain gives; faster than level 1's hash chains for a slightly larger
 * file. */
static gboolean
deflate_zlib (Strip        *strip,
              const guint8 *raw,
              gboolean      last)
{
  z_stream z = { 0, };
  int status;

  if (deflateInit2 (&z, PNG_ZLIB_LEVEL, Z_DEFLATED, -15, 8, Z_RLE) != Z_OK)
    return FALSE;
  z.next_in = (Bytef *) raw;
  z.avail_in = (uInt) strip->raw_length;
  z.next_out = strip->data;
  z.avail_out = (uInt) strip->capacity;
  status = deflate (&z, last ? Z_FINISH : Z_SYNC_FLUSH);
  strip->length = strip->capacity - z.avail_out;
  deflateEnd (&z);
  return last ? status == Z_STREAM_END : (status == Z_OK && z.avail_in == 0);
}

#ifdef HAVE_ISAL
#if defined (__x86_64__) && defined (__GNUC__)
/* VZEROUPPER, where the processor has AVX (elsewhere it would fault). */
__attribute__ ((target ("avx")))
static void
zero_upper_halves (void)
{
  _mm256_zeroupper ();
}
#endif

/* ISA-L's AVX-512 deflate returns with the upper halves of the vector
 * registers in use, and the SSE code this thread runs next (the next
 * strip's colouring) then took twice its time: clear them. */
static void
clean_vector_state (void)
{
#if defined (__x86_64__) && defined (__GNUC__)
  if (ms_simd_has_avx ())
    zero_upper_halves ();
#endif
}

static gboolean
deflate_isal (Strip        *strip,
              const guint8 *raw,
              gboolean      last,
              guint8       *level_buf)
{
  /* Zeroed first: isal_deflate_stateless_init () leaves some of the
   * internal state as it finds it, and stack garbage there made the same
   * rows deflate to different (valid) bytes from run to run. */
  struct isal_zstream z = { 0, };
  int status;

  isal_deflate_stateless_init (&z);
  z.level = 1;
  z.level_buf = level_buf;
  z.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
  z.gzip_flag = IGZIP_DEFLATE;
  z.end_of_stream = last;
  z.flush = last ? NO_FLUSH : FULL_FLUSH;
  z.next_in = (guint8 *) raw;
  z.avail_in = (guint32) strip->raw_length;
  z.next_out = strip->data;
  z.avail_out = (guint32) strip->capacity;
  status = isal_deflate_stateless (&z);
  clean_vector_state ();
  if (status != COMP_OK || z.avail_in != 0)
    return FALSE;
  strip->length = strip->capacity - z.avail_out;
  return TRUE;
}
#endif

/* The sum of the residuals' magnitudes as signed bytes, |(gint8) (a[i] -
 * b[i])|: libpng's measure of a filter. */
static guint64
residual_sum (const guint8 *a,
              const guint8 *b,
              gsize         n)
{
  guint64 sum = 0;
  gsize i = 0;

#ifdef __SSE2__
  {
    const __m128i zero = _mm_setzero_si128 ();
    __m128i acc = zero;
    guint64 lanes[2];

    for (; i + 16 <= n; i += 16)
      {
        __m128i d = _mm_sub_epi8 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (a + i)),
                                  _mm_loadu_si128 ((const __m128i *) (gconstpointer) (b + i)));

        /* A signed byte's magnitude, read unsigned, is the smaller of d
         * and -d (128 for -128, as ABS gives). */
        acc = _mm_add_epi64 (acc, _mm_sad_epu8 (_mm_min_epu8 (d, _mm_sub_epi8 (zero, d)), zero));
      }
    _mm_storeu_si128 ((__m128i *) (gpointer) lanes, acc);
    sum = lanes[0] + lanes[1];
  }
#endif
  for (; i < n; i++)
    sum += (guint) ABS ((gint8) (a[i] - b[i]));
  return sum;
}

/* @out[i] = @a[i] - @b[i], modulo 256: the filters' residuals. */
static void
subtract_bytes (guint8       *restrict out,
                const guint8 *restrict a,
                const guint8 *restrict b,
                gsize                  n)
{
  gsize i = 0;

#ifdef __SSE2__
  for (; i + 16 <= n; i += 16)
    _mm_storeu_si128 ((__m128i *) (gpointer) (out + i),
                      _mm_sub_epi8 (_mm_loadu_si128 ((const __m128i *) (gconstpointer) (a + i)),
                                    _mm_loadu_si128 ((const __m128i *) (gconstpointer) (b + i))));
#endif
  for (; i < n; i++)
    out[i] = (guint8) (a[i] - b[i]);
}

/* Sub or Up for the strip's rows, whichever leaves the smaller residuals
 * (libpng's heuristic) on a few sample rows of the strip.  @rows holds the
 * row above the strip (zeros above the first) and then the strip's own,
 * @row_bytes apart. */
static guint8
choose_filter (guint          y0,
               guint          y1,
               const guint8  *rows,
               gsize          row_bytes,
               guint          bpp)
{
  guint64 sub = 0, up = 0;

  for (guint y = MAX (y0, 1u); y < y1; y += MAX (1u, (y1 - y0) / 4))
    {
      const guint8 *row = rows + (gsize) (y - y0 + 1) * row_bytes, *above = row - row_bytes;

      up += residual_sum (row, above, row_bytes);
      if (row_bytes > bpp)
        sub += residual_sum (row + bpp, row, row_bytes - bpp);
    }
  return up < sub ? FILTER_UP : FILTER_SUB;
}

static void
encode_strip (Encoder *b,
              guint    s,
              Strip   *strip)
{
  static MsScratchSlot strip_slot;
  PngJob *job = b->job;
  guint y0 = s * b->rows_per_strip, y1 = MIN (y0 + b->rows_per_strip, job->height);
  gsize row_bytes = (gsize) job->width * b->channels;
  gsize raw_size = (row_bytes + 1) * b->rows_per_strip;
  /* Stored blocks at worst (five bytes of header per 16 KiB or more, and a
   * flush's empty block), with room to spare for either deflater. */
  gsize out_size = raw_size + raw_size / 8 + 1024;
  gsize level_size = 0;
  guint8 *scratch, *rows, *raw, *level_buf;
  gboolean last = y1 == job->height;
  guint bpp = b->channels;
  guint8 filter;

#ifdef HAVE_ISAL
  level_size = ISAL_DEF_LVL1_DEFAULT;
#endif
  /* The thread's own buffers, kept from strip to strip. */
  scratch = ms_parallel_scratch (&strip_slot,
                                 row_bytes * (b->rows_per_strip + 1) + raw_size + out_size + level_size);
  /* Each row is filled once (a renderer's row is dear: colouring it is
   * most of its cost), then the filter chosen and applied from the copies;
   * the row above the strip is filled again by this strip's thread. */
  rows = scratch;
  raw = rows + row_bytes * (b->rows_per_strip + 1);
  strip->data = raw + raw_size;
  strip->capacity = out_size;
  level_buf = strip->data + out_size;

  if (y0 > 0)
    job->fill_row (y0 - 1, rows, job->user_data);
  else
    memset (rows, 0, row_bytes);
  for (guint y = y0; y < y1; y++)
    job->fill_row (y, rows + (gsize) (y - y0 + 1) * row_bytes, job->user_data);
  filter = choose_filter (y0, y1, rows, row_bytes, bpp);

  for (guint y = y0; y < y1; y++)
    {
      const guint8 *row = rows + (gsize) (y - y0 + 1) * row_bytes, *above = row - row_bytes;
      guint8 *out = raw + (gsize) (y - y0) * (row_bytes + 1);

      out[0] = filter;
      if (filter == FILTER_UP)
        {
          subtract_bytes (out + 1, row, above, row_bytes);
        }
      else
        {
          memcpy (out + 1, row, MIN (bpp, row_bytes));
          if (row_bytes > bpp)
            subtract_bytes (out + 1 + bpp, row + bpp, row, row_bytes - bpp);
        }
    }
  strip->raw_length = (row_bytes + 1) * (y1 - y0);
#ifdef HAVE_ISAL
  if (!use_zlib)
    {
      /* ISA-L's Adler-32 is three times zlib's speed (1.0 against 3.5 ms
       * for a 2048² RGB image); the same checksum, from the same start. */
      strip->adler = isal_adler32 (1, raw, strip->raw_length);
      strip->failed = !deflate_isal (strip, raw, last, level_buf);
      return;
    }
#else
  (void) level_buf;
#endif
  strip->adler = (guint32) adler32 (adler32 (0, NULL, 0), raw, (uInt) strip->raw_length);
  strip->failed = !deflate_zlib (strip, raw, last);
}

static void
put_be32 (guint8  *p,
          guint32  v)
{
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

/* One chunk: length, type, data, CRC-32 of type and data. */
static gboolean
write_chunk (MsSaveStream  *stream,
             const char    *type,
             const guint8  *prefix,
             gsize          prefix_length,
             const guint8  *data,
             gsize          length,
             GError       **error)
{
  guint8 head[8], tail[4];
  uLong crc = crc32 (0, NULL, 0);

  put_be32 (head, (guint32) (prefix_length + length));
  memcpy (head + 4, type, 4);
  crc = crc32 (crc, (const Bytef *) type, 4);
  if (prefix_length > 0)
    crc = crc32 (crc, prefix, (uInt) prefix_length);
  if (length > 0)
    crc = crc32 (crc, data, (uInt) length);
  put_be32 (tail, (guint32) crc);
  return ms_save_stream_write (stream, head, 8, error) &&
         (prefix_length == 0 || ms_save_stream_write (stream, prefix, prefix_length, error)) &&
         (length == 0 || ms_save_stream_write (stream, data, length, error)) &&
         ms_save_stream_write (stream, tail, 4, error);
}

/* Writes @strip, strip @index, the one whose turn it is; under the lock. */
static void
write_strip (Encoder     *e,
             guint        index,
             const Strip *strip)
{
  /* CMF 0x78 (deflate, 32 KiB window), FLG 0x01 (fastest; check bits). */
  static const guint8 zlib_header[2] = { 0x78, 0x01 };

  g_assert (e->next == index);
  if (e->error == NULL && strip->failed)
    g_set_error (&e->error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 "Could not encode the PNG: deflate failed on rows %u to %u",
                 index * e->rows_per_strip, MIN ((index + 1) * e->rows_per_strip, e->job->height) - 1);
  if (e->error == NULL)
    {
      e->adler = adler32_combine (e->adler, strip->adler, (z_off_t) strip->raw_length);
      write_chunk (e->stream, "IDAT", index == 0 ? zlib_header : NULL, index == 0 ? sizeof zlib_header : 0,
                   strip->data, strip->length, &e->error);
    }
  e->next++;
}

/* Strip @index of the image: deflated, then written in its turn.  A strip
 * done before its turn is kept (a copy: the thread's buffer is its next
 * strip's) for the thread that writes the strip before it, so no worker
 * sits idle waiting for another to finish a strip. */
static void
encode_and_write_strip (guint    index,
                        gpointer user_data)
{
  Encoder *e = user_data;
  Strip strip = { 0, };
  gboolean skip;

  g_mutex_lock (&e->lock);
  skip = e->error != NULL;
  g_mutex_unlock (&e->lock);
  if (!skip)
    encode_strip (e, index, &strip);

  g_mutex_lock (&e->lock);
  if (e->next != index)
    {
      Strip *early = g_new (Strip, 1);

      *early = strip;
      /* Every strip's buffer has the same capacity. */
      early->data = e->spare->len > 0 ? g_ptr_array_steal_index_fast (e->spare, e->spare->len - 1)
                                      : g_malloc (strip.capacity);
      if (strip.length > 0)
        memcpy (early->data, strip.data, strip.length);
      e->pending[index] = early;
      g_mutex_unlock (&e->lock);
      return;
    }
  write_strip (e, index, &strip);
  while (e->next < e->n_strips && e->pending[e->next] != NULL)
    {
      Strip *early = g_steal_pointer (&e->pending[e->next]);

      write_strip (e, e->next, early);
      g_ptr_array_add (e->spare, early->data);
      g_free (early);
    }
  g_mutex_unlock (&e->lock);
}

static gboolean
write_png (MsSaveStream  *stream,
           gpointer       user_data,
           GError       **error)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  PngJob *job = user_data;
  guint channels = job->colour == MS_PNG_RGB ? 3 : 1;
  gsize row_bytes = (gsize) job->width * channels + 1;
  Encoder e = { job, stream, channels, 0, 0, };
  guint8 ihdr[13];
  guint8 trailer[4];

  e.rows_per_strip = (guint) CLAMP (STRIP_BYTES / row_bytes, 1, job->height);
  e.n_strips = (job->height + e.rows_per_strip - 1) / e.rows_per_strip;
  e.adler = adler32 (0, NULL, 0);
  g_mutex_init (&e.lock);
  e.pending = g_new0 (Strip *, e.n_strips);
  e.spare = g_ptr_array_new_with_free_func (g_free);

  put_be32 (ihdr, job->width);
  put_be32 (ihdr + 4, job->height);
  ihdr[8] = 8;                                      /* bits per sample */
  ihdr[9] = job->colour == MS_PNG_RGB ? 2 : 0;      /* truecolour or grey */
  ihdr[10] = ihdr[11] = ihdr[12] = 0;               /* deflate, adaptive filters, no interlace */
  if (ms_save_stream_write (stream, signature, sizeof signature, &e.error))
    write_chunk (stream, "IHDR", NULL, 0, ihdr, sizeof ihdr, &e.error);
  if (e.error == NULL)
    ms_parallel_for (e.n_strips, encode_and_write_strip, &e);
  g_mutex_clear (&e.lock);
  /* Every strip was written, or skipped after a failure. */
  g_assert (e.error != NULL || e.next == e.n_strips);
  for (guint i = 0; i < e.n_strips; i++)
    if (e.pending[i] != NULL)
      {
        g_free (e.pending[i]->data);
        g_free (e.pending[i]);
      }
  g_free (e.pending);
  g_ptr_array_unref (e.spare);
  if (e.error != NULL)
    {
      g_propagate_error (error, e.error);
      return FALSE;
    }

  put_be32 (trailer, (guint32) e.adler);
  return write_chunk (stream, "IDAT", NULL, 0, trailer, sizeof trailer, error) &&
         write_chunk (stream, "IEND", NULL, 0, NULL, 0, error);
}

gboolean
ms_png_add_rows (MsSaveTransaction *transaction,
                 const char        *path,
                 guint              width,
                 guint              height,
                 MsPngColour        colour,
                 MsPngRowFunc       fill_row,
                 gpointer           user_data,
                 GCancellable      *cancellable,
                 GError           **error)
{
  PngJob job = { width, height, colour, fill_row, user_data };

  g_return_val_if_fail (transaction != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (fill_row != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);

  return ms_save_transaction_add (transaction, path, NULL, MS_SAVE_FLAGS_NONE, write_png, &job,
                                  cancellable, error);
}

gboolean
ms_png_save_rows (const char    *path,
                  guint          width,
                  guint          height,
                  MsPngColour    colour,
                  MsPngRowFunc   fill_row,
                  gpointer       user_data,
                  GCancellable  *cancellable,
                  GError       **error)
{
  /* One rename is atomic by itself: no intent record. */
  g_autoptr(MsSaveTransaction) transaction = ms_save_transaction_new (NULL);

  return ms_png_add_rows (transaction, path, width, height, colour, fill_row, user_data,
                          cancellable, error) &&
         ms_save_transaction_commit (transaction, error);
}

void
ms_png_argb_to_rgb (const guint32 *argb,
                    guint          width,
                    guint8        *rgb)
{
  guint i = 0;

#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  /* 0xAARRGGBB byte-swapped and shifted is R, G, B, 0 in memory: one store
   * a pixel, its fourth byte overwritten by the next (not for the last). */
  for (; i + 1 < width; i++)
    {
      guint32 packed = GUINT32_SWAP_LE_BE (argb[i]) >> 8;

      memcpy (rgb + 3 * i, &packed, 4);
    }
#endif
  for (; i < width; i++)
    {
      rgb[3 * i + 0] = (guint8) (argb[i] >> 16);
      rgb[3 * i + 1] = (guint8) (argb[i] >> 8);
      rgb[3 * i + 2] = (guint8) argb[i];
    }
}

/* The surfaces we render are opaque, so premultiplied ARGB is plain RGB. */
static void
surface_row_to_rgb (guint     y,
                    guint8   *out,
                    gpointer  user_data)
{
  cairo_surface_t *surface = user_data;
  const guint8 *data = cairo_image_surface_get_data (surface) +
                       (gsize) y * cairo_image_surface_get_stride (surface);

  ms_png_argb_to_rgb ((const guint32 *) (gconstpointer) data,
                      (guint) cairo_image_surface_get_width (surface), out);
}

gboolean
ms_png_save (cairo_surface_t  *surface,
             const char       *path,
             GCancellable     *cancellable,
             GError          **error)
{
  g_return_val_if_fail (surface != NULL, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 ||
                        cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  cairo_surface_flush (surface);
  return ms_png_save_rows (path, cairo_image_surface_get_width (surface),
                           cairo_image_surface_get_height (surface), MS_PNG_RGB,
                           surface_row_to_rgb, surface, cancellable, error);
}
