/* test-crash-resume.c — no acknowledged action is lost when meepled is
 * killed with SIGKILL at random moments (issue 9, DESIGN invariant 4).
 *
 * A private bus (tests/dbusfixture.c; only the bus: this test runs
 * meepled itself, with --bus-address and --state-dir, so that it can kill
 * it) and one client connection that holds every seat of G games
 * (MEEPLE_CRASH_GAMES, default 8) of 2 to 4 seats with explicit seeds and
 * various rule sets (base, abbot, mist + spell-circles, princess-dragon,
 * circus).  A driver plays random legal actions in every game at once
 * (GetDecision, then Act with the decision guard and an index: one call
 * chain per game, so many calls are in flight on several games), keeping
 * per game a local MeepleGame of the same rules and seed that follows the
 * ACKNOWLEDGED actions (reply received) in lockstep, and the action in
 * flight, if any.
 *
 * After a random 20-300 ms of play meepled is killed with SIGKILL
 * (MEEPLE_CRASH_KILLS times, default 50), every call in flight ends (with
 * its reply or the bus's NoReply), meepled is started again on the same
 * state directory, and once it owns its name the test checks, for EVERY
 * game:
 *   - ListGames lists exactly the games that were not over (each once, at
 *     the same object path, none suspended); GetGame finds each at its
 *     old path; ListHistory holds every game that ended;
 *   - every seat is reclaimed with its token (same seat number);
 *   - the daemon's action count (GetState "decision") equals the
 *     acknowledged actions, or those plus one when an Act of that game was
 *     in flight at the kill; then the local game applies that very action;
 *   - GetState equals the local replay: status, phase, turn, active seat,
 *     tiles left, drawn tile, discards, set-aside tiles, notes, event
 *     sequence, every seat's score and supply, the whole board and every
 *     figure on it; GetEvents equals the local events;
 *   - the next GetDecision has the same id (decision ids continue), seat
 *     and number of actions as the local game's, and the chosen action's
 *     notation is the local one.
 * Games that end are replaced by new ones (their ids must be new: ids are
 * never reused).  At the end meepled must stop cleanly on SIGTERM.
 *
 * Prints one summary line.  Exit status: 0 pass, 1 fail, 77 skipped (no
 * dbus-daemon or no meepled).  MEEPLE_CRASH_SEED fixes the seeds (the
 * kill moments stay random); MEEPLE_CRASH_VERBOSE=1 reports every kill;
 * MEEPLED_TEST_KEEP keeps the temporary directory with meepled's log. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <glib/gstdio.h>
#include <meeple.h>

#include "dbusfixture.h"

#define ACTION_SIG "(sssiiussy)"
#define EVENT_SIG "(tsa{sv})"
/* A call that takes longer than this means the daemon hangs. */
#define CALL_TIMEOUT_MS 30000

/* ---- configuration ---------------------------------------------------- */

typedef struct {
  const char *label;
  const char *const *ids; /* rule sets for CreateGame (none: base) */
} Combo;

static const char *const no_ids[] = { NULL };
static const char *const abbot_ids[] = { "abbot", NULL };
static const char *const mist_ids[] = { "mist", "spell-circles", NULL };
static const char *const pd_ids[] = { "princess-dragon", NULL };
static const char *const circus_ids[] = { "circus", NULL };
static const Combo combos[] = {
  { "base", no_ids },
  { "abbot", abbot_ids },
  { "mist,spell-circles", mist_ids },
  { "princess-dragon", pd_ids },
  { "circus", circus_ids },
};
#define N_COMBOS G_N_ELEMENTS(combos)

/* ---- one game --------------------------------------------------------- */

typedef struct {
  char *id;
  char *path;
  guint combo;
  guint n_seats;
  guint64 seed;
  char *tokens[MEEPLE_MAX_PLAYERS];
  MeepleGame *local;   /* follows the acknowledged actions */
  GArray *events;      /* MeepleEvent: the local game's log */
  guint64 acked;       /* actions acknowledged (reply received) */
  gboolean busy;       /* a call of this game is in flight */
  /* the Act in flight, or whose reply never came (outcome unknown) */
  gboolean act_sent;
  gboolean act_unknown;
  guint32 act_index;
  char *act_notation;
  gboolean over;       /* locally over: waits for its replacement */
} Game;

static struct {
  GDBusConnection *bus;
  GRand *rand;
  GPtrArray *games;     /* Game*: the games in play */
  GHashTable *finished; /* ids of games that ended (for the history) */
  GHashTable *records;  /* id -> record of an ended game, to check once */
  guint64 max_id;       /* highest game id seen: new ones must be higher */
  MeepleLoader *loader;
  MeepleRules *rules[N_COMBOS];
  char *meepled;
  char *state_dir;
  char *log_path;
  pid_t daemon_pid;
  gboolean down;        /* killed (or being killed): send nothing */
  guint pending;        /* calls in flight */
  gboolean verbose;
  /* figures */
  guint kills;
  guint created;
  guint64 acked_total;
  guint inflight_committed, inflight_lost;
  GArray *restart_ms;   /* double */
} T;

static void stop_everything(void);

