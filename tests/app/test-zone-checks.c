/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone window's Checks page in a real display: it lists the findings
 * of a fixture zone whose offences this test placed, choosing a row moves
 * the view's centre onto the tile the test put there (its centre, x + 0.5,
 * y + 0.5, row-major) and outlines it, F8's action steps through the
 * finding's tiles, and an edit that removes an offence re-runs the audit;
 * the Checks tab counts the findings from the first audit on, and the
 * arrows step through every tile of a finding (not only the 16 it lists),
 * each tinted on the map.
 * MS_TEST_SCREENSHOT_DIR, when set, receives a screenshot of the page.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-test-app.h"
#include "ms-findings-list.h"
#include "ms-test-display.h"
#include "ms-zone-audit.h"
#include "ms-zone-edit.h"
#include "ms-zone-window.h"

#define ID 5
#define N  128

/* Plants (type 2) on AntiPlant at these tiles, in row-major order; an
 * unknown control bit (32) at (40, 90); flat ground, no blocks. */
static const MsAuditLocation plants_at[] = { { 70, 60 }, { 71, 60 }, { 72, 61 } };
#define BAD_X 40
#define BAD_Y 90

static char *
write_zone_with (const MsAuditLocation *at,
                 guint                  n_at)
{
  char *dir = ms_test_make_tmpdir ();
  g_autofree guint8 *alt = g_malloc (2 * N * N);
  g_autofree guint8 *ctl = g_malloc0 (2 * N * N);
  g_autofree guint8 *blk = g_malloc0 (2 * N * N);
  g_autofree guint8 *pl = g_malloc0 (7 * N * N);

  for (guint i = 0; i < N * N; i++)
    {
      alt[2 * i] = 0;
      alt[2 * i + 1] = 0x7d;  /* 32000: height 1000 */
      pl[7 * i + 3] = 131;
    }
  for (guint k = 0; k < n_at; k++)
    {
      guint i = at[k].y * N + at[k].x;

      ctl[2 * i] = 1;  /* AntiPlant */
      pl[7 * i] = 2;
    }
  ctl[2 * (BAD_Y * N + BAD_X)] = 32;
  ms_test_put_file (dir, "altitude.0005.bin", alt, 2 * N * N);
  ms_test_put_file (dir, "control.0005.bin", ctl, 2 * N * N);
  ms_test_put_file (dir, "blocks.0005.bin", blk, 2 * N * N);
  ms_test_put_file (dir, "plants.0005.bin", pl, 7 * N * N);
  return dir;
}

static char *
write_zone (void)
{
  return write_zone_with (plants_at, G_N_ELEMENTS (plants_at));
}

/* The Checks tab's title, and whether it asks for attention. */
static const char *
tab_title (MsZoneChecksPanel *panel,
           gboolean          *attention)
{
  GtkStack *stack = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (panel)));
  GtkStackPage *page = gtk_stack_get_page (stack, GTK_WIDGET (panel));

  if (attention != NULL)
    *attention = gtk_stack_page_get_needs_attention (page);
  return gtk_stack_page_get_title (page);
}

static gboolean
has_findings (gpointer data)
{
  GPtrArray *findings = ms_zone_checks_panel_get_findings (ms_zone_window_get_checks_panel (data));

  return findings != NULL;
}

static gboolean
one_finding (gpointer data)
{
  GPtrArray *findings = ms_zone_checks_panel_get_findings (ms_zone_window_get_checks_panel (data));

  return findings != NULL && findings->len == 1;
}

static gboolean
drawn (gpointer data)
{
  MsZoneView *view = ms_zone_window_get_view (data);

  return gtk_widget_get_mapped (GTK_WIDGET (view)) && ms_tile_view_get_n_pending (MS_TILE_VIEW (view)) == 0;
}

static void
collect_headings (GtkWidget *widget,
                  GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "heading"))
    g_ptr_array_add (out, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_headings (c, out);
}

static GtkWidget *
find_row (GtkWidget *widget,
          guint     *index)
{
  if (GTK_IS_LIST_BOX_ROW (widget) && (*index)-- == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *row = find_row (c, index);
      if (row != NULL)
        return row;
    }
  return NULL;
}

