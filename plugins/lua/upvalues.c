/* upvalues.c — nothing a hook writes outside game:state() reaches another
 * game (doc/lua-rulesets.md, "Determinism").
 *
 * Globals are read-only after setup (sandbox.c), but a local variable of
 * the script's chunk is an upvalue of every function that uses it, shared
 * by all games.  So, once setup() returned, the host walks every function
 * the rule set registered (hooks, apply functions, tile checks, state())
 * and every global of the script, recursively through the functions and
 * tables they reach (bounded: LHOST_UPVALUES_MAX entries, nesting
 * LHOST_UPVALUES_DEPTH), and
 *
 *  - replaces each table reached (that has no locked metatable) by a
 *    read-only proxy, deep: its nested tables become proxies too.  Reads
 *    go through (an __index table: as fast as a plain lookup), `#`, pairs
 *    and ipairs see the contents, every write is "a table of the script's
 *    chunk is read-only after setup";
 *  - records the value of every upvalue (for tables, the proxy): after
 *    each call from the engine, lhost_call() compares them
 *    (lhost_upvalues_check()); one that changed is put back and the hook
 *    fails naming the upvalue and the file:line of its function, so the
 *    engine refuses the action and restores the game.
 *
 * The host's own read-only tables (the libraries, the globals; their
 * metatables have LHOST_SEALED) are already protected: only their
 * identity is recorded.  Userdata (the host's objects) likewise. */
#include "lhost.h"

#include <string.h>

#define RO_META_FIELD "__lhost_readonly"   /* the proxy's original */

typedef struct {
  int fn;          /* registry ref of the function */
  int n;           /* upvalue index */
  int value;       /* registry ref of its value after setup */
  char *name;
  char *where;     /* "FILE:LINE" of the function */
} Upvalue;

static int
readonly_newindex(lua_State *L)
{
  return luaL_error(L, "a table of the script's chunk is read-only after "
                    "setup: it is shared by every game; keep per-game "
                    "data in game:state() (doc/lua-rulesets.md)");
}

static int
readonly_len(lua_State *L)
{
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, RO_META_FIELD);
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

gboolean
lhost_readonly_original(lua_State *L, int index)
{
  if (!lua_getmetatable(L, index))
    return FALSE;
  if (lua_getfield(L, -1, RO_META_FIELD) == LUA_TTABLE) {
    lua_remove(L, -2);
    return TRUE;
  }
  lua_pop(L, 2);
  return FALSE;
}

/* The host's read-only tables (the libraries, the globals) and our
 * proxies stay as they are; a script's own table is proxied even when
 * the script locked its metatable. */
static gboolean
is_sealed(lua_State *L, int index)
{
  if (!lua_getmetatable(L, index))
    return FALSE;
  gboolean host = lua_getfield(L, -1, LHOST_SEALED) != LUA_TNIL;
  gboolean proxy = lua_getfield(L, -2, RO_META_FIELD) != LUA_TNIL;
  lua_pop(L, 3);
  return host || proxy;
}

typedef struct {
  Host *h;
  int seen;      /* stack index: function or table → TRUE or its proxy */
  guint count;
} Walk;

static void walk_function(lua_State *L, Walk *w, int f, int depth);

static gboolean
holds_thread(lua_State *L, int f)
{
  f = lua_absindex(L, f);
  for (int n = 1; lua_getupvalue(L, f, n); n++) {
    gboolean thread = lua_type(L, -1) == LUA_TTHREAD;
    lua_pop(L, 1);
    if (thread)
      return TRUE;
  }
  return FALSE;
}

/* A coroutine made in setup keeps its own local variables, which every
 * game would share and which no check could see: refused. */
static G_NORETURN void
refuse_thread(lua_State *L, int f, const char *what)
{
  lua_Debug ar;
  lua_pushvalue(L, f);
  lua_getinfo(L, ">S", &ar);
  luaL_error(L, "%s:%d: upvalue '%s' holds a coroutine made in setup: its "
             "local variables would be shared by every game",
             ar.short_src, ar.linedefined, what);
  g_assert_not_reached();
}

