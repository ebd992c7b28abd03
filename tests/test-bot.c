/* tests/test-bot.c — the strategy library (clients/bot/strategy.h):
 * strategy names, determinism given a seed and an iteration limit, games
 * rebuilt from the public view (also through a shuffle-back of set-aside
 * tiles), and that no strategy sees hidden information: two games that
 * differ only in what nobody has seen yet lead to the same decisions
 * until the difference shows in a public event. */
#include "config.h"

#include <string.h>

#include "strategy.h"
#include "testutil.h"

/* A game played by @strategies (one per seat) that stops after @max
 * decisions; each step keeps its actions and events for comparison. */
typedef struct {
  MeepleGame *game;
  MeepleBotView *view;
  MeepleBotPlayer *players[MEEPLE_MAX_PLAYERS];
  guint n_players;
  GArray *chosen;      /* MeepleAction taken, in order */
  GArray *events;      /* every event so far */
  guint errors;        /* choices without a rebuilt game */
} Match;

static void
match_init(Match *m, MeepleGame *game, const MeepleStrategy *strategies,
           guint64 seed)
{
  memset(m, 0, sizeof *m);
  m->game = game;
  m->n_players = meeple_game_n_players(game);
  m->view = meeple_bot_view_new(meeple_game_rules(game), m->n_players,
                                meeple_game_config(game)->no_farmers);
  for (guint p = 0; p < m->n_players; p++)
    m->players[p] = meeple_bot_player_new(&strategies[p], p, seed);
  m->chosen = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
  m->events = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(game, &n);
  meeple_bot_view_add_events(m->view, ev, n);
  g_array_append_vals(m->events, ev, (guint)n);
}

/* One decision; FALSE when the game is over. */
static gboolean
match_step(Match *m)
{
  const MeepleDecision *d = meeple_game_decision(m->game);
  if (!d)
    return FALSE;
  for (guint p = 0; p < m->n_players; p++)
    meeple_bot_view_set_score(m->view, p, meeple_game_score(m->game, p));
  GError *error = NULL;
  guint seat = d->player;
  gsize i = meeple_bot_player_choose(m->players[seat], m->view, d->actions,
                                     d->n_actions, &error);
  if (error) {
    if (m->errors == 0 && g_getenv("TEST_BOT_DEBUG"))
      g_printerr("decision %u: %s\n", m->chosen->len, error->message);
    m->errors++;
    g_error_free(error);
  }
  MeepleAction a = d->actions[i];
  const MeepleEvent *ev;
  gsize n;
  ck_assert(meeple_game_apply(m->game, &a, &ev, &n, NULL));
  meeple_bot_view_add_action(m->view, seat, &a);
  meeple_bot_view_add_events(m->view, ev, n);
  g_array_append_val(m->chosen, a);
  g_array_append_vals(m->events, ev, (guint)n);
  return TRUE;
}

static void
match_clear(Match *m)
{
  for (guint p = 0; p < m->n_players; p++)
    meeple_bot_player_free(m->players[p]);
  meeple_bot_view_free(m->view);
  meeple_game_free(m->game);
  g_array_unref(m->chosen);
  g_array_unref(m->events);
}

static MeepleStrategy
parse(const char *text)
{
  MeepleStrategy s;
  GError *error = NULL;
  ck_assert_msg(meeple_strategy_parse(text, &s, &error), "%s: %s", text,
                error ? error->message : "");
  return s;
}

/* A game of @rules whose supply is @order (@n tiles), PRNG seed @seed. */
static MeepleGame *
ordered_game(MeepleRules *rules, const guint16 *order, guint n, guint64 seed)
{
  MeepleGameConfig config = {
    .n_players = 2, .seed = seed, .tile_order = order, .n_tile_order = n,
  };
  MeepleGame *g = meeple_game_new(rules, &config, NULL);
  ck_assert(g != NULL);
  return g;
}

/* Every tile a seeded game of @rules draws, in order, when the first
 * legal action is always taken: a full supply in a shuffled order. */
static guint16 *
draw_order(MeepleRules *rules, guint64 seed, guint *n_out)
{
  MeepleGameConfig config = { .n_players = 2, .seed = seed };
  MeepleGame *g = meeple_game_new(rules, &config, NULL);
  GArray *order = g_array_new(FALSE, FALSE, sizeof(guint16));
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(g, &n);
  for (;;) {
    for (gsize i = 0; i < n; i++)
      if (ev[i].type == MEEPLE_EVENT_TILE_DRAWN)
        g_array_append_val(order, ev[i].tile);
    if (!meeple_game_decision(g))
      break;
    meeple_game_apply_index(g, 0, &ev, &n, NULL);
  }
  meeple_game_free(g);
  *n_out = order->len;
  return (guint16 *)g_array_free(order, FALSE);
}

/* ---- names and settings ----------------------------------------------- */

