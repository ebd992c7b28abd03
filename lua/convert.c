/* convert.c — libmeeple-client's structs as plain Lua tables.  Lists
 * are Lua sequences (from 1), and seats are numbered from 1 as meeple
 * shows them (the D-Bus API counts from 0: LMEEPLE_SEAT()), so seat s
 * of a state is state.seats[s]. */
#include "config.h"

#include "lmeeple.h"

static void
set_string(lua_State *L, const char *key, const char *value)
{
  lua_pushstring(L, value ? value : "");
  lua_setfield(L, -2, key);
}

/* Strings that mean "not used" ("" or NULL) are left out. */
static void
set_optional(lua_State *L, const char *key, const char *value)
{
  if (value && *value) {
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
  }
}

static void
set_integer(lua_State *L, const char *key, lua_Integer value)
{
  lua_pushinteger(L, value);
  lua_setfield(L, -2, key);
}

static void
set_boolean(lua_State *L, const char *key, gboolean value)
{
  lua_pushboolean(L, value);
  lua_setfield(L, -2, key);
}

void
lmeeple_push_strv(lua_State *L, char **strv)
{
  guint n = strv ? g_strv_length(strv) : 0;
  lua_createtable(L, (int)n, 0);
  for (guint i = 0; i < n; i++) {
    lua_pushstring(L, strv[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

void
lmeeple_validate_strv(lua_State *L, int index, int arg, const char *what)
{
  index = lua_absindex(L, index);
  if (lua_type(L, index) == LUA_TSTRING)
    return;
  if (!lua_istable(L, index))
    luaL_argerror(L, arg, lua_pushfstring(L, "%s: table of strings "
                                          "expected, got %s", what,
                                          luaL_typename(L, index)));
  lua_Integer n = luaL_len(L, index);
  for (lua_Integer i = 1; i <= n; i++) {
    if (lua_geti(L, index, i) != LUA_TSTRING)
      luaL_argerror(L, arg, lua_pushfstring(L, "%s[%d]: string expected, "
                                            "got %s", what, (int)i,
                                            luaL_typename(L, -1)));
    lua_pop(L, 1);
  }
}

char **
lmeeple_check_strv(lua_State *L, int index, int arg, const char *what)
{
  /* Checked before anything is allocated: an argument error does not
   * return. */
  lmeeple_validate_strv(L, index, arg, what);
  index = lua_absindex(L, index);
  if (lua_type(L, index) == LUA_TSTRING) {
    char **words = g_strsplit(lua_tostring(L, index), ",", -1);
    GPtrArray *kept = g_ptr_array_new();
    for (char **w = words; *w; w++) {
      g_strstrip(*w);
      if (**w)
        g_ptr_array_add(kept, g_strdup(*w));
    }
    g_strfreev(words);
    g_ptr_array_add(kept, NULL);
    return (char **)g_ptr_array_free(kept, FALSE);
  }
  lua_Integer n = luaL_len(L, index);
  char **strv = g_new0(char *, n + 1);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_geti(L, index, i);
    strv[i - 1] = g_strdup(lua_tostring(L, -1));
    lua_pop(L, 1);
  }
  return strv;
}

void
lmeeple_push_action(lua_State *L, const MeepleClientAction *a, guint index)
{
  lua_createtable(L, 0, 10);
  set_integer(L, "index", index);
  set_string(L, "notation", a->notation);
  set_string(L, "kind", a->kind);
  set_optional(L, "tile", a->tile);
  set_integer(L, "x", a->x);
  set_integer(L, "y", a->y);
  set_integer(L, "rotation", a->rotation);
  set_optional(L, "segment", a->segment);
  set_optional(L, "figure", a->figure);
  set_integer(L, "arg", a->arg);
}

void
lmeeple_push_decision(lua_State *L, const MeepleClientDecision *d)
{
  lua_createtable(L, 0, 5);
  set_integer(L, "id", (lua_Integer)d->id);
  set_integer(L, "seat", LMEEPLE_SEAT(d->seat));
  set_string(L, "kind", d->kind);
  set_string(L, "description", d->description);
  lua_createtable(L, (int)d->actions->len, 0);
  for (guint i = 0; i < d->actions->len; i++) {
    lmeeple_push_action(L, g_ptr_array_index(d->actions, i), i + 1);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "actions");
}

void
lmeeple_push_event(lua_State *L, const MeepleClientEvent *e)
{
  lua_createtable(L, 0, 8);
  set_integer(L, "sequence", (lua_Integer)e->sequence);
  set_string(L, "type", e->type);
  if (e->seat >= 0)
    set_integer(L, "seat", LMEEPLE_SEAT(e->seat));
  set_optional(L, "tile", e->tile);
  set_optional(L, "segment", e->segment);
  set_optional(L, "figure", e->figure);
  set_optional(L, "kind", e->kind);
  set_optional(L, "rule", e->rule);
  if (e->has_xy) {
    set_integer(L, "x", e->x);
    set_integer(L, "y", e->y);
  }
  if (e->has_points)
    set_integer(L, "points", e->points);
  if (e->has_arg)
    set_integer(L, "arg", e->arg);
}

static void
push_seat(lua_State *L, const MeepleClientSeat *s, guint number)
{
  lua_createtable(L, 0, 7);
  set_integer(L, "seat", LMEEPLE_SEAT(number));
  set_string(L, "name", s->name);
  set_string(L, "kind", s->kind);
  set_boolean(L, "taken", s->taken);
  set_boolean(L, "connected", s->connected);
  set_integer(L, "score", s->score);
  lua_newtable(L);
  if (s->supply) {
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, s->supply);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
      lua_pushinteger(L, GPOINTER_TO_UINT(value));
      lua_setfield(L, -2, key);
    }
  }
  lua_setfield(L, -2, "supply");
}

void
lmeeple_push_state(lua_State *L, const MeepleClientState *s)
{
  lua_createtable(L, 0, 20);
  set_string(L, "id", s->id);
  set_string(L, "name", s->name);
  set_string(L, "status", s->status);
  set_string(L, "phase", s->phase);
  set_optional(L, "drawn_tile", s->drawn_tile);
  lmeeple_push_strv(L, s->rules);
  lua_setfield(L, -2, "rules");
  set_integer(L, "turn", s->turn);
  set_integer(L, "active_seat", LMEEPLE_SEAT(s->active_seat));
  set_integer(L, "tiles_left", s->tiles_left);
  set_integer(L, "discarded", s->discarded);
  set_integer(L, "sequence", (lua_Integer)s->sequence);
  set_integer(L, "decision", (lua_Integer)s->decision);

  lua_createtable(L, (int)s->seats->len, 0);
  for (guint i = 0; i < s->seats->len; i++) {
    push_seat(L, g_ptr_array_index(s->seats, i), i);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "seats");
  /* The scores alone, as the seats give them (a list from 1). */
  lua_createtable(L, (int)s->seats->len, 0);
  for (guint i = 0; i < s->seats->len; i++) {
    const MeepleClientSeat *seat = g_ptr_array_index(s->seats, i);
    lua_pushinteger(L, seat->score);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "scores");

  lua_createtable(L, (int)s->board->len, 0);
  for (guint i = 0; i < s->board->len; i++) {
    const MeepleClientTile *t = g_ptr_array_index(s->board, i);
    lua_createtable(L, 0, 4);
    set_string(L, "tile", t->tile);
    set_integer(L, "x", t->x);
    set_integer(L, "y", t->y);
    set_integer(L, "rotation", t->rotation);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "board");

  lua_createtable(L, (int)s->figures->len, 0);
  for (guint i = 0; i < s->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(s->figures, i);
    lua_createtable(L, 0, 5);
    set_string(L, "type", f->type);
    if (f->owner >= 0)
      set_integer(L, "owner", LMEEPLE_SEAT(f->owner));
    set_integer(L, "x", f->x);
    set_integer(L, "y", f->y);
    set_optional(L, "segment", f->segment);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "figures");

  lua_createtable(L, (int)s->winners->len, 0);
  for (guint i = 0; i < s->winners->len; i++) {
    lua_pushinteger(L, LMEEPLE_SEAT(g_array_index(s->winners, guint, i)));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "winners");
  lmeeple_push_strv(L, s->set_aside);
  lua_setfield(L, -2, "set_aside");

  guint n_notes = s->note_labels ? g_strv_length(s->note_labels) : 0;
  lua_createtable(L, (int)n_notes, 0);
  for (guint i = 0; i < n_notes; i++) {
    lua_createtable(L, 0, 2);
    set_string(L, "label", s->note_labels[i]);
    set_string(L, "text", s->note_texts ? s->note_texts[i] : "");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "notes");
}

static const char *const shape_names[] = { "edge", "field", "surround",
                                           "spot" };
static const char *const edge_names[] = { "field", "road", "city" };

static const char *
name_of(const char *const *names, guint n, guint value)
{
  return value < n ? names[value] : "unknown";
}

/* One tile type: its edges (north, east, south, west) by terrain name,
 * and its segments by name with their kind and the sides they touch. */
static void
push_tile_type(lua_State *L, const MeepleTileType *t,
               const MeepleClientCatalog *c)
{
  lua_createtable(L, 0, 5);
  set_string(L, "id", t->id);
  set_string(L, "tileset", t->tileset);
  set_integer(L, "count", t->count);
  lua_createtable(L, 4, 0);
  for (int side = 0; side < 4; side++) {
    lua_pushstring(L, name_of(edge_names, G_N_ELEMENTS(edge_names),
                              t->edges[side]));
    lua_rawseti(L, -2, side + 1);
  }
  lua_setfield(L, -2, "edges");
  lua_createtable(L, 0, t->n_segments);
  for (guint i = 0; i < t->n_segments; i++) {
    const MeepleSegment *seg = &t->segments[i];
    const MeepleClientKind *kind =
      seg->kind < c->kinds->len ? g_ptr_array_index(c->kinds, seg->kind)
                                : NULL;
    lua_createtable(L, 0, 4);
    set_string(L, "name", seg->name);
    set_string(L, "kind", kind ? kind->name : "unknown");
    set_string(L, "shape", kind ? name_of(shape_names,
                                          G_N_ELEMENTS(shape_names),
                                          kind->shape) : "unknown");
    set_integer(L, "edges", seg->edges);
    set_integer(L, "pennants", seg->pennants);
    lua_setfield(L, -2, seg->name);
  }
  lua_setfield(L, -2, "segments");
}

void
lmeeple_push_catalog(lua_State *L, const MeepleClientCatalog *c)
{
  lua_createtable(L, 0, 4);
  lua_createtable(L, (int)c->kinds->len, 0);
  for (guint i = 0; i < c->kinds->len; i++) {
    const MeepleClientKind *k = g_ptr_array_index(c->kinds, i);
    lua_createtable(L, 0, 3);
    set_string(L, "name", k->name);
    set_string(L, "code", k->code);
    set_string(L, "shape", name_of(shape_names, G_N_ELEMENTS(shape_names),
                                   k->shape));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "kinds");
  lua_createtable(L, (int)c->figure_types->len, 0);
  for (guint i = 0; i < c->figure_types->len; i++) {
    const MeepleClientFigureType *f = g_ptr_array_index(c->figure_types, i);
    lua_createtable(L, 0, 2);
    set_string(L, "name", f->name);
    set_boolean(L, "neutral", f->neutral);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "figures");
  lua_createtable(L, (int)c->symbols->len, 0);
  for (guint i = 0; i < c->symbols->len; i++) {
    lua_pushstring(L, g_ptr_array_index(c->symbols, i));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "symbols");
  lua_createtable(L, 0, (int)c->tiles->len);
  for (guint i = 0; i < c->tiles->len; i++) {
    const MeepleTileType *t = &g_array_index(c->tiles, MeepleTileType, i);
    push_tile_type(L, t, c);
    lua_setfield(L, -2, t->id);
  }
  lua_setfield(L, -2, "tiles");
}

void
lmeeple_push_ruleset(lua_State *L, const MeepleClientRuleSet *r)
{
  lua_createtable(L, 0, 4);
  set_string(L, "id", r->id);
  set_string(L, "name", r->name);
  set_string(L, "version", r->version);
  lmeeple_push_strv(L, r->requires);
  lua_setfield(L, -2, "requires");
}

void
lmeeple_push_summary(lua_State *L, const MeepleClientGameSummary *s)
{
  lua_createtable(L, 0, 9);
  set_string(L, "id", s->id);
  set_string(L, "path", s->path);
  set_string(L, "name", s->name);
  set_string(L, "status", s->status);
  lmeeple_push_strv(L, s->rules);
  lua_setfield(L, -2, "rules");
  set_integer(L, "seats", s->seats);
  set_integer(L, "free_seats", s->free_seats);
  set_string(L, "reason", s->reason);
  set_string(L, "supply", s->supply);
}

void
lmeeple_push_history_entry(lua_State *L, const MeepleClientHistoryEntry *h)
{
  lua_createtable(L, 0, 6);
  set_string(L, "id", h->id);
  set_string(L, "name", h->name);
  set_string(L, "rules", h->rules);
  set_integer(L, "seats", h->seats);
  set_integer(L, "finished", h->finished);
  set_string(L, "result", h->result);
}
