/* session.c — seats, tokens, authority and the event log (session.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "errors.h"
#include "session.h"

static void
append_events(Session *s, const MeepleEvent *events, gsize n)
{
  g_array_append_vals(s->events, events, n);
}

static void set_action_error(GError **error, GError *engine);

Session *
session_new(const char *id, const char *name, MeepleRules *rules,
            const MeepleGameConfig *config, const char *const *seat_kinds,
            GError **error)
{
  GError *local = NULL;
  MeepleGame *game = meeple_game_new(rules, config, &local);
  if (!game && local->code == MEEPLE_ERROR_HOOK) {
    set_action_error(error, local); /* a rule set failed: logged */
    return NULL;
  }
  if (!game) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS, "%s",
                local->message);
    g_error_free(local);
    return NULL;
  }
  Session *s = g_new0(Session, 1);
  s->id = g_strdup(id);
  s->name = g_strdup(name ? name : "");
  s->rules = meeple_rules_ref(rules);
  s->game = game;
  s->n_seats = config->n_players;
  for (guint i = 0; i < s->n_seats; i++) {
    s->seats[i].name = g_strdup_printf("Player %u", i + 1);
    s->seats[i].kind = g_strdup(seat_kinds ? seat_kinds[i] : "human");
  }
  s->events = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  s->journal = g_ptr_array_new_with_free_func(g_free);
  s->owner_uid = -1;
  s->changed = g_get_real_time() / G_USEC_PER_SEC;
  gsize n;
  const MeepleEvent *initial = meeple_game_initial_events(game, &n);
  append_events(s, initial, n);
  return s;
}

/* Replay callback: the setup's and each action's events into the log,
 * each action line into the journal. */
static void
replayed(const MeepleRecord *record, MeepleGame *game, int action, int player,
         const MeepleEvent *events, gsize n_events, gpointer user_data)
{
  Session *s = user_data;
  (void)game;
  (void)player;
  append_events(s, events, n_events);
  if (action >= 0) {
    const MeepleRecordAction *a = g_ptr_array_index(record->actions, action);
    g_ptr_array_add(s->journal, g_strdup(a->text));
  }
}

Session *
session_new_from_record(const char *id, const char *name, MeepleRules *rules,
                        const MeepleRecord *record, GError **error)
{
  Session *s = g_new0(Session, 1);
  s->id = g_strdup(id);
  s->name = g_strdup(name ? name : "");
  s->rules = meeple_rules_ref(rules);
  s->events = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  s->journal = g_ptr_array_new_with_free_func(g_free);
  /* an import; a resumed game takes what the store kept instead */
  s->owner_uid = -1;
  s->supply = SESSION_SUPPLY_IMPORTED;
  s->changed = g_get_real_time() / G_USEC_PER_SEC;
  GError *local = NULL;
  s->game = meeple_record_replay_events(record, rules, replayed, s, &local);
  if (!s->game) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS, "%s",
                local->message);
    g_error_free(local);
    session_free(s);
    return NULL;
  }
  s->n_seats = meeple_game_n_players(s->game);
  for (guint i = 0; i < s->n_seats; i++) {
    const char *player = i < record->players->len
                           ? g_ptr_array_index(record->players, i) : NULL;
    /* the limits of Join's names hold for a record's players too */
    if (player && !session_check_name(player, "player name", error)) {
      g_prefix_error(error, "Player %u of the record: ", i + 1);
      session_free(s);
      return NULL;
    }
    s->seats[i].name = player ? g_strdup(player)
                              : g_strdup_printf("Player %u", i + 1);
    s->seats[i].kind = g_strdup("human");
  }
  return s;
}
static void
clear_seat(SessionSeat *seat)
{
  g_clear_pointer(&seat->token_hash, g_free);
  g_clear_pointer(&seat->holder, g_free);
  seat->taken = FALSE;
}

void
session_seat_clear(SessionSeat *seat)
{
  clear_seat(seat);
  g_clear_pointer(&seat->name, g_free);
  g_clear_pointer(&seat->kind, g_free);
}

