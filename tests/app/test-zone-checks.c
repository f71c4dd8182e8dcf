/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The zone window's Checks page in a real display: it lists the findings
 * of a fixture zone whose offences this test placed, choosing a row moves
 * the view's centre onto the tile the test put there (its centre, x + 0.5,
 * y + 0.5, row-major) and outlines it, F8's action steps through the
 * finding's tiles, and an edit that removes an offence re-runs the audit.
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
write_zone (void)
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
  for (guint k = 0; k < G_N_ELEMENTS (plants_at); k++)
    {
      guint i = plants_at[k].y * N + plants_at[k].x;

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
  /* The chosen finding is gone, and its outline with it. */
  g_assert_false (ms_zone_checks_panel_get_chosen (panel, NULL, NULL));
  g_assert_false (ms_zone_view_get_highlight (ms_zone_window_get_view (window), NULL, NULL, NULL, NULL));
  g_assert_cmpstr (((MsAuditFinding *) g_ptr_array_index (ms_zone_checks_panel_get_findings (panel), 0))->check,
                   ==, MS_ZONE_AUDIT_PLANT_NOT_ALLOWED);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (100);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_STATE_HOME", NULL);

  g_test_add_func ("/zone-checks/page", test_checks_page);
  return ms_test_app_run ();
}
