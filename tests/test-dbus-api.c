/* tests/test-dbus-api.c — meepled's D-Bus API against a real bus.
 *
 * Every test runs a private dbus-daemon (tests/dbusfixture.c) whose
 * service directory activates the built meepled; the test's first call
 * starts the daemon, and the teardown stops it with SIGTERM and checks
 * that it exited with status 0 (so a crash, or a leak under
 * LeakSanitizer, fails the test that caused it).  The client is GIO's
 * GDBus, independent of the project's own libdbus code.
 *
 * The API is data/org.meepled.Meepled1.{Manager,Game}.xml and
 * doc/dbus-api.md.  Every error a test provokes is checked by its exact
 * D-Bus name, and the game (GetState, GetEvents, the properties, the
 * pending decision) must be the same after it as before (DESIGN invariant
 * 5: an error changes nothing). */
#include <check.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbusfixture.h"
#include "testutil.h"

#define PROPS_IFACE "org.freedesktop.DBus.Properties"
#define WAIT_MS 10000

/* ---- fixture ----------------------------------------------------------- */

static void
setup(void)
{
  GError *error = NULL;
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

static void
conn_close(GDBusConnection *c)
{
  g_dbus_connection_close_sync(c, NULL, NULL);
  g_object_unref(c);
}

/* A GVariant from its text form (GVariant text format) of type @type. */
static GVariant *
parse(const char *type, const char *text)
{
  GError *error = NULL;
  GVariant *v =
      g_variant_parse(type ? G_VARIANT_TYPE(type) : NULL, text, NULL, NULL,
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

/* Calls and returns the D-Bus error name (g_free); fails when the call
 * succeeds. */
static char *
call_fails_(int line, GDBusConnection *c, const char *path, const char *iface,
            const char *method, GVariant *args)
{
  GError *error = NULL;
  g_autoptr(GVariant) r =
      fixture_call(c, path, iface, method, args, NULL, &error);
  if (r) {
    g_autofree char *text = g_variant_print(r, TRUE);
    ck_abort_msg("line %d: %s.%s on %s succeeded (%s), expected an error",
                 line, iface, method, path, text);
  }
  char *name = fixture_error_name(error);
  ck_assert_msg(name != NULL, "line %d: %s.%s: not a D-Bus error: %s", line,
                iface, method, error->message);
  ck_assert_msg(error->message && *error->message,
                "line %d: %s.%s: error %s without a message", line, iface,
                method, name);
  g_error_free(error);
  return name;
}

static void
call_err_(int line, GDBusConnection *c, const char *path, const char *iface,
          const char *method, GVariant *args, const char *want)
{
  g_autofree char *name = call_fails_(line, c, path, iface, method, args);
  ck_assert_msg(strcmp(name, want) == 0, "line %d: %s.%s: error %s, want %s",
                line, iface, method, name, want);
}

#define call_ok(c, p, i, m, a, t) call_ok_(__LINE__, c, p, i, m, a, t)
#define mgr_ok(c, m, a, t) \
  call_ok_(__LINE__, c, FX_MANAGER_PATH, FX_MANAGER_IFACE, m, a, t)
#define game_ok(c, p, m, a, t) call_ok_(__LINE__, c, p, FX_GAME_IFACE, m, a, t)

static GVariant *
get_prop(GDBusConnection *c, const char *path, const char *iface,
         const char *name)
{
  g_autoptr(GVariant) r =
      call_ok(c, path, PROPS_IFACE, "Get", g_variant_new("(ss)", iface, name),
              "(v)");
  GVariant *v;
  g_variant_get(r, "(v)", &v);
  return v;
}

static GVariant *
game_prop(GDBusConnection *c, const char *path, const char *name)
{
  return get_prop(c, path, FX_GAME_IFACE, name);
}

static char *
game_prop_string(GDBusConnection *c, const char *path, const char *name)
{
  g_autoptr(GVariant) v = game_prop(c, path, name);
  return g_variant_dup_string(v, NULL);
}

static guint64
game_sequence(GDBusConnection *c, const char *path)
{
  g_autoptr(GVariant) v = game_prop(c, path, "Sequence");
  return g_variant_get_uint64(v);
}

/* ---- "an error changes nothing" --------------------------------------- */

/* Everything observable about a game: state, event log, properties, and
 * the pending decision (or the error GetDecision gives). */
static GVariant *
game_snapshot(GDBusConnection *c, const char *path)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("av"));
  g_variant_builder_add(&b, "v",
                        call_ok(c, path, FX_GAME_IFACE, "GetState", NULL,
                                "(a{sv})"));
  g_variant_builder_add(&b, "v",
                        call_ok(c, path, FX_GAME_IFACE, "GetEvents",
                                g_variant_new("(t)", (guint64)0),
                                "(a(tsa{sv}))"));
  g_variant_builder_add(&b, "v",
                        call_ok(c, path, PROPS_IFACE, "GetAll",
                                g_variant_new("(s)", FX_GAME_IFACE),
                                "(a{sv})"));
  GError *error = NULL;
  GVariant *d = fixture_call(c, path, FX_GAME_IFACE, "GetDecision", NULL,
                             NULL, &error);
  if (!d) {
    g_autofree char *name = fixture_error_name(error);
    d = g_variant_new_string(name ? name : error->message);
    g_error_free(error);
  }
  g_variant_builder_add(&b, "v", d);
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

static GVariant *
manager_snapshot(GDBusConnection *c)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("av"));
  g_variant_builder_add(&b, "v", mgr_ok(c, "ListGames", NULL, "(a(soa{sv}))"));
  g_variant_builder_add(&b, "v",
                        call_ok(c, FX_MANAGER_PATH, PROPS_IFACE, "GetAll",
                                g_variant_new("(s)", FX_MANAGER_IFACE),
                                "(a{sv})"));
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

static void
assert_same_(int line, const char *what, GVariant *before, GVariant *after)
{
  if (!g_variant_equal(before, after)) {
    g_autofree char *b = g_variant_print(before, FALSE);
    g_autofree char *a = g_variant_print(after, FALSE);
    ck_abort_msg("line %d: %s changed the game:\n  before: %.3000s\n"
                 "  after:  %.3000s",
                 line, what, b, a);
  }
}

/* Calls a Game method that must fail with @want, and checks (through
 * @observer, any connection) that the game did not change. */
static void
game_err_(int line, GDBusConnection *c, GDBusConnection *observer,
          const char *path, const char *iface, const char *method,
          GVariant *args, const char *want)
{
  g_autoptr(GVariant) before = game_snapshot(observer, path);
  g_autofree char *a = args ? g_variant_print(args, TRUE) : g_strdup("()");
  g_autofree char *what = g_strdup_printf("%s%s", method, a);
  g_autofree char *name = call_fails_(line, c, path, iface, method, args);
  ck_assert_msg(strcmp(name, want) == 0, "line %d: %s: error %s, want %s",
                line, what, name, want);
  g_autoptr(GVariant) after = game_snapshot(observer, path);
  assert_same_(line, what, before, after);
}

#define game_err(c, p, m, a, e) \
  game_err_(__LINE__, c, c, p, FX_GAME_IFACE, m, a, FX_ERROR(e))
#define game_err_obs(c, o, p, m, a, e) \
  game_err_(__LINE__, c, o, p, FX_GAME_IFACE, m, a, FX_ERROR(e))

/* A Manager method that must fail with @want, changing no game. */
static void
mgr_err_(int line, GDBusConnection *c, const char *method, GVariant *args,
         const char *want)
{
  g_autoptr(GVariant) before = manager_snapshot(c);
  g_autofree char *a = args ? g_variant_print(args, TRUE) : g_strdup("()");
  g_autofree char *what = g_strdup_printf("%s%s", method, a);
  g_autofree char *name =
      call_fails_(line, c, FX_MANAGER_PATH, FX_MANAGER_IFACE, method, args);
  ck_assert_msg(strcmp(name, want) == 0, "line %d: %s: error %s, want %s",
                line, what, name, want);
  g_autoptr(GVariant) after = manager_snapshot(c);
  assert_same_(line, what, before, after);
}

#define mgr_err(c, m, a, e) mgr_err_(__LINE__, c, m, a, FX_ERROR(e))

/* ---- games, seats, actions -------------------------------------------- */

/* CreateGame with @options in GVariant text ("{'seats': <uint32 3>}");
 * returns the path, the id in *@id when not NULL. */
static char *
create_(int line, GDBusConnection *c, const char *options, char **id)
{
  g_autoptr(GVariant) r = call_ok_(
      line, c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "CreateGame",
      g_variant_new("(@a{sv})", parse("a{sv}", options)), "(os)");
  char *path, *gid;
  g_variant_get(r, "(os)", &path, &gid);
  g_autofree char *want = g_strconcat(FX_GAME_PATH_PREFIX, gid, NULL);
  ck_assert_msg(strcmp(path, want) == 0, "line %d: game %s has path %s",
                line, gid, path);
  ck_assert_msg(g_variant_is_object_path(path) && *gid,
                "line %d: bad id '%s'", line, gid);
  if (id)
    *id = gid;
  else
    g_free(gid);
  return path;
}
#define create(c, o, id) create_(__LINE__, c, o, id)

static gboolean
is_token(const char *t)
{
  if (strlen(t) != 32)
    return FALSE;
  for (const char *p = t; *p; p++)
    if (!g_ascii_isxdigit(*p))
      return FALSE;
  return TRUE;
}

/* Join with @options (GVariant text); returns the seat, the token in
 * *@token (g_free) when not NULL. */
static guint
join_(int line, GDBusConnection *c, const char *path, const char *options,
      char **token)
{
  g_autoptr(GVariant) r =
      call_ok_(line, c, path, FX_GAME_IFACE, "Join",
               g_variant_new("(@a{sv})", parse("a{sv}", options)), "(us)");
  guint seat;
  char *t;
  g_variant_get(r, "(us)", &seat, &t);
  ck_assert_msg(is_token(t), "line %d: token '%s' is not 32 hex digits", line,
                t);
  if (token)
    *token = t;
  else
    g_free(t);
  return seat;
}
#define join(c, p, o, t) join_(__LINE__, c, p, o, t)

static void
start(GDBusConnection *c, const char *path)
{
  g_autoptr(GVariant) r = game_ok(c, path, "Start", NULL, "()");
}

/* Act for @seat with @action (GVariant text of an a{sv}); returns the
 * sequence number of the reply. */
static guint64
act_(int line, GDBusConnection *c, const char *path, guint seat,
     const char *action)
{
  g_autoptr(GVariant) r = call_ok_(
      line, c, path, FX_GAME_IFACE, "Act",
      g_variant_new("(u@a{sv})", seat, parse("a{sv}", action)), "(t)");
  guint64 seq;
  g_variant_get(r, "(t)", &seq);
  return seq;
}
#define act(c, p, s, a) act_(__LINE__, c, p, s, a)

/* Act arguments for an error case. */
static GVariant *
act_args(guint seat, const char *action)
{
  return g_variant_new("(u@a{sv})", seat, parse("a{sv}", action));
}

typedef struct {
  guint64 id;
  guint seat;
  char *kind;
  GVariant *actions; /* a(sssiiussy) */
} Decision;

static void
decision_clear(Decision *d)
{
  g_clear_pointer(&d->kind, g_free);
  g_clear_pointer(&d->actions, g_variant_unref);
}

static void
get_decision(GDBusConnection *c, const char *path, Decision *d)
{
  g_autoptr(GVariant) r =
      game_ok(c, path, "GetDecision", NULL, "(tussa(sssiiussy))");
  g_autofree char *description = NULL;
  g_variant_get(r, "(tuss@a(sssiiussy))", &d->id, &d->seat, &d->kind,
                &description, &d->actions);
  ck_assert_msg(*d->kind, "decision %" G_GUINT64_FORMAT " has no kind",
                d->id);
  ck_assert_msg(g_variant_n_children(d->actions) > 0,
                "decision %" G_GUINT64_FORMAT " lists no action", d->id);
}

/* The notation of action @i of @d (g_free). */
static char *
decision_notation(const Decision *d, gsize i)
{
  g_autoptr(GVariant) a = g_variant_get_child_value(d->actions, i);
  g_autoptr(GVariant) n = g_variant_get_child_value(a, 0);
  return g_variant_dup_string(n, NULL);
}

static GVariant *
get_state(GDBusConnection *c, const char *path)
{
  g_autoptr(GVariant) r = game_ok(c, path, "GetState", NULL, "(a{sv})");
  return g_variant_get_child_value(r, 0);
}

static GVariant *
get_events(GDBusConnection *c, const char *path, guint64 since)
{
  g_autoptr(GVariant) r = game_ok(c, path, "GetEvents",
                                  g_variant_new("(t)", since),
                                  "(a(tsa{sv}))");
  return g_variant_get_child_value(r, 0);
}

static char *
state_string(GVariant *state, const char *key)
{
  g_autoptr(GVariant) v =
      g_variant_lookup_value(state, key, G_VARIANT_TYPE_STRING);
  ck_assert_msg(v != NULL, "GetState has no \"%s\" s", key);
  return g_variant_dup_string(v, NULL);
}

static guint32
state_uint(GVariant *state, const char *key)
{
  g_autoptr(GVariant) v =
      g_variant_lookup_value(state, key, G_VARIANT_TYPE_UINT32);
  ck_assert_msg(v != NULL, "GetState has no \"%s\" u", key);
  return g_variant_get_uint32(v);
}

/* Seat @i of the Seats property: name, kind, taken, connected. */
static void
seat_info(GDBusConnection *c, const char *path, guint i, char **name,
          char **kind, gboolean *taken, gboolean *connected)
{
  g_autoptr(GVariant) seats = game_prop(c, path, "Seats");
  ck_assert_msg(i < g_variant_n_children(seats), "no seat %u in Seats", i);
  g_autoptr(GVariant) s = g_variant_get_child_value(seats, i);
  char *n, *k;
  gboolean t, cn;
  g_variant_get(s, "(ssbb)", &n, &k, &t, &cn);
  if (name) *name = n; else g_free(n);
  if (kind) *kind = k; else g_free(k);
  if (taken) *taken = t;
  if (connected) *connected = cn;
}

static gboolean
seat_connected(GDBusConnection *c, const char *path, guint i)
{
  gboolean connected;
  seat_info(c, path, i, NULL, NULL, NULL, &connected);
  return connected;
}

static gboolean
seat_taken(GDBusConnection *c, const char *path, guint i)
{
  gboolean taken;
  seat_info(c, path, i, NULL, NULL, &taken, NULL);
  return taken;
}

/* Iterates the main context until @cond(@data) or @ms pass. */
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

/* Takes the pending decision with a random legal action by whoever holds
 * the deciding seat (@holders[seat]); returns FALSE when the game is over
 * instead. */
static gboolean
play_one(GDBusConnection **holders, const char *path, GRand *rand)
{
  g_autofree char *status = game_prop_string(holders[0], path, "Status");
  if (strcmp(status, "over") == 0)
    return FALSE;
  ck_assert_str_eq(status, "playing");
  Decision d = { 0 };
  get_decision(holders[0], path, &d);
  guint n = (guint)g_variant_n_children(d.actions);
  guint pick = (guint)g_rand_int_range(rand, 0, (gint32)n);
  g_autofree char *action = g_strdup_printf(
      "{'index': <uint32 %u>, 'decision': <uint64 %" G_GUINT64_FORMAT ">}",
      pick, d.id);
  ck_assert_msg(holders[d.seat] != NULL, "nobody holds seat %u", d.seat);
  guint64 seq = act(holders[d.seat], path, d.seat, action);
  ck_assert_uint_eq(seq, game_sequence(holders[0], path));
  decision_clear(&d);
  return TRUE;
}

/* Plays to the end; returns the number of actions. */
static guint
play_to_end(GDBusConnection **holders, const char *path, GRand *rand)
{
  guint n = 0;
  while (play_one(holders, path, rand))
    ck_assert_msg(++n < 5000, "game %s does not end", path);
  return n;
}

/* The checks every finished game passes: status, contiguous event log
 * whose last number is Sequence, Scores = the points-scored events,
 * winners = the best score, GetDecision and Act refused with GameOver. */
static void
check_finished(GDBusConnection *c, const char *path)
{
  g_autofree char *status = game_prop_string(c, path, "Status");
  ck_assert_str_eq(status, "over");
  g_autoptr(GVariant) events = get_events(c, path, 0);
  gsize n = g_variant_n_children(events);
  ck_assert_msg(n > 0, "a finished game without events");
  ck_assert_uint_eq(game_sequence(c, path), n);
  g_autoptr(GVariant) scores = game_prop(c, path, "Scores");
  gsize n_seats = g_variant_n_children(scores);
  g_autoptr(GVariant) num_seats = game_prop(c, path, "NumSeats");
  ck_assert_uint_eq(n_seats, g_variant_get_uint32(num_seats));
  int sum[8] = { 0 };
  guint game_over = 0, winners = 0;
  for (gsize i = 0; i < n; i++) {
    guint64 seq;
    const char *type;
    g_autoptr(GVariant) fields = NULL;
    g_variant_get_child(events, i, "(t&s@a{sv})", &seq, &type, &fields);
    ck_assert_msg(seq == i + 1, "event %" G_GSIZE_FORMAT " has number %"
                  G_GUINT64_FORMAT, i + 1, seq);
    ck_assert_msg(winners == 0 || strcmp(type, "winner") == 0,
                  "event %s after the winners", type);
    if (strcmp(type, "points-scored") == 0) {
      gint32 seat, points;
      ck_assert(g_variant_lookup(fields, "seat", "i", &seat));
      ck_assert(g_variant_lookup(fields, "points", "i", &points));
      ck_assert_msg(seat >= 0 && (gsize)seat < n_seats, "seat %d", seat);
      sum[seat] += points;
    } else if (strcmp(type, "game-over") == 0) {
      game_over++;
    } else if (strcmp(type, "winner") == 0) {
      ck_assert_msg(game_over == 1, "winner before game-over");
      winners++;
    }
  }
  ck_assert_uint_eq(game_over, 1);
  ck_assert_msg(winners >= 1, "no winner event");
  int best = G_MININT;
  for (gsize i = 0; i < n_seats; i++) {
    gint32 s;
    g_variant_get_child(scores, i, "i", &s);
    ck_assert_msg(s == sum[i], "seat %" G_GSIZE_FORMAT " scores %d, its "
                  "points-scored events add up to %d", i, s, sum[i]);
    ck_assert_msg(s >= 0 && s < 1000, "insane score %d", s);
    best = MAX(best, s);
  }
  g_autoptr(GVariant) state = get_state(c, path);
  g_autoptr(GVariant) w =
      g_variant_lookup_value(state, "winners", G_VARIANT_TYPE("au"));
  ck_assert_msg(w && g_variant_n_children(w) == winners,
                "GetState winners do not match the winner events");
  for (gsize i = 0; i < g_variant_n_children(w); i++) {
    guint32 seat;
    g_variant_get_child(w, i, "u", &seat);
    gint32 s;
    g_variant_get_child(scores, seat, "i", &s);
    ck_assert_msg(s == best, "winner %u has %d, the best is %d", seat, s,
                  best);
  }
  game_err(c, path, "GetDecision", NULL, "GameOver");
}

/* ---- signal recording -------------------------------------------------- */

typedef struct {
  GDBusConnection *conn;
  guint subs[3];
  GPtrArray *events;     /* GVariant (tsa{sv}), concatenated */
  GArray *decisions;     /* RecDecision */
  GPtrArray *changes;    /* GVariant (sa{sv}as) */
  GArray *change_times;  /* gint64: when each of changes arrived */
  GString *order;        /* a letter per signal: E(vents), D(ecision), P */
  guint64 last_seq;
} Recorder;

typedef struct {
  guint64 id;
  guint seat;
  char kind[64];
} RecDecision;

static void
on_signal(GDBusConnection *c, const char *sender, const char *path,
          const char *iface, const char *signal, GVariant *params,
          gpointer data)
{
  (void)c; (void)sender; (void)path;
  Recorder *r = data;
  if (strcmp(iface, FX_GAME_IFACE) == 0 && strcmp(signal, "Events") == 0) {
    ck_assert_str_eq(g_variant_get_type_string(params), "(a(tsa{sv}))");
    g_autoptr(GVariant) list = g_variant_get_child_value(params, 0);
    ck_assert_msg(g_variant_n_children(list) > 0, "an empty Events signal");
    for (gsize i = 0; i < g_variant_n_children(list); i++) {
      GVariant *e = g_variant_get_child_value(list, i);
      guint64 seq;
      g_variant_get_child(e, 0, "t", &seq);
      ck_assert_msg(seq == r->last_seq + 1 || r->last_seq == 0,
                    "Events signal jumps from %" G_GUINT64_FORMAT " to %"
                    G_GUINT64_FORMAT, r->last_seq, seq);
      r->last_seq = seq;
      g_ptr_array_add(r->events, e);
    }
    g_string_append_c(r->order, 'E');
  } else if (strcmp(iface, FX_GAME_IFACE) == 0 &&
             strcmp(signal, "DecisionRequired") == 0) {
    ck_assert_str_eq(g_variant_get_type_string(params), "(tus)");
    RecDecision d;
    const char *kind;
    g_variant_get(params, "(tu&s)", &d.id, &d.seat, &kind);
    g_strlcpy(d.kind, kind, sizeof d.kind);
    g_array_append_val(r->decisions, d);
    g_string_append_c(r->order, 'D');
  } else if (strcmp(iface, PROPS_IFACE) == 0 &&
             strcmp(signal, "PropertiesChanged") == 0) {
    ck_assert_str_eq(g_variant_get_type_string(params), "(sa{sv}as)");
    const char *which;
    g_variant_get_child(params, 0, "&s", &which);
    if (strcmp(which, FX_GAME_IFACE) == 0) {
      g_ptr_array_add(r->changes, g_variant_ref(params));
      gint64 now = g_get_monotonic_time();
      g_array_append_val(r->change_times, now);
      g_string_append_c(r->order, 'P');
    }
  }
}

static void
recorder_init(Recorder *r, GDBusConnection *c, const char *path)
{
  memset(r, 0, sizeof *r);
  r->conn = g_object_ref(c);
  r->events = g_ptr_array_new_with_free_func((GDestroyNotify)g_variant_unref);
  r->decisions = g_array_new(FALSE, TRUE, sizeof(RecDecision));
  r->changes = g_ptr_array_new_with_free_func((GDestroyNotify)g_variant_unref);
  r->change_times = g_array_new(FALSE, FALSE, sizeof(gint64));
  r->order = g_string_new(NULL);
  r->subs[0] = g_dbus_connection_signal_subscribe(
      c, NULL, FX_GAME_IFACE, "Events", path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
      on_signal, r, NULL);
  r->subs[1] = g_dbus_connection_signal_subscribe(
      c, NULL, FX_GAME_IFACE, "DecisionRequired", path, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_signal, r, NULL);
  r->subs[2] = g_dbus_connection_signal_subscribe(
      c, NULL, PROPS_IFACE, "PropertiesChanged", path, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_signal, r, NULL);
  /* AddMatch is asynchronous: a round trip to the bus makes sure the
   * match rules are in place before anything happens. */
  g_autoptr(GVariant) ping = g_dbus_connection_call_sync(
      c, "org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus", "GetId", NULL, NULL, G_DBUS_CALL_FLAGS_NONE,
      FX_CALL_TIMEOUT_MS, NULL, NULL);
}

static void
recorder_clear(Recorder *r)
{
  for (guint i = 0; i < G_N_ELEMENTS(r->subs); i++)
    g_dbus_connection_signal_unsubscribe(r->conn, r->subs[i]);
  g_ptr_array_unref(r->events);
  g_array_unref(r->decisions);
  g_ptr_array_unref(r->changes);
  g_array_unref(r->change_times);
  g_string_free(r->order, TRUE);
  g_object_unref(r->conn);
}

typedef struct {
  Recorder *r;
  guint64 seq;
  guint64 decision;
} RecWait;

static gboolean
rec_has_seq(gpointer data)
{
  RecWait *w = data;
  return w->r->last_seq >= w->seq;
}

typedef struct {
  Recorder *r;
  guint n;
} RecCount;

/* At least @n PropertiesChanged recorded. */
static gboolean
rec_has_changes(gpointer data)
{
  RecCount *c = data;
  return c->r->changes->len >= c->n;
}

static gboolean
rec_has_decision(gpointer data)
{
  RecWait *w = data;
  GArray *d = w->r->decisions;
  return d->len > 0 &&
         g_array_index(d, RecDecision, d->len - 1).id == w->decision;
}

/* The last value of property @name among the recorded PropertiesChanged
 * (new ref), or NULL when it was only invalidated; *@count says how many
 * signals named it. */
static GVariant *
rec_last_change(Recorder *r, const char *name, guint *count)
{
  GVariant *last = NULL;
  if (count)
    *count = 0;
  for (guint i = 0; i < r->changes->len; i++) {
    GVariant *p = g_ptr_array_index(r->changes, i);
    g_autoptr(GVariant) changed = g_variant_get_child_value(p, 1);
    g_autoptr(GVariant) v = g_variant_lookup_value(changed, name, NULL);
    g_autofree const char **inv = NULL;
    g_variant_get_child(p, 2, "^a&s", &inv);
    gboolean invalidated = inv && g_strv_contains(inv, name);
    if (v || invalidated) {
      if (count)
        (*count)++;
      if (last)
        g_variant_unref(last);
      last = v ? g_variant_ref(v) : NULL;
    }
  }
  return last;
}

/* Whether some PropertiesChanged set property @name to string @value. */
static gboolean
rec_saw_string(Recorder *r, const char *name, const char *value)
{
  for (guint i = 0; i < r->changes->len; i++) {
    GVariant *p = g_ptr_array_index(r->changes, i);
    g_autoptr(GVariant) changed = g_variant_get_child_value(p, 1);
    const char *s;
    if (g_variant_lookup(changed, name, "&s", &s) && strcmp(s, value) == 0)
      return TRUE;
  }
  return FALSE;
}

/* ===================================================================== */

START_TEST(test_activation)
{
  ck_assert_msg(fixture_daemon_pid() == 0,
                "org.meepled.Meepled1 is owned before any call");
  g_autoptr(GDBusConnection) c = conn_new();
  g_autoptr(GVariant) r = mgr_ok(c, "ListRuleSets", NULL, "(a(sssas))");
  ck_assert_msg(fixture_daemon_pid() != 0,
                "the first call did not activate meepled");
  g_autoptr(GVariant) list = g_variant_get_child_value(r, 0);
  ck_assert_msg(g_variant_n_children(list) >= 2,
                "ListRuleSets: want base and abbot, got %" G_GSIZE_FORMAT,
                g_variant_n_children(list));
  gboolean abbot = FALSE;
  for (gsize i = 0; i < g_variant_n_children(list); i++) {
    const char *id, *name, *version;
    g_autofree const char **requires = NULL;
    g_variant_get_child(list, i, "(&s&s&s^a&s)", &id, &name, &version,
                        &requires);
    ck_assert_msg(*name && *version, "rule set %s without name or version",
                  id);
    if (i == 0) {
      ck_assert_str_eq(id, "base");
      ck_assert_str_eq(version, "1.0");
    }
    if (strcmp(id, "abbot") == 0) {
      abbot = TRUE;
      for (guint k = 0; requires[k]; k++)
        ck_assert_msg(strcmp(requires[k], "base") == 0,
                      "abbot requires '%s'", requires[k]);
    }
  }
  ck_assert_msg(abbot, "ListRuleSets lacks abbot (MEEPLE_PLUGIN_PATH=%s)",
                g_getenv("MEEPLE_PLUGIN_PATH"));

  g_autoptr(GVariant) version =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "Version");
#ifdef PACKAGE_VERSION
  ck_assert_str_eq(g_variant_get_string(version, NULL), PACKAGE_VERSION);
#else
  ck_assert_msg(*g_variant_get_string(version, NULL), "empty Version");
#endif
  g_autoptr(GVariant) n =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n), 0);
  g_autoptr(GVariant) games = mgr_ok(c, "ListGames", NULL, "(a(soa{sv}))");
  g_autoptr(GVariant) glist = g_variant_get_child_value(games, 0);
  ck_assert_uint_eq(g_variant_n_children(glist), 0);

  /* A second client talks to the same daemon. */
  guint32 pid = fixture_daemon_pid();
  g_autoptr(GDBusConnection) c2 = conn_new();
  g_autoptr(GVariant) r2 = mgr_ok(c2, "ListRuleSets", NULL, "(a(sssas))");
  ck_assert_uint_eq(pid, fixture_daemon_pid());
  ck_assert(g_variant_equal(r, r2));
}
END_TEST

