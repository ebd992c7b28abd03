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
  static const char *const words[] = {
    "place", "figure", "pass", "follower", "abbot", "D", "C1", "R1", "F1",
    "M", "place D @ 1,0 r90", "follower C1", "@ 99,99", "r360", "",
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
  dbus_uint32_t index = next_byte(b) % (d->n_actions + 1);
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

DBusMessage *
act_fuzz_message(const guint8 *data, gsize size, MeepleGame *game)
{
  Bytes b = { data, size, 0 };
  const MeepleDecision *d = game ? meeple_game_decision(game) : NULL;
  DBusMessage *m = dbus_message_new_method_call(
    "org.meepled.Meepled1", "/org/meepled/Meepled1/game/1",
    "org.meepled.Meepled1.Game", "Act");
  DBusMessageIter args, dict, entry;
  dbus_uint32_t seat = next_byte(&b) % 8;
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
