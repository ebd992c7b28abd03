/* princess-dragon.c — The Princess & the Dragon (RULES §3, PD-01..PD-24)
 * as a meepled plugin.
 *
 * The plugin brings the 30 tiles of data/tiles/princess-dragon.tiles
 * (PD-01..PD-04; the loader reads the file after setup()), two neutral
 * figures, and one hook per step of RULES §0.4 it joins:
 *
 *   TURN_START    T1  pd_turn_start      PD-22 fairy +1 (and a new turn's
 *                                        state)
 *   DRAW          D2  pd_draw            PD-08 dragon tiles set aside
 *   PLACE_TILE    P2  pd_volcano         PD-05 dragon jumps, PD-08 tiles
 *                                        shuffled back
 *                 P3  pd_princess        PD-13 optional knight removal
 *   FIGURE_ACTIONS F  pd_figure_actions  PD-16/17/18 portal, PD-20 fairy
 *   FILTER           pd_filter          PD-06/PD-12 dragon's tile,
 *                                        PD-14 after a removal (asked
 *                                        only as pd_filter_scope() says)
 *   AFTER_FIGURE  M1  pd_dragon_flight   PD-07, PD-09 the flight
 *   FEATURE_SCORED S2 pd_fairy_bonus     PD-24 fairy +3
 *   FIGURE_REMOVED    pd_figure_removed  PD-21 / AMB-03 the fairy stays
 *   FINAL_SCORING F2  pd_final           AMB-07 set-aside tiles discarded
 *
 * Each dragon step is a decision of the player whose turn it is to move
 * the dragon, with the legal cells as actions (PD-09), so every client
 * plays it without knowing this expansion.
 *
 * It publishes the interface of pd-api.h ("princess-dragon") for the rule
 * sets that build on it (the house rules of PD-25): questions about a
 * game, and two settings — the fairy's turn point and what the fairy
 * guards from the dragon.
 */
#include <meeple/plugin.h>

#include "pd-api.h"
#include "pd-methods.h"


/* PD-09: the dragon makes exactly this many steps. */
#define FLIGHT_STEPS 6

/* Registration indices, resolved once per rules object: they depend on
 * which other rule sets are enabled (doc/plugins.md). */
typedef struct {
  PdApi api;                    /* first: a PdApi * is a PrincessDragon *
                                   (pd-api.h, published for PD-25) */
  guint dragon, fairy;          /* neutral figure types */
  int volcano, dragon_symbol, princess, portal; /* symbols, -1: unknown */
  guint slot;
  guint princess_decision, step_decision;
  guint remove_action, step_action, fairy_action, portal_action;
  guint flight_ended;           /* event type */
  /* settings a dependant may change in its setup (pd-api.h) */
  guint turn_points;            /* PD-22: 1 */
  PdFairyGuard fairy_guard;     /* PD-23: PD_FAIRY_GUARDS_TILE */
} PrincessDragon;

/* Per-game state (DESIGN invariant 3); a byte copy clones it. */
typedef struct {
  int fairy_follower;           /* figure the fairy is attached to, -1 */
  gboolean removal;             /* PD-14: a knight was sent home this turn */
  guint steps;                  /* PD-09: steps flown in this flight */
  guint n_visited;
  int visited[FLIGHT_STEPS + 1][2]; /* cells of this flight, start first */
} PdState;

static void
pd_state_init(MeepleGame *game, gpointer state, gpointer user_data)
{
  (void)game;
  (void)user_data;
  ((PdState *)state)->fairy_follower = -1;
}

/* ---- small queries ---------------------------------------------------------- */

static gboolean
tile_has_symbol(MeepleGame *game, const MeeplePlacedTile *tile, int symbol)
{
  return symbol >= 0 &&
         (meeple_rules_tile_type(meeple_game_rules(game), tile->type)->symbols &
          (1u << symbol));
}

/* Index of the one neutral figure of @type. */
static guint
neutral_figure(const MeepleGame *game, guint type)
{
  int i = meeple_game_neutral_figure(game, type);
  g_assert(i >= 0); /* registered with count 1 in pd_setup() */
  return (guint)i;
}

/* Where a neutral figure stands; FALSE while it is beside the board. */
static gboolean
neutral_cell(MeepleGame *game, guint type, int *x, int *y)
{
  MeepleFigureInfo f = meeple_game_figure(game, neutral_figure(game, type));
  *x = f.x;
  *y = f.y;
  return f.on_board;
}

/* A figure type the dragon eats (PD-10): everything made of flesh and
 * blood, which the engine calls MEEPLE_TRAIT_LIVING — every follower
 * whatever its kind (normal follower, abbot X-04, ringmaster X-01, ...)
 * and the neutral figures their rule sets call living (the mage and the
 * witch, X-02).  Never the fairy or itself (PD-11): they are not. */
static gboolean
on_menu(MeepleGame *game, guint type)
{
  return meeple_rules_figure_has_trait(meeple_game_rules(game), type,
                                       MEEPLE_TRAIT_LIVING);
}

