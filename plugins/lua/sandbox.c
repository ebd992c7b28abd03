/* sandbox.c — a lua_State that can do a rule set's work and nothing else
 * (doc/lua-rulesets.md, "The sandbox"): only the safe parts of the base,
 * string, table, math, utf8 and coroutine libraries; text chunks only; a
 * memory limit (our allocator) and an instruction budget per call (a
 * count hook), both fatal to the call even through pcall; iteration and
 * printing that never depend on addresses (determinism). */
#include "lhost.h"

#include <lualib.h>
#include <string.h>

/* ---- memory ------------------------------------------------------------- */

static void *
limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
  Host *h = ud;
  gsize old = ptr ? osize : 0;
  if (nsize == 0) {
    h->used -= old;
    g_free(ptr);
    return NULL;
  }
  /* shrinking always succeeds: the collector must be able to work */
  if (nsize > old && h->used - old + nsize > h->limit) {
    h->exceeded = LHOST_OUT_OF_MEMORY;
    return NULL;
  }
  void *p = g_try_realloc(ptr, nsize);
  if (p)
    h->used = h->used - old + nsize;
  return p;
}

/* ---- instructions ------------------------------------------------------- */

static Host *
host_of(lua_State *L)
{
  void *ud;
  lua_getallocf(L, &ud);
  return ud;
}

static void
count_hook(lua_State *L, lua_Debug *ar)
{
  (void)ar;
  Host *h = host_of(L);
  if (--h->remaining > 0 && h->exceeded == LHOST_OK)
    return;
  if (h->exceeded == LHOST_OK)
    h->exceeded = LHOST_OUT_OF_BUDGET;
  /* where the script was when its budget ran out (level 0: the running
   * function, in a hook) */
  lua_Debug where;
  if (lua_getstack(L, 0, &where) && lua_getinfo(L, "Sl", &where) &&
      where.currentline > 0)
    lua_pushfstring(L, "%s:%d: ", where.short_src, where.currentline);
  else
    lua_pushliteral(L, "");
  lua_pushfstring(L, "instruction budget exceeded (%d instructions)",
                  (int)MIN(h->script->budget, G_MAXINT));
  lua_concat(L, 2);
  lua_error(L);
}

/* ---- the replaced functions --------------------------------------------- */

/* pcall and xpcall that cannot swallow the memory limit or the budget. */
static int
rethrow_if_fatal(lua_State *L, int status)
{
  Host *h = host_of(L);
  if (status != LUA_OK && h->exceeded != LHOST_OK)
    return lua_error(L); /* the error object is on top */
  return -1;
}

static int
finish_pcall(lua_State *L, int status, lua_KContext extra)
{
  if (rethrow_if_fatal(L, status) >= 0)
    return 0;
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - (int)extra;
}

static int
safe_pcall(lua_State *L)
{
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0,
                          finish_pcall);
  return finish_pcall(L, status, 0);
}

static int
safe_xpcall(lua_State *L)
{
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
  return finish_pcall(L, status, 2);
}

/* tostring without addresses: "table", not "table: 0x55d0..." */
static int
safe_tostring(lua_State *L)
{
  luaL_checkany(L, 1);
  int t = lua_type(L, 1);
  if (t == LUA_TNUMBER || t == LUA_TSTRING || t == LUA_TBOOLEAN ||
      t == LUA_TNIL || luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
    if (t != LUA_TNUMBER && t != LUA_TSTRING && t != LUA_TBOOLEAN &&
        t != LUA_TNIL)
      lua_pop(L, 1);
    luaL_tolstring(L, 1, NULL);
    return 1;
  }
  lua_pushstring(L, luaL_typename(L, 1));
  return 1;
}

/* Keys pairs() may visit, in a fixed order: numbers, then strings, then
 * booleans.  Anything else would iterate in an order that depends on
 * addresses. */
static int
key_rank(lua_State *L, int index)
{
  switch (lua_type(L, index)) {
  case LUA_TNUMBER: return 0;
  case LUA_TSTRING: return 1;
  case LUA_TBOOLEAN: return 2;
  default: return -1;
  }
}

static int
key_less(lua_State *L, int a, int b)
{
  int ra = key_rank(L, a), rb = key_rank(L, b);
  if (ra != rb)
    return ra < rb;
  if (ra == 0)
    return lua_compare(L, a, b, LUA_OPLT);
  if (ra == 1) {
    size_t la, lb;
    const char *sa = lua_tolstring(L, a, &la), *sb = lua_tolstring(L, b, &lb);
    int c = memcmp(sa, sb, MIN(la, lb));
    return c < 0 || (c == 0 && la < lb);
  }
  return !lua_toboolean(L, a) && lua_toboolean(L, b);
}

/* Sorts keys[1..n] (at @keys) with insertion into runs, then merges:
 * plain merge sort on the stack, deterministic and stable. */
