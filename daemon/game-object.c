/* game-object.c — org.meepled.Meepled1.Game: one session on the bus at
 * /org/meepled/Meepled1/game/<id>. */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "dbus/names.h"
#include "errors.h"
#include "marshal.h"

static gboolean
join(gpointer object, const char *sender, GVariant *args, GVariant **reply,
     GError **error)
{
  GameObject *g = object;
  GVariant *options = g_variant_get_child_value(args, 0);
  const char *name = NULL, *kind = NULL;
  guint32 seat_wanted = 0;
  gboolean has_seat = FALSE, ok = TRUE;
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init(&iter, options);
  while (ok && g_variant_iter_next(&iter, "{&sv}", &key, &value)) {
    if (strcmp(key, "name") == 0 && g_variant_is_of_type(value, G_VARIANT_TYPE_STRING))
      name = g_variant_get_string(value, NULL);
    else if (strcmp(key, "kind") == 0 && g_variant_is_of_type(value, G_VARIANT_TYPE_STRING))
      kind = g_variant_get_string(value, NULL);
    else if (strcmp(key, "seat") == 0 && g_variant_is_of_type(value, G_VARIANT_TYPE_UINT32)) {
      seat_wanted = g_variant_get_uint32(value);
      has_seat = TRUE;
    } else {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                  "Join takes the options \"name\" (s), \"seat\" (u) and "
                  "\"kind\" (s), not \"%s\" (%s).",
                  meepled_q(key), g_variant_get_type_string(value));
      ok = FALSE;
    }
    /* Strings point into @options, which outlives the loop. */
    g_variant_unref(value);
  }
  if (ok && kind && strcmp(kind, "human") && strcmp(kind, "bot")) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "Seat kind \"%s\" is neither \"human\" nor \"bot\".",
                meepled_q(kind));
    ok = FALSE;
  }
  if (ok && seat_wanted > MEEPLE_MAX_PLAYERS)
    seat_wanted = MEEPLE_MAX_PLAYERS;
  guint seat;
  char *token = NULL;
  /* the seats as they were, to take back a join the store refuses (an
   * imported game's seats have their players' names) */
  SessionSeat before[MEEPLE_MAX_PLAYERS] = { 0 };
  for (guint i = 0; ok && i < g->session->n_seats; i++)
    session_seat_copy(&before[i], &g->session->seats[i]);
  if (ok)
    ok = session_join(g->session, sender, name, has_seat ? (int)seat_wanted : -1,
                      kind, &seat, &token, error);
  /* the seat's token hash is stored before the token leaves the daemon */
  if (ok && !(daemon_store_write(g->daemon, g->session->id, error) &&
              store_save_seat(g->daemon->store, g->session, seat, error))) {
    session_seat_copy(&g->session->seats[seat], &before[seat]);
    g->session->seats_version++;
    ok = FALSE;
  }
  for (guint i = 0; i < MEEPLE_MAX_PLAYERS; i++)
    session_seat_clear(&before[i]);
  if (ok) {
    lifecycle_waiting_changed(g);
    g_info("game %s: seat %u joined by %s (%s)", g->session->id, seat,
           g->session->seats[seat].name, sender);
    *reply = g_variant_new("(us)", seat, token);
  }
  g_free(token);
  g_variant_unref(options);
  return ok;
}

static gboolean
reclaim(gpointer object, const char *sender, GVariant *args,
        GVariant **reply, GError **error)
{
  GameObject *g = object;
  const char *token;
  guint seat;
  g_variant_get(args, "(&s)", &token);
  if (!session_reclaim(g->session, sender, token, &seat, error))
    return FALSE;
  g_info("game %s: seat %u reclaimed by %s", g->session->id, seat, sender);
  *reply = g_variant_new("(u)", seat);
  return TRUE;
}

