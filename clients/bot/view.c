/* view.c — a seat's public knowledge and the determinizations built from
 * it (the design is in view.h). */
#include "config.h"

#include <string.h>

#include "view.h"

/* Samples tried before a determinization gives up: a rebuilt game fails
 * only when a shuffle-back brings a set-aside tile where a real draw
 * came from, which a few other seeds avoid. */
#define MAX_TRIES 24

typedef struct {
  MeepleAction action;
  guint player;
} ViewAction;

struct MeepleBotView {
  MeepleRules *rules;
  guint n_players;
  gboolean no_farmers;
  GArray *draws;       /* guint16: every tile drawn, in order */
  GArray *actions;     /* ViewAction */
  int scores[MEEPLE_MAX_PLAYERS];
  gboolean has_scores;
  guint n_returns;     /* shuffle-backs seen */
  guint return_draws;  /* draws before the first shuffle-back */
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
      g_array_append_val(view->draws, tile);
    } else if (events[i].type == MEEPLE_EVENT_TILES_RETURNED) {
      if (view->n_returns++ == 0)
        view->return_draws = view->draws->len;
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

/* The tile multiset of the supply minus the first @n_drawn draws, as a
 * list in type order; NULL when the draws are not in the supply (a view
 * fed with another rules' events). */
static guint16 *
undrawn(const MeepleBotView *v, guint n_drawn, guint *n_out)
{
  guint n_types = meeple_rules_n_tile_types(v->rules);
  guint *left = g_new(guint, MAX(n_types, 1u));
  guint total = 0;
  for (guint t = 0; t < n_types; t++) {
    left[t] = v->full[t];
    total += left[t];
  }
  for (guint i = 0; i < n_drawn; i++) {
    guint16 t = g_array_index(v->draws, guint16, i);
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

/* Checks the draws among @events against the view's from *@next on.
 * After a shuffle-back event (*@returned set) draws go to @post instead
 * when it is given. */
static gboolean
take_events(const MeepleBotView *v, const MeepleEvent *events, gsize n,
            guint *next, gboolean *returned, GArray *post)
{
  for (gsize i = 0; i < n; i++) {
    if (events[i].type == MEEPLE_EVENT_TILES_RETURNED)
      *returned = TRUE;
    if (events[i].type != MEEPLE_EVENT_TILE_DRAWN)
      continue;
    if (post && *returned) {
      guint16 t = events[i].tile;
      g_array_append_val(post, t);
      continue;
    }
    if (*next >= v->draws->len ||
        g_array_index(v->draws, guint16, *next) != events[i].tile)
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
 * when every draw is the real one, else NULL. */
static MeepleGame *
replay(const MeepleBotView *v, const guint16 *order, guint n_order,
       guint64 seed)
{
  MeepleGame *g = new_game(v, order, n_order, seed);
  if (!g)
    return NULL;
  guint next = 0;
  gboolean returned = FALSE;
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(g, &n);
  gboolean ok = take_events(v, ev, n, &next, &returned, NULL);
  for (guint i = 0; ok && i < v->actions->len; i++) {
    const ViewAction *a = &g_array_index(v->actions, ViewAction, i);
    const MeepleDecision *d = meeple_game_decision(g);
    ok = d && d->player == a->player &&
         meeple_game_apply(g, &a->action, &ev, &n, NULL) &&
         take_events(v, ev, n, &next, &returned, NULL);
  }
  if (!ok || next != v->draws->len || !meeple_game_decision(g)) {
    meeple_game_free(g);
    return NULL;
  }
  return g;
}

/* A probe: the view's actions up to the shuffle-back on tile order
 * @order, then the first legal action until the end; the draws after the
 * shuffle-back into @post.  FALSE when it does not reach the
 * shuffle-back as the real game did. */
static gboolean
probe(const MeepleBotView *v, const guint16 *order, guint n_order,
      guint64 seed, GArray *post)
{
  MeepleGame *g = new_game(v, order, n_order, seed);
  if (!g)
    return FALSE;
  guint next = 0;
  gboolean returned = FALSE;
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(g, &n);
  gboolean ok = take_events(v, ev, n, &next, &returned, post);
  for (guint i = 0; ok && !returned && i < v->actions->len; i++) {
    const ViewAction *a = &g_array_index(v->actions, ViewAction, i);
    ok = meeple_game_apply(g, &a->action, &ev, &n, NULL) &&
         take_events(v, ev, n, &next, &returned, post);
  }
  ok = ok && returned && next == v->return_draws;
  while (ok && meeple_game_decision(g))
    ok = meeple_game_apply_index(g, 0, &ev, &n, NULL) &&
         take_events(v, ev, n, &next, &returned, post);
  meeple_game_free(g);
  return ok;
}

/* Position codes: position p of the unseen supply holds tile a in the
 * first probe and b != a in the second, so a draw showing the same tile
 * in both came from the set-aside tiles.  Needs T(T-1) >= positions. */
static void
code_of(guint p, guint n_types, guint16 *a, guint16 *b)
{
  *a = (guint16)(p % n_types);
  *b = (guint16)((p % n_types + 1 + p / n_types) % n_types);
}

static int
position_of(guint16 a, guint16 b, guint n_types)
{
  if (a == b)
    return -1;
  return (int)(((b + n_types - a - 1) % n_types) * n_types + a);
}

/* Tile order for a game with one shuffle-back: the draws before it, then
 * an unseen part arranged so that the engine's shuffle (for @seed) brings
 * the real later draws first.  NULL when this seed cannot do it. */
static guint16 *
order_through_return(const MeepleBotView *v, guint64 seed, GRand *rand,
                     guint *n_order)
{
  guint n_types = meeple_rules_n_tile_types(v->rules);
  guint prefix = v->return_draws, n_tail;
  guint16 *tail_set = undrawn(v, prefix, &n_tail);
  if (!tail_set)
    return NULL;
  guint n = prefix + n_tail;
  guint16 *order = g_new(guint16, n + 1);
  guint16 *order_b = g_new(guint16, n + 1);
  GArray *post_a = g_array_new(FALSE, FALSE, sizeof(guint16));
  GArray *post_b = g_array_new(FALSE, FALSE, sizeof(guint16));
  gboolean ok = n_types >= 2 && (guint64)n_types * (n_types - 1) >= n_tail;
  if (ok) {
    memcpy(order, v->draws->data, prefix * sizeof(guint16));
    memcpy(order_b, v->draws->data, prefix * sizeof(guint16));
    for (guint p = 0; p < n_tail; p++)
      code_of(p, n_types, &order[prefix + p], &order_b[prefix + p]);
    ok = probe(v, order, n, seed, post_a) && probe(v, order_b, n, seed, post_b)
         && post_a->len == post_b->len;
  }
  /* tail[p] = the tile that must lie at unseen position p; 0xffff: free. */
  guint16 *tail = g_new(guint16, n_tail + 1);
  memset(tail, 0xff, (n_tail + 1) * sizeof(guint16));
  guint *left = g_new0(guint, MAX(n_types, 1u));
  for (guint p = 0; p < n_tail; p++)
    left[tail_set[p]]++;
  guint real_post = v->draws->len - prefix;
  for (guint j = 0; ok && j < real_post; j++) {
    guint16 want = g_array_index(v->draws, guint16, prefix + j);
    if (j >= post_a->len) {
      ok = FALSE;
      break;
    }
    guint16 a = g_array_index(post_a, guint16, j);
    guint16 b = g_array_index(post_b, guint16, j);
    int p = position_of(a, b, n_types);
    if (p < 0) {
      /* A set-aside tile comes first here: only the right one fits. */
      ok = a == want;
    } else if ((guint)p >= n_tail || left[want] == 0) {
      ok = FALSE;
    } else {
      tail[p] = want;
      left[want]--;
    }
  }
  if (ok) {
    /* What no real draw pins down is sampled, as without shuffle-backs. */
    guint k = 0;
    for (guint t = 0; t < n_types; t++)
      for (guint c = 0; c < left[t]; c++)
        tail_set[k++] = (guint16)t;
    shuffle(tail_set, k, rand);
    k = 0;
    for (guint p = 0; p < n_tail; p++)
      order[prefix + p] = tail[p] != 0xffff ? tail[p] : tail_set[k++];
  }
  g_free(left);
  g_free(tail);
  g_free(tail_set);
  g_free(order_b);
  g_array_unref(post_a);
  g_array_unref(post_b);
  if (!ok) {
    g_free(order);
    return NULL;
  }
  *n_order = n;
  return order;
}

MeepleGame *
meeple_bot_view_determinize(const MeepleBotView *view, GRand *rand,
                            int *score_offset, GError **error)
{
  MeepleGame *game = NULL;
  for (guint attempt = 0; !game && attempt < MAX_TRIES; attempt++) {
    /* The seed stands for the rule sets' unseen randomness. */
    guint64 seed = rand64(rand);
    guint16 *order = NULL;
    guint n_order = 0;
    if (view->n_returns == 0) {
      guint n_rest;
      guint16 *rest = undrawn(view, view->draws->len, &n_rest);
      if (!rest)
        break;
      shuffle(rest, n_rest, rand);
      n_order = view->draws->len + n_rest;
      order = g_new(guint16, n_order + 1);
      memcpy(order, view->draws->data, view->draws->len * sizeof(guint16));
      memcpy(order + view->draws->len, rest, n_rest * sizeof(guint16));
      g_free(rest);
    } else if (view->n_returns == 1) {
      order = order_through_return(view, seed, rand, &n_order);
    }
    if (order)
      game = replay(view, order, n_order, seed);
    g_free(order);
    if (view->n_returns > 1)
      break;
  }
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
