/* board-render.c — the board, single tiles and the legend as text
 * (layout: board-render.h; one tile's block: board-block.c). */
#include "config.h"

#include <string.h>

#include "board-block.h"

/* ---- glyphs and colours ----------------------------------------------- */

/* The Unicode glyph of a road's centre, by the displayed sides its road
 * touches (bit per MeepleSide: N 1, E 2, S 4, W 8). */
static const char *const road_centre[16] = {
  [0x3] = "└", [0x5] = "│", [0x6] = "┌", [0x7] = "├", [0x9] = "┘",
  [0xa] = "─", [0xb] = "┴", [0xc] = "┐", [0xd] = "┤", [0xe] = "┬",
  [0xf] = "┼",
};

/* Appends the glyph of @cell.  Unicode replaces the terrain only; which
 * ASCII glyph means what depends on its ink ('+' is a road bend or a
 * wall between two cities). */
static void
append_glyph(GString *out, const BoardCell *cell, BoardRenderFlags flags)
{
  const char *text = NULL;
  if ((flags & BOARD_RENDER_UNICODE) && cell->unicode) {
    text = cell->unicode;   /* a neutral figure's or a symbol look's */
  } else if (flags & BOARD_RENDER_UNICODE) {
    switch (cell->ink) {
    case BOARD_INK_CITY:
      text = cell->glyph == '#' ? "▓" : cell->glyph == '+' ? "░"
             : cell->glyph == '*' ? "◆" : NULL;
      break;
    case BOARD_INK_ROAD:
      text = cell->glyph == '|' ? "│" : cell->glyph == '-' ? "─"
             : cell->glyph == 'o' ? "○"
             : cell->glyph == '+' ? road_centre[cell->sides & 0xf] : NULL;
      if (cell->glyph == '+' && !text)
        text = "┼";
      break;
    case BOARD_INK_FIELD:
      text = cell->glyph == '.' ? "·" : cell->glyph == 'g' ? "♣"
             : cell->glyph == '*' ? "◆" : NULL;
      break;
    case BOARD_INK_MONASTERY:
      text = cell->glyph == 'M' ? "†" : cell->glyph == '*' ? "◆" : NULL;
      break;
    default:
      break;
    }
  }
  if (text)
    g_string_append(out, text);
  else
    g_string_append_c(out, cell->glyph);
}

static const char *
ink_escape(guint ink)
{
  /* Players: red, blue, yellow, green, magenta, cyan, shown inverted so
   * they stand out from the terrain. */
  static const char *const players[MEEPLE_MAX_PLAYERS + 1] = {
    "\033[1;7;31m", "\033[1;7;34m", "\033[1;7;33m", "\033[1;7;32m",
    "\033[1;7;35m", "\033[1;7;36m", "\033[1;7m",
  };
  switch (ink) {
  case BOARD_INK_CITY: return "\033[33m";
  case BOARD_INK_ROAD: return "\033[1m";
  case BOARD_INK_FIELD: return "\033[32m";
  /* Orange (256 colours): no seat has it, so a monastery is never
   * taken for seat 1's red figure. */
  case BOARD_INK_MONASTERY: return "\033[1;38;5;208m";
  case BOARD_INK_OTHER: return "\033[35m";
  case BOARD_INK_MARK: return "\033[1;4m";
  default:
    if (ink >= BOARD_INK_FIGURE &&
        ink <= BOARD_INK_FIGURE + MEEPLE_MAX_PLAYERS)
      return players[ink - BOARD_INK_FIGURE];
    return "";
  }
}

/* The escape added to a cell's ink for its highlight bits: a grey
 * background for the last tile (the seats' figures are drawn in reverse
 * video, so theirs stays their colour), underlined figures. */
static void
append_highlight(GString *out, guint8 highlight)
{
  if (highlight & BOARD_HIGHLIGHT_TILE)
    g_string_append(out, "\033[48;5;238m");
  if (highlight & BOARD_HIGHLIGHT_FIGURE)
    g_string_append(out, "\033[4m");
}

/* Appends @n cells; with colour, an escape wherever the ink or the
 * highlight changes and a reset at the end if anything was coloured. */
static void
append_cells(GString *out, const BoardCell *cells, int n,
             BoardRenderFlags flags)
{
  gboolean colour = (flags & BOARD_RENDER_COLOUR) != 0;
  guint current = BOARD_INK_NONE;
  guint8 lit = 0;
  for (int c = 0; c < n; c++) {
    if (colour && (cells[c].ink != current || cells[c].highlight != lit)) {
      g_string_append(out, "\033[0m");
      g_string_append(out, ink_escape(cells[c].ink));
      append_highlight(out, cells[c].highlight);
      current = cells[c].ink;
      lit = cells[c].highlight;
    }
    append_glyph(out, &cells[c], flags);
  }
  if (colour && (current != BOARD_INK_NONE || lit))
    g_string_append(out, "\033[0m");
}

