/* test-limits.c — one client cannot lock everybody out (issue 20;
 * doc/dbus-api.md "Limits" and "A game's life"), on a real private bus
 * with the built meepled activated by it:
 *
 *   - a connection flooding CreateGame stops at its own limit while
 *     another connection still creates, joins and plays; the Unix user's
 *     limit holds over all its connections and across a restart, and
 *     binds that user only (a second user, when the test runs as root);
 *   - waiting games expire --waiting-timeout after their seats last
 *     changed, also across a restart, and stay gone;
 *   - Game.Delete: who may, who may not (NotAuthorized), votes of the
 *     players of a game in progress, durable deletion, GameRemoved;
 *   - 30,000 imports stop at --import-rate with memory bounded;
 *   - the history is trimmed to --history-max and read page by page;
 *   - errors quote a bounded part of what the caller sent;
 *   - joiners see how the supply was made (GetState, ListGames);
 *   - StoreId stays the same across restarts. */
#include "config.h"

#include <check.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dbusfixture.h"

/* ---- fixture ------------------------------------------------------------ */

static void
setup_with(const char *const *args)
{
  GError *error = NULL;
  fixture_set_daemon_args(args);
  gboolean ok = fixture_start(&error);
  fixture_set_daemon_args(NULL);
  if (!ok)
    ck_abort_msg("cannot start the private bus: %s", error->message);
}

static void
teardown(void)
{
  GError *error = NULL;
  if (!fixture_stop_checked(&error))
    ck_abort_msg("%s", error->message);
}

/* Restarts the daemon: SIGTERM, then the next call activates it again
 * with the same options and store. */
static void
restart_daemon(void)
{
  int status = -1;
  ck_assert(fixture_stop_daemon(&status));
  ck_assert_int_eq(status, 0);
}

/* ---- calls ------------------------------------------------------------- */

static GDBusConnection *
conn_new(void)
{
  GError *error = NULL;
  GDBusConnection *c = fixture_connect(&error);
  ck_assert_msg(c != NULL, "cannot connect: %s", error ? error->message : "");
  return c;
}

static GVariant *
call_ok_(int line, GDBusConnection *c, const char *path, const char *iface,
         const char *method, GVariant *args, const char *type)
{
  GError *error = NULL;
  GVariant *r = fixture_call(c, path, iface, method, args,
                             type ? G_VARIANT_TYPE(type) : NULL, &error);
  if (!r)
    ck_abort_msg("line %d: %s on %s failed: %s", line, method, path,
                 error->message);
  return r;
}
#define call_ok(...) call_ok_(__LINE__, __VA_ARGS__)

/* The call fails with error @want (a short name: "LimitReached"); returns
 * its message (g_free). */
static char *
call_err_(int line, GDBusConnection *c, const char *path, const char *iface,
          const char *method, GVariant *args, const char *want)
{
  GError *error = NULL;
  GVariant *r = fixture_call(c, path, iface, method, args, NULL, &error);
  if (r) {
    g_autofree char *text = g_variant_print(r, TRUE);
    ck_abort_msg("line %d: %s succeeded (%s), expected %s", line, method,
                 text, want);
  }
  g_autofree char *name = fixture_error_name(error);
  g_autofree char *wanted = g_strconcat("org.meepled.Meepled1.Error.", want,
                                        NULL);
  ck_assert_msg(g_strcmp0(name, wanted) == 0, "line %d: %s: %s (%s), want %s",
                line, method, name, error->message, want);
  g_dbus_error_strip_remote_error(error);
  char *message = g_strdup(error->message);
  g_error_free(error);
  return message;
}
#define call_err(...) call_err_(__LINE__, __VA_ARGS__)

static GVariant *
mgr_ok(GDBusConnection *c, const char *method, GVariant *args,
       const char *type)
{
  return call_ok(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, method, args, type);
}

