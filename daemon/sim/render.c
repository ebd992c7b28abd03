/* render.c — the board and the scores as text (layout: render.h). */
#include "config.h"

#include <string.h>

#include "render.h"

#define CELL_W 5
#define CELL_H 3

/* Colour classes of one character on the canvas. */
enum {
  INK_NONE = 0,
  INK_CITY,
  INK_ROAD,
  INK_FIELD,
  INK_MONASTERY,
  INK_OTHER,
  INK_FIGURE, /* + seat; INK_FIGURE + MEEPLE_MAX_PLAYERS = neutral */
};

/* Half-edge cells: where half-edge h is drawn, and the side it is on. */
static const struct { int col, row, side; } half_cell[8] = {
  [MEEPLE_HALF_NW] = { 1, 0, MEEPLE_NORTH },
  [MEEPLE_HALF_NE] = { 3, 0, MEEPLE_NORTH },
  [MEEPLE_HALF_EN] = { 4, 0, MEEPLE_EAST },
  [MEEPLE_HALF_ES] = { 4, 2, MEEPLE_EAST },
  [MEEPLE_HALF_SE] = { 3, 2, MEEPLE_SOUTH },
  [MEEPLE_HALF_SW] = { 1, 2, MEEPLE_SOUTH },
  [MEEPLE_HALF_WS] = { 0, 2, MEEPLE_WEST },
  [MEEPLE_HALF_WN] = { 0, 0, MEEPLE_WEST },
};

/* Middle cell of each side, and the half-edge drawn for a field there. */
static const struct { int col, row, half; } side_cell[4] = {
  [MEEPLE_NORTH] = { 2, 0, MEEPLE_HALF_NW },
  [MEEPLE_EAST] = { 4, 1, MEEPLE_HALF_EN },
  [MEEPLE_SOUTH] = { 2, 2, MEEPLE_HALF_SW },
  [MEEPLE_WEST] = { 0, 1, MEEPLE_HALF_WN },
};

/* Where a figure is drawn: the first cell of its segment in this order, so
 * that it sits in the middle of what it stands on when it can. */
static const int figure_order[CELL_W * CELL_H][2] = {
  { 2, 1 }, { 2, 0 }, { 4, 1 }, { 2, 2 }, { 0, 1 }, { 1, 1 }, { 3, 1 },
  { 1, 0 }, { 3, 0 }, { 3, 2 }, { 1, 2 }, { 0, 0 }, { 4, 0 }, { 4, 2 },
  { 0, 2 },
};

/* Where a pennant is drawn: off-centre first, to leave the middle to a
 * figure. */
static const int pennant_order[CELL_W * CELL_H][2] = {
  { 1, 1 }, { 3, 1 }, { 2, 1 }, { 1, 0 }, { 3, 0 }, { 1, 2 }, { 3, 2 },
  { 2, 0 }, { 2, 2 }, { 0, 1 }, { 4, 1 }, { 0, 0 }, { 4, 0 }, { 4, 2 },
  { 0, 2 },
};

/* One tile's block while it is being drawn. */
typedef struct {
  const MeepleRules *rules;
  const MeepleTileType *type;
  guint rotation;
  int seg[CELL_H][CELL_W];   /* segment drawn in the cell, or -1 */
  char glyph[CELL_H][CELL_W];
  guint8 ink[CELL_H][CELL_W];
  gboolean figure[CELL_H][CELL_W];
} Block;

static MeepleShape
segment_shape(const Block *b, int segment)
{
  return meeple_rules_kind(b->rules, b->type->segments[segment].kind)->shape;
}

/* Canonical side shown on displayed side @side (turning moves s to s+1). */
static guint
canonical_side(const Block *b, int side)
{
  return (guint)(side + 4 - (int)(b->rotation % 4)) % 4;
}

static guint
canonical_half(const Block *b, int half)
{
  return (guint)(half + 8 - 2 * (int)(b->rotation % 4)) % 8;
}

