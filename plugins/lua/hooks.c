/* hooks.c — Lua functions at the engine's hook points, action kinds'
 * apply functions, tile checks, and each game's state table (the slot).
 *
 * Every entry from the engine takes the host's lock (bots run clones on
 * several threads), runs the function under the budget and, when it
 * fails, fails the game (meeple_game_fail()): the engine then refuses the
 * action and restores the game as it was. */
#include "lhost.h"

#include <string.h>

typedef struct {
  int ref;       /* registry ref of the game's state table; LUA_NOREF when
                    it could not be copied */
  char *broken;  /* why, then */
} Slot;

HookRef *
lhost_hook_ref(Host *h, lua_State *L, int fn_index, const char *what)
{
  HookRef *r = g_new0(HookRef, 1);
  r->host = h;
  r->what = g_intern_string(what);
  lua_Debug ar;
  lua_pushvalue(L, fn_index);
  lua_getinfo(L, ">S", &ar);
  r->where = g_strdup_printf("%s:%d", ar.short_src, ar.linedefined);
  lua_pushvalue(L, fn_index);
  r->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  g_ptr_array_add(h->hooks, r);
  return r;
}

/* Pushes @r's function and the game object; FALSE (nothing pushed) when
 * the game already failed or its state is broken. */
static gboolean
enter(HookRef *r, MeepleGame *game, gboolean readonly, GameBox **box,
      MeepleGame **saved)
{
  Host *h = r->host;
  if (game && meeple_game_failed(game))
    return FALSE; /* the action is refused anyway: do no more work */
  if (game) {
    const Slot *slot = meeple_game_slot_const(game, h->slot);
    if (slot->broken && !readonly) {
      GError *e = g_error_new(MEEPLE_ERROR, MEEPLE_ERROR_HOOK, "%s: %s",
                              r->where, slot->broken);
      meeple_game_fail(game, e);
      g_error_free(e);
      return FALSE;
    }
  }
  lua_rawgeti(h->L, LUA_REGISTRYINDEX, r->ref);
  *box = lhost_game_enter(h, game, readonly, saved);
  return TRUE;
}

gboolean
lhost_run(HookRef *r, MeepleGame *game, int nargs, int nresults)
{
  Host *h = r->host;
  GError *error = NULL;
  if (lhost_call(h, nargs + 1, nresults, r->where, &error))
    return TRUE;
  if (game)
    meeple_game_fail(game, error);
  else
    g_warning("%s", error->message);
  g_error_free(error);
  return FALSE;
}

/* ---- the trampolines, one per hook signature ---------------------------- */

static MeepleHookResult
stop_or_continue(lua_State *L)
{
  const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  MeepleHookResult result = strcmp(s, "stop") == 0 ? MEEPLE_HOOK_STOP
                                                   : MEEPLE_HOOK_CONTINUE;
  lua_pop(L, 1);
  return result;
}

static MeepleHookResult
phase_hook(MeepleGame *game, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  MeepleHookResult result = MEEPLE_HOOK_CONTINUE;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, FALSE, &box, &saved)) {
    box->may_request = TRUE;
    if (lhost_run(r, game, 0, 1))
      result = stop_or_continue(h->L);
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
  return result;
}

static MeepleHookResult
draw_hook(MeepleGame *game, guint tile, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  MeepleHookResult result = MEEPLE_HOOK_CONTINUE;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, FALSE, &box, &saved)) {
    box->drawing = (int)tile;
    lua_pushinteger(h->L, tile);
    if (lhost_run(r, game, 1, 1))
      result = stop_or_continue(h->L);
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
  return result;
}

/* The list object of FIGURE_ACTIONS hooks: list:add(action). */
typedef struct {
  MeepleActionList *list;
  MeepleGame *game;
} ListBox;