START_TEST(test_parse)
{
  MeepleStrategy s = parse("random");
  ck_assert_int_eq(s.kind, MEEPLE_STRATEGY_RANDOM);
  s = parse("greedy");
  ck_assert_int_eq(s.kind, MEEPLE_STRATEGY_GREEDY);
  s = parse("search");
  ck_assert_int_eq(s.kind, MEEPLE_STRATEGY_SEARCH);
  ck_assert(s.think == 1.0 && s.iterations == 0);
  s = parse("search:2000,0.5s,threads=2");
  ck_assert(s.iterations == 2000 && s.think == 0.5 && s.threads == 2);
  s = parse("search:medium");
  ck_assert(s.iterations == MEEPLE_SEARCH_MEDIUM && s.think == 0);
  s = parse("search:think=1.5,it=7");
  ck_assert(s.iterations == 7 && s.think == 1.5);
  char *text = meeple_strategy_to_string(&s);
  ck_assert_str_eq(text, "search:7,1.5s");
  g_free(text);
  const char *bad[] = { "clever", "", "greedy:5", "search:0", "search:-1s",
                        "search:fast", "search:threads=0", NULL };
  for (guint i = 0; bad[i]; i++) {
    GError *error = NULL;
    ck_assert_msg(!meeple_strategy_parse(bad[i], &s, &error), "%s", bad[i]);
    ck_assert(error != NULL);
    g_error_free(error);
  }
}
END_TEST

/* ---- determinism ----------------------------------------------------------- */

/* The actions of a whole game of @rules (seed @seed) between @a and @b. */
static GArray *
play(MeepleRules *rules, guint64 seed, const char *a, const char *b,
     guint max_steps)
{
  MeepleStrategy s[2] = { parse(a), parse(b) };
  MeepleGameConfig config = { .n_players = 2, .seed = seed };
  Match m;
  match_init(&m, meeple_game_new(rules, &config, NULL), s, seed);
  for (guint i = 0; i < max_steps && match_step(&m); i++)
    ;
  ck_assert_uint_eq(m.errors, 0);
  GArray *chosen = g_array_ref(m.chosen);
  match_clear(&m);
  return chosen;
}

static gboolean
same_actions(GArray *a, GArray *b)
{
  return a->len == b->len &&
         memcmp(a->data, b->data, a->len * sizeof(MeepleAction)) == 0;
}

START_TEST(test_search_deterministic)
{
  MeepleRules *rules = tu_base_rules();
  /* One and two threads: each a fixed share of the iterations. */
  const char *searches[] = { "search:60", "search:60,threads=2" };
  for (guint k = 0; k < G_N_ELEMENTS(searches); k++) {
    GArray *x = play(rules, 11, searches[k], "greedy", 30);
    GArray *y = play(rules, 11, searches[k], "greedy", 30);
    ck_assert_msg(same_actions(x, y), "%s: same seed, other moves",
                  searches[k]);
    GArray *z = play(rules, 12, searches[k], "greedy", 30);
    ck_assert(!same_actions(x, z));
    g_array_unref(x);
    g_array_unref(y);
    g_array_unref(z);
  }
  meeple_rules_unref(rules);
}
END_TEST

/* A think time is for a move (strategy.h): the decisions of one move
 * share it, the first move expects two decisions, and time a decision
 * leaves unused goes to the next one of the move. */