static gboolean
leave(gpointer object, const char *sender, GVariant *args, GVariant **reply,
      GError **error)
{
  GameObject *g = object;
  guint32 seat;
  (void)reply;
  g_variant_get(args, "(u)", &seat);
  SessionSeat before = { 0 };
  if (seat < g->session->n_seats)
    session_seat_copy(&before, &g->session->seats[seat]);
  gboolean ok = session_leave(g->session, sender, seat, error);
  /* before the start leaving frees the seat, which the store must know */
  if (ok && !g->session->started &&
      !(daemon_store_write(g->daemon, g->session->id, error) &&
        store_save_seat(g->daemon->store, g->session, seat, error))) {
    session_seat_copy(&g->session->seats[seat], &before);
    g->session->seats_version++;
    ok = FALSE;
  }
  session_seat_clear(&before);
  if (!ok)
    return FALSE;
  lifecycle_waiting_changed(g);
  g_info("game %s: seat %u left", g->session->id, seat);
  return TRUE;
}

static gboolean
start(gpointer object, const char *sender, GVariant *args, GVariant **reply,
      GError **error)
{
  GameObject *g = object;
  (void)args;
  (void)reply;
  if (!session_start(g->session, sender, error))
    return FALSE;
  if (!daemon_store_write(g->daemon, g->session->id, error) ||
      !store_save_started(g->daemon->store, g->session, error)) {
    g->session->started = FALSE;
    return FALSE;
  }
  /* a game being played does not expire */
  lifecycle_waiting_changed(g);
  /* an empty supply: over at once, and into the history like any other */
  if (session_status(g->session) == SESSION_OVER)
    game_object_save_finished(g);
  g_info("game %s: started", g->session->id);
  return TRUE;
}

static gboolean
get_state(gpointer object, const char *sender, GVariant *args,
          GVariant **reply, GError **error)
{
  GameObject *g = object;
  (void)sender;
  (void)args;
  (void)error;
  *reply = g_variant_new("(@a{sv})", marshal_state(g->session));
  return TRUE;
}

/* The pending decision, or FALSE with NotStarted / GameOver. */
static const MeepleDecision *
pending(GameObject *g, GError **error)
{
  if (!g->session->started) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_STARTED,
                "Game %s has not started yet.", g->session->id);
    return NULL;
  }
  const MeepleDecision *d = meeple_game_decision(g->session->game);
  if (!d)
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_GAME_OVER,
                "Game %s is over.", g->session->id);
  return d;
}

static gboolean
no_memory(GError **error)
{
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED,
              "Out of memory while building the reply.");
  return FALSE;
}

/* A decision's fields as GetDecision returns them: id, seat, kind name,
 * description, legal actions.  With no decision (@d NULL: the game is
 * over) the kind and description are empty and so is the list. */
static gboolean
append_decision(DBusMessageIter *reply, GameObject *g, const MeepleDecision *d,
                GError **error)
{
  const MeepleDecisionKindInfo *kind =
    d ? meeple_rules_decision_kind(g->session->rules, d->kind) : NULL;
  dbus_uint64_t id = session_decision_id(g->session);
  dbus_uint32_t seat = d ? d->player : 0;
  const char *name = kind ? kind->name : "";
  const char *description = kind ? kind->description : "";
  static const MeepleDecision none = { 0 };
  if (!dbus_message_iter_append_basic(reply, DBUS_TYPE_UINT64, &id) ||
      !dbus_message_iter_append_basic(reply, DBUS_TYPE_UINT32, &seat) ||
      !dbus_message_iter_append_basic(reply, DBUS_TYPE_STRING, &name) ||
      !dbus_message_iter_append_basic(reply, DBUS_TYPE_STRING, &description) ||
      !marshal_append_actions(reply, g->session, d ? d : &none))
    return no_memory(error);
  return TRUE;
}

static gboolean
get_decision(gpointer object, const char *sender, GVariant *args,
             DBusMessageIter *reply, GError **error)
{
  GameObject *g = object;
  (void)sender;
  (void)args;
  const MeepleDecision *d = pending(g, error);
  return d && append_decision(reply, g, d, error);
}

/* Takes the action in @args (seat, action dictionary) for @sender: checks
 * it, stores it and applies it.  Shared by Act and ActAndGetDecision. */