/* Displayed sides (bit per side) that segment @segment touches. */
static guint
displayed_sides(const Block *b, int segment)
{
  guint sides = 0;
  for (int s = 0; s < 4; s++)
    if (b->type->segments[segment].edges & (1u << canonical_side(b, s)))
      sides |= 1u << s;
  return sides;
}

static guint
n_bits(guint v)
{
  return (guint)__builtin_popcount(v);
}

static int
segment_on_side(const Block *b, int side)
{
  guint bit = 1u << canonical_side(b, side);
  for (int i = 0; i < b->type->n_segments; i++)
    if (segment_shape(b, i) == MEEPLE_SHAPE_EDGE &&
        (b->type->segments[i].edges & bit))
      return i;
  return -1;
}

static int
segment_on_half(const Block *b, int half)
{
  guint bit = 1u << canonical_half(b, half);
  for (int i = 0; i < b->type->n_segments; i++)
    if (segment_shape(b, i) == MEEPLE_SHAPE_FIELD &&
        (b->type->segments[i].halves & bit))
      return i;
  return -1;
}

/* Whether an edge segment fills its whole side (a city) or only the
 * middle of it (a road, which leaves field on both halves). */
static gboolean
fills_side(const Block *b, int segment)
{
  return segment >= 0 && b->type->segments[segment].kind != MEEPLE_KIND_ROAD;
}

static void
put(Block *b, int col, int row, int segment)
{
  b->seg[row][col] = segment;
}

static gboolean
free_cell(const Block *b, int col, int row)
{
  return b->seg[row][col] < 0 && b->glyph[row][col] == 0;
}