START_TEST(test_think_per_move)
{
  MeepleRules *rules = tu_base_rules();
  const double think = 0.02, min_share = 0.05 * think;
  MeepleStrategy strategies[2] = { parse("search:0.02s"), parse("greedy") };
  Match m;
  match_init(&m, meeple_game_new(rules, &(MeepleGameConfig){
                                            .n_players = 2, .seed = 5 },
                                 NULL),
             strategies, 5);
  guint moves = 0, searched = 0;
  double spent = 0;
  int last_player = -1;
  for (guint step = 0; step < 40; step++) {
    const MeepleDecision *d = meeple_game_decision(m.game);
    ck_assert(d != NULL);
    guint seat = d->player;
    gboolean choice = d->n_actions > 1;
    if ((int)seat != last_player && seat == 0) {
      moves++;
      spent = 0;
    }
    last_player = (int)seat;
    ck_assert(match_step(&m));
    if (seat != 0 || !choice)
      continue;
    const MeepleSearchStats *st = meeple_bot_player_stats(m.players[0]);
    searched++;
    /* Never more than what is left of the move, never less than the
     * floor; the first decision of the first move gets half. */
    ck_assert_msg(st->budget <= MAX(think - spent, min_share) + 1e-9,
                  "move %u: budget %g with %g of %g spent", moves,
                  st->budget, spent, think);
    ck_assert(st->budget >= min_share - 1e-12);
    if (moves == 1 && spent == 0)
      ck_assert_msg(G_APPROX_VALUE(st->budget, think / 2, 1e-12),
                    "first decision: %g", st->budget);
    spent += st->seconds;
  }
  ck_assert_uint_ge(searched, 10);
  match_clear(&m);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- rebuilt games ------------------------------------------------------------ */

/* Greedy rebuilds the game at every decision and fails loudly (an error
 * from choose) when no rebuilt game fits: with every rule set, through
 * the dragon tiles' shuffle-back (PD-08), nothing may fail. */
START_TEST(test_rebuild_every_rule_set)
{
  MeepleRules *rules = tu_rules_with("abbot,circus,mage-witch,"
                                     "princess-dragon,mist,spell-circles");
  guint returns = 0;
  for (guint64 seed = 1; seed <= 4; seed++) {
    MeepleStrategy s[2] = { parse("greedy"), parse("random") };
    MeepleGameConfig config = { .n_players = 2, .seed = seed };
    Match m;
    match_init(&m, meeple_game_new(rules, &config, NULL), s, seed);
    while (match_step(&m))
      ;
    ck_assert_msg(m.errors == 0, "seed %" G_GUINT64_FORMAT ": %u choices "
                  "without a rebuilt game", seed, m.errors);
    for (guint i = 0; i < m.events->len; i++)
      returns += g_array_index(m.events, MeepleEvent, i).type ==
                 MEEPLE_EVENT_TILES_RETURNED;
    match_clear(&m);
  }
  /* The seeds were chosen so that the shuffle-back is exercised. */
  ck_assert_uint_gt(returns, 0);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- hidden information ---------------------------------------------------- */

static gboolean
same_event(const MeepleEvent *a, const MeepleEvent *b)
{
  return a->type == b->type && a->player == b->player && a->kind == b->kind
         && a->x == b->x && a->y == b->y && a->tile == b->tile &&
         a->segment == b->segment && a->figure == b->figure &&
         a->points == b->points && a->arg == b->arg;
}

/* Plays @a and @b in lockstep with the same strategies and seeds.  While
 * every public event of the two games has been equal, the players must
 * choose the same action.  Returns the decisions compared; fails when a
 * choice differs before the games did. */
static guint
lockstep(MeepleGame *a, MeepleGame *b, const char *sa, const char *sb)
{
  MeepleStrategy s[2] = { parse(sa), parse(sb) };
  Match x, y;
  match_init(&x, a, s, 5);
  match_init(&y, b, s, 5);
  guint compared = 0;
  for (;;) {
    gboolean same = x.events->len == y.events->len;
    for (guint i = 0; same && i < x.events->len; i++)
      same = same_event(&g_array_index(x.events, MeepleEvent, i),
                        &g_array_index(y.events, MeepleEvent, i));
    if (!same)
      break;
    gboolean more = match_step(&x);
    ck_assert(more == match_step(&y));
    if (!more)
      break;
    guint last = x.chosen->len - 1;
    ck_assert_msg(memcmp(&g_array_index(x.chosen, MeepleAction, last),
                         &g_array_index(y.chosen, MeepleAction, last),
                         sizeof(MeepleAction)) == 0,
                  "decision %u differs before anything public did", last);
    compared++;
  }
  ck_assert_uint_eq(x.errors + y.errors, 0);
  match_clear(&x);
  match_clear(&y);
  return compared;
}

/* Two base games whose supplies agree on the first @k draws and differ
 * after: the bots must not notice before the first different draw. */
START_TEST(test_hidden_tiles)
{
  MeepleRules *rules = tu_base_rules();
  guint n;
  guint16 *order = draw_order(rules, 77, &n);
  guint16 *other = g_memdup2(order, n * sizeof *order);
  const guint k = 12;
  /* Reverse the unseen part: the same tiles, another order, and the
   * first draw after the known ones differs. */
  for (guint i = k, j = n - 1; i < j; i++, j--) {
    guint16 t = other[i];
    other[i] = other[j];
    other[j] = t;
  }
  guint first_diff = k;
  while (first_diff < n && other[first_diff] == order[first_diff])
    first_diff++;
  ck_assert_uint_lt(first_diff, n);
  guint compared = lockstep(ordered_game(rules, order, n, 1),
                            ordered_game(rules, other, n, 1),
                            "search:40", "greedy");
  /* About two decisions a turn, until the turn that draws differently. */
  ck_assert_uint_ge(compared, first_diff);
  g_free(order);
  g_free(other);
  meeple_rules_unref(rules);
}
END_TEST

/* Under the Big Top: the same tiles, another seed, so the face-down
 * animal tokens differ.  Nobody may play differently before one of them
 * is scored (a points event shows its value). */
START_TEST(test_hidden_tokens)
{
  MeepleRules *rules = tu_rules_with("circus");
  guint n;
  guint16 *order = draw_order(rules, 3, &n);
  guint compared = lockstep(ordered_game(rules, order, n, 1001),
                            ordered_game(rules, order, n, 2002),
                            "search:30", "greedy");
  ck_assert_uint_gt(compared, 10);
  g_free(order);
  meeple_rules_unref(rules);
}
END_TEST

static Suite *
bot_suite(void)
{
  Suite *s = suite_create("bot");
  TCase *tc = tcase_create("strategies");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, test_parse);
  tcase_add_test(tc, test_search_deterministic);
  tcase_add_test(tc, test_think_per_move);
  tcase_add_test(tc, test_rebuild_every_rule_set);
  tcase_add_test(tc, test_hidden_tiles);
  tcase_add_test(tc, test_hidden_tokens);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(bot_suite());
}