/* CreateGame with options @text (GVariant text); the new game's path. */
static char *
create(GDBusConnection *c, const char *text)
{
  GVariant *opts = g_variant_parse(G_VARIANT_TYPE("a{sv}"), text, NULL, NULL,
                                   NULL);
  ck_assert(opts);
  g_autoptr(GVariant) r = mgr_ok(c, "CreateGame", g_variant_new("(@a{sv})",
                                                                 opts),
                                 "(os)");
  char *path;
  g_variant_get(r, "(os)", &path, NULL);
  return path;
}

/* The message of a CreateGame that fails with LimitReached (g_free). */
static char *
create_refused(GDBusConnection *c)
{
  return call_err(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "CreateGame",
                  g_variant_new_parsed("(@a{sv} {},)"), "LimitReached");
}

static const char *
id_of(const char *path)
{
  return strrchr(path, '/') + 1;
}

static gboolean
game_exists(GDBusConnection *c, const char *path)
{
  GError *error = NULL;
  GVariant *r = fixture_call(c, FX_MANAGER_PATH, FX_MANAGER_IFACE, "GetGame",
                             g_variant_new("(s)", id_of(path)), NULL, &error);
  if (r) {
    g_variant_unref(r);
    return TRUE;
  }
  g_autofree char *name = fixture_error_name(error);
  ck_assert_str_eq(name, FX_ERROR("NoSuchGame"));
  g_error_free(error);
  return FALSE;
}

static guint32
join(GDBusConnection *c, const char *path)
{
  g_autoptr(GVariant) r =
    call_ok(c, path, FX_GAME_IFACE, "Join",
            g_variant_new_parsed("(@a{sv} {},)"), "(us)");
  guint32 seat;
  g_variant_get(r, "(u&s)", &seat, NULL);
  return seat;
}

static void
start(GDBusConnection *c, const char *path)
{
  g_autoptr(GVariant) r = call_ok(c, path, FX_GAME_IFACE, "Start", NULL,
                                  NULL);
}

static char *
state_string(GDBusConnection *c, const char *path, const char *key)
{
  g_autoptr(GVariant) r = call_ok(c, path, FX_GAME_IFACE, "GetState", NULL,
                                  "(a{sv})");
  g_autoptr(GVariant) dict = g_variant_get_child_value(r, 0);
  char *value = NULL;
  ck_assert_msg(g_variant_lookup(dict, key, "s", &value), "no %s", key);
  return value;
}

/* Plays the game to its end by taking the first legal action each time
 * (@c holds every seat). */
static void
play_to_end(GDBusConnection *c, const char *path)
{
  for (guint moves = 0;; moves++) {
    ck_assert_uint_lt(moves, 2000);
    g_autofree char *status = state_string(c, path, "status");
    if (strcmp(status, "over") == 0)
      return;
    g_autoptr(GVariant) d = call_ok(c, path, FX_GAME_IFACE, "GetDecision",
                                    NULL, "(tussa(sssiiussy))");
    guint32 seat;
    g_variant_get_child(d, 1, "u", &seat);
    g_autoptr(GVariant) r = call_ok(
      c, path, FX_GAME_IFACE, "Act",
      g_variant_new_parsed("(%u, {'index': <uint32 0>})", seat), "(t)");
  }
}

/* A game that @c creates with @options, joins twice and starts. */
static char *
started_game(GDBusConnection *c, const char *options)
{
  char *path = create(c, options);
  join(c, path);
  join(c, path);
  start(c, path);
  return path;
}

/* ---- a second Unix user ------------------------------------------------- */

/* Runs "gdbus call" as user nobody (65534) against the private bus:
 * TRUE when it could run at all (root, setpriv and gdbus present); its
 * exit status and output in *@status and *@output. */