static void
sort_keys(lua_State *L, int keys, lua_Integer n)
{
  /* n is small for rule-set state; a simple binary insertion sort */
  for (lua_Integer i = 2; i <= n; i++) {
    lua_geti(L, keys, i);
    lua_Integer lo = 1, hi = i;
    while (lo < hi) {
      lua_Integer mid = (lo + hi) / 2;
      lua_geti(L, keys, mid);
      int less = key_less(L, -2, -1);
      lua_pop(L, 1);
      if (less)
        hi = mid;
      else
        lo = mid + 1;
    }
    for (lua_Integer k = i; k > lo; k--) {
      lua_geti(L, keys, k - 1);
      lua_seti(L, keys, k);
    }
    lua_seti(L, keys, lo);
  }
}

static int
pairs_step(lua_State *L)
{
  lua_Integer i = lua_tointeger(L, lua_upvalueindex(2)) + 1;
  lua_pushinteger(L, i);
  lua_replace(L, lua_upvalueindex(2));
  if (lua_geti(L, lua_upvalueindex(1), i) == LUA_TNIL)
    return 1;
  lua_pushvalue(L, -1);
  lua_gettable(L, 1);
  return 2;
}

static int
safe_pairs(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  /* a read-only proxy (upvalues.c) lists its original's keys */
  int src = lhost_readonly_original(L, 1) ? 2 : 1;
  lua_newtable(L);
  int keys = lua_gettop(L);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, src)) {
    lua_pop(L, 1);
    if (key_rank(L, -1) < 0)
      return luaL_error(L, "pairs over a table keyed by a %s: its order "
                        "would depend on addresses (doc/lua-rulesets.md, "
                        "\"Determinism\")", luaL_typename(L, -1));
    lua_pushvalue(L, -1);
    lua_seti(L, keys, ++n);
  }
  sort_keys(L, keys, n);
  lua_pushvalue(L, keys);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, pairs_step, 2);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* rawset that cannot write around a protected table's __newindex (the
 * globals, the libraries). */
static int
safe_rawset(lua_State *L)
{
  luaL_checktype(L, 1, LUA_TTABLE);
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "rawset on a protected table");
  lua_settop(L, 3);
  lua_rawset(L, 1);
  lua_settop(L, 1);
  return 1;
}

/* load(text [, chunkname]): text only, in the sandbox's environment. */
static int
safe_load(lua_State *L)
{
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  const char *name = luaL_optstring(L, 2, "=load");
  int status = luaL_loadbufferx(L, text, len, name, "t");
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  /* the scripts' environment, not the real globals */
  lua_getfield(L, LUA_REGISTRYINDEX, "lhost.env");
  if (!lua_setupvalue(L, -2, 1))
    lua_pop(L, 1);
  return 1;
}

