/* host.c — the Lua rule-set host: a plugin (ABI 2.2 host) that makes each
 * *.lua file in the plugin directories a rule set of its own
 * (doc/lua-rulesets.md).
 *
 * open() runs the script once in a throw-away sandbox to read what it is
 * (id, name, version, requires ...); setup() gives every rules object the
 * rule set is enabled in a sandbox of its own, runs the script again and
 * calls its setup(rules).  The script's text is read once, by open(), so
 * every rules object of a daemon's life runs the same script. */
#include "lhost.h"

#include <string.h>

#define MAX_SCRIPT_BYTES (1 << 20)

/* Statically allocated: needs no initialisation (GLib). */
GRecMutex lhost_lock;

static void
script_free(gpointer data)
{
  Script *s = data;
  g_free(s->file);
  g_free(s->chunkname);
  g_free(s->source);
  g_free(s);
}

static void
host_free(gpointer data)
{
  Host *h = data;
  if (h->L)
    lua_close(h->L);
  h->L = NULL;
  for (guint i = 0; i < h->hooks->len; i++) {
    HookRef *r = g_ptr_array_index(h->hooks, i);
    g_free(r->where);
    g_free(r);
  }
  g_ptr_array_unref(h->hooks);
  g_array_unref(h->own_kinds);
  g_hash_table_unref(h->rules_strings);
  g_free(h->state_where);
  lhost_upvalues_free(h);
  g_free(h);
}

static Host *
host_new(const Script *s, MeepleRules *rules)
{
  Host *h = g_new0(Host, 1);
  h->script = s;
  h->rules = rules;
  h->state_init = LUA_NOREF;
  h->hooks = g_ptr_array_new();
  h->own_kinds = g_array_new(FALSE, FALSE, sizeof(guint));
  h->rules_strings = g_hash_table_new(g_str_hash, g_str_equal);
  if (!lhost_state_new(h)) {
    host_free(h);
    return NULL;
  }
  return h;
}

/* Runs the script's chunk; leaves the table it returns on the stack. */
static gboolean
run_chunk(Host *h, GError **error)
{
  lua_State *L = h->L;
  const Script *s = h->script;
  if (luaL_loadbufferx(L, s->source, s->length, s->chunkname, "t") !=
      LUA_OK) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN, "%s",
                lua_tostring(L, -1));
    lua_pop(L, 1);
    return FALSE;
  }
  lua_getfield(L, LUA_REGISTRYINDEX, "lhost.env");
  lua_setupvalue(L, -2, 1);
  g_autofree char *where = g_strdup_printf("%s:1", s->chunkname + 1);
  if (!lhost_call(h, 0, 1, where, error))
    return FALSE;
  if (!lua_istable(L, -1)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "%s: the script must return its rule set: a table with id, "
                "name, version and setup (doc/lua-rulesets.md)", where);
    lua_pop(L, 1);
    return FALSE;
  }
  return TRUE;
}

static char *
string_field(lua_State *L, int t, const char *name)
{
  lua_getfield(L, t, name);
  char *v = lua_type(L, -1) == LUA_TSTRING ? g_strdup(lua_tostring(L, -1))
                                           : NULL;
  lua_pop(L, 1);
  return v;
}

static char **
list_field(lua_State *L, int t, const char *name)
{
  lua_getfield(L, t, name);
  if (!lua_istable(L, -1)) {
    lua_pop(L, 1);
    return NULL;
  }
  GPtrArray *out = g_ptr_array_new();
  for (lua_Integer i = 1; i <= 64; i++) {
    if (lua_geti(L, -1, i) != LUA_TSTRING) {
      lua_pop(L, 1);
      break;
    }
    g_ptr_array_add(out, g_strdup(lua_tostring(L, -1)));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  g_ptr_array_add(out, NULL);
  return (char **)g_ptr_array_free(out, FALSE);
}

/* Reads the script's "limits" table: it may lower the host's. */
static void
read_limits(lua_State *L, int t, Script *s)
{
  lua_getfield(L, t, "limits");
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "memory");
    if (lua_isinteger(L, -1) && lua_tointeger(L, -1) > 0 &&
        (gsize)lua_tointeger(L, -1) < s->memory_limit)
      s->memory_limit = (gsize)lua_tointeger(L, -1);
    lua_getfield(L, -2, "instructions");
    if (lua_isinteger(L, -1) && lua_tointeger(L, -1) > 0 &&
        lua_tointeger(L, -1) < s->budget)
      s->budget = (long)lua_tointeger(L, -1);
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
}

static gboolean lua_setup(MeepleRules *rules, gpointer data, GError **error);

