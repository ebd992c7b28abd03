/* match.h — meeple-sim: one game between computer players of the
 * strategy library (clients/bot/strategy.h), shared by `play` and
 * `tournament`.  The players see the game only through a public view
 * (clients/bot/view.h) fed from the engine's events, never the game
 * itself, which knows the tile order. */
#ifndef MEEPLE_SIM_MATCH_H
#define MEEPLE_SIM_MATCH_H

#include <glib.h>
#include <meeple.h>

#include "strategy.h"

G_BEGIN_DECLS

/* A full base game takes about 150 decisions; far more means the engine
 * is stuck in a loop, which must end in an error, not a hang. */
#define SIM_MAX_DECISIONS 100000

typedef struct {
  guint64 decisions;        /* decisions of the players (all seats) */
  guint64 fallbacks;        /* choices made without a rebuilt game */
  double think[MEEPLE_MAX_PLAYERS];  /* seconds spent choosing, per seat */
  guint64 iterations[MEEPLE_MAX_PLAYERS]; /* search playouts, per seat */
} SimMatchStats;

/* Plays a whole game of @rules with @config (seed, players, farmers);
 * seat p plays @strategies[p], its generator seeded with @player_seed.
 * Returns the finished game, or NULL with @error (the engine refused its
 * own action, or the game did not end).  @stats may be NULL. */
MeepleGame *sim_match_play(MeepleRules *rules, const MeepleGameConfig *config,
                           const MeepleStrategy *strategies,
                           guint64 player_seed, SimMatchStats *stats,
                           GError **error);

G_END_DECLS

#endif