static gboolean
call_as_other_user(const char *path, const char *method, const char *args,
                   int *status, char **output)
{
  g_autofree char *setpriv = g_find_program_in_path("setpriv");
  g_autofree char *gdbus = g_find_program_in_path("gdbus");
  if (geteuid() != 0 || !setpriv || !gdbus)
    return FALSE;
  /* the private bus's socket is root's: let the other user reach it */
  const char *address = fixture_address();
  const char *at = strstr(address, "unix:path=");
  if (at) {
    g_autofree char *socket = g_strndup(at + strlen("unix:path="),
                                        strcspn(at + strlen("unix:path="),
                                                ","));
    g_autofree char *dir = g_path_get_dirname(socket);
    ck_assert(g_chmod(dir, 0711) == 0 && g_chmod(socket, 0777) == 0);
  }
  const char *argv[] = {
    setpriv, "--reuid=65534", "--regid=65534", "--clear-groups",
    gdbus, "call", "--address", fixture_address(),
    "--dest", FX_NAME, "--object-path", path, "--method", method,
    args, NULL,
  };
  char *out = NULL, *err = NULL;
  GError *error = NULL;
  ck_assert_msg(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL,
                             NULL, &out, &err, status, &error),
                "cannot run %s: %s", setpriv, error ? error->message : "");
  *output = g_strconcat(out, err, NULL);
  g_free(out);
  g_free(err);
  return TRUE;
}

static gboolean
other_user_creates(char **output)
{
  int status;
  if (!call_as_other_user(FX_MANAGER_PATH, FX_MANAGER_IFACE ".CreateGame",
                          "@a{sv} {}", &status, output))
    return FALSE;
  ck_assert_msg(g_spawn_check_wait_status(status, NULL),
                "user nobody could not create a game: %s", *output);
  return TRUE;
}

/* ---- GameRemoved ------------------------------------------------------- */

typedef struct {
  GHashTable *reasons; /* id -> reason */
} Removed;

static void
on_removed(GDBusConnection *c, const char *sender, const char *path,
           const char *iface, const char *signal, GVariant *args,
           gpointer data)
{
  Removed *r = data;
  const char *id, *reason;
  (void)c, (void)sender, (void)path, (void)iface, (void)signal;
  g_variant_get(args, "(&s&o&s)", &id, NULL, &reason);
  g_hash_table_replace(r->reasons, g_strdup(id), g_strdup(reason));
}

static guint
watch_removed(GDBusConnection *c, Removed *r)
{
  if (!r->reasons)
    r->reasons = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                       g_free);
  return g_dbus_connection_signal_subscribe(
    c, NULL, FX_MANAGER_IFACE, "GameRemoved", FX_MANAGER_PATH, NULL,
    G_DBUS_SIGNAL_FLAGS_NONE, on_removed, r, NULL);
}

/* Dispatches signals for @ms milliseconds. */
static void
pump(guint ms)
{
  gint64 until = g_get_monotonic_time() + (gint64)ms * 1000;
  while (g_get_monotonic_time() < until)
    g_main_context_iteration(NULL, FALSE) || (g_usleep(2000), TRUE);
}

/* ---- the cases ----------------------------------------------------------- */

static void
setup_flood(void)
{
  static const char *const args[] = { "--max-games-per-client", "20",
                                      "--max-games-per-user", "30", NULL };
  setup_with(args);
}