static void fail(const char *format, ...) G_GNUC_PRINTF(1, 2) G_GNUC_NORETURN;
static void
fail(const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  char *message = g_strdup_vprintf(format, ap);
  va_end(ap);
  printf("FAIL: %s\n", message);
  printf("# after %u kills, %" G_GUINT64_FORMAT " acknowledged actions\n",
         T.kills, T.acked_total);
  g_free(message);
  if (T.log_path) {
    char *text = NULL;
    if (g_file_get_contents(T.log_path, &text, NULL, NULL)) {
      char **lines = g_strsplit(text, "\n", -1);
      guint n = g_strv_length(lines);
      printf("# the end of meepled's log (%s):\n", T.log_path);
      for (guint i = n > 30 ? n - 30 : 0; i < n; i++)
        if (*lines[i])
          printf("#   %s\n", lines[i]);
      g_strfreev(lines);
      g_free(text);
    }
  }
  fflush(stdout);
  g_setenv("MEEPLED_TEST_KEEP", "1", TRUE); /* keep the log for a look */
  stop_everything();
  exit(1);
}

static guint64
id_number(const char *id)
{
  return g_ascii_strtoull(id, NULL, 10);
}

/* ---- local rules and state -------------------------------------------- */

static void
load_rules(void)
{
  const char *plugins = g_getenv("MEEPLE_PLUGIN_PATH");
  const char *tiles = g_getenv("MEEPLE_TILES_DIR");
  /* By hand: the build tree's; the daemon inherits the same. */
  if (!plugins || !*plugins)
    g_setenv("MEEPLE_PLUGIN_PATH", MEEPLE_BUILD_PLUGIN_DIR, TRUE);
  if (!tiles || !*tiles)
    g_setenv("MEEPLE_TILES_DIR", MEEPLE_SOURCE_TILES_DIR, TRUE);
  T.loader = meeple_loader_new();
  char **dirs = g_strsplit(g_getenv("MEEPLE_PLUGIN_PATH"),
                           G_SEARCHPATH_SEPARATOR_S, -1);
  for (guint i = 0; dirs[i]; i++)
    if (*dirs[i])
      meeple_loader_add_plugin_dir(T.loader, dirs[i]);
  g_strfreev(dirs);
  meeple_loader_add_tiles_dir(T.loader, g_getenv("MEEPLE_TILES_DIR"));
  GError *error = NULL;
  if (!meeple_loader_load(T.loader, &error))
    fail("loader: %s", error->message);
  for (guint c = 0; c < N_COMBOS; c++) {
    T.rules[c] = meeple_loader_build_rules(T.loader, combos[c].ids, &error);
    if (!T.rules[c])
      fail("rules %s: %s", combos[c].label, error->message);
  }
}

static const char *
tile_id(const MeepleRules *rules, guint type)
{
  return type < meeple_rules_n_tile_types(rules)
           ? meeple_rules_tile_type(rules, type)->id
           : "";
}

static const char *
figure_name(const MeepleRules *rules, guint type)
{
  return type < meeple_rules_n_figure_types(rules)
           ? meeple_rules_figure_type(rules, type)->name
           : "";
}

static const char *
segment_name(const MeepleGame *game, int x, int y, guint segment)
{
  MeeplePlacedTile placed;
  if (!meeple_game_tile_at(game, x, y, &placed))
    return NULL;
  const MeepleTileType *t =
    meeple_rules_tile_type(meeple_game_rules(game), placed.type);
  return segment < t->n_segments ? t->segments[segment].name : NULL;
}

static GVariant *
local_board(const MeepleGame *game)
{
  const MeepleRules *rules = meeple_game_rules(game);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(siiu)"));
  for (guint i = 0; i < meeple_game_n_placed(game); i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    g_variant_builder_add(&b, "(siiu)", tile_id(rules, t.type), t.x, t.y,
                          t.rotation);
  }
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

static GVariant *
local_figures(const MeepleGame *game)
{
  const MeepleRules *rules = meeple_game_rules(game);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(siiis)"));
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!f.on_board)
      continue;
    const char *seg = segment_name(game, f.x, f.y, f.segment);
    g_variant_builder_add(&b, "(siiis)", figure_name(rules, f.type), f.owner,
                          f.x, f.y, seg ? seg : "");
  }
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

