/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The gallery's filter language against hand-worked answers: precedence,
 * the and/or truth tables, null (NAN) figures, keywords in any case, dotted
 * names, every error's code and column; then random expressions printed
 * from trees this file evaluates on its own, compared on random rows.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-stats-filter.h"

/* The figures the tests know, column i being names[i]; case matters here,
 * which is the resolver's choice, not the language's. */
static const char *const names[] = {
  "land", "lakes", "height.p50", "biome_pct.3", "a", "b", "c", "towns.by_tier.0", "_x",
};

enum { LAND, LAKES, HEIGHT_P50, BIOME_PCT_3, A, B, C, TOWNS, UNDERSCORE, N_NAMES };

typedef struct
{
  GPtrArray *seen;   /* names the resolver was asked for, or NULL */
} Resolver;

static int
resolve (const char *name,
         gpointer    user_data)
{
  Resolver *resolver = user_data;

  if (resolver != NULL && resolver->seen != NULL)
    g_ptr_array_add (resolver->seen, g_strdup (name));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (name, names[i]) == 0)
      return i;
  return -1;
}

static MsStatsFilter *
compile (const char *text)
{
  g_autoptr (GError) error = NULL;
  MsStatsFilter *filter = ms_stats_filter_new (text, resolve, NULL, &error);

  if (error != NULL)
    g_error ("“%s”: %s", text, error->message);
  g_assert_nonnull (filter);
  return filter;
}

static gboolean
matches (const char   *text,
         const double *values,
         guint         n_values)
{
  g_autoptr (MsStatsFilter) filter = compile (text);

  return ms_stats_filter_matches (filter, values, n_values);
}

static void
test_empty (void)
{
  const char *const texts[] = { "", " ", " \t\n\r " };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (MsStatsFilter) filter = compile (texts[i]);
      double nan_row[] = { NAN };

      g_assert_true (ms_stats_filter_matches (filter, NULL, 0));
      g_assert_true (ms_stats_filter_matches (filter, nan_row, 1));
      g_assert_cmpuint (ms_stats_filter_get_n_columns (filter), ==, 0);
    }
}

typedef struct
{
  const char *text;
  gboolean    expected;
} Case;

/* One row for the table cases: land 50, lakes 3, a 0, b 1, c 2, the rest
 * null. */
static void
test_case (gconstpointer data)
{
  const Case *c = data;
  double row[N_NAMES] = { 50, 3, NAN, NAN, 0, 1, 2, NAN, NAN };

  if (matches (c->text, row, N_NAMES) != c->expected)
    g_error ("“%s” should be %s", c->text, c->expected ? "true" : "false");
}

static const Case precedence_cases[] = {
  { "1 + 2 * 3 = 7", TRUE },
  { "1 + 2 * 3 = 9", FALSE },
  { "(1 + 2) * 3 = 9", TRUE },
  { "10 - 4 - 3 = 3", TRUE },          /* left to right, not 10 - (4 - 3) */
  { "12 / 3 / 2 = 2", TRUE },
  { "2 * 3 - 4 / 2 = 4", TRUE },
  { "-2 * -3 = 6", TRUE },
  { "--2 = 2", TRUE },
  { "2 - -2 = 4", TRUE },
  { "-(1 + 2) = -3", TRUE },
  { "land - lakes * 10 = 20", TRUE },
  { "land > 40 and lakes >= 3", TRUE },
  { "land > 40 and lakes > 3", FALSE },
  /* not sits above the comparisons: not (a > 1), a being 0. */
  { "not a > 1 or a", TRUE },
  { "not c > 1 or a", FALSE },
  { "not c > 1 or b", TRUE },
  { "!c > 1", FALSE },                 /* !(2 > 1), not (!2) > 1 */
  { "!a > 1", TRUE },
  { "not 1 > 2", TRUE },
  /* and before or */
  { "1 or 0 and 0", TRUE },
  { "(1 or 0) and 0", FALSE },
  { "0 and 0 or 1", TRUE },
  { "0 and (0 or 1)", FALSE },
  /* not before and */
  { "not 0 and 0", FALSE },
  { "not (0 and 0)", TRUE },
  { "not not 5", TRUE },
  /* conditions as numbers are 1 and 0; and/or give 1 and 0 too */
  { "(1 < 2) + (3 < 4) = 2", TRUE },
  { "(land > 0) * 7 = 7", TRUE },
  { "(0 or 5) = 1", TRUE },
  { "(5 and 3) = 1", TRUE },
  { "(0 and 5) = 0", TRUE },
  { "(not 5) = 0", TRUE },
  /* bare numbers as conditions */
  { "5", TRUE },
  { "0", FALSE },
  { "-0", FALSE },
  { "0.001", TRUE },
  { "land", TRUE },
  { "a", FALSE },
};