static gboolean
take_action(GameObject *g, const char *sender, DBusMessageIter *args,
            GError **error)
{
  Session *s = g->session;
  dbus_uint32_t seat;
  MarshalAction request;
  MeepleAction action;
  dbus_message_iter_get_basic(args, &seat);
  dbus_message_iter_next(args);
  gboolean ok =
    marshal_read_action(args, &request, error) &&
    session_may_act(s, sender, seat, request.has_guard, request.guard,
                    error) &&
    marshal_resolve_action(s, meeple_game_decision(s->game), &request,
                           &action, error);
  marshal_action_clear(&request);
  if (!ok)
    return FALSE;
  /* Durable before anything changes (DESIGN invariant 4): the reply
   * is the promise that the action survives a crash. */
  guint64 index = session_decision_id(s);
  char *notation = meeple_action_to_string(s->game, &action);
  ok = daemon_store_write(g->daemon, s->id, error) &&
       store_append_action(g->daemon->store, s, index, notation, error);
  if (!ok) {
    g_free(notation);
    return FALSE;
  }
  /* the journal keeps the same text */
  if (!session_apply(s, &action, notation, error)) {
    GError *undo = NULL;
    if (!store_drop_action(g->daemon->store, s, index, &undo)) {
      g_warning("game %s: %s", s->id, undo->message);
      g_error_free(undo);
    }
    return FALSE;
  }
  if (session_status(s) == SESSION_OVER)
    game_object_save_finished(g);
  /* the message is formatted even when dropped: not on every act */
  if (!g_log_writer_default_would_drop(G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN))
    g_debug("game %s: seat %u acted; decision %" G_GUINT64_FORMAT, s->id,
            seat, session_decision_id(s));
  if (session_status(s) == SESSION_OVER)
    g_info("game %s: over after %" G_GUINT64_FORMAT " actions", s->id,
           session_decision_id(s));
  return TRUE;
}

/* Act: takes the action (take_action); the reply is the sequence number
 * of the last event it caused. */
static gboolean
act(gpointer object, const char *sender, DBusMessageIter *args,
    DBusMessageIter *reply, GError **error)
{
  GameObject *g = object;
  if (!take_action(g, sender, args, error))
    return FALSE;
  dbus_uint64_t sequence = session_sequence(g->session);
  if (!dbus_message_iter_append_basic(reply, DBUS_TYPE_UINT64, &sequence))
    return no_memory(error);
  return TRUE;
}

/* Act, then GetDecision, in one round trip: a client that acts wants the
 * next decision, and this saves the bus two messages per move. */
static gboolean
act_and_get_decision(gpointer object, const char *sender,
                     DBusMessageIter *args, DBusMessageIter *reply,
                     GError **error)
{
  GameObject *g = object;
  if (!act(g, sender, args, reply, error))
    return FALSE;
  /* One struct, not five more arguments: libdbus rewrites the message's
   * signature for every top-level argument (about 2 us each). */
  DBusMessageIter decision;
  if (!dbus_message_iter_open_container(reply, DBUS_TYPE_STRUCT, NULL,
                                        &decision))
    return no_memory(error);
  gboolean ok = append_decision(&decision, g,
                                meeple_game_decision(g->session->game), error);
  if (!dbus_message_iter_close_container(reply, &decision) && ok)
    return no_memory(error);
  return ok;
}

static gboolean
get_events(gpointer object, const char *sender, GVariant *args,
           DBusMessageIter *reply, GError **error)
{
  GameObject *g = object;
  guint64 since;
  (void)sender;
  g_variant_get(args, "(t)", &since);
  guint64 last = session_sequence(g->session);
  if (!marshal_append_events(reply, g->session, MIN(since, last), last))
    return no_memory(error);
  return TRUE;
}

/* The public actions so far, as seat and notation (the journal's text):
 * what a bot needs to rebuild the public game, without the seed or the
 * supply that ExportRecord holds back until the game is over. */
static gboolean
get_actions(gpointer object, const char *sender, GVariant *args,
            GVariant **reply, GError **error)
{
  GameObject *g = object;
  Session *s = g->session;
  guint32 since;
  (void)sender;
  (void)error;
  g_variant_get(args, "(u)", &since);
  gsize n_history;
  const MeepleHistoryEntry *h = meeple_game_history(s->game, &n_history);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(us)"));
  /* The journal and the history list the same actions, one for one. */
  gsize n = MIN(n_history, (gsize)s->journal->len);
  for (gsize i = since; i < n; i++)
    g_variant_builder_add(&b, "(us)", h[i].player,
                          (const char *)g_ptr_array_index(s->journal, i));
  *reply = g_variant_new("(a(us))", &b);
  return TRUE;
}

