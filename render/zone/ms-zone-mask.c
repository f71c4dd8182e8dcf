/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libpng directly, not cairo: export wants 8-bit grey (a mask, a quarter of
 * the RGB size; ms_png_save_rows () writes it), and import must see the file's own samples — cairo would
 * premultiply and convert 16-bit channels, turning faint non-zero pixels
 * into zero ones.
 */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <glib/gstdio.h>

#include "ms-png-writer.h"
#include "ms-zone-mask.h"

G_DEFINE_QUARK (ms-zone-mask-error-quark, ms_zone_mask_error)

typedef struct
{
  char         *message;  /* of libpng, when it fails */
} PngState;

static void
on_png_error (png_structp     png,
              png_const_charp message)
{
  PngState *state = png_get_error_ptr (png);

  if (state->message == NULL)
    state->message = g_strdup (message);
  png_longjmp (png, 1);
}

static void
on_png_warning (png_structp     png,
                png_const_charp message)
{
  g_debug ("libpng: %s", message);
}

/* ------------------------------------------------------------- export -- */

typedef struct
{
  MsZone   *zone;
  gboolean  plant_allowed;
  guint16   mask;
} ExportJob;

static void
fill_mask_row (guint     y,
               guint8   *row,
               gpointer  user_data)
{
  ExportJob *job = user_data;
  guint width = ms_zone_get_width (job->zone);

  for (guint x = 0; x < width; x++)
    {
      gboolean set = job->plant_allowed ? ms_zone_is_plant_allowed (job->zone, x, y)
                                        : (ms_zone_get_control (job->zone, x, y) & job->mask) != 0;
      row[x] = set ? 255 : 0;
    }
}

static gboolean
export_mask (ExportJob     *job,
             const char    *path,
             GCancellable  *cancellable,
             GError       **error)
{
  if (!ms_zone_has_layer (job->zone, MS_ZONE_LAYER_CONTROL))
    {
      g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_NO_LAYER,
                   "Zone %u has no control layer (%s) to make a mask of",
                   ms_zone_get_id (job->zone),
                   ms_zone_get_layer_path (job->zone, MS_ZONE_LAYER_CONTROL));
      return FALSE;
    }
  return ms_png_save_rows (path, ms_zone_get_width (job->zone), ms_zone_get_height (job->zone),
                           MS_PNG_GREY, fill_mask_row, job, cancellable, error);
}

gboolean
ms_zone_mask_export_flag (MsZone        *zone,
                          guint16        mask,
                          const char    *path,
                          GCancellable  *cancellable,
                          GError       **error)
{
  ExportJob job = { zone, FALSE, mask };

  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  return export_mask (&job, path, cancellable, error);
}

gboolean
ms_zone_mask_export_plant_allowed (MsZone        *zone,
                                   const char    *path,
                                   GCancellable  *cancellable,
                                   GError       **error)
{
  ExportJob job = { zone, TRUE, 0 };

  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  return export_mask (&job, path, cancellable, error);
}

/* ------------------------------------------------------------- import -- */

/* Is pixel x of a row of @channels samples of @depth bits set?  The last
 * channel is alpha when @alpha. */
static gboolean
pixel_set (const guint8 *row,
           guint         x,
           guint         channels,
           guint         depth,
           gboolean      alpha)
{
  guint colour = alpha ? channels - 1 : channels;
  guint bytes = depth / 8;
  const guint8 *p = row + (gsize) x * channels * bytes;
  gboolean any = FALSE;

  for (guint c = 0; c < colour; c++)
    for (guint b = 0; b < bytes; b++)
      any |= p[c * bytes + b] != 0;
  if (any && alpha)
    {
      any = FALSE;
      for (guint b = 0; b < bytes; b++)
        any |= p[colour * bytes + b] != 0;
    }
  return any;
}

/* The decoded image: rows of channels samples of depth bits, alpha last
 * when alpha.  Kept apart from the caller so that nothing but this frame's
 * volatile locals lives across the setjmp. */
typedef struct
{
  png_uint_32   width;
  png_uint_32   height;
  guint         channels;
  guint         depth;
  gboolean      alpha;
  guint8      **rows;
} Decoded;

static void
decoded_free (Decoded *d)
{
  if (d->rows != NULL)
    for (png_uint_32 y = 0; y < d->height; y++)
      g_free (d->rows[y]);
  g_free (d->rows);
  g_free (d);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Decoded, decoded_free)

