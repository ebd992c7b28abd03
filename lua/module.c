/* module.c — luaopen_meeple_core: the module table, the main context of
 * the Lua state, running it (core.iterate), and meeple errors as Lua
 * values. */
#include "config.h"

#include <string.h>

#include "lmeeple.h"

#define CONTEXT_KEY "meeple.context"
#define KEPT_ERROR_KEY "meeple.kept_error"

/* The thread Lua handlers run on during a call of the module (see
 * lmeeple.h); one per process is enough since a Lua state is used by
 * one thread at a time and callbacks only run inside calls. */
static lua_State *current;

lua_State *
lmeeple_current(void)
{
  return current;
}

lua_State *
lmeeple_enter(lua_State *L)
{
  lua_State *previous = current;
  current = L;
  return previous;
}

void
lmeeple_keep_error(lua_State *L)
{
  lua_getfield(L, LUA_REGISTRYINDEX, KEPT_ERROR_KEY);
  gboolean have = !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (have)
    lua_pop(L, 1);       /* the first error is the one to report */
  else
    lua_setfield(L, LUA_REGISTRYINDEX, KEPT_ERROR_KEY);
}

void
lmeeple_leave(lua_State *L, lua_State *previous)
{
  current = previous;
  lua_getfield(L, LUA_REGISTRYINDEX, KEPT_ERROR_KEY);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, KEPT_ERROR_KEY);
  lua_error(L);
}

GMainContext *
lmeeple_context(lua_State *L)
{
  lua_getfield(L, LUA_REGISTRYINDEX, CONTEXT_KEY);
  GMainContext **box = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return box ? *box : NULL;
}

static int
context_gc(lua_State *L)
{
  GMainContext **box = lua_touserdata(L, 1);
  g_clear_pointer(box, g_main_context_unref);
  return 0;
}

/* ---- errors ------------------------------------------------------------- */

void
lmeeple_push_error(lua_State *L, const GError *error)
{
  lua_createtable(L, 0, 3);
  lua_pushstring(L, meeple_client_error_name(error));
  lua_setfield(L, -2, "name");
  lua_pushstring(L, error->message);
  lua_setfield(L, -2, "message");
  lua_pushinteger(L, error->domain == MEEPLE_CLIENT_ERROR ? error->code : 0);
  lua_setfield(L, -2, "code");
  luaL_setmetatable(L, LMEEPLE_ERROR_MT);
}

int
lmeeple_raise(lua_State *L, GError *error)
{
  lmeeple_push_error(L, error);
  g_error_free(error);
  lua_error(L);
  g_assert_not_reached();
}

static int
error_tostring(lua_State *L)
{
  lua_getfield(L, 1, "name");
  lua_getfield(L, 1, "message");
  lua_pushfstring(L, "%s: %s", luaL_optstring(L, -2, "?"),
                  luaL_optstring(L, -1, ""));
  return 1;
}

/* ---- module functions --------------------------------------------------- */

/* core.connect([address]): address nil means $MEEPLE_BUS_ADDRESS, else
 * the session bus, as for meeple. */
static int
core_connect(lua_State *L)
{
  const char *address = luaL_optstring(L, 1, NULL);
  if (!address || !*address)
    address = g_getenv("MEEPLE_BUS_ADDRESS");
  if (address && !*address)
    address = NULL;
  GError *error = NULL;
  LClient *c = lua_newuserdatauv(L, sizeof *c, 0);
  memset(c, 0, sizeof *c);
  luaL_setmetatable(L, LMEEPLE_CLIENT_MT);
  c->client = meeple_client_new(address, lmeeple_context(L), &error);
  if (!c->client)
    lmeeple_raise(L, error);
  c->games = g_ptr_array_new();
  return 1;
}

static gboolean
timer_fired(gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* core.iterate(block [, timeout_ms]): runs the context once.  Without
 * @block it dispatches what is ready (a bounded number of times, so an
 * always-ready source cannot keep us) and returns whether anything was;
 * with it, it waits for something to happen, at most @timeout_ms when
 * given.  Handlers run meanwhile; the first error one raises is raised
 * here. */
static int
core_iterate(lua_State *L)
{
  gboolean block = lua_toboolean(L, 1);
  lua_Integer timeout = luaL_optinteger(L, 2, -1);
  GMainContext *context = lmeeple_context(L);
  gboolean any = FALSE;
  lua_State *previous = lmeeple_enter(L);

  if (block) {
    GSource *timer = NULL;
    gboolean fired = FALSE;
    if (timeout >= 0) {
      timer = g_timeout_source_new((guint)MIN(timeout, G_MAXUINT));
      g_source_set_callback(timer, timer_fired, &fired, NULL);
      g_source_attach(timer, context);
    }
    any = g_main_context_iteration(context, TRUE);
    if (timer) {
      g_source_destroy(timer);
      g_source_unref(timer);
    }
  } else {
    for (int i = 0; i < 64 && g_main_context_iteration(context, FALSE); i++)
      any = TRUE;
  }
  lmeeple_leave(L, previous);
  lua_pushboolean(L, any);
  return 1;
}

/* core.now(): a monotonic clock in milliseconds (for deadlines). */
static int
core_now(lua_State *L)
{
  lua_pushinteger(L, g_get_monotonic_time() / 1000);
  return 1;
}

/* core.is_error(v): whether @v is a meeple error. */
static int
core_is_error(lua_State *L)
{
  gboolean yes = FALSE;
  if (lua_getmetatable(L, 1)) {
    luaL_getmetatable(L, LMEEPLE_ERROR_MT);
    yes = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
  }
  lua_pushboolean(L, yes);
  return 1;
}

static const luaL_Reg core_functions[] = {
  { "connect", core_connect },
  { "iterate", core_iterate },
  { "now", core_now },
  { "is_error", core_is_error },
  { NULL, NULL },
};

int luaopen_meeple_core(lua_State *L);

int
luaopen_meeple_core(lua_State *L)
{
  /* One context per Lua state, created the first time the module is
   * loaded in it and unreferenced when the state closes. */
  lua_getfield(L, LUA_REGISTRYINDEX, CONTEXT_KEY);
  if (lua_isnil(L, -1)) {
    GMainContext **box = lua_newuserdatauv(L, sizeof *box, 0);
    *box = g_main_context_new();
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, context_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, CONTEXT_KEY);
  }
  lua_pop(L, 1);

  if (luaL_newmetatable(L, LMEEPLE_ERROR_MT)) {
    lua_pushcfunction(L, error_tostring);
    lua_setfield(L, -2, "__tostring");
  }
  lua_pop(L, 1);
  lmeeple_open_client(L);
  lmeeple_open_game(L);
  lmeeple_open_bot(L);

  luaL_newlib(L, core_functions);
  luaL_getmetatable(L, LMEEPLE_CLIENT_MT);
  lua_getfield(L, -1, "__index");
  lua_setfield(L, -3, "Client");   /* the methods, for meeple.lua */
  lua_pop(L, 1);
  luaL_getmetatable(L, LMEEPLE_GAME_MT);
  lua_getfield(L, -1, "methods");
  lua_setfield(L, -3, "Game");
  lua_pop(L, 1);
  luaL_getmetatable(L, LMEEPLE_ERROR_MT);
  lua_setfield(L, -2, "Error");
  lua_pushliteral(L, PACKAGE_VERSION);
  lua_setfield(L, -2, "version");
  return 1;
}
