/* game.c — the "game" object Lua hooks get (doc/lua-rulesets.md, "The
 * game"): the queries of meeple/game.h and the changes of
 * meeple/plugin.h.  One object per lua_State, pointing at the game of the
 * running hook only, so a script that keeps it reaches nothing later.
 * Every change checks its arguments first: a script cannot hand the
 * engine a figure, cell or action it would trip over. */
#include "lhost.h"

#include <string.h>

#define GAME_META "lhost.game"

static GameBox *
box_of(lua_State *L)
{
  GameBox *box = luaL_checkudata(L, 1, GAME_META);
  if (!box->game)
    luaL_error(L, "the game object is only valid during a hook");
  return box;
}

static MeepleGame *
reading(lua_State *L)
{
  return box_of(L)->game;
}

static MeepleGame *
changing(lua_State *L)
{
  GameBox *box = box_of(L);
  if (box->readonly)
    luaL_error(L, "this hook may only read the game");
  return box->game;
}

static Host *
host_of(lua_State *L)
{
  void *ud;
  lua_getallocf(L, &ud);
  return ud;
}

static guint
check_seat(lua_State *L, MeepleGame *g, int arg)
{
  lua_Integer p = luaL_checkinteger(L, arg);
  if (p < 0 || p >= meeple_game_n_players(g))
    luaL_error(L, "no seat %d (the game has seats 0..%d)", (int)p,
               (int)meeple_game_n_players(g) - 1);
  return (guint)p;
}

static guint
check_figure_index(lua_State *L, MeepleGame *g, int arg)
{
  lua_Integer i = luaL_checkinteger(L, arg);
  if (i < 0 || i >= meeple_game_n_figures(g))
    luaL_error(L, "no figure %d (the game has %d)", (int)i,
               (int)meeple_game_n_figures(g));
  return (guint)i;
}

static guint
check_figure_type(lua_State *L, MeepleGame *g, int arg)
{
  lua_Integer t = luaL_checkinteger(L, arg);
  if (t < 0 || t >= meeple_rules_n_figure_types(meeple_game_rules(g)))
    luaL_error(L, "no figure type %d", (int)t);
  return (guint)t;
}

static const char *
check_rule(lua_State *L, int arg)
{
  return lhost_intern(host_of(L), L, luaL_checkstring(L, arg));
}

/* A placed tile at (@x, @y) and, unless @segment_arg is 0, a segment of
 * it (nil: MEEPLE_SEGMENT_NONE when @none_ok). */
static guint
check_place(lua_State *L, MeepleGame *g, int xarg, int segment_arg,
            gboolean none_ok, int *x, int *y)
{
  *x = (int)luaL_checkinteger(L, xarg);
  *y = (int)luaL_checkinteger(L, xarg + 1);
  MeeplePlacedTile t;
  if (!meeple_game_tile_at(g, *x, *y, &t))
    luaL_error(L, "no tile at %d,%d", *x, *y);
  if (!segment_arg)
    return MEEPLE_SEGMENT_NONE;
  if (none_ok && lua_isnoneornil(L, segment_arg))
    return MEEPLE_SEGMENT_NONE;
  lua_Integer s = luaL_checkinteger(L, segment_arg);
  if (s < 0 || s >= meeple_rules_tile_type(meeple_game_rules(g), t.type)
                        ->n_segments)
    luaL_error(L, "no segment %d on the tile at %d,%d", (int)s, *x, *y);
  return (guint)s;
}

/* ---- actions as tables ---------------------------------------------------- */

