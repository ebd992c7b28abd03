/* main.c — meepled: owns game sessions and publishes them on D-Bus as
 * org.meepled.Meepled1 (doc/dbus-api.md, doc/meepled.8). */
#include "config.h"

#include <glib-unix.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "daemon.h"
#include "dbus/mainloop.h"
#include "dbus/names.h"
#include "errors.h"
#include "paths.h"

typedef struct {
  char *bus_address;
  char **plugin_dirs;
  char *tiles_dir;
  int max_games;
  int max_games_per_client;
  int max_games_per_user;
  int import_rate;
  int waiting_timeout;
  int history_max;
  int keep_finished;
  int property_interval;
  char *state_dir;
  gint64 state_max_size;
  char *state_sync;
  gboolean verbose;
  gboolean version;
} Options;

static gboolean
parse_options(Options *o, int *argc, char ***argv)
{
  GOptionEntry entries[] = {
    { "bus-address", 'a', 0, G_OPTION_ARG_STRING, &o->bus_address,
      "Serve on the bus at ADDRESS (default: the bus that activated meepled, "
      "else the session bus)", "ADDRESS" },
    { "plugin-dir", 'p', 0, G_OPTION_ARG_FILENAME_ARRAY, &o->plugin_dirs,
      "Load plugins from DIR (repeatable; default: $MEEPLE_PLUGIN_PATH, "
      "else the installed plugin directory)", "DIR" },
    { "tiles-dir", 't', 0, G_OPTION_ARG_FILENAME, &o->tiles_dir,
      "Read tile sets from DIR (default: $MEEPLE_TILES_DIR, else the "
      "installed tile directory)", "DIR" },
    { "max-games", 0, 0, G_OPTION_ARG_INT, &o->max_games,
      "Hold at most N games that are not over (default 10000)", "N" },
    { "max-games-per-client", 0, 0, G_OPTION_ARG_INT,
      &o->max_games_per_client,
      "Let one connection hold at most N games that are not over, or "
      "imported and finished (default 100)", "N" },
    { "max-games-per-user", 0, 0, G_OPTION_ARG_INT, &o->max_games_per_user,
      "Let one Unix user hold at most N such games, over all its "
      "connections and restarts (default 1000)", "N" },
    { "import-rate", 0, 0, G_OPTION_ARG_INT, &o->import_rate,
      "Let one Unix user import at most N records a minute (default 60)",
      "N" },
    { "waiting-timeout", 0, 0, G_OPTION_ARG_INT, &o->waiting_timeout,
      "Delete a game waiting for players S seconds after its seats last "
      "changed (default 86400, a day)", "S" },
    { "history-max", 0, 0, G_OPTION_ARG_INT, &o->history_max,
      "Keep at most N finished games in the history, dropping the oldest "
      "(default 10000)", "N" },
    { "keep-finished", 0, 0, G_OPTION_ARG_INT, &o->keep_finished,
      "Remove a game S seconds after it ended (default 3600)", "S" },
    { "property-interval", 0, 0, G_OPTION_ARG_INT, &o->property_interval,
      "Signal a game's per-move properties (Turn, ActiveSeat, TilesLeft, "
      "Scores) at most once per MS milliseconds, changes in between merged "
      "into one PropertiesChanged; 0 sends each at once (default 50)",
      "MS" },
    { "state-dir", 's', 0, G_OPTION_ARG_FILENAME, &o->state_dir,
      "Keep the game store (meepled.db) in DIR (default: "
      "$XDG_STATE_HOME/meepled, i.e. ~/.local/state/meepled)", "DIR" },
    { "state-max-size", 0, 0, G_OPTION_ARG_INT64, &o->state_max_size,
      "Let the game store grow to at most BYTES; beyond, actions fail as on "
      "a full disk (default: no limit)", "BYTES" },
    { "state-sync", 0, 0, G_OPTION_ARG_STRING, &o->state_sync,
      "normal (default): every acknowledged change survives a crash or "
      "kill -9 of meepled, but a power cut may lose the last ones; full: "
      "it is on the disk before the reply, and each act waits for the disk",
      "normal|full" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &o->verbose,
      "Log every game event worth knowing (info and debug messages)", NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o->version,
      "Print the version and exit", NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  GOptionContext *context = g_option_context_new("- the meepled game daemon");
  g_option_context_set_summary(
    context, "Owns Carcassonne game sessions and publishes them on D-Bus as "
             MEEPLE_DBUS_NAME ".\nClients: meeple(1). API: doc/dbus-api.md.");
  g_option_context_add_main_entries(context, entries, NULL);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(context, argc, argv, &error);
  g_option_context_free(context);
  if (!ok) {
    g_printerr("meepled: %s\n(meepled --help lists the options)\n",
               error->message);
    g_error_free(error);
    return FALSE;
  }
  if (*argc > 1) {
    g_printerr("meepled: unexpected argument \"%s\"\n", (*argv)[1]);
    return FALSE;
  }
  if (o->state_sync && strcmp(o->state_sync, "full") != 0 &&
      strcmp(o->state_sync, "normal") != 0) {
    g_printerr("meepled: --state-sync takes normal or full, not \"%s\"\n",
               o->state_sync);
    return FALSE;
  }
  if (o->property_interval < 0 || o->property_interval > 60000) {
    g_printerr("meepled: --property-interval takes 0 to 60000 "
               "milliseconds, not %d\n", o->property_interval);
    return FALSE;
  }
  /* limits: unset (0) takes the default; a value must be at least 1 */
  struct {
    int *value;
    const char *option;
    int fallback;
  } limits[] = {
    { &o->max_games, "max-games", 10000 },
    { &o->max_games_per_client, "max-games-per-client", 100 },
    { &o->max_games_per_user, "max-games-per-user", 1000 },
    { &o->import_rate, "import-rate", 60 },
    { &o->waiting_timeout, "waiting-timeout", 86400 },
    { &o->history_max, "history-max", 10000 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS(limits); i++) {
    if (*limits[i].value < 0) {
      g_printerr("meepled: --%s takes a number from 1 up, not %d\n",
                 limits[i].option, *limits[i].value);
      return FALSE;
    }
    if (*limits[i].value == 0)
      *limits[i].value = limits[i].fallback;
  }
  if (o->keep_finished <= 0)
    o->keep_finished = 3600;
  return TRUE;
}

static DBusConnection *
connect_bus(const char *address, GError **error)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusConnection *bus = NULL;
  if (address) {
    bus = dbus_connection_open_private(address, &err);
    if (bus && !dbus_bus_register(bus, &err)) {
      dbus_connection_close(bus);
      dbus_connection_unref(bus);
      bus = NULL;
    }
  } else {
    /* Activated by a bus: serve that bus, whatever the session is. */
    DBusBusType type = g_getenv("DBUS_STARTER_ADDRESS") ? DBUS_BUS_STARTER
                                                         : DBUS_BUS_SESSION;
    bus = dbus_bus_get_private(type, &err);
  }
  if (!bus) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED,
                "cannot connect to the %s: %s",
                address ? address : "session bus", err.message);
    dbus_error_free(&err);
    return NULL;
  }
  dbus_connection_set_exit_on_disconnect(bus, FALSE);
  return bus;
}

