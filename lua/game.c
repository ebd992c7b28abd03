/* game.c — the Game userdata: one MeepleRemoteGame (the mirror of one
 * game), its seats, its decision protocol, its event log, and the Lua
 * handlers its signals call.
 *
 * A Game keeps its Client alive (user value 1) and its handlers in a
 * table only it references (user value 2), so a handler that refers to
 * its game makes no cycle through the registry: the garbage collector
 * still frees both.  The library's callbacks find the userdata through a
 * table with weak values keyed by the LGame's address. */
#include "config.h"

#include <string.h>

#include "lmeeple.h"

#define GAMES_KEY "meeple.games"

static LGame *
check_game(lua_State *L, int index)
{
  LGame *g = luaL_checkudata(L, index, LMEEPLE_GAME_MT);
  if (!g->game)
    luaL_argerror(L, index, "the game is closed");
  return g;
}

void
lmeeple_game_close(LGame *g)
{
  if (!g->game)
    return;
  meeple_remote_game_free(g->game);
  g->game = NULL;
  if (g->owner && g->owner->games)
    g_ptr_array_remove_fast(g->owner->games, g);
  g->owner = NULL;
  g_clear_pointer(&g->gone, g_free);
}

static int
l_close(lua_State *L)
{
  LGame *g = luaL_checkudata(L, 1, LMEEPLE_GAME_MT);
  if (g->in_handler)
    return luaL_error(L, "a game cannot be closed from its own handler");
  lmeeple_game_close(g);
  return 0;
}

static int
l_tostring(lua_State *L)
{
  LGame *g = luaL_checkudata(L, 1, LMEEPLE_GAME_MT);
  if (g->game)
    lua_pushfstring(L, "meeple.Game %s", meeple_remote_game_id(g->game));
  else
    lua_pushliteral(L, "meeple.Game (closed)");
  return 1;
}

/* ---- handlers ------------------------------------------------------------ */

/* Pushes @g's userdata on the thread handlers run on, so that the
 * collector cannot finalize (and free the mirror of) a game while the
 * library is inside one of its callbacks; NULL (nothing pushed) when
 * the userdata is gone or no call of the module runs. */
static lua_State *
anchor(LGame *g)
{
  lua_State *L = lmeeple_current();
  if (!L)
    return NULL;
  lua_getfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  int type = lua_rawgetp(L, -1, g);
  lua_remove(L, -2);
  if (type != LUA_TUSERDATA) {
    lua_pop(L, 1);
    return NULL;
  }
  return L;
}

/* With the game's userdata on top: pushes its handler @name and returns
 * TRUE, or pushes nothing and returns FALSE when it has none. */
static gboolean
push_handler(lua_State *L, const char *name)
{
  lua_getiuservalue(L, -1, 2);
  if (lua_getfield(L, -1, name) != LUA_TFUNCTION) {
    lua_pop(L, 2);
    return FALSE;
  }
  lua_remove(L, -2);
  return TRUE;
}

/* Stack: [game, fn, value]: calls fn(value, game), keeping its error. */
static void
call_handler(lua_State *L, LGame *g)
{
  lua_pushvalue(L, -3);
  g->in_handler++;
  if (lua_pcall(L, 2, 0, 0) != LUA_OK)
    lmeeple_keep_error(L);
  g->in_handler--;
}

static void
on_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  LGame *g = data;
  (void)game;
  lua_State *L = anchor(g);
  if (!L)
    return;
  for (guint i = 0; i < events->len && push_handler(L, "event"); i++) {
    lmeeple_push_event(L, g_ptr_array_index(events, i));
    call_handler(L, g);
  }
  lua_pop(L, 1);
}

static void
on_decision(MeepleRemoteGame *game, guint64 id, guint seat, const char *kind,
            gpointer data)
{
  LGame *g = data;
  (void)game;
  lua_State *L = anchor(g);
  if (!L)
    return;
  if (push_handler(L, "decision")) {
    /* Only the header: the list is fetched when asked for. */
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, (lua_Integer)id);
    lua_setfield(L, -2, "id");
    lua_pushinteger(L, LMEEPLE_SEAT(seat));
    lua_setfield(L, -2, "seat");
    lua_pushstring(L, kind);
    lua_setfield(L, -2, "kind");
    call_handler(L, g);
  }
  lua_pop(L, 1);
}