/* No trailing blanks: golden files stay clean. */
static void
trim_line(GString *out, gsize start)
{
  while (out->len > start && out->str[out->len - 1] == ' ')
    g_string_truncate(out, out->len - 1);
}

/* ---- single tiles --------------------------------------------------- */

void
board_render_tile(GString *out, const BoardKind *kinds, guint n_kinds,
                  const MeepleSymbolLook *const *looks, guint n_looks,
                  const MeepleTileType *type, const char *prefix,
                  BoardRenderFlags flags)
{
  if (!type)
    return;
  BoardBlock blocks[4];
  for (guint r = 0; r < 4; r++)
    board_block_init(&blocks[r], kinds, n_kinds, looks, n_looks, type, r);
  for (int row = 0; row < BOARD_CELL_H; row++) {
    g_string_append(out, prefix);
    for (guint r = 0; r < 4; r++) {
      append_cells(out, blocks[r].cell[row], BOARD_CELL_W, flags);
      if (r < 3)
        g_string_append(out, "   ");
    }
    g_string_append_c(out, '\n');
  }
}

const char *
board_figure_look_glyph(const MeepleLook *look, const char *type_name,
                        int owner, BoardRenderFlags flags)
{
  if (owner < 0 && (flags & BOARD_RENDER_UNICODE) && look && look->ascii &&
      look->unicode)
    return g_intern_string(look->unicode);
  char glyph[2] = { board_block_figure_char(look, type_name, owner), '\0' };
  return g_intern_string(glyph);
}

const char *
board_figure_glyph(const char *type_name, int owner, BoardRenderFlags flags)
{
  return board_figure_look_glyph(NULL, type_name, owner, flags);
}

/* Whether an earlier symbol than @i has the same look (a rule set's three
 * areas share one): the legend names it once. */
static gboolean
look_seen(const MeepleSymbolLook *const *looks, guint i)
{
  for (guint j = 0; j < i; j++)
    if (looks[j] && looks[j]->glyph == looks[i]->glyph &&
        strcmp(looks[j]->unicode, looks[i]->unicode) == 0 &&
        strcmp(looks[j]->legend, looks[i]->legend) == 0)
      return TRUE;
  return FALSE;
}

void
board_render_legend_with(GString *out, const char *const *neutral,
                         const MeepleSymbolLook *const *looks, guint n_looks,
                         BoardRenderFlags flags)
{
  board_render_legend_looks(out, neutral, NULL, looks, n_looks, flags);
}

void
board_render_legend_looks(GString *out, const char *const *neutral,
                          const MeepleLook *neutral_looks,
                          const MeepleSymbolLook *const *looks,
                          guint n_looks, BoardRenderFlags flags)
{
  if (flags & BOARD_RENDER_UNICODE)
    g_string_append(out,
                    "Legend: ▓ city  ░ wall  ◆ pennant  ─ │ ┌ road  "
                    "○ crossroads  · field  † monastery  ♣ garden  "
                    "1-6 figure of seat");
  else
    g_string_append(out,
                    "Legend: # city  * pennant  - | + road  o crossroads  "
                    ". field  M monastery  g garden  1-6 figure of seat");
  for (guint i = 0; looks && i < n_looks; i++)
    if (looks[i] && !look_seen(looks, i)) {
      if (flags & BOARD_RENDER_UNICODE)
        g_string_append_printf(out, "  %s %s", looks[i]->unicode,
                               looks[i]->legend);
      else
        g_string_append_printf(out, "  %c %s", looks[i]->glyph,
                               looks[i]->legend);
    }
  for (guint i = 0; neutral && neutral[i]; i++)
    g_string_append_printf(out, "  %s %s",
                           board_figure_look_glyph(
                             neutral_looks ? &neutral_looks[i] : NULL,
                             neutral[i], -1, flags),
                           neutral[i]);
  g_string_append_c(out, '\n');
}

/* ---- the board -------------------------------------------------------- */

/* A text grid covering the board's bounding box. */
typedef struct {
  int min_x, max_x, min_y, max_y;
  int cols, rows;
  BoardCell *cells;
} Canvas;