/* Decides which segment each of the 15 cells shows. */
static void
layout(Block *b)
{
  for (int r = 0; r < CELL_H; r++)
    for (int c = 0; c < CELL_W; c++) {
      b->seg[r][c] = -1;
      b->glyph[r][c] = 0;
      b->figure[r][c] = FALSE;
      b->ink[r][c] = INK_NONE;
    }

  /* The rim: the middle of each side, then the half-edges. */
  for (int s = 0; s < 4; s++) {
    int e = segment_on_side(b, s);
    put(b, side_cell[s].col, side_cell[s].row,
        e >= 0 ? e : segment_on_half(b, side_cell[s].half));
  }
  for (int h = 0; h < 8; h++) {
    int e = segment_on_side(b, half_cell[h].side);
    put(b, half_cell[h].col, half_cell[h].row,
        fills_side(b, e) ? e : segment_on_half(b, h));
  }
  /* A corner between two different cities is a wall, not either city. */
  static const int corners[4][4] = {
    /* col, row, the two sides meeting there */
    { 0, 0, MEEPLE_WEST, MEEPLE_NORTH },
    { 4, 0, MEEPLE_NORTH, MEEPLE_EAST },
    { 4, 2, MEEPLE_EAST, MEEPLE_SOUTH },
    { 0, 2, MEEPLE_SOUTH, MEEPLE_WEST },
  };
  for (int k = 0; k < 4; k++) {
    int e1 = segment_on_side(b, corners[k][2]);
    int e2 = segment_on_side(b, corners[k][3]);
    if (fills_side(b, e1) && fills_side(b, e2) && e1 != e2) {
      b->seg[corners[k][1]][corners[k][0]] = -1;
      b->glyph[corners[k][1]][corners[k][0]] = '+';
      b->ink[corners[k][1]][corners[k][0]] = INK_CITY;
    }
  }

  /* The centre: monasteries, then roads passing through, then cities
   * spanning sides, then road ends, then gardens and plugin spots, then
   * fields. */
  for (int i = 0; i < b->type->n_segments; i++)
    if (b->type->segments[i].kind == MEEPLE_KIND_MONASTERY &&
        free_cell(b, 2, 1))
      put(b, 2, 1, i);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < b->type->n_segments; i++) {
      if (segment_shape(b, i) != MEEPLE_SHAPE_EDGE)
        continue;
      gboolean road = b->type->segments[i].kind == MEEPLE_KIND_ROAD;
      if (road != (pass == 0))
        continue;
      guint sides = displayed_sides(b, i);
      if (n_bits(sides) < 2)
        continue;
      if (free_cell(b, 2, 1))
        put(b, 2, 1, i);
      if (((sides & (1u << MEEPLE_WEST)) || (!road && n_bits(sides) >= 3)) &&
          free_cell(b, 1, 1))
        put(b, 1, 1, i);
      if (((sides & (1u << MEEPLE_EAST)) || (!road && n_bits(sides) >= 3)) &&
          free_cell(b, 3, 1))
        put(b, 3, 1, i);
    }
  gboolean road_end = FALSE;
  for (int i = 0; i < b->type->n_segments; i++) {
    if (b->type->segments[i].kind != MEEPLE_KIND_ROAD)
      continue;
    guint sides = displayed_sides(b, i);
    if (n_bits(sides) != 1)
      continue;
    road_end = TRUE;
    if (sides == (1u << MEEPLE_WEST) && free_cell(b, 1, 1))
      put(b, 1, 1, i);
    if (sides == (1u << MEEPLE_EAST) && free_cell(b, 3, 1))
      put(b, 3, 1, i);
  }
  if (road_end && free_cell(b, 2, 1)) {
    b->glyph[1][2] = 'o';
    b->ink[1][2] = INK_ROAD;
  }
  /* Gardens are inert in the base game: they get a middle cell only if
   * nothing that matters more wants it. */
  for (int i = 0; i < b->type->n_segments; i++) {
    MeepleShape shape = segment_shape(b, i);
    if ((shape != MEEPLE_SHAPE_SURROUND && shape != MEEPLE_SHAPE_SPOT) ||
        b->type->segments[i].kind == MEEPLE_KIND_MONASTERY)
      continue;
    static const int middle[3] = { 2, 3, 1 };
    for (int k = 0; k < 3; k++)
      if (free_cell(b, middle[k], 1)) {
        put(b, middle[k], 1, i);
        break;
      }
  }
  static const int field_order[3][9] = {
    /* col, then half-edges to try, -1 terminated */
    { 1, MEEPLE_HALF_WN, MEEPLE_HALF_WS, MEEPLE_HALF_NW, MEEPLE_HALF_SW, -1 },
    { 3, MEEPLE_HALF_EN, MEEPLE_HALF_ES, MEEPLE_HALF_NE, MEEPLE_HALF_SE, -1 },
    { 2, MEEPLE_HALF_NW, MEEPLE_HALF_NE, MEEPLE_HALF_SW, MEEPLE_HALF_SE,
      MEEPLE_HALF_WN, MEEPLE_HALF_EN, MEEPLE_HALF_WS, MEEPLE_HALF_ES },
  };
  for (int k = 0; k < 3; k++) {
    int col = field_order[k][0];
    for (int j = 1; j < 9 && field_order[k][j] >= 0 && free_cell(b, col, 1);
         j++) {
      int half = field_order[k][j];
      /* Only a half-edge whose own side is not a city reaches the middle. */
      if (fills_side(b, segment_on_side(b, half_cell[half].side)))
        continue;
      int f = segment_on_half(b, half);
      if (f >= 0)
        put(b, col, 1, f);
    }
  }
}

