/* marshal.c — sessions as D-Bus values, typed actions back (marshal.h). */
#include "config.h"

#include <string.h>

#include <meeple/plugin.h>

#include "dbus/names.h"
#include "dbus/variant.h"

#include "errors.h"
#include "marshal.h"

/* ---- names ---------------------------------------------------------- */

static const char *
kind_name(const MeepleRules *rules, guint kind)
{
  return kind < meeple_rules_n_kinds(rules)
           ? meeple_rules_kind(rules, kind)->name
           : "";
}

static const char *
figure_name(const MeepleRules *rules, guint type)
{
  return type < meeple_rules_n_figure_types(rules)
           ? meeple_rules_figure_type(rules, type)->name
           : "";
}

static const char *
tile_id(const MeepleRules *rules, guint type)
{
  return type < meeple_rules_n_tile_types(rules)
           ? meeple_rules_tile_type(rules, type)->id
           : "";
}

/* Name of segment @segment of the tile on the board at (x, y); NULL when
 * there is no such tile or segment. */
static const char *
segment_name(const MeepleGame *game, int x, int y, guint segment)
{
  MeeplePlacedTile placed;
  if (!meeple_game_tile_at(game, x, y, &placed))
    return NULL;
  const MeepleTileType *t =
    meeple_rules_tile_type(meeple_game_rules(game), placed.type);
  return segment < t->n_segments ? t->segments[segment].name : NULL;
}

static const char *const shape_names[] = { "edge", "field", "surround",
                                           "spot" };

/* ---- actions -------------------------------------------------------- */

/* The fields of one action as the API shows them. */
typedef struct {
  const char *kind;
  const char *tile;
  int x, y;
  guint rotation;
  const char *segment;
  const char *figure;
  guint8 arg;
} ActionFields;

/* MeepleActionFields of an action kind: the core registers its own kinds
 * with them too (place: the cell; figure: figure, segment, cell). */
static guint
kind_uses(const MeepleRules *rules, guint kind)
{
  return kind < meeple_rules_n_action_kinds(rules)
           ? meeple_rules_action_kind(rules, kind)->fields
           : 0;
}

static void
action_fields(const MeepleGame *game, const MeepleAction *a, ActionFields *f)
{
  const MeepleRules *rules = meeple_game_rules(game);
  guint uses = kind_uses(rules, a->kind);
  memset(f, 0, sizeof *f);
  f->kind = a->kind < meeple_rules_n_action_kinds(rules)
              ? meeple_rules_action_kind(rules, a->kind)->name
              : "";
  f->tile = a->kind == MEEPLE_ACTION_PLACE_TILE ? tile_id(rules, a->tile) : "";
  f->rotation = a->kind == MEEPLE_ACTION_PLACE_TILE ? a->rotation : 0;
  if (uses & (MEEPLE_ACTION_USES_CELL | MEEPLE_ACTION_USES_SEGMENT)) {
    f->x = a->x;
    f->y = a->y;
  }
  const char *seg = (uses & MEEPLE_ACTION_USES_SEGMENT)
                      ? segment_name(game, a->x, a->y, a->segment)
                      : NULL;
  f->segment = seg ? seg : "";
  f->figure = (uses & MEEPLE_ACTION_USES_FIGURE) ? figure_name(rules, a->figure)
                                                 : "";
  f->arg = (uses & MEEPLE_ACTION_USES_ARG) ? a->arg : 0;
}

/* Appending with libdbus directly: the decision list and the events go
 * out after every act, and building GVariants first would double their
 * cost (see the README's figures). */

static dbus_bool_t
append_string(DBusMessageIter *iter, const char *value)
{
  return dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &value);
}

