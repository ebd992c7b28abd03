/* strategy.c — strategy names, settings and the per-seat player that
 * dispatches to random, greedy (greedy.c) or search (search.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "strategy.h"

/* What "search" alone means: a move a second, as a person would wait. */
#define DEFAULT_THINK 1.0

static const char *const kind_names[] = {
  [MEEPLE_STRATEGY_RANDOM] = "random",
  [MEEPLE_STRATEGY_GREEDY] = "greedy",
  [MEEPLE_STRATEGY_SEARCH] = "search",
};

const char *
meeple_strategy_kind_name(MeepleStrategyKind kind)
{
  return (guint)kind < G_N_ELEMENTS(kind_names) ? kind_names[kind] : "?";
}

static gboolean
parse_setting(const char *item, MeepleStrategy *s, GError **error)
{
  char *end;
  if (strcmp(item, "easy") == 0 || strcmp(item, "medium") == 0 ||
      strcmp(item, "hard") == 0) {
    s->iterations = item[0] == 'e' ? MEEPLE_SEARCH_EASY
                  : item[0] == 'm' ? MEEPLE_SEARCH_MEDIUM
                                   : MEEPLE_SEARCH_HARD;
    s->think = 0;
    return TRUE;
  }
  if (g_str_has_prefix(item, "threads=")) {
    guint64 n;
    if (!g_ascii_string_to_unsigned(item + 8, 10, 1, 64, &n, NULL))
      goto bad;
    s->threads = (guint)n;
    return TRUE;
  }
  const char *value = g_str_has_prefix(item, "it=") ? item + 3
                    : g_str_has_prefix(item, "think=") ? item + 6 : item;
  gboolean think = value != item + 3 &&
                   (value == item + 6 || g_str_has_suffix(item, "s"));
  if (think) {
    double t = g_ascii_strtod(value, &end);
    if (end == value || (*end && strcmp(end, "s") != 0) || !(t > 0) ||
        t > 86400)
      goto bad;
    s->think = t;
    return TRUE;
  }
  guint64 n;
  if (!g_ascii_string_to_unsigned(value, 10, 1, G_MAXUINT32, &n, NULL))
    goto bad;
  s->iterations = n;
  return TRUE;
bad:
  g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
              "bad search setting '%s' (a level easy, medium or hard; "
              "iterations N or it=N; think time 1.5s or think=1.5; "
              "threads=N)", item);
  return FALSE;
}

gboolean
meeple_strategy_parse(const char *text, MeepleStrategy *out, GError **error)
{
  MeepleStrategy s = { 0 };
  if (!text)
    text = "";
  const char *colon = strchr(text, ':');
  gsize name_len = colon ? (gsize)(colon - text) : strlen(text);
  gboolean found = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS(kind_names); k++)
    if (strlen(kind_names[k]) == name_len &&
        strncmp(text, kind_names[k], name_len) == 0) {
      s.kind = (MeepleStrategyKind)k;
      found = TRUE;
    }
  if (!found) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                "unknown strategy '%.*s' (known: random, greedy, search)",
                (int)name_len, text);
    return FALSE;
  }
  if (colon && s.kind != MEEPLE_STRATEGY_SEARCH) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                "strategy '%s' takes no settings", kind_names[s.kind]);
    return FALSE;
  }
  if (s.kind == MEEPLE_STRATEGY_SEARCH) {
    if (colon) {
      char **items = g_strsplit(colon + 1, ",", -1);
      for (char **i = items; *i; i++)
        if (!parse_setting(*i, &s, error)) {
          g_strfreev(items);
          return FALSE;
        }
      g_strfreev(items);
    }
    if (s.think == 0 && s.iterations == 0)
      s.think = DEFAULT_THINK;
  }
  *out = s;
  return TRUE;
}

char *
meeple_strategy_to_string(const MeepleStrategy *s)
{
  GString *text = g_string_new(meeple_strategy_kind_name(s->kind));
  if (s->kind != MEEPLE_STRATEGY_SEARCH)
    return g_string_free(text, FALSE);
  char sep = ':';
  if (s->iterations) {
    g_string_append_printf(text, "%c%" G_GUINT64_FORMAT, sep, s->iterations);
    sep = ',';
  }
  if (s->think > 0) {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(text, "%c%ss", sep,
                           g_ascii_formatd(buf, sizeof buf, "%g", s->think));
    sep = ',';
  }
  if (s->threads > 1)
    g_string_append_printf(text, "%cthreads=%u", sep, s->threads);
  return g_string_free(text, FALSE);
}

/* ---- players ------------------------------------------------------------ */

/* A move is one seat's run of decisions with no other seat's action in
 * between (in the base game a turn: the tile, then the figure).  The
 * think time is for the whole move, so a decision's share is what is
 * left of it over the decisions the move is still expected to ask, as
 * many as the seat's moves have asked on average so far.  Time a search
 * does not use (it stopped early) goes to the decisions after it. */
