/* board-window.c — the part of a board that fits the terminal.
 *
 * A board of an expansion game grows wider than 80 columns; drawn whole
 * every decision it wraps and scrolls away what the player looks for.
 * Unless --full is given, the board is drawn through a window of whole
 * cells that fits the width (and, where the height is known, the
 * height), placed around what the player must see: the options lettered
 * on the board (cells a tile may go to, segments a figure may take),
 * else the tile placed last.  A line above the board says which part is
 * shown and names the options the window leaves out. */
#include "config.h"

#include <string.h>

#include "cli.h"

/* Rows of cells drawn when the terminal's height is unknown (a pipe):
 * 27 lines, the board of most games whole. */
#define DEFAULT_ROWS 9
/* Never fewer rows than this, however small the terminal. */
#define MIN_ROWS 5
/* Lines a decision needs besides the board (seats, tile, options). */
#define LINES_BESIDES_BOARD 14
/* (Each row of cells is 3 lines of text: board-render.h.) */

typedef struct {
  int min, max;
} Span;

static void
span_add(Span *s, int v)
{
  s->min = MIN(s->min, v);
  s->max = MAX(s->max, v);
}

static gboolean
span_empty(const Span *s)
{
  return s->min > s->max;
}

/* The @n cells of a window around @focus inside @board: centred on it
 * when it fits, else on its middle; moved inside the board so that no
 * cell of the window is wasted. */
static Span
place(Span board, Span focus, int n)
{
  if (board.max - board.min + 1 <= n)
    return board;
  int middle = span_empty(&focus) ? (board.min + board.max) / 2
                                  : (focus.min + focus.max) / 2;
  Span w = { middle - (n - 1) / 2, middle - (n - 1) / 2 + n - 1 };
  if (!span_empty(&focus) && focus.max - focus.min + 1 <= n) {
    /* Everything in focus fits: as much of the board around it too. */
    w.min = focus.min - (n - (focus.max - focus.min + 1)) / 2;
    w.max = w.min + n - 1;
  }
  if (w.min < board.min) {
    w.max += board.min - w.min;
    w.min = board.min;
  }
  if (w.max > board.max) {
    w.min -= w.max - board.max;
    w.max = board.max;
  }
  return w;
}

static gboolean
inside(const BoardView *v, int x, int y)
{
  return x >= v->window_min_x && x <= v->window_max_x &&
         y >= v->window_min_y && y <= v->window_max_y;
}

/* Appends the labels of the options @view's window leaves out. */
static void
append_left_out(GString *out, const BoardView *view)
{
  GString *names = g_string_new(NULL);
  for (guint i = 0; i < view->n_marks; i++)
    if (!inside(view, view->marks[i].x, view->marks[i].y))
      g_string_append_printf(names, " %s", view->marks[i].label);
  for (guint i = 0; view->labels && i < view->n_labels; i++)
    if (!inside(view, view->labels[i].x, view->labels[i].y) &&
        !strchr(names->str, view->labels[i].label))
      g_string_append_printf(names, " %c", view->labels[i].label);
  if (names->len)
    g_string_append_printf(out, "; options outside it:%s", names->str);
  g_string_free(names, TRUE);
}

void
cli_board_window(BoardView *view, guint columns, guint lines, gboolean tight,
                 GString *note)
{
  Span bx = { G_MAXINT, G_MININT }, by = bx, fx = bx, fy = bx;
  for (guint i = 0; i < view->n_tiles; i++) {
    span_add(&bx, view->tiles[i].x);
    span_add(&by, view->tiles[i].y);
  }
  for (guint i = 0; i < view->n_marks; i++) {
    span_add(&bx, view->marks[i].x);
    span_add(&by, view->marks[i].y);
    span_add(&fx, view->marks[i].x);
    span_add(&fy, view->marks[i].y);
  }
  if (span_empty(&bx))
    return;
  for (guint i = 0; view->labels && i < view->n_labels; i++) {
    span_add(&fx, view->labels[i].x);
    span_add(&fy, view->labels[i].y);
  }
  if (span_empty(&fx) && view->has_last) {
    span_add(&fx, view->last_x);
    span_add(&fy, view->last_y);
  }
  int rows = lines > 0 ? (int)MAX((lines - MIN(lines, LINES_BESIDES_BOARD)) /
                                    3, MIN_ROWS)
                       : DEFAULT_ROWS;
  /* As many columns of cells as fit beside the y labels. */
  int cols = 1;
  while (board_render_columns(view, 0, cols, by.min, by.max) <= columns)
    cols++;
  /* A tight window: the options and one tile around them, no more (a
   * figure's next step in the same turn: the rest was just shown). */
  if (tight && !span_empty(&fx)) {
    cols = MIN(cols, fx.max - fx.min + 3);
    rows = MIN(rows, fy.max - fy.min + 3);
  }
  if (bx.max - bx.min + 1 <= cols && by.max - by.min + 1 <= rows)
    return; /* the whole board fits */
  Span wx = place(bx, fx, cols), wy = place(by, fy, rows);
  view->has_window = TRUE;
  view->window_min_x = wx.min;
  view->window_max_x = wx.max;
  view->window_min_y = wy.min;
  view->window_max_y = wy.max;
  GString *line = g_string_new(NULL);
  g_string_append_printf(line, "Part of the board: x %d..%d, y %d..%d of "
                         "x %d..%d, y %d..%d (--full, or 'full' at a "
                         "prompt, shows all)", wx.min, wx.max, wy.min,
                         wy.max, bx.min, bx.max, by.min, by.max);
  append_left_out(line, view);
  g_string_append_c(line, '.');
  cli_append_wrapped(note, line->str, MIN(columns, CLI_TEXT_WIDTH), "  ");
  g_string_free(line, TRUE);
}