static gboolean
is_follower_on_board(MeepleGame *game, const MeepleFigureInfo *f)
{
  return f->on_board && f->owner >= 0 &&
         meeple_rules_figure_has_trait(meeple_game_rules(game), f->type,
                                       MEEPLE_TRAIT_FOLLOWER);
}

/* Attributes a points event to where the fairy stands. */
static void
locate_at_figure(MeepleGame *game, MeepleEvent *e, guint figure)
{
  MeepleFigureInfo f = meeple_game_figure(game, figure);
  MeeplePlacedTile tile;
  if (!f.on_board || !meeple_game_tile_at(game, f.x, f.y, &tile))
    return;
  e->x = (int16_t)f.x;
  e->y = (int16_t)f.y;
  e->tile = (uint16_t)tile.type;
  e->figure = (uint8_t)f.type;
  if (f.segment != MEEPLE_SEGMENT_NONE) {
    e->segment = (uint8_t)f.segment;
    e->kind = meeple_rules_tile_type(meeple_game_rules(game), tile.type)
                  ->segments[f.segment].kind;
  }
}

/* ---- T1: the start of a turn (PD-22) --------------------------------------- */

/* the fairy stands at a group of followers that share one spot (a
 * segment of shape MEEPLE_SHAPE_SPOT: no feature, so several followers
 * stand there together — an acrobat pyramid of Under the Big Top);
 * *@mine = @seat's followers there. */
static gboolean
fairy_at_pyramid(const MeepleGame *game, const MeepleFigureInfo *fairy,
                 guint seat, guint *mine)
{
  MeepleRules *rules = meeple_game_rules(game);
  MeeplePlacedTile tile;
  MeepleFeatureInfo spot;
  /* the kind from the tile type first: this runs at every turn's start,
   * and meeple_game_feature() walks the feature and every figure */
  if (fairy->segment == MEEPLE_SEGMENT_NONE ||
      !meeple_game_tile_at(game, fairy->x, fairy->y, &tile))
    return FALSE;
  const MeepleTileType *type = meeple_rules_tile_type(rules, tile.type);
  if (fairy->segment >= type->n_segments ||
      meeple_rules_kind(rules, type->segments[fairy->segment].kind)->shape !=
          MEEPLE_SHAPE_SPOT ||
      !meeple_game_feature(game, fairy->x, fairy->y, fairy->segment, &spot))
    return FALSE;
  *mine = spot.followers[seat];
  return TRUE;
}

/* What the fairy gives @seat at the start of its turn as things stand,
 * and the rule it cites: PD-22, or X-08 at a pyramid. */
static guint
fairy_turn_points(const MeepleGame *game, const PrincessDragon *pd,
                  guint seat, const char **rule)
{
  const PdState *st = meeple_game_slot_const(game, pd->slot);
  if (st->fairy_follower < 0)
    return 0;
  MeepleFigureInfo at =
      meeple_game_figure(game, neutral_figure(game, pd->fairy));
  guint mine;
  if (fairy_at_pyramid(game, &at, seat, &mine)) {
    /* X-08 (instead of PD-22): the fairy belongs to the whole pyramid;
     * whoever's turn begins scores 1 per own acrobat there, one total
     * (X-08.1) */
    *rule = "X-08";
    return mine * pd->turn_points;
  }
  /* PD-22: the fairy's follower belongs to the player whose turn begins */
  *rule = "PD-22";
  MeepleFigureInfo f = meeple_game_figure(game, (guint)st->fairy_follower);
  return f.owner == (int)seat ? pd->turn_points : 0;
}

static MeepleHookResult
pd_turn_start(MeepleGame *game, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  PdState *st = meeple_game_slot(game, pd->slot);
  st->removal = FALSE;
  st->steps = st->n_visited = 0;
  guint me = meeple_game_active_player(game);
  const char *rule = NULL;
  guint points = fairy_turn_points(game, pd, me, &rule);
  if (points > 0) {
    MeepleEvent *e = meeple_game_award(game, me, (int)points, rule);
    locate_at_figure(game, e, neutral_figure(game, pd->fairy));
  }
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- D2: dragon tiles before the first volcano (PD-08) --------------------- */

static MeepleHookResult
pd_draw(MeepleGame *game, guint tile, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  int x, y;
  /* The dragon is on the board exactly when a volcano has been placed
   * (PD-05: it never leaves the board again). */
  if (pd->dragon_symbol < 0 ||
      !(meeple_rules_tile_type(meeple_game_rules(game), tile)->symbols &
        (1u << pd->dragon_symbol)) ||
      neutral_cell(game, pd->dragon, &x, &y))
    return MEEPLE_HOOK_CONTINUE;
  meeple_game_set_aside_tile(game, tile, "PD-08");
  return MEEPLE_HOOK_STOP;
}

/* ---- P2: the volcano (PD-05, PD-08) ------------------------------------------ */

static MeepleHookResult
pd_volcano(MeepleGame *game, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  MeeplePlacedTile tile;
  if (!meeple_game_current_tile(game, &tile) ||
      !tile_has_symbol(game, &tile, pd->volcano))
    return MEEPLE_HOOK_CONTINUE;
  /* PD-05: the dragon jumps onto the volcano from wherever it was; the
   * jump eats nothing. */
  meeple_game_move_figure(game, neutral_figure(game, pd->dragon), tile.x,
                          tile.y, MEEPLE_SEGMENT_NONE, "PD-05");
  /* PD-08: the first volcano shuffles the set-aside dragon tiles back (a
   * later volcano finds none). */
  meeple_game_return_set_aside(game, "PD-08");
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- P3: the princess (PD-13, PD-15) ---------------------------------------- */

/* Appends to @list every knight (PD-15.1: any follower in a city) of the
 * city that segment @segment of @tile belongs to. */
static void
list_knights(MeepleGame *game, const PrincessDragon *pd,
             const MeeplePlacedTile *tile, guint segment, GArray *list)
{
  MeepleFeatureInfo city;
  if (!meeple_game_feature(game, tile->x, tile->y, segment, &city))
    return;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!is_follower_on_board(game, &f) ||
        meeple_game_figure_feature(game, i) != (int)city.id)
      continue;
    MeepleAction a = {
      .kind = (uint16_t)pd->remove_action,
      .x = (int16_t)f.x,
      .y = (int16_t)f.y,
      .segment = (uint8_t)f.segment,
    };
    g_array_append_val(list, a);
  }
}

