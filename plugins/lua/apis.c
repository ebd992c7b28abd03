/* apis.c — the interfaces C rule sets publish (meeple_rules_provide_api(),
 * meeple/plugin.h), reachable from Lua: rules:api(name) in setup() returns
 * an object whose methods call the published table (doc/lua-rulesets.md,
 * "Published interfaces").
 *
 * Each interface needs a binding of its own here, because a table is a C
 * struct of functions: only those listed in bindings[] are offered.  The
 * object keeps the table, which lives as long as the rules object — as
 * long as the script's lua_State — so hooks may use it later; the
 * settings it changes may be changed during setup() only. */
#include "lhost.h"

#include <string.h>

#include "../princess-dragon/pd-api.h"

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

static void
check_setup(lua_State *L, const char *what)
{
  if (!host_of(L)->in_setup)
    luaL_error(L, "%s may only be called during setup()", what);
}

/* ---- "princess-dragon" (plugins/princess-dragon/pd-api.h) ---------------- */

#define PD_META "lhost.api.princess-dragon"

static const PdApi *
check_pd(lua_State *L)
{
  return *(const PdApi **)luaL_checkudata(L, 1, PD_META);
}

/* pd:dragon_in_play(game) → boolean (PD-05) */
static int
pd_dragon_in_play(lua_State *L)
{
  const PdApi *api = check_pd(L);
  lua_pushboolean(L, api->dragon_in_play(api, check_game(L, 2)));
  return 1;
}

/* pd:fairy_follower(game) → figure index, or nil (PD-21) */
static int
pd_fairy_follower(lua_State *L)
{
  const PdApi *api = check_pd(L);
  int f = api->fairy_follower(api, check_game(L, 2));
  if (f < 0)
    return 0;
  lua_pushinteger(L, f);
  return 1;
}

/* pd:turn_points(game, seat) → what the fairy would give @seat if its
 * turn started now (PD-22, X-08) */
static int
pd_turn_points(lua_State *L)
{
  const PdApi *api = check_pd(L);
  const MeepleGame *game = check_game(L, 2);
  lua_Integer seat = luaL_checkinteger(L, 3);
  if (seat < 0 || seat >= meeple_game_n_players(game))
    return luaL_error(L, "no seat %d", (int)seat);
  lua_pushinteger(L, api->turn_points(api, game, (guint)seat));
  return 1;
}

/* pd:set_turn_points(n), setup only */
static int
pd_set_turn_points(lua_State *L)
{
  const PdApi *api = check_pd(L);
  lua_Integer n = luaL_checkinteger(L, 2);
  check_setup(L, "set_turn_points");
  if (n < 0 || n > 100)
    return luaL_error(L, "turn points must be 0..100");
  api->set_turn_points(api, (guint)n);
  return 0;
}

/* pd:set_fairy_guard("tile" | "figures"), setup only */
static int
pd_set_fairy_guard(lua_State *L)
{
  static const char *const guards[] = { "tile", "figures", NULL };
  const PdApi *api = check_pd(L);
  int g = luaL_checkoption(L, 2, NULL, guards);
  check_setup(L, "set_fairy_guard");
  api->set_fairy_guard(api, g == 0 ? PD_FAIRY_GUARDS_TILE
                                   : PD_FAIRY_GUARDS_FIGURES);
  return 0;
}

static const luaL_Reg pd_methods[] = {
  { "dragon_in_play", pd_dragon_in_play },
  { "fairy_follower", pd_fairy_follower },
  { "turn_points", pd_turn_points },
  { "set_turn_points", pd_set_turn_points },
  { "set_fairy_guard", pd_set_fairy_guard },
  { NULL, NULL },
};

static void
push_pd(lua_State *L, gconstpointer table)
{
  const PdApi **p = lua_newuserdatauv(L, sizeof *p, 0);
  *p = table;
  if (luaL_newmetatable(L, PD_META)) {
    luaL_newlib(L, pd_methods);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
}

/* ---- rules:api(name) ------------------------------------------------------ */

static const struct {
  const char *name;
  guint major, minor;
  gsize size;
  void (*push)(lua_State *L, gconstpointer table);
} bindings[] = {
  { PD_API_NAME, PD_API_MAJOR, PD_API_MINOR, sizeof(PdApi), push_pd },
};

int
lhost_rules_api(lua_State *L)
{
  Host *h = *(Host **)luaL_checkudata(L, 1, RULES_META);
  if (!h->in_setup)
    return luaL_error(L, "the rules object is only valid during setup()");
  const char *name = luaL_checkstring(L, 2);
  for (guint i = 0; i < G_N_ELEMENTS(bindings); i++) {
    if (strcmp(bindings[i].name, name) != 0)
      continue;
    /* checked like a C dependant's MEEPLE_USE_API: the provider must be
     * enabled (the script's "requires") and of a version this host was
     * built for */
    GError *error = NULL;
    gconstpointer table =
        meeple_rules_use_api(h->rules, name, bindings[i].major,
                             bindings[i].minor, bindings[i].size, &error);
    if (!table) {
      lua_pushstring(L, error->message);
      g_error_free(error);
      return lua_error(L);
    }
    bindings[i].push(L, table);
    return 1;
  }
  return luaL_error(L, "no Lua binding for interface '%s'", name);
}
