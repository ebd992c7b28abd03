/* meepled-store-bench — what persistence costs meepled (make bench).
 *
 * Starts a private dbus-daemon and meepled on it with a game store
 * (--state-dir) of its own, then measures:
 *
 *   1. the round trip of one durable Act: one client plays random legal
 *      actions in sequence (GetDecision untimed, then a timed Act whose
 *      reply the daemon sends only once the action is committed), next to
 *      a bare Peer.Ping (the bus's floor), interleaved; with the store on
 *      the file system of the current directory (the build tree, as `make
 *      bench` runs) with --state-sync=normal (the default: the commit is
 *      handed to the system) and =full (after an fsync), and for
 *      comparison with full on tmpfs (/dev/shm: the same work without the
 *      disk flush);
 *   2. the restart time with N unfinished games (default 1,000, each with
 *      20-40 actions): meepled is killed with SIGKILL, started again, and
 *      timed from the exec to its name being owned on the bus, and to
 *      ListGames answering with all N games.
 *
 * Each measurement runs --runs times; the report gives the median run.
 * Targets (issue 9): durable act median < 2 ms; restart with 1,000 games
 * < 2 s.  Figures go to the README, never into tests. */
#include "config.h"

#include <dbus/dbus.h>
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-common.h"
#include "dbus/names.h"
#include "dbus/variant.h"

typedef struct {
  int acts;
  int games;
  int runs;
  int history;
  char *daemon;
  char *state_parent;
  gboolean no_tmpfs;
} Options;

static GPid bus_pid, daemon_pid;
static char *bus_dir;
static char *address;
static char *state_dirs[2];
static char *daemon_log;

static void cleanup(void);

/* bench_die()'s hook: meepled's log, then everything stops. */
static void
on_die(void)
{
  char *text = NULL;
  if (daemon_log && g_file_get_contents(daemon_log, &text, NULL, NULL) &&
      *text)
    fprintf(stderr, "meepled's log:\n%s", text);
  g_free(text);
  cleanup();
}

/* Removes @path and everything below it (no symbolic links followed). */
static void
remove_tree(const char *path)
{
  GDir *dir = g_dir_open(path, 0, NULL);
  if (dir) {
    const char *name;
    while ((name = g_dir_read_name(dir))) {
      char *child = g_build_filename(path, name, NULL);
      if (g_file_test(child, G_FILE_TEST_IS_DIR) &&
          !g_file_test(child, G_FILE_TEST_IS_SYMLINK))
        remove_tree(child);
      else
        g_unlink(child);
      g_free(child);
    }
    g_dir_close(dir);
  }
  g_rmdir(path);
}