void
lhost_push_action(lua_State *L, const MeepleAction *a)
{
  lua_createtable(L, 0, 8);
#define F(field)                           \
  lua_pushinteger(L, a->field);            \
  lua_setfield(L, -2, #field)
  F(kind);
  F(tile);
  F(x);
  F(y);
  F(rotation);
  F(segment);
  F(figure);
  F(arg);
#undef F
}

static int
int_field(lua_State *L, int t, const char *name, lua_Integer lo,
          lua_Integer hi)
{
  lua_getfield(L, t, name);
  lua_Integer v = 0;
  if (!lua_isnil(L, -1)) {
    int ok;
    v = lua_tointegerx(L, -1, &ok);
    if (!ok || v < lo || v > hi)
      luaL_error(L, "action field '%s' must be an integer in %d..%d", name,
                 (int)lo, (int)hi);
  }
  lua_pop(L, 1);
  return (int)v;
}

void
lhost_check_action(lua_State *L, int index, MeepleAction *a)
{
  index = lua_absindex(L, index);
  luaL_checktype(L, index, LUA_TTABLE);
  memset(a, 0, sizeof *a);
  a->kind = (uint16_t)int_field(L, index, "kind", 0, 65535);
  a->tile = (uint16_t)int_field(L, index, "tile", 0, 65535);
  a->x = (int16_t)int_field(L, index, "x", -32767, 32767);
  a->y = (int16_t)int_field(L, index, "y", -32767, 32767);
  a->rotation = (uint8_t)int_field(L, index, "rotation", 0, 3);
  a->segment = (uint8_t)int_field(L, index, "segment", 0, 255);
  a->figure = (uint8_t)int_field(L, index, "figure", 0, 255);
  a->arg = (uint8_t)int_field(L, index, "arg", 0, 255);
}

/* An action a decision of this rule set may offer: "pass", or one of its
 * own kinds with only the fields the kind uses. */
static void
check_own_action(lua_State *L, Host *h, MeepleGame *g, int index,
                 MeepleAction *a)
{
  lhost_check_action(L, index, a);
  if (a->kind == MEEPLE_ACTION_PASS)
    return;
  gboolean own = FALSE;
  for (guint i = 0; i < h->own_kinds->len && !own; i++)
    own = g_array_index(h->own_kinds, guint, i) == a->kind;
  if (!own)
    luaL_error(L, "a decision may offer \"pass\" and this rule set's own "
               "action kinds only, not kind %d", a->kind);
  guint fields = meeple_rules_action_kind(meeple_game_rules(g), a->kind)
                     ->fields;
  if (!(fields & MEEPLE_ACTION_USES_FIGURE))
    a->figure = 0;
  if (!(fields & (MEEPLE_ACTION_USES_CELL | MEEPLE_ACTION_USES_SEGMENT)))
    a->x = a->y = 0;
  if (!(fields & MEEPLE_ACTION_USES_SEGMENT))
    a->segment = 0;
  if (!(fields & MEEPLE_ACTION_USES_ARG))
    a->arg = 0;
  a->tile = 0;
  a->rotation = 0;
}

/* ---- queries -------------------------------------------------------------- */

static int
g_active_player(lua_State *L)
{
  lua_pushinteger(L, meeple_game_active_player(reading(L)));
  return 1;
}

static int
g_n_players(lua_State *L)
{
  lua_pushinteger(L, meeple_game_n_players(reading(L)));
  return 1;
}

static int
g_turn(lua_State *L)
{
  lua_pushinteger(L, meeple_game_turn(reading(L)));
  return 1;
}

static int
g_phase(lua_State *L)
{
  lua_pushstring(L, meeple_phase_name(meeple_game_phase(reading(L))));
  return 1;
}

static int
g_score(lua_State *L)
{
  MeepleGame *g = reading(L);
  lua_pushinteger(L, meeple_game_score(g, check_seat(L, g, 2)));
  return 1;
}

static int
g_supply(lua_State *L)
{
  MeepleGame *g = reading(L);
  guint p = check_seat(L, g, 2);
  lua_pushinteger(L, meeple_game_supply(g, p, check_figure_type(L, g, 3)));
  return 1;
}

static int
g_tiles_left(lua_State *L)
{
  lua_pushinteger(L, meeple_game_tiles_left(reading(L)));
  return 1;
}

static int
g_n_figures(lua_State *L)
{
  lua_pushinteger(L, meeple_game_n_figures(reading(L)));
  return 1;
}

static void
push_figure(lua_State *L, MeepleGame *g, guint i)
{
  MeepleFigureInfo f = meeple_game_figure(g, i);
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, i);
  lua_setfield(L, -2, "index");
  lua_pushinteger(L, f.type);
  lua_setfield(L, -2, "type");
  lua_pushinteger(L, f.owner);
  lua_setfield(L, -2, "owner");
  lua_pushboolean(L, f.on_board);
  lua_setfield(L, -2, "on_board");
  if (f.on_board) {
    lua_pushinteger(L, f.x);
    lua_setfield(L, -2, "x");
    lua_pushinteger(L, f.y);
    lua_setfield(L, -2, "y");
    if (f.segment != MEEPLE_SEGMENT_NONE) {
      lua_pushinteger(L, f.segment);
      lua_setfield(L, -2, "segment");
    }
  }
}