gboolean
marshal_append_actions(DBusMessageIter *iter, const Session *s,
                       const MeepleDecision *d)
{
  DBusMessageIter array;
  if (!dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY,
                                        MEEPLE_DBUS_ACTION_SIG, &array))
    return FALSE;
  gboolean ok = TRUE;
  GString *text = g_string_sized_new(64);
  for (gsize i = 0; ok && i < d->n_actions; i++) {
    ActionFields f;
    action_fields(s->game, &d->actions[i], &f);
    g_string_truncate(text, 0);
    meeple_action_append_string(s->game, &d->actions[i], text);
    const char *notation = text->str;
    dbus_int32_t x = f.x, y = f.y;
    dbus_uint32_t rotation = f.rotation;
    unsigned char arg = f.arg;
    DBusMessageIter st;
    ok = dbus_message_iter_open_container(&array, DBUS_TYPE_STRUCT, NULL,
                                          &st) &&
         append_string(&st, notation) && append_string(&st, f.kind) &&
         append_string(&st, f.tile) &&
         dbus_message_iter_append_basic(&st, DBUS_TYPE_INT32, &x) &&
         dbus_message_iter_append_basic(&st, DBUS_TYPE_INT32, &y) &&
         dbus_message_iter_append_basic(&st, DBUS_TYPE_UINT32, &rotation) &&
         append_string(&st, f.segment) && append_string(&st, f.figure) &&
         dbus_message_iter_append_basic(&st, DBUS_TYPE_BYTE, &arg) &&
         dbus_message_iter_close_container(&array, &st);
  }
  g_string_free(text, TRUE);
  return dbus_message_iter_close_container(iter, &array) && ok;
}

/* Keys an Act dictionary may hold, with their types. */
static const struct {
  const char *key;
  const char *type;
} action_keys[] = {
  { "index", "u" },    { "notation", "s" }, { "kind", "s" },
  { "tile", "s" },     { "x", "i" },        { "y", "i" },
  { "rotation", "u" }, { "segment", "s" },  { "figure", "s" },
  { "arg", "y" },      { "decision", "t" },
};

static const char *
expected_type(const char *key)
{
  for (gsize i = 0; i < G_N_ELEMENTS(action_keys); i++)
    if (strcmp(action_keys[i].key, key) == 0)
      return action_keys[i].type;
  return NULL;
}

gboolean
marshal_read_action(DBusMessageIter *dict, MarshalAction *req,
                    GError **error)
{
  memset(req, 0, sizeof *req);
  DBusMessageIter entries = *dict, entry, value;
  gboolean typed = FALSE;
  guint ways = 0;
  dbus_message_iter_recurse(dict, &entries);
  for (; dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY;
       dbus_message_iter_next(&entries)) {
    const char *key;
    dbus_message_iter_recurse(&entries, &entry);
    dbus_message_iter_get_basic(&entry, &key);
    dbus_message_iter_next(&entry);
    dbus_message_iter_recurse(&entry, &value);
    const char *type = expected_type(key);
    if (!type) {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                  "An action has no key \"%s\" (keys: index, notation, kind, "
                  "tile, x, y, rotation, segment, figure, arg, decision).",
                  meepled_q(key));
      return FALSE;
    }
    /* Every key's type is one basic type, so one character says it. */
    if (dbus_message_iter_get_arg_type(&value) != type[0]) {
      char *got = dbus_message_iter_get_signature(&value);
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                  "The action's \"%s\" must be of type %s, not %s.", meepled_q(key), type,
                  got);
      dbus_free(got);
      return FALSE;
    }
    if (strcmp(key, "decision") == 0) {
      req->has_guard = TRUE;
      dbus_message_iter_get_basic(&value, &req->guard);
    } else if (strcmp(key, "index") == 0) {
      req->has_index = TRUE;
      dbus_message_iter_get_basic(&value, &req->index);
      ways++;
    } else if (strcmp(key, "notation") == 0) {
      dbus_message_iter_get_basic(&value, &req->notation);
      ways++;
    } else if (strcmp(key, "kind") == 0) {
      typed = TRUE;
      ways++;
    }
  }
  if (ways != 1) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "An action gives exactly one of \"index\", \"notation\" and "
                "\"kind\" (this one gives %u).", ways);
    return FALSE;
  }
  /* Typed actions are rare (bots send an index, people notation): only
   * they pay for a GVariant of the whole dictionary. */
  if (typed)
    req->typed = meeple_dbus_iter_get_variant(dict);
  return TRUE;
}

void
marshal_action_clear(MarshalAction *req)
{
  if (req->typed)
    g_variant_unref(req->typed);
  req->typed = NULL;
}

