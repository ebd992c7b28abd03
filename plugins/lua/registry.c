/* registry.c — the "rules" object a Lua rule set's setup(rules) gets:
 * the registries of meeple/plugin.h (doc/lua-rulesets.md, "Setup").
 * Every call checks its arguments; a bad one is a Lua error, which fails
 * setup with the script's file and line. */
#include "lhost.h"

#include <string.h>
#include <meeple/looks.h>

#define RULES_META "lhost.rules"

static Host *
check_rules(lua_State *L)
{
  Host **hp = luaL_checkudata(L, 1, RULES_META);
  if (!(*hp)->in_setup)
    luaL_error(L, "the rules object is only valid during setup()");
  return *hp;
}

/* Raises a GError as a Lua error (and frees it). */
static int
raise_gerror(lua_State *L, GError *error)
{
  luaL_where(L, 1); /* the script's file:line of the call */
  lua_pushstring(L, error ? error->message : "failed");
  lua_concat(L, 2);
  g_clear_error(&error);
  return lua_error(L);
}

static guint
check_index(lua_State *L, int arg, guint n, const char *what)
{
  lua_Integer i = luaL_checkinteger(L, arg);
  if (i < 0 || (guint64)i >= n)
    luaL_error(L, "no %s %d (there are %d)", what, (int)i, (int)n);
  return (guint)i;
}

static guint
check_figure(lua_State *L, Host *h, int arg)
{
  return check_index(L, arg, meeple_rules_n_figure_types(h->rules),
                     "figure type");
}

/* A bit set from a list of names of @names (NULL-terminated, bit i). */
static guint32
check_flags(lua_State *L, int arg, const char *const *names, const char *what)
{
  luaL_checktype(L, arg, LUA_TTABLE);
  guint32 bits = 0;
  lua_Integer n = luaL_len(L, arg);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, arg, i);
    const char *name = luaL_checkstring(L, -1);
    guint k;
    for (k = 0; names[k] && strcmp(names[k], name) != 0; k++)
      ;
    if (!names[k])
      luaL_error(L, "unknown %s '%s'", what, name);
    bits |= 1u << k;
    lua_pop(L, 1);
  }
  return bits;
}

static int
r_kind(lua_State *L)
{
  Host *h = check_rules(L);
  const char *name = luaL_checkstring(L, 2);
  for (guint k = 0; k < meeple_rules_n_kinds(h->rules); k++)
    if (strcmp(meeple_rules_kind(h->rules, k)->name, name) == 0) {
      lua_pushinteger(L, k);
      return 1;
    }
  return luaL_error(L, "no segment kind '%s'", name);
}

static int
r_add_kind(lua_State *L)
{
  Host *h = check_rules(L);
  static const char *const shapes[] = { "edge", "field", "surround", "spot",
                                        NULL };
  const char *name = luaL_checkstring(L, 2);
  const char *code = luaL_checkstring(L, 3);
  int shape = luaL_checkoption(L, 4, "spot", shapes);
  gboolean follower = lua_toboolean(L, 5);
  int group = (int)luaL_optinteger(L, 6, 0);
  GError *error = NULL;
  int k = meeple_rules_add_kind(h->rules, name, code, (MeepleShape)shape,
                                follower, group, &error);
  if (k < 0)
    return raise_gerror(L, error);
  lua_pushinteger(L, k);
  return 1;
}

static int
r_activate_kind(lua_State *L)
{
  Host *h = check_rules(L);
  guint k = check_index(L, 2, meeple_rules_n_kinds(h->rules), "kind");
  const char *rule = lua_isnoneornil(L, 3)
                         ? NULL
                         : lhost_intern(h, L, luaL_checkstring(L, 3));
  meeple_rules_activate_kind(h->rules, k, rule);
  return 0;
}

static int
r_symbol(lua_State *L)
{
  Host *h = check_rules(L);
  int s = meeple_rules_symbol(h->rules, luaL_checkstring(L, 2));
  if (s < 0)
    return luaL_error(L, "the symbol table is full");
  lua_pushinteger(L, s);
  return 1;
}

/* rules:find_figure_type(name) / rules:find_symbol(name) → index or nil.
 * For house rules of a rule set they require (PD-25 plays with the
 * dragon): C plugins use that rule set's published interface, which Lua
 * cannot call (doc/lua-rulesets.md). */
static int
r_find_figure_type(lua_State *L)
{
  Host *h = check_rules(L);
  int f = meeple_rules_find_figure_type(h->rules, luaL_checkstring(L, 2));
  if (f < 0)
    return 0;
  lua_pushinteger(L, f);
  return 1;
}