/* NULL with *message on failure; stops after the header when the size is
 * not the wanted one, so a wrong image costs nothing to reject. */
static Decoded *
decode (FILE   *fp,
        guint   want_width,
        guint   want_height,
        char  **message,
        long   *offset)
{
  PngState state = { NULL };
  Decoded *volatile d = g_new0 (Decoded, 1);
  png_structp png;
  png_infop info;
  int color_type;

  png = png_create_read_struct (PNG_LIBPNG_VER_STRING, &state, on_png_error, on_png_warning);
  info = png ? png_create_info_struct (png) : NULL;
  if (info == NULL)
    {
      png_destroy_read_struct (&png, NULL, NULL);
      decoded_free (d);
      *message = g_strdup ("could not start a PNG decoder");
      return NULL;
    }
  if (setjmp (png_jmpbuf (png)))
    {
      png_destroy_read_struct (&png, &info, NULL);
      decoded_free (d);
      *message = state.message;
      *offset = ftell (fp);
      return NULL;
    }

  png_init_io (png, fp);
  png_read_info (png, info);
  d->width = png_get_image_width (png, info);
  d->height = png_get_image_height (png, info);
  if (d->width != want_width || d->height != want_height)
    {
      png_destroy_read_struct (&png, &info, NULL);
      return d;
    }

  /* Palette to RGB, tRNS to an alpha channel, grey below 8 bits to 8;
   * 16-bit samples stay 16-bit so no faint value rounds to zero. */
  png_set_expand (png);
  png_set_interlace_handling (png);
  png_read_update_info (png, info);
  color_type = png_get_color_type (png, info);
  d->channels = png_get_channels (png, info);
  d->depth = png_get_bit_depth (png, info);
  d->alpha = (color_type & PNG_COLOR_MASK_ALPHA) != 0;
  g_assert (d->depth == 8 || d->depth == 16);

  d->rows = g_new0 (guint8 *, d->height);
  for (png_uint_32 y = 0; y < d->height; y++)
    d->rows[y] = g_malloc (png_get_rowbytes (png, info));
  png_read_image (png, d->rows);
  png_read_end (png, NULL);
  png_destroy_read_struct (&png, &info, NULL);
  return d;
}

MsZoneRegion *
ms_zone_mask_import (const char  *path,
                     guint        zone_width,
                     guint        zone_height,
                     GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *message = NULL;
  g_autoptr(GArray) spans = NULL;
  g_autoptr(Decoded) d = NULL;
  long offset = 0;
  FILE *fp;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display = g_filename_display_name (path);
  fp = g_fopen (path, "rb");
  if (fp == NULL)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not open the mask “%s”: %s", display, g_strerror (saved_errno));
      return NULL;
    }
  d = decode (fp, zone_width, zone_height, &message, &offset);
  fclose (fp);
  if (d == NULL)
    {
      g_set_error (error, MS_ZONE_MASK_ERROR, MS_ZONE_MASK_ERROR_INVALID,
                   "The mask “%s” is not a readable PNG: %s (near offset %ld)", display,
                   message, offset);
      return NULL;
    }
  if (d->width != zone_width || d->height != zone_height)
    {
      g_set_error (error, MS_ZONE_MASK_ERROR, MS_ZONE_MASK_ERROR_SIZE_MISMATCH,
                   "The mask “%s” is %u×%u pixels, but the zone is %u×%u tiles", display,
                   (guint) d->width, (guint) d->height, zone_width, zone_height);
      return NULL;
    }

  spans = g_array_new (FALSE, FALSE, sizeof (MsZoneSpan));
  for (guint y = 0; y < d->height; y++)
    for (guint x = 0; x < d->width; )
      {
        MsZoneSpan span = { y, x, x };

        if (!pixel_set (d->rows[y], x, d->channels, d->depth, d->alpha))
          {
            x++;
            continue;
          }
        while (x < d->width && pixel_set (d->rows[y], x, d->channels, d->depth, d->alpha))
          x++;
        span.x1 = x;
        g_array_append_val (spans, span);
      }

  return ms_zone_region_new_from_spans (zone_width, zone_height,
                                        (const MsZoneSpan *) (const void *) spans->data, spans->len);
}