/* Whether legal action @a has every field @dict gives. */
static gboolean
fields_match(const Session *s, const MeepleAction *a, GVariant *dict)
{
  ActionFields f;
  action_fields(s->game, a, &f);
  const char *str;
  gint32 i32;
  guint32 u32;
  guint8 byte;
  if (g_variant_lookup(dict, "kind", "&s", &str) && strcmp(str, f.kind))
    return FALSE;
  if (g_variant_lookup(dict, "tile", "&s", &str) && strcmp(str, f.tile))
    return FALSE;
  if (g_variant_lookup(dict, "segment", "&s", &str) && strcmp(str, f.segment))
    return FALSE;
  if (g_variant_lookup(dict, "figure", "&s", &str) && strcmp(str, f.figure))
    return FALSE;
  if (g_variant_lookup(dict, "x", "i", &i32) && i32 != f.x)
    return FALSE;
  if (g_variant_lookup(dict, "y", "i", &i32) && i32 != f.y)
    return FALSE;
  if (g_variant_lookup(dict, "rotation", "u", &u32) && u32 != f.rotation)
    return FALSE;
  if (g_variant_lookup(dict, "arg", "y", &byte) && byte != f.arg)
    return FALSE;
  return TRUE;
}

/* Names in a typed action must exist in the game's rules: a typo is a
 * malformed request, not a move the rules forbid. */
static gboolean
check_names(const Session *s, GVariant *dict, GError **error)
{
  const char *str;
  if (g_variant_lookup(dict, "kind", "&s", &str) &&
      meeple_rules_find_action_kind(s->rules, str) < 0) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "There is no action kind \"%s\" in this game.", meepled_q(str));
    return FALSE;
  }
  if (g_variant_lookup(dict, "tile", "&s", &str) && *str &&
      meeple_rules_find_tile_type(s->rules, str) < 0) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "There is no tile \"%s\" in this game.", meepled_q(str));
    return FALSE;
  }
  if (g_variant_lookup(dict, "figure", "&s", &str) && *str &&
      meeple_rules_find_figure_type(s->rules, str) < 0) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "There is no figure type \"%s\" in this game.", meepled_q(str));
    return FALSE;
  }
  return TRUE;
}

static gboolean
resolve_typed(const Session *s, const MeepleDecision *d, GVariant *dict,
              MeepleAction *action, GError **error)
{
  if (!check_names(s, dict, error))
    return FALSE;
  gsize found = d->n_actions, matches = 0;
  for (gsize i = 0; i < d->n_actions; i++)
    if (fields_match(s, &d->actions[i], dict)) {
      if (matches++ == 0)
        found = i;
    }
  if (matches == 0) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_ILLEGAL_ACTION,
                "No legal action of this decision has these fields.");
    return FALSE;
  }
  if (matches > 1) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "These fields fit %" G_GSIZE_FORMAT " legal actions; give "
                "every field of the one you mean.", matches);
    return FALSE;
  }
  *action = d->actions[found];
  return TRUE;
}

gboolean
marshal_resolve_action(const Session *s, const MeepleDecision *d,
                       const MarshalAction *req, MeepleAction *action,
                       GError **error)
{
  if (req->has_index) {
    if (req->index >= d->n_actions) {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_ILLEGAL_ACTION,
                  "There is no legal action %u: the decision has %" G_GSIZE_FORMAT
                  " (0 to %" G_GSIZE_FORMAT ").",
                  req->index, d->n_actions, d->n_actions - 1);
      return FALSE;
    }
    *action = d->actions[req->index];
    return TRUE;
  }
  if (req->notation) {
    GError *local = NULL;
    guint column = 0;
    if (!meeple_action_parse(s->game, req->notation, action, &column,
                             &local)) {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                  "\"%s\", column %u: %s", meepled_q(req->notation), column,
                  local->message);
      g_error_free(local);
      return FALSE;
    }
    /* The notation only names an action: it must be checked before it
     * is stored (take_action stores before it applies). */
    return session_check_action(s, action, error);
  }
  if (!req->typed) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED,
                "The action could not be read.");
    return FALSE;
  }
  return resolve_typed(s, d, req->typed, action, error);
}

/* ---- state ---------------------------------------------------------- */