static MeepleHookResult
pd_princess(MeepleGame *game, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  MeeplePlacedTile tile;
  if (pd->princess < 0 || !meeple_game_current_tile(game, &tile))
    return MEEPLE_HOOK_CONTINUE;
  const MeepleTileType *type =
      meeple_rules_tile_type(meeple_game_rules(game), tile.type);
  g_autoptr(GArray) list = NULL; /* made only for a princess: every turn */
  for (guint s = 0; s < type->n_segments; s++)
    if (type->segments[s].kind == MEEPLE_KIND_CITY &&
        (type->segments[s].symbols & (1u << pd->princess))) {
      if (!list) {
        MeepleAction pass = { .kind = MEEPLE_ACTION_PASS };
        list = g_array_new(FALSE, FALSE, sizeof(MeepleAction));
        g_array_append_val(list, pass);
      }
      list_knights(game, pd, &tile, s, list);
    }
  /* PD-13: only when her city holds a knight; removing one is optional,
   * hence "pass". */
  if (list && list->len > 1)
    meeple_game_request_decision(game, pd->princess_decision,
                                 meeple_game_active_player(game),
                                 (const MeepleAction *)(void *)list->data,
                                 list->len);
  return MEEPLE_HOOK_CONTINUE;
}

/* Room for the figures on one tile in the common case. */
#define ON_TILE_STACK 16

/* The figures on the tile at (x, y) (meeple_game_figures_on_tile()), *@n
 * of them: in @stack when they fit, else in a new block for the caller
 * to free (figures_on_free()). */
static guint *
figures_on(MeepleGame *game, int x, int y, guint stack[ON_TILE_STACK],
           guint *n)
{
  *n = meeple_game_figures_on_tile(game, x, y, stack, ON_TILE_STACK);
  if (*n <= ON_TILE_STACK)
    return stack;
  guint *all = g_new(guint, *n);
  meeple_game_figures_on_tile(game, x, y, all, *n);
  return all;
}

static void
figures_on_free(guint stack[ON_TILE_STACK], guint *figures)
{
  if (figures != stack)
    g_free(figures);
}

/* A follower on segment @segment of the tile at (x, y), of seat @owner
 * (-1: of anybody); a pyramid holds several. */
static int
follower_at(MeepleGame *game, int owner, int x, int y, guint segment)
{
  guint stack[ON_TILE_STACK], n;
  guint *on_tile = figures_on(game, x, y, stack, &n);
  int found = -1;
  for (guint k = 0; k < n && found < 0; k++) {
    MeepleFigureInfo f = meeple_game_figure(game, on_tile[k]);
    if (f.segment == segment && (owner < 0 || f.owner == owner) &&
        is_follower_on_board(game, &f))
      found = (int)on_tile[k];
  }
  figures_on_free(stack, on_tile);
  return found;
}

static void
apply_princess(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  PdState *st = meeple_game_slot(game, pd->slot);
  int knight = follower_at(game, -1, a->x, a->y, a->segment);
  g_assert(knight >= 0); /* the legal list named it */
  meeple_game_return_figure(game, (guint)knight, "PD-13");
  st->removal = TRUE; /* PD-14, AMB-05: the turn's figure action is spent */
}

/* ---- F: the figure action (PD-16..PD-20) ------------------------------------ */

/* Room on the stack for one seat's figures in the fairy's list. */
#define FAIRY_STACK 64

/* The place of a figure on the board as one number, to compare at once. */
static inline guint64
place_key(const MeepleFigureInfo *f)
{
  return (guint64)(uint16_t)f->x << 32 | (guint64)(uint16_t)f->y << 16 |
         (f->segment & 0xFFFFu);
}