void
session_seat_copy(SessionSeat *to, const SessionSeat *from)
{
  session_seat_clear(to);
  to->name = g_strdup(from->name);
  to->kind = g_strdup(from->kind);
  to->taken = from->taken;
  to->token_hash = g_strdup(from->token_hash);
  to->holder = g_strdup(from->holder);
}

char *
session_token_hash(const char *token)
{
  return g_compute_checksum_for_string(G_CHECKSUM_SHA256, token, -1);
}

void
session_free(Session *s)
{
  if (!s)
    return;
  for (guint i = 0; i < s->n_seats; i++) {
    clear_seat(&s->seats[i]);
    g_free(s->seats[i].name);
    g_free(s->seats[i].kind);
  }
  if (s->game)
    meeple_game_free(s->game);
  meeple_rules_unref(s->rules);
  g_array_free(s->events, TRUE);
  g_ptr_array_unref(s->journal);
  g_free(s->id);
  g_free(s->name);
  g_free(s->creator);
  g_free(s);
}

SessionStatus
session_status(const Session *s)
{
  if (!s->started)
    return SESSION_WAITING;
  return meeple_game_is_over(s->game) ? SESSION_OVER : SESSION_PLAYING;
}

const char *
session_status_name(SessionStatus status)
{
  static const char *const names[] = { "waiting", "playing", "over" };
  return names[status];
}

static const char *const supply_names[] = {
  [SESSION_SUPPLY_UNKNOWN] = "unknown",
  [SESSION_SUPPLY_SHUFFLED] = "shuffled",
  [SESSION_SUPPLY_SEED] = "seed",
  [SESSION_SUPPLY_TILES] = "tiles",
  [SESSION_SUPPLY_IMPORTED] = "imported",
};

const char *
session_supply_name(SessionSupply supply)
{
  return (gsize)supply < G_N_ELEMENTS(supply_names) ? supply_names[supply]
                                                    : "unknown";
}

SessionSupply
session_supply_from_name(const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS(supply_names); i++)
    if (name && strcmp(supply_names[i], name) == 0)
      return (SessionSupply)i;
  return SESSION_SUPPLY_UNKNOWN;
}

guint64
session_sequence(const Session *s)
{
  return s->events->len;
}

guint64
session_decision_id(const Session *s)
{
  gsize n;
  meeple_game_history(s->game, &n);
  return n;
}

guint
session_free_seats(const Session *s)
{
  guint n = 0;
  for (guint i = 0; i < s->n_seats; i++)
    n += !s->seats[i].taken;
  return n;
}

void
session_random_bytes(void *buffer, gsize size)
{
  FILE *f = fopen("/dev/urandom", "rb");
  gboolean ok = f && fread(buffer, 1, size, f) == size;
  if (f)
    fclose(f);
  /* Without /dev/urandom (a broken chroot) GLib's generator, seeded from
   * the time, is the fallback; the daemon says so once. */
  if (!ok) {
    static gboolean warned;
    if (!warned)
      g_warning("cannot read /dev/urandom; tokens and seeds are weaker");
    warned = TRUE;
    for (gsize i = 0; i < size; i++)
      ((guint8 *)buffer)[i] = (guint8)g_random_int();
  }
}

/* 128 bits from the kernel's generator: a token must not be guessable
 * from anything else the daemon says. */
static char *
new_token(void)
{
  guint8 bytes[16];
  session_random_bytes(bytes, sizeof bytes);
  GString *hex = g_string_sized_new(33);
  for (guint i = 0; i < sizeof bytes; i++)
    g_string_append_printf(hex, "%02x", bytes[i]);
  return g_string_free(hex, FALSE);
}

gboolean
session_check_name(const char *name, const char *what, GError **error)
{
  if (strlen(name) > SESSION_MAX_NAME) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "A %s has at most %d bytes.", what, SESSION_MAX_NAME);
    return FALSE;
  }
  /* D-Bus strings are valid UTF-8 already. */
  for (const char *p = name; *p; p = g_utf8_next_char(p))
    if (g_unichar_iscntrl(g_utf8_get_char(p))) {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                  "A %s may not contain control characters.", what);
      return FALSE;
    }
  return TRUE;
}

