/* game.c — game lifecycle, the turn state machine of RULES §0.3–0.4 and the
 * decision protocol (DESIGN invariant 2).
 *
 * The game runs on by itself (drawing, discarding unplaceable tiles,
 * scoring, passing the turn) until a player must choose; then it stops with
 * one pending decision and its complete list of legal actions.
 */
#include "internal.h"

#include <string.h>

/* Stream constant of the PRNG; any fixed odd value would do ("meeple"). */
#define PRNG_STREAM G_GUINT64_CONSTANT(0x6d6565706c65)

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

void
action_list_reserve(ActionList *list, gsize n)
{
  if (list->len + n <= list->cap)
    return;
  gsize cap = list->cap ? list->cap : 64;
  while (cap < list->len + n)
    cap *= 2;
  list->cap = cap;
  list->items = g_renew(MeepleAction, list->items, list->cap);
}

MeepleEvent *
game_event(MeepleGame *g, guint type)
{
  EventList *list = &g->events;
  if (list->len == list->cap) {
    list->cap = list->cap ? list->cap * 2 : 32;
    list->items = g_renew(MeepleEvent, list->items, list->cap);
  }
  MeepleEvent *e = &list->items[list->len++];
  memset(e, 0, sizeof *e);
  e->type = (uint16_t)type;
  e->player = -1;
  return e;
}

static void
history_push(MeepleGame *g, const MeepleAction *a)
{
  if (g->n_history == g->cap_history) {
    g->cap_history = g->cap_history ? g->cap_history * 2 : 64;
    g->history = g_renew(MeepleHistoryEntry, g->history, g->cap_history);
  }
  MeepleHistoryEntry *h = &g->history[g->n_history++];
  h->action = *a;
  h->player = g->decision.player;
  h->turn = g->turn;
}

/* ---- layout of the fixed-size block ------------------------------------ */

/* Points every array of @g into @g->block; @offsets were computed by
 * layout().  Called after creation and after cloning. */
typedef struct {
  gsize supply, placed, nodes, figures, figure_supply, frontier, order, aside,
      end;
} Layout;

static gsize
align8(gsize n)
{
  return (n + 7) & ~(gsize)7;
}

static Layout
layout(guint n_tiles, guint n_nodes, guint n_figures, guint n_supply_counts,
       guint n_order)
{
  Layout l;
  gsize at = 0;
  l.supply = at;        at = align8(at + n_tiles * sizeof(uint16_t));
  l.placed = at;        at = align8(at + n_tiles * sizeof(Placed));
  l.nodes = at;         at = align8(at + n_nodes * sizeof(Node));
  l.figures = at;       at = align8(at + n_figures * sizeof(Figure));
  l.figure_supply = at; at = align8(at + n_supply_counts);
  l.frontier = at;      at = align8(at + (3 * n_tiles + 4) * sizeof(FrontierCell));
  l.order = at;         at = align8(at + n_order * sizeof(uint16_t));
  l.aside = at;         at = align8(at + n_tiles * sizeof(uint16_t));
  l.end = at;
  return l;
}

static void
rebind(MeepleGame *g, const MeepleGame *from)
{
  /* same offsets as in @from, new base */
#define REBASE(field) \
  g->field = (void *)(g->block + ((const char *)from->field - from->block))
  REBASE(supply);
  REBASE(placed);
  REBASE(nodes);
  REBASE(figures);
  REBASE(figure_supply);
  REBASE(frontier);
  REBASE(order_copy);
  REBASE(aside);
#undef REBASE
  if (from->config.tile_order)
    g->config.tile_order = g->order_copy;
}

/* ---- decisions ------------------------------------------------------------ */

static void
set_decision(MeepleGame *g, guint kind)
{
  g->has_decision = TRUE;
  g->decision.kind = kind;
  g->decision.player = g->active;
  g->decision.actions = g->actions.items;
  g->decision.n_actions = g->actions.len;
}

static void
set_phase(MeepleGame *g, MeeplePhase phase)
{
  g->phase = phase;
  g->phase_step = 0;
  g->hooks_stopped = FALSE;
}