/* PD-20: the fairy next to any follower of the active player, except
 * where it already stands.  Several acrobats of one player in one pyramid
 * are one place for the fairy: offered once. */
static void
list_fairy_moves(MeepleGame *game, const PrincessDragon *pd,
                 MeepleActionList *list)
{
  const PdState *st = meeple_game_slot_const(game, pd->slot);
  guint me = meeple_game_active_player(game);
  MeepleFigureInfo fairy =
      meeple_game_figure(game, neutral_figure(game, pd->fairy));
  guint64 fairy_at = fairy.on_board ? place_key(&fairy) : G_MAXUINT64;
  /* the seat's figures in one call; the places already offered as keys
   * (the first of my followers on a segment stands for all of them, as
   * follower_at() finds it); the moves, appended at the end in one call */
  guint first, n = meeple_game_seat_figures(game, me, &first);
  MeepleFigureInfo mine_stack[FAIRY_STACK];
  guint64 seen_stack[FAIRY_STACK];
  MeepleAction moves_stack[FAIRY_STACK];
  gboolean heap = n > FAIRY_STACK;
  MeepleFigureInfo *mine = heap ? g_new(MeepleFigureInfo, n) : mine_stack;
  guint64 *seen = heap ? g_new(guint64, n) : seen_stack;
  MeepleAction *moves = heap ? g_new(MeepleAction, n) : moves_stack;
  n = meeple_game_figures(game, first, n, mine);
  guint n_seen = 0, n_moves = 0;
  for (guint i = 0; i < n; i++) {
    const MeepleFigureInfo *f = &mine[i];
    if (!is_follower_on_board(game, f))
      continue;
    guint64 key = place_key(f);
    gboolean again = FALSE;
    for (guint k = 0; k < n_seen; k++)
      again |= seen[k] == key;
    if (again)
      continue;
    seen[n_seen++] = key;
    if ((int)(first + i) == st->fairy_follower ||
        f->segment == MEEPLE_SEGMENT_NONE || key == fairy_at)
      continue;
    moves[n_moves++] = (MeepleAction){
      .kind = (uint16_t)pd->fairy_action,
      .x = (int16_t)f->x,
      .y = (int16_t)f->y,
      .segment = (uint8_t)f->segment,
    };
  }
  meeple_action_list_append(list, moves, n_moves);
  if (heap) {
    g_free(mine);
    g_free(seen);
    g_free(moves);
  }
}

/* PD-16..PD-18: after a portal tile, a follower of any type from the
 * supply onto any unoccupied, unfinished feature of another tile where
 * that type may stand (the portal tile's own segments are the ordinary
 * placements).  The dragon's tile is left to pd_filter (PD-17.3). */
static void
list_portal_targets(MeepleGame *game, const PrincessDragon *pd,
                    const MeeplePlacedTile *portal, MeepleActionList *list)
{
  MeepleRules *rules = meeple_game_rules(game);
  guint me = meeple_game_active_player(game);
  gboolean no_farmers = meeple_game_config(game)->no_farmers;
  /* the follower types the player has in supply, once: the same for
   * every segment of the board */
  guint types[256], n_types = 0; /* Figure.type is a byte */
  for (guint fig = 0; fig < meeple_rules_n_figure_types(rules); fig++) {
    const MeepleFigureType *ft = meeple_rules_figure_type(rules, fig);
    if (ft->is_follower && meeple_game_supply(game, me, fig) > 0 &&
        n_types < G_N_ELEMENTS(types))
      types[n_types++] = fig;
  }
  /* the kinds each of them may stand on, asked once per list rather than
   * per segment of the board */
  guint n_kinds = meeple_rules_n_kinds(rules);
  MeepleKindSet stands[G_N_ELEMENTS(types)], any = { { 0 } };
  for (guint k = 0; k < n_types; k++) {
    stands[k] = (MeepleKindSet){ { 0 } };
    for (guint kind = 0; kind < n_kinds; kind++)
      if (meeple_rules_figure_may_stand(rules, types[k], kind) &&
          !(kind == MEEPLE_KIND_FIELD && no_farmers))
        meeple_kind_set_add(&stands[k], kind);
    for (guint w = 0; w < G_N_ELEMENTS(any.bits); w++)
      any.bits[w] |= stands[k].bits[w];
  }
  /* PD-17: unoccupied (BASE-12) and not completed with this turn's tile on
   * the board (PD-17.1) */
  guint max = meeple_game_n_placed(game) * MEEPLE_MAX_SEGMENTS;
  MeepleSegmentRef *open = g_new(MeepleSegmentRef, max);
  guint n = meeple_game_list_segments(
      game, &any, MEEPLE_SEGMENTS_UNFINISHED | MEEPLE_SEGMENTS_UNOCCUPIED,
      open, max);
  g_assert(n <= max); /* the call's own bound */
  /* the targets, appended in one call */
  MeepleAction *targets = g_new(MeepleAction, (gsize)n * MAX(n_types, 1));
  gsize n_targets = 0;
  for (guint i = 0; i < n; i++) {
    if (open[i].x == portal->x && open[i].y == portal->y)
      continue;
    for (guint k = 0; k < n_types; k++) {
      if (!meeple_kind_set_has(&stands[k], open[i].kind))
        continue;
      targets[n_targets++] = (MeepleAction){
        .kind = (uint16_t)pd->portal_action,
        .x = open[i].x,
        .y = open[i].y,
        .segment = open[i].segment,
        .figure = (uint8_t)types[k],
      };
    }
  }
  meeple_action_list_append(list, targets, n_targets);
  g_free(targets);
  g_free(open);
}