static GVariant *
seat_dict(const Session *s, guint p)
{
  const MeepleRules *rules = s->rules;
  const SessionSeat *seat = &s->seats[p];
  GVariantBuilder supply;
  g_variant_builder_init(&supply, G_VARIANT_TYPE("a{su}"));
  for (guint t = 0; t < meeple_rules_n_figure_types(rules); t++) {
    const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
    if (type->per_player > 0)
      g_variant_builder_add(&supply, "{su}", type->name,
                            meeple_game_supply(s->game, p, t));
  }
  GVariantBuilder d;
  g_variant_builder_init(&d, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&d, "{sv}", "name", g_variant_new_string(seat->name));
  g_variant_builder_add(&d, "{sv}", "kind", g_variant_new_string(seat->kind));
  g_variant_builder_add(&d, "{sv}", "taken", g_variant_new_boolean(seat->taken));
  g_variant_builder_add(&d, "{sv}", "connected",
                        g_variant_new_boolean(seat->holder != NULL));
  g_variant_builder_add(&d, "{sv}", "score",
                        g_variant_new_int32(meeple_game_score(s->game, p)));
  g_variant_builder_add(&d, "{sv}", "supply", g_variant_builder_end(&supply));
  return g_variant_builder_end(&d);
}

static GVariant *
board(const Session *s)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(siiu)"));
  for (guint i = 0; i < meeple_game_n_placed(s->game); i++) {
    MeeplePlacedTile t = meeple_game_placed(s->game, i);
    g_variant_builder_add(&b, "(siiu)", tile_id(s->rules, t.type), t.x, t.y,
                          t.rotation);
  }
  return g_variant_builder_end(&b);
}

static GVariant *
figures(const Session *s)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(siiis)"));
  for (guint i = 0; i < meeple_game_n_figures(s->game); i++) {
    MeepleFigureInfo f = meeple_game_figure(s->game, i);
    if (!f.on_board)
      continue;
    const char *seg = segment_name(s->game, f.x, f.y, f.segment);
    g_variant_builder_add(&b, "(siiis)", figure_name(s->rules, f.type),
                          f.owner, f.x, f.y, seg ? seg : "");
  }
  return g_variant_builder_end(&b);
}

/* The rule sets' public notes (meeple_game_notes()): what the board does
 * not show, such as the big top's face-down token (CIRCUS-05). */
static GVariant *
notes(const Session *s)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(ss)"));
  g_autoptr(GPtrArray) lines = meeple_game_notes(s->game);
  for (guint i = 0; i < lines->len; i++) {
    const MeepleNote *note = g_ptr_array_index(lines, i);
    g_variant_builder_add(&b, "(ss)", note->label, note->text);
  }
  return g_variant_builder_end(&b);
}

/* Tiles set aside face up (PD-08): public, unlike the supply's order. */
static GVariant *
set_aside(const Session *s)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("as"));
  for (guint i = 0; i < meeple_game_n_set_aside(s->game); i++)
    g_variant_builder_add(&b, "s",
                          tile_id(s->rules, meeple_game_set_aside(s->game, i)));
  return g_variant_builder_end(&b);
}

static GVariant *
winners(const Session *s)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("au"));
  for (guint i = 0; i < s->events->len; i++) {
    const MeepleEvent *e = &g_array_index(s->events, MeepleEvent, i);
    if (e->type == MEEPLE_EVENT_WINNER && e->player >= 0)
      g_variant_builder_add(&b, "u", (guint32)e->player);
  }
  return g_variant_builder_end(&b);
}

GVariant *
marshal_seats(const Session *s)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(ssbb)"));
  for (guint i = 0; i < s->n_seats; i++)
    g_variant_builder_add(&b, "(ssbb)", s->seats[i].name, s->seats[i].kind,
                          s->seats[i].taken, s->seats[i].holder != NULL);
  return g_variant_builder_end(&b);
}

static GVariant *
rules_ids(const MeepleRules *rules)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("as"));
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++)
    g_variant_builder_add(&b, "s", meeple_rules_ruleset(rules, i)->id);
  return g_variant_builder_end(&b);
}