static GVariant *
local_notes(const MeepleGame *game)
{
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(ss)"));
  GPtrArray *lines = meeple_game_notes(game);
  for (guint i = 0; i < lines->len; i++) {
    const MeepleNote *note = g_ptr_array_index(lines, i);
    g_variant_builder_add(&b, "(ss)", note->label, note->text);
  }
  g_ptr_array_unref(lines);
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

static GVariant *
local_set_aside(const MeepleGame *game)
{
  const MeepleRules *rules = meeple_game_rules(game);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("as"));
  for (guint i = 0; i < meeple_game_n_set_aside(game); i++)
    g_variant_builder_add(&b, "s",
                          tile_id(rules, meeple_game_set_aside(game, i)));
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

static GVariant *
local_supply(const MeepleGame *game, guint seat)
{
  const MeepleRules *rules = meeple_game_rules(game);
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a{su}"));
  for (guint t = 0; t < meeple_rules_n_figure_types(rules); t++) {
    const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
    if (type->per_player > 0)
      g_variant_builder_add(&b, "{su}", type->name,
                            meeple_game_supply(game, seat, t));
  }
  return g_variant_ref_sink(g_variant_builder_end(&b));
}

/* ---- calls ------------------------------------------------------------ */

static GVariant *
call_sync(const char *path, const char *iface, const char *method,
          GVariant *args, const char *reply_type, GError **error)
{
  return g_dbus_connection_call_sync(
    T.bus, FX_NAME, path, iface, method, args,
    reply_type ? G_VARIANT_TYPE(reply_type) : NULL,
    G_DBUS_CALL_FLAGS_NO_AUTO_START, CALL_TIMEOUT_MS, NULL, error);
}

/* A call that must succeed. */
static GVariant *
call_ok(const char *path, const char *iface, const char *method,
        GVariant *args, const char *reply_type)
{
  GError *error = NULL;
  GVariant *r = call_sync(path, iface, method, args, reply_type, &error);
  if (!r)
    fail("%s on %s: %s", method, path, error->message);
  return r;
}

/* ---- the daemon ------------------------------------------------------- */

static gboolean
name_owned(void)
{
  GVariant *r = g_dbus_connection_call_sync(
    T.bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
    "org.freedesktop.DBus", "NameHasOwner", g_variant_new("(s)", FX_NAME),
    G_VARIANT_TYPE("(b)"), G_DBUS_CALL_FLAGS_NONE, CALL_TIMEOUT_MS, NULL,
    NULL);
  gboolean owned = FALSE;
  if (r) {
    g_variant_get(r, "(b)", &owned);
    g_variant_unref(r);
  }
  return owned;
}

/* Starts meepled on the state directory; returns once it owns its name
 * (the time that took, in ms).  Every other start uses
 * --state-sync=normal: without group commit, every write is its own
 * transaction (daemon/commit.c), and a SIGKILL must not lose an
 * acknowledged act there either. */
static double
start_daemon(void)
{
  char *sync = T.kills % 2 ? "--state-sync=normal" : "--state-sync=full";
  char *argv[] = { T.meepled, "--bus-address", (char *)fixture_address(),
                   "--state-dir", T.state_dir, sync,
                   T.verbose ? "--verbose" : NULL, NULL };
  int log = open(T.log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (log < 0)
    fail("open %s: %s", T.log_path, g_strerror(errno));
  gint64 t0 = g_get_monotonic_time();
  pid_t pid = fork();
  if (pid < 0)
    fail("fork: %s", g_strerror(errno));
  if (pid == 0) {
#ifdef __linux__
    /* never outlive the test */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    dup2(log, STDOUT_FILENO);
    dup2(log, STDERR_FILENO);
    execv(argv[0], argv);
    _exit(127);
  }
  close(log);
  T.daemon_pid = pid;
  gint64 deadline = t0 + 30 * G_USEC_PER_SEC;
  while (!name_owned()) {
    int status;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      T.daemon_pid = 0;
      fail("meepled exited at start-up (status 0x%x)", status);
    }
    if (g_get_monotonic_time() > deadline)
      fail("meepled did not own %s within 30 s", FX_NAME);
    g_usleep(1000);
  }
  T.down = FALSE;
  return (double)(g_get_monotonic_time() - t0) / 1000.0;
}

static void
kill_daemon(void)
{
  T.down = TRUE;
  if (!T.daemon_pid)
    return;
  kill(T.daemon_pid, SIGKILL);
  int status;
  while (waitpid(T.daemon_pid, &status, 0) < 0 && errno == EINTR)
    ;
  T.daemon_pid = 0;
  T.kills++;
}

static void
stop_everything(void)
{
  if (T.daemon_pid) {
    kill(T.daemon_pid, SIGKILL);
    waitpid(T.daemon_pid, NULL, 0);
    T.daemon_pid = 0;
  }
  if (T.bus) {
    g_dbus_connection_close_sync(T.bus, NULL, NULL);
    g_clear_object(&T.bus);
  }
  fixture_stop();
}

/* ---- games ------------------------------------------------------------ */

static void
game_free(Game *g)
{
  g_free(g->id);
  g_free(g->path);
  for (guint i = 0; i < MEEPLE_MAX_PLAYERS; i++)
    g_free(g->tokens[i]);
  if (g->local)
    meeple_game_free(g->local);
  g_array_free(g->events, TRUE);
  g_free(g->act_notation);
  g_free(g);
}

/* Creates, joins (every seat, keeping the tokens) and starts a new game;
 * synchronous, so a kill never falls in the middle of it. */
static Game *
new_game(void)
{
  Game *g = g_new0(Game, 1);
  g->combo = (guint)g_rand_int_range(T.rand, 0, N_COMBOS);
  g->n_seats = (guint)g_rand_int_range(T.rand, 2, 5);
  g->seed = ((guint64)g_rand_int(T.rand) << 32) | g_rand_int(T.rand);
  g->events = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));

  GVariantBuilder o;
  g_variant_builder_init(&o, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&o, "{sv}", "rules",
                        g_variant_new_strv(combos[g->combo].ids, -1));
  g_variant_builder_add(&o, "{sv}", "seats", g_variant_new_uint32(g->n_seats));
  g_variant_builder_add(&o, "{sv}", "seed", g_variant_new_uint64(g->seed));
  char *name = g_strdup_printf("crash %u", T.created + 1);
  g_variant_builder_add(&o, "{sv}", "name", g_variant_new_string(name));
  g_free(name);
  GVariant *r = call_ok(FX_MANAGER_PATH, FX_MANAGER_IFACE, "CreateGame",
                        g_variant_new("(a{sv})", &o), "(os)");
  g_variant_get(r, "(os)", &g->path, &g->id);
  g_variant_unref(r);
  guint64 n = id_number(g->id);
  if (n <= T.max_id)
    fail("CreateGame gave id %s, but id %" G_GUINT64_FORMAT
         " was used before: ids are never reused",
         g->id, T.max_id);
  T.max_id = n;
  for (guint s = 0; s < g->n_seats; s++) {
    GVariantBuilder j;
    g_variant_builder_init(&j, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&j, "{sv}", "seat", g_variant_new_uint32(s));
    char *player = g_strdup_printf("p%u", s + 1);
    g_variant_builder_add(&j, "{sv}", "name", g_variant_new_string(player));
    g_free(player);
    r = call_ok(g->path, FX_GAME_IFACE, "Join", g_variant_new("(a{sv})", &j),
                "(us)");
    guint32 seat;
    g_variant_get(r, "(us)", &seat, &g->tokens[s]);
    g_variant_unref(r);
    if (seat != s)
      fail("game %s: Join of seat %u gave seat %u", g->id, s, seat);
  }
  g_variant_unref(call_ok(g->path, FX_GAME_IFACE, "Start", NULL, "()"));

  MeepleGameConfig config = { .n_players = g->n_seats, .seed = g->seed };
  GError *error = NULL;
  g->local = meeple_game_new(T.rules[g->combo], &config, &error);
  if (!g->local)
    fail("local game: %s", error->message);
  gsize n_events;
  const MeepleEvent *ev = meeple_game_initial_events(g->local, &n_events);
  g_array_append_vals(g->events, ev, (guint)n_events);
  T.created++;
  return g;
}