static void
stop_daemon(int signal_number)
{
  if (!daemon_pid)
    return;
  kill(daemon_pid, signal_number);
  int status;
  while (waitpid(daemon_pid, &status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid(daemon_pid);
  daemon_pid = 0;
}

static void
cleanup(void)
{
  stop_daemon(SIGKILL);
  if (bus_pid) {
    kill(bus_pid, SIGTERM);
    waitpid(bus_pid, NULL, 0);
    bus_pid = 0;
  }
  for (int i = 0; i < 2; i++)
    if (state_dirs[i]) {
      remove_tree(state_dirs[i]);
      g_clear_pointer(&state_dirs[i], g_free);
    }
  g_clear_pointer(&daemon_log, g_free);
  if (bus_dir) {
    remove_tree(bus_dir);
    g_clear_pointer(&bus_dir, g_free);
  }
}

/* ---- the private bus and the daemon --------------------------------- */

static void
start_bus(void)
{
  bus_dir = g_dir_make_tmp("meepled-store-bench-XXXXXX", NULL);
  if (!bus_dir)
    bench_die("cannot make a temporary directory");
  address = bench_start_bus(bus_dir, &bus_pid);
  daemon_log = g_build_filename(bus_dir, "meepled.log", NULL);
}

static DBusConnection *
connect_bus(void)
{
  return bench_connect(address);
}

static void
disconnect(DBusConnection *c)
{
  dbus_connection_close(c);
  dbus_connection_unref(c);
}

/* Starts meepled on @state_dir with --state-sync=@sync (NULL: its
 * default), its messages in a log of its own that is shown when it
 * fails; returns the exec time (monotonic µs). */
static gint64
spawn_daemon(const Options *o, const char *state_dir, const char *sync)
{
  gint64 t0;
  daemon_pid = bench_spawn_daemon(o->daemon, address, state_dir, sync,
                                  daemon_log, &t0);
  return t0;
}

/* Waits for the daemon's name; returns when it was first seen owned. */
static gint64
wait_name(DBusConnection *c)
{
  return bench_wait_daemon(c, daemon_pid);
}

/* ---- calls ---------------------------------------------------------- */

static const char *const rule_choices[][3] = {
  { NULL }, { "abbot", NULL }, { "princess-dragon", NULL },
  { "mist", "spell-circles", NULL }, { "circus", NULL },
};

/* A new game with 2-4 seats, every seat joined by @c, started; returns its
 * path. */
static char *
new_game(DBusConnection *c, GRand *rand, gboolean varied)
{
  GVariantBuilder opts;
  guint seats = varied ? (guint)g_rand_int_range(rand, 2, 5) : 2;
  g_variant_builder_init(&opts, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&opts, "{sv}", "seed",
                        g_variant_new_uint64(g_rand_int(rand)));
  g_variant_builder_add(&opts, "{sv}", "seats", g_variant_new_uint32(seats));
  if (varied) {
    guint r = (guint)g_rand_int_range(rand, 0, G_N_ELEMENTS(rule_choices));
    g_variant_builder_add(&opts, "{sv}", "rules",
                          g_variant_new_strv(rule_choices[r], -1));
  }
  GVariant *reply = bench_call(c, MEEPLE_DBUS_MANAGER_PATH,
                         MEEPLE_DBUS_MANAGER_IFACE, "CreateGame",
                         g_variant_new("(a{sv})", &opts));
  char *path;
  g_variant_get(reply, "(os)", &path, NULL);
  g_variant_unref(reply);
  for (guint i = 0; i < seats; i++)
    g_variant_unref(bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "Join",
                         g_variant_new_parsed("(@a{sv} {},)")));
  g_variant_unref(bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "Start", NULL));
  return path;
}

/* The Act for a random legal action of the decision in @reply (a
 * GetDecision reply), or NULL when @reply is the GameOver error. */
static DBusMessage *
act_for(const char *path, DBusMessage *reply, GRand *rand)
{
  if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
    if (strcmp(dbus_message_get_error_name(reply),
               MEEPLE_DBUS_ERROR_GAME_OVER) != 0)
      bench_die("GetDecision: %s", dbus_message_get_error_name(reply));
    return NULL;
  }
  if (!dbus_message_has_signature(reply, "tuss" "a" MEEPLE_DBUS_ACTION_SIG))
    bench_die("GetDecision answered with (%s)", dbus_message_get_signature(reply));
  DBusMessageIter it;
  dbus_uint64_t id = 0;
  dbus_uint32_t seat = 0;
  dbus_message_iter_init(reply, &it);
  dbus_message_iter_get_basic(&it, &id);
  dbus_message_iter_next(&it);
  dbus_message_iter_get_basic(&it, &seat);
  dbus_message_iter_next(&it);
  dbus_message_iter_next(&it);
  dbus_message_iter_next(&it);
  int n = dbus_message_iter_get_element_count(&it);
  if (n < 1)
    bench_die("a decision without legal actions");
  DBusMessage *m = bench_new_call(path, MEEPLE_DBUS_GAME_IFACE, "Act", NULL);
  DBusMessageIter args, dict;
  dbus_uint32_t index = (dbus_uint32_t)g_rand_int_range(rand, 0, n);
  dbus_message_iter_init_append(m, &args);
  dbus_message_iter_append_basic(&args, DBUS_TYPE_UINT32, &seat);
  dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
  bench_dict_add(&dict, "index", DBUS_TYPE_UINT32, &index);
  bench_dict_add(&dict, "decision", DBUS_TYPE_UINT64, &id);
  dbus_message_iter_close_container(&args, &dict);
  return m;
}

