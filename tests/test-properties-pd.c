/* test-properties-pd.c — invariants of The Princess & the Dragon (RULES §3,
 * AMB-01..AMB-07) over thousands of seeded random
 * games.
 *
 * Every game is played to its end.  Before each action the pending
 * decision is checked, after EVERY action the events it caused are walked
 * in order against a shadow of the game (where the dragon and the fairy
 * are, which follower the fairy is attached to, the current flight, the
 * scores, the set-aside tiles) and the state is checked against it.  Each
 * invariant is a small checker function below; a broken one names the
 * game (seed, players, rule sets), the action (index, turn, seat, its
 * notation) and the invariant.  At a few random points per game the game
 * is cloned and both copies take the same action (same digest, same
 * events); at the end the game is written as a record, parsed and replayed
 * (same digest, same event stream, same text).
 *
 * Games (defaults; every game has its own seed and its own GRand):
 *   2000  "princess-dragon", 2..6 players, random moves
 *    600  "princess-dragon,abbot", 2..6 players, random moves
 *    100  "princess-dragon", 2..6 players, seat 0 greedy (the one-ply
 *         tu_greedy_pick of testutil: the bot of clients/bot needs a
 *         D-Bus client state), the others random
 *    100  "princess-dragon" with a supply without the 6 volcanoes (all
 *         other tiles, shuffled by the game's GRand): the dragon never
 *         comes, every dragon tile is set aside and discarded at the end
 *         (AMB-07), a case a full supply practically never reaches
 *
 * MEEPLE_PROPERTY_GAMES changes these counts for a longer (or, under the
 * sanitizers, shorter) run:
 *   MEEPLE_PROPERTY_GAMES=20000   20000 P&D games; the other loops
 *                                 scale by the same factor (600 -> 6000,
 *                                 100 -> 1000)
 *   MEEPLE_PROPERTY_GAMES=10x     ten times every default
 *   MEEPLE_PROPERTY_GAMES=0.05x   a twentieth of every default
 * Every loop runs at least one game.  The defaults take about 9 s on a
 * 2-core machine (-O2), about 30 s under ASan+UBSan (-O1).  Each loop
 * prints one line of tallies (flights, eaten followers, fairy points,
 * ...) to stderr, which shows up in tests/test-properties-pd.log.
 */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the variants ------------------------------------------------------- */

typedef struct {
  const char *ids;      /* rule sets for tu_rules_with() */
  guint games;          /* default number of games */
  gboolean greedy;      /* seat 0 plays greedy */
  gboolean no_volcano;  /* explicit supply: every tile but the volcanoes */
  guint64 seed_base;    /* game seeds of this variant start here */
} Variant;

static const Variant variants[] = {
  { "princess-dragon", 2000, FALSE, FALSE, 1000000 },
  { "princess-dragon,abbot", 600, FALSE, FALSE, 2000000 },
  { "princess-dragon", 100, TRUE, FALSE, 3000000 },
  { "princess-dragon", 100, FALSE, TRUE, 4000000 },
};

/* Default count of the first variant: "N" in MEEPLE_PROPERTY_GAMES means
 * N / this times every default. */
#define BASE_GAMES 2000.0

static guint
variant_games(int v)
{
  return tu_property_games(variants[v].games, (guint)BASE_GAMES);
}

/* ---- what the rules registered ------------------------------------------ */

typedef struct {
  MeepleRules *rules;
  const char *ids;
  guint dragon, fairy;          /* neutral figure types */
  int abbot;                    /* figure type, -1 without The Abbot */
  guint32 volcano, dragon_sym;  /* tile symbol bits */
  guint32 princess, portal;     /* segment / tile symbol bits */
  guint step_decision, princess_decision;
  guint step_action, fairy_action, portal_action, remove_action;
  guint flight_ended;           /* event type */
  guint total_tiles;            /* physical tiles, start included */
} Pd;

static guint
known(int index, const char *what)
{
  ck_assert_msg(index >= 0, "rules know no %s", what);
  return (guint)index;
}

static Pd
pd_new(const char *ids)
{
  Pd pd = { .ids = ids, .rules = tu_rules_with(ids) };
  MeepleRules *r = pd.rules;
  pd.dragon = known(meeple_rules_find_figure_type(r, "dragon"), "dragon");
  pd.fairy = known(meeple_rules_find_figure_type(r, "fairy"), "fairy");
  pd.abbot = meeple_rules_find_figure_type(r, "abbot");
  pd.volcano = 1u << known(meeple_rules_find_symbol(r, "volcano"), "volcano");
  pd.dragon_sym = 1u << known(meeple_rules_find_symbol(r, "dragon"), "dragon");
  pd.princess = 1u << known(meeple_rules_find_symbol(r, "princess"),
                            "princess");
  pd.portal = 1u << known(meeple_rules_find_symbol(r, "portal"), "portal");
  pd.step_decision = tu_decision_kind(r, "dragon-step");
  pd.princess_decision = tu_decision_kind(r, "princess");
  pd.step_action = known(meeple_rules_find_action_kind(r, "dragon-move"),
                         "dragon-move");
  pd.fairy_action = known(meeple_rules_find_action_kind(r, "fairy-move"),
                          "fairy-move");
  pd.portal_action = known(meeple_rules_find_action_kind(r, "portal"),
                           "portal");
  pd.remove_action = known(meeple_rules_find_action_kind(r,
                                                         "princess-remove"),
                           "princess-remove");
  pd.flight_ended = tu_event_type(r, "dragon-flight-ended");
  for (guint i = 0; i < meeple_rules_n_tilesets(r); i++)
    pd.total_tiles += meeple_rules_tileset(r, i)->n_tiles;
  return pd;
}

static guint32
tile_symbols(const Pd *pd, guint type)
{
  return meeple_rules_tile_type(pd->rules, type)->symbols;
}

/* ---- one game and its shadow --------------------------------------------- */

/* What the whole run saw, to show that the checkers were not vacuous. */
typedef struct {
  guint games, actions, flights, full_flights, dead_ends, steps, eaten,
      abbots_eaten, fairy_moves, pd22, pd24, orphaned, removals, portals,
      set_aside, returned, amb07, clones, replays;
} Tally;

