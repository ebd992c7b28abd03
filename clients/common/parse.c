/* parse.c — the daemon's replies (GVariant) turned into the structs of
 * meeple-client.h (the catalog: catalog.c), and the functions that free
 * those structs.
 *
 * Replies are checked against their signature before they get here (see
 * mcl_call()), so fixed-type parts are read with g_variant_get().  The
 * a{sv} records are extensible: unknown keys are ignored, missing keys
 * keep defaults, and numbers are accepted in any integer type so a daemon
 * that widens a field does not break older clients. */
#include <string.h>

#include "client-private.h"

/* ---- a{sv} helpers ---------------------------------------------------- */

gboolean
mcl_lookup_number(GVariant *dict, const char *key, gint64 *out)
{
  GVariant *v = g_variant_lookup_value(dict, key, NULL);
  gboolean ok = TRUE;

  if (!v)
    return FALSE;
  switch (g_variant_classify(v)) {
  case G_VARIANT_CLASS_BYTE: *out = g_variant_get_byte(v); break;
  case G_VARIANT_CLASS_INT16: *out = g_variant_get_int16(v); break;
  case G_VARIANT_CLASS_UINT16: *out = g_variant_get_uint16(v); break;
  case G_VARIANT_CLASS_INT32: *out = g_variant_get_int32(v); break;
  case G_VARIANT_CLASS_UINT32: *out = g_variant_get_uint32(v); break;
  case G_VARIANT_CLASS_INT64: *out = g_variant_get_int64(v); break;
  case G_VARIANT_CLASS_UINT64:
    *out = (gint64)MIN(g_variant_get_uint64(v), (guint64)G_MAXINT64);
    break;
  default: ok = FALSE; break;
  }
  g_variant_unref(v);
  return ok;
}

gint64
mcl_number_or(GVariant *dict, const char *key, gint64 fallback)
{
  gint64 n;
  return mcl_lookup_number(dict, key, &n) ? n : fallback;
}

/* A copy of the string at @key, or NULL. */
static char *
lookup_string(GVariant *dict, const char *key)
{
  GVariant *v = g_variant_lookup_value(dict, key, NULL);
  char *s = NULL;

  if (!v)
    return NULL;
  if (g_variant_is_of_type(v, G_VARIANT_TYPE_STRING) ||
      g_variant_is_of_type(v, G_VARIANT_TYPE_OBJECT_PATH))
    s = g_variant_dup_string(v, NULL);
  g_variant_unref(v);
  return s;
}

char *
mcl_string_or_empty(GVariant *dict, const char *key)
{
  char *s = lookup_string(dict, key);
  return s ? s : g_strdup("");
}

/* A NULL-terminated copy of the "as" at @key; empty when absent. */
static char **
lookup_strv(GVariant *dict, const char *key)
{
  GVariant *v = g_variant_lookup_value(dict, key, G_VARIANT_TYPE_STRING_ARRAY);
  char **strv;

  if (!v)
    return g_new0(char *, 1);
  strv = g_variant_dup_strv(v, NULL);
  g_variant_unref(v);
  return strv;
}

/* The "notes" list, a(ss), as two NULL-terminated lists. */
static void
lookup_notes(GVariant *dict, char ***labels, char ***texts)
{
  GVariant *v = g_variant_lookup_value(dict, "notes", G_VARIANT_TYPE("a(ss)"));
  gsize n = v ? g_variant_n_children(v) : 0;

  *labels = g_new0(char *, n + 1);
  *texts = g_new0(char *, n + 1);
  for (gsize i = 0; i < n; i++)
    g_variant_get_child(v, i, "(ss)", &(*labels)[i], &(*texts)[i]);
  if (v)
    g_variant_unref(v);
}

static gboolean
boolean_or(GVariant *dict, const char *key, gboolean fallback)
{
  gboolean b;
  return g_variant_lookup(dict, key, "b", &b) ? b : fallback;
}

/* ---- actions and decisions --------------------------------------------- */

