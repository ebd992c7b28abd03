/* bot.h — bots that play meepled games through libmeeple-client, with
 * the strategies of the strategy library (strategy.h: random, greedy,
 * search; one name, one algorithm in every program).
 *
 * A bot sees what every client sees.  Random needs only the decision's
 * list.  Greedy and search rebuild the public game locally (remote.h): the
 * game's rule sets loaded here, the draws from the event log, the actions
 * from GetActions; the game's seed and the tiles still to come are never
 * known.  Every choice is an index into the decision's action list, so a
 * bot plays any rule set, expansions included, without knowing them.
 */
#ifndef MEEPLE_BOT_H
#define MEEPLE_BOT_H

#include <glib.h>
#include "meeple-client.h"
#include "strategy.h"

G_BEGIN_DECLS

/** The strategies by name alone (numbered as MeepleStrategyKind); a
 * search so named thinks one second a move. */
typedef enum {
  MEEPLE_BOT_RANDOM = MEEPLE_STRATEGY_RANDOM,
  MEEPLE_BOT_GREEDY = MEEPLE_STRATEGY_GREEDY,
  MEEPLE_BOT_SEARCH = MEEPLE_STRATEGY_SEARCH,
} MeepleBotStrategy;

/** "random", "greedy" or "search" to a strategy; FALSE for anything else
 * (settings such as "search:2000" need meeple_strategy_parse()). */
gboolean meeple_bot_strategy_from_name(const char *name,
                                       MeepleBotStrategy *out);
/** The name of @strategy ("random", "greedy", "search"). */
const char *meeple_bot_strategy_name(MeepleBotStrategy strategy);

/** Called before each move a bot makes: @index is the action it is about
 * to take in @decision (for @decision->seat). */
typedef void (*MeepleBotMoveFunc)(MeepleRemoteGame *game,
                                  const MeepleClientDecision *decision,
                                  guint index, gpointer data);

/** Plays every decision of @seats (which this client must hold) until
 * the game is over, @strategies[i] for @seats[i], running the client's
 * context while other seats decide.  Seat i's choices come from a
 * generator seeded with @seed and the seat (strategy.h).  Returns TRUE
 * when the game is over, FALSE with @error set when a call fails or the
 * game cannot be rebuilt here (a stale decision is retried). */
gboolean meeple_bot_play_with(MeepleRemoteGame *game, const guint *seats,
                              const MeepleStrategy *strategies,
                              guint n_seats, guint64 seed,
                              MeepleBotMoveFunc on_move, gpointer data,
                              GError **error);

/** As meeple_bot_play_with(), one strategy by name for every seat. */
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