static int
pick_free_seat(const Session *s, const char *kind)
{
  for (guint i = 0; i < s->n_seats; i++)
    if (!s->seats[i].taken && (!kind || strcmp(kind, s->seats[i].kind) == 0))
      return (int)i;
  return -1;
}

gboolean
session_join(Session *s, const char *holder, const char *name, int seat,
             const char *kind, guint *seat_out, char **token_out,
             GError **error)
{
  if (s->started) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_ALREADY_STARTED,
                "Game %s has already started; a player who left can take "
                "their seat back with its seat token.", s->id);
    return FALSE;
  }
  if (seat >= (int)s->n_seats) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "Game %s has seats 0 to %u; there is no seat %d.", s->id,
                s->n_seats - 1, seat);
    return FALSE;
  }
  if (name && !session_check_name(name, "player name", error))
    return FALSE;
  if (seat >= 0 && s->seats[seat].taken) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_SEAT_TAKEN,
                "Seat %d of game %s is already taken by %s.", seat, s->id,
                s->seats[seat].name);
    return FALSE;
  }
  if (seat < 0)
    seat = pick_free_seat(s, kind);
  if (seat < 0) {
    if (kind)
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_GAME_FULL,
                  "Game %s has no free seat for a %s.", s->id, kind);
    else
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_GAME_FULL,
                  "Game %s is full: all %u seats are taken.", s->id,
                  s->n_seats);
    return FALSE;
  }
  SessionSeat *st = &s->seats[seat];
  st->taken = TRUE;
  char *token = new_token();
  st->token_hash = session_token_hash(token);
  st->holder = g_strdup(holder);
  if (name && *name) {
    g_free(st->name);
    st->name = g_strdup(name);
  }
  s->seats_version++;
  s->changed = g_get_real_time() / G_USEC_PER_SEC;
  s->delete_votes &= ~(1u << seat);
  *seat_out = (guint)seat;
  *token_out = token;
  return TRUE;
}

gboolean
session_reclaim(Session *s, const char *holder, const char *token,
                guint *seat_out, GError **error)
{
  g_autofree char *hash = session_token_hash(token);
  for (guint i = 0; i < s->n_seats; i++) {
    SessionSeat *st = &s->seats[i];
    if (st->taken && st->token_hash && strcmp(st->token_hash, hash) == 0) {
      g_free(st->holder);
      st->holder = g_strdup(holder);
      s->seats_version++;
      *seat_out = i;
      return TRUE;
    }
  }
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_BAD_TOKEN,
              "That token belongs to no seat of game %s.", s->id);
  return FALSE;
}

gboolean
session_holds(const Session *s, const char *holder, guint seat)
{
  return seat < s->n_seats && s->seats[seat].holder &&
         strcmp(s->seats[seat].holder, holder) == 0;
}

static gboolean
check_seat_number(const Session *s, guint seat, GError **error)
{
  if (seat < s->n_seats)
    return TRUE;
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
              "Game %s has seats 0 to %u; there is no seat %u.", s->id,
              s->n_seats - 1, seat);
  return FALSE;
}

static gboolean
check_holder(const Session *s, const char *holder, guint seat, GError **error)
{
  if (session_holds(s, holder, seat))
    return TRUE;
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_SEATED,
              "You do not hold seat %u of game %s.", seat, s->id);
  return FALSE;
}

gboolean
session_leave(Session *s, const char *holder, guint seat, GError **error)
{
  if (!check_seat_number(s, seat, error) ||
      !check_holder(s, holder, seat, error))
    return FALSE;
  SessionSeat *st = &s->seats[seat];
  if (s->started) {
    /* The game goes on with the seat; its token brings a player back. */
    g_clear_pointer(&st->holder, g_free);
  } else {
    clear_seat(st);
    g_free(st->name);
    st->name = g_strdup_printf("Player %u", seat + 1);
    s->changed = g_get_real_time() / G_USEC_PER_SEC;
    /* a vote to delete belongs to the player, who is gone */
    s->delete_votes &= ~(1u << seat);
  }
  s->seats_version++;
  return TRUE;
}

