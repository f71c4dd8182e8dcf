/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The gallery filter's compiler and evaluator.  A recursive-descent parser
 * writes postfix code straight into one array; matching runs it over a
 * value stack on the C stack, so a row costs no allocation.  Postfix rather
 * than a tree because a long left-leaning chain (`a + b + c + …`) stays two
 * values deep instead of recursing once per operand.  "and" and "or" jump
 * past the rest of their chain once the answer is known.
 *
 * The nesting limit bounds both the parser's recursion and the value stack:
 * each level of parentheses holds at most three pending left operands (a
 * comparison's, a sum's and a term's), so MAX_DEPTH levels need well under
 * MAX_STACK values.
 */
#define G_LOG_DOMAIN "ms-blueprint"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ms-stats-filter.h"

G_DEFINE_QUARK (ms-stats-filter-error-quark, ms_stats_filter_error)

#define MAX_DEPTH 64
#define MAX_STACK 256
#define NO_JUMP G_MAXUINT32

typedef enum
{
  OP_NUMBER,
  OP_COLUMN,
  OP_NEGATE,
  OP_ADD,
  OP_SUBTRACT,
  OP_MULTIPLY,
  OP_DIVIDE,
  OP_LT,
  OP_LE,
  OP_GT,
  OP_GE,
  OP_EQ,
  OP_NE,
  OP_NOT,
  OP_BOOL,
  /* Leave 0 (and) or 1 (or) on the stack and jump when the top decides the
   * chain; otherwise drop it and go on to the next operand. */
  OP_AND_JUMP,
  OP_OR_JUMP,
} OpCode;

typedef struct
{
  guint32 code;
  guint32 arg;      /* column index, or jump target */
  double  number;
} Op;

struct _MsStatsFilter
{
  guint n_ops;
  guint n_columns;
  Op    ops[];
};

typedef enum
{
  TOK_END,
  TOK_NUMBER,
  TOK_NAME,
  TOK_AND,
  TOK_OR,
  TOK_NOT,
  TOK_LT,
  TOK_LE,
  TOK_GT,
  TOK_GE,
  TOK_EQ,
  TOK_NE,
  TOK_PLUS,
  TOK_MINUS,
  TOK_STAR,
  TOK_SLASH,
  TOK_LPAREN,
  TOK_RPAREN,
} TokenKind;

typedef struct
{
  const char           *text;
  gsize                 pos;       /* where the lexer goes on from */
  TokenKind             kind;      /* the current token */
  gsize                 start;
  gsize                 len;
  double                number;
  MsStatsFilterResolve  resolve;
  gpointer              user_data;
  GArray               *ops;
  guint                 depth;
  guint                 stack;     /* values on the stack after the code so far */
  int                   max_column;
} Parser;

/* A token's text is ASCII once the whole text is known to be UTF-8 (an
 * unexpected character is one whole UTF-8 character), so messages stay
 * valid UTF-8; columns count characters. */
G_GNUC_PRINTF (5, 6)
static gboolean
fail (Parser      *p,
      gsize        offset,
      int          code,
      GError     **error,
      const char  *format,
      ...)
{
  g_autofree char *detail = NULL;
  glong column = g_utf8_pointer_to_offset (p->text, p->text + offset) + 1;
  va_list args;

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MS_STATS_FILTER_ERROR, code,
               /* Translators: a 1-based character position in the
                * gallery's filter text, then what is wrong there. */
               _("Column %ld: %s"), column, detail);
  return FALSE;
}

static char *
token_text (Parser *p)
{
  return g_strndup (p->text + p->start, p->len);
}

static inline gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.';
}

static gboolean
keyword_is (const char *s,
            gsize       len,
            const char *keyword)
{
  return len == strlen (keyword) && g_ascii_strncasecmp (s, keyword, len) == 0;
}

static gboolean
lex_number (Parser  *p,
            GError **error)
{
  const char *s = p->text + p->pos;
  gsize i = 0;
  gsize digits = 0;
  g_autofree char *copy = NULL;

  while (g_ascii_isdigit (s[i]))
    i++, digits++;
  if (s[i] == '.')
    i++;
  while (g_ascii_isdigit (s[i]))
    i++, digits++;
  if (digits > 0 && (s[i] == 'e' || s[i] == 'E'))
    {
      gsize j = i + 1;

      if (s[j] == '+' || s[j] == '-')
        j++;
      if (g_ascii_isdigit (s[j]))
        {
          i = j;
          while (g_ascii_isdigit (s[i]))
            i++;
        }
    }

  /* "1e", "1.2.3" and "3km" are typos, not a number and a figure. */
  if (digits == 0 || is_name_char (s[i]))
    {
      g_autofree char *bad = NULL;

      while (is_name_char (s[i]))
        i++;
      bad = g_strndup (s, i);
      return fail (p, p->pos, MS_STATS_FILTER_ERROR_SYNTAX, error,
                   _("malformed number “%s”"), bad);
    }

  copy = g_strndup (s, i);
  p->kind = TOK_NUMBER;
  p->number = g_ascii_strtod (copy, NULL);
  p->len = i;
  return TRUE;
}