static const Case number_cases[] = {
  { "1e3 = 1000", TRUE },
  { "1E3 = 1000", TRUE },
  { "1e+2 = 100", TRUE },
  { "25e-1 = 2.5", TRUE },
  { "2.5e-1 = 0.25", TRUE },
  { ".5 = 0.5", TRUE },
  { ".5e1 = 5", TRUE },
  { "5. = 5", TRUE },
  { "007 = 7", TRUE },
  { "2.5 * 2 = 5", TRUE },
  { "1e3 > 999.9", TRUE },
  { "1/0 > 1e308", TRUE },             /* IEEE: infinity */
  { "-1/0 < -1e308", TRUE },
};

/* a 0, b 1, c 2 as above; the rest null. */
static const Case null_cases[] = {
  { "height.p50 > 3", FALSE },
  { "height.p50 <= 3", FALSE },
  { "height.p50 < 3", FALSE },
  { "height.p50 >= 3", FALSE },
  { "height.p50 = 3", FALSE },
  { "height.p50 == height.p50", FALSE },
  { "height.p50 != 3", FALSE },
  { "height.p50 != height.p50", FALSE },
  { "not (height.p50 > 3)", TRUE },    /* logical negation: a null row passes */
  { "not height.p50 > 3", TRUE },
  { "height.p50", FALSE },
  { "not height.p50", TRUE },
  { "-height.p50 < 0", FALSE },
  { "height.p50 + 1 > 0", FALSE },
  { "height.p50 * 0 = 0", FALSE },
  { "height.p50 - height.p50 = 0", FALSE },
  { "0 / 0 = 0 / 0", FALSE },
  { "height.p50 > 3 or land > 40", TRUE },
  { "height.p50 > 3 and land > 40", FALSE },
  { "(height.p50 or b) = 1", TRUE },
  { "(height.p50 and b) = 0", TRUE },
  { "1 != 2", TRUE },
  { "1 != 1", FALSE },
};

static const Case keyword_cases[] = {
  { "land > 40 AND lakes >= 3", TRUE },
  { "land > 40 And lakes > 3", FALSE },
  { "land > 400 OR lakes = 3", TRUE },
  { "land > 400 oR lakes = 4", FALSE },
  { "NOT land > 400", TRUE },
  { "nOt land > 40", FALSE },
  { "land > 40 && lakes >= 3", TRUE },
  { "land > 400 || lakes == 3", TRUE },
  { "! land > 400", TRUE },
  { "!(land > 40)", FALSE },
  { "land>40&&lakes>=3", TRUE },
  { "(land>400)||!(lakes!=3)", TRUE },
};

