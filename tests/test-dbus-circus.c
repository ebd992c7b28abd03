/* tests/test-dbus-circus.c — no D-Bus method, property or signal of
 * meepled shows the value of a face-down animal token (Under the Big Top,
 * issue 7), on a real private bus (tests/dbusfixture.c).
 *
 * RULES: CIRCUS-01, CIRCUS-05, CIRCUS-06, CIRCUS-07, CIRCUS-09 (the token
 * is put face down "unseen by all" and revealed only when the big top is
 * scored); doc/dbus-api.md "Hidden information".
 *
 * The design is differential.  Two games are created over D-Bus with the
 * same explicit supply, the same seats and the same name; they differ
 * only in their seed, and the two seeds are chosen (with the local
 * engine, below) so that the first token put under the big top has a
 * different value in each.  The test holds every seat of both games and
 * takes the same action in both; after every step it compares, game A
 * against game B, everything a client can observe:
 *   - GetState, every key but "id" (the game's own id);
 *   - GetDecision (or the error it gives), GetEvents(0);
 *   - org.freedesktop.DBus.Properties.GetAll of the Game interface, every
 *     property but "Id";
 *   - the game's summary in the manager's ListGames;
 *   - every signal received from each game's object (Events,
 *     DecisionRequired, PropertiesChanged), in order, with arguments;
 *   - GetCatalog, once.
 * While the token lies face down, all of it must be equal: had any
 * member shown the token's value, A and B would differ.  At the step that
 * reveals the token (CIRCUS-07) they must differ — in the animal-revealed
 * event's arg and the points that follow — which proves the comparison
 * can see a difference.  ExportRecord is refused with NotFinished until
 * the game is over.  And GetState's "notes" (a(ss), label and text) show
 * a "Big top" note saying its token is face down, and an "Animal tokens"
 * note.
 *
 * The game (2 seats, supply BT/frfr.bt BT/ffrf.ac U BT/ffrf.bt U V; start
 * tile D at 0,0, city north, road east-west):
 *
 *          x=-1      x=0       x=1       x=2
 *   y=-1                      ac (1,-1)
 *                             r180: road N
 *                             acrobats: seat 1, seat 0
 *   y=0   bt (-1,0) - D (0,0) - bt (1,0) - U (2,0)
 *         r270           road    ring  R1 road
 *         road E               ringmaster of seat 0 on R2 (its west road)
 *
 *   turn 1, seat 0: place BT/frfr.bt @ 1,0 r0 — the first big-top tile:
 *           a token face down and the big top on its ring (CIRCUS-05);
 *           ringmaster R2 (its west road, towards the start tile).
 *   turn 2, seat 1: place BT/ffrf.ac @ 1,-1 r180; acrobat @ 1,-1
 *           (CIRCUS-10).
 *   turn 3, seat 0: place U @ 2,0 r0; acrobat @ 1,-1 from the diagonal
 *           neighbour (CIRCUS-11).
 *   turn 4, seat 1: place BT/ffrf.bt @ -1,0 r270 (its road turned east);
 *           pass.  SCORE: the road (-1,0)-(0,0)-(1,0), closed at both
 *           rings (CIRCUS-03), is completed: seat 0's ringmaster scores it
 *           (3, BASE-16) and its bonus (2 circus tiles around 1,0: the
 *           big-top and the acrobat tile, 2 x 2 = 4, CIRCUS-18), then goes
 *           home.  Then the big top at 1,0 is scored (CIRCUS-06/07): the
 *           token is revealed, value v; around 1,0 each seat has one
 *           acrobat (the ringmaster is gone, CIRCUS-06.1): seat 0 v,
 *           seat 1 v.  A new token face down, the big top moves to -1,0.
 *   then the two U and V are played out with the first listed action, and
 *   final scoring reveals the second token (CIRCUS-09).
 *
 * The seeds are found, not hand-computed: the same script is played on the
 * local engine (tu_rules_with("circus")) with seeds 1, 2, ... and the
 * animal-revealed event's arg read; the first seed and the first later one
 * with another value are used. */
#include <check.h>
#include <gio/gio.h>
#include <string.h>

#include "dbusfixture.h"
#include "testutil.h"

#define PROPS_IFACE "org.freedesktop.DBus.Properties"
#define WAIT_MS 10000

static const char *const supply[] = {
  "BT/frfr.bt", "BT/ffrf.ac", "U", "BT/ffrf.bt", "U", "V",
};

