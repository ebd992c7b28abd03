/* local-replay.c — a record replayed with libmeeple (see local-replay.h).
 *
 * The catalog is built from the rules in the engine's own order, so the
 * engine's tile types serve as they are (their kind and symbol indices
 * index the catalog's lists) and stay owned by the rules, which live as
 * long as the replay.  Events are converted as the daemon converts them
 * (doc/dbus-api.md, Events): the fields the type declares and the event
 * has, and the engine's sentence. */
#include "config.h"

#include <meeple.h>
#include <string.h>

#include "local-replay.h"
#include "remote.h"

struct MgLocalReplay {
  MeepleRules *rules;
  MeepleClientCatalog catalog;
  GPtrArray *events;
  MeepleClientState state;
  guint64 sequence;
  char **names; /* seat names, for the sentences */
};

/* ---- the catalog ---------------------------------------------------------- */

static void
build_catalog(MgLocalReplay *r)
{
  MeepleClientCatalog *c = &r->catalog;
  c->kinds = g_ptr_array_new_with_free_func(meeple_client_kind_free);
  for (guint i = 0; i < meeple_rules_n_kinds(r->rules); i++) {
    const MeepleKind *k = meeple_rules_kind(r->rules, i);
    MeepleClientKind *ck = g_new0(MeepleClientKind, 1);
    ck->name = g_strdup(k->name);
    ck->code = g_strdup(k->code);
    ck->shape = k->shape;
    if (!meeple_rules_kind_look(r->rules, i, &ck->look))
      ck->look.ascii = 0;
    g_ptr_array_add(c->kinds, ck);
  }
  c->figure_types =
      g_ptr_array_new_with_free_func(meeple_client_figure_type_free);
  for (guint i = 0; i < meeple_rules_n_figure_types(r->rules); i++) {
    const MeepleFigureType *f = meeple_rules_figure_type(r->rules, i);
    MeepleClientFigureType *cf = g_new0(MeepleClientFigureType, 1);
    cf->name = g_strdup(f->name);
    cf->neutral = f->neutral > 0;
    if (!meeple_rules_figure_look(r->rules, i, &cf->look))
      cf->look.ascii = 0;
    g_ptr_array_add(c->figure_types, cf);
  }
  c->symbols = g_ptr_array_new_with_free_func(g_free);
  c->looks = g_ptr_array_new(); /* the rules own the looks */
  c->symbol_looks = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < meeple_rules_n_symbols(r->rules); i++) {
    g_ptr_array_add(c->symbols,
                    g_strdup(meeple_rules_symbol_name(r->rules, i)));
    g_ptr_array_add(c->looks,
                    (gpointer)meeple_rules_symbol_look(r->rules, i));
    MeepleLook style;
    g_ptr_array_add(c->symbol_looks,
                    meeple_rules_symbol_style(r->rules, i, &style)
                        ? g_memdup2(&style, sizeof style) : NULL);
  }
  /* shallow copies: the rules own the strings */
  c->tiles = g_array_new(FALSE, TRUE, sizeof(MeepleTileType));
  for (guint i = 0; i < meeple_rules_n_tile_types(r->rules); i++)
    g_array_append_vals(c->tiles, meeple_rules_tile_type(r->rules, i), 1);
  /* the events carry their sentences: no templates needed */
  c->event_types = g_ptr_array_new();
}

static void
free_catalog(MeepleClientCatalog *c)
{
  g_ptr_array_unref(c->kinds);
  g_ptr_array_unref(c->figure_types);
  g_ptr_array_unref(c->symbols);
  g_ptr_array_unref(c->looks);
  g_ptr_array_unref(c->symbol_looks);
  g_array_unref(c->tiles);
  g_ptr_array_unref(c->event_types);
}

/* ---- the events ------------------------------------------------------------- */

static char *
segment_name(const MeepleGame *game, int x, int y, guint segment)
{
  MeeplePlacedTile placed;
  if (!meeple_game_tile_at(game, x, y, &placed))
    return NULL;
  const MeepleTileType *t =
      meeple_rules_tile_type(meeple_game_rules(game), placed.type);
  return segment < t->n_segments ? g_strdup(t->segments[segment].name)
                                 : NULL;
}

