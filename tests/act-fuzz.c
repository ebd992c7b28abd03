/* act-fuzz.c — Act calls built from arbitrary bytes, and the daemon's
 * contract for decoding them (act-fuzz.h).  Shared by the Check suite
 * tests/test-act-decode.c and the libFuzzer target tests/fuzz/fuzz-act.c. */
#include "config.h"

#include <string.h>

#include "act-fuzz.h"
#include "errors.h"
#include "marshal.h"

/* Reads the input a byte at a time; zeros once it runs out. */
typedef struct {
  const guint8 *data;
  gsize size, pos;
} Bytes;

static guint8
next_byte(Bytes *b)
{
  return b->pos < b->size ? b->data[b->pos++] : 0;
}

static guint32
next_u32(Bytes *b)
{
  guint32 v = 0;
  for (int i = 0; i < 4; i++)
    v = v << 8 | next_byte(b);
  return v;
}

/* Keys an action may have, and some it may not. */
static const char *const keys[] = {
  "index", "notation", "kind", "tile", "x", "y", "rotation", "segment",
  "figure", "arg", "decision", "bogus", "", "Index",
};
/* Value types: the right ones and wrong ones. */
static const char types[] = { 'u', 's', 'i', 't', 'y', 'b', 'd', 'n', 'x' };

/* A short printable string: a known word, a word from the game's legal
 * notation, or bytes mapped to printable ASCII (D-Bus strings must be
 * UTF-8). */
static char *
next_string(Bytes *b, const MeepleDecision *d, MeepleGame *game)
{
  /* The base game's words, then the plugins' verbs, figures and
   * segments (doc/plugins.md: NAME [FIGURE] [SEGMENT] [@ X,Y] [ARG]). */
  static const char *const words[] = {
    "place", "figure", "pass", "follower", "abbot", "D", "C1", "R1", "F1",
    "M", "place D @ 1,0 r90", "follower C1", "@ 99,99", "r360", "",
    "abbot-return G @ 1,0", "dragon-move @ 0,1", "fairy-move F1 @ 0,0",
    "haunt follower F1 @ 0,0 9", "magic-move mage C1 @ 0,0",
    "portal follower R1 @ 0,0", "ringmaster F1", "acrobat @ 0,0", "pyramid",
    "circle-ghost", "fill-circle", "ghost-from", "ghost-from-circle",
    "magic-figure", "magic-join", "magic-remove", "big-top", "dragon",
    "fairy", "mage", "witch", "G", "B", "A", "256",
  };
  guint8 how = next_byte(b) % 3;
  if (how == 0)
    return g_strdup(words[next_byte(b) % G_N_ELEMENTS(words)]);
  if (how == 1 && d && d->n_actions > 0)
    return meeple_action_to_string(game,
                                   &d->actions[next_byte(b) % d->n_actions]);
  guint8 n = next_byte(b) % 24;
  char *s = g_malloc(n + 1u);
  for (guint i = 0; i < n; i++)
    s[i] = (char)(' ' + next_byte(b) % 95);
  s[n] = '\0';
  return s;
}

static void
append_value(DBusMessageIter *entry, char type, Bytes *b,
             const MeepleDecision *d, MeepleGame *game)
{
  DBusMessageIter v;
  const char sig[2] = { type, '\0' };
  dbus_message_iter_open_container(entry, DBUS_TYPE_VARIANT, sig, &v);
  guint32 raw = next_u32(b);
  /* Small numbers most of the time: they name real cells and actions. */
  if (next_byte(b) % 4)
    raw %= 8;
  switch (type) {
  case 's': {
    char *s = next_string(b, d, game);
    dbus_message_iter_append_basic(&v, DBUS_TYPE_STRING, &s);
    g_free(s);
    break;
  }
  case 't': {
    dbus_uint64_t t = raw;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_UINT64, &t);
    break;
  }
  case 'x': {
    dbus_int64_t x = -(dbus_int64_t)raw;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_INT64, &x);
    break;
  }
  case 'y': {
    unsigned char y = (unsigned char)raw;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_BYTE, &y);
    break;
  }
  case 'b': {
    dbus_bool_t bv = raw & 1;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_BOOLEAN, &bv);
    break;
  }
  case 'd': {
    double dv = raw / 3.0;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_DOUBLE, &dv);
    break;
  }
  case 'n': {
    dbus_int16_t n = (dbus_int16_t)raw;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_INT16, &n);
    break;
  }
  case 'i': {
    /* Negative cells too: raw - 4 taken modulo 2^32, so that 0..7 give
     * -4..3 and the whole int32 range, both ends included, stays
     * reachable.  Computed in 64 bits: (dbus_int32_t)raw - 4 overflows
     * for raw = 0x80000000 (UBSan). */
    gint64 wide = (gint64)raw - 4;
    dbus_int32_t i =
      (dbus_int32_t)(wide > G_MAXINT32 ? wide - G_GINT64_CONSTANT(0x100000000)
                                       : wide);
    dbus_message_iter_append_basic(&v, DBUS_TYPE_INT32, &i);
    break;
  }
  default: {
    dbus_uint32_t u = raw;
    dbus_message_iter_append_basic(&v, DBUS_TYPE_UINT32, &u);
    break;
  }
  }
  dbus_message_iter_close_container(entry, &v);
}