MeepleClientAction *
mcl_action_from_variant(GVariant *v)
{
  MeepleClientAction *a = g_new0(MeepleClientAction, 1);
  gint32 x, y;
  guint32 rotation;
  guchar arg;

  g_variant_get(v, "(sssiiussy)", &a->notation, &a->kind, &a->tile, &x, &y,
                &rotation, &a->segment, &a->figure, &arg);
  a->x = x;
  a->y = y;
  a->rotation = rotation;
  a->arg = arg;
  return a;
}

void
mcl_action_free(gpointer data)
{
  MeepleClientAction *a = data;

  if (!a)
    return;
  g_free(a->notation);
  g_free(a->kind);
  g_free(a->tile);
  g_free(a->segment);
  g_free(a->figure);
  g_free(a);
}

MeepleClientDecision *
mcl_decision_from_reply(GVariant *reply)
{
  MeepleClientDecision *d = g_new0(MeepleClientDecision, 1);
  GVariant *list, *child;
  GVariantIter iter;
  guint64 id;
  guint32 seat;

  g_variant_get(reply, "(tuss@a(sssiiussy))", &id, &seat, &d->kind,
                &d->description, &list);
  d->id = id;
  d->seat = seat;
  d->actions = g_ptr_array_new_with_free_func(mcl_action_free);
  g_variant_iter_init(&iter, list);
  while ((child = g_variant_iter_next_value(&iter))) {
    g_ptr_array_add(d->actions, mcl_action_from_variant(child));
    g_variant_unref(child);
  }
  g_variant_unref(list);
  return d;
}

void
mcl_decision_free(MeepleClientDecision *d)
{
  if (!d)
    return;
  g_free(d->kind);
  g_free(d->description);
  g_ptr_array_unref(d->actions);
  g_free(d);
}

/* ---- events -------------------------------------------------------------- */

MeepleClientEvent *
mcl_event_from_variant(GVariant *v)
{
  MeepleClientEvent *e = g_new0(MeepleClientEvent, 1);
  GVariant *fields;
  guint64 sequence;
  gint64 x, y, n;

  g_variant_get(v, "(ts@a{sv})", &sequence, &e->type, &fields);
  e->sequence = sequence;
  e->seat = (int)mcl_number_or(fields, "seat", -1);
  e->tile = lookup_string(fields, "tile");
  e->segment = lookup_string(fields, "segment");
  e->figure = lookup_string(fields, "figure");
  e->kind = lookup_string(fields, "kind");
  e->rule = lookup_string(fields, "rule");
  e->text = lookup_string(fields, "text");
  e->x = e->y = e->points = e->arg = -1;
  if (mcl_lookup_number(fields, "x", &x) && mcl_lookup_number(fields, "y", &y)) {
    e->x = (int)x;
    e->y = (int)y;
    e->has_xy = TRUE;
  }
  if (mcl_lookup_number(fields, "points", &n)) {
    e->points = (int)n;
    e->has_points = TRUE;
  }
  if (mcl_lookup_number(fields, "arg", &n)) {
    e->arg = (int)n;
    e->has_arg = TRUE;
  }
  g_variant_unref(fields);
  return e;
}

void
meeple_client_event_free(gpointer data)
{
  MeepleClientEvent *e = data;

  if (!e)
    return;
  g_free(e->type);
  g_free(e->tile);
  g_free(e->segment);
  g_free(e->figure);
  g_free(e->kind);
  g_free(e->rule);
  g_free(e->text);
  g_free(e);
}

/* ---- the state ---------------------------------------------------------- */

void
meeple_client_seat_free(gpointer data)
{
  MeepleClientSeat *s = data;

  if (!s)
    return;
  g_free(s->name);
  g_free(s->kind);
  if (s->supply)
    g_hash_table_unref(s->supply);
  g_free(s);
}

static MeepleClientSeat *
seat_from_variant(GVariant *dict)
{
  MeepleClientSeat *s = g_new0(MeepleClientSeat, 1);
  GVariant *supply;

  s->name = mcl_string_or_empty(dict, "name");
  s->kind = mcl_string_or_empty(dict, "kind");
  s->taken = boolean_or(dict, "taken", FALSE);
  s->connected = boolean_or(dict, "connected", FALSE);
  s->score = (int)mcl_number_or(dict, "score", 0);
  s->supply = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  supply = g_variant_lookup_value(dict, "supply", G_VARIANT_TYPE("a{su}"));
  if (supply) {
    GVariantIter iter;
    const char *figure;
    guint32 count;

    g_variant_iter_init(&iter, supply);
    while (g_variant_iter_next(&iter, "{&su}", &figure, &count))
      g_hash_table_insert(s->supply, g_strdup(figure),
                          GUINT_TO_POINTER(count));
    g_variant_unref(supply);
  }
  return s;
}

