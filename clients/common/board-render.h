/* board-render.h — a Carcassonne board as text for a terminal, drawn from
 * a neutral view of the board (libmeeple-render, shared by meeple-sim and
 * the meeple CLI).
 *
 * The renderer knows no game object: its caller describes the board as a
 * BoardView — segment kinds, placed tiles (as MeepleTileType values from
 * meeple/rules.h, whose segment kinds index the view's kinds), figures and
 * optional marked cells — so the engine's games (meeple-sim) and a
 * client's mirror of a remote game (meeple) draw the same way.  Only the
 * types of meeple/rules.h are used, no libmeeple function.
 *
 * Each tile is a block 5 characters wide and 3 high:
 *
 *     ####.     row 0: corner, north side (3), corner
 *     ##+--     row 1: west side, centre (3), east side
 *     #.|..     row 2: corner, south side (3), corner
 *
 * ASCII glyphs (the default): '#' city, '-' '|' '+' road (straight,
 * bend), 'o' crossroads or road end, '.' field, 'M' monastery, 'g'
 * garden, '*' pennant, a corner '+' between two different cities, a
 * plugin's segment kind the first letter of its code in lower case, digits
 * 1-6 a figure of that seat (seat 0 is "1") whatever its type, drawn on the
 * segment it stands on; neutral figures are their look's ASCII glyph
 * (else their type's capital initial), drawn on their segment too, or,
 * when they stand on the tile itself (BOARD_SEGMENT_NONE), in a corner of
 * the tile's block.
 * With BOARD_RENDER_UNICODE the terrain uses single-column Unicode
 * characters instead (box drawing for roads, blocks for cities, a middle
 * dot for fields, see board_render_legend()), and the neutral figures
 * whose look has a Unicode glyph are drawn with it (any other stays its
 * initial); seats' figures, pennants' places
 * and plugin kinds' letters stay the same, so both modes have the same
 * layout.
 * Under the board, a line names every figure that is not a plain follower
 * ("follower of seat 1 at 0,1 on C1", "a neutral figure (N) at 1,-5",
 * another "(X) at -5,2 beside seat 2 on C1"), and a line lists the tiles set aside, if
 * any ("Set aside: DG/Rr.d DG/CRcr.d").  Columns are labelled with x,
 * rows with y (y grows to the south).  The output is deterministic; colour
 * escapes (ANSI) are added only with BOARD_RENDER_COLOUR. */
#ifndef BOARD_RENDER_H
#define BOARD_RENDER_H

#include <glib.h>
#include <meeple/rules.h>
#include <meeple/looks.h>

G_BEGIN_DECLS

/** How to draw. */
typedef enum {
  BOARD_RENDER_COLOUR = 1 << 0,  /**< ANSI colours */
  BOARD_RENDER_UNICODE = 1 << 1, /**< Unicode terrain glyphs, not ASCII */
} BoardRenderFlags;

/** A segment kind, drawn from its @look (meeple_rules_kind_look(),
 * GetCatalog "kind-looks"): an EDGE kind coloured ROAD as a road, CITY
 * as a city, a FIELD kind coloured FIELD as a field, anything else as
 * its glyph.  A kind without a look (ascii 0) is drawn as the first
 * letter of @code, small. */
typedef struct {
  const char *name;
  const char *code;
  MeepleShape shape;
  MeepleLook look;
} BoardKind;

/** A placed tile: its type (segment kinds index BoardView.kinds), cell
 * and rotation (quarter turns clockwise). */
typedef struct {
  const MeepleTileType *type;
  int x, y;
  guint rotation;
} BoardTile;

/** @segment of a figure that stands on the tile itself, on no segment
 * (a neutral figure on no segment).  The engine's
 * MEEPLE_SEGMENT_NONE has the same value. */
#define BOARD_SEGMENT_NONE 0xFFu

/** A figure on the board.  @owner is the seat (0-based), or -1 for a
 * neutral figure; @segment indexes the segments of the tile at (x, y), or
 * is BOARD_SEGMENT_NONE for a figure on the tile itself (any other index
 * the tile does not have: the figure is listed but not drawn). */
typedef struct {
  const char *type_name;  /**< "follower" for a plain follower */
  int owner;
  int x, y;
  guint segment;
  /** Placed or moved in the last move: with colour drawn underlined
   * (the caller names it in words for the ASCII fallback). */
  gboolean highlight;
  /** How a neutral one is drawn (meeple_rules_figure_look(), GetCatalog
   * "figure-looks"); ascii 0: its type's capital initial.  A seat's
   * figures are its digit. */
  MeepleLook look;
} BoardFigure;

/** An option of a decision lettered on the board: @label drawn on
 * segment @segment of the tile at (x, y) (BOARD_SEGMENT_NONE: on the
 * tile itself), where the option would put a figure. */
typedef struct {
  int x, y;
  guint segment;
  char label;
} BoardLabel;

/** An empty cell to point out (e.g. where the drawn tile can go),
 * labelled with up to 3 characters in the middle of its block. */
