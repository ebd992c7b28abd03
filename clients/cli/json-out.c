/* json-out.c — `--json` of list, show and history: one JSON document
 * on standard output, with the keys the man page documents (meeple(1),
 * JSON OUTPUT).  Keys are only ever added, never renamed or removed, so
 * scripts can rely on them.  Seats are numbered from 1, as everywhere
 * in meeple. */
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "cli.h"

static void
add_string(JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name(b, key);
  if (value)
    json_builder_add_string_value(b, value);
  else
    json_builder_add_null_value(b);
}

static void
add_int(JsonBuilder *b, const char *key, gint64 value)
{
  json_builder_set_member_name(b, key);
  json_builder_add_int_value(b, value);
}

static void
add_strv(JsonBuilder *b, const char *key, char *const *values)
{
  json_builder_set_member_name(b, key);
  json_builder_begin_array(b);
  for (guint i = 0; values && values[i]; i++)
    json_builder_add_string_value(b, values[i]);
  json_builder_end_array(b);
}

/* The rule-set ids of a game (the base game when it names none). */
static void
add_rules(JsonBuilder *b, char *const *rules)
{
  static char *const base[] = { (char *)"base", NULL };
  add_strv(b, "rules", rules && rules[0] ? rules : base);
}

/* Writes the document @b built, pretty-printed, and frees @b. */
static gboolean
write_document(JsonBuilder *b)
{
  JsonGenerator *generator = json_generator_new();
  JsonNode *root = json_builder_get_root(b);
  json_generator_set_root(generator, root);
  json_generator_set_pretty(generator, TRUE);
  char *text = json_generator_to_data(generator, NULL);
  GString *out = g_string_new(text);
  g_string_append_c(out, '\n');
  gboolean ok = cli_write(out);
  g_string_free(out, TRUE);
  g_free(text);
  json_node_unref(root);
  g_object_unref(generator);
  g_object_unref(b);
  return ok;
}

gboolean
cli_json_list(const GPtrArray *games)
{
  JsonBuilder *b = json_builder_new();
  json_builder_begin_array(b);
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientGameSummary *g = g_ptr_array_index(games, i);
    json_builder_begin_object(b);
    add_string(b, "id", g->id);
    add_string(b, "name", g->name);
    add_string(b, "status", g->status);
    add_rules(b, g->rules);
    add_int(b, "seats", g->seats);
    json_builder_set_member_name(b, "free_seats");
    /* Free seats mean nothing once a game is over. */
    if (g_strcmp0(g->status, "over") == 0)
      json_builder_add_null_value(b);
    else
      json_builder_add_int_value(b, g->free_seats);
    add_string(b, "reason", g->reason && *g->reason ? g->reason : NULL);
    add_string(b, "supply", g->supply && *g->supply ? g->supply : NULL);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
  return write_document(b);
}

gboolean
cli_json_history(const GPtrArray *games)
{
  JsonBuilder *b = json_builder_new();
  json_builder_begin_array(b);
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientHistoryEntry *g = g_ptr_array_index(games, i);
    json_builder_begin_object(b);
    add_string(b, "id", g->id);
    add_string(b, "name", g->name);
    json_builder_set_member_name(b, "finished");
    if (g->finished > 0)
      json_builder_add_int_value(b, g->finished);
    else
      json_builder_add_null_value(b);
    /* "base/1.0 xyz/1.0": the ids, and the versions as the record
     * names them. */
    g_auto(GStrv) versions = cli_split_list(g->rules);
    GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
    for (guint v = 0; versions && versions[v]; v++) {
      const char *slash = strchr(versions[v], '/');
      g_ptr_array_add(ids, slash ? g_strndup(versions[v],
                                             (gsize)(slash - versions[v]))
                                 : g_strdup(versions[v]));
    }
    g_ptr_array_add(ids, NULL);
    add_rules(b, (char *const *)ids->pdata);
    g_ptr_array_free(ids, TRUE);
    add_strv(b, "rule_versions", versions);
    add_int(b, "seats", g->seats);
    add_string(b, "result", g->result);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
  return write_document(b);
}