static GMainLoop *main_loop;

static gboolean
on_quit_signal(gpointer data)
{
  g_message("%s: shutting down", (const char *)data);
  g_main_loop_quit(main_loop);
  return G_SOURCE_CONTINUE;
}

/* NameOwnerChanged tells when a client's connection closes; Disconnected
 * when the bus itself goes away. */
static DBusHandlerResult
bus_filter(DBusConnection *bus, DBusMessage *message, void *data)
{
  Daemon *d = data;
  (void)bus;
  /* Filters run before the message's handler: the one place between two
   * messages where a full batch can be committed safely. */
  daemon_commit_if_full(d);
  if (dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected")) {
    g_message("the bus went away; shutting down");
    g_main_loop_quit(main_loop);
    return DBUS_HANDLER_RESULT_HANDLED;
  }
  const char *name, *old_owner, *new_owner;
  const char *sender = dbus_message_get_sender(message);
  /* Only the bus itself may say that a client left: any peer can send
   * this signal to us directly. */
  if (dbus_message_is_signal(message, DBUS_INTERFACE_DBUS,
                             "NameOwnerChanged") &&
      sender && strcmp(sender, DBUS_SERVICE_DBUS) == 0 &&
      dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name,
                            DBUS_TYPE_STRING, &old_owner, DBUS_TYPE_STRING,
                            &new_owner, DBUS_TYPE_INVALID) &&
      name[0] == ':' && new_owner[0] == '\0') {
    game_objects_holder_gone(d, name);
    clients_gone(d, name);
  }
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static MeepleLoader *
load_plugins(const Options *o, GError **error)
{
  MeepleLoader *loader = meeple_loader_new();
  char **dirs = paths_plugin_dirs(o->plugin_dirs);
  for (guint i = 0; dirs[i]; i++)
    meeple_loader_add_plugin_dir(loader, dirs[i]);
  char *tiles = paths_tiles_dir(o->tiles_dir);
  meeple_loader_add_tiles_dir(loader, tiles);
  gboolean ok = meeple_loader_load(loader, error);
  if (ok) {
    guint loaded = 0;
    for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
      const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
      if (p->loaded) {
        loaded++;
        g_info("rule set %s %s (%s) from %s", p->id, p->version, p->name,
               p->file);
      } else {
        g_warning("plugin skipped: %s", p->error ? p->error : p->file);
      }
    }
    g_info("%u plugins loaded; tiles from %s", loaded, tiles);
  }
  g_strfreev(dirs);
  g_free(tiles);
  if (!ok) {
    meeple_loader_unref(loader);
    return NULL;
  }
  return loader;
}