/* string.format without "%p", which prints addresses. */
static int
safe_format(lua_State *L)
{
  const char *fmt = luaL_checkstring(L, 1);
  for (const char *c = strchr(fmt, '%'); c; c = strchr(c + 2, '%')) {
    const char *spec = c + 1;
    while (*spec && strchr("-+ #0123456789.", *spec))
      spec++;
    if (*spec == 'p')
      return luaL_error(L, "string.format: %%p prints an address, which "
                        "is not deterministic");
    if (!*spec)
      break;
    c = spec - 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

/* A stable merge sort for table.sort: Lua's own picks a random pivot for
 * large arrays, so equal elements could land in any order. */
static const char sort_source[] =
  "local function merge_sort(t, lt)\n"
  "  local n = #t\n"
  "  lt = lt or function(a, b) return a < b end\n"
  "  local src, dst = {}, {}\n"
  "  for i = 1, n do src[i] = t[i] end\n"
  "  local width = 1\n"
  "  while width < n do\n"
  "    local i = 1\n"
  "    while i <= n do\n"
  "      local mid, hi = math.min(i + width, n + 1), math.min(i + 2 * width, n + 1)\n"
  "      local a, b, k = i, mid, i\n"
  "      while a < mid and b < hi do\n"
  "        if lt(src[b], src[a]) then dst[k] = src[b]; b = b + 1\n"
  "        else dst[k] = src[a]; a = a + 1 end\n"
  "        k = k + 1\n"
  "      end\n"
  "      while a < mid do dst[k] = src[a]; a = a + 1; k = k + 1 end\n"
  "      while b < hi do dst[k] = src[b]; b = b + 1; k = k + 1 end\n"
  "      i = i + 2 * width\n"
  "    end\n"
  "    src, dst = dst, src\n"
  "    width = width * 2\n"
  "  end\n"
  "  for i = 1, n do t[i] = src[i] end\n"
  "end\n"
  "return merge_sort\n";

/* ---- building the environment ------------------------------------------ */

static void
copy_fields(lua_State *L, int from, int to, const char *const *names)
{
  for (guint i = 0; names[i]; i++) {
    lua_getfield(L, from, names[i]);
    lua_setfield(L, to, names[i]);
  }
}

/* A new table with the safe @names of library @lib (opened by @open). */
static void
safe_library(lua_State *L, int env, const char *lib, lua_CFunction open,
             const char *const *names)
{
  luaL_requiref(L, lib, open, 0);
  int real = lua_gettop(L);
  lua_newtable(L);
  copy_fields(L, real, real + 1, names);
  lua_setfield(L, env, lib);
  lua_pop(L, 1);
}

/* Globals are read-only once setup() ran: per-game data belongs in the
 * game's state, and what one game wrote must not reach another. */
static int
env_newindex(lua_State *L)
{
  Host *h = host_of(L);
  if (h->frozen)
    return luaL_error(L, "cannot set global '%s' after setup: keep "
                      "per-game data in game:state() (doc/lua-rulesets.md)",
                      lua_isstring(L, 2) ? lua_tostring(L, 2) : "?");
  lua_rawset(L, lua_upvalueindex(1));
  return 0;
}

static int
frozen_newindex(lua_State *L)
{
  return luaL_error(L, "the standard libraries are read-only");
}

/* A read-only view of table @index: an empty table whose reads go to it. */
static void
push_readonly(lua_State *L, int index)
{
  index = lua_absindex(L, index);
  lua_newtable(L);
  lua_newtable(L);
  lua_pushvalue(L, index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, frozen_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, LHOST_SEALED);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

static int
open_sandbox(lua_State *L)
{
  static const char *const base_names[] = {
    "assert", "error", "getmetatable", "ipairs", "rawequal", "rawget",
    "rawlen", "rawset", "select", "setmetatable", "tonumber", "type",
    "_VERSION", NULL };
  static const char *const string_names[] = {
    "byte", "char", "find", "gmatch", "gsub", "len", "lower", "match",
    "pack", "packsize", "rep", "reverse", "sub", "unpack", "upper", NULL };
  static const char *const table_names[] = {
    "concat", "insert", "move", "pack", "remove", "unpack", NULL };
  static const char *const math_names[] = {
    "abs", "ceil", "cos", "deg", "exp", "floor", "fmod", "huge", "log",
    "max", "maxinteger", "min", "mininteger", "modf", "pi", "rad", "sin",
    "sqrt", "tan", "tointeger", "type", "ult", "atan", "asin", "acos",
    NULL };
  static const char *const utf8_names[] = {
    "char", "charpattern", "codepoint", "codes", "len", "offset", NULL };
  static const char *const coroutine_names[] = {
    "close", "create", "isyieldable", "resume", "running", "status", "wrap",
    "yield", NULL };

  /* The real globals stay in the registry; scripts see @env. */
  luaL_requiref(L, "_G", luaopen_base, 0);
  int real_g = lua_gettop(L);
  lua_newtable(L);
  int env = lua_gettop(L);
  copy_fields(L, real_g, env, base_names);
  lua_pushcfunction(L, safe_pcall);
  lua_setfield(L, env, "pcall");
  lua_pushcfunction(L, safe_xpcall);
  lua_setfield(L, env, "xpcall");
  lua_pushcfunction(L, safe_tostring);
  lua_setfield(L, env, "tostring");
  lua_pushcfunction(L, safe_pairs);
  lua_setfield(L, env, "pairs");
  lua_pushcfunction(L, safe_load);
  lua_setfield(L, env, "load");
  lua_pushcfunction(L, safe_rawset);
  lua_setfield(L, env, "rawset");

  safe_library(L, env, "string", luaopen_string, string_names);
  safe_library(L, env, "table", luaopen_table, table_names);
  safe_library(L, env, "math", luaopen_math, math_names);
  safe_library(L, env, "utf8", luaopen_utf8, utf8_names);
  safe_library(L, env, "coroutine", luaopen_coroutine, coroutine_names);

  /* string.format without %p, in the scripts' table and for methods */
  lua_getfield(L, env, "string");
  int str = lua_gettop(L);
  luaL_requiref(L, "string", luaopen_string, 0);
  lua_getfield(L, -1, "format");
  lua_pushcclosure(L, safe_format, 1);
  lua_setfield(L, str, "format");
  lua_pop(L, 1);
  /* ("x"):method() finds the safe table, and the metatable is hidden */
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushvalue(L, str);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "string");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 3);

  /* table.sort, stable and deterministic (written in Lua) */
  if (luaL_loadbufferx(L, sort_source, sizeof sort_source - 1, "=sort",
                       "t") != LUA_OK)
    return lua_error(L);
  lua_pushvalue(L, env);
  lua_setupvalue(L, -2, 1);
  lua_call(L, 0, 1);
  lua_getfield(L, env, "table");
  lua_insert(L, -2);
  lua_setfield(L, -2, "sort");
  lua_pop(L, 1);

  /* the libraries become read-only views */
  static const char *const libs[] = { "string", "table", "math", "utf8",
                                      "coroutine", NULL };
  for (guint i = 0; libs[i]; i++) {
    lua_getfield(L, env, libs[i]);
    push_readonly(L, -1);
    lua_setfield(L, env, libs[i]);
    lua_pop(L, 1);
  }
  /* What scripts run in: an empty table reading @env, writing to it
   * until frozen. */
  lua_newtable(L);
  lua_newtable(L);
  lua_pushvalue(L, env);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, env);
  lua_pushcclosure(L, env_newindex, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, LHOST_SEALED);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_setfield(L, env, "_G");
  lua_setfield(L, LUA_REGISTRYINDEX, "lhost.env");
  /* nothing else of the real globals stays reachable */
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  return 0;
}