/* Reads the next token into p->kind, p->start, p->len. */
static gboolean
next (Parser  *p,
      GError **error)
{
  const char *s;

  while (g_ascii_isspace (p->text[p->pos]))
    p->pos++;
  p->start = p->pos;
  s = p->text + p->pos;
  p->len = 1;

  if (*s == '\0')
    {
      p->kind = TOK_END;
      p->len = 0;
    }
  else if (g_ascii_isdigit (*s) || (*s == '.' && g_ascii_isdigit (s[1])))
    {
      if (!lex_number (p, error))
        return FALSE;
    }
  else if (g_ascii_isalpha (*s) || *s == '_')
    {
      gsize len = 1;

      while (is_name_char (s[len]))
        len++;
      p->len = len;
      if (keyword_is (s, len, "and"))
        p->kind = TOK_AND;
      else if (keyword_is (s, len, "or"))
        p->kind = TOK_OR;
      else if (keyword_is (s, len, "not"))
        p->kind = TOK_NOT;
      else
        p->kind = TOK_NAME;
    }
  else
    {
      gboolean twin = s[1] == '=';

      switch (*s)
        {
        case '<': p->kind = twin ? TOK_LE : TOK_LT; p->len += twin; break;
        case '>': p->kind = twin ? TOK_GE : TOK_GT; p->len += twin; break;
        case '=': p->kind = TOK_EQ; p->len += twin; break;
        case '!': p->kind = twin ? TOK_NE : TOK_NOT; p->len += twin; break;
        case '+': p->kind = TOK_PLUS; break;
        case '-': p->kind = TOK_MINUS; break;
        case '*': p->kind = TOK_STAR; break;
        case '/': p->kind = TOK_SLASH; break;
        case '(': p->kind = TOK_LPAREN; break;
        case ')': p->kind = TOK_RPAREN; break;
        case '&':
        case '|':
          if (s[1] == *s)
            {
              p->kind = *s == '&' ? TOK_AND : TOK_OR;
              p->len = 2;
              break;
            }
          G_GNUC_FALLTHROUGH;
        default:
          {
            g_autofree char *bad = g_strndup (s, g_utf8_next_char (s) - s);

            return fail (p, p->pos, MS_STATS_FILTER_ERROR_SYNTAX, error,
                         _("unexpected character “%s”"), bad);
          }
        }
    }

  p->pos += p->len;
  return TRUE;
}

static guint
emit (Parser  *p,
      OpCode   code,
      guint32  arg,
      double   number)
{
  Op op = { code, arg, number };

  switch (code)
    {
    case OP_NUMBER:
    case OP_COLUMN:
      p->stack++;
      break;
    case OP_NEGATE:
    case OP_NOT:
    case OP_BOOL:
      break;
    default:
      /* Binary operators, and the jumps' fall-through, drop one value. */
      p->stack--;
      break;
    }
  /* The nesting limit keeps this true; see the comment at the top. */
  g_assert (p->stack <= MAX_STACK);
  g_array_append_val (p->ops, op);
  return p->ops->len - 1;
}

static gboolean
enter (Parser  *p,
       GError **error)
{
  if (++p->depth > MAX_DEPTH)
    return fail (p, p->start, MS_STATS_FILTER_ERROR_SYNTAX, error, _("too deeply nested"));
  return TRUE;
}

static gboolean parse_or (Parser *p, GError **error);