static void
on_changed(MeepleRemoteGame *game, gpointer data)
{
  LGame *g = data;
  (void)game;
  lua_State *L = anchor(g);
  if (!L)
    return;
  if (push_handler(L, "changed")) {
    lua_pushnil(L);
    call_handler(L, g);
  }
  lua_pop(L, 1);
}

static void
on_gone(MeepleRemoteGame *game, const char *why, gpointer data)
{
  LGame *g = data;
  (void)game;
  lua_State *L = anchor(g);
  if (!L)
    return;
  if (!g->gone)
    g->gone = g_strdup(why);
  if (push_handler(L, "gone")) {
    lua_pushstring(L, why);
    call_handler(L, g);
  }
  lua_pop(L, 1);
}

static const MeepleRemoteGameCallbacks callbacks = {
  .events = on_events,
  .decision = on_decision,
  .changed = on_changed,
  .gone = on_gone,
};

static const char *const handler_names[] = { "event", "decision", "changed",
                                             "gone", NULL };

/* game:on(name, fn): sets (fn nil: clears) the handler of "event",
 * "decision", "changed" or "gone"; returns the one it replaces. */
static int
l_on(lua_State *L)
{
  check_game(L, 1);
  int which = luaL_checkoption(L, 2, NULL, handler_names);
  if (!lua_isnoneornil(L, 3))
    luaL_checktype(L, 3, LUA_TFUNCTION);
  lua_settop(L, 3);
  lua_getiuservalue(L, 1, 2);
  lua_getfield(L, -1, handler_names[which]);
  lua_pushvalue(L, 3);
  lua_setfield(L, -3, handler_names[which]);
  return 1;
}

LGame *
lmeeple_push_game(lua_State *L, int owner, MeepleRemoteGame *game)
{
  owner = lua_absindex(L, owner);
  LClient *c = lmeeple_check_client(L, owner);
  LGame *g = lua_newuserdatauv(L, sizeof *g, 2);
  memset(g, 0, sizeof *g);
  g->game = game;
  g->owner = c;
  g_ptr_array_add(c->games, g);
  luaL_setmetatable(L, LMEEPLE_GAME_MT);
  lua_pushvalue(L, owner);
  lua_setiuservalue(L, -2, 1);
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);
  lua_getfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  lua_pushvalue(L, -2);
  lua_rawsetp(L, -2, g);
  lua_pop(L, 1);
  meeple_remote_game_set_callbacks(game, &callbacks, g);
  return g;
}

/* ---- seats ----------------------------------------------------------------- */

/* The daemon's number (from 0) of the seat at @arg (from 1). */
static guint
check_seat(lua_State *L, int arg)
{
  lua_Integer seat = luaL_checkinteger(L, arg);
  luaL_argcheck(L, seat >= 1 && seat <= MEEPLE_MAX_PLAYERS, arg,
                "seat out of range (seats count from 1)");
  return (guint)(seat - 1);
}

static const char *
store_of(LGame *g)
{
  return meeple_client_store_key(meeple_remote_game_client(g->game));
}

/* game:join([{name=, seat=, kind=, save=true, holder="player"}])
 * -> seat, token.  The token is saved where meeple keeps them unless
 * save is false. */