GVariant *
marshal_state(const Session *s)
{
  MeepleGame *game = s->game;
  int drawn = meeple_game_drawn_tile(game);
  GVariantBuilder seats;
  g_variant_builder_init(&seats, G_VARIANT_TYPE("aa{sv}"));
  for (guint p = 0; p < s->n_seats; p++)
    g_variant_builder_add_value(&seats, seat_dict(s, p));

  GVariantBuilder d;
  g_variant_builder_init(&d, G_VARIANT_TYPE("a{sv}"));
#define ADD(key, value) g_variant_builder_add(&d, "{sv}", key, value)
  ADD("id", g_variant_new_string(s->id));
  ADD("name", g_variant_new_string(s->name));
  ADD("rules", rules_ids(s->rules));
  ADD("status", g_variant_new_string(session_status_name(session_status(s))));
  ADD("supply", g_variant_new_string(session_supply_name(s->supply)));
  ADD("phase", g_variant_new_string(
                 meeple_phase_name(meeple_game_phase(game))));
  ADD("turn", g_variant_new_uint32(meeple_game_turn(game)));
  ADD("active-seat", g_variant_new_uint32(meeple_game_active_player(game)));
  ADD("tiles-left", g_variant_new_uint32(meeple_game_tiles_left(game)));
  ADD("drawn-tile",
      g_variant_new_string(drawn >= 0 ? tile_id(s->rules, (guint)drawn) : ""));
  ADD("discarded", g_variant_new_uint32(meeple_game_n_discarded(game)));
  ADD("set-aside", set_aside(s));
  ADD("notes", notes(s));
  ADD("sequence", g_variant_new_uint64(session_sequence(s)));
  ADD("decision", g_variant_new_uint64(session_decision_id(s)));
  ADD("seats", g_variant_builder_end(&seats));
  ADD("board", board(s));
  ADD("figures", figures(s));
  if (session_status(s) == SESSION_OVER)
    ADD("winners", winners(s));
#undef ADD
  return g_variant_builder_end(&d);
}

/* ---- events --------------------------------------------------------- */

/* One "key": <value> entry of an a{sv}. */
static gboolean
dict_add(DBusMessageIter *dict, const char *key, int type, const void *value)
{
  DBusMessageIter entry, variant;
  const char sig[2] = { (char)type, '\0' };
  return dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL,
                                          &entry) &&
         append_string(&entry, key) &&
         dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, sig,
                                          &variant) &&
         dbus_message_iter_append_basic(&variant, type, value) &&
         dbus_message_iter_close_container(&entry, &variant) &&
         dbus_message_iter_close_container(dict, &entry);
}

static gboolean
dict_add_int(DBusMessageIter *dict, const char *key, dbus_int32_t value)
{
  return dict_add(dict, key, DBUS_TYPE_INT32, &value);
}

static gboolean
dict_add_string(DBusMessageIter *dict, const char *key, const char *value)
{
  return dict_add(dict, key, DBUS_TYPE_STRING, &value);
}

/* The fields the event's type declares and the event has
 * (meeple_event_fields()), under the keys doc/dbus-api.md names, then its
 * sentence: clients print "text" and need to know no rule set. */
static gboolean
append_event_fields(DBusMessageIter *dict, const Session *s,
                    const MeepleEvent *e)
{
  guint32 has = meeple_event_fields(s->rules, e);
  gboolean ok = TRUE;
  if (has & MEEPLE_EVENT_FIELD_SEAT)
    ok = ok && dict_add_int(dict, "seat", e->player);
  if (has & MEEPLE_EVENT_FIELD_TILE)
    ok = ok && dict_add_string(dict, "tile", tile_id(s->rules, e->tile));
  if (has & MEEPLE_EVENT_FIELD_CELL)
    ok = ok && dict_add_int(dict, "x", e->x) && dict_add_int(dict, "y", e->y);
  if (has & MEEPLE_EVENT_FIELD_SEGMENT) {
    const char *seg = segment_name(s->game, e->x, e->y, e->segment);
    if (seg)
      ok = ok && dict_add_string(dict, "segment", seg);
  }
  if (has & MEEPLE_EVENT_FIELD_FIGURE)
    ok = ok && dict_add_string(dict, "figure", figure_name(s->rules, e->figure));
  if (has & MEEPLE_EVENT_FIELD_KIND)
    ok = ok && dict_add_string(dict, "kind", kind_name(s->rules, e->kind));
  if (has & MEEPLE_EVENT_FIELD_POINTS)
    ok = ok && dict_add_int(dict, "points", e->points);
  /* "arg" keeps its name: clients read it; what it counts is in the
   * catalog's event types */
  if (has & MEEPLE_EVENT_FIELD_COUNT)
    ok = ok && dict_add_int(dict, "arg", e->arg);
  if (has & MEEPLE_EVENT_FIELD_RULE)
    ok = ok && dict_add_string(dict, "rule", e->rule);
  const char *names[MEEPLE_MAX_PLAYERS];
  for (guint i = 0; i < s->n_seats; i++)
    names[i] = s->seats[i].name;
  g_autofree char *text = meeple_event_text(s->rules, s->game, e, names,
                                            s->n_seats);
  return ok && dict_add_string(dict, "text", text);
}