/* The scripted actions, both seats, in order; the reveal is the last. */
static const char *const script[] = {
  "place BT/frfr.bt @ 1,0 r0", /* seat 0: the first big top, CIRCUS-05 */
  "ringmaster R2",
  "place BT/ffrf.ac @ 1,-1 r180", /* seat 1 */
  "acrobat @ 1,-1",
  "place U @ 2,0 r0", /* seat 0 */
  "acrobat @ 1,-1",
  "place BT/ffrf.bt @ -1,0 r270", /* seat 1: the second big-top tile */
  "pass",                         /* ... SCORE reveals the token */
};
#define REVEAL_STEP (G_N_ELEMENTS(script) - 1)

/* ---- the local engine: which seeds give which first token ------------- */

/* Plays the script on a local game with @seed and returns the value the
 * first animal-revealed event shows (its arg), checking that the reveal
 * comes exactly with the script's last action. */
static int
local_first_token(MeepleRules *rules, guint64 seed)
{
  guint16 order[G_N_ELEMENTS(supply)];
  for (gsize i = 0; i < G_N_ELEMENTS(supply); i++) {
    int t = meeple_rules_find_tile_type(rules, supply[i]);
    ck_assert_msg(t >= 0, "unknown tile '%s'", supply[i]);
    order[i] = (guint16)t;
  }
  MeepleGameConfig cfg = {
    .n_players = 2,
    .seed = seed,
    .tile_order = order,
    .n_tile_order = G_N_ELEMENTS(order),
  };
  GError *error = NULL;
  MeepleGame *g = meeple_game_new(rules, &cfg, &error);
  ck_assert_msg(g != NULL, "meeple_game_new: %s", error ? error->message : "?");
  guint revealed = tu_event_type(rules, "animal-revealed");
  int value = -1;
  for (gsize i = 0; i < G_N_ELEMENTS(script); i++) {
    gsize n;
    const MeepleEvent *e = tu_act(g, script[i], &n);
    const MeepleEvent *r = tu_find_event(e, n, revealed, 0);
    ck_assert_msg((r != NULL) == (i == REVEAL_STEP),
                  "seed %" G_GUINT64_FORMAT ": animal-revealed %s at step "
                  "%" G_GSIZE_FORMAT " (%s)",
                  seed, r ? "comes" : "does not come", i, script[i]);
    if (r) {
      ck_assert_int_eq(r->x, 1);
      ck_assert_int_eq(r->y, 0);
      ck_assert_str_eq(r->rule, "CIRCUS-07");
      value = r->arg;
    }
  }
  meeple_game_free(g);
  /* CIRCUS-01: 7, 6, 5, 4, 3 or 1. */
  ck_assert_msg(value == 1 || (value >= 3 && value <= 7),
                "seed %" G_GUINT64_FORMAT ": token value %d", seed, value);
  return value;
}

/* Two seeds whose first tokens differ: *@a (value *@va) and *@b (*@vb). */
static void
find_seeds(guint64 *a, int *va, guint64 *b, int *vb)
{
  MeepleRules *rules = tu_rules_with("circus");
  *a = 1;
  *va = local_first_token(rules, *a);
  *b = 0;
  for (guint64 s = 2; s <= 200 && !*b; s++) {
    int v = local_first_token(rules, s);
    if (v != *va) {
      *b = s;
      *vb = v;
    }
  }
  meeple_rules_unref(rules);
  ck_assert_msg(*b != 0, "seeds 1..200 all put a token of value %d first: "
                "the token is not drawn with the game's generator", *va);
  ck_assert_int_ne(*va, *vb);
}

/* The animal of a token of value @v (CIRCUS-01). */
static const char *
animal_name(int v)
{
  switch (v) {
  case 7: return "elephant";
  case 6: return "tiger";
  case 5: return "bear";
  case 4: return "seal";
  case 3: return "monkey";
  case 1: return "flea";
  default: return "?";
  }
}

/* ---- fixture ----------------------------------------------------------- */

static void
setup(void)
{
  GError *error = NULL;
  /* Every change signalled at once: the two games' signal streams are
   * compared step by step, and a merged PropertiesChanged (the default
   * pacing) goes out when a timer fires, not at the same step in both.
   * A merged signal carries the same values, so none escapes the check. */
  static const char *const args[] = { "--property-interval", "0", NULL };
  fixture_set_daemon_args(args);
  if (!fixture_start(&error))
    ck_abort_msg("cannot start the private bus: %s", error->message);
}

static void
teardown(void)
{
  GError *error = NULL;
  if (!fixture_stop_checked(&error))
    ck_abort_msg("%s", error->message);
}

/* ---- calls ------------------------------------------------------------- */

static GDBusConnection *
conn_new(void)
{
  GError *error = NULL;
  GDBusConnection *c = fixture_connect(&error);
  ck_assert_msg(c != NULL, "cannot connect to the bus: %s",
                error ? error->message : "?");
  return c;
}