static int
l_join(lua_State *L)
{
  LGame *g = check_game(L, 1);
  const char *name = NULL, *kind = NULL, *holder = MEEPLE_CLIENT_HOLDER_PLAYER;
  int seat = -1;
  gboolean save = TRUE;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "name");
    lua_getfield(L, 2, "kind");
    lua_getfield(L, 2, "seat");
    lua_getfield(L, 2, "save");
    lua_getfield(L, 2, "holder");
    name = lua_isnil(L, 3) ? NULL : lua_tostring(L, 3);
    luaL_argcheck(L, lua_isnil(L, 3) || name, 2, "name: string expected");
    kind = lua_isnil(L, 4) ? NULL : lua_tostring(L, 4);
    luaL_argcheck(L, lua_isnil(L, 4) || kind, 2, "kind: string expected");
    if (!lua_isnil(L, 5)) {
      luaL_argcheck(L, lua_isinteger(L, 5), 2, "seat: integer expected");
      lua_Integer s = lua_tointeger(L, 5);
      luaL_argcheck(L, s >= 1 && s <= MEEPLE_MAX_PLAYERS, 2,
                    "seat: out of range (seats count from 1)");
      seat = (int)s - 1;
    }
    save = lua_isnil(L, 6) || lua_toboolean(L, 6);
    if (!lua_isnil(L, 7)) {
      holder = luaL_checkoption(L, 7, NULL,
                                (const char *const[]){ "player", "bot",
                                                       NULL }) == 0
                 ? MEEPLE_CLIENT_HOLDER_PLAYER : MEEPLE_CLIENT_HOLDER_BOT;
    }
  }
  GError *error = NULL;
  guint taken = 0;
  char *token = NULL;
  if (!meeple_remote_game_join(g->game, name ? name : g_get_user_name(),
                               seat, kind, &taken, &token, &error))
    lmeeple_raise(L, error);
  if (save &&
      !meeple_client_tokens_save(store_of(g), meeple_remote_game_id(g->game),
                                 taken, token, holder, &error)) {
    /* The seat is taken either way; a script learns of the file. */
    g_warning("the seat's token is not saved: %s", error->message);
    g_clear_error(&error);
  }
  lua_pushinteger(L, LMEEPLE_SEAT(taken));
  lua_pushstring(L, token);
  g_free(token);
  return 2;
}

/* game:reclaim(token) -> seat; game:reclaim([{holder=, seat=}]) -> the
 * list of seats taken back with the tokens saved for this game (those
 * the daemon refuses are skipped). */
static int
l_reclaim(lua_State *L)
{
  LGame *g = check_game(L, 1);
  GError *error = NULL;
  guint seat = 0;
  if (lua_type(L, 2) == LUA_TSTRING) {
    if (!meeple_remote_game_reclaim(g->game, lua_tostring(L, 2), &seat,
                                    &error))
      lmeeple_raise(L, error);
    lua_pushinteger(L, LMEEPLE_SEAT(seat));
    return 1;
  }
  const char *holder = MEEPLE_CLIENT_HOLDER_PLAYER;
  int only = -1;
  if (!lua_isnoneornil(L, 2)) {
    luaL_argexpected(L, lua_istable(L, 2), 2, "token or table");
    if (lua_getfield(L, 2, "holder") != LUA_TNIL)
      holder = luaL_checkoption(L, -1, NULL,
                                (const char *const[]){ "player", "bot",
                                                       NULL }) == 0
                 ? MEEPLE_CLIENT_HOLDER_PLAYER : MEEPLE_CLIENT_HOLDER_BOT;
    if (lua_getfield(L, 2, "seat") != LUA_TNIL)
      only = (int)check_seat(L, -1);
    lua_pop(L, 2);
  }
  GPtrArray *tokens = meeple_client_tokens_find(
    store_of(g), meeple_remote_game_id(g->game), holder);
  lua_newtable(L);
  int n = 0;
  for (guint i = 0; i < tokens->len; i++) {
    const MeepleClientToken *t = g_ptr_array_index(tokens, i);
    if ((only >= 0 && t->seat != (guint)only) ||
        meeple_remote_game_holds(g->game, t->seat))
      continue;
    if (meeple_remote_game_reclaim(g->game, t->token, &seat, &error)) {
      lua_pushinteger(L, LMEEPLE_SEAT(seat));
      lua_rawseti(L, -2, ++n);
    } else if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                               MEEPLE_CLIENT_ERROR_BAD_TOKEN)) {
      g_clear_error(&error);   /* an old token: try the next */
    } else {
      g_ptr_array_unref(tokens);
      lmeeple_raise(L, error);
    }
  }
  g_ptr_array_unref(tokens);
  return 1;
}

static int
l_leave(lua_State *L)
{
  LGame *g = check_game(L, 1);
  guint seat = check_seat(L, 2);
  GError *error = NULL;
  if (!meeple_remote_game_leave(g->game, seat, &error))
    lmeeple_raise(L, error);
  return 0;
}

static int
l_start(lua_State *L)
{
  LGame *g = check_game(L, 1);
  GError *error = NULL;
  if (!meeple_remote_game_start(g->game, &error))
    lmeeple_raise(L, error);
  return 0;
}

static int
l_holds(lua_State *L)
{
  LGame *g = check_game(L, 1);
  lua_pushboolean(L, meeple_remote_game_holds(g->game, check_seat(L, 2)));
  return 1;
}

/* ---- state, catalog, record ------------------------------------------------ */

