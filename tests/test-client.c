/* test-client.c — libmeeple-client and the bots against the real meepled
 * on a private bus (tests/dbusfixture.c): the first call activates the
 * daemon; games are created, joined, started and played to the end by two
 * bots in this process; the mirrors (player and spectator) are checked
 * against the daemon's own log and state; errors map to their codes;
 * seats are reclaimed from another connection. */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "dbusfixture.h"
#include "dbus/names.h"
#include "dbus/variant.h"
#include "meeple-client.h"
#include "bot.h"

/* Generous: the first call waits for the daemon to start (maybe under a
 * sanitizer). */
#define CALL_TIMEOUT_MS 60000

static MeepleClient *
connect_client(void)
{
  GError *error = NULL;
  MeepleClient *client = meeple_client_new(fixture_address(), NULL, &error);

  ck_assert_msg(client != NULL, "connect: %s", error ? error->message : "?");
  meeple_client_set_timeout(client, CALL_TIMEOUT_MS);
  return client;
}

static char *
create_game(MeepleClient *client, guint64 seed, const char *name)
{
  MeepleClientGameOptions options = { 0 };
  GError *error = NULL;
  char *id;

  options.seats = 2;
  options.has_seed = TRUE;
  options.seed = seed;
  options.name = name;
  id = meeple_client_create_game(client, &options, &error);
  ck_assert_msg(id != NULL, "CreateGame: %s", error ? error->message : "?");
  return id;
}

static MeepleRemoteGame *
open_game(MeepleClient *client, const char *id)
{
  GError *error = NULL;
  MeepleRemoteGame *game = meeple_remote_game_open(client, id, &error);

  ck_assert_msg(game != NULL, "open %s: %s", id, error ? error->message : "?");
  return game;
}

/* Joins @seat; returns its token. */
static char *
join(MeepleRemoteGame *game, guint seat, const char *name)
{
  GError *error = NULL;
  guint taken = 99;
  char *token = NULL;

  ck_assert_msg(meeple_remote_game_join(game, name, (int)seat, NULL, &taken,
                                        &token, &error),
                "Join: %s", error ? error->message : "?");
  ck_assert_uint_eq(taken, seat);
  ck_assert_ptr_nonnull(token);
  ck_assert(meeple_remote_game_holds(game, seat));
  return token;
}

static void
start(MeepleRemoteGame *game)
{
  GError *error = NULL;

  ck_assert_msg(meeple_remote_game_start(game, &error), "Start: %s",
                error ? error->message : "?");
}

static const MeepleClientState *
state_of(MeepleRemoteGame *game)
{
  GError *error = NULL;
  const MeepleClientState *st = meeple_remote_game_state(game, &error);

  ck_assert_msg(st != NULL, "GetState: %s", error ? error->message : "?");
  return st;
}

/* Asserts that @error is MEEPLE_CLIENT_ERROR @code, then frees it. */
#define assert_error(error, code_)                                           \
  do {                                                                       \
    ck_assert_msg((error) != NULL, "expected error %d, got success",         \
                  (int)(code_));                                             \
    ck_assert_msg((error)->domain == MEEPLE_CLIENT_ERROR &&                  \
                      (error)->code == (int)(code_),                         \
                  "expected error %d, got %d: %s", (int)(code_),             \
                  (error)->code, (error)->message);                          \
    ck_assert_msg((error)->message && *(error)->message, "empty message");   \
    g_clear_error(&(error));                                                 \
  } while (0)