static GVariant *
parse(const char *type, const char *text)
{
  GError *error = NULL;
  GVariant *v = g_variant_parse(G_VARIANT_TYPE(type), text, NULL, NULL,
                                &error);
  ck_assert_msg(v != NULL, "bad GVariant text '%s': %s", text,
                error ? error->message : "?");
  return v;
}

static GVariant *
call_ok_(int line, GDBusConnection *c, const char *path, const char *iface,
         const char *method, GVariant *args, const char *type)
{
  GError *error = NULL;
  GVariant *r = fixture_call(c, path, iface, method, args,
                             type ? G_VARIANT_TYPE(type) : NULL, &error);
  if (!r) {
    g_autofree char *name = fixture_error_name(error);
    ck_abort_msg("line %d: %s.%s on %s failed: %s (%s)", line, iface, method,
                 path, error->message, name ? name : "local error");
  }
  return r;
}
#define call_ok(c, p, i, m, a, t) call_ok_(__LINE__, c, p, i, m, a, t)
#define game_ok(c, p, m, a, t) call_ok_(__LINE__, c, p, FX_GAME_IFACE, m, a, t)

/* Calls; returns the reply, or NULL with the D-Bus error name in *@name
 * (g_free). */
static GVariant *
call_or_error(GDBusConnection *c, const char *path, const char *iface,
              const char *method, GVariant *args, char **name)
{
  GError *error = NULL;
  GVariant *r = fixture_call(c, path, iface, method, args, NULL, &error);
  if (!r) {
    *name = fixture_error_name(error);
    ck_assert_msg(*name != NULL, "%s.%s: not a D-Bus error: %s", iface,
                  method, error->message);
    g_error_free(error);
  }
  return r;
}

static void
game_err_(int line, GDBusConnection *c, const char *path, const char *method,
          const char *want)
{
  g_autofree char *name = NULL;
  g_autoptr(GVariant) r =
      call_or_error(c, path, FX_GAME_IFACE, method, NULL, &name);
  ck_assert_msg(r == NULL, "line %d: %s on %s succeeded, expected %s", line,
                method, path, want);
  ck_assert_msg(strcmp(name, want) == 0, "line %d: %s: error %s, want %s",
                line, method, name, want);
}
#define game_err(c, p, m, e) game_err_(__LINE__, c, p, m, FX_ERROR(e))

/* ---- signal recording -------------------------------------------------- */

/* Every signal of one game's object, in order: (name, parameters). */
typedef struct {
  GDBusConnection *conn;
  guint sub;
  GPtrArray *signals;    /* GVariant (sv) */
  guint64 last_seq;      /* of the Events signals */
  guint64 last_decision; /* of the DecisionRequired signals */
  guint n_decisions;
} Recorder;

static void
on_signal(GDBusConnection *c, const char *sender, const char *path,
          const char *iface, const char *signal, GVariant *params,
          gpointer data)
{
  (void)c; (void)sender; (void)path;
  Recorder *r = data;
  /* A PropertiesChanged of another interface would be as public; keep
   * them all, with the interface they name. */
  g_ptr_array_add(r->signals,
                  g_variant_ref_sink(g_variant_new(
                      "(sv)", signal, params)));
  if (strcmp(iface, FX_GAME_IFACE) == 0 && strcmp(signal, "Events") == 0) {
    g_autoptr(GVariant) list = g_variant_get_child_value(params, 0);
    gsize n = g_variant_n_children(list);
    if (n > 0)
      g_variant_get_child(list, n - 1, "(t&s@a{sv})", &r->last_seq, NULL,
                          NULL);
  } else if (strcmp(iface, FX_GAME_IFACE) == 0 &&
             strcmp(signal, "DecisionRequired") == 0) {
    g_variant_get(params, "(tu&s)", &r->last_decision, NULL, NULL);
    r->n_decisions++;
  }
}

static void
recorder_init(Recorder *r, GDBusConnection *c, const char *path)
{
  memset(r, 0, sizeof *r);
  r->conn = g_object_ref(c);
  r->signals = g_ptr_array_new_with_free_func((GDestroyNotify)g_variant_unref);
  /* Every signal from the object path, of any interface. */
  r->sub = g_dbus_connection_signal_subscribe(
      c, NULL, NULL, NULL, path, NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_signal,
      r, NULL);
  /* AddMatch is asynchronous: a round trip to the bus puts it in place. */
  g_autoptr(GVariant) ping = g_dbus_connection_call_sync(
      c, "org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus", "GetId", NULL, NULL, G_DBUS_CALL_FLAGS_NONE,
      FX_CALL_TIMEOUT_MS, NULL, NULL);
}