/* ListRuleSetDetails: the ListRuleSets entries, same order, with
 * conflicts, a description and the source of each. */
START_TEST(test_ruleset_details)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autoptr(GVariant) r = mgr_ok(c, "ListRuleSets", NULL, "(a(sssas))");
  g_autoptr(GVariant) d = mgr_ok(c, "ListRuleSetDetails", NULL, "(aa{sv})");
  g_autoptr(GVariant) list = g_variant_get_child_value(r, 0);
  g_autoptr(GVariant) details = g_variant_get_child_value(d, 0);
  ck_assert_uint_eq(g_variant_n_children(list),
                    g_variant_n_children(details));
  gboolean abbot = FALSE;
  for (gsize i = 0; i < g_variant_n_children(list); i++) {
    const char *id, *name, *version;
    g_autofree const char **requires = NULL;
    g_variant_get_child(list, i, "(&s&s&s^a&s)", &id, &name, &version,
                        &requires);
    g_autoptr(GVariant) e = g_variant_get_child_value(details, i);
    const char *did, *dname, *dversion, *desc, *source, *file;
    g_autofree const char **drequires = NULL, **conflicts = NULL;
    ck_assert(g_variant_lookup(e, "id", "&s", &did));
    ck_assert(g_variant_lookup(e, "name", "&s", &dname));
    ck_assert(g_variant_lookup(e, "version", "&s", &dversion));
    ck_assert(g_variant_lookup(e, "requires", "^a&s", &drequires));
    ck_assert(g_variant_lookup(e, "conflicts", "^a&s", &conflicts));
    ck_assert(g_variant_lookup(e, "description", "&s", &desc));
    ck_assert(g_variant_lookup(e, "source", "&s", &source));
    ck_assert(g_variant_lookup(e, "file", "&s", &file));
    ck_assert_str_eq(did, id);
    ck_assert_str_eq(dname, name);
    ck_assert_str_eq(dversion, version);
    ck_assert_uint_eq(g_strv_length((char **)drequires),
                      g_strv_length((char **)requires));
    if (i == 0) {
      ck_assert_str_eq(source, "builtin");
      ck_assert_msg(g_str_has_suffix(file, "base.tiles"), "base file %s",
                    file);
      ck_assert_msg(strstr(desc, "roads") != NULL, "base: '%s'", desc);
    }
    if (strcmp(id, "abbot") == 0) {
      abbot = TRUE;
      ck_assert_str_eq(source, "plugin");
      ck_assert_msg(g_str_has_suffix(file, "/abbot.so"), "abbot file %s",
                    file);
      ck_assert_msg(strstr(desc, "abbot") != NULL, "abbot: '%s'", desc);
      ck_assert_ptr_null(conflicts[0]);
    }
  }
  ck_assert(abbot);
}
END_TEST

static void
on_game_created(GDBusConnection *c, const char *sender, const char *path,
                const char *iface, const char *signal, GVariant *params,
                gpointer data)
{
  (void)c; (void)sender; (void)path; (void)iface; (void)signal;
  g_ptr_array_add(data, g_variant_ref(params));
}

static gboolean
array_nonempty(gpointer data)
{
  return ((GPtrArray *)data)->len > 0;
}

START_TEST(test_create_defaults)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autoptr(GPtrArray) created =
      g_ptr_array_new_with_free_func((GDestroyNotify)g_variant_unref);
  guint sub = g_dbus_connection_signal_subscribe(
      c, NULL, FX_MANAGER_IFACE, "GameCreated", FX_MANAGER_PATH, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_game_created, created, NULL);
  g_autofree char *id = NULL;
  g_autofree char *path = create(c, "{}", &id);

  ck_assert_msg(wait_for(array_nonempty, created, WAIT_MS),
                "no GameCreated signal");
  const char *sid, *spath;
  g_variant_get(g_ptr_array_index(created, 0), "(&s&o)", &sid, &spath);
  ck_assert_str_eq(sid, id);
  ck_assert_str_eq(spath, path);
  g_dbus_connection_signal_unsubscribe(c, sub);

  g_autoptr(GVariant) got = mgr_ok(c, "GetGame", g_variant_new("(s)", id),
                                   "(o)");
  const char *gpath;
  g_variant_get(got, "(&o)", &gpath);
  ck_assert_str_eq(gpath, path);

  g_autoptr(GVariant) n =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n), 1);

  /* ListGames summary. */
  g_autoptr(GVariant) games = mgr_ok(c, "ListGames", NULL, "(a(soa{sv}))");
  g_autoptr(GVariant) list = g_variant_get_child_value(games, 0);
  ck_assert_uint_eq(g_variant_n_children(list), 1);
  const char *lid, *lpath;
  g_autoptr(GVariant) summary = NULL;
  g_variant_get_child(list, 0, "(&s&o@a{sv})", &lid, &lpath, &summary);
  ck_assert_str_eq(lid, id);
  ck_assert_str_eq(lpath, path);
  guint32 seats = 0, free_seats = 0;
  const char *status = NULL, *name = NULL;
  ck_assert(g_variant_lookup(summary, "seats", "u", &seats));
  ck_assert(g_variant_lookup(summary, "free-seats", "u", &free_seats));
  ck_assert(g_variant_lookup(summary, "status", "&s", &status));
  ck_assert(g_variant_lookup(summary, "name", "&s", &name));
  g_autoptr(GVariant) rules =
      g_variant_lookup_value(summary, "rules", G_VARIANT_TYPE("as"));
  ck_assert_msg(rules != NULL, "ListGames summary without rules");
  ck_assert_uint_eq(seats, 2);
  ck_assert_uint_eq(free_seats, 2);
  ck_assert_str_eq(status, "waiting");

  /* Properties. */
  g_autofree char *pid = game_prop_string(c, path, "Id");
  ck_assert_str_eq(pid, id);
  g_autofree char *pstatus = game_prop_string(c, path, "Status");
  ck_assert_str_eq(pstatus, "waiting");
  g_autoptr(GVariant) nseats = game_prop(c, path, "NumSeats");
  ck_assert_uint_eq(g_variant_get_uint32(nseats), 2);
  g_autoptr(GVariant) prules = game_prop(c, path, "Rules");
  ck_assert_msg(g_variant_equal(prules, rules), "Rules differ from ListGames");
  g_autoptr(GVariant) pseats = game_prop(c, path, "Seats");
  ck_assert_uint_eq(g_variant_n_children(pseats), 2);
  for (guint i = 0; i < 2; i++) {
    g_autofree char *kind = NULL;
    gboolean taken, connected;
    seat_info(c, path, i, NULL, &kind, &taken, &connected);
    ck_assert_str_eq(kind, "human");
    ck_assert(!taken);
    ck_assert(!connected);
  }
  g_autoptr(GVariant) scores = game_prop(c, path, "Scores");
  ck_assert_str_eq(g_variant_get_type_string(scores), "ai");

  /* GetState: public and complete, no seed. */
  g_autoptr(GVariant) state = get_state(c, path);
  static const char *const keys[] = {
    "id", "name", "rules", "status", "phase", "turn", "active-seat",
    "tiles-left", "drawn-tile", "discarded", "set-aside", "sequence",
    "decision", "seats", "board", "figures",
  };
  for (guint i = 0; i < G_N_ELEMENTS(keys); i++) {
    g_autoptr(GVariant) v = g_variant_lookup_value(state, keys[i], NULL);
    ck_assert_msg(v != NULL, "GetState lacks \"%s\"", keys[i]);
  }
  /* No tile set aside in a base game (PD-08 is The Princess & the
   * Dragon's), but the key is always there. */
  g_autoptr(GVariant) aside =
      g_variant_lookup_value(state, "set-aside", G_VARIANT_TYPE("as"));
  ck_assert_msg(aside != NULL, "GetState set-aside is not as");
  ck_assert_uint_eq(g_variant_n_children(aside), 0);
  g_autoptr(GVariant) seed = g_variant_lookup_value(state, "seed", NULL);
  ck_assert_msg(seed == NULL, "GetState reveals the seed");
  g_autofree char *sstatus = state_string(state, "status");
  ck_assert_str_eq(sstatus, "waiting");
  g_autoptr(GVariant) sseats =
      g_variant_lookup_value(state, "seats", G_VARIANT_TYPE("aa{sv}"));
  ck_assert_msg(sseats && g_variant_n_children(sseats) == 2,
                "GetState seats is not aa{sv} of 2");
  g_autoptr(GVariant) seat0 = g_variant_get_child_value(sseats, 0);
  g_autoptr(GVariant) supply =
      g_variant_lookup_value(seat0, "supply", G_VARIANT_TYPE("a{su}"));
  guint32 followers = 0;
  ck_assert_msg(supply && g_variant_lookup(supply, "follower", "u",
                                           &followers),
                "seat 0 has no follower supply");
  ck_assert_uint_eq(followers, 7);
  g_autoptr(GVariant) all =
      call_ok(c, path, PROPS_IFACE, "GetAll",
              g_variant_new("(s)", FX_GAME_IFACE), "(a{sv})");
  g_autoptr(GVariant) props = g_variant_get_child_value(all, 0);
  static const char *const pnames[] = {
    "Id", "Name", "Rules", "NumSeats", "Status", "Seats", "Turn",
    "ActiveSeat", "TilesLeft", "Scores", "Sequence",
  };
  ck_assert_uint_eq(g_variant_n_children(props), G_N_ELEMENTS(pnames));
  for (guint i = 0; i < G_N_ELEMENTS(pnames); i++) {
    g_autoptr(GVariant) v = g_variant_lookup_value(props, pnames[i], NULL);
    ck_assert_msg(v != NULL, "GetAll lacks %s", pnames[i]);
  }

  /* Before the start: no decision, no record. */
  game_err(c, path, "GetDecision", NULL, "NotStarted");
  game_err(c, path, "ExportRecord", NULL, "NotFinished");
  /* The setup (start tile, first turn) may be logged already; the log
   * and Sequence agree. */
  g_autoptr(GVariant) events = get_events(c, path, 0);
  ck_assert_uint_eq(g_variant_n_children(events), game_sequence(c, path));
}
END_TEST