static int
list_add(lua_State *L)
{
  ListBox *lb = luaL_checkudata(L, 1, "lhost.list");
  if (!lb->list)
    return luaL_error(L, "the action list is only valid during its hook");
  MeepleAction a;
  lhost_check_action(L, 2, &a);
  /* only the figure decision's own kind of action may be offered here:
   * the core's placement of a figure the player has, on the tile placed
   * this turn, or an action kind of this rule set */
  if (a.kind == MEEPLE_ACTION_PLACE_TILE)
    return luaL_error(L, "a figure decision cannot place a tile");
  if (a.kind == MEEPLE_ACTION_PLACE_FIGURE) {
    MeeplePlacedTile t;
    const MeepleRules *rules = meeple_game_rules(lb->game);
    if (!meeple_game_tile_at(lb->game, a.x, a.y, &t) ||
        a.segment >= meeple_rules_tile_type(rules, t.type)->n_segments ||
        a.figure >= meeple_rules_n_figure_types(rules) ||
        meeple_game_find_supply_figure(
            lb->game, (int)meeple_game_active_player(lb->game), a.figure) < 0)
      return luaL_error(L, "place-figure action names no tile, segment or "
                        "figure the active player has");
  }
  meeple_action_list_add(lb->list, &a);
  return 0;
}

/* The one list object of a state, made on first use: a hook gets it
 * pointing at its list, and it points nowhere afterwards. */
static ListBox *
push_list_box(lua_State *L)
{
  if (lua_getfield(L, LUA_REGISTRYINDEX, "lhost.listbox") != LUA_TNIL)
    return lua_touserdata(L, -1);
  lua_pop(L, 1);
  ListBox *lb = lua_newuserdatauv(L, sizeof *lb, 0);
  lb->list = NULL;
  lb->game = NULL;
  luaL_newmetatable(L, "lhost.list");
  lua_newtable(L);
  lua_pushcfunction(L, list_add);
  lua_setfield(L, -2, "add");
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, "lhost.listbox");
  return lb;
}

static void
actions_hook(MeepleGame *game, MeepleActionList *list, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, FALSE, &box, &saved)) {
    ListBox *lb = push_list_box(h->L);
    lb->list = list;
    lb->game = game;
    lhost_run(r, game, 1, 0);
    lb->list = NULL; /* a script that kept it reaches nothing */
    lb->game = NULL;
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
}

static gboolean
filter_hook(MeepleGame *game, const MeepleAction *action,
            const MeepleFilterContext *ctx, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  gboolean allowed = TRUE;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, TRUE, &box, &saved)) {
    lua_State *L = h->L;
    lhost_push_action(L, action);
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, ctx->decision);
    lua_setfield(L, -2, "decision");
    lua_pushinteger(L, ctx->player);
    lua_setfield(L, -2, "player");
    const MeepleActionEffect *e = &ctx->effect;
    /* the names rules:add_action_kind takes, MeepleEffect's order */
    lua_pushstring(L, (guint)e->what < G_N_ELEMENTS(lhost_effect_names) - 1
                          ? lhost_effect_names[e->what] : "none");
    lua_setfield(L, -2, "effect");
    lua_pushinteger(L, e->figure);
    lua_setfield(L, -2, "figure");
    if (e->has_cell) {
      lua_pushinteger(L, e->x);
      lua_setfield(L, -2, "x");
      lua_pushinteger(L, e->y);
      lua_setfield(L, -2, "y");
    }
    if (e->segment != MEEPLE_SEGMENT_NONE) {
      lua_pushinteger(L, e->segment);
      lua_setfield(L, -2, "segment");
    }
    if (lhost_run(r, game, 2, 1)) {
      /* only an explicit false vetoes */
      allowed = !(lua_isboolean(L, -1) && !lua_toboolean(L, -1));
      lua_pop(L, 1);
    }
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
  return allowed;
}

static int
get_int_field(lua_State *L, int t, const char *name, int fallback)
{
  lua_getfield(L, t, name);
  int v = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : fallback;
  lua_pop(L, 1);
  return v;
}