/* Replaces the table at @t by its read-only proxy (pushed; the same one
 * each time a table is reached), its contents walked. */
static void
push_proxy(lua_State *L, Walk *w, int t, int depth)
{
  t = lua_absindex(L, t);
  lua_pushvalue(L, t);
  if (lua_rawget(L, w->seen) != LUA_TNIL)
    return;
  lua_pop(L, 1);
  if (is_sealed(L, t) || depth > LHOST_UPVALUES_DEPTH) {
    lua_pushvalue(L, t);
    return;
  }
  luaL_checkstack(L, 10, "tables nested too deeply");
  lua_newtable(L);                      /* the proxy */
  int proxy = lua_gettop(L);
  lua_pushvalue(L, t);
  lua_pushvalue(L, proxy);
  lua_rawset(L, w->seen);
  /* nested tables become proxies, functions are walked */
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -1) == LUA_TTABLE) {
      push_proxy(L, w, -1, depth + 1);
      lua_pushvalue(L, -3);
      lua_insert(L, -2);
      lua_rawset(L, t); /* an existing key: lua_next goes on */
    } else if (lua_type(L, -1) == LUA_TFUNCTION) {
      walk_function(L, w, -1, depth + 1);
    } else if (lua_type(L, -1) == LUA_TTHREAD) {
      luaL_error(L, "a table of the script holds a coroutine made in "
                 "setup: its local variables would be shared by every "
                 "game");
    }
    lua_pop(L, 1);
  }
  lua_createtable(L, 0, 5);
  lua_pushvalue(L, t);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, readonly_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, readonly_len);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, t);
  lua_setfield(L, -2, RO_META_FIELD);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, proxy);
}

static void
walk_function(lua_State *L, Walk *w, int f, int depth)
{
  f = lua_absindex(L, f);
  if (lua_iscfunction(L, f)) {
    /* a C closure's upvalues are the host's or the library's; but a
     * coroutine.wrap of setup keeps its coroutine there */
    if (holds_thread(L, f))
      luaL_error(L, "%s: a global or table of the script holds a "
                 "coroutine made in setup: its local variables would be "
                 "shared by every game", w->h->script->chunkname + 1);
    return;
  }
  if (depth > LHOST_UPVALUES_DEPTH)
    return;
  lua_pushvalue(L, f);
  if (lua_rawget(L, w->seen) != LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  lua_pop(L, 1);
  lua_pushvalue(L, f);
  lua_pushboolean(L, 1);
  lua_rawset(L, w->seen);
  luaL_checkstack(L, 10, "functions nested too deeply");
  lua_Debug ar;
  lua_pushvalue(L, f);
  lua_getinfo(L, ">S", &ar);
  for (int n = 1;; n++) {
    const char *name = lua_getupvalue(L, f, n);
    if (!name)
      break;
    if (lua_type(L, -1) == LUA_TTHREAD ||
        (lua_iscfunction(L, -1) && holds_thread(L, -1)))
      refuse_thread(L, f, name);
    if (lua_type(L, -1) == LUA_TTABLE) {
      push_proxy(L, w, -1, depth + 1);
      lua_remove(L, -2);
      lua_pushvalue(L, -1);
      lua_setupvalue(L, f, n);
    } else if (lua_type(L, -1) == LUA_TFUNCTION) {
      walk_function(L, w, -1, depth + 1);
    }
    if (w->count++ >= LHOST_UPVALUES_MAX) {
      lua_pop(L, 1);
      luaL_error(L, "more than %d upvalues to watch", LHOST_UPVALUES_MAX);
    }
    Upvalue u = { 0 };
    u.value = luaL_ref(L, LUA_REGISTRYINDEX);
    u.n = n;
    lua_pushvalue(L, f);
    u.fn = luaL_ref(L, LUA_REGISTRYINDEX);
    u.name = g_strdup(name);
    u.where = g_strdup_printf("%s:%d", ar.short_src, ar.linedefined);
    g_array_append_val(w->h->upvalues, u);
  }
}

/* watch(): the protected part of lhost_upvalues_watch() */
static int
watch(lua_State *L)
{
  Walk *w = lua_touserdata(L, 1);
  Host *h = w->h;
  lua_newtable(L);
  w->seen = lua_gettop(L);
  for (guint i = 0; i < h->hooks->len; i++) {
    const HookRef *r = g_ptr_array_index(h->hooks, i);
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->ref);
    walk_function(L, w, -1, 0);
    lua_pop(L, 1);
  }
  if (h->state_init != LUA_NOREF) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->state_init);
    walk_function(L, w, -1, 0);
    lua_pop(L, 1);
  }
  /* the script's globals: the table behind the environment's __index */
  lua_getfield(L, LUA_REGISTRYINDEX, "lhost.env");
  if (lua_getmetatable(L, -1) &&
      lua_getfield(L, -1, "__index") == LUA_TTABLE) {
    int env = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, env)) {
      if (lua_type(L, -1) == LUA_TTABLE) {
        push_proxy(L, w, -1, 1);
        lua_pushvalue(L, -3);
        lua_insert(L, -2);
        lua_rawset(L, env);
      } else if (lua_type(L, -1) == LUA_TFUNCTION) {
        walk_function(L, w, -1, 1);
      }
      lua_pop(L, 1);
    }
  }
  return 0;
}

