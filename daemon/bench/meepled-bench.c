/* meepled-bench — what meepled costs on a real bus (make bench).
 *
 * Starts a private dbus-daemon and a meepled on it, then measures in one
 * run, so the figures can be compared as ratios on a noisy machine:
 *
 *   1. the round trip of one Act next to the round trip of a bare
 *      org.freedesktop.DBus.Peer.Ping to the same daemon (the floor: the
 *      same two hops through the bus with no work at all), interleaved;
 *      ActAndGetDecision's round trip is timed in the same loop;
 *   2. acts per second with N concurrent bot processes, each with its own
 *      connection and its own games, playing as libmeeple-client does
 *      (one ActAndGetDecision per move, its reply the next decision);
 *   3. the daemon's resident memory per idle game, over 1,000 games.
 *
 * Each measurement runs --runs times; the report gives the median run.
 * Targets (issue 4): Act median <= 1.3 x Ping median; >= 10,000 acts/s;
 * < 50 KiB per idle game.  Figures go to the README, never into tests. */
#include "config.h"

#include <dbus/dbus.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-common.h"
#include "dbus/names.h"
#include "dbus/variant.h"

typedef struct {
  int acts;
  int seconds;
  int clients;
  int games;
  int runs;
  char *daemon;
  char *state_sync;
} Options;

static GPid bus_pid, daemon_pid;
static char *tmpdir;

/* ---- the private bus and the daemon --------------------------------- */

/* bench_die()'s hook: the daemon and the bus go too. */
static void
stop_all(void)
{
  if (daemon_pid)
    kill(daemon_pid, SIGTERM);
  if (bus_pid)
    kill(bus_pid, SIGTERM);
}

static char *
start_bus(void)
{
  tmpdir = g_dir_make_tmp("meepled-bench-XXXXXX", NULL);
  if (!tmpdir)
    bench_die("cannot make a temporary directory");
  return bench_start_bus(tmpdir, &bus_pid);
}

static void
start_daemon(const Options *o, const char *address)
{
  /* its own game store, removed with the bench's directory: the figures
   * include the store's durable writes (doc/storage.md) */
  char *state = g_build_filename(tmpdir, "state", NULL);
  daemon_pid = bench_spawn_daemon(o->daemon, address, state,
                                  o->state_sync ? o->state_sync : "normal",
                                  NULL, NULL);
  g_free(state);
  DBusConnection *c = bench_connect(address);
  bench_wait_daemon(c, daemon_pid);
  dbus_connection_close(c);
  dbus_connection_unref(c);
}

/* ---- calls ---------------------------------------------------------- */

/* Creates a 2-seat game and takes both seats; returns its path. */
static char *
new_game(DBusConnection *c, guint64 seed)
{
  GVariantBuilder opts;
  g_variant_builder_init(&opts, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&opts, "{sv}", "seed", g_variant_new_uint64(seed));
  GVariant *r = bench_call(c, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                     "CreateGame", g_variant_new("(a{sv})", &opts));
  char *path;
  g_variant_get(r, "(os)", &path, NULL);
  g_variant_unref(r);
  return path;
}

static void
seat_both(DBusConnection *c, const char *path)
{
  for (int i = 0; i < 2; i++)
    g_variant_unref(bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "Join",
                         g_variant_new_parsed("(@a{sv} {},)")));
  g_variant_unref(bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "Start", NULL));
}

/* A bot's view of its current game: the pending decision's id, seat and
 * number of legal actions (it only needs their number). */
typedef struct {
  char *path;
  dbus_uint64_t id;
  dbus_uint32_t seat;
  int n_actions;
} BotGame;

/* Reads the decision fields (id, seat, kind, description, actions) at @it;
 * FALSE when the kind is empty: the game is over. */