/* Joins every seat of @path, one connection each, and starts it. */
static void
seat_all(GDBusConnection **conns, guint n, const char *path)
{
  for (guint i = 0; i < n; i++)
    ck_assert_uint_eq(join(conns[i], path, "{}", NULL), i);
  start(conns[0], path);
}

START_TEST(test_create_variants)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autoptr(GDBusConnection) c = conn_new();
  GDBusConnection *abc[] = { a, b, c };

  /* Three seats and a seed: twice the same game. */
  g_autofree char *p1 =
      create(a, "{'seats': <uint32 3>, 'seed': <uint64 42>}", NULL);
  g_autofree char *p2 =
      create(a, "{'seats': <uint32 3>, 'seed': <uint64 42>}", NULL);
  g_autoptr(GVariant) ns = game_prop(a, p1, "NumSeats");
  ck_assert_uint_eq(g_variant_get_uint32(ns), 3);
  seat_all(abc, 3, p1);
  seat_all(abc, 3, p2);
  g_autoptr(GRand) r1 = g_rand_new_with_seed(5);
  g_autoptr(GRand) r2 = g_rand_new_with_seed(5);
  for (guint i = 0; i < 12; i++) {
    ck_assert(play_one(abc, p1, r1));
    ck_assert(play_one(abc, p2, r2));
  }
  g_autoptr(GVariant) e1 = get_events(a, p1, 0);
  g_autoptr(GVariant) e2 = get_events(a, p2, 0);
  ck_assert_msg(g_variant_equal(e1, e2),
                "the same seed and actions gave different games");
  g_autoptr(GVariant) st1 = get_state(a, p1);
  guint32 left = state_uint(st1, "tiles-left");
  ck_assert_msg(left > 0 && left < 71, "tiles-left %u", left);

  /* An explicit supply: doc/game-record.md's first steps, played by
   * notation; Alice ends with 8 points, Bob with 3. */
  g_autofree char *p3 = create(
      a, "{'tiles': <['P', 'E', 'V']>, 'name': <'first steps'>}", NULL);
  g_autofree char *name = game_prop_string(a, p3, "Name");
  ck_assert_str_eq(name, "first steps");
  ck_assert_uint_eq(join(a, p3, "{'name': <'Alice'>}", NULL), 0);
  ck_assert_uint_eq(join(b, p3, "{'name': <'Bob'>}", NULL), 1);
  g_autofree char *alice = NULL;
  seat_info(a, p3, 0, &alice, NULL, NULL, NULL);
  ck_assert_str_eq(alice, "Alice");
  start(a, p3);
  g_autoptr(GVariant) s3 = get_state(a, p3);
  g_autofree char *drawn = state_string(s3, "drawn-tile");
  ck_assert_str_eq(drawn, "P");
  ck_assert_uint_eq(state_uint(s3, "tiles-left"), 2);
  g_autoptr(GVariant) board =
      g_variant_lookup_value(s3, "board", G_VARIANT_TYPE("a(siiu)"));
  ck_assert_msg(board && g_variant_n_children(board) == 1,
                "the board does not hold the start tile alone");
  const char *start_tile;
  gint32 x, y;
  guint32 rot;
  g_variant_get_child(board, 0, "(&siiu)", &start_tile, &x, &y, &rot);
  ck_assert_str_eq(start_tile, "D");
  ck_assert_int_eq(x, 0);
  ck_assert_int_eq(y, 0);
  static const char *const first_steps[] = {
    "place P @ 0,-1 r180", "follower C1", "place E @ 1,-1 r270",
    "follower F1", "place V @ 1,0 r0", "follower R1",
  };
  GDBusConnection *ab[] = { a, b };
  for (guint i = 0; i < G_N_ELEMENTS(first_steps); i++) {
    Decision d = { 0 };
    get_decision(a, p3, &d);
    g_autofree char *action =
        g_strdup_printf("{'notation': <'%s'>}", first_steps[i]);
    act(ab[d.seat], p3, d.seat, action);
    decision_clear(&d);
  }
  check_finished(a, p3);
  g_autoptr(GVariant) sc = game_prop(a, p3, "Scores");
  g_autoptr(GVariant) want = parse("ai", "[8, 3]");
  ck_assert_msg(g_variant_equal(sc, want), "first steps: scores %s",
                g_variant_print(sc, FALSE));
  g_autoptr(GVariant) rec =
      game_ok(a, p3, "ExportRecord", NULL, "(s)");
  const char *text;
  g_variant_get(rec, "(&s)", &text);
  ck_assert_msg(g_str_has_prefix(text, "meepled-record"),
                "record starts with: %.40s", text);
  ck_assert_msg(strstr(text, "place P @ 0,-1 r180") &&
                    strstr(text, "follower R1") && strstr(text, "Alice"),
                "the record lacks the game: %s", text);

  /* Farmers off: the same game, but Bob cannot place his farmer. */
  g_autofree char *p4 =
      create(a, "{'tiles': <['P', 'E', 'V']>, 'farmers': <false>}", NULL);
  seat_all(ab, 2, p4);
  act(a, p4, 0, "{'notation': <'place P @ 0,-1 r180'>}");
  act(a, p4, 0, "{'notation': <'follower C1'>}");
  act(b, p4, 1, "{'notation': <'place E @ 1,-1 r270'>}");
  /* E's only free segment is a field: with farmers off there is nothing
   * to decide, and it is Alice's turn. */
  game_err(b, p4, "Act", act_args(1, "{'notation': <'follower F1'>}"),
           "NotYourTurn");
  act(a, p4, 0, "{'notation': <'place V @ 1,0 r0'>}");
  act(a, p4, 0, "{'notation': <'follower R1'>}");
  check_finished(a, p4);
  g_autoptr(GVariant) sc4 = game_prop(a, p4, "Scores");
  g_autoptr(GVariant) want4 = parse("ai", "[8, 0]");
  ck_assert_msg(g_variant_equal(sc4, want4), "farmers off: scores %s",
                g_variant_print(sc4, FALSE));

  /* Seat kinds. */
  g_autofree char *p5 =
      create(a, "{'seat-kinds': <['human', 'bot']>}", NULL);
  g_autofree char *k0 = NULL, *k1 = NULL;
  seat_info(a, p5, 0, NULL, &k0, NULL, NULL);
  seat_info(a, p5, 1, NULL, &k1, NULL, NULL);
  ck_assert_str_eq(k0, "human");
  ck_assert_str_eq(k1, "bot");
  ck_assert_uint_eq(join(b, p5, "{'kind': <'bot'>}", NULL), 1);
  ck_assert_uint_eq(join(a, p5, "{'kind': <'human'>}", NULL), 0);

  /* Abbot: its rule set named, an abbot in every supply. */
  g_autofree char *p6 = create(a, "{'rules': <['abbot']>}", NULL);
  g_autoptr(GVariant) rules = game_prop(a, p6, "Rules");
  g_autofree const char **rv = g_variant_get_strv(rules, NULL);
  ck_assert_msg(g_strv_contains(rv, "abbot"), "Rules lacks abbot");
  g_autoptr(GVariant) s6 = get_state(a, p6);
  g_autoptr(GVariant) seats6 =
      g_variant_lookup_value(s6, "seats", G_VARIANT_TYPE("aa{sv}"));
  g_autoptr(GVariant) seat6 = g_variant_get_child_value(seats6, 1);
  g_autoptr(GVariant) supply6 =
      g_variant_lookup_value(seat6, "supply", G_VARIANT_TYPE("a{su}"));
  guint32 abbots = 0;
  ck_assert_msg(supply6 && g_variant_lookup(supply6, "abbot", "u", &abbots),
                "no abbot in the supply");
  ck_assert_uint_eq(abbots, 1);
  seat_all(ab, 2, p6);
  g_autoptr(GRand) r6 = g_rand_new_with_seed(6);
  play_to_end(ab, p6, r6);
  check_finished(a, p6);

  g_autoptr(GVariant) n =
      get_prop(a, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n), 6);
}
END_TEST

static GVariant *
create_args(const char *options)
{
  return g_variant_new("(@a{sv})", parse("a{sv}", options));
}

START_TEST(test_create_invalid)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *keep = create(c, "{}", NULL); /* one game to keep */
  static const char *const invalid[] = {
    "{'bogus': <uint32 1>}",
    "{'seats': <'2'>}",
    "{'seats': <int32 2>}",
    "{'seats': <uint32 0>}",
    "{'seats': <uint32 1>}",
    "{'seats': <uint32 7>}",
    "{'seats': <uint32 4294967295>}",
    "{'seed': <'42'>}",
    "{'seed': <uint32 42>}",
    "{'seed': <int64 42>}",
    "{'tiles': <'P E V'>}",
    "{'tiles': <['P', 'NOPE', 'V']>}",
    "{'tiles': <['']>}",
    "{'seat-kinds': <['human']>}",
    "{'seat-kinds': <['human', 'human', 'human']>}",
    "{'seats': <uint32 3>, 'seat-kinds': <['human', 'bot']>}",
    "{'seat-kinds': <['human', 'alien']>}",
    "{'seat-kinds': <'human'>}",
    "{'farmers': <'no'>}",
    "{'farmers': <uint32 0>}",
    "{'name': <uint32 1>}",
    "{'rules': <'abbot'>}",
    "{'rules': <[uint32 1]>}",
    "{'seats': <uint32 2>, 'Seats': <uint32 2>}",
    "{'tiles': <['p', 'e']>}",
  };
  for (guint i = 0; i < G_N_ELEMENTS(invalid); i++)
    mgr_err(c, "CreateGame", create_args(invalid[i]), "InvalidArgs");
  /* Limits on sizes; a name with an escape sequence would act on other
   * players' terminals. */
  mgr_err(c, "CreateGame", create_args("{'name': <'\\u001b[2J'>}"),
          "InvalidArgs");
  g_autofree char *long_name = g_strnfill(101, 'n');
  g_autofree char *opts_name =
      g_strdup_printf("{'name': <'%s'>}", long_name);
  mgr_err(c, "CreateGame", create_args(opts_name), "InvalidArgs");
  GString *many = g_string_new("{'tiles': <[");
  for (guint i = 0; i < 4097; i++)
    g_string_append(many, i ? ", 'V'" : "'V'");
  g_string_append(many, "]>}");
  mgr_err(c, "CreateGame", create_args(many->str), "InvalidArgs");
  g_string_free(many, TRUE);
  mgr_err(c, "CreateGame", create_args("{'rules': <['nosuch']>}"),
          "InvalidRuleSets");
  mgr_err(c, "CreateGame", create_args("{'rules': <['abbot', 'nosuch']>}"),
          "InvalidRuleSets");
  g_autoptr(GVariant) n =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n), 1);
  /* Still well after all that. */
  g_autofree char *ok = create(c, "{'seats': <uint32 6>}", NULL);
  g_autoptr(GVariant) ns = game_prop(c, ok, "NumSeats");
  ck_assert_uint_eq(g_variant_get_uint32(ns), 6);
}
END_TEST

START_TEST(test_list_get_games)
{
  g_autoptr(GDBusConnection) c = conn_new();
  char *ids[3], *paths[3];
  for (guint i = 0; i < 3; i++) {
    g_autofree char *opts =
        g_strdup_printf("{'name': <'game %u'>, 'seats': <uint32 %u>}", i,
                        i + 2);
    paths[i] = create(c, opts, &ids[i]);
  }
  for (guint i = 0; i < 3; i++)
    for (guint j = 0; j < i; j++)
      ck_assert_str_ne(ids[i], ids[j]);
  g_autoptr(GVariant) games = mgr_ok(c, "ListGames", NULL, "(a(soa{sv}))");
  g_autoptr(GVariant) list = g_variant_get_child_value(games, 0);
  ck_assert_uint_eq(g_variant_n_children(list), 3);
  guint found = 0;
  for (gsize k = 0; k < 3; k++) {
    const char *id, *path;
    g_autoptr(GVariant) summary = NULL;
    g_variant_get_child(list, k, "(&s&o@a{sv})", &id, &path, &summary);
    for (guint i = 0; i < 3; i++) {
      if (strcmp(ids[i], id) != 0)
        continue;
      found++;
      ck_assert_str_eq(path, paths[i]);
      guint32 seats;
      const char *name;
      ck_assert(g_variant_lookup(summary, "seats", "u", &seats));
      ck_assert(g_variant_lookup(summary, "name", "&s", &name));
      ck_assert_uint_eq(seats, i + 2);
      g_autofree char *want = g_strdup_printf("game %u", i);
      ck_assert_str_eq(name, want);
    }
  }
  ck_assert_uint_eq(found, 3);
  for (guint i = 0; i < 3; i++) {
    g_autoptr(GVariant) r =
        mgr_ok(c, "GetGame", g_variant_new("(s)", ids[i]), "(o)");
    const char *path;
    g_variant_get(r, "(&o)", &path);
    ck_assert_str_eq(path, paths[i]);
  }
  mgr_err(c, "GetGame", g_variant_new("(s)", "nope"), "NoSuchGame");
  mgr_err(c, "GetGame", g_variant_new("(s)", ""), "NoSuchGame");
  /* A path without a game is no object. */
  call_err_(__LINE__, c, FX_GAME_PATH_PREFIX "999", FX_GAME_IFACE,
            "GetState", NULL, "org.freedesktop.DBus.Error.UnknownObject");
  /* free-seats follows the joins */
  join(c, paths[1], "{}", NULL);
  g_autoptr(GVariant) games2 = mgr_ok(c, "ListGames", NULL, "(a(soa{sv}))");
  g_autoptr(GVariant) list2 = g_variant_get_child_value(games2, 0);
  for (gsize k = 0; k < 3; k++) {
    const char *id;
    g_autoptr(GVariant) summary = NULL;
    g_variant_get_child(list2, k, "(&s&o@a{sv})", &id, NULL, &summary);
    guint32 free_seats;
    ck_assert(g_variant_lookup(summary, "free-seats", "u", &free_seats));
    if (strcmp(id, ids[1]) == 0)
      ck_assert_uint_eq(free_seats, 2);
  }
  for (guint i = 0; i < 3; i++) {
    g_free(ids[i]);
    g_free(paths[i]);
  }
}
END_TEST

START_TEST(test_join_start)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autoptr(GDBusConnection) s = conn_new(); /* a spectator */
  g_autofree char *path = create(a, "{}", NULL);

  game_err(s, path, "Start", NULL, "NotSeated");
  g_autofree char *ta = NULL, *tb = NULL;
  ck_assert_uint_eq(join(a, path, "{'name': <'Ann'>}", &ta), 0);
  ck_assert(seat_taken(s, path, 0));
  ck_assert(seat_connected(s, path, 0));
  ck_assert(!seat_taken(s, path, 1));
  game_err(s, path, "Start", NULL, "NotSeated");
  game_err(a, path, "Start", NULL, "NotReady");
  game_err(b, path, "Join", create_args("{'seat': <uint32 0>}"),
           "SeatTaken");
  game_err(b, path, "Join", create_args("{'seat': <uint32 2>}"),
           "InvalidArgs");
  game_err(b, path, "Join", create_args("{'seat': <'1'>}"), "InvalidArgs");
  game_err(b, path, "Join", create_args("{'name': <uint32 1>}"),
           "InvalidArgs");
  game_err(b, path, "Join", create_args("{'bogus': <'x'>}"), "InvalidArgs");
  game_err(b, path, "Join", create_args("{'name': <'Eve\\u0007'>}"),
           "InvalidArgs");
  g_autofree char *p101 = g_strnfill(101, 'p');
  g_autofree char *long_player = g_strdup_printf("{'name': <'%s'>}", p101);
  game_err(b, path, "Join", create_args(long_player), "InvalidArgs");
  game_err(b, path, "Join", create_args("{'kind': <uint32 1>}"),
           "InvalidArgs");
  /* Seat kinds are "human" and "bot" (CreateGame's "seat-kinds"). */
  game_err(b, path, "Join", create_args("{'kind': <'alien'>}"),
           "InvalidArgs");
  game_err(b, path, "Join", create_args("{'kind': <'bot'>}"), "GameFull");
  ck_assert_uint_eq(join(b, path, "{'seat': <uint32 1>}", &tb), 1);
  ck_assert_str_ne(ta, tb);
  game_err(s, path, "Join", create_args("{}"), "GameFull");
  game_err(s, path, "Join", create_args("{'seat': <uint32 1>}"),
           "SeatTaken");
  game_err(s, path, "Start", NULL, "NotSeated");

  start(b, path);
  g_autofree char *status = game_prop_string(s, path, "Status");
  ck_assert_str_eq(status, "playing");
  game_err(a, path, "Start", NULL, "AlreadyStarted");
  game_err(s, path, "Join", create_args("{}"), "AlreadyStarted");

  /* Started: a decision for seat 0 (who starts), a drawn tile. */
  Decision d = { 0 };
  get_decision(s, path, &d);
  ck_assert_uint_eq(d.seat, 0);
  g_autoptr(GVariant) state = get_state(s, path);
  g_autoptr(GVariant) decision =
      g_variant_lookup_value(state, "decision", G_VARIANT_TYPE_UINT64);
  ck_assert_msg(decision && g_variant_get_uint64(decision) == d.id,
                "GetState decision differs from GetDecision");
  ck_assert_uint_eq(state_uint(state, "active-seat"), 0);
  g_autoptr(GVariant) as = game_prop(s, path, "ActiveSeat");
  ck_assert_uint_eq(g_variant_get_uint32(as), 0);
  g_autoptr(GVariant) tl = game_prop(s, path, "TilesLeft");
  ck_assert_uint_eq(g_variant_get_uint32(tl),
                    state_uint(state, "tiles-left"));
  g_autoptr(GVariant) turn = game_prop(s, path, "Turn");
  ck_assert_uint_eq(g_variant_get_uint32(turn), state_uint(state, "turn"));
  decision_clear(&d);
}
END_TEST