static void
append_entry(DBusMessageIter *dict, const char *key, int type,
             const void *value)
{
  DBusMessageIter entry, v;
  const char sig[2] = { (char)type, '\0' };
  dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, sig, &v);
  dbus_message_iter_append_basic(&v, type, value);
  dbus_message_iter_close_container(&entry, &v);
  dbus_message_iter_close_container(dict, &entry);
}

static void
append_wellformed(DBusMessageIter *dict, Bytes *b, guint8 mode,
                  const MeepleDecision *d, MeepleGame *game)
{
  /* One byte names an action; two when there are more (the magic portal
   * lists hundreds), so that every action and the one past the end stay
   * reachable. */
  guint32 pick = next_byte(b);
  if (d->n_actions > 255)
    pick = pick << 8 | next_byte(b);
  dbus_uint32_t index = pick % (d->n_actions + 1);
  if (mode == 0) {
    append_entry(dict, "index", DBUS_TYPE_UINT32, &index);
  } else {
    char *text = meeple_action_to_string(game,
                                         &d->actions[index % d->n_actions]);
    append_entry(dict, "notation", DBUS_TYPE_STRING, &text);
    g_free(text);
  }
  if (next_byte(b) % 2) {
    gsize n;
    meeple_game_history(game, &n);
    dbus_uint64_t guard = n + next_byte(b) % 2;
    append_entry(dict, "decision", DBUS_TYPE_UINT64, &guard);
  }
}

/* Seat holders: one connection per seat, so that a decision a rule set
 * asks of another seat than the active one must come from that seat's
 * holder. */
static const char *const holders[ACT_FUZZ_MAX_SEATS] = {
  "player-0", "player-1", "player-2", "player-3", "player-4", "player-5",
};

const char *const act_fuzz_rulesets[ACT_FUZZ_N_RULESETS] = {
  "", "abbot", "princess-dragon", "mage-witch", "circus", "mist",
  "spell-circles",
  "abbot,princess-dragon,mage-witch,circus,mist,spell-circles",
};

/* Who sends a call for @seat: its holder most of the time, now and then
 * the next seat's holder or a spectator (both must be refused). */
static const char *
pick_holder(Bytes *b, const Session *s, guint seat)
{
  guint8 who = next_byte(b) % 8;
  if (who == 7)
    return "spectator";
  return holders[(seat + (who == 6)) % s->n_seats];
}

DBusMessage *
act_fuzz_message(const guint8 *data, gsize size, Session *s,
                 const char **holder, gsize *used)
{
  Bytes b = { data, size, 0 };
  MeepleGame *game = s ? s->game : NULL;
  const MeepleDecision *d = game ? meeple_game_decision(game) : NULL;
  DBusMessage *m = dbus_message_new_method_call(
    "org.meepled.Meepled1", "/org/meepled/Meepled1/game/1",
    "org.meepled.Meepled1.Game", "Act");
  DBusMessageIter args, dict, entry;
  /* Mostly the deciding seat, as clients call; else any number, seats
   * that do not exist included. */
  guint8 seat_byte = next_byte(&b);
  dbus_uint32_t seat = d && seat_byte < 0xc0 ? d->player : seat_byte % 8;
  *holder = s ? pick_holder(&b, s, seat) : "spectator";
  dbus_message_iter_init_append(m, &args);
  dbus_message_iter_append_basic(&args, DBUS_TYPE_UINT32, &seat);
  dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
  guint8 mode = next_byte(&b) % 4;
  if (mode < 2 && d) {
    /* Well formed, as clients send them: an index or a legal action's
     * notation, with or without the right decision guard. */
    append_wellformed(&dict, &b, mode, d, game);
  }
  guint n = mode < 2 ? next_byte(&b) % 2 : next_byte(&b) % 6;
  for (guint i = 0; i < n; i++) {
    const char *key = keys[next_byte(&b) % G_N_ELEMENTS(keys)];
    char type = types[next_byte(&b) % G_N_ELEMENTS(types)];
    dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL,
                                     &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    append_value(&entry, type, &b, d, game);
    dbus_message_iter_close_container(&dict, &entry);
  }
  dbus_message_iter_close_container(&args, &dict);
  *used = MIN(b.pos, size);
  return m;
}