static void
test_truth_tables (void)
{
  const double v[] = { 0, 1, NAN, -2 };
  const char *const ands[] = { "a and b", "a AND b", "a && b" };
  const char *const ors[] = { "a or b", "a Or b", "a || b" };

  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    for (guint j = 0; j < G_N_ELEMENTS (v); j++)
      {
        double row[N_NAMES] = { 0 };
        gboolean x = !isnan (v[i]) && v[i] != 0;
        gboolean y = !isnan (v[j]) && v[j] != 0;

        row[A] = v[i];
        row[B] = v[j];
        for (guint k = 0; k < G_N_ELEMENTS (ands); k++)
          {
            g_assert_cmpint (matches (ands[k], row, N_NAMES), ==, x && y);
            g_assert_cmpint (matches (ors[k], row, N_NAMES), ==, x || y);
          }
        g_assert_cmpint (matches ("not a", row, N_NAMES), ==, !x);
        g_assert_cmpint (matches ("not a and b", row, N_NAMES), ==, !x && y);
        g_assert_cmpint (matches ("not (a and b)", row, N_NAMES), ==, !(x && y));
        g_assert_cmpint (matches ("not a or not b", row, N_NAMES), ==, !x || !y);
      }

  /* Three-operand chains, each jump going to the chain's end. */
  for (guint bits = 0; bits < 8; bits++)
    {
      double row[N_NAMES] = { 0 };
      gboolean x = bits & 1, y = (bits >> 1) & 1, z = (bits >> 2) & 1;

      row[A] = x;
      row[B] = y;
      row[C] = z;
      g_assert_cmpint (matches ("a and b and c", row, N_NAMES), ==, x && y && z);
      g_assert_cmpint (matches ("a or b or c", row, N_NAMES), ==, x || y || z);
      g_assert_cmpint (matches ("a and b or c", row, N_NAMES), ==, (x && y) || z);
      g_assert_cmpint (matches ("a or b and c", row, N_NAMES), ==, x || (y && z));
      g_assert_cmpint (matches ("(a or b) and c", row, N_NAMES), ==, (x || y) && z);
      g_assert_cmpint (matches ("a and (b or c)", row, N_NAMES), ==, x && (y || z));
      g_assert_cmpint (matches ("(a and b and c) + (a or b or c) = 2", row, N_NAMES),
                       ==, x && y && z);
    }
}

/* Columns past n_values are null; so are all of them with no values. */
static void
test_short_row (void)
{
  const double row[] = { 50, 3 };

  g_assert_true (matches ("land > 40 and lakes = 3", row, 2));
  g_assert_false (matches ("land > 40 and a = 0", row, 2));
  g_assert_true (matches ("not (a = 0)", row, 2));
  g_assert_false (matches ("lakes = 3", row, 1));
  g_assert_false (matches ("land > 40", NULL, 0));
  g_assert_true (matches ("not (land > 40)", NULL, 0));
  g_assert_true (matches ("1 < 2", NULL, 0));
}