static gboolean
own_name(DBusConnection *bus, GError **error)
{
  DBusError err = DBUS_ERROR_INIT;
  int r = dbus_bus_request_name(bus, MEEPLE_DBUS_NAME,
                                DBUS_NAME_FLAG_DO_NOT_QUEUE, &err);
  if (r == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
    return TRUE;
  if (dbus_error_is_set(&err)) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED, "cannot own %s: %s",
                MEEPLE_DBUS_NAME, err.message);
    dbus_error_free(&err);
  } else {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED,
                "another meepled already serves %s on this bus",
                MEEPLE_DBUS_NAME);
  }
  return FALSE;
}

static void
daemon_clear(Daemon *d)
{
  /* what is held is sent only once it is durable */
  daemon_commit_clear(d);
  game_objects_stop_timers(d);
  deadlines_clear(&d->waiting);
  if (d->games)
    g_hash_table_destroy(d->games);
  clients_clear(d);
  if (d->suspended)
    g_hash_table_destroy(d->suspended);
  store_close(d->store);
  if (d->rules_cache)
    g_hash_table_destroy(d->rules_cache);
  if (d->loader)
    meeple_loader_unref(d->loader);
  if (d->bus) {
    dbus_connection_remove_filter(d->bus, bus_filter, d);
    meeple_dbus_detach(d->bus);
    dbus_connection_close(d->bus);
    dbus_connection_unref(d->bus);
  }
}