typedef struct {
  const Pd *pd;
  MeepleGame *game;
  guint64 seed;
  guint n_players;
  gboolean greedy;
  Tally *tally;
  GArray *stream;               /* MeepleEvent: every event, setup first */
  guint total;                  /* tiles of this game, start included */

  /* the action being checked */
  guint n_applied;
  char *text;                   /* its notation, before it was applied */
  MeepleAction action;
  guint decision, decider;      /* decision kind and seat it answered */
  guint turn;

  /* shadow, from the events only */
  int score[MEEPLE_MAX_PLAYERS];
  gboolean dragon_on, fairy_on;
  int dragon_x, dragon_y, fairy_x, fairy_y;
  guint fairy_seg;
  guint n_set_aside;
  gboolean over;
  /* the flight (PD-09): due from the dragon tile to flight-ended */
  gboolean flight;
  guint steps;
  int visited[8][2];
  guint n_visited;
  guint steps_this_action;
  /* the fairy's follower (PD-21): owner, type and spot */
  gboolean attached, paid, orphan_due;
  int att_owner;
  guint att_type, att_seg;
  int att_x, att_y;
  /* a fairy-move of this action and the follower it named, looked up
   * before the action (PD-20.3: it may be scored in the same turn) */
  gboolean fairy_move;
  int target_owner;
  guint target_type;
  /* PD-22: the turn that started last */
  int turn_player;
  gboolean expect22;
  guint seen22;
  /* PD-14: a knight went home this turn */
  gboolean removal;
  gboolean volcano_now;         /* a volcano was placed in this action */
} Run;

static void G_GNUC_PRINTF(3, 4)
fail_run(const Run *r, const char *what, const char *format, ...)
{
  va_list args;
  va_start(args, format);
  g_autofree char *message = g_strdup_vprintf(format, args);
  va_end(args);
  ck_abort_msg("game seed %" G_GUINT64_FORMAT ", %u players, rules %s%s: "
               "after action #%u (turn %u, seat %u, '%s'): %s [%s]",
               r->seed, r->n_players, r->pd->ids,
               r->greedy ? ", seat 0 greedy" : "", r->n_applied, r->turn,
               r->decider, r->text ? r->text : "setup", message, what);
}

/* The invariant @cond, or a message naming the game and the action. */
#define CHECK(r, cond, ...)                                                 \
  do {                                                                      \
    if (G_UNLIKELY(!(cond)))                                                \
      fail_run((r), #cond, __VA_ARGS__);                                    \
  } while (0)

static MeepleFigureInfo
neutral(const Run *r, guint type)
{
  for (guint i = 0; i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if (f.type == type && f.owner < 0)
      return f;
  }
  fail_run(r, "neutral figure", "no neutral figure of type %u", type);
  return (MeepleFigureInfo){ 0 };
}

static gboolean
has_tile(const Run *r, int x, int y)
{
  return meeple_game_tile_at(r->game, x, y, NULL);
}

static gboolean
was_visited(const Run *r, int x, int y)
{
  for (guint i = 0; i < r->n_visited; i++)
    if (r->visited[i][0] == x && r->visited[i][1] == y)
      return TRUE;
  return FALSE;
}

static const int dx4[4] = { 0, 1, 0, -1 }, dy4[4] = { -1, 0, 1, 0 };

/* PD-09, PD-23: the cells the dragon may enter next; bit d = side d. */
static guint
legal_steps(const Run *r)
{
  guint mask = 0;
  for (guint d = 0; d < 4; d++) {
    int x = r->dragon_x + dx4[d], y = r->dragon_y + dy4[d];
    if (has_tile(r, x, y) && !was_visited(r, x, y) &&
        !(r->fairy_on && x == r->fairy_x && y == r->fairy_y))
      mask |= 1u << d;
  }
  return mask;
}

/* Index of the owned figure at (x, y, segment), or -1. */
static int
owned_at(const Run *r, int x, int y, guint segment)
{
  for (guint i = 0; i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if (f.on_board && f.owner >= 0 && f.x == x && f.y == y &&
        f.segment == segment)
      return (int)i;
  }
  return -1;
}

/* ---- checkers of the pending decision (before each action) -------------- */

/* PD-09: step k of a flight is decided by seat (active + k - 1) mod
 * players, and its actions are exactly the cells the dragon may enter;
 * every other decision is the active player's, and none comes in the
 * middle of a flight. */
static void
check_decider(Run *r, const MeepleDecision *d)
{
  guint active = meeple_game_active_player(r->game);
  CHECK(r, d->n_actions > 0, "decision without actions");
  if (d->kind != r->pd->step_decision) {
    /* PD-07: the figure action comes between the dragon tile and the
     * flight, nothing else */
    CHECK(r, !r->flight || (r->steps == 0 &&
                            d->kind == MEEPLE_DECISION_PLACE_FIGURE &&
                            r->decision == MEEPLE_DECISION_PLACE_TILE),
          "flight after %u steps neither goes on nor ends (decision kind "
          "%u)", r->steps, d->kind);
    CHECK(r, d->player == active, "seat %u decides, active is %u",
          d->player, active);
    return;
  }
  CHECK(r, r->flight, "dragon-step decision outside a flight");
  CHECK(r, r->steps < 6, "step %u asked for", r->steps + 1);
  CHECK(r, d->player == (active + r->steps) % r->n_players,
        "step %u decided by seat %u, active %u of %u", r->steps + 1,
        d->player, active, r->n_players);
  guint want = legal_steps(r), got = 0;
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    CHECK(r, a->kind == r->pd->step_action, "action kind %u in a step",
          a->kind);
    guint side = 4;
    for (guint s = 0; s < 4; s++)
      if (a->x == r->dragon_x + dx4[s] && a->y == r->dragon_y + dy4[s])
        side = s;
    CHECK(r, side < 4 && !(got & (1u << side)),
          "step to %d,%d from %d,%d", a->x, a->y, r->dragon_x, r->dragon_y);
    got |= 1u << side;
  }
  CHECK(r, got == want, "steps offered %#x, legal %#x from %d,%d", got,
        want, r->dragon_x, r->dragon_y);
}

/* PD-06, PD-12, X-05: nothing of the menu onto the dragon's tile; PD-14,
 * AMB-05: no figure decision after a princess removal; PD-16..PD-18: the
 * portal, only after a portal tile, sends a follower type with one in
 * supply onto an unoccupied, unfinished feature of another tile where that
 * type may stand; PD-20, AMB-01: the fairy may go to every own follower
 * on the board but the one it is with, and only there. */