typedef struct {
  int x, y;
  const char *label;
} BoardMark;

/** What to draw.  Tiles are drawn in order; figures on one tile in the
 * order given, so the output does not depend on anything else. */
typedef struct {
  const BoardKind *kinds;
  guint n_kinds;
  const BoardTile *tiles;
  guint n_tiles;
  const BoardFigure *figures;
  guint n_figures;
  const BoardMark *marks;   /**< may be NULL */
  guint n_marks;
  /** Ids of the tiles set aside face up (a rule set's,
   * PD-08), listed under the board; may be NULL. */
  const char *const *set_aside;
  guint n_set_aside;
  /** The rule sets' public notes (meeple_game_notes(), GetState "notes"),
   * one "label: text" line each under the board; may be NULL. */
  const char *const *note_labels;
  const char *const *note_texts;
  guint n_notes;
  /** The rule sets' symbol looks (meeple_rules_symbol_look(), GetCatalog
   * "looks"): @looks[i] for symbol i of the tile types, NULL where a
   * symbol has none.  A field carrying a symbol with a look is drawn with
   * its glyph instead of '.' (e.g. '~').  May be NULL. */
  const MeepleSymbolLook *const *looks;
  guint n_looks;
  /** The tile placed last (@has_last): its column's and row's labels
   * are drawn in brackets ("[2]") in every glyph set, and with colour
   * its block on a grey background, so the last move is found at a
   * glance. */
  gboolean has_last;
  int last_x, last_y;
  /** Options lettered on their segments (drawn after the figures, in
   * the mark's style); may be NULL. */
  const BoardLabel *labels;
  guint n_labels;
  /** Only the cells from (window_min_x, window_min_y) to (window_max_x,
   * window_max_y) are drawn (@has_window): a window that fits a
   * terminal around what matters now, the rest of the board left out
   * (the caller says so).  Without it, the whole bounding box. */
  gboolean has_window;
  int window_min_x, window_max_x, window_min_y, window_max_y;
  /** The lines under the board (figures, notes) are wrapped to this many
   * columns; 0: not wrapped. */
  guint width;
} BoardView;

/* The columns the board of @view takes, its widest line (without the
 * lines under it), when drawn with the window from (min_x, min_y) to
 * (max_x, max_y); the rows are 3 per cell plus the two axes.  For a
 * caller choosing a window that fits. */
guint board_render_columns(const BoardView *view, int min_x, int max_x,
                           int min_y, int max_y);

/* Appends the board of @view: the x axis, one text row per character row
 * of the blocks (the y label on each block's middle row), the x axis
 * again, then the line naming figures besides plain followers and the
 * line of tiles set aside (each only when there is something to say),
 * then one line per public note ("Label: on 2,-1, ...").
 * An empty view (no tile, no mark) is "(empty board)". */
void board_render(GString *out, const BoardView *view,
                  BoardRenderFlags flags);

/* Appends the blocks of tile type @type turned 0, 90, 180 and 270
 * degrees, side by side 3 columns apart, each line starting with
 * @prefix.  @kinds is what its segment kinds index; @looks as in
 * BoardView. */
void board_render_tile(GString *out, const BoardKind *kinds, guint n_kinds,
                       const MeepleSymbolLook *const *looks, guint n_looks,
                       const MeepleTileType *type, const char *prefix,
                       BoardRenderFlags flags);

/* Appends one line explaining the glyphs of @flags' glyph set, then
 * each symbol look of @looks (as in BoardView; the same look once, e.g.
 * "~ field under X"), then the glyph of each neutral figure type named
 * in @neutral (NULL-terminated, may be NULL), e.g. "N neutral". */
void board_render_legend_with(GString *out, const char *const *neutral,
                              const MeepleSymbolLook *const *looks,
                              guint n_looks, BoardRenderFlags flags);
/* As board_render_legend_with(), the neutral figures drawn with
 * @neutral_looks[i] (as BoardFigure.look; may be NULL). */
void board_render_legend_looks(GString *out, const char *const *neutral,
                               const MeepleLook *neutral_looks,
                               const MeepleSymbolLook *const *looks,
                               guint n_looks, BoardRenderFlags flags);

/* The glyph of a figure of type @type_name owned by @owner (a seat, -1:
 * neutral) in @flags' glyph set: the seat's digit, or a neutral figure's
 * capital initial.  A static string. */
const char *board_figure_glyph(const char *type_name, int owner,
                               BoardRenderFlags flags);
/* As board_figure_glyph(), a neutral figure drawn with @look (NULL or
 * ascii 0: its initial). */
const char *board_figure_look_glyph(const MeepleLook *look,
                                    const char *type_name, int owner,
                                    BoardRenderFlags flags);

/* Name of segment @segment of the tile at (x, y) in @view ("C1"), or the
 * index as text when there is no such tile or segment.  Returns a string
 * owned by the view's tile type, or an interned one. */
const char *board_segment_name(const BoardView *view, int x, int y,
                               guint segment);

G_END_DECLS

#endif