/* Applies action @index of the local game's decision (acknowledged or
 * found committed). */
static void
apply_local(Game *g, guint32 index, const char *notation)
{
  const MeepleDecision *d = meeple_game_decision(g->local);
  if (!d || index >= d->n_actions)
    fail("game %s: local game has no action %u", g->id, index);
  char *mine = meeple_action_to_string(g->local, &d->actions[index]);
  if (notation && strcmp(mine, notation) != 0)
    fail("game %s: action %u is \"%s\" locally, \"%s\" at the daemon",
         g->id, index, mine, notation);
  g_free(mine);
  const MeepleEvent *ev;
  gsize n;
  GError *error = NULL;
  if (!meeple_game_apply_index(g->local, index, &ev, &n, &error))
    fail("game %s: local apply: %s", g->id, error->message);
  g_array_append_vals(g->events, ev, (guint)n);
  g->acked++;
  if (meeple_game_is_over(g->local)) {
    const char *names[MEEPLE_MAX_PLAYERS + 1] = { NULL };
    char *players[MEEPLE_MAX_PLAYERS] = { NULL };
    for (guint s = 0; s < g->n_seats; s++)
      names[s] = players[s] = g_strdup_printf("p%u", s + 1);
    g->over = TRUE;
    g_hash_table_add(T.finished, g_strdup(g->id));
    g_hash_table_insert(T.records, g_strdup(g->id),
                        meeple_record_write(g->local, names));
    for (guint s = 0; s < g->n_seats; s++)
      g_free(players[s]);
  }
}

static void step(Game *g);
static void replace_over_games(void);

/* Whether @error is what a call gets when the daemon went away under it
 * (any error from the bus itself, none of meepled's). */
static gboolean
killed_error(const GError *error)
{
  char *name = g_dbus_error_get_remote_error(error);
  gboolean bus = name && g_str_has_prefix(name, "org.freedesktop.DBus.Error.");
  g_free(name);
  return bus || g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CLOSED);
}

static void
on_act(GObject *source, GAsyncResult *result, gpointer data)
{
  Game *g = data;
  GError *error = NULL;
  GVariant *r =
    g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
  T.pending--;
  g->busy = FALSE;
  if (!r) {
    if (!T.down || !killed_error(error))
      fail("game %s: Act %u (\"%s\"): %s", g->id, g->act_index,
           g->act_notation, error->message);
    /* the daemon died with it: committed or not, the restart tells */
    g->act_unknown = TRUE;
    g_error_free(error);
    return;
  }
  g_variant_unref(r);
  g->act_sent = FALSE;
  apply_local(g, g->act_index, g->act_notation);
  T.acked_total++;
  if (T.down)
    return;
  if (g->over)
    replace_over_games();
  else
    step(g);
}