START_TEST(test_flood)
{
  GDBusConnection *flood = conn_new();
  GDBusConnection *player = conn_new();
  /* one connection floods until its own limit */
  guint created = 0;
  char *why = NULL;
  for (; created < 1000; created++) {
    GError *error = NULL;
    GVariant *r = fixture_call(flood, FX_MANAGER_PATH, FX_MANAGER_IFACE,
                               "CreateGame",
                               g_variant_new_parsed("(@a{sv} {'seats': "
                                                    "<uint32 6>},)"),
                               NULL, &error);
    if (!r) {
      why = g_strdup(error->message);
      g_autofree char *name = fixture_error_name(error);
      ck_assert_str_eq(name, FX_ERROR("LimitReached"));
      g_error_free(error);
      break;
    }
    g_variant_unref(r);
  }
  ck_assert_uint_eq(created, 20);
  ck_assert_msg(strstr(why, "max-games-per-client:"), "%s", why);
  g_free(why);

  /* another connection still creates, joins and plays to the end */
  g_autofree char *game = started_game(player, "{'tiles': <['A', 'B']>}");
  play_to_end(player, game);
  g_autofree char *status = state_string(player, game, "status");
  ck_assert_str_eq(status, "over");

  /* the user's limit counts every connection: 20 + 10 more = 30 */
  GDBusConnection *more = conn_new();
  for (guint i = 0; i < 10; i++)
    g_free(create(more, "{}"));
  g_autofree char *user_limit = create_refused(more);
  ck_assert_msg(g_str_has_prefix(user_limit, "max-games-per-user:"), "%s",
                user_limit);
  g_autofree char *still = create_refused(player);
  ck_assert_msg(g_str_has_prefix(still, "max-games-per-user:"), "%s", still);

  /* ... and binds this user only */
  g_autofree char *output = NULL;
  gboolean other = other_user_creates(&output);
  if (!other)
    fprintf(stderr, "test-limits: not root (or no setpriv/gdbus): the "
                    "second Unix user is not tried\n");

  /* after a restart the waiting games still count against their owner */
  g_object_unref(flood);
  g_object_unref(more);
  g_object_unref(player);
  restart_daemon();
  GDBusConnection *after = conn_new();
  g_autofree char *again = create_refused(after);
  ck_assert_msg(g_str_has_prefix(again, "max-games-per-user:"), "%s", again);
  g_autofree char *output2 = NULL;
  if (other)
    ck_assert(other_user_creates(&output2));
  g_object_unref(after);
}
END_TEST

static void
setup_expiry(void)
{
  static const char *const args[] = { "--waiting-timeout", "10",
                                      "--max-games-per-user", "3", NULL };
  setup_with(args);
}

START_TEST(test_waiting_expire)
{
  GDBusConnection *c = conn_new();
  Removed removed = { NULL };
  guint sub = watch_removed(c, &removed);
  gint64 t0 = g_get_monotonic_time();
  g_autofree char *a = create(c, "{}");
  g_autofree char *b = create(c, "{}");
  g_autofree char *played = create(c, "{'tiles': <['A']>}");
  g_autofree char *full = create_refused(c);
  ck_assert_msg(g_str_has_prefix(full, "max-games-per-user:"), "%s", full);
  /* a game being played never expires */
  join(c, played);
  join(c, played);
  start(c, played);

  /* across a restart: still there, still counted */
  restart_daemon();
  g_object_unref(c);
  c = conn_new();
  sub = watch_removed(c, &removed);
  ck_assert(game_exists(c, a));
  g_autofree char *counted = create_refused(c);
  ck_assert_msg(g_str_has_prefix(counted, "max-games-per-user:"), "%s",
                counted);
  /* a join at 4 s starts b's time again */
  g_usleep((guint)MAX(0, 4 * G_USEC_PER_SEC - (g_get_monotonic_time() - t0)));
  join(c, b);
  gint64 t_join = g_get_monotonic_time();
  ck_assert_msg(t_join - t0 < 8 * G_USEC_PER_SEC,
                "too slow to test the timeout: %" G_GINT64_FORMAT " us",
                t_join - t0);
  /* at 11.5 s: a expired (10 s), b not (its seats changed at 4 s) */
  pump((guint)MAX(0, (11500000 - (g_get_monotonic_time() - t0)) / 1000));
  ck_assert(!game_exists(c, a));
  ck_assert(game_exists(c, b));
  ck_assert(game_exists(c, played));
  ck_assert_str_eq(g_hash_table_lookup(removed.reasons, id_of(a)), "expired");
  /* b goes 10 s after the join */
  pump((guint)MAX(0, (t_join + 11500000 - g_get_monotonic_time()) / 1000));
  ck_assert(!game_exists(c, b));
  ck_assert_str_eq(g_hash_table_lookup(removed.reasons, id_of(b)), "expired");
  /* the owner may create again; the expired games stay gone */
  g_free(create(c, "{}"));
  restart_daemon();
  g_object_unref(c);
  c = conn_new();
  ck_assert(!game_exists(c, a));
  ck_assert(!game_exists(c, b));
  ck_assert(game_exists(c, played));
  g_hash_table_unref(removed.reasons);
  (void)sub;
  g_object_unref(c);
}
END_TEST