static void
test_names (void)
{
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  Resolver resolver = { seen };
  g_autoptr (GError) error = NULL;
  g_autoptr (MsStatsFilter) filter = NULL;
  double row[N_NAMES] = { 0 };

  filter = ms_stats_filter_new ("height.p50 > 100 and biome_pct.3 >= 0.25 or towns.by_tier.0 < _x",
                                resolve, &resolver, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seen->len, ==, 4);
  g_assert_cmpstr (seen->pdata[0], ==, "height.p50");
  g_assert_cmpstr (seen->pdata[1], ==, "biome_pct.3");
  g_assert_cmpstr (seen->pdata[2], ==, "towns.by_tier.0");
  g_assert_cmpstr (seen->pdata[3], ==, "_x");
  g_assert_cmpuint (ms_stats_filter_get_n_columns (filter), ==, UNDERSCORE + 1);

  row[HEIGHT_P50] = 150;
  row[BIOME_PCT_3] = 0.25;
  row[TOWNS] = 5;
  row[UNDERSCORE] = 4;
  g_assert_true (ms_stats_filter_matches (filter, row, N_NAMES));
  row[BIOME_PCT_3] = 0.24;
  g_assert_false (ms_stats_filter_matches (filter, row, N_NAMES));
  row[UNDERSCORE] = 6;
  g_assert_true (ms_stats_filter_matches (filter, row, N_NAMES));
  g_clear_pointer (&filter, ms_stats_filter_free);

  /* The number of values a row needs: 1 + the highest column read. */
  filter = compile ("land > 0");
  g_assert_cmpuint (ms_stats_filter_get_n_columns (filter), ==, 1);
  g_clear_pointer (&filter, ms_stats_filter_free);
  filter = compile ("biome_pct.3 > 0 or land");
  g_assert_cmpuint (ms_stats_filter_get_n_columns (filter), ==, 4);
  g_clear_pointer (&filter, ms_stats_filter_free);
  filter = compile ("1 < 2");
  g_assert_cmpuint (ms_stats_filter_get_n_columns (filter), ==, 0);
  g_clear_pointer (&filter, ms_stats_filter_free);

  /* Keywords are only whole names: "android" and "order" are figures. */
  g_ptr_array_set_size (seen, 0);
  filter = ms_stats_filter_new ("android or order and notes", resolve, &resolver, &error);
  g_assert_error (error, MS_STATS_FILTER_ERROR, MS_STATS_FILTER_ERROR_UNKNOWN_NAME);
  g_assert_cmpstr (error->message, ==, "Column 1: unknown figure “android”");
  g_assert_null (filter);
  g_clear_error (&error);

  /* Without a resolver no name is known. */
  filter = ms_stats_filter_new ("1 < 2", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ms_stats_filter_matches (filter, NULL, 0));
  g_clear_pointer (&filter, ms_stats_filter_free);
  filter = ms_stats_filter_new ("1 < land", NULL, NULL, &error);
  g_assert_error (error, MS_STATS_FILTER_ERROR, MS_STATS_FILTER_ERROR_UNKNOWN_NAME);
  g_assert_null (filter);
}

typedef struct
{
  const char *text;
  int         code;
  const char *message;   /* the whole message */
} ErrorCase;

#define SYNTAX MS_STATS_FILTER_ERROR_SYNTAX
#define UNKNOWN MS_STATS_FILTER_ERROR_UNKNOWN_NAME
#define OPERAND "expected a number, a figure or “(” but found "