static int
r_find_symbol(lua_State *L)
{
  Host *h = check_rules(L);
  int s = meeple_rules_find_symbol(h->rules, luaL_checkstring(L, 2));
  if (s < 0)
    return 0;
  lua_pushinteger(L, s);
  return 1;
}

static int
r_add_figure_type(lua_State *L)
{
  Host *h = check_rules(L);
  const char *name = luaL_checkstring(L, 2);
  gboolean follower = lua_toboolean(L, 3);
  lua_Integer per = luaL_checkinteger(L, 4);
  if (per < 0 || per > 16)
    return luaL_error(L, "per_player must be 0..16");
  GError *error = NULL;
  int f = meeple_rules_add_figure_type(h->rules, name, follower, (guint)per,
                                       &error);
  if (f < 0)
    return raise_gerror(L, error);
  lua_pushinteger(L, f);
  return 1;
}

static int
r_add_neutral_figure_type(lua_State *L)
{
  Host *h = check_rules(L);
  const char *name = luaL_checkstring(L, 2);
  lua_Integer count = luaL_checkinteger(L, 3);
  if (count < 1 || count > 16)
    return luaL_error(L, "count must be 1..16");
  GError *error = NULL;
  int f = meeple_rules_add_neutral_figure_type(h->rules, name, (guint)count,
                                               &error);
  if (f < 0)
    return raise_gerror(L, error);
  lua_pushinteger(L, f);
  return 1;
}

static const char *const figure_traits[] = { "follower", "neutral", "living",
                                             NULL };

static int
r_add_figure_traits(lua_State *L)
{
  Host *h = check_rules(L);
  guint f = check_figure(L, h, 2);
  meeple_rules_add_figure_traits(h->rules, f,
                                 check_flags(L, 3, figure_traits, "trait"));
  return 0;
}

static int
r_add_symbol_traits(lua_State *L)
{
  Host *h = check_rules(L);
  static const char *const traits[] = { "reach-any-tile", NULL };
  guint s = check_index(L, 2, meeple_rules_n_symbols(h->rules), "symbol");
  meeple_rules_add_symbol_traits(h->rules, s,
                                 check_flags(L, 3, traits, "symbol trait"));
  return 0;
}

static int
r_set_figure_place_rule(lua_State *L)
{
  Host *h = check_rules(L);
  guint f = check_figure(L, h, 2);
  meeple_rules_set_figure_place_rule(h->rules, f,
                                     lhost_intern(h, L, luaL_checkstring(L, 3)));
  return 0;
}