START_TEST(test_leave_reclaim)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autoptr(GDBusConnection) s = conn_new();
  g_autofree char *path = create(a, "{'seed': <uint64 9>}", NULL);

  /* Before the start: the seat becomes free, the token dies. */
  g_autofree char *t_old = NULL;
  ck_assert_uint_eq(join(a, path, "{}", &t_old), 0);
  game_err(b, path, "Leave", g_variant_new("(u)", 0), "NotSeated");
  game_err(a, path, "Leave", g_variant_new("(u)", 1), "NotSeated");
  game_err(a, path, "Leave", g_variant_new("(u)", 5), "InvalidArgs");
  g_autoptr(GVariant) l1 =
      game_ok(a, path, "Leave", g_variant_new("(u)", 0), "()");
  ck_assert(!seat_taken(s, path, 0));
  game_err(b, path, "Reclaim", g_variant_new("(s)", t_old), "BadToken");
  game_err(a, path, "Leave", g_variant_new("(u)", 0), "NotSeated");

  g_autofree char *ta = NULL, *tb = NULL;
  ck_assert_uint_eq(join(a, path, "{}", &ta), 0);
  ck_assert_str_ne(ta, t_old);
  ck_assert_uint_eq(join(b, path, "{}", &tb), 1);
  game_err(s, path, "Reclaim", g_variant_new("(s)", ""), "BadToken");
  /* A token is good for its own game only. */
  g_autofree char *other = create(s, "{}", NULL);
  g_autofree char *t_other = NULL;
  join(s, other, "{}", &t_other);
  game_err(s, path, "Reclaim", g_variant_new("(s)", t_other), "BadToken");
  game_err(a, other, "Reclaim", g_variant_new("(s)", ta), "BadToken");
  game_err(s, path, "Reclaim",
           g_variant_new("(s)", "0123456789abcdef0123456789abcdef"),
           "BadToken");
  start(a, path);

  /* After it: the seat stays taken and waits for a Reclaim. */
  Decision d = { 0 };
  get_decision(s, path, &d);
  ck_assert_uint_eq(d.seat, 0);
  g_autoptr(GVariant) l2 =
      game_ok(a, path, "Leave", g_variant_new("(u)", 0), "()");
  ck_assert(seat_taken(s, path, 0));
  ck_assert(!seat_connected(s, path, 0));
  game_err(a, path, "Act", act_args(0, "{'index': <uint32 0>}"),
           "NotSeated");
  game_err(a, path, "Leave", g_variant_new("(u)", 0), "NotSeated");

  /* A new connection reclaims seat 0 and plays on. */
  g_autoptr(GDBusConnection) a2 = conn_new();
  g_autoptr(GVariant) rc =
      game_ok(a2, path, "Reclaim", g_variant_new("(s)", ta), "(u)");
  guint32 seat;
  g_variant_get(rc, "(u)", &seat);
  ck_assert_uint_eq(seat, 0);
  ck_assert(seat_connected(s, path, 0));
  game_err(a2, path, "Reclaim", g_variant_new("(u)", 0), "InvalidArgs");
  game_err(a2, path, "Reclaim", g_variant_new("(s)", "nonsense"),
           "BadToken");
  act(a2, path, 0, "{'index': <uint32 0>}");
  decision_clear(&d);

  /* Reclaiming a seat from a holder that is still connected moves it. */
  g_autoptr(GDBusConnection) b2 = conn_new();
  g_autoptr(GVariant) rc2 =
      game_ok(b2, path, "Reclaim", g_variant_new("(s)", tb), "(u)");
  g_variant_get(rc2, "(u)", &seat);
  ck_assert_uint_eq(seat, 1);
  GDBusConnection *holders[] = { a2, b2 };
  g_autoptr(GRand) r = g_rand_new_with_seed(3);
  for (guint i = 0; i < 30; i++) {
    get_decision(s, path, &d);
    if (d.seat == 1) {
      game_err(b, path, "Act", act_args(1, "{'index': <uint32 0>}"),
               "NotSeated");
      decision_clear(&d);
      break;
    }
    decision_clear(&d);
    ck_assert(play_one(holders, path, r));
  }
  play_to_end(holders, path, r);
  check_finished(s, path);
}
END_TEST

/* Act and ActAndGetDecision take an action the same way and refuse the
 * same things: the error cases run for each (_i). */
static const char *const act_methods[] = { "Act", "ActAndGetDecision" };

START_TEST(test_act_errors)
{
  const char *ACT = act_methods[_i];
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autoptr(GDBusConnection) s = conn_new();
  g_autofree char *path =
      create(a, "{'tiles': <['P', 'E', 'V', 'U', 'B']>}", NULL);
  ck_assert_uint_eq(join(a, path, "{}", NULL), 0);
  ck_assert_uint_eq(join(b, path, "{}", NULL), 1);

  game_err(a, path, "GetDecision", NULL, "NotStarted");
  game_err(a, path, ACT, act_args(0, "{'index': <uint32 0>}"),
           "NotStarted");
  game_err(s, path, ACT, act_args(0, "{'index': <uint32 0>}"),
           "NotStarted");
  start(a, path);

  Decision d = { 0 };
  get_decision(s, path, &d);
  ck_assert_uint_eq(d.seat, 0);
  gsize n = g_variant_n_children(d.actions);
  g_autofree char *too_far =
      g_strdup_printf("{'index': <uint32 %" G_GSIZE_FORMAT ">}", n);
  g_autofree char *stale = g_strdup_printf(
      "{'index': <uint32 0>, 'decision': <uint64 %" G_GUINT64_FORMAT ">}",
      d.id + 1);

  /* who may act */
  game_err(s, path, ACT, act_args(0, "{'index': <uint32 0>}"),
           "NotSeated");
  game_err(s, path, ACT, act_args(1, "{'index': <uint32 0>}"),
           "NotSeated");
  game_err(b, path, ACT, act_args(0, "{'index': <uint32 0>}"),
           "NotSeated");
  game_err(b, path, ACT, act_args(1, "{'index': <uint32 0>}"),
           "NotYourTurn");
  game_err(a, path, ACT, act_args(1, "{'index': <uint32 0>}"),
           "NotSeated");
  game_err(a, path, ACT, act_args(2, "{'index': <uint32 0>}"),
           "InvalidArgs");
  game_err(a, path, ACT, act_args(G_MAXUINT32, "{'index': <uint32 0>}"),
           "InvalidArgs");

  /* what is legal */
  game_err(a, path, ACT,
           act_args(0, "{'notation': <'place D @ 99,99 r0'>}"),
           "IllegalAction");
  game_err(a, path, ACT,
           act_args(0, "{'notation': <'place E @ 0,-1 r180'>}"),
           "IllegalAction");
  game_err(a, path, ACT, act_args(0, "{'notation': <'pass'>}"),
           "IllegalAction");
  game_err(a, path, ACT, act_args(0, too_far), "IllegalAction");
  game_err(a, path, ACT, act_args(0, "{'index': <uint32 4294967295>}"),
           "IllegalAction");
  game_err(a, path, ACT,
           act_args(0, "{'kind': <'place'>, 'tile': <'P'>, 'x': <99>, "
                       "'y': <99>, 'rotation': <uint32 0>}"),
           "IllegalAction");
  game_err(a, path, ACT, act_args(0, stale), "StaleDecision");

  /* malformed actions */
  static const char *const invalid[] = {
    "{}",
    "{'index': <uint32 0>, 'notation': <'pass'>}",
    "{'index': <uint32 0>, 'kind': <'place'>}",
    "{'notation': <'pass'>, 'kind': <'pass'>}",
    "{'index': <uint32 0>, 'bogus': <uint32 1>}",
    "{'index': <'0'>}",
    "{'index': <int32 0>}",
    "{'index': <uint64 0>}",
    "{'notation': <uint32 7>}",
    "{'notation': <'frobnicate the meeple'>}",
    "{'notation': <''>}",
    "{'notation': <'place P @ x,y r45'>}",
    "{'index': <uint32 0>, 'decision': <uint32 1>}",
    "{'index': <uint32 0>, 'decision': <'1'>}",
    "{'kind': <uint32 1>}",
    "{'kind': <'place'>, 'tile': <'P'>, 'x': <uint32 0>, 'y': <-1>, "
    "'rotation': <uint32 2>}",
    "{'kind': <'place'>, 'tile': <'P'>, 'x': <0>, 'y': <-1>, "
    "'rotation': <2>}",
    "{'kind': <'place'>, 'tile': <uint32 1>, 'x': <0>, 'y': <-1>}",
    "{'kind': <'place'>, 'tile': <'P'>, 'x': <0>, 'y': <-1>, "
    "'rotation': <uint32 2>, 'bogus': <1>}",
  };
  for (guint i = 0; i < G_N_ELEMENTS(invalid); i++)
    game_err_obs(a, s, path, ACT, act_args(0, invalid[i]), "InvalidArgs");

  /* The kind form of a listed action is accepted: "place P @ 0,-1 r180". */
  gboolean listed = FALSE;
  for (gsize i = 0; i < n; i++) {
    g_autofree char *t = decision_notation(&d, i);
    listed |= strcmp(t, "place P @ 0,-1 r180") == 0;
  }
  ck_assert_msg(listed, "place P @ 0,-1 r180 is not listed");
  g_autofree char *guarded = g_strdup_printf(
      "{'kind': <'place'>, 'tile': <'P'>, 'x': <0>, 'y': <-1>, "
      "'rotation': <uint32 2>, 'decision': <uint64 %" G_GUINT64_FORMAT ">}",
      d.id);
  guint64 seq = act(a, path, 0, guarded);
  ck_assert_uint_eq(seq, game_sequence(s, path));
  /* The old decision id is stale now. */
  g_autofree char *old = g_strdup_printf(
      "{'notation': <'follower C1'>, 'decision': <uint64 %" G_GUINT64_FORMAT
      ">}", d.id);
  game_err(a, path, ACT, act_args(0, old), "StaleDecision");
  decision_clear(&d);
  get_decision(s, path, &d);
  ck_assert_uint_eq(d.seat, 0);
  g_autofree char *fresh = g_strdup_printf(
      "{'notation': <'follower C1'>, 'decision': <uint64 %" G_GUINT64_FORMAT
      ">}", d.id);
  act(a, path, 0, fresh);
  decision_clear(&d);

  /* Seat 1's turn now; the index form. */
  get_decision(s, path, &d);
  ck_assert_uint_eq(d.seat, 1);
  game_err(a, path, ACT, act_args(0, "{'index': <uint32 0>}"),
           "NotYourTurn");
  decision_clear(&d);
  GDBusConnection *ab[] = { a, b };
  g_autoptr(GRand) r = g_rand_new_with_seed(1);
  play_to_end(ab, path, r);
  check_finished(s, path);
  game_err(a, path, ACT, act_args(0, "{'index': <uint32 0>}"), "GameOver");
  game_err(b, path, ACT, act_args(1, "{'index': <uint32 0>}"), "GameOver");
  game_err(s, path, ACT, act_args(0, "{'index': <uint32 0>}"), "GameOver");
  game_err(a, path, "Join", create_args("{}"), "AlreadyStarted");
  game_err(a, path, "Start", NULL, "AlreadyStarted");
}
END_TEST

/* ActAndGetDecision plays the same game as Act followed by GetDecision:
 * two games from one seed, the same choices, one played each way.  Every
 * reply's decision is what GetDecision says right after, and what the
 * other game offers at that point; the signals still go out. */
/* The write-ahead log of the fixture's game store changed since @before
 * (stat), or @before is filled in when it is zeroed.  Only a commit
 * writes the log (checkpoints read it; meepled holds the store
 * exclusively, so another reader cannot look inside). */
static gboolean
store_log_written(struct stat *before)
{
  g_autofree char *file = g_build_filename(
      fixture_dir(), "home", "state", "meepled", "meepled.db-wal", NULL);
  struct stat now;
  ck_assert_msg(stat(file, &now) == 0, "no %s", file);
  if (!before->st_mtime && !before->st_size) {
    *before = now;
    return FALSE;
  }
  return now.st_size != before->st_size ||
         now.st_mtim.tv_sec != before->st_mtim.tv_sec ||
         now.st_mtim.tv_nsec != before->st_mtim.tv_nsec;
}

/* An action given in notation that parses but is not legal is refused
 * with IllegalAction before it is stored: nothing is written to the
 * store (doc/storage.md: a refused call never reaches the store).  It
 * used to be written, then taken back, and a crash in between left it in
 * the journal for ever, the game suspended at every start. */
START_TEST(test_illegal_notation_not_stored)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *path = create(c, "{'seed': <uint64 5>}", NULL);
  ck_assert_uint_eq(join(c, path, "{}", NULL), 0);
  ck_assert_uint_eq(join(c, path, "{}", NULL), 1);
  start(c, path);
  Decision d = { 0 };
  get_decision(c, path, &d);
  ck_assert_str_eq(d.kind, "place-tile");
  struct stat log = { 0 };
  store_log_written(&log);
  game_err(c, path, "Act",
           act_args(d.seat, "{'notation': <'place A @ 99,99 r0'>}"),
           "IllegalAction");
  ck_assert_msg(!store_log_written(&log),
                "the illegal action was written to the store");
  /* the check sees a write: a legal action is one */
  act(c, path, d.seat, "{'index': <uint32 0>}");
  ck_assert_msg(store_log_written(&log),
                "the store's log did not change for a stored action");
  decision_clear(&d);
}
END_TEST

START_TEST(test_act_and_get_decision)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) s = conn_new();
  const char *opts = "{'seed': <uint64 11>}";
  g_autofree char *p = create(a, opts, NULL);   /* Act + GetDecision */
  g_autofree char *q = create(a, opts, NULL);   /* ActAndGetDecision */
  const char *both[] = { p, q };
  for (guint i = 0; i < 2; i++) {
    ck_assert_uint_eq(join(a, both[i], "{}", NULL), 0);
    ck_assert_uint_eq(join(a, both[i], "{}", NULL), 1);
  }
  Recorder rec;
  recorder_init(&rec, s, q);
  start(a, p);
  start(a, q);
  g_autoptr(GRand) r = g_rand_new_with_seed(5);
  g_autoptr(GVariant) pending =
      game_ok(s, q, "GetDecision", NULL, "(tussa(sssiiussy))");
  guint64 moves = 0;
  for (;;) {
    g_autoptr(GVariant) other =
        game_ok(s, p, "GetDecision", NULL, "(tussa(sssiiussy))");
    ck_assert_msg(g_variant_equal(other, pending),
                  "move %" G_GUINT64_FORMAT ": the games differ", moves);
    guint64 id;
    guint32 seat;
    g_autoptr(GVariant) list = NULL;
    g_variant_get(pending, "(tu&s&s@a(sssiiussy))", &id, &seat, NULL, NULL,
                  &list);
    guint32 index =
        (guint32)g_rand_int_range(r, 0, (gint32)g_variant_n_children(list));
    g_autofree char *action = g_strdup_printf(
        "{'index': <uint32 %u>, 'decision': <uint64 %" G_GUINT64_FORMAT ">}",
        index, id);
    guint64 seq_p = act(a, p, seat, action);
    g_autoptr(GVariant) reply =
        game_ok(a, q, "ActAndGetDecision", act_args(seat, action),
                "(t(tussa(sssiiussy)))");
    moves++;
    guint64 seq_q;
    const char *kind;
    g_variant_get_child(reply, 0, "t", &seq_q);
    ck_assert_uint_eq(seq_q, seq_p);
    ck_assert_uint_eq(seq_q, game_sequence(s, q));
    g_clear_pointer(&pending, g_variant_unref);
    /* the decision struct is GetDecision's reply tuple */
    pending = g_variant_get_child_value(reply, 1);
    g_variant_get_child(pending, 2, "&s", &kind);
    if (!*kind)
      break;
    g_autoptr(GVariant) now =
        game_ok(s, q, "GetDecision", NULL, "(tussa(sssiiussy))");
    ck_assert_msg(g_variant_equal(now, pending),
                  "move %" G_GUINT64_FORMAT ": the reply's decision is not "
                  "GetDecision's", moves);
  }
  /* The last action ended the game: no decision, id = actions taken. */
  const char *kind, *description;
  guint64 id;
  guint32 seat;
  g_autoptr(GVariant) list = NULL;
  g_variant_get(pending, "(tu&s&s@a(sssiiussy))", &id, &seat, &kind,
                &description, &list);
  ck_assert_str_eq(kind, "");
  ck_assert_str_eq(description, "");
  ck_assert_uint_eq(g_variant_n_children(list), 0);
  ck_assert_uint_eq(id, moves);
  ck_assert_uint_gt(moves, 50);
  game_err(s, q, "GetDecision", NULL, "GameOver");
  game_err(s, p, "GetDecision", NULL, "GameOver");
  check_finished(s, p);
  check_finished(s, q);
  g_autoptr(GVariant) ep = get_events(s, p, 0);
  g_autoptr(GVariant) eq = get_events(s, q, 0);
  ck_assert(g_variant_equal(ep, eq));
  /* Events and DecisionRequired went out for every move as with Act. */
  RecWait w = { &rec, game_sequence(s, q), 0 };
  ck_assert_msg(wait_for(rec_has_seq, &w, WAIT_MS),
                "the Events signals stop at %" G_GUINT64_FORMAT,
                rec.last_seq);
  ck_assert_uint_eq(rec.events->len, g_variant_n_children(eq));
  ck_assert_uint_eq(rec.decisions->len, moves);
  for (guint i = 0; i < rec.decisions->len; i++)
    ck_assert_uint_eq(g_array_index(rec.decisions, RecDecision, i).id, i);
  recorder_clear(&rec);
}
END_TEST

/* One method called with arguments of the wrong signature. */
typedef struct {
  gboolean manager;
  const char *method;
  const char *args; /* GVariant text of a tuple */
} BadCall;

static const BadCall bad_calls[] = {
  { TRUE, "ListRuleSets", "('x',)" },
  { TRUE, "ListRuleSetDetails", "('x',)" },
  { TRUE, "CreateGame", "()" },
  { TRUE, "CreateGame", "('x',)" },
  { TRUE, "CreateGame", "({'seats': 'x'},)" },
  { TRUE, "CreateGame", "(@a{sv} {}, 'x')" },
  { TRUE, "ListGames", "(uint32 1,)" },
  { TRUE, "GetGame", "()" },
  { TRUE, "GetGame", "(uint32 1,)" },
  { TRUE, "GetGame", "('a', 'b')" },
  { TRUE, "GetGame", "(@o '/x',)" },
  { FALSE, "Join", "()" },
  { FALSE, "Join", "('x',)" },
  { FALSE, "Join", "({'seat': uint32 1},)" },
  { FALSE, "Join", "(@a{sv} {}, uint32 0)" },
  { FALSE, "Reclaim", "()" },
  { FALSE, "Reclaim", "(uint32 1,)" },
  { FALSE, "Reclaim", "('a', 'b')" },
  { FALSE, "Leave", "()" },
  { FALSE, "Leave", "('0',)" },
  { FALSE, "Leave", "(int32 0,)" },
  { FALSE, "Leave", "(uint32 0, uint32 0)" },
  { FALSE, "Start", "('x',)" },
  { FALSE, "Start", "(uint32 0,)" },
  { FALSE, "GetState", "(uint32 0,)" },
  { FALSE, "GetDecision", "('x',)" },
  { FALSE, "GetEvents", "()" },
  { FALSE, "GetEvents", "(uint32 0,)" },
  { FALSE, "GetEvents", "(int64 0,)" },
  { FALSE, "GetEvents", "('0',)" },
  { FALSE, "GetCatalog", "(uint32 0,)" },
  { FALSE, "ExportRecord", "('x',)" },
};

/* Wrong arguments of both act_methods, which take the same (u, a{sv}). */
static const char *const bad_act_args[] = {
  "()",
  "('x',)",
  "(uint32 0,)",
  "({'index': <uint32 0>}, uint32 0)",
  "(uint32 0, {'index': uint32 0})",
  "(int32 0, {'index': <uint32 0>})",
  "(uint32 0, {'index': <uint32 0>}, uint32 0)",
};