static void
assert_at (MsZoneWindow *window,
           guint         x,
           guint         y)
{
  MsZoneView *view = ms_zone_window_get_view (window);
  double cx, cy;
  guint hx, hy, hw, hh;

  ms_viewport_get_centre (ms_zone_view_get_viewport (view), &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, x + 0.5, 1e-6);
  g_assert_cmpfloat_with_epsilon (cy, y + 0.5, 1e-6);
  /* Close enough to see the tile: at least 8 pixels a tile. */
  g_assert_cmpfloat (ms_viewport_get_zoom (ms_zone_view_get_viewport (view)), >=, 8.0);
  g_assert_true (ms_zone_view_get_highlight (view, &hx, &hy, &hw, &hh));
  g_assert_cmpuint (hx, ==, x);
  g_assert_cmpuint (hy, ==, y);
  g_assert_cmpuint (hw, ==, 1);
  g_assert_cmpuint (hh, ==, 1);
}

static void
test_checks_page (void)
{
  g_autofree char *dir = write_zone ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) headings = g_ptr_array_new ();
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (ms_test_app ()));
  MsZoneChecksPanel *panel = ms_zone_window_get_checks_panel (window);
  GtkWidget *list = ms_zone_checks_panel_get_list (panel);
  GtkStack *stack;
  GPtrArray *findings;
  const MsAuditFinding *f;
  GtkWidget *row;
  guint index;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open (window, dir, ID, &error));
  g_assert_no_error (error);
  /* Before any picture: nothing yet, the page says it is checking. */
  g_assert_null (ms_zone_checks_panel_get_findings (panel));
  g_assert_cmpstr (tab_title (panel, NULL), ==, "Checks");
  gtk_window_present (GTK_WINDOW (window));
  stack = GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_STACK));
  gtk_stack_set_visible_child_name (stack, "checks");
  ms_test_iterate_until_within (30, has_findings, window, "the zone audit");
  ms_test_settle (drawn, window, 300, "the zone to draw");

  /* The two findings this test put there, in check order. */
  findings = ms_zone_checks_panel_get_findings (panel);
  g_assert_cmpuint (findings->len, ==, 2);
  g_assert_cmpuint (ms_findings_list_get_n_rows (MS_FINDINGS_LIST (list)), ==, 2);
  collect_headings (list, headings);
  g_assert_cmpuint (headings->len, ==, 2);
  g_assert_cmpstr (headings->pdata[0], ==, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED);
  g_assert_cmpstr (headings->pdata[1], ==, MS_ZONE_AUDIT_CONTROL_UNKNOWN_BITS);
  f = g_ptr_array_index (findings, 0);
  g_assert_cmpuint (f->count, ==, G_N_ELEMENTS (plants_at));
  f = g_ptr_array_index (findings, 1);
  g_assert_cmpuint (f->count, ==, 1);
  /* The zone opened with them: the tab says so (both are errors). */
  {
    gboolean attention = FALSE;

    g_assert_cmpstr (tab_title (panel, &attention), ==, "Checks (2)");
    g_assert_true (attention);
  }

  /* Activating the first row (what Enter does): onto the first plant. */
  index = 0;
  row = find_row (list, &index);
  g_assert_nonnull (row);
  gtk_widget_activate (row);
  assert_at (window, plants_at[0].x, plants_at[0].y);
  ms_test_screenshot ("zone-checks-page.png", 300);

  /* Next through the listed tiles, wrapping; Previous back. */
  for (guint k = 1; k <= G_N_ELEMENTS (plants_at); k++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "checks.next", NULL));
      assert_at (window, plants_at[k % G_N_ELEMENTS (plants_at)].x, plants_at[k % G_N_ELEMENTS (plants_at)].y);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "checks.previous", NULL));
  assert_at (window, plants_at[G_N_ELEMENTS (plants_at) - 1].x, plants_at[G_N_ELEMENTS (plants_at) - 1].y);

  /* Selecting the second row: the unknown bit. */
  ms_findings_list_select (MS_FINDINGS_LIST (list), 1);
  assert_at (window, BAD_X, BAD_Y);

  /* Clearing the bit is an edit: the audit runs again and finds one. */
  {
    MsZoneOp op = { .kind = MS_ZONE_OP_CLEAR_FLAG, .mask = 32 };
    g_autoptr(MsZoneRegion) region = ms_zone_region_new_rect (N, N, BAD_X, BAD_Y, 1, 1);

    g_assert_true (ms_zone_apply (ms_zone_window_get_zone (window), &op, region, &error));
    g_assert_no_error (error);
  }
  ms_test_iterate_until_within (30, one_finding, window, "the audit after the edit");
  /* The count follows the edit, the page not shown. */
  g_assert_cmpstr (tab_title (panel, NULL), ==, "Checks (1)");
  /* The chosen finding is gone, and its outline with it. */
  g_assert_false (ms_zone_checks_panel_get_chosen (panel, NULL, NULL));
  g_assert_false (ms_zone_view_get_highlight (ms_zone_window_get_view (window), NULL, NULL, NULL, NULL));
  g_assert_cmpstr (((MsAuditFinding *) g_ptr_array_index (ms_zone_checks_panel_get_findings (panel), 0))->check,
                   ==, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (100);
  ms_test_remove_tree (dir);
}