/* Sends @m (consumed); returns the reply, an error reply included. */
static DBusMessage *
call_raw(DBusConnection *c, DBusMessage *m)
{
  DBusPendingCall *pending = NULL;
  if (!dbus_connection_send_with_reply(c, m, &pending, 60000) || !pending)
    bench_die("cannot send %s", dbus_message_get_member(m));
  dbus_message_unref(m);
  dbus_pending_call_block(pending);
  DBusMessage *reply = dbus_pending_call_steal_reply(pending);
  dbus_pending_call_unref(pending);
  return reply;
}

/* The next Act of the game at *@path, starting a new game (replacing
 * *@path) whenever there is none or it is over. */
static DBusMessage *
next_act(DBusConnection *c, char **path, GRand *rand)
{
  for (;;) {
    if (!*path)
      *path = new_game(c, rand, FALSE);
    DBusMessage *reply = call_raw(
      c, bench_new_call(*path, MEEPLE_DBUS_GAME_IFACE, "GetDecision", NULL));
    DBusMessage *m = act_for(*path, reply, rand);
    dbus_message_unref(reply);
    if (m)
      return m;
    g_clear_pointer(path, g_free);
  }
}

/* ---- figures -------------------------------------------------------- */

/* What file system @dir is on, for the report. */
static const char *
fs_name(const char *dir)
{
  struct statfs s;
  if (statfs(dir, &s) != 0)
    return "?";
  switch ((unsigned long)s.f_type) {
  case 0xEF53: return "ext4";
  case 0x01021994: return "tmpfs";
  case 0x9123683E: return "btrfs";
  case 0x58465342: return "xfs";
  case 0x794c7630: return "overlayfs";
  case 0x2FC12FC1: return "zfs";
  case 0x6969: return "nfs";
  default: return "other";
  }
}

static double
file_mib(const char *dir)
{
  double total = 0;
  const char *names[] = { "meepled.db", "meepled.db-wal", NULL };
  for (int i = 0; names[i]; i++) {
    char *path = g_build_filename(dir, names[i], NULL);
    struct stat st;
    if (stat(path, &st) == 0)
      total += (double)st.st_size;
    g_free(path);
  }
  return total / (1024.0 * 1024.0);
}

/* ---- 1. durable acts ------------------------------------------------ */

typedef struct {
  double act_median, act_p99, ping_median, ping_p99;
} RoundTrips;

static RoundTrips
round_trips(int acts, guint32 seed)
{
  DBusConnection *c = connect_bus();
  GRand *rand = g_rand_new_with_seed(seed);
  GArray *act = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *ping = g_array_new(FALSE, FALSE, sizeof(double));
  char *path = NULL;
  while ((int)act->len < acts) {
    DBusMessage *m = next_act(c, &path, rand);
    /* The Ping first, as in meepled-bench: after an Act the daemon still
     * sends its signals, and a Ping then would wait for them. */
    DBusMessage *p = dbus_message_new_method_call(
      MEEPLE_DBUS_NAME, MEEPLE_DBUS_MANAGER_PATH, "org.freedesktop.DBus.Peer",
      "Ping");
    gint64 t2 = g_get_monotonic_time();
    g_variant_unref(bench_send(c, p));
    gint64 t3 = g_get_monotonic_time();
    gint64 t0 = g_get_monotonic_time();
    g_variant_unref(bench_send(c, m));
    gint64 t1 = g_get_monotonic_time();
    double a = (double)(t1 - t0), b = (double)(t3 - t2);
    g_array_append_val(act, a);
    g_array_append_val(ping, b);
  }
  RoundTrips r = { bench_percentile(act, 0.5), bench_percentile(act, 0.99),
                   bench_percentile(ping, 0.5), bench_percentile(ping, 0.99) };
  g_free(path);
  g_array_free(act, TRUE);
  g_array_free(ping, TRUE);
  g_rand_free(rand);
  disconnect(c);
  return r;
}