static void
check_bad_calls(GDBusConnection *c, const char *path)
{
  for (guint m = 0; m < G_N_ELEMENTS(act_methods); m++)
    for (guint i = 0; i < G_N_ELEMENTS(bad_act_args); i++)
      game_err_(__LINE__, c, c, path, FX_GAME_IFACE, act_methods[m],
                parse(NULL, bad_act_args[i]), FX_ERROR("InvalidArgs"));
  for (guint i = 0; i < G_N_ELEMENTS(bad_calls); i++) {
    const BadCall *bc = &bad_calls[i];
    GVariant *args = parse(NULL, bc->args);
    if (bc->manager) {
      g_autoptr(GVariant) before = game_snapshot(c, path);
      mgr_err_(__LINE__, c, bc->method, args, FX_ERROR("InvalidArgs"));
      g_autoptr(GVariant) after = game_snapshot(c, path);
      assert_same_(__LINE__, bc->method, before, after);
    } else {
      game_err_(__LINE__, c, c, path, FX_GAME_IFACE, bc->method, args,
                FX_ERROR("InvalidArgs"));
    }
  }
  /* Unknown methods are the bus library's business. */
  g_autoptr(GVariant) before = game_snapshot(c, path);
  call_err_(__LINE__, c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "Frobnicate",
            NULL, "org.freedesktop.DBus.Error.UnknownMethod");
  call_err_(__LINE__, c, path, FX_GAME_IFACE, "Frobnicate", NULL,
            "org.freedesktop.DBus.Error.UnknownMethod");
  /* Properties are read-only; unknown ones are errors. */
  g_autofree char *e1 = call_fails_(
      __LINE__, c, path, PROPS_IFACE, "Set",
      g_variant_new("(ssv)", FX_GAME_IFACE, "Status",
                    g_variant_new_string("over")));
  g_autofree char *e2 = call_fails_(
      __LINE__, c, path, PROPS_IFACE, "Get",
      g_variant_new("(ss)", FX_GAME_IFACE, "Frobnicate"));
  g_autofree char *e3 = call_fails_(
      __LINE__, c, FX_MANAGER_PATH, PROPS_IFACE, "Set",
      g_variant_new("(ssv)", FX_MANAGER_IFACE, "NumGames",
                    g_variant_new_uint32(7)));
  /* GetAll of an interface the object lacks: an error or nothing. */
  GError *error = NULL;
  g_autoptr(GVariant) none = fixture_call(
      c, path, PROPS_IFACE, "GetAll",
      g_variant_new("(s)", "org.example.Nothing"), NULL, &error);
  if (none) {
    g_autoptr(GVariant) dict = g_variant_get_child_value(none, 0);
    ck_assert_uint_eq(g_variant_n_children(dict), 0);
  } else {
    g_error_free(error);
  }
  g_autoptr(GVariant) after = game_snapshot(c, path);
  assert_same_(__LINE__, "unknown methods and properties", before, after);
}

START_TEST(test_malformed)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autofree char *path = create(a, "{'seed': <uint64 4>}", NULL);
  g_autofree char *token = NULL;
  join(a, path, "{}", &token);
  check_bad_calls(a, path); /* waiting */
  join(b, path, "{}", NULL);
  start(a, path);
  check_bad_calls(a, path); /* playing, a decides */
  GDBusConnection *ab[] = { a, b };
  g_autoptr(GRand) r = g_rand_new_with_seed(2);
  play_to_end(ab, path, r);
  check_bad_calls(a, path); /* over */
}
END_TEST

/* Calls @method with @args (GVariant text) and a file descriptor that
 * @args refers to as handle 0; returns the D-Bus error name (g_free), or
 * NULL when it succeeded. */
static char *
call_with_fd(GDBusConnection *c, const char *path, const char *iface,
             const char *method, const char *type, const char *args)
{
  g_autoptr(GUnixFDList) fds = g_unix_fd_list_new();
  int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(g_unix_fd_list_append(fds, fd, NULL), 0);
  close(fd);
  GError *error = NULL;
  g_autoptr(GVariant) r = g_dbus_connection_call_with_unix_fd_list_sync(
      c, FX_NAME, path, iface, method, parse(type, args), NULL,
      G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS, fds, NULL, NULL, &error);
  if (r)
    return NULL;
  char *name = fixture_error_name(error);
  ck_assert_msg(name != NULL, "%s: not a D-Bus error: %s", method,
                error->message);
  g_error_free(error);
  return name;
}

/* A file descriptor where a value is expected (inside a variant, the one
 * place a signature check lets it through) is refused as invalid
 * arguments, and meepled carries on.  Properties.Set with one used to
 * crash it. */
START_TEST(test_file_descriptors)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *path = create(c, "{}", NULL);
  g_autoptr(GVariant) before = game_snapshot(c, path);
  static const struct {
    const char *path, *iface, *method, *type, *args, *error;
  } cases[] = {
    { FX_MANAGER_PATH, PROPS_IFACE, "Set", "(ssv)",
      "('" FX_MANAGER_IFACE "', 'Version', <handle 0>)",
      "org.freedesktop.DBus.Error.InvalidArgs" },
    { NULL, PROPS_IFACE, "Set", "(ssv)",
      "('" FX_GAME_IFACE "', 'Name', <handle 0>)",
      "org.freedesktop.DBus.Error.InvalidArgs" },
    { FX_MANAGER_PATH, FX_MANAGER_IFACE, "CreateGame", "(a{sv})",
      "({'seats': <handle 0>},)", FX_ERROR("InvalidArgs") },
    { NULL, FX_GAME_IFACE, "Join", "(a{sv})", "({'name': <handle 0>},)",
      FX_ERROR("InvalidArgs") },
    { NULL, FX_GAME_IFACE, "Act", "(ua{sv})", "(0, {'index': <handle 0>})",
      NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *name =
        call_with_fd(c, cases[i].path ? cases[i].path : path, cases[i].iface,
                     cases[i].method, cases[i].type, cases[i].args);
    ck_assert_msg(name != NULL, "%s with a file descriptor succeeded",
                  cases[i].method);
    /* Act checks the caller's seat first: any named error will do */
    if (cases[i].error)
      ck_assert_str_eq(name, cases[i].error);
  }
  g_autoptr(GVariant) after = game_snapshot(c, path);
  assert_same_(__LINE__, "calls with file descriptors", before, after);
  g_autofree char *again = create(c, "{}", NULL);
}
END_TEST

START_TEST(test_catalog)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *path = create(c, "{}", NULL);
  g_autoptr(GVariant) r = game_ok(c, path, "GetCatalog", NULL, "(a{sv})");
  g_autoptr(GVariant) cat = g_variant_get_child_value(r, 0);
  g_autoptr(GVariant) kinds =
      g_variant_lookup_value(cat, "kinds", G_VARIANT_TYPE("a(sss)"));
  g_autoptr(GVariant) figures =
      g_variant_lookup_value(cat, "figures", G_VARIANT_TYPE("a(sb)"));
  g_autoptr(GVariant) tiles =
      g_variant_lookup_value(cat, "tiles", G_VARIANT_TYPE("aa{sv}"));
  ck_assert_msg(kinds && figures && tiles, "GetCatalog lacks a part");
  gboolean follower = FALSE;
  for (gsize i = 0; i < g_variant_n_children(figures); i++) {
    const char *name;
    gboolean neutral;
    g_variant_get_child(figures, i, "(&sb)", &name, &neutral);
    if (strcmp(name, "follower") == 0)
      follower = !neutral;
  }
  ck_assert_msg(follower, "no follower figure");
  guint total = 0;
  gboolean seen_d = FALSE;
  for (gsize i = 0; i < g_variant_n_children(tiles); i++) {
    g_autoptr(GVariant) t = g_variant_get_child_value(tiles, i);
    const char *id;
    guint32 count;
    ck_assert(g_variant_lookup(t, "id", "&s", &id));
    ck_assert(g_variant_lookup(t, "count", "u", &count));
    total += count;
    g_autoptr(GVariant) segs =
        g_variant_lookup_value(t, "segments", G_VARIANT_TYPE("a(ssyyyqas)"));
    ck_assert_msg(segs != NULL, "tile %s: no segments a(ssyyyqas)", id);
    if (strcmp(id, "D") == 0) {
      seen_d = TRUE;
      g_autoptr(GVariant) edges =
          g_variant_lookup_value(t, "edges", G_VARIANT_TYPE("ay"));
      gsize ne;
      const guint8 *e = edges ? g_variant_get_fixed_array(edges, &ne, 1)
                              : NULL;
      ck_assert_msg(e && ne == 4 && e[0] == 2 && e[1] == 1 && e[2] == 0 &&
                        e[3] == 1,
                    "tile D edges are not city, road, field, road");
      ck_assert_uint_eq(count, 4);
      ck_assert_uint_eq(g_variant_n_children(segs), 4);
    }
  }
  ck_assert(seen_d);
  ck_assert_uint_eq(total, 72);

  /* Symbol looks: the base game has none; the mist gives its three
   * areas' symbols one look, which clients draw without knowing it. */
  g_autoptr(GVariant) looks =
      g_variant_lookup_value(cat, "looks", G_VARIANT_TYPE("a(ssss)"));
  ck_assert_msg(looks != NULL, "GetCatalog lacks looks a(ssss)");
  ck_assert_uint_eq(g_variant_n_children(looks), 0);
  g_autofree char *misty = create(c, "{'rules': <['mist']>}", NULL);
  g_autoptr(GVariant) r2 = game_ok(c, misty, "GetCatalog", NULL, "(a{sv})");
  g_autoptr(GVariant) cat2 = g_variant_get_child_value(r2, 0);
  g_autoptr(GVariant) looks2 =
      g_variant_lookup_value(cat2, "looks", G_VARIANT_TYPE("a(ssss)"));
  ck_assert_ptr_nonnull(looks2);
  static const char *const areas[] = { "mist", "mist-2", "mist-3" };
  ck_assert_uint_eq(g_variant_n_children(looks2), G_N_ELEMENTS(areas));
  for (gsize i = 0; i < G_N_ELEMENTS(areas); i++) {
    const char *symbol, *glyph, *unicode, *legend;
    g_variant_get_child(looks2, i, "(&s&s&s&s)", &symbol, &glyph, &unicode,
                        &legend);
    ck_assert_str_eq(symbol, areas[i]);
    ck_assert_str_eq(glyph, "~");
    ck_assert_str_eq(unicode, "≈");
    ck_assert_str_eq(legend, "field under mist");
  }

  /* Event types (typed events): the base game's 13 core ones, with
   * their fields, count and template; the mist adds its own. */
  g_autoptr(GVariant) types =
      g_variant_lookup_value(cat, "events", G_VARIANT_TYPE("a(sasss)"));
  ck_assert_msg(types != NULL, "GetCatalog lacks events a(sasss)");
  ck_assert_uint_eq(g_variant_n_children(types), 13);
  g_autoptr(GVariant) turn = g_variant_get_child_value(types, 0);
  const char *name, *count, *text;
  g_autoptr(GVariant) fields = NULL;
  g_variant_get(turn, "(&s@as&s&s)", &name, &fields, &count, &text);
  ck_assert_str_eq(name, "turn-started");
  g_autofree const char **strv = g_variant_get_strv(fields, NULL);
  g_autofree char *joined = g_strjoinv(" ", (char **)strv);
  ck_assert_str_eq(joined, "seat count");
  ck_assert_str_eq(count, "turn");
  ck_assert_str_eq(text, "turn {count}: {seat} to play");
  g_autoptr(GVariant) types2 =
      g_variant_lookup_value(cat2, "events", G_VARIANT_TYPE("a(sasss)"));
  ck_assert_ptr_nonnull(types2);
  gboolean ghost_added = FALSE;
  for (gsize i = 0; i < g_variant_n_children(types2); i++) {
    g_autoptr(GVariant) fs = NULL;
    g_variant_get_child(types2, i, "(&s@as&s&s)", &name, &fs, &count, &text);
    if (strcmp(name, "ghost-added") == 0) {
      ghost_added = TRUE;
      ck_assert_str_eq(count, "ghosts");
      ck_assert_ptr_nonnull(strstr(text, "{count:nth} ghost"));
    }
    /* every type but game-over says what it sets */
    if (strcmp(name, "game-over") == 0)
      ck_assert_uint_eq(g_variant_n_children(fs), 0);
    else
      ck_assert_uint_gt(g_variant_n_children(fs), 0);
  }
  ck_assert(ghost_added);

  /* Looks (meeple/looks.h): every figure type and kind of the base game;
   * the mist's symbols with theirs. */
  g_autoptr(GVariant) fl =
      g_variant_lookup_value(cat, "figure-looks", G_VARIANT_TYPE("a(sssss)"));
  g_autoptr(GVariant) kl =
      g_variant_lookup_value(cat, "kind-looks", G_VARIANT_TYPE("a(sssss)"));
  g_autoptr(GVariant) sl =
      g_variant_lookup_value(cat2, "symbol-looks", G_VARIANT_TYPE("a(sssss)"));
  ck_assert_msg(fl && kl && sl, "GetCatalog lacks figure-, kind- or "
                "symbol-looks a(sssss)");
  ck_assert_uint_eq(g_variant_n_children(fl), 1);
  ck_assert_uint_eq(g_variant_n_children(kl), 5);
  const char *lname, *ascii, *uni, *colour, *shape;
  g_variant_get_child(kl, 3, "(&s&s&s&s&s)", &lname, &ascii, &uni, &colour,
                      &shape);
  ck_assert_str_eq(lname, "monastery");
  ck_assert_str_eq(ascii, "M");
  ck_assert_str_eq(uni, "†");
  ck_assert_str_eq(colour, "monastery");
  ck_assert_str_eq(shape, "building");
  g_variant_get_child(sl, 0, "(&s&s&s&s&s)", &lname, &ascii, &uni, &colour,
                      &shape);
  ck_assert_str_eq(lname, "mist");
  ck_assert_str_eq(ascii, "~");
  ck_assert_str_eq(uni, "≈");
  ck_assert_str_eq(colour, "field");
  ck_assert_str_eq(shape, "fog");

  /* The setup's events carry only their declared fields, and "text":
   * the start tile's placement has no seat, turn-started no tile. */
  g_autoptr(GVariant) evs = get_events(c, path, 0);
  ck_assert_uint_ge(g_variant_n_children(evs), 1);
  const char *type;
  guint64 seq;
  g_autoptr(GVariant) first = NULL;
  g_variant_get_child(evs, 0, "(t&s@a{sv})", &seq, &type, &first);
  ck_assert_str_eq(type, "tile-placed");
  ck_assert(!g_variant_lookup(first, "seat", "i", NULL));
  ck_assert(!g_variant_lookup(first, "points", "i", NULL));
  ck_assert(!g_variant_lookup(first, "figure", "&s", NULL));
  const char *sentence;
  ck_assert(g_variant_lookup(first, "text", "&s", &sentence));
  ck_assert_str_eq(sentence, "tile D at 0,0, turned 0°");
}
END_TEST

/* Typed events: a whole game with every rule set sends, for each event,
 * only keys of the fields its type declares in GetCatalog "events" (x and
 * y for "cell", "arg" for "count"), plus "text". */
START_TEST(test_events_declared_fields)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *ab[] = { a, b };
  g_autofree char *path = create(
      a, "{'rules': <['abbot', 'princess-dragon', 'mage-witch', 'circus', "
         "'mist', 'spell-circles']>, 'seed': <uint64 5>}", NULL);
  seat_all(ab, 2, path);
  g_autoptr(GRand) r = g_rand_new_with_seed(5);
  play_to_end(ab, path, r);

  g_autoptr(GVariant) reply = game_ok(a, path, "GetCatalog", NULL, "(a{sv})");
  g_autoptr(GVariant) cat = g_variant_get_child_value(reply, 0);
  g_autoptr(GVariant) types =
      g_variant_lookup_value(cat, "events", G_VARIANT_TYPE("a(sasss)"));
  ck_assert_ptr_nonnull(types);
  /* type name -> allowed keys, ",key," */
  g_autoptr(GHashTable) allowed =
      g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  for (gsize i = 0; i < g_variant_n_children(types); i++) {
    const char *name, *count, *text;
    g_autoptr(GVariant) fields = NULL;
    g_variant_get_child(types, i, "(&s@as&s&s)", &name, &fields, &count,
                        &text);
    GString *keys = g_string_new(",text,");
    for (gsize f = 0; f < g_variant_n_children(fields); f++) {
      const char *field;
      g_variant_get_child(fields, f, "&s", &field);
      g_string_append_printf(keys, "%s,",
                             strcmp(field, "cell") == 0 ? "x,y"
                             : strcmp(field, "count") == 0 ? "arg" : field);
    }
    g_hash_table_insert(allowed, g_strdup(name), g_string_free(keys, FALSE));
  }
  g_autoptr(GVariant) evs = get_events(a, path, 0);
  guint checked = 0;
  for (gsize i = 0; i < g_variant_n_children(evs); i++) {
    guint64 seq;
    const char *type;
    g_autoptr(GVariant) fields = NULL;
    g_variant_get_child(evs, i, "(t&s@a{sv})", &seq, &type, &fields);
    const char *keys = g_hash_table_lookup(allowed, type);
    ck_assert_msg(keys != NULL, "event type %s is not in the catalog", type);
    GVariantIter iter;
    const char *key;
    g_variant_iter_init(&iter, fields);
    while (g_variant_iter_next(&iter, "{&sv}", &key, NULL)) {
      g_autofree char *k = g_strdup_printf(",%s,", key);
      ck_assert_msg(strstr(keys, k) != NULL, "%s #%" G_GUINT64_FORMAT
                    " has \"%s\", which its type does not declare (%s)",
                    type, seq, key, keys);
    }
    ck_assert(g_variant_lookup(fields, "text", "&s", &key));
    checked++;
  }
  ck_assert_uint_gt(checked, 200);
}
END_TEST

typedef struct {
  GDBusConnection *c;
  const char *path;
  guint seat;
  gboolean want;
} ConnectedWait;

static gboolean
seat_is(gpointer data)
{
  ConnectedWait *w = data;
  return seat_connected(w->c, w->path, w->seat) == w->want;
}