static gboolean
get_catalog(gpointer object, const char *sender, GVariant *args,
            GVariant **reply, GError **error)
{
  GameObject *g = object;
  (void)sender;
  (void)args;
  (void)error;
  *reply = g_variant_new("(@a{sv})", marshal_catalog(g->session->rules));
  return TRUE;
}

static gboolean
export_record(gpointer object, const char *sender, GVariant *args,
              GVariant **reply, GError **error)
{
  GameObject *g = object;
  Session *s = g->session;
  (void)sender;
  (void)args;
  if (session_status(s) != SESSION_OVER) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_FINISHED,
                "Game %s is not finished; its record holds the seed, which "
                "would reveal the tiles still to come.", s->id);
    return FALSE;
  }
  char *text = game_object_record(g);
  *reply = g_variant_new("(s)", text);
  g_free(text);
  return TRUE;
}

char *
game_object_record(const GameObject *g)
{
  const Session *s = g->session;
  const char *names[MEEPLE_MAX_PLAYERS + 1] = { NULL };
  for (guint i = 0; i < s->n_seats; i++)
    names[i] = s->seats[i].name;
  return meeple_record_write(s->game, names);
}

void
game_object_save_finished(GameObject *g)
{
  /* The journal already holds the last action, so the game stays over
   * after a restart even if this fails; only the history's copy of the
   * record is missing until then (resume.c writes it). */
  char *record = game_object_record(g);
  GError *error = NULL;
  if (!daemon_store_write(g->daemon, g->session->id, &error) ||
      !store_save_finished(g->daemon->store, g->session, record, &error)) {
    g_warning("game %s: %s", g->session->id, error->message);
    g_error_free(error);
  } else {
    lifecycle_history_added(g->daemon, g->session->id);
  }
  g_free(record);
}

/* ---- properties ----------------------------------------------------- */

static GVariant *
prop_id(gpointer o)
{
  return g_variant_new_string(((GameObject *)o)->session->id);
}
static GVariant *
prop_name(gpointer o)
{
  return g_variant_new_string(((GameObject *)o)->session->name);
}
static GVariant *
prop_rules(gpointer o)
{
  const MeepleRules *rules = ((GameObject *)o)->session->rules;
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("as"));
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++)
    g_variant_builder_add(&b, "s", meeple_rules_ruleset(rules, i)->id);
  return g_variant_builder_end(&b);
}
static GVariant *
prop_num_seats(gpointer o)
{
  return g_variant_new_uint32(((GameObject *)o)->session->n_seats);
}
static GVariant *
prop_seats(gpointer o)
{
  return marshal_seats(((GameObject *)o)->session);
}
static GVariant *
prop_sequence(gpointer o)
{
  return g_variant_new_uint64(session_sequence(((GameObject *)o)->session));
}

/* The values PropertiesChanged carries after most actions, written
 * directly (for Get and GetAll too): building GVariants for them cost a
 * tenth of an act. */
static gboolean
append_u32(DBusMessageIter *iter, guint value)
{
  dbus_uint32_t v = value;
  return dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT32, &v);
}
static gboolean
append_status(gpointer o, DBusMessageIter *iter)
{
  const char *name =
    session_status_name(session_status(((GameObject *)o)->session));
  return dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &name);
}
static gboolean
append_turn(gpointer o, DBusMessageIter *iter)
{
  return append_u32(iter, meeple_game_turn(((GameObject *)o)->session->game));
}
static gboolean
append_active_seat(gpointer o, DBusMessageIter *iter)
{
  return append_u32(iter,
                    meeple_game_active_player(((GameObject *)o)->session->game));
}
static gboolean
append_tiles_left(gpointer o, DBusMessageIter *iter)
{
  return append_u32(iter,
                    meeple_game_tiles_left(((GameObject *)o)->session->game));
}
static gboolean
append_scores(gpointer o, DBusMessageIter *iter)
{
  const Session *s = ((GameObject *)o)->session;
  dbus_int32_t scores[MEEPLE_MAX_PLAYERS];
  const dbus_int32_t *p = scores;
  for (guint i = 0; i < s->n_seats; i++)
    scores[i] = meeple_game_score(s->game, i);
  DBusMessageIter array;
  return dbus_message_iter_open_container(iter, DBUS_TYPE_ARRAY, "i",
                                          &array) &&
         dbus_message_iter_append_fixed_array(&array, DBUS_TYPE_INT32, &p,
                                              (int)s->n_seats) &&
         dbus_message_iter_close_container(iter, &array);
}

