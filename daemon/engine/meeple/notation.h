/* meeple/notation.h — actions as text a person can read and type.
 *
 *   place <tile> @ <x>,<y> r<degrees>    put the drawn tile; degrees are
 *                                        0, 90, 180 or 270 clockwise
 *   <figure> <segment> [@ <x>,<y>]       put a figure ("follower C1",
 *                                        "follower F2"); the cell defaults
 *                                        to the tile placed this turn
 *   pass                                 do nothing in this decision
 *
 * Segment names are the tile file's ("C1", "R2", "F1", "M") and do not
 * change when the tile is turned.  Plugins register more notations.
 * The full grammar is in doc/game-record.md.
 */
#ifndef MEEPLE_NOTATION_H
#define MEEPLE_NOTATION_H

#include <glib.h>
#include "meeple/game.h"

G_BEGIN_DECLS

/** Writes @action as text, in the context of @game's current state (the
 * tile placed this turn decides whether "@ x,y" is needed).  Never NULL. */
char *meeple_action_to_string(const MeepleGame *game,
                              const MeepleAction *action);
/** Like meeple_action_to_string(), appending the text to @out: a caller
 * formatting many actions reuses one buffer. */
void meeple_action_append_string(const MeepleGame *game,
                                 const MeepleAction *action, GString *out);

/** Reads an action.  It is only parsed, not checked for legality (use
 * meeple_game_apply()).  On failure returns FALSE, sets @error
 * (MEEPLE_ERROR_NOTATION) and, when @column is not NULL, the 1-based
 * column of the offending character. */
gboolean meeple_action_parse(const MeepleGame *game, const char *text,
                             MeepleAction *action, guint *column,
                             GError **error);

G_END_DECLS

#endif