START_TEST(test_full_game)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autofree char *path =
      create(a, "{'seed': <uint64 2024>, 'name': <'full'>}", NULL);
  g_autofree char *ta = NULL, *tb = NULL;
  ck_assert_uint_eq(join(a, path, "{'name': <'Alice'>}", &ta), 0);
  ck_assert_uint_eq(join(b, path, "{'name': <'Bob'>}", &tb), 1);

  Recorder rec;
  recorder_init(&rec, a, path);
  guint64 since = game_sequence(a, path);
  game_err(a, path, "ExportRecord", NULL, "NotFinished");
  start(a, path);

  GDBusConnection *holders[] = { a, b };
  g_autoptr(GRand) rand = g_rand_new_with_seed(11);
  guint steps = 0;
  for (;;) {
    g_autofree char *status = game_prop_string(a, path, "Status");
    if (strcmp(status, "over") == 0)
      break;
    ck_assert_str_eq(status, "playing");
    Decision d = { 0 };
    get_decision(a, path, &d);
    RecWait w = { .r = &rec, .decision = d.id };
    ck_assert_msg(wait_for(rec_has_decision, &w, WAIT_MS),
                  "no DecisionRequired for decision %" G_GUINT64_FORMAT,
                  d.id);
    RecDecision *rd =
        &g_array_index(rec.decisions, RecDecision, rec.decisions->len - 1);
    ck_assert_uint_eq(rd->seat, d.seat);
    ck_assert_str_eq(rd->kind, d.kind);
    /* Public state agrees with the decision. */
    g_autoptr(GVariant) active = game_prop(a, path, "ActiveSeat");
    ck_assert_uint_eq(g_variant_get_uint32(active), d.seat);
    if (steps % 10 == 0 && steps > 0) {
      if (steps == 20)
        game_err(a, path, "ExportRecord", NULL, "NotFinished");
    }
    guint n = (guint)g_variant_n_children(d.actions);
    guint pick = (guint)g_rand_int_range(rand, 0, (gint32)n);
    g_autofree char *action = g_strdup_printf(
        "{'index': <uint32 %u>, 'decision': <uint64 %" G_GUINT64_FORMAT ">}",
        pick, d.id);
    guint64 seq = act(holders[d.seat], path, d.seat, action);
    ck_assert_uint_eq(seq, game_sequence(a, path));
    w.seq = seq;
    ck_assert_msg(wait_for(rec_has_seq, &w, WAIT_MS),
                  "Events signals stop at %" G_GUINT64_FORMAT ", Act said %"
                  G_GUINT64_FORMAT, rec.last_seq, seq);
    decision_clear(&d);
    ck_assert_msg(++steps < 5000, "the game does not end");
  }
  ck_assert_msg(steps >= 71, "a base game over after %u actions", steps);
  check_finished(a, path);
  /* Let late signals in (there should be none). */
  g_usleep(100000);
  while (g_main_context_iteration(NULL, FALSE))
    ;

  /* The Events signals are the log: from the first one signalled (the
   * setup's events may come with the start's, or may have been logged
   * before anyone could subscribe) with no gap after the subscription. */
  ck_assert_msg(rec.events->len > 0, "no Events signal");
  guint64 first;
  g_variant_get_child(g_ptr_array_index(rec.events, 0), 0, "t", &first);
  ck_assert_msg(first >= 1 && first <= since + 1,
                "the first Events signal starts at %" G_GUINT64_FORMAT
                "; %" G_GUINT64_FORMAT " events were logged before Start",
                first, since);
  g_autoptr(GVariant) log = get_events(a, path, first - 1);
  ck_assert_uint_eq(rec.events->len, g_variant_n_children(log));
  for (guint i = 0; i < rec.events->len; i++) {
    g_autoptr(GVariant) e = g_variant_get_child_value(log, i);
    if (!g_variant_equal(e, g_ptr_array_index(rec.events, i))) {
      g_autofree char *x = g_variant_print(e, FALSE);
      g_autofree char *y =
          g_variant_print(g_ptr_array_index(rec.events, i), FALSE);
      ck_abort_msg("event %u: GetEvents %s, signal %s", i, x, y);
    }
  }
  /* GetEvents(since) is a suffix of GetEvents(0). */
  g_autoptr(GVariant) all = get_events(a, path, 0);
  g_autoptr(GVariant) tail = get_events(a, path, 10);
  ck_assert_uint_eq(g_variant_n_children(tail) + 10,
                    g_variant_n_children(all));
  g_autoptr(GVariant) e11 = g_variant_get_child_value(tail, 0);
  g_autoptr(GVariant) e11b = g_variant_get_child_value(all, 10);
  ck_assert(g_variant_equal(e11, e11b));
  g_autoptr(GVariant) none =
      get_events(a, path, game_sequence(a, path));
  ck_assert_uint_eq(g_variant_n_children(none), 0);
  g_autoptr(GVariant) beyond = get_events(a, path, G_MAXUINT64);
  ck_assert_uint_eq(g_variant_n_children(beyond), 0);

  /* Every decision was announced once, the last one before the end. */
  ck_assert_uint_eq(rec.decisions->len, steps);
  for (guint i = 1; i < rec.decisions->len; i++)
    ck_assert_msg(g_array_index(rec.decisions, RecDecision, i).id !=
                      g_array_index(rec.decisions, RecDecision, i - 1).id,
                  "decision id repeated");

  /* PropertiesChanged: Status to playing and over; Scores, last = final. */
  ck_assert_msg(rec_saw_string(&rec, "Status", "playing"),
                "no PropertiesChanged Status=playing");
  ck_assert_msg(rec_saw_string(&rec, "Status", "over"),
                "no PropertiesChanged Status=over");
  guint n_scores;
  g_autoptr(GVariant) last_scores = rec_last_change(&rec, "Scores", &n_scores);
  ck_assert_msg(n_scores > 0, "no PropertiesChanged for Scores");
  g_autoptr(GVariant) scores = game_prop(a, path, "Scores");
  ck_assert_msg(last_scores != NULL,
                "Scores was only invalidated, not sent (doc/dbus-api.md)");
  ck_assert_msg(g_variant_equal(last_scores, scores),
                  "last PropertiesChanged Scores %s, property %s",
                  g_variant_print(last_scores, FALSE),
                  g_variant_print(scores, FALSE));
  guint n_seq;
  g_autoptr(GVariant) last_seq = rec_last_change(&rec, "Sequence", &n_seq);
  if (last_seq)
    ck_assert_uint_eq(g_variant_get_uint64(last_seq),
                      game_sequence(a, path));

  /* GetState agrees with the properties. */
  g_autoptr(GVariant) state = get_state(a, path);
  g_autoptr(GVariant) sseats =
      g_variant_lookup_value(state, "seats", G_VARIANT_TYPE("aa{sv}"));
  for (guint i = 0; i < 2; i++) {
    g_autoptr(GVariant) seat = g_variant_get_child_value(sseats, i);
    gint32 score, want;
    ck_assert(g_variant_lookup(seat, "score", "i", &score));
    g_variant_get_child(scores, i, "i", &want);
    ck_assert_int_eq(score, want);
  }
  g_autoptr(GVariant) seed = g_variant_lookup_value(state, "seed", NULL);
  ck_assert(seed == NULL);

  /* Finished: the record, with the seed, can be had now. */
  g_autoptr(GVariant) r = game_ok(b, path, "ExportRecord", NULL, "(s)");
  const char *text;
  g_variant_get(r, "(&s)", &text);
  ck_assert_msg(g_str_has_prefix(text, "meepled-record"),
                "record starts with: %.40s", text);
  ck_assert_msg(strstr(text, "seed 2024") && strstr(text, "Alice") &&
                    strstr(text, "Bob"),
                "record lacks seed or players:\n%.400s", text);
  recorder_clear(&rec);
}
END_TEST

/* ---- PropertiesChanged pacing (--property-interval) ------------------ */

/* A started two-seat game held by @holders, with @rec recording its
 * signals from before the start; waits for the first DecisionRequired. */
static char *
paced_game(GDBusConnection **holders, Recorder *rec)
{
  char *path = create(holders[0], "{'seed': <uint64 77>}", NULL);
  ck_assert_uint_eq(join(holders[0], path, "{}", NULL), 0);
  ck_assert_uint_eq(join(holders[1], path, "{}", NULL), 1);
  recorder_init(rec, holders[0], path);
  start(holders[0], path);
  Decision d = { 0 };
  get_decision(holders[0], path, &d);
  RecWait w = { .r = rec, .decision = d.id };
  ck_assert_msg(wait_for(rec_has_decision, &w, WAIT_MS),
                "no DecisionRequired after Start");
  decision_clear(&d);
  return path;
}

/* One random action, then waits for the next decision's DecisionRequired
 * (every signal sent before it has arrived then); FALSE when the game was
 * over already. */
static gboolean
act_and_wait(GDBusConnection **holders, const char *path, Recorder *rec,
             GRand *rand)
{
  if (!play_one(holders, path, rand))
    return FALSE;
  g_autofree char *status = game_prop_string(holders[0], path, "Status");
  if (strcmp(status, "over") == 0)
    return TRUE;
  Decision d = { 0 };
  get_decision(holders[0], path, &d);
  RecWait w = { .r = rec, .decision = d.id };
  ck_assert_msg(wait_for(rec_has_decision, &w, WAIT_MS),
                "no DecisionRequired for decision %" G_GUINT64_FORMAT, d.id);
  decision_clear(&d);
  return TRUE;
}

static guint32
game_turn(GDBusConnection *c, const char *path)
{
  g_autoptr(GVariant) v = game_prop(c, path, "Turn");
  return g_variant_get_uint32(v);
}

/* Property @name in PropertiesChanged @signal is its value now. */
static void
assert_signalled_now(GDBusConnection *c, const char *path, GVariant *signal,
                     const char *name)
{
  g_autoptr(GVariant) changed = g_variant_get_child_value(signal, 1);
  g_autoptr(GVariant) sent = g_variant_lookup_value(changed, name, NULL);
  g_autoptr(GVariant) now = game_prop(c, path, name);
  g_autofree char *all = g_variant_print(changed, FALSE);
  ck_assert_msg(sent != NULL, "%s is not in the merged signal %s", name, all);
  ck_assert_msg(g_variant_equal(sent, now), "%s signalled as %s, it is %s",
                name, g_variant_print(sent, FALSE),
                g_variant_print(now, FALSE));
}

static gboolean
rec_saw_over(gpointer data)
{
  return rec_saw_string(data, "Status", "over");
}

/* With an interval longer than the game, the per-move properties are never
 * signalled on their own: the end's Status change takes them all, merged,
 * with their final values. */
START_TEST(test_properties_merged)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *holders[] = { a, b };
  Recorder rec;
  g_autofree char *path = paced_game(holders, &rec);
  ck_assert_msg(rec_saw_string(&rec, "Status", "playing"),
                "Start's Status change did not go out at once: %s",
                rec.order->str);
  guint at_start = rec.changes->len;
  guint32 turn_at_start = game_turn(a, path);
  g_autoptr(GRand) rand = g_rand_new_with_seed(3);
  for (guint i = 0; i < 12; i++)
    ck_assert(act_and_wait(holders, path, &rec, rand));
  ck_assert_msg(game_turn(a, path) > turn_at_start,
                "12 actions and still turn %u", turn_at_start);
  ck_assert_msg(rec.changes->len == at_start,
                "PropertiesChanged within the interval (signals %s)",
                rec.order->str);

  play_to_end(holders, path, rand);
  ck_assert_msg(wait_for(rec_saw_over, &rec, WAIT_MS),
                "no PropertiesChanged Status=over");
  ck_assert_uint_eq(rec.changes->len, at_start + 1);
  ck_assert_msg(g_str_has_suffix(rec.order->str, "EP"),
                "the end's signals: %s", rec.order->str);
  GVariant *merged = g_ptr_array_index(rec.changes, at_start);
  static const char *const props[] = { "Status", "Turn", "TilesLeft",
                                       "Scores" };
  for (guint i = 0; i < G_N_ELEMENTS(props); i++)
    assert_signalled_now(a, path, merged, props[i]);
  recorder_clear(&rec);
}
END_TEST

/* With a short interval: a change soon after a PropertiesChanged waits
 * for the interval and goes out on its own, with the values of that
 * moment; a change after a quiet interval goes out at once, between the
 * Events and DecisionRequired signals of its action. */
START_TEST(test_properties_trailing)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *holders[] = { a, b };
  Recorder rec;
  g_autofree char *path = paced_game(holders, &rec);
  guint n0 = rec.changes->len;
  ck_assert_uint_gt(n0, 0);
  gint64 start_signal = g_array_index(rec.change_times, gint64, n0 - 1);
  guint32 turn = game_turn(a, path);
  g_autoptr(GRand) rand = g_rand_new_with_seed(4);
  /* the next turn, within the 500 ms after Start's signal */
  for (guint i = 0; i < 6 && game_turn(a, path) == turn; i++)
    ck_assert(act_and_wait(holders, path, &rec, rand));
  ck_assert_msg(game_turn(a, path) != turn, "no new turn in 6 actions");
  ck_assert_msg(rec.changes->len == n0,
                "the new turn was signalled at once (signals %s)",
                rec.order->str);

  RecCount more = { &rec, n0 + 1 };
  ck_assert_msg(wait_for(rec_has_changes, &more, WAIT_MS),
                "the merged PropertiesChanged never came");
  gint64 gap = g_array_index(rec.change_times, gint64, n0) - start_signal;
  /* 500 ms between the sends; arrival can shave a little off */
  ck_assert_msg(gap >= 250 * 1000, "merged signal after %" G_GINT64_FORMAT
                " us, the interval is 500 ms", gap);
  GVariant *merged = g_ptr_array_index(rec.changes, n0);
  assert_signalled_now(a, path, merged, "Turn");
  assert_signalled_now(a, path, merged, "TilesLeft");

  /* Quiet for longer than the interval: the next change is immediate. */
  gboolean seen = FALSE;
  for (guint i = 0; i < 6 && !seen; i++) {
    RecCount none = { &rec, G_MAXUINT };
    wait_for(rec_has_changes, &none, 600);
    gsize mark = rec.order->len;
    turn = game_turn(a, path);
    ck_assert(act_and_wait(holders, path, &rec, rand));
    if (game_turn(a, path) != turn) {
      ck_assert_str_eq(rec.order->str + mark, "EPD");
      seen = TRUE;
    }
  }
  ck_assert_msg(seen, "no new turn in 6 actions");
  recorder_clear(&rec);
}
END_TEST

/* ---- a failed group commit ------------------------------------------- */

typedef struct {
  GVariant *reply;
  char *error;     /* D-Bus error name */
  gboolean done;
} AsyncCall;

static void
async_call_done(GObject *source, GAsyncResult *res, gpointer data)
{
  AsyncCall *a = data;
  GError *error = NULL;
  a->reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), res,
                                           &error);
  if (!a->reply) {
    a->error = fixture_error_name(error);
    if (!a->error)
      a->error = g_strdup(error->message);
    g_error_free(error);
  }
  a->done = TRUE;
}

static gboolean
async_done(gpointer data)
{
  AsyncCall *calls = data;
  return calls[0].done && calls[1].done;
}

/* CreateGame until the store (--state-max-size) is full. */
static void
fill_store(GDBusConnection *c)
{
  g_autofree char *name = NULL;
  for (guint i = 0; i < 2000 && !name; i++) {
    GError *error = NULL;
    g_autoptr(GVariant) r = fixture_call(
        c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "CreateGame",
        g_variant_new("(@a{sv})", parse("a{sv}", "{}")), NULL, &error);
    if (!r) {
      name = fixture_error_name(error);
      g_error_free(error);
    }
  }
  ck_assert_msg(name != NULL, "2000 games fit in a store of 32 KiB");
  ck_assert_str_eq(name, FX_ERROR("StorageFailed"));
}

/* A PropertiesChanged at @from or later names every signalled property. */
typedef struct {
  Recorder *r;
  guint from;
  guint found;   /* its index + 1 */
} RecResync;

static const char *const signalled_props[] = {
  "Status", "Seats", "Turn", "ActiveSeat", "TilesLeft", "Scores",
};

static gboolean
rec_has_resync(gpointer data)
{
  RecResync *w = data;
  for (guint i = w->from; i < w->r->changes->len; i++) {
    g_autoptr(GVariant) changed =
        g_variant_get_child_value(g_ptr_array_index(w->r->changes, i), 1);
    guint n = 0;
    for (guint k = 0; k < G_N_ELEMENTS(signalled_props); k++)
      n += g_variant_lookup_value(changed, signalled_props[k], NULL) != NULL;
    if (n == G_N_ELEMENTS(signalled_props)) {
      w->found = i + 1;
      return TRUE;
    }
  }
  return FALSE;
}

/* An act whose commit fails (the store is full) changes nothing, and the
 * game then signals every property again, as it is: the signals dropped
 * with the failed batch may have carried changes merged from before it. */
START_TEST(test_failed_act_resends_properties)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *holders[] = { a, b };
  Recorder rec;
  g_autofree char *path = paced_game(holders, &rec);
  fill_store(a);
  /* an act or two may still fit */
  g_autofree char *failure = NULL;
  for (guint i = 0; i < 200 && !failure; i++) {
    g_autoptr(GVariant) before = game_snapshot(a, path);
    Decision d = { 0 };
    get_decision(a, path, &d);
    guint mark = rec.changes->len;
    GError *error = NULL;
    g_autoptr(GVariant) r = fixture_call(
        holders[d.seat], path, FX_GAME_IFACE, "Act",
        act_args(d.seat, "{'index': <uint32 0>}"), NULL, &error);
    decision_clear(&d);
    if (r)
      continue;
    failure = fixture_error_name(error);
    g_error_free(error);
    ck_assert_str_eq(failure, FX_ERROR("StorageFailed"));
    g_autoptr(GVariant) after = game_snapshot(a, path);
    assert_same_(__LINE__, "a failed act", before, after);
    RecResync w = { &rec, mark, 0 };
    ck_assert_msg(wait_for(rec_has_resync, &w, WAIT_MS),
                  "no PropertiesChanged with every property after the "
                  "failed commit (signals %s)", rec.order->str);
    for (guint k = 0; k < G_N_ELEMENTS(signalled_props); k++)
      assert_signalled_now(a, path, g_ptr_array_index(rec.changes,
                                                      w.found - 1),
                           signalled_props[k]);
  }
  ck_assert_msg(failure != NULL, "200 acts fit in a full store");
  recorder_clear(&rec);
}
END_TEST

/* The flag file that makes commits fail (tests/fault/wal-enospc.c). */
static char *
wal_full_flag(void)
{
  /* main() points TMPDIR at this run's own directory */
  const char *dir = g_getenv("TMPDIR");
  return g_build_filename(dir ? dir : g_get_tmp_dir(), "wal-full", NULL);
}

typedef struct {
  guint pending;
  guint succeeded;
  guint storage_failed;
  GString *other;    /* other errors, by name */
} Flood;

static void
flood_done(GObject *source, GAsyncResult *res, gpointer data)
{
  Flood *f = data;
  GError *error = NULL;
  g_autoptr(GVariant) r =
      g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), res, &error);
  f->pending--;
  if (r) {
    f->succeeded++;
    return;
  }
  g_autofree char *name = fixture_error_name(error);
  if (name && strcmp(name, FX_ERROR("StorageFailed")) == 0)
    f->storage_failed++;
  else
    g_string_append_printf(f->other, " %s", name ? name : error->message);
  g_error_free(error);
}

static gboolean
flood_over(gpointer data)
{
  return ((Flood *)data)->pending == 0;
}

/* A batch of more writes than a batch holds (COMMIT_MAX_WRITES, 256),
 * while every commit fails: the full batch is committed between two
 * calls, never in the middle of one.  It used to be committed inside the
 * 257th call's handler, whose game the failed commit then freed or
 * replaced under it (a use after free AddressSanitizer reports). */