/* Glyph of a cell that shows segment @segment. */
static void
paint(Block *b, int col, int row)
{
  int segment = b->seg[row][col];
  if (b->glyph[row][col])
    return;
  if (segment < 0) {
    b->glyph[row][col] = ' ';
    return;
  }
  const MeepleSegment *s = &b->type->segments[segment];
  switch (s->kind) {
  case MEEPLE_KIND_CITY:
    b->glyph[row][col] = '#';
    b->ink[row][col] = INK_CITY;
    return;
  case MEEPLE_KIND_FIELD:
    b->glyph[row][col] = '.';
    b->ink[row][col] = INK_FIELD;
    return;
  case MEEPLE_KIND_MONASTERY:
    b->glyph[row][col] = 'M';
    b->ink[row][col] = INK_MONASTERY;
    return;
  case MEEPLE_KIND_GARDEN:
    b->glyph[row][col] = 'g';
    b->ink[row][col] = INK_FIELD;
    return;
  case MEEPLE_KIND_ROAD: {
    b->ink[row][col] = INK_ROAD;
    if (row != 1) {
      b->glyph[row][col] = '|';
    } else if (col != 2) {
      b->glyph[row][col] = '-';
    } else {
      guint sides = displayed_sides(b, segment);
      guint ns = (1u << MEEPLE_NORTH) | (1u << MEEPLE_SOUTH);
      guint ew = (1u << MEEPLE_EAST) | (1u << MEEPLE_WEST);
      b->glyph[row][col] = sides == ns ? '|' : sides == ew ? '-' : '+';
    }
    return;
  }
  default: {
    /* A plugin's kind: the first letter of its code, small. */
    const char *code = meeple_rules_kind(b->rules, s->kind)->code;
    b->glyph[row][col] = code && g_ascii_isalpha(code[0])
                           ? g_ascii_tolower(code[0]) : '?';
    b->ink[row][col] = INK_OTHER;
    return;
  }
  }
}

static void
draw_pennants(Block *b)
{
  for (int i = 0; i < b->type->n_segments; i++) {
    if (!b->type->segments[i].pennants)
      continue;
    for (gsize k = 0; k < G_N_ELEMENTS(pennant_order); k++) {
      int col = pennant_order[k][0], row = pennant_order[k][1];
      if (b->seg[row][col] == i) {
        b->glyph[row][col] = '*';
        break;
      }
    }
  }
}

/* Cell of the rim that belongs to @segment even when the layout gave all
 * of its cells to a neighbour (a thin field strip next to a city). */
static gboolean
fallback_cell(const Block *b, int segment, int *col, int *row)
{
  const MeepleSegment *s = &b->type->segments[segment];
  for (int h = 0; h < 8; h++)
    if (s->halves & (1u << canonical_half(b, h)) &&
        !b->figure[half_cell[h].row][half_cell[h].col]) {
      *col = half_cell[h].col;
      *row = half_cell[h].row;
      return TRUE;
    }
  for (int side = 0; side < 4; side++)
    if (s->edges & (1u << canonical_side(b, side)) &&
        !b->figure[side_cell[side].row][side_cell[side].col]) {
      *col = side_cell[side].col;
      *row = side_cell[side].row;
      return TRUE;
    }
  for (gsize k = 0; k < G_N_ELEMENTS(figure_order); k++)
    if (!b->figure[figure_order[k][1]][figure_order[k][0]]) {
      *col = figure_order[k][0];
      *row = figure_order[k][1];
      return TRUE;
    }
  return FALSE;
}

static void
draw_figure(Block *b, const MeepleFigureInfo *figure)
{
  int col = -1, row = -1;
  for (gsize k = 0; k < G_N_ELEMENTS(figure_order); k++) {
    int c = figure_order[k][0], r = figure_order[k][1];
    if (b->seg[r][c] == (int)figure->segment && !b->figure[r][c]) {
      col = c;
      row = r;
      break;
    }
  }
  if (col < 0 && (figure->segment >= b->type->n_segments ||
                  !fallback_cell(b, (int)figure->segment, &col, &row)))
    return;
  if (figure->owner >= 0 && figure->owner < MEEPLE_MAX_PLAYERS) {
    b->glyph[row][col] = (char)('1' + figure->owner);
    b->ink[row][col] = (guint8)(INK_FIGURE + figure->owner);
  } else {
    /* Neutral figures (dragon, fairy, ...): the type's initial. */
    const MeepleFigureType *type =
      meeple_rules_figure_type(b->rules, figure->type);
    b->glyph[row][col] = type && type->name && g_ascii_isalpha(type->name[0])
                           ? g_ascii_toupper(type->name[0]) : '?';
    b->ink[row][col] = INK_FIGURE + MEEPLE_MAX_PLAYERS;
  }
  b->figure[row][col] = TRUE;
}