static BoardCell *
canvas_at(Canvas *canvas, int x, int y, int col, int row)
{
  gsize r = (gsize)((y - canvas->min_y) * BOARD_CELL_H + row);
  gsize c = (gsize)((x - canvas->min_x) * BOARD_CELL_W + col);
  return &canvas->cells[r * (gsize)canvas->cols + c];
}

static void
canvas_init(Canvas *canvas, const BoardView *view)
{
  canvas->min_x = canvas->min_y = G_MAXINT;
  canvas->max_x = canvas->max_y = G_MININT;
  for (guint i = 0; i < view->n_tiles + view->n_marks; i++) {
    int x = i < view->n_tiles ? view->tiles[i].x
                              : view->marks[i - view->n_tiles].x;
    int y = i < view->n_tiles ? view->tiles[i].y
                              : view->marks[i - view->n_tiles].y;
    canvas->min_x = MIN(canvas->min_x, x);
    canvas->max_x = MAX(canvas->max_x, x);
    canvas->min_y = MIN(canvas->min_y, y);
    canvas->max_y = MAX(canvas->max_y, y);
  }
  /* A window leaves out what lies outside it, and never adds empty
   * margins beyond the board. */
  if (view->has_window) {
    canvas->min_x = MAX(canvas->min_x, view->window_min_x);
    canvas->max_x = MIN(canvas->max_x, view->window_max_x);
    canvas->min_y = MAX(canvas->min_y, view->window_min_y);
    canvas->max_y = MIN(canvas->max_y, view->window_max_y);
    if (canvas->max_x < canvas->min_x)
      canvas->max_x = canvas->min_x;
    if (canvas->max_y < canvas->min_y)
      canvas->max_y = canvas->min_y;
  }
  canvas->cols = (canvas->max_x - canvas->min_x + 1) * BOARD_CELL_W;
  canvas->rows = (canvas->max_y - canvas->min_y + 1) * BOARD_CELL_H;
  gsize n = (gsize)canvas->cols * (gsize)canvas->rows;
  canvas->cells = g_new(BoardCell, n);
  for (gsize i = 0; i < n; i++)
    canvas->cells[i] = (BoardCell){ ' ', BOARD_INK_NONE, 0, NULL, 0 };
}

/* Whether cell (x, y) is on the canvas (inside the window). */
static gboolean
canvas_has(const Canvas *canvas, int x, int y)
{
  return x >= canvas->min_x && x <= canvas->max_x && y >= canvas->min_y &&
         y <= canvas->max_y;
}

static void
draw_tile(Canvas *canvas, const BoardView *view, const BoardTile *tile)
{
  if (!canvas_has(canvas, tile->x, tile->y))
    return;
  BoardBlock b;
  board_block_init(&b, view->kinds, view->n_kinds, view->looks, view->n_looks,
                   tile->type, tile->rotation);
  /* Figures in the view's order, so two on one tile land the same way
   * every time: first the seats' figures on segments, then neutral ones
   * on segments (a neutral figure beside a follower), then whatever stands on
   * the tile itself (on no segment), which takes a corner nobody needs. */
  for (int pass = 0; pass < 3; pass++)
    for (guint i = 0; i < view->n_figures; i++) {
      const BoardFigure *f = &view->figures[i];
      int wanted = f->segment == BOARD_SEGMENT_NONE ? 2 : f->owner < 0 ? 1 : 0;
      if (f->x == tile->x && f->y == tile->y && wanted == pass)
        board_block_add_figure(&b, f);
    }
  for (guint i = 0; view->labels && i < view->n_labels; i++)
    if (view->labels[i].x == tile->x && view->labels[i].y == tile->y)
      board_block_add_label(&b, view->labels[i].segment,
                            view->labels[i].label);
  gboolean last = view->has_last && tile->x == view->last_x &&
                  tile->y == view->last_y;
  for (int r = 0; r < BOARD_CELL_H; r++)
    for (int c = 0; c < BOARD_CELL_W; c++) {
      if (last)
        b.cell[r][c].highlight |= BOARD_HIGHLIGHT_TILE;
      *canvas_at(canvas, tile->x, tile->y, c, r) = b.cell[r][c];
    }
}

static void
draw_mark(Canvas *canvas, const BoardView *view, const BoardMark *mark)
{
  if (!canvas_has(canvas, mark->x, mark->y))
    return;
  /* Marks are for empty cells; a tile there wins. */
  for (guint i = 0; i < view->n_tiles; i++)
    if (view->tiles[i].x == mark->x && view->tiles[i].y == mark->y)
      return;
  const char *label = mark->label ? mark->label : "";
  int n = MIN((int)strlen(label), 3);
  int start = (BOARD_CELL_W - n) / 2;
  for (int i = 0; i < n; i++)
    *canvas_at(canvas, mark->x, mark->y, start + i, 1) =
      (BoardCell){ label[i], BOARD_INK_MARK, 0, NULL, 0 };
}

