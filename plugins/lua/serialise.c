/* serialise.c — a game's Lua state as canonical text (doc/lua-rulesets.md,
 * "game:state_text()").
 *
 * The same state always gives the same bytes, whatever order its tables
 * were filled in and whatever their hash layout: keys are sorted
 * (integers ascending, then strings bytewise), integers are written as
 * integers, floats with 17 significant digits, strings with escapes of our
 * own.  So a game, its clone and the same game replayed from its record
 * can be compared as text.  What has no canonical text is refused with a
 * message naming the path of the value ("state.figures[3].f: a function
 * cannot be serialised"): functions, userdata, threads, NaN and infinite
 * floats, boolean and float keys, a table reached twice (a cycle or a
 * shared sub-table: writing it once would hide that the copy made when
 * the engine clones a game keeps the sharing, twice would hide a cycle).
 *
 * It runs in C, which the instruction budget does not count, so the text
 * is capped instead (LHOST_STATE_TEXT_MAX) and so is the nesting
 * (LHOST_STATE_DEPTH_MAX): a huge state is refused, it cannot hang.  The
 * walk runs as a protected call: a memory error of Lua's allocator while
 * it pushes keys is an error, not a crash; it changes nothing in Lua. */
#include "lhost.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  GString *out;
  GHashTable *seen;     /* tables already written (lua_topointer) */
  GString *path;        /* "state.figures[3]" of the value being written */
} Walk;

typedef struct {
  gboolean is_string;
  lua_Integer i;
  const char *s;        /* anchored by the table while it is written */
  size_t len;
} Key;

static int
key_compare(const void *a, const void *b)
{
  const Key *x = a, *y = b;
  if (x->is_string != y->is_string)
    return x->is_string ? 1 : -1;     /* integers first */
  if (!x->is_string)
    return x->i < y->i ? -1 : x->i > y->i;
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->s, y->s, n);
  if (c != 0)
    return c;
  return x->len < y->len ? -1 : x->len > y->len;
}

static G_NORETURN void
refuse(lua_State *L, Walk *w, const char *why)
{
  /* the message is built in Lua's memory: luaL_error does not return and
   * our GStrings are freed by the caller */
  lua_pushfstring(L, "%s: %s", w->path->str, why);
  lua_error(L);
  g_assert_not_reached();
}

static void
check_size(lua_State *L, Walk *w)
{
  if (w->out->len > LHOST_STATE_TEXT_MAX)
    refuse(L, w, "the state's text is larger than "
                 G_STRINGIFY(LHOST_STATE_TEXT_MAX) " bytes");
}

/* Checked before a string is copied: one long string must not take C
 * memory beyond the cap (Lua's memory limit does not count our GString). */
static void
room_for(lua_State *L, Walk *w, size_t len)
{
  if (len > LHOST_STATE_TEXT_MAX - MIN(w->out->len, LHOST_STATE_TEXT_MAX))
    refuse(L, w, "the state's text is larger than "
                 G_STRINGIFY(LHOST_STATE_TEXT_MAX) " bytes");
}

static void
write_string(GString *out, const char *s, size_t len)
{
  g_string_append_c(out, '"');
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    switch (c) {
    case '"': g_string_append(out, "\\\""); break;
    case '\\': g_string_append(out, "\\\\"); break;
    case '\n': g_string_append(out, "\\n"); break;
    case '\t': g_string_append(out, "\\t"); break;
    default:
      /* three digits always: a digit after the escape stays a digit;
       * bytes above 126 too: the text is plain ASCII */
      if (c < 32 || c > 126)
        g_string_append_printf(out, "\\%03u", c);
      else
        g_string_append_c(out, (char)c);
    }
  }
  g_string_append_c(out, '"');
}

static gboolean
is_name(const char *s, size_t len)
{
  static const char *const reserved[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for",
    "function", "goto", "if", "in", "local", "nil", "not", "or", "repeat",
    "return", "then", "true", "until", "while" };
  if (len == 0 || g_ascii_isdigit(s[0]))
    return FALSE;
  for (size_t i = 0; i < len; i++)
    if (!g_ascii_isalnum(s[i]) && s[i] != '_')
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS(reserved); i++)
    if (strlen(reserved[i]) == len && memcmp(reserved[i], s, len) == 0)
      return FALSE;
  return TRUE;
}

static void write_value(lua_State *L, Walk *w, int index, int depth);

