/* greedy.c — the greedy strategy: one ply of look-ahead on a rebuilt game
 * (a tile placement together with its best figure option), scored by
 * meeple_bot_evaluate().  Moved here from meeple-sim's players so that
 * every program means the same thing by "greedy". */
#include "config.h"

#include "strategy.h"

/* Evaluation units: 1/100 of a point, so that the heuristic's fractions
 * stay integers and the choice does not depend on floating point. */
#define UNIT 100
/* Worth of a follower still in the supply: keeps greedy from spending its
 * last followers on features that can hardly pay back. */
#define SUPPLY_WORTH 60

/* Points a feature would bring its majority now, estimated: what it is
 * worth at the end if nobody touches it, a bit more for cities that may
 * still close. */
static gint64
feature_potential(const MeepleGame *game, const MeepleFigureInfo *figure,
                  const MeepleFeatureInfo *info)
{
  switch (info->kind) {
  case MEEPLE_KIND_ROAD:
    return (gint64)info->tiles * UNIT;
  case MEEPLE_KIND_CITY:
    /* Between the unfinished (1 per tile/pennant) and completed (2) value. */
    return (gint64)(info->tiles + info->pennants) * (UNIT * 3 / 2);
  case MEEPLE_KIND_MONASTERY:
  case MEEPLE_KIND_GARDEN: {
    /* 1 for the tile + 1 per placed neighbour (BASE-22), counted here so
     * the estimate does not depend on how the engine fills info->tiles. */
    gint64 n = 1;
    MeeplePlacedTile tile;
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        if ((dx || dy) &&
            meeple_game_tile_at(game, figure->x + dx, figure->y + dy, &tile))
          n++;
    return n * UNIT;
  }
  case MEEPLE_KIND_FIELD:
    /* Farmers pay 3 per completed city next to the field at the end; the
     * field's size is only a rough stand-in, so it is capped. */
    return MIN((gint64)info->tiles * (UNIT * 3 / 10), 9 * UNIT);
  default:
    return (gint64)info->tiles * UNIT;
  }
}

gint64
meeple_bot_evaluate(const MeepleGame *game, guint seat)
{
  guint n = meeple_game_n_players(game);
  int best_other = G_MININT;
  for (guint p = 0; p < n; p++)
    if (p != seat)
      best_other = MAX(best_other, meeple_game_score(game, p));
  if (best_other == G_MININT)
    best_other = 0;
  gint64 value = ((gint64)meeple_game_score(game, seat) - best_other) * UNIT;
  /* After final scoring the scores are all there is. */
  if (meeple_game_is_over(game))
    return value;

  MeepleRules *rules = meeple_game_rules(game);
  guint n_types = meeple_rules_n_figure_types(rules);
  for (guint t = 0; t < n_types; t++)
    if (meeple_rules_figure_type(rules, t)->is_follower)
      value += (gint64)meeple_game_supply(game, seat, t) * SUPPLY_WORTH;

  /* Each feature counts once even when several of our followers stand in
   * it; ids stay valid while no tile is placed, i.e. for this query. */
  guint seen[64];
  guint n_seen = 0;
  guint n_figures = meeple_game_n_figures(game);
  for (guint i = 0; i < n_figures; i++) {
    MeepleFigureInfo figure = meeple_game_figure(game, i);
    if (!figure.on_board || figure.owner != (int)seat ||
        figure.type >= n_types ||
        !meeple_rules_figure_type(rules, figure.type)->is_follower)
      continue;
    MeepleFeatureInfo info;
    if (!meeple_game_feature(game, figure.x, figure.y, figure.segment,
                             &info) || info.completed)
      continue;
    gboolean dup = FALSE;
    for (guint k = 0; k < n_seen; k++)
      dup = dup || seen[k] == info.id;
    if (dup)
      continue;
    if (n_seen < G_N_ELEMENTS(seen))
      seen[n_seen++] = info.id;
    guint most = 0;
    for (guint p = 0; p < n && p < MEEPLE_MAX_PLAYERS; p++)
      most = MAX(most, info.followers[p]);
    /* Only a feature we hold (alone or tied) is worth anything to us. */
    if (seat < MEEPLE_MAX_PLAYERS && info.followers[seat] == most)
      value += feature_potential(game, &figure, &info) / 2;
  }
  return value;
}

/* Value of taking action @index: the state after it, and for a tile
 * placement the best state after our own figure decision that follows. */
gint64
meeple_bot_greedy_value(MeepleGame *game, gsize index, guint seat)
{
  MeepleGame *after = meeple_game_clone(game);
  gint64 value;
  if (!meeple_game_apply_index(after, index, NULL, NULL, NULL)) {
    /* Cannot happen for a listed action; never prefer it if it does. */
    meeple_game_free(after);
    return G_MININT64;
  }
  const MeepleDecision *next = meeple_game_decision(after);
  if (next && next->player == seat &&
      next->kind == MEEPLE_DECISION_PLACE_FIGURE) {
    /* Scoring happens after the figure decision, so a tile that closes a
     * city only shows its worth one step further. */
    value = G_MININT64;
    gsize n_next = next->n_actions;
    for (gsize j = 0; j < n_next; j++) {
      MeepleGame *leaf = meeple_game_clone(after);
      if (meeple_game_apply_index(leaf, j, NULL, NULL, NULL))
        value = MAX(value, meeple_bot_evaluate(leaf, seat));
      meeple_game_free(leaf);
    }
  } else {
    value = meeple_bot_evaluate(after, seat);
  }
  meeple_game_free(after);
  return value;
}

gsize
meeple_bot_greedy_choose(MeepleGame *game, guint seat, GRand *rand)
{
  const MeepleDecision *decision = meeple_game_decision(game);
  gsize n = decision ? decision->n_actions : 0;
  gint64 best = G_MININT64;
  gsize best_index = 0;
  guint32 ties = 0;
  for (gsize i = 0; i < n; i++) {
    gint64 value = meeple_bot_greedy_value(game, i, seat);
    if (value > best) {
      best = value;
      best_index = i;
      ties = 1;
    } else if (value == best) {
      /* Reservoir sampling: each of the k tied actions ends up chosen with
       * probability 1/k, using only the player's seeded stream. */
      ties++;
      if (g_rand_int_range(rand, 0, (gint32)ties) == 0)
        best_index = i;
    }
  }
  return best_index;
}