/* Runs the default context until @cond holds or @timeout_ms pass. */
static gboolean
set_flag(gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
spin_until(gboolean (*cond)(gpointer), gpointer data, guint timeout_ms)
{
  gboolean timed_out = FALSE;
  GSource *timer = g_timeout_source_new(timeout_ms);

  g_source_set_callback(timer, set_flag, &timed_out, NULL);
  g_source_attach(timer, NULL);
  while (!cond(data) && !timed_out)
    g_main_context_iteration(NULL, TRUE);
  g_source_destroy(timer);
  g_source_unref(timer);
  return cond(data);
}

/* ---- the Manager -------------------------------------------------------- */

/* The element destructors are public for lists built outside the
 * library (meeple-gtk's local replay): each frees a filled element in a
 * list of its own, and ignores NULL.  ASan sees a leak or a double free. */
START_TEST(element_destructors_free_what_they_own)
{
  GPtrArray *kinds = g_ptr_array_new_with_free_func(meeple_client_kind_free);
  MeepleClientKind *k = g_new0(MeepleClientKind, 1);
  k->name = g_strdup("road");
  k->code = g_strdup("R");
  g_ptr_array_add(kinds, k);
  GPtrArray *types =
      g_ptr_array_new_with_free_func(meeple_client_figure_type_free);
  MeepleClientFigureType *t = g_new0(MeepleClientFigureType, 1);
  t->name = g_strdup("follower");
  g_ptr_array_add(types, t);
  GPtrArray *seats = g_ptr_array_new_with_free_func(meeple_client_seat_free);
  MeepleClientSeat *seat = g_new0(MeepleClientSeat, 1);
  seat->name = g_strdup("Ann");
  seat->kind = g_strdup("human");
  seat->supply = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_insert(seat->supply, g_strdup("follower"), GUINT_TO_POINTER(7));
  g_ptr_array_add(seats, seat);
  g_ptr_array_add(seats, g_new0(MeepleClientSeat, 1)); /* no supply */
  GPtrArray *figures =
      g_ptr_array_new_with_free_func(meeple_client_figure_free);
  MeepleClientFigure *f = g_new0(MeepleClientFigure, 1);
  f->type = g_strdup("follower");
  f->segment = g_strdup("C1");
  g_ptr_array_add(figures, f);
  GPtrArray *events = g_ptr_array_new_with_free_func(meeple_client_event_free);
  MeepleClientEvent *e = g_new0(MeepleClientEvent, 1);
  e->type = g_strdup("tile-placed");
  e->tile = g_strdup("D");
  e->text = g_strdup("Ann places D");
  g_ptr_array_add(events, e);
  ck_assert_uint_eq(kinds->len + types->len + seats->len + figures->len +
                        events->len,
                    6);
  g_ptr_array_unref(kinds);
  g_ptr_array_unref(types);
  g_ptr_array_unref(seats);
  g_ptr_array_unref(figures);
  g_ptr_array_unref(events);
  meeple_client_kind_free(NULL);
  meeple_client_figure_type_free(NULL);
  meeple_client_seat_free(NULL);
  meeple_client_figure_free(NULL);
  meeple_client_event_free(NULL);
}
END_TEST

START_TEST(rulesets_contain_base)
{
  MeepleClient *client = connect_client();
  GError *error = NULL;
  GPtrArray *sets = meeple_client_list_rulesets(client, &error);
  gboolean base = FALSE;

  ck_assert_msg(sets != NULL, "ListRuleSets: %s",
                error ? error->message : "?");
  ck_assert_uint_ge(sets->len, 1);
  for (guint i = 0; i < sets->len; i++) {
    const MeepleClientRuleSet *r = g_ptr_array_index(sets, i);
    ck_assert_ptr_nonnull(r->name);
    ck_assert_ptr_nonnull(r->requires);
    if (strcmp(r->id, "base") == 0)
      base = TRUE;
  }
  ck_assert_msg(base, "no \"base\" rule set");
  /* "base" first (the contract's order). */
  ck_assert_str_eq(((MeepleClientRuleSet *)sets->pdata[0])->id, "base");
  g_ptr_array_unref(sets);
  meeple_client_free(client);
}
END_TEST

/* Start with a free seat: NotReady.  Returns whether it started. */
static gboolean
start_fails_not_ready(MeepleRemoteGame *game)
{
  GError *error = NULL;

  /* Only a seated connection may start: seat 1 first. */
  g_free(join(game, 1, NULL));
  if (meeple_remote_game_start(game, &error))
    return TRUE;
  assert_error(error, MEEPLE_CLIENT_ERROR_NOT_READY);
  ck_assert(meeple_remote_game_leave(game, 1, &error));
  return FALSE;
}

START_TEST(create_join_start)
{
  MeepleClient *client = connect_client();
  char *id = create_game(client, 11, "first");
  MeepleRemoteGame *game = open_game(client, id);
  GError *error = NULL;
  const MeepleClientState *st;

  ck_assert_str_eq(meeple_remote_game_id(game), id);
  ck_assert(g_str_has_prefix(meeple_remote_game_path(game),
                             "/org/meepled/Meepled1/game/"));
  st = state_of(game);
  ck_assert_str_eq(st->status, "waiting");
  ck_assert_str_eq(st->name, "first");
  ck_assert_uint_eq(st->seats->len, 2);

  ck_assert_ptr_null(meeple_remote_game_decision(game, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NOT_STARTED);

  /* Catalog: the start tile D is CRFR with a city C1 on its north edge. */
  const MeepleClientCatalog *cat = meeple_remote_game_catalog(game);
  int d = meeple_client_catalog_find_tile(cat, "D");
  ck_assert_int_ge(d, 0);
  ck_assert_int_eq(meeple_client_catalog_find_tile(cat, "no such"), -1);
  const MeepleTileType *t = &g_array_index(cat->tiles, MeepleTileType, d);
  ck_assert_uint_eq(t->edges[0], MEEPLE_EDGE_CITY);
  ck_assert_uint_eq(t->edges[1], MEEPLE_EDGE_ROAD);
  ck_assert_uint_eq(t->edges[2], MEEPLE_EDGE_FIELD);
  ck_assert_uint_eq(t->edges[3], MEEPLE_EDGE_ROAD);
  ck_assert_uint_eq(t->n_segments, 4);
  ck_assert_str_eq(t->segments[0].name, "C1");
  ck_assert_uint_eq(t->segments[0].number, 1);
  ck_assert_uint_eq(t->segments[0].edges, 1u << MEEPLE_NORTH);
  ck_assert_uint_lt(t->segments[0].kind, cat->kinds->len);
  const MeepleClientKind *k = g_ptr_array_index(cat->kinds,
                                                t->segments[0].kind);
  ck_assert_str_eq(k->name, "city");
  ck_assert_int_eq(k->shape, MEEPLE_SHAPE_EDGE);
  ck_assert_uint_ge(cat->figure_types->len, 1);
  /* Looks and event types (typed events): the city's look, the
   * follower's, and turn-started's fields and template. */
  ck_assert_int_eq(k->look.ascii, '#');
  ck_assert_str_eq(k->look.unicode, "▓");
  ck_assert_int_eq(k->look.colour, MEEPLE_COLOUR_CITY);
  ck_assert_str_eq(k->look.shape, "area");
  const MeepleClientFigureType *follower =
    g_ptr_array_index(cat->figure_types, 0);
  ck_assert_str_eq(follower->name, "follower");
  ck_assert_int_eq(follower->look.colour, MEEPLE_COLOUR_SEAT);
  ck_assert_uint_eq(cat->event_types->len, 13);
  const MeepleClientEventType *turn = g_ptr_array_index(cat->event_types, 0);
  ck_assert_str_eq(turn->name, "turn-started");
  ck_assert_uint_eq(turn->fields,
                    MEEPLE_EVENT_FIELD_SEAT | MEEPLE_EVENT_FIELD_COUNT);
  ck_assert_str_eq(turn->count_name, "turn");
  ck_assert_str_eq(turn->text, "turn {count}: {seat} to play");
  ck_assert_uint_eq(cat->symbol_looks->len, cat->symbols->len);

  /* Leaving before the start frees the seat. */
  g_free(join(game, 0, "Ada"));
  ck_assert(meeple_remote_game_leave(game, 0, &error));
  ck_assert(!meeple_remote_game_holds(game, 0));
  st = state_of(game);
  ck_assert(!((MeepleClientSeat *)st->seats->pdata[0])->taken);
  ck_assert(!start_fails_not_ready(game));

  g_free(join(game, 0, "Ada"));
  g_free(join(game, 1, "Bob"));
  st = state_of(game);
  ck_assert_str_eq(((MeepleClientSeat *)st->seats->pdata[1])->name, "Bob");
  ck_assert(((MeepleClientSeat *)st->seats->pdata[1])->taken);
  start(game);
  st = state_of(game);
  ck_assert_str_eq(st->status, "playing");
  ck_assert_uint_eq(st->board->len, 1);

  const MeepleClientDecision *dec = meeple_remote_game_decision(game, &error);
  ck_assert_msg(dec != NULL, "GetDecision: %s", error ? error->message : "?");
  ck_assert_uint_eq(dec->seat, st->active_seat);
  ck_assert_str_eq(dec->kind, "place-tile");
  ck_assert_uint_gt(dec->actions->len, 0);
  /* Cached: the same decision without a call in between. */
  ck_assert_ptr_eq(meeple_remote_game_decision(game, NULL), dec);

  /* An action in notation. */
  ck_assert(!meeple_remote_game_act_notation(game, dec->seat, "fly away",
                                             &error));
  ck_assert_msg(error && (error->code == MEEPLE_CLIENT_ERROR_ILLEGAL_ACTION ||
                          error->code == MEEPLE_CLIENT_ERROR_INVALID_ARGS),
                "nonsense notation: %s", error ? error->message : "accepted");
  g_clear_error(&error);
  const MeepleClientAction *first = g_ptr_array_index(dec->actions, 0);
  char *played = g_strdup(first->notation);
  guint64 acted_on = dec->id;
  ck_assert_msg(meeple_remote_game_act_notation(game, dec->seat,
                                                first->notation, &error),
                "Act \"%s\": %s", first->notation,
                error ? error->message : "?");
  st = state_of(game);
  ck_assert_uint_eq(st->board->len, 2);
  /* The decision acted on stays readable until the next decision call
   * (AddressSanitizer would see it freed)... */
  ck_assert_uint_eq(dec->id, acted_on);
  ck_assert_str_eq(first->notation, played);
  g_free(played);
  /* ... which hands out the decision the act's reply brought
   * (ActAndGetDecision): the one a fresh mirror fetches. */
  const MeepleClientDecision *next = meeple_remote_game_decision(game, &error);
  ck_assert_msg(next != NULL, "decision: %s", error ? error->message : "?");
  ck_assert_uint_eq(next->id, acted_on + 1);
  MeepleRemoteGame *fresh = open_game(client, id);
  const MeepleClientDecision *fetched =
      meeple_remote_game_decision(fresh, &error);
  ck_assert_msg(fetched != NULL, "GetDecision: %s",
                error ? error->message : "?");
  ck_assert_uint_eq(next->id, fetched->id);
  ck_assert_uint_eq(next->seat, fetched->seat);
  ck_assert_str_eq(next->kind, fetched->kind);
  ck_assert_str_eq(next->description, fetched->description);
  ck_assert_uint_eq(next->actions->len, fetched->actions->len);
  for (guint i = 0; i < next->actions->len; i++)
    ck_assert_str_eq(((MeepleClientAction *)next->actions->pdata[i])->notation,
                     ((MeepleClientAction *)fetched->actions->pdata[i])->notation);
  meeple_remote_game_free(fresh);
  ck_assert_ptr_eq(meeple_remote_game_decision(game, NULL), next);

  GPtrArray *games = meeple_client_list_games(client, &error);
  gboolean found = FALSE;
  ck_assert_ptr_nonnull(games);
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientGameSummary *s = g_ptr_array_index(games, i);
    if (strcmp(s->id, id) == 0) {
      found = TRUE;
      ck_assert_str_eq(s->status, "playing");
      ck_assert_uint_eq(s->seats, 2);
      ck_assert_uint_eq(s->free_seats, 0);
    }
  }
  ck_assert(found);
  g_ptr_array_unref(games);

  meeple_remote_game_free(game);
  g_free(id);
  meeple_client_free(client);
}
END_TEST

/* ---- a full game by two bots ---------------------------------------------- */

typedef struct {
  MeepleRemoteGame *player, *spectator;
  guint moves;
  guint signalled_events;
} Watch;

static void
count_move(MeepleRemoteGame *game, const MeepleClientDecision *d, guint index,
           gpointer data)
{
  Watch *w = data;

  ck_assert_ptr_eq(game, w->player);
  ck_assert_uint_lt(index, d->actions->len);
  w->moves++;
}

static void
count_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  Watch *w = data;

  (void)game;
  w->signalled_events += events->len;
}