static int
g_figure(lua_State *L)
{
  MeepleGame *g = reading(L);
  push_figure(L, g, check_figure_index(L, g, 2));
  return 1;
}

/* game:figures([type]): every figure (of @type), an array from 1 */
static int
g_figures(lua_State *L)
{
  MeepleGame *g = reading(L);
  int type = lua_isnoneornil(L, 2) ? -1 : (int)check_figure_type(L, g, 2);
  lua_newtable(L);
  lua_Integer n = 0;
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    if (type >= 0 && meeple_game_figure(g, i).type != (guint)type)
      continue;
    push_figure(L, g, i);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

static void
push_placed(lua_State *L, const MeeplePlacedTile *t)
{
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, t->type);
  lua_setfield(L, -2, "type");
  lua_pushinteger(L, t->x);
  lua_setfield(L, -2, "x");
  lua_pushinteger(L, t->y);
  lua_setfield(L, -2, "y");
  lua_pushinteger(L, t->rotation);
  lua_setfield(L, -2, "rotation");
}

static int
g_current_tile(lua_State *L)
{
  MeeplePlacedTile t;
  if (!meeple_game_current_tile(reading(L), &t))
    return 0;
  push_placed(L, &t);
  return 1;
}

static int
g_tile_at(lua_State *L)
{
  MeeplePlacedTile t;
  if (!meeple_game_tile_at(reading(L), (int)luaL_checkinteger(L, 2),
                           (int)luaL_checkinteger(L, 3), &t))
    return 0;
  push_placed(L, &t);
  return 1;
}

/* game:tile_type(t): { id, symbols, segments = { [0] = { kind, name,
 * symbols, pennants }, ... } } */
static int
g_tile_type(lua_State *L)
{
  MeepleGame *g = reading(L);
  const MeepleRules *rules = meeple_game_rules(g);
  lua_Integer t = luaL_checkinteger(L, 2);
  if (t < 0 || t >= meeple_rules_n_tile_types(rules))
    return luaL_error(L, "no tile type %d", (int)t);
  const MeepleTileType *type = meeple_rules_tile_type(rules, (guint)t);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, type->id);
  lua_setfield(L, -2, "id");
  lua_pushinteger(L, type->symbols);
  lua_setfield(L, -2, "symbols");
  lua_pushinteger(L, type->n_segments);
  lua_setfield(L, -2, "n_segments");
  lua_createtable(L, type->n_segments, 1);
  for (guint s = 0; s < type->n_segments; s++) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, type->segments[s].kind);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, type->segments[s].name);
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, type->segments[s].symbols);
    lua_setfield(L, -2, "symbols");
    lua_pushinteger(L, type->segments[s].pennants);
    lua_setfield(L, -2, "pennants");
    lua_rawseti(L, -2, s);
  }
  lua_setfield(L, -2, "segments");
  return 1;
}

static int
g_feature(lua_State *L)
{
  MeepleGame *g = reading(L);
  MeepleFeatureInfo f;
  if (!meeple_game_feature(g, (int)luaL_checkinteger(L, 2),
                           (int)luaL_checkinteger(L, 3),
                           (guint)luaL_checkinteger(L, 4), &f))
    return 0;
  lua_createtable(L, 0, 9);
  lua_pushinteger(L, f.id);
  lua_setfield(L, -2, "id");
  lua_pushinteger(L, f.kind);
  lua_setfield(L, -2, "kind");
  lua_pushboolean(L, f.completed);
  lua_setfield(L, -2, "completed");
  lua_pushinteger(L, f.tiles);
  lua_setfield(L, -2, "tiles");
  lua_pushinteger(L, f.pennants);
  lua_setfield(L, -2, "pennants");
  lua_pushinteger(L, f.open_edges);
  lua_setfield(L, -2, "open_edges");
  lua_createtable(L, (int)meeple_game_n_players(g), 0);
  for (guint p = 0; p < meeple_game_n_players(g); p++) {
    lua_pushinteger(L, f.followers[p]);
    lua_rawseti(L, -2, p);
  }
  lua_setfield(L, -2, "followers");
  return 1;
}

static int
g_figure_feature(lua_State *L)
{
  MeepleGame *g = reading(L);
  int f = meeple_game_figure_feature(g, check_figure_index(L, g, 2));
  if (f < 0)
    return 0;
  lua_pushinteger(L, f);
  return 1;
}

