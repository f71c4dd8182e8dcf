/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The edit language's parser.  Words keep their byte offsets so that every
 * error can point at the word at fault.  The text may be anything a command
 * line holds (invalid UTF-8 included), and messages are always valid UTF-8.
 * Every word before the one at fault parsed, so it is ASCII: the byte
 * offset is the character column.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "ms-zone-op.h"

G_DEFINE_QUARK (ms-zone-op-error-quark, ms_zone_op_error)

#define SEPARATORS " \t\n"

typedef struct
{
  char  *word;     /* NUL-terminated copy */
  gsize  offset;   /* of its first byte in the text */
} Word;

typedef struct
{
  const char *text;
  GArray     *words;   /* Word */
  GError    **error;
} Parser;

static void
word_clear (gpointer data)
{
  g_free (((Word *) data)->word);
}

static const Word *
word_at (Parser *p,
         guint   i)
{
  return i < p->words->len ? &g_array_index (p->words, Word, i) : NULL;
}

/* Sets the error at word @i (past the last word: at the end of the text).
 * @format's arguments are already valid UTF-8; a word is quoted with
 * quote (). */
G_GNUC_PRINTF (3, 4) static gboolean
fail (Parser     *p,
      guint       i,
      const char *format,
      ...)
{
  const Word *w = word_at (p, i);
  gsize offset = w != NULL ? w->offset : strlen (p->text);
  g_autofree char *text = g_utf8_make_valid (p->text, -1);
  g_autofree char *message = NULL;
  va_list ap;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (p->error, MS_ZONE_OP_ERROR, MS_ZONE_OP_ERROR_INVALID,
               "operation “%s”, column %" G_GSIZE_FORMAT ": %s", text, offset + 1, message);
  return FALSE;
}

/* A word for a message: valid UTF-8, owned by the caller. */
static char *
quote (const char *word)
{
  return g_utf8_make_valid (word, -1);
}

static gboolean
parse_int (Parser *p,
           guint   i,
           gint64  min,
           gint64  max,
           gint64 *out)
{
  const Word *w = word_at (p, i);
  g_autofree char *q = NULL;

  if (w == NULL)
    return fail (p, i, "a number is missing");
  if (g_ascii_string_to_signed (w->word, 10, min, max, out, NULL))
    return TRUE;
  q = quote (w->word);
  return fail (p, i, "“%s” is not an integer in %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT,
               q, min, max);
}

/* Words @first.. to the end, as doubles. */
static gboolean
parse_numbers (Parser       *p,
               guint         first,
               MsZoneOpSpec *spec)
{
  spec->n_numbers = p->words->len - first;
  spec->numbers = g_new (double, MAX (spec->n_numbers, 1));
  for (guint i = 0; i < spec->n_numbers; i++)
    {
      gint64 v;

      if (!parse_int (p, first + i, -G_MAXINT32, G_MAXINT32, &v))
        return FALSE;
      spec->numbers[i] = (double) v;
    }
  return TRUE;
}

static const struct
{
  const char     *name;
  MsZoneRuleKind  kind;
} rule_layers[] = {
  { "altitude", MS_ZONE_RULE_ALTITUDE },
  { "height", MS_ZONE_RULE_HEIGHT },
  { "slope", MS_ZONE_RULE_SLOPE },
  { "spawn", MS_ZONE_RULE_SPAWN },
  { "ground", MS_ZONE_RULE_GROUND },
  { "plant", MS_ZONE_RULE_PLANT },
  { "control", MS_ZONE_RULE_CONTROL },
  { "flag", MS_ZONE_RULE_FLAG },
};

/* Indexed by MsZoneCompare. */
static const char * const compare_ops[] = { "<", "<=", ">", ">=", "==", "!=" };

/* How many words follow the region's keyword, and what they should be. */
static gboolean
check_count (Parser     *p,
             guint       keyword,
             gboolean    ok,
             const char *wants)
{
  g_autofree char *q = NULL;

  if (ok)
    return TRUE;
  q = quote (word_at (p, keyword)->word);
  return fail (p, keyword, "“%s” wants %s, got %u value%s", q, wants,
               p->words->len - keyword - 1, p->words->len - keyword - 1 == 1 ? "" : "s");
}

