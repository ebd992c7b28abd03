/* client.c — the Client userdata: one connection to the bus and the
 * Manager's methods (rule sets, games, history, records).  Closing it
 * (close(), <close>, or the garbage collector) closes its games first. */
#include "config.h"

#include <string.h>

#include "lmeeple.h"

LClient *
lmeeple_check_client(lua_State *L, int index)
{
  LClient *c = luaL_checkudata(L, index, LMEEPLE_CLIENT_MT);
  if (!c->client)
    luaL_argerror(L, index, "the client is closed");
  return c;
}

static void
client_close(LClient *c)
{
  if (!c->client)
    return;
  /* The library wants the games freed before their client. */
  while (c->games->len)
    lmeeple_game_close(g_ptr_array_index(c->games, c->games->len - 1));
  g_ptr_array_free(c->games, TRUE);
  c->games = NULL;
  meeple_client_free(c->client);
  c->client = NULL;
}

static int
l_close(lua_State *L)
{
  LClient *c = luaL_checkudata(L, 1, LMEEPLE_CLIENT_MT);
  client_close(c);
  return 0;
}

static int
l_tostring(lua_State *L)
{
  LClient *c = luaL_checkudata(L, 1, LMEEPLE_CLIENT_MT);
  lua_pushfstring(L, "meeple.Client (%s)", c->client ? "open" : "closed");
  return 1;
}

/* Pushes the elements of @list (freed) with @push, as a sequence. */
static void
push_list(lua_State *L, GPtrArray *list,
          void (*push)(lua_State *, gconstpointer))
{
  lua_createtable(L, (int)list->len, 0);
  for (guint i = 0; i < list->len; i++) {
    push(L, g_ptr_array_index(list, i));
    lua_rawseti(L, -2, i + 1);
  }
  g_ptr_array_unref(list);
}

static int
l_rulesets(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  GError *error = NULL;
  GPtrArray *list = meeple_client_list_rulesets(c->client, &error);
  if (!list)
    lmeeple_raise(L, error);
  push_list(L, list, (void (*)(lua_State *, gconstpointer))
                     lmeeple_push_ruleset);
  return 1;
}

static int
l_games(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  GError *error = NULL;
  GPtrArray *list = meeple_client_list_games(c->client, &error);
  if (!list)
    lmeeple_raise(L, error);
  push_list(L, list, (void (*)(lua_State *, gconstpointer))
                     lmeeple_push_summary);
  return 1;
}

/* client:history([{offset=, limit=}]) -> entries, total */
static int
l_history(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  lua_Integer offset = 0, limit = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "offset");
    offset = luaL_optinteger(L, -1, 0);
    lua_getfield(L, 2, "limit");
    limit = luaL_optinteger(L, -1, 0);
    lua_pop(L, 2);
    luaL_argcheck(L, offset >= 0 && offset <= G_MAXUINT32, 2,
                  "offset out of range");
    luaL_argcheck(L, limit >= 0 && limit <= G_MAXUINT32, 2,
                  "limit out of range");
  }
  GError *error = NULL;
  guint total = 0;
  GPtrArray *list = meeple_client_list_history(c->client, (guint)offset,
                                               (guint)limit, &total, &error);
  if (!list)
    lmeeple_raise(L, error);
  push_list(L, list, (void (*)(lua_State *, gconstpointer))
                     lmeeple_push_history_entry);
  lua_pushinteger(L, total);
  return 2;
}

static int
l_record(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  const char *id = luaL_checkstring(L, 2);
  GError *error = NULL;
  char *record = meeple_client_get_record(c->client, id, &error);
  if (!record)
    lmeeple_raise(L, error);
  lua_pushstring(L, record);
  g_free(record);
  return 1;
}

/* client:import(record [, name]) -> id */
static int
l_import(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  size_t length;
  const char *record = luaL_checklstring(L, 2, &length);
  const char *name = luaL_optstring(L, 3, NULL);
  GError *error = NULL;
  char *id = NULL;
  if (!meeple_client_import_game(c->client, record, (gssize)length, name, &id,
                                 &error))
    lmeeple_raise(L, error);
  lua_pushstring(L, id);
  g_free(id);
  return 1;
}

static int
l_store_key(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  lua_pushstring(L, meeple_client_store_key(c->client));
  return 1;
}

static int
l_set_timeout(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  lua_Integer ms = luaL_checkinteger(L, 2);
  meeple_client_set_timeout(c->client, (int)CLAMP(ms, 0, G_MAXINT));
  return 0;
}

/* client:game(id) -> an open Game (its mirror fetched). */
static int
l_game(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  const char *id = luaL_checkstring(L, 2);
  GError *error = NULL;
  lua_State *previous = lmeeple_enter(L);
  MeepleRemoteGame *game = meeple_remote_game_open(c->client, id, &error);
  lmeeple_leave(L, previous);
  if (!game)
    lmeeple_raise(L, error);
  lmeeple_push_game(L, 1, game);
  return 1;
}

/* CreateGame's options with the strings they point to. */
typedef struct {
  MeepleClientGameOptions options;
  char **rules, **tiles, **seat_kinds, *name;
} CreateArgs;