static void
report_acts(const Options *o, const char *state_dir, const char *sync,
            const char *label, gboolean target)
{
  spawn_daemon(o, state_dir, sync);
  DBusConnection *c = connect_bus();
  wait_name(c);
  double am[o->runs], a99[o->runs], pm[o->runs], p99[o->runs];
  for (int r = 0; r < o->runs; r++) {
    RoundTrips t = round_trips(o->acts, 1000u + (guint32)r);
    am[r] = t.act_median;
    a99[r] = t.act_p99;
    pm[r] = t.ping_median;
    p99[r] = t.ping_p99;
  }
  disconnect(c);
  stop_daemon(SIGTERM);
  printf("  durable act, --state-sync=%s, store on %s (%s):\n", sync, label,
         fs_name(state_dir));
  printf("    act round trip:  median %7.1f us   p99 %7.1f us%s\n",
         bench_median(am, o->runs), bench_median(a99, o->runs),
         target ? "   (target: median < 2000 us)" : "");
  printf("    ping round trip: median %7.1f us   p99 %7.1f us\n",
         bench_median(pm, o->runs), bench_median(p99, o->runs));
}

/* ---- 2. restart with many games ------------------------------------- */

/* Creates @games started games and plays 20-40 random actions in each
 * (fewer when one ends first).  The calls of a round go out to every game
 * before any reply is read, so the daemon's group commit batches them.
 * Returns the actions played. */
static long
fill_store(DBusConnection *c, int games, GRand *rand)
{
  char **paths = g_new0(char *, games);
  int *todo = g_new0(int, games);
  long total = 0;
  for (int i = 0; i < games; i++) {
    paths[i] = new_game(c, rand, TRUE);
    todo[i] = g_rand_int_range(rand, 20, 41);
  }
  DBusPendingCall **pending = g_new0(DBusPendingCall *, games);
  DBusMessage **acts = g_new0(DBusMessage *, games);
  for (;;) {
    int live = 0;
    for (int i = 0; i < games; i++) {
      if (todo[i] <= 0)
        continue;
      DBusMessage *m =
        bench_new_call(paths[i], MEEPLE_DBUS_GAME_IFACE, "GetDecision", NULL);
      if (!dbus_connection_send_with_reply(c, m, &pending[i], 60000) ||
          !pending[i])
        bench_die("cannot send GetDecision");
      dbus_message_unref(m);
      live++;
    }
    if (!live)
      break;
    for (int i = 0; i < games; i++) {
      if (todo[i] <= 0)
        continue;
      dbus_pending_call_block(pending[i]);
      DBusMessage *reply = dbus_pending_call_steal_reply(pending[i]);
      dbus_pending_call_unref(pending[i]);
      acts[i] = act_for(paths[i], reply, rand);
      dbus_message_unref(reply);
      if (!acts[i])
        todo[i] = 0; /* over already */
    }
    for (int i = 0; i < games; i++) {
      if (todo[i] <= 0)
        continue;
      if (!dbus_connection_send_with_reply(c, acts[i], &pending[i], 60000) ||
          !pending[i])
        bench_die("cannot send Act");
      dbus_message_unref(acts[i]);
    }
    for (int i = 0; i < games; i++) {
      if (todo[i] <= 0)
        continue;
      dbus_pending_call_block(pending[i]);
      DBusMessage *reply = dbus_pending_call_steal_reply(pending[i]);
      dbus_pending_call_unref(pending[i]);
      if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR)
        bench_die("Act: %s", dbus_message_get_error_name(reply));
      dbus_message_unref(reply);
      todo[i]--;
      total++;
    }
  }
  for (int i = 0; i < games; i++)
    g_free(paths[i]);
  g_free(paths);
  g_free(todo);
  g_free(pending);
  g_free(acts);
  return total;
}