/* BASE-11/12: follower actions on the tile placed this turn, then what
 * rule sets add (MEEPLE_HOOK_FIGURE_ACTIONS) and veto. */
static void
list_figure_actions(MeepleGame *g)
{
  g->actions.len = 0;
  MeepleAction pass = { .kind = MEEPLE_ACTION_PASS };
  action_list_push(&g->actions, &pass);
  const Placed *p = &g->placed[g->last_slot];
  for (guint i = 0; *supply_count(g, g->active, MEEPLE_FIGURE_FOLLOWER) &&
                    i < p->n_segments; i++) {
    guint node = p->node0 + i;
    guint kind = g->nodes[node].kind;
    const MeepleKind *k = rules_kind(g->rules, kind);
    if (!k->follower_allowed || !k->is_feature ||
        (kind == MEEPLE_KIND_FIELD && g->config.no_farmers))
      continue;
    if (g->nodes[feature_find(g, node)].followers != 0)
      continue;
    MeepleAction a = {
      .kind = MEEPLE_ACTION_PLACE_FIGURE,
      .x = p->x,
      .y = p->y,
      .segment = (uint8_t)i,
      .figure = MEEPLE_FIGURE_FOLLOWER,
    };
    action_list_push(&g->actions, &a);
  }
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FIGURE_ACTIONS, &n);
  for (guint h = 0; h < n; h++)
    ((MeepleActionsHook)(void (*)(void))hooks[h].func)(g, &g->actions,
                                                        hooks[h].user_data);
  effects_filter(g, MEEPLE_DECISION_PLACE_FIGURE, g->active, &g->actions);
}

/* Runs the steps of a phase from g->phase_step on: its hooks for @point
 * and, at position @core_at among them, the core's own step @core (none
 * when NULL).  Returns FALSE when a hook asked for a decision; the phase
 * then resumes at the next step once it is taken. */
static gboolean
run_phase(MeepleGame *g, MeepleHookPoint point, guint core_at,
          void (*core)(MeepleGame *g))
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, point, &n);
  guint n_steps = n + (core ? 1 : 0);
  while (g->phase_step < n_steps) {
    guint step = g->phase_step++;
    if (core && step == core_at) {
      core(g);
    } else if (!g->hooks_stopped) {
      guint h = core && step > core_at ? step - 1 : step;
      if (((MeeplePhaseHook)(void (*)(void))hooks[h].func)(
              g, hooks[h].user_data) == MEEPLE_HOOK_STOP)
        g->hooks_stopped = TRUE;
    }
    if (g->has_decision)
      return FALSE;
  }
  return TRUE;
}

static void
start_turn(MeepleGame *g)
{
  g->turn++;
  g->last_slot = -1;
  MeepleEvent *e = game_event(g, MEEPLE_EVENT_TURN_STARTED);
  e->player = (int8_t)g->active;
  e->arg = (int32_t)g->turn;
  e->rule = "BASE-03";
}

/* MEEPLE_HOOK_DRAW: TRUE when a rule set took the drawn tile. */
static gboolean
draw_taken(MeepleGame *g, guint type)
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_DRAW, &n);
  for (guint h = 0; h < n; h++)
    if (((MeepleDrawHook)(void (*)(void))hooks[h].func)(
            g, type, hooks[h].user_data) == MEEPLE_HOOK_STOP)
      return TRUE;
  return FALSE;
}

/* BASE-04 draw; D2 rule sets may take the tile; BASE-06 an unplaceable
 * tile leaves the game and the player draws again.  FALSE: the supply is
 * empty (BASE-21). */