#define FIRST_DECISIONS_PER_MOVE 2.0
/* No decision gets less than this share of the move: a move that asks
 * more decisions than expected still thinks about each. */
#define MIN_SHARE 0.05

struct MeepleBotPlayer {
  MeepleStrategy strategy;
  guint seat;
  GRand *rand;
  MeepleSearchStats stats;
  /* The move under way: the view's action count that continues it (one
   * past our last action), its decisions so far and seconds spent. */
  guint move_next_action;
  guint move_decisions;
  double move_spent;
  /* Finished moves and their decisions (with more than one action). */
  guint moves, move_decisions_total;
};

MeepleBotPlayer *
meeple_bot_player_new(const MeepleStrategy *strategy, guint seat,
                      guint64 seed)
{
  MeepleBotPlayer *p = g_new0(MeepleBotPlayer, 1);
  p->strategy = *strategy;
  p->seat = seat;
  /* Whole 64-bit seed plus the seat: every seat gets its own stream, and
   * GRand's Mersenne Twister gives the same numbers on every machine. */
  guint32 init[3] = { (guint32)seed, (guint32)(seed >> 32), seat };
  p->rand = g_rand_new_with_seed_array(init, G_N_ELEMENTS(init));
  return p;
}

void
meeple_bot_player_free(MeepleBotPlayer *player)
{
  if (!player)
    return;
  g_rand_free(player->rand);
  g_free(player);
}

const MeepleStrategy *
meeple_bot_player_strategy(const MeepleBotPlayer *p)
{
  return &p->strategy;
}

const MeepleSearchStats *
meeple_bot_player_stats(const MeepleBotPlayer *p)
{
  return &p->stats;
}

static gssize
choose_greedy(MeepleBotPlayer *p, const MeepleBotView *view,
              const MeepleAction *actions, gsize n_actions, GError **error)
{
  MeepleGame *game = meeple_bot_view_determinize(view, p->rand, NULL, error);
  if (!game)
    return -1;
  gssize index = -1;
  if (meeple_bot_decision_matches(game, actions, n_actions))
    index = (gssize)meeple_bot_greedy_choose(game, p->seat, p->rand);
  else
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "the rebuilt game offers other actions than the real one");
  meeple_game_free(game);
  return index;
}

/* The think time this decision may use: the move's share (see
 * FIRST_DECISIONS_PER_MOVE), after bookkeeping the move it belongs to. */
static double
decision_think(MeepleBotPlayer *p, const MeepleBotView *view)
{
  guint n_actions = meeple_bot_view_n_actions(view);
  if (p->move_decisions == 0 || n_actions != p->move_next_action) {
    /* Another seat acted since our last decision: a new move. */
    if (p->move_decisions) {
      p->moves++;
      p->move_decisions_total += p->move_decisions;
    }
    p->move_decisions = 0;
    p->move_spent = 0;
  }
  double per_move = p->moves ? (double)p->move_decisions_total / p->moves
                             : FIRST_DECISIONS_PER_MOVE;
  double expected_left = MAX(1.0, per_move - p->move_decisions);
  double left = p->strategy.think - p->move_spent;
  return MAX(left / expected_left, p->strategy.think * MIN_SHARE);
}

static gssize
choose_search(MeepleBotPlayer *p, const MeepleBotView *view,
              const MeepleAction *actions, gsize n_actions, GError **error)
{
  MeepleStrategy strategy = p->strategy;
  if (strategy.think > 0)
    strategy.think = decision_think(p, view);
  gssize index = meeple_bot_search(view, p->seat, actions, n_actions,
                                   &strategy, p->rand, &p->stats, error);
  p->stats.budget = strategy.think;
  p->move_decisions++;
  p->move_spent += p->stats.seconds;
  /* Our action will be the view's next; a decision right after it
   * continues this move. */
  p->move_next_action = meeple_bot_view_n_actions(view) + 1;
  return index;
}

gsize
meeple_bot_player_choose(MeepleBotPlayer *p, const MeepleBotView *view,
                         const MeepleAction *actions, gsize n_actions,
                         GError **error)
{
  memset(&p->stats, 0, sizeof p->stats);
  if (n_actions <= 1) {
    /* A forced action inside a move leaves the move under way. */
    if (p->move_decisions &&
        meeple_bot_view_n_actions(view) == p->move_next_action)
      p->move_next_action++;
    return 0;
  }
  gssize index;
  switch (p->strategy.kind) {
  case MEEPLE_STRATEGY_GREEDY:
    index = choose_greedy(p, view, actions, n_actions, error);
    break;
  case MEEPLE_STRATEGY_SEARCH:
    index = choose_search(p, view, actions, n_actions, error);
    break;
  case MEEPLE_STRATEGY_RANDOM:
  default:
    index = g_rand_int_range(p->rand, 0, (gint32)n_actions);
    break;
  }
  return index < 0 || (gsize)index >= n_actions ? 0 : (gsize)index;
}