static const ErrorCase error_cases[] = {
  { "lnd > 40", UNKNOWN, "Column 1: unknown figure “lnd”" },
  { "land > lnd", UNKNOWN, "Column 8: unknown figure “lnd”" },
  { "LAND > 40", UNKNOWN, "Column 1: unknown figure “LAND”" },   /* this resolver's choice */
  { "land > 40 and", SYNTAX, "Column 14: " OPERAND "the end" },
  { "land>40 and and", SYNTAX, "Column 13: " OPERAND "“and”" },
  { "land > 40 AND OR 3", SYNTAX, "Column 15: " OPERAND "“OR”" },
  { "land >", SYNTAX, "Column 7: " OPERAND "the end" },
  { "land >= = 3", SYNTAX, "Column 9: " OPERAND "“=”" },
  { "land => 3", SYNTAX, "Column 7: " OPERAND "“>”" },
  { "+1", SYNTAX, "Column 1: " OPERAND "“+”" },
  { "* 2", SYNTAX, "Column 1: " OPERAND "“*”" },
  { "= 3", SYNTAX, "Column 1: " OPERAND "“=”" },
  { "()", SYNTAX, "Column 2: " OPERAND "“)”" },
  { "not", SYNTAX, "Column 4: " OPERAND "the end" },
  { "-", SYNTAX, "Column 2: " OPERAND "the end" },
  { "!", SYNTAX, "Column 2: " OPERAND "the end" },
  { "- not 1", SYNTAX, "Column 3: " OPERAND "“not”" },
  { "land 40", SYNTAX, "Column 6: expected an operator but found “40”" },
  { "a ! b", SYNTAX, "Column 3: expected an operator but found “!”" },
  { "a not b", SYNTAX, "Column 3: expected an operator but found “not”" },
  { "(land > 40", SYNTAX, "Column 11: expected “)” for the “(” at column 1 but found the end" },
  { "((land > 40) lakes", SYNTAX,
    "Column 14: expected “)” for the “(” at column 1 but found “lakes”" },
  { "land > 40)", SYNTAX, "Column 10: “)” without a matching “(”" },
  { "a < b < c", SYNTAX, "Column 7: “<” after a comparison: join comparisons with “and”" },
  { "a = b != c", SYNTAX, "Column 7: “!=” after a comparison: join comparisons with “and”" },
  { "1e", SYNTAX, "Column 1: malformed number “1e”" },
  { "1e+", SYNTAX, "Column 1: malformed number “1e”" },
  { "1.2.3 > 0", SYNTAX, "Column 1: malformed number “1.2.3”" },
  { "land > 3km", SYNTAX, "Column 8: malformed number “3km”" },
  { "land > 1e3x", SYNTAX, "Column 8: malformed number “1e3x”" },
  { ".", SYNTAX, "Column 1: unexpected character “.”" },
  { "land & lakes", SYNTAX, "Column 6: unexpected character “&”" },
  { "land | lakes", SYNTAX, "Column 6: unexpected character “|”" },
  { "land $ 3", SYNTAX, "Column 6: unexpected character “$”" },
  { "land > 40 % 3", SYNTAX, "Column 11: unexpected character “%”" },
  /* A character outside ASCII is named whole (a no-break space here). */
  { "land > 4 é", SYNTAX, "Column 10: unexpected character “é”" },
  { "land\u00a0> 4", SYNTAX, "Column 5: unexpected character \u201c\u00a0\u201d" },
  { "land > \xff", SYNTAX, "Column 8: not valid UTF-8" },
  /* Columns count characters: "é" is two bytes. */
  { "é \xc3", SYNTAX, "Column 3: not valid UTF-8" },
};

static void
test_error (gconstpointer data)
{
  const ErrorCase *c = data;
  g_autoptr (GError) error = NULL;
  MsStatsFilter *filter = ms_stats_filter_new (c->text, resolve, NULL, &error);

  g_assert_null (filter);
  g_assert_error (error, MS_STATS_FILTER_ERROR, c->code);
  g_assert_cmpstr (error->message, ==, c->message);
}

static char *
repeat (const char *s,
        guint       n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append (text, s);
  return g_string_free (text, FALSE);
}