static const ObjectArg no_args[] = { { NULL, NULL } };
static const ObjectArg join_in[] = { { "options", "a{sv}" }, { NULL, NULL } };
static const ObjectArg join_out[] = { { "seat", "u" }, { "token", "s" },
                                      { NULL, NULL } };
static const ObjectArg reclaim_in[] = { { "token", "s" }, { NULL, NULL } };
static const ObjectArg seat_out[] = { { "seat", "u" }, { NULL, NULL } };
static const ObjectArg leave_in[] = { { "seat", "u" }, { NULL, NULL } };
static const ObjectArg state_out[] = { { "state", "a{sv}" }, { NULL, NULL } };
static const ObjectArg decision_out[] = {
  { "id", "t" },          { "seat", "u" },
  { "kind", "s" },        { "description", "s" },
  { "actions", "a" MEEPLE_DBUS_ACTION_SIG }, { NULL, NULL }
};
static const ObjectArg act_in[] = { { "seat", "u" }, { "action", "a{sv}" },
                                    { NULL, NULL } };
static const ObjectArg act_decision_out[] = {
  { "sequence", "t" },
  { "decision", "(tussa" MEEPLE_DBUS_ACTION_SIG ")" },
  { NULL, NULL }
};
static const ObjectArg sequence_out[] = { { "sequence", "t" }, { NULL, NULL } };
static const ObjectArg events_in[] = { { "since", "t" }, { NULL, NULL } };
static const ObjectArg events_out[] = {
  { "events", "a" MEEPLE_DBUS_EVENT_SIG }, { NULL, NULL }
};
static const ObjectArg actions_in[] = { { "since", "u" }, { NULL, NULL } };
static const ObjectArg actions_out[] = { { "actions", "a(us)" },
                                         { NULL, NULL } };
static const ObjectArg catalog_out[] = { { "catalog", "a{sv}" },
                                         { NULL, NULL } };
static const ObjectArg record_out[] = { { "record", "s" }, { NULL, NULL } };
static const ObjectArg deleted_out[] = { { "deleted", "b" }, { NULL, NULL } };
static const ObjectArg decision_signal[] = {
  { "id", "t" }, { "seat", "u" }, { "kind", "s" }, { NULL, NULL }
};

static const ObjectMethod methods[] = {
  { "Join", join_in, join_out, join, NULL, NULL },
  { "Reclaim", reclaim_in, seat_out, reclaim, NULL, NULL },
  { "Leave", leave_in, no_args, leave, NULL, NULL },
  { "Start", no_args, no_args, start, NULL, NULL },
  { "GetState", no_args, state_out, get_state, NULL, NULL },
  { "GetDecision", no_args, decision_out, NULL, get_decision, NULL },
  { "Act", act_in, sequence_out, NULL, NULL, act },
  { "ActAndGetDecision", act_in, act_decision_out, NULL, NULL,
    act_and_get_decision },
  { "GetEvents", events_in, events_out, NULL, get_events, NULL },
  { "GetActions", actions_in, actions_out, get_actions, NULL, NULL },
  { "GetCatalog", no_args, catalog_out, get_catalog, NULL, NULL },
  { "ExportRecord", no_args, record_out, export_record, NULL, NULL },
  { "Delete", no_args, deleted_out, game_object_delete, NULL, NULL },
  { NULL, NULL, NULL, NULL, NULL, NULL },
};

static const ObjectSignal signals[] = {
  { "Events", events_out },
  { "DecisionRequired", decision_signal },
  { NULL, NULL },
};