static MeepleHookResult
feature_hook(MeepleGame *game, MeepleFeatureScore *score, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  MeepleHookResult result = MEEPLE_HOOK_CONTINUE;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, FALSE, &box, &saved)) {
    lua_State *L = h->L;
    lua_createtable(L, 0, 12);
    int t = lua_gettop(L);
#define SET_INT(field)                        \
    lua_pushinteger(L, (lua_Integer)score->field); \
    lua_setfield(L, t, #field)
    SET_INT(feature);
    SET_INT(kind);
    SET_INT(x);
    SET_INT(y);
    SET_INT(segment);
    SET_INT(tiles);
    SET_INT(winners);
    SET_INT(value);
#undef SET_INT
    lua_pushboolean(L, score->final);
    lua_setfield(L, t, "final");
    lua_pushstring(L, score->rule ? score->rule : "");
    lua_setfield(L, t, "rule");
    lua_createtable(L, (int)meeple_game_n_players(game), 0);
    for (guint p = 0; p < meeple_game_n_players(game); p++) {
      lua_pushinteger(L, score->followers[p]);
      lua_rawseti(L, -2, p); /* seats from 0, as everywhere */
    }
    lua_setfield(L, t, "followers");
    lua_pushvalue(L, t);
    int keep = luaL_ref(L, LUA_REGISTRYINDEX);
    if (lhost_run(r, game, 1, 1)) {
      result = stop_or_continue(L);
      /* what a hook may change: value, winners, rule */
      lua_rawgeti(L, LUA_REGISTRYINDEX, keep);
      int v = get_int_field(L, -1, "value", score->value);
      int w = get_int_field(L, -1, "winners", (int)score->winners);
      lua_getfield(L, -1, "rule");
      const char *rule = lua_tostring(L, -1);
      if (rule && (!score->rule || strcmp(rule, score->rule) != 0))
        score->rule = lhost_intern(h, L, rule);
      lua_pop(L, 2);
      score->value = v;
      score->winners = (guint32)w & ((1u << meeple_game_n_players(game)) - 1);
    }
    luaL_unref(L, LUA_REGISTRYINDEX, keep);
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
  return result;
}

static void
figure_hook(MeepleGame *game, guint figure, const char *rule, gboolean scored,
            gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, FALSE, &box, &saved)) {
    lua_pushinteger(h->L, figure);
    lua_pushstring(h->L, rule ? rule : "");
    lua_pushboolean(h->L, scored);
    lhost_run(r, game, 3, 0);
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
}

static int
notes_add(lua_State *L)
{
  MeepleNotes **np = luaL_checkudata(L, 1, "lhost.notes");
  if (!*np)
    return luaL_error(L, "the notes are only valid during their hook");
  meeple_notes_add(*np, luaL_checkstring(L, 2), "%s", luaL_checkstring(L, 3));
  return 0;
}

static void
notes_hook(const MeepleGame *game, MeepleNotes *notes, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  lua_State *L = h->L;
  /* a notes hook only reads: its failure fails no game, it is logged */
  lua_rawgeti(L, LUA_REGISTRYINDEX, r->ref);
  GameBox *box = lhost_game_enter(h, (MeepleGame *)game, TRUE, &saved);
  MeepleNotes **np = lua_newuserdatauv(L, sizeof *np, 0);
  *np = notes;
  if (luaL_newmetatable(L, "lhost.notes")) {
    lua_newtable(L);
    lua_pushcfunction(L, notes_add);
    lua_setfield(L, -2, "add");
    lua_setfield(L, -2, "__index");
  }
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  int keep = luaL_ref(L, LUA_REGISTRYINDEX);
  lhost_run(r, NULL, 1, 0);
  lua_rawgeti(L, LUA_REGISTRYINDEX, keep);
  *(MeepleNotes **)lua_touserdata(L, -1) = NULL;
  lua_pop(L, 1);
  luaL_unref(L, LUA_REGISTRYINDEX, keep);
  lhost_game_leave(box, saved);
  g_rec_mutex_unlock(&lhost_lock);
}