static int
r_set_figure_kinds(lua_State *L)
{
  Host *h = check_rules(L);
  guint f = check_figure(L, h, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  guint32 kinds = 0;
  for (lua_Integer i = 1; i <= luaL_len(L, 3); i++) {
    lua_geti(L, 3, i);
    lua_Integer k = luaL_checkinteger(L, -1);
    if (k < 0 || k >= 32 || (guint)k >= meeple_rules_n_kinds(h->rules))
      return luaL_error(L, "no kind %d", (int)k);
    kinds |= 1u << k;
    lua_pop(L, 1);
  }
  meeple_rules_set_figure_kinds(h->rules, f, kinds);
  return 0;
}

/* A MeepleLook from table @arg: { ascii = "A", unicode = "A", colour =
 * "seat", shape = "meeple" }; the strings are interned (looks are copied,
 * but interned strings cost nothing to keep). */
static void
check_look(lua_State *L, Host *h, int arg, MeepleLook *look)
{
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_getfield(L, arg, "ascii");
  const char *ascii = luaL_checkstring(L, -1);
  look->ascii = ascii[0];
  lua_getfield(L, arg, "unicode");
  look->unicode = lhost_intern(h, L, luaL_optstring(L, -1, ascii));
  lua_getfield(L, arg, "colour");
  const char *colour = luaL_optstring(L, -1, "none");
  look->colour = MEEPLE_COLOUR_COUNT;
  for (guint c = 0; c < MEEPLE_COLOUR_COUNT; c++)
    if (strcmp(meeple_colour_role_name(c), colour) == 0)
      look->colour = c;
  if (look->colour == MEEPLE_COLOUR_COUNT)
    luaL_error(L, "unknown colour role '%s'", colour);
  lua_getfield(L, arg, "shape");
  look->shape = lhost_intern(h, L, luaL_optstring(L, -1, "meeple"));
  lua_pop(L, 4);
}

static int
r_set_look(lua_State *L)
{
  Host *h = check_rules(L);
  static const char *const what[] = { "figure", "kind", "symbol", NULL };
  int w = luaL_checkoption(L, 2, NULL, what);
  lua_Integer i = luaL_checkinteger(L, 3);
  MeepleLook look;
  check_look(L, h, 4, &look);
  gboolean ok = i >= 0 &&
                (w == 0 ? meeple_rules_set_figure_look(h->rules, (guint)i, &look)
                 : w == 1 ? meeple_rules_set_kind_look(h->rules, (guint)i, &look)
                          : meeple_rules_set_symbol_style(h->rules, (guint)i,
                                                          &look));
  if (!ok)
    return luaL_error(L, "bad look or unknown %s %d", what[w], (int)i);
  return 0;
}

const char *const lhost_effect_names[7] = { "none", "place-tile",
                                           "place-figure", "move-figure",
                                           "remove-figure", "score", NULL };

/* rules:add_action_kind{ name=, description=, fields = {...}, effect =
 * "score", figure = type (or nil: the action's), apply = function } */
static int
r_add_action_kind(lua_State *L)
{
  Host *h = check_rules(L);
  static const char *const field_names[] = { "figure", "segment", "cell",
                                             "arg", NULL };
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "name");
  const char *name = luaL_checkstring(L, -1);
  lua_getfield(L, 2, "description");
  const char *description = luaL_checkstring(L, -1);
  lua_getfield(L, 2, "fields");
  guint32 fields = lua_isnil(L, -1) ? 0 : check_flags(L, lua_gettop(L),
                                                      field_names, "field");
  lua_getfield(L, 2, "effect");
  int what = luaL_checkoption(L, -1, "none", lhost_effect_names);
  lua_getfield(L, 2, "figure");
  int figure = lua_isnil(L, -1) ? MEEPLE_EFFECT_ACTION_FIGURE
                                : (int)check_figure(L, h, lua_gettop(L));
  lua_getfield(L, 2, "apply");
  luaL_checktype(L, -1, LUA_TFUNCTION);
  /* no g_autofree in functions that raise Lua errors: a longjmp skips
   * the cleanup */
  char *what_text = g_strdup_printf("apply %s", name);
  HookRef *ref = lhost_hook_ref(h, L, lua_gettop(L), what_text);
  g_free(what_text);
  extern void lhost_apply(MeepleGame *, const MeepleAction *, gpointer);
  GError *error = NULL;
  int kind = meeple_rules_add_action_kind(
      h->rules, name, description, fields,
      MEEPLE_EFFECT_SPEC((MeepleEffectKind)what, figure), lhost_apply, ref,
      &error);
  if (kind < 0)
    return raise_gerror(L, error);
  guint k = (guint)kind;
  g_array_append_val(h->own_kinds, k);
  lua_pushinteger(L, kind);
  return 1;
}

static int
r_add_decision_kind(lua_State *L)
{
  Host *h = check_rules(L);
  GError *error = NULL;
  int k = meeple_rules_add_decision_kind(h->rules, luaL_checkstring(L, 2),
                                         luaL_checkstring(L, 3), &error);
  if (k < 0)
    return raise_gerror(L, error);
  lua_pushinteger(L, k);
  return 1;
}

/* rules:add_event_type(name [, { fields = {...}, count = "turn", text =
 * "..." }]) */
static int
r_add_event_type(lua_State *L)
{
  Host *h = check_rules(L);
  static const char *const field_names[] = { "seat", "tile", "cell",
                                             "segment", "figure", "kind",
                                             "points", "count", "rule",
                                             NULL };
  const char *name = luaL_checkstring(L, 2);
  GError *error = NULL;
  int t;
  if (lua_isnoneornil(L, 3)) {
    t = meeple_rules_add_event_type(h->rules, name, &error);
  } else {
    luaL_checktype(L, 3, LUA_TTABLE);
    MeepleEventSpec spec = { 0 };
    lua_getfield(L, 3, "fields");
    if (!lua_isnil(L, -1))
      spec.fields = check_flags(L, lua_gettop(L), field_names, "field");
    lua_getfield(L, 3, "count");
    if (!lua_isnil(L, -1))
      spec.count_name = lhost_intern(h, L, luaL_checkstring(L, -1));
    lua_getfield(L, 3, "text");
    if (!lua_isnil(L, -1)) {
      const char *text = luaL_checkstring(L, -1);
      if (strlen(text) > 200)
        return luaL_error(L, "event text longer than 200 bytes");
      /* not a rule id: interned without the 64-byte bound */
      spec.text = g_intern_string(text);
    }
    t = meeple_rules_add_typed_event(h->rules, name, &spec, &error);
  }
  if (t < 0)
    return raise_gerror(L, error);
  lua_pushinteger(L, t);
  return 1;
}

static const char *const hook_names[] = {
  "turn_start", "draw", "place_tile", "place_ghosts", "figure_actions",
  "filter", "after_figure", "feature_value", "feature_scored", "score",
  "figure_removed", "turn_end", "final_scoring", "feature_done", "notes",
  NULL };

