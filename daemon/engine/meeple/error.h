/* meeple/error.h — the error domain of libmeeple.
 *
 * Every failing call of the library returns FALSE or NULL and sets a GError
 * in MEEPLE_ERROR with one of the codes below and a message a person can
 * act on.  A failing call never changes the game or rules it was given
 * (DESIGN invariant 5).
 */
#ifndef MEEPLE_ERROR_H
#define MEEPLE_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define MEEPLE_ERROR (meeple_error_quark())
GQuark meeple_error_quark(void);

typedef enum {
  /** A tile file is malformed; message starts with "file:line:". */
  MEEPLE_ERROR_TILE_FILE,
  /** A game record is malformed; message starts with "file:line:column:". */
  MEEPLE_ERROR_RECORD,
  /** An action's text could not be read. */
  MEEPLE_ERROR_NOTATION,
  /** The action is not among the legal actions of the pending decision. */
  MEEPLE_ERROR_ILLEGAL_ACTION,
  /** The game is over; no action can be applied. */
  MEEPLE_ERROR_GAME_OVER,
  /** A game configuration is invalid (player count, tile order, ...). */
  MEEPLE_ERROR_CONFIG,
  /** A name (kind, figure, symbol) is already registered or the table is
   * full. */
  MEEPLE_ERROR_REGISTRY,
  /** Replaying a record diverged from it (wrong tile drawn, ...). */
  MEEPLE_ERROR_REPLAY,
  /** A plugin cannot be loaded or a rule-set combination cannot be built
   * (ABI, dependencies, conflicts, failing init or setup). */
  MEEPLE_ERROR_PLUGIN,
  /** The rule sets asked for cannot be played: an unknown id, or two
   * that conflict (the caller's request is wrong, not a plugin). */
  MEEPLE_ERROR_RULESET,
  /** A rule set's hook failed (a Lua script's error, its memory limit or
   * its instruction budget, doc/lua-rulesets.md): the action that ran it
   * is refused and the game is unchanged.  The message starts with
   * "FILE:LINE: " where the failure has a place.  ABI 2.2. */
  MEEPLE_ERROR_HOOK,
} MeepleErrorCode;

G_END_DECLS

#endif