/* Reads what a filter's scope function returned (the top 3 values):
 * nothing or "all", "none", or "cell", x, y.  Anything else fails the
 * game, naming the function's file:line, and leaves @scope at ALL. */
static void
read_scope(lua_State *L, HookRef *r, MeepleGame *game,
           MeepleFilterScope *scope)
{
  const char *kind = lua_isnil(L, -3)                   ? "all"
                     : lua_type(L, -3) == LUA_TSTRING ? lua_tostring(L, -3)
                                                      : NULL;
  if (kind && strcmp(kind, "all") == 0) {
    scope->kind = MEEPLE_FILTER_SCOPE_ALL;
  } else if (kind && strcmp(kind, "none") == 0) {
    scope->kind = MEEPLE_FILTER_SCOPE_NONE;
  } else if (kind && strcmp(kind, "cell") == 0 && lua_isinteger(L, -2) &&
             lua_isinteger(L, -1)) {
    lua_Integer x = lua_tointeger(L, -2), y = lua_tointeger(L, -1);
    /* a cell no tile can be on is out of every action's reach */
    if (x < G_MININT16 || x > G_MAXINT16 || y < G_MININT16 || y > G_MAXINT16)
      scope->kind = MEEPLE_FILTER_SCOPE_NONE;
    else
      *scope = (MeepleFilterScope){ MEEPLE_FILTER_SCOPE_CELL, (int)x, (int)y };
  } else {
    GError *e = g_error_new(
        MEEPLE_ERROR, MEEPLE_ERROR_HOOK,
        "%s: the filter's scope returned %s; it returns \"all\", \"none\" "
        "or \"cell\", x, y",
        r->where, kind ? kind : luaL_typename(L, -3));
    meeple_game_fail(game, e);
    g_error_free(e);
  }
}

/* A Lua filter's scope function: scope(game, decision, player), once per
 * list, read-only like the filter itself. */
static void
filter_scope_hook(MeepleGame *game, guint decision, guint player,
                  MeepleFilterScope *scope, gpointer data)
{
  HookRef *r = ((HookRef *)data)->scope;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, TRUE, &box, &saved)) {
    lua_State *L = r->host->L;
    lua_pushinteger(L, decision);
    lua_pushinteger(L, player);
    if (lhost_run(r, game, 2, 3)) {
      read_scope(L, r, game, scope);
      lua_pop(L, 3);
    }
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
}

gboolean
lhost_add_hook(Host *h, lua_State *L, MeepleHookPoint point, int fn_index,
               int priority, guint32 effects, int scope_index)
{
  static const char *const names[MEEPLE_HOOK_COUNT] = {
    "turn_start", "draw", "place_tile", "place_ghosts", "figure_actions",
    "filter", "after_figure", "feature_value", "feature_scored", "score",
    "figure_removed", "turn_end", "final_scoring", "feature_done", "notes" };
  char *what = g_strdup_printf("%s hook", names[point]);
  HookRef *r = lhost_hook_ref(h, L, fn_index, what);
  g_free(what); /* (interned by lhost_hook_ref; no g_autofree here: a Lua
                 * error would longjmp past it) */
  r->point = point;
  MeepleHookFunc f;
  switch (point) {
  case MEEPLE_HOOK_DRAW: f = (MeepleHookFunc)draw_hook; break;
  case MEEPLE_HOOK_FIGURE_ACTIONS: f = (MeepleHookFunc)actions_hook; break;
  case MEEPLE_HOOK_FILTER: f = (MeepleHookFunc)filter_hook; break;
  case MEEPLE_HOOK_FEATURE_VALUE:
  case MEEPLE_HOOK_FEATURE_SCORED:
  case MEEPLE_HOOK_FEATURE_DONE: f = (MeepleHookFunc)feature_hook; break;
  case MEEPLE_HOOK_FIGURE_REMOVED: f = (MeepleHookFunc)figure_hook; break;
  case MEEPLE_HOOK_NOTES: f = (MeepleHookFunc)notes_hook; break;
  default: f = (MeepleHookFunc)phase_hook; break;
  }
  if (point == MEEPLE_HOOK_FILTER && scope_index) {
    r->scope = lhost_hook_ref(h, L, scope_index, "filter scope");
    meeple_rules_add_filter_hook_scoped(h->rules, priority, effects,
                                        filter_scope_hook, filter_hook, r);
  } else if (point == MEEPLE_HOOK_FILTER) {
    meeple_rules_add_filter_hook_for(h->rules, priority, effects,
                                     filter_hook, r);
  } else {
    meeple_rules_add_hook(h->rules, point, priority, f, r);
  }
  return TRUE;
}

