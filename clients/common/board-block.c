/* board-block.c — one tile's block: which segment each cell shows, its
 * glyph, and the figures on it (layout: board-render.h). */
#include "config.h"

#include <string.h>

#include "board-block.h"

/* What a segment kind is to the renderer, from its look's colour and
 * its shape, so that any view (an engine game, a client's catalog) of
 * any rule set works without names. */
typedef enum {
  ROLE_OTHER = 0,   /* no look: its code's letter */
  ROLE_ROAD,
  ROLE_CITY,
  ROLE_FIELD,
  ROLE_MONASTERY,   /* its glyph, in the middle first */
  ROLE_GLYPH,       /* its glyph */
} Role;

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
static const int figure_order[BOARD_CELL_W * BOARD_CELL_H][2] = {
  { 2, 1 }, { 2, 0 }, { 4, 1 }, { 2, 2 }, { 0, 1 }, { 1, 1 }, { 3, 1 },
  { 1, 0 }, { 3, 0 }, { 3, 2 }, { 1, 2 }, { 0, 0 }, { 4, 0 }, { 4, 2 },
  { 0, 2 },
};

/* Where a pennant is drawn: off-centre first, to leave the middle to a
 * figure. */
static const int pennant_order[BOARD_CELL_W * BOARD_CELL_H][2] = {
  { 1, 1 }, { 3, 1 }, { 2, 1 }, { 1, 0 }, { 3, 0 }, { 1, 2 }, { 3, 2 },
  { 2, 0 }, { 2, 2 }, { 0, 1 }, { 4, 1 }, { 0, 0 }, { 4, 0 }, { 4, 2 },
  { 0, 2 },
};

/* A kind the view does not have: drawn as '?' and joining nothing. */
static const BoardKind unknown_kind = { "?", "?", MEEPLE_SHAPE_SPOT,
                                        { 0, NULL, 0, NULL } };

static const BoardKind *
segment_kind(const BoardBlock *b, int segment)
{
  guint kind = b->type->segments[segment].kind;
  return kind < b->n_kinds ? &b->kinds[kind] : &unknown_kind;
}

static MeepleShape
segment_shape(const BoardBlock *b, int segment)
{
  return segment_kind(b, segment)->shape;
}

static Role
segment_role(const BoardBlock *b, int segment)
{
  const BoardKind *k = segment_kind(b, segment);
  if (!k->look.ascii)
    return ROLE_OTHER;
  switch (k->look.colour) {
  case MEEPLE_COLOUR_ROAD:
    return k->shape == MEEPLE_SHAPE_EDGE ? ROLE_ROAD : ROLE_GLYPH;
  case MEEPLE_COLOUR_CITY:
    return k->shape == MEEPLE_SHAPE_EDGE ? ROLE_CITY : ROLE_GLYPH;
  case MEEPLE_COLOUR_FIELD:
    return k->shape == MEEPLE_SHAPE_FIELD ? ROLE_FIELD : ROLE_GLYPH;
  case MEEPLE_COLOUR_MONASTERY:
    return ROLE_MONASTERY;
  default:
    return ROLE_GLYPH;
  }
}

/* The ink of a glyph of colour role @colour. */
static guint8
colour_ink(MeepleColourRole colour)
{
  switch (colour) {
  case MEEPLE_COLOUR_ROAD: return BOARD_INK_ROAD;
  case MEEPLE_COLOUR_CITY: return BOARD_INK_CITY;
  case MEEPLE_COLOUR_FIELD: return BOARD_INK_FIELD;
  case MEEPLE_COLOUR_MONASTERY: return BOARD_INK_MONASTERY;
  case MEEPLE_COLOUR_NEUTRAL: return BOARD_INK_FIGURE + MEEPLE_MAX_PLAYERS;
  default: return BOARD_INK_OTHER;
  }
}

/* Canonical side shown on displayed side @side (turning moves s to s+1). */
static guint
canonical_side(const BoardBlock *b, int side)
{
  return (guint)(side + 4 - (int)(b->rotation % 4)) % 4;
}

static guint
canonical_half(const BoardBlock *b, int half)
{
  return (guint)(half + 8 - 2 * (int)(b->rotation % 4)) % 8;
}

/* Displayed sides (bit per side) that segment @segment touches. */
static guint
displayed_sides(const BoardBlock *b, int segment)
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
segment_on_side(const BoardBlock *b, int side)
{
  guint bit = 1u << canonical_side(b, side);
  for (int i = 0; i < b->type->n_segments; i++)
    if (segment_shape(b, i) == MEEPLE_SHAPE_EDGE &&
        (b->type->segments[i].edges & bit))
      return i;
  return -1;
}

static int
segment_on_half(const BoardBlock *b, int half)
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
fills_side(const BoardBlock *b, int segment)
{
  return segment >= 0 && segment_role(b, segment) != ROLE_ROAD;
}

static void
put(BoardBlock *b, int col, int row, int segment)
{
  b->seg[row][col] = segment;
}