/* The effects a filter hook's options name (rules:hook() below). */
static guint32
read_effects(lua_State *L, int t)
{
  if (!lua_istable(L, t))
    luaL_error(L, "hook options: effects is a list of effect names");
  guint32 effects = 0;
  lua_Integer n = luaL_len(L, t);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, t, i);
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                       : NULL;
    guint e = 0;
    while (name && lhost_effect_names[e] &&
           strcmp(lhost_effect_names[e], name) != 0)
      e++;
    if (!name || !lhost_effect_names[e])
      luaL_error(L, "hook options: effects[%d] is not an effect (none, "
                 "place-tile, place-figure, move-figure, remove-figure, "
                 "score)", (int)i);
    effects |= MEEPLE_EFFECT_BIT(e);
    lua_pop(L, 1);
  }
  if (!effects)
    luaL_error(L, "hook options: effects names no effect");
  return effects;
}

/* Reads rules:hook()'s options table at @t: priority, and for filter
 * hooks effects and scope; pushes the scope function (or nil). */
static void
read_hook_options(lua_State *L, int t, int point, int *priority,
                  guint32 *effects)
{
  lua_pushnil(L);
  while (lua_next(L, t)) {
    const char *key =
        lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
    if (key && strcmp(key, "priority") == 0) {
      if (!lua_isinteger(L, -1))
        luaL_error(L, "hook options: priority is an integer");
      *priority = (int)lua_tointeger(L, -1);
    } else if (key && (strcmp(key, "effects") == 0 ||
                       strcmp(key, "scope") == 0)) {
      if (point != MEEPLE_HOOK_FILTER)
        luaL_error(L, "hook options: %s is for filter hooks only", key);
      if (strcmp(key, "effects") == 0)
        *effects = read_effects(L, lua_gettop(L));
      else if (!lua_isfunction(L, -1))
        luaL_error(L, "hook options: scope is a function");
    } else {
      luaL_error(L, "hook options: unknown option %s (priority, effects, "
                 "scope)", key ? key : luaL_typename(L, -2));
    }
    lua_pop(L, 1);
  }
  lua_getfield(L, t, "scope");
}

/* rules:hook(point, function [, priority]); a filter hook may take
 * rules:hook("filter", function, { priority =, effects = { names },
 * scope = function(game, decision, player) }) instead (doc/lua-rulesets.md). */
static int
r_hook(lua_State *L)
{
  Host *h = check_rules(L);
  int point = luaL_checkoption(L, 2, NULL, hook_names);
  luaL_checktype(L, 3, LUA_TFUNCTION);
  int priority = MEEPLE_PRIORITY_DEFAULT;
  guint32 effects = G_MAXUINT32;
  int scope = 0;
  if (lua_istable(L, 4)) {
    read_hook_options(L, 4, point, &priority, &effects);
    scope = lua_isfunction(L, -1) ? lua_gettop(L) : 0;
  } else {
    priority = (int)luaL_optinteger(L, 4, MEEPLE_PRIORITY_DEFAULT);
  }
  lhost_add_hook(h, L, (MeepleHookPoint)point, 3, priority, effects, scope);
  return 0;
}

static int
r_tile_check(lua_State *L)
{
  Host *h = check_rules(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  extern void lhost_add_tile_check(Host *, lua_State *, int);
  lhost_add_tile_check(h, L, 2);
  return 0;
}

static const luaL_Reg rules_methods[] = {
  { "kind", r_kind },
  { "add_kind", r_add_kind },
  { "activate_kind", r_activate_kind },
  { "symbol", r_symbol },
  { "find_figure_type", r_find_figure_type },
  { "find_symbol", r_find_symbol },
  { "add_figure_type", r_add_figure_type },
  { "add_neutral_figure_type", r_add_neutral_figure_type },
  { "add_figure_traits", r_add_figure_traits },
  { "add_symbol_traits", r_add_symbol_traits },
  { "set_figure_place_rule", r_set_figure_place_rule },
  { "set_figure_kinds", r_set_figure_kinds },
  { "set_look", r_set_look },
  { "add_action_kind", r_add_action_kind },
  { "add_decision_kind", r_add_decision_kind },
  { "add_event_type", r_add_event_type },
  { "hook", r_hook },
  { "tile_check", r_tile_check },
  { "api", lhost_rules_api }, /* apis.c */
  { NULL, NULL },
};

void
lhost_push_rules(Host *h)
{
  lua_State *L = h->L;
  Host **hp = lua_newuserdatauv(L, sizeof *hp, 0);
  *hp = h;
  if (luaL_newmetatable(L, RULES_META)) {
    luaL_newlib(L, rules_methods);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
}