/* Unfinished games ListGames lists. */
static guint
count_listed(DBusConnection *c)
{
  GVariant *r = bench_call(c, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                     "ListGames", NULL);
  GVariant *list = g_variant_get_child_value(r, 0);
  guint n = 0;
  for (gsize i = 0; i < g_variant_n_children(list); i++) {
    const char *status;
    GVariant *summary;
    g_variant_get_child(list, i, "(&s&o@a{sv})", NULL, NULL, &summary);
    if (g_variant_lookup(summary, "status", "&s", &status) &&
        strcmp(status, "playing") == 0)
      n++;
    g_variant_unref(summary);
  }
  g_variant_unref(list);
  g_variant_unref(r);
  return n;
}

static void
report_restart(const Options *o, const char *state_dir)
{
  spawn_daemon(o, state_dir, NULL);
  DBusConnection *c = connect_bus();
  wait_name(c);
  GRand *rand = g_rand_new_with_seed(4242);
  gint64 t0 = g_get_monotonic_time();
  long actions = fill_store(c, o->games, rand);
  double fill_s = (double)(g_get_monotonic_time() - t0) / 1e6;
  g_rand_free(rand);
  guint unfinished = count_listed(c);
  double name_ms[o->runs], list_ms[o->runs];
  for (int r = 0; r < o->runs; r++) {
    stop_daemon(SIGKILL);
    gint64 exec = spawn_daemon(o, state_dir, NULL);
    gint64 owned = wait_name(c);
    guint listed = count_listed(c);
    gint64 answered = g_get_monotonic_time();
    if (listed != unfinished)
      bench_die("after the restart ListGames lists %u unfinished games, not %u",
          listed, unfinished);
    name_ms[r] = (double)(owned - exec) / 1000.0;
    list_ms[r] = (double)(answered - exec) / 1000.0;
  }
  disconnect(c);
  stop_daemon(SIGTERM);
  printf("  restart with %u unfinished games (%ld actions, 20-40 each; "
         "store %.1f MiB on %s, filled in %.1f s):\n",
         unfinished, actions, file_mib(state_dir), fs_name(state_dir),
         fill_s);
  GString *runs = g_string_new(NULL);
  for (int r = 0; r < o->runs; r++)
    g_string_append_printf(runs, "%s%.0f", r ? " " : "", name_ms[r]);
  printf("    exec -> name owned:           median %7.1f ms   (runs: %s)   "
         "(target < 2000 ms)\n",
         bench_median(name_ms, o->runs), runs->str);
  printf("    exec -> ListGames lists them: median %7.1f ms\n",
         bench_median(list_ms, o->runs));
  g_string_free(runs, TRUE);
}

/* Median time (µs) of @calls ListHistory calls for a page of @limit at
 * @offset. */
static double
history_page_us(DBusConnection *c, guint offset, guint limit, int calls)
{
  double us[calls];
  for (int i = 0; i < calls; i++) {
    DBusMessage *m = bench_new_call(MEEPLE_DBUS_MANAGER_PATH,
                                    MEEPLE_DBUS_MANAGER_IFACE, "ListHistory",
                                    NULL);
    dbus_uint32_t o = offset, l = limit;
    dbus_message_append_args(m, DBUS_TYPE_UINT32, &o, DBUS_TYPE_UINT32, &l,
                             DBUS_TYPE_INVALID);
    gint64 t0 = g_get_monotonic_time();
    DBusMessage *reply = call_raw(c, m);
    us[i] = (double)(g_get_monotonic_time() - t0);
    if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR)
      bench_die("ListHistory: %s", dbus_message_get_error_name(reply));
    dbus_message_unref(reply);
  }
  return bench_median(us, calls);
}