static gboolean
read_decision(DBusMessageIter *it, BotGame *game)
{
  const char *kind = "";
  dbus_message_iter_get_basic(it, &game->id);
  dbus_message_iter_next(it);
  dbus_message_iter_get_basic(it, &game->seat);
  dbus_message_iter_next(it);
  dbus_message_iter_get_basic(it, &kind);
  dbus_message_iter_next(it);
  dbus_message_iter_next(it);
  game->n_actions = dbus_message_iter_get_element_count(it);
  if (*kind && game->n_actions < 1)
    bench_die("a decision without legal actions");
  return *kind != '\0';
}

/* GetDecision into @game; FALSE when the game is over. */
static gboolean
get_decision(DBusConnection *c, BotGame *game)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *m = bench_new_call(game->path, MEEPLE_DBUS_GAME_IFACE,
                                  "GetDecision", NULL);
  DBusMessage *reply =
    dbus_connection_send_with_reply_and_block(c, m, 30000, &err);
  dbus_message_unref(m);
  if (!reply) {
    if (strcmp(err.name, MEEPLE_DBUS_ERROR_PREFIX "GameOver") != 0)
      bench_die("GetDecision: %s", err.message);
    dbus_error_free(&err);
    return FALSE;
  }
  if (!dbus_message_has_signature(reply, "tuss" "a" MEEPLE_DBUS_ACTION_SIG))
    bench_die("GetDecision answered with (%s)",
              dbus_message_get_signature(reply));
  DBusMessageIter it;
  dbus_message_iter_init(reply, &it);
  gboolean pending = read_decision(&it, game);
  dbus_message_unref(reply);
  return pending;
}

/* The @method ("Act" or "ActAndGetDecision") message for a random legal
 * action of @game's pending decision. */
static DBusMessage *
act_message(const char *method, const BotGame *game, GRand *rand)
{
  DBusMessage *m = bench_new_call(game->path, MEEPLE_DBUS_GAME_IFACE, method,
                                  NULL);
  DBusMessageIter args, dict;
  dbus_uint32_t seat = game->seat;
  dbus_uint64_t id = game->id;
  dbus_uint32_t index = (dbus_uint32_t)g_rand_int_range(rand, 0,
                                                        game->n_actions);
  dbus_message_iter_init_append(m, &args);
  dbus_message_iter_append_basic(&args, DBUS_TYPE_UINT32, &seat);
  dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
  bench_dict_add(&dict, "index", DBUS_TYPE_UINT32, &index);
  bench_dict_add(&dict, "decision", DBUS_TYPE_UINT64, &id);
  dbus_message_iter_close_container(&args, &dict);
  return m;
}

/* Makes sure @game has a pending decision, starting a new game whenever
 * there is none or it is over. */
static void
ensure_game(DBusConnection *c, BotGame *game, GRand *rand)
{
  for (;;) {
    if (!game->path) {
      game->path = new_game(c, g_rand_int(rand));
      seat_both(c, game->path);
    }
    if (get_decision(c, game))
      return;
    g_clear_pointer(&game->path, g_free);
  }
}

/* Sends @m (consumed); returns the reply. */
static DBusMessage *
call_message(DBusConnection *c, DBusMessage *m)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *reply =
    dbus_connection_send_with_reply_and_block(c, m, 30000, &err);
  if (!reply)
    bench_die("%s failed: %s: %s", dbus_message_get_member(m), err.name,
        err.message);
  dbus_message_unref(m);
  return reply;
}

/* Sends @m (consumed) and drops the reply. */
static void
send_only(DBusConnection *c, DBusMessage *m)
{
  dbus_message_unref(call_message(c, m));
}

/* One move of the bot holding both seats of @game, the way real bots play
 * (libmeeple-client): ActAndGetDecision, whose reply brings the next
 * decision; a new game when this one is over. */