static void
pd_figure_actions(MeepleGame *game, MeepleActionList *list, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  MeeplePlacedTile tile;
  if (meeple_game_current_tile(game, &tile) &&
      tile_has_symbol(game, &tile, pd->portal))
    list_portal_targets(game, pd, &tile, list);
  list_fairy_moves(game, pd, list);
}

static void
apply_portal(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  (void)user_data;
  int fig = meeple_game_find_supply_figure(
      game, (int)meeple_game_active_player(game), a->figure);
  g_assert(fig >= 0); /* the legal list checked the supply */
  meeple_game_place_figure(game, (guint)fig, a->x, a->y, a->segment, "PD-16");
}

static void
apply_fairy(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  PdState *st = meeple_game_slot(game, pd->slot);
  int follower = follower_at(game, (int)meeple_game_active_player(game),
                             a->x, a->y, a->segment);
  g_assert(follower >= 0);
  /* PD-21: it stands on the follower's tile, beside it */
  meeple_game_move_figure(game, neutral_figure(game, pd->fairy), a->x, a->y,
                          a->segment, "PD-20");
  st->fairy_follower = follower;
}

/* Which actions of a list pd_filter() may veto, read once per list:
 * after a princess removal every action of the turn's figure decision
 * (PD-14), else those onto the dragon's tile (PD-12), else none. */
static void
pd_filter_scope(MeepleGame *game, guint decision, guint player,
                MeepleFilterScope *scope, gpointer user_data)
{
  (void)player;
  const PrincessDragon *pd = user_data;
  int x, y;
  if (decision == MEEPLE_DECISION_PLACE_FIGURE &&
      ((const PdState *)meeple_game_slot_const(game, pd->slot))->removal)
    scope->kind = MEEPLE_FILTER_SCOPE_ALL;
  else if (neutral_cell(game, pd->dragon, &x, &y))
    *scope = (MeepleFilterScope){ MEEPLE_FILTER_SCOPE_CELL, x, y };
  else
    scope->kind = MEEPLE_FILTER_SCOPE_NONE;
}

/* Runs on every decision of every rule set (meeple/plugin.h), so the two
 * restrictions this rule set owns hold whoever offers the action; asked
 * only about the actions pd_filter_scope() names. */
static gboolean
pd_filter(MeepleGame *game, const MeepleAction *a,
          const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)a; /* its effect says all this rule set needs */
  const PrincessDragon *pd = user_data;
  const MeepleActionEffect *e = &ctx->effect;
  /* PD-14, AMB-05: after a princess removal no figure action at all (the
   * turn's figure decision; "pass" is never vetoed) */
  if (ctx->decision == MEEPLE_DECISION_PLACE_FIGURE &&
      ((const PdState *)meeple_game_slot_const(game, pd->slot))->removal)
    return FALSE;
  /* PD-12, X-05 (and PD-06: the dragon sits on this turn's volcano):
   * nothing of the dragon's menu onto the dragon's tile, by any means —
   * placed or moved there, by the core or any rule set; a figure the
   * action does not name counts as on the menu */
  int x, y;
  if ((e->what == MEEPLE_EFFECT_PLACE_FIGURE ||
       e->what == MEEPLE_EFFECT_MOVE_FIGURE) && e->has_cell &&
      neutral_cell(game, pd->dragon, &x, &y) && x == e->x && y == e->y &&
      (e->figure < 0 || on_menu(game, (guint)e->figure)))
    return FALSE;
  return TRUE;
}

/* ---- M1: the dragon's flight (PD-07, PD-09, PD-10, PD-23) ------------------ */

static gboolean
visited(const PdState *st, int x, int y)
{
  for (guint i = 0; i < st->n_visited; i++)
    if (st->visited[i][0] == x && st->visited[i][1] == y)
      return TRUE;
  return FALSE;
}

/* Asks the next player in turn order for the next step, or ends the flight
 * (six steps flown, or a dead end). */