/* ListHistory with @o->history finished games: a page at the start, the
 * middle and the end, against a Ping (issue 20: well under 10 ms). */
static void
report_history(const Options *o, const char *state_dir)
{
  spawn_daemon(o, state_dir, NULL);
  DBusConnection *c = connect_bus();
  wait_name(c);
  /* a finished game (an empty supply ends at the start), imported again
   * and again: one call per history entry */
  GVariant *reply = bench_call(c, MEEPLE_DBUS_MANAGER_PATH,
                               MEEPLE_DBUS_MANAGER_IFACE, "CreateGame",
                               g_variant_new_parsed("({'tiles': <@as []>},)"));
  char *path;
  g_variant_get(reply, "(os)", &path, NULL);
  g_variant_unref(reply);
  for (int i = 0; i < 2; i++)
    g_variant_unref(bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "Join",
                               g_variant_new_parsed("(@a{sv} {},)")));
  g_variant_unref(bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "Start", NULL));
  GVariant *rec = bench_call(c, path, MEEPLE_DBUS_GAME_IFACE, "ExportRecord",
                             NULL);
  const char *record;
  g_variant_get(rec, "(&s)", &record);
  gint64 t0 = g_get_monotonic_time();
  for (int i = 1; i < o->history; i++)
    g_variant_unref(bench_call(c, MEEPLE_DBUS_MANAGER_PATH,
                               MEEPLE_DBUS_MANAGER_IFACE, "ImportGame",
                               g_variant_new_parsed("(%s, @a{sv} {})",
                                                    record)));
  double fill_s = (double)(g_get_monotonic_time() - t0) / 1e6;
  g_variant_unref(rec);
  g_free(path);
  enum { CALLS = 200, PAGE = 50 };
  double page_first[o->runs], page_middle[o->runs], page_last[o->runs],
    ping[o->runs];
  guint last = o->history > PAGE ? (guint)o->history - PAGE : 0;
  for (int r = 0; r < o->runs; r++) {
    double ping_us[CALLS];
    for (int i = 0; i < CALLS; i++) {
      gint64 p0 = g_get_monotonic_time();
      dbus_message_unref(call_raw(c, bench_new_call(MEEPLE_DBUS_MANAGER_PATH,
                                                    DBUS_INTERFACE_PEER,
                                                    "Ping", NULL)));
      ping_us[i] = (double)(g_get_monotonic_time() - p0);
    }
    ping[r] = bench_median(ping_us, CALLS);
    page_first[r] = history_page_us(c, 0, PAGE, CALLS);
    page_middle[r] = history_page_us(c, (guint)o->history / 2, PAGE, CALLS);
    page_last[r] = history_page_us(c, last, PAGE, CALLS);
  }
  disconnect(c);
  stop_daemon(SIGTERM);
  printf("  ListHistory with %d finished games (imported in %.1f s), a page "
         "of %d, median of %d calls:\n",
         o->history, fill_s, PAGE, CALLS);
  printf("    the most recent page:         median %7.0f us\n",
         bench_median(page_first, o->runs));
  char *middle = g_strdup_printf("the page at %d:", o->history / 2);
  printf("    %-29s median %7.0f us\n", middle,
         bench_median(page_middle, o->runs));
  g_free(middle);
  printf("    the oldest page:              median %7.0f us   "
         "(target well under 10000 us)\n",
         bench_median(page_last, o->runs));
  printf("    Ping, for comparison:         median %7.0f us\n",
         bench_median(ping, o->runs));
}

/* ---- main ----------------------------------------------------------- */

