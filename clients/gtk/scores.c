/* scores.c — the score table and plot (see scores.h). */
#include "config.h"

#include <string.h>

#include "event-text.h"
#include "look.h"
#include "scores.h"

#define MAX_CATEGORIES 16

struct MgScores {
  GtkWidget *box, *grid, *plot;
  guint n_seats;
  char *names[MEEPLE_MAX_PLAYERS];
  guint n_categories;
  char *categories[MAX_CATEGORIES];
  int points[MEEPLE_MAX_PLAYERS][MAX_CATEGORIES];
  GArray *history[MEEPLE_MAX_PLAYERS]; /* int per turn: the score then */
};

/* Where a points-scored event's points go: its feature kind, else the
 * rule set named by its rule's prefix ("ABC-14" -> "abc"). */
static char *
category_of(const MeepleClientEvent *e)
{
  if (e->kind && *e->kind)
    return g_strdup(e->kind);
  if (e->rule && *e->rule) {
    const char *dash = strchr(e->rule, '-');
    char *c = g_ascii_strdown(e->rule, dash ? dash - e->rule : -1);
    return c;
  }
  return g_strdup("other");
}

static guint
category_index(MgScores *s, const char *name)
{
  for (guint i = 0; i < s->n_categories; i++)
    if (strcmp(s->categories[i], name) == 0)
      return i;
  if (s->n_categories == MAX_CATEGORIES)
    return MAX_CATEGORIES - 1;
  s->categories[s->n_categories] = g_strdup(name);
  return s->n_categories++;
}

static void
draw_plot(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data)
{
  (void)area;
  MgScores *s = data;
  guint turns = 0;
  int top = 10;
  for (guint p = 0; p < s->n_seats; p++) {
    turns = MAX(turns, s->history[p]->len);
    for (guint t = 0; t < s->history[p]->len; t++)
      top = MAX(top, g_array_index(s->history[p], int, t));
  }
  double left = 30, bottom = h - 18, right = w - 8, up = 8;
  cairo_set_source_rgba(cr, .5, .5, .5, .6);
  cairo_set_line_width(cr, 1);
  cairo_move_to(cr, left, up);
  cairo_line_to(cr, left, bottom);
  cairo_line_to(cr, right, bottom);
  cairo_stroke(cr);
  cairo_set_font_size(cr, 10);
  char label[32];
  g_snprintf(label, sizeof label, "%d", top);
  cairo_move_to(cr, 2, up + 8);
  cairo_show_text(cr, label);
  g_snprintf(label, sizeof label, "turn %u", turns);
  cairo_move_to(cr, right - 40, h - 4);
  cairo_show_text(cr, label);
  if (turns < 2)
    return;
  /* one line per seat: its colour and a dash pattern of its own */
  for (guint p = 0; p < s->n_seats; p++) {
    const GdkRGBA *c = mg_look_seat_colour(p);
    double dash[2] = { 2.0 + 3 * p, 2.0 };
    cairo_set_dash(cr, dash, p ? 2 : 0, 0);
    cairo_set_line_width(cr, 2.5);
    cairo_set_source_rgb(cr, c->red, c->green, c->blue);
    for (guint t = 0; t < s->history[p]->len; t++) {
      double x = left + (right - left) * t / (turns - 1);
      double y = bottom - (bottom - up) * g_array_index(s->history[p], int, t)
                          / top;
      if (t == 0)
        cairo_move_to(cr, x, y);
      else
        cairo_line_to(cr, x, y);
    }
    cairo_stroke(cr);
  }
}

MgScores *
mg_scores_new(void)
{
  MgScores *s = g_new0(MgScores, 1);
  s->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  s->grid = gtk_grid_new();
  gtk_grid_set_column_spacing(GTK_GRID(s->grid), 10);
  gtk_grid_set_row_spacing(GTK_GRID(s->grid), 2);
  gtk_box_append(GTK_BOX(s->box), s->grid);
  s->plot = gtk_drawing_area_new();
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(s->plot), 140);
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(s->plot), draw_plot, s,
                                 NULL);
  gtk_accessible_update_property(GTK_ACCESSIBLE(s->plot),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 "Scores over the turns", -1);
  gtk_box_append(GTK_BOX(s->box), s->plot);
  for (guint p = 0; p < MEEPLE_MAX_PLAYERS; p++)
    s->history[p] = g_array_new(FALSE, FALSE, sizeof(int));
  return s;
}