void
sim_render_tile(GString *out, const MeepleRules *rules, guint type,
                const char *prefix)
{
  const MeepleTileType *t = meeple_rules_tile_type(rules, type);
  if (!t)
    return;
  Block blocks[4];
  for (guint r = 0; r < 4; r++) {
    blocks[r] = (Block){ .rules = rules, .type = t, .rotation = r };
    layout(&blocks[r]);
    for (int row = 0; row < CELL_H; row++)
      for (int col = 0; col < CELL_W; col++)
        paint(&blocks[r], col, row);
    draw_pennants(&blocks[r]);
  }
  for (int row = 0; row < CELL_H; row++) {
    g_string_append(out, prefix);
    for (guint r = 0; r < 4; r++) {
      g_string_append_len(out, blocks[r].glyph[row], CELL_W);
      if (r < 3)
        g_string_append(out, "   ");
    }
    g_string_append_c(out, '\n');
  }
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
  case INK_CITY: return "\033[33m";
  case INK_ROAD: return "\033[1m";
  case INK_FIELD: return "\033[32m";
  case INK_MONASTERY: return "\033[1;31m";
  case INK_OTHER: return "\033[35m";
  default:
    if (ink >= INK_FIGURE && ink <= INK_FIGURE + MEEPLE_MAX_PLAYERS)
      return players[ink - INK_FIGURE];
    return "";
  }
}

/* Appends "label" centred in @width characters. */
static void
append_centred(GString *out, int value, int width)
{
  char label[16];
  int n = g_snprintf(label, sizeof label, "%d", value);
  int left = (width - n) / 2;
  if (left < 0)
    left = 0;
  g_string_append_printf(out, "%*s%s%*s", left, "", label,
                         MAX(width - n - left, 0), "");
}

static void
append_x_axis(GString *out, int min_x, int max_x, int margin)
{
  gsize start = out->len;
  g_string_append_printf(out, "%*s", margin, "");
  for (int x = min_x; x <= max_x; x++)
    append_centred(out, x, CELL_W);
  /* No trailing blanks: golden files stay clean. */
  while (out->len > start && out->str[out->len - 1] == ' ')
    g_string_truncate(out, out->len - 1);
  g_string_append_c(out, '\n');
}

/* The board shows a seat's figures as its digit whatever their type; a
 * line under it names every figure on the board that is not a plain
 * follower (abbot, dragon, ...), so none is mistaken for one. */
static void
append_other_figures(GString *out, const MeepleGame *game)
{
  const MeepleRules *rules = meeple_game_rules(game);
  gboolean first = TRUE;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!f.on_board || f.type == MEEPLE_FIGURE_FOLLOWER)
      continue;
    const MeepleFigureType *type = meeple_rules_figure_type(rules, f.type);
    g_string_append(out, first ? "Figures besides followers: " : ", ");
    first = FALSE;
    g_string_append_printf(out, "%s", type && type->name ? type->name : "?");
    if (f.owner >= 0)
      g_string_append_printf(out, " of seat %d", f.owner + 1);
    g_string_append_printf(out, " at %d,%d on %s", f.x, f.y,
                           sim_segment_name(game, f.x, f.y, f.segment));
  }
  if (!first)
    g_string_append_c(out, '\n');
}