static gboolean
has_region (gpointer data)
{
  return ms_zone_checks_panel_get_region (ms_zone_window_get_checks_panel (data)) != NULL;
}

static int
row_major (gconstpointer a,
           gconstpointer b)
{
  const MsAuditLocation *p = a, *q = b;

  return p->y != q->y ? (p->y < q->y ? -1 : 1) : (p->x < q->x ? -1 : p->x > q->x);
}

/* 40 plants on AntiPlant, more than a finding lists: Next goes through
 * all of them in row-major order (sorted here) and wraps; the map tints
 * exactly those tiles. */
static void
test_step_all_tiles (void)
{
  MsAuditLocation at[40];
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (ms_test_app ()));
  MsZoneChecksPanel *panel = ms_zone_window_get_checks_panel (window);
  const MsAuditFinding *f;
  const MsZoneSpan *spans;
  guint n_spans, tinted = 0;

  G_STATIC_ASSERT (G_N_ELEMENTS (at) > MS_AUDIT_MAX_LOCATIONS);
  /* Scattered over rows 10..88, two a row at most, none on (40, 90). */
  for (guint k = 0; k < G_N_ELEMENTS (at); k++)
    at[k] = (MsAuditLocation) { (k * 37) % 120 + 3, 10 + (k * 2 % 80) };
  dir = write_zone_with (at, G_N_ELEMENTS (at));
  qsort (at, G_N_ELEMENTS (at), sizeof at[0], row_major);
  for (guint k = 1; k < G_N_ELEMENTS (at); k++)
    g_assert_cmpint (row_major (&at[k - 1], &at[k]), <, 0);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open (window, dir, ID, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until_within (30, has_findings, window, "the zone audit");
  f = g_ptr_array_index (ms_zone_checks_panel_get_findings (panel), 0);
  g_assert_cmpstr (f->check, ==, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED);
  g_assert_cmpuint (f->count, ==, G_N_ELEMENTS (at));
  g_assert_cmpuint (f->n_locations, ==, MS_AUDIT_MAX_LOCATIONS);

  ms_zone_checks_panel_choose (panel, 0);
  assert_at (window, at[0].x, at[0].y);
  ms_test_iterate_until_within (30, has_region, window, "every tile of the finding");

  /* The tint: exactly the 40 tiles. */
  spans = ms_zone_view_get_preview (ms_zone_window_get_view (window), &n_spans);
  g_assert_nonnull (spans);
  for (guint i = 0; i < n_spans; i++)
    for (guint x = spans[i].x0; x < spans[i].x1; x++)
      {
        gboolean found = FALSE;

        for (guint k = 0; k < G_N_ELEMENTS (at); k++)
          found |= at[k].x == x && at[k].y == spans[i].y;
        g_assert_true (found);
        tinted++;
      }
  g_assert_cmpuint (tinted, ==, G_N_ELEMENTS (at));

  for (guint k = 1; k <= G_N_ELEMENTS (at); k++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "checks.next", NULL));
      assert_at (window, at[k % G_N_ELEMENTS (at)].x, at[k % G_N_ELEMENTS (at)].y);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "checks.previous", NULL));
  assert_at (window, at[G_N_ELEMENTS (at) - 1].x, at[G_N_ELEMENTS (at) - 1].y);

  /* Another finding: its own tint, not the plants'. */
  ms_zone_checks_panel_choose (panel, 1);
  assert_at (window, BAD_X, BAD_Y);
  ms_test_iterate_until_within (30, has_region, window, "the other finding's tiles");
  spans = ms_zone_view_get_preview (ms_zone_window_get_view (window), &n_spans);
  g_assert_cmpuint (n_spans, ==, 1);
  g_assert_cmpuint (spans[0].x0, ==, BAD_X);
  g_assert_cmpuint (spans[0].x1, ==, BAD_X + 1);
  g_assert_cmpuint (spans[0].y, ==, BAD_Y);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (100);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_STATE_HOME", NULL);

  g_test_add_func ("/zone-checks/page", test_checks_page);
  g_test_add_func ("/zone-checks/step-all-tiles", test_step_all_tiles);
  return ms_test_app_run ();
}