/* Indices into properties[] below, for PropertiesChanged's bit mask. */
enum {
  PROP_ID, PROP_NAME, PROP_RULES, PROP_NUM_SEATS, PROP_STATUS, PROP_SEATS,
  PROP_TURN, PROP_ACTIVE_SEAT, PROP_TILES_LEFT, PROP_SCORES, PROP_SEQUENCE,
};

#define PROP_BIT(prop) (G_GUINT64_CONSTANT(1) << (prop))
/* Every property PropertiesChanged carries. */
#define PROPS_SIGNALLED                                                      \
  (PROP_BIT(PROP_STATUS) | PROP_BIT(PROP_SEATS) | PROP_BIT(PROP_TURN) |      \
   PROP_BIT(PROP_ACTIVE_SEAT) | PROP_BIT(PROP_TILES_LEFT) |                  \
   PROP_BIT(PROP_SCORES))
/* The properties a person waits for go out at once, and take the
 * merged changes of the others with them. */
#define PROPS_AT_ONCE (PROP_BIT(PROP_STATUS) | PROP_BIT(PROP_SEATS))

static const ObjectProperty properties[] = {
  [PROP_ID] = { "Id", "s", prop_id, NULL, FALSE },
  [PROP_NAME] = { "Name", "s", prop_name, NULL, FALSE },
  [PROP_RULES] = { "Rules", "as", prop_rules, NULL, FALSE },
  [PROP_NUM_SEATS] = { "NumSeats", "u", prop_num_seats, NULL, FALSE },
  [PROP_STATUS] = { "Status", "s", NULL, append_status, FALSE },
  [PROP_SEATS] = { "Seats", "a(ssbb)", prop_seats, NULL, FALSE },
  [PROP_TURN] = { "Turn", "u", NULL, append_turn, FALSE },
  [PROP_ACTIVE_SEAT] = { "ActiveSeat", "u", NULL, append_active_seat,
                         FALSE },
  [PROP_TILES_LEFT] = { "TilesLeft", "u", NULL, append_tiles_left,
                        FALSE },
  [PROP_SCORES] = { "Scores", "ai", NULL, append_scores, FALSE },
  [PROP_SEQUENCE] = { "Sequence", "t", prop_sequence, NULL, TRUE },
  { NULL, NULL, NULL, NULL, FALSE },
};

static const ObjectInterface game_interface = {
  MEEPLE_DBUS_GAME_IFACE, methods, signals, properties,
};

static GamePropertyKey
property_key(const GameObject *g)
{
  const Session *s = g->session;
  GamePropertyKey key;
  memset(&key, 0, sizeof key);
  key.status = session_status(s);
  key.turn = meeple_game_turn(s->game);
  key.active = meeple_game_active_player(s->game);
  key.tiles_left = meeple_game_tiles_left(s->game);
  key.seats_version = s->seats_version;
  for (guint i = 0; i < s->n_seats; i++)
    key.scores[i] = meeple_game_score(s->game, i);
  return key;
}

/* PropertiesChanged's mask since the last call: the signalled properties
 * whose source values moved.  Each depends on exactly one of them. */
static guint64
properties_changed(GameObject *g)
{
  GamePropertyKey now = property_key(g), *was = &g->property_key;
  guint64 mask = 0;
#define CHANGED(field, prop)                                                 \
  if (now.field != was->field)                                               \
    mask |= PROP_BIT(prop)
  CHANGED(status, PROP_STATUS);
  CHANGED(seats_version, PROP_SEATS);
  CHANGED(turn, PROP_TURN);
  CHANGED(active, PROP_ACTIVE_SEAT);
  CHANGED(tiles_left, PROP_TILES_LEFT);
#undef CHANGED
  if (memcmp(now.scores, was->scores, sizeof now.scores) != 0)
    mask |= PROP_BIT(PROP_SCORES);
  *was = now;
  return mask;
}

/* ---- objects -------------------------------------------------------- */