void
sim_render_board(GString *out, const MeepleGame *game, gboolean colour)
{
  guint n_placed = meeple_game_n_placed(game);
  if (n_placed == 0) {
    g_string_append(out, "(empty board)\n");
    return;
  }
  const MeepleRules *rules = meeple_game_rules(game);
  int min_x = G_MAXINT, max_x = G_MININT, min_y = G_MAXINT, max_y = G_MININT;
  for (guint i = 0; i < n_placed; i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    min_x = MIN(min_x, t.x);
    max_x = MAX(max_x, t.x);
    min_y = MIN(min_y, t.y);
    max_y = MAX(max_y, t.y);
  }
  int cols = (max_x - min_x + 1) * CELL_W;
  int rows = (max_y - min_y + 1) * CELL_H;
  char *canvas = g_malloc((gsize)cols * (gsize)rows);
  guint8 *ink = g_malloc0((gsize)cols * (gsize)rows);
  memset(canvas, ' ', (gsize)cols * (gsize)rows);

  guint n_figures = meeple_game_n_figures(game);
  for (guint i = 0; i < n_placed; i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    Block b = {
      .rules = rules,
      .type = meeple_rules_tile_type(rules, t.type),
      .rotation = t.rotation,
    };
    if (!b.type)
      continue;
    layout(&b);
    for (int r = 0; r < CELL_H; r++)
      for (int c = 0; c < CELL_W; c++)
        paint(&b, c, r);
    draw_pennants(&b);
    /* Figures in index order, so two on one tile land the same way every
     * time. */
    for (guint f = 0; f < n_figures; f++) {
      MeepleFigureInfo figure = meeple_game_figure(game, f);
      if (figure.on_board && figure.x == t.x && figure.y == t.y)
        draw_figure(&b, &figure);
    }
    int x0 = (t.x - min_x) * CELL_W, y0 = (t.y - min_y) * CELL_H;
    for (int r = 0; r < CELL_H; r++)
      for (int c = 0; c < CELL_W; c++) {
        gsize at = (gsize)(y0 + r) * (gsize)cols + (gsize)(x0 + c);
        canvas[at] = b.glyph[r][c];
        ink[at] = b.ink[r][c];
      }
  }

  /* y labels: as wide as the widest of them, on each block's middle row. */
  int margin = MAX(g_snprintf(NULL, 0, "%d", min_y),
                   g_snprintf(NULL, 0, "%d", max_y)) + 1;
  append_x_axis(out, min_x, max_x, margin);
  for (int r = 0; r < rows; r++) {
    gsize start = out->len;
    if (r % CELL_H == 1)
      g_string_append_printf(out, "%*d ", margin - 1, min_y + r / CELL_H);
    else
      g_string_append_printf(out, "%*s", margin, "");
    guint current = INK_NONE;
    int end = cols;
    while (end > 0 && canvas[(gsize)r * (gsize)cols + (gsize)end - 1] == ' ')
      end--;
    for (int c = 0; c < end; c++) {
      gsize at = (gsize)r * (gsize)cols + (gsize)c;
      if (colour && ink[at] != current) {
        g_string_append(out, "\033[0m");
        g_string_append(out, ink_escape(ink[at]));
        current = ink[at];
      }
      g_string_append_c(out, canvas[at]);
    }
    if (colour && current != INK_NONE)
      g_string_append(out, "\033[0m");
    while (out->len > start && out->str[out->len - 1] == ' ')
      g_string_truncate(out, out->len - 1);
    g_string_append_c(out, '\n');
  }
  append_x_axis(out, min_x, max_x, margin);
  g_free(canvas);
  g_free(ink);
  append_other_figures(out, game);
}

void
sim_render_legend(GString *out)
{
  g_string_append(out,
                  "Legend: # city  * pennant  - | + road  o crossroads  "
                  ". field  M monastery  g garden  1-6 figure of seat\n");
}

guint
sim_winners(const MeepleGame *game, guint *seats)
{
  guint n = MIN(meeple_game_n_players(game), (guint)MEEPLE_MAX_PLAYERS);
  int best = G_MININT;
  for (guint p = 0; p < n; p++)
    best = MAX(best, meeple_game_score(game, p));
  guint count = 0;
  for (guint p = 0; p < n; p++)
    if (meeple_game_score(game, p) == best)
      seats[count++] = p;
  return count;
}

static const char *
seat_name(const char *const *names, guint seat, char *buffer, gsize size)
{
  if (names && names[seat])
    return names[seat];
  g_snprintf(buffer, size, "Player %u", seat + 1);
  return buffer;
}