static void
recorder_clear(Recorder *r)
{
  g_dbus_connection_signal_unsubscribe(r->conn, r->sub);
  g_ptr_array_unref(r->signals);
  g_object_unref(r->conn);
}

static GVariant *
recorder_signals(Recorder *r)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(sv)"));
  for (guint i = 0; i < r->signals->len; i++)
    g_variant_builder_add_value(&b, g_ptr_array_index(r->signals, i));
  return g_variant_builder_end(&b);
}

typedef struct {
  Recorder *r;
  guint64 seq;
  guint64 decision; /* G_MAXUINT64: none expected */
} RecWait;

static gboolean
rec_caught_up(gpointer data)
{
  RecWait *w = data;
  return w->r->last_seq >= w->seq &&
         (w->decision == G_MAXUINT64 ||
          (w->r->n_decisions > 0 && w->r->last_decision == w->decision));
}

static gboolean
wait_for(gboolean (*cond)(gpointer), gpointer data, guint ms)
{
  gint64 deadline = g_get_monotonic_time() + (gint64)ms * 1000;
  while (!cond(data)) {
    if (g_get_monotonic_time() > deadline)
      return FALSE;
    if (!g_main_context_iteration(NULL, FALSE))
      g_usleep(500);
  }
  return TRUE;
}

static void
drain(void)
{
  while (g_main_context_iteration(NULL, FALSE))
    ;
}

/* ---- what a client sees of one game ----------------------------------- */

/* @dict (a{sv}) without the keys in @skip (NULL-terminated). */
static GVariant *
dict_without(GVariant *dict, const char *const *skip)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init(&iter, dict);
  while (g_variant_iter_next(&iter, "{&sv}", &key, &value)) {
    if (!g_strv_contains(skip, key))
      g_variant_builder_add(&b, "{sv}", key, value);
    g_variant_unref(value);
  }
  return g_variant_builder_end(&b);
}

typedef struct {
  Recorder rec;
  char *path, *id;
  guint64 seed;
  int token;           /* the first token's value, by the local engine */
} Game;

/* Everything observable about @g (through @c, a spectator), as an a{sv}
 * whose keys name the parts: state, decision, events, properties,
 * summary, signals. */
static GVariant *
snapshot(GDBusConnection *c, Game *g)
{
  static const char *const state_skip[] = { "id", NULL };
  static const char *const prop_skip[] = { "Id", NULL };
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));

  g_autoptr(GVariant) st = game_ok(c, g->path, "GetState", NULL, "(a{sv})");
  g_autoptr(GVariant) state = g_variant_get_child_value(st, 0);
  g_autoptr(GVariant) id = g_variant_lookup_value(state, "id", NULL);
  ck_assert_msg(id && strcmp(g_variant_get_string(id, NULL), g->id) == 0,
                "GetState id is not %s", g->id);
  g_variant_builder_add(&b, "{sv}", "state", dict_without(state, state_skip));

  g_autofree char *error = NULL;
  g_autoptr(GVariant) d = call_or_error(c, g->path, FX_GAME_IFACE,
                                        "GetDecision", NULL, &error);
  g_variant_builder_add(&b, "{sv}", "decision",
                        d ? d : g_variant_new_string(error));

  g_autoptr(GVariant) events = game_ok(c, g->path, "GetEvents",
                                       g_variant_new("(t)", (guint64)0),
                                       "(a(tsa{sv}))");
  g_variant_builder_add(&b, "{sv}", "events", events);

  g_autoptr(GVariant) all =
      call_ok(c, g->path, PROPS_IFACE, "GetAll",
              g_variant_new("(s)", FX_GAME_IFACE), "(a{sv})");
  g_autoptr(GVariant) props = g_variant_get_child_value(all, 0);
  g_variant_builder_add(&b, "{sv}", "properties",
                        dict_without(props, prop_skip));

  g_autoptr(GVariant) games =
      call_ok(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "ListGames", NULL,
              "(a(soa{sv}))");
  g_autoptr(GVariant) list = g_variant_get_child_value(games, 0);
  GVariant *summary = NULL;
  for (gsize i = 0; i < g_variant_n_children(list); i++) {
    const char *gid;
    GVariant *s;
    g_variant_get_child(list, i, "(&so@a{sv})", &gid, NULL, &s);
    if (strcmp(gid, g->id) == 0 && !summary)
      summary = s;
    else
      g_variant_unref(s);
  }
  ck_assert_msg(summary != NULL, "ListGames lacks game %s", g->id);
  g_variant_builder_add(&b, "{sv}", "summary", summary);
  g_variant_unref(summary);

  /* The signals caused so far: every reply above came after them. */
  drain();
  g_variant_builder_add(&b, "{sv}", "signals", recorder_signals(&g->rec));
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