gboolean
marshal_append_events(DBusMessageIter *iter, const Session *s, guint64 first,
                      guint64 last)
{
  DBusMessageIter array;
  if (!dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY,
                                        MEEPLE_DBUS_EVENT_SIG, &array))
    return FALSE;
  gboolean ok = TRUE;
  last = MIN(last, (guint64)s->events->len);
  for (guint64 i = first; ok && i < last; i++) {
    const MeepleEvent *e = &g_array_index(s->events, MeepleEvent, i);
    const char *type = meeple_rules_event_type_name(s->rules, e->type);
    dbus_uint64_t seq = i + 1;
    DBusMessageIter st, dict;
    ok = dbus_message_iter_open_container(&array, DBUS_TYPE_STRUCT, NULL,
                                          &st) &&
         dbus_message_iter_append_basic(&st, DBUS_TYPE_UINT64, &seq) &&
         append_string(&st, type ? type : "") &&
         dbus_message_iter_open_container(&st, DBUS_TYPE_ARRAY, "{sv}",
                                          &dict) &&
         append_event_fields(&dict, s, e) &&
         dbus_message_iter_close_container(&st, &dict) &&
         dbus_message_iter_close_container(&array, &st);
  }
  return dbus_message_iter_close_container(iter, &array) && ok;
}

/* ---- catalog -------------------------------------------------------- */

static GVariant *
symbol_names(const MeepleRules *rules, guint32 bits)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("as"));
  for (guint i = 0; i < 32; i++)
    if (bits & (1u << i)) {
      const char *name = meeple_rules_symbol_name(rules, i);
      if (name)
        g_variant_builder_add(&b, "s", name);
    }
  return g_variant_builder_end(&b);
}

static GVariant *
tile_dict(const MeepleRules *rules, const MeepleTileType *t)
{
  GVariantBuilder segs;
  g_variant_builder_init(&segs, G_VARIANT_TYPE("a(ssyyyqas)"));
  for (guint i = 0; i < t->n_segments; i++) {
    const MeepleSegment *seg = &t->segments[i];
    g_variant_builder_add(&segs, "(ssyyyq@as)", seg->name,
                          kind_name(rules, seg->kind), seg->edges,
                          seg->halves, seg->pennants, seg->borders,
                          symbol_names(rules, seg->symbols));
  }
  GVariantBuilder d;
  g_variant_builder_init(&d, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&d, "{sv}", "id", g_variant_new_string(t->id));
  g_variant_builder_add(&d, "{sv}", "tileset",
                        g_variant_new_string(t->tileset ? t->tileset : ""));
  g_variant_builder_add(&d, "{sv}", "count", g_variant_new_uint32(t->count));
  g_variant_builder_add(&d, "{sv}", "edges",
                        g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE,
                                                  t->edges, 4, 1));
  g_variant_builder_add(&d, "{sv}", "symbols",
                        symbol_names(rules, t->symbols));
  g_variant_builder_add(&d, "{sv}", "segments", g_variant_builder_end(&segs));
  return g_variant_builder_end(&d);
}

/* The symbols' looks, so that clients draw a rule set's fields without
 * knowing it. */
static GVariant *
symbol_looks(const MeepleRules *rules)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(ssss)"));
  for (guint i = 0; i < MEEPLE_MAX_SYMBOLS; i++) {
    const MeepleSymbolLook *look = meeple_rules_symbol_look(rules, i);
    if (look) {
      char glyph[2] = { look->glyph, '\0' };
      g_variant_builder_add(&b, "(ssss)", meeple_rules_symbol_name(rules, i),
                            glyph, look->unicode, look->legend);
    }
  }
  return g_variant_builder_end(&b);
}

/* Every event type: name, declared fields, what its count is ("" for
 * none), sentence template ("" for none), so that a client may fill the
 * sentences itself (in its own words, or another language). */