static void
on_decision(GObject *source, GAsyncResult *result, gpointer data)
{
  Game *g = data;
  GError *error = NULL;
  GVariant *r =
    g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
  T.pending--;
  g->busy = FALSE;
  if (!r) {
    if (!T.down || !killed_error(error))
      fail("game %s: GetDecision: %s", g->id, error->message);
    g_error_free(error);
    return;
  }
  if (T.down) {
    g_variant_unref(r);
    return;
  }
  guint64 id;
  guint32 seat;
  GVariant *actions;
  g_variant_get(r, "(tu&s&s@a" ACTION_SIG ")", &id, &seat, NULL, NULL,
                &actions);
  const MeepleDecision *d = meeple_game_decision(g->local);
  gsize n = g_variant_n_children(actions);
  if (!d)
    fail("game %s: the daemon has decision %" G_GUINT64_FORMAT
         ", the local game is over",
         g->id, id);
  if (id != g->acked || seat != d->player || n != d->n_actions)
    fail("game %s: decision %" G_GUINT64_FORMAT " for seat %u with %zu "
         "actions; locally decision %" G_GUINT64_FORMAT " for seat %u with "
         "%zu",
         g->id, id, seat, (size_t)n, g->acked, d->player,
         (size_t)d->n_actions);
  guint32 index = (guint32)g_rand_int_range(T.rand, 0, (gint32)n);
  GVariant *chosen = g_variant_get_child_value(actions, index);
  g_free(g->act_notation);
  g_variant_get_child(chosen, 0, "s", &g->act_notation);
  g_variant_unref(chosen);
  g_variant_unref(actions);
  g_variant_unref(r);
  /* the daemon's notation of the action is the local game's */
  char *mine = meeple_action_to_string(g->local, &d->actions[index]);
  if (strcmp(mine, g->act_notation) != 0)
    fail("game %s: action %u is \"%s\" at the daemon, \"%s\" locally", g->id,
         index, g->act_notation, mine);
  g_free(mine);

  GVariantBuilder a;
  g_variant_builder_init(&a, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&a, "{sv}", "index", g_variant_new_uint32(index));
  g_variant_builder_add(&a, "{sv}", "decision", g_variant_new_uint64(id));
  g->act_index = index;
  g->act_sent = TRUE;
  g->act_unknown = FALSE;
  g->busy = TRUE;
  T.pending++;
  g_dbus_connection_call(T.bus, FX_NAME, g->path, FX_GAME_IFACE, "Act",
                         g_variant_new("(ua{sv})", seat, &a),
                         G_VARIANT_TYPE("(t)"),
                         G_DBUS_CALL_FLAGS_NO_AUTO_START, CALL_TIMEOUT_MS,
                         NULL, on_act, g);
}

static void
step(Game *g)
{
  if (T.down || g->busy || g->over || g->act_sent)
    return;
  g->busy = TRUE;
  T.pending++;
  g_dbus_connection_call(T.bus, FX_NAME, g->path, FX_GAME_IFACE,
                         "GetDecision", NULL, NULL,
                         G_DBUS_CALL_FLAGS_NO_AUTO_START, CALL_TIMEOUT_MS,
                         NULL, on_decision, g);
}

/* Games that ended make room for new ones, which start playing. */
static void
replace_over_games(void)
{
  for (guint i = 0; i < T.games->len; i++) {
    Game *g = T.games->pdata[i];
    if (!g->over || g->busy)
      continue;
    game_free(g);
    g = new_game();
    T.games->pdata[i] = g;
    step(g);
  }
}

/* ---- checks after a restart ------------------------------------------- */

static void
expect_value(const Game *g, const char *key, GVariant *state,
             GVariant *want)
{
  GVariant *got = g_variant_lookup_value(state, key, NULL);
  if (!got || !g_variant_equal(got, want)) {
    char *a = got ? g_variant_print(got, FALSE) : g_strdup("(missing)");
    char *b = g_variant_print(want, FALSE);
    fail("game %s (%s, %u seats, seed %" G_GUINT64_FORMAT ", %"
         G_GUINT64_FORMAT " actions): \"%s\" is %.300s at the daemon, %.300s "
         "in the replay of the acknowledged actions",
         g->id, combos[g->combo].label, g->n_seats, g->seed, g->acked, key, a,
         b);
  }
  if (got)
    g_variant_unref(got);
  g_variant_unref(want);
}

static void
compare_state(const Game *g, GVariant *state)
{
  const MeepleGame *m = g->local;
  int drawn = meeple_game_drawn_tile(m);
#define EXPECT(key, value) expect_value(g, key, state, g_variant_ref_sink(value))
  EXPECT("id", g_variant_new_string(g->id));
  EXPECT("status", g_variant_new_string(meeple_game_is_over(m) ? "over"
                                                                : "playing"));
  EXPECT("decision", g_variant_new_uint64(g->acked));
  EXPECT("sequence", g_variant_new_uint64(g->events->len));
  EXPECT("phase", g_variant_new_string(
                    meeple_phase_name(meeple_game_phase(m))));
  EXPECT("turn", g_variant_new_uint32(meeple_game_turn(m)));
  EXPECT("active-seat", g_variant_new_uint32(meeple_game_active_player(m)));
  EXPECT("tiles-left", g_variant_new_uint32(meeple_game_tiles_left(m)));
  EXPECT("drawn-tile",
         g_variant_new_string(drawn >= 0 ? tile_id(meeple_game_rules(m),
                                                   (guint)drawn)
                                         : ""));
  EXPECT("discarded", g_variant_new_uint32(meeple_game_n_discarded(m)));
#undef EXPECT
  expect_value(g, "set-aside", state, local_set_aside(m));
  expect_value(g, "notes", state, local_notes(m));
  expect_value(g, "board", state, local_board(m));
  expect_value(g, "figures", state, local_figures(m));

  GVariant *seats = g_variant_lookup_value(state, "seats",
                                           G_VARIANT_TYPE("aa{sv}"));
  if (!seats || g_variant_n_children(seats) != g->n_seats)
    fail("game %s: GetState has no %u seats", g->id, g->n_seats);
  for (guint s = 0; s < g->n_seats; s++) {
    GVariant *seat = g_variant_get_child_value(seats, s);
    char key[32];
    gint32 score = 0;
    gboolean taken = FALSE, connected = FALSE;
    g_variant_lookup(seat, "score", "i", &score);
    g_variant_lookup(seat, "taken", "b", &taken);
    g_variant_lookup(seat, "connected", "b", &connected);
    if (score != meeple_game_score(m, s))
      fail("game %s: seat %u scores %d at the daemon, %d in the replay",
           g->id, s, score, meeple_game_score(m, s));
    if (!taken || !connected)
      fail("game %s: seat %u is %s and %s after its reclaim", g->id, s,
           taken ? "taken" : "free",
           connected ? "connected" : "not connected");
    g_snprintf(key, sizeof key, "supply of seat %u", s);
    GVariant *want = local_supply(m, s);
    GVariant *got = g_variant_lookup_value(seat, "supply", NULL);
    if (!got || !g_variant_equal(got, want))
      fail("game %s: %s differs from the replay", g->id, key);
    g_variant_unref(got);
    g_variant_unref(want);
    g_variant_unref(seat);
  }
  g_variant_unref(seats);
}