/* The parts of two snapshots that differ, as "state, events" ("" when
 * none); with @detail, also both values of the first. */
static char *
differences(GVariant *a, GVariant *b, char **detail)
{
  static const char *const parts[] = { "state", "decision", "events",
                                       "properties", "summary", "signals" };
  GString *out = g_string_new(NULL);
  if (detail)
    *detail = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS(parts); i++) {
    g_autoptr(GVariant) x = g_variant_lookup_value(a, parts[i], NULL);
    g_autoptr(GVariant) y = g_variant_lookup_value(b, parts[i], NULL);
    ck_assert(x && y);
    if (g_variant_equal(x, y))
      continue;
    g_string_append_printf(out, "%s%s", out->len ? ", " : "", parts[i]);
    if (detail && !*detail) {
      g_autofree char *tx = g_variant_print(x, FALSE);
      g_autofree char *ty = g_variant_print(y, FALSE);
      /* Show where they part. */
      gsize k = 0;
      while (tx[k] && tx[k] == ty[k])
        k++;
      gsize from = k > 300 ? k - 300 : 0;
      *detail = g_strdup_printf("%s differs from character %" G_GSIZE_FORMAT
                                ":\n  A: ...%.700s\n  B: ...%.700s",
                                parts[i], k, tx + from, ty + from);
    }
  }
  return g_string_free(out, FALSE);
}

static void
assert_same_(int line, const char *when, GVariant *a, GVariant *b)
{
  g_autofree char *detail = NULL;
  g_autofree char *parts = differences(a, b, &detail);
  ck_assert_msg(*parts == '\0',
                "line %d: %s, the two games differ (%s) while the token is "
                "face down: some member shows its value.\n%s",
                line, when, parts, detail ? detail : "");
}
#define assert_same(when, a, b) assert_same_(__LINE__, when, a, b)

/* Brings both recorders up to the games' Sequence and pending decision. */
static void
catch_up(GDBusConnection *c, Game *g)
{
  g_autoptr(GVariant) seq =
      call_ok(c, g->path, PROPS_IFACE, "Get",
              g_variant_new("(ss)", FX_GAME_IFACE, "Sequence"), "(v)");
  g_autoptr(GVariant) v = NULL;
  g_variant_get(seq, "(v)", &v);
  RecWait w = { .r = &g->rec, .seq = g_variant_get_uint64(v),
                .decision = G_MAXUINT64 };
  g_autofree char *error = NULL;
  g_autoptr(GVariant) d = call_or_error(c, g->path, FX_GAME_IFACE,
                                        "GetDecision", NULL, &error);
  if (d)
    g_variant_get_child(d, 0, "t", &w.decision);
  else if (strcmp(error, FX_ERROR("NotStarted")) == 0)
    w.seq = 0; /* no Events signal before Start */
  else
    ck_assert_str_eq(error, FX_ERROR("GameOver"));
  ck_assert_msg(wait_for(rec_caught_up, &w, WAIT_MS),
                "game %s: signals stop at event %" G_GUINT64_FORMAT
                " / decision %" G_GUINT64_FORMAT ", want %" G_GUINT64_FORMAT
                " / %" G_GUINT64_FORMAT,
                g->id, g->rec.last_seq, g->rec.last_decision, w.seq,
                w.decision);
}

/* The notes of GetState's "notes" (a(ss)): the text of the first with
 * @label, or NULL (g_free). */
static char *
note_text(GDBusConnection *c, Game *g, const char *label)
{
  g_autoptr(GVariant) st = game_ok(c, g->path, "GetState", NULL, "(a{sv})");
  g_autoptr(GVariant) state = g_variant_get_child_value(st, 0);
  g_autoptr(GVariant) notes =
      g_variant_lookup_value(state, "notes", G_VARIANT_TYPE("a(ss)"));
  ck_assert_msg(notes != NULL, "GetState of game %s has no \"notes\" a(ss)",
                g->id);
  for (gsize i = 0; i < g_variant_n_children(notes); i++) {
    const char *l, *t;
    g_variant_get_child(notes, i, "(&s&s)", &l, &t);
    if (strcmp(l, label) == 0)
      return g_strdup(t);
  }
  return NULL;
}

/* The animal-revealed events of @g's log: their args, x, y and rules as
 * "4 at 1,0 CIRCUS-07; ..." (g_free). */