static int
l_state(lua_State *L)
{
  LGame *g = check_game(L, 1);
  GError *error = NULL;
  lua_State *previous = lmeeple_enter(L);
  const MeepleClientState *s = meeple_remote_game_state(g->game, &error);
  lmeeple_leave(L, previous);
  if (!s)
    lmeeple_raise(L, error);
  lmeeple_push_state(L, s);
  return 1;
}

static int
l_catalog(lua_State *L)
{
  LGame *g = check_game(L, 1);
  lmeeple_push_catalog(L, meeple_remote_game_catalog(g->game));
  return 1;
}

static int
l_export(lua_State *L)
{
  LGame *g = check_game(L, 1);
  GError *error = NULL;
  char *record = meeple_remote_game_export(g->game, &error);
  if (!record)
    lmeeple_raise(L, error);
  lua_pushstring(L, record);
  g_free(record);
  return 1;
}

static int
l_delete(lua_State *L)
{
  LGame *g = check_game(L, 1);
  GError *error = NULL;
  gboolean deleted = FALSE;
  if (!meeple_remote_game_delete(g->game, &deleted, &error))
    lmeeple_raise(L, error);
  lua_pushboolean(L, deleted);
  return 1;
}

static int
l_is_over(lua_State *L)
{
  LGame *g = check_game(L, 1);
  lua_pushboolean(L, meeple_remote_game_is_over(g->game));
  return 1;
}

static int
l_gone(lua_State *L)
{
  LGame *g = check_game(L, 1);
  if (g->gone)
    lua_pushstring(L, g->gone);
  else
    lua_pushnil(L);
  return 1;
}

/* ---- the event log ---------------------------------------------------------- */

/* game:event_count(): events in the mirror's log; once the game is over
 * the log is first brought to its end. */
static int
l_event_count(lua_State *L)
{
  LGame *g = check_game(L, 1);
  if (meeple_remote_game_is_over(g->game)) {
    lua_State *previous = lmeeple_enter(L);
    meeple_remote_game_catch_up(g->game);
    lmeeple_leave(L, previous);
  }
  lua_pushinteger(L, meeple_remote_game_events(g->game)->len);
  return 1;
}

