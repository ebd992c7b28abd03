/* strategy.h — the bot strategies, one library for every program that
 * plays: `meeple bot` (through libmeeple-client), meeple-sim and the Lua
 * module.  One name means one algorithm everywhere:
 *
 *  random  uniform over the legal actions.
 *  greedy  one ply of look-ahead on a rebuilt game: each action is tried
 *          (a tile placement together with its best figure option) and the
 *          one that most improves meeple_bot_evaluate() is kept; ties at
 *          random.
 *  search  information-set Monte Carlo tree search (search.c): many
 *          determinizations of what the seat cannot see, one tree over the
 *          seat's information, random playouts to the end of the game on
 *          engine clones.  Limited by a think time and/or an iteration
 *          count; deterministic given the seed when only iterations limit
 *          it.
 *
 * A strategy sees only a MeepleBotView (view.h): the public facts of the
 * game.  It plays through the engine's legal-action lists alone, so it
 * plays every rule set and combination, expansions written later too.
 */
#ifndef MEEPLE_BOT_STRATEGY_H
#define MEEPLE_BOT_STRATEGY_H

#include <glib.h>
#include <meeple.h>

#include "view.h"

G_BEGIN_DECLS

typedef enum {
  MEEPLE_STRATEGY_RANDOM = 0,
  MEEPLE_STRATEGY_GREEDY = 1,
  MEEPLE_STRATEGY_SEARCH = 2,
} MeepleStrategyKind;

/** A strategy and its limits.  Zero-initialised = random. */
typedef struct {
  MeepleStrategyKind kind;
  /** search: seconds of thinking per move, a move being the seat's
   * decisions until another seat acts (a base-game turn: the tile, then
   * the figure); each decision gets what is left of it over the
   * decisions still expected in the move.  0: no time limit. */
  double think;
  /** search: iterations per decision; 0: no iteration limit (then @think
   * must be set).  With several threads, the total over all of them. */
  guint64 iterations;
  /** search: threads, each with its own tree, their root statistics
   * summed; 0 or 1: one. */
  guint threads;
} MeepleStrategy;

/** Difficulty levels of search, as iteration limits per decision. */
#define MEEPLE_SEARCH_EASY 100
#define MEEPLE_SEARCH_MEDIUM 1000
#define MEEPLE_SEARCH_HARD 10000

/** Parses a strategy: "random", "greedy", "search" (1 s a move), or
 * "search:" followed by comma-separated settings: a level ("easy",
 * "medium", "hard": 100, 1,000, 10,000 iterations and no time limit), an
 * iteration limit ("2000" or "it=2000"), a think time in seconds
 * ("1.5s" or "think=1.5") and "threads=N".  "search:500,0.2s" stops at
 * whichever comes first.  FALSE with a message in @error otherwise. */
gboolean meeple_strategy_parse(const char *text, MeepleStrategy *out,
                               GError **error);
/** The strategy's name ("random", "greedy", "search"). */
const char *meeple_strategy_kind_name(MeepleStrategyKind kind);
/** "search:2000,0.5s": a text meeple_strategy_parse() reads back.
 * g_free() it. */
char *meeple_strategy_to_string(const MeepleStrategy *strategy);

/** What a search reports about its last decision. */
typedef struct {
  guint64 iterations;    /**< playouts run */
  guint64 nodes;         /**< tree nodes made */
  double seconds;        /**< wall time spent */
  double budget;         /**< think time this decision was given: its
                              share of the move (0: no time limit) */
  double best_value;     /**< mean reward of the move chosen, 0..1 */
  guint determinizations;/**< games rebuilt from the view */
} MeepleSearchStats;

/** One seat's computer player: a strategy and its own generator. */
typedef struct MeepleBotPlayer MeepleBotPlayer;

/** A player for @seat, its generator seeded with @seed and @seat (the
 * same seed gives every seat its own stream). */
MeepleBotPlayer *meeple_bot_player_new(const MeepleStrategy *strategy,
                                       guint seat, guint64 seed);
void meeple_bot_player_free(MeepleBotPlayer *player);
const MeepleStrategy *meeple_bot_player_strategy(const MeepleBotPlayer *p);

/** Index into @actions (the pending decision's legal actions, public; the
 * decision belongs to the player's seat) of the action the player takes,
 * knowing only @view.  Deterministic given the seed and the calls made,
 * except that a think time makes the search depend on the clock.  When
 * the view cannot be rebuilt into a game (view.h), greedy and search fall
 * back to the first action and say so in @error (the index is still
 * valid).  The random strategy reads only @n_actions: @view and
 * @actions may then be NULL. */
gsize meeple_bot_player_choose(MeepleBotPlayer *player,
                               const MeepleBotView *view,
                               const MeepleAction *actions, gsize n_actions,
                               GError **error);
/** Statistics of the player's last search (zeros for other strategies). */
const MeepleSearchStats *meeple_bot_player_stats(const MeepleBotPlayer *p);

/** Value of @game for @seat in greedy's units (1/100 point): lead over the
 * best opponent, followers in the supply, half of what the seat's
 * followers on unfinished features would bring. */
gint64 meeple_bot_evaluate(const MeepleGame *game, guint seat);
/** Greedy's value of taking the @index-th action of @game's pending
 * decision: meeple_bot_evaluate() after it, after the best figure option
 * of @seat when a figure decision of @seat follows. */
gint64 meeple_bot_greedy_value(MeepleGame *game, gsize index, guint seat);
/** Greedy's choice in @game's pending decision for @seat, ties broken
 * with @rand. */
gsize meeple_bot_greedy_choose(MeepleGame *game, guint seat, GRand *rand);

/** Search (search.c): index into @actions chosen by information-set MCTS
 * for @seat from @view, its randomness from @rand; statistics into
 * @stats.  -1 with @error when no determinization fits the view. */
gssize meeple_bot_search(const MeepleBotView *view, guint seat,
                         const MeepleAction *actions, gsize n_actions,
                         const MeepleStrategy *strategy, GRand *rand,
                         MeepleSearchStats *stats, GError **error);

G_END_DECLS

#endif
