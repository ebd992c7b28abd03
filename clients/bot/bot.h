/* bot.h — bots that play meepled games through libmeeple-client.
 *
 * A bot sees what every client sees: the public state, the catalog and
 * the pending decision's legal actions.  It never knows the tile order
 * (the game's seed is secret until the game is over).  Every choice is
 * an index into the decision's action list, so a bot plays any rule set,
 * expansions included, without knowing them.
 *
 * Strategies:
 *
 *  random  uniform over the legal actions.
 *
 *  greedy  a cheap one-move heuristic, ties broken at random:
 *    - "place-tile": prefer the cell with the most placed neighbours
 *      (3 points per side neighbour, 1 per corner neighbour) and the
 *      rotation that joins the most roads and cities to its side
 *      neighbours (2 points per road or city edge that touches a placed
 *      tile).
 *    - "place-figure": put a figure on a city or a one-tile feature
 *      (monastery-like "surround" shape) (40) rather than on a road or
 *      another edge feature (20), a field (10), any other spot (5); pass
 *      scores 0.  The segment's kind comes from the catalog: the tile at
 *      the action's (x, y) on the state's board, its segment by name.  A
 *      figure whose supply would drop to zero is only spent on a city or
 *      a surround feature (otherwise the move scores below passing).
 *      Actions it cannot classify score like pass.
 *    - any other decision kind (a rule set's): the first action that is
 *      not "pass", or a random one when all are.
 *
 * Both are deterministic given the GRand they draw from, so a bot game is
 * reproducible from the game's seed and the bot's seed.
 */
#ifndef MEEPLE_BOT_H
#define MEEPLE_BOT_H

#include <glib.h>
#include "meeple-client.h"

G_BEGIN_DECLS

typedef enum {
  MEEPLE_BOT_RANDOM,
  MEEPLE_BOT_GREEDY,
} MeepleBotStrategy;

/** "random" or "greedy" to a strategy; FALSE for anything else. */
gboolean meeple_bot_strategy_from_name(const char *name,
                                       MeepleBotStrategy *out);
/** The name of @strategy ("random", "greedy"). */
const char *meeple_bot_strategy_name(MeepleBotStrategy strategy);

/** Index of the action of @decision that @strategy picks for @seat.
 * @state and @catalog may be NULL: greedy then falls back to random.
 * Deterministic given @rand's state.  0 when @decision has no action. */
guint meeple_bot_choose(MeepleBotStrategy strategy,
                        const MeepleClientDecision *decision,
                        const MeepleClientState *state,
                        const MeepleClientCatalog *catalog, guint seat,
                        GRand *rand);

/** Called before each move a bot makes: @index is the action it is about
 * to take in @decision (for @decision->seat). */
typedef void (*MeepleBotMoveFunc)(MeepleRemoteGame *game,
                                  const MeepleClientDecision *decision,
                                  guint index, gpointer data);

/** Plays every decision of @seats (which this client must hold) with
 * @strategy until the game is over, running the client's context while
 * other seats decide.  The bot's choices come from a GRand seeded with
 * @seed.  Returns TRUE when the game is over, FALSE with @error set when
 * a call fails (a stale decision is retried; other errors stop). */
gboolean meeple_bot_play(MeepleRemoteGame *game, const guint *seats,
                         guint n_seats, MeepleBotStrategy strategy,
                         guint32 seed, MeepleBotMoveFunc on_move,
                         gpointer data, GError **error);

/** As meeple_bot_play() with one strategy per seat: @strategies[i] plays
 * @seats[i] (one client can seat a greedy and a random bot). */
gboolean meeple_bot_play_mixed(MeepleRemoteGame *game, const guint *seats,
                               const MeepleBotStrategy *strategies,
                               guint n_seats, guint32 seed,
                               MeepleBotMoveFunc on_move, gpointer data,
                               GError **error);

G_END_DECLS

#endif