static char *
reveals(GDBusConnection *c, Game *g, int *first_arg)
{
  g_autoptr(GVariant) r = game_ok(c, g->path, "GetEvents",
                                  g_variant_new("(t)", (guint64)0),
                                  "(a(tsa{sv}))");
  g_autoptr(GVariant) events = g_variant_get_child_value(r, 0);
  GString *out = g_string_new(NULL);
  for (gsize i = 0; i < g_variant_n_children(events); i++) {
    const char *type;
    g_autoptr(GVariant) f = NULL;
    g_variant_get_child(events, i, "(t&s@a{sv})", NULL, &type, &f);
    if (strcmp(type, "animal-revealed") != 0)
      continue;
    gint32 arg = -1, x = -99, y = -99;
    const char *rule = "";
    ck_assert(g_variant_lookup(f, "arg", "i", &arg));
    ck_assert(g_variant_lookup(f, "x", "i", &x));
    ck_assert(g_variant_lookup(f, "y", "i", &y));
    g_variant_lookup(f, "rule", "&s", &rule);
    if (out->len == 0 && first_arg)
      *first_arg = arg;
    g_string_append_printf(out, "%s%d at %d,%d %s", out->len ? "; " : "",
                           arg, x, y, rule);
  }
  return g_string_free(out, FALSE);
}

/* Acts @notation for the deciding seat of @g, with the decision guard. */
static void
act(GDBusConnection *holder, GDBusConnection *c, Game *g,
    const char *notation)
{
  g_autoptr(GVariant) d =
      game_ok(c, g->path, "GetDecision", NULL, "(tussa(sssiiussy))");
  guint64 id;
  guint seat;
  g_variant_get(d, "(tu&s&s@a(sssiiussy))", &id, &seat, NULL, NULL, NULL);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&b, "{sv}", "notation",
                        g_variant_new_string(notation));
  g_variant_builder_add(&b, "{sv}", "decision", g_variant_new_uint64(id));
  g_autoptr(GVariant) r =
      game_ok(holder, g->path, "Act", g_variant_new("(ua{sv})", seat, &b),
              "(t)");
}

/* The notation of the first legal action of @g (g_free), or NULL when it
 * is over. */
static char *
first_action(GDBusConnection *c, Game *g)
{
  g_autofree char *error = NULL;
  g_autoptr(GVariant) d = call_or_error(c, g->path, FX_GAME_IFACE,
                                        "GetDecision", NULL, &error);
  if (!d) {
    ck_assert_str_eq(error, FX_ERROR("GameOver"));
    return NULL;
  }
  g_autoptr(GVariant) actions = g_variant_get_child_value(d, 4);
  ck_assert_uint_gt(g_variant_n_children(actions), 0);
  char *notation;
  g_variant_get_child(actions, 0, "(sssiiussy)", &notation, NULL, NULL, NULL,
                      NULL, NULL, NULL, NULL, NULL);
  return notation;
}

static void
game_init(GDBusConnection *c, GDBusConnection *spectator, Game *g,
          guint64 seed, int token)
{
  g->seed = seed;
  g->token = token;
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&b, "{sv}", "rules",
                        parse("as", "['circus']"));
  g_variant_builder_add(&b, "{sv}", "seats", g_variant_new_uint32(2));
  g_variant_builder_add(&b, "{sv}", "seed", g_variant_new_uint64(seed));
  g_variant_builder_add(&b, "{sv}", "tiles",
                        g_variant_new_strv(supply, G_N_ELEMENTS(supply)));
  g_variant_builder_add(&b, "{sv}", "name",
                        g_variant_new_string("under the big top"));
  g_autoptr(GVariant) r =
      call_ok(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "CreateGame",
              g_variant_new("(a{sv})", &b), "(os)");
  g_variant_get(r, "(os)", &g->path, &g->id);
  recorder_init(&g->rec, spectator, g->path);
}

static void
game_clear(Game *g)
{
  recorder_clear(&g->rec);
  g_free(g->path);
  g_free(g->id);
}

/* ===================================================================== */

/* RULES: CIRCUS-05, CIRCUS-06, CIRCUS-07, CIRCUS-09 (hidden until
 * revealed); doc/dbus-api.md "Hidden information" */