lua_State *
lhost_state_new(Host *h)
{
  h->limit = h->script->memory_limit;
  lua_State *L = lua_newstate(limited_alloc, h);
  if (!L)
    return NULL;
  h->L = L;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, LHOST_COUNT_STEP);
  h->remaining = h->script->budget / LHOST_COUNT_STEP + 1;
  lua_pushcfunction(L, open_sandbox);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
    lua_close(L);
    h->L = NULL;
    return NULL;
  }
  lhost_game_open(L);
  return L;
}

void
lhost_freeze(Host *h)
{
  h->frozen = TRUE;
}

const char *
lhost_intern(Host *h, lua_State *L, const char *s)
{
  const char *known = g_hash_table_lookup(h->rules_strings, s);
  if (known)
    return known;
  /* interned strings live as long as the process: bound how many a
   * script may make */
  if (g_hash_table_size(h->rules_strings) >= 4096 || strlen(s) > 64)
    luaL_error(L, "too many or too long rule names (at most 4096 of 64 "
               "bytes)");
  const char *interned = g_intern_string(s);
  g_hash_table_add(h->rules_strings, (gpointer)interned);
  return interned;
}

/* ---- calling ------------------------------------------------------------ */

/* Message handler: the error as text, never running the error object's
 * own code (a __tostring that errors, too). */
static int
message_handler(lua_State *L)
{
  if (lua_type(L, 1) == LUA_TSTRING)
    return 1;
  if (lua_type(L, 1) == LUA_TNUMBER) {
    lua_pushfstring(L, "error object is the number %s",
                    lua_tostring(L, 1));
    return 1;
  }
  lua_pushfstring(L, "error object is a %s value", luaL_typename(L, 1));
  return 1;
}

gboolean
lhost_call(Host *h, int nargs, int nresults, const char *where,
           GError **error)
{
  lua_State *L = h->L;
  if (h->depth++ == 0) {
    /* a new budget for each call from the engine; nested calls (a hook
     * the engine runs while a hook runs) share it */
    h->remaining = h->script->budget / LHOST_COUNT_STEP + 1;
    h->exceeded = LHOST_OK;
  }
  int base = lua_gettop(L) - nargs;
  /* the host's own C functions (copying a game's state, once per clone)
   * run no script code: no upvalue to check after them */
  gboolean script_code = !lua_iscfunction(L, base);
  lua_pushcfunction(L, message_handler);
  lua_insert(L, base);
  int status = lua_pcall(L, nargs, nresults, base);
  lua_remove(L, base);
  LhostExceeded exceeded = h->exceeded;
  if (--h->depth == 0)
    h->exceeded = LHOST_OK;
  /* after each call from the engine: did it change a local variable of
   * the chunk, which every game shares?  (upvalues.c; puts it back) */
  g_autofree char *shared = h->depth == 0 && h->frozen && script_code
                                ? lhost_upvalues_check(h) : NULL;
  if (status == LUA_OK && shared) {
    lua_pop(L, nresults);
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK, "%s", shared);
    return FALSE;
  }
  if (status == LUA_OK)
    return TRUE;
  const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                   : "unknown error";
  const char *what = exceeded == LHOST_OUT_OF_MEMORY
                         ? "memory limit exceeded"
                         : exceeded == LHOST_OUT_OF_BUDGET
                               ? "instruction budget exceeded"
                               : "error";
  /* Lua's messages start with "FILE:LINE:" when they have a place */
  const char *base_name = h->script->chunkname + 1;
  gboolean placed = g_str_has_prefix(msg, base_name);
  if (exceeded == LHOST_OUT_OF_MEMORY)
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK,
                "%s: memory limit exceeded (%" G_GSIZE_FORMAT " bytes)",
                where, h->limit);
  else if (placed)
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK, "%s", msg);
  else
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK, "%s: %s: %s", where,
                what, msg);
  lua_pop(L, 1);
  return FALSE;
}