static void
test_nesting (void)
{
  /* 64 levels are fine, the 65th is refused at the token opening it; no
   * input recurses deeper, however long.  "!(" opens two levels. */
  const struct { const char *open, *close; guint width, levels; } kinds[] = {
    { "(", ")", 1, 1 }, { "not ", "", 4, 1 }, { "-", "", 1, 1 }, { "!(", ")", 2, 2 },
    { "-(", ")", 2, 2 },
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      guint n = 64 / kinds[k].levels;
      g_autofree char *open_n = repeat (kinds[k].open, n);
      g_autofree char *close_n = repeat (kinds[k].close, n);
      g_autofree char *close_more = repeat (kinds[k].close, n + 1);
      g_autofree char *ok = g_strconcat (open_n, "1", close_n, NULL);
      g_autofree char *deep = g_strconcat (open_n, kinds[k].open, "1", close_more, NULL);
      g_autofree char *expected = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (MsStatsFilter) filter = NULL;

      filter = ms_stats_filter_new (ok, resolve, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (filter);

      g_assert_null (ms_stats_filter_new (deep, resolve, NULL, &error));
      g_assert_error (error, MS_STATS_FILTER_ERROR, MS_STATS_FILTER_ERROR_SYNTAX);
      expected = g_strdup_printf ("Column %u: too deeply nested", n * kinds[k].width + 1);
      g_assert_cmpstr (error->message, ==, expected);
    }

  /* The most values a level can leave pending (a comparison's, a sum's
   * and a term's left operands), at every level: the value stack's worst
   * case.  Each level is 1 < 1 + 1 * 1. */
  {
    g_autofree char *open = repeat ("1 < 1 + 1 * (", 64);
    g_autofree char *close = repeat (")", 64);
    g_autofree char *text = g_strconcat (open, "1", close, NULL);

    g_assert_true (matches (text, NULL, 0));
  }

  /* A long input of another kind stops at the limit too. */
  {
    g_autofree char *text = repeat ("(", 100000);
    g_autoptr (GError) error = NULL;

    g_assert_null (ms_stats_filter_new (text, resolve, NULL, &error));
    g_assert_cmpstr (error->message, ==, "Column 65: too deeply nested");
  }

  /* Long chains are not nesting: 100001 ones, 10000 ands. */
  {
    g_autofree char *sum = repeat (" + 1", 100000);
    g_autofree char *sum_text = g_strconcat ("1", sum, " = 100001", NULL);
    g_autofree char *ands = repeat (" and land", 10000);
    g_autofree char *and_text = g_strconcat ("land", ands, NULL);
    const double row[] = { 1 }, zero[] = { 0 };

    g_assert_true (matches (sum_text, NULL, 0));
    g_assert_true (matches (and_text, row, 1));
    g_assert_false (matches (and_text, zero, 1));
  }
}

/* Random expressions: a tree, printed with as few parentheses as the
 * grammar needs (and some more), evaluated here by recursion. */

typedef enum
{
  NODE_NUMBER, NODE_COLUMN, NODE_NEGATE, NODE_NOT,
  NODE_ADD, NODE_SUBTRACT, NODE_MULTIPLY, NODE_DIVIDE,
  NODE_LT, NODE_LE, NODE_GT, NODE_GE, NODE_EQ, NODE_NE,
  NODE_AND, NODE_OR,
} NodeKind;

typedef struct _Node Node;
struct _Node
{
  NodeKind  kind;
  double    number;
  guint     column;
  Node     *left, *right;
};

/* Levels of the grammar, loosest first. */
enum { LEVEL_OR = 1, LEVEL_AND, LEVEL_NOT, LEVEL_COMPARE, LEVEL_SUM, LEVEL_TERM, LEVEL_UNARY,
       LEVEL_PRIMARY };

static const struct { const char *text; double value; } literals[] = {
  { "0", 0 }, { "1", 1 }, { "2", 2 }, { "3", 3 }, { "0.5", 0.5 }, { ".5", 0.5 }, { "1e3", 1000 },
  { "25e-1", 2.5 },
};

static const char *const column_names[] = { "a", "b", "c" };

static const double row_values[] = { NAN, NAN, 0, 1, 2, 3, -1, 0.5, 1000 };

static Node *
node_random (guint depth)
{
  Node *node = g_new0 (Node, 1);

  if (depth == 0 || g_test_rand_int_range (0, 4) == 0)
    {
      if (g_test_rand_bit ())
        {
          guint i = g_test_rand_int_range (0, G_N_ELEMENTS (literals));

          node->kind = NODE_NUMBER;
          node->number = literals[i].value;
          node->column = i;   /* which spelling */
        }
      else
        {
          node->kind = NODE_COLUMN;
          node->column = g_test_rand_int_range (0, 3);
        }
      return node;
    }

  node->kind = g_test_rand_int_range (NODE_NEGATE, NODE_OR + 1);
  node->left = node_random (depth - 1);
  if (node->kind != NODE_NEGATE && node->kind != NODE_NOT)
    node->right = node_random (depth - 1);
  return node;
}

static void
node_free (Node *node)
{
  if (node == NULL)
    return;
  node_free (node->left);
  node_free (node->right);
  g_free (node);
}

static gboolean
truthy (double x)
{
  return !isnan (x) && x != 0;
}

static double
node_eval (const Node   *node,
           const double *values,
           guint         n_values)
{
  double l, r;

  switch (node->kind)
    {
    case NODE_NUMBER:
      return node->number;
    case NODE_COLUMN:
      return node->column < n_values ? values[node->column] : NAN;
    case NODE_NEGATE:
      return -node_eval (node->left, values, n_values);
    case NODE_NOT:
      return !truthy (node_eval (node->left, values, n_values));
    case NODE_AND:
      return truthy (node_eval (node->left, values, n_values))
             && truthy (node_eval (node->right, values, n_values));
    case NODE_OR:
      return truthy (node_eval (node->left, values, n_values))
             || truthy (node_eval (node->right, values, n_values));
    default:
      break;
    }

  l = node_eval (node->left, values, n_values);
  r = node_eval (node->right, values, n_values);
  if (node->kind >= NODE_LT && (isnan (l) || isnan (r)))
    return 0;
  switch (node->kind)
    {
    case NODE_ADD: return l + r;
    case NODE_SUBTRACT: return l - r;
    case NODE_MULTIPLY: return l * r;
    case NODE_DIVIDE: return l / r;
    case NODE_LT: return l < r;
    case NODE_LE: return l <= r;
    case NODE_GT: return l > r;
    case NODE_GE: return l >= r;
    case NODE_EQ: return l == r;
    case NODE_NE: return l != r;
    default: g_assert_not_reached ();
    }
}

static const char *
spelling (const char *const *choices,
          guint               n)
{
  return choices[g_test_rand_int_range (0, n)];
}

/* Prints @node where the grammar wants at least @level. */
static void
node_print (const Node *node,
            int         level,
            GString    *text)
{
  static const char *const ands[] = { "and", "AND", "&&", "And" };
  static const char *const ors[] = { "or", "OR", "||", "oR" };
  static const char *const nots[] = { "not ", "NOT ", "!", "! " };
  static const char *const eqs[] = { "=", "==" };
  int own;
  int left_level = 0, right_level = 0;
  const char *op = NULL;
  gboolean paren;

  switch (node->kind)
    {
    case NODE_NUMBER:
    case NODE_COLUMN: own = LEVEL_PRIMARY; break;
    case NODE_NEGATE: own = LEVEL_UNARY; left_level = LEVEL_UNARY; break;
    case NODE_NOT: own = LEVEL_NOT; left_level = LEVEL_NOT; break;
    case NODE_ADD: own = LEVEL_SUM; op = "+"; break;
    case NODE_SUBTRACT: own = LEVEL_SUM; op = "-"; break;
    case NODE_MULTIPLY: own = LEVEL_TERM; op = "*"; break;
    case NODE_DIVIDE: own = LEVEL_TERM; op = "/"; break;
    case NODE_LT: own = LEVEL_COMPARE; op = "<"; break;
    case NODE_LE: own = LEVEL_COMPARE; op = "<="; break;
    case NODE_GT: own = LEVEL_COMPARE; op = ">"; break;
    case NODE_GE: own = LEVEL_COMPARE; op = ">="; break;
    case NODE_EQ: own = LEVEL_COMPARE; op = spelling (eqs, G_N_ELEMENTS (eqs)); break;
    case NODE_NE: own = LEVEL_COMPARE; op = "!="; break;
    case NODE_AND: own = LEVEL_AND; op = spelling (ands, G_N_ELEMENTS (ands)); break;
    case NODE_OR: own = LEVEL_OR; op = spelling (ors, G_N_ELEMENTS (ors)); break;
    default: g_assert_not_reached ();
    }

  /* Binary operators chain to the left; comparisons do not chain. */
  if (op != NULL)
    {
      left_level = own == LEVEL_COMPARE ? LEVEL_SUM : own;
      right_level = own == LEVEL_COMPARE ? LEVEL_SUM : own + 1;
    }

  paren = own < level || g_test_rand_int_range (0, 10) == 0;
  if (paren)
    g_string_append_c (text, '(');

  if (node->kind == NODE_NUMBER)
    g_string_append (text, literals[node->column].text);
  else if (node->kind == NODE_COLUMN)
    g_string_append (text, column_names[node->column]);
  else if (node->kind == NODE_NEGATE)
    {
      g_string_append_c (text, '-');
      node_print (node->left, left_level, text);
    }
  else if (node->kind == NODE_NOT)
    {
      g_string_append (text, spelling (nots, G_N_ELEMENTS (nots)));
      node_print (node->left, left_level, text);
    }
  else
    {
      node_print (node->left, left_level, text);
      g_string_append_printf (text, " %s ", op);
      node_print (node->right, right_level, text);
    }

  if (paren)
    g_string_append_c (text, ')');
}

/* The random rows' three columns. */
static int
resolve_abc (const char *name,
             gpointer    user_data)
{
  for (guint i = 0; i < G_N_ELEMENTS (column_names); i++)
    if (strcmp (name, column_names[i]) == 0)
      return i;
  return -1;
}

static void
test_random (void)
{
  guint n_expressions = g_test_slow () ? 20000 : 2000;

  for (guint e = 0; e < n_expressions; e++)
    {
      Node *tree = node_random (g_test_rand_int_range (1, 7));
      g_autoptr (GString) text = g_string_new (NULL);
      g_autoptr (MsStatsFilter) filter = NULL;
      g_autoptr (GError) error = NULL;

      node_print (tree, LEVEL_OR, text);
      filter = ms_stats_filter_new (text->str, resolve_abc, NULL, &error);
      if (error != NULL)
        g_error ("“%s”: %s", text->str, error->message);
      g_assert_cmpuint (ms_stats_filter_get_n_columns (filter), <=, 3);

      for (guint r = 0; r < 16; r++)
        {
          double row[3];
          /* Sometimes a short row, its missing columns null. */
          guint n_values = g_test_rand_int_range (0, 8) == 0 ? g_test_rand_int_range (0, 3) : 3;
          gboolean expected;

          for (guint i = 0; i < 3; i++)
            row[i] = row_values[g_test_rand_int_range (0, G_N_ELEMENTS (row_values))];
          expected = truthy (node_eval (tree, row, n_values));
          if (ms_stats_filter_matches (filter, row, n_values) != expected)
            g_error ("“%s” on a=%g b=%g c=%g (%u values): expected %s", text->str,
                     row[0], row[1], row[2], n_values, expected ? "true" : "false");
        }
      node_free (tree);
    }
}

static void
add_cases (const char *prefix,
           const Case *cases,
           guint       n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("/stats-filter/%s/%u", prefix, i);

      g_test_add_data_func (path, &cases[i], test_case);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats-filter/empty", test_empty);
  add_cases ("precedence", precedence_cases, G_N_ELEMENTS (precedence_cases));
  add_cases ("numbers", number_cases, G_N_ELEMENTS (number_cases));
  add_cases ("null", null_cases, G_N_ELEMENTS (null_cases));
  add_cases ("keywords", keyword_cases, G_N_ELEMENTS (keyword_cases));
  g_test_add_func ("/stats-filter/truth-tables", test_truth_tables);
  g_test_add_func ("/stats-filter/short-row", test_short_row);
  g_test_add_func ("/stats-filter/names", test_names);
  for (guint i = 0; i < G_N_ELEMENTS (error_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/stats-filter/errors/%u", i);

      g_test_add_data_func (path, &error_cases[i], test_error);
    }
  g_test_add_func ("/stats-filter/nesting", test_nesting);
  g_test_add_func ("/stats-filter/random", test_random);

  return g_test_run ();
}
