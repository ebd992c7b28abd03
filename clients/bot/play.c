/* play.c — a bot's game loop: wait for a decision of its seats, choose,
 * act, until the game is over. */
#include "bot.h"

/* Retries after StaleDecision before giving up: another holder of the
 * seat (a reclaim elsewhere) may be acting too, and then this loop would
 * never win. */
#define MAX_STALE_RETRIES 8

gboolean
meeple_bot_play_mixed(MeepleRemoteGame *game, const guint *seats,
                      const MeepleBotStrategy *strategies, guint n_seats,
                      guint32 seed, MeepleBotMoveFunc on_move, gpointer data,
                      GError **error)
{
  GRand *rand;
  guint stale = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail(game != NULL && seats != NULL && n_seats > 0, FALSE);
  rand = g_rand_new_with_seed(seed);
  for (;;) {
    const MeepleClientDecision *d;
    const MeepleClientState *state = NULL;
    MeepleBotStrategy strategy = strategies[0];
    GError *local = NULL;
    guint index;

    d = meeple_remote_game_wait_decision(game, seats, n_seats, -1, &local);
    if (!d) {
      if (local) {
        g_propagate_error(error, local);
        ok = FALSE;
      }
      break;
    }
    for (guint i = 0; i < n_seats; i++)
      if (seats[i] == d->seat)
        strategy = strategies[i];
    if (strategy != MEEPLE_BOT_RANDOM) {
      state = meeple_remote_game_state(game, &local);
      if (!state) {
        g_propagate_error(error, local);
        ok = FALSE;
        break;
      }
    }
    index = meeple_bot_choose(strategy, d, state,
                              meeple_remote_game_catalog(game), d->seat, rand);
    if (on_move)
      on_move(game, d, index, data);
    if (!meeple_remote_game_act(game, d->seat, d, index, &local)) {
      if (g_error_matches(local, MEEPLE_CLIENT_ERROR,
                          MEEPLE_CLIENT_ERROR_STALE_DECISION) &&
          ++stale <= MAX_STALE_RETRIES) {
        g_error_free(local);
        continue;
      }
      g_propagate_error(error, local);
      ok = FALSE;
      break;
    }
    stale = 0;
  }
  g_rand_free(rand);
  return ok;
}

gboolean
meeple_bot_play(MeepleRemoteGame *game, const guint *seats, guint n_seats,
                MeepleBotStrategy strategy, guint32 seed,
                MeepleBotMoveFunc on_move, gpointer data, GError **error)
{
  MeepleBotStrategy *strategies;
  gboolean ok;

  g_return_val_if_fail(n_seats > 0, FALSE);
  strategies = g_new(MeepleBotStrategy, n_seats);
  for (guint i = 0; i < n_seats; i++)
    strategies[i] = strategy;
  ok = meeple_bot_play_mixed(game, seats, strategies, n_seats, seed, on_move,
                             data, error);
  g_free(strategies);
  return ok;
}
