/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Little-endian wire helpers shared by every reader and writer.
 *
 * Every file Mapsmith reads is little-endian and most of its fields sit at
 * unaligned offsets (a blueprint's HGTS payload follows variable-length
 * strings), so values are always copied out with memcpy(), never by casting
 * a pointer into the mapping.
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

static inline guint16
ms_wire_peek_u16 (const guint8 *p)
{
  guint16 v;
  memcpy (&v, p, sizeof v);
  return GUINT16_FROM_LE (v);
}

static inline guint32
ms_wire_peek_u32 (const guint8 *p)
{
  guint32 v;
  memcpy (&v, p, sizeof v);
  return GUINT32_FROM_LE (v);
}

static inline gint32
ms_wire_peek_i32 (const guint8 *p)
{
  return (gint32) ms_wire_peek_u32 (p);
}

static inline guint64
ms_wire_peek_u64 (const guint8 *p)
{
  guint64 v;
  memcpy (&v, p, sizeof v);
  return GUINT64_FROM_LE (v);
}

static inline float
ms_wire_peek_f32 (const guint8 *p)
{
  guint32 u = ms_wire_peek_u32 (p);
  float f;
  memcpy (&f, &u, sizeof f);
  return f;
}

static inline void
ms_wire_poke_u16 (guint8 *p, guint16 v)
{
  v = GUINT16_TO_LE (v);
  memcpy (p, &v, sizeof v);
}

static inline void
ms_wire_poke_u32 (guint8 *p, guint32 v)
{
  v = GUINT32_TO_LE (v);
  memcpy (p, &v, sizeof v);
}

static inline void
ms_wire_poke_u64 (guint8 *p, guint64 v)
{
  v = GUINT64_TO_LE (v);
  memcpy (p, &v, sizeof v);
}

static inline void
ms_wire_poke_f32 (guint8 *p, float f)
{
  guint32 u;
  memcpy (&u, &f, sizeof u);
  ms_wire_poke_u32 (p, u);
}

/* A bounds-checked cursor over a byte range.  Every read either succeeds
 * completely or leaves the cursor where it was and returns FALSE; callers turn
 * FALSE into a GError that names the offset (base_offset + pos). */
typedef struct
{
  const guint8 *data;
  gsize         length;
  gsize         pos;
  goffset       base_offset; /* offset of data[0] in the file, for messages */
} MsWireReader;

static inline void
ms_wire_reader_init (MsWireReader *r,
                     const guint8 *data,
                     gsize         length,
                     goffset       base_offset)
{
  r->data = data;
  r->length = length;
  r->pos = 0;
  r->base_offset = base_offset;
}

static inline gsize
ms_wire_reader_remaining (const MsWireReader *r)
{
  return r->length - r->pos;
}

static inline goffset
ms_wire_reader_offset (const MsWireReader *r)
{
  return r->base_offset + (goffset) r->pos;
}

static inline gboolean
ms_wire_reader_skip (MsWireReader *r,
                     gsize         n)
{
  if (n > ms_wire_reader_remaining (r))
    return FALSE;
  r->pos += n;
  return TRUE;
}

static inline gboolean
ms_wire_read_u8 (MsWireReader *r, guint8 *out)
{
  if (ms_wire_reader_remaining (r) < 1)
    return FALSE;
  *out = r->data[r->pos++];
  return TRUE;
}

static inline gboolean
ms_wire_read_u16 (MsWireReader *r, guint16 *out)
{
  if (ms_wire_reader_remaining (r) < 2)
    return FALSE;
  *out = ms_wire_peek_u16 (r->data + r->pos);
  r->pos += 2;
  return TRUE;
}

static inline gboolean
ms_wire_read_u32 (MsWireReader *r, guint32 *out)
{
  if (ms_wire_reader_remaining (r) < 4)
    return FALSE;
  *out = ms_wire_peek_u32 (r->data + r->pos);
  r->pos += 4;
  return TRUE;
}

static inline gboolean
ms_wire_read_i32 (MsWireReader *r, gint32 *out)
{
  guint32 u;
  if (!ms_wire_read_u32 (r, &u))
    return FALSE;
  *out = (gint32) u;
  return TRUE;
}

static inline gboolean
ms_wire_read_u64 (MsWireReader *r, guint64 *out)
{
  if (ms_wire_reader_remaining (r) < 8)
    return FALSE;
  *out = ms_wire_peek_u64 (r->data + r->pos);
  r->pos += 8;
  return TRUE;
}

static inline gboolean
ms_wire_read_f32 (MsWireReader *r, float *out)
{
  if (ms_wire_reader_remaining (r) < 4)
    return FALSE;
  *out = ms_wire_peek_f32 (r->data + r->pos);
  r->pos += 4;
  return TRUE;
}

typedef enum
{
  MS_WIRE_STRING_OK,
  MS_WIRE_STRING_TRUNCATED,      /* the prefix or the bytes run past the end */
  MS_WIRE_STRING_BAD_PREFIX,     /* more than five prefix bytes, or > G_MAXINT32 */
} MsWireStringResult;

MsWireStringResult ms_wire_read_dotnet_string (MsWireReader  *r,
                                               char         **out,
                                               gboolean      *was_valid_utf8);

void               ms_wire_append_dotnet_string (GByteArray *array,
                                                 const char *str);

gsize              ms_wire_encode_7bit_length   (guint8  out[5],
                                                 guint32 value);

G_END_DECLS