static void
add_event(MgLocalReplay *r, const MeepleGame *game, const MeepleEvent *e)
{
  guint32 has = meeple_event_fields(r->rules, e);
  MeepleClientEvent *ce = g_new0(MeepleClientEvent, 1);
  ce->sequence = ++r->sequence;
  ce->type = g_strdup(meeple_rules_event_type_name(r->rules, e->type));
  ce->seat = has & MEEPLE_EVENT_FIELD_SEAT ? e->player : -1;
  ce->x = ce->y = ce->points = ce->arg = -1;
  if (has & MEEPLE_EVENT_FIELD_TILE)
    ce->tile = g_strdup(meeple_rules_tile_type(r->rules, e->tile)->id);
  if (has & MEEPLE_EVENT_FIELD_CELL) {
    ce->x = e->x;
    ce->y = e->y;
    ce->has_xy = TRUE;
  }
  if (has & MEEPLE_EVENT_FIELD_SEGMENT)
    ce->segment = segment_name(game, e->x, e->y, e->segment);
  if (has & MEEPLE_EVENT_FIELD_FIGURE)
    ce->figure = g_strdup(meeple_rules_figure_type(r->rules, e->figure)->name);
  if (has & MEEPLE_EVENT_FIELD_KIND)
    ce->kind = g_strdup(meeple_rules_kind(r->rules, e->kind)->name);
  if (has & MEEPLE_EVENT_FIELD_POINTS) {
    ce->points = e->points;
    ce->has_points = TRUE;
  }
  if (has & MEEPLE_EVENT_FIELD_COUNT) {
    ce->arg = e->arg;
    ce->has_arg = TRUE;
  }
  if (has & MEEPLE_EVENT_FIELD_RULE)
    ce->rule = g_strdup(e->rule);
  ce->text = meeple_event_text(r->rules, game, e,
                               (const char *const *)r->names,
                               g_strv_length(r->names));
  g_ptr_array_add(r->events, ce);
}

static void
replayed(const MeepleRecord *record, MeepleGame *game, int action,
         int player, const MeepleEvent *events, gsize n_events,
         gpointer data)
{
  (void)record;
  (void)action;
  (void)player;
  for (gsize i = 0; i < n_events; i++)
    add_event(data, game, &events[i]);
}

/* ---- the state -------------------------------------------------------------- */

/* The final board's figures and each seat's figures in hand, as GetState
 * gives them: a replay's players show what they held at each step from
 * these (game-view.c). */
static void
build_figures(MgLocalReplay *r, MeepleClientState *st,
              const MeepleGame *game)
{
  st->figures = g_ptr_array_new_with_free_func(meeple_client_figure_free);
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!f.on_board)
      continue;
    MeepleClientFigure *cf = g_new0(MeepleClientFigure, 1);
    cf->type = g_strdup(meeple_rules_figure_type(r->rules, f.type)->name);
    cf->owner = f.owner;
    cf->x = f.x;
    cf->y = f.y;
    MeeplePlacedTile tile;
    const MeepleTileType *tt =
        f.segment != MEEPLE_SEGMENT_NONE &&
                meeple_game_tile_at(game, f.x, f.y, &tile)
            ? meeple_rules_tile_type(r->rules, tile.type) : NULL;
    cf->segment = g_strdup(tt && f.segment < tt->n_segments
                               ? tt->segments[f.segment].name : "");
    g_ptr_array_add(st->figures, cf);
  }
  for (guint p = 0; p < st->seats->len; p++) {
    MeepleClientSeat *seat = g_ptr_array_index(st->seats, p);
    for (guint t = 0; t < meeple_rules_n_figure_types(r->rules); t++) {
      const MeepleFigureType *ft = meeple_rules_figure_type(r->rules, t);
      guint n = meeple_game_supply(game, p, t);
      if (!ft->neutral && n > 0)
        g_hash_table_insert(seat->supply, g_strdup(ft->name),
                            GUINT_TO_POINTER(n));
    }
  }
}