START_TEST(test_token_hidden)
{
  guint64 seed_a, seed_b;
  int value_a, value_b;
  find_seeds(&seed_a, &value_a, &seed_b, &value_b);
  g_print("# game A: seed %" G_GUINT64_FORMAT " (first token %d); game B: "
          "seed %" G_GUINT64_FORMAT " (first token %d)\n",
          seed_a, value_a, seed_b, value_b);

  /* @holder holds every seat; @spec, a spectator, reads and listens. */
  g_autoptr(GDBusConnection) holder = conn_new();
  g_autoptr(GDBusConnection) spec = conn_new();
  Game a, b;
  game_init(holder, spec, &a, seed_a, value_a);
  game_init(holder, spec, &b, seed_b, value_b);

  g_autoptr(GVariant) cat_a = game_ok(spec, a.path, "GetCatalog", NULL,
                                      "(a{sv})");
  g_autoptr(GVariant) cat_b = game_ok(spec, b.path, "GetCatalog", NULL,
                                      "(a{sv})");
  ck_assert_msg(g_variant_equal(cat_a, cat_b), "the catalogs differ");

  {
    g_autoptr(GVariant) sa = snapshot(spec, &a);
    g_autoptr(GVariant) sb = snapshot(spec, &b);
    assert_same("after CreateGame", sa, sb);
  }
  game_err(spec, a.path, "ExportRecord", "NotFinished");
  /* Both seats of both games, then Start. */
  static const char *const names[] = { "Ann", "Ben" };
  for (guint seat = 0; seat < 2; seat++) {
    Game *gs[] = { &a, &b };
    for (guint k = 0; k < 2; k++) {
      g_autofree char *opt =
          g_strdup_printf("{'name': <'%s'>, 'seat': <uint32 %u>}",
                          names[seat], seat);
      g_autoptr(GVariant) r =
          game_ok(holder, gs[k]->path, "Join",
                  g_variant_new("(@a{sv})", parse("a{sv}", opt)), "(us)");
      catch_up(spec, gs[k]);
    }
    g_autoptr(GVariant) sa = snapshot(spec, &a);
    g_autoptr(GVariant) sb = snapshot(spec, &b);
    assert_same(seat ? "after the second Join" : "after the first Join", sa,
                sb);
  }
  g_autoptr(GVariant) ra = game_ok(holder, a.path, "Start", NULL, "()");
  g_autoptr(GVariant) rb = game_ok(holder, b.path, "Start", NULL, "()");
  catch_up(spec, &a);
  catch_up(spec, &b);
  {
    g_autoptr(GVariant) sa = snapshot(spec, &a);
    g_autoptr(GVariant) sb = snapshot(spec, &b);
    assert_same("after Start", sa, sb);
  }

  for (gsize step = 0; step < G_N_ELEMENTS(script); step++) {
    act(holder, spec, &a, script[step]);
    act(holder, spec, &b, script[step]);
    catch_up(spec, &a);
    catch_up(spec, &b);
    g_autoptr(GVariant) sa = snapshot(spec, &a);
    g_autoptr(GVariant) sb = snapshot(spec, &b);
    g_autofree char *when =
        g_strdup_printf("after step %" G_GSIZE_FORMAT " (%s)", step,
                        script[step]);
    if (step < REVEAL_STEP) {
      assert_same(when, sa, sb);
      /* A game in progress has no record (it would show the seed). */
      game_err(spec, a.path, "ExportRecord", "NotFinished");
      game_err(holder, b.path, "ExportRecord", "NotFinished");
      g_autofree char *shown = reveals(spec, &a, NULL);
      ck_assert_msg(*shown == '\0', "%s: revealed already: %s", when, shown);
    }
    if (step == 0 || step == REVEAL_STEP) {
      /* The big top stands on 1,0 (then -1,0) over a face-down token:
       * the notes say so, and what the pile holds: 16 tokens, 1 under
       * the big top (15 left), then 1 revealed and 1 more under it (14
       * left), the revealed one by name and value (CIRCUS-01). */
      g_autofree char *big_top = note_text(spec, &a, "Big top");
      g_autofree char *tokens = note_text(spec, &a, "Animal tokens");
      ck_assert_msg(big_top != NULL, "%s: no \"Big top\" note", when);
      ck_assert_msg(strstr(big_top, "face down") ||
                        strstr(big_top, "face-down"),
                    "%s: the \"Big top\" note does not say its token lies "
                    "face down: \"%s\"", when, big_top);
      ck_assert_msg(strstr(big_top, step ? "-1,0" : "1,0") != NULL,
                    "%s: the \"Big top\" note does not say where it is: "
                    "\"%s\"", when, big_top);
      ck_assert_msg(tokens != NULL, "%s: no \"Animal tokens\" note", when);
      g_print("# %s: Big top: %s / Animal tokens: %s\n", when, big_top,
              tokens);
      ck_assert_msg(strstr(tokens, step ? "14" : "15") != NULL,
                    "%s: the \"Animal tokens\" note does not count %s "
                    "face-down tokens in the pile: \"%s\"", when,
                    step ? "14" : "15", tokens);
      if (step == REVEAL_STEP) {
        g_autofree char *animal =
            g_strdup_printf("%s %d", animal_name(value_a), value_a);
        ck_assert_msg(strstr(tokens, animal) ||
                          (value_a == 6 && strstr(tokens, "lion 6")),
                      "%s: the \"Animal tokens\" note does not show the "
                      "revealed %s: \"%s\"", when, animal, tokens);
      }
    }
  }

  /* The reveal: now the games must differ, in the event's arg and the
   * points after it. */
  {
    g_autoptr(GVariant) sa = snapshot(spec, &a);
    g_autoptr(GVariant) sb = snapshot(spec, &b);
    g_autofree char *parts = differences(sa, sb, NULL);
    ck_assert_msg(strstr(parts, "events") && strstr(parts, "signals") &&
                      strstr(parts, "state") && strstr(parts, "properties"),
                  "the revealed tokens (%d, %d) do not show in events, "
                  "signals, state and properties: only in '%s'",
                  value_a, value_b, parts);
  }
  int arg_a = -1, arg_b = -1;
  g_autofree char *shown_a = reveals(spec, &a, &arg_a);
  g_autofree char *shown_b = reveals(spec, &b, &arg_b);
  g_autofree char *want_a = g_strdup_printf("%d at 1,0 CIRCUS-07", value_a);
  g_autofree char *want_b = g_strdup_printf("%d at 1,0 CIRCUS-07", value_b);
  ck_assert_str_eq(shown_a, want_a);
  ck_assert_str_eq(shown_b, want_b);
  /* Scores: seat 0 has 3 (road) + 4 (ringmaster bonus) + v, seat 1 v
   * (one acrobat each beside the big top, CIRCUS-07/08). */
  Game *gs[] = { &a, &b };
  for (guint k = 0; k < 2; k++) {
    g_autoptr(GVariant) p =
        call_ok(spec, gs[k]->path, PROPS_IFACE, "Get",
                g_variant_new("(ss)", FX_GAME_IFACE, "Scores"), "(v)");
    g_autoptr(GVariant) scores = NULL;
    g_variant_get(p, "(v)", &scores);
    gint32 s0, s1;
    g_variant_get_child(scores, 0, "i", &s0);
    g_variant_get_child(scores, 1, "i", &s1);
    ck_assert_int_eq(s0, 3 + 4 + gs[k]->token);
    ck_assert_int_eq(s1, gs[k]->token);
  }

  /* The rest of the supply, the same first action in both; final scoring
   * reveals the second token (CIRCUS-09); then the records exist. */
  for (guint n = 0;; n++) {
    ck_assert_uint_lt(n, 20);
    g_autofree char *next = first_action(spec, &a);
    if (!next)
      break;
    act(holder, spec, &a, next);
    act(holder, spec, &b, next);
  }
  g_autofree char *end_b = first_action(spec, &b);
  ck_assert_msg(end_b == NULL, "game B goes on after game A ended");
  g_autofree char *final_a = reveals(spec, &a, NULL);
  ck_assert_msg(g_str_has_prefix(final_a, want_a) &&
                    g_str_has_suffix(final_a, " at -1,0 CIRCUS-09"),
                "game A reveals %s", final_a);
  g_autoptr(GVariant) rec_a =
      game_ok(spec, a.path, "ExportRecord", NULL, "(s)");
  g_autoptr(GVariant) rec_b =
      game_ok(spec, b.path, "ExportRecord", NULL, "(s)");
  g_autofree char *seed_line = g_strdup_printf("\nseed %" G_GUINT64_FORMAT
                                               "\n", seed_a);
  const char *text_a;
  g_variant_get(rec_a, "(&s)", &text_a);
  ck_assert_msg(strstr(text_a, seed_line) != NULL,
                "game A's record lacks \"seed %" G_GUINT64_FORMAT "\":\n%s",
                seed_a, text_a);

  game_clear(&a);
  game_clear(&b);
}
END_TEST

static Suite *
dbus_circus_suite(void)
{
  Suite *s = suite_create("dbus-circus");
  TCase *tc = tcase_create("hidden-token");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_token_hidden);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  GError *error = NULL;
  if (!fixture_available(&error)) {
    g_print("SKIP: %s\n", error->message);
    return error->code == FX_ERROR_SKIP ? 77 : 1;
  }
  g_autofree char *base = g_dir_make_tmp("meepled-dbus-circus-XXXXXX",
                                         &error);
  if (!base) {
    g_printerr("%s\n", error->message);
    return 1;
  }
  g_setenv("TMPDIR", base, TRUE);
  int status = tu_run_suite(dbus_circus_suite());
  fixture_remove_tree(base);
  return status;
}