static int
g_neighbours(lua_State *L)
{
  lua_pushinteger(L, meeple_game_neighbours(reading(L),
                                            (int)luaL_checkinteger(L, 2),
                                            (int)luaL_checkinteger(L, 3)));
  return 1;
}

static int
g_n_placed(lua_State *L)
{
  lua_pushinteger(L, meeple_game_n_placed(reading(L)));
  return 1;
}

static int
g_placed(lua_State *L)
{
  MeepleGame *g = reading(L);
  lua_Integer i = luaL_checkinteger(L, 2);
  if (i < 0 || i >= meeple_game_n_placed(g))
    return 0;
  MeeplePlacedTile t = meeple_game_placed(g, (guint)i);
  push_placed(L, &t);
  return 1;
}

static int
g_has_trait(lua_State *L)
{
  static const char *const traits[] = { "follower", "neutral", "living",
                                        NULL };
  MeepleGame *g = reading(L);
  guint type = check_figure_type(L, g, 2);
  int t = luaL_checkoption(L, 3, NULL, traits);
  lua_pushboolean(L, meeple_rules_figure_has_trait(meeple_game_rules(g), type,
                                                   1u << t));
  return 1;
}

static int
g_state(lua_State *L)
{
  MeepleGame *g = reading(L);
  lhost_push_state(host_of(L), L, g);
  return 1;
}

/* game:state_text() → the state as canonical text, or nil and why
 * (serialise.c); reads only */
static int
g_state_text(lua_State *L)
{
  MeepleGame *g = reading(L);
  if (lhost_state_push_text(host_of(L), L, g))
    return 1;
  lua_pushnil(L);
  lua_insert(L, -2);
  return 2;
}

/* ---- changes ---------------------------------------------------------------- */

/* game:award(seat, points, rule [, { x=, y=, segment=, kind=, tile= }]) */
static int
g_award(lua_State *L)
{
  MeepleGame *g = changing(L);
  guint p = check_seat(L, g, 2);
  lua_Integer points = luaL_checkinteger(L, 3);
  if (points < -10000 || points > 10000)
    return luaL_error(L, "points must be -10000..10000");
  const char *rule = check_rule(L, 4);
  int x = 0, y = 0, seg = -1, kind = -1, tile = -1;
  gboolean cell = FALSE;
  if (lua_istable(L, 5)) {
    lua_getfield(L, 5, "x");
    lua_getfield(L, 5, "y");
    if (!lua_isnil(L, -2)) {
      lua_pop(L, 2);
      cell = TRUE;
      lua_getfield(L, 5, "x");
      lua_getfield(L, 5, "y");
      lua_getfield(L, 5, "segment");
      seg = check_place(L, g, lua_gettop(L) - 2,
                        lua_isnil(L, -1) ? 0 : lua_gettop(L), FALSE, &x, &y);
      lua_pop(L, 1);
      if (seg == MEEPLE_SEGMENT_NONE)
        seg = -1;
    }
    lua_pop(L, 2);
    lua_getfield(L, 5, "kind");
    kind = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : -1;
    lua_getfield(L, 5, "tile");
    tile = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : -1;
    lua_pop(L, 2);
  }
  const MeepleRules *rules = meeple_game_rules(g);
  if (kind >= (int)meeple_rules_n_kinds(rules) ||
      tile >= (int)meeple_rules_n_tile_types(rules))
    return luaL_error(L, "award: no such kind or tile type");
  MeepleEvent *e = meeple_game_award(g, p, (int)points, rule);
  if (cell) {
    e->x = (int16_t)x;
    e->y = (int16_t)y;
    if (seg >= 0)
      e->segment = (uint8_t)seg;
  }
  if (kind >= 0)
    e->kind = (uint8_t)kind;
  if (tile >= 0)
    e->tile = (uint16_t)tile;
  return 0;
}

static int
g_place_figure(lua_State *L)
{
  MeepleGame *g = changing(L);
  guint f = check_figure_index(L, g, 2);
  if (meeple_game_figure(g, f).on_board)
    return luaL_error(L, "figure %d is on the board already", (int)f);
  int x, y;
  guint s = check_place(L, g, 3, 5, FALSE, &x, &y);
  meeple_game_place_figure(g, f, x, y, s, check_rule(L, 6));
  return 0;
}