static void
bot_move(DBusConnection *c, BotGame *game, GRand *rand)
{
  if (!game->path)
    ensure_game(c, game, rand);
  DBusMessage *reply =
    call_message(c, act_message("ActAndGetDecision", game, rand));
  DBusMessageIter it, decision;
  if (!dbus_message_has_signature(reply, "t(tussa" MEEPLE_DBUS_ACTION_SIG ")"))
    bench_die("ActAndGetDecision answered with (%s)",
              dbus_message_get_signature(reply));
  dbus_message_iter_init(reply, &it);
  dbus_message_iter_next(&it);   /* the sequence number */
  dbus_message_iter_recurse(&it, &decision);
  if (!read_decision(&decision, game))
    g_clear_pointer(&game->path, g_free);
  dbus_message_unref(reply);
}

/* ---- 1. round trips ------------------------------------------------- */

typedef struct {
  double act_median, act_p99, ping_median, ping_p99, both_median, both_p99;
} RoundTrips;

static RoundTrips
round_trips(const char *address, int acts, guint32 seed)
{
  DBusConnection *c = bench_connect(address);
  GRand *rand = g_rand_new_with_seed(seed);
  GArray *act = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *ping = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *both = g_array_new(FALSE, FALSE, sizeof(double));
  BotGame game = { 0 };
  while ((int)act->len < acts) {
    ensure_game(c, &game, rand);
    /* Ping, Act and ActAndGetDecision take turns, so all see the same
     * machine load; GetDecision (untimed) brings each decision.  Each timed
     * call finds the daemon idle: the Ping comes first because after an
     * Act the daemon still sends its signals, and a Ping then would wait
     * for them. */
    DBusMessage *p = dbus_message_new_method_call(
      MEEPLE_DBUS_NAME, MEEPLE_DBUS_MANAGER_PATH, "org.freedesktop.DBus.Peer",
      "Ping");
    gint64 t2 = g_get_monotonic_time();
    send_only(c, p);
    gint64 t3 = g_get_monotonic_time();
    DBusMessage *m = act_message("Act", &game, rand);
    gint64 t0 = g_get_monotonic_time();
    send_only(c, m);
    gint64 t1 = g_get_monotonic_time();
    double a = (double)(t1 - t0), b = (double)(t3 - t2);
    g_array_append_val(act, a);
    g_array_append_val(ping, b);
    if (get_decision(c, &game)) {
      m = act_message("ActAndGetDecision", &game, rand);
      gint64 t4 = g_get_monotonic_time();
      send_only(c, m);
      gint64 t5 = g_get_monotonic_time();
      double d = (double)(t5 - t4);
      g_array_append_val(both, d);
    }
  }
  RoundTrips r = { bench_percentile(act, 0.5), bench_percentile(act, 0.99),
                   bench_percentile(ping, 0.5), bench_percentile(ping, 0.99),
                   bench_percentile(both, 0.5), bench_percentile(both, 0.99) };
  g_free(game.path);
  g_array_free(act, TRUE);
  g_array_free(ping, TRUE);
  g_array_free(both, TRUE);
  g_rand_free(rand);
  dbus_connection_close(c);
  dbus_connection_unref(c);
  return r;
}

/* ---- 2. concurrent bots --------------------------------------------- */

/* One bot process: plays its own games for @seconds; returns its acts. */
static long
bot_process(const char *address, int seconds, guint32 seed)
{
  DBusConnection *c = bench_connect(address);
  GRand *rand = g_rand_new_with_seed(seed);
  gint64 end = g_get_monotonic_time() + (gint64)seconds * G_USEC_PER_SEC;
  long acts = 0;
  BotGame game = { 0 };
  while (g_get_monotonic_time() < end) {
    bot_move(c, &game, rand);
    acts++;
  }
  g_free(game.path);
  g_rand_free(rand);
  dbus_connection_close(c);
  dbus_connection_unref(c);
  return acts;
}