void
sim_render_scores(GString *out, MeepleGame *game, const char *const *names)
{
  guint n = meeple_game_n_players(game);
  if (meeple_game_is_over(game)) {
    g_string_append_printf(out, "Game over after %u turns: %u tiles placed, "
                           "%u discarded.\n", meeple_game_turn(game),
                           meeple_game_n_placed(game),
                           meeple_game_n_discarded(game));
  } else {
    const MeepleDecision *d = meeple_game_decision(game);
    char buffer[32];
    guint left = meeple_game_tiles_left(game);
    const MeepleDecisionKindInfo *kind =
      d ? meeple_rules_decision_kind(meeple_game_rules(game), d->kind) : NULL;
    g_string_append_printf(out, "Game in progress: turn %u, %u tile%s left, "
                           "%s to decide (%s, %u legal actions).\n",
                           meeple_game_turn(game), left, left == 1 ? "" : "s",
                           d ? seat_name(names, d->player, buffer,
                                         sizeof buffer) : "nobody",
                           kind && kind->name ? kind->name : "no decision",
                           d ? (guint)d->n_actions : 0);
  }
  int width = 6;
  for (guint p = 0; p < n; p++) {
    char buffer[32];
    width = MAX(width, (int)g_utf8_strlen(seat_name(names, p, buffer,
                                                   sizeof buffer), -1));
  }
  /* One more column per figure type a player owns besides followers
   * (abbot, ...): what is left of it in the supply. */
  const MeepleRules *rules = meeple_game_rules(game);
  guint n_types = meeple_rules_n_figure_types(rules);
  g_string_append_printf(out, "Seat  %-*s  Score  Followers", width,
                         "Player");
  for (guint t = 0; t < n_types; t++) {
    const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
    if (t == MEEPLE_FIGURE_FOLLOWER || type->per_player == 0)
      continue;
    char *title = g_strdup(type->name);
    title[0] = g_ascii_toupper(title[0]);
    g_string_append_printf(out, "  %s", title);
    g_free(title);
  }
  g_string_append_c(out, '\n');
  for (guint p = 0; p < n; p++) {
    char buffer[32];
    const char *name = seat_name(names, p, buffer, sizeof buffer);
    /* Pad by characters, not bytes, so UTF-8 names line up. */
    int pad = width - (int)g_utf8_strlen(name, -1);
    g_string_append_printf(out, "%4u  %s%*s  %5d  %9u", p + 1, name,
                           MAX(pad, 0), "", meeple_game_score(game, p),
                           meeple_game_supply(game, p,
                                              MEEPLE_FIGURE_FOLLOWER));
    for (guint t = 0; t < n_types; t++) {
      const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
      if (t == MEEPLE_FIGURE_FOLLOWER || type->per_player == 0)
        continue;
      g_string_append_printf(out, "  %*u", MAX((int)strlen(type->name), 1),
                             meeple_game_supply(game, p, t));
    }
    g_string_append_c(out, '\n');
  }
  if (!meeple_game_is_over(game))
    return;
  guint seats[MEEPLE_MAX_PLAYERS];
  guint count = sim_winners(game, seats);
  g_string_append(out, count > 1 ? "Winners (tie):" : "Winner:");
  for (guint i = 0; i < count; i++) {
    char buffer[32];
    g_string_append_printf(out, "%s %s", i ? "," : "",
                           seat_name(names, seats[i], buffer, sizeof buffer));
  }
  g_string_append_printf(out, " with %d points\n",
                         count ? meeple_game_score(game, seats[0]) : 0);
}

const char *
sim_segment_name(const MeepleGame *game, int x, int y, guint segment)
{
  MeeplePlacedTile tile;
  if (meeple_game_tile_at(game, x, y, &tile)) {
    const MeepleTileType *type =
      meeple_rules_tile_type(meeple_game_rules(game), tile.type);
    if (type && segment < type->n_segments)
      return type->segments[segment].name;
  }
  char text[16];
  g_snprintf(text, sizeof text, "%u", segment);
  return g_intern_string(text);
}