/* An action kind's apply function: fn(game, action). */
void lhost_apply(MeepleGame *game, const MeepleAction *action, gpointer data);
void
lhost_apply(MeepleGame *game, const MeepleAction *action, gpointer data)
{
  HookRef *r = data;
  Host *h = r->host;
  GameBox *box;
  MeepleGame *saved;
  g_rec_mutex_lock(&lhost_lock);
  if (enter(r, game, FALSE, &box, &saved)) {
    box->may_request = TRUE;
    lhost_push_action(h->L, action);
    lhost_run(r, game, 1, 0);
    lhost_game_leave(box, saved);
  }
  g_rec_mutex_unlock(&lhost_lock);
}

/* ---- tile checks --------------------------------------------------------- */

static gboolean
tile_check(const MeepleRules *rules, const MeepleTileType *type,
           GError **error, gpointer data)
{
  (void)rules;
  HookRef *r = data;
  Host *h = r->host;
  g_rec_mutex_lock(&lhost_lock);
  lua_State *L = h->L;
  lua_rawgeti(L, LUA_REGISTRYINDEX, r->ref);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, type->id);
  lua_setfield(L, -2, "id");
  lua_createtable(L, type->n_segments, 0);
  for (guint s = 0; s < type->n_segments; s++) {
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, type->segments[s].kind);
    lua_setfield(L, -2, "kind");
    lua_pushinteger(L, type->segments[s].symbols);
    lua_setfield(L, -2, "symbols");
    lua_pushstring(L, type->segments[s].name);
    lua_setfield(L, -2, "name");
    lua_rawseti(L, -2, s);
  }
  lua_setfield(L, -2, "segments");
  lua_pushinteger(L, type->symbols);
  lua_setfield(L, -2, "symbols");
  gboolean ok = lhost_call(h, 1, 2, r->where, error);
  if (ok) {
    if (lua_isboolean(L, -2) && !lua_toboolean(L, -2)) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK, "%s",
                  lua_isstring(L, -1) ? lua_tostring(L, -1)
                                      : "refused by the rule set");
      ok = FALSE;
    }
    lua_pop(L, 2);
  }
  g_rec_mutex_unlock(&lhost_lock);
  return ok;
}

void lhost_add_tile_check(Host *h, lua_State *L, int fn_index);
void
lhost_add_tile_check(Host *h, lua_State *L, int fn_index)
{
  HookRef *r = lhost_hook_ref(h, L, fn_index, "tile check");
  meeple_rules_add_tile_check(h->rules, tile_check, r);
}

/* ---- the per-game state --------------------------------------------------- */

/* Deep copy of the value at @src into a new value on top; @seen maps
 * copied tables to their copies (shared parts and cycles stay so). */