static void
compare_events(const Game *g)
{
  GVariant *r = call_ok(g->path, FX_GAME_IFACE, "GetEvents",
                        g_variant_new("(t)", (guint64)0), "(a" EVENT_SIG ")");
  GVariant *list = g_variant_get_child_value(r, 0);
  const MeepleRules *rules = meeple_game_rules(g->local);
  gsize n = g_variant_n_children(list);
  if (n != g->events->len)
    fail("game %s: %zu events at the daemon, %u in the replay", g->id,
         (size_t)n, g->events->len);
  for (gsize i = 0; i < n; i++) {
    const MeepleEvent *e = &g_array_index(g->events, MeepleEvent, i);
    guint64 seq;
    const char *type;
    GVariant *fields;
    g_variant_get_child(list, i, "(t&s@a{sv})", &seq, &type, &fields);
    const char *want_type = meeple_rules_event_type_name(rules, e->type);
    gint32 v;
    const char *s;
    gboolean ok = seq == i + 1 && strcmp(type, want_type ? want_type : "") == 0;
    if (ok && g_variant_lookup(fields, "seat", "i", &v))
      ok = v == e->player;
    if (ok && g_variant_lookup(fields, "x", "i", &v))
      ok = v == e->x;
    if (ok && g_variant_lookup(fields, "y", "i", &v))
      ok = v == e->y;
    if (ok && g_variant_lookup(fields, "points", "i", &v))
      ok = v == e->points;
    if (ok && g_variant_lookup(fields, "tile", "&s", &s))
      ok = strcmp(s, tile_id(rules, e->tile)) == 0;
    if (ok && g_variant_lookup(fields, "rule", "&s", &s))
      ok = e->rule && strcmp(s, e->rule) == 0;
    if (!ok) {
      char *got = g_variant_print(fields, FALSE);
      fail("game %s: event %zu is %s %s at the daemon; the replay has a %s "
           "(seat %d, %d,%d, %d points)",
           g->id, (size_t)(i + 1), type, got, want_type ? want_type : "?",
           e->player, e->x, e->y, e->points);
    }
    g_variant_unref(fields);
  }
  g_variant_unref(list);
  g_variant_unref(r);
}

/* The daemon was restarted: every game must be exactly the replay of its
 * acknowledged actions (plus the one in flight, if the daemon committed
 * it). */