/* The manager's StoreId (g_free). */
static char *
store_id_of(GDBusConnection *c)
{
  g_autoptr(GVariant) r = call_ok(c, FX_MANAGER_PATH,
                                  "org.freedesktop.DBus.Properties", "Get",
                                  g_variant_new("(ss)", FX_MANAGER_IFACE,
                                                "StoreId"),
                                  "(v)");
  g_autoptr(GVariant) v = g_variant_get_child_value(r, 0);
  g_autoptr(GVariant) s = g_variant_get_variant(v);
  return g_variant_dup_string(s, NULL);
}

static void
setup_default(void)
{
  setup_with(NULL);
}

START_TEST(test_delete)
{
  GDBusConnection *creator = conn_new();
  GDBusConnection *player = conn_new();
  GDBusConnection *spectator = conn_new();
  Removed removed = { NULL };
  guint sub = watch_removed(spectator, &removed);

  /* a waiting game: its creator deletes it */
  g_autofree char *waiting = create(creator, "{}");
  join(player, waiting);
  g_autoptr(GVariant) gone = call_ok(creator, waiting, FX_GAME_IFACE,
                                     "Delete", NULL, "(b)");
  gboolean deleted;
  g_variant_get(gone, "(b)", &deleted);
  ck_assert(deleted);
  ck_assert(!game_exists(spectator, waiting));
  pump(200);
  ck_assert_str_eq(g_hash_table_lookup(removed.reasons, id_of(waiting)),
                   "deleted");

  /* a game in progress: a spectator may not, the players together may */
  g_autofree char *playing = create(creator, "{}");
  join(creator, playing);
  join(player, playing);
  start(creator, playing);
  g_autofree char *m = call_err(spectator, playing, FX_GAME_IFACE, "Delete",
                                NULL, "NotAuthorized");
  g_autoptr(GVariant) first = call_ok(player, playing, FX_GAME_IFACE,
                                      "Delete", NULL, "(b)");
  g_variant_get(first, "(b)", &deleted);
  ck_assert(!deleted);
  ck_assert(game_exists(spectator, playing));
  g_autoptr(GVariant) second = call_ok(creator, playing, FX_GAME_IFACE,
                                       "Delete", NULL, "(b)");
  g_variant_get(second, "(b)", &deleted);
  ck_assert(deleted);
  ck_assert(!game_exists(spectator, playing));

  /* a finished game: any player; it leaves the history too */
  g_autofree char *over = create(creator, "{'tiles': <@as []>}");
  join(creator, over);
  join(player, over);
  start(creator, over);
  g_autoptr(GVariant) rec = mgr_ok(spectator, "GetRecord",
                                   g_variant_new("(s)", id_of(over)), "(s)");
  g_autoptr(GVariant) fin = call_ok(player, over, FX_GAME_IFACE, "Delete",
                                    NULL, "(b)");
  g_autofree char *none = call_err(spectator, FX_MANAGER_PATH,
                                   FX_MANAGER_IFACE, "GetRecord",
                                   g_variant_new("(s)", id_of(over)),
                                   "NoSuchGame");

  /* another Unix user may not delete a waiting game it did not create */
  g_autofree char *kept = create(creator, "{}");
  int status;
  g_autofree char *output = NULL;
  if (call_as_other_user(kept, FX_GAME_IFACE ".Delete", NULL, &status,
                         &output)) {
    ck_assert(!g_spawn_check_wait_status(status, NULL));
    ck_assert_msg(strstr(output, "NotAuthorized"), "%s", output);
  }
  ck_assert(game_exists(spectator, kept));

  /* deletions are durable */
  restart_daemon();
  g_object_unref(spectator);
  spectator = conn_new();
  ck_assert(!game_exists(spectator, waiting));
  ck_assert(!game_exists(spectator, playing));
  ck_assert(game_exists(spectator, kept));
  (void)sub;
  g_hash_table_unref(removed.reasons);
  g_object_unref(creator);
  g_object_unref(player);
  g_object_unref(spectator);
}
END_TEST

