/* match.c — one game between strategies, each seeing only the public
 * view (match.h). */
#include "config.h"

#include "match.h"
#include "view.h"

MeepleGame *
sim_match_play(MeepleRules *rules, const MeepleGameConfig *config,
               const MeepleStrategy *strategies, guint64 player_seed,
               SimMatchStats *stats, GError **error)
{
  MeepleGame *game = meeple_game_new(rules, config, error);
  if (!game)
    return NULL;
  guint n = config->n_players;
  SimMatchStats local = { 0 };
  MeepleBotPlayer *players[MEEPLE_MAX_PLAYERS] = { NULL };
  for (guint p = 0; p < n; p++)
    players[p] = meeple_bot_player_new(&strategies[p], p, player_seed);
  MeepleBotView *view = meeple_bot_view_new(rules, n, config->no_farmers);
  gsize n_events;
  const MeepleEvent *events = meeple_game_initial_events(game, &n_events);
  meeple_bot_view_add_events(view, events, n_events);

  const MeepleDecision *d;
  while ((d = meeple_game_decision(game)) != NULL) {
    if (++local.decisions > SIM_MAX_DECISIONS || d->player >= n ||
        d->n_actions == 0) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REPLAY,
                  "engine error: %s at turn %u",
                  local.decisions > SIM_MAX_DECISIONS
                    ? "game does not end" : "invalid pending decision",
                  meeple_game_turn(game));
      goto fail;
    }
    /* Scores are public; the view needs them for values the rebuilt games
     * cannot reproduce (view.h). */
    for (guint p = 0; p < n; p++)
      meeple_bot_view_set_score(view, p, meeple_game_score(game, p));
    guint seat = d->player;
    GError *why = NULL;
    gint64 t0 = g_get_monotonic_time();
    gsize index = meeple_bot_player_choose(players[seat], view, d->actions,
                                           d->n_actions, &why);
    local.think[seat] += (g_get_monotonic_time() - t0) / 1e6;
    local.iterations[seat] += meeple_bot_player_stats(players[seat])
                                ->iterations;
    if (why) {
      local.fallbacks++;
      g_error_free(why);
    }
    MeepleAction action = d->actions[index];
    if (!meeple_game_apply(game, &action, &events, &n_events, error)) {
      /* a rule set's script failing is its fault, not the engine's */
      if (g_error_matches(*error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK))
        g_prefix_error(error, "a rule set failed at turn %u; the action is "
                       "refused: ", meeple_game_turn(game));
      else
        g_prefix_error(error, "engine refused its own legal action at turn "
                       "%u: ", meeple_game_turn(game));
      goto fail;
    }
    meeple_bot_view_add_action(view, seat, &action);
    meeple_bot_view_add_events(view, events, n_events);
  }
  if (stats)
    *stats = local;
  meeple_bot_view_free(view);
  for (guint p = 0; p < n; p++)
    meeple_bot_player_free(players[p]);
  return game;

fail:
  meeple_bot_view_free(view);
  for (guint p = 0; p < n; p++)
    meeple_bot_player_free(players[p]);
  meeple_game_free(game);
  return NULL;
}