static void
deep_copy(lua_State *L, int src, int seen)
{
  src = lua_absindex(L, src);
  switch (lua_type(L, src)) {
  case LUA_TNIL:
  case LUA_TBOOLEAN:
  case LUA_TNUMBER:
  case LUA_TSTRING:
    lua_pushvalue(L, src);
    return;
  case LUA_TTABLE:
    /* a read-only table of the script (upvalues.c) is the same in every
     * game: shared, not copied */
    if (lhost_readonly_original(L, src)) {
      lua_pop(L, 1);
      lua_pushvalue(L, src);
      return;
    }
    break;
  default:
    luaL_error(L, "the game's state holds a %s; only nil, booleans, "
               "numbers, strings and tables are game state",
               luaL_typename(L, src));
    return;
  }
  lua_pushvalue(L, src);
  if (lua_rawget(L, seen) != LUA_TNIL)
    return;
  lua_pop(L, 1);
  luaL_checkstack(L, 8, "game state nested too deeply");
  lua_newtable(L);
  int dst = lua_gettop(L);
  lua_pushvalue(L, src);
  lua_pushvalue(L, dst);
  lua_rawset(L, seen);
  lua_pushnil(L);
  while (lua_next(L, src)) {
    deep_copy(L, -2, seen);
    deep_copy(L, -2, seen);
    lua_rawset(L, dst);
    lua_pop(L, 1);
  }
}

static int
copy_state(lua_State *L)
{
  lua_newtable(L);
  deep_copy(L, 1, 2);
  return 1;
}

static void
slot_init(MeepleGame *game, gpointer state, gpointer data)
{
  Host *h = data;
  Slot *slot = state;
  g_rec_mutex_lock(&lhost_lock);
  lua_State *L = h->L;
  slot->ref = LUA_NOREF;
  if (h->state_init != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->state_init);
    MeepleGame *saved;
    GameBox *box = lhost_game_enter(h, game, FALSE, &saved);
    /* state(game) → table; slot not yet readable: game:state() fails */
    GError *error = NULL;
    if (lhost_call(h, 1, 1, h->state_where, &error)) {
      if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
      }
      slot->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    } else {
      slot->broken = g_strdup(error->message);
      meeple_game_fail(game, error);
      g_error_free(error);
    }
    lhost_game_leave(box, saved);
  } else {
    lua_newtable(L);
    slot->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  g_rec_mutex_unlock(&lhost_lock);
}

static void
slot_copy(gpointer dst, gconstpointer src, gpointer data)
{
  Host *h = data;
  Slot *d = dst;
  const Slot *s = src;
  d->broken = g_strdup(s->broken);
  d->ref = LUA_NOREF;
  if (s->ref == LUA_NOREF)
    return;
  g_rec_mutex_lock(&lhost_lock);
  lua_State *L = h->L;
  lua_pushcfunction(L, copy_state);
  lua_rawgeti(L, LUA_REGISTRYINDEX, s->ref);
  GError *error = NULL;
  if (lhost_call(h, 1, 1, "copying a game's state", &error)) {
    d->ref = luaL_ref(L, LUA_REGISTRYINDEX);
  } else {
    /* a clone cannot fail: its next hook will */
    g_free(d->broken);
    d->broken = g_strdup(error->message);
    g_error_free(error);
  }
  g_rec_mutex_unlock(&lhost_lock);
}

static void
slot_clear(gpointer state, gpointer data)
{
  Host *h = data;
  Slot *slot = state;
  g_rec_mutex_lock(&lhost_lock);
  if (h->L)
    luaL_unref(h->L, LUA_REGISTRYINDEX, slot->ref);
  g_rec_mutex_unlock(&lhost_lock);
  g_free(slot->broken);
}

void
lhost_setup_slot(Host *h)
{
  static const MeepleSlotClass klass = {
    .size = sizeof(Slot),
    .init = slot_init,
    .copy = slot_copy,
    .clear = slot_clear,
  };
  h->slot = meeple_rules_add_slot(h->rules, &klass, h);
}

void
lhost_push_state(Host *h, lua_State *L, MeepleGame *game)
{
  const Slot *slot = meeple_game_slot_const(game, h->slot);
  if (slot->ref == LUA_NOREF)
    luaL_error(L, "the game's state is not available here (%s)",
               slot->broken ? slot->broken : "state() is still running");
  lua_rawgeti(L, LUA_REGISTRYINDEX, slot->ref);
}

int
lhost_state_ref(Host *h, const MeepleGame *game, const char **broken)
{
  const Slot *slot = meeple_game_slot_const(game, h->slot);
  if (broken)
    *broken = slot->broken;
  return slot->ref;
}