/* VmRSS of the daemon, in KiB. */
static guint64
daemon_rss_kib(void)
{
  g_autofree char *file = g_strdup_printf("/proc/%u/status",
                                          fixture_daemon_pid());
  g_autofree char *text = NULL;
  ck_assert(g_file_get_contents(file, &text, NULL, NULL));
  const char *line = strstr(text, "VmRSS:");
  ck_assert(line);
  return g_ascii_strtoull(line + 6, NULL, 10);
}

static void
setup_imports(void)
{
  static const char *const args[] = { "--import-rate", "50", NULL };
  /* Under AddressSanitizer freed memory waits in a quarantine of 256 MiB
   * before it is reused, which the RSS would count as growth: a small one
   * keeps the figure meaningful (a normal build ignores the variable). */
  const char *asan = g_getenv("ASAN_OPTIONS");
  g_autofree char *options = g_strdup_printf(
    "ASAN_OPTIONS=%s%squarantine_size_mb=4", asan ? asan : "",
    asan && *asan ? ":" : "");
  const char *const env[] = { options, NULL };
  fixture_set_daemon_env(env);
  setup_with(args);
  fixture_set_daemon_env(NULL);
}

START_TEST(test_imports_bounded)
{
  GDBusConnection *c = conn_new();
  g_autofree char *game = started_game(c, "{'tiles': <@as []>}");
  g_autoptr(GVariant) rec = call_ok(c, game, FX_GAME_IFACE, "ExportRecord",
                                    NULL, "(s)");
  const char *record;
  g_variant_get(rec, "(&s)", &record);
  guint64 rss_before = daemon_rss_kib();
  guint accepted = 0, refused = 0;
  char *why = NULL;
  for (guint i = 0; i < 30000; i++) {
    GError *error = NULL;
    GVariant *r = fixture_call(c, FX_MANAGER_PATH, FX_MANAGER_IFACE,
                               "ImportGame",
                               g_variant_new_parsed("(%s, @a{sv} {})",
                                                    record),
                               NULL, &error);
    if (r) {
      accepted++;
      g_variant_unref(r);
    } else {
      refused++;
      if (!why)
        why = g_strdup(error->message);
      g_error_free(error);
    }
  }
  guint64 rss_after = daemon_rss_kib();
  fprintf(stderr, "test-limits: 30,000 imports: %u accepted, %u refused; "
                  "meepled's RSS %" G_GUINT64_FORMAT " KiB before, %"
                  G_GUINT64_FORMAT " KiB after\n",
          accepted, refused, rss_before, rss_after);
  /* the bucket holds 50; a few more may refill during the loop */
  ck_assert_uint_ge(accepted, 50);
  ck_assert_uint_lt(accepted, 200);
  ck_assert_msg(strstr(why, "import-rate:"), "%s", why);
  /* no growth with the refused calls: well under what 30,000 held games
   * took (179 MB) */
  ck_assert_msg(rss_after < rss_before + 20 * 1024,
                "RSS grew from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT
                " KiB", rss_before, rss_after);
  g_free(why);
  g_object_unref(c);
}
END_TEST

