/* apis.c — the interfaces rule sets publish (meeple_rules_provide_api(),
 * meeple/plugin.h), reachable from Lua: rules:api(name) in setup() returns
 * an object with one method per method the provider describes
 * (meeple_rules_describe_api(), ABI 2.3; doc/lua-rulesets.md, "Published
 * interfaces").
 *
 * Nothing here knows any rule set: the provider's description says each
 * method's arguments and result, this file turns Lua values into
 * MeepleValues and back, and the engine checks the call against the
 * description (the game of a hook where one is needed, settings during
 * setup only).  The object holds no pointer into a game; the methods live
 * as long as the rules object — as long as the script's lua_State — so
 * hooks may keep the object and use it later. */
#include "lhost.h"

#include <string.h>

#define RULES_META "lhost.rules"

/* The Host of the running script (its allocator's data, as in game.c). */
static Host *
host_of(lua_State *L)
{
  void *ud;
  lua_getallocf(L, &ud);
  return ud;
}

/* The game a hook got, as a method's argument @arg. */
static const MeepleGame *
check_game(lua_State *L, int arg)
{
  GameBox *box = luaL_checkudata(L, arg, "lhost.game");
  if (!box->game)
    luaL_error(L, "the game object is only valid during a hook");
  return box->game;
}

/* A method of an interface object.  Upvalues: the method (light
 * userdata), the interface's name, the interface's metatable (to check
 * that the method is called on an object of its own interface). */
static int
api_call(lua_State *L)
{
  const MeepleApiMethod *m = lua_touserdata(L, lua_upvalueindex(1));
  const char *iface = lua_tostring(L, lua_upvalueindex(2));
  if (!lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(3)))
    return luaL_error(L, "%s.%s: call it as a method, api:%s(...)", iface,
                      m->name, m->name);
  lua_pop(L, 1);
  int arg = 2;
  const MeepleGame *game = NULL;
  if (m->takes_game)
    game = check_game(L, arg++);
  MeepleValue args[MEEPLE_API_MAX_ARGS];
  for (guint a = 0; a < m->n_args; a++, arg++) {
    switch (m->args[a]) {
    case MEEPLE_VALUE_BOOL:
      luaL_checktype(L, arg, LUA_TBOOLEAN);
      args[a] = (MeepleValue){ .type = MEEPLE_VALUE_BOOL,
                               .b = lua_toboolean(L, arg) };
      break;
    case MEEPLE_VALUE_INT:
      args[a] = (MeepleValue){ .type = MEEPLE_VALUE_INT,
                               .i = luaL_checkinteger(L, arg) };
      break;
    case MEEPLE_VALUE_STRING:
      args[a] = (MeepleValue){ .type = MEEPLE_VALUE_STRING,
                               .s = luaL_checkstring(L, arg) };
      break;
    default:
      return luaL_error(L, "%s.%s: argument %d has no Lua form", iface,
                        m->name, (int)a + 1);
    }
  }
  /* Lua would drop extra arguments silently; a misread signature should
   * not pass unnoticed. */
  if (lua_gettop(L) >= arg)
    return luaL_error(L, "%s.%s takes %s%d argument%s", iface, m->name,
                      m->takes_game ? "the game and " : "", (int)m->n_args,
                      m->n_args == 1 ? "" : "s");
  MeepleValue result;
  GError *error = NULL;
  if (!meeple_rules_call_api(host_of(L)->rules, iface, m, game, args,
                             m->n_args, &result, &error)) {
    /* With the caller's file:line, as luaL_error() would give. */
    luaL_where(L, 1);
    lua_pushstring(L, error->message);
    g_error_free(error);
    lua_concat(L, 2);
    return lua_error(L);
  }
  switch (result.type) {
  case MEEPLE_VALUE_BOOL:
    lua_pushboolean(L, result.b);
    return 1;
  case MEEPLE_VALUE_INT:
    lua_pushinteger(L, result.i);
    return 1;
  case MEEPLE_VALUE_STRING:
    lua_pushstring(L, result.s);
    return 1;
  case MEEPLE_VALUE_NONE:
  default:
    return 0;
  }
}

/* __index of an interface's method table for a name it lacks.  Upvalue:
 * "NAME (it has: a, b, c)"-style text built once. */
static int
api_missing(lua_State *L)
{
  return luaL_error(L, "interface %s has no method '%s' (%s)",
                    lua_tostring(L, lua_upvalueindex(1)),
                    luaL_optstring(L, 2, "?"),
                    lua_tostring(L, lua_upvalueindex(2)));
}

/* Pushes the metatable of interface @name's objects, built on first use:
 * __index is a table of its methods, whose own __index names a missing
 * one. */
static void
push_api_meta(lua_State *L, const char *name, const MeepleApiMethod *methods,
              guint n_methods)
{
  lua_pushfstring(L, "lhost.api:%s", name);
  if (!luaL_newmetatable(L, lua_tostring(L, -1))) {
    lua_remove(L, -2);
    return;
  }
  lua_remove(L, -2);
  int meta = lua_gettop(L);
  lua_createtable(L, 0, (int)n_methods);
  GString *have = g_string_new("it has: ");
  for (guint i = 0; i < n_methods; i++) {
    lua_pushlightuserdata(L, (void *)&methods[i]);
    lua_pushstring(L, name);
    lua_pushvalue(L, meta);
    lua_pushcclosure(L, api_call, 3);
    lua_setfield(L, -2, methods[i].name);
    g_string_append_printf(have, "%s%s", i ? ", " : "", methods[i].name);
  }
  lua_createtable(L, 0, 2);
  lua_pushfstring(L, "'%s'", name);
  lua_pushstring(L, have->str);
  g_string_free(have, TRUE);
  lua_pushcclosure(L, api_missing, 2);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setfield(L, meta, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, meta, "__metatable");
}

/* ---- rules:api(name [, major]) --------------------------------------------- */

int
lhost_rules_api(lua_State *L)
{
  Host *h = *(Host **)luaL_checkudata(L, 1, RULES_META);
  if (!h->in_setup)
    return luaL_error(L, "the rules object is only valid during setup()");
  const char *name = luaL_checkstring(L, 2);
  lua_Integer want = luaL_optinteger(L, 3, -1);
  guint n_methods, major, minor;
  GError *error = NULL;
  /* The provider must be among these rules: the script's "requires". */
  const MeepleApiMethod *methods = meeple_rules_api_methods(
      h->rules, name, &n_methods, &major, &minor, &error);
  if (!methods) {
    luaL_where(L, 1);
    lua_pushstring(L, error->message);
    g_error_free(error);
    lua_concat(L, 2);
    return lua_error(L);
  }
  /* Like a C dependant's MEEPLE_USE_API: the same major, the same
   * meaning. */
  if (want >= 0 && (guint64)want != major)
    return luaL_error(L, "interface '%s' is at version %d.%d; this script "
                      "was written for %d.x", name, (int)major, (int)minor,
                      (int)want);
  lua_newuserdatauv(L, 0, 0);
  push_api_meta(L, name, methods, n_methods);
  lua_setmetatable(L, -2);
  return 1;
}