static int
g_move_figure(lua_State *L)
{
  MeepleGame *g = changing(L);
  guint f = check_figure_index(L, g, 2);
  int x, y;
  guint s = check_place(L, g, 3, 5, TRUE, &x, &y);
  meeple_game_move_figure(g, f, x, y, s, check_rule(L, 6));
  return 0;
}

static int
g_return_figure(lua_State *L)
{
  MeepleGame *g = changing(L);
  guint f = check_figure_index(L, g, 2);
  if (!meeple_game_figure(g, f).on_board)
    return luaL_error(L, "figure %d is not on the board", (int)f);
  meeple_game_return_figure(g, f, check_rule(L, 3));
  return 0;
}

static int
g_find_supply_figure(lua_State *L)
{
  MeepleGame *g = reading(L);
  int p = (int)luaL_checkinteger(L, 2);
  if (p != -1)
    p = (int)check_seat(L, g, 2);
  int f = meeple_game_find_supply_figure(g, p, check_figure_type(L, g, 3));
  if (f < 0)
    return 0;
  lua_pushinteger(L, f);
  return 1;
}

static int
g_set_aside_tile(lua_State *L)
{
  GameBox *box = box_of(L);
  MeepleGame *g = changing(L);
  lua_Integer t = luaL_checkinteger(L, 2);
  if (box->drawing < 0 || t != box->drawing)
    return luaL_error(L, "only the tile a draw hook is given may be set "
                      "aside (and the hook must return \"stop\")");
  meeple_game_set_aside_tile(g, (guint)t, check_rule(L, 3));
  return 0;
}

static int
g_return_set_aside(lua_State *L)
{
  meeple_game_return_set_aside(changing(L), check_rule(L, 2));
  return 0;
}

static int
g_discard_set_aside(lua_State *L)
{
  meeple_game_discard_set_aside(changing(L), check_rule(L, 2));
  return 0;
}

/* game:random(n): 0 .. n-1 from the game's generator */
static int
g_random(lua_State *L)
{
  MeepleGame *g = changing(L);
  lua_Integer n = luaL_checkinteger(L, 2);
  if (n < 1 || n > G_MAXUINT32)
    return luaL_error(L, "random(n) needs 1 <= n <= 2^32-1");
  lua_pushinteger(L, meeple_game_random_below(g, (guint32)n));
  return 1;
}

/* game:emit(type, { player=, kind=, x=, y=, tile=, segment=, figure=,
 * points=, arg=, rule= }): an event of one of the rule sets' types */