static void
check_figure_decision(Run *r, const MeepleDecision *d)
{
  if (d->kind != MEEPLE_DECISION_PLACE_FIGURE)
    return;
  CHECK(r, !r->removal, "figure decision after a princess removal");
  /* the tile of this turn is the last one placed */
  MeeplePlacedTile current =
      meeple_game_placed(r->game, meeple_game_n_placed(r->game) - 1);
  guint active = meeple_game_active_player(r->game);
  guint fairy_moves = 0, own = 0;
  for (guint i = 0; i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    own += f.on_board && f.owner == (int)active &&
           !(r->attached && f.x == r->att_x && f.y == r->att_y &&
             f.segment == r->att_seg);
  }
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    gboolean places = a->kind == MEEPLE_ACTION_PLACE_FIGURE ||
                      a->kind == r->pd->portal_action;
    if (places)
      CHECK(r, !(r->dragon_on && a->x == r->dragon_x && a->y == r->dragon_y),
            "figure %u may go onto the dragon's tile %d,%d", a->figure,
            a->x, a->y);
    if (a->kind == r->pd->portal_action) {
      CHECK(r, tile_symbols(r->pd, current.type) & r->pd->portal,
            "portal action without a portal tile");
      CHECK(r, a->x != current.x || a->y != current.y,
            "portal onto its own tile");
      const MeepleFigureType *ft =
          meeple_rules_figure_type(r->pd->rules, a->figure);
      CHECK(r, ft->is_follower && meeple_game_supply(r->game, active,
                                                     a->figure) > 0,
            "portal with figure type %u", a->figure);
      MeepleFeatureInfo info;
      CHECK(r, meeple_game_feature(r->game, a->x, a->y, a->segment, &info),
            "portal to no feature");
      CHECK(r, meeple_rules_figure_may_stand(r->pd->rules, a->figure,
                                             info.kind),
            "portal: figure %u on kind %u", a->figure, info.kind);
      guint held = 0;
      for (guint p = 0; p < r->n_players; p++)
        held += info.followers[p];
      CHECK(r, held == 0 && !info.completed,
            "portal to %d,%d/%u: %u followers, completed %d", a->x, a->y,
            a->segment, held, info.completed);
    }
    if (a->kind == r->pd->fairy_action) {
      int f = owned_at(r, a->x, a->y, a->segment);
      CHECK(r, f >= 0, "fairy-move to %d,%d/%u: nobody there", a->x, a->y,
            a->segment);
      MeepleFigureInfo fi = meeple_game_figure(r->game, (guint)f);
      CHECK(r, fi.owner == (int)active &&
                   meeple_rules_figure_type(r->pd->rules, fi.type)
                       ->is_follower,
            "fairy-move to seat %d's figure", fi.owner);
      CHECK(r, !(r->attached && r->att_x == a->x && r->att_y == a->y &&
                 r->att_seg == a->segment),
            "fairy-move to the follower it is with");
      fairy_moves++;
    }
  }
  CHECK(r, fairy_moves == own, "%u fairy moves offered, %u own followers "
        "without the fairy on the board", fairy_moves, own);
}

/* PD-13: right after a princess tile joins a city holding knights the
 * active player is asked, with every knight of that city; otherwise
 * never. */
static void
check_princess_due(Run *r, const MeepleDecision *d)
{
  gboolean after_tile = r->n_applied > 0 &&
                        r->decision == MEEPLE_DECISION_PLACE_TILE;
  CHECK(r, after_tile || d->kind != r->pd->princess_decision,
        "princess decision not right after a tile");
  if (!after_tile)
    return;
  MeeplePlacedTile current =
      meeple_game_placed(r->game, meeple_game_n_placed(r->game) - 1);
  const MeepleTileType *type = meeple_rules_tile_type(r->pd->rules,
                                                      current.type);
  guint ids[MEEPLE_MAX_SEGMENTS], n_ids = 0;
  for (guint s = 0; s < type->n_segments; s++) {
    MeepleFeatureInfo info;
    if (type->segments[s].kind == MEEPLE_KIND_CITY &&
        (type->segments[s].symbols & r->pd->princess) &&
        meeple_game_feature(r->game, current.x, current.y, s, &info))
      ids[n_ids++] = info.id;
  }
  guint knights = 0;
  for (guint i = 0; n_ids && i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    MeepleFeatureInfo info;
    if (!f.on_board || f.owner < 0 ||
        !meeple_game_feature(r->game, f.x, f.y, f.segment, &info))
      continue;
    for (guint k = 0; k < n_ids; k++)
      knights += info.id == ids[k];
  }
  if (knights == 0) {
    CHECK(r, d->kind != r->pd->princess_decision,
          "princess decision without a knight in her city");
    return;
  }
  CHECK(r, d->kind == r->pd->princess_decision &&
               d->n_actions == knights + 1,
        "princess city holds %u knights, decision kind %u with %"
        G_GSIZE_FORMAT " actions", knights, d->kind, d->n_actions);
}

/* PD-13, PD-15: "pass" or one knight (a follower in a city) home. */
static void
check_princess_decision(Run *r, const MeepleDecision *d)
{
  if (d->kind != r->pd->princess_decision)
    return;
  guint passes = 0;
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    if (a->kind == MEEPLE_ACTION_PASS) {
      passes++;
      continue;
    }
    CHECK(r, a->kind == r->pd->remove_action, "princess action kind %u",
          a->kind);
    MeepleFeatureInfo info;
    CHECK(r, owned_at(r, a->x, a->y, a->segment) >= 0 &&
                 meeple_game_feature(r->game, a->x, a->y, a->segment,
                                     &info) &&
                 info.kind == MEEPLE_KIND_CITY,
          "princess-remove of no knight at %d,%d/%u", a->x, a->y,
          a->segment);
  }
  CHECK(r, passes == 1 && d->n_actions > 1, "princess decision: %u passes "
        "of %" G_GSIZE_FORMAT, passes, d->n_actions);
}

/* ---- the events of one action, in order ----------------------------------- */

/* PD-22: the +1 of the turn that just ended its TURN_START was given iff
 * the fairy was with one of the active player's followers. */