static void
create_args_clear(CreateArgs *a)
{
  g_strfreev(a->rules);
  g_strfreev(a->tiles);
  g_strfreev(a->seat_kinds);
  g_free(a->name);
}

static const char *const create_keys[] = {
  "rules", "seats", "seed", "tiles", "seat_kinds", "farmers", "name", NULL
};

/* Checks every option before anything is allocated, since an argument
 * error does not return. */
static void
check_create_options(lua_State *L, int arg)
{
  lua_pushnil(L);
  while (lua_next(L, arg)) {
    gboolean known = FALSE;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (const char *const *k = create_keys; *k; k++)
        known = known || strcmp(*k, lua_tostring(L, -2)) == 0;
    if (!known)
      luaL_argerror(L, arg, lua_pushfstring(L, "unknown option '%s'",
                                            luaL_tolstring(L, -2, NULL)));
    lua_pop(L, 1);
  }
  static const struct { const char *key; int type; const char *what; }
  types[] = {
    { "seats", LUA_TNUMBER, "number" }, { "seed", LUA_TNUMBER, "number" },
    { "farmers", LUA_TBOOLEAN, "boolean" }, { "name", LUA_TSTRING, "string" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS(types); i++) {
    int t = lua_getfield(L, arg, types[i].key);
    if (t != LUA_TNIL && t != types[i].type)
      luaL_argerror(L, arg, lua_pushfstring(L, "%s: %s expected, got %s",
                                            types[i].key, types[i].what,
                                            luaL_typename(L, -1)));
    if ((i == 0 || i == 1) && t == LUA_TNUMBER && !lua_isinteger(L, -1))
      luaL_argerror(L, arg, lua_pushfstring(L, "%s: integer expected",
                                            types[i].key));
    if (i == 0 && t == LUA_TNUMBER &&
        (lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > 64))
      luaL_argerror(L, arg, "seats: out of range");
    lua_pop(L, 1);
  }
  static const char *const lists[] = { "rules", "tiles", "seat_kinds" };
  for (gsize i = 0; i < G_N_ELEMENTS(lists); i++) {
    if (lua_getfield(L, arg, lists[i]) != LUA_TNIL)
      lmeeple_validate_strv(L, -1, arg, lists[i]);
    lua_pop(L, 1);
  }
}

/* client:create([options]) -> an open Game.  Options (all optional):
 * rules, seats, seed, tiles, seat_kinds, farmers, name. */
static int
l_create(lua_State *L)
{
  LClient *c = lmeeple_check_client(L, 1);
  CreateArgs a;
  memset(&a, 0, sizeof a);
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    check_create_options(L, 2);
    /* Every list was checked above: these calls cannot raise. */
    if (lua_getfield(L, 2, "rules") != LUA_TNIL)
      a.rules = lmeeple_check_strv(L, -1, 2, "rules");
    if (lua_getfield(L, 2, "tiles") != LUA_TNIL)
      a.tiles = lmeeple_check_strv(L, -1, 2, "tiles");
    if (lua_getfield(L, 2, "seat_kinds") != LUA_TNIL)
      a.seat_kinds = lmeeple_check_strv(L, -1, 2, "seat_kinds");
    lua_pop(L, 3);
    a.options.rules = (const char *const *)a.rules;
    a.options.tiles = (const char *const *)a.tiles;
    a.options.seat_kinds = (const char *const *)a.seat_kinds;
    lua_getfield(L, 2, "seats");
    a.options.seats = (guint)luaL_optinteger(L, -1, 0);
    lua_getfield(L, 2, "seed");
    if (!lua_isnil(L, -1)) {
      a.options.has_seed = TRUE;
      a.options.seed = (guint64)lua_tointeger(L, -1);
    }
    lua_getfield(L, 2, "farmers");
    a.options.no_farmers = !lua_isnil(L, -1) && !lua_toboolean(L, -1);
    lua_getfield(L, 2, "name");
    if (!lua_isnil(L, -1))
      a.name = g_strdup(lua_tostring(L, -1));
    a.options.name = a.name;
    lua_pop(L, 4);
  }
  GError *error = NULL;
  char *id = meeple_client_create_game(c->client, &a.options, &error);
  create_args_clear(&a);
  if (!id)
    lmeeple_raise(L, error);
  lua_State *previous = lmeeple_enter(L);
  MeepleRemoteGame *game = meeple_remote_game_open(c->client, id, &error);
  lmeeple_leave(L, previous);
  g_free(id);
  if (!game)
    lmeeple_raise(L, error);
  lmeeple_push_game(L, 1, game);
  return 1;
}

static const luaL_Reg client_methods[] = {
  { "close", l_close },
  { "rulesets", l_rulesets },
  { "games", l_games },
  { "create", l_create },
  { "game", l_game },
  { "history", l_history },
  { "record", l_record },
  { "import", l_import },
  { "store_key", l_store_key },
  { "set_timeout", l_set_timeout },
  { NULL, NULL },
};

void
lmeeple_open_client(lua_State *L)
{
  if (luaL_newmetatable(L, LMEEPLE_CLIENT_MT)) {
    luaL_newlib(L, client_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_close);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, l_close);
    lua_setfield(L, -2, "__close");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
  }
  lua_pop(L, 1);
}