gboolean
session_start(Session *s, const char *holder, GError **error)
{
  if (s->started) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_ALREADY_STARTED,
                "Game %s has already started.", s->id);
    return FALSE;
  }
  gboolean seated = FALSE;
  for (guint i = 0; i < s->n_seats; i++)
    seated |= session_holds(s, holder, i);
  if (!seated) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_SEATED,
                "Only a player of game %s can start it; join a seat first.",
                s->id);
    return FALSE;
  }
  guint free_seats = session_free_seats(s);
  if (free_seats > 0) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_READY,
                "Game %s cannot start yet: %u of its %u seats %s free.",
                s->id, free_seats, s->n_seats, free_seats == 1 ? "is" : "are");
    return FALSE;
  }
  s->started = TRUE;
  return TRUE;
}

gboolean
session_may_act(Session *s, const char *holder, guint seat,
                gboolean has_guard, guint64 guard, GError **error)
{
  if (!check_seat_number(s, seat, error))
    return FALSE;
  if (!s->started) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_STARTED,
                "Game %s has not started yet.", s->id);
    return FALSE;
  }
  const MeepleDecision *d = meeple_game_decision(s->game);
  if (!d) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_GAME_OVER,
                "Game %s is over.", s->id);
    return FALSE;
  }
  if (!check_holder(s, holder, seat, error))
    return FALSE;
  if (d->player != seat) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_YOUR_TURN,
                "It is not seat %u's decision: %s (seat %u) decides.", seat,
                s->seats[d->player].name, d->player);
    return FALSE;
  }
  if (has_guard && guard != session_decision_id(s)) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STALE_DECISION,
                "Decision %" G_GUINT64_FORMAT " is no longer pending; the "
                "pending one is %" G_GUINT64_FORMAT ".",
                guard, session_decision_id(s));
    return FALSE;
  }
  return TRUE;
}

/* An engine error of applying or checking an action, as the D-Bus
 * error a client gets. */
static void
set_action_error(GError **error, GError *engine)
{
  if (engine->code == MEEPLE_ERROR_HOOK) {
    /* the rule set's fault, not the player's: the log names the script's
     * file and line (the message starts with them) */
    g_warning("a rule set failed; the action is refused: %s",
              engine->message);
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_RULE_SET_FAILED, "%s",
                engine->message);
    g_error_free(engine);
    return;
  }
  g_set_error(error, MEEPLED_ERROR,
              engine->code == MEEPLE_ERROR_GAME_OVER
                ? MEEPLED_ERROR_GAME_OVER
                : MEEPLED_ERROR_ILLEGAL_ACTION,
              "%s", engine->message);
  g_error_free(engine);
}

gboolean
session_check_action(const Session *s, const MeepleAction *action,
                     GError **error)
{
  GError *local = NULL;
  gsize index;
  if (meeple_game_find_action(s->game, action, &index, &local))
    return TRUE;
  set_action_error(error, local);
  return FALSE;
}

gboolean
session_apply(Session *s, const MeepleAction *action, char *notation,
              GError **error)
{
  const MeepleEvent *events;
  gsize n;
  GError *local = NULL;
  /* notation of the state it applies to */
  if (!notation)
    notation = meeple_action_to_string(s->game, action);
  if (!meeple_game_apply(s->game, action, &events, &n, &local)) {
    g_free(notation);
    set_action_error(error, local);
    return FALSE;
  }
  append_events(s, events, n);
  g_ptr_array_add(s->journal, notation);
  return TRUE;
}

gboolean
session_holder_gone(Session *s, const char *holder)
{
  gboolean any = FALSE;
  for (guint i = 0; i < s->n_seats; i++)
    if (s->seats[i].holder && strcmp(s->seats[i].holder, holder) == 0) {
      g_clear_pointer(&s->seats[i].holder, g_free);
      any = TRUE;
    }
  s->seats_version += any;
  return any;
}