static void
close_turn_start(Run *r)
{
  CHECK(r, r->seen22 == (r->expect22 ? 1u : 0u),
        "turn of seat %d: %u fairy points, expected %d", r->turn_player,
        r->seen22, r->expect22);
}

/* PD-05, PD-09, PD-23: a move of the dragon. */
static void
dragon_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, e->segment == MEEPLE_SEGMENT_NONE && e->player == -1,
        "dragon on segment %u, player %d", e->segment, e->player);
  if (g_strcmp0(e->rule, "PD-05") == 0) {
    MeeplePlacedTile t;
    CHECK(r, r->volcano_now && meeple_game_tile_at(r->game, e->x, e->y, &t) &&
                 (tile_symbols(r->pd, t.type) & r->pd->volcano),
          "dragon jumped to %d,%d, no volcano placed there", e->x, e->y);
    CHECK(r, (e->type == MEEPLE_EVENT_FIGURE_PLACED) == !r->dragon_on,
          "dragon event %u, on board %d", e->type, r->dragon_on);
  } else {
    CHECK(r, g_strcmp0(e->rule, "PD-09") == 0 &&
                 e->type == MEEPLE_EVENT_FIGURE_MOVED,
          "dragon moved with rule %s", e->rule ? e->rule : "(none)");
    CHECK(r, r->flight && r->decision == r->pd->step_decision &&
                 ++r->steps_this_action == 1,
          "dragon step outside a step decision");
    CHECK(r, ++r->steps <= 6, "step %u", r->steps);
    CHECK(r, abs(e->x - r->dragon_x) + abs(e->y - r->dragon_y) == 1,
          "step from %d,%d to %d,%d", r->dragon_x, r->dragon_y, e->x, e->y);
    CHECK(r, has_tile(r, e->x, e->y), "step to the empty cell %d,%d", e->x,
          e->y);
    CHECK(r, !was_visited(r, e->x, e->y), "dragon enters %d,%d again%s",
          e->x, e->y,
          e->x == r->visited[0][0] && e->y == r->visited[0][1]
              ? " (its start tile)" : "");
    CHECK(r, !(r->fairy_on && e->x == r->fairy_x && e->y == r->fairy_y),
          "dragon enters the fairy's tile %d,%d", e->x, e->y);
    r->visited[r->n_visited][0] = e->x;
    r->visited[r->n_visited][1] = e->y;
    r->n_visited++;
    r->tally->steps++;
  }
  r->dragon_on = TRUE;
  r->dragon_x = e->x;
  r->dragon_y = e->y;
}

/* PD-20, PD-21, AMB-03: a move of the fairy. */
static void
fairy_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, e->player == -1, "fairy event of seat %d", e->player);
  if (g_strcmp0(e->rule, "PD-20") == 0) {
    CHECK(r, r->fairy_move && e->x == r->action.x && e->y == r->action.y &&
                 e->segment == r->action.segment,
          "fairy to %d,%d/%u", e->x, e->y, e->segment);
    CHECK(r, (e->type == MEEPLE_EVENT_FIGURE_PLACED) == !r->fairy_on,
          "fairy event %u, on board %d", e->type, r->fairy_on);
    CHECK(r, r->target_owner >= 0, "fairy went where no follower stood");
    r->attached = TRUE;
    r->paid = FALSE;
    r->att_owner = r->target_owner;
    r->att_type = r->target_type;
    r->att_x = e->x;
    r->att_y = e->y;
    r->att_seg = e->segment;
    r->fairy_move = FALSE;
    r->tally->fairy_moves++;
  } else {
    CHECK(r, g_strcmp0(e->rule, "AMB-03") == 0 &&
                 e->type == MEEPLE_EVENT_FIGURE_MOVED,
          "fairy moved with rule %s", e->rule ? e->rule : "(none)");
    CHECK(r, r->orphan_due && e->x == r->fairy_x && e->y == r->fairy_y &&
                 e->segment == MEEPLE_SEGMENT_NONE,
          "fairy left alone at %d,%d/%u, was at %d,%d", e->x, e->y,
          e->segment, r->fairy_x, r->fairy_y);
    r->orphan_due = FALSE;
    r->tally->orphaned++;
  }
  r->fairy_on = TRUE;
  r->fairy_x = e->x;
  r->fairy_y = e->y;
  r->fairy_seg = e->segment;
}

/* BASE-19, PD-10, PD-13, PD-14.3, PD-24, AMB-03, X-04: a figure home. */
static void
returned_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, e->player >= 0, "neutral figure %u left the board", e->figure);
  if (g_strcmp0(e->rule, "PD-10") == 0) {
    CHECK(r, r->dragon_on && e->x == r->dragon_x && e->y == r->dragon_y &&
                 r->steps_this_action == 1,
          "eaten at %d,%d, dragon at %d,%d", e->x, e->y, r->dragon_x,
          r->dragon_y);
    r->tally->eaten++;
    r->tally->abbots_eaten += (int)e->figure == r->pd->abbot;
  }
  if (g_strcmp0(e->rule, "PD-13") == 0) {
    CHECK(r, r->decision == r->pd->princess_decision && !r->removal,
          "knight home outside a princess decision");
    r->removal = TRUE;
    r->tally->removals++;
  }
  if (!(r->attached && e->player == r->att_owner && e->figure == r->att_type &&
        e->x == r->att_x && e->y == r->att_y && e->segment == r->att_seg))
    return;
  /* the fairy's follower leaves: scored (+3 first) or sent home */
  CHECK(r, g_strcmp0(e->rule, "PD-10") != 0, "fairy's follower eaten");
  if (g_strcmp0(e->rule, "BASE-19") == 0)
    CHECK(r, r->paid, "fairy's follower scored without the +3");
  else
    CHECK(r, !r->paid, "fairy's follower went home (%s) after the +3",
          e->rule ? e->rule : "(none)");
  r->attached = FALSE;
  r->orphan_due = TRUE;
}

