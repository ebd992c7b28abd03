/* view.c — a seat's public knowledge and the determinizations built from
 * it (the design is in view.h). */
#include "config.h"

#include <string.h>

#include "view.h"

/* Samples tried before a determinization gives up.  A view fed with
 * consistent events always fits the first sample; a second one only
 * helps against a rule set whose draws depend on its own randomness. */
#define MAX_TRIES 4

typedef struct {
  MeepleAction action;
  guint player;
} ViewAction;

struct MeepleBotView {
  MeepleRules *rules;
  guint n_players;
  gboolean no_farmers;
  GArray *draws;       /* guint16: every tile drawn, in order */
  GArray *returned;    /* gboolean per draw: set aside, then shuffled back */
  GArray *aside;       /* guint: indices of the draws set aside now */
  GArray *actions;     /* ViewAction */
  int scores[MEEPLE_MAX_PLAYERS];
  gboolean has_scores;
  guint n_returns;     /* shuffle-backs seen */
  guint16 *full;       /* copies of each tile type in the supply */
};

MeepleBotView *
meeple_bot_view_new(MeepleRules *rules, guint n_players, gboolean no_farmers)
{
  MeepleBotView *v = g_new0(MeepleBotView, 1);
  v->rules = meeple_rules_ref(rules);
  v->n_players = n_players;
  v->no_farmers = no_farmers;
  v->draws = g_array_new(FALSE, FALSE, sizeof(guint16));
  v->actions = g_array_new(FALSE, FALSE, sizeof(ViewAction));
  v->returned = g_array_new(FALSE, TRUE, sizeof(gboolean));
  v->aside = g_array_new(FALSE, FALSE, sizeof(guint));
  guint n_types = meeple_rules_n_tile_types(rules);
  v->full = g_new0(guint16, MAX(n_types, 1u));
  for (guint t = 0; t < n_types; t++)
    v->full[t] = (guint16)meeple_rules_tile_type(rules, t)->count;
  /* The start tile is on the table before the first draw. */
  int start = meeple_rules_start_tile(rules);
  if (start >= 0 && v->full[start] > 0)
    v->full[start]--;
  return v;
}

void
meeple_bot_view_free(MeepleBotView *view)
{
  if (!view)
    return;
  g_array_unref(view->draws);
  g_array_unref(view->actions);
  g_array_unref(view->returned);
  g_array_unref(view->aside);
  g_free(view->full);
  meeple_rules_unref(view->rules);
  g_free(view);
}

MeepleRules *
meeple_bot_view_rules(const MeepleBotView *view)
{
  return view->rules;
}

guint
meeple_bot_view_n_players(const MeepleBotView *view)
{
  return view->n_players;
}

guint
meeple_bot_view_n_actions(const MeepleBotView *view)
{
  return view->actions->len;
}

guint
meeple_bot_view_n_draws(const MeepleBotView *view)
{
  return view->draws->len;
}

void
meeple_bot_view_add_events(MeepleBotView *view, const MeepleEvent *events,
                           gsize n_events)
{
  for (gsize i = 0; i < n_events; i++) {
    if (events[i].type == MEEPLE_EVENT_TILE_DRAWN) {
      guint16 tile = events[i].tile;
      gboolean no = FALSE;
      g_array_append_val(view->draws, tile);
      g_array_append_val(view->returned, no);
    } else if (events[i].type == MEEPLE_EVENT_TILE_SET_ASIDE &&
               view->draws->len > 0) {
      /* The tile set aside is the one just drawn (RULES PD-08). */
      guint last = view->draws->len - 1;
      g_array_append_val(view->aside, last);
    } else if (events[i].type == MEEPLE_EVENT_TILES_RETURNED) {
      view->n_returns++;
      for (guint k = 0; k < view->aside->len; k++)
        g_array_index(view->returned, gboolean,
                      g_array_index(view->aside, guint, k)) = TRUE;
      g_array_set_size(view->aside, 0);
    }
  }
}

void
meeple_bot_view_add_action(MeepleBotView *view, guint player,
                           const MeepleAction *action)
{
  ViewAction a = { .action = *action, .player = player };
  g_array_append_val(view->actions, a);
}

void
meeple_bot_view_set_score(MeepleBotView *view, guint seat, int score)
{
  if (seat >= MEEPLE_MAX_PLAYERS)
    return;
  view->scores[seat] = score;
  view->has_scores = TRUE;
}

int
meeple_bot_find_action(const MeepleAction *actions, gsize n_actions,
                       const MeepleAction *action)
{
  /* Unused fields are zero (meeple/game.h), so bytes decide equality. */
  for (gsize i = 0; i < n_actions; i++)
    if (memcmp(&actions[i], action, sizeof *action) == 0)
      return (int)i;
  return -1;
}