static void
verify_all(void)
{
  /* Which games the daemon must list: those not over before the kill. */
  GHashTable *expected = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < T.games->len; i++) {
    Game *g = T.games->pdata[i];
    if (!g->over)
      g_hash_table_insert(expected, g->id, g);
  }
  GVariant *r = call_ok(FX_MANAGER_PATH, FX_MANAGER_IFACE, "ListGames", NULL,
                        "(a(soa{sv}))");
  GVariant *list = g_variant_get_child_value(r, 0);
  GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
  for (gsize i = 0; i < g_variant_n_children(list); i++) {
    const char *id, *path;
    GVariant *summary;
    g_variant_get_child(list, i, "(&s&o@a{sv})", &id, &path, &summary);
    const char *status = "?";
    g_variant_lookup(summary, "status", "&s", &status);
    Game *g = g_hash_table_lookup(expected, id);
    if (!g)
      fail("ListGames lists game %s (%s), which %s", id, status,
           g_hash_table_contains(T.finished, id)
             ? "ended before the kill: a finished game came back"
             : "this test never created");
    if (!g_hash_table_add(seen, (gpointer)g->id))
      fail("ListGames lists game %s twice", id);
    if (strcmp(path, g->path) != 0)
      fail("game %s came back at %s, not at %s", id, path, g->path);
    if (strcmp(status, "suspended") == 0) {
      const char *reason = "?";
      g_variant_lookup(summary, "reason", "&s", &reason);
      fail("game %s is suspended after the restart: %s", id, reason);
    }
    g_variant_unref(summary);
  }
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init(&it, expected);
  while (g_hash_table_iter_next(&it, &key, &value)) {
    Game *g = value;
    if (g_hash_table_contains(seen, key))
      continue;
    /* Not listed: only right when its last action was in flight, and
     * committed, so that the game ended (and went to the history: its
     * record is checked below). */
    if (!g->act_sent)
      fail("game %s is lost: ListGames does not list it after the restart",
           g->id);
    apply_local(g, g->act_index, NULL);
    if (!g->over)
      fail("game %s is lost: ListGames does not list it after the restart "
           "(and its action in flight would not have ended it)",
           g->id);
    g->act_sent = FALSE;
    g->act_unknown = FALSE;
    T.inflight_committed++;
    g_hash_table_iter_remove(&it);
  }
  g_variant_unref(list);
  g_variant_unref(r);
  g_hash_table_unref(seen);

  for (guint i = 0; i < T.games->len; i++) {
    Game *g = T.games->pdata[i];
    if (!g_hash_table_contains(expected, g->id))
      continue;
    GVariant *found = call_ok(FX_MANAGER_PATH, FX_MANAGER_IFACE, "GetGame",
                              g_variant_new("(s)", g->id), "(o)");
    const char *path;
    g_variant_get(found, "(&o)", &path);
    if (strcmp(path, g->path) != 0)
      fail("GetGame(%s) gives %s, not %s", g->id, path, g->path);
    g_variant_unref(found);
    for (guint s = 0; s < g->n_seats; s++) {
      GVariant *rc = call_ok(g->path, FX_GAME_IFACE, "Reclaim",
                             g_variant_new("(s)", g->tokens[s]), "(u)");
      guint32 seat;
      g_variant_get(rc, "(u)", &seat);
      g_variant_unref(rc);
      if (seat != s)
        fail("game %s: the token of seat %u reclaims seat %u", g->id, s,
             seat);
    }
    GVariant *st = call_ok(g->path, FX_GAME_IFACE, "GetState", NULL,
                           "(a{sv})");
    GVariant *state = g_variant_get_child_value(st, 0);
    guint64 decision = G_MAXUINT64;
    g_variant_lookup(state, "decision", "t", &decision);
    if (g->act_sent) {
      /* the Act was in flight at the kill */
      if (decision == g->acked + 1) {
        apply_local(g, g->act_index, NULL);
        T.inflight_committed++;
      } else if (decision == g->acked) {
        T.inflight_lost++;
      } else {
        fail("game %s: %" G_GUINT64_FORMAT " actions at the daemon, %"
             G_GUINT64_FORMAT " acknowledged and one in flight",
             g->id, decision, g->acked);
      }
      g->act_sent = FALSE;
      g->act_unknown = FALSE;
    } else if (decision != g->acked) {
      fail("game %s: %" G_GUINT64_FORMAT " actions at the daemon, %"
           G_GUINT64_FORMAT " acknowledged and none in flight%s",
           g->id, decision, g->acked,
           decision < g->acked ? ": acknowledged actions were LOST" : "");
    }
    compare_state(g, state);
    g_variant_unref(state);
    g_variant_unref(st);
    compare_events(g);
  }
  g_hash_table_unref(expected);

  /* every game that ended is in the history */
  /* page by page: one reply lists at most 1000 */
  GHashTable *history = g_hash_table_new_full(g_str_hash, g_str_equal,
                                              g_free, NULL);
  guint32 total = 0;
  guint32 offset = 0;
  do {
    r = call_ok(FX_MANAGER_PATH, FX_MANAGER_IFACE, "ListHistory",
                g_variant_new("(uu)", offset, 0), "(a(ssa{sv})u)");
    list = g_variant_get_child_value(r, 0);
    g_variant_get_child(r, 1, "u", &total);
    for (gsize i = 0; i < g_variant_n_children(list); i++) {
      const char *id;
      g_variant_get_child(list, i, "(&s&s@a{sv})", &id, NULL, NULL);
      if (!g_hash_table_add(history, g_strdup(id)))
        fail("ListHistory lists game %s twice", id);
    }
    offset += (guint32)g_variant_n_children(list);
    if (g_variant_n_children(list) == 0 && offset < total)
      fail("ListHistory's page at %u is empty, of %u", offset, total);
    g_variant_unref(list);
    g_variant_unref(r);
  } while (offset < total);
  g_hash_table_iter_init(&it, T.finished);
  /* (a game whose last action was found committed just now went to the
   * history at start-up) */
  while (g_hash_table_iter_next(&it, &key, NULL))
    if (!g_hash_table_contains(history, key))
      fail("game %s ended but is not in ListHistory", (const char *)key);
  /* the record of every game that ended since the last check is the
   * replay's */
  g_hash_table_iter_init(&it, T.records);
  while (g_hash_table_iter_next(&it, &key, &value)) {
    GVariant *rec = call_ok(FX_MANAGER_PATH, FX_MANAGER_IFACE, "GetRecord",
                            g_variant_new("(s)", (const char *)key), "(s)");
    const char *text;
    g_variant_get(rec, "(&s)", &text);
    if (strcmp(text, value) != 0)
      fail("game %s: its record in the history is not the replay's:\n"
           "%.2000s\n-- the replay's:\n%.2000s",
           (const char *)key, text, (const char *)value);
    g_variant_unref(rec);
    g_hash_table_iter_remove(&it);
  }
  g_hash_table_unref(history);
}

/* ---- the main loop ---------------------------------------------------- */