static gboolean
draw_tile(MeepleGame *g)
{
  while (g->supply_len > 0) {
    guint type = g->supply[--g->supply_len];
    MeepleEvent *e = game_event(g, MEEPLE_EVENT_TILE_DRAWN);
    e->player = (int8_t)g->active;
    e->tile = (uint16_t)type;
    e->rule = "BASE-04";
    if (draw_taken(g, type))
      continue;
    g->actions.len = 0;
    board_list_placements(g, type, &g->actions);
    effects_filter_placements(g, &g->actions);
    if (g->actions.len > 0) {
      g->drawn = (int)type;
      return TRUE;
    }
    e = game_event(g, MEEPLE_EVENT_TILE_DISCARDED);
    e->player = (int8_t)g->active;
    e->tile = (uint16_t)type;
    e->rule = "BASE-06";
    g->n_discarded++;
  }
  return FALSE;
}

/* Runs phases until a decision is pending or the game is over. */
static void
advance(MeepleGame *g)
{
  while (!g->has_decision) {
    switch (g->phase) {
    case MEEPLE_PHASE_GAME_SETUP:
      set_phase(g, MEEPLE_PHASE_TURN_START);
      break;
    case MEEPLE_PHASE_TURN_START:
      if (!run_phase(g, MEEPLE_HOOK_TURN_START, 0, start_turn))
        return;
      set_phase(g, MEEPLE_PHASE_DRAW);
      break;
    case MEEPLE_PHASE_DRAW:
      if (draw_tile(g)) {
        set_phase(g, MEEPLE_PHASE_PLACE_TILE);
        set_decision(g, MEEPLE_DECISION_PLACE_TILE);
        return;
      }
      set_phase(g, MEEPLE_PHASE_FINAL_SCORING);
      break;
    case MEEPLE_PHASE_PLACE_TILE:
      /* reached once the tile action put the tile down */
      if (!run_phase(g, MEEPLE_HOOK_PLACE_TILE, 0, NULL))
        return;
      set_phase(g, MEEPLE_PHASE_PLACE_GHOSTS);
      break;
    case MEEPLE_PHASE_PLACE_GHOSTS:
      if (!run_phase(g, MEEPLE_HOOK_PLACE_GHOSTS, 0, NULL))
        return;
      set_phase(g, MEEPLE_PHASE_PLACE_FIGURE);
      list_figure_actions(g);
      /* CONVENTION (doc/engine.md): a figure decision whose only choice is
       * "pass" is not asked; the game moves on. */
      if (g->actions.len > 1) {
        set_decision(g, MEEPLE_DECISION_PLACE_FIGURE);
        return;
      }
      break;
    case MEEPLE_PHASE_PLACE_FIGURE:
      /* reached once the figure action is done (or was not asked) */
      set_phase(g, MEEPLE_PHASE_DRAGON_MOVE);
      break;
    case MEEPLE_PHASE_DRAGON_MOVE:
      if (!run_phase(g, MEEPLE_HOOK_AFTER_FIGURE, 0, NULL))
        return;
      set_phase(g, MEEPLE_PHASE_SCORE);
      break;
    case MEEPLE_PHASE_SCORE:
      if (!run_phase(g, MEEPLE_HOOK_SCORE,
                     g->rules->n_before_core[MEEPLE_HOOK_SCORE],
                     scoring_after_turn))
        return;
      set_phase(g, MEEPLE_PHASE_TURN_END);
      break;
    case MEEPLE_PHASE_TURN_END:
      if (!run_phase(g, MEEPLE_HOOK_TURN_END, 0, NULL))
        return;
      /* BASE-21: the game ends after the turn that placed the last tile. */
      if (g->supply_len == 0) {
        set_phase(g, MEEPLE_PHASE_FINAL_SCORING);
      } else {
        g->active = (g->active + 1) % g->n_players;
        set_phase(g, MEEPLE_PHASE_TURN_START);
      }
      break;
    case MEEPLE_PHASE_FINAL_SCORING:
      g->last_slot = -1;
      if (!run_phase(g, MEEPLE_HOOK_FINAL_SCORING,
                     g->rules->n_before_core[MEEPLE_HOOK_FINAL_SCORING],
                     scoring_final_features))
        return;
      scoring_winner(g);
      set_phase(g, MEEPLE_PHASE_GAME_OVER);
      g->over = TRUE;
      g->actions.len = 0;
      return;
    case MEEPLE_PHASE_GAME_OVER:
      return;
    }
  }
}