static void
next_step(MeepleGame *game, const PrincessDragon *pd)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  PdState *st = meeple_game_slot(game, pd->slot);
  int x, y, fx, fy;
  neutral_cell(game, pd->dragon, &x, &y);
  gboolean fairy = neutral_cell(game, pd->fairy, &fx, &fy);
  MeepleAction moves[4];
  gsize n = 0;
  for (guint d = 0; st->steps < FLIGHT_STEPS && d < 4; d++) {
    int nx = x + dx[d], ny = y + dy[d];
    if (!meeple_game_tile_at(game, nx, ny, NULL) || visited(st, nx, ny) ||
        (fairy && nx == fx && ny == fy &&
         pd->fairy_guard == PD_FAIRY_GUARDS_TILE)) /* PD-23 */
      continue;
    moves[n++] = (MeepleAction){ .kind = (uint16_t)pd->step_action,
                                 .x = (int16_t)nx, .y = (int16_t)ny };
  }
  if (n > 0) {
    /* step k (from 1) is chosen by the k-th player from the active one */
    guint player = (meeple_game_active_player(game) + st->steps) %
                   meeple_game_n_players(game);
    meeple_game_request_decision(game, pd->step_decision, player, moves, n);
    return;
  }
  MeepleEvent *e = meeple_game_emit(game, pd->flight_ended);
  e->x = (int16_t)x;
  e->y = (int16_t)y;
  e->arg = (int32_t)st->steps;
  e->rule = "PD-09";
}

static MeepleHookResult
pd_dragon_flight(MeepleGame *game, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  MeeplePlacedTile tile;
  int x, y;
  if (!meeple_game_current_tile(game, &tile) ||
      !tile_has_symbol(game, &tile, pd->dragon_symbol) ||
      !neutral_cell(game, pd->dragon, &x, &y))
    return MEEPLE_HOOK_CONTINUE;
  PdState *st = meeple_game_slot(game, pd->slot);
  st->steps = 0;
  st->n_visited = 1; /* PD-09.E1: the starting tile counts as visited */
  st->visited[0][0] = x;
  st->visited[0][1] = y;
  next_step(game, pd);
  return MEEPLE_HOOK_CONTINUE;
}

static void
apply_step(MeepleGame *game, const MeepleAction *a, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  PdState *st = meeple_game_slot(game, pd->slot);
  meeple_game_move_figure(game, neutral_figure(game, pd->dragon), a->x, a->y,
                          MEEPLE_SEGMENT_NONE, "PD-09");
  st->visited[st->n_visited][0] = a->x;
  st->visited[st->n_visited][1] = a->y;
  st->n_visited++;
  st->steps++;
  /* PD-10: it eats every figure of its menu on the tile it enters — but
   * nothing on the fairy's tile when the fairy guards the figures there
   * rather than the tile (pd-api.h) */
  int fx, fy;
  if (pd->fairy_guard == PD_FAIRY_GUARDS_FIGURES &&
      neutral_cell(game, pd->fairy, &fx, &fy) && fx == a->x && fy == a->y) {
    next_step(game, pd);
    return;
  }
  guint stack[ON_TILE_STACK], n;
  guint *on_tile = figures_on(game, a->x, a->y, stack, &n);
  for (guint k = 0; k < n; k++)
    if (on_menu(game, meeple_game_figure(game, on_tile[k]).type))
      meeple_game_return_figure(game, on_tile[k], "PD-10");
  figures_on_free(stack, on_tile);
  next_step(game, pd);
}

/* ---- S2: the fairy's +3 (PD-24); PD-21 when its follower leaves ----------- */

static MeepleHookResult
pd_fairy_bonus(MeepleGame *game, MeepleFeatureScore *score, gpointer user_data)
{
  const PrincessDragon *pd = user_data;
  const PdState *st = meeple_game_slot_const(game, pd->slot);
  if (st->fairy_follower < 0 ||
      meeple_game_figure_feature(game, (guint)st->fairy_follower) !=
          (int)score->feature)
    return MEEPLE_HOOK_CONTINUE;
  /* PD-24.3: a scoring of its own, whatever the feature paid */
  MeepleFigureInfo f = meeple_game_figure(game, (guint)st->fairy_follower);
  MeepleEvent *e = meeple_game_award(game, (guint)f.owner, 3, "PD-24");
  locate_at_figure(game, e, neutral_figure(game, pd->fairy));
  return MEEPLE_HOOK_CONTINUE;
}

static void
pd_figure_removed(MeepleGame *game, guint figure, const char *rule,
                  gboolean scored, gpointer user_data)
{
  (void)rule;
  (void)scored;
  const PrincessDragon *pd = user_data;
  PdState *st = meeple_game_slot(game, pd->slot);
  if ((int)figure != st->fairy_follower)
    return;
  /* PD-21, AMB-03: the fairy stays on that tile, attached to nobody; it
   * now stands on the tile rather than beside a follower. */
  st->fairy_follower = -1;
  MeepleFigureInfo fairy =
      meeple_game_figure(game, neutral_figure(game, pd->fairy));
  meeple_game_move_figure(game, neutral_figure(game, pd->fairy), fairy.x,
                          fairy.y, MEEPLE_SEGMENT_NONE, "AMB-03");
}

/* ---- F2: dragon tiles still set aside at the end (AMB-07) ------------------ */

static MeepleHookResult
pd_final(MeepleGame *game, gpointer user_data)
{
  (void)user_data;
  meeple_game_discard_set_aside(game, "AMB-07");
  return MEEPLE_HOOK_CONTINUE;
}

/* ---- the published interface (pd-api.h) ------------------------------------ */