/* The region starts at word @k. */
static gboolean
parse_region (Parser       *p,
              guint         k,
              MsZoneOpSpec *spec)
{
  const Word *w = word_at (p, k);
  guint n = p->words->len - MIN (p->words->len, k + 1);
  g_autofree char *q = NULL;

  if (w == NULL)
    return fail (p, k, "a region is missing (rect, polygon, fill, stroke or where)");

  if (g_str_equal (w->word, "rect"))
    {
      spec->region = MS_ZONE_OP_REGION_RECT;
      if (!check_count (p, k, n == 4, "X Y W H") || !parse_numbers (p, k + 1, spec))
        return FALSE;
      if (spec->numbers[2] < 0)
        return fail (p, k + 3, "a rect's width must not be negative");
      if (spec->numbers[3] < 0)
        return fail (p, k + 4, "a rect's height must not be negative");
      return TRUE;
    }
  if (g_str_equal (w->word, "polygon"))
    {
      spec->region = MS_ZONE_OP_REGION_POLYGON;
      return check_count (p, k, n >= 6 && n % 2 == 0, "3 or more X Y pairs") &&
             parse_numbers (p, k + 1, spec);
    }
  if (g_str_equal (w->word, "fill"))
    {
      spec->region = MS_ZONE_OP_REGION_FILL;
      return check_count (p, k, n == 2, "X Y") && parse_numbers (p, k + 1, spec);
    }
  if (g_str_equal (w->word, "stroke"))
    {
      const Word *brush;
      gint64 r;

      spec->region = MS_ZONE_OP_REGION_STROKE;
      if (!check_count (p, k, n >= 4 && n % 2 == 0, "round|square R X1 Y1 [X2 Y2 ...]"))
        return FALSE;
      brush = word_at (p, k + 1);
      if (g_str_equal (brush->word, "round"))
        spec->brush = MS_ZONE_BRUSH_ROUND;
      else if (g_str_equal (brush->word, "square"))
        spec->brush = MS_ZONE_BRUSH_SQUARE;
      else
        {
          q = quote (brush->word);
          return fail (p, k + 1, "brush “%s” is neither round nor square", q);
        }
      if (!parse_int (p, k + 2, 0, 4096, &r))
        return FALSE;
      spec->radius = (double) r;
      return parse_numbers (p, k + 3, spec);
    }
  if (g_str_equal (w->word, "where"))
    {
      const Word *layer, *cmp, *value;
      guint i;

      spec->region = MS_ZONE_OP_REGION_WHERE;
      if (!check_count (p, k, n == 3, "LAYER CMP VALUE"))
        return FALSE;
      layer = word_at (p, k + 1);
      cmp = word_at (p, k + 2);
      value = word_at (p, k + 3);
      for (i = 0; i < G_N_ELEMENTS (rule_layers); i++)
        if (g_str_equal (layer->word, rule_layers[i].name))
          break;
      if (i == G_N_ELEMENTS (rule_layers))
        {
          q = quote (layer->word);
          return fail (p, k + 1, "“%s” is not a rule layer (altitude, height, slope, spawn, "
                       "ground, plant, control, flag)", q);
        }
      spec->rule = rule_layers[i].kind;
      for (i = 0; i < G_N_ELEMENTS (compare_ops); i++)
        if (g_str_equal (cmp->word, compare_ops[i]))
          break;
      if (i == G_N_ELEMENTS (compare_ops))
        {
          q = quote (cmp->word);
          return fail (p, k + 2, "“%s” is not a comparison (< <= > >= == !=)", q);
        }
      spec->cmp = (MsZoneCompare) i;
      if (spec->rule == MS_ZONE_RULE_FLAG)
        {
          guint16 bit;

          if (ms_zone_control_flag_from_name (value->word, &bit))
            {
              spec->value = bit;
              return TRUE;
            }
        }
      return parse_int (p, k + 3, G_MININT32, G_MAXINT32, &spec->value);
    }
  q = quote (w->word);
  return fail (p, k, "“%s” is not a region (rect, polygon, fill, stroke or where)", q);
}

static const char control_flag_names[] =
  "AntiPlant, TerraformProtected, SyndicateArea, ConcreteA, ConcreteB, Roaming, Highway, "
  "PBSHighway, PBSTerraformProtected, NpcRestricted";

static gboolean
flag_from_text (const char *text,
                guint16    *mask)
{
  gint64 v;

  if (ms_zone_control_flag_from_name (text, mask))
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, 1, G_MAXUINT16, &v, NULL))
    return FALSE;
  *mask = (guint16) v;
  return TRUE;
}

static gboolean
parse_flag_word (Parser  *p,
                 guint    i,
                 guint16 *mask)
{
  const Word *w = word_at (p, i);
  g_autofree char *q = NULL;

  if (w == NULL)
    return fail (p, i, "a flag name is missing");
  if (flag_from_text (w->word, mask))
    return TRUE;
  q = quote (w->word);
  return fail (p, i, "“%s” is not a control flag (%s) or a bit mask 1..65535", q,
               control_flag_names);
}

