/* players.h — meeple-sim's computer players.
 *
 * Every player draws its randomness from its own GRand seeded from the game
 * seed and its seat, so a game is fully reproducible from the seed and the
 * list of strategies. */
#ifndef MEEPLE_SIM_PLAYERS_H
#define MEEPLE_SIM_PLAYERS_H

#include <glib.h>
#include <meeple.h>

G_BEGIN_DECLS

typedef enum {
  /* Uniform among the legal actions. */
  SIM_STRATEGY_RANDOM = 0,
  /* One-ply look-ahead on clones (tile placement looks at the best figure
   * option too), scored as own score minus best opponent plus a small
   * bonus for followers on unfinished features. */
  SIM_STRATEGY_GREEDY = 1,
} SimStrategy;

/* Reads "random" or "greedy"; FALSE for anything else. */
gboolean sim_strategy_from_name(const char *name, SimStrategy *strategy);
const char *sim_strategy_name(SimStrategy strategy);

typedef struct SimPlayer SimPlayer;

SimPlayer *sim_player_new(SimStrategy strategy, guint seat, guint64 seed);
void sim_player_free(SimPlayer *player);
SimStrategy sim_player_strategy(const SimPlayer *player);

/* Index into @decision's actions that @player takes in @game.  @decision
 * must be @game's pending decision and belong to the player's seat. */
gsize sim_player_choose(SimPlayer *player, MeepleGame *game,
                        const MeepleDecision *decision);

/* Value of @game for @seat in the greedy player's units (1/100 point);
 * exposed for tests and for explaining a choice. */
gint64 sim_player_evaluate(const MeepleGame *game, guint seat);

G_END_DECLS

#endif