static guint64
last_sequence(MeepleRemoteGame *game)
{
  GPtrArray *events = meeple_remote_game_events(game);
  return events->len ? ((MeepleClientEvent *)
                            g_ptr_array_index(events, events->len - 1))
                           ->sequence
                     : 0;
}

static gboolean
spectator_caught_up(gpointer data)
{
  Watch *w = data;
  return last_sequence(w->spectator) == last_sequence(w->player);
}

static void
assert_same_event(const MeepleClientEvent *a, const MeepleClientEvent *b)
{
  ck_assert_uint_eq(a->sequence, b->sequence);
  ck_assert_str_eq(a->type, b->type);
  ck_assert_int_eq(a->seat, b->seat);
  ck_assert_pstr_eq(a->tile, b->tile);
  ck_assert_pstr_eq(a->segment, b->segment);
  ck_assert_pstr_eq(a->figure, b->figure);
  ck_assert_pstr_eq(a->kind, b->kind);
  ck_assert_pstr_eq(a->rule, b->rule);
  ck_assert_int_eq(a->has_xy, b->has_xy);
  ck_assert_int_eq(a->x, b->x);
  ck_assert_int_eq(a->y, b->y);
  ck_assert_int_eq(a->has_points, b->has_points);
  ck_assert_int_eq(a->points, b->points);
  ck_assert_int_eq(a->has_arg, b->has_arg);
  ck_assert_int_eq(a->arg, b->arg);
}