static gboolean
parse_spawn_word (Parser   *p,
                  guint     i,
                  MsZoneOp *op)
{
  const Word *w = word_at (p, i);
  g_autofree char *q = NULL;
  gint64 v;

  if (w == NULL)
    return fail (p, i, "a spawn value is missing (N, +N, -N or *F)");
  if (w->word[0] == '*')
    {
      char *end = NULL;

      op->kind = MS_ZONE_OP_SCALE_SPAWN;
      op->factor = g_ascii_strtod (w->word + 1, &end);
      /* NaN fails both comparisons. */
      if (end != w->word + 1 && *end == '\0' && op->factor >= 0 && op->factor < 1e6)
        return TRUE;
      q = quote (w->word);
      return fail (p, i, "“%s” is not a scale factor *F with 0 ≤ F < 1e6", q);
    }
  if (w->word[0] == '+' || w->word[0] == '-')
    {
      op->kind = MS_ZONE_OP_ADD_SPAWN;
      if (!g_ascii_string_to_signed (w->word, 10, -255, 255, &v, NULL))
        {
          q = quote (w->word);
          return fail (p, i, "“%s” is not an increment +N or -N with N in 0..255", q);
        }
      op->value = (gint) v;
      return TRUE;
    }
  op->kind = MS_ZONE_OP_SET_SPAWN;
  if (!parse_int (p, i, 0, 255, &v))
    return FALSE;
  op->value = (gint) v;
  return TRUE;
}

/* Words and their offsets, into @words (cleared with word_clear). */
static void
split_words (const char *text,
             GArray     *words)
{
  g_array_set_clear_func (words, word_clear);
  for (gsize i = 0; text[i] != '\0';)
    {
      gsize length = strcspn (text + i, SEPARATORS);

      if (length > 0)
        {
          Word w = { g_strndup (text + i, length), i };
          g_array_append_val (words, w);
          i += length;
        }
      else
        i++;
    }
}

/**
 * ms_zone_op_spec_parse:
 * @text: one operation, e.g. "set Roaming rect 2 3 10 4"
 *
 * Returns: (transfer full): the operation, or %NULL with @error set
 *   (MS_ZONE_OP_ERROR_INVALID, naming the operation and the column)
 */
MsZoneOpSpec *
ms_zone_op_spec_parse (const char  *text,
                       GError     **error)
{
  g_autoptr(GArray) words = g_array_new (FALSE, FALSE, sizeof (Word));
  g_autoptr(MsZoneOpSpec) spec = g_new0 (MsZoneOpSpec, 1);
  Parser p = { text, words, error };
  const Word *verb;
  gboolean ok;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  split_words (text, words);
  spec->text = g_strdup (text);
  verb = word_at (&p, 0);
  if (verb != NULL && (g_str_equal (verb->word, "set") || g_str_equal (verb->word, "clear")))
    {
      spec->op.kind = g_str_equal (verb->word, "set") ? MS_ZONE_OP_SET_FLAG : MS_ZONE_OP_CLEAR_FLAG;
      ok = parse_flag_word (&p, 1, &spec->op.mask) && parse_region (&p, 2, spec);
    }
  else if (verb != NULL && g_str_equal (verb->word, "spawn"))
    ok = parse_spawn_word (&p, 1, &spec->op) && parse_region (&p, 2, spec);
  else if (verb == NULL)
    ok = fail (&p, 0, "an operation is missing (set, clear or spawn)");
  else
    {
      g_autofree char *q = quote (verb->word);
      ok = fail (&p, 0, "“%s” is not an operation (set, clear or spawn)", q);
    }
  if (!ok)
    return NULL;
  if (spec->numbers == NULL)
    spec->numbers = g_new0 (double, 1);
  return g_steal_pointer (&spec);
}

/**
 * ms_zone_op_region_parse:
 * @text: a region alone, e.g. "where spawn > 100"
 *
 * The region words of an operation without its verb, as the rule dialog
 * writes them; the spec's op is zero (nothing to apply).
 *
 * Returns: (transfer full): the region, or %NULL with @error set
 */
MsZoneOpSpec *
ms_zone_op_region_parse (const char  *text,
                         GError     **error)
{
  g_autoptr(GArray) words = g_array_new (FALSE, FALSE, sizeof (Word));
  g_autoptr(MsZoneOpSpec) spec = g_new0 (MsZoneOpSpec, 1);
  Parser p = { text, words, error };

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  split_words (text, words);
  spec->text = g_strdup (text);
  if (!parse_region (&p, 0, spec))
    return NULL;
  if (spec->numbers == NULL)
    spec->numbers = g_new0 (double, 1);
  return g_steal_pointer (&spec);
}