static int
run(const Options *o)
{
  Daemon d = { 0 };
  GError *error = NULL;
  int status = EXIT_FAILURE;

  d.loader = load_plugins(o, &error);
  if (!d.loader)
    goto out;
  d.rules_cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify)meeple_rules_unref);
  d.games = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
                                  (GDestroyNotify)game_object_free);
  d.suspended = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
                                      (GDestroyNotify)suspended_game_free);
  d.next_game_id = 1;
  d.max_games = (guint)o->max_games;
  d.max_games_per_client = (guint)o->max_games_per_client;
  d.max_games_per_user = (guint)o->max_games_per_user;
  d.import_rate = (guint)o->import_rate;
  d.waiting_timeout = (guint)o->waiting_timeout;
  d.history_max = (guint)o->history_max;
  d.keep_finished = (guint)o->keep_finished;
  clients_init(&d);
  lifecycle_init(&d);
  game_objects_init_expiry(&d);
  pacing_init(&d, (guint)o->property_interval);
  char *state_dir = o->state_dir
                      ? g_strdup(o->state_dir)
                      : g_build_filename(g_get_user_state_dir(), "meepled",
                                         NULL);
  /* One answer for both the store's flushes and the group commit:
   * normal (the default) flushes nothing and batches nothing. */
  gboolean sync_full = g_strcmp0(o->state_sync, "full") == 0;
  d.store = store_open(state_dir, o->state_max_size,
                       sync_full ? STORE_SYNC_FULL : STORE_SYNC_NORMAL,
                       &error);
  g_free(state_dir);
  if (!d.store)
    goto out;
  if (store_recovery(d.store))
    g_warning("%s", store_recovery(d.store));
  g_message("game store %s, --state-sync=%s", store_path(d.store),
            sync_full ? "full: each batch of writes flushed to the disk "
                        "before its replies"
                      : "normal: each write committed before its reply");
  d.bus = connect_bus(o->bus_address, &error);
  if (!d.bus)
    goto out;
  meeple_dbus_attach(d.bus, NULL);
  dbus_connection_add_filter(d.bus, bus_filter, &d, NULL);
  dbus_bus_add_match(d.bus,
                     "type='signal',sender='" DBUS_SERVICE_DBUS "',"
                     "interface='" DBUS_INTERFACE_DBUS "',"
                     "member='NameOwnerChanged',arg2=''",
                     NULL);
  /* Objects first, then the name: an activating call can arrive as soon
   * as the name is ours. */
  if (!manager_register(&d) || !game_objects_register(&d)) {
    g_set_error(&error, MEEPLED_ERROR, MEEPLED_ERROR_FAILED,
                "cannot register the objects");
    goto out;
  }
  /* the stored games are back before anybody can ask for them */
  daemon_commit_init(&d, sync_full);
  lifecycle_load_history(&d);
  daemon_resume_games(&d);
  if (!own_name(d.bus, &error))
    goto out;

  g_message("meepled %s serving %s (%s)", MEEPLE_VERSION, MEEPLE_DBUS_NAME,
            dbus_bus_get_unique_name(d.bus));
  main_loop = g_main_loop_new(NULL, FALSE);
  guint term = g_unix_signal_add(SIGTERM, on_quit_signal, "SIGTERM");
  guint intr = g_unix_signal_add(SIGINT, on_quit_signal, "SIGINT");
  g_main_loop_run(main_loop);
  g_source_remove(term);
  g_source_remove(intr);
  g_main_loop_unref(main_loop);
  main_loop = NULL;
  dbus_bus_release_name(d.bus, MEEPLE_DBUS_NAME, NULL);
  dbus_connection_flush(d.bus);
  status = EXIT_SUCCESS;
out:
  if (error) {
    g_printerr("meepled: %s\n", error->message);
    g_error_free(error);
  }
  daemon_clear(&d);
  return status;
}

int
main(int argc, char **argv)
{
  Options o = { .property_interval = 50 };
  setlocale(LC_ALL, "");
  int status;
  if (!parse_options(&o, &argc, &argv)) {
    status = 2;
  } else if (o.version) {
    g_print("meepled %s (D-Bus API %s)\n", MEEPLE_VERSION, MEEPLE_DBUS_NAME);
    status = 0;
  } else {
    if (o.verbose)
      g_log_set_debug_enabled(TRUE);
    /* A client that goes away mid-reply must not kill the daemon. */
    signal(SIGPIPE, SIG_IGN);
    status = run(&o);
  }
  g_free(o.bus_address);
  g_strfreev(o.plugin_dirs);
  g_free(o.tiles_dir);
  g_free(o.state_dir);
  g_free(o.state_sync);
  return status;
}