static double
concurrent_acts(const char *address, int clients, int seconds, guint32 seed)
{
  int fds[2];
  if (pipe(fds) != 0)
    bench_die("pipe failed");
  pid_t *bots = g_new(pid_t, clients);
  for (int i = 0; i < clients; i++) {
    pid_t pid = bots[i] = fork();
    if (pid < 0)
      bench_die("fork failed");
    if (pid == 0) {
      close(fds[0]);
      long acts = bot_process(address, seconds, seed + (guint32)i);
      if (write(fds[1], &acts, sizeof acts) != sizeof acts)
        _exit(1);
      _exit(0);
    }
  }
  close(fds[1]);
  long total = 0, acts;
  for (int i = 0; i < clients; i++)
    if (read(fds[0], &acts, sizeof acts) == sizeof acts)
      total += acts;
  close(fds[0]);
  /* the bots only: meepled is a child too */
  for (int i = 0; i < clients; i++)
    waitpid(bots[i], NULL, 0);
  g_free(bots);
  return (double)total / seconds;
}

/* ---- 3. memory ------------------------------------------------------ */

static long
daemon_rss_kib(void)
{
  char *file = g_strdup_printf("/proc/%d/status", (int)daemon_pid);
  char *text = NULL;
  long kib = -1;
  if (g_file_get_contents(file, &text, NULL, NULL)) {
    const char *line = strstr(text, "VmRSS:");
    if (line)
      kib = strtol(line + 6, NULL, 10);
  }
  g_free(text);
  g_free(file);
  return kib;
}

static double
idle_game_kib(const char *address, int games)
{
  DBusConnection *c = bench_connect(address);
  /* The first game builds the base rules, which every later game shares. */
  g_free(new_game(c, 0));
  long before = daemon_rss_kib();
  for (int i = 0; i < games; i++)
    g_free(new_game(c, (guint64)i));
  long after = daemon_rss_kib();
  dbus_connection_close(c);
  dbus_connection_unref(c);
  return (double)(after - before) / games;
}

/* CPU seconds (user + system) @pid has used so far. */
static double
cpu_seconds(GPid pid)
{
  char *file = g_strdup_printf("/proc/%d/stat", (int)pid);
  char *text = NULL;
  double seconds = 0;
  if (g_file_get_contents(file, &text, NULL, NULL)) {
    /* Fields after the command name, which may hold spaces. */
    const char *p = strrchr(text, ')');
    unsigned long utime = 0, stime = 0;
    if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
                    &utime, &stime) == 2)
      seconds = (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
  }
  g_free(text);
  g_free(file);
  return seconds;
}

/* ---- main ----------------------------------------------------------- */