static gpointer
lookup(gpointer data, const char *path)
{
  Daemon *d = data;
  if (!g_str_has_prefix(path, MEEPLE_DBUS_GAME_PATH_PREFIX))
    return NULL;
  return g_hash_table_lookup(d->games,
                             path + strlen(MEEPLE_DBUS_GAME_PATH_PREFIX));
}

static int
compare_ids(gconstpointer a, gconstpointer b)
{
  return daemon_compare_ids(*(const char *const *)a, *(const char *const *)b);
}

static char **
children(gpointer data, const char *path)
{
  Daemon *d = data;
  GPtrArray *names = g_ptr_array_new();
  /* Only the parent of the games lists them. */
  if (strcmp(path, "/org/meepled/Meepled1/game") == 0) {
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, d->games);
    while (g_hash_table_iter_next(&iter, &key, NULL))
      g_ptr_array_add(names, g_strdup(key));
    g_ptr_array_sort(names, compare_ids);
  }
  g_ptr_array_add(names, NULL);
  return (char **)g_ptr_array_free(names, FALSE);
}

static void
after_call(gpointer object)
{
  GameObject *g = object;
  /* deleted by this call: nothing more to say, it goes at the next idle */
  if (!g->removed)
    game_object_flush(g);
}

static ObjectClass game_class = {
  &game_interface, lookup, children, after_call, NULL,
};

gboolean
game_objects_register(Daemon *daemon)
{
  game_class.data = daemon;
  return objects_register(daemon->bus, "/org/meepled/Meepled1/game", TRUE,
                          &game_class);
}

GameObject *
game_object_new(Daemon *daemon, Session *session)
{
  GameObject *g = g_new0(GameObject, 1);
  g->daemon = daemon;
  g->session = session;
  g->path = g_strconcat(MEEPLE_DBUS_GAME_PATH_PREFIX, session->id, NULL);
  /* The setup's events (start tile, first draw) are signalled when the
   * game starts, with the start's own. */
  g->signalled = 0;
  g->announced = G_MAXUINT64;
  g->property_key = property_key(g);
  return g;
}

void
game_object_reset(GameObject *g, Session *s)
{
  Session *old = g->session;
  /* the connections holding seats are still there */
  for (guint i = 0; i < s->n_seats && i < old->n_seats; i++)
    if (s->seats[i].taken && old->seats[i].holder &&
        g_strcmp0(s->seats[i].token_hash, old->seats[i].token_hash) == 0)
      s->seats[i].holder = g_strdup(old->seats[i].holder);
  s->seats_version = old->seats_version + 1;
  /* what the store does not replay: whose it is (its limits) */
  s->owner_uid = old->owner_uid;
  s->creator = g_strdup(old->creator);
  s->supply = old->supply;
  s->changed = old->changed;
  /* the games table is keyed by the session's own id string */
  g_hash_table_steal(g->daemon->games, old->id);
  g->session = s;
  g_hash_table_insert(g->daemon->games, s->id, g);
  session_free(old);
  /* Before the failed batch every event had been signalled; the store
   * holds exactly that much. */
  g->signalled = s->started ? session_sequence(s) : 0;
  g->announced = G_MAXUINT64;
  if (g->ended_at && session_status(s) != SESSION_OVER) {
    deadlines_unlink(&g->daemon->finished, &g->finished_link);
    g->ended_at = 0;
  }
  /* The signals of the failed batch were dropped, and they may have
   * carried changes merged from before it (pacing): every signalled
   * property goes out again, as it is now. */
  g->property_key = property_key(g);
  g->props_pending |= PROPS_SIGNALLED;
  game_object_send_properties(g);
}

void
game_object_free(GameObject *g)
{
  if (!g)
    return;
  pacing_forget(g);
  deadlines_unlink(&g->daemon->finished, &g->finished_link);
  deadlines_unlink(&g->daemon->waiting, &g->waiting_link);
  clients_release_game(g->daemon, g);
  session_free(g->session);
  g_free(g->path);
  g_free(g);
}

static gboolean
append_new_events(DBusMessageIter *iter, gpointer data)
{
  GameObject *g = data;
  return marshal_append_events(iter, g->session, g->signalled,
                               session_sequence(g->session));
}