static void
setup_history(void)
{
  static const char *const args[] = { "--history-max", "5", NULL };
  setup_with(args);
}

/* ListHistory's page: the ids in order, and the total. */
static char *
history_page(GDBusConnection *c, guint offset, guint limit, guint *total)
{
  g_autoptr(GVariant) r = mgr_ok(c, "ListHistory",
                                 g_variant_new("(uu)", offset, limit),
                                 "(a(ssa{sv})u)");
  g_autoptr(GVariant) list = g_variant_get_child_value(r, 0);
  g_variant_get_child(r, 1, "u", total);
  GString *ids = g_string_new(NULL);
  for (gsize i = 0; i < g_variant_n_children(list); i++) {
    const char *id;
    g_variant_get_child(list, i, "(&s&s@a{sv})", &id, NULL, NULL);
    g_string_append_printf(ids, "%s%s", i ? " " : "", id);
  }
  return g_string_free(ids, FALSE);
}

START_TEST(test_history_bounded)
{
  GDBusConnection *c = conn_new();
  for (guint i = 0; i < 8; i++)
    g_free(started_game(c, "{'tiles': <@as []>}"));
  guint total;
  g_autofree char *all = history_page(c, 0, 0, &total);
  ck_assert_uint_eq(total, 5);
  ck_assert_str_eq(all, "8 7 6 5 4");
  g_autofree char *page = history_page(c, 2, 2, &total);
  ck_assert_str_eq(page, "6 5");
  g_autofree char *past = history_page(c, 5, 10, &total);
  ck_assert_str_eq(past, "");
  /* the count survives a restart; the games trimmed from the history
   * are gone once the daemon no longer holds them (--keep-finished) */
  restart_daemon();
  g_object_unref(c);
  c = conn_new();
  g_autofree char *old = call_err(c, FX_MANAGER_PATH, FX_MANAGER_IFACE,
                                  "GetRecord", g_variant_new("(s)", "3"),
                                  "NoSuchGame");
  g_autoptr(GVariant) rec = mgr_ok(c, "GetRecord", g_variant_new("(s)", "4"),
                                   "(s)");
  g_autofree char *again = history_page(c, 0, 3, &total);
  ck_assert_uint_eq(total, 5);
  ck_assert_str_eq(again, "8 7 6");
  g_object_unref(c);
}
END_TEST

START_TEST(test_errors_short)
{
  GDBusConnection *c = conn_new();
  g_autofree char *game = started_game(c, "{}");
  /* a megabyte of notation comes back as a short quote */
  g_autofree char *big = g_strnfill(1 << 20, 'x');
  g_autofree char *m = call_err(
    c, game, FX_GAME_IFACE, "Act",
    g_variant_new_parsed("(uint32 0, {'notation': <%s>})", big),
    "InvalidArgs");
  ck_assert_msg(strlen(m) < 300, "%zu bytes: %.100s", strlen(m), m);
  ck_assert(strstr(m, "xxxx…"));
  /* a long option name, a long property name with characters of several
   * bytes (cut at a character boundary, or libdbus would abort) */
  GString *key = g_string_new(NULL);
  for (guint i = 0; i < 5000; i++)
    g_string_append(key, "é");
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&b, "{sv}", key->str, g_variant_new_uint32(1));
  g_autofree char *m2 = call_err(c, FX_MANAGER_PATH, FX_MANAGER_IFACE,
                                 "CreateGame",
                                 g_variant_new("(a{sv})", &b), "InvalidArgs");
  ck_assert_msg(strlen(m2) < 300, "%zu bytes", strlen(m2));
  ck_assert(g_utf8_validate(m2, -1, NULL));
  GError *error = NULL;
  GVariant *r = fixture_call(c, FX_MANAGER_PATH,
                             "org.freedesktop.DBus.Properties", "Get",
                             g_variant_new("(ss)", FX_MANAGER_IFACE,
                                           key->str),
                             NULL, &error);
  ck_assert(!r);
  ck_assert_msg(strlen(error->message) < 400, "%zu bytes",
                strlen(error->message));
  g_error_free(error);
  g_string_free(key, TRUE);
  /* still serving */
  g_free(create(c, "{}"));
  g_object_unref(c);
}
END_TEST

