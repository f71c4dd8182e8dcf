/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ms-wire.h"

/* .NET's BinaryWriter.Write(string) prefixes the UTF-8 bytes with their count
 * as a "7-bit encoded int": seven bits per byte, low group first, the high bit
 * set on every byte but the last.  A 32-bit count takes at most five bytes and
 * the fifth may only carry the top four bits. */
MsWireStringResult
ms_wire_read_dotnet_string (MsWireReader  *r,
                            char         **out,
                            gboolean      *was_valid_utf8)
{
  gsize start = r->pos;
  guint64 length = 0;
  guint shift = 0;
  guint8 byte;
  const char *bytes;

  *out = NULL;
  if (was_valid_utf8)
    *was_valid_utf8 = TRUE;

  do
    {
      if (shift == 35)
        {
          r->pos = start;
          return MS_WIRE_STRING_BAD_PREFIX;
        }
      if (!ms_wire_read_u8 (r, &byte))
        {
          r->pos = start;
          return MS_WIRE_STRING_TRUNCATED;
        }
      length |= (guint64) (byte & 0x7f) << shift;
      shift += 7;
    }
  while (byte & 0x80);

  if (length > G_MAXINT32)
    {
      r->pos = start;
      return MS_WIRE_STRING_BAD_PREFIX;
    }

  if (length > ms_wire_reader_remaining (r))
    {
      r->pos = start;
      return MS_WIRE_STRING_TRUNCATED;
    }

  bytes = (const char *) r->data + r->pos;
  r->pos += length;

  /* .NET decodes invalid sequences to U+FFFD instead of failing; do the same
   * so that a file the server accepts is accepted here too, but tell the
   * caller so it can warn. */
  if (g_utf8_validate_len (bytes, length, NULL))
    {
      *out = g_strndup (bytes, length);
    }
  else
    {
      *out = g_utf8_make_valid (bytes, length);
      if (was_valid_utf8)
        *was_valid_utf8 = FALSE;
    }

  return MS_WIRE_STRING_OK;
}

gsize
ms_wire_encode_7bit_length (guint8  out[5],
                            guint32 value)
{
  gsize n = 0;

  while (value >= 0x80)
    {
      out[n++] = (guint8) (value | 0x80);
      value >>= 7;
    }
  out[n++] = (guint8) value;
  return n;
}

void
ms_wire_append_dotnet_string (GByteArray *array,
                              const char *str)
{
  guint8 prefix[5];
  gsize length = str ? strlen (str) : 0;
  gsize n;

  g_return_if_fail (length <= G_MAXINT32);

  n = ms_wire_encode_7bit_length (prefix, (guint32) length);
  g_byte_array_append (array, prefix, n);
  if (length > 0)
    g_byte_array_append (array, (const guint8 *) str, length);
}