/* game:event(i): event i of the log (from 1), or nil. */
static int
l_event(lua_State *L)
{
  LGame *g = check_game(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  GPtrArray *events = meeple_remote_game_events(g->game);
  if (i < 1 || i > (lua_Integer)events->len)
    lua_pushnil(L);
  else
    lmeeple_push_event(L, g_ptr_array_index(events, i - 1));
  return 1;
}

/* ---- decisions ----------------------------------------------------------------- */

static int
l_decision(lua_State *L)
{
  LGame *g = check_game(L, 1);
  GError *error = NULL;
  lua_State *previous = lmeeple_enter(L);
  const MeepleClientDecision *d = meeple_remote_game_decision(g->game,
                                                              &error);
  lmeeple_leave(L, previous);
  if (!d)
    lmeeple_raise(L, error);
  lmeeple_push_decision(L, d);
  return 1;
}

/* game:poll_decision([seats]): the pending decision as a table when it
 * is for one of @seats (a seat, a list of seats, or nil for any), else
 * nil; never waits.  Raises when the daemon is gone. */
static int
l_poll_decision(lua_State *L)
{
  LGame *g = check_game(L, 1);
  guint seats[MEEPLE_MAX_PLAYERS];
  guint n = 0;
  gboolean any = lua_isnoneornil(L, 2);
  if (lua_isinteger(L, 2)) {
    seats[n++] = check_seat(L, 2);
  } else if (!any) {
    luaL_argexpected(L, lua_istable(L, 2), 2, "seat or list of seats");
    lua_Integer len = luaL_len(L, 2);
    luaL_argcheck(L, len <= MEEPLE_MAX_PLAYERS, 2, "too many seats");
    for (lua_Integer i = 1; i <= len; i++) {
      lua_geti(L, 2, i);
      lua_Integer s = lua_tointeger(L, -1);
      luaL_argcheck(L, lua_isinteger(L, -1) && s >= 1 &&
                           s <= MEEPLE_MAX_PLAYERS, 2,
                    "seats: seat numbers (from 1) expected");
      seats[n++] = (guint)(s - 1);
      lua_pop(L, 1);
    }
  }
  GError *error = NULL;
  lua_State *previous = lmeeple_enter(L);
  const MeepleClientDecision *d = meeple_remote_game_poll_decision(
    g->game, any ? NULL : seats, n, &error);
  lmeeple_leave(L, previous);
  if (error)
    lmeeple_raise(L, error);
  if (d)
    lmeeple_push_decision(L, d);
  else
    lua_pushnil(L);
  return 1;
}

/* A decision's id at @index: a decision table's "id", or an integer. */
static guint64
check_decision_id(lua_State *L, int index)
{
  if (lua_istable(L, index)) {
    lua_getfield(L, index, "id");
    luaL_argcheck(L, lua_isinteger(L, -1), index, "decision without an id");
    guint64 id = (guint64)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return id;
  }
  luaL_argexpected(L, lua_isinteger(L, index), index, "decision or id");
  return (guint64)lua_tointeger(L, index);
}

/* Checks the fields of the action table at @index; argument errors
 * before anything is built. */
static void
check_fields(lua_State *L, int index)
{
  static const char *const strings[] = { "kind", "tile", "segment",
                                         "figure" };
  static const char *const numbers[] = { "x", "y", "rotation", "arg" };
  for (gsize i = 0; i < G_N_ELEMENTS(strings); i++) {
    int t = lua_getfield(L, index, strings[i]);
    if ((i == 0 && t != LUA_TSTRING) || (t != LUA_TNIL && t != LUA_TSTRING))
      luaL_argerror(L, index, lua_pushfstring(L, "%s: string expected, "
                                              "got %s", strings[i],
                                              luaL_typename(L, -1)));
    lua_pop(L, 1);
  }
  for (gsize i = 0; i < G_N_ELEMENTS(numbers); i++) {
    int t = lua_getfield(L, index, numbers[i]);
    if (t != LUA_TNIL && !lua_isinteger(L, -1))
      luaL_argerror(L, index, lua_pushfstring(L, "%s: integer expected, "
                                              "got %s", numbers[i],
                                              luaL_typename(L, -1)));
    lua_pop(L, 1);
  }
}

/* The a{sv} Act takes for the choice at @index (checked already). */
static GVariant *
action_dict(lua_State *L, int index)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE_VARDICT);
  if (lua_isinteger(L, index)) {
    g_variant_builder_add(&b, "{sv}", "index",
                          g_variant_new_uint32((guint32)(lua_tointeger(L,
                                                           index) - 1)));
  } else if (lua_type(L, index) == LUA_TSTRING) {
    g_variant_builder_add(&b, "{sv}", "notation",
                          g_variant_new_string(lua_tostring(L, index)));
  } else if (lua_getfield(L, index, "notation") == LUA_TSTRING) {
    /* An action of a decision's list: its notation names it exactly. */
    g_variant_builder_add(&b, "{sv}", "notation",
                          g_variant_new_string(lua_tostring(L, -1)));
    lua_pop(L, 1);
  } else {
    lua_pop(L, 1);
    static const char *const strings[] = { "kind", "tile", "segment",
                                           "figure" };
    for (gsize i = 0; i < G_N_ELEMENTS(strings); i++) {
      if (lua_getfield(L, index, strings[i]) == LUA_TSTRING &&
          (i == 0 || *lua_tostring(L, -1)))
        g_variant_builder_add(&b, "{sv}", strings[i],
                              g_variant_new_string(lua_tostring(L, -1)));
      lua_pop(L, 1);
    }
    if (lua_getfield(L, index, "x") != LUA_TNIL)
      g_variant_builder_add(&b, "{sv}", "x",
                            g_variant_new_int32((gint32)lua_tointeger(L, -1)));
    if (lua_getfield(L, index, "y") != LUA_TNIL)
      g_variant_builder_add(&b, "{sv}", "y",
                            g_variant_new_int32((gint32)lua_tointeger(L, -1)));
    if (lua_getfield(L, index, "rotation") != LUA_TNIL)
      g_variant_builder_add(&b, "{sv}", "rotation",
                            g_variant_new_uint32((guint32)lua_tointeger(L,
                                                                      -1)));
    if (lua_getfield(L, index, "arg") != LUA_TNIL)
      g_variant_builder_add(&b, "{sv}", "arg",
                            g_variant_new_byte((guint8)lua_tointeger(L, -1)));
    lua_pop(L, 4);
  }
  return g_variant_builder_end(&b);
}