static GVariant *
event_types(const MeepleRules *rules)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(sasss)"));
  for (guint t = 0; t < meeple_rules_n_event_types(rules); t++) {
    const MeepleEventSpec *spec = meeple_rules_event_spec(rules, t);
    GVariantBuilder fields;
    g_variant_builder_init(&fields, G_VARIANT_TYPE("as"));
    for (guint32 bit = 1; bit & MEEPLE_EVENT_FIELDS_ALL; bit <<= 1)
      if (spec->fields & bit)
        g_variant_builder_add(&fields, "s", meeple_event_field_name(bit));
    g_variant_builder_add(&b, "(s@asss)", meeple_rules_event_type_name(rules, t),
                          g_variant_builder_end(&fields),
                          spec->count_name ? spec->count_name : "",
                          spec->text ? spec->text : "");
  }
  return g_variant_builder_end(&b);
}

/* One look as (name, ascii, unicode, colour role, shape). */
static void
add_look(GVariantBuilder *b, const char *name, const MeepleLook *look)
{
  char ascii[2] = { look->ascii, '\0' };
  g_variant_builder_add(b, "(sssss)", name, ascii, look->unicode,
                        meeple_colour_role_name(look->colour), look->shape);
}

/* How every figure type, every kind and each symbol that has one looks
 * (meeple/looks.h): clients draw any rule set from these alone. */
typedef enum { LOOKS_FIGURES, LOOKS_KINDS, LOOKS_SYMBOLS } LooksOf;

static GVariant *
looks_of(const MeepleRules *rules, LooksOf what)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(sssss)"));
  MeepleLook look;
  if (what == LOOKS_FIGURES) {
    for (guint i = 0; i < meeple_rules_n_figure_types(rules); i++)
      if (meeple_rules_figure_look(rules, i, &look))
        add_look(&b, meeple_rules_figure_type(rules, i)->name, &look);
  } else if (what == LOOKS_KINDS) {
    for (guint i = 0; i < meeple_rules_n_kinds(rules); i++)
      if (meeple_rules_kind_look(rules, i, &look))
        add_look(&b, meeple_rules_kind(rules, i)->name, &look);
  } else {
    for (guint i = 0; i < meeple_rules_n_symbols(rules); i++)
      if (meeple_rules_symbol_style(rules, i, &look))
        add_look(&b, meeple_rules_symbol_name(rules, i), &look);
  }
  return g_variant_builder_end(&b);
}

GVariant *
marshal_catalog(const MeepleRules *rules)
{
  GVariantBuilder kinds, figs, tiles;
  g_variant_builder_init(&kinds, G_VARIANT_TYPE("a(sss)"));
  for (guint i = 0; i < meeple_rules_n_kinds(rules); i++) {
    const MeepleKind *k = meeple_rules_kind(rules, i);
    g_variant_builder_add(&kinds, "(sss)", k->name, k->code,
                          shape_names[k->shape]);
  }
  g_variant_builder_init(&figs, G_VARIANT_TYPE("a(sb)"));
  for (guint i = 0; i < meeple_rules_n_figure_types(rules); i++) {
    const MeepleFigureType *f = meeple_rules_figure_type(rules, i);
    g_variant_builder_add(&figs, "(sb)", f->name, f->neutral > 0);
  }
  g_variant_builder_init(&tiles, G_VARIANT_TYPE("aa{sv}"));
  for (guint i = 0; i < meeple_rules_n_tile_types(rules); i++)
    g_variant_builder_add_value(&tiles,
                                tile_dict(rules,
                                          meeple_rules_tile_type(rules, i)));
  GVariantBuilder d;
  g_variant_builder_init(&d, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&d, "{sv}", "kinds", g_variant_builder_end(&kinds));
  g_variant_builder_add(&d, "{sv}", "figures", g_variant_builder_end(&figs));
  g_variant_builder_add(&d, "{sv}", "tiles", g_variant_builder_end(&tiles));
  g_variant_builder_add(&d, "{sv}", "looks", symbol_looks(rules));
  g_variant_builder_add(&d, "{sv}", "events", event_types(rules));
  g_variant_builder_add(&d, "{sv}", "figure-looks", looks_of(rules, LOOKS_FIGURES));
  g_variant_builder_add(&d, "{sv}", "kind-looks", looks_of(rules, LOOKS_KINDS));
  g_variant_builder_add(&d, "{sv}", "symbol-looks", looks_of(rules, LOOKS_SYMBOLS));
  return g_variant_builder_end(&d);
}