static void
build_state(MgLocalReplay *r, const char *id, const MeepleRecord *record,
            const MeepleGame *game)
{
  MeepleClientState *st = &r->state;
  st->id = g_strdup(id);
  st->name = g_strdup("");
  st->status = g_strdup("over");
  st->phase = g_strdup("");
  st->drawn_tile = g_strdup("");
  GPtrArray *rules = g_ptr_array_new();
  for (guint i = 0; i < record->rulesets->len; i++) {
    const char *s = g_ptr_array_index(record->rulesets, i);
    g_ptr_array_add(rules, g_strndup(s, strcspn(s, "/")));
  }
  g_ptr_array_add(rules, NULL);
  st->rules = (char **)g_ptr_array_free(rules, FALSE);
  st->seats = g_ptr_array_new_with_free_func(meeple_client_seat_free);
  for (guint i = 0; i < meeple_game_n_players(game); i++) {
    MeepleClientSeat *s = g_new0(MeepleClientSeat, 1);
    s->name = g_strdup(r->names[i]);
    s->kind = g_strdup("human");
    s->taken = TRUE;
    s->score = meeple_game_score(game, i);
    s->supply = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                      NULL);
    g_ptr_array_add(st->seats, s);
  }
  st->board = g_ptr_array_new();
  build_figures(r, st, game);
  st->winners = g_array_new(FALSE, FALSE, sizeof(guint));
  st->set_aside = g_new0(char *, 1);
  st->note_labels = g_new0(char *, 1);
  st->note_texts = g_new0(char *, 1);
  st->supply = g_strdup("imported");
}

static void
free_state(MeepleClientState *st)
{
  g_free(st->id);
  g_free(st->name);
  g_free(st->status);
  g_free(st->phase);
  g_free(st->drawn_tile);
  g_strfreev(st->rules);
  if (st->seats)
    g_ptr_array_unref(st->seats);
  if (st->board)
    g_ptr_array_unref(st->board);
  if (st->figures)
    g_ptr_array_unref(st->figures);
  if (st->winners)
    g_array_unref(st->winners);
  g_strfreev(st->set_aside);
  g_strfreev(st->note_labels);
  g_strfreev(st->note_texts);
  g_free(st->supply);
}

/* ---- the replay ---------------------------------------------------------- */

MgLocalReplay *
mg_local_replay_new(const char *id, const char *text, GError **error)
{
  MeepleRecord *record = meeple_record_parse(text, -1, "record", error);
  if (!record)
    return NULL;
  /* the record names rule sets with versions; base is always there */
  GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < record->rulesets->len; i++) {
    const char *s = g_ptr_array_index(record->rulesets, i);
    char *rid = g_strndup(s, strcspn(s, "/"));
    if (strcmp(rid, "base") == 0)
      g_free(rid);
    else
      g_ptr_array_add(ids, rid);
  }
  g_ptr_array_add(ids, NULL);
  MeepleRules *rules = meeple_bot_load_rules((char **)ids->pdata, error);
  g_ptr_array_unref(ids);
  if (!rules) {
    meeple_record_free(record);
    return NULL;
  }
  MgLocalReplay *r = g_new0(MgLocalReplay, 1);
  r->rules = rules;
  r->events = g_ptr_array_new_with_free_func(meeple_client_event_free);
  GPtrArray *names = g_ptr_array_new();
  for (guint i = 0; i < record->players->len; i++)
    g_ptr_array_add(names, g_strdup(g_ptr_array_index(record->players, i)));
  g_ptr_array_add(names, NULL);
  r->names = (char **)g_ptr_array_free(names, FALSE);
  build_catalog(r);
  MeepleGame *game = meeple_record_replay_events(record, rules, replayed, r,
                                                 error);
  if (!game) {
    meeple_record_free(record);
    mg_local_replay_free(r);
    return NULL;
  }
  build_state(r, id, record, game);
  meeple_game_free(game);
  meeple_record_free(record);
  return r;
}

void
mg_local_replay_free(MgLocalReplay *r)
{
  if (!r)
    return;
  free_state(&r->state);
  g_ptr_array_unref(r->events);
  if (r->catalog.kinds)
    free_catalog(&r->catalog);
  g_strfreev(r->names);
  meeple_rules_unref(r->rules);
  g_free(r);
}

const MeepleClientCatalog *
mg_local_replay_catalog(MgLocalReplay *r)
{
  return &r->catalog;
}

GPtrArray *
mg_local_replay_events(MgLocalReplay *r)
{
  return r->events;
}

const MeepleClientState *
mg_local_replay_state(MgLocalReplay *r)
{
  return &r->state;
}
