/* bench-playouts.c — meeple-sim bench: how fast the search bot plays
 * from the middle of a game (bench-playouts.h). */
#include "config.h"

#include "bench-playouts.h"
#include "strategy.h"

/* Seed of the game the mid-game position comes from: a fixed one, so every
 * run and every machine measures the same position. */
#define POSITION_SEED 20261127
/* Iterations of the timed search: long enough to dwarf its setup. */
#define SEARCH_ITERATIONS 3000

static gint64
now_us(void)
{
  return g_get_monotonic_time();
}

/* The game of @rules played at random (generator @rand) until half of its
 * supply is drawn, and the same game as a seat's view; NULL on error. */
static MeepleGame *
mid_game_position(MeepleRules *rules, MeepleBotView **view, GError **error)
{
  MeepleGameConfig config = { .n_players = 2, .seed = POSITION_SEED };
  MeepleGame *game = meeple_game_new(rules, &config, error);
  if (!game)
    return NULL;
  GRand *rand = g_rand_new_with_seed(POSITION_SEED);
  guint supply = meeple_game_tiles_left(game);
  *view = meeple_bot_view_new(rules, 2, FALSE);
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(game, &n);
  meeple_bot_view_add_events(*view, ev, n);
  const MeepleDecision *d;
  /* Stop at a tile decision, where the search bot thinks longest. */
  while ((d = meeple_game_decision(game)) != NULL &&
         (meeple_game_tiles_left(game) * 2 > supply ||
          d->kind != MEEPLE_DECISION_PLACE_TILE)) {
    guint seat = d->player;
    MeepleAction a = d->actions[g_rand_int_range(rand, 0,
                                                 (gint32)d->n_actions)];
    if (!meeple_game_apply(game, &a, &ev, &n, error)) {
      meeple_game_free(game);
      meeple_bot_view_free(*view);
      g_rand_free(rand);
      return NULL;
    }
    meeple_bot_view_add_action(*view, seat, &a);
    meeple_bot_view_add_events(*view, ev, n);
  }
  g_rand_free(rand);
  for (guint p = 0; p < 2; p++)
    meeple_bot_view_set_score(*view, p, meeple_game_score(game, p));
  return game;
}

gboolean
sim_bench_playouts(MeepleRules *rules, double seconds, guint run,
                   SimPlayoutFigures *out, GError **error)
{
  MeepleBotView *view = NULL;
  MeepleGame *position = mid_game_position(rules, &view, error);
  if (!position)
    return FALSE;
  if (!meeple_game_decision(position)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "the bench game ended before its middle");
    meeple_game_free(position);
    meeple_bot_view_free(view);
    return FALSE;
  }

  /* Random playouts to the end, as a plain UCT bot plays them. */
  GRand *rand = g_rand_new_with_seed(run + 1);
  gint64 start = now_us(), end = start + (gint64)(seconds * 1e6);
  guint64 playouts = 0, decisions = 0;
  do {
    MeepleGame *g = meeple_game_clone(position);
    const MeepleDecision *d;
    while ((d = meeple_game_decision(g)) != NULL) {
      meeple_game_apply_index(g, d->n_actions > 1
                                   ? (gsize)g_rand_int_range(
                                       rand, 0, (gint32)d->n_actions)
                                   : 0, NULL, NULL, NULL);
      decisions++;
    }
    meeple_game_free(g);
    playouts++;
  } while (now_us() < end);
  out->playouts_per_s = playouts / ((now_us() - start) / 1e6);
  out->decisions_per_playout = (double)decisions / (double)playouts;

  /* The search bot itself: iterations (each a truncated playout) per
   * second of one thread, rebuilding its games from the view included. */
  const MeepleDecision *d = meeple_game_decision(position);
  MeepleStrategy search = {
    .kind = MEEPLE_STRATEGY_SEARCH, .iterations = SEARCH_ITERATIONS,
  };
  MeepleSearchStats stats;
  gssize index = meeple_bot_search(view, d->player, d->actions,
                                   d->n_actions, &search, rand, &stats,
                                   error);
  g_rand_free(rand);
  meeple_game_free(position);
  meeple_bot_view_free(view);
  if (index < 0)
    return FALSE;
  out->search_per_s = stats.iterations / MAX(stats.seconds, 1e-6);
  return TRUE;
}