/* ---- creation ------------------------------------------------------------ */

void
supply_shuffle(MeepleGame *g)
{
  /* Fisher-Yates with the game's PRNG, from the last position down
   * (doc/determinism.md). */
  for (guint i = g->supply_len; i > 1; i--) {
    guint j = prng_below(&g->prng, i);
    uint16_t tmp = g->supply[i - 1];
    g->supply[i - 1] = g->supply[j];
    g->supply[j] = tmp;
  }
}

static void
put_tile(MeepleGame *g, guint type, int x, int y, guint rotation)
{
  guint slot = g->n_placed++;
  Placed *p = &g->placed[slot];
  p->x = (int16_t)x;
  p->y = (int16_t)y;
  p->type = (uint16_t)type;
  p->rotation = (uint8_t)rotation;
  features_add_tile(g, slot);
  board_put(g, slot);
  g->last_slot = (int)slot;
  MeepleEvent *e = game_event(g, MEEPLE_EVENT_TILE_PLACED);
  e->player = slot == 0 ? -1 : (int8_t)g->active;
  e->tile = (uint16_t)type;
  e->x = (int16_t)x;
  e->y = (int16_t)y;
  e->arg = (int32_t)rotation;
  e->rule = slot == 0 ? "BASE-02" : "BASE-05";
}