/* Appends @value centred in @width characters, in brackets when
 * @bracket (the last tile's column). */
static void
append_centred(GString *out, int value, int width, gboolean bracket)
{
  char label[16];
  int n = g_snprintf(label, sizeof label, bracket ? "[%d]" : "%d", value);
  int left = (width - n) / 2;
  if (left < 0)
    left = 0;
  g_string_append_printf(out, "%*s%s%*s", left, "", label,
                         MAX(width - n - left, 0), "");
}

static void
append_x_axis(GString *out, const Canvas *canvas, const BoardView *view,
              int margin)
{
  gsize start = out->len;
  g_string_append_printf(out, "%*s", margin, "");
  for (int x = canvas->min_x; x <= canvas->max_x; x++)
    append_centred(out, x, BOARD_CELL_W,
                   view->has_last && x == view->last_x);
  trim_line(out, start);
  g_string_append_c(out, '\n');
}

static void
append_rows(GString *out, const Canvas *canvas, const BoardView *view,
            int margin, BoardRenderFlags flags)
{
  for (int r = 0; r < canvas->rows; r++) {
    gsize start = out->len;
    int y = canvas->min_y + r / BOARD_CELL_H;
    if (r % BOARD_CELL_H == 1 && view->has_last && y == view->last_y) {
      char label[16];
      g_snprintf(label, sizeof label, "[%d]", y);
      g_string_append_printf(out, "%*s ", margin - 1, label);
    } else if (r % BOARD_CELL_H == 1)
      g_string_append_printf(out, "%*d ", margin - 1, y);
    else
      g_string_append_printf(out, "%*s", margin, "");
    const BoardCell *row = &canvas->cells[(gsize)r * (gsize)canvas->cols];
    int end = canvas->cols;
    while (end > 0 && row[end - 1].glyph == ' ')
      end--;
    append_cells(out, row, end, flags);
    trim_line(out, start);
    g_string_append_c(out, '\n');
  }
}

/* A seat's figure standing on segment @segment of the tile at (x, y),
 * or NULL. */
static const BoardFigure *
owned_figure_on(const BoardView *view, int x, int y, guint segment)
{
  for (guint i = 0; i < view->n_figures; i++) {
    const BoardFigure *f = &view->figures[i];
    if (f->owner >= 0 && f->x == x && f->y == y && f->segment == segment)
      return f;
  }
  return NULL;
}

/* The board shows a seat's figures as its digit whatever their type; a
 * line under it names every figure on the board that is not a plain
 * follower (another figure type, a neutral figure), so none is mistaken for one.  A neutral
 * figure comes with its glyph; one on the tile itself is just "at x,y";
 * one on a seat's figure's segment (a neutral figure with a follower) is
 * "beside" that seat. */
static void
append_other_figures(GString *out, const BoardView *view,
                     BoardRenderFlags flags)
{
  gboolean first = TRUE;
  for (guint i = 0; i < view->n_figures; i++) {
    const BoardFigure *f = &view->figures[i];
    if (f->type_name && strcmp(f->type_name, "follower") == 0)
      continue;
    g_string_append(out, first ? "Figures besides followers: " : ", ");
    first = FALSE;
    g_string_append(out, f->type_name ? f->type_name : "?");
    if (f->owner >= 0)
      g_string_append_printf(out, " of seat %d", f->owner + 1);
    else
      g_string_append_printf(out, " (%s)",
                             board_figure_look_glyph(&f->look, f->type_name,
                                                     -1, flags));
    g_string_append_printf(out, " at %d,%d", f->x, f->y);
    if (f->segment == BOARD_SEGMENT_NONE)
      continue;
    const BoardFigure *beside =
      f->owner < 0 ? owned_figure_on(view, f->x, f->y, f->segment) : NULL;
    if (beside)
      g_string_append_printf(out, " beside seat %d", beside->owner + 1);
    g_string_append_printf(out, " on %s",
                           board_segment_name(view, f->x, f->y, f->segment));
  }
  if (!first)
    g_string_append_c(out, '\n');
}