/* game:act(decision, choice) or game:act(seat, choice [, decision]):
 * takes @choice — an action's index in the decision's list (from 1),
 * its notation, or a table of its fields (or one of the list's action
 * tables) — for the decision's seat (guarded by its id) or for @seat
 * (guarded when a decision or its id is given). */
static int
l_act(lua_State *L)
{
  LGame *g = check_game(L, 1);
  MeepleClientDecision guard = { 0 };
  gboolean guarded = FALSE;
  guint seat;
  if (lua_istable(L, 2)) {
    guard.id = check_decision_id(L, 2);
    lua_getfield(L, 2, "seat");
    seat = check_seat(L, -1);
    lua_pop(L, 1);
    guarded = TRUE;
  } else {
    luaL_argexpected(L, lua_isinteger(L, 2), 2, "seat or decision");
    seat = check_seat(L, 2);
    if (!lua_isnoneornil(L, 4)) {
      guard.id = check_decision_id(L, 4);
      guarded = TRUE;
    }
  }
  switch (lua_type(L, 3)) {
  case LUA_TNUMBER:
    luaL_argcheck(L, lua_isinteger(L, 3), 3, "index must be an integer");
    luaL_argcheck(L, lua_tointeger(L, 3) >= 1 &&
                         lua_tointeger(L, 3) <= G_MAXUINT32, 3,
                  "index out of range (actions count from 1)");
    break;
  case LUA_TSTRING:
    break;
  case LUA_TTABLE:
    if (lua_getfield(L, 3, "notation") != LUA_TSTRING)
      check_fields(L, 3);
    lua_pop(L, 1);
    break;
  default:
    luaL_typeerror(L, 3, "index, notation or action table");
  }
  GError *error = NULL;
  lua_State *previous = lmeeple_enter(L);
  gboolean ok = meeple_remote_game_act_dict(g->game, seat,
                                            guarded ? &guard : NULL,
                                            action_dict(L, 3), &error);
  lmeeple_leave(L, previous);
  if (!ok)
    lmeeple_raise(L, error);
  lua_pushboolean(L, TRUE);
  return 1;
}

/* ---- the metatable ------------------------------------------------------------ */

/* game.id, game.path, then the methods. */
static int
l_index(lua_State *L)
{
  LGame *g = luaL_checkudata(L, 1, LMEEPLE_GAME_MT);
  const char *key = lua_tostring(L, 2);
  if (key && g->game && strcmp(key, "id") == 0) {
    lua_pushstring(L, meeple_remote_game_id(g->game));
    return 1;
  }
  if (key && g->game && strcmp(key, "path") == 0) {
    lua_pushstring(L, meeple_remote_game_path(g->game));
    return 1;
  }
  if (key && strcmp(key, "client") == 0) {
    lua_getiuservalue(L, 1, 1);
    return 1;
  }
  lua_pushvalue(L, 2);
  lua_gettable(L, lua_upvalueindex(1));
  return 1;
}

static const luaL_Reg game_methods[] = {
  { "close", l_close },
  { "on", l_on },
  { "join", l_join },
  { "reclaim", l_reclaim },
  { "leave", l_leave },
  { "start", l_start },
  { "holds", l_holds },
  { "state", l_state },
  { "catalog", l_catalog },
  { "export", l_export },
  { "delete", l_delete },
  { "is_over", l_is_over },
  { "gone", l_gone },
  { "event_count", l_event_count },
  { "event", l_event },
  { "decision", l_decision },
  { "poll_decision", l_poll_decision },
  { "act", l_act },
  { "bot", lmeeple_game_bot },
  { NULL, NULL },
};

static int
l_gc(lua_State *L)
{
  LGame *g = luaL_checkudata(L, 1, LMEEPLE_GAME_MT);
  lmeeple_game_close(g);
  return 0;
}

void
lmeeple_open_game(lua_State *L)
{
  lua_getfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  if (lua_isnil(L, -1)) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, GAMES_KEY);
  }
  lua_pop(L, 1);
  if (luaL_newmetatable(L, LMEEPLE_GAME_MT)) {
    luaL_newlib(L, game_methods);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "methods");
    lua_pushcclosure(L, l_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_close);
    lua_setfield(L, -2, "__close");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
  }
  lua_pop(L, 1);
}