static gboolean
free_cell(const BoardBlock *b, int col, int row)
{
  return b->seg[row][col] < 0 && b->cell[row][col].glyph == 0;
}

/* The look a rule set gives the fields carrying one of @segment's
 * symbols (the lowest such symbol), or NULL. */
static const MeepleSymbolLook *
field_look(const BoardBlock *b, int segment)
{
  guint32 symbols = b->type->segments[segment].symbols;
  for (guint i = 0; i < b->n_looks && i < 32; i++)
    if ((symbols & (1u << i)) && b->looks[i])
      return b->looks[i];
  return NULL;
}

static void
set_glyph(BoardBlock *b, int col, int row, char glyph, guint8 ink)
{
  b->cell[row][col].glyph = glyph;
  b->cell[row][col].ink = ink;
}

/* The rim: the middle of each side, then the half-edges; a corner
 * between two different cities is a wall, not either city. */
static void
layout_rim(BoardBlock *b)
{
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
      set_glyph(b, corners[k][0], corners[k][1], '+', BOARD_INK_CITY);
    }
  }
}

/* The centre row's roads and cities: roads passing through first, then
 * cities spanning sides, then road ends (with 'o' in the middle). */
static void
layout_centre_edges(BoardBlock *b)
{
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < b->type->n_segments; i++) {
      if (segment_shape(b, i) != MEEPLE_SHAPE_EDGE)
        continue;
      gboolean road = segment_role(b, i) == ROLE_ROAD;
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
    if (segment_role(b, i) != ROLE_ROAD)
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
  if (road_end && free_cell(b, 2, 1))
    set_glyph(b, 2, 1, 'o', BOARD_INK_ROAD);
}

/* The centre row's fields: each middle cell still free shows the field
 * of the first suitable half-edge next to it. */