START_TEST(test_failed_full_batch)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *id = NULL;
  g_autofree char *kept = create(c, "{'name': <'kept'>}", &id);
  g_autoptr(GVariant) kept_before = game_snapshot(c, kept);
  g_autofree char *flag = wal_full_flag();
  ck_assert(g_file_set_contents(flag, "", 0, NULL));

  /* All of it waits in meepled's socket while meepled is stopped, so it
   * is dispatched as one batch: a new game, then joins and leaves of it
   * (ids are numbers given in order). */
  g_autofree char *next = g_strdup_printf(
      FX_GAME_PATH_PREFIX "%" G_GUINT64_FORMAT,
      g_ascii_strtoull(id, NULL, 10) + 1);
  guint32 pid = fixture_daemon_pid();
  ck_assert_uint_ne(pid, 0);
  ck_assert_int_eq(kill((pid_t)pid, SIGSTOP), 0);
  Flood f = { .other = g_string_new(NULL) };
  g_dbus_connection_call(c, FX_NAME, FX_MANAGER_PATH, FX_MANAGER_IFACE,
                         "CreateGame",
                         g_variant_new("(@a{sv})", parse("a{sv}", "{}")),
                         NULL, G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
                         NULL, flood_done, &f);
  f.pending++;
  for (guint i = 0; i < 200; i++) {
    g_dbus_connection_call(c, FX_NAME, next, FX_GAME_IFACE, "Join",
                           g_variant_new("(@a{sv})", parse("a{sv}", "{}")),
                           NULL, G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
                           NULL, flood_done, &f);
    g_dbus_connection_call(c, FX_NAME, next, FX_GAME_IFACE, "Leave",
                           g_variant_new("(u)", 0), NULL,
                           G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS, NULL,
                           flood_done, &f);
    f.pending += 2;
  }
  g_dbus_connection_flush_sync(c, NULL, NULL);
  g_usleep(300 * 1000);
  ck_assert_int_eq(kill((pid_t)pid, SIGCONT), 0);
  ck_assert_msg(wait_for(flood_over, &f, 60000), "%u calls unanswered",
                f.pending);

  /* Nothing could be committed, so nothing worked; the game made in the
   * failed batch never was, and its later calls find no game. */
  ck_assert_msg(f.succeeded == 0, "%u calls succeeded with no commit",
                f.succeeded);
  /* the first batch held the bound (256 writes), then failed as one */
  ck_assert_uint_ge(f.storage_failed, 256);
  g_auto(GStrv) others = g_strsplit(f.other->str, " ", -1);
  g_string_free(f.other, TRUE);
  for (char **n = others; *n; n++)
    ck_assert_msg(!**n || strcmp(*n, "org.freedesktop.DBus.Error."
                                     "UnknownObject") == 0,
                  "unexpected error %s", *n);
  ck_assert(g_unlink(flag) == 0);
  ck_assert_uint_eq(fixture_daemon_pid(), pid);
  g_autoptr(GVariant) kept_after = game_snapshot(c, kept);
  assert_same_(__LINE__, "a failed batch of other calls", kept_before,
               kept_after);
  call_err_(__LINE__, c, next, FX_GAME_IFACE, "GetState", NULL,
            "org.freedesktop.DBus.Error.UnknownObject");
  /* and the store works again */
  g_autofree char *after = create(c, "{}", NULL);
}
END_TEST

/* One caller's flood of reads behind a write does not keep the batch
 * open: with --max-pending-calls 16 the batch is committed (and here
 * fails) once 16 of its replies wait, so exactly the write and the 15
 * reads before the commit share its failure, and the reads after it are
 * answered on their own.  Without the limit all 101 calls would wait for
 * one commit and fail with it. */
START_TEST(test_pending_calls_commit)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *game = create(c, "{}", NULL);
  g_autofree char *flag = wal_full_flag();
  ck_assert(g_file_set_contents(flag, "", 0, NULL));
  guint32 pid = fixture_daemon_pid();
  ck_assert_uint_ne(pid, 0);
  ck_assert_int_eq(kill((pid_t)pid, SIGSTOP), 0);
  Flood f = { .other = g_string_new(NULL) };
  g_dbus_connection_call(c, FX_NAME, game, FX_GAME_IFACE, "Join",
                         g_variant_new("(@a{sv})", parse("a{sv}", "{}")),
                         NULL, G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
                         NULL, flood_done, &f);
  f.pending++;
  for (guint i = 0; i < 100; i++) {
    g_dbus_connection_call(c, FX_NAME, game, FX_GAME_IFACE, "GetState", NULL,
                           NULL, G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
                           NULL, flood_done, &f);
    f.pending++;
  }
  g_dbus_connection_flush_sync(c, NULL, NULL);
  g_usleep(300 * 1000);
  ck_assert_int_eq(kill((pid_t)pid, SIGCONT), 0);
  ck_assert_msg(wait_for(flood_over, &f, 60000), "%u calls unanswered",
                f.pending);
  ck_assert_msg(f.storage_failed == 16 && f.succeeded == 85,
                "%u calls failed with the commit, %u succeeded (others:%s)",
                f.storage_failed, f.succeeded, f.other->str);
  g_string_free(f.other, TRUE);
  ck_assert(g_unlink(flag) == 0);
}
END_TEST

/* With --state-sync=full, the writes of the calls dispatched together are
 * committed together.  When that commit fails (here: the store is full),
 * only the calls on what the batch wrote are answered StorageFailed; a
 * GetState of another game handled in the same batch gets its answer.
 * (doc/storage.md, "Group commit") */
START_TEST(test_failed_commit_spares_other_games)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *other = create(c, "{'name': <'bystander'>}", NULL);
  g_autoptr(GVariant) before = get_state(c, other);
  fill_store(c);

  /* Both calls wait in meepled's socket while it is stopped, so it
   * dispatches them one after the other before the commit, which waits
   * for an empty queue: one batch, which fails. */
  guint32 pid = fixture_daemon_pid();
  ck_assert_uint_ne(pid, 0);
  ck_assert_int_eq(kill((pid_t)pid, SIGSTOP), 0);
  AsyncCall calls[2] = { { 0 } };
  g_dbus_connection_call(c, FX_NAME, FX_MANAGER_PATH, FX_MANAGER_IFACE,
                         "CreateGame",
                         g_variant_new("(@a{sv})", parse("a{sv}", "{}")),
                         NULL, G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
                         NULL, async_call_done, &calls[0]);
  g_dbus_connection_call(c, FX_NAME, other, FX_GAME_IFACE, "GetState", NULL,
                         G_VARIANT_TYPE("(a{sv})"), G_DBUS_CALL_FLAGS_NONE,
                         FX_CALL_TIMEOUT_MS, NULL, async_call_done,
                         &calls[1]);
  g_dbus_connection_flush_sync(c, NULL, NULL);
  /* the bus passes both on while meepled sleeps */
  g_usleep(300 * 1000);
  ck_assert_int_eq(kill((pid_t)pid, SIGCONT), 0);
  ck_assert_msg(wait_for(async_done, calls, WAIT_MS), "no replies");

  ck_assert_msg(calls[0].error != NULL, "CreateGame on a full store worked");
  ck_assert_str_eq(calls[0].error, FX_ERROR("StorageFailed"));
  ck_assert_msg(calls[1].reply != NULL,
                "GetState of another game, in the failed batch: %s",
                calls[1].error);
  g_autoptr(GVariant) state = g_variant_get_child_value(calls[1].reply, 0);
  ck_assert(g_variant_equal(state, before));
  g_variant_unref(calls[1].reply);
  g_free(calls[0].error);
}
END_TEST

START_TEST(test_disconnect)
{
  g_autoptr(GDBusConnection) a = conn_new();
  GDBusConnection *b = conn_new();
  g_autoptr(GDBusConnection) c = conn_new();
  g_autoptr(GDBusConnection) d = conn_new();
  g_autofree char *g1 = create(a, "{'seed': <uint64 1>}", NULL);
  g_autofree char *g2 = create(c, "{'seed': <uint64 2>}", NULL);
  g_autofree char *g3 = create(c, "{'seed': <uint64 3>}", NULL);
  g_autofree char *tb = NULL;
  ck_assert_uint_eq(join(a, g1, "{}", NULL), 0);
  ck_assert_uint_eq(join(b, g1, "{}", &tb), 1);
  start(a, g1);
  GDBusConnection *cd[] = { c, d };
  seat_all(cd, 2, g2);
  seat_all(cd, 2, g3);

  GDBusConnection *ab[] = { a, b };
  g_autoptr(GRand) r = g_rand_new_with_seed(8);
  for (guint i = 0; i < 9; i++) {
    ck_assert(play_one(ab, g1, r));
    ck_assert(play_one(cd, g2, r));
  }
  /* b goes away without a word. */
  g_autoptr(GVariant) events_before = get_events(c, g1, 0);
  Decision before = { 0 };
  get_decision(c, g1, &before);
  conn_close(b);
  ConnectedWait w = { c, g1, 1, FALSE };
  ck_assert_msg(wait_for(seat_is, &w, WAIT_MS),
                "seat 1 still shows connected after its holder left");
  ck_assert(seat_taken(c, g1, 1));
  ck_assert(seat_connected(c, g1, 0));
  g_autoptr(GVariant) events_after = get_events(c, g1, 0);
  ck_assert(g_variant_equal(events_before, events_after));
  Decision after = { 0 };
  get_decision(c, g1, &after);
  ck_assert_uint_eq(before.id, after.id);
  ck_assert(g_variant_equal(before.actions, after.actions));
  g_autofree char *status = game_prop_string(c, g1, "Status");
  ck_assert_str_eq(status, "playing");
  decision_clear(&before);
  decision_clear(&after);

  /* The other games go on to the end. */
  play_to_end(cd, g2, r);
  play_to_end(cd, g3, r);
  check_finished(c, g2);
  check_finished(c, g3);

  /* Nobody can act for seat 1 until someone reclaims it. */
  for (;;) {
    Decision x = { 0 };
    get_decision(c, g1, &x);
    guint seat = x.seat;
    decision_clear(&x);
    if (seat == 1)
      break;
    ck_assert(play_one(ab, g1, r));
  }
  game_err_obs(a, c, g1, "Act", act_args(1, "{'index': <uint32 0>}"),
               "NotSeated");
  g_autoptr(GDBusConnection) b2 = conn_new();
  g_autoptr(GVariant) rc =
      game_ok(b2, g1, "Reclaim", g_variant_new("(s)", tb), "(u)");
  ck_assert(seat_connected(c, g1, 1));
  GDBusConnection *ab2[] = { a, b2 };
  play_to_end(ab2, g1, r);
  check_finished(c, g1);
}
END_TEST

/* ---- 100 games at once ------------------------------------------------ */

typedef struct {
  char *path;
  GDBusConnection *holders[2];
  gboolean over;
  guint64 decision;
  guint seat;
  guint n_actions;
  guint steps;
} StressGame;

typedef struct {
  guint pending;
  GString *errors;
} StressRun;

typedef struct {
  StressRun *run;
  StressGame *game;
} StressCall;

static void
stress_decision_done(GObject *source, GAsyncResult *res, gpointer data)
{
  StressCall *sc = data;
  GError *error = NULL;
  g_autoptr(GVariant) r =
      g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), res, &error);
  if (r) {
    g_autoptr(GVariant) actions = NULL;
    g_variant_get(r, "(tu&s&s@a(sssiiussy))", &sc->game->decision,
                  &sc->game->seat, NULL, NULL, &actions);
    sc->game->n_actions = (guint)g_variant_n_children(actions);
  } else {
    g_autofree char *name = fixture_error_name(error);
    if (name && strcmp(name, FX_ERROR("GameOver")) == 0)
      sc->game->over = TRUE;
    else
      g_string_append_printf(sc->run->errors, "%s GetDecision: %s\n",
                             sc->game->path, error->message);
    g_error_free(error);
  }
  sc->run->pending--;
  g_free(sc);
}

static void
stress_act_done(GObject *source, GAsyncResult *res, gpointer data)
{
  StressCall *sc = data;
  GError *error = NULL;
  g_autoptr(GVariant) r =
      g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), res, &error);
  if (!r) {
    g_string_append_printf(sc->run->errors, "%s Act: %s\n", sc->game->path,
                           error->message);
    g_error_free(error);
  } else {
    sc->game->steps++;
  }
  sc->run->pending--;
  g_free(sc);
}

static gboolean
stress_idle(gpointer data)
{
  return ((StressRun *)data)->pending == 0;
}

START_TEST(test_concurrent_games)
{
  enum { N_GAMES = 100, N_CONNS = 4 };
  GDBusConnection *conns[N_CONNS];
  for (guint i = 0; i < N_CONNS; i++)
    conns[i] = conn_new();
  StressGame *games = g_new0(StressGame, N_GAMES);
  for (guint i = 0; i < N_GAMES; i++) {
    g_autofree char *opts =
        g_strdup_printf("{'seed': <uint64 %u>}", 1000 + i);
    games[i].path = create(conns[i % N_CONNS], opts, NULL);
    /* Connections hold seats in many games each. */
    games[i].holders[0] = conns[i % N_CONNS];
    games[i].holders[1] = conns[(i + 1) % N_CONNS];
    ck_assert_uint_eq(join(games[i].holders[0], games[i].path, "{}", NULL),
                      0);
    ck_assert_uint_eq(join(games[i].holders[1], games[i].path, "{}", NULL),
                      1);
    start(games[i].holders[1], games[i].path);
  }
  g_autoptr(GVariant) ng =
      get_prop(conns[0], FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(ng), N_GAMES);

  StressRun run = { 0, g_string_new(NULL) };
  g_autoptr(GRand) rand = g_rand_new_with_seed(100);
  guint live = N_GAMES, rounds = 0;
  while (live > 0) {
    ck_assert_msg(++rounds < 2000, "the games do not end");
    /* All decisions at once, then one action per game, all at once. */
    for (guint i = 0; i < N_GAMES; i++) {
      if (games[i].over)
        continue;
      StressCall *sc = g_new(StressCall, 1);
      *sc = (StressCall){ &run, &games[i] };
      run.pending++;
      g_dbus_connection_call(conns[(i + rounds) % N_CONNS], FX_NAME,
                             games[i].path, FX_GAME_IFACE, "GetDecision",
                             NULL, G_VARIANT_TYPE("(tussa(sssiiussy))"),
                             G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
                             NULL, stress_decision_done, sc);
    }
    ck_assert_msg(wait_for(stress_idle, &run, 60000), "replies missing");
    ck_assert_msg(run.errors->len == 0, "%s", run.errors->str);
    live = 0;
    for (guint i = 0; i < N_GAMES; i++) {
      StressGame *g = &games[i];
      if (g->over)
        continue;
      live++;
      StressCall *sc = g_new(StressCall, 1);
      *sc = (StressCall){ &run, g };
      run.pending++;
      guint pick = (guint)g_rand_int_range(rand, 0, (gint32)g->n_actions);
      GVariantBuilder b;
      g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));
      g_variant_builder_add(&b, "{sv}", "index", g_variant_new_uint32(pick));
      g_variant_builder_add(&b, "{sv}", "decision",
                            g_variant_new_uint64(g->decision));
      g_dbus_connection_call(g->holders[g->seat], FX_NAME, g->path,
                             FX_GAME_IFACE, "Act",
                             g_variant_new("(ua{sv})", g->seat, &b),
                             G_VARIANT_TYPE("(t)"), G_DBUS_CALL_FLAGS_NONE,
                             FX_CALL_TIMEOUT_MS, NULL, stress_act_done, sc);
    }
    ck_assert_msg(wait_for(stress_idle, &run, 60000), "replies missing");
    ck_assert_msg(run.errors->len == 0, "%s", run.errors->str);
  }
  for (guint i = 0; i < N_GAMES; i++) {
    ck_assert_msg(games[i].steps >= 71, "game %u over after %u actions", i,
                  games[i].steps);
    check_finished(conns[i % N_CONNS], games[i].path);
    g_free(games[i].path);
  }
  g_string_free(run.errors, TRUE);
  g_free(games);
  for (guint i = 0; i < N_CONNS; i++)
    conn_close(conns[i]);
}
END_TEST

/* "tiles" as in a game record: any tile id, the start tile's type too,
 * repeated at will; an empty list is an empty supply. */
START_TEST(test_explicit_supply)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *ab[] = { a, b };

  g_autofree char *p1 = create(a, "{'tiles': <['D', 'D', 'V', 'V']>}", NULL);
  seat_all(ab, 2, p1);
  g_autoptr(GVariant) s1 = get_state(a, p1);
  g_autofree char *drawn = state_string(s1, "drawn-tile");
  ck_assert_str_eq(drawn, "D");
  ck_assert_uint_eq(state_uint(s1, "tiles-left"), 3);
  g_autoptr(GRand) r = g_rand_new_with_seed(4);
  guint steps = play_to_end(ab, p1, r);
  ck_assert_msg(steps >= 4 && steps <= 8, "%u actions for 4 tiles", steps);
  check_finished(a, p1);
}
END_TEST

/* GetActions(@since) of the game at @path: a(us). */
static GVariant *
get_actions(GDBusConnection *c, const char *path, guint32 since)
{
  GVariant *r = call_ok(c, path, FX_GAME_IFACE, "GetActions",
                        g_variant_new("(u)", since), "(a(us))");
  GVariant *actions = g_variant_get_child_value(r, 0);
  g_variant_unref(r);
  return actions;
}

/* GetActions: the public actions, seat and notation, and nothing hidden.
 * Two games whose supplies agree on their first draws and differ after
 * (as two seeds would) answer the same while nothing else differed in
 * public: the same choices give the same list. */
START_TEST(test_get_actions)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *ab[] = { a, b };
  g_autofree char *p1 = create(
    a, "{'tiles': <['D', 'V', 'U', 'K', 'E', 'B', 'V', 'D']>}", NULL);
  g_autofree char *p2 = create(
    a, "{'tiles': <['D', 'V', 'U', 'B', 'L', 'J', 'X', 'W']>}", NULL);
  seat_all(ab, 2, p1);
  seat_all(ab, 2, p2);
  g_autoptr(GVariant) none = get_actions(a, p1, 0);
  ck_assert_uint_eq(g_variant_n_children(none), 0);
  /* Three turns with the same choices: the draws D V U are public. */
  g_autoptr(GRand) r1 = g_rand_new_with_seed(8);
  g_autoptr(GRand) r2 = g_rand_new_with_seed(8);
  guint n = 0;
  for (;;) {
    g_autoptr(GVariant) s1 = get_state(a, p1);
    if (state_uint(s1, "tiles-left") < 5)
      break;
    ck_assert(play_one(ab, p1, r1));
    ck_assert(play_one(ab, p2, r2));
    n++;
  }
  ck_assert_uint_ge(n, 3);
  g_autoptr(GVariant) l1 = get_actions(b, p1, 0);
  g_autoptr(GVariant) l2 = get_actions(b, p2, 0);
  ck_assert_msg(g_variant_equal(l1, l2), "GetActions differs with hidden "
                "tiles: %s / %s", g_variant_print(l1, FALSE),
                g_variant_print(l2, FALSE));
  ck_assert_uint_eq(g_variant_n_children(l1), n);
  guint32 seat;
  const char *notation;
  g_variant_get_child(l1, 0, "(u&s)", &seat, &notation);
  ck_assert_uint_eq(seat, 0);
  ck_assert_msg(g_str_has_prefix(notation, "place D @"), "first action %s",
                notation);
  /* since: the tail; past the end: nothing. */
  g_autoptr(GVariant) tail = get_actions(a, p1, 1);
  ck_assert_uint_eq(g_variant_n_children(tail), n - 1);
  g_autoptr(GVariant) past = get_actions(a, p1, 1000);
  ck_assert_uint_eq(g_variant_n_children(past), 0);
  /* The whole game's list is the record's: every action, in order. */
  play_to_end(ab, p1, r1);
  g_autoptr(GVariant) all = get_actions(a, p1, 0);
  g_autoptr(GVariant) rec = call_ok(a, p1, FX_GAME_IFACE, "ExportRecord", NULL,
                                    "(s)");
  const char *record;
  g_variant_get(rec, "(&s)", &record);
  for (gsize i = 0; i < g_variant_n_children(all); i++) {
    g_variant_get_child(all, i, "(u&s)", &seat, &notation);
    g_autofree char *line = g_strdup_printf("\n%s\n", notation);
    ck_assert_msg(strstr(record, line) != NULL, "%s is not in the record",
                  notation);
  }
}
END_TEST