static const PrincessDragon *
pd_of(const PdApi *api)
{
  return (const PrincessDragon *)(const void *)api;
}

static gboolean
api_dragon_in_play(const PdApi *api, const MeepleGame *game)
{
  MeepleFigureInfo f = meeple_game_figure(
      game, neutral_figure(game, pd_of(api)->dragon));
  return f.on_board;
}

static int
api_fairy_follower(const PdApi *api, const MeepleGame *game)
{
  const PdState *st = meeple_game_slot_const(game, pd_of(api)->slot);
  return st->fairy_follower;
}

static guint
api_turn_points(const PdApi *api, const MeepleGame *game, guint seat)
{
  const char *rule;
  g_return_val_if_fail(seat < meeple_game_n_players(game), 0);
  return fairy_turn_points(game, pd_of(api), seat, &rule);
}

/* The settings belong to the rules object, which owns the table: changing
 * them through the table's pointer is changing the plugin's own data. */
static void
api_set_turn_points(const PdApi *api, guint points)
{
  ((PrincessDragon *)(void *)api)->turn_points = points;
}

static void
api_set_fairy_guard(const PdApi *api, PdFairyGuard guard)
{
  g_return_if_fail(guard == PD_FAIRY_GUARDS_TILE ||
                   guard == PD_FAIRY_GUARDS_FIGURES);
  ((PrincessDragon *)(void *)api)->fairy_guard = guard;
}

/* ---- registration ---------------------------------------------------------- */

static gboolean
add_action(MeepleRules *rules, guint *out, const char *name,
           const char *description, MeepleActionFields fields,
           MeepleEffectKind effect, int figure, MeepleApplyFunc apply,
           PrincessDragon *pd, GError **error)
{
  int kind = meeple_rules_add_action_kind(rules, name, description, fields,
                                          MEEPLE_EFFECT_SPEC(effect, figure),
                                          apply, pd, error);
  if (kind < 0)
    return FALSE;
  *out = (guint)kind;
  return TRUE;
}

static gboolean
add_decision(MeepleRules *rules, guint *out, const char *name,
             const char *description, GError **error)
{
  int kind = meeple_rules_add_decision_kind(rules, name, description, error);
  if (kind < 0)
    return FALSE;
  *out = (guint)kind;
  return TRUE;
}


/* Typed events (meeple/events.h): what each sets, and its sentence. */
static const MeepleEventSpec spec_dragon_flight_ended = {
  MEEPLE_EVENT_FIELD_CELL | MEEPLE_EVENT_FIELD_COUNT | MEEPLE_EVENT_FIELD_RULE,
  "steps",
  "the dragon's flight ends at {cell} after {count} "
  "step{count:s}" };