MeepleGame *
meeple_game_new(MeepleRules *rules, const MeepleGameConfig *config,
                GError **error)
{
  if (config->n_players < 2 || config->n_players > MEEPLE_MAX_PLAYERS) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "a game needs 2 to %d players, not %u", MEEPLE_MAX_PLAYERS,
                config->n_players);
    return NULL;
  }
  int start = meeple_rules_start_tile(rules);
  if (start < 0) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "no start tile: load a tile set that names one");
    return NULL;
  }
  guint n_types = meeple_rules_n_tile_types(rules);
  guint n_supply = 0;
  if (config->tile_order) {
    for (guint i = 0; i < config->n_tile_order; i++)
      if (config->tile_order[i] >= n_types) {
        g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                    "tile order entry %u names tile type %u; only %u exist",
                    i + 1, config->tile_order[i], n_types);
        return NULL;
      }
    n_supply = config->n_tile_order;
  } else {
    for (guint t = 0; t < n_types; t++)
      n_supply += rules_type(rules, t)->count;
    n_supply--; /* the start tile is one of its type's copies */
  }
  guint n_tiles = n_supply + 1;
  if (n_tiles > 0x7FFF) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "%u tiles are more than a game can hold (32767)", n_tiles);
    return NULL;
  }
  guint n_nodes = rules_type(rules, (guint)start)->n_segments;
  if (config->tile_order)
    for (guint i = 0; i < config->n_tile_order; i++)
      n_nodes += rules_type(rules, config->tile_order[i])->n_segments;
  else
    for (guint t = 0; t < n_types; t++)
      n_nodes += rules_type(rules, t)->count * rules_type(rules, t)->n_segments;
  if (n_nodes >= NO_NODE) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                "the tiles hold %u segments; a game can hold 65534", n_nodes);
    return NULL;
  }
  guint n_ftypes = meeple_rules_n_figure_types(rules);
  guint n_figures = 0;
  for (guint f = 0; f < n_ftypes; f++)
    n_figures += config->n_players * meeple_rules_figure_type(rules, f)->per_player +
                 meeple_rules_figure_type(rules, f)->neutral;

  MeepleGame *g = g_new0(MeepleGame, 1);
  g->rules = meeple_rules_ref(rules);
  g->config = *config;
  g->n_players = config->n_players;
  g->drawn = -1;
  g->last_slot = -1;
  g->n_figure_types = n_ftypes;
  Layout l = layout(n_tiles, n_nodes, n_figures, config->n_players * n_ftypes,
                    config->tile_order ? config->n_tile_order : 0);
  g->block_size = l.end;
  g->block = g_malloc0(l.end);
  g->supply = (uint16_t *)(g->block + l.supply);
  g->placed = (Placed *)(g->block + l.placed);
  g->nodes = (Node *)(g->block + l.nodes);
  g->figures = (Figure *)(g->block + l.figures);
  g->figure_supply = (uint8_t *)(g->block + l.figure_supply);
  g->frontier = (FrontierCell *)(g->block + l.frontier);
  g->order_copy = (uint16_t *)(g->block + l.order);
  g->aside = (uint16_t *)(g->block + l.aside);
  g->cap_placed = n_tiles;
  g->cap_nodes = n_nodes;
  g->cap_frontier = 3 * n_tiles + 4;
  board_init(g);
  prng_seed(&g->prng, config->seed, PRNG_STREAM);

  /* BASE-01: each player's personal supply. */
  for (guint p = 0; p < g->n_players; p++)
    for (guint f = 0; f < n_ftypes; f++) {
      guint per = meeple_rules_figure_type(rules, f)->per_player;
      *supply_count(g, p, f) = (uint8_t)per;
      for (guint k = 0; k < per; k++) {
        Figure *fig = &g->figures[g->n_figures++];
        fig->type = (uint8_t)f;
        fig->owner = (int8_t)p;
        fig->node = NO_NODE;
        fig->slot = NO_SLOT;
      }
    }

  /* Neutral figures (dragon, fairy, ...) start off the board, after the
   * players' (meeple_game_neutral_figure() looks only there). */
  g->first_neutral = g->n_figures;
  for (guint f = 0; f < NEUTRAL_INDEXED; f++)
    g->neutral_of_type[f] = -1;
  for (guint f = 0; f < n_ftypes; f++)
    for (guint k = 0; k < meeple_rules_figure_type(rules, f)->neutral; k++) {
      if (k == 0 && f < NEUTRAL_INDEXED)
        g->neutral_of_type[f] = (int16_t)g->n_figures;
      Figure *fig = &g->figures[g->n_figures++];
      fig->type = (uint8_t)f;
      fig->owner = -1;
      fig->node = NO_NODE;
      fig->slot = NO_SLOT;
    }

  /* BASE-02: the supply, drawn from its end. */
  g->supply_len = n_supply;
  if (config->tile_order) {
    memcpy(g->order_copy, config->tile_order,
           config->n_tile_order * sizeof(uint16_t));
    g->config.tile_order = g->order_copy;
    for (guint i = 0; i < n_supply; i++)
      g->supply[i] = config->tile_order[n_supply - 1 - i];
  } else {
    guint k = 0;
    gboolean start_taken = FALSE;
    for (guint t = 0; t < n_types; t++)
      for (guint c = 0; c < rules_type(rules, t)->count; c++) {
        if (t == (guint)start && !start_taken) {
          start_taken = TRUE;
          continue;
        }
        g->supply[k++] = (uint16_t)t;
      }
    supply_shuffle(g);
  }

  put_tile(g, (guint)start, 0, 0, 0);
  slots_new(g);
  set_phase(g, MEEPLE_PHASE_GAME_SETUP);
  advance(g);
  g->n_initial_events = g->events.len;
  if (g->hook_error) {
    /* a rule set's hook failed while setting up (hookfail.c) */
    g_propagate_error(error, g->hook_error);
    g->hook_error = NULL;
    meeple_game_free(g);
    return NULL;
  }
  return g;
}

MeepleGame *
meeple_game_clone(const MeepleGame *game)
{
  MeepleGame *g = g_memdup2(game, sizeof *game);
  meeple_rules_ref(g->rules);
  g->block = g_memdup2(game->block, game->block_size);
  rebind(g, game);
  board_copy(&g->grid, &game->grid);
  g->actions.items = game->actions.len
                         ? g_memdup2(game->actions.items,
                                     game->actions.len * sizeof(MeepleAction))
                         : NULL;
  g->actions.cap = game->actions.len;
  g->decision.actions = g->actions.items;
  g->events.items = NULL;
  g->events.len = g->events.cap = 0;
  g->n_initial_events = 0;
  g->history = game->n_history
                   ? g_memdup2(game->history,
                               game->n_history * sizeof(MeepleHistoryEntry))
                   : NULL;
  g->cap_history = game->n_history;
  g->hook_error = NULL;
  slots_clone(g, game);
  return g;
}