/* DecisionRequired's arguments: the decision's id, seat and kind. */
static gboolean
append_decision_required(DBusMessageIter *iter, gpointer data)
{
  GameObject *g = data;
  const MeepleDecision *d = meeple_game_decision(g->session->game);
  const MeepleDecisionKindInfo *kind =
    meeple_rules_decision_kind(g->session->rules, d->kind);
  dbus_uint64_t id = session_decision_id(g->session);
  dbus_uint32_t seat = d->player;
  const char *name = kind ? kind->name : "";
  return dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT64, &id) &&
         dbus_message_iter_append_basic(iter, DBUS_TYPE_UINT32, &seat) &&
         dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &name);
}

/* A finished game stays for its record and late readers, then goes:
 * otherwise a long-running daemon would only ever grow. */
static gint64
expiry_time(gpointer game)
{
  const GameObject *g = game;
  return g->ended_at + (gint64)g->daemon->keep_finished * G_USEC_PER_SEC;
}

static void
expire(gpointer game)
{
  GameObject *g = game;
  Daemon *d = g->daemon;
  g_info("game %s: removed, %u s after it ended", g->session->id,
         d->keep_finished);
  daemon_announce_removed(d, g, "finished");
  /* game_object_free() takes it off the queue */
  g_hash_table_remove(d->games, g->session->id);
}

void
game_objects_init_expiry(Daemon *d)
{
  deadlines_init(&d->finished, expiry_time, expire);
}

void
game_objects_stop_timers(Daemon *d)
{
  deadlines_clear(&d->finished);
  deadlines_clear(&d->paced);
}

void
game_object_mark_ended(GameObject *g)
{
  if (g->ended_at)
    return;
  /* a game played to its end no longer counts against its creator (an
   * imported finished game is counted after this, until it goes) */
  clients_release_game(g->daemon, g);
  g->ended_at = g_get_monotonic_time();
  deadlines_push(&g->daemon->finished, &g->finished_link, g);
}

void
game_object_send_properties(GameObject *g)
{
  pacing_forget(g);
  if (!g->props_pending)
    return;
  objects_emit_properties_changed(g->daemon->bus, g->path, &game_interface,
                                  g, g->props_pending);
  g->props_pending = 0;
  g->props_sent_at = g_get_monotonic_time();
}

/* PropertiesChanged for what changed, now or merged later (pacing.c). */
static void
flush_properties(GameObject *g)
{
  guint64 changed = properties_changed(g);
  if (!changed)
    return;
  g->props_pending |= changed;
  if ((changed & PROPS_AT_ONCE) || pacing_may_send(g))
    game_object_send_properties(g);
  else
    pacing_defer(g);
}

void
game_object_flush(GameObject *g)
{
  Session *s = g->session;
  DBusConnection *bus = g->daemon->bus;
  guint64 seq = session_sequence(s);
  if (seq > g->signalled && s->started) {
    objects_emit_with(bus, g->path, MEEPLE_DBUS_GAME_IFACE, "Events",
                      append_new_events, g);
    g->signalled = seq;
  }
  flush_properties(g);
  const MeepleDecision *d = s->started ? meeple_game_decision(s->game) : NULL;
  guint64 id = session_decision_id(s);
  if (!d && s->started)
    game_object_mark_ended(g);
  if (d && g->announced != id) {
    g->announced = id;
    objects_emit_with(bus, g->path, MEEPLE_DBUS_GAME_IFACE,
                      "DecisionRequired", append_decision_required, g);
  }
}

guint
game_objects_n_unfinished(Daemon *daemon)
{
  /* Every game that is over is in the finished queue (mark_ended), so
   * there is no need to walk thousands of games per CreateGame. */
  return g_hash_table_size(daemon->games) -
         deadlines_length(&daemon->finished);
}

void
game_objects_holder_gone(Daemon *daemon, const char *name)
{
  GHashTableIter iter;
  gpointer value;
  g_hash_table_iter_init(&iter, daemon->games);
  while (g_hash_table_iter_next(&iter, NULL, &value)) {
    GameObject *g = value;
    if (session_holder_gone(g->session, name)) {
      g_info("game %s: %s disconnected; its seats wait for their tokens",
             g->session->id, name);
      game_object_flush(g);
    }
  }
}