gboolean
meeple_bot_decision_matches(MeepleGame *game, const MeepleAction *actions,
                            gsize n_actions)
{
  const MeepleDecision *d = meeple_game_decision(game);
  return d && d->n_actions == n_actions &&
         memcmp(d->actions, actions, n_actions * sizeof *actions) == 0;
}

/* ---- sampling ------------------------------------------------------------ */

static guint64
rand64(GRand *rand)
{
  return ((guint64)g_rand_int(rand) << 32) | g_rand_int(rand);
}

static void
shuffle(guint16 *a, guint n, GRand *rand)
{
  for (guint i = n; i > 1; i--) {
    guint j = (guint)g_rand_int_range(rand, 0, (gint32)i);
    guint16 t = a[i - 1];
    a[i - 1] = a[j];
    a[j] = t;
  }
}

/* The tile multiset of the supply minus @drawn, as a list in type order;
 * NULL when the draws are not in the supply (a view fed with another
 * rules' events). */
static guint16 *
undrawn(const MeepleBotView *v, GArray *drawn, guint *n_out)
{
  guint n_types = meeple_rules_n_tile_types(v->rules);
  guint *left = g_new(guint, MAX(n_types, 1u));
  guint total = 0;
  for (guint t = 0; t < n_types; t++) {
    left[t] = v->full[t];
    total += left[t];
  }
  for (guint i = 0; i < drawn->len; i++) {
    guint16 t = g_array_index(drawn, guint16, i);
    if (t >= n_types || left[t] == 0) {
      g_free(left);
      return NULL;
    }
    left[t]--;
    total--;
  }
  guint16 *out = g_new(guint16, total + 1);
  guint k = 0;
  for (guint t = 0; t < n_types; t++)
    for (guint c = 0; c < left[t]; c++)
      out[k++] = (guint16)t;
  g_free(left);
  *n_out = total;
  return out;
}

/* ---- replaying -------------------------------------------------------------- */

/* Checks the draws among @events against @draws from *@next on. */
static gboolean
take_events(GArray *draws, const MeepleEvent *events, gsize n, guint *next)
{
  for (gsize i = 0; i < n; i++) {
    if (events[i].type != MEEPLE_EVENT_TILE_DRAWN)
      continue;
    if (*next >= draws->len ||
        g_array_index(draws, guint16, *next) != events[i].tile)
      return FALSE;
    (*next)++;
  }
  return TRUE;
}

static MeepleGame *
new_game(const MeepleBotView *v, const guint16 *order, guint n_order,
         guint64 seed)
{
  MeepleGameConfig config = {
    .n_players = v->n_players,
    .seed = seed,
    .tile_order = order,
    .n_tile_order = n_order,
    .no_farmers = v->no_farmers,
  };
  return meeple_game_new(v->rules, &config, NULL);
}

/* Replays the view's actions on a game with tile order @order; the game
 * when it draws exactly @draws (with @exact, all of them), else NULL. */
static MeepleGame *
replay_as(const MeepleBotView *v, GArray *draws, const guint16 *order,
          guint n_order, guint64 seed, gboolean exact)
{
  MeepleGame *g = new_game(v, order, n_order, seed);
  if (!g)
    return NULL;
  guint next = 0;
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(g, &n);
  gboolean ok = take_events(draws, ev, n, &next);
  for (guint i = 0; ok && i < v->actions->len; i++) {
    const ViewAction *a = &g_array_index(v->actions, ViewAction, i);
    const MeepleDecision *d = meeple_game_decision(g);
    ok = d && d->player == a->player &&
         meeple_game_apply(g, &a->action, &ev, &n, NULL) &&
         take_events(draws, ev, n, &next);
  }
  if (!ok || (exact && next != draws->len) || !meeple_game_decision(g)) {
    meeple_game_free(g);
    return NULL;
  }
  return g;
}

static MeepleGame *
replay(const MeepleBotView *v, GArray *draws, const guint16 *order,
       guint n_order, guint64 seed)
{
  return replay_as(v, draws, order, n_order, seed, TRUE);
}

/* The draws a rebuilt game must make: every real draw except the tiles
 * that were set aside and have been shuffled back.  Those are simply
 * left in the supply: the rebuilt game never sets them aside, so it never
 * shuffles (which would follow its own seed, not the real one), and
 * draws them again where the real game did.  Once shuffled back, a
 * set-aside tile leaves no trace in the public state. */