void
meeple_game_free(MeepleGame *g)
{
  if (!g)
    return;
  game_clear(g);
  g_free(g);
}

void
game_clear(MeepleGame *g)
{
  slots_free(g);
  board_free(&g->grid);
  g_free(g->actions.items);
  g_free(g->events.items);
  g_free(g->history);
  g_free(g->block);
  g_clear_error(&g->hook_error);
  meeple_rules_unref(g->rules);
}

const MeepleDecision *
meeple_game_decision(MeepleGame *g)
{
  return g->has_decision ? &g->decision : NULL;
}

const MeepleEvent *
meeple_game_initial_events(const MeepleGame *g, gsize *n_events)
{
  if (n_events)
    *n_events = g->n_initial_events;
  return g->n_initial_events ? g->events.items : NULL;
}

/* ---- applying actions ---------------------------------------------------- */

static const char *const side_word[4] = { "north", "east", "south", "west" };
static const char *const edge_word[3] = { "field", "road", "city" };

/* Says why @a is not legal now, for the error message. */
static char *
explain_illegal(MeepleGame *g, const MeepleAction *a)
{
  const MeepleDecision *d = &g->decision;
  if (d->kind >= MEEPLE_DECISION_CORE_COUNT)
    return g_strdup_printf(
        "not among the %" G_GSIZE_FORMAT " legal actions of this '%s' "
        "decision", d->n_actions,
        meeple_rules_decision_kind(g->rules, d->kind)->name);
  if (a->kind == MEEPLE_ACTION_PLACE_TILE) {
    if (d->kind != MEEPLE_DECISION_PLACE_TILE)
      return g_strdup("the tile is already placed this turn; a figure "
                      "action (or pass) is expected");
    if (a->tile != g->drawn)
      return g_strdup_printf(
          "the drawn tile is %s, not %s",
          rules_type(g->rules, (guint)g->drawn)->id,
          a->tile < meeple_rules_n_tile_types(g->rules)
              ? rules_type(g->rules, a->tile)->id : "?");
    if (a->rotation > 3)
      return g_strdup("rotation must be 0, 90, 180 or 270 degrees");
    if (board_slot_at(g, a->x, a->y) >= 0)
      return g_strdup_printf("cell %d,%d already holds a tile", a->x, a->y);
    gboolean touches = FALSE;
    const TileDerived *td = rules_derived(g->rules, a->tile);
    for (guint s = 0; s < 4; s++) {
      int other = board_slot_at(g, a->x + dx[s], a->y + dy[s]);
      if (other < 0)
        continue;
      touches = TRUE;
      const Placed *q = &g->placed[other];
      guint mine = (td->packed_edges[a->rotation] >> (2 * s)) & 3;
      guint theirs =
          (rules_derived(g->rules, q->type)->packed_edges[q->rotation] >>
           (2 * ((s + 2) & 3))) & 3;
      if (mine != theirs)
        return g_strdup_printf(
            "at %d,%d turned %u° its %s edge (%s) would meet a %s edge "
            "(BASE-05)", a->x, a->y, a->rotation * 90u, side_word[s],
            edge_word[mine], edge_word[theirs]);
    }
    if (!touches)
      return g_strdup_printf("cell %d,%d shares no edge with a placed tile "
                             "(BASE-05)", a->x, a->y);
    return g_strdup("not a legal placement");
  }
  if (d->kind != MEEPLE_DECISION_PLACE_FIGURE)
    return g_strdup("a tile placement is expected first");
  if (a->kind == MEEPLE_ACTION_PLACE_FIGURE) {
    int slot = board_slot_at(g, a->x, a->y);
    if (slot != g->last_slot)
      return g_strdup("a follower goes on the tile placed this turn "
                      "(BASE-11)");
    if (a->figure >= g->n_figure_types ||
        *supply_count(g, g->active, a->figure) == 0)
      return g_strdup("no such figure left in your supply (BASE-11)");
    const Placed *p = &g->placed[slot];
    if (a->segment >= p->n_segments)
      return g_strdup("no such segment on this tile");
    guint node = p->node0 + a->segment;
    const MeepleKind *k = rules_kind(g->rules, g->nodes[node].kind);
    if (!k->follower_allowed ||
        (g->nodes[node].kind == MEEPLE_KIND_FIELD && g->config.no_farmers))
      return g_strdup_printf("a follower cannot stand on a %s in this game",
                             k->name);
    if (g->nodes[feature_find(g, node)].followers)
      return g_strdup_printf("this %s already holds a follower (BASE-12)",
                             k->name);
  }
  return g_strdup("not among the legal actions");
}