static gboolean
set_flag(gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Plays for @ms milliseconds. */
static void
play_for(guint ms)
{
  gboolean done = FALSE;
  g_timeout_add(ms, set_flag, &done); /* removes itself */
  while (!done)
    g_main_context_iteration(NULL, TRUE);
}

/* Lets every call in flight end (reply, or the bus's error). */
static void
drain(void)
{
  gboolean timeout = FALSE;
  guint timer = g_timeout_add(CALL_TIMEOUT_MS, set_flag, &timeout);
  while (T.pending > 0 && !timeout)
    g_main_context_iteration(NULL, TRUE);
  if (T.pending > 0)
    fail("%u calls got no answer within %d ms of the kill", T.pending,
         CALL_TIMEOUT_MS);
  g_source_remove(timer);
}

static guint
env_uint(const char *name, guint fallback)
{
  const char *v = g_getenv(name);
  if (!v || !*v)
    return fallback;
  guint64 n = g_ascii_strtoull(v, NULL, 10);
  return n > 0 && n < 1000000 ? (guint)n : fallback;
}

static int
compare_doubles(gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int
main(void)
{
  guint n_games = env_uint("MEEPLE_CRASH_GAMES", 8);
  guint n_kills = env_uint("MEEPLE_CRASH_KILLS", 50);
  guint32 seed = env_uint("MEEPLE_CRASH_SEED", 0);
  if (!seed)
    seed = g_random_int() | 1;
  T.verbose = g_getenv("MEEPLE_CRASH_VERBOSE") != NULL;
  setvbuf(stdout, NULL, _IOLBF, 0);
  signal(SIGPIPE, SIG_IGN);
  /* a hang must fail, not stop make check */
  alarm(120 + n_kills * 2);

  GError *error = NULL;
  if (!fixture_available(&error)) {
    printf("SKIP: %s\n", error->message);
    return 77;
  }
  const char *m = g_getenv("MEEPLED");
  T.meepled = m && *m ? g_strdup(m)
                      : g_build_filename(g_getenv("TEST_BUILDDIR")
                                           ? g_getenv("TEST_BUILDDIR")
                                           : TEST_BUILDDIR,
                                         "daemon", "meepled", NULL);
  load_rules();
  if (!fixture_start(&error))
    fail("private bus: %s", error->message);
  T.state_dir = g_build_filename(fixture_dir(), "state", NULL);
  T.log_path = g_build_filename(fixture_dir(), "meepled.log", NULL);
  T.bus = fixture_connect(&error);
  if (!T.bus)
    fail("connect: %s", error->message);
  T.rand = g_rand_new_with_seed(seed);
  T.games = g_ptr_array_new();
  T.finished = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  T.records = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  T.restart_ms = g_array_new(FALSE, FALSE, sizeof(double));
  printf("# crash-resume: %u games, %u kills, seed %u (MEEPLE_CRASH_SEED)\n",
         n_games, n_kills, seed);

  gint64 t0 = g_get_monotonic_time();
  start_daemon();
  for (guint i = 0; i < n_games; i++)
    g_ptr_array_add(T.games, new_game());

  for (guint k = 0; k <= n_kills; k++) {
    /* play, all games at once */
    for (guint i = 0; i < T.games->len; i++)
      step(T.games->pdata[i]);
    if (k == n_kills)
      break;
    play_for((guint)g_rand_int_range(T.rand, 20, 301));
    guint in_flight = 0;
    for (guint i = 0; i < T.games->len; i++)
      in_flight += ((Game *)T.games->pdata[i])->act_sent;
    kill_daemon();
    drain();
    double ms = start_daemon();
    g_array_append_val(T.restart_ms, ms);
    guint before_committed = T.inflight_committed;
    verify_all();
    if (T.verbose)
      printf("# kill %u: %u acts in flight (%u committed), restart %.1f ms, "
             "%" G_GUINT64_FORMAT " acknowledged so far\n",
             T.kills, in_flight, T.inflight_committed - before_committed, ms,
             T.acked_total);
    replace_over_games();
  }
  /* the calls of the last round end normally; then a clean stop */
  T.down = TRUE;
  drain();
  kill(T.daemon_pid, SIGTERM);
  int status;
  while (waitpid(T.daemon_pid, &status, 0) < 0 && errno == EINTR)
    ;
  T.daemon_pid = 0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail("meepled did not stop cleanly on SIGTERM (status 0x%x)", status);
  double seconds = (double)(g_get_monotonic_time() - t0) / 1e6;

  g_array_sort(T.restart_ms, compare_doubles);
  double median = T.restart_ms->len
                    ? g_array_index(T.restart_ms, double, T.restart_ms->len / 2)
                    : 0;
  double max = T.restart_ms->len
                 ? g_array_index(T.restart_ms, double, T.restart_ms->len - 1)
                 : 0;
  printf("crash-resume: PASS: %u kills, %u games (%u ended), %" G_GUINT64_FORMAT
         " acknowledged actions, in flight at a kill: %u found committed, %u "
         "not committed; restart median %.1f ms, max %.1f ms; %.1f s\n",
         T.kills, T.created, g_hash_table_size(T.finished), T.acked_total,
         T.inflight_committed, T.inflight_lost, median, max, seconds);
  /* the closing line tools/test-summary counts: one check per restart,
   * each of which compared every game (a failure exits before this) */
  printf("%u passed, 0 failed\n", T.kills);

  for (guint i = 0; i < T.games->len; i++)
    game_free(T.games->pdata[i]);
  g_ptr_array_free(T.games, TRUE);
  g_hash_table_unref(T.finished);
  g_hash_table_unref(T.records);
  g_array_free(T.restart_ms, TRUE);
  g_rand_free(T.rand);
  stop_everything();
  for (guint c = 0; c < N_COMBOS; c++)
    meeple_rules_unref(T.rules[c]);
  meeple_loader_unref(T.loader);
  g_free(T.meepled);
  g_free(T.state_dir);
  g_free(T.log_path);
  return 0;
}