gboolean
act_fuzz_check(Session *s, const char *holder, DBusMessage *m,
               char **problem)
{
  DBusMessageIter args;
  dbus_uint32_t seat;
  MarshalAction request;
  MeepleAction action;
  GError *error = NULL;
  guint64 seq = session_sequence(s), decision = session_decision_id(s);
  const MeepleDecision *d = meeple_game_decision(s->game);
  guint decider = d ? d->player : G_MAXUINT;

  *problem = NULL;
  dbus_message_iter_init(m, &args);
  dbus_message_iter_get_basic(&args, &seat);
  dbus_message_iter_next(&args);
  /* The order of meepled's Act handler (game-object.c). */
  gboolean ok =
    marshal_read_action(&args, &request, &error) &&
    session_may_act(s, holder, seat, request.has_guard, request.guard,
                    &error) &&
    marshal_resolve_action(s, meeple_game_decision(s->game), &request,
                           &action, &error) &&
    session_apply(s, &action, NULL, &error);
  marshal_action_clear(&request);
  if (ok && !session_holds(s, holder, decider))
    *problem = g_strdup_printf("%s acted for seat %u, which it does not "
                               "hold", holder, decider);
  if (ok)
    return TRUE;
  if (!error || error->domain != MEEPLED_ERROR || !error->message[0])
    *problem = g_strdup_printf("a refused action gave %s",
                               error ? error->message : "no error");
  else if (session_sequence(s) != seq || session_decision_id(s) != decision)
    *problem = g_strdup_printf("a refused action (%s) changed the game",
                               error->message);
  g_clear_error(&error);
  return FALSE;
}

/* A started session of @n seats on @rules, each seat held by its own
 * holder; NULL (with *@problem) if the daemon refuses to start one. */
static Session *
start_session(MeepleRules *rules, guint n, guint64 seed, char **problem)
{
  MeepleGameConfig config = { .n_players = n, .seed = seed };
  GError *error = NULL;
  Session *s = session_new("1", "fuzz", rules, &config, NULL, &error);
  for (guint i = 0; s && i < n; i++) {
    guint seat;
    char *token = NULL;
    if (!session_join(s, holders[i], NULL, -1, NULL, &seat, &token, &error))
      g_clear_pointer(&s, session_free);
    g_free(token);
  }
  if (s && !session_start(s, holders[0], &error))
    g_clear_pointer(&s, session_free);
  if (!s)
    *problem = g_strdup_printf("a %u-seat session does not start: %s", n,
                               error ? error->message : "no error");
  g_clear_error(&error);
  return s;
}

/* Plays @n legal actions chosen by @rand, each by its deciding seat, the
 * way a session is when a client joins in the middle of a game. */
static gboolean
play_ahead(Session *s, guint n, GRand *rand, char **problem)
{
  for (guint i = 0; i < n; i++) {
    const MeepleDecision *d = meeple_game_decision(s->game);
    if (!d || d->n_actions == 0)
      return TRUE;
    /* A copy: applying the action replaces the decision it points into. */
    MeepleAction a = d->actions[g_rand_int_range(rand, 0, d->n_actions)];
    GError *error = NULL;
    if (!session_apply(s, &a, NULL, &error)) {
      *problem = g_strdup_printf("a legal action was refused: %s",
                                 error->message);
      g_error_free(error);
      return FALSE;
    }
  }
  return TRUE;
}

gboolean
act_fuzz_session(MeepleRules *const *rules, const guint8 *data, gsize size,
                 ActFuzzStats *stats, char **problem)
{
  ActFuzzStats local = { 0 };
  if (!stats)
    stats = &local;
  *problem = NULL;
  if (size < 3)
    return TRUE;
  guint which = data[0] % ACT_FUZZ_N_RULESETS;
  guint n_seats = 2 + data[1] % (ACT_FUZZ_MAX_SEATS - 1);
  Session *s = start_session(rules[which], n_seats, 1 + data[1] / 5u,
                             problem);
  if (!s)
    return FALSE;
  stats->sessions++;
  /* Two actions a step: a tile and its figure decision, about a turn. */
  GRand *rand = g_rand_new_with_seed(data[1] | (guint32)data[2] << 8);
  gboolean fine = play_ahead(s, 2u * data[2], rand, problem);
  g_rand_free(rand);
  /* One call after another; once the game is over, one more (it must be
   * refused) is enough. */
  gsize pos = 3;
  gboolean over = FALSE;
  while (fine && pos < size && !over) {
    over = session_status(s) == SESSION_OVER;
    const MeepleDecision *d = meeple_game_decision(s->game);
    gboolean other_seat =
      d && d->player != meeple_game_active_player(s->game);
    const char *holder;
    gsize used;
    DBusMessage *m = act_fuzz_message(data + pos, size - pos, s, &holder,
                                      &used);
    pos += used;
    stats->calls++;
    if (act_fuzz_check(s, holder, m, problem)) {
      gsize n;
      const MeepleHistoryEntry *h = meeple_game_history(s->game, &n);
      stats->accepted++;
      stats->by_ruleset[which]++;
      stats->plugin_kinds += h[n - 1].action.kind >= MEEPLE_ACTION_CORE_COUNT;
      stats->other_seat += other_seat;
    } else {
      stats->refused++;
    }
    dbus_message_unref(m);
    fine = *problem == NULL;
  }
  if (session_status(s) == SESSION_OVER)
    stats->games_over++;
  session_free(s);
  return fine;
}