/* The first event of type @type in @events (a(tsa{sv})), its fields in
 * *@fields; FALSE when there is none. */
static gboolean
find_event(GVariant *events, const char *type, GVariant **fields)
{
  for (gsize i = 0; i < g_variant_n_children(events); i++) {
    g_autoptr(GVariant) e = g_variant_get_child_value(events, i);
    const char *t;
    GVariant *f;
    g_variant_get(e, "(t&s@a{sv})", NULL, &t, &f);
    if (strcmp(t, type) == 0) {
      *fields = f;
      return TRUE;
    }
    g_variant_unref(f);
  }
  return FALSE;
}

static gint
compare_key(gconstpointer a, gconstpointer b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Asserts that the a{sv} @fields has exactly the keys of @keys
 * (comma-separated, sorted), besides "text": every event has its
 * sentence, which is no field of the event (typed events). */
static void
assert_keys(GVariant *fields, const char *what, const char *keys)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new();
  GVariantIter iter;
  const char *key;
  gboolean text = FALSE;
  g_variant_iter_init(&iter, fields);
  while (g_variant_iter_next(&iter, "{&sv}", &key, NULL)) {
    if (strcmp(key, "text") == 0)
      text = TRUE;
    else
      g_ptr_array_add(names, (gpointer)key);
  }
  ck_assert_msg(text, "%s has no \"text\"", what);
  g_ptr_array_sort(names, compare_key);
  g_autoptr(GString) have = g_string_new(NULL);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf(have, "%s%s", i ? "," : "",
                           (const char *)g_ptr_array_index(names, i));
  ck_assert_msg(strcmp(have->str, keys) == 0, "%s has the fields %s, not %s",
                what, have->str, keys);
}

/* The Princess & the Dragon over the API: a dragon tile drawn before any
 * volcano is set aside (PD-08) and listed in GetState's "set-aside"; the
 * volcano brings the dragon (figure-placed with no seat and no segment:
 * it stands on the tile, PD-05), returns the set-aside tile
 * (tiles-returned, arg 1) and GetState shows the dragon with segment "". */
START_TEST(test_pd_set_aside_and_dragon)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *ab[] = { a, b };

  g_autofree char *path = create(
      a, "{'rules': <['princess-dragon']>, 'seed': <uint64 0>, "
         "'tiles': <['DG/Rr.d', 'U', 'DG/R.v', 'U']>}", NULL);
  seat_all(ab, 2, path);
  g_autoptr(GVariant) s1 = get_state(a, path);
  g_autoptr(GVariant) aside =
      g_variant_lookup_value(s1, "set-aside", G_VARIANT_TYPE("as"));
  ck_assert_msg(aside != NULL, "GetState set-aside is not as");
  ck_assert_uint_eq(g_variant_n_children(aside), 1);
  g_autofree char *aside0 = NULL;
  g_variant_get_child(aside, 0, "s", &aside0);
  ck_assert_str_eq(aside0, "DG/Rr.d");
  g_autofree char *drawn = state_string(s1, "drawn-tile");
  ck_assert_str_eq(drawn, "U");
  /* U in hand; DG/R.v and U still to come (the set-aside tile is not). */
  ck_assert_uint_eq(state_uint(s1, "tiles-left"), 2);

  g_autoptr(GVariant) log1 = get_events(a, path, 0);
  g_autoptr(GVariant) set_aside = NULL;
  ck_assert_msg(find_event(log1, "tile-set-aside", &set_aside),
                "no tile-set-aside event");
  assert_keys(set_aside, "tile-set-aside", "rule,seat,tile");
  gint32 seat = -1;
  const char *tile = NULL, *rule = NULL;
  ck_assert(g_variant_lookup(set_aside, "seat", "i", &seat));
  ck_assert(g_variant_lookup(set_aside, "tile", "&s", &tile));
  ck_assert(g_variant_lookup(set_aside, "rule", "&s", &rule));
  ck_assert_int_eq(seat, 0);
  ck_assert_str_eq(tile, "DG/Rr.d");
  ck_assert_str_eq(rule, "PD-08");

  /* The first legal action until the volcano is down. */
  g_autoptr(GVariant) returned = NULL;
  for (guint steps = 0;; steps++) {
    ck_assert_msg(steps < 10, "no tiles-returned after %u actions", steps);
    g_autoptr(GVariant) log = get_events(a, path, 0);
    if (find_event(log, "tiles-returned", &returned))
      break;
    Decision d = { 0 };
    get_decision(a, path, &d);
    g_autofree char *action = g_strdup_printf(
        "{'index': <uint32 0>, 'decision': <uint64 %" G_GUINT64_FORMAT ">}",
        d.id);
    act(ab[d.seat], path, d.seat, action);
    decision_clear(&d);
  }
  assert_keys(returned, "tiles-returned", "arg,rule");
  gint32 arg = -1;
  ck_assert(g_variant_lookup(returned, "arg", "i", &arg));
  ck_assert_int_eq(arg, 1);

  g_autoptr(GVariant) log2 = get_events(a, path, 0);
  g_autoptr(GVariant) placed = NULL;
  for (gsize i = 0; i < g_variant_n_children(log2) && !placed; i++) {
    g_autoptr(GVariant) e = g_variant_get_child_value(log2, i);
    const char *t, *figure;
    g_autoptr(GVariant) f = NULL;
    g_variant_get(e, "(t&s@a{sv})", NULL, &t, &f);
    if (strcmp(t, "figure-placed") == 0 &&
        g_variant_lookup(f, "figure", "&s", &figure) &&
        strcmp(figure, "dragon") == 0)
      placed = g_variant_ref(f);
  }
  ck_assert_msg(placed != NULL, "no figure-placed for the dragon");
  /* Neutral (no seat), on the tile itself (no segment). */
  assert_keys(placed, "the dragon's figure-placed", "figure,rule,x,y");
  gint32 dx, dy;
  ck_assert(g_variant_lookup(placed, "x", "i", &dx));
  ck_assert(g_variant_lookup(placed, "y", "i", &dy));

  g_autoptr(GVariant) s2 = get_state(a, path);
  g_autoptr(GVariant) aside2 =
      g_variant_lookup_value(s2, "set-aside", G_VARIANT_TYPE("as"));
  ck_assert_uint_eq(g_variant_n_children(aside2), 0);
  g_autoptr(GVariant) figures =
      g_variant_lookup_value(s2, "figures", G_VARIANT_TYPE("a(siiis)"));
  ck_assert(figures != NULL);
  gboolean dragon = FALSE;
  for (gsize i = 0; i < g_variant_n_children(figures); i++) {
    const char *type, *segment;
    gint32 owner, x, y;
    g_variant_get_child(figures, i, "(&siii&s)", &type, &owner, &x, &y,
                        &segment);
    if (strcmp(type, "dragon") == 0) {
      dragon = TRUE;
      ck_assert_int_eq(owner, -1);
      ck_assert_int_eq(x, dx);
      ck_assert_int_eq(y, dy);
      ck_assert_str_eq(segment, "");
    }
  }
  ck_assert_msg(dragon, "GetState has no dragon");
  g_autoptr(GRand) r = g_rand_new_with_seed(4);
  play_to_end(ab, path, r);
  check_finished(a, path);
}
END_TEST

START_TEST(test_empty_supply)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  GDBusConnection *ab[] = { a, b };
  g_autofree char *p2 = create(a, "{'tiles': <@as []>}", NULL);
  g_autoptr(GVariant) s2 = get_state(a, p2);
  ck_assert_uint_eq(state_uint(s2, "tiles-left"), 0);
  g_autofree char *none = state_string(s2, "drawn-tile");
  ck_assert_str_eq(none, "");
  seat_all(ab, 2, p2);
  g_autofree char *status = game_prop_string(a, p2, "Status");
  ck_assert_str_eq(status, "over");
  game_err(a, p2, "GetDecision", NULL, "GameOver");
  g_autoptr(GVariant) rec = game_ok(a, p2, "ExportRecord", NULL, "(s)");
}
END_TEST

START_TEST(test_limit_reached)
{
  /* setup_limited runs the daemon with --max-games 3 --keep-finished 1. */
  g_autoptr(GDBusConnection) c = conn_new();
  g_autoptr(GDBusConnection) d = conn_new();
  GDBusConnection *cd[] = { c, d };
  g_free(create(c, "{}", NULL));
  g_free(create(c, "{}", NULL));
  /* A game with an empty supply is over as soon as it starts. */
  g_autofree char *short_game = create(c, "{'tiles': <@as []>}", NULL);
  mgr_err(c, "CreateGame", create_args("{}"), "LimitReached");
  /* The check comes after the options': bad options still say so. */
  mgr_err(c, "CreateGame", create_args("{'seats': <uint32 9>}"),
          "InvalidArgs");
  g_autoptr(GVariant) n =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n), 3);

  /* Only games that are not over count. */
  seat_all(cd, 2, short_game);
  g_autofree char *status = game_prop_string(c, short_game, "Status");
  ck_assert_str_eq(status, "over");
  /* The finished game can still be read and exported. */
  g_autoptr(GVariant) rec = game_ok(c, short_game, "ExportRecord", NULL,
                                    "(s)");
  /* A finished game imported from its record is over too: it does not
   * count either, and expires like the others. */
  const char *text;
  g_variant_get(rec, "(&s)", &text);
  g_autoptr(GVariant) imported = g_dbus_connection_call_sync(
      c, FX_NAME, FX_MANAGER_PATH, FX_MANAGER_IFACE, "ImportGame",
      g_variant_new("(s@a{sv})", text, g_variant_new_array(
                        G_VARIANT_TYPE("{sv}"), NULL, 0)),
      G_VARIANT_TYPE("(os)"), G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS,
      NULL, NULL);
  ck_assert_ptr_nonnull(imported);
  const char *imported_path, *imported_id;
  g_variant_get(imported, "(&o&s)", &imported_path, &imported_id);
  g_autofree char *imported_status =
      game_prop_string(c, imported_path, "Status");
  ck_assert_str_eq(imported_status, "over");
  g_autofree char *fourth = create(c, "{}", NULL);
  mgr_err(c, "CreateGame", create_args("{}"), "LimitReached");
  g_autoptr(GVariant) n1 =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n1), 5);

  /* Finished games go after --keep-finished seconds. */
  const char *id = strrchr(short_game, '/') + 1;
  g_usleep(2500 * 1000);
  mgr_err(c, "GetGame", g_variant_new("(s)", id), "NoSuchGame");
  mgr_err(c, "GetGame", g_variant_new("(s)", imported_id), "NoSuchGame");
  g_autoptr(GVariant) n2 =
      get_prop(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "NumGames");
  ck_assert_uint_eq(g_variant_get_uint32(n2), 3);
  mgr_err(c, "CreateGame", create_args("{}"), "LimitReached");
}
END_TEST

/* Only the bus may say that a client left: a NameOwnerChanged signal
 * sent to the daemon by a peer changes nothing. */
START_TEST(test_forged_name_owner_changed)
{
  g_autoptr(GDBusConnection) a = conn_new();
  g_autoptr(GDBusConnection) b = conn_new();
  g_autofree char *path = create(a, "{'seed': <uint64 5>}", NULL);
  ck_assert_uint_eq(join(a, path, "{}", NULL), 0);
  ck_assert_uint_eq(join(a, path, "{}", NULL), 1);
  start(a, path);
  g_autoptr(GVariant) owner = g_dbus_connection_call_sync(
      b, "org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus", "GetNameOwner",
      g_variant_new("(s)", FX_NAME), G_VARIANT_TYPE("(s)"),
      G_DBUS_CALL_FLAGS_NONE, FX_CALL_TIMEOUT_MS, NULL, NULL);
  ck_assert_ptr_nonnull(owner);
  const char *daemon_name, *victim = g_dbus_connection_get_unique_name(a);
  g_variant_get(owner, "(&s)", &daemon_name);
  GError *error = NULL;
  ck_assert(g_dbus_connection_emit_signal(
      b, daemon_name, "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "NameOwnerChanged", g_variant_new("(sss)", victim, victim, ""),
      &error));
  ck_assert(g_dbus_connection_flush_sync(b, NULL, NULL));
  /* A round trip after the signal: the daemon has handled it. */
  g_autoptr(GVariant) st = game_ok(b, path, "GetState", NULL, "(a{sv})");
  ck_assert(seat_connected(b, path, 0));
  ck_assert(seat_connected(b, path, 1));
  act(a, path, 0, "{'index': <uint32 0>}");
}
END_TEST

START_TEST(test_bus_gone)
{
  g_autoptr(GDBusConnection) c = conn_new();
  g_autofree char *path = create(c, "{}", NULL);
  guint32 pid = fixture_daemon_pid();
  ck_assert_msg(pid != 0, "no daemon");
  fixture_stop_bus();
  int status = -1;
  ck_assert_msg(fixture_wait_daemon_exit(10000, &status),
                "meepled (pid %u) still runs 10 s after its bus went away",
                pid);
  /* Losing the bus may count as a failure, but not as a crash (128 + N)
   * nor as a leak (LeakSanitizer's 23). */
  ck_assert_msg(status < 128 && status != 23,
                "meepled ended with status %d when its bus went away",
                status);
}
END_TEST

/* The fixture with extra arguments for meepled. */
static void
setup_with(const char *const *args)
{
  fixture_set_daemon_args(args);
  setup();
  fixture_set_daemon_args(NULL);
}

static void
setup_limited(void)
{
  static const char *const args[] = { "--max-games", "3",
                                      "--keep-finished", "1", NULL };
  setup_with(args);
}

/* Group commit, and a store that fills up soon. */
static void
setup_full_store(void)
{
  static const char *const args[] = { "--state-sync", "full",
                                      "--state-max-size", "32768", NULL };
  setup_with(args);
}

/* Group commit, with commits that fail while wal_full_flag() exists. */
static void
setup_failing_log_with(const char *const *args)
{
  const char *builddir = g_getenv("TEST_BUILDDIR");
  g_autofree char *shim = g_build_filename(builddir ? builddir : ".",
                                           "tests", "fault", ".libs",
                                           "wal-enospc.so", NULL);
  ck_assert_msg(g_file_test(shim, G_FILE_TEST_EXISTS), "no %s", shim);
  g_autofree char *preload = g_strconcat("LD_PRELOAD=", shim, NULL);
  const char *asan = g_getenv("ASAN_OPTIONS");
  /* the shim comes before a sanitizer runtime in the library list */
  g_autofree char *asan_options = g_strdup_printf(
      "ASAN_OPTIONS=%s%sverify_asan_link_order=0", asan ? asan : "",
      asan && *asan ? ":" : "");
  g_autofree char *flag = wal_full_flag();
  g_autofree char *flag_env = g_strconcat("MEEPLE_TEST_WAL_FULL=", flag,
                                          NULL);
  const char *const env[] = { preload, asan_options, flag_env, NULL };
  fixture_set_daemon_env(env);
  setup_with(args);
  fixture_set_daemon_env(NULL);
}

/* (No caller's pending replies end a batch early here: the test of the
 * full batch sends 401 calls from one connection.) */
static void
setup_failing_log(void)
{
  static const char *const args[] = { "--state-sync", "full",
                                      "--max-pending-calls", "100000", NULL };
  setup_failing_log_with(args);
}

/* The same with --max-pending-calls 16. */
static void
setup_failing_log_pending(void)
{
  static const char *const args[] = { "--state-sync", "full",
                                      "--max-pending-calls", "16", NULL };
  setup_failing_log_with(args);
}

/* PropertiesChanged paced far beyond a game's length, or by 500 ms. */
static void
setup_long_interval(void)
{
  static const char *const args[] = { "--property-interval", "60000", NULL };
  setup_with(args);
}

static void
setup_short_interval(void)
{
  static const char *const args[] = { "--property-interval", "500", NULL };
  setup_with(args);
}

/* A case of its own (its own daemon options) with one test. */
static void
add_case(Suite *s, const char *name, void (*setup_fn)(void),
         const TTest *test)
{
  TCase *tc = tcase_create(name);
  tcase_add_checked_fixture(tc, setup_fn, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test);
  suite_add_tcase(s, tc);
}

static Suite *
dbus_api_suite(void)
{
  Suite *s = suite_create("dbus-api");
  TCase *tc = tcase_create("api");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_activation);
  tcase_add_test(tc, test_ruleset_details);
  tcase_add_test(tc, test_create_defaults);
  tcase_add_test(tc, test_create_variants);
  tcase_add_test(tc, test_create_invalid);
  tcase_add_test(tc, test_list_get_games);
  tcase_add_test(tc, test_join_start);
  tcase_add_test(tc, test_leave_reclaim);
  tcase_add_loop_test(tc, test_act_errors, 0, G_N_ELEMENTS(act_methods));
  tcase_add_test(tc, test_act_and_get_decision);
  tcase_add_test(tc, test_illegal_notation_not_stored);
  tcase_add_test(tc, test_malformed);
  tcase_add_test(tc, test_file_descriptors);
  tcase_add_test(tc, test_catalog);
  tcase_add_test(tc, test_events_declared_fields);
  tcase_add_test(tc, test_forged_name_owner_changed);
  tcase_add_test(tc, test_full_game);
  tcase_add_test(tc, test_disconnect);
  tcase_add_test(tc, test_concurrent_games);
  tcase_add_test(tc, test_explicit_supply);
  tcase_add_test(tc, test_get_actions);
  tcase_add_test(tc, test_pd_set_aside_and_dragon);
  tcase_add_test(tc, test_empty_supply);
  tcase_add_test(tc, test_bus_gone);
  suite_add_tcase(s, tc);
  add_case(s, "limited", setup_limited, test_limit_reached);
  add_case(s, "failed-commit", setup_full_store,
           test_failed_commit_spares_other_games);
  add_case(s, "failed-full-batch", setup_failing_log, test_failed_full_batch);
  add_case(s, "pending-calls", setup_failing_log_pending,
           test_pending_calls_commit);
  add_case(s, "failed-act", setup_full_store,
           test_failed_act_resends_properties);
  add_case(s, "properties-merged", setup_long_interval,
           test_properties_merged);
  add_case(s, "properties-trailing", setup_short_interval,
           test_properties_trailing);
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
  /* Every test's fixture lives below one directory, removed at the end
   * even when a failed test (which ends with _exit) could not clean up. */
  g_autofree char *base = g_dir_make_tmp("meepled-dbus-api-XXXXXX", &error);
  if (!base) {
    g_printerr("%s\n", error->message);
    return 1;
  }
  g_setenv("TMPDIR", base, TRUE);
  int status = tu_run_suite(dbus_api_suite());
  fixture_remove_tree(base);
  return status;
}