int
main(int argc, char **argv)
{
  Options o = { .acts = 2000, .seconds = 3, .clients = 8, .games = 1000,
                .runs = 3 };
  bench_init("meepled-bench", stop_all);
  GOptionEntry entries[] = {
    { "acts", 0, 0, G_OPTION_ARG_INT, &o.acts,
      "Acts timed per round-trip run (default 2000)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &o.seconds,
      "Length of each concurrent run (default 3)", "S" },
    { "clients", 0, 0, G_OPTION_ARG_INT, &o.clients,
      "Concurrent bot processes (default 8)", "N" },
    { "games", 0, 0, G_OPTION_ARG_INT, &o.games,
      "Idle games for the memory figure (default 1000)", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &o.runs,
      "Runs of each measurement; the median is reported (default 3)", "N" },
    { "daemon", 0, 0, G_OPTION_ARG_FILENAME, &o.daemon,
      "The meepled to measure (default: the build tree's)", "PATH" },
    { "state-sync", 0, 0, G_OPTION_ARG_STRING, &o.state_sync,
      "meepled's --state-sync: normal (its default) or full", "MODE" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  GOptionContext *context = g_option_context_new("- measure meepled on a "
                                                 "private bus");
  g_option_context_add_main_entries(context, entries, NULL);
  GError *error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error)) {
    fprintf(stderr, "meepled-bench: %s\n", error->message);
    return 2;
  }
  g_option_context_free(context);
  if (o.acts < 1 || o.seconds < 1 || o.clients < 1 || o.games < 1 ||
      o.runs < 1) {
    fprintf(stderr, "meepled-bench: every count must be at least 1\n");
    return 2;
  }
  if (!o.daemon)
    o.daemon = g_strdup(MEEPLE_BUILD_DAEMON);
  signal(SIGPIPE, SIG_IGN);

  char *address = start_bus();
  start_daemon(&o, address);
  printf("meepled-bench: private bus, %d run(s) per figure, medians of "
         "runs; meepled --state-sync=%s\n",
         o.runs, o.state_sync ? o.state_sync : "normal");

  /* Memory first, on a daemon that holds nothing but warm rules. */
  double kib = idle_game_kib(address, o.games);
  printf("  memory per idle game: %.1f KiB over %d games   (target < 50)\n",
         kib, o.games);

  double am[o.runs], a99[o.runs], pm[o.runs], p99[o.runs], ratio[o.runs];
  double bm[o.runs], b99[o.runs], bratio[o.runs];
  for (int r = 0; r < o.runs; r++) {
    RoundTrips t = round_trips(address, o.acts, 1000u + (guint32)r);
    am[r] = t.act_median;
    a99[r] = t.act_p99;
    pm[r] = t.ping_median;
    p99[r] = t.ping_p99;
    ratio[r] = t.act_median / t.ping_median;
    bm[r] = t.both_median;
    b99[r] = t.both_p99;
    bratio[r] = t.both_median / t.ping_median;
  }
  printf("  act round trip:  median %7.1f us   p99 %7.1f us\n",
         bench_median(am, o.runs), bench_median(a99, o.runs));
  printf("  ping round trip: median %7.1f us   p99 %7.1f us\n",
         bench_median(pm, o.runs), bench_median(p99, o.runs));
  printf("  act / ping (median):   %.2f   (target <= 1.30)\n",
         bench_median(ratio, o.runs));
  printf("  ActAndGetDecision round trip: median %7.1f us   p99 %7.1f us"
         "   (/ ping: %.2f)\n",
         bench_median(bm, o.runs), bench_median(b99, o.runs),
         bench_median(bratio, o.runs));

  double rate[o.runs];
  double daemon_cpu = cpu_seconds(daemon_pid), bus_cpu = cpu_seconds(bus_pid);
  for (int r = 0; r < o.runs; r++)
    rate[r] = concurrent_acts(address, o.clients, o.seconds, 2000u + 100u * (guint32)r);
  double wall = (double)o.runs * o.seconds;
  printf("  acts/s, %d concurrent bots: %.0f   (target >= 10000)\n",
         o.clients, bench_median(rate, o.runs));
  /* Where the time goes: on a small machine the bus daemon and the bot
   * processes share the cores with meepled. */
  printf("  CPU while the bots ran: meepled %.0f%%, dbus-daemon %.0f%% of one "
         "core; %ld cores\n",
         100 * (cpu_seconds(daemon_pid) - daemon_cpu) / wall,
         100 * (cpu_seconds(bus_pid) - bus_cpu) / wall,
         sysconf(_SC_NPROCESSORS_ONLN));

  kill(daemon_pid, SIGTERM);
  waitpid(daemon_pid, NULL, 0);
  kill(bus_pid, SIGTERM);
  waitpid(bus_pid, NULL, 0);
  char *conf = g_build_filename(tmpdir, "bus.conf", NULL);
  g_unlink(conf);
  g_free(conf);
  char *state = g_build_filename(tmpdir, "state", NULL);
  const char *const store[] = { "meepled.db", "meepled.db-wal",
                                "meepled.db-shm" };
  for (gsize i = 0; i < G_N_ELEMENTS(store); i++) {
    char *file = g_build_filename(state, store[i], NULL);
    g_unlink(file);
    g_free(file);
  }
  g_rmdir(state);
  g_free(state);
  g_rmdir(tmpdir);
  g_free(address);
  g_free(o.daemon);
  return 0;
}