static gboolean
parse_unary (Parser  *p,
             GError **error)
{
  if (p->kind == TOK_MINUS)
    {
      if (!enter (p, error) || !next (p, error) || !parse_unary (p, error))
        return FALSE;
      emit (p, OP_NEGATE, 0, 0);
      p->depth--;
      return TRUE;
    }

  if (p->kind == TOK_NUMBER)
    {
      emit (p, OP_NUMBER, 0, p->number);
      return next (p, error);
    }

  if (p->kind == TOK_NAME)
    {
      g_autofree char *name = token_text (p);
      int column = p->resolve != NULL ? p->resolve (name, p->user_data) : -1;

      if (column < 0)
        return fail (p, p->start, MS_STATS_FILTER_ERROR_UNKNOWN_NAME, error,
                     /* Translators: a figure is one of the gallery's
                      * columns, by its name in `mapsmith-cli stats`
                      * ("land_pct", "height.p50"). */
                     _("unknown figure “%s”"), name);
      p->max_column = MAX (p->max_column, column);
      emit (p, OP_COLUMN, column, 0);
      return next (p, error);
    }

  if (p->kind == TOK_LPAREN)
    {
      gsize open = p->start;

      if (!enter (p, error) || !next (p, error) || !parse_or (p, error))
        return FALSE;
      if (p->kind != TOK_RPAREN)
        {
          glong open_column = g_utf8_pointer_to_offset (p->text, p->text + open) + 1;
          g_autofree char *found = token_text (p);

          if (p->kind == TOK_END)
            return fail (p, p->start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                         _("expected “)” for the “(” at column %ld but found the end"),
                         open_column);
          return fail (p, p->start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                       _("expected “)” for the “(” at column %ld but found “%s”"),
                       open_column, found);
        }
      p->depth--;
      return next (p, error);
    }

  if (p->kind == TOK_END)
    return fail (p, p->start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                 _("expected a number, a figure or “(” but found the end"));
  {
    g_autofree char *found = token_text (p);

    return fail (p, p->start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                 _("expected a number, a figure or “(” but found “%s”"), found);
  }
}

static gboolean
parse_term (Parser  *p,
            GError **error)
{
  if (!parse_unary (p, error))
    return FALSE;
  while (p->kind == TOK_STAR || p->kind == TOK_SLASH)
    {
      OpCode code = p->kind == TOK_STAR ? OP_MULTIPLY : OP_DIVIDE;

      if (!next (p, error) || !parse_unary (p, error))
        return FALSE;
      emit (p, code, 0, 0);
    }
  return TRUE;
}

static gboolean
parse_sum (Parser  *p,
           GError **error)
{
  if (!parse_term (p, error))
    return FALSE;
  while (p->kind == TOK_PLUS || p->kind == TOK_MINUS)
    {
      OpCode code = p->kind == TOK_PLUS ? OP_ADD : OP_SUBTRACT;

      if (!next (p, error) || !parse_term (p, error))
        return FALSE;
      emit (p, code, 0, 0);
    }
  return TRUE;
}

static gboolean
comparison_op (TokenKind  kind,
               OpCode    *code)
{
  switch (kind)
    {
    case TOK_LT: *code = OP_LT; return TRUE;
    case TOK_LE: *code = OP_LE; return TRUE;
    case TOK_GT: *code = OP_GT; return TRUE;
    case TOK_GE: *code = OP_GE; return TRUE;
    case TOK_EQ: *code = OP_EQ; return TRUE;
    case TOK_NE: *code = OP_NE; return TRUE;
    default: return FALSE;
    }
}

static gboolean
parse_compare (Parser  *p,
               GError **error)
{
  OpCode code;

  if (!parse_sum (p, error))
    return FALSE;
  if (!comparison_op (p->kind, &code))
    return TRUE;
  if (!next (p, error) || !parse_sum (p, error))
    return FALSE;
  emit (p, code, 0, 0);

  /* `0 < a < 10` would mean (0 < a) < 10 in C: always true, never what
   * was meant. */
  if (comparison_op (p->kind, &code))
    {
      g_autofree char *found = token_text (p);

      return fail (p, p->start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                   _("“%s” after a comparison: join comparisons with “and”"), found);
    }
  return TRUE;
}

static gboolean
parse_not (Parser  *p,
           GError **error)
{
  if (p->kind != TOK_NOT)
    return parse_compare (p, error);
  if (!enter (p, error) || !next (p, error) || !parse_not (p, error))
    return FALSE;
  emit (p, OP_NOT, 0, 0);
  p->depth--;
  return TRUE;
}

/* Both "and" and "or" chains: every operand but the last is followed by a
 * jump to the chain's end, the jumps linked through their targets until
 * the end is known. */
static gboolean
parse_chain (Parser     *p,
             TokenKind   kind,
             OpCode      jump,
             gboolean  (*operand) (Parser *, GError **),
             GError    **error)
{
  guint32 chain = NO_JUMP;

  if (!operand (p, error))
    return FALSE;
  while (p->kind == kind)
    {
      chain = emit (p, jump, chain, 0);
      if (!next (p, error) || !operand (p, error))
        return FALSE;
    }
  if (chain == NO_JUMP)
    return TRUE;

  emit (p, OP_BOOL, 0, 0);
  while (chain != NO_JUMP)
    {
      Op *op = &g_array_index (p->ops, Op, chain);

      chain = op->arg;
      op->arg = p->ops->len;
    }
  return TRUE;
}

static gboolean
parse_and (Parser  *p,
           GError **error)
{
  return parse_chain (p, TOK_AND, OP_AND_JUMP, parse_not, error);
}