int
main(int argc, char **argv)
{
  Options o = { .acts = 2000, .games = 1000, .runs = 3, .history = 30000 };
  bench_init("meepled-store-bench", on_die);
  GOptionEntry entries[] = {
    { "acts", 0, 0, G_OPTION_ARG_INT, &o.acts,
      "Durable acts timed per run (default 2000)", "N" },
    { "games", 0, 0, G_OPTION_ARG_INT, &o.games,
      "Unfinished games for the restart figure (default 1000)", "N" },
    { "history", 0, 0, G_OPTION_ARG_INT, &o.history,
      "Finished games for the ListHistory figure (default 30000)", "N" },
    { "runs", 0, 0, G_OPTION_ARG_INT, &o.runs,
      "Runs of each measurement; the median is reported (default 3)", "N" },
    { "state-dir", 0, 0, G_OPTION_ARG_FILENAME, &o.state_parent,
      "Make the stores in a new directory under DIR (default: the current "
      "directory, i.e. the build tree under make bench)", "DIR" },
    { "no-tmpfs", 0, 0, G_OPTION_ARG_NONE, &o.no_tmpfs,
      "Skip the comparison with a store on /dev/shm", NULL },
    { "daemon", 0, 0, G_OPTION_ARG_FILENAME, &o.daemon,
      "The meepled to measure (default: the build tree's)", "PATH" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  GOptionContext *context =
    g_option_context_new("- measure meepled's game store on a private bus");
  g_option_context_add_main_entries(context, entries, NULL);
  GError *error = NULL;
  if (!g_option_context_parse(context, &argc, &argv, &error)) {
    fprintf(stderr, "meepled-store-bench: %s\n", error->message);
    return 2;
  }
  g_option_context_free(context);
  if (o.acts < 1 || o.games < 1 || o.runs < 1 || o.history < 1) {
    fprintf(stderr, "meepled-store-bench: every count must be at least 1\n");
    return 2;
  }
  if (!o.daemon)
    o.daemon = g_strdup(MEEPLE_BUILD_DAEMON);
  signal(SIGPIPE, SIG_IGN);

  char *parent = o.state_parent ? g_strdup(o.state_parent) : g_get_current_dir();
  char *template = g_build_filename(parent, "meepled-store-bench-XXXXXX", NULL);
  state_dirs[0] = g_mkdtemp(template);
  if (!state_dirs[0])
    bench_die("cannot make a directory under %s: %s", parent, g_strerror(errno));
  if (!o.no_tmpfs && g_file_test("/dev/shm", G_FILE_TEST_IS_DIR)) {
    state_dirs[1] = g_strdup("/dev/shm/meepled-store-bench-XXXXXX");
    if (!g_mkdtemp(state_dirs[1]))
      g_clear_pointer(&state_dirs[1], g_free);
  }

  start_bus();
  printf("meepled-store-bench: private bus, store in %s, %d run(s) per "
         "figure, medians of runs\n",
         state_dirs[0], o.runs);
  char *acts_dir = g_build_filename(state_dirs[0], "acts", NULL);
  /* normal is meepled's default; full flushes the disk at every commit */
  report_acts(&o, acts_dir, "normal", "the build tree's file system", TRUE);
  report_acts(&o, acts_dir, "full", "the build tree's file system", TRUE);
  g_free(acts_dir);
  if (state_dirs[1])
    report_acts(&o, state_dirs[1], "full",
                "tmpfs, for comparison: no disk flush", FALSE);
  char *restart_dir = g_build_filename(state_dirs[0], "restart", NULL);
  report_restart(&o, restart_dir);
  g_free(restart_dir);
  char *history_dir = g_build_filename(state_dirs[0], "history", NULL);
  report_history(&o, history_dir);
  g_free(history_dir);

  cleanup();
  g_free(address);
  g_free(parent);
  g_free(o.daemon);
  g_free(o.state_parent);
  return 0;
}