/* Messages of a script name its base name ("abbot.lua:3: ..."); the
 * loader's listing names the whole path. */
static void
name_whole_path(GError *error, const Script *s)
{
  const char *base = s->chunkname + 1;
  if (g_str_has_prefix(error->message, base) &&
      error->message[strlen(base)] == ':') {
    char *msg = g_strconcat(s->file, error->message + strlen(base), NULL);
    g_free(error->message);
    error->message = msg;
  } else {
    g_prefix_error(&error, "%s: ", s->file);
  }
}

static gboolean
lua_open(const char *file, MeepleProvidedRuleSet *out, GError **error)
{
  Script *s = g_new0(Script, 1);
  s->file = g_strdup(file);
  g_autofree char *base = g_path_get_basename(file);
  s->chunkname = g_strconcat("@", base, NULL);
  s->memory_limit = LHOST_MEMORY_MAX;
  s->budget = LHOST_BUDGET_MAX;
  GError *err = NULL;
  if (!g_file_get_contents(file, &s->source, &s->length, &err)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN, "%s: %s", file,
                err->message);
    g_error_free(err);
    script_free(s);
    return FALSE;
  }
  if (s->length > MAX_SCRIPT_BYTES) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "%s: larger than %d bytes", file, MAX_SCRIPT_BYTES);
    script_free(s);
    return FALSE;
  }
  Host *h = host_new(s, NULL);
  if (!h) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "%s: cannot create a Lua state", file);
    script_free(s);
    return FALSE;
  }
  if (!run_chunk(h, &err)) {
    name_whole_path(err, s);
    g_propagate_error(error, err);
    host_free(h);
    script_free(s);
    return FALSE;
  }
  lua_State *L = h->L;
  int t = lua_gettop(L);
  lua_getfield(L, t, "setup");
  gboolean has_setup = lua_isfunction(L, -1);
  lua_pop(L, 1);
  if (!has_setup) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "%s:1: the rule set has no setup function", file);
    host_free(h);
    script_free(s);
    return FALSE;
  }
  out->id = string_field(L, t, "id");
  out->name = string_field(L, t, "name");
  out->version = string_field(L, t, "version");
  out->description = string_field(L, t, "description");
  out->tiles = string_field(L, t, "tiles");
  out->requires = list_field(L, t, "requires");
  out->conflicts = list_field(L, t, "conflicts");
  lua_getfield(L, t, "priority");
  out->priority = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 0;
  lua_pop(L, 1);
  read_limits(L, t, s);
  host_free(h);
  out->setup = lua_setup;
  out->data = s;
  out->free_data = script_free;
  return TRUE;
}

static gboolean
lua_setup(MeepleRules *rules, gpointer data, GError **error)
{
  const Script *s = data;
  Host *h = host_new(s, rules);
  if (!h) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "%s: cannot create a Lua state", s->file);
    return FALSE;
  }
  meeple_rules_own(rules, h, host_free);
  /* its hooks may fail: the engine keeps a copy of a game to restore */
  meeple_rules_set_fallible(rules);
  if (!run_chunk(h, error))
    return FALSE;
  lua_State *L = h->L;
  int t = lua_gettop(L);
  lua_getfield(L, t, "state");
  if (lua_isfunction(L, -1)) {
    lua_Debug ar;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &ar);
    h->state_where = g_strdup_printf("%s:%d", ar.short_src, ar.linedefined);
    h->state_init = luaL_ref(L, LUA_REGISTRYINDEX);
  } else {
    lua_pop(L, 1);
  }
  lhost_setup_slot(h);
  lua_getfield(L, t, "setup");
  lhost_push_rules(h);
  h->in_setup = TRUE;
  g_autofree char *where = g_strdup_printf("%s:1", s->chunkname + 1);
  gboolean ok = lhost_call(h, 1, 0, where, error);
  h->in_setup = FALSE;
  lua_settop(L, 0);
  /* from now on what one game does reaches no other: globals are read
   * only, per-game data lives in game:state() */
  lhost_freeze(h);
  /* ... and so do its script's local variables (upvalues.c) */
  if (ok && !lhost_upvalues_watch(h, error))
    ok = FALSE;
  lua_gc(L, LUA_GCCOLLECT);
  return ok;
}

static const MeepleRuleSetHost lua_host = {
  .suffix = ".lua",
  .source = "lua",
  .open = lua_open,
};

MEEPLE_PLUGIN_DEFINE(
  .id = "lua",
  .name = "Lua rule-set host",
  .version = "1.0",
  .description = "Plays rule sets written in Lua, sandboxed "
                 "(doc/lua-rulesets.md).",
  .host = &lua_host,
);