gboolean
lhost_upvalues_watch(Host *h, GError **error)
{
  lua_State *L = h->L;
  Walk w = { h, 0, 0 };
  lhost_upvalues_free(h);
  h->upvalues = g_array_new(FALSE, FALSE, sizeof(Upvalue));
  lua_pushcfunction(L, watch);
  lua_pushlightuserdata(L, &w);
  if (lua_pcall(L, 1, 0, 0) == LUA_OK)
    return TRUE;
  g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
              "%s: after setup: %s", h->script->file,
              lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
  lua_pop(L, 1);
  return FALSE;
}

static char *
describe(lua_State *L, int index)
{
  switch (lua_type(L, index)) {
  case LUA_TNIL:
    return g_strdup("nil");
  case LUA_TNUMBER:
    return lua_isinteger(L, index)
               ? g_strdup_printf(LUA_INTEGER_FMT, lua_tointeger(L, index))
               : g_strdup_printf("%.17g", (double)lua_tonumber(L, index));
  case LUA_TSTRING:
    return g_strdup_printf("'%.40s'", lua_tostring(L, index));
  case LUA_TBOOLEAN:
    return g_strdup(lua_toboolean(L, index) ? "true" : "false");
  default:
    return g_strdup_printf("a %s", luaL_typename(L, index));
  }
}

char *
lhost_upvalues_check(Host *h)
{
  lua_State *L = h->L;
  char *message = NULL;
  if (!h->upvalues)
    return NULL;
  for (guint i = 0; i < h->upvalues->len; i++) {
    const Upvalue *u = &g_array_index(h->upvalues, Upvalue, i);
    lua_rawgeti(L, LUA_REGISTRYINDEX, u->fn);
    lua_getupvalue(L, -1, u->n);
    lua_rawgeti(L, LUA_REGISTRYINDEX, u->value);
    if (!lua_rawequal(L, -1, -2)) {
      if (!message) {
        g_autofree char *was = describe(L, -1);
        g_autofree char *now = describe(L, -2);
        message = g_strdup_printf(
            "%s: upvalue '%s' changed from %s to %s during a call: a local "
            "variable of the script's chunk is shared by every game; keep "
            "per-game data in game:state() (doc/lua-rulesets.md)",
            u->where, u->name, was, now);
      }
      /* put back: the next game must not see it either */
      lua_pushvalue(L, -1);
      lua_setupvalue(L, -4, u->n);
    }
    lua_pop(L, 3);
  }
  return message;
}

void
lhost_upvalues_free(Host *h)
{
  if (!h->upvalues)
    return;
  for (guint i = 0; i < h->upvalues->len; i++) {
    Upvalue *u = &g_array_index(h->upvalues, Upvalue, i);
    g_free(u->name);
    g_free(u->where);
  }
  g_array_unref(h->upvalues);
  h->upvalues = NULL;
}