static gboolean
pd_setup(MeepleRules *rules, GError **error)
{
  PrincessDragon *pd = g_new0(PrincessDragon, 1);
  meeple_rules_own(rules, pd, g_free);
  pd->turn_points = 1;
  pd->fairy_guard = PD_FAIRY_GUARDS_TILE;
  pd->api = (PdApi){
    .dragon_in_play = api_dragon_in_play,
    .fairy_follower = api_fairy_follower,
    .turn_points = api_turn_points,
    .set_turn_points = api_set_turn_points,
    .set_fairy_guard = api_set_fairy_guard,
  };
  if (!meeple_rules_provide_api(rules, PD_API_NAME, PD_API_MAJOR,
                                PD_API_MINOR, &pd->api, sizeof pd->api,
                                error) ||
      !pd_describe_api(rules, error))
    return FALSE;
  /* PD-01, PD-19: the dragon and the fairy, neutral, beside the board */
  int dragon = meeple_rules_add_neutral_figure_type(rules, "dragon", 1, error);
  if (dragon < 0)
    return FALSE;
  pd->dragon = (guint)dragon;
  int fairy = meeple_rules_add_neutral_figure_type(rules, "fairy", 1, error);
  if (fairy < 0)
    return FALSE;
  pd->fairy = (guint)fairy;
  /* how clients draw them (meeple/looks.h): glyphs that stand apart from
   * the terrain's and from the seats' digits */
  static const MeepleLook dragon_look = { 'D', "▲", MEEPLE_COLOUR_NEUTRAL,
                                          "triangle" };
  static const MeepleLook fairy_look = { 'F', "✦", MEEPLE_COLOUR_NEUTRAL,
                                         "star" };
  meeple_rules_set_figure_look(rules, pd->dragon, &dragon_look);
  meeple_rules_set_figure_look(rules, pd->fairy, &fairy_look);
  /* The symbols the tile file uses; registered here so the hooks know
   * their indices before the file is read. */
  pd->volcano = meeple_rules_symbol(rules, "volcano");
  pd->dragon_symbol = meeple_rules_symbol(rules, "dragon");
  pd->princess = meeple_rules_symbol(rules, "princess");
  pd->portal = meeple_rules_symbol(rules, "portal");
  const struct { const int *symbol; MeepleLook look; } styles[] = {
    { &pd->volcano, { '^', "⛰", MEEPLE_COLOUR_OTHER, "triangle" } },
    { &pd->dragon_symbol, { 'd', "△", MEEPLE_COLOUR_OTHER, "triangle" } },
    { &pd->princess, { 'p', "♛", MEEPLE_COLOUR_OTHER, "crown" } },
    { &pd->portal, { 'o', "◌", MEEPLE_COLOUR_OTHER, "circle" } },
  };
  for (guint i = 0; i < G_N_ELEMENTS(styles); i++)
    if (*styles[i].symbol >= 0)
      meeple_rules_set_symbol_style(rules, (guint)*styles[i].symbol,
                                    &styles[i].look);
  /* PD-16: the portal's figure action reaches every tile; rule sets that
   * place followers their own way ask for the trait */
  if (pd->portal >= 0)
    meeple_rules_add_symbol_traits(rules, (guint)pd->portal,
                                   MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE);

  const MeepleSlotClass klass = { .size = sizeof(PdState),
                                  .init = pd_state_init };
  pd->slot = meeple_rules_add_slot(rules, &klass, pd);

  const MeepleActionFields spot =
      MEEPLE_ACTION_USES_SEGMENT | MEEPLE_ACTION_USES_CELL;
  if (!add_decision(rules, &pd->princess_decision, "princess",
                    "The princess joined an occupied city: send one of its "
                    "knights home, or pass (PD-13)", error) ||
      !add_decision(rules, &pd->step_decision, "dragon-step",
                    "Move the dragon one tile (PD-09)", error) ||
      !add_action(rules, &pd->remove_action, "princess-remove",
                  "Send this knight home; you then take no figure action "
                  "this turn (PD-13, PD-14)",
                  spot, MEEPLE_EFFECT_REMOVE_FIGURE,
                  MEEPLE_EFFECT_ACTION_FIGURE, apply_princess, pd, error) ||
      !add_action(rules, &pd->step_action, "dragon-move",
                  "Move the dragon to this tile; it eats every follower "
                  "there (PD-09, PD-10)", MEEPLE_ACTION_USES_CELL,
                  MEEPLE_EFFECT_MOVE_FIGURE, (int)pd->dragon, apply_step,
                  pd, error) ||
      !add_action(rules, &pd->fairy_action, "fairy-move",
                  "Move the fairy beside your follower here (PD-20)", spot,
                  MEEPLE_EFFECT_MOVE_FIGURE, (int)pd->fairy, apply_fairy, pd,
                  error) ||
      !add_action(rules, &pd->portal_action, "portal",
                  "Put a follower through the magic portal onto this "
                  "unoccupied, unfinished feature (PD-16, PD-17)",
                  spot | MEEPLE_ACTION_USES_FIGURE, MEEPLE_EFFECT_PLACE_FIGURE,
                  MEEPLE_EFFECT_ACTION_FIGURE, apply_portal, pd, error))
    return FALSE;
  int ended = meeple_rules_add_typed_event(rules, "dragon-flight-ended", &spec_dragon_flight_ended, error);
  if (ended < 0)
    return FALSE;
  pd->flight_ended = (guint)ended;

  /* hooks, in the order of RULES §0.4 inside each point */
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_TURN_START,
                              MEEPLE_PRIORITY_DEFAULT, pd_turn_start, pd);
  meeple_rules_add_draw_hook(rules, MEEPLE_PRIORITY_DEFAULT, pd_draw, pd);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_TILE,
                              MEEPLE_PRIORITY_DEFAULT, pd_volcano, pd);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_PLACE_TILE,
                              MEEPLE_PRIORITY_DEFAULT, pd_princess, pd);
  meeple_rules_add_actions_hook(rules, MEEPLE_PRIORITY_DEFAULT,
                                pd_figure_actions, pd);
  /* every effect but tile placements: the dragon keeps figures off its
   * tile, and PD-14 vetoes whole figure decisions (never a tile) */
  meeple_rules_add_filter_hook_scoped(
      rules, MEEPLE_PRIORITY_DEFAULT,
      ~MEEPLE_EFFECT_BIT(MEEPLE_EFFECT_PLACE_TILE), pd_filter_scope,
      pd_filter, pd);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_AFTER_FIGURE,
                              MEEPLE_PRIORITY_DEFAULT, pd_dragon_flight, pd);
  meeple_rules_add_feature_hook(rules, MEEPLE_HOOK_FEATURE_SCORED,
                                MEEPLE_PRIORITY_DEFAULT, pd_fairy_bonus, pd);
  meeple_rules_add_figure_removed_hook(rules, MEEPLE_PRIORITY_DEFAULT,
                                       pd_figure_removed, pd);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_FINAL_SCORING,
                              MEEPLE_PRIORITY_BEFORE_CORE, pd_final, pd);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(
  .id = "princess-dragon",
  .name = "The Princess & the Dragon",
  .version = "1.0",
  .setup = pd_setup,
  .description = "A dragon roams the land eating followers; the fairy "
                 "protects them, the princess chases knights from cities.",
  .tiles = "princess-dragon.tiles",
);