static void
tile_free(gpointer data)
{
  MeepleClientTile *t = data;

  g_free(t->tile);
  g_free(t);
}

void
meeple_client_figure_free(gpointer data)
{
  MeepleClientFigure *f = data;

  if (!f)
    return;
  g_free(f->type);
  g_free(f->segment);
  g_free(f);
}

MeepleClientState *
mcl_state_from_variant(GVariant *dict)
{
  MeepleClientState *st = g_new0(MeepleClientState, 1);
  GVariant *v;
  GVariantIter iter;

  st->id = mcl_string_or_empty(dict, "id");
  st->name = mcl_string_or_empty(dict, "name");
  st->status = mcl_string_or_empty(dict, "status");
  st->supply = mcl_string_or_empty(dict, "supply");
  st->phase = mcl_string_or_empty(dict, "phase");
  st->drawn_tile = mcl_string_or_empty(dict, "drawn-tile");
  st->rules = lookup_strv(dict, "rules");
  st->turn = (guint)mcl_number_or(dict, "turn", 0);
  st->active_seat = (guint)mcl_number_or(dict, "active-seat", 0);
  st->tiles_left = (guint)mcl_number_or(dict, "tiles-left", 0);
  st->discarded = (guint)mcl_number_or(dict, "discarded", 0);
  st->set_aside = lookup_strv(dict, "set-aside");
  lookup_notes(dict, &st->note_labels, &st->note_texts);
  st->sequence = (guint64)mcl_number_or(dict, "sequence", 0);
  st->decision = (guint64)mcl_number_or(dict, "decision", 0);

  st->seats = g_ptr_array_new_with_free_func(meeple_client_seat_free);
  v = g_variant_lookup_value(dict, "seats", G_VARIANT_TYPE("aa{sv}"));
  if (v) {
    GVariant *child;

    g_variant_iter_init(&iter, v);
    while ((child = g_variant_iter_next_value(&iter))) {
      g_ptr_array_add(st->seats, seat_from_variant(child));
      g_variant_unref(child);
    }
    g_variant_unref(v);
  }

  st->board = g_ptr_array_new_with_free_func(tile_free);
  v = g_variant_lookup_value(dict, "board", G_VARIANT_TYPE("a(siiu)"));
  if (v) {
    const char *tile;
    gint32 x, y;
    guint32 rotation;

    g_variant_iter_init(&iter, v);
    while (g_variant_iter_next(&iter, "(&siiu)", &tile, &x, &y, &rotation)) {
      MeepleClientTile *t = g_new0(MeepleClientTile, 1);

      t->tile = g_strdup(tile);
      t->x = x;
      t->y = y;
      t->rotation = rotation;
      g_ptr_array_add(st->board, t);
    }
    g_variant_unref(v);
  }

  st->figures = g_ptr_array_new_with_free_func(meeple_client_figure_free);
  v = g_variant_lookup_value(dict, "figures", G_VARIANT_TYPE("a(siiis)"));
  if (v) {
    const char *type, *segment;
    gint32 owner, x, y;

    g_variant_iter_init(&iter, v);
    while (g_variant_iter_next(&iter, "(&siii&s)", &type, &owner, &x, &y,
                               &segment)) {
      MeepleClientFigure *f = g_new0(MeepleClientFigure, 1);

      f->type = g_strdup(type);
      f->owner = owner;
      f->x = x;
      f->y = y;
      f->segment = g_strdup(segment);
      g_ptr_array_add(st->figures, f);
    }
    g_variant_unref(v);
  }

  st->winners = g_array_new(FALSE, FALSE, sizeof(guint));
  v = g_variant_lookup_value(dict, "winners", G_VARIANT_TYPE("au"));
  if (v) {
    guint32 seat;

    g_variant_iter_init(&iter, v);
    while (g_variant_iter_next(&iter, "u", &seat)) {
      guint s = seat;
      g_array_append_val(st->winners, s);
    }
    g_variant_unref(v);
  }
  return st;
}