const char *
ms_zone_op_rule_layer_name (MsZoneRuleKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (rule_layers); i++)
    if (rule_layers[i].kind == kind)
      return rule_layers[i].name;
  g_return_val_if_reached (NULL);
}

guint
ms_zone_op_n_rule_layers (void)
{
  return G_N_ELEMENTS (rule_layers);
}

const char *
ms_zone_op_compare_name (MsZoneCompare cmp)
{
  g_return_val_if_fail ((guint) cmp < G_N_ELEMENTS (compare_ops), NULL);
  return compare_ops[cmp];
}

guint
ms_zone_op_n_compares (void)
{
  return G_N_ELEMENTS (compare_ops);
}

char *
ms_zone_op_format_where (MsZoneRuleKind kind,
                         MsZoneCompare  cmp,
                         gint64         value)
{
  const char *layer = ms_zone_op_rule_layer_name (kind);
  const char *op = ms_zone_op_compare_name (cmp);

  g_return_val_if_fail (layer != NULL && op != NULL, NULL);
  return g_strdup_printf ("where %s %s %" G_GINT64_FORMAT, layer, op, value);
}

void
ms_zone_op_spec_free (MsZoneOpSpec *spec)
{
  if (spec == NULL)
    return;
  g_free (spec->text);
  g_free (spec->numbers);
  g_free (spec);
}

static void
prefix_operation (const MsZoneOpSpec  *spec,
                  GError             **error)
{
  g_autofree char *text = g_utf8_make_valid (spec->text, -1);

  g_prefix_error (error, "operation “%s”: ", text);
}

MsZoneRegion *
ms_zone_op_spec_build_region (const MsZoneOpSpec  *spec,
                              MsZone              *zone,
                              GError             **error)
{
  const double *n;
  MsZoneRegion *region = NULL;
  guint w, h;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  w = ms_zone_get_width (zone);
  h = ms_zone_get_height (zone);
  n = spec->numbers;
  switch (spec->region)
    {
    case MS_ZONE_OP_REGION_RECT:
      return ms_zone_region_new_rect (w, h, (gint64) n[0], (gint64) n[1],
                                      (gint64) n[2], (gint64) n[3]);
    case MS_ZONE_OP_REGION_POLYGON:
      region = ms_zone_region_new_polygon (w, h, n, spec->n_numbers / 2, error);
      break;
    case MS_ZONE_OP_REGION_STROKE:
      return ms_zone_region_new_stroke (w, h, spec->brush, n, spec->n_numbers / 2, spec->radius);
    case MS_ZONE_OP_REGION_FILL:
      if (n[0] < 0 || n[1] < 0 || n[0] >= w || n[1] >= h)
        g_set_error (error, MS_ZONE_REGION_ERROR, MS_ZONE_REGION_ERROR_INVALID,
                     "fill seed (%g, %g) is outside the %u×%u zone", n[0], n[1], w, h);
      else
        region = ms_zone_region_new_flood (zone, (guint) n[0], (guint) n[1], error);
      break;
    case MS_ZONE_OP_REGION_WHERE:
      region = ms_zone_region_new_rule (zone, spec->rule, spec->cmp, spec->value, error);
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  if (region == NULL)
    prefix_operation (spec, error);
  return region;
}

gboolean
ms_zone_op_spec_apply (const MsZoneOpSpec  *spec,
                       MsZone              *zone,
                       guint64             *n_tiles,
                       GError             **error)
{
  g_autoptr(MsZoneRegion) region = NULL;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (MS_IS_ZONE (zone), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  region = ms_zone_op_spec_build_region (spec, zone, error);
  if (region == NULL)
    return FALSE;
  if (!ms_zone_apply (zone, &spec->op, region, error))
    {
      prefix_operation (spec, error);
      return FALSE;
    }
  if (n_tiles != NULL)
    *n_tiles = ms_zone_region_count_tiles (region);
  return TRUE;
}

gboolean
ms_zone_op_parse_flag (const char  *text,
                       guint16     *out_mask,
                       GError     **error)
{
  g_autofree char *q = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_mask != NULL, FALSE);

  if (flag_from_text (text, out_mask))
    return TRUE;
  q = quote (text);
  g_set_error (error, MS_ZONE_OP_ERROR, MS_ZONE_OP_ERROR_INVALID,
               "“%s” is not a control flag (%s) or a bit mask 1..65535", q, control_flag_names);
  return FALSE;
}