static void
add_seats(JsonBuilder *b, const MeepleClientState *state)
{
  json_builder_set_member_name(b, "seats");
  json_builder_begin_array(b);
  for (guint s = 0; s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    json_builder_begin_object(b);
    add_int(b, "seat", s + 1);
    add_string(b, "name", seat->name);
    add_string(b, "kind", seat->kind);
    json_builder_set_member_name(b, "taken");
    json_builder_add_boolean_value(b, seat->taken);
    json_builder_set_member_name(b, "connected");
    json_builder_add_boolean_value(b, seat->connected);
    add_int(b, "score", seat->score);
    json_builder_set_member_name(b, "supply");
    json_builder_begin_object(b);
    if (seat->supply) {
      /* Sorted, so the document is the same every time. */
      GList *keys = g_list_sort(g_hash_table_get_keys(seat->supply),
                                (GCompareFunc)strcmp);
      for (GList *k = keys; k; k = k->next)
        add_int(b, k->data, GPOINTER_TO_UINT(
                              g_hash_table_lookup(seat->supply, k->data)));
      g_list_free(keys);
    }
    json_builder_end_object(b);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
}

static void
add_board(JsonBuilder *b, const MeepleClientState *state)
{
  json_builder_set_member_name(b, "tiles");
  json_builder_begin_array(b);
  for (guint i = 0; i < state->board->len; i++) {
    const MeepleClientTile *t = g_ptr_array_index(state->board, i);
    json_builder_begin_object(b);
    add_string(b, "tile", t->tile);
    add_int(b, "x", t->x);
    add_int(b, "y", t->y);
    add_int(b, "rotation", t->rotation);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
  json_builder_set_member_name(b, "figures");
  json_builder_begin_array(b);
  for (guint i = 0; i < state->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(state->figures, i);
    json_builder_begin_object(b);
    add_string(b, "type", f->type);
    json_builder_set_member_name(b, "owner");
    if (f->owner >= 0)
      json_builder_add_int_value(b, f->owner + 1);
    else
      json_builder_add_null_value(b);
    add_int(b, "x", f->x);
    add_int(b, "y", f->y);
    add_string(b, "segment", f->segment && *f->segment ? f->segment : NULL);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
  add_strv(b, "set_aside", state->set_aside);
  json_builder_set_member_name(b, "notes");
  json_builder_begin_array(b);
  for (guint i = 0; state->note_labels && state->note_texts &&
                    state->note_labels[i] && state->note_texts[i]; i++) {
    json_builder_begin_object(b);
    add_string(b, "label", state->note_labels[i]);
    add_string(b, "text", state->note_texts[i]);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
}

/* The bag by kind, or null when it is not counted (bag.c). */
static void
add_bag(JsonBuilder *b, const MeepleClientCatalog *catalog,
        const MeepleClientState *state, const GPtrArray *events)
{
  json_builder_set_member_name(b, "bag");
  GArray *bag = g_strcmp0(state->status, "playing") == 0
                  ? cli_bag_count(catalog, state, events) : NULL;
  if (!bag) {
    json_builder_add_null_value(b);
    return;
  }
  json_builder_begin_object(b);
  for (guint i = 0; i < bag->len; i++) {
    const CliBagEntry *e = &g_array_index(bag, CliBagEntry, i);
    add_int(b, e->id, e->count);
  }
  json_builder_end_object(b);
  g_array_free(bag, TRUE);
}

/* The last tile a seat placed, or null. */
static void
add_last_move(JsonBuilder *b, const GPtrArray *events)
{
  json_builder_set_member_name(b, "last_move");
  for (guint i = events ? events->len : 0; i-- > 0;) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (g_strcmp0(e->type, "tile-placed") == 0 && e->has_xy && e->seat >= 0) {
      json_builder_begin_object(b);
      add_int(b, "seat", e->seat + 1);
      add_string(b, "tile", e->tile);
      add_int(b, "x", e->x);
      add_int(b, "y", e->y);
      json_builder_end_object(b);
      return;
    }
  }
  json_builder_add_null_value(b);
}

gboolean
cli_json_show(MeepleRemoteGame *game, GError **error)
{
  const MeepleClientCatalog *catalog = meeple_remote_game_catalog(game);
  const MeepleClientState *state = meeple_remote_game_state(game, error);
  if (!state)
    return FALSE;
  /* The decision first, the state after it (cli_append_game()). */
  const MeepleClientDecision *d = NULL;
  if (g_strcmp0(state->status, "playing") == 0) {
    d = meeple_remote_game_decision(game, NULL);
    if (!(state = meeple_remote_game_state(game, error)))
      return FALSE;
  }
  GPtrArray *events = meeple_remote_game_events(game);
  JsonBuilder *b = json_builder_new();
  json_builder_begin_object(b);
  add_string(b, "id", state->id);
  add_string(b, "name", state->name);
  add_string(b, "status", state->status);
  add_string(b, "supply",
             state->supply && *state->supply ? state->supply : NULL);
  add_rules(b, state->rules);
  add_int(b, "turn", state->turn);
  add_int(b, "tiles_left", state->tiles_left);
  add_int(b, "discarded", state->discarded);
  add_string(b, "drawn_tile",
             state->drawn_tile && *state->drawn_tile ? state->drawn_tile
                                                     : NULL);
  json_builder_set_member_name(b, "decision");
  if (d) {
    json_builder_begin_object(b);
    add_int(b, "seat", d->seat + 1);
    add_string(b, "kind", d->kind);
    add_string(b, "description", d->description);
    add_int(b, "actions", d->actions->len);
    json_builder_end_object(b);
  } else {
    json_builder_add_null_value(b);
  }
  add_seats(b, state);
  add_board(b, state);
  add_bag(b, catalog, state, events);
  add_last_move(b, events);
  json_builder_set_member_name(b, "winners");
  json_builder_begin_array(b);
  for (guint i = 0; state->winners && i < state->winners->len; i++)
    json_builder_add_int_value(b, g_array_index(state->winners, guint, i) + 1);
  json_builder_end_array(b);
  json_builder_end_object(b);
  return write_document(b);
}
