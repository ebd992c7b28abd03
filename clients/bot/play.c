/* play.c — a bot's game loop: wait for a decision of its seats, choose
 * with the seat's strategy on the public view, act, until the game is
 * over. */
#include "config.h"

#include "bot.h"
#include "remote.h"

/* Retries after StaleDecision before giving up: another holder of the
 * seat (a reclaim elsewhere) may be acting too, and then this loop would
 * never win. */
#define MAX_STALE_RETRIES 8

gboolean
meeple_bot_play_with(MeepleRemoteGame *game, const guint *seats,
                     const MeepleStrategy *strategies, guint n_seats,
                     guint64 seed, MeepleBotMoveFunc on_move, gpointer data,
                     GError **error)
{
  g_return_val_if_fail(game != NULL && seats != NULL && n_seats > 0, FALSE);
  MeepleBotPlayer **players = g_new0(MeepleBotPlayer *, n_seats);
  for (guint i = 0; i < n_seats; i++)
    players[i] = meeple_bot_player_new(&strategies[i], seats[i], seed);
  /* Random seats draw from one generator seeded with @seed, one number a
   * decision, as meeple bot always did: seeded bot games that tests and
   * users keep (a rule set's figure placed, a token added) play out the same. */
  GRand *shared = g_rand_new_with_seed((guint32)seed);
  MeepleBotRemote *remote = NULL;
  guint stale = 0;
  gboolean ok = TRUE;
  for (;;) {
    GError *local = NULL;
    const MeepleClientDecision *d =
      meeple_remote_game_wait_decision(game, seats, n_seats, -1, &local);
    if (!d) {
      if (local) {
        g_propagate_error(error, local);
        ok = FALSE;
      }
      break;
    }
    MeepleBotPlayer *player = players[0];
    for (guint i = 0; i < n_seats; i++)
      if (seats[i] == d->seat)
        player = players[i];
    guint n = d->actions->len;
    MeepleAction *actions = NULL;
    if (meeple_bot_player_strategy(player)->kind != MEEPLE_STRATEGY_RANDOM &&
        n > 1) {
      /* Only greedy and search look at the game: rebuild it locally. */
      if (!remote)
        remote = meeple_bot_remote_new(game, &local);
      if (remote)
        actions = meeple_bot_remote_update(remote, d, &local);
      if (!actions) {
        g_propagate_error(error, local);
        ok = FALSE;
        break;
      }
    }
    guint index;
    if (meeple_bot_player_strategy(player)->kind == MEEPLE_STRATEGY_RANDOM)
      index = n ? (guint)g_rand_int_range(shared, 0, (gint32)n) : 0;
    else
      index = n <= 1 ? 0 : (guint)meeple_bot_player_choose(
        player, meeple_bot_remote_view(remote), actions, n, &local);
    g_free(actions);
    /* A failed rebuild inside the strategy still gives a legal index. */
    g_clear_error(&local);
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
  meeple_bot_remote_free(remote);
  g_rand_free(shared);
  for (guint i = 0; i < n_seats; i++)
    meeple_bot_player_free(players[i]);
  g_free(players);
  return ok;
}

gboolean
meeple_bot_play_mixed(MeepleRemoteGame *game, const guint *seats,
                      const MeepleBotStrategy *strategies, guint n_seats,
                      guint32 seed, MeepleBotMoveFunc on_move, gpointer data,
                      GError **error)
{
  g_return_val_if_fail(n_seats > 0, FALSE);
  MeepleStrategy *s = g_new0(MeepleStrategy, n_seats);
  for (guint i = 0; i < n_seats; i++) {
    /* The plain names parse: "search" thinks one second a move. */
    meeple_strategy_parse(meeple_bot_strategy_name(strategies[i]), &s[i],
                          NULL);
  }
  gboolean ok = meeple_bot_play_with(game, seats, s, n_seats, seed, on_move,
                                     data, error);
  g_free(s);
  return ok;
}

gboolean
meeple_bot_play(MeepleRemoteGame *game, const guint *seats, guint n_seats,
                MeepleBotStrategy strategy, guint32 seed,
                MeepleBotMoveFunc on_move, gpointer data, GError **error)
{
  g_return_val_if_fail(n_seats > 0, FALSE);
  MeepleBotStrategy *strategies = g_new(MeepleBotStrategy, n_seats);
  for (guint i = 0; i < n_seats; i++)
    strategies[i] = strategy;
  gboolean ok = meeple_bot_play_mixed(game, seats, strategies, n_seats, seed,
                                      on_move, data, error);
  g_free(strategies);
  return ok;
}