/* BASE-17.., PD-22, PD-24: points. */
static void
points_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, e->player >= 0 && e->player < (int)r->n_players && e->points > 0 &&
               e->rule,
        "points %d to seat %d (%s)", e->points, e->player,
        e->rule ? e->rule : "no rule");
  r->score[e->player] += e->points;
  if (strcmp(e->rule, "PD-22") == 0) {
    CHECK(r, e->points == 1 && e->player == r->turn_player && r->expect22 &&
                 r->seen22 == 0,
          "fairy point %d to seat %d in seat %d's turn start", e->points,
          e->player, r->turn_player);
    r->seen22++;
    r->tally->pd22++;
  } else if (strcmp(e->rule, "PD-24") == 0) {
    CHECK(r, e->points == 3 && r->attached && !r->paid &&
                 e->player == r->att_owner,
          "fairy bonus %d to seat %d (fairy with seat %d's follower: %d)",
          e->points, e->player, r->att_owner, r->attached);
    r->paid = TRUE;
    r->tally->pd24++;
  }
}

/* PD-09: the end of a flight, six steps or a dead end. */
static void
flight_ended_event(Run *r, const MeepleEvent *e)
{
  CHECK(r, r->flight, "flight ended, none begun");
  CHECK(r, g_strcmp0(e->rule, "PD-09") == 0, "flight ended by %s",
        e->rule ? e->rule : "(none)");
  CHECK(r, e->arg == (int)r->steps, "flight ended: arg %d, %u steps",
        e->arg, r->steps);
  CHECK(r, e->x == r->dragon_x && e->y == r->dragon_y,
        "flight ended at %d,%d, dragon at %d,%d", e->x, e->y, r->dragon_x,
        r->dragon_y);
  if (r->steps < 6)
    CHECK(r, legal_steps(r) == 0, "flight ended after %u steps with a way "
          "out", r->steps);
  r->flight = FALSE;
  r->tally->flights++;
  r->tally->full_flights += r->steps == 6;
  r->tally->dead_ends += r->steps < 6;
}

/* PD-07, PD-08, AMB-07: tiles. */
static void
tile_event(Run *r, const MeepleEvent *e)
{
  guint32 sym = tile_symbols(r->pd, e->tile);
  switch (e->type) {
  case MEEPLE_EVENT_TILE_PLACED:
    r->volcano_now |= (sym & r->pd->volcano) != 0;
    if (!(sym & r->pd->dragon_sym))
      break;
    /* PD-08: no dragon tile is placed while the dragon is off the board;
     * PD-07: its flight starts where the dragon stands */
    CHECK(r, r->dragon_on, "dragon tile placed, dragon off the board");
    CHECK(r, !r->flight, "dragon tile during a flight");
    r->flight = TRUE;
    r->steps = 0;
    r->n_visited = 1;
    r->visited[0][0] = r->dragon_x;
    r->visited[0][1] = r->dragon_y;
    break;
  case MEEPLE_EVENT_TILE_SET_ASIDE:
    CHECK(r, (sym & r->pd->dragon_sym) && !r->dragon_on &&
                 g_strcmp0(e->rule, "PD-08") == 0,
          "tile %u set aside, dragon on board %d", e->tile, r->dragon_on);
    r->n_set_aside++;
    r->tally->set_aside++;
    break;
  case MEEPLE_EVENT_TILES_RETURNED:
    CHECK(r, r->volcano_now && r->dragon_on && e->arg == (int)r->n_set_aside &&
                 g_strcmp0(e->rule, "PD-08") == 0,
          "%d tiles returned of %u, volcano now %d", e->arg, r->n_set_aside,
          r->volcano_now);
    r->tally->returned += r->n_set_aside;
    r->n_set_aside = 0;
    break;
  case MEEPLE_EVENT_TILE_DISCARDED:
    if (g_strcmp0(e->rule, "AMB-07") != 0)
      break;
    CHECK(r, (sym & r->pd->dragon_sym) && !r->dragon_on && r->n_set_aside > 0,
          "AMB-07 discard of tile %u", e->tile);
    r->n_set_aside--;
    r->tally->amb07++;
    break;
  default:
    break;
  }
}

static void
walk_events(Run *r, const MeepleEvent *ev, gsize n)
{
  const Pd *pd = r->pd;
  for (gsize i = 0; i < n; i++) {
    const MeepleEvent *e = &ev[i];
    g_array_append_val(r->stream, *e);
    CHECK(r, !r->over || e->type == MEEPLE_EVENT_WINNER,
          "event %u after game-over", e->type);
    gboolean figure = e->type == MEEPLE_EVENT_FIGURE_PLACED ||
                      e->type == MEEPLE_EVENT_FIGURE_MOVED;
    if (figure && e->figure == pd->dragon) {
      dragon_event(r, e);
    } else if (figure && e->figure == pd->fairy) {
      fairy_event(r, e);
    } else if (figure) {
      CHECK(r, e->type == MEEPLE_EVENT_FIGURE_PLACED && e->player >= 0,
            "owned figure moved");
      r->tally->portals += g_strcmp0(e->rule, "PD-16") == 0;
    } else if (e->type == MEEPLE_EVENT_FIGURE_RETURNED) {
      returned_event(r, e);
    } else if (e->type == MEEPLE_EVENT_POINTS_SCORED) {
      points_event(r, e);
    } else if (e->type == pd->flight_ended) {
      flight_ended_event(r, e);
    } else if (e->type == MEEPLE_EVENT_TURN_STARTED) {
      if (r->turn_player >= 0)
        close_turn_start(r);
      CHECK(r, !r->flight, "turn started during a flight");
      r->turn_player = e->player;
      r->expect22 = r->attached && r->att_owner == e->player;
      r->seen22 = 0;
      r->removal = FALSE;
    } else if (e->type == MEEPLE_EVENT_GAME_OVER) {
      if (r->turn_player >= 0)
        close_turn_start(r);
      CHECK(r, !r->flight, "game over during a flight");
      /* PD-24: final scoring scores every occupied feature */
      CHECK(r, !r->attached || r->paid,
            "game over, fairy's follower never got its +3");
      r->over = TRUE;
    } else {
      tile_event(r, e);
    }
  }
  CHECK(r, !r->orphan_due, "fairy's follower left, fairy not moved off it");
}

/* ---- checkers of the state (after every action) --------------------------- */

/* PD-12, PD-23, X-04, X-05: nothing of the menu (every owned figure:
 * followers and abbots) on the dragon's tile; the fairy never there. */