static void
reset(MgScores *s)
{
  for (guint i = 0; i < s->n_categories; i++)
    g_free(s->categories[i]);
  for (guint p = 0; p < MEEPLE_MAX_PLAYERS; p++) {
    g_free(s->names[p]);
    s->names[p] = NULL;
    g_array_set_size(s->history[p], 0);
  }
  s->n_categories = 0;
  memset(s->points, 0, sizeof s->points);
}

void
mg_scores_free(MgScores *s)
{
  if (!s)
    return;
  reset(s);
  for (guint p = 0; p < MEEPLE_MAX_PLAYERS; p++)
    g_array_unref(s->history[p]);
  g_free(s);
}

GtkWidget *
mg_scores_widget(MgScores *s)
{
  return s->box;
}

static void
cell(MgScores *s, const char *text, int col, int row, gboolean bold)
{
  GtkWidget *l = gtk_label_new(NULL);
  if (bold) {
    char *m = g_markup_printf_escaped("<b>%s</b>", text);
    gtk_label_set_markup(GTK_LABEL(l), m);
    g_free(m);
  } else {
    gtk_label_set_text(GTK_LABEL(l), text);
  }
  gtk_label_set_xalign(GTK_LABEL(l), col ? 1 : 0);
  gtk_grid_attach(GTK_GRID(s->grid), l, col, row, 1, 1);
}

void
mg_scores_update(MgScores *s, const MeepleClientState *state,
                 GPtrArray *events, guint n)
{
  reset(s);
  s->n_seats = state ? MIN(state->seats->len, MEEPLE_MAX_PLAYERS) : 0;
  /* the core kinds first, in the order of the rulebook's summary */
  static const char *const core[] = { "road", "city", "monastery", "field" };
  for (guint i = 0; i < G_N_ELEMENTS(core); i++)
    category_index(s, core[i]);
  int total[MEEPLE_MAX_PLAYERS] = { 0 };
  for (guint p = 0; p < s->n_seats; p++)
    g_array_append_val(s->history[p], total[p]);
  for (guint i = 0; events && i < MIN(n, events->len); i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (strcmp(e->type, "turn-started") == 0 && e->arg > 1) {
      for (guint p = 0; p < s->n_seats; p++)
        g_array_append_val(s->history[p], total[p]);
    } else if (strcmp(e->type, "points-scored") == 0 && e->seat >= 0 &&
               (guint)e->seat < s->n_seats) {
      g_autofree char *c = category_of(e);
      s->points[e->seat][category_index(s, c)] += e->points;
      total[e->seat] += e->points;
    }
  }
  for (guint p = 0; p < s->n_seats; p++)
    g_array_append_val(s->history[p], total[p]);
  /* the table */
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(s->grid)))
    gtk_grid_remove(GTK_GRID(s->grid), child);
  cell(s, "", 0, 0, TRUE);
  for (guint p = 0; p < s->n_seats; p++) {
    char buf[32];
    cell(s, mg_seat_name(state, (int)p, buf), (int)p + 1, 0, TRUE);
  }
  int row = 1;
  for (guint c = 0; c < s->n_categories; c++) {
    char *label = g_strdup(s->categories[c]);
    label[0] = g_ascii_toupper(label[0]);
    cell(s, label, 0, row, FALSE);
    g_free(label);
    for (guint p = 0; p < s->n_seats; p++) {
      char num[16];
      g_snprintf(num, sizeof num, "%d", s->points[p][c]);
      cell(s, num, (int)p + 1, row, FALSE);
    }
    row++;
  }
  cell(s, "Total", 0, row, TRUE);
  for (guint p = 0; p < s->n_seats; p++) {
    char num[16];
    g_snprintf(num, sizeof num, "%d", total[p]);
    cell(s, num, (int)p + 1, row, TRUE);
  }
  gtk_widget_queue_draw(s->plot);
}

int
mg_scores_points(MgScores *s, guint seat, const char *category)
{
  for (guint c = 0; c < s->n_categories; c++)
    if (strcmp(s->categories[c], category) == 0 && seat < s->n_seats)
      return s->points[seat][c];
  return -1;
}