static gboolean
parse_or (Parser  *p,
          GError **error)
{
  return parse_chain (p, TOK_OR, OP_OR_JUMP, parse_and, error);
}

MsStatsFilter *
ms_stats_filter_new (const char            *text,
                     MsStatsFilterResolve   resolve,
                     gpointer               user_data,
                     GError               **error)
{
  g_autoptr (GArray) ops = g_array_new (FALSE, FALSE, sizeof (Op));
  Parser p = { 0 };
  const char *invalid;
  MsStatsFilter *filter;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  p.text = text;
  p.resolve = resolve;
  p.user_data = user_data;
  p.ops = ops;
  p.max_column = -1;

  if (!g_utf8_validate (text, -1, &invalid))
    {
      /* The column counts the valid part before it. */
      fail (&p, invalid - text, MS_STATS_FILTER_ERROR_SYNTAX, error, _("not valid UTF-8"));
      return NULL;
    }

  if (!next (&p, error))
    return NULL;
  if (p.kind != TOK_END)
    {
      if (!parse_or (&p, error))
        return NULL;
      if (p.kind != TOK_END)
        {
          g_autofree char *found = token_text (&p);

          if (p.kind == TOK_RPAREN)
            fail (&p, p.start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                  _("“)” without a matching “(”"));
          else
            fail (&p, p.start, MS_STATS_FILTER_ERROR_SYNTAX, error,
                  _("expected an operator but found “%s”"), found);
          return NULL;
        }
      g_assert (p.stack == 1 && p.depth == 0);
    }

  filter = g_malloc (sizeof (MsStatsFilter) + ops->len * sizeof (Op));
  filter->n_ops = ops->len;
  filter->n_columns = (guint) (p.max_column + 1);
  if (ops->len > 0)
    memcpy (filter->ops, ops->data, ops->len * sizeof (Op));
  return filter;
}

void
ms_stats_filter_free (MsStatsFilter *filter)
{
  g_free (filter);
}

guint
ms_stats_filter_get_n_columns (MsStatsFilter *filter)
{
  g_return_val_if_fail (filter != NULL, 0);

  return filter->n_columns;
}

/* Neither 0 nor NAN. */
static inline gboolean
truthy (double x)
{
  return islessgreater (x, 0.0);
}

gboolean
ms_stats_filter_matches (MsStatsFilter *filter,
                         const double  *values,
                         guint          n_values)
{
  double stack[MAX_STACK];
  guint sp = 0;
  guint pc = 0;

  g_return_val_if_fail (filter != NULL, FALSE);
  g_return_val_if_fail (values != NULL || n_values == 0, FALSE);

  if (filter->n_ops == 0)
    return TRUE;

  /* sp counts the values; a binary operator pops its right operand
   * (left at stack[sp]) and replaces the top with the result. */
#define TOP stack[sp - 1]
#define POPPED stack[sp]
  while (pc < filter->n_ops)
    {
      const Op *op = &filter->ops[pc++];

      switch ((OpCode) op->code)
        {
        case OP_NUMBER:
          stack[sp++] = op->number;
          break;
        case OP_COLUMN:
          stack[sp++] = op->arg < n_values ? values[op->arg] : NAN;
          break;
        case OP_NEGATE:
          TOP = -TOP;
          break;
        case OP_ADD:
          sp--, TOP += POPPED;
          break;
        case OP_SUBTRACT:
          sp--, TOP -= POPPED;
          break;
        case OP_MULTIPLY:
          sp--, TOP *= POPPED;
          break;
        case OP_DIVIDE:
          sp--, TOP /= POPPED;
          break;
        /* The C operators are false for NAN, except != (hence islessgreater). */
        case OP_LT:
          sp--, TOP = TOP < POPPED;
          break;
        case OP_LE:
          sp--, TOP = TOP <= POPPED;
          break;
        case OP_GT:
          sp--, TOP = TOP > POPPED;
          break;
        case OP_GE:
          sp--, TOP = TOP >= POPPED;
          break;
        case OP_EQ:
          sp--, TOP = TOP == POPPED;
          break;
        case OP_NE:
          sp--, TOP = islessgreater (TOP, POPPED);
          break;
        case OP_NOT:
          TOP = !truthy (TOP);
          break;
        case OP_BOOL:
          TOP = truthy (TOP);
          break;
        case OP_AND_JUMP:
          if (truthy (TOP))
            sp--;
          else
            TOP = 0, pc = op->arg;
          break;
        case OP_OR_JUMP:
          if (truthy (TOP))
            TOP = 1, pc = op->arg;
          else
            sp--;
          break;
        default:
          g_assert_not_reached ();
        }
    }
#undef TOP
#undef POPPED

  g_assert (sp == 1);
  return truthy (stack[0]);
}