/* The tiles set aside face up, when there are any. */
static void
append_set_aside(GString *out, const BoardView *view)
{
  if (view->n_set_aside == 0 || !view->set_aside)
    return;
  g_string_append(out, "Tiles set aside:");
  for (guint i = 0; i < view->n_set_aside; i++)
    g_string_append_printf(out, " %s",
                           view->set_aside[i] ? view->set_aside[i] : "?");
  g_string_append_c(out, '\n');
}

/* The rule sets' public notes, one line each. */
static void
append_notes(GString *out, const BoardView *view)
{
  for (guint i = 0; view->note_labels && view->note_texts && i < view->n_notes;
       i++)
    g_string_append_printf(out, "%s: %s\n", view->note_labels[i],
                           view->note_texts[i]);
}

/* Appends the lines of @text, each wrapped at blanks to at most @width
 * characters (0: as they are), continuation lines indented by two: the
 * list of figures of a large board is longer than a terminal is wide. */
static void
append_wrapped(GString *out, const char *text, guint width)
{
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **line = lines; *line; line++) {
    if (!**line)
      continue;
    if (width == 0) {
      g_string_append_printf(out, "%s\n", *line);
      continue;
    }
    /* Items ("follower of seat 1 at 0,1 on C1,") stay whole where
     * they fit: a line breaks after a ',' or ';' first, else (an item
     * longer than a line) between any two words. */
    g_auto(GStrv) words = g_strsplit(*line, " ", -1);
    guint column = 0;
    for (char **w = words; *w;) {
      char **end = w;
      guint n = (guint)g_utf8_strlen(*end, -1);
      while (end[1] && !g_str_has_suffix(*end, ",") &&
             !g_str_has_suffix(*end, ";")) {
        end++;
        n += 1 + (guint)g_utf8_strlen(*end, -1);
      }
      if (n + 2 > width) {
        end = w;
        n = (guint)g_utf8_strlen(*w, -1);
      }
      if (column > 0 && column + 1 + n > width) {
        g_string_append(out, "\n  ");
        column = 2;
      } else if (column > 0) {
        g_string_append_c(out, ' ');
        column++;
      }
      for (char **x = w; x <= end; x++)
        g_string_append_printf(out, "%s%s", x == w ? "" : " ", *x);
      column += n;
      w = end + 1;
    }
    g_string_append_c(out, '\n');
  }
}

/* Width of the y labels' margin for rows @min_y..@max_y: as wide as
 * the widest label, with room for the brackets of the last tile's. */
static int
label_margin(const BoardView *view, int min_y, int max_y)
{
  int margin = MAX(g_snprintf(NULL, 0, "%d", min_y),
                   g_snprintf(NULL, 0, "%d", max_y)) + 1;
  if (view->has_last)
    margin = MAX(margin, g_snprintf(NULL, 0, "[%d]", view->last_y) + 1);
  return margin;
}

guint
board_render_columns(const BoardView *view, int min_x, int max_x, int min_y,
                     int max_y)
{
  return (guint)label_margin(view, min_y, max_y) +
         (guint)(MAX(max_x - min_x + 1, 1) * BOARD_CELL_W);
}

void
board_render(GString *out, const BoardView *view, BoardRenderFlags flags)
{
  if (view->n_tiles == 0 && view->n_marks == 0) {
    g_string_append(out, "(empty board)\n");
    return;
  }
  Canvas canvas;
  canvas_init(&canvas, view);
  for (guint i = 0; i < view->n_tiles; i++)
    if (view->tiles[i].type)
      draw_tile(&canvas, view, &view->tiles[i]);
  for (guint i = 0; i < view->n_marks; i++)
    draw_mark(&canvas, view, &view->marks[i]);

  /* y labels: as wide as the widest of them, on each block's middle row. */
  int margin = label_margin(view, canvas.min_y, canvas.max_y);
  append_x_axis(out, &canvas, view, margin);
  append_rows(out, &canvas, view, margin, flags);
  append_x_axis(out, &canvas, view, margin);
  g_free(canvas.cells);
  GString *under = g_string_new(NULL);
  append_other_figures(under, view, flags);
  append_set_aside(under, view);
  append_notes(under, view);
  append_wrapped(out, under->str, view->width);
  g_string_free(under, TRUE);
}

const char *
board_segment_name(const BoardView *view, int x, int y, guint segment)
{
  for (guint i = 0; i < view->n_tiles; i++) {
    const BoardTile *t = &view->tiles[i];
    if (t->x == x && t->y == y && t->type && segment < t->type->n_segments)
      return t->type->segments[segment].name;
  }
  char text[16];
  g_snprintf(text, sizeof text, "%u", segment);
  return g_intern_string(text);
}
