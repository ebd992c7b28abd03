/* board-block.h — one tile's 5×3 block of the board renderer (internal to
 * libmeeple-render; the layout is described in board-render.h).
 *
 * A block is laid out in three steps: which segment each of the 15 cells
 * shows, the glyph of each cell (terrain, pennants), then the figures
 * standing on the tile.  Glyphs are kept as ASCII characters plus the
 * colour class (ink) and, for a road's centre, the sides the road
 * touches: that is all the Unicode glyph set and the colours need. */
#ifndef BOARD_BLOCK_H
#define BOARD_BLOCK_H

#include "board-render.h"

G_BEGIN_DECLS

#define BOARD_CELL_W 5
#define BOARD_CELL_H 3

/* Colour classes of one character. */
enum {
  BOARD_INK_NONE = 0,
  BOARD_INK_CITY,
  BOARD_INK_ROAD,
  BOARD_INK_FIELD,
  BOARD_INK_MONASTERY,
  BOARD_INK_OTHER,
  /* + seat; BOARD_INK_FIGURE + MEEPLE_MAX_PLAYERS = neutral */
  BOARD_INK_FIGURE,
  BOARD_INK_MARK = BOARD_INK_FIGURE + MEEPLE_MAX_PLAYERS + 1,
};

/* One character of the board. */
typedef struct {
  char glyph;     /* the ASCII glyph */
  guint8 ink;     /* BOARD_INK_* */
  guint8 sides;   /* road centre: displayed sides of its road (bit/side) */
  /* a neutral figure's or a symbol look's Unicode glyph, or NULL; it
   * outlives the rendering (static, or the view's) */
  const char *unicode;
  guint8 highlight; /* BOARD_HIGHLIGHT_* bits (colour only) */
} BoardCell;

/* What a cell's highlight bits say. */
enum {
  BOARD_HIGHLIGHT_TILE = 1 << 0,   /* on the tile placed last */
  BOARD_HIGHLIGHT_FIGURE = 1 << 1, /* a figure placed or moved last */
};

/* One tile's block while it is being drawn. */
typedef struct {
  const BoardKind *kinds;
  guint n_kinds;
  const MeepleTileType *type;
  guint rotation;
  const MeepleSymbolLook *const *looks;  /* BoardView.looks */
  guint n_looks;
  int seg[BOARD_CELL_H][BOARD_CELL_W];   /* segment shown, or -1 */
  BoardCell cell[BOARD_CELL_H][BOARD_CELL_W];
  gboolean figure[BOARD_CELL_H][BOARD_CELL_W];
} BoardBlock;

/* Lays out and paints the terrain of @type turned @rotation quarter
 * turns clockwise into @block. */
void board_block_init(BoardBlock *block, const BoardKind *kinds,
                      guint n_kinds, const MeepleSymbolLook *const *looks,
                      guint n_looks,
                      const MeepleTileType *type, guint rotation);

/* Draws @figure (which stands on this tile) into @block, on the first
 * free cell of its segment, or for a figure on the tile itself
 * (BOARD_SEGMENT_NONE) on the first free corner; a figure that finds no
 * cell is not drawn.  Draw the figures on segments first, so that one on
 * the tile takes none of their cells. */
void board_block_add_figure(BoardBlock *block, const BoardFigure *figure);

/* Draws the option label @label (a letter) on the first free cell of
 * @segment (BOARD_SEGMENT_NONE: a free corner), as a figure would
 * stand; nothing when there is no free cell.  Add figures first, so a
 * label never hides one. */
void board_block_add_label(BoardBlock *block, guint segment, char label);

/* The ASCII glyph of a figure: its seat's digit (@owner 0 is '1'), or
 * for a neutral figure (@owner -1) its look's, else its type's capital
 * initial.  @look may be NULL. */
char board_block_figure_char(const MeepleLook *look, const char *type_name,
                             int owner);

G_END_DECLS

#endif