static void
check_dragon_tile(const Run *r)
{
  MeepleFigureInfo dragon = neutral(r, r->pd->dragon);
  if (!dragon.on_board)
    return;
  for (guint i = 0; i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    CHECK(r, !(f.on_board && f.x == dragon.x && f.y == dragon.y &&
               f.type != r->pd->dragon),
          "figure type %u of seat %d on the dragon's tile %d,%d", f.type,
          f.owner, f.x, f.y);
  }
}

/* BASE-01, ABBOT-01, PD-01, PD-05, PD-19: followers conserved per seat
 * and type; exactly one dragon and one fairy; the dragon on the board iff
 * a volcano was placed, and neither ever leaves; the shadow agrees. */
static void
check_figures(const Run *r)
{
  const MeepleRules *rules = r->pd->rules;
  guint n_types = meeple_rules_n_figure_types(rules);
  guint on_board[MEEPLE_MAX_PLAYERS][8] = { { 0 } };
  guint dragons = 0, fairies = 0, others = 0;
  CHECK(r, n_types <= 8, "%u figure types", n_types);
  for (guint i = 0; i < meeple_game_n_figures(r->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(r->game, i);
    if (f.owner >= 0) {
      CHECK(r, meeple_rules_figure_type(rules, f.type)->is_follower,
            "owned figure of type %u", f.type);
      on_board[f.owner][f.type] += f.on_board;
      if (f.on_board)
        CHECK(r, f.segment != MEEPLE_SEGMENT_NONE, "follower off segments");
      continue;
    }
    dragons += f.type == r->pd->dragon;
    fairies += f.type == r->pd->fairy;
    others += f.type != r->pd->dragon && f.type != r->pd->fairy;
  }
  CHECK(r, dragons == 1 && fairies == 1 && others == 0,
        "%u dragons, %u fairies, %u other neutral figures", dragons, fairies,
        others);
  for (guint p = 0; p < r->n_players; p++)
    for (guint t = 0; t < n_types; t++)
      CHECK(r, on_board[p][t] + meeple_game_supply(r->game, p, t) ==
                   meeple_rules_figure_type(rules, t)->per_player,
            "seat %u type %u: %u on board + %u in supply", p, t,
            on_board[p][t], meeple_game_supply(r->game, p, t));
  gboolean volcano = FALSE;
  for (guint i = 0; i < meeple_game_n_placed(r->game); i++)
    volcano |= (tile_symbols(r->pd, meeple_game_placed(r->game, i).type) &
                r->pd->volcano) != 0;
  MeepleFigureInfo dragon = neutral(r, r->pd->dragon);
  MeepleFigureInfo fairy = neutral(r, r->pd->fairy);
  CHECK(r, dragon.on_board == volcano, "dragon on board %d, volcano %d",
        dragon.on_board, volcano);
  CHECK(r, dragon.on_board == r->dragon_on && fairy.on_board == r->fairy_on,
        "dragon %d (events %d), fairy %d (events %d)", dragon.on_board,
        r->dragon_on, fairy.on_board, r->fairy_on);
  if (dragon.on_board)
    CHECK(r, dragon.x == r->dragon_x && dragon.y == r->dragon_y &&
                 dragon.segment == MEEPLE_SEGMENT_NONE,
          "dragon at %d,%d/%u, events say %d,%d", dragon.x, dragon.y,
          dragon.segment, r->dragon_x, r->dragon_y);
  if (fairy.on_board)
    CHECK(r, fairy.x == r->fairy_x && fairy.y == r->fairy_y &&
                 fairy.segment == r->fairy_seg,
          "fairy at %d,%d/%u, events say %d,%d/%u", fairy.x, fairy.y,
          fairy.segment, r->fairy_x, r->fairy_y, r->fairy_seg);
}

/* BASE-02, BASE-06, BASE-21, PD-01, PD-08, AMB-07: every tile is placed,
 * discarded, in the supply, set aside or the drawn one; set-aside tiles
 * are dragon tiles and exist only while the dragon is off the board;
 * none is left at the end. */
static void
check_tiles(const Run *r)
{
  guint placed = meeple_game_n_placed(r->game);
  guint discarded = meeple_game_n_discarded(r->game);
  guint left = meeple_game_tiles_left(r->game);
  guint aside = meeple_game_n_set_aside(r->game);
  guint drawn = meeple_game_drawn_tile(r->game) >= 0;
  CHECK(r, placed + discarded + left + aside + drawn == r->total,
        "%u placed + %u discarded + %u left + %u set aside + %u drawn != %u",
        placed, discarded, left, aside, drawn, r->total);
  CHECK(r, aside == r->n_set_aside, "%u set aside, events say %u", aside,
        r->n_set_aside);
  CHECK(r, aside == 0 || !r->dragon_on, "%u tiles set aside, dragon on board",
        aside);
  for (guint i = 0; i < aside; i++)
    CHECK(r, tile_symbols(r->pd, meeple_game_set_aside(r->game, i)) &
                 r->pd->dragon_sym,
          "set-aside tile %u is no dragon tile",
          meeple_game_set_aside(r->game, i));
  if (meeple_game_is_over(r->game))
    CHECK(r, aside == 0 && left == 0 && !drawn,
          "game over with %u set aside, %u left, %u drawn", aside, left,
          drawn);
}

/* BASE-15..24, PD-22, PD-24: scores are the sums of their events and never
 * go down. */
static void
check_scores(const Run *r, const int *before)
{
  for (guint p = 0; p < r->n_players; p++) {
    int s = meeple_game_score(r->game, p);
    CHECK(r, s == r->score[p], "seat %u: score %d, events %d", p, s,
          r->score[p]);
    CHECK(r, s >= before[p], "seat %u: score %d down from %d", p, s,
          before[p]);
  }
}

/* PD-19, PD-21, AMB-03: the fairy stands on a segment exactly while it is
 * with a follower, and then on that follower's segment. */
static void
check_fairy(const Run *r)
{
  MeepleFigureInfo fairy = neutral(r, r->pd->fairy);
  if (!fairy.on_board) {
    CHECK(r, !r->attached, "fairy off the board but attached");
    return;
  }
  CHECK(r, (fairy.segment != MEEPLE_SEGMENT_NONE) == r->attached,
        "fairy on segment %u, attached %d", fairy.segment, r->attached);
  if (!r->attached)
    return;
  CHECK(r, fairy.x == r->att_x && fairy.y == r->att_y &&
               fairy.segment == r->att_seg,
        "fairy at %d,%d/%u, its follower at %d,%d/%u", fairy.x, fairy.y,
        fairy.segment, r->att_x, r->att_y, r->att_seg);
  int f = owned_at(r, fairy.x, fairy.y, fairy.segment);
  CHECK(r, f >= 0, "fairy on segment %u of %d,%d with no follower",
        fairy.segment, fairy.x, fairy.y);
  MeepleFigureInfo fi = meeple_game_figure(r->game, (guint)f);
  CHECK(r, fi.owner == r->att_owner && fi.type == r->att_type,
        "fairy with seat %d's type %u, expected seat %d's type %u", fi.owner,
        fi.type, r->att_owner, r->att_type);
}

/* ---- determinism: clones and records ----------------------------------- */

/* DESIGN invariant 1: a clone taking the same action is the same game
 * with the same events (the last @n of the stream) and the same notes. */
static void
check_clone(Run *r, MeepleGame *clone, gsize index, gsize n)
{
  g_autofree char *why = tu_clone_step_differs(
    r->game, clone, index,
    &g_array_index(r->stream, MeepleEvent, r->stream->len - n), n);
  CHECK(r, !why, "clone: %s", why);
  r->tally->clones++;
}

/* DESIGN invariant 4: write -> parse -> replay gives the same game, the
 * same events, the same notes and the same text. */
static void
check_record(Run *r)
{
  MeepleGame *again = NULL;
  g_autofree char *why =
    tu_replay_differs(r->game, r->pd->rules,
                      (const MeepleEvent *)(void *)r->stream->data,
                      r->stream->len, &again);
  CHECK(r, !why, "replay: %s", why);
  if (again)
    meeple_game_free(again);
  r->tally->replays++;
}

/* ---- playing --------------------------------------------------------------- */

static void
play_game(const Pd *pd, const Variant *v, guint k, Tally *tally)
{
  Run r = {
    .pd = pd,
    .seed = v->seed_base + k,
    .n_players = 2 + k % 5,
    .greedy = v->greedy,
    .tally = tally,
    .turn_player = -1,
    .decider = 0,
  };
  MeepleGameConfig cfg = {
    .n_players = r.n_players,
    .seed = G_GUINT64_CONSTANT(0x9e3779b97f4a7c15) * r.seed,
    .no_farmers = k % 11 == 5,
  };
  GRand *rand = g_rand_new_with_seed((guint32)(r.seed * 2654435761u));
  g_autoptr(GArray) order = g_array_new(FALSE, FALSE, sizeof(guint16));
  r.total = pd->total_tiles;
  if (v->no_volcano) {
    /* every tile but the volcanoes and the start tile (one copy of its
     * type), shuffled (Fisher-Yates) */
    int start = meeple_rules_start_tile(pd->rules);
    for (guint t = 0; t < meeple_rules_n_tile_types(pd->rules); t++) {
      const MeepleTileType *type = meeple_rules_tile_type(pd->rules, t);
      guint16 id = (guint16)t;
      guint copies = type->count - ((int)t == start);
      for (guint c = 0; !(type->symbols & pd->volcano) && c < copies; c++)
        g_array_append_val(order, id);
    }
    CHECK(&r, order->len == pd->total_tiles - 1 - 6,
          "%u tiles without the start tile and the 6 volcanoes", order->len);
    for (guint i = order->len; i > 1; i--) {
      guint j = (guint)g_rand_int_range(rand, 0, (gint32)i);
      guint16 tmp = g_array_index(order, guint16, i - 1);
      g_array_index(order, guint16, i - 1) = g_array_index(order, guint16, j);
      g_array_index(order, guint16, j) = tmp;
    }
    cfg.tile_order = (const guint16 *)(void *)order->data;
    cfg.n_tile_order = order->len;
    r.total = order->len + 1;
  }
  GError *error = NULL;
  r.game = meeple_game_new(pd->rules, &cfg, &error);
  CHECK(&r, r.game, "meeple_game_new: %s", error ? error->message : "");
  r.stream = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  gsize n;
  const MeepleEvent *ev = meeple_game_initial_events(r.game, &n);
  walk_events(&r, ev, n);
  int before[MEEPLE_MAX_PLAYERS] = { 0 };
  check_scores(&r, before);
  check_figures(&r);
  check_tiles(&r);

  const MeepleDecision *d;
  while ((d = meeple_game_decision(r.game))) {
    r.turn = meeple_game_turn(r.game);
    check_decider(&r, d);
    check_figure_decision(&r, d);
    check_princess_due(&r, d);
    check_princess_decision(&r, d);
    gsize index = r.greedy && d->player == 0
                      ? tu_greedy_pick(r.game, d, rand)
                      : (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
    r.action = d->actions[index];
    r.decision = d->kind;
    r.decider = d->player;
    g_free(r.text);
    r.text = meeple_action_to_string(r.game, &r.action);
    r.fairy_move = r.action.kind == pd->fairy_action;
    r.target_owner = -1;
    if (r.fairy_move) {
      int f = owned_at(&r, r.action.x, r.action.y, r.action.segment);
      if (f >= 0) {
        MeepleFigureInfo fi = meeple_game_figure(r.game, (guint)f);
        r.target_owner = fi.owner;
        r.target_type = fi.type;
      }
    }
    r.steps_this_action = 0;
    r.volcano_now = FALSE;
    for (guint p = 0; p < r.n_players; p++)
      before[p] = meeple_game_score(r.game, p);
    MeepleGame *clone = g_rand_int_range(rand, 0, 40) == 0
                            ? meeple_game_clone(r.game) : NULL;
    CHECK(&r, meeple_game_apply_index(r.game, index, &ev, &n, &error),
          "legal action refused: %s", error ? error->message : "");
    r.n_applied++;
    tally->actions++;
    walk_events(&r, ev, n);
    if (clone) {
      check_clone(&r, clone, index, n);
      meeple_game_free(clone);
    }
    CHECK(&r, !r.fairy_move, "fairy-move without a fairy event");
    check_dragon_tile(&r);
    check_figures(&r);
    check_tiles(&r);
    check_scores(&r, before);
    check_fairy(&r);
  }
  CHECK(&r, r.over && meeple_game_is_over(r.game), "no game-over event");
  check_record(&r);
  tally->games++;
  g_rand_free(rand);
  g_array_free(r.stream, TRUE);
  g_free(r.text);
  meeple_game_free(r.game);
}

static void
run_variant(int v)
{
  Pd pd = pd_new(variants[v].ids);
  guint n_games = variant_games(v);
  Tally t = { 0 };
  for (guint k = 0; k < n_games; k++)
    play_game(&pd, &variants[v], k, &t);
  fprintf(stderr,
          "%s%s: %u games, %u actions, %u flights (%u of 6 steps, %u dead "
          "ends), %u steps, %u eaten (%u abbots), %u fairy moves, %u PD-22, "
          "%u PD-24, %u fairies left alone, %u princess removals, %u portal "
          "placements, %u set aside, %u returned, %u AMB-07, %u clones, %u "
          "replays\n",
          pd.ids,
          variants[v].greedy       ? " (seat 0 greedy)"
          : variants[v].no_volcano ? " (no volcano)"
                                   : "",
          t.games,
          t.actions, t.flights, t.full_flights, t.dead_ends, t.steps, t.eaten,
          t.abbots_eaten, t.fairy_moves, t.pd22, t.pd24, t.orphaned,
          t.removals, t.portals, t.set_aside, t.returned, t.amb07, t.clones,
          t.replays);
  ck_assert_uint_eq(t.games, n_games);
  ck_assert_uint_eq(t.replays, n_games);
  if (variants[v].no_volcano) {
    /* PD-08, AMB-07: no dragon ever; the 12 dragon tiles (PD-01) are all
     * set aside and discarded at the end */
    ck_assert_uint_eq(t.flights, 0);
    ck_assert_uint_eq(t.set_aside, 12 * n_games);
    ck_assert_uint_eq(t.amb07, 12 * n_games);
    ck_assert_uint_eq(t.returned, 0);
    meeple_rules_unref(pd.rules);
    return;
  }
  /* the checkers saw what they check: every game places the 12 dragon
   * tiles (PD-01) once the dragon is out, so flights abound */
  ck_assert_uint_ge(t.flights, n_games);
  ck_assert_uint_gt(t.steps, t.flights);
  if (n_games >= 50) {
    ck_assert_uint_gt(t.full_flights, 0);
    ck_assert_uint_gt(t.dead_ends, 0);
    ck_assert_uint_gt(t.eaten, 0);
    ck_assert_uint_gt(t.fairy_moves, 0);
    ck_assert_uint_gt(t.pd22, 0);
    ck_assert_uint_gt(t.pd24, 0);
    ck_assert_uint_gt(t.orphaned, 0);
    ck_assert_uint_gt(t.removals, 0);
    ck_assert_uint_gt(t.portals, 0);
    ck_assert_uint_gt(t.set_aside, 0);
    ck_assert_uint_gt(t.returned, 0);
    ck_assert_uint_gt(t.clones, 0);
    if (pd.abbot >= 0)
      ck_assert_uint_gt(t.abbots_eaten, 0);
  }
  meeple_rules_unref(pd.rules);
}

/* RULES: BASE-02, PD-01 (72 base tiles with the start tile + 30 P&D tiles,
 * 12 of them dragon tiles and 6 volcanoes) */
START_TEST(pd_tile_total)
{
  Pd pd = pd_new("princess-dragon");
  ck_assert_uint_eq(pd.total_tiles, 72 + 30);
  guint n_dragon = 0, n_volcano = 0, n_pd = 0, n_supply = 0;
  for (guint i = 0; i < meeple_rules_n_tile_types(pd.rules); i++) {
    const MeepleTileType *t = meeple_rules_tile_type(pd.rules, i);
    n_supply += t->count;
    n_dragon += (t->symbols & pd.dragon_sym) ? t->count : 0;
    n_volcano += (t->symbols & pd.volcano) ? t->count : 0;
    n_pd += strcmp(t->tileset, "princess-dragon") == 0 ? t->count : 0;
  }
  /* the start tile is one of its type's copies (doc/tile-format.md) */
  ck_assert_uint_eq(n_supply, pd.total_tiles);
  ck_assert_uint_eq(n_pd, 30);
  ck_assert_uint_eq(n_dragon, 12);
  ck_assert_uint_eq(n_volcano, 6);
  meeple_rules_unref(pd.rules);
  Pd abbot = pd_new("princess-dragon,abbot");
  ck_assert_uint_eq(abbot.total_tiles, 72 + 30);
  meeple_rules_unref(abbot.rules);
}
END_TEST

/* RULES: PD-01, PD-05, PD-06, PD-07, PD-08, PD-09, PD-10, PD-11, PD-12,
 * PD-13, PD-14, PD-15, PD-16, PD-17, PD-18, PD-19, PD-20, PD-21, PD-22,
 * PD-23, PD-24, X-04, X-05, X-12, AMB-01, AMB-03, AMB-05, BASE-01,
 * BASE-02, BASE-19, BASE-21, ABBOT-01 */
START_TEST(pd_random_games_keep_invariants)
{
  run_variant(_i);
}
END_TEST

/* RULES: PD-09, PD-10, PD-12, PD-13, PD-14, PD-20, PD-22, PD-23, PD-24,
 * AMB-03 (seat 0 steers the dragon onto the others' followers, places
 * every follower it can and chases points) */
START_TEST(pd_greedy_seat_keeps_invariants)
{
  run_variant(2);
}
END_TEST

/* RULES: PD-08, AMB-07, BASE-21 (no volcano in the supply: the dragon
 * never comes and every dragon tile ends discarded) */
START_TEST(pd_games_without_volcano_discard_dragon_tiles)
{
  run_variant(3);
}
END_TEST

static Suite *
properties_pd_suite(void)
{
  Suite *s = suite_create("properties-pd");
  TCase *tc = tcase_create("properties-pd");
  /* long loops: give them room under the sanitizers */
  tcase_set_timeout(tc, 3600);
  tcase_add_test(tc, pd_tile_total);
  tcase_add_loop_test(tc, pd_random_games_keep_invariants, 0, 2);
  tcase_add_test(tc, pd_greedy_seat_keeps_invariants);
  tcase_add_test(tc, pd_games_without_volcano_discard_dragon_tiles);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(properties_pd_suite());
}