static gboolean
check_index(MeepleGame *g, gsize index, GError **error)
{
  if (g->over) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_GAME_OVER,
                "the game is over");
    return FALSE;
  }
  if (!g->has_decision || index >= g->decision.n_actions) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_ILLEGAL_ACTION,
                "action %" G_GSIZE_FORMAT " does not exist; %" G_GSIZE_FORMAT
                " are legal", index, g->decision.n_actions);
    return FALSE;
  }
  return TRUE;
}

gboolean
meeple_game_apply_index(MeepleGame *g, gsize index, const MeepleEvent **events,
                        gsize *n_events, GError **error)
{
  if (!check_index(g, index, error))
    return FALSE;
  /* hooks that may fail: keep the game to restore (hookfail.c) */
  MeepleGame *before = g->rules->fallible ? meeple_game_clone(g) : NULL;
  MeepleAction a = g->decision.actions[index];
  guint player = g->decision.player;
  g->events.len = 0;
  g->n_initial_events = 0;
  history_push(g, &a);
  /* The action may ask for the next decision (a rule set's chain of
   * decisions); otherwise the game runs on from where it stopped. */
  g->has_decision = FALSE;
  switch (a.kind) {
  case MEEPLE_ACTION_PLACE_TILE:
    put_tile(g, a.tile, a.x, a.y, a.rotation);
    g->drawn = -1;
    break;
  case MEEPLE_ACTION_PLACE_FIGURE: {
    int fig = meeple_game_find_supply_figure(g, (int)player, a.figure);
    g_assert(fig >= 0); /* the legal list guarantees one */
    int slot = board_slot_at(g, a.x, a.y);
    figure_place(g, (guint)fig, node_of(g, (guint)slot, a.segment),
                 meeple_rules_figure_type(g->rules, a.figure)->place_rule);
    break;
  }
  case MEEPLE_ACTION_PASS:
    break;
  default: {
    const ActionKindDef *k = g_ptr_array_index(g->rules->action_kinds, a.kind);
    g->applying = k->info.effect.what;
    k->apply(g, &a, k->user_data);
    g->applying = MEEPLE_EFFECT_NONE;
    break;
  }
  }
  advance(g);
  if (before && !game_restore_on_failure(g, before, error))
    return FALSE;
  if (events)
    *events = g->events.items;
  if (n_events)
    *n_events = g->events.len;
  return TRUE;
}

gboolean
meeple_game_find_action(MeepleGame *g, const MeepleAction *action,
                        gsize *index, GError **error)
{
  if (g->over) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_GAME_OVER,
                "the game is over");
    return FALSE;
  }
  for (gsize i = 0; i < g->decision.n_actions; i++)
    if (memcmp(&g->decision.actions[i], action, sizeof *action) == 0) {
      *index = i;
      return TRUE;
    }
  g_autofree char *why = explain_illegal(g, action);
  g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_ILLEGAL_ACTION, "%s", why);
  return FALSE;
}

gboolean
meeple_game_apply(MeepleGame *g, const MeepleAction *action,
                  const MeepleEvent **events, gsize *n_events, GError **error)
{
  gsize i;
  return meeple_game_find_action(g, action, &i, error) &&
         meeple_game_apply_index(g, i, events, n_events, error);
}