void
mcl_state_free(MeepleClientState *st)
{
  if (!st)
    return;
  g_free(st->id);
  g_free(st->name);
  g_free(st->status);
  g_free(st->phase);
  g_free(st->drawn_tile);
  g_strfreev(st->rules);
  g_strfreev(st->set_aside);
  g_free(st->supply);
  g_strfreev(st->note_labels);
  g_strfreev(st->note_texts);
  g_ptr_array_unref(st->seats);
  g_ptr_array_unref(st->board);
  g_ptr_array_unref(st->figures);
  g_array_unref(st->winners);
  g_free(st);
}

/* ---- Manager records ------------------------------------------------------ */

gpointer
mcl_ruleset_from_variant(GVariant *v)
{
  MeepleClientRuleSet *r = g_new0(MeepleClientRuleSet, 1);

  g_variant_get(v, "(sss^as)", &r->id, &r->name, &r->version, &r->requires);
  return r;
}

void
mcl_ruleset_free(gpointer data)
{
  MeepleClientRuleSet *r = data;

  g_free(r->id);
  g_free(r->name);
  g_free(r->version);
  g_strfreev(r->requires);
  g_free(r);
}

gpointer
mcl_ruleset_details_from_variant(GVariant *v)
{
  MeepleClientRuleSetDetails *r = g_new0(MeepleClientRuleSetDetails, 1);

  r->id = mcl_string_or_empty(v, "id");
  r->name = mcl_string_or_empty(v, "name");
  r->version = mcl_string_or_empty(v, "version");
  r->requires = lookup_strv(v, "requires");
  r->conflicts = lookup_strv(v, "conflicts");
  r->description = mcl_string_or_empty(v, "description");
  r->source = mcl_string_or_empty(v, "source");
  r->file = mcl_string_or_empty(v, "file");
  return r;
}

void
mcl_ruleset_details_free(gpointer data)
{
  MeepleClientRuleSetDetails *r = data;

  g_free(r->id);
  g_free(r->name);
  g_free(r->version);
  g_strfreev(r->requires);
  g_strfreev(r->conflicts);
  g_free(r->description);
  g_free(r->source);
  g_free(r->file);
  g_free(r);
}

gpointer
mcl_summary_from_variant(GVariant *v)
{
  MeepleClientGameSummary *s = g_new0(MeepleClientGameSummary, 1);
  GVariant *dict;

  g_variant_get(v, "(so@a{sv})", &s->id, &s->path, &dict);
  s->name = mcl_string_or_empty(dict, "name");
  s->status = mcl_string_or_empty(dict, "status");
  s->rules = lookup_strv(dict, "rules");
  s->seats = (guint)mcl_number_or(dict, "seats", 0);
  s->free_seats = (guint)mcl_number_or(dict, "free-seats", 0);
  s->reason = mcl_string_or_empty(dict, "reason");
  s->supply = mcl_string_or_empty(dict, "supply");
  g_variant_unref(dict);
  return s;
}

void
mcl_summary_free(gpointer data)
{
  MeepleClientGameSummary *s = data;

  g_free(s->id);
  g_free(s->path);
  g_free(s->name);
  g_free(s->status);
  g_free(s->supply);
  g_strfreev(s->rules);
  g_free(s->reason);
  g_free(s);
}

gpointer
mcl_history_entry_from_variant(GVariant *v)
{
  MeepleClientHistoryEntry *e = g_new0(MeepleClientHistoryEntry, 1);
  GVariant *dict;

  g_variant_get(v, "(ss@a{sv})", &e->id, &e->name, &dict);
  e->rules = mcl_string_or_empty(dict, "rules");
  e->seats = (guint)mcl_number_or(dict, "seats", 0);
  e->finished = mcl_number_or(dict, "finished", 0);
  e->result = mcl_string_or_empty(dict, "result");
  g_variant_unref(dict);
  return e;
}

void
mcl_history_entry_free(gpointer data)
{
  MeepleClientHistoryEntry *e = data;

  g_free(e->id);
  g_free(e->name);
  g_free(e->rules);
  g_free(e->result);
  g_free(e);
}