static void
layout_centre_fields(BoardBlock *b)
{
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

/* Decides which segment each of the 15 cells shows: the rim, then in the
 * centre monasteries, roads and cities, gardens and plugin spots, fields. */
static void
layout(BoardBlock *b)
{
  for (int r = 0; r < BOARD_CELL_H; r++)
    for (int c = 0; c < BOARD_CELL_W; c++) {
      b->seg[r][c] = -1;
      b->cell[r][c] = (BoardCell){ 0, BOARD_INK_NONE, 0, NULL, 0 };
      b->figure[r][c] = FALSE;
    }
  layout_rim(b);
  for (int i = 0; i < b->type->n_segments; i++)
    if (segment_role(b, i) == ROLE_MONASTERY && free_cell(b, 2, 1))
      put(b, 2, 1, i);
  layout_centre_edges(b);
  /* Gardens are inert in the base game: they get a middle cell only if
   * nothing that matters more wants it. */
  for (int i = 0; i < b->type->n_segments; i++) {
    MeepleShape shape = segment_shape(b, i);
    if ((shape != MEEPLE_SHAPE_SURROUND && shape != MEEPLE_SHAPE_SPOT) ||
        segment_role(b, i) == ROLE_MONASTERY)
      continue;
    static const int middle[3] = { 2, 3, 1 };
    for (int k = 0; k < 3; k++)
      if (free_cell(b, middle[k], 1)) {
        put(b, middle[k], 1, i);
        break;
      }
  }
  layout_centre_fields(b);
}

/* Glyph of the cell at (@col, @row) from the segment it shows. */
static void
paint(BoardBlock *b, int col, int row)
{
  int segment = b->seg[row][col];
  if (b->cell[row][col].glyph)
    return;
  if (segment < 0) {
    set_glyph(b, col, row, ' ', BOARD_INK_NONE);
    return;
  }
  switch (segment_role(b, segment)) {
  case ROLE_CITY:
    set_glyph(b, col, row, '#', BOARD_INK_CITY);
    return;
  case ROLE_FIELD: {
    const MeepleSymbolLook *look = field_look(b, segment);
    set_glyph(b, col, row, look ? look->glyph : '.', BOARD_INK_FIELD);
    b->cell[row][col].unicode = look ? look->unicode : NULL;
    return;
  }
  case ROLE_MONASTERY:
  case ROLE_GLYPH: {
    const MeepleLook *look = &segment_kind(b, segment)->look;
    set_glyph(b, col, row, look->ascii, colour_ink(look->colour));
    b->cell[row][col].unicode = look->unicode;
    return;
  }
  case ROLE_ROAD:
    if (row != 1) {
      set_glyph(b, col, row, '|', BOARD_INK_ROAD);
    } else if (col != 2) {
      set_glyph(b, col, row, '-', BOARD_INK_ROAD);
    } else {
      guint sides = displayed_sides(b, segment);
      guint ns = (1u << MEEPLE_NORTH) | (1u << MEEPLE_SOUTH);
      guint ew = (1u << MEEPLE_EAST) | (1u << MEEPLE_WEST);
      set_glyph(b, col, row, sides == ns ? '|' : sides == ew ? '-' : '+',
                BOARD_INK_ROAD);
      /* Kept for the Unicode glyphs, which draw the bend itself. */
      b->cell[row][col].sides = (guint8)sides;
    }
    return;
  case ROLE_OTHER:
  default: {
    /* A plugin's kind: the first letter of its code, small. */
    const char *code = segment_kind(b, segment)->code;
    set_glyph(b, col, row,
              code && g_ascii_isalpha(code[0]) ? g_ascii_tolower(code[0])
                                               : '?',
              BOARD_INK_OTHER);
    return;
  }
  }
}

static void
draw_pennants(BoardBlock *b)
{
  for (int i = 0; i < b->type->n_segments; i++) {
    if (!b->type->segments[i].pennants)
      continue;
    for (gsize k = 0; k < G_N_ELEMENTS(pennant_order); k++) {
      int col = pennant_order[k][0], row = pennant_order[k][1];
      if (b->seg[row][col] == i) {
        b->cell[row][col].glyph = '*';
        break;
      }
    }
  }
}

void
board_block_init(BoardBlock *b, const BoardKind *kinds, guint n_kinds,
                 const MeepleSymbolLook *const *looks, guint n_looks,
                 const MeepleTileType *type, guint rotation)
{
  b->kinds = kinds;
  b->n_kinds = n_kinds;
  b->looks = looks;
  b->n_looks = n_looks;
  b->type = type;
  b->rotation = rotation;
  layout(b);
  for (int row = 0; row < BOARD_CELL_H; row++)
    for (int col = 0; col < BOARD_CELL_W; col++)
      paint(b, col, row);
  draw_pennants(b);
}

/* Cell of the rim that belongs to @segment even when the layout gave all
 * of its cells to a neighbour (a thin field strip next to a city). */
static gboolean
fallback_cell(const BoardBlock *b, int segment, int *col, int *row)
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

/* A figure on the tile itself (on no segment): the first free corner, so
 * that it hides none of the middle, else any free cell. */
static gboolean
tile_cell(const BoardBlock *b, int *col, int *row)
{
  static const int corners[4][2] = { { 0, 0 }, { 4, 0 }, { 4, 2 }, { 0, 2 } };
  for (gsize k = 0; k < G_N_ELEMENTS(corners); k++)
    if (!b->figure[corners[k][1]][corners[k][0]]) {
      *col = corners[k][0];
      *row = corners[k][1];
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

char
board_block_figure_char(const MeepleLook *look, const char *type_name,
                         int owner)
{
  if (owner >= 0 && owner < MEEPLE_MAX_PLAYERS)
    return (char)('1' + owner);
  if (look && look->ascii)
    return look->ascii;
  return type_name && g_ascii_isalpha(type_name[0])
           ? g_ascii_toupper(type_name[0]) : '?';
}

/* The cell a figure or a label on @segment takes: the first free one
 * of the segment, or for BOARD_SEGMENT_NONE a free corner.  FALSE when
 * there is none. */
static gboolean
segment_cell(const BoardBlock *b, guint segment, int *col, int *row)
{
  *col = *row = -1;
  if (segment == BOARD_SEGMENT_NONE)
    return tile_cell(b, col, row);
  for (gsize k = 0; k < G_N_ELEMENTS(figure_order); k++) {
    int c = figure_order[k][0], r = figure_order[k][1];
    if (b->seg[r][c] == (int)segment && !b->figure[r][c]) {
      *col = c;
      *row = r;
      return TRUE;
    }
  }
  return segment < b->type->n_segments &&
         fallback_cell(b, (int)segment, col, row);
}

void
board_block_add_label(BoardBlock *b, guint segment, char label)
{
  int col, row;
  if (!segment_cell(b, segment, &col, &row))
    return;
  set_glyph(b, col, row, label, BOARD_INK_MARK);
  b->cell[row][col].unicode = NULL;
  b->cell[row][col].sides = 0;
  b->figure[row][col] = TRUE;
}

void
board_block_add_figure(BoardBlock *b, const BoardFigure *figure)
{
  int col = -1, row = -1;
  if (!segment_cell(b, figure->segment, &col, &row))
    return;
  char glyph = board_block_figure_char(&figure->look, figure->type_name,
                                       figure->owner);
  if (figure->owner >= 0 && figure->owner < MEEPLE_MAX_PLAYERS) {
    set_glyph(b, col, row, glyph, (guint8)(BOARD_INK_FIGURE + figure->owner));
    b->cell[row][col].unicode = NULL;
  } else {
    /* Neutral figures: their look's glyphs, else the type's initial. */
    set_glyph(b, col, row, glyph, BOARD_INK_FIGURE + MEEPLE_MAX_PLAYERS);
    b->cell[row][col].unicode =
      figure->look.ascii ? figure->look.unicode : NULL;
  }
  b->cell[row][col].sides = 0;
  if (figure->highlight)
    b->cell[row][col].highlight |= BOARD_HIGHLIGHT_FIGURE;
  b->figure[row][col] = TRUE;
}