static GArray *
effective_draws(const MeepleBotView *v)
{
  GArray *draws = g_array_sized_new(FALSE, FALSE, sizeof(guint16),
                                    v->draws->len);
  for (guint i = 0; i < v->draws->len; i++)
    if (!g_array_index(v->returned, gboolean, i))
      g_array_append_val(draws, g_array_index(v->draws, guint16, i));
  return draws;
}

MeepleGame *
meeple_bot_view_determinize(const MeepleBotView *view, GRand *rand,
                            int *score_offset, GError **error)
{
  MeepleGame *game = NULL;
  GArray *draws = effective_draws(view);
  for (guint attempt = 0; !game && attempt < MAX_TRIES; attempt++) {
    /* The seed stands for the rule sets' unseen randomness. */
    guint64 seed = rand64(rand);
    guint n_rest;
    guint16 *rest = undrawn(view, draws, &n_rest);
    if (!rest)
      break;
    shuffle(rest, n_rest, rand);
    guint n_order = draws->len + n_rest;
    guint16 *order = g_new(guint16, n_order + 1);
    memcpy(order, draws->data, draws->len * sizeof(guint16));
    memcpy(order + draws->len, rest, n_rest * sizeof(guint16));
    g_free(rest);
    game = replay(view, draws, order, n_order, seed);
    g_free(order);
  }
  g_array_unref(draws);
  if (!game) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "no game fits what this seat has seen (%u actions, %u draws, "
                "%u shuffle-backs)", view->actions->len, view->draws->len,
                view->n_returns);
    return NULL;
  }
  if (score_offset)
    for (guint p = 0; p < MEEPLE_MAX_PLAYERS; p++)
      score_offset[p] = view->has_scores && p < view->n_players
                          ? view->scores[p] - meeple_game_score(game, p) : 0;
  return game;
}

/* ---- actions as text ------------------------------------------------------- */

/* A game at the view's last action whose draws so far are the real ones;
 * the view may already hold draws of later actions (fed before them). */
static MeepleGame *
current_game(const MeepleBotView *v, GError **error)
{
  GArray *draws = effective_draws(v);
  guint n_rest;
  guint16 *rest = undrawn(v, draws, &n_rest);
  MeepleGame *g = NULL;
  if (rest) {
    /* Any order of the rest: only draws already seen are used. */
    guint n_order = draws->len + n_rest;
    guint16 *order = g_new(guint16, n_order + 1);
    memcpy(order, draws->data, draws->len * sizeof(guint16));
    memcpy(order + draws->len, rest, n_rest * sizeof(guint16));
    g = replay_as(v, draws, order, n_order, 1, FALSE);
    g_free(order);
  }
  g_free(rest);
  g_array_unref(draws);
  if (!g)
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REPLAY,
                "the public actions do not replay (%u actions, %u draws)",
                v->actions->len, v->draws->len);
  return g;
}

gboolean
meeple_bot_view_add_notations(MeepleBotView *view, const guint *seats,
                              const char *const *notations, guint n,
                              GError **error)
{
  if (n == 0)
    return TRUE;
  MeepleGame *g = current_game(view, error);
  if (!g)
    return FALSE;
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < n; i++) {
    MeepleAction a;
    const MeepleDecision *d = meeple_game_decision(g);
    ok = d && d->player == seats[i] &&
         meeple_action_parse(g, notations[i], &a, NULL, error) &&
         meeple_game_apply(g, &a, NULL, NULL, error);
    if (ok)
      meeple_bot_view_add_action(view, seats[i], &a);
    else if (error && !*error)
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REPLAY,
                  "action %u (%s) is not seat %u's", view->actions->len + 1,
                  notations[i], seats[i] + 1);
  }
  meeple_game_free(g);
  return ok;
}

MeepleAction *
meeple_bot_view_parse_decision(const MeepleBotView *view,
                               const char *const *notations, guint n,
                               GError **error)
{
  GRand *rand = g_rand_new_with_seed(1);
  MeepleGame *g = meeple_bot_view_determinize(view, rand, NULL, error);
  g_rand_free(rand);
  if (!g)
    return NULL;
  MeepleAction *actions = g_new0(MeepleAction, MAX(n, 1u));
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < n; i++)
    ok = meeple_action_parse(g, notations[i], &actions[i], NULL, error);
  if (ok && !meeple_bot_decision_matches(g, actions, n)) {
    ok = FALSE;
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REPLAY,
                "the rebuilt game offers other actions than the daemon");
  }
  meeple_game_free(g);
  if (!ok) {
    g_free(actions);
    return NULL;
  }
  return actions;
}