START_TEST(test_supply_and_store_id)
{
  GDBusConnection *c = conn_new();
  g_autofree char *shuffled = create(c, "{}");
  g_autofree char *seeded = create(c, "{'seed': <uint64 7>}");
  g_autofree char *tiles = create(c, "{'tiles': <['A']>}");
  g_autofree char *over = started_game(c, "{'tiles': <@as []>}");
  g_autoptr(GVariant) rec = call_ok(c, over, FX_GAME_IFACE, "ExportRecord",
                                    NULL, "(s)");
  const char *record;
  g_variant_get(rec, "(&s)", &record);
  g_autoptr(GVariant) imp = mgr_ok(c, "ImportGame",
                                   g_variant_new_parsed("(%s, @a{sv} {})",
                                                        record),
                                   "(os)");
  const char *imported;
  g_variant_get(imp, "(&o&s)", &imported, NULL);
  const char *paths[] = { shuffled, seeded, tiles, imported };
  const char *want[] = { "shuffled", "seed", "tiles", "imported" };
  g_autofree char *store_id = store_id_of(c);
  ck_assert_uint_eq(strlen(store_id), 32);
  for (guint round = 0; round < 2; round++) {
    for (guint i = 0; i < G_N_ELEMENTS(paths); i++) {
      g_autofree char *supply = state_string(c, paths[i], "supply");
      ck_assert_str_eq(supply, want[i]);
    }
    g_autoptr(GVariant) list = mgr_ok(c, "ListGames", NULL, "(a(soa{sv}))");
    g_autoptr(GVariant) games = g_variant_get_child_value(list, 0);
    guint seen = 0;
    for (gsize i = 0; i < g_variant_n_children(games); i++) {
      const char *path;
      g_autoptr(GVariant) sum = NULL;
      g_variant_get_child(games, i, "(&s&o@a{sv})", NULL, &path, &sum);
      for (guint j = 0; j < G_N_ELEMENTS(paths); j++)
        if (strcmp(path, paths[j]) == 0) {
          const char *supply = NULL;
          ck_assert(g_variant_lookup(sum, "supply", "&s", &supply));
          ck_assert_str_eq(supply, want[j]);
          seen++;
        }
    }
    /* the imported finished game may be listed or already stored away */
    ck_assert_uint_ge(seen, 3);
    /* the same after a restart (the finished import is not resumed) */
    restart_daemon();
    paths[3] = tiles;
    want[3] = "tiles";
  }
  g_autofree char *store_id_after = store_id_of(c);
  ck_assert_str_eq(store_id_after, store_id);
  g_object_unref(c);
}
END_TEST

static void
add_case(Suite *s, const char *name, void (*setup)(void), const TTest *test)
{
  TCase *tc = tcase_create(name);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 240);
  tcase_add_test(tc, test);
  suite_add_tcase(s, tc);
}

int
main(void)
{
  GError *error = NULL;
  if (!fixture_available(&error)) {
    fprintf(stderr, "test-limits: skipped: %s\n", error->message);
    return 77;
  }
  Suite *s = suite_create("limits");
  add_case(s, "flood", setup_flood, test_flood);
  add_case(s, "waiting-expire", setup_expiry, test_waiting_expire);
  add_case(s, "delete", setup_default, test_delete);
  add_case(s, "imports", setup_imports, test_imports_bounded);
  add_case(s, "history", setup_history, test_history_bounded);
  add_case(s, "errors-short", setup_default, test_errors_short);
  add_case(s, "supply", setup_default, test_supply_and_store_id);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