static int
g_emit(lua_State *L)
{
  MeepleGame *g = changing(L);
  const MeepleRules *rules = meeple_game_rules(g);
  lua_Integer type = luaL_checkinteger(L, 2);
  if (type < MEEPLE_EVENT_CORE_COUNT || type >= meeple_rules_n_event_types(rules))
    return luaL_error(L, "emit: %d is not a rule set's event type", (int)type);
  MeepleEvent ev = { .type = (uint16_t)type, .player = -1 };
  if (lua_istable(L, 3)) {
    lua_getfield(L, 3, "player");
    if (!lua_isnil(L, -1))
      ev.player = (int8_t)check_seat(L, g, lua_gettop(L));
    lua_pop(L, 1);
    ev.kind = (uint8_t)int_field(L, 3, "kind", 0,
                                 meeple_rules_n_kinds(rules) - 1);
    ev.x = (int16_t)int_field(L, 3, "x", -32767, 32767);
    ev.y = (int16_t)int_field(L, 3, "y", -32767, 32767);
    ev.tile = (uint16_t)int_field(L, 3, "tile", 0,
                                  meeple_rules_n_tile_types(rules) - 1);
    ev.segment = (uint8_t)int_field(L, 3, "segment", 0, 255);
    ev.figure = (uint8_t)int_field(L, 3, "figure", 0,
                                   meeple_rules_n_figure_types(rules) - 1);
    ev.points = int_field(L, 3, "points", -10000, 10000);
    ev.arg = int_field(L, 3, "arg", -1000000, 1000000);
    lua_getfield(L, 3, "rule");
    if (!lua_isnil(L, -1))
      ev.rule = check_rule(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  MeepleEvent *e = meeple_game_emit(g, (guint)type);
  *e = ev;
  return 0;
}

static MeepleAction *
check_action_list(lua_State *L, Host *h, MeepleGame *g, int arg, gsize *n)
{
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_Integer len = luaL_len(L, arg);
  if (len < 1 || len > 1024)
    luaL_error(L, "a decision needs 1 to 1024 actions, not %d", (int)len);
  MeepleAction *actions = lua_newuserdatauv(L, sizeof *actions * len, 0);
  for (lua_Integer i = 1; i <= len; i++) {
    lua_geti(L, arg, i);
    check_own_action(L, h, g, -1, &actions[i - 1]);
    lua_pop(L, 1);
  }
  *n = (gsize)len;
  return actions; /* kept alive by the userdata on the stack */
}

static guint
check_decision_kind(lua_State *L, MeepleGame *g, int arg)
{
  lua_Integer k = luaL_checkinteger(L, arg);
  if (k < MEEPLE_DECISION_CORE_COUNT ||
      k >= meeple_rules_n_decision_kinds(meeple_game_rules(g)))
    luaL_error(L, "%d is not a rule set's decision kind", (int)k);
  return (guint)k;
}

/* game:request_decision(kind, seat, actions) → true, or false when the
 * filters vetoed every action */
static int
g_request_decision(lua_State *L)
{
  GameBox *box = box_of(L);
  MeepleGame *g = changing(L);
  if (!box->may_request)
    return luaL_error(L, "decisions are requested from phase hooks and "
                      "apply functions only");
  guint kind = check_decision_kind(L, g, 2);
  guint seat = check_seat(L, g, 3);
  gsize n;
  MeepleAction *actions = check_action_list(L, host_of(L), g, 4, &n);
  lua_pushboolean(L, meeple_game_request_decision(g, kind, seat, actions, n));
  return 1;
}

static int
g_action_allowed(lua_State *L)
{
  MeepleGame *g = changing(L);
  guint kind = check_decision_kind(L, g, 2);
  guint seat = check_seat(L, g, 3);
  MeepleAction a;
  check_own_action(L, host_of(L), g, 4, &a);
  lua_pushboolean(L, meeple_game_action_allowed(g, kind, seat, &a));
  return 1;
}

static const luaL_Reg game_methods[] = {
  { "active_player", g_active_player },
  { "n_players", g_n_players },
  { "turn", g_turn },
  { "phase", g_phase },
  { "score", g_score },
  { "supply", g_supply },
  { "tiles_left", g_tiles_left },
  { "n_figures", g_n_figures },
  { "figure", g_figure },
  { "figures", g_figures },
  { "current_tile", g_current_tile },
  { "tile_at", g_tile_at },
  { "tile_type", g_tile_type },
  { "feature", g_feature },
  { "figure_feature", g_figure_feature },
  { "neighbours", g_neighbours },
  { "n_placed", g_n_placed },
  { "placed", g_placed },
  { "has_trait", g_has_trait },
  { "state", g_state },
  { "state_text", g_state_text },
  { "award", g_award },
  { "place_figure", g_place_figure },
  { "move_figure", g_move_figure },
  { "return_figure", g_return_figure },
  { "find_supply_figure", g_find_supply_figure },
  { "set_aside_tile", g_set_aside_tile },
  { "return_set_aside", g_return_set_aside },
  { "discard_set_aside", g_discard_set_aside },
  { "random", g_random },
  { "emit", g_emit },
  { "request_decision", g_request_decision },
  { "action_allowed", g_action_allowed },
  { NULL, NULL },
};

void
lhost_game_open(lua_State *L)
{
  GameBox *box = lua_newuserdatauv(L, sizeof *box, 0);
  memset(box, 0, sizeof *box);
  box->drawing = -1;
  luaL_newmetatable(L, GAME_META);
  luaL_newlib(L, game_methods);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, "lhost.gamebox");
}

GameBox *
lhost_game_enter(Host *h, MeepleGame *game, gboolean readonly,
                 MeepleGame **saved)
{
  lua_State *L = h->L;
  lua_getfield(L, LUA_REGISTRYINDEX, "lhost.gamebox");
  GameBox *box = lua_touserdata(L, -1);
  *saved = box->game;
  box->game = game;
  box->readonly = readonly;
  box->may_request = FALSE;
  box->drawing = -1;
  return box;
}

void
lhost_game_leave(GameBox *box, MeepleGame *saved)
{
  /* nested hooks run only inside hooks that may change the game */
  box->game = saved;
  box->readonly = FALSE;
  box->may_request = saved != NULL;
  box->drawing = -1;
}