static void
assert_same_log(GPtrArray *a, GPtrArray *b)
{
  ck_assert_uint_eq(a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    assert_same_event(g_ptr_array_index(a, i), g_ptr_array_index(b, i));
}

START_TEST(bots_play_full_game)
{
  MeepleClient *client = connect_client();
  MeepleClient *watcher = connect_client();
  char *id = create_game(client, 20240611, "bots");
  MeepleRemoteGame *game = open_game(client, id);
  MeepleRemoteGame *spectator = open_game(watcher, id);
  static const guint seats[] = { 0, 1 };
  static const MeepleBotStrategy strategies[] = { MEEPLE_BOT_GREEDY,
                                                  MEEPLE_BOT_RANDOM };
  MeepleRemoteGameCallbacks cbs = { .events = count_events };
  Watch w = { .player = game, .spectator = spectator };
  GError *error = NULL;

  meeple_remote_game_set_callbacks(spectator, &cbs, &w);
  g_free(join(game, 0, "greedy"));
  g_free(join(game, 1, "random"));
  start(game);

  /* Before the end the record is secret (it holds the seed). */
  ck_assert_ptr_null(meeple_remote_game_export(game, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NOT_FINISHED);

  ck_assert_msg(meeple_bot_play_mixed(game, seats, strategies, 2, 7,
                                      count_move, &w, &error),
                "bots: %s", error ? error->message : "?");
  ck_assert(meeple_remote_game_is_over(game));
  ck_assert_uint_gt(w.moves, 71);   /* 71 tiles at least, figures too */

  /* Over: waiting again returns at once, with no error. */
  ck_assert_ptr_null(meeple_remote_game_wait_decision(game, NULL, 0, 1000,
                                                      &error));
  ck_assert_ptr_null(error);

  const MeepleClientState *st = state_of(game);
  GPtrArray *events = meeple_remote_game_events(game);
  int sums[2] = { 0, 0 };
  guint placed = 0, start_tiles = 0;
  gboolean game_over = FALSE;

  ck_assert_str_eq(st->status, "over");
  ck_assert_uint_ge(st->winners->len, 1);
  ck_assert_uint_eq(st->tiles_left, 0);
  ck_assert_uint_gt(events->len, 0);
  for (guint i = 0; i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);

    ck_assert_uint_eq(e->sequence, i + 1);   /* contiguous from 1 */
    /* every event has its sentence (typed events) */
    ck_assert_ptr_nonnull(e->text);
    ck_assert_uint_gt(strlen(e->text), 0);
    if (strcmp(e->type, "points-scored") == 0) {
      ck_assert(e->seat == 0 || e->seat == 1);
      ck_assert(e->has_points);
      sums[e->seat] += e->points;
    } else if (strcmp(e->type, "tile-placed") == 0) {
      /* The start tile's (BASE-02) has no seat. */
      if (e->seat < 0)
        start_tiles++;
      else
        placed++;
    } else if (strcmp(e->type, "game-over") == 0) {
      game_over = TRUE;
    }
  }
  ck_assert(game_over);
  ck_assert_uint_eq(st->sequence, events->len);
  for (guint s = 0; s < 2; s++)
    ck_assert_int_eq(((MeepleClientSeat *)st->seats->pdata[s])->score,
                     sums[s]);
  ck_assert_uint_eq(start_tiles, 1);
  ck_assert_uint_eq(st->board->len, placed + 1);   /* + the start tile */

  /* The spectator followed by signals alone: same log as GetEvents(0)
   * (which a freshly opened mirror holds). */
  ck_assert_msg(spin_until(spectator_caught_up, &w, 20000),
                "spectator stuck at %" G_GUINT64_FORMAT " of %"
                G_GUINT64_FORMAT, last_sequence(spectator),
                last_sequence(game));
  ck_assert_uint_gt(w.signalled_events, 0);
  MeepleRemoteGame *fresh = open_game(watcher, id);
  assert_same_log(meeple_remote_game_events(spectator),
                  meeple_remote_game_events(fresh));
  assert_same_log(events, meeple_remote_game_events(fresh));
  meeple_remote_game_free(fresh);

  char *record = meeple_remote_game_export(game, &error);
  ck_assert_msg(record != NULL, "ExportRecord: %s",
                error ? error->message : "?");
  ck_assert_msg(g_str_has_prefix(record, "meepled-record"), "record: %.40s",
                record);
  g_free(record);

  meeple_remote_game_free(spectator);
  meeple_remote_game_free(game);
  g_free(id);
  meeple_client_free(watcher);
  meeple_client_free(client);
}
END_TEST

/* ---- The Princess & the Dragon: the mirror and its events -------------- */

/* A client that keeps the board's figures and the tiles set aside from
 * the events alone must agree with GetState after every batch of events:
 * the events carry enough (figure-moved for the dragon's steps and the
 * fairy, tile-set-aside, tiles-returned, AMB-07's discards). */
typedef struct {
  char *type;
  int owner;
  int x, y;
  char *segment;          /* "" on the tile itself */
} ModelFigure;

typedef struct {
  MeepleRemoteGame *spectator;
  GPtrArray *figures;     /* ModelFigure* */
  GPtrArray *set_aside;   /* char*, tile ids */
  guint64 applied;        /* sequence of the last event applied */
  guint compared;         /* batches compared with GetState */
  guint placed_neutral, moved, aside, returned, discarded_aside;
  gboolean dragon_on_tile; /* GetState once showed the dragon with "" */
} PdModel;

static void
model_figure_free(gpointer data)
{
  ModelFigure *f = data;

  g_free(f->type);
  g_free(f->segment);
  g_free(f);
}

static char *
figure_key(const char *type, int owner, int x, int y, const char *segment)
{
  return g_strdup_printf("%s/%d/%d,%d/%s", type, owner, x, y, segment);
}

static void
model_apply(PdModel *m, const MeepleClientEvent *e)
{
  const char *segment = e->segment ? e->segment : "";

  ck_assert_uint_eq(e->sequence, m->applied + 1);
  m->applied = e->sequence;
  if (strcmp(e->type, "figure-placed") == 0) {
    ModelFigure *f = g_new0(ModelFigure, 1);

    ck_assert(e->figure && e->has_xy);
    f->type = g_strdup(e->figure);
    f->owner = e->seat;
    f->x = e->x;
    f->y = e->y;
    f->segment = g_strdup(segment);
    g_ptr_array_add(m->figures, f);
    if (e->seat < 0)
      m->placed_neutral++;
  } else if (strcmp(e->type, "figure-returned") == 0) {
    guint i;

    ck_assert(e->figure && e->has_xy);
    for (i = 0; i < m->figures->len; i++) {
      const ModelFigure *f = g_ptr_array_index(m->figures, i);
      if (strcmp(f->type, e->figure) == 0 && f->owner == e->seat &&
          f->x == e->x && f->y == e->y && strcmp(f->segment, segment) == 0)
        break;
    }
    ck_assert_msg(i < m->figures->len, "#%" G_GUINT64_FORMAT " returns a %s "
                  "of seat %d at %d,%d on \"%s\" the events never placed",
                  e->sequence, e->figure, e->seat, e->x, e->y, segment);
    g_ptr_array_remove_index(m->figures, i);
  } else if (strcmp(e->type, "figure-moved") == 0) {
    ModelFigure *moved = NULL;

    /* The event says where to, not where from: the figure must be the
     * only one of its type and owner (the dragon, the fairy). */
    ck_assert(e->figure && e->has_xy);
    for (guint i = 0; i < m->figures->len; i++) {
      ModelFigure *f = g_ptr_array_index(m->figures, i);
      if (strcmp(f->type, e->figure) == 0 && f->owner == e->seat) {
        ck_assert_msg(moved == NULL, "#%" G_GUINT64_FORMAT " moves one of "
                      "several %s", e->sequence, e->figure);
        moved = f;
      }
    }
    ck_assert_msg(moved != NULL, "#%" G_GUINT64_FORMAT " moves a %s that "
                  "is not on the board", e->sequence, e->figure);
    moved->x = e->x;
    moved->y = e->y;
    g_free(moved->segment);
    moved->segment = g_strdup(segment);
    m->moved++;
  } else if (strcmp(e->type, "tile-set-aside") == 0) {
    ck_assert(e->tile && *e->tile && e->seat >= 0);
    ck_assert_pstr_eq(e->rule, "PD-08");
    ck_assert(!e->has_xy);
    g_ptr_array_add(m->set_aside, g_strdup(e->tile));
    m->aside++;
  } else if (strcmp(e->type, "tiles-returned") == 0) {
    ck_assert(e->has_arg);
    ck_assert_pstr_eq(e->rule, "PD-08");
    ck_assert_int_eq(e->arg, (int)m->set_aside->len);
    g_ptr_array_set_size(m->set_aside, 0);
    m->returned++;
  } else if (strcmp(e->type, "tile-discarded") == 0 &&
             g_strcmp0(e->rule, "AMB-07") == 0) {
    guint i;

    for (i = 0; i < m->set_aside->len; i++)
      if (g_strcmp0(g_ptr_array_index(m->set_aside, i), e->tile) == 0)
        break;
    ck_assert_msg(i < m->set_aside->len, "AMB-07 discards %s, which is "
                  "not set aside", e->tile);
    g_ptr_array_remove_index(m->set_aside, i);
    m->discarded_aside++;
  }
}

static gint
compare_strings(gconstpointer a, gconstpointer b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The model against @st, which must be as of the last event applied. */
static void
model_compare(PdModel *m, const MeepleClientState *st)
{
  GPtrArray *want = g_ptr_array_new_with_free_func(g_free);
  GPtrArray *have = g_ptr_array_new_with_free_func(g_free);

  for (guint i = 0; i < m->figures->len; i++) {
    const ModelFigure *f = g_ptr_array_index(m->figures, i);
    g_ptr_array_add(want, figure_key(f->type, f->owner, f->x, f->y,
                                     f->segment));
  }
  for (guint i = 0; i < st->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(st->figures, i);
    g_ptr_array_add(have, figure_key(f->type, f->owner, f->x, f->y,
                                     f->segment));
    if (strcmp(f->type, "dragon") == 0) {
      ck_assert_int_eq(f->owner, -1);
      ck_assert_str_eq(f->segment, "");
      m->dragon_on_tile = TRUE;
    }
  }
  g_ptr_array_sort(want, compare_strings);
  g_ptr_array_sort(have, compare_strings);
  ck_assert_msg(want->len == have->len, "after #%" G_GUINT64_FORMAT ": the "
                "events put %u figures on the board, GetState %u",
                m->applied, want->len, have->len);
  for (guint i = 0; i < want->len; i++)
    ck_assert_str_eq(g_ptr_array_index(have, i), g_ptr_array_index(want, i));
  ck_assert_ptr_nonnull(st->set_aside);
  ck_assert_uint_eq(g_strv_length(st->set_aside), m->set_aside->len);
  for (guint i = 0; i < m->set_aside->len; i++)
    ck_assert_str_eq(st->set_aside[i], g_ptr_array_index(m->set_aside, i));
  m->compared++;
  g_ptr_array_unref(want);
  g_ptr_array_unref(have);
}

/* Compares when GetState is as of the last event applied (the daemon may
 * be ahead of the signals that reached the spectator so far). */
static void
model_check(PdModel *m)
{
  const MeepleClientState *st = state_of(m->spectator);

  if (st->sequence == m->applied)
    model_compare(m, st);
}

static void
model_on_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  PdModel *m = data;

  ck_assert_ptr_eq(game, m->spectator);
  for (guint i = 0; i < events->len; i++)
    model_apply(m, g_ptr_array_index(events, i));
  model_check(m);
}

static gboolean
model_caught_up(gpointer data)
{
  PdModel *m = data;
  return m->applied == last_sequence(m->spectator) &&
         meeple_remote_game_is_over(m->spectator);
}

START_TEST(pd_mirror_follows_events)
{
  static const char *const rules[] = { "princess-dragon", NULL };
  static const guint seats[] = { 0, 1 };
  static const MeepleBotStrategy strategies[] = { MEEPLE_BOT_GREEDY,
                                                  MEEPLE_BOT_RANDOM };
  MeepleClient *client = connect_client();
  MeepleClient *watcher = connect_client();
  MeepleClientGameOptions options = { 0 };
  MeepleRemoteGameCallbacks cbs = { .events = model_on_events };
  PdModel m = { 0 };
  GError *error = NULL;
  char *id;

  /* Seed 42: eight dragon tiles are drawn (and set aside, PD-08) before
   * the first volcano brings the dragon. */
  options.rules = rules;
  options.seats = 2;
  options.has_seed = TRUE;
  options.seed = 42;
  id = meeple_client_create_game(client, &options, &error);
  ck_assert_msg(id != NULL, "CreateGame: %s", error ? error->message : "?");
  MeepleRemoteGame *game = open_game(client, id);
  m.spectator = open_game(watcher, id);
  m.figures = g_ptr_array_new_with_free_func(model_figure_free);
  m.set_aside = g_ptr_array_new_with_free_func(g_free);
  /* What the spectator's log holds already, then the signals. */
  GPtrArray *log = meeple_remote_game_events(m.spectator);
  for (guint i = 0; i < log->len; i++)
    model_apply(&m, g_ptr_array_index(log, i));
  model_check(&m);
  meeple_remote_game_set_callbacks(m.spectator, &cbs, &m);

  g_free(join(game, 0, "greedy"));
  g_free(join(game, 1, "random"));
  start(game);
  ck_assert_msg(meeple_bot_play_mixed(game, seats, strategies, 2, 7, NULL,
                                      NULL, &error),
                "bots: %s", error ? error->message : "?");
  ck_assert_msg(spin_until(model_caught_up, &m, 20000),
                "spectator stuck at %" G_GUINT64_FORMAT " of %"
                G_GUINT64_FORMAT, m.applied, last_sequence(game));
  /* The end, whatever the last batch found. */
  const MeepleClientState *st = state_of(m.spectator);
  ck_assert_str_eq(st->status, "over");
  ck_assert_uint_eq(st->sequence, m.applied);
  model_compare(&m, st);

  ck_assert_uint_ge(m.aside, 1);
  ck_assert_uint_ge(m.returned, 1);
  ck_assert_uint_ge(m.placed_neutral, 2);   /* the dragon, the fairy */
  ck_assert_uint_ge(m.moved, 6);            /* a flight at least */
  ck_assert(m.dragon_on_tile);
  ck_assert_uint_ge(m.compared, 20);
  /* The player's own mirror saw the same. */
  const MeepleClientState *mine = state_of(game);
  ck_assert_uint_eq(mine->sequence, st->sequence);
  ck_assert_uint_eq(g_strv_length(mine->set_aside),
                    g_strv_length(st->set_aside));

  meeple_remote_game_set_callbacks(m.spectator, NULL, NULL);
  g_ptr_array_unref(m.figures);
  g_ptr_array_unref(m.set_aside);
  meeple_remote_game_free(m.spectator);
  meeple_remote_game_free(game);
  g_free(id);
  meeple_client_free(watcher);
  meeple_client_free(client);
}
END_TEST

/* The same game seed and bot seed give the same game, move for move. */
static GPtrArray *
play_bot_game(MeepleClient *client, guint64 game_seed, guint32 bot_seed)
{
  static const guint seats[] = { 0, 1 };
  static const MeepleBotStrategy strategies[] = { MEEPLE_BOT_RANDOM,
                                                  MEEPLE_BOT_GREEDY };
  char *id = create_game(client, game_seed, NULL);
  MeepleRemoteGame *game = open_game(client, id);
  GError *error = NULL;

  g_free(join(game, 0, NULL));
  g_free(join(game, 1, NULL));
  start(game);
  ck_assert_msg(meeple_bot_play_mixed(game, seats, strategies, 2, bot_seed,
                                      NULL, NULL, &error),
                "bots: %s", error ? error->message : "?");
  GPtrArray *events = g_ptr_array_ref(meeple_remote_game_events(game));
  meeple_remote_game_free(game);
  g_free(id);
  return events;
}

START_TEST(bot_games_are_reproducible)
{
  MeepleClient *client = connect_client();
  GPtrArray *a = play_bot_game(client, 4242, 9);
  GPtrArray *b = play_bot_game(client, 4242, 9);

  assert_same_log(a, b);
  g_ptr_array_unref(a);
  g_ptr_array_unref(b);
  meeple_client_free(client);
}
END_TEST

/* ---- waiting ------------------------------------------------------------------ */

static gboolean
start_later(gpointer data)
{
  start(data);
  return G_SOURCE_REMOVE;
}

START_TEST(spectator_waits_for_start)
{
  MeepleClient *client = connect_client();
  MeepleClient *watcher = connect_client();
  char *id = create_game(client, 5, NULL);
  MeepleRemoteGame *game = open_game(client, id);
  MeepleRemoteGame *spectator = open_game(watcher, id);
  GError *error = NULL;

  g_free(join(game, 0, NULL));
  g_free(join(game, 1, NULL));
  /* The start happens while the spectator waits: only the signal can
   * tell it (its first GetDecision said NotStarted). */
  g_timeout_add(200, start_later, game);
  const MeepleClientDecision *d =
      meeple_remote_game_wait_decision(spectator, NULL, 0, 20000, &error);
  ck_assert_msg(d != NULL, "wait: %s", error ? error->message : "?");
  ck_assert_str_eq(d->kind, "place-tile");
  ck_assert(!meeple_remote_game_holds(spectator, d->seat));

  /* Waiting for the seat that is not to move times out. */
  guint other = 1 - d->seat;
  ck_assert_ptr_null(
      meeple_remote_game_wait_decision(spectator, &other, 1, 300, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_TIMED_OUT);

  meeple_remote_game_free(spectator);
  meeple_remote_game_free(game);
  g_free(id);
  meeple_client_free(watcher);
  meeple_client_free(client);
}
END_TEST

/* Plays @n moves (the first legal action) for the seats @game holds. */
static void
play_first_actions(MeepleRemoteGame *game, guint n)
{
  static const guint seats[] = { 0, 1 };
  GError *error = NULL;

  for (guint i = 0; i < n; i++) {
    const MeepleClientDecision *d =
        meeple_remote_game_wait_decision(game, seats, 2, 20000, &error);
    ck_assert_msg(d != NULL, "wait: %s", error ? error->message : "?");
    ck_assert_msg(meeple_remote_game_act(game, d->seat, d, 0, &error),
                  "Act: %s", error ? error->message : "?");
  }
}

typedef struct {
  MeepleRemoteGame *game;
  guint64 sequence;
} SequenceWait;

static gboolean
reached_sequence(gpointer data)
{
  SequenceWait *w = data;
  return last_sequence(w->game) >= w->sequence;
}

START_TEST(mirror_fills_gaps)
{
  MeepleClient *client = connect_client();
  MeepleClient *watcher = connect_client();
  char *id = create_game(client, 77, NULL);
  MeepleRemoteGame *game = open_game(client, id);
  MeepleRemoteGame *spectator = open_game(watcher, id);
  DBusConnection *wc = meeple_client_connection(watcher);
  char *rule = g_strdup_printf("type='signal',sender='org.meepled.Meepled1',"
                               "path='%s'", meeple_remote_game_path(spectator));
  DBusError derr;

  g_free(join(game, 0, NULL));
  g_free(join(game, 1, NULL));
  start(game);
  play_first_actions(game, 2);

  /* Once the spectator has caught up, it stops hearing the game (as if
   * signals were lost)... */
  SequenceWait caught = { spectator, state_of(game)->sequence };
  ck_assert(spin_until(reached_sequence, &caught, 20000));
  dbus_error_init(&derr);
  dbus_bus_remove_match(wc, rule, &derr);
  ck_assert_msg(!dbus_error_is_set(&derr), "%s", derr.message);
  guint64 before = last_sequence(spectator);
  play_first_actions(game, 4);
  guint64 missed_until = state_of(game)->sequence;
  ck_assert_uint_gt(missed_until, before);
  /* ...and hears again: the next signal starts after a gap, which the
   * mirror fills from GetEvents. */
  dbus_bus_add_match(wc, rule, &derr);
  ck_assert_msg(!dbus_error_is_set(&derr), "%s", derr.message);
  ck_assert_uint_eq(last_sequence(spectator), before);
  play_first_actions(game, 1);
  SequenceWait all = { spectator, state_of(game)->sequence };
  ck_assert_uint_gt(all.sequence, missed_until);
  ck_assert_msg(spin_until(reached_sequence, &all, 20000),
                "spectator at %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT,
                last_sequence(spectator), all.sequence);

  MeepleRemoteGame *fresh = open_game(watcher, id);
  GPtrArray *log = meeple_remote_game_events(spectator);
  for (guint i = 0; i < log->len; i++)
    ck_assert_uint_eq(((MeepleClientEvent *)log->pdata[i])->sequence, i + 1);
  assert_same_log(log, meeple_remote_game_events(fresh));
  meeple_remote_game_free(fresh);

  g_free(rule);
  meeple_remote_game_free(spectator);
  meeple_remote_game_free(game);
  g_free(id);
  meeple_client_free(watcher);
  meeple_client_free(client);
}
END_TEST

/* A peer may send signals straight to a client's connection; the mirror
 * believes only the daemon's (and the bus's, for NameOwnerChanged). */
static void
send_forged(DBusConnection *from, const char *to, const char *path,
            const char *iface, const char *member, GVariant *args)
{
  DBusMessage *m = dbus_message_new_signal(path, iface, member);
  ck_assert_ptr_nonnull(m);
  dbus_message_set_destination(m, to);
  ck_assert(meeple_dbus_message_append_args(m, args));
  ck_assert(dbus_connection_send(from, m, NULL));
  dbus_connection_flush(from);
  dbus_message_unref(m);
}

static gboolean
never(gpointer data)
{
  (void)data;
  return FALSE;
}

START_TEST(forged_signals_are_ignored)
{
  MeepleClient *client = connect_client();
  MeepleClient *forger = connect_client();
  char *id = create_game(client, 5, NULL);
  MeepleRemoteGame *game = open_game(client, id);
  /* The forger needs a registered connection of its own. */
  MeepleRemoteGame *unused = open_game(forger, id);
  DBusConnection *fc = meeple_client_connection(forger);
  const char *victim =
    dbus_bus_get_unique_name(meeple_client_connection(client));
  guint64 before = last_sequence(game);

  send_forged(fc, victim, meeple_remote_game_path(game),
              "org.meepled.Meepled1.Game", "Events",
              g_variant_new_parsed("([(uint64 999, 'game-over', "
                                   "@a{sv} {})],)"));
  send_forged(fc, victim, meeple_remote_game_path(game),
              "org.freedesktop.DBus.Properties", "PropertiesChanged",
              g_variant_new_parsed("('org.meepled.Meepled1.Game', "
                                   "{'Status': <'over'>}, @as [])"));
  send_forged(fc, victim, "/org/freedesktop/DBus", "org.freedesktop.DBus",
              "NameOwnerChanged",
              g_variant_new_parsed("('org.meepled.Meepled1', ':1.1', '')"));
  /* Give the signals time to arrive and be dispatched. */
  spin_until(never, NULL, 500);

  ck_assert_uint_eq(last_sequence(game), before);
  ck_assert(!meeple_remote_game_is_over(game));
  ck_assert_str_eq(state_of(game)->status, "waiting");
  /* Still reachable: joining works. */
  g_free(join(game, 0, NULL));

  meeple_remote_game_free(unused);
  meeple_remote_game_free(game);
  g_free(id);
  meeple_client_free(forger);
  meeple_client_free(client);
}
END_TEST

/* ---- errors and seats -------------------------------------------------------- */

START_TEST(errors_and_reclaim)
{
  MeepleClient *client = connect_client();
  MeepleClient *watcher = connect_client();
  GError *error = NULL;

  ck_assert_ptr_null(meeple_remote_game_open(client, "no-such-game", &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NO_SUCH_GAME);

  char *id = create_game(client, 99, NULL);
  MeepleRemoteGame *game = open_game(client, id);
  char *tokens[2] = { join(game, 0, "A"), join(game, 1, "B") };

  ck_assert(!meeple_remote_game_join(game, NULL, 0, NULL, NULL, NULL,
                                     &error));
  ck_assert_ptr_nonnull(error);
  g_clear_error(&error);   /* full or taken: both are right */
  start(game);
  ck_assert(!meeple_remote_game_start(game, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_ALREADY_STARTED);

  const MeepleClientDecision *d = meeple_remote_game_decision(game, &error);
  ck_assert_msg(d != NULL, "GetDecision: %s", error ? error->message : "?");
  guint active = d->seat, other = 1 - d->seat;

  /* Out of turn, a seat this connection holds. */
  ck_assert(!meeple_remote_game_act(game, other, d, 0, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NOT_YOUR_TURN);
  /* An index the decision does not have: refused before any call. */
  ck_assert(!meeple_remote_game_act(game, active, d, d->actions->len,
                                    &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_INVALID_ARGS);

  /* A spectator acts for nobody. */
  MeepleRemoteGame *spectator = open_game(watcher, id);
  const MeepleClientDecision *sd = meeple_remote_game_decision(spectator,
                                                               &error);
  ck_assert_ptr_nonnull(sd);
  ck_assert_uint_eq(sd->id, d->id);
  ck_assert(!meeple_remote_game_act(spectator, active, sd, 0, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NOT_SEATED);
  ck_assert(!meeple_remote_game_reclaim(spectator, "not-a-token", NULL,
                                        &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_BAD_TOKEN);
  meeple_remote_game_free(spectator);

  /* The active seat's token from a new connection: it acts now. */
  MeepleClient *again = connect_client();
  MeepleRemoteGame *mine = open_game(again, id);
  guint seat = 99;
  ck_assert_msg(meeple_remote_game_reclaim(mine, tokens[active], &seat,
                                           &error),
                "Reclaim: %s", error ? error->message : "?");
  ck_assert_uint_eq(seat, active);
  ck_assert(meeple_remote_game_holds(mine, active));
  const MeepleClientDecision *md =
      meeple_remote_game_wait_decision(mine, &active, 1, 20000, &error);
  ck_assert_msg(md != NULL, "wait: %s", error ? error->message : "?");
  ck_assert_uint_eq(md->id, d->id);
  guint64 acted = md->id;
  ck_assert_msg(meeple_remote_game_act(mine, active, md, 0, &error),
                "Act after reclaim: %s", error ? error->message : "?");
  const MeepleClientDecision *next = meeple_remote_game_decision(mine, &error);
  ck_assert_msg(next != NULL, "GetDecision: %s", error ? error->message : "?");
  ck_assert_uint_ne(next->id, acted);

  /* The old connection lost the seat to the reclaim. */
  ck_assert(!meeple_remote_game_act(game, active, NULL, 0, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NOT_SEATED);

  /* A decision that is no longer pending is refused, for whichever
   * connection now holds the seat to move. */
  MeepleClientDecision stale = *next;
  stale.id = acted;
  ck_assert(!meeple_remote_game_act(next->seat == active ? mine : game,
                                    next->seat, &stale, 0, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_STALE_DECISION);

  meeple_remote_game_free(mine);
  meeple_client_free(again);
  meeple_remote_game_free(game);
  g_free(tokens[0]);
  g_free(tokens[1]);
  g_free(id);
  meeple_client_free(watcher);
  meeple_client_free(client);
}
END_TEST

/* ---- bots on their own -------------------------------------------------------- */

/* ---- the decision protocol's messages ------------------------------------ */

/* A monitor of the bus (libdbus, read synchronously): it sees a copy of
 * every GetDecision call, in the order the bus routed them. */
static DBusConnection *
monitor_get_decision(void)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusConnection *mon = dbus_connection_open_private(fixture_address(), &err);
  ck_assert_msg(mon != NULL, "monitor: %s", err.message);
  ck_assert_msg(dbus_bus_register(mon, &err), "Hello: %s", err.message);
  DBusMessage *m = dbus_message_new_method_call(
      DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, "org.freedesktop.DBus.Monitoring",
      "BecomeMonitor");
  const char *rule = "type='method_call',member='GetDecision'";
  const char **rules = &rule;
  dbus_uint32_t flags = 0;
  ck_assert(dbus_message_append_args(m, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING,
                                     &rules, 1, DBUS_TYPE_UINT32, &flags,
                                     DBUS_TYPE_INVALID));
  DBusMessage *reply =
    dbus_connection_send_with_reply_and_block(mon, m, CALL_TIMEOUT_MS, &err);
  ck_assert_msg(reply != NULL, "BecomeMonitor: %s", err.message);
  dbus_message_unref(reply);
  dbus_message_unref(m);
  return mon;
}

/* Reads the monitor's copies until the one on @last_path; returns how
 * many came before it on @path. */
static guint
get_decisions_before(DBusConnection *mon, const char *path,
                     const char *last_path)
{
  guint n = 0;
  gint64 deadline = g_get_monotonic_time() + 30 * G_USEC_PER_SEC;
  for (;;) {
    DBusMessage *m = dbus_connection_pop_message(mon);
    if (!m) {
      ck_assert_msg(g_get_monotonic_time() < deadline,
                    "the monitor never saw the GetDecision on %s",
                    last_path);
      ck_assert(dbus_connection_read_write(mon, 100));
      continue;
    }
    gboolean last = g_strcmp0(dbus_message_get_path(m), last_path) == 0;
    if (dbus_message_is_method_call(m, MEEPLE_DBUS_GAME_IFACE, "GetDecision") &&
        g_strcmp0(dbus_message_get_path(m), path) == 0)
      n++;
    dbus_message_unref(m);
    if (last)
      return n;
  }
}

/* What the mirror's callbacks told: every decision's id, in order, and
 * the last event sequence number. */
typedef struct {
  GArray *announced;
  guint64 last_sequence;
} Heard;

static void
heard_decision(MeepleRemoteGame *game, guint64 id, guint seat,
               const char *kind, gpointer data)
{
  (void)game;
  (void)seat;
  (void)kind;
  g_array_append_val(((Heard *)data)->announced, id);
}

static void
heard_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  (void)game;
  const MeepleClientEvent *last = events->pdata[events->len - 1];
  ((Heard *)data)->last_sequence = last->sequence;
}

typedef struct {
  Heard *heard;
  guint64 sequence;
} HeardUpTo;

static gboolean
heard_up_to(gpointer data)
{
  HeardUpTo *w = data;
  return w->heard->last_sequence >= w->sequence;
}

/* A bot acting twice before it reads its signals finds the
 * DecisionRequired of its first act behind the reply of the second.  That
 * signal is older than the decision the reply brought: the mirror keeps
 * the newer one instead of asking GetDecision for it (it used to, once
 * per move, whenever the bot made no other call between its moves). */
START_TEST(old_decision_signal_costs_no_call)
{
  DBusConnection *mon = monitor_get_decision();
  MeepleClient *client = connect_client();
  GError *error = NULL;
  char *id = create_game(client, 21, NULL);
  MeepleRemoteGame *game = open_game(client, id);
  char *path = g_strconcat(MEEPLE_DBUS_GAME_PATH_PREFIX, id, NULL);
  g_free(join(game, 0, "Ada"));
  g_free(join(game, 1, "Bob"));
  start(game);

  const MeepleClientDecision *d = meeple_remote_game_decision(game, &error);
  ck_assert_msg(d != NULL, "decision: %s", error ? error->message : "?");
  Heard heard = { g_array_new(FALSE, FALSE, sizeof(guint64)), 0 };
  MeepleRemoteGameCallbacks callbacks = { .events = heard_events,
                                          .decision = heard_decision };
  meeple_remote_game_set_callbacks(game, &callbacks, &heard);
  for (int move = 0; move < 2; move++) {
    ck_assert_msg(meeple_remote_game_act(game, d->seat, d, 0, &error),
                  "Act: %s", error ? error->message : "?");
    d = meeple_remote_game_decision(game, &error);
    ck_assert_msg(d != NULL, "decision: %s", error ? error->message : "?");
  }
  guint64 held = d->id;
  /* Handle the signals up to the second act's Events: the decisions'
   * signals, which come before it on the bus, have been handled too. */
  HeardUpTo upto = { &heard, state_of(game)->sequence };
  ck_assert_msg(spin_until(heard_up_to, &upto, CALL_TIMEOUT_MS),
                "the Events signal of the second act never came");
  d = meeple_remote_game_decision(game, &error);
  ck_assert_msg(d != NULL, "decision: %s", error ? error->message : "?");
  ck_assert_uint_eq(d->id, held);
  /* The replies told the mirror of both decisions first: their signals
   * (the older one read only after the newer reply) announce nothing. */
  for (guint i = 0; i < heard.announced->len; i++)
    ck_assert_msg(g_array_index(heard.announced, guint64, i) > held,
                  "decision %" G_GUINT64_FORMAT " announced while %"
                  G_GUINT64_FORMAT " was held",
                  g_array_index(heard.announced, guint64, i), held);
  meeple_remote_game_set_callbacks(game, NULL, NULL);
  g_array_unref(heard.announced);

  /* A fresh mirror of another game must ask: the monitor's end marker. */
  char *other = create_game(client, 22, NULL);
  MeepleRemoteGame *marker = open_game(client, other);
  g_free(join(marker, 0, "Cy"));
  g_free(join(marker, 1, "Di"));
  start(marker);
  ck_assert(meeple_remote_game_decision(marker, NULL) != NULL);
  char *marker_path = g_strconcat(MEEPLE_DBUS_GAME_PATH_PREFIX, other, NULL);
  /* Only the first decision was asked for; the others came with the
   * acts' replies. */
  ck_assert_uint_eq(get_decisions_before(mon, path, marker_path), 1);

  g_free(marker_path);
  g_free(path);
  g_free(other);
  g_free(id);
  meeple_remote_game_free(marker);
  meeple_remote_game_free(game);
  meeple_client_free(client);
  dbus_connection_close(mon);
  dbus_connection_unref(mon);
}
END_TEST

START_TEST(bot_strategy_names)
{
  MeepleBotStrategy s;

  ck_assert(meeple_bot_strategy_from_name("random", &s));
  ck_assert_int_eq(s, MEEPLE_BOT_RANDOM);
  ck_assert(meeple_bot_strategy_from_name("greedy", &s));
  ck_assert_int_eq(s, MEEPLE_BOT_GREEDY);
  ck_assert(meeple_bot_strategy_from_name("search", &s));
  ck_assert_int_eq(s, MEEPLE_BOT_SEARCH);
  ck_assert(!meeple_bot_strategy_from_name("clever", &s));
  ck_assert(!meeple_bot_strategy_from_name(NULL, &s));
  ck_assert_str_eq(meeple_bot_strategy_name(MEEPLE_BOT_GREEDY), "greedy");
}
END_TEST

/* ---- no daemon ------------------------------------------------------------------ */

START_TEST(bad_bus_address)
{
  GError *error = NULL;

  ck_assert_ptr_null(meeple_client_new("unix:path=/nonexistent/meeple-bus",
                                       NULL, &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NO_DAEMON);
}
END_TEST

/* A bus of our own that cannot activate meepled: every call must say
 * NO_DAEMON, with a message that says so. */
START_TEST(no_daemon_on_bus)
{
  static const char conf[] =
      "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus "
      "Configuration 1.0//EN\"\n"
      " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
      "<busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen>"
      "<auth>EXTERNAL</auth><policy context=\"default\">"
      "<allow send_destination=\"*\"/><allow receive_sender=\"*\"/>"
      "<allow own=\"*\"/></policy>"
      "</busconfig>\n";
  GError *error = NULL;
  char *dir = g_dir_make_tmp("meeple-nobus-XXXXXX", &error);
  ck_assert_ptr_nonnull(dir);
  char *path = g_build_filename(dir, "bus.conf", NULL);
  ck_assert(g_file_set_contents(path, conf, -1, &error));
  const char *bus = g_getenv("DBUS_DAEMON");
  char *config_arg = g_strconcat("--config-file=", path, NULL);
  char *argv[] = { (char *)(bus && *bus ? bus : "dbus-daemon"), config_arg,
                   (char *)"--print-address=1", (char *)"--nofork", NULL };
  GPid pid;
  int out;

  ck_assert_msg(g_spawn_async_with_pipes(NULL, argv, NULL,
                                         G_SPAWN_SEARCH_PATH |
                                             G_SPAWN_DO_NOT_REAP_CHILD,
                                         NULL, NULL, &pid, NULL, &out, NULL,
                                         &error),
                "dbus-daemon: %s", error ? error->message : "?");
  /* The address is the first line it prints. */
  GIOChannel *channel = g_io_channel_unix_new(out);
  char *address = NULL;
  g_io_channel_set_close_on_unref(channel, TRUE);
  ck_assert(g_io_channel_read_line(channel, &address, NULL, NULL, &error) ==
            G_IO_STATUS_NORMAL);
  g_strstrip(address);

  MeepleClient *client = meeple_client_new(address, NULL, &error);
  ck_assert_msg(client != NULL, "connect: %s", error ? error->message : "?");
  ck_assert_ptr_null(meeple_client_list_rulesets(client, &error));
  ck_assert_ptr_nonnull(error);
  ck_assert_msg(strstr(error->message, "not running") != NULL, "%s",
                error->message);
  assert_error(error, MEEPLE_CLIENT_ERROR_NO_DAEMON);
  ck_assert_ptr_null(meeple_remote_game_open(client, "x", &error));
  assert_error(error, MEEPLE_CLIENT_ERROR_NO_DAEMON);
  meeple_client_free(client);

  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
  g_spawn_close_pid(pid);
  g_io_channel_unref(channel);
  g_unlink(path);
  g_rmdir(dir);
  g_free(address);
  g_free(config_arg);
  g_free(path);
  g_free(dir);
}
END_TEST

static Suite *
client_suite(void)
{
  Suite *s = suite_create("client");
  TCase *tc = tcase_create("client");

  /* A whole game, maybe under sanitizers, plus the daemon's start. */
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, rulesets_contain_base);
  tcase_add_test(tc, create_join_start);
  tcase_add_test(tc, bots_play_full_game);
  tcase_add_test(tc, pd_mirror_follows_events);
  tcase_add_test(tc, bot_games_are_reproducible);
  tcase_add_test(tc, spectator_waits_for_start);
  tcase_add_test(tc, mirror_fills_gaps);
  tcase_add_test(tc, forged_signals_are_ignored);
  tcase_add_test(tc, errors_and_reclaim);
  tcase_add_test(tc, old_decision_signal_costs_no_call);
  tcase_add_test(tc, bot_strategy_names);
  tcase_add_test(tc, bad_bus_address);
  tcase_add_test(tc, no_daemon_on_bus);
  tcase_add_test(tc, element_destructors_free_what_they_own);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  GError *error = NULL;
  SRunner *runner;
  int failed, status = -1;

  if (!fixture_available(&error)) {
    gboolean skip = g_error_matches(error, FX_FIXTURE_ERROR, FX_ERROR_SKIP);
    fprintf(stderr, "%s: %s\n", skip ? "SKIP" : "ERROR", error->message);
    g_error_free(error);
    return skip ? 77 : 99;
  }
  if (!fixture_start(&error)) {
    fprintf(stderr, "ERROR: private bus: %s\n", error->message);
    g_error_free(error);
    return 99;
  }
  runner = srunner_create(client_suite());
  srunner_run_all(runner, CK_ENV);
  failed = srunner_ntests_failed(runner);
  srunner_free(runner);

  /* The daemon should end cleanly (0, also under LeakSanitizer); report
   * it, the daemon's own tests judge it. */
  if (fixture_stop_daemon(&status) && status > 0)
    fprintf(stderr, "note: meepled exited with status %d\n", status);
  fixture_stop();
  return failed == 0 ? 0 : 1;
}