static void
write_table(lua_State *L, Walk *w, int t, int depth)
{
  int top = lua_gettop(L);
  if (depth > LHOST_STATE_DEPTH_MAX)
    refuse(L, w, "tables nested deeper than "
                 G_STRINGIFY(LHOST_STATE_DEPTH_MAX) " levels");
  /* a read-only table of the script (upvalues.c): its contents */
  if (lhost_readonly_original(L, t))
    t = lua_gettop(L);
  const void *id = lua_topointer(L, t);
  if (g_hash_table_contains(w->seen, id))
    refuse(L, w, "a table reached twice (a cycle or a shared table) "
                 "cannot be serialised");
  g_hash_table_add(w->seen, (gpointer)id);
  if (!lua_checkstack(L, 8))
    refuse(L, w, "tables nested too deeply");

  /* the keys, in Lua's memory (freed with the stack on an error) */
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    n++;
  }
  Key *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys + 1, 0);
  lua_Integer k = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    Key *key = &keys[k++];
    if (lua_type(L, -1) == LUA_TSTRING) {
      key->is_string = TRUE;
      key->s = lua_tolstring(L, -1, &key->len);
    } else if (lua_isinteger(L, -1)) {
      key->is_string = FALSE;
      key->i = lua_tointeger(L, -1);
    } else {
      const char *what = lua_type(L, -1) == LUA_TNUMBER
                             ? "a float key cannot be serialised"
                             : lua_pushfstring(L, "a %s key cannot be "
                                               "serialised",
                                               luaL_typename(L, -1));
      refuse(L, w, what);
    }
  }
  qsort(keys, (size_t)n, sizeof *keys, key_compare);

  g_string_append_c(w->out, '{');
  gsize path_len = w->path->len;
  for (lua_Integer i = 0; i < n; i++) {
    const Key *key = &keys[i];
    if (i > 0)
      g_string_append_c(w->out, ',');
    if (key->is_string)
      room_for(L, w, key->len);
    if (key->is_string && is_name(key->s, key->len)) {
      g_string_append_len(w->out, key->s, (gssize)key->len);
      g_string_append_c(w->path, '.');
      g_string_append_len(w->path, key->s, (gssize)key->len);
    } else if (key->is_string) {
      g_string_append_c(w->out, '[');
      write_string(w->out, key->s, key->len);
      g_string_append_c(w->out, ']');
      g_string_append_c(w->path, '[');
      write_string(w->path, key->s, key->len);
      g_string_append_c(w->path, ']');
    } else {
      g_string_append_printf(w->out, "[" LUA_INTEGER_FMT "]", key->i);
      g_string_append_printf(w->path, "[" LUA_INTEGER_FMT "]", key->i);
    }
    g_string_append_c(w->out, '=');
    if (key->is_string)
      lua_pushlstring(L, key->s, key->len);
    else
      lua_pushinteger(L, key->i);
    lua_rawget(L, t);
    write_value(L, w, lua_gettop(L), depth + 1);
    lua_pop(L, 1);
    g_string_truncate(w->path, path_len);
    check_size(L, w);
  }
  g_string_append_c(w->out, '}');
  lua_settop(L, top);
}

static void
write_value(lua_State *L, Walk *w, int index, int depth)
{
  switch (lua_type(L, index)) {
  case LUA_TNIL:
    g_string_append(w->out, "nil");
    break;
  case LUA_TBOOLEAN:
    g_string_append(w->out, lua_toboolean(L, index) ? "true" : "false");
    break;
  case LUA_TNUMBER:
    if (lua_isinteger(L, index)) {
      g_string_append_printf(w->out, LUA_INTEGER_FMT,
                             lua_tointeger(L, index));
    } else {
      double d = (double)lua_tonumber(L, index);
      if (isnan(d))
        refuse(L, w, "NaN cannot be serialised");
      if (isinf(d))
        refuse(L, w, "an infinite number cannot be serialised");
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd(buf, sizeof buf, "%.17g", d);
      g_string_append(w->out, buf);
      /* a float stays a float when read back: 2.0, not 2 */
      if (!strpbrk(buf, ".e"))
        g_string_append(w->out, ".0");
    }
    break;
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(L, index, &len);
    room_for(L, w, len);
    write_string(w->out, s, len);
    break;
  }
  case LUA_TTABLE:
    write_table(L, w, lua_absindex(L, index), depth);
    break;
  default:
    refuse(L, w, lua_pushfstring(L, "a %s cannot be serialised",
                                 luaL_typename(L, index)));
  }
}

/* serialise(table, walk) → text: the protected part */
static int
serialise(lua_State *L)
{
  Walk *w = lua_touserdata(L, 2);
  write_value(L, w, 1, 0);
  lua_pushlstring(L, w->out->str, w->out->len);
  return 1;
}

gboolean
lhost_state_push_text(Host *h, lua_State *L, MeepleGame *game)
{
  const char *broken = NULL;
  int ref = lhost_state_ref(h, game, &broken);
  if (ref == LUA_NOREF) {
    lua_pushfstring(L, "the game's state is not available (%s)",
                    broken ? broken : "state() is still running");
    return FALSE;
  }
  Walk w = { g_string_new(NULL), g_hash_table_new(NULL, NULL),
             g_string_new("state") };
  lua_pushcfunction(L, serialise);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushlightuserdata(L, &w);
  /* Lua errors stay inside: nothing of ours to free is skipped */
  int status = lua_pcall(L, 2, 1, 0);
  g_string_free(w.out, TRUE);
  g_string_free(w.path, TRUE);
  g_hash_table_destroy(w.seen);
  if (status != LUA_OK && lua_type(L, -1) != LUA_TSTRING) {
    lua_pop(L, 1);
    lua_pushliteral(L, "the state cannot be serialised");
  }
  return status == LUA_OK;
}

gboolean
lhost_state_serialise(Host *h, MeepleGame *game, GString *out,
                      GError **error)
{
  g_rec_mutex_lock(&lhost_lock);
  lua_State *L = h->L;
  size_t len;
  gboolean ok = lhost_state_push_text(h, L, game);
  const char *text = lua_tolstring(L, -1, &len);
  if (ok)
    g_string_append_len(out, text, (gssize)len);
  else
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK, "%s", text);
  lua_pop(L, 1);
  g_rec_mutex_unlock(&lhost_lock);
  return ok;
}
