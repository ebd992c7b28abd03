/* render.h — meeple-sim's board and scores as text for a terminal.
 *
 * The board and single tiles are drawn by libmeeple-render
 * (clients/common/board-render.h, where the 5×3 block of each tile and its
 * glyphs are described), from a view of the engine's game built here;
 * meeple-sim always uses the ASCII glyphs.  The scores are meeple-sim's
 * own.  The output is deterministic; colour escapes are added only on
 * request. */
#ifndef MEEPLE_SIM_RENDER_H
#define MEEPLE_SIM_RENDER_H

#include <glib.h>
#include <meeple.h>

G_BEGIN_DECLS

/* Appends the board of @game, drawn with @flags (BoardRenderFlags of
 * board-render.h: colours, Unicode glyphs; see sim_board_flags()). */
void sim_render_board(GString *out, const MeepleGame *game, guint flags);

/* Appends the blocks of tile type @type turned 0, 90, 180 and 270
 * degrees, side by side, each line starting with @prefix. */
void sim_render_tile(GString *out, const MeepleRules *rules, guint type,
                     const char *prefix);

/* Appends one line explaining the glyphs of @flags' glyph set. */
void sim_render_legend(GString *out, const MeepleRules *rules, guint flags);

/* Appends the state line (for a game in progress: who decides, the
 * decision kind's name and the number of legal actions), one score line
 * per seat (followers left, then one column per other figure type a
 * player owns, e.g. "Abbot") and the winner(s).
 * @names holds one name per seat (NULL: "Player N").  @game is not
 * const because an unfinished game's pending decision is computed. */
void sim_render_scores(GString *out, MeepleGame *game,
                       const char *const *names);

/* Seats with the highest score (BASE-24: ties share the victory) into
 * @seats (MEEPLE_MAX_PLAYERS entries); returns how many. */
guint sim_winners(const MeepleGame *game, guint *seats);

/* Name of segment @segment of the tile at (x, y) ("C1"), or its index as
 * text when there is no such tile.  Returns a static or interned string. */
const char *sim_segment_name(const MeepleGame *game, int x, int y,
                             guint segment);

G_END_DECLS

#endif
